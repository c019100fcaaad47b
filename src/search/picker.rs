//! The staged move picker. Good ordering is what makes alpha-beta fast, and most nodes
//! are decided by their first move, so the picker hands out moves in stages and does
//! the work of a stage only when the search asks for a move from it:
//!
//! 1. the table move, checked for legality, before any generation;
//! 2. captures and promotions that do not lose material by SEE, by victim value plus
//!    capture history;
//! 3. the two killer moves of this ply, then the counter-move of the previous move;
//! 4. the other quiet moves, by butterfly history plus continuation history one, two
//!    and four plies back, and six at half weight;
//! 5. the captures that lose material (and under-promotions), last.
//!
//! In quiescence (not in check) only stages 1, 2 and 5 run, over noisy moves.

use std::mem::MaybeUninit;

use crate::types::{ChessMove, Piece};

use super::history::{ContKeys, Histories, PieceTo};
use super::params::MVV_MUL;
use super::see::{see_ge, SEE_VALUE};
use crate::position::{CheckInfo, Position};

/// Where the picker is in its order: the stage the next call to [`Picker::next`]
/// works on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    TableMove,
    Generate,
    GoodNoisy,
    Killer1,
    Killer2,
    Counter,
    ScoreQuiets,
    Quiets,
    BadNoisy,
    Done,
}

/// Where a move handed out by [`Picker::next`] came from. The search treats moves by
/// their origin (a killer is reduced less; in quiescence the table move is checked by
/// SEE and a losing capture ends the search), so the picker says it with each move
/// rather than leave callers to infer it from the stage it moved on to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The table move (or, at the root, the move the iteration searches first).
    Table,
    /// A capture or promotion that does not lose material by SEE.
    GoodNoisy,
    /// One of the two killer moves of this ply.
    Killer,
    /// The counter-move of the previous move.
    Counter,
    /// Any other quiet move, by history.
    Quiet,
    /// A capture that loses material by SEE, or an under-promotion.
    BadNoisy,
}

/// Index of the piece `m` moves, colour included (0..12).
#[inline]
pub fn piece_index(pos: &Position, m: ChessMove) -> usize {
    let piece = pos.piece_on(m.get_source()).unwrap_or(Piece::Pawn);
    piece.to_index() + 6 * pos.side_to_move().to_index()
}

/// The continuation-history key of `m` in `pos`.
#[inline]
pub fn piece_to(pos: &Position, m: ChessMove) -> PieceTo {
    PieceTo {
        piece: piece_index(pos, m),
        to: m.get_dest().to_index(),
    }
}

/// Everything but a queen promotion is an under-promotion (never worth ordering early).
#[inline]
pub(super) fn under_promotion(m: ChessMove) -> bool {
    matches!(m.get_promotion(), Some(p) if p != Piece::Queen)
}

/// Room for every move of one position: no legal chess position has more than 218
/// moves (the most known), so a fixed array of 256 never overflows and needs no heap.
const MAX_MOVES: usize = 256;

/// Moves and their ordering scores, handed out best first.
/// Left uninitialised where unused: filling 2 KB per node showed up in profiles. Only
/// `moves[..len]` is read, and `scores[i]` only once written.
struct Scored {
    moves: [MaybeUninit<ChessMove>; MAX_MOVES],
    scores: [MaybeUninit<i32>; MAX_MOVES],
    len: usize,
}

impl Scored {
    #[inline]
    fn new() -> Scored {
        Scored {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            scores: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, m: ChessMove) {
        self.moves[self.len].write(m);
        self.len += 1;
    }

    /// [`Scored::push`] with the move's score.
    #[inline]
    fn push_scored(&mut self, m: ChessMove, score: i32) {
        self.scores[self.len].write(score);
        self.push(m);
    }

    #[inline]
    fn set_score(&mut self, i: usize, score: i32) {
        debug_assert!(i < self.len);
        self.scores[i].write(score);
    }

    #[inline]
    fn mv(&self, i: usize) -> ChessMove {
        debug_assert!(i < self.len);
        // SAFETY: `moves[..len]` was written by `push`.
        unsafe { self.moves[i].assume_init() }
    }

    #[inline]
    fn swap(&mut self, a: usize, b: usize) {
        self.moves.swap(a, b);
        self.scores.swap(a, b);
    }

    /// Index of the best-scored move in `from..len`, the first of equals (selection
    /// sort: a cutoff usually comes after a few moves, so sorting all would waste work).
    /// Two passes, the highest score and then where it first stands: the first pass has
    /// no dependence from one element to the next, so it runs on vector registers.
    #[inline]
    fn best_from(&self, from: usize) -> usize {
        debug_assert!(from < self.len);
        // SAFETY: the picker sorts only lists that were scored, and `from..len` lies in
        // them: noisy moves are scored as they are generated, quiet moves in the
        // ScoreQuiets stage (and sorted only then).
        let scores = unsafe {
            std::slice::from_raw_parts(
                self.scores.as_ptr().add(from).cast::<i32>(),
                self.len - from,
            )
        };
        let best = scores.iter().copied().max().unwrap_or(0);
        from + scores.iter().position(|&s| s == best).unwrap_or(0)
    }

    /// Moves the best-scored move in `from..len` to `from` and returns it.
    #[inline]
    fn take_best(&mut self, from: usize) -> ChessMove {
        let best = self.best_from(from);
        self.swap(from, best);
        self.mv(from)
    }
}

pub struct Picker {
    stage: Stage,
    noisy_only: bool,
    skip_quiets: bool,
    tt_move: Option<ChessMove>,
    killers: [Option<ChessMove>; 2],
    counter: Option<ChessMove>,
    /// Set once quiets are skipped: only quiet moves that check are still handed out.
    check_squares: Option<CheckInfo>,
    /// Captures and promotions; the losing ones are gathered in `noisy[..n_bad]` as the
    /// noisy stage passes them.
    noisy: Scored,
    /// The other moves: a list of their own, so that neither list is copied into place.
    quiet: Scored,
    /// Whether the quiet moves are still to be generated: out of check they are worked
    /// out only when the quiet stage is reached, which most nodes never do.
    quiets_pending: bool,
    n_bad: usize,
    /// The next index to hand out from the list of the current stage.
    next: usize,
}

impl Picker {
    /// A picker over all legal moves (or, with `noisy_only`, the captures and
    /// promotions), `tt_move` first when it is legal here.
    pub fn new(
        pos: &Position,
        tt_move: Option<ChessMove>,
        killers: [Option<ChessMove>; 2],
        counter: Option<ChessMove>,
        noisy_only: bool,
    ) -> Picker {
        let tt_move = tt_move.filter(|&m| pos.is_legal(m) && (!noisy_only || pos.is_noisy(m)));
        Picker {
            stage: Stage::TableMove,
            noisy_only,
            skip_quiets: noisy_only,
            tt_move,
            killers,
            counter,
            check_squares: None,
            noisy: Scored::new(),
            quiet: Scored::new(),
            quiets_pending: false,
            n_bad: 0,
            next: 0,
        }
    }

    /// From now on, hand out no more quiet moves but direct checks (late move and
    /// futility pruning): a quiet check may mate, and pruning must not hide a mate.
    pub fn skip_quiets(&mut self, pos: &Position) {
        if !self.skip_quiets {
            self.skip_quiets = true;
            self.check_squares = Some(pos.check_info());
        }
    }

    /// Whether a quiet move may still be handed out.
    #[inline]
    fn quiet_allowed(&self, pos: &Position, m: ChessMove) -> bool {
        match &self.check_squares {
            None => !self.skip_quiets,
            Some(cs) => pos.gives_check(m, cs),
        }
    }

    /// Generates the noisy moves into their list, scored, and in check the quiet
    /// evasions too (out of check those wait for [`Picker::generate_quiets`]). Kept
    /// out of [`Picker::next`] (as are the other stage changes), which runs once per
    /// move: inlined there, the setup of every stage was hoisted to its entry and paid
    /// on each call (about 180 instructions, 4% of a search's).
    #[inline(never)]
    fn generate(&mut self, pos: &Position, hist: &Histories) {
        let tt_move = self.tt_move;
        if pos.in_check() {
            pos.generate_moves(self.noisy_only, |m, noisy| {
                if Some(m) == tt_move {
                    return;
                }
                if noisy {
                    self.noisy.push_scored(m, noisy_score(pos, m, hist));
                } else {
                    self.quiet.push(m);
                }
            });
        } else {
            let noisy = &mut self.noisy;
            pos.noisy_moves(|m| {
                if Some(m) != tt_move {
                    noisy.push_scored(m, noisy_score(pos, m, hist));
                }
            });
            self.quiets_pending = !self.noisy_only;
        }
        self.next = 0;
    }

    /// Generates the quiet moves into their list when [`Picker::generate`] left them.
    #[inline(never)]
    fn generate_quiets(&mut self, pos: &Position) {
        if self.quiets_pending {
            self.quiets_pending = false;
            let tt_move = self.tt_move;
            let quiet = &mut self.quiet;
            pos.quiet_moves(|m| {
                if Some(m) != tt_move {
                    quiet.push(m);
                }
            });
        }
    }

    /// Scores the quiet moves by butterfly history and the continuation histories of
    /// the moves `cont` back ([`Histories::quiet_order`]).
    #[inline(never)]
    fn score_quiets(&mut self, pos: &Position, hist: &Histories, cont: &ContKeys) {
        let side = pos.side_to_move().to_index();
        for i in 0..self.quiet.len {
            let m = self.quiet.mv(i);
            let score = hist.quiet_order(side, m, piece_to(pos, m), cont);
            self.quiet.set_score(i, score);
        }
    }

    /// Whether a killer or counter-move `m` may be played here as a quiet move.
    #[inline]
    fn usable_quiet(&self, pos: &Position, m: Option<ChessMove>) -> Option<ChessMove> {
        let m = m?;
        (Some(m) != self.tt_move && pos.is_legal(m) && !pos.is_noisy(m)).then_some(m)
    }

    /// Whether `m` was already handed out by the table, killer or counter stage.
    #[inline]
    fn already_tried(&self, m: ChessMove) -> bool {
        Some(m) == self.tt_move
            || Some(m) == self.killers[0]
            || Some(m) == self.killers[1]
            || Some(m) == self.counter
    }

    /// The next move to search and where it came from, or `None` when all are done.
    /// `cont` are the continuation keys of the moves [`super::history::CONT_PLIES`] back.
    pub fn next(
        &mut self,
        pos: &Position,
        hist: &Histories,
        cont: &ContKeys,
    ) -> Option<(ChessMove, Origin)> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = Stage::Generate;
                    if let Some(m) = self.tt_move {
                        return Some((m, Origin::Table));
                    }
                }
                Stage::Generate => {
                    self.generate(pos, hist);
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => {
                    if self.next >= self.noisy.len {
                        if self.noisy_only {
                            self.stage = Stage::BadNoisy;
                            self.next = 0;
                        } else {
                            self.stage = Stage::Killer1;
                        }
                        continue;
                    }
                    let m = self.noisy.take_best(self.next);
                    self.next += 1;
                    if under_promotion(m) || !see_ge(pos, m, 0) {
                        // Kept, in order, for the last stage.
                        let (i, j) = (self.n_bad, self.next - 1);
                        self.noisy.swap(i, j);
                        self.n_bad += 1;
                        continue;
                    }
                    return Some((m, Origin::GoodNoisy));
                }
                Stage::Killer1 | Stage::Killer2 | Stage::Counter => {
                    let candidate = match self.stage {
                        Stage::Killer1 => self.killers[0],
                        Stage::Killer2 => self.killers[1].filter(|&k| Some(k) != self.killers[0]),
                        _ => self
                            .counter
                            .filter(|&c| Some(c) != self.killers[0] && Some(c) != self.killers[1]),
                    };
                    let (origin, next) = match self.stage {
                        Stage::Killer1 => (Origin::Killer, Stage::Killer2),
                        Stage::Killer2 => (Origin::Killer, Stage::Counter),
                        _ => (Origin::Counter, Stage::ScoreQuiets),
                    };
                    self.stage = next;
                    if let Some(m) = self.usable_quiet(pos, candidate) {
                        if self.quiet_allowed(pos, m) {
                            return Some((m, origin));
                        }
                    }
                }
                Stage::ScoreQuiets => {
                    self.generate_quiets(pos);
                    self.next = 0;
                    self.stage = Stage::Quiets;
                    if !self.skip_quiets {
                        // (Skipping, only checks are left to find: no ordering needed.)
                        self.score_quiets(pos, hist, cont);
                    }
                }
                Stage::Quiets => {
                    if self.next >= self.quiet.len {
                        self.stage = Stage::BadNoisy;
                        self.next = 0;
                        continue;
                    }
                    let m = if self.skip_quiets {
                        self.quiet.mv(self.next)
                    } else {
                        self.quiet.take_best(self.next)
                    };
                    self.next += 1;
                    if self.already_tried(m) || !self.quiet_allowed(pos, m) {
                        continue;
                    }
                    return Some((m, Origin::Quiet));
                }
                Stage::BadNoisy => {
                    if self.next >= self.n_bad {
                        self.stage = Stage::Done;
                        continue;
                    }
                    let m = self.noisy.mv(self.next);
                    self.next += 1;
                    return Some((m, Origin::BadNoisy));
                }
                Stage::Done => return None,
            }
        }
    }
}

/// Ordering score of a capture or promotion: the victim's value, then capture history.
#[inline]
fn noisy_score(pos: &Position, m: ChessMove, hist: &Histories) -> i32 {
    let victim = pos.captured_piece(m);
    let promo = m.get_promotion().map_or(0, |p| SEE_VALUE[p.to_index()]);
    let base = victim.map_or(0, |v| SEE_VALUE[v.to_index()]) + promo;
    let h = victim.map_or(0, |v| hist.capture(piece_index(pos, m), m, v));
    base * MVV_MUL + h
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each move comes with the stage it came from: the table move, the killers and the
    /// counter-move by name, captures by their SEE, everything else as a quiet move. (The
    /// search reduces killers less and cuts quiescence at the first losing capture.)
    #[test]
    fn says_where_each_move_came_from() {
        let hist = Histories::new_boxed();
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let mv = |s: &str| pos.parse_move(s).unwrap();
        let (tt, k1, k2, counter) = (mv("a2a3"), mv("b2b3"), mv("g2g3"), mv("a1b1"));
        let mut p = Picker::new(&pos, Some(tt), [Some(k1), Some(k2)], Some(counter), false);
        let mut got = Vec::new();
        while let Some(x) = p.next(&pos, &hist, &[None; 4]) {
            got.push(x);
        }
        assert_eq!(got[0], (tt, Origin::Table));
        for &(m, origin) in &got[1..] {
            let want = if m == k1 || m == k2 {
                Origin::Killer
            } else if m == counter {
                Origin::Counter
            } else if !pos.is_noisy(m) {
                Origin::Quiet
            } else if see_ge(&pos, m, 0) && !under_promotion(m) {
                Origin::GoodNoisy
            } else {
                Origin::BadNoisy
            };
            assert_eq!(origin, want, "{m}");
        }
        for o in [Origin::GoodNoisy, Origin::BadNoisy, Origin::Quiet] {
            assert!(got.iter().any(|x| x.1 == o), "no {o:?} move");
        }

        // Quiescence: a capture from the table, then the others by SEE.
        let tt = mv("e5f7");
        let mut p = Picker::new(&pos, Some(tt), [None; 2], None, true);
        assert_eq!(p.next(&pos, &hist, &[None; 4]), Some((tt, Origin::Table)));
        while let Some((m, origin)) = p.next(&pos, &hist, &[None; 4]) {
            let good = see_ge(&pos, m, 0) && !under_promotion(m);
            let want = [Origin::BadNoisy, Origin::GoodNoisy][good as usize];
            assert_eq!(origin, want, "{m}");
        }
    }

    /// Every legal move comes out exactly once, in every mode of the picker, with
    /// garbage killers and table moves thrown in.
    #[test]
    fn hands_out_every_legal_move_once() {
        let hist = Histories::new_boxed();
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let legal = pos.legal_moves();
            let noisy: Vec<_> = legal.iter().copied().filter(|&m| pos.is_noisy(m)).collect();
            let odd = ChessMove::new(crate::types::Square::A1, crate::types::Square::H8, None);
            for tt in [
                None,
                Some(legal[0]),
                Some(*legal.last().unwrap()),
                Some(odd),
            ] {
                for killer in [None, Some(legal[legal.len() / 2]), Some(odd)] {
                    for noisy_only in [false, true] {
                        let mut p = Picker::new(&pos, tt, [killer, Some(odd)], killer, noisy_only);
                        let mut got = Vec::new();
                        while let Some((m, _)) = p.next(&pos, &hist, &[None; 4]) {
                            got.push(m);
                        }
                        let want = if noisy_only { &noisy } else { &legal };
                        let mut a = got.clone();
                        a.sort_by_key(|m| m.to_string());
                        let mut b = want.clone();
                        b.sort_by_key(|m| m.to_string());
                        assert_eq!(a, b, "{fen} tt {tt:?} killer {killer:?} {noisy_only}");
                        if let Some(t) = tt.filter(|t| want.contains(t)) {
                            assert_eq!(got[0], t);
                        }
                    }
                }
            }
        }
    }
}
