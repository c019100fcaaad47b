//! Where datagen's games start. A standard game starts from the start position, or from
//! a position of `--book`; a share of the games (`--chess960-fraction`, all of them by
//! default) may instead start from a Chess960 or double Fischer Random array
//! (`--chess960`, `--dfrc`), so that the evaluation also learns from positions the
//! standard array never leads to (bishops in the corners, kings on the b-file, rooks
//! castled to odd files). Those games are played in Chess960 mode throughout (castling
//! as the king taking its own rook, as the engine plays it), and their positions are
//! written with Shredder-FEN castling fields, which read back in that mode.
//!
//! Every choice is drawn from the run's seeded generator, and only from it, so that
//! replaying the openings of earlier games brings the generator to where the next game
//! starts (which is how a run resumes).

use std::fmt;
use std::io;
use std::str::FromStr;

use rand::rngs::StdRng;
use rand::RngExt;
use tiefe::position::Position;

use super::Config;

/// A share of the games, in millionths: an integer, so that it compares exactly, reads
/// back from the state file as it was written, and is drawn without floating point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Share(u32);

impl Share {
    /// Millionths in the whole.
    const WHOLE: u32 = 1_000_000;
    /// Every game.
    pub const ALL: Share = Share(Share::WHOLE);
    /// No game.
    pub const NONE: Share = Share(0);

    /// Whether the next game is one of the share: one draw from `rng`.
    fn draw(self, rng: &mut StdRng) -> bool {
        rng.random_range(0..Share::WHOLE) < self.0
    }
}

impl FromStr for Share {
    type Err = String;

    /// A fraction from 0 to 1 (`0.25`), kept to the millionth.
    fn from_str(s: &str) -> Result<Share, String> {
        let f: f64 = s.trim().parse().map_err(|e| format!("{e}"))?;
        if !(0.0..=1.0).contains(&f) {
            return Err(format!("{s} is not a fraction from 0 to 1"));
        }
        Ok(Share((f * Share::WHOLE as f64).round() as u32))
    }
}

impl fmt::Display for Share {
    /// The shortest decimal that reads back as the same share (`0.25`, `1`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 as f64 / Share::WHOLE as f64)
    }
}

/// The starting positions of a file of starts (`--book`, `--chess960`, `--dfrc`), as
/// FENs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Book {
    /// Every usable line, as a full FEN (clocks completed where the line had none).
    pub fens: Vec<String>,
    /// Lines that were neither blank nor a legal position with a legal move, so that
    /// a wrong file (a Chess960 book given as `--book`, say) is noticed.
    pub skipped: usize,
    /// Whether the positions are read and played in Chess960 mode.
    pub chess960: bool,
}

impl Book {
    /// Reads a standard book file (`--book`); a file without a single usable position
    /// is an error.
    pub fn load(path: &str) -> io::Result<Book> {
        Book::load_in(path, "--book", false)
    }

    /// Reads a book file in standard chess or, with `chess960`, in Chess960 mode. A
    /// file without a single usable position is an error, named after its `option`.
    pub fn load_in(path: &str, option: &str, chess960: bool) -> io::Result<Book> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| io::Error::new(e.kind(), format!("{option} {path}: {e}")))?;
        let book = Book::parse_in(&text, chess960);
        if book.fens.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{option} {path}: no usable position"),
            ));
        }
        Ok(book)
    }

    /// [`Book::parse_in`] in standard chess, where a Chess960 line is not usable.
    pub fn parse(text: &str) -> Book {
        Book::parse_in(text, false)
    }

    /// Reads the positions of a book text, one a line. Each line's first four fields
    /// are the position; when the next two are numbers the line is a whole FEN and its
    /// clocks are kept, otherwise (EPD operations, or nothing) the clocks are `0 1`.
    /// Lines that are blank or start with `#` are passed over silently.
    pub fn parse_in(text: &str, chess960: bool) -> Book {
        let mut fens = Vec::new();
        let mut skipped = 0;
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let pos = full_fen(line).and_then(|fen| Position::from_fen_in(&fen, chess960).ok());
            match pos {
                Some(pos) if pos.has_legal_move() => fens.push(pos.to_fen()),
                _ => skipped += 1,
            }
        }
        Book {
            fens,
            skipped,
            chess960,
        }
    }

    /// Position `i` of the book, in the book's mode.
    fn position(&self, i: usize) -> Option<Position> {
        Position::from_fen_in(&self.fens[i], self.chess960).ok()
    }
}

/// A book line as a whole FEN: its first four fields, and its clocks when the next two
/// fields are numbers, or else `0 1`; `None` for fewer than four fields.
fn full_fen(line: &str) -> Option<String> {
    let f: Vec<&str> = line.split_whitespace().collect();
    let clocks = f.len() >= 6 && f[4].parse::<u32>().is_ok() && f[5].parse::<u32>().is_ok();
    match f.len() {
        0..=3 => None,
        _ if clocks => Some(f[..6].join(" ")),
        _ => Some(format!("{} 0 1", f[..4].join(" "))),
    }
}

/// Every start a run's games may take: the standard book, if any, and the files of
/// Chess960 and double Fischer Random arrays, if any. The default is the start position
/// alone.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Starts {
    /// `--book`: the standard games start from its positions instead of the start
    /// position.
    pub book: Option<Book>,
    /// `--chess960` and `--dfrc`, in that order, read in Chess960 mode; a Chess960 game
    /// picks one of them with even odds, then one of its arrays.
    pub chess960: Vec<Book>,
}

impl Starts {
    /// Standard games from `book`'s positions, and no Chess960 game.
    pub fn with_book(book: Book) -> Starts {
        Starts {
            book: Some(book),
            chess960: Vec::new(),
        }
    }

    /// Reads the files `cfg` names, reporting each on stderr with the lines it skipped.
    pub fn load(cfg: &Config) -> io::Result<Starts> {
        let read = |path: &Option<String>, option: &str, chess960: bool| {
            let Some(path) = path else {
                return Ok(None);
            };
            let b = Book::load_in(path, option, chess960)?;
            eprintln!(
                "datagen: {} {option} positions from {path} ({} lines skipped)",
                b.fens.len(),
                b.skipped
            );
            Ok::<_, io::Error>(Some(b))
        };
        let book = read(&cfg.book, "--book", false)?;
        let chess960 = [
            read(&cfg.chess960, "--chess960", true)?,
            read(&cfg.dfrc, "--dfrc", true)?,
        ];
        Ok(Starts {
            book,
            chess960: chess960.into_iter().flatten().collect(),
        })
    }

    /// The position a game starts from before its random plies: a Chess960 array for
    /// the share of games `cfg` gives them (when there are any), else the book's
    /// position or the start position. A standard run draws here exactly what it drew
    /// before Chess960 starts existed, so that its seeds play the same games.
    fn pick(&self, rng: &mut StdRng, cfg: &Config) -> Option<Position> {
        let variant = !self.chess960.is_empty() && cfg.chess960_share().draw(rng);
        let book = if variant {
            Some(&self.chess960[rng.random_range(0..self.chess960.len())])
        } else {
            self.book.as_ref()
        };
        match book {
            Some(b) => b.position(rng.random_range(0..b.fens.len())),
            None => Some(Position::startpos()),
        }
    }
}

/// The position game `game_index` starts from: a start of `starts` (a Chess960 array
/// for the share of games `cfg` gives them, else the book's position or the start
/// position) and then `cfg.plies()` random plies, one more when `game_index` is odd.
/// `None` when the random plies end the game. It draws from `rng` and from nothing
/// else, so replaying the openings of earlier games brings `rng` to where a new game
/// starts (which is how a run resumes).
pub fn opening(
    rng: &mut StdRng,
    cfg: &Config,
    starts: &Starts,
    game_index: u64,
) -> Option<Position> {
    let mut pos = starts.pick(rng, cfg)?;
    let plies = cfg.plies() + (game_index % 2) as u32;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos.make_move(moves[rng.random_range(0..moves.len())]);
    }
    pos.has_legal_move().then_some(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_reads_and_writes_as_a_fraction() {
        let share = |s: &str| s.parse::<Share>();
        assert_eq!(share("0.25"), Ok(Share(250_000)));
        assert_eq!(share("1"), Ok(Share::ALL));
        assert_eq!(share("0"), Ok(Share::NONE));
        for s in ["0.25", "1", "0", "0.333333"] {
            assert_eq!(share(s).unwrap().to_string(), s);
        }
        for bad in ["1.5", "-0.1", "NaN", "a quarter", ""] {
            assert!(share(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn chess960_lines_read_in_chess960_mode_only() {
        let text = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf -\n\
                    bnrbnkrq/pppppppp/8/8/8/8/PPPPPPPP/RKNRBQNB w DAgc - 0 1\n";
        let book = Book::parse_in(text, true);
        assert_eq!((book.fens.len(), book.skipped), (2, 0));
        // Written back in Shredder-FEN, and read again in the same mode.
        assert!(book.fens[1].contains(" w DAgc - 0 1"), "{}", book.fens[1]);
        assert_eq!(book.position(0).unwrap().to_fen(), book.fens[0]);
        assert_eq!(Book::parse(text).skipped, 2);
    }
}
