//! What the GUI asked `go` for ([`Limits`]), and the deadlines a clock gives
//! ([`Deadlines`]).

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
    /// `go movetime`: think this long (ms), less `Move Overhead` (as Stockfish does);
    /// overrides the clocks.
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
    /// as 20 moves to go.
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

/// Moves we plan for when the GUI gives no `movestogo` (sudden death). 25 left more
/// than twice Ethereal 12's clock unused at the end of games at 20+0.2 (2.41 s against
/// 0.93 s), and spent less than it on each of the first 30 moves.
const DEFAULT_MOVES_TO_GO: i64 = 20;
/// The most moves planned for, whatever `movestogo` says: a long control's last moves
/// are not worth less than its first.
const MAX_MOVES_TO_GO: i64 = 50;
/// The share of the increment a settled move is sure of, as a fraction (7/8): the
/// least the time manager's scaling leaves of the soft limit. A move's plan counts the
/// whole increment (the clock gets it back at once); a move that the scaling cuts short
/// keeps the rest as a reserve against a slow machine.
const INC_FLOOR_NUM: i64 = 7;
const INC_FLOOR_DEN: i64 = 8;
/// The hard deadline: at most this many planned shares on one move...
const MAX_SHARES_PER_MOVE: i64 = 3;
/// ...and never more than this fraction (1/N) of what is left on the clock...
const MAX_CLOCK_FRACTION: i64 = 3;
/// ...except in the last moves before a control (`movestogo`), where the clock is
/// refilled: up to LAST_MOVES_SHARE_NUM / (LAST_MOVES_SHARE_DEN · movestogo) of it
/// (4/5 on the last move, 2/5 on the one before), as Stockfish allows 0.8 of the clock
/// there. A third of the clock on each of the last three moves left 0.75 s of each
/// 20 s period unused at 40/20, against Ethereal 12's 0.52 s.
const LAST_MOVES_SHARE_NUM: i64 = 4;
const LAST_MOVES_SHARE_DEN: i64 = 5;
/// The least deadline given, in milliseconds: even an empty clock must find a move.
const MIN_DEADLINE_MS: i64 = 1;

/// Whether a `go searchmoves` list (empty: every move) allows the root move `m`.
pub fn searchmoves_allow(searchmoves: &[ChessMove], m: ChessMove) -> bool {
    searchmoves.is_empty() || searchmoves.contains(&m)
}

impl Limits {
    /// Whether `go searchmoves` allows the root move `m` (no list: every move).
    pub fn allows(&self, m: ChessMove) -> bool {
        searchmoves_allow(&self.searchmoves, m)
    }

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

    /// `us`'s increment (ms; none counts 0).
    fn increment(&self, us: Color) -> i64 {
        let inc = match us {
            Color::White => self.winc,
            Color::Black => self.binc,
        };
        inc.unwrap_or(0).max(0)
    }

    /// The part of `us`'s increment a settled move is sure of (ms): [`INC_FLOOR_NUM`] /
    /// [`INC_FLOOR_DEN`] of it.
    pub(super) fn increment_floor(&self, us: Color) -> i64 {
        self.increment(us) * INC_FLOOR_NUM / INC_FLOOR_DEN
    }

    /// Computes deadlines for the side `us`, keeping `overhead` ms in hand for the GUI
    /// and the pipe. The hard deadline never exceeds the remaining clock minus overhead.
    /// A `go movetime` is searched for all of it but the overhead, both deadlines alike:
    /// the user asked for that much thought (analysis, a fixed-time test), and a runner
    /// that enforces the limit to the millisecond is served by a larger `Move Overhead`,
    /// as Stockfish's users are (`scripts/soak.sh` sets one for its `ST` games). Given
    /// with the clocks (python-chess sends both for a `Limit` with a time and clocks),
    /// it caps the clock's deadlines and never outlasts them, as in Stockfish: a
    /// movetime longer than the clock left would lose the game on time.
    pub fn deadlines(&self, us: Color, overhead: u64) -> Deadlines {
        let clock = self.clock_deadlines(us, overhead);
        let Some(mt) = self.movetime else {
            return clock;
        };
        let t = (mt - overhead as i64).max(MIN_DEADLINE_MS) as u64;
        Deadlines {
            soft: Some(clock.soft.map_or(t, |s| s.min(t))),
            hard: Some(clock.hard.map_or(t, |h| h.min(t))),
        }
    }

    /// The deadlines the clock of `us` alone gives (none without one): see
    /// [`Limits::deadlines`].
    fn clock_deadlines(&self, us: Color, overhead: u64) -> Deadlines {
        let overhead = overhead as i64;
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
        let base = (available / mtg).saturating_add(self.increment(us));
        // At most three planned shares on one move, and never more than a third of what
        // is left: a process starved of CPU by a busy machine overruns its deadline, and
        // what is kept back absorbs that. Before a control, what would be kept for the
        // moves after it is given back with the control's time, so the last two moves
        // may take more.
        let mut clock_cap = available / MAX_CLOCK_FRACTION;
        if self.movestogo.is_some() {
            clock_cap = clock_cap
                .max(available.saturating_mul(LAST_MOVES_SHARE_NUM) / (LAST_MOVES_SHARE_DEN * mtg));
        }
        let hard = base
            .saturating_mul(MAX_SHARES_PER_MOVE)
            .min(clock_cap)
            .max(MIN_DEADLINE_MS);
        let soft = base.min(hard).max(MIN_DEADLINE_MS);
        Deadlines {
            soft: Some(soft as u64),
            hard: Some(hard as u64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Clocks and increments up to i64's end (what `go` holds a huge number at) give
    /// deadlines that large, not a wrapped 1 ms.
    #[test]
    fn huge_clocks_give_long_deadlines() {
        for (time, inc, movestogo) in [
            (i64::MAX, 0, None),
            (60_000, i64::MAX, None),
            (i64::MAX, i64::MAX, Some(1)),
        ] {
            let l = Limits {
                wtime: Some(time),
                winc: Some(inc),
                movestogo,
                ..Limits::default()
            };
            let d = l.deadlines(Color::White, 10);
            assert!(d.soft.is_some_and(|t| t >= 3_000), "{time} {inc}: {d:?}");
            assert!(d.hard >= d.soft, "{time} {inc}: {d:?}");
        }
    }

    #[test]
    fn movetime_keeps_back_only_the_overhead() {
        let l = Limits {
            movetime: Some(1000),
            ..Limits::default()
        };
        let d = l.deadlines(Color::White, 10);
        assert_eq!((d.soft, d.hard), (Some(990), Some(990)));
        // Only the overhead is kept back, whatever the movetime (there was a reserve of
        // a third on top, which gave 57 ms of `go movetime 100`).
        for (movetime, overhead, want) in [
            (100, 10, 90),
            (40, 10, 30),
            (500, 10, 490),
            (100, 0, 100),
            (11, 10, 1),
            (1, 0, 1),
        ] {
            let l = Limits {
                movetime: Some(movetime),
                ..Limits::default()
            };
            let d = l.deadlines(Color::Black, overhead);
            assert_eq!((d.soft, d.hard), (Some(want), Some(want)), "{movetime}");
        }
        // Tiny, zero, negative, or all overhead: still at least 1 ms to find a move.
        for (movetime, overhead) in [(10, 10), (5, 10), (0, 10), (-20, 10), (100, 5000)] {
            let l = Limits {
                movetime: Some(movetime),
                ..Limits::default()
            };
            let d = l.deadlines(Color::White, overhead);
            assert_eq!(
                (d.soft, d.hard),
                (Some(1), Some(1)),
                "{movetime} {overhead}"
            );
        }
        // A movetime overrides the clocks.
        let l = Limits {
            movetime: Some(100),
            wtime: Some(60_000),
            btime: Some(60_000),
            ..Limits::default()
        };
        assert_eq!(l.deadlines(Color::White, 10).hard, Some(90));
    }

    /// `go wtime 200 btime 200 movetime 2000` (python-chess's `Limit(time=2,
    /// white_clock=0.2, black_clock=0.2)`) took 2 s of a 0.2 s clock: the movetime
    /// caps the clock's deadlines, it does not replace them.
    #[test]
    fn movetime_never_outlasts_the_clock() {
        let clock_only = Limits {
            wtime: Some(200),
            btime: Some(200),
            ..Limits::default()
        };
        let both = Limits {
            movetime: Some(2000),
            ..clock_only.clone()
        };
        let d = both.deadlines(Color::White, 10);
        assert_eq!(d, clock_only.deadlines(Color::White, 10));
        assert!(d.hard.unwrap() < 190, "{d:?}");
        // A movetime shorter than the clock's plan is kept for both deadlines.
        let long_clock = Limits {
            movetime: Some(300),
            wtime: Some(600_000),
            btime: Some(600_000),
            ..Limits::default()
        };
        let d = long_clock.deadlines(Color::Black, 10);
        assert_eq!((d.soft, d.hard), (Some(290), Some(290)));
        // With only the other side's clock, the movetime alone (not "no time").
        let other_clock = Limits {
            movetime: Some(500),
            btime: Some(60_000),
            ..Limits::default()
        };
        let d = other_clock.deadlines(Color::White, 10);
        assert_eq!((d.soft, d.hard), (Some(490), Some(490)));
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

    /// The last two moves before a control may take 4/5 and 2/5 of the clock (less the
    /// overhead): the control refills it. Sudden death, and three or more moves to go,
    /// keep the third.
    #[test]
    fn the_last_moves_before_a_control_may_take_more() {
        let deadlines = |mtg: Option<u32>| {
            let l = Limits {
                wtime: Some(3_010),
                btime: Some(3_010),
                movestogo: mtg,
                ..Limits::default()
            };
            l.deadlines(Color::White, 10)
        };
        let hard = |mtg| deadlines(mtg).hard.unwrap();
        assert_eq!(hard(Some(1)), 2_400);
        assert_eq!(hard(Some(2)), 1_200);
        assert_eq!(hard(Some(3)), 1_000);
        assert_eq!(hard(Some(40)), 225);
        assert_eq!(hard(None), 450);
        // The soft limit of the last move is its hard one: the whole move is planned.
        let d = deadlines(Some(1));
        assert_eq!((d.soft, d.hard), (Some(2_400), Some(2_400)));
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
