# The shared body of roofline.sh and tutorials_bench.sh, sourced by each after it sets:
#   NAME      the script's name and its Python's: tests/gpu/$NAME.py, logs $OUT/$NAME.log
#   TAG       the name of its folders under /tmp (build, Triton's cache)
#   LIMIT_VAR the environment variable of its hard stop, DEFAULT_LIMIT that stop's default (s)
#   TITLE     the log's first line, GPU_QUERY what nvidia-smi reports of the GPU
# `py_bench_main "$@"` then does the dry run (--dry-run: syntax, the module's own dry run; 77 when
# there is no python3) or the run: build tritonc (Release, $BUILD_DIR), run the Python with the
# time left until the hard stop, its own budget ending a minute earlier so that it still prints its
# table; everything goes to $OUT/$NAME.log. Returns 0, 1 (a check failed or the stop came) or 2
# (the build failed).
PYTHON=${PYTHON:-python3}
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-$TAG-build}

py_bench_dry_run() {
    bash -n "$0" || return 1
    if ! command -v "$PYTHON" >/dev/null; then
        echo "$NAME.sh: dry run skipped: no $PYTHON"
        return 77
    fi
    export PYTHONDONTWRITEBYTECODE=1
    "$PYTHON" -c 'import sys; compile(open(sys.argv[1]).read(), sys.argv[1], "exec")' "tests/gpu/$NAME.py" || return 1
    [ -n "${TRITONC:-}" ] || [ ! -x "$BUILD_DIR/tritonc" ] || TRITONC=$BUILD_DIR/tritonc
    "$PYTHON" "tests/gpu/$NAME.py" --dry-run ${TRITONC:+--tritonc "$TRITONC"} || return 1
    echo "$NAME.sh: dry run ok"
}

py_bench_run() {
    local t0 rc limit stop=${!LIMIT_VAR:-$DEFAULT_LIMIT}
    t0=$(date +%s)
    echo "== $TITLE: $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname)"
    git log -1 --format='commit %H %s' 2>/dev/null || true
    command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu="$GPU_QUERY" --format=csv,noheader
    echo "== build ($BUILD_DIR, Release, tritonc only)"
    if ! { cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF >/dev/null &&
        cmake --build "$BUILD_DIR" -j "$(nproc)" --target tritonc >/dev/null; }; then
        echo "FAIL: the build failed"
        return 2
    fi
    echo "== build done in $(($(date +%s) - t0)) s"
    limit=$((stop - ($(date +%s) - t0)))
    [ "$limit" -ge 60 ] || limit=60
    timeout "$limit" "$PYTHON" -u "tests/gpu/$NAME.py" --tritonc "$BUILD_DIR/tritonc" --out "$OUT" \
        --budget-s $((limit - 60)) "$@"
    rc=$?
    if [ "$rc" -eq 124 ]; then
        echo "FAIL: $NAME.py was stopped after $limit s ($LIMIT_VAR=$stop s in all)"
        rc=1
    fi
    echo "== $NAME.py exit status $rc, $(($(date +%s) - t0)) s in all"
    return $rc
}

py_bench_main() {
    if [ "${1:-}" = "--dry-run" ]; then
        py_bench_dry_run
        exit $?
    fi
    OUT=${OUT:-./gpu-out}
    mkdir -p "$OUT" || exit 2
    OUT=$(cd "$OUT" && pwd)
    export TRITON_CACHE_DIR=/tmp/tritonc-$TAG-triton-cache
    py_bench_run "$@" >"$OUT/$NAME.log" 2>&1
}
