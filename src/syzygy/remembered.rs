//! The table files found sound before, remembered so that a start need not read them
//! again.
//!
//! Judging a table (`files`) reads all of it, for its checksum: for a 6-men set (about
//! 150 GB) that is tens of minutes at every start, the page cache evicted, before a
//! table is used. A table is never changed once written, so a file that is still the
//! file found sound, by its canonical path, size and modification time, need not be
//! read again: its name, size and header are checked (a few bytes) and its checksum
//! taken as matching. A file found damaged is never remembered: it is checked in full
//! at every start until it is sound.
//!
//! What this cannot see is a change that keeps the size and the modification time (a
//! failing disk, a tool that sets the time back). `tiefe syzygy check` reads every file
//! whatever is remembered, and forgets the ones it finds damaged.
//!
//! The store is text, one line a file: `<size> <secs>.<nanos> <path>`, the modification
//! time since the epoch (nine digits of nanoseconds) and the path last, to the end of
//! the line, so that it may hold spaces. A line not read so is left out (and dropped at
//! the next write). The store is written whole to a file beside it and renamed over it,
//! so that a store is never half written, whatever stops the engine or writes at once.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use super::files::{self, Verdict};

/// The store's name, in a folder `tiefe` of the user's cache folder.
const FILE_NAME: &str = "syzygy-sound.txt";

/// The store's first line, for a reader who opens it (lines starting with '#' are
/// skipped).
const HEADER: &str = "# Tiefe: Syzygy table files found sound: size, modification time \
                      (seconds.nanoseconds since 1970), path";

/// Where the engine keeps the store: `$XDG_CACHE_HOME/tiefe`, else `$HOME/.cache/tiefe`,
/// on Windows `%LOCALAPPDATA%\tiefe`, as `var` reads the environment (a parameter so
/// that tests never touch the real one); why there is none when no such folder is set.
pub fn store_location(var: impl Fn(&str) -> Option<OsString>) -> Result<PathBuf, String> {
    let folder = |name: &str| var(name).map(PathBuf::from).filter(|p| p.is_absolute());
    let cache = if cfg!(windows) {
        folder("LOCALAPPDATA")
    } else {
        folder("XDG_CACHE_HOME").or_else(|| folder("HOME").map(|h| h.join(".cache")))
    };
    let Some(cache) = cache else {
        let vars = if cfg!(windows) {
            "LOCALAPPDATA is"
        } else {
            "XDG_CACHE_HOME and HOME are"
        };
        return Err(format!(
            "no store of checked tables ({vars} unset or no absolute path); every table \
             is checksummed at every start"
        ));
    };
    Ok(cache.join("tiefe").join(FILE_NAME))
}

/// A file as it was judged: its size and modification time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    size: u64,
    secs: u64,
    nanos: u32,
}

/// A table file as the store keys it: its canonical path (one line for a file however
/// it is reached) and its stamp, read before the file is.
struct Seen {
    path: PathBuf,
    stamp: Stamp,
}

impl Seen {
    /// The file at `path` now; `None` when it cannot be stored: its path or time
    /// cannot be had (or the time is before 1970), or its path is no UTF-8 line.
    fn now(path: &Path) -> Option<Seen> {
        let path = std::fs::canonicalize(path).ok()?;
        if path.to_str()?.contains(['\n', '\r']) {
            return None;
        }
        let meta = std::fs::metadata(&path).ok()?;
        let time = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
        let stamp = Stamp {
            size: meta.len(),
            secs: time.as_secs(),
            nanos: time.subsec_nanos(),
        };
        Some(Seen { path, stamp })
    }
}

/// The files found sound before, read from a store, judged against, and written back
/// when a verdict changes it.
pub(super) struct Remembered {
    file: PathBuf,
    sound: BTreeMap<PathBuf, Stamp>,
    /// Whether a file remembered and unchanged is taken as sound without its checksum
    /// (the engine), or every file is checksummed and the store only updated (an
    /// explicit check).
    trusted: bool,
    changed: bool,
}

impl Remembered {
    /// Reads the store at `file`, making its folder (no store there yet: none
    /// remembered); with what went wrong. A store that cannot be read, or whose folder
    /// cannot be made, is not used (`None`); lines not understood are left out.
    pub(super) fn open(file: &Path, trusted: bool) -> (Option<Remembered>, Vec<String>) {
        let unused = |why: String| (None, vec![format!("{why}; every table is checksummed")]);
        if let Some(Err(e)) = file.parent().map(std::fs::create_dir_all) {
            return unused(format!("cannot make the folder of {}: {e}", file.display()));
        }
        let bytes = match std::fs::read(file) {
            Ok(b) => b,
            Err(e) if e.kind() == ErrorKind::NotFound => Vec::new(),
            Err(e) => return unused(format!("cannot read {}: {e}", file.display())),
        };
        let mut store = Remembered {
            file: file.to_path_buf(),
            sound: BTreeMap::new(),
            trusted,
            changed: false,
        };
        let mut bad = 0;
        let text = String::from_utf8_lossy(&bytes);
        for line in text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            match read_line(line) {
                Some((path, stamp)) => store.changed |= store.sound.insert(path, stamp).is_some(),
                None => bad += 1,
            }
        }
        store.changed |= bad > 0;
        let warnings = (bad > 0)
            .then(|| format!("{bad} lines of {} not understood, left out", file.display()))
            .into_iter()
            .collect();
        (Some(store), warnings)
    }

    /// The store's path.
    pub(super) fn file(&self) -> PathBuf {
        self.file.clone()
    }

    /// Judges the file `name` at `path` (see `files`), its checksum taken as matching
    /// when trusted and the file is remembered unchanged, and remembers a sound table
    /// (forgets any other); whether the checksum was so taken.
    pub(super) fn judge(&mut self, path: &Path, name: &str) -> (Verdict, bool) {
        if files::parse_name(name).is_none() {
            return (Verdict::Unknown, false);
        }
        let seen = Seen::now(path);
        let known = self.trusted
            && seen
                .as_ref()
                .is_some_and(|s| self.sound.get(&s.path) == Some(&s.stamp));
        let verdict = files::judge_trusting(path, name, known);
        if let Some(seen) = seen {
            self.record(seen, verdict == Verdict::Sound);
        }
        (verdict, known)
    }

    fn record(&mut self, seen: Seen, sound: bool) {
        self.changed |= if sound {
            self.sound.insert(seen.path, seen.stamp) != Some(seen.stamp)
        } else {
            self.sound.remove(&seen.path).is_some()
        };
    }

    /// Writes the store back if it changed, leaving out files no longer there; why
    /// not, when it cannot be written.
    pub(super) fn save(mut self) -> Result<(), String> {
        let before = self.sound.len();
        self.sound.retain(|path, _| path.exists());
        if !self.changed && self.sound.len() == before {
            return Ok(());
        }
        let mut text = format!("{HEADER}\n");
        for (path, s) in &self.sound {
            let _ = writeln!(
                text,
                "{} {}.{:09} {}",
                s.size,
                s.secs,
                s.nanos,
                path.display()
            );
        }
        crate::atomic_file::replace(&self.file, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", self.file.display()))
    }
}

/// A line of the store: `<size> <secs>.<nanos> <absolute path>`.
fn read_line(line: &str) -> Option<(PathBuf, Stamp)> {
    let (size, rest) = line.split_once(' ')?;
    let (time, path) = rest.split_once(' ')?;
    let (secs, nanos) = time.split_once('.')?;
    let path = PathBuf::from(path);
    let stamp = Stamp {
        size: number(size)?,
        secs: number(secs)?,
        nanos: u32::try_from(number(nanos).filter(|_| nanos.len() == 9)?).ok()?,
    };
    path.is_absolute().then_some((path, stamp))
}

/// A number in decimal digits alone (no sign, no space).
fn number(s: &str) -> Option<u64> {
    s.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| s.parse().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(tag: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tiefe-remembered-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn lines_are_read_strictly() {
        let root = if cfg!(windows) { r"C:\tb" } else { "/tb" };
        let (path, stamp) = read_line(&format!("80 17.000000005 {root}/a b.rtbw")).unwrap();
        assert_eq!(path, Path::new(root).join("a b.rtbw"));
        assert_eq!((stamp.size, stamp.secs, stamp.nanos), (80, 17, 5));
        for bad in [
            "",
            "80",
            "80 17.000000005",
            "80 17.5 /tb/x",
            "80 17 /tb/x",
            "+80 17.000000005 /tb/x",
            "80 17.000000005 tb/x",
            "80 -1.000000005 /tb/x",
            "80 17.0000000050 /tb/x",
            "99999999999999999999 17.000000005 /tb/x",
        ] {
            assert!(read_line(bad).is_none(), "{bad}");
        }
    }

    #[cfg(not(windows))]
    #[test]
    fn the_store_is_in_the_cache_folder() {
        fn at(set: &[(&str, &str)]) -> Result<PathBuf, String> {
            store_location(|v| {
                set.iter()
                    .find(|(k, _)| *k == v)
                    .map(|(_, x)| OsString::from(x))
            })
        }
        let both = [("XDG_CACHE_HOME", "/c"), ("HOME", "/h")];
        assert_eq!(at(&both), Ok(PathBuf::from("/c/tiefe/syzygy-sound.txt")));
        let relative = [("XDG_CACHE_HOME", "c"), ("HOME", "/h")];
        assert_eq!(
            at(&relative),
            Ok(PathBuf::from("/h/.cache/tiefe/syzygy-sound.txt"))
        );
        assert!(at(&[("HOME", "")]).is_err());
        assert!(at(&[]).is_err());
    }

    #[test]
    fn a_store_that_cannot_be_written_is_said() {
        let dir = temp("unwritable");
        let file = dir.join("store.txt");
        let (store, warnings) = Remembered::open(&file, true);
        assert!(warnings.is_empty(), "{warnings:?}");
        let mut store = store.expect("a new store");
        store.changed = true;
        std::fs::remove_dir_all(&dir).unwrap();
        let why = store.save().unwrap_err();
        assert!(why.contains("cannot write"), "{why}");
        assert!(!file.exists());
    }
}
