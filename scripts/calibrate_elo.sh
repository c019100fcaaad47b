#!/usr/bin/env bash
# Plays Tiefe with UCI_LimitStrength at several UCI_Elo values against one fixed
# opponent (Tiefe at full strength on a fixed node budget), to see that the strength
# scale is monotone and where it sits.
#
#   scripts/calibrate_elo.sh [TIEFE] [games per level]     (defaults: target/release/tiefe, 60)
#
# Environment: ELOS (default "1200 1800 2400"), NODES (the opponent's nodes per move,
# default 3000), TC (default 10+0.1; the limited engine caps its own search), BOOK
# (default ../shared/data/books/8moves_v3.epd), RUNNER, CONCURRENCY (default 2),
# OUT (default calibrate-out).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/scripts/lib.sh"
tiefe=${1:-$here/target/release/tiefe}
games=${2:-60}
elos=${ELOS:-1200 1800 2400}
nodes=${NODES:-3000}
tc=${TC:-10+0.1}
conc=${CONCURRENCY:-2}
book=${BOOK:-$here/../shared/data/books/8moves_v3.epd}
out=${OUT:-calibrate-out}
find_runner
[ -x "$tiefe" ] || { echo "engine not found: $tiefe" >&2; exit 2; }
mkdir -p "$out"

printf '%-8s %-6s %-14s %-7s %s\n' UCI_Elo games "W / D / L" score "Elo vs Tiefe at $nodes nodes"
for elo in $elos; do
    pgn=$out/elo$elo.pgn
    rm -f "$pgn"
    "$runner" \
        -engine "cmd=$tiefe" "name=Elo$elo" option.UCI_LimitStrength=true "option.UCI_Elo=$elo" \
        -engine "cmd=$tiefe" "name=Nodes$nodes" "nodes=$nodes" \
        -each proto=uci "tc=$tc" option.Hash=16 \
        -openings "file=$book" format=epd order=random \
        -rounds $((games / 2)) -games 2 -repeat -concurrency "$conc" \
        -pgnout "$(pgn_arg "$pgn")" -recover >"$out/elo$elo.log" 2>&1 || true
    awk -v who="Elo$elo" -v elo="$elo" '
        /^\[White "/ { w = $2 } /^\[Black "/ { b = $2 }
        /^\[Result "/ {
            r = $2; gsub(/[]"]/, "", r); gsub(/"/, "", w); gsub(/[]"]/, "", w); gsub(/[]"]/, "", b)
            if (r == "1/2-1/2") d++
            else if ((r == "1-0" && w == who) || (r == "0-1" && b == who)) win++
            else if (r == "1-0" || r == "0-1") loss++
        }
        END {
            n = win + d + loss; s = (win + d / 2) / (n ? n : 1)
            e = (s > 0 && s < 1) ? -400 * log(1 / s - 1) / log(10) : (s == 0 ? -999 : 999)
            printf "%-8s %-6d %-14s %-7s %+.0f\n", elo, n, (win + 0) " / " (d + 0) " / " (loss + 0), sprintf("%.1f%%", 100 * s), e
        }' "$pgn"
done
