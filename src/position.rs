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
//! In Chess960 mode the crate's board holds no castling right (it can hold none but
//! the standard ones); the rights live in a [`Castling`] beside it, and this module
//! generates, tests and plays castles itself, written as the king taking its own rook
//! (see [`crate::castling`]). Standard chess keeps the crate's own castling.

#![allow(clippy::disallowed_types, clippy::disallowed_methods)]

use std::fmt;

use chess::{
    BitBoard, Board, BoardBuilder, CastleRights, ChessMove, Color, File, MoveGen, Piece, Rank,
    Square, ALL_PIECES, ALL_SQUARES, EMPTY,
};

use crate::castling::{self, Castling, KING_SIDE, QUEEN_SIDE};
use crate::types::{Squares, DARK_SQUARES};
use crate::{psqt::PIECE_SQUARE, score::S};

mod keys;
mod moves;

pub use keys::KeyDeltas;

/// See [`Position::check_info`].
pub type CheckInfo = [BitBoard; 7];

/// The standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was refused. Each variant names one rule, so tests can assert the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 whitespace-separated fields (the number found).
    FieldCount(usize),
    /// The placement field has not 8 ranks (the number found).
    RankCount(usize),
    /// A character in the placement field that is no piece letter, or the digit 0 or 9.
    BadPiece(char),
    /// A rank that does not cover exactly 8 squares.
    RankWidth {
        /// The rank, 1 to 8.
        rank: usize,
        /// Squares it covers (counting stops just past 8).
        width: usize,
    },
    /// A side without exactly one king.
    KingCount {
        /// `"white"` or `"black"`.
        side: &'static str,
        /// Kings found.
        count: u32,
    },
    /// A pawn on the first or eighth rank.
    PawnOnBackRank,
    /// A side (`"white"` or `"black"`) with more than 16 pieces.
    TooManyPieces(&'static str),
    /// A side (`"white"` or `"black"`) with more than 8 pawns.
    TooManyPawns(&'static str),
    /// A side-to-move field other than `w` or `b` (the field).
    SideToMove(String),
    /// The side that just moved is in check.
    OpponentInCheck,
    /// The side to move is in check from more than two pieces.
    TooManyCheckers,
    /// A castling field other than `-` or distinct letters of `KQkq` (the field).
    Castling(String),
    /// A castling right whose king or rook is not on its home square (the letter).
    CastlingWithoutPieces(char),
    /// An en-passant field that is no square, or no square a pawn just crossed with a
    /// double step (the field).
    EnPassant(String),
    /// A halfmove clock that is not a non-negative integer (the field).
    Halfmove(String),
    /// A fullmove number that is not a non-negative integer (the field; 0 is read as 1).
    Fullmove(String),
    /// The two kings stand on neighbouring squares.
    KingsAdjacent,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(f, "expected 4 to 6 fields, found {n}"),
            FenError::RankCount(n) => write!(f, "expected 8 ranks, found {n}"),
            FenError::BadPiece(c) => write!(f, "bad piece letter '{c}'"),
            FenError::RankWidth { rank, width } => {
                write!(f, "rank {rank} covers {width} squares, not 8")
            }
            FenError::KingCount { side, count } => {
                write!(f, "{side} has {count} kings, needs exactly one")
            }
            FenError::PawnOnBackRank => write!(f, "pawn on rank 1 or 8"),
            FenError::TooManyPieces(s) => write!(f, "{s} has more than 16 pieces"),
            FenError::TooManyPawns(s) => write!(f, "{s} has more than 8 pawns"),
            FenError::SideToMove(s) => write!(f, "side to move must be 'w' or 'b', not '{s}'"),
            FenError::OpponentInCheck => write!(f, "the side not to move is in check"),
            FenError::TooManyCheckers => {
                write!(f, "the side to move is checked by more than two pieces")
            }
            FenError::Castling(s) => write!(f, "bad castling field '{s}'"),
            FenError::CastlingWithoutPieces(c) => {
                write!(f, "castling right '{c}' without king and rook in place")
            }
            FenError::EnPassant(s) => write!(f, "bad en-passant square '{s}'"),
            FenError::Halfmove(s) => write!(f, "bad halfmove clock '{s}'"),
            FenError::Fullmove(s) => write!(f, "bad fullmove number '{s}'"),
            FenError::KingsAdjacent => write!(f, "the kings stand next to each other"),
        }
    }
}

impl std::error::Error for FenError {}

/// Why a UCI move string was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// Not of the form `e2e4` / `e7e8q`.
    Syntax(String),
    /// Well formed, but not a legal move here.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            MoveError::Syntax(s) => write!(f, "unparsable move '{s}'"),
            MoveError::Illegal(s) => write!(f, "illegal move '{s}'"),
        }
    }
}

impl std::error::Error for MoveError {}

/// What is needed to take a move back (copy-make keeps this cheap and simple).
#[derive(Clone, Copy)]
struct Undo {
    board: Board,
    castling: Castling,
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
    /// The castling rights in Chess960 mode (empty, with key 0, in standard mode, where
    /// the board holds them).
    castling: Castling,
    /// Whether castles are Chess960 castles (king takes own rook), generated here.
    chess960: bool,
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

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

fn piece_from_char(c: char) -> Option<(Piece, Color)> {
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let piece = match c.to_ascii_lowercase() {
        'p' => Piece::Pawn,
        'n' => Piece::Knight,
        'b' => Piece::Bishop,
        'r' => Piece::Rook,
        'q' => Piece::Queen,
        'k' => Piece::King,
        _ => return None,
    };
    Some((piece, color))
}

/// The FEN letter of a piece (upper case for White).
pub fn piece_char(piece: Piece, color: Color) -> char {
    let c = match piece {
        Piece::Pawn => 'p',
        Piece::Knight => 'n',
        Piece::Bishop => 'b',
        Piece::Rook => 'r',
        Piece::Queen => 'q',
        Piece::King => 'k',
    };
    if color == Color::White {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

fn parse_square(s: &str) -> Option<Square> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(Square::make_square(
        Rank::from_index((b[1] - b'1') as usize),
        File::from_index((b[0] - b'a') as usize),
    ))
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

/// The keys of where the pawns stand and of where each side's other pieces stand, for
/// the tables indexed by them (the pawn cache, the correction histories). Computed
/// from the bitboards, not updated by Zobrist steps, so that a key is the same however
/// the position was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct StructureKeys {
    pawn: u64,
    non_pawn: [u64; 2],
}

impl StructureKeys {
    fn of(b: &Board) -> StructureKeys {
        StructureKeys {
            pawn: pawn_key(b),
            non_pawn: [non_pawn_key(b, Color::White), non_pawn_key(b, Color::Black)],
        }
    }

    /// The keys of `after`, one move (or pass) from `before`, whose keys these are:
    /// only a key whose pieces moved is computed again (a move changes one or two).
    #[inline]
    fn after(self, before: &Board, after: &Board) -> StructureKeys {
        let pawns = |b: &Board| *b.pieces(Piece::Pawn);
        let others = |b: &Board, c: Color| *b.color_combined(c) & !pawns(b);
        let mut keys = self;
        if pawns(before) != pawns(after) {
            keys.pawn = pawn_key(after);
        }
        for c in [Color::White, Color::Black] {
            if others(before, c) != others(after, c) {
                keys.non_pawn[c.to_index()] = non_pawn_key(after, c);
            }
        }
        keys
    }
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

/// The Zobrist key of `board` with Chess960 `castling` rights (whose key is 0 in
/// standard chess, where the board's own key holds the rights).
#[inline]
fn zobrist_key(board: &Board, castling: &Castling) -> u64 {
    board.get_hash() ^ castling.key()
}

/// A key of the pawn structure alone (the crate's pawn hash is a stub that returns 0).
#[inline]
fn pawn_key(b: &Board) -> u64 {
    let pawns = *b.pieces(Piece::Pawn);
    let white = (pawns & *b.color_combined(Color::White)).0;
    let black = (pawns & *b.color_combined(Color::Black)).0;
    mix(white) ^ mix(black.rotate_left(17) ^ 0x94D0_49BB_1331_11EB)
}

/// A key of where the pieces of `side` other than pawns stand (king included).
#[inline]
fn non_pawn_key(b: &Board, side: Color) -> u64 {
    let ours = *b.color_combined(side);
    let of = |p: Piece| (*b.pieces(p) & ours).0;
    mix(of(Piece::Knight) ^ of(Piece::Bishop).rotate_left(23))
        ^ mix(of(Piece::Rook) ^ of(Piece::Queen).rotate_left(29) ^ 0x2545_F491_4F6C_DD1D)
        ^ mix(of(Piece::King) ^ 0x94D0_49BB_1331_11EB)
}

/// Spreads the bits of `x` over the whole word (a SplitMix64 finaliser), for keys made
/// from bitboards.
#[inline]
fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (x ^ (x >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// The castling field of a FEN read against the pieces (whose king count is checked).
fn read_castling(field: &str, pieces: &[(Square, Piece, Color)]) -> Result<Castling, FenError> {
    let mut kings = [Square::A1; 2];
    let mut rooks = [EMPTY; 2];
    for &(s, p, c) in pieces {
        match p {
            Piece::King => kings[c.to_index()] = s,
            Piece::Rook => rooks[c.to_index()] |= BitBoard::from_square(s),
            _ => {}
        }
    }
    Castling::parse(field, kings, rooks)
}

/// The crate's castling rights for rights read from a FEN in standard chess, where the
/// king must stand on the e-file and each rook in its corner (the X-FEN letter of a
/// right that does not is reported).
fn standard_rights(
    castling: &Castling,
    pieces: &[(Square, Piece, Color)],
) -> Result<[CastleRights; 2], FenError> {
    let mut rights = [CastleRights::NoRights; 2];
    for color in [Color::White, Color::Black] {
        let king = pieces
            .iter()
            .find(|x| x.1 == Piece::King && x.2 == color)
            .map(|x| x.0);
        for (wing, corner, add, letter) in [
            (KING_SIDE, File::H, CastleRights::KingSide, 'K'),
            (QUEEN_SIDE, File::A, CastleRights::QueenSide, 'Q'),
        ] {
            let Some(rook) = castling.rook(color, wing) else {
                continue;
            };
            if king.map(|k| k.get_file()) != Some(File::E) || rook.get_file() != corner {
                let letter = match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                };
                return Err(FenError::CastlingWithoutPieces(letter));
            }
            rights[color.to_index()] = rights[color.to_index()].add(add);
        }
    }
    Ok(rights)
}

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start position is valid")
    }

    /// Parses and validates a standard chess FEN (or the first four fields of an EPD
    /// line, with the clocks defaulting to `0 1`). Every rule is checked here, before
    /// the `chess` crate sees anything, so that no illegal position can reach its move
    /// generator.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_in(fen, false)
    }

    /// [`Position::from_fen`] for standard chess or, with `chess960`, for Chess960 (and
    /// double Fischer Random): the castling field may then name any rook, as
    /// Shredder-FEN (`HAha`, the rooks' files) or X-FEN (`KQkq`: the outermost rook on
    /// that side; a file letter for an inner one), and castles are the king taking its
    /// own rook. A standard position read this way plays the same chess.
    pub fn from_fen_in(fen: &str, chess960: bool) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 || fields.len() > 6 {
            return Err(FenError::FieldCount(fields.len()));
        }

        // Piece placement, rank 8 first.
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut pieces: Vec<(Square, Piece, Color)> = Vec::with_capacity(32);
        for (i, row) in ranks.iter().enumerate() {
            let rank = 7 - i;
            let mut file = 0usize;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 || d > 8 {
                        return Err(FenError::BadPiece(c));
                    }
                    file += d as usize;
                } else {
                    let (piece, color) = piece_from_char(c).ok_or(FenError::BadPiece(c))?;
                    if file < 8 {
                        pieces.push((sq(file, rank), piece, color));
                    }
                    file += 1;
                }
                if file > 8 {
                    break;
                }
            }
            if file != 8 {
                return Err(FenError::RankWidth {
                    rank: rank + 1,
                    width: file,
                });
            }
        }
        let count = |p: Piece, c: Color| pieces.iter().filter(|x| x.1 == p && x.2 == c).count();
        for (color, name) in [(Color::White, "white"), (Color::Black, "black")] {
            let kings = count(Piece::King, color) as u32;
            if kings != 1 {
                return Err(FenError::KingCount {
                    side: name,
                    count: kings,
                });
            }
            if pieces.iter().filter(|x| x.2 == color).count() > 16 {
                return Err(FenError::TooManyPieces(name));
            }
            if count(Piece::Pawn, color) > 8 {
                return Err(FenError::TooManyPawns(name));
            }
        }
        if pieces.iter().any(|&(s, p, _)| {
            p == Piece::Pawn && (s.get_rank() == Rank::First || s.get_rank() == Rank::Eighth)
        }) {
            return Err(FenError::PawnOnBackRank);
        }

        let stm = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        };

        let piece_at = |s: Square| pieces.iter().find(|x| x.0 == s).map(|x| (x.1, x.2));
        // Castling rights: X-FEN or Shredder-FEN; each needs its king and rook in place.
        let castling = read_castling(fields[2], &pieces)?;
        let (rights, castling) = if chess960 {
            ([CastleRights::NoRights; 2], castling)
        } else {
            (standard_rights(&castling, &pieces)?, Castling::default())
        };

        // En passant: on rank 6 (White to move) or 3, behind a pawn that just moved two
        // squares, with the two squares it crossed empty.
        let mut ep_file = None;
        if fields[3] != "-" {
            let bad = || FenError::EnPassant(fields[3].to_string());
            let ep = parse_square(fields[3]).ok_or_else(bad)?;
            let (ep_rank, pawn_rank, from_rank) = if stm == Color::White {
                (5, 4, 6)
            } else {
                (2, 3, 1)
            };
            let file = ep.get_file().to_index();
            if ep.get_rank().to_index() != ep_rank
                || piece_at(sq(file, pawn_rank)) != Some((Piece::Pawn, !stm))
                || piece_at(ep).is_some()
                || piece_at(sq(file, from_rank)).is_some()
            {
                return Err(bad());
            }
            ep_file = Some(ep.get_file());
        }

        let halfmove = match fields.get(4) {
            None => 0,
            Some(s) => s
                .parse::<u32>()
                .map_err(|_| FenError::Halfmove(s.to_string()))?,
        };
        let fullmove = match fields.get(5) {
            None => 1,
            // Some writers put 0 here; read it as 1 rather than refuse the position.
            Some(s) => s
                .parse::<u32>()
                .map_err(|_| FenError::Fullmove(s.to_string()))?
                .max(1),
        };

        let builder = BoardBuilder::setup(pieces.iter(), stm, rights[0], rights[1], ep_file);
        // Build without the en-passant square first, to inspect checks on a sound board.
        let plain: Board = BoardBuilder::setup(pieces.iter(), stm, rights[0], rights[1], None)
            .try_into()
            .map_err(|_| Self::diagnose(&pieces))?;
        let checkers = attackers(&plain, plain.king_square(stm), *plain.combined())
            & *plain.color_combined(!stm);
        if checkers.popcnt() > 2 {
            return Err(FenError::TooManyCheckers);
        }
        let board: Board = builder
            .try_into()
            .map_err(|_| FenError::EnPassant(fields[3].to_string()))?;

        Ok(Position {
            key: zobrist_key(&board, &castling),
            keys: StructureKeys::of(&board),
            squares: square_sum_of(&board),
            board,
            castling,
            chess960,
            halfmove,
            rep_window: halfmove,
            fullmove,
            history: Vec::new(),
            undo: Vec::new(),
        })
    }

    /// Names the rule a board broke when the crate's own sanity check refuses it.
    fn diagnose(pieces: &[(Square, Piece, Color)]) -> FenError {
        let king = |c: Color| {
            pieces
                .iter()
                .find(|x| x.1 == Piece::King && x.2 == c)
                .map(|x| x.0)
                .expect("king count already checked")
        };
        let (wk, bk) = (king(Color::White), king(Color::Black));
        if chess::get_king_moves(wk) & BitBoard::from_square(bk) != EMPTY {
            return FenError::KingsAdjacent;
        }
        FenError::OpponentInCheck
    }

    /// Writes the position as FEN with the real clocks. The en-passant square is written
    /// only when a pawn stands ready to take (as Stockfish does), so that positions equal
    /// for play also read equal as text.
    pub fn to_fen(&self) -> String {
        let b = &self.board;
        let mut s = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let square = sq(file, rank);
                match (b.piece_on(square), b.color_on(square)) {
                    (Some(p), Some(c)) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(piece_char(p, c));
                    }
                    _ => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if b.side_to_move() == Color::White {
            " w "
        } else {
            " b "
        });
        s.push_str(&self.castling_field());
        s.push(' ');
        match self.ep_square() {
            Some(e) => s.push_str(&e.to_string()),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }

    /// The FEN castling field: Shredder-FEN in Chess960 mode (the rooks' files, which
    /// every Chess960 reader takes), `KQkq` in standard chess.
    fn castling_field(&self) -> String {
        if self.chess960 {
            return self.castling.shredder_field();
        }
        let b = &self.board;
        let mut castle = String::new();
        let (w, bl) = (b.castle_rights(Color::White), b.castle_rights(Color::Black));
        if w.has_kingside() {
            castle.push('K');
        }
        if w.has_queenside() {
            castle.push('Q');
        }
        if bl.has_kingside() {
            castle.push('k');
        }
        if bl.has_queenside() {
            castle.push('q');
        }
        if castle.is_empty() {
            castle.push('-');
        }
        castle
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

    /// Whether castles are Chess960 castles here (`UCI_Chess960`): written as the king
    /// taking its own rook, with the rights kept beside the crate's board.
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
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

    /// All legal moves.
    pub fn legal_moves(&self) -> Vec<ChessMove> {
        let mut moves: Vec<ChessMove> = MoveGen::new_legal(&self.board).collect();
        if self.chess960 {
            moves.extend(self.castles_960().into_iter().flatten());
        }
        moves
    }

    /// How many legal moves the side to move has.
    pub fn legal_move_count(&self) -> usize {
        let castles = self.castles_960().into_iter().flatten().count();
        MoveGen::new_legal(&self.board).len() + castles
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
        moves::for_each_noisy(&self.board, f);
    }

    /// Hands each quiet move to `f`, in the order of [`Position::generate_moves`]
    /// (Chess960 castles last). Not in check: evasions come from that.
    #[inline]
    pub fn quiet_moves(&self, mut f: impl FnMut(ChessMove)) {
        moves::for_each_quiet(&self.board, &mut f);
        if self.chess960 {
            for m in self.castles_960().into_iter().flatten() {
                f(m);
            }
        }
    }

    /// Whether the side to move has any legal move (a Chess960 castle may be the only
    /// one).
    pub fn has_legal_move(&self) -> bool {
        MoveGen::new_legal(&self.board).len() > 0 || self.castles_960() != [None, None]
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
    /// that rook's.
    fn move_960(&mut self, mv: ChessMove) -> Board {
        let (from, to) = (mv.get_source(), mv.get_dest());
        let us = self.board.side_to_move();
        let king_moved = self.board.piece_on(from) == Some(Piece::King);
        let board = self.board_after(mv);
        self.castling.after_move(us, from, to, king_moved);
        board
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

    /// Every piece of either colour that attacks `sq` when only `occupied` blocks:
    /// SEE lifts pieces off as they capture, so x-ray attackers behind them join in.
    #[inline]
    pub fn attackers(&self, sq: Square, occupied: BitBoard) -> BitBoard {
        attackers(&self.board, sq, occupied)
    }

    /// What [`Position::gives_check`] needs, computed once per node: for each piece
    /// kind of the side to move, the squares from which it would check the enemy king
    /// directly (index 0..6, the king's empty), and at index 6 our pieces whose moving
    /// away may uncover a check by a slider behind them.
    pub fn check_info(&self) -> CheckInfo {
        check_info(&self.board)
    }

    /// Whether `mv` (legal here) may give check, given [`Position::check_info`]: direct
    /// checks, pieces that uncover a slider's check (even when they move along its
    /// line), and castling (the rook may check; it is rare enough to count always).
    #[inline]
    pub fn gives_check(&self, mv: ChessMove, info: &CheckInfo) -> bool {
        let (from, to) = (mv.get_source(), mv.get_dest());
        if info[6] & BitBoard::from_square(from) != EMPTY {
            return true;
        }
        if from == self.board.king_square(self.board.side_to_move()) {
            return self.is_castle(mv);
        }
        // Most moves land where no piece checks from: settled before the board is
        // asked which piece moves.
        if checking_squares(info) & BitBoard::from_square(to) == EMPTY {
            return false;
        }
        let Some(mover) = self.board.piece_on(from) else {
            return false;
        };
        let piece = mv.get_promotion().unwrap_or(mover);
        info[piece.to_index()] & BitBoard::from_square(to) != EMPTY
    }

    /// Whether `mv` (legal here) checkmates at once. Cheap when it does not check
    /// (`info` from [`Position::check_info`] answers that); otherwise the move is made
    /// on a copy of the board.
    pub fn mates_with(&self, mv: ChessMove, info: &CheckInfo) -> bool {
        if !self.gives_check(mv, info) {
            return false;
        }
        // No castle answers a check, so the crate's generator alone decides mate.
        let after = self.board_after(mv);
        *after.checkers() != EMPTY && MoveGen::new_legal(&after).len() == 0
    }

    /// Whether the opponent mates in one however the side to move plays, as far as a
    /// static evaluation is concerned: a threat (a mate in one if we passed), or a
    /// zugzwang (no mate if we passed, but one after every legal move we have). The
    /// evaluation is blind to both, and a null move (a pass) to the zugzwang, so the
    /// search does not prune on them (reverse futility, null move) when this holds.
    /// Direct checks only. The zugzwang is looked for only when, after the pass, the
    /// opponent has a check with a single answer (in the mating nets this is for, the
    /// answer of the piece that must not move: after 1. Ra6 in kbK5/pp6/1P6/8/8/8/8/R7,
    /// Rxa7+ meets only Bxa7, while ...bxa6 allows b7# and a bishop move Rxa7#), which
    /// keeps its cost near nothing; and then it stops at the first move that leaves no
    /// mate.
    pub fn mate_threat_or_zugzwang(&self) -> bool {
        let Some(passed) = self.board.null_move() else {
            return false;
        };
        match direct_checks(&passed) {
            Checks::Mate => true,
            Checks::Check { replies: 1 } => {
                let mut after = self.board;
                let mut moves = MoveGen::new_legal(&self.board);
                let mut any = false;
                moves.all(|m| {
                    any = true;
                    self.board.make_move(m, &mut after);
                    direct_checks(&after) == Checks::Mate
                }) && any
            }
            _ => false,
        }
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

    /// Matches a UCI move string (`e2e4`, `e1g1`, `e7e8q`) against the legal moves.
    /// Castling is read in both spellings GUIs use. In standard chess it is the king's
    /// two-file step (`e1g1`), and `e1h1` (king takes own rook) means the same. In
    /// Chess960 mode it is the king taking its own rook (`e1h1`, `b1a1`), as
    /// `UCI_Chess960` asks; the king's step onto its castling square (`e1g1`) is read
    /// as the castle too when it is no ordinary king move (two files or more), so that
    /// it cannot mean anything else.
    pub fn parse_move(&self, text: &str) -> Result<ChessMove, MoveError> {
        let t = text.trim();
        let b = t.as_bytes();
        if !(4..=5).contains(&b.len()) {
            return Err(MoveError::Syntax(t.to_string()));
        }
        let (Some(from), Some(to)) = (parse_square(&t[0..2]), parse_square(&t[2..4])) else {
            return Err(MoveError::Syntax(t.to_string()));
        };
        let promo = match b.get(4).map(|c| c.to_ascii_lowercase()) {
            None => None,
            Some(b'q') => Some(Piece::Queen),
            Some(b'r') => Some(Piece::Rook),
            Some(b'b') => Some(Piece::Bishop),
            Some(b'n') => Some(Piece::Knight),
            Some(_) => return Err(MoveError::Syntax(t.to_string())),
        };
        let wanted = if self.chess960 {
            self.castle_960_spelling(from, to, promo)
        } else {
            self.castle_standard_spelling(from, to, promo)
        };
        self.legal_moves()
            .into_iter()
            .find(|m| *m == wanted)
            .ok_or_else(|| MoveError::Illegal(t.to_string()))
    }

    /// The move meant by `from`-`to` in standard chess: the king onto its own rook on
    /// the back rank is castling written the Chess960 way.
    fn castle_standard_spelling(
        &self,
        from: Square,
        to: Square,
        promo: Option<Piece>,
    ) -> ChessMove {
        let us = self.board.side_to_move();
        if self.board.piece_on(from) == Some(Piece::King)
            && self.board.piece_on(to) == Some(Piece::Rook)
            && self.board.color_on(to) == Some(us)
            && from.get_rank() == to.get_rank()
        {
            let file = if to.get_file() > from.get_file() {
                6
            } else {
                2
            };
            return ChessMove::new(from, sq(file, from.get_rank().to_index()), None);
        }
        ChessMove::new(from, to, promo)
    }

    /// The move meant by `from`-`to` in Chess960 mode: a king move of two files or
    /// more onto the c- or g-file is the castle whose king lands there (no ordinary
    /// king move goes so far); anything else is as written.
    fn castle_960_spelling(&self, from: Square, to: Square, promo: Option<Piece>) -> ChessMove {
        let written = ChessMove::new(from, to, promo);
        let us = self.board.side_to_move();
        let far = from
            .get_file()
            .to_index()
            .abs_diff(to.get_file().to_index())
            >= 2;
        if promo.is_some() || !far || self.board.piece_on(from) != Some(Piece::King) {
            return written;
        }
        [KING_SIDE, QUEEN_SIDE]
            .into_iter()
            .filter(|&wing| castling::destinations(us, wing).0 == to)
            .find_map(|wing| self.castling.rook(us, wing))
            .filter(|_| from == self.board.king_square(us))
            .map_or(written, |rook| ChessMove::new(from, rook, None))
    }

    /// Applies a UCI move string if it is legal; on error the position is unchanged.
    pub fn play_uci(&mut self, text: &str) -> Result<ChessMove, MoveError> {
        let mv = self.parse_move(text)?;
        self.make_move(mv);
        Ok(mv)
    }

    /// Whether neither side can ever mate: K v K, K+minor v K, and K+B v K+B with both
    /// bishops on squares of one colour.
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
        if knights == 0 && bishops.popcnt() == 2 {
            let white = *b.color_combined(Color::White) & bishops;
            if white.popcnt() == 1 {
                let dark = (bishops & BitBoard::new(DARK_SQUARES)).popcnt();
                return dark != 1;
            }
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

    /// Counts leaf nodes of the legal move tree to `depth`. Standard chess walks the
    /// crate's boards; Chess960 mode walks this position's own make and unmake, which
    /// play its castles.
    pub fn perft(&self, depth: u32) -> u64 {
        if self.chess960 {
            return self.clone().perft_made(depth, &|| false).unwrap_or(0);
        }
        perft_board(&self.board, depth)
    }

    /// Perft split by root move, in the order of the legal move list.
    pub fn perft_divide(&self, depth: u32) -> Vec<(ChessMove, u64)> {
        if self.chess960 {
            return self
                .perft_divide_until(depth, &|| false)
                .unwrap_or_default();
        }
        let mut next = self.board;
        MoveGen::new_legal(&self.board)
            .map(|m| {
                self.board.make_move(m, &mut next);
                (m, perft_board(&next, depth.saturating_sub(1)))
            })
            .collect()
    }

    /// [`Position::perft_divide`] that gives up (returns `None`) once `stop` says so;
    /// `stop` is asked at every node three or more plies from the leaves, often enough
    /// to answer `stop` or `quit` at once and too seldom to cost time.
    pub fn perft_divide_until(
        &self,
        depth: u32,
        stop: &dyn Fn() -> bool,
    ) -> Option<Vec<(ChessMove, u64)>> {
        if self.chess960 {
            let mut pos = self.clone();
            return self
                .legal_moves()
                .into_iter()
                .map(|m| {
                    pos.make_move(m);
                    let n = pos.perft_made(depth.saturating_sub(1), stop);
                    pos.unmake_move();
                    n.map(|n| (m, n))
                })
                .collect();
        }
        let mut next = self.board;
        MoveGen::new_legal(&self.board)
            .map(|m| {
                self.board.make_move(m, &mut next);
                perft_until(&next, depth.saturating_sub(1), stop).map(|n| (m, n))
            })
            .collect()
    }

    /// Perft through [`Position::make_move`] and [`Position::unmake_move`] (bulk-counted
    /// at the last ply), or `None` once `stop` says so (asked away from the leaves).
    fn perft_made(&mut self, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
        match depth {
            0 => return Some(1),
            1 => return Some(self.legal_move_count() as u64),
            _ if depth >= 3 && stop() => return None,
            _ => {}
        }
        let mut total = 0;
        for m in self.legal_moves() {
            self.make_move(m);
            let n = self.perft_made(depth - 1, stop);
            self.unmake_move();
            total += n?;
        }
        Some(total)
    }

    /// The `perft` report: one `move: count` line per root move, a blank line, then
    /// `Nodes searched: <total>`.
    pub fn perft_report(&self, depth: u32) -> Vec<String> {
        self.perft_report_until(depth, &|| false)
            .expect("a perft that is never stopped finishes")
    }

    /// [`Position::perft_report`], or `None` if `stop` said so first.
    pub fn perft_report_until(&self, depth: u32, stop: &dyn Fn() -> bool) -> Option<Vec<String>> {
        let divide = self.perft_divide_until(depth, stop)?;
        let total: u64 = divide.iter().map(|d| d.1).sum();
        let mut lines: Vec<String> = divide.iter().map(|(m, n)| format!("{m}: {n}")).collect();
        lines.push(String::new());
        lines.push(format!("Nodes searched: {total}"));
        Some(lines)
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
        Position {
            key: zobrist_key(&board, &castling),
            keys: StructureKeys::of(&board),
            squares: square_sum_of(&board),
            board,
            castling,
            chess960: self.chess960,
            halfmove: self.halfmove,
            rep_window: 0,
            fullmove: self.fullmove,
            history: Vec::new(),
            undo: Vec::new(),
        }
    }

    /// A text diagram of the board, White at the bottom.
    pub fn diagram(&self) -> String {
        let mut s = String::from(" +---+---+---+---+---+---+---+---+\n");
        for rank in (0..8).rev() {
            for file in 0..8 {
                let square = sq(file, rank);
                let c = match (self.board.piece_on(square), self.board.color_on(square)) {
                    (Some(p), Some(col)) => piece_char(p, col),
                    _ => ' ',
                };
                s.push_str(&format!(" | {c}"));
            }
            s.push_str(&format!(
                " | {}\n +---+---+---+---+---+---+---+---+\n",
                rank + 1
            ));
        }
        s.push_str("   a   b   c   d   e   f   g   h\n");
        s
    }
}

/// What the side to move's direct checks (moves to a square from which the piece
/// attacks the enemy king; discovered checks are not tried) can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Checks {
    None,
    /// At least one, none of them mate; the fewest replies one leaves, counted up to
    /// two (two stands for two or more: only a single reply matters to the guard).
    Check {
        replies: usize,
    },
    Mate,
}

/// The direct checks of the side to move in `b`, looked for until one mates: the legal
/// moves onto a square from which some kind of piece attacks the enemy king that leave
/// it in check (by the piece moved, or uncovered behind it).
fn direct_checks(b: &Board) -> Checks {
    let info = check_info(b);
    let checking = checking_squares(&info);
    let mut found = Checks::None;
    let mut after = *b;
    // Tries `m`; `true` once a mate is found (no need to look further).
    let mut try_move = |m: ChessMove| {
        b.make_move(m, &mut after);
        if *after.checkers() == EMPTY {
            return false;
        }
        let replies = if two_king_moves(&after) {
            2
        } else {
            MoveGen::new_legal(&after).len().min(2)
        };
        found = match found {
            _ if replies == 0 => Checks::Mate,
            Checks::Check { replies: r } if r <= replies => found,
            _ => Checks::Check { replies },
        };
        replies == 0
    };
    if !each_plain_check(b, &info, checking, &mut try_move) {
        let mut moves = MoveGen::new_legal(b);
        moves.set_iterator_mask(checking);
        for m in moves {
            if try_move(m) {
                break;
            }
        }
    }
    found
}

/// Every square from which some kind of piece attacks the enemy king, given its
/// [`check_info`].
fn checking_squares(info: &CheckInfo) -> BitBoard {
    info[Piece::Pawn.to_index()] | info[Piece::Knight.to_index()] | info[Piece::Queen.to_index()]
}

/// Whether the king of the side to move in `b` has two legal moves or more: then the
/// side has two replies at least, known without a legal generation. (The king's own
/// square is taken off the board, so that a slider's line through it counts.)
fn two_king_moves(b: &Board) -> bool {
    let us = b.side_to_move();
    let king = b.king_square(us);
    let theirs = *b.color_combined(!us);
    let occupied = *b.combined() ^ BitBoard::from_square(king);
    let safe = |s: Square| attackers(b, s, occupied) & theirs == EMPTY;
    let squares = chess::get_king_moves(king) & !*b.color_combined(us);
    squares.into_iter().filter(|&s| safe(s)).nth(1).is_some()
}

/// [`Position::check_info`] of a bare board: the mate guard asks it of boards the
/// search never makes (after a pass, and after each of our moves).
fn check_info(b: &Board) -> CheckInfo {
    let us = b.side_to_move();
    let king = b.king_square(!us);
    let occupied = *b.combined();
    let ours = *b.color_combined(us);
    let diag = chess::get_bishop_moves(king, occupied);
    let orth = chess::get_rook_moves(king, occupied);
    let queens = *b.pieces(Piece::Queen);
    let snipers = (chess::get_bishop_moves(king, EMPTY) & (*b.pieces(Piece::Bishop) | queens)
        | chess::get_rook_moves(king, EMPTY) & (*b.pieces(Piece::Rook) | queens))
        & ours;
    let mut discoverers = EMPTY;
    for s in Squares::from(snipers) {
        let between = chess::between(s, king) & occupied;
        if between.popcnt() == 1 && between & ours != EMPTY {
            discoverers |= between;
        }
    }
    [
        chess::get_pawn_attacks(king, !us, !EMPTY),
        chess::get_knight_moves(king),
        diag,
        orth,
        diag | orth,
        EMPTY,
        discoverers,
    ]
}

/// Where a piece on a square moves (pseudo-legally), for [`each_plain_check`].
type Targets<'a> = &'a dyn Fn(Square) -> BitBoard;

/// Hands `f` every legal move of the side to move in `b` that checks the enemy king
/// from the square it lands on (`info` is [`check_info`] of `b`), without a legal
/// generation, until `f` says stop; `true` if done so. Only where those are all the
/// moves onto `checking` that can check: `false` (and no call) when the side to move is
/// in check, a piece of its stands alone between one of its sliders and the king (a
/// move of it may uncover a check), or a promotion, en passant or castle is in play. In
/// most searched positions none is, and the few checking moves are found from the
/// pieces that reach the checking squares.
fn each_plain_check(
    b: &Board,
    info: &CheckInfo,
    checking: BitBoard,
    f: &mut impl FnMut(ChessMove) -> bool,
) -> bool {
    let us = b.side_to_move();
    let ours = *b.color_combined(us);
    let occupied = *b.combined();
    let of = |p: Piece| *b.pieces(p) & ours;
    let castle_squares = BitBoard::from_square(Square::make_square(us.to_my_backrank(), File::G))
        | BitBoard::from_square(Square::make_square(us.to_my_backrank(), File::C));
    if *b.checkers() != EMPTY
        || info[6] != EMPTY
        || of(Piece::Pawn) & chess::get_rank(us.to_seventh_rank()) != EMPTY
        || b.en_passant().is_some()
        || (b.castle_rights(us) != CastleRights::NoRights && checking & castle_squares != EMPTY)
    {
        return false;
    }
    let bishop = |s| chess::get_bishop_moves(s, occupied);
    let rook = |s| chess::get_rook_moves(s, occupied);
    let kinds: [(Piece, Targets); 5] = [
        (Piece::Knight, &chess::get_knight_moves),
        (Piece::Bishop, &bishop),
        (Piece::Rook, &rook),
        (Piece::Queen, &|s| bishop(s) | rook(s)),
        (Piece::Pawn, &|s| chess::get_pawn_moves(s, us, occupied)),
    ];
    let (pinned, our_king) = (*b.pinned(), b.king_square(us));
    for (piece, moves) in kinds {
        let aim = info[piece.to_index()] & !ours;
        if aim == EMPTY {
            continue;
        }
        for from in Squares::from(of(piece)) {
            // A pinned piece moves only along the line through its king.
            let free = if pinned & BitBoard::from_square(from) == EMPTY {
                !EMPTY
            } else {
                chess::line(from, our_king)
            };
            for to in Squares::from(moves(from) & aim & free) {
                if f(ChessMove::new(from, to, None)) {
                    return true;
                }
            }
        }
    }
    true
}

/// [`perft_board`] that gives up when `stop` says so (asked away from the leaves).
fn perft_until(board: &Board, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
    if depth < 3 {
        return Some(perft_board(board, depth));
    }
    if stop() {
        return None;
    }
    let mut next = *board;
    let mut total = 0;
    for m in MoveGen::new_legal(board) {
        board.make_move(m, &mut next);
        total += perft_until(&next, depth - 1, stop)?;
    }
    Some(total)
}

/// Leaf count of the legal move tree of `board` to `depth` (bulk-counted at the last ply).
fn perft_board(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = MoveGen::new_legal(board);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut next = *board;
    moves
        .map(|m| {
            board.make_move(m, &mut next);
            perft_board(&next, depth - 1)
        })
        .sum()
}

/// Sets up a position from a FEN and a list of UCI moves, as the `position` command does.
/// On an illegal or garbled move the list stops there: the position reached so far is
/// returned with the error, so the caller can report it and keep what was valid.
pub fn setup(fen: &str, moves: &[&str]) -> Result<(Position, Option<MoveError>), FenError> {
    setup_in(fen, moves, false)
}

/// [`setup`] for standard chess or, with `chess960`, Chess960 (see
/// [`Position::from_fen_in`]).
pub fn setup_in(
    fen: &str,
    moves: &[&str],
    chess960: bool,
) -> Result<(Position, Option<MoveError>), FenError> {
    let mut pos = Position::from_fen_in(fen, chess960)?;
    let mut err = None;
    for m in moves {
        if let Err(e) = pos.play_uci(m) {
            err = Some(e);
            break;
        }
    }
    pos.forget_undo();
    Ok((pos, err))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boards along seeded random games from openings with promotions, en passant,
    /// castles and pins at hand (random play also leaves plenty of checks about).
    fn random_boards() -> Vec<Board> {
        use rand::{RngExt, SeedableRng};
        let starts = [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ];
        let mut rng = rand::rngs::StdRng::seed_from_u64(24);
        let mut boards = Vec::new();
        for fen in starts {
            for _ in 0..60 {
                let mut b = Position::from_fen(fen).unwrap().board;
                for _ in 0..80 {
                    boards.push(b);
                    let moves: Vec<ChessMove> = MoveGen::new_legal(&b).collect();
                    if moves.is_empty() {
                        break;
                    }
                    b = b.make_move_new(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        boards
    }

    /// The checks found from the pieces are the checks the legal generation finds:
    /// wherever [`each_plain_check`] answers, it hands out exactly the legal moves onto
    /// the checking squares that give check.
    #[test]
    fn plain_checks_are_the_checks_of_the_legal_moves() {
        let (mut answered, mut with_checks, mut declined) = (0, 0, 0);
        for b in random_boards() {
            let info = check_info(&b);
            let checking = checking_squares(&info);
            let mut plain = Vec::new();
            let answers = each_plain_check(&b, &info, checking, &mut |m| {
                plain.push(m);
                false
            });
            let mut gen = MoveGen::new_legal(&b);
            gen.set_iterator_mask(checking);
            let mut legal: Vec<ChessMove> = gen
                .filter(|&m| *b.make_move_new(m).checkers() != EMPTY)
                .collect();
            if answers {
                plain.sort();
                legal.sort();
                assert_eq!(plain, legal, "{b}");
                answered += 1;
                with_checks += !plain.is_empty() as usize;
            } else {
                declined += 1;
            }
        }
        // Every case was seen often.
        assert!(
            with_checks > 1000 && answered - with_checks > 1000 && declined > 1000,
            "{answered} {with_checks} {declined}"
        );
    }

    /// [`two_king_moves`] says yes exactly when the king has two legal moves or more,
    /// in check or not.
    #[test]
    fn two_king_moves_counts_the_king_moves() {
        let (mut yes, mut no, mut in_check) = (0, 0, 0);
        for b in random_boards() {
            let king = b.king_square(b.side_to_move());
            let mut moves = MoveGen::new_legal(&b);
            moves.set_iterator_mask(!EMPTY);
            let king_moves = moves
                .filter(|m| {
                    m.get_source() == king
                        && chess::get_king_moves(king) & BitBoard::from_square(m.get_dest())
                            != EMPTY
                })
                .count();
            assert_eq!(two_king_moves(&b), king_moves >= 2, "{b}");
            if king_moves >= 2 {
                yes += 1
            } else {
                no += 1
            }
            in_check += (*b.checkers() != EMPTY) as usize;
        }
        assert!(
            yes > 1000 && no > 1000 && in_check > 1000,
            "{yes} {no} {in_check}"
        );
    }

    #[test]
    fn startpos_round_trip() {
        assert_eq!(Position::startpos().to_fen(), START_FEN);
    }

    #[test]
    fn clocks_follow_moves() {
        let (p, e) = setup(START_FEN, &["g1f3", "g8f6", "e2e4"]).unwrap();
        assert!(e.is_none());
        assert_eq!(p.halfmove_clock(), 0);
        assert_eq!(p.fullmove_number(), 2);
        assert_eq!(
            p.to_fen(),
            "rnbqkb1r/pppppppp/5n2/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 2"
        );
    }

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
            include_str!("../tests/data/perftsuite.epd"),
            include_str!("../tests/data/perft_marcel_sample.epd"),
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
        let starts = include_str!("../tests/data/chess960.epd");
        for fen in starts.lines().filter_map(|l| l.split(';').next()).take(40) {
            walk(&mut Position::from_fen_in(fen.trim(), true).unwrap(), 2);
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
