//! Iterative deepening at the root: one iteration per depth, each in an aspiration
//! window (one per MultiPV line), its lines reported, the best move chosen, and the
//! time manager asked whether to go on.

use std::sync::atomic::Ordering;

use crate::types::ChessMove;

use super::pool::{Adopted, Role};
use super::{legal_pv, Event, Interrupt, Outcome, Report, Searcher, Stats};
use crate::position::Position;
use crate::score::{is_mate, mate_in_moves, INFINITY, MAX_PLY};
use crate::syzygy::Syzygy;
use crate::time::{Iteration, Limits};
use crate::tt::Bound;

/// From when on an aspiration window that fails is reported at once, with its bound
/// (Stockfish's 3 s): a long re-search otherwise leaves the GUI with no news.
const BOUND_REPORT_AFTER: std::time::Duration = std::time::Duration::from_secs(3);

/// A root move with what the search learnt about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootMove {
    /// The legal root move.
    pub mv: ChessMove,
    /// Score in the current iteration (`-INFINITY` when it was not proven better than
    /// the best so far).
    pub score: i32,
    /// Score in the last finished iteration.
    pub prev_score: i32,
    /// Its line, from the last search that proved its score.
    pub pv: Vec<ChessMove>,
    /// Nodes spent below it in this search.
    pub nodes: u64,
}

/// A root move proven better than every other searched before it in the iteration in
/// progress (it beat alpha, in the last aspiration window that searched it): its score
/// then, a lower bound on the root's value at this depth, and its line.
#[derive(Debug, Clone)]
pub(super) struct ProvenBest {
    pub mv: ChessMove,
    pub score: i32,
    pub pv: Vec<ChessMove>,
}

/// The deepest iteration to search: `go depth`, or for `go mate N` depth 2N-1 (a mate
/// in N is found by then without pruning; deeper is pointless), within the stack.
fn max_depth(limits: &Limits) -> u32 {
    let mut max_depth = limits
        .depth
        .map(|d| d.clamp(1, MAX_PLY as u32 - 1))
        .unwrap_or(MAX_PLY as u32 - 1);
    if let Some(n) = limits.mate {
        // A mate in n takes 2n - 1 plies; saturating, since `go mate` takes any u32.
        let plies = n.max(1).saturating_mul(2) - 1;
        max_depth = max_depth.min(plies.min(MAX_PLY as u32 - 1));
    }
    max_depth
}

impl Searcher<'_> {
    /// Iterative deepening: searches `pos` one depth after another within `limits`,
    /// reporting each finished iteration, until a limit, the clock or the time manager
    /// says stop. Returns the last finished iteration's result (or a better move found
    /// in the unfinished one).
    pub(super) fn iterate(&mut self, pos: &mut Position, limits: &Limits) -> Outcome {
        self.init_root_moves(pos, limits);
        if self.root_moves.len() == 1 && limits.searchmoves.is_empty() {
            self.time.only_one_move();
        }
        let mut outcome = Outcome::only(self.root_moves.first().map(|r| r.mv));
        if outcome.best.is_none() {
            return outcome;
        }
        let max_depth = max_depth(limits);
        let mut last_score = 0;
        let mut last_nodes = 0;
        let mut next_depth = 1;
        while next_depth <= max_depth {
            let mut depth = next_depth;
            next_depth += 1;
            let Some(done_elsewhere) = self.depth_to_search(depth) else {
                continue;
            };
            self.iter_depth = depth;
            if self.shared.is_some_and(|s| s.stop.load(Ordering::Acquire)) {
                break;
            }
            let nodes_before = self.start_iteration(depth);
            let adopt_now =
                self.share_iterations && self.role == Role::Main && depth <= done_elsewhere;
            let (mut score, mut finished) = if adopt_now {
                self.interrupt = Some(Interrupt::Adopt);
                (0, 0)
            } else {
                self.search_lines(pos, depth, limits.multipv, last_score)
            };
            if self.interrupt == Some(Interrupt::Adopt) {
                if let Some((d, s)) = self.adopt_helper_result() {
                    (score, finished) = (s, 1);
                    depth = d.max(depth);
                    next_depth = depth + 1;
                }
            }
            if self.interrupted() && finished == 0 {
                self.keep_unfinished_best(pos, depth, &mut outcome);
                break;
            }
            last_score = self.finish_iteration(pos, depth, score, finished, &mut outcome);
            last_nodes = self.report_stats(depth, nodes_before, last_nodes);
            if self.interrupted() || self.limit_reached(limits, last_score) {
                break;
            }
        }
        if outcome.ponder.is_none() {
            outcome.ponder = self.ponder_from_table(pos, outcome.best);
        }
        outcome.nodes = self.nodes;
        outcome
    }

    /// The root moves to search: all legal ones, or those of `searchmoves`.
    fn init_root_moves(&mut self, pos: &Position, limits: &Limits) {
        self.root_moves = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| limits.allows(m))
            .map(|mv| RootMove {
                mv,
                score: -INFINITY,
                prev_score: -INFINITY,
                pv: vec![mv],
                nodes: 0,
            })
            .collect();
    }

    /// Whether this thread searches iteration `depth`, and if so the deepest iteration
    /// a helper has finished. Helpers leave out their skipped depths (Lazy SMP depth
    /// variety), and depths some thread has already finished when iterations are
    /// shared.
    fn depth_to_search(&self, depth: u32) -> Option<u32> {
        if self.role.skips(depth) {
            return None;
        }
        let done_elsewhere = self
            .shared
            .map_or(0, |s| s.completed.load(Ordering::Acquire));
        let done = self.share_iterations && self.role != Role::Main && depth <= done_elsewhere;
        (!done).then_some(done_elsewhere)
    }

    /// Resets the per-iteration state for iteration `depth`; returns the node count
    /// it starts from.
    fn start_iteration(&mut self, depth: u32) -> u64 {
        self.interruptible = depth > 1;
        self.stats = Stats::default();
        let nodes_before = self.nodes;
        self.seldepth = 0;
        self.root_best = None;
        for r in &mut self.root_moves {
            r.prev_score = r.score;
        }
        nodes_before
    }

    /// Searches the `multipv` lines of iteration `depth`: line k is the best of the
    /// root moves not already in lines 0..k, each in its own aspiration window (the
    /// first around `last_score`). Returns the first line's score and how many lines
    /// finished before an interruption.
    fn search_lines(
        &mut self,
        pos: &mut Position,
        depth: u32,
        multipv: usize,
        last_score: i32,
    ) -> (i32, usize) {
        let lines = multipv.clamp(1, self.root_moves.len());
        let mut score = 0;
        let mut finished = 0;
        for pv_idx in 0..lines {
            self.pv_idx = pv_idx;
            let center = if pv_idx == 0 {
                last_score
            } else {
                self.root_moves[pv_idx].prev_score
            };
            let s = self.aspiration(pos, depth as i32, center);
            if self.interrupted() {
                break;
            }
            // Best first; moves not proven better keep their earlier order.
            self.root_moves[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.score));
            if pv_idx == 0 {
                score = s;
            }
            finished += 1;
        }
        self.pv_idx = 0;
        (score, finished)
    }

    /// Takes the deepest helper iteration as this one: its move first among the root
    /// moves, with its score and line. Returns its depth and score; `None` (and the
    /// search stops, as a stop would) when there is nothing to adopt. Afterwards the
    /// search goes on unless the clock has stopped meanwhile.
    fn adopt_helper_result(&mut self) -> Option<(u32, i32)> {
        self.interrupt = Some(Interrupt::Stop);
        let a = self.shared.and_then(|s| s.take())?;
        let i = self.root_moves.iter().position(|r| r.mv == a.mv)?;
        self.interrupt = self.control.stopped().then_some(Interrupt::Stop);
        let mut r = self.root_moves.remove(i);
        r.score = a.score;
        r.pv = a.pv;
        self.root_moves.insert(0, r);
        self.seldepth = self.seldepth.max(a.seldepth);
        Some((a.depth, a.score))
    }

    /// The search stopped before any line of iteration `depth` finished. Nothing of it
    /// is exact, and its root moves' scores may be stale or unproven; the one thing it
    /// proved is the root move last found better than the others searched
    /// ([`ProvenBest`]). If that is not the last iteration's move, it is played instead
    /// (it was searched to the end, and beat that move or the window around its score),
    /// and its line reported as what it is: a lower bound at this depth, so that the
    /// GUI's line matches the move played and claims no more than was shown.
    fn keep_unfinished_best(&mut self, pos: &Position, depth: u32, outcome: &mut Outcome) {
        let Some(b) = self.root_best.take() else {
            return;
        };
        if Some(b.mv) == outcome.best {
            return;
        }
        let pv = legal_pv(pos, &b.pv, self.root_ply);
        outcome.best = Some(b.mv);
        outcome.ponder = pv.get(1).copied();
        outcome.score = b.score;
        outcome.depth = depth;
        outcome.bound = Bound::Lower;
        outcome.pv = pv.clone();
        let mut line = self.report(depth, 1, b.score, pv);
        // Unless a tablebase score replaces it in the report (see `report`): no bound.
        if self.tb.root_score.is_none() || is_mate(b.score) {
            line.bound = Bound::Lower;
        }
        (self.sink)(Event::Line(&line));
    }

    /// Takes a finished iteration (`finished` lines, the first scored `score`): sorts
    /// its lines, tells the time manager, makes it the `outcome`, publishes it to the
    /// main thread (from a helper) and reports its lines. Returns its score.
    fn finish_iteration(
        &mut self,
        pos: &Position,
        depth: u32,
        score: i32,
        finished: usize,
        outcome: &mut Outcome,
    ) -> i32 {
        // Lines searched later can come out better than earlier ones.
        self.root_moves[..finished].sort_by_key(|r| std::cmp::Reverse(r.score));
        let score = if finished > 1 {
            self.root_moves[0].score
        } else {
            score
        };
        let best = &self.root_moves[0];
        let pv = legal_pv(pos, &best.pv, self.root_ply);
        self.time.iteration_done(&Iteration {
            depth,
            best_changed: outcome.best != Some(best.mv),
            score,
            best_nodes: best.nodes,
            nodes: self.nodes,
        });
        outcome.best = Some(best.mv);
        outcome.ponder = pv.get(1).copied();
        outcome.score = score;
        outcome.depth = depth;
        outcome.bound = Bound::Exact;
        outcome.pv = pv.clone();
        let fresh = self.root_moves[..finished.max(1)]
            .iter()
            .map(|r| (r.mv, r.score))
            .collect();
        outcome.lines = with_earlier_lines(fresh, &outcome.lines);
        self.publish(depth, score, &pv);
        self.report_lines(pos, depth, score, pv, finished);
        score
    }

    /// A helper offers its finished iteration to the main thread (when iterations are
    /// shared and it finished it whole).
    fn publish(&self, depth: u32, score: i32, pv: &[ChessMove]) {
        if let (Some(s), Role::Helper(_)) = (self.shared, self.role) {
            if self.share_iterations && !self.interrupted() {
                s.publish(Adopted {
                    depth,
                    seldepth: self.seldepth,
                    mv: self.root_moves[0].mv,
                    score,
                    pv: pv.to_vec(),
                });
            }
        }
    }

    /// Reports the `finished` lines of iteration `depth`, the first with `score` and
    /// line `pv`.
    fn report_lines(
        &mut self,
        pos: &Position,
        depth: u32,
        score: i32,
        pv: Vec<ChessMove>,
        finished: usize,
    ) {
        let line = self.report(depth, 1, score, pv);
        (self.sink)(Event::Line(&line));
        for k in 1..finished {
            let r = &self.root_moves[k];
            let line = legal_pv(pos, &r.pv, self.root_ply);
            let line = self.report(depth, k as u32 + 1, r.score, line);
            (self.sink)(Event::Line(&line));
        }
    }

    /// Sends the counters of iteration `depth`, begun at `nodes_before` nodes, with its
    /// branching factor over the last iteration's `last_nodes`. Returns its nodes.
    fn report_stats(&mut self, depth: u32, nodes_before: u64, last_nodes: u64) -> u64 {
        self.stats.nodes = self.nodes - nodes_before;
        let stats = self.stats;
        (self.sink)(Event::Stats {
            depth,
            stats: &stats,
            ebf: self.stats.nodes as f64 / last_nodes.max(1) as f64,
            hashfull: self.tt.hashfull(),
        });
        self.stats.nodes
    }

    /// Whether to stop after an iteration that scored `score`: the mate `go mate`
    /// asked for is found, the clock stopped, the node limit is spent, or the time
    /// manager starts no other iteration.
    fn limit_reached(&self, limits: &Limits, score: i32) -> bool {
        if let (Some(n), Some(m)) = (limits.mate, mate_in_moves(score)) {
            if m > 0 && m as u32 <= n {
                return true;
            }
        }
        self.control.stopped()
            || self.node_limit.is_some_and(|n| self.total_nodes() >= n)
            || !self.time.start_another(self.control.budget_elapsed_ms())
    }

    /// Searches the root in a narrow window around the last score, widening it on a
    /// fail until the score falls inside. After a fail high the re-search goes a ply
    /// shallower (one more per fail high, up to `asp_fail_high_max`; back to `depth`
    /// after a fail low), as in Ethereal and Stockfish: a fail high is mostly a good
    /// move found late, which a shallower search confirms sooner.
    fn aspiration(&mut self, pos: &mut Position, depth: i32, last: i32) -> i32 {
        let mut delta = self.params.asp_delta;
        let (mut alpha, mut beta) = if depth >= self.params.asp_min_depth && !is_mate(last) {
            ((last - delta).max(-INFINITY), (last + delta).min(INFINITY))
        } else {
            (-INFINITY, INFINITY)
        };
        let mut fail_highs = 0;
        loop {
            let search_depth = self.fail_high_depth(depth, fail_highs);
            let score = self.negamax(pos, search_depth, alpha, beta, 0, false);
            if self.interrupted() {
                return score;
            }
            if score <= alpha && alpha > -INFINITY {
                self.report_bound(pos, depth, score, Bound::Upper);
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                fail_highs = 0;
            } else if score >= beta && beta < INFINITY {
                self.report_bound(pos, depth, score, Bound::Lower);
                beta = (score + delta).min(INFINITY);
                // A mate is re-searched at full depth, to be proven or refuted there.
                fail_highs = if is_mate(score) { 0 } else { fail_highs + 1 };
            } else {
                return score;
            }
            delta += delta / 2;
            if delta > self.params.asp_max_delta {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// The depth of an aspiration search of iteration `depth` after `fail_highs` fail
    /// highs in a row: a ply less for each, up to `asp_fail_high_max`, and at least
    /// one. The full depth without pruning (exact and mate mode), which must search
    /// the whole tree.
    fn fail_high_depth(&self, depth: i32, fail_highs: i32) -> i32 {
        if !self.config.pruning {
            return depth;
        }
        (depth - fail_highs.min(self.params.asp_fail_high_max)).max(1)
    }

    /// After [`BOUND_REPORT_AFTER`], tells the GUI that the window failed: the score is
    /// a bound, with the line of the move that failed high (or of the first move, when
    /// all failed low). Line 1 only, MultiPV or not: a cut iteration may play and
    /// report the move that failed high (see `keep_unfinished_best`), so the bound it
    /// rests on is one the GUI has been told of; the later lines' windows stay quiet.
    fn report_bound(&mut self, pos: &Position, depth: i32, score: i32, bound: Bound) {
        // A root in the tablebases reports their score, which is no bound.
        if !self.report_bounds
            || self.pv_idx != 0
            || self.tb.root_score.is_some()
            || self.control.elapsed() < BOUND_REPORT_AFTER
        {
            return;
        }
        let line = match (bound, &self.root_best) {
            (Bound::Lower, Some(b)) => &b.pv,
            _ => match self.root_moves.first() {
                Some(r) => &r.pv,
                None => return,
            },
        };
        let pv = legal_pv(pos, line, self.root_ply);
        let mut line = self.report(depth as u32, 1, score, pv);
        line.bound = bound;
        (self.sink)(Event::Line(&line));
    }

    /// The report of line `multipv` of an iteration at `depth`, with its root score
    /// `score` and line `pv`.
    /// A root in the tablebases reports their score unless the search proved a mate.
    fn report(&self, depth: u32, multipv: u32, score: i32, pv: Vec<ChessMove>) -> Report {
        let (score, bound) = super::reported(self.tb.root_score, score, Bound::Exact);
        Report {
            depth,
            seldepth: self.seldepth.max(depth as usize) as u32,
            multipv,
            score,
            nodes: self.total_nodes(),
            time_ms: self.control.elapsed().as_millis() as u64,
            hashfull: self.tt.hashfull(),
            tbhits: self.tb.tables.map_or(0, Syzygy::hits),
            pv,
            bound,
        }
    }

    /// A reply to expect after `best`, from the table, when the PV was cut short.
    fn ponder_from_table(&self, pos: &mut Position, best: Option<ChessMove>) -> Option<ChessMove> {
        let best = best?;
        pos.make_move(best);
        let reply = self
            .tt
            .probe(pos.key())
            .and_then(|e| e.best_move)
            .filter(|m| pos.is_legal(*m));
        pos.unmake_move();
        reply
    }
}

/// The MultiPV lines after an iteration: its `fresh` lines (those it finished), then,
/// if it was stopped before the last, the `earlier` lines of the moves it had not come
/// to, as many as there were. Without them a stop after one line of a deeper iteration
/// would leave a single candidate, and the weaker levels (skill.rs), which choose among
/// the lines, would always play the best: at a node cap the last iteration is nearly
/// always cut short.
fn with_earlier_lines(
    mut fresh: Vec<(ChessMove, i32)>,
    earlier: &[(ChessMove, i32)],
) -> Vec<(ChessMove, i32)> {
    let wanted = fresh.len().max(earlier.len());
    for &(mv, score) in earlier {
        if fresh.len() < wanted && fresh.iter().all(|l| l.0 != mv) {
            fresh.push((mv, score));
        }
    }
    fresh
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `go mate n` searches 2n - 1 plies, within the stack, for any n a GUI can send
    /// (the product overflowed for n above 2^31: a panic where overflow is checked).
    #[test]
    fn mate_limits_give_their_depth() {
        let mate = |n| Limits {
            mate: Some(n),
            ..Limits::default()
        };
        assert_eq!(max_depth(&mate(0)), 1);
        assert_eq!(max_depth(&mate(3)), 5);
        assert_eq!(max_depth(&mate(u32::MAX)), MAX_PLY as u32 - 1);
        let both = Limits {
            depth: Some(3),
            ..mate(4)
        };
        assert_eq!(max_depth(&both), 3);
    }

    /// A stopped iteration's lines come first; the earlier iteration fills the rest,
    /// without the moves already there, and no more lines than before.
    #[test]
    fn stopped_iterations_keep_earlier_lines() {
        use crate::types::Square;
        let (e4, d4, f3) = (
            ChessMove::new(Square::E2, Square::E4, None),
            ChessMove::new(Square::D2, Square::D4, None),
            ChessMove::new(Square::G1, Square::F3, None),
        );
        let earlier = [(e4, 30), (d4, 25), (f3, 20)];
        assert_eq!(
            with_earlier_lines(vec![(d4, 35)], &earlier),
            [(d4, 35), (e4, 30), (f3, 20)]
        );
        // A single line (MultiPV 1) stays single.
        assert_eq!(with_earlier_lines(vec![(d4, 35)], &[(e4, 30)]), [(d4, 35)]);
        // The first iteration has nothing earlier.
        assert_eq!(with_earlier_lines(vec![(e4, 1)], &[]), [(e4, 1)]);
    }
}
