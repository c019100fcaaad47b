//! Damaged tablebases, through the binary: every table of tests/data/syzygy is cut at
//! several lengths, zero-filled, or overwritten past its header (seeded), and put in a
//! folder beside the 69 sound ones. Each time the engine must name the damaged file
//! at `SyzygyPath`, answer every search on positions of its material with a legal
//! move (no crash, no hang, also with two threads), still use a sound table beside it
//! (`tbhits` above 0), print nothing on stdout but UCI, and quit cleanly. `tiefe
//! syzygy check` must name every damaged file and exit with status 1.
//!
//! The store of files found sound before: a table is checksummed once, then taken on
//! its size and modification time (the proof: a table damaged under its old time is
//! still taken as sound); under another time it is checked again, and a store that is
//! garbage, unreadable or cannot be made costs checksums, never a verdict.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

use common::{assert_legal_best, in_test_cache, placement, Engine};
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
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tiefe"));
        in_test_cache(&mut cmd);
        let out = cmd.args(["syzygy", "check"]).arg(dir).output().unwrap();
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

/// A fresh folder of copies of the sound tables (copies: their bytes and times are
/// changed), its path with spaces, and a store's path beside it (no store there yet).
fn copies(tag: &str) -> (PathBuf, PathBuf) {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("tb-remember-{tag}"));
    let _ = std::fs::remove_dir_all(&root);
    let dir = root.join("tables of mine");
    std::fs::create_dir_all(&dir).unwrap();
    for name in tables() {
        std::fs::copy(Path::new(SOUND).join(&name), dir.join(&name)).unwrap();
    }
    (dir, root.join("cache").join("syzygy-sound.txt"))
}

/// The tables of `dir` judged with the store at `store`.
fn judge(dir: &Path, store: &Path) -> Checked {
    Checked::run_with(dir.to_str().unwrap(), Some(store))
}

/// What `checked` found of `name`: its verdict, and whether it was taken on the store's
/// word.
fn found(checked: &Checked, name: &str) -> (Verdict, bool) {
    let f = checked.findings.iter().find(|f| f.name == name).unwrap();
    (f.verdict.clone(), f.remembered)
}

/// Overwrites the table `name` in `dir` past its header (its size kept, its header
/// sound) and sets its modification time back to what it was.
fn damage_in_place(dir: &Path, name: &str) {
    let path = dir.join(name);
    let time = modified(&path);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[64..].iter_mut().for_each(|b| *b ^= 0x5a);
    std::fs::write(&path, &bytes).unwrap();
    set_modified(&path, time);
}

fn set_modified(path: &Path, time: SystemTime) {
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(time).unwrap();
}

fn modified(path: &Path) -> SystemTime {
    std::fs::metadata(path).unwrap().modified().unwrap()
}

/// The store's lines, its header left out.
fn store_lines(store: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(store).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_second_judging_takes_every_table_from_the_store() {
    let (dir, store) = copies("twice");
    let first = judge(&dir, &store);
    assert_eq!(first.sound().count(), 70, "{:?}", first.warnings());
    assert!(
        first.store_problems.is_empty(),
        "{:?}",
        first.store_problems
    );
    assert_eq!((first.checksummed(), first.remembered()), (70, 0));
    let shown = format!("70 checksummed, 0 checked before: {}", store.display());
    assert_eq!(first.how_checked(), shown);
    let lines = store_lines(&store);
    assert_eq!(lines.len(), 70);
    assert!(
        lines.iter().all(|l| l.contains("tables of mine")),
        "{lines:?}"
    );

    let (text, time) = (std::fs::read(&store).unwrap(), modified(&store));
    let second = judge(&dir, &store);
    assert_eq!(second.sound().count(), 70);
    assert_eq!((second.checksummed(), second.remembered()), (0, 70));
    assert!(
        second.store_problems.is_empty(),
        "{:?}",
        second.store_problems
    );
    // Nothing changed, nothing written.
    assert_eq!(std::fs::read(&store).unwrap(), text);
    assert_eq!(modified(&store), time);
}

#[test]
fn a_table_damaged_under_its_old_time_is_trusted_and_under_another_is_not() {
    let (dir, store) = copies("damaged");
    let name = "KRvK.rtbw";
    assert_eq!(judge(&dir, &store).checksummed(), 70);
    let time = modified(&dir.join(name));
    damage_in_place(&dir, name);
    assert_eq!(modified(&dir.join(name)), time);
    let without = Checked::run(dir.to_str().unwrap());
    assert!(matches!(found(&without, name).0, Verdict::Damaged(_)));

    // Same size and time: the store's word is taken, the file not read.
    let trusted = judge(&dir, &store);
    assert_eq!(found(&trusted, name), (Verdict::Sound, true));
    assert_eq!(trusted.remembered(), 70);

    // Another time: checksummed, found damaged, forgotten, and so checked again.
    set_modified(&dir.join(name), time + Duration::from_secs(1));
    for _ in 0..2 {
        let checked = judge(&dir, &store);
        let (verdict, remembered) = found(&checked, name);
        assert!(matches!(verdict, Verdict::Damaged(_)), "{verdict}");
        assert!(!remembered);
        assert_eq!((checked.checksummed(), checked.remembered()), (0, 69));
        assert_eq!(store_lines(&store).len(), 69);
        assert!(!store_lines(&store).iter().any(|l| l.contains(name)));
    }

    // Sound again (a fresh copy): checksummed and remembered.
    std::fs::copy(Path::new(SOUND).join(name), dir.join(name)).unwrap();
    let again = judge(&dir, &store);
    assert_eq!(found(&again, name), (Verdict::Sound, false));
    assert_eq!((again.checksummed(), again.remembered()), (1, 69));
    assert_eq!(store_lines(&store).len(), 70);
}

#[test]
fn a_garbage_or_unreadable_store_is_said_and_every_table_still_judged() {
    let (dir, store) = copies("garbage");
    let krvk = std::fs::canonicalize(dir.join("KRvK.rtbw")).unwrap();
    std::fs::create_dir_all(store.parent().unwrap()).unwrap();
    let mut text = b"garbage\n80 1.5 /x\n\xff\xfe\x00\x01\n".to_vec();
    text.extend(format!("80 1.000000000 {}\n", krvk.display()).bytes());
    text.extend(b"80 1.000000000 /no/such/folder/KQvK.rtbw\n");
    std::fs::write(&store, &text).unwrap();
    let checked = judge(&dir, &store);
    assert_eq!(checked.sound().count(), 70);
    assert_eq!((checked.checksummed(), checked.remembered()), (70, 0));
    assert!(
        checked.warnings().iter().any(|w| w.contains("3 lines of")),
        "{:?}",
        checked.warnings()
    );
    let lines = store_lines(&store);
    assert_eq!(lines.len(), 70, "{lines:?}");
    assert!(
        lines.iter().all(|l| l.contains("tables of mine")),
        "{lines:?}"
    );

    // A store that is a folder cannot be read; one under a file cannot be made.
    std::fs::remove_file(&store).unwrap();
    std::fs::create_dir(&store).unwrap();
    let under_a_file = dir.join("KQvK.rtbw").join("syzygy-sound.txt");
    for (at, why) in [(&store, "cannot read"), (&under_a_file, "cannot make")] {
        let checked = judge(&dir, at);
        assert_eq!(checked.sound().count(), 70);
        assert_eq!(checked.checksummed(), 70);
        assert_eq!(checked.store, None);
        assert_eq!(checked.how_checked(), "70 checksummed");
        assert!(
            checked.warnings().iter().any(|w| w.contains(why)),
            "{why}: {:?}",
            checked.warnings()
        );
    }
}

/// `tiefe syzygy check` reads every table whatever the store says, and forgets the one
/// it finds damaged: the engine then checks it in full.
#[test]
fn the_check_command_reads_every_table_and_forgets_damaged_ones() {
    let (dir, _) = copies("check");
    let cache = dir.parent().unwrap().join("xdg");
    let store = cache.join("tiefe").join("syzygy-sound.txt");
    assert_eq!(judge(&dir, &store).checksummed(), 70);
    let name = "KQvKR.rtbz";
    damage_in_place(&dir, name);
    let out = Command::new(env!("CARGO_BIN_EXE_tiefe"))
        .args(["syzygy", "check"])
        .arg(&dir)
        .env("XDG_CACHE_HOME", &cache)
        .env("LOCALAPPDATA", &cache)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("70 files: 69 sound, 1 damaged"), "{text}");
    let (verdict, remembered) = found(&judge(&dir, &store), name);
    assert!(matches!(verdict, Verdict::Damaged(_)), "{verdict}");
    assert!(!remembered);
}

/// The engine's note says how the tables were checked: all checksummed at the first
/// start, none at the second.
#[test]
fn the_engine_says_how_many_tables_it_checksummed() {
    let (dir, _) = copies("engine");
    let cache = dir.parent().unwrap().join("xdg");
    let store = cache.join("tiefe").join("syzygy-sound.txt");
    let cache = cache.to_str().unwrap();
    for how in [
        "70 checksummed, 0 checked before",
        "0 checksummed, 70 checked before",
    ] {
        let mut e = Engine::start_with_env(&[("XDG_CACHE_HOME", cache), ("LOCALAPPDATA", cache)]);
        e.send(&format!(
            "setoption name SyzygyPath value {}",
            dir.display()
        ));
        let lines = e.sync();
        let note = format!(
            "70 sound table files in '{}', up to 4 pieces ({how}: {})",
            dir.display(),
            store.display()
        );
        assert!(lines.iter().any(|l| l.contains(&note)), "{note}: {lines:?}");
        e.send("quit");
        assert!(e
            .wait_exit(Duration::from_secs(20))
            .is_some_and(|s| s.success()));
    }
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
