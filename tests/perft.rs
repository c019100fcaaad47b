//! Perft on every position of the perft suite and a sample of random positions, at every
//! depth that runs quickly in release: `position::perft` (which walks
//! `chess::Board::make_move` on copies, as the `perft` command does) and, to smaller
//! depths, a walk through `Position::make_move` and `unmake_move`, the calls the search
//! makes, so that a fault in the position's own make/unmake shows as a wrong count.

mod common;

use std::process::Command;

use common::perft_cases;
use tiefe::position::perft::{self, perft};
use tiefe::position::Position;

/// Largest expected count run per depth (keeps the suite to a few seconds).
const NODE_CAP: u64 = 30_000_000;
/// The same for the make/unmake walk, which makes every leaf and is slower per node.
const MAKE_UNMAKE_CAP: u64 = 300_000;

fn check(file: &str, cap: u64) -> usize {
    let mut checked = 0;
    for (fen, counts) in perft_cases(file) {
        let pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for &(depth, expected) in counts.iter().filter(|c| c.1 <= cap) {
            assert_eq!(perft(&pos, depth), expected, "perft {depth} of {fen}");
            checked += 1;
        }
    }
    checked
}

/// Leaf count to `depth` through [`Position::make_move`] and [`Position::unmake_move`],
/// every leaf made (no bulk counting), so each move and its take-back is exercised.
fn perft_make_unmake(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for m in pos.legal_moves() {
        pos.make_move(m);
        total += perft_make_unmake(pos, depth - 1);
        pos.unmake_move();
    }
    total
}

/// [`check`] through [`perft_make_unmake`]: every published count up to `cap`, and the
/// position exactly as it was after each walk.
fn check_make_unmake(file: &str, cap: u64) -> usize {
    let mut checked = 0;
    for (fen, counts) in perft_cases(file) {
        let mut pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let (before, key) = (pos.to_fen(), pos.key());
        for &(depth, expected) in counts.iter().filter(|c| c.1 <= cap) {
            assert_eq!(
                perft_make_unmake(&mut pos, depth),
                expected,
                "make/unmake perft {depth} of {fen}"
            );
            assert_eq!((pos.to_fen(), pos.key()), (before.clone(), key), "{fen}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_suite() {
    let cases = perft_cases("perftsuite.epd");
    assert_eq!(cases.len(), 171);
    let checked = check("perftsuite.epd", NODE_CAP);
    assert!(checked > 700, "only {checked} depth checks ran");
}

#[test]
fn perft_random_sample() {
    let checked = check("perft_marcel_sample.epd", 2_000_000);
    assert!(checked >= 338 * 4, "only {checked} depth checks ran");
}

#[test]
fn perft_suite_through_make_unmake() {
    let checked = check_make_unmake("perftsuite.epd", MAKE_UNMAKE_CAP);
    assert!(checked > 500, "only {checked} depth checks ran");
}

#[test]
fn perft_random_sample_through_make_unmake() {
    let checked = check_make_unmake("perft_marcel_sample.epd", MAKE_UNMAKE_CAP);
    assert!(checked >= 338 * 3, "only {checked} depth checks ran");
}

#[test]
fn divide_sums_to_total() {
    let pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let div = perft::divide(&pos, 3);
    assert_eq!(div.len(), 48);
    assert_eq!(div.iter().map(|d| d.1).sum::<u64>(), 97862);
}

#[test]
fn perft_command_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_tiefe"))
        .args([
            "perft",
            "3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8",
            "w",
            "-",
            "-",
            "0",
            "1",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let per_move: Vec<u64> = text
        .lines()
        .filter(|l| !l.starts_with("Nodes"))
        .filter_map(|l| l.split_once(": ")?.1.parse().ok())
        .collect();
    assert_eq!(per_move.len(), 14, "{text}");
    assert_eq!(per_move.iter().sum::<u64>(), 2812);
    assert!(text.lines().any(|l| l == "b4b1: 265"), "{text}");
    assert_eq!(text.lines().last(), Some("Nodes searched: 2812"));

    let bad = Command::new(env!("CARGO_BIN_EXE_tiefe"))
        .args(["perft", "2", "not", "a", "fen", "x"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(bad.stdout.is_empty());
}
