//! One node of the tree: the negamax alpha-beta search and its move loop. What the
//! node learns before its moves (table, tablebases, evaluation) is in `probe`, its
//! pruning, extensions and reductions in `prune`, and the quiescence search below it
//! in `super::qsearch`.

mod probe;
mod prune;

use std::ops::ControlFlow;

use crate::types::ChessMove;

use super::history::{history_bonus, ContKeys, CorrectionKeys, PieceTo, CONT_PLIES};
use super::picker::{self, piece_to, Origin, Picker};
use super::{Event, ProvenBest, Searcher, TT_HIT_WINDOW};
use crate::eval::evaluate;
use crate::position::Position;
use crate::score::{is_decisive, mated_in, DRAW, EVAL_NONE, INFINITY, MATE, MATE_BOUND, MAX_PLY};
use crate::tt::{score_to_tt, Bound, Entry, Store};

/// From when on the root move being searched is reported (as Stockfish does; earlier
/// it would only flood the GUI).
const CURRMOVE_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// What one node of negamax knows about itself once entered: its window and depth,
/// what the table and the evaluation say. Built once and handed to each step (table
/// cutoff, tablebases, node pruning, the move loop and its pruning, extension and
/// reduction), so that a step reads what it needs instead of taking a dozen arguments.
#[derive(Clone, Copy)]
struct Node {
    /// Remaining depth, the check extension and internal iterative reduction included.
    depth: i32,
    /// The window; alpha rises as moves beat it (and with a tablebase lower bound).
    alpha: i32,
    beta: i32,
    ply: usize,
    /// Expected to fail high: a later move's null-window search, a null move's reply.
    cut_node: bool,
    root: bool,
    pv_node: bool,
    in_check: bool,
    /// The move a singular-extension search leaves out.
    excluded: Option<ChessMove>,
    key: u64,
    entry: Option<Entry>,
    /// The move to try first: the table's, or at the root the line's root move.
    tt_move: Option<ChessMove>,
    /// On a principal variation now, or when the table entry was written.
    tt_pv: bool,
    /// Continuation-history keys of the moves [`CONT_PLIES`] back.
    cont: ContKeys,
    /// The static evaluation as the evaluation gave it, corrected by the correction
    /// history, and sharpened by the table's bound (for pruning); `EVAL_NONE` in check.
    raw_eval: i32,
    static_eval: i32,
    eval: i32,
    /// The static evaluation rose since our last move.
    improving: bool,
    /// The table's move is a capture or promotion.
    tt_noisy: bool,
    /// The table's move was found singular (extended): the others matter less.
    singular: bool,
    /// Bounds on the value from a tablebase probe at a PV node.
    tb_floor: i32,
    tb_ceiling: i32,
}

/// A move about to be searched, with what the move loop works out about it once.
#[derive(Clone, Copy)]
struct Candidate {
    m: ChessMove,
    /// The picker stage it came from.
    origin: Origin,
    noisy: bool,
    /// Its continuation-history key.
    pt: PieceTo,
    /// Its quiet history (butterfly and continuation; 0 for a noisy move).
    hist: i32,
}

/// Quiet moves a node remembers having searched without a cutoff, to mark them down
/// when a later move cuts off: later ones go unpunished, which costs little, since a
/// cutoff that late is rare and the histories of so many moves say little.
const QUIETS_REMEMBERED: usize = 64;
/// Captures and promotions a node remembers the same way; fewer, as a position has
/// fewer of them and the picker hands out the good ones first.
const NOISIES_REMEMBERED: usize = 32;

/// What the move loop of one node has found so far.
struct MoveLoop {
    best: i32,
    best_move: Option<ChessMove>,
    /// Moves searched (not pruned) so far.
    searched: usize,
    /// Quiet and noisy moves searched without a cutoff, marked down in the histories
    /// when a later move cuts off (as many as fit).
    quiets: [ChessMove; QUIETS_REMEMBERED],
    n_quiets: usize,
    noisies: [ChessMove; NOISIES_REMEMBERED],
    n_noisies: usize,
}

impl MoveLoop {
    /// Before the first move: nothing found, nothing tried.
    fn new() -> MoveLoop {
        MoveLoop {
            best: -INFINITY,
            best_move: None,
            searched: 0,
            quiets: [ChessMove::default(); QUIETS_REMEMBERED],
            n_quiets: 0,
            noisies: [ChessMove::default(); NOISIES_REMEMBERED],
            n_noisies: 0,
        }
    }

    /// Notes that `c` was searched and did not cut off.
    #[inline]
    fn tried(&mut self, c: &Candidate) {
        if c.noisy {
            if self.n_noisies < self.noisies.len() {
                self.noisies[self.n_noisies] = c.m;
                self.n_noisies += 1;
            }
        } else if self.n_quiets < self.quiets.len() {
            self.quiets[self.n_quiets] = c.m;
            self.n_quiets += 1;
        }
    }

    /// The quiet moves searched without a cutoff.
    fn quiets(&self) -> &[ChessMove] {
        &self.quiets[..self.n_quiets]
    }

    /// The captures and promotions searched without a cutoff.
    fn noisies(&self) -> &[ChessMove] {
        &self.noisies[..self.n_noisies]
    }
}

impl Searcher<'_> {
    /// Starts loading what the node after a move just made reads first: its table
    /// bucket, its eval-cache slot, its pawn-cache entry and, with pruning on, its
    /// correction entries.
    #[inline]
    pub(super) fn prefetch_child(&self, pos: &Position) {
        self.prefetch_key(pos.key());
        let keys = CorrectionKeys::of(pos);
        self.w.pawns.prefetch(keys.pawn);
        if self.config.pruning {
            let side = pos.side_to_move().to_index();
            self.w.hist.prefetch_correction(side, &keys);
        }
    }

    /// Starts loading the table bucket and eval-cache slot of the position `m` leads
    /// to, before the move is made, when its key is known without making it
    /// ([`Position::key_after`]): the loads then have the making of the move to arrive
    /// in. [`Self::prefetch_child`] asks again once the move is made.
    #[inline]
    fn prefetch_before(&self, pos: &Position, m: ChessMove) {
        if let Some(key) = pos.key_after(m, &self.w.keys) {
            self.prefetch_key(key);
        }
    }

    /// Starts loading what the search reads first about the position with Zobrist key
    /// `key`: its table bucket and its eval-cache slot.
    #[inline]
    fn prefetch_key(&self, key: u64) {
        self.tt.prefetch(key);
        self.w.evals.prefetch(key);
    }

    /// The alpha-beta search of one node at `depth` in the window (`alpha`, `beta`):
    /// the checks that end a node at once, the table, then the steps below in order
    /// (tablebases, evaluation, node pruning, internal iterative reduction, the moves).
    pub(super) fn negamax(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        if self.interrupted() {
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
        if self.draw_in_reach(pos, ply, &mut alpha) && alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { evaluate(pos) };
        }
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);

        let excluded = self.frame(ply).excluded;
        let key = pos.key();
        let entry = self.probe_table(key, excluded);
        if excluded.is_none() {
            self.tt_hit_avg += entry.is_some() as u32 * 1024;
            self.tt_hit_avg -= self.tt_hit_avg / TT_HIT_WINDOW;
        }
        let tt_move = if root {
            Some(self.root_moves[self.pv_idx].mv)
        } else {
            entry.and_then(|e| e.best_move)
        };
        let mut n = Node {
            depth,
            alpha,
            beta,
            ply,
            cut_node,
            root,
            pv_node,
            in_check,
            excluded,
            key,
            entry,
            tt_move,
            tt_pv: pv_node || entry.is_some_and(|e| e.pv),
            cont: self.cont_keys(ply, 0),
            raw_eval: EVAL_NONE,
            static_eval: EVAL_NONE,
            eval: EVAL_NONE,
            improving: false,
            tt_noisy: tt_move.is_some_and(|m| pos.is_noisy(m)),
            singular: false,
            tb_floor: -INFINITY,
            tb_ceiling: INFINITY,
        };
        if let Some(score) = self.table_cutoff(&n) {
            self.table_move_stats(pos, &n, score);
            return score;
        }
        if let Some(score) = self.probe_tablebases(pos, &mut n) {
            return score;
        }
        self.evaluate_node(pos, &mut n);
        if let Some(score) = self.prune_node(pos, &n) {
            return score;
        }
        if let Some(score) = self.probcut(pos, &n) {
            return score;
        }
        // Internal iterative reduction: with no table move the ordering is poor and the
        // node likely unimportant; search it shallower.
        if self.config.pruning
            && n.depth >= self.params.iir_min_depth
            && n.tt_move.is_none()
            && n.excluded.is_none()
        {
            n.depth -= 1;
        }
        self.search_moves(pos, &mut n)
    }

    /// The move loop: each move the picker hands out, unless pruned, searched (with
    /// its extension and reduction); the best one raises alpha or cuts off. Then the
    /// node's result is stored.
    fn search_moves(&mut self, pos: &mut Position, n: &mut Node) -> i32 {
        let counter = self.w.hist.counter(n.cont[0]);
        let killers = self.frame(n.ply).killers;
        let mut picker = Picker::new(pos, n.tt_move, killers, counter, false);
        let original_alpha = n.alpha;
        let mut l = MoveLoop::new();
        let mut check_info = None;
        let may_prune = self.config.pruning && !n.root && pos.has_non_pawn_material();

        while let Some((m, origin)) = picker.next(pos, &self.w.hist, &n.cont) {
            if Some(m) == n.excluded
                || (n.root && !self.root_moves[self.pv_idx..].iter().any(|r| r.mv == m))
            {
                continue;
            }
            let c = self.candidate(pos, n, m, origin);
            // Move pruning, once a move has kept us from being mated. A move that
            // mates at once is never pruned: a quiet mate is what pruning must not hide.
            if may_prune && l.best > -MATE_BOUND {
                if let Some(skip_rest) = self.prune_move(pos, n, &c, l.searched) {
                    let info = check_info.get_or_insert_with(|| pos.check_info());
                    if !pos.mates_with(m, info) {
                        if skip_rest {
                            picker.skip_quiets(pos);
                        }
                        continue;
                    }
                }
            }
            self.prefetch_before(pos, m);
            let extension = match self.singular_extension(pos, n, m) {
                ControlFlow::Continue(e) => e,
                ControlFlow::Break(score) => return score,
            };
            n.singular |= extension > 0;
            let nodes_before = self.nodes;
            l.searched += 1;
            let score = self.search_move(pos, n, &c, extension, l.searched);
            if self.interrupted() {
                return 0;
            }
            if n.root {
                let nodes = self.nodes - nodes_before;
                self.record_root_move(n, m, score, l.searched == 1, nodes);
            }
            if score > l.best {
                l.best = score;
                if score > n.alpha {
                    l.best_move = Some(m);
                    if n.pv_node {
                        self.update_pv(n.ply, m);
                    }
                    if score >= n.beta {
                        self.stats.cutoffs += 1;
                        self.stats.first_move_cutoffs += (l.searched == 1) as u64;
                        self.update_histories(pos, n, &c, &l);
                        break;
                    }
                    n.alpha = score;
                }
            }
            l.tried(&c);
        }
        self.finish_node(pos, n, original_alpha, &l)
    }

    /// What the move loop needs to know about `m` before it searches it.
    #[inline]
    fn candidate(&self, pos: &Position, n: &Node, m: ChessMove, origin: Origin) -> Candidate {
        let noisy = pos.is_noisy(m);
        let pt = piece_to(pos, m);
        let hist = if noisy {
            0
        } else {
            let side = pos.side_to_move().to_index();
            self.w.hist.quiet(side, m, pt, &n.cont)
        };
        Candidate {
            m,
            origin,
            noisy,
            pt,
            hist,
        }
    }

    /// Makes the candidate `c` (the `searched`th move), searches it at the node's depth
    /// plus `extension` (principal variation search, with late move reduction), and
    /// takes it back. Returns its score for this node.
    #[inline]
    fn search_move(
        &mut self,
        pos: &mut Position,
        n: &Node,
        c: &Candidate,
        extension: i32,
        searched: usize,
    ) -> i32 {
        self.enter_move(n.ply, Some(c.pt), false, extension == 2);
        let f = self.frame_mut(n.ply);
        (f.mv, f.move_count, f.quiet) =
            (Some(c.m), searched.min(u16::MAX as usize) as u16, !c.noisy);
        f.stat_score = c.hist;
        if n.root {
            self.report_currmove(n.depth, c.m, searched);
        }
        pos.make_move(c.m);
        self.prefetch_child(pos);
        let gives_check = pos.in_check();
        let new_depth = n.depth - 1 + extension;
        let (alpha, beta, ply) = (n.alpha, n.beta, n.ply + 1);
        let score = if searched == 1 {
            -self.negamax(
                pos,
                new_depth,
                -beta,
                -alpha,
                ply,
                !n.pv_node && !n.cut_node,
            )
        } else {
            // Late move reduction: moves ordered late are searched shallower first, and
            // at full depth only if they beat alpha.
            let r = self
                .late_move_reduction(n, c, searched, gives_check)
                .clamp(0, (new_depth - 1).max(0));
            let mut s = -self.negamax(pos, new_depth - r, -alpha - 1, -alpha, ply, true);
            if r > 0 && s > alpha {
                s = -self.negamax(pos, new_depth, -alpha - 1, -alpha, ply, !n.cut_node);
                // What the full-depth search found teaches the continuation history:
                // the reduced search thought this move good.
                if !c.noisy {
                    let bonus = history_bonus(&self.params, new_depth);
                    let bonus = if s > alpha { bonus } else { -bonus };
                    self.update_continuations(n.cont, c.pt, bonus);
                }
            }
            if n.pv_node && s > alpha {
                s = -self.negamax(pos, new_depth, -beta, -alpha, ply, false);
            }
            s
        };
        pos.unmake_move();
        score
    }

    /// Notes in the frame of `ply` the move about to be made there (its
    /// continuation-history key `cont`, or a `null` move) and hands the child's frame
    /// the double extensions on the line, one more if this move is `double` extended.
    /// The one setup of a ply before a move, a null move or ProbCut's capture.
    #[inline]
    fn enter_move(&mut self, ply: usize, cont: Option<PieceTo>, null: bool, double: bool) {
        let f = self.frame_mut(ply);
        f.cont = cont;
        f.null = null;
        (f.mv, f.move_count, f.quiet, f.stat_score) = (None, 0, false, 0);
        let child_double = f.double_ext + double as u8;
        self.frame_mut(ply + 1).double_ext = child_double;
    }

    /// From the first second on, tells the GUI which root move is being searched.
    #[inline]
    fn report_currmove(&mut self, depth: i32, m: ChessMove, searched: usize) {
        if !self.currmove && self.control.elapsed() >= CURRMOVE_AFTER {
            self.currmove = true;
        }
        if self.currmove {
            (self.sink)(Event::CurrMove {
                depth: depth as u32,
                mv: m,
                number: (self.pv_idx + searched) as u32,
            });
        }
    }

    /// A root move was searched: keeps its score, line and nodes for the iteration
    /// (the `first` one searched, or one that beat alpha, has a proven score; the
    /// others are only known to be worse). One that beat alpha is, until a later
    /// search says otherwise, the move to play should the iteration be cut (line 1
    /// only): kept as proven, since a later aspiration window searches it again and
    /// may overwrite its score and line. If that search finds it no better than alpha,
    /// the proof is gone (the search is not stable), and so is the move.
    fn record_root_move(&mut self, n: &Node, m: ChessMove, score: i32, first: bool, nodes: u64) {
        let child_pv: Vec<ChessMove> = self.w.pv[1][1..self.w.pv_len[1].max(1)].to_vec();
        let i = self
            .root_moves
            .iter()
            .position(|r| r.mv == m)
            .expect("searched root moves are root moves");
        let rm = &mut self.root_moves[i];
        rm.nodes += nodes;
        if first || score > n.alpha {
            rm.score = score;
            rm.pv.clear();
            rm.pv.push(m);
            rm.pv.extend_from_slice(&child_pv);
        } else {
            rm.score = -INFINITY;
        }
        if self.pv_idx != 0 {
            return;
        }
        if score > n.alpha {
            let pv = rm.pv.clone();
            self.root_best = Some(ProvenBest { mv: m, score, pv });
        } else if self.root_best.as_ref().is_some_and(|b| b.mv == m) {
            self.root_best = None;
        }
    }

    /// The candidate `c` caused a beta cutoff: reward it, mark down the moves the loop
    /// `l` tried before it, and the opponent's move before, if it was one the ordering
    /// had trusted (the first searched or a killer).
    fn update_histories(&mut self, pos: &Position, n: &Node, c: &Candidate, l: &MoveLoop) {
        let bonus = history_bonus(&self.params, n.depth);
        if !c.noisy {
            self.reward_quiet(pos, n, c.m, bonus);
            for &q in l.quiets() {
                self.update_quiet(pos, n.cont, q, -bonus);
            }
        } else if let Some(victim) = pos.captured_piece(c.m) {
            let piece = picker::piece_index(pos, c.m);
            self.w.hist.update_capture(piece, c.m, victim, bonus);
        }
        for &m in l.noisies() {
            if let Some(victim) = pos.captured_piece(m) {
                let piece = picker::piece_index(pos, m);
                self.w.hist.update_capture(piece, m, victim, -bonus);
            }
        }
        let prior = self.frame_back(n.ply, 1);
        if prior.quiet && (prior.move_count == 1 || prior.mv == prior.killers[0]) {
            self.update_prior_move(n.ply, -history_bonus(&self.params, n.depth + 1));
        }
    }

    /// The table's score `score` cut the node `n` off: what the move loop would have
    /// learnt had it searched the table's move (if quiet) and cut off, or failed low.
    fn table_move_stats(&mut self, pos: &Position, n: &Node, score: i32) {
        let bonus = history_bonus(&self.params, n.depth);
        let quiet_tt_move = n.tt_move.filter(|_| !n.tt_noisy);
        if score >= n.beta {
            if let Some(m) = quiet_tt_move {
                self.reward_quiet(pos, n, m, bonus);
            }
            let prior = self.frame_back(n.ply, 1);
            if prior.quiet && prior.move_count <= 2 {
                self.update_prior_move(n.ply, -history_bonus(&self.params, n.depth + 1));
            }
        } else if let Some(m) = quiet_tt_move {
            self.update_quiet(pos, n.cont, m, -bonus);
        }
    }

    /// The quiet move `m` cut off at `n`: it becomes the first killer and the
    /// counter-move to the move before, and its histories rise by `bonus`.
    fn reward_quiet(&mut self, pos: &Position, n: &Node, m: ChessMove, bonus: i32) {
        let f = self.frame_mut(n.ply);
        if f.killers[0] != Some(m) {
            f.killers[1] = f.killers[0];
            f.killers[0] = Some(m);
        }
        self.w.hist.set_counter(n.cont[0], m);
        self.update_quiet(pos, n.cont, m, bonus);
    }

    /// Adds `bonus` to the butterfly and continuation histories of the quiet move `m`
    /// after the moves `cont`.
    #[inline]
    fn update_quiet(&mut self, pos: &Position, cont: ContKeys, m: ChessMove, bonus: i32) {
        let side = pos.side_to_move().to_index();
        self.w.hist.update_butterfly(side, m, bonus);
        self.update_continuations(cont, piece_to(pos, m), bonus);
    }

    /// Adds `bonus` to the continuation histories of `pt` after each move of `cont`.
    #[inline]
    fn update_continuations(&mut self, cont: ContKeys, pt: PieceTo, bonus: i32) {
        for prev in cont {
            self.w.hist.update_continuation(prev, pt, bonus);
        }
    }

    /// Adds `bonus` to the continuation histories of the move that led to the node at
    /// `ply` (the opponent's), after the moves before it.
    fn update_prior_move(&mut self, ply: usize, bonus: i32) {
        let Some(pt) = self.frame_back(ply, 1).cont else {
            return;
        };
        let cont = self.cont_keys(ply, 1);
        self.update_continuations(cont, pt, bonus);
    }

    /// The continuation-history keys of the moves [`CONT_PLIES`] back from the node
    /// `back` plies above `ply`.
    #[inline]
    fn cont_keys(&self, ply: usize, back: usize) -> ContKeys {
        CONT_PLIES.map(|b| self.frame_back(ply, back + b).cont)
    }

    /// The node's value once its moves are done (mate or stalemate when there were
    /// none, within the tablebase bounds otherwise), stored in the table with what it
    /// teaches the correction history.
    fn finish_node(&mut self, pos: &Position, n: &Node, original_alpha: i32, l: &MoveLoop) -> i32 {
        if l.searched == 0 {
            if n.excluded.is_some() {
                // Every other move was pruned or there is none: the excluded move is
                // singular as far as this search can tell.
                return n.alpha;
            }
            // No legal move (pruning skips moves only after one was searched).
            return if n.in_check { mated_in(n.ply) } else { DRAW };
        }
        // What the tablebases said bounds the value at a PV node.
        let best = l.best.clamp(n.tb_floor, n.tb_ceiling);
        if n.excluded.is_some() {
            return best;
        }
        // Every move failed low: the opponent's quiet move that led here was good;
        // say so, where the search was deep enough to mean it.
        if l.best_move.is_none() && (n.depth >= 3 || n.pv_node) && self.frame_back(n.ply, 1).quiet {
            self.update_prior_move(n.ply, history_bonus(&self.params, n.depth));
        }
        let bound = Bound::of_result(best, original_alpha, n.beta);
        let store = Store {
            best_move: l.best_move,
            score: score_to_tt(best, n.ply),
            eval: n.raw_eval,
            depth: n.depth,
            bound,
            pv: n.tt_pv,
        };
        self.tt.store(n.key, store);
        // Teach the correction history how far the static eval was off, when the
        // search result says so: not in check (no static eval), nor when a capture or
        // promotion won the node (its gain is no error of the eval).
        if self.config.pruning
            && !n.in_check
            && l.best_move.is_none_or(|m| !pos.is_noisy(m))
            && measures_eval_error(best, bound, n.static_eval)
        {
            let side = pos.side_to_move().to_index();
            let diff = best - n.raw_eval;
            self.w
                .hist
                .update_correction(side, &CorrectionKeys::of(pos), diff, n.depth);
        }
        best
    }

    /// Makes `m` followed by the child's PV the PV of this ply.
    #[inline]
    pub(super) fn update_pv(&mut self, ply: usize, m: ChessMove) {
        let w = &mut *self.w;
        let child_len = w.pv_len[ply + 1].max(ply + 1);
        w.pv[ply][ply] = m;
        for i in ply + 1..child_len {
            w.pv[ply][i] = w.pv[ply + 1][i];
        }
        w.pv_len[ply] = child_len;
    }
}

/// Whether a node's result `best`, a `bound` of its value, says how far its static
/// eval `static_eval` was off: not when decisive (a mate or a tablebase result measures
/// no evaluation, and one would drive the shared pawn and piece entries to their
/// limit), nor a lower bound at or below the eval or an upper bound at or above it
/// (a bound on the wrong side says nothing).
fn measures_eval_error(best: i32, bound: Bound, static_eval: i32) -> bool {
    let wrong_side = match bound {
        Bound::Lower => best <= static_eval,
        Bound::Upper => best >= static_eval,
        Bound::Exact => false,
    };
    !is_decisive(best) && !wrong_side
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{TB_BOUND, TB_WIN};

    /// Exact results and bounds beyond the eval teach the correction history; bounds
    /// on the eval's side and decisive results (a tablebase win taught it before) do
    /// not.
    #[test]
    fn only_evaluations_teach_the_correction() {
        assert!(measures_eval_error(40, Bound::Exact, 10));
        assert!(measures_eval_error(90, Bound::Lower, 10));
        assert!(measures_eval_error(-90, Bound::Upper, 10));
        assert!(!measures_eval_error(5, Bound::Lower, 10));
        assert!(!measures_eval_error(15, Bound::Upper, 10));
        assert!(measures_eval_error(TB_BOUND - 1, Bound::Lower, 10));
        assert!(!measures_eval_error(TB_WIN - 12, Bound::Lower, 10));
        assert!(!measures_eval_error(-(TB_WIN - 12), Bound::Exact, 10));
        assert!(!measures_eval_error(MATE - 3, Bound::Exact, 10));
    }
}
