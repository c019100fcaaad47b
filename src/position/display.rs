//! The position drawn as text: a board diagram for people (the `d` command), and the
//! FEN as its debug form.

use std::fmt;

use super::fen::piece_char;
use super::{sq, Position};

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Position {
    /// A text diagram of the board, White at the bottom.
    pub fn diagram(&self) -> String {
        let mut s = String::from(" +---+---+---+---+---+---+---+---+\n");
        for rank in (0..8).rev() {
            for file in 0..8 {
                let square = sq(file, rank);
                let c = match (self.piece_on(square), self.color_on(square)) {
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
