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
    S(59, 127),
    S(321, 309),
    S(338, 306),
    S(450, 553),
    S(1079, 850),
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
        S( 160,  70), S( 135, 127), S( 130, 131), S( 164, 105), S( 164, 105), S( 130, 131), S( 135, 127), S( 160,  70),
        S(   8,  43), S(  -9,  64), S(  -1,  56), S(  18,  31), S(  18,  31), S(  -1,  56), S(  -9,  64), S(   8,  43),
        S(  -6,  33), S(  -4,  32), S(  -7,  10), S(  -3,  -2), S(  -3,  -2), S(  -7,  10), S(  -4,  32), S(  -6,  33),
        S( -18,  19), S( -14,  21), S(  -5,   1), S(   2,  -7), S(   2,  -7), S(  -5,   1), S( -14,  21), S( -18,  19),
        S( -20,  16), S( -11,  13), S( -13,   6), S(  -9,   6), S(  -9,   6), S( -13,   6), S( -11,  13), S( -20,  16),
        S( -17,  24), S(  -7,  22), S( -13,  21), S( -12,  22), S( -12,  22), S( -13,  21), S(  -7,  22), S( -17,  24),
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
    ],
    [ // knight
        S(-143, -83), S( -51, -15), S( -70,   5), S( -11,  -7), S( -11,  -7), S( -70,   5), S( -51, -15), S(-143, -83),
        S( -11, -26), S( -22,  -1), S(   9,  -5), S(  14,   7), S(  14,   7), S(   9,  -5), S( -22,  -1), S( -11, -26),
        S(  -7, -24), S(   5, -12), S(  15,   5), S(  29,  10), S(  29,  10), S(  15,   5), S(   5, -12), S(  -7, -24),
        S(   9, -11), S(  16, -13), S(  25,   3), S(  23,  10), S(  23,  10), S(  25,   3), S(  16, -13), S(   9, -11),
        S(   6, -19), S(  17,  -8), S(  22,  -1), S(  17,  10), S(  17,  10), S(  22,  -1), S(  17,  -8), S(   6, -19),
        S(  -7, -38), S(   2, -26), S(   4, -25), S(   4,  -4), S(   4,  -4), S(   4, -25), S(   2, -26), S(  -7, -38),
        S( -17, -39), S( -22, -20), S(  -3, -36), S(   1, -26), S(   1, -26), S(  -3, -36), S( -22, -20), S( -17, -39),
        S( -19, -97), S( -16, -56), S( -16, -44), S( -13, -30), S( -13, -30), S( -16, -44), S( -16, -56), S( -19, -97),
    ],
    [ // bishop
        S( -68, -16), S( -26,  -2), S( -65,  10), S( -46,   6), S( -46,   6), S( -65,  10), S( -26,  -2), S( -68, -16),
        S( -22, -17), S( -18, -34), S(   4,  -2), S( -18,   9), S( -18,   9), S(   4,  -2), S( -18, -34), S( -22, -17),
        S(  10, -23), S(  11, -12), S(   0, -25), S(  11,  -2), S(  11,  -2), S(   0, -25), S(  11, -12), S(  10, -23),
        S(   2, -20), S(   5,  -5), S(  11,  -5), S(   6, -23), S(   6, -23), S(  11,  -5), S(   5,  -5), S(   2, -20),
        S(   6, -30), S(  12, -10), S(  13,  -3), S(   6, -27), S(   6, -27), S(  13,  -3), S(  12, -10), S(   6, -30),
        S(   8, -27), S(  17, -15), S(   9, -35), S(  10,  -2), S(  10,  -2), S(   9, -35), S(  17, -15), S(   8, -27),
        S(   8, -43), S(  14, -60), S(  15, -27), S(  11, -18), S(  11, -18), S(  15, -27), S(  14, -60), S(   8, -43),
        S(  -6, -69), S(   0, -35), S(   0, -31), S(   2, -24), S(   2, -24), S(   0, -31), S(   0, -35), S(  -6, -69),
    ],
    [ // rook
        S(  29, -20), S(  37, -20), S(  38, -24), S(  31, -25), S(  31, -25), S(  38, -24), S(  37, -20), S(  29, -20),
        S(  29, -31), S(  40, -33), S(  45, -34), S(  55, -43), S(  55, -43), S(  45, -34), S(  40, -33), S(  29, -31),
        S(  17, -19), S(  36, -27), S(  34, -26), S(  47, -38), S(  47, -38), S(  34, -26), S(  36, -27), S(  17, -19),
        S(   1, -17), S(  12, -16), S(  16, -18), S(  28, -30), S(  28, -30), S(  16, -18), S(  12, -16), S(   1, -17),
        S(  -3, -31), S(   2, -26), S(   3, -27), S(   4, -29), S(   4, -29), S(   3, -27), S(   2, -26), S(  -3, -31),
        S(  -9, -40), S(   4, -43), S(   0, -37), S(   2, -39), S(   2, -39), S(   0, -37), S(   4, -43), S(  -9, -40),
        S( -21, -47), S(  -5, -51), S(   7, -52), S(  12, -55), S(  12, -55), S(   7, -52), S(  -5, -51), S( -21, -47),
        S(   4, -65), S(   8, -61), S(  14, -54), S(  19, -62), S(  19, -62), S(  14, -54), S(   8, -61), S(   4, -65),
    ],
    [ // queen
        S( -30, -48), S(  -3, -79), S(  19, -92), S(  16, -79), S(  16, -79), S(  19, -92), S(  -3, -79), S( -30, -48),
        S( -13, -76), S( -17, -62), S(  -2, -59), S( -16, -51), S( -16, -51), S(  -2, -59), S( -17, -62), S( -13, -76),
        S(  -5, -94), S(  -2, -84), S( -12, -43), S(  -1, -51), S(  -1, -51), S( -12, -43), S(  -2, -84), S(  -5, -94),
        S(   0, -97), S(  -8, -68), S(  -7, -56), S( -10, -46), S( -10, -46), S(  -7, -56), S(  -8, -68), S(   0, -97),
        S(  -2, -97), S(  -1, -90), S(  -3, -72), S(  -2, -57), S(  -2, -57), S(  -3, -72), S(  -1, -90), S(  -2, -97),
        S(  -3,-124), S(   3,-114), S(   1, -95), S(  -2, -96), S(  -2, -96), S(   1, -95), S(   3,-114), S(  -3,-124),
        S(  -2,-150), S(   8,-161), S(  12,-155), S(   9,-137), S(   9,-137), S(  12,-155), S(   8,-161), S(  -2,-150),
        S( -12,-161), S(  -6,-159), S(   4,-162), S(   9,-169), S(   9,-169), S(   4,-162), S(  -6,-159), S( -12,-161),
    ],
    [ // king
        S(  35,-124), S( -61,  81), S(   6,  33), S(  24, -18), S(  24, -18), S(   6,  33), S( -61,  81), S(  35,-124),
        S(  -4,  -7), S( -38,  76), S( -27,  46), S(  30,  -6), S(  30,  -6), S( -27,  46), S( -38,  76), S(  -4,  -7),
        S(  13,   9), S( -23,  50), S(  33,  15), S( -41,  27), S( -41,  27), S(  33,  15), S( -23,  50), S(  13,   9),
        S(   0,   7), S( -10,  26), S(  12,  13), S( -39,  18), S( -39,  18), S(  12,  13), S( -10,  26), S(   0,   7),
        S( -64,   5), S( -23,  10), S( -23,   7), S( -54,  13), S( -54,  13), S( -23,   7), S( -23,  10), S( -64,   5),
        S( -55,   4), S( -31,   8), S( -28,   3), S( -57,   6), S( -57,   6), S( -28,   3), S( -31,   8), S( -55,   4),
        S( -16,  -4), S( -18,   1), S( -32,  -1), S( -58,  -3), S( -58,  -3), S( -32,  -1), S( -18,   1), S( -16,  -4),
        S( -19, -17), S(   3, -10), S(  -9, -19), S( -26, -39), S( -26, -39), S(  -9, -19), S(   3, -10), S( -19, -17),
    ],
];

/// A passed pawn, by its rank counted from its own side (index 0 = first rank).
pub const PASSED: [S; 8] = [
    S(0, 0),
    S(4, 17),
    S(-6, 34),
    S(-15, 55),
    S(18, 74),
    S(52, 82),
    S(107, 37),
    S(0, 0),
];
/// Extra for a passed pawn whose path to promotion holds no piece at all.
pub const PASSED_FREE: [S; 8] = [
    S(0, 0),
    S(-3, 6),
    S(-3, -1),
    S(0, 7),
    S(-2, 17),
    S(10, 37),
    S(50, 26),
    S(0, 0),
];
/// Per square of the enemy king's distance (in king moves) to a passed pawn's stop
/// square, by the pawn's relative rank: the defending king far away is good.
pub const PASSED_KING_THEIRS: [S; 8] = [
    S(0, 0),
    S(0, -4),
    S(0, 1),
    S(-3, 13),
    S(-5, 28),
    S(-3, 42),
    S(-1, 55),
    S(0, 0),
];
/// Per square of our own king's distance to a passed pawn's stop square, by the
/// pawn's relative rank: our own king far away is bad.
pub const PASSED_KING_OURS: [S; 8] = [
    S(0, 0),
    S(-2, 0),
    S(4, -9),
    S(11, -19),
    S(2, -24),
    S(-7, -25),
    S(-25, -17),
    S(0, 0),
];
/// Each pawn beyond the first on one file.
pub const DOUBLED: S = S(-7, -26);
/// A pawn with no friendly pawn on either neighbouring file: opposed (an enemy pawn
/// ahead of it on its file), unopposed (open to their rooks).
pub const ISOLATED: [S; 2] = [S(-6, -8), S(-12, -15)];
/// Two bishops.
pub const BISHOP_PAIR: S = S(20, 47);
/// A rook on a file with no pawn.
pub const ROOK_OPEN: S = S(31, -3);
/// A rook on a file with enemy pawns only.
pub const ROOK_HALF_OPEN: S = S(14, 8);
/// Mobility by the number of safe squares a piece reaches (squares not held by our
/// pieces nor attacked by enemy pawns): a table per piece, indexed by that count, so
/// that the tuner can bend what a straight line per square cannot (a trapped piece is
/// worse than linear, the tenth square worth less than the third). The hand-set start
/// was a straight line through zero at a typical count. This is the knight's (0 to 8
/// squares).
pub const MOBILITY_KNIGHT: [S; 9] = [
    S(-28, -36),
    S(-18, -61),
    S(-15, -27),
    S(-12, -13),
    S(-8, -1),
    S(-5, 5),
    S(-2, 9),
    S(2, 5),
    S(2, 3),
];
/// A bishop's mobility by its number of safe squares (0 to 13); see
/// [`MOBILITY_KNIGHT`].
pub const MOBILITY_BISHOP: [S; 14] = [
    S(-31, -45),
    S(-25, -37),
    S(-19, -19),
    S(-17, -3),
    S(-15, 4),
    S(-12, 9),
    S(-11, 13),
    S(-10, 15),
    S(-8, 15),
    S(-9, 14),
    S(-2, 8),
    S(3, 7),
    S(11, 7),
    S(-22, 7),
];
/// A rook's mobility by its number of safe squares (0 to 14); see [`MOBILITY_KNIGHT`].
pub const MOBILITY_ROOK: [S; 15] = [
    S(-20, -68),
    S(-14, -39),
    S(-10, -28),
    S(-9, -18),
    S(-9, -12),
    S(-6, -5),
    S(-5, 2),
    S(-4, 7),
    S(-3, 13),
    S(-4, 20),
    S(-3, 26),
    S(-4, 30),
    S(-5, 32),
    S(3, 29),
    S(-5, 34),
];
/// A queen's mobility by its number of safe squares (0 to 27); see
/// [`MOBILITY_KNIGHT`].
pub const MOBILITY_QUEEN: [S; 28] = [
    S(-19, -160),
    S(-18, -54),
    S(-10, -75),
    S(-8, -52),
    S(-6, -41),
    S(-6, -26),
    S(-4, -14),
    S(-3, -1),
    S(-3, 6),
    S(-2, 15),
    S(-1, 23),
    S(-1, 29),
    S(-3, 42),
    S(-6, 50),
    S(-2, 48),
    S(-5, 55),
    S(-5, 55),
    S(-1, 49),
    S(-3, 53),
    S(2, 47),
    S(16, 33),
    S(48, -7),
    S(33, -2),
    S(112, -85),
    S(60, -58),
    S(108, -108),
    S(43, -67),
    S(23, -112),
];
/// Our king's pawn shelter, on each of the (up to) three files of and next to its own:
/// the nearest of our pawns on that file, on the king's rank or ahead, by its distance
/// in ranks (7: none). Indexed by `64 * (1 if it is the king's own file) + 8 * file +
/// distance`, as a king on the h-file and one on the d-file want different shelters;
/// mirror files (a and h, b and g, ...) hold the same values, so that a shelter means
/// the same on either wing (the tuner keeps them tied).
pub const SHIELD: [S; 128] = [
    S(9, -14),
    S(13, -12),
    S(11, -13),
    S(5, -12),
    S(12, 1),
    S(2, 34),
    S(-28, 56),
    S(-3, 2),
    S(19, -5),
    S(7, -13),
    S(-1, -12),
    S(-9, -13),
    S(-18, -15),
    S(-66, 51),
    S(-2, 21),
    S(-28, 13),
    S(21, 6),
    S(15, 2),
    S(-7, 2),
    S(-9, -9),
    S(-10, 0),
    S(14, 1),
    S(22, -31),
    S(-21, 7),
    S(5, 18),
    S(8, 9),
    S(0, 5),
    S(1, 1),
    S(-3, -5),
    S(-33, 22),
    S(-48, 44),
    S(-8, 7),
    S(5, 18),
    S(8, 9),
    S(0, 5),
    S(1, 1),
    S(-3, -5),
    S(-33, 22),
    S(-48, 44),
    S(-8, 7),
    S(21, 6),
    S(15, 2),
    S(-7, 2),
    S(-9, -9),
    S(-10, 0),
    S(14, 1),
    S(22, -31),
    S(-21, 7),
    S(19, -5),
    S(7, -13),
    S(-1, -12),
    S(-9, -13),
    S(-18, -15),
    S(-66, 51),
    S(-2, 21),
    S(-28, 13),
    S(9, -14),
    S(13, -12),
    S(11, -13),
    S(5, -12),
    S(12, 1),
    S(2, 34),
    S(-28, 56),
    S(-3, 2),
    S(0, 0),
    S(35, -34),
    S(28, -28),
    S(2, -9),
    S(10, 5),
    S(-20, 70),
    S(-104, 59),
    S(-21, 6),
    S(0, 0),
    S(19, -11),
    S(11, -15),
    S(-8, -22),
    S(-24, -10),
    S(-55, 40),
    S(-20, 3),
    S(-32, 10),
    S(0, 0),
    S(17, 3),
    S(5, -2),
    S(-3, -12),
    S(-4, -3),
    S(-19, 21),
    S(-1, 2),
    S(-24, 5),
    S(0, 0),
    S(11, 23),
    S(11, 11),
    S(6, 8),
    S(-6, 10),
    S(-37, 10),
    S(-132, 12),
    S(-9, 9),
    S(0, 0),
    S(11, 23),
    S(11, 11),
    S(6, 8),
    S(-6, 10),
    S(-37, 10),
    S(-132, 12),
    S(-9, 9),
    S(0, 0),
    S(17, 3),
    S(5, -2),
    S(-3, -12),
    S(-4, -3),
    S(-19, 21),
    S(-1, 2),
    S(-24, 5),
    S(0, 0),
    S(19, -11),
    S(11, -15),
    S(-8, -22),
    S(-24, -10),
    S(-55, 40),
    S(-20, 3),
    S(-32, 10),
    S(0, 0),
    S(35, -34),
    S(28, -28),
    S(2, -9),
    S(10, 5),
    S(-20, 70),
    S(-104, 59),
    S(-21, 6),
];
/// A pawn whose neighbours have all advanced past it and whose stop square an enemy
/// pawn holds: opposed, unopposed (as [`ISOLATED`]).
pub const BACKWARD: [S; 2] = [S(-3, -5), S(-13, -20)];
/// A pawn defended by one of our pawns, by its relative rank.
pub const SUPPORTED: [S; 8] = [
    S(0, 0),
    S(0, 0),
    S(14, 16),
    S(10, 17),
    S(17, 21),
    S(37, 48),
    S(98, 93),
    S(0, 0),
];
/// A pawn with one of ours beside it on its rank (each pawn of the pair counts), by
/// its relative rank.
pub const PHALANX: [S; 8] = [
    S(0, 0),
    S(4, 2),
    S(4, 5),
    S(7, 13),
    S(12, 35),
    S(65, 72),
    S(51, 185),
    S(0, 0),
];
/// A passed pawn whose stop square holds an enemy piece.
pub const PASSED_BLOCKED: S = S(-2, 3);
/// Their pawns storming our king, on the same three files: the nearest of theirs on
/// that file, on the king's rank or ahead, by its distance in ranks (7: none).
/// Indexed by `32 * blocked + 8 * (file folded to a-d) + distance`, where blocked
/// means it stands right in front of our nearest pawn on the file and so cannot come
/// on.
pub const STORM: [S; 64] = [
    S(-34, 16),
    S(50, -15),
    S(-17, 16),
    S(-7, 15),
    S(3, 4),
    S(4, 0),
    S(2, -2),
    S(5, -13),
    S(-40, 27),
    S(45, -9),
    S(-19, 13),
    S(-9, 7),
    S(-2, 3),
    S(0, 0),
    S(-1, 0),
    S(-6, -1),
    S(-3, 19),
    S(-4, 14),
    S(-27, 13),
    S(-11, 6),
    S(1, 1),
    S(2, -4),
    S(4, -9),
    S(2, -2),
    S(-8, 7),
    S(12, -10),
    S(-25, 3),
    S(-4, 0),
    S(5, -1),
    S(6, -9),
    S(4, -2),
    S(-4, -5),
    S(0, 0),
    S(0, 0),
    S(2, -9),
    S(16, -11),
    S(10, -6),
    S(-4, -22),
    S(-11, -8),
    S(-10, 14),
    S(0, 0),
    S(0, 0),
    S(-25, -8),
    S(1, -1),
    S(9, 1),
    S(-1, -8),
    S(47, -68),
    S(18, -15),
    S(0, 0),
    S(0, 0),
    S(-12, -21),
    S(1, -7),
    S(7, -11),
    S(5, -47),
    S(13, -98),
    S(-15, 1),
    S(0, 0),
    S(0, 0),
    S(-12, -26),
    S(4, -15),
    S(6, -10),
    S(10, -28),
    S(51, -66),
    S(-3, -9),
];
/// The side to move's edge.
pub const TEMPO: S = S(18, 19);
/// A passed pawn by whether it can advance (its stop square empty) and whether it
/// can do so safely (the enemy does not attack the stop square), and by relative
/// rank: `16 * can + 8 * safe + rank`.
pub const PASSED_SAFE: [S; 32] = [
    S(0, 0),
    S(-3, 13),
    S(-21, 21),
    S(-23, 28),
    S(9, -1),
    S(28, -21),
    S(1, -65),
    S(0, 0),
    S(0, 0),
    S(7, 13),
    S(-10, 22),
    S(-18, 24),
    S(7, 7),
    S(26, -1),
    S(31, -71),
    S(0, 0),
    S(0, 0),
    S(-2, 10),
    S(-17, 25),
    S(-21, 34),
    S(5, 16),
    S(35, -10),
    S(35, -49),
    S(0, 0),
    S(0, 0),
    S(1, 12),
    S(-8, 25),
    S(-21, 38),
    S(5, 40),
    S(23, 52),
    S(0, 74),
    S(0, 0),
];
/// A pawn that is not passed but could become so: its file is open ahead and the
/// enemy pawns guarding its way are no more than ours backing it, by rank.
pub const CANDIDATE: [S; 8] = [
    S(0, 0),
    S(0, -7),
    S(2, 7),
    S(2, 23),
    S(3, 28),
    S(9, 59),
    S(0, 0),
    S(0, 0),
];
/// A knight or bishop (in that order) on an outpost: on its fourth to sixth rank,
/// defended by a pawn, out of reach of every enemy pawn.
pub const OUTPOST: [S; 2] = [S(11, 8), S(15, 13)];
/// A knight or bishop with a pawn (of either side) right in front of it.
pub const MINOR_BEHIND_PAWN: S = S(4, 19);
/// A knight by its distance (king steps) to the nearest king.
pub const KNIGHT_KING_DISTANCE: [S; 8] = [
    S(0, 0),
    S(-2, 17),
    S(-3, 10),
    S(-6, 8),
    S(-13, 8),
    S(-13, 0),
    S(-17, 1),
    S(-39, -6),
];
/// A knight by how closed the position is (pawns blocked head-on, 0 to 8).
pub const KNIGHT_CLOSED: [S; 9] = [
    S(-10, -2),
    S(-9, 12),
    S(-11, 13),
    S(-22, 26),
    S(-8, 28),
    S(-27, 52),
    S(-80, 64),
    S(4, 61),
    S(0, 0),
];
/// A bishop on a long diagonal that sees both centre squares of it past the pawns.
pub const BISHOP_LONG_DIAGONAL: S = S(11, 32);
/// Per pawn of ours blocked head-on by an enemy pawn on a square of our bishop's
/// colour.
pub const BISHOP_RAMMED_PAWNS: S = S(0, -15);
/// A rook on the seventh rank with the enemy king on the eighth or enemy pawns on
/// the seventh.
pub const ROOK_SEVENTH: S = S(-12, 23);
/// A rook by how closed the position is (pawns blocked head-on, 0 to 8).
pub const ROOK_CLOSED: [S; 9] = [
    S(-13, 30),
    S(-16, 32),
    S(-5, 2),
    S(19, -29),
    S(-32, -18),
    S(-60, -17),
    S(-76, -40),
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
    S(-7, -53),
    S(-7, -48),
    S(70, 55),
    S(52, 55),
    S(59, 78),
    S(50, 79),
    S(84, 61),
    S(42, 69),
    S(55, 56),
    S(47, 11),
    S(17, 45),
    S(-3, 6),
    S(14, 60),
    S(7, 63),
    S(49, 33),
    S(31, 30),
    S(87, 13),
    S(56, 37),
    S(51, 30),
    S(34, 30),
    S(16, 39),
    S(-1, 3),
    S(50, 48),
    S(16, 34),
    S(48, 101),
    S(27, 91),
    S(69, 30),
    S(49, 46),
    S(57, 102),
    S(32, 121),
    S(9, 60),
    S(-5, 11),
    S(42, 55),
    S(4, 16),
    S(44, 54),
    S(6, 11),
    S(50, 46),
    S(23, 14),
    S(73, 9),
    S(40, 77),
    S(18, 22),
    S(0, 4),
    S(43, 40),
    S(3, -1),
    S(45, 48),
    S(2, 3),
    S(44, 33),
    S(1, -10),
    S(-1, 40),
    S(-14, -37),
    S(37, 60),
    S(15, 22),
    S(65, 49),
    S(-1, 26),
    S(140, 26),
    S(23, -2),
    S(92, 16),
    S(5, 2),
    S(28, 8),
    S(-17, -2),
];
/// An enemy knight, bishop, rook or queen we attack that nothing defends.
pub const THREAT_HANGING: S = S(-12, -7);
/// An enemy knight, bishop, rook or queen that one of our pawns would attack after a
/// safe push.
pub const THREAT_PAWN_PUSH: S = S(12, 16);
/// Our king's distance (in king steps) to the nearest pawn of either side.
pub const KING_PAWN_DISTANCE: [S; 8] = [
    S(0, 0),
    S(12, 39),
    S(8, 36),
    S(-9, 19),
    S(12, -26),
    S(46, -63),
    S(15, -66),
    S(-90, -51),
];

// The danger to a king is a count, the sum of the weights below over what the enemy
// brings against it; the count becomes a score through a curve, −count² / 720 in the
// middlegame and −count / 20 in the endgame (negative counts are no danger). Each is a
// middlegame/endgame pair of counts, not of centipawns.

/// Enemy knights, bishops, rooks and queens that hit the king's zone (the king's
/// square and its neighbours), by kind.
pub const DANGER_ATTACKER: [S; 4] = [S(10, 89), S(18, 125), S(12, -74), S(22, -27)];
/// Safe checks the enemy has (onto squares we do not defend, or weak squares they hit
/// twice), by the checking piece's kind: knight, bishop, rook, queen.
pub const DANGER_SAFE_CHECK: [S; 4] = [S(108, 40), S(58, 96), S(101, 87), S(57, 136)];
/// Each square of the king's zone hit by an enemy piece, counted per piece.
pub const DANGER_ZONE_HITS: S = S(19, 46);
/// Weak squares of the zone: attacked, and defended at most by our king or queen.
pub const DANGER_WEAK: S = S(15, 4);
/// Our pawns in the zone on squares that are not weak.
pub const DANGER_PAWN_DEFENDERS: S = S(-11, -20);
/// Squares from which an enemy knight, bishop or rook would check but not safely (we
/// defend them): counted once a square, whatever reaches it. Unsafe checks still drive
/// the king and tie our defenders to the squares.
pub const DANGER_UNSAFE_CHECK: S = S(20, 55);
/// Pieces of either side alone on the line between the king and an enemy bishop, rook
/// or queen: ours are pinned, theirs may uncover a check.
pub const DANGER_BLOCKERS: S = S(17, -12);
/// Squares of the king's flank (its wing of three or four files, on our five nearest
/// ranks) the enemy attacks, plus those it attacks twice: an attack massing on the wing
/// before it reaches the king's zone.
pub const DANGER_FLANK_ATTACKS: S = S(7, -18);
/// Squares of the king's flank we attack (defend).
pub const DANGER_FLANK_DEFENCE: S = S(-5, 14);
/// The enemy has no queen.
pub const DANGER_NO_QUEEN: S = S(-135, -453);
/// Every count starts here.
pub const DANGER_BASE: S = S(13, -19);
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
pub const COMPLEXITY_FLANKS: S = S(0, 74);
/// Kings and pawns only.
pub const COMPLEXITY_PAWN_ENDGAME: S = S(0, 93);
/// Every count starts here.
pub const COMPLEXITY_BASE: S = S(0, -120);

// The scale factors multiply the endgame score (after the complexity) by
// n/SCALE_NORMAL in material configurations that are harder (or easier) to win than the
// count says; the side ahead in the endgame score decides which case applies. Only the
// second half of each pair is used; every other configuration keeps SCALE_NORMAL.

/// The scale factors' denominator, and the factor of every configuration that no case
/// names: the endgame score as it is (not tuned).
pub const SCALE_NORMAL: i32 = 128;

/// Opposite-coloured bishops and nothing else but pawns.
pub const SCALE_OCB_BISHOPS: S = S(0, 45);
/// Opposite-coloured bishops with one knight each.
pub const SCALE_OCB_KNIGHTS: S = S(0, 103);
/// Opposite-coloured bishops with one rook each.
pub const SCALE_OCB_ROOKS: S = S(0, 100);
/// The side ahead has only a queen; the other has two pieces or more and no queen.
pub const SCALE_LONE_QUEEN: S = S(0, 122);
/// The side ahead has only a knight or a bishop, and no pawns.
pub const SCALE_LONE_MINOR: S = S(0, -8);
/// No queens, at most one piece a side, and three pawns or more up.
pub const SCALE_PAWN_EDGE: S = S(0, 152);

// The material imbalance: what a piece is worth beside the others on the board,
// beyond its fixed value. Pairs of kinds, pawn to queen, in the order (pawn, pawn),
// (pawn, knight), ..., (queen, queen): the first index runs slower.

/// Our pieces of kind i times our pieces of kind j (i <= j): 15 weights.
pub const IMBALANCE_OURS: [S; 15] = [
    S(0, 5),
    S(0, 39),
    S(-2, 38),
    S(-9, 63),
    S(-3, 100),
    S(2, -36),
    S(1, -53),
    S(12, -57),
    S(-13, -87),
    S(-2, -14),
    S(10, -54),
    S(-16, -74),
    S(13, -44),
    S(-1, -127),
    S(-46, -164),
];
/// Our pieces of kind i times theirs of kind j (i < j; the other way round is the
/// other side's term): 10 weights.
pub const IMBALANCE_THEIRS: [S; 10] = [
    S(-1, -40),
    S(0, -44),
    S(11, -64),
    S(22, -140),
    S(-1, 15),
    S(12, 14),
    S(-23, 20),
    S(9, 17),
    S(5, -44),
    S(75, -123),
];

// Terms after Stockfish 11's: a rook shut in by its own king, a queen open to a pin or
// a discovered attack, and the complexity's pull of the middlegame score toward zero.

/// A rook with at most three safe moves, on a file with our pawn, between its own king
/// and the edge: counted twice when the king can no longer castle to free it.
pub const TRAPPED_ROOK: S = S(-7, -14);
/// Our queen with a single piece between it and an enemy bishop (diagonally) or rook
/// (straight): a pin or a discovered attack waiting.
pub const WEAK_QUEEN: S = S(-10, -1);
/// Where the complexity (its endgame count) starts to pull the middlegame score toward
/// zero: the middlegame count is the endgame one plus this (first half; the second is
/// not used), and only a negative one moves the score, never across zero.
pub const COMPLEXITY_MG: S = S(133, 0);
/// A square both sides attack where a piece of theirs would not be strongly protected
/// (by a pawn, or twice where we attack it at most once): their pieces' room cut down
/// (Stockfish 11's restricted piece).
pub const THREAT_RESTRICTED: S = S(5, 3);
/// A safe square from which one of our knights would attack their only queen.
pub const THREAT_KNIGHT_ON_QUEEN: S = S(12, 6);
/// A safe square we attack twice from which one of our bishops or rooks would attack
/// their only queen.
pub const THREAT_SLIDER_ON_QUEEN: S = S(46, 8);
/// A knight off the outposts that could step onto one next move (an empty outpost or
/// one of theirs).
pub const OUTPOST_REACHABLE: S = S(25, 5);
/// A pawn of ours that two of theirs attack and none of ours defends: it must go or be
/// lost (Stockfish 11's weak lever).
pub const WEAK_LEVER: S = S(0, -25);
/// Our king on a wing (its flank) with no pawn of either side: open to the enemy pieces
/// and no pawn to hide behind (Stockfish 11's pawnless flank).
pub const PAWNLESS_FLANK: S = S(-13, -43);
/// A rook on the file of a queen (either side's), for the day the file opens.
pub const ROOK_QUEEN_FILE: S = S(5, 3);
/// A bishop by its distance (0 to 7) to our own king (Stockfish 11's king protector):
/// a bishop far from home guards it less.
pub const BISHOP_KING_DISTANCE: [S; 8] = [
    S(0, 0),
    S(0, 0),
    S(-5, -4),
    S(-10, -8),
    S(-15, -12),
    S(-20, -16),
    S(-25, -20),
    S(-30, -24),
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
    ("DANGER_UNSAFE_CHECK", &[DANGER_UNSAFE_CHECK]),
    ("DANGER_BLOCKERS", &[DANGER_BLOCKERS]),
    ("DANGER_FLANK_ATTACKS", &[DANGER_FLANK_ATTACKS]),
    ("DANGER_FLANK_DEFENCE", &[DANGER_FLANK_DEFENCE]),
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
    ("TRAPPED_ROOK", &[TRAPPED_ROOK]),
    ("WEAK_QUEEN", &[WEAK_QUEEN]),
    ("COMPLEXITY_MG", &[COMPLEXITY_MG]),
    ("THREAT_RESTRICTED", &[THREAT_RESTRICTED]),
    ("THREAT_KNIGHT_ON_QUEEN", &[THREAT_KNIGHT_ON_QUEEN]),
    ("THREAT_SLIDER_ON_QUEEN", &[THREAT_SLIDER_ON_QUEEN]),
    ("OUTPOST_REACHABLE", &[OUTPOST_REACHABLE]),
    ("WEAK_LEVER", &[WEAK_LEVER]),
    ("PAWNLESS_FLANK", &[PAWNLESS_FLANK]),
    ("ROOK_QUEEN_FILE", &[ROOK_QUEEN_FILE]),
    ("BISHOP_KING_DISTANCE", &BISHOP_KING_DISTANCE),
];

/// Where the weights named `name` start in the flat layout: [`index`]'s constants are
/// read off [`NAMED`] so that the two cannot disagree (a name not in the list stops the
/// build).
const fn start_of(name: &str) -> usize {
    let (mut n, mut at) = (0, 0);
    while n < NAMED.len() {
        if same_name(NAMED[n].0, name) {
            return at;
        }
        at += NAMED[n].1.len();
        n += 1;
    }
    panic!("a weight index names no list of NAMED");
}

/// The number of weights in [`NAMED`].
const fn weight_count() -> usize {
    let (mut n, mut count) = (0, 0);
    while n < NAMED.len() {
        count += NAMED[n].1.len();
        n += 1;
    }
    count
}

/// `a == b`, in a constant.
const fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

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
