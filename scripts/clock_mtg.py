#!/usr/bin/env python3
"""Clock use at a moves-to-go control (fastchess PGN, MOVES/SECONDS, no increment).

    scripts/clock_mtg.py PGN MOVES SECONDS      (e.g. 40 20)

Per engine: mean time a move, clock left at game end, and clock left on reaching each
control (just before the next period's time is added). At such a control the clock left
at the end only says where in a period the game stopped; the clock at each control is the
measure to compare. Reads the PGN with `clock_detail.games`.

Python standard library only; not used by the tests.
"""
import statistics
import sys
from collections import defaultdict

from clock_detail import games, movers


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    path, per, secs = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    spent, end = defaultdict(list), defaultdict(list)
    at = defaultdict(lambda: defaultdict(list))
    for h, moves in games(path):
        for side, name in enumerate(movers(h)):
            ts = [t for t, _ in moves[side::2]]
            spent[name] += ts
            end[name].append(secs * (1 + len(ts) // per) - sum(ts))
            for k in range(1, len(ts) // per + 1):
                at[name][k * per].append(secs * k - sum(ts[: k * per]))
    for n in spent:
        print(f"{n:<14} moves {len(spent[n]):>6}  mean {statistics.mean(spent[n]):.3f}s"
              f"  left at end: mean {statistics.mean(end[n]):.2f}s"
              f" median {statistics.median(end[n]):.2f}s")
        for k, v in sorted(at[n].items()):
            print(f"    at move {k:>3}: {len(v):>4} games, left mean {statistics.mean(v):.2f}s"
                  f" median {statistics.median(v):.2f}s min {min(v):.2f}s")


if __name__ == "__main__":
    main()
