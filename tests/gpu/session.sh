#!/usr/bin/env bash
# Several GPU scripts in one device call, within its time limit: each step under its own timeout,
# in the order given (most important first), one shared build directory, and everything each step
# wrote packed into ONE archive, $OUT/logs.tgz (a device call brings back only a few files; large
# ones, emitted TTIR and compiled kernels, are left out). Prints a line per step and, at the end,
# each step's summary lines (RESULT / FAIL / DIFF / ERROR / passed / failed).
#
#   OUT=/some/dir tests/gpu/session.sh [--budget S] STEP[:SECONDS] ...
#   tests/gpu/session.sh --dry-run STEP ...     # anywhere: the steps exist, this script parses
#
# STEP is a script of tests/gpu without its .sh (run, launcher_check, shard_check, bench_check,
# own_kernels, tutorials_bench, roofline, models, multi_gpu, parallel_layers, profile), optionally with
# arguments after a comma (models,--kernel,fused_moe,--config,qwen3) and a timeout after a colon
# (default 120 s). A step is skipped, and said so, when less than its timeout is left of the budget
# (default 560 s, under a device call's 600). Exit status: 0 every step that ran exited 0, 1 one
# did not or was skipped.
set -u
cd "$(dirname "$0")/../.."

BUDGET=560
DRY=0
STEPS=()
while [ $# -gt 0 ]; do
    case $1 in
        --budget) BUDGET=$2; shift 2 ;;
        --dry-run) DRY=1; shift ;;
        *) STEPS+=("$1"); shift ;;
    esac
done
if [ ${#STEPS[@]} -eq 0 ]; then
    echo "usage: OUT=DIR tests/gpu/session.sh [--budget S] STEP[:SECONDS] ... (see the header)" >&2
    exit 2
fi

script_of() { # STEP[,args][:seconds] -> its script path
    local name=${1%%:*}
    name=${name%%,*}
    echo "tests/gpu/$name.sh"
}

if [ "$DRY" = 1 ]; then
    bash -n "$0" || exit 1
    for s in "${STEPS[@]}"; do
        [ -f "$(script_of "$s")" ] || { echo "session.sh: no step '$s' ($(script_of "$s"))"; exit 1; }
    done
    echo "session.sh: dry run ok (${#STEPS[@]} steps)"
    exit 0
fi

OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 1
OUT=$(cd "$OUT" && pwd)
WORK=$(mktemp -d /tmp/tritonc-session.XXXXXX)
export BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-session-build} # one build for every step
start=$(date +%s)
status=0
for s in "${STEPS[@]}"; do
    secs=120
    case $s in *:*) secs=${s##*:}; s=${s%:*} ;; esac
    IFS=, read -r -a words <<<"$s"
    name=${words[0]}
    left=$((BUDGET - ($(date +%s) - start)))
    if [ "$left" -lt "$secs" ]; then
        echo "== $name: skipped (${left}s of the budget left, it takes up to ${secs}s)"
        status=1
        continue
    fi
    dir=$WORK/$name
    n=1
    while [ -e "$dir" ]; do n=$((n + 1)); dir=$WORK/$name.$n; done
    mkdir -p "$dir"
    t=$(date +%s)
    OUT=$dir timeout "$secs" bash "tests/gpu/$name.sh" "${words[@]:1}" >"$dir/step.log" 2>&1
    rc=$?
    echo "== $name ${words[*]:1}: exit $rc in $(($(date +%s) - t))s"
    [ "$rc" -eq 0 ] || status=1
done

echo
echo "== summaries"
for log in "$WORK"/*/step.log; do
    [ -f "$log" ] || continue # no step ran
    echo "-- $(basename "$(dirname "$log")")"
    grep -E '^(RESULT|FAIL|DIFF|ERROR)|passed|failed|PASS|MISS' "$log" | head -n 60
done
# Emitted TTIR and compiled kernels are large and already compared: left out of the archive.
find "$WORK" \( -name emitted -o -name kernels \) -type d -prune -exec rm -rf {} + 2>/dev/null
find "$WORK" -type f -size +1M -delete
tar czf "$OUT/logs.tgz" -C "$WORK" . && echo "logs: $OUT/logs.tgz"
rm -rf "$WORK"
exit "$status"
