//! Tiefe: a UCI chess engine.
//!
//! Data flows one way: a stdin line becomes a typed [`uci::Command`]; the engine facade
//! ([`engine::Engine`]) carries it out and starts a [`search`] on its own thread; the
//! search reports back through a callback, the facade turns that into
//! [`engine::Event`]s, and the UCI layer formats them. The `chess` crate's board, move
//! generator and make-move are used only inside [`position::Position`], which fences in
//! their rough edges; every other module takes its vocabulary (squares, pieces, moves,
//! bitboards, attack tables) from [`types`]. `clippy.toml` and a test enforce both.
//!
//! The tools for the engine's developers (training data, the evaluation tuner, book
//! building) are a crate of their own, `tiefe-tools` (tools/), that uses this one; the
//! library knows nothing of them, nor of the command line parser (tests/cli.rs checks).

#![deny(clippy::undocumented_unsafe_blocks)]
#![warn(missing_docs)]

/// The engine's version as it names itself (`id name`, `--version`): `0.3.0` for a
/// release, `0.4.0-dev-20261128-1a2b3c4` for a development build from git (build.rs).
pub const VERSION: &str = env!("TIEFE_VERSION");

/// Sends the `log` records of this process to stderr (warnings and worse unless
/// `RUST_LOG` says otherwise), timed to the millisecond; stdout is left to UCI. Both
/// binaries, the engine's and the tools', start with it.
pub fn log_to_stderr() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format_timestamp_millis()
        .target(env_logger::Target::Stderr)
        .init();
}

mod atomic_file;
pub mod bench;
pub mod book;
pub mod engine;
pub mod eval;
pub mod learn;
pub mod position;
pub mod prefetch;
pub mod psqt;
pub mod score;
pub mod search;
pub mod syzygy;
pub mod time;
pub mod tt;
pub mod types;
pub mod uci;
pub mod wdl;
pub mod weights;
