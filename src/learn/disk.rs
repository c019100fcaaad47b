//! The learning file on disk, apart from its format: how it is replaced atomically, how
//! the temporary files of killed saves are tidied, and the lock that makes a save's
//! read, merge and write one step among every process sharing the file.
//!
//! Why a lock, and why on a file of its own: a save reads the file, merges its own
//! entries in and renames a new file over it. Two engines saving at once (two instances
//! in one GUI folder, a self-play match with learning on) would both read the old file,
//! and the later rename would throw away what the earlier one merged. So a save holds an
//! exclusive advisory lock ([`std::fs::File::try_lock`]) from before its read until after
//! its rename. The lock is taken on `<file>.lock`, never on the data file: the rename
//! gives the data file a new inode, and a lock on the old inode would not exclude a saver
//! that opens the new one. The lock file is never removed (removing it would let two
//! savers hold locks on two inodes of one name); it stays, empty, beside the data file.
//! The system drops the lock when its holder ends, so a killed engine leaves no stale
//! lock behind.

use std::fs::{self, File, TryLockError};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The exclusive lock of a learning file, held until dropped (closing the lock file
/// releases it). Empty where the file system has no locks: the save then goes on
/// unlocked, as all saves did before there was a lock.
pub(super) struct SaveLock {
    _file: Option<File>,
}

/// The lock file of `path`: `<path>.lock`.
pub(super) fn lock_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// Takes the lock of `path`'s learning file, waiting at most `wait`. The standard
/// library has no lock with a timeout, and a thread blocked in [`File::lock`] cannot
/// be called back, so the lock is tried again and again, the pauses growing from 1 ms
/// to 50 ms. Returns why not when it cannot be had in time or the lock file cannot be
/// opened.
pub(super) fn lock(path: &Path, wait: Duration) -> Result<SaveLock, String> {
    let at = lock_path(path);
    let file = File::options()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&at)
        .map_err(|e| format!("cannot open its lock file {}: {e}", at.display()))?;
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(SaveLock { _file: Some(file) }),
            Err(TryLockError::WouldBlock) if start.elapsed() < wait => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(50));
            }
            Err(TryLockError::WouldBlock) => {
                return Err(format!(
                    "its lock {} was held by another save for {:.1} s",
                    at.display(),
                    start.elapsed().as_secs_f64()
                ));
            }
            Err(TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => {
                log::warn!(
                    "{}: no file locks here; saving unlocked, so engines sharing the \
                     file may lose one another's saves",
                    at.display()
                );
                return Ok(SaveLock { _file: None });
            }
            Err(TryLockError::Error(e)) => {
                return Err(format!("cannot lock {}: {e}", at.display()));
            }
        }
    }
}

/// Writes `bytes` to `path` atomically: a temporary file beside it (named after this
/// process, so that two engines sharing a file never write the same one) is written,
/// synced and renamed over `path`.
pub(super) fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    } else {
        remove_stale_temps(path);
    }
    result
}

/// A temporary file older than this was left by a process killed while saving: a live
/// save writes and renames its own within milliseconds.
const STALE_TEMP: Duration = Duration::from_secs(600);

/// Removes the temporary files of earlier saves of `path` (`<name>.tmp<pid>`) that a
/// killed process left behind, once they are older than [`STALE_TEMP`], so that a
/// learning file shared by many short-lived engines does not gather them. Errors are
/// ignored: this is tidying, never a reason to fail a save.
fn remove_stale_temps(path: &Path) {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let prefix = format!("{name}.tmp");
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let Ok(listing) = fs::read_dir(dir) else {
        return;
    };
    for item in listing.flatten() {
        let file = item.file_name();
        let Some(pid) = file.to_str().and_then(|f| f.strip_prefix(&prefix)) else {
            continue;
        };
        if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let old = item
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > STALE_TEMP);
        if old {
            let _ = fs::remove_file(item.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tiefe-disk-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn stale_temp_files_are_removed_on_save() {
        let dir = scratch("stale");
        let path = dir.join("t.lrn");
        let stale = dir.join("t.lrn.tmp4242");
        let fresh = dir.join("t.lrn.tmp4343");
        let other = dir.join("t.lrn.tmpnotapid");
        for f in [&stale, &fresh, &other] {
            fs::write(f, b"partial").unwrap();
        }
        let long_ago = std::time::SystemTime::now() - 2 * STALE_TEMP;
        for f in [&stale, &other] {
            File::options()
                .write(true)
                .open(f)
                .unwrap()
                .set_modified(long_ago)
                .unwrap();
        }
        replace(&path, b"new").unwrap();
        assert!(!stale.exists(), "a killed save's old temp file stays");
        assert!(
            fresh.exists(),
            "a temp file that may be another save's in progress went"
        );
        assert!(other.exists(), "a file that is not a temp file went");
        assert_eq!(fs::read(&path).unwrap(), b"new");
        let _ = fs::remove_dir_all(&dir);
    }

    /// One saver at a time, across a rename of the data file; a waiter gives up after
    /// its bound and gets the lock once the holder lets go.
    #[test]
    fn the_lock_excludes_and_gives_up_in_time() {
        let dir = scratch("lock");
        let path = dir.join("t.lrn");
        let held = lock(&path, Duration::ZERO).unwrap();
        // The data file is replaced while the lock is held: its new inode changes nothing.
        replace(&path, b"one").unwrap();
        let t = Instant::now();
        let refused = lock(&path, Duration::from_millis(100));
        assert!(refused.is_err(), "two holders at once");
        assert!(t.elapsed() >= Duration::from_millis(100));
        assert!(
            t.elapsed() < Duration::from_secs(2),
            "waited {:?}",
            t.elapsed()
        );
        drop(held);
        assert!(lock(&path, Duration::ZERO).is_ok());
        assert!(lock_path(&path).exists());
        let _ = fs::remove_dir_all(&dir);
    }
}
