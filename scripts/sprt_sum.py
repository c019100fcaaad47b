#!/usr/bin/env python3
"""One SPRT over several runs of the same match: sums their pentanomial counts.

A session ends after about three hours and its match with it; a sequential test may
go on where it stopped, so long as every game of every run is counted (no run left
out because it went badly). This sums the last `Ptnml(0-2): [..]` line of each
fastchess log (or counts given as `a,b,c,d,e`) and prints the games, the Elo with its
95% error, and the log-likelihood ratio of the normalized-Elo SPRT that fastchess
runs (the same figure fastchess prints for a single run).

    scripts/sprt_sum.py RUN [RUN...] [--elo0 0] [--elo1 10]

Standard library only.
"""

import argparse
import math
import re

SCORES = [0.0, 0.25, 0.5, 0.75, 1.0]


def counts(run):
    """The pentanomial counts of a fastchess log's last report, or of `a,b,c,d,e`."""
    if re.fullmatch(r"\d+(,\d+){4}", run):
        return [int(x) for x in run.split(",")]
    with open(run) as f:
        found = re.findall(r"Ptnml\(0-2\): \[([\d, ]+)\]", f.read())
    if not found:
        raise SystemExit(f"{run}: no Ptnml line")
    return [int(x) for x in found[-1].split(",")]


def moments(q):
    mu = sum(s * x for s, x in zip(SCORES, q))
    return mu, sum(x * (s - mu) ** 2 for s, x in zip(SCORES, q))


def constrained(p, t):
    """The pair-score distribution closest (maximum likelihood) to the counts `p` whose
    normalized score (mu - 1/2) / sigma is `t`: fixed-point iteration on the Lagrange
    condition, with the multiplier found by bisection."""
    n = sum(p)
    q = [x / n for x in p]
    for _ in range(100):
        mu, var = moments(q)
        sd = math.sqrt(var)
        a = [s - 0.5 - t / 2 * ((s - mu) ** 2 / sd + sd) for s in SCORES]
        lo, hi = -1 / max(a) + 1e-12, -1 / min(a) - 1e-12
        for _ in range(200):
            mid = (lo + hi) / 2
            if sum(x / n * ai / (1 + mid * ai) for x, ai in zip(p, a)) > 0:
                lo = mid
            else:
                hi = mid
        q = [x / n / (1 + mid * ai) for x, ai in zip(p, a)]
        total = sum(q)
        q = [x / total for x in q]
    return q


def llr(p, elo0, elo1):
    """The normalized-Elo pentanomial SPRT's log-likelihood ratio."""
    scale = 800 / math.log(10)
    t0, t1 = (e / scale * math.sqrt(2) for e in (elo0, elo1))
    q0, q1 = constrained(p, t0), constrained(p, t1)
    return sum(x * math.log(b / a) for x, a, b in zip(p, q0, q1) if x)


def elo(score):
    return -400 * math.log10(1 / score - 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", help="fastchess logs or a,b,c,d,e counts")
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=10.0)
    args = parser.parse_args()
    total = [0] * 5
    for run in args.runs:
        c = counts(run)
        print(f"{run}: {c}")
        total = [a + b for a, b in zip(total, c)]
    pairs = sum(total)
    mu, var = moments([x / pairs for x in total])
    err = 1.96 * math.sqrt(var / pairs)
    bound = math.log((1 - 0.05) / 0.05)
    ratio = llr(total, args.elo0, args.elo1)
    verdict = "H1 accepted" if ratio >= bound else "H0 accepted" if ratio <= -bound else "undecided"
    print(f"sum: {total}, {2 * pairs} games, Elo {elo(mu):+.1f} ± "
          f"{(elo(mu + err) - elo(mu - err)) / 2:.1f}, LLR {ratio:.2f} "
          f"({-bound:.2f}, {bound:.2f}) [{args.elo0:g}, {args.elo1:g}]: {verdict}")


if __name__ == "__main__":
    main()
