#!/usr/bin/env bash
# Nsight Compute on model kernels that miss their issue-31 target, one ncu run per target: the
# speed-of-light, occupancy, launch, memory, compute and warp-state sections of ours (tritonc's
# TTIR compiled by Triton) on one case. Clocks are left alone (--clock-control none), as the GPU
# machine's notes ask.
#
#   OUT=/some/dir tests/gpu/profile.sh KERNEL:CONFIG[:CASE] ...
#   tests/gpu/profile.sh --dry-run
#
# Writes $OUT/profile.log (every target's report, text). Exit status: 0 every target profiled,
# 1 one failed, 2 the build failed.
set -u
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-python3}
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-profile-build}
if [ "${1:-}" = "--dry-run" ]; then
    bash -n "$0" || exit 1
    command -v "$PYTHON" >/dev/null || { echo "profile.sh: dry run skipped: no $PYTHON"; exit 77; }
    PYTHONDONTWRITEBYTECODE=1 "$PYTHON" tests/gpu/profile.py --dry-run || exit 1
    echo "profile.sh: dry run ok"
    exit 0
fi
[ $# -gt 0 ] || { echo "usage: OUT=DIR tests/gpu/profile.sh KERNEL:CONFIG[:CASE] ..." >&2; exit 2; }
OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 2
export TRITON_CACHE_DIR=/tmp/tritonc-profile-triton-cache
NCU=${NCU:-$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | tail -n 1)}
{
    echo "== tritonc profile: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    [ -n "$NCU" ] || { echo "FAIL: no ncu"; exit 1; }
    echo "== ncu: $NCU"
    if ! { cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF >/dev/null &&
        cmake --build "$BUILD_DIR" -j "$(nproc)" --target tritonc >/dev/null; }; then
        echo "FAIL: the build failed"
        exit 2
    fi
    rc=0
    for target in "$@"; do
        echo "== $target"
        "$NCU" --clock-control none --nvtx --nvtx-include "profile/" \
            --section SpeedOfLight --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis \
            --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats \
            "$PYTHON" -u tests/gpu/profile.py --tritonc "$BUILD_DIR/tritonc" --target "$target" || rc=1
    done
    echo "== profile.sh exit status $rc"
    exit $rc
} >"$OUT/profile.log" 2>&1
rc=$?
grep -E "^==|profile.py:|Duration|Memory Throughput|Compute \(SM\) Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Stall|FAIL" "$OUT/profile.log" | head -n 200
exit $rc
