//! The pruning steps of a node: of the whole node before its moves (reverse
//! futility, the null move, ProbCut), of single moves in the move loop (late move,
//! futility, history and SEE pruning), and how far a move is extended (singular
//! extension) or reduced (late move reduction). Apart from the node itself, so that
//! what is cut and why reads in one place.

use std::ops::ControlFlow;

use super::{Candidate, Node};
use crate::position::Position;
use crate::score::{is_decisive, TB_BOUND};
use crate::search::picker::{piece_to, Origin, Picker};
use crate::search::{see, Searcher, TT_HIT_WINDOW};
use crate::tt::{score_from_tt, score_to_tt, Bound, Store};
use crate::types::ChessMove;

impl Searcher<'_> {
    /// Whether the whole node may be cut before its moves are searched (by its eval or
    /// by ProbCut): only with pruning on, never at the root, a PV node, in check, in a
    /// singular search, or against a decisive bound (a mate or a tablebase result).
    #[inline]
    fn may_cut_node(&self, n: &Node) -> bool {
        self.config.pruning
            && !n.pv_node
            && !n.in_check
            && !n.root
            && n.excluded.is_none()
            && !is_decisive(n.beta)
    }

    /// Pruning of the whole node on its evaluation, before any move: reverse futility
    /// and the null move. `Some` is the node's value.
    #[inline]
    pub(super) fn prune_node(&mut self, pos: &mut Position, n: &Node) -> Option<i32> {
        // A static guess cannot prove or refute a mate or a tablebase result: no pruning
        // against such bounds.
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
        self.enter_move(n.ply, None, true, false);
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
        (score >= n.beta).then_some(null_move_value(score, n.beta))
    }

    /// ProbCut: a capture whose search a few plies shallower beats beta by a margin
    /// would very likely beat beta at full depth too, so the node is cut off at the
    /// cost of a few cheap searches. `Some` is the node's value (a lower bound, stored
    /// in the table), or 0 when the search stops. A real move is searched, so unlike
    /// the static prunings no mate threat hides behind it; still never at PV nodes,
    /// in check, or against a mate bound.
    pub(super) fn probcut(&mut self, pos: &mut Position, n: &Node) -> Option<i32> {
        if !self.may_cut_node(n) || n.depth < self.params.probcut_min_depth {
            return None;
        }
        let rbeta = (n.beta + self.params.probcut_margin).min(TB_BOUND - 1);
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
        while let Some((m, _)) = picker.next(pos, &self.w.hist, &n.cont) {
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
        self.enter_move(n.ply, Some(piece_to(pos, m)), false, false);
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

    /// Whether move pruning drops the candidate `c`, `searched` moves into the loop:
    /// `None` to search it, `Some(true)` when every later quiet move may go too (late
    /// move and futility pruning), `Some(false)` for this move alone (history and SEE
    /// pruning).
    #[inline]
    pub(super) fn prune_move(
        &self,
        pos: &Position,
        n: &Node,
        c: &Candidate,
        searched: usize,
    ) -> Option<bool> {
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
    pub(super) fn singular_extension(
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
            || is_decisive(ts)
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

    /// How many plies less the candidate `c`, the `searched`th move, is searched first
    /// (before clamping to the depth left): more for late moves at deep nodes, less for
    /// moves that matter (PV, checks, killers, good history).
    #[inline]
    pub(super) fn late_move_reduction(
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
        let prior = self.frame_back(n.ply, 1);
        // Less where the tree around is well explored, where the opponent's node was
        // searched widely (so this one is unlikely to be a cut), and where the table
        // move was singular (the others are unlikely to matter).
        r -= (self.tt_hit_avg > self.params.lmr_tt_hit_share as u32 * TT_HIT_WINDOW) as i32;
        r -= (prior.move_count as i32 > self.params.lmr_opp_moves) as i32;
        r -= n.singular as i32;
        if c.noisy {
            return r - gives_check as i32;
        }
        // More when the table's move is a capture: the quiet ones rarely beat it.
        r += n.tt_noisy as i32;
        // A quiet move the histories like, after an opponent's move they do not (or the
        // reverse), is likely the better side of the exchange of moves.
        if c.hist >= 0 && prior.stat_score < 0 {
            r -= 1;
        } else if prior.stat_score >= 0 && c.hist < 0 {
            r += 1;
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
}

/// What a null move that failed high with `score` gives its node: `score`, or only
/// `beta` when that is a decisive result (a mate or a tablebase win). A pass is not a
/// move the side has: a result that rests on it is not proven, and in zugzwang it is
/// false; a bound at beta claims only what the cutoff needs.
fn null_move_value(score: i32, beta: i32) -> i32 {
    if is_decisive(score) {
        beta
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{MATE, TB_WIN};

    /// A null move's fail-high keeps its score unless that is a mate or a tablebase
    /// win, which a pass cannot prove: those give beta (a tablebase win passed through
    /// before, as a mate did not).
    #[test]
    fn a_pass_proves_no_decisive_result() {
        assert_eq!(null_move_value(340, 120), 340);
        assert_eq!(null_move_value(TB_BOUND - 1, 120), TB_BOUND - 1);
        assert_eq!(null_move_value(TB_WIN - 9, 120), 120);
        assert_eq!(null_move_value(MATE - 7, 120), 120);
        assert_eq!(null_move_value(TB_WIN - 9, TB_BOUND - 50), TB_BOUND - 50);
    }
}
