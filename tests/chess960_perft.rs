//! Chess960 perft through the engine's own position code (its castles are generated,
//! tested and played by `Position`, not the `chess` crate): the published counts of
//! the 960 positions of `tests/data/chess960.epd` to depth 3, and the standard perft
//! suite read in Chess960 mode, whose counts must not change.
//!
//! The long run (depth 4 to 6) is an ignored test:
//!
//!     TIEFE_PERFT960_DEPTH=4 cargo test --release --test chess960_perft -- --ignored --nocapture
//!
//! `TIEFE_PERFT960_DEPTH` is the deepest depth checked (default 4),
//! `TIEFE_PERFT960_EVERY=n` checks every n-th position only (default 1: all), and
//! `TIEFE_PERFT960_OFFSET=k` starts at the k-th position (default 0), so that
//! `EVERY=2` with offsets 0 and 1 splits the run over two cores.

mod common;

use std::time::Instant;

use common::perft_cases;
use tiefe::position::perft::{self, perft};
use tiefe::position::Position;

/// Checks every count of `file` at depths `min..=max` (and at most `cap` nodes) in the
/// given mode, every `every`-th position from the `offset`-th; returns the number of
/// checks.
fn check(
    file: &str,
    chess960: bool,
    min: u32,
    max: u32,
    cap: u64,
    sample: (usize, usize),
) -> usize {
    let (every, offset) = sample;
    let mut checked = 0;
    for (fen, counts) in perft_cases(file).into_iter().skip(offset).step_by(every) {
        let pos = Position::from_fen_in(&fen, chess960).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for &(depth, expected) in &counts {
            if depth < min || depth > max || expected > cap {
                continue;
            }
            assert_eq!(perft(&pos, depth), expected, "perft {depth} of {fen}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn chess960_positions_to_depth_3() {
    assert_eq!(perft_cases("chess960.epd").len(), 960);
    assert_eq!(check("chess960.epd", true, 1, 3, u64::MAX, (1, 0)), 960 * 3);
}

#[test]
fn standard_suite_in_chess960_mode_counts_the_same() {
    let checked = check("perftsuite.epd", true, 1, 6, 2_000_000, (1, 0));
    assert!(checked > 600, "only {checked} depth checks ran");
}

#[test]
fn chess960_divide_sums_to_total() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let pos = Position::from_fen_in(fen, true).unwrap();
    let divide = perft::divide(&pos, 3);
    assert_eq!(divide.len(), 21);
    assert_eq!(divide.iter().map(|d| d.1).sum::<u64>(), 12189);
}

#[test]
#[ignore = "long: depth 4 and beyond of the Chess960 perft file"]
fn chess960_positions_long_run() {
    let var = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let depth = var("TIEFE_PERFT960_DEPTH", 4) as u32;
    let every = var("TIEFE_PERFT960_EVERY", 1).max(1);
    let offset = var("TIEFE_PERFT960_OFFSET", 0);
    let start = Instant::now();
    let checked = check("chess960.epd", true, 4, depth, u64::MAX, (every, offset));
    eprintln!(
        "chess960 perft depth 4..={depth}, every {every}th position from #{offset}: \
         {checked} checks passed in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn perft_command_line_in_chess960() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tiefe"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["perft", "--chess960", "3", fen]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().last(), Some("Nodes searched: 12189"));
    // Without the flag the Shredder-FEN castling field is refused.
    let out = run(&["perft", "3", fen]);
    assert_eq!(out.status.code(), Some(2));
}
