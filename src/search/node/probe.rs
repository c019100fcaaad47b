//! What a node learns before its moves: the transposition table (its entry, counted
//! in the statistics, and whether it cuts the node off), the tablebases, and the
//! static evaluation (corrected, and sharpened by the table's bound). Quiescence
//! asks the table and the evaluation the same way.

use super::Node;
use crate::position::Position;
use crate::score::{is_mate, EVAL_NONE, MAX_PLY, TB_BOUND};
use crate::search::history::CorrectionKeys;
use crate::search::params::TB_DEPTH_BONUS;
use crate::search::Searcher;
use crate::syzygy;
use crate::tt::{score_from_tt, score_to_tt, Bound, Entry, Store, LEARNED_DEPTH};
use crate::types::ChessMove;

impl Searcher<'_> {
    /// A table entry's score may cut this node off: deep enough (per the config), of
    /// this search in mate mode, and a bound on the right side of the window.
    #[inline]
    pub(in crate::search) fn tt_cutoff(
        &self,
        e: &Entry,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Option<i32> {
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

    /// The table entry of `key`, counted in the statistics; none for a singular
    /// extension's search, which must not take the full node's result.
    #[inline]
    pub(in crate::search) fn probe_table(
        &mut self,
        key: u64,
        excluded: Option<ChessMove>,
    ) -> Option<Entry> {
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
    pub(super) fn table_cutoff(&self, n: &Node) -> Option<i32> {
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
    pub(super) fn probe_tablebases(&mut self, pos: &Position, n: &mut Node) -> Option<i32> {
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

    /// The static evaluation of a node not in check: (raw, corrected). The raw value
    /// comes from the table when it has one; the correction (pawn-structure correction
    /// history) applies only with pruning on, so that exact mode stays plain minimax.
    #[inline]
    pub(in crate::search) fn static_eval(
        &mut self,
        pos: &Position,
        entry: Option<&Entry>,
    ) -> (i32, i32) {
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
    pub(in crate::search) fn sharpened_eval(
        &self,
        entry: Option<&Entry>,
        se: i32,
        ply: usize,
    ) -> i32 {
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

    /// The node's static evaluation (kept in its frame for the plies below), the same
    /// sharpened by the table's score where its bound allows (for the pruning
    /// decisions), and whether it is improving.
    #[inline]
    pub(super) fn evaluate_node(&mut self, pos: &Position, n: &mut Node) {
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
}
