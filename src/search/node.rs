//! One node of the tree: the negamax alpha-beta search with its pruning, reductions
//! and extensions, and the quiescence search below it.

use std::ops::ControlFlow;

use crate::types::ChessMove;

use super::history::{history_bonus, CorrectionKeys, PieceTo};
use super::params::TB_DEPTH_BONUS;
use super::picker::{self, piece_to, Origin, Picker};
use super::{see, Event, ProvenBest, Searcher, STACK_OFFSET};
use crate::eval::evaluate;
use crate::position::Position;
use crate::score::{
    is_mate, mated_in, DRAW, EVAL_NONE, INFINITY, MATE, MATE_BOUND, MAX_PLY, TB_BOUND,
};
use crate::syzygy;
use crate::tt::{score_from_tt, score_to_tt, Bound, Entry, Store, LEARNED_DEPTH};

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
    /// Continuation-history keys of the moves one and two plies back.
    cont: [Option<PieceTo>; 2],
    /// The static evaluation as the evaluation gave it, corrected by the correction
    /// history, and sharpened by the table's bound (for pruning); `EVAL_NONE` in check.
    raw_eval: i32,
    static_eval: i32,
    eval: i32,
    /// The static evaluation rose since our last move.
    improving: bool,
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

/// What the move loop of one node has found so far.
struct MoveLoop {
    best: i32,
    best_move: Option<ChessMove>,
    /// Moves searched (not pruned) so far.
    searched: usize,
    /// Quiet and noisy moves searched without a cutoff, marked down in the histories
    /// when a later move cuts off (as many as fit).
    quiets: [ChessMove; 64],
    n_quiets: usize,
    noisies: [ChessMove; 32],
    n_noisies: usize,
}

impl MoveLoop {
    /// Before the first move: nothing found, nothing tried.
    fn new() -> MoveLoop {
        MoveLoop {
            best: -INFINITY,
            best_move: None,
            searched: 0,
            quiets: [ChessMove::default(); 64],
            n_quiets: 0,
            noisies: [ChessMove::default(); 32],
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

    /// Starts loading what the node after a move just made reads first: its table
    /// bucket, its eval-cache slot, its pawn-cache entry and, with pruning on, its
    /// correction entries.
    #[inline]
    fn prefetch_child(&self, pos: &Position) {
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

    /// The static evaluation of a node not in check: (raw, corrected). The raw value
    /// comes from the table when it has one; the correction (pawn-structure correction
    /// history) applies only with pruning on, so that exact mode stays plain minimax.
    #[inline]
    fn static_eval(&mut self, pos: &Position, entry: Option<&Entry>) -> (i32, i32) {
        let raw = match entry.map(|e| e.eval).filter(|&e| e != EVAL_NONE) {
            Some(e) => e,
            None => self.w.evals.evaluate(pos, &mut self.w.pawns),
        };
        if !self.config.pruning {
            return (raw, raw);
        }
        let side = pos.side_to_move().to_index();
        let corrected = raw + self.w.hist.correction(side, &CorrectionKeys::of(pos));
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
            cont: [self.frame_back(ply, 1).cont, self.frame_back(ply, 2).cont],
            raw_eval: EVAL_NONE,
            static_eval: EVAL_NONE,
            eval: EVAL_NONE,
            improving: false,
            tb_floor: -INFINITY,
            tb_ceiling: INFINITY,
        };
        if let Some(score) = self.table_cutoff(&n) {
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

    /// The table entry of `key`, counted in the statistics; none for a singular
    /// extension's search, which must not take the full node's result.
    #[inline]
    fn probe_table(&mut self, key: u64, excluded: Option<ChessMove>) -> Option<Entry> {
        let entry = if excluded.is_none() {
            self.stats.tt_probes += 1;
            self.tt.probe(key)
        } else {
            None
        };
        self.stats.tt_hits += entry.is_some() as u64;
        entry
    }

    /// The table's score, when it settles the node: a cutoff away from the PV, or a
    /// learnt result (see learn.rs) even on it, which is how a line that lost before
    /// stops looking good.
    #[inline]
    fn table_cutoff(&self, n: &Node) -> Option<i32> {
        let e = n.entry.as_ref()?;
        if !n.pv_node && !n.root {
            self.tt_cutoff(e, n.depth, n.alpha, n.beta, n.ply)
        } else if !n.root && e.depth == LEARNED_DEPTH && e.bound == Bound::Exact {
            Some(score_from_tt(e.score, n.ply))
        } else {
            None
        }
    }

    /// Tablebases, just after a capture or pawn move: a result that settles the node
    /// within the window ends it (returned, and stored); at a PV node, one that only
    /// bounds it raises alpha or caps the value returned (`tb_floor`, `tb_ceiling`).
    #[inline]
    fn probe_tablebases(&mut self, pos: &Position, n: &mut Node) -> Option<i32> {
        let tb = self.tb.probe.filter(|_| !n.root && n.excluded.is_none())?;
        let pieces = pos.combined().popcnt();
        let cardinality = self.tb.cardinality;
        let probe = pos.halfmove_clock() == 0
            && pieces <= cardinality
            && (pieces < cardinality || n.depth >= self.tb.depth);
        if !probe {
            return None;
        }
        let wdl = tb.probe_wdl(pos)?;
        let v = syzygy::score(wdl, n.ply, self.tb.rule50);
        let bound = if v >= TB_BOUND {
            Bound::Lower
        } else if v <= -TB_BOUND {
            Bound::Upper
        } else {
            Bound::Exact
        };
        let settles = match bound {
            Bound::Exact => true,
            Bound::Lower => v >= n.beta,
            Bound::Upper => v <= n.alpha,
        };
        if settles {
            let store = Store {
                best_move: None,
                score: score_to_tt(v, n.ply),
                eval: EVAL_NONE,
                depth: (n.depth + TB_DEPTH_BONUS).min(MAX_PLY as i32 - 1),
                bound,
                pv: n.tt_pv,
            };
            self.tt.store(n.key, store);
            return Some(v);
        }
        if n.pv_node {
            if bound == Bound::Lower {
                n.tb_floor = v;
                n.alpha = n.alpha.max(v);
            } else {
                n.tb_ceiling = v;
            }
        }
        None
    }

    /// The node's static evaluation (kept in its frame for the plies below), the same
    /// sharpened by the table's score where its bound allows (for the pruning
    /// decisions), and whether it is improving.
    #[inline]
    fn evaluate_node(&mut self, pos: &Position, n: &mut Node) {
        let (raw_eval, static_eval, eval) = if n.in_check {
            (EVAL_NONE, EVAL_NONE, EVAL_NONE)
        } else if n.excluded.is_some() {
            let se = self.frame(n.ply).static_eval;
            (EVAL_NONE, se, se)
        } else {
            let (raw, se) = self.static_eval(pos, n.entry.as_ref());
            (raw, se, self.sharpened_eval(n.entry.as_ref(), se, n.ply))
        };
        self.frame_mut(n.ply).static_eval = static_eval;
        // Improving: the static eval rose since our last move (two plies back, or four
        // when we were in check then).
        n.improving = !n.in_check && {
            let two = self.frame_back(n.ply, 2).static_eval;
            let prev = if two != EVAL_NONE {
                two
            } else {
                self.frame_back(n.ply, 4).static_eval
            };
            prev != EVAL_NONE && static_eval > prev
        };
        (n.raw_eval, n.static_eval, n.eval) = (raw_eval, static_eval, eval);
    }

    /// Whether the whole node may be cut before its moves are searched (by its eval or
    /// by ProbCut): only with pruning on, never at the root, a PV node, in check, in a
    /// singular search, or against a mate bound.
    #[inline]
    fn may_cut_node(&self, n: &Node) -> bool {
        self.config.pruning
            && !n.pv_node
            && !n.in_check
            && !n.root
            && n.excluded.is_none()
            && !is_mate(n.beta)
    }

    /// Pruning of the whole node on its evaluation, before any move: reverse futility
    /// and the null move. `Some` is the node's value.
    #[inline]
    fn prune_node(&mut self, pos: &mut Position, n: &Node) -> Option<i32> {
        // A static guess cannot prove or refute a mate: no pruning against mate bounds.
        if !self.may_cut_node(n) {
            return None;
        }
        // Both prunings trust the eval (or a table bound from a shallower search, as
        // blind); a mate in one the opponent has is what it cannot see, whether a
        // threat (it stands if we pass) or a zugzwang (every move we have allows it,
        // while a pass, and so the null move, does not). Asked at most once, and only
        // when the cheaper conditions hold.
        let after_null = self.frame_back(n.ply, 1).null;
        let mut threat = None;
        let guard = &mut self.w.guard;
        let mut mate_threat =
            |pos: &Position| *threat.get_or_insert_with(|| guard.mate_threat(pos));
        // Reverse futility: so far above beta that a shallow search will not fall back
        // below it.
        if n.depth <= self.params.rfp_max_depth
            && n.eval - self.params.rfp_margin * (n.depth - n.improving as i32) >= n.beta
            && !mate_threat(pos)
        {
            return Some(n.eval);
        }
        // Null move: if passing still fails high, a real move will too. Not in pawn
        // endings, where passing may be the only good "move" (zugzwang).
        let try_null = !after_null
            && n.depth >= self.params.nmp_min_depth
            && n.eval >= n.beta
            && n.static_eval >= n.beta
            && pos.has_non_pawn_material()
            && !mate_threat(pos);
        if try_null {
            return self.null_move(pos, n);
        }
        None
    }

    /// Passes, and searches the reply at reduced depth with a null window at beta:
    /// `Some` when even that fails high (the node's value), or when the search stops.
    #[inline]
    fn null_move(&mut self, pos: &mut Position, n: &Node) -> Option<i32> {
        let r = self.params.nmp_base
            + n.depth / self.params.nmp_depth_div
            + ((n.eval - n.beta) / self.params.nmp_eval_div).min(self.params.nmp_eval_max);
        let f = self.frame_mut(n.ply);
        f.cont = None;
        f.null = true;
        let d = f.double_ext;
        self.frame_mut(n.ply + 1).double_ext = d;
        pos.make_null_move();
        self.prefetch_child(pos);
        let score = -self.negamax(
            pos,
            n.depth - r,
            -n.beta,
            -n.beta + 1,
            n.ply + 1,
            !n.cut_node,
        );
        pos.unmake_move();
        self.frame_mut(n.ply).null = false;
        if self.interrupted() {
            return Some(0);
        }
        (score >= n.beta).then_some(if is_mate(score) { n.beta } else { score })
    }

    /// ProbCut: a capture whose search a few plies shallower beats beta by a margin
    /// would very likely beat beta at full depth too, so the node is cut off at the
    /// cost of a few cheap searches. `Some` is the node's value (a lower bound, stored
    /// in the table), or 0 when the search stops. A real move is searched, so unlike
    /// the static prunings no mate threat hides behind it; still never at PV nodes,
    /// in check, or against a mate bound.
    fn probcut(&mut self, pos: &mut Position, n: &Node) -> Option<i32> {
        if !self.may_cut_node(n) || n.depth < self.params.probcut_min_depth {
            return None;
        }
        let rbeta = (n.beta + self.params.probcut_margin).min(MATE_BOUND - 1);
        let depth = n.depth - self.params.probcut_reduction;
        // The table already has a result as deep as ProbCut would store, below rbeta.
        let known_below = n
            .entry
            .is_some_and(|e| e.depth as i32 > depth && score_from_tt(e.score, n.ply) < rbeta);
        if known_below {
            return None;
        }
        // Only captures whose exchange alone lifts the static eval to rbeta: the others
        // would rarely hold, and each try costs a search.
        let threshold = rbeta - n.static_eval;
        let mut picker = Picker::new(pos, n.tt_move, [None; 2], None, true);
        while let Some((m, _)) = picker.next(pos, &self.w.hist, n.cont) {
            if !see::see_ge(pos, m, threshold) {
                continue;
            }
            let score = self.probcut_move(pos, n, m, rbeta, depth);
            if self.interrupted() {
                return Some(0);
            }
            if score >= rbeta {
                // Unless the table has a deeper result for this node already.
                if n.entry.is_none_or(|e| e.depth as i32 <= depth) {
                    let store = Store {
                        best_move: Some(m),
                        score: score_to_tt(score, n.ply),
                        eval: n.raw_eval,
                        depth: depth + 1,
                        bound: Bound::Lower,
                        pv: n.tt_pv,
                    };
                    self.tt.store(n.key, store);
                }
                return Some(score);
            }
        }
        None
    }

    /// Makes the capture `m`, searches it in the null window at `rbeta`: quiescence
    /// first (cheap, and it refutes most), then, if that holds, `depth` plies. Takes it
    /// back; returns its score for this node. The frame says which move was made, as
    /// in the move loop, so that the child's continuation history is right.
    fn probcut_move(
        &mut self,
        pos: &mut Position,
        n: &Node,
        m: ChessMove,
        rbeta: i32,
        depth: i32,
    ) -> i32 {
        let f = self.frame_mut(n.ply);
        f.cont = Some(piece_to(pos, m));
        f.null = false;
        let d = f.double_ext;
        self.frame_mut(n.ply + 1).double_ext = d;
        pos.make_move(m);
        self.prefetch_child(pos);
        let ply = n.ply + 1;
        let mut score = -self.qsearch(pos, -rbeta, -rbeta + 1, ply);
        if score >= rbeta && !self.interrupted() {
            score = -self.negamax(pos, depth, -rbeta, -rbeta + 1, ply, !n.cut_node);
        }
        pos.unmake_move();
        score
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

        while let Some((m, origin)) = picker.next(pos, &self.w.hist, n.cont) {
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
            self.w.hist.butterfly(side, m)
                + self.w.hist.continuation(n.cont[0], pt)
                + self.w.hist.continuation(n.cont[1], pt)
        };
        Candidate {
            m,
            origin,
            noisy,
            pt,
            hist,
        }
    }

    /// Whether move pruning drops the candidate `c`, `searched` moves into the loop:
    /// `None` to search it, `Some(true)` when every later quiet move may go too (late
    /// move and futility pruning), `Some(false)` for this move alone (history and SEE
    /// pruning).
    #[inline]
    fn prune_move(&self, pos: &Position, n: &Node, c: &Candidate, searched: usize) -> Option<bool> {
        let depth = n.depth;
        if c.noisy {
            let losing = depth <= self.params.see_prune_max_depth
                && !see::see_ge(pos, c.m, -self.params.see_noisy_margin * depth);
            return losing.then_some(false);
        }
        let lmr_depth = (depth - 1 - self.reduction(false, depth, searched + 1)).max(0);
        // Late move pruning: enough quiet moves were tried.
        if searched as i32 >= (self.params.lmp_base + depth * depth) / (2 - n.improving as i32) {
            return Some(true);
        }
        // Futility: even a good quiet move will not lift the eval to alpha; unless its
        // history says it often did better than that elsewhere. When the eval is
        // improving the guess that it cannot is less sure: a lower history keeps it.
        let fp_hist_limit = if n.improving {
            self.params.fp_hist_limit_improving
        } else {
            self.params.fp_hist_limit
        };
        if !n.in_check
            && lmr_depth <= self.params.fp_max_depth
            && c.hist < fp_hist_limit
            && n.static_eval + self.params.fp_base + self.params.fp_per_depth * lmr_depth <= n.alpha
        {
            return Some(true);
        }
        if depth <= self.params.hp_max_depth && c.hist < -self.params.hp_margin * depth {
            return Some(false);
        }
        if lmr_depth <= self.params.see_prune_max_depth
            && !see::see_ge(pos, c.m, -self.params.see_quiet_margin * lmr_depth)
        {
            return Some(false);
        }
        None
    }

    /// Singular extension of the table move `m` (other moves: no extension): when
    /// every other move fails well below the table move's score, it is forced; search
    /// it deeper (by two when far below). `Continue` carries the extension (−1 when
    /// the table move is likely not the only good one); `Break` ends the node with its
    /// value (multi-cut: another move beats beta as well), or with 0 when the search
    /// stops.
    #[inline]
    fn singular_extension(
        &mut self,
        pos: &mut Position,
        n: &Node,
        m: ChessMove,
    ) -> ControlFlow<i32, i32> {
        let candidate = self.config.pruning
            && !n.root
            && Some(m) == n.tt_move
            && n.excluded.is_none()
            && n.depth >= self.params.se_min_depth;
        let Some(e) = n.entry.filter(|_| candidate) else {
            return ControlFlow::Continue(0);
        };
        let ts = score_from_tt(e.score, n.ply);
        if (e.depth as i32) < n.depth - self.params.se_tt_depth_slack
            || e.bound == Bound::Upper
            || is_mate(ts)
        {
            return ControlFlow::Continue(0);
        }
        let s_beta = ts - self.params.se_margin * n.depth;
        self.frame_mut(n.ply).excluded = Some(m);
        let s = self.negamax(
            pos,
            (n.depth - 1) / 2,
            s_beta - 1,
            s_beta,
            n.ply,
            n.cut_node,
        );
        self.frame_mut(n.ply).excluded = None;
        if self.interrupted() {
            return ControlFlow::Break(0);
        }
        if s < s_beta {
            let double = !n.pv_node
                && s < s_beta - self.params.se_double_margin
                && (self.frame(n.ply).double_ext as i32) < self.params.se_max_double;
            ControlFlow::Continue(1 + double as i32)
        } else if s_beta >= n.beta {
            ControlFlow::Break(s_beta)
        } else if ts >= n.beta {
            ControlFlow::Continue(-1)
        } else {
            ControlFlow::Continue(0)
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
        let f = self.frame_mut(n.ply);
        f.cont = Some(c.pt);
        f.null = false;
        let child_double = f.double_ext + (extension == 2) as u8;
        self.frame_mut(n.ply + 1).double_ext = child_double;
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
            }
            if n.pv_node && s > alpha {
                s = -self.negamax(pos, new_depth, -beta, -alpha, ply, false);
            }
            s
        };
        pos.unmake_move();
        score
    }

    /// From the first second on, tells the GUI which root move is being searched.
    #[inline]
    fn report_currmove(&mut self, depth: i32, m: ChessMove, searched: usize) {
        if !self.currmove && self.clock.elapsed() >= CURRMOVE_AFTER {
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

    /// How many plies less the candidate `c`, the `searched`th move, is searched first
    /// (before clamping to the depth left): more for late moves at deep nodes, less for
    /// moves that matter (PV, checks, killers, good history).
    #[inline]
    fn late_move_reduction(
        &self,
        n: &Node,
        c: &Candidate,
        searched: usize,
        gives_check: bool,
    ) -> i32 {
        if !self.config.pruning
            || n.depth < self.params.lmr_min_depth
            || searched <= self.params.lmr_min_moves as usize + n.pv_node as usize
        {
            return 0;
        }
        let mut r = self.reduction(c.noisy, n.depth, searched);
        if c.noisy {
            return r - gives_check as i32;
        }
        r -= n.pv_node as i32 + n.tt_pv as i32;
        r += n.cut_node as i32;
        r += !n.improving as i32;
        r -= gives_check as i32;
        if matches!(c.origin, Origin::Killer | Origin::Counter) {
            r -= 1;
        }
        r - c.hist / self.params.lmr_hist_div
    }

    /// Late move reduction for the `n`th move at `depth`, from the table.
    #[inline]
    fn reduction(&self, noisy: bool, depth: i32, n: usize) -> i32 {
        self.w.lmr[noisy as usize][depth.clamp(0, 63) as usize][n.min(63)]
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

    /// The candidate `c` caused a beta cutoff: reward it, and mark down the moves the
    /// loop `l` tried before it.
    fn update_histories(&mut self, pos: &Position, n: &Node, c: &Candidate, l: &MoveLoop) {
        let (m, cont) = (c.m, n.cont);
        let bonus = history_bonus(&self.params, n.depth);
        let side = pos.side_to_move().to_index();
        let hist = &mut self.w.hist;
        if !c.noisy {
            let f = &mut self.w.stack[n.ply + STACK_OFFSET];
            if f.killers[0] != Some(m) {
                f.killers[1] = f.killers[0];
                f.killers[0] = Some(m);
            }
            hist.set_counter(cont[0], m);
            let pt = piece_to(pos, m);
            hist.update_butterfly(side, m, bonus);
            hist.update_continuation(cont[0], pt, bonus);
            hist.update_continuation(cont[1], pt, bonus);
            for &q in l.quiets() {
                let qt = piece_to(pos, q);
                hist.update_butterfly(side, q, -bonus);
                hist.update_continuation(cont[0], qt, -bonus);
                hist.update_continuation(cont[1], qt, -bonus);
            }
        } else if let Some(victim) = pos.captured_piece(m) {
            hist.update_capture(picker::piece_index(pos, m), m, victim, bonus);
        }
        for &c in l.noisies() {
            if let Some(victim) = pos.captured_piece(c) {
                hist.update_capture(picker::piece_index(pos, c), c, victim, -bonus);
            }
        }
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
        // search result says so (a bound on the wrong side says nothing).
        if self.config.pruning
            && !n.in_check
            && l.best_move.is_none_or(|m| !pos.is_noisy(m))
            && !is_mate(best)
            && !(bound == Bound::Lower && best <= n.static_eval)
            && !(bound == Bound::Upper && best >= n.static_eval)
        {
            let side = pos.side_to_move().to_index();
            let diff = best - n.raw_eval;
            self.w
                .hist
                .update_correction(side, &CorrectionKeys::of(pos), diff, n.depth);
        }
        best
    }

    /// Quiescence: only captures and promotions (all evasions when in check), so that
    /// the static evaluation is read in quiet positions. Standing pat (taking the
    /// evaluation) is allowed except in check, where it would hide a mate.
    fn qsearch(&mut self, pos: &mut Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.interrupted() {
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
                match self.qsearch_prune(pos, m, origin, stand, alpha) {
                    Some(true) => break,
                    Some(false) => continue,
                    None => {}
                }
            }
            pos.make_move(m);
            self.prefetch_child(pos);
            let score = -self.qsearch(pos, -beta, -alpha, ply + 1);
            pos.unmake_move();
            if self.interrupted() {
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

    /// Whether quiescence pruning (not in check) drops `m`, which came from `origin`, at a
    /// node whose stand-pat score is `stand`: `None` to search it, `Some(true)` when every
    /// later move goes too (the rest lose material by SEE), `Some(false)` for this move
    /// alone (a table move that loses material, an under-promotion, or a capture that
    /// cannot lift the score to alpha).
    #[inline]
    fn qsearch_prune(
        &self,
        pos: &Position,
        m: ChessMove,
        origin: Origin,
        stand: i32,
        alpha: i32,
    ) -> Option<bool> {
        if origin == Origin::BadNoisy {
            return Some(true);
        }
        if origin == Origin::Table && !see::see_ge(pos, m, self.params.qs_see_threshold) {
            return Some(false);
        }
        if matches!(m.get_promotion(), Some(p) if p != crate::types::Piece::Queen) {
            return Some(false);
        }
        // Delta pruning: even winning the piece leaves us below alpha.
        if m.get_promotion().is_none() {
            let gain = pos
                .captured_piece(m)
                .map_or(0, |v| see::SEE_VALUE[v.to_index()]);
            if stand + gain + self.params.delta_margin <= alpha {
                return Some(false);
            }
        }
        None
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
