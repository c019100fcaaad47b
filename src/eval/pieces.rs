//! The pieces' own terms: the bishop pair, rooks on open files, mobility (which also
//! fills the attack maps; a piece pinned to its king moves only along the pin), rooks
//! shut in by their own king, a queen open to a pin or a discovered attack, and
//! placement (outposts, minors behind pawns, knight and bishop and rook details,
//! closedness).

use super::trace::{Term, Trace};
use super::{backward, bits, distance, forward, king_zone, pawn_attacks, Attacks, FILE_A};
use crate::position::Position;
use crate::score::S;
use crate::types::{
    between, get_bishop_moves, get_file, get_knight_moves, get_rook_moves, line, BitBoard,
    CastleRights, Color, Piece, Square, Squares, DARK_SQUARES, EMPTY,
};
use crate::weights::{
    index, BISHOP_KING_DISTANCE, BISHOP_LONG_DIAGONAL, BISHOP_PAIR, BISHOP_RAMMED_PAWNS,
    KNIGHT_CLOSED, KNIGHT_KING_DISTANCE, MINOR_BEHIND_PAWN, MOBILITY_BISHOP, MOBILITY_KNIGHT,
    MOBILITY_QUEEN, MOBILITY_ROOK, OUTPOST, OUTPOST_REACHABLE, ROOK_CLOSED, ROOK_HALF_OPEN,
    ROOK_OPEN, ROOK_QUEEN_FILE, ROOK_SEVENTH, TRAPPED_ROOK, WEAK_QUEEN,
};

/// Each kind of piece that has a mobility term, with its mobility table and where that
/// table starts in the flat layout (a constant, so the loop over it unrolls).
const MOBILE_KINDS: [(Piece, &[S], usize); 4] = [
    (Piece::Knight, &MOBILITY_KNIGHT, index::MOBILITY_KNIGHT),
    (Piece::Bishop, &MOBILITY_BISHOP, index::MOBILITY_BISHOP),
    (Piece::Rook, &MOBILITY_ROOK, index::MOBILITY_ROOK),
    (Piece::Queen, &MOBILITY_QUEEN, index::MOBILITY_QUEEN),
];

/// The terms of one side's own pieces but material and squares, from that side's point
/// of view: the bishop pair, rooks on open files, mobility, trapped rooks and a weak
/// queen (the last two need the mobility, so they are counted here, under
/// [`Term::Pieces`]). Records the pieces' attacks and `us`'s king blockers in `att` for
/// the terms that need both sides' attacks.
#[inline(always)]
pub(super) fn pieces<T: Trace>(board: &Position, us: Color, att: &mut Attacks, trace: &mut T) -> S {
    let ours = board.color_combined(us).0;
    let mut total = S::default();
    if (board.pieces(Piece::Bishop).0 & ours).count_ones() >= 2 {
        total += BISHOP_PAIR;
        trace.add(us, Term::BishopPair, BISHOP_PAIR);
        trace.coeff(us, index::BISHOP_PAIR, 1);
    }
    let rooks = rook_files(board, us, trace);
    total += rooks;
    trace.add(us, Term::Rooks, rooks);
    let (moves, shut_in) = mobility(board, us, att, trace);
    trace.add(us, Term::Mobility, moves);
    trace.add(us, Term::Pieces, shut_in);
    total + moves + shut_in
}

/// Our rooks on open files (no pawn) and half-open files (none of ours).
#[inline(always)]
fn rook_files<T: Trace>(board: &Position, us: Color, trace: &mut T) -> S {
    let pawns = board.pieces(Piece::Pawn).0;
    let our_pawns = pawns & board.color_combined(us).0;
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
    rooks
}

/// Mobility over safe squares (not ours, not attacked by their pawns), and the rooks
/// shut in and the queen exposed that the mobility tells: (mobility, shut in). Every
/// attack is recorded in `att`, and the pieces that hit the squares around their king
/// are counted for its danger. A piece pinned to our king moves (and attacks) only
/// along the pin.
#[inline(always)]
fn mobility<T: Trace>(board: &Position, us: Color, att: &mut Attacks, trace: &mut T) -> (S, S) {
    let them = !us;
    let ours = board.color_combined(us).0;
    let (u, t) = (us.to_index(), them.to_index());
    let safe = !ours & !att.by[t][Attacks::PAWN];
    let blockers = BitBoard(board.combined().0);
    let king = board.king_square(us);
    att.blockers[u] = king_blockers(board, us);
    let pinned = att.blockers[u] & ours;
    let their_zone = king_zone(board.king_square(them));
    let mut mobility = S::default();
    let mut shut_in = S::default();
    for (i, &(piece, table, at)) in MOBILE_KINDS.iter().enumerate() {
        for sq in Squares::from(board.pieces(piece) & board.color_combined(us)) {
            let mut a = match piece {
                Piece::Knight => get_knight_moves(sq).0,
                Piece::Bishop => get_bishop_moves(sq, blockers).0,
                Piece::Rook => get_rook_moves(sq, blockers).0,
                _ => get_bishop_moves(sq, blockers).0 | get_rook_moves(sq, blockers).0,
            };
            if pinned & (1u64 << sq.to_index()) != 0 {
                a &= line(king, sq).0;
            }
            att.add(u, i + 1, a);
            let n = (a & safe).count_ones() as usize;
            mobility += table[n];
            trace.coeff(us, at + n, 1);
            let hits = (a & their_zone).count_ones() as i32;
            if hits > 0 {
                att.zone_attackers[u][i] += 1;
                att.zone_hits[u] += hits;
            }
            let (w, at, count) = match piece {
                Piece::Rook => (TRAPPED_ROOK, index::TRAPPED_ROOK, trapped(board, us, sq, n)),
                Piece::Queen => (WEAK_QUEEN, index::WEAK_QUEEN, exposed(board, us, sq) as i32),
                _ => continue,
            };
            shut_in += w * count;
            trace.coeff(us, at, count);
        }
    }
    (mobility, shut_in)
}

/// The pieces of either colour that stand alone between `us`'s king and a bishop, rook
/// or queen of theirs on a line to it (Stockfish's `blockers_for_king`): ours are
/// pinned, and theirs may move away with a discovered check.
#[inline(always)]
fn king_blockers(board: &Position, us: Color) -> u64 {
    let king = board.king_square(us);
    let theirs = board.color_combined(!us).0;
    let queens = board.pieces(Piece::Queen).0;
    let diagonal = (board.pieces(Piece::Bishop).0 | queens) & get_bishop_moves(king, EMPTY).0;
    let straight = (board.pieces(Piece::Rook).0 | queens) & get_rook_moves(king, EMPTY).0;
    let occupied = board.combined().0;
    let mut blockers = 0;
    for slider in Squares((diagonal | straight) & theirs) {
        let inside = between(king, slider).0 & occupied;
        if inside.count_ones() == 1 {
            blockers |= inside;
        }
    }
    blockers
}

/// How many times the rook of `us` on `sq`, with `moves` safe moves, counts as shut in
/// by its own king (Stockfish 11's trapped rook): 0 unless it has at most three moves,
/// our pawn on its file, and stands on the king's side away from the centre (left of a
/// king on files a to d, right of one on e to h); 2 when the king has lost every
/// castling right, as it can then no longer let the rook out by castling. The rights
/// come from the position, so Chess960 arrays are judged alike.
#[inline(always)]
fn trapped(board: &Position, us: Color, sq: Square, moves: usize) -> i32 {
    let our_pawns = board.pieces(Piece::Pawn).0 & board.color_combined(us).0;
    if moves > 3 || get_file(sq.get_file()).0 & our_pawns == 0 {
        return 0;
    }
    let (rook, king) = (
        sq.get_file().to_index(),
        board.king_square(us).get_file().to_index(),
    );
    let boxed = if king < 4 { rook < king } else { rook > king };
    if !boxed {
        return 0;
    }
    1 + (board.castle_rights(us) == CastleRights::NoRights) as i32
}

/// Whether the queen of `us` on `sq` stands on the line of an enemy bishop (diagonally)
/// or rook (straight) with exactly one piece of either side between them: a pin against
/// it, or a discovered attack on it. The enemy's bishops and rooks do not count as the
/// piece between (one behind another attacks the queen already).
#[inline(always)]
fn exposed(board: &Position, us: Color, sq: Square) -> bool {
    let theirs = board.color_combined(!us).0;
    let bishops = board.pieces(Piece::Bishop).0 & theirs & get_bishop_moves(sq, EMPTY).0;
    let rooks = board.pieces(Piece::Rook).0 & theirs & get_rook_moves(sq, EMPTY).0;
    let occupied = board.combined().0 & !(bishops | rooks);
    Squares(bishops | rooks).any(|slider| (between(sq, slider).0 & occupied).count_ones() == 1)
}

/// The two long diagonals.
const LONG_DIAGONALS: u64 = 0x8040_2010_0804_0201 | 0x0102_0408_1020_4080;
/// d4, e4, d5, e5.
const CENTRE: u64 = 0x0000_0018_1800_0000;

/// How closed the position is, 0 to 8: the pawns of one side blocked head-on by the
/// other's.
#[inline(always)]
pub(super) fn closedness(board: &Position) -> usize {
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
pub(super) fn placement<T: Trace>(
    board: &Position,
    us: Color,
    att: &Attacks,
    closed: usize,
    trace: &mut T,
) -> S {
    let total =
        minor_placement(board, us, att, closed, trace) + rook_placement(board, us, closed, trace);
    trace.add(us, Term::Pieces, total);
    total
}

/// The knights' and bishops' part of [`placement`].
#[inline(always)]
fn minor_placement<T: Trace>(
    board: &Position,
    us: Color,
    att: &Attacks,
    closed: usize,
    trace: &mut T,
) -> S {
    let ours = board.color_combined(us).0;
    let pawns = board.pieces(Piece::Pawn).0;
    let their_pawns = pawns & !ours;
    let kings = [
        board.king_square(us).to_index(),
        board.king_square(!us).to_index(),
    ];
    // Our pawns blocked head-on by theirs (rammed), for the bishops hemmed in by them.
    let rammed = backward(us, forward(us, pawns & ours) & their_pawns);
    let outposts = outposts(us, att, their_pawns);
    let mut total = S::default();
    let mut add = |at: usize, w: S, n: i32, trace: &mut T| {
        total += w * n;
        trace.coeff(us, at, n);
    };
    for (k, piece) in [Piece::Knight, Piece::Bishop].into_iter().enumerate() {
        for sq in Squares(board.pieces(piece).0 & ours) {
            let s = sq.to_index();
            let bit = 1u64 << s;
            if outposts & bit != 0 {
                add(index::OUTPOST + k, OUTPOST[k], 1, trace);
            } else if piece == Piece::Knight && get_knight_moves(sq).0 & outposts & !ours != 0 {
                add(index::OUTPOST_REACHABLE, OUTPOST_REACHABLE, 1, trace);
            }
            if pawns & forward(us, bit) != 0 {
                add(index::MINOR_BEHIND_PAWN, MINOR_BEHIND_PAWN, 1, trace);
            }
            if piece == Piece::Knight {
                let d = distance(s, kings[0]).min(distance(s, kings[1])) as usize;
                let at = index::KNIGHT_KING_DISTANCE + d;
                add(at, KNIGHT_KING_DISTANCE[d], 1, trace);
                let at = index::KNIGHT_CLOSED + closed;
                add(at, KNIGHT_CLOSED[closed], 1, trace);
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
                let d = distance(s, kings[0]) as usize;
                add(
                    index::BISHOP_KING_DISTANCE + d,
                    BISHOP_KING_DISTANCE[d],
                    1,
                    trace,
                );
            }
        }
    }
    total
}

/// `us`'s outposts: squares on its fourth to sixth ranks that a pawn of ours guards and
/// no pawn of theirs (`their_pawns`) can attack, now or after any of their pushes: where
/// a minor stands, and where a knight could step.
#[inline(always)]
fn outposts(us: Color, att: &Attacks, their_pawns: u64) -> u64 {
    let mut pushed = their_pawns;
    for _ in 0..5 {
        pushed |= backward(us, pushed);
    }
    let ranks = if us == Color::White {
        0x0000_FFFF_FF00_0000
    } else {
        0x0000_00FF_FFFF_0000
    };
    ranks & att.by[us.to_index()][Attacks::PAWN] & !pawn_attacks(pushed, !us)
}

/// The rooks' part of [`placement`]: on the seventh rank when their king is on the
/// eighth or their pawns on the seventh, on a queen's file, and by how closed the
/// position is.
#[inline(always)]
fn rook_placement<T: Trace>(board: &Position, us: Color, closed: usize, trace: &mut T) -> S {
    let ours = board.color_combined(us).0;
    let their_pawns = board.pieces(Piece::Pawn).0 & !ours;
    let (seventh, eighth) = if us == Color::White {
        (0xFFu64 << 48, 0xFFu64 << 56)
    } else {
        (0xFFu64 << 8, 0xFF)
    };
    let king_back = (1u64 << board.king_square(!us).to_index()) & eighth != 0;
    let queens = board.pieces(Piece::Queen).0;
    let mut total = S::default();
    for s in bits(board.pieces(Piece::Rook).0 & ours) {
        if (FILE_A << (s & 7)) & queens != 0 {
            total += ROOK_QUEEN_FILE;
            trace.coeff(us, index::ROOK_QUEEN_FILE, 1);
        }
        if (1u64 << s) & seventh != 0 && (king_back || their_pawns & seventh != 0) {
            total += ROOK_SEVENTH;
            trace.coeff(us, index::ROOK_SEVENTH, 1);
        }
        total += ROOK_CLOSED[closed];
        trace.coeff(us, index::ROOK_CLOSED + closed, 1);
    }
    total
}

#[cfg(test)]
mod tests {
    use crate::eval::trace::PerSide;
    use crate::weights::index;

    fn white(fen: &str, at: usize) -> i32 {
        PerSide::white(fen, at)
    }

    #[test]
    fn a_knight_a_step_from_an_outpost() {
        // The knight on c3 reaches d5, guarded by e4 and out of every black pawn's
        // reach (none on c or e); on d5 itself it is on the outpost, not a step from it.
        let step = "4k3/p6p/8/8/4P3/2N5/8/4K3 w - - 0 1";
        assert_eq!(white(step, index::OUTPOST_REACHABLE), 1);
        let on = "4k3/p6p/8/3N4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(white(on, index::OUTPOST_REACHABLE), 0);
        assert_eq!(white(on, index::OUTPOST), 1);
        // A black pawn on e7 can come to e6 and hit d5: no outpost there.
        let covered = "4k3/p3p2p/8/8/4P3/2N5/8/4K3 w - - 0 1";
        assert_eq!(white(covered, index::OUTPOST_REACHABLE), 0);
    }

    #[test]
    fn a_pawn_two_of_theirs_attack_and_none_of_ours_defends_is_a_weak_lever() {
        // c5 and e5 both attack d4; nothing defends it.
        let weak = "4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(white(weak, index::WEAK_LEVER), 1);
        // e3 defends it.
        let held = "4k3/8/8/2p1p3/3P4/4P3/8/4K3 w - - 0 1";
        assert_eq!(white(held, index::WEAK_LEVER), 0);
        // The same for Black: c4 and e4 against d5.
        let black = "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1";
        assert_eq!(PerSide::of(black, false).count(1, index::WEAK_LEVER), 1);
    }

    #[test]
    fn a_king_on_a_wing_without_pawns() {
        // The pawns on a2 and a7 are far from both kings' wings (e to h, c to f). (The
        // knights keep the position out of the endings with rules of their own.)
        let bare = "n3k3/p7/8/8/8/8/P7/N5K1 w - - 0 1";
        let counts = PerSide::of(bare, false);
        assert_eq!(counts.count(0, index::PAWNLESS_FLANK), 1);
        assert_eq!(counts.count(1, index::PAWNLESS_FLANK), 1);
        // A pawn of either side on the wing is enough: h2 on White's, e7's too for Black.
        let pawned = "n3k3/p3p3/8/8/8/8/P6P/N5K1 w - - 0 1";
        let counts = PerSide::of(pawned, false);
        assert_eq!(counts.count(0, index::PAWNLESS_FLANK), 0);
        assert_eq!(counts.count(1, index::PAWNLESS_FLANK), 0);
    }

    #[test]
    fn a_rook_on_a_queens_file() {
        let file = "n2qk3/p7/8/8/8/8/P7/N2RK3 w - - 0 1";
        assert_eq!(white(file, index::ROOK_QUEEN_FILE), 1);
        let apart = "n2qk3/p7/8/8/8/8/P7/NR2K3 w - - 0 1";
        assert_eq!(white(apart, index::ROOK_QUEEN_FILE), 0);
    }

    #[test]
    fn a_bishop_counts_its_distance_to_our_king() {
        // The bishop on e4 is three squares from the king on e1.
        let fen = "4k3/8/8/8/4B3/8/8/4K3 w - - 0 1";
        assert_eq!(white(fen, index::BISHOP_KING_DISTANCE + 3), 1);
        assert_eq!(white(fen, index::BISHOP_KING_DISTANCE + 4), 0);
    }

    #[test]
    fn a_pinned_piece_moves_only_along_the_pin() {
        // The bishop on b4 pins the knight on d2 to the king: no move counts.
        let pinned = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1";
        assert_eq!(white(pinned, index::MOBILITY_KNIGHT), 1);
        // The bishop on b5 is off the king's diagonals: the knight is free.
        let free = "4k3/8/8/1b6/8/8/3N4/4K3 w - - 0 1";
        assert_eq!(white(free, index::MOBILITY_KNIGHT), 0);
        // A rook pinned on the e-file keeps e3 to e8 (six moves), not the rank.
        let rook = "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1";
        assert_eq!(white(rook, index::MOBILITY_ROOK + 6), 1);
        let unpinned = "5rk1/8/8/8/8/8/4R3/4K3 w - - 0 1";
        assert_eq!(white(unpinned, index::MOBILITY_ROOK + 6), 0);
    }

    #[test]
    fn a_rook_boxed_in_by_its_own_king_is_trapped() {
        // The king on f1 has walked in front of the rook on h1 and cannot castle.
        let boxed = "4k3/pppppppp/8/8/8/8/PPPPPPPP/5K1R w - - 0 1";
        assert_eq!(white(boxed, index::TRAPPED_ROOK), 2);
        // On e1 with two moves for the rook: trapped, by half while it may castle.
        let home = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R w - - 0 1";
        assert_eq!(white(home, index::TRAPPED_ROOK), 2);
        let castles = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R w K - 0 1";
        assert_eq!(white(castles, index::TRAPPED_ROOK), 1);
        // The same rook on the centre's side of the king is not trapped.
        let free = "4k3/pppppppp/8/8/8/8/PPPPPPPP/3R1K2 w - - 0 1";
        assert_eq!(white(free, index::TRAPPED_ROOK), 0);
        // Nor with the h-pawn gone (a half-open file lets it out).
        let open = "4k3/pppppppp/8/8/8/8/PPPPPPP1/5K1R w - - 0 1";
        assert_eq!(white(open, index::TRAPPED_ROOK), 0);
        // A queen-side king on b1 boxes the rook on a1; the mirror of the first case.
        let left = "4k3/pppppppp/8/8/8/8/PPPPPPPP/R1K5 w - - 0 1";
        assert_eq!(white(left, index::TRAPPED_ROOK), 2);
    }

    #[test]
    fn castling_rights_free_a_trapped_rook_in_chess960_too() {
        // King b1, rooks a1 and h1: the a1 rook is boxed in. With the right to castle
        // with it (Shredder-FEN "A"), it can get out; without any right, it cannot.
        let rights = "1k6/pppppppp/8/8/8/8/PPPPPPPP/RK5R w A - 0 1";
        assert_eq!(PerSide::of(rights, true).count(0, index::TRAPPED_ROOK), 1);
        let none = "1k6/pppppppp/8/8/8/8/PPPPPPPP/RK5R w - - 0 1";
        assert_eq!(PerSide::of(none, true).count(0, index::TRAPPED_ROOK), 2);
    }

    #[test]
    fn a_queen_with_one_piece_before_an_enemy_slider_is_weak() {
        // The rook on d8 and our queen on d1 with our pawn on d4 between: a pin.
        let pin = "3r2k1/8/8/8/3P4/8/8/3Q2K1 w - - 0 1";
        assert_eq!(white(pin, index::WEAK_QUEEN), 1);
        // Their knight between: a discovered attack.
        let discovery = "3r2k1/8/8/3n4/8/8/8/3Q2K1 w - - 0 1";
        assert_eq!(white(discovery, index::WEAK_QUEEN), 1);
        // Two pieces between, or none: neither.
        let covered = "3r2k1/8/8/3n4/3P4/8/8/3Q2K1 w - - 0 1";
        assert_eq!(white(covered, index::WEAK_QUEEN), 0);
        let attacked = "3r2k1/8/8/8/8/8/8/3Q2K1 w - - 0 1";
        assert_eq!(white(attacked, index::WEAK_QUEEN), 0);
        // A bishop on the diagonal a4-d1 with a pawn on c2 between; a rook on that
        // diagonal does not count.
        let bishop = "6k1/8/8/8/b7/8/2P5/3Q2K1 w - - 0 1";
        assert_eq!(white(bishop, index::WEAK_QUEEN), 1);
        let rook = "6k1/8/8/8/r7/8/2P5/3Q2K1 w - - 0 1";
        assert_eq!(white(rook, index::WEAK_QUEEN), 0);
    }
}
