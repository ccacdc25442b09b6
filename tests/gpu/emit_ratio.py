#!/usr/bin/env python3
"""How many times faster tritonc builds a kernel than Triton's Python frontend, in one run.

    emit_ratio.py --bench LABEL=PATH [--bench LABEL=PATH ...] [--rounds R] [--out DIR] [NAME...]

First it settles: the first bench runs vector_add until two runs in a row agree within 3% (at
most --settle-s seconds), each printed: a host just started runs slower for minutes (seen: 1.5x).
Then, for every bundled kernel with a Python original (kernels/NAME.py), or the NAMEs given: R
rounds (default 6), each of which times the Python frontend's make_ir (best of 3 warm runs, as
validate.py times it: a fresh context per run, outside the timed part) and then runs every
given tritonc_bench once on that kernel (`-n 400 -w 100 NAME`, its median emit), the benches in
turn in a different order each round (no tree always runs right after Python). The rounds
interleave the sides, so a slow spell of a shared host falls on all; each keeps its best round.
It prints one row per kernel: make_ir in ms, each bench's emit in us and its ratio (make_ir /
emit), and, with two or more benches, the first against each other one (how much faster the
first tree is). Writes the table to OUT/emit_ratio.json as well.

A ratio compares two programs on one host in one run: never compare ratios of different runs
(the same code measured 145x in one session and 412x in another, on different hosts). Needs
triton 3.6 and a CUDA device (make_ir loads the NVIDIA backend); the benches need nothing.
"""
import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from kernel_files import all_kernel_pys

sys.path.insert(0, str(Path(__file__).resolve().parent))
import validate  # noqa: E402  (the Triton driver and the kernel-module loader)


def bench_us(exe, name):
    """The median emit of one kernel in microseconds, as tritonc_bench prints it."""
    r = subprocess.run([exe, "-n", "400", "-w", "100", name], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise RuntimeError(f"{exe} {name}: exit {r.returncode}: {r.stdout}{r.stderr}")
    for line in r.stdout.splitlines():
        words = line.split()
        if words and words[0] == name:
            return float(words[1]), int(words[3])
    raise RuntimeError(f"{exe} {name}: no row in its output:\n{r.stdout}")


def settle(exe, budget_s):
    """Runs vector_add until two medians in a row agree within 3%, or budget_s has passed."""
    start, last = time.monotonic(), None
    while True:
        us, _ = bench_us(exe, "vector_add")
        print(f"settling: vector_add {us:.2f} us", flush=True)
        if last is not None and abs(us - last) <= 0.03 * last:
            return
        if time.monotonic() - start > budget_s:
            print(f"settling: not steady after {budget_s:.0f} s; measuring anyway")
            return
        last = us


def print_table(best, ops, benches):
    """One row per kernel: ops, make_ir, each bench's emit and ratio, the first bench against the others."""
    first = benches[0][0]
    cells = [("kernel", 28, lambda name, row: name), ("ops", 5, lambda name, row: f"{ops.get(name, 0)}"),
             ("make_ir_ms", 10, lambda name, row: f"{row['make_ir_ms']:.3f}")]
    for label, _ in benches:
        cells.append((f"{label}_us", 12, lambda name, row, label=label: f"{row[label]:.2f}"))
        cells.append((f"{label}_ratio", 14, lambda name, row, label=label: f"{row['make_ir_ms'] * 1e3 / row[label]:.0f}x"))
    for label, _ in benches[1:]:
        cells.append((f"{first}/{label}", 14, lambda name, row, label=label: f"{row[label] / row[first]:.2f}x"))
    print(" ".join(f"{title:>{width}}" if i else f"{title:{width}}" for i, (title, width, _) in enumerate(cells)))
    for name, row in best.items():
        print(" ".join(f"{cell(name, row):>{width}}" if i else f"{cell(name, row):{width}}"
                       for i, (_, width, cell) in enumerate(cells)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", action="append", required=True, metavar="LABEL=PATH",
                    help="a tritonc_bench binary and the label of its column")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--settle-s", type=float, default=90.0)
    ap.add_argument("--out", type=Path, default=Path("gpu-out"))
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    benches = []
    for item in args.bench:
        label, sep, path = item.partition("=")
        if not sep or not label or not Path(path).is_file():
            ap.error(f"--bench {item!r}: want LABEL=PATH of an existing file")
        benches.append((label, path))
    names = args.names or [p.stem for p in all_kernel_pys()]
    tt = validate.Triton()
    modules = {}
    for name in names:
        module = validate.load_kernel_module(name)
        if module is None or not hasattr(module, name) or not hasattr(module, "SIGNATURE"):
            print(f"{name}: no Python original, skipped")
            continue
        modules[name] = module

    settle(benches[0][1], args.settle_s)
    best = {name: {"make_ir_ms": float("inf"), **{label: float("inf") for label, _ in benches}} for name in modules}
    ops = {}
    for r in range(args.rounds):
        for name, module in modules.items():
            tt.python_ir(module, name)  # warm-up
            ms = min(tt.python_ir(module, name)[1] for _ in range(3))
            best[name]["make_ir_ms"] = min(best[name]["make_ir_ms"], ms)
            k = r % len(benches)
            for label, exe in benches[k:] + benches[:k]:
                us, ops[name] = bench_us(exe, name)
                best[name][label] = min(best[name][label], us)
        print(f"round {r + 1} of {args.rounds} done", flush=True)

    print_table(best, ops, benches)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "emit_ratio.json").write_text(json.dumps({"ops": ops, "best": best}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
