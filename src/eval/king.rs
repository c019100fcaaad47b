//! King safety: the pawn shield and storm and the king's distance to the pawns (cached
//! with the pawn structure), and the danger from the enemy pieces through a curve.

use super::trace::{Term, Trace};
use super::{king_zone, ranks_ahead, relative_rank, Attacks, FILE_A, RINGS};
use crate::position::Position;
use crate::score::S;
use crate::types::{get_bishop_moves, get_knight_moves, get_rook_moves, BitBoard, Color, Piece};
use crate::weights::{
    index, DANGER_ATTACKER, DANGER_BASE, DANGER_EG_DIV, DANGER_MG_DIV, DANGER_NO_QUEEN,
    DANGER_PAWN_DEFENDERS, DANGER_SAFE_CHECK, DANGER_WEAK, DANGER_ZONE_HITS, KING_PAWN_DISTANCE,
    SHIELD, STORM,
};

/// The danger to `us`'s king as a middlegame/endgame score for `us` (never positive):
/// a weighted count of what `them` bring against it, turned into a score by
/// [`danger_curve`]. Counted only when they attack its zone with two pieces, or one
/// with a queen on the board.
#[inline(always)]
pub(super) fn king_danger<T: Trace>(
    board: &Position,
    us: Color,
    att: &Attacks,
    trace: &mut T,
) -> S {
    let them = !us;
    let (u, t) = (us.to_index(), them.to_index());
    let theirs = board.color_combined(them).0;
    let has_queen = board.pieces(Piece::Queen).0 & theirs != 0;
    let attackers: i32 = att.zone_attackers[t].iter().sum();
    if attackers < 2 - has_queen as i32 {
        return S::default();
    }
    let king = board.king_square(us);
    let zone = king_zone(king);
    // Weak: attacked by them, and defended at most once, by our king or queen alone.
    let weak = att.all[t] & !att.twice[u] & (!att.all[u] | att.by[u][4] | att.by[u][5]);
    // Safe for a checking piece: not theirs, and not defended by us, or weak and
    // supported by a second attacker of theirs.
    let safe = !theirs & (!att.all[u] | (weak & att.twice[t]));
    let blockers = BitBoard(board.combined().0);
    let diagonal = get_bishop_moves(king, blockers).0;
    let straight = get_rook_moves(king, blockers).0;
    let checks = [
        get_knight_moves(king).0,
        diagonal,
        straight,
        diagonal | straight,
    ];
    let our_pawns = board.pieces(Piece::Pawn).0 & board.color_combined(us).0;

    let mut danger = S::default();
    let mut feature = |at: usize, w: S, n: i32, trace: &mut T| {
        danger += w * n;
        trace.danger(us, at, n);
    };
    for k in 0..4 {
        let n = att.zone_attackers[t][k];
        feature(index::DANGER_ATTACKER + k, DANGER_ATTACKER[k], n, trace);
        let n = (checks[k] & att.by[t][k + 1] & safe).count_ones() as i32;
        feature(index::DANGER_SAFE_CHECK + k, DANGER_SAFE_CHECK[k], n, trace);
    }
    let hits = att.zone_hits[t];
    feature(index::DANGER_ZONE_HITS, DANGER_ZONE_HITS, hits, trace);
    let n = (weak & zone).count_ones() as i32;
    feature(index::DANGER_WEAK, DANGER_WEAK, n, trace);
    let n = (our_pawns & zone & !weak).count_ones() as i32;
    feature(
        index::DANGER_PAWN_DEFENDERS,
        DANGER_PAWN_DEFENDERS,
        n,
        trace,
    );
    feature(
        index::DANGER_NO_QUEEN,
        DANGER_NO_QUEEN,
        !has_queen as i32,
        trace,
    );
    feature(index::DANGER_BASE, DANGER_BASE, 1, trace);
    let value = danger_curve(danger);
    trace.add(us, Term::KingDanger, value);
    value
}

/// The score of a king-danger count: quadratic in the middlegame (a few attackers are
/// nothing, many are decisive) and linear in the endgame, never positive. The tuner
/// fits the count's weights through this curve's floating-point twin
/// ([`danger_curve_f64`](super::trace::danger_curve_f64)): a change to one is a change
/// to both.
#[inline(always)]
fn danger_curve(count: S) -> S {
    let (mg, eg) = (count.mg().max(0), count.eg().max(0));
    S(-(mg * mg) / DANGER_MG_DIV, -eg / DANGER_EG_DIV)
}

/// Our pawn shield and their pawn storm, file by file, and our king's distance to the
/// nearest pawn, from `us`'s point of view.
#[inline(always)]
pub(super) fn king_shelter<T: Trace>(board: &Position, us: Color, trace: &mut T) -> S {
    let pawns = board.pieces(Piece::Pawn).0;
    let our_pawns = pawns & board.color_combined(us).0;
    let their_pawns = pawns & !our_pawns;
    let our_king = board.king_square(us).to_index();
    let mut king = S::default();
    // On the king's file and the next ones: the nearest pawn of each side on the
    // king's rank or ahead of it, by its distance in ranks (7: none).
    let level = (0xFFu64 << (our_king & !7)) | ranks_ahead(us, our_king);
    let king_rank = relative_rank(us, our_king);
    let nearest = |set: u64| match set {
        0 => 7,
        _ if us == Color::White => relative_rank(us, set.trailing_zeros() as usize) - king_rank,
        _ => relative_rank(us, 63 - set.leading_zeros() as usize) - king_rank,
    };
    let king_file = our_king & 7;
    for file in king_file.saturating_sub(1)..=(king_file + 1).min(7) {
        let column = (FILE_A << file) & level;
        let ours = nearest(our_pawns & column) as usize;
        let theirs = nearest(their_pawns & column) as usize;
        let i = 64 * (file == king_file) as usize + 8 * file + ours;
        king += SHIELD[i];
        trace.coeff(us, index::SHIELD + i, 1);
        let blocked = ours != 7 && ours + 1 == theirs;
        let i = 32 * blocked as usize + 8 * file.min(7 - file) + theirs;
        king += STORM[i];
        trace.coeff(us, index::STORM + i, 1);
    }
    // In the endgame a king far from every pawn is out of play.
    if pawns != 0 {
        let d = (1..8)
            .find(|&d| RINGS[our_king][d] & pawns != 0)
            .unwrap_or(0);
        king += KING_PAWN_DISTANCE[d];
        trace.coeff(us, index::KING_PAWN_DISTANCE + d, 1);
    }
    trace.add(us, Term::KingSafety, king);
    king
}
