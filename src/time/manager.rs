//! The time of one search ([`TimeManager`]): its deadlines, the soft one scaled by what
//! each finished [`Iteration`] says.

use super::{Deadlines, Limits};
use crate::types::Color;

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
/// The soft deadline scaled by a falling score: 100 + PER_CP/100 per centipawn the
/// score fell since our last move's search, and as much again per centipawn it fell
/// since SCORE_LOOKBACK iterations ago, within [MIN, MAX] (Stockfish 11's measure,
/// 20484ccdd: +3.1 / +1.4 Elo, against Tiefe's drop since the last iteration alone). A
/// falling score may be a threat found late; a rising one needs no extra time.
const SCORE_SCALE_PER_CP: i64 = 85;
const SCORE_SCALE_MIN: i64 = 90;
const SCORE_SCALE_MAX: i64 = 150;
const SCORE_LOOKBACK: usize = 4;

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
    /// The scores of the last [`SCORE_LOOKBACK`] finished iterations, the oldest
    /// first; before any, the score of our last move's search (or none).
    scores: Vec<i32>,
    /// The score our last move's search ended with, if known.
    last_move_score: Option<i32>,
    /// Only one legal move: nothing to think about once a first iteration has found
    /// it (and a line to ponder on).
    only_move: bool,
    /// The soft deadline in effect now: scaled after each finished iteration.
    soft: Option<u64>,
    /// The least the scaling leaves of the soft deadline: 7/8 of the increment
    /// ([`Limits::increment_floor`], ms). A settled move planned below it hands time
    /// back to a clock that grows with every such move; over a long stable endgame that
    /// left a second and more unused at the end of a game, time no later move was given.
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
            scores: Vec::with_capacity(SCORE_LOOKBACK + 1),
            last_move_score: None,
            only_move: false,
            soft: deadlines.soft,
            floor: limits.increment_floor(us) as u64,
        }
    }

    /// No deadlines: a search that runs until it is stopped or reaches its depth (the
    /// helper threads, which the main thread stops).
    pub fn unlimited() -> TimeManager {
        TimeManager::default()
    }

    /// The score our last move's search ended with (from the side to move then, which
    /// is ours again), to measure a falling score against.
    pub fn after_move_scored(mut self, score: Option<i32>) -> TimeManager {
        self.last_move_score = score;
        self
    }

    /// There is one legal move: the clock stops after the first iteration (unless the
    /// time is fixed by `go movetime`, or it is pondering).
    pub fn only_one_move(&mut self) {
        self.only_move = true;
    }

    /// Takes a finished iteration, and rescales the soft deadline for it.
    pub fn iteration_done(&mut self, it: &Iteration) {
        self.stability = if it.best_changed {
            0
        } else {
            self.stability + 1
        };
        let drop = self.score_drop(it.score);
        if self.scores.len() == SCORE_LOOKBACK {
            self.scores.remove(0);
        }
        self.scores.push(it.score);
        if self.fixed {
            return;
        }
        self.soft = if self.only_move {
            self.deadlines.soft.map(|_| 0)
        } else {
            self.deadlines.soft.map(|soft| self.scaled(soft, drop, it))
        };
    }

    /// How far `score` fell, in centipawns: since our last move's search plus since
    /// [`SCORE_LOOKBACK`] iterations ago (the oldest kept), each counted when known.
    fn score_drop(&self, score: i32) -> i64 {
        let since = |before: Option<i32>| before.map_or(0, |b| b as i64 - score as i64);
        since(self.last_move_score) + since(self.scores.first().copied())
    }

    /// `soft` scaled for the iteration `it` whose score fell by `drop`, within the hard
    /// deadline.
    fn scaled(&self, soft: u64, drop: i64, it: &Iteration) -> u64 {
        let stab = STABILITY_BASE
            .saturating_sub(STABILITY_STEP * self.stability as u64)
            .max(STABILITY_MIN);
        let share = (it.best_nodes * HUNDREDTHS / it.nodes.max(1)) as i64;
        let node = (NODE_SCALE_AT_USUAL
            + (NODE_SCALE_USUAL_SHARE - share) * NODE_SCALE_PER_SHARE / HUNDREDTHS as i64)
            .clamp(NODE_SCALE_MIN, NODE_SCALE_MAX) as u64;
        let score = (HUNDREDTHS as i64 + drop.saturating_mul(SCORE_SCALE_PER_CP) / 100)
            .clamp(SCORE_SCALE_MIN, SCORE_SCALE_MAX) as u64;
        // In u128: a clock near i64's end (a huge `wtime`) would overflow the products.
        let h = HUNDREDTHS as u128;
        let product = soft as u128 * stab as u128 / h * node as u128 / h * score as u128 / h;
        let scaled = u64::try_from(product)
            .unwrap_or(u64::MAX)
            .max(self.floor.min(soft));
        match self.deadlines.hard {
            Some(hard) => scaled.min(hard),
            None => scaled,
        }
    }

    /// Whether to start another iteration, `elapsed_ms` after the start (or after
    /// `ponderhit`): always while pondering (`None`: the clock is not ours yet), else
    /// while the scaled soft deadline has not passed.
    pub fn start_another(&self, elapsed_ms: Option<u64>) -> bool {
        elapsed_ms.is_none_or(|elapsed| self.soft.is_none_or(|soft| elapsed < soft))
    }

    /// Whether the hard deadline has passed `elapsed_ms` after the start (or after
    /// `ponderhit`; never while pondering, `None`): the search must stop now.
    #[inline]
    pub fn hard_limit_passed(&self, elapsed_ms: Option<u64>) -> bool {
        elapsed_ms.is_some_and(|elapsed| self.deadlines.hard.is_some_and(|hard| elapsed >= hard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Color;

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

    /// The soft limit in effect, as the search meets it: the first millisecond at which
    /// the manager says not to start another iteration (`None`: it never does).
    fn soft_limit(tm: &TimeManager) -> Option<u64> {
        first_true(|ms| !tm.start_another(Some(ms)))
    }

    /// The hard limit, as the search meets it: the first millisecond at which the
    /// manager says to stop now (`None`: it never does).
    fn hard_limit(tm: &TimeManager) -> Option<u64> {
        first_true(|ms| tm.hard_limit_passed(Some(ms)))
    }

    /// The least millisecond at which `passed` (false, then true for good) holds.
    fn first_true(passed: impl Fn(u64) -> bool) -> Option<u64> {
        if !passed(u64::MAX) {
            return None;
        }
        let (mut lo, mut hi) = (0, u64::MAX);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if passed(mid) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        Some(lo)
    }

    /// While pondering (no time of ours counts) the manager always starts another
    /// iteration and never stops the search, whatever the deadlines.
    #[test]
    fn pondering_counts_no_time() {
        let limits = Limits {
            wtime: Some(1_000),
            btime: Some(1_000),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Color::White, 10);
        assert!(tm.start_another(None) && !tm.hard_limit_passed(None));
        assert!(!tm.start_another(Some(1_000)) && tm.hard_limit_passed(Some(1_000)));
    }

    const W: Color = Color::White;
    const B: Color = Color::Black;

    /// Clock cases and what they give: the soft and hard deadlines, and the soft limit
    /// in effect after each of [`ITERATIONS`] (`None`: no deadline at all). Pinned when
    /// the time manager became one type (unchanged then), again when its scaling was
    /// rebalanced (the clock bundle in docs/strength.md), and when the increment's share
    /// became the least a scaled soft limit keeps (only the flagged clock with an
    /// increment changed: 1 ms where the scaling gave 0), and when `go movetime` stopped
    /// keeping back a reserve beyond the overhead (only the movetime rows changed), and
    /// when a sudden-death clock was planned over 20 moves with the whole increment
    /// (only the sudden-death and increment rows changed), and when the last moves
    /// before a control could take more than a third of the clock (only the row with one
    /// move to go changed), and when a movetime given with a clock became capped by the
    /// clock's deadlines (only the row with both changed: 1990 ms of a 5 s clock before).
    type Pinned = Option<(u64, u64, [u64; 10])>;
    #[rustfmt::skip]
    const PINNED: &[(Go, Pinned)] = &[
        ((W, Some(60_000), Some(60_000), None, None, None, None, 10),
            Some((2999, 8997, [5037, 4869, 4701, 3862, 5666, 4079, 6799, 1619, 6476, 8997]))),
        ((B, Some(60_000), Some(55_000), Some(1_000), Some(1_000), None, None, 10),
            Some((3749, 11247, [6297, 6087, 5877, 4828, 7083, 5100, 8500, 2024, 8096, 11247]))),
        ((W, Some(300_000), Some(300_000), Some(2_000), Some(2_000), Some(40), None, 50),
            Some((9498, 28494, [15955, 15423, 14891, 12233, 17948, 12923, 21538, 5128, 20514, 28494]))),
        ((B, Some(10_000), Some(3_000), Some(100), Some(100), Some(1), None, 10),
            Some((2392, 2392, [2392, 2392, 2392, 2392, 2392, 2392, 2392, 1291, 2392, 2392]))),
        ((W, Some(8_000), Some(8_000), Some(80), Some(80), None, None, 30),
            Some((478, 1434, [802, 775, 749, 614, 902, 649, 1083, 258, 1032, 1434]))),
        ((B, Some(8_000), Some(7_400), Some(80), Some(80), None, None, 30),
            Some((448, 1344, [751, 726, 701, 576, 845, 608, 1014, 241, 966, 1344]))),
        ((W, Some(500), Some(500), None, None, None, None, 10),
            Some((24, 72, [39, 37, 36, 30, 43, 31, 52, 12, 50, 72]))),
        ((W, Some(30), Some(30), None, None, None, None, 10),
            Some((1, 3, [1, 1, 1, 0, 1, 0, 1, 0, 2, 3]))),
        ((B, Some(1_000), Some(-50), Some(100), Some(100), None, None, 10),
            Some((1, 1, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]))),
        ((W, Some(3_600_000), Some(3_600_000), Some(0), Some(0), Some(80), None, 100),
            Some((71998, 215994,
                [120955, 116923, 112891, 92733, 136073, 97973, 163288, 38878, 155514, 215994]))),
        ((B, Some(1_000), Some(200_000), Some(0), Some(5_000), Some(3), None, 100),
            Some((66633, 66633,
                [66633, 66633, 66633, 66633, 66633, 66633, 66633, 35981, 66633, 66633]))),
        ((W, None, None, None, None, None, Some(1_000), 10),
            Some((990, 990, [990, 990, 990, 990, 990, 990, 990, 990, 990, 990]))),
        ((B, None, None, None, None, None, Some(40), 10),
            Some((30, 30, [30, 30, 30, 30, 30, 30, 30, 30, 30, 30]))),
        ((W, Some(5_000), Some(5_000), None, None, None, Some(2_000), 10),
            Some((249, 747, [249, 249, 249, 249, 249, 249, 249, 249, 249, 249]))),
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
        let d = limits.deadlines(us, overhead);
        let (Some(soft), Some(hard)) = (d.soft, d.hard) else {
            assert_eq!(d, Deadlines::default(), "{go:?}");
            let tm = TimeManager::new(&limits, us, overhead);
            assert!(!tm.hard_limit_passed(Some(u64::MAX)) && soft_limit(&tm).is_none());
            return None;
        };
        let tm = TimeManager::new(&limits, us, overhead);
        assert_eq!(hard_limit(&tm), Some(hard), "{go:?}");
        assert_eq!(soft_limit(&tm), Some(soft), "{go:?}");
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
            soft_limit(&tm).expect("a soft deadline")
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
            soft_limit(&tm).unwrap()
        };
        let planned = limits.deadlines(Color::White, 10);
        let (soft, hard) = (planned.soft.unwrap(), planned.hard.unwrap());
        let usual = soft_after(5, NODE_SCALE_USUAL_SHARE as u64);
        assert!(usual.abs_diff(soft) <= 1, "{usual} {soft}");
        assert!(soft_after(5, 50) > usual && soft_after(5, 90) < usual);
        assert!(soft_after(0, 70) > usual && soft_after(10, 70) < usual);
        assert!(soft_after(0, 0) <= hard);
    }

    /// A settled move on a short clock (a long endgame at 5+0.05) is still given 7/8 of
    /// the increment: the scaling would plan about half of it, and every such move would
    /// add to a clock that is never used.
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
        let planned = limits.deadlines(Color::White, 10).soft.unwrap();
        for depth in 1..=12 {
            tm.iteration_done(&Iteration {
                depth,
                best_changed: depth == 1,
                score: 10 * depth as i32,
                best_nodes: 95,
                nodes: 100,
            });
        }
        let share = limits.increment_floor(Color::White) as u64;
        assert_eq!(share, 43, "7/8 of the increment");
        assert_eq!(soft_limit(&tm), Some(share), "planned {planned}");
        assert!(planned > share);
    }

    /// One iteration of a clock search, scored `score`, with the best move settled.
    fn one_iteration(tm: &mut TimeManager, depth: u32, score: i32) {
        tm.iteration_done(&Iteration {
            depth,
            best_changed: depth == 1,
            score,
            best_nodes: 70,
            nodes: 100,
        });
    }

    /// With one legal move the clock stops after the first iteration, but not a fixed
    /// `go movetime`, and not while pondering.
    #[test]
    fn an_only_move_is_played_after_one_iteration() {
        let clock = Limits {
            wtime: Some(60_000),
            btime: Some(60_000),
            ..Limits::default()
        };
        let mut tm = TimeManager::new(&clock, Color::White, 10);
        tm.only_one_move();
        assert!(tm.start_another(Some(0)), "the first iteration is searched");
        one_iteration(&mut tm, 1, 0);
        assert!(!tm.start_another(Some(0)));
        assert!(tm.start_another(None), "pondering goes on");
        let fixed = Limits {
            movetime: Some(1_000),
            ..Limits::default()
        };
        let mut tm = TimeManager::new(&fixed, Color::White, 10);
        tm.only_one_move();
        one_iteration(&mut tm, 1, 0);
        assert!(
            tm.start_another(Some(500)),
            "movetime asks for that much thought"
        );
    }

    /// A score below the last move's, or below four iterations ago, earns more time;
    /// one that holds, none.
    #[test]
    fn a_score_falling_since_the_last_move_earns_time() {
        let clock = Limits {
            wtime: Some(60_000),
            btime: Some(60_000),
            ..Limits::default()
        };
        let soft_after = |last_move: Option<i32>, scores: &[i32]| {
            let mut tm = TimeManager::new(&clock, Color::White, 10).after_move_scored(last_move);
            for (d, &score) in scores.iter().enumerate() {
                one_iteration(&mut tm, d as u32 + 1, score);
            }
            soft_limit(&tm).unwrap()
        };
        let steady = soft_after(None, &[0; 6]);
        assert_eq!(soft_after(Some(0), &[0; 6]), steady);
        assert!(soft_after(Some(40), &[0; 6]) > steady);
        assert!(soft_after(None, &[40, 40, 30, 20, 10, 0]) > steady);
        assert!(
            soft_after(Some(-40), &[0; 6]) < steady,
            "a rising score: less"
        );
    }
}
