//! Weaker play on request: `Skill Level` (0..20) and `UCI_LimitStrength` with `UCI_Elo`.
//!
//! A limited search (a node cap that grows with the level) looks at the best few root
//! moves (MultiPV), and one of them is chosen with a random error that grows as the level
//! falls, the way Stockfish's skill levels work: each candidate's score is raised by a
//! share of its distance from the best plus a random amount, and the highest wins. Two
//! things it never does, whatever the level, so that its play still looks like chess: it
//! plays a mate in one when it has one, and it never leaves its queen to be taken at a
//! profit on the next move when another candidate does not.
//!
//! The Elo scale maps linearly onto the levels; how the levels scored in games is in
//! `docs/strength.md`.

use crate::types::{ChessMove, Piece};
use rand::RngExt;

use crate::position::Position;
use crate::search::see::see_ge;
use crate::time::searchmoves_allow;

/// Lowest `UCI_Elo`: level 0.
pub const ELO_MIN: u32 = 1000;
/// Highest `UCI_Elo`: level [`ELO_MAX_LEVEL`], still below full strength.
pub const ELO_MAX: u32 = 2800;
/// The `Skill Level` that is full strength: the top of the UCI option's range, the
/// scale Stockfish's levels use (0..20), which GUIs and players know.
const FULL_STRENGTH: u32 = 20;
/// The level `UCI_Elo` [`ELO_MAX`] plays at: half a level short of full strength
/// ([`FULL_STRENGTH`]), so that the top of the Elo scale is still a limited engine, as a
/// GUI that asks for an Elo expects, rather than the engine at full strength.
const ELO_MAX_LEVEL: f64 = 19.5;
/// Root moves looked at when choosing.
pub const CANDIDATES: usize = 4;

/// A strength below full: the level, 0 (weakest) to below 20.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Skill {
    level: f64,
}

/// The node budget of the weakest level: a few hundred nodes see one-move tactics
/// and little else.
const NODES_AT_LEVEL_0: f64 = 400.0;
/// How the node budget grows per level: a like factor a level, as depth grows about
/// with the logarithm of nodes, so that each level adds about the same depth.
const NODES_GROWTH_PER_LEVEL: f64 = 1.6;
/// The weakness of level 0, in Stockfish's skill form (120 less 2 a level): a move's
/// push in [`Skill::pick`] is weakness times its score deficit, plus the candidates'
/// score spread times a random draw below weakness, over [`PUSH_SCALE`]; the weaker
/// the level, the further a draw can lift a worse move.
const WEAKNESS_AT_LEVEL_0: f64 = 120.0;
/// How much of that weakness each level takes away (81 is left at level 19.5).
const WEAKNESS_FALL_PER_LEVEL: f64 = 2.0;
/// The divisor that brings a push back to centipawns.
const PUSH_SCALE: i64 = 128;

impl Skill {
    /// The strength the options ask for, or `None` for full strength: `UCI_LimitStrength`
    /// with `UCI_Elo` wins over `Skill Level`; level 20 is full strength.
    pub fn from_options(skill_level: u32, limit_strength: bool, elo: u32) -> Option<Skill> {
        let level = if limit_strength {
            let elo = elo.clamp(ELO_MIN, ELO_MAX);
            (elo - ELO_MIN) as f64 / (ELO_MAX - ELO_MIN) as f64 * ELO_MAX_LEVEL
        } else {
            skill_level.min(FULL_STRENGTH) as f64
        };
        (level < FULL_STRENGTH as f64).then_some(Skill { level })
    }

    /// Nodes the search may spend on one move: [`NODES_AT_LEVEL_0`] at level 0, times
    /// [`NODES_GROWTH_PER_LEVEL`] per level (about 44 000 at level 10, 5 million at
    /// level 19.5).
    pub fn node_cap(&self) -> u64 {
        (NODES_AT_LEVEL_0 * NODES_GROWTH_PER_LEVEL.powf(self.level)) as u64
    }

    /// Chooses among `lines` (root moves with their scores, best first) with an error
    /// that shrinks as the level rises, unless a move mates at once; `allowed` are the
    /// moves `go searchmoves` allows (empty: all); `random` draws from 0..n.
    pub fn pick(
        &self,
        pos: &Position,
        lines: &[(ChessMove, i32)],
        allowed: &[ChessMove],
        mut random: impl FnMut(u32) -> u32,
    ) -> Option<ChessMove> {
        let (&(best, top), rest) = lines.split_first()?;
        if let Some(m) = mate_in_one(pos, allowed) {
            return Some(m);
        }
        let weakness = (WEAKNESS_AT_LEVEL_0 - WEAKNESS_FALL_PER_LEVEL * self.level).round() as i64;
        let last = rest.last().map(|l| l.1).unwrap_or(top);
        let delta = (top - last).clamp(0, 100) as i64;
        let mut choice = (best, i64::MIN);
        for &(m, score) in lines {
            if m != best && hangs_queen(pos, m) {
                continue;
            }
            let push = (weakness * (top - score) as i64
                + delta * random(weakness.max(1) as u32) as i64)
                / PUSH_SCALE;
            let value = score as i64 + push;
            if value > choice.1 {
                choice = (m, value);
            }
        }
        Some(choice.0)
    }
}

/// A move among `allowed` (empty: any) that mates at once, if there is one.
pub fn mate_in_one(pos: &Position, allowed: &[ChessMove]) -> Option<ChessMove> {
    let info = pos.check_info();
    pos.legal_moves()
        .into_iter()
        .filter(|&m| searchmoves_allow(allowed, m))
        .find(|&m| pos.mates_with(m, &info))
}

/// Whether after `m` the opponent can take our queen and come out ahead.
pub fn hangs_queen(pos: &Position, m: ChessMove) -> bool {
    let mut after = pos.clone();
    after.make_move(m);
    after
        .legal_moves()
        .into_iter()
        .any(|reply| after.captured_piece(reply) == Some(Piece::Queen) && see_ge(&after, reply, 1))
}

/// [`Skill::pick`] with the thread's random generator.
pub fn pick_random(
    skill: &Skill,
    pos: &Position,
    lines: &[(ChessMove, i32)],
    allowed: &[ChessMove],
) -> Option<ChessMove> {
    let mut rng = rand::rng();
    skill.pick(pos, lines, allowed, |n| rng.random_range(0..n.max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(pos: &Position, text: &str) -> ChessMove {
        pos.parse_move(text).unwrap()
    }

    #[test]
    fn levels_and_caps() {
        assert!(Skill::from_options(20, false, 1500).is_none());
        let low = Skill::from_options(0, false, 2800).unwrap();
        let elo = Skill::from_options(20, true, 1000).unwrap();
        assert_eq!(low, elo);
        let top = Skill::from_options(20, true, 2800).unwrap();
        assert!(top.node_cap() > Skill::from_options(10, false, 0).unwrap().node_cap());
        assert!(low.node_cap() >= 100);
    }

    #[test]
    fn never_misses_mate_in_one_nor_hangs_the_queen() {
        // Back-rank mate with the rook; the list offers only quiet moves.
        let pos = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
        let weakest = Skill::from_options(0, false, 0).unwrap();
        let lines = vec![(mv(&pos, "g1f1"), 30), (mv(&pos, "h2h3"), 20)];
        for r in 0..50 {
            let m = weakest.pick(&pos, &lines, &[], |n| (r * 7) % n);
            assert_eq!(m, Some(mv(&pos, "d1d8")));
        }
        // Unless `go searchmoves` leaves the mate out: then the lines' moves only.
        let allowed = [mv(&pos, "g1f1"), mv(&pos, "h2h3")];
        for r in 0..50 {
            let m = weakest.pick(&pos, &lines, &allowed, |n| (r * 7) % n);
            assert!(m.is_some_and(|m| allowed.contains(&m)), "{m:?}");
        }
        // Qd1-d5 walks into the e6 pawn; the weak player may choose the worse of the
        // others but never that.
        let pos = Position::from_fen("4k3/8/4p3/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(hangs_queen(&pos, mv(&pos, "d1d5")));
        assert!(!hangs_queen(&pos, mv(&pos, "d1d4")));
        let lines = vec![
            (mv(&pos, "d1d4"), 900),
            (mv(&pos, "d1d5"), 890),
            (mv(&pos, "e1e2"), 880),
        ];
        for r in 0..200 {
            let m = weakest.pick(&pos, &lines, &[], |n| (r * 13) % n).unwrap();
            assert_ne!(m, mv(&pos, "d1d5"));
        }
    }
}
