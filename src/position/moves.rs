//! The legal moves of a position that is not in check, in two parts: the noisy
//! ones (captures and promotions) and the quiet ones, each asked of the crate's
//! attack tables on its own.
//!
//! `MoveGen::new_legal` works out every legal move at once and hands them out
//! through an iterator (about 30 instructions a move), which the picker then sorts
//! into noisy and quiet. Most nodes are cut off by the table move, a capture or a
//! killer before any quiet move is searched, and quiescence wants captures only:
//! generated apart, the quiet moves are worked out only when they are wanted.
//!
//! Each part comes in the order the crate's generator hands its moves out: the
//! picker breaks ties between equal scores by that order, so keeping it keeps the
//! search's tree (a test walks positions comparing them move by move). That order
//! is pawns, knights, bishops, rooks, queens, king; within a kind the pieces not
//! pinned, then the pinned ones, each by square; a pawn's en-passant capture after
//! all other pawn moves; destinations by square (castling among the king's); a
//! promotion's pieces queen, knight, rook, bishop. In check, the crate's generator
//! is used as it is.

#![allow(clippy::disallowed_types, clippy::disallowed_methods)]

use chess::{
    get_adjacent_files, get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks,
    get_pawn_quiets, get_rank, get_rook_moves, line, BitBoard, Board, ChessMove, Piece, Square,
    EMPTY,
};

use crate::types::Squares;

/// The pieces a promotion may make, in the crate's order.
const PROMOTIONS: [Piece; 4] = [Piece::Queen, Piece::Knight, Piece::Rook, Piece::Bishop];

/// Hands each noisy move of `board` to `f`, in the crate generator's order (see the
/// module). `board` must not be in check.
#[inline]
pub(super) fn for_each_noisy(board: &Board, mut f: impl FnMut(ChessMove)) {
    debug_assert!(*board.checkers() == EMPTY);
    let us = board.side_to_move();
    let occupied = *board.combined();
    let mine = *board.color_combined(us);
    let theirs = *board.color_combined(!us);
    let pinned = *board.pinned();
    let king = board.king_square(us);
    let ours = |piece| *board.pieces(piece) & mine;

    let pawns = ours(Piece::Pawn);
    let seventh = get_rank(us.to_seventh_rank());
    for src in Squares::from(pawns & !pinned).chain(Squares::from(pawns & pinned)) {
        let mut targets = get_pawn_attacks(src, us, theirs);
        let promotes = BitBoard::from_square(src) & seventh != EMPTY;
        if promotes {
            targets |= get_pawn_quiets(src, us, occupied);
        }
        if pinned & BitBoard::from_square(src) != EMPTY {
            targets &= line(king, src);
        }
        for dest in Squares::from(targets) {
            if promotes {
                for piece in PROMOTIONS {
                    f(ChessMove::new(src, dest, Some(piece)));
                }
            } else {
                f(ChessMove::new(src, dest, None));
            }
        }
    }
    if let Some(victim) = board.en_passant() {
        let dest = victim.uforward(us);
        let files = get_adjacent_files(victim.get_file());
        for src in Squares::from(get_rank(victim.get_rank()) & files & pawns) {
            if en_passant_is_legal(board, src, dest, victim) {
                f(ChessMove::new(src, dest, None));
            }
        }
    }

    piece_moves(board, theirs, &mut f);

    for dest in Squares::from(get_king_moves(king) & theirs) {
        if !attacked_without_king(board, dest) {
            f(ChessMove::new(king, dest, None));
        }
    }
}

/// Hands each quiet move of `board` to `f` (castling by the board's rights; Chess960
/// castles are the caller's), in the crate generator's order (see the module).
/// `board` must not be in check.
#[inline]
pub(super) fn for_each_quiet(board: &Board, mut f: impl FnMut(ChessMove)) {
    debug_assert!(*board.checkers() == EMPTY);
    let us = board.side_to_move();
    let occupied = *board.combined();
    let empty = !occupied;
    let pinned = *board.pinned();
    let king = board.king_square(us);
    let ours = |piece| *board.pieces(piece) & *board.color_combined(us);

    // A pawn on the seventh rank only promotes: its moves are all noisy.
    let pawns = ours(Piece::Pawn) & !get_rank(us.to_seventh_rank());
    for src in Squares::from(pawns & !pinned) {
        for dest in Squares::from(get_pawn_quiets(src, us, occupied)) {
            f(ChessMove::new(src, dest, None));
        }
    }
    for src in Squares::from(pawns & pinned) {
        for dest in Squares::from(get_pawn_quiets(src, us, occupied) & line(king, src)) {
            f(ChessMove::new(src, dest, None));
        }
    }

    piece_moves(board, empty, &mut f);

    let mut targets = EMPTY;
    for dest in Squares::from(get_king_moves(king) & empty) {
        if !attacked_without_king(board, dest) {
            targets |= BitBoard::from_square(dest);
        }
    }
    targets ^= castles(board, king);
    for dest in Squares::from(targets) {
        f(ChessMove::new(king, dest, None));
    }
}

/// Hands `f` each move of the side to move's knights, bishops, rooks and queens onto
/// `targets` (the other side's pieces, or the empty squares), in the crate generator's
/// order: kinds in turn, the pieces not pinned and then the pinned ones (along the
/// line of their pin; a pinned knight has none), each by square, destinations by
/// square.
#[inline(always)]
fn piece_moves(board: &Board, targets: BitBoard, f: &mut impl FnMut(ChessMove)) {
    let us = board.side_to_move();
    let occupied = *board.combined();
    let pinned = *board.pinned();
    let king = board.king_square(us);
    let ours = |piece| *board.pieces(piece) & *board.color_combined(us);
    for src in Squares::from(ours(Piece::Knight) & !pinned) {
        for dest in Squares::from(get_knight_moves(src) & targets) {
            f(ChessMove::new(src, dest, None));
        }
    }
    for (piece, attacks) in SLIDERS {
        let pieces = ours(piece);
        for src in Squares::from(pieces & !pinned) {
            for dest in Squares::from(attacks(src, occupied) & targets) {
                f(ChessMove::new(src, dest, None));
            }
        }
        for src in Squares::from(pieces & pinned) {
            for dest in Squares::from(attacks(src, occupied) & targets & line(king, src)) {
                f(ChessMove::new(src, dest, None));
            }
        }
    }
}

/// The squares the king may castle to by the board's (standard) castling rights:
/// the squares between king and rook empty, and the king not passing through or
/// landing on an attacked square (it is not in check).
#[inline]
fn castles(board: &Board, king: Square) -> BitBoard {
    let us = board.side_to_move();
    let rights = board.my_castle_rights();
    let occupied = *board.combined();
    let mut targets = EMPTY;
    if rights.has_kingside() && occupied & rights.kingside_squares(us) == EMPTY {
        let (middle, to) = (king.uright(), king.uright().uright());
        if !attacked_without_king(board, middle) && !attacked_without_king(board, to) {
            targets ^= BitBoard::from_square(to);
        }
    }
    if rights.has_queenside() && occupied & rights.queenside_squares(us) == EMPTY {
        let (middle, to) = (king.uleft(), king.uleft().uleft());
        if !attacked_without_king(board, middle) && !attacked_without_king(board, to) {
            targets ^= BitBoard::from_square(to);
        }
    }
    targets
}

/// A slider's attacks from a square, given the occupied squares.
type SliderAttacks = fn(Square, BitBoard) -> BitBoard;

/// The sliding kinds and their attacks, in the crate generator's order.
const SLIDERS: [(Piece, SliderAttacks); 3] = [
    (Piece::Bishop, get_bishop_moves),
    (Piece::Rook, get_rook_moves),
    (Piece::Queen, queen_moves),
];

#[inline]
fn queen_moves(sq: Square, occupied: BitBoard) -> BitBoard {
    get_bishop_moves(sq, occupied) | get_rook_moves(sq, occupied)
}

/// Whether the other side attacks `sq` once the side to move's king has left its
/// square (so that a slider's ray through the king counts).
#[inline]
fn attacked_without_king(board: &Board, sq: Square) -> bool {
    let us = board.side_to_move();
    let occupied = *board.combined() ^ BitBoard::from_square(board.king_square(us));
    super::attackers(board, sq, occupied) & *board.color_combined(!us) != EMPTY
}

/// Whether the en-passant capture `src`-`dest` taking the pawn on `victim` leaves
/// the king unattacked: both pawns leave the rank, which may open a slider's line
/// (the capturing pawn may be pinned, or both pawns may stand between a rook and
/// the king).
#[inline]
fn en_passant_is_legal(board: &Board, src: Square, dest: Square, victim: Square) -> bool {
    let us = board.side_to_move();
    let theirs = *board.color_combined(!us);
    let their = |piece| *board.pieces(piece) & theirs;
    let occupied = *board.combined()
        ^ BitBoard::from_square(src)
        ^ BitBoard::from_square(victim)
        ^ BitBoard::from_square(dest);
    let king = board.king_square(us);
    let queens = their(Piece::Queen);
    get_rook_moves(king, occupied) & (their(Piece::Rook) | queens) == EMPTY
        && get_bishop_moves(king, occupied) & (their(Piece::Bishop) | queens) == EMPTY
}
