//! The search: iterative deepening with aspiration windows over a negamax alpha-beta
//! with principal variation search, quiescence search, check extension, a
//! transposition table and the forward pruning of modern engines.
//!
//! The search never prints. It reports each finished iteration through a callback, and
//! returns the best move; the UCI layer formats both. It runs on whatever thread calls
//! [`Pool::search`] (or [`search`]) and stops when the shared [`SearchControl`] says so.
//!
//! State that outlives one `go` (histories, counter-moves, correction history) lives in
//! a [`Worker`]; the [`Pool`] owns the workers, so the UCI layer never touches one.
//!
//! This module holds the public types and the state of one search in progress (the
//! `Searcher`); `pool` runs the threads, `iterate` the iterations at the root, `node`
//! the tree below it, with the move `picker`, the `history` tables and `see` beside.

mod control;
mod guard;
mod history;
mod iterate;
mod node;
pub mod params;
mod picker;
mod pool;
mod qsearch;
pub mod see;

use std::sync::atomic::Ordering;

use crate::types::ChessMove;

use crate::position::Position;
use crate::score::EVAL_NONE;
use crate::time::{Limits, TimeManager};
use crate::tt::{Bound, TranspositionTable};

pub use control::SearchControl;
use history::PieceTo;
use iterate::ProvenBest;
pub use iterate::RootMove;
use params::WorkerParams;
pub use pool::{Pool, TbConfig, Worker, THREAD_STACK_BYTES};
use pool::{Role, Shared, TbUse};

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
    /// Nominal depth of the iteration, in plies.
    pub depth: u32,
    /// Deepest ply reached in it, quiescence included (at least `depth`).
    pub seldepth: u32,
    /// Which of the best lines this is (1 = best), for MultiPV.
    pub multipv: u32,
    /// Score from the side to move at the root, in centipawns or a mate score (see
    /// [`crate::score`]); the tablebase score when the root is in the tablebases and
    /// the search proved no mate.
    pub score: i32,
    /// Nodes searched so far in this search, over all threads.
    pub nodes: u64,
    /// Time since `go`, in ms.
    pub time_ms: u64,
    /// Transposition table fill, per mille.
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
    /// Transposition table probes.
    pub tt_probes: u64,
    /// Probes that found an entry for the position.
    pub tt_hits: u64,
    /// Beta cutoffs.
    pub cutoffs: u64,
    /// Beta cutoffs made by the first move searched (a measure of move ordering).
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
        /// The iteration's depth, in plies.
        depth: u32,
        /// The root move.
        mv: ChessMove,
        /// 1-based place of the move in this iteration's order.
        number: u32,
    },
    /// The counters of a finished iteration; `ebf` is its node count over the last
    /// iteration's (the effective branching factor), `hashfull` the table fill (‰).
    Stats {
        /// The iteration's depth, in plies.
        depth: u32,
        /// Its counters (`nodes` is this iteration's alone).
        stats: &'a Stats,
        /// Effective branching factor: this iteration's nodes over the last one's.
        ebf: f64,
        /// Transposition table fill, per mille.
        hashfull: u32,
    },
}

/// What a search settled on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// `None` only when the root has no legal move.
    pub best: Option<ChessMove>,
    /// The reply expected to `best`, to ponder on: the line's second move, or the
    /// table's move after `best`; `None` if neither is known.
    pub ponder: Option<ChessMove>,
    /// Score of `best`, from the side to move, in centipawns or a mate score.
    pub score: i32,
    /// The depth of the search behind `score`: the last one completed, unless `bound`
    /// says otherwise.
    pub depth: u32,
    /// Nodes searched, over all threads.
    pub nodes: u64,
    /// The line behind `best` (legal from the root; may be just `best`).
    pub pv: Vec<ChessMove>,
    /// What `score` is: `Exact` from the last finished iteration (`depth`); `Lower`
    /// when the search stopped in iteration `depth` after proving `best` better than
    /// the last iteration's move there, with `score` its score then (so at least the
    /// value of the position at that depth).
    pub bound: Bound,
    /// The root moves and scores of the MultiPV lines, best first: those of the last
    /// iteration that finished any, then, when it was stopped before its last lines,
    /// the earlier iterations' lines for the other moves (see `with_earlier_lines`).
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
            bound: Bound::Exact,
            lines: Vec::new(),
        }
    }
}

/// The number of nodes the running average of table hits roughly spans.
const TT_HIT_WINDOW: u32 = 4096;

/// Nodes between polls of the clock.
const POLL_MASK: u64 = 1023;
/// Stack frames kept before ply 0, so that every frame the continuation histories
/// look back to (`ply - 7` for the move before a node) is a valid one.
const STACK_OFFSET: usize = 8;

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
    /// The move made at this ply in the move loop (`None` for a null move or a
    /// ProbCut capture), its number among the moves searched there, and whether it
    /// was quiet: what the node below needs to reward or mark down the move that led
    /// to it.
    mv: Option<ChessMove>,
    move_count: u16,
    quiet: bool,
    /// What the histories said of that move, if quiet (0 otherwise): its
    /// [`history::Histories::quiet`] score.
    stat_score: i32,
    /// Double extensions on the line to this node.
    double_ext: u8,
}

const EMPTY_FRAME: Frame = Frame {
    static_eval: EVAL_NONE,
    cont: None,
    excluded: None,
    killers: [None; 2],
    null: false,
    mv: None,
    move_count: 0,
    quiet: false,
    stat_score: 0,
    double_ext: 0,
};

/// What a search is asked to do: within which limits, keeping back how much of each
/// move's time, with which table and stop clock (both the engine's, so only borrowed),
/// and with which settings.
#[derive(Clone, Copy)]
pub struct Request<'a> {
    /// Depth, nodes, time, mate, MultiPV and root moves, as `go` gave them.
    pub limits: &'a Limits,
    /// Milliseconds of each move's time kept back for the GUI's and the system's lag
    /// (`Move Overhead`).
    pub overhead_ms: u64,
    /// The transposition table, shared with the games before and the threads beside.
    pub tt: &'a TranspositionTable,
    /// When the search started, the `stop` flag, and pondering.
    pub control: &'a SearchControl,
    /// Forward pruning and the table's cutoffs: on in play, off for exact searches.
    pub config: SearchConfig,
}

impl<'a> Request<'a> {
    /// A search within `limits` with no time kept back and the default settings.
    pub fn new(limits: &'a Limits, tt: &'a TranspositionTable, control: &'a SearchControl) -> Self {
        Request {
            limits,
            overhead_ms: 0,
            tt,
            control,
            config: SearchConfig::default(),
        }
    }
}

/// Runs iterative deepening on `pos` with a fresh worker (fresh histories): what tests
/// and bench want, since the result then depends on the position and table alone.
pub fn search(pos: &mut Position, req: Request, report: &mut dyn FnMut(Event)) -> Outcome {
    Worker::new().search(pos, req, report)
}

/// Why a search in progress unwinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Interrupt {
    /// For good: `stop`, a time or node limit, or (for a helper) the main thread is done.
    Stop,
    /// To take a helper's finished iteration, as deep as this one, instead of finishing
    /// it (main thread only); the search then goes on from the helper's depth.
    Adopt,
}

/// One search in progress: a worker plus what this `go` shares and asks for.
struct Searcher<'a> {
    w: &'a mut Worker,
    /// The worker's search parameters, read as `self.params.x` (constants unless built
    /// with `spsa`).
    params: WorkerParams,
    tt: &'a TranspositionTable,
    control: &'a SearchControl,
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
    /// Set when the search must unwind: every node returns at once, and the iteration
    /// decides from the reason what to keep.
    interrupt: Option<Interrupt>,
    /// The root move last proven better than the others searched in the iteration in
    /// progress (line 1), as it was proven.
    root_best: Option<ProvenBest>,
    /// The MultiPV line being searched: root moves before this index already have
    /// their lines in this iteration and are left out.
    pv_idx: usize,
    /// Counters of the iteration in progress.
    stats: Stats,
    /// Whether `Event::CurrMove` is sent (after the first second of a search).
    currmove: bool,
    /// Whether a failed aspiration window is reported (main thread, line 1).
    report_bounds: bool,
    /// A running average of table hits per node, in 1024ths, times [`TT_HIT_WINDOW`]
    /// (the number of recent nodes it about spans), which late move reductions read.
    tt_hit_avg: u32,
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
    /// Whether the threads share finished iterations (several threads, one line, no
    /// mate search): the main thread adopts a helper's, helpers skip depths done.
    share_iterations: bool,
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

    /// Whether the search must unwind now, setting [`Searcher::interrupt`] if so.
    /// Polled every node; the clock (and the other threads' state) is read only every
    /// `POLL_MASK + 1` nodes. A helper's result to adopt takes precedence over a stop
    /// found at the same poll: the adoption checks the clock again.
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.interrupt.is_some() {
            return true;
        }
        // Between polls only a node limit can stop the search.
        if self.nodes & POLL_MASK != 0 && (self.node_limit.is_none() || !self.interruptible) {
            return false;
        }
        let mut stop = false;
        if self.nodes & POLL_MASK == 0 {
            stop = self.control.stopped();
            if let Some(s) = self.shared {
                s.nodes
                    .fetch_add(self.nodes - self.flushed, Ordering::AcqRel);
                self.flushed = self.nodes;
                stop |= s.stop.load(Ordering::Acquire);
                // A helper finished this depth first: take its result instead.
                if self.role == Role::Main
                    && self.interruptible
                    && self.pv_idx == 0
                    && self.share_iterations
                    && s.completed.load(Ordering::Acquire) >= self.iter_depth
                {
                    self.interrupt = Some(Interrupt::Adopt);
                }
            }
        }
        if self.interruptible {
            let out_of_nodes = self.node_limit.is_some_and(|n| self.total_nodes() >= n);
            stop |= out_of_nodes
                || (self.nodes & POLL_MASK == 0
                    && self
                        .time
                        .hard_limit_passed(self.control.budget_elapsed_ms()));
        }
        if stop && self.interrupt.is_none() {
            self.interrupt = Some(Interrupt::Stop);
        }
        self.interrupt.is_some()
    }

    /// Whether the search is unwinding (for whatever reason).
    #[inline]
    fn interrupted(&self) -> bool {
        self.interrupt.is_some()
    }
}

/// The longest prefix of `pv` that is legal from `root`, cut after a move that ends the
/// game (mate, stalemate or a draw), so a GUI never sees a move past the end.
pub fn legal_pv(root: &Position, pv: &[ChessMove], root_ply: usize) -> Vec<ChessMove> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(pv.len());
    for &m in pv {
        if !pos.is_legal(m) {
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

/// The score and bound a report gives for a search score `score` with its `bound`: at
/// a root in the tablebases (`tb_root`, its tablebase score), that score, exact, while
/// the search has found no mate, as the tablebase result is what the moves kept there
/// are known to hold; else the search's own. Every report of a line goes through it,
/// the voted line of a helper thread included.
fn reported(tb_root: Option<i32>, score: i32, bound: Bound) -> (i32, Bound) {
    match tb_root {
        Some(tb) if !crate::score::is_mate(score) => (tb, Bound::Exact),
        _ => (score, bound),
    }
}

#[cfg(test)]
mod report_tests {
    use super::reported;
    use crate::score::{MATE, TB_WIN};
    use crate::tt::Bound;

    /// At a tablebase root every report shows the tables' score until a mate is found;
    /// elsewhere the search's.
    #[test]
    fn a_tablebase_root_reports_its_score_until_a_mate() {
        let lower = Bound::Lower;
        assert_eq!(
            reported(Some(TB_WIN - 3), 250, lower),
            (TB_WIN - 3, Bound::Exact)
        );
        assert_eq!(
            reported(Some(TB_WIN - 3), MATE - 9, lower),
            (MATE - 9, lower)
        );
        assert_eq!(reported(Some(0), -40, Bound::Upper), (0, Bound::Exact));
        assert_eq!(reported(None, 250, lower), (250, lower));
    }
}
