//! The command line of the `tiefe-tools` binary: every command answers `--help` (exit
//! 0), a bad argument is refused with a message on stderr and exit status 2 (so scripts
//! can tell a typo from a failed run), and the commands do their work.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn tools(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tiefe-tools"))
        .args(args)
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .output()
        .expect("run tiefe-tools")
}

/// A file of the test data, which stays with the engine's (tests/data at the root).
fn test_data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(name)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn every_command_answers_help() {
    for args in [
        &["--help"][..],
        &["datagen", "--help"],
        &["datagen-pgn", "--help"],
        &["tune", "--help"],
        &["book", "--help"],
        &["book", "build", "--help"],
        &["help", "datagen"],
    ] {
        let out = tools(args);
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(stdout.contains("Usage: tiefe-tools"), "{args:?}: {stdout}");
    }
    // Each command's help names its options, with the defaults they have always had.
    let datagen = text(&tools(&["datagen", "--help"]).stdout);
    for flag in [
        "--out <FILE>",
        "--games <N>",
        "--positions <N>",
        "--nodes <N>",
        "--seed <N>",
        "--random-plies <N>",
        "--depth <N>",
        "--book <FILE>",
        "--chess960 <FILE>",
        "--dfrc <FILE>",
        "--chess960-fraction <F>",
        "--hash <MB>",
        "[default: 2]",
        "[default: 1, with --chess960",
        "[default: datagen.txt]",
        "[default: 1000000]",
        "[default: 3000]",
        "[default: 8, or 2 with",
    ] {
        assert!(datagen.contains(flag), "{flag} missing:\n{datagen}");
    }
    let tune = text(&tools(&["tune", "--help"]).stdout);
    for flag in [
        "<DATA>",
        "--epochs <N>",
        "--rate <R>",
        "--lambda <L>",
        "--l2 <R>",
        "--zero",
        "--terms-only",
        "--hold <NAME,..>",
        "--from <FILE>",
        "--out <FILE>",
        "--k <K>",
        "[default: 300]",
        "[default: weights.rs]",
    ] {
        assert!(tune.contains(flag), "{flag} missing:\n{tune}");
    }
    let book = text(&tools(&["book", "build", "--help"]).stdout);
    assert!(
        book.contains("--plies <N>") && book.contains("[default: 16]"),
        "{book}"
    );
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    for args in [
        &[][..],
        &["datagen", "--games", "x"],
        &["datagen", "--games"],
        &["datagen", "--frobnicate", "1"],
        // A share of Chess960 games needs their starts, and is a fraction.
        &["datagen", "--chess960-fraction", "0.5"],
        &["datagen", "--dfrc", "s.epd", "--chess960-fraction", "2"],
        &["datagen", "--hash", "0"],
        &["tune"],
        &["tune", "data.txt", "other.txt"],
        &["tune", "data.txt", "--epochs", "many"],
        &["tune", "data.txt", "--zero", "--terms-only"],
        &["tune", "data.txt", "--zero", "--from", "w.rs"],
        &["tune", "data.txt", "--hold", "NO_SUCH_WEIGHT"],
        &["tune", "data.txt", "--k", "0"],
        &["tune", "data.txt", "--k", "steep"],
        &["book"],
        &["book", "build", "games.pgn"],
        &["book", "build", "games.pgn", "out.bin", "--plies", "x"],
        &["datagen-pgn", "--out", "x.txt"],
        // The engine's commands are the engine's (`tiefe`).
        &["bench"],
        &["frobnicate"],
    ] {
        let out = tools(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.trim().is_empty(), "{args:?}: no message");
        // The message is about the argument, not a run that failed (nothing ran).
        assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
    }
}

/// The options reach the commands: a small datagen run writes where `--out` says, as
/// many games as `--games` says, and `tune --epochs 0` reads it and writes a weights
/// file (and scores that file again at the K `--k` gives); a missing data file is a
/// failed run (status 1), not a bad argument.
#[test]
fn datagen_tune_and_book_take_their_options() {
    let dir = std::env::temp_dir().join(format!("tiefe-tools-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.txt");
    let data_s = data.to_str().unwrap();
    let out = tools(&[
        "datagen", "--out", data_s, "--games", "2", "--nodes", "300", "--seed", "3",
    ]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("datagen: 2 games"), "{stderr}");
    let lines = std::fs::read_to_string(&data).unwrap().lines().count();
    assert!(lines > 0);
    // Games from Chess960 starts, whose lines tune reads beside the standard ones.
    let data960 = dir.join("data960.txt");
    let dfrc = test_data("dfrc_starts_sample.epd");
    let out = tools(&[
        "datagen",
        "--out",
        data960.to_str().unwrap(),
        "--games",
        "1",
        "--nodes",
        "300",
        "--dfrc",
        dfrc.to_str().unwrap(),
        "--chess960-fraction",
        "1",
    ]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("16 --dfrc positions"), "{stderr}");
    let chess960 = std::fs::read_to_string(&data960).unwrap();
    let mixed = std::fs::read_to_string(&data).unwrap() + &chess960;
    std::fs::write(&data, &mixed).unwrap();

    let weights = dir.join("weights.rs");
    let weights_s = weights.to_str().unwrap();
    let out = tools(&["tune", data_s, "--epochs", "0", "--out", weights_s]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        // How many known endings the games reached depends on the search: only the
        // count of bad lines is the file's.
        stderr.contains("(0 bad lines skipped, "),
        "{stderr}"
    );
    let written = std::fs::read_to_string(&weights).unwrap();
    assert!(written.contains("pub const PSQT"), "{written}");
    // --k replaces the fitted K, with --from too.
    let out = tools(&[
        "tune", data_s, "--epochs", "0", "--from", weights_s, "--out", weights_s, "--k", "1.25",
    ]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("K = 1.2500;"), "{stderr}");

    let missing = dir.join("missing.txt");
    let out = tools(&["tune", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));

    let book = dir.join("book.bin");
    let out = tools(&[
        "book",
        "build",
        test_data("book_games.pgn").to_str().unwrap(),
        book.to_str().unwrap(),
        "--plies",
        "4",
    ]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("(4 plies each)"), "{stderr}");
    assert_eq!(std::fs::metadata(&book).unwrap().len() % 16, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The engine's tests read two books of `tests/data/book_games.pgn` kept in tests/data
/// (the engine does not build books); they are what `book build` writes today. After a
/// deliberate change of the builder, write them again:
/// `tiefe-tools book build tests/data/book_games.pgn tests/data/book_games_8plies.bin
/// --plies 8` (and `..._16plies.bin`, the default).
#[test]
fn the_engines_test_books_are_what_book_build_writes() {
    let dir = std::env::temp_dir().join(format!("tiefe-tools-books-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for plies in ["8", "16"] {
        let out = dir.join(format!("{plies}.bin"));
        let pgn = test_data("book_games.pgn");
        let args = [
            "book",
            "build",
            pgn.to_str().unwrap(),
            out.to_str().unwrap(),
            "--plies",
            plies,
        ];
        let run = tools(&args);
        assert!(run.status.success(), "{}", text(&run.stderr));
        let kept = test_data(&format!("book_games_{plies}plies.bin"));
        assert_eq!(
            std::fs::read(&out).unwrap(),
            std::fs::read(&kept).unwrap(),
            "{} is not what book build writes",
            kept.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
