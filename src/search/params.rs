//! Every tunable number of the search, in one place, so that a tuner (SPSA) can reach
//! all of them and no magic literal hides in the search code. Depths are in plies,
//! scores in centipawns, history values on the ±[`HISTORY_MAX`] scale.
//!
//! The numbers that shape the search are the fields of [`Params`], with their defaults
//! in [`Params::DEFAULT`]. Each worker carries a [`WorkerParams`] and the search reads
//! them as `self.params.x`. In a normal build that is a zero-sized handle on
//! `Params::DEFAULT`, so every read is a compile-time constant and the search is as fast
//! as with plain `const`s; built with the `spsa` feature it is a `Params` value that
//! can change at run time (`descriptors`, `spsa_lines`, `Pool::set_param`), for
//! SPSA tuning through UCI options.
//!
//! The constants below the list are scales and sizes rather than tuning knobs.

/// Declares [`Params`] from one list, so that each field, its default and its tuning
/// range are written once, and the descriptors cannot fall out of step with the struct.
macro_rules! search_params {
    ($( $(#[doc = $doc:expr])* $name:ident: $default:expr, $min:expr, $max:expr; )*) => {
        /// The numbers that shape the search (see the module documentation).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct Params {
            $( $(#[doc = $doc])* pub $name: i32, )*
        }

        impl Params {
            /// The values the engine plays with.
            pub const DEFAULT: Params = Params { $( $name: $default, )* };
        }

        /// One descriptor per field of [`Params`], in declaration order.
        #[cfg(feature = "spsa")]
        const DESCRIPTORS: &[ParamDesc] = &[
            $( ParamDesc {
                name: stringify!($name),
                default: $default,
                min: $min,
                max: $max,
                set: |p, v| p.$name = v,
                get: |p| p.$name,
            }, )*
        ];
    };
}

search_params! {
    // Aspiration windows start at depth ASP_MIN_DEPTH with half-width ASP_DELTA around
    // the last score, and grow by half on every fail; past ASP_MAX_DELTA the window
    // opens fully.
    /// Aspiration: the first iteration (plies) searched in a window around the last
    /// score; shallower ones, and any after a mate score, use a full window.
    asp_min_depth: 4, 1, 10;
    /// Aspiration: the window's first half-width, in centipawns; it grows by half on
    /// every fail.
    asp_delta: 20, 5, 60;
    /// Aspiration: once the half-width grows past this (centipawns), the window opens
    /// fully.
    asp_max_delta: 1_000, 300, 3_000;
    /// Aspiration: after a fail high the root is searched a ply shallower, one more per
    /// fail high in a row, up to this many plies (0: never shallower).
    asp_fail_high_max: 3, 0, 6;

    // Reverse futility pruning: at remaining depth ≤ RFP_MAX_DEPTH, a static eval this
    // far above beta (per ply, less when the eval is improving) returns.
    /// Reverse futility: the deepest remaining depth (plies) it applies at.
    rfp_max_depth: 8, 3, 14;
    /// Reverse futility: margin above beta per ply of remaining depth (one ply fewer
    /// when the eval is improving), in centipawns.
    rfp_margin: 75, 30, 150;

    // Null move: from depth NMP_MIN_DEPTH, reduced by
    // BASE + depth/DEPTH_DIV + min((eval − beta)/EVAL_DIV, EVAL_MAX).
    /// Null move: the least remaining depth (plies) it is tried at.
    nmp_min_depth: 3, 1, 6;
    /// Null move: the reduction's constant part, in plies.
    nmp_base: 3, 1, 6;
    /// Null move: one more ply of reduction per this many plies of depth.
    nmp_depth_div: 3, 2, 6;
    /// Null move: one more ply of reduction per this many centipawns of eval above
    /// beta...
    nmp_eval_div: 200, 80, 400;
    /// ...up to this many plies.
    nmp_eval_max: 3, 1, 6;

    // ProbCut: from depth PROBCUT_MIN_DEPTH, a capture that beats beta + MARGIN in a
    // search REDUCTION plies shallower cuts the node off.
    /// ProbCut: the least remaining depth (plies) it is tried at.
    probcut_min_depth: 5, 3, 10;
    /// ProbCut: how far above beta (centipawns) a capture's reduced search must reach.
    probcut_margin: 100, 40, 300;
    /// ProbCut: how many plies shallower the capture is searched; its result is stored
    /// in the table one ply deeper than that.
    probcut_reduction: 4, 3, 6;

    /// Internal iterative reduction: a node with no table move at remaining depth ≥
    /// this (plies) is searched one ply shallower.
    iir_min_depth: 4, 2, 8;

    /// Late move pruning: at remaining depth d, once (LMP_BASE + d²)/(2 − improving)
    /// moves have been searched, the remaining quiet moves are skipped.
    lmp_base: 3, 0, 10;

    // Futility pruning of quiet moves at LMR depth ≤ MAX_DEPTH when
    // eval + BASE + PER_DEPTH·d ≤ alpha and the move's history is below HIST_LIMIT
    // (HIST_LIMIT_IMPROVING when improving).
    /// Futility: the deepest reduced (LMR) depth, in plies, it applies at.
    fp_max_depth: 8, 3, 14;
    /// Futility: the margin's constant part, in centipawns.
    fp_base: 100, 20, 250;
    /// Futility: the margin per ply of reduced depth, in centipawns.
    fp_per_depth: 100, 40, 200;
    /// Futility: a quiet move whose history (butterfly plus continuation, up to three
    /// times ±[`HISTORY_MAX`]) is at or above this is not pruned...
    fp_hist_limit: 12_000, 0, 30_000;
    /// ...nor, when the eval is improving, one at or above this.
    fp_hist_limit_improving: 6_000, 0, 30_000;

    // SEE pruning at depth ≤ MAX_DEPTH: quiets below −QUIET_MARGIN·d (d the LMR depth),
    // captures below −NOISY_MARGIN·d.
    /// SEE pruning: the deepest depth (plies; reduced depth for quiets) it applies at.
    see_prune_max_depth: 8, 3, 14;
    /// SEE pruning: a quiet move is skipped when its exchange loses more than this
    /// many centipawns per ply of reduced depth.
    see_quiet_margin: 50, 15, 120;
    /// SEE pruning: a capture is skipped when its exchange loses more than this many
    /// centipawns per ply of depth.
    see_noisy_margin: 90, 30, 180;

    // History pruning: quiets with history below −MARGIN·d at depth ≤ MAX_DEPTH are
    // skipped.
    /// History pruning: the deepest remaining depth (plies) it applies at.
    hp_max_depth: 4, 1, 8;
    /// History pruning: a quiet move whose history is below −this per ply of depth is
    /// skipped (history units, ±[`HISTORY_MAX`]).
    hp_margin: 3_000, 1_000, 6_000;

    // Singular extensions: from depth SE_MIN_DEPTH, with a table entry at most
    // SE_TT_DEPTH_SLACK plies shallower; the singular beta is the table score minus
    // SE_MARGIN per ply. A double extension needs a result below singular beta by
    // SE_DOUBLE_MARGIN, and at most SE_MAX_DOUBLE of them on one line.
    /// Singular extension: the least remaining depth (plies) it is tried at.
    se_min_depth: 8, 5, 12;
    /// Singular extension: how many plies shallower than the node the table entry may
    /// be.
    se_tt_depth_slack: 3, 1, 6;
    /// Singular extension: the singular beta is the table score minus this many
    /// centipawns per ply of depth.
    se_margin: 2, 1, 5;
    /// Singular extension: a result this many centipawns below the singular beta
    /// extends by two plies (not at PV nodes).
    se_double_margin: 20, 5, 50;
    /// Singular extension: the most double extensions on one line.
    se_max_double: 6, 0, 12;

    // Late move reductions: r = BASE + ln(d)·ln(n)/DIV, BASE and DIV in hundredths
    // (quiet and noisy moves apart); from LMR_MIN_DEPTH, after LMR_MIN_MOVES moves
    // (one more at PV nodes). History moves r by 1 per HIST_DIV.
    /// LMR: the quiet moves' reduction's constant part, in hundredths of a ply.
    lmr_base: 75, 25, 150;
    /// LMR: the quiet moves' divisor of ln(depth)·ln(move number), in hundredths.
    lmr_div: 225, 150, 350;
    /// LMR: the captures' and promotions' constant part, in hundredths of a ply.
    lmr_noisy_base: -20, -100, 100;
    /// LMR: the captures' and promotions' divisor, in hundredths.
    lmr_noisy_div: 300, 150, 500;
    /// LMR: the least remaining depth (plies) at which moves are reduced.
    lmr_min_depth: 3, 1, 6;
    /// LMR: moves searched before reductions start (one more at PV nodes).
    lmr_min_moves: 1, 0, 4;
    /// LMR: a quiet move's reduction changes by one ply per this much history (less
    /// for good history, more for bad).
    lmr_hist_div: 8_192, 2_048, 16_384;
    /// LMR: one ply less when the opponent's move to this node came later than this
    /// in its move loop (its node was searched widely: this one is likely not a cut).
    lmr_opp_moves: 14, 4, 30;
    /// LMR: one ply less while the share of nodes that find a table entry stays above
    /// this, in 1024ths (the tree is well explored; reductions are safer to lift).
    lmr_tt_hit_share: 544, 300, 900;

    /// Quiescence delta pruning: a capture is skipped when the stand-pat score plus
    /// the captured piece's value plus this margin (centipawns) stays at or below alpha.
    delta_margin: 200, 50, 400;
    /// Quiescence: the table move is skipped if its SEE is below this (centipawns).
    qs_see_threshold: 0, -100, 100;

    // History bonus for a move at remaining depth d: MUL·d − SUB, within 0..=MAX.
    /// History bonus per ply of depth.
    history_bonus_mul: 300, 100, 600;
    /// History bonus: subtracted from MUL·d.
    history_bonus_sub: 250, 0, 500;
    /// History bonus: the largest bonus (history units).
    history_bonus_max: 2_500, 1_000, 4_000;
}

/// Hundredths, the unit of the LMR formula's BASE and DIV.
const LMR_UNIT: f64 = 100.0;

impl Params {
    /// Late move reductions by `[noisy][depth][move number]`, from the LMR formula.
    pub fn lmr_table(&self) -> Box<[[[i32; 64]; 64]; 2]> {
        let (base, div) = (
            self.lmr_base as f64 / LMR_UNIT,
            self.lmr_div as f64 / LMR_UNIT,
        );
        let noisy_base = self.lmr_noisy_base as f64 / LMR_UNIT;
        let noisy_div = self.lmr_noisy_div as f64 / LMR_UNIT;
        let mut lmr = Box::new([[[0i32; 64]; 64]; 2]);
        for d in 1..64 {
            for n in 1..64 {
                let l = (d as f64).ln() * (n as f64).ln();
                lmr[0][d][n] = (base + l / div) as i32;
                lmr[1][d][n] = (noisy_base + l / noisy_div).max(0.0) as i32;
            }
        }
        lmr
    }
}

/// The parameters a worker searches with. Without the `spsa` feature this is
/// [`DefaultParams`], a zero-sized handle whose fields are those of
/// [`Params::DEFAULT`], so the compiler folds every read into a constant.
#[cfg(not(feature = "spsa"))]
pub type WorkerParams = DefaultParams;
/// The parameters a worker searches with: with the `spsa` feature, values that UCI
/// options can change between searches.
#[cfg(feature = "spsa")]
pub type WorkerParams = Params;

/// [`Params::DEFAULT`] as a value that costs nothing to carry: reading a field through
/// it reads the constant.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DefaultParams;

impl std::ops::Deref for DefaultParams {
    type Target = Params;

    #[inline(always)]
    fn deref(&self) -> &Params {
        &Params::DEFAULT
    }
}

#[cfg(feature = "spsa")]
impl Default for Params {
    fn default() -> Params {
        Params::DEFAULT
    }
}

/// One tunable parameter, for the UCI layer to make a spin option of and for SPSA.
#[cfg(feature = "spsa")]
#[derive(Debug, Clone, Copy)]
pub struct ParamDesc {
    /// The field's name, also the option's name.
    pub name: &'static str,
    /// The value in [`Params::DEFAULT`].
    pub default: i32,
    /// The least value a tuner may explore and [`Params::set`] accepts.
    pub min: i32,
    /// The greatest value a tuner may explore and [`Params::set`] accepts.
    pub max: i32,
    /// Writes a value into the field (unchecked: [`Params::set`] checks the range).
    pub set: fn(&mut Params, i32),
    /// Reads the field.
    pub get: fn(&Params) -> i32,
}

/// Why a parameter could not be set.
#[cfg(feature = "spsa")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamError {
    /// No parameter has this name.
    Unknown(String),
    /// The value lies outside the parameter's range (name, value, min, max).
    OutOfRange(&'static str, i32, i32, i32),
}

#[cfg(feature = "spsa")]
impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            ParamError::Unknown(name) => write!(f, "no search parameter {name}"),
            ParamError::OutOfRange(name, v, min, max) => {
                write!(f, "{name} {v} is outside {min}..={max}")
            }
        }
    }
}

#[cfg(feature = "spsa")]
impl std::error::Error for ParamError {}

/// Every tunable parameter, in declaration order.
#[cfg(feature = "spsa")]
pub fn descriptors() -> &'static [ParamDesc] {
    DESCRIPTORS
}

#[cfg(feature = "spsa")]
impl Params {
    /// Sets the parameter `name` to `value`, within its range.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), ParamError> {
        let d = DESCRIPTORS
            .iter()
            .find(|d| d.name == name)
            .ok_or_else(|| ParamError::Unknown(name.to_string()))?;
        if !(d.min..=d.max).contains(&value) {
            return Err(ParamError::OutOfRange(d.name, value, d.min, d.max));
        }
        (d.set)(self, value);
        Ok(())
    }
}

/// SPSA's end-of-run perturbation is this fraction of a parameter's range (c_end)...
#[cfg(feature = "spsa")]
const SPSA_C_END_FRACTION: f64 = 1.0 / 20.0;
/// ...but at least this much, so that a narrow integer range still moves.
#[cfg(feature = "spsa")]
const SPSA_C_END_MIN: f64 = 0.5;
/// SPSA's end-of-run learning rate (r_end), OpenBench's usual value.
#[cfg(feature = "spsa")]
const SPSA_R_END: f64 = 0.002;

/// The parameters in OpenBench's SPSA input format, one per line:
/// `name, int, default, min, max, c_end, r_end`.
#[cfg(feature = "spsa")]
pub fn spsa_lines() -> Vec<String> {
    DESCRIPTORS
        .iter()
        .map(|d| {
            let c_end = ((d.max - d.min) as f64 * SPSA_C_END_FRACTION).max(SPSA_C_END_MIN);
            // Two decimals: a step finer than that means nothing for an integer.
            let c_end = (c_end * 100.0).round() / 100.0;
            format!(
                "{}, int, {}, {}, {}, {}, {}",
                d.name, d.default, d.min, d.max, c_end, SPSA_R_END
            )
        })
        .collect()
}

/// History scores saturate at ±this (gravity updates pull toward it; they are stored
/// in 16 bits).
pub const HISTORY_MAX: i32 = 16_384;

/// Correction history: entries per side (indexed by pawn key).
pub const CORR_SIZE: usize = 16_384;
/// Correction history: an entry is stored in 1/CORR_GRAIN centipawns; also the
/// denominator of the update weight.
pub const CORR_GRAIN: i32 = 256;
/// Correction history: an update's target (search score minus static eval) is clamped
/// to ±this many centipawns.
pub const CORR_MAX: i32 = 256;
/// Correction history: the largest update weight, in 1/CORR_GRAIN (the weight is
/// depth + 1, up to this: at most 1/16 of the way to the target per update).
pub const CORR_MAX_WEIGHT: i32 = 16;
/// Correction history: the tables summed (pawns, White's pieces, Black's pieces); each
/// takes 1/CORR_TABLES of an update's step, so that their sum moves as one table would.
pub const CORR_TABLES: i32 = 3;

/// Move ordering: a capture's score is victim value·MVV_MUL plus its capture history.
pub const MVV_MUL: i32 = 16;

/// Tablebases: a probed result is stored this much deeper than the node's depth (it is
/// exact whatever the depth).
pub const TB_DEPTH_BONUS: i32 = 6;

#[cfg(test)]
mod tests {
    use super::*;

    /// The table from the parameters is the table the engine always had, from the
    /// formula with its constants written out.
    #[test]
    fn lmr_table_is_the_old_formula() {
        let t = Params::DEFAULT.lmr_table();
        for d in 1..64 {
            for n in 1..64 {
                let l = (d as f64).ln() * (n as f64).ln();
                assert_eq!(t[0][d][n], (0.75 + l / 2.25) as i32);
                assert_eq!(t[1][d][n], (-0.2 + l / 3.0f64).max(0.0) as i32);
            }
        }
    }

    #[cfg(feature = "spsa")]
    #[test]
    fn descriptors_match_the_defaults_and_set_checks_the_range() {
        let mut p = Params::DEFAULT;
        for d in descriptors() {
            assert_eq!((d.get)(&p), d.default, "{}", d.name);
            assert!(d.min <= d.default && d.default <= d.max, "{}", d.name);
            p.set(d.name, d.max).unwrap();
            assert_eq!((d.get)(&p), d.max, "{}", d.name);
            assert!(p.set(d.name, d.max + 1).is_err());
        }
        assert!(p.set("no_such_parameter", 1).is_err());
        let lines = spsa_lines();
        assert_eq!(lines.len(), descriptors().len());
        assert_eq!(lines[0], "asp_min_depth, int, 4, 1, 10, 0.5, 0.002");
        assert!(lines
            .iter()
            .any(|l| l == "rfp_margin, int, 75, 30, 150, 6, 0.002"));
        assert!(lines
            .iter()
            .any(|l| l == "se_max_double, int, 6, 0, 12, 0.6, 0.002"));
    }
}
