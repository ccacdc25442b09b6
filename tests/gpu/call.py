#!/usr/bin/env python3
"""The call layer on the GPU machine (issue 4): run by tests/gpu/call.sh after it builds tritonc.

Checks, each in its own try/except so that one failure never hides the others:

1. jax: the StableHLO programs tritonc emits (the examples' `--emit-hlo`, and `tritonc hlo NAME`
   when the CLI has it) compile and run through jax's XLA (compiler.backend_compile_and_load) and match numpy
   references.
2. pjrt: the C examples (examples/forward.c, examples/xla_softmax.c) run through the PJRT plugin, with
   no Python in their process, and match their CPU references (they check and say OK); the first
   run finds the plugin by itself (tp_find_plugin), later ones are also given its path.
3. misuse: a deliberately wrong call (a dtype mismatch) fails with
   tritonc's message, naming the C line, before XLA sees it (the plugin path given is bogus: a
   call that got as far as the runtime would fail differently).
4. times: first-run and steady-state times of the C examples through PJRT, beside jax's for the
   same programs.
5. xla_call: bundled kernels called through XLA with tests/gpu/xla_call.py's call_through_xla
   (their scalars loaded from 0-d buffers, the C body unchanged): vector_add, softmax and matmul
   against numpy; arith_float, arith_int, control, descriptors and random_k (which take scalars)
   against their Python twins launched by Triton's JIT on the same inputs (outputs start zeroed on
   both sides, as --zero-outputs makes XLA's); constant_order, which updates p in place (its
   .inouts: a parameter its result aliases), against its twin from the same initial p. One RESULT
   line each.

Everything is printed (call.sh tees it to $OUT/call.log); programs, outputs and a summary.json go
to --out. Exit status 0 when no check failed.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time
import traceback
from kernel_files import KERNEL_DIRS

# Before jax starts: it must not take most of the GPU while the C examples run beside it.
os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")

import numpy as np  # noqa: E402

RESULTS = []  # (check, status, detail)
TIMES = {}    # program -> {"pjrt": {...}, "jax": {...}}


def record(check, status, detail=""):
    RESULTS.append((check, status, detail))
    print(f"[{status}] {check}{': ' + detail if detail else ''}", flush=True)


class Check:
    """`with Check("name") as c:` records PASS unless c.fail()/c.skip() or an exception."""

    def __init__(self, name):
        self.name = name
        self.status = "PASS"
        self.detail = ""

    def __enter__(self):
        print(f"-- {self.name}", flush=True)
        return self

    def fail(self, detail):
        self.status, self.detail = "FAIL", detail

    def skip(self, detail):
        self.status, self.detail = "SKIP", detail

    def ok(self, detail):
        self.detail = detail

    def __exit__(self, kind, value, tb):
        if kind is not None:
            traceback.print_exception(kind, value, tb)
            self.status, self.detail = "FAIL", f"{kind.__name__}: {value}"
        record(self.name, self.status, self.detail)
        return True  # never propagate: the next check runs


def run(cmd, log_path, env=None, timeout=600):
    """Runs cmd, prints and logs its output; returns (returncode, output)."""
    print("$ " + " ".join(cmd), flush=True)
    full_env = dict(os.environ)
    if env:
        for k, v in env.items():
            if v is None:
                full_env.pop(k, None)
            else:
                full_env[k] = v
    t = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=full_env, timeout=timeout,
                       text=True, errors="replace")
    out = p.stdout
    with open(log_path, "w") as f:
        f.write(f"$ {' '.join(cmd)}\n{out}\nexit status {p.returncode} after {time.time() - t:.2f} s\n")
    print(out.rstrip(), flush=True)
    print(f"(exit status {p.returncode}, {time.time() - t:.2f} s)", flush=True)
    return p.returncode, out


def parse_times(output):
    """The examples' `time key=value ...` lines."""
    times = {}
    for m in re.finditer(r"^time (\w+)=([0-9.]+)", output, re.M):
        times[m.group(1)] = float(m.group(2))
    return times


# ---- programs and their references ------------------------------------------------------------

DTYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "i32": np.int32, "i64": np.int64,
          "i8": np.int8, "i16": np.int16, "ui8": np.uint8, "ui32": np.uint32, "i1": np.bool_}


def parse_tensor(t):
    """'tensor<4096x1000xf32>' -> ((4096, 1000), np.float32)."""
    m = re.fullmatch(r"tensor<(.*)>", t.strip())
    parts = m.group(1).split("x")
    return tuple(int(d) for d in parts[:-1]), DTYPES[parts[-1]]


def main_signature(text):
    """The parameter types of @main, from the pretty form or the generic form's function_type."""
    m = re.search(r"func\.func public @main\((.*?)\)\s*->", text, re.S)
    if m:
        return [parse_tensor(t) for t in re.findall(r"%\w+: (tensor<[^>]*>)", m.group(1))]
    m = re.search(r"function_type = \((.*?)\)\s*->", text, re.S)
    if not m:
        raise ValueError("no @main signature in the program")
    return [parse_tensor(t) for t in re.findall(r"tensor<[^>]*>", m.group(1))]


def softmax_ref(x):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


# name -> (reference(inputs) -> expected, input range, tolerance)
REFERENCES = {
    "forward": (lambda a: np.maximum(a[0].astype(np.float64) * 2 + a[1], 0), 1.0, 1e-6),
    "vector_add_xla": (lambda a: a[0].astype(np.float64) + a[1], 1.0, 1e-6),
    "softmax": (lambda a: softmax_ref(a[0]), 4.0, 1e-5),
}


def reference_for(name):
    for key, ref in REFERENCES.items():
        if name == key or name.startswith(key + ".") or name.endswith("_" + key) or ("_" + key + "_") in name:
            return ref
    return None


# ---- 1. through jax's XLA --------------------------------------------------------------------------

class Jax:
    def __init__(self):
        import jax
        from jax._src import compiler
        from jax._src.interpreters import mlir
        from jax._src.lib import xla_client as xc
        from jax._src.lib.mlir import ir
        self.jax, self.compiler, self.mlir, self.xc, self.ir = jax, compiler, mlir, xc, ir
        self.device = jax.devices()[0]
        self.backend = self.device.client
        print(f"jax {jax.__version__}, device {self.device} ({self.device.device_kind}), "
              f"platform {self.backend.platform} {getattr(self.backend, 'platform_version', '')}", flush=True)

    def compile(self, text):
        """Parses the text in jax's MLIR context and compiles it through jax's XLA client."""
        devices = self.xc.DeviceList(tuple([self.device]))
        options = self.compiler.get_compile_options(num_replicas=1, num_partitions=1)
        ctx = self.mlir.make_ir_context()
        with ctx, self.ir.Location.unknown():
            module = self.ir.Module.parse(text)
            try:  # jax names the executable after the module: give an unnamed one a name
                named = "sym_name" in module.operation.attributes
            except Exception:
                named = False
            if not named:
                module.operation.attributes["sym_name"] = self.ir.StringAttr.get("program")
            try:
                return self.compiler.backend_compile_and_load(self.backend, module, devices, options, [])
            except TypeError:  # a jax whose signature differs: the client's own entry point
                traceback.print_exc()
                return self.backend.compile_and_load(text.encode(), devices, options)

    def execute(self, exe, arrays):
        args = [self.jax.device_put(a, self.device) for a in arrays]
        results = exe.execute_sharded(args)
        outs = [per_device[0] for per_device in results.disassemble_into_single_device_arrays()]
        for o in outs:
            o.block_until_ready()
        return outs, args

    def time(self, exe, args, iters):
        samples = []
        for _ in range(iters):
            t = time.perf_counter()
            results = exe.execute_sharded(args)
            outs = [d[0] for d in results.disassemble_into_single_device_arrays()]
            for o in outs:
                o.block_until_ready()
            samples.append((time.perf_counter() - t) * 1e6)
        return float(np.median(samples))


def check_jax(programs, out_dir, iters):
    jx = None
    with Check("jax: start") as c:
        jx = Jax()
    if jx is None:
        return
    rng = np.random.default_rng(0)
    for name, path in programs:
        with Check(f"jax: {name} compiles, runs and matches numpy") as c:
            text = open(path).read()
            sig = main_signature(text)
            ref = reference_for(name)
            scale = ref[1] if ref else 1.0
            inputs = []
            for shape, dt in sig:
                if np.issubdtype(dt, np.floating):
                    inputs.append((rng.uniform(-scale, scale, size=shape)).astype(dt))
                else:
                    inputs.append(rng.integers(0, 100, size=shape).astype(dt))
            t0 = time.perf_counter()
            exe = jx.compile(text)
            t1 = time.perf_counter()
            outs, args = jx.execute(exe, inputs)
            t2 = time.perf_counter()
            got = [np.asarray(o) for o in outs]
            np.save(os.path.join(out_dir, f"{name}.jax_out0.npy"), got[0])
            times = {"compile_ms": (t1 - t0) * 1e3, "first_run_ms": (t2 - t1) * 1e3,
                     "steady_execute_us": jx.time(exe, args, iters)}
            TIMES.setdefault(name, {})["jax"] = times
            if ref is None:
                c.ok(f"ran, {len(got)} result(s) of shape {got[0].shape} (no reference for this program)")
            else:
                want = ref[0](inputs)
                err = float(np.max(np.abs(got[0].astype(np.float64) - want))) if want.size else 0.0
                detail = f"max_abs_error={err:.3g} (tolerance {ref[2]:g}), shape {got[0].shape}"
                if got[0].shape != want.shape or not err <= ref[2]:
                    c.fail(detail)
                else:
                    c.ok(detail)


# ---- 5. bundled kernels through XLA (xla_call.py) ------------------------------------------------------

def _twin(name):
    """The Python twin's jit function and CONSTEXPRS (kernels/NAME.py)."""
    import importlib
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:0] = [str(d) for d in KERNEL_DIRS]
    km = importlib.import_module(name)
    return getattr(km, name), dict(km.CONSTEXPRS)


# Kernels whose outputs include buffers updated in place (the kernel's .inouts): those start with
# the case's values on both sides (XLA passes them as parameters its results alias), not zeroed.
_INPLACE = {"constant_order": (0,)}


def _twin_outputs(name, grid, args, outputs):
    """Launches the Python twin with Triton's JIT on torch copies of args (outputs zeroed first,
    but for the kernel's in-place buffers, _INPLACE)."""
    import torch
    import triton
    fn, constexprs = _twin(name)
    try:  # tensor descriptors made on the device need Triton's scratch allocator
        triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    except Exception:  # noqa: BLE001 - an older Triton: no allocator needed
        pass
    targs = []
    for i, a in enumerate(args):
        if isinstance(a, np.ndarray):
            t = torch.from_numpy(np.ascontiguousarray(a)).cuda()
            targs.append(torch.zeros_like(t) if i in outputs and i not in _INPLACE.get(name, ()) else t)
        else:
            targs.append(a)
    fn[tuple(grid)](*targs, **constexprs)
    torch.cuda.synchronize()
    return [targs[i].cpu().numpy() for i in outputs]


def xla_cases(rng):
    """(name, sets, grid, args, outputs, expected() -> list of arrays, tol)."""
    cases = []
    n = 98432 + 17  # ragged: the last program is masked
    x = rng.uniform(-1, 1, n).astype(np.float32)
    y = rng.uniform(-1, 1, n).astype(np.float32)
    cases.append(("vector_add", {"BLOCK_SIZE": 1024}, (-(-n // 1024),), [x, y, np.zeros_like(x), n], [2],
                  lambda: [x.astype(np.float64) + y], 1e-6))
    rows, cols = 97, 781
    a = rng.uniform(-4, 4, (rows, cols)).astype(np.float32)
    cases.append(("softmax", {"BLOCK": 1024}, (rows,), [np.zeros_like(a), a, cols, cols, cols], [0],
                  lambda: [softmax_ref(a)], 1e-5))
    m, nn, k = 300, 200, 128
    am = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    bm = rng.uniform(-1, 1, (k, nn)).astype(np.float16)
    grid_mm = (-(-m // 128) * -(-nn // 128),)
    cases.append(("matmul", {}, grid_mm, [am, bm, np.zeros((m, nn), np.float16), m, nn, k, k, 1, nn, 1, nn, 1], [2],
                  lambda: [am.astype(np.float32) @ bm.astype(np.float32)], 5e-2))
    # the catalog kernels that take scalars, against their twins
    f = rng.uniform(0.5, 2, 128).astype(np.float32)
    g = rng.uniform(0.5, 2, 128).astype(np.float32)
    cases.append(("arith_float", {}, (1,), [f, g, np.zeros_like(f), 100], [2], None, 1e-4))
    xi = rng.integers(-50, 50, 64).astype(np.int32)
    yi = rng.integers(-50, 50, 64).astype(np.int64)
    cases.append(("arith_int", {}, (1,), [xi, yi, np.zeros_like(xi), 64], [2], None, 0))
    xc = rng.uniform(-1, 1, 1000).astype(np.float32)
    # one program: several would write the same o[0..B) (a race in the kernel itself)
    cases.append(("control", {}, (1,), [xc, np.zeros(256, np.float32), 1000], [1], None, 1e-3))
    xd = rng.uniform(-1, 1, (128, 64)).astype(np.float32)
    cases.append(("descriptors", {}, (1,), [xd, np.zeros_like(xd), 128, 64], [1], None, 1e-6))
    cases.append(("random_k", {}, (1,), [np.zeros(64, np.float32), np.zeros(64, np.float32), 1234], [1], None,
                  1e-5))
    # in place (p is the kernel's .inouts): XLA's parameter, aliased by its result; p[0:4] becomes
    # cdiv(p * 3, 8) * 5 + 3 of the initial values, p[4:] stays. One program: several would race.
    pc = rng.integers(0, 100, 16).astype(np.int32)
    cases.append(("constant_order", {}, (1,), [pc], [0], None, 0))
    return cases


def check_xla_calls(tritonc):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    try:
        from xla_call import call_through_xla
    except Exception as e:  # noqa: BLE001
        record("xla_call: import", "FAIL", f"{type(e).__name__}: {e}")
        return
    rng = np.random.default_rng(1)
    try:
        cases = xla_cases(rng)
    except Exception as e:  # noqa: BLE001
        record("xla_call: cases", "FAIL", f"{type(e).__name__}: {e}")
        return
    for name, sets, grid, args, outputs, expected, tol in cases:
        with Check(f"xla_call: {name} through XLA matches {'numpy' if expected else 'its Python twin'}") as c:
            note = ""
            try:
                got = call_through_xla(tritonc, name, sets, grid, args, outputs)
            except Exception as e:  # noqa: BLE001 - an XLA without zeroed_outputs? try once without
                if name not in ("vector_add", "softmax", "matmul"):  # these write every output element
                    raise
                traceback.print_exc()
                got = call_through_xla(tritonc, name, sets, grid, args, outputs, zero_outputs=False)
                note = f" (ONLY without --zero-outputs; with it: {type(e).__name__}: {str(e)[:200]})"
            want = expected() if expected else _twin_outputs(name, grid, args, outputs)
            worst = 0.0
            for gi, wi in zip(got, want):
                if gi.shape != wi.shape:
                    c.fail(f"shape {gi.shape}, want {wi.shape}")
                    break
                g64, w64 = gi.astype(np.float64), wi.astype(np.float64)
                both_nan = np.isnan(g64) & np.isnan(w64)
                if np.any(np.isnan(g64) != np.isnan(w64)):
                    c.fail(f"NaN where the reference has none (or the other way), {int(np.sum(np.isnan(g64)))} NaN")
                    break
                diff = np.where(both_nan, 0.0, np.abs(g64 - w64))
                scale = np.maximum(np.where(both_nan, 1.0, np.abs(w64)), 1.0)
                worst = max(worst, float(np.max(diff / scale)) if diff.size else 0.0)
            if c.status == "PASS" and not worst <= tol:
                c.fail(f"max relative error {worst:.3g} > {tol:g}{note}")
            elif c.status == "PASS":
                c.ok(f"max relative error {worst:.3g} (tolerance {tol:g}){note}")
        print(f"RESULT xla_call {name} {c.status} {c.detail}", flush=True)


# ---- 2. and 4. the C examples through PJRT -----------------------------------------------------------

def check_examples(examples, out_dir, plugin_hint, iters):
    """examples: name -> binary. Returns nothing; records checks and TIMES."""
    discovered = None
    for name, binary in examples.items():
        with Check(f"pjrt: {name} runs through the plugin and matches the CPU") as c:
            # First without any hint: the runtime must find the plugin where pip put it.
            env = {"TRITONC_PJRT_PLUGIN": None}
            rc, out = run([binary, "--iters", str(iters)], os.path.join(out_dir, f"{name}.pjrt.log"), env)
            if rc == 2 and "no PJRT plugin found" in out and plugin_hint:
                record(f"pjrt: {name} finds the plugin by itself", "FAIL", "no PJRT plugin found; retrying with "
                       f"TRITONC_PJRT_PLUGIN={plugin_hint}")
                rc, out = run([binary, "--iters", str(iters)], os.path.join(out_dir, f"{name}.pjrt-hinted.log"),
                              {"TRITONC_PJRT_PLUGIN": plugin_hint})
            m = re.search(r"plugin (\S+xla_\w+_plugin\.so)", out)
            if m:
                discovered = m.group(1)
            TIMES.setdefault(name, {})["pjrt"] = parse_times(out)
            ok_line = re.search(rf"^{name}: .*: (OK|MISMATCH)$", out, re.M)
            if rc != 0 or not ok_line or ok_line.group(1) != "OK":
                c.fail(f"exit status {rc}; " + (ok_line.group(0) if ok_line else "no result line"))
            else:
                c.ok(ok_line.group(0))
    if discovered:
        record("pjrt: the runtime found the plugin by itself", "PASS", discovered)
    # Sizes that exercise the kernels' masks, with the plugin given by path.
    extra = {"forward": [["--n", "1"], ["--n", "1000"], ["--n", str(2**20 + 17)]],
             "xla_softmax": [["--rows", "3", "--cols", "5"], ["--rows", "17", "--cols", "4096"]]}
    for name, binary in examples.items():
        for args in extra.get(name, []):
            label = " ".join(args)
            with Check(f"pjrt: {name} {label}") as c:
                env = {"TRITONC_PJRT_PLUGIN": discovered or plugin_hint} if (discovered or plugin_hint) else None
                tag = "-".join(a.lstrip("-") for a in args)
                rc, out = run([binary, "--iters", "3", *args], os.path.join(out_dir, f"{name}.{tag}.log"), env)
                ok_line = re.search(rf"^{name}: .*: (OK|MISMATCH)$", out, re.M)
                if rc != 0 or not ok_line or ok_line.group(1) != "OK":
                    c.fail(f"exit status {rc}; " + (ok_line.group(0) if ok_line else "no result line"))
                else:
                    c.ok(ok_line.group(0))


# ---- 3. wrong calls, refused before XLA ---------------------------------------------------------------

def check_misuse(forward, out_dir):
    cases = [
        ("dtype", r"examples/forward\.c:\d+: add_kernel_call: kernel add_kernel argument 0 .*is !tt\.ptr<f32> "
                  r"but its tensor is tensor<98432xf16>: the element types differ"),
    ]
    for kind, pattern in cases:
        with Check(f"misuse: forward --misuse {kind} is refused before XLA") as c:
            # A bogus plugin: had the wrong call reached the runtime, it would fail on loading instead.
            rc, out = run([forward, "--misuse", kind], os.path.join(out_dir, f"misuse-{kind}.log"),
                          {"TRITONC_PJRT_PLUGIN": "/nonexistent/xla_cuda_plugin.so"})
            if rc != 3 or not re.search(pattern, out) or "PJRT" in out:
                c.fail(f"exit status {rc} (want 3), output does not match /{pattern}/")
            else:
                c.ok(out.strip().splitlines()[-1])


# ---- the plugin, as jax installed it -------------------------------------------------------------------

def plugin_from_jax():
    try:
        import importlib
        for mod in ("jax_plugins.xla_cuda13", "jax_plugins.xla_cuda12"):
            try:
                m = importlib.import_module(mod)
            except ImportError:
                continue
            path = os.path.join(os.path.dirname(m.__file__), "xla_cuda_plugin.so")
            if os.path.exists(path):
                return path
    except Exception:
        traceback.print_exc()
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", required=True, help="the cmake build folder")
    ap.add_argument("--out", required=True, help="where programs, logs and summary.json go")
    ap.add_argument("--iters", type=int, default=200, help="steady-state runs timed")
    args = ap.parse_args()
    out_dir = os.path.abspath(args.out)
    os.makedirs(out_dir, exist_ok=True)
    prog_dir = os.path.join(out_dir, "programs")
    os.makedirs(prog_dir, exist_ok=True)

    def find(name, sub=None):
        for root in ([os.path.join(args.build, sub)] if sub else []) + [args.build]:
            p = os.path.join(root, name)
            if os.path.isfile(p) and os.access(p, os.X_OK):
                return p
        return None

    examples = {}
    for name in ("forward", "xla_softmax"):
        b = find(name, "examples")
        if b:
            examples[name] = b
        else:
            record(f"build: examples/{name}", "FAIL", f"no {name} binary under {args.build}/examples")
    tritonc = find("tritonc")
    plugin_hint = plugin_from_jax()
    print(f"plugin where jax installed it: {plugin_hint}", flush=True)

    # The programs: the examples' and the CLI's.
    programs = []
    for name, binary in examples.items():
        with Check(f"emit: {name} --emit-hlo") as c:
            path = os.path.join(prog_dir, f"{name}.mlir")
            rc, out = run([binary, "--emit-hlo", path], os.path.join(out_dir, f"{name}.emit.log"),
                          {"TRITONC_PJRT_PLUGIN": None})
            if rc != 0 or not os.path.exists(path):
                c.fail(f"exit status {rc}")
            else:
                programs.append((name, path))
                c.ok(path)
    if tritonc:
        for name, extra in (("vector_add_xla", ["--no-loc"]), ("forward", ["--no-loc"]),
                            ("forward", ["--generic", "--no-loc"])):
            label = "tritonc_" + name + ("_generic" if "--generic" in extra else "")
            with Check(f"emit: tritonc hlo --program {name} {' '.join(extra)}") as c:
                path = os.path.join(prog_dir, f"{label}.mlir")
                rc, out = run([tritonc, "hlo", "--program", name, *extra], os.path.join(out_dir, f"{label}.emit.log"))
                if "unknown command" in out:
                    c.skip("this tritonc has no hlo command")
                elif rc != 0:
                    c.fail(f"exit status {rc}")
                else:
                    with open(path, "w") as f:
                        f.write(out)
                    programs.append((label, path))
                    c.ok(path)

    # The C examples first: their times are taken with no jax process on the GPU.
    check_examples(examples, out_dir, plugin_hint, args.iters)
    if "forward" in examples:
        check_misuse(examples["forward"], out_dir)
    check_jax(programs, out_dir, args.iters)
    if tritonc:
        check_xla_calls(tritonc)

    # ---- summary --------------------------------------------------------------------------------------
    print("\n== times (ms for compile and first run, µs for steady state: median)", flush=True)
    keys = ["load_plugin_and_client_ms", "compile_ms", "first_run_ms", "steady_run_us", "steady_execute_us"]
    print(f"{'program':<28} {'path':<6} " + " ".join(f"{k:>26}" for k in keys))
    for prog, by_path in TIMES.items():
        for path_name, t in by_path.items():
            cells = " ".join(f"{t[k]:>26.3f}" if k in t else f"{'-':>26}" for k in keys)
            print(f"{prog:<28} {path_name:<6} {cells}")
    failed = [r for r in RESULTS if r[1] == "FAIL"]
    print(f"\n== {len(RESULTS)} checks: {sum(r[1] == 'PASS' for r in RESULTS)} passed, {len(failed)} failed, "
          f"{sum(r[1] == 'SKIP' for r in RESULTS)} skipped", flush=True)
    for r in failed:
        print(f"FAILED: {r[0]}: {r[2]}")
    with open(os.path.join(out_dir, "summary.json"), "w") as f:
        json.dump({"checks": [{"check": a, "status": b, "detail": c} for a, b, c in RESULTS], "times": TIMES}, f,
                  indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
