//! Chess960 castling rights, kept by Tiefe itself.
//!
//! The `chess` crate can hold a castling right only with the king on the e-file and the
//! rook in the corner, and its make-move takes a king step between the c, e and g files
//! for castling. So in Chess960 mode [`crate::position::Position`] keeps the crate's
//! board without castling rights and keeps them here instead: the square of each
//! castling rook, and a Zobrist key of the rights that the position folds into its own
//! key (so that two positions that differ only in their rights never read as a
//! repetition). A castle is written as the king taking its own rook (`e1h1`), which
//! names every Chess960 castle uniquely, even when the king does not move.
//!
//! This module knows squares and bitboards only; generating, testing and playing a
//! castle is the position's work. It reads the FEN castling field, but reports what is
//! wrong with it in its own [`CastlingError`], which the FEN reader wraps, so that it
//! imports nothing of the position.

use std::fmt::Write;

use crate::types::{between, BitBoard, CastleRights, Color, File, Rank, Square, EMPTY};

/// The wing towards the h-file (the king's side in standard chess).
pub const KING_SIDE: usize = 0;
/// The wing towards the a-file (the queen's side in standard chess).
pub const QUEEN_SIDE: usize = 1;

/// SplitMix64, so that the keys are fixed at compile time without a table to maintain.
const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// One key per colour and rook file: a right is named by its rook, so two rights of
/// one wing on different files (an X-FEN inner rook) key differently.
const KEYS: [[u64; 8]; 2] = {
    let mut keys = [[0; 8]; 2];
    let mut i = 0;
    while i < 16 {
        keys[i / 8][i % 8] = splitmix(0x0C45_7E96_0000_0000 + i as u64);
        i += 1;
    }
    keys
};

/// Why a FEN castling field was refused (the FEN reader names the field).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CastlingError {
    /// A field other than `-` or distinct letters of `KQkq` and the rook files.
    Field,
    /// A right whose king or rook is not on its home square (the letter).
    WithoutPieces(char),
}

/// The castling rights of both sides: the rook of each, by colour and wing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Castling {
    /// `rooks[colour][wing]`: the rook that may still castle on that wing.
    rooks: [[Option<Square>; 2]; 2],
    /// The XOR of the keys of the rights held.
    key: u64,
}

/// The back rank of `color`.
fn back_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    }
}

/// Where king and rook stand after castling on `wing`: the g- and f-files on the king
/// side, the c- and d-files on the queen side, whatever the start.
pub fn destinations(color: Color, wing: usize) -> (Square, Square) {
    let rank = back_rank(color);
    let (king, rook) = if wing == KING_SIDE {
        (File::G, File::F)
    } else {
        (File::C, File::D)
    };
    (
        Square::make_square(rank, king),
        Square::make_square(rank, rook),
    )
}

/// The squares from `from` to `to`, `to` included and `from` not.
pub fn path(from: Square, to: Square) -> BitBoard {
    (between(from, to) | BitBoard::from_square(to)) & !BitBoard::from_square(from)
}

impl Castling {
    /// The rook that may castle on `wing` for `color`, if that right is held.
    #[inline]
    pub fn rook(&self, color: Color, wing: usize) -> Option<Square> {
        self.rooks[color.to_index()][wing]
    }

    /// The Zobrist key of the rights held (0 when none).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Grants the right of the rook on `rook` on `wing`.
    fn add(&mut self, color: Color, wing: usize, rook: Square) {
        self.clear(color, wing);
        self.rooks[color.to_index()][wing] = Some(rook);
        self.key ^= KEYS[color.to_index()][rook.get_file().to_index()];
    }

    /// Drops the right on `wing`, if held.
    fn clear(&mut self, color: Color, wing: usize) {
        if let Some(old) = self.rooks[color.to_index()][wing].take() {
            self.key ^= KEYS[color.to_index()][old.get_file().to_index()];
        }
    }

    /// The rights left after a move from `from` to `to` by the side `us`: a king move
    /// ends both of its rights, and a move from or onto a castling rook's square ends
    /// that rook's right (a rook moved, or taken).
    pub fn after_move(&mut self, us: Color, from: Square, to: Square, king_moved: bool) {
        if king_moved {
            self.clear(us, KING_SIDE);
            self.clear(us, QUEEN_SIDE);
        }
        for color in [Color::White, Color::Black] {
            for wing in [KING_SIDE, QUEEN_SIDE] {
                if matches!(self.rook(color, wing), Some(r) if r == from || r == to) {
                    self.clear(color, wing);
                }
            }
        }
    }

    /// The same rights with colours swapped and the board flipped top to bottom.
    pub fn mirrored(&self) -> Castling {
        let mut out = Castling::default();
        for color in [Color::White, Color::Black] {
            for wing in [KING_SIDE, QUEEN_SIDE] {
                if let Some(r) = self.rook(color, wing) {
                    let rank = Rank::from_index(7 - r.get_rank().to_index());
                    out.add(!color, wing, Square::make_square(rank, r.get_file()));
                }
            }
        }
        out
    }

    /// Reads a FEN castling field: `-`, X-FEN (`K`/`Q`: the outermost rook on that
    /// side of the king) or Shredder-FEN (the rook's file letter), upper case for
    /// White, in any mix. `kings` and `rooks` give each colour's king square and rooks.
    pub fn parse(
        field: &str,
        kings: [Square; 2],
        rooks: [BitBoard; 2],
    ) -> Result<Self, CastlingError> {
        let mut out = Castling::default();
        if field == "-" {
            return Ok(out);
        }
        // The field's shape first (letters it may hold, none twice), then each right.
        let letter = |c: char| "KQkq".contains(c) || matches!(c.to_ascii_lowercase(), 'a'..='h');
        let distinct = field
            .char_indices()
            .all(|(i, c)| !field[i + c.len_utf8()..].contains(c));
        if !field.chars().all(letter) || !distinct {
            return Err(CastlingError::Field);
        }
        for c in field.chars() {
            let (color, wing, rook) = Self::read_right(c, kings, rooks)?;
            if out.rook(color, wing).is_some() {
                return Err(CastlingError::Field);
            }
            out.add(color, wing, rook);
        }
        Ok(out)
    }

    /// One letter of a castling field: its colour, wing and rook.
    fn read_right(
        c: char,
        kings: [Square; 2],
        rooks: [BitBoard; 2],
    ) -> Result<(Color, usize, Square), CastlingError> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let king = kings[color.to_index()];
        let rank = back_rank(color);
        let missing = CastlingError::WithoutPieces(c);
        let files: Vec<usize> = (0..8)
            .filter(|&f| {
                let s = Square::make_square(rank, File::from_index(f));
                rooks[color.to_index()] & BitBoard::from_square(s) != EMPTY
            })
            .collect();
        let kf = king.get_file().to_index();
        let file = match c.to_ascii_lowercase() {
            'k' => files.iter().copied().filter(|&f| f > kf).max(),
            'q' => files.iter().copied().filter(|&f| f < kf).min(),
            l @ 'a'..='h' => Some(l as usize - 'a' as usize).filter(|f| files.contains(f)),
            _ => return Err(CastlingError::Field),
        };
        let file = file.ok_or(missing.clone())?;
        if king.get_rank() != rank {
            return Err(missing);
        }
        let wing = if file > kf { KING_SIDE } else { QUEEN_SIDE };
        Ok((
            color,
            wing,
            Square::make_square(rank, File::from_index(file)),
        ))
    }

    /// The rights as standard chess holds them, if it can: each king with a right on the
    /// e-file (`kings`, by colour) and each rook in its corner, the h-file on the king
    /// side and the a-file on the queen side (no right at all is standard too); or the
    /// first right that is not, by colour and wing.
    pub fn standard(&self, kings: [Square; 2]) -> Result<[CastleRights; 2], (Color, usize)> {
        let mut rights = [CastleRights::NoRights; 2];
        for color in [Color::White, Color::Black] {
            let c = color.to_index();
            for (wing, corner, right) in [
                (KING_SIDE, File::H, CastleRights::KingSide),
                (QUEEN_SIDE, File::A, CastleRights::QueenSide),
            ] {
                let Some(rook) = self.rook(color, wing) else {
                    continue;
                };
                if kings[c].get_file() != File::E || rook.get_file() != corner {
                    return Err((color, wing));
                }
                rights[c] = rights[c].add(right);
            }
        }
        Ok(rights)
    }

    /// The Shredder-FEN castling field: each rook's file, White's upper case first,
    /// the king side before the queen side; `-` without rights.
    pub fn shredder_field(&self) -> String {
        let mut s = String::new();
        for color in [Color::White, Color::Black] {
            for wing in [KING_SIDE, QUEEN_SIDE] {
                if let Some(r) = self.rook(color, wing) {
                    let letter = (b'a' + r.get_file().to_index() as u8) as char;
                    let _ = match color {
                        Color::White => s.write_char(letter.to_ascii_uppercase()),
                        Color::Black => s.write_char(letter),
                    };
                }
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn bb(squares: &[&str]) -> BitBoard {
        squares
            .iter()
            .fold(EMPTY, |b, s| b | BitBoard::from_square(sq(s)))
    }

    #[test]
    fn x_fen_and_shredder_fen_read_the_same_rights() {
        let kings = [sq("b1"), sq("b8")];
        let rooks = [bb(&["a1", "c1", "h1"]), bb(&["a8", "h8"])];
        let x = Castling::parse("KQkq", kings, rooks).unwrap();
        let shredder = Castling::parse("HAha", kings, rooks).unwrap();
        assert_eq!(x, shredder);
        assert_eq!(x.shredder_field(), "HAha");
        // An inner rook is named by its file.
        let inner = Castling::parse("Cq", kings, rooks).unwrap();
        assert_eq!(inner.rook(Color::White, KING_SIDE), Some(sq("c1")));
        assert_ne!(
            inner.key(),
            Castling::parse("Kq", kings, rooks).unwrap().key()
        );
        assert!(Castling::parse("KK", kings, rooks).is_err());
        assert!(Castling::parse("HC", kings, rooks).is_err());
        assert!(Castling::parse("G", kings, rooks).is_err());
        assert!(Castling::parse("Kx", kings, rooks).is_err());
    }

    #[test]
    fn moves_end_rights_and_keys_follow() {
        let kings = [sq("e1"), sq("e8")];
        let rooks = [bb(&["a1", "h1"]), bb(&["a8", "h8"])];
        let mut c = Castling::parse("KQkq", kings, rooks).unwrap();
        c.after_move(Color::White, sq("h1"), sq("h8"), false);
        assert_eq!(c.shredder_field(), "Aa");
        c.after_move(Color::Black, sq("e8"), sq("e7"), true);
        assert_eq!(c.shredder_field(), "A");
        let fresh = Castling::parse("Q", kings, rooks).unwrap();
        assert_eq!(c.key(), fresh.key());
        assert_eq!(c.mirrored().shredder_field(), "a");
    }
}
