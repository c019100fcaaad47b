#!/usr/bin/env python3
"""Where an engine's clock goes, from a fastchess PGN, beside its opponent's.

    scripts/clock_detail.py PGN ENGINE [BASE INC]      (defaults 5 0.05)

`../shared/tools/clock_use.py` gives each engine's mean clock left at game end; this
says why two engines differ there. It reads the `{score/depth time}` comments and
prints, for ENGINE against whoever it played:

- the clock left at game end paired by game (ENGINE minus opponent): mean with its
  standard error, and median;
- the same by ENGINE's result (a won game that ends in a found mate is played out at
  once, and a mate or a dead draw searched to the last depth costs nothing);
- the mean time a move spends by the clock left before it (bins of 0.05 s below 1 s),
  leaving out moves searched to depth 100 or more (a found mate or a dead draw).

Python standard library only; not used by the tests.
"""
import re
import statistics
import sys
from collections import defaultdict

COMMENT = re.compile(r"\{([^}]*)\}")
TIME = re.compile(r"([0-9.]+)s")
SCORE = re.compile(r"([+-]?)(M?)([0-9.]+)/(\d+)")


def games(path):
    """Yields (headers, [(seconds, depth)] by ply) for each game with timed moves."""
    text = open(path, errors="replace").read()
    for g in re.split(r"\n\n(?=\[Event)", text):
        h = dict(re.findall(r'\[(\w+) "([^"]*)"\]', g))
        body = g.split("\n\n", 1)[-1]
        moves = []
        for c in COMMENT.findall(body):
            t = TIME.search(c)
            if not t:
                continue
            s = SCORE.match(c.strip())
            moves.append((float(t.group(1)), int(s.group(4)) if s else 0))
        if moves and "White" in h:
            yield h, moves


def movers(h):
    """The two engines' names in the order they move: the side to move first first."""
    black_first = h.get("FEN") and h["FEN"].split()[1] == "b"
    return [h["Black"], h["White"]] if black_first else [h["White"], h["Black"]]


def summary(xs):
    if len(xs) < 2:
        return f"n {len(xs)}"
    se = statistics.stdev(xs) / len(xs) ** 0.5
    return (f"n {len(xs):>3}  mean {statistics.mean(xs):+.3f} s (se {se:.3f})"
            f"  median {statistics.median(xs):+.3f} s")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    path, engine = sys.argv[1], sys.argv[2]
    base = float(sys.argv[3]) if len(sys.argv) > 3 else 5.0
    inc = float(sys.argv[4]) if len(sys.argv) > 4 else 0.05
    paired, by_result = [], defaultdict(list)
    spend = defaultdict(lambda: defaultdict(list))
    for h, moves in games(path):
        names = movers(h)
        if engine not in names:
            continue
        mine = names.index(engine)
        left = [base, base]
        for side in (0, 1):
            for secs, depth in moves[side::2]:
                if depth < 100 and left[side] < 1.0:
                    spend[side == mine][round(left[side] * 20) / 20].append(secs)
                left[side] += inc - secs
        diff = left[mine] - left[1 - mine]
        paired.append(diff)
        white = h["White"] == engine
        result = {"1-0": "win" if white else "loss", "0-1": "loss" if white else "win"}
        by_result[result.get(h.get("Result"), "draw")].append(diff)
    print(f"clock left at game end, {engine} minus opponent, paired by game")
    print(f"  all   {summary(paired)}")
    for r in ("win", "draw", "loss"):
        print(f"  {r:<5} {summary(by_result[r])}")
    print("mean ms a move spends, by clock left before it (moves below depth 100)")
    for mine, label in ((True, engine), (False, "opponent")):
        row = " ".join(f"{k:.2f}:{statistics.mean(v) * 1000:.0f}"
                       for k, v in sorted(spend[mine].items()))
        print(f"  {label:<9} {row}")


if __name__ == "__main__":
    main()
