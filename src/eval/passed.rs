//! Passed pawns: what depends on more than the pawns (their rank bonus is a pawn term):
//! a free path, a blocked or safe stop square, and the kings' distances.

use super::trace::{Term, Trace};
use super::{bits, distance, front_file, relative_rank, stop_square, Attacks};
use crate::position::Position;
use crate::score::S;
use crate::types::Color;
use crate::weights::{
    index, PASSED_BLOCKED, PASSED_FREE, PASSED_KING_OURS, PASSED_KING_THEIRS, PASSED_SAFE,
};

/// Passed pawns, what depends on more than the pawns (the rank bonus is in
/// [`pawn_eval`](super::pawns::pawn_eval)): a free path, a blocked stop square, whether
/// it can advance and safely, and the kings' distances by rank, from `us`'s point of
/// view.
#[inline(always)]
pub(super) fn passed_pawns<T: Trace>(
    board: &Position,
    us: Color,
    passers: u64,
    att: &Attacks,
    trace: &mut T,
) -> S {
    let them = !us;
    let occ = board.combined().0;
    let ours = board.color_combined(us).0;
    let theirs = board.color_combined(them).0;
    let our_king = board.king_square(us).to_index();
    let their_king = board.king_square(them).to_index();
    let mut passed = S::default();
    for s in bits(passers & ours) {
        let r = relative_rank(us, s) as usize;
        let ahead = front_file(us, s);
        if ahead & occ == 0 {
            passed += PASSED_FREE[r];
            trace.coeff(us, index::PASSED_FREE + r, 1);
        }
        let stop = stop_square(us, s);
        let stop_bit = 1u64 << stop;
        if theirs & stop_bit != 0 {
            passed += PASSED_BLOCKED;
            trace.coeff(us, index::PASSED_BLOCKED, 1);
        }
        let can = (occ & stop_bit == 0) as usize;
        let safe = (att.all[them.to_index()] & stop_bit == 0) as usize;
        let i = 16 * can + 8 * safe + r;
        passed += PASSED_SAFE[i];
        trace.coeff(us, index::PASSED_SAFE + i, 1);
        let (t, o) = (distance(their_king, stop), distance(our_king, stop));
        passed += PASSED_KING_THEIRS[r] * t + PASSED_KING_OURS[r] * o;
        trace.coeff(us, index::PASSED_KING_THEIRS + r, t);
        trace.coeff(us, index::PASSED_KING_OURS + r, o);
    }
    trace.add(us, Term::PassedPawns, passed);
    passed
}
