#!/usr/bin/env bash
# Plays Tiefe against the reference engines Debian packages, one match per opponent,
# each opening with both colours, and prints a table per opponent at the end.
#
#   scripts/gauntlet.sh [TIEFE] [games-per-opponent]      (defaults: target/release/tiefe, 200)
#
# Environment: RUNNER (fastchess or cutechess-cli; default: whichever is on PATH),
# OPPONENTS (space-separated subset of: stockfish ethereal toga glaurung gnuchess;
# default all five), TC (default 5+0.05), HASH (MB, default 64), CONCURRENCY (default 2),
# BOOK (default ../shared/data/books/8moves_v3.epd), OUT (directory for PGNs and logs,
# default gauntlet-out), VARIANT (fischerandom for Chess960, with
# BOOK=../shared/data/books/chess960_starts.epd; the runner sets UCI_Chess960).
#
# The engines install with: apt-get install -y stockfish ethereal-chess toga2 glaurung gnuchess
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/scripts/lib.sh"
tiefe=${1:-$here/target/release/tiefe}
games=${2:-200}
tc=${TC:-5+0.05}
hash=${HASH:-64}
conc=${CONCURRENCY:-2}
book=${BOOK:-$here/../shared/data/books/8moves_v3.epd}
out=${OUT:-gauntlet-out}
opponents=${OPPONENTS:-stockfish ethereal toga glaurung gnuchess}

find_runner
[ -x "$tiefe" ] || { echo "engine not found: $tiefe (cargo build --release)" >&2; exit 2; }
[ -f "$book" ] || { echo "opening book not found: $book" >&2; exit 2; }
mkdir -p "$out"

# name, then the -engine arguments of each opponent (Threads=1 and the same hash).
engine_args() {
    local g=/usr/games
    case "$1" in
        stockfish) echo "cmd=$g/stockfish name=Stockfish option.Threads=1 option.Hash=$hash" ;;
        ethereal) echo "cmd=$g/ethereal-chess name=Ethereal option.Threads=1 option.Hash=$hash" ;;
        toga) echo "cmd=$g/toga2 name=Toga-II option.Hash=$hash" ;;
        glaurung) echo "cmd=$g/glaurung name=Glaurung option.Threads=1 option.Hash=$hash" ;;
        gnuchess) echo "cmd=$g/gnuchess args=--uci name=GNU-Chess option.Hash=$hash" ;;
        *) echo "unknown opponent: $1" >&2; return 1 ;;
    esac
}

# The runner runs in a session of its own (below), out of reach of a Ctrl-C at the
# terminal, so a Ctrl-C or kill of this script stops the running match itself.
sid=
trap '[ -n "$sid" ] && kill -TERM -- "-$sid" 2>/dev/null; exit 130' INT TERM

# Each opening is one round of two games, one with each colour.
rounds=$((games / 2))
summary="$out/summary.txt"
: > "$summary"
for opp in $opponents; do
    read -r -a opp_args <<< "$(engine_args "$opp")"
    bin=${opp_args[0]#cmd=}
    if [ ! -x "$bin" ]; then
        echo "skipping $opp: $bin not installed" | tee -a "$summary"
        continue
    fi
    log="$out/$opp.log"
    echo "== Tiefe vs $opp: $games games at $tc" >&2
    args=(
        -engine "cmd=$tiefe" name=Tiefe "option.Hash=$hash"
        -engine "${opp_args[@]}"
        -each proto=uci "tc=$tc"
        -openings "file=$book" format=epd order=random
        -rounds "$rounds" -games 2 -repeat
        -concurrency "$conc"
        -pgnout "$(pgn_arg "$out/$opp.pgn")"
        -recover
    )
    if [ -n "${VARIANT:-}" ]; then args+=(-variant "$VARIANT"); fi
    # The runner gets a session of its own, so that engines it leaves running at the
    # end (GNU Chess keeps spinning after `quit`) can be stopped with it.
    setsid "$runner" "${args[@]}" > "$log" 2>&1 &
    sid=$!
    # An engine that ignores `quit` (GNU Chess at the end of a match) can keep the runner
    # waiting for ever after the last game: once every game has finished, give the
    # runner a grace period to print its summary and exit, then stop its session.
    (
        while kill -0 "$sid" 2>/dev/null; do
            # Until the runner has written its log, there is nothing to count.
            done_games=$(grep -c '^Finished game' "$log" 2>/dev/null) || done_games=0
            if [ "$done_games" -ge $((2 * rounds)) ]; then
                sleep 30
                kill -TERM -- "-$sid" 2>/dev/null || true
                break
            fi
            sleep 5
        done
    ) &
    watcher=$!
    wait "$sid" || true
    kill "$watcher" 2>/dev/null || true
    kill -TERM -- "-$sid" 2>/dev/null || true
    # Each runner ends with a W/L/D summary from the first engine's (Tiefe's) side.
    w=$(grep -oE 'Wins: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)
    l=$(grep -oE 'Losses: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)
    d=$(grep -oE 'Draws: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)
    if [ "$w" = 0 ] && [ "$l" = 0 ] && [ "$d" = 0 ]; then
        # cutechess-cli: "Score of Tiefe vs X: W - L - D"
        read -r w l d < <(grep -oE 'Score of .*: [0-9]+ - [0-9]+ - [0-9]+' "$log" | tail -1 |
            grep -oE '[0-9]+ - [0-9]+ - [0-9]+' | tr -d '-' || echo "0 0 0")
    fi
    echo "$opp $w $d $l" >> "$summary"
done

# Score and Elo with a 95% error from the per-game results (normal approximation).
echo
printf '%-10s %6s %6s %6s %6s %8s %16s\n' opponent games W D L score "Elo +/- 95%"
while read -r opp w d l; do
    [ "$opp" = skipping ] && { echo "$opp $w $d $l"; continue; }
    awk -v o="$opp" -v w="$w" -v d="$d" -v l="$l" '
    function elo(p) { if (p <= 0) p = 0.001; if (p >= 1) p = 0.999; return -400 * log(1 / p - 1) / log(10) }
    BEGIN {
        n = w + d + l
        if (n == 0) { printf "%-10s %6d %6s %6s %6s %8s %16s\n", o, 0, "-", "-", "-", "-", "-"; exit }
        s = (w + d / 2) / n
        var = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
        se = sqrt(var / n)
        printf "%-10s %6d %6d %6d %6d %7.1f%% %+7.0f +/- %4.0f\n", o, n, w, d, l, 100 * s, elo(s), (elo(s + 1.96 * se) - elo(s - 1.96 * se)) / 2
    }'
done < "$summary"
