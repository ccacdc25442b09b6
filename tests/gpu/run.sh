#!/usr/bin/env bash
# Proves tritonc's output on the GPU machine, in one call: builds tritonc (Release), emits every
# bundled kernel in three forms, and runs validate.py over them; then builds tests/gpu/ops_cases.c
# (one tiny kernel per language rule) against the static library and runs validate_ops.py, which
# compares each case with its @triton.jit twin in ops_cases.py. Everything is logged to
# $OUT/validate.log, the language cases also to $OUT/validate_ops.log (files under $OUT/ops/).
# Exits non-zero if the build, an emit or any check failed (all checks still run).
#
#   OUT=/some/dir tests/gpu/run.sh [--dry-run] [validate.py options...]
#
# Environment: OUT (default ./gpu-out), BUILD_DIR (default /tmp/tritonc-gpu-build),
# TRITONC (a tritonc binary to use instead of building one), PYTHON (default python3),
# CC (default cc, for ops_cases.c), PTX_CASES (the *_cases files also compared in PTX, default
# "ports stdlib").
set -u
cd "$(dirname "$0")/../.."

OUT=${OUT:-./gpu-out}
mkdir -p "$OUT/emitted" || exit 1
OUT=$(cd "$OUT" && pwd)
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-gpu-build}
PYTHON=${PYTHON:-python3}
PTX_CASES=${PTX_CASES:-ports stdlib}
# A cache of our own: writable, and empty on a fresh machine so compile times are cache-free.
export TRITON_CACHE_DIR=${TRITON_CACHE_DIR:-/tmp/tritonc-gpu-triton-cache}

find_binary() { # name -> first executable file of that name under the build dir
    find "$BUILD_DIR" -type f -name "$1" -perm -u+x 2>/dev/null | head -n 1
}

main() {
    local failed=0
    echo "== tritonc GPU validation: $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname)"
    git log -1 --format='commit %H %s' 2>/dev/null || echo "commit: (none)"
    command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader

    echo "== build ($BUILD_DIR, Release)"
    if [ -n "${TRITONC:-}" ]; then
        echo "using TRITONC=$TRITONC (no build; tritonc_bench looked for beside it)"
        BUILD_DIR=$(dirname "$TRITONC")
    else
        # No unit tests here (they need cmocka); warnings are CI's business, not this gcc's.
        cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF \
            -DTRITONC_WERROR=OFF || return 2
        if ! cmake --build "$BUILD_DIR" -j "$(nproc)"; then
            echo "BUILD FAILED for some target; retrying with the tritonc target alone"
            failed=1
            cmake --build "$BUILD_DIR" -j "$(nproc)" --target tritonc || return 2
        fi
        TRITONC=$(find_binary tritonc)
    fi
    if [ -z "${TRITONC:-}" ] || [ ! -x "$TRITONC" ]; then
        echo "FAIL: no tritonc binary found"
        return 2
    fi

    echo "== emit ($TRITONC -> $OUT/emitted)"
    "$TRITONC" list >"$OUT/list.txt" || { echo "FAIL: tritonc list"; return 2; }
    cat "$OUT/list.txt"
    # One kernel per line, name first; lines starting with whitespace or '#' are not kernels.
    local names
    names=$(awk '/^[^[:space:]#]/ { print $1 }' "$OUT/list.txt")
    [ -n "$names" ] || { echo "FAIL: tritonc list names no kernel"; return 2; }
    local k form file
    for k in $names; do
        for form in pretty generic loc; do
            case $form in
                pretty)  file=$OUT/emitted/$k.ttir;         set -- --no-loc ;;
                generic) file=$OUT/emitted/$k.generic.ttir; set -- --generic --no-loc ;;
                loc)     file=$OUT/emitted/$k.loc.ttir;     set -- ;;
            esac
            if ! "$TRITONC" emit "$k" "$@" >"$file"; then
                echo "FAIL: tritonc emit $k $*"
                rm -f "$file"
                failed=1
            fi
        done
    done

    echo "== validate"
    "$PYTHON" -u tests/gpu/validate.py --list "$OUT/list.txt" --emitted "$OUT/emitted" \
        --out "$OUT" --build "$BUILD_DIR" ${ARGS[@]+"${ARGS[@]}"} || failed=1

    echo "== language cases (also in $OUT/validate_ops.log)"
    language_cases 2>&1 | tee "$OUT/validate_ops.log"
    [ "${PIPESTATUS[0]}" -eq 0 ] || failed=1

    # softmax and matmul on the H200 against torch, timed against the Python originals.
    if grep -q '^softmax' "$OUT/list.txt" && grep -q '^matmul' "$OUT/list.txt" && ! is_dry_run; then
        echo "== softmax and matmul (also in $OUT/run_kernels.log)"
        "$PYTHON" -u tests/gpu/run_kernels.py --tritonc "$TRITONC" --out "$OUT" 2>&1 | tee "$OUT/run_kernels.log"
        [ "${PIPESTATUS[0]}" -eq 0 ] || failed=1
    fi
    # The compile step: our PTX equals the JIT's for a specialization of three kernels; cold compile times.
    echo "== compile step (also in $OUT/compile_check.log)"
    "$PYTHON" -u tests/gpu/compile_check.py --tritonc "$TRITONC" --out "$OUT/compile_check" \
        $(is_dry_run && echo --dry-run) 2>&1 | tee "$OUT/compile_check.log"
    [ "${PIPESTATUS[0]}" -eq 0 ] || failed=1
    return $failed
}

is_dry_run() {
    local a
    for a in ${ARGS[@]+"${ARGS[@]}"}; do
        [ "$a" = --dry-run ] && return 0
    done
    return 1
}

# Each tests/gpu/NAME_cases.c (ops_cases.c, and one per area of the language), built against the
# static library (no CMake target: CI has no use for them), writes one TTIR per case into
# $OUT/NAME/emitted; validate_ops.py compares each with Triton's make_ttir of its Python twin in
# tests/gpu/NAME_cases.py. Whole diffs and both sides' TTIR go to $OUT/NAME/.
language_cases() {
    local lib cc=${CC:-cc} status=0 dry=() ptx a src name dir
    lib=$(find "$BUILD_DIR" -type f -name libtritonc.a 2>/dev/null | head -n 1)
    if [ -z "$lib" ]; then
        echo "FAIL: no libtritonc.a under $BUILD_DIR (the cases link the static library)"
        return 1
    fi
    for a in ${ARGS[@]+"${ARGS[@]}"}; do
        [ "$a" = --dry-run ] && dry=(--dry-run)
    done
    for src in tests/gpu/*_cases.c; do
        name=$(basename "$src" .c)
        dir=$OUT/${name%_cases}
        [ "$name" = ops_cases ] && dir=$OUT/ops
        echo "-- $name"
        echo "$cc -std=c11 -O1 -Iinclude $src $lib -lm -o $BUILD_DIR/$name"
        if ! "$cc" -std=c11 -O1 -Iinclude "$src" "$lib" -lm -o "$BUILD_DIR/$name"; then
            echo "FAIL: $src did not compile"
            status=1
            continue
        fi
        rm -rf "$dir"
        mkdir -p "$dir/emitted" || return 1
        "$BUILD_DIR/$name" --list >"$dir/list.txt" || { echo "FAIL: $name --list"; status=1; continue; }
        # Its per-case lines go to a file; shown here: the cases that did not do as expected, the count.
        "$BUILD_DIR/$name" "$dir/emitted" >"$dir/$name.log" 2>&1 || status=1
        grep -v -e ' emitted$' -e ' failed as expected: ' "$dir/$name.log"
        # The ports of real kernels and the standard library's functions are also compared in PTX
        # (lowering every case would take minutes: equal make_ttir text lowers to equal PTX).
        ptx=()
        case " $PTX_CASES " in *" ${name%_cases} "*) ptx=(--ptx) ;; esac
        "$PYTHON" -u tests/gpu/validate_ops.py --cases "tests/gpu/$name.py" --emitted "$dir/emitted" \
            --list "$dir/list.txt" --out "$dir" ${ptx[@]+"${ptx[@]}"} ${dry[@]+"${dry[@]}"} || status=1
    done
    return $status
}

ARGS=("$@")
main 2>&1 | tee "$OUT/validate.log"
rc=${PIPESTATUS[0]}
echo "run.sh exit status: $rc" | tee -a "$OUT/validate.log"
exit "$rc"
