//! Chess960 castling in the position: the edge cases of the rule (king or rook already
//! on its destination, king and rook swapping squares, a queen-side castle that moves
//! the king right, a rook that shields the king's path, castling as the only legal
//! move), FEN forms, move spellings, double Fischer Random arrays, and the invariants
//! a search relies on (keys, legality checks, make and unmake, mirroring).

mod common;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tiefe::position::perft::perft;
use tiefe::position::{setup_in, FenError, Position};

fn chess960(fen: &str) -> Position {
    Position::from_fen_in(fen, true).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The FEN after playing `mv` (which must be legal) from `fen` in Chess960 mode.
fn after(fen: &str, mv: &str) -> String {
    let mut pos = chess960(fen);
    pos.play_uci(mv)
        .unwrap_or_else(|e| panic!("{e} from {fen}"));
    pos.to_fen()
}

fn legal(fen: &str) -> Vec<String> {
    let mut moves: Vec<String> = chess960(fen)
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    moves
}

#[test]
fn king_already_on_its_destination() {
    // King g1 stays, the rook comes from h1 to f1.
    let fen = "6k1/8/8/8/8/8/8/6KR w H - 0 1";
    assert_eq!(after(fen, "g1h1"), "6k1/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Queen side: king c1 stays, the rook comes from a1 to d1.
    let fen = "6k1/8/8/8/8/8/8/R1K5 w A - 0 1";
    assert_eq!(after(fen, "c1a1"), "6k1/8/8/8/8/8/8/2KR4 b - - 1 1");
}

#[test]
fn king_and_rook_swap_squares() {
    assert_eq!(
        after("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1"),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
    assert_eq!(
        after("3k4/8/8/8/8/8/8/2RK4 w C - 0 1", "d1c1"),
        "3k4/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
}

#[test]
fn queen_side_castle_moving_the_king_right() {
    assert_eq!(
        after("4k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1"),
        "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
    // Black too, with the rook starting beside the king.
    assert_eq!(
        after("1rk5/8/8/8/8/8/8/4K3 b b - 0 1", "c8b8"),
        "2kr4/8/8/8/8/8/8/4K3 w - - 1 2"
    );
}

#[test]
fn rook_already_on_its_destination() {
    assert_eq!(
        after("4k3/8/8/8/8/8/8/4KR2 w F - 0 1", "e1f1"),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
    assert_eq!(
        after("4k3/8/8/8/8/8/8/3RK3 w D - 0 1", "e1d1"),
        "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
}

#[test]
fn a_shielding_rook_is_lifted_when_testing_the_kings_path() {
    // The rook on b1 shields c1 from the rook on a1; castling lifts it, so the king
    // would stand (c1) or land (c1) in check: no castle.
    for fen in [
        "4k3/8/8/8/8/8/8/rRK5 w B - 0 1",
        "4k3/8/8/8/8/8/8/r1RK4 w C - 0 1",
        "4k3/8/8/8/8/8/8/qR2K3 w B - 0 1",
    ] {
        let moves = legal(fen);
        let pos = chess960(fen);
        let king = pos.king_square(tiefe::types::Color::White);
        assert!(
            pos.legal_moves()
                .iter()
                .all(|m| !(m.get_source() == king && pos.color_on(m.get_dest()).is_some())),
            "{fen}: {moves:?}"
        );
    }
    // With the attacker off the back rank, the same castles are legal.
    assert!(legal("4k3/8/8/8/8/8/r7/1RK5 w B - 0 1").contains(&"c1b1".to_string()));
    assert!(legal("4k3/8/8/8/8/8/r7/2RK4 w C - 0 1").contains(&"d1c1".to_string()));
    // An attacked square the king only passes over forbids castling too.
    assert!(!legal("4k3/8/8/8/8/8/8/1K3R1r w F - 0 1").contains(&"b1f1".to_string()));
    assert!(!legal("4k3/8/8/4r3/8/8/8/1K3R2 w F - 0 1").contains(&"b1f1".to_string()));
    assert!(legal("4k3/8/8/8/8/8/8/1K3R2 w F - 0 1").contains(&"b1f1".to_string()));
}

#[test]
fn castling_can_be_the_only_legal_move() {
    // The king cannot step anywhere, the rook and pawn are blocked; castling moves the
    // rook over the king to f1, where nothing stops it.
    let fen = "k4r2/8/8/8/8/7p/7P/6KR w H - 0 1";
    let pos = chess960(fen);
    assert_eq!(legal(fen), ["g1h1"]);
    assert!(pos.has_legal_move());
    assert_eq!(pos.legal_move_count(), 1);
    assert!(!pos.fifty_move_draw());
    assert_eq!(perft(&pos, 1), 1);
    assert_eq!(after(fen, "g1h1"), "k4r2/8/8/8/8/7p/7P/5RK1 b - - 1 1");
}

#[test]
fn fen_castling_forms() {
    // X-FEN and Shredder-FEN read the same rights; Shredder-FEN is written.
    let shredder = "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1";
    let xfen = "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1";
    assert_eq!(chess960(xfen).to_fen(), shredder);
    assert_eq!(chess960(xfen).key(), chess960(shredder).key());
    // An inner rook in X-FEN is named by its file; the outer one by K.
    let inner = chess960("4k3/8/8/8/8/8/8/4KRR1 w F - 0 1");
    assert_eq!(inner.to_fen(), "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1");
    assert_eq!(
        chess960("4k3/8/8/8/8/8/8/4KRR1 w K - 0 1").to_fen(),
        "4k3/8/8/8/8/8/8/4KRR1 w G - 0 1"
    );
    assert_ne!(
        inner.key(),
        chess960("4k3/8/8/8/8/8/8/4KRR1 w G - 0 1").key()
    );
    // The rights by wing, as the tablebases ask before probing (never with a right).
    use tiefe::types::{CastleRights, Color};
    assert_eq!(inner.castle_rights(Color::White), CastleRights::KingSide);
    assert_eq!(inner.castle_rights(Color::Black), CastleRights::NoRights);
    // A standard position reads the same either way, but writes its own field.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        chess960(start).to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    assert_eq!(
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
            .unwrap()
            .to_fen(),
        start
    );
    // Refused: a right without its rook, a king off the back rank, two rights on one
    // wing; and, in standard chess, any right that is not on e/a/h.
    for (fen, why) in [
        (
            "4k3/8/8/8/8/8/8/4K3 w H - 0 1",
            FenError::CastlingWithoutPieces('H'),
        ),
        (
            "4k3/8/8/8/8/8/4K3/7R w K - 0 1",
            FenError::CastlingWithoutPieces('K'),
        ),
        (
            "4k3/8/8/8/8/8/8/4KRR1 w FG - 0 1",
            FenError::Castling("FG".into()),
        ),
    ] {
        assert_eq!(Position::from_fen_in(fen, true).unwrap_err(), why, "{fen}");
    }
    assert_eq!(
        Position::from_fen(shredder).unwrap_err(),
        FenError::CastlingWithoutPieces('K')
    );
}

#[test]
fn castle_spellings() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1";
    let pos = chess960(fen);
    // King takes own rook is the castle; the king's step to g1 is read as it too. The
    // rights are standard ones, so the castle is held as in standard chess (the step)
    // and written as king takes rook.
    let castle = pos.parse_move("e1h1").unwrap();
    assert_eq!(pos.as_written(castle).to_string(), "e1h1");
    assert_eq!(pos.parse_move("e1g1").unwrap(), castle);
    // In standard chess the two-file step is the castle, written so, and e1h1 reads
    // as it.
    let std = Position::from_fen(fen).unwrap();
    assert_eq!(std.parse_move("e1h1").unwrap(), castle);
    assert_eq!(std.as_written(castle).to_string(), "e1g1");
    // Other rights are held in Chess960 form, the castle written as it is held.
    let inner = chess960("4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    let castle = inner.parse_move("e1f1").unwrap();
    assert_eq!(castle.to_string(), "e1f1");
    assert_eq!(inner.as_written(castle), castle);
    // A one-file king step is an ordinary move, never a castle.
    let fen = "4k3/8/8/8/8/8/8/5K1R w H - 0 1";
    let pos = chess960(fen);
    assert_eq!(pos.parse_move("f1g1").unwrap().to_string(), "f1g1");
    assert_eq!(pos.parse_move("f1h1").unwrap().to_string(), "f1h1");
    assert_eq!(after(fen, "f1g1"), "4k3/8/8/8/8/8/8/6KR b - - 1 1");
    assert_eq!(after(fen, "f1h1"), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Without the right, king takes rook is no move.
    assert!(chess960("4k3/8/8/8/8/8/8/5K1R w - - 0 1")
        .parse_move("f1h1")
        .is_err());
    // A standard game in Chess960 mode, castling written king takes rook.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1h1"];
    let (pos, _, err) = setup_in(start, &moves, true).unwrap();
    assert!(err.is_none());
    assert_eq!(
        pos.to_fen(),
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b ha - 5 4"
    );
}

/// Double Fischer Random (a different array for each side) and mixed rights, against
/// counts from python-chess.
#[test]
fn double_fischer_random_perft() {
    for (fen, counts) in [
        (
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/NRBBKQRN w GBca - 0 1",
            [18, 360, 7422, 166543],
        ),
        (
            "qrkbbnrn/pppppppp/8/8/8/8/PPPPPPPP/RNBKNQRB w GAgb - 0 1",
            [20, 380, 8531, 180910],
        ),
        (
            "r1k1r3/pppp1ppp/8/8/8/8/PPPP1PPP/1R2K1R1 w GBea - 0 1",
            [2, 60, 1161, 32230],
        ),
        (
            "1rk3r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            [25, 572, 13625, 321574],
        ),
    ] {
        let pos = chess960(fen);
        for (depth, &n) in (1..).zip(counts.iter()) {
            assert_eq!(perft(&pos, depth), n, "perft {depth} of {fen}");
        }
    }
}

/// Seeded random games from the Chess960 perft positions: the key of every position
/// reached equals that of its FEN read afresh (so repetitions see the rights), the
/// quick legality check agrees with the move list, make and unmake restore the
/// position, and the mirrored position has as many moves.
#[test]
fn random_games_keep_the_invariants() {
    let mut rng = StdRng::seed_from_u64(960);
    let starts = common::perft_cases("chess960.epd");
    for _ in 0..150 {
        let (fen, _) = &starts[rng.random_range(0..starts.len())];
        let mut pos = chess960(fen);
        for _ in 0..rng.random_range(0..60) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let fresh = chess960(&pos.to_fen());
            assert_eq!(pos.key(), fresh.key(), "{}", pos.to_fen());
            assert_eq!(pos.mirrored().legal_move_count(), moves.len());
            for &m in &moves {
                assert!(pos.is_legal(m), "{m} in {}", pos.to_fen());
                let before = (pos.to_fen(), pos.key());
                pos.make_move(m);
                pos.unmake_move();
                assert_eq!((pos.to_fen(), pos.key()), before);
            }
            // Pseudo-moves of the king onto each own piece: legal only as a castle.
            let king = pos.king_square(pos.side_to_move());
            for s in pos.color_combined(pos.side_to_move()) {
                let m = tiefe::types::ChessMove::new(king, s, None);
                assert_eq!(
                    pos.is_legal(m),
                    moves.contains(&m),
                    "{m} in {}",
                    pos.to_fen()
                );
            }
            pos.make_move(moves[rng.random_range(0..moves.len())]);
        }
    }
}

/// A position that repeats with the same rights is a repetition; the same placement
/// after a right was lost is not.
#[test]
fn repetitions_see_the_rights() {
    let fen = "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1";
    let there_and_back = ["g1h1", "g8h8", "h1g1", "h8g8"];
    let (pos, _, _) = setup_in(fen, &there_and_back, true).unwrap();
    assert!(!pos.is_repetition(0), "the rooks' rights are gone");
    let (pos, _, _) = setup_in(
        fen,
        &[
            "e1f1", "e8f8", "f1e1", "f8e8", "e1f1", "e8f8", "f1e1", "f8e8",
        ],
        true,
    )
    .unwrap();
    assert_eq!(pos.to_fen(), "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w - - 8 5");
    let (pos, _, _) = setup_in(
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w - - 0 1",
        &[
            "e1f1", "e8f8", "f1e1", "f8e8", "e1f1", "e8f8", "f1e1", "f8e8",
        ],
        true,
    )
    .unwrap();
    assert!(pos.is_repetition(0));
}

#[test]
fn a_castle_is_not_an_exchange() {
    // b1a1 lands the king on c1 and the rook on d1; the enemy rook on a8 attacks only
    // the square the castle names (a1), so the castle loses nothing.
    let pos = chess960("r3k3/8/8/8/8/8/8/RK6 w A - 0 1");
    let castle = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.to_string() == "b1a1")
        .expect("b1a1 castles");
    assert!(pos.is_castle(castle));
    assert!(!pos.is_capture(castle));
    assert!(tiefe::search::see::see_ge(&pos, castle, 0));
}

/// A move that ends the last right standard chess cannot hold hands the others to the
/// board: the position then has the key, the moves and the FEN it has when read afresh
/// (so that the table and the repetitions see one position), and taking the move back
/// restores the Chess960 form.
#[test]
fn rights_become_standard_when_the_others_end() {
    // White: the a1 rook (a standard right) and the g1 rook (not one), which steps
    // into the corner without a right.
    let fen = "r3k2r/8/8/8/8/8/8/R3K1R1 w GAha - 0 1";
    let mut pos = chess960(fen);
    let before = (pos.to_fen(), pos.key());
    pos.play_uci("g1h1").unwrap();
    let fresh = chess960(&pos.to_fen());
    assert_eq!(pos.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R b Aha - 1 1");
    assert_eq!(pos.key(), fresh.key());
    let written = |p: &Position| {
        let mut v: Vec<String> = (p.legal_moves().iter())
            .map(|&m| p.as_written(m).to_string())
            .collect();
        v.sort();
        v
    };
    assert_eq!(written(&pos), written(&fresh));
    assert!(written(&pos).contains(&"e8h8".to_string()));
    pos.play_uci("e8h8").unwrap();
    assert_eq!(pos.to_fen(), "r4rk1/8/8/8/8/8/8/R3K2R w A - 2 2");
    assert!(written(&pos).contains(&"e1a1".to_string()));
    assert!(
        !written(&pos).contains(&"e1h1".to_string()),
        "the h1 rook has no right"
    );
    pos.unmake_move();
    pos.unmake_move();
    assert_eq!((pos.to_fen(), pos.key()), before);
    assert!(
        written(&pos).contains(&"e1g1".to_string()),
        "the g1 rook's castle"
    );
}

/// A standard position searched with `UCI_Chess960` on is searched exactly as in
/// standard chess: the bench positions, whose castling fields are X-FEN too, give
/// bench's node count and counters at bench's depth in either mode, position by
/// position; the start position and a castling-rich middlegame, deeper too.
#[test]
fn standard_positions_search_the_same_tree_in_chess960_mode() {
    use tiefe::bench;
    let stop = tiefe::search::SearchControl::new(std::time::Instant::now(), false);
    let same_tree = |fen: &str, depth: u32| {
        let standard = bench::search_position(fen, depth, false, &stop);
        let chess960 = bench::search_position(fen, depth, true, &stop);
        assert_eq!(chess960, standard, "{fen} at depth {depth}");
        chess960.nodes
    };
    let depth = bench::DEFAULT_DEPTH;
    let total: u64 = bench::POSITIONS
        .iter()
        .map(|fen| same_tree(fen, depth))
        .sum();
    assert_eq!(total, bench::run(depth).nodes);
    same_tree(tiefe::position::START_FEN, 14);
    same_tree(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        14,
    );
}
