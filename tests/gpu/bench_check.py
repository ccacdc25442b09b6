"""The Python side of tests/gpu/bench_check.sh: the Python original of the bundled vector_add
(kernels/features/vector_add.py, BLOCK_SIZE 1024) on N float32 elements, timed by
triton.testing.do_bench with its defaults (warmup=25, rep=100, return_mode="mean"), and with
quantiles for the median and the 20th and 80th percentiles. Prints one line:

    RESULT do_bench vector_add n=N mean MS median MS p20 MS p80 MS
"""
import importlib.util
import os
import sys

import torch
import triton


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 24
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    spec = importlib.util.spec_from_file_location("vector_add_py", os.path.join(root, "kernels", "features", "vector_add.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    x = (torch.arange(n, device="cuda", dtype=torch.int64) % 1000).to(torch.float32)
    y = torch.full((n,), 0.5, device="cuda", dtype=torch.float32)
    out = torch.empty_like(x)
    grid = (triton.cdiv(n, 1024),)

    def run():
        mod.vector_add[grid](x, y, out, n, BLOCK_SIZE=1024)

    mean = triton.testing.do_bench(run)
    median, p20, p80 = triton.testing.do_bench(run, quantiles=[0.5, 0.2, 0.8])
    if not torch.equal(out, x + y):
        print("bench_check.py: wrong sums", file=sys.stderr)
        return 1
    print("RESULT do_bench vector_add n=%d mean %.6f median %.6f p20 %.6f p80 %.6f" % (n, mean, median, p20, p80))
    return 0


if __name__ == "__main__":
    sys.exit(main())
