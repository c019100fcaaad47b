//! Every tunable number of the search, in one place, so that a tuner (SPSA) can reach
//! all of them and no magic literal hides in the search code. Depths are in plies,
//! scores in centipawns, history values on the ±[`HISTORY_MAX`] scale.

/// History scores saturate at ±this (gravity updates pull toward it).
pub const HISTORY_MAX: i32 = 16_384;
/// History bonus for a move at remaining depth d: min(MUL·d − SUB, MAX).
pub const HISTORY_BONUS_MUL: i32 = 300;
pub const HISTORY_BONUS_SUB: i32 = 250;
pub const HISTORY_BONUS_MAX: i32 = 2_500;

/// Aspiration windows start at depth ASP_MIN_DEPTH with half-width ASP_DELTA around
/// the last score, and grow by half on every fail.
pub const ASP_MIN_DEPTH: u32 = 4;
pub const ASP_DELTA: i32 = 20;

/// Reverse futility pruning: at remaining depth ≤ RFP_MAX_DEPTH, a static eval this far
/// above beta (per ply, less when the eval is improving) returns.
pub const RFP_MAX_DEPTH: i32 = 8;
pub const RFP_MARGIN: i32 = 75;

/// Null move: from depth NMP_MIN_DEPTH, reduced by BASE + depth/DIV + min((eval−beta)/EVAL_DIV, EVAL_MAX).
pub const NMP_MIN_DEPTH: i32 = 3;
pub const NMP_BASE: i32 = 3;
pub const NMP_DEPTH_DIV: i32 = 3;
pub const NMP_EVAL_DIV: i32 = 200;
pub const NMP_EVAL_MAX: i32 = 3;

/// Internal iterative reduction: a node with no table move at depth ≥ this is searched
/// one ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Late move pruning: quiet moves after (BASE + d²)/(2 − improving) are skipped.
pub const LMP_BASE: i32 = 3;
/// Futility pruning of quiet moves at LMR depth ≤ MAX_DEPTH when eval + BASE + PER·d ≤ alpha.
pub const FP_MAX_DEPTH: i32 = 8;
pub const FP_BASE: i32 = 100;
pub const FP_PER_DEPTH: i32 = 100;
/// SEE pruning thresholds at low depth: quiets below −QUIET·d, captures below −NOISY·d.
pub const SEE_PRUNE_MAX_DEPTH: i32 = 8;
pub const SEE_QUIET_MARGIN: i32 = 50;
pub const SEE_NOISY_MARGIN: i32 = 90;
/// History pruning: quiets with history below −MARGIN·d at depth ≤ MAX_DEPTH are skipped.
pub const HP_MAX_DEPTH: i32 = 4;
pub const HP_MARGIN: i32 = 3_000;

/// Singular extensions: from depth SE_MIN_DEPTH, with a table entry at most
/// SE_TT_DEPTH_SLACK plies shallower; the singular beta is the table score minus
/// SE_MARGIN per ply. A double extension needs a result below singular beta by
/// SE_DOUBLE_MARGIN, and at most SE_MAX_DOUBLE of them on one line.
pub const SE_MIN_DEPTH: i32 = 8;
pub const SE_TT_DEPTH_SLACK: i32 = 3;
pub const SE_MARGIN: i32 = 2;
pub const SE_DOUBLE_MARGIN: i32 = 20;
pub const SE_MAX_DOUBLE: u8 = 6;

/// Late move reductions: r = BASE + ln(d)·ln(n)/DIV, in hundredths; from LMR_MIN_DEPTH,
/// after LMR_MIN_MOVES moves (one more at PV nodes). History moves r by 1 per HIST_DIV.
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIV: f64 = 2.25;
pub const LMR_NOISY_BASE: f64 = -0.2;
pub const LMR_NOISY_DIV: f64 = 3.0;
pub const LMR_MIN_DEPTH: i32 = 3;
pub const LMR_MIN_MOVES: usize = 1;
pub const LMR_HIST_DIV: i32 = 8_192;

/// Quiescence: delta pruning margin on top of the captured piece's value.
pub const DELTA_MARGIN: i32 = 200;
/// Quiescence: captures whose SEE is below this are skipped.
pub const QS_SEE_THRESHOLD: i32 = 0;

/// Correction history: entries per side, scale of an entry (GRAIN = one centipawn),
/// bound of an entry in centipawns, and the largest update weight.
pub const CORR_SIZE: usize = 16_384;
pub const CORR_GRAIN: i32 = 256;
pub const CORR_MAX: i32 = 256;
pub const CORR_MAX_WEIGHT: i32 = 16;

/// Move ordering: a capture's score is victim value·MVV_MUL plus its capture history.
pub const MVV_MUL: i32 = 16;

// Tablebases: a probed result is stored this much deeper than the node's depth (it is
// exact whatever the depth).
pub const TB_DEPTH_BONUS: i32 = 6;
