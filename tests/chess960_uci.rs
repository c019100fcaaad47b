//! `UCI_Chess960` through the real binary: the option, positions in Shredder-FEN and
//! X-FEN, castles read and written as the king taking its own rook, `d` writing
//! Shredder-FEN, a castle that is the only legal move, and the book left shut.

mod common;

use std::time::Duration;

use common::{best_of, build_book, Engine};
use tiefe::position::{setup_in, Position};

const LONG: Duration = Duration::from_secs(30);

fn chess960_engine() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    let (_, _, lines) = e.wait_for(|l| l == "uciok", LONG);
    assert!(lines
        .iter()
        .any(|l| l == "option name UCI_Chess960 type check default false"));
    e.send("setoption name UCI_Chess960 value true");
    e.sync();
    e
}

/// Every move of every `pv` and the `bestmove` is legal from `fen` + `moves` in
/// Chess960 mode and written in the canonical form (a castle as king takes rook).
fn assert_canonical(lines: &[String], best: &str, fen: &str, moves: &[&str]) {
    let (root, _, err) = setup_in(fen, moves, true).unwrap();
    assert!(err.is_none());
    let check = |pos: &mut Position, m: &str, context: &str| {
        let mv = pos
            .parse_move(m)
            .unwrap_or_else(|e| panic!("{e} in '{context}' from {fen}"));
        let written = pos.as_written(mv).to_string();
        assert_eq!(written, m, "not king-takes-rook in '{context}'");
        pos.make_move(mv);
    };
    for l in lines.iter().filter(|l| l.contains(" pv ")) {
        let mut pos = root.clone();
        for m in l.split(" pv ").nth(1).unwrap().split_whitespace() {
            check(&mut pos, m, l);
        }
    }
    let mut pos = root.clone();
    check(&mut pos, &best_of(best).expect("a move"), best);
}

#[test]
fn positions_and_castles_in_chess960_mode() {
    let mut e = chess960_engine();
    // Shredder-FEN in, Shredder-FEN out.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    e.send(&format!("position fen {fen}"));
    assert_eq!(e.display_fen(), fen);
    // X-FEN in, Shredder-FEN out.
    e.send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    assert_eq!(e.display_fen(), fen);
    // The start position, castling as king takes rook.
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1");
    assert_eq!(
        e.display_fen(),
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b ha - 5 4"
    );
    // An illegal castle (f1 taken) ends the list there, with a word, in place.
    e.send(&format!("position fen {fen} moves g1h1"));
    let (_, l, _) = e.wait_for(|l| l.starts_with("info string"), LONG);
    assert!(l.contains("g1h1"), "{l}");
    assert_eq!(e.display_fen(), fen);
    // A right without its rook (no rook on b1) is dropped, and said, as Stockfish reads
    // such a FEN; the rest of the position is taken.
    e.send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HBhf - 2 9");
    let (_, l, _) = e.wait_for(|l| l.starts_with("info string"), LONG);
    assert!(l.contains("castling right 'B' dropped"), "{l}");
    assert_eq!(
        e.display_fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w Hhf - 2 9"
    );
    // A field that is no castling field at all keeps the last good position.
    e.send(&format!("position fen {fen}"));
    e.send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HH - 2 9");
    let (_, l, _) = e.wait_for(|l| l.starts_with("info string"), LONG);
    assert!(l.contains("castling"), "{l}");
    assert_eq!(e.display_fen(), fen);
}

#[test]
fn the_castle_is_sent_as_king_takes_rook() {
    let mut e = chess960_engine();
    // Castling is the only legal move: no mate, no stalemate, and it is played.
    let only = "k4r2/8/8/8/8/7p/7P/6KR w H - 0 1";
    let (best, lines) = e.think(only, &[], "depth 4");
    assert_eq!(best_of(&best).as_deref(), Some("g1h1"), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains(" pv g1h1")), "{lines:?}");
    // A castle asked for with searchmoves comes back in the same form, as do the
    // castles anywhere in the lines of a search from a Chess960 array.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"];
    e.send(&format!("position fen {start} moves {}", moves.join(" ")));
    e.send("go depth 5 searchmoves e1h1");
    let (best, lines) = e.bestmove(LONG);
    assert_eq!(best_of(&best).as_deref(), Some("e1h1"));
    assert_canonical(&lines, &best, start, &moves);
    // perft's moves are written alike.
    e.send("go perft 1");
    let (_, _, lines) = e.wait_for(|l| l.starts_with("Nodes searched"), LONG);
    assert!(lines.iter().any(|l| l == "e1h1: 1"), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("e1g1")), "{lines:?}");
    for fen in [
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "qrkbbnrn/pppppppp/8/8/8/8/PPPPPPPP/RNBKNQRB w GAgb - 0 1",
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
    ] {
        let (best, lines) = e.think(fen, &[], "depth 7");
        assert_canonical(&lines, &best, fen, &[]);
    }
}

#[test]
fn standard_mode_is_unchanged_and_refuses_chess960_rights() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    e.send("go depth 4 searchmoves e1g1");
    let (best, _) = e.bestmove(LONG);
    assert_eq!(best_of(&best).as_deref(), Some("e1g1"));
    e.send("position fen 1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    let (_, l, _) = e.wait_for(|l| l.starts_with("info string"), LONG);
    assert!(l.contains("UCI_Chess960"), "{l}");
    assert_eq!(
        e.display_fen(),
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    );
    // Switching modes rereads the position in the new one, and back.
    e.send("setoption name UCI_Chess960 value true");
    assert_eq!(
        e.display_fen(),
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w HAha - 4 4"
    );
    e.send("setoption name UCI_Chess960 value false");
    assert_eq!(
        e.display_fen(),
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    );
}

#[test]
fn the_book_is_not_used_in_chess960() {
    let (dir, book) = build_book("book960", 16);
    let mut e = chess960_engine();
    e.send("setoption name OwnBook value true");
    e.send(&format!("setoption name BookFile value {}", book.display()));
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string book not used with UCI_Chess960")),
        "{lines:?}"
    );
    // The book's first move would be played at once; a search runs instead.
    e.send("position startpos");
    e.send("go depth 3");
    let (_, lines) = e.bestmove(LONG);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth")),
        "{lines:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Turning `UCI_Chess960` off under an array standard chess cannot hold (castling
/// rights on other files) sets up the start position, and says so in an `info
/// string` (it did so silently).
#[test]
fn leaving_chess960_mode_says_what_became_of_the_position() {
    let mut e = chess960_engine();
    e.send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    e.send("setoption name UCI_Chess960 value false");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string UCI_Chess960 off") && l.contains("start position")),
        "{lines:?}"
    );
    e.send("quit");
}
