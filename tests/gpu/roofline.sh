#!/usr/bin/env bash
# Issue 31 on the GPU machine, in one call: the memory-bound model kernels against the roofline.
# roofline.py measures this GPU's copy bandwidth, then times every memory-bound model kernel,
# config and case (ours from our TTIR, the Python twin, torch's kernel), the multi-kernel
# pipelines (the parallel moe_align_block_size, the norms' backward) and, with the time left, a
# sweep of block and warp choices; it prints one table, also $OUT/roofline.txt, with the
# fraction of the roofline (bytes over the copy bandwidth) and PASS/MISS against the targets.
#
#   OUT=/some/dir tests/gpu/roofline.sh [--kernel NAME...] [--config LABEL_PREFIX...] [--budget-s S] [--no-sweep | --sweep NAME...]
#   tests/gpu/roofline.sh --dry-run      # anywhere, python3 only: syntax and the modules' shape
#
# Writes $OUT/roofline.txt (the table) and $OUT/roofline.log (everything). Builds tritonc in
# Release under $BUILD_DIR (default /tmp/tritonc-roofline-build); TTIR and caches under /tmp.
# roofline.py is stopped ROOFLINE_TIMEOUT seconds (default 470) after this script started, so that
# a device call of 8 minutes still gets the table so far. Exit status: 0 no MISS, 1 a MISS or a
# failure, 2 the build failed; a dry run exits 77 (skipped) when there is no python3.
set -u
cd "$(dirname "$0")/../.."
NAME=roofline TITLE="tritonc roofline" GPU_QUERY=name,driver_version,clocks.max.memory TAG=roofline LIMIT_VAR=ROOFLINE_TIMEOUT DEFAULT_LIMIT=470
. tests/gpu/py_bench_driver.sh

py_bench_main "$@"
rc=$?
[ -f "$OUT/roofline.txt" ] && cat "$OUT/roofline.txt"
tail -n 3 "$OUT/roofline.log"
echo "roofline.sh exit status: $rc"
exit "$rc"
