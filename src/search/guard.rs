//! The mate guard's answers, remembered by position. Reverse futility and the null move
//! stand down when the opponent has a mate in one that a static evaluation cannot see
//! ([`Position::mate_threat_or_zugzwang`]); the question costs a few legal generations,
//! about 6% of a search's instructions, and iterative deepening asks it again of the same
//! positions at each depth. The answer depends on the position alone, so a remembered
//! one is the same answer: the tree does not change, only its cost.

use crate::position::Position;

/// The table has 2^BITS slots: 128 KB. Most questions come back within an iteration or
/// the next, so a small table does: on `tiefe bench` (callgrind) 64 KB to 512 KB save
/// the same instructions to within 3M of 45M, 16 KB a fifth less.
const BITS: u32 = 14;
const SLOTS: usize = 1 << BITS;

/// A direct-mapped table of `key | answer`: the key with its lowest bit replaced by the
/// answer. An empty slot is 0, which no key but 0 and 1 can match.
pub struct GuardCache {
    slots: Box<[u64]>,
}

impl Default for GuardCache {
    fn default() -> Self {
        GuardCache::new()
    }
}

impl GuardCache {
    pub fn new() -> GuardCache {
        GuardCache {
            slots: vec![0; SLOTS].into_boxed_slice(),
        }
    }

    /// [`Position::mate_threat_or_zugzwang`] of `pos`, from the table when it holds it.
    #[inline]
    pub fn mate_threat(&mut self, pos: &Position) -> bool {
        let key = pos.key();
        // The high bits pick the slot (the low ones pick the main table's bucket).
        let slot = &mut self.slots[(key >> (64 - BITS)) as usize];
        if *slot != 0 && *slot & !1 == key & !1 {
            return *slot & 1 != 0;
        }
        let answer = pos.mate_threat_or_zugzwang();
        *slot = (key & !1) | answer as u64;
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table answers as the position does, whether asked once or again, for
    /// positions with and without the threat.
    #[test]
    fn remembers_the_positions_answer() {
        let mut cache = GuardCache::new();
        let fens = [
            // White threatens Qxf7#.
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 4 4",
            // The zugzwang of issue 23's quiet mate, after 1. Ra6.
            "kbK5/pp6/RP6/8/8/8/8/8 b - - 1 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 4 4",
        ];
        let mut answers = Vec::new();
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let want = pos.mate_threat_or_zugzwang();
            assert_eq!(cache.mate_threat(&pos), want, "{fen}");
            assert_eq!(cache.mate_threat(&pos), want, "{fen} again");
            answers.push(want);
        }
        assert_eq!(answers, [true, true, false, false]);
    }
}
