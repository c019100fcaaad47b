//! The command line of the `tiefe` binary: every command answers `--help` (exit 0), a bad
//! argument is refused with a message on stderr and exit status 2 (so scripts can tell
//! a typo from a failed run), and the commands do their work. The library behind it
//! takes no part in the command line (no clap). The tools' commands are tested in
//! tools/tests/cli.rs.

mod common;

use std::process::{Command, Output, Stdio};

fn tiefe(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tiefe"))
        .args(args)
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .output()
        .expect("run tiefe")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn every_command_answers_help() {
    for args in [
        &["--help"][..],
        &["bench", "--help"],
        &["perft", "--help"],
        &["help", "perft"],
    ] {
        let out = tiefe(args);
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(stdout.contains("Usage: tiefe"), "{args:?}: {stdout}");
    }
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    for args in [
        &["bench", "zero"][..],
        &["bench", "0"],
        &["bench", "65"],
        &["perft"],
        &["perft", "x"],
        &["perft", "2", "not", "a", "fen"],
        // The tools are another binary (`tiefe-tools`), not commands of the engine.
        &["datagen"],
        &["tune", "data.txt"],
        &["book", "build", "games.pgn", "out.bin"],
        &["frobnicate"],
    ] {
        let out = tiefe(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.trim().is_empty(), "{args:?}: no message");
        // The message is about the argument, not a run that failed (nothing ran).
        assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
    }
    let out = tiefe(&["bench", "zero"]);
    assert!(
        text(&out.stderr).contains("'zero'"),
        "{}",
        text(&out.stderr)
    );
    let out = tiefe(&["bench", "65"]);
    assert!(
        text(&out.stderr).contains("1..=64"),
        "{}",
        text(&out.stderr)
    );
    let out = tiefe(&["perft", "2", "not", "a", "fen"]);
    assert!(
        text(&out.stderr).contains("invalid FEN"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn perft_counts_the_start_position() {
    let out = tiefe(&["perft", "3"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.lines().last(),
        Some("Nodes searched: 8902"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().filter(|l| l.contains(": ")).count(), 21);
}

#[test]
fn bench_ends_with_nodes_and_nps() {
    let out = tiefe(&["bench", "2"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let last = stdout.lines().last().unwrap_or("");
    let t: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(t.len(), 4, "{last}");
    assert_eq!((t[1], t[3]), ("nodes", "nps"), "{last}");
    assert!(t[0].parse::<u64>().unwrap() > 0, "{last}");
    t[2].parse::<u64>().unwrap();
}

/// Without a command the binary speaks UCI on stdin/stdout, as GUIs start it.
#[test]
fn no_command_speaks_uci() {
    let out = common::run_script(b"uci\nisready\nquit\n", None);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.lines().any(|l| l == "uciok"), "{stdout}");
    assert!(stdout.lines().any(|l| l == "readyok"), "{stdout}");
}

/// The engine library knows nothing of the command line: no file of it (src/ but the
/// binary's src/main.rs) mentions clap, so that no clap type leaks into its API and the
/// tools' options live with the tools (`tiefe-tools`).
#[test]
fn the_library_does_not_use_clap() {
    fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs")
                && !path.ends_with("src/main.rs")
                && std::fs::read_to_string(&path)
                    .unwrap()
                    .to_lowercase()
                    .contains("clap")
            {
                found.push(path.display().to_string());
            }
        }
    }
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    walk(&src, &mut found);
    assert!(found.is_empty(), "clap in the engine library: {found:?}");
}

/// `--version` and `id name` name the same build. A release says its version alone; a
/// development build (`-dev`) built from a git checkout carries the commit's date and
/// hash, so two development builds never name themselves alike.
#[test]
fn version_tells_a_release_from_a_development_build() {
    let out = tiefe(&["--version"]);
    assert!(out.status.success());
    let version = text(&out.stdout);
    let version = version
        .trim()
        .strip_prefix("tiefe ")
        .expect("`tiefe <version>`");
    assert!(version.starts_with(env!("CARGO_PKG_VERSION")), "{version}");
    let uci = text(&common::run_script(b"uci\nquit\n", None).stdout);
    assert!(
        uci.lines().any(|l| l == format!("id name Tiefe {version}")),
        "{uci}"
    );
    // The commit the build was made from, as build.rs asks git for it.
    let commit = Command::new("git")
        .args(["log", "-1", "--format=%cd-%h", "--date=format:%Y%m%d"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| text(&o.stdout).trim().to_string());
    if let (true, Some(commit)) = (env!("CARGO_PKG_VERSION").ends_with("-dev"), commit) {
        assert_eq!(version, format!("{}-{commit}", env!("CARGO_PKG_VERSION")));
    } else if !env!("CARGO_PKG_VERSION").contains('-') {
        assert_eq!(
            version,
            env!("CARGO_PKG_VERSION"),
            "a release names itself alone"
        );
    }
}
