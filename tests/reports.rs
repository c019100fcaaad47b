//! What the search reports is what it proved. A search cut short (a node limit, a move
//! time, `stop`) reports of its unfinished iteration at most a bound that holds; every
//! exact line it reports is the line a complete search of that depth reports, so a
//! `score mate` in particular is one that search shows; and it plays the move of its
//! last line.
//!
//! The check rests on determinism: one thread, a fresh worker and a fresh table search
//! the same tree whatever the limits, until the limit cuts it. A complete search to the
//! deepest depth any cut search reached is then the truth for every depth.

mod common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use common::{data, perft_cases};
use tiefe::position::Position;
use tiefe::score::mate_in_moves;
use tiefe::search::{search, Event, Outcome, Report, Request, SearchControl};
use tiefe::time::Limits;
use tiefe::tt::{Bound, TranspositionTable};
use tiefe::types::ChessMove;

/// From the issue: the node limit of `go nodes 200000` cut depth 15, and the engine
/// reported `score mate 0` (it is winning) and played the move of that line.
const CUT_FEN: &str = "6kB/6P1/6P1/3r4/1K6/1R6/B1PP4/7R w - - 0 1";

const HASH_MB: usize = 16;

/// What one search reported and returned.
struct Run {
    what: String,
    lines: Vec<Report>,
    out: Outcome,
}

/// Searches `pos` within `limits` on `clock` with a fresh worker and table; returns its
/// lines and outcome.
fn search_fresh(pos: &Position, limits: &Limits, clock: &SearchControl) -> (Vec<Report>, Outcome) {
    let tt = TranspositionTable::new(HASH_MB);
    let mut lines = Vec::new();
    let mut sink = |e: Event| {
        if let Event::Line(r) = e {
            lines.push(r.clone());
        }
    };
    let mut p = pos.clone();
    let out = search(&mut p, Request::new(limits, &tt, clock), &mut sink);
    (lines, out)
}

/// A search of `pos` within `limits`, stopped after `stop_after` if given (as a GUI
/// would).
fn run(pos: &Position, limits: &Limits, stop_after: Option<Duration>, what: String) -> Run {
    let clock = SearchControl::new(Instant::now(), false);
    let (lines, out) = std::thread::scope(|s| {
        if let Some(d) = stop_after {
            let clock = &clock;
            s.spawn(move || {
                std::thread::sleep(d);
                clock.stop();
            });
        }
        search_fresh(pos, limits, &clock)
    });
    Run { what, lines, out }
}

/// What a complete search proved at each depth: its exact lines by depth and first move,
/// and the most and least it showed line 1's value to be (its exact line, and the bounds
/// of its failed aspiration windows).
struct Truth {
    line: HashMap<(u32, ChessMove), i32>,
    at_least: HashMap<u32, i32>,
    at_most: HashMap<u32, i32>,
}

impl Truth {
    /// A complete search of `pos` to `depth` with `multipv` lines, on a clock started
    /// long enough ago that it reports every failed aspiration window with its bound
    /// (which changes nothing else).
    fn of(pos: &Position, depth: u32, multipv: usize) -> Truth {
        let limits = Limits {
            depth: Some(depth),
            multipv,
            ..Limits::default()
        };
        let clock = SearchControl::new(Instant::now() - Duration::from_secs(10), false);
        let (lines, _) = search_fresh(pos, &limits, &clock);
        let mut t = Truth {
            line: HashMap::new(),
            at_least: HashMap::new(),
            at_most: HashMap::new(),
        };
        for l in &lines {
            if l.bound == Bound::Exact {
                t.line.insert((l.depth, l.pv[0]), l.score);
            }
            if l.multipv != 1 {
                continue;
            }
            if l.bound != Bound::Upper {
                let v = t.at_least.entry(l.depth).or_insert(l.score);
                *v = (*v).max(l.score);
            }
            if l.bound != Bound::Lower {
                let v = t.at_most.entry(l.depth).or_insert(l.score);
                *v = (*v).min(l.score);
            }
        }
        t
    }
}

/// How a score reads in UCI, for the messages.
fn uci(score: i32) -> String {
    match mate_in_moves(score) {
        Some(m) => format!("mate {m}"),
        None => format!("cp {score}"),
    }
}

/// Checks each run of `fen` (all with `multipv` lines) against a complete search as deep
/// as the deepest report; returns what is wrong.
fn check(fen: &str, multipv: usize, runs: &[Run]) -> Vec<String> {
    let pos = Position::from_fen(fen).unwrap();
    let deepest = runs
        .iter()
        .flat_map(|r| r.lines.iter().map(|l| l.depth))
        .max()
        .unwrap_or(1);
    let truth = Truth::of(&pos, deepest, multipv);
    let mut wrong = Vec::new();
    for r in runs {
        let at = |l: &Report| {
            format!(
                "{fen}, {}: depth {} {} {:?} pv {}",
                r.what,
                l.depth,
                uci(l.score),
                l.bound,
                l.pv[0]
            )
        };
        for l in &r.lines {
            // An exact line is the one a complete search reports; a bound, one that a
            // complete search showed too, or more.
            let t = match l.bound {
                Bound::Exact => truth.line.get(&(l.depth, l.pv[0])),
                Bound::Lower => truth.at_least.get(&l.depth),
                Bound::Upper => truth.at_most.get(&l.depth),
            };
            let holds = t.is_some_and(|&t| match l.bound {
                Bound::Exact => t == l.score,
                Bound::Lower => t >= l.score,
                Bound::Upper => t <= l.score,
            });
            // Nor is a position with moves ever mated now ("mate 0").
            let holds = holds && mate_in_moves(l.score) != Some(0);
            if !holds {
                let t = t.map_or("nothing".to_string(), |&t| uci(t));
                wrong.push(format!(
                    "{}: a complete search of that depth says {t}",
                    at(l)
                ));
            }
        }
        // The move played is the one of the last line, and so is the reply to ponder on.
        let Some(last) = r.lines.iter().rev().find(|l| l.multipv == 1) else {
            continue;
        };
        let ponder = last.pv.get(1).copied();
        if r.out.best != Some(last.pv[0])
            || (ponder.is_some() && r.out.ponder != ponder)
            || r.out.score != last.score
        {
            wrong.push(format!(
                "{}: played {:?} ponder {:?} score {}",
                at(last),
                r.out.best.map(|m| m.to_string()),
                r.out.ponder.map(|m| m.to_string()),
                uci(r.out.score)
            ));
        }
    }
    wrong
}

/// Fails with the first of `wrong` and how many there are.
fn assert_none(wrong: &[String]) {
    let shown: Vec<&String> = wrong.iter().take(12).collect();
    assert!(wrong.is_empty(), "{} wrong: {shown:#?}", wrong.len());
}

/// `n` node limits from `lo` to `hi`, evenly spread on a log scale.
fn node_limits(n: usize, lo: u64, hi: u64) -> Vec<u64> {
    let step = (hi as f64 / lo as f64).powf(1.0 / (n - 1) as f64);
    (0..n)
        .map(|i| (lo as f64 * step.powi(i as i32)).round() as u64)
        .collect()
}

/// Runs of `fen` at each node limit, with `multipv` lines.
fn node_runs(fen: &str, limits: &[u64], multipv: usize) -> Vec<Run> {
    let pos = Position::from_fen(fen).unwrap();
    limits
        .iter()
        .map(|&n| {
            let l = Limits {
                nodes: Some(n),
                multipv,
                ..Limits::default()
            };
            run(&pos, &l, None, format!("go nodes {n} (multipv {multipv})"))
        })
        .collect()
}

/// The position, cut at 50 node limits, at a few move times and by `stop`; and
/// with three lines (MultiPV) at some of the limits.
#[test]
fn cut_iterations_report_only_what_they_proved() {
    let mut limits = node_limits(49, 1_000, 300_000);
    limits.push(200_000);
    let mut wrong = check(CUT_FEN, 1, &node_runs(CUT_FEN, &limits, 1));

    let pos = Position::from_fen(CUT_FEN).unwrap();
    let mut timed = Vec::new();
    for ms in [5, 20, 60] {
        let l = Limits {
            movetime: Some(ms),
            ..Limits::default()
        };
        timed.push(run(&pos, &l, None, format!("go movetime {ms}")));
    }
    for ms in [3, 15, 40] {
        let l = Limits {
            infinite: true,
            ..Limits::default()
        };
        let d = Duration::from_millis(ms);
        timed.push(run(&pos, &l, Some(d), format!("stop after {ms} ms")));
    }
    wrong.extend(check(CUT_FEN, 1, &timed));
    let limits = node_limits(12, 2_000, 150_000);
    wrong.extend(check(CUT_FEN, 3, &node_runs(CUT_FEN, &limits, 3)));
    assert_none(&wrong);
}

/// Mates in one to three, quiet mates in two and the perft suite's positions (a sample),
/// each cut at a few node limits, one line and three.
#[test]
fn cut_iterations_report_only_what_they_proved_in_many_positions() {
    let mut fens: Vec<String> = ["mate_m1-3.epd", "quiet_mate2.epd"]
        .iter()
        .flat_map(|f| {
            data(f)
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .map(|l| l.split(" bm ").next().unwrap().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    fens.extend(
        perft_cases("perftsuite.epd")
            .into_iter()
            .step_by(9)
            .map(|c| c.0),
    );
    let limits = node_limits(6, 1_500, 40_000);
    let mut wrong = Vec::new();
    for (i, fen) in fens.iter().enumerate() {
        wrong.extend(check(fen, 1, &node_runs(fen, &limits, 1)));
        if i % 4 == 0 {
            wrong.extend(check(fen, 3, &node_runs(fen, &limits[..4], 3)));
        }
    }
    assert_none(&wrong);
}
