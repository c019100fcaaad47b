//! Damaged tablebases, through the binary: every table of tests/data/syzygy is cut at
//! several lengths, zero-filled, or overwritten past its header (seeded), and put in a
//! folder beside the 69 sound ones. Each time the engine must name the damaged file
//! at `SyzygyPath`, answer every search on positions of its material with a legal
//! move (no crash, no hang, also with two threads), still use a sound table beside it
//! (`tbhits` above 0), print nothing on stdout but UCI, and quit cleanly. `tiefe
//! syzygy check` must name every damaged file and exit with status 1.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use common::{assert_legal_best, placement, Engine};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tiefe::position::Position;
use tiefe::syzygy::{Checked, Verdict};

const SOUND: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");

/// The names of the sound tables, sorted.
fn tables() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(SOUND)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names.len(), 70);
    names
}

/// A folder holding `name` as `bytes` and every other sound table (linked).
fn folder_with(tag: &str, name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("tb-{tag}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for other in tables().iter().filter(|n| *n != name) {
        link(&Path::new(SOUND).join(other), &dir.join(other));
    }
    put(&dir, name, bytes);
    dir
}

/// Writes `bytes` as `name` in `dir`, never through a link to a sound table.
fn put(dir: &Path, name: &str, bytes: &[u8]) {
    let _ = std::fs::remove_file(dir.join(name));
    std::fs::write(dir.join(name), bytes).unwrap();
}

#[cfg(unix)]
fn link(from: &Path, to: &Path) {
    std::os::unix::fs::symlink(from, to).unwrap();
}

#[cfg(not(unix))]
fn link(from: &Path, to: &Path) {
    std::fs::copy(from, to).unwrap();
}

/// The ways a file is damaged: (what, the damaged bytes). Seeded by the file's name.
fn damages(name: &str, sound: &[u8], kind: &str) -> Vec<(String, Vec<u8>)> {
    let n = sound.len();
    let seed = name
        .bytes()
        .fold(7u64, |h, b| h.wrapping_mul(31) ^ b as u64);
    let mut rng = StdRng::seed_from_u64(seed);
    match kind {
        "cut" => [0, 1000.min(n / 2), n / 3, n / 2, n - 1, n - 16, n - 64]
            .into_iter()
            .map(|len| (format!("cut to {len} bytes"), sound[..len].to_vec()))
            .collect(),
        "zero" => vec![("zero-filled".to_string(), vec![0; n])],
        _ => {
            let mut out = vec![("overwritten from byte 64".to_string(), {
                let mut b = sound.to_vec();
                b[64..].iter_mut().for_each(|x| *x = rng.random());
                b
            })];
            for _ in 0..3 {
                let at = rng.random_range(64.min(n / 2)..n - 16);
                let len = rng.random_range(16..=4096).min(n - at);
                let mut b = sound.to_vec();
                b[at..at + len].iter_mut().for_each(|x| *x = rng.random());
                out.push((format!("{len} bytes overwritten at {at}"), b));
            }
            out
        }
    }
}

/// Seeded legal positions of a table's material (the name's left side White), each
/// side to move in turn.
fn positions_of(name: &str, count: usize) -> Vec<String> {
    let stem = &name[..name.len() - 5];
    let (white, black) = stem.split_once('v').unwrap();
    let mut rng = StdRng::seed_from_u64(count as u64 + stem.len() as u64);
    let mut out = Vec::new();
    while out.len() < count {
        let mut board = ['.'; 64];
        let pieces = white
            .chars()
            .chain(black.chars().map(|c| c.to_ascii_lowercase()));
        for p in pieces {
            let sq = loop {
                let s = rng.random_range(0..64usize);
                let back_rank = !(8..56).contains(&s);
                if board[s] == '.' && !(back_rank && p.eq_ignore_ascii_case(&'p')) {
                    break s;
                }
            };
            board[sq] = p;
        }
        let side = if out.len() % 2 == 0 { "w" } else { "b" };
        let fen = format!("{} {side} - - 0 1", placement(&board));
        let other = format!(
            "{} {} - - 0 1",
            placement(&board),
            if side == "w" { "b" } else { "w" }
        );
        let legal = Position::from_fen(&fen).is_ok_and(|p| p.has_legal_move())
            && Position::from_fen(&other).is_ok_and(|p| !p.in_check());
        if legal {
            out.push(fen);
        }
    }
    out
}

/// Every stdout line is UCI, and none is the prober's own.
fn assert_uci_only(lines: &[String]) {
    for l in lines {
        let word = l.split_whitespace().next().unwrap_or("");
        assert!(
            ["id", "option", "uciok", "readyok", "info", "bestmove"].contains(&word),
            "not UCI: '{l}'"
        );
        assert!(!l.contains("Incomplete tablebase"), "{l}");
    }
}

/// One engine on a folder with `name` damaged as `what`: see the module's description.
fn play_on(dir: &Path, name: &str, what: &str, threads: u32) {
    let mut e = Engine::start();
    e.send("uci");
    e.send(&format!("setoption name Threads value {threads}"));
    e.send(&format!(
        "setoption name SyzygyPath value {}",
        dir.display()
    ));
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains(name) && l.contains("left out")),
        "{name} {what}: not named: {lines:?}"
    );
    for fen in positions_of(name, 3) {
        let (best, _) = e.think(&fen, &[], "depth 4");
        assert_legal_best(&best, &fen, &[]);
    }
    let sound = if name.starts_with("KQvK.") {
        "KRvK.rtbw"
    } else {
        "KQvK.rtbw"
    };
    let fen = &positions_of(sound, 1)[0];
    let (_, lines) = e.think(fen, &[], "depth 4");
    assert!(
        lines
            .iter()
            .any(|l| l.contains(" tbhits ") && !l.contains(" tbhits 0 ")),
        "{name} {what}: the sound tables went unused on {fen}: {lines:?}"
    );
    e.send("quit");
    let status = e.wait_exit(Duration::from_secs(20));
    assert!(
        status.is_some_and(|s| s.success()),
        "{name} {what}: {status:?}"
    );
    assert_uci_only(&e.seen);
}

/// Every table damaged each way of `kind`, one engine each.
fn every_table(kind: &str, threads: u32) {
    for name in tables() {
        let sound = std::fs::read(Path::new(SOUND).join(&name)).unwrap();
        for (what, bytes) in damages(&name, &sound, kind) {
            let dir = folder_with(kind, &name, &bytes);
            play_on(&dir, &name, &what, threads);
        }
    }
}

#[test]
fn cut_tables_are_left_out() {
    every_table("cut", 1);
}

#[test]
fn zero_filled_tables_are_left_out() {
    every_table("zero", 2);
}

#[test]
fn overwritten_tables_are_left_out() {
    every_table("overwrite", 2);
}

/// `tiefe syzygy check`: all sound on the test set; on a copy with a damaged file of
/// each kind, a stray file and a renamed table, each named, exit status 1.
#[test]
fn syzygy_check_names_each_damaged_file() {
    let run = |dir: &Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_tiefe"))
            .args(["syzygy", "check"])
            .arg(dir)
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };
    let (code, text) = run(Path::new(SOUND));
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(text.lines().filter(|l| l.ends_with("  sound")).count(), 70);
    assert!(
        text.contains("70 files: 70 sound, 0 damaged, 0 unknown"),
        "{text}"
    );

    let krvk = std::fs::read(Path::new(SOUND).join("KRvK.rtbw")).unwrap();
    let dir = folder_with("check", "KBNvK.rtbw", &[0; 1000]);
    let mut over = krvk.clone();
    over[64..].iter_mut().for_each(|b| *b ^= 0x5a);
    put(&dir, "KRvK.rtbw", &over);
    put(&dir, "KQvKP.rtbz", &[]);
    put(&dir, "KQvK.rtbw", &krvk);
    put(&dir, "README.txt", b"tables");
    let (code, text) = run(&dir);
    assert_eq!(code, Some(1), "{text}");
    for name in ["KBNvK.rtbw", "KRvK.rtbw", "KQvKP.rtbz", "KQvK.rtbw"] {
        assert!(
            text.lines()
                .any(|l| l.contains(name) && l.contains("damaged")),
            "{name}: {text}"
        );
    }
    assert!(text.contains("README.txt  unknown"), "{text}");
    assert!(
        text.contains("71 files: 66 sound, 4 damaged, 1 unknown"),
        "{text}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The judge over changed table bytes (the fuzz target of the gate before the
    /// prober): it never panics, and a table whose bytes changed is never sound.
    #[test]
    fn a_changed_table_is_never_sound(
        which in 0usize..70,
        at in any::<prop::sample::Index>(),
        cut in proptest::option::of(any::<prop::sample::Index>()),
        bytes in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let name = &tables()[which];
        let sound = std::fs::read(Path::new(SOUND).join(name)).unwrap();
        let mut b = sound.clone();
        let at = at.index(b.len());
        for (i, x) in bytes.iter().enumerate() {
            if let Some(y) = b.get_mut(at + i) {
                *y = *x;
            }
        }
        if let Some(c) = cut {
            b.truncate(c.index(b.len()));
        }
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tb-prop");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), &b).unwrap();
        let checked = Checked::run(dir.to_str().unwrap());
        let verdict = &checked.findings.iter().find(|f| &f.name == name).unwrap().verdict;
        prop_assert_eq!(*verdict == Verdict::Sound, b == sound);
        std::fs::remove_file(dir.join(name)).unwrap();
    }
}
