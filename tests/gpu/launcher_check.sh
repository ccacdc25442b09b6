#!/usr/bin/env bash
# The launcher of issue 30 on the GPU machine, in one call (a few minutes: four kernels and three
# matmul variants compiled by Triton on the cache miss): host tensor descriptors against a CPU
# reference, two dependent kernels with and without programmatic dependent launch (timed with
# tc_bench), a maxnreg compile's register count, a cooperative launch (tests/gpu/launcher_check.c
# says each). Builds what it needs itself (cmake, Release) under $BUILD_DIR; logs under $OUT.
#
#   OUT=/some/dir tests/gpu/launcher_check.sh | --dry-run
#
# Environment: OUT (default ./gpu-out), BUILD_DIR (default /tmp/tritonc-launcher-build), PYTHON
# (default python3: the one with triton), CC (default cc). Exit status: 0 every check passed, 1 a
# check failed, 2 the build failed or the runtime could not start.
set -u -o pipefail
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-python3}
CC=${CC:-cc}

if [ "${1:-}" = "--dry-run" ]; then
    bash -n "$0" || exit 1
    "$CC" -std=c11 -Wall -Wextra -fsyntax-only tests/gpu/launcher_check.c -I include -I kernels || exit 1
    echo "launcher_check.sh: dry run ok"
    exit 0
fi

OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-launcher-build}
export TRITONC_PYTHON=$(command -v "$PYTHON")
export TRITONC_CACHE_DIR=${TRITONC_CACHE_DIR:-/tmp/tritonc-launcher-cache}

{
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF &&
        cmake --build "$BUILD_DIR" -j "$(nproc)" --target tritonc_cuda_static tritonc_kernels tritonc_static &&
        "$CC" -std=c11 -O2 -o "$BUILD_DIR/launcher_check" tests/gpu/launcher_check.c -I include -I kernels \
            "$BUILD_DIR/libtritonc_kernels.a" "$BUILD_DIR/libtritonc_cuda.a" "$BUILD_DIR/libtritonc.a" \
            -ldl -lpthread -lm
} >"$OUT/launcher_check_build.log" 2>&1 || {
    tail -n 20 "$OUT/launcher_check_build.log"
    exit 2
}

command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
"$PYTHON" -c 'import triton; print("triton", triton.__version__)' 2>/dev/null
"$BUILD_DIR/launcher_check" 2>&1 | tee "$OUT/launcher_check.log"
rc=${PIPESTATUS[0]}
grep '^RESULT' "$OUT/launcher_check.log" >"$OUT/launcher_check_summary.txt"
exit "$rc"
