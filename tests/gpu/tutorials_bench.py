#!/usr/bin/env python3
"""Triton 3.6's tutorials 06 and 09 as tritonc ports, on the GPU machine, in one process (issue 30 item 5;
tests/gpu/README.md, "tutorials_bench.sh").

For kernels/models/matmul_tma_persistent (tutorial 09's matmul_kernel_tma_persistent) and
kernels/models/attention_tma (tutorial 06's _attn_fwd), per config and shape, correctness first:

  ttir     `tritonc emit NAME --no-loc --set ...` after make_ttir equals the TTIR of Python's own
           JIT launch of the twin (the JIT kernel called with TensorDescriptor arguments: its
           compiled kernel's ttir, locations dropped)
  ptx      our PTX (triton.compile of that text, with the config's num_warps and num_stages) equals
           the twin's (its JIT TTIR lowered with the same options), debug info dropped
  ok       ours, launched from Python with TensorDescriptor arguments (validate.py's launcher
           typing), against torch: torch.matmul of the same fp16 inputs (cuBLAS), or
           scaled_dot_product_attention of the same inputs; and ours bit-equal to the twin
  TFLOP/s  ours, the twin's JIT launch, cuBLAS (torch.matmul) or cuDNN attention
           (sdpa_kernel([SDPBackend.CUDNN_ATTENTION])) and torch's default SDPA, each with
           triton.testing.do_bench in the same run; ours/twin is the ratio of the times

Shapes: matmul 4096^3 and 8192^3 fp16 (C = A @ B^T, B given as N x K, as the tutorial); attention
Z=4, H=32, N_CTX=4096, head 128 bf16 causal and not, head 64 fp16 causal and not. Then the configs
that are checked in TTIR (and PTX where it lowers) only: warp specialization (which the tutorials run
on Blackwell; on Hopper tutorial 09 skips it with host descriptors and tutorial 06 uses device
descriptors), Blackwell's split rescale (IS_HOPPER false), fp8 attention.

Every check runs in its own try/except; a failure is a FAIL cell, never the end of the run. Once
--budget-s is spent the optional configs are skipped (said in the log).

    python3 tests/gpu/tutorials_bench.py --tritonc BUILD/tritonc --out OUT [--budget-s S]
    python3 tests/gpu/tutorials_bench.py --dry-run [--tritonc BUILD/tritonc]   # no triton, no GPU
"""
import argparse
import math
import subprocess
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "kernels" / "models"))
OK, FAIL, SKIP = "ok", "FAIL", "-"
WORK = Path("/tmp/tritonc-tutorials-bench")


def log(*a):
    print(*a, flush=True)


def set_args(sets):
    return [a for k, v in sets.items()
            for a in ("--set", f"{k}={('true' if v else 'false') if isinstance(v, bool) else v}")]


def emit(tritonc, name, sets, path):
    cmd = [tritonc, "emit", name, "--no-loc"] + set_args(sets)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {r.returncode}: {r.stderr.strip()}")
    path.write_text(r.stdout)
    return path


# ---- the cases ------------------------------------------------------------------------------------

def matmul_configs(num_sms):
    """(label, constexprs, num_warps, num_stages, timed): the default (the Python module's), then
    points of the tutorial's search space; the checked-only warp-specialized one last."""
    import matmul_tma_persistent as km
    base = dict(km.CONSTEXPRS, NUM_SMS=num_sms)
    return [
        ("128x256x64-sub-w8s3", base, km.NUM_WARPS, km.NUM_STAGES, True),
        ("128x256x64-w8s3", dict(base, EPILOGUE_SUBTILE=False), 8, 3, True),
        ("128x128x64-sub-w4s4", dict(base, BLOCK_SIZE_N=128, EPILOGUE_SUBTILE=True), 4, 4, "optional"),
        ("128x256x64-sub-ws", dict(base, WARP_SPECIALIZE=True), 8, 3, False),
    ]


def attention_cases():
    """(label, dtype, head, causal, [(config label, BLOCK_M, BLOCK_N, warps, stages, timed)])."""
    return [
        ("z4h32n4096-d128-bf16", "bf16", 128, False, [("m128n64-w4s3", 128, 64, 4, 3, True),
                                                      ("m128n128-w8s2", 128, 128, 8, 2, "optional")]),
        ("z4h32n4096-d128-bf16-causal", "bf16", 128, True, [("m128n64-w4s3", 128, 64, 4, 3, True),
                                                            ("m128n128-w8s2", 128, 128, 8, 2, "optional")]),
        ("z4h32n4096-d64-fp16", "fp16", 64, False, [("m128n64-w4s3", 128, 64, 4, 3, True)]),
        ("z4h32n4096-d64-fp16-causal", "fp16", 64, True, [("m128n64-w4s3", 128, 64, 4, 3, True)]),
    ]


# TTIR (and PTX where it lowers) only: (label, dtype, head, causal, BLOCK_M, BLOCK_N, extra constexprs)
ATTENTION_CHECKED_ONLY = [
    ("d64-fp16-ws", "fp16", 64, False, 128, 64, {"warp_specialize": True}),
    ("d128-bf16-causal-ws-blackwell", "bf16", 128, True, 128, 64, {"warp_specialize": True, "IS_HOPPER": False}),
    ("d128-fp8", "fp8e5", 128, False, 128, 64, {"FP8_OUTPUT": True}),
]


def attention_sets(dtype, constexprs):
    """`tritonc emit --set` fields of an attention config."""
    sets = {"dtype": {"fp16": "float16", "bf16": "bfloat16", "fp8e5": "float16"}[dtype]}
    sets.update(constexprs)
    return sets


def attention_constexprs(head, causal, block_m, block_n, **extra):
    c = {"HEAD_DIM": head, "BLOCK_M": block_m, "BLOCK_N": block_n, "FP8_OUTPUT": False, "STAGE": 3 if causal else 1,
         "warp_specialize": False, "IS_HOPPER": True}
    c.update(extra)
    return c


# ---- Triton ---------------------------------------------------------------------------------------

class Bench:
    def __init__(self, tritonc, out, budget_s):
        import validate as V
        self.V = V
        self.tt = V.Triton()
        self.tritonc, self.out = tritonc, out
        self.t0, self.budget_s = time.monotonic(), budget_s
        self.rows = []
        WORK.mkdir(parents=True, exist_ok=True)

    def left(self):
        return self.budget_s - (time.monotonic() - self.t0)

    def opts(self, num_warps, num_stages):
        return self.tt.backend.parse_options({"num_warps": num_warps, "num_stages": num_stages})

    def ours_ttir(self, name, label, sets, opts):
        """Our TTIR after make_ttir (text, and the file triton.compile takes)."""
        raw = emit(self.tritonc, name, sets, WORK / f"{name}.{label}.emitted.ttir")
        text = self.tt.backend.make_ttir(self.tt.parse(raw), {}, opts, self.V.CAPABILITY).str_nodebug()
        path = WORK / f"{name}.{label}.ttir"
        path.write_text(text)
        return text, path

    def twin_ttir(self, fn, signature, constexprs, attrs, opts):
        """make_ttir of the twin compiled as validate.py compiles it (ASTSource)."""
        from triton.compiler import ASTSource
        tt = self.tt
        ctx = tt.context()
        mod = ASTSource(fn, signature, constexprs, attrs=attrs).make_ir(
            tt.target, opts, tt.backend.get_codegen_implementation(opts), tt.backend.get_module_map(), ctx)
        mod = tt._owned(mod, ctx)
        return tt.backend.make_ttir(mod, {}, opts, self.V.CAPABILITY).str_nodebug()

    def nodebug(self, text, path):
        """A TTIR text (the JIT's, with locations) parsed and printed without them."""
        path.write_text(text)
        return self.tt.parse(path).str_nodebug()

    def ptx(self, path, opts):
        return self.tt.lower(self.tt.parse(path), str(path), opts).get("ptx")

    def compare(self, what, label, ours, theirs):
        if ours == theirs:
            log(f"  {what}: equal")
            return OK
        x, y = ours.splitlines(), theirs.splitlines()
        i = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
        log(f"  {what}: DIFFERENT at line {i + 1}:\n    tritonc: {x[i] if i < len(x) else '<end>'}\n"
            f"    python:  {y[i] if i < len(y) else '<end>'}")
        d = self.out / "tutorials_diffs"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"{label}.{what}.tritonc").write_text(ours)
        (d / f"{label}.{what}.python").write_text(theirs)
        return FAIL


def bench_us(fn):
    import triton.testing
    return triton.testing.do_bench(fn, warmup=10, rep=50) * 1e3


def tflops(flops, us):
    return flops / (us * 1e-6) / 1e12 if us else None


def attempt(label, fn, *args):
    try:
        return fn(*args)
    except Exception:
        log(f"  {label}: FAIL with an exception:")
        traceback.print_exc(file=sys.stdout)
        return None


# ---- one config: check, then time -----------------------------------------------------------------

def check_and_time(b, spec):
    """spec: name, label, sets, fn, signature, constexprs, attrs, num_warps, num_stages, inputs()
    -> {ours_args, twin_args, grid, out (the tensor ours writes), expected(), tol, flops, baselines:
    {name: fn}}. Appends a row; every step in its own try/except."""
    import torch
    row = {"kernel": spec["name"], "case": spec["case"], "config": spec["label"], "ttir": FAIL, "ptx": FAIL,
           "ok": FAIL, "err": None, "ours": None, "python": None}
    b.rows.append(row)
    log(f"\n=== {spec['name']} {spec['case']} {spec['label']} (num_warps {spec['num_warps']}, "
        f"num_stages {spec['num_stages']}; --set {' '.join(f'{k}={v}' for k, v in spec['sets'].items())})")
    tag = f"{spec['name']}.{spec['case']}.{spec['label']}"
    opts = b.opts(spec["num_warps"], spec["num_stages"])
    got = attempt("emit and make_ttir", b.ours_ttir, spec["name"], f"{spec['case']}.{spec['label']}", spec["sets"], opts)
    if got is None:
        return
    ours_text, ours_path = got
    io = attempt("inputs", spec["inputs"])
    if io is None:
        return
    # Python's own launch of the twin: the JIT compiles it (TensorDescriptor arguments) and runs it
    twin_out, twin_path = None, None

    def twin_launch():
        return spec["fn"][io["grid"]](*io["twin_args"], **spec["constexprs"], num_warps=spec["num_warps"],
                                       num_stages=spec["num_stages"])
    jk = attempt("twin JIT launch", twin_launch)
    if jk is not None:
        torch.cuda.synchronize()
        twin_out = io["out"].clone()
        jit_ttir = attempt("twin TTIR", b.nodebug, jk.asm["ttir"], WORK / f"{tag}.jit.ttir")
        if jit_ttir is not None:
            row["ttir"] = b.compare("ttir", tag, ours_text, jit_ttir)
            twin_path = WORK / f"{tag}.jit.nodebug.ttir"
            twin_path.write_text(jit_ttir)
    ours_k = attempt("triton.compile of ours", b.V.compile_for_launch, b.tt, ours_path,
                     {"num_warps": spec["num_warps"], "num_stages": spec["num_stages"]})
    if ours_k is not None and twin_path is not None and row["ttir"] != FAIL:
        theirs_ptx = attempt("lowering the twin's TTIR", b.ptx, twin_path, opts)
        if theirs_ptx:
            row["ptx"] = b.compare("ptx", tag, b.V.strip_debug(ours_k.asm["ptx"], "ptx"),
                                   b.V.strip_debug(theirs_ptx, "ptx"))
    if ours_k is None:
        return

    # a compiled kernel's launcher reads three grid dimensions (Triton's JIT pads the grid itself)
    grid3 = tuple(io["grid"]) + (1,) * (3 - len(io["grid"]))

    def ours_launch():
        ours_k[grid3](*io["ours_args"])
        return True  # attempt() reads None as a failure
    io["out"].zero_()
    if attempt("launch of ours", ours_launch) is None:
        return
    torch.cuda.synchronize()
    got_out = io["out"].clone()
    want = attempt("reference", io["expected"])
    if want is not None:
        err = (got_out.float() - want.float()).abs().max().item()
        scale = max(want.float().abs().max().item(), 1.0)
        good = err <= io["tol"] * scale
        same = twin_out is not None and torch.equal(got_out, twin_out)
        row["err"], row["ok"] = err, OK if good else FAIL
        log(f"  ours against torch: max abs error {err:.3g} (max |torch| {scale:.3g}, tolerance {io['tol']:.0e} of it) "
            f"{'ok' if good else 'FAIL'}; ours {'bit-equal to' if same else 'NOT bit-equal to'} the twin's JIT launch")
        if not same and twin_out is not None:
            log(f"  ours vs twin: max abs difference {(got_out.float() - twin_out.float()).abs().max().item():.3g}")
    if not spec["timed"] or row["ok"] != OK:
        log("  timing skipped: " + ("checked only" if not spec["timed"] else "ours is not correct"))
        return
    row["ours"] = attempt("timing ours", bench_us, ours_launch)
    if jk is not None:
        row["python"] = attempt("timing the twin's JIT launch", bench_us, lambda: twin_launch())
    for base_name, base_fn in io["baselines"].items():
        row[base_name] = attempt(f"timing {base_name}", bench_us, base_fn)
    row["flops"] = io["flops"]
    parts = [f"{k} {row[k]:.1f} us = {tflops(io['flops'], row[k]):.0f} TFLOP/s"
             for k in ["ours", "python"] + list(io["baselines"]) if row.get(k)]
    log("  " + "; ".join(parts))


def checked_only(b, name, case, label, sets, fn, signature, constexprs, attrs, num_warps, num_stages):
    """TTIR (and PTX, where both lower) against the twin compiled as validate.py compiles it."""
    row = {"kernel": name, "case": case, "config": label, "ttir": FAIL, "ptx": FAIL, "ok": SKIP, "err": None,
           "ours": None, "python": None}
    b.rows.append(row)
    tag = f"{name}.{case}.{label}"
    log(f"\n=== {name} {case} {label} (checked only; --set {' '.join(f'{k}={v}' for k, v in sets.items())})")
    opts = b.opts(num_warps, num_stages)
    got = attempt("emit and make_ttir", b.ours_ttir, name, f"{case}.{label}", sets, opts)
    theirs = attempt("twin make_ttir", b.twin_ttir, fn, signature, constexprs, attrs, opts)
    if got is None or theirs is None:
        return
    row["ttir"] = b.compare("ttir", tag, got[0], theirs)
    if row["ttir"] != OK or b.left() < 30:
        row["ptx"] = SKIP
        return
    twin_path = WORK / f"{tag}.twin.ttir"
    twin_path.write_text(theirs)
    a, t = attempt("lowering ours", b.ptx, got[1], opts), attempt("lowering the twin", b.ptx, twin_path, opts)
    if a and t:
        row["ptx"] = b.compare("ptx", tag, b.V.strip_debug(a, "ptx"), b.V.strip_debug(t, "ptx"))
    else:
        row["ptx"] = SKIP if not a and not t else FAIL
        log("  ptx: " + ("neither lowers on this Triton/GPU (both refuse alike)" if row["ptx"] == SKIP
                         else "one side lowers and the other does not"))


# ---- the two kernels ------------------------------------------------------------------------------

def run_matmul(b):
    import torch
    from triton.tools.tensor_descriptor import TensorDescriptor
    import matmul_tma_persistent as km
    num_sms = torch.cuda.get_device_properties("cuda").multi_processor_count
    log(f"\n##### matmul_tma_persistent (tutorial 09), NUM_SMS {num_sms}")
    for label, cfg, warps, stages, timed in matmul_configs(num_sms):
        if timed == "optional" and b.left() < 120:
            log(f"\n=== matmul_tma_persistent {label}: skipped, the budget is spent")
            continue
        if not timed:
            checked_only(b, "matmul_tma_persistent", "-", label, cfg, km.matmul_tma_persistent, km._signature(cfg),
                         cfg, km.ATTRS, warps, stages)
            continue
        for size in (4096, 8192):
            def inputs(cfg=cfg, size=size):
                m = n = k = size
                gen = torch.Generator(device="cuda").manual_seed(size)
                a = torch.randn((m, k), device="cuda", dtype=torch.float16, generator=gen)
                bt = torch.randn((n, k), device="cuda", dtype=torch.float16, generator=gen)
                c = torch.empty((m, n), device="cuda", dtype=torch.float16)
                bn_c = cfg["BLOCK_SIZE_N"] // 2 if cfg["EPILOGUE_SUBTILE"] else cfg["BLOCK_SIZE_N"]
                descs = (TensorDescriptor.from_tensor(a, [cfg["BLOCK_SIZE_M"], cfg["BLOCK_SIZE_K"]]),
                         TensorDescriptor.from_tensor(bt, [cfg["BLOCK_SIZE_N"], cfg["BLOCK_SIZE_K"]]),
                         TensorDescriptor.from_tensor(c, [cfg["BLOCK_SIZE_M"], bn_c]))
                tiles = math.ceil(m / cfg["BLOCK_SIZE_M"]) * math.ceil(n / cfg["BLOCK_SIZE_N"])
                args = (*descs, m, n, k)
                return {"ours_args": args, "twin_args": args, "grid": (min(num_sms, tiles),), "out": c,
                        "expected": lambda: torch.matmul(a, bt.T), "tol": 1e-2, "flops": 2 * m * n * k,
                        "baselines": {"cublas": lambda: torch.matmul(a, bt.T)}}
            check_and_time(b, {"name": "matmul_tma_persistent", "case": f"{size}^3-fp16", "label": label, "sets": cfg,
                               "fn": km.matmul_tma_persistent, "constexprs": cfg, "num_warps": warps,
                               "num_stages": stages, "inputs": inputs, "timed": True})


def run_attention(b):
    import torch
    import torch.nn.functional as F
    from triton.tools.tensor_descriptor import TensorDescriptor
    import attention_tma as km
    log("\n##### attention_tma (tutorial 06)")
    z, h, n_ctx = 4, 32, 4096
    for case, dtype, head, causal, configs in attention_cases():
        tdtype = {"fp16": torch.float16, "bf16": torch.bfloat16}[dtype]
        for label, bm, bn, warps, stages, timed in configs:
            if timed == "optional" and b.left() < 90:
                log(f"\n=== attention_tma {case} {label}: skipped, the budget is spent")
                continue
            c = attention_constexprs(head, causal, bm, bn)

            def inputs(c=c, tdtype=tdtype, head=head, causal=causal):
                gen = torch.Generator(device="cuda").manual_seed(head + causal)
                q, k, v = (torch.randn((z, h, n_ctx, head), device="cuda", dtype=tdtype, generator=gen)
                           for _ in range(3))
                o = torch.empty_like(q)
                m = torch.empty((z, h, n_ctx), device="cuda", dtype=torch.float32)
                y_dim = z * h * n_ctx
                sm_scale = 1.0 / math.sqrt(head)

                def desc(t, rows):
                    return TensorDescriptor(t, shape=[y_dim, head], strides=[head, 1], block_shape=[rows, head])
                args = (sm_scale, m, z, h, desc(q, c["BLOCK_M"]), desc(k, c["BLOCK_N"]), desc(v, c["BLOCK_N"]),
                        desc(o, c["BLOCK_M"]), n_ctx)

                def sdpa():
                    return F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=sm_scale)

                def cudnn():
                    from torch.nn.attention import sdpa_kernel, SDPBackend
                    with sdpa_kernel([SDPBackend.CUDNN_ATTENTION]):
                        return F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=sm_scale)
                flops = 4 * z * h * n_ctx * n_ctx * head // (2 if causal else 1)
                return {"ours_args": args, "twin_args": args, "grid": (n_ctx // c["BLOCK_M"], z * h, 1), "out": o,
                        "expected": sdpa, "tol": 2e-2, "flops": flops,
                        "baselines": {"cudnn": cudnn, "torch_sdpa": sdpa}}
            check_and_time(b, {"name": "attention_tma", "case": case, "label": label,
                               "sets": attention_sets(dtype, c), "fn": km.attention_tma,
                               "signature": km.signature(dtype, head, bm, bn), "constexprs": c, "num_warps": warps,
                               "num_stages": stages, "inputs": inputs, "timed": timed})
    for label, dtype, head, causal, bm, bn, extra in ATTENTION_CHECKED_ONLY:
        if b.left() < 20:
            log(f"\n=== attention_tma {label}: skipped, the budget is spent")
            continue
        c = attention_constexprs(head, causal, bm, bn, **extra)
        checked_only(b, "attention_tma", "-", label, attention_sets(dtype, c), km.attention_tma,
                     km.signature(dtype, head, bm, bn, c["FP8_OUTPUT"]), c, km.ATTRS, 8 if head == 128 else 4, 3)


# ---- the table ------------------------------------------------------------------------------------

def summary(rows):
    head = ["kernel", "case", "config", "ttir", "ptx", "ok", "err", "ours", "python", "ours/py", "cublas", "cudnn",
            "torch_sdpa"]
    lines = []
    for r in rows:
        def t(k):
            us = r.get(k)
            return f"{tflops(r['flops'], us):.0f}TF" if us and r.get("flops") else "-"
        ratio = f"{r['python'] / r['ours']:.3f}" if r.get("ours") and r.get("python") else "-"
        lines.append([r["kernel"], r["case"], r["config"], r["ttir"], r["ptx"], r["ok"],
                      f"{r['err']:.2g}" if r.get("err") is not None else "-", t("ours"), t("python"), ratio,
                      t("cublas"), t("cudnn"), t("torch_sdpa")])
    widths = [max(len(str(x)) for x in col) for col in zip(head, *lines)]
    log("\n=== summary (TFLOP/s; ours/py: the twin's JIT-launch time over ours, above 1 when ours is faster)")
    for line in [head] + lines:
        log("  " + "  ".join(str(x).ljust(w) for x, w in zip(line, widths)))
    cells = [r[k] for r in rows for k in ("ttir", "ptx", "ok")]
    log(f"{cells.count(OK)} passed, {cells.count(FAIL)} failed, {cells.count(SKIP)} skipped")
    return cells.count(FAIL) == 0


def dry_run(tritonc):
    """Imports both modules with a stand-in triton (models.py's), and emits every config with tritonc."""
    import models
    for name in ("matmul_tma_persistent", "attention_tma"):
        km = models.load_module_without_triton(name)
        for attr in ("SIGNATURE", "CONSTEXPRS", "ATTRS", "NUM_WARPS", "NUM_STAGES", "make_args", "grid", "reference"):
            if not hasattr(km, attr):
                log(f"FAIL: kernels/models/{name}.py has no {attr}")
                return 1
        sys.modules[name] = km
    sets = [("matmul_tma_persistent", cfg) for _, cfg, _, _, _ in matmul_configs(132)]
    for _, dtype, head, causal, configs in attention_cases():
        sets += [("attention_tma", attention_sets(dtype, attention_constexprs(head, causal, bm, bn)))
                 for _, bm, bn, _, _, _ in configs]
    sets += [("attention_tma", attention_sets(d, attention_constexprs(hd, ca, bm, bn, **ex)))
             for _, d, hd, ca, bm, bn, ex in ATTENTION_CHECKED_ONLY]
    if tritonc:
        WORK.mkdir(parents=True, exist_ok=True)
        for i, (name, s) in enumerate(sets):
            emit(tritonc, name, s, WORK / f"dry.{i}.ttir")
        log(f"tutorials_bench dry run: {len(sets)} configs emitted")
    log("tutorials_bench dry run ok")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tritonc", default=None)
    ap.add_argument("--out", default=Path("gpu-out"), type=Path)
    ap.add_argument("--budget-s", default=240.0, type=float, help="optional configs are skipped past this")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    if args.dry_run:
        return dry_run(args.tritonc)
    import torch
    args.out.mkdir(parents=True, exist_ok=True)
    b = Bench(args.tritonc, args.out, args.budget_s)
    log(f"torch {torch.__version__}, {torch.cuda.get_device_name()}, cuDNN {torch.backends.cudnn.version()}")
    for part in (run_matmul, run_attention):
        attempt(part.__name__, part, b)
    good = summary(b.rows)
    log(f"tutorials_bench: {time.monotonic() - b.t0:.0f} s")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
