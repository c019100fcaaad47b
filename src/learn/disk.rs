//! The learning file on disk, apart from its format and its atomic replacement
//! ([`crate::atomic_file`]): the lock that makes a save's read, merge and write one step
//! among every process sharing the file.
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

use std::fs::{File, TryLockError};
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tiefe-disk-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// One saver at a time, across a rename of the data file; a waiter gives up after
    /// its bound and gets the lock once the holder lets go.
    #[test]
    fn the_lock_excludes_and_gives_up_in_time() {
        let dir = scratch("lock");
        let path = dir.join("t.lrn");
        let held = lock(&path, Duration::ZERO).unwrap();
        // The data file is replaced while the lock is held: its new inode changes nothing.
        crate::atomic_file::replace(&path, b"one").unwrap();
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
