//! Threats: their pawns and pieces attacked, by the kind of our attacker, the kind of
//! their piece and whether they defend it; their pieces left undefended; the safe pawn
//! pushes that would attack one; the squares where their pieces' room is cut down; and
//! the safe squares from which our knights and sliders would attack their queen.

use super::trace::{Term, Trace};
use super::{forward, pawn_attacks, Attacks};
use crate::position::Position;
use crate::score::S;
use crate::types::{
    get_bishop_moves, get_knight_moves, get_rook_moves, BitBoard, Color, Piece, ALL_SQUARES,
};
use crate::weights::{
    index, THREAT, THREAT_HANGING, THREAT_KNIGHT_ON_QUEEN, THREAT_PAWN_PUSH, THREAT_RESTRICTED,
    THREAT_SLIDER_ON_QUEEN,
};

/// The kinds a threat can fall on, in the order of the [`THREAT`] table's victims.
const VICTIM_KINDS: [Piece; 5] = [
    Piece::Pawn,
    Piece::Knight,
    Piece::Bishop,
    Piece::Rook,
    Piece::Queen,
];

/// Threats by `us`, from `us`'s point of view: each pawn and piece of theirs by the kind
/// of each of ours that attacks it and whether they defend it (a table: a pawn's hit on a
/// defended rook is worth what a queen's on a defended pawn is not), their pieces
/// attacked and undefended (hanging), and the safe pawn pushes that would attack a piece.
#[inline(always)]
pub(super) fn threats<T: Trace>(board: &Position, us: Color, att: &Attacks, trace: &mut T) -> S {
    let them = !us;
    let (u, t) = (us.to_index(), them.to_index());
    let theirs = board.color_combined(them).0;
    let victims = VICTIM_KINDS.map(|p| board.pieces(p).0 & theirs);
    let pieces = victims[1] | victims[2] | victims[3] | victims[4];
    let defended = att.all[t];
    let mut total = S::default();
    let mut add = |at: usize, w: S, n: i32, trace: &mut T| {
        total += w * n;
        trace.coeff(us, at, n);
    };

    for (a, &hits) in att.by[u].iter().enumerate() {
        let hit = hits & (pieces | victims[0]);
        if hit == 0 {
            continue;
        }
        for (v, &set) in victims.iter().enumerate() {
            let s = hit & set;
            if s == 0 {
                continue;
            }
            for (guarded, on) in [(false, s & !defended), (true, s & defended)] {
                let i = index::threat(a, v, guarded);
                add(index::THREAT + i, THREAT[i], on.count_ones() as i32, trace);
            }
        }
    }
    let hanging = att.all[u] & pieces & !defended;
    let n = hanging.count_ones() as i32;
    add(index::THREAT_HANGING, THREAT_HANGING, n, trace);
    let n = (pawn_attacks(safe_pushes(board, us, att), us) & pieces).count_ones() as i32;
    add(index::THREAT_PAWN_PUSH, THREAT_PAWN_PUSH, n, trace);
    // Protected by a pawn, or by two pieces where we bring at most one.
    let strongly = att.by[t][Attacks::PAWN] | (att.twice[t] & !att.twice[u]);
    let n = (att.all[t] & att.all[u] & !strongly).count_ones() as i32;
    add(index::THREAT_RESTRICTED, THREAT_RESTRICTED, n, trace);
    if victims[4].count_ones() == 1 {
        let safe = !board.color_combined(us).0 & !strongly;
        let (knight, slider) = on_queen(board, us, att, victims[4], safe);
        add(
            index::THREAT_KNIGHT_ON_QUEEN,
            THREAT_KNIGHT_ON_QUEEN,
            knight,
            trace,
        );
        add(
            index::THREAT_SLIDER_ON_QUEEN,
            THREAT_SLIDER_ON_QUEEN,
            slider,
            trace,
        );
    }
    trace.add(us, Term::Threats, total);
    total
}

/// The `safe` squares from which `us` would attack their only queen (on `queen`) next
/// move: (by a knight, by a bishop or rook from a square we attack twice).
#[inline(always)]
fn on_queen(board: &Position, us: Color, att: &Attacks, queen: u64, safe: u64) -> (i32, i32) {
    let u = us.to_index();
    let sq = ALL_SQUARES[queen.trailing_zeros() as usize];
    let occ = BitBoard(board.combined().0);
    let knight = att.by[u][Attacks::KNIGHT] & get_knight_moves(sq).0 & safe;
    let sliders = (att.by[u][Attacks::BISHOP] & get_bishop_moves(sq, occ).0)
        | (att.by[u][Attacks::ROOK] & get_rook_moves(sq, occ).0);
    let slider = sliders & safe & att.twice[u];
    (knight.count_ones() as i32, slider.count_ones() as i32)
}

/// `us`'s safe pawn pushes: one square (two from the second rank) onto a square their
/// pawns do not hit, and that we hold or they do not.
#[inline(always)]
fn safe_pushes(board: &Position, us: Color, att: &Attacks) -> u64 {
    let (u, t) = (us.to_index(), (!us).to_index());
    let occ = board.combined().0;
    let our_pawns = board.pieces(Piece::Pawn).0 & board.color_combined(us).0;
    let third = if us == Color::White {
        0xFF << 16
    } else {
        0xFF << 40
    };
    let single = forward(us, our_pawns) & !occ;
    let double = forward(us, single & third) & !occ;
    (single | double) & !att.by[t][Attacks::PAWN] & (att.all[u] | !att.all[t])
}

#[cfg(test)]
mod tests {
    use crate::eval::trace::PerSide;
    use crate::weights::index;

    fn white(fen: &str, at: usize) -> i32 {
        PerSide::white(fen, at)
    }

    #[test]
    fn a_knight_or_slider_one_move_from_their_queen() {
        // The knight on g1 reaches f3, one knight's move from the queen on e5.
        let knight = "4k3/8/8/4q3/8/8/8/6NK w - - 0 1";
        assert_eq!(white(knight, index::THREAT_KNIGHT_ON_QUEEN), 1);
        assert_eq!(white(knight, index::THREAT_SLIDER_ON_QUEEN), 0);
        // The rook on a4 and the knight on f3 both attack d4, under the queen on d5;
        // a5 the rook alone attacks. (With the king on h1 the knight would be pinned.)
        let rook = "7k/8/8/3q4/R7/5N2/8/6K1 w - - 0 1";
        assert_eq!(white(rook, index::THREAT_SLIDER_ON_QUEEN), 1);
        assert_eq!(white(rook, index::THREAT_KNIGHT_ON_QUEEN), 0);
        // Two queens: neither counts (Stockfish 11 asks for one).
        let two = "3qk3/8/8/4q3/8/8/8/6NK w - - 0 1";
        assert_eq!(white(two, index::THREAT_KNIGHT_ON_QUEEN), 0);
    }

    #[test]
    fn restricted_squares_are_those_they_do_not_hold_strongly() {
        // The rooks on d1 and d8 both attack d2 to d7; the black pawn on e6 holds d5
        // strongly: five squares.
        let fen = "3r3k/8/4p3/8/8/8/8/K2R4 w - - 0 1";
        assert_eq!(white(fen, index::THREAT_RESTRICTED), 5);
    }
}
