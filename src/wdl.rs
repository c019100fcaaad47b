//! Win/draw/loss estimates from a score, for `UCI_ShowWDL`.
//!
//! The model is logistic in the score `s` (centipawns, side to move):
//! `P(win) = 1 / (1 + exp((A - s) / B))`, `P(loss) = 1 / (1 + exp((A + s) / B))`, and the
//! draw takes the rest. `A` and `B` were fitted by maximum likelihood to Tiefe's own
//! games with `scripts/fit_wdl.py`: 21 717 scored moves (plies 9 on, mates left out)
//! from 181 games of Tiefe against Tiefe at 3+0.03 from UHO_4060_v2 openings, log-loss
//! 0.869. A mate score gives certainty.

use crate::score::mate_in_moves;

/// Score at which a win becomes as likely as not (centipawns).
const A: f64 = 204.8;
/// Spread of the logistic curve (centipawns).
const B: f64 = 215.3;

/// Win, draw and loss chances of the side to move, per mille, summing to 1000.
pub fn wdl(score: i32) -> (u32, u32, u32) {
    if let Some(m) = mate_in_moves(score) {
        return if m > 0 { (1000, 0, 0) } else { (0, 0, 1000) };
    }
    let s = score as f64;
    let win = 1.0 / (1.0 + ((A - s) / B).exp());
    let loss = 1.0 / (1.0 + ((A + s) / B).exp());
    let w = (win * 1000.0).round() as u32;
    let l = (loss * 1000.0).round() as u32;
    let w = w.min(1000);
    let l = l.min(1000 - w);
    (w, 1000 - w - l, l)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{mated_in, MATE};

    #[test]
    fn sums_to_a_thousand_symmetric_and_monotone() {
        let mut last_win = 0;
        for s in (-3000..=3000).step_by(7) {
            let (w, d, l) = wdl(s);
            assert_eq!(w + d + l, 1000);
            assert_eq!(wdl(-s), (l, d, w));
            assert!(w >= last_win);
            last_win = w;
        }
        let (w, d, l) = wdl(0);
        assert_eq!(w, l);
        assert!(d > w);
        assert_eq!(wdl(MATE - 3), (1000, 0, 0));
        assert_eq!(wdl(mated_in(4)), (0, 0, 1000));
    }
}
