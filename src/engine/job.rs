//! The body of a search thread: search, report, hold `bestmove` while the GUI still owns
//! the clock (`infinite`, or `ponder` before `ponderhit`), send it, then learn.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::skill::{self, Skill};
use super::{locked, Event, Listener};
use crate::learn::{Learning, Snapshot};
use crate::position::Position;
use crate::score::MATE;
use crate::search::{self, Outcome, Pool, Request, SearchControl};
use crate::time::Limits;
use crate::tt::{Bound, TranspositionTable};
use crate::types::ChessMove;

/// Everything a search thread takes with it.
pub(super) struct SearchJob {
    pub pos: Position,
    pub limits: Limits,
    /// `Move Overhead` plus the learnt lag, ms.
    pub overhead: u64,
    /// `debug on`: statistics lines.
    pub debug: bool,
    /// `UCI_ShowWDL`.
    pub show_wdl: bool,
    /// `MultiPV`: the lines reported, however many a weaker player searches.
    pub shown_lines: usize,
    /// Weaker play, if asked for.
    pub skill: Option<Skill>,
    pub tt: Arc<TranspositionTable>,
    pub pool: Arc<Pool>,
    pub learning: Option<Arc<Mutex<Learning>>>,
    pub listener: Arc<dyn Listener>,
}

impl SearchJob {
    /// Runs the search to its `bestmove`, sends it, records the result for learning
    /// (after `bestmove`, so that its time is not on the engine's clock), gives back the
    /// table and the workers, and only then sets `done` and says the job is done: a
    /// command that needs the engine idle waits until then (see [`super::Engine`]).
    /// A learning save is written after that, holding up nothing.
    pub fn run(mut self, clock: &SearchControl, done: &AtomicBool) {
        let outcome = self.search(clock);
        while !clock.stopped() && (self.limits.infinite || clock.pondering()) {
            std::thread::sleep(Duration::from_millis(1));
        }
        clock.finish();
        let line: Vec<_> = outcome.best.into_iter().chain(outcome.ponder).collect();
        let written = self.pos.line_as_written(&line);
        self.listener.event(Event::BestMove {
            best: written.first().copied(),
            ponder: written.get(1).copied(),
        });
        let save = self
            .learning
            .as_ref()
            .and_then(|l| learn_from(l, &self.pos, &self.limits, &outcome, &*self.listener));
        let listener = Arc::clone(&self.listener);
        drop(self);
        done.store(true, Ordering::Release);
        listener.event(Event::JobDone);
        if let Some(Err(w)) = save.map(Snapshot::write) {
            listener.event(Event::Warning(&format!("Learning: {w}")));
        }
    }

    /// The search itself, with its reports turned into events (the first `MultiPV`
    /// lines: a weaker player searches more); a weaker player's choice replaces the
    /// best move, and its line is reported last, so that the GUI's line is the move
    /// played.
    fn search(&mut self, clock: &SearchControl) -> Outcome {
        let (debug, show_wdl, shown) = (self.debug, self.show_wdl, self.shown_lines);
        let listener = Arc::clone(&self.listener);
        let root = self.pos.uci_chess960().then(|| self.pos.clone());
        let send = |event: search::Event| match &root {
            Some(root) => send_written(root, event, &*listener, show_wdl),
            None => listener.event(Event::Search {
                event,
                wdl: show_wdl,
            }),
        };
        let lines = RefCell::new(Vec::new());
        let mut report = |event: search::Event| {
            if let search::Event::Line(r) = &event {
                keep_line(&mut lines.borrow_mut(), r);
                if r.multipv as usize > shown {
                    return;
                }
            }
            if debug || !matches!(event, search::Event::Stats { .. }) {
                send(event);
            }
        };
        let req = Request {
            overhead_ms: self.overhead,
            ..Request::new(&self.limits, &self.tt, clock)
        };
        let mut outcome = self.pool.search(&mut self.pos, req, &mut report);
        if let Some(s) = &self.skill {
            if let Some(m) =
                skill::pick_random(s, &self.pos, &outcome.lines, &self.limits.searchmoves)
            {
                if Some(m) != outcome.best {
                    play_instead(&mut outcome, m);
                    if let Some(line) = line_played(&lines.borrow(), m, outcome.score) {
                        send(search::Event::Line(&line));
                    }
                }
            }
        }
        if outcome.best.is_none() {
            self.listener.event(Event::NoMove {
                in_check: self.pos.in_check(),
            });
        }
        outcome
    }
}

/// `event` sent to `listener` with its moves as UCI writes them from `root` (with
/// `UCI_Chess960`, castles as the king taking its own rook: see
/// [`Position::as_written`]); `wdl` as for every search event.
fn send_written(root: &Position, event: search::Event, listener: &dyn Listener, wdl: bool) {
    let send = |event| listener.event(Event::Search { event, wdl });
    match event {
        search::Event::Line(r) | search::Event::Voted(r) => {
            let written = search::Report {
                pv: root.line_as_written(&r.pv),
                ..r.clone()
            };
            match event {
                search::Event::Line(_) => send(search::Event::Line(&written)),
                _ => send(search::Event::Voted(&written)),
            }
        }
        search::Event::CurrMove { depth, mv, number } => send(search::Event::CurrMove {
            depth,
            mv: root.as_written(mv),
            number,
        }),
        other => send(other),
    }
}

/// The skill level's move `m` in place of the search's best: with its line's score
/// (the mate in one it plays outside the lines scores as mate) and no line or ponder
/// move beyond it, so that what is learnt (the position after the move, with its score)
/// is the move played; the best line's score went with the weaker move before.
fn play_instead(outcome: &mut Outcome, m: ChessMove) {
    outcome.score = outcome
        .lines
        .iter()
        .find(|l| l.0 == m)
        .map_or(MATE - 1, |l| l.1);
    outcome.best = Some(m);
    outcome.ponder = None;
    outcome.pv = vec![m];
}

/// Keeps `r`, a finished line, as the last reported of its root move (the lines a
/// weaker player searches beyond `MultiPV` too), and the newest report last.
fn keep_line(lines: &mut Vec<search::Report>, r: &search::Report) {
    if r.bound != Bound::Exact || r.pv.is_empty() {
        return;
    }
    lines.retain(|l| l.pv[0] != r.pv[0]);
    lines.push(r.clone());
}

/// The report of the skill level's move `m`, scored `score`, as line 1: its own last
/// line (from whatever depth it was last searched), with the newest report's counters;
/// a mate in one played outside the lines as a line of depth 1. `None` before any
/// report.
fn line_played(lines: &[search::Report], m: ChessMove, score: i32) -> Option<search::Report> {
    let newest = lines.last()?;
    let own = lines.iter().find(|l| l.pv[0] == m);
    let (depth, seldepth, pv) = match own {
        Some(l) => (l.depth, l.seldepth, l.pv.clone()),
        None => (1, 1, vec![m]),
    };
    Some(search::Report {
        depth,
        seldepth,
        multipv: 1,
        score,
        pv,
        ..newest.clone()
    })
}

/// Records a finished search for learning and returns the save it calls for, if any.
/// Searches of `go infinite` are analysis, not moves of a game: they teach only when
/// deep and decisive.
fn learn_from(
    learning: &Mutex<Learning>,
    pos: &Position,
    limits: &Limits,
    outcome: &Outcome,
    listener: &dyn Listener,
) -> Option<Snapshot> {
    let score = match outcome.best {
        None if pos.in_check() => crate::score::mated_in(0),
        None => crate::score::DRAW,
        Some(_) => outcome.score,
    };
    let recorded =
        locked(learning).on_search(pos, outcome.best, outcome.depth, score, !limits.infinite);
    recorded.unwrap_or_else(|w| {
        listener.event(Event::Warning(&format!("Learning: {w}")));
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Square;

    /// The skill level's weaker move takes its own line's score (and a mate in one
    /// outside the lines, mate), drops the best line and its ponder move.
    #[test]
    fn the_move_played_carries_its_own_score() {
        let e4 = ChessMove::new(Square::E2, Square::E4, None);
        let a3 = ChessMove::new(Square::A2, Square::A3, None);
        let f7 = ChessMove::new(Square::D1, Square::F7, None);
        let mut o = Outcome {
            score: 45,
            lines: vec![(e4, 45), (a3, -20)],
            pv: vec![e4, a3],
            ponder: Some(a3),
            ..Outcome::only(Some(e4))
        };
        play_instead(&mut o, a3);
        assert_eq!((o.best, o.score, o.ponder), (Some(a3), -20, None));
        assert_eq!(o.pv, [a3]);
        play_instead(&mut o, f7);
        assert_eq!((o.best, o.score), (Some(f7), MATE - 1));
    }

    /// The line reported for the skill level's move: its own last line, as line 1 with
    /// the newest counters; a move outside the lines a line of depth 1.
    #[test]
    fn the_line_played_is_its_own() {
        let e4 = ChessMove::new(Square::E2, Square::E4, None);
        let e5 = ChessMove::new(Square::E7, Square::E5, None);
        let a3 = ChessMove::new(Square::A2, Square::A3, None);
        let h3 = ChessMove::new(Square::H2, Square::H3, None);
        let report = |depth, multipv, score, pv: Vec<ChessMove>, nodes, bound| search::Report {
            depth,
            seldepth: depth + 4,
            multipv,
            score,
            nodes,
            time_ms: nodes / 1000,
            hashfull: 0,
            tbhits: 0,
            pv,
            bound,
        };
        let mut lines = Vec::new();
        assert!(line_played(&lines, a3, 0).is_none());
        keep_line(
            &mut lines,
            &report(2, 3, -20, vec![a3, e5], 2_000, Bound::Exact),
        );
        keep_line(
            &mut lines,
            &report(3, 1, 45, vec![e4, e5], 9_000, Bound::Exact),
        );
        keep_line(
            &mut lines,
            &report(4, 1, 60, vec![e4], 20_000, Bound::Lower),
        );
        keep_line(
            &mut lines,
            &report(3, 2, 10, vec![h3], 12_000, Bound::Exact),
        );
        let l = line_played(&lines, a3, -20).unwrap();
        assert_eq!((l.depth, l.multipv, l.score, l.nodes), (2, 1, -20, 12_000));
        assert_eq!((l.pv.clone(), l.bound), (vec![a3, e5], Bound::Exact));
        let f7 = ChessMove::new(Square::D1, Square::F7, None);
        let l = line_played(&lines, f7, MATE - 1).unwrap();
        assert_eq!((l.depth, l.pv.clone(), l.score), (1, vec![f7], MATE - 1));
    }
}
