//! Learning that persists across games: the rote learning of the notebooks this engine
//! grew from, in which the player keeps what its searches found and, above all, where it
//! lost, and seeds that knowledge into its cache before it thinks again.
//!
//! What is kept: for each position Tiefe searched in a game that ended decisively, and
//! for each position a deep search proved decisive, one [`Entry`] keyed by the position's
//! Zobrist key: the depth searched, a score for the side to move, the game's result for
//! that side, and the number of the game that wrote it (its age).
//!
//! How a game is seen: a UCI engine is never told the result. A game is the run of
//! `position` commands that extend one another (each one's positions begin with the
//! previous one's); it ends at `ucinewgame`, at a `position` that does not extend it, or
//! at `quit`. Its result is read off Tiefe's own last search: a score of at least
//! [`DECISIVE_CP`] (or a mate) for or against it. Drawn or undecided games teach nothing.
//!
//! What is learnt from a decided game: walking back from the end, each searched position
//! gets the result's value ([`RESULT_CP`]) shrunk by [`DECAY`] per move back, or its own
//! search score when that was already worse (for a loss) or better (for a win). The
//! position after the move Tiefe chose gets the same value from the opponent's side, so
//! that at the root the move that led to a loss looks as bad as the loss now proved it.
//!
//! How it is used: before each search the entries are written into the transposition
//! table as exact results of depth [`crate::tt::LEARNED_DEPTH`], a depth no search
//! reaches, which the search takes as settled wherever it meets them below the root.
//!
//! The file: a versioned binary format (see [`encode`]) with a checksum; a file that is
//! not Tiefe's is reported and never written over; a damaged one of Tiefe's is reported,
//! ignored and replaced at the next save. Saves merge with what is on disk (another
//! process may share the file), keep at most [`MAX_ENTRIES`] (the oldest, then the
//! shallowest, go first), and are atomic: a temporary file is written, synced and renamed
//! over the old one, so a kill at any moment leaves the old file or the new, never a mix.
//! A temporary file left by such a kill is removed by a later save once it is old.
//!
//! Sharing the file: a save's read, merge and rename hold an exclusive lock on
//! `<file>.lock` (see the `disk` submodule for why a file of its own), so that of two
//! engines saving at once the later reads what the earlier wrote and neither loses the
//! other's positions. A save waits at most [`LOCK_WAIT`] for the lock, on its own thread:
//! the search and `bestmove` never wait for it. A save that cannot have the lock in time
//! is reported and its positions stay in memory, written by the next save (at the latest
//! when the game in progress ends, at `ucinewgame` or `quit`).

mod disk;

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::position::Position;
use crate::score::is_mate;
use crate::tt::TranspositionTable;

/// File signature.
pub const MAGIC: &[u8; 8] = b"TIEFELRN";
/// Format version; a file of another version is reported and ignored.
pub const VERSION: u32 = 1;
/// Most entries kept in the file (16 bytes each: 1 MB).
pub const MAX_ENTRIES: usize = 1 << 16;
/// A score at least this far from zero (centipawns) decides a game or a deep search.
pub const DECISIVE_CP: i32 = 400;
/// The value of a won (or, negated, a lost) game at its last searched position.
pub const RESULT_CP: i32 = 1000;
/// Share of a result's value that reaches one move further back (per mille).
pub const DECAY: i32 = 900;
/// A search at least this deep whose score is decisive is kept at once, game or not.
pub const DEEP_DEPTH: u32 = 16;
/// Fewest searches a game needs before its result is learnt: too short a "game" is more
/// likely a GUI that sends each position on its own than a game.
pub const MIN_GAME_SEARCHES: usize = 4;
/// Longest a save waits for the file's lock. A save holds it for a read, a write, a
/// sync and a rename (milliseconds), so this covers many engines saving at once; only
/// a holder that hangs (a stuck network drive) keeps it longer, and then the save is
/// reported and kept for the next one rather than waiting on.
pub const LOCK_WAIT: Duration = Duration::from_secs(5);

const HEADER_BYTES: usize = 8 + 4 + 8 + 4 + 4;
const ENTRY_BYTES: usize = 16;
const CHECKSUM_BYTES: usize = 8;

/// One learnt position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The position's Zobrist key (the engine's own, as [`Position::key`] gives it).
    pub key: u64,
    /// For the side to move, centipawns, within ±[`RESULT_CP`].
    pub score: i16,
    /// Depth of the search behind the score.
    pub depth: u8,
    /// The game's result for the side to move: 1 win, 0 draw or unknown, -1 loss.
    pub result: i8,
    /// Number of the game (in this file's count) that wrote the entry.
    pub age: u32,
}

/// Why a file's contents were not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// Not a Tiefe learning file, or one this build cannot read (another format
    /// version, other position keys): never written over, since another build may
    /// still use it.
    Foreign(String),
    /// A Tiefe learning file that is damaged (truncated, bad checksum, bad values):
    /// ignored and replaced at the next save.
    Damaged(String),
    /// The file could not be read.
    Io(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Foreign(s) => write!(f, "not a Tiefe learning file ({s})"),
            LoadError::Damaged(s) => write!(f, "damaged learning file ({s})"),
            LoadError::Io(s) => write!(f, "cannot read learning file ({s})"),
        }
    }
}

/// The learnt entries with the file's game counter.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Store {
    /// Games learnt from so far: the counter that entries' `age` refers to.
    pub games: u32,
    /// The entries, at most [`MAX_ENTRIES`] in a file, one per key.
    pub entries: Vec<Entry>,
}

/// FNV-1a, 64 bits: enough to tell a damaged file from a good one.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The key of the start position: written in the header so that a file made with other
/// Zobrist keys (another program, another key scheme) is recognised as foreign.
fn key_check() -> u64 {
    Position::startpos().key()
}

/// The file image: magic, version, key check, game count, entry count (little-endian),
/// then per entry key u64, score i16, depth u8, result i8, age u32, then the checksum of
/// everything before it.
pub fn encode(store: &Store) -> Vec<u8> {
    let mut b = Vec::with_capacity(HEADER_BYTES + store.entries.len() * ENTRY_BYTES + 8);
    b.extend_from_slice(MAGIC);
    b.extend_from_slice(&VERSION.to_le_bytes());
    b.extend_from_slice(&key_check().to_le_bytes());
    b.extend_from_slice(&store.games.to_le_bytes());
    b.extend_from_slice(&(store.entries.len() as u32).to_le_bytes());
    for e in &store.entries {
        b.extend_from_slice(&e.key.to_le_bytes());
        b.extend_from_slice(&e.score.to_le_bytes());
        b.push(e.depth);
        b.push(e.result as u8);
        b.extend_from_slice(&e.age.to_le_bytes());
    }
    let sum = checksum(&b);
    b.extend_from_slice(&sum.to_le_bytes());
    b
}

fn le_u32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes"))
}
fn le_u64(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"))
}

/// Reads a file image, trusting nothing in it.
pub fn decode(b: &[u8]) -> Result<Store, LoadError> {
    if b.len() < 8 || &b[..8] != MAGIC {
        return Err(LoadError::Foreign("no TIEFELRN signature".into()));
    }
    if b.len() < HEADER_BYTES + CHECKSUM_BYTES {
        return Err(LoadError::Damaged("truncated header".into()));
    }
    let version = le_u32(b, 8);
    if version != VERSION {
        return Err(LoadError::Foreign(format!(
            "format version {version}, this build reads {VERSION}"
        )));
    }
    if le_u64(b, 12) != key_check() {
        return Err(LoadError::Foreign(
            "written with other position keys".into(),
        ));
    }
    let games = le_u32(b, 20);
    let count = le_u32(b, 24) as usize;
    let want = HEADER_BYTES + count * ENTRY_BYTES + CHECKSUM_BYTES;
    if count > MAX_ENTRIES || b.len() != want {
        return Err(LoadError::Damaged(format!(
            "{} bytes for {count} entries, expected {want}",
            b.len()
        )));
    }
    let body = &b[..b.len() - CHECKSUM_BYTES];
    if checksum(body) != le_u64(b, b.len() - CHECKSUM_BYTES) {
        return Err(LoadError::Damaged("checksum mismatch".into()));
    }
    let mut entries = Vec::with_capacity(count);
    for i in 0..count {
        let at = HEADER_BYTES + i * ENTRY_BYTES;
        let e = Entry {
            key: le_u64(b, at),
            score: i16::from_le_bytes([b[at + 8], b[at + 9]]),
            depth: b[at + 10],
            result: b[at + 11] as i8,
            age: le_u32(b, at + 12),
        };
        if e.score.unsigned_abs() as i32 > RESULT_CP
            || !(-1..=1).contains(&e.result)
            || e.age > games
        {
            return Err(LoadError::Damaged(format!("entry {i} out of range")));
        }
        entries.push(e);
    }
    Ok(Store { games, entries })
}

/// Reads `path`: `Ok(None)` when there is no such file yet.
pub fn load(path: &Path) -> Result<Option<Store>, LoadError> {
    match fs::read(path) {
        Ok(b) => decode(&b).map(Some),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(LoadError::Io(e.to_string())),
    }
}

/// Writes `store` to `path` atomically (temporary file, sync, rename). Takes no
/// lock: [`Snapshot::write`] is the save that merges under one.
pub fn save(path: &Path, store: &Store) -> std::io::Result<()> {
    crate::atomic_file::replace(path, &encode(store))
}

/// One finished search of the current game.
#[derive(Debug, Clone, Copy)]
struct Searched {
    key: u64,
    /// The position after the move chosen (0 if none).
    child: u64,
    depth: u32,
    /// For the side to move, clamped to ±[`RESULT_CP`].
    score: i32,
}

/// A learning file in use: its entries, and the game being played.
#[derive(Debug)]
pub struct Learning {
    path: PathBuf,
    games: u32,
    entries: HashMap<u64, Entry>,
    /// Keys changed since the last save (merged into the file's at the next save).
    dirty: HashSet<u64>,
    /// Whether the path may be written (false for a file that is not Tiefe's).
    writable: bool,
    /// Positions of the current game so far, oldest first.
    game_keys: Vec<u64>,
    searched: Vec<Searched>,
    /// Changes made to the entries so far: the number of the snapshot taken now. Two
    /// snapshots of one number hold the same; one of a higher number holds all that
    /// one of a lower number held, with newer scores.
    version: u64,
    /// Shared with the snapshots, written on other threads.
    saves: Arc<Saves>,
    /// Longest a save waits for the file's lock: [`LOCK_WAIT`] (shorter in tests).
    lock_wait: Duration,
}

/// What the saves of one [`Learning`] share with its snapshots, on whatever threads
/// they are written.
#[derive(Debug, Default)]
struct Saves {
    /// Held while the file is read, merged and written, so that two saves of this
    /// process (a snapshot written by a search thread, a game's save) never interleave;
    /// the file's lock keeps other processes out.
    writing: Mutex<()>,
    /// Number of the newest snapshot written (see `Learning::version`): its write
    /// covers every snapshot of a number up to it.
    written: AtomicU64,
}

/// A score as learning keeps it: mates and tablebase wins become ±[`RESULT_CP`].
fn clamp_score(score: i32) -> i32 {
    if is_mate(score) {
        score.signum() * RESULT_CP
    } else {
        score.clamp(-RESULT_CP, RESULT_CP)
    }
}

impl Learning {
    /// Opens `path`, reading what it holds. A missing file is fine (it is created at the
    /// first save); a file that cannot be used is reported in the warnings and left
    /// alone (foreign) or replaced later (damaged).
    pub fn open(path: &Path) -> (Learning, Vec<String>) {
        let mut warnings = Vec::new();
        let mut writable = true;
        let store = match load(path) {
            Ok(s) => s.unwrap_or_default(),
            Err(e) => {
                if matches!(e, LoadError::Foreign(_) | LoadError::Io(_)) {
                    writable = false;
                    warnings.push(format!("{}: {e}; it will not be written", path.display()));
                } else {
                    warnings.push(format!("{}: {e}; starting afresh", path.display()));
                }
                Store::default()
            }
        };
        let learning = Learning {
            path: path.to_path_buf(),
            games: store.games,
            entries: store.entries.into_iter().map(|e| (e.key, e)).collect(),
            dirty: HashSet::new(),
            writable,
            game_keys: Vec::new(),
            searched: Vec::new(),
            version: 0,
            saves: Arc::default(),
            lock_wait: LOCK_WAIT,
        };
        (learning, warnings)
    }

    /// Number of learnt positions held (read from the file or learnt since, saved or
    /// not).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no position has been learnt.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The learnt score of a position, if any (side to move, centipawns).
    pub fn score(&self, key: u64) -> Option<i32> {
        self.entries.get(&key).map(|e| e.score as i32)
    }

    /// Writes every entry into `tt` as a settled result (call after `new_search`).
    pub fn seed(&self, tt: &TranspositionTable) {
        for e in self.entries.values() {
            tt.store_learned(e.key, e.score as i32);
        }
    }

    /// A `position` command set up `pos`. When it does not continue the current game,
    /// that game is over and learnt from first: returns the save that calls for (see
    /// [`Learning::finish_game`]).
    pub fn on_position(&mut self, pos: &Position) -> Result<Option<Snapshot>, String> {
        let keys = pos.game_keys();
        let continues = !self.game_keys.is_empty() && keys.starts_with(&self.game_keys);
        let save = if continues {
            Ok(None)
        } else {
            self.finish_game()
        };
        self.game_keys = keys;
        save
    }

    /// A search of `pos` (not infinite analysis) chose `best` with `score` at `depth`.
    /// A deep decisive result is kept at once: the save it needs is returned, to be
    /// written without holding the learning state (see [`Snapshot::write`]), or the
    /// reason it cannot be.
    pub fn on_search(
        &mut self,
        pos: &Position,
        best: Option<crate::types::ChessMove>,
        depth: u32,
        score: i32,
        in_game: bool,
    ) -> Result<Option<Snapshot>, String> {
        let key = pos.key();
        let score = clamp_score(score);
        if in_game {
            let child = best.map_or(0, |m| {
                let mut p = pos.clone();
                p.make_move(m);
                p.key()
            });
            self.searched.push(Searched {
                key,
                child,
                depth,
                score,
            });
        }
        if depth >= DEEP_DEPTH && score.abs() >= DECISIVE_CP {
            self.put(key, score, depth, score.signum());
            return self.snapshot();
        }
        Ok(None)
    }

    /// Ends the current game: learns from it if it was decided, and returns the save
    /// that calls for, to be written without holding the learning state (see
    /// [`Snapshot::write`]), or why it cannot be. A game that teaches nothing still
    /// calls for a save when the last one has not been written (it failed, or is still
    /// under way), so that what it held reaches the file before the engine ends.
    pub fn finish_game(&mut self) -> Result<Option<Snapshot>, String> {
        let searched = std::mem::take(&mut self.searched);
        let in_game: HashSet<u64> = std::mem::take(&mut self.game_keys).into_iter().collect();
        // Searches of positions that never happened (a missed ponder guess) are dropped.
        let played: Vec<Searched> = searched
            .into_iter()
            .filter(|s| in_game.contains(&s.key))
            .collect();
        let last = match played.last() {
            Some(l) if played.len() >= MIN_GAME_SEARCHES && l.score.abs() >= DECISIVE_CP => *l,
            _ => return self.retry(),
        };
        let result = last.score.signum();
        self.games = self.games.saturating_add(1);
        let mut value = result * RESULT_CP;
        for s in played.iter().rev() {
            let v = if result < 0 {
                value.min(s.score)
            } else {
                value.max(s.score)
            };
            self.put(s.key, v, s.depth, result);
            if s.child != 0 {
                self.put(s.child, -v, s.depth, -result);
            }
            value = v * DECAY / 1000;
        }
        self.snapshot()
    }

    /// A save again if the entries as they are now have not been written. If an earlier
    /// snapshot of them is still being written, only one of the two writes.
    fn retry(&self) -> Result<Option<Snapshot>, String> {
        if self.saves.written.load(Ordering::Acquire) < self.version {
            self.snapshot()
        } else {
            Ok(None)
        }
    }

    fn put(&mut self, key: u64, score: i32, depth: u32, result: i32) {
        let e = Entry {
            key,
            score: score.clamp(-RESULT_CP, RESULT_CP) as i16,
            depth: depth.min(u8::MAX as u32) as u8,
            result: result.clamp(-1, 1) as i8,
            age: self.games,
        };
        self.entries.insert(key, e);
        self.dirty.insert(key);
        self.version += 1;
    }

    /// Merges the entries changed here into the file's, bounds the size and writes it
    /// atomically; what the file held is then known here too. A file that is not
    /// Tiefe's is never written.
    pub fn save(&mut self) -> Result<(), String> {
        let Some(snapshot) = self.snapshot()? else {
            return Ok(());
        };
        let Some(store) = snapshot.write()? else {
            return Ok(());
        };
        self.games = store.games;
        self.entries = store.entries.into_iter().map(|e| (e.key, e)).collect();
        self.dirty.clear();
        Ok(())
    }

    /// What a save writes, taken now: `None` if nothing changed since the last one.
    /// The entries stay marked as changed until a [`Learning::save`], so that a
    /// snapshot's failed write loses nothing: the next snapshot holds them too.
    pub fn snapshot(&self) -> Result<Option<Snapshot>, String> {
        if !self.writable {
            return Err(format!(
                "{}: not a Tiefe learning file, not written",
                self.path.display()
            ));
        }
        if self.dirty.is_empty() {
            return Ok(None);
        }
        Ok(Some(Snapshot {
            path: self.path.clone(),
            games: self.games,
            entries: self.entries.clone(),
            dirty: self.dirty.clone(),
            number: self.version,
            saves: Arc::clone(&self.saves),
            lock_wait: self.lock_wait,
        }))
    }
}

/// The learning state as a save writes it, taken under the lock and written without
/// it, so that a save (a read, a write, a sync and a rename) never holds up the engine.
pub struct Snapshot {
    path: PathBuf,
    games: u32,
    entries: HashMap<u64, Entry>,
    /// Keys changed here since the last full save: they win over the file's.
    dirty: HashSet<u64>,
    /// The learning's version when it was taken (see `Learning::version`).
    number: u64,
    saves: Arc<Saves>,
    lock_wait: Duration,
}

impl Snapshot {
    /// Merges the snapshot into what the file holds now (another process may have
    /// added to it), bounds the size and writes it atomically, all under the file's
    /// lock (waiting for it at most [`LOCK_WAIT`]). Returns what was written, or `None`
    /// when a snapshot of the same learning as new or newer was written first (it held
    /// all this one holds, and maybe newer scores that this one must not write over). When the lock
    /// cannot be had, nothing is lost: the entries stay changed in the [`Learning`] and
    /// its next snapshot writes them.
    pub fn write(mut self) -> Result<Option<Store>, String> {
        let _writing = self.saves.writing.lock().unwrap_or_else(|e| e.into_inner());
        if self.saves.written.load(Ordering::Acquire) >= self.number {
            return Ok(None);
        }
        let _lock = disk::lock(&self.path, self.lock_wait).map_err(|e| {
            format!(
                "{}: not saved: {e}; its positions are kept for the next save",
                self.path.display()
            )
        })?;
        if let Ok(Some(on_disk)) = load(&self.path) {
            self.games = self.games.max(on_disk.games);
            for e in on_disk.entries {
                if !self.dirty.contains(&e.key) {
                    self.entries.insert(e.key, e);
                }
            }
        }
        let mut entries: Vec<Entry> = self.entries.into_values().collect();
        keep_newest(&mut entries, MAX_ENTRIES);
        entries.sort_unstable_by_key(|e| e.key);
        let store = Store {
            games: self.games,
            entries,
        };
        save(&self.path, &store)
            .map_err(|e| format!("{}: cannot save: {e}", self.path.display()))?;
        self.saves.written.fetch_max(self.number, Ordering::AcqRel);
        Ok(Some(store))
    }
}

/// Cuts `entries` to `max`, dropping the oldest first and, among equally old ones, the
/// shallowest. Returns whether any were dropped.
fn keep_newest(entries: &mut Vec<Entry>, max: usize) -> bool {
    if entries.len() <= max {
        return false;
    }
    entries.sort_unstable_by(|a, b| (b.age, b.depth, a.key).cmp(&(a.age, a.depth, b.key)));
    entries.truncate(max);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(n: usize) -> Store {
        Store {
            games: 7,
            entries: (0..n)
                .map(|i| Entry {
                    key: (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
                    score: (i as i16 % 2000) - 1000,
                    depth: (i % 40) as u8,
                    result: (i % 3) as i8 - 1,
                    age: (i % 8) as u32,
                })
                .collect(),
        }
    }

    #[test]
    fn the_oldest_then_the_shallowest_go_first() {
        let mut all = sample(1000).entries;
        assert!(keep_newest(&mut all, 100));
        assert_eq!(all.len(), 100);
        // Ages are 0..8 evenly (125 each): the 100 kept are all of age 7, the deepest.
        assert!(all.iter().all(|e| e.age == 7));
        let least_kept = all.iter().map(|e| e.depth).min().unwrap();
        let dropped_deeper = sample(1000)
            .entries
            .iter()
            .filter(|e| e.age == 7 && !all.contains(e))
            .any(|e| e.depth > least_kept);
        assert!(!dropped_deeper);
        assert!(!keep_newest(&mut all, 100));
    }

    #[test]
    fn round_trip() {
        let s = sample(1000);
        assert_eq!(decode(&encode(&s)).unwrap(), s);
    }

    #[test]
    fn every_truncation_and_every_flipped_byte_is_rejected() {
        let b = encode(&sample(20));
        for n in 0..b.len() {
            assert!(decode(&b[..n]).is_err(), "truncated to {n} bytes");
        }
        for i in 0..b.len() {
            let mut c = b.clone();
            c[i] ^= 0x41;
            assert!(decode(&c).is_err(), "byte {i} flipped");
        }
    }

    #[test]
    fn foreign_and_damaged_are_told_apart() {
        assert!(matches!(
            decode(b"\x00\x01rnbqkbnr"),
            Err(LoadError::Foreign(_))
        ));
        let mut b = encode(&sample(3));
        b.truncate(b.len() - 1);
        assert!(matches!(decode(&b), Err(LoadError::Damaged(_))));
        // Another format version is another build's file, whole: left alone, not
        // replaced (it was counted damaged, and an older build wrote over a newer
        // one's learning).
        let mut other = encode(&sample(3));
        other[8..12].copy_from_slice(&(VERSION + 1).to_le_bytes());
        assert!(matches!(decode(&other), Err(LoadError::Foreign(_))));
    }

    #[test]
    fn a_save_that_cannot_lock_is_kept_for_the_next() {
        let dir = std::env::temp_dir().join(format!("tiefe-learn-lock-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("locked.lrn");
        let (mut l, _) = Learning::open(&path);
        l.lock_wait = Duration::from_millis(20);
        // Another saver holds the lock throughout.
        let held = disk::lock(&path, Duration::ZERO).unwrap();
        let pos = Position::startpos();
        let save = l.on_search(&pos, None, DEEP_DEPTH, 500, false).unwrap();
        let why = save.expect("a deep decisive result is saved").write();
        assert!(why.unwrap_err().contains("kept for the next save"));
        assert!(!path.exists());
        // The game in progress teaches nothing, yet its end writes what was kept.
        drop(held);
        let retry = l
            .finish_game()
            .unwrap()
            .expect("the failed save tried again");
        assert!(retry.write().unwrap().is_some());
        assert_eq!(load(&path).unwrap().unwrap().entries.len(), 1);
        assert!(matches!(l.finish_game(), Ok(None)), "nothing left to save");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_lost_game_marks_its_line() {
        let dir = std::env::temp_dir().join(format!("tiefe-learn-unit-{}", std::process::id()));
        let _ = fs::create_dir_all(&dir);
        let path = dir.join("game.lrn");
        let _ = fs::remove_file(&path);
        let (mut l, w) = Learning::open(&path);
        assert!(w.is_empty());
        let moves = [
            "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5",
        ];
        let mut pos = Position::startpos();
        let mut keys = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            assert!(matches!(l.on_position(&pos), Ok(None)));
            if i % 2 == 0 {
                // White's searches, getting worse: a lost game for White.
                let mv = pos.parse_move(m).unwrap();
                keys.push(pos.key());
                assert!(matches!(
                    l.on_search(&pos, Some(mv), 5, -150 * i as i32, true),
                    Ok(None)
                ));
            }
            pos.play_uci(m).unwrap();
        }
        l.finish_game()
            .unwrap()
            .expect("a decided game")
            .write()
            .unwrap();
        assert!(path.exists());
        // Every White position is now scored at most its search score, the last one as
        // the loss itself, and the first no better than a decayed loss.
        assert_eq!(l.score(keys[3]), Some(-RESULT_CP));
        assert_eq!(l.score(keys[2]), Some(-900));
        assert_eq!(l.score(keys[1]), Some(-810));
        assert_eq!(l.score(keys[0]), Some(-729));
        let (again, w) = Learning::open(&path);
        assert!(w.is_empty());
        assert_eq!(again.len(), l.len());
        assert_eq!(again.len(), 8);
        let _ = fs::remove_dir_all(&dir);
    }
}
