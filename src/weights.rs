//! Every weight of the evaluation, in one place.
//!
//! Each weight is a middlegame/endgame pair ([`S`](struct@S)). The piece-square tables
//! started as the published PeSTO tables (Ronald Friederich's Rofchade, Texel-tuned) and
//! stay the core; the terms below them were first set by hand and kept because they won
//! games. The weights were then fitted by `tiefe tune` (see "Tuning runs" in
//! `docs/strength.md`): first all together to Tiefe's own search scores (`--lambda 0
//! --l2 0.001`, which moved the tables by at most 11 cp); then all together again with
//! the material imbalance, a quarter of the target from the game results (`--lambda 0.25
//! --l2 0.001`); since then each new or reshaped group (the king shelter and storm by
//! file, the passed-pawn and pawn-structure tables, the complexity and scale factors) was
//! fitted alone at `--lambda 0.25`, every other weight held. A tuner that rewrites this
//! file keeps its shape: the tables as diagrams seen from White (first row = rank 8),
//! then the terms, each named.

pub mod index;

use crate::score::S;

/// Material per piece kind (pawn, knight, bishop, rook, queen, king).
pub const PIECE_VALUE: [S; 6] = [
    S(68, 118),
    S(325, 289),
    S(345, 279),
    S(456, 522),
    S(1019, 872),
    S(0, 0),
];

/// Square bonuses per piece kind, as diagrams from White's side: a white piece on
/// square `s` (a1 = 0) reads index `s ^ 56`, a black piece index `s`. Folded left to
/// right (the a-file's value is the h-file's, and so on; the tuner keeps them tied), so
/// that a square means the same from every Chess960 array: the standard array alone
/// had pinned down values only where its pieces stand.
#[rustfmt::skip]
pub const PSQT: [[S; 64]; 6] = [
    [ // pawn
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
        S( 183,  50), S( 127, 117), S( 120, 124), S( 150, 101), S( 150, 101), S( 120, 124), S( 127, 117), S( 183,  50),
        S(   6,  47), S(   5,  68), S(  11,  55), S(  36,  33), S(  36,  33), S(  11,  55), S(   5,  68), S(   6,  47),
        S( -10,  29), S(  -3,  24), S(  -1,   4), S(   6, -10), S(   6, -10), S(  -1,   4), S(  -3,  24), S( -10,  29),
        S( -21,  17), S( -13,  18), S(  -2,  -3), S(   7, -14), S(   7, -14), S(  -2,  -3), S( -13,  18), S( -21,  17),
        S( -22,  11), S( -11,   8), S( -12,   0), S( -11,   4), S( -11,   4), S( -12,   0), S( -11,   8), S( -22,  11),
        S( -20,  16), S(  -4,  14), S( -12,  16), S( -14,  16), S( -14,  16), S( -12,  16), S(  -4,  14), S( -20,  16),
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
    ],
    [ // knight
        S(-134,-105), S( -84, -29), S( -71, -11), S( -30, -18), S( -30, -18), S( -71, -11), S( -84, -29), S(-134,-105),
        S(  -8, -52), S(  -7, -19), S(  21, -27), S(  22, -16), S(  22, -16), S(  21, -27), S(  -7, -19), S(  -8, -52),
        S(   0, -37), S(  22, -34), S(  27, -10), S(  35, -11), S(  35, -11), S(  27, -10), S(  22, -34), S(   0, -37),
        S(  16, -27), S(  17, -28), S(  32, -18), S(  25, -10), S(  25, -10), S(  32, -18), S(  17, -28), S(  16, -27),
        S(  11, -27), S(  24, -27), S(  25, -18), S(  21, -10), S(  21, -10), S(  25, -18), S(  24, -27), S(  11, -27),
        S(  -4, -47), S(   6, -42), S(   5, -39), S(   6, -20), S(   6, -20), S(   5, -39), S(   6, -42), S(  -4, -47),
        S( -16, -61), S( -16, -48), S(  -1, -48), S(   3, -42), S(   3, -42), S(  -1, -48), S( -16, -48), S( -16, -61),
        S( -14, -94), S( -13, -70), S( -15, -52), S( -11, -49), S( -11, -49), S( -15, -52), S( -13, -70), S( -14, -94),
    ],
    [ // bishop
        S( -31, -55), S( -44, -21), S( -74, -21), S( -65, -17), S( -65, -17), S( -74, -21), S( -44, -21), S( -31, -55),
        S( -26, -43), S( -14, -52), S(   8, -33), S( -11, -19), S( -11, -19), S(   8, -33), S( -14, -52), S( -26, -43),
        S(  12, -47), S(  25, -43), S(  15, -48), S(  24, -30), S(  24, -30), S(  15, -48), S(  25, -43), S(  12, -47),
        S(   7, -39), S(  15, -32), S(  22, -29), S(  14, -39), S(  14, -39), S(  22, -29), S(  15, -32), S(   7, -39),
        S(  11, -49), S(  15, -33), S(  16, -22), S(  13, -46), S(  13, -46), S(  16, -22), S(  15, -33), S(  11, -49),
        S(  14, -51), S(  19, -36), S(  10, -47), S(  14, -25), S(  14, -25), S(  10, -47), S(  19, -36), S(  14, -51),
        S(  11, -58), S(  17, -74), S(  19, -50), S(  14, -39), S(  14, -39), S(  19, -50), S(  17, -74), S(  11, -58),
        S(  -8, -81), S(   2, -63), S(   4, -51), S(   4, -42), S(   4, -42), S(   4, -51), S(   2, -63), S(  -8, -81),
    ],
    [ // rook
        S(  50, -43), S(  55, -41), S(  49, -42), S(  54, -42), S(  54, -42), S(  49, -42), S(  55, -41), S(  50, -43),
        S(  49, -47), S(  49, -43), S(  66, -50), S(  68, -52), S(  68, -52), S(  66, -50), S(  49, -43), S(  49, -47),
        S(  15, -25), S(  42, -37), S(  44, -40), S(  45, -41), S(  45, -41), S(  44, -40), S(  42, -37), S(  15, -25),
        S(   4, -30), S(  13, -28), S(  25, -38), S(  27, -39), S(  27, -39), S(  25, -38), S(  13, -28), S(   4, -30),
        S(  -2, -42), S(   2, -37), S(   7, -39), S(  11, -46), S(  11, -46), S(   7, -39), S(   2, -37), S(  -2, -42),
        S( -16, -49), S(   0, -51), S(   3, -55), S(   4, -54), S(   4, -54), S(   3, -55), S(   0, -51), S( -16, -49),
        S( -28, -63), S(   0, -68), S(  11, -71), S(  12, -70), S(  12, -70), S(  11, -71), S(   0, -68), S( -28, -63),
        S(   5, -84), S(   8, -74), S(  17, -71), S(  22, -79), S(  22, -79), S(  17, -71), S(   8, -74), S(   5, -84),
    ],
    [ // queen
        S( -19, -60), S(  -1, -71), S(  24, -94), S(  10, -73), S(  10, -73), S(  24, -94), S(  -1, -71), S( -19, -60),
        S( -12, -80), S( -17, -65), S(   0, -63), S( -12, -48), S( -12, -48), S(   0, -63), S( -17, -65), S( -12, -80),
        S(   3, -97), S(   9, -78), S(   4, -58), S(   5, -55), S(   5, -55), S(   4, -58), S(   9, -78), S(   3, -97),
        S(  -1, -95), S(  -3, -68), S(  -5, -57), S(  -9, -51), S(  -9, -51), S(  -5, -57), S(  -3, -68), S(  -1, -95),
        S(  -4, -98), S(  -4, -73), S(  -6, -67), S(  -9, -55), S(  -9, -55), S(  -6, -67), S(  -4, -73), S(  -4, -98),
        S( -10,-120), S(  -1,-107), S(  -5, -92), S(  -7, -88), S(  -7, -88), S(  -5, -92), S(  -1,-107), S( -10,-120),
        S(  -4,-148), S(  -1,-137), S(   6,-148), S(   4,-132), S(   4,-132), S(   6,-148), S(  -1,-137), S(  -4,-148),
        S( -15,-166), S( -11,-155), S(  -2,-162), S(   2,-159), S(   2,-159), S(  -2,-162), S( -11,-155), S( -15,-166),
    ],
    [ // king
        S( -11, -28), S( -14,  49), S(  19,  14), S( -40,  39), S( -40,  39), S(  19,  14), S( -14,  49), S( -11, -28),
        S( -57,  13), S(  56,  11), S(  -1,  21), S( -43,  43), S( -43,  43), S(  -1,  21), S(  56,  11), S( -57,  13),
        S(  19, -11), S(  52,  12), S( -17,  26), S( -48,  31), S( -48,  31), S( -17,  26), S(  52,  12), S(  19, -11),
        S(  -2,  -6), S(  17,  23), S( -22,  22), S( -50,  21), S( -50,  21), S( -22,  22), S(  17,  23), S(  -2,  -6),
        S( -57,  -5), S( -12,  21), S( -15,  10), S( -31,   2), S( -31,   2), S( -15,  10), S( -12,  21), S( -57,  -5),
        S( -38, -11), S( -21,  19), S(  -5,   1), S( -39,  -8), S( -39,  -8), S(  -5,   1), S( -21,  19), S( -38, -11),
        S( -15,  -7), S( -19,  23), S( -30,   2), S( -56, -14), S( -56, -14), S( -30,   2), S( -19,  23), S( -15,  -7),
        S( -23,  -7), S(  -4,  15), S( -13, -14), S( -29, -47), S( -29, -47), S( -13, -14), S(  -4,  15), S( -23,  -7),
    ],
];

/// A passed pawn, by its rank counted from its own side (index 0 = first rank).
pub const PASSED: [S; 8] = [
    S(0, 0),
    S(-4, 19),
    S(-7, 34),
    S(-11, 57),
    S(12, 79),
    S(58, 73),
    S(111, 24),
    S(0, 0),
];
/// Extra for a passed pawn whose path to promotion holds no piece at all.
pub const PASSED_FREE: [S; 8] = [
    S(0, 0),
    S(-6, 7),
    S(-1, -1),
    S(-11, 10),
    S(1, 20),
    S(6, 45),
    S(52, 13),
    S(0, 0),
];
/// Per square of the enemy king's distance (in king moves) to a passed pawn's stop
/// square, by the pawn's relative rank: the defending king far away is good.
pub const PASSED_KING_THEIRS: [S; 8] = [
    S(0, 0),
    S(5, -5),
    S(3, -1),
    S(-2, 13),
    S(-2, 24),
    S(0, 40),
    S(-4, 59),
    S(0, 0),
];
/// Per square of our own king's distance to a passed pawn's stop square, by the
/// pawn's relative rank: our own king far away is bad.
pub const PASSED_KING_OURS: [S; 8] = [
    S(0, 0),
    S(-3, 1),
    S(2, -6),
    S(10, -20),
    S(3, -24),
    S(-10, -23),
    S(-23, -14),
    S(0, 0),
];
/// Each pawn beyond the first on one file.
pub const DOUBLED: S = S(-5, -30);
/// A pawn with no friendly pawn on either neighbouring file: opposed (an enemy pawn
/// ahead of it on its file), unopposed (open to their rooks).
pub const ISOLATED: [S; 2] = [S(-6, -8), S(-11, -14)];
/// Two bishops.
pub const BISHOP_PAIR: S = S(19, 69);
/// A rook on a file with no pawn.
pub const ROOK_OPEN: S = S(33, -5);
/// A rook on a file with enemy pawns only.
pub const ROOK_HALF_OPEN: S = S(13, 15);
/// Mobility by the number of safe squares a piece reaches (squares not held by our
/// pieces nor attacked by enemy pawns): a table per piece, indexed by that count, so
/// that the tuner can bend what a straight line per square cannot (a trapped piece is
/// worse than linear, the tenth square worth less than the third). The hand-set start
/// was a straight line through zero at a typical count. This is the knight's (0 to 8
/// squares).
pub const MOBILITY_KNIGHT: [S; 9] = [
    S(-28, -101),
    S(-17, -45),
    S(-12, -22),
    S(-8, -6),
    S(-3, 2),
    S(0, 10),
    S(4, 14),
    S(9, 9),
    S(11, 1),
];
/// A bishop's mobility by its number of safe squares (0 to 13); see
/// [`MOBILITY_KNIGHT`].
pub const MOBILITY_BISHOP: [S; 14] = [
    S(-27, -93),
    S(-20, -54),
    S(-14, -32),
    S(-12, -19),
    S(-10, -8),
    S(-8, -2),
    S(-7, 2),
    S(-6, 2),
    S(-4, 5),
    S(3, -5),
    S(4, -6),
    S(24, -22),
    S(38, -25),
    S(1, -22),
];
/// A rook's mobility by its number of safe squares (0 to 14); see [`MOBILITY_KNIGHT`].
pub const MOBILITY_ROOK: [S; 15] = [
    S(-20, -88),
    S(-13, -59),
    S(-9, -43),
    S(-6, -34),
    S(-7, -24),
    S(-4, -16),
    S(-3, -9),
    S(-2, -4),
    S(-2, 4),
    S(-3, 10),
    S(-2, 14),
    S(-1, 17),
    S(2, 18),
    S(0, 19),
    S(32, 1),
];
/// A queen's mobility by its number of safe squares (0 to 27); see
/// [`MOBILITY_KNIGHT`].
pub const MOBILITY_QUEEN: [S; 28] = [
    S(-22, -146),
    S(-19, -103),
    S(-13, -61),
    S(-12, -31),
    S(-9, -29),
    S(-7, -21),
    S(-6, -9),
    S(-4, 2),
    S(-3, 11),
    S(-4, 23),
    S(-2, 25),
    S(-1, 34),
    S(-2, 40),
    S(-2, 47),
    S(-5, 54),
    S(-4, 58),
    S(-5, 60),
    S(1, 51),
    S(10, 41),
    S(15, 34),
    S(13, 34),
    S(44, -12),
    S(38, -12),
    S(51, -38),
    S(21, -46),
    S(-22, -51),
    S(-26, -58),
    S(-52, -62),
];
/// Our king's pawn shelter, on each of the (up to) three files of and next to its own:
/// the nearest of our pawns on that file, on the king's rank or ahead, by its distance
/// in ranks (7: none). Indexed by `64 * (1 if it is the king's own file) + 8 * file +
/// distance`, as a king on the h-file and one on the d-file want different shelters;
/// mirror files (a and h, b and g, ...) hold the same values, so that a shelter means
/// the same on either wing (the tuner keeps them tied).
pub const SHIELD: [S; 128] = [
    S(9, -21),
    S(16, -20),
    S(12, -19),
    S(7, -21),
    S(4, -7),
    S(9, 19),
    S(-70, 53),
    S(-4, 1),
    S(12, -2),
    S(9, -17),
    S(0, -14),
    S(5, -20),
    S(-19, -11),
    S(-69, 13),
    S(-37, 31),
    S(-34, 19),
    S(18, 4),
    S(16, -2),
    S(-9, -2),
    S(-9, -13),
    S(-9, -2),
    S(26, -4),
    S(58, -52),
    S(-21, 9),
    S(8, 17),
    S(8, 9),
    S(-1, 7),
    S(0, 2),
    S(-4, 4),
    S(-33, 23),
    S(-74, 55),
    S(-9, 10),
    S(8, 17),
    S(8, 9),
    S(-1, 7),
    S(0, 2),
    S(-4, 4),
    S(-33, 23),
    S(-74, 55),
    S(-9, 10),
    S(18, 4),
    S(16, -2),
    S(-9, -2),
    S(-9, -13),
    S(-9, -2),
    S(26, -4),
    S(58, -52),
    S(-21, 9),
    S(12, -2),
    S(9, -17),
    S(0, -14),
    S(5, -20),
    S(-19, -11),
    S(-69, 13),
    S(-37, 31),
    S(-34, 19),
    S(9, -21),
    S(16, -20),
    S(12, -19),
    S(7, -21),
    S(4, -7),
    S(9, 19),
    S(-70, 53),
    S(-4, 1),
    S(0, 0),
    S(32, -27),
    S(24, -23),
    S(1, -3),
    S(19, 13),
    S(6, 21),
    S(-59, 54),
    S(-25, 21),
    S(0, 0),
    S(18, -18),
    S(14, -20),
    S(1, -31),
    S(-14, -20),
    S(-51, 33),
    S(-13, 0),
    S(-32, 11),
    S(0, 0),
    S(15, -6),
    S(7, -3),
    S(-4, -11),
    S(-3, -4),
    S(-50, 43),
    S(-32, -39),
    S(-21, 3),
    S(0, 0),
    S(9, 26),
    S(11, 18),
    S(4, 11),
    S(-7, 21),
    S(-32, 24),
    S(-134, -16),
    S(-10, 15),
    S(0, 0),
    S(9, 26),
    S(11, 18),
    S(4, 11),
    S(-7, 21),
    S(-32, 24),
    S(-134, -16),
    S(-10, 15),
    S(0, 0),
    S(15, -6),
    S(7, -3),
    S(-4, -11),
    S(-3, -4),
    S(-50, 43),
    S(-32, -39),
    S(-21, 3),
    S(0, 0),
    S(18, -18),
    S(14, -20),
    S(1, -31),
    S(-14, -20),
    S(-51, 33),
    S(-13, 0),
    S(-32, 11),
    S(0, 0),
    S(32, -27),
    S(24, -23),
    S(1, -3),
    S(19, 13),
    S(6, 21),
    S(-59, 54),
    S(-25, 21),
];
/// A pawn whose neighbours have all advanced past it and whose stop square an enemy
/// pawn holds: opposed, unopposed (as [`ISOLATED`]).
pub const BACKWARD: [S; 2] = [S(-4, -9), S(-10, -20)];
/// A pawn defended by one of our pawns, by its relative rank.
pub const SUPPORTED: [S; 8] = [
    S(0, 0),
    S(0, 0),
    S(15, 16),
    S(12, 11),
    S(17, 16),
    S(36, 43),
    S(84, 103),
    S(0, 0),
];
/// A pawn with one of ours beside it on its rank (each pawn of the pair counts), by
/// its relative rank.
pub const PHALANX: [S; 8] = [
    S(0, 0),
    S(5, 3),
    S(5, 4),
    S(7, 12),
    S(13, 33),
    S(49, 88),
    S(52, 121),
    S(0, 0),
];
/// A passed pawn whose stop square holds an enemy piece.
pub const PASSED_BLOCKED: S = S(1, -6);
/// Their pawns storming our king, on the same three files: the nearest of theirs on
/// that file, on the king's rank or ahead, by its distance in ranks (7: none).
/// Indexed by `32 * blocked + 8 * (file folded to a-d) + distance`, where blocked
/// means it stands right in front of our nearest pawn on the file and so cannot come
/// on.
pub const STORM: [S; 64] = [
    S(-58, 49),
    S(41, 7),
    S(-42, 22),
    S(-8, 9),
    S(5, -4),
    S(7, -11),
    S(4, -11),
    S(5, -16),
    S(-24, 37),
    S(52, 3),
    S(-18, 0),
    S(-8, -1),
    S(0, -4),
    S(1, -6),
    S(0, -4),
    S(-7, 0),
    S(45, 24),
    S(7, 22),
    S(-34, 9),
    S(-12, 3),
    S(2, -5),
    S(1, -7),
    S(4, -12),
    S(2, -5),
    S(40, 17),
    S(2, 19),
    S(-26, 6),
    S(-7, 3),
    S(3, 0),
    S(3, -3),
    S(2, 1),
    S(-4, -4),
    S(0, 0),
    S(0, 0),
    S(7, -16),
    S(13, -18),
    S(8, -12),
    S(-7, -30),
    S(-8, -13),
    S(9, 16),
    S(0, 0),
    S(0, 0),
    S(-11, -9),
    S(-1, -5),
    S(5, -4),
    S(2, -14),
    S(29, -34),
    S(-1, -4),
    S(0, 0),
    S(0, 0),
    S(-2, -24),
    S(8, -14),
    S(4, -5),
    S(10, -34),
    S(3, -79),
    S(23, -4),
    S(0, 0),
    S(0, 0),
    S(-19, -25),
    S(5, -11),
    S(5, -9),
    S(12, -34),
    S(11, -41),
    S(-14, 26),
];
/// The side to move's edge.
pub const TEMPO: S = S(19, 15);
/// A passed pawn by whether it can advance (its stop square empty) and whether it
/// can do so safely (the enemy does not attack the stop square), and by relative
/// rank: `16 * can + 8 * safe + rank`.
pub const PASSED_SAFE: [S; 32] = [
    S(0, 0),
    S(-13, 9),
    S(-17, 17),
    S(-21, 26),
    S(2, 12),
    S(25, -17),
    S(-2, -64),
    S(0, 0),
    S(0, 0),
    S(1, 14),
    S(-4, 20),
    S(-23, 31),
    S(5, 19),
    S(31, 0),
    S(43, -89),
    S(0, 0),
    S(0, 0),
    S(-4, 10),
    S(-11, 21),
    S(-17, 33),
    S(4, 15),
    S(48, -26),
    S(87, -74),
    S(0, 0),
    S(0, 0),
    S(-10, 16),
    S(-16, 28),
    S(-13, 41),
    S(-9, 47),
    S(21, 40),
    S(-61, 79),
    S(0, 0),
];
/// A pawn that is not passed but could become so: its file is open ahead and the
/// enemy pawns guarding its way are no more than ours backing it, by rank.
pub const CANDIDATE: [S; 8] = [
    S(0, 0),
    S(2, -8),
    S(3, 7),
    S(3, 18),
    S(8, 24),
    S(8, 26),
    S(0, 0),
    S(0, 0),
];
/// A knight or bishop (in that order) on an outpost: on its fourth to sixth rank,
/// defended by a pawn, out of reach of every enemy pawn.
pub const OUTPOST: [S; 2] = [S(12, 6), S(11, 19)];
/// A knight or bishop with a pawn (of either side) right in front of it.
pub const MINOR_BEHIND_PAWN: S = S(4, 17);
/// A knight by its distance (king steps) to the nearest king.
pub const KNIGHT_KING_DISTANCE: [S; 8] = [
    S(0, 0),
    S(0, -6),
    S(0, -9),
    S(-3, -7),
    S(-9, -11),
    S(-10, -16),
    S(-15, -18),
    S(-27, -29),
];
/// A knight by how closed the position is (pawns blocked head-on, 0 to 8).
pub const KNIGHT_CLOSED: [S; 9] = [
    S(-6, -25),
    S(-6, -5),
    S(-6, -4),
    S(-10, 2),
    S(-13, 4),
    S(-10, 54),
    S(-56, 53),
    S(-2, 33),
    S(0, 0),
];
/// A bishop on a long diagonal that sees both centre squares of it past the pawns.
pub const BISHOP_LONG_DIAGONAL: S = S(12, 23);
/// Per pawn of ours blocked head-on by an enemy pawn on a square of our bishop's
/// colour.
pub const BISHOP_RAMMED_PAWNS: S = S(1, -14);
/// A rook on the seventh rank with the enemy king on the eighth or enemy pawns on
/// the seventh.
pub const ROOK_SEVENTH: S = S(-26, 30);
/// A rook by how closed the position is (pawns blocked head-on, 0 to 8).
pub const ROOK_CLOSED: [S; 9] = [
    S(-5, -4),
    S(-15, 8),
    S(6, -26),
    S(2, -22),
    S(-35, -56),
    S(-17, -92),
    S(-63, -34),
    S(0, 0),
    S(0, 0),
];
/// A pawn or piece of theirs attacked by one of ours, at `10 * attacker kind + 2 *
/// victim kind + defended` (attackers pawn to king, victims pawn to queen; defended:
/// anything of theirs attacks its square). What a pawn's hit on a defended rook is
/// worth differs from a queen's on a defended pawn; each attacker kind that hits a
/// victim counts. Started from the eight single weights it replaced (attacked by a
/// pawn, a minor, a rook; weak pawns; minor by minor, minor by major; the queen
/// attacked; by the king).
pub const THREAT: [S; 60] = [
    S(-2, 15),
    S(-5, 22),
    S(53, 44),
    S(49, 57),
    S(40, 75),
    S(47, 78),
    S(81, 42),
    S(45, 67),
    S(43, 29),
    S(51, 2),
    S(16, 49),
    S(-4, 6),
    S(-2, 6),
    S(5, 51),
    S(31, 12),
    S(29, 31),
    S(53, 4),
    S(55, 24),
    S(21, 29),
    S(31, 30),
    S(15, 41),
    S(0, 4),
    S(33, 39),
    S(17, 36),
    S(18, 8),
    S(22, 52),
    S(55, 15),
    S(44, 55),
    S(38, 52),
    S(37, 58),
    S(15, 56),
    S(-1, 4),
    S(17, 46),
    S(5, 20),
    S(26, 38),
    S(9, 10),
    S(-7, 10),
    S(-8, -13),
    S(50, 18),
    S(52, 52),
    S(16, 32),
    S(-1, 8),
    S(24, 42),
    S(4, 6),
    S(27, 43),
    S(-1, 20),
    S(22, 27),
    S(-6, 22),
    S(-15, 0),
    S(-21, -5),
    S(34, 48),
    S(-8, 7),
    S(60, 24),
    S(14, 5),
    S(96, 5),
    S(29, -11),
    S(81, 1),
    S(18, -14),
    S(28, 8),
    S(-17, -2),
];
/// An enemy knight, bishop, rook or queen we attack that nothing defends.
pub const THREAT_HANGING: S = S(7, 2);
/// An enemy knight, bishop, rook or queen that one of our pawns would attack after a
/// safe push.
pub const THREAT_PAWN_PUSH: S = S(13, 14);
/// Our king's distance (in king steps) to the nearest pawn of either side.
pub const KING_PAWN_DISTANCE: [S; 8] = [
    S(0, 0),
    S(12, 41),
    S(8, 36),
    S(-9, 13),
    S(18, -31),
    S(12, -55),
    S(-24, -48),
    S(-74, -38),
];

// The danger to a king is a count, the sum of the weights below over what the enemy
// brings against it; the count becomes a score through a curve, −count² / 720 in the
// middlegame and −count / 20 in the endgame (negative counts are no danger). Each is a
// middlegame/endgame pair of counts, not of centipawns.

/// Enemy knights, bishops, rooks and queens that hit the king's zone (the king's
/// square and its neighbours), by kind.
pub const DANGER_ATTACKER: [S; 4] = [S(19, 67), S(34, 84), S(29, -26), S(41, -17)];
/// Safe checks the enemy has (onto squares we do not defend, or weak squares they hit
/// twice), by the checking piece's kind: knight, bishop, rook, queen.
pub const DANGER_SAFE_CHECK: [S; 4] = [S(109, 41), S(62, 67), S(93, 65), S(58, 59)];
/// Each square of the king's zone hit by an enemy piece, counted per piece.
pub const DANGER_ZONE_HITS: S = S(24, 19);
/// Weak squares of the zone: attacked, and defended at most by our king or queen.
pub const DANGER_WEAK: S = S(16, 7);
/// Our pawns in the zone on squares that are not weak.
pub const DANGER_PAWN_DEFENDERS: S = S(-17, 1);
/// The enemy has no queen.
pub const DANGER_NO_QUEEN: S = S(-139, -312);
/// Every count starts here.
pub const DANGER_BASE: S = S(14, -4);
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
pub const COMPLEXITY_FLANKS: S = S(0, 91);
/// Kings and pawns only.
pub const COMPLEXITY_PAWN_ENDGAME: S = S(0, 113);
/// Every count starts here.
pub const COMPLEXITY_BASE: S = S(0, -137);

// The scale factors multiply the endgame score (after the complexity) by
// n/SCALE_NORMAL in material configurations that are harder (or easier) to win than the
// count says; the side ahead in the endgame score decides which case applies. Only the
// second half of each pair is used; every other configuration keeps SCALE_NORMAL.

/// The scale factors' denominator, and the factor of every configuration that no case
/// names: the endgame score as it is (not tuned).
pub const SCALE_NORMAL: i32 = 128;

/// Opposite-coloured bishops and nothing else but pawns.
pub const SCALE_OCB_BISHOPS: S = S(0, 49);
/// Opposite-coloured bishops with one knight each.
pub const SCALE_OCB_KNIGHTS: S = S(0, 97);
/// Opposite-coloured bishops with one rook each.
pub const SCALE_OCB_ROOKS: S = S(0, 103);
/// The side ahead has only a queen; the other has two pieces or more and no queen.
pub const SCALE_LONE_QUEEN: S = S(0, 127);
/// The side ahead has only a knight or a bishop, and no pawns.
pub const SCALE_LONE_MINOR: S = S(0, -10);
/// No queens, at most one piece a side, and three pawns or more up.
pub const SCALE_PAWN_EDGE: S = S(0, 159);

// The material imbalance: what a piece is worth beside the others on the board,
// beyond its fixed value. Pairs of kinds, pawn to queen, in the order (pawn, pawn),
// (pawn, knight), ..., (queen, queen): the first index runs slower.

/// Our pieces of kind i times our pieces of kind j (i <= j): 15 weights.
pub const IMBALANCE_OURS: [S; 15] = [
    S(0, 6),
    S(-1, 43),
    S(-3, 42),
    S(-11, 60),
    S(8, 94),
    S(2, -26),
    S(7, -44),
    S(9, -40),
    S(-16, -35),
    S(1, -21),
    S(4, -36),
    S(-12, -36),
    S(11, -29),
    S(6, -82),
    S(-48, -103),
];
/// Our pieces of kind i times theirs of kind j (i < j; the other way round is the
/// other side's term): 10 weights.
pub const IMBALANCE_THEIRS: [S; 10] = [
    S(-1, -42),
    S(2, -48),
    S(11, -64),
    S(7, -117),
    S(0, 11),
    S(2, 4),
    S(-7, 23),
    S(6, 2),
    S(6, -9),
    S(55, -35),
];

/// Every tuned weight by name, in the order of the flat layout of [`index`]: the one
/// list that [`flat`] and the tuner's writer and reader go by.
const NAMED: &[(&str, &[S])] = &[
    ("PIECE_VALUE", &PIECE_VALUE),
    ("PSQT", PSQT.as_flattened()),
    ("PASSED", &PASSED),
    ("PASSED_FREE", &PASSED_FREE),
    ("PASSED_KING_THEIRS", &PASSED_KING_THEIRS),
    ("PASSED_KING_OURS", &PASSED_KING_OURS),
    ("DOUBLED", &[DOUBLED]),
    ("ISOLATED", &ISOLATED),
    ("BISHOP_PAIR", &[BISHOP_PAIR]),
    ("ROOK_OPEN", &[ROOK_OPEN]),
    ("ROOK_HALF_OPEN", &[ROOK_HALF_OPEN]),
    ("MOBILITY_KNIGHT", &MOBILITY_KNIGHT),
    ("MOBILITY_BISHOP", &MOBILITY_BISHOP),
    ("MOBILITY_ROOK", &MOBILITY_ROOK),
    ("MOBILITY_QUEEN", &MOBILITY_QUEEN),
    ("SHIELD", &SHIELD),
    ("BACKWARD", &BACKWARD),
    ("SUPPORTED", &SUPPORTED),
    ("PHALANX", &PHALANX),
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
    ("THREAT", &THREAT),
    ("THREAT_HANGING", &[THREAT_HANGING]),
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
    ("IMBALANCE_OURS", &IMBALANCE_OURS),
    ("IMBALANCE_THEIRS", &IMBALANCE_THEIRS),
];

/// Every tuned weight by name, in the order of the flat layout of [`index`] (see
/// [`flat`]).
pub fn named() -> Vec<(&'static str, &'static [S])> {
    NAMED.to_vec()
}

/// The weights of [`NAMED`] one after another: the flat layout, laid out at compile time.
static FLAT: [S; index::COUNT] = {
    // Not a literal pair: the tuner reads every literal pair of this file as a weight.
    let mut flat = [S::ZERO; index::COUNT];
    let (mut n, mut at) = (0, 0);
    while n < NAMED.len() {
        let weights = NAMED[n].1;
        let mut i = 0;
        while i < weights.len() {
            flat[at] = weights[i];
            at += 1;
            i += 1;
        }
        n += 1;
    }
    assert!(
        at == index::COUNT,
        "the named weights fill the flat layout exactly"
    );
    flat
};

/// Every tuned weight in the flat layout of [`index`].
pub fn flat() -> Vec<S> {
    FLAT.to_vec()
}

/// The weight at flat index `i` (the tuner's tracer reads the weights by index).
pub(crate) fn flat_weight(i: usize) -> S {
    FLAT[i]
}
