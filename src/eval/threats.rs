//! Threats: their pawns and pieces attacked, by the kind of our attacker, the kind of
//! their piece and whether they defend it; their pieces left undefended; and the safe
//! pawn pushes that would attack one.

use super::trace::{Term, Trace};
use super::{forward, pawn_attacks, Attacks};
use crate::position::Position;
use crate::score::S;
use crate::types::{Color, Piece};
use crate::weights::{index, THREAT, THREAT_HANGING, THREAT_PAWN_PUSH};

/// The kinds a threat can fall on, in the order of the [`THREAT`] table's victims.
const VICTIM_KINDS: [Piece; 5] = [
    Piece::Pawn,
    Piece::Knight,
    Piece::Bishop,
    Piece::Rook,
    Piece::Queen,
];

/// Threats by `us`, from `us`'s point of view: each pawn and piece of theirs by the kind
/// of each of ours that attacks it and whether they defend it (a table: a pawn's hit on a
/// defended rook is worth what a queen's on a defended pawn is not), their pieces
/// attacked and undefended (hanging), and the safe pawn pushes that would attack a piece.
#[inline(always)]
pub(super) fn threats<T: Trace>(board: &Position, us: Color, att: &Attacks, trace: &mut T) -> S {
    let them = !us;
    let (u, t) = (us.to_index(), them.to_index());
    let theirs = board.color_combined(them).0;
    let victims = VICTIM_KINDS.map(|p| board.pieces(p).0 & theirs);
    let pieces = victims[1] | victims[2] | victims[3] | victims[4];
    let defended = att.all[t];
    let mut total = S::default();
    let mut add = |at: usize, w: S, n: i32, trace: &mut T| {
        total += w * n;
        trace.coeff(us, at, n);
    };

    for (a, &hits) in att.by[u].iter().enumerate() {
        let hit = hits & (pieces | victims[0]);
        if hit == 0 {
            continue;
        }
        for (v, &set) in victims.iter().enumerate() {
            let s = hit & set;
            if s == 0 {
                continue;
            }
            for (guarded, on) in [(false, s & !defended), (true, s & defended)] {
                let i = index::threat(a, v, guarded);
                add(index::THREAT + i, THREAT[i], on.count_ones() as i32, trace);
            }
        }
    }
    let hanging = att.all[u] & pieces & !defended;
    let n = hanging.count_ones() as i32;
    add(index::THREAT_HANGING, THREAT_HANGING, n, trace);
    let n = (pawn_attacks(safe_pushes(board, us, att), us) & pieces).count_ones() as i32;
    add(index::THREAT_PAWN_PUSH, THREAT_PAWN_PUSH, n, trace);
    trace.add(us, Term::Threats, total);
    total
}

/// `us`'s safe pawn pushes: one square (two from the second rank) onto a square their
/// pawns do not hit, and that we hold or they do not.
#[inline(always)]
fn safe_pushes(board: &Position, us: Color, att: &Attacks) -> u64 {
    let (u, t) = (us.to_index(), (!us).to_index());
    let occ = board.combined().0;
    let our_pawns = board.pieces(Piece::Pawn).0 & board.color_combined(us).0;
    let third = if us == Color::White {
        0xFF << 16
    } else {
        0xFF << 40
    };
    let single = forward(us, our_pawns) & !occ;
    let double = forward(us, single & third) & !occ;
    (single | double) & !att.by[t][Attacks::PAWN] & (att.all[u] | !att.all[t])
}
