//! Every weight of the evaluation, in one place.
//!
//! Each weight is a middlegame/endgame pair ([`S`]). The piece-square tables are the
//! published PeSTO tables (Ronald Friederich's Rofchade, Texel-tuned) and stay the core;
//! the terms below them were set by hand and kept because they won games (see
//! `docs/strength.md`). A tuner that rewrites this file keeps its shape: the tables as
//! diagrams seen from White (first row = rank 8), then the terms, each named.

use super::S;

/// Material per piece kind (pawn, knight, bishop, rook, queen, king).
pub const PIECE_VALUE: [S; 6] = [
    S(82, 94),
    S(337, 281),
    S(365, 297),
    S(477, 512),
    S(1025, 936),
    S(0, 0),
];

/// Square bonuses per piece kind, as diagrams from White's side: a white piece on
/// square `s` (a1 = 0) reads index `s ^ 56`, a black piece index `s`.
#[rustfmt::skip]
pub const PSQT: [[S; 64]; 6] = [
    [ // pawn
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
        S(  98, 178), S( 134, 173), S(  61, 158), S(  95, 134), S(  68, 147), S( 126, 132), S(  34, 165), S( -11, 187),
        S(  -6,  94), S(   7, 100), S(  26,  85), S(  31,  67), S(  65,  56), S(  56,  53), S(  25,  82), S( -20,  84),
        S( -14,  32), S(  13,  24), S(   6,  13), S(  21,   5), S(  23,  -2), S(  12,   4), S(  17,  17), S( -23,  17),
        S( -27,  13), S(  -2,   9), S(  -5,  -3), S(  12,  -7), S(  17,  -7), S(   6,  -8), S(  10,   3), S( -25,  -1),
        S( -26,   4), S(  -4,   7), S(  -4,  -6), S( -10,   1), S(   3,   0), S(   3,  -5), S(  33,  -1), S( -12,  -8),
        S( -35,  13), S(  -1,   8), S( -20,   8), S( -23,  10), S( -15,  13), S(  24,   0), S(  38,   2), S( -22,  -7),
        S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0), S(   0,   0),
    ],
    [ // knight
        S(-167, -58), S( -89, -38), S( -34, -13), S( -49, -28), S(  61, -31), S( -97, -27), S( -15, -63), S(-107, -99),
        S( -73, -25), S( -41,  -8), S(  72, -25), S(  36,  -2), S(  23,  -9), S(  62, -25), S(   7, -24), S( -17, -52),
        S( -47, -24), S(  60, -20), S(  37,  10), S(  65,   9), S(  84,  -1), S( 129,  -9), S(  73, -19), S(  44, -41),
        S(  -9, -17), S(  17,   3), S(  19,  22), S(  53,  22), S(  37,  22), S(  69,  11), S(  18,   8), S(  22, -18),
        S( -13, -18), S(   4,  -6), S(  16,  16), S(  13,  25), S(  28,  16), S(  19,  17), S(  21,   4), S(  -8, -18),
        S( -23, -23), S(  -9,  -3), S(  12,  -1), S(  10,  15), S(  19,  10), S(  17,  -3), S(  25, -20), S( -16, -22),
        S( -29, -42), S( -53, -20), S( -12, -10), S(  -3,  -5), S(  -1,  -2), S(  18, -20), S( -14, -23), S( -19, -44),
        S(-105, -29), S( -21, -51), S( -58, -23), S( -33, -15), S( -17, -22), S( -28, -18), S( -19, -50), S( -23, -64),
    ],
    [ // bishop
        S( -29, -14), S(   4, -21), S( -82, -11), S( -37,  -8), S( -25,  -7), S( -42,  -9), S(   7, -17), S(  -8, -24),
        S( -26,  -8), S(  16,  -4), S( -18,   7), S( -13, -12), S(  30,  -3), S(  59, -13), S(  18,  -4), S( -47, -14),
        S( -16,   2), S(  37,  -8), S(  43,   0), S(  40,  -1), S(  35,  -2), S(  50,   6), S(  37,   0), S(  -2,   4),
        S(  -4,  -3), S(   5,   9), S(  19,  12), S(  50,   9), S(  37,  14), S(  37,  10), S(   7,   3), S(  -2,   2),
        S(  -6,  -6), S(  13,   3), S(  13,  13), S(  26,  19), S(  34,   7), S(  12,  10), S(  10,  -3), S(   4,  -9),
        S(   0, -12), S(  15,  -3), S(  15,   8), S(  15,  10), S(  14,  13), S(  27,   3), S(  18,  -7), S(  10, -15),
        S(   4, -14), S(  15, -18), S(  16,  -7), S(   0,  -1), S(   7,   4), S(  21,  -9), S(  33, -15), S(   1, -27),
        S( -33, -23), S(  -3,  -9), S( -14, -23), S( -21,  -5), S( -13,  -9), S( -12, -16), S( -39,  -5), S( -21, -17),
    ],
    [ // rook
        S(  32,  13), S(  42,  10), S(  32,  18), S(  51,  15), S(  63,  12), S(   9,  12), S(  31,   8), S(  43,   5),
        S(  27,  11), S(  32,  13), S(  58,  13), S(  62,  11), S(  80,  -3), S(  67,   3), S(  26,   8), S(  44,   3),
        S(  -5,   7), S(  19,   7), S(  26,   7), S(  36,   5), S(  17,   4), S(  45,  -3), S(  61,  -5), S(  16,  -3),
        S( -24,   4), S( -11,   3), S(   7,  13), S(  26,   1), S(  24,   2), S(  35,   1), S(  -8,  -1), S( -20,   2),
        S( -36,   3), S( -26,   5), S( -12,   8), S(  -1,   4), S(   9,  -5), S(  -7,  -6), S(   6,  -8), S( -23, -11),
        S( -45,  -4), S( -25,   0), S( -16,  -5), S( -17,  -1), S(   3,  -7), S(   0, -12), S(  -5,  -8), S( -33, -16),
        S( -44,  -6), S( -16,  -6), S( -20,   0), S(  -9,   2), S(  -1,  -9), S(  11,  -9), S(  -6, -11), S( -71,  -3),
        S( -19,  -9), S( -13,   2), S(   1,   3), S(  17,  -1), S(  16,  -5), S(   7, -13), S( -37,   4), S( -26, -20),
    ],
    [ // queen
        S( -28,  -9), S(   0,  22), S(  29,  22), S(  12,  27), S(  59,  27), S(  44,  19), S(  43,  10), S(  45,  20),
        S( -24, -17), S( -39,  20), S(  -5,  32), S(   1,  41), S( -16,  58), S(  57,  25), S(  28,  30), S(  54,   0),
        S( -13, -20), S( -17,   6), S(   7,   9), S(   8,  49), S(  29,  47), S(  56,  35), S(  47,  19), S(  57,   9),
        S( -27,   3), S( -27,  22), S( -16,  24), S( -16,  45), S(  -1,  57), S(  17,  40), S(  -2,  57), S(   1,  36),
        S(  -9, -18), S( -26,  28), S(  -9,  19), S( -10,  47), S(  -2,  31), S(  -4,  34), S(   3,  39), S(  -3,  23),
        S( -14, -16), S(   2, -27), S( -11,  15), S(  -2,   6), S(  -5,   9), S(   2,  17), S(  14,  10), S(   5,   5),
        S( -35, -22), S(  -8, -23), S(  11, -30), S(   2, -16), S(   8, -16), S(  15, -23), S(  -3, -36), S(   1, -32),
        S(  -1, -33), S( -18, -28), S(  -9, -22), S(  10, -43), S( -15,  -5), S( -25, -32), S( -31, -20), S( -50, -41),
    ],
    [ // king
        S( -65, -74), S(  23, -35), S(  16, -18), S( -15, -18), S( -56, -11), S( -34,  15), S(   2,   4), S(  13, -17),
        S(  29, -12), S(  -1,  17), S( -20,  14), S(  -7,  17), S(  -8,  17), S(  -4,  38), S( -38,  23), S( -29,  11),
        S(  -9,  10), S(  24,  17), S(   2,  23), S( -16,  15), S( -20,  20), S(   6,  45), S(  22,  44), S( -22,  13),
        S( -17,  -8), S( -20,  22), S( -12,  24), S( -27,  27), S( -30,  26), S( -25,  33), S( -14,  26), S( -36,   3),
        S( -49, -18), S(  -1,  -4), S( -27,  21), S( -39,  24), S( -46,  27), S( -44,  23), S( -33,   9), S( -51, -11),
        S( -14, -19), S( -14,  -3), S( -22,  11), S( -46,  21), S( -44,  23), S( -30,  16), S( -15,   7), S( -27,  -9),
        S(   1, -27), S(   7, -11), S(  -8,   4), S( -64,  13), S( -43,  14), S( -16,   4), S(   9,  -5), S(   8, -17),
        S( -15, -53), S(  36, -34), S(  12, -21), S( -54, -11), S(   8, -28), S( -28, -14), S(  24, -24), S(  14, -43),
    ],
];

/// A passed pawn, by its rank counted from its own side (index 0 = first rank).
pub const PASSED: [S; 8] = [
    S(0, 0),
    S(0, 10),
    S(0, 15),
    S(5, 25),
    S(15, 45),
    S(30, 75),
    S(50, 110),
    S(0, 0),
];
/// Extra for a passed pawn whose path to promotion holds no piece at all.
pub const PASSED_FREE: [S; 8] = [
    S(0, 0),
    S(0, 0),
    S(0, 5),
    S(0, 10),
    S(5, 20),
    S(10, 35),
    S(20, 60),
    S(0, 0),
];
/// Per square of king distance to a passed pawn's stop square, scaled by how far the
/// pawn has come: the defending king far away is good, our own king far away is bad.
pub const PASSED_KING_THEIRS: S = S(0, 5);
pub const PASSED_KING_OURS: S = S(0, -2);
/// Each pawn beyond the first on one file.
pub const DOUBLED: S = S(-10, -20);
/// A pawn with no friendly pawn on either neighbouring file.
pub const ISOLATED: S = S(-10, -12);
/// Two bishops.
pub const BISHOP_PAIR: S = S(30, 50);
/// A rook on a file with no pawn, and on a file with only enemy pawns.
pub const ROOK_OPEN: S = S(40, 10);
pub const ROOK_HALF_OPEN: S = S(15, 10);
/// Mobility by the number of safe squares a piece reaches (squares not held by our
/// pieces nor attacked by enemy pawns): a table per piece, indexed by that count, so
/// that the tuner can bend what a straight line per square cannot (a trapped piece is
/// worse than linear, the tenth square worth less than the third). The hand-set start
/// was a straight line through zero at a typical count.
pub const MOBILITY_KNIGHT: [S; 9] = [
    S(-16, -16),
    S(-12, -12),
    S(-8, -8),
    S(-4, -4),
    S(0, 0),
    S(4, 4),
    S(8, 8),
    S(12, 12),
    S(16, 16),
];
pub const MOBILITY_BISHOP: [S; 14] = [
    S(-30, -30),
    S(-25, -25),
    S(-20, -20),
    S(-15, -15),
    S(-10, -10),
    S(-5, -5),
    S(0, 0),
    S(5, 5),
    S(10, 10),
    S(15, 15),
    S(20, 20),
    S(25, 25),
    S(30, 30),
    S(35, 35),
];
pub const MOBILITY_ROOK: [S; 15] = [
    S(-14, -28),
    S(-12, -24),
    S(-10, -20),
    S(-8, -16),
    S(-6, -12),
    S(-4, -8),
    S(-2, -4),
    S(0, 0),
    S(2, 4),
    S(4, 8),
    S(6, 12),
    S(8, 16),
    S(10, 20),
    S(12, 24),
    S(14, 28),
];
pub const MOBILITY_QUEEN: [S; 28] = [
    S(-13, -26),
    S(-12, -24),
    S(-11, -22),
    S(-10, -20),
    S(-9, -18),
    S(-8, -16),
    S(-7, -14),
    S(-6, -12),
    S(-5, -10),
    S(-4, -8),
    S(-3, -6),
    S(-2, -4),
    S(-1, -2),
    S(0, 0),
    S(1, 2),
    S(2, 4),
    S(3, 6),
    S(4, 8),
    S(5, 10),
    S(6, 12),
    S(7, 14),
    S(8, 16),
    S(9, 18),
    S(10, 20),
    S(11, 22),
    S(12, 24),
    S(13, 26),
    S(14, 28),
];
/// King attack: each of our pieces that hits squares around the enemy king adds
/// these units per square hit (knight, bishop, rook, queen); with two or more such
/// pieces the attack is worth units² / KING_ATTACK_DIV in the middlegame, capped.
pub const KING_ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
pub const KING_ATTACK_DIV: i32 = 6;
pub const KING_ATTACK_MAX: i32 = 500;
/// Our pawns in front of our king (on its file and the next ones), one and two ranks
/// ahead of it.
pub const SHIELD: [S; 2] = [S(12, 0), S(6, 0)];
/// A piece of theirs (knight, bishop, rook, queen) attacked by one of our pawns.
pub const THREAT_BY_PAWN: S = S(45, 30);
/// A rook or queen of theirs attacked by one of our knights or bishops; a queen of
/// theirs attacked by one of our rooks.
pub const THREAT_BY_MINOR: S = S(30, 20);
pub const THREAT_BY_ROOK: S = S(30, 20);
/// A pawn whose neighbours have all advanced past it and whose stop square an enemy
/// pawn holds.
pub const BACKWARD: S = S(-8, -8);
/// A pawn defended by one of ours, and a pawn with one of ours beside it on its rank.
pub const SUPPORTED: S = S(8, 6);
pub const PHALANX: S = S(5, 4);
/// A passed pawn whose stop square holds an enemy piece.
pub const PASSED_BLOCKED: S = S(-5, -15);
/// Their pawns on our king's file and the next ones, one, two and three ranks ahead
/// of it.
pub const STORM: [S; 3] = [S(-10, 0), S(-10, 0), S(-5, 0)];
/// The side to move's edge.
pub const TEMPO: S = S(12, 6);

/// The flat layout of every weight that enters the evaluation linearly, for the tuner:
/// where each named weight (or table) starts.
pub mod index {
    pub const PIECE_VALUE: usize = 0;
    pub const PSQT: usize = PIECE_VALUE + 6;
    pub const PASSED: usize = PSQT + 6 * 64;
    /// Where the terms begin, after material and the tables.
    pub const FIRST_TERM: usize = PASSED;
    pub const PASSED_FREE: usize = PASSED + 8;
    pub const PASSED_KING_THEIRS: usize = PASSED_FREE + 8;
    pub const PASSED_KING_OURS: usize = PASSED_KING_THEIRS + 1;
    pub const DOUBLED: usize = PASSED_KING_OURS + 1;
    pub const ISOLATED: usize = DOUBLED + 1;
    pub const BISHOP_PAIR: usize = ISOLATED + 1;
    pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
    pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
    /// Mobility tables, one entry per count of safe squares.
    pub const MOBILITY_KNIGHT: usize = ROOK_HALF_OPEN + 1;
    pub const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9;
    pub const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14;
    pub const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15;
    pub const SHIELD: usize = MOBILITY_QUEEN + 28;
    pub const THREAT_BY_PAWN: usize = SHIELD + 2;
    pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
    pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 1;
    pub const BACKWARD: usize = THREAT_BY_ROOK + 1;
    pub const SUPPORTED: usize = BACKWARD + 1;
    pub const PHALANX: usize = SUPPORTED + 1;
    pub const PASSED_BLOCKED: usize = PHALANX + 1;
    pub const STORM: usize = PASSED_BLOCKED + 1;
    pub const TEMPO: usize = STORM + 3;
    /// Number of weights.
    pub const COUNT: usize = TEMPO + 1;
}

/// Every linear weight in the flat layout of [`index`].
pub fn flat() -> Vec<S> {
    let mut v = Vec::with_capacity(index::COUNT);
    v.extend_from_slice(&PIECE_VALUE);
    for t in &PSQT {
        v.extend_from_slice(t);
    }
    v.extend_from_slice(&PASSED);
    v.extend_from_slice(&PASSED_FREE);
    v.extend_from_slice(&[
        PASSED_KING_THEIRS,
        PASSED_KING_OURS,
        DOUBLED,
        ISOLATED,
        BISHOP_PAIR,
        ROOK_OPEN,
        ROOK_HALF_OPEN,
    ]);
    v.extend_from_slice(&MOBILITY_KNIGHT);
    v.extend_from_slice(&MOBILITY_BISHOP);
    v.extend_from_slice(&MOBILITY_ROOK);
    v.extend_from_slice(&MOBILITY_QUEEN);
    v.extend_from_slice(&SHIELD);
    v.extend_from_slice(&[
        THREAT_BY_PAWN,
        THREAT_BY_MINOR,
        THREAT_BY_ROOK,
        BACKWARD,
        SUPPORTED,
        PHALANX,
        PASSED_BLOCKED,
    ]);
    v.extend_from_slice(&STORM);
    v.push(TEMPO);
    debug_assert_eq!(v.len(), index::COUNT);
    v
}

/// The weight at flat index `i`.
pub fn flat_weight(i: usize) -> S {
    use std::sync::OnceLock;
    static FLAT: OnceLock<Vec<S>> = OnceLock::new();
    FLAT.get_or_init(flat)[i]
}
