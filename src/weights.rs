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
    S(75, 122),
    S(329, 302),
    S(349, 305),
    S(461, 562),
    S(1038, 959),
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
        S( 144,  81), S(  69, 155), S(  77, 153), S( 111, 125), S( 111, 125), S(  77, 153), S(  69, 155), S( 144,  81),
        S(  -1,  68), S(   1,  90), S(  15,  75), S(  45,  50), S(  45,  50), S(  15,  75), S(   1,  90), S(  -1,  68),
        S( -12,  34), S(   3,  30), S(   5,  12), S(  17,  -6), S(  17,  -6), S(   5,  12), S(   3,  30), S( -12,  34),
        S( -21,  17), S( -10,  16), S(   3,  -2), S(  10, -16), S(  10, -16), S(   3,  -2), S( -10,  16), S( -21,  17),
        S( -23,  11), S(  -9,   6), S(  -9,  -1), S(  -8,   0), S(  -8,   0), S(  -9,  -1), S(  -9,   6), S( -23,  11),
        S( -19,  20), S(  -2,  16), S(  -7,  18), S(  -9,  16), S(  -9,  16), S(  -7,  18), S(  -2,  16), S( -19,  20),
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
    ],
    [ // knight
        S(-146, -89), S( -81, -26), S( -69,  -4), S( -25, -10), S( -25, -10), S( -69,  -4), S( -81, -26), S(-146, -89),
        S(  -8, -53), S(  -5, -14), S(  28, -14), S(  31,  -4), S(  31,  -4), S(  28, -14), S(  -5, -14), S(  -8, -53),
        S(   1, -36), S(  29, -25), S(  36,   5), S(  50,   2), S(  50,   2), S(  36,   5), S(  29, -25), S(   1, -36),
        S(  17, -28), S(  23, -22), S(  40,  -9), S(  34,  -1), S(  34,  -1), S(  40,  -9), S(  23, -22), S(  17, -28),
        S(  10, -28), S(  28, -22), S(  30,  -8), S(  27,  -1), S(  27,  -1), S(  30,  -8), S(  28, -22), S(  10, -28),
        S(  -7, -45), S(   9, -34), S(   9, -22), S(  11,  -7), S(  11,  -7), S(   9, -22), S(   9, -34), S(  -7, -45),
        S( -15, -66), S( -13, -45), S(   3, -35), S(   7, -30), S(   7, -30), S(   3, -35), S( -13, -45), S( -15, -66),
        S( -14,-106), S( -10, -72), S( -11, -48), S(  -7, -47), S(  -7, -47), S( -11, -48), S( -10, -72), S( -14,-106),
    ],
    [ // bishop
        S( -33, -16), S( -44,  -9), S( -70,  -6), S( -60,  -4), S( -60,  -4), S( -70,  -6), S( -44,  -9), S( -33, -16),
        S( -19, -30), S(   2, -27), S(  16, -24), S(   1, -10), S(   1, -10), S(  16, -24), S(   2, -27), S( -19, -30),
        S(  19, -34), S(  35, -35), S(  27, -20), S(  36, -22), S(  36, -22), S(  27, -20), S(  35, -35), S(  19, -34),
        S(  11, -23), S(  18, -19), S(  29, -20), S(  27, -11), S(  27, -11), S(  29, -20), S(  18, -19), S(  11, -23),
        S(  14, -33), S(  18, -19), S(  18, -10), S(  23, -17), S(  23, -17), S(  18, -10), S(  18, -19), S(  14, -33),
        S(  16, -31), S(  22, -21), S(  16, -14), S(  16, -11), S(  16, -11), S(  16, -14), S(  22, -21), S(  16, -31),
        S(  13, -43), S(  20, -37), S(  21, -34), S(  15, -22), S(  15, -22), S(  21, -34), S(  20, -37), S(  13, -43),
        S(  -3, -63), S(   6, -53), S(   6, -35), S(   7, -30), S(   7, -30), S(   6, -35), S(   6, -53), S(  -3, -63),
    ],
    [ // rook
        S(  59, -32), S(  67, -33), S(  68, -37), S(  66, -33), S(  66, -33), S(  68, -37), S(  67, -33), S(  59, -32),
        S(  43, -25), S(  43, -22), S(  66, -32), S(  67, -32), S(  67, -32), S(  66, -32), S(  43, -22), S(  43, -25),
        S(  17, -12), S(  46, -23), S(  53, -31), S(  50, -29), S(  50, -29), S(  53, -31), S(  46, -23), S(  17, -12),
        S(   7, -19), S(  16, -17), S(  30, -30), S(  31, -29), S(  31, -29), S(  30, -30), S(  16, -17), S(   7, -19),
        S(  -1, -33), S(   4, -28), S(   9, -30), S(  12, -35), S(  12, -35), S(   9, -30), S(   4, -28), S(  -1, -33),
        S( -13, -41), S(   2, -41), S(   5, -45), S(   5, -44), S(   5, -44), S(   5, -45), S(   2, -41), S( -13, -41),
        S( -27, -53), S(   2, -55), S(  12, -56), S(  12, -57), S(  12, -57), S(  12, -56), S(   2, -55), S( -27, -53),
        S(   6, -63), S(   9, -55), S(  16, -52), S(  23, -60), S(  23, -60), S(  16, -52), S(   9, -55), S(   6, -63),
    ],
    [ // queen
        S( -21, -21), S(   1, -33), S(  16, -40), S(   4, -21), S(   4, -21), S(  16, -40), S(   1, -33), S( -21, -21),
        S(  -8, -39), S( -12, -22), S(   1, -13), S(  -8,  -1), S(  -8,  -1), S(   1, -13), S( -12, -22), S(  -8, -39),
        S(   7, -59), S(  12, -36), S(   8, -21), S(  15, -30), S(  15, -30), S(   8, -21), S(  12, -36), S(   7, -59),
        S(   4, -61), S(   1, -34), S(   2, -28), S(   8, -47), S(   8, -47), S(   2, -28), S(   1, -34), S(   4, -61),
        S(  -3, -61), S(   0, -40), S(  -2, -34), S(  -1, -39), S(  -1, -39), S(  -2, -34), S(   0, -40), S(  -3, -61),
        S(  -7, -83), S(   1, -69), S(  -2, -58), S(  -5, -53), S(  -5, -53), S(  -2, -58), S(   1, -69), S(  -7, -83),
        S(  -3,-112), S(   0, -97), S(   8,-105), S(   5, -93), S(   5, -93), S(   8,-105), S(   0, -97), S(  -3,-112),
        S( -19,-130), S( -13,-113), S(  -4,-116), S(   2,-115), S(   2,-115), S(  -4,-116), S( -13,-113), S( -19,-130),
    ],
    [ // king
        S(  20, -52), S(  47,  46), S(  67,   6), S( -18,  46), S( -18,  46), S(  67,   6), S(  47,  46), S(  20, -52),
        S( -55,  13), S(  75, -22), S(  25,   8), S( -53,  53), S( -53,  53), S(  25,   8), S(  75, -22), S( -55,  13),
        S(  26, -28), S(  70,  -4), S( -45,  29), S( -75,  39), S( -75,  39), S( -45,  29), S(  70,  -4), S(  26, -28),
        S(  -6,  -4), S(  13,  23), S( -44,  29), S( -64,  24), S( -64,  24), S( -44,  29), S(  13,  23), S(  -6,  -4),
        S( -61,   0), S( -20,  27), S( -24,  13), S( -38,   2), S( -38,   2), S( -24,  13), S( -20,  27), S( -61,   0),
        S( -38, -10), S( -21,  21), S(  -7,   2), S( -40,  -9), S( -40,  -9), S(  -7,   2), S( -21,  21), S( -38, -10),
        S( -16,  -5), S( -20,  28), S( -30,   4), S( -56, -13), S( -56, -13), S( -30,   4), S( -20,  28), S( -16,  -5),
        S( -26,   0), S(  -6,  20), S( -13, -14), S( -25, -47), S( -25, -47), S( -13, -14), S(  -6,  20), S( -26,   0),
    ],
];

/// A passed pawn, by its rank counted from its own side (index 0 = first rank).
pub const PASSED: [S; 8] = [
    S(0, 0),
    S(-2, 20),
    S(2, 31),
    S(3, 50),
    S(13, 76),
    S(37, 78),
    S(46, 59),
    S(0, 0),
];
/// Extra for a passed pawn whose path to promotion holds no piece at all.
pub const PASSED_FREE: [S; 8] = [
    S(0, 0),
    S(-2, 2),
    S(-4, 1),
    S(-13, 15),
    S(-10, 26),
    S(7, 36),
    S(42, 32),
    S(0, 0),
];
/// Per square of the enemy king's distance (in king moves) to a passed pawn's stop
/// square, by the pawn's relative rank: the defending king far away is good.
pub const PASSED_KING_THEIRS: [S; 8] = [
    S(0, 0),
    S(0, -2),
    S(-3, 3),
    S(-2, 13),
    S(4, 20),
    S(12, 34),
    S(2, 49),
    S(0, 0),
];
/// Per square of our own king's distance to a passed pawn's stop square, by the
/// pawn's relative rank: our own king far away is bad.
pub const PASSED_KING_OURS: [S; 8] = [
    S(0, 0),
    S(1, -1),
    S(5, -7),
    S(5, -18),
    S(0, -23),
    S(-9, -26),
    S(2, -30),
    S(0, 0),
];
/// Each pawn beyond the first on one file.
pub const DOUBLED: S = S(-8, -22);
/// A pawn with no friendly pawn on either neighbouring file: opposed (an enemy pawn
/// ahead of it on its file), unopposed (open to their rooks).
pub const ISOLATED: [S; 2] = [S(-6, -8), S(-8, -12)];
/// Two bishops.
pub const BISHOP_PAIR: S = S(17, 57);
/// A rook on a file with no pawn.
pub const ROOK_OPEN: S = S(28, 2);
/// A rook on a file with enemy pawns only.
pub const ROOK_HALF_OPEN: S = S(11, 15);
/// Mobility by the number of safe squares a piece reaches (squares not held by our
/// pieces nor attacked by enemy pawns): a table per piece, indexed by that count, so
/// that the tuner can bend what a straight line per square cannot (a trapped piece is
/// worse than linear, the tenth square worth less than the third). The hand-set start
/// was a straight line through zero at a typical count. This is the knight's (0 to 8
/// squares).
pub const MOBILITY_KNIGHT: [S; 9] = [
    S(-22, -20),
    S(-12, -15),
    S(-6, 1),
    S(-2, 8),
    S(1, 13),
    S(5, 15),
    S(8, 15),
    S(10, 12),
    S(12, -8),
];
/// A bishop's mobility by its number of safe squares (0 to 13); see
/// [`MOBILITY_KNIGHT`].
pub const MOBILITY_BISHOP: [S; 14] = [
    S(-25, -36),
    S(-17, -23),
    S(-10, -14),
    S(-7, -5),
    S(-6, 2),
    S(-3, 13),
    S(-3, 16),
    S(-1, 18),
    S(1, 17),
    S(4, 15),
    S(13, 10),
    S(18, 1),
    S(28, 20),
    S(26, 6),
];
/// A rook's mobility by its number of safe squares (0 to 14); see [`MOBILITY_KNIGHT`].
pub const MOBILITY_ROOK: [S; 15] = [
    S(-22, -33),
    S(-10, -29),
    S(-7, -19),
    S(-4, -14),
    S(-4, -6),
    S(-1, 0),
    S(-1, 6),
    S(1, 8),
    S(2, 15),
    S(1, 19),
    S(3, 21),
    S(2, 24),
    S(5, 28),
    S(8, 20),
    S(11, 12),
];
/// A queen's mobility by its number of safe squares (0 to 27); see
/// [`MOBILITY_KNIGHT`].
pub const MOBILITY_QUEEN: [S; 28] = [
    S(-13, -26),
    S(-12, -24),
    S(-13, -22),
    S(-13, -23),
    S(-9, -21),
    S(-8, -19),
    S(-6, -14),
    S(-6, -11),
    S(-4, -9),
    S(-3, -6),
    S(-2, -2),
    S(-1, 1),
    S(-1, 3),
    S(2, 7),
    S(5, 9),
    S(4, 11),
    S(4, 11),
    S(7, 14),
    S(8, 15),
    S(8, 15),
    S(8, 15),
    S(7, 10),
    S(10, 16),
    S(9, 16),
    S(11, 20),
    S(10, 19),
    S(13, 25),
    S(14, 25),
];
/// Our king's pawn shelter, on each of the (up to) three files of and next to its own:
/// the nearest of our pawns on that file, on the king's rank or ahead, by its distance
/// in ranks (7: none). Indexed by `64 * (1 if it is the king's own file) + 8 * file +
/// distance`, as a king on the h-file and one on the d-file want different shelters;
/// mirror files (a and h, b and g, ...) hold the same values, so that a shelter means
/// the same on either wing (the tuner keeps them tied).
pub const SHIELD: [S; 128] = [
    S(11, -20),
    S(17, -22),
    S(12, -23),
    S(6, -28),
    S(-1, -10),
    S(16, 11),
    S(-87, 74),
    S(-4, 1),
    S(13, -2),
    S(10, -18),
    S(0, -11),
    S(4, -13),
    S(-26, -4),
    S(-31, 2),
    S(-47, 34),
    S(-36, 19),
    S(20, 3),
    S(18, -5),
    S(-9, -2),
    S(-11, -11),
    S(-10, -2),
    S(27, -17),
    S(28, -37),
    S(-24, 10),
    S(10, 14),
    S(8, 6),
    S(-3, 8),
    S(0, 1),
    S(-4, -8),
    S(-24, 25),
    S(-77, 57),
    S(-10, 12),
    S(10, 14),
    S(8, 6),
    S(-3, 8),
    S(0, 1),
    S(-4, -8),
    S(-24, 25),
    S(-77, 57),
    S(-10, 12),
    S(20, 3),
    S(18, -5),
    S(-9, -2),
    S(-11, -11),
    S(-10, -2),
    S(27, -17),
    S(28, -37),
    S(-24, 10),
    S(13, -2),
    S(10, -18),
    S(0, -11),
    S(4, -13),
    S(-26, -4),
    S(-31, 2),
    S(-47, 34),
    S(-36, 19),
    S(11, -20),
    S(17, -22),
    S(12, -23),
    S(6, -28),
    S(-1, -10),
    S(16, 11),
    S(-87, 74),
    S(-4, 1),
    S(0, 0),
    S(33, -28),
    S(25, -27),
    S(-4, -10),
    S(16, 6),
    S(0, 31),
    S(-37, 30),
    S(-28, 23),
    S(0, 0),
    S(19, -21),
    S(14, -18),
    S(1, -26),
    S(-24, -14),
    S(-14, 16),
    S(-36, -1),
    S(-36, 9),
    S(0, 0),
    S(16, -8),
    S(7, -2),
    S(-6, -11),
    S(-5, -3),
    S(-35, 20),
    S(-31, -36),
    S(-24, 5),
    S(0, 0),
    S(9, 22),
    S(10, 18),
    S(4, 10),
    S(-7, 8),
    S(-19, 21),
    S(-94, -16),
    S(-12, 17),
    S(0, 0),
    S(9, 22),
    S(10, 18),
    S(4, 10),
    S(-7, 8),
    S(-19, 21),
    S(-94, -16),
    S(-12, 17),
    S(0, 0),
    S(16, -8),
    S(7, -2),
    S(-6, -11),
    S(-5, -3),
    S(-35, 20),
    S(-31, -36),
    S(-24, 5),
    S(0, 0),
    S(19, -21),
    S(14, -18),
    S(1, -26),
    S(-24, -14),
    S(-14, 16),
    S(-36, -1),
    S(-36, 9),
    S(0, 0),
    S(33, -28),
    S(25, -27),
    S(-4, -10),
    S(16, 6),
    S(0, 31),
    S(-37, 30),
    S(-28, 23),
];
/// A piece of theirs (knight, bishop, rook, queen) attacked by one of our pawns.
pub const THREAT_BY_PAWN: S = S(46, 33);
/// A rook or queen of theirs attacked by one of our knights or bishops.
pub const THREAT_BY_MINOR: S = S(37, 18);
/// A queen of theirs attacked by one of our rooks.
pub const THREAT_BY_ROOK: S = S(33, 19);
/// A pawn whose neighbours have all advanced past it and whose stop square an enemy
/// pawn holds: opposed, unopposed (as [`ISOLATED`]).
pub const BACKWARD: [S; 2] = [S(-4, -9), S(-9, -11)];
/// A pawn defended by one of our pawns, by its relative rank.
pub const SUPPORTED: [S; 8] = [
    S(0, 0),
    S(0, 0),
    S(16, 13),
    S(15, 10),
    S(14, 8),
    S(32, 14),
    S(47, 61),
    S(0, 0),
];
/// A pawn with one of ours beside it on its rank (each pawn of the pair counts), by
/// its relative rank.
pub const PHALANX: [S; 8] = [
    S(0, 0),
    S(5, 4),
    S(6, 5),
    S(5, 10),
    S(12, 22),
    S(46, 50),
    S(25, 50),
    S(0, 0),
];
/// A passed pawn whose stop square holds an enemy piece.
pub const PASSED_BLOCKED: S = S(-6, -10);
/// Their pawns storming our king, on the same three files: the nearest of theirs on
/// that file, on the king's rank or ahead, by its distance in ranks (7: none).
/// Indexed by `32 * blocked + 8 * (file folded to a-d) + distance`, where blocked
/// means it stands right in front of our nearest pawn on the file and so cannot come
/// on.
pub const STORM: [S; 64] = [
    S(15, 22),
    S(-5, 9),
    S(-28, 13),
    S(-15, 8),
    S(2, -8),
    S(5, -8),
    S(4, -3),
    S(10, -13),
    S(17, 21),
    S(15, 16),
    S(-22, 0),
    S(-12, 2),
    S(1, -2),
    S(2, -5),
    S(2, -2),
    S(-6, -2),
    S(23, 22),
    S(9, 11),
    S(-24, 4),
    S(-10, 1),
    S(1, -4),
    S(1, -5),
    S(7, -9),
    S(-1, -7),
    S(14, 16),
    S(1, 7),
    S(-22, 1),
    S(-7, 0),
    S(3, -4),
    S(2, -1),
    S(1, 17),
    S(-4, -3),
    S(0, 0),
    S(0, 0),
    S(5, -17),
    S(2, -6),
    S(6, 1),
    S(-5, -22),
    S(-9, -19),
    S(10, 15),
    S(0, 0),
    S(0, 0),
    S(-8, -9),
    S(-2, -18),
    S(-5, -16),
    S(14, -23),
    S(-23, -21),
    S(10, 13),
    S(0, 0),
    S(0, 0),
    S(-7, -13),
    S(-3, -5),
    S(6, 0),
    S(8, -22),
    S(-5, -23),
    S(18, 23),
    S(0, 0),
    S(0, 0),
    S(-12, -17),
    S(7, -10),
    S(4, -7),
    S(5, 8),
    S(-21, -20),
    S(6, 21),
];
/// The side to move's edge.
pub const TEMPO: S = S(15, 12);
/// A passed pawn by whether it can advance (its stop square empty) and whether it
/// can do so safely (the enemy does not attack the stop square), and by relative
/// rank: `16 * can + 8 * safe + rank`.
pub const PASSED_SAFE: [S; 32] = [
    S(0, 0),
    S(1, -6),
    S(7, 5),
    S(-3, 18),
    S(9, 13),
    S(16, 6),
    S(-37, -22),
    S(0, 0),
    S(0, 0),
    S(3, 11),
    S(6, 18),
    S(-11, 35),
    S(3, 28),
    S(21, -3),
    S(-23, -49),
    S(0, 0),
    S(0, 0),
    S(-8, 12),
    S(-11, 17),
    S(-4, 24),
    S(2, 12),
    S(24, -15),
    S(32, -37),
    S(0, 0),
    S(0, 0),
    S(-4, 19),
    S(-4, 26),
    S(-2, 34),
    S(-1, 39),
    S(-1, 35),
    S(6, 39),
    S(0, 0),
];
/// A pawn that is not passed but could become so: its file is open ahead and the
/// enemy pawns guarding its way are no more than ours backing it, by rank.
pub const CANDIDATE: [S; 8] = [
    S(0, 0),
    S(2, -5),
    S(3, 6),
    S(5, 16),
    S(8, 14),
    S(1, 1),
    S(0, 0),
    S(0, 0),
];
/// A knight or bishop (in that order) on an outpost: on its fourth to sixth rank,
/// defended by a pawn, out of reach of every enemy pawn.
pub const OUTPOST: [S; 2] = [S(9, 11), S(10, 14)];
/// A knight or bishop with a pawn (of either side) right in front of it.
pub const MINOR_BEHIND_PAWN: S = S(5, 14);
/// A knight by its distance (king steps) to the nearest king.
pub const KNIGHT_KING_DISTANCE: [S; 8] = [
    S(0, 0),
    S(1, 2),
    S(2, -2),
    S(-2, 3),
    S(-4, 2),
    S(-4, 1),
    S(4, 3),
    S(0, 0),
];
/// A knight by how closed the position is (pawns blocked head-on, 0 to 8).
pub const KNIGHT_CLOSED: [S; 9] = [
    S(-1, -10),
    S(0, 8),
    S(-2, 7),
    S(-2, 3),
    S(1, 1),
    S(-1, 0),
    S(0, 0),
    S(0, 0),
    S(0, 0),
];
/// A bishop on a long diagonal that sees both centre squares of it past the pawns.
pub const BISHOP_LONG_DIAGONAL: S = S(6, 2);
/// Per pawn of ours blocked head-on by an enemy pawn on a square of our bishop's
/// colour.
pub const BISHOP_RAMMED_PAWNS: S = S(2, -10);
/// A rook on the seventh rank with the enemy king on the eighth or enemy pawns on
/// the seventh.
pub const ROOK_SEVENTH: S = S(-13, 18);
/// A rook by how closed the position is (pawns blocked head-on, 0 to 8).
pub const ROOK_CLOSED: [S; 9] = [
    S(-4, 14),
    S(-6, 22),
    S(-1, 6),
    S(-1, -2),
    S(0, 0),
    S(0, 0),
    S(0, 0),
    S(0, 0),
    S(0, 0),
];
/// An enemy pawn we attack that nothing defends.
pub const THREAT_WEAK_PAWN: S = S(12, 45);
/// An enemy knight or bishop attacked by one of our knights or bishops.
pub const THREAT_MINOR_BY_MINOR: S = S(20, 24);
/// An enemy knight or bishop attacked by one of our rooks or queens.
pub const THREAT_MINOR_BY_MAJOR: S = S(4, 18);
/// An enemy queen attacked by anything of ours.
pub const THREAT_QUEEN: S = S(0, 3);
/// An enemy knight, bishop, rook or queen we attack that nothing defends.
pub const THREAT_HANGING: S = S(17, 5);
/// An enemy piece or pawn our king attacks that nothing defends.
pub const THREAT_BY_KING: S = S(17, 21);
/// An enemy knight, bishop, rook or queen that one of our pawns would attack after a
/// safe push.
pub const THREAT_PAWN_PUSH: S = S(12, 11);
/// Our king's distance (in king steps) to the nearest pawn of either side.
pub const KING_PAWN_DISTANCE: [S; 8] = [
    S(0, 0),
    S(9, 33),
    S(6, 23),
    S(-2, 3),
    S(-5, -24),
    S(-5, -22),
    S(-4, -9),
    S(-1, -3),
];

// The danger to a king is a count, the sum of the weights below over what the enemy
// brings against it; the count becomes a score through a curve, −count² / 720 in the
// middlegame and −count / 20 in the endgame (negative counts are no danger). Each is a
// middlegame/endgame pair of counts, not of centipawns.

/// Enemy knights, bishops, rooks and queens that hit the king's zone (the king's
/// square and its neighbours), by kind.
pub const DANGER_ATTACKER: [S; 4] = [S(12, 14), S(15, 8), S(18, 11), S(12, 8)];
/// Safe checks the enemy has (onto squares we do not defend, or weak squares they hit
/// twice), by the checking piece's kind: knight, bishop, rook, queen.
pub const DANGER_SAFE_CHECK: [S; 4] = [S(98, 99), S(52, 50), S(91, 91), S(52, 87)];
/// Each square of the king's zone hit by an enemy piece, counted per piece.
pub const DANGER_ZONE_HITS: S = S(34, 38);
/// Weak squares of the zone: attacked, and defended at most by our king or queen.
pub const DANGER_WEAK: S = S(14, 31);
/// Our pawns in the zone on squares that are not weak.
pub const DANGER_PAWN_DEFENDERS: S = S(-13, -18);
/// The enemy has no queen.
pub const DANGER_NO_QUEEN: S = S(-251, -250);
/// Every count starts here.
pub const DANGER_BASE: S = S(-15, -20);
/// The curve's middlegame divisor (not tuned: it scales the counts).
pub const DANGER_MG_DIV: i32 = 720;
/// The curve's endgame divisor (not tuned).
pub const DANGER_EG_DIV: i32 = 20;

// The complexity is a count in endgame centipawns (only the second half of each pair
// is used): it moves the endgame score away from zero when positive and toward it,
// never across, when negative.

/// Per pawn on the board.
pub const COMPLEXITY_PAWNS: S = S(0, 6);
/// Pawns on both wings.
pub const COMPLEXITY_FLANKS: S = S(0, 104);
/// Kings and pawns only.
pub const COMPLEXITY_PAWN_ENDGAME: S = S(0, 92);
/// Every count starts here.
pub const COMPLEXITY_BASE: S = S(0, -165);

// The scale factors multiply the endgame score (after the complexity) by
// n/SCALE_NORMAL in material configurations that are harder (or easier) to win than the
// count says; the side ahead in the endgame score decides which case applies. Only the
// second half of each pair is used; every other configuration keeps SCALE_NORMAL.

/// The scale factors' denominator, and the factor of every configuration that no case
/// names: the endgame score as it is (not tuned).
pub const SCALE_NORMAL: i32 = 128;

/// Opposite-coloured bishops and nothing else but pawns.
pub const SCALE_OCB_BISHOPS: S = S(0, 50);
/// Opposite-coloured bishops with one knight each.
pub const SCALE_OCB_KNIGHTS: S = S(0, 98);
/// Opposite-coloured bishops with one rook each.
pub const SCALE_OCB_ROOKS: S = S(0, 109);
/// The side ahead has only a queen; the other has two pieces or more and no queen.
pub const SCALE_LONE_QUEEN: S = S(0, 119);
/// The side ahead has only a knight or a bishop, and no pawns.
pub const SCALE_LONE_MINOR: S = S(0, 0);
/// No queens, at most one piece a side, and three pawns or more up.
pub const SCALE_PAWN_EDGE: S = S(0, 170);

// The material imbalance: what a piece is worth beside the others on the board,
// beyond its fixed value. Pairs of kinds, pawn to queen, in the order (pawn, pawn),
// (pawn, knight), ..., (queen, queen): the first index runs slower.

/// Our pieces of kind i times our pieces of kind j (i <= j): 15 weights.
pub const IMBALANCE_OURS: [S; 15] = [
    S(-1, 2),
    S(2, 16),
    S(0, 14),
    S(-3, 18),
    S(5, 31),
    S(-1, -13),
    S(0, -15),
    S(4, -12),
    S(-7, -2),
    S(2, -12),
    S(1, -11),
    S(0, 0),
    S(3, -2),
    S(-4, -3),
    S(-5, -12),
];
/// Our pieces of kind i times theirs of kind j (i < j; the other way round is the
/// other side's term): 10 weights.
pub const IMBALANCE_THEIRS: [S; 10] = [
    S(0, -17),
    S(2, -22),
    S(2, -17),
    S(1, -32),
    S(1, 5),
    S(-2, 2),
    S(2, 4),
    S(4, 0),
    S(4, -5),
    S(10, 7),
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
    ("THREAT_BY_PAWN", &[THREAT_BY_PAWN]),
    ("THREAT_BY_MINOR", &[THREAT_BY_MINOR]),
    ("THREAT_BY_ROOK", &[THREAT_BY_ROOK]),
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
