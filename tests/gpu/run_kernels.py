"""Runs tritonc's softmax and matmul on the H200 against torch, and times them against the
Python originals (kernels/models/softmax.py, kernels/models/matmul.py), in one process.

    python3 tests/gpu/run_kernels.py --tritonc BUILD/tritonc --out OUT

Ours: `tritonc emit NAME --no-loc --set ...` for the shape's config, Triton's make_ttir on it, then
triton.compile of that text (an IR file starts at make_ttgir). Python's: the same kernel through
ASTSource with the same signature, constexprs and attributes, compiled by triton.compile. Both are
launched the same way (CompiledKernel[grid](*args)) and timed with triton.testing.do_bench; the
result is checked against torch on every shape, ragged edges included. Python's usual JIT launch
(`kernel[grid](..., BLOCK=...)`) is timed too, for reference.
"""
import argparse
import importlib
import subprocess
import sys
import traceback
from pathlib import Path
from kernel_files import KERNEL_DIRS

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
sys.path[:0] = [str(d) for d in KERNEL_DIRS]

from validate import Triton  # noqa: E402  (the shared Triton driver)


def emit(tritonc, name, sets, path):
    cmd = [tritonc, "emit", name, "--no-loc"] + [a for k, v in sets.items() for a in ("--set", f"{k}={v}")]
    text = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    path.write_text(text)
    return text


def compile_ours(tt, tritonc, name, sets, out):
    raw = out / f"{name}-{'-'.join(f'{k}{v}' for k, v in sets.items())}.ttir"
    emit(tritonc, name, sets, raw)
    mod = tt.make_ttir(tt.parse(raw))
    ttir = raw.with_suffix(".make_ttir.ttir")
    ttir.write_text(mod.str_nodebug())
    return tt.triton.compile(str(ttir), target=tt.target), mod.str_nodebug()


def compile_python(tt, km, name, constexprs):
    """Python's kernel compiled by triton.compile, and its make_ttir text (no locations)."""
    from triton.compiler import ASTSource
    src = ASTSource(getattr(km, name), km.SIGNATURE, constexprs, attrs=km.ATTRS)
    kernel = tt.triton.compile(src, target=tt.target)
    ctx = tt.context()
    mod = src.make_ir(tt.target, tt.opts, tt.backend.get_codegen_implementation(tt.opts),
                      tt.backend.get_module_map(), ctx)
    text = tt.make_ttir(tt._owned(mod, ctx)).str_nodebug()
    return kernel, text


def same_ttir(a, b):
    return a == b


def bench(fn):
    import triton.testing
    return triton.testing.do_bench(fn, warmup=25, rep=100)


# ---- softmax --------------------------------------------------------------------------------

def run_softmax(tt, tritonc, out):
    import torch
    import triton
    km = importlib.import_module("softmax")
    ok = True
    print("=== softmax (fp32, one program per row)")
    print(f"  {'shape':>14} {'BLOCK':>6} {'max err':>9} {'ours us':>9} {'python us':>10} {'jit us':>8}  same TTIR")
    for rows, cols in [(1, 7), (1823, 781), (4096, 1024), (333, 3000), (8192, 4096)]:
        try:
            block = triton.next_power_of_2(cols)
            ours, ours_ttir = compile_ours(tt, tritonc, "softmax", {"BLOCK": block}, out)
            py, py_ttir = compile_python(tt, km, "softmax", {"BLOCK": block})
            x = torch.randn(rows, cols, device="cuda", dtype=torch.float32)
            y = torch.empty_like(x)
            grid = (rows, 1, 1)
            args = (y, x, x.stride(0), y.stride(0), cols)
            ours[grid](*args)
            err = (y - torch.softmax(x, dim=1)).abs().max().item()
            good = err < 1e-5
            t_ours = bench(lambda: ours[grid](*args))
            # A kernel compiled from Python source takes its constexprs too (they are ignored).
            t_py = bench(lambda: py[grid](*args, block))
            t_jit = bench(lambda: km.softmax[(rows,)](*args, BLOCK=block))
            same = same_ttir(ours_ttir, py_ttir)
            ok &= good and same
            print(f"  {rows:>6}x{cols:<7} {block:>6} {err:>9.2e} {t_ours * 1e3:>9.1f} {t_py * 1e3:>10.1f} "
                  f"{t_jit * 1e3:>8.1f}  {'yes' if same else 'NO'}{'' if good else '  WRONG RESULT'}")
        except Exception:
            ok = False
            print(f"  {rows}x{cols}: ERROR")
            traceback.print_exc(file=sys.stdout)
    return ok


# ---- matmul ---------------------------------------------------------------------------------

def run_matmul(tt, tritonc, out):
    import torch
    import triton
    km = importlib.import_module("matmul")
    cfg = dict(km.CONSTEXPRS)
    ok = True
    print("=== matmul (fp16 in, fp32 accumulate, grouped order)")
    print(f"  {'M x N x K':>18} {'max err':>9} {'ours us':>9} {'python us':>10} {'jit us':>8} {'TFLOP/s':>8}  same TTIR")
    ours, ours_ttir = compile_ours(tt, tritonc, "matmul", cfg, out)
    py, py_ttir = compile_python(tt, km, "matmul", cfg)
    same = same_ttir(ours_ttir, py_ttir)
    for m, n, k in [(128, 128, 64), (1000, 999, 1003), (512, 4096, 1024), (4096, 4096, 4096), (8192, 8192, 8192)]:
        try:
            a = torch.randn(m, k, device="cuda", dtype=torch.float16)
            b = torch.randn(k, n, device="cuda", dtype=torch.float16)
            c = torch.empty(m, n, device="cuda", dtype=torch.float16)
            grid = (triton.cdiv(m, cfg["BLOCK_M"]) * triton.cdiv(n, cfg["BLOCK_N"]), 1, 1)
            args = (a, b, c, m, n, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
            ours[grid](*args)
            ref = torch.matmul(a.float(), b.float())
            err = (c.float() - ref).abs().max().item()
            good = torch.allclose(c.float(), ref, atol=0.5, rtol=1e-2)
            t_ours = bench(lambda: ours[grid](*args))
            t_py = bench(lambda: py[grid](*args, *cfg.values()))
            t_jit = bench(lambda: km.matmul[(grid[0],)](*args, **cfg))
            tflops = 2 * m * n * k / (t_ours * 1e-3) / 1e12
            ok &= good and same
            print(f"  {m:>5}x{n:<5}x{k:<6} {err:>9.2e} {t_ours * 1e3:>9.1f} {t_py * 1e3:>10.1f} {t_jit * 1e3:>8.1f} "
                  f"{tflops:>8.1f}  {'yes' if same else 'NO'}{'' if good else '  WRONG RESULT'}")
        except Exception:
            ok = False
            print(f"  {m}x{n}x{k}: ERROR")
            traceback.print_exc(file=sys.stdout)
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tritonc", required=True)
    ap.add_argument("--out", type=Path, default=Path("gpu-out"))
    args = ap.parse_args()
    out = args.out / "kernels"
    out.mkdir(parents=True, exist_ok=True)
    tt = Triton()
    ok = True
    for run in (run_softmax, run_matmul):
        try:
            ok &= run(tt, args.tritonc, out)
        except Exception:
            ok = False
            traceback.print_exc(file=sys.stdout)
    print("run_kernels:", "all ok" if ok else "FAILURES")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
