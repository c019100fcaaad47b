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
    S(65, 125),
    S(321, 297),
    S(338, 299),
    S(448, 543),
    S(1053, 841),
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
        S( 162,  68), S( 136, 126), S( 132, 131), S( 169, 103), S( 169, 103), S( 132, 131), S( 136, 126), S( 162,  68),
        S(   9,  41), S( -10,  63), S(   0,  56), S(  21,  30), S(  21,  30), S(   0,  56), S( -10,  63), S(   9,  41),
        S(  -7,  32), S(  -5,  31), S(  -6,   8), S(   0,  -4), S(   0,  -4), S(  -6,   8), S(  -5,  31), S(  -7,  32),
        S( -18,  18), S( -14,  20), S(  -5,   0), S(   4,  -8), S(   4,  -8), S(  -5,   0), S( -14,  20), S( -18,  18),
        S( -21,  15), S( -11,  12), S( -13,   6), S(  -8,   6), S(  -8,   6), S( -13,   6), S( -11,  12), S( -21,  15),
        S( -17,  23), S(  -6,  21), S( -13,  21), S( -13,  23), S( -13,  23), S( -13,  21), S(  -6,  21), S( -17,  23),
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
    ],
    [ // knight
        S(-146, -87), S( -53, -18), S( -69,  -3), S( -12, -14), S( -12, -14), S( -69,  -3), S( -53, -18), S(-146, -87),
        S( -10, -31), S( -21, -10), S(  10, -17), S(  23, -18), S(  23, -18), S(  10, -17), S( -21, -10), S( -10, -31),
        S(  -6, -33), S(   8, -24), S(  21, -12), S(  34, -11), S(  34, -11), S(  21, -12), S(   8, -24), S(  -6, -33),
        S(  10, -19), S(  17, -25), S(  29, -12), S(  26,  -6), S(  26,  -6), S(  29, -12), S(  17, -25), S(  10, -19),
        S(   6, -26), S(  18, -18), S(  23, -12), S(  18,  -2), S(  18,  -2), S(  23, -12), S(  18, -18), S(   6, -26),
        S(  -7, -43), S(   2, -34), S(   4, -36), S(   3, -13), S(   3, -13), S(   4, -36), S(   2, -34), S(  -7, -43),
        S( -17, -42), S( -23, -24), S(  -4, -45), S(   0, -34), S(   0, -34), S(  -4, -45), S( -23, -24), S( -17, -42),
        S( -18, -88), S( -15, -58), S( -16, -49), S( -13, -36), S( -13, -36), S( -16, -49), S( -15, -58), S( -18, -88),
    ],
    [ // bishop
        S( -65, -22), S( -28,  -5), S( -70,   7), S( -49,   1), S( -49,   1), S( -70,   7), S( -28,  -5), S( -65, -22),
        S( -21, -25), S( -19, -38), S(   5, -10), S( -16,   1), S( -16,   1), S(   5, -10), S( -19, -38), S( -21, -25),
        S(  10, -30), S(  16, -22), S(   4, -32), S(  14, -10), S(  14, -10), S(   4, -32), S(  16, -22), S(  10, -30),
        S(   3, -27), S(   9, -15), S(  13, -13), S(   9, -28), S(   9, -28), S(  13, -13), S(   9, -15), S(   3, -27),
        S(   9, -38), S(  13, -18), S(  14, -11), S(   7, -32), S(   7, -32), S(  14, -11), S(  13, -18), S(   9, -38),
        S(   8, -34), S(  18, -22), S(   8, -40), S(  11, -11), S(  11, -11), S(   8, -40), S(  18, -22), S(   8, -34),
        S(   9, -48), S(  14, -66), S(  15, -36), S(  11, -26), S(  11, -26), S(  15, -36), S(  14, -66), S(   9, -48),
        S(  -7, -64), S(   0, -41), S(   1, -37), S(   2, -32), S(   2, -32), S(   1, -37), S(   0, -41), S(  -7, -64),
    ],
    [ // rook
        S(  39, -25), S(  44, -23), S(  47, -27), S(  37, -24), S(  37, -24), S(  47, -27), S(  44, -23), S(  39, -25),
        S(  40, -33), S(  48, -35), S(  55, -36), S(  63, -42), S(  63, -42), S(  55, -36), S(  48, -35), S(  40, -33),
        S(  17, -21), S(  36, -29), S(  33, -26), S(  45, -38), S(  45, -38), S(  33, -26), S(  36, -29), S(  17, -21),
        S(   1, -21), S(  15, -22), S(  17, -23), S(  32, -39), S(  32, -39), S(  17, -23), S(  15, -22), S(   1, -21),
        S(  -4, -33), S(   3, -29), S(   3, -30), S(   4, -32), S(   4, -32), S(   3, -30), S(   3, -29), S(  -4, -33),
        S( -12, -41), S(   3, -45), S(  -2, -40), S(   1, -42), S(   1, -42), S(  -2, -40), S(   3, -45), S( -12, -41),
        S( -25, -48), S(  -8, -52), S(   6, -55), S(  11, -57), S(  11, -57), S(   6, -55), S(  -8, -52), S( -25, -48),
        S(   2, -69), S(   7, -63), S(  13, -57), S(  20, -65), S(  20, -65), S(  13, -57), S(   7, -63), S(   2, -69),
    ],
    [ // queen
        S( -24, -55), S(   2, -83), S(  28, -98), S(  23, -83), S(  23, -83), S(  28, -98), S(   2, -83), S( -24, -55),
        S( -15, -79), S( -21, -65), S(  -4, -58), S( -18, -51), S( -18, -51), S(  -4, -58), S( -21, -65), S( -15, -79),
        S(  -6, -98), S(   3, -89), S(  -9, -46), S(   4, -54), S(   4, -54), S(  -9, -46), S(   3, -89), S(  -6, -98),
        S(  -1, -99), S(  -4, -72), S(  -5, -57), S(  -7, -44), S(  -7, -44), S(  -5, -57), S(  -4, -72), S(  -1, -99),
        S(  -4, -99), S(  -1, -92), S(  -3, -74), S(  -4, -56), S(  -4, -56), S(  -3, -74), S(  -1, -92), S(  -4, -99),
        S(  -7,-124), S(   1,-115), S(  -2, -97), S(  -4, -98), S(  -4, -98), S(  -2, -97), S(   1,-115), S(  -7,-124),
        S(  -5,-149), S(   5,-162), S(   9,-157), S(   7,-139), S(   7,-139), S(   9,-157), S(   5,-162), S(  -5,-149),
        S( -15,-154), S(  -8,-159), S(   2,-163), S(   7,-170), S(   7,-170), S(   2,-163), S(  -8,-159), S( -15,-154),
    ],
    [ // king
        S( -24,-100), S( -21,  72), S(  22,  36), S(  -8,   5), S(  -8,   5), S(  22,  36), S( -21,  72), S( -24,-100),
        S(  -4,  -4), S(  24,  60), S( -16,  41), S( -34,   6), S( -34,   6), S( -16,  41), S(  24,  60), S(  -4,  -4),
        S(  19,   8), S(  -4,  46), S(  20,  18), S( -48,  28), S( -48,  28), S(  20,  18), S(  -4,  46), S(  19,   8),
        S(   3,   6), S( -11,  28), S(  11,  16), S( -36,  19), S( -36,  19), S(  11,  16), S( -11,  28), S(   3,   6),
        S( -58,   6), S( -16,  11), S( -17,   8), S( -46,  14), S( -46,  14), S( -17,   8), S( -16,  11), S( -58,   6),
        S( -48,   3), S( -24,   7), S( -22,   3), S( -53,   6), S( -53,   6), S( -22,   3), S( -24,   7), S( -48,   3),
        S( -14,  -5), S( -16,   2), S( -32,  -1), S( -57,  -3), S( -57,  -3), S( -32,  -1), S( -16,   2), S( -14,  -5),
        S( -18, -18), S(   2, -10), S( -11, -20), S( -27, -42), S( -27, -42), S( -11, -20), S(   2, -10), S( -18, -18),
    ],
];

/// A passed pawn, by its rank counted from its own side (index 0 = first rank).
pub const PASSED: [S; 8] = [
    S(0, 0),
    S(0, 18),
    S(-6, 35),
    S(-15, 56),
    S(15, 76),
    S(55, 81),
    S(111, 36),
    S(0, 0),
];
/// Extra for a passed pawn whose path to promotion holds no piece at all.
pub const PASSED_FREE: [S; 8] = [
    S(0, 0),
    S(-4, 6),
    S(-3, -2),
    S(1, 6),
    S(-1, 16),
    S(10, 38),
    S(51, 24),
    S(0, 0),
];
/// Per square of the enemy king's distance (in king moves) to a passed pawn's stop
/// square, by the pawn's relative rank: the defending king far away is good.
pub const PASSED_KING_THEIRS: [S; 8] = [
    S(0, 0),
    S(2, -4),
    S(1, 0),
    S(-3, 13),
    S(-5, 28),
    S(-3, 42),
    S(-2, 55),
    S(0, 0),
];
/// Per square of our own king's distance to a passed pawn's stop square, by the
/// pawn's relative rank: our own king far away is bad.
pub const PASSED_KING_OURS: [S; 8] = [
    S(0, 0),
    S(-3, 1),
    S(4, -9),
    S(11, -19),
    S(3, -24),
    S(-8, -25),
    S(-26, -16),
    S(0, 0),
];
/// Each pawn beyond the first on one file.
pub const DOUBLED: S = S(-7, -25);
/// A pawn with no friendly pawn on either neighbouring file: opposed (an enemy pawn
/// ahead of it on its file), unopposed (open to their rooks).
pub const ISOLATED: [S; 2] = [S(-6, -8), S(-13, -14)];
/// Two bishops.
pub const BISHOP_PAIR: S = S(20, 57);
/// A rook on a file with no pawn.
pub const ROOK_OPEN: S = S(32, -2);
/// A rook on a file with enemy pawns only.
pub const ROOK_HALF_OPEN: S = S(14, 9);
/// Mobility by the number of safe squares a piece reaches (squares not held by our
/// pieces nor attacked by enemy pawns): a table per piece, indexed by that count, so
/// that the tuner can bend what a straight line per square cannot (a trapped piece is
/// worse than linear, the tenth square worth less than the third). The hand-set start
/// was a straight line through zero at a typical count. This is the knight's (0 to 8
/// squares).
pub const MOBILITY_KNIGHT: [S; 9] = [
    S(-28, -115),
    S(-17, -54),
    S(-14, -18),
    S(-11, -2),
    S(-7, 11),
    S(-4, 19),
    S(-1, 23),
    S(2, 22),
    S(4, 12),
];
/// A bishop's mobility by its number of safe squares (0 to 13); see
/// [`MOBILITY_KNIGHT`].
pub const MOBILITY_BISHOP: [S; 14] = [
    S(-29, -91),
    S(-24, -41),
    S(-18, -20),
    S(-16, -3),
    S(-14, 3),
    S(-11, 9),
    S(-10, 13),
    S(-9, 16),
    S(-7, 17),
    S(-9, 16),
    S(-1, 10),
    S(4, 10),
    S(14, 10),
    S(-25, 13),
];
/// A rook's mobility by its number of safe squares (0 to 14); see [`MOBILITY_KNIGHT`].
pub const MOBILITY_ROOK: [S; 15] = [
    S(-22, -87),
    S(-16, -49),
    S(-11, -37),
    S(-9, -23),
    S(-9, -13),
    S(-6, -7),
    S(-5, 1),
    S(-4, 6),
    S(-3, 11),
    S(-4, 17),
    S(-3, 23),
    S(-3, 28),
    S(-5, 30),
    S(3, 27),
    S(-10, 33),
];
/// A queen's mobility by its number of safe squares (0 to 27); see
/// [`MOBILITY_KNIGHT`].
pub const MOBILITY_QUEEN: [S; 28] = [
    S(-20, -217),
    S(-18, -117),
    S(-11, -100),
    S(-10, -54),
    S(-8, -36),
    S(-7, -23),
    S(-5, -9),
    S(-5, 4),
    S(-4, 10),
    S(-3, 20),
    S(-3, 28),
    S(-3, 33),
    S(-4, 46),
    S(-7, 54),
    S(-4, 53),
    S(-6, 58),
    S(-7, 61),
    S(-2, 52),
    S(-3, 55),
    S(0, 51),
    S(16, 33),
    S(54, -11),
    S(34, 0),
    S(112, -82),
    S(63, -59),
    S(62, -80),
    S(13, -56),
    S(-16, -97),
];
/// Our king's pawn shelter, on each of the (up to) three files of and next to its own:
/// the nearest of our pawns on that file, on the king's rank or ahead, by its distance
/// in ranks (7: none). Indexed by `64 * (1 if it is the king's own file) + 8 * file +
/// distance`, as a king on the h-file and one on the d-file want different shelters;
/// mirror files (a and h, b and g, ...) hold the same values, so that a shelter means
/// the same on either wing (the tuner keeps them tied).
pub const SHIELD: [S; 128] = [
    S(8, -13),
    S(14, -13),
    S(11, -14),
    S(5, -12),
    S(10, -1),
    S(0, 35),
    S(-41, 52),
    S(-4, 3),
    S(18, -4),
    S(8, -14),
    S(-1, -12),
    S(-7, -14),
    S(-18, -13),
    S(-65, 47),
    S(-11, 27),
    S(-28, 13),
    S(19, 7),
    S(16, 2),
    S(-8, 2),
    S(-8, -9),
    S(-9, -1),
    S(17, 1),
    S(22, -42),
    S(-21, 7),
    S(4, 20),
    S(8, 9),
    S(-1, 6),
    S(1, 0),
    S(-4, -5),
    S(-34, 23),
    S(-56, 37),
    S(-9, 7),
    S(4, 20),
    S(8, 9),
    S(-1, 6),
    S(1, 0),
    S(-4, -5),
    S(-34, 23),
    S(-56, 37),
    S(-9, 7),
    S(19, 7),
    S(16, 2),
    S(-8, 2),
    S(-8, -9),
    S(-9, -1),
    S(17, 1),
    S(22, -42),
    S(-21, 7),
    S(18, -4),
    S(8, -14),
    S(-1, -12),
    S(-7, -14),
    S(-18, -13),
    S(-65, 47),
    S(-11, 27),
    S(-28, 13),
    S(8, -13),
    S(14, -13),
    S(11, -14),
    S(5, -12),
    S(10, -1),
    S(0, 35),
    S(-41, 52),
    S(-4, 3),
    S(0, 0),
    S(35, -34),
    S(30, -29),
    S(4, -11),
    S(10, 6),
    S(-13, 64),
    S(-88, 50),
    S(-22, 7),
    S(0, 0),
    S(19, -11),
    S(12, -15),
    S(-6, -23),
    S(-22, -11),
    S(-49, 34),
    S(-19, -2),
    S(-34, 11),
    S(0, 0),
    S(17, 3),
    S(6, -1),
    S(-2, -12),
    S(-4, -3),
    S(-24, 22),
    S(-8, -7),
    S(-26, 5),
    S(0, 0),
    S(11, 23),
    S(10, 12),
    S(6, 8),
    S(-6, 11),
    S(-36, 9),
    S(-133, -1),
    S(-11, 9),
    S(0, 0),
    S(11, 23),
    S(10, 12),
    S(6, 8),
    S(-6, 11),
    S(-36, 9),
    S(-133, -1),
    S(-11, 9),
    S(0, 0),
    S(17, 3),
    S(6, -1),
    S(-2, -12),
    S(-4, -3),
    S(-24, 22),
    S(-8, -7),
    S(-26, 5),
    S(0, 0),
    S(19, -11),
    S(12, -15),
    S(-6, -23),
    S(-22, -11),
    S(-49, 34),
    S(-19, -2),
    S(-34, 11),
    S(0, 0),
    S(35, -34),
    S(30, -29),
    S(4, -11),
    S(10, 6),
    S(-13, 64),
    S(-88, 50),
    S(-22, 7),
];
/// A pawn whose neighbours have all advanced past it and whose stop square an enemy
/// pawn holds: opposed, unopposed (as [`ISOLATED`]).
pub const BACKWARD: [S; 2] = [S(-3, -5), S(-13, -19)];
/// A pawn defended by one of our pawns, by its relative rank.
pub const SUPPORTED: [S; 8] = [
    S(0, 0),
    S(0, 0),
    S(14, 16),
    S(10, 17),
    S(18, 20),
    S(36, 47),
    S(96, 91),
    S(0, 0),
];
/// A pawn with one of ours beside it on its rank (each pawn of the pair counts), by
/// its relative rank.
pub const PHALANX: [S; 8] = [
    S(0, 0),
    S(4, 2),
    S(4, 5),
    S(7, 12),
    S(12, 35),
    S(63, 72),
    S(65, 175),
    S(0, 0),
];
/// A passed pawn whose stop square holds an enemy piece.
pub const PASSED_BLOCKED: S = S(-1, 0);
/// Their pawns storming our king, on the same three files: the nearest of theirs on
/// that file, on the king's rank or ahead, by its distance in ranks (7: none).
/// Indexed by `32 * blocked + 8 * (file folded to a-d) + distance`, where blocked
/// means it stands right in front of our nearest pawn on the file and so cannot come
/// on.
pub const STORM: [S; 64] = [
    S(-30, 15),
    S(52, -17),
    S(-17, 15),
    S(-7, 14),
    S(3, 4),
    S(5, 0),
    S(3, -2),
    S(5, -13),
    S(-35, 27),
    S(49, -8),
    S(-19, 12),
    S(-8, 7),
    S(-2, 3),
    S(1, 0),
    S(0, 0),
    S(-6, -1),
    S(4, 18),
    S(2, 14),
    S(-27, 12),
    S(-12, 6),
    S(1, 1),
    S(2, -4),
    S(4, -11),
    S(3, -2),
    S(1, 5),
    S(19, -11),
    S(-26, 3),
    S(-6, 0),
    S(5, -1),
    S(5, -10),
    S(4, -7),
    S(-5, -4),
    S(0, 0),
    S(0, 0),
    S(2, -9),
    S(14, -11),
    S(10, -6),
    S(-4, -21),
    S(-11, -9),
    S(6, 8),
    S(0, 0),
    S(0, 0),
    S(-27, -9),
    S(1, -2),
    S(9, 1),
    S(-1, -8),
    S(43, -60),
    S(15, -11),
    S(0, 0),
    S(0, 0),
    S(-13, -23),
    S(1, -6),
    S(7, -11),
    S(6, -47),
    S(12, -102),
    S(-10, 8),
    S(0, 0),
    S(0, 0),
    S(-15, -26),
    S(3, -14),
    S(5, -10),
    S(10, -29),
    S(46, -61),
    S(-4, 0),
];
/// The side to move's edge.
pub const TEMPO: S = S(18, 19);
/// A passed pawn by whether it can advance (its stop square empty) and whether it
/// can do so safely (the enemy does not attack the stop square), and by relative
/// rank: `16 * can + 8 * safe + rank`.
pub const PASSED_SAFE: [S; 32] = [
    S(0, 0),
    S(-7, 14),
    S(-20, 20),
    S(-24, 30),
    S(7, 0),
    S(30, -21),
    S(3, -67),
    S(0, 0),
    S(0, 0),
    S(3, 15),
    S(-10, 24),
    S(-17, 27),
    S(5, 11),
    S(28, 1),
    S(35, -73),
    S(0, 0),
    S(0, 0),
    S(-6, 11),
    S(-16, 24),
    S(-21, 34),
    S(3, 17),
    S(39, -12),
    S(38, -52),
    S(0, 0),
    S(0, 0),
    S(-3, 13),
    S(-8, 27),
    S(-21, 39),
    S(2, 42),
    S(25, 51),
    S(-2, 74),
    S(0, 0),
];
/// A pawn that is not passed but could become so: its file is open ahead and the
/// enemy pawns guarding its way are no more than ours backing it, by rank.
pub const CANDIDATE: [S; 8] = [
    S(0, 0),
    S(0, -6),
    S(1, 8),
    S(1, 24),
    S(2, 29),
    S(9, 62),
    S(0, 0),
    S(0, 0),
];
/// A knight or bishop (in that order) on an outpost: on its fourth to sixth rank,
/// defended by a pawn, out of reach of every enemy pawn.
pub const OUTPOST: [S; 2] = [S(11, 12), S(15, 15)];
/// A knight or bishop with a pawn (of either side) right in front of it.
pub const MINOR_BEHIND_PAWN: S = S(3, 19);
/// A knight by its distance (king steps) to the nearest king.
pub const KNIGHT_KING_DISTANCE: [S; 8] = [
    S(0, 0),
    S(-1, 2),
    S(-2, 0),
    S(-5, 0),
    S(-12, -1),
    S(-13, -10),
    S(-17, -10),
    S(-38, -19),
];
/// A knight by how closed the position is (pawns blocked head-on, 0 to 8).
pub const KNIGHT_CLOSED: [S; 9] = [
    S(-10, -14),
    S(-10, 2),
    S(-10, -1),
    S(-20, 9),
    S(-6, 11),
    S(-24, 35),
    S(-82, 51),
    S(1, 47),
    S(0, 0),
];
/// A bishop on a long diagonal that sees both centre squares of it past the pawns.
pub const BISHOP_LONG_DIAGONAL: S = S(12, 29);
/// Per pawn of ours blocked head-on by an enemy pawn on a square of our bishop's
/// colour.
pub const BISHOP_RAMMED_PAWNS: S = S(0, -15);
/// A rook on the seventh rank with the enemy king on the eighth or enemy pawns on
/// the seventh.
pub const ROOK_SEVENTH: S = S(-22, 22);
/// A rook by how closed the position is (pawns blocked head-on, 0 to 8).
pub const ROOK_CLOSED: [S; 9] = [
    S(-15, 21),
    S(-19, 23),
    S(-8, -6),
    S(15, -38),
    S(-31, -31),
    S(-41, -51),
    S(-71, -37),
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
    S(-9, -35),
    S(-9, -30),
    S(69, 58),
    S(52, 53),
    S(59, 86),
    S(50, 77),
    S(83, 65),
    S(41, 67),
    S(53, 53),
    S(48, 6),
    S(15, 48),
    S(-4, 8),
    S(-33, 7),
    S(-35, 28),
    S(46, 35),
    S(30, 31),
    S(83, 17),
    S(54, 34),
    S(48, 31),
    S(33, 21),
    S(16, 37),
    S(-1, 4),
    S(49, 51),
    S(17, 38),
    S(28, 17),
    S(12, 43),
    S(67, 34),
    S(48, 51),
    S(55, 86),
    S(33, 111),
    S(9, 61),
    S(-4, 10),
    S(39, 63),
    S(3, 23),
    S(43, 62),
    S(6, 22),
    S(1, 15),
    S(-19, -19),
    S(73, 13),
    S(42, 79),
    S(19, 25),
    S(0, 3),
    S(43, 51),
    S(4, 6),
    S(44, 59),
    S(1, 18),
    S(43, 45),
    S(1, 1),
    S(-8, 7),
    S(-30, -12),
    S(32, 62),
    S(12, 21),
    S(65, 41),
    S(-3, 18),
    S(142, 30),
    S(30, -5),
    S(93, 20),
    S(0, 3),
    S(28, 8),
    S(-17, -2),
];
/// An enemy knight, bishop, rook or queen we attack that nothing defends.
pub const THREAT_HANGING: S = S(-11, -12);
/// An enemy knight, bishop, rook or queen that one of our pawns would attack after a
/// safe push.
pub const THREAT_PAWN_PUSH: S = S(12, 15);
/// Our king's distance (in king steps) to the nearest pawn of either side.
pub const KING_PAWN_DISTANCE: [S; 8] = [
    S(0, 0),
    S(12, 39),
    S(8, 36),
    S(-10, 20),
    S(4, -23),
    S(25, -54),
    S(16, -55),
    S(-78, -37),
];

// The danger to a king is a count, the sum of the weights below over what the enemy
// brings against it; the count becomes a score through a curve, −count² / 720 in the
// middlegame and −count / 20 in the endgame (negative counts are no danger). Each is a
// middlegame/endgame pair of counts, not of centipawns.

/// Enemy knights, bishops, rooks and queens that hit the king's zone (the king's
/// square and its neighbours), by kind.
pub const DANGER_ATTACKER: [S; 4] = [S(21, 109), S(37, 142), S(41, -32), S(46, -30)];
/// Safe checks the enemy has (onto squares we do not defend, or weak squares they hit
/// twice), by the checking piece's kind: knight, bishop, rook, queen.
pub const DANGER_SAFE_CHECK: [S; 4] = [S(110, 32), S(55, 89), S(95, 55), S(59, 70)];
/// Each square of the king's zone hit by an enemy piece, counted per piece.
pub const DANGER_ZONE_HITS: S = S(21, 32);
/// Weak squares of the zone: attacked, and defended at most by our king or queen.
pub const DANGER_WEAK: S = S(14, 0);
/// Our pawns in the zone on squares that are not weak.
pub const DANGER_PAWN_DEFENDERS: S = S(-17, 0);
/// Squares from which an enemy knight, bishop or rook would check but not safely (we
/// defend them): counted once a square, whatever reaches it. Unsafe checks still drive
/// the king and tie our defenders to the squares.
pub const DANGER_UNSAFE_CHECK: S = S(15, 7);
/// Pieces of either side alone on the line between the king and an enemy bishop, rook
/// or queen: ours are pinned, theirs may uncover a check.
pub const DANGER_BLOCKERS: S = S(10, 5);
/// Squares of the king's flank (its wing of three or four files, on our five nearest
/// ranks) the enemy attacks, plus those it attacks twice: an attack massing on the wing
/// before it reaches the king's zone.
pub const DANGER_FLANK_ATTACKS: S = S(2, 0);
/// Squares of the king's flank we attack (defend).
pub const DANGER_FLANK_DEFENCE: S = S(-1, 0);
/// The enemy has no queen.
pub const DANGER_NO_QUEEN: S = S(-139, -376);
/// Every count starts here.
pub const DANGER_BASE: S = S(10, -1);
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
pub const COMPLEXITY_FLANKS: S = S(0, 77);
/// Kings and pawns only.
pub const COMPLEXITY_PAWN_ENDGAME: S = S(0, 96);
/// Every count starts here.
pub const COMPLEXITY_BASE: S = S(0, -123);

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
pub const SCALE_LONE_MINOR: S = S(0, -9);
/// No queens, at most one piece a side, and three pawns or more up.
pub const SCALE_PAWN_EDGE: S = S(0, 152);

// The material imbalance: what a piece is worth beside the others on the board,
// beyond its fixed value. Pairs of kinds, pawn to queen, in the order (pawn, pawn),
// (pawn, knight), ..., (queen, queen): the first index runs slower.

/// Our pieces of kind i times our pieces of kind j (i <= j): 15 weights.
pub const IMBALANCE_OURS: [S; 15] = [
    S(0, 5),
    S(0, 43),
    S(-2, 40),
    S(-9, 64),
    S(-1, 103),
    S(3, -35),
    S(3, -48),
    S(14, -59),
    S(-19, -75),
    S(-2, -14),
    S(9, -49),
    S(-17, -63),
    S(9, -42),
    S(-2, -125),
    S(-49, -155),
];
/// Our pieces of kind i times theirs of kind j (i < j; the other way round is the
/// other side's term): 10 weights.
pub const IMBALANCE_THEIRS: [S; 10] = [
    S(-1, -44),
    S(0, -46),
    S(9, -66),
    S(18, -141),
    S(-1, 17),
    S(9, 8),
    S(-18, 16),
    S(6, 9),
    S(4, -46),
    S(70, -98),
];

// Terms after Stockfish 11's: the space behind the pawns, a rook shut in by its own
// king, a queen open to a pin or a discovered attack, and the complexity's pull of the
// middlegame score toward zero.

/// Space: per unit of (safe central squares on our ranks 2 to 4, those behind our pawns
/// counted twice) × (our pieces − 1)² / [`SPACE_DIV`], counted only while much material
/// is on the board. More pieces need more room to move.
pub const SPACE: S = S(0, 0);
/// The units of [`SPACE`]'s count (not tuned: it sets how finely the weight can move).
pub const SPACE_DIV: i32 = 64;
/// A rook with at most three safe moves, on a file with our pawn, between its own king
/// and the edge: counted twice when the king can no longer castle to free it.
pub const TRAPPED_ROOK: S = S(-3, -11);
/// Our queen with a single piece between it and an enemy bishop (diagonally) or rook
/// (straight): a pin or a discovered attack waiting.
pub const WEAK_QUEEN: S = S(-10, -5);
/// Where the complexity (its endgame count) starts to pull the middlegame score toward
/// zero: the middlegame count is the endgame one plus this (first half; the second is
/// not used), and only a negative one moves the score, never across zero.
pub const COMPLEXITY_MG: S = S(133, 0);

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
    ("SPACE", &[SPACE]),
    ("TRAPPED_ROOK", &[TRAPPED_ROOK]),
    ("WEAK_QUEEN", &[WEAK_QUEEN]),
    ("COMPLEXITY_MG", &[COMPLEXITY_MG]),
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
