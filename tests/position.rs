//! FEN parsing, validation and writing; UCI move matching; clocks; draw rules.

mod common;

use common::{perft_cases, random_positions};
use tiefe::position::{setup, FenError, MoveError, Position, START_FEN};

#[test]
fn fen_round_trip_on_suite() {
    let mut exact = 0;
    for (fen, _) in perft_cases("perftsuite.epd") {
        let pos = Position::from_fen(&fen).unwrap();
        let written = pos.to_fen();
        // Writing is stable: what we write reads back to the same thing.
        assert_eq!(Position::from_fen(&written).unwrap().to_fen(), written);
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let out: Vec<&str> = written.split_whitespace().collect();
        assert_eq!(&out[..3], &fields[..3], "{fen}");
        if fields[3] == out[3] {
            exact += 1;
        } else {
            // An en-passant square is dropped only when no pawn could take there.
            assert_eq!(out[3], "-", "{fen}");
            assert!(
                pos.legal_moves().iter().all(|m| !pos.is_en_passant(*m)),
                "{fen}"
            );
        }
        assert_eq!(out[4], fields.get(4).copied().unwrap_or("0"));
    }
    assert!(exact > 160, "{exact}");
}

#[test]
fn fen_round_trip_random_positions() {
    for pos in random_positions(300, 11) {
        let fen = pos.to_fen();
        let again = Position::from_fen(&fen).unwrap();
        assert_eq!(again.to_fen(), fen);
        assert_eq!(again.key(), pos.key());
    }
}

#[test]
fn en_passant_square_written_correctly() {
    // The crate writes the pawn's square; FEN wants the square behind it.
    let (p, _) = setup(START_FEN, &["e2e4", "a7a6", "e4e5", "d7d5"]).unwrap();
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    let ep = p.parse_move("e5d6").unwrap();
    assert!(p.is_en_passant(ep));
}

#[test]
fn clocks_and_defaults() {
    let p = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K -").unwrap();
    assert_eq!((p.halfmove_clock(), p.fullmove_number()), (0, 1));
    let (p, _) = setup("4k3/8/8/8/8/8/8/4K2R w K - 12 30", &["h1h2", "e8d8"]).unwrap();
    assert_eq!(p.halfmove_clock(), 14);
    assert_eq!(p.fullmove_number(), 31);
    assert_eq!(p.to_fen(), "3k4/8/8/8/8/8/7R/4K3 w - - 14 31");
    let (p, _) = setup("4k3/8/8/8/8/8/4P3/4K3 w - - 12 30", &["e2e4"]).unwrap();
    assert_eq!(p.halfmove_clock(), 0);
}

fn rejects(fen: &str) -> FenError {
    match Position::from_fen(fen) {
        Ok(p) => panic!("accepted {fen} as {}", p.to_fen()),
        Err(e) => e,
    }
}

#[test]
fn fen_rejections() {
    use FenError::*;
    assert!(matches!(rejects("8/8/8/8/8/8/8/K1k5 w"), FieldCount(2)));
    assert!(matches!(rejects(""), FieldCount(0)));
    assert!(matches!(
        rejects("8/8/8/8/8/8/8/K1k5 w - - 0 1 extra"),
        FieldCount(7)
    ));
    assert!(matches!(
        rejects("8/8/8/8/8/8/K1k5 w - - 0 1"),
        RankCount(7)
    ));
    assert!(matches!(
        rejects("8/8/8/8/8/8/8/K1k4x w - - 0 1"),
        BadPiece('x')
    ));
    assert!(matches!(
        rejects("8/8/8/8/8/8/8/K1k6 w - - 0 1"),
        RankWidth { rank: 1, .. }
    ));
    assert!(matches!(
        rejects("8/8/8/8/8/8/8/K1k4 w - - 0 1"),
        RankWidth { rank: 1, width: 7 }
    ));
    assert!(matches!(
        rejects("8/8/8/8/8/8/8/2k5 w - - 0 1"),
        KingCount {
            side: "white",
            count: 0
        }
    ));
    assert!(matches!(
        rejects("8/8/8/8/8/8/8/K1k1K3 w - - 0 1"),
        KingCount {
            side: "white",
            count: 2
        }
    ));
    assert!(matches!(
        rejects("k7/8/8/8/8/8/8/K1k5 w - - 0 1"),
        KingCount {
            side: "black",
            count: 2
        }
    ));
    // Pawns on the back rank: the crate accepts these and its move generator breaks.
    assert!(matches!(
        rejects("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        PawnOnBackRank
    ));
    assert!(matches!(
        rejects("4k3/8/8/8/8/8/8/p3K3 b - - 0 1"),
        PawnOnBackRank
    ));
    assert!(matches!(
        rejects("4k3/8/8/8/8/N7/PPPPPPPP/QQQQKQQQ w - - 0 1"),
        TooManyPieces("white")
    ));
    assert!(matches!(
        rejects("4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        SideToMove(_)
    ));
    // Black king attacked by the rook with White to move.
    assert!(matches!(
        rejects("4k3/8/8/8/8/8/8/4R2K w - - 0 1"),
        OpponentInCheck
    ));
    assert!(matches!(
        rejects("4k3/8/8/8/8/8/8/4Q2K w - - 0 1"),
        OpponentInCheck
    ));
    assert!(matches!(
        rejects("4k3/8/8/8/8/8/4PPPP/PPPPK3 w - - 0 1"),
        PawnOnBackRank
    ));
    assert!(matches!(
        rejects("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"),
        TooManyPawns("white")
    ));
    assert!(matches!(
        rejects("8/8/8/8/8/8/8/Kk6 w - - 0 1"),
        KingsAdjacent
    ));
    assert!(matches!(
        rejects("4k3/8/8/8/8/8/8/4K3 w X - 0 1"),
        Castling(_)
    ));
    assert!(matches!(
        rejects("4k3/8/8/8/8/8/8/4K3 w KK - 0 1"),
        Castling(_)
    ));
    // Castling rights without king and rook at home.
    assert!(matches!(
        rejects("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        CastlingWithoutPieces('K')
    ));
    assert!(matches!(
        rejects("r3k3/8/8/8/8/8/8/R3K3 w Qk - 0 1"),
        CastlingWithoutPieces('k')
    ));
    assert!(matches!(
        rejects("4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1"),
        CastlingWithoutPieces('K')
    ));
    // En passant: wrong rank, no pawn that just moved, squares not empty.
    assert!(matches!(
        rejects("4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 1"),
        EnPassant(_)
    ));
    assert!(matches!(
        rejects("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1"),
        EnPassant(_)
    ));
    assert!(matches!(
        rejects("4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1"),
        EnPassant(_)
    ));
    assert!(matches!(
        rejects("4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 1"),
        EnPassant(_)
    ));
    assert!(matches!(
        rejects("4k3/8/8/3pP3/8/8/8/4K3 w - z9 0 1"),
        EnPassant(_)
    ));
    assert!(matches!(
        rejects("4k3/8/8/8/8/8/8/4K3 w - - x 1"),
        Halfmove(_)
    ));
    assert!(matches!(
        rejects("4k3/8/8/8/8/8/8/4K3 w - - 0 -3"),
        Fullmove(_)
    ));
    // Three checkers cannot arise in a game.
    assert!(matches!(
        rejects("4k3/8/3N1N2/8/8/8/8/K3R3 b - - 0 1"),
        TooManyCheckers
    ));
}

#[test]
fn valid_edge_cases_accepted() {
    for fen in [
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 99 80",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
        "4k3/8/8/8/8/8/8/4K3 w - -",
        // Double check is legal.
        "4k3/8/5N2/8/8/8/8/K3R3 b - - 0 1",
    ] {
        Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
}

#[test]
fn uci_moves_matched_against_legal_moves() {
    let p = Position::from_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
    for ok in ["e1g1", "e1c1", "e5d6", "b7b8q", "b7a8n", "b7b8R", "e1h1"] {
        p.parse_move(ok).unwrap_or_else(|e| panic!("{ok}: {e}"));
    }
    // The Chess960 spelling of castling means the same move.
    assert_eq!(p.parse_move("e1h1").unwrap(), p.parse_move("e1g1").unwrap());
    for bad in ["e1e3", "b7b8", "b7b8k", "a1a8q", "e5e6e", "d6d5"] {
        assert!(
            matches!(
                p.parse_move(bad),
                Err(MoveError::Illegal(_)) | Err(MoveError::Syntax(_))
            ),
            "{bad}"
        );
    }
    for garbled in [
        "", "e", "e2", "e2e", "i2i4", "e9e4", "e2e4qq", "0000", "ü2e4",
    ] {
        assert!(
            matches!(p.parse_move(garbled), Err(MoveError::Syntax(_))),
            "{garbled}"
        );
    }
    assert!(p.parse_move("a1a3").is_ok());
    assert!(matches!(p.parse_move("a1b3"), Err(MoveError::Illegal(_))));
}

#[test]
fn illegal_move_keeps_position_so_far() {
    let (p, err) = setup(START_FEN, &["e2e4", "e7e5", "e1e3", "g1f3"]).unwrap();
    assert!(matches!(err, Some(MoveError::Illegal(_))));
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
}

#[test]
fn repetition_rules() {
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    // Twice through the cycle: the start position stands for the third time.
    let moves: Vec<&str> = shuffle.iter().cycle().take(8).copied().collect();
    let (p, _) = setup(START_FEN, &moves).unwrap();
    assert!(p.is_repetition(p.ply_count()), "threefold before the root");
    // Once through: only twofold, not a draw by the game rule...
    let (mut p, _) = setup(START_FEN, &moves[..4]).unwrap();
    assert!(!p.is_repetition(p.ply_count()));
    // ...but a repetition inside the search (after the root) is scored as a draw.
    let root = p.ply_count();
    for m in shuffle {
        p.play_uci(m).unwrap();
    }
    assert!(p.is_repetition(root));
    // An irreversible move in between resets the window.
    let (p, _) = setup(
        START_FEN,
        &[
            "g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8",
        ],
    )
    .unwrap();
    assert!(!p.is_repetition(p.ply_count()));
}

#[test]
fn fifty_move_rule() {
    let p = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 100 80").unwrap();
    assert!(p.fifty_move_draw());
    let p = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
    assert!(!p.fifty_move_draw());
    // Mate delivered on the hundredth half-move is still mate.
    let (p, _) = setup("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &["a1a8"]).unwrap();
    assert_eq!(p.halfmove_clock(), 100);
    assert!(!p.has_legal_move() && p.in_check());
    assert!(!p.fifty_move_draw());
}

#[test]
fn insufficient_material() {
    for (fen, draw) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true),
        ("4kb2/8/8/8/8/8/8/4K3 w - - 0 1", true),
        // Bishops on the same colour (c1 dark, f8 dark).
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true),
        // Bishops on opposite colours can mate in theory.
        ("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", false),
        ("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false),
        // Two bishops of one colour (an under-promotion's), alone or against a third:
        // no square of the other colour is ever attacked, so no mate.
        ("k7/8/8/8/8/8/8/2B1B2K w - - 0 1", true),
        ("k4b2/8/8/8/8/8/8/2B1B2K w - - 0 1", true),
        ("k4b2/8/8/8/8/8/8/2B2B1K w - - 0 1", false),
        ("k7/8/8/8/8/8/8/2BNB2K w - - 0 1", false),
    ] {
        let p = Position::from_fen(fen).unwrap();
        assert_eq!(p.insufficient_material(), draw, "{fen}");
    }
}

#[test]
fn make_unmake_restores_on_random_positions() {
    for mut pos in random_positions(100, 5) {
        let fen = pos.to_fen();
        let key = pos.key();
        for m in pos.legal_moves() {
            pos.make_move(m);
            pos.unmake_move();
        }
        // A null move passes the turn, and its unmake restores the position.
        if !pos.in_check() {
            let side = pos.side_to_move();
            pos.make_null_move();
            assert_ne!(pos.side_to_move(), side, "{fen}");
            pos.unmake_move();
        }
        assert_eq!(pos.to_fen(), fen);
        assert_eq!(pos.key(), key);
    }
}

/// A null move in check breaks the search's precondition; debug builds say so at once.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "null move in check")]
fn null_move_in_check_is_refused_in_debug_builds() {
    let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2r w - - 0 1").unwrap();
    assert!(pos.in_check());
    pos.make_null_move();
}

/// `is_legal` (the search's check of table and killer moves, made without generating
/// moves) agrees with the legal move list on every from-to-promotion triple.
#[test]
fn is_legal_agrees_with_move_generation() {
    use tiefe::types::{ChessMove as Move, Piece as PieceKind, ALL_SQUARES as ALL_SQ};
    let mut positions: Vec<Position> = perft_cases("perftsuite.epd")
        .into_iter()
        .map(|(fen, _)| Position::from_fen(&fen).unwrap())
        .collect();
    positions.extend(random_positions(150, 11));
    let promos = [
        None,
        Some(PieceKind::Queen),
        Some(PieceKind::Rook),
        Some(PieceKind::Bishop),
        Some(PieceKind::Knight),
        Some(PieceKind::King),
        Some(PieceKind::Pawn),
    ];
    let mut checked = 0;
    for pos in &positions {
        let legal = pos.legal_moves();
        for from in ALL_SQ {
            for to in ALL_SQ {
                for promo in promos {
                    let m = Move::new(from, to, promo);
                    assert_eq!(
                        pos.is_legal(m),
                        legal.contains(&m),
                        "{m} in {}",
                        pos.to_fen()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1_000_000);
}
