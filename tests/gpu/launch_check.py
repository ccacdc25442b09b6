"""The Python side of tests/gpu/launch.sh (issue 7's GPU checks for launching from C).

    python3 launch_check.py correctness --harness BUILD/launch_check --work DIR
        every bundled kernel with a `reference` (kernels/*.py), plus softmax and matmul, launched
        from C (launch_check run) on inputs torch made, at several sizes including ragged ones and
        an unaligned pointer, compared with torch
    python3 launch_check.py python-overhead [--iters N]
        back-to-back launches of vector_add (1024 elements) through Python Triton's JIT
    python3 launch_check.py python-matmul --sizes 4096 8192 [--iters N] [--inputs DIR]
        kernels/models/matmul.py through the JIT (the default config) and torch.matmul, fp16
    python3 launch_check.py summary OUT
        reads every RESULT line under OUT and prints the targets: met or not

Every result line starts with "RESULT ". Exit status 0 when every check passed.
"""
import argparse
import glob
import importlib.util
import math
import os
import re
import statistics
import subprocess
import sys
import time
from kernel_files import all_kernel_pys, kernel_py

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_kernel_module(name):
    path = str(kernel_py(name))
    spec = importlib.util.spec_from_file_location("tritonc_kernel_" + name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def next_pow2(n):
    return 1 << max(0, (n - 1).bit_length())


# ---- correctness ---------------------------------------------------------------------------------


class Case:
    """One launch: the harness arguments, and how to check what it wrote."""

    def __init__(self, kernel, label, grid, args, sets=(), expect=None, tol=(0.0, 0.0)):
        self.kernel, self.label, self.grid, self.args, self.sets = kernel, label, grid, args, list(sets)
        self.expect = expect or {}  # out file -> expected torch tensor
        self.tol = tol


def write(t, path):
    t.detach().cpu().contiguous().numpy().tofile(path)
    return path


def cases(work):
    import torch

    torch.manual_seed(0)
    out = []

    def f(name):
        return os.path.join(work, name)

    va = load_kernel_module("vector_add")
    for n in (1, 15, 1000, 98432, (1 << 20) + 3):
        x, y = torch.randn(n), torch.randn(n)
        tag = "n%d" % n
        out.append(Case("vector_add", tag, (math.ceil(n / 1024),),
                        ["in:float32:" + write(x, f("va_x_" + tag)), "in:float32:" + write(y, f("va_y_" + tag)),
                         "out:float32:%d:%s" % (4 * n, f("va_out_" + tag)), "i32:%d" % n],
                        expect={f("va_out_" + tag): va.reference(x, y)}))
    # A pointer 4 bytes into its buffer: key N for it, never a 'D' variant.
    n = 4096
    x, y = torch.randn(n), torch.randn(n)
    out.append(Case("vector_add", "unaligned_x", (4,),
                    ["in:float32:%s@4" % write(x, f("va_x_u")), "in:float32:" + write(y, f("va_y_u")),
                     "out:float32:%d:%s" % (4 * n, f("va_out_u")), "i32:%d" % n],
                    expect={f("va_out_u"): va.reference(x, y)}))

    vax = load_kernel_module("vector_add_xla")
    for n in (1, 1000, 65536 + 17):
        x, y = torch.randn(n), torch.randn(n)
        tag = "n%d" % n
        out.append(Case("vector_add_xla", tag, (math.ceil(n / 1024),),
                        ["in:float32:" + write(x, f("vax_x_" + tag)), "in:float32:" + write(y, f("vax_y_" + tag)),
                         "in:int32:" + write(torch.tensor([n], dtype=torch.int32), f("vax_n_" + tag)),
                         "out:float32:%d:%s" % (4 * n, f("vax_out_" + tag))],
                        expect={f("vax_out_" + tag): vax.reference(x, y)}))

    smx = load_kernel_module("softmax_xla")
    for rows, cols in ((1, 1000), (37, 1000), (64, 781), (8, 4096)):
        x = torch.randn(rows * cols)
        tag = "%dx%d" % (rows, cols)
        smx.CONSTEXPRS["N_COLS"] = cols  # its reference reads the row length there
        out.append(Case("softmax_xla", tag, (rows,),
                        ["in:float32:" + write(x, f("smx_in_" + tag)),
                         "out:float32:%d:%s" % (4 * rows * cols, f("smx_out_" + tag))],
                        sets=["N_COLS=%d" % cols, "BLOCK=%d" % next_pow2(cols)],
                        expect={f("smx_out_" + tag): smx.reference(x)}, tol=(1e-6, 1e-5)))

    for rows, cols in ((1, 1), (7, 1000), (128, 781), (64, 4096)):
        x = torch.randn(rows, cols)
        tag = "%dx%d" % (rows, cols)
        out.append(Case("softmax", tag, (rows,),
                        ["out:float32:%d:%s" % (4 * rows * cols, f("sm_out_" + tag)),
                         "in:float32:" + write(x, f("sm_in_" + tag)), "i32:%d" % cols, "i32:%d" % cols,
                         "i32:%d" % cols],
                        sets=["BLOCK=%d" % max(2, next_pow2(cols))],
                        expect={f("sm_out_" + tag): torch.softmax(x, dim=1).reshape(-1)}, tol=(1e-6, 1e-5)))

    for m, n, k in ((128, 128, 64), (300, 200, 100), (1, 64, 64), (512, 256, 1024)):
        a, b = torch.randn(m, k).half(), torch.randn(k, n).half()
        tag = "%dx%dx%d" % (m, n, k)
        want = (a.float() @ b.float()).half().reshape(-1)
        out.append(Case("matmul", tag, (math.ceil(m / 128) * math.ceil(n / 128),),
                        ["in:float16:" + write(a, f("mm_a_" + tag)), "in:float16:" + write(b, f("mm_b_" + tag)),
                         "out:float16:%d:%s" % (2 * m * n, f("mm_c_" + tag))] +
                        ["i32:%d" % v for v in (m, n, k, k, 1, n, 1, n, 1)],
                        expect={f("mm_c_" + tag): want}, tol=(2e-2, 2e-2)))
    return out


def correctness(args):
    import numpy as np
    import torch

    os.makedirs(args.work, exist_ok=True)
    launched = set()
    failures = 0
    for c in cases(args.work):
        cmd = [args.harness, "run", c.kernel] + sum((["--set", s] for s in c.sets), []) + \
              ["--grid", ",".join(str(g) for g in c.grid)] + c.args
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        key = re.search(r"^KEY (\S+)", p.stdout, re.M)
        ok = p.returncode == 0
        worst = 0.0
        if ok:
            for path, want in c.expect.items():
                dtype = {torch.float32: np.float32, torch.float16: np.float16}[want.dtype]
                got = torch.from_numpy(np.fromfile(path, dtype=dtype))
                if got.shape != want.shape:
                    ok = False
                    continue
                diff = (got.float() - want.float()).abs()
                worst = max(worst, float(diff.max()) if diff.numel() else 0.0)
                if not torch.allclose(got.float(), want.float(), atol=c.tol[0], rtol=c.tol[1]):
                    ok = False
        failures += not ok
        launched.add(c.kernel)
        error = ""
        if p.returncode != 0:  # the harness's message, on one line
            lines = [l for l in (p.stderr or p.stdout).splitlines() if l.strip()]
            error = " error=%r" % (lines[-1] if lines else "exit %d" % p.returncode)
        print("RESULT correctness %s %s key=%s max_abs_diff=%.3g %s%s" %
              (c.kernel, c.label, key.group(1) if key else "?", worst, "ok" if ok else "WRONG", error), flush=True)
        if p.returncode != 0:
            print(p.stdout + p.stderr, flush=True)
    # Every bundled kernel with a reference must be covered.
    for path in [str(p) for p in all_kernel_pys()]:
        name = os.path.basename(path)[:-3]
        if re.search(r"^def reference\(", open(path).read(), re.M) and name not in launched:
            print("RESULT correctness %s no case WRONG" % name)
            failures += 1
    print("RESULT correctness_total failures=%d %s" % (failures, "ok" if failures == 0 else "WRONG"))
    return 1 if failures else 0


# ---- Python's JIT, for comparison -------------------------------------------------------------------


def python_overhead(args):
    import torch

    va = load_kernel_module("vector_add")
    x, y, o = (torch.zeros(1024, device="cuda") for _ in range(3))
    kern = va.vector_add
    for _ in range(1000):
        kern[(1,)](x, y, o, 1024, BLOCK_SIZE=1024)
    torch.cuda.synchronize()
    rounds = []
    for _ in range(7):
        t0 = time.perf_counter()
        for _ in range(args.iters):
            kern[(1,)](x, y, o, 1024, BLOCK_SIZE=1024)
        torch.cuda.synchronize()
        rounds.append((time.perf_counter() - t0) / args.iters * 1e6)
    print("RESULT python_overhead iters=%d python_us=%.3f" % (args.iters, statistics.median(rounds)))
    return 0


def time_cuda(fn, iters):
    import torch

    for _ in range(3):
        fn()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) * 1e3 / iters  # us


def time_cuda_rounds(fn, iters, rounds=5):
    """The median of `rounds` timings of `iters` back-to-back calls, as launch_check matmul times ours."""
    return statistics.median(time_cuda(fn, iters) for _ in range(rounds))


def python_matmul(args):
    import torch

    mm = load_kernel_module("matmul")
    for s in args.sizes:
        torch.manual_seed(0)
        a, b = torch.randn(s, s, device="cuda").half(), torch.randn(s, s, device="cuda").half()
        if args.inputs:  # the same numbers for launch_check matmul --inputs (power draw, hence clocks,
            os.makedirs(args.inputs, exist_ok=True)  # depend on the data at this size)
            for name, t in (("a", a), ("b", b)):
                t.cpu().numpy().tofile(os.path.join(args.inputs, "%s_%d.f16" % (name, s)))
        c = torch.empty(s, s, device="cuda", dtype=torch.float16)
        cfg = dict(mm.CONSTEXPRS)
        grid = (math.ceil(s / cfg["BLOCK_M"]) * math.ceil(s / cfg["BLOCK_N"]),)

        def jit():
            mm.matmul[grid](a, b, c, s, s, s, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0),
                            c.stride(1), **cfg)

        iters = args.iters if s <= 4096 else max(3, args.iters // 2)  # as launch.sh gives ours
        us = time_cuda_rounds(jit, iters)
        us_torch = time_cuda_rounds(lambda: torch.matmul(a, b), iters)
        fl = 2.0 * s ** 3
        print("RESULT python_matmul size=%d us=%.1f tflops=%.1f" % (s, us, fl / us / 1e6))
        print("RESULT torch_matmul size=%d us=%.1f tflops=%.1f" % (s, us_torch, fl / us_torch / 1e6))
    return 0


# ---- the summary ---------------------------------------------------------------------------------------


def results(out):
    rows = []
    for path in sorted(glob.glob(os.path.join(out, "*.log"))):
        for line in open(path, errors="replace"):
            if line.startswith("RESULT "):
                words = line.split()
                kv = dict(w.split("=", 1) for w in words[2:] if "=" in w)
                rows.append((words[1], kv, line.strip(), os.path.basename(path)))
    return rows


def summary(args):
    rows = results(args.out)
    bad = 0

    def first(kind, **match):
        for k, kv, line, src in rows:
            if k == kind and all(kv.get(a) == str(b) for a, b in match.items()):
                return kv
        return None

    def target(name, ok, text):
        nonlocal bad
        bad += ok is False
        print("%-34s %s  %s" % (name, {True: "MET", False: "NOT MET", None: "MISSING"}[ok], text))

    corr = first("correctness_total")
    target("1 correctness vs torch", None if corr is None else corr["failures"] == "0",
           "" if corr is None else "%s failures over %d launches" %
           (corr["failures"], sum(1 for r in rows if r[0] == "correctness")))
    oh, py = first("overhead"), first("python_overhead")
    if oh and py:
        ours, raw, pyu = float(oh["ours_us"]), float(oh["raw_us"]), float(py["python_us"])
        target("2 launch overhead vs raw (<= 5%)", ours <= raw * 1.05,
               "ours %.2f us, raw cuLaunchKernel %.2f us (%+.1f%%)" % (ours, raw, (ours / raw - 1) * 100))
        target("2 launch overhead vs Python (>= 3x)", pyu >= 3 * ours,
               "Python JIT %.2f us = %.1fx ours" % (pyu, pyu / ours))
    else:
        target("2 launch overhead", None, "")
    for s in (4096, 8192):
        m, p, t, a = first("matmul", size=s), first("python_matmul", size=s), first("torch_matmul", size=s), \
            first("autotune", size=s)
        if m and p:
            target("3 matmul %d vs Python JIT (<= 3%%)" % s, float(m["us"]) <= float(p["us"]) * 1.03,
                   "ours %s us (%s TFLOP/s, key %s), Python JIT %s us (%s TFLOP/s)" %
                   (m["us"], m["tflops"], m["key"], p["us"], p["tflops"]))
        else:
            target("3 matmul %d vs Python JIT" % s, None, "")
        if a and t:
            target("3 autotuned matmul %d" % s, int(a["configs"]) >= 8,
                   "%s TFLOP/s (best of %s configs: %s warps=%s stages=%s), torch.matmul %s TFLOP/s" %
                   (a["tflops"], a["configs"], a.get("set"), a.get("num_warps"), a.get("num_stages"), t["tflops"]))
        else:
            target("3 autotuned matmul %d" % s, None, "")
    reuse = [kv for k, kv, line, src in rows if k == "autotune" and "from-file" in line]
    target("3 autotune reused from the file", bool(reuse) or None, "%d later run(s) timed nothing" % len(reuse))
    warm = [(src, kv) for k, kv, line, src in rows if k == "warm"]
    cold = next((kv for src, kv in warm if "cold" in src), None)
    hot = next((kv for src, kv in warm if "warm" in src and "cold" not in src), None)
    if cold and hot:
        target("5 warm start (cache hit)", True,
               "ours %s ms (runtime + kernel handle %s ms, first launch from the cache %s ms; no Python: run with "
               "no interpreter and compiling off), beside the driver's cuInit %s ms + context %s ms; cold start: "
               "first launch %s ms (compile included)" %
               (hot["ours_ms"], hot["runtime_and_kernel_ms"], hot["first_launch_ms"], hot["cuinit_ms"],
                hot["context_ms"], cold["first_launch_ms"]))
    else:
        target("5 warm start", None, "")
    g = first("graph")
    target("6 CUDA graph of 100 launches", None if g is None else g.get("mismatches") == "0",
           "" if g is None else "%s nodes, %s replays, %s mismatches" % (g["nodes"], g["replays"], g["mismatches"]))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("correctness")
    c.add_argument("--harness", required=True)
    c.add_argument("--work", required=True)
    o = sub.add_parser("python-overhead")
    o.add_argument("--iters", type=int, default=20000)
    m = sub.add_parser("python-matmul")
    m.add_argument("--sizes", type=int, nargs="+", default=[4096, 8192])
    m.add_argument("--iters", type=int, default=20)
    m.add_argument("--inputs", help="write A and B here (DIR/a_S.f16, DIR/b_S.f16) for launch_check matmul")
    s = sub.add_parser("summary")
    s.add_argument("out")
    args = ap.parse_args()
    return {"correctness": correctness, "python-overhead": python_overhead, "python-matmul": python_matmul,
            "summary": summary}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
