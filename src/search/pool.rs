//! The search threads: the [`Pool`] of workers, Lazy SMP over the shared table (the
//! state the threads share, the depths helpers skip, the vote on the move played), and
//! the tablebases' use at the root, probed before any thread starts.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use crate::types::ChessMove;

use super::guard::GuardCache;
use super::history::Histories;
use super::params::WorkerParams;
#[cfg(feature = "spsa")]
use super::params::{ParamError, Params};
use super::{
    reported, Event, Frame, Outcome, Report, Request, SearchConfig, Searcher, Stats, EMPTY_FRAME,
    STACK_OFFSET, TT_HIT_WINDOW,
};
use crate::eval::{EvalCache, PawnCache};
use crate::position::KeyDeltas;
use crate::position::Position;
use crate::score::{MATE_BOUND, MAX_PLY};
use crate::syzygy::{Syzygy, Wdl};
use crate::time::{Limits, TimeManager};

/// One search thread's state that lives across `go` commands: the histories, the
/// per-ply stack and PV table (reused buffers), and reduction tables.
pub struct Worker {
    pub(super) hist: Box<Histories>,
    pub(super) stack: Vec<Frame>,
    pub(super) pv: Vec<[ChessMove; MAX_PLY + 1]>,
    pub(super) pv_len: [usize; MAX_PLY + 1],
    /// Late move reductions by [noisy][depth][move number], from `params`.
    pub(super) lmr: Box<[[[i32; 64]; 64]; 2]>,
    /// The pawn terms of the evaluation by pawn structure.
    pub(super) pawns: PawnCache,
    /// Recent evaluations by position.
    pub(super) evals: EvalCache,
    /// The mate guard's answers by position.
    pub(super) guard: GuardCache,
    /// The crate's key values, to know a child's key before its move is made.
    pub(super) keys: KeyDeltas,
    /// The search parameters this worker searches with.
    pub(super) params: WorkerParams,
    /// The score its last search as the main thread ended with (the side to move's),
    /// for the time manager to see a score falling from one move to the next.
    last_score: Option<i32>,
}

impl Default for Worker {
    fn default() -> Self {
        Worker::new()
    }
}

impl Worker {
    /// A worker with empty histories and the default search parameters (the
    /// compile-time ones, or an `spsa` build's defaults).
    pub fn new() -> Worker {
        Worker::with_params(WorkerParams::default())
    }

    /// A worker that searches with `params`.
    fn with_params(params: WorkerParams) -> Worker {
        Worker {
            hist: Histories::new_boxed(),
            stack: vec![EMPTY_FRAME; MAX_PLY + STACK_OFFSET + 2],
            pv: vec![[ChessMove::default(); MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            lmr: params.lmr_table(),
            pawns: PawnCache::new(),
            evals: EvalCache::new(),
            guard: GuardCache::new(),
            keys: KeyDeltas::new(),
            params,
            last_score: None,
        }
    }

    /// Sets the search parameter `name` to `value`, and rebuilds the reduction table
    /// that derives from the parameters.
    #[cfg(feature = "spsa")]
    pub fn set_param(&mut self, name: &str, value: i32) -> Result<(), ParamError> {
        self.params.set(name, value)?;
        self.lmr = self.params.lmr_table();
        Ok(())
    }

    /// Forgets everything learnt (`ucinewgame`).
    pub fn clear(&mut self) {
        self.hist.clear();
        self.stack.fill(EMPTY_FRAME);
        self.last_score = None;
    }

    /// Runs iterative deepening on `pos` as `req` asks, reporting each iteration.
    pub fn search(
        &mut self,
        pos: &mut Position,
        req: Request,
        report: &mut dyn FnMut(Event),
    ) -> Outcome {
        let job = Job {
            req,
            role: Role::Main,
            shared: None,
            tb: TbUse::default(),
        };
        self.search_as(pos, job, report)
    }

    /// [`Worker::search`] in a given role, with the state shared between threads.
    fn search_as(
        &mut self,
        pos: &mut Position,
        job: Job,
        report: &mut dyn FnMut(Event),
    ) -> Outcome {
        let Job {
            req:
                Request {
                    limits,
                    overhead_ms,
                    tt,
                    control,
                    config,
                },
            role,
            shared,
            tb,
        } = job;
        // `go mate N` asks for a proof, and forward pruning cannot prove a mate (it cuts
        // on static guesses that ignore mate threats); without it the shortest mate is
        // found by depth 2N-1.
        let mate_mode = limits.mate.is_some();
        let config = if mate_mode {
            SearchConfig {
                pruning: false,
                ..config
            }
        } else {
            config
        };
        self.stack.fill(EMPTY_FRAME);
        let params = self.params;
        let last_score = self.last_score;
        let mut s = Searcher {
            w: self,
            params,
            tt,
            control,
            config,
            mate_mode,
            // Helpers search until the main thread stops them.
            time: match role {
                Role::Main => TimeManager::new(limits, pos.side_to_move(), overhead_ms)
                    .after_move_scored(last_score),
                Role::Helper(_) => TimeManager::unlimited(),
            },
            node_limit: match role {
                Role::Main => limits.nodes,
                Role::Helper(_) => None,
            },
            root_moves: Vec::new(),
            root_ply: pos.ply_count(),
            nodes: 0,
            seldepth: 0,
            interruptible: false,
            interrupt: None,
            root_best: None,
            pv_idx: 0,
            stats: Stats::default(),
            currmove: false,
            report_bounds: role == Role::Main,
            tt_hit_avg: 512 * TT_HIT_WINDOW,
            sink: report,
            role,
            shared,
            flushed: 0,
            iter_depth: 0,
            share_iterations: shared.is_some() && limits.multipv <= 1 && !mate_mode,
            tb,
        };
        let out = s.iterate(pos, limits);
        s.flush_nodes();
        if role == Role::Main && out.depth > 0 {
            s.w.last_score = Some(out.score);
        }
        out
    }
}

/// What one search thread is asked to do.
#[derive(Clone, Copy)]
struct Job<'a> {
    req: Request<'a>,
    role: Role,
    shared: Option<&'a Shared>,
    tb: TbUse<'a>,
}

/// How one search uses the tablebases (by default not at all).
#[derive(Clone, Copy, Default)]
pub(super) struct TbUse<'a> {
    /// Tables to probe inside the tree: none when the root itself was ranked by its
    /// DTZ probe, or by the WDL tables short of a win (then the search only chooses
    /// among moves that keep the result, and the evaluation, not equal tablebase
    /// scores, drives it towards the conversion).
    pub(super) probe: Option<&'a Syzygy>,
    /// The tables whose hits the reports count.
    pub(super) tables: Option<&'a Syzygy>,
    /// Most pieces at which to probe, and the least depth to probe at when the
    /// position has exactly that many (`SyzygyProbeLimit`, `SyzygyProbeDepth`).
    pub(super) cardinality: u32,
    pub(super) depth: i32,
    /// `Syzygy50MoveRule`.
    pub(super) rule50: bool,
    /// The root's tablebase score, reported while the search has found no mate.
    pub(super) root_score: Option<i32>,
}

/// The tablebase settings of the UCI options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TbConfig {
    /// `SyzygyProbeDepth`: the least remaining depth to probe at (when the position
    /// has as many pieces as the tables can take; fewer are probed at any depth).
    pub probe_depth: i32,
    /// `SyzygyProbeLimit`: probe only positions with at most this many pieces.
    pub probe_limit: u32,
    /// `Syzygy50MoveRule`: a win the fifty-move rule takes away counts as a draw.
    pub rule50: bool,
}

impl Default for TbConfig {
    fn default() -> Self {
        TbConfig {
            probe_depth: 1,
            probe_limit: 7,
            rule50: true,
        }
    }
}

/// Main thread (reports, keeps time, decides when all stop) or helper `i` (silent,
/// searches until told to stop).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    Main,
    Helper(usize),
}

/// What the threads of one Lazy SMP search share besides the table.
#[derive(Debug, Default)]
pub(super) struct Shared {
    /// Set by the main thread when it is done: the helpers stop.
    pub(super) stop: AtomicBool,
    /// Nodes of all threads, flushed in batches.
    pub(super) nodes: AtomicU64,
    /// The deepest iteration a helper has finished, and its result: the main thread
    /// adopts it rather than finish the same depth itself.
    pub(super) completed: AtomicU32,
    result: Mutex<Option<Adopted>>,
}

/// A helper's finished iteration.
#[derive(Debug, Clone)]
pub(super) struct Adopted {
    pub(super) depth: u32,
    pub(super) seldepth: usize,
    pub(super) mv: ChessMove,
    pub(super) score: i32,
    pub(super) pv: Vec<ChessMove>,
}

impl Shared {
    /// A helper finished iteration `a.depth`: keep it if it is the deepest yet.
    pub(super) fn publish(&self, a: Adopted) {
        let mut r = locked(&self.result);
        if r.as_ref().is_none_or(|old| a.depth > old.depth) {
            self.completed.store(a.depth, Ordering::Release);
            *r = Some(a);
        }
    }

    pub(super) fn take(&self) -> Option<Adopted> {
        locked(&self.result).clone()
    }
}

/// Lazy SMP depth variety: helper `i` skips the depths where
/// `((depth + SKIP_PHASE[k]) / SKIP_SIZE[k]) % 2 == 1`, `k = (i - 1) % 20` (the
/// pattern Stockfish used for years), so threads spread over neighbouring depths.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

impl Role {
    /// Whether this thread leaves out iteration `depth`.
    pub(super) fn skips(self, depth: u32) -> bool {
        match self {
            Role::Main => false,
            Role::Helper(i) => {
                let k = (i - 1) % SKIP_SIZE.len();
                depth > 1 && ((depth + SKIP_PHASE[k]) / SKIP_SIZE[k]) % 2 == 1
            }
        }
    }
}

/// The search threads' workers (`Threads`); the UCI layer talks to the pool, never to a
/// worker.
pub struct Pool {
    workers: Vec<Mutex<Worker>>,
    /// The opened tablebases, if any, and how to use them.
    tb: Option<Syzygy>,
    /// How searches use the tablebases (the `Syzygy*` options); read at each search.
    pub tb_config: TbConfig,
    /// The search parameters every worker gets, fresh ones included.
    params: WorkerParams,
}

impl Default for Pool {
    fn default() -> Self {
        Pool::new()
    }
}

impl Pool {
    /// A pool of one worker, no tablebases and default settings.
    pub fn new() -> Pool {
        Pool::with_threads(1)
    }

    /// Clears every worker's learnt state (`ucinewgame`).
    pub fn clear(&self) {
        for w in &self.workers {
            locked(w).clear();
        }
    }

    /// A pool of `threads` workers (at least one).
    pub fn with_threads(threads: usize) -> Pool {
        Pool {
            workers: fresh_workers(threads, WorkerParams::default()),
            tb: None,
            tb_config: TbConfig::default(),
            params: WorkerParams::default(),
        }
    }

    /// Gives the pool `threads` fresh workers (at least one); the old ones and their
    /// histories go. The tablebases stay.
    pub fn set_threads(&mut self, threads: usize) {
        self.workers = fresh_workers(threads, self.params);
    }

    /// Sets the search parameter `name` to `value` for every worker, and for those a
    /// later [`Pool::set_threads`] makes (the UCI options of an `spsa` build).
    #[cfg(feature = "spsa")]
    pub fn set_param(&mut self, name: &str, value: i32) -> Result<(), ParamError> {
        self.params.set(name, value)?;
        for w in &self.workers {
            locked(w).set_param(name, value)?;
        }
        Ok(())
    }

    /// The search parameters the workers search with.
    #[cfg(feature = "spsa")]
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Replaces the tablebases. Only one set can be open at a time: close the old ones
    /// (with `None`) before opening new ones.
    pub fn set_tablebases(&mut self, tb: Option<Syzygy>) {
        self.tb = tb;
    }

    /// How this search uses the tablebases, and the limits cut down to the root moves
    /// that keep the tablebase result when the root is in the tables. The root probe
    /// runs here, before any thread searches, since it must not run beside another.
    fn tb_use(&self, pos: &Position, limits: &Limits) -> (TbUse<'_>, Option<Limits>) {
        let Some(t) = &self.tb else {
            return (TbUse::default(), None);
        };
        t.reset_hits();
        let c = self.tb_config;
        let cardinality = c.probe_limit.min(t.max_pieces());
        let mut u = TbUse {
            probe: Some(t),
            tables: Some(t),
            cardinality,
            depth: c.probe_depth,
            rule50: c.rule50,
            root_score: None,
        };
        if pos.combined().popcnt() > cardinality {
            return (u, None);
        }
        let Some(r) = t.rank_root(pos, c.rule50) else {
            return (u, None);
        };
        let moves: Vec<ChessMove> = r.moves.into_iter().filter(|&m| limits.allows(m)).collect();
        if moves.is_empty() {
            // `searchmoves` holds only moves that spoil the result: search them as asked.
            return (u, None);
        }
        // Ranked by DTZ, the kept moves all keep the result and the evaluation drives
        // the conversion. Ranked by WDL alone and winning, the search still probes, as
        // Stockfish's does: the tables' scores of the captures and pawn moves that keep
        // the win, nearer ones higher, are the progress the WDL ranking cannot give.
        if r.by_dtz || r.wdl <= Wdl::Draw {
            u.probe = None;
        }
        u.root_score = Some(r.score);
        let limits = Limits {
            searchmoves: moves,
            ..limits.clone()
        };
        (u, Some(limits))
    }

    /// How many workers (search threads) the pool has.
    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// Searches with the pool's workers (see [`Worker::search`]). With more than one,
    /// Lazy SMP: helper threads search the same root through the shared table, each
    /// with its own histories and skipping some depths; the main thread alone reports
    /// and keeps time, and when it stops, so do they. For a single line with no fixed
    /// depth the move played is voted from all threads' finished iterations, weighted
    /// by score and depth ([`settle`]); if another thread's line wins, it is reported
    /// before `bestmove`. Node counts are summed.
    pub fn search(
        &self,
        pos: &mut Position,
        req: Request,
        report: &mut dyn FnMut(Event),
    ) -> Outcome {
        let (tb, ranked) = self.tb_use(pos, req.limits);
        let limits = ranked.as_ref().unwrap_or(req.limits);
        let tt = req.tt;
        let mut job = Job {
            req: Request { limits, ..req },
            role: Role::Main,
            shared: None,
            tb,
        };
        if self.workers.len() == 1 {
            let mut main = locked(&self.workers[0]);
            return main.search_as(pos, job, report);
        }
        let shared = Shared::default();
        job.shared = Some(&shared);
        let helper_limits = Limits {
            multipv: 1,
            ..limits.clone()
        };
        let started = Instant::now();
        let (main_out, helpers) = std::thread::scope(|scope| {
            let mut handles = Vec::new();
            for (i, worker) in self.workers.iter().enumerate().skip(1) {
                let mut p = pos.clone();
                let job = Job {
                    req: Request {
                        limits: &helper_limits,
                        ..job.req
                    },
                    role: Role::Helper(i),
                    ..job
                };
                let h = std::thread::Builder::new()
                    .name(format!("helper {i}"))
                    .stack_size(THREAD_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        let mut w = locked(worker);
                        w.search_as(&mut p, job, &mut |_| {})
                    });
                // A helper that cannot start leaves the others to it.
                if let Ok(h) = h {
                    handles.push(h);
                }
            }
            let out = {
                let mut main = locked(&self.workers[0]);
                main.search_as(pos, job, report)
            };
            shared.stop.store(true, Ordering::Release);
            let helpers: Vec<Outcome> = handles.into_iter().filter_map(|h| h.join().ok()).collect();
            (out, helpers)
        });
        let nodes = shared.nodes.load(Ordering::Acquire);
        let main_choice = (main_out.best, main_out.depth, main_out.score);
        let mut best = settle(main_out, helpers, limits);
        best.nodes = nodes;
        if (best.best, best.depth, best.score) != main_choice {
            // The line played, if it came from a helper, with the totals.
            let time_ms = started.elapsed().as_millis() as u64;
            let (score, bound) = reported(job.tb.root_score, best.score, best.bound);
            report(Event::Voted(&Report {
                depth: best.depth,
                seldepth: best.depth,
                multipv: 1,
                score,
                nodes,
                time_ms,
                hashfull: tt.hashfull(),
                tbhits: self.tb.as_ref().map_or(0, Syzygy::hits),
                pv: best.pv.clone(),
                bound,
            }));
        }
        best
    }
}

/// The stack of every search thread (the engine's job thread and the helpers): the
/// search recurses up to `MAX_PLY` plies, each with a move list on the stack, which
/// the 2 MiB a spawned thread gets by default does not hold; 32 MiB leaves room at the
/// deepest ply, a debug build's larger frames included.
pub const THREAD_STACK_BYTES: usize = 32 * 1024 * 1024;

/// `m` locked, also after a thread panicked holding it: what a worker or a shared
/// result holds stays usable (any values leave a table valid, and a result is replaced
/// whole), and one lost thread must not take the engine's searches with it.
fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `threads` new workers (at least one) that search with `params`.
fn fresh_workers(threads: usize, params: WorkerParams) -> Vec<Mutex<Worker>> {
    (0..threads.max(1))
        .map(|_| Mutex::new(Worker::with_params(params)))
        .collect()
}

/// The move to play from the threads' results: each finished thread votes for its best
/// move with weight (score − lowest score + [`VOTE_SCORE_OFFSET`]) × depth, as Stockfish
/// does; the main
/// thread's result stands unless another move gets more votes. A proven mate found by
/// any thread wins outright (the shortest).
/// Added to every thread's score less the lowest in [`vote`] (centipawns), as
/// Stockfish does: without it the thread with the lowest score would have no vote at
/// all; with it, its depth still counts, as a small lead would.
const VOTE_SCORE_OFFSET: i64 = 14;

/// The outcome to play: the threads' vote when one line was asked for, else the main
/// thread's, as Stockfish does. MultiPV lines (and a skill level's candidates, which
/// are MultiPV lines) are the main thread's: a helper's single line in their place
/// left the skill level one move to choose from, its best, and the `bestmove` apart
/// from the first line shown. A fixed depth is reached by every thread: its result is
/// the main thread's, the same from run to run.
fn settle(main: Outcome, helpers: Vec<Outcome>, limits: &Limits) -> Outcome {
    if limits.multipv <= 1 && limits.depth.is_none() {
        vote(main, helpers)
    } else {
        main
    }
}

fn vote(main: Outcome, helpers: Vec<Outcome>) -> Outcome {
    let all: Vec<&Outcome> = std::iter::once(&main)
        .chain(helpers.iter())
        .filter(|o| o.best.is_some() && o.depth > 0)
        .collect();
    if all.len() <= 1 {
        return main;
    }
    if let Some(m) = all
        .iter()
        .filter(|o| o.score >= MATE_BOUND)
        .max_by_key(|o| o.score)
    {
        if m.score > main.score {
            return (*m).clone();
        }
        return main;
    }
    let low = all.iter().map(|o| o.score).min().unwrap_or(0) as i64;
    let weight = |o: &Outcome| (o.score as i64 - low + VOTE_SCORE_OFFSET) * o.depth as i64;
    let votes = |mv: Option<ChessMove>| -> i64 {
        all.iter().filter(|o| o.best == mv).map(|o| weight(o)).sum()
    };
    let mut best: &Outcome = &main;
    for o in &all {
        let (v, bv) = (votes(o.best), votes(best.best));
        if v > bv || (v == bv && o.best == best.best && o.depth > best.depth) {
            best = o;
        }
    }
    best.clone()
}

#[cfg(test)]
mod settle_tests {
    use super::*;
    use crate::types::Square;

    fn outcome(mv: ChessMove, depth: u32, score: i32) -> Outcome {
        Outcome {
            depth,
            score,
            lines: vec![(mv, score)],
            ..Outcome::only(Some(mv))
        }
    }

    /// A deeper, better helper wins the vote for a single line; with MultiPV (a skill
    /// level's candidates among them) or a fixed depth the main thread's lines stand.
    #[test]
    fn only_a_single_line_is_voted_on() {
        let e4 = ChessMove::new(Square::E2, Square::E4, None);
        let d4 = ChessMove::new(Square::D2, Square::D4, None);
        let mut main = outcome(e4, 5, 10);
        main.lines = vec![(e4, 10), (d4, 5), (d4, 0)];
        let helpers = || vec![outcome(d4, 12, 300), outcome(d4, 11, 280)];
        let one = Limits::default();
        assert_eq!(settle(main.clone(), helpers(), &one).best, Some(d4));
        let lines = Limits {
            multipv: 4,
            ..Limits::default()
        };
        assert_eq!(settle(main.clone(), helpers(), &lines), main);
        let depth = Limits {
            depth: Some(9),
            ..Limits::default()
        };
        assert_eq!(settle(main.clone(), helpers(), &depth), main);
    }
}

#[cfg(all(test, feature = "spsa"))]
mod tests {
    use super::*;
    use crate::search::SearchControl;
    use crate::tt::TranspositionTable;

    /// Nodes of a depth-8 search of the start position with the pool's workers, from
    /// cleared histories and an empty table.
    fn nodes(pool: &Pool) -> u64 {
        let mut pos = Position::startpos();
        let limits = Limits {
            depth: Some(8),
            ..Limits::default()
        };
        let tt = TranspositionTable::new(8);
        let clock = SearchControl::new(Instant::now(), false);
        pool.clear();
        pool.search(&mut pos, Request::new(&limits, &tt, &clock), &mut |_| {})
            .nodes
    }

    /// A parameter set on the pool changes the search, reaches the workers a thread
    /// change makes, and setting it back gives the same search as before.
    #[test]
    fn set_param_reaches_every_worker() {
        let mut pool = Pool::new();
        let before = nodes(&pool);
        pool.set_param("lmr_div", 150).unwrap();
        assert_ne!(nodes(&pool), before);
        pool.set_threads(2);
        for w in &pool.workers {
            assert_eq!(w.lock().unwrap().params.lmr_div, 150);
            assert_eq!(w.lock().unwrap().lmr, pool.params().lmr_table());
        }
        pool.set_threads(1);
        assert!(pool.set_param("lmr_div", 10_000).is_err());
        pool.set_param("lmr_div", Params::DEFAULT.lmr_div).unwrap();
        assert_eq!(nodes(&pool), before);
    }
}
