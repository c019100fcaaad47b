# Shared by the match scripts (match.sh, gauntlet.sh, soak.sh, calibrate_elo.sh), which
# source it: finding the match runner, and the arguments in which fastchess and
# cutechess-cli differ. Kept in one place so that the scripts cannot drift apart on how a
# runner is found or called.

# find_runner [NAME...]: sets `runner` to $RUNNER if set, else to the first of the NAMEs
# (default: fastchess, then cutechess-cli) found on PATH; exits the script with status 2
# if there is none.
find_runner() {
    [ $# -gt 0 ] || set -- fastchess cutechess-cli
    runner=${RUNNER:-}
    local name
    for name in "$@"; do
        [ -n "$runner" ] && break
        runner=$(command -v "$name" || true)
    done
    if [ -z "$runner" ]; then
        echo "no match runner: put fastchess or cutechess-cli on PATH or set RUNNER" >&2
        exit 2
    fi
}

# pgn_arg FILE: the value of `-pgnout` for `runner`: fastchess takes `-pgnout file=F`,
# cutechess-cli `-pgnout F`.
pgn_arg() {
    case "$(basename "$runner")" in
        fastchess*) echo "file=$1" ;;
        *) echo "$1" ;;
    esac
}
