//! The engine's options, declared once.
//!
//! [`OPTIONS`] is the one table: each entry gives an option's name, its kind (with
//! default and range), whether it may only change while no search runs, and how it is
//! applied. The `uci` listing (formatted in `uci::format`), the reading and clamping of a `setoption` value, the
//! engine's start-up state (every default applied through the same entry) and the
//! README's option table (checked by a test) all follow from it. Adding an option is
//! adding an entry.

use super::skill::{ELO_MAX, ELO_MIN};
use super::Engine;

/// What kind of value an option takes, with its default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An integer in `min..=max`; a value out of range is clamped (and the GUI told).
    Spin {
        /// The value at start-up.
        default: i64,
        /// The least value accepted.
        min: i64,
        /// The greatest value accepted.
        max: i64,
    },
    /// `true` or `false`.
    Check {
        /// The value at start-up.
        default: bool,
    },
    /// Free text; `<empty>` (as GUIs send an empty default) means empty.
    Text {
        /// The value at start-up (listed as `<empty>` when empty).
        default: &'static str,
    },
    /// An action without a value.
    Button,
}

/// A value read for an option, of the option's kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A spin option's integer, already clamped to its range.
    Spin(i64),
    /// A check option's flag.
    Check(bool),
    /// A string option's text, trimmed; `<empty>` read as the empty string.
    Text(String),
    /// A button was pressed.
    Button,
}

impl Value {
    /// The integer of a spin value (0 for another kind: the table never asks for it).
    pub fn int(&self) -> i64 {
        match self {
            Value::Spin(n) => *n,
            _ => 0,
        }
    }

    /// The flag of a check value (false for another kind).
    pub fn on(&self) -> bool {
        matches!(self, Value::Check(true))
    }

    /// The text of a string value (empty for another kind).
    pub fn text(&self) -> String {
        match self {
            Value::Text(t) => t.clone(),
            _ => String::new(),
        }
    }
}

/// One option: everything the engine and the GUI need to know of it.
pub struct Spec {
    /// The name as listed; `setoption` matches it in any case.
    pub name: &'static str,
    /// Its type, default and range, as the `uci` listing gives them.
    pub kind: Kind,
    /// Whether it changes what a running search uses (the table, the workers, the
    /// tablebases, learning), so that it waits until no search runs.
    pub needs_idle: bool,
    /// Puts a value (already read and clamped) into force.
    pub apply: fn(&mut Engine, Value),
}

/// Where learning is kept unless `LearningFile` says otherwise (relative to the
/// directory the GUI starts the engine in).
pub const DEFAULT_LEARNING_FILE: &str = "tiefe.lrn";

/// Every option, in the order the `uci` listing gives them.
pub const OPTIONS: &[Spec] = &[
    Spec {
        name: "Hash",
        kind: Kind::Spin {
            default: 16,
            min: 1,
            max: 65536,
        },
        needs_idle: true,
        apply: |e, v| e.resize_table(v.int() as usize),
    },
    Spec {
        name: "Threads",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 1024,
        },
        needs_idle: true,
        apply: |e, v| e.set_threads(v.int() as usize),
    },
    Spec {
        name: "Clear Hash",
        kind: Kind::Button,
        needs_idle: true,
        apply: |e, _| e.tt_mut().clear(),
    },
    Spec {
        name: "Ponder",
        kind: Kind::Check { default: false },
        needs_idle: false,
        apply: |e, v| e.settings.ponder = v.on(),
    },
    Spec {
        name: "Move Overhead",
        kind: Kind::Spin {
            default: 10,
            min: 0,
            max: 5000,
        },
        needs_idle: false,
        apply: |e, v| e.settings.move_overhead_ms = v.int() as u64,
    },
    Spec {
        name: "MultiPV",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
        needs_idle: false,
        apply: |e, v| e.settings.multipv = v.int() as usize,
    },
    Spec {
        name: "UCI_ShowWDL",
        kind: Kind::Check { default: false },
        needs_idle: false,
        apply: |e, v| e.settings.show_wdl = v.on(),
    },
    Spec {
        name: "UCI_Chess960",
        kind: Kind::Check { default: false },
        needs_idle: true,
        apply: |e, v| e.set_chess960(v.on()),
    },
    Spec {
        name: "Skill Level",
        kind: Kind::Spin {
            default: 20,
            min: 0,
            max: 20,
        },
        needs_idle: false,
        apply: |e, v| e.settings.skill_level = v.int() as u32,
    },
    Spec {
        name: "UCI_LimitStrength",
        kind: Kind::Check { default: false },
        needs_idle: false,
        apply: |e, v| e.settings.limit_strength = v.on(),
    },
    Spec {
        name: "UCI_Elo",
        kind: Kind::Spin {
            default: ELO_MAX as i64,
            min: ELO_MIN as i64,
            max: ELO_MAX as i64,
        },
        needs_idle: false,
        apply: |e, v| e.settings.elo = v.int() as u32,
    },
    Spec {
        name: "OwnBook",
        kind: Kind::Check { default: false },
        needs_idle: false,
        apply: |e, v| {
            e.settings.own_book = v.on();
            e.load_book();
        },
    },
    Spec {
        name: "BookFile",
        kind: Kind::Text { default: "" },
        needs_idle: false,
        apply: |e, v| {
            e.settings.book_file = v.text();
            e.load_book();
        },
    },
    Spec {
        name: "SyzygyPath",
        kind: Kind::Text { default: "" },
        needs_idle: true,
        apply: |e, v| e.load_tablebases(&v.text()),
    },
    Spec {
        name: "SyzygyProbeDepth",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 100,
        },
        needs_idle: true,
        apply: |e, v| e.pool_mut().tb_config.probe_depth = v.int() as i32,
    },
    Spec {
        name: "Syzygy50MoveRule",
        kind: Kind::Check { default: true },
        needs_idle: true,
        apply: |e, v| e.pool_mut().tb_config.rule50 = v.on(),
    },
    Spec {
        name: "SyzygyProbeLimit",
        kind: Kind::Spin {
            default: 7,
            min: 0,
            max: 7,
        },
        needs_idle: true,
        apply: |e, v| e.pool_mut().tb_config.probe_limit = v.int() as u32,
    },
    Spec {
        name: "Debug Log File",
        kind: Kind::Text { default: "" },
        needs_idle: false,
        apply: |e, v| e.log_to(&v.text()),
    },
    Spec {
        name: "Learning",
        kind: Kind::Check { default: false },
        needs_idle: true,
        apply: |e, v| {
            e.settings.learning = v.on();
            e.open_learning();
        },
    },
    Spec {
        name: "LearningFile",
        kind: Kind::Text {
            default: DEFAULT_LEARNING_FILE,
        },
        needs_idle: true,
        apply: |e, v| {
            e.settings.learning_file = v.text();
            e.open_learning();
        },
    },
];

/// The option called `name` (in any case, surrounding blanks ignored).
pub fn find(name: &str) -> Option<&'static Spec> {
    let name = name.trim();
    OPTIONS.iter().find(|s| s.name.eq_ignore_ascii_case(name))
}

/// The search parameter called `name` (in any case), with the `spsa` feature.
#[cfg(feature = "spsa")]
pub fn find_param(name: &str) -> Option<&'static crate::search::params::ParamDesc> {
    let name = name.trim();
    crate::search::params::descriptors()
        .iter()
        .find(|d| d.name.eq_ignore_ascii_case(name))
}

/// A search parameter as a spin option: listed, read and clamped like the others, and
/// applied through the pool (see `Engine::set_option`), so `apply` is never called.
#[cfg(feature = "spsa")]
pub fn param_spec(d: &crate::search::params::ParamDesc) -> Spec {
    Spec {
        name: d.name,
        kind: Kind::Spin {
            default: d.default as i64,
            min: d.min as i64,
            max: d.max as i64,
        },
        needs_idle: true,
        apply: |_, _| {},
    }
}

/// Every search parameter as a spin option, with the `spsa` feature (none without).
pub fn param_specs() -> Vec<Spec> {
    #[cfg(feature = "spsa")]
    return crate::search::params::descriptors()
        .iter()
        .map(param_spec)
        .collect();
    #[cfg(not(feature = "spsa"))]
    Vec::new()
}

impl Kind {
    /// The value the option starts with (`None` for a button).
    pub fn default_value(&self) -> Option<Value> {
        match *self {
            Kind::Spin { default, .. } => Some(Value::Spin(default)),
            Kind::Check { default } => Some(Value::Check(default)),
            Kind::Text { default } => Some(Value::Text(default.to_string())),
            Kind::Button => None,
        }
    }
}

impl Spec {
    /// Reads a `setoption` value for this option. A spin value out of range is clamped,
    /// and the second part says so; a value that cannot be read is an error.
    pub fn read(&self, value: Option<&str>) -> Result<(Value, Option<String>), String> {
        let text = value.unwrap_or("").trim();
        match self.kind {
            Kind::Spin { min, max, .. } => {
                let n: i128 = text
                    .parse()
                    .map_err(|_| format!("{}: '{text}' is not a number", self.name))?;
                let clamped = n.clamp(min as i128, max as i128) as i64;
                let note = (clamped as i128 != n).then(|| {
                    format!(
                        "{}: {n} is out of range {min}..{max}, using {clamped}",
                        self.name
                    )
                });
                Ok((Value::Spin(clamped), note))
            }
            Kind::Check { .. } => match text.to_ascii_lowercase().as_str() {
                "true" => Ok((Value::Check(true), None)),
                "false" => Ok((Value::Check(false), None)),
                _ => Err(format!(
                    "{}: expected true or false, not {:?}",
                    self.name,
                    value.map(str::trim)
                )),
            },
            Kind::Text { .. } => {
                let t = if text == "<empty>" { "" } else { text };
                Ok((Value::Text(t.to_string()), None))
            }
            Kind::Button => Ok((Value::Button, None)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(name: &str, value: Option<&str>) -> Result<(Value, Option<String>), String> {
        find(name).ok_or("no such option")?.read(value)
    }

    #[test]
    fn names_case_insensitive_and_values_clamped() {
        assert_eq!(read("hAsH", Some("64")), Ok((Value::Spin(64), None)));
        let (v, note) = read("Hash", Some("0")).unwrap();
        assert_eq!(v, Value::Spin(1));
        assert!(note.is_some());
        assert_eq!(
            read("move overhead", Some("99999")).unwrap().0,
            Value::Spin(5000)
        );
        assert!(read("Hash", Some("lots")).is_err());
        assert!(read("Hash", None).is_err());
        assert!(find("NoSuchThing").is_none());
        assert_eq!(read(" CLEAR HASH ", None), Ok((Value::Button, None)));
        assert_eq!(read("Ponder", Some("TRUE")), Ok((Value::Check(true), None)));
        assert!(read("UCI_ShowWDL", Some("yes")).is_err());
        assert_eq!(
            read("BookFile", Some("<empty>")),
            Ok((Value::Text(String::new()), None))
        );
    }

    #[test]
    fn names_are_unique_and_defaults_in_range() {
        for (i, s) in OPTIONS.iter().enumerate() {
            assert!(
                OPTIONS[..i]
                    .iter()
                    .all(|t| !t.name.eq_ignore_ascii_case(s.name)),
                "{} twice",
                s.name
            );
            if let Kind::Spin { default, min, max } = s.kind {
                assert!(min <= default && default <= max, "{}", s.name);
            }
        }
    }
}

#[cfg(test)]
mod readme {
    use super::*;

    /// The README's option table, row by row: name, type, default, range.
    fn readme_rows() -> Vec<[String; 4]> {
        let readme = include_str!("../../README.md");
        let table = readme
            .split("## Options\n")
            .nth(1)
            .expect("the README has an Options section");
        table
            .lines()
            .skip_while(|l| !l.starts_with('|'))
            .take_while(|l| l.starts_with('|'))
            .skip(2)
            .map(|row| {
                let cells: Vec<String> = row
                    .split('|')
                    .map(|c| c.trim().trim_matches('`').to_string())
                    .collect();
                [
                    cells[1].clone(),
                    cells[2].clone(),
                    cells[3].clone(),
                    cells[4].clone(),
                ]
            })
            .collect()
    }

    /// How the README shows an option: name, type, default, range.
    fn row(spec: &Spec) -> [String; 4] {
        let (kind, default, range) = match spec.kind {
            Kind::Spin { default, min, max } => {
                ("spin", default.to_string(), format!("{min}–{max}"))
            }
            Kind::Check { default } => ("check", default.to_string(), String::new()),
            Kind::Text { default: "" } => ("string", "<empty>".into(), String::new()),
            Kind::Text { default } => ("string", default.into(), String::new()),
            Kind::Button => ("button", String::new(), String::new()),
        };
        [spec.name.into(), kind.into(), default, range]
    }

    #[test]
    fn the_readme_table_is_the_option_table() {
        let want: Vec<[String; 4]> = OPTIONS.iter().map(row).collect();
        assert_eq!(readme_rows(), want);
    }
}
