//! Commands that arrive while a search ends are carried out, in order, once its
//! `bestmove` is out: nothing is dropped, `readyok` comes after `bestmove`, and what was
//! asked for is in force. The sequences are those GUIs send (PolyGlot on a new game
//! or a new hash size while pondering, on leaving analysis), all in one write.

mod common;

use std::time::Duration;

use common::Engine;
use tiefe::position::START_FEN;

const LONG: Duration = Duration::from_secs(30);

/// Starts a search that only `stop` ends, from a position other than the start.
fn searching(go: &str) -> Engine {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5");
    e.send(go);
    e.wait_for(|l| l.starts_with("info depth 3 "), LONG);
    e
}

/// The index of the first line starting with `prefix`.
fn index_of(lines: &[String], prefix: &str) -> usize {
    lines
        .iter()
        .position(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' in {lines:#?}"))
}

/// `d`'s FEN and table size.
fn state(e: &mut Engine) -> (String, String) {
    e.send("d");
    let (_, hash, lines) = e.wait_for(|l| l.starts_with("Hash: "), LONG);
    let fen = &lines[index_of(&lines, "Fen: ")]["Fen: ".len()..];
    (fen.to_string(), hash)
}

/// Nothing was refused on the way.
fn nothing_ignored(lines: &[String]) {
    assert!(lines.iter().all(|l| !l.contains("ignored")), "{lines:#?}");
}

#[test]
fn new_hash_and_new_game_while_pondering() {
    let mut e = searching("go ponder wtime 60000 btime 60000");
    e.send("stop\nsetoption name Hash value 132\nisready\nucinewgame");
    let (_, _, lines) = e.wait_for(|l| l == "readyok", LONG);
    assert!(index_of(&lines, "bestmove") < index_of(&lines, "readyok"));
    nothing_ignored(&lines);
    let (fen, hash) = state(&mut e);
    assert_eq!(fen, START_FEN, "the new game is in force");
    assert_eq!(hash, "Hash: 132 MB");
}

#[test]
fn clear_hash_after_stop() {
    let mut e = searching("go infinite");
    let (_, full, _) = e.wait_for(|l| l.starts_with("info depth 12 "), LONG);
    assert!(
        !full.contains(" hashfull 0 "),
        "the search filled the table: {full}"
    );
    e.send("stop\nsetoption name Clear Hash\nisready");
    let (_, _, lines) = e.wait_for(|l| l == "readyok", LONG);
    assert!(index_of(&lines, "bestmove") < index_of(&lines, "readyok"));
    nothing_ignored(&lines);
    // A one-ply search into the cleared table finds it empty.
    e.send("go depth 1");
    let (_, lines) = e.bestmove(LONG);
    let line = lines.iter().find(|l| l.contains(" hashfull ")).unwrap();
    assert!(line.contains(" hashfull 0 "), "{line}");
}

#[test]
fn leaving_analysis() {
    let mut e = searching("go infinite");
    e.send("stop\nisready\nucinewgame\nisready");
    // The first `readyok` may overtake the `bestmove` (no command before it waits);
    // the second comes after the new game, so after the `bestmove`.
    let (_, _, lines) = e.wait_for(|l| l == "readyok", LONG);
    let lines = if lines.iter().any(|l| l.starts_with("bestmove")) {
        e.wait_for(|l| l == "readyok", LONG).2
    } else {
        let (_, _, more) = e.wait_for(|l| l == "readyok", LONG);
        assert!(index_of(&more, "bestmove") < index_of(&more, "readyok"));
        more
    };
    nothing_ignored(&lines);
    assert_eq!(state(&mut e).0, START_FEN);
}

#[test]
fn a_search_that_goes_on_holds_what_needs_it_idle() {
    // No stop: the new size waits for the search, `isready` behind it too, until stop.
    let mut e = searching("go infinite");
    e.send("setoption name Hash value 8\nisready");
    let early = e.drain(Duration::from_millis(300));
    assert!(
        early
            .iter()
            .all(|l| l != "readyok" && !l.starts_with("bestmove")),
        "{early:#?}"
    );
    e.send("stop");
    let (_, _, lines) = e.wait_for(|l| l == "readyok", LONG);
    assert!(index_of(&lines, "bestmove") < index_of(&lines, "readyok"));
    assert_eq!(state(&mut e).1, "Hash: 8 MB");
}

#[test]
fn queued_search_then_stop() {
    // A `go` behind a waiting option ends the running search and starts once the option
    // is in force; the `stop` after it belongs to it: two bestmoves, nothing hangs.
    let mut e = searching("go infinite");
    e.send("setoption name Hash value 4\nposition startpos\ngo infinite\nstop\nisready");
    let (_, _, mut lines) = e.wait_for(|l| l == "readyok", LONG);
    // `readyok` may overtake the second search's `bestmove` (as after any `stop`).
    if lines.iter().filter(|l| l.starts_with("bestmove")).count() < 2 {
        lines.extend(e.bestmove(LONG).1);
    }
    let bestmoves = lines.iter().filter(|l| l.starts_with("bestmove")).count();
    assert_eq!(bestmoves, 2, "{lines:#?}");
    assert!(e
        .drain(Duration::from_millis(200))
        .iter()
        .all(|l| !l.starts_with("bestmove")));
    assert_eq!(
        state(&mut e),
        (START_FEN.to_string(), "Hash: 4 MB".to_string())
    );
}

#[test]
fn stop_behind_a_new_game_ends_the_search_it_follows() {
    // The second `go` starts once the first search has ended and the first new game is
    // set up; the second new game waits for that search, and the `stop` behind it is
    // that search's: it must not wait behind the new game (which waits for the search).
    let mut e = searching("go infinite");
    e.send("ucinewgame\nstop\ngo infinite\nucinewgame\nstop");
    let (_, first) = e.bestmove(LONG);
    let (_, second) = e.bestmove(LONG);
    nothing_ignored(&first);
    nothing_ignored(&second);
    e.send("isready");
    e.wait_for(|l| l == "readyok", LONG);
    assert_eq!(
        state(&mut e).0,
        START_FEN,
        "the second new game is in force"
    );
}

#[test]
fn ponderhit_behind_clear_hash_reaches_the_ponder_search() {
    // As above with a ponder search and `Clear Hash`: the `ponderhit` behind it starts
    // the clock of 1 s, and the move comes well within it.
    let mut e = searching("go infinite");
    e.send(
        "ucinewgame\nstop\nposition startpos moves e2e4\ngo ponder wtime 1000 btime 1000\n\
         setoption name Clear Hash\nponderhit",
    );
    e.bestmove(LONG);
    e.bestmove(Duration::from_secs(5));
}
