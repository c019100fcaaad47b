#!/usr/bin/env python3
"""Fits Tiefe's score-to-WDL model (UCI_ShowWDL) to its own games.

    scripts/fit_wdl.py GAMES.pgn [MORE.pgn ...]

Reads the move comments fastchess and cutechess-cli write ("{+0.43/13 0.213s}": score
in pawns from the mover's side, then depth), pairs every scored move (mate scores and
the first 8 plies left out) with the game's result from the mover's side, and fits

    P(win | s)  = 1 / (1 + exp((a - s) / b))
    P(loss | s) = 1 / (1 + exp((a + s) / b))
    P(draw | s) = 1 - P(win) - P(loss)

(s in centipawns) by maximum likelihood. The printed a and b go into src/wdl.rs.
Standard library only; not part of the build or the tests.
"""

import math
import re
import sys

SCORE = re.compile(r"\{([+-]?\d+\.\d+)/\d+")


def samples(paths):
    for path in paths:
        text = open(path, encoding="utf-8", errors="replace").read()
        for game in text.split("[Event ")[1:]:
            m = re.search(r'\[Result "([^"]+)"\]', game)
            if not m or m.group(1) not in ("1-0", "0-1", "1/2-1/2"):
                continue
            result = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}[m.group(1)]
            fen = re.search(r'\[FEN "[^ ]+ ([wb])', game)
            white_first = not fen or fen.group(1) == "w"
            body = game[game.find("\n\n"):]
            for ply, sm in enumerate(SCORE.finditer(body)):
                if ply < 8:
                    continue
                cp = round(float(sm.group(1)) * 100)
                white_moved = (ply % 2 == 0) == white_first
                outcome = result if white_moved else -result
                yield cp, outcome


def loss(data, a, b):
    total = 0.0
    for s, o in data:
        w = 1 / (1 + math.exp(min(50, (a - s) / b)))
        lo = 1 / (1 + math.exp(min(50, (a + s) / b)))
        p = w if o == 1 else lo if o == -1 else max(1e-9, 1 - w - lo)
        total -= math.log(max(p, 1e-9))
    return total / len(data)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    data = [(s, o) for s, o in samples(sys.argv[1:]) if abs(s) < 2000]
    if not data:
        print("no scored moves found")
        return 1
    best = None
    for a in range(20, 400, 10):
        for b in range(20, 300, 10):
            v = loss(data, a, b)
            if best is None or v < best[0]:
                best = (v, a, b)
    _, a, b = best
    step = 5.0
    while step > 0.1:
        moved = False
        for da, db in ((step, 0), (-step, 0), (0, step), (0, -step)):
            v = loss(data, a + da, b + db)
            if v < best[0]:
                best = (v, a + da, b + db)
                moved = True
        _, a, b = best
        if not moved:
            step /= 2
    wins = sum(1 for _, o in data if o == 1)
    draws = sum(1 for _, o in data if o == 0)
    print(f"{len(data)} scored moves ({wins} from won, {draws} from drawn games)")
    print(f"a = {a:.1f}  b = {b:.1f}  mean log-loss {best[0]:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
