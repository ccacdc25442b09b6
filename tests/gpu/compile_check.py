#!/usr/bin/env python3
"""The compile step on the GPU machine (issue 7, shown-on-H200 items 4 and 5's cold half).

For one specialization each of vector_add, softmax and matmul (matmul as Python's JIT
specializes it at 4096^3: the three unit strides become constexprs, every other integer is
divisible by 16):
  a. Python's JIT compiles and launches the original (kernels/NAME.py) on real tensors; its
     specialization (read back from the compiled kernel's source) must be our key;
  b. `tritonc compile NAME --specialize KEY` (fresh cache) gives a cubin whose PTX must equal
     the JIT's, compared without comments, .file/.loc and debug sections (as validate.py does);
  c. times, each in a fresh process with fresh caches: our cold `tritonc compile` (Python start,
     import of triton and the compile: what a cache miss costs), the same once more (a cache hit,
     with the compiler version check), and Python's `triton.compile` of the same TTIR file
     (first call in a process, in-process time and the process's wall time).
Under --out (default $OUT/compile_check) go only compile_check.json (the numbers) and, for a
kernel whose PTX differs, both PTX texts and their diff; the rest (caches, cubins) stays in --work
(default: a fresh directory under /tmp). The log is printed. Exit status 1 if a check failed.
--dry-run needs no triton and no GPU: it checks the kernel modules and, with --tritonc, that
every key emits.
"""
import argparse
import difflib
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from kernel_files import kernel_py

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from validate import strip_debug  # noqa: E402  (stdlib only at import)
from models import jit_key  # noqa: E402  (the JIT's key in our letters; stdlib only at import)

# name -> key, the JIT's call (built by make_call on torch), constexprs
CASES = {
    # 98432 elements: n % 16 == 0, fresh tensors are 16-byte aligned
    "vector_add": "DDDD",
    # 1823 rows of 781: both strides and n_cols are odd
    "softmax": "DDNNN",
    # 4096^3, contiguous: stride_ak = stride_bn = stride_cn = 1
    "matmul": "DDDDDDD1D1D1",
}


def load_module(name):
    spec = importlib.util.spec_from_file_location(name, kernel_py(name))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def make_call(name, km, torch):
    """(grid, args, constexprs) of one JIT launch."""
    import triton
    cfg = dict(km.CONSTEXPRS)
    if name == "vector_add":
        n = 98432
        x, y = torch.rand(n, device="cuda"), torch.rand(n, device="cuda")
        return (triton.cdiv(n, cfg["BLOCK_SIZE"]),), [x, y, torch.empty_like(x), n], cfg
    if name == "softmax":
        rows, cols = 1823, 781
        x = torch.randn(rows, cols, device="cuda")
        out = torch.empty_like(x)
        return (rows,), [out, x, x.stride(0), out.stride(0), cols], cfg
    m = n = k = 4096
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(k, n, device="cuda", dtype=torch.float16)
    c = torch.empty(m, n, device="cuda", dtype=torch.float16)
    grid = (triton.cdiv(m, cfg["BLOCK_M"]) * triton.cdiv(n, cfg["BLOCK_N"]),)
    return grid, [a, b, c, m, n, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1)], cfg


def run_timed(cmd, env=None):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return p, (time.perf_counter() - t0) * 1e3


def compare_ptx(ours, theirs, out, name):
    a, b = strip_debug(ours, "ptx"), strip_debug(theirs, "ptx")
    if a == b:
        print("  ptx: equal (without comments, .file/.loc, debug sections)")
        return True
    diff = list(difflib.unified_diff(b.splitlines(), a.splitlines(), "jit", "tritonc", lineterm="", n=2))
    (out / f"{name}.ptx.diff").write_text("\n".join(diff) + "\n")
    (out / f"{name}.tritonc.ptx").write_text(ours)
    (out / f"{name}.jit.ptx").write_text(theirs)
    print(f"  ptx: DIFFERENT ({len(diff)} diff lines in {out / (name + '.ptx.diff')}); first lines:")
    print("\n".join("    " + d for d in diff[:40]))
    return False


def compare_without_locations(name, key, cfg, theirs, args):
    """Our TTIR emitted with --no-loc, compiled by triton_compile.py directly: is that PTX the JIT's?"""
    work = args.work / f"{name}-noloc"
    work.mkdir(parents=True, exist_ok=True)
    sets = [a for k, v in cfg.items() for a in ("--set", f"{k}={v}")]
    ttir = work / "kernel.ttir"
    emit = subprocess.run([str(args.tritonc), "emit", name, "--specialize", key, "--no-loc", *sets, "-o", str(ttir)],
                          capture_output=True, text=True)
    comp = subprocess.run([sys.executable, str(REPO / "tools" / "triton_compile.py"), "--ttir", str(ttir), "-o",
                           str(work)], capture_output=True, text=True)
    if emit.returncode or comp.returncode:
        print(f"  without locations: could not compile ({(emit.stderr + comp.stderr).strip()})")
        return None
    equal = strip_debug((work / "kernel.ptx").read_text(), "ptx") == strip_debug(theirs, "ptx")
    print(f"  without locations: PTX {'equal' if equal else 'still DIFFERENT'}")
    return equal


PY_COMPILE = """
import sys, time
t0 = time.perf_counter()
import triton
from triton.backends.compiler import GPUTarget
t1 = time.perf_counter()
k = triton.compile(sys.argv[1], target=GPUTarget("cuda", 90, 32))
t2 = time.perf_counter()
print(f"{(t1 - t0) * 1e3:.1f} {(t2 - t1) * 1e3:.1f} {len(k.asm['cubin'])}")
"""


def python_compile(ttir, work):
    """Python's triton.compile of the TTIR file in a fresh process with a fresh cache."""
    env = dict(os.environ, TRITON_CACHE_DIR=tempfile.mkdtemp(prefix="triton-cache-", dir=work))
    p, wall = run_timed([sys.executable, "-c", PY_COMPILE, str(ttir)], env)
    if p.returncode != 0:
        print(f"  python triton.compile FAILED: {(p.stderr.strip().splitlines() or ['?'])[-1]}")
        return None
    import_ms, compile_ms, _ = p.stdout.split()
    return {"wall_ms": round(wall, 1), "import_ms": float(import_ms), "compile_ms": float(compile_ms)}


def check(name, key, args, torch, results):
    print(f"== {name} --specialize {key}")
    out = args.work / name
    out.mkdir(parents=True, exist_ok=True)
    row = {"kernel": name, "key": key}
    results.append(row)
    ok = True

    km = load_module(name)
    fn = getattr(km, name)
    grid, call_args, cfg = make_call(name, km, torch)
    compiled = fn[grid](*call_args, **cfg)
    torch.cuda.synchronize()
    theirs = compiled.asm["ptx"]
    (out / "jit.ptx").write_text(theirs)
    got = jit_key(compiled, fn, cfg)
    row["jit_key"] = got
    if got != key:
        print(f"  key: FAIL: the JIT specialized as {got}, the check compiles {key}")
        ok = False
    else:
        print(f"  key: the JIT specialized as {got}")

    sets = [a for k, v in cfg.items() for a in ("--set", f"{k}={v}")]
    cache = Path(tempfile.mkdtemp(prefix="tritonc-cache-", dir=args.work))
    cmd = [str(args.tritonc), "compile", name, "--specialize", key, *sets, "--cache-dir", str(cache), "-o", str(out)]
    print("  " + " ".join(cmd))
    p, cold = run_timed(cmd)
    print("  " + (p.stdout.strip() or p.stderr.strip()))
    if p.returncode != 0:
        row["ok"] = False
        print(f"RESULT compile_ptx kernel={name} key={key} jit_key={got} equal=NO (tritonc compile failed)")
        return False
    p2, warm = run_timed(cmd)
    row.update(tritonc_cold_ms=round(cold, 1), tritonc_hit_ms=round(warm, 1))
    ours = (out / f"{name}.ptx").read_text()
    row["ptx_equal"] = compare_ptx(ours, theirs, args.out, name)
    if not row["ptx_equal"]:  # a diagnosis: the same without source locations
        row["ptx_equal_without_locations"] = compare_without_locations(name, key, cfg, theirs, args)
    ok = ok and row["ptx_equal"] and p2.returncode == 0
    py = python_compile(out / f"{name}.ttir", args.work)
    row["python_triton_compile"] = py
    print(f"  cold tritonc compile {cold:.0f} ms (a process: python start, import triton, compile); "
          f"cache hit {warm:.0f} ms (with the version check)")
    if py:
        print(f"  python triton.compile, fresh process and cache: {py['compile_ms']:.0f} ms in process "
              f"(+ {py['import_ms']:.0f} ms import), {py['wall_ms']:.0f} ms wall")
    row["ok"] = ok
    # one line each for a summary (tests/gpu/launch.sh collects "RESULT " lines)
    print(f"RESULT compile_ptx kernel={name} key={key} jit_key={got} equal={'yes' if row['ptx_equal'] else 'NO'}")
    print(f"RESULT compile_cold kernel={name} tritonc_ms={cold:.0f} hit_ms={warm:.0f} "
          f"python_compile_ms={py['compile_ms'] if py else -1:.0f} python_wall_ms={py['wall_ms'] if py else -1:.0f}")
    return ok


def dry_run(args):
    ok = True
    for name, key in CASES.items():
        src = (kernel_py(name)).read_text()
        if f"def {name}(" not in src or "CONSTEXPRS" not in src:
            print(f"FAIL: kernels/{name}.py has no {name}() or CONSTEXPRS")
            ok = False
        if args.tritonc:
            p = subprocess.run([str(args.tritonc), "emit", name, "--specialize", key, "--no-loc"], capture_output=True,
                               text=True)
            dropped = key.count("1")
            sig = re.search(r"tt\.func public @\w+\(([^)]*)\)", p.stdout)
            nargs = len(re.findall(r"%arg\d+:", sig.group(1))) if sig else -1
            good = p.returncode == 0 and nargs == len(key) - dropped
            print(f"{name} --specialize {key}: {'emits' if good else 'FAIL'} ({nargs} arguments) {p.stderr.strip()}")
            ok = ok and good
        else:
            print(f"{name} --specialize {key}: (no --tritonc: not emitted)")
    print("dry run:", "ok" if ok else "FAIL")
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tritonc", type=Path, help="the tritonc binary (built with the compile step)")
    ap.add_argument("--out", type=Path, default=Path(os.environ.get("OUT", "gpu-out")) / "compile_check")
    ap.add_argument("--work", type=Path, help="caches and compile outputs (default: a fresh dir under /tmp)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    args.out = args.out.resolve()
    args.work = (args.work or Path(tempfile.mkdtemp(prefix="compile_check-"))).resolve()
    args.work.mkdir(parents=True, exist_ok=True)
    if args.dry_run:
        return dry_run(args)
    if not args.tritonc:
        ap.error("--tritonc is required (except with --dry-run)")
    import torch
    import triton
    print(f"python {sys.version.split()[0]}, triton {triton.__version__}, torch {torch.__version__}, "
          f"{torch.cuda.get_device_name()}; work files in {args.work}")
    results, ok = [], True
    for name, key in CASES.items():
        try:
            ok = check(name, key, args, torch, results) and ok
        except Exception as e:  # one kernel's failure never stops the others
            import traceback
            traceback.print_exc(file=sys.stdout)
            print(f"  FAIL: {type(e).__name__}: {e}")
            ok = False
    (args.out / "compile_check.json").write_text(json.dumps(results, indent=1) + "\n")
    print("== summary")
    for r in results:
        print(f"  {r['kernel']:<11} key {r['key']:<13} jit {r.get('jit_key', '?'):<13} "
              f"ptx {'equal' if r.get('ptx_equal') else 'DIFFERENT'}  cold {r.get('tritonc_cold_ms', '?')} ms  "
              f"hit {r.get('tritonc_hit_ms', '?')} ms  python {(r.get('python_triton_compile') or {}).get('wall_ms', '?')} ms")
    print("compile_check:", "ok" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
