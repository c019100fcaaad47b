//! Measures the Lazy SMP speed-up: the time to finish a fixed depth with `Threads=N`
//! against `Threads=1`, on each bench position, and the median ratio.
//!
//! ```text
//! cargo build --release && cargo run --release --example smp [ENGINE] [DEPTH] [THREADS]
//! ```
//!
//! Defaults: `target/release/tiefe`, depth 14, 2 threads. Each position is searched
//! with a fresh process and table (`Hash` 64). Run it on an otherwise idle machine.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tiefe::bench::POSITIONS;

/// Seconds until iteration `depth` is finished, searching `fen` with `threads`: until
/// its first `info depth <depth> seldepth ...` line with an exact score. The
/// `info depth <depth> currmove ...` lines (sent after the first second) and the
/// `lowerbound` / `upperbound` lines of a failed aspiration window come while the
/// iteration is still running, so they do not count.
fn time_to_depth(engine: &str, fen: &str, depth: u32, threads: usize) -> Duration {
    let mut child = Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start engine");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    writeln!(stdin, "setoption name Threads value {threads}").unwrap();
    writeln!(stdin, "setoption name Hash value 64").unwrap();
    writeln!(stdin, "position fen {fen}").unwrap();
    writeln!(stdin, "isready").unwrap();
    stdin.flush().unwrap();
    let mut lines = stdout.lines();
    for l in lines.by_ref() {
        if l.unwrap() == "readyok" {
            break;
        }
    }
    let start = Instant::now();
    writeln!(stdin, "go depth {depth}").unwrap();
    stdin.flush().unwrap();
    let want = format!("info depth {depth} seldepth ");
    let mut took = None;
    for l in lines {
        let l = l.unwrap();
        let bound = l.contains(" lowerbound") || l.contains(" upperbound");
        if took.is_none() && l.starts_with(&want) && !bound {
            took = Some(start.elapsed());
        }
        if l.starts_with("bestmove") {
            break;
        }
    }
    let _ = writeln!(stdin, "quit");
    let _ = child.wait();
    took.unwrap_or_else(|| start.elapsed())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let engine = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "target/release/tiefe".into());
    let depth: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(14);
    let threads: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2);
    let mut ratios = Vec::new();
    println!("position  1 thread   {threads} threads  speed-up");
    for (i, fen) in POSITIONS.iter().enumerate() {
        let one = time_to_depth(&engine, fen, depth, 1);
        let many = time_to_depth(&engine, fen, depth, threads);
        let r = one.as_secs_f64() / many.as_secs_f64().max(1e-6);
        ratios.push(r);
        println!(
            "{:>8}  {:>8.3}s  {:>8.3}s  {:>7.2}x",
            i + 1,
            one.as_secs_f64(),
            many.as_secs_f64(),
            r
        );
    }
    ratios.sort_by(|a, b| a.total_cmp(b));
    let median = if ratios.len() % 2 == 1 {
        ratios[ratios.len() / 2]
    } else {
        (ratios[ratios.len() / 2 - 1] + ratios[ratios.len() / 2]) / 2.0
    };
    println!("median speed-up to depth {depth} with {threads} threads: {median:.2}x");
}
