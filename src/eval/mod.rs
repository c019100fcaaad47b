//! Evaluation: tapered piece-square tables plus the terms they cannot see.
//!
//! Every weight is a middlegame/endgame pair ([`S`](struct@crate::score::S)) kept in
//! [`crate::weights`]; the two totals are blended by game phase, measured from the
//! non-pawn material left. The tables are the core; on top sit pawn structure (passed
//! pawns by rank, free path, safe stop square, blocker and king distances; candidate
//! passers; doubled, isolated, backward, supported and phalanx pawns), the bishop pair,
//! rooks on open files, piece mobility (pinned pieces along the pin only), a rook shut
//! in by its own king and a queen open to a pin, placement, king safety (pawn shield
//! and storm, and a king-danger count turned into a score by a curve), threats, a
//! complexity correction (of the endgame score, and toward zero of the middlegame one)
//! and the side to move's tempo. Attack maps (per side and piece kind, all, twice) are
//! computed once per evaluation and shared by the terms that need them. The score is
//! from the side to move, in centipawns. Colour symmetry holds by construction: every
//! term is computed for each side from that side's point of view (a black piece reads
//! the mirrored square).
//!
//! The evaluation is written once, generic over a [`Trace`]: the engine passes
//! [`NoTrace`], which compiles away, and the `eval` command passes a
//! [`Breakdown`](trace::Breakdown) that records each term for each side; [`trace`] is
//! also the tuner's view of it. The terms that depend on the pawns alone are computed
//! once per pawn structure; the search keeps them in a [`PawnCache`], since the pawns
//! change in few of the positions it visits.
//!
//! One concern a file: this file holds the entry points, the evaluation caches, the
//! attack maps and the board geometry the terms share; `material` the piece values,
//! squares, imbalance and phase; `pawns` the pawn structure and its cache; `pieces` the
//! pieces' mobility and placement; `passed` the passed pawns beyond their structure;
//! `king` the king's shelter and danger; `threats` the threats; `scale` how winnable an
//! endgame is (complexity and the general scale factors); `endgame` the knowledge of
//! particular endings by material signature (evaluators that know an ending's value, and
//! scale factors that override the general ones); `trace` the terms' reporting.

mod endgame;
mod king;
mod material;
mod passed;
mod pawns;
mod pieces;
mod scale;
mod threats;
pub mod trace;

pub use endgame::KNOWN_WIN;
pub use pawns::PawnCache;

use crate::position::Position;
use crate::types::{get_king_moves, Color, Piece, Square, Squares};
use crate::weights::{index, SCALE_NORMAL, TEMPO};
use endgame::{Known, Material};
use king::king_danger;
use king::king_shelter;
use material::material_and_squares;
use material::{imbalance, phase};
use passed::passed_pawns;
use pawns::pawn_eval;
use pawns::PawnEval;
use pieces::{closedness, pieces, placement};
use scale::{complexity, scale, scale_case, ScaleCase};
use threats::threats;
use trace::{NoTrace, Term, Trace};

/// Phase of the starting position (and the cap: promotions can exceed it).
pub const MAX_PHASE: i32 = 24;

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

/// The squares one rank ahead of `squares`, from `color`'s side.
#[inline(always)]
fn forward(color: Color, squares: u64) -> u64 {
    if color == Color::White {
        squares << 8
    } else {
        squares >> 8
    }
}

/// The squares one rank behind `squares`, from `color`'s side.
#[inline(always)]
fn backward(color: Color, squares: u64) -> u64 {
    forward(!color, squares)
}

/// Squares strictly ahead of `sq` (from `color`'s side) on the same file.
#[inline(always)]
fn front_file(color: Color, sq: usize) -> u64 {
    (FILE_A << (sq & 7)) & ranks_ahead(color, sq)
}

/// Squares on the ranks strictly ahead of `sq`'s, from `color`'s side.
#[inline(always)]
fn ranks_ahead(color: Color, sq: usize) -> u64 {
    if color == Color::White {
        (!0u64).checked_shl((sq as u32 | 7) + 1).unwrap_or(0)
    } else {
        (1u64 << (sq & !7)) - 1
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

/// `RINGS[s][d]`: the squares at king distance `d` from `s`.
static RINGS: [[u64; 8]; 64] = {
    let mut rings = [[0u64; 8]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            rings[a][distance(a, b) as usize] |= 1u64 << b;
            b += 1;
        }
        a += 1;
    }
    rings
};

/// Chebyshev (king-step) distance between two squares.
#[inline(always)]
const fn distance(a: usize, b: usize) -> i32 {
    let df = ((a & 7) as i32 - (b & 7) as i32).abs();
    let dr = ((a >> 3) as i32 - (b >> 3) as i32).abs();
    if df > dr {
        df
    } else {
        dr
    }
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
    Squares(b).map(|s| s.to_index())
}

/// What each side attacks, computed once per evaluation and shared by the terms that
/// ask what is attacked, defended or attacked twice.
#[derive(Debug, Clone, Copy, Default)]
struct Attacks {
    /// `by[c][k]`: squares colour `c`'s pieces of kind `k` (pawn to king) attack.
    by: [[u64; 6]; 2],
    /// Squares colour `c` attacks.
    all: [u64; 2],
    /// Squares colour `c` attacks at least twice.
    twice: [u64; 2],
    /// Colour `c`'s knights, bishops, rooks and queens that hit the other king's zone.
    zone_attackers: [[i32; 4]; 2],
    /// Squares of the other king's zone colour `c` hits, summed over those pieces.
    zone_hits: [i32; 2],
    /// The pieces of either colour alone between colour `c`'s king and an enemy
    /// bishop, rook or queen on a line to it (filled by `pieces`, read by the king's
    /// danger): found once, as both the pins and the danger need them.
    blockers: [u64; 2],
}

impl Attacks {
    /// The kinds of [`Attacks::by`] read by name (a kind is its `Piece::to_index`).
    const PAWN: usize = Piece::Pawn as usize;
    const KNIGHT: usize = Piece::Knight as usize;
    const BISHOP: usize = Piece::Bishop as usize;
    const ROOK: usize = Piece::Rook as usize;
    const QUEEN: usize = Piece::Queen as usize;
    const KING: usize = Piece::King as usize;

    /// Records that a piece of colour `c` and kind `kind` attacks `squares`.
    #[inline(always)]
    fn add(&mut self, c: usize, kind: usize, squares: u64) {
        self.twice[c] |= self.all[c] & squares;
        self.all[c] |= squares;
        self.by[c][kind] |= squares;
    }

    /// The attacks of both sides' pawns and kings, which the pieces' mobility and the
    /// later terms read.
    fn new(board: &Position) -> Attacks {
        let mut a = Attacks::default();
        let pawns = board.pieces(Piece::Pawn).0;
        for us in [Color::White, Color::Black] {
            let c = us.to_index();
            let ours = pawns & board.color_combined(us).0;
            // Each diagonal separately, so that a square two pawns attack counts twice.
            let (west, east) = (ours & !FILE_A, ours & !FILE_H);
            let (west, east) = if us == Color::White {
                (west << 7, east << 9)
            } else {
                (west >> 9, east >> 7)
            };
            a.add(c, Attacks::PAWN, west);
            a.add(c, Attacks::PAWN, east);
            a.add(c, Attacks::KING, get_king_moves(board.king_square(us)).0);
        }
        a
    }
}

/// The zone of the king on `sq`: its square and the squares around it.
#[inline(always)]
fn king_zone(sq: Square) -> u64 {
    get_king_moves(sq).0 | 1u64 << sq.to_index()
}

/// Recent static evaluations by position key. The search evaluates many positions
/// again within an iteration and from one to the next (transpositions, quiescence
/// nodes, and nodes whose table entry was replaced), and an evaluation depends on the
/// position alone, so a remembered one is the same number. A slot holds 32 bits of the
/// key beside the 16 that chose it: another position passes a probe once in 2^32.
pub(crate) struct EvalCache {
    /// The key's high 32 bits above the evaluation's 32, by the key's low bits.
    slots: Box<[u64]>,
}

/// The eval cache has 2^EVAL_CACHE_BITS slots: 512 KiB. On `tiefe bench` (callgrind)
/// 32 KiB saves 84M instructions of 2,460M, 128 KiB 103M, 512 KiB 110M.
const EVAL_CACHE_BITS: u32 = 16;

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache::new()
    }
}

impl EvalCache {
    /// An empty cache.
    pub fn new() -> EvalCache {
        EvalCache {
            slots: vec![0; 1 << EVAL_CACHE_BITS].into_boxed_slice(),
        }
    }

    /// The slot of the position keyed `key`, for the probe and the prefetch alike.
    #[inline]
    fn slot(key: u64) -> usize {
        key as usize & ((1 << EVAL_CACHE_BITS) - 1)
    }

    /// Starts loading the slot of the position with key `key` (a new node's
    /// evaluation is often not in the table, and this cache is too large for the
    /// nearer CPU caches).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::prefetch::prefetch(&self.slots[Self::slot(key)]);
    }

    /// [`evaluate_cached`] of `pos`, from this cache when it holds it.
    #[inline]
    pub fn evaluate(&mut self, pos: &Position, pawns: &mut PawnCache) -> i32 {
        let key = pos.key();
        let slot = &mut self.slots[Self::slot(key)];
        if *slot >> 32 == key >> 32 {
            return *slot as u32 as i32;
        }
        let eval = evaluate_cached(pos, pawns);
        *slot = (key >> 32) << 32 | eval as u32 as u64;
        eval
    }
}

/// The evaluation from the pawn terms `pawns` on: White's point of view, and the phase.
/// `ending` is the material when it may be an ending with its own knowledge (see
/// [`Material::of`]).
#[inline(always)]
fn evaluate_with<T: Trace>(
    board: &Position,
    pawns: &PawnEval,
    ending: Option<Material>,
    trace: &mut T,
) -> (i32, i32) {
    let mut att = Attacks::new(board);
    let w = pieces(board, Color::White, &mut att, trace);
    let b = pieces(board, Color::Black, &mut att, trace);
    let mut d = board.square_sum() + w - b + pawns.score + imbalance(board, trace);
    let closed = closedness(board);
    for (us, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let king = king_danger(board, us, &att, trace) + pawns.shelter[us.to_index()];
        let others = passed_pawns(board, us, pawns.passers, &att, trace)
            + placement(board, us, &att, closed, trace)
            + threats(board, us, &att, trace);
        d += (king + others) * sign;
    }
    let phase = phase(board).min(MAX_PHASE);
    let stm = board.side_to_move();
    trace.add(stm, Term::Tempo, TEMPO);
    trace.coeff(stm, index::TEMPO, 1);
    d += if stm == Color::White { TEMPO } else { -TEMPO };
    let d = d + complexity(board, d, trace);
    let eg = d.eg();
    if let Some(known) = ending.and_then(|m| ending_scale(&m, board, eg)) {
        // The ending's own factor. In these endings the phase is low but not zero; the
        // rule speaks of the endgame, so the middlegame half does not count.
        let white = eg * known.value / SCALE_NORMAL;
        trace.known(known.name, white);
        return (white, phase);
    }
    let eg = scale(board, eg, trace);
    let white = (d.mg() * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    (white, phase)
}

/// The factor of the ending's own rule for the side ahead in the endgame score `eg`
/// (White's view), if one knows. A level score has no side ahead: a rule for either
/// side then makes it the rule's draw (asking both keeps the colours symmetric).
#[inline(always)]
fn ending_scale(m: &Material, board: &Position, eg: i32) -> Option<Known> {
    match eg.signum() {
        1 => m.scale(board, Color::White),
        -1 => m.scale(board, Color::Black),
        _ => m
            .scale(board, Color::White)
            .or_else(|| m.scale(board, Color::Black)),
    }
}

/// Every term computed afresh (no cache) and reported to `trace`: White's point of
/// view, and the phase. The tools reach it through [`trace::evaluate_traced`].
fn evaluate_from_scratch<T: Trace>(board: &Position, trace: &mut T) -> (i32, i32) {
    let ending = Material::of(board);
    if let Some(known) = known_value(board, ending) {
        trace.known(known.name, known.value);
        return (known.value, phase(board).min(MAX_PHASE));
    }
    for us in [Color::White, Color::Black] {
        material_and_squares(board, us, trace);
    }
    let mut pawns = pawn_eval(board, trace);
    for us in [Color::White, Color::Black] {
        pawns.shelter[us.to_index()] = king_shelter(board, us, trace);
    }
    evaluate_with(board, &pawns, ending, trace)
}

/// The value of `board` (White's view) when an endgame evaluator knows it.
#[inline(always)]
fn known_value(board: &Position, ending: Option<Material>) -> Option<Known> {
    ending.and_then(|m| m.value(board))
}

/// The flat index of the weight of the scale factor for a position in which `strong`
/// leads in the endgame score, if a case applies and no endgame knowledge decides
/// instead: for the tuner, through [`trace::scale_weight`].
fn scale_index(board: &Position, strong: Color) -> Option<usize> {
    let ending = Material::of(board);
    let knows =
        ending.is_some_and(|m| m.value(board).is_some() || m.scale(board, strong).is_some());
    if knows {
        return None;
    }
    scale_case(board, strong).map(ScaleCase::index)
}

/// Static evaluation in centipawns from the side to move.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    let (white, _) = evaluate_from_scratch(pos, &mut NoTrace);
    from_side_to_move(pos, white)
}

/// [`evaluate`], with the pawn terms taken from (and kept in) `cache`: the search's
/// form. The result is the same number.
#[inline]
pub fn evaluate_cached(pos: &Position, cache: &mut PawnCache) -> i32 {
    let ending = Material::of(pos);
    if let Some(known) = known_value(pos, ending) {
        return from_side_to_move(pos, known.value);
    }
    let pawns = cache.probe(pos);
    let (white, _) = evaluate_with(pos, &pawns, ending, &mut NoTrace);
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
