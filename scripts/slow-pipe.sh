#!/usr/bin/env bash
# Runs an engine behind a slow link: every line in either direction arrives DELAY_MS
# later than it was written (each line on its own, not one delay queued behind another),
# as over a loaded machine or a remote GUI. For time-management tests (scripts/soak.sh
# LATENCY_MS=...).
#
#   scripts/slow-pipe.sh DELAY_MS ENGINE [ARGS...]
set -uo pipefail
delay_ms=${1:?usage: slow-pipe.sh DELAY_MS ENGINE [ARGS...]}
shift

# Stamp each line with the moment it was read...
stamp() {
    while IFS= read -r line; do
        printf '%s %s\n' "${EPOCHREALTIME/./}" "$line"
    done
}
# ...and pass it on once it is DELAY_MS old.
release() {
    local d=$((delay_ms * 1000))
    while IFS=' ' read -r t line; do
        now=${EPOCHREALTIME/./}
        wait_us=$((t + d - now))
        if [ "$wait_us" -gt 0 ]; then
            sleep "$((wait_us / 1000000)).$(printf '%06d' $((wait_us % 1000000)))"
        fi
        printf '%s\n' "$line"
    done
}

# The way in runs beside the engine through a fifo: as one pipeline, the first stage
# would wait on the runner's open stdin after the engine quit, and the runner would wait
# on it (a soak once hung there after its last game).
in=$(mktemp -u "${TMPDIR:-/tmp}/slow-pipe.XXXXXX")
mkfifo "$in"
stamp | release >"$in" &
"$@" <"$in" | stamp | release
status=${PIPESTATUS[0]}
pkill -P $$ 2>/dev/null
rm -f "$in"
exit "$status"
