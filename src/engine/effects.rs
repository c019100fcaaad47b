//! What the options do to what the engine owns: the table's size, the search
//! threads, the tablebases, the book, learning (and its saves), the debug log, and
//! Chess960. Apart from the facade's commands, which only queue or run them.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::{locked, Engine, Event};
use crate::book::Book;
use crate::learn::{Learning, Snapshot};
use crate::position::{Position, START_FEN};
use crate::syzygy::{store_location, Loading, Syzygy};
use crate::tt::TranspositionTable;

impl Engine {
    /// `Hash`: a table of `mb` MB, or the old one kept if it cannot be had.
    pub(super) fn resize_table(&mut self, mb: usize) {
        if mb == self.settings.hash_mb {
            return;
        }
        match TranspositionTable::try_new(mb) {
            Ok(t) => {
                *self.tt_mut() = t;
                self.settings.hash_mb = mb;
            }
            Err(e) => self.warn(&format!("Hash: {e}; keeping {} MB", self.settings.hash_mb)),
        }
    }

    /// `Debug Log File`: the listener copies the conversation to `path` (none if empty).
    pub(super) fn log_to(&mut self, path: &str) {
        if let Err(e) = self.listener.log_to(path) {
            self.warn(&format!("Debug Log File: {e}"));
        }
    }

    /// `Threads`: the old workers (and their histories) go; no thread outlives a
    /// search, so none is left behind.
    pub(super) fn set_threads(&mut self, n: usize) {
        if n != self.pool.threads() {
            self.pool_mut().set_threads(n);
        }
    }

    /// `SyzygyPath`: closes any open tables and starts judging the files of the new
    /// path on a thread of its own; the sound tables come into use when that is done
    /// (see [`Engine::take_up_tablebases`]). A file is read whole, for its checksum, the
    /// first time it is seen; the sound ones are remembered in the user's cache folder
    /// (see [`store_location`]), and later starts read only their headers, unless a
    /// file's size or modification time has changed.
    pub(super) fn load_tablebases(&mut self, path: &str) {
        self.pool_mut().set_tablebases(None);
        self.tables_loading = (!path.is_empty())
            .then(|| Loading::start(path, store_location(|v| std::env::var_os(v))));
    }

    /// Takes the judged tables into use once their judging has ended (waiting up to
    /// `wait` for it), naming each damaged file left out and why. Only while no job
    /// runs: the prober can open tables only while none is probed.
    pub(super) fn take_up_tablebases(&mut self, wait: Duration) {
        let Some(loading) = self.tables_loading.as_ref().filter(|_| !self.busy()) else {
            return;
        };
        if !loading.wait(wait) {
            if !wait.is_zero() {
                self.tell(Event::Note(&format!(
                    "Syzygy: still checking the files of '{}'; the tables come into use \
                     when that is done",
                    loading.path()
                )));
            }
            return;
        }
        let checked = self.tables_loading.take().expect("checked").finish();
        let path = checked.path.clone();
        let how = checked.how_checked();
        match Syzygy::from_checked(checked) {
            Ok((tb, warnings)) => {
                for w in warnings {
                    self.warn(&format!("SyzygyPath: {w}"));
                }
                self.tell(Event::Note(&format!(
                    "Syzygy: {} sound table files in '{path}', up to {} pieces ({how})",
                    tb.files(),
                    tb.max_pieces()
                )));
                self.pool_mut().set_tablebases(Some(tb));
            }
            Err(e) => self.warn(&format!("SyzygyPath: {e}; no tablebases in use")),
        }
    }

    /// Opens the book when `OwnBook` is on and `BookFile` names one; with `OwnBook`
    /// off the file is never opened. A missing or corrupt book is reported and none
    /// is used.
    pub(super) fn load_book(&mut self) {
        self.book = None;
        let s = &self.settings;
        if !s.own_book || s.book_file.is_empty() {
            return;
        }
        match Book::open(std::path::Path::new(&s.book_file)) {
            Ok(b) => {
                self.tell(Event::Note(&format!(
                    "book {} opened: {} entries",
                    s.book_file,
                    b.len()
                )));
                self.book = Some(b);
                self.note_book_in_chess960();
            }
            Err(e) => self.warn(&format!("book not used: {e}")),
        }
    }

    /// Says, once for each change of `UCI_Chess960` or the book, that the book stays
    /// shut in Chess960: Polyglot has no standard for Chess960 castling, and its keys
    /// cannot tell a Chess960 right from a standard one.
    pub(super) fn note_book_in_chess960(&self) {
        if self.settings.chess960 && self.book.is_some() {
            self.tell(Event::Note(
                "book not used with UCI_Chess960: Polyglot has no Chess960 castling",
            ));
        }
    }

    /// `UCI_Chess960`: castles become the king taking its own rook, FEN castling fields
    /// are read as X-FEN or Shredder-FEN and written as Shredder-FEN. The table is
    /// cleared, as its keys and moves belong to the other mode, and the position is
    /// read again in the new mode (or, if it cannot be, the start position is set up).
    pub(super) fn set_chess960(&mut self, on: bool) {
        if on == self.settings.chess960 {
            return;
        }
        self.settings.chess960 = on;
        self.tt_mut().clear();
        let fen = self.position.to_fen();
        self.position = Position::from_fen_in(&fen, on).unwrap_or_else(|e| {
            // A Chess960 array out of Chess960 mode: said, not silently replaced.
            let mode = if on { "on" } else { "off" };
            self.warn(&format!(
                "UCI_Chess960 {mode}: the position {fen} cannot be played ({e}); the start position is set up"
            ));
            Position::from_fen_in(START_FEN, on).expect("the start position is valid in either mode")
        });
        self.note_book_in_chess960();
    }

    /// The game in progress is over (a new game, the end of input, another learning
    /// file): learn from it and save.
    pub(super) fn finish_learnt_game(&mut self) {
        let save = self.learning.as_ref().map(|l| locked(l).finish_game());
        if let Some(save) = save {
            self.save_later(save);
        }
    }

    /// Writes a learning save on a thread of its own (joined with the finishing jobs),
    /// so that no command waits for the file; says why when there is none to write.
    pub(super) fn save_later(&mut self, save: Result<Option<Snapshot>, String>) {
        let snapshot = match save {
            Ok(Some(s)) => s,
            Ok(None) => return,
            Err(w) => return self.warn(&format!("Learning: {w}")),
        };
        let listener = Arc::clone(&self.listener);
        let writer = std::thread::Builder::new()
            .name("learning save".into())
            .spawn(move || {
                if let Err(w) = snapshot.write() {
                    listener.event(Event::Warning(&format!("Learning: {w}")));
                }
            });
        match writer {
            Ok(t) => self.finishing.push(t),
            Err(e) => self.warn(&format!("Learning: cannot start the save thread: {e}")),
        }
    }

    /// Opens `LearningFile` when `Learning` is on (after finishing the game learnt
    /// into the file used so far); otherwise learning stops.
    pub(super) fn open_learning(&mut self) {
        self.finish_learnt_game();
        // Its saves are on the file before it (or another) is read again.
        self.join_finishing();
        self.learning = None;
        if !self.settings.learning {
            return;
        }
        if self.settings.learning_file.is_empty() {
            return self.warn("Learning: LearningFile is empty; nothing is learnt");
        }
        let path = std::path::Path::new(&self.settings.learning_file);
        let (learning, warnings) = Learning::open(path);
        for w in warnings {
            self.warn(&format!("Learning: {w}"));
        }
        self.tell(Event::Note(&format!(
            "learning file {}: {} positions",
            path.display(),
            learning.len()
        )));
        self.learning = Some(Arc::new(Mutex::new(learning)));
    }
}
