//! Upcoming repetitions: whether the side to move has a move back to a position
//! already on the line, found without generating moves (Marcel van Kervinck, "The
//! Cuckoo Hash for detecting upcoming repetitions"; Stockfish's `has_game_cycle`).
//!
//! Two positions an odd number of plies apart that differ by one piece on one of two
//! squares have keys whose XOR is that piece's two square values and the side-to-move
//! value. Such XORs, one for every piece (pawns aside: they never go back) and every
//! pair of squares it could move between on an empty board, fill a cuckoo hash: a node
//! XORs its key with each earlier key in the fifty-move window and looks the result up.
//! A hit names the squares; the move is then possible if nothing stands between them
//! and the piece is the mover's, and the search may count on a draw before it searches
//! a move (the repetition is found a ply earlier than at the child).

#![allow(clippy::disallowed_types, clippy::disallowed_methods)]

use std::sync::OnceLock;

use chess::{
    between, get_bishop_rays, get_king_moves, get_knight_moves, get_rook_rays, BitBoard, Color,
    Piece, Square, ALL_SQUARES, EMPTY,
};

use super::{KeyDeltas, Position};

/// Slots of the table: a power of two a little over twice the 3,668 moves, which keeps
/// the insertion's chains of evictions short.
const SLOTS: usize = 8192;

/// Every reversible move by its key (see the module doc): the key in one of the two
/// slots its halves pick, or in none.
struct Cuckoo {
    /// 0 marks an empty slot (no move's key is 0: a piece's two values and the side's
    /// would have to cancel).
    keys: Box<[u64; SLOTS]>,
    /// The squares of the move whose key is in the slot, the lower first.
    squares: Box<[(Square, Square); SLOTS]>,
    /// What passing the move folds into the key.
    side: u64,
}

/// The first slot a key may sit in (its low bits).
#[inline]
fn first(key: u64) -> usize {
    key as usize & (SLOTS - 1)
}

/// The second slot a key may sit in (bits above the first's).
#[inline]
fn second(key: u64) -> usize {
    (key >> 16) as usize & (SLOTS - 1)
}

/// The squares a `kind` on `s` reaches on an empty board (pawns none: they never move
/// back).
fn reach(kind: Piece, s: Square) -> BitBoard {
    match kind {
        Piece::Knight => get_knight_moves(s),
        Piece::Bishop => get_bishop_rays(s),
        Piece::Rook => get_rook_rays(s),
        Piece::Queen => get_bishop_rays(s) | get_rook_rays(s),
        Piece::King => get_king_moves(s),
        Piece::Pawn => EMPTY,
    }
}

impl Cuckoo {
    /// The table of every piece's every reversible move, keyed with the crate's values.
    fn new() -> Cuckoo {
        let deltas = KeyDeltas::new();
        let mut table = Cuckoo {
            keys: Box::new([0; SLOTS]),
            squares: Box::new([(Square::A1, Square::A1); SLOTS]),
            side: deltas.side(),
        };
        for color in [Color::White, Color::Black] {
            for kind in chess::ALL_PIECES {
                for s1 in ALL_SQUARES {
                    for s2 in reach(kind, s1).filter(|s2| s2.to_index() > s1.to_index()) {
                        let key = deltas.piece(color, kind, s1)
                            ^ deltas.piece(color, kind, s2)
                            ^ deltas.side();
                        table.insert(key, (s1, s2));
                    }
                }
            }
        }
        table
    }

    /// Puts a move in its first slot; whatever sat there moves to its other slot, and
    /// so on until a slot is free. The keys are fixed, so the chains are too: the bound
    /// only turns a table that cannot be built into a panic rather than a hang.
    fn insert(&mut self, mut key: u64, mut squares: (Square, Square)) {
        let mut slot = first(key);
        for _ in 0..SLOTS {
            std::mem::swap(&mut self.keys[slot], &mut key);
            std::mem::swap(&mut self.squares[slot], &mut squares);
            if key == 0 {
                return;
            }
            slot = if slot == first(key) {
                second(key)
            } else {
                first(key)
            };
        }
        panic!("the cuckoo table cannot hold every reversible move");
    }

    /// The squares of the move with `key`, if there is one.
    #[inline]
    fn find(&self, key: u64) -> Option<(Square, Square)> {
        [first(key), second(key)]
            .into_iter()
            .find(|&slot| self.keys[slot] == key)
            .map(|slot| self.squares[slot])
    }

    /// The moves held.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.keys.iter().filter(|&&k| k != 0).count()
    }
}

/// The table, built on first use (a few milliseconds) and shared by every thread.
fn table() -> &'static Cuckoo {
    static TABLE: OnceLock<Cuckoo> = OnceLock::new();
    TABLE.get_or_init(Cuckoo::new)
}

impl Position {
    /// Whether the side to move has a move back to a position the search scores a draw
    /// by repetition ([`Position::is_repetition`] with the same `root_ply`): one met at
    /// or after `root_ply`, or one before it that had already occurred once more. The
    /// move is legal: the position it leads to stood on the board with the other side to
    /// move, so the mover's king is safe there. So the node's value is at least a draw.
    ///
    /// Most earlier positions are ruled out before the table is read (a likely cache
    /// miss): the other side's moves since must undo each other, which the XOR of their
    /// key changes tells (Stockfish's later refinement).
    #[inline]
    pub fn upcoming_repetition(&self, root_ply: usize) -> bool {
        let n = self.history.len();
        let window = (self.rep_window as usize).min(n);
        if window < 3 {
            return false;
        }
        let cuckoo = table();
        let keys = &self.history;
        // What the other side's moves since `back` plies ago changed in the key.
        let mut theirs = self.key ^ keys[n - 1] ^ cuckoo.side;
        (3..=window).step_by(2).any(|back| {
            let earlier = n - back;
            theirs ^= keys[earlier + 1] ^ keys[earlier] ^ cuckoo.side;
            theirs == 0
                && cuckoo
                    .find(self.key ^ keys[earlier])
                    .is_some_and(|(s1, s2)| self.can_move_between(s1, s2))
                && (earlier >= root_ply || self.occurred_before(earlier, n - window))
        })
    }

    /// Whether a piece of the side to move stands on one of `s1` and `s2`, the other is
    /// empty and nothing stands between them. (The colour test is a guard against key
    /// collisions: when the other side's moves undid each other, the piece is ours.)
    #[inline]
    fn can_move_between(&self, s1: Square, s2: Square) -> bool {
        let (from, to) = if self.board.piece_on(s1).is_some() {
            (s1, s2)
        } else {
            (s2, s1)
        };
        let occupied = *self.board.combined();
        (between(s1, s2) | BitBoard::from_square(to)) & occupied == EMPTY
            && self.board.color_on(from) == Some(self.board.side_to_move())
    }

    /// Whether the position after `idx` moves occurred already, an even number of plies
    /// earlier, at or after `oldest`.
    fn occurred_before(&self, idx: usize, oldest: usize) -> bool {
        let key = self.history[idx];
        (oldest..idx)
            .rev()
            .skip(1)
            .step_by(2)
            .any(|j| self.history[j] == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::setup;
    use chess::ChessMove;

    /// As many moves as Stockfish's table holds (the count depends on the geometry
    /// alone): 2 colours × (168 knight + 280 bishop + 448 rook + 728 queen + 210 king).
    #[test]
    fn the_table_holds_every_reversible_move() {
        assert_eq!(table().len(), 3668);
    }

    /// For every move that only moves a piece (no capture, no pawn, no change of
    /// castling rights or en passant), the key changes by the piece's two square values
    /// and the side's, kings included: what the table's keys assume.
    #[test]
    fn a_reversible_move_changes_the_key_by_its_table_key() {
        let deltas = KeyDeltas::new();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/8/3q4/8/8/2N5/8/3QK3 b - - 3 40",
        ] {
            let mut p = Position::from_fen(fen).unwrap();
            let mut checked = 0;
            for m in p.legal_moves() {
                let kind = p.piece_on(m.get_source()).unwrap();
                if kind == Piece::Pawn || p.piece_on(m.get_dest()).is_some() {
                    continue;
                }
                let (before, us) = (p.key(), p.side_to_move());
                p.make_move(m);
                let expected = deltas.piece(us, kind, m.get_source())
                    ^ deltas.piece(us, kind, m.get_dest())
                    ^ deltas.side();
                assert_eq!(before ^ p.key(), expected, "{m} in {fen}");
                assert!(table().find(expected).is_some(), "{m} in {fen}");
                p.unmake_move();
                checked += 1;
            }
            assert!(checked > 5, "{fen}");
        }
    }

    /// The position after `moves` from `fen`, with the search's root after the last.
    fn after(fen: &str, moves: &str) -> Position {
        let moves: Vec<&str> = moves.split_whitespace().collect();
        let (p, err) = setup(fen, &moves).unwrap();
        assert!(err.is_none(), "{moves:?}");
        p
    }

    const START: &str = super::super::START_FEN;

    /// After 1.Nf3 Nf6 2.Ng1, Black's Ng8 would bring back the starting position with
    /// White to move, seen once: a draw inside the search, not yet in the game.
    #[test]
    fn a_knight_going_back_repeats() {
        let p = after(START, "g1f3 g8f6 f3g1");
        assert!(p.upcoming_repetition(0), "the start is inside the search");
        assert!(
            !p.upcoming_repetition(p.ply_count()),
            "seen once, before the root"
        );
    }

    /// After 1.e4 Nh6 2.Nf3 Ng4 3.Ng1 Nf6, the position after 1.e4 differs by Black's
    /// knight alone, one knight's move away: but Black would have to move it, and it
    /// is White's turn.
    #[test]
    fn the_other_sides_piece_cannot_go_back() {
        let p = after(START, "e2e4 g8h6 g1f3 h6g4 f3g1 g4f6");
        let earlier = p.history[p.ply_count() - 5];
        assert!(
            table().find(p.key() ^ earlier).is_some(),
            "the keys do match"
        );
        assert!(!p.upcoming_repetition(0));
    }

    /// Before the root, the position moved back to must have occurred twice already.
    #[test]
    fn before_the_root_a_third_occurrence_is_needed() {
        let p = after(START, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
        assert!(p.upcoming_repetition(p.ply_count()));
        let p = after(START, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6");
        assert!(p.upcoming_repetition(0));
        assert!(
            !p.upcoming_repetition(p.ply_count()),
            "Nf3-g1 would repeat a position seen once"
        );
    }

    /// Black's rook went a8-b8-b4-a4 while White's knight went out and came back: the
    /// start differs by the rook alone, but the knight on a6 bars Ra4-a8.
    #[test]
    fn a_blocked_path_is_no_repetition() {
        let moves = "g1f3 a8b8 f3d4 b8b4 d4f3 b4a4 f3g1";
        let open = after("r3k3/8/8/8/8/8/8/4K1N1 w - - 0 1", moves);
        assert!(open.upcoming_repetition(0));
        let blocked = after("r3k3/8/n7/8/8/8/8/4K1N1 w - - 0 1", moves);
        assert!(!blocked.upcoming_repetition(0));
    }

    /// Along random games that mostly shuffle pieces, the answer is at every ply what
    /// trying every move says: whether one leads to a position
    /// [`Position::is_repetition`] calls a repetition, for roots at the start, midway
    /// and at the current position. Chess960 castling rights included.
    #[test]
    fn the_answer_is_what_trying_every_move_says() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut random = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut hits = 0;
        for (fen, chess960) in [
            (
                "r3k2r/1b2qp2/p1n1pn2/1p6/8/2N1PN2/PB2QP2/R3K2R w KQkq - 0 1",
                false,
            ),
            ("4k3/3r4/8/2n5/8/5B2/3R4/4K3 w - - 0 1", false),
            ("rk2r3/8/2n5/8/8/5N2/8/RK2R3 w EAea - 0 1", true),
        ] {
            let mut p = Position::from_fen_in(fen, chess960).unwrap();
            let mut played = Vec::new();
            for _ in 0..300 {
                let n = p.ply_count();
                for root in [0, n / 2, n] {
                    let tried = p.legal_moves().into_iter().any(|m| {
                        let mut child = p.clone();
                        child.make_move(m);
                        child.is_repetition(root)
                    });
                    assert_eq!(p.upcoming_repetition(root), tried, "{} {root}", p.to_fen());
                    hits += tried as usize;
                }
                let Some(m) = shuffle_move(&p, &played, &mut random) else {
                    break;
                };
                p.make_move(m);
                played.push(m);
            }
        }
        assert!(hits > 100, "only {hits} repetitions in reach");
    }

    /// A random move that is neither a capture nor a pawn's, half the time the one that
    /// takes back the mover's last (so that positions come back); `None` when there is
    /// none.
    fn shuffle_move(
        p: &Position,
        played: &[ChessMove],
        random: &mut impl FnMut(usize) -> usize,
    ) -> Option<ChessMove> {
        let moves: Vec<ChessMove> = p
            .legal_moves()
            .into_iter()
            .filter(|&m| !p.is_capture(m) && p.piece_on(m.get_source()) != Some(Piece::Pawn))
            .collect();
        let back = played.len().checked_sub(2).map(|i| played[i]);
        let undo = back.and_then(|b| {
            moves
                .iter()
                .copied()
                .find(|m| m.get_source() == b.get_dest() && m.get_dest() == b.get_source())
        });
        match undo {
            Some(m) if random(2) == 0 => Some(m),
            _ if moves.is_empty() => None,
            _ => Some(moves[random(moves.len())]),
        }
    }

    /// A pawn move since the knights went out and back: the window starts after it.
    #[test]
    fn a_reset_clock_ends_the_window() {
        assert!(!after(START, "g1f3 g8f6 f3g1 e7e6").upcoming_repetition(0));
        assert!(!after(START, "g1f3 g8f6 e2e3 f6g8").upcoming_repetition(0));
    }
}
