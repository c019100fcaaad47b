//! Search limits and time management.
//!
//! The GUI's `go` parameters become [`Limits`]; [`Limits::deadlines`] turns a clock into
//! a soft deadline (checked between iterations: do not start another) and a hard one
//! (polled inside the search: stop now). [`Clock`] is shared between the UCI thread and
//! the search thread and carries the stop flag and the ponder state.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use chess::{ChessMove, Color};

/// What the GUI asked `go` for. Times are milliseconds; negative clock values are
/// clamped to zero when deadlines are computed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<i64>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
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

impl Limits {
    /// Computes deadlines for the side `us`, keeping `overhead` ms in hand for the GUI
    /// and the pipe. The hard deadline never exceeds the remaining clock minus overhead.
    pub fn deadlines(&self, us: Color, overhead: u64) -> Deadlines {
        let overhead = overhead as i64;
        if let Some(mt) = self.movetime {
            let t = (mt - overhead).max(1) as u64;
            return Deadlines {
                soft: Some(t),
                hard: Some(t),
            };
        }
        let (time, inc) = match us {
            Color::White => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        let Some(time) = time else {
            return Deadlines::default();
        };
        let time = time.max(0);
        let inc = inc.unwrap_or(0).max(0);
        let available = (time - overhead).max(1);
        let mtg = self
            .movestogo
            .map(|m| (m as i64).clamp(1, 50))
            .unwrap_or(DEFAULT_MOVES_TO_GO);
        let base = available / mtg + inc * 3 / 4;
        // At most three planned shares on one move, and never more than a third of what
        // is left: a process starved of CPU by a busy machine overruns its deadline, and
        // what is kept back absorbs that.
        let hard = (base * 3).min(available / 3).max(1);
        let soft = base.min(hard).max(1);
        Deadlines {
            soft: Some(soft as u64),
            hard: Some(hard as u64),
        }
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
}

impl Clock {
    /// A clock started at `start` (when `go` arrived), pondering or not.
    pub fn new(start: Instant, pondering: bool) -> Clock {
        Clock {
            start,
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            ponderhit_ms: AtomicU64::new(0),
        }
    }

    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Release);
    }

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

    #[inline]
    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Acquire)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetime_keeps_overhead() {
        let l = Limits {
            movetime: Some(1000),
            ..Limits::default()
        };
        let d = l.deadlines(Color::White, 10);
        assert_eq!(d.hard, Some(990));
        assert_eq!(d.soft, Some(990));
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
}
