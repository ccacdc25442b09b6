#!/usr/bin/env python3
"""tritonc's compiler: TTIR in, Triton 3.6's cubin, PTX and metadata out (docs/compile.md).

tritonc runs this as a subprocess (python3, or $TRITONC_PYTHON); any program that speaks the
same command line can stand in for it ($TRITONC_COMPILER):

  triton_compile.py --version
      prints "triton X.Y.Z" (the installed package's version, read without importing it)
  triton_compile.py --ttir FILE -o DIR [--arch 90] [--num-warps 4] [--num-stages 3]
                    [--num-ctas 1] [--debug] [--maxnreg N] [--no-fp-fusion] [--launch-pdl]
                    [--launch-cooperative-grid] [--ptx-options TEXT]
      compiles FILE and writes DIR/kernel.cubin, DIR/kernel.ptx and, last, DIR/kernel.meta:
      one "key value" line each (symbol, shared, num_warps, num_ctas, cluster_dims X Y Z,
      global/profile scratch sizes and alignments, arch, triton_version, compile_ms, and per
      host tensor descriptor argument "tensordesc SWIZZLE ELEM_SIZE ELEM_TYPE FP4_PADDED
      BLOCK..." from Triton's tensordesc_meta), then "end".

The TTIR goes through every stage from make_ttir on, as the JIT does for a Python kernel
(triton.compile on an IR file would skip make_ttir), so the PTX equals the JIT's.
Exit status: 0 done; 2 bad command line; 3 no triton package; 4 the compile failed. Every
error is one line on standard error starting with "triton_compile: ".
"""
import argparse
import os
import sys
import time

EXIT_USAGE, EXIT_NO_TRITON, EXIT_FAILED = 2, 3, 4


def fail(code, message):
    sys.stderr.write("triton_compile: " + " ".join(str(message).split()) + "\n")
    sys.exit(code)


def first_line(error):
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return f"{type(error).__name__}: {lines[0] if lines else '(no message)'}"


def installed_version():
    """The triton package's version from its distribution metadata: no import of triton."""
    from importlib import metadata
    try:
        return metadata.version("triton")
    except metadata.PackageNotFoundError:
        fail(EXIT_NO_TRITON, f"the 'triton' Python package is not installed for {sys.executable}")


def parse_args(argv):
    class Parser(argparse.ArgumentParser):
        def error(self, message):
            fail(EXIT_USAGE, f"bad command line: {message}")

    p = Parser(prog="triton_compile.py", add_help=False)
    p.add_argument("--version", action="store_true")
    p.add_argument("--ttir")
    p.add_argument("-o", dest="out")
    p.add_argument("--arch", type=int, default=90)
    p.add_argument("--num-warps", type=int, default=4)
    p.add_argument("--num-stages", type=int, default=3)
    p.add_argument("--num-ctas", type=int, default=1)
    p.add_argument("--debug", action="store_true")
    # Triton's CUDAOptions beyond the above (issue 30): each reaches parse_options as Python's
    # JIT passes the keyword of the same name (maxnreg=..., enable_fp_fusion=False, ...).
    p.add_argument("--maxnreg", type=int)
    p.add_argument("--no-fp-fusion", action="store_true")
    p.add_argument("--launch-pdl", action="store_true")
    p.add_argument("--launch-cooperative-grid", action="store_true")
    p.add_argument("--ptx-options")
    args = p.parse_args(argv)
    if not args.version and (args.ttir is None or args.out is None):
        fail(EXIT_USAGE, "bad command line: want --version, or --ttir FILE -o DIR")
    return args


def write_atomically(path, data):
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def main(argv):
    args = parse_args(argv)
    version = installed_version()
    if args.version:
        print(f"triton {version}")
        return 0
    if not os.path.isfile(args.ttir):
        fail(EXIT_USAGE, f"no TTIR file '{args.ttir}'")
    if not os.path.isdir(args.out):
        fail(EXIT_USAGE, f"no output directory '{args.out}'")
    cubin, ptx, md, ms = compile_stages(args)
    num_ctas = int(md.get("num_ctas", 1))
    lines = [
        ("symbol", md["name"]),
        ("shared", md.get("shared") or 0),
        ("num_warps", md["num_warps"]),
        ("num_ctas", num_ctas),
        # Triton 3.6's metadata has no cluster dims: its launcher makes clusters of num_ctas CTAs.
        ("cluster_dims", f"{num_ctas} 1 1"),
        ("global_scratch_size", md.get("global_scratch_size") or 0),
        ("global_scratch_align", md.get("global_scratch_align") or 1),
        ("profile_scratch_size", md.get("profile_scratch_size") or 0),
        ("profile_scratch_align", md.get("profile_scratch_align") or 1),
        ("arch", args.arch),
        # what --version says (the package's metadata), so that tritonc's version check compares alike
        ("triton_version", version),
        ("compile_ms", f"{ms:.1f}"),
    ]
    # Triton's tensordesc_meta (set by make_ttgir): one line per host tensor descriptor argument,
    # what its launcher encodes the CUtensorMap from. None or [] (no TMA, before sm_90): none.
    for d in md.get("tensordesc_meta") or []:
        if d.get("is_im2col"):
            fail(EXIT_FAILED, "compile failed: an im2col tensor descriptor (tritonc encodes tiled ones only)")
        block = " ".join(str(int(b)) for b in d["block_size"])
        lines.append(("tensordesc", f"{int(d['swizzle'])} {int(d['elem_size'])} {int(d['elem_type'])} "
                                    f"{1 if d.get('fp4_padded') else 0} {block}"))
    try:
        write_atomically(os.path.join(args.out, "kernel.cubin"), cubin)
        write_atomically(os.path.join(args.out, "kernel.ptx"), ptx.encode())
        meta = "".join(f"{k} {v}\n" for k, v in lines) + "end\n"
        write_atomically(os.path.join(args.out, "kernel.meta"), meta.encode())
    except OSError as e:
        fail(EXIT_FAILED, f"cannot write into '{args.out}': {e.strerror}")
    return 0


def compile_stages(args):
    """Parses the TTIR and runs Triton's stages on it; returns cubin, PTX, metadata and the ms."""
    try:
        import triton
        from triton._C.libtriton import ir
        from triton.backends.compiler import GPUTarget, Language
        from triton.compiler.compiler import make_backend
    except ImportError as e:
        fail(EXIT_NO_TRITON, f"cannot import triton ({first_line(e)}) for {sys.executable}")
    start = time.perf_counter()
    try:
        target = GPUTarget("cuda", args.arch, 32)
        backend = make_backend(target)
        opts = {"num_warps": args.num_warps, "num_stages": args.num_stages, "num_ctas": args.num_ctas,
                "debug": args.debug}
        if args.maxnreg:
            opts["maxnreg"] = args.maxnreg
        if args.no_fp_fusion:
            opts["enable_fp_fusion"] = False
        if args.launch_pdl:
            opts["launch_pdl"] = True
        if args.launch_cooperative_grid:
            opts["launch_cooperative_grid"] = True
        if args.ptx_options:
            opts["ptx_options"] = args.ptx_options
        options = backend.parse_options(opts)
        context = ir.context()
        ir.load_dialects(context)
        backend.load_dialects(context)
        module = ir.parse_mlir_module(args.ttir, context)
        try:
            module.context = context  # as triton.compile ties the context's life to the module
        except AttributeError:  # read-only in some builds: `context` lives until the end here anyway
            pass
        # What triton.compile records before its stages fill in shared, name, scratch...
        metadata = {"target": target, **options.__dict__, "triton_version": triton.__version__}
        stages = {}
        backend.add_stages(stages, options, Language.TRITON)
        texts = {}
        for ext, stage in stages.items():  # ttir (make_ttir), ttgir, llir, ptx, cubin
            module = stage(module, metadata)
            texts[ext] = module
    except SystemExit:
        raise
    except BaseException as e:  # MLIR, LLVM and ptxas errors all come here
        fail(EXIT_FAILED, f"compile failed: {first_line(e)}")
    if "cubin" not in texts or "ptx" not in texts:
        fail(EXIT_FAILED, f"compile failed: Triton's stages were {list(texts)}, without ptx or cubin")
    return texts["cubin"], texts["ptx"], metadata, (time.perf_counter() - start) * 1e3


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
