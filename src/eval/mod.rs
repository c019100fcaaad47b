//! Evaluation: tapered piece-square tables plus the terms they cannot see.
//!
//! Every weight is a middlegame/endgame pair ([`S`]) kept in [`weights`]; the two totals
//! are blended by game phase, measured from the non-pawn material left. The tables are
//! the core; on top sit pawn structure (passed pawns by rank, free path, blocker and
//! king distances; doubled, isolated, backward, supported and phalanx pawns), the
//! bishop pair, rooks on open files, piece mobility, king safety (attack on the king
//! zone, pawn shield and storm), threats and the side to move's tempo. The score is
//! from the side to move, in centipawns. Colour symmetry holds by construction: every
//! term is computed for each side from that side's point of view (a black piece reads
//! the mirrored square).
//!
//! The evaluation is written once, generic over a [`Trace`]: the engine passes
//! [`NoTrace`], which compiles away, and the `eval` command passes a [`Breakdown`] that
//! records each term for each side. The terms that depend on the pawns alone are
//! computed by [`pawn_eval`]; the search keeps them in a [`PawnCache`], since the
//! pawns change in few of the positions it visits.

pub mod weights;

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use crate::types::{
    get_bishop_moves, get_file, get_king_moves, get_knight_moves, get_rook_moves, BitBoard, Color,
    Piece, ALL_FILES,
};

use crate::position::Position;
pub use weights::index;
use weights::*;

/// A middlegame/endgame pair of centipawn values.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}
impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}
impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}
impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
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

/// Phase weight of each piece kind (pawn, knight, bishop, rook, queen, king).
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Phase of the starting position (and the cap: promotions can exceed it).
pub const MAX_PHASE: i32 = 24;

/// The groups of terms, as the `eval` command lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    /// Piece values.
    Material,
    /// Piece-square tables.
    Squares,
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
    /// Our attack on their king's zone (middlegame only, two attackers or more), our
    /// pawn shield and their pawn storm.
    KingSafety,
    /// Their pieces attacked by our cheaper ones: pawns on pieces, minors on rooks and
    /// queens, rooks on queens.
    Threats,
    /// The side to move's bonus.
    Tempo,
}

/// Every [`Term`], in the order the `eval` command prints them.
pub const TERMS: [Term; 10] = [
    Term::Material,
    Term::Squares,
    Term::PassedPawns,
    Term::PawnStructure,
    Term::BishopPair,
    Term::Rooks,
    Term::Mobility,
    Term::KingSafety,
    Term::Threats,
    Term::Tempo,
];

impl Term {
    /// The name the `eval` command prints.
    pub fn name(self) -> &'static str {
        match self {
            Term::Material => "material",
            Term::Squares => "squares",
            Term::PassedPawns => "passed pawns",
            Term::PawnStructure => "pawn structure",
            Term::BishopPair => "bishop pair",
            Term::Rooks => "rooks",
            Term::Mobility => "mobility",
            Term::KingSafety => "king safety",
            Term::Threats => "threats",
            Term::Tempo => "tempo",
        }
    }
}

/// Receives each term's value for one side as the evaluation adds it, and (for the
/// tuner) how many times each weight was used: weight `index` of the flat layout in
/// [`weights::index`], `count` times, for `color`. Every weight that enters linearly
/// is reported; the king-attack curve, which is not linear, is not.
pub trait Trace {
    /// `value` was added to `color`'s total (its own point of view) under `term`.
    fn add(&mut self, color: Color, term: Term, value: S);
    /// The weight at flat index `index` was used `count` times for `color` (its value
    /// is already in an [`add`](Trace::add)). Does nothing unless a tracer needs it.
    #[inline(always)]
    fn coeff(&mut self, _color: Color, _index: usize, _count: i32) {}
}

/// The engine's tracer: records nothing and compiles away.
pub struct NoTrace;

impl Trace for NoTrace {
    #[inline(always)]
    fn add(&mut self, _: Color, _: Term, _: S) {}
}

/// The tuner's tracer: for one position, each weight's use count, White's minus
/// Black's, and the part of the evaluation no traced weight explains.
#[derive(Debug, Clone, Default)]
pub struct Coefficients {
    /// (weight index, White's count − Black's count), nonzero counts only.
    pub coeffs: Vec<(u16, i16)>,
    /// Each side's untraced middlegame/endgame sum so far (White, Black).
    untraced: [S; 2],
    traced: [S; 2],
}

impl Coefficients {
    /// The middlegame/endgame part of the evaluation (White − Black) that no weight
    /// reported, e.g. the king-attack curve.
    pub fn fixed(&self) -> S {
        self.untraced[0] - self.untraced[1]
    }
}

impl Trace for Coefficients {
    fn add(&mut self, color: Color, _: Term, value: S) {
        self.untraced[color.to_index()] += value;
    }
    fn coeff(&mut self, color: Color, index: usize, count: i32) {
        let c = if color == Color::White { count } else { -count };
        let v = weights::flat_weight(index) * count;
        self.traced[color.to_index()] += v;
        self.untraced[color.to_index()] -= v;
        match self.coeffs.iter_mut().find(|(i, _)| *i as usize == index) {
            Some((_, n)) => *n += c as i16,
            None => self.coeffs.push((index as u16, c as i16)),
        }
    }
}

/// The parts of an evaluation, for the `eval` command: each term's middlegame/endgame
/// value for White and for Black (each from its own side), the phase and the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Breakdown {
    /// `terms[t][c]`: term `TERMS[t]` for colour `c` (0 = White).
    pub terms: [[S; 2]; TERMS.len()],
    /// Game phase, 0 (bare kings and pawns) to [`MAX_PHASE`] (all pieces).
    pub phase: i32,
    /// The blended score, White's point of view.
    pub white: i32,
}

impl Trace for Breakdown {
    fn add(&mut self, color: Color, term: Term, value: S) {
        let t = TERMS.iter().position(|&x| x == term).unwrap_or(0);
        self.terms[t][color.to_index()] += value;
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Squares attacked by the pawns `pawns` of `color`.
#[inline(always)]
fn pawn_attacks(pawns: u64, color: Color) -> u64 {
    if color == Color::White {
        ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9)
    } else {
        ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7)
    }
}

/// Squares strictly ahead of `sq` (from `color`'s side) on the same file.
#[inline(always)]
fn front_file(color: Color, sq: usize) -> u64 {
    let file = FILE_A << (sq & 7);
    if color == Color::White {
        file & (!0u64).checked_shl((sq as u32 | 7) + 1).unwrap_or(0)
    } else {
        file & ((1u64 << (sq & !7)) - 1)
    }
}

/// The square in front of a pawn of `color` on `sq` (its stop square).
#[inline(always)]
fn stop_square(color: Color, sq: usize) -> usize {
    if color == Color::White {
        sq + 8
    } else {
        sq - 8
    }
}

/// The files next to `sq`'s file.
#[inline(always)]
fn adjacent_files(sq: usize) -> u64 {
    let file = FILE_A << (sq & 7);
    ((file & !FILE_H) << 1) | ((file & !FILE_A) >> 1)
}

/// Rank of `sq` counted from `color`'s own side (0 = its first rank).
#[inline(always)]
fn relative_rank(color: Color, sq: usize) -> i32 {
    let r = (sq >> 3) as i32;
    if color == Color::White {
        r
    } else {
        7 - r
    }
}

/// Chebyshev (king-step) distance between two squares.
#[inline(always)]
fn distance(a: usize, b: usize) -> i32 {
    let df = ((a & 7) as i32 - (b & 7) as i32).abs();
    let dr = ((a >> 3) as i32 - (b >> 3) as i32).abs();
    df.max(dr)
}

/// Table index of a piece of `color` on square index `sq` (a1 = 0).
#[inline(always)]
fn table_index(color: Color, sq: usize) -> usize {
    if color == Color::White {
        sq ^ 56
    } else {
        sq
    }
}

#[inline(always)]
fn bits(b: u64) -> impl Iterator<Item = usize> {
    BitBoard(b).map(|s| s.to_index())
}

/// All terms for one side, from that side's point of view, and its phase weight.
#[inline(always)]
fn side<T: Trace>(board: &Position, us: Color, passers: u64, trace: &mut T) -> (S, i32) {
    let them = !us;
    let occ = board.combined().0;
    let ours = board.color_combined(us).0;
    let theirs = board.color_combined(them).0;
    let pawns = board.pieces(Piece::Pawn).0;
    let our_pawns = pawns & ours;
    let their_pawns = pawns & theirs;
    let their_pawn_attacks = pawn_attacks(their_pawns, them);
    let our_king = board.king_square(us).to_index();
    let their_king = board.king_square(them).to_index();

    let mut total = S::default();
    let mut phase = 0;
    let mut add = |term: Term, v: S, trace: &mut T| {
        total += v;
        trace.add(us, term, v);
    };

    // Material and squares.
    for (k, piece) in crate::types::ALL_PIECES.iter().enumerate() {
        let set = board.pieces(*piece).0 & ours;
        let n = set.count_ones() as i32;
        phase += PHASE_WEIGHT[k] * n;
        add(Term::Material, PIECE_VALUE[k] * n, trace);
        trace.coeff(us, index::PIECE_VALUE + k, n);
        let mut sq = S::default();
        for s in bits(set) {
            let t = table_index(us, s);
            sq += PSQT[k][t];
            trace.coeff(us, index::PSQT + 64 * k + t, 1);
        }
        add(Term::Squares, sq, trace);
    }

    // Passed pawns: what depends on more than the pawns (the rank bonus is in
    // [`pawn_eval`]).
    let mut passed = S::default();
    for s in bits(passers & ours) {
        let r = relative_rank(us, s) as usize;
        let ahead = front_file(us, s);
        if ahead & occ == 0 {
            passed += PASSED_FREE[r];
            trace.coeff(us, index::PASSED_FREE + r, 1);
        }
        let stop = stop_square(us, s);
        if theirs & (1u64 << stop) != 0 {
            passed += PASSED_BLOCKED;
            trace.coeff(us, index::PASSED_BLOCKED, 1);
        }
        if r >= 3 {
            let w = r as i32 - 2;
            let (t, o) = (w * distance(their_king, stop), w * distance(our_king, stop));
            passed += PASSED_KING_THEIRS * t + PASSED_KING_OURS * o;
            trace.coeff(us, index::PASSED_KING_THEIRS, t);
            trace.coeff(us, index::PASSED_KING_OURS, o);
        }
    }
    add(Term::PassedPawns, passed, trace);

    // Bishop pair.
    if (board.pieces(Piece::Bishop).0 & ours).count_ones() >= 2 {
        add(Term::BishopPair, BISHOP_PAIR, trace);
        trace.coeff(us, index::BISHOP_PAIR, 1);
    }

    // Rooks on open and half-open files.
    let mut rooks = S::default();
    for s in board.pieces(Piece::Rook) & board.color_combined(us) {
        let file = get_file(s.get_file()).0;
        if file & pawns == 0 {
            rooks += ROOK_OPEN;
            trace.coeff(us, index::ROOK_OPEN, 1);
        } else if file & our_pawns == 0 {
            rooks += ROOK_HALF_OPEN;
            trace.coeff(us, index::ROOK_HALF_OPEN, 1);
        }
    }
    add(Term::Rooks, rooks, trace);

    // Mobility over safe squares, and the attack on the squares around their king.
    let safe = !ours & !their_pawn_attacks;
    let blockers = BitBoard(occ);
    let their_zone = get_king_moves(board.king_square(them)).0 | 1u64 << their_king;
    let (mut attackers, mut units) = (0, 0);
    let mut minor_attacks = 0u64;
    let mut rook_attacks = 0u64;
    let mut mobility = S::default();
    // Each kind with its mobility table and where that table starts in the flat layout.
    let kinds: [(Piece, &[S], usize); 4] = [
        (Piece::Knight, &MOBILITY_KNIGHT, index::MOBILITY_KNIGHT),
        (Piece::Bishop, &MOBILITY_BISHOP, index::MOBILITY_BISHOP),
        (Piece::Rook, &MOBILITY_ROOK, index::MOBILITY_ROOK),
        (Piece::Queen, &MOBILITY_QUEEN, index::MOBILITY_QUEEN),
    ];
    for (i, &(piece, table, at)) in kinds.iter().enumerate() {
        for sq in board.pieces(piece) & board.color_combined(us) {
            let att = match piece {
                Piece::Knight => get_knight_moves(sq).0,
                Piece::Bishop => get_bishop_moves(sq, blockers).0,
                Piece::Rook => get_rook_moves(sq, blockers).0,
                _ => get_bishop_moves(sq, blockers).0 | get_rook_moves(sq, blockers).0,
            };
            let n = (att & safe).count_ones() as usize;
            mobility += table[n];
            trace.coeff(us, at + n, 1);
            let hits = (att & their_zone).count_ones() as i32;
            if hits > 0 {
                attackers += 1;
                units += KING_ATTACK_UNITS[i] * hits;
            }
            match piece {
                Piece::Knight | Piece::Bishop => minor_attacks |= att,
                Piece::Rook => rook_attacks |= att,
                _ => {}
            }
        }
    }
    add(Term::Mobility, mobility, trace);

    // King safety: our attack on their king, and the pawns sheltering ours.
    let mut king = S::default();
    if attackers >= 2 {
        king += S((units * units / KING_ATTACK_DIV).min(KING_ATTACK_MAX), 0);
    }
    // Our pawns sheltering our king (one and two ranks ahead of it, on its file and the
    // next ones) and theirs storming it (one to three ranks ahead).
    let shelter_files = (FILE_A << (our_king & 7)) | adjacent_files(our_king);
    for (i, storm) in STORM.iter().enumerate() {
        let rank = relative_rank(us, our_king) + 1 + i as i32;
        if rank > 7 {
            break;
        }
        let abs = if us == Color::White { rank } else { 7 - rank };
        let row = shelter_files & 0xFFu64 << (8 * abs);
        if let Some(w) = SHIELD.get(i) {
            let n = (our_pawns & row).count_ones() as i32;
            king += *w * n;
            trace.coeff(us, index::SHIELD + i, n);
        }
        let n = (their_pawns & row).count_ones() as i32;
        king += *storm * n;
        trace.coeff(us, index::STORM + i, n);
    }
    add(Term::KingSafety, king, trace);

    // Threats: their pieces attacked by our cheaper ones.
    let knights_bishops = board.pieces(Piece::Knight).0 | board.pieces(Piece::Bishop).0;
    let rooks_queens = board.pieces(Piece::Rook).0 | board.pieces(Piece::Queen).0;
    let queens = board.pieces(Piece::Queen).0;
    let our_pawn_attacks = pawn_attacks(our_pawns, us);
    let by_pawn = (our_pawn_attacks & theirs & (knights_bishops | rooks_queens)).count_ones();
    let by_minor = (minor_attacks & theirs & rooks_queens).count_ones();
    let by_rook = (rook_attacks & theirs & queens).count_ones();
    let threats = THREAT_BY_PAWN * by_pawn as i32
        + THREAT_BY_MINOR * by_minor as i32
        + THREAT_BY_ROOK * by_rook as i32;
    trace.coeff(us, index::THREAT_BY_PAWN, by_pawn as i32);
    trace.coeff(us, index::THREAT_BY_MINOR, by_minor as i32);
    trace.coeff(us, index::THREAT_BY_ROOK, by_rook as i32);
    add(Term::Threats, threats, trace);

    (total, phase)
}

/// The terms that depend on the pawns alone, for both sides, and so can be cached by
/// pawn structure ([`PawnCache`]): doubled, isolated, backward, supported and phalanx
/// pawns and the passed pawns' rank bonus.
#[derive(Debug, Clone, Copy, Default)]
pub struct PawnEval {
    white_pawns: u64,
    black_pawns: u64,
    /// White's pawn score minus Black's.
    score: S,
    /// Every passed pawn of both sides.
    passers: u64,
}

fn pawn_eval<T: Trace>(board: &Position, trace: &mut T) -> PawnEval {
    let pawns = board.pieces(Piece::Pawn).0;
    let white_pawns = pawns & board.color_combined(Color::White).0;
    let black_pawns = pawns & board.color_combined(Color::Black).0;
    let mut e = PawnEval {
        white_pawns,
        black_pawns,
        ..PawnEval::default()
    };
    for us in [Color::White, Color::Black] {
        let (our_pawns, their_pawns) = if us == Color::White {
            (white_pawns, black_pawns)
        } else {
            (black_pawns, white_pawns)
        };
        let our_attacks = pawn_attacks(our_pawns, us);
        let their_attacks = pawn_attacks(their_pawns, !us);
        let mut passed = S::default();
        let mut structure = S::default();
        for s in bits(our_pawns) {
            let ahead = front_file(us, s);
            let span = ahead | (ahead & !FILE_H) << 1 | (ahead & !FILE_A) >> 1;
            let neighbours = adjacent_files(s) & our_pawns;
            let bit = 1u64 << s;
            if neighbours == 0 {
                structure += ISOLATED;
                trace.coeff(us, index::ISOLATED, 1);
            } else {
                // Backward: every neighbour is ahead of it (inside its span), and its
                // stop square is held by an enemy pawn, so it can neither advance nor
                // be defended.
                let stop = stop_square(us, s);
                if neighbours & !span == 0 && their_attacks & (1u64 << stop) != 0 {
                    structure += BACKWARD;
                    trace.coeff(us, index::BACKWARD, 1);
                }
            }
            if our_attacks & bit != 0 {
                structure += SUPPORTED;
                trace.coeff(us, index::SUPPORTED, 1);
            }
            let level = 0xFFu64 << (s & !7);
            if neighbours & level != 0 {
                structure += PHALANX;
                trace.coeff(us, index::PHALANX, 1);
            }
            if span & their_pawns == 0 && ahead & our_pawns == 0 {
                let r = relative_rank(us, s) as usize;
                passed += PASSED[r];
                trace.coeff(us, index::PASSED + r, 1);
                e.passers |= bit;
            }
        }
        for f in ALL_FILES {
            let n = (get_file(f).0 & our_pawns).count_ones() as i32;
            if n > 1 {
                structure += DOUBLED * (n - 1);
                trace.coeff(us, index::DOUBLED, n - 1);
            }
        }
        trace.add(us, Term::PassedPawns, passed);
        trace.add(us, Term::PawnStructure, structure);
        let sum = passed + structure;
        e.score += if us == Color::White { sum } else { -sum };
    }
    e
}

/// A small per-thread cache of [`PawnEval`] by pawn structure. Entries hold both
/// sides' pawn sets, so a hit is exact: a collision costs only a recomputation.
pub struct PawnCache {
    entries: Vec<PawnEval>,
}

/// Entries in a [`PawnCache`] (32 bytes each: 256 KiB).
const PAWN_CACHE_SIZE: usize = 1 << 13;

impl Default for PawnCache {
    fn default() -> Self {
        PawnCache::new()
    }
}

impl PawnCache {
    /// An empty cache of 8192 entries (256 KiB).
    pub fn new() -> PawnCache {
        // An empty entry (no pawns at all, score 0, no passers) is a true entry of the
        // pawnless structure, so a zeroed table needs no "empty" marker.
        PawnCache {
            entries: vec![PawnEval::default(); PAWN_CACHE_SIZE],
        }
    }

    #[inline]
    fn probe(&mut self, pos: &Position) -> PawnEval {
        let board = pos;
        let pawns = board.pieces(Piece::Pawn).0;
        let white = pawns & board.color_combined(Color::White).0;
        let black = pawns & board.color_combined(Color::Black).0;
        let slot = &mut self.entries[pos.pawn_key() as usize & (PAWN_CACHE_SIZE - 1)];
        if slot.white_pawns != white || slot.black_pawns != black {
            *slot = pawn_eval(board, &mut NoTrace);
        }
        *slot
    }
}

/// The evaluation from the pawn terms `pawns` on: White's point of view, and the phase.
#[inline(always)]
fn evaluate_with<T: Trace>(board: &Position, pawns: &PawnEval, trace: &mut T) -> (i32, i32) {
    let (w, pw) = side(board, Color::White, pawns.passers, trace);
    let (b, pb) = side(board, Color::Black, pawns.passers, trace);
    let phase = (pw + pb).min(MAX_PHASE);
    let stm = board.side_to_move();
    trace.add(stm, Term::Tempo, TEMPO);
    trace.coeff(stm, index::TEMPO, 1);
    let tempo = if stm == Color::White { TEMPO } else { -TEMPO };
    let d = w - b + pawns.score + tempo;
    let white = (d.0 * phase + d.1 * (MAX_PHASE - phase)) / MAX_PHASE;
    (white, phase)
}

/// Evaluates `board` from White's point of view, reporting each term to `trace`.
pub fn evaluate_traced<T: Trace>(board: &Position, trace: &mut T) -> (i32, i32) {
    let pawns = pawn_eval(board, trace);
    evaluate_with(board, &pawns, trace)
}

/// Every term for both sides, White's point of view, for the `eval` command.
pub fn breakdown(board: &Position) -> Breakdown {
    let mut b = Breakdown::default();
    let (white, phase) = evaluate_traced(board, &mut b);
    b.white = white;
    b.phase = phase;
    b
}

/// Static evaluation in centipawns from the side to move.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    let (white, _) = evaluate_traced(pos, &mut NoTrace);
    from_side_to_move(pos, white)
}

/// [`evaluate`], with the pawn terms taken from (and kept in) `cache`: the search's
/// form. The result is the same number.
#[inline]
pub fn evaluate_cached(pos: &Position, cache: &mut PawnCache) -> i32 {
    let pawns = cache.probe(pos);
    let (white, _) = evaluate_with(pos, &pawns, &mut NoTrace);
    from_side_to_move(pos, white)
}

#[inline(always)]
fn from_side_to_move(pos: &Position, white: i32) -> i32 {
    if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    }
}
