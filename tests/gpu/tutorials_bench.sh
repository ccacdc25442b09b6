#!/usr/bin/env bash
# Issue 30 item 5 on the GPU machine, in one call: Triton 3.6's tutorials 06 (attention_tma) and 09
# (matmul_tma_persistent) as tritonc ports, against Python's own JIT launch of their twins (TTIR
# and PTX equal, outputs bit-equal), against torch (correct), and timed beside that launch,
# cuBLAS (torch.matmul) and cuDNN attention in the same run (tutorials_bench.py says how).
#
#   OUT=/some/dir tests/gpu/tutorials_bench.sh [--budget-s S]
#   tests/gpu/tutorials_bench.sh --dry-run      # anywhere, python3 only: syntax, modules, every config emitted
#
# Writes $OUT/tutorials_bench.log (everything, the summary table last) and, for a check that
# differs, both texts under $OUT/tutorials_diffs/. Builds tritonc in Release under $BUILD_DIR
# (default /tmp/tritonc-tutorials-build); TTIR and caches under /tmp. About 3 minutes on an H100;
# tutorials_bench.py is stopped TUTORIALS_TIMEOUT seconds (default 285) after this script started.
# Exit status: 0 every check passed, 1 a check failed, 2 the build failed; a dry run exits 77
# (skipped) when there is no python3.
set -u
cd "$(dirname "$0")/../.."
NAME=tutorials_bench TITLE="tritonc tutorials bench" GPU_QUERY=name,driver_version,clocks.max.sm TAG=tutorials LIMIT_VAR=TUTORIALS_TIMEOUT DEFAULT_LIMIT=285
. tests/gpu/py_bench_driver.sh

py_bench_main "$@"
rc=$?
sed -n '/^=== summary/,$p' "$OUT/tutorials_bench.log"
tail -n 2 "$OUT/tutorials_bench.log"
echo "tutorials_bench.sh exit status: $rc"
exit "$rc"
