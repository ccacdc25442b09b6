#!/usr/bin/env python3
"""Calls one bundled tritonc kernel inside an XLA program, through jax (GPU machine only).

    from xla_call import call_through_xla
    outs = call_through_xla(tritonc, "vector_add", {"BLOCK_SIZE": 1024}, (4,),
                            [x, y, out, 4096], outputs=[2])

The contract (tests/gpu/models.py and tests/gpu/call.py rely on it):

    call_through_xla(tritonc, name, sets, grid, args, outputs, num_warps=4, num_stages=3)
        -> list of numpy arrays, one per index of `outputs`, in that order

  tritonc    path of the tritonc binary
  name       a bundled kernel (`tritonc list`): `tritonc hlo NAME` is always the kernel's
             program
  sets       dict of config values, as `tritonc emit --set KEY=VALUE` takes them
  grid       tuple of 1 to 3 ints
  args       the kernel's non-constexpr arguments in signature order (the order its C body
             declares them with tl_arg): a numpy array for a pointer, a python int / float for a
             scalar (torch tensors are taken too: moved to the CPU as numpy)
  outputs    indices into args of the buffers whose final content is returned; each must be
             one of the kernel's .outputs or .inouts (`tritonc hlo NAME --xla-map` lists them
             with roles output and inout). An inout (a buffer the kernel reads and writes in
             place: a lock, a running sum) starts with args[i]'s content, and its final content
             is returned where outputs names it; an inout outputs leaves out is still passed
             (its final content is dropped).

How (docs/xla.md): `tritonc hlo NAME --no-loc --zero-outputs --set ... --grid ...
--operand ARG=DTYPE[DIMS] ...` prints a StableHLO program whose parameters are the kernel's
.inputs then its .inouts in XLA's order (buffers with the arrays' shapes, scalars as 0-d tensors:
parameters, so one compiled program serves any value) and whose results are its .outputs then its
.inouts (each inout's result aliases its parameter: output_operand_aliases). The kernel is emitted
with its scalars as buffers it loads at entry; its body is the one the C launcher runs. XLA's
result buffers are uninitialised, so the program asks XLA to zero-fill every output first
(--zero-outputs): a kernel that writes only part of an output leaves zeros elsewhere. The initial
content of an output array in `args` is therefore NOT seen by the kernel (a kernel that adds onto
its output adds onto zeros); an inout is never zeroed: the kernel sees args[i]. The program is compiled with jax's backend_compile_and_load and run
with execute_sharded, as tests/gpu/call.py does.

    python3 tests/gpu/xla_call.py --dry-run [--tritonc build/tritonc]

prints the commands and programs for a few kernels without jax (and checks the argument mapping);
it runs here, with no GPU.
"""
import argparse
import os
import re
import subprocess
import sys

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")

try:  # numpy is needed to run a call; --dry-run works without it (the build machine has none)
    import numpy as np  # noqa: E402
except ImportError:  # pragma: no cover
    np = None

# numpy dtype name -> tritonc's dtype spelling (tl_dtype_parse); ml_dtypes' names for bf16 / fp8.
_NP_TO_TRITONC = {
    "float32": "f32", "float16": "f16", "float64": "f64", "bfloat16": "bf16",
    "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64", "bool": "i1",
    "float8_e4m3fn": "f8E4M3FN", "float8_e5m2": "f8E5M2",
    "float8_e4m3fnuz": "f8E4M3FNUZ", "float8_e5m2fnuz": "f8E5M2FNUZ",
}
# tritonc's dtype names (as --xla-map prints them) -> numpy dtype for a scalar's 0-d tensor.
_SCALAR_DTYPES = {"int1": "bool", "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
                  "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
                  "float16": "float16", "float32": "float32", "float64": "float64"}


class XlaCallError(RuntimeError):
    """A call that cannot be made: the message says why."""


def _is_array(a):
    return hasattr(a, "shape") and hasattr(a, "dtype")


def _dtype_name(a):
    """'float32' for a numpy array or a torch tensor (torch.float32)."""
    return str(a.dtype).replace("torch.", "")


def _to_numpy(a):
    """numpy arrays as they are; torch tensors moved to the CPU (bf16 / fp8 through ml_dtypes)."""
    if isinstance(a, np.ndarray):
        return np.ascontiguousarray(a)
    if hasattr(a, "detach") and hasattr(a, "cpu"):
        t = a.detach().cpu()
        name = str(t.dtype).replace("torch.", "")
        if name in ("bfloat16", "float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz"):
            import ml_dtypes
            bits = {1: "uint8", 2: "uint16"}[t.element_size()]
            import torch
            raw = t.contiguous().view({"uint8": torch.uint8, "uint16": torch.int16}[bits]).numpy()
            return raw.view(getattr(ml_dtypes, name))
        return t.numpy()
    return np.asarray(a)


def _run_tritonc(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise XlaCallError(f"{' '.join(cmd)} failed ({p.returncode}): {p.stderr.strip()}")
    return p.stdout


def xla_map(tritonc, name, sets):
    """[(role, name, declared_index, kind, dtype)] per operand XLA passes, in XLA's order."""
    cmd = [tritonc, "hlo", name, "--xla-map"]
    for k, v in (sets or {}).items():
        cmd += ["--set", f"{k}={v}"]
    rows = []
    for line in _run_tritonc(cmd).splitlines():
        role, arg, index, kind, dtype = line.split()
        rows.append((role, arg, int(index), kind, dtype))
    return rows


def hlo_command(tritonc, name, sets, grid, args, outputs, num_warps=4, num_stages=3, zero_outputs=True):
    """The `tritonc hlo` command line for the call, the XLA map, the program's parameters in XLA's
    order (("array", the arg) or ("scalar", value, numpy dtype name)), and the position in XLA's
    results of each index of outputs. Needs no numpy."""
    rows = xla_map(tritonc, name, sets)
    if len(rows) != len(args):
        raise XlaCallError(f"{name}: {len(args)} args given, but the kernel takes {len(rows)} non-constexpr "
                           f"arguments ({', '.join(r[1] for r in rows)} in XLA's order)")
    grid = tuple(int(g) for g in grid)
    if not 1 <= len(grid) <= 3:
        raise XlaCallError(f"{name}: grid {grid} has {len(grid)} sizes (1 to 3)")
    cmd = [tritonc, "hlo", name, "--no-loc"] + (["--zero-outputs"] if zero_outputs else []) + [
           "--grid", ",".join(str(g) for g in grid), "--num-warps", str(num_warps), "--num-stages", str(num_stages)]
    for k, v in (sets or {}).items():
        cmd += ["--set", f"{k}={v}"]
    params = []
    result_of = {}  # declared index -> position among XLA's results
    nresult = 0
    for role, arg, index, kind, dtype in rows:
        value = args[index]
        if kind == "pointer":
            if not _is_array(value):
                raise XlaCallError(f"{name}: argument {index} '{arg}' is a pointer: give an array, not {value!r}")
            spelled = _NP_TO_TRITONC.get(_dtype_name(value))
            if spelled is None:
                raise XlaCallError(f"{name}: argument {index} '{arg}' is a {value.dtype} array: no XLA type for it")
            cmd += ["--operand", f"{arg}={spelled}[{','.join(str(int(d)) for d in value.shape)}]"]
            if role in ("input", "inout"):
                params.append(("array", value))
        elif kind == "scalar":
            if role != "input":
                raise XlaCallError(f"{name}: scalar '{arg}' is listed as an {role}")
            if _is_array(value) or not isinstance(value, (int, float, bool)):
                raise XlaCallError(f"{name}: argument {index} '{arg}' is a scalar: give a python int or float")
            params.append(("scalar", value, _SCALAR_DTYPES[dtype]))
        else:
            raise XlaCallError(f"{name}: argument {index} '{arg}' is a {kind}: XLA passes only buffers")
    # XLA's results: the outputs, then the inouts (rows list the inouts before the outputs, in
    # operand order)
    for role in ("output", "inout"):
        for r in rows:
            if r[0] == role:
                result_of[r[2]] = nresult
                nresult += 1
    for i in outputs:
        if i not in result_of:
            written = [r[2] for r in rows if r[0] in ("output", "inout")]
            raise XlaCallError(f"{name}: args[{i}] is not one of the kernel's outputs or inouts (indices "
                               f"{written}): XLA returns only those")
    return cmd, rows, params, [result_of[i] for i in outputs]


_JAX = None


class _Jax:
    """jax's XLA on the first GPU, used as tests/gpu/call.py uses it."""

    def __init__(self):
        import jax
        # Without x64, device_put turns int64 / float64 arrays into 32-bit ones, which a program
        # with s64 parameters (an i64 pointer, an i64 scalar) then refuses.
        jax.config.update("jax_enable_x64", True)
        from jax._src import compiler
        from jax._src.interpreters import mlir
        from jax._src.lib import xla_client as xc
        from jax._src.lib.mlir import ir
        self.jax, self.compiler, self.mlir, self.xc, self.ir = jax, compiler, mlir, xc, ir
        self.device = jax.devices()[0]
        self.backend = self.device.client
        self.cache = {}

    def compile(self, text):
        if text in self.cache:
            return self.cache[text]
        devices = self.xc.DeviceList(tuple([self.device]))
        options = self.compiler.get_compile_options(num_replicas=1, num_partitions=1)
        ctx = self.mlir.make_ir_context()
        with ctx, self.ir.Location.unknown():
            module = self.ir.Module.parse(text)
            try:
                exe = self.compiler.backend_compile_and_load(self.backend, module, devices, options, [])
            except TypeError:  # a jax whose signature differs: the client's own entry point
                exe = self.backend.compile_and_load(text.encode(), devices, options)
        self.cache[text] = exe
        return exe

    def execute(self, exe, arrays):
        args = [self.jax.device_put(a, self.device) for a in arrays]
        results = exe.execute_sharded(args)
        outs = [per_device[0] for per_device in results.disassemble_into_single_device_arrays()]
        return [np.asarray(o) for o in outs]


def call_through_xla(tritonc, name, sets, grid, args, outputs, num_warps=4, num_stages=3, *, zero_outputs=True):
    """Runs kernel `name` inside an XLA program; returns the arrays of args[i] for i in outputs.
    zero_outputs=False leaves XLA's result buffers uninitialised (for an XLA without
    zeroed_outputs; only right for kernels that write every element of every output)."""
    global _JAX
    cmd, _, params, picks = hlo_command(tritonc, name, sets, grid, args, outputs, num_warps, num_stages,
                                        zero_outputs)
    text = _run_tritonc(cmd)
    if _JAX is None:
        _JAX = _Jax()
    arrays = [_to_numpy(p[1]) if p[0] == "array" else np.array(p[1], dtype=p[2]) for p in params]
    results = _JAX.execute(_JAX.compile(text), arrays)
    return [results[p] for p in picks]


class _Shaped:
    """A stand-in array (shape and dtype only) for --dry-run, which needs no numpy."""

    def __init__(self, shape, dtype):
        self.shape, self.dtype = tuple(shape), dtype


def _dry_run(tritonc):
    """The commands and the mapping for a few kernels, with no jax: the checks that can run here."""
    n = 4096
    x = _Shaped((n,), "float32")
    f32, f16 = "float32", "float16"
    cases = [
        ("vector_add", {"BLOCK_SIZE": 1024}, (4,), [x, x, x, n], [2]),
        ("softmax", {}, (8,), [_Shaped((8, 1000), f32), _Shaped((8, 1000), f32), 1000, 1000, 1000], [0]),
        ("matmul", {}, (4,), [_Shaped((128, 64), f16), _Shaped((64, 128), f16), _Shaped((128, 128), f16),
                              128, 128, 64, 64, 1, 128, 1, 128, 1], [2]),
        ("random_k", {}, (1,), [_Shaped((64,), f32), _Shaped((64,), f32), 7], [1]),
        # in place: p is a parameter and the result aliasing it
        ("constant_order", {}, (1,), [_Shaped((16,), "int32")], [0]),
    ]
    failed = 0
    for name, sets, grid, args, outs in cases:
        try:
            cmd, rows, params, picks = hlo_command(tritonc, name, sets, grid, args, outs)
            text = _run_tritonc(cmd)
            head = re.search(r"func\.func public @main\(.*?\) -> [^{]*", text).group(0)
            shown = [(p[1].shape, _dtype_name(p[1])) if p[0] == "array" else (p[1], p[2]) for p in params]
            print(f"[PASS] {name}: {' '.join(cmd[1:])}\n       {head}\n       params {shown}, results picked {picks}")
        except Exception as e:  # noqa: BLE001 - report and go on
            failed += 1
            print(f"[FAIL] {name}: {type(e).__name__}: {e}")
    try:  # a misuse: an index that is no output
        hlo_command(tritonc, "vector_add", {}, (4,), [x, x, x, n], [0])
        failed += 1
        print("[FAIL] misuse: an input given as output was accepted")
    except XlaCallError as e:
        print(f"[PASS] misuse refused: {e}")
    try:  # the inout's parameter and its aliased result, never zeroed
        i32 = _Shaped((16,), "int32")
        cmd, rows, params, picks = hlo_command(tritonc, "constant_order", {}, (1,), [i32], [0])
        text = _run_tritonc(cmd)
        assert [r[0] for r in rows] == ["inout"], rows
        assert len(params) == 1 and params[0][1] is i32 and picks == [0], (params, picks)
        assert "operand_index = 0, operand_tuple_indices = []>]" in text and "zeroed_outputs" not in text, text
        print("[PASS] constant_order: p is an inout (parameter and aliased result, not zeroed)")
    except Exception as e:  # noqa: BLE001
        failed += 1
        print(f"[FAIL] constant_order inout: {type(e).__name__}: {e}")
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tritonc", default=os.path.join("build", "tritonc"), help="the tritonc binary")
    ap.add_argument("--dry-run", action="store_true", help="no jax: print the commands and programs' signatures")
    a = ap.parse_args()
    if a.dry_run:
        return _dry_run(a.tritonc)
    ap.error("as a script only --dry-run; import call_through_xla (tests/gpu/call.py uses it)")
    return 2


if __name__ == "__main__":
    sys.exit(main())
