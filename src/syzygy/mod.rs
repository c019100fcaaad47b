//! Syzygy endgame tablebases, probed through the `pyrrhic-rs` crate (MIT, a Rust
//! port of the Pyrrhic/Fathom prober that strong engines use; it is engine-agnostic:
//! it asks us for attack sets, which the `chess` crate's magic tables give).
//!
//! Two kinds of probe, as in Stockfish:
//! - **WDL** (win/draw/loss) inside the search, at positions just reached by a capture
//!   or pawn move (the half-move clock is zero, so the fifty-move rule cannot blur the
//!   result) within the piece limit: a decisive result becomes a bound that can cut
//!   the node off at once.
//! - **DTZ** (distance to the next capture or pawn move) at the root: the root moves
//!   are cut down to those that keep the best result the position has, counting the
//!   half-move clock, so that a won ending is converted before the fifty-move rule
//!   takes the win away and a drawn one is not lost.
//!
//! The crate keeps the tables in process-wide state: only one [`Syzygy`] can exist at a
//! time, and a root probe must not run beside any other probe. The engine keeps its
//! one instance in the search pool and probes the root before any thread searches.

use std::sync::atomic::{AtomicU64, Ordering};

pub mod checksum;
mod files;
mod load;
mod remembered;

use crate::types::{BitBoard, ChessMove, Color, Piece, ALL_SQUARES, EMPTY};
use pyrrhic_rs::{DtzProbeValue, EngineAdapter, TableBases, WdlProbeResult};

use crate::position::Position;
use crate::score::{DRAW, TB_BOUND, TB_WIN};
pub use files::{parse_name, piece_codes, Kind, TableName, Verdict};
use load::Shadow;
pub use load::{Checked, Finding, Loading, Store};
pub use remembered::store_location;

/// Attack sets for the prober, from the `chess` crate.
#[derive(Clone)]
struct Attacks;

fn square(sq: u64) -> crate::types::Square {
    ALL_SQUARES[(sq & 63) as usize]
}

impl EngineAdapter for Attacks {
    fn pawn_attacks(color: pyrrhic_rs::Color, sq: u64) -> u64 {
        let color = match color {
            pyrrhic_rs::Color::White => Color::White,
            pyrrhic_rs::Color::Black => Color::Black,
        };
        crate::types::get_pawn_attacks(square(sq), color, !EMPTY).0
    }
    fn knight_attacks(sq: u64) -> u64 {
        crate::types::get_knight_moves(square(sq)).0
    }
    fn bishop_attacks(sq: u64, occupied: u64) -> u64 {
        crate::types::get_bishop_moves(square(sq), BitBoard(occupied)).0
    }
    fn rook_attacks(sq: u64, occupied: u64) -> u64 {
        crate::types::get_rook_moves(square(sq), BitBoard(occupied)).0
    }
    fn queen_attacks(sq: u64, occupied: u64) -> u64 {
        Self::bishop_attacks(sq, occupied) | Self::rook_attacks(sq, occupied)
    }
    fn king_attacks(sq: u64) -> u64 {
        crate::types::get_king_moves(square(sq)).0
    }
}

/// The prober's view of a board: white, black, kings, queens, rooks, bishops,
/// knights, pawns.
fn planes(pos: &Position) -> [u64; 8] {
    let b = pos;
    let bb = |p: Piece| b.pieces(p).0;
    [
        b.color_combined(Color::White).0,
        b.color_combined(Color::Black).0,
        bb(Piece::King),
        bb(Piece::Queen),
        bb(Piece::Rook),
        bb(Piece::Bishop),
        bb(Piece::Knight),
        bb(Piece::Pawn),
    ]
}

/// The en-passant target square (0 for none) and whether White is to move.
fn ep_and_turn(pos: &Position) -> (u32, bool) {
    (
        pos.ep_square().map_or(0, |s| s.to_index() as u32),
        pos.side_to_move() == Color::White,
    )
}

/// A tablebase result for the side to move, ordered from worst to best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Wdl {
    /// Lost, even with the fifty-move rule.
    Loss,
    /// Lost, but the fifty-move rule saves the draw.
    BlessedLoss,
    /// Drawn with best play.
    Draw,
    /// Won, but not within the fifty-move rule.
    CursedWin,
    /// Won within the fifty-move rule.
    Win,
}

impl Wdl {
    /// The usual number: −2 (loss) to 2 (win), ±1 for the results the fifty-move rule
    /// turns into draws.
    pub fn value(self) -> i32 {
        self as i32 - 2
    }

    /// The result that counts: with the fifty-move rule a cursed win is a draw, without
    /// it a win (and likewise a blessed loss).
    pub fn counted(self, rule50: bool) -> Wdl {
        match self {
            Wdl::CursedWin if !rule50 => Wdl::Win,
            Wdl::BlessedLoss if !rule50 => Wdl::Loss,
            w => w,
        }
    }

    /// The same result from the other side's view.
    pub fn flipped(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }

    fn from_probe(r: WdlProbeResult) -> Wdl {
        match r {
            WdlProbeResult::Loss => Wdl::Loss,
            WdlProbeResult::BlessedLoss => Wdl::BlessedLoss,
            WdlProbeResult::Draw => Wdl::Draw,
            WdlProbeResult::CursedWin => Wdl::CursedWin,
            WdlProbeResult::Win => Wdl::Win,
        }
    }
}

/// The search score of a tablebase result `ply` plies from the root: wins and losses
/// just inside [`TB_WIN`] (below every mate, above every evaluation), nearer ones
/// larger; a result the fifty-move rule draws is a draw nudged by one centipawn towards
/// the side that would win without the rule.
pub fn score(wdl: Wdl, ply: usize, rule50: bool) -> i32 {
    match wdl.counted(rule50) {
        Wdl::Win => TB_WIN - ply as i32,
        Wdl::Loss => -TB_WIN + ply as i32,
        Wdl::CursedWin => DRAW + 1,
        Wdl::BlessedLoss => DRAW - 1,
        Wdl::Draw => DRAW,
    }
}

/// Of the winning root moves `kept` (each with its plies to the next capture or pawn
/// move), those that win for certain with the half-move clock at `counter`: zeroing
/// within 99 plies, as Stockfish counts it (a table that stores distances in moves may
/// be a ply short at 100); when none is certain, the fastest to zero. The prober calls a
/// win at exactly 100 a win, and the others, slower, were kept beside it and could
/// let the fifty-move rule draw.
fn keep_sure_wins(kept: &mut Vec<(ChessMove, u32)>, counter: u32) {
    let sure = |d: u32| d + counter <= 99;
    if kept.iter().any(|&(_, d)| sure(d)) {
        kept.retain(|&(_, d)| sure(d));
    } else if let Some(fastest) = kept.iter().map(|&(_, d)| d).min() {
        kept.retain(|&(_, d)| d == fastest);
    }
}

/// What the root probe settled: the moves that keep the best result, and the score to
/// report for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootRanking {
    /// The best result any move keeps (with the fifty-move rule as asked).
    pub wdl: Wdl,
    /// The moves that keep it.
    pub moves: Vec<ChessMove>,
    /// The score of that result: for a win, [`TB_WIN`] less the plies to the next
    /// zeroing move of the fastest kept move (for a loss, the slowest), else a draw.
    pub score: i32,
    /// Ranked by the DTZ table (else by the WDL tables alone, which know no distance).
    pub by_dtz: bool,
}

/// A root DTZ probe: the position's result, its signed distance to zeroing, and each
/// legal move with its result and distance counted from the root.
pub type RootProbe = (Wdl, i32, Vec<(ChessMove, Wdl, u32)>);

/// The opened tablebases.
pub struct Syzygy {
    tb: TableBases<Attacks>,
    /// Sound table files in use (WDL and DTZ).
    files: usize,
    /// The sound DTZ tables: the root probe asks only these (see [`Syzygy::rank_root`]).
    dtz: Vec<TableName>,
    /// The most pieces (kings included) of a table in use.
    max_pieces: u32,
    /// Probes that found a result, since the last [`Syzygy::reset_hits`].
    hits: AtomicU64,
    /// The folder of links through which the prober sees the sound tables alone.
    _shadow: Shadow,
}

/// Splits a `SyzygyPath` value into its directories: separated by `;` on Windows and
/// `:` elsewhere, as GUIs fill the option.
pub fn split_path(path: &str) -> Vec<&str> {
    let sep = if cfg!(windows) { ';' } else { ':' };
    path.split(sep)
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .collect()
}

impl Syzygy {
    /// Opens the tables in the directories of `path`, each file judged first (see
    /// [`files`]): damaged ones, and directories that are missing or hold no table,
    /// come back as warnings beside the sound tables, or as the error when no table
    /// is sound. Reads every file once.
    pub fn open(path: &str) -> Result<(Syzygy, Vec<String>), String> {
        Syzygy::from_checked(Checked::run(path))
    }

    /// Opens the sound tables of a judged path (see [`Syzygy::open`]).
    pub fn from_checked(checked: Checked) -> Result<(Syzygy, Vec<String>), String> {
        let warnings = checked.warnings();
        let files = checked.sound().count();
        // The prober's own figure counts tables it merely knows of.
        let max_pieces = checked
            .sound()
            .filter_map(|f| parse_name(&f.name))
            .map(|t| t.pieces() as u32)
            .max()
            .unwrap_or(0);
        if files == 0 {
            return Err(if warnings.is_empty() {
                format!("no Syzygy table files in '{}'", checked.path)
            } else {
                warnings.join("; ")
            });
        }
        let dtz = checked
            .sound()
            .filter_map(|f| parse_name(&f.name))
            .filter(|t| t.kind == Kind::Dtz)
            .collect();
        let shadow = Shadow::new(checked.sound())?;
        let dir = shadow.dir().to_string_lossy().into_owned();
        if dir.contains(':') {
            // The prober separates directories by ':' whatever the system.
            return Err(format!(
                "the prober cannot read the path '{dir}' (it has ':')"
            ));
        }
        let tb = TableBases::<Attacks>::new(dir).map_err(|e| {
            format!(
                "the tablebases in '{}' could not be opened: {e:?}",
                checked.path
            )
        })?;
        let syzygy = Syzygy {
            files,
            dtz,
            max_pieces: max_pieces.min(tb.max_pieces()),
            tb,
            hits: AtomicU64::new(0),
            _shadow: shadow,
        };
        Ok((syzygy, warnings))
    }

    /// The largest number of pieces (kings included) the tables cover.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// How many sound table files are in use.
    pub fn files(&self) -> usize {
        self.files
    }

    /// Probes that found a result since the last reset (all threads).
    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }

    /// Sets the hit count to zero (at the start of each search).
    pub fn reset_hits(&self) {
        self.hits.store(0, Ordering::Relaxed);
    }

    /// Whether the tables can answer for `pos`: few enough pieces, no castling right.
    pub fn covers(&self, pos: &Position) -> bool {
        let b = pos;
        b.combined().popcnt() <= self.max_pieces()
            && b.castle_rights(Color::White) == crate::types::CastleRights::NoRights
            && b.castle_rights(Color::Black) == crate::types::CastleRights::NoRights
    }

    /// The win/draw/loss of `pos` for the side to move, as the tables have it (the
    /// half-move clock is not counted: probe where it is zero). `None` when the
    /// tables do not cover the position or a table is missing.
    pub fn probe_wdl(&self, pos: &Position) -> Option<Wdl> {
        if !self.covers(pos) {
            return None;
        }
        let [w, b, k, q, r, bi, n, p] = planes(pos);
        let (ep, white) = ep_and_turn(pos);
        let r = self.tb.probe_wdl(w, b, k, q, r, bi, n, p, ep, white).ok()?;
        self.hits.fetch_add(1, Ordering::Relaxed);
        Some(Wdl::from_probe(r))
    }

    /// The DTZ probe of `pos` and every legal move: the position's result and distance
    /// (plies to the next capture or pawn move under best play, signed: positive when
    /// the side to move wins), and each move's result and distance counted from
    /// here. Results count the half-move clock (a win too slow for the fifty-move rule
    /// is a cursed win). `None` when not covered, for a position with no legal move,
    /// or when a table is missing. Not to be called while another probe may run.
    pub fn probe_root(&self, pos: &Position) -> Option<RootProbe> {
        if !self.covers(pos) {
            return None;
        }
        let [w, b, k, q, r, bi, n, p] = planes(pos);
        let (ep, white) = ep_and_turn(pos);
        let r = self
            .tb
            .probe_root(w, b, k, q, r, bi, n, p, pos.halfmove_clock(), ep, white)
            .ok()?;
        let DtzProbeValue::DtzResult(root) = r.root else {
            return None;
        };
        self.hits.fetch_add(1, Ordering::Relaxed);
        let legal = pos.legal_moves();
        let mut moves = Vec::with_capacity(r.num_moves);
        for v in &r.moves[..r.num_moves] {
            let DtzProbeValue::DtzResult(d) = v else {
                continue;
            };
            let promotion = match d.promotion {
                pyrrhic_rs::Piece::Queen => Some(Piece::Queen),
                pyrrhic_rs::Piece::Rook => Some(Piece::Rook),
                pyrrhic_rs::Piece::Bishop => Some(Piece::Bishop),
                pyrrhic_rs::Piece::Knight => Some(Piece::Knight),
                _ => None,
            };
            let m = ChessMove::new(
                ALL_SQUARES[d.from_square as usize & 63],
                ALL_SQUARES[d.to_square as usize & 63],
                promotion,
            );
            if legal.contains(&m) {
                moves.push((m, Wdl::from_probe(d.wdl), d.dtz as u32));
            }
        }
        if moves.len() != legal.len() {
            // A move the prober did not account for: do not trust the ranking.
            return None;
        }
        let wdl = Wdl::from_probe(root.wdl);
        let dtz = root.dtz as i32;
        let signed = match wdl {
            Wdl::Win | Wdl::CursedWin => dtz,
            Wdl::Loss | Wdl::BlessedLoss => -dtz,
            Wdl::Draw => 0,
        };
        Some((wdl, signed, moves))
    }

    /// Whether a sound DTZ table holds `pos`'s material.
    fn has_dtz(&self, pos: &Position) -> bool {
        let side = |c: Color| {
            let n = |p: Piece| (pos.pieces(p) & pos.color_combined(c)).popcnt();
            piece_codes([
                n(Piece::Pawn),
                n(Piece::Knight),
                n(Piece::Bishop),
                n(Piece::Rook),
                n(Piece::Queen),
            ])
        };
        let (white, black) = (side(Color::White), side(Color::Black));
        self.dtz.iter().any(|t| t.holds(&white, &black))
    }

    /// The root moves that keep the best result, with `rule50` saying whether the
    /// fifty-move rule counts: by the DTZ probe (see [`Syzygy::probe_root`]) when the
    /// root's DTZ table is there, else by the WDL tables alone
    /// ([`Syzygy::rank_root_wdl`]). (The prober, asked for a DTZ table it does not have,
    /// also forgets the WDL table of that material, so it is never asked.)
    pub fn rank_root(&self, pos: &Position, rule50: bool) -> Option<RootRanking> {
        if !self.has_dtz(pos) {
            return self.rank_root_wdl(pos, rule50);
        }
        let (_, _, moves) = self.probe_root(pos)?;
        let best = moves.iter().map(|&(_, w, _)| w.counted(rule50)).max()?;
        let mut kept: Vec<(ChessMove, u32)> = moves
            .iter()
            .filter(|&&(_, w, _)| w.counted(rule50) == best)
            .map(|&(m, _, d)| (m, d))
            .collect();
        if best == Wdl::Win {
            keep_sure_wins(&mut kept, pos.halfmove_clock());
        }
        let score = match best {
            Wdl::Win => TB_WIN - kept.iter().map(|&(_, d)| d).min().unwrap_or(0) as i32,
            Wdl::Loss => -TB_WIN + kept.iter().map(|&(_, d)| d).max().unwrap_or(0) as i32,
            _ => DRAW,
        };
        Some(RootRanking {
            wdl: best,
            moves: kept.into_iter().map(|(m, _)| m).collect(),
            score,
            by_dtz: true,
        })
    }

    /// [`Syzygy::rank_root`] without the DTZ table (as with a set of WDL files only):
    /// each move's result is that of the position it leads to, from its WDL table (a
    /// draw by the fifty-move rule or threefold repetition counted as one), and the
    /// moves that keep the best result are kept, as Stockfish's `root_probe_wdl` does.
    /// Their distances are unknown: a win or loss scores just inside the tablebase
    /// range ([`TB_BOUND`]), and the search must find the progress. `None` when a move's
    /// position is not in the tables.
    fn rank_root_wdl(&self, pos: &Position, rule50: bool) -> Option<RootRanking> {
        if !self.covers(pos) {
            return None;
        }
        let mut moves = Vec::new();
        for m in pos.legal_moves() {
            let mut child = pos.clone();
            child.make_move(m);
            let wdl = if child.is_draw(child.ply_count()) {
                Wdl::Draw
            } else {
                self.probe_wdl(&child)?.flipped()
            };
            moves.push((m, wdl.counted(rule50)));
        }
        let best = moves.iter().map(|&(_, w)| w).max()?;
        let score = match best {
            Wdl::Win => TB_BOUND,
            Wdl::Loss => -TB_BOUND,
            _ => DRAW,
        };
        Some(RootRanking {
            wdl: best,
            moves: moves
                .into_iter()
                .filter(|&(_, w)| w == best)
                .map(|(m, _)| m)
                .collect(),
            score,
            by_dtz: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_order_results() {
        let s = |w| score(w, 3, true);
        assert!(s(Wdl::Win) > s(Wdl::CursedWin));
        assert!(s(Wdl::CursedWin) > s(Wdl::Draw));
        assert!(s(Wdl::Draw) > s(Wdl::BlessedLoss));
        assert!(s(Wdl::BlessedLoss) > s(Wdl::Loss));
        assert_eq!(score(Wdl::CursedWin, 3, false), s(Wdl::Win));
        assert!(score(Wdl::Win, 2, true) > score(Wdl::Win, 4, true));
        assert!(!crate::score::is_mate(s(Wdl::Win)));
        assert_eq!(Wdl::Loss.value(), -2);
        assert_eq!(Wdl::Win.value(), 2);
    }

    #[test]
    fn path_split() {
        if cfg!(windows) {
            assert_eq!(split_path("a;b;;"), vec!["a", "b"]);
        } else {
            assert_eq!(split_path("/a:/b: :"), vec!["/a", "/b"]);
        }
    }
}
