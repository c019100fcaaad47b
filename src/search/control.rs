//! The control through which the GUI's thread steers a search in progress
//! ([`SearchControl`]): `stop`, `ponderhit`, and when the search started. The search
//! polls it; it lives beside the search because the search is what reads it, and time
//! management only gets from it the milliseconds that count against the deadlines.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::time::SpentTime;

/// What the GUI's thread and the search share while a search runs: the stop flag, the
/// ponder state, and the time since `go` (since `ponderhit` for the deadlines). Named
/// for what it is, the search's controls (it was `time::Clock`, though it keeps no
/// time limit: those are [`crate::time::TimeManager`]'s).
#[derive(Debug)]
pub struct SearchControl {
    start: Instant,
    stop: AtomicBool,
    pondering: AtomicBool,
    /// Milliseconds after `start` at which `ponderhit` came (0 if it did not).
    ponderhit_ms: AtomicU64,
    /// When `bestmove` went out, for the lag tracker.
    spent: Arc<SpentTime>,
}

impl SearchControl {
    /// A control started at `start` (when `go` arrived), pondering or not.
    pub fn new(start: Instant, pondering: bool) -> SearchControl {
        SearchControl {
            start,
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            ponderhit_ms: AtomicU64::new(0),
            spent: Arc::default(),
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
    /// Only once, and only while pondering: a stray or repeated `ponderhit` would
    /// restart the clock of a search that is already timed.
    pub fn ponderhit(&self) {
        if self.pondering.swap(false, Ordering::AcqRel) {
            let now = self.start.elapsed().as_millis() as u64;
            self.ponderhit_ms.store(now, Ordering::Release);
        }
    }

    /// Whether the search is still pondering: started by `go ponder` and no
    /// `ponderhit` yet. While it is, no deadline counts.
    #[inline]
    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Acquire)
    }

    /// Notes that `bestmove` is going out now (for [`crate::time::LagTracker`]).
    pub fn finish(&self) {
        self.spent.set(self.start.elapsed().as_millis() as u64);
    }

    /// Where [`SearchControl::finish`] notes the time from `go` to `bestmove`: handed to
    /// the lag tracker, which reads it at the next `go`.
    pub fn spent(&self) -> Arc<SpentTime> {
        Arc::clone(&self.spent)
    }

    /// Time since `go`.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Milliseconds counted against the deadlines (since `ponderhit` if there was one),
    /// or `None` while pondering, when no deadline counts: what the
    /// [`crate::time::TimeManager`] is asked with.
    #[inline]
    pub fn budget_elapsed_ms(&self) -> Option<u64> {
        if self.pondering() {
            return None;
        }
        let now = self.start.elapsed().as_millis() as u64;
        Some(now.saturating_sub(self.ponderhit_ms.load(Ordering::Acquire)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ponderhit` restarts the budget once, when it ends pondering; a stray or repeated
    /// one leaves a timed search's budget alone (each one granted a new deadline).
    #[test]
    fn only_the_ponderhit_that_ends_pondering_counts() {
        let past = Instant::now() - Duration::from_millis(500);
        let timed = SearchControl::new(past, false);
        timed.ponderhit();
        assert!(timed.budget_elapsed_ms().is_some_and(|ms| ms >= 500));
        let pondering = SearchControl::new(past, true);
        assert_eq!(pondering.budget_elapsed_ms(), None);
        pondering.ponderhit();
        assert!(pondering.budget_elapsed_ms().is_some_and(|ms| ms < 400));
        std::thread::sleep(Duration::from_millis(20));
        pondering.ponderhit();
        assert!(pondering.budget_elapsed_ms().is_some_and(|ms| ms >= 20));
    }
}
