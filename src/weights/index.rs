//! The flat layout of every tuned weight (linear or inside a curve), for the tuner:
//! where each named weight (or table) of [`super`] starts, in the order of its list of
//! names ([`super::named`]).

/// [`super::PIECE_VALUE`]: 6 weights, by piece kind.
pub const PIECE_VALUE: usize = 0;
/// [`super::PSQT`]: 6 × 64 weights, `64 * kind + diagram index`.
pub const PSQT: usize = PIECE_VALUE + 6;
/// [`super::PASSED`]: 8 weights, by relative rank.
pub const PASSED: usize = PSQT + 6 * 64;
/// Where the terms begin, after material and the tables.
pub const FIRST_TERM: usize = PASSED;
/// [`super::PASSED_FREE`]: 8 weights, by relative rank.
pub const PASSED_FREE: usize = PASSED + 8;
/// [`super::PASSED_KING_THEIRS`]: 8 weights, by relative rank.
pub const PASSED_KING_THEIRS: usize = PASSED_FREE + 8;
/// [`super::PASSED_KING_OURS`]: 8 weights, by relative rank.
pub const PASSED_KING_OURS: usize = PASSED_KING_THEIRS + 8;
/// [`super::DOUBLED`]: one weight.
pub const DOUBLED: usize = PASSED_KING_OURS + 8;
/// [`super::ISOLATED`]: 2 weights, opposed and unopposed.
pub const ISOLATED: usize = DOUBLED + 1;
/// [`super::BISHOP_PAIR`]: one weight.
pub const BISHOP_PAIR: usize = ISOLATED + 2;
/// [`super::ROOK_OPEN`]: one weight.
pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
/// [`super::ROOK_HALF_OPEN`]: one weight.
pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
/// Mobility tables, one entry per count of safe squares.
pub const MOBILITY_KNIGHT: usize = ROOK_HALF_OPEN + 1;
/// [`super::MOBILITY_BISHOP`]: 14 weights, by safe squares.
pub const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9;
/// [`super::MOBILITY_ROOK`]: 15 weights, by safe squares.
pub const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14;
/// [`super::MOBILITY_QUEEN`]: 28 weights, by safe squares.
pub const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15;
/// [`super::SHIELD`]: 128 weights, by on the king's file or beside it, file and distance.
pub const SHIELD: usize = MOBILITY_QUEEN + 28;
/// [`super::BACKWARD`]: 2 weights, opposed and unopposed.
pub const BACKWARD: usize = SHIELD + 128;
/// [`super::SUPPORTED`]: 8 weights, by relative rank.
pub const SUPPORTED: usize = BACKWARD + 2;
/// [`super::PHALANX`]: 8 weights, by relative rank.
pub const PHALANX: usize = SUPPORTED + 8;
/// [`super::PASSED_BLOCKED`]: one weight.
pub const PASSED_BLOCKED: usize = PHALANX + 8;
/// [`super::STORM`]: 64 weights, by blocked, folded file and distance.
pub const STORM: usize = PASSED_BLOCKED + 1;
/// [`super::TEMPO`]: one weight.
pub const TEMPO: usize = STORM + 64;
/// [`super::PASSED_SAFE`]: 32 weights, by can advance, safe advance and rank.
pub const PASSED_SAFE: usize = TEMPO + 1;
/// [`super::CANDIDATE`]: 8 weights, by relative rank.
pub const CANDIDATE: usize = PASSED_SAFE + 32;
/// [`super::OUTPOST`]: 2 weights, knight and bishop.
pub const OUTPOST: usize = CANDIDATE + 8;
/// [`super::MINOR_BEHIND_PAWN`]: one weight.
pub const MINOR_BEHIND_PAWN: usize = OUTPOST + 2;
/// [`super::KNIGHT_KING_DISTANCE`]: 8 weights, by distance.
pub const KNIGHT_KING_DISTANCE: usize = MINOR_BEHIND_PAWN + 1;
/// [`super::KNIGHT_CLOSED`]: 9 weights, by closedness.
pub const KNIGHT_CLOSED: usize = KNIGHT_KING_DISTANCE + 8;
/// [`super::BISHOP_LONG_DIAGONAL`]: one weight.
pub const BISHOP_LONG_DIAGONAL: usize = KNIGHT_CLOSED + 9;
/// [`super::BISHOP_RAMMED_PAWNS`]: one weight.
pub const BISHOP_RAMMED_PAWNS: usize = BISHOP_LONG_DIAGONAL + 1;
/// [`super::ROOK_SEVENTH`]: one weight.
pub const ROOK_SEVENTH: usize = BISHOP_RAMMED_PAWNS + 1;
/// [`super::ROOK_CLOSED`]: 9 weights, by closedness.
pub const ROOK_CLOSED: usize = ROOK_SEVENTH + 1;
/// [`super::THREAT`]: 60 weights, by attacker kind, victim kind and defended (see
/// [`threat`]).
pub const THREAT: usize = ROOK_CLOSED + 9;
/// The slot of [`super::THREAT`] (counted from its start) for an attack by our piece
/// of kind `attacker` (pawn 0 to king 5) on their `victim` (pawn 0 to queen 4),
/// `defended` or not: `10 * attacker + 2 * victim + defended`.
pub const fn threat(attacker: usize, victim: usize, defended: bool) -> usize {
    10 * attacker + 2 * victim + defended as usize
}
/// [`super::THREAT_HANGING`]: one weight.
pub const THREAT_HANGING: usize = THREAT + 60;
/// [`super::THREAT_PAWN_PUSH`]: one weight.
pub const THREAT_PAWN_PUSH: usize = THREAT_HANGING + 1;
/// [`super::KING_PAWN_DISTANCE`]: 8 weights, by distance.
pub const KING_PAWN_DISTANCE: usize = THREAT_PAWN_PUSH + 1;
/// [`super::DANGER_ATTACKER`]: 4 weights, by kind (inside the danger curve).
pub const DANGER_ATTACKER: usize = KING_PAWN_DISTANCE + 8;
/// [`super::DANGER_SAFE_CHECK`]: 4 weights, by kind (inside the danger curve).
pub const DANGER_SAFE_CHECK: usize = DANGER_ATTACKER + 4;
/// [`super::DANGER_ZONE_HITS`]: one weight (inside the danger curve).
pub const DANGER_ZONE_HITS: usize = DANGER_SAFE_CHECK + 4;
/// [`super::DANGER_WEAK`]: one weight (inside the danger curve).
pub const DANGER_WEAK: usize = DANGER_ZONE_HITS + 1;
/// [`super::DANGER_PAWN_DEFENDERS`]: one weight (inside the danger curve).
pub const DANGER_PAWN_DEFENDERS: usize = DANGER_WEAK + 1;
/// [`super::DANGER_UNSAFE_CHECK`]: one weight (inside the danger curve).
pub const DANGER_UNSAFE_CHECK: usize = DANGER_PAWN_DEFENDERS + 1;
/// [`super::DANGER_BLOCKERS`]: one weight (inside the danger curve).
pub const DANGER_BLOCKERS: usize = DANGER_UNSAFE_CHECK + 1;
/// [`super::DANGER_FLANK_ATTACKS`]: one weight (inside the danger curve).
pub const DANGER_FLANK_ATTACKS: usize = DANGER_BLOCKERS + 1;
/// [`super::DANGER_FLANK_DEFENCE`]: one weight (inside the danger curve).
pub const DANGER_FLANK_DEFENCE: usize = DANGER_FLANK_ATTACKS + 1;
/// [`super::DANGER_NO_QUEEN`]: one weight (inside the danger curve).
pub const DANGER_NO_QUEEN: usize = DANGER_FLANK_DEFENCE + 1;
/// [`super::DANGER_BASE`]: one weight (inside the danger curve).
pub const DANGER_BASE: usize = DANGER_NO_QUEEN + 1;
/// [`super::COMPLEXITY_PAWNS`]: one weight (inside the complexity).
pub const COMPLEXITY_PAWNS: usize = DANGER_BASE + 1;
/// [`super::COMPLEXITY_FLANKS`]: one weight (inside the complexity).
pub const COMPLEXITY_FLANKS: usize = COMPLEXITY_PAWNS + 1;
/// [`super::COMPLEXITY_PAWN_ENDGAME`]: one weight (inside the complexity).
pub const COMPLEXITY_PAWN_ENDGAME: usize = COMPLEXITY_FLANKS + 1;
/// [`super::COMPLEXITY_BASE`]: one weight (inside the complexity).
pub const COMPLEXITY_BASE: usize = COMPLEXITY_PAWN_ENDGAME + 1;
/// [`super::SCALE_OCB_BISHOPS`]: one weight (a scale factor).
pub const SCALE_OCB_BISHOPS: usize = COMPLEXITY_BASE + 1;
/// [`super::SCALE_OCB_KNIGHTS`]: one weight (a scale factor).
pub const SCALE_OCB_KNIGHTS: usize = SCALE_OCB_BISHOPS + 1;
/// [`super::SCALE_OCB_ROOKS`]: one weight (a scale factor).
pub const SCALE_OCB_ROOKS: usize = SCALE_OCB_KNIGHTS + 1;
/// [`super::SCALE_LONE_QUEEN`]: one weight (a scale factor).
pub const SCALE_LONE_QUEEN: usize = SCALE_OCB_ROOKS + 1;
/// [`super::SCALE_LONE_MINOR`]: one weight (a scale factor).
pub const SCALE_LONE_MINOR: usize = SCALE_LONE_QUEEN + 1;
/// [`super::SCALE_PAWN_EDGE`]: one weight (a scale factor).
pub const SCALE_PAWN_EDGE: usize = SCALE_LONE_MINOR + 1;
/// [`super::IMBALANCE_OURS`]: 15 weights, by pair of kinds.
pub const IMBALANCE_OURS: usize = SCALE_PAWN_EDGE + 1;
/// [`super::IMBALANCE_THEIRS`]: 10 weights, by pair of kinds.
pub const IMBALANCE_THEIRS: usize = IMBALANCE_OURS + 15;
/// [`super::TRAPPED_ROOK`]: one weight.
pub const TRAPPED_ROOK: usize = IMBALANCE_THEIRS + 10;
/// [`super::WEAK_QUEEN`]: one weight.
pub const WEAK_QUEEN: usize = TRAPPED_ROOK + 1;
/// [`super::COMPLEXITY_MG`]: one weight (beside the complexity, in the middlegame).
pub const COMPLEXITY_MG: usize = WEAK_QUEEN + 1;
/// Number of weights.
pub const COUNT: usize = COMPLEXITY_MG + 1;
