//! Opening books in the Polyglot format: reading (`OwnBook`, `BookFile`) and choosing a
//! move by weight. Building a book from games is a tool's work (`tiefe-tools book
//! build`, in the tools/ crate), not the engine's.
//!
//! A Polyglot book is a file of 16-byte entries sorted by key, all big-endian: the
//! position key (u64), the move (u16: to-square in bits 0..5, from-square in 6..11,
//! promotion in 12..14 as knight=1 … queen=4; castling written as the king taking its
//! own rook), a weight (u16) and a learn field (u32, unused here). The key is the
//! standard's own Zobrist hash over [`random::RANDOM`], not the engine's key. A file whose
//! size is not a whole number of entries, or whose keys are out of order, is refused.

pub mod random;

use std::path::Path;

use crate::types::{ChessMove, Color, File, Piece, Rank, Square, ALL_SQUARES};

use crate::position::Position;
use random::RANDOM;

/// One book entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// Polyglot key of the position (see [`key`]), not the engine's Zobrist key.
    pub key: u64,
    /// The move in Polyglot's encoding (see [`encode`]).
    pub mv: u16,
    /// Relative weight; a move is picked with probability weight / sum of weights, and
    /// 0 means never.
    pub weight: u16,
    /// Polyglot's learn field: read and written back as is, otherwise unused (0 when
    /// built here).
    pub learn: u32,
}

/// The Polyglot key of a position.
pub fn key(pos: &Position) -> u64 {
    let b = pos;
    let mut k = 0u64;
    for sq in ALL_SQUARES {
        if let (Some(p), Some(c)) = (b.piece_on(sq), b.color_on(sq)) {
            let kind = 2 * p.to_index() + (c == Color::White) as usize;
            let i = 64 * kind + 8 * sq.get_rank().to_index() + sq.get_file().to_index();
            k ^= RANDOM[i];
        }
    }
    let white = b.castle_rights(Color::White);
    let black = b.castle_rights(Color::Black);
    if white.has_kingside() {
        k ^= RANDOM[768];
    }
    if white.has_queenside() {
        k ^= RANDOM[769];
    }
    if black.has_kingside() {
        k ^= RANDOM[770];
    }
    if black.has_queenside() {
        k ^= RANDOM[771];
    }
    // En passant counts only when a pawn of the side to move stands beside the pawn
    // that just moved two squares (whether or not the capture is legal).
    if let Some(ep) = pos.ep_square() {
        let us = b.side_to_move();
        let rank = if us == Color::White { 4 } else { 3 };
        let f = ep.get_file().to_index();
        let ours = b.pieces(Piece::Pawn) & b.color_combined(us);
        let beside = [f.wrapping_sub(1), f + 1]
            .into_iter()
            .filter(|&x| x < 8)
            .any(|x| {
                let s = Square::make_square(Rank::from_index(rank), File::from_index(x));
                ours & crate::types::BitBoard::from_square(s) != crate::types::EMPTY
            });
        if beside {
            k ^= RANDOM[772 + f];
        }
    }
    if b.side_to_move() == Color::White {
        k ^= RANDOM[780];
    }
    k
}

/// The Polyglot encoding of a legal move in `pos` (castling as king takes rook).
pub fn encode(pos: &Position, m: ChessMove) -> u16 {
    let (from, mut to) = (m.get_source(), m.get_dest());
    let king = pos.piece_on(from) == Some(Piece::King);
    let df = to.get_file().to_index() as i32 - from.get_file().to_index() as i32;
    if king && df.abs() == 2 {
        let file = if df > 0 { File::H } else { File::A };
        to = Square::make_square(from.get_rank(), file);
    }
    let promo = match m.get_promotion() {
        Some(Piece::Knight) => 1,
        Some(Piece::Bishop) => 2,
        Some(Piece::Rook) => 3,
        Some(Piece::Queen) => 4,
        _ => 0,
    };
    (to.to_index() as u16) | ((from.to_index() as u16) << 6) | (promo << 12)
}

/// The legal move of `pos` that a book move stands for, if any.
pub fn decode(pos: &Position, mv: u16) -> Option<ChessMove> {
    pos.legal_moves()
        .into_iter()
        .find(|&m| encode(pos, m) == mv)
}

/// An opened book.
#[derive(Debug, Clone, Default)]
pub struct Book {
    entries: Vec<Entry>,
}

impl Book {
    /// Reads and checks a book file.
    pub fn open(path: &Path) -> Result<Book, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Book::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads book entries from bytes; refuses a truncated or unsorted book.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, String> {
        if !bytes.len().is_multiple_of(16) {
            return Err(format!(
                "{} bytes is not a whole number of 16-byte entries (truncated or not a Polyglot book)",
                bytes.len()
            ));
        }
        let entries: Vec<Entry> = bytes
            .chunks_exact(16)
            .map(|c| Entry {
                key: u64::from_be_bytes(c[0..8].try_into().expect("8 bytes")),
                mv: u16::from_be_bytes([c[8], c[9]]),
                weight: u16::from_be_bytes([c[10], c[11]]),
                learn: u32::from_be_bytes(c[12..16].try_into().expect("4 bytes")),
            })
            .collect();
        if entries.windows(2).any(|w| w[0].key > w[1].key) {
            return Err("entries are not sorted by key (corrupt or not a Polyglot book)".into());
        }
        Ok(Book { entries })
    }

    /// Number of entries (positions × moves), not of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entries (an empty file is a valid, empty book).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book's legal moves for `pos` with their weights (entries whose move is not
    /// legal here, as in a corrupt book or a key collision, are left out).
    pub fn moves(&self, pos: &Position) -> Vec<(ChessMove, u16)> {
        let k = key(pos);
        let first = self.entries.partition_point(|e| e.key < k);
        self.entries[first..]
            .iter()
            .take_while(|e| e.key == k)
            .filter_map(|e| decode(pos, e.mv).map(|m| (m, e.weight)))
            .collect()
    }

    /// A book move for `pos`, chosen with probability proportional to its weight;
    /// `random(n)` draws from 0..n.
    pub fn pick(&self, pos: &Position, mut random: impl FnMut(u64) -> u64) -> Option<ChessMove> {
        let moves: Vec<(ChessMove, u16)> =
            self.moves(pos).into_iter().filter(|m| m.1 > 0).collect();
        let total: u64 = moves.iter().map(|m| m.1 as u64).sum();
        if total == 0 {
            return None;
        }
        let mut r = random(total);
        for (m, w) in moves {
            if r < w as u64 {
                return Some(m);
            }
            r -= w as u64;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard's published keys.
    #[test]
    fn published_keys() {
        let cases: [(&[&str], u64); 9] = [
            (&[], 0x463b96181691fc9c),
            (&["e2e4"], 0x823c9b50fd114196),
            (&["e2e4", "d7d5"], 0x0756b94461c50fb0),
            (&["e2e4", "d7d5", "e4e5"], 0x662fafb965db29d4),
            (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a48b5a8e47ff78),
            (
                &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"],
                0x652a607ca3f242c1,
            ),
            (
                &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"],
                0x00fdd303c946bdd9,
            ),
            (
                &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"],
                0x3c8123ea7b067637,
            ),
            (
                &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"],
                0x5c3f9b829b279560,
            ),
        ];
        for (moves, want) in cases {
            let (pos, err) = crate::position::setup(crate::position::START_FEN, moves).unwrap();
            assert!(err.is_none());
            assert_eq!(key(&pos), want, "{moves:?}");
        }
    }
}
