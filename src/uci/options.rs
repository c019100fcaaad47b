//! The engine's UCI options: their `option` lines and how a `setoption` is read.

/// Current option values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    pub hash_mb: usize,
    pub ponder: bool,
    pub move_overhead_ms: u64,
    pub multipv: usize,
    /// `UCI_ShowWDL`: add `wdl W D L` to info lines.
    pub show_wdl: bool,
    /// `Skill Level`, `UCI_LimitStrength`, `UCI_Elo`.
    pub skill_level: u32,
    pub limit_strength: bool,
    pub elo: u32,
    /// `OwnBook` and `BookFile`.
    pub own_book: bool,
    pub book_file: String,
    /// `Learning` and `LearningFile`.
    pub learning: bool,
    pub learning_file: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: HASH.default,
            ponder: false,
            move_overhead_ms: OVERHEAD.default as u64,
            multipv: MULTIPV.default,
            show_wdl: false,
            skill_level: SKILL.default as u32,
            limit_strength: false,
            elo: ELO.default as u32,
            own_book: false,
            book_file: String::new(),
            learning: false,
            learning_file: DEFAULT_LEARNING_FILE.to_string(),
        }
    }
}

/// Where learning is kept unless `LearningFile` says otherwise (relative to the
/// directory the GUI starts the engine in).
pub const DEFAULT_LEARNING_FILE: &str = "tiefe.lrn";

/// A spin option's range.
pub struct Spin {
    pub name: &'static str,
    pub default: usize,
    pub min: usize,
    pub max: usize,
}

pub const HASH: Spin = Spin {
    name: "Hash",
    default: 16,
    min: 1,
    max: 65536,
};

/// Search threads (Lazy SMP).
pub const THREADS: Spin = Spin {
    name: "Threads",
    default: 1,
    min: 1,
    max: 1024,
};

pub const OVERHEAD: Spin = Spin {
    name: "Move Overhead",
    default: 10,
    min: 0,
    max: 5000,
};

/// Playing strength, 0 (weakest) to 20 (full).
pub const SKILL: Spin = Spin {
    name: "Skill Level",
    default: 20,
    min: 0,
    max: 20,
};

/// The strength asked for with `UCI_LimitStrength`.
pub const ELO: Spin = Spin {
    name: "UCI_Elo",
    default: crate::skill::ELO_MAX as usize,
    min: crate::skill::ELO_MIN as usize,
    max: crate::skill::ELO_MAX as usize,
};

/// `SyzygyProbeDepth`: least depth to probe the tablebases at.
pub const SYZYGY_DEPTH: Spin = Spin {
    name: "SyzygyProbeDepth",
    default: 1,
    min: 1,
    max: 100,
};

/// `SyzygyProbeLimit`: most pieces to probe the tablebases with.
pub const SYZYGY_LIMIT: Spin = Spin {
    name: "SyzygyProbeLimit",
    default: 7,
    min: 0,
    max: 7,
};

/// How many best root moves are searched and reported, each with its own line.
pub const MULTIPV: Spin = Spin {
    name: "MultiPV",
    default: 1,
    min: 1,
    max: 256,
};

impl Spin {
    fn line(&self) -> String {
        format!(
            "option name {} type spin default {} min {} max {}",
            self.name, self.default, self.min, self.max
        )
    }

    /// Reads a value; out of range is clamped, with a note saying so.
    fn read(&self, value: Option<&str>) -> Result<(usize, Option<String>), String> {
        let text = value.unwrap_or("").trim();
        let n: i128 = text
            .parse()
            .map_err(|_| format!("{}: '{}' is not a number", self.name, text))?;
        let clamped = n.clamp(self.min as i128, self.max as i128) as usize;
        let note = (clamped as i128 != n).then(|| {
            format!(
                "{}: {} is out of range {}..{}, using {}",
                self.name, n, self.min, self.max, clamped
            )
        });
        Ok((clamped, note))
    }
}

/// The `option` lines sent in answer to `uci`.
pub fn option_lines() -> Vec<String> {
    vec![
        HASH.line(),
        THREADS.line(),
        "option name Clear Hash type button".to_string(),
        "option name Ponder type check default false".to_string(),
        OVERHEAD.line(),
        MULTIPV.line(),
        "option name UCI_ShowWDL type check default false".to_string(),
        SKILL.line(),
        "option name UCI_LimitStrength type check default false".to_string(),
        ELO.line(),
        "option name OwnBook type check default false".to_string(),
        "option name BookFile type string default <empty>".to_string(),
        "option name SyzygyPath type string default <empty>".to_string(),
        SYZYGY_DEPTH.line(),
        "option name Syzygy50MoveRule type check default true".to_string(),
        SYZYGY_LIMIT.line(),
        "option name Learning type check default false".to_string(),
        format!("option name LearningFile type string default {DEFAULT_LEARNING_FILE}"),
    ]
}

/// What a `setoption` asks the engine to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Hash(usize),
    Threads(usize),
    ClearHash,
    Ponder(bool),
    MoveOverhead(u64),
    MultiPv(usize),
    ShowWdl(bool),
    SkillLevel(u32),
    LimitStrength(bool),
    Elo(u32),
    OwnBook(bool),
    BookFile(String),
    SyzygyPath(String),
    SyzygyProbeDepth(i32),
    SyzygyProbeLimit(u32),
    Syzygy50MoveRule(bool),
    Learning(bool),
    LearningFile(String),
}

/// Reads a check option's value: `true` or `false`, any case.
fn read_check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        other => Err(format!("{name}: expected true or false, not {other:?}")),
    }
}

/// Reads a string option's value; `<empty>` (as GUIs send the default) is empty.
fn read_string(value: Option<&str>) -> String {
    let v = value.unwrap_or("").trim();
    if v == "<empty>" { "" } else { v }.to_string()
}

/// Reads `setoption name <name> value <value>`. Names are case-insensitive. Returns the
/// change and, when a value was clamped, a note for the GUI.
pub fn parse(name: &str, value: Option<&str>) -> Result<(Change, Option<String>), String> {
    let lower = name.trim().to_ascii_lowercase();
    match lower.as_str() {
        "hash" => HASH.read(value).map(|(v, n)| (Change::Hash(v), n)),
        "threads" => THREADS.read(value).map(|(v, n)| (Change::Threads(v), n)),
        "move overhead" => OVERHEAD
            .read(value)
            .map(|(v, n)| (Change::MoveOverhead(v as u64), n)),
        "multipv" => MULTIPV.read(value).map(|(v, n)| (Change::MultiPv(v), n)),
        "clear hash" => Ok((Change::ClearHash, None)),
        "ponder" => read_check("Ponder", value).map(|v| (Change::Ponder(v), None)),
        "uci_showwdl" => read_check("UCI_ShowWDL", value).map(|v| (Change::ShowWdl(v), None)),
        "skill level" => SKILL
            .read(value)
            .map(|(v, n)| (Change::SkillLevel(v as u32), n)),
        "uci_limitstrength" => {
            read_check("UCI_LimitStrength", value).map(|v| (Change::LimitStrength(v), None))
        }
        "uci_elo" => ELO.read(value).map(|(v, n)| (Change::Elo(v as u32), n)),
        "ownbook" => read_check("OwnBook", value).map(|v| (Change::OwnBook(v), None)),
        "bookfile" => Ok((Change::BookFile(read_string(value)), None)),
        "syzygypath" => Ok((Change::SyzygyPath(read_string(value)), None)),
        "syzygyprobedepth" => SYZYGY_DEPTH
            .read(value)
            .map(|(v, n)| (Change::SyzygyProbeDepth(v as i32), n)),
        "syzygyprobelimit" => SYZYGY_LIMIT
            .read(value)
            .map(|(v, n)| (Change::SyzygyProbeLimit(v as u32), n)),
        "syzygy50moverule" => {
            read_check("Syzygy50MoveRule", value).map(|v| (Change::Syzygy50MoveRule(v), None))
        }
        "learning" => read_check("Learning", value).map(|v| (Change::Learning(v), None)),
        "learningfile" => Ok((Change::LearningFile(read_string(value)), None)),
        _ => Err(format!("no such option '{}'", name.trim())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_case_insensitive_and_clamped() {
        assert_eq!(parse("hAsH", Some("64")), Ok((Change::Hash(64), None)));
        let (c, note) = parse("Hash", Some("0")).unwrap();
        assert_eq!(c, Change::Hash(1));
        assert!(note.is_some());
        assert_eq!(
            parse("move overhead", Some("99999")).unwrap().0,
            Change::MoveOverhead(5000)
        );
        assert!(parse("Hash", Some("lots")).is_err());
        assert!(parse("Hash", None).is_err());
        assert!(parse("NoSuchThing", Some("1")).is_err());
        assert_eq!(parse("CLEAR HASH", None), Ok((Change::ClearHash, None)));
        assert_eq!(
            parse("Ponder", Some("TRUE")),
            Ok((Change::Ponder(true), None))
        );
        assert_eq!(
            parse("uci_showwdl", Some("true")),
            Ok((Change::ShowWdl(true), None))
        );
        assert!(parse("UCI_ShowWDL", Some("yes")).is_err());
    }
}
