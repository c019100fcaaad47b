//! The UCI layer: reads lines, turns them into [`Command`]s, drives the engine state and
//! formats the search's reports. It knows nothing of alpha and beta.
//!
//! Threads: this loop runs on the main thread and never waits for the search, so
//! `isready`, `stop` and `quit` are answered at once. Each `go` starts a search thread
//! that owns a copy of the position and shares the table and a [`Clock`] (stop flag,
//! ponder state). That thread prints the search's `info` lines and exactly one
//! `bestmove`, holding it back in `infinite` and `ponder` mode until `stop` or
//! `ponderhit`.

pub mod command;
pub mod options;

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use log::{debug, warn};
use rand::RngExt;

pub use command::{Command, GoArgs, ParseError, Start};
use options::{Change, Options};

use crate::bench;
use crate::book::Book;
use crate::eval;
use crate::learn::Learning;
use crate::position::{self, Position, START_FEN};
use crate::score::mate_in_moves;
use crate::search::{Event, Outcome, Pool, Report, SearchConfig, Stats};
use crate::skill::{self, Skill};
use crate::time::{Clock, LagTracker, Limits};
use crate::tt::{Bound, TranspositionTable};
use crate::wdl;

/// Engine name and authors, as sent in answer to `uci`.
pub const NAME: &str = concat!("Tiefe ", env!("CARGO_PKG_VERSION"));
pub const AUTHOR: &str = "the Tiefe developers";

/// Writes one line to stdout (flushed) and logs it at `debug`.
pub fn send(line: &str) {
    debug!(">> {line}");
    let mut out = std::io::stdout().lock();
    // A closed stdout leaves nothing to talk to; the engine ends at the next read.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Reports a problem with the input: to the GUI as `info string`, to stderr at `warn`.
fn complain(msg: &str) {
    warn!("{msg}");
    send(&format!("info string {msg}"));
}

/// Formats a finished iteration as a UCI `info` line, with `wdl W D L` after the
/// score when `show_wdl` (the `UCI_ShowWDL` option).
pub fn info_line(r: &Report, show_wdl: bool) -> String {
    let mut score = match mate_in_moves(r.score) {
        Some(m) => format!("mate {m}"),
        None => format!("cp {}", r.score),
    };
    if show_wdl {
        let (w, d, l) = wdl::wdl(r.score);
        score.push_str(&format!(" wdl {w} {d} {l}"));
    }
    match r.bound {
        Bound::Lower => score.push_str(" lowerbound"),
        Bound::Upper => score.push_str(" upperbound"),
        Bound::Exact => {}
    }
    let nps = r.nodes * 1000 / r.time_ms.max(1);
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} tbhits {} time {} pv",
        r.depth, r.seldepth, r.multipv, score, r.nodes, nps, r.hashfull, r.tbhits, r.time_ms
    );
    for m in &r.pv {
        line.push(' ');
        line.push_str(&m.to_string());
    }
    line
}

/// Formats the search's choice as a `bestmove` line.
pub fn bestmove_line(o: &Outcome) -> String {
    match (o.best, o.ponder) {
        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
        (Some(b), None) => format!("bestmove {b}"),
        (None, _) => "bestmove (none)".to_string(),
    }
}

/// A search running on its own thread.
struct Running {
    clock: Arc<Clock>,
    /// Set just before the thread sends `bestmove`: from then on the search is over for
    /// the GUI, which may send `ucinewgame` or `setoption` at once.
    done: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// Longest input line kept (bytes); the rest of a longer line is discarded.
pub const MAX_LINE: usize = 16 << 20;

/// Reads one line (through `\n`, or to end of input) into `buf`, keeping at most
/// `max` bytes and consuming the rest without storing it. Returns the bytes consumed
/// (0 at end of input) and whether some were dropped. Interrupted reads are retried.
fn read_line_bounded(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<(usize, bool)> {
    let mut consumed = 0;
    let mut overflow = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok((consumed, overflow));
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = max.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..take.min(room)]);
        overflow |= take > room;
        input.consume(take);
        consumed += take;
        if done {
            return Ok((consumed, overflow));
        }
    }
}

/// The engine state the UCI commands act on.
pub struct Engine {
    position: Position,
    tt: Arc<TranspositionTable>,
    /// The search workers, whose learnt state (histories) lives across searches.
    pool: Arc<Pool>,
    options: Options,
    debug: bool,
    running: Option<Running>,
    /// The GUI's delay, learnt from its clock reports and added to `Move Overhead`.
    lag: LagTracker,
    /// The opening book, when `OwnBook` is on and `BookFile` could be read.
    book: Option<Book>,
    /// What was learnt, when `Learning` is on; shared with the search thread, which
    /// records each search's result once its `bestmove` is out.
    learning: Option<Arc<Mutex<Learning>>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

/// What the loop should do after a command.
#[derive(Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

impl Engine {
    pub fn new() -> Engine {
        let options = Options::default();
        Engine {
            position: Position::startpos(),
            tt: Arc::new(TranspositionTable::new(options.hash_mb)),
            pool: Arc::new(Pool::new()),
            options,
            debug: false,
            running: None,
            lag: LagTracker::default(),
            book: None,
            learning: None,
        }
    }

    /// Reads commands until `quit` or end of input, then stops any search and returns.
    /// Input is read as bytes: a line that is not valid UTF-8 (a stray byte from a GUI,
    /// a file pasted in another encoding) is reported and handled with the bad bytes
    /// replaced, never the end of the engine. A line longer than [`MAX_LINE`] bytes is
    /// reported and its excess discarded without being buffered.
    pub fn run(&mut self, mut input: impl BufRead) {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let (read, overflow) = match read_line_bounded(&mut input, &mut buf, MAX_LINE) {
                Ok(r) => r,
                Err(e) => {
                    warn!("stdin is unreadable ({e}); quitting");
                    break;
                }
            };
            if read == 0 {
                break;
            }
            if overflow {
                complain(&format!(
                    "input line longer than {MAX_LINE} bytes: the rest of it was ignored"
                ));
            }
            let text = String::from_utf8_lossy(&buf);
            if let std::borrow::Cow::Owned(_) = text {
                complain("input line is not valid UTF-8: invalid bytes replaced");
            }
            let line = text.trim_end_matches(['\r', '\n']);
            debug!("<< {line}");
            if self.handle(line) == Flow::Quit {
                break;
            }
        }
        self.stop_search();
        self.finish_learnt_game();
    }

    /// The game in progress is over (a new game, the end of input, another learning
    /// file): learn from it and save.
    fn finish_learnt_game(&mut self) {
        let warning = self.learning.as_ref().and_then(|l| locked(l).finish_game());
        if let Some(w) = warning {
            complain(&format!("Learning: {w}"));
        }
    }

    /// Opens `LearningFile` when `Learning` is on (after finishing the game learnt
    /// into the file used so far); otherwise learning stops.
    fn open_learning(&mut self) {
        self.finish_learnt_game();
        self.learning = None;
        if !self.options.learning {
            return;
        }
        if self.options.learning_file.is_empty() {
            return complain("Learning: LearningFile is empty; nothing is learnt");
        }
        let path = std::path::Path::new(&self.options.learning_file);
        let (learning, warnings) = Learning::open(path);
        for w in warnings {
            complain(&format!("Learning: {w}"));
        }
        send(&format!(
            "info string learning file {}: {} positions",
            path.display(),
            learning.len()
        ));
        self.learning = Some(Arc::new(Mutex::new(learning)));
    }

    fn handle(&mut self, line: &str) -> Flow {
        self.reap_finished();
        let cmd = match line.parse::<Command>() {
            Ok(c) => c,
            Err(ParseError::Empty) => {
                debug!("blank line ignored");
                return Flow::Continue;
            }
            Err(ParseError::Unknown(word)) => {
                debug!("unknown command '{word}' ignored");
                send(&format!("info string unknown command '{word}'"));
                return Flow::Continue;
            }
            Err(e) => {
                complain(&e.to_string());
                return Flow::Continue;
            }
        };
        match cmd {
            Command::Uci => {
                send(&format!("id name {NAME}"));
                send(&format!("id author {AUTHOR}"));
                for l in options::option_lines() {
                    send(&l);
                }
                send("uciok");
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => send("readyok"),
            Command::Register => {}
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => {
                if self.searching() {
                    complain("ucinewgame ignored: a search is running");
                } else {
                    self.finish_learnt_game();
                    self.clear_hash();
                    self.pool.clear();
                    self.position = Position::startpos();
                }
            }
            Command::Position { start, moves } => self.set_position(start, &moves),
            Command::Go(args) => self.go(args),
            Command::Stop => {
                if let Some(r) = &self.running {
                    r.clock.stop();
                }
            }
            Command::PonderHit => {
                if let Some(r) = &self.running {
                    r.clock.ponderhit();
                }
            }
            Command::Quit => return Flow::Quit,
            Command::Perft(depth) => self.perft(depth),
            Command::Display => self.display(),
            Command::Eval => self.eval(),
            Command::Bench(depth) => self.bench(depth),
        }
        Flow::Continue
    }

    fn searching(&self) -> bool {
        self.running.is_some()
    }

    /// Joins a search thread that has sent (or is sending) its `bestmove`: it ends at
    /// once, and joining releases its hold on the table.
    fn reap_finished(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.done.load(Ordering::Acquire) || r.thread.is_finished())
        {
            self.join();
        }
    }

    fn join(&mut self) {
        if let Some(r) = self.running.take() {
            if r.thread.join().is_err() {
                warn!("search thread panicked");
            }
        }
    }

    /// Stops a running search and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(r) = &self.running {
            r.clock.stop();
        }
        self.join();
    }

    /// The table for exclusive use (no search may be running).
    fn tt_mut(&mut self) -> &mut TranspositionTable {
        Arc::get_mut(&mut self.tt).expect("no search holds the table")
    }

    /// The pool for exclusive use (no search may be running).
    fn pool_mut(&mut self) -> &mut Pool {
        Arc::get_mut(&mut self.pool).expect("no search holds the pool")
    }

    /// Opens the tablebases of `SyzygyPath` (closing any open ones first). A path
    /// with no usable tables is reported and the engine goes on without tables.
    fn load_tablebases(&mut self, path: &str) {
        self.pool_mut().set_tablebases(None);
        if path.is_empty() {
            return;
        }
        match crate::syzygy::Syzygy::open(path) {
            Ok((tb, warnings)) => {
                for w in warnings {
                    complain(&format!("SyzygyPath: {w}"));
                }
                send(&format!(
                    "info string Syzygy: {} table files found in '{}'",
                    tb.files(),
                    tb.path()
                ));
                self.pool_mut().set_tablebases(Some(tb));
            }
            Err(e) => complain(&format!("SyzygyPath: {e}; no tablebases in use")),
        }
    }

    fn clear_hash(&mut self) {
        self.tt_mut().clear();
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let (change, note) = match options::parse(name, value) {
            Ok(x) => x,
            Err(e) => return complain(&e),
        };
        if let Some(n) = note {
            complain(&n);
        }
        let needs_table = matches!(
            change,
            Change::Hash(_)
                | Change::ClearHash
                | Change::Threads(_)
                | Change::SyzygyPath(_)
                | Change::SyzygyProbeDepth(_)
                | Change::SyzygyProbeLimit(_)
                | Change::Syzygy50MoveRule(_)
                | Change::Learning(_)
                | Change::LearningFile(_)
        );
        if needs_table && self.searching() {
            return complain(&format!("{name} ignored: a search is running"));
        }
        match change {
            Change::Hash(mb) => {
                if mb != self.options.hash_mb {
                    match TranspositionTable::try_new(mb) {
                        Ok(t) => {
                            self.tt = Arc::new(t);
                            self.options.hash_mb = mb;
                        }
                        Err(e) => {
                            complain(&format!("Hash: {e}; keeping {} MB", self.options.hash_mb))
                        }
                    }
                }
            }
            Change::Threads(n) => {
                if n != self.pool.threads() {
                    // The old workers (and their histories) go; no thread outlives a
                    // search, so none is left behind.
                    self.pool_mut().set_threads(n);
                }
            }
            Change::SyzygyPath(path) => self.load_tablebases(&path),
            Change::SyzygyProbeDepth(d) => self.pool_mut().tb_config.probe_depth = d,
            Change::SyzygyProbeLimit(n) => self.pool_mut().tb_config.probe_limit = n,
            Change::Syzygy50MoveRule(on) => self.pool_mut().tb_config.rule50 = on,
            Change::ClearHash => self.clear_hash(),
            Change::Ponder(on) => self.options.ponder = on,
            Change::MoveOverhead(ms) => self.options.move_overhead_ms = ms,
            Change::MultiPv(n) => self.options.multipv = n,
            Change::ShowWdl(on) => self.options.show_wdl = on,
            Change::SkillLevel(l) => self.options.skill_level = l,
            Change::LimitStrength(on) => self.options.limit_strength = on,
            Change::Elo(e) => self.options.elo = e,
            Change::OwnBook(on) => {
                self.options.own_book = on;
                self.load_book();
            }
            Change::BookFile(path) => {
                self.options.book_file = path;
                self.load_book();
            }
            Change::Learning(on) => {
                self.options.learning = on;
                self.open_learning();
            }
            Change::LearningFile(path) => {
                self.options.learning_file = path;
                self.open_learning();
            }
        }
    }

    /// Opens the book when `OwnBook` is on and `BookFile` names one; with `OwnBook`
    /// off the file is never opened. A missing or corrupt book is reported and none
    /// is used.
    fn load_book(&mut self) {
        self.book = None;
        if !self.options.own_book || self.options.book_file.is_empty() {
            return;
        }
        match Book::open(std::path::Path::new(&self.options.book_file)) {
            Ok(b) => {
                send(&format!(
                    "info string book {} opened: {} entries",
                    self.options.book_file,
                    b.len()
                ));
                self.book = Some(b);
            }
            Err(e) => complain(&format!("book not used: {e}")),
        }
    }

    /// A book move for a `go` that asks to play (not analyse): none with `infinite`,
    /// `ponder`, `mate` or `searchmoves`.
    fn book_move(&self, args: &GoArgs) -> Option<chess::ChessMove> {
        let book = self.book.as_ref()?;
        let l = &args.limits;
        if l.infinite || l.ponder || l.mate.is_some() || !args.searchmoves.is_empty() {
            return None;
        }
        let mut rng = rand::rng();
        book.pick(&self.position, |n| rng.random_range(0..n.max(1)))
    }

    fn set_position(&mut self, start: Start, moves: &[String]) {
        let fen = match &start {
            Start::StartPos => START_FEN,
            Start::Fen(f) => f.as_str(),
        };
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        match position::setup(fen, &moves) {
            Ok((pos, err)) => {
                if let Some(e) = err {
                    complain(&format!(
                        "position: {e}; moves stop there, position is {}",
                        pos.to_fen()
                    ));
                }
                self.position = pos;
                let warning = self
                    .learning
                    .as_ref()
                    .and_then(|l| locked(l).on_position(&self.position));
                if let Some(w) = warning {
                    complain(&format!("Learning: {w}"));
                }
            }
            Err(e) => complain(&format!(
                "position: invalid FEN '{fen}': {e}; keeping {}",
                self.position.to_fen()
            )),
        }
    }

    fn go(&mut self, args: GoArgs) {
        let start = Instant::now();
        for w in &args.warnings {
            complain(w);
        }
        // One search at a time: a second `go` first ends the first (with its bestmove).
        self.stop_search();
        if let Some(m) = self.book_move(&args) {
            send(&format!("info string book move {m}"));
            send(&format!("bestmove {m}"));
            return;
        }

        let mut searchmoves = Vec::new();
        for text in &args.searchmoves {
            match self.position.parse_move(text) {
                Ok(m) => searchmoves.push(m),
                Err(e) => complain(&format!("searchmoves: {e}")),
            }
        }
        let mut limits = Limits {
            searchmoves,
            multipv: self.options.multipv,
            ..args.limits
        };
        let o = &self.options;
        let skill = Skill::from_options(o.skill_level, o.limit_strength, o.elo);
        if let Some(s) = &skill {
            // A weaker player: a capped search over the best few moves, one of which
            // is chosen with an error (see skill.rs).
            limits.multipv = limits.multipv.max(skill::CANDIDATES);
            limits.nodes = Some(limits.nodes.map_or(s.node_cap(), |n| n.min(s.node_cap())));
        }
        self.tt.new_search();
        if let Some(l) = &self.learning {
            locked(l).seed(&self.tt);
        }
        let clock = Arc::new(Clock::new(start, limits.ponder));
        let us = self.position.side_to_move();
        let game_ply = 2 * (self.position.fullmove_number().max(1) as usize - 1)
            + (us == chess::Color::Black) as usize;
        self.lag.on_go(&limits, us, game_ply, Arc::clone(&clock));
        let overhead = self.options.move_overhead_ms + self.lag.estimate_ms();
        if limits.lacks_own_clock(us) {
            let side = match us {
                chess::Color::White => "white",
                chess::Color::Black => "black",
            };
            complain(&format!(
                "go: no clock given for {side}, the side to move: moving at once"
            ));
        }
        if self.debug {
            let d = limits.deadlines(us, overhead);
            send(&format!(
                "info string deadlines soft {:?} hard {:?} ms, overhead {} ms (of which measured lag {} ms)",
                d.soft,
                d.hard,
                overhead,
                self.lag.estimate_ms()
            ));
        }
        let mut pos = self.position.clone();
        let tt = Arc::clone(&self.tt);
        let pool = Arc::clone(&self.pool);
        let settings = Settings {
            overhead,
            debug: self.debug,
            show_wdl: self.options.show_wdl,
            skill,
        };
        let learning = self.learning.clone();
        let fallback = self.position.legal_moves().first().copied();
        let started = self.spawn("search", clock, move |clock, done| {
            let outcome = run_search(&pool, &mut pos, &limits, settings, &tt, clock, done);
            if let Some(l) = learning {
                learn_from(&l, &pos, &limits, &outcome);
            }
        });
        if !started {
            send(&bestmove_line(&Outcome::only(fallback)));
        }
    }

    /// Runs `task` on its own thread, as the one running job (search, perft or bench)
    /// that `stop` and `quit` end through `clock`. The task sets `done` when its
    /// result is out. Returns false (after saying why) if no thread could be started.
    fn spawn(
        &mut self,
        what: &str,
        clock: Arc<Clock>,
        task: impl FnOnce(&Clock, &AtomicBool) + Send + 'static,
    ) -> bool {
        let thread_clock = Arc::clone(&clock);
        let done = Arc::new(AtomicBool::new(false));
        let thread_done = Arc::clone(&done);
        let thread = std::thread::Builder::new()
            .name(what.into())
            .stack_size(32 * 1024 * 1024)
            .spawn(move || task(&thread_clock, &thread_done));
        match thread {
            Ok(thread) => {
                self.running = Some(Running {
                    clock,
                    done,
                    thread,
                });
                true
            }
            Err(e) => {
                complain(&format!("cannot start the {what} thread: {e}"));
                false
            }
        }
    }

    /// `perft`/`go perft`: counted on its own thread, so that `stop`, `quit` and
    /// `isready` are answered while it runs.
    fn perft(&mut self, depth: u32) {
        self.stop_search();
        let pos = self.position.clone();
        let clock = Arc::new(Clock::new(Instant::now(), false));
        self.spawn("perft", clock, move |clock, done| {
            match pos.perft_report_until(depth, &|| clock.stopped()) {
                Some(lines) => {
                    for line in lines {
                        send(&line);
                    }
                }
                None => send("info string perft stopped"),
            }
            done.store(true, Ordering::Release);
        });
    }

    /// `bench`: on its own thread like a search, so `stop` and `quit` end it.
    fn bench(&mut self, depth: Option<u32>) {
        self.stop_search();
        let depth = depth.unwrap_or(bench::DEFAULT_DEPTH);
        let clock = Arc::new(Clock::new(Instant::now(), false));
        self.spawn("bench", clock, move |clock, done| {
            let r = bench::run_until(depth, clock);
            if r.stopped {
                send("info string bench stopped: the count is partial");
            }
            send(&format!("stats {}", stats_text(&r.stats, r.hashfull, None)));
            send(&format!("{} nodes {} nps", r.nodes, r.nps));
            done.store(true, Ordering::Release);
        });
    }

    fn display(&self) {
        for l in self.position.diagram().lines() {
            send(l);
        }
        send(&format!("Fen: {}", self.position.to_fen()));
        send(&format!("Key: {:016X}", self.position.key()));
        send(&format!(
            "Eval: {} (side to move), {} (White)",
            eval::evaluate(&self.position),
            eval::breakdown(self.position.board()).white
        ));
    }

    fn eval(&self) {
        let b = eval::breakdown(self.position.board());
        send("term              White mg/eg    Black mg/eg    White-Black mg/eg");
        let mut total = [eval::S::default(); 2];
        for (t, term) in eval::TERMS.iter().enumerate() {
            let [w, k] = b.terms[t];
            total[0] += w;
            total[1] += k;
            send(&eval_row(term.name(), w, k));
        }
        let [w, k] = total;
        send(&eval_row("total", w, k));
        send(&format!("phase {} of {}", b.phase, eval::MAX_PHASE));
        send(&format!(
            "Final evaluation: {} (White), {} (side to move)",
            b.white,
            eval::evaluate(&self.position)
        ));
    }
}

/// One row of the `eval` table: a term's middlegame and endgame values for White, for
/// Black, and White minus Black.
fn eval_row(name: &str, w: eval::S, k: eval::S) -> String {
    format!(
        "{:<16} {:>5} {:>5}    {:>5} {:>5}    {:>5} {:>5}",
        name,
        w.0,
        w.1,
        k.0,
        k.1,
        w.0 - k.0,
        w.1 - k.1
    )
}

/// Search counters as people read them: nodes, table probes, hits and fill, the share
/// of cutoffs made by the first move, and the effective branching factor if given.
pub fn stats_text(s: &Stats, hashfull: u32, ebf: Option<f64>) -> String {
    let mut t = format!(
        "nodes {} tthits {} ttmisses {} tthitrate {:.1}% hashfull {} cutoffs {} firstmovecutoffs {:.1}%",
        s.nodes,
        s.tt_hits,
        s.tt_probes - s.tt_hits,
        s.hit_rate(),
        hashfull,
        s.cutoffs,
        s.first_move_rate()
    );
    if let Some(ebf) = ebf {
        t.push_str(&format!(" ebf {ebf:.2}"));
    }
    t
}

/// What a search thread takes from the options.
#[derive(Debug, Clone, Copy)]
struct Settings {
    /// `Move Overhead`, ms.
    overhead: u64,
    /// `debug on`: statistics lines.
    debug: bool,
    /// `UCI_ShowWDL`.
    show_wdl: bool,
    /// Weaker play, if asked for.
    skill: Option<Skill>,
}

/// The body of a search thread: search, report, hold `bestmove` while the GUI still
/// owns the clock (`infinite`, or `ponder` before `ponderhit`), then send it.
fn run_search(
    pool: &Pool,
    pos: &mut Position,
    limits: &Limits,
    settings: Settings,
    tt: &TranspositionTable,
    clock: &Clock,
    done: &AtomicBool,
) -> Outcome {
    let Settings {
        overhead,
        debug,
        show_wdl,
        skill,
    } = settings;
    let mut report = |e: Event| match e {
        Event::Line(r) | Event::Voted(r) => send(&info_line(r, show_wdl)),
        Event::CurrMove { depth, mv, number } => send(&format!(
            "info depth {depth} currmove {mv} currmovenumber {number}"
        )),
        Event::Stats {
            depth,
            stats,
            ebf,
            hashfull,
        } => {
            if debug {
                send(&format!(
                    "info string depth {depth} {}",
                    stats_text(stats, hashfull, Some(ebf))
                ));
            }
        }
    };
    let mut outcome = pool.search(
        pos,
        limits,
        overhead,
        tt,
        clock,
        SearchConfig::default(),
        &mut report,
    );
    if let Some(s) = &skill {
        if let Some(m) = skill::pick_random(s, pos, &outcome.lines) {
            if Some(m) != outcome.best {
                outcome.best = Some(m);
                outcome.ponder = None;
            }
        }
    }
    if outcome.best.is_none() {
        let score = if pos.in_check() { "mate 0" } else { "cp 0" };
        send(&format!("info depth 0 score {score}"));
    }
    while !clock.stopped() && (limits.infinite || clock.pondering()) {
        std::thread::sleep(Duration::from_millis(1));
    }
    done.store(true, Ordering::Release);
    clock.finish();
    send(&bestmove_line(&outcome));
    outcome
}

/// The learning state, also after a thread panicked holding it (its data stays
/// consistent: every update is a single insert).
fn locked(learning: &Mutex<Learning>) -> std::sync::MutexGuard<'_, Learning> {
    learning.lock().unwrap_or_else(|e| e.into_inner())
}

/// Records a finished search for learning (after its `bestmove` is out, so that the
/// time taken, a save included, is not on the engine's clock). Searches of `go
/// infinite` are analysis, not moves of a game: they teach only when deep and decisive.
fn learn_from(learning: &Mutex<Learning>, pos: &Position, limits: &Limits, outcome: &Outcome) {
    let score = match outcome.best {
        None if pos.in_check() => crate::score::mated_in(0),
        None => crate::score::DRAW,
        Some(_) => outcome.score,
    };
    let warning =
        locked(learning).on_search(pos, outcome.best, outcome.depth, score, !limits.infinite);
    if let Some(w) = warning {
        complain(&format!("Learning: {w}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(score: i32, bound: Bound) -> Report {
        Report {
            depth: 12,
            seldepth: 18,
            multipv: 1,
            score,
            nodes: 5000,
            time_ms: 10,
            hashfull: 3,
            tbhits: 0,
            pv: vec!["e2e4".parse().unwrap()],
            bound,
        }
    }

    #[test]
    fn a_failed_window_is_reported_as_a_bound() {
        let exact = info_line(&report(35, Bound::Exact), false);
        assert!(exact.contains(" score cp 35 nodes "), "{exact}");
        let low = info_line(&report(35, Bound::Lower), false);
        assert!(low.contains(" score cp 35 lowerbound nodes "), "{low}");
        // As Stockfish writes it: the bound after the WDL triple.
        let high = info_line(&report(-40, Bound::Upper), true);
        let (w, d, l) = wdl::wdl(-40);
        assert!(
            high.contains(&format!(" score cp -40 wdl {w} {d} {l} upperbound nodes ")),
            "{high}"
        );
        assert!(high.ends_with(" pv e2e4"), "{high}");
    }
}
