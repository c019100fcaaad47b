//! PGN games: the tags, moves and comments of a PGN text, the position a game starts
//! from, and SAN moves read against a position. Used to build opening books (`tiefe-tools book build`) and training positions
//! from match games (`tiefe-tools datagen-pgn`).

use std::str::FromStr;

use tiefe::position::Position;
use tiefe::types::{ChessMove, Piece, Square};

/// Errors reading SAN.
fn san_error(san: &str, why: &str) -> String {
    format!("'{san}': {why}")
}

/// The legal move of `pos` that the SAN `san` names (`Nf3`, `exd5`, `e8=Q+`, `O-O`,
/// `Raxd1`, `0-0-0`…). Checks and annotations are ignored; an ambiguous or impossible
/// move is an error.
pub fn parse_san(pos: &Position, san: &str) -> Result<ChessMove, String> {
    let text = san.trim_end_matches(['+', '#', '!', '?']);
    let legal = pos.legal_moves();
    let b = pos;
    if matches!(text, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
        let long = text.len() == 5;
        return legal
            .into_iter()
            .find(|m| {
                b.piece_on(m.get_source()) == Some(Piece::King)
                    && (m.get_dest().get_file().to_index() as i32
                        - m.get_source().get_file().to_index() as i32)
                        == if long { -2 } else { 2 }
            })
            .ok_or_else(|| san_error(san, "castling is not legal here"));
    }
    let (body, promo) = match text.find('=') {
        Some(i) => (&text[..i], text[i + 1..].chars().next()),
        None => {
            // Promotion written without '=' (e8Q).
            let last = text.chars().last();
            if text.len() >= 3
                && matches!(last, Some('Q' | 'R' | 'B' | 'N'))
                && text.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            {
                (&text[..text.len() - 1], last)
            } else {
                (text, None)
            }
        }
    };
    let promo = match promo {
        None => None,
        Some('Q') => Some(Piece::Queen),
        Some('R') => Some(Piece::Rook),
        Some('B') => Some(Piece::Bishop),
        Some('N') => Some(Piece::Knight),
        Some(_) => return Err(san_error(san, "bad promotion piece")),
    };
    let mut chars: Vec<char> = body.chars().filter(|&c| c != 'x' && c != '-').collect();
    let piece = match chars.first() {
        Some('K') => Piece::King,
        Some('Q') => Piece::Queen,
        Some('R') => Piece::Rook,
        Some('B') => Piece::Bishop,
        Some('N') => Piece::Knight,
        Some(c) if ('a'..='h').contains(c) => Piece::Pawn,
        _ => return Err(san_error(san, "not a move")),
    };
    if piece != Piece::Pawn {
        chars.remove(0);
    }
    if chars.len() < 2 {
        return Err(san_error(san, "no destination square"));
    }
    let dest: String = chars[chars.len() - 2..].iter().collect();
    let dest = Square::from_str(&dest).map_err(|_| san_error(san, "bad destination square"))?;
    let hint = &chars[..chars.len() - 2];
    let mut found = legal.into_iter().filter(|m| {
        let from = m.get_source();
        m.get_dest() == dest
            && b.piece_on(from) == Some(piece)
            && m.get_promotion() == promo
            && hint.iter().all(|&c| match c {
                'a'..='h' => from.get_file().to_index() == (c as u8 - b'a') as usize,
                '1'..='8' => from.get_rank().to_index() == (c as u8 - b'1') as usize,
                _ => false,
            })
    });
    match (found.next(), found.next()) {
        (Some(m), None) => Ok(m),
        (None, _) => Err(san_error(san, "no such legal move")),
        (Some(_), Some(_)) => Err(san_error(san, "ambiguous")),
    }
}

/// One move of a game: its SAN, and the comment after it (without the braces), if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnMove {
    /// As written, checks and annotations included.
    pub san: String,
    /// What fastchess and cutechess write there: `+0.31/12 0.105s`, `-M5/20 ...`, `book`.
    pub comment: Option<String>,
}

/// One game of a PGN text.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Game {
    /// The `FEN` tag: where the game starts, when not at the start position.
    pub fen: Option<String>,
    /// The `SetUp` tag: "1" when the game starts from its `FEN` tag, "0" when from the
    /// start position (most writers give it with the `FEN` tag, some leave it out).
    pub setup: Option<String>,
    /// The `Variant` tag (fastchess and cutechess write `chess960` for Chess960 games;
    /// none, or `standard`, for chess).
    pub variant: Option<String>,
    /// The `White` tag: the engine that played White (empty when missing).
    pub white: String,
    /// The `Black` tag.
    pub black: String,
    /// The moves of the main line (variations, NAGs and move numbers left out).
    pub moves: Vec<PgnMove>,
    /// White's result (1, 0.5 or 0), `None` for `*` or a missing tag.
    pub result: Option<f32>,
}

impl Game {
    /// The position the game starts from: its `FEN` tag's, or the start position. A
    /// game of another variant than standard chess (Chess960 included: Polyglot keys and
    /// the training lines are standard chess), a `FEN` that does not read, or tags that
    /// contradict each other (`SetUp "1"` without a `FEN`, `SetUp "0"` with one) give
    /// an error: replaying such a game from any position would give wrong positions.
    pub fn start(&self) -> Result<Position, String> {
        if let Some(v) = self.variant.as_deref() {
            if !matches!(v.to_ascii_lowercase().as_str(), "" | "standard" | "chess") {
                return Err(format!("variant '{v}' is not standard chess"));
            }
        }
        match (self.setup.as_deref().map(str::trim), &self.fen) {
            (Some("0"), Some(fen)) => Err(format!("SetUp \"0\" but a FEN tag '{fen}'")),
            (Some("1"), None) => Err("SetUp \"1\" but no FEN tag".to_string()),
            (_, Some(fen)) => Position::from_fen(fen).map_err(|e| format!("FEN '{fen}': {e}")),
            (_, None) => Ok(Position::startpos()),
        }
    }
}

/// The value of a tag line `[Name "value"]`, if `line` is one of `name`.
fn tag<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let rest = line.strip_prefix('[')?.strip_prefix(name)?.trim_start();
    rest.strip_prefix('"')?.strip_suffix("\"]")
}

/// The games of a PGN text. A tag line after movetext starts a new game; a `;` comment
/// runs to the end of its line; a brace comment belongs to the move before it.
pub fn read_games(text: &str) -> Vec<Game> {
    let mut games = Vec::new();
    let mut game = Game::default();
    let mut in_movetext = false;
    let mut comment: Option<String> = None;
    let mut depth_var = 0usize;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') && comment.is_none() && depth_var == 0 {
            if in_movetext {
                games.push(std::mem::take(&mut game));
                in_movetext = false;
            }
            if let Some(v) = tag(t, "Result") {
                game.result = match v {
                    "1-0" => Some(1.0),
                    "0-1" => Some(0.0),
                    "1/2-1/2" => Some(0.5),
                    _ => None,
                };
            } else if let Some(v) = tag(t, "FEN") {
                game.fen = Some(v.to_string());
            } else if let Some(v) = tag(t, "SetUp") {
                game.setup = Some(v.to_string());
            } else if let Some(v) = tag(t, "Variant") {
                game.variant = Some(v.to_string());
            } else if let Some(v) = tag(t, "White") {
                game.white = v.to_string();
            } else if let Some(v) = tag(t, "Black") {
                game.black = v.to_string();
            }
            continue;
        }
        in_movetext |= !t.is_empty();
        let mut token = String::new();
        for c in t.chars().chain(std::iter::once('\n')) {
            if let Some(text) = comment.as_mut() {
                if c == '}' {
                    let done = comment.take().unwrap_or_default();
                    if let Some(m) = game.moves.last_mut().filter(|_| depth_var == 0) {
                        m.comment = Some(done.trim().to_string());
                    }
                } else {
                    text.push(if c == '\n' { ' ' } else { c });
                }
                continue;
            }
            let ends_token = matches!(c, '{' | '(' | ')' | ';') || c.is_whitespace();
            if ends_token {
                push_move(&mut game.moves, std::mem::take(&mut token), depth_var);
            }
            match c {
                '{' => comment = Some(String::new()),
                '(' => depth_var += 1,
                ')' => depth_var = depth_var.saturating_sub(1),
                ';' => break,
                c if c.is_whitespace() => {}
                c => token.push(c),
            }
        }
    }
    games.push(game);
    // Tags without moves (a header cut off, a PGN's leftovers) make no game.
    games.retain(|g| !g.moves.is_empty());
    games
}

/// Adds `token` to `moves` if it is a move of the main line (not a move number, NAG or
/// result, and not inside a variation).
fn push_move(moves: &mut Vec<PgnMove>, token: String, depth_var: usize) {
    // A result, before the move number is stripped (which would leave "-0" of "1-0").
    if depth_var > 0 || matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
        return;
    }
    let tok = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    if tok.is_empty() || tok.starts_with('$') {
        return;
    }
    moves.push(PgnMove {
        san: tok.to_string(),
        comment: None,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn san_reading() {
        let pos = Position::from_fen("r3k2r/1P6/8/3n4/8/2N1N3/8/R3K2R w KQkq - 0 1").unwrap();
        for (san, uci) in [
            ("O-O", "e1g1"),
            ("0-0-0", "e1c1"),
            ("Ncxd5", "c3d5"),
            ("Nexd5", "e3d5"),
            ("bxa8=Q", "b7a8q"),
            ("b8N", "b7b8n"),
            ("Rb1", "a1b1"),
        ] {
            assert_eq!(
                parse_san(&pos, san).map(|m| m.to_string()),
                Ok(uci.to_string()),
                "{san}"
            );
        }
        assert!(parse_san(&pos, "Nxd5").unwrap_err().contains("ambiguous"));
        // Both knights stand on the third rank: the rank does not tell them apart.
        assert!(parse_san(&pos, "N3xd5+").unwrap_err().contains("ambiguous"));
        let rooks = Position::from_fen("4k3/8/8/8/R7/8/8/R3K3 w Q - 0 1").unwrap();
        assert_eq!(parse_san(&rooks, "R4a3").unwrap().to_string(), "a4a3");
        assert_eq!(parse_san(&rooks, "R1a2").unwrap().to_string(), "a1a2");
        assert!(parse_san(&pos, "Qd1").is_err());
        assert!(parse_san(&pos, "zz").is_err());
    }

    #[test]
    fn games_tags_and_comments() {
        let pgn = "[Event \"a\"]\n[White \"new\"]\n[Black \"base\"]\n\
                   [FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[Result \"1-0\"]\n\n\
                   1. e4 {+0.31/12 0.105s} Kd7 {-0.40/11\n0.2s} (1... Ke7 {x}) 2. Kd2 $1\n\
                   {book} 1-0\n\n[Event \"b\"]\n[Result \"*\"]\n\n1. d4 ; rest\nd5 *\n";
        let games = read_games(pgn);
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert_eq!(g.fen.as_deref(), Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
        assert_eq!((g.white.as_str(), g.black.as_str()), ("new", "base"));
        assert_eq!(g.result, Some(1.0));
        let moves: Vec<(&str, Option<&str>)> = g
            .moves
            .iter()
            .map(|m| (m.san.as_str(), m.comment.as_deref()))
            .collect();
        assert_eq!(
            moves,
            [
                ("e4", Some("+0.31/12 0.105s")),
                ("Kd7", Some("-0.40/11 0.2s")),
                ("Kd2", Some("book")),
            ]
        );
        assert_eq!(games[1].result, None);
        let second: Vec<&str> = games[1].moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(second, ["d4", "d5"]);
    }

    #[test]
    fn games_start_where_their_tags_say() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let game = |tags: &str| {
            let pgn = format!("{tags}\n\n1. e4 *\n");
            read_games(&pgn).remove(0)
        };
        let start = |tags: &str| game(tags).start().map(|p| p.to_fen());
        assert_eq!(start(""), Ok(Position::startpos().to_fen()));
        assert_eq!(start(&format!("[FEN \"{fen}\"]")), Ok(fen.to_string()));
        let with_setup = format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n[Variant \"Standard\"]");
        assert_eq!(start(&with_setup), Ok(fen.to_string()));
        assert_eq!(start("[SetUp \"0\"]"), Ok(Position::startpos().to_fen()));
        // Tags that cannot be replayed as chess from a known position are refused.
        for bad in [
            "[FEN \"not a position\"]".to_string(),
            "[SetUp \"1\"]".to_string(),
            format!("[SetUp \"0\"]\n[FEN \"{fen}\"]"),
            format!("[Variant \"chess960\"]\n[FEN \"{fen}\"]"),
            "[Variant \"crazyhouse\"]".to_string(),
        ] {
            assert!(start(&bad).is_err(), "{bad}");
        }
    }
}
