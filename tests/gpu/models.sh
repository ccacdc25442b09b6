#!/usr/bin/env bash
# Issue 9 on the GPU machine, in one call: the model kernels (every kernels/NAME.py defining
# MODEL_CONFIGS, or the ones named with --kernel) checked per config and per case by models.py:
# TTIR and PTX against the Python twin, results against torch and against the twin, the same
# launch from C through tritonc's CUDA runtime (launch_check) and through XLA (xla_call.py), and
# times of ours / the twin / torch. Builds everything itself (cmake, Release, tests off; the
# launch_check harness against CUDA as launch.sh builds it).
#
#   OUT=/some/dir tests/gpu/models.sh [--kernel NAME...] [--config LABEL_PREFIX...] [--budget-s S]
#   tests/gpu/models.sh --dry-run      # anywhere, python3 only: syntax, and every module's shape
#
# Writes only three files to $OUT: models.log (everything), models_summary.txt (one row per
# kernel x config x case) and diffs.tgz (the TTIR/PTX diffs of failures; absent when none).
# Builds, TTIR and inputs go under /tmp. Exit status: 0 every check passed, 1 a check failed,
# 2 the build failed; a dry run exits 77 (skipped) when there is no python3.
#
# Environment: OUT (default ./gpu-out), MODELS_TIMEOUT (default 570: models.py is
# stopped that many seconds after models.sh started), BUILD_DIR (default /tmp/tritonc-models-build), PYTHON
# (default python3), CC (default cc), TRITONC (dry run: the tritonc whose `list` the sets are
# checked against; found under BUILD_DIR otherwise).
set -u
cd "$(dirname "$0")/../.."
. tests/gpu/launch_check_build.sh
PYTHON=${PYTHON:-python3}
CC=${CC:-cc}
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-models-build}

if [ "${1:-}" = "--dry-run" ]; then
    bash -n "$0" || exit 1
    if ! command -v "$PYTHON" >/dev/null; then
        echo "models.sh: dry run skipped: no $PYTHON"
        exit 77
    fi
    # Syntax of models.py and of every kernel module, without writing __pycache__ into the tree.
    export PYTHONDONTWRITEBYTECODE=1
    "$PYTHON" -c 'import sys
for f in sys.argv[1:]:
    compile(open(f).read(), f, "exec")' tests/gpu/models.py kernels/*/*.py || exit 1
    [ -n "${TRITONC:-}" ] || [ ! -x "$BUILD_DIR/tritonc" ] || TRITONC=$BUILD_DIR/tritonc
    "$PYTHON" tests/gpu/models.py --dry-run ${TRITONC:+--tritonc "$TRITONC"} || exit 1
    echo "models.sh: dry run ok"
    exit 0
fi

OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
WORK=/tmp/tritonc-models-work
rm -rf "$WORK" "$OUT/diffs.tgz"
mkdir -p "$WORK/diffs"
export TRITONC_PYTHON=$(command -v "$PYTHON")
export TRITONC_CACHE_DIR=/tmp/tritonc-models-cache
export TRITON_CACHE_DIR=/tmp/tritonc-models-triton-cache

build() {
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF &&
        cmake --build "$BUILD_DIR" -j "$(nproc)" --target tritonc tritonc_cuda_static tritonc_kernels || return 1
    build_launch_check # tests/gpu/launch_check_build.sh
}

main() {
    local t0 rc
    t0=$(date +%s)
    echo "== tritonc model kernels: $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname)"
    git log -1 --format='commit %H %s' 2>/dev/null || true
    command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    "$PYTHON" -c 'import triton, torch; print("triton", triton.__version__, "torch", torch.__version__)' 2>&1
    echo "== build ($BUILD_DIR, Release)"
    if ! build; then
        echo "FAIL: the build failed"
        return 2
    fi
    echo "== build done in $(($(date +%s) - t0)) s"
    # Cut short (SIGTERM) MODELS_TIMEOUT s after models.sh started, before a 600 s device limit
    # would kill the whole call, so that the summary so far and the diffs still come back.
    local limit=$((${MODELS_TIMEOUT:-570} - ($(date +%s) - t0)))
    [ "$limit" -ge 60 ] || limit=60
    timeout "$limit" "$PYTHON" -u tests/gpu/models.py --tritonc "$BUILD_DIR/tritonc" --harness "$BUILD_DIR/launch_check" \
        --out "$OUT" --work "$WORK" --diffs "$WORK/diffs" "$@"
    rc=$?
    if [ "$rc" -eq 124 ]; then
        echo "FAIL: models.py was stopped after $limit s (MODELS_TIMEOUT=${MODELS_TIMEOUT:-570} s in all)"
        rc=1
    fi
    echo "== models.py exit status $rc, $(($(date +%s) - t0)) s in all"
    return $rc
}

main "$@" >"$OUT/models.log" 2>&1
rc=$?
# The diffs of failures, tarred (only a few files come back from $OUT).
if [ -n "$(ls -A "$WORK/diffs" 2>/dev/null)" ]; then
    tar -czf "$OUT/diffs.tgz" -C "$WORK" diffs
fi
[ -f "$OUT/models_summary.txt" ] && cat "$OUT/models_summary.txt"
tail -n 3 "$OUT/models.log"
echo "models.sh exit status: $rc"
exit "$rc"
