//! Evaluators that give an ending's value outright, from the strong side's point of
//! view: drawn endings at or near zero, won ones at [`KNOWN_WIN`] and above, with small
//! terms that lead the search (drive the lone king to the edge, bring the kings
//! together, keep a knight away from its king) where the ending is won by technique.

use super::{
    distance, edge, file, kpk, opposite_colors, rank, signature, to_queen_side, worth, Material,
    View, KNOWN_WIN,
};
use crate::types::{Piece, DARK_SQUARES};

/// An evaluator: the ending's value for the strong side.
type Evaluator = fn(&View) -> i32;

/// The most material a lone-king ending counts (in centipawns): with [`KNOWN_WIN`] and
/// the drive terms it stays below the tablebase wins ([`crate::score::TB_BOUND`]), so
/// that a won ending is never read as a proven one.
const MATERIAL_CAP: i32 = 8_000;

/// The bonus for the kings `d` apart: the attacker wants them close.
fn closeness(d: i32) -> i32 {
    8 * (8 - d)
}

/// The evaluator of the material `key` (strong side first), if one is known.
pub(super) fn by_signature(key: u64, view: &View) -> Option<(&'static str, i32)> {
    const KPK: u64 = signature("KPvK");
    const KNNK: u64 = signature("KNNvK");
    const KBNK: u64 = signature("KBNvK");
    const KRKP: u64 = signature("KRvKP");
    const KRKB: u64 = signature("KRvKB");
    const KRKN: u64 = signature("KRvKN");
    const KQKP: u64 = signature("KQvKP");
    const KQKR: u64 = signature("KQvKR");
    let (name, f): (&'static str, Evaluator) = match key {
        KPK => ("KPK", kpk),
        KNNK => ("KNNK", |_| 0),
        KBNK => ("KBNK", kbnk),
        KRKP => ("KRKP", krkp),
        KRKB => ("KRKB", krkb),
        KRKN => ("KRKN", krkn),
        KQKP => ("KQKP", kqkp),
        KQKR => ("KQKR", kqkr),
        _ => return None,
    };
    Some((name, f(view)))
}

/// The evaluators that take a family of signatures: a lone king against enough
/// material to mate with (a rook's worth or more).
pub(super) fn generic(m: &Material, view: &View) -> Option<(&'static str, i32)> {
    let strong = view.strong;
    let enough = m.pieces_value(strong) >= worth(Piece::Rook);
    (m.bare(!strong) && enough).then(|| ("KXK", lone_king(m, view)))
}

/// King and pawn against king, from the solved table: a draw is 0, a win
/// [`KNOWN_WIN`] and a pawn, more the further the pawn has come.
fn kpk(view: &View) -> i32 {
    let pawn = view.square(view.strong, Piece::Pawn);
    let (wk, bk) = (view.strong_king(), view.weak_king());
    if kpk::white_wins(wk, pawn, bk, view.strong_to_move()) {
        KNOWN_WIN + worth(Piece::Pawn) + 8 * rank(pawn)
    } else {
        0
    }
}

/// A lone king against a rook's worth or more: with mating material a known win,
/// ordered by how far the king is driven to the edge and how near the attacking king
/// is; a stalemate is a draw, and bishops on one colour alone cannot mate.
fn lone_king(m: &Material, view: &View) -> i32 {
    let board = view.board;
    if !view.strong_to_move() && !board.in_check() && !board.has_legal_move() {
        return 0;
    }
    let strong = view.strong;
    let count = |kind| m.count_of(strong, kind);
    let bishops = view.set(strong, Piece::Bishop);
    let both_colours = bishops & DARK_SQUARES != 0 && bishops & !DARK_SQUARES != 0;
    let mates = count(Piece::Queen) > 0
        || count(Piece::Rook) > 0
        || (count(Piece::Bishop) > 0 && count(Piece::Knight) > 0)
        || both_colours;
    if !mates && count(Piece::Pawn) == 0 && count(Piece::Knight) == 0 {
        return 0;
    }
    let (ours, theirs) = (view.strong_king(), view.weak_king());
    let drive = 10 * edge(theirs) + closeness(distance(ours, theirs));
    let material = m.pieces_value(strong) + count(Piece::Pawn) * worth(Piece::Pawn);
    let score = material.min(MATERIAL_CAP) + drive;
    if mates {
        KNOWN_WIN + score
    } else {
        score
    }
}

/// Bishop and knight against a lone king: a known win, led by driving the king to a
/// corner of the bishop's colour (the only corners where the mate exists).
fn kbnk(view: &View) -> i32 {
    let bishop = view.square(view.strong, Piece::Bishop);
    let (ours, theirs) = (view.strong_king(), view.weak_king());
    // a1 and h8 are dark; a8 and h1 light.
    let corners = bishop_corners(bishop);
    let to_corner = corners
        .iter()
        .map(|&c| distance(theirs, c))
        .min()
        .unwrap_or(7);
    let material = worth(Piece::Bishop) + worth(Piece::Knight);
    KNOWN_WIN
        + material
        + 30 * (7 - to_corner)
        + 5 * edge(theirs)
        + closeness(distance(ours, theirs))
}

/// Rook against pawn: won when the attacking king stands in front of the pawn or the
/// defending king is too far from pawn and rook; drawish when the pawn is far on with
/// its king beside it and the attacking king away; between, by the race of the kings
/// (its weights fitted to the tables' verdicts on random positions).
fn krkp(view: &View) -> i32 {
    let (ours, theirs) = (view.strong_king(), view.weak_king());
    let rook = view.square(view.strong, Piece::Rook);
    let pawn = view.square(view.weak(), Piece::Pawn);
    // The weak side's pawn runs down the board, to the first rank.
    let queening = pawn & 7;
    let rook_value = worth(Piece::Rook);
    let weak_tempo = i32::from(!view.strong_to_move());
    if file(ours) == file(pawn) && ours < pawn {
        return rook_value - 4 * distance(ours, pawn);
    }
    if distance(theirs, pawn) >= 3 + weak_tempo && distance(theirs, rook) >= 3 {
        return rook_value - 4 * distance(ours, pawn);
    }
    let strong_tempo = 1 - weak_tempo;
    let supported = rank(theirs) <= 2 && distance(theirs, pawn) == 1;
    if supported && rank(ours) >= 3 && distance(ours, pawn) > 2 + strong_tempo {
        return 45 - 5 * distance(ours, pawn);
    }
    // The race: the attacking king to the square below the pawn against the defending
    // king and the pawn's own way, a move counted for the side to move. A few moves
    // to spare win; the score falls to near a draw as the race turns.
    let below = pawn.saturating_sub(8);
    let race =
        distance(ours, below) - distance(theirs, below) - distance(pawn, queening) - strong_tempo;
    (100 - 40 * race).clamp(10, rook_value - 100)
}

/// Rook against bishop: a draw with correct defence, a little better for the rook the
/// nearer the defending king is to the edge, and more so in a corner of the bishop's
/// colour (where the defence fails).
fn krkb(view: &View) -> i32 {
    let theirs = view.weak_king();
    let bishop = view.square(view.weak(), Piece::Bishop);
    let corners = bishop_corners(bishop);
    let near_wrong = corners.iter().any(|&c| distance(theirs, c) <= 1);
    5 * edge(theirs) + if near_wrong { 12 } else { 0 }
}

/// Rook against knight: a draw with correct defence, a little better for the rook the
/// nearer the defending king is to the edge and the farther its knight from it.
fn krkn(view: &View) -> i32 {
    let theirs = view.weak_king();
    let knight = view.square(view.weak(), Piece::Knight);
    4 * edge(theirs) + 3 * (distance(theirs, knight) - 1)
}

/// Queen against pawn: won, unless a rook or bishop pawn on its seventh rank has its
/// king beside it (then only the kings' distance counts).
fn kqkp(view: &View) -> i32 {
    let (ours, theirs) = (view.strong_king(), view.weak_king());
    let pawn = view.square(view.weak(), Piece::Pawn);
    let mut score = closeness(distance(ours, theirs));
    let fortress_file = matches!(to_queen_side(pawn, pawn) & 7, 0 | 2);
    if !(rank(pawn) == 1 && distance(theirs, pawn) == 1 && fortress_file) {
        score += worth(Piece::Queen) - worth(Piece::Pawn);
    }
    score
}

/// Queen against rook: won by technique; the terms drive the defending king to the
/// edge and the attacking king to it.
fn kqkr(view: &View) -> i32 {
    let (ours, theirs) = (view.strong_king(), view.weak_king());
    worth(Piece::Queen) - worth(Piece::Rook) + 10 * edge(theirs) + closeness(distance(ours, theirs))
}

/// The two corners of the colour of the bishop on `bishop` (a1 and h8 are dark).
fn bishop_corners(bishop: usize) -> [usize; 2] {
    if opposite_colors(bishop, 0) {
        [56, 7]
    } else {
        [0, 63]
    }
}
