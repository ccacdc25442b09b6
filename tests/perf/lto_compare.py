#!/usr/bin/env python3
"""How the kernel library is compiled against the speed of emission: builds the library in
several configurations and prints, per configuration and kernel, the instructions per op
(under valgrind, when it is installed) and the median time per emit, configurations
interleaved.

    tests/perf/lto_compare.py [--cc CC] [--root DIR] [--rounds N] [--config NAME=SRC:FLAGS]...
                              [--kernels K,...] [--shapes S,...] [--units N] [--no-valgrind]

Run from the repository root. Each configuration is a source tree and the CMake flags it is
configured with, built (tritonc_bench and tritonc_bench_scaling only, tests off) into
ROOT/NAME-CC; SRC empty means this tree. Without --config, the configurations this tree can
build (see CONFIGS below); an earlier tree (a `git worktree add` of an older commit) can be
given for the configurations it alone can build.

Instructions (cachegrind without its cache simulation; valgrind optional):
  - per bundled kernel: the difference between `tritonc_bench -n 21 -w 0 K` and `-n 1 -w 0 K`
    over 20 is one emit (build, verify, print; no locations), divided by the kernel's ops;
  - per scaling shape: (I(--once UNITS) - I(--once UNITS/10)) / (UNITS - UNITS/10), the cost of
    a unit at that size, the process's start-up cancelled out.
Time: ROUNDS rounds; in each, every configuration (their order turned by one each round) runs
`tritonc_bench -n ITER` over the kernels (its median µs per emit) and `tritonc_bench_scaling
--once UNITS` per shape; the table shows the median over the rounds and, in brackets, the best.
Needs cmake, a C compiler, python3; valgrind for the instruction counts. Timings on a loaded or
virtual machine move by several percent: compare configurations of one run only.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

# The configurations of this tree, all -O2 (-g, the default RelWithDebInfo): name, CMake flags.
# unity: the library in three translation units (TRITONC_UNITY_BUILD, the default); lto: one
# object per file, optimized again at the link (TRITONC_LTO); files: one object per file, no
# LTO. +shadows: the library calls the IR's accessors and the dtype predicates through the
# macros of src/ir/inline.h and src/builder/dtype_inline.h (the default); without (defining
# TRITONC_NO_INLINE_SHADOWS), through the exported functions.
CONFIGS = [
    ("unity+shadows", "-DTRITONC_UNITY_BUILD=ON"),
    ("lto+shadows", "-DTRITONC_UNITY_BUILD=OFF -DTRITONC_LTO=ON"),
    ("lto", "-DTRITONC_UNITY_BUILD=OFF -DTRITONC_LTO=ON -DCMAKE_C_FLAGS=-DTRITONC_NO_INLINE_SHADOWS"),
    ("files+shadows", "-DTRITONC_UNITY_BUILD=OFF"),
    ("files", "-DTRITONC_UNITY_BUILD=OFF -DCMAKE_C_FLAGS=-DTRITONC_NO_INLINE_SHADOWS"),
]
KERNELS = "vector_add,softmax,matmul,flash_attention,random_k,fused_moe"
SHAPES = "chain,loops_ifs,dot_bodies,constants,cdiv_calls,early_returns,arguments,right_nested,dot_acc,masked_with_constants"


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {r.returncode}\n{r.stdout[-4000:]}{r.stderr[-4000:]}")
    return r


def build(name, src, flags, cc, root):
    out = os.path.join(root, f"{name}-{os.path.basename(cc)}")
    src = os.path.abspath(src or ".")
    cmd = ["cmake", "-S", src, "-B", out, f"-DCMAKE_C_COMPILER={cc}", "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
           "-DTRITONC_BUILD_TESTS=OFF"] + flags.split()
    print(f"# {name}: cmake {' '.join(cmd[3:])}", file=sys.stderr, flush=True)
    run(cmd)
    run(["cmake", "--build", out, "-j", str(os.cpu_count() or 2), "--target", "tritonc_bench", "tritonc_bench_scaling"])
    return out


def instructions(cmd):
    r = run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"] + cmd, timeout=1200)
    m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
    if not m:
        raise RuntimeError(f"no instruction count from {' '.join(cmd)}\n{r.stderr[-2000:]}")
    return int(m.group(1).replace(",", ""))


def debugless(program):
    """A copy of program without its debug information, which an older valgrind may fail to
    read (clang's DWARF 5); the instructions are the same."""
    copy = os.path.join(os.path.dirname(program), "valgrind", os.path.basename(program))
    os.makedirs(os.path.dirname(copy), exist_ok=True)
    shutil.copy2(program, copy)
    if shutil.which("strip"):
        run(["strip", "--strip-debug", copy])
    return copy


def bench_rows(text):
    """{kernel: (median µs, ops)} from tritonc_bench's table."""
    rows = {}
    for line in text.splitlines():
        f = line.split()
        if len(f) >= 4 and not line.startswith(("#", "kernel")):
            rows[f[0]] = (float(f[1]), int(f[3]))
    return rows


def once_ms(text):
    m = re.search(r"([\d.]+) ms once", text)
    if not m:
        raise RuntimeError(f"no time in {text!r}")
    return float(m.group(1))


def fmt_int(x):
    return f"{x:,.0f}"


def table(title, header, rows):
    print(f"\n{title}\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for r in rows:
        print("| " + " | ".join(r) + " |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--root", default=os.path.join(tempfile.gettempdir(), "tritonc-lto-compare"),
                    help="where the builds go (one folder per configuration and compiler)")
    ap.add_argument("--config", action="append", default=[], metavar="NAME=SRC:FLAGS",
                    help="a configuration: its name, its source tree (empty: this one) and CMake flags")
    ap.add_argument("--kernels", default=KERNELS)
    ap.add_argument("--shapes", default=SHAPES)
    ap.add_argument("--units", type=int, default=10000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--iterations", type=int, default=1000, help="emits per kernel per round")
    ap.add_argument("--once-repeats", type=int, default=3, help="runs per shape per round (best kept)")
    ap.add_argument("--no-valgrind", action="store_true")
    ap.add_argument("--no-build", action="store_true", help="reuse ROOT's builds")
    args = ap.parse_args()

    configs = []
    for c in args.config:
        name, _, rest = c.partition("=")
        src, _, flags = rest.partition(":")
        configs.append((name, src, flags))
    if not configs:
        configs = [(n, "", f) for n, f in CONFIGS]
    kernels = [k for k in args.kernels.split(",") if k]
    shapes = [s for s in args.shapes.split(",") if s]
    small = args.units // 10

    builds = {}
    for name, src, flags in configs:
        out = os.path.join(args.root, f"{name}-{os.path.basename(args.cc)}")
        builds[name] = out if args.no_build else build(name, src, flags, args.cc, args.root)
    names = [c[0] for c in configs]
    bench = {n: os.path.join(builds[n], "tritonc_bench") for n in names}
    scaling = {n: os.path.join(builds[n], "tritonc_bench_scaling") for n in names}

    ops = bench_rows(run([bench[names[0]], "-n", "1", "-w", "0"] + kernels).stdout)
    first = names[0]

    if shutil.which("valgrind") and not args.no_valgrind:
        ipo = {n: {} for n in names}
        for n in names:
            print(f"# instructions: {n}", file=sys.stderr, flush=True)
            vb, vs = (debugless(p) for p in (bench[n], scaling[n]))
            for k in kernels:
                i1 = instructions([vb, "-n", "1", "-w", "0", k])
                i21 = instructions([vb, "-n", "21", "-w", "0", k])
                ipo[n][k] = (i21 - i1) / 20 / ops[k][1]
            for s in shapes:
                a = instructions([vs, "--once", str(small), s])
                b = instructions([vs, "--once", str(args.units), s])
                ipo[n][s] = (b - a) / (args.units - small)
        rows = []
        for x in kernels + shapes:
            unit = "op" if x in kernels else "unit"
            rows.append([f"{x} (per {unit})"] + [fmt_int(ipo[n][x]) + ("" if n == first else
                        f" ({100 * (ipo[n][x] / ipo[first][x] - 1):+.1f}%)") for n in names])
        for label, keys in (("median of the kernels", kernels), ("median of the shapes", shapes)):
            if keys:
                rows.append([f"**{label}**"] + ["" if n == first else
                            f"{100 * (statistics.median(ipo[n][x] / ipo[first][x] for x in keys) - 1):+.1f}%" for n in names])
        table(f"Instructions per op (kernels: one emit) and per unit (scaling shapes, at {args.units:,} units), "
              f"{os.path.basename(args.cc)}; in brackets, against {first}", ["", *names], rows)
        sys.stdout.flush()

    t = {n: {x: [] for x in kernels + shapes} for n in names}
    for r in range(args.rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        print(f"# round {r + 1}/{args.rounds}: {', '.join(order)}", file=sys.stderr, flush=True)
        for n in order:
            rows = bench_rows(run([bench[n], "-n", str(args.iterations), "-w", str(args.iterations // 10)] + kernels).stdout)
            for k in kernels:
                t[n][k].append(rows[k][0])
            for s in shapes:
                best = min(once_ms(run([scaling[n], "--once", str(args.units), s]).stdout) for _ in range(args.once_repeats))
                t[n][s].append(best)
    rows = []
    med = {n: {x: statistics.median(v) for x, v in t[n].items()} for n in names}
    for x in kernels + shapes:
        unit = "µs per emit" if x in kernels else f"ms at {args.units:,}"
        rows.append([f"{x} ({unit})"] + [f"{med[n][x]:.2f} [{min(t[n][x]):.2f}]" + ("" if n == first else
                    f" ({100 * (med[n][x] / med[first][x] - 1):+.1f}%)") for n in names])
    best = {n: {x: min(v) for x, v in t[n].items()} for n in names}

    def change(n, keys, of):
        return f"{100 * (statistics.median(of[n][x] / of[first][x] for x in keys) - 1):+.1f}%"

    for label, keys in (("median of the kernels", kernels), ("median of the shapes", shapes)):
        if keys:
            rows.append([f"**{label}**"] + ["" if n == first else
                        f"{change(n, keys, med)} [{change(n, keys, best)}]" for n in names])
    table(f"Time, median of {args.rounds} interleaved rounds [best], {os.path.basename(args.cc)}; "
          f"in brackets, the median against {first}; the last rows: the median change of the "
          f"medians [of the bests]", ["", *names], rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
