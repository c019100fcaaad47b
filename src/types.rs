//! The chess vocabulary: squares, files, ranks, colours, pieces, moves, bitboards and
//! the attack tables, re-exported from the `chess` crate. Every module but
//! [`crate::position`] names the crate through this one, so that its board, its move
//! generator and its make-move stay behind [`crate::position::Position`] (clippy's
//! `disallowed-types` and `disallowed-methods` in `clippy.toml` refuse them elsewhere,
//! and a test refuses any other mention of the crate).

pub use chess::{
    between, get_bishop_moves, get_file, get_king_moves, get_knight_moves, get_pawn_attacks,
    get_pawn_quiets, get_rank, get_rook_moves, line, BitBoard, CastleRights, ChessMove, Color,
    File, Piece, Rank, Square, ALL_FILES, ALL_PIECES, ALL_SQUARES, EMPTY,
};

/// The dark squares (a1, c1, ..., h8): bishops on them never meet bishops on the light ones.
pub const DARK_SQUARES: u64 = 0xAA55_AA55_AA55_AA55;

/// The squares of a bitboard, lowest first. The crate's own iterator clears each
/// square's bit by building a bitboard of it again (a shift and an exclusive or); this
/// clears the lowest bit at once, which the loops over pieces and targets in the
/// evaluation and the move generation run tens of times a node.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        // SAFETY: the trailing zeros of a non-zero u64 number at most 63, a square.
        Some(unsafe { Square::new(index) })
    }
}

impl From<BitBoard> for Squares {
    #[inline(always)]
    fn from(b: BitBoard) -> Squares {
        Squares(b.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The squares come lowest first, each once, as the crate's iterator gives them.
    #[test]
    fn squares_are_the_crates_in_its_order() {
        for b in [
            0u64,
            1,
            1 << 63,
            0x8100_0000_0000_0081,
            0xFFFF_0000_0000_FFFF,
            !0,
        ] {
            let ours: Vec<Square> = Squares(b).collect();
            let crates: Vec<Square> = BitBoard(b).collect();
            assert_eq!(ours, crates, "{b:#x}");
        }
    }

    /// Only this module and the position module (with its submodules) name the
    /// `chess` crate.
    #[test]
    fn the_crate_is_named_in_two_modules_only() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut stack = vec![std::path::PathBuf::from(root)];
        let mut offenders = Vec::new();
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                let rel = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .to_string();
                let in_position = rel == "position.rs" || rel.starts_with("position/");
                if rel == "types.rs" || in_position || !rel.ends_with(".rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                for (i, line) in text.lines().enumerate() {
                    let code = line.split("//").next().unwrap_or("");
                    if code.contains("chess::") || code.trim_start().starts_with("use chess") {
                        offenders.push(format!("{rel}:{}: {}", i + 1, line.trim()));
                    }
                }
            }
        }
        assert!(offenders.is_empty(), "{offenders:#?}");
    }
}
