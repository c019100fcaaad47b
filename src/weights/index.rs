//! The flat layout of every tuned weight (linear or inside a curve), for the tuner:
//! where each named weight (or table) of [`super`] starts, read off its list of names
//! ([`super::named`]) at compile time, so that a list added, moved or resized there
//! moves every index after it.

/// [`super::PIECE_VALUE`]: 6 weights, by piece kind.
pub const PIECE_VALUE: usize = super::start_of("PIECE_VALUE");
/// [`super::PSQT`]: 6 × 64 weights, `64 * kind + diagram index`.
pub const PSQT: usize = super::start_of("PSQT");
/// [`super::PASSED`]: 8 weights, by relative rank.
pub const PASSED: usize = super::start_of("PASSED");
/// Where the terms begin, after material and the tables.
pub const FIRST_TERM: usize = PASSED;
/// [`super::PASSED_FREE`]: 8 weights, by relative rank.
pub const PASSED_FREE: usize = super::start_of("PASSED_FREE");
/// [`super::PASSED_KING_THEIRS`]: 8 weights, by relative rank.
pub const PASSED_KING_THEIRS: usize = super::start_of("PASSED_KING_THEIRS");
/// [`super::PASSED_KING_OURS`]: 8 weights, by relative rank.
pub const PASSED_KING_OURS: usize = super::start_of("PASSED_KING_OURS");
/// [`super::DOUBLED`]: one weight.
pub const DOUBLED: usize = super::start_of("DOUBLED");
/// [`super::ISOLATED`]: 2 weights, opposed and unopposed.
pub const ISOLATED: usize = super::start_of("ISOLATED");
/// [`super::BISHOP_PAIR`]: one weight.
pub const BISHOP_PAIR: usize = super::start_of("BISHOP_PAIR");
/// [`super::ROOK_OPEN`]: one weight.
pub const ROOK_OPEN: usize = super::start_of("ROOK_OPEN");
/// [`super::ROOK_HALF_OPEN`]: one weight.
pub const ROOK_HALF_OPEN: usize = super::start_of("ROOK_HALF_OPEN");
/// Mobility tables, one entry per count of safe squares.
pub const MOBILITY_KNIGHT: usize = super::start_of("MOBILITY_KNIGHT");
/// [`super::MOBILITY_BISHOP`]: 14 weights, by safe squares.
pub const MOBILITY_BISHOP: usize = super::start_of("MOBILITY_BISHOP");
/// [`super::MOBILITY_ROOK`]: 15 weights, by safe squares.
pub const MOBILITY_ROOK: usize = super::start_of("MOBILITY_ROOK");
/// [`super::MOBILITY_QUEEN`]: 28 weights, by safe squares.
pub const MOBILITY_QUEEN: usize = super::start_of("MOBILITY_QUEEN");
/// [`super::SHIELD`]: 128 weights, by on the king's file or beside it, file and distance.
pub const SHIELD: usize = super::start_of("SHIELD");
/// [`super::BACKWARD`]: 2 weights, opposed and unopposed.
pub const BACKWARD: usize = super::start_of("BACKWARD");
/// [`super::SUPPORTED`]: 8 weights, by relative rank.
pub const SUPPORTED: usize = super::start_of("SUPPORTED");
/// [`super::PHALANX`]: 8 weights, by relative rank.
pub const PHALANX: usize = super::start_of("PHALANX");
/// [`super::PASSED_BLOCKED`]: one weight.
pub const PASSED_BLOCKED: usize = super::start_of("PASSED_BLOCKED");
/// [`super::STORM`]: 64 weights, by blocked, folded file and distance.
pub const STORM: usize = super::start_of("STORM");
/// [`super::TEMPO`]: one weight.
pub const TEMPO: usize = super::start_of("TEMPO");
/// [`super::PASSED_SAFE`]: 32 weights, by can advance, safe advance and rank.
pub const PASSED_SAFE: usize = super::start_of("PASSED_SAFE");
/// [`super::CANDIDATE`]: 8 weights, by relative rank.
pub const CANDIDATE: usize = super::start_of("CANDIDATE");
/// [`super::OUTPOST`]: 2 weights, knight and bishop.
pub const OUTPOST: usize = super::start_of("OUTPOST");
/// [`super::MINOR_BEHIND_PAWN`]: one weight.
pub const MINOR_BEHIND_PAWN: usize = super::start_of("MINOR_BEHIND_PAWN");
/// [`super::KNIGHT_KING_DISTANCE`]: 8 weights, by distance.
pub const KNIGHT_KING_DISTANCE: usize = super::start_of("KNIGHT_KING_DISTANCE");
/// [`super::KNIGHT_CLOSED`]: 9 weights, by closedness.
pub const KNIGHT_CLOSED: usize = super::start_of("KNIGHT_CLOSED");
/// [`super::BISHOP_LONG_DIAGONAL`]: one weight.
pub const BISHOP_LONG_DIAGONAL: usize = super::start_of("BISHOP_LONG_DIAGONAL");
/// [`super::BISHOP_RAMMED_PAWNS`]: one weight.
pub const BISHOP_RAMMED_PAWNS: usize = super::start_of("BISHOP_RAMMED_PAWNS");
/// [`super::ROOK_SEVENTH`]: one weight.
pub const ROOK_SEVENTH: usize = super::start_of("ROOK_SEVENTH");
/// [`super::ROOK_CLOSED`]: 9 weights, by closedness.
pub const ROOK_CLOSED: usize = super::start_of("ROOK_CLOSED");
/// [`super::THREAT`]: 60 weights, by attacker kind, victim kind and defended (see
/// [`threat`]).
pub const THREAT: usize = super::start_of("THREAT");
/// The slot of [`super::THREAT`] (counted from its start) for an attack by our piece
/// of kind `attacker` (pawn 0 to king 5) on their `victim` (pawn 0 to queen 4),
/// `defended` or not: `10 * attacker + 2 * victim + defended`.
pub const fn threat(attacker: usize, victim: usize, defended: bool) -> usize {
    10 * attacker + 2 * victim + defended as usize
}
/// [`super::THREAT_HANGING`]: one weight.
pub const THREAT_HANGING: usize = super::start_of("THREAT_HANGING");
/// [`super::THREAT_PAWN_PUSH`]: one weight.
pub const THREAT_PAWN_PUSH: usize = super::start_of("THREAT_PAWN_PUSH");
/// [`super::KING_PAWN_DISTANCE`]: 8 weights, by distance.
pub const KING_PAWN_DISTANCE: usize = super::start_of("KING_PAWN_DISTANCE");
/// [`super::DANGER_ATTACKER`]: 4 weights, by kind (inside the danger curve).
pub const DANGER_ATTACKER: usize = super::start_of("DANGER_ATTACKER");
/// [`super::DANGER_SAFE_CHECK`]: 4 weights, by kind (inside the danger curve).
pub const DANGER_SAFE_CHECK: usize = super::start_of("DANGER_SAFE_CHECK");
/// [`super::DANGER_ZONE_HITS`]: one weight (inside the danger curve).
pub const DANGER_ZONE_HITS: usize = super::start_of("DANGER_ZONE_HITS");
/// [`super::DANGER_WEAK`]: one weight (inside the danger curve).
pub const DANGER_WEAK: usize = super::start_of("DANGER_WEAK");
/// [`super::DANGER_PAWN_DEFENDERS`]: one weight (inside the danger curve).
pub const DANGER_PAWN_DEFENDERS: usize = super::start_of("DANGER_PAWN_DEFENDERS");
/// [`super::DANGER_UNSAFE_CHECK`]: one weight (inside the danger curve).
pub const DANGER_UNSAFE_CHECK: usize = super::start_of("DANGER_UNSAFE_CHECK");
/// [`super::DANGER_BLOCKERS`]: one weight (inside the danger curve).
pub const DANGER_BLOCKERS: usize = super::start_of("DANGER_BLOCKERS");
/// [`super::DANGER_FLANK_ATTACKS`]: one weight (inside the danger curve).
pub const DANGER_FLANK_ATTACKS: usize = super::start_of("DANGER_FLANK_ATTACKS");
/// [`super::DANGER_FLANK_DEFENCE`]: one weight (inside the danger curve).
pub const DANGER_FLANK_DEFENCE: usize = super::start_of("DANGER_FLANK_DEFENCE");
/// [`super::DANGER_NO_QUEEN`]: one weight (inside the danger curve).
pub const DANGER_NO_QUEEN: usize = super::start_of("DANGER_NO_QUEEN");
/// [`super::DANGER_BASE`]: one weight (inside the danger curve).
pub const DANGER_BASE: usize = super::start_of("DANGER_BASE");
/// [`super::COMPLEXITY_PAWNS`]: one weight (inside the complexity).
pub const COMPLEXITY_PAWNS: usize = super::start_of("COMPLEXITY_PAWNS");
/// [`super::COMPLEXITY_FLANKS`]: one weight (inside the complexity).
pub const COMPLEXITY_FLANKS: usize = super::start_of("COMPLEXITY_FLANKS");
/// [`super::COMPLEXITY_PAWN_ENDGAME`]: one weight (inside the complexity).
pub const COMPLEXITY_PAWN_ENDGAME: usize = super::start_of("COMPLEXITY_PAWN_ENDGAME");
/// [`super::COMPLEXITY_BASE`]: one weight (inside the complexity).
pub const COMPLEXITY_BASE: usize = super::start_of("COMPLEXITY_BASE");
/// [`super::SCALE_OCB_BISHOPS`]: one weight (a scale factor).
pub const SCALE_OCB_BISHOPS: usize = super::start_of("SCALE_OCB_BISHOPS");
/// [`super::SCALE_OCB_KNIGHTS`]: one weight (a scale factor).
pub const SCALE_OCB_KNIGHTS: usize = super::start_of("SCALE_OCB_KNIGHTS");
/// [`super::SCALE_OCB_ROOKS`]: one weight (a scale factor).
pub const SCALE_OCB_ROOKS: usize = super::start_of("SCALE_OCB_ROOKS");
/// [`super::SCALE_LONE_QUEEN`]: one weight (a scale factor).
pub const SCALE_LONE_QUEEN: usize = super::start_of("SCALE_LONE_QUEEN");
/// [`super::SCALE_LONE_MINOR`]: one weight (a scale factor).
pub const SCALE_LONE_MINOR: usize = super::start_of("SCALE_LONE_MINOR");
/// [`super::SCALE_PAWN_EDGE`]: one weight (a scale factor).
pub const SCALE_PAWN_EDGE: usize = super::start_of("SCALE_PAWN_EDGE");
/// [`super::IMBALANCE_OURS`]: 15 weights, by pair of kinds.
pub const IMBALANCE_OURS: usize = super::start_of("IMBALANCE_OURS");
/// [`super::IMBALANCE_THEIRS`]: 10 weights, by pair of kinds.
pub const IMBALANCE_THEIRS: usize = super::start_of("IMBALANCE_THEIRS");
/// [`super::TRAPPED_ROOK`]: one weight.
pub const TRAPPED_ROOK: usize = super::start_of("TRAPPED_ROOK");
/// [`super::WEAK_QUEEN`]: one weight.
pub const WEAK_QUEEN: usize = super::start_of("WEAK_QUEEN");
/// [`super::COMPLEXITY_MG`]: one weight (beside the complexity, in the middlegame).
pub const COMPLEXITY_MG: usize = super::start_of("COMPLEXITY_MG");
/// [`super::THREAT_RESTRICTED`]: one weight.
pub const THREAT_RESTRICTED: usize = super::start_of("THREAT_RESTRICTED");
/// [`super::THREAT_KNIGHT_ON_QUEEN`]: one weight.
pub const THREAT_KNIGHT_ON_QUEEN: usize = super::start_of("THREAT_KNIGHT_ON_QUEEN");
/// [`super::THREAT_SLIDER_ON_QUEEN`]: one weight.
pub const THREAT_SLIDER_ON_QUEEN: usize = super::start_of("THREAT_SLIDER_ON_QUEEN");
/// [`super::OUTPOST_REACHABLE`]: one weight.
pub const OUTPOST_REACHABLE: usize = super::start_of("OUTPOST_REACHABLE");
/// [`super::WEAK_LEVER`]: one weight.
pub const WEAK_LEVER: usize = super::start_of("WEAK_LEVER");
/// [`super::PAWNLESS_FLANK`]: one weight.
pub const PAWNLESS_FLANK: usize = super::start_of("PAWNLESS_FLANK");
/// [`super::ROOK_QUEEN_FILE`]: one weight.
pub const ROOK_QUEEN_FILE: usize = super::start_of("ROOK_QUEEN_FILE");
/// [`super::BISHOP_KING_DISTANCE`]: 8 weights, by distance.
pub const BISHOP_KING_DISTANCE: usize = super::start_of("BISHOP_KING_DISTANCE");
/// Number of weights.
pub const COUNT: usize = super::weight_count();
