//! Writes endgame starting positions (5 to 8 men) for matches where tablebases matter,
//! such as tables on against tables off:
//!
//! ```text
//! cargo run --release --example endgame_openings [COUNT] [SEED] > endgames.epd
//! ```
//!
//! Each position is a random legal placement of one of the material balances below,
//! either side to move, kept only when it is quiet and roughly level: neither side in
//! check, neither side has a capture that wins material by static exchange, and the
//! static evaluation is within 250 cp. The seed makes the file repeatable.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tiefe::eval::evaluate;
use tiefe::position::Position;
use tiefe::search::see::see_ge;

/// White's men, then Black's (kings included), as FEN letters.
const MATERIAL: [(&str, &str); 16] = [
    ("KRP", "KR"),
    ("KRPP", "KRP"),
    ("KRP", "KRP"),
    ("KPP", "KP"),
    ("KPPP", "KPP"),
    ("KBP", "KN"),
    ("KNP", "KB"),
    ("KBPP", "KBP"),
    ("KNPP", "KNP"),
    ("KRP", "KB"),
    ("KQP", "KQ"),
    ("KRB", "KR"),
    ("KRN", "KR"),
    ("KQ", "KRP"),
    ("KBP", "KB"),
    ("KRPP", "KRPP"),
];

/// A random placement, or `None` when it breaks a rule the FEN checks cannot see.
fn place(rng: &mut StdRng, white: &str, black: &str, black_to_move: bool) -> Option<String> {
    let mut board = [None::<char>; 64];
    let pieces = white
        .chars()
        .map(|c| c.to_ascii_uppercase())
        .chain(black.chars().map(|c| c.to_ascii_lowercase()));
    for p in pieces {
        let sq = loop {
            let sq: usize = rng.random_range(0..64);
            let rank = sq / 8;
            if board[sq].is_none() && !(p.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7)) {
                break sq;
            }
        };
        board[sq] = Some(p);
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(p) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(p);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if black_to_move {
        " b - - 0 1"
    } else {
        " w - - 0 1"
    });
    Some(fen)
}

/// Whether the side to move has a capture that wins material.
fn wins_material(pos: &Position) -> bool {
    pos.legal_moves()
        .into_iter()
        .any(|m| pos.is_capture(m) && see_ge(pos, m, 1))
}

fn quiet_and_level(fen: &str) -> bool {
    let Ok(pos) = Position::from_fen(fen) else {
        return false;
    };
    if pos.in_check() || pos.legal_moves().is_empty() || wins_material(&pos) {
        return false;
    }
    // The other side, were it to move: no hanging piece either.
    let flipped = if fen.contains(" w ") {
        fen.replacen(" w ", " b ", 1)
    } else {
        fen.replacen(" b ", " w ", 1)
    };
    match Position::from_fen(&flipped) {
        Ok(other) if !other.in_check() && !wins_material(&other) => {}
        _ => return false,
    }
    evaluate(&pos).abs() <= 250
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut written = 0;
    while written < count {
        let (w, b) = MATERIAL[written % MATERIAL.len()];
        // Either colour gets the extra material.
        let (w, b) = if rng.random_range(0..2) == 0 {
            (w, b)
        } else {
            (b, w)
        };
        let black_to_move = rng.random_range(0..2) == 1;
        if let Some(fen) = place(&mut rng, w, b, black_to_move) {
            if quiet_and_level(&fen) {
                println!("{fen}");
                written += 1;
            }
        }
    }
}
