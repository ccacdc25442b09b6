#!/usr/bin/env bash
# Issue 28 on the GPU machine, in one call (about 4 minutes): your own kernels, from source to a
# shipped program, from the installed package. Builds tritonc (Release) and installs it into a
# prefix under /tmp, copies a consumer project (tests/gpu/own_kernels/) and the kernels to a
# folder outside the tree, as a user would have them, then:
#   (a) the two user kernels of tests/cli/user_kernels/ (add_rmsnorm.c, matmul_bias_gelu.cpp):
#       emitted and interpreted by the installed tritonc (--from), compiled and embedded by
#       tritonc_add_kernels, launched from a C program (own_c) and a C++20 one (own_cxx) with
#       compiling off and no Python, checked against the CPU (max error, PASS/FAIL);
#   (b) the stale variant: the program rebuilt from an edited add_rmsnorm (its Y doubled) with
#       the variants embedded before (no re-embedding): with compiling off it must refuse, naming
#       the kernel and the command that builds the variant; with compiling on it must recompile
#       and compute the doubled Y;
#   (c) the bundled fp16 matmul (a copy) autotuned at build time, on this GPU, at 4096^3 and
#       8192^3 (tritonc_add_kernels ... AUTOTUNE), its winners embedded with their table; the
#       program launches the winner inside a CUDA graph (TFLOP/s, and as do_bench times it)
#       beside torch.matmul timed the same two ways.
# (c) runs first, right after the consumer project is configured, then (a)'s programs and (b):
# where the call's time runs short, the timings are what a cut run must not lose.
# Logs: $OUT/own_kernels.log (the steps and the summary table) and $OUT/STEP.log per step, the
# table of winners in $OUT/matmul.table; builds, caches and inputs under $WORK (/tmp). Exit
# status: 0 every check passed, 1 one failed, 2 the build of tritonc failed.
#
#   OUT=/some/dir tests/gpu/own_kernels.sh [--dry-run]
#
# Environment: OUT (default ./gpu-out), WORK (default /tmp/tritonc-own-kernels), PYTHON (default
# python3: the one with triton and torch), NO_BUILD=1 (use the tritonc installed in $PREFIX,
# default $WORK/prefix); for a rehearsal without a GPU, TRITONC_COMPILER (a stand-in compiler) and
# TRITONC_LIBCUDA (a fake driver) are passed on (the results are then wrong, the flow is checked).
set -u
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
PYTHON=${PYTHON:-python3}

if [ "${1:-}" = "--dry-run" ]; then
    bash -n "$0" || exit 1
    if command -v "$PYTHON" >/dev/null; then
        "$PYTHON" -m py_compile tests/gpu/own_kernels/torch_matmul.py || exit 1
    fi
    for f in tests/cli/user_kernels/add_rmsnorm.c tests/cli/user_kernels/matmul_bias_gelu.cpp \
        kernels/models/matmul.c tests/gpu/own_kernels/CMakeLists.txt; do
        [ -f "$f" ] || { echo "own_kernels.sh: missing $f"; exit 1; }
    done
    grep -q 'tl_mul(tl_mul(h, rms), w)' tests/cli/user_kernels/add_rmsnorm.c ||
        { echo "own_kernels.sh: add_rmsnorm.c no longer has the line the stale case edits"; exit 1; }
    echo "own_kernels.sh: dry run ok (syntax, inputs)"
    exit 0
fi

OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
WORK=${WORK:-/tmp/tritonc-own-kernels}
BUILD_DIR=${BUILD_DIR:-$WORK/tritonc-build}
PREFIX=${PREFIX:-$WORK/prefix}
PROJECT=$WORK/project # the user's folder: the consumer project and its kernels/
PBUILD=$WORK/project-build
LOG=$OUT/own_kernels.log
JOBS=$(nproc 2>/dev/null || echo 4)
mkdir -p "$WORK" || exit 2
rm -rf "$PROJECT" "$PBUILD" "$WORK/cache" "$WORK/cache-jit" "$WORK/empty-cache" "$WORK/triton-cache" "$WORK/stale"
mkdir -p "$WORK/empty-cache" "$WORK/stale"
export TRITONC_PYTHON=${TRITONC_PYTHON:-$(command -v "$PYTHON")}
export TRITONC_CACHE_DIR=$WORK/cache # the build's compiles (fresh: cold numbers are cold)
export TRITON_CACHE_DIR=$WORK/triton-cache
FAILED=0
T0=$(date +%s)
: >"$LOG"

say() { echo "$*" | tee -a "$LOG"; }

# step NAME CMD...: runs CMD with its output in $OUT/NAME.log; prints its RESULT lines.
step() {
    local name=$1 t=$(date +%s) rc
    shift
    "$@" >"$OUT/$name.log" 2>&1
    rc=$?
    printf '== %-22s rc=%d %4ds  (%s)\n' "$name" "$rc" "$(($(date +%s) - t))" "$OUT/$name.log" | tee -a "$LOG"
    grep '^RESULT' "$OUT/$name.log" | sed 's/^/   /' | tee -a "$LOG"
    if [ "$rc" -ne 0 ]; then
        tail -n 12 "$OUT/$name.log" | sed 's/^/   | /' | tee -a "$LOG"
    fi
    return "$rc"
}

# The summary: one row per check.
ROWS=()
row() { ROWS+=("$(printf '%-44s %-5s %s' "$1" "$2" "$3")"); [ "$2" = PASS ] || FAILED=1; }

{
    echo "== tritonc: your own kernels, from source to a shipped program: $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname)"
    git log -1 --format='commit %H %s' 2>/dev/null || true
    command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
    "$PYTHON" -c 'import triton, torch; print("triton", triton.__version__, "torch", torch.__version__)' 2>&1
} | tee -a "$LOG" "$OUT/environment.log"

# The device's compute capability (90 for 9.0): the arch the variants are compiled for.
ARCH=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d '. ')
if ! [[ "$ARCH" =~ ^[0-9]+$ ]]; then
    ARCH=$("$PYTHON" -c 'import torch; a, b = torch.cuda.get_device_capability(); print(a * 10 + b)' 2>/dev/null)
fi
[[ "$ARCH" =~ ^[0-9]+$ ]] || ARCH=90
say "device arch: $ARCH"

# ---- tritonc, built and installed ------------------------------------------------------------
build_install() {
    cmake -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF &&
        cmake --build "$BUILD_DIR" -j "$JOBS" &&
        rm -rf "$PREFIX" && cmake --install "$BUILD_DIR" --prefix "$PREFIX"
}
if [ "${NO_BUILD:-0}" != 1 ]; then
    step build_install build_install || { say "the build of tritonc failed: see $OUT/build_install.log"; exit 2; }
fi
TRITONC=$PREFIX/bin/tritonc
[ -x "$TRITONC" ] || { say "no tritonc in $PREFIX/bin"; exit 2; }
# The installed compile script (a program compiling at run time, the stale case's, finds it so).
export TRITONC_COMPILE_SCRIPT=$PREFIX/share/tritonc/triton_compile.py

# ---- the user's folder: the consumer project and the kernels, outside the tree ---------------
mkdir -p "$PROJECT/kernels"
cp tests/gpu/own_kernels/* "$PROJECT/"
cp tests/cli/user_kernels/add_rmsnorm.c tests/cli/user_kernels/matmul_bias_gelu.cpp kernels/models/matmul.c \
    "$PROJECT/kernels/"
say "the user's folder: $PROJECT (kernels/: add_rmsnorm.c matmul_bias_gelu.cpp matmul.c)"

# ---- (a) emitted, interpreted, compiled and embedded, launched from C and C++20 --------------
cli_check() {
    cd "$PROJECT" || return 1
    local k f rc=0
    for k in add_rmsnorm:kernels/add_rmsnorm.c matmul_bias_gelu:kernels/matmul_bias_gelu.cpp; do
        f=${k#*:}
        k=${k%%:*}
        echo "--- tritonc emit --from $f $k"
        "$TRITONC" emit --from "$f" "$k" >"$OUT/$k.ttir" && head -n 3 "$OUT/$k.ttir" || rc=1
        echo "--- tritonc interpret --from $f $k"
        "$TRITONC" interpret --from "$f" "$k" || rc=1
    done
    [ "$rc" = 0 ] && echo "RESULT cli emit+interpret add_rmsnorm matmul_bias_gelu PASS"
    return "$rc"
}
if step cli cli_check; then row "(a) tritonc emit, interpret --from" PASS "TTIR in \$OUT/*.ttir"; else row "(a) tritonc emit, interpret --from" FAIL "see cli.log"; fi

CONFIGURE=(cmake -S "$PROJECT" -B "$PBUILD" -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PREFIX_PATH=$PREFIX"
    "-DKERNEL_DIR=$PROJECT/kernels" "-DGPU_ARCH=$ARCH" "-DTRITONC_PYTHON=$TRITONC_PYTHON")
[ -n "${TRITONC_COMPILER:-}" ] && CONFIGURE+=("-DTRITONC_COMPILER=$TRITONC_COMPILER")
# Compiling off, no Python to run, an empty cache: every variant must come from the program.
NO_PYTHON=(env TRITONC_JIT=0 TRITONC_PYTHON=/nonexistent/python3 "TRITONC_CACHE_DIR=$WORK/empty-cache")

CONFIGURED=0
step configure "${CONFIGURE[@]}" && CONFIGURED=1

# ---- (c) the matmul tuned at build time, in a CUDA graph, beside torch.matmul ---------------
if [ "$CONFIGURED" = 1 ] && step build_matmul cmake --build "$PBUILD" -j "$JOBS" --target matmul_tuned; then
    cp "$PBUILD/tritonc_embed/matmul_tuned_variants/matmul.table" "$OUT/matmul.table"
    grep -E 'autotune: (problem|  config)' "$OUT/build_matmul.log" | tee -a "$LOG"
    step matmul_tuned "${NO_PYTHON[@]}" "$PBUILD/matmul_tuned" 4096 8192
else
    row "(c) matmul tuned at build time" FAIL "configure or build (autotuning) failed: see configure.log, build_matmul.log"
fi
if [ -z "${TRITONC_LIBCUDA:-}" ]; then
    step torch_matmul "$PYTHON" -u "$ROOT/tests/gpu/own_kernels/torch_matmul.py" 4096 8192
fi

# ---- (a) continued: the user kernels' programs, compiling off -------------------------------
if [ "$CONFIGURED" = 1 ] && step build_programs cmake --build "$PBUILD" -j "$JOBS" --target own_c own_cxx; then
    for prog in own_c own_cxx; do
        step "run_$prog" "${NO_PYTHON[@]}" "$PBUILD/$prog"
        prc=$?
        grep '^RESULT' "$OUT/run_$prog.log" | while read -r _ p k rest; do echo "$p $k $rest"; done >"$WORK/$prog.results"
        if [ ! -s "$WORK/$prog.results" ]; then
            row "(a) $prog" FAIL "no result: see run_$prog.log"
        fi
        while read -r p k rest; do
            status=${rest##* }
            lang=C
            [ "$p" = own_cxx ] && lang=C++20
            row "(a) $lang program: $k" "$status" "${rest% *}"
        done <"$WORK/$prog.results"
        [ "$prc" = 0 ] || row "(a) $prog" FAIL "exit status $prc: see run_$prog.log"
    done
else
    row "(a) C and C++20 programs" FAIL "configure or build failed: see configure.log, build_programs.log"
fi

# ---- (b) the stale variant ------------------------------------------------------------------
stale_build() {
    cp "$PBUILD/tritonc_embed/own_c_variants.c" "$WORK/stale/own_c_variants_before.c" || return 1
    # The kernel's body changes: Y doubled.
    sed -i 's/tl_mul(tl_mul(h, rms), w)/tl_mul(tl_mul(tl_mul(h, rms), w), 2.0)/' "$PROJECT/kernels/add_rmsnorm.c"
    grep -n 'tl_mul(tl_mul(tl_mul(h, rms), w), 2.0)' "$PROJECT/kernels/add_rmsnorm.c" || return 1
    # The program rebuilt from the kernels as they are now, with the variants embedded before.
    "${CONFIGURE[@]}" "-DSTALE_VARIANTS=$WORK/stale/own_c_variants_before.c" &&
        cmake --build "$PBUILD" -j "$JOBS" --target stale_c
}
stale_refused() {
    "${NO_PYTHON[@]}" "$PBUILD/stale_c"
    local rc=$?
    echo "exit status $rc"
    [ "$rc" = 2 ]
}
if step stale_build stale_build; then
    step stale_jit_off stale_refused
    msg=$(grep -m 1 'add_rmsnorm' "$OUT/stale_jit_off.log")
    if grep -q 'kernel add_rmsnorm: the variant at hand for key [1DN]* is stale (compiled from another body of the kernel: rebuild what embeds it), so it is not launched' "$OUT/stale_jit_off.log" &&
        grep -q 'build it .*with `tritonc compile add_rmsnorm ' "$OUT/stale_jit_off.log"; then
        row "(b) stale variant, compiling off" PASS "refused: ${msg:0:160}..."
    else
        row "(b) stale variant, compiling off" FAIL "not refused as expected: see stale_jit_off.log"
    fi
    # Compiling on: the edited kernel compiled now (a fresh cache), its doubled Y right.
    step stale_jit_on env TRITONC_JIT=1 "TRITONC_CACHE_DIR=$WORK/cache-jit" OWN_Y_SCALE=2 "$PBUILD/stale_c"
    src=$?
    r=$(grep '^RESULT own_c add_rmsnorm' "$OUT/stale_jit_on.log")
    status=FAIL
    [ "$src" = 0 ] && [ "${r##* }" = PASS ] && status=PASS
    row "(b) stale variant, compiling on" "$status" "recompiled, Y doubled: ${r#RESULT own_c add_rmsnorm } (exit $src)"
else
    row "(b) stale variant" FAIL "the rebuild failed: see stale_build.log"
fi

for s in 4096 8192; do
    ours=$(grep "^RESULT matmul_tuned size=$s " "$OUT/matmul_tuned.log" 2>/dev/null)
    theirs=$(grep "^RESULT torch_matmul size=$s " "$OUT/torch_matmul.log" 2>/dev/null)
    field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
    winner=$(grep -m 1 "^M=$s,N=$s,K=$s;" "$OUT/matmul.table" 2>/dev/null | cut -d'|' -f2,3 | tr -s ' ')
    if [ -n "$ours" ]; then
        row "(c) matmul ${s}^3 fp16, tuned at build time" "${ours##* }" \
            "winner [$winner] in a CUDA graph $(field "$ours" graph_tflops) TFLOP/s, do_bench $(field "$ours" bench_tflops); torch.matmul graph $(field "$theirs" graph_tflops), do_bench $(field "$theirs" bench_tflops) TFLOP/s; max rel err $(field "$ours" max_rel_err)"
    else
        row "(c) matmul ${s}^3 fp16, tuned at build time" FAIL "no result: see matmul_tuned.log"
    fi
done

say ""
say "== summary ($(($(date +%s) - T0)) s; device arch $ARCH)"
say "$(printf '%-44s %-5s %s' check result detail)"
for r in "${ROWS[@]}"; do
    say "$r"
done
say "table of winners: $OUT/matmul.table"
exit "$FAILED"
