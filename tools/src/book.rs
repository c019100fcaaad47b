//! `tiefe-tools book build`: a Polyglot opening book from PGN games. The engine reads
//! such books (`tiefe::book`, `OwnBook`); building them is a tool's work, so it lives
//! here, beside the PGN reader it needs.

use tiefe::book::{encode, key, Entry};
use tiefe::types::Color;

use crate::pgn::{parse_san, read_games};

/// Builds book entries from PGN games: every position of the first `plies` plies of
/// each game, with its move weighted by how the game went for the side that played it
/// (a win counts 2, a draw 1, a loss 0, as Polyglot's own builder does; a game without
/// a result counts 1). Weights are scaled into u16. A game starts where its tags say
/// ([`crate::pgn::Game::start`]: a `FEN` tag's position, as in every match PGN played
/// from an opening book); a game whose start cannot be read (a bad FEN, another
/// variant) is skipped with a warning, and games that stop parsing keep their legal
/// prefix. Returns the entries (sorted) and the number of games used.
pub fn build(pgn: &str, plies: usize) -> (Vec<Entry>, usize) {
    use std::collections::HashMap;
    let mut weights: HashMap<(u64, u16), u64> = HashMap::new();
    let mut used = 0;
    for (i, game) in read_games(pgn).into_iter().enumerate() {
        let mut pos = match game.start() {
            Ok(pos) => pos,
            Err(e) => {
                log::warn!("game {}: skipped: {e}", i + 1);
                continue;
            }
        };
        let result = game.result;
        let mut any = false;
        for san in game.moves.iter().take(plies).map(|m| &m.san) {
            let Ok(m) = parse_san(&pos, san) else { break };
            let white = pos.side_to_move() == Color::White;
            let score = match result {
                Some(r) => {
                    let r = if white { r } else { 1.0 - r };
                    (r * 2.0).round() as u64
                }
                None => 1,
            };
            *weights.entry((key(&pos), encode(&pos, m))).or_insert(0) += score;
            pos.make_move(m);
            any = true;
        }
        used += any as usize;
    }
    let max = weights.values().copied().max().unwrap_or(1).max(1);
    let scale = |w: u64| -> u16 {
        if max <= u16::MAX as u64 {
            w as u16
        } else {
            ((w * u16::MAX as u64) / max) as u16
        }
    };
    let mut entries: Vec<Entry> = weights
        .into_iter()
        .filter(|&(_, w)| w > 0)
        .map(|((key, mv), w)| Entry {
            key,
            mv,
            weight: scale(w).max(1),
            learn: 0,
        })
        .collect();
    entries.sort_by(|a, b| {
        a.key
            .cmp(&b.key)
            .then(b.weight.cmp(&a.weight))
            .then(a.mv.cmp(&b.mv))
    });
    (entries, used)
}

/// The bytes of a book file.
pub fn to_bytes(entries: &[Entry]) -> Vec<u8> {
    let mut out = Vec::with_capacity(entries.len() * 16);
    for e in entries {
        out.extend_from_slice(&e.key.to_be_bytes());
        out.extend_from_slice(&e.mv.to_be_bytes());
        out.extend_from_slice(&e.weight.to_be_bytes());
        out.extend_from_slice(&e.learn.to_be_bytes());
    }
    out
}

/// The options of `tiefe-tools book build`.
#[derive(Debug, Clone, clap::Args)]
// A repeated option takes its last value, so that a script can append an override.
#[command(args_override_self = true)]
pub struct BuildArgs {
    /// Games in PGN.
    #[arg(value_name = "GAMES.PGN")]
    pub pgn: String,
    /// The Polyglot book to write.
    #[arg(value_name = "OUT.BIN")]
    pub out: String,
    /// Plies of each game that go into the book.
    #[arg(long, value_name = "N", default_value_t = 16)]
    pub plies: usize,
}

/// `tiefe-tools book build`: builds the book and writes it, or says which file failed.
pub fn build_file(args: &BuildArgs) -> Result<String, String> {
    let (path, out, plies) = (&args.pgn, &args.out, args.plies);
    let pgn = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let (entries, games) = build(&String::from_utf8_lossy(&pgn), plies);
    // Written beside and renamed, so that a reader never sees half a book.
    let tmp = format!("{out}.tmp");
    std::fs::write(&tmp, to_bytes(&entries)).map_err(|e| format!("{tmp}: {e}"))?;
    std::fs::rename(&tmp, out).map_err(|e| format!("{out}: {e}"))?;
    Ok(format!(
        "{} entries from {games} games ({plies} plies each) written to {out}",
        entries.len(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiefe::book::Book;
    use tiefe::position::Position;

    #[test]
    fn build_read_and_pick() {
        let pgn =
            "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 {best} e5 2. Nf3 (2. Bc4) Nc6 $1 1-0\n\n\
                   [Event \"b\"]\n[Result \"0-1\"]\n\n1. d4 d5 2. c4 0-1\n\n\
                   [Event \"c\"]\n[Result \"1/2-1/2\"]\n\n1. e4 c5 1/2-1/2\n";
        let (entries, games) = build(pgn, 16);
        assert_eq!(games, 3);
        let book = Book::from_bytes(&to_bytes(&entries)).unwrap();
        let start = Position::startpos();
        let mut moves: Vec<(String, u16)> = book
            .moves(&start)
            .into_iter()
            .map(|(m, w)| (m.to_string(), w))
            .collect();
        moves.sort();
        // e4: a win (2) and a draw (1); d4: a loss (0) is left out.
        assert_eq!(moves, vec![("e2e4".to_string(), 3)]);
        for r in 0..10 {
            assert_eq!(book.pick(&start, |n| r % n).unwrap().to_string(), "e2e4");
        }
        // Black's replies to 1. e4: e5 lost (0, left out), c5 drew (1).
        let (after, _) = tiefe::position::setup(tiefe::position::START_FEN, &["e2e4"]).unwrap();
        let replies: Vec<String> = book
            .moves(&after)
            .iter()
            .map(|(m, _)| m.to_string())
            .collect();
        assert_eq!(replies, vec!["c7c5".to_string()]);
    }

    #[test]
    fn corrupt_books_are_refused() {
        let (entries, _) = build("1. e4 e5 2. Nf3 *\n\n1. d4 *\n", 8);
        let bytes = to_bytes(&entries);
        assert!(Book::from_bytes(&bytes[..bytes.len() - 3]).is_err());
        let mut swapped = entries.clone();
        swapped.reverse();
        if swapped.windows(2).any(|w| w[0].key > w[1].key) {
            assert!(Book::from_bytes(&to_bytes(&swapped)).is_err());
        }
        assert!(Book::from_bytes(&[]).unwrap().is_empty());
    }

    /// A game from a set position (a match PGN played from an opening book) is replayed
    /// from its `FEN` tag. Its first moves (2. Nf3 Nc6) are legal from the start
    /// position too, so a builder that ignored the tag would key entries by the start
    /// position; none may be there. A game whose FEN does not read is skipped.
    #[test]
    fn games_from_a_fen_start_there() {
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        let pgn = format!(
            "[Event \"a\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n[Result \"1-0\"]\n\n\
             2. Nf3 Nc6 3. Bc4 1-0\n\n\
             [Event \"b\"]\n[FEN \"not a position\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"
        );
        let (entries, games) = build(&pgn, 16);
        assert_eq!(games, 1);
        let book = Book::from_bytes(&to_bytes(&entries)).unwrap();
        assert!(book.moves(&Position::startpos()).is_empty(), "{entries:?}");
        let from = Position::from_fen(fen).unwrap();
        let moves: Vec<String> = book.moves(&from).iter().map(|m| m.0.to_string()).collect();
        assert_eq!(moves, ["g1f3"]);
        // 2. Nf3 and 3. Bc4 (White won); 2... Nc6 lost, weight 0, left out.
        assert_eq!(entries.len(), 2, "{entries:?}");
    }
}
