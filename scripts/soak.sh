#!/usr/bin/env bash
# A long match to find faults, not Elo: Tiefe against itself (or OPPONENT), then a
# count of every fault class, attributed to the engine that committed it.
#
#   scripts/soak.sh [TIEFE] [games]        (defaults: target/release/tiefe, 1000)
#
# Environment:
#   TC           time control as the runner takes it (default 1+0.01; 40/2 for moves to
#                go; for a fixed time per move set ST instead, in seconds, e.g. ST=0.1)
#   ST           fixed time per move (seconds); replaces TC. Tiefe then keeps back
#                MOVE_OVERHEAD ms of each move (default 50, see below; lower it for an
#                ST under 0.1, which 50 ms would leave little of)
#   OPPONENT     command of the other engine (default: TIEFE itself)
#   PONDER=1     both engines ponder (cutechess-cli only: fastchess has no pondering)
#   HASH         MB per engine (default 16); CONCURRENCY (default 2)
#   BOOK         openings (default ../shared/data/books/UHO_4060_v2.epd)
#   RUNNER       fastchess or cutechess-cli (default: whichever is on PATH)
#   OUT          directory for the PGN, the runner's log and the memory samples
#                (default soak-out)
#   VARIANT      fischerandom for Chess960 (the runner sets UCI_Chess960 on both engines;
#                use a Chess960 BOOK such as chess960_starts.epd or dfrc_starts.epd)
#   TIEFE_OPTIONS  UCI options for Tiefe (for both engines when it plays itself), as
#                NAME=VALUE separated by ';', e.g. "Learning=true;LearningFile=/tmp/s.lrn"
#                (two engines learning into one shared file)
#   LATENCY_MS   if set, every line Tiefe writes reaches the runner this many ms late
#                (a slow pipe or GUI), through scripts/slow-pipe.sh
#
# Fault classes: time loss, illegal move, stall or disconnect ("abandoned" games),
# crash (the runner's disconnect count), and illegal or impossible PVs (the runner's PV
# warnings, fastchess only). While the match runs, the resident memory of every Tiefe
# process is sampled each 2 s; the summary gives the largest and whether the later
# samples grew beyond the early ones. Exit status 0 when no fault was seen, 1 otherwise.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/scripts/lib.sh"
tiefe=${1:-$here/target/release/tiefe}
games=${2:-1000}
tc=${TC:-1+0.01}
hash=${HASH:-16}
conc=${CONCURRENCY:-2}
book=${BOOK:-$here/../shared/data/books/UHO_4060_v2.epd}
out=${OUT:-soak-out}
opponent=${OPPONENT:-$tiefe}

# Only cutechess-cli ponders.
if [ "${PONDER:-0}" = 1 ]; then
    find_runner cutechess-cli
else
    find_runner
fi
[ -x "$tiefe" ] || { echo "engine not found: $tiefe (cargo build --release)" >&2; exit 2; }
[ -f "$book" ] || { echo "opening book not found: $book" >&2; exit 2; }
kind=$(basename "$runner")
if [ "${PONDER:-0}" = 1 ] && [ "${kind#fastchess}" != "$kind" ]; then
    echo "PONDER=1 needs cutechess-cli (fastchess does not ponder)" >&2
    exit 2
fi
mkdir -p "$out"
pgn=$out/soak.pgn
log=$out/runner.log
mem=$out/memory.txt
rm -f "$pgn" "$log" "$mem"

cmd_a=$tiefe
if [ -n "${LATENCY_MS:-}" ]; then
    cmd_a=$out/tiefe-slow
    printf '#!/usr/bin/env bash\nexec "%s" %s "%s"\n' "$here/scripts/slow-pipe.sh" "$LATENCY_MS" "$tiefe" >"$cmd_a"
    chmod +x "$cmd_a"
fi

# Options for Tiefe alone (the opponent may be another engine that lacks them).
tiefe_opts=()
if [ -n "${ST:-}" ]; then
    limit="st=$ST"
    # A fixed time per move is an exact limit: fastchess and cutechess-cli forfeit a
    # move that comes a millisecond past it (no margin by default), while `go movetime
    # N` searches N less `Move Overhead` (10 ms by default), as Stockfish does: the
    # overhead is the user's margin for such a runner. Scheduling on a busy machine is
    # what makes moves late, not the search (it polls the clock about once a
    # millisecond): in 300 games at st=0.1 on a busy two-core machine, 5 of about 39000
    # moves came 11 to 21 ms past the engine's deadline, and one 33 ms past it (a
    # forfeit with the 30 ms then kept back). Through 0.3.0 Tiefe kept back a third of
    # a movetime (at most 50 ms) on top of the overhead, 43 ms in all at st=0.1, and
    # the st=0.1 soaks were fault-free; 50 ms covers that tail with room to spare.
    tiefe_opts+=("option.Move Overhead=${MOVE_OVERHEAD:-50}")
else
    limit="tc=$tc"
fi
IFS=';' read -ra extra_opts <<< "${TIEFE_OPTIONS:-}"
for o in "${extra_opts[@]}"; do
    [ -n "$o" ] && tiefe_opts+=("option.$o")
done
other_opts=()
[ "$opponent" = "$tiefe" ] && other_opts=("${tiefe_opts[@]}")
# One -each: cutechess-cli refuses a second.
each=(proto=uci "$limit" "option.Hash=$hash")
[ "${PONDER:-0}" = 1 ] && each+=(ponder)
args=(
    -engine "cmd=$cmd_a" name=Tiefe "${tiefe_opts[@]}"
    -engine "cmd=$opponent" name=Other "${other_opts[@]}"
    -each "${each[@]}"
    -openings "file=$book" format=epd order=random
    -rounds $((games / 2)) -games 2 -repeat
    -concurrency "$conc"
    -pgnout "$(pgn_arg "$pgn")"
    -recover
)
case "$kind" in
    fastchess*) args+=(-autosaveinterval 0) ;;
esac
[ -n "${VARIANT:-}" ] && args+=(-variant "$VARIANT")

# Every process below the runner whose program is Tiefe.
engines_of() {
    local p
    for p in $(pgrep -P "$1" || true); do
        if [ "$(readlink "/proc/$p/exe" 2>/dev/null)" = "$(readlink -f "$tiefe")" ]; then
            echo "$p"
        fi
        engines_of "$p"
    done
}

# Resident memory of every Tiefe process of this match, in kB, every 2 s.
sample_memory() {
    while :; do
        for pid in $(engines_of "$1"); do
            [ -r "/proc/$pid/status" ] || continue
            rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
            [ -n "$rss" ] && echo "$(date +%s) $pid $rss" >>"$mem"
        done
        sleep 2
    done
}
start=$(date +%s)
echo "soak: $kind, ${VARIANT:+$VARIANT, }$games games, $limit${tiefe_opts[*]:+ (${tiefe_opts[*]})}, hash $hash MB, concurrency $conc${PONDER:+, ponder}${LATENCY_MS:+, +${LATENCY_MS} ms per line}"
"$runner" "${args[@]}" >"$log" 2>&1 &
match=$!
sample_memory "$match" &
sampler=$!
trap 'kill $sampler $match 2>/dev/null || true' EXIT
set +e
wait "$match"
status=$?
set -e
kill $sampler 2>/dev/null || true
secs=$(($(date +%s) - start))

# One record per game: white, black, result, termination.
awk '
    /^\[White "/ { w = $0; sub(/^\[White "/, "", w); sub(/"\]$/, "", w) }
    /^\[Black "/ { b = $0; sub(/^\[Black "/, "", b); sub(/"\]$/, "", b) }
    /^\[Result "/ { r = $0; sub(/^\[Result "/, "", r); sub(/"\]$/, "", r) }
    /^\[Termination "/ { t = $0; sub(/^\[Termination "/, "", t); sub(/"\]$/, "", t) }
    /^\[Event / { if (w != "") print w "\t" b "\t" r "\t" t; w = b = r = t = "" }
    END { if (w != "") print w "\t" b "\t" r "\t" t }
' "$pgn" >"$out/games.tsv" 2>/dev/null || true

played=$(wc -l <"$out/games.tsv")
faults=0
echo
echo "games played: $played of $games in ${secs}s"
printf '%-8s %-14s %-14s %-20s %-8s %-12s\n' engine "time losses" "illegal moves" "stalls/disconnects" crashes "PV warnings"
for who in Tiefe Other; do
    [ "$who" = Other ] && [ "$opponent" = "$tiefe" ] && [ -z "${LATENCY_MS:-}" ] && label="Tiefe(2)" || label=$who
    count() { # termination substring -> games lost that way by $who
        awk -F'\t' -v who="$who" -v t="$1" '
            index($4, t) && (($3 == "1-0" && $2 == who) || ($3 == "0-1" && $1 == who) || ($3 == "*" && ($1 == who || $2 == who))) { n++ }
            END { print n + 0 }' "$out/games.tsv"
    }
    tl=$(count "time forfeit")
    il=$(count "illegal move")
    ab=$(count "abandoned")
    # cutechess-cli writes "disconnects" / "stalls" in the termination of the game.
    ab=$((ab + $(count "disconnect") + $(count "stall")))
    cr=$(awk -v who="$who" '$1 == "Player:" { p = $2 } $1 == "Crashed:" && p == who { print $2 }' "$log" | tail -1)
    cr=${cr:-0}
    pv=$(grep -c "Warning;.*from $who\b" "$log" || true)
    printf '%-8s %-14s %-14s %-20s %-8s %-12s\n' "$label" "$tl" "$il" "$ab" "$cr" "$pv"
    faults=$((faults + tl + il + ab + cr + pv))
done

if [ -s "$mem" ]; then
    awk '
        { n++; rss[n] = $3; if ($3 > max) max = $3 }
        END {
            q = int(n / 4); if (q < 1) q = 1
            for (i = 1; i <= q; i++) early += rss[i]
            for (i = n - q + 1; i <= n; i++) late += rss[i]
            printf "memory: %d samples, largest resident %.1f MB, mean of first quarter %.1f MB, of last quarter %.1f MB\n",
                n, max / 1024, early / q / 1024, late / q / 1024
        }' "$mem"
fi
echo "runner exit status: $status; PGN: $pgn; log: $log"
if [ "$faults" -eq 0 ] && [ "$played" -gt 0 ]; then
    echo "no faults"
    exit 0
fi
echo "FAULTS: $faults"
exit 1
