//! The scale factors: each material configuration is recognised for the side ahead,
//! the evaluation stays colour-symmetric with them, and a lone minor with no pawns is
//! never scored as winning in the endgame half. The terms after Stockfish 11 (pins
//! in mobility, trapped rooks, weak queens) stay colour- and wing-symmetric, and the
//! complexity moves the middlegame score toward zero, never across it.

mod common;

use common::flipped_files;
use tiefe::eval::evaluate;
use tiefe::eval::trace::{breakdown, scale_weight, Term, TERMS};
use tiefe::position::Position;
use tiefe::types::Color;
use tiefe::weights::{index, COMPLEXITY_BASE, COMPLEXITY_MG};

/// (FEN, the case when White leads, the case when Black leads).
const CASES: [(&str, Option<usize>, Option<usize>); 8] = [
    // Opposite-coloured bishops (e3 dark, e6 light), pawns only besides.
    (
        "8/5k2/4bp2/8/P1P5/4B3/5K2/8 w - - 0 1",
        Some(index::SCALE_OCB_BISHOPS),
        Some(index::SCALE_OCB_BISHOPS),
    ),
    // The same bishops with a knight each.
    (
        "8/5k2/4bp2/3n4/P1P5/4B3/5K2/6N1 w - - 0 1",
        Some(index::SCALE_OCB_KNIGHTS),
        Some(index::SCALE_OCB_KNIGHTS),
    ),
    // With a rook each.
    (
        "r7/5k2/4bp2/8/P1P5/4B3/5K2/6R1 w - - 0 1",
        Some(index::SCALE_OCB_ROOKS),
        Some(index::SCALE_OCB_ROOKS),
    ),
    // Same-coloured bishops (e3 and d6 both dark) are not scaled.
    ("8/5k2/3b1p2/8/P1P5/4B3/5K2/8 w - - 0 1", None, None),
    // A lone queen against rook and bishop: only when the queen's side leads.
    (
        "8/5k2/3rb3/8/8/8/3Q1K2/8 w - - 0 1",
        Some(index::SCALE_LONE_QUEEN),
        None,
    ),
    // A lone knight without pawns against a pawn: only when the knight's side leads.
    (
        "8/5k2/5p2/8/8/8/3N1K2/8 w - - 0 1",
        Some(index::SCALE_LONE_MINOR),
        None,
    ),
    // Rook each, five pawns against one.
    (
        "r7/5k2/5p2/8/PPP5/8/3P1KP1/7R w - - 0 1",
        Some(index::SCALE_PAWN_EDGE),
        None,
    ),
    // A queen each: no case.
    ("q7/5k2/5p2/8/PPP5/8/3P1KP1/7Q w - - 0 1", None, None),
];

#[test]
fn each_configuration_is_recognised_for_the_side_ahead() {
    for (fen, white, black) in CASES {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(
            scale_weight(&pos, Color::White),
            white,
            "{fen}, White ahead"
        );
        assert_eq!(
            scale_weight(&pos, Color::Black),
            black,
            "{fen}, Black ahead"
        );
        // The mirrored position swaps the colours.
        let mirror = pos.mirrored();
        assert_eq!(scale_weight(&mirror, Color::Black), white, "{fen} mirrored");
        assert_eq!(scale_weight(&mirror, Color::White), black, "{fen} mirrored");
    }
}

#[test]
fn the_evaluation_stays_colour_symmetric() {
    for (fen, _, _) in CASES {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(evaluate(&pos), evaluate(&pos.mirrored()), "{fen}");
    }
}

#[test]
fn a_lone_minor_is_not_winning_in_the_endgame() {
    // White's knight against a pawn: the material says White; the endgame half, after
    // the scale, says nothing. The scale row of `eval` shows what it took away.
    let pos = Position::from_fen("8/5k2/5p2/8/8/8/3N1K2/8 w - - 0 1").unwrap();
    let b = breakdown(&pos);
    let endgame: i32 = b.terms.iter().map(|[w, k]| w.eg() - k.eg()).sum();
    assert_eq!(endgame, 0);
    // Whatever the other terms left White in the endgame (tuned weights move it), the
    // winnability terms took all of it away: the complexity, and the scale for what the
    // complexity left (with some weights the complexity alone takes it all).
    let taken: i32 = [Term::Complexity, Term::Scale]
        .iter()
        .map(|term| {
            let t = TERMS.iter().position(|x| x == term).unwrap();
            b.terms[t][0].eg() - b.terms[t][1].eg()
        })
        .sum();
    assert!(taken < 0, "{:?}", b.terms);
    // Only the middlegame share (one phase point of 24 for the knight) is left.
    assert!(evaluate(&pos).abs() < 30, "{}", evaluate(&pos));
}

/// The threat table counts each attack by the attacker's kind, the victim's kind and
/// whether the victim is defended, as the tuner's tracer sees it: a pawn's hit on a
/// rook lands in the defended slot when a pawn guards the rook, in the undefended one
/// (and among the hanging pieces) when nothing does; colours flipped, the counts
/// change sign. A pawn each on the h-file keeps the endgame evaluators out.
#[test]
fn threats_are_counted_by_attacker_victim_and_defence() {
    use tiefe::eval::trace::{evaluate_traced, Coefficients};
    let count = |fen: &str, at: usize| {
        let mut c = Coefficients::default();
        evaluate_traced(&Position::from_fen(fen).unwrap(), &mut c);
        c.coeffs
            .iter()
            .find(|&&(i, _)| i as usize == at)
            .map_or(0, |&(_, n)| n)
    };
    // Pawn (kind 0) on rook (kind 3), slots 6 and 7 of the table.
    let (free, guarded) = (index::THREAT + 6, index::THREAT + 7);
    assert_eq!(index::threat(0, 3, false), 6);
    assert_eq!(index::threat(0, 3, true), 7);
    let defended = "4k3/7p/5p2/4r3/3P4/8/7P/K7 w - - 0 1";
    assert_eq!(count(defended, guarded), 1);
    assert_eq!(count(defended, free), 0);
    assert_eq!(count(defended, index::THREAT_HANGING), 0);
    let alone = "4k3/7p/8/4r3/3P4/8/7P/K7 w - - 0 1";
    assert_eq!(count(alone, guarded), 0);
    assert_eq!(count(alone, free), 1);
    assert_eq!(count(alone, index::THREAT_HANGING), 1);
    let flipped = "k7/7p/8/3p4/4R3/8/7P/4K3 b - - 0 1";
    assert_eq!(count(flipped, free), -1);
    // A knight (kind 1) on an undefended queen (kind 4) and on a defended pawn: slots
    // 18 and 11.
    let fork = "4k3/7p/8/1p1q4/3p4/2N5/7P/K7 w - - 0 1";
    assert_eq!(count(fork, index::THREAT + 18), 1);
    assert_eq!(count(fork, index::THREAT + 11), 1);
}

/// Positions in which the newer terms count: pins (a knight, a rook), a queen with one
/// piece before an enemy rook or bishop, rooks boxed in by their own king on either
/// wing, a middlegame with many pieces.
const NEWER: [&str; 6] = [
    "r3k2r/ppp2ppp/2n5/1B1pp3/3Pn1b1/2N2N2/PPP2PPP/R2QK2R w - - 0 1",
    "3r2k1/pp3ppp/8/3n4/8/2P5/PP3PPP/3Q1RK1 w - - 0 1",
    "4k3/pppppppp/8/8/1b6/8/PPPNPPPP/4K2R w - - 0 1",
    "2kr3r/ppp2ppp/2n5/4p3/4P3/2N5/PPP2PPP/R1K4R b - - 0 1",
    "1k1r4/ppq2ppp/2n5/3pp3/1b6/2NP4/PPPQ1PPP/1K1R3R w - - 0 1",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/3P4/2PBPN2/PP3PPP/RNBQK2R b - - 0 1",
];

#[test]
fn the_newer_terms_are_colour_and_wing_symmetric() {
    for fen in NEWER {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(evaluate(&pos), evaluate(&pos.mirrored()), "{fen}");
        let flipped = Position::from_fen(&flipped_files(fen)).unwrap();
        assert_eq!(evaluate(&pos), evaluate(&flipped), "{fen}");
    }
}

#[test]
fn the_complexity_moves_the_middlegame_toward_zero_never_across() {
    let complexity = TERMS.iter().position(|&t| t == Term::Complexity).unwrap();
    let mut moved = 0;
    let pawnless = "r1b1k3/8/8/8/8/8/8/RNBQK3 w - - 0 1";
    for fen in tiefe::bench::POSITIONS
        .iter()
        .chain(&NEWER)
        .chain(&[pawnless])
    {
        let b = breakdown(&Position::from_fen(fen).unwrap());
        let rest: i32 = (b.terms.iter().enumerate())
            .filter(|&(t, _)| t != complexity)
            .map(|(_, [w, k])| w.mg() - k.mg())
            .sum();
        let pull = b.terms[complexity][0].mg() - b.terms[complexity][1].mg();
        assert!(
            pull * rest <= 0 && pull.abs() <= rest.abs(),
            "{fen}: {rest} {pull}"
        );
        moved += (pull != 0) as i32;
    }
    // Without pawns the count is its base alone: below zero, the lead is pulled.
    if COMPLEXITY_BASE.eg() + COMPLEXITY_MG.mg() < 0 {
        assert!(moved > 0);
    }
}
