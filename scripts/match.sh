#!/usr/bin/env bash
# Plays a match between two UCI engines with fastchess or cutechess-cli.
#
#   scripts/match.sh NEW BASE [games]          fixed number of games (default 400)
#   SPRT=1 scripts/match.sh NEW BASE [max]     SPRT elo0=0 elo1=10 (stops when decided)
#
# Environment: RUNNER (path to fastchess or cutechess-cli; default: whichever is on
# PATH), TC (default 5+0.05), BOOK (default ../shared/data/books/UHO_4060_v2.epd),
# CONCURRENCY (default 2), PGN (output file, default match.pgn), ELO0/ELO1, SRAND (the
# opening order's seed, fastchess: a match continued in a new run needs a new one),
# NEW_OPTIONS (space-separated NAME=VALUE UCI options set on NEW alone, e.g.
# "rfp_margin=65" to play a search constant against its default through the run-time
# parameters of a `cargo build --release --features spsa` binary; NEW and BASE may then
# be the same binary, and NEW is named after the options), NODES (a node budget per move
# for both engines, a cheap screen of evaluation changes: set TC generous, e.g. 60+1,
# so that the budget decides), VARIANT (fischerandom for Chess960, with
# BOOK=../shared/data/books/chess960_starts.epd; the runner sets UCI_Chess960).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/scripts/lib.sh"

new=${1:?usage: match.sh NEW BASE [games]}
base=${2:?usage: match.sh NEW BASE [games]}
games=${3:-400}
book=${BOOK:-$here/../shared/data/books/UHO_4060_v2.epd}
tc=${TC:-5+0.05}
conc=${CONCURRENCY:-2}
pgn=${PGN:-match.pgn}

find_runner
[ -f "$book" ] || { echo "opening book not found: $book" >&2; exit 2; }

new_name=$(basename "$new")
new_opts=()
for o in ${NEW_OPTIONS:-}; do
    new_opts+=("option.$o")
    new_name+="+$o"
done

each=(proto=uci "tc=$tc" option.Hash=16)
if [ -n "${NODES:-}" ]; then each+=("nodes=$NODES"); fi

args=(
    -engine "cmd=$new" "name=$new_name" "${new_opts[@]}"
    -engine "cmd=$base" "name=$(basename "$base")"
    -each "${each[@]}"
    -openings "file=$book" format=epd order=random
    -rounds $((games / 2)) -games 2 -repeat
    -concurrency "$conc"
    -pgnout "$(pgn_arg "$pgn")"
    -recover
)
if [ -n "${VARIANT:-}" ]; then args+=(-variant "$VARIANT"); fi
if [ "${SPRT:-0}" = 1 ]; then
    args+=(-sprt "elo0=${ELO0:-0}" "elo1=${ELO1:-10}" alpha=0.05 beta=0.05)
fi
case "$(basename "$runner")" in
    fastchess*)
        args+=(-autosaveinterval 0)
        if [ -n "${SRAND:-}" ]; then args+=(-srand "$SRAND"); fi
        ;;
esac
exec "$runner" "${args[@]}"
