//! How winnable the endgame is: the complexity correction of the endgame score and the
//! general scale factors chosen by material configuration, whose factors are tuned
//! weights. Knowledge of particular endings (evaluators and scale rules by material
//! signature) lives beside it in `endgame` and, where it applies, comes first.

use super::trace::{Term, Trace};
use crate::position::Position;
use crate::score::S;
use crate::types::{Color, Piece, DARK_SQUARES};
use crate::weights::{
    index, COMPLEXITY_BASE, COMPLEXITY_FLANKS, COMPLEXITY_MG, COMPLEXITY_PAWNS,
    COMPLEXITY_PAWN_ENDGAME, SCALE_LONE_MINOR, SCALE_LONE_QUEEN, SCALE_NORMAL, SCALE_OCB_BISHOPS,
    SCALE_OCB_KNIGHTS, SCALE_OCB_ROOKS, SCALE_PAWN_EDGE,
};

/// The correction for how hard the position is to win: pawns, pawns on both wings and
/// a pure pawn endgame make a lead count for more; few pawns for less. It moves the
/// endgame half of the score `d` (White's view) toward or away from zero, never across
/// it; and where the count is low enough (below −[`COMPLEXITY_MG`]), the middlegame
/// half toward zero too, never across it: a middlegame lead with all the pawns on one
/// wing is also hard to turn into a win. Returns the correction, White's view.
#[inline(always)]
pub(super) fn complexity<T: Trace>(board: &Position, d: S, trace: &mut T) -> S {
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
    let (mg, eg) = (d.mg(), d.eg());
    let adjustment = S(
        mg.signum() * (count + COMPLEXITY_MG.mg()).clamp(-mg.abs(), 0),
        eg.signum() * count.max(-eg.abs()),
    );
    trace.add(Color::White, Term::Complexity, adjustment);
    adjustment
}

/// The material configurations whose endgame score is scaled: each reads its factor
/// from its named weight, and the tuner finds that weight by its flat index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ScaleCase {
    /// Opposite-coloured bishops and nothing else but pawns.
    OcbBishops,
    /// Opposite-coloured bishops with one knight each.
    OcbKnights,
    /// Opposite-coloured bishops with one rook each.
    OcbRooks,
    /// The side ahead has only a queen against two pieces or more.
    LoneQueen,
    /// The side ahead has only a knight or a bishop, and no pawns.
    LoneMinor,
    /// No queens, at most one piece a side, and three pawns or more up.
    PawnEdge,
}

impl ScaleCase {
    /// The case's factor, in [`SCALE_NORMAL`]ths of the endgame score.
    #[inline(always)]
    fn factor(self) -> i32 {
        let weight = match self {
            ScaleCase::OcbBishops => SCALE_OCB_BISHOPS,
            ScaleCase::OcbKnights => SCALE_OCB_KNIGHTS,
            ScaleCase::OcbRooks => SCALE_OCB_ROOKS,
            ScaleCase::LoneQueen => SCALE_LONE_QUEEN,
            ScaleCase::LoneMinor => SCALE_LONE_MINOR,
            ScaleCase::PawnEdge => SCALE_PAWN_EDGE,
        };
        weight.eg()
    }

    /// The flat index of the case's weight (see [`index`]), for the tuner.
    pub(super) fn index(self) -> usize {
        match self {
            ScaleCase::OcbBishops => index::SCALE_OCB_BISHOPS,
            ScaleCase::OcbKnights => index::SCALE_OCB_KNIGHTS,
            ScaleCase::OcbRooks => index::SCALE_OCB_ROOKS,
            ScaleCase::LoneQueen => index::SCALE_LONE_QUEEN,
            ScaleCase::LoneMinor => index::SCALE_LONE_MINOR,
            ScaleCase::PawnEdge => index::SCALE_PAWN_EDGE,
        }
    }
}

/// The scale factor case for a position in which `strong` leads in the endgame score, or
/// `None` for the normal factor ([`SCALE_NORMAL`]).
pub(super) fn scale_case(board: &Position, strong: Color) -> Option<ScaleCase> {
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
            return Some(ScaleCase::OcbBishops);
        }
        if pieces == bishops | knights && each_one(knights) {
            return Some(ScaleCase::OcbKnights);
        }
        if pieces == bishops | rooks && each_one(rooks) {
            return Some(ScaleCase::OcbRooks);
        }
    }
    if one(queens) && pieces & ours == queens && (pieces & theirs).count_ones() >= 2 {
        return Some(ScaleCase::LoneQueen);
    }
    if pawns & ours == 0 && pieces & ours == (knights | bishops) & ours && one(pieces & ours) {
        return Some(ScaleCase::LoneMinor);
    }
    let edge = (pawns & ours).count_ones() as i32 - (pawns & theirs).count_ones() as i32;
    if queens == 0
        && (pieces & ours).count_ones() <= 1
        && (pieces & theirs).count_ones() <= 1
        && edge > 2
    {
        return Some(ScaleCase::PawnEdge);
    }
    None
}

/// The endgame score `eg` (White's view, complexity included) scaled by the factor of
/// the material configuration ([`scale_case`] for the side ahead).
#[inline(always)]
pub(super) fn scale<T: Trace>(board: &Position, eg: i32, trace: &mut T) -> i32 {
    let strong = if eg < 0 { Color::Black } else { Color::White };
    let factor = scale_case(board, strong).map_or(SCALE_NORMAL, ScaleCase::factor);
    let scaled = eg * factor / SCALE_NORMAL;
    trace.add(Color::White, Term::Scale, S(0, scaled - eg));
    scaled
}
