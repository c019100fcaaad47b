//! The files of a tablebase folder, each judged before the prober may see it.
//!
//! The prober (`pyrrhic-rs`, a translation of C) trusts every byte of a table: a file
//! cut short by an interrupted download or overwritten by a bad disk makes it read
//! outside the file and bring the whole engine down. So every file is judged here, in
//! safe code, and only sound ones are handed on (see `load`):
//! - its name must be a table's name (`KRPvKR.rtbw`), at most seven pieces;
//! - it must be readable and its size 16 more than a multiple of 64 (a table is
//!   written in 64-byte units and then gets a 16-byte checksum);
//! - its first four bytes must be the marker of its kind (WDL or DTZ), and the pieces
//!   its header lists for each sub-table must be those its name gives (a file renamed
//!   to another material would be decoded with the wrong layout);
//! - the checksum in its last 16 bytes must match its contents (`checksum`), which
//!   finds any change made after the table was generated.
//!
//! The checksum reads the whole file; the engine reads it only once for a file, the
//! first time it sees it, and then remembers the file as sound (`remembered`) as long
//! as its size and modification time stay the same. The other checks, a few bytes
//! read, are made at every start.

use std::fmt;
use std::io::Read;
use std::path::Path;

use super::checksum;

/// The most pieces (kings included) a table the prober knows can hold.
const MAX_PIECES: usize = 7;

/// The first four bytes of a WDL (`.rtbw`) table, as a little-endian number.
const WDL_MAGIC: u32 = 0x5d23_e871;
/// The first four bytes of a DTZ (`.rtbz`) table, as a little-endian number.
const DTZ_MAGIC: u32 = 0xa50c_66d7;
/// The header's flag bits: the WDL table has a sub-table for each side to move; the
/// material has pawns (then each of the files a to d has its own sub-tables).
const FLAG_SPLIT: u8 = 1;
const FLAG_PAWNS: u8 = 2;
/// A header's longest possible piece list: the flag byte after the marker, then for
/// each of four files two order bytes and seven pieces.
const HEADER_BYTES: usize = 5 + 4 * (2 + MAX_PIECES);

/// A table's kind, from its file name's ending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `.rtbw`: win, draw or loss, probed inside the search.
    Wdl,
    /// `.rtbz`: distance to the next capture or pawn move, probed at the root.
    Dtz,
}

/// A table file's name read: its kind and the pieces of each side (kings included) as
/// the tables code them (pawn 1, knight 2, bishop 3, rook 4, queen 5, king 6), the
/// left side of the name first: in the file it is White.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableName {
    /// WDL or DTZ.
    pub kind: Kind,
    /// The pieces of the name's left and right sides, sorted.
    sides: [Vec<u8>; 2],
}

/// What a file in a tablebase folder is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A table, whole and as generated: it can be probed.
    Sound,
    /// A table that cannot be probed safely, and why.
    Damaged(String),
    /// Not a table's name (a read-me, a checksum list, another kind of table): left
    /// alone.
    Unknown,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Sound => write!(f, "sound"),
            Verdict::Damaged(why) => write!(f, "damaged: {why}"),
            Verdict::Unknown => write!(f, "unknown: not a Syzygy table name"),
        }
    }
}

/// The tables' code of a piece letter.
fn piece_code(c: char) -> Option<u8> {
    Some(match c {
        'P' => 1,
        'N' => 2,
        'B' => 3,
        'R' => 4,
        'Q' => 5,
        'K' => 6,
        _ => return None,
    })
}

/// The tables' codes of a side's pieces, kings included, sorted: what a name's side
/// reads as. `counts` are the numbers of pawns, knights, bishops, rooks and queens.
pub fn piece_codes(counts: [u32; 5]) -> Vec<u8> {
    let mut codes = vec![6];
    for (code, &n) in (1..=5).zip(counts.iter()) {
        codes.extend(std::iter::repeat_n(code, n as usize));
    }
    codes.sort_unstable();
    codes
}

/// One side of a name: a king, then pieces in the order Q R B N P.
fn read_side(s: &str) -> Option<Vec<u8>> {
    let rest = s.strip_prefix('K')?;
    let codes: Vec<u8> = rest.chars().map(piece_code).collect::<Option<_>>()?;
    if codes.contains(&6) || codes.windows(2).any(|w| w[0] < w[1]) {
        return None;
    }
    let mut side = codes;
    side.push(6);
    side.sort_unstable();
    Some(side)
}

/// Reads a table file's name (`KQvKR.rtbw`); `None` for any other name.
pub fn parse_name(name: &str) -> Option<TableName> {
    let (stem, kind) = if let Some(s) = name.strip_suffix(".rtbw") {
        (s, Kind::Wdl)
    } else {
        (name.strip_suffix(".rtbz")?, Kind::Dtz)
    };
    let (left, right) = stem.split_once('v')?;
    let sides = [read_side(left)?, read_side(right)?];
    if sides[0].len() + sides[1].len() > MAX_PIECES {
        return None;
    }
    Some(TableName { kind, sides })
}

impl TableName {
    /// Whether the table holds the positions whose sides have the pieces `a` and `b`
    /// (sorted codes, kings included, as [`piece_codes`] gives them), either way round.
    pub fn holds(&self, a: &[u8], b: &[u8]) -> bool {
        (self.sides[0] == a && self.sides[1] == b) || (self.sides[0] == b && self.sides[1] == a)
    }

    fn has_pawns(&self, side: usize) -> bool {
        self.sides[side].contains(&1)
    }

    /// How many pieces the table's positions hold, kings included.
    pub fn pieces(&self) -> usize {
        self.sides[0].len() + self.sides[1].len()
    }

    /// The pieces as one sorted list of codes, Black's with 8 added, as headers list them.
    fn coded(&self) -> Vec<u8> {
        let mut all: Vec<u8> = self.sides[0].clone();
        all.extend(self.sides[1].iter().map(|p| p + 8));
        all.sort_unstable();
        all
    }

    /// Checks the header's marker, flags and piece lists against the name.
    fn check_header(&self, head: &[u8]) -> Result<(), String> {
        let short = || "its header is cut short".to_string();
        let magic = u32::from_le_bytes(head.get(..4).ok_or_else(short)?.try_into().unwrap());
        let (want, what) = match self.kind {
            Kind::Wdl => (WDL_MAGIC, "WDL"),
            Kind::Dtz => (DTZ_MAGIC, "DTZ"),
        };
        if magic != want {
            return Err(format!("it does not start with the {what} table marker"));
        }
        let flags = *head.get(4).ok_or_else(short)?;
        let pawns = self.has_pawns(0) || self.has_pawns(1);
        if (flags & FLAG_PAWNS != 0) != pawns {
            return Err("its header disagrees with its name on pawns".to_string());
        }
        let split = self.kind == Kind::Wdl && self.sides[0] != self.sides[1];
        if self.kind == Kind::Wdl && (flags & FLAG_SPLIT != 0) != split {
            return Err("its header disagrees with its name on the sides to move".to_string());
        }
        self.check_pieces(&head[5..], pawns, split)
    }

    /// Each sub-table's piece list (one for each of files a-d with pawns), read from
    /// the low half of each byte and, for the second side to move, the high half.
    fn check_pieces(&self, mut data: &[u8], pawns: bool, split: bool) -> Result<(), String> {
        let files = if pawns { 4 } else { 1 };
        let order_bytes = if self.has_pawns(0) && self.has_pawns(1) {
            2
        } else {
            1
        };
        let n = self.pieces();
        let want = self.coded();
        for _ in 0..files {
            let list = data
                .get(order_bytes..order_bytes + n)
                .ok_or("its header is cut short")?;
            for shift in if split { &[0, 4][..] } else { &[0][..] } {
                let mut got: Vec<u8> = list.iter().map(|b| (b >> shift) & 0xf).collect();
                got.sort_unstable();
                if got != want {
                    return Err("its header lists other pieces than its name".to_string());
                }
            }
            data = &data[order_bytes + n..];
        }
        Ok(())
    }
}

/// Judges the file `name` at `path`: see the module's description. Reads the whole
/// file once (for the checksum).
pub fn judge(path: &Path, name: &str) -> Verdict {
    judge_trusting(path, name, false)
}

/// Judges as [`judge`] does, but with `checked_before` (its checksum found matching
/// by an earlier judging, the file unchanged since: see `remembered`) the checksum is
/// not read again: the name, size and header alone are checked, a few bytes read.
pub(super) fn judge_trusting(path: &Path, name: &str, checked_before: bool) -> Verdict {
    let Some(table) = parse_name(name) else {
        return Verdict::Unknown;
    };
    match check(path, &table, !checked_before) {
        Ok(()) => Verdict::Sound,
        Err(why) => Verdict::Damaged(why),
    }
}

fn check(path: &Path, table: &TableName, checksum: bool) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("it cannot be read ({e})");
    let mut file = std::fs::File::open(path).map_err(cannot)?;
    let len = file.metadata().map_err(cannot)?.len();
    if len == 0 {
        return Err("it is empty".to_string());
    }
    if len % 64 != 16 || len < 80 {
        return Err(format!(
            "it is cut short or padded ({len} bytes; a whole table has 16 more than a \
             multiple of 64)"
        ));
    }
    let mut head = Vec::with_capacity(HEADER_BYTES);
    file.by_ref()
        .take(HEADER_BYTES as u64)
        .read_to_end(&mut head)
        .map_err(cannot)?;
    table.check_header(&head)?;
    if !checksum {
        return Ok(());
    }
    checksum::verify_file(path).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(parse_name("KQvK.rtbw").is_some());
        assert_eq!(parse_name("KRPvKR.rtbz").unwrap().kind, Kind::Dtz);
        for bad in [
            "KQvK.rtbm",
            "QvK.rtbw",
            "KXvK.rtbw",
            "KvKvK.rtbw",
            "KBNvK..rtbw",
            "KNBvK.rtbw",
            "KKvK.rtbw",
            "KQQQQQvKQ.rtbw",
            "krvk.rtbw",
        ] {
            assert!(parse_name(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn every_test_table_is_sound_and_a_renamed_one_is_not() {
        let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy"));
        let mut n = 0;
        for e in std::fs::read_dir(dir).unwrap() {
            let e = e.unwrap();
            let name = e.file_name().into_string().unwrap();
            assert_eq!(judge(&e.path(), &name), Verdict::Sound, "{name}");
            n += 1;
        }
        assert_eq!(n, 70);
        // KRvK's WDL table under another material's name, or as a DTZ table.
        for other in ["KQvK.rtbw", "KRvK.rtbz", "KRvKP.rtbw", "KRvKR.rtbw"] {
            let v = judge(&dir.join("KRvK.rtbw"), other);
            assert!(matches!(v, Verdict::Damaged(_)), "{other}: {v}");
        }
        assert_eq!(judge(&dir.join("KRvK.rtbw"), "README"), Verdict::Unknown);
    }
}
