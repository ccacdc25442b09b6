#!/usr/bin/env bash
# The emission speed of the linear-time issue on the GPU machine, in one call: builds this tree's
# benches (and those of an earlier tree, with BASE_SRC), tells what the host's CPU is, then
#   1. emit_ratio.py: every bundled kernel's emit beside the Python frontend's make_ir, rounds
#      interleaved (ratios, and this tree against the base);
#   2. this tree's tritonc_bench --phases: where an emit's time goes (build, verify, print);
#   3. tritonc_bench_scaling: ROUNDS rounds, this tree's and the base's in turn (the slopes).
# Everything goes to $OUT/emit_ratio.log.
#
#   OUT=/some/dir [BASE_SRC=dir of an earlier tree's sources] tests/gpu/emit_ratio.sh [NAME...]
#   tests/gpu/emit_ratio.sh --dry-run     # anywhere: the scripts' syntax, nothing built or run
#
# Every measurement runs on one CPU (taskset, where there is one), Python's and ours alike.
#
# Environment: OUT (default ./gpu-out), BASE_SRC (none: this tree alone), ROUNDS (default 3),
# BUILD_DIR (default /tmp/tritonc-ratio-build; the base's beside it, with -base), PYTHON, CPU
# (default 2: the one to run on).
set -u
cd "$(dirname "$0")/../.."
if [ "${1:-}" = "--dry-run" ]; then
    bash -n "$0" && python3 -c 'import ast, sys; ast.parse(open(sys.argv[1]).read())' tests/gpu/emit_ratio.py
    exit
fi
OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 1
OUT=$(cd "$OUT" && pwd)
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-ratio-build}
PYTHON=${PYTHON:-python3}
ROUNDS=${ROUNDS:-3}
PIN=()
command -v taskset >/dev/null && PIN=(taskset -c "${CPU:-2}")

build() { # source dir, build dir
    cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF >/dev/null &&
        cmake --build "$2" -j "$(nproc)" --target tritonc_bench tritonc_bench_scaling >/dev/null
}

main() {
    echo "== emit ratio: $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname)"
    echo "== host"
    lscpu | grep -E '^(Model name|CPU\(s\)|Thread|CPU max MHz|CPU MHz|L1d|L1i|L2|L3)' || true
    grep -m1 MHz /proc/cpuinfo || true
    echo "transparent huge pages: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo unknown)"
    uptime
    build . "$BUILD_DIR" || { echo "FAIL: build of this tree"; return 2; }
    local benches=(--bench "new=$BUILD_DIR/tritonc_bench")
    local scaling=("$BUILD_DIR/tritonc_bench_scaling")
    if [ -n "${BASE_SRC:-}" ]; then
        build "$BASE_SRC" "$BUILD_DIR-base" || { echo "FAIL: build of $BASE_SRC"; return 2; }
        benches+=(--bench "base=$BUILD_DIR-base/tritonc_bench")
        scaling+=("$BUILD_DIR-base/tritonc_bench_scaling")
    fi
    echo "== 1. emit beside make_ir"
    ${PIN[@]+"${PIN[@]}"} "$PYTHON" tests/gpu/emit_ratio.py "${benches[@]}" --out "$OUT" "$@" || return 1
    echo "== 2. the parts of an emit"
    ${PIN[@]+"${PIN[@]}"} "$BUILD_DIR/tritonc_bench" -n 1000 --phases || return 1
    echo "== 3. scaling, $ROUNDS rounds"
    for r in $(seq "$ROUNDS"); do
        for exe in "${scaling[@]}"; do
            echo "-- round $r: $exe"
            ${PIN[@]+"${PIN[@]}"} "$exe" || return 1
        done
    done
}

main "$@" 2>&1 | tee "$OUT/emit_ratio.log"
exit "${PIPESTATUS[0]}"
