//! Names the build for `id name` and `--version` (`TIEFE_VERSION`).
//!
//! A release is a version without a pre-release part (`0.3.0`) and names itself by it
//! alone. Between releases the version carries `-dev` (`0.4.0-dev`), and a build from
//! a git checkout adds the date and the commit it was built from, as Stockfish's
//! `dev-<date>-<hash>` does: `0.4.0-dev-20261128-1a2b3c4`. Two development builds a
//! hundred Elo apart then never name themselves alike. A build without git or `.git`
//! (a source tarball) keeps the plain version: it still says `-dev`, never fails.

use std::path::Path;
use std::process::Command;

fn main() {
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let name = if version.contains("-dev") {
        match commit() {
            Some((date, hash)) => format!("{version}-{date}-{hash}"),
            None => version,
        }
    } else {
        version
    };
    println!("cargo:rustc-env=TIEFE_VERSION={name}");
    watch_head();
}

/// The date (`YYYYMMDD`, committer's) and short hash of the checked-out commit, when
/// git and a repository are there.
fn commit() -> Option<(String, String)> {
    let out = git(&["log", "-1", "--format=%cd %h", "--date=format:%Y%m%d"])?;
    let (date, hash) = out.trim().split_once(' ')?;
    Some((date.to_string(), hash.to_string()))
}

/// Runs git in the package's folder; `None` if git is missing or fails.
fn git(args: &[&str]) -> Option<String> {
    let dir = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    String::from_utf8(out.stdout).ok()
}

/// Asks cargo to run this again when the checked-out commit changes (a new commit,
/// another branch), so the name never lags behind the code. Without a repository
/// only the manifest is watched.
fn watch_head() {
    println!("cargo:rerun-if-changed=Cargo.toml");
    let Some(git_dir) = git(&["rev-parse", "--absolute-git-dir"]) else {
        return;
    };
    let git_dir = Path::new(git_dir.trim());
    println!("cargo:rerun-if-changed={}", git_dir.join("HEAD").display());
    if let Some(head) = git(&["symbolic-ref", "-q", "HEAD"]) {
        // A branch: its ref moves with every commit. Worktrees keep refs in the
        // common folder.
        let common = git(&["rev-parse", "--path-format=absolute", "--git-common-dir"])
            .map(|d| Path::new(d.trim()).to_path_buf())
            .unwrap_or_else(|| git_dir.to_path_buf());
        // Only files that exist: cargo runs the script again at every build for one
        // that does not.
        for file in [
            git_dir.join(head.trim()),
            common.join(head.trim()),
            common.join("packed-refs"),
        ] {
            if file.exists() {
                println!("cargo:rerun-if-changed={}", file.display());
            }
        }
    }
}
