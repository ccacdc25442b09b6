#!/usr/bin/env python3
"""How much the L2 flush before each timed launch weighs (issue 31): bench_graph flushes with
cache.zero_() of 96 MiB, which leaves the L2 full of dirty lines that the timed kernel then evicts.
Times the twins of a few memory-bound cases (short: 1151 rows, reduce_segments; long: 4096 rows,
decode-32) and a 256 MiB copy, each the way bench_graph does, under three flushes: zero_
(bench_graph's), a read (torch.amax: clean lines), none; then the copy under do_bench (the
roofline's ceiling). One line per target: microseconds, GB/s and the fraction of that flush's copy.

    python3 tests/gpu/flush_probe.py      # on the GPU machine; triton and torch, no build
"""
import sys
from pathlib import Path
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import models as M  # noqa
from kernel_files import KERNEL_DIRS  # noqa
sys.path[:0] = [str(d) for d in KERNEL_DIRS]
import torch  # noqa

cache = torch.empty(24 << 20, dtype=torch.int32, device="cuda")
cache.fill_(1)
out0 = torch.empty((), dtype=torch.int32, device="cuda")
FLUSHES = {"zero": cache.zero_, "read": lambda: torch.amax(cache, out=out0), "none": lambda: None}


def twin_launcher(name, label, case_label):
    km = M.load_module(name)
    cfg = next(c for c in km.MODEL_CONFIGS if c["label"] == label)
    torch.manual_seed(0)
    case = next(c for c in km.model_cases(cfg, torch) if c["label"] == case_label)
    args = M.fresh_args(case)
    full = M.twin_args(M.config_signature(km, cfg), dict(cfg["constexprs"]), args)
    g = tuple(case["grid"]) + (1,) * (3 - len(case["grid"]))
    fn = getattr(km, name)
    return (lambda: fn[g](*full, num_warps=cfg["num_warps"], num_stages=cfg["num_stages"])), case["bytes"]


src = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
dst = torch.empty_like(src)
src.random_()
empty = torch.empty(1, device="cuda")
# (title, launch, bytes moved): the copy first (each flush's ceiling), then an 8-byte fill (what a
# launch costs by itself), then the twins
targets = [("copy 256 MiB", (lambda: dst.copy_(src)), 2 * (256 << 20)),
           ("tiny fill (launch floor)", (lambda: empty.fill_(0.0)), 8)]
for name, label, case in [("reduce_segments", "llama3-8b", "mixed-1-17-300"),
                          ("reduce_segments", "gemma2-2b-softcap", "mixed-1-17-300"),
                          ("layer_norm_fwd_rows", "bf16-n8192", "1151x8192"),
                          ("layer_norm_fwd_rows", "bf16-n8192", "4096x8192"),
                          ("layer_norm_bwd_dx_rows", "fp16-n4096", "1151x4096"),
                          ("layer_norm_bwd_dx_rows", "fp16-n4096", "4096x4096"),
                          ("unified_attention_3d", "llama3-8b", "decode-32")]:
    try:
        fn, nbytes = twin_launcher(name, label, case)
        targets.append((f"{name} {label} {case}", fn, nbytes))
    except Exception as e:
        print(f"{name} {label} {case}: {type(e).__name__}: {e}", flush=True)
print(f"GPU {torch.cuda.get_device_name(0)}; us (GB/s) per flush", flush=True)
copy = {}
for title, fn, nbytes in targets:
    cells = []
    for mode, flush in FLUSHES.items():
        us = M.bench_graph(fn, flush)
        if title.startswith("copy"):
            copy[mode] = nbytes / (us * 1e-6)
        frac = f" {nbytes / (us * 1e-6) / copy[mode]:.0%}" if copy and not title.startswith("copy") else ""
        cells.append(f"{mode} {us:8.2f} us ({nbytes / (us * 1e-6) / 1e9:7.1f} GB/s{frac})")
    print(f"{title:55s} " + "  ".join(cells), flush=True)
us = M.bench_eager(lambda: dst.copy_(src))
print(f"copy 256 MiB under do_bench (the roofline's ceiling): {us:.1f} us, {2 * (256 << 20) / (us * 1e-6) / 1e9:.1f} GB/s")
