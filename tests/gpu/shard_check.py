#!/usr/bin/env python3
"""Runs the sharded programs tests/gpu/shard_programs.c writes on several devices with XLA, and
checks what they compute against numpy.

The devices are jax's CPU backend with forced host devices (XLA_FLAGS=
--xla_force_host_platform_device_count, set by shard_check.sh): XLA's own SPMD partitioner and
collectives run the text tritonc printed, on a machine with one GPU or none. Each program is
parsed, compiled with num_partitions devices (use_spmd_partitioning), run on per-device shards
of random inputs, and its per-device outputs reassembled.

    shard_check.py DIR       DIR holds NAME.mlir for each program below; prints one line each
"""
import sys
from pathlib import Path

import numpy as np

RNG = np.random.default_rng(0)


def blocks(x, rows, cols):
    """x cut into rows x cols equal blocks, row-major (device d holds block d)."""
    return [b for r in np.split(x, rows, axis=0) for b in np.split(r, cols, axis=1)]


# name -> (global input, per-device input shards, reference of the global output, how the output
# is laid out: "replicated" or (rows, cols) blocks over the devices)
def programs():
    out = {}
    x = RNG.standard_normal((8, 16)).astype(np.float32)
    out["all_reduce_columns"] = (blocks(x, 1, 4), sum(2 * s for s in np.split(x, 4, axis=1)), "replicated")
    x = RNG.standard_normal(8).astype(np.float32)
    out["all_gather_back"] = (np.split(x, 4), x, "replicated")
    x = RNG.standard_normal((4, 8)).astype(np.float32)
    out["reduce_scatter_columns"] = ([x] * 4, 4 * x, (1, 4))
    x = RNG.standard_normal((8, 8)).astype(np.float32)
    out["all_to_all_transpose_blocks"] = (blocks(x, 4, 1), x, (1, 4))
    x = RNG.standard_normal((4, 4)).astype(np.float32)
    sums = [sum(blocks(x, 2, 2)[2 * i + j] for j in range(2)) for i in range(2)]
    out["mesh_2x2_sum_then_max"] = (blocks(x, 2, 2), np.maximum(sums[0], sums[1]), "replicated")
    return out


def compile_program(jax, text, n):
    """An executable of the text for n CPU devices, through jax's own compile path (its private
    API changes between versions: the keywords and entry points present are used)."""
    import inspect
    from jax._src import compiler
    from jax._src import xla_bridge as xb
    from jax._src.interpreters import mlir
    from jax._src.lib import xla_client as xc
    backend = xb.get_backend("cpu")
    devices = list(backend.devices()[:n])
    params = inspect.signature(compiler.get_compile_options).parameters
    kw = dict(num_replicas=1, num_partitions=n, device_assignment=np.arange(n).reshape(1, n))
    if "use_spmd_partitioning" in params:
        kw["use_spmd_partitioning"] = True
    if "use_shardy_partitioner" in params:  # our programs carry GSPMD shardings
        kw["use_shardy_partitioner"] = False
    with mlir.make_ir_context():
        module = mlir.ir.Module.parse(text)
        options = compiler.get_compile_options(**kw)
        build = options.executable_build_options
        if hasattr(build, "use_spmd_partitioning"):
            build.use_spmd_partitioning = True
        if hasattr(build, "use_shardy_partitioner"):
            build.use_shardy_partitioner = False
        if hasattr(compiler, "backend_compile_and_load"):  # newer jax
            device_list = xc.DeviceList(tuple(devices)) if hasattr(xc, "DeviceList") else devices
            return compiler.backend_compile_and_load(backend, module, device_list, options, [])
        try:
            return compiler.backend_compile(backend, module, options, [])
        except TypeError:  # versions whose backend_compile takes the executable devices too
            return compiler.backend_compile(backend, module, devices, options, [])


def run(jax, exe, shards, n):
    """Per-device outputs of the executable on per-device input shards (through whichever of
    jaxlib's execute entry points the installed version has)."""
    devices = jax.devices("cpu")[:n]
    args = [jax.device_put(s, d) for s, d in zip(shards, devices)]
    if hasattr(exe, "execute_sharded_on_local_devices"):
        results = exe.execute_sharded_on_local_devices([args])
        return [np.asarray(r) for r in results[0]]
    try:  # a list of per-device buffers per argument
        results = exe.execute_sharded([args])
    except TypeError:  # newer jaxlib: one global array per argument, made of its device shards
        from jax.sharding import Mesh, NamedSharding, PartitionSpec
        local = np.shape(shards[0])
        sharding = NamedSharding(Mesh(np.array(devices), ("d",)), PartitionSpec("d"))
        whole = jax.make_array_from_single_device_arrays((n * local[0],) + tuple(local[1:]), sharding, args)
        results = exe.execute_sharded([whole])
    return [np.asarray(r) for r in results.disassemble_into_single_device_arrays()[0]]


def reassemble(outputs, layout):
    if layout == "replicated":
        for o in outputs[1:]:
            if not np.allclose(o, outputs[0], rtol=1e-5, atol=1e-5):
                return None
        return outputs[0]
    rows, cols = layout
    return np.concatenate([np.concatenate(outputs[r * cols:(r + 1) * cols], axis=1) for r in range(rows)], axis=0)


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    import jax
    n = 4
    if len(jax.devices("cpu")) < n:
        print(f"FAIL: jax has {len(jax.devices('cpu'))} CPU devices; set XLA_FLAGS="
              f"--xla_force_host_platform_device_count={n}")
        return 1
    print(f"jax {jax.__version__}, {len(jax.devices('cpu'))} CPU devices")
    failed = 0
    for name, (shards, want, layout) in programs().items():
        text = (Path(sys.argv[1]) / f"{name}.mlir").read_text()
        try:
            exe = compile_program(jax, text, n)
            got = reassemble(run(jax, exe, shards, n), layout)
            if got is None:
                print(f"FAIL {name}: the devices' copies of a replicated result differ")
                failed += 1
            elif got.shape != want.shape or not np.allclose(got, want, rtol=1e-5, atol=1e-5):
                print(f"FAIL {name}: got {got.shape} {got.ravel()[:6]}, want {want.shape} {want.ravel()[:6]}")
                failed += 1
            else:
                print(f"ok   {name}: {got.shape}, max error {float(np.max(np.abs(got - want))):.2e}")
        except Exception as exc:  # one program's failure must not hide the others
            print(f"FAIL {name}: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}")
            failed += 1
    print(f"{len(programs()) - failed} of {len(programs())} sharded programs right")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
