//! Pawn structure: the terms that depend on the pawns alone (and each king's shelter),
//! computed once per structure and kept in a per-thread [`PawnCache`].

use super::king::king_shelter;
use super::trace::{NoTrace, Term, Trace};
use super::{
    adjacent_files, bits, front_file, pawn_attacks, relative_rank, stop_square, FILE_A, FILE_H,
};
use crate::position::Position;
use crate::score::S;
use crate::types::{get_file, Color, Piece, ALL_FILES};
use crate::weights::{
    index, BACKWARD, CANDIDATE, DOUBLED, ISOLATED, PASSED, PHALANX, SUPPORTED, WEAK_LEVER,
};

/// The terms that depend on the pawns alone, for both sides, and so can be cached by
/// pawn structure ([`PawnCache`]): doubled, isolated, backward, supported and phalanx
/// pawns, candidate passers, weak levers and the passed pawns' rank bonus; and each
/// king's shelter, which depends on the pawns and that king's square.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct PawnEval {
    white_pawns: u64,
    black_pawns: u64,
    /// White's pawn score minus Black's.
    pub(super) score: S,
    /// Every passed pawn of both sides.
    pub(super) passers: u64,
    /// [`king_shelter`] of each side, for the king on `shelter_king[c] - 1` (0: not yet
    /// computed for this structure).
    pub(super) shelter: [S; 2],
    shelter_king: [u8; 2],
}

/// The pawn terms of both sides' structures (shelters not yet computed).
pub(super) fn pawn_eval<T: Trace>(board: &Position, trace: &mut T) -> PawnEval {
    let pawns = board.pieces(Piece::Pawn).0;
    let white_pawns = pawns & board.color_combined(Color::White).0;
    let black_pawns = pawns & board.color_combined(Color::Black).0;
    let mut e = PawnEval {
        white_pawns,
        black_pawns,
        ..PawnEval::default()
    };
    for us in [Color::White, Color::Black] {
        let side = if us == Color::White {
            Side::new(us, white_pawns, black_pawns)
        } else {
            Side::new(us, black_pawns, white_pawns)
        };
        let (mut passed, mut structure) = (S::default(), S::default());
        for s in bits(side.ours) {
            let pawn = Pawn::new(&side, s);
            structure += side.pawn_structure(&pawn, trace);
            let (bonus, is_passer) = side.passer_or_candidate(&pawn, trace);
            passed += bonus;
            if is_passer {
                e.passers |= pawn.bit;
            }
        }
        structure += side.levers_and_doubled(trace);
        trace.add(us, Term::PassedPawns, passed);
        trace.add(us, Term::PawnStructure, structure);
        let sum = passed + structure;
        e.score += if us == Color::White { sum } else { -sum };
    }
    e
}

/// One side's pawns seen against the other's: what every pawn term reads.
struct Side {
    us: Color,
    ours: u64,
    theirs: u64,
    our_attacks: u64,
    their_attacks: u64,
}

/// One of our pawns: its square, its rank from our side, and the lines the terms look
/// along.
struct Pawn {
    sq: usize,
    bit: u64,
    rank: usize,
    /// The squares ahead on its file.
    ahead: u64,
    /// The squares ahead on its file and the two beside it.
    span: u64,
    /// Our pawns on the files beside it.
    neighbours: u64,
}

impl Pawn {
    fn new(side: &Side, sq: usize) -> Pawn {
        let ahead = front_file(side.us, sq);
        Pawn {
            sq,
            bit: 1u64 << sq,
            rank: relative_rank(side.us, sq) as usize,
            ahead,
            span: ahead | (ahead & !FILE_H) << 1 | (ahead & !FILE_A) >> 1,
            neighbours: adjacent_files(sq) & side.ours,
        }
    }
}

impl Side {
    fn new(us: Color, ours: u64, theirs: u64) -> Side {
        Side {
            us,
            ours,
            theirs,
            our_attacks: pawn_attacks(ours, us),
            their_attacks: pawn_attacks(theirs, !us),
        }
    }

    /// Isolated or backward (opposed or not), supported and phalanx.
    fn pawn_structure<T: Trace>(&self, pawn: &Pawn, trace: &mut T) -> S {
        let (us, r) = (self.us, pawn.rank);
        let open = (pawn.ahead & self.theirs == 0) as usize;
        let mut structure = S::default();
        if pawn.neighbours == 0 {
            structure += ISOLATED[open];
            trace.coeff(us, index::ISOLATED + open, 1);
        } else {
            // Backward: every neighbour is ahead of it (inside its span), and its stop
            // square is held by an enemy pawn, so it can neither advance nor be
            // defended.
            let stop = stop_square(us, pawn.sq);
            if pawn.neighbours & !pawn.span == 0 && self.their_attacks & (1u64 << stop) != 0 {
                structure += BACKWARD[open];
                trace.coeff(us, index::BACKWARD + open, 1);
            }
        }
        if self.our_attacks & pawn.bit != 0 {
            structure += SUPPORTED[r];
            trace.coeff(us, index::SUPPORTED + r, 1);
        }
        let level = 0xFFu64 << (pawn.sq & !7);
        if pawn.neighbours & level != 0 {
            structure += PHALANX[r];
            trace.coeff(us, index::PHALANX + r, 1);
        }
        structure
    }

    /// The passed pawn's rank bonus or the candidate's, and whether it is passed.
    fn passer_or_candidate<T: Trace>(&self, pawn: &Pawn, trace: &mut T) -> (S, bool) {
        let (us, r) = (self.us, pawn.rank);
        if pawn.span & self.theirs == 0 && pawn.ahead & self.ours == 0 {
            trace.coeff(us, index::PASSED + r, 1);
            return (PASSED[r], true);
        }
        if pawn.ahead & (self.ours | self.theirs) == 0 {
            // A candidate: its file is open ahead, and the enemy pawns that guard its
            // way are no more than our pawns beside or behind it to back it.
            let sentries = (pawn.span & !pawn.ahead & self.theirs).count_ones();
            let helpers = (pawn.neighbours & !pawn.span).count_ones();
            if helpers >= sentries {
                trace.coeff(us, index::CANDIDATE + r, 1);
                return (CANDIDATE[r], false);
            }
        }
        (S::default(), false)
    }

    /// The terms read off all our pawns at once: weak levers (attacked by two of their
    /// pawns, defended by none of ours) and doubled pawns.
    fn levers_and_doubled<T: Trace>(&self, trace: &mut T) -> S {
        let twice = pawn_double_attacks(self.theirs, !self.us);
        let levers = (self.ours & twice & !self.our_attacks).count_ones() as i32;
        let mut structure = WEAK_LEVER * levers;
        trace.coeff(self.us, index::WEAK_LEVER, levers);
        for f in ALL_FILES {
            let n = (get_file(f).0 & self.ours).count_ones() as i32;
            if n > 1 {
                structure += DOUBLED * (n - 1);
                trace.coeff(self.us, index::DOUBLED, n - 1);
            }
        }
        structure
    }
}

/// The squares that two of `color`'s `pawns` attack at once.
#[inline(always)]
fn pawn_double_attacks(pawns: u64, color: Color) -> u64 {
    if color == Color::White {
        ((pawns & !FILE_A) << 7) & ((pawns & !FILE_H) << 9)
    } else {
        ((pawns & !FILE_A) >> 9) & ((pawns & !FILE_H) >> 7)
    }
}

/// A small per-thread cache of the pawn terms by pawn structure. Entries hold both
/// sides' pawn sets, so a hit is exact: a collision costs only a recomputation.
pub struct PawnCache {
    entries: Vec<PawnEval>,
}

/// Entries in a [`PawnCache`]: 8192 of 40 bytes (two pawn sets and the passers, three
/// pairs, two king squares, padded to 8 bytes), 320 KiB a thread.
const PAWN_CACHE_SIZE: usize = 1 << 13;
// The size said above, checked where it is said.
const _: () = assert!(PAWN_CACHE_SIZE * std::mem::size_of::<PawnEval>() == 320 << 10);

impl Default for PawnCache {
    fn default() -> Self {
        PawnCache::new()
    }
}

impl PawnCache {
    /// An empty cache (of `PAWN_CACHE_SIZE` entries).
    pub fn new() -> PawnCache {
        // An empty entry (no pawns at all, score 0, no passers) is a true entry of the
        // pawnless structure, so a zeroed table needs no "empty" marker.
        PawnCache {
            entries: vec![PawnEval::default(); PAWN_CACHE_SIZE],
        }
    }

    /// The slot of the pawns keyed `pawn_key`, for the probe and the prefetch alike.
    #[inline]
    fn slot(pawn_key: u64) -> usize {
        pawn_key as usize & (PAWN_CACHE_SIZE - 1)
    }

    /// Starts loading the entry of the pawns keyed `pawn_key` (see [`crate::prefetch`]).
    #[inline]
    pub fn prefetch(&self, pawn_key: u64) {
        crate::prefetch::prefetch(&self.entries[Self::slot(pawn_key)]);
    }

    /// The pawn terms of `pos`, shelters included: from the cache when it holds them
    /// (a king that moved within the same structure has its shelter computed again).
    #[inline]
    pub(super) fn probe(&mut self, pos: &Position) -> PawnEval {
        let pawns = pos.pieces(Piece::Pawn).0;
        let white = pawns & pos.color_combined(Color::White).0;
        let black = pawns & pos.color_combined(Color::Black).0;
        let slot = &mut self.entries[Self::slot(pos.pawn_key())];
        if slot.white_pawns != white || slot.black_pawns != black {
            *slot = pawn_eval(pos, &mut NoTrace);
        }
        for us in [Color::White, Color::Black] {
            let (c, king) = (us.to_index(), pos.king_square(us).to_index() as u8 + 1);
            if slot.shelter_king[c] != king {
                slot.shelter[c] = king_shelter(pos, us, &mut NoTrace);
                slot.shelter_king[c] = king;
            }
        }
        *slot
    }
}
