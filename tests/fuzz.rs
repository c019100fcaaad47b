//! Property tests, the short form of fuzzing that `cargo test --release` runs: no input
//! makes the UCI command parser, the FEN parser or the `position ... moves` path panic,
//! and every position they accept is one the engine can play from. A corpus of nasty
//! inputs (tests/data/fuzz_corpus.txt) also goes through a whole engine in-process.

mod common;

use std::io::{Cursor, Write};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use common::{data, perft_cases};
use proptest::prelude::*;
use tiefe::position::perft::perft;
use tiefe::position::{setup, Position};
use tiefe::uci::Command;

/// Checks what the engine needs of an accepted position: its FEN reads back to the
/// same position, every legal move can be made and taken back, and perft runs.
fn check_playable(pos: &Position) {
    let fen = pos.to_fen();
    let again = Position::from_fen(&fen).expect("a written FEN reads back");
    assert_eq!(again.key(), pos.key(), "{fen}");
    assert_eq!(again.to_fen(), fen);
    let mut p = pos.clone();
    for m in pos.legal_moves() {
        p.make_move(m);
        let _ = p.in_check();
        p.unmake_move();
    }
    assert_eq!(p.to_fen(), fen);
    let _ = perft(pos, 2);
}

fn suite_fens() -> Vec<String> {
    perft_cases("perftsuite.epd")
        .into_iter()
        .map(|(fen, _)| fen)
        .collect()
}

/// Words a UCI line is made of, with numbers of every size and sign.
fn uci_token() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "uci",
            "isready",
            "go",
            "position",
            "setoption",
            "name",
            "value",
            "startpos",
            "fen",
            "moves",
            "depth",
            "nodes",
            "movetime",
            "wtime",
            "btime",
            "winc",
            "binc",
            "movestogo",
            "mate",
            "infinite",
            "ponder",
            "searchmoves",
            "perft",
            "Hash",
            "Threads",
            "Clear",
            "Move",
            "Overhead",
            "stop",
            "quit",
            "debug",
            "on",
            "-",
            "w",
            "b",
            "KQkq",
            "e2e4",
            "e7e8q",
            "e1g1",
            "8/8/8/8/8/8/8/8",
        ])
        .prop_map(String::from),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<u128>().prop_map(|n| n.to_string()),
        "[a-z0-9/\\-]{1,12}",
    ]
}

/// Cases per property: 4000 in the short form that `cargo test --release` runs; the
/// long form (a fuzzing session, see README) sets `TIEFE_FUZZ_CASES`.
fn cases() -> u32 {
    std::env::var("TIEFE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4000)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn command_parser_takes_any_text(line in "\\PC{0,200}") {
        let _ = line.parse::<Command>();
    }

    #[test]
    fn command_parser_takes_any_uci_words(words in prop::collection::vec(uci_token(), 0..24)) {
        let _ = words.join(" ").parse::<Command>();
    }

    #[test]
    fn fen_parser_takes_any_text(text in "\\PC{0,120}") {
        if let Ok(pos) = Position::from_fen(&text) {
            check_playable(&pos);
        }
    }

    /// Valid FENs with a few characters replaced, inserted or deleted: the edits that
    /// reach the validator's corners (kings, pawns on back ranks, castling, en passant).
    #[test]
    fn fen_parser_takes_damaged_fens(
        pick in any::<prop::sample::Index>(),
        edits in prop::collection::vec(
            (any::<prop::sample::Index>(), 0..3u8, prop::sample::select(
                "pnbrqkPNBRQK12345678/ -wbKQkqa-h0".chars().collect::<Vec<_>>())),
            1..5),
    ) {
        let fens = suite_fens();
        let mut chars: Vec<char> = pick.get(&fens).chars().collect();
        for (at, kind, c) in edits {
            if chars.is_empty() {
                break;
            }
            let i = at.index(chars.len());
            match kind {
                0 => chars[i] = c,
                1 => chars.insert(i, c),
                _ => {
                    chars.remove(i);
                }
            }
        }
        let text: String = chars.into_iter().collect();
        let strict = Position::from_fen(&text);
        if let Ok(pos) = &strict {
            check_playable(pos);
        }
        // Mending as the `position` command does: what is read is playable, and a FEN
        // read as it stands is read alike, with nothing said mended.
        if let Ok((pos, mended)) = Position::from_fen_mending(&text, false) {
            check_playable(&pos);
            if let Ok(p) = &strict {
                assert_eq!((p.key(), mended.len()), (pos.key(), 0), "{text}");
            }
        }
    }

    /// A move's text may be anything (a GUI's typo, bytes that were not UTF-8): it is
    /// read or refused, never a panic (slicing by bytes through an é once was one).
    #[test]
    fn move_parser_takes_any_text(text in "\\PC{0,6}") {
        let pos = Position::from_fen(&suite_fens()[0]).unwrap();
        let _ = pos.parse_move(&text);
        let _ = pos.parse_move(&format!("e{text}"));
    }

    /// `position fen ... moves ...` with a mix of legal moves and garbage: the moves
    /// stop at the first bad one, and the position reached is always playable.
    #[test]
    fn position_moves_path_keeps_a_playable_position(
        pick in any::<prop::sample::Index>(),
        moves in prop::collection::vec(
            prop_oneof![
                3 => any::<prop::sample::Index>().prop_map(Some),
                1 => Just(None),
            ],
            0..40),
        garbage in "[a-i][0-9][a-i][0-9][qrbnkp]?",
    ) {
        let fens = suite_fens();
        let fen = pick.get(&fens);
        let mut pos = Position::from_fen(fen).unwrap();
        let mut texts = Vec::new();
        for m in &moves {
            let legal = pos.legal_moves();
            let text = match m {
                Some(i) if !legal.is_empty() => legal[i.index(legal.len())].to_string(),
                _ => garbage.clone(),
            };
            if pos.play_uci(&text).is_err() {
                texts.push(text);
                break;
            }
            texts.push(text);
        }
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let (reached, err) = setup(fen, &refs).unwrap();
        assert_eq!(reached.to_fen(), pos.to_fen());
        // An error comes exactly when a move was refused (then it was the last one).
        let refused = texts.last().is_some_and(|t| {
            let before = setup(fen, &refs[..refs.len() - 1]).unwrap().0;
            before.parse_move(t).is_err()
        });
        assert_eq!(err.is_some(), refused);
        check_playable(&reached);
    }
}

/// Output captured from an in-process engine.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Every corpus line goes through a real engine (in-process, searches included); the
/// engine must come back from each, answer every `isready`, give one `bestmove` per
/// search and no more, and end cleanly at end of input, within a generous bound (a
/// broken `stop` fails the test instead of hanging it).
#[test]
fn corpus_through_a_whole_engine() {
    let corpus = data("fuzz_corpus.txt");
    let mut input = String::new();
    for line in corpus.lines() {
        input.push_str(line);
        input.push('\n');
        // Searches end quickly; a following `stop` ends any infinite one.
        input.push_str("stop\nisready\n");
    }
    let commands: Vec<_> = input.lines().map(|l| l.parse::<Command>()).collect();
    let searches = commands
        .iter()
        .filter(|c| matches!(c, Ok(Command::Go(_))))
        .count();
    let readies = commands
        .iter()
        .filter(|c| matches!(c, Ok(Command::IsReady)))
        .count();
    let out = Captured::default();
    let (tx, rx) = mpsc::channel();
    let writer = out.clone();
    std::thread::spawn(move || {
        tiefe::uci::run(Cursor::new(input.into_bytes()), writer);
        let _ = tx.send(());
    });
    rx.recv_timeout(Duration::from_secs(120))
        .expect("the engine ends within two minutes");
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let count = |p: &str| lines.iter().filter(|l| l.starts_with(p)).count();
    assert_eq!(count("readyok"), readies, "{text}");
    assert_eq!(count("bestmove "), searches, "{text}");
    assert!(searches >= 10, "the corpus holds searches");
    assert!(lines.iter().all(|l| !l.is_empty()), "{text}");
}
