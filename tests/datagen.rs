//! `tiefe datagen` on tiny runs: games start from the book's positions.

use std::io::BufReader;
use std::path::PathBuf;

use rand::rngs::StdRng;
use rand::SeedableRng;
use tiefe::datagen::{self, Book, Config};
use tiefe::search::Worker;
use tiefe::tt::TranspositionTable;
use tiefe::tune;

/// Queenless positions (so that a game from them is told from one from the start
/// position) in the shapes books come in: EPD with operations, a whole FEN with its
/// clocks, the four fields alone; then a comment, and two lines that are not usable
/// (not a position; a Chess960 position, whose castling rights Tiefe does not read).
const BOOK: &str = "\
r1b1kb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1B1KB1R w KQkq - bm Bb5; id \"a\";
rnb1kbnr/ppp2ppp/8/4p3/4P3/8/PPP2PPP/RNB1KBNR w KQkq - 0 4
r1b1k2r/ppp2ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPP2PPP/R1B1K2R b KQkq -

# a comment
not a position
bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf -
";

/// A fresh directory for one test, with the book written in it.
fn scratch(name: &str) -> (PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("tiefe-datagen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("book.epd");
    std::fs::write(&book, BOOK).unwrap();
    (dir, book.to_string_lossy().into_owned())
}

fn has_queen(fen: &str) -> bool {
    fen.split(' ').next().unwrap().contains(['q', 'Q'])
}

#[test]
fn the_book_is_read_and_its_positions_start_the_games() {
    let book = Book::parse(BOOK);
    assert_eq!(book.fens.len(), 3, "{book:?}");
    assert_eq!(book.skipped, 2);
    // EPD operations dropped and the clocks completed; a whole FEN keeps its own.
    assert!(book.fens[0].ends_with(" w KQkq - 0 1"), "{}", book.fens[0]);
    assert!(book.fens[1].ends_with(" 0 4"), "{}", book.fens[1]);

    // With no random plies, an even game starts right at a book position, and the
    // seeded generator picks more than one of them.
    let cfg = Config {
        random_plies: Some(0),
        book: Some("book".into()),
        ..Config::default()
    };
    let mut rng = StdRng::seed_from_u64(3);
    let mut used = std::collections::HashSet::new();
    for game in (2..40).step_by(2) {
        let pos = datagen::opening(&mut rng, &cfg, Some(&book), game).unwrap();
        assert!(book.fens.contains(&pos.to_fen()), "{}", pos.to_fen());
        used.insert(pos.to_fen());
    }
    assert!(used.len() > 1);

    // A run with the book: every line reads back, and each game's first position is
    // queenless, as no game from the start position is after a few plies.
    let (dir, path) = scratch("book");
    let out = dir.join("data.txt").to_string_lossy().into_owned();
    let cfg = Config {
        out: out.clone(),
        games: 2,
        nodes: 300,
        seed: 11,
        book: Some(path),
        ..Config::default()
    };
    assert_eq!(cfg.plies(), 2);
    let sum = datagen::run(&cfg).unwrap();
    assert_eq!(sum.games, 2);
    let text = std::fs::read_to_string(&out).unwrap();
    let (samples, bad) = tune::load(BufReader::new(text.as_bytes()));
    assert_eq!((samples.len() as u64, bad), (sum.positions, 0));
    let book = Book::load(cfg.book.as_ref().unwrap()).unwrap();
    let plain = Config {
        book: None,
        ..cfg.clone()
    };
    for game in 1..=2 {
        let mut a = StdRng::seed_from_u64(11);
        let mut b = StdRng::seed_from_u64(11);
        for earlier in 1..game {
            datagen::opening(&mut a, &cfg, Some(&book), earlier);
            datagen::opening(&mut b, &plain, None, earlier);
        }
        let mut tt = TranspositionTable::new(4);
        let mut w = Worker::new();
        let (with, _) =
            datagen::play_game(&mut a, &mut w, &mut tt, &cfg, Some(&book), game).unwrap();
        let (without, _) = datagen::play_game(&mut b, &mut w, &mut tt, &plain, None, game).unwrap();
        assert!(!has_queen(&with[0].0), "{}", with[0].0);
        assert!(has_queen(&without[0].0), "{}", without[0].0);
        // The book's games are the ones in the file.
        assert!(text.contains(&with[0].0));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
