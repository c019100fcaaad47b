#!/usr/bin/env python3
"""SPSA tuning of Tiefe's search constants, resumable across sessions.

Every iteration perturbs all tuned parameters at once by +-c_k, plays game pairs of
theta+c_k*delta against theta-c_k*delta with fastchess (one binary built with
`--features spsa`, the two sides set by UCI options), and moves theta along the
result:

    theta_i += a_k / c_k * (wins - losses) * delta_i

with Spall's gains a_k = a / (A + k + 1)^0.602 and c_k = c / (k + 1)^0.101. As in
OpenBench, each parameter is given its final perturbation c_end and R_end = a_end /
c_end^2; a and c follow from them and the planned number of iterations.

The state (theta, k, game counts, the seed) is written after every iteration to a
temporary file that is then renamed over the state file, so a `kill -9` loses at
most the iteration in flight, and the next run carries on from the last one saved.
An iteration's random draws (the signs, the openings) come from the seed and k
alone, so a resumed tune plays exactly what an unbroken one would.

    scripts/spsa.py init STATE --engine BIN [--params a,b,...] [--iterations N]
    scripts/spsa.py run STATE [--engine BIN] [--hours H]
    scripts/spsa.py show STATE          # theta as setoption lines and a table
    scripts/spsa.py gradient STATE      # theta against the defaults, beside the noise

Needs Python 3 (standard library only) and fastchess on PATH (or RUNNER=path).
"""

import argparse
import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ALPHA = 0.602
GAMMA = 0.101

# The constants that matter most (tuning guide): LMR, reverse futility, null move,
# futility, late-move pruning, the SEE margins, aspiration, history, singular.
DEFAULT_PARAMS = [
    "lmr_base", "lmr_div", "lmr_hist_div", "rfp_margin", "nmp_base",
    "nmp_depth_div", "nmp_eval_div", "fp_base", "fp_per_depth", "lmp_base",
    "see_quiet_margin", "see_noisy_margin", "asp_delta", "history_bonus_mul",
    "se_double_margin",
]

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BOOK = os.path.join(HERE, "..", "..", "shared", "data", "books", "UHO_4060_v2.epd")


def engine_params(engine):
    """Reads `BIN spsa`: name, int, default, min, max, c_end, r_end per line."""
    out = subprocess.run([engine, "spsa"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"`{engine} spsa` failed (is it built with --features spsa?)\n{out.stderr}")
    params = {}
    for line in out.stdout.splitlines():
        name, _kind, default, lo, hi, c_end, r_end = [f.strip() for f in line.split(",")]
        params[name] = {
            "default": int(default), "min": int(lo), "max": int(hi),
            "c_end": float(c_end), "r_end": float(r_end),
        }
    return params


def save(path, state):
    """Writes the state beside its final place, then renames it over: never half a file."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".spsa-", suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        json.dump(state, f, indent=1, sort_keys=True)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def load(path):
    with open(path) as f:
        return json.load(f)


def gains(state, param, k):
    """a_k and c_k for one parameter at iteration k (0-based)."""
    n = state["iterations"]
    big_a = state["A"]
    c = param["c_end"] * (n ** GAMMA)
    a_end = param["r_end"] * param["c_end"] ** 2
    a = a_end * ((big_a + n) ** ALPHA)
    return a / ((big_a + k + 1) ** ALPHA), c / ((k + 1) ** GAMMA)


def clamp(x, p):
    return min(max(x, p["min"]), p["max"])


def book_lines(path):
    with open(path) as f:
        return [line.strip() for line in f if line.strip()]


def play(state, engine, plus, minus, openings, workdir):
    """Plays len(openings) game pairs of plus against minus; returns (wins, draws, losses) for plus."""
    book = os.path.join(workdir, "openings.epd")
    with open(book, "w") as f:
        f.write("\n".join(openings) + "\n")
    runner = os.environ.get("RUNNER") or shutil.which("fastchess")
    if not runner:
        sys.exit("fastchess not found on PATH (or set RUNNER)")
    limit = state["limit"]
    each = ["proto=uci", "option.Hash=16", "option.Threads=1"]
    each += [f"tc={limit['tc']}"] if "tc" in limit else ["tc=inf", f"nodes={limit['nodes']}"]

    def side(name, values):
        return ["-engine", f"cmd={engine}", f"name={name}"] + [
            f"option.{k}={v}" for k, v in sorted(values.items())]

    cmd = [runner] + side("plus", plus) + side("minus", minus) + ["-each"] + each + [
        "-openings", f"file={book}", "format=epd", "order=sequential",
        "-rounds", str(len(openings)), "-games", "2", "-repeat",
        "-concurrency", str(state["concurrency"]), "-recover",
        "-autosaveinterval", "0",
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=workdir)
    found = re.findall(r"Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)", out.stdout)
    if not found:
        sys.exit(f"no result from fastchess:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}")
    games, wins, losses, draws = map(int, found[-1])
    if games != 2 * len(openings):
        sys.exit(f"fastchess finished {games} of {2 * len(openings)} games:\n{out.stdout[-2000:]}")
    return wins, draws, losses


def iterate(state, engine, workdir):
    """Plays iteration k and moves theta; the draws depend only on (seed, k)."""
    k = state["k"]
    rng = random.Random(f"{state['seed']}:{k}")
    theta = state["theta"]
    params = state["params"]
    deltas, ak, ck = {}, {}, {}
    plus, minus = {}, {}
    for name in sorted(theta):
        deltas[name] = rng.choice((-1, 1))
        ak[name], ck[name] = gains(state, params[name], k)
        plus[name] = round(clamp(theta[name] + ck[name] * deltas[name], params[name]))
        minus[name] = round(clamp(theta[name] - ck[name] * deltas[name], params[name]))
    book = book_lines(state["book"])
    openings = [rng.choice(book) for _ in range(state["pairs"])]
    wins, draws, losses = play(state, engine, plus, minus, openings, workdir)
    for name in sorted(theta):
        step = ak[name] / ck[name] * (wins - losses) * deltas[name]
        theta[name] = clamp(theta[name] + step, params[name])
    state["k"] = k + 1
    state["games"] += wins + draws + losses
    state["wdl"] = [state["wdl"][0] + wins, state["wdl"][1] + draws, state["wdl"][2] + losses]
    return wins, draws, losses


def units_moved(state, name):
    """How far θ of `name` has moved from its default, in units of its c_end."""
    p = state["params"][name]
    return (state["theta"][name] - p["default"]) / max(p["c_end"], 1e-9)


def most_moved(state):
    """The parameters, the one θ moved furthest from its default (in c_end) first."""
    return sorted(state["theta"], key=lambda n: -abs(units_moved(state, n)))


def progress(state, wdl, seconds):
    moved = most_moved(state)[:4]
    drift = ", ".join(
        f"{n} {state['params'][n]['default']}->{state['theta'][n]:.1f}" for n in moved)
    print(f"iter {state['k']}/{state['iterations']} +{wdl[0]}={wdl[1]}-{wdl[2]} "
          f"games {state['games']} ({seconds:.0f} s)  {drift}", flush=True)


def cmd_init(args):
    if os.path.exists(args.state) and not args.force:
        sys.exit(f"{args.state} exists; `run` resumes it (or --force to start over)")
    known = engine_params(args.engine)
    names = args.params.split(",") if args.params else DEFAULT_PARAMS
    unknown = [n for n in names if n not in known]
    if unknown:
        sys.exit(f"unknown parameters: {', '.join(unknown)}; known: {', '.join(known)}")
    limit = {"nodes": args.nodes} if args.nodes else {"tc": args.tc}
    state = {
        "version": 1,
        "engine": os.path.abspath(args.engine),
        "book": os.path.abspath(args.book),
        "limit": limit,
        "pairs": args.pairs,
        "concurrency": args.concurrency,
        "iterations": args.iterations,
        "A": args.iterations // 10,
        "seed": args.seed if args.seed is not None else random.randrange(1 << 32),
        "k": 0,
        "games": 0,
        "wdl": [0, 0, 0],
        "params": {n: known[n] for n in names},
        "theta": {n: float(known[n]["default"]) for n in names},
    }
    save(args.state, state)
    print(f"{args.state}: {len(names)} parameters, {args.iterations} iterations of "
          f"{args.pairs} pair(s) at {limit}, seed {state['seed']}")


def cmd_run(args):
    state = load(args.state)
    engine = args.engine or state["engine"]
    deadline = time.time() + args.hours * 3600 if args.hours else None
    print(f"resuming at iteration {state['k']} of {state['iterations']} ({state['games']} games)",
          flush=True)
    with tempfile.TemporaryDirectory(prefix="spsa-") as workdir:
        while state["k"] < state["iterations"]:
            if deadline and time.time() > deadline:
                print("time is up; the state is saved", flush=True)
                break
            start = time.time()
            wdl = iterate(state, engine, workdir)
            save(args.state, state)
            progress(state, wdl, time.time() - start)
    cmd_show(args)


def cmd_show(args):
    state = load(args.state)
    w, d, l = state["wdl"]
    print(f"# {state['k']}/{state['iterations']} iterations, {state['games']} games "
          f"(+{w}={d}-{l} for theta+), seed {state['seed']}")
    print(f"# {'name':<20} {'default':>8} {'theta':>9} {'min':>6} {'max':>6}")
    for name in sorted(state["theta"]):
        p = state["params"][name]
        print(f"# {name:<20} {p['default']:>8} {state['theta'][name]:>9.2f} "
              f"{p['min']:>6} {p['max']:>6}")
    for name in sorted(state["theta"]):
        print(f"setoption name {name} value {round(state['theta'][name])}")


def null_spread(state, name):
    """How far, in units of its c_end, θ of `name` wanders from the default after the
    iterations played when no parameter has a gradient: the root of the summed squared
    steps, a_k / c_k times the spread of one iteration's wins minus losses (from the
    W/D/L seen, each game taken alone)."""
    w, d, l = state["wdl"]
    n = max(w + d + l, 1)
    per_iteration = ((w + l) / n - ((w - l) / n) ** 2) * 2 * state["pairs"]
    p = state["params"][name]
    total = 0.0
    for k in range(state["k"]):
        a, c = gains(state, p, k)
        total += (a / c) ** 2 * per_iteration
    return math.sqrt(total) / p["c_end"]


def cmd_gradient(args):
    """θ against the defaults, largest move first, each beside the spread noise alone
    would give it, and the sum of squared spreads (about one a parameter from noise)."""
    state = load(args.state)
    print(f"# {state['k']} iterations, {state['games']} games")
    rows = most_moved(state)
    squares = 0.0
    for name in rows:
        units, spread = units_moved(state, name), null_spread(state, name)
        squares += (units / spread) ** 2
        print(f"{name:<20} {state['params'][name]['default']:>8} -> "
              f"{state['theta'][name]:>9.2f}  {units:+.2f} c_end  "
              f"noise {spread:.3f}  {units / spread:+.1f} spreads")
    print(f"# sum of squares {squares:.1f} against {len(rows)} from noise alone")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    init = sub.add_parser("init", help="start a tune and write its state file")
    init.add_argument("state")
    init.add_argument("--engine", required=True, help="a binary built with --features spsa")
    init.add_argument("--params", help="comma-separated names (default: the 15 that matter most)")
    init.add_argument("--iterations", type=int, default=2000)
    init.add_argument("--pairs", type=int, default=2, help="game pairs per iteration")
    init.add_argument("--tc", default="5+0.05")
    init.add_argument("--nodes", type=int, help="a node budget per move instead of a clock")
    init.add_argument("--book", default=DEFAULT_BOOK)
    init.add_argument("--concurrency", type=int, default=2)
    init.add_argument("--seed", type=int)
    init.add_argument("--force", action="store_true")
    run = sub.add_parser("run", help="play iterations, saving after each; resumes a saved tune")
    run.add_argument("state")
    run.add_argument("--engine", help="override the binary recorded at init")
    run.add_argument("--hours", type=float, help="stop cleanly after this long")
    show = sub.add_parser("show", help="print theta")
    show.add_argument("state")
    gradient = sub.add_parser("gradient", help="theta against the defaults, beside the noise")
    gradient.add_argument("state")
    args = parser.parse_args()
    if args.command in ("show", "gradient"):
        # `show | head` closes the pipe early: end quietly, as a Unix filter does.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    {"init": cmd_init, "run": cmd_run, "show": cmd_show,
     "gradient": cmd_gradient}[args.command](args)


if __name__ == "__main__":
    main()
