//! `tiefe-tools tune`: Texel-style tuning of every linear evaluation weight.
//!
//! Each training position (from `tiefe-tools datagen`) is traced once: the evaluation reports
//! how often each weight was used for each side ([`Coefficients`]), so the tuner fits
//! exactly what the engine computes, with no second copy of the evaluation. The
//! prediction for weights θ is the tapered sum `(θ_mg·c · phase + θ_eg·c · (24 − phase))
//! / 24` plus the part no weight explains (the king-attack curve), squashed by
//! `sigmoid(K · eval)` with `sigmoid(x) = 1 / (1 + 10^(−x/400))`. The target blends the
//! game result with the search score (`λ · result + (1 − λ) · sigmoid(K · score)`).
//! K is fitted first (to the current weights); then Adam minimises the logistic
//! (cross-entropy) loss over full-batch epochs. The result is written as
//! `src/weights.rs` in its own shape, to be reviewed like code.

use std::io::{BufRead, BufReader};

use tiefe::eval::trace::{danger_curve_f64, evaluate_traced, scale_weight, Coefficients};
use tiefe::eval::MAX_PHASE;
use tiefe::score::S;
use tiefe::types::Color;
use tiefe::weights::{flat, index, SCALE_NORMAL};

mod file;

use crate::fen::read_fen;
use file::layout;
pub use file::{read_weights, s_pairs, write_weights, WEIGHTS_PATH, WEIGHTS_SOURCE};

/// One traced training position.
#[derive(Debug, Clone)]
pub struct Sample {
    /// (flat weight index, White's use count − Black's), nonzero counts only (see
    /// [`Coefficients`]).
    pub coeffs: Vec<(u16, i16)>,
    /// The counts inside the danger to White's king and to Black's.
    pub danger: [Vec<(u16, i16)>; 2],
    /// The counts inside the complexity.
    pub complexity: Vec<(u16, i16)>,
    /// The scale factor's weight (flat index) if White leads in the endgame score, and
    /// if Black does; `None` for the normal factor, [`SCALE_NORMAL`] (see [`scale_weight`]).
    pub scale: [Option<u16>; 2],
    /// The untraced part (White − Black), middlegame and endgame.
    pub fixed: (f32, f32),
    /// Game phase, 0 (no pieces but kings and pawns) to 24 ([`MAX_PHASE`]).
    pub phase: f32,
    /// Game result for White: 1, 0.5 or 0.
    pub result: f32,
    /// The search score from the data, in centipawns, White's view.
    pub score: f32,
}

/// Reads `fen | score | result` lines, standard and Chess960 ones alike (see
/// [`read_fen`]); bad lines are skipped and counted.
pub fn load(reader: impl BufRead) -> (Vec<Sample>, usize) {
    let mut out = Vec::new();
    let mut bad = 0;
    for line in reader.lines() {
        let Ok(line) = line else {
            bad += 1;
            continue;
        };
        if line.trim().is_empty() {
            continue;
        }
        match parse_line(&line) {
            Some(s) => out.push(s),
            None => bad += 1,
        }
    }
    (out, bad)
}

fn parse_line(line: &str) -> Option<Sample> {
    let mut parts = line.split('|').map(str::trim);
    let pos = read_fen(parts.next()?).ok()?;
    let score: f32 = parts.next()?.parse().ok()?;
    let result: f32 = parts.next()?.parse().ok()?;
    if ![0.0, 0.5, 1.0].contains(&result) {
        return None;
    }
    let mut t = Coefficients::default();
    let (_, phase) = evaluate_traced(&pos, &mut t);
    let fixed = t.fixed();
    Some(Sample {
        coeffs: t.coeffs,
        danger: t.danger,
        complexity: t.complexity,
        scale: [Color::White, Color::Black].map(|c| scale_weight(&pos, c).map(|i| i as u16)),
        fixed: (fixed.mg() as f32, fixed.eg() as f32),
        phase: phase as f32,
        result,
        score,
    })
}

/// Whether any weight moves the evaluation of `s`. A known ending (a value the endgame
/// rules set, such as a won lone-king ending at 10000 and more) is a constant to the
/// tuner: it gives no gradient, but its cross-entropy against a target short of certain
/// is large, so a few hundred of them added about 0.05 to every loss on the standard test
/// set and hid what a fit changes. Such samples are left out of the fit, of K and of the
/// losses printed. (The split into held-out blocks is made before, so that the same games
/// stay held out.)
fn explained(s: &Sample) -> bool {
    !(s.coeffs.is_empty()
        && s.danger.iter().all(Vec::is_empty)
        && s.complexity.is_empty()
        && s.scale == [None, None])
}

fn sigmoid(k: f64, x: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * x / 400.0))
}

/// The sums of `w` (middlegame, endgame) over the sparse counts `list`.
#[inline]
fn dot(list: &[(u16, i16)], w: &[(f64, f64)]) -> (f64, f64) {
    list.iter().fold((0.0, 0.0), |(mg, eg), &(i, c)| {
        let (a, b) = w[i as usize];
        (mg + a * c as f64, eg + b * c as f64)
    })
}

/// The sign of `x` as the engine's integer `signum` has it: 0 at zero.
fn sign(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// One sample's evaluation under some weights, and the slopes its gradient needs.
struct Forward {
    /// The tapered evaluation, White's view.
    eval: f64,
    /// Per king (White's, Black's), the slope of White's middlegame and endgame score
    /// in that king's danger count.
    danger: [(f64, f64); 2],
    /// The slope of the final middlegame score in the middlegame sum before the
    /// complexity (1, or 0 where the complexity pins it at zero).
    mg: f64,
    /// The slope of the final endgame score in the endgame sum before the complexity
    /// (1, or 0 where the complexity pins it at zero).
    eg: f64,
    /// The slope of the final endgame score in the complexity count.
    complexity: f64,
    /// The slope of the final middlegame score in the complexity count (and in
    /// COMPLEXITY_MG's middlegame half).
    complexity_mg: f64,
    /// The scale factor's weight, if one applies, and the slope of the final endgame
    /// score in it.
    scale: Option<(usize, f64)>,
}

/// Rebuilds the evaluation of `s` under weights `w` as the engine computes it.
fn forward(s: &Sample, w: &[(f64, f64)]) -> Forward {
    let (lm, le) = dot(&s.coeffs, w);
    let (mut mg, mut eg) = (s.fixed.0 as f64 + lm, s.fixed.1 as f64 + le);
    let mut danger = [(0.0, 0.0); 2];
    for (side, sign) in [(0, 1.0), (1, -1.0)] {
        let (dm, de) = dot(&s.danger[side], w);
        let (vm, ve, sm, se) = danger_curve_f64(dm, de);
        mg += sign * vm;
        eg += sign * ve;
        danger[side] = (sign * sm, sign * se);
    }
    // The complexity moves the endgame score away from zero, or toward it but never
    // across: past zero it stays at zero. Its count plus COMPLEXITY_MG's middlegame
    // half, when negative, moves the middlegame score toward zero likewise. Where
    // endgame knowledge decided (no counts), neither applies.
    let count = dot(&s.complexity, w).1;
    let (eg, eg_slope, cx_slope) = if count > -eg.abs() {
        (eg + sign(eg) * count, 1.0, sign(eg))
    } else {
        (0.0, 0.0, 0.0)
    };
    let below = count + w[index::COMPLEXITY_MG].0;
    let (mg, mg_slope, cx_mg_slope) = if s.complexity.is_empty() || below >= 0.0 {
        (mg, 1.0, 0.0)
    } else if below > -mg.abs() {
        (mg + sign(mg) * below, 1.0, sign(mg))
    } else {
        (0.0, 0.0, 0.0)
    };
    // The scale factor of the side ahead multiplies the endgame score by factor / SCALE_NORMAL.
    let normal = SCALE_NORMAL as f64;
    let case = s.scale[(eg < 0.0) as usize].map(usize::from);
    let factor = case.map_or(normal, |i| w[i].1) / normal;
    let p = s.phase as f64;
    let full = MAX_PHASE as f64;
    Forward {
        eval: (mg * p + eg * factor * (full - p)) / full,
        danger,
        mg: mg_slope,
        eg: eg_slope * factor,
        complexity: cx_slope * factor,
        complexity_mg: cx_mg_slope,
        scale: case.map(|i| (i, eg / normal)),
    }
}

/// The tapered evaluation of `s` under weights `w` (mg, eg per weight), White's view.
pub fn predict(s: &Sample, w: &[(f64, f64)]) -> f64 {
    forward(s, w).eval
}

/// The blended target of `s`.
fn target(s: &Sample, k: f64, lambda: f64) -> f64 {
    lambda * s.result as f64 + (1.0 - lambda) * sigmoid(k, s.score as f64)
}

/// Mean cross-entropy of the predictions under `w`.
pub fn loss(samples: &[Sample], w: &[(f64, f64)], k: f64, lambda: f64) -> f64 {
    let parts = in_parallel(samples, |chunk| {
        let mut total = 0.0;
        for s in chunk {
            let p = sigmoid(k, predict(s, w)).clamp(1e-9, 1.0 - 1e-9);
            let t = target(s, k, lambda);
            total -= t * p.ln() + (1.0 - t) * (1.0 - p).ln();
        }
        total
    });
    parts.iter().sum::<f64>() / samples.len().max(1) as f64
}

/// Runs `f` on consecutive chunks of `samples`, one thread per core, and returns each
/// chunk's result in order. The chunks depend only on the core count, so a run on the
/// same machine repeats exactly.
fn in_parallel<R: Send>(samples: &[Sample], f: impl Fn(&[Sample]) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let size = samples.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let f = &f;
        let handles: Vec<_> = samples
            .chunks(size)
            .map(|chunk| scope.spawn(move || f(chunk)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("tuner thread panicked"))
            .collect()
    })
}

/// The K that best fits the game results under the weights `w` (mean squared error of
/// `sigmoid(K · eval)` against the result, golden-section search over 0.05..4).
pub fn fit_k(samples: &[Sample], w: &[(f64, f64)]) -> f64 {
    let evals: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (predict(s, w), s.result as f64))
        .collect();
    let err = |k: f64| {
        evals
            .iter()
            .map(|&(e, r)| (r - sigmoid(k, e)).powi(2))
            .sum::<f64>()
    };
    let (mut a, mut b) = (0.05f64, 4.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if err(c) < err(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Tuning settings.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Full-batch epochs of Adam (0 only scores the starting weights).
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// Weight of the game result in the target (the rest is the search score).
    pub lambda: f64,
    /// Start from zeroed piece-square tables (material and terms kept).
    pub zero_tables: bool,
    /// Keep material and the piece-square tables as they are; tune only the terms.
    pub terms_only: bool,
    /// Named weights to keep as they start (see [`Hold`]): for weights the data is
    /// known to mislead, such as the passed pawns, whose most valuable positions (those
    /// where promoting is the best move) datagen leaves out as not quiet.
    pub hold: Hold,
    /// Strength of an L2 pull towards the starting weights: the loss gains
    /// `l2 / 2 · Σ ((w − w₀) / 100)²`, so a weight moved by a pawn costs `l2 / 2`. It
    /// keeps rarely used weights (king squares the data hardly visits, correlated pairs
    /// such as a piece's value and its mobility) where they started unless the data
    /// says otherwise.
    pub l2: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            epochs: 300,
            rate: 1.0,
            lambda: 0.5,
            zero_tables: false,
            terms_only: false,
            hold: Hold::default(),
            l2: 0.0,
        }
    }
}

/// The starting weights: the engine's own, or with zeroed square tables; weights the
/// tune ties ([`mirror_pairs`]) start at their pair's mean.
pub fn start_weights(zero_tables: bool) -> Vec<(f64, f64)> {
    let mut w: Vec<(f64, f64)> = flat()
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let in_tables = (index::PSQT..index::PSQT + 6 * 64).contains(&i);
            if zero_tables && in_tables {
                (0.0, 0.0)
            } else {
                (s.mg() as f64, s.eg() as f64)
            }
        })
        .collect();
    for (i, j) in mirror_pairs() {
        let mean = ((w[i].0 + w[j].0) / 2.0, (w[i].1 + w[j].1) / 2.0);
        (w[i], w[j]) = (mean, mean);
    }
    w
}

/// Pairs of weights that are one weight in two places, so that the evaluation means
/// the same on either wing (issue 54: Chess960 puts any piece on any file): each
/// square-table entry and its mirror across the d/e line, and each king-shelter entry
/// and its mirror file. The tune starts them equal and moves them together.
pub fn mirror_pairs() -> impl Iterator<Item = (usize, usize)> {
    let psqt = (0..6 * 8).flat_map(|row| {
        (0..4).map(move |f| (index::PSQT + 8 * row + f, index::PSQT + 8 * row + 7 - f))
    });
    let shield = (0..2 * 8).flat_map(|own_d| {
        let (own, d) = (own_d / 8, own_d % 8);
        (0..4).map(move |f| {
            let at = |file: usize| index::SHIELD + 64 * own + 8 * file + d;
            (at(f), at(7 - f))
        })
    });
    psqt.chain(shield)
}

/// The gradient of [`loss`] in every weight (middlegame, endgame), through the
/// danger curves and the complexity by the chain rule.
pub fn gradient(samples: &[Sample], w: &[(f64, f64)], k: f64, lambda: f64) -> Vec<(f64, f64)> {
    let n = w.len();
    let scale = k * std::f64::consts::LN_10 / 400.0;
    let full = MAX_PHASE as f64;
    let grad = in_parallel(samples, |chunk| {
        let mut grad = vec![(0.0f64, 0.0f64); n];
        for s in chunk {
            let f = forward(s, w);
            let p = sigmoid(k, f.eval);
            // d(cross-entropy)/d(eval) = (p − t) · K · ln10 / 400.
            let d = (p - target(s, k, lambda)) * scale;
            let (gm, ge) = (d * s.phase as f64 / full, d * (1.0 - s.phase as f64 / full));
            let mut add = |list: &[(u16, i16)], mg: f64, eg: f64| {
                for &(i, c) in list {
                    let g = &mut grad[i as usize];
                    g.0 += mg * c as f64;
                    g.1 += eg * c as f64;
                }
            };
            add(&s.coeffs, gm * f.mg, ge * f.eg);
            for side in 0..2 {
                let (sm, se) = f.danger[side];
                add(&s.danger[side], gm * f.mg * sm, ge * f.eg * se);
            }
            add(&s.complexity, 0.0, ge * f.complexity + gm * f.complexity_mg);
            grad[index::COMPLEXITY_MG].0 += gm * f.complexity_mg;
            if let Some((i, slope)) = f.scale {
                grad[i].1 += ge * slope;
            }
        }
        grad
    });
    let inv = 1.0 / samples.len().max(1) as f64;
    let mut total = vec![(0.0f64, 0.0f64); n];
    for part in grad {
        for (x, y) in total.iter_mut().zip(part) {
            x.0 += y.0 * inv;
            x.1 += y.1 * inv;
        }
    }
    total
}

/// Tunes from `w` with the scaling constant `k` (from [`fit_k`] on the engine's own
/// weights: the caller fits it once, as it also prints it), calling
/// `progress(epoch, weights)` after each epoch (to score them on the training data or
/// on positions held out, as the caller likes). Returns the weights.
pub fn tune(
    samples: &[Sample],
    mut w: Vec<(f64, f64)>,
    k: f64,
    settings: Settings,
    mut progress: impl FnMut(usize, &[(f64, f64)]),
) -> Vec<(f64, f64)> {
    let n = w.len();
    let anchor = w.clone();
    let pull = settings.l2 / 1e4;
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![(0.0f64, 0.0f64); n];
    let mut v = vec![(0.0f64, 0.0f64); n];
    // With --terms-only, material and the tables (the weights before the first term)
    // stay as they start, and so do the weights named by --hold.
    let mut free = vec![true; n];
    if settings.terms_only {
        free[..index::FIRST_TERM].fill(false);
    }
    settings.hold.fix(&layout(), &mut free);
    for epoch in 1..=settings.epochs {
        let mut grad = gradient(samples, &w, k, settings.lambda);
        // A tied pair is one weight: both move by the gradient of their sum.
        for (i, j) in mirror_pairs() {
            let sum = (grad[i].0 + grad[j].0, grad[i].1 + grad[j].1);
            (grad[i], grad[j]) = (sum, sum);
        }
        let t = epoch as i32;
        for i in (0..n).filter(|&i| free[i]) {
            let g = (
                grad[i].0 + pull * (w[i].0 - anchor[i].0),
                grad[i].1 + pull * (w[i].1 - anchor[i].1),
            );
            m[i].0 = b1 * m[i].0 + (1.0 - b1) * g.0;
            m[i].1 = b1 * m[i].1 + (1.0 - b1) * g.1;
            v[i].0 = b2 * v[i].0 + (1.0 - b2) * g.0 * g.0;
            v[i].1 = b2 * v[i].1 + (1.0 - b2) * g.1 * g.1;
            let (mh0, mh1) = (m[i].0 / (1.0 - b1.powi(t)), m[i].1 / (1.0 - b1.powi(t)));
            let (vh0, vh1) = (v[i].0 / (1.0 - b2.powi(t)), v[i].1 / (1.0 - b2.powi(t)));
            w[i].0 -= settings.rate * mh0 / (vh0.sqrt() + eps);
            w[i].1 -= settings.rate * mh1 / (vh1.sqrt() + eps);
        }
        progress(epoch, &w);
    }
    w
}

/// Rounds tuned weights to the engine's integers.
pub fn rounded(w: &[(f64, f64)]) -> Vec<S> {
    w.iter()
        .map(|&(a, b)| S(a.round() as i32, b.round() as i32))
        .collect()
}

/// The named weights a tune holds as they start: one flag per entry of the list of
/// named weights ([`tiefe::weights::named`]), as many as there are names (a bit mask ran out at 64).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hold(Vec<bool>);

impl Hold {
    /// The weights named in a comma-separated list (as in `src/weights.rs`, in any
    /// case); an unknown name is an error that lists the known ones.
    pub fn parse(names: &str) -> Result<Hold, String> {
        Hold::named_in(names, &layout())
    }

    /// [`Hold::parse`] against any `layout` (name, first weight, count).
    fn named_in(names: &str, layout: &[(&str, usize, usize)]) -> Result<Hold, String> {
        let mut held = vec![false; layout.len()];
        for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let j = layout
                .iter()
                .position(|&(n, _, _)| n.eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    let known: Vec<&str> = layout.iter().map(|&(n, _, _)| n).collect();
                    format!("no weight named {name} (known: {})", known.join(", "))
                })?;
            held[j] = true;
        }
        Ok(Hold(held))
    }

    /// How many named weights are held.
    pub fn len(&self) -> usize {
        self.0.iter().filter(|&&h| h).count()
    }

    /// Whether no weight is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Marks the weights held as not free, in the flat layout `layout` describes.
    fn fix(&self, layout: &[(&str, usize, usize)], free: &mut [bool]) {
        for (&(_, at, len), _) in layout.iter().zip(&self.0).filter(|(_, &h)| h) {
            free[at..at + len].fill(false);
        }
    }
}

/// The options of `tiefe-tools tune`. Their defaults are those of [`Settings::default`], so
/// the command line and the library cannot disagree.
#[derive(Debug, Clone, clap::Args)]
// A repeated option takes its last value, so that a script can append an override.
#[command(args_override_self = true)]
pub struct Args {
    /// Training positions, `fen | score | result` lines as `tiefe-tools datagen` writes them.
    #[arg(value_name = "DATA")]
    pub data: String,
    /// Full-batch epochs of Adam (0 only scores the starting weights on the data).
    #[arg(long, value_name = "N", default_value_t = Settings::default().epochs)]
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    #[arg(long, value_name = "R", default_value_t = Settings::default().rate)]
    pub rate: f64,
    /// Share of the game result in the target; the rest is the search score.
    #[arg(long, value_name = "L", default_value_t = Settings::default().lambda)]
    pub lambda: f64,
    /// Pull towards the starting weights: a weight moved by a pawn costs R / 2 of loss.
    #[arg(long, value_name = "R", default_value_t = Settings::default().l2)]
    pub l2: f64,
    /// Start from zeroed piece-square tables (material and terms kept).
    #[arg(long, conflicts_with_all = ["terms_only", "from"])]
    pub zero: bool,
    /// Hold material and the piece-square tables; tune only the terms.
    #[arg(long)]
    pub terms_only: bool,
    /// Named weights of src/weights.rs to hold as they start, comma-separated.
    #[arg(long, value_name = "NAME,..", value_parser = Hold::parse)]
    pub hold: Option<Hold>,
    /// Start from a weights file written earlier instead of the engine's own weights.
    #[arg(long, value_name = "FILE")]
    pub from: Option<String>,
    /// Where the tuned weights are written, in the shape of src/weights.rs.
    #[arg(long, value_name = "FILE", default_value = "weights.rs")]
    pub out: String,
    /// Every N-th block of 100 consecutive positions (about one game of `tiefe-tools datagen`)
    /// is held out of the fit and only scored, so that the loss on games the fit never
    /// saw is printed beside the training loss (0: none).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub held_out: usize,
    /// Use this K instead of fitting it to the starting weights, so that the losses of
    /// different weights files (each scored with `--epochs 0 --from`) compare at one K:
    /// at λ = 0 a K 0.02 away moves the loss by more than two fits differ.
    #[arg(long, value_name = "K", value_parser = sigmoid_scale)]
    pub k: Option<f64>,
}

/// Parses `--k`: a positive number no larger than the range [`fit_k`] searches.
fn sigmoid_scale(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(k) if k > 0.0 && k <= 4.0 => Ok(k),
        _ => Err(format!("{text}: K is a number above 0 and at most 4")),
    }
}

impl Args {
    /// The tuning settings the options ask for.
    pub fn settings(&self) -> Settings {
        Settings {
            epochs: self.epochs,
            rate: self.rate,
            lambda: self.lambda,
            zero_tables: self.zero,
            terms_only: self.terms_only,
            hold: self.hold.clone().unwrap_or_default(),
            l2: self.l2,
        }
    }
}

/// Consecutive positions held out together by [`split`]: about one game's worth, so that
/// the held-out loss is scored mostly on games the fit never saw (positions of one game
/// share most of their features, and held out one by one they flatter a loose fit).
pub const HELD_OUT_BLOCK: usize = 100;

/// Splits `all` into the positions to fit and every `n`-th block of [`HELD_OUT_BLOCK`]
/// consecutive positions, held out (none when `n` is 0).
pub fn split<T>(all: Vec<T>, n: usize) -> (Vec<T>, Vec<T>) {
    if n == 0 {
        return (all, Vec::new());
    }
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for (i, s) in all.into_iter().enumerate() {
        if (i / HELD_OUT_BLOCK) % n == n - 1 {
            held.push(s);
        } else {
            fit.push(s);
        }
    }
    (fit, held)
}

/// `tiefe-tools tune`: loads the data, fits K, tunes and writes the weights file. Errors are
/// about the files (the options were checked when they were parsed).
pub fn main(args: &Args) -> Result<(), String> {
    let settings = args.settings();
    let (data, from, out) = (&args.data, &args.from, &args.out);
    let file = std::fs::File::open(data).map_err(|e| format!("{data}: {e}"))?;
    let (all, bad) = load(BufReader::new(file));
    let (mut samples, mut held) = split(all, args.held_out);
    let before = samples.len() + held.len();
    samples.retain(explained);
    held.retain(explained);
    eprintln!(
        "tune: {} positions to fit, {} held out ({} bad lines skipped, {} known endings left out)",
        samples.len(),
        held.len(),
        bad,
        before - samples.len() - held.len()
    );
    if samples.is_empty() {
        return Err("no positions".into());
    }
    let start = match from {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            read_weights(&text)
                .map_err(|e| format!("{path}: {e}"))?
                .iter()
                .map(|s| (s.mg() as f64, s.eg() as f64))
                .collect()
        }
        None => start_weights(settings.zero_tables),
    };
    // K is fitted to the full evaluation the tune starts from: the engine's own, or the
    // file given by --from (zeroed tables would give a K fitted to nonsense); --k sets it.
    let k = args.k.unwrap_or_else(|| match from {
        Some(_) => fit_k(&samples, &start),
        None => fit_k(&samples, &start_weights(false)),
    });
    let lambda = settings.lambda;
    let losses = |w: &[(f64, f64)]| {
        let held = if held.is_empty() {
            f64::NAN
        } else {
            loss(&held, w, k, lambda)
        };
        (loss(&samples, w, k, lambda), held)
    };
    let (fit, test) = losses(&start);
    eprintln!(
        "tune: K = {k:.4}; loss at start {fit:.6}, held out {test:.6} (each loss printed is the data's alone, without the --l2 pull)"
    );
    let w = tune(&samples, start, k, settings, |epoch, w| {
        if epoch % 10 == 0 || epoch == 1 {
            let (fit, test) = losses(w);
            eprintln!("epoch {epoch:4}  loss {fit:.6}  held out {test:.6}");
        }
    });
    let source = WEIGHTS_SOURCE;
    let text = write_weights(source, &rounded(&w))?;
    std::fs::write(out, text).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("tune: weights written to {out} (copy over {WEIGHTS_PATH} to use them)");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiefe::position::Position;

    #[test]
    fn held_weights_stay_where_they_start() {
        assert!(Hold::parse("PASSED,nonsense").is_err());
        let hold = Hold::parse("passed, PSQT").unwrap();
        assert_eq!(hold.len(), 2);
        let samples: Vec<Sample> = tiefe::bench::POSITIONS
            .iter()
            .enumerate()
            .map(|(i, fen)| parse_line(&format!("{fen} | 0 | {}", (i % 3) as f64 / 2.0)).unwrap())
            .collect();
        let start = start_weights(false);
        let k = fit_k(&samples, &start);
        let settings = Settings {
            epochs: 5,
            hold,
            ..Settings::default()
        };
        let w = tune(&samples, start.clone(), k, settings, |_, _| {});
        let held = (index::PSQT..index::PSQT + 6 * 64).chain(index::PASSED..index::PASSED + 8);
        for i in held {
            assert_eq!(w[i], start[i], "weight {i} moved");
        }
        assert!(w.iter().zip(&start).any(|(a, b)| a != b), "nothing moved");
    }

    /// The engine's tables are folded, and a tune keeps them so: every mirror pair
    /// is equal at the start and after some epochs (which moved them).
    #[test]
    fn mirror_pairs_stay_tied() {
        let start = start_weights(false);
        let ours = flat();
        let pairs: Vec<(usize, usize)> = mirror_pairs().collect();
        assert_eq!(pairs.len(), 6 * 32 + 64);
        for &(i, j) in &pairs {
            assert_eq!(ours[i], ours[j], "the engine's weights {i} and {j}");
            assert_eq!(start[i], start[j]);
        }
        let samples: Vec<Sample> = tiefe::bench::POSITIONS
            .iter()
            .enumerate()
            .map(|(i, fen)| parse_line(&format!("{fen} | 0 | {}", (i % 3) as f64 / 2.0)).unwrap())
            .collect();
        let k = fit_k(&samples, &start);
        let settings = Settings {
            epochs: 5,
            ..Settings::default()
        };
        let w = tune(&samples, start.clone(), k, settings, |_, _| {});
        assert!(
            pairs.iter().any(|&(i, _)| w[i] != start[i]),
            "nothing moved"
        );
        for (i, j) in pairs {
            assert_eq!(w[i], w[j], "weights {i} and {j}");
        }
    }

    /// More named groups than a 64-bit mask has bits: the last ones are held as well.
    #[test]
    fn any_number_of_groups_can_be_held() {
        let names: Vec<String> = (0..70).map(|j| format!("G{j}")).collect();
        let layout: Vec<(&str, usize, usize)> = names
            .iter()
            .enumerate()
            .map(|(j, n)| (n.as_str(), 2 * j, 2))
            .collect();
        let hold = Hold::named_in("g1, G65,g69", &layout).unwrap();
        assert_eq!(hold.len(), 3);
        let mut free = vec![true; 140];
        hold.fix(&layout, &mut free);
        let fixed: Vec<usize> = (0..140).filter(|&i| !free[i]).collect();
        assert_eq!(fixed, [2, 3, 130, 131, 138, 139]);
        assert!(Hold::named_in("G70", &layout).is_err());
    }

    #[test]
    fn whole_blocks_are_held_out() {
        let (fit, held) = split((0..1000).collect(), 5);
        assert_eq!(held, (400..500).chain(900..1000).collect::<Vec<_>>());
        assert_eq!(fit.len(), 800);
        let (fit, held) = split((0..1000).collect::<Vec<i32>>(), 0);
        assert_eq!((fit.len(), held.len()), (1000, 0));
    }

    #[test]
    fn every_weight_is_traced() {
        // Nothing is left untraced, and both curves are seen in use.
        let (mut danger, mut complexity) = (false, false);
        for fen in tiefe::bench::POSITIONS {
            let s = parse_line(&format!("{fen} | 0 | 0.5")).unwrap();
            assert_eq!(s.fixed, (0.0, 0.0), "{fen}");
            danger |= !s.danger[0].is_empty() || !s.danger[1].is_empty();
            complexity |= !s.complexity.is_empty();
        }
        assert!(danger && complexity);
    }

    /// Endgames in which a scale factor applies (opposite-coloured bishops alone, with
    /// knights, with rooks; a lone queen; a pawn edge), beside the bench positions.
    const SCALED: [&str; 5] = [
        "8/5k2/4bp2/8/P1P5/4B3/5K2/8 w - - 0 1",
        "8/5k2/4bp2/3n4/P1P5/4B3/5K2/6N1 w - - 0 1",
        "r7/5k2/4bp2/8/P1P5/4B3/5K2/6R1 b - - 0 1",
        "8/5k2/3rb3/8/8/8/3Q1K2/8 w - - 0 1",
        "r7/5k2/5p2/8/PPP5/8/3P1KP1/7R w - - 0 1",
    ];

    /// Endings whose knowledge settles the evaluation: a value (king and pawn won and
    /// drawn, rook against bishop, queen against rook) or an ending's own scale factor
    /// (the wrong bishop, rook and pawn against rook at the third-rank defence).
    const KNOWN: [&str; 6] = [
        "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",
        "8/8/4k3/8/8/8/4P3/4K3 b - - 0 1",
        "8/8/4k3/8/1b6/8/4K3/3R4 w - - 0 1",
        "8/8/4k3/8/1r6/8/4K3/3Q4 b - - 0 1",
        "k7/8/8/P7/8/2B5/8/4K3 w - - 0 1",
        "3k4/8/r7/3P4/4K3/8/8/7R w - - 0 1",
    ];

    #[test]
    fn the_gradient_follows_the_curves() {
        // Finite differences of the loss against the gradient, for weights inside the
        // danger curve, inside the complexity, scale factors, and linear ones.
        let samples: Vec<Sample> = tiefe::bench::POSITIONS
            .iter()
            .chain(&SCALED)
            .enumerate()
            .map(|(i, fen)| {
                parse_line(&format!(
                    "{fen} | {} | {}",
                    i * 37 % 300,
                    (i % 3) as f64 / 2.0
                ))
                .unwrap()
            })
            .collect();
        // Integer weights can put a sample exactly on a kink of the middlegame
        // complexity (its count plus COMPLEXITY_MG at zero), where the two one-sided
        // slopes differ: half a unit off it, no count is ever exactly there.
        let mut w = start_weights(false);
        w[index::COMPLEXITY_MG].0 += 0.5;
        let (k, lambda) = (1.0, 0.5);
        let g = gradient(&samples, &w, k, lambda);
        let checked = [
            index::DANGER_ATTACKER + 3,
            index::DANGER_ZONE_HITS,
            index::DANGER_SAFE_CHECK + 3,
            index::DANGER_BASE,
            index::COMPLEXITY_PAWNS,
            index::COMPLEXITY_BASE,
            index::COMPLEXITY_MG,
            index::TRAPPED_ROOK,
            index::WEAK_QUEEN,
            index::SCALE_OCB_BISHOPS,
            index::SCALE_OCB_ROOKS,
            index::SCALE_LONE_QUEEN,
            index::SCALE_PAWN_EDGE,
            index::THREAT_HANGING,
            index::PIECE_VALUE + 1,
        ];
        let h = 1e-3;
        let mut nonzero = 0;
        for i in checked {
            for half in 0..2 {
                let at = |d: f64| {
                    let mut v = w.clone();
                    if half == 0 {
                        v[i].0 += d
                    } else {
                        v[i].1 += d
                    }
                    loss(&samples, &v, k, lambda)
                };
                let numeric = (at(h) - at(-h)) / (2.0 * h);
                let analytic = if half == 0 { g[i].0 } else { g[i].1 };
                assert!(
                    (numeric - analytic).abs() <= 1e-7 + 1e-3 * numeric.abs(),
                    "weight {i} half {half}: numeric {numeric} analytic {analytic}"
                );
                nonzero += (analytic.abs() > 1e-9) as usize;
            }
        }
        assert!(nonzero >= 10, "only {nonzero} slopes were not zero");
    }

    #[test]
    fn traced_prediction_equals_the_evaluation() {
        let w = start_weights(false);
        for fen in tiefe::bench::POSITIONS.iter().chain(&SCALED).chain(&KNOWN) {
            let pos = Position::from_fen(fen).unwrap();
            let s = parse_line(&format!("{fen} | 0 | 0.5")).unwrap();
            let (white, _) = evaluate_traced(&pos, &mut tiefe::eval::trace::NoTrace);
            // The engine divides in integers; the tuner does not.
            assert!((predict(&s, &w) - white as f64).abs() <= 3.0, "{fen}");
        }
    }

    #[test]
    fn known_endings_are_constants_to_the_tuner() {
        for fen in KNOWN {
            let s = parse_line(&format!("{fen} | 0 | 0.5")).unwrap();
            assert!(s.coeffs.is_empty() && s.complexity.is_empty(), "{fen}");
            assert_eq!(s.scale, [None, None], "{fen}");
            assert_eq!(s.fixed.0, s.fixed.1, "{fen}");
            assert!(!explained(&s), "{fen}");
        }
        for fen in tiefe::bench::POSITIONS {
            let s = parse_line(&format!("{fen} | 0 | 0.5")).unwrap();
            assert!(explained(&s), "{fen}");
        }
    }
}
