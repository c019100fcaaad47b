//! The evaluation's reporting: each term's value as it is added, and for the tuner each
//! weight's use count.
//!
//! This is the tuner's view of the evaluation, and the `eval` command's. The evaluation
//! is generic over a [`Trace`]; the search passes [`NoTrace`], which compiles away.
//! [`evaluate_traced`] with [`Coefficients`] gives, for one position, how often each
//! weight was used for each side (weights by their index in the flat layout of
//! [`crate::weights::index`]), the counts inside the king-danger curve and the
//! complexity, and what no weight explains; [`danger_curve_f64`] and [`scale_weight`] let
//! the tuner rebuild the parts that are not linear in the weights. [`breakdown`] gives
//! each [`Term`] for each side, for the `eval` command.

use super::{evaluate_from_scratch, scale_index};
use crate::position::Position;
use crate::score::S;
use crate::types::Color;
use crate::weights::{DANGER_EG_DIV, DANGER_MG_DIV};

/// The groups of terms, as the `eval` command lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    /// Piece values.
    Material,
    /// Piece-square tables.
    Squares,
    /// What a piece is worth beside the others on the board (products of piece
    /// counts, ours with ours and ours with theirs).
    Imbalance,
    /// Passed pawns: bonus by rank, free path to promotion, blocked stop square, and
    /// both kings' distance to the stop square.
    PassedPawns,
    /// Doubled, isolated, backward, supported and phalanx pawns.
    PawnStructure,
    /// Two bishops or more.
    BishopPair,
    /// Rooks on open and half-open files.
    Rooks,
    /// Knight, bishop, rook and queen moves to squares not ours and not attacked by
    /// their pawns.
    Mobility,
    /// Where the pieces stand: outposts, minors behind pawns, knights near the kings,
    /// bishops on the long diagonals or hemmed in by their own blocked pawns, rooks on
    /// the seventh, knights and rooks by how closed the position is; a rook shut in by
    /// its own uncastled king, a queen open to a pin or a discovered attack.
    Pieces,
    /// Our pawn shield, their pawn storm, and our king's distance to the pawns.
    KingSafety,
    /// The danger to our king: their pieces on its zone, their safe and unsafe checks,
    /// weak squares around it, its pawn defenders, pieces pinned to it or ready to
    /// uncover a check, their attacks on its flank and our defence of it, through a
    /// curve (see [`danger_curve_f64`]).
    KingDanger,
    /// Their pawns and pieces attacked, by our attacker's kind, their piece's kind and
    /// whether they defend it; their pieces attacked and undefended; their pieces a safe
    /// pawn push would attack.
    Threats,
    /// The side to move's bonus.
    Tempo,
    /// The correction for how winnable the position is, mostly of the endgame half
    /// (White's column only).
    Complexity,
    /// What the scale factor took from (or added to) the endgame score (White's column
    /// only).
    Scale,
}

/// Every [`Term`], in the order the `eval` command prints them.
pub const TERMS: [Term; 15] = [
    Term::Material,
    Term::Squares,
    Term::Imbalance,
    Term::PassedPawns,
    Term::PawnStructure,
    Term::BishopPair,
    Term::Rooks,
    Term::Mobility,
    Term::Pieces,
    Term::KingSafety,
    Term::KingDanger,
    Term::Threats,
    Term::Tempo,
    Term::Complexity,
    Term::Scale,
];

impl Term {
    /// The name the `eval` command prints.
    pub fn name(self) -> &'static str {
        match self {
            Term::Material => "material",
            Term::Squares => "squares",
            Term::Imbalance => "imbalance",
            Term::PassedPawns => "passed pawns",
            Term::PawnStructure => "pawn structure",
            Term::BishopPair => "bishop pair",
            Term::Rooks => "rooks",
            Term::Mobility => "mobility",
            Term::Pieces => "pieces",
            Term::KingSafety => "king safety",
            Term::KingDanger => "king danger",
            Term::Threats => "threats",
            Term::Tempo => "tempo",
            Term::Complexity => "complexity",
            Term::Scale => "scale",
        }
    }
}

/// Receives each term's value for one side as the evaluation adds it, and (for the
/// tuner) how many times each weight was used: weight `index` of the flat layout in
/// [`crate::weights::index`], `count` times, for `color`. Weights that enter linearly are
/// reported by [`coeff`](Trace::coeff); those inside a curve by
/// [`danger`](Trace::danger) and [`complexity`](Trace::complexity), so that the tuner
/// can rebuild the curve and follow its gradient.
pub trait Trace {
    /// `value` was added to `color`'s total (its own point of view) under `term`.
    fn add(&mut self, color: Color, term: Term, value: S);
    /// The weight at flat index `index` was used `count` times for `color` (its value
    /// is already in an [`add`](Trace::add)). Does nothing unless a tracer needs it.
    #[inline(always)]
    fn coeff(&mut self, _color: Color, _index: usize, _count: i32) {}
    /// The weight at `index` was counted `count` times into the danger to `color`'s
    /// king, which the king-danger curve turns into its [`Term::KingDanger`].
    #[inline(always)]
    fn danger(&mut self, _color: Color, _index: usize, _count: i32) {}
    /// The weight at `index` was counted `count` times into the complexity, which
    /// moves the endgame score, and below a threshold the middlegame one (see
    /// [`Term::Complexity`]).
    #[inline(always)]
    fn complexity(&mut self, _index: usize, _count: i32) {}
    /// Knowledge of the ending `name` settled the evaluation at `white` (White's point
    /// of view): it replaces whatever the terms reported so far add up to.
    #[inline(always)]
    fn known(&mut self, _name: &'static str, _white: i32) {}
}

/// The engine's tracer: records nothing and compiles away.
pub struct NoTrace;

impl Trace for NoTrace {
    #[inline(always)]
    fn add(&mut self, _: Color, _: Term, _: S) {}
}

/// The tuner's tracer: for one position, each weight's use count, White's minus
/// Black's; the counts inside the king-danger curve of each side and inside the
/// complexity; and the part of the evaluation no traced weight explains. Where
/// endgame knowledge settles the evaluation (see [`Trace::known`]), no weight is
/// counted and the whole value is that fixed part: the tuner sees a constant (and
/// [`scale_weight`] names no scale weight for it).
#[derive(Debug, Clone, Default)]
pub struct Coefficients {
    /// (weight index, White's count − Black's count), nonzero counts only.
    pub coeffs: Vec<(u16, i16)>,
    /// The counts of the danger to White's king and to Black's (each side's own).
    pub danger: [Vec<(u16, i16)>; 2],
    /// The counts of the complexity.
    pub complexity: Vec<(u16, i16)>,
    /// Each side's untraced middlegame/endgame sum so far (White, Black).
    untraced: [S; 2],
}

impl Coefficients {
    /// The middlegame/endgame part of the evaluation (White − Black) that no weight
    /// reported; zero when every term is traced.
    pub fn fixed(&self) -> S {
        self.untraced[0] - self.untraced[1]
    }
}

/// Adds `count` uses of weight `index` to a sparse list.
fn push_count(list: &mut Vec<(u16, i16)>, index: usize, count: i32) {
    if count == 0 {
        return;
    }
    match list.iter_mut().find(|(i, _)| *i as usize == index) {
        Some((_, n)) => *n += count as i16,
        None => list.push((index as u16, count as i16)),
    }
}

impl Trace for Coefficients {
    fn add(&mut self, color: Color, term: Term, value: S) {
        // The curves' values are rebuilt by the tuner from their counts.
        if !matches!(term, Term::KingDanger | Term::Complexity | Term::Scale) {
            self.untraced[color.to_index()] += value;
        }
    }
    fn coeff(&mut self, color: Color, index: usize, count: i32) {
        let c = if color == Color::White { count } else { -count };
        self.untraced[color.to_index()] -= crate::weights::flat_weight(index) * count;
        push_count(&mut self.coeffs, index, c);
    }
    fn danger(&mut self, color: Color, index: usize, count: i32) {
        push_count(&mut self.danger[color.to_index()], index, count);
    }
    fn complexity(&mut self, index: usize, count: i32) {
        push_count(&mut self.complexity, index, count);
    }
    fn known(&mut self, _name: &'static str, white: i32) {
        self.coeffs.clear();
        self.danger = Default::default();
        self.complexity.clear();
        self.untraced = [S(white, white), S::default()];
    }
}

/// The parts of an evaluation, for the `eval` command: each term's middlegame/endgame
/// value for White and for Black (each from its own side), the phase and the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Breakdown {
    /// `terms[t][c]`: term `TERMS[t]` for colour `c` (0 = White).
    pub terms: [[S; 2]; TERMS.len()],
    /// Game phase, 0 (bare kings and pawns) to [`MAX_PHASE`](super::MAX_PHASE) (all
    /// pieces).
    pub phase: i32,
    /// The blended score, White's point of view.
    pub white: i32,
    /// The ending whose knowledge settled the score, if one did: the terms above then
    /// do not add up to it.
    pub ending: Option<&'static str>,
}

impl Trace for Breakdown {
    fn add(&mut self, color: Color, term: Term, value: S) {
        let t = TERMS.iter().position(|&x| x == term).unwrap_or(0);
        self.terms[t][color.to_index()] += value;
    }
    fn known(&mut self, name: &'static str, _white: i32) {
        self.ending = Some(name);
    }
}

/// Evaluates `board` from White's point of view, reporting each term to `trace`; also
/// returns the phase.
pub fn evaluate_traced<T: Trace>(board: &Position, trace: &mut T) -> (i32, i32) {
    evaluate_from_scratch(board, trace)
}

/// Every term for both sides, White's point of view, for the `eval` command.
pub fn breakdown(board: &Position) -> Breakdown {
    let mut b = Breakdown::default();
    let (white, phase) = evaluate_traced(board, &mut b);
    b.white = white;
    b.phase = phase;
    b
}

/// The king-danger curve (the evaluation's `danger_curve`, quadratic in the middlegame
/// and linear in the endgame, never positive) in floating point, with its derivatives:
/// (mg, eg, d mg / d count mg, d eg / d count eg). The tuner's form of the same curve: a
/// change to one is a change to both.
pub fn danger_curve_f64(mg: f64, eg: f64) -> (f64, f64, f64, f64) {
    let (mg, eg) = (mg.max(0.0), eg.max(0.0));
    let (m, e) = (DANGER_MG_DIV as f64, DANGER_EG_DIV as f64);
    let de = if eg > 0.0 { -1.0 / e } else { 0.0 };
    (-mg * mg / m, -eg / e, -2.0 * mg / m, de)
}

/// The scale factor case for a position in which `strong` leads in the endgame score:
/// the flat index of its weight (see [`crate::weights::SCALE_OCB_BISHOPS`] and after),
/// or `None` for the normal factor ([`SCALE_NORMAL`](crate::weights::SCALE_NORMAL)) and
/// where endgame knowledge decides instead of a weight.
/// The tuner asks for both colours, as the lead may change with the weights.
pub fn scale_weight(board: &Position, strong: Color) -> Option<usize> {
    scale_index(board, strong)
}

/// For the terms' tests: each linear weight's use count for each side apart (the
/// tuner's [`Coefficients`] keep only White's minus Black's).
#[cfg(test)]
#[derive(Debug, Clone, Default)]
pub(super) struct PerSide(pub [Vec<i32>; 2]);

#[cfg(test)]
impl PerSide {
    /// The counts of every weight for each side in `fen` (Chess960 castling if
    /// `chess960`).
    pub fn of(fen: &str, chess960: bool) -> PerSide {
        let board = Position::from_fen_in(fen, chess960).unwrap();
        let n = crate::weights::index::COUNT;
        let mut counts = PerSide([vec![0; n], vec![0; n]]);
        evaluate_traced(&board, &mut counts);
        counts
    }

    /// White's count of the weight at flat index `at` in the standard position `fen`.
    pub fn white(fen: &str, at: usize) -> i32 {
        PerSide::of(fen, false).count(0, at)
    }

    /// How often White (`0`) or Black (`1`) used the weight at flat index `at`.
    pub fn count(&self, side: usize, at: usize) -> i32 {
        self.0[side][at]
    }
}

#[cfg(test)]
impl Trace for PerSide {
    fn add(&mut self, _: Color, _: Term, _: S) {}
    fn coeff(&mut self, color: Color, index: usize, count: i32) {
        self.0[color.to_index()][index] += count;
    }
}
