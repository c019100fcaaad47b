//! FEN, read and written. Reading checks every rule before the `chess` crate sees the
//! position (it accepts some illegal FENs and then generates wrong moves), one field
//! at a time: the placement, the side to move, the castling rights (X-FEN or
//! Shredder-FEN), the en-passant square, the clocks, and last what only the whole
//! board shows (checks, adjacent kings).

#![allow(clippy::disallowed_types, clippy::disallowed_methods)]

use std::fmt;

use chess::{BitBoard, Board, BoardBuilder, CastleRights, Color, File, Piece, Rank, Square, EMPTY};

use super::castling::{Castling, CastlingError, KING_SIDE};
use super::{attackers, sq, Position};

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

/// The pieces of a FEN's placement field: square, kind, colour.
type Pieces = Vec<(Square, Piece, Color)>;

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

pub(super) fn parse_square(s: &str) -> Option<Square> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(Square::make_square(
        Rank::from_index((b[1] - b'1') as usize),
        File::from_index((b[0] - b'a') as usize),
    ))
}

/// The placement field, rank 8 first: every rank 8 squares wide, every letter a piece.
fn read_placement(field: &str) -> Result<Pieces, FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut pieces: Pieces = Vec::with_capacity(32);
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
    Ok(pieces)
}

/// What the pieces alone must obey: one king a side, at most 16 pieces and 8 pawns a
/// side, no pawn on the first or last rank.
fn check_pieces(pieces: &[(Square, Piece, Color)]) -> Result<(), FenError> {
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
    Ok(())
}

/// The side-to-move field.
fn read_side(field: &str) -> Result<Color, FenError> {
    match field {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(FenError::SideToMove(other.to_string())),
    }
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
    Castling::parse(field, kings, rooks).map_err(|e| match e {
        CastlingError::Field => FenError::Castling(field.to_string()),
        CastlingError::WithoutPieces(c) => FenError::CastlingWithoutPieces(c),
    })
}

/// The rights of the castling field as the crate's board holds them and as kept beside
/// it: on the board when standard chess can hold them (each on e/a/h), in either mode;
/// otherwise all beside it in Chess960, and refused in standard chess.
fn split_rights(
    castling: Castling,
    pieces: &[(Square, Piece, Color)],
    chess960: bool,
) -> Result<([CastleRights; 2], Castling), FenError> {
    match standard_rights(&castling, pieces) {
        Ok(rights) => Ok((rights, Castling::default())),
        Err(_) if chess960 => Ok(([CastleRights::NoRights; 2], castling)),
        Err(e) => Err(e),
    }
}

/// The crate's castling rights for rights read from a FEN, where standard chess can
/// hold them: the king on the e-file and each rook in its corner (the X-FEN letter of
/// a right that is not is reported).
fn standard_rights(
    castling: &Castling,
    pieces: &[(Square, Piece, Color)],
) -> Result<[CastleRights; 2], FenError> {
    let king = |color| {
        pieces
            .iter()
            .find(|x| x.1 == Piece::King && x.2 == color)
            .map_or(Square::E1, |x| x.0)
    };
    castling
        .standard([king(Color::White), king(Color::Black)])
        .map_err(|(color, wing)| {
            let letter = if wing == KING_SIDE { 'K' } else { 'Q' };
            FenError::CastlingWithoutPieces(match color {
                Color::White => letter,
                Color::Black => letter.to_ascii_lowercase(),
            })
        })
}

/// The en-passant field, for `stm` to move: on rank 6 (White to move) or 3, behind a
/// pawn that just moved two squares, with the two squares it crossed empty. The file
/// of the square, if any.
fn read_en_passant(
    field: &str,
    stm: Color,
    pieces: &[(Square, Piece, Color)],
) -> Result<Option<File>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let piece_at = |s: Square| pieces.iter().find(|x| x.0 == s).map(|x| (x.1, x.2));
    let bad = || FenError::EnPassant(field.to_string());
    let ep = parse_square(field).ok_or_else(bad)?;
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
    Ok(Some(ep.get_file()))
}

/// The halfmove clock and fullmove number fields, `0 1` where absent (an EPD line).
fn read_clocks(halfmove: Option<&&str>, fullmove: Option<&&str>) -> Result<(u32, u32), FenError> {
    let halfmove = match halfmove {
        None => 0,
        Some(s) => s
            .parse::<u32>()
            .map_err(|_| FenError::Halfmove(s.to_string()))?,
    };
    let fullmove = match fullmove {
        None => 1,
        // Some writers put 0 here; read it as 1 rather than refuse the position.
        Some(s) => s
            .parse::<u32>()
            .map_err(|_| FenError::Fullmove(s.to_string()))?
            .max(1),
    };
    Ok((halfmove, fullmove))
}

/// The crate's board of the fields read, checked as a whole: built first without the
/// en-passant square, to look at the checks on a sound board (the kings apart, the side
/// not to move not in check, at most two checkers), then with it (`ep_field`, for the
/// error).
fn build_board(
    pieces: &[(Square, Piece, Color)],
    stm: Color,
    rights: [CastleRights; 2],
    ep_file: Option<File>,
    ep_field: &str,
) -> Result<Board, FenError> {
    let builder = BoardBuilder::setup(pieces.iter(), stm, rights[0], rights[1], ep_file);
    let plain: Board = BoardBuilder::setup(pieces.iter(), stm, rights[0], rights[1], None)
        .try_into()
        .map_err(|_| diagnose(pieces))?;
    let checkers =
        attackers(&plain, plain.king_square(stm), *plain.combined()) & *plain.color_combined(!stm);
    if checkers.popcnt() > 2 {
        return Err(FenError::TooManyCheckers);
    }
    builder
        .try_into()
        .map_err(|_| FenError::EnPassant(ep_field.to_string()))
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
    /// that side; a file letter for an inner one), and castles are written as the king
    /// taking its own rook. A position whose rights standard chess can hold (all on
    /// e/a/h, or none) is then held as in standard chess, so that it is searched alike.
    pub fn from_fen_in(fen: &str, chess960: bool) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 || fields.len() > 6 {
            return Err(FenError::FieldCount(fields.len()));
        }
        let pieces = read_placement(fields[0])?;
        check_pieces(&pieces)?;
        let stm = read_side(fields[1])?;
        let castling = read_castling(fields[2], &pieces)?;
        let (rights, castling) = split_rights(castling, &pieces, chess960)?;
        let ep_file = read_en_passant(fields[3], stm, &pieces)?;
        let (halfmove, fullmove) = read_clocks(fields.get(4), fields.get(5))?;
        let board = build_board(&pieces, stm, rights, ep_file, fields[3])?;
        let held_960 = castling != Castling::default();
        let mut pos = Position::of_board(board, castling, held_960, halfmove, fullmove);
        pos.uci_chess960 = chess960;
        Ok(pos)
    }

    /// [`Position::from_fen_in`] for a FEN from a GUI, read as Stockfish reads one: a
    /// field the position cannot use is mended rather than the whole refused (the GUI
    /// would otherwise get a move of the position before, perhaps for the other side):
    /// absent castling and en-passant fields (a FEN of placement and side alone) read as
    /// `-`, a castling right whose king or rook is not at home is dropped, and so is an
    /// en-passant square no pawn just crossed. Returns the position and what was mended,
    /// one note each; any other fault refuses the FEN as `from_fen_in` does.
    pub fn from_fen_mending(
        fen: &str,
        chess960: bool,
    ) -> Result<(Position, Vec<String>), FenError> {
        let mut fields: Vec<String> = fen.split_whitespace().map(String::from).collect();
        let mut notes = Vec::new();
        if (2..4).contains(&fields.len()) {
            notes.push("no castling or en-passant field: read as '-'".to_string());
            fields.resize(4, "-".to_string());
        }
        loop {
            match Position::from_fen_in(&fields.join(" "), chess960) {
                Err(FenError::CastlingWithoutPieces(c)) if fields[2].contains(c) => {
                    notes.push(format!(
                        "castling right '{c}' dropped: no king and rook in place"
                    ));
                    fields[2] = fields[2].replace(c, "");
                    if fields[2].is_empty() {
                        fields[2] = "-".to_string();
                    }
                }
                Err(FenError::EnPassant(ep)) if fields[3] != "-" => {
                    notes.push(format!(
                        "en-passant square '{ep}' dropped: no pawn just crossed it"
                    ));
                    fields[3] = "-".to_string();
                }
                other => return other.map(|pos| (pos, notes)),
            }
        }
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
        // The rooks' files in Shredder-FEN, as for any other Chess960 rights.
        let (king, queen) = if self.uci_chess960 {
            ('H', 'A')
        } else {
            ('K', 'Q')
        };
        if w.has_kingside() {
            castle.push(king);
        }
        if w.has_queenside() {
            castle.push(queen);
        }
        if bl.has_kingside() {
            castle.push(king.to_ascii_lowercase());
        }
        if bl.has_queenside() {
            castle.push(queen.to_ascii_lowercase());
        }
        if castle.is_empty() {
            castle.push('-');
        }
        castle
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::setup;

    #[test]
    fn startpos_round_trip() {
        assert_eq!(Position::startpos().to_fen(), START_FEN);
    }

    /// What Stockfish reads of a GUI's FEN and Tiefe refused, keeping the position
    /// before (its `bestmove` then was the other side's): mended, each change said.
    #[test]
    fn a_gui_fen_is_mended_where_a_field_cannot_be_used() {
        let mend = |fen: &str| Position::from_fen_mending(fen, false).unwrap();
        let strict = |fen: &str| match Position::from_fen(fen) {
            Err(e) => e,
            Ok(_) => panic!("{fen} read as it stands"),
        };
        // A right without its rook; the other rights stay.
        let fen = "r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1";
        assert_eq!(strict(fen), FenError::CastlingWithoutPieces('Q'));
        let (pos, notes) = mend(fen);
        assert_eq!(pos.to_fen(), "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(
            notes[0].contains("'Q'") && notes[1].contains("'k'"),
            "{notes:?}"
        );
        // An en-passant square no pawn crossed.
        let fen = "4k3/8/8/8/8/8/8/4K2R w - e6 0 1";
        assert!(matches!(strict(fen), FenError::EnPassant(_)));
        let (pos, notes) = mend(fen);
        assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
        assert_eq!(notes.len(), 1);
        // Placement and side alone.
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b";
        assert_eq!(strict(fen), FenError::FieldCount(2));
        let (pos, notes) = mend(fen);
        assert_eq!(
            pos.to_fen(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1"
        );
        assert_eq!(notes.len(), 1);
        // A sound FEN is read as it stands; a placement alone or a missing king is not
        // mended.
        let (pos, notes) = mend(START_FEN);
        assert_eq!((pos.to_fen().as_str(), notes.len()), (START_FEN, 0));
        let bad = Position::from_fen_mending("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", false);
        assert_eq!(bad.err(), Some(FenError::FieldCount(1)));
        let bad = Position::from_fen_mending("8/8/8/8/8/8/8/4K3 w - - 0 1", false);
        assert!(matches!(bad.err(), Some(FenError::KingCount { .. })));
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
}
