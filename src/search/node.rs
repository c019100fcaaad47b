//! One node of the tree: the negamax alpha-beta search with its pruning, reductions
//! and extensions, and the quiescence search below it.

use chess::ChessMove;

use super::history::{history_bonus, PieceTo};
use super::params::*;
use super::picker::{self, piece_to, Origin, Picker};
use super::{see, Event, Searcher, STACK_OFFSET};
use crate::eval::{evaluate, evaluate_cached};
use crate::position::Position;
use crate::score::{
    is_mate, mated_in, DRAW, EVAL_NONE, INFINITY, MATE, MATE_BOUND, MAX_PLY, TB_BOUND,
};
use crate::syzygy;
use crate::tt::{score_from_tt, score_to_tt, Bound, Entry, Store, LEARNED_DEPTH};

/// From when on the root move being searched is reported (as Stockfish does; earlier
/// it would only flood the GUI).
const CURRMOVE_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

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

    pub(super) fn negamax(
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
