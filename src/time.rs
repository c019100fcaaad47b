//! Search limits and time management.
//!
//! The GUI's `go` parameters become [`Limits`]; [`Limits::deadlines`] turns a clock into
//! a soft deadline (checked between iterations: do not start another) and a hard one
//! (polled inside the search: stop now). A [`TimeManager`] holds both for one search,
//! learns from each finished iteration how far to stretch or shrink the soft one, and
//! answers the search's two questions: start another iteration? hard limit passed?
//! [`Clock`] is shared between the UCI thread and the search thread and carries the stop
//! flag and the ponder state.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::types::{ChessMove, Color};

/// What the GUI asked `go` for. Times are milliseconds; negative clock values are
/// clamped to zero when deadlines are computed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// `go depth`: the last iteration to search, in plies (at least 1; the search caps
    /// it below `MAX_PLY`). `None`: no depth limit.
    pub depth: Option<u32>,
    /// `go nodes`: stop once this many nodes are searched, counted over all threads.
    /// `None`: no node limit.
    pub nodes: Option<u64>,
    /// `go movetime`: think exactly this long (ms), less `Move Overhead` and a small
    /// reserve; overrides the clocks.
    pub movetime: Option<i64>,
    /// `go mate N`: look for a mate in N moves (at least 1); the search stops once it
    /// finds one that short and goes no deeper than 2N − 1 plies.
    pub mate: Option<u32>,
    /// `go infinite`: analysis; `bestmove` is held back until `stop`.
    pub infinite: bool,
    /// `go ponder`: thinking on the opponent's time; no time limit counts and
    /// `bestmove` is held back until `ponderhit` or `stop`.
    pub ponder: bool,
    /// White's remaining clock (ms).
    pub wtime: Option<i64>,
    /// Black's remaining clock (ms).
    pub btime: Option<i64>,
    /// White's increment per move (ms).
    pub winc: Option<i64>,
    /// Black's increment per move (ms).
    pub binc: Option<i64>,
    /// Moves until the next time control (at least 1); `None`: sudden death, planned
    /// as 25 moves to go.
    pub movestogo: Option<u32>,
    /// Root moves to consider; empty means all.
    pub searchmoves: Vec<ChessMove>,
    /// Best root moves to search and report (MultiPV); 0 counts as 1.
    pub multipv: usize,
}

/// When to stop, in milliseconds after the clock started (or after `ponderhit`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Deadlines {
    /// Do not start a new iteration after this.
    pub soft: Option<u64>,
    /// Abort the search at this point.
    pub hard: Option<u64>,
}

/// Moves we plan for when the GUI gives no `movestogo` (sudden death).
const DEFAULT_MOVES_TO_GO: i64 = 25;
/// The most moves planned for, whatever `movestogo` says: a long control's last moves
/// are not worth less than its first.
const MAX_MOVES_TO_GO: i64 = 50;
/// The share of the increment a move plans to spend, as a fraction (7/8): the rest
/// builds a reserve against a slow machine.
const INC_SPENT_NUM: i64 = 7;
const INC_SPENT_DEN: i64 = 8;
/// The hard deadline: at most this many planned shares on one move...
const MAX_SHARES_PER_MOVE: i64 = 3;
/// ...and never more than this fraction (1/N) of what is left on the clock.
const MAX_CLOCK_FRACTION: i64 = 3;
/// The least deadline given, in milliseconds: even an empty clock must find a move.
const MIN_DEADLINE_MS: i64 = 1;
/// Kept back from `go movetime` on top of `Move Overhead`: a third of it, at most
/// [`MOVETIME_RESERVE_MS`]. A fixed time per move is an exact limit that runners
/// enforce to the millisecond (fastchess has no margin by default), unlike a clock's,
/// whose hard deadline is far from the flag. In 300 games at st=0.1 on a busy two-core
/// machine, 5 of about 39000 moves came 11 to 21 ms past the engine's deadline with no
/// reserve, and one still came 33 ms past it with a 20 ms reserve (scheduling, not
/// search: the search polls the clock about once a millisecond). A third of 100 ms
/// covers that tail; a long movetime loses at most 50 ms.
const MOVETIME_RESERVE_SHARE: i64 = 3;
/// The most [`MOVETIME_RESERVE_SHARE`] keeps back, in milliseconds.
const MOVETIME_RESERVE_MS: i64 = 50;

impl Limits {
    /// The clock of `side`, as the GUI gave it.
    fn clock_of(&self, side: Color) -> Option<i64> {
        match side {
            Color::White => self.wtime,
            Color::Black => self.btime,
        }
    }

    /// A timed `go` whose GUI gave the other side's clock but not ours: a timed game
    /// that left ours out. Stockfish then plays at once, as if our clock were empty,
    /// rather than think until a `stop` that a timed GUI never sends; so does
    /// [`Limits::deadlines`], and the UCI layer says why.
    pub fn lacks_own_clock(&self, us: Color) -> bool {
        self.movetime.is_none() && self.clock_of(us).is_none() && self.clock_of(!us).is_some()
    }

    /// The part of `us`'s increment a move plans to spend (ms): [`INC_SPENT_NUM`] /
    /// [`INC_SPENT_DEN`] of it.
    fn increment_share(&self, us: Color) -> i64 {
        let inc = match us {
            Color::White => self.winc,
            Color::Black => self.binc,
        };
        inc.unwrap_or(0).max(0) * INC_SPENT_NUM / INC_SPENT_DEN
    }

    /// Computes deadlines for the side `us`, keeping `overhead` ms in hand for the GUI
    /// and the pipe. The hard deadline never exceeds the remaining clock minus overhead.
    pub fn deadlines(&self, us: Color, overhead: u64) -> Deadlines {
        let overhead = overhead as i64;
        if let Some(mt) = self.movetime {
            let reserve = (mt / MOVETIME_RESERVE_SHARE).min(MOVETIME_RESERVE_MS);
            let t = (mt - overhead - reserve).max(MIN_DEADLINE_MS) as u64;
            return Deadlines {
                soft: Some(t),
                hard: Some(t),
            };
        }
        let time = if self.lacks_own_clock(us) {
            Some(0)
        } else {
            self.clock_of(us)
        };
        let Some(time) = time else {
            return Deadlines::default();
        };
        let time = time.max(0);
        let available = (time - overhead).max(MIN_DEADLINE_MS);
        let mtg = self
            .movestogo
            .map(|m| (m as i64).clamp(1, MAX_MOVES_TO_GO))
            .unwrap_or(DEFAULT_MOVES_TO_GO);
        let base = available / mtg + self.increment_share(us);
        // At most three planned shares on one move, and never more than a third of what
        // is left: a process starved of CPU by a busy machine overruns its deadline, and
        // what is kept back absorbs that.
        let hard = (base * MAX_SHARES_PER_MOVE)
            .min(available / MAX_CLOCK_FRACTION)
            .max(MIN_DEADLINE_MS);
        let soft = base.min(hard).max(MIN_DEADLINE_MS);
        Deadlines {
            soft: Some(soft as u64),
            hard: Some(hard as u64),
        }
    }
}

/// Scale factors are in hundredths (100 = the soft deadline as planned).
const HUNDREDTHS: u64 = 100;
/// The soft deadline scaled by best-move stability: STABILITY_BASE less STABILITY_STEP
/// for each finished iteration the best move has not changed, down to STABILITY_MIN
/// (1.20 to 0.80, as Ethereal scales it). A move that keeps changing is worth more
/// thought, a settled one less; the range is narrow because the node share below
/// says much the same.
const STABILITY_BASE: u64 = 120;
const STABILITY_STEP: u64 = 4;
const STABILITY_MIN: u64 = 80;
/// The soft deadline scaled by the best move's share of the nodes (in percent):
/// AT_USUAL + (USUAL_SHARE − share)·PER_SHARE/100, within [MIN, MAX]. About 1 at the
/// usual share, more as the share falls (the alternatives are close), less as it rises
/// (the best move has left them behind). 0.2 of the soft limit at a 90% share, as it
/// was, left a third of the clock unused at the end of a game.
const NODE_SCALE_AT_USUAL: i64 = 100;
const NODE_SCALE_USUAL_SHARE: i64 = 70;
const NODE_SCALE_PER_SHARE: i64 = 200;
const NODE_SCALE_MIN: i64 = 50;
const NODE_SCALE_MAX: i64 = 200;
/// The soft deadline scaled by a falling score: 100 + PER_CP per centipawn dropped
/// since the last iteration, within [MIN, MAX]. A falling score may be a threat found
/// late; a rising one needs no extra time.
const SCORE_SCALE_PER_CP: i64 = 1;
const SCORE_SCALE_MIN: i64 = 90;
const SCORE_SCALE_MAX: i64 = 150;

/// What the time manager learns from one finished iteration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Iteration {
    /// Depth of the iteration (the first one has no earlier score to compare with).
    pub depth: u32,
    /// Whether its best move differs from the move the search would have played before
    /// it (before the first iteration: the first legal move).
    pub best_changed: bool,
    /// Its score, from the side to move.
    pub score: i32,
    /// Nodes spent below the best move in this search so far.
    pub best_nodes: u64,
    /// Nodes spent in all in this search so far (the best move's share is
    /// `best_nodes / nodes`).
    pub nodes: u64,
}

/// The time of one search: its deadlines, and the soft one scaled by what the finished
/// iterations say (best-move stability, score trend, the best move's node share). One
/// type so that every time decision and number is in one place; the search only asks.
#[derive(Debug, Clone, Default)]
pub struct TimeManager {
    deadlines: Deadlines,
    /// `go movetime` asks for that much thinking: the soft deadline is not scaled.
    fixed: bool,
    /// Finished iterations the best move has not changed.
    stability: usize,
    /// The last finished iteration's score.
    last_score: i32,
    /// The soft deadline in effect now: scaled after each finished iteration.
    soft: Option<u64>,
    /// The least the scaling leaves of the soft deadline: the increment's planned share
    /// (ms). A settled move planned below it hands time back to a clock that grows
    /// with every such move; over a long stable endgame that left a second and more
    /// unused at the end of a game, time no later move was given.
    floor: u64,
}

impl TimeManager {
    /// The time of a search by `us` within `limits`, keeping `overhead_ms` in hand.
    pub fn new(limits: &Limits, us: Color, overhead_ms: u64) -> TimeManager {
        let deadlines = limits.deadlines(us, overhead_ms);
        TimeManager {
            deadlines,
            fixed: limits.movetime.is_some(),
            stability: 0,
            last_score: 0,
            soft: deadlines.soft,
            floor: limits.increment_share(us) as u64,
        }
    }

    /// No deadlines: a search that runs until it is stopped or reaches its depth (the
    /// helper threads, which the main thread stops).
    pub fn unlimited() -> TimeManager {
        TimeManager::default()
    }

    /// The deadlines as planned, before any scaling.
    pub fn deadlines(&self) -> Deadlines {
        self.deadlines
    }

    /// The soft deadline in effect after the iterations so far (ms after the start).
    pub fn soft_limit(&self) -> Option<u64> {
        self.soft
    }

    /// Takes a finished iteration, and rescales the soft deadline for it.
    pub fn iteration_done(&mut self, it: &Iteration) {
        self.stability = if it.best_changed {
            0
        } else {
            self.stability + 1
        };
        let drop = if it.depth > 1 {
            self.last_score - it.score
        } else {
            0
        };
        self.last_score = it.score;
        if !self.fixed {
            self.soft = self.deadlines.soft.map(|soft| self.scaled(soft, drop, it));
        }
    }

    /// `soft` scaled for the iteration `it` whose score fell by `drop`, within the hard
    /// deadline.
    fn scaled(&self, soft: u64, drop: i32, it: &Iteration) -> u64 {
        let stab = STABILITY_BASE
            .saturating_sub(STABILITY_STEP * self.stability as u64)
            .max(STABILITY_MIN);
        let share = (it.best_nodes * HUNDREDTHS / it.nodes.max(1)) as i64;
        let node = (NODE_SCALE_AT_USUAL
            + (NODE_SCALE_USUAL_SHARE - share) * NODE_SCALE_PER_SHARE / HUNDREDTHS as i64)
            .clamp(NODE_SCALE_MIN, NODE_SCALE_MAX) as u64;
        let score = (HUNDREDTHS as i64 + drop as i64 * SCORE_SCALE_PER_CP)
            .clamp(SCORE_SCALE_MIN, SCORE_SCALE_MAX) as u64;
        let scaled = (soft * stab / HUNDREDTHS * node / HUNDREDTHS * score / HUNDREDTHS)
            .max(self.floor.min(soft));
        match self.deadlines.hard {
            Some(hard) => scaled.min(hard),
            None => scaled,
        }
    }

    /// Whether to start another iteration: always while pondering (the clock is not
    /// ours yet), else while the scaled soft deadline has not passed.
    pub fn start_another(&self, clock: &Clock) -> bool {
        clock.pondering()
            || self
                .soft
                .is_none_or(|soft| clock.budget_elapsed_ms() < soft)
    }

    /// Whether the hard deadline has passed (never while pondering): the search must
    /// stop now.
    #[inline]
    pub fn hard_limit_passed(&self, clock: &Clock) -> bool {
        !clock.pondering()
            && self
                .deadlines
                .hard
                .is_some_and(|hard| clock.budget_elapsed_ms() >= hard)
    }
}

/// Shared search state between the UCI thread and the search thread.
#[derive(Debug)]
pub struct Clock {
    start: Instant,
    stop: AtomicBool,
    pondering: AtomicBool,
    /// Milliseconds after `start` at which `ponderhit` came (0 if it did not).
    ponderhit_ms: AtomicU64,
    /// Milliseconds after `start` at which `bestmove` went out (0 until then).
    finished_ms: AtomicU64,
}

impl Clock {
    /// A clock started at `start` (when `go` arrived), pondering or not.
    pub fn new(start: Instant, pondering: bool) -> Clock {
        Clock {
            start,
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            ponderhit_ms: AtomicU64::new(0),
            finished_ms: AtomicU64::new(0),
        }
    }

    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Release);
    }

    /// Whether a stop was asked for (by `stop`, `quit`, a limit or the main thread);
    /// the search polls this.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Acquire)
    }

    /// The ponder move was played: from now on the time limits count, measured from now.
    pub fn ponderhit(&self) {
        let now = self.start.elapsed().as_millis() as u64;
        self.ponderhit_ms.store(now, Ordering::Release);
        self.pondering.store(false, Ordering::Release);
    }

    /// Whether the search is still pondering: started by `go ponder` and no
    /// `ponderhit` yet. While it is, no deadline counts.
    #[inline]
    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Acquire)
    }

    /// Notes that `bestmove` is going out now (for [`LagTracker`]).
    pub fn finish(&self) {
        let now = self.start.elapsed().as_millis() as u64;
        self.finished_ms.store(now.max(1), Ordering::Release);
    }

    /// Milliseconds from `go` to `bestmove`, once it went out.
    pub fn finished_ms(&self) -> Option<u64> {
        Some(self.finished_ms.load(Ordering::Acquire)).filter(|&t| t > 0)
    }

    /// Time since `go`.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Milliseconds counted against the deadlines: since `ponderhit` if there was one.
    #[inline]
    pub fn budget_elapsed_ms(&self) -> u64 {
        let now = self.start.elapsed().as_millis() as u64;
        now.saturating_sub(self.ponderhit_ms.load(Ordering::Acquire))
    }
}

/// What a timed `go` said about our clock, kept to compare with the next one.
#[derive(Debug, Clone)]
struct TimedGo {
    us: Color,
    time: i64,
    inc: i64,
    movestogo: Option<u32>,
    ply: usize,
    ponder: bool,
    clock: std::sync::Arc<Clock>,
}

/// Learns how much more time the GUI charges per move than the engine spends between
/// `go` and `bestmove`: the pipe's and the GUI's delay, which a loaded machine or a
/// remote link can make far larger than any fixed `Move Overhead`. From two timed `go`
/// commands for the same side two plies apart, charged = time before + increment − time
/// after; the lag is charged minus the engine's own time, at most [`LAG_MAX_MS`]. The
/// estimate is the median of the last [`LAG_WINDOW`] lags of this game, so that one
/// scheduling spike does not shorten the moves after it; it is added to `Move
/// Overhead`, and forgotten at a new game.
#[derive(Debug, Default)]
pub struct LagTracker {
    last: Option<TimedGo>,
    /// The latest lags measured, oldest first (ms).
    recent: std::collections::VecDeque<u64>,
    estimate_ms: u64,
}

/// Largest lag believed (ms): a GUI or pipe slower than that is better served by a
/// larger `Move Overhead`, and a larger figure is more likely a clock jump (a paused
/// GUI, a changed control) than a delay that will come again.
const LAG_MAX_MS: u64 = 100;
/// How many recent lags the median is taken over.
const LAG_WINDOW: usize = 7;

impl LagTracker {
    /// The lag to add to `Move Overhead` now (ms).
    pub fn estimate_ms(&self) -> u64 {
        self.estimate_ms
    }

    /// Takes a `go` about to be searched at game ply `ply`, with its search clock, and
    /// learns from the previous one if it was our last move in the same game.
    pub fn on_go(&mut self, limits: &Limits, us: Color, ply: usize, clock: std::sync::Arc<Clock>) {
        let (time, inc) = match us {
            Color::White => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        if let (Some(prev), Some(time)) = (self.last.take(), time) {
            let same_game = prev.us == us && prev.ply + 2 == ply;
            let control_boundary = prev.movestogo == Some(1);
            if same_game && !control_boundary && !prev.ponder {
                if let Some(spent) = prev.clock.finished_ms() {
                    let charged = prev.time + prev.inc - time;
                    let lag = (charged - spent as i64).clamp(0, LAG_MAX_MS as i64) as u64;
                    self.learn(lag);
                }
            }
        }
        self.last = time.map(|time| TimedGo {
            us,
            time,
            inc: inc.unwrap_or(0),
            movestogo: limits.movestogo,
            ply,
            ponder: limits.ponder,
            clock,
        });
    }

    /// A new game: its lags will be measured afresh.
    pub fn new_game(&mut self) {
        *self = LagTracker::default();
    }

    /// Takes one measured lag (ms).
    fn learn(&mut self, lag: u64) {
        if self.recent.len() == LAG_WINDOW {
            self.recent.pop_front();
        }
        self.recent.push_back(lag);
        let mut sorted: Vec<u64> = self.recent.iter().copied().collect();
        sorted.sort_unstable();
        self.estimate_ms = sorted[sorted.len() / 2];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `go`: the side to move, wtime, btime, winc, binc, movestogo, movetime, and
    /// the overhead (Move Overhead plus measured lag).
    type Go = (
        Color,
        Option<i64>,
        Option<i64>,
        Option<i64>,
        Option<i64>,
        Option<u32>,
        Option<i64>,
        u64,
    );

    /// Finished iterations to scale the soft limit for: (iterations the best move has
    /// not changed, centipawns the score fell since the last one, the best move's
    /// nodes, all nodes).
    const ITERATIONS: [(usize, i32, u64, u64); 10] = [
        (0, 0, 500, 1000),
        (1, 0, 500, 1000),
        (2, 0, 500, 1000),
        (7, 0, 500, 1000),
        (3, 30, 500, 1000),
        (3, -30, 500, 1000),
        (3, 200, 500, 1000),
        (3, 0, 950, 1000),
        (3, 0, 0, 0),
        (0, 80, 100, 1000),
    ];

    const W: Color = Color::White;
    const B: Color = Color::Black;

    /// Clock cases and what they give: the soft and hard deadlines, and the soft limit
    /// in effect after each of [`ITERATIONS`] (`None`: no deadline at all). Pinned when
    /// the time manager became one type (unchanged then), again when its scaling was
    /// rebalanced (the clock bundle in docs/strength.md), and when the increment's share
    /// became the least a scaled soft limit keeps (only the flagged clock with an
    /// increment changed: 1 ms where the scaling gave 0).
    type Pinned = Option<(u64, u64, [u64; 10])>;
    #[rustfmt::skip]
    const PINNED: &[(Go, Pinned)] = &[
        ((W, Some(60_000), Some(60_000), None, None, None, None, 10),
            Some((2399, 7197, [4029, 3894, 3760, 3089, 4713, 3263, 5439, 1295, 5180, 7197]))),
        ((B, Some(60_000), Some(55_000), Some(1_000), Some(1_000), None, None, 10),
            Some((3074, 9222, [5163, 4991, 4818, 3959, 6039, 4181, 6969, 1659, 6638, 9222]))),
        ((W, Some(300_000), Some(300_000), Some(2_000), Some(2_000), Some(40), None, 50),
            Some((9248, 27744, [15535, 15017, 14499, 11911, 18175, 12582, 20971, 4993, 19974, 27744]))),
        ((B, Some(10_000), Some(3_000), Some(100), Some(100), Some(1), None, 10),
            Some((996, 996, [996, 996, 996, 996, 996, 996, 996, 537, 996, 996]))),
        ((W, Some(8_000), Some(8_000), Some(80), Some(80), None, None, 30),
            Some((388, 1164, [651, 630, 607, 498, 761, 527, 879, 209, 838, 1164]))),
        ((B, Some(8_000), Some(7_400), Some(80), Some(80), None, None, 30),
            Some((364, 1092, [610, 590, 569, 467, 715, 495, 825, 196, 786, 1092]))),
        ((W, Some(500), Some(500), None, None, None, None, 10),
            Some((19, 57, [30, 30, 29, 23, 36, 25, 42, 10, 40, 57]))),
        ((W, Some(30), Some(30), None, None, None, None, 10),
            Some((1, 1, [1, 1, 1, 0, 1, 0, 1, 0, 1, 1]))),
        ((B, Some(1_000), Some(-50), Some(100), Some(100), None, None, 10),
            Some((1, 1, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]))),
        ((W, Some(3_600_000), Some(3_600_000), Some(0), Some(0), Some(80), None, 100),
            Some((71998, 215994,
                [120955, 116923, 112891, 92733, 141516, 97973, 163288, 38878, 155514, 215994]))),
        ((B, Some(1_000), Some(200_000), Some(0), Some(5_000), Some(3), None, 100),
            Some((66633, 66633,
                [66633, 66633, 66633, 66633, 66633, 66633, 66633, 35981, 66633, 66633]))),
        ((W, None, None, None, None, None, Some(1_000), 10),
            Some((940, 940, [940, 940, 940, 940, 940, 940, 940, 940, 940, 940]))),
        ((B, None, None, None, None, None, Some(40), 10),
            Some((17, 17, [17, 17, 17, 17, 17, 17, 17, 17, 17, 17]))),
        ((W, Some(5_000), Some(5_000), None, None, None, Some(2_000), 10),
            Some((1940, 1940, [1940, 1940, 1940, 1940, 1940, 1940, 1940, 1940, 1940, 1940]))),
        ((W, None, Some(60_000), None, Some(1_000), None, None, 10),
            Some((1, 1, [1, 1, 1, 0, 1, 0, 1, 0, 1, 1]))),
        ((B, None, None, Some(1_000), Some(1_000), None, None, 10),
            None),
    ];

    /// The soft and hard deadlines of `go`, and the soft limit in effect after each of
    /// [`ITERATIONS`], from the time manager.
    fn pinned(go: Go) -> Pinned {
        let (us, wtime, btime, winc, binc, movestogo, movetime, overhead) = go;
        let limits = Limits {
            wtime,
            btime,
            winc,
            binc,
            movestogo,
            movetime,
            ..Limits::default()
        };
        let d = TimeManager::new(&limits, us, overhead).deadlines();
        let (Some(soft), Some(hard)) = (d.soft, d.hard) else {
            assert_eq!(d, Deadlines::default(), "{go:?}");
            return None;
        };
        let scaled = ITERATIONS.map(|(stability, drop, best_nodes, nodes)| {
            // The best move changes in the first two iterations and then holds for
            // `stability` more; the score is 0 until the last, which is `drop` lower.
            let mut tm = TimeManager::new(&limits, us, overhead);
            let last = stability as u32 + 2;
            for depth in 1..=last {
                tm.iteration_done(&Iteration {
                    depth,
                    best_changed: depth <= 2,
                    score: if depth == last { -drop } else { 0 },
                    best_nodes,
                    nodes,
                });
            }
            tm.soft_limit().expect("a soft deadline")
        });
        Some((soft, hard, scaled))
    }

    /// The time manager's deadlines and scaled soft limits, pinned for a table of clock
    /// cases: reshaping the time code must not change when the engine moves.
    #[test]
    fn deadlines_and_scaling_are_pinned() {
        for &(go, want) in PINNED {
            assert_eq!(pinned(go), want, "{go:?}");
        }
    }

    /// The soft limit as the scaling means it: as planned at the usual node share and a
    /// middling stability, more when the share falls or the move keeps changing, less
    /// when it holds, never past the hard deadline.
    #[test]
    fn scaling_follows_the_search() {
        let limits = Limits {
            wtime: Some(60_000),
            btime: Some(60_000),
            ..Limits::default()
        };
        let soft_after = |unchanged: u32, share: u64| {
            let mut tm = TimeManager::new(&limits, Color::White, 10);
            for depth in 1..=unchanged + 1 {
                tm.iteration_done(&Iteration {
                    depth,
                    best_changed: depth == 1,
                    score: 0,
                    best_nodes: share,
                    nodes: 100,
                });
            }
            tm.soft_limit().unwrap()
        };
        let planned = TimeManager::new(&limits, Color::White, 10).deadlines();
        let (soft, hard) = (planned.soft.unwrap(), planned.hard.unwrap());
        let usual = soft_after(5, NODE_SCALE_USUAL_SHARE as u64);
        assert!(usual.abs_diff(soft) <= 1, "{usual} {soft}");
        assert!(soft_after(5, 50) > usual && soft_after(5, 90) < usual);
        assert!(soft_after(0, 70) > usual && soft_after(10, 70) < usual);
        assert!(soft_after(0, 0) <= hard);
    }

    /// A settled move on a short clock (a long endgame at 5+0.05) is still given the
    /// increment's planned share: the scaling would plan about half of it, and every
    /// such move would add to a clock that is never used.
    #[test]
    fn a_settled_move_spends_the_increment() {
        let limits = Limits {
            wtime: Some(400),
            btime: Some(400),
            winc: Some(50),
            binc: Some(50),
            ..Limits::default()
        };
        let mut tm = TimeManager::new(&limits, Color::White, 10);
        let planned = tm.deadlines().soft.unwrap();
        for depth in 1..=12 {
            tm.iteration_done(&Iteration {
                depth,
                best_changed: depth == 1,
                score: 10 * depth as i32,
                best_nodes: 95,
                nodes: 100,
            });
        }
        let share = (50 * INC_SPENT_NUM / INC_SPENT_DEN) as u64;
        assert_eq!(tm.soft_limit(), Some(share), "planned {planned}");
        assert!(planned > share);
    }

    #[test]
    fn movetime_keeps_overhead() {
        let l = Limits {
            movetime: Some(1000),
            ..Limits::default()
        };
        let d = l.deadlines(Color::White, 10);
        assert_eq!(d.hard, Some(940));
        assert_eq!(d.soft, Some(940));
        // A short movetime keeps back a third for the reserve.
        let l = Limits {
            movetime: Some(40),
            ..Limits::default()
        };
        assert_eq!(l.deadlines(Color::White, 10).hard, Some(17));
        let l = Limits {
            movetime: Some(100),
            ..Limits::default()
        };
        assert_eq!(l.deadlines(Color::White, 10).hard, Some(57));
    }

    #[test]
    fn only_the_other_clock_means_no_time() {
        let l = Limits {
            wtime: Some(60_000),
            winc: Some(1000),
            ..Limits::default()
        };
        let d = l.deadlines(Color::Black, 10);
        assert_eq!((d.soft, d.hard), (Some(1), Some(1)));
        assert!(l.deadlines(Color::White, 10).hard.unwrap() > 1000);
        // No clock at all is an infinite search.
        let l = Limits {
            winc: Some(1000),
            ..Limits::default()
        };
        assert_eq!(l.deadlines(Color::Black, 10).hard, None);
    }

    #[test]
    fn clock_never_exceeded() {
        for time in [-50i64, 0, 1, 5, 30, 100, 1000, 5000, 60_000, 3_600_000] {
            for inc in [0i64, 50, 1000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let l = Limits {
                        btime: Some(time),
                        binc: Some(inc),
                        movestogo: mtg,
                        ..Limits::default()
                    };
                    let d = l.deadlines(Color::Black, 10);
                    let (soft, hard) = (d.soft.unwrap(), d.hard.unwrap());
                    assert!(soft <= hard, "{time} {inc} {mtg:?}");
                    assert!(hard >= 1);
                    if time > 20 {
                        assert!((hard as i64) < time - 10, "{time} {inc} {mtg:?}: {hard}");
                    }
                }
            }
        }
    }

    #[test]
    fn no_clock_no_deadline() {
        let l = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        assert_eq!(l.deadlines(Color::White, 10), Deadlines::default());
    }

    #[test]
    fn lag_is_learnt_from_the_clock_reports() {
        let go = |wtime: i64| Limits {
            wtime: Some(wtime),
            btime: Some(wtime),
            winc: Some(100),
            binc: Some(100),
            ..Limits::default()
        };
        let finished = |ms: u64| {
            let c = std::sync::Arc::new(Clock::new(
                Instant::now() - Duration::from_millis(ms),
                false,
            ));
            c.finish();
            c
        };
        let mut lag = LagTracker::default();
        // Move 1: 10 s on the clock; we spend 300 ms; the GUI then reports 9 650 ms
        // (10 000 + 100 - 9 650 = 450 charged): 150 ms of lag, believed up to 100.
        lag.on_go(&go(10_000), Color::White, 0, finished(300));
        assert_eq!(lag.estimate_ms(), 0);
        lag.on_go(&go(9_650), Color::White, 2, finished(300));
        assert_eq!(lag.estimate_ms(), LAG_MAX_MS);
        // Lags of about 30 ms (a few ms either way for the clocks' rounding): the
        // median follows them once they are most of the window.
        let mut wtime = 9_650;
        for ply in (4..12).step_by(2) {
            wtime += 100 - 330;
            lag.on_go(&go(wtime), Color::White, ply, finished(300));
        }
        let e = lag.estimate_ms();
        assert!((25..=35).contains(&e), "{e}");
        // One spike does not move the median.
        wtime += 100 - 390;
        lag.on_go(&go(wtime), Color::White, 12, finished(300));
        assert_eq!(lag.estimate_ms(), e);
        // Another game (ply not two on), another side, or a ponder search: no lesson.
        lag.on_go(&go(1_000), Color::White, 40, finished(10));
        lag.on_go(&go(1_000), Color::Black, 42, finished(10));
        assert_eq!(lag.estimate_ms(), e);
        lag.new_game();
        assert_eq!(lag.estimate_ms(), 0);
    }
}
