#!/usr/bin/env bash
# Proves the call layer (issue 4) on the GPU machine, in one call: builds tritonc with its examples
# (Release), then runs call.py, which
#   1. compiles and runs the emitted StableHLO programs through jax's XLA, against numpy;
#   2. runs the C examples (examples/forward.c, examples/xla_softmax.c) through the PJRT plugin, with no
#      Python in their process, against their CPU references;
#   3. checks that deliberately wrong calls (a scalar argument, a dtype mismatch) fail with
#      tritonc's message before XLA sees them;
#   4. prints the first-run and steady-state times of the C examples (and of jax on the same programs).
#   5. calls bundled kernels through XLA with tests/gpu/xla_call.py (vector_add, softmax, matmul against
#      numpy; the catalog kernels that take scalars against their Python twins): RESULT xla_call lines.
# Everything is logged to $OUT/call.log; programs, per-run logs and summary.json go to $OUT/call/.
# Exits non-zero if the build or any check failed (all checks still run).
#
#   OUT=/some/dir tests/gpu/call.sh [--iters K]
#
# Environment: OUT (default ./gpu-out), BUILD_DIR (default /tmp/tritonc-gpu-build), PYTHON (default
# python3, with jax and its CUDA plugin). The examples find the PJRT plugin by themselves (in the
# site-packages of the python3 on PATH); TRITONC_PJRT_PLUGIN, when set, is ignored for that first
# run and used for the others.
set -u
cd "$(dirname "$0")/../.."

OUT=${OUT:-./gpu-out}
mkdir -p "$OUT/call" || exit 1
OUT=$(cd "$OUT" && pwd)
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-gpu-build}
PYTHON=${PYTHON:-python3}
# jax must not take most of the GPU's memory while the C examples run beside it.
export XLA_PYTHON_CLIENT_PREALLOCATE=false

main() {
    local failed=0
    echo "== tritonc call layer on the GPU: $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname)"
    git log -1 --format='commit %H %s' 2>/dev/null || echo "commit: (none)"
    command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv,noheader
    "$PYTHON" -c 'import jax, jaxlib; print("jax", jax.__version__, "jaxlib", jaxlib.__version__)' 2>&1

    echo "== build ($BUILD_DIR, Release)"
    # No unit tests here (they need cmocka); warnings are CI's business, not this gcc's.
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF || return 2
    if ! cmake --build "$BUILD_DIR" -j "$(nproc)"; then
        echo "BUILD FAILED for some target; building the examples and the CLI one by one"
        failed=1
        local t
        for t in example_forward example_softmax tritonc; do
            cmake --build "$BUILD_DIR" -j "$(nproc)" --target "$t" || echo "FAIL: target $t"
        done
    fi

    echo "== checks (call.py)"
    "$PYTHON" -u tests/gpu/call.py --build "$BUILD_DIR" --out "$OUT/call" "$@" || failed=1

    # The command line runs the bundled programs through the plugin it finds itself.
    local prog
    for prog in forward softmax vector_add_xla; do
        echo "== tritonc run $prog"
        "$BUILD_DIR/tritonc" run --program "$prog" || failed=1
    done
    return $failed
}

main "$@" 2>&1 | tee "$OUT/call.log"
rc=${PIPESTATUS[0]}
echo "call.sh exit status: $rc" | tee -a "$OUT/call.log"
exit "$rc"
