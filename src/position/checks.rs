//! Checks: which moves give check ([`Position::gives_check`], from [`CheckInfo`]
//! computed once a node), which mate at once, and the direct checks of a side with the
//! replies each leaves (what the search's mate guard weighs). The direct checks are
//! found from the pieces that reach the checking squares when that is safe, without a
//! legal generation: in most searched positions only a few moves check.

#![allow(clippy::disallowed_types, clippy::disallowed_methods)]

use chess::{BitBoard, Board, CastleRights, ChessMove, File, MoveGen, Piece, Square, EMPTY};

use super::{attackers, CheckInfo, Position};
use crate::types::Squares;

impl Position {
    /// What [`Position::gives_check`] needs, computed once per node: for each piece
    /// kind of the side to move, the squares from which it would check the enemy king
    /// directly (index 0..6, the king's empty), and at index 6 our pieces whose moving
    /// away may uncover a check by a slider behind them.
    pub fn check_info(&self) -> CheckInfo {
        check_info(&self.board)
    }

    /// Whether `mv` (legal here) may give check, given [`Position::check_info`]: direct
    /// checks, pieces that uncover a slider's check (even when they move along its
    /// line), and castling (the rook may check; it is rare enough to count always).
    #[inline]
    pub fn gives_check(&self, mv: ChessMove, info: &CheckInfo) -> bool {
        let (from, to) = (mv.get_source(), mv.get_dest());
        if info[6] & BitBoard::from_square(from) != EMPTY {
            return true;
        }
        if from == self.board.king_square(self.board.side_to_move()) {
            return self.is_castle(mv);
        }
        // The checking squares are worked out with every pawn in place: a promoted
        // piece checking back through the square its pawn leaves, and an en passant
        // capture uncovering a check through the captured pawn's square, go unseen
        // there. Both are rare: they count as checks, as castling does.
        if mv.get_promotion().is_some() || self.is_en_passant(mv) {
            return true;
        }
        // Most moves land where no piece checks from: settled before the board is
        // asked which piece moves.
        if checking_squares(info) & BitBoard::from_square(to) == EMPTY {
            return false;
        }
        let Some(mover) = self.board.piece_on(from) else {
            return false;
        };
        let piece = mv.get_promotion().unwrap_or(mover);
        info[piece.to_index()] & BitBoard::from_square(to) != EMPTY
    }

    /// Whether `mv` (legal here) checkmates at once. Cheap when it does not check
    /// (`info` from [`Position::check_info`] answers that); otherwise the move is made
    /// on a copy of the board.
    pub fn mates_with(&self, mv: ChessMove, info: &CheckInfo) -> bool {
        if !self.gives_check(mv, info) {
            return false;
        }
        // No castle answers a check, so the crate's generator alone decides mate.
        let after = self.board_after(mv);
        *after.checkers() != EMPTY && MoveGen::new_legal(&after).len() == 0
    }

    /// Hands `f` the number of legal replies each direct check of the other side would
    /// leave if the side to move passed (what it threatens), counted up to two (two
    /// stands for two or more), until `f` says stop; nothing in check, where there is
    /// no pass. A direct check is a legal move onto a square from which some kind of
    /// piece attacks the enemy king that leaves it in check (by the piece moved, or
    /// uncovered behind it); discovered checks from elsewhere are not tried, nor
    /// Chess960 castles. The search's mate guard asks it at most nodes it may prune,
    /// so the pass is made on a copy of the board alone.
    pub fn each_threatened_check(&self, f: impl FnMut(usize) -> bool) {
        if let Some(passed) = self.board.null_move() {
            direct_checks(&passed, f);
        }
    }

    /// [`Position::each_threatened_check`] after `mv` (legal here) rather than a pass:
    /// the direct checks the move allows, found on a copy of the board.
    pub fn each_check_allowed_by(&self, mv: ChessMove, f: impl FnMut(usize) -> bool) {
        direct_checks(&self.board_after(mv), f);
    }
}

/// The direct checks of the side to move in `b` (see
/// [`Position::each_threatened_check`]).
fn direct_checks(b: &Board, mut f: impl FnMut(usize) -> bool) {
    let info = check_info(b);
    let checking = checking_squares(&info);
    let mut after = *b;
    // Tries `m`; `true` once `f` says stop.
    let mut try_move = |m: ChessMove| {
        b.make_move(m, &mut after);
        if *after.checkers() == EMPTY {
            return false;
        }
        let replies = if two_king_moves(&after) {
            2
        } else {
            MoveGen::new_legal(&after).len().min(2)
        };
        f(replies)
    };
    if !each_plain_check(b, &info, checking, &mut try_move) {
        let mut moves = MoveGen::new_legal(b);
        moves.set_iterator_mask(checking);
        for m in moves {
            if try_move(m) {
                break;
            }
        }
    }
}

/// Every square from which some kind of piece attacks the enemy king, given its
/// [`check_info`].
fn checking_squares(info: &CheckInfo) -> BitBoard {
    info[Piece::Pawn.to_index()] | info[Piece::Knight.to_index()] | info[Piece::Queen.to_index()]
}

/// Whether the king of the side to move in `b` has two legal moves or more: then the
/// side has two replies at least, known without a legal generation. (The king's own
/// square is taken off the board, so that a slider's line through it counts.)
#[inline]
fn two_king_moves(b: &Board) -> bool {
    let us = b.side_to_move();
    let king = b.king_square(us);
    let theirs = *b.color_combined(!us);
    let occupied = *b.combined() ^ BitBoard::from_square(king);
    let safe = |s: Square| attackers(b, s, occupied) & theirs == EMPTY;
    let squares = chess::get_king_moves(king) & !*b.color_combined(us);
    squares.into_iter().filter(|&s| safe(s)).nth(1).is_some()
}

/// [`Position::check_info`] of a bare board: [`Position::each_direct_check`] asks it
/// too.
fn check_info(b: &Board) -> CheckInfo {
    let us = b.side_to_move();
    let king = b.king_square(!us);
    let occupied = *b.combined();
    let ours = *b.color_combined(us);
    let diag = chess::get_bishop_moves(king, occupied);
    let orth = chess::get_rook_moves(king, occupied);
    let queens = *b.pieces(Piece::Queen);
    let snipers = (chess::get_bishop_moves(king, EMPTY) & (*b.pieces(Piece::Bishop) | queens)
        | chess::get_rook_moves(king, EMPTY) & (*b.pieces(Piece::Rook) | queens))
        & ours;
    let mut discoverers = EMPTY;
    for s in Squares::from(snipers) {
        let between = chess::between(s, king) & occupied;
        if between.popcnt() == 1 && between & ours != EMPTY {
            discoverers |= between;
        }
    }
    [
        chess::get_pawn_attacks(king, !us, !EMPTY),
        chess::get_knight_moves(king),
        diag,
        orth,
        diag | orth,
        EMPTY,
        discoverers,
    ]
}

/// Where a piece on a square moves (pseudo-legally), for [`each_plain_check`].
type Targets<'a> = &'a dyn Fn(Square) -> BitBoard;

/// Hands `f` every legal move of the side to move in `b` that checks the enemy king
/// from the square it lands on (`info` is [`check_info`] of `b`), without a legal
/// generation, until `f` says stop; `true` if done so. Only where those are all the
/// moves onto `checking` that can check: `false` (and no call) when the side to move is
/// in check, a piece of its stands alone between one of its sliders and the king (a
/// move of it may uncover a check), or a promotion, en passant or castle is in play. In
/// most searched positions none is, and the few checking moves are found from the
/// pieces that reach the checking squares.
fn each_plain_check(
    b: &Board,
    info: &CheckInfo,
    checking: BitBoard,
    f: &mut impl FnMut(ChessMove) -> bool,
) -> bool {
    let us = b.side_to_move();
    let ours = *b.color_combined(us);
    let occupied = *b.combined();
    let of = |p: Piece| *b.pieces(p) & ours;
    let castle_squares = BitBoard::from_square(Square::make_square(us.to_my_backrank(), File::G))
        | BitBoard::from_square(Square::make_square(us.to_my_backrank(), File::C));
    if *b.checkers() != EMPTY
        || info[6] != EMPTY
        || of(Piece::Pawn) & chess::get_rank(us.to_seventh_rank()) != EMPTY
        || b.en_passant().is_some()
        || (b.castle_rights(us) != CastleRights::NoRights && checking & castle_squares != EMPTY)
    {
        return false;
    }
    let bishop = |s| chess::get_bishop_moves(s, occupied);
    let rook = |s| chess::get_rook_moves(s, occupied);
    let kinds: [(Piece, Targets); 5] = [
        (Piece::Knight, &chess::get_knight_moves),
        (Piece::Bishop, &bishop),
        (Piece::Rook, &rook),
        (Piece::Queen, &|s| bishop(s) | rook(s)),
        (Piece::Pawn, &|s| chess::get_pawn_moves(s, us, occupied)),
    ];
    let (pinned, our_king) = (*b.pinned(), b.king_square(us));
    for (piece, moves) in kinds {
        let aim = info[piece.to_index()] & !ours;
        if aim == EMPTY {
            continue;
        }
        for from in Squares::from(of(piece)) {
            // A pinned piece moves only along the line through its king.
            let free = if pinned & BitBoard::from_square(from) == EMPTY {
                !EMPTY
            } else {
                chess::line(from, our_king)
            };
            for to in Squares::from(moves(from) & aim & free) {
                if f(ChessMove::new(from, to, None)) {
                    return true;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::START_FEN;

    /// Boards along seeded random games from openings with promotions, en passant,
    /// castles and pins at hand (random play also leaves plenty of checks about).
    fn random_boards() -> Vec<Board> {
        use rand::{RngExt, SeedableRng};
        let starts = [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ];
        let mut rng = rand::rngs::StdRng::seed_from_u64(24);
        let mut boards = Vec::new();
        for fen in starts {
            for _ in 0..60 {
                let mut b = Position::from_fen(fen).unwrap().board;
                for _ in 0..80 {
                    boards.push(b);
                    let moves: Vec<ChessMove> = MoveGen::new_legal(&b).collect();
                    if moves.is_empty() {
                        break;
                    }
                    b = b.make_move_new(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        boards
    }

    /// The checks found from the pieces are the checks the legal generation finds:
    /// wherever [`each_plain_check`] answers, it hands out exactly the legal moves onto
    /// the checking squares that give check.
    #[test]
    fn plain_checks_are_the_checks_of_the_legal_moves() {
        let (mut answered, mut with_checks, mut declined) = (0, 0, 0);
        for b in random_boards() {
            let info = check_info(&b);
            let checking = checking_squares(&info);
            let mut plain = Vec::new();
            let answers = each_plain_check(&b, &info, checking, &mut |m| {
                plain.push(m);
                false
            });
            let mut gen = MoveGen::new_legal(&b);
            gen.set_iterator_mask(checking);
            let mut legal: Vec<ChessMove> = gen
                .filter(|&m| *b.make_move_new(m).checkers() != EMPTY)
                .collect();
            if answers {
                plain.sort();
                legal.sort();
                assert_eq!(plain, legal, "{b}");
                answered += 1;
                with_checks += !plain.is_empty() as usize;
            } else {
                declined += 1;
            }
        }
        // Every case was seen often.
        assert!(
            with_checks > 1000 && answered - with_checks > 1000 && declined > 1000,
            "{answered} {with_checks} {declined}"
        );
    }

    /// [`Position::gives_check`] may say yes to a move that does not check, never no
    /// to one that does: over random boards and positions where the checking squares
    /// alone miss the check (a promoted piece checking back through the square its pawn
    /// left, en passant uncovering a check through either pawn's square). A missed
    /// check is a mate the search's pruning may drop.
    #[test]
    fn no_check_goes_unseen() {
        let special = [
            "7K/4P3/8/8/8/2N3N1/R7/4k3 w - - 0 1",
            "3r4/4P3/5k2/8/8/8/8/4K3 w - - 0 1",
            "6k1/8/8/3pP3/8/1B6/8/6K1 w - d6 0 1",
            "8/8/8/R2pP2k/8/8/8/6K1 w - d6 0 1",
        ];
        let mut boards = random_boards();
        boards.extend(special.map(|fen| Position::from_fen(fen).unwrap().board));
        let mut checks = 0;
        let mut pos = Position::from_fen(START_FEN).unwrap();
        for b in boards {
            pos.board = b;
            let info = pos.check_info();
            for m in MoveGen::new_legal(&b) {
                if *b.make_move_new(m).checkers() != EMPTY {
                    assert!(pos.gives_check(m, &info), "{b} {m}");
                    checks += 1;
                }
            }
        }
        assert!(checks > 1000, "{checks}");
        // The mate by promotion is a mate the pruning exemption sees.
        let pos = Position::from_fen(special[0]).unwrap();
        let mate = ChessMove::new(Square::E7, Square::E8, Some(Piece::Queen));
        assert!(pos.mates_with(mate, &pos.check_info()));
    }

    /// [`two_king_moves`] says yes exactly when the king has two legal moves or more,
    /// in check or not.
    #[test]
    fn two_king_moves_counts_the_king_moves() {
        let (mut yes, mut no, mut in_check) = (0, 0, 0);
        for b in random_boards() {
            let king = b.king_square(b.side_to_move());
            let mut moves = MoveGen::new_legal(&b);
            moves.set_iterator_mask(!EMPTY);
            let king_moves = moves
                .filter(|m| {
                    m.get_source() == king
                        && chess::get_king_moves(king) & BitBoard::from_square(m.get_dest())
                            != EMPTY
                })
                .count();
            assert_eq!(two_king_moves(&b), king_moves >= 2, "{b}");
            if king_moves >= 2 {
                yes += 1
            } else {
                no += 1
            }
            in_check += (*b.checkers() != EMPTY) as usize;
        }
        assert!(
            yes > 1000 && no > 1000 && in_check > 1000,
            "{yes} {no} {in_check}"
        );
    }
}
