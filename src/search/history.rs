//! The statistics a worker learns while it searches, kept across `go` commands and
//! cleared by `ucinewgame`: which quiet moves cut off (butterfly history), which
//! captures did (capture history), which moves answer a given previous move well
//! (continuation history, one, two, four and six plies back, and the counter-move),
//! and how far the static evaluation tends to be off (correction histories: one by the
//! pawn structure, one by each side's other pieces).
//!
//! All tables hold plain integers, so a zeroed allocation is a cleared table.

use crate::types::{ChessMove, Piece};

use super::params::*;
use crate::tt::{decode_move, encode_move};

/// A piece of one colour, 0..12 (white pawn .. black king).
pub type PieceIndex = usize;

/// A move as continuation history sees it: which piece went where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceTo {
    pub piece: PieceIndex,
    pub to: usize,
}

type ContTable = [[i16; 64]; 12];

/// How many plies back the moves are whose continuation histories a quiet move is
/// judged by: the opponent's last move, our last, and our two before that (our own
/// plans span several moves; Stockfish 11 found plies 4 and 6 worth +8 Elo).
pub const CONT_PLIES: [usize; 4] = [1, 2, 4, 6];

/// The continuation-history keys of the moves [`CONT_PLIES`] back.
pub type ContKeys = [Option<PieceTo>; 4];

pub struct Histories {
    /// [side][from][to] for quiet moves.
    butterfly: [[[i16; 64]; 64]; 2],
    /// [piece][to][captured kind] for captures and promotions.
    capture: [[[i16; 6]; 64]; 12],
    /// [previous piece][previous to] → [piece][to].
    continuation: [[ContTable; 64]; 12],
    /// [previous piece][previous to] → the move that refuted it last.
    counter: [[u16; 64]; 12],
    /// [side][pawn key slot], in 1/CORR_GRAIN centipawns.
    correction: [[i32; CORR_SIZE]; 2],
    /// [side][colour][that colour's non-pawn key slot], likewise.
    non_pawn_correction: [[[i32; CORR_SIZE]; 2]; 2],
}

/// The keys a position's correction history is read under: its pawns, and each
/// colour's other pieces.
#[derive(Debug, Clone, Copy)]
pub struct CorrectionKeys {
    pub pawn: u64,
    pub non_pawn: [u64; 2],
}

impl CorrectionKeys {
    /// The keys of `pos`.
    #[inline]
    pub fn of(pos: &crate::position::Position) -> CorrectionKeys {
        use crate::types::Color;
        CorrectionKeys {
            pawn: pos.pawn_key(),
            non_pawn: [
                pos.non_pawn_key(Color::White),
                pos.non_pawn_key(Color::Black),
            ],
        }
    }
}

/// Bonus for a move that caused a cutoff at `depth` (also the malus for those tried
/// before it).
#[inline]
pub fn history_bonus(p: &Params, depth: i32) -> i32 {
    (p.history_bonus_mul * depth - p.history_bonus_sub).clamp(0, p.history_bonus_max)
}

/// Adds `bonus` (negative for a malus), pulled toward the bound as it nears it, so
/// scores saturate at ±HISTORY_MAX instead of growing without bound.
#[inline]
fn gravity(entry: &mut i16, bonus: i32) {
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let v = *entry as i32;
    *entry = (v + b - v * b.abs() / HISTORY_MAX) as i16;
}

impl Histories {
    /// Cleared tables, allocated on the heap (they are about 1.8 MB).
    pub fn new_boxed() -> Box<Histories> {
        let layout = std::alloc::Layout::new::<Histories>();
        // SAFETY: `Histories` holds only integer arrays, for which all-zero bytes are a
        // valid value; the box frees it with the same layout.
        unsafe {
            let ptr = std::alloc::alloc_zeroed(layout) as *mut Histories;
            if ptr.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            Box::from_raw(ptr)
        }
    }

    pub fn clear(&mut self) {
        // SAFETY: as in `new_boxed`, all-zero bytes are a valid `Histories`.
        unsafe { std::ptr::write_bytes(self as *mut Histories, 0, 1) }
    }

    #[inline]
    pub fn butterfly(&self, side: usize, m: ChessMove) -> i32 {
        self.butterfly[side][m.get_source().to_index()][m.get_dest().to_index()] as i32
    }

    #[inline]
    pub fn update_butterfly(&mut self, side: usize, m: ChessMove, bonus: i32) {
        gravity(
            &mut self.butterfly[side][m.get_source().to_index()][m.get_dest().to_index()],
            bonus,
        );
    }

    #[inline]
    pub fn capture(&self, piece: PieceIndex, m: ChessMove, captured: Piece) -> i32 {
        self.capture[piece][m.get_dest().to_index()][captured.to_index()] as i32
    }

    #[inline]
    pub fn update_capture(&mut self, piece: PieceIndex, m: ChessMove, captured: Piece, bonus: i32) {
        gravity(
            &mut self.capture[piece][m.get_dest().to_index()][captured.to_index()],
            bonus,
        );
    }

    /// Continuation history of `cur` after `prev`; 0 when there is no previous move.
    #[inline]
    pub fn continuation(&self, prev: Option<PieceTo>, cur: PieceTo) -> i32 {
        match prev {
            Some(p) => self.continuation[p.piece][p.to][cur.piece][cur.to] as i32,
            None => 0,
        }
    }

    #[inline]
    pub fn update_continuation(&mut self, prev: Option<PieceTo>, cur: PieceTo, bonus: i32) {
        if let Some(p) = prev {
            gravity(
                &mut self.continuation[p.piece][p.to][cur.piece][cur.to],
                bonus,
            );
        }
    }

    /// What the histories say of the quiet move `m` (key `pt`) after the moves `cont`,
    /// for pruning and reductions: butterfly plus continuation one, two and four plies
    /// back.
    #[inline]
    pub fn quiet(&self, side: usize, m: ChessMove, pt: PieceTo, cont: &ContKeys) -> i32 {
        self.butterfly(side, m)
            + self.continuation(cont[0], pt)
            + self.continuation(cont[1], pt)
            + self.continuation(cont[2], pt)
    }

    /// The same for ordering quiet moves, with six plies back at half weight.
    #[inline]
    pub fn quiet_order(&self, side: usize, m: ChessMove, pt: PieceTo, cont: &ContKeys) -> i32 {
        self.quiet(side, m, pt, cont) + self.continuation(cont[3], pt) / 2
    }

    #[inline]
    pub fn counter(&self, prev: Option<PieceTo>) -> Option<ChessMove> {
        prev.and_then(|p| decode_move(self.counter[p.piece][p.to]))
    }

    #[inline]
    pub fn set_counter(&mut self, prev: Option<PieceTo>, m: ChessMove) {
        if let Some(p) = prev {
            self.counter[p.piece][p.to] = encode_move(Some(m));
        }
    }

    /// The slots `keys` fall in, one per correction table: pawns, White's pieces,
    /// Black's pieces.
    #[inline]
    fn correction_slots(keys: &CorrectionKeys) -> [usize; 3] {
        [keys.pawn, keys.non_pawn[0], keys.non_pawn[1]].map(|k| k as usize % CORR_SIZE)
    }

    /// The entries of `keys` for `side`, in the order of [`Self::correction_slots`].
    #[inline]
    fn correction_entries(&mut self, side: usize, keys: &CorrectionKeys) -> [&mut i32; 3] {
        let [pawn, white, black] = Self::correction_slots(keys);
        let [w, b] = &mut self.non_pawn_correction[side];
        [
            &mut self.correction[side][pawn],
            &mut w[white],
            &mut b[black],
        ]
    }

    /// The entries of `keys` for `side`, read only: what [`Self::correction`] sums.
    #[inline]
    fn correction_cells(&self, side: usize, keys: &CorrectionKeys) -> [&i32; 3] {
        let [pawn, white, black] = Self::correction_slots(keys);
        let [w, b] = &self.non_pawn_correction[side];
        [&self.correction[side][pawn], &w[white], &b[black]]
    }

    /// The correction to add to a static evaluation, in centipawns: the sum of what
    /// the pawn structure and each side's piece placement say.
    #[inline]
    pub fn correction(&self, side: usize, keys: &CorrectionKeys) -> i32 {
        let sum: i32 = self.correction_cells(side, keys).into_iter().sum();
        (sum / CORR_GRAIN).clamp(-CORR_MAX, CORR_MAX)
    }

    /// Starts loading the entries [`Self::correction`] will read for `side` and `keys`
    /// (see [`crate::prefetch`]).
    #[inline]
    pub fn prefetch_correction(&self, side: usize, keys: &CorrectionKeys) {
        for cell in self.correction_cells(side, keys) {
            crate::prefetch::prefetch(cell);
        }
    }

    /// Moves the correction toward `diff` (search result minus the uncorrected static
    /// eval), more so for deeper results: each entry takes the same step toward what
    /// their sum still misses, so together they fit the error as a sum of a pawn part
    /// and a part per side's pieces.
    #[inline]
    pub fn update_correction(&mut self, side: usize, keys: &CorrectionKeys, diff: i32, depth: i32) {
        let weight = (depth + 1).min(CORR_MAX_WEIGHT);
        let target = diff.clamp(-CORR_MAX, CORR_MAX) * CORR_GRAIN;
        let entries = self.correction_entries(side, keys);
        let sum: i32 = entries.iter().map(|e| **e).sum();
        let step = (target - sum) * weight / (CORR_GRAIN * CORR_TABLES);
        for e in entries {
            *e = (*e + step).clamp(-CORR_MAX * CORR_GRAIN, CORR_MAX * CORR_GRAIN);
        }
    }
}
