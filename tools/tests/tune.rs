//! The data generator and the tuner on a tiny sample: datagen writes well-formed
//! lines, tuning lowers the loss, and the written weights file holds exactly the tuned
//! numbers in the engine's layout (so that it compiles back into that evaluation).

use std::io::BufReader;

use rand::rngs::StdRng;
use rand::SeedableRng;
use tiefe::search::Worker;
use tiefe::tt::TranspositionTable;
use tiefe::weights::{flat, index};
use tiefe_tools::datagen::{self, Config, Starts};
use tiefe_tools::tune::{self, Settings};

#[test]
fn datagen_then_tune_lowers_the_loss_and_writes_the_weights() {
    let dir = std::env::temp_dir().join(format!("tiefe-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("data.txt");
    let cfg = Config {
        out: out.to_string_lossy().into_owned(),
        games: 6,
        positions: u64::MAX,
        nodes: 400,
        seed: 7,
        ..Config::default()
    };
    let sum = datagen::run(&cfg).unwrap();
    assert_eq!(sum.games, 6);
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.lines().count() as u64, sum.positions);
    assert!(sum.positions > 50, "{}", sum.positions);

    // The same seed plays the same games.
    let mut a = (
        StdRng::seed_from_u64(9),
        Worker::new(),
        TranspositionTable::new(4),
    );
    let mut b = (
        StdRng::seed_from_u64(9),
        Worker::new(),
        TranspositionTable::new(4),
    );
    let ga = datagen::play_game(&mut a.0, &mut a.1, &mut a.2, &cfg, &Starts::default(), 1);
    let gb = datagen::play_game(&mut b.0, &mut b.1, &mut b.2, &cfg, &Starts::default(), 1);
    assert_eq!(ga, gb);

    let (samples, bad) = tune::load(BufReader::new(text.as_bytes()));
    assert_eq!(bad, 0);
    assert_eq!(samples.len() as u64, sum.positions);
    let start = tune::start_weights(false);
    let k = tune::fit_k(&samples, &start);
    assert!(k > 0.05 && k < 4.0, "{k}");
    let settings = Settings {
        epochs: 40,
        rate: 2.0,
        ..Settings::default()
    };
    let before = tune::loss(&samples, &start, k, settings.lambda);
    let mut losses = Vec::new();
    let w = tune::tune(&samples, start.clone(), k, settings.clone(), |_, w| {
        losses.push(tune::loss(&samples, w, k, settings.lambda))
    });
    assert_eq!(losses.len(), 40);
    assert!(*losses.last().unwrap() < before, "{before} -> {losses:?}");

    // A strong L2 pull keeps the weights much nearer where they started.
    let moved = |w: &[(f64, f64)]| -> f64 {
        w.iter()
            .zip(&start)
            .map(|(a, b)| (a.0 - b.0).abs() + (a.1 - b.1).abs())
            .sum()
    };
    let pulled = Settings {
        l2: 1e4,
        ..settings
    };
    let held = tune::tune(&samples, start.clone(), k, pulled, |_, _| {});
    assert!(
        moved(&held) < moved(&w) / 4.0,
        "{} against {}",
        moved(&held),
        moved(&w)
    );

    let tuned = tune::rounded(&w);
    assert_eq!(tuned.len(), index::COUNT);
    let source = tune::WEIGHTS_SOURCE;
    let written = tune::write_weights(source, &tuned).unwrap();
    // Every `S(mg, eg)` of the written file, in file order, is the tuned list.
    assert_eq!(tune::s_pairs(&written), tuned);
    // And the current weights round-trip to the very same file.
    assert_eq!(tune::write_weights(source, &flat()).unwrap(), source);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The reader takes standard and Chess960 lines in one file: `KQkq`, Shredder-FEN
/// (Chess960 and double Fischer Random arrays), X-FEN for a Chess960 array; bad lines
/// are counted, not read. Castling does not enter the evaluation, so the Shredder-FEN
/// and X-FEN forms of one position are the same sample.
#[test]
fn the_reader_takes_standard_and_chess960_lines_in_one_file() {
    let text = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 30 | 0.5
bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1 | 10 | 1.0
bnrbnkrq/pppppppp/8/8/8/8/PPPPPPPP/RKNRBQNB w DAgc - 0 1 | -5 | 0.0
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 | 0 | 0.5
bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1 | 10 | 1.0
not a position | 0 | 0.5
bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1 | 10 | 2.0
bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFXf - 0 1 | 10 | 1.0
";
    let (samples, bad) = tune::load(BufReader::new(text.as_bytes()));
    assert_eq!((samples.len(), bad), (5, 3));
    let w = tune::start_weights(false);
    assert_eq!(
        tune::predict(&samples[1], &w),
        tune::predict(&samples[4], &w)
    );
}
