//! The GUI's delay, learnt from the clocks it reports ([`LagTracker`]).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::Limits;
use crate::types::Color;

/// The time one search took from `go` to `bestmove` (ms), noted by the search's thread
/// as `bestmove` goes out and read by the [`LagTracker`] at the next `go`, on the GUI's
/// thread: hence shared and atomic. Zero until then (a search that took no whole
/// millisecond counts one).
#[derive(Debug, Default)]
pub struct SpentTime(AtomicU64);

impl SpentTime {
    /// Notes that `bestmove` went out `ms` after `go`.
    pub fn set(&self, ms: u64) {
        self.0.store(ms.max(1), Ordering::Release);
    }

    /// Milliseconds from `go` to `bestmove`, once it went out.
    pub fn get(&self) -> Option<u64> {
        Some(self.0.load(Ordering::Acquire)).filter(|&t| t > 0)
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
    /// Filled in when that search's `bestmove` went out.
    spent: Arc<SpentTime>,
}

/// Learns how much more time the GUI charges per move than the engine spends between
/// `go` and `bestmove`: the pipe's and the GUI's delay, which a loaded machine or a
/// remote link can make far larger than any fixed `Move Overhead`. From two timed `go`
/// commands for the same side two plies apart, charged = time before + increment − time
/// after; the lag is charged minus the engine's own time, at most 100 ms (`LAG_MAX_MS`). The
/// estimate is the median of the last seven lags (`LAG_WINDOW`) of this game, so that one
/// scheduling spike does not shorten the moves after it; it is added to `Move
/// Overhead`, and forgotten at a new game.
#[derive(Debug, Default)]
pub struct LagTracker {
    last: Option<TimedGo>,
    /// The latest lags measured, oldest first (ms).
    recent: VecDeque<u64>,
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

    /// Takes a `go` about to be searched at game ply `ply`, with where its search will
    /// note the time it spent, and learns from the previous one if it was our last move
    /// in the same game.
    pub fn on_go(&mut self, limits: &Limits, us: Color, ply: usize, spent: Arc<SpentTime>) {
        let (time, inc) = match us {
            Color::White => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        if let (Some(prev), Some(time)) = (self.last.take(), time) {
            let same_game = prev.us == us && prev.ply + 2 == ply;
            let control_boundary = prev.movestogo == Some(1);
            if same_game && !control_boundary && !prev.ponder {
                if let Some(spent) = prev.spent.get() {
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
            spent,
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
            let spent = Arc::new(SpentTime::default());
            spent.set(ms);
            spent
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
