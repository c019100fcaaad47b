//! The `tiefe` binary. With no arguments it speaks UCI on stdin/stdout. Also:
//! `tiefe bench [depth]` and `tiefe perft <depth> [fen]`.

use std::io::Write;
use std::process::ExitCode;

use tiefe::{bench, book, datagen, position::Position, tune, uci};

fn usage() -> ExitCode {
    eprintln!("usage: tiefe                   speak UCI on stdin/stdout");
    eprintln!("       tiefe bench [depth]     search the bench positions");
    eprintln!("       tiefe perft <depth> [fen]");
    eprintln!("       tiefe datagen [--out F] [--games N] [--positions N] [--nodes N] [--seed N] [--random-plies N]");
    eprintln!("       tiefe book build <games.pgn> <out.bin> [--plies N]");
    eprintln!("       {}", tune::USAGE);
    ExitCode::from(2)
}

fn main() -> ExitCode {
    // Logs go to stderr only; stdout carries UCI. RUST_LOG=debug logs every line.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format_timestamp_millis()
        .target(env_logger::Target::Stderr)
        .init();

    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => {
            uci::run(std::io::BufReader::new(std::io::stdin()), std::io::stdout());
            ExitCode::SUCCESS
        }
        Some("bench") => {
            let depth = match args.get(1).map(|d| d.parse::<u32>()) {
                None => bench::DEFAULT_DEPTH,
                Some(Ok(d)) if (1..=64).contains(&d) => d,
                _ => return usage(),
            };
            let r = bench::run(depth);
            println!("stats {}", uci::stats_text(&r.stats, r.hashfull, None));
            println!("{} nodes {} nps", r.nodes, r.nps);
            ExitCode::SUCCESS
        }
        Some("perft") => {
            let Some(Ok(depth)) = args.get(1).map(|d| d.parse::<u32>()) else {
                return usage();
            };
            let pos = if args.len() > 2 {
                match Position::from_fen(&args[2..].join(" ")) {
                    Ok(p) => p,
                    Err(e) => {
                        eprintln!("invalid FEN: {e}");
                        return ExitCode::from(2);
                    }
                }
            } else {
                Position::startpos()
            };
            let start = std::time::Instant::now();
            let lines = pos.perft_report(depth);
            let ms = start.elapsed().as_millis() as u64;
            let mut out = std::io::stdout().lock();
            for l in &lines {
                let _ = writeln!(out, "{l}");
            }
            eprintln!("{} in {ms} ms", lines.last().map_or("", String::as_str));
            ExitCode::SUCCESS
        }
        Some("datagen") => {
            let cfg = match datagen::Config::parse(&args[1..]) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("datagen: {e}");
                    return usage();
                }
            };
            match datagen::run(&cfg) {
                Ok(s) => {
                    eprintln!(
                        "datagen: {} games, {} positions written to {}",
                        s.games, s.positions, cfg.out
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("datagen: {}: {e}", cfg.out);
                    ExitCode::FAILURE
                }
            }
        }
        Some("book") => match book::main(&args[1..]) {
            Ok(msg) => {
                eprintln!("book: {msg}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("book: {e}");
                ExitCode::FAILURE
            }
        },
        Some("tune") => match tune::main(&args[1..]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tune: {e}");
                ExitCode::FAILURE
            }
        },
        Some(_) => usage(),
    }
}
