#!/usr/bin/env bash
# Issue 12 on the GPU machine, in one call (a few minutes on an H200): the CPU interpreter
# (tritonc/interp.h) against the GPU on the same inputs. Builds the libraries (cmake, Release,
# tests off), then tests/gpu/interp_check.c against them, and runs it: every bundled kernel at its
# default config launched through tc_launch and through tc_interp_launch on identical inputs,
# every buffer compared byte for byte (bit-exact where the GPU's arithmetic is exact, the measured
# error elsewhere), then the interpreter's speed on vector_add over 1<<20 elements and a 512^3
# matmul beside the GPU's. Everything it prints goes to $OUT/interp.log (the only file written
# there; builds and caches go under /tmp). Exit status: 0 nothing failed, 1 a kernel failed
# (see the summary at the end of the log), 2 the build failed or no GPU runtime.
#
#   OUT=/some/dir tests/gpu/interp.sh [--dry-run] [interp_check options: --only NAME, --seed N...]
#
# --dry-run: the syntax of this script and of interp_check.c (cc -fsyntax-only; it needs no CUDA
# header), anywhere; nothing is built.
#
# Environment: OUT (default ./gpu-out), BUILD_DIR (default /tmp/tritonc-interp-build), PYTHON
# (default python3: the one with triton, for the runtime's JIT), CC (default cc).
set -u
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-python3}
CC=${CC:-cc}
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-interp-build}

# The one cc line, here and on the GPU machine: the check against the static libraries (the CUDA
# runtime opens libcuda.so.1 itself, so no CUDA header or library is named).
build_interp_check() {
    "$CC" -std=c11 -O2 -Wall -Wextra -o "$BUILD_DIR/interp_check" tests/gpu/interp_check.c -I include -I kernels -I kernels/models \
        "$BUILD_DIR/libtritonc_kernels.a" "$BUILD_DIR/libtritonc_interp.a" "$BUILD_DIR/libtritonc_cuda.a" \
        "$BUILD_DIR/libtritonc.a" -ldl -lpthread -lm
}

if [ "${1:-}" = "--dry-run" ]; then
    bash -n "$0" || exit 1
    "$CC" -std=c11 -Wall -Wextra -Werror -fsyntax-only -I include -I kernels -I kernels/models tests/gpu/interp_check.c || exit 1
    echo "interp.sh: dry run ok (syntax of interp.sh and interp_check.c)"
    exit 0
fi

OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
LOG=$OUT/interp.log
export TRITONC_PYTHON=$(command -v "$PYTHON")
export TRITONC_CACHE_DIR=/tmp/tritonc-interp-cache
export TRITON_CACHE_DIR=/tmp/tritonc-interp-triton-cache

{
    echo "== tritonc interpreter against the GPU: $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname)"
    git log -1 --format='commit %H %s' 2>/dev/null || true
    command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    "$PYTHON" -c 'import triton, torch; print("triton", triton.__version__, "torch", torch.__version__)' 2>&1
    echo "== build ($BUILD_DIR)"
} >"$LOG" 2>&1
if ! { cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF &&
    cmake --build "$BUILD_DIR" -j "$(nproc)" --target tritonc_static tritonc_cuda_static tritonc_interp_static \
        tritonc_kernels && build_interp_check; } >>"$LOG" 2>&1; then
    tail -n 20 "$LOG"
    echo "interp.sh: build failed: see $LOG"
    exit 2
fi
echo "== interp_check $*" >>"$LOG"
"$BUILD_DIR/interp_check" "$@" 2>&1 | tee -a "$LOG"
rc=${PIPESTATUS[0]}
echo "interp.sh: exit $rc; log $LOG"
exit "$rc"
