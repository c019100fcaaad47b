//! Files replaced whole and atomically: the learning file and the tablebase store of
//! sound files. A reader (another engine, the next start) sees the old file or the new
//! one, never a half-written one, and a writer killed midway leaves only a temporary
//! file, which a later save of the same file tidies away.

use std::fs::{self, File};
use std::hash::{BuildHasher, RandomState};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Writes `bytes` to `path` atomically: a temporary file beside it is written, synced
/// and renamed over `path`. The temporary file is named after this process and thread
/// (`<name>.tmp<pid>.<thread>`), so that no two writers, in one process or in several
/// sharing the file, ever write the same one. After a good save, temporary files of
/// `path` that killed writers left behind are removed.
pub(crate) fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = temp_path(path);
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

/// This writer's temporary file for `path`: `<path>.tmp<pid>.<thread>`, the thread a
/// number hashed from its id under random keys (distinct among the threads at work).
fn temp_path(path: &Path) -> PathBuf {
    let thread = RandomState::new().hash_one(std::thread::current().id());
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp{}.{thread}", std::process::id()));
    PathBuf::from(tmp)
}

/// A temporary file older than this was left by a process killed while saving: a live
/// save writes and renames its own within milliseconds.
const STALE_TEMP: Duration = Duration::from_secs(600);

/// Whether `suffix` (what follows `<name>.tmp`) is a writer's: `<pid>` (as written
/// before the thread was in the name) or `<pid>.<thread>`, digits each.
fn is_temp_suffix(suffix: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match suffix.split_once('.') {
        Some((pid, thread)) => digits(pid) && digits(thread),
        None => digits(suffix),
    }
}

/// Removes the temporary files of earlier saves of `path` that a killed writer left
/// behind, once they are older than [`STALE_TEMP`], so that a file shared by many
/// short-lived engines does not gather them. Errors are ignored: this is tidying, never
/// a reason to fail a save.
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
        let ours = file
            .to_str()
            .and_then(|f| f.strip_prefix(&prefix))
            .is_some_and(is_temp_suffix);
        if !ours {
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
        let dir = std::env::temp_dir().join(format!("tiefe-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn stale_temp_files_are_removed_on_save() {
        let dir = scratch("stale");
        let path = dir.join("t.lrn");
        let stale_old_style = dir.join("t.lrn.tmp4242");
        let stale = dir.join("t.lrn.tmp4242.77");
        let fresh = dir.join("t.lrn.tmp4343.78");
        let other = dir.join("t.lrn.tmpnotapid");
        let half = dir.join("t.lrn.tmp4242.");
        for f in [&stale_old_style, &stale, &fresh, &other, &half] {
            fs::write(f, b"partial").unwrap();
        }
        let long_ago = std::time::SystemTime::now() - 2 * STALE_TEMP;
        for f in [&stale_old_style, &stale, &other, &half] {
            File::options()
                .write(true)
                .open(f)
                .unwrap()
                .set_modified(long_ago)
                .unwrap();
        }
        replace(&path, b"new").unwrap();
        assert!(!stale.exists(), "a killed save's old temp file stays");
        assert!(!stale_old_style.exists(), "an old-style temp file stays");
        assert!(
            fresh.exists(),
            "a temp file that may be another save's in progress went"
        );
        assert!(other.exists(), "a file that is not a temp file went");
        assert!(half.exists(), "a name that is not a writer's went");
        assert_eq!(fs::read(&path).unwrap(), b"new");
        let _ = fs::remove_dir_all(&dir);
    }

    /// Threads replacing one file at once each write a temporary file of their own:
    /// every save succeeds, the file holds one of them whole, no temporary is left.
    #[test]
    fn writers_on_many_threads_never_share_a_temporary_file() {
        let dir = scratch("threads");
        let path = dir.join("store.txt");
        std::thread::scope(|s| {
            for t in 0..8u8 {
                let path = &path;
                s.spawn(move || {
                    let bytes = vec![b'a' + t; 4096];
                    for _ in 0..20 {
                        replace(path, &bytes).expect("a save failed");
                    }
                });
            }
        });
        let body = fs::read(&path).unwrap();
        assert_eq!(body.len(), 4096);
        assert!(body.iter().all(|&b| b == body[0]), "a torn file");
        let left = fs::read_dir(&dir).unwrap().count();
        assert_eq!(left, 1, "temporary files were left behind");
        let _ = fs::remove_dir_all(&dir);
    }
}
