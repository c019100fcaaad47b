//! The FENs of training lines, in either castling style, so that one file can hold the
//! positions of standard games and of Chess960 games side by side.

use tiefe::position::{FenError, Position};

/// Reads a training line's FEN in the mode its game was played in. Chess960 when the
/// castling field names a rook by its file (the Shredder-FEN that datagen writes for
/// a Chess960 game, `HFhf`, or an X-FEN inner-rook letter), or when the position reads
/// only as Chess960 (X-FEN `KQkq` with the king off the e-file, say); standard chess
/// otherwise, as every line was read before Chess960 data existed. The evaluation does
/// not look at castling, so the mode only decides which positions read at all; the
/// error is the standard reading's, which names the fault of a broken standard line.
pub fn read_fen(fen: &str) -> Result<Position, FenError> {
    let castling = fen.split_whitespace().nth(2).unwrap_or("-");
    if castling.chars().any(|c| !"KQkq-".contains(c)) {
        return Position::from_fen_in(fen, true);
    }
    Position::from_fen(fen).or_else(|e| Position::from_fen_in(fen, true).map_err(|_| e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shredder-FEN and X-FEN Chess960 lines read as Chess960 and write back as
    /// Shredder-FEN; standard lines read and write as before.
    #[test]
    fn both_castling_styles_read() {
        for (fen, written) in [
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            ),
            (
                "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
                "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
            ),
            (
                "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
                "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            ),
            (
                "1k6/8/8/8/8/8/8/R5KR w - - 0 1",
                "1k6/8/8/8/8/8/8/R5KR w - - 0 1",
            ),
        ] {
            assert_eq!(
                read_fen(fen).map(|p| p.to_fen()),
                Ok(written.into()),
                "{fen}"
            );
        }
        assert!(read_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w XYxy - 0 1").is_err());
        assert!(read_fen("8/8/8 w - - 0 1").is_err());
    }
}
