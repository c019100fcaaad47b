//! Endgame knowledge chosen by material signature: evaluators that know an ending's
//! value outright, and scale factors that say how much of a lead an ending lets one
//! convert. The general evaluation counts material and structure; in many small
//! endings that count is wrong (two knights cannot mate, a rook rarely beats a minor,
//! a rook pawn with the wrong bishop draws, king and pawn against king is either
//! won or dead drawn), and only knowledge of the ending gets them right.
//!
//! [`Material::of`] is the entry: a cheap test (a side without pawns, or few pieces
//! of the kinds the rules need) lets every other position pass at the cost of a few
//! instructions, and only then are the pieces counted. The counts, packed into a key per
//! side, pick the ending (see [`signature`]).
//!
//! One concern a file: this one dispatches and holds the geometry the rules share;
//! `kpk` solves king and pawn against king; `values` holds the evaluators that give
//! an ending's value; `scales` the rules that scale the endgame score.

mod kpk;
mod scales;
mod values;

use super::distance;
use crate::position::Position;
use crate::types::{get_king_moves, Color, Piece, ALL_PIECES, ALL_SQUARES};
use crate::weights::PIECE_VALUE;

/// The value of an ending known to be won, before the terms that order the won
/// positions (material, how far the defending king is driven): above every ordinary
/// evaluation, below every tablebase score and mate.
pub const KNOWN_WIN: i32 = 10_000;

/// What endgame knowledge settled: the ending's name (for the `eval` command) and a
/// number, a value (White's view) from [`Material::value`] or a factor (in
/// [`SCALE_NORMAL`](crate::weights::SCALE_NORMAL)ths) from [`Material::scale`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Known {
    pub name: &'static str,
    pub value: i32,
}

/// Each side's count of pawns, knights, bishops, rooks and queens.
#[derive(Debug, Clone, Copy)]
pub(super) struct Material {
    counts: [[u8; 5]; 2],
}

/// The key of a material signature written as in tablebase names, strong side first:
/// `signature("KRvKB")`. Each side's counts take four bits a kind (pawn lowest), the
/// strong side's above the weak side's, so that [`Material::key`] of a position
/// equals it exactly when the material matches.
pub(super) const fn signature(name: &str) -> u64 {
    let bytes = name.as_bytes();
    let (mut strong, mut weak, mut second) = (0u64, 0u64, false);
    let mut i = 0;
    while i < bytes.len() {
        let shift = match bytes[i] {
            b'P' => 0,
            b'N' => 4,
            b'B' => 8,
            b'R' => 12,
            b'Q' => 16,
            b'v' => {
                second = true;
                64
            }
            _ => 64,
        };
        if shift < 64 {
            if second {
                weak += 1 << shift;
            } else {
                strong += 1 << shift;
            }
        }
        i += 1;
    }
    strong << 20 | weak
}

impl Material {
    /// The material of `board`, when it may be an ending this module knows: a side
    /// without pawns, or else at most two pieces besides kings and pawns with a bishop
    /// among them (the wrong bishop) or a pawn a side. `None` for every other position
    /// (the middlegame, and the common rook, queen and knight endings with pawns on
    /// both sides), at the cost of a few instructions.
    #[inline(always)]
    pub(super) fn of(board: &Position) -> Option<Material> {
        let pawns = board.pieces(Piece::Pawn).0;
        let white = board.color_combined(Color::White).0;
        if pawns & white != 0 && pawns & !white != 0 {
            let kings = board.pieces(Piece::King).0;
            let pieces = board.combined().0 & !pawns & !kings;
            let bishops = board.pieces(Piece::Bishop).0;
            let known = pieces & bishops != 0 || pawns.count_ones() == 2;
            if pieces.count_ones() > 2 || !known {
                return None;
            }
        }
        Some(Material::count(board))
    }

    /// Counts each side's pieces (out of line: the gate's callers stay small).
    #[inline(never)]
    fn count(board: &Position) -> Material {
        let side = |c: Color| {
            let ours = board.color_combined(c).0;
            std::array::from_fn(|k| (board.pieces(ALL_PIECES[k]).0 & ours).count_ones() as u8)
        };
        Material {
            counts: [side(Color::White), side(Color::Black)],
        }
    }

    /// How many pieces of `kind` (pawn to queen) `color` has.
    fn count_of(&self, color: Color, kind: Piece) -> i32 {
        i32::from(self.counts[color.to_index()][kind.to_index()])
    }

    /// `color`'s packed counts (see [`signature`]); a count above 15 spills over, which
    /// only a position with 16 pieces of a kind could make, and then matches nothing.
    fn packed(&self, color: Color) -> u64 {
        let c = &self.counts[color.to_index()];
        (0..5).fold(0, |key, k| key | u64::from(c[k]) << (4 * k))
    }

    /// The key of the material with `strong` as the first side.
    fn key(&self, strong: Color) -> u64 {
        self.packed(strong) << 20 | self.packed(!strong)
    }

    /// `color`'s pieces other than pawns, in endgame piece values.
    fn pieces_value(&self, color: Color) -> i32 {
        self.pieces_in(color, worth)
    }

    /// `color`'s pieces other than pawns, in middlegame piece values: what the
    /// pawnless rule weighs, as Stockfish's does (in endgame values a queen is worth
    /// little more than a rook and a bishop, which made queen against rook and pawns a
    /// near draw).
    fn pieces_value_mg(&self, color: Color) -> i32 {
        self.pieces_in(color, worth_mg)
    }

    /// `color`'s pieces other than pawns, each at `value`.
    fn pieces_in(&self, color: Color, value: fn(Piece) -> i32) -> i32 {
        [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
            .into_iter()
            .map(|kind| value(kind) * self.count_of(color, kind))
            .sum()
    }

    /// Whether `color` has no pieces and no pawns: a lone king.
    fn bare(&self, color: Color) -> bool {
        self.counts[color.to_index()] == [0; 5]
    }

    /// The value of `board` when an evaluator knows it (White's view), with the name
    /// of the ending.
    #[inline(never)]
    pub(super) fn value(&self, board: &Position) -> Option<Known> {
        for strong in [Color::White, Color::Black] {
            let view = View { board, strong };
            if let Some((name, v)) = values::by_signature(self.key(strong), &view)
                .or_else(|| values::generic(self, &view))
            {
                let value = if strong == Color::White { v } else { -v };
                return Some(Known { name, value });
            }
        }
        None
    }

    /// The factor by which the endgame score of `board` is to be scaled when `strong`
    /// leads in it, if a rule for the ending knows better than the general factors.
    #[inline(never)]
    pub(super) fn scale(&self, board: &Position, strong: Color) -> Option<Known> {
        let view = View { board, strong };
        let (name, value) = scales::by_signature(self.key(strong), &view)
            .or_else(|| scales::generic(self, &view))?;
        Some(Known { name, value })
    }
}

/// A position seen from the side that may be winning (`strong`): squares and
/// bitboards are given as if that side were White (ranks flipped when it is Black),
/// so that each rule is written once.
#[derive(Clone, Copy)]
pub(super) struct View<'a> {
    board: &'a Position,
    strong: Color,
}

impl View<'_> {
    /// The other side.
    fn weak(&self) -> Color {
        !self.strong
    }

    /// `color`'s pieces of `kind`, from the strong side's point of view.
    fn set(&self, color: Color, kind: Piece) -> u64 {
        self.relative(self.board.pieces(kind).0 & self.board.color_combined(color).0)
    }

    /// A bitboard of the real board, from the strong side's point of view (and back:
    /// flipping the ranks twice is the identity).
    fn relative(&self, b: u64) -> u64 {
        if self.strong == Color::White {
            b
        } else {
            b.swap_bytes()
        }
    }

    /// The real square of a square from the strong side's point of view.
    fn actual(&self, sq: usize) -> usize {
        if self.strong == Color::White {
            sq
        } else {
            sq ^ 56
        }
    }

    /// The square of `color`'s (first) piece of `kind`, from the strong side's point
    /// of view; 0 if it has none (the rules ask only for pieces the signature has).
    fn square(&self, color: Color, kind: Piece) -> usize {
        (self.set(color, kind).trailing_zeros() & 63) as usize
    }

    /// The strong side's king square.
    fn strong_king(&self) -> usize {
        self.square(self.strong, Piece::King)
    }

    /// The weak side's king square.
    fn weak_king(&self) -> usize {
        self.square(self.weak(), Piece::King)
    }

    /// Whether the strong side is to move.
    fn strong_to_move(&self) -> bool {
        self.board.side_to_move() == self.strong
    }
}

/// The endgame value of a piece kind (pawn to queen).
fn worth(kind: Piece) -> i32 {
    PIECE_VALUE[kind.to_index()].eg()
}

/// The middlegame value of a piece kind (pawn to queen).
fn worth_mg(kind: Piece) -> i32 {
    PIECE_VALUE[kind.to_index()].mg()
}

/// File of a square index, 0 (a) to 7 (h).
fn file(sq: usize) -> i32 {
    (sq & 7) as i32
}

/// Rank of a square index, 0 (first) to 7 (eighth).
fn rank(sq: usize) -> i32 {
    (sq >> 3) as i32
}

/// How near `sq` is to the edge and the corners: 0 in the centre, 6 in a corner.
fn edge(sq: usize) -> i32 {
    let near = |x: i32| x.min(7 - x);
    6 - near(file(sq)) - near(rank(sq))
}

/// Whether two squares are of opposite colours.
fn opposite_colors(a: usize, b: usize) -> bool {
    (file(a) + rank(a) + file(b) + rank(b)) & 1 != 0
}

/// `sq` mirrored to the queen side (files a-d) when `pawn` is on the king side.
fn to_queen_side(sq: usize, pawn: usize) -> usize {
    if file(pawn) >= 4 {
        sq ^ 7
    } else {
        sq
    }
}

/// The square `steps` ranks up from `sq` (toward the strong side's promotion),
/// staying on the board.
fn up(sq: usize, steps: usize) -> usize {
    (sq + 8 * steps).min(56 + (sq & 7))
}

/// The squares next to `sq`.
fn king_ring(sq: usize) -> u64 {
    get_king_moves(ALL_SQUARES[sq]).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_match_the_counted_material() {
        let pos = Position::from_fen("8/8/4k3/8/1b6/8/4K3/3R4 w - - 0 1").unwrap();
        let m = Material::of(&pos).unwrap();
        assert_eq!(m.key(Color::White), signature("KRvKB"));
        assert_eq!(m.key(Color::Black), signature("KBvKR"));
        let start = Position::startpos();
        assert!(Material::of(&start).is_none());
    }
}
