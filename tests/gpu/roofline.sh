#!/usr/bin/env bash
# Issue 31 on the GPU machine, in one call: the memory-bound model kernels against the roofline.
# roofline.py measures this GPU's copy bandwidth, then times every memory-bound model kernel,
# config and case (ours from our TTIR, the Python twin, torch's kernel), the multi-kernel
# pipelines (the parallel moe_align_block_size, the norms' backward) and, with the time left, a
# sweep of block and warp choices; it prints one table, also $OUT/roofline.txt, with the
# fraction of the roofline (bytes over the copy bandwidth) and PASS/MISS against the targets.
#
#   OUT=/some/dir tests/gpu/roofline.sh [--kernel NAME...] [--budget-s S] [--no-sweep]
#   tests/gpu/roofline.sh --dry-run      # anywhere, python3 only: syntax and the modules' shape
#
# Writes $OUT/roofline.txt (the table) and $OUT/roofline.log (everything). Builds tritonc in
# Release under $BUILD_DIR (default /tmp/tritonc-roofline-build); TTIR and caches under /tmp.
# roofline.py is stopped ROOFLINE_TIMEOUT seconds (default 470) after this script started, so that
# a device call of 8 minutes still gets the table so far. Exit status: 0 no MISS, 1 a MISS or a
# failure, 2 the build failed; a dry run exits 77 (skipped) when there is no python3.
set -u
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-python3}
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-roofline-build}

if [ "${1:-}" = "--dry-run" ]; then
    bash -n "$0" || exit 1
    if ! command -v "$PYTHON" >/dev/null; then
        echo "roofline.sh: dry run skipped: no $PYTHON"
        exit 77
    fi
    export PYTHONDONTWRITEBYTECODE=1
    "$PYTHON" -c 'import sys; compile(open(sys.argv[1]).read(), sys.argv[1], "exec")' tests/gpu/roofline.py || exit 1
    [ -n "${TRITONC:-}" ] || [ ! -x "$BUILD_DIR/tritonc" ] || TRITONC=$BUILD_DIR/tritonc
    "$PYTHON" tests/gpu/roofline.py --dry-run ${TRITONC:+--tritonc "$TRITONC"} || exit 1
    echo "roofline.sh: dry run ok"
    exit 0
fi

OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
export TRITON_CACHE_DIR=/tmp/tritonc-roofline-triton-cache

main() {
    local t0 rc limit
    t0=$(date +%s)
    echo "== tritonc roofline: $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname)"
    git log -1 --format='commit %H %s' 2>/dev/null || true
    command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader
    echo "== build ($BUILD_DIR, Release, tritonc only)"
    if ! { cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF >/dev/null &&
        cmake --build "$BUILD_DIR" -j "$(nproc)" --target tritonc >/dev/null; }; then
        echo "FAIL: the build failed"
        return 2
    fi
    echo "== build done in $(($(date +%s) - t0)) s"
    limit=$((${ROOFLINE_TIMEOUT:-470} - ($(date +%s) - t0)))
    [ "$limit" -ge 60 ] || limit=60
    # the timing budget ends a minute before the hard stop: the table is written at the end
    timeout "$limit" "$PYTHON" -u tests/gpu/roofline.py --tritonc "$BUILD_DIR/tritonc" --out "$OUT" \
        --budget-s $((limit - 60)) "$@"
    rc=$?
    if [ "$rc" -eq 124 ]; then
        echo "FAIL: roofline.py was stopped after $limit s (ROOFLINE_TIMEOUT=${ROOFLINE_TIMEOUT:-470} s in all)"
        rc=1
    fi
    echo "== roofline.py exit status $rc, $(($(date +%s) - t0)) s in all"
    return $rc
}

main "$@" >"$OUT/roofline.log" 2>&1
rc=$?
[ -f "$OUT/roofline.txt" ] && cat "$OUT/roofline.txt"
tail -n 3 "$OUT/roofline.log"
echo "roofline.sh exit status: $rc"
exit "$rc"
