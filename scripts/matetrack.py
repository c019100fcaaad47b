#!/usr/bin/env python3
"""Mate finding at a fixed node budget, as a figure to track from build to build.

    scripts/matetrack.py ENGINE [--nodes 100000] [--epd FILE] [--hash 16]

For every line `FEN bm #N; ...` of the EPD (default: the matetrack mate-in-1..5 set
in ../shared/data/mate), it sends `ucinewgame`, the position and `go nodes N`, and
reads the last `score` before `bestmove`. It counts positions where a mate for the
side to move was reported (found), where its length equals the known shortest
(best), and where a reported mate cannot be true (wrong: a mate for the side that
is being mated, or one shorter than the known shortest). Standard library only.
"""

import argparse
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_EPD = os.path.join(HERE, "..", "..", "shared", "data", "mate", "matetrack_m1-5_pv.epd")


def positions(path):
    with open(path) as f:
        for line in f:
            m = re.match(r"(\S+ \S+ \S+ \S+)\s+bm #(-?\d+);", line)
            if m:
                yield m.group(1), int(m.group(2))


class Engine:
    def __init__(self, path, hash_mb):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name Hash value {hash_mb}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait(self, word):
        lines = []
        for line in self.proc.stdout:
            lines.append(line.strip())
            if line.startswith(word):
                return lines
        sys.exit("the engine closed its output")

    def mate_score(self, fen, nodes):
        """The last reported mate in moves (negative: being mated), or None."""
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        mate = None
        for line in self.wait("bestmove"):
            m = re.search(r"\bscore (cp|mate) (-?\d+)", line)
            if m and "lowerbound" not in line and "upperbound" not in line:
                mate = int(m.group(2)) if m.group(1) == "mate" else None
        return mate

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engine")
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--epd", default=DEFAULT_EPD)
    parser.add_argument("--hash", type=int, default=16)
    args = parser.parse_args()
    engine = Engine(args.engine, args.hash)
    total = found = best = wrong = 0
    by_length = {}
    start = time.time()
    for fen, moves in positions(args.epd):
        total += 1
        mate = engine.mate_score(fen, args.nodes)
        tally = by_length.setdefault(abs(moves), [0, 0])
        tally[1] += 1
        if mate is None:
            continue
        tally[0] += (mate > 0) == (moves > 0)
        if (mate > 0) != (moves > 0):
            wrong += 1
            print(f"wrong: {fen} reported mate {mate}, known #{moves}", flush=True)
            continue
        found += 1
        best += abs(mate) == abs(moves)
        if abs(mate) < abs(moves):
            wrong += 1
            print(f"wrong: {fen} reported mate {mate}, shorter than #{moves}", flush=True)
    engine.close()
    print("found by known length: " + ", ".join(
        f"#{n} {f}/{t}" for n, (f, t) in sorted(by_length.items())))
    print(f"{os.path.basename(args.engine)}: {total} positions, nodes {args.nodes}: "
          f"found {found}, best {best}, wrong {wrong} ({time.time() - start:.0f} s)")


if __name__ == "__main__":
    main()
