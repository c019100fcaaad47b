//! Syzygy probing through the engine's tablebase module, against the published
//! expectations of python-chess's endgame set (3-4 men tables in tests/data/syzygy).
//! One test only: the prober's tables are process-wide, one set open at a time.

mod common;

use common::data;
use tiefe::position::Position;
use tiefe::syzygy::Syzygy;

fn field(rest: &str, name: &str) -> i32 {
    rest.split(';')
        .map(str::trim)
        .find_map(|f| f.strip_prefix(name)?.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {name} in {rest}"))
}

#[test]
fn wdl_and_dtz_match_the_published_set() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
    let (tb, warnings) = Syzygy::open(dir).expect("tables open");
    assert!(warnings.is_empty(), "{warnings:?}");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for line in data("pychess_endgame.epd")
        .lines()
        .filter(|l| !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        let fen = fields[..4].join(" ");
        let rest = fields[4];
        let pos = Position::from_fen(&fen).expect("valid FEN");
        let wdl = tb.probe_wdl(&pos).expect("covered").value();
        let dtz = match tb.probe_root(&pos) {
            Some((_, dtz, _)) => dtz,
            None => 0, // no legal move: mate or stalemate
        };
        let (want_wdl, want_dtz) = (field(rest, "wdl "), field(rest, "dtz "));
        if wdl != want_wdl || dtz != want_dtz {
            wrong.push(format!(
                "{fen}: wdl {wdl} dtz {dtz}, want {want_wdl} {want_dtz}"
            ));
        }
        checked += 1;
    }
    assert_eq!(checked, 200);
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // A missing directory is refused with a reason, and the tables stay usable.
    assert!(Syzygy::open("/no/such/dir").is_err());
}
