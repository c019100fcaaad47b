//! The engine facade: owns the position, the table, the search workers, the book,
//! learning, the tablebases, the lag tracker and the running job, and carries out what
//! the GUI asks for. It knows no protocol text: what it has to say goes out as
//! [`Event`]s to a [`Listener`] (the UCI layer formats them), so that tests can drive it
//! in-process as well as through the binary.
//!
//! Order is kept: a command that needs the engine idle (a new table size, a new game)
//! and arrives while a search runs or is ending waits, and so does everything after it,
//! until that search's `bestmove` is out; then they are carried out in order (see
//! [`Engine::resume`]). `isready` is answered once everything before it has been done.
//! Nothing is dropped.
//!
//! Beside it: `job` (the search thread's body), `options` (the option table),
//! `effects` (what the options do to what the engine owns) and `skill` (weaker play).

mod effects;
mod job;
pub mod options;
mod skill;

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use log::warn;
use rand::RngExt;

use crate::bench::{self, BenchResult};
use crate::book::Book;
use crate::learn::Learning;
use crate::position::{self, Position, START_FEN};
use crate::search::{self, Pool, SearchControl};
use crate::time::{LagTracker, Limits};
use crate::tt::TranspositionTable;
use crate::types::{ChessMove as Move, Color};
use job::SearchJob;
pub use options::{Kind, Spec, Value, OPTIONS};
use skill::Skill;

/// How long `isready` waits for tables being judged before it answers anyway (they
/// then come into use at a later `isready` or `go`).
const TABLES_WAIT_AT_ISREADY: Duration = Duration::from_secs(3);

/// Where a `position` command starts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// `startpos`: the standard initial position.
    StartPos,
    /// `fen <FEN>`: the FEN's fields joined by single spaces, not yet checked.
    Fen(String),
}

/// What a search is asked for: the limits and the root moves to consider, as text
/// (matched against the legal moves when the search starts).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoArgs {
    /// Every limit but `searchmoves` (left empty here).
    pub limits: Limits,
    /// `go searchmoves`: the root moves to consider, as sent (empty: all); an entry
    /// that is not a legal move is warned about and left out.
    pub searchmoves: Vec<String>,
    /// Parts of the request that could not be read; the search still runs without them.
    pub warnings: Vec<String>,
}

/// What the engine has to say. Borrowed data lives only for the call.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// What the search says while it runs, carried as it said it (its iteration
    /// statistics only with `debug on`): one event type from the search to the wire.
    Search {
        /// The search's event: a line (or a bound, or the voted line), the root move
        /// being searched, or an iteration's statistics.
        event: search::Event<'a>,
        /// Whether to add win/draw/loss odds to a line (`UCI_ShowWDL`).
        wdl: bool,
    },
    /// The root has no legal move: mate if in check, stalemate otherwise.
    NoMove {
        /// Whether the side to move is in check (mated rather than stalemated).
        in_check: bool,
    },
    /// The move chosen (`None` only with no legal move).
    BestMove {
        /// The move to play; `None` only when there is no legal move.
        best: Option<Move>,
        /// The reply to ponder on, if known (never with a book move).
        ponder: Option<Move>,
    },
    /// Everything asked for before `isready` is done.
    ReadyOk,
    /// Something the user may like to know.
    Note(&'a str),
    /// Something wrong with the input or the surroundings; the engine goes on. The
    /// listener also logs it at `warn`.
    Warning(&'a str),
    /// The lines of a finished `perft` count.
    Perft(&'a [String]),
    /// A `perft` count that was stopped.
    PerftStopped,
    /// A finished (or stopped) `bench` run.
    Bench(&'a BenchResult),
    /// The running job's result is out: the engine can take what waited for it (call
    /// [`Engine::resume`] from the thread that owns the engine).
    JobDone,
}

/// Where the engine's events go. Called from the engine's own thread and from the
/// search thread, one event at a time per thread.
pub trait Listener: Send + Sync {
    /// Takes one event.
    fn event(&self, e: Event<'_>);

    /// `Debug Log File`: from now on, also copy every line in and out to the file at
    /// `path` (appended), or to none if it is empty. Says why if the file cannot be
    /// opened; a listener that keeps no log ignores it.
    fn log_to(&self, path: &str) -> Result<(), String> {
        let _ = path;
        Ok(())
    }
}

/// Option values that the engine reads when it acts (the rest live where they act:
/// the table, the pool, the book, learning).
#[derive(Debug, Clone, Default)]
struct Settings {
    hash_mb: usize,
    ponder: bool,
    move_overhead_ms: u64,
    multipv: usize,
    show_wdl: bool,
    skill_level: u32,
    limit_strength: bool,
    elo: u32,
    own_book: bool,
    book_file: String,
    learning: bool,
    learning_file: String,
    chess960: bool,
}

/// A job (search, perft or bench) running on its own thread.
struct Running {
    clock: Arc<SearchControl>,
    /// Set once the job's result is out: from then on it is over for the GUI.
    done: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// A command waiting for the running job to end, or for the commands before it.
struct Deferred {
    kind: Waiting,
    run: Box<dyn FnOnce(&mut Engine) + Send>,
}

/// What a deferred command is, which says what it waits for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Waiting {
    /// A command that reads or changes the state, with whether it needs the engine
    /// idle (if not, it waits only for the commands before it).
    Command { needs_idle: bool },
    /// One that starts a job (`go`, `perft`, `bench`): a `stop` after it is its own.
    Job,
    /// A `stop` or `ponderhit` for the job queued before it.
    Signal,
}

/// The engine's state and the commands that act on it.
pub struct Engine {
    position: Position,
    tt: Arc<TranspositionTable>,
    /// The search workers, whose learnt state (histories) lives across searches.
    pool: Arc<Pool>,
    settings: Settings,
    debug: bool,
    running: Option<Running>,
    /// Jobs whose result is out but whose thread still winds down (a learning save):
    /// joined only when the engine needs exclusive use of what they held.
    finishing: Vec<JoinHandle<()>>,
    deferred: VecDeque<Deferred>,
    /// The GUI's delay, learnt from its clock reports and added to `Move Overhead`.
    lag: LagTracker,
    /// The opening book, when `OwnBook` is on and `BookFile` could be read.
    book: Option<Book>,
    /// A `SyzygyPath` whose files are being judged, its tables not yet in use.
    tables_loading: Option<crate::syzygy::Loading>,
    /// What was learnt, when `Learning` is on; shared with the search thread, which
    /// records each search's result once its `bestmove` is out.
    learning: Option<Arc<Mutex<Learning>>>,
    listener: Arc<dyn Listener>,
}

impl Engine {
    /// A new engine in its starting state (every option at its default), telling
    /// `listener` what it has to say.
    pub fn new(listener: Arc<dyn Listener>) -> Engine {
        let mut engine = Engine {
            position: Position::startpos(),
            tt: Arc::new(TranspositionTable::new(1)),
            pool: Arc::new(Pool::new()),
            settings: Settings::default(),
            debug: false,
            running: None,
            finishing: Vec::new(),
            deferred: VecDeque::new(),
            lag: LagTracker::default(),
            book: None,
            tables_loading: None,
            learning: None,
            listener,
        };
        for spec in OPTIONS {
            if let Some(v) = spec.kind.default_value() {
                (spec.apply)(&mut engine, v);
            }
        }
        engine
    }

    /// The position the next search starts from.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The table's size in MB (the `Hash` in force).
    pub fn hash_mb(&self) -> usize {
        self.settings.hash_mb
    }

    /// `debug on|off`: iteration statistics and time-management details.
    pub fn set_debug(&mut self, on: bool) {
        self.when_ready(false, move |e| e.debug = on);
    }

    /// `isready`: answered once everything asked before it is done. Tables still
    /// being judged are waited for a while (a few hundred MB take a second), not
    /// indefinitely: a GUI gives up on an engine that does not answer.
    pub fn is_ready(&mut self) {
        self.when_ready(false, |e| {
            e.take_up_tablebases(TABLES_WAIT_AT_ISREADY);
            e.tell(Event::ReadyOk)
        });
    }

    /// `setoption`: reads, clamps and applies a value, or says why it cannot.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) {
        let Some(spec) = options::find(name) else {
            #[cfg(feature = "spsa")]
            if let Some(d) = options::find_param(name) {
                return self.set_param(d, value);
            }
            return self.warn(&format!("no such option '{}'", name.trim()));
        };
        match spec.read(value) {
            Ok((v, note)) => {
                if let Some(n) = note {
                    self.warn(&n);
                }
                self.when_ready(spec.needs_idle, move |e| (spec.apply)(e, v));
            }
            Err(why) => self.warn(&why),
        }
    }

    /// A search parameter set as a spin option (built with the `spsa` feature, for SPSA).
    #[cfg(feature = "spsa")]
    fn set_param(&mut self, d: &'static crate::search::params::ParamDesc, value: Option<&str>) {
        match options::param_spec(d).read(value) {
            Ok((v, note)) => {
                if let Some(n) = note {
                    self.warn(&n);
                }
                self.when_ready(true, move |e| {
                    if let Err(why) = e.pool_mut().set_param(d.name, v.int() as i32) {
                        e.warn(&why.to_string());
                    }
                });
            }
            Err(why) => self.warn(&why),
        }
    }

    /// `ucinewgame`: what was learnt of the last game is kept, the table and histories
    /// are cleared, and the start position set up.
    pub fn new_game(&mut self) {
        self.when_ready(true, |e| {
            e.finish_learnt_game();
            e.lag.new_game();
            e.tt_mut().clear();
            e.pool.clear();
            e.position = Position::from_fen_in(START_FEN, e.settings.chess960)
                .expect("the start position is valid in either mode");
        });
    }

    /// `position`: sets up `start` and plays `moves` up to the first one that cannot
    /// be played (said in a warning); a start that cannot be read keeps the position.
    pub fn set_position(&mut self, start: Start, moves: Vec<String>) {
        self.when_ready(false, move |e| e.setup(&start, &moves));
    }

    /// `go`: ends any running search, then plays a book move or starts a search.
    pub fn go(&mut self, args: GoArgs) {
        let start = Instant::now();
        self.start_job(move |e| e.start_search(args, start));
    }

    /// `stop`: the running job ends as soon as it can and gives its result. A stop
    /// sent after a `go` that still waits belongs to that search.
    pub fn stop(&mut self) {
        self.signal_latest_job(SearchControl::stop);
    }

    /// `ponderhit`: the move pondered on was played; the search now keeps time.
    pub fn ponderhit(&mut self) {
        self.signal_latest_job(SearchControl::ponderhit);
    }

    /// Signals the job last asked for: the running one, or, behind it, the last that
    /// still waits to start (then the signal waits with it).
    fn signal_latest_job(&mut self, f: fn(&SearchControl)) {
        if self.deferred.iter().any(|d| d.kind == Waiting::Job) {
            self.defer(Waiting::Signal, move |e| e.signal(f));
        } else {
            self.signal(f);
        }
    }

    /// `perft`: counts leaf nodes to `depth` on the job thread.
    pub fn perft(&mut self, depth: u32) {
        self.start_job(move |e| e.start_perft(depth));
    }

    /// `bench`: searches the bench positions on the job thread.
    pub fn bench(&mut self, depth: Option<u32>) {
        let depth = depth.unwrap_or(bench::DEFAULT_DEPTH);
        self.start_job(move |e| e.start_bench(depth));
    }

    /// Runs `f` on the engine once everything asked before it is done (at once if
    /// nothing waits): for `d`, `eval` and the like, which read the state.
    pub fn inspect(&mut self, f: impl FnOnce(&Engine) + Send + 'static) {
        self.when_ready(false, move |e| f(e));
    }

    /// Called after [`Event::JobDone`]: joins the finished job and carries out what
    /// waited for it, in order, until one needs a search started meanwhile to end.
    pub fn resume(&mut self) {
        self.reap_finished();
        while let Some(d) = self.deferred.front() {
            if d.kind == (Waiting::Command { needs_idle: true }) && self.busy() {
                self.send_signals_for_running_job();
                break;
            }
            let d = self.deferred.pop_front().expect("front exists");
            (d.run)(self);
            self.reap_finished();
        }
    }

    /// Sends now the `stop`s and `ponderhit`s queued for the running job (those before
    /// the next job that waits), past the commands that wait for it to end: else a
    /// `stop` behind a `ucinewgame` or `Clear Hash` would wait for the very search it
    /// ends, and that search would never end.
    fn send_signals_for_running_job(&mut self) {
        let ahead = self
            .deferred
            .iter()
            .position(|d| d.kind == Waiting::Job)
            .unwrap_or(self.deferred.len());
        let mut i = 0;
        let mut left = ahead;
        while i < left {
            if self.deferred[i].kind == Waiting::Signal {
                let d = self.deferred.remove(i).expect("within the queue");
                (d.run)(self);
                left -= 1;
            } else {
                i += 1;
            }
        }
    }

    /// Ends everything before the engine goes away: the running job is stopped, what
    /// still waited is carried out (a search among it stopped at once, so that it
    /// still gives its `bestmove`), and the game in progress is learnt.
    pub fn quit(&mut self) {
        loop {
            self.stop_job();
            if self.deferred.is_empty() {
                break;
            }
            self.resume();
        }
        self.finish_learnt_game();
        self.join_finishing();
    }

    /// Carries out `f` now, or queues it: behind commands already waiting, or, if it
    /// `needs_idle`, behind a job still running.
    fn when_ready(&mut self, needs_idle: bool, f: impl FnOnce(&mut Engine) + Send + 'static) {
        self.reap_finished();
        if self.deferred.is_empty() && !(needs_idle && self.busy()) {
            f(self);
        } else {
            self.defer(Waiting::Command { needs_idle }, f);
        }
    }

    /// Starts a job now, or queues it behind waiting commands; then it still ends the
    /// running job at once, as it would if it came first.
    fn start_job(&mut self, f: impl FnOnce(&mut Engine) + Send + 'static) {
        self.reap_finished();
        if self.deferred.is_empty() {
            f(self);
        } else {
            self.signal(SearchControl::stop);
            self.defer(Waiting::Job, f);
        }
    }

    fn defer(&mut self, kind: Waiting, f: impl FnOnce(&mut Engine) + Send + 'static) {
        self.deferred.push_back(Deferred {
            kind,
            run: Box::new(f),
        });
    }

    fn signal(&self, f: fn(&SearchControl)) {
        if let Some(r) = &self.running {
            f(&r.clock);
        }
    }

    fn busy(&self) -> bool {
        self.running.is_some()
    }

    fn tell(&self, e: Event<'_>) {
        self.listener.event(e);
    }

    /// Reports a problem (the listener also logs it).
    fn warn(&self, msg: &str) {
        self.tell(Event::Warning(msg));
    }

    /// Moves a job whose result is out to the winding-down list.
    fn reap_finished(&mut self) {
        let over = self
            .running
            .as_ref()
            .is_some_and(|r| r.done.load(Ordering::Acquire) || r.thread.is_finished());
        if over {
            let r = self.running.take().expect("checked");
            self.finishing.push(r.thread);
        }
        self.finishing.retain(|t| !t.is_finished());
    }

    /// Stops the running job and waits for its result (not for its thread, which may
    /// still be writing a learning save).
    fn stop_job(&mut self) {
        if let Some(r) = self.running.take() {
            r.clock.stop();
            while !r.done.load(Ordering::Acquire) && !r.thread.is_finished() {
                std::thread::sleep(std::time::Duration::from_micros(100));
            }
            self.finishing.push(r.thread);
        }
    }

    fn join_finishing(&mut self) {
        for t in self.finishing.drain(..) {
            join(t);
        }
    }

    /// The table for exclusive use (the engine is idle, but a finished job's thread
    /// may still hold it for an instant).
    fn tt_mut(&mut self) -> &mut TranspositionTable {
        self.exclusive(|e| &mut e.tt, "the table")
    }

    /// The pool for exclusive use (see [`Engine::tt_mut`]).
    fn pool_mut(&mut self) -> &mut Pool {
        self.exclusive(|e| &mut e.pool, "the pool")
    }

    /// What `field` shares with the jobs (`what`), for exclusive use: if a job still
    /// holds it, the running one is stopped and the finishing ones joined first.
    fn exclusive<T>(&mut self, field: fn(&mut Engine) -> &mut Arc<T>, what: &str) -> &mut T {
        if Arc::get_mut(field(self)).is_none() {
            self.stop_job();
            self.join_finishing();
        }
        Arc::get_mut(field(self)).unwrap_or_else(|| panic!("no job holds {what}"))
    }

    fn setup(&mut self, start: &Start, moves: &[String]) {
        let fen = match start {
            Start::StartPos => START_FEN,
            Start::Fen(f) => f.as_str(),
        };
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let chess960 = self.settings.chess960;
        let setup = position::setup_in(fen, &moves, chess960);
        // A Chess960 array in standard chess: refused with what is missing, not mended
        // into a position without its castles. Only a FEN not read as it stands is read
        // again for this, not every `position` a GUI sends.
        let as_it_stands = matches!(&setup, Ok((_, mended, _)) if mended.is_empty());
        if !chess960 && !as_it_stands && Position::from_fen_in(fen, true).is_ok() {
            if let Err(e) = Position::from_fen_in(fen, false) {
                return self
                    .refuse_fen(fen, &format!("{e} (Chess960 castling needs UCI_Chess960)"));
            }
        }
        match setup {
            Ok((pos, mended, err)) => {
                for m in mended {
                    self.warn(&format!("position: FEN '{fen}' mended: {m}"));
                }
                if let Some(e) = err {
                    self.warn(&format!(
                        "position: {e}; moves stop there, position is {}",
                        pos.to_fen()
                    ));
                }
                self.position = pos;
                let save = self
                    .learning
                    .as_ref()
                    .map(|l| locked(l).on_position(&self.position));
                if let Some(save) = save {
                    self.save_later(save);
                }
            }
            Err(e) => self.refuse_fen(fen, &e.to_string()),
        }
    }

    /// Says why the FEN of a `position` was refused, and that the last position stays.
    fn refuse_fen(&self, fen: &str, why: &str) {
        self.warn(&format!(
            "position: invalid FEN '{fen}': {why}; keeping {}",
            self.position.to_fen()
        ))
    }

    /// A book move for a `go` that asks to play (not analyse): none with `infinite`,
    /// `ponder`, `mate` or `searchmoves`.
    fn book_move(&self, args: &GoArgs) -> Option<Move> {
        if self.settings.chess960 {
            return None;
        }
        let book = self.book.as_ref()?;
        let l = &args.limits;
        if l.infinite || l.ponder || l.mate.is_some() || !args.searchmoves.is_empty() {
            return None;
        }
        let mut rng = rand::rng();
        book.pick(&self.position, |n| rng.random_range(0..n.max(1)))
    }

    /// The limits of a `go`, with the options' part: root moves, MultiPV and, for a
    /// weaker player, a node cap over more candidate lines.
    fn search_limits(&self, args: &GoArgs, skill: Option<&Skill>) -> Limits {
        let mut searchmoves = Vec::new();
        for text in &args.searchmoves {
            match self.position.parse_move(text) {
                Ok(m) => searchmoves.push(m),
                Err(e) => self.warn(&format!("searchmoves: {e}")),
            }
        }
        let mut limits = Limits {
            searchmoves,
            multipv: self.settings.multipv,
            ..args.limits.clone()
        };
        if let Some(s) = skill {
            // A weaker player: a capped search over the best few moves, one of which
            // is chosen with an error (see skill.rs).
            limits.multipv = limits.multipv.max(skill::CANDIDATES);
            limits.nodes = Some(limits.nodes.map_or(s.node_cap(), |n| n.min(s.node_cap())));
        }
        limits
    }

    fn start_search(&mut self, args: GoArgs, start: Instant) {
        for w in &args.warnings {
            self.warn(w);
        }
        // One job at a time: a second `go` first ends the first (with its bestmove).
        self.stop_job();
        self.take_up_tablebases(Duration::ZERO);
        if let Some(m) = self.book_move(&args) {
            self.tell(Event::Note(&format!("book move {m}")));
            self.tell(Event::BestMove {
                best: Some(m),
                ponder: None,
            });
            return;
        }
        let s = &self.settings;
        let skill = Skill::from_options(s.skill_level, s.limit_strength, s.elo);
        let limits = self.search_limits(&args, skill.as_ref());
        self.tt.new_search();
        if let Some(l) = &self.learning {
            locked(l).seed(&self.tt);
        }
        let clock = Arc::new(SearchControl::new(start, limits.ponder));
        let overhead = self.learn_lag(&limits, &clock);
        let job = SearchJob {
            pos: self.position.clone(),
            limits,
            overhead,
            debug: self.debug,
            show_wdl: self.settings.show_wdl,
            shown_lines: self.settings.multipv.max(1),
            skill,
            tt: Arc::clone(&self.tt),
            pool: Arc::clone(&self.pool),
            learning: self.learning.clone(),
            listener: Arc::clone(&self.listener),
        };
        let fallback = (self.position.legal_moves().first()).map(|&m| self.position.as_written(m));
        if !self.spawn("search", clock, move |clock, done| job.run(clock, done)) {
            self.tell(Event::BestMove {
                best: fallback,
                ponder: None,
            });
        }
    }

    /// Tells the lag tracker of this `go` and returns the overhead to keep back: `Move
    /// Overhead` and the learnt lag. Says so when the side to move has no clock.
    fn learn_lag(&mut self, limits: &Limits, clock: &SearchControl) -> u64 {
        let us = self.position.side_to_move();
        let game_ply = 2 * (self.position.fullmove_number().max(1) as usize - 1)
            + (us == Color::Black) as usize;
        self.lag.on_go(limits, us, game_ply, clock.spent());
        let overhead = self.settings.move_overhead_ms + self.lag.estimate_ms();
        if limits.lacks_own_clock(us) {
            let side = match us {
                Color::White => "white",
                Color::Black => "black",
            };
            self.warn(&format!(
                "go: no clock given for {side}, the side to move: moving at once"
            ));
        }
        if self.debug {
            let d = limits.deadlines(us, overhead);
            self.tell(Event::Note(&format!(
                "deadlines soft {:?} hard {:?} ms, overhead {} ms (of which measured lag {} ms)",
                d.soft,
                d.hard,
                overhead,
                self.lag.estimate_ms()
            )));
        }
        overhead
    }

    fn start_perft(&mut self, depth: u32) {
        let pos = self.position.clone();
        self.start_counting(
            "perft",
            move |control, listener| match position::perft::report_until(&pos, depth, &|| {
                control.stopped()
            }) {
                Some(lines) => listener.event(Event::Perft(&lines)),
                None => listener.event(Event::PerftStopped),
            },
        );
    }

    fn start_bench(&mut self, depth: u32) {
        self.start_counting("bench", move |control, listener| {
            let r = bench::run_until(depth, control);
            listener.event(Event::Bench(&r));
        });
    }

    /// Starts a job that counts until it is done or stopped (`perft`, `bench`): it
    /// ends the running job first, and once `task` has sent its result the job is
    /// done.
    fn start_counting(
        &mut self,
        what: &str,
        task: impl FnOnce(&SearchControl, &dyn Listener) + Send + 'static,
    ) {
        self.stop_job();
        let listener = Arc::clone(&self.listener);
        let control = Arc::new(SearchControl::new(Instant::now(), false));
        self.spawn(what, control, move |control, done| {
            task(control, &*listener);
            done.store(true, Ordering::Release);
            listener.event(Event::JobDone);
        });
    }

    /// Runs `task` on its own thread, as the one running job that `stop` and `quit`
    /// end through `clock`. The task sets `done` when its result is out. Returns false
    /// (after saying why) if no thread could be started.
    fn spawn(
        &mut self,
        what: &str,
        clock: Arc<SearchControl>,
        task: impl FnOnce(&SearchControl, &AtomicBool) + Send + 'static,
    ) -> bool {
        let thread_clock = Arc::clone(&clock);
        let done = Arc::new(AtomicBool::new(false));
        let thread_done = Arc::clone(&done);
        let thread = std::thread::Builder::new()
            .name(what.into())
            .stack_size(search::THREAD_STACK_BYTES)
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
                self.warn(&format!("cannot start the {what} thread: {e}"));
                false
            }
        }
    }
}

fn join(thread: JoinHandle<()>) {
    if thread.join().is_err() {
        warn!("job thread panicked");
    }
}

/// The learning state, also after a thread panicked holding it (its data stays
/// consistent: every update is a single insert).
fn locked(learning: &Mutex<Learning>) -> std::sync::MutexGuard<'_, Learning> {
    learning.lock().unwrap_or_else(|e| e.into_inner())
}
