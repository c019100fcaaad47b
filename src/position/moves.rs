//! The legal moves of a position, and whether a move is legal here.
//!
//! All at once ([`Position::legal_moves`], and the crate's generator in check), or,
//! out of check, in two parts: the noisy ones (captures and promotions) and the quiet
//! ones, each asked of the crate's attack tables on its own. Chess960 castles, which
//! the crate's board knows nothing of, are generated here too. Moves from elsewhere
//! (the table, the killers) are tested one by one ([`Position::is_legal`]), and a legal
//! move is asked what it does (captures, promotes, castles).
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
    get_pawn_quiets, get_rank, get_rook_moves, line, BitBoard, Board, ChessMove, MoveGen, Piece,
    Square, EMPTY,
};

use super::castling::{self, KING_SIDE, QUEEN_SIDE};
use super::{attackers, Position};
use crate::types::Squares;

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> Vec<ChessMove> {
        let mut moves: Vec<ChessMove> = MoveGen::new_legal(&self.board).collect();
        if self.chess960 {
            moves.extend(self.castles_960().into_iter().flatten());
        }
        moves
    }

    /// Whether `f` holds of every legal move, asked in the order of
    /// [`Position::legal_moves`] until it fails: no list is made, and the moves past
    /// the first failure are not worked out.
    pub fn every_legal_move(&self, mut f: impl FnMut(ChessMove) -> bool) -> bool {
        MoveGen::new_legal(&self.board).all(&mut f)
            && self.castles_960().into_iter().flatten().all(f)
    }

    /// How many legal moves the side to move has.
    pub fn legal_move_count(&self) -> usize {
        let castles = self.castles_960().into_iter().flatten().count();
        MoveGen::new_legal(&self.board).len() + castles
    }

    /// Whether the side to move has any legal move (a Chess960 castle may be the only
    /// one).
    pub fn has_legal_move(&self) -> bool {
        MoveGen::new_legal(&self.board).len() > 0 || self.castles_960() != [None, None]
    }

    /// Hands each legal move to `f` with whether it is noisy (a capture or a
    /// promotion), in the generator's order; with `noisy_only`, only the noisy ones.
    /// Through the crate's generator: the move picker uses it in check, and
    /// [`Position::noisy_moves`] and [`Position::quiet_moves`] otherwise.
    #[inline]
    pub fn generate_moves(&self, noisy_only: bool, mut f: impl FnMut(ChessMove, bool)) {
        let board = &self.board;
        let mut gen = MoveGen::new_legal(board);
        if noisy_only {
            // Every capture or promotion lands on an enemy piece, the en-passant
            // square or the last rank; the few quiet moves onto the last rank are
            // dropped below.
            let their = *board.color_combined(!board.side_to_move());
            let ep = self.ep_square().map(BitBoard::from_square).unwrap_or(EMPTY);
            let last_rank = chess::get_rank(board.side_to_move().to_their_backrank());
            gen.set_iterator_mask(their | ep | last_rank);
        }
        for m in gen {
            let noisy = self.is_noisy(m);
            if noisy || !noisy_only {
                f(m, noisy);
            }
        }
        if self.chess960 && !noisy_only {
            for m in self.castles_960().into_iter().flatten() {
                f(m, false);
            }
        }
    }

    /// Hands each noisy move (a capture or a promotion) to `f`, in the order of
    /// [`Position::generate_moves`]. Not in check: evasions come from that.
    #[inline]
    pub fn noisy_moves(&self, f: impl FnMut(ChessMove)) {
        for_each_noisy(&self.board, f);
    }

    /// Hands each quiet move to `f`, in the order of [`Position::generate_moves`]
    /// (Chess960 castles last). Not in check: evasions come from that.
    #[inline]
    pub fn quiet_moves(&self, mut f: impl FnMut(ChessMove)) {
        for_each_quiet(&self.board, &mut f);
        if self.chess960 {
            for m in self.castles_960().into_iter().flatten() {
                f(m);
            }
        }
    }

    /// The Chess960 castles of the side to move that are legal here, each written as
    /// the king taking its own rook, by wing; none in check, and none in standard chess
    /// (where the crate's generator makes the castles).
    #[inline]
    fn castles_960(&self) -> [Option<ChessMove>; 2] {
        let mut out = [None; 2];
        if !self.chess960 || self.in_check() {
            return out;
        }
        let us = self.board.side_to_move();
        let king = self.board.king_square(us);
        for wing in [KING_SIDE, QUEEN_SIDE] {
            if let Some(rook) = self.castling.rook(us, wing) {
                if self.castle_is_free(king, rook, wing) {
                    out[wing] = Some(ChessMove::new(king, rook, None));
                }
            }
        }
        out
    }

    /// Whether the king on `king` may castle with the rook on `rook` (the side to move
    /// not in check): every square either of them passes over or lands on is empty but
    /// for the two of them, and no square the king passes over or lands on (even the one
    /// it stands on, if it stays) is attacked with both lifted off the board. Lifting
    /// the rook matters: on the back rank it may shield the king's path from an enemy
    /// rook or queen, and leaves it as it castles.
    fn castle_is_free(&self, king: Square, rook: Square, wing: usize) -> bool {
        let us = self.board.side_to_move();
        let (king_to, rook_to) = castling::destinations(us, wing);
        let lifted = self.combined() ^ BitBoard::from_square(king) ^ BitBoard::from_square(rook);
        let king_path = castling::path(king, king_to);
        if (king_path | castling::path(rook, rook_to)) & lifted != EMPTY {
            return false;
        }
        // The landing square too when the king stays: the rook may have shielded it.
        let them = *self.board.color_combined(!us);
        let mut squares = king_path | BitBoard::from_square(king_to);
        squares.all(|s| attackers(&self.board, s, lifted) & them == EMPTY)
    }

    /// Whether `mv` (legal here) castles: a king step of two files in standard chess,
    /// the king taking its own rook in Chess960 mode.
    #[inline]
    pub fn is_castle(&self, mv: ChessMove) -> bool {
        let (from, to) = (mv.get_source(), mv.get_dest());
        if self.board.piece_on(from) != Some(Piece::King) {
            return false;
        }
        if self.chess960 {
            self.board.color_on(to) == Some(self.board.side_to_move())
        } else {
            from.get_file()
                .to_index()
                .abs_diff(to.get_file().to_index())
                == 2
        }
    }

    /// Whether `mv` (which must be legal here) captures something, en passant included.
    /// (A Chess960 castle lands on a piece of the side that moves: no capture.)
    #[inline]
    pub fn is_capture(&self, mv: ChessMove) -> bool {
        self.enemy_on(mv.get_dest()) || self.is_en_passant(mv)
    }

    /// Whether a piece of the side not to move stands on `s`.
    #[inline]
    fn enemy_on(&self, s: Square) -> bool {
        let them = *self.board.color_combined(!self.board.side_to_move());
        them & BitBoard::from_square(s) != EMPTY
    }

    /// Whether `mv` (legal here) is a capture or a promotion.
    #[inline]
    pub fn is_noisy(&self, mv: ChessMove) -> bool {
        mv.get_promotion().is_some() || self.is_capture(mv)
    }

    /// Whether `mv` (legal here) is an en-passant capture. Asked of every move the
    /// picker generates, so the common case (no en-passant square) is settled before
    /// the board is asked what moves: a legal pawn move onto that square can only be
    /// the capture, since the pawn to take stands in the way of a push.
    #[inline]
    pub fn is_en_passant(&self, mv: ChessMove) -> bool {
        self.ep_square() == Some(mv.get_dest())
            && self.board.piece_on(mv.get_source()) == Some(Piece::Pawn)
    }

    /// The piece a legal move takes (a pawn for en passant).
    #[inline]
    pub fn captured_piece(&self, mv: ChessMove) -> Option<Piece> {
        match self.board.piece_on(mv.get_dest()) {
            Some(_) if self.chess960 && !self.enemy_on(mv.get_dest()) => None,
            Some(p) => Some(p),
            None if self.is_en_passant(mv) => Some(Piece::Pawn),
            None => None,
        }
    }

    /// Whether `mv` is legal here, decided without generating the move list. The
    /// search asks this of table and killer moves, which come from other positions (or
    /// from a torn table entry) and must never reach `make_move` unless legal. Rare
    /// moves (king moves, castling, en passant) are checked against the full list.
    pub fn is_legal(&self, mv: ChessMove) -> bool {
        let b = &self.board;
        let us = b.side_to_move();
        let (from, to) = (mv.get_source(), mv.get_dest());
        let (from_bb, to_bb) = (BitBoard::from_square(from), BitBoard::from_square(to));
        let ours = *b.color_combined(us);
        if from == to || ours & from_bb == EMPTY {
            return false;
        }
        if ours & to_bb != EMPTY {
            // Onto an own piece: only a Chess960 castle (king takes own rook) may be.
            return self.chess960 && self.castles_960().contains(&Some(mv));
        }
        let Some(piece) = b.piece_on(from) else {
            return false;
        };
        let onto_last_rank = to.get_rank() == us.to_their_backrank();
        let promotes = mv.get_promotion().is_some();
        if piece == Piece::Pawn {
            if onto_last_rank != promotes
                || matches!(mv.get_promotion(), Some(Piece::Pawn | Piece::King))
            {
                return false;
            }
        } else if promotes {
            return false;
        }
        let en_passant =
            piece == Piece::Pawn && from.get_file() != to.get_file() && b.piece_on(to).is_none();
        if piece == Piece::King || en_passant {
            return b.legal(mv);
        }
        let occupied = *b.combined();
        let reach = match piece {
            Piece::Pawn => {
                chess::get_pawn_attacks(from, us, *b.color_combined(!us))
                    | chess::get_pawn_quiets(from, us, occupied)
            }
            Piece::Knight => chess::get_knight_moves(from),
            Piece::Bishop => chess::get_bishop_moves(from, occupied),
            Piece::Rook => chess::get_rook_moves(from, occupied),
            _ => chess::get_bishop_moves(from, occupied) | chess::get_rook_moves(from, occupied),
        };
        if reach & to_bb == EMPTY {
            return false;
        }
        // The move is pseudo-legal; it must also answer a check and respect a pin.
        let king = b.king_square(us);
        let checkers = *b.checkers();
        match checkers.popcnt() {
            0 => {}
            1 => {
                if (chess::between(checkers.to_square(), king) | checkers) & to_bb == EMPTY {
                    return false;
                }
            }
            _ => return false,
        }
        *b.pinned() & from_bb == EMPTY || chess::line(from, king) & to_bb != EMPTY
    }
}

/// The pieces a promotion may make, in the crate's order.
const PROMOTIONS: [Piece; 4] = [Piece::Queen, Piece::Knight, Piece::Rook, Piece::Bishop];

/// Hands each noisy move of `board` to `f`, in the crate generator's order (see the
/// module). `board` must not be in check.
#[inline]
fn for_each_noisy(board: &Board, mut f: impl FnMut(ChessMove)) {
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
fn for_each_quiet(board: &Board, mut f: impl FnMut(ChessMove)) {
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
    attackers(board, sq, occupied) & *board.color_combined(!us) != EMPTY
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The noisy and the quiet moves generated apart are the crate generator's, in the
    /// same order (the picker breaks ties by it), at every position two plies deep
    /// from the perft suites' and the Chess960 starts (pins, en passant, promotions,
    /// castling of both kinds).
    #[test]
    fn split_generation_matches_the_crates() {
        fn walk(p: &mut Position, depth: u32) {
            if !p.in_check() {
                let (mut noisy, mut quiet) = (Vec::new(), Vec::new());
                p.generate_moves(false, |m, n| {
                    if n { &mut noisy } else { &mut quiet }.push(m)
                });
                let mut masked = Vec::new();
                p.generate_moves(true, |m, _| masked.push(m));
                assert_eq!(masked, noisy, "{} (masked)", p.to_fen());
                let (mut fast_noisy, mut fast_quiet) = (Vec::new(), Vec::new());
                p.noisy_moves(|m| fast_noisy.push(m));
                p.quiet_moves(|m| fast_quiet.push(m));
                assert_eq!(fast_noisy, noisy, "{} (noisy)", p.to_fen());
                assert_eq!(fast_quiet, quiet, "{} (quiet)", p.to_fen());
            }
            if depth == 0 {
                return;
            }
            for m in p.legal_moves() {
                p.make_move(m);
                walk(p, depth - 1);
                p.unmake_move();
            }
        }
        let suites = [
            include_str!("../../tests/data/perftsuite.epd"),
            include_str!("../../tests/data/perft_marcel_sample.epd"),
        ];
        let extra = [
            "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
            "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1",
            "4k3/8/8/2bPp3/8/8/8/K7 w - e6 0 1",
            "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
        ];
        let fens = suites
            .iter()
            .flat_map(|s| s.lines())
            .filter_map(|l| l.split(';').next())
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .chain(extra);
        for fen in fens {
            walk(&mut Position::from_fen(fen).unwrap(), 2);
        }
        let starts = include_str!("../../tests/data/chess960.epd");
        for fen in starts.lines().filter_map(|l| l.split(';').next()).take(40) {
            walk(&mut Position::from_fen_in(fen.trim(), true).unwrap(), 2);
        }
    }
}
