#!/usr/bin/env bash
# The parallel layers of issue 32 (tests/gpu/parallel_layers.h: a tensor-parallel MoE, an
# expert-parallel MoE and a tensor-parallel attention, made of bundled kernels) on 1, 2, 4 and 8
# GPUs (up to the GPUs present), in one call: parallel_layers runs each on the CUDA path
# (tritonc/cuda.h + tritonc/nccl.h) and the XLA path (a sharded StableHLO program through PJRT;
# skipped without a plugin), checks every result against the one-GPU run of the same layer and
# times it; then parallel_layers_torch.py times the same layers with torch and
# torch.distributed (NCCL) on the same GPUs, when torch is there. Builds what it needs itself
# (cmake, Release) under $BUILD_DIR. Logs: $OUT/parallel_layers.log (everything and the table),
# $OUT/parallel_layers_summary.txt (the RESULT lines).
#
#   OUT=/some/dir tests/gpu/parallel_layers.sh [MAXDEV] | --dry-run
#
# Environment: OUT (default ./gpu-out), BUILD_DIR (default /tmp/tritonc-parallel-build), PYTHON
# (default python3: the one with triton, torch and jax's CUDA plugin), CC (default cc), ITERS
# (timed runs per layer, default 20), TRITONC_LIBNCCL and TRITONC_PJRT_PLUGIN (as multi_gpu.sh
# and the examples find them). Exit status: 0 every check passed, 1 a check failed, 2 the build
# failed or the CUDA runtime could not start.
set -u -o pipefail
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-python3}
CC=${CC:-cc}
SOURCES="tests/gpu/parallel_layers.c tests/gpu/parallel_cuda.c tests/gpu/parallel_xla.c tests/gpu/parallel_hlo.c tests/gpu/parallel_data.c"

if [ "${1:-}" = "--dry-run" ]; then
    bash -n "$0" || exit 1
    for f in $SOURCES; do
        "$CC" -std=c11 -Wall -Wextra -Werror -fsyntax-only "$f" -I include -I kernels -I tests/gpu || exit 1
    done
    if command -v "$PYTHON" >/dev/null; then
        "$PYTHON" -m py_compile tests/gpu/parallel_layers_torch.py || exit 1
    fi
    echo "parallel_layers.sh: dry run ok"
    exit 0
fi

OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-parallel-build}
ITERS=${ITERS:-20}
export TRITONC_PYTHON=$(command -v "$PYTHON")
export TRITONC_CACHE_DIR=${TRITONC_CACHE_DIR:-/tmp/tritonc-parallel-cache}
LOG="$OUT/parallel_layers.log"

N=${1:-}
if [ -z "$N" ] && command -v nvidia-smi >/dev/null; then
    N=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
fi
[ -n "$N" ] && [ "$N" -ge 1 ] 2>/dev/null || N=0 # 0: parallel_layers takes the driver's count

if [ -z "${TRITONC_LIBNCCL:-}" ]; then # torch's NCCL, so that both columns run the same one
    lib=$("$PYTHON" -c 'import os, nvidia.nccl as m; print(os.path.join(list(m.__path__)[0], "lib", "libnccl.so.2"))' 2>/dev/null)
    [ -n "$lib" ] && [ -f "$lib" ] || lib=$(ldconfig -p 2>/dev/null | awk '/libnccl\.so\.2 / { print $NF; exit }')
    [ -n "$lib" ] && export TRITONC_LIBNCCL="$lib"
fi

{
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF &&
        cmake --build "$BUILD_DIR" -j "$(nproc)" --target tritonc_cuda_static tritonc_kernels tritonc_pjrt_static \
            tritonc_hlo_static tritonc_static &&
        # shellcheck disable=SC2086
        "$CC" -std=c11 -O2 -o "$BUILD_DIR/parallel_layers" $SOURCES -I include -I kernels -I tests/gpu \
            "$BUILD_DIR/libtritonc_kernels.a" "$BUILD_DIR/libtritonc_pjrt.a" "$BUILD_DIR/libtritonc_hlo.a" \
            "$BUILD_DIR/libtritonc_cuda.a" "$BUILD_DIR/libtritonc.a" -ldl -lpthread -lm
} >"$OUT/parallel_layers_build.log" 2>&1 || {
    tail -n 20 "$OUT/parallel_layers_build.log"
    exit 2
}

{
    command -v nvidia-smi >/dev/null && nvidia-smi -L
    echo "NCCL for tritonc: ${TRITONC_LIBNCCL:-libnccl.so.2, found by the dynamic loader}"
} | tee "$LOG"
"$BUILD_DIR/parallel_layers" "$N" "$ITERS" 2>&1 | tee "$OUT/parallel_layers_c.log"
rc=${PIPESTATUS[0]}
cat "$OUT/parallel_layers_c.log" >>"$LOG"
[ "$N" -ge 1 ] || N=$(awk '/^parallel_layers: [0-9]+ device/ { print $2; exit }' "$OUT/parallel_layers_c.log")

: >"$OUT/parallel_layers_torch.log"
if [ -n "$N" ] && "$PYTHON" -c 'import torch, torch.distributed; assert torch.cuda.is_available()' 2>/dev/null; then
    "$PYTHON" tests/gpu/parallel_layers_torch.py "$N" "$ITERS" 2>&1 | tee "$OUT/parallel_layers_torch.log"
    cat "$OUT/parallel_layers_torch.log" >>"$LOG"
else
    echo "torch with CUDA not found: no torch.distributed column" | tee -a "$LOG"
fi

# The table: per layer and device count, the time per layer of each path and torch's.
awk '
    function field(w,   i) { for (i = 1; i <= NF; i++) if (index($i, w "=") == 1) return substr($i, length(w) + 2); return "" }
    /^RESULT torch / { k = $3 " " field("ndev"); keys[k] = 1; torch[k] = field("time_us"); next }
    /^RESULT xla_/ { l = substr($2, 5); k = l " " field("ndev"); keys[k] = 1; xla[k] = field("time_us") " " $4; next }
    /^RESULT / { k = $2 " " field("ndev"); keys[k] = 1; cuda[k] = field("time_us") " " $4 }
    END {
        printf "\ntime per layer (us) and check, by layer and GPUs\n"
        printf "| %-8s | %4s | %16s | %16s | %10s |\n", "layer", "GPUs", "tritonc CUDA", "tritonc XLA", "torch"
        printf "| %-8s | %4s | %16s | %16s | %10s |\n", "---", "---", "---", "---", "---"
        m = 0
        for (k in keys) list[++m] = k
        for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) {
            split(list[i], a, " "); split(list[j], b, " ")
            if (a[1] > b[1] || (a[1] == b[1] && a[2] + 0 > b[2] + 0)) { t = list[i]; list[i] = list[j]; list[j] = t }
        }
        for (i = 1; i <= m; i++) {
            split(list[i], a, " ")
            printf "| %-8s | %4s | %16s | %16s | %10s |\n", a[1], a[2], cuda[list[i]] == "" ? "-" : cuda[list[i]],
                   xla[list[i]] == "" ? "-" : xla[list[i]], torch[list[i]] == "" ? "-" : torch[list[i]]
        }
    }' "$OUT/parallel_layers_c.log" "$OUT/parallel_layers_torch.log" | tee -a "$LOG"
grep '^RESULT' "$OUT/parallel_layers_c.log" "$OUT/parallel_layers_torch.log" -h >"$OUT/parallel_layers_summary.txt"
exit "$rc"
