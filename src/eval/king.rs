//! King safety: the pawn shield and storm and the king's distance to the pawns (cached
//! with the pawn structure), and the danger from the enemy pieces through a curve.

use super::trace::{Term, Trace};
use super::{king_zone, ranks_ahead, relative_rank, Attacks, FILE_A, RINGS};
use crate::position::Position;
use crate::score::S;
use crate::types::{
    get_bishop_moves, get_knight_moves, get_rook_moves, BitBoard, Color, Piece, Square,
};
use crate::weights::{
    index, DANGER_ATTACKER, DANGER_BASE, DANGER_BLOCKERS, DANGER_EG_DIV, DANGER_FLANK_ATTACKS,
    DANGER_FLANK_DEFENCE, DANGER_MG_DIV, DANGER_NO_QUEEN, DANGER_PAWN_DEFENDERS, DANGER_SAFE_CHECK,
    DANGER_UNSAFE_CHECK, DANGER_WEAK, DANGER_ZONE_HITS, KING_PAWN_DISTANCE, PAWNLESS_FLANK, SHIELD,
    STORM,
};

/// The danger to `us`'s king as a middlegame/endgame score for `us` (never positive):
/// a weighted count of what `them` bring against it (pieces on its zone, safe and
/// unsafe checks, weak squares, our pieces pinned to it and theirs ready to uncover a
/// check, their attacks on its wing less our defence of it), turned into a score by
/// [`danger_curve`]. Counted only when they attack its zone with two pieces, or one
/// with a queen on the board.
#[inline(always)]
pub(super) fn king_danger<T: Trace>(
    board: &Position,
    us: Color,
    att: &Attacks,
    trace: &mut T,
) -> S {
    let them = !us;
    let (u, t) = (us.to_index(), them.to_index());
    let has_queen = board.pieces(Piece::Queen).0 & board.color_combined(them).0 != 0;
    let attackers: i32 = att.zone_attackers[t].iter().sum();
    if attackers < 2 - has_queen as i32 {
        return S::default();
    }
    let king = board.king_square(us);
    let zone = king_zone(king);
    // Weak: attacked by them, and defended at most once, by our king or queen alone.
    let weak = att.all[t]
        & !att.twice[u]
        & (!att.all[u] | att.by[u][Attacks::QUEEN] | att.by[u][Attacks::KING]);
    let our_pawns = board.pieces(Piece::Pawn).0 & board.color_combined(us).0;

    let mut count = Count {
        us,
        sum: S::default(),
        trace,
    };
    for (k, &n) in att.zone_attackers[t].iter().enumerate() {
        count.add(index::DANGER_ATTACKER + k, DANGER_ATTACKER[k], n);
    }
    count_checks(board, us, att, weak, &mut count);
    count.add(index::DANGER_ZONE_HITS, DANGER_ZONE_HITS, att.zone_hits[t]);
    let n = (weak & zone).count_ones() as i32;
    count.add(index::DANGER_WEAK, DANGER_WEAK, n);
    let n = (our_pawns & zone & !weak).count_ones() as i32;
    count.add(index::DANGER_PAWN_DEFENDERS, DANGER_PAWN_DEFENDERS, n);
    let n = att.blockers[u].count_ones() as i32;
    count.add(index::DANGER_BLOCKERS, DANGER_BLOCKERS, n);
    count_flank(us, king, att, &mut count);
    count.add(index::DANGER_NO_QUEEN, DANGER_NO_QUEEN, !has_queen as i32);
    count.add(index::DANGER_BASE, DANGER_BASE, 1);
    let value = danger_curve(count.sum);
    count.trace.add(us, Term::KingDanger, value);
    value
}

/// A king-danger count as it is summed: each feature's weight times how often it is
/// present, each reported to the trace (the tuner rebuilds the count from them).
struct Count<'a, T: Trace> {
    us: Color,
    sum: S,
    trace: &'a mut T,
}

impl<T: Trace> Count<'_, T> {
    /// Counts the weight at flat index `at`, whose value is `w`, `n` times.
    #[inline(always)]
    fn add(&mut self, at: usize, w: S, n: i32) {
        self.sum += w * n;
        self.trace.danger(self.us, at, n);
    }
}

/// Counts the checks `us`'s opponent has next move: the safe ones by the checking
/// piece's kind, and once each the squares where a knight, bishop or rook of theirs
/// would check unsafely. `weak`: the squares they attack that we defend at most by our
/// king or queen alone.
#[inline(always)]
fn count_checks<T: Trace>(
    board: &Position,
    us: Color,
    att: &Attacks,
    weak: u64,
    count: &mut Count<T>,
) {
    let (u, t) = (us.to_index(), (!us).to_index());
    let theirs = board.color_combined(!us).0;
    // Safe for a checking piece: not theirs, and not defended by us, or weak and
    // supported by a second attacker of theirs.
    let safe = !theirs & (!att.all[u] | (weak & att.twice[t]));
    let king = board.king_square(us);
    let blockers = BitBoard(board.combined().0);
    let diagonal = get_bishop_moves(king, blockers).0;
    let straight = get_rook_moves(king, blockers).0;
    // The checkers in `DANGER_SAFE_CHECK`'s order, each with the squares it checks from.
    let checkers = [
        (Piece::Knight, get_knight_moves(king).0),
        (Piece::Bishop, diagonal),
        (Piece::Rook, straight),
        (Piece::Queen, diagonal | straight),
    ];
    let mut unsafe_checks = 0;
    for (k, (kind, from)) in checkers.into_iter().enumerate() {
        let reach = from & att.by[t][kind as usize];
        let n = (reach & safe).count_ones() as i32;
        count.add(index::DANGER_SAFE_CHECK + k, DANGER_SAFE_CHECK[k], n);
        // Not the queen's (as in Stockfish 11): a queen checking from a square we
        // defend is most often just lost.
        if kind != Piece::Queen {
            unsafe_checks |= reach & !safe & !theirs;
        }
    }
    let n = unsafe_checks.count_ones() as i32;
    count.add(index::DANGER_UNSAFE_CHECK, DANGER_UNSAFE_CHECK, n);
}

/// Counts the opponent's attacks on the flank of `us`'s king (the squares it attacks
/// there, plus those it attacks twice: an attack gathering on the wing before it
/// reaches the king's zone) and our defence of it (the squares we attack there).
#[inline(always)]
fn count_flank<T: Trace>(us: Color, king: Square, att: &Attacks, count: &mut Count<T>) {
    let (u, t) = (us.to_index(), (!us).to_index());
    let flank = king_flank(king.to_index()) & camp(us);
    let hit = att.all[t] & flank;
    let n = (hit.count_ones() + (hit & att.twice[t]).count_ones()) as i32;
    count.add(index::DANGER_FLANK_ATTACKS, DANGER_FLANK_ATTACKS, n);
    let n = (att.all[u] & flank).count_ones() as i32;
    count.add(index::DANGER_FLANK_DEFENCE, DANGER_FLANK_DEFENCE, n);
}

/// The files of the wing of a king on `king` (Stockfish 11's `KingFlank`): a to c for a
/// king on the a-file, a to d on b or c, c to f on d or e, e to h on f or g, f to h on
/// h. Symmetric across the d/e line, as every term must be for Chess960.
#[inline(always)]
fn king_flank(king: usize) -> u64 {
    let (first, last) = match king & 7 {
        0 => (0, 2),
        1 | 2 => (0, 3),
        3 | 4 => (2, 5),
        5 | 6 => (4, 7),
        _ => (5, 7),
    };
    (first..=last).fold(0, |files, f| files | FILE_A << f)
}

/// `us`'s camp: its five nearest ranks (Stockfish 11's `Camp`), where an attack on the
/// king's flank gathers.
#[inline(always)]
fn camp(us: Color) -> u64 {
    if us == Color::White {
        (1u64 << 40) - 1
    } else {
        !0u64 << 24
    }
}

/// The score of a king-danger count: quadratic in the middlegame (a few attackers are
/// nothing, many are decisive) and linear in the endgame, never positive. The tuner
/// fits the count's weights through this curve's floating-point twin
/// ([`danger_curve_f64`](super::trace::danger_curve_f64)): a change to one is a change
/// to both.
#[inline(always)]
fn danger_curve(count: S) -> S {
    let (mg, eg) = (count.mg().max(0), count.eg().max(0));
    S(-(mg * mg) / DANGER_MG_DIV, -eg / DANGER_EG_DIV)
}

/// Our pawn shield and their pawn storm, file by file, our king's distance to the
/// nearest pawn and a wing without pawns, from `us`'s point of view.
#[inline(always)]
pub(super) fn king_shelter<T: Trace>(board: &Position, us: Color, trace: &mut T) -> S {
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
    if pawns & king_flank(our_king) == 0 {
        king += PAWNLESS_FLANK;
        trace.coeff(us, index::PAWNLESS_FLANK, 1);
    }
    trace.add(us, Term::KingSafety, king);
    king
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::trace::{evaluate_traced, Coefficients};

    /// How often the danger weight at flat index `at` is counted against White's king.
    fn white_count(fen: &str, at: usize) -> i32 {
        let mut c = Coefficients::default();
        evaluate_traced(&Position::from_fen(fen).unwrap(), &mut c);
        let found = c.danger[0].iter().find(|&&(i, _)| i as usize == at);
        found.map_or(0, |&(_, n)| n as i32)
    }

    #[test]
    fn a_lone_piece_on_a_sliders_line_to_the_king_is_a_blocker() {
        // The bishop on b6 pins the pawn on f2 to the king on g1.
        let pinned = "6k1/5ppp/1b6/8/7q/8/5PPP/R5K1 w - - 0 1";
        assert_eq!(white_count(pinned, index::DANGER_BLOCKERS), 1);
        // A knight on e3 as well: two pieces on the line, no pin.
        let covered = "6k1/5ppp/1b6/8/7q/4N3/5PPP/R5K1 w - - 0 1";
        assert_eq!(white_count(covered, index::DANGER_BLOCKERS), 0);
        // Their knight alone on the line may uncover a check: it counts too.
        let discovery = "6k1/6pp/1b6/8/7q/4n3/6PP/R5K1 w - - 0 1";
        assert_eq!(white_count(discovery, index::DANGER_BLOCKERS), 1);
    }

    #[test]
    fn checks_onto_defended_squares_are_unsafe() {
        // The knight on d4 checks from e2 (our queen defends it) and f3 (our queen and
        // pawn do): two unsafe checks, no safe one.
        let defended = "6k1/5ppp/8/8/3n3q/8/5PPP/3Q2K1 w - - 0 1";
        assert_eq!(white_count(defended, index::DANGER_UNSAFE_CHECK), 2);
        assert_eq!(white_count(defended, index::DANGER_SAFE_CHECK), 0);
        // Without our queen e2 is a safe check; f3 stays unsafe.
        let open = "6k1/5ppp/8/8/3n3q/8/5PPP/6K1 w - - 0 1";
        assert_eq!(white_count(open, index::DANGER_UNSAFE_CHECK), 1);
        assert_eq!(white_count(open, index::DANGER_SAFE_CHECK), 1);
    }

    #[test]
    fn the_flank_and_camp_are_the_same_on_either_wing_and_side() {
        let files = |first: usize, last: usize| (first..=last).fold(0, |b, f| b | FILE_A << f);
        assert_eq!(king_flank(6), files(4, 7));
        assert_eq!(king_flank(0), files(0, 2));
        assert_eq!(king_flank(4 + 8 * 7), files(2, 5));
        for sq in 0..64 {
            let mirror = (sq & !7) | (7 - (sq & 7));
            let flank = king_flank(sq);
            let flipped = (0..8).fold(0, |b, f| b | ((flank >> f & FILE_A) << (7 - f)));
            assert_eq!(king_flank(mirror), flipped, "{sq}");
        }
        assert_eq!(camp(Color::White).swap_bytes(), camp(Color::Black));
        assert_eq!(camp(Color::White).count_ones(), 40);
    }
}
