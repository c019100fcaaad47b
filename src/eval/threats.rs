//! Threats: their pieces attacked by our cheaper ones or left undefended, and the safe
//! pawn pushes that would attack one.

use super::trace::{Term, Trace};
use super::{pawn_attacks, Attacks};
use crate::position::Position;
use crate::score::S;
use crate::types::{Color, Piece};
use crate::weights::{
    index, THREAT_BY_KING, THREAT_BY_MINOR, THREAT_BY_PAWN, THREAT_BY_ROOK, THREAT_HANGING,
    THREAT_MINOR_BY_MAJOR, THREAT_MINOR_BY_MINOR, THREAT_PAWN_PUSH, THREAT_QUEEN, THREAT_WEAK_PAWN,
};

/// Threats by `us`: their pieces attacked by our cheaper ones or left undefended, and
/// the safe pawn pushes that would attack a piece, from `us`'s point of view.
#[inline(always)]
pub(super) fn threats<T: Trace>(board: &Position, us: Color, att: &Attacks, trace: &mut T) -> S {
    let them = !us;
    let (u, t) = (us.to_index(), them.to_index());
    let occ = board.combined().0;
    let theirs = board.color_combined(them).0;
    let piece = |p: Piece| board.pieces(p).0 & theirs;
    let (pawns, minors) = (
        piece(Piece::Pawn),
        piece(Piece::Knight) | piece(Piece::Bishop),
    );
    let (rooks, queens) = (piece(Piece::Rook), piece(Piece::Queen));
    let pieces = minors | rooks | queens;
    let by = &att.by[u];
    let by_minors = by[1] | by[2];
    let undefended = !att.all[t];

    // Safe pushes: one square (two from the second rank) onto a square their pawns do
    // not hit, and that we hold or they do not.
    let our_pawns = board.pieces(Piece::Pawn).0 & board.color_combined(us).0;
    let (forward, third): (fn(u64) -> u64, u64) = if us == Color::White {
        (|b| b << 8, 0xFF << 16)
    } else {
        (|b| b >> 8, 0xFF << 40)
    };
    let single = forward(our_pawns) & !occ;
    let double = forward(single & third) & !occ;
    let pushes = (single | double) & !att.by[t][0] & (att.all[u] | !att.all[t]);

    let counts = [
        (index::THREAT_BY_PAWN, THREAT_BY_PAWN, by[0] & pieces),
        (
            index::THREAT_BY_MINOR,
            THREAT_BY_MINOR,
            by_minors & (rooks | queens),
        ),
        (index::THREAT_BY_ROOK, THREAT_BY_ROOK, by[3] & queens),
        (
            index::THREAT_WEAK_PAWN,
            THREAT_WEAK_PAWN,
            att.all[u] & pawns & undefended,
        ),
        (
            index::THREAT_MINOR_BY_MINOR,
            THREAT_MINOR_BY_MINOR,
            by_minors & minors,
        ),
        (
            index::THREAT_MINOR_BY_MAJOR,
            THREAT_MINOR_BY_MAJOR,
            (by[3] | by[4]) & minors,
        ),
        (index::THREAT_QUEEN, THREAT_QUEEN, att.all[u] & queens),
        (
            index::THREAT_HANGING,
            THREAT_HANGING,
            att.all[u] & pieces & undefended,
        ),
        (
            index::THREAT_BY_KING,
            THREAT_BY_KING,
            by[5] & theirs & undefended,
        ),
        (
            index::THREAT_PAWN_PUSH,
            THREAT_PAWN_PUSH,
            pawn_attacks(pushes, us) & pieces,
        ),
    ];
    let mut total = S::default();
    for (at, w, set) in counts {
        let n = set.count_ones() as i32;
        total += w * n;
        trace.coeff(us, at, n);
    }
    trace.add(us, Term::Threats, total);
    total
}
