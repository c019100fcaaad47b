//! Space: the room behind our pawn front where our pieces can stand and regroup, worth
//! more the more pieces we have to fit into it (Stockfish 11's idea). Counted in the
//! middlegame only: once enough material is gone, room no longer decides.

use super::trace::{Term, Trace};
use super::{Attacks, FILE_A};
use crate::position::Position;
use crate::score::S;
use crate::types::{Color, Piece};
use crate::weights::{index, SPACE, SPACE_DIV};

/// Files c to f.
const CENTRE_FILES: u64 = (FILE_A << 2) | (FILE_A << 3) | (FILE_A << 4) | (FILE_A << 5);

/// White's ranks 2 to 4.
const OWN_RANKS: u64 = 0xFFFF_FF00;

/// The non-pawn material of both sides below which space is not counted, in pawns of
/// 3 (minor), 5 (rook) and 10 (queen): 47 of the start's 64, about where Stockfish 11
/// stops counting it (the queens gone, or a rook and three minors).
const SPACE_MATERIAL: i32 = 47;

/// Both sides' non-pawn material, in pawns (minor 3, rook 5, queen 10).
#[inline(always)]
fn material(board: &Position) -> i32 {
    let n = |p: Piece| board.pieces(p).0.count_ones() as i32;
    3 * (n(Piece::Knight) + n(Piece::Bishop)) + 5 * n(Piece::Rook) + 10 * n(Piece::Queen)
}

/// `us`'s space, from its point of view: the squares of files c to f on its ranks 2
/// to 4 that are not its pawns' and that no enemy pawn attacks, plus again those of
/// them up to three squares behind one of its pawns that no enemy piece attacks; times
/// the square of (its pieces, pawns and king included, − 1) over [`SPACE_DIV`].
#[inline(always)]
pub(super) fn space<T: Trace>(board: &Position, us: Color, att: &Attacks, trace: &mut T) -> S {
    if material(board) < SPACE_MATERIAL {
        return S::default();
    }
    let t = (!us).to_index();
    let ours = board.color_combined(us).0;
    let our_pawns = board.pieces(Piece::Pawn).0 & ours;
    // Our ranks 2 to 4, and the squares of our pawns and up to three behind each.
    let (ranks, behind) = if us == Color::White {
        let b = our_pawns | our_pawns >> 8;
        (OWN_RANKS, b | b >> 16)
    } else {
        let b = our_pawns | our_pawns << 8;
        (OWN_RANKS.swap_bytes(), b | b << 16)
    };
    let safe = CENTRE_FILES & ranks & !our_pawns & !att.by[t][0];
    let bonus = safe.count_ones() + (behind & safe & !att.all[t]).count_ones();
    let weight = ours.count_ones() as i32 - 1;
    let n = bonus as i32 * weight * weight / SPACE_DIV;
    trace.coeff(us, index::SPACE, n);
    let value = SPACE * n;
    trace.add(us, Term::Space, value);
    value
}

#[cfg(test)]
mod tests {
    use crate::eval::trace::PerSide;
    use crate::weights::{index, SPACE_DIV};

    /// Each side's space count in `fen`.
    fn counts(fen: &str) -> [i32; 2] {
        let c = PerSide::of(fen, false);
        [c.count(0, index::SPACE), c.count(1, index::SPACE)]
    }

    #[test]
    fn space_counts_safe_central_squares_and_those_behind_the_pawns_twice() {
        // The start: c3 to f4, eight squares each; sixteen pieces, so 15² per square.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(counts(start), [8 * 225 / SPACE_DIV; 2]);
        // 1. e4: the pawn leaves e2 for e4 (eight squares still), and e2 and e3 stand
        // behind it (twice each): ten. It takes d5 and f5 from Black: six.
        let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(counts(e4), [10 * 225 / SPACE_DIV, 6 * 225 / SPACE_DIV]);
        // 1. e4 e5: the pawn on e5 takes d4 and f4 from White: six, and two behind.
        let e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(counts(e5), [8 * 225 / SPACE_DIV; 2]);
        // Fewer pieces, less need of room: without the knights, 13² per square.
        let thinner = "r1bqkb1r/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/R1BQKB1R w KQkq - 0 1";
        assert_eq!(counts(thinner), [8 * 169 / SPACE_DIV; 2]);
    }

    #[test]
    fn space_is_not_counted_once_the_queens_are_gone() {
        let queenless = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
        assert_eq!(counts(queenless), [0, 0]);
    }
}
