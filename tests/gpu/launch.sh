#!/usr/bin/env bash
# Issue 7 on the GPU machine, in one call (about 5 minutes on an H200): launching tritonc kernels
# from C through the CUDA driver. Builds everything itself (cmake, Release), then:
#   1. correctness: every bundled kernel with a `reference` (kernels/*.py), plus softmax and
#      matmul, launched from C on inputs torch made, several sizes, ragged ones, an unaligned
#      pointer, compared with torch                          (launch_check.py correctness)
#   2. launch overhead, back to back, tiny kernel: ours, raw cuLaunchKernel on the same cubin
#      (one process), and Python Triton's JIT launch          (launch_check overhead, python-overhead)
#   3. matmul fp16 4096^3 and 8192^3 through the specializing launcher beside Python's JIT, and
#      autotuned over 9 configs beside torch.matmul; the autotuning run again reads its file
#   5. warm start: create + load + first launch from the compile cache (a cold run first)
#   6. 100 launches captured in a CUDA graph, replayed, checked
#   and the examples, `tritonc launch`, and tests/gpu/compile_check.py (the compile step's
#   checks) when it is there. Every step's log is $OUT/<step>.log; $OUT/summary.txt says which
#   targets were met. Nothing else is written to $OUT (builds, inputs and caches go under /tmp). Exit status: 0 all passed, 1 a check failed, 2 the build failed.
#
#   OUT=/some/dir tests/gpu/launch.sh [--dry-run]
#
# Environment: OUT (default ./gpu-out), BUILD_DIR (default /tmp/tritonc-launch-build), PYTHON
# (default python3: the one with triton and torch), CC (default cc).
set -u
cd "$(dirname "$0")/../.."
. tests/gpu/launch_check_build.sh
ROOT=$(pwd)
PYTHON=${PYTHON:-python3}
CC=${CC:-cc}

if [ "${1:-}" = "--dry-run" ]; then
    bash -n "$0" || exit 1
    if command -v "$PYTHON" >/dev/null; then
        "$PYTHON" -m py_compile tests/gpu/launch_check.py || exit 1
    fi
    echo "launch.sh: dry run ok (syntax of launch.sh and launch_check.py)"
    exit 0
fi

OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-launch-build}
export TRITONC_PYTHON=$(command -v "$PYTHON")
# Our compile cache and Triton's, fresh, so that the cold numbers are cold (outside $OUT: only
# the logs are wanted there).
export TRITONC_CACHE_DIR=/tmp/tritonc-launch-cache
export TRITON_CACHE_DIR=/tmp/tritonc-launch-triton-cache
rm -rf "$TRITONC_CACHE_DIR" "$TRITON_CACHE_DIR"
FAILED=0
T0=$(date +%s)

# step NAME CMD...: runs CMD with its output in $OUT/NAME.log, prints its RESULT lines.
step() {
    local name=$1 t=$(date +%s) rc
    shift
    "$@" >"$OUT/$name.log" 2>&1
    rc=$?
    printf '== %-24s rc=%d %4ds  (%s)\n' "$name" "$rc" "$(($(date +%s) - t))" "$OUT/$name.log"
    grep '^RESULT' "$OUT/$name.log" | sed 's/^/   /'
    if [ "$rc" -ne 0 ]; then
        FAILED=1
        tail -n 15 "$OUT/$name.log" | sed 's/^/   | /'
    fi
    return "$rc"
}

build() {
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF &&
        cmake --build "$BUILD_DIR" -j "$(nproc)" --target tritonc tritonc_cuda_static tritonc_kernels || return 1
    # The examples that launch through the runtime, whichever exist.
    local t
    for t in example_launch_vector_add example_launch_softmax example_launch_matmul; do
        cmake --build "$BUILD_DIR" -j "$(nproc)" --target "$t" || echo "note: no target $t"
    done
    build_launch_check # tests/gpu/launch_check_build.sh
}

{
    echo "== tritonc launch checks: $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname)"
    git log -1 --format='commit %H %s' 2>/dev/null || true
    command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    "$PYTHON" -c 'import triton, torch; print("triton", triton.__version__, "torch", torch.__version__)' 2>&1
} | tee "$OUT/environment.log"

step build build || { echo "build failed: see $OUT/build.log"; exit 2; }
H=$BUILD_DIR/launch_check

# 5 first, while the cache is empty: a cold start (compiles), then a warm one (cache hit).
step warm_cold "$H" warm
# The cache hit runs no subprocess: no interpreter to run, and compiling off.
step warm_hit env TRITONC_PYTHON=/nonexistent/python3 TRITONC_JIT=0 "$H" warm
step correctness "$PYTHON" -u tests/gpu/launch_check.py correctness --harness "$H" --work "$BUILD_DIR/correctness"
step overhead "$H" overhead --iters 20000
step python_overhead "$PYTHON" -u tests/gpu/launch_check.py python-overhead --iters 20000
# Python's JIT first: it writes the inputs, and ours multiplies the same numbers, timed the same way
# (the median of 5 rounds); at 8192^3 the GPU is power-limited, so the data moves the clocks.
step python_matmul "$PYTHON" -u tests/gpu/launch_check.py python-matmul --sizes 4096 8192 --iters 20 \
    --inputs "$BUILD_DIR/matmul-inputs"
step matmul_4096 "$H" matmul --size 4096 --iters 20 --inputs "$BUILD_DIR/matmul-inputs"
step matmul_8192 "$H" matmul --size 8192 --iters 10 --inputs "$BUILD_DIR/matmul-inputs"
step autotune_4096 "$H" autotune --size 4096 --iters 20
step autotune_8192 "$H" autotune --size 8192 --iters 10
step autotune_again "$H" autotune --size 4096 --iters 20
step graph "$H" graph
for e in launch_vector_add launch_softmax launch_matmul; do
    [ -x "$BUILD_DIR/examples/$e" ] && step "example_$e" "$BUILD_DIR/examples/$e"
done
if "$BUILD_DIR/tritonc" --help 2>&1 | grep -q '^  launch'; then
    step cli_launch_vector_add "$BUILD_DIR/tritonc" launch vector_add --size 1000000 --iters 100
    step cli_launch_matmul "$BUILD_DIR/tritonc" launch matmul --size 1024 --iters 20
fi
if [ -f tests/gpu/compile_check.py ]; then
    step compile_check "$PYTHON" -u tests/gpu/compile_check.py --tritonc "$BUILD_DIR/tritonc" --out "$BUILD_DIR/compile_check"
fi

echo "== summary ($(($(date +%s) - T0)) s)"
"$PYTHON" tests/gpu/launch_check.py summary "$OUT" | tee "$OUT/summary.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || FAILED=1
exit "$FAILED"
