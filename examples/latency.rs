//! Measures the timing figures that tests must not assert (they would flake on a loaded
//! machine): how long `go movetime 100` really takes, how fast `stop` is answered, how
//! fast `quit` exits in the middle of a search.
//!
//! ```text
//! cargo build --release && cargo run --release --example latency [ENGINE] [TRIES]
//! ```
//!
//! ENGINE defaults to `target/release/tiefe`, TRIES to 100 (quit is tried TRIES / 5
//! times, each with a fresh process). Run it on an otherwise idle machine.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
    /// The default `Move Overhead` the engine advertises, in ms.
    overhead: f64,
}

impl Engine {
    fn start(path: &str) -> Engine {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {path}: {e}"));
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take().expect("stdin");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        let mut e = Engine {
            child,
            stdin,
            lines: rx,
            overhead: 0.0,
        };
        e.send("uci");
        let (_, l) = e.wait_line("option name Move Overhead");
        e.overhead = l
            .split_whitespace()
            .skip_while(|w| *w != "default")
            .nth(1)
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0);
        e.wait_for("uciok");
        e.send("isready");
        e.wait_for("readyok");
        e
    }

    fn send(&mut self, line: &str) -> Instant {
        writeln!(self.stdin, "{line}").expect("write");
        self.stdin.flush().expect("flush");
        Instant::now()
    }

    /// The moment the first line starting with `prefix` arrived.
    fn wait_for(&mut self, prefix: &str) -> Instant {
        self.wait_line(prefix).0
    }

    /// The first line starting with `prefix`, and when it arrived.
    fn wait_line(&mut self, prefix: &str) -> (Instant, String) {
        loop {
            let (t, l) = self
                .lines
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("no '{prefix}' within 30 s"));
            if l.starts_with(prefix) {
                return (t, l);
            }
        }
    }
}

/// Percentile `p` (0..=100) of sorted milliseconds.
fn pct(sorted: &[f64], p: f64) -> f64 {
    let i = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn summary(name: &str, mut ms: Vec<f64>) -> Vec<f64> {
    ms.sort_by(|a, b| a.total_cmp(b));
    println!(
        "{name:<28} n {:>4}  p50 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms",
        ms.len(),
        pct(&ms, 50.0),
        pct(&ms, 99.0),
        ms[ms.len() - 1]
    );
    ms
}

/// A pseudo-random wait in 20..300 ms (no crate needed for this).
fn wait_ms(i: u64) -> u64 {
    20 + (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) % 280
}

const POSITIONS: [&str; 4] = [
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
    "position fen r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "target/release/tiefe".into());
    let tries: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let mut e = Engine::start(&path);
    e.send("setoption name Hash value 16");

    let overhead = e.overhead;

    let mut movetime = Vec::new();
    for i in 0..tries {
        e.send(POSITIONS[i as usize % POSITIONS.len()]);
        let sent = e.send("go movetime 100");
        let got = e.wait_for("bestmove");
        movetime.push((got - sent).as_secs_f64() * 1000.0);
    }
    let movetime = summary("go movetime 100 -> bestmove", movetime);
    let within = movetime.iter().filter(|&&t| t <= 100.0 + overhead).count();
    println!("  within 100 ms + Move Overhead ({overhead} ms): {within} of {tries}");

    let mut stop = Vec::new();
    for i in 0..tries {
        e.send(POSITIONS[i as usize % POSITIONS.len()]);
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(wait_ms(i)));
        let sent = e.send("stop");
        let got = e.wait_for("bestmove");
        stop.push((got - sent).as_secs_f64() * 1000.0);
    }
    summary("stop -> bestmove", stop);
    e.send("quit");
    let _ = e.child.wait();

    let mut quit = Vec::new();
    for i in 0..(tries / 5).max(1) {
        let mut e = Engine::start(&path);
        e.send(POSITIONS[i as usize % POSITIONS.len()]);
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(wait_ms(i)));
        let sent = e.send("quit");
        loop {
            if e.child.try_wait().expect("wait").is_some() {
                break;
            }
            if sent.elapsed() > Duration::from_secs(10) {
                let _ = e.child.kill();
                break;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
        quit.push(sent.elapsed().as_secs_f64() * 1000.0);
    }
    summary("quit mid-search -> exit", quit);
}
