//! `tiefe-tools datagen-pgn`: training positions from games already played (match PGNs of
//! fastchess or cutechess), in `tiefe-tools datagen`'s format.
//!
//! Every move a search played carries its score in its comment (`+0.31/12 0.105s`:
//! pawns from the mover's view, then the depth). A match at 5+0.05 searches about a
//! hundred times more nodes a move than datagen's 12,000, so these labels come from far
//! deeper searches, at no cost but the games the matches played anyway. The position
//! before each such move is resolved along the moves the game went on with, as datagen
//! resolves along the principal variation (the move played is the search's best move,
//! and the exchanges it starts were played out), and written with that score and the
//! game's result. Book moves, mate scores and games without a result are left out.

use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::time::Instant;

use super::{keep_once, resolve, Kept};
use crate::pgn::{parse_san, read_games, Game};
use tiefe::types::Color;

/// The arguments of `tiefe-tools datagen-pgn`.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
pub struct PgnArgs {
    /// File the positions are appended to.
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// Keep only the positions where this engine (its `White` / `Black` tag) was to
    /// move, e.g. Tiefe's side of a gauntlet; default: both sides.
    #[arg(long, value_name = "NAME")]
    pub only: Option<String>,
    /// The PGN files to read.
    #[arg(value_name = "PGN", required = true)]
    pub pgn: Vec<String>,
}

/// The score of a move comment in centipawns, from the mover's view: `+0.31/12 ...`
/// gives 31. `None` for a mate (`+M5/20`), a book move or any other comment.
pub fn comment_score(comment: &str) -> Option<i32> {
    let (score, depth) = comment.split_whitespace().next()?.split_once('/')?;
    depth.parse::<u32>().ok()?;
    let pawns: f64 = score.parse().ok().filter(|p: &f64| p.is_finite())?;
    Some((pawns * 100.0).round() as i32)
}

/// The training positions of one game (see the module's documentation), those where
/// `only` (if given) was to move. A position the game reaches more than once is kept
/// once, labelled by the search that looked at it most directly. The game starts where
/// its tags say ([`Game::start`]: a `FEN` tag's position, as in match PGNs played from a
/// book); the moves are read as far as they are legal. A game whose start cannot be
/// read (a bad FEN, another variant) is an error: it gives no positions.
pub fn game_positions(game: &Game, only: Option<&str>) -> Result<Vec<Kept>, String> {
    let start = game.start()?;
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut scores = Vec::new();
    for m in &game.moves {
        let Ok(mv) = parse_san(&pos, &m.san) else {
            break;
        };
        let mover = match pos.side_to_move() {
            Color::White => &game.white,
            Color::Black => &game.black,
        };
        let wanted = only.is_none_or(|name| name == mover);
        scores.push(
            m.comment
                .as_deref()
                .and_then(comment_score)
                .filter(|_| wanted),
        );
        moves.push(mv);
        pos.make_move(mv);
    }
    let mut kept = Vec::new();
    let mut seen = HashMap::new();
    let mut pos = start;
    for (i, &mv) in moves.iter().enumerate() {
        if let Some(score) = scores[i] {
            // A game that ended in the middle of an exchange (adjudicated, resigned,
            // lost on time just after a capture) leaves its recapture unplayed: the
            // position reached is not known to be quiet.
            let resolution = resolve(&pos, &moves[i..])
                .filter(|(_, plies, rest)| *plies == 0 || !rest.is_empty());
            if let Some((resolved, plies, rest)) = resolution {
                let white = match pos.side_to_move() {
                    Color::White => score,
                    Color::Black => -score,
                };
                let k = Kept {
                    fen: resolved.to_fen(),
                    score: white,
                    resolved: plies,
                    rest,
                    key: resolved.key(),
                };
                keep_once(&mut kept, &mut seen, k);
            }
        }
        pos.make_move(mv);
    }
    Ok(kept)
}

/// What a run wrote.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PgnSummary {
    /// Games read.
    pub games: u64,
    /// Of them, those used: with a result, and a start that reads ([`Game::start`]).
    pub used: u64,
    /// Positions written.
    pub positions: u64,
}

/// Reads every file of `args.pgn` and appends their positions to `args.out`, a game's
/// lines at a time.
pub fn run(args: &PgnArgs) -> Result<PgnSummary, String> {
    let mut out = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|e| format!("{}: {e}", args.out))?;
    let started = Instant::now();
    let mut sum = PgnSummary::default();
    for path in &args.pgn {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (i, game) in read_games(&text).into_iter().enumerate() {
            sum.games += 1;
            let Some(result) = game.result else {
                continue;
            };
            let kept = match game_positions(&game, args.only.as_deref()) {
                Ok(kept) => kept,
                Err(e) => {
                    log::warn!("{path}: game {}: skipped: {e}", i + 1);
                    continue;
                }
            };
            sum.used += 1;
            let mut lines = String::new();
            for k in kept {
                lines.push_str(&k.line(result));
                sum.positions += 1;
            }
            out.write_all(lines.as_bytes())
                .map_err(|e| format!("{}: {e}", args.out))?;
        }
        let secs = started.elapsed().as_secs_f64().max(1e-3);
        log::info!(
            "{path}: {} games, {} positions so far ({:.0} positions/s)",
            sum.games,
            sum.positions,
            sum.positions as f64 / secs
        );
    }
    Ok(sum)
}
