#!/usr/bin/env bash
# tc_bench beside triton.testing.do_bench on the GPU machine, in one call (about a minute): the
# bundled vector_add on 2^24 float32 elements timed by tc_bench from C (tests/gpu/bench_check.c:
# do_bench's method, the kernel compiled by Triton through the compile step on the cache miss)
# and its Python original timed by do_bench (tests/gpu/bench_check.py), then both and their
# ratios. Builds what it needs itself (cmake, Release) under $BUILD_DIR; logs under $OUT.
#
#   OUT=/some/dir tests/gpu/bench_check.sh [N] | [--dry-run]
#
# Environment: OUT (default ./gpu-out), BUILD_DIR (default /tmp/tritonc-bench-build), PYTHON
# (default python3: the one with triton and torch), CC (default cc). Exit status: 0 both ran
# (the ratio is printed, not judged), 1 a check failed, 2 the build failed.
set -u -o pipefail
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-python3}
CC=${CC:-cc}

if [ "${1:-}" = "--dry-run" ]; then
    bash -n "$0" || exit 1
    if command -v "$PYTHON" >/dev/null; then
        "$PYTHON" -m py_compile tests/gpu/bench_check.py || exit 1
    fi
    echo "bench_check.sh: dry run ok"
    exit 0
fi

N=${1:-16777216}
OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-bench-build}
export TRITONC_PYTHON=$(command -v "$PYTHON")
export TRITONC_CACHE_DIR=${TRITONC_CACHE_DIR:-/tmp/tritonc-bench-cache}

{
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF &&
        cmake --build "$BUILD_DIR" -j "$(nproc)" --target tritonc_cuda_static tritonc_kernels tritonc_static &&
        "$CC" -std=c11 -O2 -o "$BUILD_DIR/bench_check" tests/gpu/bench_check.c -I include -I kernels \
            "$BUILD_DIR/libtritonc_kernels.a" "$BUILD_DIR/libtritonc_cuda.a" "$BUILD_DIR/libtritonc.a" \
            -ldl -lpthread -lm
} >"$OUT/bench_check_build.log" 2>&1 || {
    tail -n 20 "$OUT/bench_check_build.log"
    exit 2
}

command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
"$BUILD_DIR/bench_check" "$N" 2>&1 | tee "$OUT/bench_check_c.log" || exit 1
"$PYTHON" tests/gpu/bench_check.py "$N" 2>&1 | tee "$OUT/bench_check_py.log" || exit 1
C=$(grep '^RESULT tc_bench' "$OUT/bench_check_c.log")
P=$(grep '^RESULT do_bench' "$OUT/bench_check_py.log")
[ -n "$C" ] && [ -n "$P" ] || exit 1
# field after a word: value WORD LINE
value() { echo "$2" | awk -v w="$1" '{ for (i = 1; i < NF; i++) if ($i == w) { print $(i + 1); exit } }'; }
for stat in mean median p20 p80; do
    c=$(value "$stat" "$C")
    p=$(value "$stat" "$P")
    awk -v s="$stat" -v c="$c" -v p="$p" \
        'BEGIN { printf "RESULT %-6s tc_bench %.4f ms, do_bench %.4f ms, tc_bench / do_bench %.3f\n", s, c, p, c / p }'
done | tee "$OUT/bench_check_summary.txt"
