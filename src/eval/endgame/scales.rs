//! Scale factors by ending: how much of the strong side's endgame lead it can convert,
//! in [`SCALE_NORMAL`]ths (0 a draw). Each rule knows a class of positions (a fortress,
//! a blockade, a wrong-coloured bishop, the known rook-ending defences) and says
//! nothing about the others, which keep the general factors.

use super::{
    distance, file, king_ring, kpk, opposite_colors, rank, signature, to_queen_side, up, worth,
    worth_mg, Material, View,
};
use crate::eval::scale::scale_case;
use crate::eval::FILE_A;
use crate::types::{get_bishop_moves, BitBoard, Piece, ALL_SQUARES};
use crate::weights::SCALE_NORMAL;

/// A rule: the factor for the strong side, if it knows one.
type Rule = fn(&View) -> Option<i32>;

/// Nearly a draw: a rook pawn and the wrong bishop with the defending king first in the
/// corner (one eighth of the lead).
const WRONG_CORNER_REACHED: i32 = SCALE_NORMAL / 8;
/// No pawns, a lead of a minor at most, against at most a minor: nearly a draw.
const PAWNLESS_AGAINST_MINOR: i32 = 8;
/// No pawns, a lead of a minor at most, against more than a minor: hard to win.
const PAWNLESS_AGAINST_MORE: i32 = 28;
/// A lone pawn against a lone minor: the pawn wins only by queening, which the search
/// sees; short of that the minor gives itself up for it, and nothing is left to win
/// with.
const PAWN_AGAINST_MINOR: i32 = SCALE_NORMAL / 8;
/// Rook and pawn against rook, the defending king on the file beside the pawn's path:
/// this factor less [`KRPKR_BESIDE_PER_STEP`] for each step between the kings.
const KRPKR_BESIDE: i32 = 48;
/// See [`KRPKR_BESIDE`].
const KRPKR_BESIDE_PER_STEP: i32 = 4;

/// The squares of the file of `sq`.
fn file_of(sq: usize) -> u64 {
    FILE_A << (sq & 7)
}

/// The rule of the material `key` (strong side first), if one is known, and what it
/// says.
pub(super) fn by_signature(key: u64, view: &View) -> Option<(&'static str, i32)> {
    const KPKP: u64 = signature("KPvKP");
    const KNPK: u64 = signature("KNPvK");
    const KBPKB: u64 = signature("KBPvKB");
    const KBPKN: u64 = signature("KBPvKN");
    const KNPKB: u64 = signature("KNPvKB");
    const KRPKR: u64 = signature("KRPvKR");
    const KPKB: u64 = signature("KPvKB");
    const KPKN: u64 = signature("KPvKN");
    let (name, rule): (&'static str, Rule) = match key {
        KPKP => ("KPKP", kpkp),
        KNPK => ("KNPK", knpk),
        KBPKB => ("KBPKB", kbpkb),
        KBPKN => ("KBPKN", blockade),
        KNPKB => ("KNPKB", knpkb),
        KRPKR => ("KRPKR", krpkr),
        KPKB | KPKN => ("KPKminor", |_| Some(PAWN_AGAINST_MINOR)),
        _ => return None,
    };
    rule(view).map(|f| (name, f))
}

/// The rules that take a family of signatures, in order; the first that knows wins.
pub(super) fn generic(m: &Material, view: &View) -> Option<(&'static str, i32)> {
    let (strong, weak) = (view.strong, view.weak());
    // A lone king cannot win, whatever the terms say of the other side's pawns (a
    // refit can leave a blocked rook pawn worth less than nothing).
    if m.bare(strong) {
        return Some(("lone king", 0));
    }
    let count = |c, kind| m.count_of(c, kind);
    let pieces = |c| m.pieces_value(c);
    let pawns = count(strong, Piece::Pawn);
    let bishop = worth(Piece::Bishop);
    if pawns > 0 && count(strong, Piece::Bishop) == 1 && pieces(strong) == bishop {
        if let Some(f) = wrong_bishop(m, view) {
            return Some(("KBPsK", f));
        }
    }
    let queen = worth(Piece::Queen);
    let lone_queen = pawns == 0 && count(strong, Piece::Queen) == 1 && pieces(strong) == queen;
    if lone_queen && count(weak, Piece::Rook) == 1 && count(weak, Piece::Pawn) > 0 {
        if let Some(f) = rook_fortress(view) {
            return Some(("KQKRPs", f));
        }
    }
    if pieces(strong) == 0 && pawns >= 2 && m.bare(weak) {
        return rook_pawns(view).map(|f| ("KPsK", f));
    }
    // The general cases of `scale` (tuned weights) come first where they apply.
    if pawns == 0 && scale_case(view.board, strong).is_none() {
        let (ours, theirs) = (m.pieces_value_mg(strong), m.pieces_value_mg(weak));
        return pawnless(ours, theirs).map(|f| ("pawnless", f));
    }
    None
}

/// Bishop and pawns: all the pawns on one rook file, the bishop of the other colour
/// than the promotion square, the defending king at it: a draw (and nearly one when
/// the king gets there in time). And pawns locked on a knight file with the defending
/// king at hand: a draw.
fn wrong_bishop(m: &Material, view: &View) -> Option<i32> {
    let pawns = view.set(view.strong, Piece::Pawn);
    let bishop = view.square(view.strong, Piece::Bishop);
    let theirs = view.weak_king();
    let first = pawns.trailing_zeros() as usize;
    let one_file = pawns & !file_of(first) == 0;
    let queening = up(first, 7);
    if one_file && matches!(file(first), 0 | 7) && opposite_colors(queening, bishop) {
        if distance(queening, theirs) <= 1 {
            return Some(0);
        }
        // The king reaches the corner first, well ahead of the other king: nearly
        // always a draw too (99% of such positions in the tables).
        let top = 63 - pawns.leading_zeros() as usize;
        let steps = 7 - rank(top) - i32::from(rank(top) == 1);
        let to_corner = distance(queening, theirs);
        let tempo = i32::from(view.strong_to_move());
        if to_corner <= steps - tempo && to_corner + 2 <= distance(queening, view.strong_king()) {
            return Some(WRONG_CORNER_REACHED);
        }
    }
    let all_pawns = view.board.pieces(Piece::Pawn).0;
    let weak_pawns_only =
        m.pieces_value(view.weak()) == 0 && m.count_of(view.weak(), Piece::Pawn) > 0;
    let knight_file = matches!(file(first), 1 | 6) && all_pawns & !file_of(first) == 0;
    if knight_file && weak_pawns_only {
        return locked_knight_file(m, view);
    }
    None
}

/// Pawns on one knight file, the weak side's most advanced one on its second rank
/// blocked by a strong pawn, the bishop unable to win it (or only one strong pawn):
/// a draw when the defending king is on its last two ranks, near the pawn, and no
/// farther from it than the attacking king.
fn locked_knight_file(m: &Material, view: &View) -> Option<i32> {
    let weak_pawns = view.set(view.weak(), Piece::Pawn);
    let front = 63 - weak_pawns.leading_zeros() as usize;
    let blocked = view.set(view.strong, Piece::Pawn) >> front.saturating_sub(8) & 1 != 0;
    let bishop = view.square(view.strong, Piece::Bishop);
    let safe = opposite_colors(bishop, front) || m.count_of(view.strong, Piece::Pawn) == 1;
    if rank(front) != 6 || !blocked || !safe {
        return None;
    }
    let (ours, theirs) = (view.strong_king(), view.weak_king());
    let near = distance(front, theirs);
    (rank(theirs) >= 6 && near <= 2 && near <= distance(front, ours)).then_some(0)
}

/// Queen against rook and pawns: the rook on the defender's third rank, guarded by a
/// pawn beside the king on its first two ranks, with the attacking king kept out: a
/// fortress.
fn rook_fortress(view: &View) -> Option<i32> {
    let (ours, theirs) = (view.strong_king(), view.weak_king());
    let rook = view.square(view.weak(), Piece::Rook);
    let guards = king_ring(theirs) & view.set(view.weak(), Piece::Pawn);
    let above = up(rook, 1);
    let defenders = [above.wrapping_sub(1), above + 1]
        .iter()
        .filter(|&&s| s < 64 && rank(s) == rank(above))
        .fold(0u64, |b, &s| b | 1 << s);
    let held = rank(theirs) >= 6 && rank(ours) <= 4 && rank(rook) == 5;
    (held && guards & defenders != 0).then_some(0)
}

/// Pawns alone against a lone king: all on one rook file with the king in front of
/// them, on or next to their file: a draw.
fn rook_pawns(view: &View) -> Option<i32> {
    let pawns = view.set(view.strong, Piece::Pawn);
    let theirs = view.weak_king();
    let first = pawns.trailing_zeros() as usize;
    let top = 63 - pawns.leading_zeros() as usize;
    let rook_file = matches!(file(first), 0 | 7) && pawns & !file_of(first) == 0;
    let in_front = rank(theirs) > rank(top) && (file(theirs) - file(first)).abs() <= 1;
    (rook_file && in_front).then_some(0)
}

/// No pawns for the side ahead, and a lead of a minor piece at most: hard to win,
/// nearly impossible against a lone minor. (Where a general case of `scale` applies,
/// such as a lone queen against pieces or opposite bishops, its tuned factor stays.)
/// `ours` and `theirs` are the sides' pieces in middlegame values.
fn pawnless(ours: i32, theirs: i32) -> Option<i32> {
    let (rook, minor) = (worth_mg(Piece::Rook), worth_mg(Piece::Bishop));
    if ours < rook || ours - theirs > minor {
        return None;
    }
    Some(if theirs <= minor {
        PAWNLESS_AGAINST_MINOR
    } else {
        PAWNLESS_AGAINST_MORE
    })
}

/// Pawn against pawn: with the other pawn taken off, a drawn king-and-pawn ending is
/// probably still a draw (but a pawn on the fifth rank or beyond, off the rook file,
/// may win the race, so it is left to the search).
fn kpkp(view: &View) -> Option<i32> {
    let pawn = view.square(view.strong, Piece::Pawn);
    if rank(pawn) >= 4 && !matches!(file(pawn), 0 | 7) {
        return None;
    }
    let (ours, theirs) = (view.strong_king(), view.weak_king());
    (!kpk::white_wins(ours, pawn, theirs, view.strong_to_move())).then_some(0)
}

/// Knight and rook pawn on the seventh against a king on the promotion square or next
/// to it: a draw.
fn knpk(view: &View) -> Option<i32> {
    let pawn = view.square(view.strong, Piece::Pawn);
    let corner = up(pawn, 1);
    let rook_pawn = rank(pawn) == 6 && matches!(file(pawn), 0 | 7);
    (rook_pawn && distance(corner, view.weak_king()) <= 1).then_some(0)
}

/// Bishop and pawn against bishop: a draw with bishops of opposite colours, or when
/// the defending king blocks the pawn where the bishop cannot drive it away.
fn kbpkb(view: &View) -> Option<i32> {
    let ours = view.square(view.strong, Piece::Bishop);
    let theirs = view.square(view.weak(), Piece::Bishop);
    if opposite_colors(ours, theirs) {
        return Some(0);
    }
    blockade(view)
}

/// The defending king on the pawn's file in front of it, on a square the bishop
/// cannot attack or not yet near the promotion rank: a draw (bishop and pawn against
/// bishop or knight).
fn blockade(view: &View) -> Option<i32> {
    let pawn = view.square(view.strong, Piece::Pawn);
    let bishop = view.square(view.strong, Piece::Bishop);
    let theirs = view.weak_king();
    let ahead = file(theirs) == file(pawn) && rank(theirs) > rank(pawn);
    let firm = opposite_colors(theirs, bishop) || rank(theirs) <= 5;
    (ahead && firm).then_some(0)
}

/// Knight and pawn against bishop: when the bishop already sweeps the pawn's path,
/// the knight rarely blocks it in time; nearly a draw, less so the farther the
/// defending king.
fn knpkb(view: &View) -> Option<i32> {
    let pawn = view.square(view.strong, Piece::Pawn);
    let bishop = view.square(view.weak(), Piece::Bishop);
    let behind = (1u64 << pawn) | ((1u64 << pawn) - 1);
    let path = file_of(pawn) & !behind;
    let sweep = view.relative(bishop_attacks(view, bishop));
    (path & sweep != 0).then(|| 2 * distance(view.weak_king(), pawn))
}

/// The squares a bishop on `sq` (a strong-side square) attacks on the real board.
fn bishop_attacks(view: &View, sq: usize) -> u64 {
    let real = view.actual(sq);
    get_bishop_moves(ALL_SQUARES[real], BitBoard(view.board.combined().0)).0
}

/// Rook and pawn against rook: the known defences (the third-rank defence, checks
/// from behind against a pawn on the sixth, the back-rank defence, the king in front
/// of the pawn with the attacking king away, the rook pawn with its rook in front);
/// any other position keeps the general factors.
fn krpkr(view: &View) -> Option<i32> {
    let pawn = view.square(view.strong, Piece::Pawn);
    let q = |sq: usize| to_queen_side(sq, pawn);
    let s = Rooks {
        pawn: q(pawn),
        ours: q(view.strong_king()),
        theirs: q(view.weak_king()),
        our_rook: q(view.square(view.strong, Piece::Rook)),
        their_rook: q(view.square(view.weak(), Piece::Rook)),
        tempo: i32::from(view.strong_to_move()),
    };
    if s.defended() {
        return Some(0);
    }
    s.king_in_path()
}

/// A rook ending with one pawn, the pawn on files a-d, from the strong side.
struct Rooks {
    pawn: usize,
    ours: usize,
    theirs: usize,
    our_rook: usize,
    their_rook: usize,
    /// 1 when the strong side is to move.
    tempo: i32,
}

impl Rooks {
    /// Whether one of the known drawing defences holds.
    fn defended(&self) -> bool {
        let r = rank(self.pawn);
        let queening = up(self.pawn, 7);
        let at_corner = distance(self.theirs, queening) <= 1;
        // The third-rank defence: the rook cuts the king off on the sixth.
        let third = r <= 4
            && at_corner
            && rank(self.ours) <= 4
            && (rank(self.their_rook) == 5 || (r <= 2 && rank(self.our_rook) != 5));
        // Pawn on the sixth: checks from behind, from the first rank or from afar.
        let far_rook = self.tempo == 0 && (file(self.their_rook) - file(self.pawn)).abs() >= 3;
        let behind = r == 5
            && at_corner
            && rank(self.ours) + self.tempo <= 5
            && (rank(self.their_rook) == 0 || far_rook);
        // The king on the promotion square, the rook on the first rank.
        let back_rank = r >= 5
            && self.theirs == queening
            && rank(self.their_rook) == 0
            && (self.tempo == 0 || distance(self.ours, self.pawn) >= 2);
        third || behind || back_rank || self.rook_pawn_stuck() || self.king_blocks()
    }

    /// a7 pawn with its rook on a8, the defending king on g7 or h7 and its rook
    /// behind the pawn: the attacking king cannot free the rook in time.
    fn rook_pawn_stuck(&self) -> bool {
        let (a7, a8, g7, h7) = (48, 56, 54, 55);
        self.pawn == a7
            && self.our_rook == a8
            && (self.theirs == g7 || self.theirs == h7)
            && file(self.their_rook) == 0
            && (rank(self.their_rook) <= 2 || file(self.ours) >= 3 || rank(self.ours) <= 4)
    }

    /// The defending king right in front of a pawn not past the fifth rank, the
    /// attacking king and rook too far to drive it away.
    fn king_blocks(&self) -> bool {
        rank(self.pawn) <= 4
            && self.theirs == up(self.pawn, 1)
            && distance(self.ours, self.pawn) - self.tempo >= 2
            && distance(self.ours, self.their_rook) - self.tempo >= 2
    }

    /// A pawn not past the fourth rank with the defending king ahead on its file (or
    /// beside it, the attacking king far): most likely a draw.
    fn king_in_path(&self) -> Option<i32> {
        let ahead = rank(self.theirs) > rank(self.pawn);
        if rank(self.pawn) > 3 || !ahead {
            return None;
        }
        let files_apart = (file(self.theirs) - file(self.pawn)).abs();
        let kings = distance(self.ours, self.theirs);
        match files_apart {
            0 => Some(SCALE_NORMAL / 6),
            1 if kings > 2 => Some((KRPKR_BESIDE - KRPKR_BESIDE_PER_STEP * kings).max(0)),
            _ => None,
        }
    }
}
