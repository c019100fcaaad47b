//! `tiefe-tools datagen`: training positions for the evaluation tuner, from self-play.
//!
//! Each game starts from the start position, or from a position of an opening book
//! (`--book`), or, for a share of the games, from a Chess960 or double Fischer Random
//! array (`--chess960`, `--dfrc`; see [`Starts`]), with a few random plies (from a
//! seeded generator, so a run can be repeated exactly), then Tiefe plays itself at a
//! fixed node budget (`--nodes`) or depth (`--depth`) per move. Every searched position
//! not in check is labelled with its search score after being *resolved* along the
//! search's own line (see [`label`]): the captures and promotions the principal
//! variation starts with are played, so that the written position is the quiet one the
//! search expects once the exchanges are over.
//! When the game ends, each kept position is written with the result:
//!
//! ```text
//! <fen> | <score in centipawns, White's view> | <result for White: 1.0, 0.5 or 0.0>
//! ```
//!
//! The FEN of a Chess960 game's position has a Shredder-FEN castling field (the rooks'
//! files, `HFhf`), which the tuner reads in Chess960 mode ([`crate::fen::read_fen`]);
//! a standard game's has `KQkq` as before, so one file holds both.
//!
//! A game's lines are written and flushed together when it ends, so stopping the run
//! (Ctrl-C) keeps every finished game and never leaves half a line. After each game a
//! small state file, `<out>.state` (see [`State`]), records where the sequence of games
//! stands, so that running the same command again continues it instead of replaying
//! the same games. Several processes with different seeds and output files run side by
//! side; two processes must never share an output file.
//!
//! [`pgn`] (`tiefe-tools datagen-pgn`) writes the same lines from games already played, such
//! as the matches' PGNs, labelled with the scores the engines wrote beside their moves.

pub mod pgn;
mod starts;

pub use starts::{opening, Book, Share, Starts};

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::time::Instant;

use rand::rngs::StdRng;
use rand::SeedableRng;
use tiefe::types::ChessMove;

use tiefe::position::Position;
use tiefe::score::MATE_BOUND;
use tiefe::search::{Outcome, Request, SearchControl, Worker};
use tiefe::time::Limits;
use tiefe::tt::{Bound, TranspositionTable};

/// Random plies before each game without a book: enough for varied games from the one
/// start position.
const RANDOM_PLIES: u32 = 8;
/// Random plies after a book position: the book already varies the openings, and
/// random moves on top of a balanced book line mostly spoil it.
const RANDOM_PLIES_BOOK: u32 = 2;

/// What a datagen run does; also the options of `tiefe-tools datagen`, so that the command
/// line and the library share one set of defaults (those of [`Config::default`]).
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
// A repeated option takes its last value, so that a script can append an override.
#[command(args_override_self = true)]
#[command(group = clap::ArgGroup::new("variant_starts").multiple(true))]
pub struct Config {
    /// File the positions are appended to; `<FILE>.state` records where the sequence of
    /// games stands, so that the same command run again continues it.
    #[arg(long, value_name = "FILE", default_value_t = Config::default().out)]
    pub out: String,
    /// Stop after this many games in this run (default: no limit), or after
    /// --positions, whichever comes first.
    #[arg(
        long,
        value_name = "N",
        default_value_t = Config::default().games,
        hide_default_value = true
    )]
    pub games: u64,
    /// Stop after this many positions in this run, or after --games, whichever comes
    /// first.
    #[arg(long, value_name = "N", default_value_t = Config::default().positions)]
    pub positions: u64,
    /// Nodes searched per move (0 counts as 1).
    #[arg(
        long,
        value_name = "N",
        default_value_t = Config::default().nodes,
        value_parser = at_least_one
    )]
    pub nodes: u64,
    /// Search each move to this depth (1 to 64) instead of --nodes.
    #[arg(
        long,
        value_name = "N",
        conflicts_with = "nodes",
        value_parser = clap::value_parser!(u32).range(1..=64)
    )]
    pub depth: Option<u32>,
    /// Seed of the random openings: the same seed plays the same games, and processes
    /// run side by side need different seeds.
    #[arg(long, value_name = "N", default_value_t = Config::default().seed)]
    pub seed: u64,
    /// Random plies at the start of each game (one more in every other game, so that
    /// both colours start to move); more than 40 counts as 40 [default: 8, or 2 with
    /// --book].
    #[arg(long, value_name = "N", value_parser = at_most_40)]
    pub random_plies: Option<u32>,
    /// Start each standard game from a position of this file, chosen by the seeded
    /// generator: one FEN or EPD line each (the first four fields; EPD operations after
    /// them are ignored, and so are lines that are not a legal position).
    #[arg(long, value_name = "FILE")]
    pub book: Option<String>,
    /// Chess960 starts: a file of arrays, one EPD or FEN line each (Shredder-FEN or
    /// X-FEN castling fields). The share of games --chess960-fraction gives starts from
    /// them, is played in Chess960 mode, and is written with Shredder-FEN castling
    /// fields.
    #[arg(long, value_name = "FILE", group = "variant_starts")]
    pub chess960: Option<String>,
    /// Double Fischer Random starts (each side its own array), as --chess960; with
    /// both, a Chess960 game picks one of the two files with even odds.
    #[arg(long, value_name = "FILE", group = "variant_starts")]
    pub dfrc: Option<String>,
    /// The share of games (0 to 1) that start from --chess960 or --dfrc, the others
    /// from the start position or --book [default: 1, with --chess960 or --dfrc].
    #[arg(long, value_name = "F", requires = "variant_starts")]
    pub chess960_fraction: Option<Share>,
    /// Transposition table size in megabytes (1 to 1024). A game searches a few
    /// hundred thousand nodes, so a small table that stays in the processor's cache
    /// loses nothing and searches faster than a large one.
    #[arg(
        long,
        value_name = "MB",
        default_value_t = Config::default().hash,
        value_parser = clap::value_parser!(u64).range(1..=1024)
    )]
    pub hash: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            out: "datagen.txt".into(),
            games: u64::MAX,
            positions: 1_000_000,
            nodes: 3_000,
            depth: None,
            seed: 1,
            random_plies: None,
            book: None,
            chess960: None,
            dfrc: None,
            chess960_fraction: None,
            hash: 2,
        }
    }
}

impl Config {
    /// The random plies each game starts with (before the extra one of every other
    /// game): `--random-plies`, or its default, which is smaller with a book.
    pub fn plies(&self) -> u32 {
        self.random_plies.unwrap_or(if self.book.is_some() {
            RANDOM_PLIES_BOOK
        } else {
            RANDOM_PLIES
        })
    }

    /// The share of games that start from a Chess960 or DFRC array: none without such
    /// starts, else `--chess960-fraction`, all by default.
    pub fn chess960_share(&self) -> Share {
        if self.chess960.is_none() && self.dfrc.is_none() {
            Share::NONE
        } else {
            self.chess960_fraction.unwrap_or(Share::ALL)
        }
    }

    /// The limits of each move's search: the depth if one is given, else the nodes.
    pub fn limits(&self) -> Limits {
        self.limits_divided_by(1, 1)
    }

    /// The limits of a search in a position whose side to move is in check. Such a
    /// position is not labelled (its quiet evasions would leave a position in check, and
    /// after a capture of the checker the game reaches the resolved position itself,
    /// labelled more directly there), so its search only chooses the game's move: an
    /// eighth of the budget (or a third of the depth, at least 1) does that among the
    /// few evasions there are.
    pub fn evasion_limits(&self) -> Limits {
        self.limits_divided_by(3, 8)
    }

    /// The depth divided by `depth_div`, else the nodes by `nodes_div`, at least 1.
    fn limits_divided_by(&self, depth_div: u32, nodes_div: u64) -> Limits {
        match self.depth {
            Some(d) => Limits {
                depth: Some((d / depth_div).max(1)),
                ..Limits::default()
            },
            None => Limits {
                nodes: Some((self.nodes / nodes_div).max(1)),
                ..Limits::default()
            },
        }
    }
}

/// `--nodes`: a budget of no nodes means nothing, so 0 is read as 1 (as it always
/// was) rather than refused.
fn at_least_one(s: &str) -> Result<u64, String> {
    s.parse::<u64>()
        .map(|n| n.max(1))
        .map_err(|e| e.to_string())
}

/// `--random-plies`: capped at 40, the cap the option has always had (larger numbers
/// are read as 40 rather than refused).
fn at_most_40(s: &str) -> Result<u32, String> {
    s.parse::<u64>()
        .map(|n| n.min(40) as u32)
        .map_err(|e| e.to_string())
}

/// Totals of a run (this run only; the state file holds those of the output file).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games played to their end and written.
    pub games: u64,
    /// Positions written (lines of the output).
    pub positions: u64,
}

/// One training position as a game keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    /// The position written: the searched one after the captures and promotions its
    /// principal variation starts with.
    pub fen: String,
    /// The search score, White's view.
    pub score: i32,
    /// How many plies of the principal variation were played to reach `fen`.
    pub resolved: usize,
    /// The rest of the principal variation, from `fen`: it starts with a quiet move
    /// (or is empty when the search stood pat there).
    pub rest: Vec<ChessMove>,
    /// The written position's key, to keep it once per game.
    key: u64,
}

impl Kept {
    /// Its line in the training file, with White's `result` of its game: `fen | score |
    /// result` (the format at the top of this module, which `tiefe-tools tune` reads).
    pub fn line(&self, result: f32) -> String {
        format!("{} | {} | {result:.1}\n", self.fen, self.score)
    }
}

/// The position the search expects once the exchanges are over: `pos` after the
/// captures and promotions (en passant included) that `pv` starts with, and the rest
/// of `pv` from there. It is quiet as far as the search saw: the next move of its line
/// is quiet, or the line ends there because the quiescence search stood pat. `None`
/// when it is not a position to learn from: the side to move is in check (a capture
/// gave check and the line goes on with a quiet evasion, or the searched position is
/// in check and its best move is quiet), or the game is over or drawn there. `pv` must
/// be legal from `pos` (as [`Outcome::pv`] is); the walk stops at a move that is not.
pub fn resolve(pos: &Position, pv: &[ChessMove]) -> Option<(Position, usize, Vec<ChessMove>)> {
    let mut p = pos.clone();
    let mut n = 0;
    while let Some(&m) = pv.get(n) {
        if !p.is_legal(m) || !(p.is_capture(m) || m.get_promotion().is_some()) {
            break;
        }
        p.make_move(m);
        n += 1;
    }
    if p.in_check() || !p.has_legal_move() || p.is_draw(p.ply_count()) {
        return None;
    }
    Some((p, n, pv[n..].to_vec()))
}

/// The training position a search of `pos` gives, if any: `pos` resolved along the
/// search's principal variation (see [`resolve`]; the best move alone when the
/// outcome has no line starting with it), labelled with the search score. The score is
/// the searched position's, from the view of the side to move there, turned into
/// White's view by that side (not by the side to move of the resolved position, which
/// differs after an odd number of captures). Mate scores are left out: they say
/// nothing the evaluation could learn. So are bounds: a search cut by its node budget
/// plays a move that beat the last iteration's in the unfinished one, with that score
/// (only a lower bound) and often no line beyond the move (its reply failed low), so a
/// capture's recapture would be left pending in the written position.
pub fn label(pos: &Position, out: &Outcome) -> Option<Kept> {
    let best = out.best?;
    if out.score.abs() >= MATE_BOUND || out.bound != Bound::Exact {
        return None;
    }
    let pv = if out.pv.first() == Some(&best) {
        &out.pv[..]
    } else {
        std::slice::from_ref(&best)
    };
    let (resolved, plies, rest) = resolve(pos, pv)?;
    let score = if pos.side_to_move() == tiefe::types::Color::White {
        out.score
    } else {
        -out.score
    };
    Some(Kept {
        fen: resolved.to_fen(),
        score,
        resolved: plies,
        rest,
        key: resolved.key(),
    })
}

/// Adds `k` to a game's `kept` positions unless the game already has its position
/// (`seen`: key to index in `kept`); then the label from the more direct search (fewer
/// resolved plies; the first on a tie) stays.
fn keep_once(kept: &mut Vec<Kept>, seen: &mut HashMap<u64, usize>, k: Kept) {
    match seen.get(&k.key) {
        Some(&i) if kept[i].resolved > k.resolved => kept[i] = k,
        Some(_) => {}
        None => {
            seen.insert(k.key, kept.len());
            kept.push(k);
        }
    }
}

/// Longest game played out (plies after the random opening); then it is a draw.
const MAX_PLIES: usize = 400;
/// A score this large (centipawns) for this many plies in a row ends the game as a win.
const WIN_SCORE: i32 = 1_500;
const WIN_PLIES: u32 = 6;

/// One game: the kept positions and White's result; `None` when the opening leaves no
/// game to play. A position reached more than once in the game (a repetition, or a
/// resolved position that the game then reaches itself) is kept once, with the label
/// of the search that looked at it most directly (fewest resolved plies, then the
/// first), so that no position weighs twice.
pub fn play_game(
    rng: &mut StdRng,
    worker: &mut Worker,
    tt: &mut TranspositionTable,
    cfg: &Config,
    starts: &Starts,
    game_index: u64,
) -> Option<(Vec<Kept>, f32)> {
    let mut pos = opening(rng, cfg, starts, game_index)?;
    tt.clear();
    worker.clear();
    let limits = cfg.limits();
    let evasion_limits = cfg.evasion_limits();
    let mut kept: Vec<Kept> = Vec::new();
    // Where each kept position (by its key) is in `kept`.
    let mut seen: HashMap<u64, usize> = HashMap::new();
    let mut winning = 0u32;
    let mut last_sign = 0;
    for _ in 0..MAX_PLIES {
        if !pos.has_legal_move() {
            let result = if pos.in_check() {
                // The side to move is mated.
                if pos.side_to_move() == tiefe::types::Color::White {
                    0.0
                } else {
                    1.0
                }
            } else {
                0.5
            };
            return Some((kept, result));
        }
        if pos.is_draw(pos.ply_count()) {
            return Some((kept, 0.5));
        }
        tt.new_search();
        let clock = SearchControl::new(Instant::now(), false);
        let evading = pos.in_check();
        let limits = if evading { &evasion_limits } else { &limits };
        let out = worker.search(&mut pos, Request::new(limits, tt, &clock), &mut |_| {});
        let best = out.best?;
        if !evading {
            if let Some(k) = label(&pos, &out) {
                keep_once(&mut kept, &mut seen, k);
            }
        }
        let white = if pos.side_to_move() == tiefe::types::Color::White {
            out.score
        } else {
            -out.score
        };
        let sign = if white >= WIN_SCORE {
            1
        } else if white <= -WIN_SCORE {
            -1
        } else {
            0
        };
        if sign != 0 && sign == last_sign {
            winning += 1;
        } else {
            winning = (sign != 0) as u32;
        }
        last_sign = sign;
        if winning >= WIN_PLIES {
            return Some((kept, if sign > 0 { 1.0 } else { 0.0 }));
        }
        pos.make_move(best);
    }
    Some((kept, 0.5))
}

/// Where the sequence of games written to an output file stands: the sidecar
/// `<out>.state`, rewritten (to a temporary file, then renamed over it, so it is always
/// whole) after every game. Running the same command again replays the openings of
/// the games already played (cheap: no search) to bring the seeded generator to game
/// `next_game`, and goes on from there, so that two runs of N games write exactly what
/// one run of 2N would. The settings that decide the openings (seed, random plies,
/// book, Chess960 starts and their share) are recorded and must match;
/// `--nodes`/`--depth` may change between runs. `bytes`, the output's length after the
/// last recorded game, catches an output written past the state (the run stopped
/// between the two writes: the last game would be played again) or cut or replaced
/// since: the run then refuses to go on rather than duplicate or misnumber games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// The `--seed` of the sequence: another seed is another sequence of games.
    pub seed: u64,
    /// The random plies after each opening (as clamped), which decide the openings too.
    pub random_plies: u32,
    /// The `--book` path as given, or `-`.
    pub book: String,
    /// The `--chess960` path as given, or `-`.
    pub chess960: String,
    /// The `--dfrc` path as given, or `-`.
    pub dfrc: String,
    /// The share of games from those two ([`Config::chess960_share`]).
    pub chess960_fraction: Share,
    /// Games written to the output file so far, over all runs.
    pub games: u64,
    /// Positions written to the output file so far, over all runs.
    pub positions: u64,
    /// The index of the next game (games are numbered from 1; an opening that left no
    /// game counts too).
    pub next_game: u64,
    /// The output file's length in bytes after the last recorded game.
    pub bytes: u64,
}

impl State {
    /// The state of a sequence that has not started yet, for an output of `bytes`.
    fn new(cfg: &Config, bytes: u64) -> State {
        let path = |p: &Option<String>| p.clone().unwrap_or_else(|| "-".into());
        State {
            seed: cfg.seed,
            random_plies: cfg.plies(),
            book: path(&cfg.book),
            chess960: path(&cfg.chess960),
            dfrc: path(&cfg.dfrc),
            chess960_fraction: cfg.chess960_share(),
            games: 0,
            positions: 0,
            next_game: 1,
            bytes,
        }
    }

    /// The state file's path for output `out`.
    pub fn path(out: &str) -> String {
        format!("{out}.state")
    }

    /// The file's text: one `key value` line each.
    pub fn text(&self) -> String {
        format!(
            "seed {}\nrandom_plies {}\nbook {}\nchess960 {}\ndfrc {}\nchess960_fraction {}\n\
             games {}\npositions {}\nnext_game {}\nbytes {}\n",
            self.seed,
            self.random_plies,
            self.book,
            self.chess960,
            self.dfrc,
            self.chess960_fraction,
            self.games,
            self.positions,
            self.next_game,
            self.bytes
        )
    }

    /// Reads [`State::text`]; `None` if a key is missing or a number is not one. The
    /// Chess960 keys may be missing: a state written before they existed is that of a
    /// run without Chess960 starts, and goes on as one.
    pub fn parse(text: &str) -> Option<State> {
        let get = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix(' '))
                .map(str::trim)
        };
        let num = |key: &str| get(key)?.parse::<u64>().ok();
        let fraction = match get("chess960_fraction") {
            Some(f) => f.parse().ok()?,
            None => Share::NONE,
        };
        Some(State {
            seed: num("seed")?,
            random_plies: u32::try_from(num("random_plies")?).ok()?,
            book: get("book")?.to_string(),
            chess960: get("chess960").unwrap_or("-").to_string(),
            dfrc: get("dfrc").unwrap_or("-").to_string(),
            chess960_fraction: fraction,
            games: num("games")?,
            positions: num("positions")?,
            next_game: num("next_game")?.max(1),
            bytes: num("bytes")?,
        })
    }

    /// The state recorded for output `out`, if there is one.
    fn load(out: &str) -> io::Result<Option<State>> {
        let path = State::path(out);
        match std::fs::read_to_string(&path) {
            Ok(text) => State::parse(&text).map(Some).ok_or_else(|| {
                io::Error::new(io::ErrorKind::InvalidData, format!("{path}: not a state"))
            }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io::Error::new(e.kind(), format!("{path}: {e}"))),
        }
    }

    /// Writes the state for output `out`: to a temporary file, synced, then renamed.
    fn save(&self, out: &str) -> io::Result<()> {
        let path = State::path(out);
        let tmp = format!("{path}.tmp");
        let mut f = File::create(&tmp)?;
        f.write_all(self.text().as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, &path)
    }

    /// The settings that decide the openings, as (option, this state's, `other`'s).
    fn settings(&self, other: &State) -> [(&'static str, String, String); 6] {
        [
            ("--seed", self.seed.to_string(), other.seed.to_string()),
            (
                "--random-plies",
                self.random_plies.to_string(),
                other.random_plies.to_string(),
            ),
            ("--book", self.book.clone(), other.book.clone()),
            ("--chess960", self.chess960.clone(), other.chess960.clone()),
            ("--dfrc", self.dfrc.clone(), other.dfrc.clone()),
            (
                "--chess960-fraction",
                self.chess960_fraction.to_string(),
                other.chess960_fraction.to_string(),
            ),
        ]
    }

    /// Why this state cannot be continued by `cfg` on an output of `bytes`, if it
    /// cannot.
    fn mismatch(&self, cfg: &Config, bytes: u64) -> Option<String> {
        let want = State::new(cfg, bytes);
        let state = State::path(&cfg.out);
        if let Some((name, had, now)) = self.settings(&want).into_iter().find(|s| s.1 != s.2) {
            return Some(format!(
                "{state} was written with {name} {had}, this run has {now}; run with the \
                 same settings, or another --out"
            ));
        }
        (self.bytes != bytes).then(|| {
            format!(
                "{} has {bytes} bytes but {state} records {} (written past the state when a \
                 run stopped, or changed since); cut it to {} bytes to go on, or remove the \
                 state file to start the games over",
                cfg.out, self.bytes, self.bytes
            )
        })
    }

    /// The state `cfg` goes on from on an output of `bytes`: the one recorded, if it
    /// matches, else a new sequence of games (told on stderr when the output already
    /// has lines of unknown games).
    fn resume(recorded: Option<State>, cfg: &Config, bytes: u64) -> io::Result<State> {
        let Some(s) = recorded else {
            if bytes > 0 {
                eprintln!(
                    "datagen: {} has lines but no {}: its games are not known, and this \
                     run starts the sequence of --seed {} from the first game",
                    cfg.out,
                    State::path(&cfg.out),
                    cfg.seed
                );
            }
            return Ok(State::new(cfg, bytes));
        };
        if let Some(why) = s.mismatch(cfg, bytes) {
            return Err(io::Error::other(why));
        }
        eprintln!(
            "datagen: {} holds {} games, {} positions; going on with game {}",
            cfg.out, s.games, s.positions, s.next_game
        );
        Ok(s)
    }

    /// Counts a game whose lines, `text`, holding `positions` positions, were written.
    fn add_game(&mut self, text: &str, positions: u64) {
        self.games += 1;
        self.positions += positions;
        self.bytes += text.len() as u64;
    }
}

/// Appends a game's lines to `file` at once, and on disk before the state says so,
/// so that the state never runs ahead of the output. Returns the text written.
fn write_game(file: &mut File, kept: &[Kept], result: f32) -> io::Result<String> {
    let text: String = kept.iter().map(|k| k.line(result)).collect();
    file.write_all(text.as_bytes())?;
    file.flush()?;
    file.sync_data()?;
    Ok(text)
}

/// Runs datagen, appending to `cfg.out` and continuing the sequence of games that
/// `<out>.state` records, with progress (games, positions, positions per second) on
/// stderr every 10 seconds or so.
pub fn run(cfg: &Config) -> io::Result<Summary> {
    let starts = Starts::load(cfg)?;
    let recorded = State::load(&cfg.out)?;
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&cfg.out)?;
    let bytes = file.metadata()?.len();
    let mut state = State::resume(recorded, cfg, bytes)?;
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    for game_index in 1..state.next_game {
        opening(&mut rng, cfg, &starts, game_index);
    }
    let mut worker = Worker::new();
    let mut tt = TranspositionTable::new(cfg.hash as usize);
    let start = Instant::now();
    let mut last_report = Instant::now();
    let mut sum = Summary::default();
    while sum.games < cfg.games && sum.positions < cfg.positions {
        let game_index = state.next_game;
        state.next_game += 1;
        let game = play_game(&mut rng, &mut worker, &mut tt, cfg, &starts, game_index);
        if let Some((kept, result)) = game {
            let text = write_game(&mut file, &kept, result)?;
            sum.games += 1;
            sum.positions += kept.len() as u64;
            state.add_game(&text, kept.len() as u64);
        }
        state.save(&cfg.out)?;
        if last_report.elapsed().as_secs() >= 10 {
            last_report = Instant::now();
            let left = cfg.positions.saturating_sub(sum.positions) as f64;
            let eta = left / rate(&sum, start).max(0.001) / 60.0;
            eprintln!("datagen: {}, ETA {eta:.0} min", progress(&sum, start));
        }
    }
    eprintln!(
        "datagen: {}; {} holds {} games, {} positions",
        progress(&sum, start),
        cfg.out,
        state.games,
        state.positions
    );
    Ok(sum)
}

/// This run's positions per second.
fn rate(sum: &Summary, start: Instant) -> f64 {
    sum.positions as f64 / start.elapsed().as_secs_f64().max(0.001)
}

/// The progress line: this run's games, positions and positions per second.
fn progress(sum: &Summary, start: Instant) -> String {
    format!(
        "{} games, {} positions, {:.1} positions/s",
        sum.games,
        sum.positions,
        rate(sum, start)
    )
}
