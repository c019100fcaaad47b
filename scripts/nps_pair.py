#!/usr/bin/env python3
"""Nodes per second of engine A against engine B, paired finely enough for a noisy machine.

    scripts/nps_pair.py MS ROUNDS "CMD_A" "CMD_B"
    e.g. scripts/nps_pair.py 500 10 "taskset -c 1 target/release/tiefe" "taskset -c 1 /usr/games/ethereal-chess"

The same ten positions as ../shared/tools/nps.py, MS milliseconds each (a fresh game each,
Hash 64, one thread). Unlike nps.py, which runs all ten positions of one engine before the
other's, the engines alternate position by position (A first in even rounds, B first in odd
ones), so both meet the machine in the same state: on a virtual machine whose speed drifts by
tens of percent within a minute, a ratio taken over seconds is much steadier than the engines'
separate medians. Each round gives A's summed nodes over its summed time, divided by B's; the
median of the rounds' ratios is printed with their spread (min, quartiles, max).

Needs python-chess (pip install chess); a measuring tool, outside the tests and CI.
"""
import shlex
import statistics
import sys

import chess
import chess.engine

FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 4 10",
    "2r3k1/pp3ppp/4p3/3pP3/3P1P2/P3K3/1P4PP/2R5 b - - 1 27",
    "6k1/5pp1/7p/8/8/7P/5PP1/3R2K1 w - - 0 40",
    "8/5pk1/6p1/8/4Q3/8/6PK/1q6 w - - 0 50",
    "3r1rk1/p4ppp/1pn1p3/2q5/2P5/P1Q1PN2/1P3PPP/3R1RK1 b - - 0 18",
]


def search(engine, fen, seconds):
    """(nodes, seconds) of one fixed-time search in a fresh game, as the engine reports them."""
    info = engine.analyse(chess.Board(fen), chess.engine.Limit(time=seconds), game=object())
    return info.get("nodes", 0), info.get("time", seconds)


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    ms, rounds = int(sys.argv[1]), int(sys.argv[2])
    cmds = sys.argv[3:]
    engines = [chess.engine.SimpleEngine.popen_uci(shlex.split(c)) for c in cmds]
    try:
        for e in engines:
            e.configure({k: v for k, v in (("Threads", 1), ("Hash", 64)) if k in e.options})
        ratios, nps = [], [[], []]
        for r in range(rounds):
            totals = [[0, 0.0], [0, 0.0]]
            order = (0, 1) if r % 2 == 0 else (1, 0)
            for fen in FENS:
                for k in order:
                    n, t = search(engines[k], fen, ms / 1000)
                    totals[k][0] += n
                    totals[k][1] += t
            a, b = (n / t for n, t in totals)
            nps[0].append(a)
            nps[1].append(b)
            ratios.append(a / b)
            print(f"round {r + 1}: A {a / 1e6:.3f} M  B {b / 1e6:.3f} M  A/B {a / b:.3f}", flush=True)
    finally:
        for e in engines:
            e.quit()
    q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
    print(f"A: {statistics.median(nps[0]) / 1e6:.3f} M nps (median)  {cmds[0]}")
    print(f"B: {statistics.median(nps[1]) / 1e6:.3f} M nps (median)  {cmds[1]}")
    print(
        f"A/B: median {statistics.median(ratios):.3f}  (min {min(ratios):.3f}, "
        f"quartiles {q[0]:.3f} {q[2]:.3f}, max {max(ratios):.3f}, {len(ratios)} rounds)"
    )


if __name__ == "__main__":
    main()
