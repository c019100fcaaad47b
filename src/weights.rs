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
    S(57, 127),
    S(320, 310),
    S(336, 312),
    S(450, 565),
    S(1097, 840),
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
        S( 170,  68), S( 109, 151), S( 130, 135), S( 171, 110), S( 171, 110), S( 130, 135), S( 109, 151), S( 170,  68),
        S(   7,  36), S(  -8,  59), S(  -7,  50), S(  -2,  38), S(  -2,  38), S(  -7,  50), S(  -8,  59), S(   7,  36),
        S(  -5,  33), S(  -8,  32), S(  -8,   9), S(  -7,  -2), S(  -7,  -2), S(  -8,   9), S(  -8,  32), S(  -5,  33),
        S( -17,  20), S( -16,  24), S(  -7,   0), S(   0,  -9), S(   0,  -9), S(  -7,   0), S( -16,  24), S( -17,  20),
        S( -18,  17), S( -11,  14), S( -15,   8), S( -11,   6), S( -11,   6), S( -15,   8), S( -11,  14), S( -18,  17),
        S( -14,  23), S(  -6,  22), S( -14,  24), S( -11,  18), S( -11,  18), S( -14,  24), S(  -6,  22), S( -14,  23),
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
    ],
    [ // knight
        S(-168, -44), S( -89,  13), S( -74,  10), S( -26,   3), S( -26,   3), S( -74,  10), S( -89,  13), S(-168, -44),
        S( -28, -26), S( -12,  -8), S(  14,  -8), S(  14, -13), S(  14, -13), S(  14,  -8), S( -12,  -8), S( -28, -26),
        S( -15, -28), S(   1, -11), S(  12,   0), S(  28,  -4), S(  28,  -4), S(  12,   0), S(   1, -11), S( -15, -28),
        S(   9, -16), S(  18, -14), S(  24,  -1), S(  27,   0), S(  27,   0), S(  24,  -1), S(  18, -14), S(   9, -16),
        S(   2,  -9), S(  12,  -8), S(  22,   1), S(  20,   7), S(  20,   7), S(  22,   1), S(  12,  -8), S(   2,  -9),
        S(  -8, -36), S(   1, -25), S(   3, -17), S(   1,   2), S(   1,   2), S(   3, -17), S(   1, -25), S(  -8, -36),
        S( -19, -40), S( -18, -12), S(  -4, -34), S(  -1, -25), S(  -1, -25), S(  -4, -34), S( -18, -12), S( -19, -40),
        S( -19, -87), S( -17, -50), S( -17, -47), S( -12, -30), S( -12, -30), S( -17, -47), S( -17, -50), S( -19, -87),
    ],
    [ // bishop
        S( -49, -21), S( -48,  20), S( -90,  32), S( -39,  19), S( -39,  19), S( -90,  32), S( -48,  20), S( -49, -21),
        S( -16,  -1), S( -14, -26), S(   4,   2), S(  -8,  12), S(  -8,  12), S(   4,   2), S( -14, -26), S( -16,  -1),
        S(   8,  -8), S(   7,  -7), S(   4, -28), S(  10,   7), S(  10,   7), S(   4, -28), S(   7,  -7), S(   8,  -8),
        S(   3, -14), S(   7,   3), S(  11,   3), S(   3, -23), S(   3, -23), S(  11,   3), S(   7,   3), S(   3, -14),
        S(   9, -22), S(  13,  -9), S(  12,   4), S(   2, -22), S(   2, -22), S(  12,   4), S(  13,  -9), S(   9, -22),
        S(   8, -25), S(  15,  -7), S(   5, -34), S(   8,   4), S(   8,   4), S(   5, -34), S(  15,  -7), S(   8, -25),
        S(   4, -32), S(  10, -55), S(  12, -16), S(   9, -15), S(   9, -15), S(  12, -16), S(  10, -55), S(   4, -32),
        S(  -3, -76), S(   0, -20), S(  -1, -28), S(   1, -23), S(   1, -23), S(  -1, -28), S(   0, -20), S(  -3, -76),
    ],
    [ // rook
        S(  33, -16), S(  46, -24), S(  27, -16), S(  39, -21), S(  39, -21), S(  27, -16), S(  46, -24), S(  33, -16),
        S(  33, -33), S(  40, -29), S(  52, -34), S(  50, -37), S(  50, -37), S(  52, -34), S(  40, -29), S(  33, -33),
        S(   6, -10), S(  35, -19), S(  36, -24), S(  43, -29), S(  43, -29), S(  36, -24), S(  35, -19), S(   6, -10),
        S(   6, -14), S(  19, -22), S(  20, -22), S(  26, -26), S(  26, -26), S(  20, -22), S(  19, -22), S(   6, -14),
        S(  -6, -25), S(   2, -18), S(   8, -23), S(   3, -23), S(   3, -23), S(   8, -23), S(   2, -18), S(  -6, -25),
        S(  -7, -37), S(  -1, -35), S(  -6, -33), S(  -3, -36), S(  -3, -36), S(  -6, -33), S(  -1, -35), S(  -7, -37),
        S( -18, -44), S(  -2, -51), S(   2, -52), S(   5, -51), S(   5, -51), S(   2, -52), S(  -2, -51), S( -18, -44),
        S(   6, -65), S(   8, -60), S(  13, -53), S(  18, -58), S(  18, -58), S(  13, -53), S(   8, -60), S(   6, -65),
    ],
    [ // queen
        S( -31, -46), S(  -8, -61), S(   2, -85), S(  20, -81), S(  20, -81), S(   2, -85), S(  -8, -61), S( -31, -46),
        S( -18, -74), S( -10, -85), S(  10, -83), S(  -9, -45), S(  -9, -45), S(  10, -83), S( -10, -85), S( -18, -74),
        S(  -4, -92), S(  -7, -71), S(  -5, -49), S(   4, -58), S(   4, -58), S(  -5, -49), S(  -7, -71), S(  -4, -92),
        S(  -2, -95), S(  -3, -80), S(  -5, -56), S(  -6, -37), S(  -6, -37), S(  -5, -56), S(  -3, -80), S(  -2, -95),
        S(   1,-102), S(   0, -96), S(   1, -72), S(  -2, -51), S(  -2, -51), S(   1, -72), S(   0, -96), S(   1,-102),
        S(  -2,-123), S(   5,-123), S(   1, -97), S(  -2, -95), S(  -2, -95), S(   1, -97), S(   5,-123), S(  -2,-123),
        S(  -7,-158), S(   6,-167), S(   9,-152), S(  10,-143), S(  10,-143), S(   9,-152), S(   6,-167), S(  -7,-158),
        S( -10,-163), S(  -6,-163), S(   5,-170), S(   7,-163), S(   7,-163), S(   5,-170), S(  -6,-163), S( -10,-163),
    ],
    [ // king
        S(  20,-118), S( -60,  18), S(   6,  55), S(  39,  22), S(  39,  22), S(   6,  55), S( -60,  18), S(  20,-118),
        S(  -6, -23), S( -24,  42), S( -53,  44), S(   2,  29), S(   2,  29), S( -53,  44), S( -24,  42), S(  -6, -23),
        S(  11,  19), S(   0,  52), S(   5,  23), S( -58,  27), S( -58,  27), S(   5,  23), S(   0,  52), S(  11,  19),
        S( -48,  26), S( -19,  42), S(  -9,  13), S( -73,  25), S( -73,  25), S(  -9,  13), S( -19,  42), S( -48,  26),
        S( -77,  14), S( -33,  23), S( -23,   8), S( -78,  16), S( -78,  16), S( -23,   8), S( -33,  23), S( -77,  14),
        S( -62,   6), S( -33,  18), S( -38,   2), S( -65,   0), S( -65,   0), S( -38,   2), S( -33,  18), S( -62,   6),
        S( -13,  -4), S( -19,  13), S( -30,  -6), S( -59, -14), S( -59, -14), S( -30,  -6), S( -19,  13), S( -13,  -4),
        S( -14, -20), S(   4,  -2), S(  -6, -25), S( -24, -51), S( -24, -51), S(  -6, -25), S(   4,  -2), S( -14, -20),
    ],
];

/// A passed pawn, by its rank counted from its own side (index 0 = first rank).
pub const PASSED: [S; 8] = [
    S(0, 0),
    S(2, 20),
    S(-4, 35),
    S(-15, 55),
    S(15, 79),
    S(50, 85),
    S(104, 45),
    S(0, 0),
];
/// Extra for a passed pawn whose path to promotion holds no piece at all.
pub const PASSED_FREE: [S; 8] = [
    S(0, 0),
    S(-4, 9),
    S(-2, -3),
    S(-5, 5),
    S(-3, 12),
    S(2, 38),
    S(40, 31),
    S(0, 0),
];
/// Per square of the enemy king's distance (in king moves) to a passed pawn's stop
/// square, by the pawn's relative rank: the defending king far away is good.
pub const PASSED_KING_THEIRS: [S; 8] = [
    S(0, 0),
    S(1, -6),
    S(-2, -2),
    S(-2, 13),
    S(-5, 26),
    S(-5, 44),
    S(4, 51),
    S(0, 0),
];
/// Per square of our own king's distance to a passed pawn's stop square, by the
/// pawn's relative rank: our own king far away is bad.
pub const PASSED_KING_OURS: [S; 8] = [
    S(0, 0),
    S(-2, 1),
    S(4, -7),
    S(10, -18),
    S(3, -23),
    S(-3, -26),
    S(-26, -18),
    S(0, 0),
];
/// Each pawn beyond the first on one file.
pub const DOUBLED: S = S(-9, -27);
/// A pawn with no friendly pawn on either neighbouring file: opposed (an enemy pawn
/// ahead of it on its file), unopposed (open to their rooks).
pub const ISOLATED: [S; 2] = [S(-5, -6), S(-12, -15)];
/// Two bishops.
pub const BISHOP_PAIR: S = S(20, 47);
/// A rook on a file with no pawn.
pub const ROOK_OPEN: S = S(31, -4);
/// A rook on a file with enemy pawns only.
pub const ROOK_HALF_OPEN: S = S(14, 8);
/// Mobility by the number of safe squares a piece reaches (squares not held by our
/// pieces nor attacked by enemy pawns): a table per piece, indexed by that count, so
/// that the tuner can bend what a straight line per square cannot (a trapped piece is
/// worse than linear, the tenth square worth less than the third). The hand-set start
/// was a straight line through zero at a typical count. This is the knight's (0 to 8
/// squares).
pub const MOBILITY_KNIGHT: [S; 9] = [
    S(-28, -39),
    S(-17, -58),
    S(-13, -25),
    S(-11, -10),
    S(-9, 1),
    S(-7, 6),
    S(-5, 10),
    S(-3, 7),
    S(0, -7),
];
/// A bishop's mobility by its number of safe squares (0 to 13); see
/// [`MOBILITY_KNIGHT`].
pub const MOBILITY_BISHOP: [S; 14] = [
    S(-33, -38),
    S(-26, -32),
    S(-20, -13),
    S(-18, 1),
    S(-16, 7),
    S(-14, 16),
    S(-13, 20),
    S(-12, 24),
    S(-10, 19),
    S(-11, 23),
    S(-4, 16),
    S(-7, 17),
    S(9, 15),
    S(-13, 25),
];
/// A rook's mobility by its number of safe squares (0 to 14); see [`MOBILITY_KNIGHT`].
pub const MOBILITY_ROOK: [S; 15] = [
    S(-19, -71),
    S(-14, -37),
    S(-9, -22),
    S(-7, -15),
    S(-8, -9),
    S(-5, -1),
    S(-5, 6),
    S(-5, 12),
    S(-5, 19),
    S(-5, 25),
    S(-5, 29),
    S(-5, 36),
    S(-7, 36),
    S(-1, 33),
    S(-10, 38),
];
/// A queen's mobility by its number of safe squares (0 to 27); see
/// [`MOBILITY_KNIGHT`].
pub const MOBILITY_QUEEN: [S; 28] = [
    S(-20, -173),
    S(-18, -50),
    S(-11, -61),
    S(-9, -49),
    S(-7, -37),
    S(-6, -24),
    S(-5, -10),
    S(-4, 1),
    S(-3, 13),
    S(-2, 18),
    S(-1, 23),
    S(-1, 29),
    S(-1, 38),
    S(0, 41),
    S(0, 45),
    S(-4, 52),
    S(0, 50),
    S(-2, 57),
    S(2, 49),
    S(21, 29),
    S(12, 31),
    S(47, -10),
    S(46, -14),
    S(84, -68),
    S(80, -82),
    S(121, -142),
    S(42, -72),
    S(19, -159),
];
/// Our king's pawn shelter, on each of the (up to) three files of and next to its own:
/// the nearest of our pawns on that file, on the king's rank or ahead, by its distance
/// in ranks (7: none). Indexed by `64 * (1 if it is the king's own file) + 8 * file +
/// distance`, as a king on the h-file and one on the d-file want different shelters;
/// mirror files (a and h, b and g, ...) hold the same values, so that a shelter means
/// the same on either wing (the tuner keeps them tied).
pub const SHIELD: [S; 128] = [
    S(7, -14),
    S(13, -15),
    S(12, -18),
    S(8, -17),
    S(10, 0),
    S(5, 37),
    S(-42, 27),
    S(-1, 1),
    S(17, 1),
    S(9, -13),
    S(1, -14),
    S(-13, -17),
    S(-5, -28),
    S(-47, 5),
    S(-60, 19),
    S(-29, 17),
    S(20, 6),
    S(15, 2),
    S(-6, 2),
    S(-7, -9),
    S(-1, -18),
    S(-6, 13),
    S(8, -16),
    S(-19, 6),
    S(12, 17),
    S(8, 13),
    S(0, 11),
    S(-2, 5),
    S(-4, -9),
    S(-24, 2),
    S(-36, 5),
    S(-9, 11),
    S(12, 17),
    S(8, 13),
    S(0, 11),
    S(-2, 5),
    S(-4, -9),
    S(-24, 2),
    S(-36, 5),
    S(-9, 11),
    S(20, 6),
    S(15, 2),
    S(-6, 2),
    S(-7, -9),
    S(-1, -18),
    S(-6, 13),
    S(8, -16),
    S(-19, 6),
    S(17, 1),
    S(9, -13),
    S(1, -14),
    S(-13, -17),
    S(-5, -28),
    S(-47, 5),
    S(-60, 19),
    S(-29, 17),
    S(7, -14),
    S(13, -15),
    S(12, -18),
    S(8, -17),
    S(10, 0),
    S(5, 37),
    S(-42, 27),
    S(-1, 1),
    S(0, 0),
    S(33, -30),
    S(22, -25),
    S(-4, -15),
    S(1, 21),
    S(-24, 47),
    S(-61, 105),
    S(-13, 5),
    S(0, 0),
    S(19, -13),
    S(11, -17),
    S(-10, -26),
    S(-14, -32),
    S(-60, 27),
    S(21, 26),
    S(-31, 9),
    S(0, 0),
    S(16, 3),
    S(4, 0),
    S(1, -17),
    S(3, -3),
    S(33, 35),
    S(32, 41),
    S(-30, 6),
    S(0, 0),
    S(11, 27),
    S(11, 15),
    S(3, 11),
    S(-2, 10),
    S(-37, 42),
    S(-174, 29),
    S(-8, 12),
    S(0, 0),
    S(11, 27),
    S(11, 15),
    S(3, 11),
    S(-2, 10),
    S(-37, 42),
    S(-174, 29),
    S(-8, 12),
    S(0, 0),
    S(16, 3),
    S(4, 0),
    S(1, -17),
    S(3, -3),
    S(33, 35),
    S(32, 41),
    S(-30, 6),
    S(0, 0),
    S(19, -13),
    S(11, -17),
    S(-10, -26),
    S(-14, -32),
    S(-60, 27),
    S(21, 26),
    S(-31, 9),
    S(0, 0),
    S(33, -30),
    S(22, -25),
    S(-4, -15),
    S(1, 21),
    S(-24, 47),
    S(-61, 105),
    S(-13, 5),
];
/// A pawn whose neighbours have all advanced past it and whose stop square an enemy
/// pawn holds: opposed, unopposed (as [`ISOLATED`]).
pub const BACKWARD: [S; 2] = [S(-1, -5), S(-12, -19)];
/// A pawn defended by one of our pawns, by its relative rank.
pub const SUPPORTED: [S; 8] = [
    S(0, 0),
    S(0, 0),
    S(11, 21),
    S(9, 20),
    S(17, 27),
    S(37, 53),
    S(103, 100),
    S(0, 0),
];
/// A pawn with one of ours beside it on its rank (each pawn of the pair counts), by
/// its relative rank.
pub const PHALANX: [S; 8] = [
    S(0, 0),
    S(2, 5),
    S(3, 6),
    S(7, 15),
    S(17, 30),
    S(53, 82),
    S(8, 164),
    S(0, 0),
];
/// A passed pawn whose stop square holds an enemy piece.
pub const PASSED_BLOCKED: S = S(-8, 1);
/// Their pawns storming our king, on the same three files: the nearest of theirs on
/// that file, on the king's rank or ahead, by its distance in ranks (7: none).
/// Indexed by `32 * blocked + 8 * (file folded to a-d) + distance`, where blocked
/// means it stands right in front of our nearest pawn on the file and so cannot come
/// on.
pub const STORM: [S; 64] = [
    S(3, 2),
    S(54, -23),
    S(-19, 11),
    S(-7, 7),
    S(3, -1),
    S(4, -2),
    S(1, 0),
    S(2, -14),
    S(-8, 7),
    S(20, 1),
    S(-20, 9),
    S(-7, 2),
    S(-3, 1),
    S(1, -2),
    S(0, -1),
    S(-6, -2),
    S(1, 18),
    S(-18, 10),
    S(-25, 12),
    S(-9, 6),
    S(1, 0),
    S(1, -2),
    S(2, -12),
    S(2, -2),
    S(-5, 8),
    S(-9, -1),
    S(-31, 12),
    S(-6, 2),
    S(3, -3),
    S(5, -8),
    S(4, -11),
    S(-4, 0),
    S(0, 0),
    S(0, 0),
    S(8, -18),
    S(21, -13),
    S(10, -5),
    S(8, -15),
    S(1, -19),
    S(6, 18),
    S(0, 0),
    S(0, 0),
    S(-22, 1),
    S(4, 5),
    S(17, 9),
    S(-14, 12),
    S(46, -36),
    S(-34, -30),
    S(0, 0),
    S(0, 0),
    S(-5, -24),
    S(4, -14),
    S(6, -8),
    S(-2, -22),
    S(20, -97),
    S(-2, 40),
    S(0, 0),
    S(0, 0),
    S(-10, -20),
    S(4, -12),
    S(8, -15),
    S(13, -32),
    S(52, -48),
    S(32, -20),
];
/// The side to move's edge.
pub const TEMPO: S = S(18, 20);
/// A passed pawn by whether it can advance (its stop square empty) and whether it
/// can do so safely (the enemy does not attack the stop square), and by relative
/// rank: `16 * can + 8 * safe + rank`.
pub const PASSED_SAFE: [S; 32] = [
    S(0, 0),
    S(-13, 12),
    S(-11, 17),
    S(-25, 32),
    S(0, 13),
    S(27, -12),
    S(-2, -48),
    S(0, 0),
    S(0, 0),
    S(4, 17),
    S(-11, 23),
    S(-23, 24),
    S(1, 14),
    S(30, -3),
    S(37, -66),
    S(0, 0),
    S(0, 0),
    S(-9, 17),
    S(-13, 25),
    S(-20, 32),
    S(6, 18),
    S(28, -3),
    S(47, -51),
    S(0, 0),
    S(0, 0),
    S(2, 13),
    S(-9, 27),
    S(-21, 39),
    S(1, 47),
    S(30, 49),
    S(-38, 88),
    S(0, 0),
];
/// A pawn that is not passed but could become so: its file is open ahead and the
/// enemy pawns guarding its way are no more than ours backing it, by rank.
pub const CANDIDATE: [S; 8] = [
    S(0, 0),
    S(2, -10),
    S(2, 8),
    S(2, 22),
    S(3, 32),
    S(14, 53),
    S(0, 0),
    S(0, 0),
];
/// A knight or bishop (in that order) on an outpost: on its fourth to sixth rank,
/// defended by a pawn, out of reach of every enemy pawn.
pub const OUTPOST: [S; 2] = [S(16, 15), S(19, 20)];
/// A knight or bishop with a pawn (of either side) right in front of it.
pub const MINOR_BEHIND_PAWN: S = S(3, 16);
/// A knight by its distance (king steps) to the nearest king.
pub const KNIGHT_KING_DISTANCE: [S; 8] = [
    S(0, 0),
    S(-2, 17),
    S(-4, 10),
    S(-8, 12),
    S(-12, 8),
    S(-15, -1),
    S(-17, -8),
    S(-37, 30),
];
/// A knight by how closed the position is (pawns blocked head-on, 0 to 8).
pub const KNIGHT_CLOSED: [S; 9] = [
    S(-11, 2),
    S(-11, 14),
    S(-15, 15),
    S(-15, 11),
    S(-17, 7),
    S(-14, 12),
    S(-43, 100),
    S(8, 61),
    S(0, 0),
];
/// A bishop on a long diagonal that sees both centre squares of it past the pawns.
pub const BISHOP_LONG_DIAGONAL: S = S(14, 33);
/// Per pawn of ours blocked head-on by an enemy pawn on a square of our bishop's
/// colour.
pub const BISHOP_RAMMED_PAWNS: S = S(-2, -14);
/// A rook on the seventh rank with the enemy king on the eighth or enemy pawns on
/// the seventh.
pub const ROOK_SEVENTH: S = S(-13, 25);
/// A rook by how closed the position is (pawns blocked head-on, 0 to 8).
pub const ROOK_CLOSED: [S; 9] = [
    S(-15, 36),
    S(-17, 35),
    S(-7, 15),
    S(11, -26),
    S(-42, -7),
    S(-67, 33),
    S(6, 59),
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
    S(0, -35),
    S(1, -25),
    S(73, 59),
    S(50, 53),
    S(69, 92),
    S(51, 89),
    S(100, 55),
    S(43, 64),
    S(53, 78),
    S(41, 22),
    S(14, 50),
    S(-3, 12),
    S(23, 85),
    S(11, 94),
    S(56, 42),
    S(32, 34),
    S(83, 29),
    S(54, 39),
    S(59, 36),
    S(30, 47),
    S(16, 42),
    S(0, 8),
    S(52, 48),
    S(15, 39),
    S(66, 152),
    S(37, 129),
    S(75, 35),
    S(46, 55),
    S(57, 112),
    S(36, 93),
    S(10, 59),
    S(-5, 12),
    S(48, 58),
    S(5, 17),
    S(51, 56),
    S(9, 13),
    S(73, 81),
    S(42, 40),
    S(66, 23),
    S(22, 86),
    S(23, 13),
    S(2, 4),
    S(50, 41),
    S(5, -3),
    S(56, 43),
    S(3, 9),
    S(51, 43),
    S(4, -8),
    S(18, 49),
    S(-2, -29),
    S(42, 62),
    S(27, 19),
    S(79, 43),
    S(-3, 15),
    S(144, 37),
    S(22, -6),
    S(104, 21),
    S(17, -2),
    S(28, 8),
    S(-17, -2),
];
/// An enemy knight, bishop, rook or queen we attack that nothing defends.
pub const THREAT_HANGING: S = S(-18, -12);
/// An enemy knight, bishop, rook or queen that one of our pawns would attack after a
/// safe push.
pub const THREAT_PAWN_PUSH: S = S(12, 16);
/// Our king's distance (in king steps) to the nearest pawn of either side.
pub const KING_PAWN_DISTANCE: [S; 8] = [
    S(0, 0),
    S(14, 35),
    S(9, 32),
    S(-13, 26),
    S(-7, -8),
    S(3, -40),
    S(-19, -48),
    S(-72, -45),
];

// The danger to a king is a count, the sum of the weights below over what the enemy
// brings against it; the count becomes a score through a curve, −count² / 720 in the
// middlegame and −count / 20 in the endgame (negative counts are no danger). Each is a
// middlegame/endgame pair of counts, not of centipawns.

/// Enemy knights, bishops, rooks and queens that hit the king's zone (the king's
/// square and its neighbours), by kind.
pub const DANGER_ATTACKER: [S; 4] = [S(0, 102), S(10, 126), S(1, -137), S(15, -8)];
/// Safe checks the enemy has (onto squares we do not defend, or weak squares they hit
/// twice), by the checking piece's kind: knight, bishop, rook, queen.
pub const DANGER_SAFE_CHECK: [S; 4] = [S(94, 59), S(52, 136), S(95, 96), S(55, 154)];
/// Each square of the king's zone hit by an enemy piece, counted per piece.
pub const DANGER_ZONE_HITS: S = S(22, 52);
/// Weak squares of the zone: attacked, and defended at most by our king or queen.
pub const DANGER_WEAK: S = S(10, 8);
/// Our pawns in the zone on squares that are not weak.
pub const DANGER_PAWN_DEFENDERS: S = S(-11, -30);
/// Squares from which an enemy knight, bishop or rook would check but not safely (we
/// defend them): counted once a square, whatever reaches it. Unsafe checks still drive
/// the king and tie our defenders to the squares.
pub const DANGER_UNSAFE_CHECK: S = S(23, 96);
/// Pieces of either side alone on the line between the king and an enemy bishop, rook
/// or queen: ours are pinned, theirs may uncover a check.
pub const DANGER_BLOCKERS: S = S(19, -51);
/// Squares of the king's flank (its wing of three or four files, on our five nearest
/// ranks) the enemy attacks, plus those it attacks twice: an attack massing on the wing
/// before it reaches the king's zone.
pub const DANGER_FLANK_ATTACKS: S = S(8, -19);
/// Squares of the king's flank we attack (defend).
pub const DANGER_FLANK_DEFENCE: S = S(-5, 16);
/// The enemy has no queen.
pub const DANGER_NO_QUEEN: S = S(-129, -505);
/// Every count starts here.
pub const DANGER_BASE: S = S(20, -28);
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
pub const COMPLEXITY_FLANKS: S = S(0, 71);
/// Kings and pawns only.
pub const COMPLEXITY_PAWN_ENDGAME: S = S(0, 84);
/// Every count starts here.
pub const COMPLEXITY_BASE: S = S(0, -118);

// The scale factors multiply the endgame score (after the complexity) by
// n/SCALE_NORMAL in material configurations that are harder (or easier) to win than the
// count says; the side ahead in the endgame score decides which case applies. Only the
// second half of each pair is used; every other configuration keeps SCALE_NORMAL.

/// The scale factors' denominator, and the factor of every configuration that no case
/// names: the endgame score as it is (not tuned).
pub const SCALE_NORMAL: i32 = 128;

/// Opposite-coloured bishops and nothing else but pawns.
pub const SCALE_OCB_BISHOPS: S = S(0, 42);
/// Opposite-coloured bishops with one knight each.
pub const SCALE_OCB_KNIGHTS: S = S(0, 100);
/// Opposite-coloured bishops with one rook each.
pub const SCALE_OCB_ROOKS: S = S(0, 102);
/// The side ahead has only a queen; the other has two pieces or more and no queen.
pub const SCALE_LONE_QUEEN: S = S(0, 122);
/// The side ahead has only a knight or a bishop, and no pawns.
pub const SCALE_LONE_MINOR: S = S(0, -8);
/// No queens, at most one piece a side, and three pawns or more up.
pub const SCALE_PAWN_EDGE: S = S(0, 147);

// The material imbalance: what a piece is worth beside the others on the board,
// beyond its fixed value. Pairs of kinds, pawn to queen, in the order (pawn, pawn),
// (pawn, knight), ..., (queen, queen): the first index runs slower.

/// Our pieces of kind i times our pieces of kind j (i <= j): 15 weights.
pub const IMBALANCE_OURS: [S; 15] = [
    S(1, 5),
    S(0, 40),
    S(-1, 40),
    S(-9, 68),
    S(-9, 111),
    S(2, -39),
    S(-1, -54),
    S(13, -70),
    S(-13, -106),
    S(-3, -11),
    S(11, -55),
    S(-16, -80),
    S(9, -47),
    S(0, -155),
    S(-49, -187),
];
/// Our pieces of kind i times theirs of kind j (i < j; the other way round is the
/// other side's term): 10 weights.
pub const IMBALANCE_THEIRS: [S; 10] = [
    S(-1, -46),
    S(-1, -45),
    S(11, -69),
    S(24, -156),
    S(-2, 19),
    S(14, 19),
    S(-25, 19),
    S(8, 18),
    S(3, -58),
    S(91, -154),
];

// Terms after Stockfish 11's: a rook shut in by its own king, a queen open to a pin or
// a discovered attack, and the complexity's pull of the middlegame score toward zero.

/// A rook with at most three safe moves, on a file with our pawn, between its own king
/// and the edge: counted twice when the king can no longer castle to free it.
pub const TRAPPED_ROOK: S = S(-9, -21);
/// Our queen with a single piece between it and an enemy bishop (diagonally) or rook
/// (straight): a pin or a discovered attack waiting.
pub const WEAK_QUEEN: S = S(-13, 12);
/// Where the complexity (its endgame count) starts to pull the middlegame score toward
/// zero: the middlegame count is the endgame one plus this (first half; the second is
/// not used), and only a negative one moves the score, never across zero.
pub const COMPLEXITY_MG: S = S(133, 0);
/// A square both sides attack where a piece of theirs would not be strongly protected
/// (by a pawn, or twice where we attack it at most once): their pieces' room cut down
/// (Stockfish 11's restricted piece).
pub const THREAT_RESTRICTED: S = S(3, 2);
/// A safe square from which one of our knights would attack their only queen.
pub const THREAT_KNIGHT_ON_QUEEN: S = S(5, 0);
/// A safe square we attack twice from which one of our bishops or rooks would attack
/// their only queen.
pub const THREAT_SLIDER_ON_QUEEN: S = S(10, 1);
/// A knight off the outposts that could step onto one next move (an empty outpost or
/// one of theirs).
pub const OUTPOST_REACHABLE: S = S(8, 11);
/// A pawn of ours that two of theirs attack and none of ours defends: it must go or be
/// lost (Stockfish 11's weak lever).
pub const WEAK_LEVER: S = S(2, -14);
/// Our king on a wing (its flank) with no pawn of either side: open to the enemy pieces
/// and no pawn to hide behind (Stockfish 11's pawnless flank).
pub const PAWNLESS_FLANK: S = S(12, -47);
/// A rook on the file of a queen (either side's), for the day the file opens.
pub const ROOK_QUEEN_FILE: S = S(2, 15);
/// A bishop by its distance (0 to 7) to our own king (Stockfish 11's king protector):
/// a bishop far from home guards it less.
pub const BISHOP_KING_DISTANCE: [S; 8] = [
    S(0, 0),
    S(-10, 4),
    S(-10, -1),
    S(-12, -3),
    S(-13, -7),
    S(-13, -8),
    S(-14, -9),
    S(-16, -15),
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
