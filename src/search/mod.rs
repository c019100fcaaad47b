//! The search: iterative deepening over a negamax alpha-beta with principal variation
//! search, quiescence search, check extension and a transposition table.
//!
//! The search never prints. It reports each finished iteration through a callback, and
//! returns the best move; the UCI layer formats both. It runs on whatever thread calls
//! [`search`] and stops when the shared [`Clock`] says so.

mod ordering;

use chess::ChessMove;

use crate::eval::evaluate;
use crate::position::Position;
use crate::score::{is_mate, mate_in_moves, mated_in, DRAW, INFINITY, MAX_PLY};
use crate::time::{Clock, Deadlines, Limits};
use crate::tt::{score_from_tt, score_to_tt, Bound, TranspositionTable};

pub use ordering::{History, MoveList};

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
    /// Score from the side to move at the root.
    pub score: i32,
    pub nodes: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    /// Legal from the root; ends at a mate or a draw.
    pub pv: Vec<ChessMove>,
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
}

/// Nodes between polls of the clock.
const POLL_MASK: u64 = 1023;

/// Per-search state. One per search thread; borrowed table and clock are shared.
pub struct Searcher<'a> {
    tt: &'a TranspositionTable,
    clock: &'a Clock,
    config: SearchConfig,
    deadlines: Deadlines,
    node_limit: Option<u64>,
    root_moves: Vec<ChessMove>,
    /// History length at the root: repetitions at or after it are inside the tree.
    root_ply: usize,
    nodes: u64,
    seldepth: usize,
    /// Limits other than an explicit `stop` apply from depth 2 on, so that a move is
    /// always found.
    interruptible: bool,
    aborted: bool,
    pv: Vec<[ChessMove; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Best root move of the unfinished iteration, once a move has been fully searched.
    root_best: Option<(ChessMove, i32)>,
    /// Two quiet moves per ply that recently caused a beta cutoff.
    killers: [[Option<ChessMove>; 2]; MAX_PLY + 1],
    history: History,
}

/// Runs iterative deepening on `pos` within `limits`, reporting each iteration.
pub fn search(
    pos: &mut Position,
    limits: &Limits,
    overhead_ms: u64,
    tt: &TranspositionTable,
    clock: &Clock,
    config: SearchConfig,
    report: &mut dyn FnMut(&Report),
) -> Outcome {
    // `go mate N` asks for a proof, and forward pruning cannot prove a mate (it cuts on
    // static guesses that ignore mate threats); without it the shortest mate is found
    // by depth 2N-1.
    let config = if limits.mate.is_some() {
        SearchConfig {
            pruning: false,
            ..config
        }
    } else {
        config
    };
    let mut s = Searcher::new(pos, limits, overhead_ms, tt, clock, config);
    s.iterate(pos, limits, report)
}

impl<'a> Searcher<'a> {
    fn new(
        pos: &Position,
        limits: &Limits,
        overhead_ms: u64,
        tt: &'a TranspositionTable,
        clock: &'a Clock,
        config: SearchConfig,
    ) -> Searcher<'a> {
        Searcher {
            tt,
            clock,
            config,
            deadlines: limits.deadlines(pos.side_to_move(), overhead_ms),
            node_limit: limits.nodes,
            root_moves: limits.searchmoves.clone(),
            root_ply: pos.ply_count(),
            nodes: 0,
            seldepth: 0,
            interruptible: false,
            aborted: false,
            pv: vec![[ChessMove::default(); MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            root_best: None,
            killers: [[None; 2]; MAX_PLY + 1],
            history: History::default(),
        }
    }

    fn iterate(
        &mut self,
        pos: &mut Position,
        limits: &Limits,
        report: &mut dyn FnMut(&Report),
    ) -> Outcome {
        let mut root = MoveList::all(pos);
        if !self.root_moves.is_empty() {
            let allowed = self.root_moves.clone();
            root.retain(|m| allowed.contains(&m));
        }
        let mut outcome = Outcome {
            best: root.pick(),
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if outcome.best.is_none() {
            return outcome;
        }
        let max_depth = limits
            .depth
            .map(|d| d.clamp(1, MAX_PLY as u32 - 1))
            .unwrap_or(MAX_PLY as u32 - 1);

        for depth in 1..=max_depth {
            self.interruptible = depth > 1;
            self.seldepth = 0;
            self.root_best = None;
            let score = self.negamax(pos, depth as i32, -INFINITY, INFINITY, 0, true);
            if self.aborted {
                // A root move searched in full this unfinished iteration beats the last
                // result: play it, and report its line so the GUI's PV matches.
                if let Some((m, sc)) = self.root_best {
                    if Some(m) != outcome.best {
                        let pv = legal_pv(pos, &self.pv[0][..self.pv_len[0]], self.root_ply);
                        outcome.best = Some(m);
                        outcome.ponder = pv.get(1).copied();
                        outcome.score = sc;
                        report(&self.report(depth, sc, pv));
                    }
                }
                break;
            }
            let pv = legal_pv(pos, &self.pv[0][..self.pv_len[0]], self.root_ply);
            outcome.best = pv.first().copied().or(outcome.best);
            outcome.ponder = pv.get(1).copied();
            outcome.score = score;
            outcome.depth = depth;
            report(&self.report(depth, score, pv));

            if let (Some(n), Some(m)) = (limits.mate, mate_in_moves(score)) {
                if m > 0 && m as u32 <= n {
                    break;
                }
            }
            if self.clock.stopped() || self.node_limit.is_some_and(|n| self.nodes >= n) {
                break;
            }
            if !self.clock.pondering() {
                if let Some(soft) = self.deadlines.soft {
                    if self.clock.budget_elapsed_ms() >= soft {
                        break;
                    }
                }
            }
        }
        if outcome.ponder.is_none() {
            outcome.ponder = self.ponder_from_table(pos, outcome.best);
        }
        outcome.nodes = self.nodes;
        outcome
    }

    /// The report of an iteration at `depth` with root score `score` and line `pv`.
    fn report(&self, depth: u32, score: i32, pv: Vec<ChessMove>) -> Report {
        Report {
            depth,
            seldepth: self.seldepth.max(depth as usize) as u32,
            score,
            nodes: self.nodes,
            time_ms: self.clock.elapsed().as_millis() as u64,
            hashfull: self.tt.hashfull(),
            pv,
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
            .filter(|m| pos.board().legal(*m));
        pos.unmake_move();
        reply
    }

    /// Whether the search must stop now. Polled every node; the clock is read only every
    /// `POLL_MASK + 1` nodes.
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & POLL_MASK == 0 && self.clock.stopped() {
            self.aborted = true;
        }
        if self.interruptible {
            if self.node_limit.is_some_and(|n| self.nodes >= n) {
                self.aborted = true;
            } else if self.nodes & POLL_MASK == 0 && !self.clock.pondering() {
                if let Some(hard) = self.deadlines.hard {
                    if self.clock.budget_elapsed_ms() >= hard {
                        self.aborted = true;
                    }
                }
            }
        }
        self.aborted
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        let root = ply == 0;
        self.pv_len[ply] = ply;
        if !root && pos.is_draw(self.root_ply) {
            return DRAW;
        }
        let in_check = pos.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos);
        }
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;

        let key = pos.key();
        let entry = self.tt.probe(key);
        let tt_move = entry.and_then(|e| e.best_move);
        if let Some(e) = entry {
            let deep_enough = if self.config.tt_deeper_cutoffs {
                e.depth as i32 >= depth
            } else {
                e.depth as i32 == depth
            };
            if self.config.tt_cutoffs && !pv_node && !root && deep_enough {
                let score = score_from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }

        // A static guess cannot prove or refute a mate: no pruning against mate bounds.
        if self.config.pruning && !pv_node && !in_check && !root && !is_mate(beta) {
            let eval = evaluate(pos);
            // Reverse futility: so far above beta that a shallow search will not fall
            // back below it.
            if depth <= RFP_MAX_DEPTH && eval - RFP_MARGIN * depth >= beta {
                return eval;
            }
            // Null move: if passing still fails high, a real move will too. Not in
            // pawn endings, where passing may be the only good "move" (zugzwang).
            if allow_null && depth >= 3 && eval >= beta && has_pieces(pos) {
                let r = 3 + depth / 4;
                pos.make_null_move();
                let score = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                pos.unmake_move();
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if is_mate(score) { beta } else { score };
                }
            }
        }

        let mut moves = MoveList::all(pos);
        if root && !self.root_moves.is_empty() {
            let allowed = &self.root_moves;
            moves.retain(|m| allowed.contains(&m));
        }
        if moves.is_empty() {
            return if in_check { mated_in(ply) } else { DRAW };
        }
        moves.score(pos, tt_move, self.killers[ply], &self.history);

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut searched = 0;
        // Quiet moves tried before the one that cuts, to be marked down in history.
        let mut quiets_tried: [ChessMove; 64] = [ChessMove::default(); 64];
        let mut n_quiets = 0;
        while let Some(m) = moves.pick() {
            let quiet = !pos.is_capture(m) && m.get_promotion().is_none();
            pos.make_move(m);
            let score = if searched == 0 {
                -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                // Late move reduction: quiet moves ordered late are searched shallower
                // first, and at full depth only if they beat alpha.
                let reduction = if self.config.pruning
                    && quiet
                    && depth >= 3
                    && searched >= 3
                    && !in_check
                    && !pos.in_check()
                {
                    lmr_reduction(depth, searched).min(depth - 2)
                } else {
                    0
                };
                // Principal variation search: prove the move no better with a null
                // window, and search it fully only if that proof fails.
                let mut s = -self.negamax(
                    pos,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                );
                if reduction > 0 && s > alpha {
                    s = -self.negamax(pos, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1, true)
                } else {
                    s
                }
            };
            pos.unmake_move();
            searched += 1;
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if root {
                        self.root_best = Some((m, score));
                    }
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(pos, m, depth, ply, &quiets_tried[..n_quiets]);
                        }
                        break;
                    }
                }
            }
            if quiet && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = m;
                n_quiets += 1;
            }
        }

        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, score_to_tt(best, ply), depth, bound);
        best
    }

    /// Quiescence: only captures and promotions, so that the static evaluation is read
    /// in quiet positions. Standing pat (taking the evaluation) is always allowed.
    fn qsearch(&mut self, pos: &mut Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        if ply > 0 && pos.is_draw(self.root_ply) {
            return DRAW;
        }
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        let stand = evaluate(pos);
        if ply >= MAX_PLY - 1 {
            return stand;
        }
        self.seldepth = self.seldepth.max(ply);
        if stand >= beta {
            return stand;
        }
        if stand > alpha {
            alpha = stand;
        }
        let mut best = stand;
        let mut moves = MoveList::noisy(pos);
        moves.score_noisy(pos);
        while let Some(m) = moves.pick() {
            pos.make_move(m);
            let score = -self.qsearch(pos, -beta, -alpha, ply + 1);
            pos.unmake_move();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// A quiet move caused a beta cutoff: make it a killer of this ply, raise its
    /// history and lower that of the quiet moves tried before it.
    fn reward_quiet(
        &mut self,
        pos: &Position,
        m: ChessMove,
        depth: i32,
        ply: usize,
        failed: &[ChessMove],
    ) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        let side = pos.side_to_move().to_index();
        let bonus = depth * depth;
        self.history.update(side, m, bonus);
        for &f in failed {
            self.history.update(side, f, -bonus);
        }
    }

    /// Makes `m` followed by the child's PV the PV of this ply.
    #[inline]
    fn update_pv(&mut self, ply: usize, m: ChessMove) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = m;
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }
}

/// Deepest remaining depth at which reverse futility pruning applies.
const RFP_MAX_DEPTH: i32 = 6;
/// Reverse futility margin per ply of remaining depth, in centipawns.
const RFP_MARGIN: i32 = 80;

/// Whether the side to move has a piece other than pawns and king (null move is unsafe
/// without one: zugzwang).
fn has_pieces(pos: &Position) -> bool {
    let b = pos.board();
    let kings_pawns = *b.pieces(chess::Piece::King) | *b.pieces(chess::Piece::Pawn);
    (*b.color_combined(b.side_to_move()) & !kings_pawns).popcnt() > 0
}

/// Late move reduction in plies, growing with depth and with the move's place in the
/// ordering (the usual logarithmic formula).
fn lmr_reduction(depth: i32, searched: usize) -> i32 {
    let r = 0.75 + (depth as f64).ln() * (searched as f64).ln() / 2.25;
    r as i32
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
