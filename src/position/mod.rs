//! The game position: the one module that touches the `chess` crate's rough edges.
//!
//! `chess` 3.2 generates moves correctly and fast, but it keeps no halfmove clock or
//! fullmove number, writes the wrong en-passant square in FEN, accepts some illegal
//! FENs (pawns on the back rank corrupt its move generation), does no legality check in
//! `ChessMove::from_str`, and may panic in `make_move_new` on an illegal move. So this
//! module parses and validates FEN itself, builds boards only from validated parts,
//! keeps the clocks and a key history for repetitions, and matches every incoming UCI
//! move against the legal move list. The rest of the engine sees only [`Position`].
//!
//! In Chess960 mode, rights that standard chess can hold (each king on the e-file with
//! its rooks in the corners, or no right at all) stay on the crate's board, and such a
//! position is played, keyed and searched exactly as in standard chess: only its
//! castles are written differently, as the king taking its own rook
//! ([`Position::as_written`]). Other rights live in a `Castling` beside a board that
//! holds none (the crate can hold none but the standard ones), and this module
//! generates, tests and plays those castles itself (see `castling.rs`). A position has
//! one form whichever way it was reached: a move that leaves only standard rights
//! hands them to the board.
//!
//! This file holds the position itself: its state, making and taking back moves, the
//! keys and sums kept as it goes, and the draw rules. Beside it: reading and writing
//! FEN (`fen.rs`), the castling rights (`castling.rs`), move generation and legality
//! (`moves.rs`), checks (`checks.rs`), UCI move text and `setup` (`notation.rs`), the
//! keys (`keys.rs`), upcoming repetitions (`cuckoo.rs`), perft ([`perft`]) and the
//! board diagram (`display.rs`).

#![allow(clippy::disallowed_types, clippy::disallowed_methods)]

use chess::{
    BitBoard, Board, BoardBuilder, CastleRights, ChessMove, Color, File, Piece, Rank, Square,
    ALL_PIECES, ALL_SQUARES, EMPTY,
};

use crate::types::{Squares, DARK_SQUARES};
use crate::{psqt::PIECE_SQUARE, score::S};

mod castling;
mod checks;
mod cuckoo;
mod display;
mod fen;
mod keys;
mod moves;
mod notation;
pub mod perft;

use castling::{Castling, KING_SIDE, QUEEN_SIDE};
pub use fen::{piece_char, FenError, START_FEN};
pub use keys::KeyDeltas;
use keys::{zobrist_key, StructureKeys};
pub use notation::{setup, setup_in, MoveError};

/// See [`Position::check_info`].
pub type CheckInfo = [BitBoard; 7];

/// What is needed to take a move back (copy-make keeps this cheap and simple).
#[derive(Clone, Copy)]
struct Undo {
    board: Board,
    castling: Castling,
    chess960: bool,
    key: u64,
    keys: StructureKeys,
    squares: S,
    halfmove: u32,
    rep_window: u32,
    fullmove: u32,
}

/// A board plus everything the `chess` crate does not keep: the fifty-move clock, the
/// fullmove number and the keys of earlier positions for repetition detection.
#[derive(Clone)]
pub struct Position {
    board: Board,
    /// [`Position::key`], kept as moves are made: the crate's own key folds the castling
    /// rights, the en-passant file and the side to move in at every call, and the search
    /// asks for the key four or five times a node.
    key: u64,
    /// The keys of the pawn structure and of each side's other pieces, kept with the
    /// board: the search asks for them two or three times a node.
    keys: StructureKeys,
    /// The evaluation's material and square values summed over the board
    /// ([`Position::square_sum`]), kept as moves are made.
    squares: S,
    /// The castling rights in Chess960 form (empty, with key 0, when the board holds
    /// them: in standard chess, and in Chess960 when they are standard ones).
    castling: Castling,
    /// Whether the rights are held in Chess960 form, so that castles are generated and
    /// played here (king takes own rook).
    chess960: bool,
    /// Whether `UCI_Chess960` is on: castles are written as the king taking its own
    /// rook and the castling field in Shredder-FEN, whichever form the rights are in.
    uci_chess960: bool,
    /// Plies since the last capture or pawn move (the fifty-move clock).
    halfmove: u32,
    /// Plies back that a repetition can reach: the halfmove clock, but cut to zero by a
    /// null move, since a position before a null move cannot truly repeat.
    rep_window: u32,
    fullmove: u32,
    /// `history[i]` is the key of the position after `i` moves of the game or search;
    /// the current position's key is not in it.
    history: Vec<u64>,
    undo: Vec<Undo>,
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

fn sq(file: usize, rank: usize) -> Square {
    Square::make_square(Rank::from_index(rank), File::from_index(file))
}

/// Every piece of either colour that attacks `sq` with `occupied` as the blockers. One
/// function for the FEN check test and for SEE, which passes a board with the
/// exchanged pieces lifted off (so that x-ray attackers show through).
#[inline]
fn attackers(board: &Board, sq: Square, occupied: BitBoard) -> BitBoard {
    let white = *board.color_combined(Color::White);
    let black = *board.color_combined(Color::Black);
    let pawns = *board.pieces(Piece::Pawn);
    let diag = *board.pieces(Piece::Bishop) | *board.pieces(Piece::Queen);
    let orth = *board.pieces(Piece::Rook) | *board.pieces(Piece::Queen);
    (chess::get_pawn_attacks(sq, Color::Black, pawns & white))
        | (chess::get_pawn_attacks(sq, Color::White, pawns & black))
        | (chess::get_knight_moves(sq) & *board.pieces(Piece::Knight))
        | (chess::get_king_moves(sq) & *board.pieces(Piece::King))
        | (chess::get_bishop_moves(sq, occupied) & diag)
        | (chess::get_rook_moves(sq, occupied) & orth)
}

/// The evaluation's material and square values ([`PIECE_SQUARE`]) summed over `b`.
fn square_sum_of(b: &Board) -> S {
    let mut sum = S::default();
    for c in [Color::White, Color::Black] {
        for (k, &piece) in ALL_PIECES.iter().enumerate() {
            for s in Squares::from(*b.pieces(piece) & *b.color_combined(c)) {
                sum += PIECE_SQUARE[c.to_index()][k][s.to_index()];
            }
        }
    }
    sum
}

/// [`square_sum_of`] `after`, one move (or pass) from `before`, whose sum `sum` is:
/// only the squares of a kind whose pieces changed are looked at (a move changes one
/// to three kinds), whatever the move (castling of either kind, en passant,
/// promotion).
#[inline]
fn squares_after(mut sum: S, before: &Board, after: &Board) -> S {
    let white = |b: &Board, piece| *b.pieces(piece) & *b.color_combined(Color::White);
    for (k, &piece) in ALL_PIECES.iter().enumerate() {
        // Both colours' pieces of the kind alike, and White's: Black's too (a pawn
        // taking a rook to become one leaves the kind's bitboard as it was).
        if before.pieces(piece) == after.pieces(piece)
            && white(before, piece) == white(after, piece)
        {
            continue;
        }
        for c in [Color::White, Color::Black] {
            let was = *before.pieces(piece) & *before.color_combined(c);
            let is = *after.pieces(piece) & *after.color_combined(c);
            let table = &PIECE_SQUARE[c.to_index()][k];
            for s in Squares::from(was & !is) {
                sum -= table[s.to_index()];
            }
            for s in Squares::from(is & !was) {
                sum += table[s.to_index()];
            }
        }
    }
    sum
}

impl Position {
    /// A position of a validated `board` and the Chess960 `castling` rights beside it,
    /// with no moves behind it: the keys and the square sum computed afresh.
    fn of_board(
        board: Board,
        castling: Castling,
        chess960: bool,
        halfmove: u32,
        fullmove: u32,
    ) -> Position {
        Position {
            key: zobrist_key(&board, &castling),
            keys: StructureKeys::of(&board),
            squares: square_sum_of(&board),
            board,
            castling,
            chess960,
            uci_chess960: chess960,
            halfmove,
            rep_window: halfmove,
            fullmove,
            history: Vec::new(),
            undo: Vec::new(),
        }
    }

    /// The square a pawn may capture onto en passant, if any. (The crate stores the
    /// square of the pawn that moved; FEN wants the square it passed over.)
    pub fn ep_square(&self) -> Option<Square> {
        self.board.en_passant().map(|pawn| {
            let rank = if self.board.side_to_move() == Color::White {
                5
            } else {
                2
            };
            sq(pawn.get_file().to_index(), rank)
        })
    }

    /// The pieces of kind `piece`, both colours.
    #[inline]
    pub fn pieces(&self, piece: Piece) -> BitBoard {
        *self.board.pieces(piece)
    }

    /// The pieces of `side`.
    #[inline]
    pub fn color_combined(&self, side: Color) -> BitBoard {
        *self.board.color_combined(side)
    }

    /// Every piece on the board.
    #[inline]
    pub fn combined(&self) -> BitBoard {
        *self.board.combined()
    }

    /// Where the king of `side` stands.
    #[inline]
    pub fn king_square(&self, side: Color) -> Square {
        self.board.king_square(side)
    }

    /// The colour of the piece on `s`, if any.
    #[inline]
    pub fn color_on(&self, s: Square) -> Option<Color> {
        self.board.color_on(s)
    }

    /// The castling rights `side` still has, by wing (in Chess960 mode, the wing of
    /// each castling rook as seen from its king).
    #[inline]
    pub fn castle_rights(&self, side: Color) -> CastleRights {
        if !self.chess960 {
            return self.board.castle_rights(side);
        }
        let king = self.castling.rook(side, KING_SIDE).is_some();
        let queen = self.castling.rook(side, QUEEN_SIDE).is_some();
        match (king, queen) {
            (true, true) => CastleRights::Both,
            (true, false) => CastleRights::KingSide,
            (false, true) => CastleRights::QueenSide,
            (false, false) => CastleRights::NoRights,
        }
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> BitBoard {
        *self.board.checkers()
    }

    /// The Zobrist key of the position, Chess960 castling rights included (their key
    /// is 0 in standard chess, where the board's own key holds the rights).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The side whose move it is.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }

    /// Plies since the last capture or pawn move (the fifty-move rule's counter, in
    /// plies: 100 ends the game).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The FEN's move number: starts at 1 and grows after each Black move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        *self.board.checkers() != EMPTY
    }

    /// Number of moves made since the position was set up (game moves and search moves).
    #[inline]
    pub fn ply_count(&self) -> usize {
        self.history.len()
    }

    /// Keys of every position of the game so far, the current one last (for telling
    /// whether one `position` command continues the game of another).
    pub fn game_keys(&self) -> Vec<u64> {
        let mut keys = self.history.clone();
        keys.push(self.key());
        keys
    }

    /// The board after the Chess960 castle of the king on `king` with the rook on
    /// `rook` (legal here). Built anew: the crate's make-move knows only standard
    /// castles, and castles are too rare in a search for the cost to show.
    fn castled_board(&self, king: Square, rook: Square) -> Board {
        let us = self.board.side_to_move();
        let wing = if rook.get_file() > king.get_file() {
            KING_SIDE
        } else {
            QUEEN_SIDE
        };
        let (king_to, rook_to) = castling::destinations(us, wing);
        let mut builder = BoardBuilder::from(&self.board);
        builder
            .clear_square(king)
            .clear_square(rook)
            .piece(king_to, Piece::King, us)
            .piece(rook_to, Piece::Rook, us)
            .side_to_move(!us)
            .en_passant(None);
        Board::try_from(&builder).expect("a legal castle leaves a legal board")
    }

    /// The board after `mv` (legal here), Chess960 castles included. (In Chess960 mode
    /// the rights, kept beside the board, are the caller's to update.)
    fn board_after(&self, mv: ChessMove) -> Board {
        if self.chess960 && self.is_castle(mv) {
            self.castled_board(mv.get_source(), mv.get_dest())
        } else {
            self.board.make_move_new(mv)
        }
    }

    /// The kind of piece on `s` (its colour: [`Position::color_on`]), or `None` if empty.
    #[inline]
    pub fn piece_on(&self, s: Square) -> Option<Piece> {
        self.board.piece_on(s)
    }

    /// Plays a move that is known to be legal (from [`Position::legal_moves`] or
    /// [`Position::parse_move`]). Records the key for repetition detection.
    pub fn make_move(&mut self, mv: ChessMove) {
        debug_assert!(self.is_legal(mv), "illegal move {mv} in {}", self.to_fen());
        let mover = self.board.piece_on(mv.get_source());
        let zeroing = mover == Some(Piece::Pawn) || self.is_capture(mv);
        self.save();
        if self.board.side_to_move() == Color::Black {
            self.fullmove += 1;
        }
        let after = if self.chess960 {
            self.move_960(mv)
        } else {
            self.board.make_move_new(mv)
        };
        self.keys = self.keys.after(&self.board, &after);
        self.squares = self.squares_after(mv, mover, &after);
        self.board = after;
        self.key = zobrist_key(&self.board, &self.castling);
        if zeroing {
            self.halfmove = 0;
            self.rep_window = 0;
        } else {
            self.halfmove += 1;
            self.rep_window += 1;
        }
    }

    /// The square sum after `mv` (legal here, made by a piece of kind `mover`), whose
    /// board is `after`: a plain move or capture changes two or three terms, read off
    /// the move; a king's move (castling among them), a promotion or an en-passant
    /// capture is left to [`squares_after`], which compares the boards.
    #[inline]
    fn squares_after(&self, mv: ChessMove, mover: Option<Piece>, after: &Board) -> S {
        let (from, to) = (mv.get_source(), mv.get_dest());
        let plain = match mover {
            Some(Piece::King) | None => false,
            Some(Piece::Pawn) => mv.get_promotion().is_none() && self.ep_square() != Some(to),
            Some(_) => true,
        };
        let Some(piece) = mover.filter(|_| plain) else {
            return squares_after(self.squares, &self.board, after);
        };
        let us = self.board.side_to_move().to_index();
        let ours = &PIECE_SQUARE[us][piece.to_index()];
        let mut sum = self.squares + ours[to.to_index()] - ours[from.to_index()];
        // Only a king's move (a Chess960 castle) lands on a piece of its own side.
        if let Some(victim) = self.board.piece_on(to) {
            sum -= PIECE_SQUARE[us ^ 1][victim.to_index()][to.to_index()];
        }
        sum
    }

    /// The board after `mv` (legal here) in Chess960, whose castling rights it sets: a
    /// king move ends its side's rights, a move from or onto a castling rook's square
    /// that rook's (and rights left that standard chess holds go to the board).
    fn move_960(&mut self, mv: ChessMove) -> Board {
        let (from, to) = (mv.get_source(), mv.get_dest());
        let us = self.board.side_to_move();
        let king_moved = self.board.piece_on(from) == Some(Piece::King);
        let board = self.board_after(mv);
        let before = self.castling;
        self.castling.after_move(us, from, to, king_moved);
        if self.castling == before {
            board
        } else {
            self.settle_rights(board)
        }
    }

    /// `after`, the board after a Chess960 move that ended a right, with the rights left
    /// handed to it when they are ones standard chess holds (or none): the position then
    /// has the form, key and moves it has when read from its FEN. Otherwise `after` as
    /// it is.
    fn settle_rights(&mut self, after: Board) -> Board {
        let kings = [Color::White, Color::Black].map(|c| after.king_square(c));
        let Ok(rights) = self.castling.standard(kings) else {
            return after;
        };
        let mut builder = BoardBuilder::from(&after);
        builder
            .castle_rights(Color::White, rights[0])
            .castle_rights(Color::Black, rights[1]);
        self.castling = Castling::default();
        self.chess960 = false;
        Board::try_from(&builder).expect("standard rights of a legal board are legal")
    }

    /// Passes the move (for null-move pruning). The side to move must not be in check:
    /// passing would leave its king to be taken, and the `chess` crate refuses it. The
    /// search tries a null move only out of check and always takes it back with
    /// [`Position::unmake_move`], so an undo entry is pushed whatever happens: were the
    /// precondition ever broken in a release build, the board would stay as it is
    /// rather than the unmake popping the entry of the move before.
    pub fn make_null_move(&mut self) {
        debug_assert!(!self.in_check(), "null move in check: {}", self.to_fen());
        self.save();
        if let Some(next) = self.board.null_move() {
            self.board = next;
            self.key = zobrist_key(&self.board, &self.castling);
        }
        self.halfmove += 1;
        self.rep_window = 0;
    }

    /// Records what [`Position::unmake_move`] restores, and the key for repetitions.
    fn save(&mut self) {
        self.undo.push(Undo {
            board: self.board,
            castling: self.castling,
            chess960: self.chess960,
            key: self.key,
            keys: self.keys,
            squares: self.squares,
            halfmove: self.halfmove,
            rep_window: self.rep_window,
            fullmove: self.fullmove,
        });
        self.history.push(self.key());
    }

    /// Takes back the last move or null move.
    pub fn unmake_move(&mut self) {
        let u = self.undo.pop().expect("unmake without make");
        self.history.pop();
        self.board = u.board;
        self.castling = u.castling;
        self.chess960 = u.chess960;
        self.key = u.key;
        self.keys = u.keys;
        self.squares = u.squares;
        self.halfmove = u.halfmove;
        self.rep_window = u.rep_window;
        self.fullmove = u.fullmove;
    }

    /// Forgets how to take back the moves played so far (they stay in the key history).
    /// Called once a `position` command is set up, so that the search starts with an
    /// empty undo stack.
    pub fn forget_undo(&mut self) {
        self.undo.clear();
    }

    /// Every piece of either colour that attacks `sq` when only `occupied` blocks:
    /// SEE lifts pieces off as they capture, so x-ray attackers behind them join in.
    #[inline]
    pub fn attackers(&self, sq: Square, occupied: BitBoard) -> BitBoard {
        attackers(&self.board, sq, occupied)
    }

    /// A key of the pawn structure alone (the crate's pawn hash is a stub that returns
    /// 0), for tables indexed by pawn structure such as correction history.
    #[inline]
    pub fn pawn_key(&self) -> u64 {
        self.keys.pawn
    }

    /// A key of where the pieces of `side` other than pawns stand (king included), for
    /// the correction history by piece placement: the evaluation's error follows the
    /// pieces as well as the pawns.
    #[inline]
    pub fn non_pawn_key(&self, side: Color) -> u64 {
        self.keys.non_pawn[side.to_index()]
    }

    /// The evaluation's material and square values summed over the board, White's
    /// point of view: kept as moves are made, each move changing a few of its terms.
    #[inline]
    pub fn square_sum(&self) -> S {
        self.squares
    }

    /// Whether the side to move has a piece other than pawns and king: without one,
    /// passing may be its best "move" (zugzwang), so null-move pruning is unsafe.
    #[inline]
    pub fn has_non_pawn_material(&self) -> bool {
        let b = &self.board;
        let kings_pawns = *b.pieces(Piece::King) | *b.pieces(Piece::Pawn);
        *b.color_combined(b.side_to_move()) & !kings_pawns != EMPTY
    }

    /// Whether neither side can ever mate: K v K, K+minor v K, and kings with bishops
    /// alone, all on squares of one colour (K+B v K+B, or two such bishops after an
    /// under-promotion: none can ever attack a square of the other colour).
    pub fn insufficient_material(&self) -> bool {
        let b = &self.board;
        let heavy = *b.pieces(Piece::Pawn) | *b.pieces(Piece::Rook) | *b.pieces(Piece::Queen);
        if heavy != EMPTY {
            return false;
        }
        let knights = b.pieces(Piece::Knight).popcnt();
        let bishops = *b.pieces(Piece::Bishop);
        let minors = knights + bishops.popcnt();
        if minors <= 1 {
            return true;
        }
        if knights == 0 {
            let dark = (bishops & BitBoard::new(DARK_SQUARES)).popcnt();
            return dark == 0 || dark == bishops.popcnt();
        }
        false
    }

    /// Whether the current position repeats. A single earlier occurrence at or after
    /// `root_ply` (inside the search) is enough; before it, the game rule applies and two
    /// earlier occurrences are needed (threefold).
    pub fn is_repetition(&self, root_ply: usize) -> bool {
        let n = self.history.len();
        let window = (self.rep_window as usize).min(n);
        if window < 4 {
            return false;
        }
        let key = self.key();
        let mut seen = 0;
        let mut back = 4;
        while back <= window {
            let idx = n - back;
            if self.history[idx] == key {
                if idx >= root_ply {
                    return true;
                }
                seen += 1;
                if seen >= 2 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    /// Whether the fifty-move rule ends the game here (unless the side to move is mated:
    /// a mate on the hundredth half-move still counts as a mate).
    pub fn fifty_move_draw(&self) -> bool {
        self.halfmove >= 100 && (!self.in_check() || self.has_legal_move())
    }

    /// Draw by repetition (see [`Position::is_repetition`]), fifty-move rule or
    /// insufficient material.
    pub fn is_draw(&self, root_ply: usize) -> bool {
        self.is_repetition(root_ply) || self.insufficient_material() || self.fifty_move_draw()
    }

    /// The same position with colours swapped and the board flipped top to bottom
    /// (evaluation symmetry tests use it).
    pub fn mirrored(&self) -> Position {
        let b = &self.board;
        let mut pieces = Vec::new();
        for s in ALL_SQUARES {
            if let (Some(p), Some(c)) = (b.piece_on(s), b.color_on(s)) {
                let flipped = sq(s.get_file().to_index(), 7 - s.get_rank().to_index());
                pieces.push((flipped, p, !c));
            }
        }
        let ep = b.en_passant().map(|s| s.get_file());
        let builder = BoardBuilder::setup(
            pieces.iter(),
            !b.side_to_move(),
            b.castle_rights(Color::Black),
            b.castle_rights(Color::White),
            ep,
        );
        let board: Board = builder.try_into().expect("a mirrored legal board is legal");
        let castling = self.castling.mirrored();
        let mut pos =
            Position::of_board(board, castling, self.chess960, self.halfmove, self.fullmove);
        pos.uci_chess960 = self.uci_chess960;
        pos.rep_window = 0;
        pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmake_restores_everything() {
        let mut p = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 3 7",
        )
        .unwrap();
        let before = p.to_fen();
        for m in p.legal_moves() {
            p.make_move(m);
            p.unmake_move();
            assert_eq!(p.to_fen(), before);
        }
    }

    /// The Zobrist key, the structure keys and the square sum kept through moves, passes
    /// and take-backs are what the board gives when computed afresh, in every line three
    /// plies deep from positions with captures, promotions (one taking a piece of the
    /// kind it becomes), en passant and castling (Chess960's too).
    #[test]
    fn kept_keys_and_square_sum_match_fresh_ones() {
        fn walk(p: &mut Position, depth: u32) {
            assert_eq!(p.key, zobrist_key(&p.board, &p.castling), "{}", p.to_fen());
            assert_eq!(p.keys, StructureKeys::of(&p.board), "{}", p.to_fen());
            assert_eq!(p.squares, square_sum_of(&p.board), "{}", p.to_fen());
            if depth == 0 {
                return;
            }
            if !p.in_check() {
                p.make_null_move();
                assert_eq!(p.keys, StructureKeys::of(&p.board), "{} (pass)", p.to_fen());
                assert_eq!(p.key, zobrist_key(&p.board, &p.castling), "(pass)");
                p.unmake_move();
            }
            for m in p.legal_moves() {
                let before = (p.key, p.keys);
                p.make_move(m);
                walk(p, depth - 1);
                p.unmake_move();
                assert_eq!((p.key, p.keys), before, "{m} taken back");
            }
        }
        let fens = [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                false,
            ),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                false,
            ),
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", false),
            (
                "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
                true,
            ),
        ];
        for (fen, chess960) in fens {
            let mut p = Position::from_fen_in(fen, chess960).unwrap();
            walk(&mut p, 3);
            assert_eq!(p.mirrored().keys, StructureKeys::of(&p.mirrored().board));
        }
    }
}
