//! The weights file of the evaluation as text: read at build time ([`WEIGHTS_SOURCE`]),
//! rewritten with tuned values in its own shape ([`write_weights`]), and read back
//! ([`read_weights`]) so that a tune can start from an earlier one's file.

use tiefe::score::S;
use tiefe::weights::{index, named};

/// Where the engine's weights file lives, relative to the workspace root: the tuner
/// reads its shape (and its current values) at build time and writes tuned weights in
/// that shape. If the evaluation's weights file moves, this path and the `include_str!`
/// of [`WEIGHTS_SOURCE`] are the two things to change.
pub const WEIGHTS_PATH: &str = "src/weights.rs";

/// The text of [`WEIGHTS_PATH`] as this build of the engine has it.
pub const WEIGHTS_SOURCE: &str =
    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../src/weights.rs"));

/// Every named weight in `src/weights.rs` ([`named`]): its name, where it starts
/// in the flat layout of [`index`] and how many weights it holds. The writer and the
/// reader both go by this list, so a weight file reads back exactly as it was written.
pub(super) fn layout() -> Vec<(&'static str, usize, usize)> {
    let mut at = 0;
    named()
        .iter()
        .map(|&(name, w)| {
            at += w.len();
            (name, at - w.len(), w.len())
        })
        .collect()
}

/// Rewrites the source of `src/weights.rs` (`source`) with the weights `w` (flat
/// layout): each named constant's value is replaced, everything else (comments, the
/// untuned constants, the layout code) is kept as it is. Values are laid out as
/// rustfmt lays them out, so a written file passes `cargo fmt --check`.
pub fn write_weights(source: &str, w: &[S]) -> Result<String, String> {
    let names = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    let mut out = source.to_string();
    for (name, at, n) in layout() {
        let (start, end) = const_span(&out, name)?;
        let value = if name == "PSQT" {
            let mut tables = String::from("[\n");
            for (k, piece) in names.iter().enumerate() {
                tables.push_str(&format!("    [ // {piece}\n"));
                for r in 0..8 {
                    let row: Vec<String> = (0..8)
                        .map(|c| {
                            let s = w[at + 64 * k + 8 * r + c];
                            format!("S({:4},{:4}),", s.mg(), s.eg())
                        })
                        .collect();
                    tables.push_str(&format!("        {}\n", row.join(" ")));
                }
                tables.push_str("    ],\n");
            }
            tables.push(']');
            tables
        } else if n == 1 {
            fmt_s(w[at])
        } else {
            // rustfmt keeps an array on its line when the line fits in 100 columns.
            let column = start - out[..start].rfind('\n').map_or(0, |i| i + 1);
            let items: Vec<String> = (at..at + n).map(|i| fmt_s(w[i])).collect();
            let line = format!("[{}]", items.join(", "));
            if column + line.len() < 100 {
                line
            } else {
                let items: Vec<String> = items.iter().map(|s| format!("    {s},")).collect();
                format!("[\n{}\n]", items.join("\n"))
            }
        };
        out = format!("{}{}{}", &out[..start], value, &out[end..]);
    }
    Ok(out)
}

/// Reads the weights (flat layout) back from the source of a weights file written by
/// [`write_weights`] or kept by hand in the same form, so that a tune can start where
/// an earlier one stopped (`--from`) or a written set can be scored on other data.
pub fn read_weights(source: &str) -> Result<Vec<S>, String> {
    let mut w = vec![S(0, 0); index::COUNT];
    for (name, at, n) in layout() {
        let (start, end) = const_span(source, name)?;
        let pairs = s_pairs(&source[start..end]);
        if pairs.len() != n {
            return Err(format!("{name}: {} weights, {n} expected", pairs.len()));
        }
        w[at..at + n].copy_from_slice(&pairs);
    }
    Ok(w)
}

/// The `S(mg, eg)` values in `text`, in order, skipping `//` comments.
pub fn s_pairs(text: &str) -> Vec<S> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        for part in code.split("S(").skip(1) {
            let inner = part.split(')').next().unwrap_or("");
            let mut nums = inner.split(',').map(|x| x.trim().parse::<i32>());
            if let (Some(Ok(a)), Some(Ok(b)), None) = (nums.next(), nums.next(), nums.next()) {
                out.push(S(a, b));
            }
        }
    }
    out
}

fn fmt_s(s: S) -> String {
    format!("S({}, {})", s.mg(), s.eg())
}

/// Where the value of `pub const NAME: T = <value>;` lies in `src` (byte range).
fn const_span(src: &str, name: &str) -> Result<(usize, usize), String> {
    let head = format!("pub const {name}: ");
    let start = src
        .find(&head)
        .ok_or_else(|| format!("constant {name} not found"))?;
    let eq = start + src[start..].find(" = ").ok_or("no '='")? + 3;
    // The value ends at the first ';' outside brackets and comments.
    let mut depth = 0i32;
    let bytes = src.as_bytes();
    let mut i = eq;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'[' | b'(' => depth += 1,
            b']' | b')' => depth -= 1,
            b';' if depth == 0 => return Ok((eq, i)),
            _ => {}
        }
        i += 1;
    }
    Err(format!("end of {name} not found"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiefe::weights::flat;

    #[test]
    fn writing_the_current_weights_reproduces_the_file() {
        let source = WEIGHTS_SOURCE;
        let text = write_weights(source, &flat()).unwrap();
        assert_eq!(text, source);
        assert_eq!(read_weights(source).unwrap(), flat());
    }

    #[test]
    fn the_layout_covers_every_weight_once() {
        let mut seen = vec![0; index::COUNT];
        for (_, at, n) in layout() {
            for c in &mut seen[at..at + n] {
                *c += 1;
            }
        }
        assert!(seen.iter().all(|&c| c == 1), "{seen:?}");
        // The list's order is the order of the index constants.
        let at = |name: &str| layout().iter().find(|e| e.0 == name).unwrap().1;
        assert_eq!(at("PSQT"), index::PSQT);
        assert_eq!(at("PASSED"), index::PASSED);
        assert_eq!(at("MOBILITY_KNIGHT"), index::MOBILITY_KNIGHT);
        assert_eq!(at("MOBILITY_QUEEN"), index::MOBILITY_QUEEN);
        assert_eq!(at("SHIELD"), index::SHIELD);
        assert_eq!(at("TEMPO"), index::TEMPO);
    }

    #[test]
    fn written_weights_read_back_unchanged() {
        let source = WEIGHTS_SOURCE;
        // Every weight different from its neighbours and from the engine's, some
        // negative, so that a shifted or swapped entry would show.
        let w: Vec<S> = (0..index::COUNT as i32)
            .map(|i| S(i * 7 % 501 - 250, -(i * 13 % 307) + 100))
            .collect();
        let text = write_weights(source, &w).unwrap();
        assert_eq!(read_weights(&text).unwrap(), w);
        // A file with a weight missing is refused, not read short.
        let cut = text.replacen("S(", "X(", 1);
        assert!(read_weights(&cut).is_err());
    }
}
