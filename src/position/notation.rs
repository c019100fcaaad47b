//! Moves as text: UCI move strings matched against the legal moves (castling read in
//! both spellings GUIs use), and a position set up from a FEN and such a move list, as
//! the `position` command gives them. No move string reaches the board unmatched: the
//! crate's own reading checks no legality.

#![allow(clippy::disallowed_types, clippy::disallowed_methods)]

use std::fmt;

use chess::{ChessMove, File, Piece, Square};

use super::castling::{self, KING_SIDE, QUEEN_SIDE};
use super::fen::{parse_square, FenError};
use super::{sq, Position};

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

impl Position {
    /// Matches a UCI move string (`e2e4`, `e1g1`, `e7e8q`) against the legal moves.
    /// Castling is read in both spellings GUIs use. In standard chess it is the king's
    /// two-file step (`e1g1`), and `e1h1` (king takes own rook) means the same. In
    /// Chess960 mode it is the king taking its own rook (`e1h1`, `b1a1`), as
    /// `UCI_Chess960` asks; the king's step onto its castling square (`e1g1`) is read
    /// as the castle too when it is no ordinary king move (two files or more), so that
    /// it cannot mean anything else. (The move returned is the castle in the form the
    /// position holds it: `e1g1` where the rights are standard ones, in either mode.)
    pub fn parse_move(&self, text: &str) -> Result<ChessMove, MoveError> {
        let t = text.trim();
        let b = t.as_bytes();
        if !(4..=5).contains(&b.len()) {
            return Err(MoveError::Syntax(t.to_string()));
        }
        // By bytes, and never through a character: `t` may hold any text (an é, or the
        // replacement character of a byte that was not UTF-8).
        let square = |r: std::ops::Range<usize>| t.get(r).and_then(parse_square);
        let (Some(from), Some(to)) = (square(0..2), square(2..4)) else {
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

    /// The move meant by `from`-`to` where the rights are held as in standard chess:
    /// the king on the e-file onto its own rook in a corner of its rank is castling
    /// written the Chess960 way.
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
            && from.get_file() == File::E
            && matches!(to.get_file(), File::A | File::H)
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

    /// `mv` (legal here) as UCI writes it: with `UCI_Chess960` on, a castle is the king
    /// taking its own rook (`e1h1`), also where the rights are held as in standard
    /// chess and the move itself is the king's two-file step (`e1g1`).
    pub fn as_written(&self, mv: ChessMove) -> ChessMove {
        if !self.uci_chess960 || self.chess960 || !self.is_castle(mv) {
            return mv;
        }
        let (from, to) = (mv.get_source(), mv.get_dest());
        let corner = if to.get_file() > from.get_file() {
            7
        } else {
            0
        };
        ChessMove::new(from, sq(corner, from.get_rank().to_index()), None)
    }

    /// The moves of `line`, legal one after another from here, as UCI writes them (see
    /// [`Position::as_written`]); from a move that is not legal on, as they are.
    pub fn line_as_written(&self, line: &[ChessMove]) -> Vec<ChessMove> {
        if !self.uci_chess960 {
            return line.to_vec();
        }
        let mut pos = self.clone();
        let mut written = Vec::with_capacity(line.len());
        for (i, &mv) in line.iter().enumerate() {
            if !pos.is_legal(mv) {
                written.extend_from_slice(&line[i..]);
                break;
            }
            written.push(pos.as_written(mv));
            pos.make_move(mv);
        }
        written
    }

    /// Whether `UCI_Chess960` is on for this position: castles are written as the king
    /// taking its own rook ([`Position::as_written`]).
    pub fn uci_chess960(&self) -> bool {
        self.uci_chess960
    }

    /// Applies a UCI move string if it is legal; on error the position is unchanged.
    pub fn play_uci(&mut self, text: &str) -> Result<ChessMove, MoveError> {
        let mv = self.parse_move(text)?;
        self.make_move(mv);
        Ok(mv)
    }
}

/// Sets up a position from a FEN and a list of UCI moves, as the `position` command does.
/// On an illegal or garbled move the list stops there: the position reached so far is
/// returned with the error, so the caller can report it and keep what was valid.
pub fn setup(fen: &str, moves: &[&str]) -> Result<(Position, Option<MoveError>), FenError> {
    setup_in(fen, moves, false).map(|(pos, _, err)| (pos, err))
}

/// [`setup`] for standard chess or, with `chess960`, Chess960 (see
/// [`Position::from_fen_in`]), the FEN read as [`Position::from_fen_mending`] reads
/// it: also returns what was mended in it.
pub fn setup_in(
    fen: &str,
    moves: &[&str],
    chess960: bool,
) -> Result<(Position, Vec<String>, Option<MoveError>), FenError> {
    let (mut pos, mended) = Position::from_fen_mending(fen, chess960)?;
    let mut err = None;
    for m in moves {
        if let Err(e) = pos.play_uci(m) {
            err = Some(e);
            break;
        }
    }
    pos.forget_undo();
    Ok((pos, mended, err))
}
