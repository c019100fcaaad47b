//! The `tiefe` binary. With no arguments it speaks UCI on stdin/stdout; its subcommands
//! (`bench`, `perft`, and `spsa` in a build with the `spsa` feature) are for the shell.
//! `tiefe --help` and `tiefe <command> --help` describe them; a bad argument is reported
//! on stderr with exit status 2. The developers' tools (training data, the evaluation
//! tuner, book building) are another binary, `tiefe-tools` (tools/).

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use tiefe::{bench, position::Position, uci};

/// Tiefe, a UCI chess engine. Without a command it speaks UCI on stdin/stdout.
#[derive(Debug, Parser)]
#[command(name = "tiefe", version = tiefe::VERSION)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Searches the bench positions to a fixed depth, one thread, fresh tables.
    ///
    /// The last line is `<nodes> nodes <nps> nps`; the node count is deterministic, a
    /// checksum of the engine's behaviour (commits that change search or evaluation
    /// record it as `Bench: <nodes>`). The line before gives the search statistics.
    Bench {
        /// Search depth, 1 to 64.
        #[arg(
            value_name = "DEPTH",
            default_value_t = bench::DEFAULT_DEPTH,
            value_parser = clap::value_parser!(u32).range(1..=64)
        )]
        depth: u32,
    },
    /// Counts the legal move paths to a depth, per root move and in total.
    Perft {
        /// Depth in plies.
        #[arg(value_name = "DEPTH")]
        depth: u32,
        /// Chess960: the FEN's castling field is read as X-FEN or Shredder-FEN and
        /// castles are counted (and written) as the king taking its own rook.
        #[arg(long)]
        chess960: bool,
        /// The position, as a FEN in one or several arguments (default: the start
        /// position).
        #[arg(
            value_name = "FEN",
            trailing_var_arg = true,
            allow_hyphen_values = true
        )]
        fen: Vec<String>,
    },
    /// Syzygy tablebase files.
    Syzygy {
        #[command(subcommand)]
        action: SyzygyAction,
    },
    /// Prints the search parameters in OpenBench's SPSA input format (`name, int,
    /// default, min, max, c_end, r_end`); each is also a UCI spin option of this build.
    #[cfg(feature = "spsa")]
    Spsa,
}

#[derive(Debug, Subcommand)]
enum SyzygyAction {
    /// Checks every file of tablebase folders, as after a download: each table's name,
    /// size, header and the checksum it carries. One line a file (sound, damaged and
    /// why, or unknown: not a table's name), then a count. Exit status 0 when every
    /// table is sound, 1 when one is damaged or a folder holds no table.
    ///
    /// Every file is read, whatever the engine remembers of earlier checks; what is
    /// found updates that memory (in the user's cache folder, as the engine keeps it):
    /// the sound tables are added, the others dropped, so that the engine reads a table
    /// found damaged here in full again rather than trust it.
    Check {
        /// The folders.
        #[arg(value_name = "DIR", required = true)]
        dirs: Vec<String>,
    },
}

fn main() -> ExitCode {
    // Logs go to stderr only; stdout carries UCI. RUST_LOG=debug logs every line.
    tiefe::log_to_stderr();

    // A bad argument ends the process here, with a message and exit status 2.
    let cli = Cli::parse();
    match cli.command {
        None => {
            uci::run(std::io::BufReader::new(std::io::stdin()), std::io::stdout());
            ExitCode::SUCCESS
        }
        #[cfg(feature = "spsa")]
        Some(Command::Spsa) => {
            print_lines(tiefe::search::params::spsa_lines());
            ExitCode::SUCCESS
        }
        Some(Command::Syzygy {
            action: SyzygyAction::Check { dirs },
        }) => check_tables(&dirs),
        Some(Command::Bench { depth }) => {
            let r = bench::run(depth);
            print_lines([
                format!("stats {}", uci::stats_text(&r.stats, r.hashfull, None)),
                format!("{} nodes {} nps", r.nodes, r.nps),
            ]);
            ExitCode::SUCCESS
        }
        Some(Command::Perft {
            depth,
            chess960,
            fen,
        }) => perft(depth, &fen, chess960),
    }
}

/// `tiefe perft`: the `perft` report of the FEN given (or the start position), in
/// standard chess or Chess960, on stdout,
/// the total and time on stderr.
fn perft(depth: u32, fen: &[String], chess960: bool) -> ExitCode {
    let text = if fen.is_empty() {
        tiefe::position::START_FEN.to_string()
    } else {
        fen.join(" ")
    };
    let pos = {
        match Position::from_fen_in(&text, chess960) {
            Ok(p) => p,
            // A FEN spans several arguments, so clap cannot check it as it parses; it is
            // refused here the way clap refuses a bad value (message, usage, status 2).
            Err(e) => {
                let mut cli = Cli::command();
                // Built first, so that the subcommand's usage reads `tiefe perft`.
                cli.build();
                cli.find_subcommand_mut("perft")
                    .expect("perft is a subcommand")
                    .error(
                        clap::error::ErrorKind::ValueValidation,
                        format!("invalid FEN '{}': {e}", fen.join(" ")),
                    )
                    .exit()
            }
        }
    };
    let start = std::time::Instant::now();
    let lines = tiefe::position::perft::report(&pos, depth);
    let ms = start.elapsed().as_millis() as u64;
    print_lines(lines.iter());
    eprintln!("{} in {ms} ms", lines.last().map_or("", String::as_str));
    ExitCode::SUCCESS
}

/// Writes `lines` to stdout, stopping quietly at the first failed write: a reader that
/// closes the pipe early (`tiefe spsa | head`) is not an error, and `println!` would
/// panic on it.
fn print_lines<L: std::fmt::Display>(lines: impl IntoIterator<Item = L>) {
    let mut out = std::io::stdout().lock();
    for l in lines {
        if writeln!(out, "{l}").is_err() {
            return;
        }
    }
}

/// `tiefe syzygy check DIR...`: see [`SyzygyAction::Check`].
fn check_tables(dirs: &[String]) -> ExitCode {
    use tiefe::syzygy::{store_location, Checked, Store};
    let dirs: Vec<&str> = dirs.iter().map(String::as_str).collect();
    let mut out = std::io::stdout().lock();
    let location = store_location(|v| std::env::var_os(v));
    let store = location.as_deref().map_or(Store::Off, Store::Refreshed);
    let checked = Checked::folders(&dirs.join(" "), &dirs, store, |f| {
        let _ = writeln!(out, "{}  {}", f.path().display(), f.verdict);
    });
    let unknown = checked.findings.len() - checked.tables();
    let damaged = checked.damaged().count();
    let store_problems = checked.store_problems.iter().chain(location.as_ref().err());
    for p in checked.problems.iter().chain(store_problems) {
        let _ = writeln!(out, "{p}");
    }
    let _ = writeln!(
        out,
        "{} files: {} sound, {damaged} damaged, {unknown} unknown",
        checked.findings.len(),
        checked.sound().count(),
    );
    let all_sound = damaged == 0 && checked.problems.is_empty();
    if all_sound {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
