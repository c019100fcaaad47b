//! Quiescence: below the nominal depth, only captures and promotions (all evasions in
//! check) are searched, so that the static evaluation is read in quiet positions. Also
//! the draw bound from a move back to a repeated position, which negamax takes too.

use super::picker::{self, Origin, Picker};
use super::{see, Searcher};
use crate::eval::evaluate;
use crate::position::Position;
use crate::score::{mated_in, DRAW, EVAL_NONE, INFINITY, MAX_PLY};
use crate::tt::{score_to_tt, Bound, Entry, Store};
use crate::types::ChessMove;

impl Searcher<'_> {
    /// Quiescence: only captures and promotions (all evasions when in check), so that
    /// the static evaluation is read in quiet positions. Standing pat (taking the
    /// evaluation) is allowed except in check, where it would hide a mate.
    pub(super) fn qsearch(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.interrupted() {
            return 0;
        }
        self.w.pv_len[ply] = ply;
        if ply > 0 && pos.is_draw(self.root_ply) {
            return DRAW;
        }
        let draw_in_reach = self.draw_in_reach(pos, ply, &mut alpha);
        if draw_in_reach && alpha >= beta {
            return alpha;
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
        let entry = self.probe_table(key, None);
        if let Some(e) = &entry {
            if !pv_node {
                if let Some(score) = self.tt_cutoff(e, 0, alpha, beta, ply) {
                    return score;
                }
            }
        }

        let (raw_eval, stand) = self.stand_pat(pos, entry.as_ref(), ply, in_check);
        if !in_check && stand >= beta {
            return stand;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand);
        // The quiet move back to the draw is not searched here: it stands beside the
        // evaluation as a score the side to move can take, so that a node failing low
        // does not claim less than the draw it was found to have.
        let mut best = if draw_in_reach {
            stand.max(DRAW)
        } else {
            stand
        };
        let mut best_move = None;
        let mut picker = Picker::new(
            pos,
            entry.and_then(|e| e.best_move),
            [None; 2],
            None,
            !in_check,
        );
        let mut any = false;
        while let Some((m, origin)) = picker.next(pos, &self.w.hist, &[None; 4]) {
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

    /// Raises `alpha` to a draw when the side to move can move back to a position the
    /// search scores a draw by repetition ([`Position::upcoming_repetition`]): the
    /// value is at least that, known a ply before the child would find it. Whether it
    /// did. Not at the root, which must pick a move, and only with pruning on: the bound
    /// changes the values of quiescence (which does not search the quiet move back),
    /// which exact mode keeps those of plain minimax. Negamax asks after handing depth
    /// 0 to quiescence, which asks itself, so that no node asks twice.
    #[inline]
    pub(super) fn draw_in_reach(&self, pos: &Position, ply: usize, alpha: &mut i32) -> bool {
        let raise = self.config.pruning
            && ply > 0
            && *alpha < DRAW
            && pos.upcoming_repetition(self.root_ply);
        if raise {
            *alpha = DRAW;
        }
        raise
    }

    /// Quiescence's stand-pat score (the static evaluation, sharpened by the table's
    /// bound) with the raw evaluation to store; in check none (`-INFINITY`, with no
    /// evaluation), since standing pat there would hide a mate.
    #[inline]
    fn stand_pat(
        &mut self,
        pos: &Position,
        entry: Option<&Entry>,
        ply: usize,
        in_check: bool,
    ) -> (i32, i32) {
        if in_check {
            return (EVAL_NONE, -INFINITY);
        }
        let (raw, se) = self.static_eval(pos, entry);
        (raw, self.sharpened_eval(entry, se, ply))
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
        if picker::under_promotion(m) {
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
}
