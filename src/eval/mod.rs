//! Evaluation: tapered piece-square tables plus the terms they cannot see.
//!
//! Every weight is a middlegame/endgame pair ([`S`]) kept in [`weights`]; the two totals
//! are blended by game phase, measured from the non-pawn material left. The tables are
//! the core; on top sit pawn structure (passed pawns by rank, free path, safe stop
//! square, blocker and king distances; candidate passers; doubled, isolated, backward,
//! supported and phalanx pawns), the bishop pair, rooks on open files, piece mobility
//! and placement, king safety (pawn shield and storm, and a king-danger count turned
//! into a score by a curve), threats, a complexity correction of the endgame score and
//! the side to move's tempo. Attack maps (per side and piece kind, all, twice) are
//! computed once per evaluation and shared by the terms that need them. The score is
//! from the side to move, in centipawns. Colour symmetry holds by construction: every
//! term is computed for each side from that side's point of view (a black piece reads
//! the mirrored square).
//!
//! The evaluation is written once, generic over a [`Trace`]: the engine passes
//! [`NoTrace`], which compiles away, and the `eval` command passes a [`Breakdown`] that
//! records each term for each side. The terms that depend on the pawns alone are
//! computed by [`pawn_eval`]; the search keeps them in a [`PawnCache`], since the
//! pawns change in few of the positions it visits.

use crate::types::{
    get_bishop_moves, get_file, get_king_moves, get_knight_moves, get_rook_moves, BitBoard, Color,
    Piece, Square, Squares, ALL_FILES, ALL_PIECES, DARK_SQUARES,
};

use crate::position::Position;
use crate::score::S;
use crate::weights::{self, *};

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
    /// What a piece is worth beside the others on the board ([`imbalance`]).
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
    /// the seventh, knights and rooks by how closed the position is.
    Pieces,
    /// Our pawn shield, their pawn storm, and our king's distance to the pawns.
    KingSafety,
    /// The danger to our king: their pieces on its zone, their safe checks, weak squares
    /// around it, its pawn defenders, through a curve (see [`danger_curve`]).
    KingDanger,
    /// Their pieces attacked by our cheaper ones or left undefended, their pieces our
    /// king or a safe pawn push would attack.
    Threats,
    /// The side to move's bonus.
    Tempo,
    /// The endgame correction for how winnable the position is (White's column only).
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
/// [`weights::index`], `count` times, for `color`. Weights that enter linearly are
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
    /// king, which [`danger_curve`] turns into its [`Term::KingDanger`].
    #[inline(always)]
    fn danger(&mut self, _color: Color, _index: usize, _count: i32) {}
    /// The weight at `index` was counted `count` times into the complexity, which
    /// moves the endgame score (see [`Term::Complexity`]).
    #[inline(always)]
    fn complexity(&mut self, _index: usize, _count: i32) {}
}

/// The engine's tracer: records nothing and compiles away.
pub struct NoTrace;

impl Trace for NoTrace {
    #[inline(always)]
    fn add(&mut self, _: Color, _: Term, _: S) {}
}

/// The tuner's tracer: for one position, each weight's use count, White's minus
/// Black's; the counts inside the king-danger curve of each side and inside the
/// complexity; and the part of the evaluation no traced weight explains.
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
        self.untraced[color.to_index()] -= weights::flat_weight(index) * count;
        push_count(&mut self.coeffs, index, c);
    }
    fn danger(&mut self, color: Color, index: usize, count: i32) {
        push_count(&mut self.danger[color.to_index()], index, count);
    }
    fn complexity(&mut self, index: usize, count: i32) {
        push_count(&mut self.complexity, index, count);
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
}

impl Attacks {
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
            a.add(c, 0, west);
            a.add(c, 0, east);
            a.add(c, 5, get_king_moves(board.king_square(us)).0);
        }
        a
    }
}

/// The zone of the king on `sq`: its square and the squares around it.
#[inline(always)]
fn king_zone(sq: Square) -> u64 {
    get_king_moves(sq).0 | 1u64 << sq.to_index()
}

/// Each kind of piece that has a mobility term, with its mobility table and where that
/// table starts in the flat layout (a constant, so the loop over it unrolls).
const MOBILE_KINDS: [(Piece, &[S], usize); 4] = [
    (Piece::Knight, &MOBILITY_KNIGHT, index::MOBILITY_KNIGHT),
    (Piece::Bishop, &MOBILITY_BISHOP, index::MOBILITY_BISHOP),
    (Piece::Rook, &MOBILITY_ROOK, index::MOBILITY_ROOK),
    (Piece::Queen, &MOBILITY_QUEEN, index::MOBILITY_QUEEN),
];

/// One side's material and square terms, reported to `trace` from that side's point
/// of view. The search's evaluation takes their sum from [`Position::square_sum`]
/// instead; this is the tracer's (the tuner's and the `eval` command's) form.
#[inline(always)]
fn material_and_squares<T: Trace>(board: &Position, us: Color, trace: &mut T) {
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
fn imbalance<T: Trace>(board: &Position, trace: &mut T) -> S {
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

/// The game phase: MAX_PHASE with all pieces on the board (more after promotions; the
/// caller caps it), 0 with pawns and kings alone.
#[inline(always)]
fn phase(board: &Position) -> i32 {
    let count = |p: Piece| board.pieces(p).0.count_ones() as i32;
    PHASE_WEIGHT[1] * count(Piece::Knight)
        + PHASE_WEIGHT[2] * count(Piece::Bishop)
        + PHASE_WEIGHT[3] * count(Piece::Rook)
        + PHASE_WEIGHT[4] * count(Piece::Queen)
}

/// The terms of one side's own pieces but material and squares, from that side's point
/// of view: the bishop pair, rooks on open files and mobility. Records the pieces'
/// attacks in `att` for the terms that need both sides' attacks.
#[inline(always)]
fn pieces<T: Trace>(board: &Position, us: Color, att: &mut Attacks, trace: &mut T) -> S {
    let them = !us;
    let occ = board.combined().0;
    let ours = board.color_combined(us).0;
    let pawns = board.pieces(Piece::Pawn).0;
    let our_pawns = pawns & ours;

    let mut total = S::default();
    let mut add = |term: Term, v: S, trace: &mut T| {
        total += v;
        trace.add(us, term, v);
    };

    // Bishop pair.
    if (board.pieces(Piece::Bishop).0 & ours).count_ones() >= 2 {
        add(Term::BishopPair, BISHOP_PAIR, trace);
        trace.coeff(us, index::BISHOP_PAIR, 1);
    }

    // Rooks on open and half-open files.
    let mut rooks = S::default();
    for s in Squares::from(board.pieces(Piece::Rook) & board.color_combined(us)) {
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

    // Mobility over safe squares; every attack is recorded, and the pieces that hit the
    // squares around their king are counted for its danger.
    let (u, t) = (us.to_index(), them.to_index());
    let safe = !ours & !att.by[t][0];
    let blockers = BitBoard(occ);
    let their_zone = king_zone(board.king_square(them));
    let mut mobility = S::default();
    for (i, &(piece, table, at)) in MOBILE_KINDS.iter().enumerate() {
        for sq in Squares::from(board.pieces(piece) & board.color_combined(us)) {
            let a = match piece {
                Piece::Knight => get_knight_moves(sq).0,
                Piece::Bishop => get_bishop_moves(sq, blockers).0,
                Piece::Rook => get_rook_moves(sq, blockers).0,
                _ => get_bishop_moves(sq, blockers).0 | get_rook_moves(sq, blockers).0,
            };
            att.add(u, i + 1, a);
            let n = (a & safe).count_ones() as usize;
            mobility += table[n];
            trace.coeff(us, at + n, 1);
            let hits = (a & their_zone).count_ones() as i32;
            if hits > 0 {
                att.zone_attackers[u][i] += 1;
                att.zone_hits[u] += hits;
            }
        }
    }
    add(Term::Mobility, mobility, trace);
    total
}

/// Passed pawns, what depends on more than the pawns (the rank bonus is in
/// [`pawn_eval`]): a free path, a blocked stop square, whether it can advance and
/// safely, and the kings' distances by rank, from `us`'s point of view.
#[inline(always)]
fn passed_pawns<T: Trace>(
    board: &Position,
    us: Color,
    passers: u64,
    att: &Attacks,
    trace: &mut T,
) -> S {
    let them = !us;
    let occ = board.combined().0;
    let ours = board.color_combined(us).0;
    let theirs = board.color_combined(them).0;
    let our_king = board.king_square(us).to_index();
    let their_king = board.king_square(them).to_index();
    let mut passed = S::default();
    for s in bits(passers & ours) {
        let r = relative_rank(us, s) as usize;
        let ahead = front_file(us, s);
        if ahead & occ == 0 {
            passed += PASSED_FREE[r];
            trace.coeff(us, index::PASSED_FREE + r, 1);
        }
        let stop = stop_square(us, s);
        let stop_bit = 1u64 << stop;
        if theirs & stop_bit != 0 {
            passed += PASSED_BLOCKED;
            trace.coeff(us, index::PASSED_BLOCKED, 1);
        }
        let can = (occ & stop_bit == 0) as usize;
        let safe = (att.all[them.to_index()] & stop_bit == 0) as usize;
        let i = 16 * can + 8 * safe + r;
        passed += PASSED_SAFE[i];
        trace.coeff(us, index::PASSED_SAFE + i, 1);
        let (t, o) = (distance(their_king, stop), distance(our_king, stop));
        passed += PASSED_KING_THEIRS[r] * t + PASSED_KING_OURS[r] * o;
        trace.coeff(us, index::PASSED_KING_THEIRS + r, t);
        trace.coeff(us, index::PASSED_KING_OURS + r, o);
    }
    trace.add(us, Term::PassedPawns, passed);
    passed
}

/// The two long diagonals.
const LONG_DIAGONALS: u64 = 0x8040_2010_0804_0201 | 0x0102_0408_1020_4080;
/// d4, e4, d5, e5.
const CENTRE: u64 = 0x0000_0018_1800_0000;

/// How closed the position is, 0 to 8: the pawns of one side blocked head-on by the
/// other's.
#[inline(always)]
fn closedness(board: &Position) -> usize {
    let pawns = board.pieces(Piece::Pawn).0;
    let white = pawns & board.color_combined(Color::White).0;
    let black = pawns & board.color_combined(Color::Black).0;
    ((white << 8) & black).count_ones().min(8) as usize
}

/// Where our pieces stand, from `us`'s point of view: knights and bishops on outposts
/// or behind a pawn, knights far from the kings, bishops on an open long diagonal or
/// hemmed in by their own blocked pawns, rooks on the seventh, and knights and rooks by
/// how closed the position is.
#[inline(always)]
fn placement<T: Trace>(
    board: &Position,
    us: Color,
    att: &Attacks,
    closed: usize,
    trace: &mut T,
) -> S {
    let them = !us;
    let ours = board.color_combined(us).0;
    let pawns = board.pieces(Piece::Pawn).0;
    let our_pawns = pawns & ours;
    let their_pawns = pawns & !ours;
    let kings = [
        board.king_square(us).to_index(),
        board.king_square(them).to_index(),
    ];
    let blocked = if us == Color::White {
        (our_pawns << 8) & their_pawns
    } else {
        (our_pawns >> 8) & their_pawns
    };
    let rammed = if us == Color::White {
        blocked >> 8
    } else {
        blocked << 8
    };
    let mut total = S::default();
    let mut add = |at: usize, w: S, n: i32, trace: &mut T| {
        total += w * n;
        trace.coeff(us, at, n);
    };
    for (k, piece) in [Piece::Knight, Piece::Bishop].into_iter().enumerate() {
        for sq in Squares(board.pieces(piece).0 & ours) {
            let s = sq.to_index();
            let r = relative_rank(us, s);
            let bit = 1u64 << s;
            // Out of reach of every enemy pawn, now and after any of their pushes.
            let safe = adjacent_files(s) & ranks_ahead(us, s) & their_pawns == 0;
            if (3..=5).contains(&r) && safe && att.by[us.to_index()][0] & bit != 0 {
                add(index::OUTPOST + k, OUTPOST[k], 1, trace);
            }
            let front = if us == Color::White {
                bit << 8
            } else {
                bit >> 8
            };
            if pawns & front != 0 {
                add(index::MINOR_BEHIND_PAWN, MINOR_BEHIND_PAWN, 1, trace);
            }
            if piece == Piece::Knight {
                let d = distance(s, kings[0]).min(distance(s, kings[1])) as usize;
                add(
                    index::KNIGHT_KING_DISTANCE + d,
                    KNIGHT_KING_DISTANCE[d],
                    1,
                    trace,
                );
                add(
                    index::KNIGHT_CLOSED + closed,
                    KNIGHT_CLOSED[closed],
                    1,
                    trace,
                );
            } else {
                let seen = (get_bishop_moves(sq, BitBoard(pawns)).0 | bit) & CENTRE;
                if bit & LONG_DIAGONALS != 0 && seen.count_ones() == 2 {
                    add(index::BISHOP_LONG_DIAGONAL, BISHOP_LONG_DIAGONAL, 1, trace);
                }
                let colour = if bit & DARK_SQUARES != 0 {
                    DARK_SQUARES
                } else {
                    !DARK_SQUARES
                };
                let n = (rammed & colour).count_ones() as i32;
                add(index::BISHOP_RAMMED_PAWNS, BISHOP_RAMMED_PAWNS, n, trace);
            }
        }
    }
    let seventh = if us == Color::White {
        0xFFu64 << 48
    } else {
        0xFFu64 << 8
    };
    let eighth = if us == Color::White {
        0xFFu64 << 56
    } else {
        0xFF
    };
    let king_back = (1u64 << kings[1]) & eighth != 0;
    for s in bits(board.pieces(Piece::Rook).0 & ours) {
        if (1u64 << s) & seventh != 0 && (king_back || their_pawns & seventh != 0) {
            add(index::ROOK_SEVENTH, ROOK_SEVENTH, 1, trace);
        }
        add(index::ROOK_CLOSED + closed, ROOK_CLOSED[closed], 1, trace);
    }
    trace.add(us, Term::Pieces, total);
    total
}

/// The danger to `us`'s king as a middlegame/endgame score for `us` (never positive):
/// a weighted count of what `them` bring against it, turned into a score by
/// [`danger_curve`]. Counted only when they attack its zone with two pieces, or one
/// with a queen on the board.
#[inline(always)]
fn king_danger<T: Trace>(board: &Position, us: Color, att: &Attacks, trace: &mut T) -> S {
    let them = !us;
    let (u, t) = (us.to_index(), them.to_index());
    let theirs = board.color_combined(them).0;
    let has_queen = board.pieces(Piece::Queen).0 & theirs != 0;
    let attackers: i32 = att.zone_attackers[t].iter().sum();
    if attackers < 2 - has_queen as i32 {
        return S::default();
    }
    let king = board.king_square(us);
    let zone = king_zone(king);
    // Weak: attacked by them, and defended at most once, by our king or queen alone.
    let weak = att.all[t] & !att.twice[u] & (!att.all[u] | att.by[u][4] | att.by[u][5]);
    // Safe for a checking piece: not theirs, and not defended by us, or weak and
    // supported by a second attacker of theirs.
    let safe = !theirs & (!att.all[u] | (weak & att.twice[t]));
    let blockers = BitBoard(board.combined().0);
    let diagonal = get_bishop_moves(king, blockers).0;
    let straight = get_rook_moves(king, blockers).0;
    let checks = [
        get_knight_moves(king).0,
        diagonal,
        straight,
        diagonal | straight,
    ];
    let our_pawns = board.pieces(Piece::Pawn).0 & board.color_combined(us).0;

    let mut danger = S::default();
    let mut feature = |at: usize, w: S, n: i32, trace: &mut T| {
        danger += w * n;
        trace.danger(us, at, n);
    };
    for k in 0..4 {
        let n = att.zone_attackers[t][k];
        feature(index::DANGER_ATTACKER + k, DANGER_ATTACKER[k], n, trace);
        let n = (checks[k] & att.by[t][k + 1] & safe).count_ones() as i32;
        feature(index::DANGER_SAFE_CHECK + k, DANGER_SAFE_CHECK[k], n, trace);
    }
    let hits = att.zone_hits[t];
    feature(index::DANGER_ZONE_HITS, DANGER_ZONE_HITS, hits, trace);
    let n = (weak & zone).count_ones() as i32;
    feature(index::DANGER_WEAK, DANGER_WEAK, n, trace);
    let n = (our_pawns & zone & !weak).count_ones() as i32;
    feature(
        index::DANGER_PAWN_DEFENDERS,
        DANGER_PAWN_DEFENDERS,
        n,
        trace,
    );
    feature(
        index::DANGER_NO_QUEEN,
        DANGER_NO_QUEEN,
        !has_queen as i32,
        trace,
    );
    feature(index::DANGER_BASE, DANGER_BASE, 1, trace);
    let value = danger_curve(danger);
    trace.add(us, Term::KingDanger, value);
    value
}

/// The score of a king-danger count: quadratic in the middlegame (a few attackers are
/// nothing, many are decisive) and linear in the endgame, never positive. The tuner
/// fits the count's weights through this curve ([`danger_curve_f64`]).
#[inline(always)]
pub fn danger_curve(count: S) -> S {
    let (mg, eg) = (count.mg().max(0), count.eg().max(0));
    S(-(mg * mg) / DANGER_MG_DIV, -eg / DANGER_EG_DIV)
}

/// [`danger_curve`] in floating point, with its derivatives: (mg, eg, d mg / d count
/// mg, d eg / d count eg). The tuner's form of the same curve.
pub fn danger_curve_f64(mg: f64, eg: f64) -> (f64, f64, f64, f64) {
    let (mg, eg) = (mg.max(0.0), eg.max(0.0));
    let (m, e) = (DANGER_MG_DIV as f64, DANGER_EG_DIV as f64);
    let de = if eg > 0.0 { -1.0 / e } else { 0.0 };
    (-mg * mg / m, -eg / e, -2.0 * mg / m, de)
}

/// Our pawn shield and their pawn storm, file by file, and our king's distance to the
/// nearest pawn, from `us`'s point of view.
#[inline(always)]
fn king_shelter<T: Trace>(board: &Position, us: Color, trace: &mut T) -> S {
    let pawns = board.pieces(Piece::Pawn).0;
    let our_pawns = pawns & board.color_combined(us).0;
    let their_pawns = pawns & !our_pawns;
    let our_king = board.king_square(us).to_index();
    let mut king = S::default();
    // On the king's file and the next ones: the nearest pawn of each side on the
    // king's rank or ahead of it, by its distance in ranks (7: none).
    let level = (0xFFu64 << (our_king & !7)) | ranks_ahead(us, our_king);
    let king_rank = relative_rank(us, our_king);
    let nearest = |set: u64| match set {
        0 => 7,
        _ if us == Color::White => relative_rank(us, set.trailing_zeros() as usize) - king_rank,
        _ => relative_rank(us, 63 - set.leading_zeros() as usize) - king_rank,
    };
    let king_file = our_king & 7;
    for file in king_file.saturating_sub(1)..=(king_file + 1).min(7) {
        let column = (FILE_A << file) & level;
        let ours = nearest(our_pawns & column) as usize;
        let theirs = nearest(their_pawns & column) as usize;
        let i = 64 * (file == king_file) as usize + 8 * file + ours;
        king += SHIELD[i];
        trace.coeff(us, index::SHIELD + i, 1);
        let blocked = ours != 7 && ours + 1 == theirs;
        let i = 32 * blocked as usize + 8 * file.min(7 - file) + theirs;
        king += STORM[i];
        trace.coeff(us, index::STORM + i, 1);
    }
    // In the endgame a king far from every pawn is out of play.
    if pawns != 0 {
        let d = (1..8)
            .find(|&d| RINGS[our_king][d] & pawns != 0)
            .unwrap_or(0);
        king += KING_PAWN_DISTANCE[d];
        trace.coeff(us, index::KING_PAWN_DISTANCE + d, 1);
    }
    trace.add(us, Term::KingSafety, king);
    king
}

/// Threats by `us`: their pieces attacked by our cheaper ones or left undefended, and
/// the safe pawn pushes that would attack a piece, from `us`'s point of view.
#[inline(always)]
fn threats<T: Trace>(board: &Position, us: Color, att: &Attacks, trace: &mut T) -> S {
    let them = !us;
    let (u, t) = (us.to_index(), them.to_index());
    let occ = board.combined().0;
    let theirs = board.color_combined(them).0;
    let piece = |p: Piece| board.pieces(p).0 & theirs;
    let (pawns, minors) = (
        piece(Piece::Pawn),
        piece(Piece::Knight) | piece(Piece::Bishop),
    );
    let (rooks, queens) = (piece(Piece::Rook), piece(Piece::Queen));
    let pieces = minors | rooks | queens;
    let by = &att.by[u];
    let by_minors = by[1] | by[2];
    let undefended = !att.all[t];

    // Safe pushes: one square (two from the second rank) onto a square their pawns do
    // not hit, and that we hold or they do not.
    let our_pawns = board.pieces(Piece::Pawn).0 & board.color_combined(us).0;
    let (forward, third): (fn(u64) -> u64, u64) = if us == Color::White {
        (|b| b << 8, 0xFF << 16)
    } else {
        (|b| b >> 8, 0xFF << 40)
    };
    let single = forward(our_pawns) & !occ;
    let double = forward(single & third) & !occ;
    let pushes = (single | double) & !att.by[t][0] & (att.all[u] | !att.all[t]);

    let counts = [
        (index::THREAT_BY_PAWN, THREAT_BY_PAWN, by[0] & pieces),
        (
            index::THREAT_BY_MINOR,
            THREAT_BY_MINOR,
            by_minors & (rooks | queens),
        ),
        (index::THREAT_BY_ROOK, THREAT_BY_ROOK, by[3] & queens),
        (
            index::THREAT_WEAK_PAWN,
            THREAT_WEAK_PAWN,
            att.all[u] & pawns & undefended,
        ),
        (
            index::THREAT_MINOR_BY_MINOR,
            THREAT_MINOR_BY_MINOR,
            by_minors & minors,
        ),
        (
            index::THREAT_MINOR_BY_MAJOR,
            THREAT_MINOR_BY_MAJOR,
            (by[3] | by[4]) & minors,
        ),
        (index::THREAT_QUEEN, THREAT_QUEEN, att.all[u] & queens),
        (
            index::THREAT_HANGING,
            THREAT_HANGING,
            att.all[u] & pieces & undefended,
        ),
        (
            index::THREAT_BY_KING,
            THREAT_BY_KING,
            by[5] & theirs & undefended,
        ),
        (
            index::THREAT_PAWN_PUSH,
            THREAT_PAWN_PUSH,
            pawn_attacks(pushes, us) & pieces,
        ),
    ];
    let mut total = S::default();
    for (at, w, set) in counts {
        let n = set.count_ones() as i32;
        total += w * n;
        trace.coeff(us, at, n);
    }
    trace.add(us, Term::Threats, total);
    total
}

/// The endgame correction for how hard the position is to win: pawns, pawns on both
/// wings and a pure pawn endgame make a lead count for more; few pawns for less. It
/// moves the endgame score `eg` (White's view) toward or away from zero, never across
/// it. Returns the correction, White's view.
#[inline(always)]
fn complexity<T: Trace>(board: &Position, eg: i32, trace: &mut T) -> i32 {
    let pawns = board.pieces(Piece::Pawn).0;
    let queen_side = 0x0F0F_0F0F_0F0F_0F0Fu64;
    let both_flanks = pawns & queen_side != 0 && pawns & !queen_side != 0;
    let kings = board.pieces(Piece::King).0;
    let pawn_endgame = board.combined().0 & !pawns & !kings == 0;
    let features = [
        (
            index::COMPLEXITY_PAWNS,
            COMPLEXITY_PAWNS,
            pawns.count_ones() as i32,
        ),
        (
            index::COMPLEXITY_FLANKS,
            COMPLEXITY_FLANKS,
            both_flanks as i32,
        ),
        (
            index::COMPLEXITY_PAWN_ENDGAME,
            COMPLEXITY_PAWN_ENDGAME,
            pawn_endgame as i32,
        ),
        (index::COMPLEXITY_BASE, COMPLEXITY_BASE, 1),
    ];
    let mut count = 0;
    for (at, w, n) in features {
        count += w.eg() * n;
        trace.complexity(at, n);
    }
    let adjustment = eg.signum() * count.max(-eg.abs());
    trace.add(Color::White, Term::Complexity, S(0, adjustment));
    adjustment
}

/// The scale factor case for a position in which `strong` leads in the endgame score:
/// the flat index of its weight (see [`weights::SCALE_OCB_BISHOPS`] and after), or
/// `None` for the normal 128. The tuner asks for both colours, as the lead may change
/// with the weights.
pub fn scale_case(board: &Position, strong: Color) -> Option<usize> {
    let side = |c: Color| board.color_combined(c).0;
    let kind = |p: Piece| board.pieces(p).0;
    let (ours, theirs) = (side(strong), side(!strong));
    let (pawns, knights, bishops) = (kind(Piece::Pawn), kind(Piece::Knight), kind(Piece::Bishop));
    let (rooks, queens) = (kind(Piece::Rook), kind(Piece::Queen));
    let pieces = knights | bishops | rooks | queens;
    let one = |b: u64| b.count_ones() == 1;
    if one(bishops & ours) && one(bishops & theirs) && one(bishops & DARK_SQUARES) {
        let each_one = |b: u64| one(b & ours) && one(b & theirs);
        if pieces == bishops {
            return Some(index::SCALE_OCB_BISHOPS);
        }
        if pieces == bishops | knights && each_one(knights) {
            return Some(index::SCALE_OCB_KNIGHTS);
        }
        if pieces == bishops | rooks && each_one(rooks) {
            return Some(index::SCALE_OCB_ROOKS);
        }
    }
    if one(queens) && pieces & ours == queens && (pieces & theirs).count_ones() >= 2 {
        return Some(index::SCALE_LONE_QUEEN);
    }
    if pawns & ours == 0 && pieces & ours == (knights | bishops) & ours && one(pieces & ours) {
        return Some(index::SCALE_LONE_MINOR);
    }
    let edge = (pawns & ours).count_ones() as i32 - (pawns & theirs).count_ones() as i32;
    if queens == 0
        && (pieces & ours).count_ones() <= 1
        && (pieces & theirs).count_ones() <= 1
        && edge > 2
    {
        return Some(index::SCALE_PAWN_EDGE);
    }
    None
}

/// The endgame score `eg` (White's view, complexity included) scaled by the factor of
/// the material configuration ([`scale_case`] for the side ahead).
#[inline(always)]
fn scale<T: Trace>(board: &Position, eg: i32, trace: &mut T) -> i32 {
    let strong = if eg < 0 { Color::Black } else { Color::White };
    let factor = scale_case(board, strong).map_or(128, |i| weights::flat_weight(i).eg());
    let scaled = eg * factor / 128;
    trace.add(Color::White, Term::Scale, S(0, scaled - eg));
    scaled
}

/// The terms that depend on the pawns alone, for both sides, and so can be cached by
/// pawn structure ([`PawnCache`]): doubled, isolated, backward, supported and phalanx
/// pawns, candidate passers and the passed pawns' rank bonus; and each king's shelter,
/// which depends on the pawns and that king's square.
#[derive(Debug, Clone, Copy, Default)]
pub struct PawnEval {
    white_pawns: u64,
    black_pawns: u64,
    /// White's pawn score minus Black's.
    score: S,
    /// Every passed pawn of both sides.
    passers: u64,
    /// [`king_shelter`] of each side, for the king on `shelter_king[c] - 1` (0: not yet
    /// computed for this structure).
    shelter: [S; 2],
    shelter_king: [u8; 2],
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
            let r = relative_rank(us, s) as usize;
            let open = (ahead & their_pawns == 0) as usize;
            if neighbours == 0 {
                structure += ISOLATED[open];
                trace.coeff(us, index::ISOLATED + open, 1);
            } else {
                // Backward: every neighbour is ahead of it (inside its span), and its
                // stop square is held by an enemy pawn, so it can neither advance nor
                // be defended.
                let stop = stop_square(us, s);
                if neighbours & !span == 0 && their_attacks & (1u64 << stop) != 0 {
                    structure += BACKWARD[open];
                    trace.coeff(us, index::BACKWARD + open, 1);
                }
            }
            if our_attacks & bit != 0 {
                structure += SUPPORTED[r];
                trace.coeff(us, index::SUPPORTED + r, 1);
            }
            let level = 0xFFu64 << (s & !7);
            if neighbours & level != 0 {
                structure += PHALANX[r];
                trace.coeff(us, index::PHALANX + r, 1);
            }
            if span & their_pawns == 0 && ahead & our_pawns == 0 {
                passed += PASSED[r];
                trace.coeff(us, index::PASSED + r, 1);
                e.passers |= bit;
            } else if ahead & (our_pawns | their_pawns) == 0 {
                // A candidate: its file is open ahead, and the enemy pawns that guard
                // its way are no more than our pawns beside or behind it to back it.
                let sentries = (span & !ahead & their_pawns).count_ones();
                let helpers = (neighbours & !span).count_ones();
                if helpers >= sentries {
                    passed += CANDIDATE[r];
                    trace.coeff(us, index::CANDIDATE + r, 1);
                }
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

/// Entries in a [`PawnCache`] (40 bytes each: 320 KiB).
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

    /// The slot of the pawns keyed `pawn_key`, for the probe and the prefetch alike.
    #[inline]
    fn slot(pawn_key: u64) -> usize {
        pawn_key as usize & (PAWN_CACHE_SIZE - 1)
    }

    /// Starts loading the entry of the pawns keyed `pawn_key` (see [`crate::prefetch`]).
    #[inline]
    pub fn prefetch(&self, pawn_key: u64) {
        crate::prefetch::prefetch(&self.entries[Self::slot(pawn_key)]);
    }

    /// The pawn terms of `pos`, shelters included: from the cache when it holds them
    /// (a king that moved within the same structure has its shelter computed again).
    #[inline]
    fn probe(&mut self, pos: &Position) -> PawnEval {
        let board = pos;
        let pawns = board.pieces(Piece::Pawn).0;
        let white = pawns & board.color_combined(Color::White).0;
        let black = pawns & board.color_combined(Color::Black).0;
        let slot = &mut self.entries[Self::slot(pos.pawn_key())];
        if slot.white_pawns != white || slot.black_pawns != black {
            *slot = pawn_eval(board, &mut NoTrace);
        }
        for us in [Color::White, Color::Black] {
            let (c, king) = (us.to_index(), board.king_square(us).to_index() as u8 + 1);
            if slot.shelter_king[c] != king {
                slot.shelter[c] = king_shelter(board, us, &mut NoTrace);
                slot.shelter_king[c] = king;
            }
        }
        *slot
    }
}

/// Recent static evaluations by position key. The search evaluates many positions
/// again within an iteration and from one to the next (transpositions, quiescence
/// nodes, and nodes whose table entry was replaced), and an evaluation depends on the
/// position alone, so a remembered one is the same number. A slot holds 32 bits of the
/// key beside the 16 that chose it: another position passes a probe once in 2^32.
pub struct EvalCache {
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
#[inline(always)]
fn evaluate_with<T: Trace>(board: &Position, pawns: &PawnEval, trace: &mut T) -> (i32, i32) {
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
    let eg = d.eg() + complexity(board, d.eg(), trace);
    let eg = scale(board, eg, trace);
    let white = (d.mg() * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    (white, phase)
}

/// Evaluates `board` from White's point of view, reporting each term to `trace`.
pub fn evaluate_traced<T: Trace>(board: &Position, trace: &mut T) -> (i32, i32) {
    for us in [Color::White, Color::Black] {
        material_and_squares(board, us, trace);
    }
    let mut pawns = pawn_eval(board, trace);
    for us in [Color::White, Color::Black] {
        pawns.shelter[us.to_index()] = king_shelter(board, us, trace);
    }
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
