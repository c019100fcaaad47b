//! Built with the `spsa` feature (`cargo test --release --features spsa --test params`,
//! which `.ci/run` runs), every search parameter is a UCI spin option that changes the
//! search, and `tiefe spsa` prints them in OpenBench's SPSA input format.
#![cfg(feature = "spsa")]

mod common;

use std::process::Command;
use std::time::Duration;

use common::Engine;
use tiefe::search::params::{descriptors, Params};

const LONG: Duration = Duration::from_secs(60);

/// The node count of `go depth 9` from the start position after `setup`.
fn nodes_after(setup: &[&str]) -> u64 {
    let mut e = Engine::start();
    for line in setup {
        e.send(line);
    }
    e.send("position startpos");
    e.send("go depth 9");
    let (_, lines) = e.bestmove(LONG);
    let last = lines.iter().rev().find(|l| l.contains(" nodes ")).unwrap();
    let n = last.split_whitespace().skip_while(|w| *w != "nodes").nth(1);
    n.unwrap().parse().unwrap()
}

#[test]
fn every_parameter_is_a_spin_option_that_acts() {
    let mut e = Engine::start();
    e.send("uci");
    let (_, _, lines) = e.wait_for(|l| l == "uciok", LONG);
    for d in descriptors() {
        let want = format!(
            "option name {} type spin default {} min {} max {}",
            d.name, d.default, d.min, d.max
        );
        assert!(lines.contains(&want), "{want}");
    }
    assert_eq!(descriptors().len(), 45);
    let base = nodes_after(&[]);
    assert_eq!(base, nodes_after(&["setoption name LMR_BASE value 75"]));
    assert_ne!(base, nodes_after(&["setoption name lmr_base value 150"]));
    assert_ne!(base, nodes_after(&["setoption name rfp_margin value 30"]));
    assert_eq!(Params::DEFAULT.lmr_base, 75);
}

#[test]
fn spsa_lines() {
    let out = Command::new(env!("CARGO_BIN_EXE_tiefe"))
        .arg("spsa")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), descriptors().len());
    for (line, d) in lines.iter().zip(descriptors()) {
        let f: Vec<&str> = line.split(", ").collect();
        assert_eq!(f.len(), 7, "{line}");
        assert_eq!((f[0], f[1]), (d.name, "int"));
        let nums: Vec<f64> = f[2..].iter().map(|x| x.parse().unwrap()).collect();
        assert_eq!(nums[..3], [d.default as f64, d.min as f64, d.max as f64]);
        assert!(nums[3] > 0.0 && nums[4] > 0.0, "{line}");
    }
}
