//! Endgame knowledge against the Syzygy tables of tests/data/syzygy (3-4 men): random
//! legal positions of each material signature (seeded), their true result from the
//! tables, and what the engine makes of them.
//!
//! The tables are process-wide in the prober (one set open at a time), so every test
//! here shares one opened set.
//!
//! `verdict_table` (ignored: it searches thousands of positions) prints, for each
//! signature, the share of positions where a small fixed-node search without tables
//! reaches the tables' verdict:
//!
//! ```text
//! cargo test --release --test endgames -- --ignored --nocapture verdict_table
//! ```

mod common;

use std::sync::OnceLock;
use std::time::Instant;

use common::placement;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tiefe::position::Position;
use tiefe::search::{search, Request, SearchControl};
use tiefe::syzygy::{Syzygy, Wdl};
use tiefe::time::Limits;
use tiefe::tt::TranspositionTable;

/// The shared tables.
fn tables() -> &'static Syzygy {
    static TABLES: OnceLock<Syzygy> = OnceLock::new();
    TABLES.get_or_init(|| {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
        Syzygy::open(dir).expect("tables open").0
    })
}

/// A result as the verdicts count it: 1 the side to move wins, 0 a draw, −1 it loses.
/// A win or loss that the fifty-move rule takes away still counts as one: the engine
/// does not see that far.
fn outcome(wdl: Wdl) -> i32 {
    wdl.counted(false).value().signum()
}

/// The tables' result for the side to move.
fn truth(pos: &Position) -> i32 {
    outcome(tables().probe_wdl(pos).expect("covered by the tables"))
}

/// A random legal placement of `white`'s men against `black`'s (FEN letters, kings
/// included), either side to move, with a legal move; `None` when the draw of squares
/// gave an illegal position. Pawns stand on the second to seventh ranks.
fn place(rng: &mut StdRng, white: &str, black: &str) -> Option<Position> {
    let mut board = ['.'; 64];
    let men = white
        .chars()
        .chain(black.chars().map(|c| c.to_ascii_lowercase()));
    for man in men {
        let squares = if man.eq_ignore_ascii_case(&'p') {
            8..56
        } else {
            0..64
        };
        let sq = loop {
            let s = rng.random_range(squares.clone());
            if board[s] == '.' {
                break s;
            }
        };
        board[sq] = man;
    }
    let side = if rng.random_bool(0.5) { "w" } else { "b" };
    let pos = Position::from_fen(&format!("{} {side} - - 0 1", placement(&board))).ok()?;
    pos.has_legal_move().then_some(pos)
}

/// `count` random positions of a signature such as `"KRvKB"`, half with the colours
/// swapped, seeded by `seed`.
fn positions(signature: &str, count: usize, seed: u64) -> Vec<Position> {
    let (a, b) = signature.split_once('v').expect("a signature like KRvKB");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let (w, k) = if rng.random_bool(0.5) { (a, b) } else { (b, a) };
        if let Some(pos) = place(&mut rng, w, k) {
            out.push(pos);
        }
    }
    out
}

/// A search of `nodes` nodes without tables, from a fresh table and worker: its score
/// for the side to move.
fn searched(pos: &Position, nodes: u64) -> i32 {
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let tt = TranspositionTable::new(1);
    let control = SearchControl::new(Instant::now(), false);
    let mut p = pos.clone();
    search(&mut p, Request::new(&limits, &tt, &control), &mut |_| {}).score
}

/// A score as a verdict: a win beyond `band` centipawns, a loss below −`band`, a draw
/// between.
fn verdict(score: i32, band: i32) -> i32 {
    if score > band {
        1
    } else if score < -band {
        -1
    } else {
        0
    }
}

/// The signatures the verdict table covers.
const SIGNATURES: [&str; 16] = [
    "KPvK", "KPvKP", "KPPvK", "KNNvK", "KRvKB", "KRvKN", "KRvKP", "KQvKP", "KQvKR", "KBPvK",
    "KNPvK", "KBNvK", "KBBvK", "KQvK", "KRvK", "KBvKP",
];

/// For each signature: the share of random positions whose 2000-node search (no
/// tables; win above +150 cp, loss below −150, draw between) matches the tables, in
/// all, among the tables' draws and among their wins and losses.
#[test]
#[ignore]
fn verdict_table() {
    const COUNT: usize = 400;
    println!("signature  agree   draws(n)       decisive(n)");
    for (i, sig) in SIGNATURES.iter().enumerate() {
        let (mut agree, mut draws, mut draws_ok, mut decisive, mut decisive_ok) = (0, 0, 0, 0, 0);
        for pos in positions(sig, COUNT, 1000 + i as u64) {
            let (want, got) = (truth(&pos), verdict(searched(&pos, 2000), 150));
            agree += (want == got) as usize;
            if want == 0 {
                draws += 1;
                draws_ok += (got == 0) as usize;
            } else {
                decisive += 1;
                decisive_ok += (got == want) as usize;
            }
        }
        let pct = |a: usize, n: usize| 100.0 * a as f64 / n.max(1) as f64;
        println!(
            "{sig:<9} {:5.1}%  {:5.1}% ({draws:3})  {:5.1}% ({decisive:3})",
            pct(agree, COUNT),
            pct(draws_ok, draws),
            pct(decisive_ok, decisive),
        );
    }
}
