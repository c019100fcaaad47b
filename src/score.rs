//! Score scale shared by search, table and UCI output.
//!
//! Scores are centipawns from the side to move. A mate is `MATE - plies`, so that a
//! faster mate scores higher and a slower loss scores higher than a faster one.

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
