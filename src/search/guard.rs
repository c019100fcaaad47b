//! The mate guard: reverse futility and the null move stand down when the opponent has
//! a mate in one that a static evaluation cannot see ([`mate_threat_or_zugzwang`]).
//!
//! Its answers are remembered by position: the question costs a few legal generations,
//! about 6% of a search's instructions, and iterative deepening asks it again of the
//! same positions at each depth. The answer depends on the position alone, so a
//! remembered one is the same answer: the tree does not change, only its cost.

use crate::position::Position;

/// What the side to move's direct checks (moves to a square from which the piece
/// attacks the enemy king; discovered checks are not tried) can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Checks {
    None,
    /// At least one, none of them mate; the fewest replies one leaves, counted up to
    /// two (two stands for two or more: only a single reply matters to the guard).
    Check {
        replies: usize,
    },
    Mate,
}

impl Checks {
    /// Counts one more direct check, which leaves `replies` (counted up to two); `true`
    /// once one mates (no need to look further).
    fn add(&mut self, replies: usize) -> bool {
        *self = match *self {
            _ if replies == 0 => Checks::Mate,
            Checks::Check { replies: r } if r <= replies => *self,
            _ => Checks::Check { replies },
        };
        replies == 0
    }
}

/// Whether the opponent mates in one however the side to move plays, as far as a
/// static evaluation is concerned: a threat (a mate in one if we passed), or a
/// zugzwang (no mate if we passed, but one after every legal move we have). The
/// evaluation is blind to both, and a null move (a pass) to the zugzwang, so the
/// search does not prune on them (reverse futility, null move) when this holds.
/// Direct checks only. The zugzwang is looked for only when, after the pass, the
/// opponent has a check with a single answer (in the mating nets this is for, the
/// answer of the piece that must not move: after 1. Ra6 in kbK5/pp6/1P6/8/8/8/8/R7,
/// Rxa7+ meets only Bxa7, while ...bxa6 allows b7# and a bishop move Rxa7#), which
/// keeps its cost near nothing; and then it stops at the first move that leaves no
/// mate.
pub fn mate_threat_or_zugzwang(pos: &Position) -> bool {
    let mut threat = Checks::None;
    pos.each_threatened_check(|replies| threat.add(replies));
    match threat {
        Checks::Mate => true,
        Checks::Check { replies: 1 } => {
            let us = pos.side_to_move();
            let mut any = false;
            pos.every_legal_move(|m| {
                // A Chess960 castle (the king onto its own rook) is not tried, as it
                // never was: the crate's moves alone.
                if pos.color_on(m.get_dest()) == Some(us) {
                    return true;
                }
                any = true;
                let mut allowed = Checks::None;
                pos.each_check_allowed_by(m, |replies| allowed.add(replies));
                allowed == Checks::Mate
            }) && any
        }
        _ => false,
    }
}

/// The table has 2^BITS slots: 128 KB. Most questions come back within an iteration or
/// the next, so a small table does: on `tiefe bench` (callgrind) 64 KB to 512 KB save
/// the same instructions to within 3M of 45M, 16 KB a fifth less.
const BITS: u32 = 14;
const SLOTS: usize = 1 << BITS;

/// A direct-mapped table of `key | answer`: the key with its lowest bit replaced by the
/// answer. An empty slot is 0, which no key but 0 and 1 can match.
pub struct GuardCache {
    slots: Box<[u64]>,
}

impl Default for GuardCache {
    fn default() -> Self {
        GuardCache::new()
    }
}

impl GuardCache {
    pub fn new() -> GuardCache {
        GuardCache {
            slots: vec![0; SLOTS].into_boxed_slice(),
        }
    }

    /// [`mate_threat_or_zugzwang`] of `pos`, from the table when it holds it.
    #[inline]
    pub fn mate_threat(&mut self, pos: &Position) -> bool {
        let key = pos.key();
        // The high bits pick the slot, as they pick the main table's bucket.
        let slot = &mut self.slots[(key >> (64 - BITS)) as usize];
        if *slot != 0 && *slot & !1 == key & !1 {
            return *slot & 1 != 0;
        }
        let answer = mate_threat_or_zugzwang(pos);
        *slot = (key & !1) | answer as u64;
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table answers as the position does, whether asked once or again, for
    /// positions with and without the threat.
    #[test]
    fn remembers_the_positions_answer() {
        let mut cache = GuardCache::new();
        let fens = [
            // White threatens Qxf7#.
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 4 4",
            // The zugzwang of issue 23's quiet mate, after 1. Ra6.
            "kbK5/pp6/RP6/8/8/8/8/8 b - - 1 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 4 4",
        ];
        let mut answers = Vec::new();
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let want = mate_threat_or_zugzwang(&pos);
            assert_eq!(cache.mate_threat(&pos), want, "{fen}");
            assert_eq!(cache.mate_threat(&pos), want, "{fen} again");
            answers.push(want);
        }
        assert_eq!(answers, [true, true, false, false]);
    }

    /// Positions reached by seeded random playouts from the perft suite (as the
    /// integration tests' `random_positions`): varied, legal, reproducible.
    fn random_positions(count: usize, seed: u64) -> Vec<Position> {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let starts: Vec<&str> = include_str!("../../tests/data/perftsuite.epd")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split(';').next().unwrap().trim())
            .collect();
        let mut out = Vec::new();
        while out.len() < count {
            let fen = starts[rng.random_range(0..starts.len())];
            let mut pos = Position::from_fen(fen).unwrap();
            let plies = rng.random_range(0..40);
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.make_move(moves[rng.random_range(0..moves.len())]);
            }
            if pos.has_legal_move() {
                out.push(Position::from_fen(&pos.to_fen()).unwrap());
            }
        }
        out
    }

    /// Whether the side to move mates in one with a move onto a square that checks the
    /// enemy king directly, found the plain way: every legal move tried.
    fn direct_mate_by_hand(pos: &Position) -> bool {
        let info = pos.check_info();
        let checking = info[0] | info[1] | info[2] | info[3];
        pos.legal_moves().into_iter().any(|m| {
            if checking & crate::types::BitBoard::from_square(m.get_dest()) == crate::types::EMPTY {
                return false;
            }
            let mut after = pos.clone();
            after.make_move(m);
            after.in_check() && !after.has_legal_move()
        })
    }

    /// The mate-in-one threat the search asks about before pruning on the evaluation, found
    /// the plain way: pass, then look for a direct mate.
    fn mate_threat_by_hand(pos: &Position) -> bool {
        if pos.in_check() {
            return false;
        }
        let mut passed = pos.clone();
        passed.make_null_move();
        direct_mate_by_hand(&passed)
    }

    /// Whether every legal move of the side to move (and there is one) allows a direct mate.
    fn zugzwang_by_hand(pos: &Position) -> bool {
        let moves = pos.legal_moves();
        !moves.is_empty()
            && moves.into_iter().all(|m| {
                let mut after = pos.clone();
                after.make_move(m);
                direct_mate_by_hand(&after)
            })
    }

    /// `mate_threat_or_zugzwang` agrees with the plain look: a threat found by hand is
    /// always found, and whatever it finds is a threat or a zugzwang by hand (every legal
    /// move allows a mate in one by a direct check), on random positions and on the
    /// mate-in-one positions of `mate_m1-3.epd` with the other side to move, where the
    /// threat is real, and on every child of those.
    #[test]
    fn mate_threat_agrees_with_a_plain_look() {
        let mut positions = random_positions(400, 23);
        let epd = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/mate_m1-3.epd"
        ))
        .unwrap();
        for line in epd.lines() {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            if fields.len() < 4 {
                continue;
            }
            let side = if fields[1] == "w" { "b" } else { "w" };
            let fen = format!("{} {} {} - 0 1", fields[0], side, fields[2]);
            positions.extend(Position::from_fen(&fen).ok());
        }
        // Every child too: random games rarely leave a threat standing.
        let children: Vec<Position> = positions
            .iter()
            .flat_map(|pos| {
                pos.legal_moves().into_iter().map(|m| {
                    let mut child = pos.clone();
                    child.make_move(m);
                    child
                })
            })
            .collect();
        positions.extend(children);
        let (mut threats, mut none) = (0, 0);
        for pos in &positions {
            let want = mate_threat_by_hand(pos);
            let found = mate_threat_or_zugzwang(pos);
            assert!(found || !want, "threat missed in {}", pos.to_fen());
            assert!(
                !found || want || zugzwang_by_hand(pos),
                "no threat in {}",
                pos.to_fen()
            );
            if want {
                threats += 1;
            } else {
                none += 1;
            }
        }
        assert!(
            threats >= 30 && none >= 300,
            "{threats} threats, {none} without"
        );
    }
}
