//! Search limits and time management.
//!
//! The GUI's `go` parameters become [`Limits`]; [`Limits::deadlines`] turns a clock into
//! a soft deadline (checked between iterations: do not start another) and a hard one
//! (polled inside the search: stop now). A [`TimeManager`] holds both for one search,
//! learns from each finished iteration how far to stretch or shrink the soft one, and
//! answers the search's two questions: start another iteration? hard limit passed? The
//! search asks with the time counted against the deadlines, which it reads from its
//! own control (`crate::search::SearchControl`, the stop flag and the ponder state
//! shared with the GUI thread): time sits below the search and never sees it.
//! [`LagTracker`] learns the GUI's delay from the clocks of successive `go` commands.
//!
//! One room a concern: `limits` (what `go` asked, and its deadlines), `manager` (the
//! deadlines of one search, scaled as it goes), `lag` (the GUI's delay).

mod lag;
mod limits;
mod manager;

pub use lag::{LagTracker, SpentTime};
pub use limits::{searchmoves_allow, Deadlines, Limits};
pub use manager::{Iteration, TimeManager};
