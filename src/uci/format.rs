//! UCI output: how the engine's events, its options and its extra commands' results
//! look on the wire.

use crate::engine::options::param_specs;
use crate::engine::{Event, Kind, Spec};
use crate::eval;
use crate::position::Position;
use crate::score::{mate_in_moves, S};
use crate::search::{self, Report, Stats};
use crate::tt::Bound;
use crate::types::ChessMove as Move;
use crate::wdl;

/// Engine name and authors, as sent in answer to `uci`.
pub const NAME: &str = concat!("Tiefe ", env!("TIEFE_VERSION"));
/// The `id author` line's text.
pub const AUTHOR: &str = "the Tiefe developers";

/// The lines an event becomes (none for [`Event::JobDone`], which is no output).
pub fn event_lines(e: &Event<'_>) -> Vec<String> {
    match *e {
        Event::Search { event, wdl } => vec![search_line(event, wdl)],
        Event::NoMove { in_check } => {
            let score = if in_check { "mate 0" } else { "cp 0" };
            vec![format!("info depth 0 score {score}")]
        }
        Event::BestMove { best, ponder } => vec![bestmove_line(best, ponder)],
        Event::ReadyOk => vec!["readyok".into()],
        Event::Note(s) | Event::Warning(s) => vec![format!("info string {s}")],
        Event::Perft(lines) => lines.to_vec(),
        Event::PerftStopped => vec!["info string perft stopped".into()],
        Event::Bench(r) => {
            let mut v = Vec::new();
            if r.stopped {
                v.push("info string bench stopped: the count is partial".into());
            }
            v.push(format!("stats {}", stats_text(&r.stats, r.hashfull, None)));
            v.push(format!("{} nodes {} nps", r.nodes, r.nps));
            v
        }
        Event::JobDone => Vec::new(),
    }
}

/// The line a search event becomes, with win/draw/loss odds on a line if `wdl`.
fn search_line(e: search::Event<'_>, wdl: bool) -> String {
    match e {
        search::Event::Line(report) | search::Event::Voted(report) => info_line(report, wdl),
        search::Event::CurrMove { depth, mv, number } => {
            format!("info depth {depth} currmove {mv} currmovenumber {number}")
        }
        search::Event::Stats {
            depth,
            stats,
            ebf,
            hashfull,
        } => format!(
            "info string depth {depth} {}",
            stats_text(stats, hashfull, Some(ebf))
        ),
    }
}

/// The answer to `uci`: identity, every option (then, built with the `spsa` feature,
/// every search parameter), `uciok`.
pub fn handshake(options: &[Spec]) -> Vec<String> {
    let mut v = vec![format!("id name {NAME}"), format!("id author {AUTHOR}")];
    v.extend(options.iter().map(option_line));
    v.extend(param_specs().iter().map(option_line));
    v.push("uciok".into());
    v
}

/// An option's `option` line.
pub fn option_line(spec: &Spec) -> String {
    let kind = match spec.kind {
        Kind::Spin { default, min, max } => format!("spin default {default} min {min} max {max}"),
        Kind::Check { default } => format!("check default {default}"),
        Kind::Text { default: "" } => "string default <empty>".into(),
        Kind::Text { default } => format!("string default {default}"),
        Kind::Button => "button".into(),
    };
    format!("option name {} type {kind}", spec.name)
}

/// Formats a finished iteration as a UCI `info` line, with `wdl W D L` after the
/// score when `show_wdl` (the `UCI_ShowWDL` option).
pub fn info_line(r: &Report, show_wdl: bool) -> String {
    let mut score = match mate_in_moves(r.score) {
        Some(m) => format!("mate {m}"),
        None => format!("cp {}", r.score),
    };
    if show_wdl {
        let (w, d, l) = wdl::wdl(r.score);
        score.push_str(&format!(" wdl {w} {d} {l}"));
    }
    match r.bound {
        Bound::Lower => score.push_str(" lowerbound"),
        Bound::Upper => score.push_str(" upperbound"),
        Bound::Exact => {}
    }
    let nps = r.nodes * 1000 / r.time_ms.max(1);
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} tbhits {} time {} pv",
        r.depth, r.seldepth, r.multipv, score, r.nodes, nps, r.hashfull, r.tbhits, r.time_ms
    );
    for m in &r.pv {
        line.push(' ');
        line.push_str(&m.to_string());
    }
    line
}

/// The search's choice as a `bestmove` line.
pub fn bestmove_line(best: Option<Move>, ponder: Option<Move>) -> String {
    match (best, ponder) {
        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
        (Some(b), None) => format!("bestmove {b}"),
        (None, _) => "bestmove (none)".to_string(),
    }
}

/// Search counters as people read them: nodes, table probes, hits and fill, the share
/// of cutoffs made by the first move, and the effective branching factor if given.
pub fn stats_text(s: &Stats, hashfull: u32, ebf: Option<f64>) -> String {
    let mut t = format!(
        "nodes {} tthits {} ttmisses {} tthitrate {:.1}% hashfull {} cutoffs {} firstmovecutoffs {:.1}%",
        s.nodes,
        s.tt_hits,
        s.tt_probes - s.tt_hits,
        s.hit_rate(),
        hashfull,
        s.cutoffs,
        s.first_move_rate()
    );
    if let Some(ebf) = ebf {
        t.push_str(&format!(" ebf {ebf:.2}"));
    }
    t
}

/// `d`: the board, its FEN and key, the static evaluation and the table size.
pub fn display(pos: &Position, hash_mb: usize) -> Vec<String> {
    let mut v: Vec<String> = pos.diagram().lines().map(String::from).collect();
    v.push(format!("Fen: {}", pos.to_fen()));
    v.push(format!("Key: {:016X}", pos.key()));
    v.push(format!(
        "Eval: {} (side to move), {} (White)",
        eval::evaluate(pos),
        eval::trace::breakdown(pos).white
    ));
    v.push(format!("Hash: {hash_mb} MB"));
    v
}

/// `eval`: the evaluation term by term, for each side, with the phase.
pub fn eval_table(pos: &Position) -> Vec<String> {
    let b = eval::trace::breakdown(pos);
    let mut v = vec!["term              White mg/eg    Black mg/eg    White-Black mg/eg".into()];
    let mut total = [S::default(); 2];
    for (t, term) in eval::trace::TERMS.iter().enumerate() {
        let [w, k] = b.terms[t];
        total[0] += w;
        total[1] += k;
        v.push(eval_row(term.name(), w, k));
    }
    let [w, k] = total;
    v.push(eval_row("total", w, k));
    v.push(format!("phase {} of {}", b.phase, eval::MAX_PHASE));
    if let Some(name) = b.ending {
        v.push(format!(
            "ending {name}: its own knowledge settles the score"
        ));
    }
    v.push(format!(
        "Final evaluation: {} (White), {} (side to move)",
        b.white,
        eval::evaluate(pos)
    ));
    v
}

/// One row of the `eval` table: a term's middlegame and endgame values for White, for
/// Black, and White minus Black.
fn eval_row(name: &str, w: S, k: S) -> String {
    format!(
        "{:<16} {:>5} {:>5}    {:>5} {:>5}    {:>5} {:>5}",
        name,
        w.mg(),
        w.eg(),
        k.mg(),
        k.eg(),
        w.mg() - k.mg(),
        w.eg() - k.eg()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::OPTIONS;

    fn report(score: i32, bound: Bound) -> Report {
        Report {
            depth: 12,
            seldepth: 18,
            multipv: 1,
            score,
            nodes: 5000,
            time_ms: 10,
            hashfull: 3,
            tbhits: 0,
            pv: vec!["e2e4".parse().unwrap()],
            bound,
        }
    }

    #[test]
    fn a_failed_window_is_reported_as_a_bound() {
        let exact = info_line(&report(35, Bound::Exact), false);
        assert!(exact.contains(" score cp 35 nodes "), "{exact}");
        let low = info_line(&report(35, Bound::Lower), false);
        assert!(low.contains(" score cp 35 lowerbound nodes "), "{low}");
        // As Stockfish writes it: the bound after the WDL triple.
        let high = info_line(&report(-40, Bound::Upper), true);
        let (w, d, l) = wdl::wdl(-40);
        assert!(
            high.contains(&format!(" score cp -40 wdl {w} {d} {l} upperbound nodes ")),
            "{high}"
        );
        assert!(high.ends_with(" pv e2e4"), "{high}");
    }

    #[test]
    fn option_lines() {
        let lines = handshake(OPTIONS);
        for want in [
            "option name Hash type spin default 16 min 1 max 65536",
            "option name Clear Hash type button",
            "option name Ponder type check default false",
            "option name BookFile type string default <empty>",
            "option name LearningFile type string default tiefe.lrn",
        ] {
            assert!(lines.iter().any(|l| l == want), "{want}");
        }
        assert_eq!(lines.last().map(String::as_str), Some("uciok"));
    }
}
