//! Every weight of the evaluation, in one place.
//!
//! Each weight is a middlegame/endgame pair ([`S`]). The piece-square tables started as
//! the published PeSTO tables (Ronald Friederich's Rofchade, Texel-tuned) and stay the
//! core; the terms below them were first set by hand and kept because they won games.
//! Every weight here was then tuned together by `tiefe tune` (to Tiefe's own search
//! scores: `--lambda 0 --l2 0.001`; see `docs/strength.md`), which moved the tables by
//! at most 11 cp. A tuner that rewrites this file keeps its shape: the tables as
//! diagrams seen from White (first row = rank 8), then the terms, each named.

use super::S;

/// Material per piece kind (pawn, knight, bishop, rook, queen, king).
pub const PIECE_VALUE: [S; 6] = [
    S(74, 115),
    S(331, 307),
    S(354, 321),
    S(467, 544),
    S(1036, 959),
    S(0, 0),
];

/// Square bonuses per piece kind, as diagrams from White's side: a white piece on
/// square `s` (a1 = 0) reads index `s ^ 56`, a black piece index `s`.
#[rustfmt::skip]
pub const PSQT: [[S; 64]; 6] = [
    [ // pawn
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
        S(  97, 165), S( 131, 165), S(  62, 159), S(  95, 132), S(  68, 145), S( 126, 132), S(  33, 163), S( -12, 175),
        S(  -5,  89), S(   7,  95), S(  23,  79), S(  32,  65), S(  62,  56), S(  54,  54), S(  25,  78), S( -16,  80),
        S( -11,  32), S(   9,  24), S(   4,  12), S(  18,   2), S(  20,   2), S(  15,  11), S(  15,  19), S( -15,  20),
        S( -22,  17), S(  -7,  15), S(   0,  -6), S(  10, -10), S(  14, -11), S(  11,  -5), S(   7,   8), S( -21,   5),
        S( -22,  10), S( -10,   5), S(  -7,  -4), S( -14,   0), S(  -2,   2), S(  -1,  -1), S(  26,  -3), S( -12,  -3),
        S( -25,  18), S(  -2,  12), S( -16,  10), S( -20,  11), S( -14,  16), S(  21,   9), S(  33,   6), S( -13,   6),
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
    ],
    [ // knight
        S(-167, -58), S( -89, -37), S( -34, -12), S( -48, -26), S(  61, -30), S( -97, -26), S( -15, -62), S(-107, -99),
        S( -68, -22), S( -40,  -6), S(  69, -24), S(  35,  -2), S(  23,  -5), S(  62, -24), S(   6, -23), S( -15, -50),
        S( -45, -21), S(  54, -21), S(  36,  10), S(  62,   7), S(  80,  -3), S( 124, -15), S(  68, -18), S(  43, -40),
        S(  -5, -13), S(  15,   3), S(  19,  21), S(  42,  16), S(  29,  18), S(  62,   2), S(  14,   8), S(  24, -16),
        S(  -6, -15), S(   6,  -3), S(  19,  19), S(  14,  19), S(  25,  15), S(  23,  15), S(  22,   3), S(  -1, -16),
        S( -20, -22), S(  -6,   0), S(   6,  -1), S(  12,  13), S(  18,  10), S(   9,  -2), S(  23, -17), S( -14, -21),
        S( -28, -42), S( -51, -19), S( -12,  -8), S(   0,  -6), S(   2,  -3), S(  13, -20), S( -13, -21), S( -17, -42),
        S(-105, -28), S( -21, -49), S( -55, -21), S( -30, -14), S( -15, -19), S( -24, -15), S( -19, -48), S( -23, -64),
    ],
    [ // bishop
        S( -29, -13), S(   4, -18), S( -81,  -6), S( -37,  -7), S( -25,  -5), S( -42,  -6), S(   7, -15), S(  -8, -23),
        S( -24,  -6), S(  13,  -5), S( -16,  10), S( -13, -10), S(  28,  -3), S(  57, -11), S(  16,  -4), S( -45, -14),
        S( -14,   2), S(  35,  -5), S(  38,  -3), S(  38,  -1), S(  34,   0), S(  45,   2), S(  36,  -1), S(   3,   5),
        S(  -2,   1), S(   7,   9), S(  18,  10), S(  41,   3), S(  29,   8), S(  32,   4), S(   8,   4), S(  -2,  -1),
        S(  -3,  -5), S(  11,   5), S(  10,  12), S(  19,  11), S(  28,   0), S(  12,   8), S(  10,  -2), S(   7,  -7),
        S(   4, -10), S(  17,   1), S(  13,  10), S(  10,   5), S(   9,  13), S(  22,   0), S(  19,  -6), S(  12, -13),
        S(   6, -11), S(  15, -15), S(  14,  -7), S(   2,   1), S(   9,   0), S(  21,  -7), S(  27, -14), S(   3, -26),
        S( -30, -21), S(   0,  -8), S(  -5, -18), S( -18,  -2), S(  -8,  -5), S(  -5, -13), S( -37,  -4), S( -16, -15),
    ],
    [ // rook
        S(  31,  12), S(  42,   7), S(  30,  11), S(  49,   9), S(  60,   6), S(  10,  14), S(  31,   7), S(  43,   6),
        S(  26,  14), S(  30,  12), S(  53,   6), S(  59,   6), S(  76,  -5), S(  66,   3), S(  24,   7), S(  44,   5),
        S(  -1,  18), S(  22,  12), S(  26,  10), S(  35,   6), S(  19,   8), S(  46,   1), S(  60,  -1), S(  16,   3),
        S( -19,  16), S(  -6,  11), S(   6,  14), S(  23,   1), S(  22,   3), S(  33,   3), S(  -5,   6), S( -17,   9),
        S( -32,   9), S( -23,   9), S( -13,  10), S(  -1,   6), S(   5,  -3), S(  -5,  -2), S(   5,  -7), S( -22,  -7),
        S( -40,   1), S( -23,   0), S( -15,  -1), S( -15,   1), S(  -1,  -9), S(  -2, -11), S(  -6,  -8), S( -30, -15),
        S( -40,  -4), S( -16,  -6), S( -20,  -2), S( -10,  -2), S(  -2, -11), S(   6, -13), S(  -9, -13), S( -64,  -1),
        S( -16,  -8), S(  -8,  -4), S(  -3,  -4), S(   6, -10), S(   7, -13), S(  -3, -11), S( -31,   2), S( -18, -25),
    ],
    [ // queen
        S( -27,  -8), S(   0,  22), S(  28,  22), S(  12,  27), S(  57,  25), S(  44,  19), S(  43,  10), S(  45,  20),
        S( -22, -15), S( -33,  23), S(  -5,  33), S(   3,  43), S( -15,  59), S(  57,  25), S(  27,  29), S(  52,  -1),
        S( -11, -17), S( -13,   9), S(   8,  12), S(   7,  48), S(  28,  46), S(  54,  34), S(  45,  19), S(  51,   7),
        S( -24,   6), S( -18,  26), S( -14,  26), S( -12,  46), S(  -1,  56), S(  14,  38), S(   0,  57), S(   3,  37),
        S(  -5, -16), S( -22,  30), S(  -6,  21), S( -12,  46), S(  -2,  32), S(  -3,  35), S(   1,  39), S(  -2,  24),
        S( -13, -15), S(   1, -25), S( -10,  16), S(  -2,   6), S(  -4,   9), S(  -1,  18), S(  10,   8), S(   2,   4),
        S( -32, -21), S(  -7, -23), S(   6, -31), S(   2, -17), S(   4, -18), S(  12, -26), S(  -2, -36), S(   1, -32),
        S(  -3, -35), S( -15, -28), S(  -8, -23), S(   1, -43), S( -14,  -5), S( -23, -32), S( -31, -20), S( -49, -40),
    ],
    [ // king
        S( -65, -74), S(  23, -34), S(  16, -18), S( -15, -16), S( -56,  -9), S( -32,  19), S(   2,   6), S(  13, -22),
        S(  29, -10), S(  -1,  19), S( -20,  16), S(  -7,  19), S(  -8,  17), S(  -6,  33), S( -37,  28), S( -29,  14),
        S(  -8,  13), S(  24,  20), S(   2,  24), S( -16,  17), S( -20,  20), S(   3,  30), S(  18,  29), S( -22,  17),
        S( -17,  -6), S( -20,  24), S( -13,  23), S( -29,  24), S( -33,  18), S( -26,  31), S( -14,  29), S( -35,   7),
        S( -48, -14), S(   0,  -3), S( -29,  17), S( -40,  17), S( -47,  23), S( -44,  23), S( -31,  18), S( -48,  -3),
        S( -14, -19), S( -13,   4), S( -23,  10), S( -47,  13), S( -46,  12), S( -31,  13), S( -14,   8), S( -26,  -5),
        S(   2, -23), S(   7,  -9), S(  -8,  -3), S( -58,   7), S( -41,   5), S( -15,   1), S(  11,  -3), S(  12, -17),
        S( -15, -50), S(  30, -31), S(   9, -19), S( -51, -12), S(  -3, -31), S( -24, -14), S(  21, -19), S(  17, -34),
    ],
];

/// A passed pawn, by its rank counted from its own side (index 0 = first rank).
pub const PASSED: [S; 8] = [
    S(0, 0),
    S(0, 19),
    S(-1, 28),
    S(1, 44),
    S(16, 72),
    S(35, 82),
    S(45, 73),
    S(0, 0),
];
/// Extra for a passed pawn whose path to promotion holds no piece at all.
pub const PASSED_FREE: [S; 8] = [
    S(0, 0),
    S(-1, 5),
    S(-2, 6),
    S(-5, 13),
    S(3, 23),
    S(15, 38),
    S(21, 46),
    S(0, 0),
];
/// Per square of king distance to a passed pawn's stop square, scaled by how far the
/// pawn has come: the defending king far away is good, our own king far away is bad.
/// This one counts the enemy king's distance (in king moves), times r − 2 for a pawn
/// on relative rank r ≥ 3 (0-based: its fourth rank or beyond).
pub const PASSED_KING_THEIRS: S = S(1, 12);
/// Per square of our own king's distance to a passed pawn's stop square, scaled like
/// [`PASSED_KING_THEIRS`].
pub const PASSED_KING_OURS: S = S(1, -9);
/// Each pawn beyond the first on one file.
pub const DOUBLED: S = S(-14, -16);
/// A pawn with no friendly pawn on either neighbouring file.
pub const ISOLATED: S = S(-7, -5);
/// Two bishops.
pub const BISHOP_PAIR: S = S(18, 49);
/// A rook on a file with no pawn.
pub const ROOK_OPEN: S = S(28, -1);
/// A rook on a file with enemy pawns only.
pub const ROOK_HALF_OPEN: S = S(12, 15);
/// Mobility by the number of safe squares a piece reaches (squares not held by our
/// pieces nor attacked by enemy pawns): a table per piece, indexed by that count, so
/// that the tuner can bend what a straight line per square cannot (a trapped piece is
/// worse than linear, the tenth square worth less than the third). The hand-set start
/// was a straight line through zero at a typical count. This is the knight's (0 to 8
/// squares).
pub const MOBILITY_KNIGHT: [S; 9] = [
    S(-21, -18),
    S(-10, -13),
    S(-4, -1),
    S(-2, 8),
    S(2, 11),
    S(5, 11),
    S(6, 16),
    S(10, 11),
    S(11, 2),
];
/// A bishop's mobility by its number of safe squares (0 to 13); see
/// [`MOBILITY_KNIGHT`].
pub const MOBILITY_BISHOP: [S; 14] = [
    S(-25, -34),
    S(-18, -24),
    S(-13, -14),
    S(-9, -3),
    S(-6, 0),
    S(-3, 9),
    S(-2, 12),
    S(0, 17),
    S(3, 13),
    S(5, 15),
    S(14, 12),
    S(19, 10),
    S(29, 25),
    S(30, 19),
];
/// A rook's mobility by its number of safe squares (0 to 14); see [`MOBILITY_KNIGHT`].
pub const MOBILITY_ROOK: [S; 15] = [
    S(-21, -31),
    S(-12, -26),
    S(-8, -19),
    S(-5, -15),
    S(-5, -7),
    S(-2, -1),
    S(-1, 5),
    S(2, 7),
    S(2, 11),
    S(4, 14),
    S(3, 17),
    S(4, 21),
    S(7, 21),
    S(9, 20),
    S(12, 15),
];
/// A queen's mobility by its number of safe squares (0 to 27); see
/// [`MOBILITY_KNIGHT`].
pub const MOBILITY_QUEEN: [S; 28] = [
    S(-13, -26),
    S(-11, -24),
    S(-12, -22),
    S(-12, -21),
    S(-10, -19),
    S(-9, -18),
    S(-7, -14),
    S(-7, -12),
    S(-5, -10),
    S(-4, -8),
    S(-1, -5),
    S(-1, -2),
    S(0, 0),
    S(1, 4),
    S(3, 7),
    S(3, 8),
    S(5, 10),
    S(6, 12),
    S(7, 13),
    S(7, 15),
    S(8, 16),
    S(8, 15),
    S(10, 18),
    S(10, 20),
    S(11, 21),
    S(11, 23),
    S(13, 26),
    S(14, 27),
];
/// Our pawns in front of our king (on its file and the next ones), one and two ranks
/// ahead of it.
pub const SHIELD: [S; 2] = [S(15, -10), S(7, -5)];
/// A piece of theirs (knight, bishop, rook, queen) attacked by one of our pawns.
pub const THREAT_BY_PAWN: S = S(48, 31);
/// A rook or queen of theirs attacked by one of our knights or bishops.
pub const THREAT_BY_MINOR: S = S(34, 18);
/// A queen of theirs attacked by one of our rooks.
pub const THREAT_BY_ROOK: S = S(32, 19);
/// A pawn whose neighbours have all advanced past it and whose stop square an enemy
/// pawn holds.
pub const BACKWARD: S = S(-4, -7);
/// A pawn defended by one of our pawns.
pub const SUPPORTED: S = S(11, 10);
/// A pawn with one of ours beside it on its rank (each pawn of the pair counts).
pub const PHALANX: S = S(4, 6);
/// A passed pawn whose stop square holds an enemy piece.
pub const PASSED_BLOCKED: S = S(-6, -19);
/// Their pawns on our king's file and the next ones, one, two and three ranks ahead
/// of it.
pub const STORM: [S; 3] = [S(-7, 10), S(-9, 2), S(1, -1)];
/// The side to move's edge.
pub const TEMPO: S = S(18, 10);
/// A passed pawn whose stop square is empty and not attacked by the enemy, by rank.
pub const PASSED_SAFE: [S; 8] = [
    S(0, 0),
    S(0, 4),
    S(-2, 5),
    S(1, 10),
    S(2, 11),
    S(3, 14),
    S(2, 8),
    S(0, 0),
];
/// A pawn that is not passed but could become so: its file is open ahead and the
/// enemy pawns guarding its way are no more than ours backing it, by rank.
pub const CANDIDATE: [S; 8] = [
    S(0, 0),
    S(1, -1),
    S(0, 1),
    S(2, 6),
    S(3, 8),
    S(0, 1),
    S(0, 0),
    S(0, 0),
];
/// A knight or bishop (in that order) on an outpost: on its fourth to sixth rank,
/// defended by a pawn, out of reach of every enemy pawn.
pub const OUTPOST: [S; 2] = [S(8, 7), S(10, 7)];
/// A knight or bishop with a pawn (of either side) right in front of it.
pub const MINOR_BEHIND_PAWN: S = S(2, 13);
/// A knight by its distance (king steps) to the nearest king.
pub const KNIGHT_KING_DISTANCE: [S; 8] = [
    S(0, 0),
    S(1, 1),
    S(0, 0),
    S(-1, 4),
    S(-3, 4),
    S(-1, 3),
    S(3, 3),
    S(0, 0),
];
/// A knight by how closed the position is (pawns blocked head-on, 0 to 8).
pub const KNIGHT_CLOSED: [S; 9] = [
    S(0, 0),
    S(-1, 8),
    S(1, 5),
    S(-1, 2),
    S(0, -1),
    S(0, 0),
    S(0, 0),
    S(0, 0),
    S(0, 0),
];
/// A bishop on a long diagonal that sees both centre squares of it past the pawns.
pub const BISHOP_LONG_DIAGONAL: S = S(3, -1);
/// Per pawn of ours blocked head-on by an enemy pawn on a square of our bishop's
/// colour.
pub const BISHOP_RAMMED_PAWNS: S = S(0, -6);
/// A rook on the seventh rank with the enemy king on the eighth or enemy pawns on
/// the seventh.
pub const ROOK_SEVENTH: S = S(-9, 12);
/// A rook by how closed the position is (pawns blocked head-on, 0 to 8).
pub const ROOK_CLOSED: [S; 9] = [
    S(-1, 9),
    S(-3, 11),
    S(-2, 1),
    S(-1, -1),
    S(0, 0),
    S(1, 1),
    S(0, 0),
    S(0, 0),
    S(0, 0),
];
/// An enemy pawn we attack that nothing defends.
pub const THREAT_WEAK_PAWN: S = S(13, 34);
/// An enemy knight or bishop attacked by one of our knights or bishops.
pub const THREAT_MINOR_BY_MINOR: S = S(16, 25);
/// An enemy knight or bishop attacked by one of our rooks or queens.
pub const THREAT_MINOR_BY_MAJOR: S = S(4, 14);
/// An enemy queen attacked by anything of ours.
pub const THREAT_QUEEN: S = S(9, 6);
/// An enemy knight, bishop, rook or queen we attack that nothing defends.
pub const THREAT_HANGING: S = S(18, 8);
/// An enemy piece or pawn our king attacks that nothing defends.
pub const THREAT_BY_KING: S = S(13, 21);
/// An enemy knight, bishop, rook or queen that one of our pawns would attack after a
/// safe push.
pub const THREAT_PAWN_PUSH: S = S(11, 10);
/// Our king's distance (in king steps) to the nearest pawn of either side.
pub const KING_PAWN_DISTANCE: [S; 8] = [
    S(0, 0),
    S(3, 17),
    S(4, 12),
    S(0, -2),
    S(-3, -14),
    S(-2, -8),
    S(-2, -5),
    S(0, -1),
];

// The danger to a king is a count, the sum of the weights below over what the enemy
// brings against it; the count becomes a score through a curve, −count² / 720 in the
// middlegame and −count / 20 in the endgame (negative counts are no danger). Each is a
// middlegame/endgame pair of counts, not of centipawns.

/// Enemy knights, bishops, rooks and queens that hit the king's zone (the king's
/// square and its neighbours), by kind.
pub const DANGER_ATTACKER: [S; 4] = [S(14, 15), S(8, 7), S(12, 11), S(8, 8)];
/// Safe checks the enemy has (onto squares we do not defend, or weak squares they hit
/// twice), by the checking piece's kind: knight, bishop, rook, queen.
pub const DANGER_SAFE_CHECK: [S; 4] = [S(99, 100), S(51, 50), S(90, 91), S(67, 89)];
/// Each square of the king's zone hit by an enemy piece, counted per piece.
pub const DANGER_ZONE_HITS: S = S(26, 42);
/// Weak squares of the zone: attacked, and defended at most by our king or queen.
pub const DANGER_WEAK: S = S(19, 35);
/// Our pawns in the zone on squares that are not weak.
pub const DANGER_PAWN_DEFENDERS: S = S(-18, -19);
/// The enemy has no queen.
pub const DANGER_NO_QUEEN: S = S(-250, -250);
/// Every count starts here.
pub const DANGER_BASE: S = S(-21, -19);
/// The curve's middlegame divisor (not tuned: it scales the counts).
pub const DANGER_MG_DIV: i32 = 720;
/// The curve's endgame divisor (not tuned).
pub const DANGER_EG_DIV: i32 = 20;

// The complexity is a count in endgame centipawns (only the second half of each pair
// is used): it moves the endgame score away from zero when positive and toward it,
// never across, when negative.

/// Per pawn on the board.
pub const COMPLEXITY_PAWNS: S = S(0, 2);
/// Pawns on both wings.
pub const COMPLEXITY_FLANKS: S = S(0, 40);
/// Kings and pawns only.
pub const COMPLEXITY_PAWN_ENDGAME: S = S(0, 61);
/// Every count starts here.
pub const COMPLEXITY_BASE: S = S(0, -60);

// The scale factors multiply the endgame score (after the complexity) by n/128 in
// material configurations that are harder (or easier) to win than the count says; the
// side ahead in the endgame score decides which case applies. Only the second half of
// each pair is used; every other configuration keeps 128.

/// Opposite-coloured bishops and nothing else but pawns.
pub const SCALE_OCB_BISHOPS: S = S(0, 64);
/// Opposite-coloured bishops with one knight each.
pub const SCALE_OCB_KNIGHTS: S = S(0, 106);
/// Opposite-coloured bishops with one rook each.
pub const SCALE_OCB_ROOKS: S = S(0, 96);
/// The side ahead has only a queen; the other has two pieces or more and no queen.
pub const SCALE_LONE_QUEEN: S = S(0, 88);
/// The side ahead has only a knight or a bishop, and no pawns.
pub const SCALE_LONE_MINOR: S = S(0, 0);
/// No queens, at most one piece a side, and three pawns or more up.
pub const SCALE_PAWN_EDGE: S = S(0, 144);

/// The flat layout of every tuned weight (linear or inside a curve), for the tuner:
/// where each named weight (or table) starts.
pub mod index {
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
    /// [`super::PASSED_KING_THEIRS`]: one weight.
    pub const PASSED_KING_THEIRS: usize = PASSED_FREE + 8;
    /// [`super::PASSED_KING_OURS`]: one weight.
    pub const PASSED_KING_OURS: usize = PASSED_KING_THEIRS + 1;
    /// [`super::DOUBLED`]: one weight.
    pub const DOUBLED: usize = PASSED_KING_OURS + 1;
    /// [`super::ISOLATED`]: one weight.
    pub const ISOLATED: usize = DOUBLED + 1;
    /// [`super::BISHOP_PAIR`]: one weight.
    pub const BISHOP_PAIR: usize = ISOLATED + 1;
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
    /// [`super::SHIELD`]: 2 weights, by ranks ahead of the king.
    pub const SHIELD: usize = MOBILITY_QUEEN + 28;
    /// [`super::THREAT_BY_PAWN`]: one weight.
    pub const THREAT_BY_PAWN: usize = SHIELD + 2;
    /// [`super::THREAT_BY_MINOR`]: one weight.
    pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
    /// [`super::THREAT_BY_ROOK`]: one weight.
    pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 1;
    /// [`super::BACKWARD`]: one weight.
    pub const BACKWARD: usize = THREAT_BY_ROOK + 1;
    /// [`super::SUPPORTED`]: one weight.
    pub const SUPPORTED: usize = BACKWARD + 1;
    /// [`super::PHALANX`]: one weight.
    pub const PHALANX: usize = SUPPORTED + 1;
    /// [`super::PASSED_BLOCKED`]: one weight.
    pub const PASSED_BLOCKED: usize = PHALANX + 1;
    /// [`super::STORM`]: 3 weights, by ranks ahead of the king.
    pub const STORM: usize = PASSED_BLOCKED + 1;
    /// [`super::TEMPO`]: one weight.
    pub const TEMPO: usize = STORM + 3;
    /// [`super::PASSED_SAFE`]: 8 weights, by relative rank.
    pub const PASSED_SAFE: usize = TEMPO + 1;
    /// [`super::CANDIDATE`]: 8 weights, by relative rank.
    pub const CANDIDATE: usize = PASSED_SAFE + 8;
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
    /// [`super::THREAT_WEAK_PAWN`]: one weight.
    pub const THREAT_WEAK_PAWN: usize = ROOK_CLOSED + 9;
    /// [`super::THREAT_MINOR_BY_MINOR`]: one weight.
    pub const THREAT_MINOR_BY_MINOR: usize = THREAT_WEAK_PAWN + 1;
    /// [`super::THREAT_MINOR_BY_MAJOR`]: one weight.
    pub const THREAT_MINOR_BY_MAJOR: usize = THREAT_MINOR_BY_MINOR + 1;
    /// [`super::THREAT_QUEEN`]: one weight.
    pub const THREAT_QUEEN: usize = THREAT_MINOR_BY_MAJOR + 1;
    /// [`super::THREAT_HANGING`]: one weight.
    pub const THREAT_HANGING: usize = THREAT_QUEEN + 1;
    /// [`super::THREAT_BY_KING`]: one weight.
    pub const THREAT_BY_KING: usize = THREAT_HANGING + 1;
    /// [`super::THREAT_PAWN_PUSH`]: one weight.
    pub const THREAT_PAWN_PUSH: usize = THREAT_BY_KING + 1;
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
    /// [`super::DANGER_NO_QUEEN`]: one weight (inside the danger curve).
    pub const DANGER_NO_QUEEN: usize = DANGER_PAWN_DEFENDERS + 1;
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
    /// Number of weights.
    pub const COUNT: usize = SCALE_PAWN_EDGE + 1;
}

/// Every tuned weight by name, in the order of the flat layout of [`index`]: the one
/// list that [`flat`] and the tuner's writer and reader go by.
pub fn named() -> Vec<(&'static str, &'static [S])> {
    let list: &[(&str, &'static [S])] = &[
        ("PIECE_VALUE", &PIECE_VALUE),
        ("PSQT", PSQT.as_flattened()),
        ("PASSED", &PASSED),
        ("PASSED_FREE", &PASSED_FREE),
        ("PASSED_KING_THEIRS", &[PASSED_KING_THEIRS]),
        ("PASSED_KING_OURS", &[PASSED_KING_OURS]),
        ("DOUBLED", &[DOUBLED]),
        ("ISOLATED", &[ISOLATED]),
        ("BISHOP_PAIR", &[BISHOP_PAIR]),
        ("ROOK_OPEN", &[ROOK_OPEN]),
        ("ROOK_HALF_OPEN", &[ROOK_HALF_OPEN]),
        ("MOBILITY_KNIGHT", &MOBILITY_KNIGHT),
        ("MOBILITY_BISHOP", &MOBILITY_BISHOP),
        ("MOBILITY_ROOK", &MOBILITY_ROOK),
        ("MOBILITY_QUEEN", &MOBILITY_QUEEN),
        ("SHIELD", &SHIELD),
        ("THREAT_BY_PAWN", &[THREAT_BY_PAWN]),
        ("THREAT_BY_MINOR", &[THREAT_BY_MINOR]),
        ("THREAT_BY_ROOK", &[THREAT_BY_ROOK]),
        ("BACKWARD", &[BACKWARD]),
        ("SUPPORTED", &[SUPPORTED]),
        ("PHALANX", &[PHALANX]),
        ("PASSED_BLOCKED", &[PASSED_BLOCKED]),
        ("STORM", &STORM),
        ("TEMPO", &[TEMPO]),
        ("PASSED_SAFE", &PASSED_SAFE),
        ("CANDIDATE", &CANDIDATE),
        ("OUTPOST", &OUTPOST),
        ("MINOR_BEHIND_PAWN", &[MINOR_BEHIND_PAWN]),
        ("KNIGHT_KING_DISTANCE", &KNIGHT_KING_DISTANCE),
        ("KNIGHT_CLOSED", &KNIGHT_CLOSED),
        ("BISHOP_LONG_DIAGONAL", &[BISHOP_LONG_DIAGONAL]),
        ("BISHOP_RAMMED_PAWNS", &[BISHOP_RAMMED_PAWNS]),
        ("ROOK_SEVENTH", &[ROOK_SEVENTH]),
        ("ROOK_CLOSED", &ROOK_CLOSED),
        ("THREAT_WEAK_PAWN", &[THREAT_WEAK_PAWN]),
        ("THREAT_MINOR_BY_MINOR", &[THREAT_MINOR_BY_MINOR]),
        ("THREAT_MINOR_BY_MAJOR", &[THREAT_MINOR_BY_MAJOR]),
        ("THREAT_QUEEN", &[THREAT_QUEEN]),
        ("THREAT_HANGING", &[THREAT_HANGING]),
        ("THREAT_BY_KING", &[THREAT_BY_KING]),
        ("THREAT_PAWN_PUSH", &[THREAT_PAWN_PUSH]),
        ("KING_PAWN_DISTANCE", &KING_PAWN_DISTANCE),
        ("DANGER_ATTACKER", &DANGER_ATTACKER),
        ("DANGER_SAFE_CHECK", &DANGER_SAFE_CHECK),
        ("DANGER_ZONE_HITS", &[DANGER_ZONE_HITS]),
        ("DANGER_WEAK", &[DANGER_WEAK]),
        ("DANGER_PAWN_DEFENDERS", &[DANGER_PAWN_DEFENDERS]),
        ("DANGER_NO_QUEEN", &[DANGER_NO_QUEEN]),
        ("DANGER_BASE", &[DANGER_BASE]),
        ("COMPLEXITY_PAWNS", &[COMPLEXITY_PAWNS]),
        ("COMPLEXITY_FLANKS", &[COMPLEXITY_FLANKS]),
        ("COMPLEXITY_PAWN_ENDGAME", &[COMPLEXITY_PAWN_ENDGAME]),
        ("COMPLEXITY_BASE", &[COMPLEXITY_BASE]),
        ("SCALE_OCB_BISHOPS", &[SCALE_OCB_BISHOPS]),
        ("SCALE_OCB_KNIGHTS", &[SCALE_OCB_KNIGHTS]),
        ("SCALE_OCB_ROOKS", &[SCALE_OCB_ROOKS]),
        ("SCALE_LONE_QUEEN", &[SCALE_LONE_QUEEN]),
        ("SCALE_LONE_MINOR", &[SCALE_LONE_MINOR]),
        ("SCALE_PAWN_EDGE", &[SCALE_PAWN_EDGE]),
    ];
    list.to_vec()
}

/// Every tuned weight in the flat layout of [`index`].
pub fn flat() -> Vec<S> {
    let v: Vec<S> = named()
        .iter()
        .flat_map(|(_, w)| w.iter().copied())
        .collect();
    debug_assert_eq!(v.len(), index::COUNT);
    v
}

/// The weight at flat index `i`.
pub fn flat_weight(i: usize) -> S {
    use std::sync::OnceLock;
    static FLAT: OnceLock<Vec<S>> = OnceLock::new();
    FLAT.get_or_init(flat)[i]
}
