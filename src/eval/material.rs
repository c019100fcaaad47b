//! Material: piece values and squares (for the tracer; the search takes their sum from
//! the board), the material imbalance, and the game phase.

use super::trace::{Term, Trace};
use super::{bits, table_index};
use crate::position::Position;
use crate::score::S;
use crate::types::{Color, Piece, ALL_PIECES};
use crate::weights::{index, IMBALANCE_OURS, IMBALANCE_THEIRS, PIECE_VALUE, PSQT};

/// One side's material and square terms, reported to `trace` from that side's point
/// of view. The search's evaluation takes their sum from [`Position::square_sum`]
/// instead; this is the tracer's (the tuner's and the `eval` command's) form.
#[inline(always)]
pub(super) fn material_and_squares<T: Trace>(board: &Position, us: Color, trace: &mut T) {
    let ours = board.color_combined(us).0;
    for (k, piece) in ALL_PIECES.iter().enumerate() {
        let set = board.pieces(*piece).0 & ours;
        let n = set.count_ones() as i32;
        trace.add(us, Term::Material, PIECE_VALUE[k] * n);
        trace.coeff(us, index::PIECE_VALUE + k, n);
        let mut sq = S::default();
        for s in bits(set) {
            let t = table_index(us, s);
            sq += PSQT[k][t];
            trace.coeff(us, index::PSQT + 64 * k + t, 1);
        }
        trace.add(us, Term::Squares, sq);
    }
}

/// The material imbalance, White's view: for each side, products of its piece counts
/// with its own and with the other side's, by pair of kinds (pawn to queen). A piece's
/// worth depends on what else is on the board (a queen against rooks, knights with
/// many pawns), which fixed piece values cannot say.
#[inline(always)]
pub(super) fn imbalance<T: Trace>(board: &Position, trace: &mut T) -> S {
    // Pawn to queen: the first five of the kinds, in the order the tables use.
    let counts = |c: Color| -> [i32; 5] {
        let side = board.color_combined(c).0;
        std::array::from_fn(|k| (board.pieces(ALL_PIECES[k]).0 & side).count_ones() as i32)
    };
    let n = [counts(Color::White), counts(Color::Black)];
    let mut total = S::default();
    for (us, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let (ours, theirs) = (&n[us.to_index()], &n[1 - us.to_index()]);
        let mut v = S::default();
        let (mut k, mut t) = (0, 0);
        for (i, &a) in ours.iter().enumerate() {
            for &b in &ours[i..] {
                let c = a * b;
                v += IMBALANCE_OURS[k] * c;
                trace.coeff(us, index::IMBALANCE_OURS + k, c);
                k += 1;
            }
            for &b in &theirs[i + 1..] {
                let c = a * b;
                v += IMBALANCE_THEIRS[t] * c;
                trace.coeff(us, index::IMBALANCE_THEIRS + t, c);
                t += 1;
            }
        }
        trace.add(us, Term::Imbalance, v);
        total += v * sign;
    }
    total
}

/// Phase weight of each piece kind (pawn, knight, bishop, rook, queen, king).
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// The game phase: MAX_PHASE with all pieces on the board (more after promotions; the
/// caller caps it), 0 with pawns and kings alone.
#[inline(always)]
pub(super) fn phase(board: &Position) -> i32 {
    let count = |p: Piece| board.pieces(p).0.count_ones() as i32;
    PHASE_WEIGHT[1] * count(Piece::Knight)
        + PHASE_WEIGHT[2] * count(Piece::Bishop)
        + PHASE_WEIGHT[3] * count(Piece::Rook)
        + PHASE_WEIGHT[4] * count(Piece::Queen)
}
