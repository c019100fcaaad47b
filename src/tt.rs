//! Transposition table: a lock-free hash table of search results.
//!
//! Each entry is two `AtomicU64`s: `data` and `key ^ data`. A reader accepts an entry
//! only when the two XOR back to its key, so an entry torn by a concurrent write reads
//! as a miss instead of as garbage (Hyatt's lockless hashing). The table is shared as
//! `&TranspositionTable` with no mutex on the probe path.
//!
//! `data` layout (least significant bit first):
//! ```text
//!  0..16  move      from (6) | to (6) << 6 | promotion (3) << 12; 0 = no move
//! 16..32  score     i16, mate scores relative to this node (see `score_to_tt`)
//! 32..40  depth     u8, remaining depth the score was searched to
//! 40..42  bound     0 = empty, 1 = upper, 2 = lower, 3 = exact
//! 42..48  age       6 bits: the search generation that wrote it
//! 48..64  eval      i16, static evaluation (reserved; 0 today)
//! ```

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use chess::{ChessMove, Piece, Square};

use crate::score::MATE_BOUND;

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (every move failed low).
    Upper,
    /// The true value is at least the score (a move failed high).
    Lower,
    /// The score is the true value.
    Exact,
}

impl Bound {
    fn bits(self) -> u64 {
        match self {
            Bound::Upper => 1,
            Bound::Lower => 2,
            Bound::Exact => 3,
        }
    }
    fn from_bits(b: u64) -> Option<Bound> {
        match b {
            1 => Some(Bound::Upper),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Exact),
            _ => None,
        }
    }
}

/// A decoded table entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub best_move: Option<ChessMove>,
    /// Score as stored: call [`score_from_tt`] before use.
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The table. Size is set in megabytes; an entry is 16 bytes.
pub struct TranspositionTable {
    slots: Box<[Slot]>,
    age: AtomicU8,
}

const ENTRY_BYTES: usize = 16;

/// `n` empty slots from a zeroed allocation, or `None` when the memory is refused.
fn zeroed_slots(n: usize) -> Option<Box<[Slot]>> {
    let layout = std::alloc::Layout::array::<Slot>(n).ok()?;
    // SAFETY: the layout is non-zero-sized (n >= 1) and is exactly that of `[Slot; n]`,
    // so the box frees it with the same layout. All-zero bytes are a valid `Slot` (two
    // `AtomicU64`s holding 0, the empty entry).
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut Slot;
        if ptr.is_null() {
            return None;
        }
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, n)))
    }
}
const AGE_MASK: u8 = 0x3f;

fn encode_move(m: Option<ChessMove>) -> u64 {
    let Some(m) = m else { return 0 };
    let promo = match m.get_promotion() {
        None => 0,
        Some(Piece::Knight) => 1,
        Some(Piece::Bishop) => 2,
        Some(Piece::Rook) => 3,
        Some(_) => 4,
    };
    m.get_source().to_index() as u64 | (m.get_dest().to_index() as u64) << 6 | promo << 12
}

fn decode_move(bits: u64) -> Option<ChessMove> {
    if bits == 0 {
        return None;
    }
    let sq = |i: u64| ALL_SQUARES_TABLE[(i & 63) as usize];
    let promo = match (bits >> 12) & 7 {
        1 => Some(Piece::Knight),
        2 => Some(Piece::Bishop),
        3 => Some(Piece::Rook),
        4 => Some(Piece::Queen),
        _ => None,
    };
    Some(ChessMove::new(sq(bits), sq(bits >> 6), promo))
}

const ALL_SQUARES_TABLE: [Square; 64] = chess::ALL_SQUARES;

/// Stores a score as "mate in N plies from this node" rather than from the root, so the
/// entry stays right wherever in the tree the position is met again.
#[inline]
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of [`score_to_tt`]: turns a node-relative mate score back into root-relative.
#[inline]
pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl TranspositionTable {
    /// A table of `mb` megabytes (at least one entry). Panics if memory is short: for
    /// tests and bench; the UCI layer uses [`TranspositionTable::try_new`].
    pub fn new(mb: usize) -> TranspositionTable {
        Self::try_new(mb).expect("transposition table allocation")
    }

    /// A table of `mb` megabytes, or an error when the memory cannot be had (the caller
    /// keeps its old table).
    pub fn try_new(mb: usize) -> Result<TranspositionTable, String> {
        let n = (mb.max(1) * 1024 * 1024 / ENTRY_BYTES).max(1);
        Ok(TranspositionTable {
            slots: zeroed_slots(n).ok_or_else(|| format!("cannot allocate {mb} MB"))?,
            age: AtomicU8::new(0),
        })
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Always false: a table has at least one entry.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Empties every entry. A fresh zeroed allocation is used where it can be had, so
    /// that a huge table is not touched page by page (its pages stay unmapped until used).
    pub fn clear(&mut self) {
        match zeroed_slots(self.slots.len()) {
            Some(fresh) => self.slots = fresh,
            None => {
                for s in self.slots.iter() {
                    s.check.store(0, Ordering::Relaxed);
                    s.data.store(0, Ordering::Relaxed);
                }
            }
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Starts a new search generation, so older entries give way first.
    pub fn new_search(&self) {
        let a = self.age.load(Ordering::Relaxed);
        self.age.store((a + 1) & AGE_MASK, Ordering::Relaxed);
    }

    /// Index by multiply-high: uniform over any table size, no modulo.
    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// Looks a position up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[self.index(key)];
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if check ^ data != key {
            return None;
        }
        let bound = Bound::from_bits((data >> 40) & 3)?;
        Some(Entry {
            best_move: decode_move(data & 0xffff),
            score: (data >> 16) as u16 as i16 as i32,
            depth: (data >> 32) as u8,
            bound,
        })
    }

    /// Stores a result. `score` must already be node-relative ([`score_to_tt`]). An
    /// entry for another position is replaced when it is from an older search or not
    /// much deeper; a missing move keeps the move already stored for the same position.
    #[inline]
    pub fn store(
        &self,
        key: u64,
        best_move: Option<ChessMove>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let slot = &self.slots[self.index(key)];
        let age = self.age.load(Ordering::Relaxed) as u64;
        let old = slot.data.load(Ordering::Relaxed);
        let old_key = slot.check.load(Ordering::Relaxed) ^ old;
        let old_bound = (old >> 40) & 3;
        let old_depth = ((old >> 32) & 0xff) as i32;
        let old_age = (old >> 42) & AGE_MASK as u64;
        let same = old_key == key && old_bound != 0;
        let depth = depth.clamp(0, 255);
        if old_bound != 0 && old_age == age && bound != Bound::Exact && depth + 3 < old_depth {
            return;
        }
        let mv = if best_move.is_none() && same {
            old & 0xffff
        } else {
            encode_move(best_move)
        };
        let data = mv
            | ((score as i16 as u16 as u64) << 16)
            | ((depth as u64) << 32)
            | (bound.bits() << 40)
            | (age << 42);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Per-mille of a sample of entries written by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let age = self.age.load(Ordering::Relaxed) as u64;
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                (d >> 40) & 3 != 0 && (d >> 42) & AGE_MASK as u64 == age
            })
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let m = ChessMove::new(Square::E7, Square::E8, Some(Piece::Knight));
        tt.store(0xdead_beef_1234_5678, Some(m), -417, 9, Bound::Lower);
        let e = tt.probe(0xdead_beef_1234_5678).expect("hit");
        assert_eq!(e.best_move, Some(m));
        assert_eq!(e.score, -417);
        assert_eq!(e.depth, 9);
        assert_eq!(e.bound, Bound::Lower);
        assert!(tt.probe(0x1234).is_none());
    }

    #[test]
    fn mate_scores_are_node_relative() {
        // Mate in 5 plies seen from the root, stored at ply 3: 2 plies from the node.
        let root_score = MATE - 5;
        let stored = score_to_tt(root_score, 3);
        assert_eq!(stored, MATE - 2);
        // Met again at ply 7, the same mate is 9 plies from the root.
        assert_eq!(score_from_tt(stored, 7), MATE - 9);
        let loss = -MATE + 6;
        assert_eq!(score_from_tt(score_to_tt(loss, 4), 4), loss);
        assert_eq!(score_from_tt(score_to_tt(123, 10), 2), 123);
    }

    #[test]
    fn hashfull_counts_current_generation() {
        let mut tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for k in 0..200_000u64 {
            tt.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                None,
                0,
                1,
                Bound::Exact,
            );
        }
        assert!(tt.hashfull() > 900);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
        tt.clear();
        assert!(tt.probe(0x9E37_79B9_7F4A_7C15).is_none());
    }
}
