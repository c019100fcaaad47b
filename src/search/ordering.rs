//! Move lists and move ordering.
//!
//! Good ordering is what makes alpha-beta fast: the table move first (it was best
//! before), then captures by MVV-LVA (most valuable victim, least valuable attacker) and
//! promotions, then the two killer moves of this ply (quiet moves that refuted a sibling),
//! then the other quiet moves by their history score.

use chess::{BitBoard, ChessMove, MoveGen, Piece, EMPTY};

use crate::eval::piece_value;
use crate::position::Position;

/// Score of the table move: above everything else.
const TT_MOVE: i32 = 10_000_000;
/// Base of captures and promotions, above every quiet move.
const NOISY: i32 = 1_000_000;
/// Killer moves: below captures, above every history score.
const KILLER: [i32; 2] = [900_000, 899_000];
/// History scores stay within ±HISTORY_MAX (below the killers).
pub const HISTORY_MAX: i32 = 16_384;

/// Butterfly history: how often a quiet move (by side, from, to) caused a cutoff,
/// decaying toward zero as it fails. Updates use "gravity" so that scores saturate at
/// ±HISTORY_MAX instead of growing without bound.
pub struct History {
    table: Box<[[[i32; 64]; 64]; 2]>,
}

impl Default for History {
    fn default() -> Self {
        History {
            table: Box::new([[[0; 64]; 64]; 2]),
        }
    }
}

impl History {
    #[inline]
    pub fn get(&self, side: usize, m: ChessMove) -> i32 {
        self.table[side][m.get_source().to_index()][m.get_dest().to_index()]
    }

    /// Adds `bonus` (negative for a malus), pulled toward the bound as it nears it.
    #[inline]
    pub fn update(&mut self, side: usize, m: ChessMove, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let e = &mut self.table[side][m.get_source().to_index()][m.get_dest().to_index()];
        *e += bonus - *e * bonus.abs() / HISTORY_MAX;
    }
}

/// A fixed-capacity list of moves with ordering scores, picked best first.
pub struct MoveList {
    moves: [ChessMove; 256],
    scores: [i32; 256],
    len: usize,
    next: usize,
}

impl MoveList {
    fn empty() -> MoveList {
        MoveList {
            moves: [ChessMove::default(); 256],
            scores: [0; 256],
            len: 0,
            next: 0,
        }
    }

    fn push(&mut self, m: ChessMove) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// All legal moves.
    pub fn all(pos: &Position) -> MoveList {
        let mut list = MoveList::empty();
        for m in MoveGen::new_legal(pos.board()) {
            list.push(m);
        }
        list
    }

    /// Legal captures (en passant included) and promotions: the quiescence moves.
    pub fn noisy(pos: &Position) -> MoveList {
        let board = pos.board();
        let mut list = MoveList::empty();
        let mut gen = MoveGen::new_legal(board);
        let their = *board.color_combined(!board.side_to_move());
        let ep = pos.ep_square().map(BitBoard::from_square).unwrap_or(EMPTY);
        let last_rank = chess::get_rank(board.side_to_move().to_their_backrank());
        gen.set_iterator_mask(their | ep | last_rank);
        for m in gen {
            if m.get_promotion().is_some() || pos.is_capture(m) {
                list.push(m);
            }
        }
        list
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Keeps only the moves `keep` accepts (the root's `searchmoves`).
    pub fn retain(&mut self, keep: impl Fn(ChessMove) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            if keep(self.moves[i]) {
                self.moves[j] = self.moves[i];
                j += 1;
            }
        }
        self.len = j;
    }

    /// Gives every move its ordering score.
    pub fn score(
        &mut self,
        pos: &Position,
        tt_move: Option<ChessMove>,
        killers: [Option<ChessMove>; 2],
        history: &History,
    ) {
        let side = pos.side_to_move().to_index();
        for i in 0..self.len {
            let m = self.moves[i];
            self.scores[i] = if Some(m) == tt_move {
                TT_MOVE
            } else if let Some(s) = noisy_score(pos, m) {
                s
            } else if Some(m) == killers[0] {
                KILLER[0]
            } else if Some(m) == killers[1] {
                KILLER[1]
            } else {
                history.get(side, m)
            };
        }
    }

    /// Scores captures and promotions only (quiescence).
    pub fn score_noisy(&mut self, pos: &Position) {
        for i in 0..self.len {
            self.scores[i] = noisy_score(pos, self.moves[i]).unwrap_or(0);
        }
    }

    /// The best-scored move not yet returned (selection sort: cheap, since a cutoff
    /// usually comes after a few moves).
    pub fn pick(&mut self) -> Option<ChessMove> {
        if self.next >= self.len {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..self.len {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let m = self.moves[self.next];
        self.next += 1;
        Some(m)
    }
}

/// MVV-LVA score of a capture or promotion; `None` for a quiet move.
#[inline]
pub fn noisy_score(pos: &Position, m: ChessMove) -> Option<i32> {
    let victim = pos.captured_piece(m);
    let promo = m.get_promotion();
    if victim.is_none() && promo.is_none() {
        return None;
    }
    let attacker = pos.piece_on(m.get_source()).unwrap_or(Piece::Pawn);
    let gain = victim.map(piece_value).unwrap_or(0) + promo.map(piece_value).unwrap_or(0);
    Some(NOISY + gain * 16 - piece_value(attacker) / 16)
}
