//! Move lists and move ordering.
//!
//! Good ordering is what makes alpha-beta fast: the table move first (it was best
//! before), then captures by MVV-LVA (most valuable victim, least valuable attacker) and
//! promotions, then quiet moves.

use chess::{BitBoard, ChessMove, MoveGen, Piece, EMPTY};

use crate::eval::piece_value;
use crate::position::Position;

/// Score of the table move: above everything else.
const TT_MOVE: i32 = 10_000_000;
/// Base of captures and promotions, above every quiet move.
const NOISY: i32 = 1_000_000;

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
    pub fn score(&mut self, pos: &Position, tt_move: Option<ChessMove>) {
        for i in 0..self.len {
            let m = self.moves[i];
            self.scores[i] = if Some(m) == tt_move {
                TT_MOVE
            } else {
                noisy_score(pos, m).unwrap_or(0)
            };
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
