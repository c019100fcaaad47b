//! `bench`: a fixed list of positions searched to a fixed depth with fresh tables, one
//! thread. Its node count is a checksum of the engine's behaviour: any change to search
//! or evaluation changes it, so every such commit records it as `Bench: <nodes>`.

use std::time::Instant;

use crate::position::Position;
use crate::search::{search, Event, Request, SearchControl, Stats};
use crate::time::Limits;
use crate::tt::TranspositionTable;

/// Depth used when none is given.
pub const DEFAULT_DEPTH: u32 = 10;

/// Opening, middlegame and endgame positions, with checks, promotions and castling.
pub const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 4 10",
    "2r3k1/pp3ppp/4p3/3pP3/3P1P2/P3K3/1P4PP/2R5 b - - 1 27",
    "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
    "6k1/5pp1/7p/8/8/7P/5PP1/3R2K1 w - - 0 40",
    "8/5pk1/6p1/8/4Q3/8/6PK/1q6 w - - 0 50",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1",
    "3r1rk1/p4ppp/1pn1p3/2q5/2P5/P1Q1PN2/1P3PPP/3R1RK1 b - - 0 18",
];

/// Result of a bench run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes searched, summed over all positions: the bench signature.
    pub nodes: u64,
    /// Nodes per second over the whole run (wall time, at least 1 ms).
    pub nps: u64,
    /// Wall time of the whole run, in ms.
    pub millis: u64,
    /// Whether the run was stopped before its last position (its count is then partial).
    pub stopped: bool,
    /// The search counters summed over all positions.
    pub stats: Stats,
    /// Table fill (‰) after the last position.
    pub hashfull: u32,
}

/// Searches every bench position to `depth`, each with a fresh 16 MB table.
pub fn run(depth: u32) -> BenchResult {
    run_until(depth, &SearchControl::new(Instant::now(), false))
}

/// [`run`] that ends as soon as `stop` is stopped (the UCI `stop` and `quit`).
pub fn run_until(depth: u32, stop: &SearchControl) -> BenchResult {
    let start = Instant::now();
    let mut nodes = 0;
    let mut stats = Stats::default();
    let mut hashfull = 0;
    for fen in POSITIONS {
        if stop.stopped() {
            break;
        }
        let one = search_position(fen, depth, false, stop);
        nodes += one.nodes;
        stats.add(&one.stats);
        hashfull = one.hashfull;
    }
    let millis = start.elapsed().as_millis() as u64;
    BenchResult {
        nodes,
        nps: nodes * 1000 / millis.max(1),
        millis,
        stopped: stop.stopped(),
        stats,
        hashfull,
    }
}

/// One position's search as `bench` runs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Searched {
    /// Nodes searched.
    pub nodes: u64,
    /// The search counters.
    pub stats: Stats,
    /// Table fill (‰) at the end.
    pub hashfull: u32,
}

/// Searches `fen` as `bench` searches each of its positions: to `depth`, one thread,
/// with a fresh 16 MB table and fresh histories; with `UCI_Chess960` on when
/// `chess960` (the FEN's castling field then read as X-FEN or Shredder-FEN). A
/// standard position gives the same count either way: the test of that runs the bench
/// positions in both modes.
///
/// # Panics
///
/// If `fen` is not a valid FEN (in that mode).
pub fn search_position(fen: &str, depth: u32, chess960: bool, stop: &SearchControl) -> Searched {
    let mut pos = Position::from_fen_in(fen, chess960).expect("bench positions are valid");
    let tt = TranspositionTable::new(16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut stats = Stats::default();
    let out = search(&mut pos, Request::new(&limits, &tt, stop), &mut |e| {
        if let Event::Stats { stats: s, .. } = e {
            stats.add(s);
        }
    });
    Searched {
        nodes: out.nodes,
        stats,
        hashfull: tt.hashfull(),
    }
}
