#!/usr/bin/env bash
# Issue 30 item 5 on the GPU machine, in one call: Triton 3.6's tutorials 06 (attention_tma) and 09
# (matmul_tma_persistent) as tritonc ports, against Python's own JIT launch of their twins (TTIR
# and PTX equal, outputs bit-equal), against torch (correct), and timed beside that launch,
# cuBLAS (torch.matmul) and cuDNN attention in the same run (tutorials_bench.py says how).
#
#   OUT=/some/dir tests/gpu/tutorials_bench.sh [--budget-s S]
#   tests/gpu/tutorials_bench.sh --dry-run      # anywhere, python3 only: syntax, modules, every config emitted
#
# Writes $OUT/tutorials_bench.log (everything, the summary table last) and, for a check that
# differs, both texts under $OUT/tutorials_diffs/. Builds tritonc in Release under $BUILD_DIR
# (default /tmp/tritonc-tutorials-build); TTIR and caches under /tmp. About 3 minutes on an H100;
# tutorials_bench.py is stopped TUTORIALS_TIMEOUT seconds (default 285) after this script started.
# Exit status: 0 every check passed, 1 a check failed, 2 the build failed; a dry run exits 77
# (skipped) when there is no python3.
set -u
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-python3}
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-tutorials-build}

if [ "${1:-}" = "--dry-run" ]; then
    bash -n "$0" || exit 1
    if ! command -v "$PYTHON" >/dev/null; then
        echo "tutorials_bench.sh: dry run skipped: no $PYTHON"
        exit 77
    fi
    export PYTHONDONTWRITEBYTECODE=1
    "$PYTHON" -c 'import sys; compile(open(sys.argv[1]).read(), sys.argv[1], "exec")' tests/gpu/tutorials_bench.py || exit 1
    [ -n "${TRITONC:-}" ] || [ ! -x "$BUILD_DIR/tritonc" ] || TRITONC=$BUILD_DIR/tritonc
    "$PYTHON" tests/gpu/tutorials_bench.py --dry-run ${TRITONC:+--tritonc "$TRITONC"} || exit 1
    echo "tutorials_bench.sh: dry run ok"
    exit 0
fi

OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
export TRITON_CACHE_DIR=/tmp/tritonc-tutorials-triton-cache

main() {
    local t0 rc limit
    t0=$(date +%s)
    echo "== tritonc tutorials bench: $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname)"
    git log -1 --format='commit %H %s' 2>/dev/null || true
    command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
    echo "== build ($BUILD_DIR, Release, tritonc only)"
    if ! { cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF >/dev/null &&
        cmake --build "$BUILD_DIR" -j "$(nproc)" --target tritonc >/dev/null; }; then
        echo "FAIL: the build failed"
        return 2
    fi
    echo "== build done in $(($(date +%s) - t0)) s"
    limit=$((${TUTORIALS_TIMEOUT:-285} - ($(date +%s) - t0)))
    [ "$limit" -ge 60 ] || limit=60
    # optional configs stop a minute before the hard stop: the summary is printed at the end
    timeout "$limit" "$PYTHON" -u tests/gpu/tutorials_bench.py --tritonc "$BUILD_DIR/tritonc" --out "$OUT" \
        --budget-s $((limit - 60)) "$@"
    rc=$?
    if [ "$rc" -eq 124 ]; then
        echo "FAIL: tutorials_bench.py was stopped after $limit s (TUTORIALS_TIMEOUT=${TUTORIALS_TIMEOUT:-285} s in all)"
        rc=1
    fi
    echo "== tutorials_bench.py exit status $rc, $(($(date +%s) - t0)) s in all"
    return $rc
}

main "$@" >"$OUT/tutorials_bench.log" 2>&1
rc=$?
sed -n '/^=== summary/,$p' "$OUT/tutorials_bench.log"
tail -n 2 "$OUT/tutorials_bench.log"
echo "tutorials_bench.sh exit status: $rc"
exit "$rc"
