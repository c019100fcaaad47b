//! King and pawn against king, solved: for every placement with White holding the
//! pawn, whether White wins with best play. No heuristic gets this ending right (the
//! opposition, the rook pawn, the key squares), and it is small enough to solve at
//! first use: 2 sides to move x 48 pawn squares x 64 x 64 king squares.
//!
//! The solution is computed by retrograde fixpoint iteration, bit-parallel over the
//! white king: for each pawn square and black king square, one bitboard holds the
//! white king squares that win with White to move, another those that win with Black
//! to move. Starting from "nothing wins", a White-to-move position wins when some king
//! step or pawn push reaches a won Black-to-move position; a Black-to-move position
//! wins when every legal black move reaches a won White-to-move position (and Black
//! has a move, or is mated). Pushes only go up the board, so the pawn squares are
//! solved from the seventh rank down, each to its own fixpoint; whatever is never
//! proven a win is a draw. The whole table takes well under a millisecond.

use std::sync::OnceLock;

use super::king_ring;
use crate::eval::{bits, pawn_attacks, FILE_A, FILE_H};
use crate::types::{get_bishop_moves, get_rook_moves, BitBoard, Color, ALL_SQUARES};

/// `wins[side][pawn][black_king]`: the white king squares from which White wins with
/// `side` to move (0 White, 1 Black), the white pawn on `pawn`. Pawn squares on the
/// first and last ranks stay empty (no win).
struct Table {
    wins: Box<[[[u64; 64]; 64]; 2]>,
}

/// Whether White, with king on `white_king` and pawn on `pawn`, wins against the black
/// king on `black_king`, `white_to_move` saying who is to move. Squares are indices,
/// a1 = 0. An impossible placement answers `false`.
pub(super) fn white_wins(
    white_king: usize,
    pawn: usize,
    black_king: usize,
    white_to_move: bool,
) -> bool {
    static TABLE: OnceLock<Table> = OnceLock::new();
    let table = TABLE.get_or_init(Table::solve);
    let side = usize::from(!white_to_move);
    table.wins[side][pawn & 63][black_king & 63] >> (white_king & 63) & 1 != 0
}

/// The squares a king on any square of `b` steps to.
fn king_steps(b: u64) -> u64 {
    let sideways = ((b << 1) & !FILE_A) | ((b >> 1) & !FILE_H);
    let row = sideways | b;
    sideways | row << 8 | row >> 8
}

impl Table {
    /// Solves every pawn square, from the seventh rank down.
    fn solve() -> Table {
        let boxed: Box<[[[u64; 64]; 64]; 2]> = vec![[[0u64; 64]; 64]; 2]
            .into_boxed_slice()
            .try_into()
            .expect("two sides");
        let mut table = Table { wins: boxed };
        for pawn in (8..56).rev() {
            table.solve_pawn(pawn);
        }
        table
    }

    /// The fixpoint for the pawn on `pawn` (the squares above it already solved).
    fn solve_pawn(&mut self, pawn: usize) {
        let pushes: [u64; 64] = std::array::from_fn(|bk| self.push_wins(pawn, bk));
        let mut white = [0u64; 64];
        let mut black = [0u64; 64];
        loop {
            let mut changed = false;
            for bk in 0..64 {
                let w = white_valid(pawn, bk) & (king_steps(black[bk]) | pushes[bk]);
                changed |= w != white[bk];
                white[bk] = w;
            }
            for (bk, slot) in black.iter_mut().enumerate() {
                let b = black_wins(pawn, bk, &white);
                changed |= b != *slot;
                *slot = b;
            }
            if !changed {
                break;
            }
        }
        self.wins[0][pawn] = white;
        self.wins[1][pawn] = black;
    }

    /// The white king squares (Black's king on `bk`, White to move) from which a pawn
    /// move wins at once: a push to a won position, or a promotion Black cannot answer.
    fn push_wins(&self, pawn: usize, bk: usize) -> u64 {
        let up = pawn + 8;
        if up == bk {
            return 0;
        }
        if up >= 56 {
            return promotion_wins(up, bk);
        }
        let mut wins = self.wins[1][up][bk] & !(1 << up);
        let two = pawn + 16;
        if pawn < 16 && two != bk {
            wins |= self.wins[1][two][bk] & !(1 << up) & !(1 << two);
        }
        wins
    }
}

/// The white king squares that make a legal White-to-move placement with the pawn on
/// `pawn` and Black's king on `bk` (not next to it, not on the pawn, Black not in check).
fn white_valid(pawn: usize, bk: usize) -> u64 {
    if pawn == bk || pawn_attacks(1 << pawn, Color::White) >> bk & 1 != 0 {
        return 0;
    }
    black_valid(pawn, bk)
}

/// The white king squares that make a legal Black-to-move placement.
fn black_valid(pawn: usize, bk: usize) -> u64 {
    if pawn == bk {
        return 0;
    }
    !(king_ring(bk) | 1 << bk | 1 << pawn)
}

/// The white king squares from which White wins with Black to move: every legal black
/// king step reaches a position in `white` (won with White to move), and Black has a
/// step or is in check (mated).
fn black_wins(pawn: usize, bk: usize, white: &[u64; 64]) -> u64 {
    let mut lost = !0u64;
    let mut stuck = !0u64;
    for to in bits(king_ring(bk) & !pawn_attacks(1 << pawn, Color::White)) {
        // A step is illegal where the white king guards its square; taking the pawn
        // is illegal where the white king guards the pawn, and draws otherwise.
        let illegal = king_ring(to);
        let bad = if to == pawn {
            illegal
        } else {
            illegal | white[to]
        };
        lost &= bad;
        stuck &= illegal;
    }
    let in_check = pawn_attacks(1 << pawn, Color::White) >> bk & 1 != 0;
    let no_stalemate = if in_check { !0 } else { !stuck };
    black_valid(pawn, bk) & lost & no_stalemate
}

/// The white king squares from which promoting on `square` (the pawn below it, Black's
/// king on `bk`) wins: Black can neither take the new queen or rook nor is left in
/// stalemate by both.
fn promotion_wins(square: usize, bk: usize) -> u64 {
    let mut wins = 0;
    for wk in bits(white_valid(square - 8, bk) & !(1 << square)) {
        let guarded = king_ring(wk) >> square & 1 != 0;
        if king_ring(bk) >> square & 1 != 0 && !guarded {
            continue;
        }
        let occupied = BitBoard(1 << wk);
        let rook = get_rook_moves(ALL_SQUARES[square], occupied).0;
        let queen = rook | get_bishop_moves(ALL_SQUARES[square], occupied).0;
        if [queen, rook]
            .iter()
            .any(|&a| black_can_play(a, wk, bk, square))
        {
            wins |= 1 << wk;
        }
    }
    wins
}

/// Whether the black king on `bk`, with White's king on `wk` and a new piece on
/// `square` attacking `attacks`, is not stalemated (it has a step, or is in check).
fn black_can_play(attacks: u64, wk: usize, bk: usize, square: usize) -> bool {
    let free = king_ring(bk) & !king_ring(wk) & !attacks & !(1 << square);
    let can_take = king_ring(bk) >> square & 1 != 0 && king_ring(wk) >> square & 1 == 0;
    free != 0 || can_take || attacks >> bk & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_positions() {
        // The king on the sixth rank in front of its pawn wins with either side to
        // move.
        let sq = |s: &str| {
            let b = s.as_bytes();
            (b[0] - b'a') as usize + 8 * (b[1] - b'1') as usize
        };
        assert!(white_wins(sq("e6"), sq("e5"), sq("e8"), true));
        assert!(white_wins(sq("e6"), sq("e5"), sq("e8"), false));
        // The rook pawn with the defending king in the corner is a draw.
        assert!(!white_wins(sq("a6"), sq("a5"), sq("a8"), true));
        assert!(!white_wins(sq("b6"), sq("a5"), sq("a8"), false));
        // King in front with the opposition against it: draw with White to move.
        assert!(!white_wins(sq("e4"), sq("e3"), sq("e6"), true));
        assert!(white_wins(sq("e4"), sq("e3"), sq("e6"), false));
        // A pawn out of reach of the king queens.
        assert!(white_wins(sq("a1"), sq("a5"), sq("h8"), true));
    }

    #[test]
    fn solving_is_fast() {
        let start = std::time::Instant::now();
        let table = Table::solve();
        let elapsed = start.elapsed();
        assert!(table.wins[0][sq_of(4, 6)].iter().any(|&b| b != 0));
        assert!(elapsed.as_millis() < 50, "{elapsed:?}");
    }

    fn sq_of(file: usize, rank: usize) -> usize {
        rank * 8 + file
    }
}
