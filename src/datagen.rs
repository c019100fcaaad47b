//! `tiefe datagen`: training positions for the evaluation tuner, from self-play.
//!
//! Each game starts from the start position with a few random plies (from a seeded
//! generator, so a run can be repeated exactly), then Tiefe plays itself at a fixed node
//! budget per move. Quiet positions (side to move not in check, best move neither a
//! capture nor a promotion, score not a mate) are kept with the search score; when the
//! game ends, each is written with the result:
//!
//! ```text
//! <fen> | <score in centipawns, White's view> | <result for White: 1.0, 0.5 or 0.0>
//! ```
//!
//! A game's lines are written and flushed together when it ends, so stopping the run
//! (Ctrl-C) keeps every finished game and never leaves half a line. Several processes
//! with different seeds and output files run side by side.

use std::fs::OpenOptions;
use std::io::Write;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::position::Position;
use crate::score::MATE_BOUND;
use crate::search::{SearchConfig, Worker};
use crate::time::{Clock, Limits};
use crate::tt::TranspositionTable;

/// What a datagen run does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    pub out: String,
    /// Stop after this many games, or this many positions, whichever comes first.
    pub games: u64,
    pub positions: u64,
    pub nodes: u64,
    pub seed: u64,
    /// Random plies at the start of each game (one more in every other game, so that
    /// both colours start to move).
    pub random_plies: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            out: "datagen.txt".into(),
            games: u64::MAX,
            positions: 1_000_000,
            nodes: 3_000,
            seed: 1,
            random_plies: 8,
        }
    }
}

impl Config {
    /// Reads `--out F --games N --positions N --nodes N --seed N --random-plies N`.
    pub fn parse(args: &[String]) -> Result<Config, String> {
        let mut c = Config::default();
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
            let num = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("{flag}: '{value}' is not a number"))
            };
            match flag.as_str() {
                "--out" => c.out = value.clone(),
                "--games" => c.games = num()?,
                "--positions" => c.positions = num()?,
                "--nodes" => c.nodes = num()?.max(1),
                "--seed" => c.seed = num()?,
                "--random-plies" => c.random_plies = num()?.min(40) as u32,
                _ => return Err(format!("unknown flag {flag}")),
            }
        }
        Ok(c)
    }
}

/// Totals of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: u64,
    pub positions: u64,
}

/// Longest game played out (plies after the random opening); then it is a draw.
const MAX_PLIES: usize = 400;
/// A score this large (centipawns) for this many plies in a row ends the game as a win.
const WIN_SCORE: i32 = 1_500;
const WIN_PLIES: u32 = 6;

/// One game: the kept positions (FEN and White-view score) and White's result.
pub fn play_game(
    rng: &mut StdRng,
    worker: &mut Worker,
    tt: &mut TranspositionTable,
    cfg: &Config,
    game_index: u64,
) -> Option<(Vec<(String, i32)>, f32)> {
    let mut pos = Position::startpos();
    let plies = cfg.random_plies + (game_index % 2) as u32;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos.make_move(moves[rng.random_range(0..moves.len())]);
    }
    if !pos.has_legal_move() {
        return None;
    }
    tt.clear();
    worker.clear();
    let limits = Limits {
        nodes: Some(cfg.nodes),
        ..Limits::default()
    };
    let mut kept = Vec::new();
    let mut winning = 0u32;
    let mut last_sign = 0;
    for _ in 0..MAX_PLIES {
        if !pos.has_legal_move() {
            let result = if pos.in_check() {
                // The side to move is mated.
                if pos.side_to_move() == chess::Color::White {
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
        let clock = Clock::new(Instant::now(), false);
        let out = worker.search(
            &mut pos,
            &limits,
            0,
            tt,
            &clock,
            SearchConfig::default(),
            &mut |_| {},
        );
        let best = out.best?;
        let white = if pos.side_to_move() == chess::Color::White {
            out.score
        } else {
            -out.score
        };
        let quiet = !pos.in_check() && !pos.is_capture(best) && best.get_promotion().is_none();
        if quiet && out.score.abs() < MATE_BOUND {
            kept.push((pos.to_fen(), white));
        }
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

/// Runs datagen, appending to `cfg.out`, with progress on stderr.
pub fn run(cfg: &Config) -> std::io::Result<Summary> {
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&cfg.out)?;
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    let mut worker = Worker::new();
    let mut tt = TranspositionTable::new(16);
    let start = Instant::now();
    let mut last_report = Instant::now();
    let mut sum = Summary::default();
    let mut game_index = 0;
    while sum.games < cfg.games && sum.positions < cfg.positions {
        game_index += 1;
        let Some((kept, result)) = play_game(&mut rng, &mut worker, &mut tt, cfg, game_index)
        else {
            continue;
        };
        let mut text = String::new();
        for (fen, score) in &kept {
            text.push_str(&format!("{fen} | {score} | {result:.1}\n"));
        }
        file.write_all(text.as_bytes())?;
        file.flush()?;
        sum.games += 1;
        sum.positions += kept.len() as u64;
        if last_report.elapsed().as_secs() >= 10 {
            last_report = Instant::now();
            let secs = start.elapsed().as_secs_f64().max(0.001);
            let rate = sum.positions as f64 / secs;
            let left = cfg.positions.saturating_sub(sum.positions) as f64 / rate.max(0.001);
            eprintln!(
                "datagen: {} games, {} positions, {:.0} positions/s, ETA {:.0} min",
                sum.games,
                sum.positions,
                rate,
                left / 60.0
            );
        }
    }
    Ok(sum)
}
