//! Scores: the scale shared by search, table and UCI output, and the evaluation's
//! middlegame/endgame pair.
//!
//! Scores are centipawns from the side to move. A mate is `MATE - plies`, so that a
//! faster mate scores higher and a slower loss scores higher than a faster one.
//!
//! The evaluation's weights and sums are pairs ([`S`](struct@S)): a middlegame and an
//! endgame value, blended by game phase only at the end. The pair lives here, in a leaf,
//! because the weights ([`crate::weights`]), the piece-square table ([`crate::psqt`])
//! that the board sums as moves are made, and the evaluation all speak it.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// The deepest ply the search can reach (arrays are sized by it).
pub const MAX_PLY: usize = 128;
/// Larger than every real score; the search window starts at ±INFINITY.
pub const INFINITY: i32 = 32_001;
/// Score of delivering mate right now (mate at ply 0).
pub const MATE: i32 = 32_000;
/// Every score at or beyond this magnitude is a mate score.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Score of a tablebase win at the root; one found `ply` plies deeper scores
/// `TB_WIN - ply`. Below every mate, above every evaluation.
pub const TB_WIN: i32 = 20_000;
/// Every score at or beyond this magnitude is a tablebase result or a mate: scores
/// measured from the node where they were found, which the table stores relative to
/// that node.
pub const TB_BOUND: i32 = TB_WIN - MAX_PLY as i32;
/// Marks "no static evaluation" (in check, or an entry with no position behind it, as
/// learnt ones); fits the table's i16.
pub const EVAL_NONE: i32 = -32_500;
/// Score of a draw.
pub const DRAW: i32 = 0;

/// The score of being mated `ply` plies from the root.
#[inline]
pub fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Whether a score means a forced mate for either side.
#[inline]
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Whether a score is a proven result rather than an evaluation: a forced mate or a
/// tablebase win or loss, for either side. Such a score is only as good as the search
/// that proved it, so no guess (a pass, a static margin) may claim one, and it says
/// nothing of how far the evaluation is off.
#[inline]
pub fn is_decisive(score: i32) -> bool {
    score.abs() >= TB_BOUND
}

/// Converts a mate score to UCI's "mate in N moves" (negative when being mated).
/// Returns `None` for an ordinary score.
pub fn mate_in_moves(score: i32) -> Option<i32> {
    if !is_mate(score) {
        None
    } else if score > 0 {
        Some((MATE - score + 1) / 2)
    } else {
        Some(-(MATE + score) / 2)
    }
}

/// A middlegame/endgame pair of centipawn values, packed in one integer: the endgame
/// value in the high half, the middlegame value (sign included) in the low half. Sums
/// and multiples of pairs are then one addition or multiplication instead of two, which
/// matters in an evaluation that adds a few hundred of them per call. Each value must
/// stay within ±32767 (every weight, and every total of them, is far inside).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct S {
    packed: i32,
}

/// The pair (`mg`, `eg`): the constructor, named like the type so that the weight
/// tables read as `S(mg, eg)`.
#[allow(non_snake_case)]
#[inline(always)]
pub const fn S(mg: i32, eg: i32) -> S {
    debug_assert!(mg >= i16::MIN as i32 && mg <= i16::MAX as i32);
    debug_assert!(eg >= i16::MIN as i32 && eg <= i16::MAX as i32);
    S {
        packed: (eg << 16).wrapping_add(mg),
    }
}

impl S {
    /// Nothing in either phase (as `S::default()`, which a constant cannot call).
    pub const ZERO: S = S(0, 0);

    /// The middlegame value.
    #[inline(always)]
    pub const fn mg(self) -> i32 {
        self.packed as i16 as i32
    }

    /// The endgame value (the high half, corrected for the borrow a negative
    /// middlegame value took from it).
    #[inline(always)]
    pub const fn eg(self) -> i32 {
        ((self.packed.wrapping_add(0x8000)) >> 16) as i16 as i32
    }
}

impl std::fmt::Debug for S {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "S({}, {})", self.mg(), self.eg())
    }
}

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S {
            packed: self.packed.wrapping_add(o.packed),
        }
    }
}
impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        S {
            packed: self.packed.wrapping_sub(o.packed),
        }
    }
}
impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S {
            packed: self.packed.wrapping_neg(),
        }
    }
}
impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, k: i32) -> S {
        S {
            packed: self.packed.wrapping_mul(k),
        }
    }
}
impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        *self = *self + o;
    }
}
impl SubAssign for S {
    #[inline(always)]
    fn sub_assign(&mut self, o: S) {
        *self = *self - o;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Mates and tablebase results for either side are decisive, evaluations (the
    /// endgame rules' known wins among them) are not.
    #[test]
    fn decisive_scores_are_mates_and_tablebase_results() {
        for score in [
            MATE - 1,
            mated_in(3),
            TB_WIN - 5,
            -(TB_WIN - 40),
            TB_BOUND,
            -TB_BOUND,
        ] {
            assert!(is_decisive(score), "{score}");
        }
        for score in [0, 150, -2_000, 10_000, TB_BOUND - 1, -(TB_BOUND - 1)] {
            assert!(!is_decisive(score), "{score}");
        }
        assert!(is_mate(MATE - 1) && !is_mate(TB_WIN - 5));
    }

    /// The packed pair gives back both halves, signs included, and its sums, differences,
    /// negations and multiples are those of the halves taken one by one.
    #[test]
    fn packed_pairs_do_the_arithmetic_of_their_halves() {
        let values = [-20000, -4097, -300, -1, 0, 1, 255, 256, 4096, 20000];
        for &a in &values {
            for &b in &values {
                let s = S(a, b);
                assert_eq!((s.mg(), s.eg()), (a, b));
                assert_eq!(((-s).mg(), (-s).eg()), (-a, -b));
                for &k in &[-1, 0, 1, 3] {
                    if (a * k).abs() <= 32767 && (b * k).abs() <= 32767 {
                        let m = s * k;
                        assert_eq!((m.mg(), m.eg()), (a * k, b * k));
                    }
                }
                for &(c, d) in &[(-300, 7), (12, -12000), (0, 0), (9999, 9999)] {
                    let (sum, diff) = (s + S(c, d), s - S(c, d));
                    assert_eq!((sum.mg(), sum.eg()), (a + c, b + d));
                    assert_eq!((diff.mg(), diff.eg()), (a - c, b - d));
                }
            }
        }
    }
}
