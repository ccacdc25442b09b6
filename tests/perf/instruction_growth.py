#!/usr/bin/env python3
"""Emission takes linear time: the instructions per unit of every scaling shape stay constant.

    instruction_growth.py [--max-exponent E] [--sizes A,B,C] BENCH_SCALING [SHAPE...]

For each shape of tritonc_bench_scaling (or those named), builds the kernel once at each size
(`--once N SHAPE`) under valgrind (cachegrind without its cache simulation: it counts the
instructions a run executes, which caches, the machine's speed and its load do not change) and
takes the marginal cost per unit over each step: (I(b) - I(a)) / (b - a), so that the process's
own start-up cancels out. A cost of c * n^k grows by (b/a)^(k-1) from one step to the next one of
the same ratio, so each shape's exponent is k = 1 + log(c2 / c1) / log(ratio): 1 for linear
growth, 2 for quadratic. It prints a row per shape and fails (exit 1) when an exponent is over
--max-exponent (default 1.05): a super-linear term came back. Exit 77 (skipped) without valgrind.

Time, unlike instructions, also grows with the caches a big kernel leaves: that is the slope
tritonc_bench_scaling prints (docs/performance.md).
"""
import argparse
import math
import re
import shutil
import subprocess
import sys


def instructions(bench, n, shape):
    r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                        bench, "--once", str(n), shape], capture_output=True, text=True, timeout=600)
    m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
    if r.returncode != 0 or m is None:
        raise RuntimeError(f"{bench} --once {n} {shape} under valgrind: exit {r.returncode}\n{r.stdout}{r.stderr}")
    return int(m.group(1).replace(",", ""))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-exponent", type=float, default=1.05)
    ap.add_argument("--sizes", default="1000,10000,100000", help="three sizes, each the same ratio above the last")
    ap.add_argument("bench")
    ap.add_argument("shapes", nargs="*")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if len(sizes) != 3 or not 0 < sizes[0] < sizes[1] < sizes[2] or sizes[1] * sizes[1] != sizes[0] * sizes[2]:
        ap.error("--sizes: three growing sizes, each the same ratio above the last (e.g. 1000,10000,100000)")
    if shutil.which("valgrind") is None:
        print("instruction_growth: skipped: no valgrind")
        return 77
    shapes = args.shapes
    if not shapes:  # every shape, as the bench names them
        listing = subprocess.run([args.bench, "--once", "1"], capture_output=True, text=True, check=True).stdout
        shapes = [line.split()[0] for line in listing.splitlines() if line.strip()]
    ratio = sizes[1] / sizes[0]
    print(f"{'shape':24} {'instr/unit ' + str(sizes[0]) + '..' + str(sizes[1]):>24} "
          f"{'instr/unit ' + str(sizes[1]) + '..' + str(sizes[2]):>26} {'exponent':>9}")
    failed = []
    for shape in shapes:
        i0, i1, i2 = (instructions(args.bench, n, shape) for n in sizes)
        c1 = (i1 - i0) / (sizes[1] - sizes[0])
        c2 = (i2 - i1) / (sizes[2] - sizes[1])
        k = 1 + math.log(c2 / c1) / math.log(ratio)
        print(f"{shape:24} {c1:24.0f} {c2:26.0f} {k:9.3f}", flush=True)
        if k > args.max_exponent:
            failed.append(f"{shape} ({k:.3f})")
    if failed:
        print(f"FAIL: instructions grow faster than n^{args.max_exponent}: {', '.join(failed)}")
        return 1
    print(f"every shape within n^{args.max_exponent}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
