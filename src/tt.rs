//! Transposition table: a lock-free hash table of search results.
//!
//! Entries live in buckets of four, one 64-byte cache line each, so a probe touches one
//! line. Each entry is two `AtomicU64`s: `data` and `key ^ data`. A reader accepts an
//! entry only when the two XOR back to its key, so an entry torn by a concurrent write
//! reads as a miss instead of as garbage (Hyatt's lockless hashing). The table is shared
//! as `&TranspositionTable` with no mutex on the probe path.
//!
//! `data` layout (least significant bit first):
//! ```text
//!  0..15  move      from (6) | to (6) << 6 | promotion (3) << 12; 0 = no move
//! 15      pv        the node was on a principal variation when stored
//! 16..32  score     i16, mate scores relative to this node (see `score_to_tt`)
//! 32..40  depth     u8, remaining depth the score was searched to
//! 40..42  bound     0 = empty, 1 = upper, 2 = lower, 3 = exact
//! 42..48  age       6 bits: the search generation that wrote it
//! 48..64  eval      i16, static evaluation of the position (uncorrected)
//! ```
//!
//! Replacement: an entry of the same position is overwritten unless it is a result of
//! this search more than `KEEP_DEEPER_BY` plies deeper and the new one is not exact;
//! otherwise the entry worth least is replaced, worth being its depth minus eight per
//! generation of age.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use crate::types::{ChessMove, Piece, Square};

use crate::score::{EVAL_NONE, TB_BOUND};

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
    /// The bound a search result `best` proves, for a node searched in the window
    /// (`alpha`, `beta`). (In a null window nothing lies strictly between, so such a
    /// node is never exact.)
    #[inline]
    pub fn of_result(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

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
    /// The best (or cutoff) move found at the node; `None` if none was stored. Well
    /// formed but not checked: it may be illegal here after a key collision.
    pub best_move: Option<ChessMove>,
    /// Score as stored: call [`score_from_tt`] before use.
    pub score: i32,
    /// Static evaluation stored with the entry (before any correction).
    pub eval: i32,
    /// Remaining depth (plies) the score was searched to; [`LEARNED_DEPTH`] for a
    /// learnt entry.
    pub depth: u8,
    /// How the score relates to the node's true value.
    pub bound: Bound,
    /// Whether the node was on a principal variation.
    pub pv: bool,
    /// Whether the current search (generation) wrote it.
    pub current: bool,
}

/// What a search stores about a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Store {
    /// The node's best move; `None` keeps the move already stored for the position.
    pub best_move: Option<ChessMove>,
    /// Node-relative score ([`score_to_tt`]).
    pub score: i32,
    /// Static evaluation before correction, or [`EVAL_NONE`] (in check); kept in 16
    /// bits.
    pub eval: i32,
    /// Remaining depth (plies) searched; stored clamped to 0..=254 (255 is
    /// [`LEARNED_DEPTH`]).
    pub depth: i32,
    /// How `score` relates to the node's true value.
    pub bound: Bound,
    /// Whether the node is on a principal variation.
    pub pv: bool,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Four slots in one cache line.
#[repr(C, align(64))]
#[derive(Default)]
struct Bucket {
    slots: [Slot; BUCKET_SLOTS],
}

const BUCKET_SLOTS: usize = 4;
const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

/// The table. Size is set in megabytes; a bucket is 64 bytes.
pub struct TranspositionTable {
    buckets: Buckets,
    age: AtomicU8,
}

/// Tables this large or larger are aligned to, and advised into, 2 MB pages.
const HUGE_PAGE: usize = 2 << 20;

/// The buckets, in one zeroed allocation that owns its layout. A table of 16 MB or more
/// spans thousands of 4 KB pages, and nearly every probe lands on a page the TLB does
/// not hold; backed by 2 MB pages (Linux's transparent huge pages, which it gives only
/// where asked to by `madvise` on most systems), the probe's address walk mostly hits.
/// The pages are advised before they are first touched, so the kernel backs them with
/// huge pages as it faults them in.
struct Buckets {
    ptr: std::ptr::NonNull<Bucket>,
    len: usize,
    layout: std::alloc::Layout,
}

// SAFETY: `Buckets` owns its memory like a `Box<[Bucket]>`: sending it moves that
// ownership whole, as sending the box would.
unsafe impl Send for Buckets {}
// SAFETY: shared, it hands out only `&[Bucket]`, and `Bucket` holds only atomics, so
// sharing it is as safe as sharing the slice.
unsafe impl Sync for Buckets {}

impl Buckets {
    /// `n` (at least 1) empty buckets, or `None` when the memory is refused.
    fn zeroed(n: usize) -> Option<Buckets> {
        let bytes = n.checked_mul(BUCKET_BYTES)?;
        let huge = bytes >= HUGE_PAGE;
        let align = if huge {
            HUGE_PAGE
        } else {
            std::mem::align_of::<Bucket>()
        };
        let layout = std::alloc::Layout::from_size_align(bytes, align).ok()?;
        // SAFETY: the layout is non-zero-sized (n >= 1) and at least as aligned as a
        // `Bucket`; all-zero bytes are a valid `Bucket` (`AtomicU64`s holding 0, the
        // empty entry), written over the whole allocation before it is read.
        unsafe {
            let raw = std::alloc::alloc(layout);
            let ptr = std::ptr::NonNull::new(raw as *mut Bucket)?;
            if huge {
                advise_huge_pages(raw, bytes);
            }
            std::ptr::write_bytes(raw, 0, bytes);
            Some(Buckets {
                ptr,
                len: n,
                layout,
            })
        }
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `ptr` holds `len` initialised buckets for as long as `self` lives.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with exactly this layout; `Bucket` needs no drop.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr() as *mut u8, self.layout) }
    }
}

/// Asks Linux to back `bytes` at `ptr` (2 MB aligned) with transparent huge pages.
/// Advice only: where the kernel has none to give (or elsewhere than Linux) the table
/// works as before.
#[cfg_attr(not(target_os = "linux"), allow(unused_variables))]
fn advise_huge_pages(ptr: *mut u8, bytes: usize) {
    // SAFETY: the range is one live allocation of ours; MADV_HUGEPAGE changes how its
    // pages are backed, never their contents.
    #[cfg(target_os = "linux")]
    unsafe {
        libc::madvise(ptr as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE)
    };
}

/// Depth of learnt entries ([`crate::learn`]): deeper than any search stores, so the
/// search takes them as settled (even at PV nodes) and replacement keeps them.
pub const LEARNED_DEPTH: u8 = u8::MAX;

// The fields of `data`, as the layout in the module notes gives them: each field's
// shift (its lowest bit) and, where it is read back by masking, its mask.
/// The move: bits 0..15.
const MOVE_MASK: u64 = 0x7fff;
/// Within the move: where its destination square starts (the source is bits 0..6).
const MOVE_TO_SHIFT: u32 = 6;
/// Within the move: where its promotion piece starts (3 bits).
const MOVE_PROMO_SHIFT: u32 = 12;
/// A square's 6 bits within the move.
const MOVE_SQUARE_MASK: usize = 63;
/// The promotion's 3 bits within the move.
const MOVE_PROMO_MASK: usize = 7;
/// The PV flag: bit 15.
const PV_BIT: u64 = 1 << 15;
/// The score (i16): bits 16..32.
const SCORE_SHIFT: u32 = 16;
/// The depth (u8): bits 32..40.
const DEPTH_SHIFT: u32 = 32;
/// The depth's 8 bits, once shifted down.
const DEPTH_MASK: u64 = 0xff;
/// The bound (0 = empty): bits 40..42.
const BOUND_SHIFT: u32 = 40;
/// The bound's 2 bits, once shifted down.
const BOUND_MASK: u64 = 3;
/// The age (search generation): bits 42..48.
const AGE_SHIFT: u32 = 42;
/// The age's 6 bits: generations count modulo [`AGE_CYCLE`].
const AGE_MASK: u8 = 0x3f;
/// The static evaluation (i16): bits 48..64.
const EVAL_SHIFT: u32 = 48;
/// Generations before the 6-bit age wraps around: added before the age gap is masked,
/// so that a gap across the wrap still comes out right.
const AGE_CYCLE: u64 = AGE_MASK as u64 + 1;

/// Plies of depth one generation of age costs an entry in replacement (Stockfish's
/// weight): an entry of an earlier search must be this much deeper per search since
/// to outlast one of this search, as an old entry's position has likely been played
/// past, while a much deeper one still saves more than it costs.
const AGE_WORTH_PLIES: i32 = 8;
/// An entry of this search for the same position keeps its place against a new
/// non-exact result only when more than this many plies deeper (Stockfish's margin):
/// a slightly shallower result is fresher (another window, histories since) and
/// worth having, one far shallower knows less than the entry it would replace.
const KEEP_DEEPER_BY: i32 = 3;
/// Buckets sampled for `hashfull`: 250 of 4 entries is 1000, so that the count of
/// entries of this search is the per-mille UCI asks for, at the cost of one page of
/// memory (and none on a table smaller than that).
const HASHFULL_SAMPLE_BUCKETS: usize = 250;

/// A move in 15 bits (0 = none), as the table and the move-keyed history tables keep it.
pub fn encode_move(m: Option<ChessMove>) -> u16 {
    let Some(m) = m else { return 0 };
    let promo = match m.get_promotion() {
        None => 0,
        Some(Piece::Knight) => 1,
        Some(Piece::Bishop) => 2,
        Some(Piece::Rook) => 3,
        Some(_) => 4,
    };
    (m.get_source().to_index()
        | m.get_dest().to_index() << MOVE_TO_SHIFT
        | promo << MOVE_PROMO_SHIFT) as u16
}

/// Inverse of [`encode_move`]. The move is well formed but need not be legal anywhere.
pub fn decode_move(bits: u16) -> Option<ChessMove> {
    let bits = bits as usize & MOVE_MASK as usize;
    if bits == 0 {
        return None;
    }
    let sq = |i: usize| ALL_SQUARES_TABLE[i & MOVE_SQUARE_MASK];
    let promo = match (bits >> MOVE_PROMO_SHIFT) & MOVE_PROMO_MASK {
        1 => Some(Piece::Knight),
        2 => Some(Piece::Bishop),
        3 => Some(Piece::Rook),
        4 => Some(Piece::Queen),
        _ => None,
    };
    Some(ChessMove::new(sq(bits), sq(bits >> MOVE_TO_SHIFT), promo))
}

const ALL_SQUARES_TABLE: [Square; 64] = crate::types::ALL_SQUARES;

/// Stores a mate or tablebase score as "N plies from this node" rather than from the
/// root, so the entry stays right wherever in the tree the position is met again.
#[inline]
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_BOUND {
        score + ply as i32
    } else if score <= -TB_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of [`score_to_tt`]: turns a node-relative mate score back into root-relative.
#[inline]
pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_BOUND {
        score - ply as i32
    } else if score <= -TB_BOUND {
        score + ply as i32
    } else {
        score
    }
}

fn decode(data: u64, age: u64) -> Option<Entry> {
    let bound = Bound::from_bits(bound_bits(data))?;
    Some(Entry {
        best_move: decode_move((data & MOVE_MASK) as u16),
        score: (data >> SCORE_SHIFT) as u16 as i16 as i32,
        eval: (data >> EVAL_SHIFT) as u16 as i16 as i32,
        depth: (data >> DEPTH_SHIFT) as u8,
        bound,
        pv: data & PV_BIT != 0,
        current: age_of(data) == age,
    })
}

/// The bound field of `data` (0: an empty slot).
#[inline]
fn bound_bits(data: u64) -> u64 {
    (data >> BOUND_SHIFT) & BOUND_MASK
}

/// The age field of `data`: the generation that wrote it.
#[inline]
fn age_of(data: u64) -> u64 {
    (data >> AGE_SHIFT) & AGE_MASK as u64
}

/// The depth field of `data`.
#[inline]
fn depth_of(data: u64) -> i32 {
    ((data >> DEPTH_SHIFT) & DEPTH_MASK) as i32
}

impl TranspositionTable {
    /// A table of `mb` megabytes (at least one bucket). Panics if memory is short: for
    /// tests and bench; the UCI layer uses [`TranspositionTable::try_new`].
    pub fn new(mb: usize) -> TranspositionTable {
        Self::try_new(mb).expect("transposition table allocation")
    }

    /// A table of `mb` megabytes, or an error when the memory cannot be had (the caller
    /// keeps its old table).
    pub fn try_new(mb: usize) -> Result<TranspositionTable, String> {
        let n = (mb.max(1) * 1024 * 1024 / BUCKET_BYTES).max(1);
        Ok(TranspositionTable {
            buckets: Buckets::zeroed(n).ok_or_else(|| format!("cannot allocate {mb} MB"))?,
            age: AtomicU8::new(0),
        })
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.buckets.len() * BUCKET_SLOTS
    }

    /// Always false: a table has at least one entry.
    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }

    /// Empties every entry, keeping the allocation.
    pub fn clear(&mut self) {
        // Zeroed in place. A fresh table (`Buckets::zeroed`) writes every byte too, and
        // the allocator then keeps freed tables around (glibc raises its mmap threshold
        // after the first big free and serves the next table from the heap): in a
        // 1000-game soak a 16 MB table's process grew to 70 MB resident.
        for s in self.buckets.iter().flat_map(|b| b.slots.iter()) {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Starts a new search generation, so older entries give way first.
    pub fn new_search(&self) {
        let a = self.age.load(Ordering::Relaxed);
        self.age.store((a + 1) & AGE_MASK, Ordering::Relaxed);
    }

    /// Bucket by multiply-high: uniform over any table size, no modulo.
    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[((key as u128 * self.buckets.len() as u128) >> 64) as usize]
    }

    /// Asks the CPU to start loading `key`'s bucket into cache, so that the probe a
    /// moment later (at the child node) does not wait on memory. A hint only: it
    /// changes no state and no result.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::prefetch::prefetch(self.bucket(key));
    }

    /// Looks a position up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let age = self.age.load(Ordering::Relaxed) as u64;
        for slot in &self.bucket(key).slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key {
                return decode(data, age);
            }
        }
        None
    }

    /// Stores a result for `key` (see the module notes for which entry it replaces). A
    /// missing move keeps the move already stored for the same position.
    #[inline]
    pub fn store(&self, key: u64, e: Store) {
        // Only learnt entries are as deep as LEARNED_DEPTH.
        self.write(key, e, e.depth.clamp(0, LEARNED_DEPTH as i32 - 1));
    }

    #[inline]
    fn write(&self, key: u64, e: Store, depth: i32) {
        let bucket = self.bucket(key);
        let age = self.age.load(Ordering::Relaxed) as u64;
        // The slot of the same position, else the one worth least.
        let mut target = 0;
        let mut worst = i32::MAX;
        let mut same = None;
        for (i, slot) in bucket.slots.iter().enumerate() {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if bound_bits(data) == 0 {
                if worst > i32::MIN {
                    worst = i32::MIN;
                    target = i;
                }
                continue;
            }
            if check ^ data == key {
                same = Some((i, data));
                break;
            }
            let age_gap = ((age + AGE_CYCLE - age_of(data)) & AGE_MASK as u64) as i32;
            let worth = depth_of(data) - AGE_WORTH_PLIES * age_gap;
            if worth < worst {
                worst = worth;
                target = i;
            }
        }
        let mut mv = encode_move(e.best_move) as u64;
        if let Some((i, old)) = same {
            if age_of(old) == age
                && e.bound != Bound::Exact
                && depth + KEEP_DEEPER_BY < depth_of(old)
            {
                return;
            }
            if mv == 0 {
                mv = old & MOVE_MASK;
            }
            target = i;
        }
        let data = mv
            | if e.pv { PV_BIT } else { 0 }
            | ((e.score as i16 as u16 as u64) << SCORE_SHIFT)
            | ((depth as u64) << DEPTH_SHIFT)
            | (e.bound.bits() << BOUND_SHIFT)
            | (age << AGE_SHIFT)
            | ((e.eval as i16 as u16 as u64) << EVAL_SHIFT);
        let slot = &bucket.slots[target];
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Stores a learnt result: an exact score (node-relative, never a mate) at
    /// [`LEARNED_DEPTH`], with no move and no static evaluation.
    pub fn store_learned(&self, key: u64, score: i32) {
        let e = Store {
            best_move: None,
            score,
            eval: EVAL_NONE,
            depth: LEARNED_DEPTH as i32,
            bound: Bound::Exact,
            pv: false,
        };
        self.write(key, e, LEARNED_DEPTH as i32);
    }

    /// Per-mille of a sample of entries written by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.buckets.len().min(HASHFULL_SAMPLE_BUCKETS);
        let age = self.age.load(Ordering::Relaxed) as u64;
        let used = self.buckets[..n]
            .iter()
            .flat_map(|b| b.slots.iter())
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                bound_bits(d) != 0 && age_of(d) == age
            })
            .count();
        (used * 1000 / (n * BUCKET_SLOTS)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;

    fn entry(best_move: Option<ChessMove>, score: i32, depth: i32, bound: Bound) -> Store {
        Store {
            best_move,
            score,
            eval: 55,
            depth,
            bound,
            pv: true,
        }
    }

    #[test]
    fn bucket_keeps_four_positions_and_replaces_the_shallowest() {
        let tt = TranspositionTable::new(1);
        // Keys that share a bucket: the bucket is chosen by the high bits.
        let keys: Vec<u64> = (0..5u64).map(|i| 0x0123_4567_0000_0000 | i).collect();
        for (d, &k) in keys[..4].iter().enumerate() {
            tt.store(k, entry(None, 0, 10 - d as i32, Bound::Exact));
        }
        for &k in &keys[..4] {
            assert!(tt.probe(k).is_some());
        }
        tt.store(keys[4], entry(None, 0, 20, Bound::Exact));
        assert!(tt.probe(keys[4]).is_some());
        // Depth 7 (the shallowest) gave way.
        assert!(tt.probe(keys[3]).is_none());
        assert!(tt.probe(keys[0]).is_some());
    }

    /// Tables of 2 MB or more start on a 2 MB boundary (a huge page can back them
    /// from their first byte), smaller ones on a cache line; every size comes zeroed,
    /// keeps what is stored at either end, and is freed with its own layout.
    #[test]
    fn tables_are_aligned_zeroed_and_usable_at_every_size() {
        for mb in [1, 2, 3, 64] {
            let tt = TranspositionTable::new(mb);
            let addr = tt.buckets.as_ptr() as usize;
            let align = if mb >= 2 { HUGE_PAGE } else { 64 };
            assert_eq!(addr % align, 0, "{mb} MB at {addr:#x}");
            assert_eq!(tt.len(), mb * 1024 * 1024 / 16);
            assert_eq!(tt.hashfull(), 0, "{mb} MB");
            for key in [1u64, u64::MAX - 1] {
                tt.store(key, entry(None, 7, 3, Bound::Lower));
                assert_eq!(tt.probe(key).map(|e| e.score), Some(7), "{mb} MB");
            }
        }
    }

    #[test]
    fn moves_round_trip_through_encoding() {
        for from in crate::types::ALL_SQUARES {
            for to in [Square::A1, Square::H8, Square::E4] {
                for promo in [None, Some(Piece::Knight), Some(Piece::Queen)] {
                    if from == to {
                        continue;
                    }
                    let m = ChessMove::new(from, to, promo);
                    assert_eq!(decode_move(encode_move(Some(m))), Some(m));
                }
            }
        }
        assert_eq!(decode_move(encode_move(None)), None);
    }

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let m = ChessMove::new(Square::E7, Square::E8, Some(Piece::Knight));
        tt.store(0xdead_beef_1234_5678, entry(Some(m), -417, 9, Bound::Lower));
        let e = tt.probe(0xdead_beef_1234_5678).expect("hit");
        assert_eq!(e.best_move, Some(m));
        assert_eq!(e.score, -417);
        assert_eq!(e.eval, 55);
        assert_eq!(e.depth, 9);
        assert_eq!(e.bound, Bound::Lower);
        assert!(e.pv && e.current);
        assert!(tt.probe(0x1234).is_none());
        tt.new_search();
        assert!(!tt.probe(0xdead_beef_1234_5678).unwrap().current);
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
                entry(None, 0, 1, Bound::Exact),
            );
        }
        assert!(tt.hashfull() > 900);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
        tt.clear();
        assert!(tt.probe(0x9E37_79B9_7F4A_7C15).is_none());
    }
}
