#!/usr/bin/env python3
"""Clock use at a moves-to-go control (fastchess PGN, MOVES/SECONDS, no increment):
per engine, mean time a move, clock left at game end, and clock left on reaching each
control (just before the next period's time is added).
Usage: clock_mtg.py PGN MOVES SECONDS"""
import re, statistics, sys
from collections import defaultdict
pgn, per, secs = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
moves, end, at = defaultdict(list), defaultdict(list), defaultdict(lambda: defaultdict(list))
for g in re.split(r"\n\n(?=\[Event)", open(pgn, errors="replace").read()):
    h = dict(re.findall(r'\[(\w+) "([^"]*)"\]', g))
    body = g.split("\n\n", 1)[-1]
    times = [float(t) for t in re.findall(r"\{[^}]*?([0-9.]+)s[,}]", body)]
    if not times or "White" not in h:
        continue
    first = h.get("FEN") and h["FEN"].split()[1] == "b"
    names = [h["Black"], h["White"]] if first else [h["White"], h["Black"]]
    for side in (0, 1):
        ts = times[side::2]
        moves[names[side]] += ts
        end[names[side]].append(secs * (1 + len(ts) // per) - sum(ts))
        for k in range(1, len(ts) // per + 1):
            at[names[side]][k * per].append(secs * k - sum(ts[: k * per]))
for n in moves:
    print(f"{n:<14} moves {len(moves[n]):>6}  mean {statistics.mean(moves[n]):.3f}s"
          f"  left at end: mean {statistics.mean(end[n]):.2f}s median {statistics.median(end[n]):.2f}s")
    for k in sorted(at[n]):
        v = at[n][k]
        print(f"    at move {k:>3}: {len(v):>4} games, left mean {statistics.mean(v):.2f}s median {statistics.median(v):.2f}s min {min(v):.2f}s")
