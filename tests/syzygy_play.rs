//! Syzygy tables in play, through the binary (each engine its own process, so each has
//! its own prober): wins that the fifty-move rule has cursed are scored as draws, and
//! won endgames are converted to mate in games against itself.

mod common;

use std::path::Path;

use common::{best_of, data, last_score, Engine};
use tiefe::position::Position;
use tiefe::score::TB_BOUND;

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");

fn engine(rule50: bool) -> Engine {
    let mut e = Engine::start();
    e.send(&format!("setoption name SyzygyPath value {TABLES}"));
    e.send(&format!("setoption name Syzygy50MoveRule value {rule50}"));
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.contains("70 sound table files")),
        "{lines:?}"
    );
    e
}

/// The score of `go depth <depth>` on `fen`, mates as ±(30000 - moves).
fn score(e: &mut Engine, fen: &str, depth: u32) -> i32 {
    let (_, lines) = e.think(fen, &[], &format!("depth {depth}"));
    match last_score(&lines) {
        Some((kind, v)) if kind == "mate" => v.signum() * (30_000 - v.abs()),
        Some((_, v)) => v,
        None => panic!("no score for {fen}: {lines:?}"),
    }
}

/// Every 3-4 men win and loss of the published set that needs at least three plies to
/// its next capture or pawn move, with the fifty-move counter set so that it cannot
/// get there in time: a draw with `Syzygy50MoveRule` (the default), the table's win or
/// loss without it.
#[test]
fn wins_cursed_by_the_fifty_move_counter_are_draws() {
    let mut rule50 = engine(true);
    let mut no_rule50 = engine(false);
    let mut checked = 0;
    for line in data("pychess_endgame.epd").lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 4 {
            continue;
        }
        let field = |name: &str| -> i32 {
            line.split(';')
                .find_map(|x| x.trim().strip_prefix(name)?.trim().parse().ok())
                .unwrap()
        };
        let (wdl, dtz) = (field("wdl "), field("dtz "));
        if wdl.abs() != 2 || dtz.abs() < 3 {
            continue;
        }
        // Plies left before the fifty-move rule ends the game: fewer than the table needs.
        let halfmove = 102 - dtz.abs();
        let fen = format!("{} {} {} {} {halfmove} 80", f[0], f[1], f[2], f[3]);
        Position::from_fen(&fen).expect("valid FEN");
        let drawn = score(&mut rule50, &fen, 6);
        assert!(
            drawn.abs() <= 1,
            "{fen} (wdl {wdl}, dtz {dtz}): scored {drawn} under the fifty-move rule"
        );
        let decided = score(&mut no_rule50, &fen, 6);
        assert!(
            decided.signum() == wdl.signum() && decided.abs() >= TB_BOUND,
            "{fen} (wdl {wdl}, dtz {dtz}): scored {decided} without the fifty-move rule"
        );
        checked += 1;
    }
    assert!(checked >= 70, "only {checked} positions");
}

/// Plays `fen` out, Tiefe against itself with tables, `go movetime` per move; returns
/// the moves and how it ended.
fn self_play(fen: &str, movetime: u32, max_plies: usize) -> (Vec<String>, &'static str) {
    let mut sides = [engine(true), engine(true)];
    let mut pos = Position::from_fen(fen).unwrap();
    let mut moves: Vec<String> = Vec::new();
    loop {
        if pos.legal_moves().is_empty() {
            return (moves, if pos.in_check() { "mate" } else { "stalemate" });
        }
        if pos.is_draw(usize::MAX) {
            return (moves, "draw");
        }
        if moves.len() >= max_plies {
            return (moves, "unfinished");
        }
        let e = &mut sides[moves.len() % 2];
        let (line, _) = e.think(fen, &moves, &format!("movetime {movetime}"));
        let m = best_of(&line).expect("a move");
        pos.play_uci(&m).expect("legal");
        moves.push(m);
    }
}

#[test]
fn won_endgames_are_converted_to_mate() {
    let cases = [
        // KQ v KR, Philidor's position: the table's longest kind of win.
        ("3k4/3r4/3K4/7Q/8/8/8/8 w - - 0 1", "KQvKR"),
        ("8/8/8/2k5/8/8/1r6/K2Q4 w - - 0 1", "KQvKR"),
        // KRP v KR, Lucena's position (five men: the search wins it until a capture
        // brings it into the tables).
        ("1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1", "KRPvKR"),
    ];
    for (fen, what) in cases {
        let (moves, end) = self_play(fen, 100, 200);
        assert_eq!(end, "mate", "{what} {fen}: {end} after {moves:?}");
        assert_eq!(moves.len() % 2, 1, "{what} {fen}: the winner (White) mates");
        eprintln!("{what} {fen}: mate in {} plies", moves.len());
    }
}

/// A folder of WDL files alone (as 6- and 7-men sets are often kept): the root is
/// ranked by the WDL tables of the positions its moves lead to, the score is a
/// tablebase result, and the tables stay in use in later searches. Asked at the root
/// for the DTZ table it did not have, the prober dropped the material's WDL table too:
/// no tablebase hit from then on, and an evaluation's score (10159 here).
#[test]
fn wdl_tables_alone_rank_the_root_and_stay_in_use() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tb-wdl-only");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(TABLES).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "rtbw") {
            std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
    }
    let mut e = Engine::start();
    e.send(&format!(
        "setoption name SyzygyPath value {}",
        dir.display()
    ));
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.contains("35 sound table files")),
        "{lines:?}"
    );
    let cases = [
        ("4k3/8/3K4/4P3/8/8/8/8 w - - 0 80", 1),
        ("8/8/8/8/8/2k5/8/R3K3 w - - 0 1", 1),
        ("4k3/8/3K4/4P3/8/8/8/8 b - - 0 80", -1),
    ];
    for round in 0..2 {
        for (fen, sign) in cases {
            let (line, lines) = e.think(fen, &[], "depth 6");
            let score = last_score(&lines).map(|(_, v)| v);
            assert!(
                score.is_some_and(|v| v * sign >= TB_BOUND),
                "round {round}, {fen}: {score:?} {lines:?}"
            );
            assert!(
                lines
                    .iter()
                    .any(|l| l.contains(" tbhits ") && !l.contains(" tbhits 0 ")),
                "round {round}, {fen}: no tablebase hit: {lines:?}"
            );
            let m = best_of(&line).expect("a move");
            let mut pos = Position::from_fen(fen).unwrap();
            pos.play_uci(&m).expect("a legal move");
        }
        e.send("ucinewgame");
    }
}

/// Near the fifty-move limit the root keeps only the wins that zero in time for
/// certain: with the counter at 95, g5f5 alone of the queen's winning moves (the
/// prober calls a win at exactly 100 plies a win, though KQvKP stores its distances in
/// moves and may be a ply short; the slower ones were kept beside it, and after h2h1
/// Kg3 Qf5 Kh3 every move draws). At counter 0 the other wins stay.
#[test]
fn wins_near_the_fifty_move_limit_keep_only_the_sure_moves() {
    let mut e = engine(true);
    e.send("setoption name MultiPV value 10");
    let lines_of = |e: &mut Engine, counter: u32| {
        let fen = format!("8/8/8/6Q1/6p1/5k2/7K/8 w - - {counter} 1");
        let (best, lines) = e.think(&fen, &[], "depth 1");
        let moves: Vec<String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth 1 "))
            .filter_map(|l| l.split(" pv ").nth(1))
            .filter_map(|pv| pv.split_whitespace().next().map(str::to_string))
            .collect();
        (best_of(&best), moves)
    };
    let (best, moves) = lines_of(&mut e, 95);
    assert_eq!(best.as_deref(), Some("g5f5"));
    assert_eq!(moves, ["g5f5"]);
    let (_, moves) = lines_of(&mut e, 0);
    assert!(moves.len() >= 5, "{moves:?}");
}

/// Without the fifty-move rule (`Syzygy50MoveRule` off) the root still keeps only the
/// wins that zero within 99 plies of the counter, so that the search makes progress:
/// at counter 83 four queen moves of KQvK, not the twenty that win only without the
/// rule (all were kept before).
#[test]
fn without_the_fifty_move_rule_the_root_still_makes_progress() {
    let count = |rule50: bool| {
        let mut e = engine(rule50);
        e.send("setoption name MultiPV value 30");
        let (_, lines) = e.think("8/8/8/4k3/8/8/8/KQ6 w - - 83 1", &[], "depth 1");
        lines
            .iter()
            .filter(|l| l.starts_with("info depth 1 "))
            .count()
    };
    let (with, without) = (count(true), count(false));
    assert!((1..=6).contains(&with), "{with}");
    assert_eq!(without, with);
}
