#!/usr/bin/env bash
# The CUDA runtime on N GPUs and its collectives through NCCL (issue 32), in one call (a few
# minutes): tests/gpu/multi_gpu.c launches the bundled vector_add on every device on a stream of
# its own (from one thread, then from a thread per device) and checks each, checks the results
# of tc_all_reduce, tc_all_gather, tc_reduce_scatter, tc_all_to_all and tc_all_reduce_rank, and
# times all-reduce at 1, 8, 64 and 256 MiB per rank; then, when torch is there,
# tests/gpu/multi_gpu_torch.py times torch.distributed's all_reduce the same way on the same GPUs
# (N processes, NCCL backend). The table of both goes to $OUT/multi_gpu.log, beside every line
# the programs printed. N = 1 runs too (the collectives are then copies). Builds what it needs
# itself (cmake, Release) under $BUILD_DIR.
#
#   OUT=/some/dir tests/gpu/multi_gpu.sh [N] | --dry-run
#
# N: the GPUs to use (default: all, from `nvidia-smi -L`, else the driver's count). NCCL:
# $TRITONC_LIBNCCL if set, else torch's (the nvidia-nccl-cu12 wheel's libnccl.so.2, so that both
# sides run the same NCCL), else the system's libnccl.so.2.
# Environment: OUT (default ./gpu-out), BUILD_DIR (default /tmp/tritonc-multi-gpu-build), PYTHON
# (default python3: the one with triton and torch), CC (default cc), MAX_BYTES (the largest size
# timed, default 268435456). Exit status: 0 every check passed, 1 a check failed, 2 the build
# failed or the runtime or NCCL could not start.
set -u -o pipefail
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-python3}
CC=${CC:-cc}

if [ "${1:-}" = "--dry-run" ]; then
    bash -n "$0" || exit 1
    "$CC" -std=c11 -Wall -Wextra -Werror -fsyntax-only tests/gpu/multi_gpu.c -I include -I kernels || exit 1
    if command -v "$PYTHON" >/dev/null; then
        "$PYTHON" -m py_compile tests/gpu/multi_gpu_torch.py || exit 1
    fi
    echo "multi_gpu.sh: dry run ok"
    exit 0
fi

OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-multi-gpu-build}
MAX_BYTES=${MAX_BYTES:-268435456}
export TRITONC_PYTHON=$(command -v "$PYTHON")
export TRITONC_CACHE_DIR=${TRITONC_CACHE_DIR:-/tmp/tritonc-multi-gpu-cache}
LOG="$OUT/multi_gpu.log"

N=${1:-}
if [ -z "$N" ] && command -v nvidia-smi >/dev/null; then
    N=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
fi
[ -n "$N" ] && [ "$N" -ge 1 ] 2>/dev/null || N=0 # 0: multi_gpu takes the driver's count

if [ -z "${TRITONC_LIBNCCL:-}" ]; then
    lib=$("$PYTHON" -c 'import os, nvidia.nccl as m; print(os.path.join(list(m.__path__)[0], "lib", "libnccl.so.2"))' 2>/dev/null)
    [ -n "$lib" ] && [ -f "$lib" ] ||
        lib=$("$PYTHON" -c 'import glob, os, sys; print(next(iter(sorted(f for p in sys.path for f in glob.glob(os.path.join(p, "nvidia", "nccl", "lib", "libnccl.so.2")))), ""))' 2>/dev/null)
    [ -n "$lib" ] && [ -f "$lib" ] || lib=$(ldconfig -p 2>/dev/null | awk '/libnccl\.so\.2 / { print $NF; exit }')
    [ -n "$lib" ] && export TRITONC_LIBNCCL="$lib"
fi

{
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF &&
        cmake --build "$BUILD_DIR" -j "$(nproc)" --target tritonc_cuda_static tritonc_kernels tritonc_static &&
        "$CC" -std=c11 -O2 -o "$BUILD_DIR/multi_gpu" tests/gpu/multi_gpu.c -I include -I kernels \
            "$BUILD_DIR/libtritonc_kernels.a" "$BUILD_DIR/libtritonc_cuda.a" "$BUILD_DIR/libtritonc.a" \
            -ldl -lpthread -lm
} >"$OUT/multi_gpu_build.log" 2>&1 || {
    tail -n 20 "$OUT/multi_gpu_build.log"
    exit 2
}

{
    command -v nvidia-smi >/dev/null && nvidia-smi -L
    echo "NCCL for tritonc: ${TRITONC_LIBNCCL:-libnccl.so.2, found by the dynamic loader}"
} | tee "$LOG"
"$BUILD_DIR/multi_gpu" "$N" "$MAX_BYTES" 2>&1 | tee "$OUT/multi_gpu_c.log"
rc=${PIPESTATUS[0]}
cat "$OUT/multi_gpu_c.log" >>"$LOG"
[ "$N" -ge 1 ] || N=$(awk '/^multi_gpu: [0-9]+ device/ { print $2; exit }' "$OUT/multi_gpu_c.log")

: >"$OUT/multi_gpu_torch.log"
if [ -n "$N" ] && "$PYTHON" -c 'import torch, torch.distributed; assert torch.cuda.is_available()' 2>/dev/null; then
    "$PYTHON" tests/gpu/multi_gpu_torch.py "$N" "$MAX_BYTES" 2>&1 | tee "$OUT/multi_gpu_torch.log"
    cat "$OUT/multi_gpu_torch.log" >>"$LOG"
else
    echo "torch with CUDA not found: no torch.distributed column" | tee -a "$LOG"
fi

# The table: tritonc's all-reduce beside torch's, per size (time per call, bus bandwidth).
awk -v n="${N:-?}" '
    function field(w,   i) { for (i = 1; i <= NF; i++) if (index($i, w "=") == 1) return substr($i, length(w) + 2); return "" }
    /^RESULT tritonc_allreduce/ { b = field("bytes"); sizes[b] = 1; ct[b] = field("time_us"); cb[b] = field("busbw_GBps") }
    /^RESULT torch_allreduce/ { b = field("bytes"); sizes[b] = 1; tt[b] = field("time_us"); tb[b] = field("busbw_GBps") }
    END {
        printf "\nall-reduce, float32, %s GPU(s): time per call (us) and bus bandwidth 2(N-1)/N * bytes / time (GB/s)\n", n
        printf "| %10s | %12s | %13s | %12s | %13s | %14s |\n", "MiB/rank", "tritonc us", "tritonc GB/s", "torch us", "torch GB/s", "tritonc/torch"
        printf "| %10s | %12s | %13s | %12s | %13s | %14s |\n", "---", "---", "---", "---", "---", "---"
        m = 0
        for (b in sizes) keys[++m] = b + 0
        for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (keys[j] < keys[i]) { t = keys[i]; keys[i] = keys[j]; keys[j] = t }
        for (i = 1; i <= m; i++) {
            b = keys[i] ""
            ratio = (ct[b] != "" && tt[b] != "" && tt[b] > 0) ? sprintf("%.3f", ct[b] / tt[b]) : "-"
            printf "| %10g | %12s | %13s | %12s | %13s | %14s |\n", b / 1048576, ct[b] == "" ? "-" : ct[b],
                   cb[b] == "" ? "-" : cb[b], tt[b] == "" ? "-" : tt[b], tb[b] == "" ? "-" : tb[b], ratio
        }
    }' "$OUT/multi_gpu_c.log" "$OUT/multi_gpu_torch.log" | tee -a "$LOG"
grep '^RESULT' "$OUT/multi_gpu_c.log" >"$OUT/multi_gpu_summary.txt"
exit "$rc"
