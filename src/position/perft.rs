//! Perft: the leaf count of the legal move tree, the test of move generation against
//! published counts, and the `perft` command.
//!
//! One walker counts every tree. It walks the crate's boards in standard chess (copy
//! and make, the fastest way) and the position's own make and unmake in Chess960 mode,
//! which play its castles; both count the last ply in bulk (the legal moves, unmade).

#![allow(clippy::disallowed_types, clippy::disallowed_methods)]

use chess::{Board, ChessMove, MoveGen};

use super::Position;

/// What the walker walks: a node of the move tree that lists its moves and enters the
/// child a move leads to.
trait Node {
    /// The legal moves here, in the order of [`Position::legal_moves`].
    fn moves(&self) -> Vec<ChessMove>;
    /// How many legal moves there are (a leaf count one ply on).
    fn move_count(&self) -> u64;
    /// `f` of the child after `mv` (legal here).
    fn child<T>(&mut self, mv: ChessMove, f: impl FnOnce(&mut Self) -> T) -> T;
}

impl Node for Board {
    fn moves(&self) -> Vec<ChessMove> {
        MoveGen::new_legal(self).collect()
    }

    fn move_count(&self) -> u64 {
        MoveGen::new_legal(self).len() as u64
    }

    fn child<T>(&mut self, mv: ChessMove, f: impl FnOnce(&mut Self) -> T) -> T {
        f(&mut self.make_move_new(mv))
    }
}

impl Node for Position {
    fn moves(&self) -> Vec<ChessMove> {
        self.legal_moves()
    }

    fn move_count(&self) -> u64 {
        self.legal_move_count() as u64
    }

    fn child<T>(&mut self, mv: ChessMove, f: impl FnOnce(&mut Self) -> T) -> T {
        self.make_move(mv);
        let out = f(self);
        self.unmake_move();
        out
    }
}

/// The leaf count of `node`'s tree to `depth`, or `None` once `stop` says so (asked at
/// every node three or more plies from the leaves, often enough to answer `stop` or
/// `quit` at once and too seldom to cost time).
fn count<N: Node>(node: &mut N, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
    match depth {
        0 => return Some(1),
        1 => return Some(node.move_count()),
        _ if depth >= 3 && stop() => return None,
        _ => {}
    }
    let mut total = 0;
    for m in node.moves() {
        total += node.child(m, |child| count(child, depth - 1, stop))?;
    }
    Some(total)
}

/// The leaf count below each move of `node`, in move order, or `None` if `stop` said so.
fn divide_node<N: Node>(
    node: &mut N,
    depth: u32,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<(ChessMove, u64)>> {
    let below = depth.saturating_sub(1);
    node.moves()
        .into_iter()
        .map(|m| {
            node.child(m, |child| count(child, below, stop))
                .map(|n| (m, n))
        })
        .collect()
}

/// [`divide`] that gives up (returns `None`) once `stop` says so (see [`count`]).
fn divide_until(
    pos: &Position,
    depth: u32,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<(ChessMove, u64)>> {
    if pos.chess960 {
        divide_node(&mut pos.clone(), depth, stop)
    } else {
        divide_node(&mut pos.board.clone(), depth, stop)
    }
}

/// Counts leaf nodes of the legal move tree of `pos` to `depth`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let never = &|| false;
    let total = if pos.chess960 {
        count(&mut pos.clone(), depth, never)
    } else {
        count(&mut pos.board.clone(), depth, never)
    };
    total.expect("a perft that is never stopped finishes")
}

/// Perft split by root move, in the order of the legal move list.
pub fn divide(pos: &Position, depth: u32) -> Vec<(ChessMove, u64)> {
    divide_until(pos, depth, &|| false).expect("a perft that is never stopped finishes")
}

/// The `perft` report: one `move: count` line per root move, a blank line, then
/// `Nodes searched: <total>`.
pub fn report(pos: &Position, depth: u32) -> Vec<String> {
    report_until(pos, depth, &|| false).expect("a perft that is never stopped finishes")
}

/// [`report`], or `None` if `stop` said so first.
pub fn report_until(pos: &Position, depth: u32, stop: &dyn Fn() -> bool) -> Option<Vec<String>> {
    let divide = divide_until(pos, depth, stop)?;
    let total: u64 = divide.iter().map(|d| d.1).sum();
    let mut lines: Vec<String> = divide
        .iter()
        .map(|&(m, n)| format!("{}: {n}", pos.as_written(m)))
        .collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    Some(lines)
}
