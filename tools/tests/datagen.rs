//! `tiefe-tools datagen` on tiny runs: games start from the book's positions, the written
//! positions are the quiet ends of the search's capture lines with the score in White's
//! view, and a run continues the sequence of games where the last one stopped.

use std::io::BufReader;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::SeedableRng;
use tiefe::position::Position;
use tiefe::search::{search, Outcome, Request, SearchControl, Worker};
use tiefe::time::Limits;
use tiefe::tt::{Bound, TranspositionTable};
use tiefe::types::ChessMove;
use tiefe_tools::datagen::{self, Book, Config, Share, Starts, State};
use tiefe_tools::tune;

/// Queenless positions (so that a game from them is told from one from the start
/// position) in the shapes books come in: EPD with operations, a whole FEN with its
/// clocks, the four fields alone; then a comment, and two lines that are not usable
/// (not a position; a Chess960 position, whose castling rights Tiefe does not read).
const BOOK: &str = "\
r1b1kb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1B1KB1R w KQkq - bm Bb5; id \"a\";
rnb1kbnr/ppp2ppp/8/4p3/4P3/8/PPP2PPP/RNB1KBNR w KQkq - 0 4
r1b1k2r/ppp2ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPP2PPP/R1B1K2R b KQkq -

# a comment
not a position
bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf -
";

/// A fresh directory for one test, with the book written in it.
fn scratch(name: &str) -> (PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("tiefe-datagen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("book.epd");
    std::fs::write(&book, BOOK).unwrap();
    (dir, book.to_string_lossy().into_owned())
}

fn has_queen(fen: &str) -> bool {
    fen.split(' ').next().unwrap().contains(['q', 'Q'])
}

fn mv(text: &str) -> ChessMove {
    ChessMove::from_str(text).unwrap()
}

#[test]
fn the_book_is_read_and_its_positions_start_the_games() {
    let book = Book::parse(BOOK);
    assert_eq!(book.fens.len(), 3, "{book:?}");
    assert_eq!(book.skipped, 2);
    // EPD operations dropped and the clocks completed; a whole FEN keeps its own.
    assert!(book.fens[0].ends_with(" w KQkq - 0 1"), "{}", book.fens[0]);
    assert!(book.fens[1].ends_with(" 0 4"), "{}", book.fens[1]);

    // With no random plies, an even game starts right at a book position, and the
    // seeded generator picks more than one of them.
    let cfg = Config {
        random_plies: Some(0),
        book: Some("book".into()),
        ..Config::default()
    };
    let starts = Starts::with_book(book.clone());
    let mut rng = StdRng::seed_from_u64(3);
    let mut used = std::collections::HashSet::new();
    for game in (2..40).step_by(2) {
        let pos = datagen::opening(&mut rng, &cfg, &starts, game).unwrap();
        assert!(book.fens.contains(&pos.to_fen()), "{}", pos.to_fen());
        used.insert(pos.to_fen());
    }
    assert!(used.len() > 1);

    // A run with the book: every line reads back, and each game's first position is
    // queenless, as no game from the start position is after a few plies.
    let (dir, path) = scratch("book");
    let out = dir.join("data.txt").to_string_lossy().into_owned();
    let cfg = Config {
        out: out.clone(),
        games: 2,
        nodes: 300,
        seed: 11,
        book: Some(path),
        ..Config::default()
    };
    assert_eq!(cfg.plies(), 2);
    let sum = datagen::run(&cfg).unwrap();
    assert_eq!(sum.games, 2);
    let text = std::fs::read_to_string(&out).unwrap();
    let (samples, bad) = tune::load(BufReader::new(text.as_bytes()));
    assert_eq!((samples.len() as u64, bad), (sum.positions, 0));
    let book = Starts::with_book(Book::load(cfg.book.as_ref().unwrap()).unwrap());
    let none = Starts::default();
    let plain = Config {
        book: None,
        ..cfg.clone()
    };
    for game in 1..=2 {
        let mut a = StdRng::seed_from_u64(11);
        let mut b = StdRng::seed_from_u64(11);
        for earlier in 1..game {
            datagen::opening(&mut a, &cfg, &book, earlier);
            datagen::opening(&mut b, &plain, &none, earlier);
        }
        let mut tt = TranspositionTable::new(4);
        let mut w = Worker::new();
        let (with, _) = datagen::play_game(&mut a, &mut w, &mut tt, &cfg, &book, game).unwrap();
        let (without, _) =
            datagen::play_game(&mut b, &mut w, &mut tt, &plain, &none, game).unwrap();
        assert!(!has_queen(&with[0].fen), "{}", with[0].fen);
        assert!(has_queen(&without[0].fen), "{}", without[0].fen);
        // The book's games are the ones in the file.
        assert!(text.contains(&with[0].fen));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn resolving_plays_the_captures_and_promotions_the_line_starts_with() {
    let at = |fen: &str| Position::from_fen(fen).unwrap();
    // A capture and its recapture are played; the quiet move after them is not.
    let pos = at("4k3/7p/1n6/3p4/4P3/8/7P/4K3 w - - 0 1");
    let (p, n, rest) = datagen::resolve(&pos, &[mv("e4d5"), mv("b6d5"), mv("e1d2")]).unwrap();
    assert_eq!(p.to_fen(), "4k3/7p/8/3n4/8/8/7P/4K3 w - - 0 2");
    assert_eq!((n, rest), (2, vec![mv("e1d2")]));
    // A line that starts quiet leaves the position as it is.
    let (p, n, rest) = datagen::resolve(&pos, &[mv("e1d2"), mv("d5e4")]).unwrap();
    assert_eq!((p.to_fen(), n, rest.len()), (pos.to_fen(), 0, 2));
    // A promotion is noisy too, and the side to move changes with it.
    let pos = at("8/P3k3/8/8/8/8/8/4K3 w - - 0 1");
    let (p, n, _) = datagen::resolve(&pos, &[mv("a7a8q"), mv("e7d6")]).unwrap();
    assert_eq!(
        (p.to_fen().as_str(), n),
        ("Q7/4k3/8/8/8/8/8/4K3 b - - 0 1", 1)
    );
    // A capture that gives check leaves a position in check: not quiet.
    let pos = at("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(datagen::resolve(&pos, &[mv("a1a8"), mv("e8e7")]).is_none());
    assert!(datagen::resolve(&pos, &[mv("a1a8")]).is_none());
    // So is a position in check whose best move is a quiet evasion.
    let pos = at("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert!(datagen::resolve(&pos, &[mv("e1e2")]).is_none());
    // A capture that leaves a dead draw teaches nothing.
    let pos = at("4k3/8/8/8/8/8/7P/3nK3 w - - 0 1");
    assert!(datagen::resolve(&pos, &[mv("e1d1")]).is_some());
    let pos = at("4k3/8/8/8/8/8/8/3nK3 w - - 0 1");
    assert!(datagen::resolve(&pos, &[mv("e1d1")]).is_none());
}

/// The label of a position whose best move takes a queen: the written position is the
/// one after the capture (the other side to move), and the score stays White's view
/// of the searched position, so it is clearly for White, and against it when the
/// colours are swapped. (Clearly: a knight and a pawn against a pawn is more than a
/// pawn up, though the complexity term shrinks a lead in an ending with two pawns.)
#[test]
fn a_resolved_label_keeps_the_score_in_whites_view() {
    let white = Position::from_fen("4k3/4p3/8/2q5/8/1N6/4P3/4K3 w - - 0 1").unwrap();
    for (pos, sign) in [(white.clone(), 1), (white.mirrored(), -1)] {
        let mut p = pos.clone();
        let tt = TranspositionTable::new(4);
        let limits = Limits {
            nodes: Some(3000),
            ..Limits::default()
        };
        let clock = SearchControl::new(Instant::now(), false);
        let out = search(&mut p, Request::new(&limits, &tt, &clock), &mut |_| {});
        let k = datagen::label(&pos, &out).unwrap();
        assert_eq!(k.resolved, 1, "{} {:?}", pos.to_fen(), out.pv);
        // The same outcome as an unfinished iteration's lower bound is no label.
        let bound = Outcome {
            bound: Bound::Lower,
            ..out.clone()
        };
        assert!(datagen::label(&pos, &bound).is_none());
        let written = Position::from_fen(&k.fen).unwrap();
        assert_ne!(written.side_to_move(), pos.side_to_move());
        assert!(k.score * sign > 100, "{} {}", pos.to_fen(), k.score);
    }
}

/// Every position a few games keep is quiet as the search saw it: not in check, and its
/// line goes on (if at all) with a legal quiet move; and some of them were reached by
/// resolving captures, so the check has something to catch.
#[test]
fn games_keep_quiet_positions() {
    let cfg = Config {
        nodes: 300,
        seed: 21,
        ..Config::default()
    };
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    let mut w = Worker::new();
    let mut tt = TranspositionTable::new(4);
    let (mut kept, mut resolved) = (0, 0);
    for game in 1..=4 {
        let Some((positions, _)) =
            datagen::play_game(&mut rng, &mut w, &mut tt, &cfg, &Starts::default(), game)
        else {
            continue;
        };
        for k in positions {
            let pos = Position::from_fen(&k.fen).unwrap();
            assert!(!pos.in_check(), "{}", k.fen);
            if let Some(&head) = k.rest.first() {
                assert!(pos.is_legal(head), "{} {head}", k.fen);
                assert!(
                    !pos.is_capture(head) && head.get_promotion().is_none(),
                    "{} {head}",
                    k.fen
                );
            }
            kept += 1;
            resolved += (k.resolved > 0) as u32;
        }
    }
    assert!(kept > 50, "{kept}");
    assert!(resolved > 0, "{resolved} of {kept}");
}

/// A position in check is never labelled, so its search only picks the game's move and
/// gets an eighth of the nodes (a third of the depth); other positions get the budget.
#[test]
fn evasions_get_a_smaller_search() {
    let by_nodes = Config {
        nodes: 3000,
        ..Config::default()
    };
    assert_eq!(by_nodes.limits().nodes, Some(3000));
    assert_eq!(by_nodes.evasion_limits().nodes, Some(375));
    let tiny = Config {
        nodes: 5,
        ..Config::default()
    };
    assert_eq!(tiny.evasion_limits().nodes, Some(1));
    let by_depth = Config {
        depth: Some(9),
        ..Config::default()
    };
    assert_eq!(by_depth.evasion_limits().depth, Some(3));
    assert_eq!(by_depth.evasion_limits().nodes, None);
    let shallow = Config {
        depth: Some(2),
        ..Config::default()
    };
    assert_eq!(shallow.evasion_limits().depth, Some(1));
}

/// Two runs of three games write what one run of six does (so no game is played
/// twice), the state counts them, and a run with other openings, or on a file written
/// past its state, refuses to go on.
#[test]
fn a_run_continues_the_games_where_the_last_stopped() {
    let (dir, book) = scratch("resume");
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let three = Config {
        out: path("a.txt"),
        games: 3,
        nodes: 300,
        seed: 5,
        book: Some(book),
        ..Config::default()
    };
    let first = datagen::run(&three).unwrap();
    let after_three = std::fs::read_to_string(&three.out).unwrap();
    let second = datagen::run(&three).unwrap();
    let six = Config {
        out: path("b.txt"),
        games: 6,
        ..three.clone()
    };
    let all = datagen::run(&six).unwrap();
    let a = std::fs::read_to_string(&three.out).unwrap();
    let b = std::fs::read_to_string(&six.out).unwrap();
    assert_eq!(first.games + second.games, 6);
    assert_eq!(first.positions + second.positions, all.positions);
    assert!(a.starts_with(&after_three) && a.len() > after_three.len());
    assert_eq!(a, b);

    let state = State::parse(&std::fs::read_to_string(State::path(&three.out)).unwrap()).unwrap();
    assert_eq!(state.games, 6);
    assert_eq!(state.positions, a.lines().count() as u64);
    assert_eq!(state.bytes, a.len() as u64);
    assert!(state.next_game > 6);

    // Another seed would number other games as these: refused, the file untouched.
    let other = Config {
        seed: 6,
        ..three.clone()
    };
    assert!(datagen::run(&other).is_err());
    assert_eq!(std::fs::read_to_string(&three.out).unwrap(), a);
    // A file longer than its state says (stopped between the two writes): refused.
    std::fs::write(&three.out, format!("{a}x")).unwrap();
    let err = datagen::run(&three).unwrap_err();
    assert!(err.to_string().contains("bytes"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file of the test data, which stays with the engine's (tests/data at the root):
/// 16 arrays of each of the project's Chess960 and double Fischer Random start files.
fn test_data(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// The FEN of each line of a training file.
fn fens(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| l.split(" | ").next().unwrap())
        .collect()
}

/// A FEN's castling field.
fn castling(fen: &str) -> &str {
    fen.split(' ').nth(2).unwrap()
}

/// A castling field that names rooks by their files (Shredder-FEN), as a Chess960
/// game's positions are written.
fn is_shredder(field: &str) -> bool {
    field != "-" && field.chars().all(|c| matches!(c, 'a'..='h' | 'A'..='H'))
}

/// A standard game's castling field with rights left: `KQkq` or part of it.
fn is_standard(field: &str) -> bool {
    field != "-" && field.chars().all(|c| "KQkq".contains(c))
}

/// The Chess960 starts read in Chess960 mode, all of them; as a standard `--book` none
/// of them is a usable position.
#[test]
fn chess960_starts_read_in_chess960_mode() {
    for name in ["chess960_starts_sample.epd", "dfrc_starts_sample.epd"] {
        let book = Book::load_in(&test_data(name), "--chess960", true).unwrap();
        assert_eq!((book.fens.len(), book.skipped), (16, 0), "{name}");
        assert!(book.fens.iter().all(|f| is_shredder(castling(f))));
        assert!(Book::load(&test_data(name)).is_err(), "{name}");
    }
    // Every game of a run with Chess960 starts only starts from one, in Chess960 mode
    // (its FEN written with Shredder-FEN castling rights).
    let cfg = Config {
        random_plies: Some(0),
        chess960: Some(test_data("chess960_starts_sample.epd")),
        dfrc: Some(test_data("dfrc_starts_sample.epd")),
        ..Config::default()
    };
    assert_eq!(cfg.chess960_share(), Share::ALL);
    let starts = Starts::load(&cfg).unwrap();
    let mut rng = StdRng::seed_from_u64(2);
    for game in (2..20).step_by(2) {
        let fen = datagen::opening(&mut rng, &cfg, &starts, game)
            .unwrap()
            .to_fen();
        assert!(
            starts.chess960.iter().any(|b| b.fens.contains(&fen)),
            "{fen}"
        );
    }
}

/// A run from Chess960 and DFRC starts: every position it writes reads back in
/// Chess960 mode as written, its castling field is Shredder-FEN whenever rights
/// remain (and not always the files of the standard array's rooks), and the tuner
/// reads every line.
#[test]
fn a_chess960_run_writes_shredder_fens_that_read_back() {
    let (dir, _) = scratch("chess960");
    let cfg = Config {
        out: dir.join("data.txt").to_string_lossy().into_owned(),
        games: 2,
        nodes: 300,
        seed: 3,
        chess960: Some(test_data("chess960_starts_sample.epd")),
        dfrc: Some(test_data("dfrc_starts_sample.epd")),
        ..Config::default()
    };
    let sum = datagen::run(&cfg).unwrap();
    assert_eq!(sum.games, 2);
    let text = std::fs::read_to_string(&cfg.out).unwrap();
    let (mut rights, mut other_files) = (0, 0);
    for fen in fens(&text) {
        let pos = Position::from_fen_in(fen, true).unwrap();
        assert_eq!(pos.to_fen(), fen);
        let field = castling(fen);
        if field != "-" {
            assert!(is_shredder(field), "{fen}");
            rights += 1;
            other_files += field.chars().any(|c| !"HAha".contains(c)) as u32;
        }
    }
    assert!(rights > 0 && other_files > 0, "{rights} {other_files}");
    let (samples, bad) = tune::load(BufReader::new(text.as_bytes()));
    assert_eq!((samples.len() as u64, bad), (sum.positions, 0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run that mixes standard and Chess960 games (`--chess960-fraction 0.5`): two runs
/// of two games write what one run of four does, the file holds both castling styles
/// and the tuner reads all of it, the state records the Chess960 settings, and a run
/// with another share refuses to go on. A state written before the Chess960 options
/// existed reads as that of a standard run.
#[test]
fn a_mixed_chess960_run_continues_where_it_stopped() {
    let (dir, _) = scratch("chess960-resume");
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let two = Config {
        out: path("a.txt"),
        games: 2,
        nodes: 300,
        seed: 8,
        chess960: Some(test_data("chess960_starts_sample.epd")),
        chess960_fraction: Some("0.5".parse().unwrap()),
        ..Config::default()
    };
    let first = datagen::run(&two).unwrap();
    let after_two = std::fs::read_to_string(&two.out).unwrap();
    let second = datagen::run(&two).unwrap();
    let four = Config {
        out: path("b.txt"),
        games: 4,
        ..two.clone()
    };
    let all = datagen::run(&four).unwrap();
    let a = std::fs::read_to_string(&two.out).unwrap();
    assert!(a.starts_with(&after_two) && a.len() > after_two.len());
    assert_eq!(a, std::fs::read_to_string(&four.out).unwrap());
    assert_eq!(first.positions + second.positions, all.positions);
    let fields: Vec<&str> = fens(&a).into_iter().map(castling).collect();
    assert!(fields.iter().any(|f| is_standard(f)), "{fields:?}");
    assert!(fields.iter().any(|f| is_shredder(f)), "{fields:?}");
    let (samples, bad) = tune::load(BufReader::new(a.as_bytes()));
    assert_eq!((samples.len(), bad), (a.lines().count(), 0));

    let state = State::parse(&std::fs::read_to_string(State::path(&two.out)).unwrap()).unwrap();
    assert_eq!((state.games, state.bytes), (4, a.len() as u64));
    assert_eq!(state.chess960, two.chess960.clone().unwrap());
    assert_eq!(state.chess960_fraction.to_string(), "0.5");
    let other = Config {
        chess960_fraction: Some(Share::ALL),
        ..two.clone()
    };
    let err = datagen::run(&other).unwrap_err();
    assert!(err.to_string().contains("--chess960-fraction"), "{err}");
    assert_eq!(std::fs::read_to_string(&two.out).unwrap(), a);

    let old = "seed 1\nrandom_plies 8\nbook -\ngames 3\npositions 90\nnext_game 4\nbytes 9000\n";
    let old = State::parse(old).unwrap();
    assert_eq!((old.chess960.as_str(), old.dfrc.as_str()), ("-", "-"));
    assert_eq!(old.chess960_fraction, Share::NONE);
    assert_eq!(State::parse(&old.text()), Some(old));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fastchess-style game: book moves, scored moves, a mate score, and an exchange
/// (4. Bxc6 dxc6) that the positions before it are resolved through.
const SCORED_GAME: &str = "\
[Event \"m\"]
[White \"new\"]
[Black \"base\"]
[Result \"1-0\"]

1. e4 {book} e5 {book} 2. Nf3 {+0.30/12 0.101s} Nc6 {-0.25/11 0.098s}
3. Bb5 {+0.35/12 0.110s} a6 {-M3/5 0.050s} 4. Bxc6 {+0.40/13 0.120s}
dxc6 {-0.40/12 0.090s} 5. O-O {+0.30/12 0.100s} 1-0

[Event \"m\"]
[White \"base\"]
[Black \"new\"]
[Result \"*\"]

1. d4 {+0.20/10 0.1s} *
";

/// The position after 1. e4 e5 2. Nf3 Nc6 and the `uci` moves, as FEN.
fn after(uci: &[&str]) -> String {
    let mut p = Position::startpos();
    for m in ["e2e4", "e7e5", "g1f3", "b8c6"].iter().chain(uci) {
        p.make_move(ChessMove::from_str(m).unwrap());
    }
    p.to_fen()
}

#[test]
fn pgn_comments_give_scores_from_the_movers_view() {
    use datagen::pgn::comment_score;
    assert_eq!(comment_score("+0.31/12 0.105s"), Some(31));
    assert_eq!(comment_score("-1.25/9"), Some(-125));
    assert_eq!(comment_score("+M5/20 0.2s"), None);
    assert_eq!(comment_score("-M3/5"), None);
    assert_eq!(comment_score("book"), None);
    assert_eq!(comment_score(""), None);
}

#[test]
fn pgn_positions_are_resolved_through_the_exchanges_the_game_played() {
    use datagen::pgn::game_positions;
    let games = tiefe_tools::pgn::read_games(SCORED_GAME);
    let fens = |only: Option<&str>| -> Vec<(String, i32, usize)> {
        game_positions(&games[0], only)
            .unwrap()
            .into_iter()
            .map(|k| (k.fen, k.score, k.resolved))
            .collect()
    };
    let before_nf3 = {
        let mut p = Position::startpos();
        for m in ["e2e4", "e7e5"] {
            p.make_move(ChessMove::from_str(m).unwrap());
        }
        p.to_fen()
    };
    let before_nc6 = {
        let mut p = Position::from_fen(&before_nf3).unwrap();
        p.make_move(ChessMove::from_str("g1f3").unwrap());
        p.to_fen()
    };
    // White's view throughout; the mate score and the book moves give nothing; 4. Bxc6,
    // 4... dxc6 and 5. O-O all come to the position after the exchange, kept once with
    // the label of the search that stood there (5. O-O, no plies resolved).
    let exchanged = after(&["f1b5", "a7a6", "b5c6", "d7c6"]);
    assert_eq!(
        fens(None),
        [
            (before_nf3.clone(), 30, 0),
            (before_nc6, 25, 0),
            (after(&[]), 35, 0),
            (exchanged.clone(), 30, 0),
        ]
    );
    // Black's side alone: 4... dxc6 resolved one ply, its -0.40 turned to White's view.
    assert_eq!(fens(Some("base")).last(), Some(&(exchanged, 40, 1)));
    assert_eq!(fens(Some("new")).len(), 3);
}

/// A game that ends on a capture (adjudicated or resigned just after it) keeps no
/// position resolved through that capture: its recapture never came, so the position
/// is not known to be quiet. The positions before stay.
#[test]
fn a_game_ending_on_a_capture_keeps_no_position_through_it() {
    use datagen::pgn::game_positions;
    let games = tiefe_tools::pgn::read_games(
        "[Event \"m\"]\n[White \"new\"]\n[Black \"base\"]\n[Result \"1-0\"]\n\n\
         1. e4 {book} e5 {book} 2. Nf3 {+0.30/12 0.1s} Nc6 {-0.25/11 0.1s} \
         3. Bb5 {+0.35/12 0.1s} a6 {-0.30/12 0.1s} 4. Bxc6 {+0.40/13 0.1s} 1-0\n",
    );
    let kept = game_positions(&games[0], None).unwrap();
    let pending = after(&["f1b5", "a7a6", "b5c6"]);
    assert!(
        kept.iter().all(|k| k.fen != pending && k.resolved == 0),
        "{:?}",
        kept.iter()
            .map(|k| (&k.fen, k.resolved))
            .collect::<Vec<_>>()
    );
    assert_eq!(kept.len(), 4);
}

/// A game played from a book position starts at its `FEN` tag: the first position kept
/// is that one (2. Nf3 is legal from the start position too, which would hide a reader
/// that ignored the tag but for the position written). A Chess960 game, and a game
/// whose FEN does not read, give no positions.
#[test]
fn pgn_games_start_at_their_fen() {
    use datagen::pgn::game_positions;
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let pgn = format!(
        "[SetUp \"1\"]\n[FEN \"{fen}\"]\n[Result \"1-0\"]\n\n\
         2. Nf3 {{+0.30/12 0.1s}} Nc6 {{-0.25/11 0.1s}} 1-0\n\n\
         [Variant \"chess960\"]\n[FEN \"{fen}\"]\n[Result \"1-0\"]\n\n\
         2. Nf3 {{+0.30/12 0.1s}} 1-0\n\n\
         [FEN \"8/8/8 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. Kd2 {{+0.30/12 0.1s}} 1-0\n"
    );
    let games = tiefe_tools::pgn::read_games(&pgn);
    assert_eq!(games.len(), 3);
    let kept = game_positions(&games[0], None).unwrap();
    assert_eq!(kept.len(), 2);
    assert_eq!((kept[0].fen.as_str(), kept[0].score), (fen, 30));
    assert!(game_positions(&games[1], None).is_err());
    assert!(game_positions(&games[2], None).is_err());
}

#[test]
fn datagen_pgn_appends_only_games_with_a_result() {
    let dir = std::env::temp_dir().join(format!("tiefe-datagen-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, SCORED_GAME).unwrap();
    let out = dir.join("out.txt");
    let _ = std::fs::remove_file(&out);
    let args = datagen::pgn::PgnArgs {
        out: out.to_string_lossy().into_owned(),
        only: None,
        pgn: vec![pgn.to_string_lossy().into_owned()],
    };
    let first = datagen::pgn::run(&args).unwrap();
    assert_eq!((first.games, first.used, first.positions), (2, 1, 4));
    datagen::pgn::run(&args).unwrap();
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8, "{text}");
    for l in &lines {
        let f: Vec<&str> = l.split(" | ").collect();
        assert_eq!(f.len(), 3, "{l}");
        Position::from_fen(f[0]).unwrap();
        f[1].parse::<i32>().unwrap();
        assert_eq!(f[2], "1.0", "{l}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
