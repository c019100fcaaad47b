//! The position's keys: the Zobrist key with the Chess960 rights folded in, the keys
//! of the pawn structure and of each side's other pieces, and the key a move leads to,
//! known before the move is made.
//!
//! The structure keys are computed from the bitboards, the Zobrist key is the crate's
//! with the rights of [`Castling`] folded in.
//!
//! The key a move leads to: a node's first memory access is its table bucket, almost always a miss to main
//! memory. The search starts loading it as soon as the child's key is known; when that
//! key comes only from making the move, the load has a few dozen instructions to
//! arrive before the child probes. For most moves the new key is the old one with the
//! moving piece's square keys and the captured piece's key folded in: knowing those
//! lets the search ask for the bucket before it makes the move.
//!
//! The crate keeps its Zobrist tables private, so [`KeyDeltas`] reads them off: a
//! piece's key on a square is the difference between the keys of two boards, one with
//! the piece and one without.

#![allow(clippy::disallowed_types, clippy::disallowed_methods)]

use chess::{
    get_king_moves, BitBoard, Board, BoardBuilder, CastleRights, ChessMove, Color, Piece, Square,
    ALL_PIECES, ALL_SQUARES, EMPTY,
};

use super::castling::Castling;
use super::Position;

/// The keys of where the pawns stand and of where each side's other pieces stand, for
/// the tables indexed by them (the pawn cache, the correction histories). Computed
/// from the bitboards, not updated by Zobrist steps, so that a key is the same however
/// the position was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct StructureKeys {
    pub(super) pawn: u64,
    pub(super) non_pawn: [u64; 2],
}

impl StructureKeys {
    pub(super) fn of(b: &Board) -> StructureKeys {
        StructureKeys {
            pawn: pawn_key(b),
            non_pawn: [non_pawn_key(b, Color::White), non_pawn_key(b, Color::Black)],
        }
    }

    /// The keys of `after`, one move (or pass) from `before`, whose keys these are:
    /// only a key whose pieces moved is computed again (a move changes one or two).
    #[inline]
    pub(super) fn after(self, before: &Board, after: &Board) -> StructureKeys {
        let pawns = |b: &Board| *b.pieces(Piece::Pawn);
        let others = |b: &Board, c: Color| *b.color_combined(c) & !pawns(b);
        let mut keys = self;
        if pawns(before) != pawns(after) {
            keys.pawn = pawn_key(after);
        }
        for c in [Color::White, Color::Black] {
            if others(before, c) != others(after, c) {
                keys.non_pawn[c.to_index()] = non_pawn_key(after, c);
            }
        }
        keys
    }
}

/// The Zobrist key of `board` with Chess960 `castling` rights (whose key is 0 in
/// standard chess, where the board's own key holds the rights).
#[inline]
pub(super) fn zobrist_key(board: &Board, castling: &Castling) -> u64 {
    board.get_hash() ^ castling.key()
}

/// A key of the pawn structure alone (the crate's pawn hash is a stub that returns 0).
#[inline]
fn pawn_key(b: &Board) -> u64 {
    let pawns = *b.pieces(Piece::Pawn);
    let white = (pawns & *b.color_combined(Color::White)).0;
    let black = (pawns & *b.color_combined(Color::Black)).0;
    mix(white) ^ mix(black.rotate_left(17) ^ 0x94D0_49BB_1331_11EB)
}

/// A key of where the pieces of `side` other than pawns stand (king included).
#[inline]
fn non_pawn_key(b: &Board, side: Color) -> u64 {
    let ours = *b.color_combined(side);
    let of = |p: Piece| (*b.pieces(p) & ours).0;
    mix(of(Piece::Knight) ^ of(Piece::Bishop).rotate_left(23))
        ^ mix(of(Piece::Rook) ^ of(Piece::Queen).rotate_left(29) ^ 0x2545_F491_4F6C_DD1D)
        ^ mix(of(Piece::King) ^ 0x94D0_49BB_1331_11EB)
}

/// Spreads the bits of `x` over the whole word (a SplitMix64 finaliser), for keys made
/// from bitboards.
#[inline]
fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (x ^ (x >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// The crate's Zobrist values for the pieces and for the side to move.
pub struct KeyDeltas {
    /// [colour][piece kind][square]; 0 for pawns on the first or last rank (never
    /// asked). A king's values are the crate's up to one constant per colour (see
    /// [`king_values`]), which cancels in the two squares of a king's move.
    piece: Box<[[[u64; 64]; 6]; 2]>,
    /// What passing the move to the other side folds into the key.
    side: u64,
}

impl Default for KeyDeltas {
    fn default() -> Self {
        KeyDeltas::new()
    }
}

impl KeyDeltas {
    /// The values, read off boards built for the purpose (about 1,600 of them: a
    /// millisecond, once a worker).
    pub fn new() -> KeyDeltas {
        let mut piece = Box::new([[[0u64; 64]; 6]; 2]);
        for color in [Color::White, Color::Black] {
            // The other colour is to move, so that the piece may give check.
            let bare = KING_PAIRS.map(|kings| board(kings, &[], !color).expect("two kings"));
            for kind in ALL_PIECES.into_iter().filter(|&k| k != Piece::King) {
                for s in ALL_SQUARES {
                    // The first pair of kings that leaves `s` free.
                    let pair = KING_PAIRS.iter().position(|&(w, b)| s != w && s != b);
                    let pair = pair.expect("two disjoint pairs");
                    // A pawn on the first or last rank: no board holds it, never asked.
                    let Some(with) = board(KING_PAIRS[pair], &[(s, kind, color)], !color) else {
                        continue;
                    };
                    piece[color.to_index()][kind.to_index()][s.to_index()] =
                        with.get_hash() ^ bare[pair].get_hash();
                }
            }
            piece[color.to_index()][Piece::King.to_index()] = king_values(color);
        }
        let side = {
            let key = |stm| {
                board(KING_PAIRS[0], &[], stm)
                    .expect("two kings")
                    .get_hash()
            };
            key(Color::White) ^ key(Color::Black)
        };
        KeyDeltas { piece, side }
    }

    #[inline]
    pub(super) fn piece(&self, color: Color, kind: Piece, s: Square) -> u64 {
        self.piece[color.to_index()][kind.to_index()][s.to_index()]
    }

    /// What passing the move to the other side folds into the key.
    #[inline]
    pub(super) fn side(&self) -> u64 {
        self.side
    }
}

/// The values of `color`'s king, each XORed with its value on d4: every board holds
/// one king of each colour, so a king's value cannot be read off against a board
/// without it, only the difference of two of its squares against the same board. The
/// other king stands on a corner two squares or more from both (every corner is from
/// d4; at most one is next to any square).
fn king_values(color: Color) -> [u64; 64] {
    let key = |s: Square, other: Square| {
        let kings = if color == Color::White {
            (s, other)
        } else {
            (other, s)
        };
        board(kings, &[], Color::White)
            .expect("kings apart")
            .get_hash()
    };
    let corners = [Square::A1, Square::H1, Square::A8, Square::H8];
    let mut values = [0; 64];
    for s in ALL_SQUARES {
        let near = get_king_moves(s) | BitBoard::from_square(s);
        let apart = |c: &Square| near & BitBoard::from_square(*c) == EMPTY;
        let other = corners.into_iter().find(apart).expect("a corner apart");
        values[s.to_index()] = key(s, other) ^ key(Square::D4, other);
    }
    values
}

/// Where the kings stand on the boards the values are read off: the first pair that
/// leaves the square asked about free (the kings stand apart, neither in check).
const KING_PAIRS: [(Square, Square); 2] = [(Square::A1, Square::H8), (Square::H1, Square::A8)];

/// A board with the kings on `kings`, `extra` beside them and `stm` to move, no castling
/// rights and no en-passant square; `None` when the crate refuses it.
fn board(kings: (Square, Square), extra: &[(Square, Piece, Color)], stm: Color) -> Option<Board> {
    let mut builder = BoardBuilder::new();
    builder
        .piece(kings.0, Piece::King, Color::White)
        .piece(kings.1, Piece::King, Color::Black)
        .side_to_move(stm);
    for &(s, kind, color) in extra {
        builder.piece(s, kind, color);
    }
    Board::try_from(&builder).ok()
}

impl Position {
    /// The key after `mv` (legal here) when the move only moves a piece and perhaps
    /// captures one: no king move, castling right lost, promotion, double step or en
    /// passant, and no en-passant square before it, all of which change the key in
    /// ways the crate decides; `None` for those, and in Chess960.
    #[inline]
    pub fn key_after(&self, mv: ChessMove, deltas: &KeyDeltas) -> Option<u64> {
        let (from, to) = (mv.get_source(), mv.get_dest());
        if self.chess960 || self.board.en_passant().is_some() || mv.get_promotion().is_some() {
            return None;
        }
        let kind = self.board.piece_on(from)?;
        let double_step = kind == Piece::Pawn
            && from
                .get_rank()
                .to_index()
                .abs_diff(to.get_rank().to_index())
                == 2;
        if kind == Piece::King || double_step || self.may_change_rights(from, to) {
            return None;
        }
        let us = self.board.side_to_move();
        let mut key =
            self.key ^ deltas.side ^ deltas.piece(us, kind, from) ^ deltas.piece(us, kind, to);
        if let Some(victim) = self.board.piece_on(to) {
            key ^= deltas.piece(!us, victim, to);
        }
        Some(key)
    }

    /// Whether a move from `from` to `to` may take a castling right away: some side
    /// still has one and the move leaves or lands on a corner.
    #[inline]
    fn may_change_rights(&self, from: Square, to: Square) -> bool {
        const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;
        let rights = |c| self.board.castle_rights(c) != CastleRights::NoRights;
        (rights(Color::White) || rights(Color::Black))
            && (1u64 << from.to_index() | 1u64 << to.to_index()) & CORNERS != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key `key_after` predicts is the key the move leads to, at every position
    /// three plies deep from positions with castling rights, en passant, promotions and
    /// captures; and it predicts most moves (it is not a test of `None`).
    #[test]
    fn predicted_keys_are_the_keys_moves_lead_to() {
        fn walk(p: &mut Position, deltas: &KeyDeltas, depth: u32, counts: &mut [u32; 2]) {
            for m in p.legal_moves() {
                let predicted = p.key_after(m, deltas);
                p.make_move(m);
                if let Some(k) = predicted {
                    assert_eq!(k, p.key(), "{m} to {}", p.to_fen());
                }
                counts[predicted.is_some() as usize] += 1;
                if depth > 1 {
                    walk(p, deltas, depth - 1, counts);
                }
                p.unmake_move();
            }
        }
        let deltas = KeyDeltas::new();
        let mut counts = [0; 2];
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        ] {
            walk(
                &mut Position::from_fen(fen).unwrap(),
                &deltas,
                3,
                &mut counts,
            );
        }
        let [none, some] = counts;
        assert!(some > 2 * none, "predicted {some}, not {none}");
    }
}
