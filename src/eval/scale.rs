//! How winnable the endgame is: the complexity correction of the endgame score and the
//! scale factors chosen by material configuration. Endgame knowledge (scale factors and
//! evaluators by material signature) belongs here.

use super::trace::{Term, Trace};
use crate::position::Position;
use crate::score::S;
use crate::types::{Color, Piece, DARK_SQUARES};
use crate::weights::{
    index, COMPLEXITY_BASE, COMPLEXITY_FLANKS, COMPLEXITY_PAWNS, COMPLEXITY_PAWN_ENDGAME,
};

/// The endgame correction for how hard the position is to win: pawns, pawns on both
/// wings and a pure pawn endgame make a lead count for more; few pawns for less. It
/// moves the endgame score `eg` (White's view) toward or away from zero, never across
/// it. Returns the correction, White's view.
#[inline(always)]
pub(super) fn complexity<T: Trace>(board: &Position, eg: i32, trace: &mut T) -> i32 {
    let pawns = board.pieces(Piece::Pawn).0;
    let queen_side = 0x0F0F_0F0F_0F0F_0F0Fu64;
    let both_flanks = pawns & queen_side != 0 && pawns & !queen_side != 0;
    let kings = board.pieces(Piece::King).0;
    let pawn_endgame = board.combined().0 & !pawns & !kings == 0;
    let features = [
        (
            index::COMPLEXITY_PAWNS,
            COMPLEXITY_PAWNS,
            pawns.count_ones() as i32,
        ),
        (
            index::COMPLEXITY_FLANKS,
            COMPLEXITY_FLANKS,
            both_flanks as i32,
        ),
        (
            index::COMPLEXITY_PAWN_ENDGAME,
            COMPLEXITY_PAWN_ENDGAME,
            pawn_endgame as i32,
        ),
        (index::COMPLEXITY_BASE, COMPLEXITY_BASE, 1),
    ];
    let mut count = 0;
    for (at, w, n) in features {
        count += w.eg() * n;
        trace.complexity(at, n);
    }
    let adjustment = eg.signum() * count.max(-eg.abs());
    trace.add(Color::White, Term::Complexity, S(0, adjustment));
    adjustment
}

/// The scale factor case for a position in which `strong` leads in the endgame score:
/// the flat index of its weight (see [`crate::weights::SCALE_OCB_BISHOPS`] and after), or
/// `None` for the normal 128. The tuner asks for both colours, as the lead may change
/// with the weights.
pub(super) fn scale_case(board: &Position, strong: Color) -> Option<usize> {
    let side = |c: Color| board.color_combined(c).0;
    let kind = |p: Piece| board.pieces(p).0;
    let (ours, theirs) = (side(strong), side(!strong));
    let (pawns, knights, bishops) = (kind(Piece::Pawn), kind(Piece::Knight), kind(Piece::Bishop));
    let (rooks, queens) = (kind(Piece::Rook), kind(Piece::Queen));
    let pieces = knights | bishops | rooks | queens;
    let one = |b: u64| b.count_ones() == 1;
    if one(bishops & ours) && one(bishops & theirs) && one(bishops & DARK_SQUARES) {
        let each_one = |b: u64| one(b & ours) && one(b & theirs);
        if pieces == bishops {
            return Some(index::SCALE_OCB_BISHOPS);
        }
        if pieces == bishops | knights && each_one(knights) {
            return Some(index::SCALE_OCB_KNIGHTS);
        }
        if pieces == bishops | rooks && each_one(rooks) {
            return Some(index::SCALE_OCB_ROOKS);
        }
    }
    if one(queens) && pieces & ours == queens && (pieces & theirs).count_ones() >= 2 {
        return Some(index::SCALE_LONE_QUEEN);
    }
    if pawns & ours == 0 && pieces & ours == (knights | bishops) & ours && one(pieces & ours) {
        return Some(index::SCALE_LONE_MINOR);
    }
    let edge = (pawns & ours).count_ones() as i32 - (pawns & theirs).count_ones() as i32;
    if queens == 0
        && (pieces & ours).count_ones() <= 1
        && (pieces & theirs).count_ones() <= 1
        && edge > 2
    {
        return Some(index::SCALE_PAWN_EDGE);
    }
    None
}

/// The endgame score `eg` (White's view, complexity included) scaled by the factor of
/// the material configuration ([`scale_case`] for the side ahead).
#[inline(always)]
pub(super) fn scale<T: Trace>(board: &Position, eg: i32, trace: &mut T) -> i32 {
    let strong = if eg < 0 { Color::Black } else { Color::White };
    let factor = scale_case(board, strong).map_or(128, |i| crate::weights::flat_weight(i).eg());
    let scaled = eg * factor / 128;
    trace.add(Color::White, Term::Scale, S(0, scaled - eg));
    scaled
}
