//! Opening the tables of a `SyzygyPath`: every file is judged first (`files`), and
//! the prober is given only the sound ones.
//!
//! The prober opens tables by name in the folders it is given and cannot be told to
//! leave a file out, so it is given a folder of our own (under the system's temporary
//! folder) holding a link to each sound table and nothing else. That folder also frees
//! it from the ':' it would read as a separator in a user's path. It goes when the
//! tables are closed.
//!
//! Judging reads a whole file (the checksum) the first time it sees it, which for the
//! 5-man set (about 1 GB) takes a second or two, and for a 6-men set (about 150 GB)
//! tens of minutes: so the engine does it on a thread of its own ([`Loading`]), takes
//! the tables into use when it is done, and remembers the files found sound
//! (`remembered`), which later starts take without reading them again.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::files::{self, Verdict};
use super::remembered::Remembered;
use super::split_path;

/// One file of a tablebase folder and what it is.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The folder, as the path gave it.
    pub dir: String,
    /// The file's name.
    pub name: String,
    /// Sound, damaged (and why) or not a table.
    pub verdict: Verdict,
    /// Whether it was found sound before, unchanged since, and taken so without its
    /// checksum being read now.
    pub remembered: bool,
}

impl Finding {
    /// The file's full path.
    pub fn path(&self) -> PathBuf {
        Path::new(&self.dir).join(&self.name)
    }
}

/// What judging the folders of a path found.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// The path as given.
    pub path: String,
    /// Every file of every folder, in order (a name already found in an earlier
    /// folder is left out, as the prober would use the first).
    pub findings: Vec<Finding>,
    /// Folders that are missing, unreadable, or hold no table.
    pub problems: Vec<String>,
    /// The store of files found sound before that was used and updated, if any.
    pub store: Option<PathBuf>,
    /// What went wrong with that store, or why there is none: the files it would have
    /// spared are checksummed, nothing worse.
    pub store_problems: Vec<String>,
}

/// What a judging does with a store of the files found sound before (see `remembered`).
#[derive(Debug, Clone, Copy)]
pub enum Store<'a> {
    /// None: every table is checksummed, none remembered.
    Off,
    /// The store at this path: a table remembered, unchanged since, is not checksummed
    /// again; one found sound now is added (the engine).
    Trusted(&'a Path),
    /// The store at this path: every table is checksummed, the sound ones are added
    /// and the others dropped (an explicit check of the files).
    Refreshed(&'a Path),
}

impl Checked {
    /// Judges every file in the folders of `path` (a list as `SyzygyPath` takes it),
    /// every table checksummed.
    pub fn run(path: &str) -> Checked {
        Checked::run_with(path, None)
    }

    /// Judges every file in the folders of `path`, trusting and updating the store of
    /// files found sound before at `store`, if one is given (see [`Store::Trusted`]).
    pub fn run_with(path: &str, store: Option<&Path>) -> Checked {
        let store = store.map_or(Store::Off, Store::Trusted);
        Checked::folders(path, &split_path(path), store, |_| {})
    }

    /// Judges every file in `dirs` (named `path` together), using `store` as it says,
    /// telling `each` of every file as soon as it is judged.
    pub fn folders(
        path: &str,
        dirs: &[&str],
        store: Store,
        mut each: impl FnMut(&Finding),
    ) -> Checked {
        let (mut remembered, store_problems) = match store {
            Store::Off => (None, Vec::new()),
            Store::Trusted(file) => Remembered::open(file, true),
            Store::Refreshed(file) => Remembered::open(file, false),
        };
        let mut checked = Checked {
            path: path.to_string(),
            store: remembered.as_ref().map(Remembered::file),
            store_problems,
            ..Checked::default()
        };
        for dir in dirs {
            checked.judge_folder(dir, remembered.as_mut(), &mut each);
        }
        if dirs.is_empty() {
            checked.problems.push("no directory named".to_string());
        }
        if let Some(Err(why)) = remembered.map(Remembered::save) {
            checked.store_problems.push(why);
        }
        checked
    }

    fn judge_folder(
        &mut self,
        dir: &str,
        mut store: Option<&mut Remembered>,
        each: &mut impl FnMut(&Finding),
    ) {
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(e) => return self.problems.push(format!("cannot read '{dir}': {e}")),
        };
        let mut names: Vec<String> = entries
            .filter_map(Result::ok)
            .filter(|e| e.path().is_file())
            .filter_map(|e| e.file_name().into_string().ok())
            .collect();
        names.sort();
        let before = self.tables();
        for name in names {
            if self.findings.iter().any(|f| f.name == name) {
                continue;
            }
            let path = Path::new(dir).join(&name);
            let (verdict, remembered) = match store.as_deref_mut() {
                Some(store) => store.judge(&path, &name),
                None => (files::judge(&path, &name), false),
            };
            let dir = dir.to_string();
            self.findings.push(Finding {
                dir,
                name,
                verdict,
                remembered,
            });
            each(self.findings.last().expect("just pushed"));
        }
        if self.tables() == before {
            self.problems
                .push(format!("no Syzygy table files in '{dir}'"));
        }
    }

    /// How many files are tables (sound or damaged).
    pub fn tables(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| f.verdict != Verdict::Unknown)
            .count()
    }

    /// The sound tables.
    pub fn sound(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.verdict == Verdict::Sound)
    }

    /// The damaged tables.
    pub fn damaged(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| matches!(f.verdict, Verdict::Damaged(_)))
    }

    /// How many sound tables had their checksum read now.
    pub fn checksummed(&self) -> usize {
        self.sound().filter(|f| !f.remembered).count()
    }

    /// How many sound tables were taken on the store's word, their checksum not read.
    pub fn remembered(&self) -> usize {
        self.sound().filter(|f| f.remembered).count()
    }

    /// How the sound tables were checked, for a note: `12 checksummed, 278 checked
    /// before: <store>`, or `290 checksummed` with no store.
    pub fn how_checked(&self) -> String {
        let now = self.checksummed();
        match &self.store {
            Some(store) => format!(
                "{now} checksummed, {} checked before: {}",
                self.remembered(),
                store.display()
            ),
            None => format!("{now} checksummed"),
        }
    }

    /// What is wrong, one line each: the folders' problems, the store's, then each
    /// damaged table (named, with why it is left out).
    pub fn warnings(&self) -> Vec<String> {
        let mut w = self.problems.clone();
        w.extend(self.store_problems.iter().cloned());
        w.extend(self.damaged().map(|f| {
            format!(
                "{} left out: {}",
                f.path().display(),
                match &f.verdict {
                    Verdict::Damaged(why) => why.as_str(),
                    _ => "",
                }
            )
        }));
        w
    }
}

/// A folder of links to the sound tables, removed when dropped.
#[derive(Debug)]
pub(super) struct Shadow {
    dir: PathBuf,
}

impl Shadow {
    /// Links each of `tables` into a new folder.
    pub(super) fn new<'a>(tables: impl Iterator<Item = &'a Finding>) -> Result<Shadow, String> {
        static MADE: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "tiefe-syzygy-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        let fail = |e: std::io::Error| format!("cannot make {}: {e}", dir.display());
        remove_orphans();
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(fail)?;
        let shadow = Shadow { dir };
        for t in tables {
            let target = std::path::absolute(t.path()).map_err(|e| e.to_string())?;
            link(&target, &shadow.dir.join(&t.name))
                .map_err(|e| format!("cannot link {}: {e}", t.name))?;
        }
        Ok(shadow)
    }

    /// The folder, as the prober takes it (no ':' in it, being the system's own).
    pub(super) fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Drop for Shadow {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Removes the link folders of engines that ended without removing theirs (killed
/// by a GUI, say): on Linux, those whose process is gone.
fn remove_orphans() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for e in entries.filter_map(Result::ok) {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix("tiefe-syzygy-")
            .and_then(|rest| rest.split('-').next())
        else {
            continue;
        };
        if pid.parse::<u32>().is_ok() && !Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

#[cfg(unix)]
fn link(target: &Path, at: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(target, at)
}

/// Windows: a symbolic link needs a right users seldom have; a hard link (same
/// volume) serves as well.
#[cfg(windows)]
fn link(target: &Path, at: &Path) -> std::io::Result<()> {
    std::os::windows::fs::symlink_file(target, at).or_else(|_| std::fs::hard_link(target, at))
}

#[cfg(not(any(unix, windows)))]
fn link(target: &Path, at: &Path) -> std::io::Result<()> {
    std::fs::hard_link(target, at)
}

/// A path being judged on a thread of its own.
pub struct Loading {
    path: String,
    thread: JoinHandle<Checked>,
}

impl Loading {
    /// Starts judging the folders of `path` with the store of files found sound before
    /// at `store` (or, with why there is none, every table checksummed).
    pub fn start(path: &str, store: Result<PathBuf, String>) -> Loading {
        let owned = path.to_string();
        let judge = move || match store {
            Ok(file) => Checked::run_with(&owned, Some(&file)),
            Err(why) => {
                let mut checked = Checked::run(&owned);
                checked.store_problems.push(why);
                checked
            }
        };
        Loading {
            path: path.to_string(),
            thread: std::thread::spawn(judge),
        }
    }

    /// The path being judged.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Waits up to `limit` for the judging to end; whether it has.
    pub fn wait(&self, limit: Duration) -> bool {
        let start = Instant::now();
        while !self.thread.is_finished() {
            if start.elapsed() >= limit {
                return false;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        true
    }

    /// What the judging found (waits for it to end).
    pub fn finish(self) -> Checked {
        let path = self.path;
        self.thread.join().unwrap_or_else(|_| Checked {
            problems: vec![format!("checking '{path}' failed")],
            path,
            ..Checked::default()
        })
    }
}
