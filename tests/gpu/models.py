#!/usr/bin/env python3
"""The model kernels on the GPU machine, in one process (issue 9; tests/gpu/README.md, "models.sh").

Every kernels/NAME.py defining MODEL_CONFIGS and model_cases (the model-kernel contract: tests/gpu/README.md)
is checked per config and per case:

  ttir     `tritonc emit NAME --no-loc --set k=v...` after make_ttir equals make_ttir of the Python twin
           (ASTSource(fn, signature, constexprs, attrs), the config's or the module's)
  ptx      both lowered with the config's num_warps / num_stages: PTX equal once debug info is dropped
  run      per case: ours (triton.compile of the make_ttir'd text) and the twin launched on the case's
           arguments; ours against expected() within tol, and against the twin (max diff; equal PTX
           should give equal bits unless the kernel accumulates with atomics)
  C        ours launched from C through tritonc's CUDA runtime (tests/gpu/launch_check run), inputs and
           outputs through files, compared with ours from Python
  XLA      ours through XLA's Triton custom call (tests/gpu/xla_call.py: call_through_xla), compared too
  times    ours, twin and the case's torch baseline with triton.testing.do_bench, in the same run;
           TFLOP/s or GB/s against the H200's ceilings

Every check runs in its own try/except: a failure is a FAIL cell, never the end of the run. Once
--budget-s is spent, timing is skipped (said in the table), the checks still run.

A pointer argument travels as the span of storage it reaches (first element to last), so a strided
view's strides still hold: to C as a file of its bytes, to XLA as a torch tensor that xla_call.py
maps to the kernel's element type (bf16 and fp8 through ml_dtypes). Results come back as bytes,
reinterpreted with the tensor's own dtype and strides.

    python3 tests/gpu/models.py --tritonc BUILD/tritonc --harness BUILD/launch_check --out OUT [--kernel NAME...]
        [--config LABEL_PREFIX...]
    python3 tests/gpu/models.py --dry-run [--tritonc BUILD/tritonc]   # no triton, no torch, no GPU
"""
import argparse
import ast
import difflib
import importlib.util
import re
import subprocess
import sys
import time
import traceback
import types
from pathlib import Path
from kernel_files import KERNEL_DIRS, all_kernel_pys, kernel_py

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
OK, FAIL, SKIP = "ok", "FAIL", "-"
CAPABILITY = 90
COPY_TBPS = 4.27      # H200 device-to-device copy, bytes read + written (measured on the GPU machine)
MATMUL_TFLOPS = 680   # torch.matmul bf16/fp16 8192^3 on the H200 (cuBLAS)
CONFIG_KEYS = {"label", "sets", "constexprs", "num_warps", "num_stages"}
OPTIONAL_CONFIG_KEYS = {"signature", "attrs", "model"}  # model: free text, the model it stands for
# Triton signature element types -> torch dtype names (fp8 e4m3 is Triton's fp8e4nv).
TORCH_DTYPES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32", "fp64": "float64",
                "fp8e4nv": "float8_e4m3fn", "fp8e5": "float8_e5m2", "i1": "bool", "i8": "int8",
                "i16": "int16", "i32": "int32", "i64": "int64", "u8": "uint8"}
# Scalars as launch_check takes them (its i32:V, i64:V, f32:V).
SCALAR_FLAGS = {"i32": "i32", "i64": "i64", "fp32": "f32"}


def log(*a):
    print(*a, flush=True)


# ---- the modules ----------------------------------------------------------------------------------

def model_module_names():
    """kernels/NAME.py files that assign MODEL_CONFIGS at top level (read, not imported)."""
    names = []
    for path in all_kernel_pys():
        try:
            tree = ast.parse(path.read_text(), str(path))
        except SyntaxError:
            names.append(path.stem)  # reported when it is checked
            continue
        if "MODEL_CONFIGS" in top_level_names(tree):
            names.append(path.stem)
    return names


def top_level_names(tree):
    names = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    for n in tree.body:
        targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, ast.AnnAssign) else []
        names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def load_module(name):
    """kernels/NAME.py imported as a module (needs triton)."""
    path = kernel_py(name)
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location(f"tritonc_models_{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class _Anything:
    """Stands for any triton object in a dry run: calls, attributes, subscripts, operators."""
    def __getattr__(self, _):
        return _Anything()

    def __call__(self, *args, **kwargs):
        # @triton.jit and @triton.jit(...) both hand back the function they decorate.
        if len(args) == 1 and callable(args[0]) and not kwargs:
            return args[0]
        return _Anything()

    def __getitem__(self, _):
        return _Anything()

    def __mro_entries__(self, bases):
        return (object,)


def load_module_without_triton(name):
    """kernels/NAME.py imported with a stand-in `triton` (dry run: its constants, no kernel)."""
    saved = {k: sys.modules.get(k) for k in ("triton", "triton.language")}
    stub = types.ModuleType("triton")
    stub.__getattr__ = lambda _: _Anything()
    lang = types.ModuleType("triton.language")
    lang.__getattr__ = lambda _: _Anything()
    stub.language = lang
    sys.modules["triton"], sys.modules["triton.language"] = stub, lang
    try:
        path = kernel_py(name)
        spec = importlib.util.spec_from_file_location(f"tritonc_models_dry_{name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v


def config_signature(km, cfg):
    return cfg.get("signature") or km.SIGNATURE


def config_attrs(km, cfg):
    return cfg["attrs"] if "attrs" in cfg else getattr(km, "ATTRS", {})


def runtime_params(signature, constexprs):
    """(name, type) of the non-constexpr arguments, in signature order: what model_cases' args hold."""
    return [(k, t) for k, t in signature.items() if t != "constexpr" and k not in constexprs]


# ---- `tritonc list` -------------------------------------------------------------------------------

def tritonc_list(tritonc):
    """{kernel: [config field names]} from `tritonc list`."""
    text = subprocess.run([tritonc, "list"], check=True, capture_output=True, text=True).stdout
    kernels, current = {}, None
    for line in text.splitlines():
        if line.strip() and not line[0].isspace() and line[0] != "#":
            current = line.split()[0]
            kernels[current] = []
        elif current and line.strip().startswith("config:"):
            kernels[current] = [w.split("=")[0] for w in line.split(":", 1)[1].split() if "=" in w]
    return kernels


# ---- dry run --------------------------------------------------------------------------------------

def check_shape(name, fields):
    """Checks kernels/NAME.py against the contract without triton or torch; returns problems.
    fields: the kernel's config fields from `tritonc list`, None if it lists no such kernel,
    "unknown" when there is no tritonc to ask."""
    problems = []
    path = kernel_py(name)
    tree = ast.parse(path.read_text(), str(path))
    defined = top_level_names(tree)
    for needed in (name, "SIGNATURE", "CONSTEXPRS", "ATTRS", "MODEL_CONFIGS", "model_cases"):
        if needed not in defined:
            problems.append(f"defines no {needed}")
    for banned in ("reference", "grid"):
        if banned in defined:
            problems.append(f"defines `{banned}`, which belongs to validate.py's simple-kernel run check")
    cases = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "model_cases"), None)
    if cases is not None and len(cases.args.args) != 2:
        problems.append("model_cases must take (cfg, torch)")
    km = load_module_without_triton(name)
    configs = getattr(km, "MODEL_CONFIGS", None)
    if not isinstance(configs, list) or len(configs) < 2:
        return problems + ["MODEL_CONFIGS must be a list of at least two configs"]
    if fields is None:
        problems.append(f"`tritonc list` names no kernel {name}")
    fields = None if fields == "unknown" else fields
    labels = [c.get("label") if isinstance(c, dict) else None for c in configs]
    if len(set(labels)) != len(labels):
        problems.append(f"config labels are not unique: {labels}")
    for i, cfg in enumerate(configs):
        where = f"MODEL_CONFIGS[{i}] ({cfg.get('label', '?') if isinstance(cfg, dict) else '?'})"
        if not isinstance(cfg, dict):
            problems.append(f"{where} is not a dict")
            continue
        missing = CONFIG_KEYS - set(cfg)
        unknown = set(cfg) - CONFIG_KEYS - OPTIONAL_CONFIG_KEYS
        if missing:
            problems.append(f"{where} lacks {sorted(missing)}")
        if unknown:
            problems.append(f"{where} has unknown keys {sorted(unknown)}")
        if not isinstance(cfg.get("label"), str) or not re.fullmatch(r"[A-Za-z0-9_.+-]+", cfg.get("label") or ""):
            problems.append(f"{where}: label must be a short word (letters, digits, _ . + -)")
        for key in ("num_warps", "num_stages"):
            if not isinstance(cfg.get(key), int) or cfg.get(key) < 1:
                problems.append(f"{where}: {key} must be a positive int")
        if fields is not None:
            bad = [k for k in cfg.get("sets", {}) if k not in fields]
            if bad:
                problems.append(f"{where}: sets {bad} are not config fields of {name} ({' '.join(fields)})")
        signature = cfg.get("signature") or getattr(km, "SIGNATURE", {})
        consts = [k for k, t in signature.items() if t == "constexpr"]
        bad = [k for k in cfg.get("constexprs", {}) if k not in signature]
        if bad:
            problems.append(f"{where}: constexprs {bad} are not in the signature")
        absent = [k for k in consts if k not in cfg.get("constexprs", {})]
        if absent:
            problems.append(f"{where}: constexprs lack {absent}")
    return problems


def dry_run(names, tritonc):
    fields_of = None
    if tritonc:
        try:
            fields_of = tritonc_list(tritonc)
        except Exception as e:
            log(f"FAIL: `{tritonc} list`: {e}")
            return 1
    else:
        log("note: no --tritonc: sets are not checked against `tritonc list`")
    failed = 0
    for name in names:
        try:
            problems = check_shape(name, fields_of.get(name) if fields_of is not None else "unknown")
        except Exception:
            problems = ["does not load: " + traceback.format_exc(limit=3).strip().splitlines()[-1]]
        log(f"  {name}: {'ok' if not problems else 'FAIL'}")
        for p in problems:
            log(f"    {p}")
        failed += bool(problems)
    log(f"models.py dry run: {len(names)} kernels, {failed} failed")
    return 1 if failed else 0


# ---- Triton ---------------------------------------------------------------------------------------

def strip_debug(text, stage):
    from validate import strip_debug as strip  # the one validate.py uses
    return strip(text, stage)


def diff_file(out, name, label, a, b):
    """Writes a unified diff of two texts under out/diffs/; returns the first differing line pair."""
    x, y = a.splitlines(), b.splitlines()
    i = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
    path = out / f"{name}.{label}.diff"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(difflib.unified_diff(x, y, "tritonc", "triton", lineterm="", n=3)) + "\n")
    (out / f"{name}.{label}.tritonc").write_text(a)  # both whole texts beside the diff
    (out / f"{name}.{label}.triton").write_text(b)
    first = (x[i] if i < len(x) else "<end>", y[i] if i < len(y) else "<end>")
    return f"line {i + 1}: tritonc `{first[0].strip()}` / triton `{first[1].strip()}` (diffs.tgz: {path.name})"


class Compiler:
    """Triton 3.6 for one config: make_ttir, lowering and triton.compile with its num_warps/stages."""

    def __init__(self, tt, num_warps, num_stages):
        self.tt = tt
        self.options = {"num_warps": num_warps, "num_stages": num_stages}
        self.opts = tt.backend.parse_options(self.options)

    def make_ttir(self, mod):
        return self.tt.backend.make_ttir(mod, {}, self.opts, CAPABILITY)

    def ptx(self, path):
        b, md = self.tt.backend, {}
        mod = b.make_ttgir(self.tt.parse(path), md, self.opts, CAPABILITY)
        llir = b.make_llir(mod, md, self.opts, CAPABILITY)
        return b.make_ptx(llir, md, self.opts, CAPABILITY)

    def twin_source(self, km, name, cfg):
        from triton.compiler import ASTSource
        return ASTSource(getattr(km, name), config_signature(km, cfg), dict(cfg["constexprs"]),
                         attrs=config_attrs(km, cfg))

    def twin_ttir(self, src):
        tt = self.tt
        ctx = tt.context()
        mod = src.make_ir(tt.target, self.opts, tt.backend.get_codegen_implementation(self.opts),
                          tt.backend.get_module_map(), ctx)
        mod = tt._owned(mod, ctx)
        self.twin_raw = mod.str_nodebug()  # the frontend's module before make_ttir, for a diff's reader
        return self.make_ttir(mod).str_nodebug()

    def compile(self, src):
        return self.tt.triton.compile(src, target=self.tt.target, options=dict(self.options))


# ---- what a launch runs: the JIT's specialization -------------------------------------------------

def jit_key(compiled, fn, constexprs):
    """Our key letters (docs/compile.md) from the JIT's specialization of the runtime arguments."""
    src = compiled.src
    attrs = {tuple(k): v for k, v in src.attrs.items()}
    key = ""
    for i, name in enumerate(fn.arg_names):
        if name in constexprs:
            continue
        if src.signature.get(name) == "constexpr":
            key += "1" if src.constants.get((i,)) == 1 else "?"
        elif any(list(a) == ["tt.divisibility", 16] for a in attrs.get((i,), [])):
            key += "D"
        else:
            key += "N"
    return key


class Variants:
    """The kernels a launch really runs. Python's JIT compiles a variant per pattern of argument
    values (integers equal to 1 become constexprs, multiples of 16 and aligned pointers get
    tt.divisibility), and tritonc's runtime computes the same key (docs/compile.md); a kernel
    compiled as declared can be many times slower (strides unknown: no vector loads). So timings
    compare these: the twin as the JIT compiles it for the case's arguments, ours emitted with the
    JIT's key. Cached per (kernel, config, key).

    The JIT types an integer argument by its value (i32 when it fits), where the kernel declares a
    type (a stride as i64): a launch from C passes the declared type. Where the two differ, the twin
    is the JIT's source and specialization compiled with the declared types, so that both sides are
    the same kernel (`retyped` names those arguments). A PTX difference writes its diffs (TTIR after
    make_ttir, PTX) under `diffs`."""

    def __init__(self, tt, tritonc, work, diffs=None):
        self.tt, self.tritonc, self.work, self.cache = tt, tritonc, work, {}
        self.diffs = diffs or work / "diffs"

    def get(self, km, name, cfg, args, grid):
        """{key, ours, twin, ours_args, twin_args, ptx_equal, ptx_diff (the first differing line, or
        None), retyped (the arguments the twin was retyped for, or "")} for these runtime arguments."""
        signature, constexprs = config_signature(km, cfg), dict(cfg["constexprs"])
        fn = getattr(km, name)
        full = twin_args(signature, constexprs, args)
        g = tuple(grid) + (1,) * (3 - len(grid))
        twin = fn.warmup(*full, grid=g, num_warps=cfg["num_warps"], num_stages=cfg["num_stages"])
        key = jit_key(twin, fn, constexprs)
        if "?" in key:
            raise RuntimeError(f"{name}: the JIT made a constexpr of an argument that is not 1 ({key})")
        slot = (name, cfg["label"], key)
        if slot not in self.cache:
            comp = Compiler(self.tt, cfg["num_warps"], cfg["num_stages"])
            retyped = {n: (t, signature[n]) for n, t in twin.src.signature.items()
                       if t != "constexpr" and signature.get(n, "constexpr") != "constexpr" and signature[n] != t}
            if retyped:
                from triton.compiler import ASTSource
                declared = {n: signature[n] if n in retyped else t for n, t in twin.src.signature.items()}
                twin = comp.compile(ASTSource(fn, declared, dict(twin.src.constants), dict(twin.src.attrs)))
            work = self.work / name / cfg["label"] / key
            work.mkdir(parents=True, exist_ok=True)
            raw = emit(self.tritonc, name, cfg["sets"], work / "emitted.ttir", specialize=key)
            path = work / "ours" / f"{name}.ttir"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(comp.make_ttir(self.tt.parse(raw)).str_nodebug())
            ours = comp.compile(str(path))
            a, b = strip_debug(ours.asm["ptx"], "ptx"), strip_debug(twin.asm["ptx"], "ptx")
            diff = None
            if a != b:
                tag = f"{name}.{cfg['label']}.{key}"
                diff_file(self.diffs, tag, "spec_ttir", strip_debug(ours.asm["ttir"], "ttir"),
                          strip_debug(twin.asm["ttir"], "ttir"))
                diff = diff_file(self.diffs, tag, "spec_ptx", a, b)
            self.cache[slot] = (ours, twin, diff, retyped)
        ours, twin, diff, retyped = self.cache[slot]
        ours_args = [a for a, letter in zip(args, key) if letter != "1"]
        return {"key": key, "ours": ours, "twin": twin, "ours_args": ours_args, "twin_args": full,
                "ptx_equal": diff is None, "ptx_diff": diff,
                "retyped": ", ".join(f"{n} (JIT {j}, declared {d})" for n, (j, d) in retyped.items())}


# ---- arguments: torch <-> bytes -------------------------------------------------------------------

def span(t):
    """The 1-d run of storage a (possibly strided) tensor reaches, first element to last."""
    if t.numel() == 0:
        return t.reshape(-1)[:0]
    n = 1 + sum((s - 1) * st for s, st in zip(t.shape, t.stride()))
    return t.as_strided((n,), (1,))


def to_bytes(t):
    """A tensor's span as raw bytes (bf16, fp8: their bits, which numpy cannot hold as floats)."""
    import torch
    s = span(t).contiguous()
    return s.view(torch.uint8).cpu().numpy().tobytes() if s.numel() else b""


def from_bytes(data, like):
    """The tensor `like` rebuilt from its span's bytes (to_bytes' inverse), on like's device."""
    import torch
    flat = torch.frombuffer(bytearray(data), dtype=torch.uint8) if data else torch.empty(0, dtype=torch.uint8)
    flat = flat.view(like.dtype)
    if like.numel() == 0:
        return flat.reshape(like.shape).to(like.device)
    return flat.as_strided(like.shape, like.stride()).to(like.device)


def clone_view(t):
    """A copy of t with t's strides (clone() would make a strided view dense, and the kernel is
    passed the strides as arguments)."""
    return span(t).clone().as_strided(t.shape, t.stride()) if t.numel() else t.clone()


def fresh_args(case):
    """The case's arguments for one launch: outputs copied from the case's (so a launch never sees
    another's results), reset arguments zeroed."""
    import torch
    args = list(case["args"])
    for i in set(case["outputs"]) | set(case.get("reset") or []):
        if torch.is_tensor(args[i]):
            args[i] = clone_view(args[i])
    for i in case.get("reset") or []:
        if torch.is_tensor(args[i]):
            span(args[i]).zero_()
    return args


def bit_equal(a, b):
    """The same bytes (NaNs included; works for fp8, which torch.equal may not take)."""
    import torch
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    x, y = a.contiguous(), b.to(a.device).contiguous()
    return torch.equal(x.reshape(-1).view(torch.uint8), y.reshape(-1).view(torch.uint8)) if x.numel() else True


def twin_args(signature, constexprs, args):
    """The full argument list a kernel compiled from Python source takes: constexprs in their places."""
    it = iter(args)
    return [constexprs.get(k) if (t == "constexpr" or k in constexprs) else next(it) for k, t in signature.items()]


def max_err(got, want):
    if got.numel() == 0:
        return 0.0
    return (got.double() - want.double()).abs().max().item()


def compared(case, tensors):
    """What a case's outputs are compared as: its "compare_as" of them when it has one (a split-KV
    segment's weighted values over its exp-sum, say), else the outputs themselves."""
    view = case.get("compare_as")
    return list(view(list(tensors))) if view else list(tensors)


def compare(got, want, tol):
    """(good, max abs err) of one output against one expected tensor."""
    import torch
    want = want.to(got.device)
    if got.shape != want.shape:
        return False, float("inf")
    err = max_err(got, want)
    good = torch.allclose(got.double(), want.double(), atol=tol[0], rtol=tol[1], equal_nan=True)
    return good, err


# ---- the C path -----------------------------------------------------------------------------------

def launch_c(harness, name, cfg, params, case, work):
    """Launches ours from C (launch_check run); returns the outputs rebuilt as tensors."""
    import torch
    args = fresh_args(case)
    work.mkdir(parents=True, exist_ok=True)
    cmd = [harness, "run", name] + set_args(cfg["sets"])
    grid = tuple(case["grid"]) + (1, 1)
    cmd += ["--num-warps", str(cfg["num_warps"]), "--num-stages", str(cfg["num_stages"]),
            "--grid", ",".join(str(g) for g in grid[:3])]
    files = {}
    for i, ((pname, ty), a) in enumerate(zip(params, args)):
        if ty.startswith("*"):
            path = work / f"arg{i}.bin"
            path.write_bytes(to_bytes(a))
            kind = "inout" if i in case["outputs"] else "in"
            cmd.append(f"{kind}:{ty[1:]}:{path}@{a.data_ptr() % 16}")
            files[i] = path
        else:
            flag = SCALAR_FLAGS.get(ty)
            if flag is None:
                raise ValueError(f"launch_check takes no scalar of type {ty} ({pname})")
            cmd.append(f"{flag}:{a if flag != 'f32' else repr(float(a))}")
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        raise RuntimeError(f"launch_check exit {r.returncode}: {(r.stderr or r.stdout).strip()[-400:]}")
    key = next((ln.split()[1] for ln in r.stdout.splitlines() if ln.startswith("KEY ")), "?")
    torch.cuda.synchronize()
    return [from_bytes(files[i].read_bytes(), args[i]) for i in case["outputs"]], key


# ---- the XLA path ---------------------------------------------------------------------------------

def launch_xla(tritonc, name, cfg, params, case):
    from xla_call import call_through_xla
    import torch
    args = fresh_args(case)
    # Torch spans as they are: xla_call maps bf16 and fp8 through ml_dtypes to the kernel's own
    # element types (raw int16/uint8 bits would be refused as the wrong pointer type).
    xargs = [span(a).contiguous() if torch.is_tensor(a) else a for a in args]
    results = call_through_xla(tritonc, name, dict(cfg["sets"]), tuple(case["grid"]), xargs, list(case["outputs"]),
                               num_warps=cfg["num_warps"], num_stages=cfg["num_stages"])
    import numpy as np
    if len(results) != len(case["outputs"]):
        raise RuntimeError(f"call_through_xla gave {len(results)} arrays for {len(case['outputs'])} outputs")
    return [from_bytes(np.ascontiguousarray(r).tobytes(), args[i]) for r, i in zip(results, case["outputs"])]


# ---- per kernel x config --------------------------------------------------------------------------

def set_value(v):
    """A config value as `--set K=V` takes it (Python's True is `true`)."""
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def set_args(sets):
    return [a for k, v in sets.items() for a in ("--set", f"{k}={set_value(v)}")]


def emit(tritonc, name, sets, path, specialize=None):
    cmd = [tritonc, "emit", name, "--no-loc"] + set_args(sets) + (["--specialize", specialize] if specialize else [])
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {r.returncode}: {r.stderr.strip()}")
    path.write_text(r.stdout)
    return path


def fmt_err(e):
    return f"{e:.2g}" if e is not None else "?"


class Budget:
    def __init__(self, seconds):
        self.seconds, self.t0, self.said = seconds, time.monotonic(), False

    def left(self):
        return self.seconds - (time.monotonic() - self.t0)


def bench(fn):
    """Microseconds of one fn() on the GPU: bench_graph, or do_bench where fn cannot be captured."""
    try:
        return bench_graph(fn)
    except Exception as e:
        import torch
        torch.cuda.synchronize()
        log(f"  (timed eagerly with do_bench: the CUDA graph failed: {type(e).__name__}: {str(e)[:80]})")
        return bench_eager(fn)


def bench_eager(fn):
    """Microseconds of one fn() by do_bench, Python's launch included: for what a graph cannot
    capture, and for long operations (the ceilings) where the launch does not matter."""
    import triton.testing
    return triton.testing.do_bench(fn, warmup=10, rep=40) * 1e3  # ms -> us


GRAPH_REPS = 20   # launches of fn per graph
GRAPH_RUNS = 10   # replays timed; the median is kept
GRAPH_WARM_S = 0.05  # seconds of untimed replays before those (median_ms says why)
_flush = []


def bench_graph(fn, flush=None):
    """fn's GPU time without Python's launch cost, which do_bench measures for kernels shorter than
    it (tens of microseconds: a pipeline of small kernels, a decode step), and which a C program
    launching through tritonc's runtime does not pay. GRAPH_REPS times (an L2 flush, then fn) are
    captured in one CUDA graph; the graph of the flushes alone is timed the same way and
    subtracted, so each fn starts with a cold L2 as with do_bench. The flush: `flush` when given
    (flush_probe.py compares others), else zero_() of 96 MiB, as do_bench flushes."""
    import torch
    if not _flush:
        _flush.append(torch.empty(24 << 20, dtype=torch.int32, device="cuda"))  # 96 MiB: past a 50 MB L2
    cache = _flush[0]
    flush = flush or cache.zero_
    fn()  # compiled and warm before the capture
    torch.cuda.synchronize()

    def capture(body):
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            for _ in range(GRAPH_REPS):
                body()
        return g

    def median_ms(g):
        # The GPU idles while a kernel compiles (seconds). An H100 run timed the first of two
        # kernels of equal PTX, right after their compiles, 38% slower than the second, as if the
        # clocks had not come back up within the few milliseconds that ten replays of a short
        # kernel take. So the graph first replays for GRAPH_WARM_S, untimed.
        start = time.perf_counter()
        g.replay()
        torch.cuda.synchronize()
        while time.perf_counter() - start < GRAPH_WARM_S:
            g.replay()
            torch.cuda.synchronize()
        times = []
        for _ in range(GRAPH_RUNS):
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            g.replay()
            b.record()
            b.synchronize()
            times.append(a.elapsed_time(b))
        return sorted(times)[len(times) // 2]

    both = capture(lambda: (flush(), fn()))
    alone = capture(flush)
    return max(median_ms(both) - median_ms(alone), 0.0) / GRAPH_REPS * 1e3  # ms -> us


def rate(case, us):
    """TFLOP/s or GB/s of one timing, with its share of the H200 ceiling."""
    if not us:
        return "-"
    if case.get("flops"):
        t = case["flops"] / (us * 1e-6) / 1e12
        return f"{t:.1f}TFLOP/s({100 * t / MATMUL_TFLOPS:.0f}%)"
    if case.get("bytes"):
        g = case["bytes"] / (us * 1e-6) / 1e9
        return f"{g:.0f}GB/s({100 * g / (COPY_TBPS * 1e3):.0f}%)"
    return "-"


def check_config(tt, ctx, name, km, cfg):
    """All checks of one config; returns (ok, rows for the summary)."""
    import torch
    out, work, label = ctx["out"], ctx["work"] / name / cfg["label"], cfg["label"]
    work.mkdir(parents=True, exist_ok=True)
    tag = f"{name}.{label}"
    log(f"\n=== {name} [{label}] sets {cfg['sets']} num_warps={cfg['num_warps']} num_stages={cfg['num_stages']}")
    head = {"ttir": FAIL, "ptx": FAIL}
    ours_kernel = twin_kernel = None
    comp = Compiler(tt, cfg["num_warps"], cfg["num_stages"])
    signature = config_signature(km, cfg)
    constexprs = dict(cfg["constexprs"])
    params = runtime_params(signature, constexprs)

    ours_path = twin_path = None
    try:
        raw = emit(ctx["tritonc"], name, cfg["sets"], work / "emitted.ttir")
        ours = comp.make_ttir(tt.parse(raw)).str_nodebug()
        # Both sides as NAME.ttir in two folders (as validate.py does): the file name reaches the
        # lowered code's debug info only, but nothing can then tell the two apart.
        ours_path = work / "ours" / f"{name}.ttir"
        ours_path.parent.mkdir(parents=True, exist_ok=True)
        ours_path.write_text(ours)
        src = comp.twin_source(km, name, cfg)
        theirs = comp.twin_ttir(src)
        twin_path = work / "twin" / f"{name}.ttir"
        twin_path.parent.mkdir(parents=True, exist_ok=True)
        twin_path.write_text(theirs)
        head["ttir"] = OK if ours == theirs else FAIL
        if ours != theirs:  # what went into make_ttir on both sides, beside the diff
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{tag}.ttir.tritonc.raw").write_text(raw.read_text())
            (out / f"{tag}.ttir.triton.raw").write_text(comp.twin_raw)
        log(f"  ttir: {'equal' if ours == theirs else 'DIFFERENT: ' + diff_file(out, tag, 'ttir', ours, theirs)}")
    except Exception:
        log("  ttir: FAIL with an exception:")
        traceback.print_exc(file=sys.stdout)
    if ours_path and twin_path:
        try:
            a, b = strip_debug(comp.ptx(ours_path), "ptx"), strip_debug(comp.ptx(twin_path), "ptx")
            head["ptx"] = OK if a == b else FAIL
            log(f"  ptx: {'equal' if a == b else 'DIFFERENT: ' + diff_file(out, tag, 'ptx', a, b)}")
        except Exception:
            log("  ptx: FAIL with an exception:")
            traceback.print_exc(file=sys.stdout)
    try:
        ours_kernel = comp.compile(str(ours_path)) if ours_path else None
    except Exception:
        log("  compile ours: FAIL:")
        traceback.print_exc(file=sys.stdout)
    try:
        twin_kernel = comp.compile(comp.twin_source(km, name, cfg))
    except Exception:
        log("  compile twin: FAIL:")
        traceback.print_exc(file=sys.stdout)

    try:
        torch.manual_seed(0)
        cases = km.model_cases(cfg, torch)
    except Exception:
        log("  model_cases: FAIL with an exception:")
        traceback.print_exc(file=sys.stdout)
        return False, [dict(head, kernel=name, config=label, case="(model_cases failed)")]
    rows = []
    for i, case in enumerate(cases):
        try:
            # XLA for the first case of a config only (--xla-all-cases for every case): each call
            # compiles a program and moves every buffer through the host, seconds for the big ones.
            xla = i == 0 or ctx.get("xla_all_cases")
            rows.append(check_case(ctx, name, km, cfg, params, signature, constexprs, case, ours_kernel, twin_kernel, head,
                                   xla))
        except Exception:
            log(f"  case {i} ({case.get('label', '?') if isinstance(case, dict) else '?'}): FAIL with an exception:")
            traceback.print_exc(file=sys.stdout)
            rows.append(dict(head, kernel=name, config=label, case=f"#{i} (crashed)", run=FAIL))
    ok = all(v != FAIL for r in rows for k, v in r.items()
             if k in ("ttir", "ptx", "run", "correct", "twin", "C", "XLA", "spec_ptx"))
    return ok, rows


def launch_py(kernel, grid, args):
    import torch
    kernel[tuple(grid) + (1,) * (3 - len(grid))](*args)
    torch.cuda.synchronize()


def check_case(ctx, name, km, cfg, params, signature, constexprs, case, ours_kernel, twin_kernel, head, xla=True):
    import torch
    clabel = case.get("label", "?")
    row = dict(head, kernel=name, config=cfg["label"], case=clabel, run=FAIL, correct=FAIL, err=None, twin=FAIL,
               twin_diff=None, C=FAIL, XLA=FAIL, ours_us=None, twin_us=None, torch_us=None, rate="-")
    tol = tuple(case.get("tol") or (1e-5, 1e-6))
    grid = tuple(case["grid"])
    outs = case["outputs"]
    log(f"  -- case {clabel}: grid {grid}, outputs {outs}, tol {tol}")
    if len(case["args"]) != len(params):
        log(f"    FAIL: {len(case['args'])} args for {len(params)} non-constexpr arguments "
            f"({' '.join(p for p, _ in params)})")
        return row
    want = got = None
    try:
        want = [w for w in case["expected"]()]
    except Exception:
        log("    expected(): FAIL with an exception:")
        traceback.print_exc(file=sys.stdout)
    if ours_kernel is not None:
        try:
            args = fresh_args(case)
            launch_py(ours_kernel, grid, args)
            got = [args[i].clone() for i in outs]
            row["run"] = OK
            if want is not None:
                errs = [compare(g, w, tol) for g, w in zip(compared(case, got), compared(case, want))]
                row["correct"] = OK if len(want) == len(got) and all(e[0] for e in errs) else FAIL
                row["err"] = max((e[1] for e in errs), default=0.0)
                log(f"    ours vs expected: {row['correct']} (max abs err {fmt_err(row['err'])}; "
                    f"per output {[fmt_err(e[1]) for e in errs]})")
        except Exception:
            log("    run ours: FAIL with an exception:")
            traceback.print_exc(file=sys.stdout)
    if twin_kernel is not None and got is not None:
        try:
            args = fresh_args(case)
            launch_py(twin_kernel, grid, twin_args(signature, constexprs, args))
            diffs = [max_err(g, args[i]) for g, i in zip(got, outs)]
            same = all(bit_equal(g, args[i]) for g, i in zip(got, outs))
            row["twin_diff"] = max(diffs, default=0.0)
            # Equal PTX should give equal bits; an accumulating kernel may differ within its tolerance.
            close = all(compare(g, t, tol)[0]
                        for g, t in zip(compared(case, got), compared(case, [args[i] for i in outs])))
            row["twin"] = OK if same or close else FAIL
            log(f"    ours vs twin: {'bit-equal' if same else 'max diff ' + fmt_err(row['twin_diff'])} -> {row['twin']}")
        except Exception:
            log("    run twin: FAIL with an exception:")
            traceback.print_exc(file=sys.stdout)
    reference = got if got is not None else want
    for path, fn in (("C", lambda: launch_c(ctx["harness"], name, cfg, params, case, ctx["work"] / name / cfg["label"] / "c")),
                     ("XLA", lambda: (launch_xla(ctx["tritonc"], name, cfg, params, case), None))):
        if path == "XLA" and not xla:
            row[path] = SKIP
            continue
        try:
            if path == "C" and not ctx["harness"]:
                raise RuntimeError("no --harness (launch_check) given")
            if path == "XLA" and ctx["xla_error"]:
                raise RuntimeError(ctx["xla_error"])
            if reference is None:
                raise RuntimeError("nothing to compare with (ours did not run, expected() failed)")
            res, key = fn()
            errs = [compare(r, g, tol) for r, g in zip(compared(case, res), compared(case, reference))]
            row[path] = OK if len(res) == len(reference) and all(e[0] for e in errs) else FAIL
            exact = all(bit_equal(r, g) for r, g in zip(res, reference))
            log(f"    {path}{' key ' + key if key else ''}: {row[path]} ("
                f"{'bit-equal to ours' if exact else 'max diff ' + fmt_err(max((e[1] for e in errs), default=0.0))})")
        except Exception as e:
            log(f"    {path}: FAIL: {type(e).__name__}: {str(e)[:500]}")
            if not isinstance(e, (RuntimeError, ImportError)):
                traceback.print_exc(file=sys.stdout)
    # Times: ours, twin, baseline in the same run, while the budget lasts.
    budget = ctx["budget"]
    if budget.left() <= 0:
        if not budget.said:
            log(f"    timing: SKIPPED from here on: the {budget.seconds:.0f} s budget is spent")
            budget.said = True
        row["ours_us"] = row["twin_us"] = row["torch_us"] = "skip"
        return row
    # What a launch really runs: the JIT's variant for these arguments and ours with its key (Variants).
    g = grid + (1,) * (3 - len(grid))
    try:
        v = ctx["variants"].get(km, name, cfg, fresh_args(case), grid)
        row["spec"], row["spec_ptx"] = v["key"], OK if v["ptx_equal"] else FAIL
        log(f"    specialized as the JIT does: key {v['key']}, PTX {'equal' if v['ptx_equal'] else 'DIFFERENT'}"
            + (f" ({v['ptx_diff']})" if v["ptx_diff"] else "")
            + (f"; twin compiled with the declared types of {v['retyped']}" if v["retyped"] else ""))
    except Exception:
        row["spec_ptx"] = FAIL
        log("    specialized variant: FAIL with an exception:")
        traceback.print_exc(file=sys.stdout)
        return row
    try:
        row["ours_us"] = bench(lambda: v["ours"][g](*v["ours_args"]))
        row["rate"] = rate(case, row["ours_us"])
        row["twin_us"] = bench(lambda: v["twin"][g](*v["twin_args"]))
        if case.get("baseline"):
            row["torch_us"] = bench(case["baseline"])
        log(f"    times (us): ours {fmt_us(row['ours_us'])}, twin {fmt_us(row['twin_us'])}, "
            f"torch {fmt_us(row['torch_us'])}; {row['rate']}")
    except Exception:
        log("    timing: FAIL with an exception (not a check):")
        traceback.print_exc(file=sys.stdout)
    return row


def fmt_us(v):
    return "-" if v is None else v if isinstance(v, str) else f"{v:.1f}"


# ---- summary --------------------------------------------------------------------------------------

def cell(col, v):
    if v is None:
        return "-"
    if col == "err":
        return fmt_err(v)
    if col.endswith("_us"):
        return fmt_us(v)
    return str(v)


def summary(rows, path, quiet=False):
    cols = ["kernel", "config", "case", "ttir", "ptx", "run", "correct", "err", "twin", "C", "XLA", "spec", "spec_ptx",
            "ours_us", "twin_us", "torch_us", "rate"]
    table = [cols]
    for r in rows:
        table.append([cell(c, r.get(c)) for c in cols])
    widths = [max(len(t[i]) for t in table) for i in range(len(cols))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(t, widths)).rstrip() for t in table]
    checks = [r.get(c) for r in rows for c in ("ttir", "ptx", "run", "correct", "twin", "C", "XLA", "spec_ptx") if c in r]
    lines.append(f"{checks.count(OK)} checks passed, {checks.count(FAIL)} failed "
                 f"(ceilings: copy {COPY_TBPS} TB/s, bf16 matmul {MATMUL_TFLOPS} TFLOP/s)")
    text = "\n".join(lines) + "\n"
    path.write_text(text)
    if not quiet:
        log("\n=== summary (also in " + str(path) + ")\n" + text)
    return checks.count(FAIL) == 0


def selected(configs, prefixes):
    """The configs whose label starts with one of prefixes (--config), all when there are none."""
    return [c for c in configs if not prefixes or any(str(c.get("label", "")).startswith(p) for p in prefixes)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tritonc", help="the tritonc binary")
    ap.add_argument("--harness", help="tests/gpu/launch_check built against CUDA (the C path)")
    ap.add_argument("--out", type=Path, default=Path("gpu-out"), help="models_summary.txt goes here")
    ap.add_argument("--diffs", type=Path, default=None, help="TTIR/PTX diffs of failures (default WORK/diffs)")
    ap.add_argument("--work", type=Path, default=Path("/tmp/tritonc-models-work"), help="TTIR and C inputs")
    ap.add_argument("--kernel", nargs="+", help="only these kernels")
    ap.add_argument("--config", nargs="+", help="only the configs whose label starts with one of these")
    ap.add_argument("--budget-s", type=float, default=420, help="timing stops once this many seconds passed")
    ap.add_argument("--xla-all-cases", action="store_true", help="XLA for every case (default: a config's first)")
    ap.add_argument("--dry-run", action="store_true", help="check the modules' shape only: no triton, torch, GPU")
    args = ap.parse_args()
    names = model_module_names()
    if args.kernel:
        missing = [k for k in args.kernel if k not in names]
        if missing:
            log(f"FAIL: no kernels/NAME.py with MODEL_CONFIGS for: {' '.join(missing)}")
            return 1
        names = args.kernel
    log(f"model kernels ({len(names)}): {' '.join(names)}")
    if not names:
        log("FAIL: no kernels/*.py defines MODEL_CONFIGS")
        return 1
    if args.dry_run:
        return dry_run(names, args.tritonc)
    if not args.tritonc:
        log("FAIL: --tritonc is required")
        return 1

    sys.path.insert(0, str(HERE))
    sys.path[:0] = [str(d) for d in KERNEL_DIRS]
    from validate import Triton
    try:
        tt = Triton()
    except Exception as e:
        log(f"FAIL: Triton 3.6 is not usable here: {type(e).__name__}: {e}")
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    xla_error = None
    try:
        import xla_call  # noqa: F401  (tests/gpu/xla_call.py)
        if not hasattr(xla_call, "call_through_xla"):
            xla_error = "tests/gpu/xla_call.py defines no call_through_xla"
    except Exception as e:
        xla_error = f"cannot import tests/gpu/xla_call.py: {type(e).__name__}: {e}"
    if xla_error:
        log(f"XLA path: {xla_error} (every XLA cell FAILs)")
    diffs = args.diffs or args.work / "diffs"
    ctx = {"tritonc": args.tritonc, "harness": args.harness, "out": diffs, "work": args.work,
           "budget": Budget(args.budget_s), "xla_error": xla_error, "xla_all_cases": args.xla_all_cases,
           "variants": Variants(tt, args.tritonc, args.work / "variants", diffs)}
    rows, ok = [], True
    for name in names:
        try:
            km = load_module(name)
            configs = km.MODEL_CONFIGS
        except Exception:
            log(f"\n=== {name}: FAIL: kernels/{name}.py does not import:")
            traceback.print_exc(file=sys.stdout)
            rows.append({"kernel": name, "config": "?", "case": "(import failed)", "ttir": FAIL})
            ok = False
            continue
        for cfg in selected(configs, args.config):
            try:
                good, r = check_config(tt, ctx, name, km, cfg)
            except Exception:
                log(f"  {name} [{cfg.get('label', '?')}]: FAIL with an exception:")
                traceback.print_exc(file=sys.stdout)
                good, r = False, [{"kernel": name, "config": cfg.get("label", "?"), "case": "(crashed)", "ttir": FAIL}]
            ok &= good
            rows.extend(r)
            summary(rows, args.out / "models_summary.txt", quiet=True)  # so far: kept if the run is cut short
    ok &= summary(rows, args.out / "models_summary.txt")
    log(f"models.py: {'all checks passed' if ok else 'FAILURES'} in {time.monotonic() - ctx['budget'].t0:.0f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
