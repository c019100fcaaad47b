//! The piece-square table: each piece's material and square value in one number.
//!
//! The board sums this table incrementally as moves are made, and the evaluation starts
//! from that sum; both read it here, in a leaf built from the weights alone, so that the
//! board does not import the evaluation (which imports the board).

use crate::score::S;
use crate::weights::{PIECE_VALUE, PSQT};

/// Each piece's material and square value, by colour, kind and square index, from
/// White's point of view (Black's negated). The position keeps their sum over the board
/// as moves are made (`Position::square_sum`), so that the evaluation does not add some
/// thirty table entries a call; the evaluation's tracer form reports the same terms one
/// by one.
pub static PIECE_SQUARE: [[[S; 64]; 6]; 2] = piece_square_table();

const fn piece_square_table() -> [[[S; 64]; 6]; 2] {
    let mut table = [[[S(0, 0); 64]; 6]; 2];
    let mut k = 0;
    while k < 6 {
        let v = PIECE_VALUE[k];
        let mut sq = 0;
        while sq < 64 {
            // White's table is read flipped (a white piece on `sq` reads `sq ^ 56`).
            let (w, b) = (PSQT[k][sq ^ 56], PSQT[k][sq]);
            table[0][k][sq] = S(v.mg() + w.mg(), v.eg() + w.eg());
            table[1][k][sq] = S(-(v.mg() + b.mg()), -(v.eg() + b.eg()));
            sq += 1;
        }
        k += 1;
    }
    table
}
