//! Tiefe: a UCI chess engine.
//!
//! Data flows one way: a stdin line becomes a typed [`uci::Command`]; the engine facade
//! ([`engine::Engine`]) carries it out and starts a [`search`] on its own thread; the
//! search reports back through a callback, the facade turns that into
//! [`engine::Event`]s, and the UCI layer formats them. The `chess` crate is used only through
//! [`position::Position`], which fences in its rough edges.

pub mod bench;
pub mod book;
pub mod datagen;
pub mod engine;
pub mod eval;
pub mod learn;
pub mod position;
pub mod score;
pub mod search;
pub mod skill;
pub mod syzygy;
pub mod time;
pub mod tt;
pub mod tune;
pub mod uci;
pub mod wdl;
