//! The search: iterative deepening with aspiration windows over a negamax alpha-beta
//! with principal variation search, quiescence search, check extension, a
//! transposition table and the forward pruning of modern engines.
//!
//! The search never prints. It reports each finished iteration through a callback, and
//! returns the best move; the UCI layer formats both. It runs on whatever thread calls
//! [`Pool::search`] (or [`search`]) and stops when the shared [`Clock`] says so.
//!
//! State that outlives one `go` (histories, counter-moves, correction history) lives in
//! a [`Worker`]; the [`Pool`] owns the workers, so the UCI layer never touches one.

mod history;
pub mod params;
mod picker;
pub mod see;

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use chess::ChessMove;

use crate::eval::{evaluate, evaluate_cached, PawnCache};
use crate::position::Position;
use crate::score::{
    is_mate, mate_in_moves, mated_in, DRAW, EVAL_NONE, INFINITY, MATE, MATE_BOUND, MAX_PLY,
    TB_BOUND,
};
use crate::syzygy::{self, Syzygy};
use crate::time::{Clock, Iteration, Limits, TimeManager};
use crate::tt::{
    score_from_tt, score_to_tt, Bound, Entry, Store, TranspositionTable, LEARNED_DEPTH,
};

use history::{history_bonus, Histories, PieceTo};
use params::*;
use picker::{piece_to, Origin, Picker};

/// Switches that change which tree is searched (not how fast it is ordered).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchConfig {
    /// Forward pruning (cuts that can change the root value). With it off, the root
    /// value equals plain minimax over the same tree (check extension, quiescence).
    pub pruning: bool,
    /// Use the transposition table's scores for cutoffs (its moves always order).
    pub tt_cutoffs: bool,
    /// Take cutoffs from entries searched deeper than needed. Normal play wants them (a
    /// deeper result is a better one), but they make the root value differ from
    /// fixed-depth minimax when extensions bring a position to the same ply with
    /// different remaining depth; exact mode turns them off.
    pub tt_deeper_cutoffs: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            pruning: true,
            tt_cutoffs: true,
            tt_deeper_cutoffs: true,
        }
    }
}

impl SearchConfig {
    /// No forward pruning and no deeper-table cutoffs: the root value is the minimax
    /// value of the tree.
    pub fn exact() -> SearchConfig {
        SearchConfig {
            pruning: false,
            tt_deeper_cutoffs: false,
            ..SearchConfig::default()
        }
    }
}

/// One finished iteration, as reported to the UCI layer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub depth: u32,
    pub seldepth: u32,
    /// Which of the best lines this is (1 = best), for MultiPV.
    pub multipv: u32,
    /// Score from the side to move at the root.
    pub score: i32,
    pub nodes: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    /// Tablebase probes that found a result in this search.
    pub tbhits: u64,
    /// Legal from the root; ends at a mate or a draw.
    pub pv: Vec<ChessMove>,
    /// `Exact` for a finished line; `Lower` or `Upper` for the interim report of an
    /// aspiration window that failed high or low (`lowerbound` / `upperbound`).
    pub bound: Bound,
}

/// Counters of one iteration (or, summed, of a whole bench), for people who study the
/// search: `debug on` prints them each iteration, `bench` once at its end.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes searched in this iteration.
    pub nodes: u64,
    /// Table probes, and those that found an entry for the position.
    pub tt_probes: u64,
    pub tt_hits: u64,
    /// Beta cutoffs, and those made by the first move searched.
    pub cutoffs: u64,
    pub first_move_cutoffs: u64,
}

impl Stats {
    /// Adds another's counts to these.
    pub fn add(&mut self, o: &Stats) {
        self.nodes += o.nodes;
        self.tt_probes += o.tt_probes;
        self.tt_hits += o.tt_hits;
        self.cutoffs += o.cutoffs;
        self.first_move_cutoffs += o.first_move_cutoffs;
    }

    /// Hits as a share of probes, in percent.
    pub fn hit_rate(&self) -> f64 {
        self.tt_hits as f64 * 100.0 / self.tt_probes.max(1) as f64
    }

    /// Cutoffs made by the first move, in percent of all cutoffs (move ordering).
    pub fn first_move_rate(&self) -> f64 {
        self.first_move_cutoffs as f64 * 100.0 / self.cutoffs.max(1) as f64
    }
}

/// What the search tells the outside world while it runs.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// One line of a finished iteration (several with MultiPV).
    Line(&'a Report),
    /// With several threads, the line chosen by the vote, once the search is over.
    Voted(&'a Report),
    /// The root move the search has just started on (from the first second on).
    CurrMove {
        depth: u32,
        mv: ChessMove,
        /// 1-based place of the move in this iteration's order.
        number: u32,
    },
    /// The counters of a finished iteration; `ebf` is its node count over the last
    /// iteration's (the effective branching factor), `hashfull` the table fill (‰).
    Stats {
        depth: u32,
        stats: &'a Stats,
        ebf: f64,
        hashfull: u32,
    },
}

/// What a search settled on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// `None` only when the root has no legal move.
    pub best: Option<ChessMove>,
    pub ponder: Option<ChessMove>,
    pub score: i32,
    /// Last depth completed.
    pub depth: u32,
    pub nodes: u64,
    /// The line behind `best` (legal from the root; may be just `best`).
    pub pv: Vec<ChessMove>,
    /// The last finished iteration's root moves and scores, best first: one per
    /// MultiPV line.
    pub lines: Vec<(ChessMove, i32)>,
}

impl Outcome {
    /// A result that is just a move (or none), with nothing searched behind it.
    pub fn only(best: Option<ChessMove>) -> Outcome {
        Outcome {
            best,
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            lines: Vec::new(),
        }
    }
}

/// From when on the root move being searched is reported (as Stockfish does; earlier
/// it would only flood the GUI).
const CURRMOVE_AFTER: std::time::Duration = std::time::Duration::from_secs(1);
/// From when on an aspiration window that fails is reported at once, with its bound
/// (Stockfish's 3 s): a long re-search otherwise leaves the GUI with no news.
const BOUND_REPORT_AFTER: std::time::Duration = std::time::Duration::from_secs(3);
/// Nodes between polls of the clock.
const POLL_MASK: u64 = 1023;
/// Stack frames kept before ply 0, so that `ply - 2` is always a valid frame.
const STACK_OFFSET: usize = 4;

/// What the search keeps per ply.
#[derive(Debug, Clone, Copy)]
struct Frame {
    /// Corrected static evaluation, or `EVAL_NONE` in check.
    static_eval: i32,
    /// The move made at this ply, as continuation history sees it (`None` for a null
    /// move or before the root).
    cont: Option<PieceTo>,
    /// The move a singular-extension search leaves out.
    excluded: Option<ChessMove>,
    /// Two quiet moves that recently caused a beta cutoff at this ply.
    killers: [Option<ChessMove>; 2],
    /// Whether the move made at this ply was a null move.
    null: bool,
    /// Double extensions on the line to this node.
    double_ext: u8,
}

const EMPTY_FRAME: Frame = Frame {
    static_eval: EVAL_NONE,
    cont: None,
    excluded: None,
    killers: [None; 2],
    null: false,
    double_ext: 0,
};

/// A root move with what the search learnt about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootMove {
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

/// One search thread's state that lives across `go` commands: the histories, the
/// per-ply stack and PV table (reused buffers), and reduction tables.
pub struct Worker {
    hist: Box<Histories>,
    stack: Vec<Frame>,
    pv: Vec<[ChessMove; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Late move reductions by [noisy][depth][move number].
    lmr: Box<[[[i32; 64]; 64]; 2]>,
    /// The pawn terms of the evaluation by pawn structure.
    pawns: PawnCache,
}

impl Default for Worker {
    fn default() -> Self {
        Worker::new()
    }
}

impl Worker {
    pub fn new() -> Worker {
        let mut lmr = Box::new([[[0i32; 64]; 64]; 2]);
        for d in 1..64 {
            for n in 1..64 {
                let l = (d as f64).ln() * (n as f64).ln();
                lmr[0][d][n] = (LMR_BASE + l / LMR_DIV) as i32;
                lmr[1][d][n] = (LMR_NOISY_BASE + l / LMR_NOISY_DIV).max(0.0) as i32;
            }
        }
        Worker {
            hist: Histories::new_boxed(),
            stack: vec![EMPTY_FRAME; MAX_PLY + STACK_OFFSET + 2],
            pv: vec![[ChessMove::default(); MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            lmr,
            pawns: PawnCache::new(),
        }
    }

    /// Forgets everything learnt (`ucinewgame`).
    pub fn clear(&mut self) {
        self.hist.clear();
        self.stack.fill(EMPTY_FRAME);
    }

    /// Runs iterative deepening on `pos` within `limits`, reporting each iteration.
    #[allow(clippy::too_many_arguments)]
    pub fn search(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        overhead_ms: u64,
        tt: &TranspositionTable,
        clock: &Clock,
        config: SearchConfig,
        report: &mut dyn FnMut(Event),
    ) -> Outcome {
        let job = Job {
            tt,
            clock,
            config,
            overhead_ms,
            role: Role::Main,
            shared: None,
            tb: TbUse::default(),
        };
        self.search_as(pos, limits, job, report)
    }

    /// [`Worker::search`] in a given role, with the state shared between threads.
    fn search_as(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        job: Job,
        report: &mut dyn FnMut(Event),
    ) -> Outcome {
        let Job {
            tt,
            clock,
            config,
            overhead_ms,
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
        let mut s = Searcher {
            w: self,
            tt,
            clock,
            config,
            mate_mode,
            // Helpers search until the main thread stops them.
            time: match role {
                Role::Main => TimeManager::new(limits, pos.side_to_move(), overhead_ms),
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
            aborted: false,
            root_best: None,
            pv_idx: 0,
            stats: Stats::default(),
            currmove: false,
            report_bounds: role == Role::Main && limits.multipv <= 1,
            sink: report,
            role,
            shared,
            flushed: 0,
            iter_depth: 0,
            w_adopt: shared.is_some() && limits.multipv <= 1 && !mate_mode,
            adopting: false,
            tb,
        };
        let out = s.iterate(pos, limits);
        s.flush_nodes();
        out
    }
}

/// What one search thread is asked to do.
#[derive(Clone, Copy)]
struct Job<'a> {
    tt: &'a TranspositionTable,
    clock: &'a Clock,
    config: SearchConfig,
    overhead_ms: u64,
    role: Role,
    shared: Option<&'a Shared>,
    tb: TbUse<'a>,
}

/// How one search uses the tablebases (by default not at all).
#[derive(Clone, Copy, Default)]
struct TbUse<'a> {
    /// Tables to probe inside the tree: none when the root itself was ranked by its
    /// DTZ probe (then the search only chooses among moves that keep the result, and
    /// the evaluation, not equal tablebase scores, drives it towards the conversion).
    probe: Option<&'a Syzygy>,
    /// The tables whose hits the reports count.
    tables: Option<&'a Syzygy>,
    /// Most pieces at which to probe, and the least depth to probe at when the
    /// position has exactly that many (`SyzygyProbeLimit`, `SyzygyProbeDepth`).
    cardinality: u32,
    depth: i32,
    /// `Syzygy50MoveRule`.
    rule50: bool,
    /// The root's tablebase score, reported while the search has found no mate.
    root_score: Option<i32>,
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
enum Role {
    Main,
    Helper(usize),
}

/// What the threads of one Lazy SMP search share besides the table.
#[derive(Debug, Default)]
struct Shared {
    /// Set by the main thread when it is done: the helpers stop.
    stop: AtomicBool,
    /// Nodes of all threads, flushed in batches.
    nodes: AtomicU64,
    /// The deepest iteration a helper has finished, and its result: the main thread
    /// adopts it rather than finish the same depth itself.
    completed: AtomicU32,
    result: Mutex<Option<Adopted>>,
}

/// A helper's finished iteration.
#[derive(Debug, Clone)]
struct Adopted {
    depth: u32,
    seldepth: usize,
    mv: ChessMove,
    score: i32,
    pv: Vec<ChessMove>,
}

impl Shared {
    /// A helper finished iteration `a.depth`: keep it if it is the deepest yet.
    fn publish(&self, a: Adopted) {
        let mut r = self.result.lock().unwrap_or_else(|e| e.into_inner());
        if r.as_ref().is_none_or(|old| a.depth > old.depth) {
            self.completed.store(a.depth, Ordering::Release);
            *r = Some(a);
        }
    }

    fn take(&self) -> Option<Adopted> {
        self.result
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

/// Lazy SMP depth variety: helper `i` skips the depths where
/// `((depth + SKIP_PHASE[k]) / SKIP_SIZE[k]) % 2 == 1`, `k = (i - 1) % 20` (the
/// pattern Stockfish used for years), so threads spread over neighbouring depths.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

impl Role {
    /// Whether this thread leaves out iteration `depth`.
    fn skips(self, depth: u32) -> bool {
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
    pub tb_config: TbConfig,
}

impl Default for Pool {
    fn default() -> Self {
        Pool::new()
    }
}

impl Pool {
    pub fn new() -> Pool {
        Pool::with_threads(1)
    }

    /// Clears every worker's learnt state (`ucinewgame`).
    pub fn clear(&self) {
        for w in &self.workers {
            w.lock().unwrap_or_else(|e| e.into_inner()).clear();
        }
    }

    /// A pool of `threads` workers (at least one).
    pub fn with_threads(threads: usize) -> Pool {
        Pool {
            workers: fresh_workers(threads),
            tb: None,
            tb_config: TbConfig::default(),
        }
    }

    /// Gives the pool `threads` fresh workers (at least one); the old ones and their
    /// histories go. The tablebases stay.
    pub fn set_threads(&mut self, threads: usize) {
        self.workers = fresh_workers(threads);
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
        if pos.board().combined().popcnt() > cardinality {
            return (u, None);
        }
        let Some(r) = t.rank_root(pos, c.rule50) else {
            return (u, None);
        };
        let moves: Vec<ChessMove> = r
            .moves
            .into_iter()
            .filter(|m| limits.searchmoves.is_empty() || limits.searchmoves.contains(m))
            .collect();
        if moves.is_empty() {
            // `searchmoves` holds only moves that spoil the result: search them as asked.
            return (u, None);
        }
        u.probe = None;
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
    /// and keeps time, and when it stops, so do they. The move played is voted from
    /// all threads' finished iterations, weighted by score and depth; if another
    /// thread's line wins, it is reported before `bestmove`. Node counts are summed.
    #[allow(clippy::too_many_arguments)]
    pub fn search(
        &self,
        pos: &mut Position,
        limits: &Limits,
        overhead_ms: u64,
        tt: &TranspositionTable,
        clock: &Clock,
        config: SearchConfig,
        report: &mut dyn FnMut(Event),
    ) -> Outcome {
        let (tb, ranked) = self.tb_use(pos, limits);
        let limits = ranked.as_ref().unwrap_or(limits);
        let mut job = Job {
            tt,
            clock,
            config,
            overhead_ms,
            role: Role::Main,
            shared: None,
            tb,
        };
        if self.workers.len() == 1 {
            let mut main = self.workers[0].lock().unwrap_or_else(|e| e.into_inner());
            return main.search_as(pos, limits, job, report);
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
                let l = &helper_limits;
                let job = Job {
                    role: Role::Helper(i),
                    ..job
                };
                let h = std::thread::Builder::new()
                    .name(format!("helper {i}"))
                    .stack_size(32 * 1024 * 1024)
                    .spawn_scoped(scope, move || {
                        let mut w = worker.lock().unwrap_or_else(|e| e.into_inner());
                        w.search_as(&mut p, l, job, &mut |_| {})
                    });
                // A helper that cannot start leaves the others to it.
                if let Ok(h) = h {
                    handles.push(h);
                }
            }
            let out = {
                let mut main = self.workers[0].lock().unwrap_or_else(|e| e.into_inner());
                main.search_as(pos, limits, job, report)
            };
            shared.stop.store(true, Ordering::Release);
            let helpers: Vec<Outcome> = handles.into_iter().filter_map(|h| h.join().ok()).collect();
            (out, helpers)
        });
        let nodes = shared.nodes.load(Ordering::Acquire);
        let main_choice = (main_out.best, main_out.depth, main_out.score);
        let mut best = vote(main_out, helpers);
        best.nodes = nodes;
        if limits.multipv <= 1 && (best.best, best.depth, best.score) != main_choice {
            // The line played, if it came from a helper, with the totals.
            let time_ms = started.elapsed().as_millis() as u64;
            report(Event::Voted(&Report {
                depth: best.depth,
                seldepth: best.depth,
                multipv: 1,
                score: best.score,
                nodes,
                time_ms,
                hashfull: tt.hashfull(),
                tbhits: self.tb.as_ref().map_or(0, Syzygy::hits),
                pv: best.pv.clone(),
                bound: Bound::Exact,
            }));
        }
        best
    }
}

/// `threads` new workers (at least one).
fn fresh_workers(threads: usize) -> Vec<Mutex<Worker>> {
    (0..threads.max(1))
        .map(|_| Mutex::new(Worker::new()))
        .collect()
}

/// The move to play from the threads' results: each finished thread votes for its best
/// move with weight (score − lowest score + 14) × depth, as Stockfish does; the main
/// thread's result stands unless another move gets more votes. A proven mate found by
/// any thread wins outright (the shortest).
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
    let weight = |o: &Outcome| (o.score as i64 - low + 14) * o.depth as i64;
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

/// Runs iterative deepening on `pos` with a fresh worker (fresh histories): what tests
/// and bench want, since the result then depends on the position and table alone.
pub fn search(
    pos: &mut Position,
    limits: &Limits,
    overhead_ms: u64,
    tt: &TranspositionTable,
    clock: &Clock,
    config: SearchConfig,
    report: &mut dyn FnMut(Event),
) -> Outcome {
    Worker::new().search(pos, limits, overhead_ms, tt, clock, config, report)
}

/// One search in progress: a worker plus what this `go` shares and asks for.
struct Searcher<'a> {
    w: &'a mut Worker,
    tt: &'a TranspositionTable,
    clock: &'a Clock,
    config: SearchConfig,
    /// `go mate`: table cutoffs only from entries of this search, since a cutoff from an
    /// earlier pruned search could report a mate that is not the shortest.
    mate_mode: bool,
    /// When to stop: the deadlines, scaled by what each iteration says.
    time: TimeManager,
    node_limit: Option<u64>,
    root_moves: Vec<RootMove>,
    /// History length at the root: repetitions at or after it are inside the tree.
    root_ply: usize,
    nodes: u64,
    seldepth: usize,
    /// Limits other than an explicit `stop` apply from depth 2 on, so that a move is
    /// always found.
    interruptible: bool,
    aborted: bool,
    /// Index of the root move proven best so far in the unfinished iteration.
    root_best: Option<usize>,
    /// The MultiPV line being searched: root moves before this index already have
    /// their lines in this iteration and are left out.
    pv_idx: usize,
    /// Counters of the iteration in progress.
    stats: Stats,
    /// Whether `Event::CurrMove` is sent (after the first second of a search).
    currmove: bool,
    /// Whether a failed aspiration window is reported (main thread, one line).
    report_bounds: bool,
    /// Where events go.
    sink: &'a mut dyn FnMut(Event),
    /// Main thread or helper.
    role: Role,
    /// State shared with the other threads of a Lazy SMP search.
    shared: Option<&'a Shared>,
    /// Nodes already added to `shared.nodes`.
    flushed: u64,
    /// The iteration in progress.
    iter_depth: u32,
    /// Whether the main thread may adopt helpers' iterations (several threads, one
    /// line, no mate search), and whether it is doing so now.
    w_adopt: bool,
    adopting: bool,
    /// How the tablebases are used.
    tb: TbUse<'a>,
}

impl Searcher<'_> {
    #[inline]
    fn frame(&self, ply: usize) -> &Frame {
        &self.w.stack[ply + STACK_OFFSET]
    }

    /// The frame `back` plies before `ply` (frames before the root are empty).
    #[inline]
    fn frame_back(&self, ply: usize, back: usize) -> &Frame {
        &self.w.stack[ply + STACK_OFFSET - back]
    }

    #[inline]
    fn frame_mut(&mut self, ply: usize) -> &mut Frame {
        &mut self.w.stack[ply + STACK_OFFSET]
    }

    fn iterate(&mut self, pos: &mut Position, limits: &Limits) -> Outcome {
        self.root_moves = pos
            .legal_moves()
            .into_iter()
            .filter(|m| limits.searchmoves.is_empty() || limits.searchmoves.contains(m))
            .map(|mv| RootMove {
                mv,
                score: -INFINITY,
                prev_score: -INFINITY,
                pv: vec![mv],
                nodes: 0,
            })
            .collect();
        let mut outcome = Outcome::only(self.root_moves.first().map(|r| r.mv));
        if outcome.best.is_none() {
            return outcome;
        }
        let mut max_depth = limits
            .depth
            .map(|d| d.clamp(1, MAX_PLY as u32 - 1))
            .unwrap_or(MAX_PLY as u32 - 1);
        if let Some(n) = limits.mate {
            // A mate in N is found by depth 2N-1 without pruning; deeper is pointless.
            max_depth = max_depth.min((2 * n.max(1) - 1).min(MAX_PLY as u32 - 1));
        }

        let mut last_score = 0;
        let mut last_nodes = 0;
        // With several threads (one line, no mate search) the main thread adopts a
        // helper's finished iteration as soon as it is at least as deep as its own,
        // and helpers skip depths some thread has already finished.
        let adopt = self.shared.is_some() && limits.multipv <= 1 && !self.mate_mode;
        let mut next_depth = 1;
        while next_depth <= max_depth {
            let mut depth = next_depth;
            next_depth += 1;
            if self.role.skips(depth) {
                continue;
            }
            let done_elsewhere = self
                .shared
                .map_or(0, |s| s.completed.load(Ordering::Acquire));
            if adopt && self.role != Role::Main && depth <= done_elsewhere {
                continue;
            }
            self.iter_depth = depth;
            if self.shared.is_some_and(|s| s.stop.load(Ordering::Acquire)) {
                break;
            }
            self.interruptible = depth > 1;
            self.stats = Stats::default();
            let nodes_before = self.nodes;
            self.seldepth = 0;
            self.root_best = None;
            for r in &mut self.root_moves {
                r.prev_score = r.score;
            }
            // MultiPV: line k is the best of the root moves not already in lines
            // 0..k; each is searched in its own aspiration window.
            let lines = limits.multipv.clamp(1, self.root_moves.len());
            let mut score = 0;
            let mut finished = 0;
            for pv_idx in 0..lines {
                self.pv_idx = pv_idx;
                let center = if pv_idx == 0 {
                    last_score
                } else {
                    self.root_moves[pv_idx].prev_score
                };
                let s = if adopt && self.role == Role::Main && depth <= done_elsewhere {
                    self.adopting = true;
                    self.aborted = true;
                    0
                } else {
                    self.aspiration(pos, depth as i32, center)
                };
                if self.aborted {
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
            if self.adopting {
                self.adopting = false;
                if let Some(a) = self.shared.and_then(|s| s.take()) {
                    if let Some(i) = self.root_moves.iter().position(|r| r.mv == a.mv) {
                        self.aborted = self.clock.stopped();
                        let mut r = self.root_moves.remove(i);
                        r.score = a.score;
                        r.pv = a.pv;
                        self.root_moves.insert(0, r);
                        self.seldepth = self.seldepth.max(a.seldepth);
                        score = a.score;
                        finished = 1;
                        depth = a.depth.max(depth);
                        next_depth = depth + 1;
                    }
                }
            }
            if self.aborted && finished == 0 {
                // A root move proven better in this unfinished iteration (a fail-high
                // counts) replaces the last result; report its line so the GUI's PV
                // matches the move played.
                if let Some(i) = self.root_best {
                    let r = &self.root_moves[i];
                    if Some(r.mv) != outcome.best {
                        let (mv, sc) = (r.mv, r.score);
                        let pv = legal_pv(pos, &r.pv, self.root_ply);
                        outcome.best = Some(mv);
                        outcome.ponder = pv.get(1).copied();
                        outcome.score = sc;
                        outcome.pv = pv.clone();
                        let line = self.report(depth, 1, sc, pv);
                        (self.sink)(Event::Line(&line));
                    }
                }
                break;
            }
            // Lines searched later can come out better than earlier ones.
            self.root_moves[..finished].sort_by_key(|r| std::cmp::Reverse(r.score));
            if finished > 1 {
                score = self.root_moves[0].score;
            }
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
            outcome.pv = pv.clone();
            outcome.lines = self.root_moves[..finished.max(1)]
                .iter()
                .map(|r| (r.mv, r.score))
                .collect();
            last_score = score;
            if let (Some(s), Role::Helper(_)) = (self.shared, self.role) {
                if adopt && !self.aborted {
                    s.publish(Adopted {
                        depth,
                        seldepth: self.seldepth,
                        mv: best.mv,
                        score,
                        pv: pv.clone(),
                    });
                }
            }
            let line = self.report(depth, 1, score, pv);
            (self.sink)(Event::Line(&line));
            for k in 1..finished {
                let r = &self.root_moves[k];
                let line = legal_pv(pos, &r.pv, self.root_ply);
                let line = self.report(depth, k as u32 + 1, r.score, line);
                (self.sink)(Event::Line(&line));
            }
            self.stats.nodes = self.nodes - nodes_before;
            let stats = self.stats;
            (self.sink)(Event::Stats {
                depth,
                stats: &stats,
                ebf: self.stats.nodes as f64 / last_nodes.max(1) as f64,
                hashfull: self.tt.hashfull(),
            });
            last_nodes = self.stats.nodes;
            if self.aborted {
                break;
            }

            if let (Some(n), Some(m)) = (limits.mate, mate_in_moves(score)) {
                if m > 0 && m as u32 <= n {
                    break;
                }
            }
            if self.clock.stopped() || self.node_limit.is_some_and(|n| self.total_nodes() >= n) {
                break;
            }
            if !self.time.start_another(self.clock) {
                break;
            }
        }
        if outcome.ponder.is_none() {
            outcome.ponder = self.ponder_from_table(pos, outcome.best);
        }
        outcome.nodes = self.nodes;
        outcome
    }

    /// Searches the root in a narrow window around the last score, widening it on a
    /// fail until the score falls inside.
    fn aspiration(&mut self, pos: &mut Position, depth: i32, last: i32) -> i32 {
        let mut delta = ASP_DELTA;
        let (mut alpha, mut beta) = if depth >= ASP_MIN_DEPTH as i32 && !is_mate(last) {
            ((last - delta).max(-INFINITY), (last + delta).min(INFINITY))
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.negamax(pos, depth, alpha, beta, 0, false);
            if self.aborted {
                return score;
            }
            if score <= alpha && alpha > -INFINITY {
                self.report_bound(pos, depth, score, Bound::Upper);
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                self.report_bound(pos, depth, score, Bound::Lower);
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta += delta / 2;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// After [`BOUND_REPORT_AFTER`], tells the GUI that the window failed: the score is
    /// a bound, with the line of the move that failed high (or of the first move, when
    /// all failed low).
    fn report_bound(&mut self, pos: &Position, depth: i32, score: i32, bound: Bound) {
        // A root in the tablebases reports their score, which is no bound.
        if !self.report_bounds
            || self.tb.root_score.is_some()
            || self.clock.elapsed() < BOUND_REPORT_AFTER
        {
            return;
        }
        let i = match bound {
            Bound::Lower => self.root_best.unwrap_or(0),
            _ => 0,
        };
        let Some(r) = self.root_moves.get(i) else {
            return;
        };
        let pv = legal_pv(pos, &r.pv, self.root_ply);
        let mut line = self.report(depth as u32, 1, score, pv);
        line.bound = bound;
        (self.sink)(Event::Line(&line));
    }

    /// The report of line `multipv` of an iteration at `depth`, with its root score
    /// `score` and line `pv`.
    /// A root in the tablebases reports their score unless the search proved a mate.
    fn report(&self, depth: u32, multipv: u32, score: i32, pv: Vec<ChessMove>) -> Report {
        Report {
            depth,
            seldepth: self.seldepth.max(depth as usize) as u32,
            multipv,
            score: match self.tb.root_score {
                Some(tb) if !is_mate(score) => tb,
                _ => score,
            },
            nodes: self.total_nodes(),
            time_ms: self.clock.elapsed().as_millis() as u64,
            hashfull: self.tt.hashfull(),
            tbhits: self.tb.tables.map_or(0, Syzygy::hits),
            pv,
            bound: Bound::Exact,
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

    /// Adds this thread's nodes since the last flush to the shared count.
    fn flush_nodes(&mut self) {
        if let Some(s) = self.shared {
            s.nodes
                .fetch_add(self.nodes - self.flushed, Ordering::AcqRel);
            self.flushed = self.nodes;
        }
    }

    /// Nodes of all threads so far (this one's exactly, the others' to their last
    /// flush).
    fn total_nodes(&self) -> u64 {
        match self.shared {
            Some(s) => s.nodes.load(Ordering::Acquire) + self.nodes - self.flushed,
            None => self.nodes,
        }
    }

    /// Whether the search must stop now. Polled every node; the clock (and the other
    /// threads' stop flag) is read only every `POLL_MASK + 1` nodes.
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & POLL_MASK == 0 {
            if self.clock.stopped() {
                self.aborted = true;
            }
            if let Some(s) = self.shared {
                s.nodes
                    .fetch_add(self.nodes - self.flushed, Ordering::AcqRel);
                self.flushed = self.nodes;
                if s.stop.load(Ordering::Acquire) {
                    self.aborted = true;
                }
                // A helper finished this depth first: take its result instead.
                if self.role == Role::Main
                    && self.interruptible
                    && self.pv_idx == 0
                    && self.w_adopt
                    && s.completed.load(Ordering::Acquire) >= self.iter_depth
                {
                    self.adopting = true;
                    self.aborted = true;
                }
            }
        }
        if self.interruptible {
            let out_of_nodes = self.node_limit.is_some_and(|n| self.total_nodes() >= n);
            if out_of_nodes
                || (self.nodes & POLL_MASK == 0 && self.time.hard_limit_passed(self.clock))
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// A table entry's score may cut this node off: deep enough (per the config), of
    /// this search in mate mode, and a bound on the right side of the window.
    #[inline]
    fn tt_cutoff(&self, e: &Entry, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        if !self.config.tt_cutoffs || (self.mate_mode && !e.current) {
            return None;
        }
        let deep_enough = if self.config.tt_deeper_cutoffs {
            e.depth as i32 >= depth
        } else {
            e.depth as i32 == depth
        };
        if !deep_enough {
            return None;
        }
        let score = score_from_tt(e.score, ply);
        let cut = match e.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        cut.then_some(score)
    }

    /// The static evaluation of a node not in check: (raw, corrected). The raw value
    /// comes from the table when it has one; the correction (pawn-structure correction
    /// history) applies only with pruning on, so that exact mode stays plain minimax.
    #[inline]
    fn static_eval(&mut self, pos: &Position, entry: Option<&Entry>) -> (i32, i32) {
        let raw = match entry.map(|e| e.eval).filter(|&e| e != EVAL_NONE) {
            Some(e) => e,
            None => evaluate_cached(pos, &mut self.w.pawns),
        };
        if !self.config.pruning {
            return (raw, raw);
        }
        let side = pos.side_to_move().to_index();
        let corrected = raw + self.w.hist.correction(side, pos.pawn_key());
        (raw, corrected.clamp(-TB_BOUND + 1, TB_BOUND - 1))
    }

    /// The static eval `se`, replaced by the table's score where its bound says the
    /// true value lies beyond `se` on that side (with pruning only: exact mode keeps
    /// plain minimax).
    #[inline]
    fn sharpened_eval(&self, entry: Option<&Entry>, se: i32, ply: usize) -> i32 {
        let Some(e) = entry.filter(|_| self.config.pruning) else {
            return se;
        };
        let ts = score_from_tt(e.score, ply);
        let better = match e.bound {
            Bound::Exact => true,
            Bound::Lower => ts > se,
            Bound::Upper => ts < se,
        };
        if better && !is_mate(ts) {
            ts
        } else {
            se
        }
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        if self.aborted {
            return 0;
        }
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        self.w.pv_len[ply] = ply;
        if !root {
            if pos.is_draw(self.root_ply) {
                return DRAW;
            }
            // Mate distance pruning: no line from here can beat a mate already found
            // nearer the root.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = pos.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { evaluate(pos) };
        }
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let pruning = self.config.pruning;

        let excluded = self.frame(ply).excluded;
        let key = pos.key();
        let entry = if excluded.is_none() {
            self.stats.tt_probes += 1;
            self.tt.probe(key)
        } else {
            None
        };
        self.stats.tt_hits += entry.is_some() as u64;
        let tt_move = if root {
            Some(self.root_moves[self.pv_idx].mv)
        } else {
            entry.and_then(|e| e.best_move)
        };
        let tt_pv = pv_node || entry.is_some_and(|e| e.pv);
        if let Some(e) = &entry {
            if !pv_node && !root {
                if let Some(score) = self.tt_cutoff(e, depth, alpha, beta, ply) {
                    return score;
                }
            } else if !root && e.depth == LEARNED_DEPTH && e.bound == Bound::Exact {
                // A learnt result (see learn.rs) settles even a PV node: that is how a
                // line that lost before stops looking good.
                return score_from_tt(e.score, ply);
            }
        }

        // Tablebases, just after a capture or pawn move: a result that settles the node
        // within the window ends it; at a PV node, one that only bounds it bounds the
        // value returned.
        let (mut tb_floor, mut tb_ceiling) = (-INFINITY, INFINITY);
        if let Some(tb) = self.tb.probe.filter(|_| !root && excluded.is_none()) {
            let pieces = pos.board().combined().popcnt();
            if pos.halfmove_clock() == 0
                && pieces <= self.tb.cardinality
                && (pieces < self.tb.cardinality || depth >= self.tb.depth)
            {
                if let Some(wdl) = tb.probe_wdl(pos) {
                    let v = syzygy::score(wdl, ply, self.tb.rule50);
                    let bound = if v >= TB_BOUND {
                        Bound::Lower
                    } else if v <= -TB_BOUND {
                        Bound::Upper
                    } else {
                        Bound::Exact
                    };
                    if match bound {
                        Bound::Exact => true,
                        Bound::Lower => v >= beta,
                        Bound::Upper => v <= alpha,
                    } {
                        self.tt.store(
                            key,
                            Store {
                                best_move: None,
                                score: score_to_tt(v, ply),
                                eval: EVAL_NONE,
                                depth: (depth + TB_DEPTH_BONUS).min(MAX_PLY as i32 - 1),
                                bound,
                                pv: tt_pv,
                            },
                        );
                        return v;
                    }
                    if pv_node {
                        if bound == Bound::Lower {
                            tb_floor = v;
                            alpha = alpha.max(v);
                        } else {
                            tb_ceiling = v;
                        }
                    }
                }
            }
        }

        // Static evaluation, and `eval`: the same sharpened by the table's score where
        // its bound allows, for the pruning decisions.
        let (raw_eval, static_eval, eval) = if in_check {
            (EVAL_NONE, EVAL_NONE, EVAL_NONE)
        } else if excluded.is_some() {
            let se = self.frame(ply).static_eval;
            (EVAL_NONE, se, se)
        } else {
            let (raw, se) = self.static_eval(pos, entry.as_ref());
            (raw, se, self.sharpened_eval(entry.as_ref(), se, ply))
        };
        self.frame_mut(ply).static_eval = static_eval;
        // Improving: the static eval rose since our last move (two plies back, or four
        // when we were in check then).
        let improving = !in_check && {
            let two = self.frame_back(ply, 2).static_eval;
            let prev = if two != EVAL_NONE {
                two
            } else {
                self.frame_back(ply, 4).static_eval
            };
            prev != EVAL_NONE && static_eval > prev
        };

        // A static guess cannot prove or refute a mate: no pruning against mate bounds.
        if pruning && !pv_node && !in_check && !root && excluded.is_none() && !is_mate(beta) {
            // Reverse futility: so far above beta that a shallow search will not fall
            // back below it.
            // Both prunings below trust the eval; a mate-in-one threat makes it blind.
            let mut threat = None;
            let mut mate_threat = |pos: &Position| *threat.get_or_insert_with(|| pos.mate_threat());
            if depth <= RFP_MAX_DEPTH
                && eval - RFP_MARGIN * (depth - improving as i32) >= beta
                && !mate_threat(pos)
            {
                return eval;
            }
            // Null move: if passing still fails high, a real move will too. Not in
            // pawn endings, where passing may be the only good "move" (zugzwang).
            if !self.frame_back(ply, 1).null
                && depth >= NMP_MIN_DEPTH
                && eval >= beta
                && static_eval >= beta
                && pos.has_non_pawn_material()
                && !mate_threat(pos)
            {
                let r = NMP_BASE
                    + depth / NMP_DEPTH_DIV
                    + ((eval - beta) / NMP_EVAL_DIV).min(NMP_EVAL_MAX);
                let f = self.frame_mut(ply);
                f.cont = None;
                f.null = true;
                let d = f.double_ext;
                self.frame_mut(ply + 1).double_ext = d;
                pos.make_null_move();
                let score = -self.negamax(pos, depth - r, -beta, -beta + 1, ply + 1, !cut_node);
                pos.unmake_move();
                self.frame_mut(ply).null = false;
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if is_mate(score) { beta } else { score };
                }
            }
        }

        // Internal iterative reduction: with no table move the ordering is poor and the
        // node likely unimportant; search it shallower.
        if pruning && depth >= IIR_MIN_DEPTH && tt_move.is_none() && excluded.is_none() {
            depth -= 1;
        }

        let cont = [self.frame_back(ply, 1).cont, self.frame_back(ply, 2).cont];
        let counter = self.w.hist.counter(cont[0]);
        let killers = self.frame(ply).killers;
        let mut picker = Picker::new(pos, tt_move, killers, counter, false);
        let side = pos.side_to_move().to_index();
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets_tried = [ChessMove::default(); 64];
        let mut n_quiets = 0;
        let mut noisy_tried = [ChessMove::default(); 32];
        let mut n_noisy = 0;
        let mut check_info = None;
        let non_pawn_material = pos.has_non_pawn_material();

        while let Some((m, origin)) = picker.next(pos, &self.w.hist, cont) {
            if Some(m) == excluded {
                continue;
            }
            if root && !self.root_moves[self.pv_idx..].iter().any(|r| r.mv == m) {
                continue;
            }
            let noisy = pos.is_noisy(m);
            let pt = piece_to(pos, m);
            let hist_score = if noisy {
                0
            } else {
                self.w.hist.butterfly(side, m)
                    + self.w.hist.continuation(cont[0], pt)
                    + self.w.hist.continuation(cont[1], pt)
            };

            // Move pruning, once a move has kept us from being mated. A move that
            // mates at once is never pruned: a quiet mate is what pruning must not hide.
            if pruning && !root && best > -MATE_BOUND && non_pawn_material {
                if let Some(skip_rest) = self.prune_move(
                    pos,
                    m,
                    noisy,
                    depth,
                    searched,
                    improving,
                    in_check,
                    static_eval,
                    alpha,
                    hist_score,
                ) {
                    let info = check_info.get_or_insert_with(|| pos.check_info());
                    if !pos.mates_with(m, info) {
                        if skip_rest {
                            picker.skip_quiets(pos);
                        }
                        continue;
                    }
                }
            }

            // Singular extension: when every other move fails well below the table
            // move's score, the table move is forced; search it deeper.
            let mut extension = 0;
            if pruning && !root && Some(m) == tt_move && excluded.is_none() && depth >= SE_MIN_DEPTH
            {
                if let Some(e) = entry {
                    let ts = score_from_tt(e.score, ply);
                    if e.depth as i32 >= depth - SE_TT_DEPTH_SLACK
                        && e.bound != Bound::Upper
                        && !is_mate(ts)
                    {
                        let s_beta = ts - SE_MARGIN * depth;
                        self.frame_mut(ply).excluded = Some(m);
                        let s =
                            self.negamax(pos, (depth - 1) / 2, s_beta - 1, s_beta, ply, cut_node);
                        self.frame_mut(ply).excluded = None;
                        if self.aborted {
                            return 0;
                        }
                        if s < s_beta {
                            extension = 1;
                            if !pv_node
                                && s < s_beta - SE_DOUBLE_MARGIN
                                && self.frame(ply).double_ext < SE_MAX_DOUBLE
                            {
                                extension = 2;
                            }
                        } else if s_beta >= beta {
                            // Multi-cut: another move beats beta as well.
                            return s_beta;
                        } else if ts >= beta {
                            extension = -1;
                        }
                    }
                }
            }

            let nodes_before = self.nodes;
            let f = self.frame_mut(ply);
            f.cont = Some(pt);
            f.null = false;
            let child_double = f.double_ext + (extension == 2) as u8;
            self.frame_mut(ply + 1).double_ext = child_double;
            if root && !self.currmove && self.clock.elapsed() >= CURRMOVE_AFTER {
                self.currmove = true;
            }
            if root && self.currmove {
                (self.sink)(Event::CurrMove {
                    depth: depth as u32,
                    mv: m,
                    number: (self.pv_idx + searched + 1) as u32,
                });
            }
            pos.make_move(m);
            searched += 1;
            let gives_check = pos.in_check();
            let new_depth = depth - 1 + extension;

            let score = if searched == 1 {
                -self.negamax(
                    pos,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    !pv_node && !cut_node,
                )
            } else {
                // Late move reduction: moves ordered late are searched shallower first,
                // and at full depth only if they beat alpha.
                let mut r = 0;
                if pruning && depth >= LMR_MIN_DEPTH && searched > LMR_MIN_MOVES + pv_node as usize
                {
                    r = self.reduction(noisy, depth, searched);
                    if !noisy {
                        r -= pv_node as i32 + tt_pv as i32;
                        r += cut_node as i32;
                        r += !improving as i32;
                        r -= gives_check as i32;
                        if matches!(origin, Origin::Killer | Origin::Counter) {
                            r -= 1;
                        }
                        r -= hist_score / LMR_HIST_DIV;
                    } else {
                        r -= gives_check as i32;
                    }
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                let mut s = -self.negamax(pos, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if r > 0 && s > alpha {
                    s = -self.negamax(pos, new_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
                }
                if pv_node && s > alpha {
                    s = -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, false);
                }
                s
            };
            pos.unmake_move();
            if self.aborted {
                return 0;
            }

            if root {
                let child_pv: Vec<ChessMove> = self.w.pv[1][1..self.w.pv_len[1].max(1)].to_vec();
                let i = self
                    .root_moves
                    .iter()
                    .position(|r| r.mv == m)
                    .expect("searched root moves are root moves");
                let rm = &mut self.root_moves[i];
                rm.nodes += self.nodes - nodes_before;
                if searched == 1 || score > alpha {
                    rm.score = score;
                    rm.pv.clear();
                    rm.pv.push(m);
                    rm.pv.extend_from_slice(&child_pv);
                    if score > alpha && self.pv_idx == 0 {
                        self.root_best = Some(i);
                    }
                } else {
                    rm.score = -INFINITY;
                }
            }

            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        self.stats.cutoffs += 1;
                        self.stats.first_move_cutoffs += (searched == 1) as u64;
                        self.update_histories(
                            pos,
                            m,
                            noisy,
                            depth,
                            ply,
                            cont,
                            &quiets_tried[..n_quiets],
                            &noisy_tried[..n_noisy],
                        );
                        break;
                    }
                    alpha = score;
                }
            }
            if noisy {
                if n_noisy < noisy_tried.len() {
                    noisy_tried[n_noisy] = m;
                    n_noisy += 1;
                }
            } else if n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = m;
                n_quiets += 1;
            }
        }

        if searched == 0 {
            if excluded.is_some() {
                // Every other move was pruned or there is none: the excluded move is
                // singular as far as this search can tell.
                return alpha;
            }
            // No legal move (pruning skips moves only after one was searched).
            return if in_check { mated_in(ply) } else { DRAW };
        }

        // What the tablebases said bounds the value at a PV node.
        let best = best.clamp(tb_floor, tb_ceiling);
        if excluded.is_none() {
            let bound = Bound::of_result(best, original_alpha, beta);
            self.tt.store(
                key,
                Store {
                    best_move,
                    score: score_to_tt(best, ply),
                    eval: raw_eval,
                    depth,
                    bound,
                    pv: tt_pv,
                },
            );
            // Teach the correction history how far the static eval was off, when the
            // search result says so (a bound on the wrong side says nothing).
            if pruning
                && !in_check
                && best_move.is_none_or(|m| !pos.is_noisy(m))
                && !is_mate(best)
                && !(bound == Bound::Lower && best <= static_eval)
                && !(bound == Bound::Upper && best >= static_eval)
            {
                self.w
                    .hist
                    .update_correction(side, pos.pawn_key(), best - raw_eval, depth);
            }
        }
        best
    }

    /// Whether move pruning drops `m`: `None` to search it, `Some(true)` when every
    /// later quiet move may go too (late move and futility pruning), `Some(false)` for
    /// this move alone (history and SEE pruning).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn prune_move(
        &self,
        pos: &Position,
        m: ChessMove,
        noisy: bool,
        depth: i32,
        searched: usize,
        improving: bool,
        in_check: bool,
        static_eval: i32,
        alpha: i32,
        hist_score: i32,
    ) -> Option<bool> {
        if noisy {
            let losing =
                depth <= SEE_PRUNE_MAX_DEPTH && !see::see_ge(pos, m, -SEE_NOISY_MARGIN * depth);
            return losing.then_some(false);
        }
        let lmr_depth = (depth - 1 - self.reduction(false, depth, searched + 1)).max(0);
        // Late move pruning: enough quiet moves were tried.
        if searched as i32 >= (LMP_BASE + depth * depth) / (2 - improving as i32) {
            return Some(true);
        }
        // Futility: even a good quiet move will not lift the eval to alpha.
        if !in_check
            && lmr_depth <= FP_MAX_DEPTH
            && static_eval + FP_BASE + FP_PER_DEPTH * lmr_depth <= alpha
        {
            return Some(true);
        }
        if depth <= HP_MAX_DEPTH && hist_score < -HP_MARGIN * depth {
            return Some(false);
        }
        if lmr_depth <= SEE_PRUNE_MAX_DEPTH && !see::see_ge(pos, m, -SEE_QUIET_MARGIN * lmr_depth) {
            return Some(false);
        }
        None
    }

    /// Late move reduction for the `n`th move at `depth`.
    #[inline]
    fn reduction(&self, noisy: bool, depth: i32, n: usize) -> i32 {
        self.w.lmr[noisy as usize][depth.clamp(0, 63) as usize][n.min(63)]
    }

    /// A move caused a beta cutoff: reward it, and mark down the moves tried before it.
    #[allow(clippy::too_many_arguments)]
    fn update_histories(
        &mut self,
        pos: &Position,
        m: ChessMove,
        noisy: bool,
        depth: i32,
        ply: usize,
        cont: [Option<PieceTo>; 2],
        quiets: &[ChessMove],
        noisies: &[ChessMove],
    ) {
        let bonus = history_bonus(depth);
        let side = pos.side_to_move().to_index();
        let hist = &mut self.w.hist;
        if !noisy {
            let f = &mut self.w.stack[ply + STACK_OFFSET];
            if f.killers[0] != Some(m) {
                f.killers[1] = f.killers[0];
                f.killers[0] = Some(m);
            }
            hist.set_counter(cont[0], m);
            let pt = piece_to(pos, m);
            hist.update_butterfly(side, m, bonus);
            hist.update_continuation(cont[0], pt, bonus);
            hist.update_continuation(cont[1], pt, bonus);
            for &q in quiets {
                let qt = piece_to(pos, q);
                hist.update_butterfly(side, q, -bonus);
                hist.update_continuation(cont[0], qt, -bonus);
                hist.update_continuation(cont[1], qt, -bonus);
            }
        } else if let Some(victim) = pos.captured_piece(m) {
            hist.update_capture(picker::piece_index(pos, m), m, victim, bonus);
        }
        for &c in noisies {
            if let Some(victim) = pos.captured_piece(c) {
                hist.update_capture(picker::piece_index(pos, c), c, victim, -bonus);
            }
        }
    }

    /// Quiescence: only captures and promotions (all evasions when in check), so that
    /// the static evaluation is read in quiet positions. Standing pat (taking the
    /// evaluation) is allowed except in check, where it would hide a mate.
    fn qsearch(&mut self, pos: &mut Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.aborted {
            return 0;
        }
        self.w.pv_len[ply] = ply;
        if ply > 0 && pos.is_draw(self.root_ply) {
            return DRAW;
        }
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        let in_check = pos.in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { evaluate(pos) };
        }
        self.seldepth = self.seldepth.max(ply);
        let pruning = self.config.pruning;
        let pv_node = beta - alpha > 1;
        let key = pos.key();
        let entry = self.tt.probe(key);
        self.stats.tt_probes += 1;
        self.stats.tt_hits += entry.is_some() as u64;
        if let Some(e) = &entry {
            if !pv_node {
                if let Some(score) = self.tt_cutoff(e, 0, alpha, beta, ply) {
                    return score;
                }
            }
        }

        let (raw_eval, stand) = if in_check {
            (EVAL_NONE, -INFINITY)
        } else {
            let (raw, se) = self.static_eval(pos, entry.as_ref());
            let stand = self.sharpened_eval(entry.as_ref(), se, ply);
            if stand >= beta {
                return stand;
            }
            (raw, stand)
        };
        let original_alpha = alpha;
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut best_move = None;
        let mut picker = Picker::new(
            pos,
            entry.and_then(|e| e.best_move),
            [None; 2],
            None,
            !in_check,
        );
        let mut any = false;
        while let Some((m, origin)) = picker.next(pos, &self.w.hist, [None, None]) {
            any = true;
            if pruning && !in_check {
                // The rest lose material by SEE, or this table move does.
                if origin == Origin::BadNoisy {
                    break;
                }
                if origin == Origin::Table && !see::see_ge(pos, m, QS_SEE_THRESHOLD) {
                    continue;
                }
                if matches!(m.get_promotion(), Some(p) if p != chess::Piece::Queen) {
                    continue;
                }
                // Delta pruning: even winning the piece leaves us below alpha.
                if m.get_promotion().is_none() {
                    let gain = pos
                        .captured_piece(m)
                        .map_or(0, |v| see::SEE_VALUE[v.to_index()]);
                    if stand + gain + DELTA_MARGIN <= alpha {
                        continue;
                    }
                }
            }
            pos.make_move(m);
            let score = -self.qsearch(pos, -beta, -alpha, ply + 1);
            pos.unmake_move();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && !any {
            return mated_in(ply);
        }
        let bound = Bound::of_result(best, original_alpha, beta);
        self.tt.store(
            key,
            Store {
                best_move,
                score: score_to_tt(best, ply),
                eval: raw_eval,
                depth: 0,
                bound,
                pv: pv_node,
            },
        );
        best
    }

    /// Makes `m` followed by the child's PV the PV of this ply.
    #[inline]
    fn update_pv(&mut self, ply: usize, m: ChessMove) {
        let w = &mut *self.w;
        let child_len = w.pv_len[ply + 1].max(ply + 1);
        w.pv[ply][ply] = m;
        for i in ply + 1..child_len {
            w.pv[ply][i] = w.pv[ply + 1][i];
        }
        w.pv_len[ply] = child_len;
    }
}

/// The longest prefix of `pv` that is legal from `root`, cut after a move that ends the
/// game (mate, stalemate or a draw), so a GUI never sees a move past the end.
pub fn legal_pv(root: &Position, pv: &[ChessMove], root_ply: usize) -> Vec<ChessMove> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(pv.len());
    for &m in pv {
        if !pos.board().legal(m) {
            break;
        }
        pos.make_move(m);
        out.push(m);
        if !pos.has_legal_move() || pos.is_draw(root_ply) {
            break;
        }
    }
    out
}
