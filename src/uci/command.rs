//! UCI input lines parsed into typed commands. Parsing never panics: every problem is a
//! [`ParseError`] value or, for a `go` that must still be answered, a warning.

use std::fmt;
use std::str::FromStr;

pub use crate::engine::{GoArgs, Start};

/// One line of input from the GUI or a user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify, list the options, answer `uciok`.
    Uci,
    /// `debug on|off`: whether to send extra `info string` lines (per-iteration
    /// statistics, deadlines).
    Debug(bool),
    /// `isready`: answer `readyok` once everything before it is done.
    IsReady,
    /// `setoption name <id> [value <x>]`.
    SetOption {
        /// The option's name as sent (spaces kept; matched in any case).
        name: String,
        /// The text after `value`, words joined by single spaces; `None` without
        /// `value` (as for a button).
        value: Option<String>,
    },
    /// `register`: accepted and ignored (no registration needed).
    Register,
    /// `ucinewgame`: clear the table and the histories, close the game for learning,
    /// and go back to the start position.
    UciNewGame,
    /// `position startpos|fen <FEN> [moves ...]`.
    Position {
        /// Where the game starts.
        start: Start,
        /// The moves played from there, in UCI notation, not yet checked.
        moves: Vec<String>,
    },
    /// `go ...`: search the current position.
    Go(GoArgs),
    /// `stop`: end the search (or perft, bench) and send its result.
    Stop,
    /// `ponderhit`: the ponder move was played; the search goes on with the clock.
    PonderHit,
    /// `quit`: stop any job and exit.
    Quit,
    /// `perft N` or `go perft N`.
    Perft(u32),
    /// `d`: board, FEN, key and static evaluation.
    Display,
    /// `eval`: the evaluation broken down.
    Eval,
    /// `bench [depth]`.
    Bench(Option<u32>),
}

/// Why a line is not a command we can carry out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    /// Blank line.
    Empty,
    /// First word is no command we know.
    Unknown(String),
    /// A known command with arguments we cannot read.
    Invalid(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "empty line"),
            ParseError::Unknown(c) => write!(f, "unknown command '{c}'"),
            ParseError::Invalid(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for ParseError {}

const GO_KEYWORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

impl FromStr for Command {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Command, ParseError> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&head, rest)) = tokens.split_first() else {
            return Err(ParseError::Empty);
        };
        match head {
            "uci" => Ok(Command::Uci),
            "debug" => match rest.first() {
                Some(&"on") => Ok(Command::Debug(true)),
                Some(&"off") => Ok(Command::Debug(false)),
                _ => Err(ParseError::Invalid("debug takes 'on' or 'off'".into())),
            },
            "isready" => Ok(Command::IsReady),
            "setoption" => parse_setoption(rest),
            "register" => Ok(Command::Register),
            "ucinewgame" => Ok(Command::UciNewGame),
            "position" => parse_position(rest),
            "go" => parse_go(rest),
            "stop" => Ok(Command::Stop),
            "ponderhit" => Ok(Command::PonderHit),
            "quit" => Ok(Command::Quit),
            "perft" => parse_perft(rest.first().copied()),
            "d" => Ok(Command::Display),
            "eval" => Ok(Command::Eval),
            "bench" => match rest.first() {
                None => Ok(Command::Bench(None)),
                Some(d) => d
                    .parse::<u32>()
                    .ok()
                    .filter(|d| (1..=64).contains(d))
                    .map(|d| Command::Bench(Some(d)))
                    .ok_or_else(|| ParseError::Invalid(format!("bench: bad depth '{d}'"))),
            },
            other => Err(ParseError::Unknown(other.to_string())),
        }
    }
}

fn parse_perft(arg: Option<&str>) -> Result<Command, ParseError> {
    let Some(arg) = arg else {
        return Err(ParseError::Invalid("perft needs a depth".into()));
    };
    match arg.parse::<u32>() {
        Ok(d) if (1..=20).contains(&d) => Ok(Command::Perft(d)),
        _ => Err(ParseError::Invalid(format!("perft: bad depth '{arg}'"))),
    }
}

/// `setoption name <id> [value <x>]`; both the id and the value may contain spaces.
fn parse_setoption(rest: &[&str]) -> Result<Command, ParseError> {
    if !rest.first().is_some_and(|t| t.eq_ignore_ascii_case("name")) {
        return Err(ParseError::Invalid("setoption: expected 'name'".into()));
    }
    let rest = &rest[1..];
    let split = rest.iter().position(|t| t.eq_ignore_ascii_case("value"));
    let (name, value) = match split {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(ParseError::Invalid("setoption: missing option name".into()));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos|fen <FEN> [moves m1 m2 ...]`.
fn parse_position(rest: &[&str]) -> Result<Command, ParseError> {
    let moves_at = rest.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&rest[..i], rest[i + 1..].to_vec()),
        None => (rest, Vec::new()),
    };
    let start = match head.split_first() {
        Some((&"startpos", [])) => Start::StartPos,
        Some((&"fen", fen)) if !fen.is_empty() => Start::Fen(fen.join(" ")),
        _ => {
            return Err(ParseError::Invalid(
                "position: expected 'startpos' or 'fen <FEN>'".into(),
            ))
        }
    };
    Ok(Command::Position {
        start,
        moves: moves.into_iter().map(String::from).collect(),
    })
}

/// `go` with its tokens in any order. A bad value becomes a warning and the search runs
/// without it, because a GUI that sent `go` waits for a `bestmove` whatever happens.
fn parse_go(rest: &[&str]) -> Result<Command, ParseError> {
    let mut g = GoArgs::default();
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        i += 1;
        let mut value = || {
            let v = rest.get(i).copied();
            if v.is_some_and(|v| !GO_KEYWORDS.contains(&v)) {
                i += 1;
                v
            } else {
                None
            }
        };
        match key {
            "infinite" => g.limits.infinite = true,
            "ponder" => g.limits.ponder = true,
            "searchmoves" => {
                while i < rest.len() && !GO_KEYWORDS.contains(&rest[i]) {
                    g.searchmoves.push(rest[i].to_string());
                    i += 1;
                }
            }
            "perft" => return parse_perft(value()),
            "wtime" | "btime" | "winc" | "binc" | "movetime" => {
                let v = value();
                match v.and_then(parse_count) {
                    Some(n) => {
                        let slot = match key {
                            "wtime" => &mut g.limits.wtime,
                            "btime" => &mut g.limits.btime,
                            "winc" => &mut g.limits.winc,
                            "binc" => &mut g.limits.binc,
                            _ => &mut g.limits.movetime,
                        };
                        *slot = Some(n);
                    }
                    None => g.warnings.push(format!("go: bad value for {key}: {v:?}")),
                }
            }
            "depth" | "mate" | "movestogo" => {
                let v = value();
                match v.and_then(parse_count) {
                    Some(n) => {
                        let n = n.clamp(0, u32::MAX as i64) as u32;
                        match key {
                            "depth" => g.limits.depth = Some(n.max(1)),
                            "mate" => g.limits.mate = Some(n.max(1)),
                            // 0 moves to go is no control in sight: sudden death,
                            // as Stockfish reads it (not the last move before one).
                            _ => g.limits.movestogo = (n > 0).then_some(n),
                        }
                    }
                    None => g.warnings.push(format!("go: bad value for {key}: {v:?}")),
                }
            }
            "nodes" => {
                let v = value();
                match v.and_then(parse_count) {
                    Some(n) => g.limits.nodes = Some(n.max(1) as u64),
                    None => g.warnings.push(format!("go: bad value for nodes: {v:?}")),
                }
            }
            other => g.warnings.push(format!("go: unknown token '{other}'")),
        }
    }
    Ok(Command::Go(g))
}

/// A `go` number: an integer, held at the ends of i64 when it lies beyond them (a huge
/// `wtime` means a lot of time, not none: dropped as a bad value, it left a search
/// without limit); `None` for anything else.
fn parse_count(v: &str) -> Option<i64> {
    if let Ok(n) = v.parse::<i64>() {
        return Some(n);
    }
    let digits = v.strip_prefix(['-', '+']).unwrap_or(v);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(if v.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_tokens_any_order() {
        let Ok(Command::Go(g)) = "go btime 300 winc 5 wtime -20 movestogo 7 binc 0".parse() else {
            panic!()
        };
        assert_eq!(g.limits.wtime, Some(-20));
        assert_eq!(g.limits.btime, Some(300));
        assert_eq!(g.limits.winc, Some(5));
        assert_eq!(g.limits.binc, Some(0));
        assert_eq!(g.limits.movestogo, Some(7));
        assert!(g.warnings.is_empty());
    }

    /// Numbers beyond i64 are held at its ends, not dropped (a dropped `wtime` left the
    /// search without a limit); `u64::MAX` nodes is a node limit.
    #[test]
    fn huge_numbers_are_held_at_the_ends() {
        let Ok(Command::Go(g)) =
            "go wtime 99999999999999999999 btime -99999999999999999999 nodes 18446744073709551615"
                .parse()
        else {
            panic!()
        };
        assert_eq!(g.limits.wtime, Some(i64::MAX));
        assert_eq!(g.limits.btime, Some(i64::MIN));
        assert_eq!(g.limits.nodes, Some(i64::MAX as u64));
        assert!(g.warnings.is_empty(), "{:?}", g.warnings);
        let Ok(Command::Go(g)) = "go wtime 12x btime --5".parse() else {
            panic!()
        };
        assert_eq!((g.limits.wtime, g.limits.btime), (None, None));
        assert_eq!(g.warnings.len(), 2);
    }

    /// `movestogo 0` is sudden death (no control in sight), as Stockfish reads it: it
    /// was one move to go, and the last move before a control may take 4/5 of the clock.
    #[test]
    fn no_moves_to_go_is_sudden_death() {
        let Ok(Command::Go(g)) = "go wtime 60000 btime 60000 movestogo 0".parse() else {
            panic!()
        };
        assert_eq!(g.limits.movestogo, None);
        assert!(g.warnings.is_empty());
        let Ok(Command::Go(g)) = "go wtime 60000 btime 60000 movestogo 1".parse() else {
            panic!()
        };
        assert_eq!(g.limits.movestogo, Some(1));
    }

    #[test]
    fn go_searchmoves_then_more() {
        let Ok(Command::Go(g)) = "go searchmoves e2e4 d2d4 depth 3 infinite".parse() else {
            panic!()
        };
        assert_eq!(g.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!(g.limits.depth, Some(3));
        assert!(g.limits.infinite);
    }

    #[test]
    fn go_bad_value_is_a_warning() {
        let Ok(Command::Go(g)) = "go wtime abc depth 2".parse() else {
            panic!()
        };
        assert_eq!(g.limits.wtime, None);
        assert_eq!(g.limits.depth, Some(2));
        assert_eq!(g.warnings.len(), 1);
    }

    #[test]
    fn setoption_with_spaces() {
        assert_eq!(
            "setoption name Move Overhead value 30".parse(),
            Ok(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            })
        );
        assert_eq!(
            "setoption name Clear Hash".parse(),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
    }

    #[test]
    fn position_forms() {
        assert_eq!(
            "position startpos moves".parse(),
            Ok(Command::Position {
                start: Start::StartPos,
                moves: vec![]
            })
        );
        let Ok(Command::Position { start, moves }) =
            "position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2".parse()
        else {
            panic!()
        };
        assert_eq!(start, Start::Fen("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()));
        assert_eq!(moves, vec!["a1a2"]);
        assert!("position".parse::<Command>().is_err());
        assert!("position fen".parse::<Command>().is_err());
    }

    #[test]
    fn unknown_and_empty() {
        assert_eq!("".parse::<Command>(), Err(ParseError::Empty));
        assert_eq!(
            "xboard".parse::<Command>(),
            Err(ParseError::Unknown("xboard".into()))
        );
        assert_eq!("go perft 3".parse(), Ok(Command::Perft(3)));
    }
}
