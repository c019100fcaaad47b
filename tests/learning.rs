//! Learning through the binary: a line that lost is not repeated, and the learning file
//! survives `kill -9` at any moment.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::{best_of, last_score, placement, Engine};
use tiefe::learn::{self, Entry, Store};
use tiefe::position::Position;

/// An open Italian game, White to move: the learner plays White.
const OPENING: &str = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
/// The learner searches this deep, its fixed opponent six plies deeper, so the learner
/// loses (four plies deeper was not enough: the learner won that game).
const LEARNER_DEPTH: u32 = 2;
const OPPONENT_DEPTH: u32 = 8;
const MAX_PLIES: usize = 300;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tiefe-learning-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn engine(learning: Option<&Path>) -> Engine {
    learning_engine(learning).0
}

/// An engine, learning into `learning` if given, and what it said on the way.
fn learning_engine(learning: Option<&Path>) -> (Engine, Vec<String>) {
    let mut e = Engine::start();
    if let Some(path) = learning {
        e.send(&format!(
            "setoption name LearningFile value {}",
            path.display()
        ));
        e.send("setoption name Learning value true");
    }
    let lines = e.sync();
    (e, lines)
}

/// One game from `OPENING`, the learner White. Returns the moves and whether the learner
/// lost (checkmated, or its last search saw itself lost).
fn play(learner: &mut Engine, opponent: &mut Engine) -> (Vec<String>, bool) {
    for e in [&mut *learner, &mut *opponent] {
        e.send("ucinewgame");
        e.sync();
    }
    let mut pos = Position::from_fen(OPENING).unwrap();
    let mut moves: Vec<String> = Vec::new();
    let mut learner_score = 0;
    while moves.len() < MAX_PLIES && !pos.legal_moves().is_empty() {
        let learner_turn = moves.len().is_multiple_of(2);
        let (e, depth) = if learner_turn {
            (&mut *learner, LEARNER_DEPTH)
        } else {
            (&mut *opponent, OPPONENT_DEPTH)
        };
        let (line, info) = e.think(OPENING, &moves, &format!("depth {depth}"));
        let m = best_of(&line).expect("a move while moves are legal");
        if learner_turn {
            learner_score = match last_score(&info) {
                Some((kind, v)) if kind == "mate" => v.signum() * 30_000,
                Some((_, v)) => v,
                None => 0,
            };
        }
        pos.play_uci(&m).expect("a legal bestmove");
        moves.push(m);
    }
    let mated = pos.legal_moves().is_empty() && pos.in_check();
    let learner_mated = mated && moves.len().is_multiple_of(2);
    (moves, learner_mated || learner_score <= -learn::DECISIVE_CP)
}

#[test]
fn a_lost_line_is_not_repeated() {
    // Without learning the same game is played twice: the players are deterministic.
    let mut opponent = engine(None);
    let mut plain = engine(None);
    let (first, lost) = play(&mut plain, &mut opponent);
    assert!(lost, "the shallow learner should lose: {first:?}");
    let (again, _) = play(&mut plain, &mut opponent);
    assert_eq!(first, again, "without learning the game repeats");

    // With learning, the first game is the same (nothing learnt yet); after the loss the
    // learner leaves the line at one of its own moves.
    let dir = scratch("repeat");
    let file = dir.join("tiefe.lrn");
    let mut learner = engine(Some(&file));
    let (game1, lost) = play(&mut learner, &mut opponent);
    assert_eq!(game1, first, "an empty learning file changes nothing");
    assert!(lost);
    let (game2, _) = play(&mut learner, &mut opponent);
    let split = game1
        .iter()
        .zip(&game2)
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| panic!("the lost line was repeated: {game2:?}"));
    assert_eq!(
        split % 2,
        0,
        "the learner, not its opponent, deviates (ply {split})"
    );
    eprintln!(
        "learner deviated at ply {split}: {} instead of {}",
        game2[split], game1[split]
    );

    // The file holds the lost game and reloads cleanly in a new process.
    let store = learn::load(&file).unwrap().expect("file written");
    assert!(store.games >= 1);
    assert!(store.entries.len() >= game1.len() / 2);
    let (_fresh, lines) = learning_engine(Some(&file));
    let told = format!(
        "info string learning file {}: {} positions",
        file.display(),
        store.entries.len()
    );
    assert!(lines.contains(&told), "{lines:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Positions whose deep search is decisive, so that each `go` ends with a save.
const WON: [&str; 3] = [
    "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
    "8/8/3k4/8/8/8/8/R3K3 w - - 0 1",
    "8/8/8/8/8/2k5/8/4KQ2 w - - 0 1",
];

#[test]
fn the_file_survives_kill_9_mid_write() {
    let dir = scratch("kill");
    let file = dir.join("big.lrn");
    // A full file, so that a save takes long enough to be caught in the middle.
    let start = Store {
        games: 1,
        entries: (0..learn::MAX_ENTRIES as u64 - 16)
            .map(|i| Entry {
                key: i.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1,
                score: (i % 2001) as i16 - 1000,
                depth: (i % 30) as u8,
                result: (i % 3) as i8 - 1,
                age: (i % 2) as u32,
            })
            .collect(),
    };
    learn::save(&file, &start).unwrap();
    // More rounds for a long run: TIEFE_KILL_ROUNDS=500 cargo test --release --test learning
    let rounds: u64 = std::env::var("TIEFE_KILL_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    let mut interrupted = 0;
    for round in 0..rounds {
        let mut e = engine(Some(&file));
        for fen in WON.iter().cycle().take(1 + round as usize % 4) {
            e.think(fen, &[], &format!("depth {}", learn::DEEP_DEPTH));
        }
        // The last save starts right after that bestmove (merge, write, sync, rename:
        // some ms); the kills are spread over the 40 ms after it.
        let wait = Duration::from_micros(round * 40_000 / rounds);
        let t = Instant::now();
        while t.elapsed() < wait {}
        e.child.kill().unwrap(); // SIGKILL on Unix
        let _ = e.child.wait();
        let tmps = std::fs::read_dir(&dir)
            .unwrap()
            .filter(|d| {
                d.as_ref()
                    .is_ok_and(|d| d.file_name().to_string_lossy().contains(".tmp"))
            })
            .count();
        interrupted += tmps;
        for d in std::fs::read_dir(&dir).unwrap().flatten() {
            if d.file_name().to_string_lossy().contains(".tmp") {
                let _ = std::fs::remove_file(d.path());
            }
        }
        // Old content or new, never garbage.
        let store = learn::load(&file)
            .unwrap_or_else(|e| panic!("round {round}: {e}"))
            .expect("the file is still there");
        assert!(store.entries.len() >= start.entries.len());
        assert!(start
            .entries
            .iter()
            .take(100)
            .all(|s| store.entries.contains(s)));
    }
    eprintln!("{interrupted} of {rounds} kills left a temporary file (a write cut short)");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn foreign_files_are_left_alone_and_damaged_ones_replaced() {
    let dir = scratch("bad");
    let foreign = dir.join("notes.txt");
    std::fs::write(&foreign, b"my own notes, not a learning file\n").unwrap();
    let damaged = dir.join("damaged.lrn");
    let mut bytes = learn::encode(&Store {
        games: 3,
        entries: vec![Entry {
            key: 42,
            score: -300,
            depth: 9,
            result: -1,
            age: 2,
        }],
    });
    bytes.truncate(bytes.len() - 3);
    std::fs::write(&damaged, &bytes).unwrap();

    for (path, word) in [
        (&foreign, "not a Tiefe learning file"),
        (&damaged, "damaged"),
    ] {
        let (mut e, lines) = learning_engine(Some(path));
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string") && l.contains(word)),
            "{lines:?}"
        );
        // A deep decisive search would be saved: the engine plays on either way.
        let (line, _) = e.think(WON[0], &[], &format!("depth {}", learn::DEEP_DEPTH));
        assert!(best_of(&line).is_some());
        e.send("quit");
        assert!(e.wait_exit(Duration::from_secs(10)).is_some());
    }
    assert_eq!(
        std::fs::read(&foreign).unwrap(),
        b"my own notes, not a learning file\n"
    );
    let store = learn::load(&damaged)
        .unwrap()
        .expect("replaced by a good file");
    assert_eq!(store.entries.len(), 1);
    assert_ne!(store.entries[0].key, 42);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A learning save never holds up the next `position` and `go`: here no save can
/// finish at all (the learning file is swapped for a named pipe nobody writes to, so
/// reading it before the write blocks). A deep decisive search's save is stuck after
/// its `bestmove`; then a new game ends a decided one, whose save waits behind it; and
/// the engine still plays on at once.
#[cfg(unix)]
#[test]
fn a_save_does_not_delay_the_next_move() {
    let dir = scratch("slow");
    let file = dir.join("slow.lrn");
    let mut e = engine(Some(&file));
    // A decided game: the learner's searches (as White) all see it winning.
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..learn::MIN_GAME_SEARCHES {
        let (best, _) = e.think(WON[0], &moves, "depth 1");
        moves.push(best_of(&best).expect("a move"));
        let mut pos = Position::from_fen(WON[0]).unwrap();
        for m in &moves {
            pos.play_uci(m).unwrap();
        }
        moves.push(pos.legal_moves()[0].to_string());
    }
    std::fs::remove_file(&file).ok();
    let made = std::process::Command::new("mkfifo").arg(&file).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo unavailable: test skipped");
        return;
    }
    // Deep and decisive: a save is due right after this bestmove, and sticks.
    e.think(WON[0], &moves, &format!("depth {}", learn::DEEP_DEPTH));
    // Another game: the decided one is learnt and saved (behind the stuck save).
    let sent = Instant::now();
    e.think(WON[1], &[], "depth 1");
    assert!(
        sent.elapsed() < Duration::from_secs(5),
        "the next move waited {:?}",
        sent.elapsed()
    );
    e.sync();
    // Let the stuck save go (it reads an empty file, then writes), so the engine can end;
    // opened without blocking (O_NONBLOCK), so that no reader means no wait here.
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        drop(
            std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(0o4000)
                .open(&file),
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Positions of the engine's own key that a learning save must keep.
type Keys = Vec<(u64, i8)>;

/// The entries of `keys` that the file lacks (or holds with another result), or why it
/// cannot be read.
fn missing(file: &Path, keys: &[(u64, i8)]) -> Result<Vec<u64>, String> {
    let store = learn::load(file)
        .map_err(|e| e.to_string())?
        .ok_or("no file")?;
    let held: std::collections::HashMap<u64, i8> =
        store.entries.iter().map(|e| (e.key, e.result)).collect();
    Ok(keys
        .iter()
        .filter(|(k, r)| held.get(k) != Some(r))
        .map(|(k, _)| *k)
        .collect())
}

/// Many savers, each with its own [`learn::Learning`] on one file (as engines in other
/// processes would have), save a deep decisive result each at the same moment, round
/// after round: after every round the file holds every result saved so far. Without the
/// file's lock, the later of two overlapping saves threw away what the earlier merged.
#[test]
fn concurrent_saves_through_the_library_lose_nothing() {
    const SAVERS: usize = 6;
    const ROUNDS: usize = 30;
    let dir = scratch("concurrent");
    let file = dir.join("shared.lrn");
    let mut positions = common::random_positions(SAVERS * ROUNDS * 2, 53);
    positions.sort_by_key(Position::key);
    positions.dedup_by_key(|p| p.key());
    assert!(positions.len() >= SAVERS * ROUNDS);
    let start = std::sync::Barrier::new(SAVERS);
    let written = std::sync::Barrier::new(SAVERS);
    // What went wrong, per saver: a saver that fails goes on, so that none is left
    // waiting at a barrier.
    let problems: Vec<Vec<String>> = std::thread::scope(|s| {
        let savers: Vec<_> = (0..SAVERS)
            .map(|t| {
                let (file, positions) = (&file, &positions);
                let (start, written) = (&start, &written);
                s.spawn(move || {
                    let (mut l, warnings) = learn::Learning::open(file);
                    assert!(warnings.is_empty(), "{warnings:?}");
                    let mut problems = Vec::new();
                    for round in 0..ROUNDS {
                        let pos = &positions[round * SAVERS + t];
                        let save = l.on_search(pos, None, learn::DEEP_DEPTH, 500, false);
                        let save = save.unwrap().expect("a deep decisive result is saved");
                        start.wait();
                        if let Err(e) = save.write() {
                            problems.push(format!("round {round}: {e}"));
                        }
                        written.wait();
                        // One saver looks; none writes again before it has.
                        if t == 0 {
                            let so_far: Keys = positions[..(round + 1) * SAVERS]
                                .iter()
                                .map(|p| (p.key(), 1))
                                .collect();
                            match missing(file, &so_far) {
                                Ok(lost) if lost.is_empty() => {}
                                Ok(lost) => problems.push(format!(
                                    "round {round}: {} of {} missing",
                                    lost.len(),
                                    so_far.len()
                                )),
                                Err(e) => problems.push(format!("round {round}: {e}")),
                            }
                        }
                    }
                    problems
                })
            })
            .collect();
        savers.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let problems: Vec<String> = problems.concat();
    assert!(problems.is_empty(), "{problems:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// King and queen against a lone king, the black king in the centre: a different
/// start for each game, and a win at any depth that takes more than four moves.
fn queen_wins(count: usize) -> Vec<String> {
    let mut out = Vec::new();
    for bk in (0..64usize).filter(|s| (2..6).contains(&(s % 8)) && (2..6).contains(&(s / 8))) {
        for wk in (0..64usize).step_by(5) {
            if (bk % 8).abs_diff(wk % 8) <= 1 && (bk / 8).abs_diff(wk / 8) <= 1 {
                continue;
            }
            for wq in (0..64).step_by(7) {
                let mut board = ['.'; 64];
                board[bk] = 'k';
                board[wk] = 'K';
                if board[wq] != '.' {
                    continue;
                }
                board[wq] = 'Q';
                let fen = format!("{} w - - 0 1", placement(&board));
                if Position::from_fen(&fen).is_ok_and(|p| p.legal_moves().len() > 5) {
                    out.push(fen);
                }
                if out.len() == count {
                    return out;
                }
            }
        }
    }
    panic!("only {} starts", out.len());
}

/// Black's reply in a game from [`queen_wins`]: the king's move to the square nearest
/// the centre, so that no game is mated before it has taught something.
fn central_reply(pos: &Position) -> Option<String> {
    let off = |c: u8, base: u8| (2 * (c - base) as i32 - 7).abs();
    pos.legal_moves()
        .into_iter()
        .map(|m| m.to_string())
        .min_by_key(|m| {
            let b = m.as_bytes();
            (off(b[2], b'a') + off(b[3], b'1'), m.clone())
        })
}

/// One decided game of `e` from `start`: [`learn::MIN_GAME_SEARCHES`] searches of
/// White's, each seeing the win. Returns what the game's save must write: each searched
/// position as won, each position after White's move as lost (for Black to move); or
/// `None` if the game ended sooner (mate, or a stalemate the shallow search missed).
fn won_game(e: &mut Engine, start: &str) -> Option<Keys> {
    let mut keys = Vec::new();
    let mut moves: Vec<String> = Vec::new();
    let mut pos = Position::from_fen(start).unwrap();
    for _ in 0..learn::MIN_GAME_SEARCHES {
        let (line, info) = e.think(start, &moves, "depth 1");
        let score = last_score(&info).expect("a score");
        assert!(
            score.0 == "mate" || score.1 >= learn::DECISIVE_CP,
            "{start}: {score:?}"
        );
        keys.push((pos.key(), 1));
        let best = best_of(&line).expect("a move");
        pos.play_uci(&best).unwrap();
        keys.push((pos.key(), -1));
        let reply = central_reply(&pos)?;
        pos.play_uci(&reply).unwrap();
        moves.extend([best, reply]);
    }
    Some(keys)
}

/// Several engines share one `LearningFile`. Each round each plays a decided game of its
/// own, then all are told `quit` at once, so that their saves (the game's end) overlap;
/// after every round the file loads cleanly and holds every position every engine
/// learnt so far, with its result. Without the file's lock, the later of two overlapping
/// saves threw away what the earlier one had merged. A long run (thousands of saves):
/// TIEFE_SHARED_ENGINES=8 TIEFE_SHARED_ROUNDS=250 cargo test --release --test learning
/// engines_sharing (the starts are reused when they run out: a position learnt again
/// must still be there).
#[test]
fn engines_sharing_a_file_lose_no_save() {
    let var = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let engines_per_round = var("TIEFE_SHARED_ENGINES", 4);
    let rounds = var("TIEFE_SHARED_ROUNDS", 30);
    let dir = scratch("shared");
    let file = dir.join("shared.lrn");
    // About 1000 such starts exist; a long run goes round them again.
    let mut starts = queen_wins((3 * engines_per_round * rounds).min(1000))
        .into_iter()
        .cycle();
    let mut expected: Keys = Vec::new();
    let mut lost_rounds = Vec::new();
    for round in 0..rounds {
        let mut engines: Vec<Engine> = (0..engines_per_round).map(|_| Engine::start()).collect();
        for e in &mut engines {
            e.send(&format!(
                "setoption name LearningFile value {}",
                file.display()
            ));
            e.send("setoption name Learning value true");
        }
        for e in &mut engines {
            e.sync();
            let game = starts.by_ref().find_map(|start| won_game(e, &start));
            expected.extend(game.expect("enough starts"));
        }
        for e in &mut engines {
            e.send("quit");
        }
        for e in &mut engines {
            assert!(e.wait_exit(Duration::from_secs(30)).is_some(), "quit hangs");
            let said = e.drain(Duration::from_secs(5));
            let warned: Vec<&String> = said.iter().filter(|l| l.contains("Learning:")).collect();
            assert!(warned.is_empty(), "{warned:?}");
        }
        let lost = missing(&file, &expected).unwrap_or_else(|e| panic!("round {round}: {e}"));
        if !lost.is_empty() {
            lost_rounds.push((round, lost.len()));
            // Count each loss once: later rounds check only what they add.
            expected.retain(|k| !lost.contains(&k.0));
        }
    }
    assert!(
        lost_rounds.is_empty(),
        "(round, positions lost) of {rounds} rounds: {lost_rounds:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
