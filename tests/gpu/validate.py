#!/usr/bin/env python3
"""Proves tritonc's TTIR against Triton 3.6 on the GPU machine (README.md beside this file).

For each bundled kernel NAME, emitted by run.sh into --emitted as NAME.ttir (pretty, no locations),
NAME.generic.ttir (generic, no locations) and NAME.loc.ttir (pretty, with locations), and for its
Python original kernels/NAME.py:
  a. round trip: Triton parses (and so verifies) each form; str_nodebug() must give our pretty text;
     the with-locations form is also lowered to PTX, whose line info must name our C file (ptxloc);
  b. make_ttir on ours equals make_ttir on the Python original; then TTGIR, LLIR and PTX compared;
  c. if kernels/NAME.py defines `reference` and `grid`: ours is compiled, launched and checked
     (host tensor descriptor arguments as TensorDescriptor objects, as the JIT takes them);
  d. timing: the Python frontend's make_ir for each kernel, and tritonc_bench's output;
  e. a summary table; exit status 1 if any check failed.
--dry-run needs no triton and no GPU: it checks the emitted files and the kernel modules' shape.
"""
import argparse
import ast
import difflib
import importlib.util
import inspect
import json
import os
import re
import subprocess
import sys
import time
import traceback
from pathlib import Path
from kernel_files import kernel_py

REPO = Path(__file__).resolve().parents[2]
OK, FAIL, SKIP = "ok", "FAIL", "-"
COLUMNS = ["roundtrip", "generic", "locs", "ptxloc", "ttir", "ttgir", "llir", "ptx", "run"]
FORMS = {"pretty": ".ttir", "generic": ".generic.ttir", "loc": ".loc.ttir"}
CAPABILITY = 90
SIZES = [1, 1000, 98432, 1 << 20, (1 << 20) + 17]
DIFF_LINES = 120  # diff lines printed in the log; whole diffs go to OUT/diffs/
TORCH_DTYPES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32", "fp64": "float64",
                "i1": "bool", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64", "u8": "uint8"}


def kernel_names(list_text):
    """Names in `tritonc list` output: the first word of each line not starting with blank or '#'."""
    return [line.split()[0] for line in list_text.splitlines()
            if line.strip() and not line[0].isspace() and line[0] != "#"]


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def attempt(label, fn, *args):
    """Runs one check; an exception is printed and makes it a failure, never stops the run."""
    try:
        return fn(*args)
    except Exception:
        print(f"  {label}: FAIL with an exception:")
        traceback.print_exc(file=sys.stdout)
        return FAIL


def compare(label, ours, theirs, out, name, a="tritonc", b="triton"):
    """Says whether two texts are equal; if not, prints the first differing line and a diff."""
    if ours == theirs:
        print(f"  {label}: equal")
        return OK
    x, y = ours.splitlines(), theirs.splitlines()
    if x == y:
        print(f"  {label}: DIFFERENT only at the end: {a} ends {ours[-12:]!r}, {b} ends {theirs[-12:]!r}")
        return FAIL
    i = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
    print(f"  {label}: DIFFERENT; first difference at line {i + 1}:")
    print(f"    {a}: {x[i] if i < len(x) else '<end of text>'}")
    print(f"    {b}: {y[i] if i < len(y) else '<end of text>'}")
    diff = list(difflib.unified_diff(x, y, a, b, lineterm="", n=2))
    path = write(out / "diffs" / f"{name}.{label}.diff", "\n".join(diff) + "\n")
    print("\n".join("    " + d for d in diff[:DIFF_LINES]))
    if len(diff) > DIFF_LINES:
        print(f"    ... {len(diff) - DIFF_LINES} more diff lines in {path}")
    return FAIL


def strip_debug(text, stage):
    """Drops what only debug info and file names put in LLIR and PTX, so equal code compares equal."""
    kept = []
    for line in text.splitlines():
        s = line.strip()
        if stage == "ptx":
            if s.startswith(".section") and ".debug" in s:
                break  # the DWARF sections run to the end of the file
            if s.startswith(("//", ".file", ".loc")) or re.fullmatch(r"\$L__(tmp|func_begin|func_end)\d*:", s):
                continue
        if stage == "llir":
            if s.startswith(("!", "#dbg_", "source_filename", "; ModuleID")) or "@llvm.dbg." in s:
                continue
            line = re.sub(r",? !dbg !\d+", "", line)
        kept.append(line)
    return "\n".join(kept) + "\n"


class Triton:
    """Triton 3.6 driven through its Python API, exactly as triton.compile drives it."""

    def __init__(self):
        import triton
        from triton._C.libtriton import ir
        from triton.backends.compiler import GPUTarget
        self.triton, self.ir = triton, ir
        self.target = GPUTarget("cuda", CAPABILITY, 32)
        self.backend = triton.compiler.compiler.make_backend(self.target)
        self.opts = self.backend.parse_options({})
        self.contexts = []  # contexts kept alive here when a module cannot hold its own
        print(f"python {sys.version.split()[0]}, triton {triton.__version__}, target {self.target}")

    def context(self):
        ctx = self.ir.context()
        self.ir.load_dialects(ctx)
        self.backend.load_dialects(ctx)
        return ctx

    def _owned(self, mod, ctx):
        """Ties a context's life to its module, as triton.compile does (mod.context = ctx)."""
        try:
            mod.context = ctx
        except AttributeError:  # a read-only property in some builds: keep the context here
            self.contexts.append(ctx)
        return mod

    def parse(self, path):
        """Parses and verifies a TTIR file; raises on bad IR."""
        ctx = self.context()
        return self._owned(self.ir.parse_mlir_module(str(path), ctx), ctx)

    def python_ir(self, km, name):
        """The Python frontend's raw module for kernels/NAME.py and make_ir's wall time in ms."""
        from triton.compiler import ASTSource
        src = ASTSource(getattr(km, name), km.SIGNATURE, getattr(km, "CONSTEXPRS", {}),
                        attrs=getattr(km, "ATTRS", {}))
        ctx = self.context()
        t0 = time.perf_counter()
        mod = src.make_ir(self.target, self.opts, self.backend.get_codegen_implementation(self.opts),
                          self.backend.get_module_map(), ctx)
        return self._owned(mod, ctx), (time.perf_counter() - t0) * 1e3

    def make_ttir(self, mod):
        return self.backend.make_ttir(mod, {}, self.opts, CAPABILITY)

    def options(self, km):
        """The compile options of kernels/NAME.py: Triton's defaults, or its NUM_WARPS and
        NUM_STAGES when it names them (a kernel whose tile wants 8 warps)."""
        given = {k: getattr(km, name) for k, name in (("num_warps", "NUM_WARPS"), ("num_stages", "NUM_STAGES"))
                 if km is not None and hasattr(km, name)}
        return self.backend.parse_options(given) if given else self.opts

    def lower(self, mod, who, opts=None):
        """TTGIR, LLIR and PTX texts of a module after make_ttir; stops at the first failing stage."""
        texts, md = {}, {}
        opts = opts or self.opts
        try:
            mod = self.backend.make_ttgir(mod, md, opts, CAPABILITY)
            texts["ttgir"] = mod.str_nodebug()
            texts["llir"] = self.backend.make_llir(mod, md, opts, CAPABILITY)
            texts["ptx"] = self.backend.make_ptx(texts["llir"], md, opts, CAPABILITY)
        except Exception:
            print(f"  lowering {who}'s module failed after {list(texts) or 'no stage'}:")
            traceback.print_exc(file=sys.stdout)
        return texts


# ---- a. round trip -------------------------------------------------------------------------------

def check_roundtrip(tt, path, pretty, out, name):
    return compare("roundtrip", pretty, tt.parse(path).str_nodebug(), out, name, "tritonc", "reprinted")


def check_same_as_pretty(tt, label, path, pretty_path, pretty, out, name):
    reprint = tt.parse(path).str_nodebug()
    status = compare(label, pretty, reprint, out, name, "pretty", "reprinted")
    if status != OK:
        try:
            same = reprint == tt.parse(pretty_path).str_nodebug()
        except Exception:
            same = False
        print(f"  ({label}: {'the same' if same else 'not the same'} IR as the pretty form once both are reprinted)")
    return status


def check_ptx_locations(tt, path):
    """Our locations must reach the PTX: a .file directive naming the C file of loc("file.c":L:C)."""
    m = re.search(r'loc\("([^"]+)"', path.read_text())
    if not m:
        print("  ptxloc: FAIL: the with-locations form has no loc(\"file\":line:col)")
        return FAIL
    source = os.path.basename(m.group(1))
    ptx = tt.lower(tt.make_ttir(tt.parse(path)), "tritonc (with locations)").get("ptx", "")
    files = [line.strip() for line in ptx.splitlines() if line.strip().startswith(".file")]
    hit = next((f for f in files if source in f), None)
    print(f"  ptxloc: {'ok: ' + hit if hit else f'FAIL: no .file names {source} in {files}'}")
    if not hit:
        print("  (Triton builds line info from the tt.func's own location: does it carry loc(\"file\":l:c)?)")
    return OK if hit else FAIL


# ---- b. against the Python original --------------------------------------------------------------

def check_against_python(tt, name, km, pretty_path, out):
    cells = dict.fromkeys(("ttir", "ttgir", "llir", "ptx"), FAIL)
    raw, _ = tt.python_ir(km, name)  # Python's side first: saved even when ours does not parse
    write(out / "python" / f"{name}.raw.ttir", raw.str_nodebug())
    theirs = tt.make_ttir(raw).str_nodebug()
    theirs_path = write(out / "python" / f"{name}.ttir", theirs)
    ours = tt.make_ttir(tt.parse(pretty_path)).str_nodebug()
    ours_path = write(out / "ours" / f"{name}.ttir", ours)
    cells["ttir"] = compare("make_ttir", ours, theirs, out, name)
    # Both lowered from their make_ttir'd text (no Python locations, same file name in another
    # folder), so debug info cannot make them differ; strip_debug handles what is left.
    opts = tt.options(km)
    a, b = tt.lower(tt.parse(ours_path), "tritonc", opts), tt.lower(tt.parse(theirs_path), "triton", opts)
    for stage in ("ttgir", "llir", "ptx"):
        if stage in a and stage in b:
            cells[stage] = compare(stage, strip_debug(a[stage], stage), strip_debug(b[stage], stage), out, name)
            if cells[stage] != OK:
                write(out / "stages" / f"{name}.tritonc.{stage}", a[stage])
                write(out / "stages" / f"{name}.triton.{stage}", b[stage])
    return cells


# ---- c. run on the GPU ---------------------------------------------------------------------------

def runtime_args(km):
    """(name, type) of the arguments the compiled kernel takes: constexprs are baked into the IR."""
    consts = getattr(km, "CONSTEXPRS", {})
    return [(k, t) for k, t in km.SIGNATURE.items() if t != "constexpr" and k not in consts]


def make_args(km, n, torch):
    """Random tensors of n elements for pointers, n for integer scalars; kernels/NAME.py may
    define make_args(n) -> {name: value} instead."""
    if hasattr(km, "make_args"):
        return dict(km.make_args(n))
    args = {}
    for name, ty in runtime_args(km):
        if ty.startswith("*"):
            dtype = getattr(torch, TORCH_DTYPES[ty[1:]])
            if dtype.is_floating_point:
                args[name] = torch.randn(n, device="cuda").to(dtype)
            elif dtype == torch.bool:
                args[name] = torch.randint(0, 2, (n,), device="cuda").bool()
            else:
                args[name] = torch.randint(-100, 100, (n,), device="cuda").to(dtype)
        else:
            args[name] = n if ty[0] in "iu" else 0.5
    return args


def expected_outputs(km, args, torch):
    """reference(...) on copies of the arguments, by name when its parameters are argument names,
    else by position; a single tensor result is the expected value of the last pointer argument."""
    copies = {k: v.clone() if torch.is_tensor(v) else v for k, v in args.items()}
    params = inspect.signature(km.reference).parameters
    if set(params) <= set(copies):
        result = km.reference(**{p: copies[p] for p in params})
    elif any(p.kind == p.VAR_POSITIONAL for p in params.values()):
        result = km.reference(*copies.values())
    else:
        result = km.reference(*list(copies.values())[:len(params)])
    if isinstance(result, dict):
        return result
    return {[k for k, v in args.items() if torch.is_tensor(v)][-1]: result}


def launch_grid(km, args, n):
    """grid(n, cfg) as kernels/README.md says (cfg: the constexprs by name), or Triton's
    grid(meta) (meta: runtime arguments and constexprs by name), or a plain tuple."""
    consts = getattr(km, "CONSTEXPRS", {})
    if not callable(km.grid):
        grid = km.grid
    elif len(inspect.signature(km.grid).parameters) == 2:
        grid = km.grid(n, dict(consts))
    else:
        grid = km.grid(dict(args, **consts))
    grid = (grid,) if isinstance(grid, int) else tuple(grid)
    return (grid + (1, 1, 1))[:3]


TENSORDESC_ELEMENTS = {"f16": "fp16", "bf16": "bf16", "f32": "fp32", "f64": "fp64", "f8E4M3FN": "fp8e4nv",
                       "f8E5M2": "fp8e5", "i8": "i8", "si8": "i8", "ui8": "u8", "i16": "i16", "si16": "i16",
                       "i32": "i32", "si32": "i32", "i64": "i64", "si64": "i64"}


def launcher_signature(signature):
    """triton.compile of a TTIR file types each argument as the IR prints it, and so a host tensor
    descriptor as its three parts (!tt.tensordesc<tensor<64x64xf16>>, one i32 per dimension of its
    shape, one i64 per stride), which the launcher cannot take. Triton's launcher takes it as the
    JIT types it, one argument (tensordesc<fp16[64, 64]>), and from a TensorDescriptor object makes
    the CUtensorMap, shape and strides itself. The signature with each descriptor so typed."""
    items, out, i = list(signature.values()), {}, 0
    while i < len(items):
        m = re.fullmatch(r"!tt\.tensordesc<tensor<([0-9x]+)x([A-Za-z0-9]+)>>", str(items[i]))
        if m:
            dims = m.group(1).split("x")
            out[len(out)] = f"tensordesc<{TENSORDESC_ELEMENTS[m.group(2)]}[{', '.join(dims)}]>"
            i += 1 + 2 * len(dims)
        else:
            out[len(out)] = items[i]
            i += 1
    return out


def compile_for_launch(tt, path, opts=None):
    """triton.compile of a TTIR file, its launcher typed for host tensor descriptors (above)."""
    kernel = tt.triton.compile(str(path), target=tt.target, options=opts)
    if any(str(t).startswith("!tt.tensordesc") for t in kernel.src.signature.values()):
        kernel.src.signature = launcher_signature(kernel.src.signature)  # read when the launcher is made
    return kernel


def as_tensor(value):
    """A TensorDescriptor argument's tensor (its base), else the value."""
    return value.base if type(value).__name__ == "TensorDescriptor" else value


def check_run(tt, name, km, pretty_path, out):
    """Compiles OUR TTIR with triton.compile and checks it against reference on several sizes.
    triton.compile starts an IR file at make_ttgir (it skips make_ttir), so the main check runs
    make_ttir first, as the Python path and XLA do. The file as emitted (no make_ttir) must run
    right too: our TTIR claims to be what make_ttir would give."""
    import torch
    torch.manual_seed(0)
    rtol, atol = getattr(km, "TOLERANCE", (1e-5, 1e-6))
    after_ttir = write(out / "run" / f"{name}.ttir", tt.make_ttir(tt.parse(pretty_path)).str_nodebug())
    status = OK
    for label, path in (("after make_ttir", after_ttir), ("as emitted", pretty_path)):
        try:
            opts = {k: getattr(km, n) for k, n in (("num_warps", "NUM_WARPS"), ("num_stages", "NUM_STAGES"))
                    if hasattr(km, n)}
            kernel = compile_for_launch(tt, path, opts or None)
        except Exception:
            print(f"  run ({label}): FAIL: triton.compile raised:")
            traceback.print_exc(file=sys.stdout)
            status = FAIL
            continue
        for n in SIZES:
            try:
                args = make_args(km, n, torch)
                want = expected_outputs(km, args, torch)
                grid = launch_grid(km, args, n)
                kernel[grid](*args.values())  # CompiledKernel[grid](*runtime args)
                torch.cuda.synchronize()
                for arg, exp in want.items():
                    got = as_tensor(args[arg])
                    exp = exp.to(got.device)
                    err = (got.double() - exp.double()).abs().max().item() if got.numel() else 0.0
                    good = got.shape == exp.shape and torch.allclose(got.double(), exp.double(), rtol=rtol, atol=atol)
                    print(f"  run ({label}) n={n:>8} grid={grid} {arg}: max abs err {err:.3g} "
                          f"{'ok' if good else 'FAIL'}")
                    status = status if good else FAIL
            except Exception:
                print(f"  run ({label}) n={n}: FAIL with an exception:")
                traceback.print_exc(file=sys.stdout)
                status = FAIL
    return status


# ---- per kernel ----------------------------------------------------------------------------------

def load_kernel_module(name):
    """kernels/NAME.py as a module (None if there is none); raises if it does not import."""
    path = kernel_py(name)
    if not path.exists():
        return None
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location(f"tritonc_kernels_{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def validate_kernel(tt, name, emitted, out, modules):
    print(f"\n=== {name}")
    row = dict.fromkeys(COLUMNS, SKIP)
    files = {form: emitted / f"{name}{suffix}" for form, suffix in FORMS.items()}
    for form, path in files.items():
        if not path.exists():
            print(f"  {form}: FAIL: {path} is missing (did tritonc emit fail?)")
    present = {form: path.exists() for form, path in files.items()}
    pretty = files["pretty"].read_text() if present["pretty"] else None

    # a. round trip
    row["roundtrip"] = attempt("roundtrip", check_roundtrip, tt, files["pretty"], pretty, out, name) \
        if pretty is not None else FAIL
    for form, col in (("generic", "generic"), ("loc", "locs")):
        row[col] = attempt(col, check_same_as_pretty, tt, col, files[form], files["pretty"], pretty, out, name) \
            if present[form] and pretty is not None else FAIL
    row["ptxloc"] = attempt("ptxloc", check_ptx_locations, tt, files["loc"]) if present["loc"] else FAIL

    # b. against the Python original
    try:
        km = load_kernel_module(name)
    except Exception:
        print(f"  kernels/{name}.py: FAIL: it does not import:")
        traceback.print_exc(file=sys.stdout)
        row.update(dict.fromkeys(("ttir", "ttgir", "llir", "ptx"), FAIL))
        return row
    if km is None:
        print(f"  no kernels/{name}.py: comparison, run and timing skipped")
        return row
    modules[name] = km
    if pretty is None:
        row.update(dict.fromkeys(("ttir", "ttgir", "llir", "ptx"), FAIL))
    else:
        cells = attempt("against Python", check_against_python, tt, name, km, files["pretty"], out)
        row.update(cells if isinstance(cells, dict) else dict.fromkeys(("ttir", "ttgir", "llir", "ptx"), FAIL))

    # c. run
    if hasattr(km, "reference") and hasattr(km, "grid"):
        row["run"] = attempt("run", check_run, tt, name, km, files["pretty"], out) if pretty is not None else FAIL
    return row


# ---- d. timing -----------------------------------------------------------------------------------

def timing(tt, modules, build, out, repeats=5):
    """make_ir wall time per kernel (best of `repeats` warm runs), then tritonc_bench's output.
    Returns False if the bench ran and failed."""
    print("\n=== timing")
    print(f"  Python frontend make_ir, best of {repeats} warm runs in one process (ms):")
    best = {}
    for name, km in modules.items():
        try:
            tt.python_ir(km, name)  # warm-up
            best[name] = min(tt.python_ir(km, name)[1] for _ in range(repeats))
            print(f"    {name:28} {best[name]:9.3f}")
        except Exception:
            print(f"    {name:28} FAIL:")
            traceback.print_exc(file=sys.stdout)
    write(out / "make_ir_ms.json", json.dumps(best, indent=1) + "\n")
    if not list((REPO / "tools").glob("bench*")):
        print("  no tools/bench*: tritonc_bench skipped")
        return True
    found = [p for b in ("tritonc_bench", "tritonc-bench") for p in Path(build).rglob(b)
             if p.is_file() and os.access(p, os.X_OK)] if build and Path(build).is_dir() else []
    if not found:
        print(f"  tritonc_bench: FAIL: tools/bench* exists but no tritonc_bench binary under {build}")
        return False
    exe = found[0]
    print(f"  {exe}:")
    try:
        r = subprocess.run([str(exe)], cwd=REPO, capture_output=True, text=True, timeout=300)
    except Exception:
        traceback.print_exc(file=sys.stdout)
        return False
    print("\n".join("    " + line for line in (r.stdout + r.stderr).splitlines()))
    print(f"  {exe.name} exit status {r.returncode}")
    return r.returncode == 0


# ---- dry run -------------------------------------------------------------------------------------

def module_shape(name):
    """Checks by reading (not importing) that kernels/NAME.py holds what validate.py needs."""
    path = kernel_py(name)
    if not path.exists():
        print(f"  no kernels/{name}.py: checks b-d would be skipped")
        return SKIP
    tree = ast.parse(path.read_text(), str(path))
    defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    defined |= {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    missing = sorted({name, "SIGNATURE", "CONSTEXPRS", "ATTRS"} - defined)
    run = "reference and grid: run check" if {"reference", "grid"} <= defined else "no reference/grid: no run"
    print(f"  kernels/{name}.py: {'missing ' + ', '.join(missing) if missing else 'ok'}; {run}")
    return FAIL if missing else OK


def dry_run(names, emitted):
    rows = {}
    marks = {"pretty": "tt.func", "generic": '"tt.func"', "loc": "loc("}
    for name in names:
        print(f"\n=== {name}")
        row = {}
        for form, suffix in FORMS.items():
            path = emitted / f"{name}{suffix}"
            text = path.read_text() if path.exists() else ""
            good = re.search(r'^(module|"builtin.module")', text, re.M) is not None and marks[form] in text
            print(f"  {form}: {'ok' if good else 'FAIL'} ({path}, {len(text)} bytes)")
            row[form] = OK if good else FAIL
        row["python"] = attempt("python", module_shape, name)
        rows[name] = row
    return rows


# ---- e. summary ----------------------------------------------------------------------------------

def summary(rows):
    columns = list(next(iter(rows.values())).keys()) if rows else COLUMNS
    width = max([len("kernel")] + [len(n) for n in rows])
    print("\n=== summary")
    print("  " + "kernel".ljust(width) + "  " + "  ".join(c.ljust(max(len(c), 4)) for c in columns))
    for name, row in rows.items():
        print("  " + name.ljust(width) + "  " + "  ".join(row[c].ljust(max(len(c), 4)) for c in columns))
    cells = [v for row in rows.values() for v in row.values()]
    print(f"{cells.count(OK)} passed, {cells.count(FAIL)} failed, {cells.count(SKIP)} skipped")
    return cells.count(FAIL) == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--list", required=True, type=Path, help="`tritonc list` output")
    ap.add_argument("--emitted", required=True, type=Path, help="folder of NAME{.ttir,.generic.ttir,.loc.ttir}")
    ap.add_argument("--out", default=Path("gpu-out"), type=Path, help="where diffs and IR texts go")
    ap.add_argument("--build", default=None, help="the cmake build folder (for tritonc_bench)")
    ap.add_argument("--kernel", action="append", help="only this kernel (repeatable)")
    ap.add_argument("--dry-run", action="store_true", help="check files only; no triton, no GPU")
    args = ap.parse_args()

    names = kernel_names(args.list.read_text())
    if args.kernel:
        names = [n for n in names if n in args.kernel]
    print(f"kernels ({len(names)}): {' '.join(names)}")
    if not names:
        print("FAIL: no kernel to check")
        return 1
    if args.dry_run:
        return 0 if summary(dry_run(names, args.emitted)) else 1

    tt = Triton()
    modules, rows = {}, {}
    for name in names:
        rows[name] = validate_kernel(tt, name, args.emitted, args.out, modules)
    bench_ok = timing(tt, modules, args.build, args.out)
    return 0 if summary(rows) and bench_ok else 1


if __name__ == "__main__":
    sys.exit(main())
