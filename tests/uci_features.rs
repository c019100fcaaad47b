//! The UCI protocol through the real binary, its larger features: MultiPV, perft and
//! bench beside the loop, search statistics, `UCI_ShowWDL`, threads, strength limits,
//! hostile bursts, the book, memory across games and the debug log file. The protocol's
//! core (handshake, go/stop/ponder, positions, junk, clocks) is in tests/uci.rs.

mod common;

use std::time::{Duration, Instant};

use common::{assert_legal_best, assert_pvs_legal, best_of, build_book, score_of, Engine, LONG};
use tiefe::position::{Position, START_FEN};

/// The `multipv` index of an `info` line, if any.
fn multipv_of(line: &str) -> Option<usize> {
    let t: Vec<&str> = line.split_whitespace().collect();
    let i = t.iter().position(|x| *x == "multipv")?;
    t.get(i + 1)?.parse().ok()
}

/// The first move of the `pv` of an `info` line.
fn first_pv_move(line: &str) -> Option<String> {
    line.split(" pv ")
        .nth(1)?
        .split_whitespace()
        .next()
        .map(String::from)
}

/// `info depth` lines (not strings) grouped per depth, in order.
fn lines_by_depth(lines: &[String]) -> Vec<(u32, Vec<String>)> {
    let mut out: Vec<(u32, Vec<String>)> = Vec::new();
    for l in lines.iter().filter(|l| l.starts_with("info depth")) {
        let d: u32 = l.split_whitespace().nth(2).unwrap().parse().unwrap();
        match out.last_mut() {
            Some((last, group)) if *last == d => group.push(l.clone()),
            _ => out.push((d, vec![l.clone()])),
        }
    }
    out
}

#[test]
fn multipv_gives_sorted_distinct_lines() {
    let positions = [
        START_FEN,
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 4 10",
        // Two where one move is likely to stand out (a knight en prise on e4 or c3);
        // the margin check below decides which count.
        "r1bqkb1r/pppp1ppp/2n5/4p3/2B1n3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 5",
        "6k1/5ppp/8/8/8/2n5/5PPP/2R3K1 w - - 0 1",
        // And two where one capture wins a queen outright.
        "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "4k3/pp6/8/8/3q4/8/PP6/3RK3 w - - 0 1",
    ];
    let mut clear = 0;
    for fen in positions {
        let mut single = Engine::start();
        single.send(&format!("position fen {fen}"));
        single.send("go depth 8");
        let (best1, _) = single.bestmove(LONG);

        let mut e = Engine::start();
        e.send("setoption name MultiPV value 3");
        e.send(&format!("position fen {fen}"));
        e.send("go depth 8");
        let (best3, lines) = e.bestmove(LONG);
        assert_pvs_legal(&lines, fen, &[]);
        let groups = lines_by_depth(&lines);
        assert_eq!(groups.len(), 8, "{fen}");
        for (d, group) in &groups {
            let idx: Vec<usize> = group.iter().filter_map(|l| multipv_of(l)).collect();
            assert_eq!(idx, vec![1, 2, 3], "depth {d} of {fen}: {group:?}");
            let firsts: Vec<String> = group.iter().filter_map(|l| first_pv_move(l)).collect();
            let mut distinct = firsts.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), 3, "depth {d} of {fen}: {group:?}");
            let scores: Vec<i32> = group.iter().map(|l| score_of(l).unwrap().1).collect();
            assert!(
                scores.windows(2).all(|w| w[0] >= w[1]),
                "depth {d} of {fen}: {scores:?}"
            );
        }
        // The best line is the move played; where it is clearly best, MultiPV 1 plays
        // it too. Near-equal moves may swap, since the extra lines change what the table
        // and histories hold; so may a move whose lead the last iteration found first
        // (the Two Knights' f3g5 jumps ahead only at depth 8), so "clearly" asks for the
        // same move 30 cp ahead of the second line at both of the last two depths.
        let last = &groups.last().unwrap().1;
        assert_eq!(first_pv_move(&last[0]), best_of(&best3), "{fen}");
        let clear_at = |group: &Vec<String>| {
            let margin = score_of(&group[0]).unwrap().1 - score_of(&group[1]).unwrap().1;
            (first_pv_move(&group[0]), margin >= 30)
        };
        let (move8, clear8) = clear_at(last);
        let (move7, clear7) = clear_at(&groups[groups.len() - 2].1);
        if clear8 && clear7 && move7 == move8 {
            assert_eq!(best_of(&best3), best_of(&best1), "{fen}");
            clear += 1;
        }
    }
    assert!(
        clear >= 2,
        "fewer than two positions with a clearly best move"
    );
}

#[test]
fn multipv_beyond_the_legal_moves_and_with_searchmoves() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 50");
    // The king on h1 has three moves (g1, g2, h2) and the rook its fourteen.
    let fen = "7k/8/8/8/8/8/8/R6K w - - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("go depth 4");
    let (_, lines) = e.bestmove(LONG);
    assert_pvs_legal(&lines, fen, &[]);
    let legal = Position::from_fen(fen).unwrap().legal_moves().len();
    for (d, group) in lines_by_depth(&lines) {
        assert_eq!(group.len(), legal, "depth {d}");
    }
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 5 searchmoves a2a3 b2b3 g1f3 h2h4");
    let (best, lines) = e.bestmove(LONG);
    let allowed = ["a2a3", "b2b3", "g1f3", "h2h4"];
    for (d, group) in lines_by_depth(&lines) {
        assert_eq!(group.len(), 3, "depth {d}");
        for l in &group {
            assert!(allowed.contains(&first_pv_move(l).unwrap().as_str()), "{l}");
        }
    }
    assert!(allowed.contains(&best_of(&best).unwrap().as_str()));
}

/// `perft` and `bench` run beside the command loop like a search: `isready` is answered
/// while they count, `stop` ends them with a note, `quit` exits at once, and the
/// position is still the one set before.
#[test]
fn perft_and_bench_do_not_block_the_loop() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send("go perft 8");
    let asked = Instant::now();
    e.sync();
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    e.send("stop");
    e.wait_for(|l| l == "info string perft stopped", LONG);
    e.send("perft 2");
    let (_, l, _) = e.wait_for(|l| l.starts_with("Nodes searched"), LONG);
    assert_eq!(l, "Nodes searched: 600");

    e.send("bench 30");
    std::thread::sleep(Duration::from_millis(100));
    e.send("stop");
    let (_, l, lines) = e.wait_for(|l| l.ends_with(" nps"), LONG);
    assert!(
        lines.iter().any(|l| l.contains("bench stopped")),
        "{lines:?}"
    );
    assert!(l.split_whitespace().next().unwrap().parse::<u64>().is_ok());

    e.send("go perft 9");
    std::thread::sleep(Duration::from_millis(100));
    let sent = Instant::now();
    e.send("quit");
    assert!(e.wait_exit(LONG).expect("exits").success());
    assert!(
        sent.elapsed() < Duration::from_secs(2),
        "{:?}",
        sent.elapsed()
    );
}

/// `debug on` adds a statistics line per iteration; searches longer than a second
/// report the root move being searched; `bench` ends with its totals, then the count.
#[test]
fn search_statistics_and_currmove() {
    let mut e = Engine::start();
    e.send("debug on");
    e.send("go depth 6");
    let (_, lines) = e.bestmove(LONG);
    let stats: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string depth "))
        .collect();
    assert_eq!(stats.len(), 6, "{lines:?}");
    for l in &stats {
        for field in [
            "nodes",
            "tthits",
            "ttmisses",
            "hashfull",
            "firstmovecutoffs",
            "ebf",
        ] {
            assert!(l.split_whitespace().any(|w| w == field), "{l}");
        }
    }
    e.send("debug off");
    e.send("go depth 4");
    let (_, lines) = e.bestmove(LONG);
    assert!(!lines.iter().any(|l| l.starts_with("info string depth")));

    // currmove is sent as a root move starts after the first second; the first move
    // of a deep iteration can take most of a second alone, so give it three.
    e.send("go movetime 3000");
    let (_, lines) = e.bestmove(LONG);
    let cur: Vec<&String> = lines.iter().filter(|l| l.contains(" currmove ")).collect();
    assert!(!cur.is_empty(), "{lines:?}");
    let legal = Position::startpos().legal_moves();
    for l in cur {
        let w: Vec<&str> = l.split_whitespace().collect();
        let m = w[w.iter().position(|x| *x == "currmove").unwrap() + 1];
        assert!(legal.iter().any(|x| x.to_string() == m), "{l}");
        let n: usize = w[w.iter().position(|x| *x == "currmovenumber").unwrap() + 1]
            .parse()
            .unwrap();
        assert!((1..=legal.len()).contains(&n), "{l}");
    }

    e.send("bench 3");
    let (_, last, lines) = e.wait_for(|l| l.ends_with(" nps"), LONG);
    let stats = &lines[lines.len() - 2];
    assert!(stats.starts_with("stats nodes "), "{lines:?}");
    let nodes = last.split_whitespace().next().unwrap();
    assert_eq!(stats.split_whitespace().nth(2), Some(nodes));
}

/// `UCI_ShowWDL`: off by default; on, every score line carries `wdl W D L` summing to
/// 1000, certain for a mate and leaning to the side that is ahead.
#[test]
fn show_wdl() {
    let mut e = Engine::start();
    e.send("uci");
    let (_, _, lines) = e.wait_for(|l| l == "uciok", LONG);
    assert!(lines
        .iter()
        .any(|l| l == "option name UCI_ShowWDL type check default false"));
    e.send("go depth 3");
    let (_, lines) = e.bestmove(LONG);
    assert!(!lines.iter().any(|l| l.contains(" wdl ")));
    e.send("setoption name UCI_ShowWDL value true");
    let wdl_of = |l: &str| -> (u32, u32, u32) {
        let w: Vec<&str> = l.split_whitespace().collect();
        let i = w.iter().position(|x| *x == "wdl").expect("wdl field");
        let n = |k: usize| w[i + k].parse::<u32>().unwrap();
        (n(1), n(2), n(3))
    };
    // A queen up.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1");
    e.send("go depth 6");
    let (_, lines) = e.bestmove(LONG);
    let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
    assert!(!scored.is_empty());
    for l in &scored {
        let (w, d, l3) = wdl_of(l);
        assert_eq!(w + d + l3, 1000, "{l}");
        assert!(w > 900, "{l}");
    }
    // Mate in one.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("go depth 4");
    let (_, lines) = e.bestmove(LONG);
    let last = lines
        .iter()
        .rev()
        .find(|l| l.contains(" score mate 1"))
        .unwrap();
    assert_eq!(wdl_of(last), (1000, 0, 0));
}

/// `Threads`: Lazy SMP gives legal moves and summed node counts, `stop` ends every
/// thread at once, and no thread outlives its search, however often `Threads` changes.
#[test]
fn threads() {
    let mut e = Engine::start();
    e.send("uci");
    let (_, _, lines) = e.wait_for(|l| l == "uciok", LONG);
    assert!(lines
        .iter()
        .any(|l| l == "option name Threads type spin default 1 min 1 max 1024"));
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    for threads in [2, 3, 1, 4] {
        e.send(&format!("setoption name Threads value {threads}"));
        e.send(&format!("position fen {fen}"));
        e.send("go depth 9");
        let (best, lines) = e.bestmove(LONG);
        assert_legal_best(&best, fen, &[]);
        assert_pvs_legal(&lines, fen, &[]);
        assert!(lines.iter().any(|l| l.contains(" depth 9 ")), "{lines:?}");
    }
    e.send("setoption name Threads value 2");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    e.send("stop");
    let (best, _) = e.bestmove(LONG);
    assert!(
        sent.elapsed() < Duration::from_secs(1),
        "{:?}",
        sent.elapsed()
    );
    assert_legal_best(&best, fen, &[]);
    e.send("go nodes 20000");
    e.bestmove(LONG);
    e.sync();
    // Only the command loop and its input reader are left: the threads of finished
    // searches end once their result is out (given a moment to leave the scheduler).
    #[cfg(target_os = "linux")]
    {
        let count = || {
            std::fs::read_dir(format!("/proc/{}/task", e.child.id()))
                .unwrap()
                .count()
        };
        let t = Instant::now();
        while count() > 2 && t.elapsed() < Duration::from_secs(2) {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(count() <= 2, "{} threads left", count());
    }
}

/// `Skill Level` and `UCI_LimitStrength` + `UCI_Elo`: listed, legal moves at every
/// level, mate in one never missed, and the weakest level varies its choice.
#[test]
fn limited_strength() {
    let mut e = Engine::start();
    e.send("uci");
    let (_, _, lines) = e.wait_for(|l| l == "uciok", LONG);
    for want in [
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 2800 min 1000 max 2800",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want}");
    }
    let mate1 = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    for setup in [
        [
            "setoption name Skill Level value 0",
            "setoption name UCI_LimitStrength value false",
        ],
        [
            "setoption name Skill Level value 20",
            "setoption name UCI_LimitStrength value true",
        ],
    ] {
        for cmd in setup {
            e.send(cmd);
        }
        for elo in [1000, 1800, 2400] {
            e.send(&format!("setoption name UCI_Elo value {elo}"));
            e.send(&format!("position fen {mate1}"));
            e.send("go wtime 10000 btime 10000");
            let (best, _) = e.bestmove(LONG);
            assert_eq!(best_of(&best).as_deref(), Some("d1d8"), "{setup:?} {elo}");
        }
    }
    e.send("setoption name UCI_LimitStrength value false");
    e.send("setoption name Skill Level value 0");
    // The choice is random: twelve tries once all came out the same (seen in CI on a
    // loaded machine), so sample more.
    // The weaker player searches four lines but shows `MultiPV`'s one, and its last
    // line is the move it plays (it was the best line's, whatever it played).
    let mut seen = std::collections::HashSet::new();
    for _ in 0..40 {
        e.send("position startpos");
        e.send("go movetime 100");
        let (best, lines) = e.bestmove(LONG);
        assert_legal_best(&best, START_FEN, &[]);
        let played = best_of(&best).unwrap();
        let pvs: Vec<&String> = lines.iter().filter(|l| l.contains(" pv ")).collect();
        assert!(pvs.iter().all(|l| l.contains(" multipv 1 ")), "{pvs:#?}");
        let last = pvs.last().expect("a line before bestmove");
        assert_eq!(
            last.split(" pv ").nth(1).unwrap().split(' ').next(),
            Some(played.as_str()),
            "{last}"
        );
        seen.insert(played);
    }
    assert!(seen.len() >= 2, "{seen:?}");
}

/// Hostile timing and limits: a burst of 10 000 go/stop pairs, go before any position,
/// position and setoption during a search, zero, negative and huge limits, and quit
/// during a ponder search. Every go gets exactly one legal bestmove, and the position
/// set last is the one kept.
#[test]
fn hostile_bursts_and_limits() {
    let mut e = Engine::start();
    // Before any position: the start position.
    e.send("go depth 2");
    let (best, _) = e.bestmove(LONG);
    assert_legal_best(&best, START_FEN, &[]);

    let mut burst = Vec::new();
    for _ in 0..10_000 {
        burst.extend_from_slice(b"go depth 30\nstop\n");
    }
    e.send_raw(&burst);
    // The last bestmove may come after a readyok sent meanwhile; wait for all.
    let mut count = 0;
    while count < 10_000 {
        let (best, _) = e.bestmove(LONG);
        assert_legal_best(&best, START_FEN, &[]);
        count += 1;
    }
    let lines = e.sync();
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );

    // Position and setoption while searching: the search keeps its position, the new
    // one applies afterwards, the table resize waits for the search's bestmove.
    e.send("go infinite");
    e.send("position startpos moves e2e4");
    e.send("setoption name Hash value 8");
    let early = e.drain(Duration::from_millis(100));
    assert!(
        early.iter().all(|l| !l.starts_with("info string")),
        "{early:?}"
    );
    e.send("stop");
    let (best, _) = e.bestmove(LONG);
    assert_legal_best(&best, START_FEN, &[]);
    assert_eq!(
        e.display_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    e.send("d");
    e.wait_for(|l| l == "Hash: 8 MB", LONG);

    // Limits that are zero, absurd or negative still give one legal move, at once.
    for go in [
        "go depth 0",
        "go nodes 0",
        "go movetime 0",
        "go movetime -20",
        "go wtime 0 btime 0",
        "go wtime -1000 btime -1000 winc -10 binc -10 movestogo 0",
        "go wtime 1 btime 1 movestogo 1000000",
    ] {
        e.send(go);
        let (best, _) = e.bestmove(Duration::from_secs(5));
        assert_legal_best(&best, START_FEN, &["e2e4"]);
    }
    // Limits too large to reach end with stop.
    for go in [
        "go depth 1000",
        "go nodes 18446744073709551615",
        "go wtime 9223372036854775807 btime 9223372036854775807",
        "go movetime 99999999999",
    ] {
        e.send(go);
        std::thread::sleep(Duration::from_millis(100));
        e.send("stop");
        let (best, _) = e.bestmove(LONG);
        assert_legal_best(&best, START_FEN, &["e2e4"]);
    }
    e.sync();

    // Quit while pondering.
    e.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(100));
    e.send("quit");
    assert!(e.wait_exit(LONG).expect("exits").success());
}

/// `OwnBook` and `BookFile`: a book built from PGN by `tiefe-tools book build` plays its
/// moves at once; with `OwnBook` off it is never opened; a missing or corrupt book is
/// reported and the engine searches instead.
#[test]
fn own_book() {
    let (dir, book) = build_book("book", 8);
    assert_eq!(std::fs::metadata(&book).unwrap().len() % 16, 0);

    let mut e = Engine::start();
    e.send("uci");
    let (_, _, lines) = e.wait_for(|l| l == "uciok", LONG);
    assert!(lines
        .iter()
        .any(|l| l == "option name OwnBook type check default false"));
    assert!(lines
        .iter()
        .any(|l| l == "option name BookFile type string default <empty>"));
    // OwnBook off: the path is not even looked at.
    e.send("setoption name BookFile value /no/such/book.bin");
    let lines = e.sync();
    assert!(!lines.iter().any(|l| l.contains("book")), "{lines:?}");
    e.send("setoption name OwnBook value true");
    let (_, l, _) = e.wait_for(|l| l.starts_with("info string"), LONG);
    assert!(l.contains("book not used"), "{l}");
    e.send("go depth 2");
    let (_, lines) = e.bestmove(LONG);
    assert!(lines.iter().any(|l| l.starts_with("info depth")));

    e.send(&format!("setoption name BookFile value {}", book.display()));
    let (_, l, _) = e.wait_for(|l| l.starts_with("info string book"), LONG);
    assert!(l.contains("opened"), "{l}");
    // White's first moves in the book: 1. e4 (a win and a draw); 1. d4 lost.
    e.send("position startpos");
    e.send("go wtime 60000 btime 60000");
    let (best, lines) = e.bestmove(LONG);
    assert_eq!(best_of(&best).as_deref(), Some("e2e4"), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("info depth")));
    // After 1. e4 c5 2. Nf3 (from the drawn game) Black's book reply is 2... d6.
    e.send("position startpos moves e2e4 c7c5 g1f3");
    e.send("go movetime 5000");
    let (best, _) = e.bestmove(Duration::from_secs(2));
    assert_eq!(best_of(&best).as_deref(), Some("d7d6"));
    // Out of book: a search.
    e.send("position startpos moves h2h4");
    e.send("go depth 3");
    let (_, lines) = e.bestmove(LONG);
    assert!(lines.iter().any(|l| l.starts_with("info depth")));
    // Analysis never takes a book move.
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("stop");
    let (_, lines) = e.bestmove(LONG);
    assert!(lines.iter().any(|l| l.starts_with("info depth")));

    // A truncated book is refused; the engine searches on.
    let bytes = std::fs::read(&book).unwrap();
    let bad = dir.join("bad.bin");
    std::fs::write(&bad, &bytes[..bytes.len() - 5]).unwrap();
    e.send(&format!("setoption name BookFile value {}", bad.display()));
    let (_, l, _) = e.wait_for(|l| l.starts_with("info string"), LONG);
    assert!(l.contains("book not used"), "{l}");
    e.send("position startpos");
    e.send("go depth 2");
    let (_, lines) = e.bestmove(LONG);
    assert!(lines.iter().any(|l| l.starts_with("info depth")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Resident memory stays within `Hash` + 32 MB across many games: clearing the table
/// for each `ucinewgame` must not leave old tables behind (it once did: a 16 MB table
/// grew to 186 MB after a dozen games, as the allocator kept the freed ones).
#[cfg(target_os = "linux")]
#[test]
fn memory_stays_bounded_across_games() {
    let rss_kb = |pid: u32| -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap()
    };
    let mut e = Engine::start();
    e.send("setoption name Hash value 16");
    let mut most = 0;
    for _ in 0..16 {
        e.send("ucinewgame");
        e.send("position startpos moves e2e4");
        e.send("go depth 8");
        e.bestmove(Duration::from_secs(60));
        most = most.max(rss_kb(e.child.id()));
    }
    assert!(most < (16 + 32) * 1024, "resident {most} kB with Hash=16");
}

/// `Debug Log File`: every line in (`<< `) and out (`>> `) is appended to the file, in
/// order, until the option is emptied; a file that cannot be opened is reported.
#[test]
fn debug_log_file() {
    let path = std::env::temp_dir().join(format!("tiefe-log-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut e = Engine::start();
    e.send(&format!(
        "setoption name Debug Log File value {}",
        path.display()
    ));
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    e.bestmove(LONG);
    e.sync();
    e.send("setoption name Debug Log File value <empty>");
    e.send("go depth 2");
    e.bestmove(LONG);
    e.sync();
    let log = std::fs::read_to_string(&path).expect("the log was written");
    let lines: Vec<&str> = log.lines().collect();
    let at = |l: &str| lines.iter().position(|x| *x == l).unwrap_or(usize::MAX);
    assert!(
        at("<< position startpos moves e2e4") < at("<< go depth 3"),
        "{log}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with(">> info depth 3 ")),
        "{log}"
    );
    assert!(at("<< isready") < at(">> readyok"), "{log}");
    assert!(lines.iter().any(|l| l.starts_with(">> bestmove ")), "{log}");
    assert_eq!(
        lines.last(),
        Some(&"<< setoption name Debug Log File value <empty>")
    );
    let _ = std::fs::remove_file(&path);
    e.send("setoption name Debug Log File value /no/such/dir/tiefe.log");
    let (_, line, _) = e.wait_for(|l| l.starts_with("info string Debug Log File"), LONG);
    assert!(line.contains("cannot open"), "{line}");
}
