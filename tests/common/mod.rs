//! Helpers shared by the integration tests: a driver for the real `tiefe` binary over
//! pipes, test data loading, and seeded random positions.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tiefe::position::{setup, Position};

/// A running engine process with its stdout read line by line on a thread.
pub struct Engine {
    pub child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(Instant, String)>,
    /// Every stdout line seen so far.
    pub seen: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        Engine::start_with_env(&[])
    }

    pub fn start_with_env(env: &[(&str, &str)]) -> Engine {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tiefe"));
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .env_remove("RUST_LOG");
        in_test_cache(&mut cmd);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("start tiefe");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
            seen: Vec::new(),
        }
    }

    /// Sends one line (a newline is added).
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to engine");
        stdin.flush().unwrap();
    }

    /// Sends raw bytes, as they are.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Closes stdin (EOF).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next stdout line within `timeout`, with the moment it arrived.
    pub fn next_line(&mut self, timeout: Duration) -> Option<(Instant, String)> {
        match self.lines.recv_timeout(timeout) {
            Ok((t, l)) => {
                self.seen.push(l.clone());
                Some((t, l))
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `pred`; returns it with its arrival time, and
    /// every line read on the way (the match included). Panics after `timeout`.
    pub fn wait_for(
        &mut self,
        pred: impl Fn(&str) -> bool,
        timeout: Duration,
    ) -> (Instant, String, Vec<String>) {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some((t, l)) => {
                    got.push(l.clone());
                    if pred(&l) {
                        return (t, l, got);
                    }
                }
                None => panic!("timed out after {timeout:?}; lines so far: {got:#?}"),
            }
        }
    }

    /// Waits for the `bestmove` line; returns it and every line before it.
    pub fn bestmove(&mut self, timeout: Duration) -> (String, Vec<String>) {
        let (_, l, got) = self.wait_for(|l| l.starts_with("bestmove"), timeout);
        (l, got)
    }

    /// Sends `position fen <fen> [moves ...]` and `go <go>`; returns the `bestmove`
    /// line and every line before it.
    pub fn think(&mut self, fen: &str, moves: &[String], go: &str) -> (String, Vec<String>) {
        let mut cmd = format!("position fen {fen}");
        if !moves.is_empty() {
            cmd.push_str(" moves ");
            cmd.push_str(&moves.join(" "));
        }
        self.send(&cmd);
        self.send(&format!("go {go}"));
        self.bestmove(Duration::from_secs(60))
    }

    /// The FEN the `d` command prints: the position as the engine holds it.
    pub fn display_fen(&mut self) -> String {
        self.send("d");
        let (_, line, _) = self.wait_for(|l| l.starts_with("Fen: "), Duration::from_secs(30));
        line["Fen: ".len()..].to_string()
    }

    /// Sends `isready` and waits for `readyok`, returning the lines before it.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let (_, _, got) = self.wait_for(|l| l == "readyok", Duration::from_secs(10));
        got
    }

    /// Lines that arrive within `wait` (for checking that nothing, or nothing bad, came).
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut got = Vec::new();
        while let Some((_, l)) = self.next_line(deadline.saturating_duration_since(Instant::now()))
        {
            got.push(l);
        }
        got
    }

    /// Waits for the process to exit.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            if Instant::now() > deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs the binary with no arguments (UCI on stdin/stdout, as GUIs start it), feeds it
/// `input` and closes its stdin, then waits for it to end: its exit status, stdout and
/// stderr. `rust_log` sets `RUST_LOG` (unset otherwise, so the caller's setting cannot
/// change what a test sees).
pub fn run_script(input: &[u8], rust_log: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tiefe"));
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_remove("RUST_LOG");
    in_test_cache(&mut cmd);
    if let Some(level) = rust_log {
        cmd.env("RUST_LOG", level);
    }
    let mut child = cmd.spawn().expect("start tiefe");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().expect("wait for tiefe")
}

/// Points the user's cache folders (where the engine remembers the tablebase files it
/// found sound) of a run of the binary into the build's temporary folder, so that no
/// test reads or writes the real one.
pub fn in_test_cache(cmd: &mut Command) {
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache");
    cmd.env("XDG_CACHE_HOME", &cache)
        .env("LOCALAPPDATA", &cache);
}

/// The move of a `bestmove` line (`None` for `(none)`).
pub fn best_of(line: &str) -> Option<String> {
    let m = line.split_whitespace().nth(1)?;
    (m != "(none)").then(|| m.to_string())
}

/// The `score` of an `info` line: ("cp" | "mate", value).
pub fn score_of(line: &str) -> Option<(String, i32)> {
    let t: Vec<&str> = line.split_whitespace().collect();
    let i = t.iter().position(|x| *x == "score")?;
    Some((t[i + 1].to_string(), t[i + 2].parse().ok()?))
}

/// The last `info ... score` line among `lines`.
pub fn last_score(lines: &[String]) -> Option<(String, i32)> {
    lines
        .iter()
        .rev()
        .filter(|l| l.starts_with("info") && l.contains(" score "))
        .find_map(|l| score_of(l))
}

/// A Polyglot book of `tests/data/book_games.pgn` at `plies` plies a game (8 or 16: the
/// two books kept beside it, `book_games_<plies>plies.bin`, which the tools' tests check
/// are what `tiefe-tools book build` writes), copied into a fresh temporary folder named
/// after `tag`: (folder, book). The engine's tests read books; building them is a tool's.
pub fn build_book(tag: &str, plies: usize) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("tiefe-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("book.bin");
    let kept = format!(
        "{}/tests/data/book_games_{plies}plies.bin",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::copy(&kept, &book).unwrap_or_else(|e| panic!("{kept}: {e}"));
    (dir, book)
}

/// The contents of a file in `tests/data`.
pub fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `(fen, [(depth, count)])` from a perft EPD (`FEN ;D1 n ;D2 n ...`).
pub fn perft_cases(name: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    data(name)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .filter_map(|p| {
                    let p = p.trim();
                    let (d, n) = p.strip_prefix('D')?.split_once(' ')?;
                    Some((d.parse().ok()?, n.trim().parse().ok()?))
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

/// Positions reached by seeded random playouts from the start position and from the
/// perft suite: varied, legal, reproducible.
pub fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let starts: Vec<String> = perft_cases("perftsuite.epd")
        .into_iter()
        .map(|(f, _)| f)
        .collect();
    let mut out = Vec::new();
    while out.len() < count {
        let fen = &starts[rng.random_range(0..starts.len())];
        let mut pos = Position::from_fen(fen).unwrap();
        let plies = rng.random_range(0..40);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves[rng.random_range(0..moves.len())]);
        }
        if pos.has_legal_move() {
            out.push(Position::from_fen(&pos.to_fen()).unwrap());
        }
    }
    out
}

/// The generous bound on a search the tests wait for (a loaded machine is slow).
pub const LONG: Duration = Duration::from_secs(30);

/// Every `info ... pv` line's moves are legal from `fen` + `moves`.
pub fn assert_pvs_legal(lines: &[String], fen: &str, moves: &[&str]) {
    let (root, _) = setup(fen, moves).unwrap();
    for l in lines
        .iter()
        .filter(|l| l.starts_with("info") && l.contains(" pv "))
    {
        let pv = l.split(" pv ").nth(1).unwrap();
        let mut p = root.clone();
        for m in pv.split_whitespace() {
            p.play_uci(m)
                .unwrap_or_else(|e| panic!("{e} in pv of '{l}' from {fen}"));
        }
    }
}

/// The move of a `bestmove` line, checked legal from `fen` + `moves` (and its ponder
/// move after it).
pub fn assert_legal_best(line: &str, fen: &str, moves: &[&str]) -> String {
    let (root, _) = setup(fen, moves).unwrap();
    let best = best_of(line).unwrap_or_else(|| panic!("no move in '{line}'"));
    root.parse_move(&best)
        .unwrap_or_else(|e| panic!("{e}: '{line}' from {fen}"));
    // A ponder move, if any, must be legal after the best move.
    let t: Vec<&str> = line.split_whitespace().collect();
    if let Some(i) = t.iter().position(|x| *x == "ponder") {
        let mut after = root.clone();
        after.play_uci(&best).unwrap();
        after.parse_move(t[i + 1]).unwrap();
    }
    best
}

/// A FEN's placement field from a board indexed a1 = 0.
pub fn placement(board: &[char; 64]) -> String {
    (0..8)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    '.' => empty += 1,
                    p => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(p);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// `fen` mirrored left to right (file a becomes file h), with its castling rights
/// dropped: castling is what the board's two wings do not share.
pub fn flipped_files(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = f[0]
        .split('/')
        .map(|rank| rank.chars().rev().collect())
        .collect();
    let ep = match f[3] {
        "-" => "-".to_string(),
        sq => {
            let file = (b'h' - (sq.as_bytes()[0] - b'a')) as char;
            format!("{file}{}", &sq[1..])
        }
    };
    format!("{} {} - {} {} {}", board.join("/"), f[1], ep, f[4], f[5])
}
