//! The tools beside the Tiefe engine, for its developers rather than its users:
//! training positions from self-play ([`datagen`]) and from played games
//! ([`datagen::pgn`]), their FENs read in either castling style ([`fen`]), the
//! evaluation tuner ([`tune`]), and Polyglot book building ([`book`]) from PGN games
//! ([`pgn`]). They use the engine library (`tiefe`) and are never used by it: the
//! `tiefe` binary is built without them.

#![deny(clippy::undocumented_unsafe_blocks)]
#![warn(missing_docs)]

pub mod book;
pub mod datagen;
pub mod fen;
pub mod pgn;
pub mod tune;
