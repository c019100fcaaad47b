//! The UCI protocol through the real binary, its core: handshake, go/stop/ponder, limits,
//! positions, junk and bad bytes, options, clocks. The larger features (MultiPV, threads,
//! strength limits, the book, ...) are in tests/uci_features.rs.

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use common::{assert_legal_best, assert_pvs_legal, best_of, last_score, score_of, Engine, LONG};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tiefe::position::{Position, START_FEN};

/// The reply bound the issue sets for `isready` and `stop`.
const FAST: Duration = Duration::from_millis(50);

#[test]
fn handshake_lists_options_then_uciok() {
    let mut e = Engine::start();
    e.send("uci");
    let (_, _, lines) = e.wait_for(|l| l == "uciok", LONG);
    assert!(lines[0].starts_with("id name Tiefe"));
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    assert_eq!(lines.last().unwrap(), "uciok");
    let options: Vec<&String> = lines.iter().filter(|l| l.starts_with("option")).collect();
    for name in ["Hash", "Threads", "Clear Hash", "Ponder", "Move Overhead"] {
        let line = options
            .iter()
            .find(|l| l.starts_with(&format!("option name {name} type")))
            .unwrap_or_else(|| panic!("no option {name}"));
        if line.contains("type spin") {
            for key in [" default ", " min ", " max "] {
                assert!(line.contains(key), "{line}");
            }
        }
    }
    assert!(e.drain(Duration::from_millis(100)).is_empty());
}

#[test]
fn isready_answered_at_once_during_search() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    for _ in 0..5 {
        let sent = Instant::now();
        e.send("isready");
        let (t, _, lines) = e.wait_for(|l| l == "readyok", LONG);
        assert!(t - sent < FAST, "readyok after {:?}", t - sent);
        assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
        std::thread::sleep(Duration::from_millis(100));
    }
    // The search went on undisturbed: it still answers stop with one legal move.
    e.send("stop");
    let (best, lines) = e.bestmove(LONG);
    assert_legal_best(&best, START_FEN, &[]);
    assert_pvs_legal(&lines, START_FEN, &[]);
    assert!(e
        .drain(Duration::from_millis(200))
        .iter()
        .all(|l| !l.starts_with("bestmove")));
}

#[test]
fn stop_during_infinite_is_fast() {
    let mut e = Engine::start();
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(700));
    let sent = Instant::now();
    e.send("stop");
    let (t, line, lines) = e.wait_for(|l| l.starts_with("bestmove"), LONG);
    assert!(t - sent < FAST, "bestmove {:?} after stop", t - sent);
    assert_legal_best(&line, fen, &[]);
    assert_pvs_legal(&lines, fen, &[]);
    // Stop when idle is ignored: no second bestmove.
    e.send("stop");
    e.sync();
    assert_eq!(
        e.seen.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
}

#[test]
fn infinite_holds_bestmove_even_after_mate() {
    let mut e = Engine::start();
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    e.send("go infinite");
    let lines = e.drain(Duration::from_millis(800));
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    e.send("stop");
    let (best, _) = e.bestmove(LONG);
    assert_eq!(best_of(&best).as_deref(), Some("a1a8"));
}

#[test]
fn ponder_waits_for_ponderhit_then_plays_on_time() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    // A mate is found at once, yet no bestmove may come while pondering.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    e.send("go ponder wtime 3000 btime 3000");
    let lines = e.drain(Duration::from_millis(600));
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("ponderhit");
    let (best, _) = e.bestmove(Duration::from_secs(3));
    assert_eq!(best_of(&best).as_deref(), Some("a1a8"));

    // A long ponder search: after ponderhit it becomes a timed search on a 1 s clock.
    e.send("position startpos moves e2e4");
    e.send("go ponder wtime 1000 btime 1000");
    let lines = e.drain(Duration::from_millis(1500));
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    let hit = Instant::now();
    e.send("ponderhit");
    let (t, line, _) = e.wait_for(|l| l.starts_with("bestmove"), LONG);
    assert!(t - hit < Duration::from_millis(1000), "{:?}", t - hit);
    assert_legal_best(&line, START_FEN, &["e2e4"]);

    // Ponder then stop (the opponent played another move): one bestmove.
    e.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    e.bestmove(Duration::from_secs(1));
    e.sync();
    assert_eq!(
        e.seen.iter().filter(|l| l.starts_with("bestmove")).count(),
        3
    );
}

#[test]
fn one_bestmove_per_go() {
    let mut e = Engine::start();
    let mut gos = 0;
    for cmd in [
        "go depth 1",
        "go depth 4",
        "go nodes 3000",
        "go movetime 100",
        "go nodes 1",
    ] {
        e.send("position startpos moves d2d4 d7d5");
        e.send(cmd);
        gos += 1;
        let (best, lines) = e.bestmove(LONG);
        assert_legal_best(&best, START_FEN, &["d2d4", "d7d5"]);
        assert_pvs_legal(&lines, START_FEN, &["d2d4", "d7d5"]);
    }
    // A go that arrives while a search runs ends the first search first.
    e.send("go infinite");
    e.send("go depth 2");
    gos += 2;
    e.bestmove(LONG);
    e.bestmove(LONG);
    e.send("stop");
    e.sync();
    let bestmoves = e.seen.iter().filter(|l| l.starts_with("bestmove")).count();
    assert_eq!(bestmoves, gos);
}

#[test]
fn depth_limit_and_info_fields() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth 5");
    let (_, lines) = e.bestmove(LONG);
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 5);
    for (i, l) in infos.iter().enumerate() {
        assert!(l.starts_with(&format!("info depth {} ", i + 1)), "{l}");
        for key in [
            " seldepth ",
            " score cp ",
            " nodes ",
            " nps ",
            " hashfull ",
            " time ",
            " pv ",
        ] {
            assert!(l.contains(key), "{key} missing in {l}");
        }
    }
}

#[test]
fn mate_scores_and_go_mate() {
    let mut e = Engine::start();
    for (fen, n) in [
        ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1),
        ("5K2/8/2qk4/2nPp3/3r4/6B1/B7/3R4 w - e6 0 1", 1),
    ] {
        e.send(&format!("position fen {fen}"));
        e.send(&format!("go mate {n}"));
        let (best, lines) = e.bestmove(LONG);
        assert_eq!(last_score(&lines), Some(("mate".to_string(), n)), "{fen}");
        assert_legal_best(&best, fen, &[]);
    }
    // Being mated: a negative mate score, in moves.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 moves g1f1");
    e.send("go depth 4");
    let (_, lines) = e.bestmove(LONG);
    assert_ne!(last_score(&lines).unwrap().0, "mate");
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 moves a1b1 g8h8");
    e.send("go depth 3");
    let (_, lines) = e.bestmove(LONG);
    assert_eq!(last_score(&lines), Some(("mate".to_string(), 1)));
    e.send("position fen 7k/5ppp/8/8/8/8/5PPP/1R4K1 b - - 0 1 moves f7f6");
    e.send("go depth 3");
    let (_, lines) = e.bestmove(LONG);
    assert_eq!(last_score(&lines), Some(("mate".to_string(), 1)));
    e.send("position fen 7k/6pp/5p2/8/8/8/5PPP/1R4K1 b - - 0 1");
    e.send("go depth 4");
    let (_, lines) = e.bestmove(LONG);
    let (kind, v) = last_score(&lines).unwrap();
    assert!(kind == "cp" || v < 0, "{lines:?}");
    // Mate data through the binary.
    let data = common::data("mate_m1-3.epd");
    for l in data.lines().filter(|l| l.contains("bm #2;")).take(5) {
        let fen = l.split(" bm ").next().unwrap();
        e.send(&format!("position fen {fen}"));
        e.send("go mate 2");
        let (_, lines) = e.bestmove(LONG);
        assert_eq!(last_score(&lines), Some(("mate".to_string(), 2)), "{fen}");
    }
}

/// A GUI's FEN with a castling right that cannot be, after a game: the position is
/// mended and searched, not the game before it kept (whose side to move was Black).
#[test]
fn a_fen_with_impossible_rights_is_mended_not_refused() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send("position fen r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1");
    e.send("go depth 4");
    let (best, lines) = e.bestmove(LONG);
    assert_legal_best(&best, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", &[]);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("castling right 'Q' dropped")),
        "{lines:?}"
    );
    e.send("position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b");
    e.send("go depth 4");
    let (best, _) = e.bestmove(LONG);
    assert_legal_best(
        &best,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1",
        &[],
    );
}

#[test]
fn no_legal_move() {
    let mut e = Engine::start();
    e.send("position fen 6Qk/5K2/8/8/8/8/8/8 b - - 0 1");
    e.send("go depth 5");
    let (best, lines) = e.bestmove(LONG);
    assert_eq!(best, "bestmove (none)");
    assert!(
        lines.contains(&"info depth 0 score mate 0".to_string()),
        "{lines:?}"
    );
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go wtime 1000 btime 1000");
    let (best, lines) = e.bestmove(LONG);
    assert_eq!(best, "bestmove (none)");
    assert!(
        lines.contains(&"info depth 0 score cp 0".to_string()),
        "{lines:?}"
    );
}

#[test]
fn draws_score_zero_through_uci() {
    let mut e = Engine::start();
    // Insufficient material; fifty-move rule with every move quiet.
    for fen in [
        "8/8/4k3/8/8/3NK3/8/8 w - - 0 1",
        "8/8/4k3/8/8/8/8/R3K3 w - - 99 80",
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 5");
        let (_, lines) = e.bestmove(LONG);
        assert_eq!(last_score(&lines), Some(("cp".to_string(), 0)), "{fen}");
    }
    // Threefold, counting the game before the root.
    let cycle = ["g1f3", "d8d7", "f3g1", "d7d8"];
    let moves: Vec<&str> = cycle.iter().cycle().take(10).copied().collect();
    e.send(&format!(
        "position fen 3q3k/8/8/8/8/8/8/K5N1 w - - 0 1 moves {}",
        moves.join(" ")
    ));
    e.send("go depth 5");
    let (best, lines) = e.bestmove(LONG);
    assert_eq!(last_score(&lines), Some(("cp".to_string(), 0)));
    assert_eq!(best_of(&best).as_deref(), Some("f3g1"));
}

#[test]
fn position_forms() {
    let mut e = Engine::start();
    e.send("position startpos moves");
    assert_eq!(e.display_fen(), START_FEN);
    e.send("position startpos moves e2e4 c7c5 g1f3");
    assert_eq!(
        e.display_fen(),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 20 moves e1g1 e8c8");
    assert_eq!(e.display_fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 7 21");
    // En passant and promotion through the move list.
    e.send("position fen 4k3/1P6/8/8/3p4/8/4P3/4K3 w - - 0 1 moves e2e4 d4e3 b7b8q");
    assert_eq!(e.display_fen(), "1Q2k3/8/8/8/8/4p3/8/4K3 b - - 0 2");
    // An illegal move ends the list there, and is reported.
    e.send("position startpos moves e2e4 e7e5 e1e3 d2d4");
    let (_, _, lines) = e.wait_for(|l| l.starts_with("info string"), LONG);
    assert!(lines.last().unwrap().contains("e1e3"));
    assert_eq!(
        e.display_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    // A bad FEN keeps the last good position.
    for bad in [
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "position fen P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "position fen",
        "position",
        "position sideways",
    ] {
        e.send(bad);
        let (_, l, _) = e.wait_for(|l| l.starts_with("info string"), LONG);
        assert!(l.len() > "info string ".len());
        assert_eq!(
            e.display_fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "after {bad}"
        );
    }
    e.send("go depth 3");
    let (best, _) = e.bestmove(LONG);
    assert_legal_best(&best, START_FEN, &["e2e4", "e7e5"]);
}

#[test]
fn six_hundred_plies() {
    // A seeded random game of 600 plies that never ends early.
    let mut rng = StdRng::seed_from_u64(600);
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    while moves.len() < 600 {
        let legal = pos.legal_moves();
        let ok: Vec<_> = legal
            .into_iter()
            .filter(|&m| {
                let mut p = pos.clone();
                p.make_move(m);
                p.has_legal_move() && !p.insufficient_material()
            })
            .collect();
        let m = ok[rng.random_range(0..ok.len())];
        pos.make_move(m);
        moves.push(m.to_string());
    }
    let mut e = Engine::start();
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    assert_eq!(e.display_fen(), pos.to_fen());
    e.send("go depth 4");
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    let (best, lines) = e.bestmove(LONG);
    assert_legal_best(&best, START_FEN, &refs);
    assert_pvs_legal(&lines, START_FEN, &refs);
    // And a long repetition cycle: 600 plies of knight shuffles.
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let shuffle: Vec<&str> = cycle.iter().cycle().take(600).copied().collect();
    e.send(&format!("position startpos moves {}", shuffle.join(" ")));
    assert_eq!(
        e.display_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 600 301"
    );
    e.send("go depth 4");
    let (best, _) = e.bestmove(LONG);
    assert_legal_best(&best, START_FEN, &shuffle);
}

#[test]
fn junk_is_ignored_and_state_kept() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send("");
    e.send("   ");
    e.send("xboard");
    e.send("protover 2");
    e.send("go wtime abc depth 2");
    e.bestmove(LONG);
    e.send_raw(b"isready\r\n");
    let (_, _, lines) = e.wait_for(|l| l == "readyok", LONG);
    // Only UCI came back: info strings, search output, bestmove, readyok.
    for l in &lines {
        assert!(
            l.starts_with("info") || l.starts_with("bestmove") || l == "readyok",
            "{l}"
        );
    }
    e.send_raw(b"position startpos moves e2e4 e7e5\r\n");
    assert_eq!(
        e.display_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    e.send("debug on");
    e.send("debug off");
    e.send("register later");
    e.send("setoption name NoSuchOption value 3");
    e.send("setoption");
    e.send("go searchmoves z9z9 e1e2 depth 2");
    let (best, _) = e.bestmove(LONG);
    assert_eq!(best_of(&best).as_deref(), Some("e1e2"));
    e.send("go wtime -500 btime -500 winc -5");
    let (best, _) = e.bestmove(Duration::from_secs(2));
    assert_legal_best(&best, START_FEN, &["e2e4", "e7e5"]);
    e.sync();
}

/// Bytes that are not UTF-8 and a line of 2 MB neither end the engine nor lose its
/// position; each is reported with `info string`.
#[test]
fn invalid_utf8_and_huge_lines_survive() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send_raw(b"\xff\xfe\x00 garbage \xc3\x28 go\n");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.contains("not valid UTF-8")),
        "{lines:?}"
    );
    let mut huge = b"position startpos moves ".to_vec();
    huge.extend(std::iter::repeat_n(b"e2e4 ".as_slice(), 400_000).flatten());
    huge.push(b'\n');
    e.send_raw(&huge);
    e.sync();
    // The huge line was a position with e2e4 repeated: e2e4 then an illegal e2e4 stops
    // the list, and the position after the legal prefix is kept.
    assert_eq!(
        e.display_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    e.send_raw(b"\xe9t\xe9\r\nposition startpos moves d2d4\n");
    assert_eq!(
        e.display_fen(),
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
    );
    e.send("quit");
    assert!(e.wait_exit(LONG).expect("exits").success());
}

#[test]
fn quit_and_eof_exit_cleanly_even_mid_search() {
    let mut e = Engine::start();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("quit");
    let status = e
        .wait_exit(Duration::from_secs(2))
        .expect("exit after quit");
    assert!(status.success());

    let mut e = Engine::start();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.close_stdin();
    let status = e.wait_exit(Duration::from_secs(2)).expect("exit at EOF");
    assert!(status.success());

    let mut e = Engine::start();
    e.close_stdin();
    assert!(e.wait_exit(Duration::from_secs(2)).unwrap().success());
}

#[test]
fn options() {
    let mut e = Engine::start();
    for cmd in [
        "setoption name Hash value 64",
        "setoption name hash value 1",
        "setoption name HASH value 32",
        "setoption name Clear Hash",
        "setoption name clear hash",
        "setoption name Ponder value false",
        "setoption name Move Overhead value 50",
        "setoption name move overhead value 0",
        "setoption name Threads value 1",
    ] {
        e.send(cmd);
    }
    let lines = e.sync();
    assert!(lines.iter().all(|l| l == "readyok"), "{lines:?}");
    // Bad values are reported and change nothing that works.
    for cmd in [
        "setoption name Hash value lots",
        "setoption name Hash value 0",
        "setoption name Hash value 99999999",
        "setoption name Hash value 65536",
        "setoption name Hash",
        "setoption name Move Overhead value -4",
        "setoption name Ponder value maybe",
        "setoption name Threads value 0",
    ] {
        e.send(cmd);
        let (_, l, _) = e.wait_for(|l| l.starts_with("info string"), LONG);
        assert!(l.len() > 20, "{l}");
    }
    e.send("position startpos");
    e.send("go depth 5");
    let (best, _) = e.bestmove(LONG);
    assert_legal_best(&best, START_FEN, &[]);
    e.send("ucinewgame");
    e.send("go depth 3");
    e.bestmove(LONG);
    // A GUI sends the next game's set-up the moment bestmove arrives; the search is
    // over by then and must not refuse it.
    for _ in 0..30 {
        e.send("go depth 1");
        e.bestmove(LONG);
        e.send("ucinewgame");
        e.send("setoption name Hash value 2");
        e.send("setoption name Hash value 1");
        e.send("setoption name Clear Hash");
    }
    let lines = e.sync();
    assert!(lines.iter().all(|l| l == "readyok"), "{lines:?}");
}

#[test]
fn clock_play_respects_the_clock() {
    let mut e = Engine::start();
    e.send("setoption name Move Overhead value 10");
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    e.send(&format!("position fen {fen}"));
    for (go, limit_ms) in [
        ("go wtime 100 btime 100", 100),
        ("go wtime 1000 btime 1000 winc 100 binc 100", 1000),
        ("go wtime 300 btime 300 movestogo 1", 300),
        // 20 ms is less than a busy machine's scheduling delay (this once failed with
        // the whole suite run at low priority beside a match): the bound is looser
        // than the clock, and the real figure is measured by examples/latency.rs.
        ("go wtime 20 btime 20", 50),
    ] {
        let sent = Instant::now();
        e.send(go);
        let (t, line, lines) = e.wait_for(|l| l.starts_with("bestmove"), LONG);
        let took = t - sent;
        assert!(took < Duration::from_millis(limit_ms), "{go}: {took:?}");
        assert_legal_best(&line, fen, &[]);
        assert_pvs_legal(&lines, fen, &[]);
    }
}

/// `go movetime N` searches N less `Move Overhead` (at its default), as Stockfish does,
/// and no less: a runner that enforces the limit exactly is served by a larger `Move
/// Overhead`. Until 0.3.0 a third more (at most 50 ms) was kept back: `go movetime 500`
/// answered after 443 ms. The lower bound is what counts (the engine cannot answer
/// early however loaded the machine); the upper one only says that the search stops,
/// and is loose because a busy machine delays the answer.
#[test]
fn movetime_is_used_less_the_overhead() {
    let mut e = Engine::start();
    e.send("uci");
    let (_, _, lines) = e.wait_for(|l| l == "uciok", LONG);
    let overhead: u64 = lines
        .iter()
        .find_map(|l| l.strip_prefix("option name Move Overhead type spin default "))
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no Move Overhead in {lines:?}"));
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    e.send(&format!("position fen {fen}"));
    e.sync();
    let sent = Instant::now();
    e.send("go movetime 500");
    let (t, line, lines) = e.wait_for(|l| l.starts_with("bestmove"), LONG);
    let took = t - sent;
    let least = Duration::from_millis(500 - overhead - 10);
    assert!(took >= least, "{took:?} < {least:?}");
    assert!(took < Duration::from_millis(2_500), "{took:?}");
    assert_legal_best(&line, fen, &[]);
    assert_pvs_legal(&lines, fen, &[]);
}

/// A timed `go` with the other side's clock only (python-chess sends just the clocks it
/// is given) plays at once with a warning, as Stockfish does, instead of thinking until
/// a `stop` that never comes.
#[test]
fn a_clock_for_the_other_side_only_moves_at_once() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    let sent = Instant::now();
    e.send("go wtime 600000 winc 5000");
    let (t, line, lines) = e.wait_for(|l| l.starts_with("bestmove"), LONG);
    assert!(t - sent < Duration::from_secs(2), "{:?}", t - sent);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("black")),
        "{lines:?}"
    );
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_legal_best(&line, start, &["e2e4"]);
}

#[test]
fn extra_commands() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send("d");
    let (_, _, lines) = e.wait_for(|l| l.starts_with("Eval: "), LONG);
    assert!(lines.iter().any(|l| l.starts_with("Key: ")));
    assert!(lines.iter().any(|l| l.contains("| P |")));
    e.send("eval");
    let (_, l, _) = e.wait_for(|l| l.starts_with("Final evaluation"), LONG);
    assert!(l.contains("(White)"));
    e.send("go perft 3");
    let (_, l, lines) = e.wait_for(|l| l.starts_with("Nodes searched"), LONG);
    assert_eq!(l, "Nodes searched: 13160");
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
            .count(),
        20
    );
    e.send("perft 1");
    let (_, l, _) = e.wait_for(|l| l.starts_with("Nodes searched"), LONG);
    assert_eq!(l, "Nodes searched: 20");
    e.send("bench 3");
    let (_, l, _) = e.wait_for(|l| l.ends_with(" nps"), LONG);
    let t: Vec<&str> = l.split_whitespace().collect();
    assert_eq!(t.len(), 4);
    assert_eq!(t[1], "nodes");
    assert!(t[0].parse::<u64>().unwrap() > 0);
}

#[test]
fn bench_command_line_is_deterministic() {
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_tiefe"))
            .args(["bench", "4"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let last = text.lines().last().unwrap().to_string();
        let t: Vec<&str> = last.split_whitespace().collect();
        assert_eq!((t.len(), t[1], t[3]), (4, "nodes", "nps"), "{last}");
        t[0].parse::<u64>().unwrap()
    };
    assert_eq!(run(), run());
}

#[test]
fn debug_logging_goes_to_stderr_only() {
    let out = common::run_script(
        b"uci\nisready\nbogus\nposition startpos moves e2e5\ngo depth 2\n",
        Some("debug"),
    );
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    for l in stdout.lines() {
        let head = l.split_whitespace().next().unwrap_or("");
        assert!(
            ["id", "option", "uciok", "readyok", "info", "bestmove"].contains(&head),
            "non-UCI on stdout: {l}"
        );
    }
    // Every line in and out is logged, with a timestamp.
    assert!(
        stderr
            .lines()
            .any(|l| l.contains("<< uci") && l.starts_with("[20")),
        "{stderr}"
    );
    assert!(stderr.contains(">> uciok"));
    assert!(stderr.contains(">> readyok"));
    assert!(stderr.contains("<< go depth 2"));
    // The illegal move is a warning.
    assert!(stderr
        .lines()
        .any(|l| l.contains("WARN") && l.contains("e2e5")));
    assert!(score_of("info depth 1 score cp 5 pv e2e4").is_some());
}
