//! The UCI layer: reads lines, parses them into [`Command`]s, hands them to the
//! [`Engine`] facade and formats what it says. It knows nothing of alpha and beta, nor
//! of the engine's state.
//!
//! Threads: a reader thread turns input into lines; this loop takes them, in order,
//! together with the engine's word that a job has ended ([`Event::JobDone`]), so that
//! `isready`, `stop` and `quit` are answered at once during a search and commands that
//! waited for a search are carried out as soon as its `bestmove` is out. Output goes
//! through one lock, one line at a time, from this loop and from the search thread.

pub mod command;
pub mod format;

use std::io::{BufRead, Write};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};

use log::{debug, warn};

pub use command::{Command, ParseError};
pub use format::{stats_text, AUTHOR, NAME};

use crate::engine::{Engine, Event, Listener, OPTIONS};

/// Longest input line kept (bytes); the rest of a longer line is discarded.
pub const MAX_LINE: usize = 16 << 20;

/// What the loop waits for.
enum Input {
    /// One line of input, and what was wrong with it (too long, not UTF-8).
    Line(String, Vec<String>),
    /// The engine's running job is over.
    JobDone,
    /// End of input, or input that cannot be read.
    End,
}

/// The engine's output on the wire: formats events into lines on `out`, and passes the
/// end of a job on to the loop.
struct Wire {
    out: Mutex<Box<dyn Write + Send>>,
    wake: Mutex<Sender<Input>>,
    /// `Debug Log File`: where every line in and out is copied, if anywhere.
    log: Mutex<Option<std::fs::File>>,
}

impl Wire {
    /// Writes lines (flushed, and logged at `debug`) as one block.
    fn send(&self, lines: &[String]) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        for line in lines {
            debug!(">> {line}");
            // A closed output leaves nothing to talk to; the engine ends at the next read.
            let _ = writeln!(out, "{line}");
        }
        let _ = out.flush();
        self.copy_to_log(">>", lines);
    }

    /// Copies lines to the `Debug Log File`, if one is open, marked `<<` (in) or `>>`
    /// (out) as Stockfish marks them. A failed write is not worth stopping a game for.
    fn copy_to_log(&self, mark: &str, lines: &[String]) {
        let mut log = self.log.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(f) = log.as_mut() {
            for line in lines {
                let _ = writeln!(f, "{mark} {line}");
            }
            let _ = f.flush();
        }
    }

    /// Reports a problem with the input: to the GUI as `info string`, to stderr at `warn`.
    fn complain(&self, msg: &str) {
        self.event(Event::Warning(msg));
    }
}

impl Listener for Wire {
    fn log_to(&self, path: &str) -> Result<(), String> {
        let file = if path.is_empty() {
            None
        } else {
            let f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open '{path}': {e}"))?;
            Some(f)
        };
        *self.log.lock().unwrap_or_else(|e| e.into_inner()) = file;
        Ok(())
    }

    fn event(&self, e: Event<'_>) {
        match e {
            Event::JobDone => {
                let wake = self.wake.lock().unwrap_or_else(|e| e.into_inner());
                let _ = wake.send(Input::JobDone);
            }
            Event::Warning(msg) => {
                warn!("{msg}");
                self.send(&format::event_lines(&e));
            }
            _ => self.send(&format::event_lines(&e)),
        }
    }
}

/// Speaks UCI on `input` and `output` until `quit` or end of input, then stops any
/// search and returns. Input is read as bytes: a line that is not valid UTF-8 is
/// reported and handled with the bad bytes replaced, never the end of the engine; a
/// line longer than [`MAX_LINE`] bytes is reported and its excess discarded unread.
pub fn run(input: impl BufRead + Send + 'static, output: impl Write + Send + 'static) {
    let (tx, rx) = channel();
    let wire = Arc::new(Wire {
        out: Mutex::new(Box::new(output)),
        wake: Mutex::new(tx.clone()),
        log: Mutex::new(None),
    });
    let mut engine = Engine::new(wire.clone());
    let reader = std::thread::Builder::new()
        .name("input".into())
        .spawn(move || read_lines(input, &tx));
    if let Err(e) = reader {
        warn!("cannot start the input thread ({e}); quitting");
        return engine.quit();
    }
    while let Ok(input) = rx.recv() {
        match input {
            Input::Line(line, problems) => {
                wire.copy_to_log("<<", std::slice::from_ref(&line));
                for p in problems {
                    wire.complain(&p);
                }
                if handle(&mut engine, &wire, &line) == Flow::Quit {
                    break;
                }
            }
            Input::JobDone => engine.resume(),
            Input::End => break,
        }
    }
    engine.quit();
}

/// The reader thread: sends each line to the loop, then [`Input::End`].
fn read_lines(mut input: impl BufRead, tx: &Sender<Input>) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let (read, overflow) = match read_line_bounded(&mut input, &mut buf, MAX_LINE) {
            Ok(r) => r,
            Err(e) => {
                warn!("input is unreadable ({e}); quitting");
                break;
            }
        };
        if read == 0 {
            break;
        }
        let mut problems = Vec::new();
        if overflow {
            problems.push(format!(
                "input line longer than {MAX_LINE} bytes: the rest of it was ignored"
            ));
        }
        let text = String::from_utf8_lossy(&buf);
        if let std::borrow::Cow::Owned(_) = text {
            problems.push("input line is not valid UTF-8: invalid bytes replaced".into());
        }
        let line = text.trim_end_matches(['\r', '\n']).to_string();
        debug!("<< {line}");
        if tx.send(Input::Line(line, problems)).is_err() {
            return;
        }
    }
    let _ = tx.send(Input::End);
}

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

/// What the loop should do after a command.
#[derive(Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// Parses one line and hands it to the engine.
fn handle(engine: &mut Engine, wire: &Arc<Wire>, line: &str) -> Flow {
    let cmd = match line.parse::<Command>() {
        Ok(c) => c,
        Err(ParseError::Empty) => {
            debug!("blank line ignored");
            return Flow::Continue;
        }
        Err(ParseError::Unknown(word)) => {
            warn!("unknown command '{word}' ignored");
            wire.send(&[format!("info string unknown command '{word}'")]);
            return Flow::Continue;
        }
        Err(e) => {
            wire.complain(&e.to_string());
            return Flow::Continue;
        }
    };
    match cmd {
        Command::Uci => {
            let wire = Arc::clone(wire);
            engine.inspect(move |_| wire.send(&format::handshake(OPTIONS)));
        }
        Command::Debug(on) => engine.set_debug(on),
        Command::IsReady => engine.is_ready(),
        Command::Register => {}
        Command::SetOption { name, value } => engine.set_option(&name, value.as_deref()),
        Command::UciNewGame => engine.new_game(),
        Command::Position { start, moves } => engine.set_position(start, moves),
        Command::Go(args) => engine.go(args),
        Command::Stop => engine.stop(),
        Command::PonderHit => engine.ponderhit(),
        Command::Quit => return Flow::Quit,
        Command::Perft(depth) => engine.perft(depth),
        Command::Bench(depth) => engine.bench(depth),
        Command::Display => {
            let wire = Arc::clone(wire);
            engine.inspect(move |e| wire.send(&format::display(e.position(), e.hash_mb())));
        }
        Command::Eval => {
            let wire = Arc::clone(wire);
            engine.inspect(move |e| wire.send(&format::eval_table(e.position())));
        }
    }
    Flow::Continue
}
