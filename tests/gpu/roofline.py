#!/usr/bin/env python3
"""The memory-bound model kernels against the roofline, on the GPU machine, in one process (issue 31).

First the copy bandwidth of this GPU: torch's device-to-device copy of a 256 MiB buffer, timed
with triton.testing.do_bench (bytes read + written over the time). Then, for every memory-bound
model kernel (kernels/models/NAME.py, the model-kernel contract of tests/gpu/README.md) and every
config and case:

  twin      the Python twin as Triton's JIT compiles it for the case's arguments (integers equal
            to 1 become constexprs, multiples of 16 and aligned pointers get tt.divisibility)
  ours      `tritonc emit NAME --set ... --specialize KEY` with the JIT's key (what tritonc's
            runtime computes for the same arguments), after make_ttir, compiled with
            triton.compile and launched from Python (models.Variants; `spec` is the key, and a
            specialized PTX unlike the twin's fails the row's `ok`)
  torch     the case's baseline: torch's kernel(s) for the same work
  roofline  the case's bytes over the measured copy bandwidth: the time a kernel moving those
            bytes at copy speed takes; %roof = roofline / ours
  ok        ours once against the case's expected() within its tolerance (the full checks are
            models.sh's)

and the pipelines that take several kernels: the parallel moe_align_block_size (count, scan,
scatter) beside the one-program kernel and torch, layer norm's and RMS norm's backward (the rows
kernel, then layer_norm_bwd_dwdb for the column sums) beside torch.

Targets (the verdict column): every memory-bound kernel at 80% of the roofline or more on its
large cases (LARGE_BYTES and up: the launch no longer matters), and no slower than torch on any
case; the moe_align_block_size pipeline no slower than torch at any size and under 25 us at 4096
tokens, top 8 of 128 experts; fused_moe (its model configs and their configs per token-count
bucket: 1, 7, 333 and 4096 tokens) within MOE_ROOF_FACTOR of its roofline on every case, the
roofline being the larger of bytes over the copy bandwidth (the weights of the experts the routing
hits, A and C) and flops over the matmul peak. The kernels that the row kernels supersede (layer_norm_fwd,
layer_norm_bwd_dx, per_token_group_quant_fp8, moe_align_block_size: the tutorial's and vLLM's
one-group / one-program forms) are timed for comparison and marked `ref` (not judged).

Then, while the budget lasts, two sweeps, so that the configs can be tuned from one run: for each
fused_moe bucket config (furthest from its roofline first), ours under other blocks, warps and
stages (MOE_SWEEP: points of vLLM's tuning space), each checked against the bucket's own output;
for each row kernel's largest case, ours under other (BLOCK_M or GROUPS, num_warps) choices.

Times are GPU times from CUDA graphs (bench_graph: 20 launches, each after an L2 flush whose own
graph is timed and subtracted), not do_bench's: do_bench times Python's launch too, which for a
kernel of a few microseconds (a decode step, the moe_align pipeline) is most of what it measures
and which a C program launching through tritonc's runtime does not pay. Where a baseline cannot
be captured (it synchronizes), it is timed with do_bench and the log says so.

Every kernel, config and case runs in its own try/except; the table is rewritten to
OUT/roofline.txt after every kernel, so a run cut short still leaves what it measured.

    python3 tests/gpu/roofline.py --tritonc BUILD/tritonc --out OUT [--kernel NAME...] [--config LABEL_PREFIX...]
        [--budget-s S]
"""
import argparse
import itertools
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import models as M  # noqa: E402  (tests/gpu/models.py: emit, Compiler, fresh_args, twin_args...)
from kernel_files import KERNEL_DIRS  # noqa: E402

LARGE_BYTES = 32 << 20   # a case moving this much is judged against the roofline
ROOF_TARGET = 0.80
MOE_TARGET_US = 25.0
# fused_moe (issue 31 item 3): within MOE_ROOF_FACTOR of its roofline at every case, the roofline
# being the larger of its bytes (the weights of the experts its routing hits, A and C) over the
# copy bandwidth and its flops over the dense matmul rate measured in the same run (torch.matmul,
# cuBLAS, bf16 at 8192^3; for fp8 w8a8 torch._scaled_mm, or twice bf16 where torch cannot).
MOE_ROOF_FACTOR = 1.5
COPY_BYTES = 256 << 20

# name -> role: "judged" (a target applies), "ref" (superseded, timed for comparison)
KERNELS = {
    "layer_norm_fwd_rows": "judged",
    "rms_norm_fwd": "judged",
    "fused_add_rms_norm": "judged",
    "layer_norm_bwd_dx_rows": "judged",
    "rms_norm_bwd": "judged",
    "per_token_group_quant_fp8_groups": "judged",
    "reduce_segments": "judged",
    "unified_attention_2d": "judged",   # decode cases only (the others are compute-bound)
    "unified_attention_3d": "judged",
    "layer_norm_fwd": "ref",
    "layer_norm_bwd_dx": "ref",
    "per_token_group_quant_fp8": "ref",
    "fused_moe": "moe",                 # every case against its own roofline (MOE_ROOF_FACTOR)
    "flash_attention": "compute",       # at or above its best peer (cuDNN, flash SDPA) on every case
}
# The sweep: per kernel, the config fields to vary and their choices (every combination), num_warps'
# choices, and num_stages' (the backward kernels walk their rows in a loop that the pipeliner can
# prefetch; the others have no loop, so only the config's own stages). The split-KV decode
# attention kernel varies its tile and its split of each sequence, the reduction after it its
# warps only (docs/kernels_attention.md has what an H100 run picked).
SWEEP = {
    "layer_norm_fwd_rows": ({"BLOCK_M": (1, 2, 4)}, (4, 8, 16), (None,)),
    "rms_norm_fwd": ({"BLOCK_M": (1, 2, 4)}, (4, 8, 16), (None,)),
    "fused_add_rms_norm": ({"BLOCK_M": (1, 2, 4)}, (4, 8, 16), (None,)),
    "layer_norm_bwd_dx_rows": ({"BLOCK_M": (1, 2, 4)}, (4, 8, 16), (1, 3)),
    "rms_norm_bwd": ({"BLOCK_M": (1, 2, 4)}, (4, 8, 16), (1, 3)),
    "per_token_group_quant_fp8_groups": ({"GROUPS": (4, 8, 16)}, (1, 2, 4), (None,)),
    "unified_attention_2d": ({"TILE_SIZE": (16, 32, 64)}, (2, 4, 8), (2, 3, 4)),
    "unified_attention_3d": ({"TILE_SIZE": (16, 32, 64), "NUM_SEGMENTS_PER_SEQ": (8, 16, 32)}, (2, 4, 8), (None,)),
    "reduce_segments": ({}, (1, 2, 8), (None,)),
}
SWEEP_CONFIGS = 2  # the first configs of each kernel (the large row lengths), unless --config picks
# layer_norm_bwd_dwdb after the row kernels (the norm_bwd pipelines): (BLOCK_SIZE_M, BLOCK_SIZE_N,
# num_warps), narrower column blocks than the tutorial's 128 so that more programs read the
# partial rows (one or two per SM)
DWDB_SWEEP = [(32, 128, 4), (128, 16, 4), (256, 16, 4), (128, 8, 4), (256, 8, 4), (128, 16, 8), (256, 16, 8),
              (128, 32, 4), (128, 32, 8), (64, 8, 2), (256, 8, 8)]
# fused_moe's sweep (issue 31 item 3): per token-count bucket, other blocks and launch options from
# vLLM's tuning space (benchmark_moe.py: BLOCK_SIZE_M 16..256, N 32..256, K 64..256, 4 or 8 warps,
# 2 to 5 stages), a few points around what its H100 tables pick, by the bucket's case size.
# (BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K, num_warps, num_stages); GROUP_SIZE_M stays the bucket's.
MOE_SWEEP = {
    "decode": [(16, 32, 128, 4, 4), (16, 64, 64, 4, 4), (16, 64, 128, 4, 3), (16, 64, 128, 4, 5),
               (16, 128, 64, 4, 4), (16, 128, 128, 4, 3), (16, 64, 256, 4, 3), (16, 128, 128, 8, 4),
               (16, 256, 64, 8, 3), (16, 32, 256, 4, 4),
               # narrow blocks in deeper pipelines: more programs, more loads in flight (Qwen3 fp8, 1 token)
               (16, 16, 128, 4, 4), (16, 32, 128, 2, 4), (16, 32, 128, 4, 6), (16, 32, 64, 4, 6), (16, 16, 64, 2, 6)],
    "prefill": [(32, 64, 64, 4, 4), (32, 128, 64, 4, 4), (64, 128, 64, 4, 4), (64, 128, 128, 4, 3),
                (64, 256, 64, 8, 3), (128, 128, 64, 8, 4), (128, 64, 64, 4, 4), (32, 128, 128, 4, 3)],
    "large": [(128, 128, 64, 8, 4), (128, 256, 64, 8, 3), (128, 128, 128, 8, 3), (64, 128, 64, 4, 4),
              (64, 256, 64, 8, 4), (256, 128, 64, 8, 3), (128, 128, 64, 4, 4), (64, 128, 128, 4, 4)],
    # fp8 block scales above 512 tokens: BLOCK_SIZE_K must be group_k (128), so the large points
    # vary what is left: fewer or more programs an SM, one or two warp groups
    "large_fp8": [(64, 128, 128, 4, 3), (64, 64, 128, 4, 4), (32, 128, 128, 4, 4), (64, 256, 128, 8, 3),
                  (128, 128, 128, 8, 4), (128, 64, 128, 4, 3), (64, 128, 128, 8, 4)],
}

# moe_align_block_size's sweep: per point (BLOCK_T pairs a chunk, BLOCK_C chunks a scan step, EG
# experts a scan program, warps of count / scan / scatter), per routing at 4096 tokens (the 25 us
# target is the Qwen3 routing's). The points surround the routing's settings, which an H100 picked
# among the forms of each step (docs/kernels_moe.md).
MOE_ALIGN_SWEEP = {
    "qwen3-30b-a3b-e128-bm64": (4096, [(512, 64, 8, (4, 4, 4)), (512, 64, 16, (4, 4, 4)), (256, 64, 8, (4, 4, 4)),
                                       (512, 64, 4, (4, 4, 4)), (512, 64, 32, (4, 4, 4)), (1024, 64, 8, (4, 4, 8)),
                                       (512, 64, 8, (2, 4, 4)), (512, 32, 8, (4, 2, 4))]),
    "gpt-oss-20b-e32-bm16": (4096, [(256, 256, 8, (4, 4, 4)), (512, 256, 8, (4, 4, 4)), (128, 256, 8, (4, 4, 4)),
                                    (256, 256, 4, (4, 4, 4)), (256, 256, 16, (4, 4, 4)), (256, 256, 8, (4, 4, 2))]),
    "mixtral-e8-bm64": (4096, [(512, 1024, 2, (4, 4, 4)), (512, 1024, 8, (4, 4, 4)), (256, 1024, 2, (4, 4, 4)),
                               (512, 1024, 4, (4, 4, 4)), (512, 1024, 1, (4, 4, 4)), (1024, 1024, 2, (4, 4, 4))]),
}


def log(*a):
    print(*a, flush=True)


class Budget:
    def __init__(self, seconds):
        self.seconds, self.t0 = seconds, time.monotonic()

    def left(self):
        return self.seconds - (time.monotonic() - self.t0)


bench = M.bench  # GPU time from CUDA graphs (models.bench_graph), do_bench where capture fails
eager_bench = M.bench_eager  # the ceilings: long operations, timed as Triton's do_bench times them


def copy_bandwidth(torch):
    """Bytes read + written per second by torch's device-to-device copy of COPY_BYTES."""
    src = torch.empty(COPY_BYTES, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    src.random_()
    us = eager_bench(lambda: dst.copy_(src))
    del src, dst
    return 2 * COPY_BYTES / (us * 1e-6), us


def matmul_tflops(torch, fp8=False, n=8192):
    """This GPU's dense matmul rate at n^3: torch.matmul in bf16 (cuBLAS), or torch._scaled_mm in
    fp8 e4m3 with per-tensor scales (fp8=True; None where torch cannot)."""
    a = torch.randn(n, n, device="cuda").to(torch.bfloat16)
    b = torch.randn(n, n, device="cuda").to(torch.bfloat16)
    try:
        if fp8:
            a8, b8 = a.to(torch.float8_e4m3fn), b.t().contiguous().to(torch.float8_e4m3fn).t()
            one = torch.ones((), device="cuda")
            us = eager_bench(lambda: torch._scaled_mm(a8, b8, scale_a=one, scale_b=one, out_dtype=torch.bfloat16))
        else:
            us = eager_bench(lambda: torch.matmul(a, b))
    except Exception as e:
        log(f"matmul rate ({'fp8' if fp8 else 'bf16'}): {type(e).__name__}: {str(e)[:100]}")
        return None
    return 2 * n ** 3 / (us * 1e-6) / 1e12


def launch(kernel, grid, args):
    g = tuple(grid) + (1,) * (3 - len(grid))
    kernel[g](*args)


class Row(dict):
    COLS = ["kernel", "config", "case", "MB", "roof_us", "ours_us", "twin_us", "torch_us", "peer", "peer_us", "%roof",
            "vs_torch", "vs_peer", "spec", "ok", "verdict", "note"]


def fmt(v, col):
    if v is None:
        return "-"
    if isinstance(v, float):
        if col == "%roof":
            return f"{100 * v:.0f}%"
        if col in ("vs_torch", "vs_peer"):
            return f"{v:.2f}x"
        if col == "MB":
            return f"{v:.1f}"
        return f"{v:.1f}"
    return str(v)


def write_table(rows, path, copy_tbps, header):
    table = [Row.COLS] + [[fmt(r.get(c), c) for c in Row.COLS] for r in rows]
    widths = [max(len(t[i]) for t in table) for i in range(len(Row.COLS))]
    lines = [header, ""] + ["  ".join(c.ljust(w) for c, w in zip(t, widths)).rstrip() for t in table]
    judged = [r for r in rows if r.get("verdict") in ("PASS", "MISS")]
    misses = [r for r in judged if r["verdict"] == "MISS"]
    lines.append("")
    lines.append(f"{len(judged)} judged rows: {len(judged) - len(misses)} PASS, {len(misses)} MISS "
                 f"(roofline {copy_tbps:.2f} TB/s copy; {ROOF_TARGET:.0%} of it on cases of {LARGE_BYTES >> 20} MB and "
                 f"more; no slower than torch everywhere; moe_align_block_size under {MOE_TARGET_US:.0f} us at 4096 "
                 f"tokens top 8 of 128; fused_moe within {MOE_ROOF_FACTOR}x of its roofline, bytes or flops)")
    lines.append("vs_torch: torch_us / ours_us (above 1: ours faster). peer: the fastest of the case's peers "
                 "(attention: SDPA held to cuDNN or flash), vs_peer its time over ours. %roof: roof_us / ours_us. "
                 "spec: the JIT's key ours was emitted with. ok: ours against expected() (and its specialized PTX the "
                 "twin's). ref: superseded kernel, timed for comparison.")
    path.write_text("\n".join(lines) + "\n")


def verdict(row, judged, large, extra_ok=True):
    """PASS / MISS / ref / info for one row with its times filled in."""
    if not judged:
        return "ref"
    ours, torch_us, frac = row.get("ours_us"), row.get("torch_us"), row.get("%roof")
    if not isinstance(ours, float):
        return "MISS" if row.get("ok") == "FAIL" else "-"
    good = row.get("ok") != "FAIL" and extra_ok
    if isinstance(torch_us, float) and ours > torch_us:
        good = False
    if large and isinstance(frac, float) and frac < ROOF_TARGET:
        good = False
    return "PASS" if good else "MISS"


def memory_bound(case):
    """A case the roofline judges: no flops counted, or a decode step (attention)."""
    return not case.get("flops") or "decode" in str(case.get("label", ""))


# ---- one kernel: every config and case --------------------------------------------------------

def steps_of(ctx, parts):
    """parts: [(module, kernel, config, grid, args)] -> (ours, twins): [(compiled, grid, args)] each,
    the variants a launch runs (models.Variants: the JIT's specialization for these arguments)."""
    ours, twins = [], []
    for km, name, cfg, grid, args in parts:
        v = ctx["variants"].get(km, name, cfg, args, grid)
        ours.append((v["ours"], grid, v["ours_args"]))
        twins.append((v["twin"], grid, v["twin_args"]))
    return ours, twins


def moe_roof_us(ctx, cfg, case):
    """fused_moe's roofline (MOE_ROOF_FACTOR) and which bound it is: bytes or flops."""
    mem_us = case["bytes"] / ctx["copy_bps"] * 1e6
    peak = (ctx["fp8_tflops"] if cfg["constexprs"].get("use_fp8_w8a8") else ctx["bf16_tflops"]) * 1e12
    flop_us = case.get("flops", 0) / peak * 1e6
    return (mem_us, "bytes") if mem_us >= flop_us else (flop_us, f"flops at {peak / 1e12:.0f} TFLOP/s")


def outputs_match(case, args):
    """Whether the case's outputs in `args` (after a launch) match its expected(), within its tol."""
    tol = tuple(case.get("tol") or (1e-5, 1e-6))
    got = M.compared(case, [args[i] for i in case["outputs"]])
    want = M.compared(case, case["expected"]())
    per = case.get("tol_per_output") or [tol] * len(got)
    return len(got) == len(want) and all(M.compare(g, w, t)[0] for g, w, t in zip(got, want, per))


def time_case(ctx, name, km, cfg, case, judged, moe=False, compute=False):
    import torch
    nbytes = case.get("bytes")
    row = Row(kernel=name, config=cfg["label"], case=case["label"], MB=nbytes / 1e6 if nbytes else None)
    if nbytes:
        row["roof_us"] = nbytes / ctx["copy_bps"] * 1e6
    if moe:
        row["roof_us"], bound = moe_roof_us(ctx, cfg, case)
        row["note"] = f"roofline: {bound}"
    if compute and case.get("flops"):
        row["roof_us"] = case["flops"] / (ctx["bf16_tflops"] * 1e12) * 1e6
        row["note"] = f"roofline: flops at {ctx['bf16_tflops']:.0f} TFLOP/s"
    v = None
    try:
        args = M.fresh_args(case)
        v = ctx["variants"].get(km, name, cfg, args, case["grid"])
        row["spec"] = v["key"] + ("" if v["ptx_equal"] else " PTX-DIFF")
        if v["ptx_diff"]:
            log(f"  {name} [{cfg['label']}] {case['label']}: specialized PTX differs at {v['ptx_diff']}")
        if v["retyped"]:
            log(f"  {name} [{cfg['label']}]: twin compiled with the declared types of {v['retyped']}")
        launch(v["ours"], case["grid"], v["ours_args"])
        torch.cuda.synchronize()
        row["ok"] = "ok" if outputs_match(case, args) and v["ptx_equal"] else "FAIL"
    except Exception as e:
        row["ok"] = "FAIL"
        row["note"] = f"{type(e).__name__}: {str(e)[:80]}"
        traceback.print_exc(file=sys.stdout)
    if ctx["budget"].left() <= 0:
        row["note"] = "timing skipped: budget spent"
        row["verdict"] = "-"
        return row
    try:
        if v is not None:
            row["ours_us"] = bench(lambda: launch(v["ours"], case["grid"], v["ours_args"]))
            row["twin_us"] = bench(lambda: launch(v["twin"], case["grid"], v["twin_args"]))
        if case.get("baseline"):
            row["torch_us"] = bench(case["baseline"])
        peers = {}
        for peer, fn in (case.get("peers") or {}).items():
            try:
                peers[peer] = bench(fn)
            except Exception as e:  # a backend this GPU or build lacks: said, not fatal
                log(f"  peer {peer}: {type(e).__name__}: {str(e)[:80]}")
        if peers:
            best = min(peers, key=peers.get)
            row["peer_us"], row["peer"] = peers[best], best
            row["note"] = (row.get("note") or "") + "; peers " + ", ".join(f"{k} {us:.1f}" for k, us in peers.items())
    except Exception as e:
        row["note"] = f"timing: {type(e).__name__}: {str(e)[:80]}"
        traceback.print_exc(file=sys.stdout)
    if isinstance(row.get("ours_us"), float):
        if row.get("roof_us"):
            row["%roof"] = row["roof_us"] / row["ours_us"]
        if isinstance(row.get("torch_us"), float):
            row["vs_torch"] = row["torch_us"] / row["ours_us"]
        if isinstance(row.get("peer_us"), float):
            row["vs_peer"] = row["peer_us"] / row["ours_us"]
    if compute:  # the target: at or above the best peer (for attention: cuDNN and flash SDPA)
        ours, best = row.get("ours_us"), row.get("peer_us", row.get("torch_us"))
        good = row.get("ok") != "FAIL" and isinstance(ours, float) and isinstance(best, float) and ours <= best
        row["verdict"] = "PASS" if good else "MISS"
    elif moe:
        frac = row.get("%roof")
        good = row.get("ok") != "FAIL" and isinstance(frac, float) and frac >= 1 / MOE_ROOF_FACTOR
        row["verdict"] = "PASS" if good else "MISS"
    elif not judged:
        row["verdict"] = "ref"
    elif not memory_bound(case):
        row["verdict"] = "info"  # compute-bound (prefill attention): not the roofline's
    else:
        row["verdict"] = verdict(row, True, bool(nbytes) and nbytes >= LARGE_BYTES)
    return row


def run_kernel(tt, ctx, name, role, rows):
    import torch
    km = M.load_module(name)
    for cfg in M.selected(km.MODEL_CONFIGS, ctx["configs"]):
        log(f"\n=== {name} [{cfg['label']}] sets {cfg['sets']} num_warps={cfg['num_warps']}")
        try:
            torch.manual_seed(0)
            cases = km.model_cases(cfg, torch)
        except Exception:
            log(f"  {name} [{cfg['label']}]: FAIL:")
            traceback.print_exc(file=sys.stdout)
            rows.append(Row(kernel=name, config=cfg["label"], case="(failed)", ok="FAIL", verdict="MISS"))
            continue
        for case in cases:
            try:
                row = time_case(ctx, name, km, cfg, case, role == "judged", moe=role == "moe",
                                compute=role == "compute")
            except Exception as e:
                traceback.print_exc(file=sys.stdout)
                row = Row(kernel=name, config=cfg["label"], case=case.get("label", "?"), ok="FAIL", verdict="MISS",
                          note=f"{type(e).__name__}")
            log("  " + "  ".join(f"{c}={fmt(row.get(c), c)}" for c in Row.COLS[2:]))
            rows.append(row)


# ---- pipelines --------------------------------------------------------------------------------

def config_of(name, label):
    """(module, config) of kernel `name`, config `label`."""
    km = M.load_module(name)
    return km, next(c for c in km.MODEL_CONFIGS if c["label"] == label)


def time_pipeline(ctx, row, steps_ours, steps_twin, baseline, check):
    """steps: [(kernel, grid, args)]; check() -> bool on ours' outputs after one run."""
    import torch
    try:
        for k, g, a in steps_ours:
            launch(k, g, a)
        torch.cuda.synchronize()
        row["ok"] = "ok" if check() else "FAIL"
    except Exception as e:
        row["ok"] = "FAIL"
        row["note"] = f"{type(e).__name__}: {str(e)[:80]}"
        traceback.print_exc(file=sys.stdout)
    if ctx["budget"].left() <= 0:
        row["note"] = "timing skipped: budget spent"
        return row
    try:
        def run(steps):
            for k, g, a in steps:
                launch(k, g, a)
        row["ours_us"] = bench(lambda: run(steps_ours))
        if steps_twin:
            row["twin_us"] = bench(lambda: run(steps_twin))
        if baseline:
            row["torch_us"] = bench(baseline)
    except Exception as e:
        row["note"] = f"timing: {type(e).__name__}: {str(e)[:80]}"
        traceback.print_exc(file=sys.stdout)
    if isinstance(row.get("ours_us"), float):
        if row.get("roof_us"):
            row["%roof"] = row["roof_us"] / row["ours_us"]
        if isinstance(row.get("torch_us"), float):
            row["vs_torch"] = row["torch_us"] / row["ours_us"]
    return row


ALIGN_STEPS = ("moe_align_block_size_count", "moe_align_block_size_scan", "moe_align_block_size_scatter")


def align_parts(mods, cfgs, p):
    """The three steps of the parallel moe_align_block_size on problem `p` (count_mod.problem):
    (parts for steps_of, the outputs sorted_token_ids, expert_ids, num_tokens_post_padded)."""
    import torch
    numel, chunks, ids = p["numel"], p["chunks"], p["ids"]
    be = cfgs[0]["constexprs"]["BLOCK_E"]
    counts = torch.empty(chunks * be, dtype=torch.int32, device="cuda")
    prefix, first = torch.empty_like(counts), torch.empty_like(counts)
    sorted_ids = torch.empty(p["max_padded"], dtype=torch.int32, device="cuda")
    expert_ids = torch.empty(p["max_blocks"], dtype=torch.int32, device="cuda")
    total = torch.empty(1, dtype=torch.int32, device="cuda")
    args = ([ids, counts, prefix, numel],
            [counts, first, sorted_ids, expert_ids, total, numel, chunks, p["max_padded"], p["max_blocks"]],
            [ids, first, prefix, sorted_ids, numel])
    grids = ((chunks,), (be // cfgs[1]["constexprs"]["EG"],), (chunks,))
    return list(zip(mods, ALIGN_STEPS, cfgs, grids, args)), (sorted_ids, expert_ids, total)


def moe_pipelines(tt, ctx, rows):
    """The parallel moe_align_block_size (count, scan, scatter), the one-program kernel, torch."""
    import torch
    count_mod = M.load_module("moe_align_block_size_count")
    one_mod = count_mod.one
    for label, r in count_mod.ROUTINGS.items():
        log(f"\n=== moe_align_block_size pipeline [{label}]")
        try:
            m1, c1 = config_of("moe_align_block_size_count", label)
            m2, c2 = config_of("moe_align_block_size_scan", label)
            m3, c3 = config_of("moe_align_block_size_scatter", label)
            m0, c0 = config_of("moe_align_block_size", label)
        except Exception:
            traceback.print_exc(file=sys.stdout)
            rows.append(Row(kernel="moe_align(3 steps)", config=label, case="(failed)", ok="FAIL", verdict="MISS"))
            continue
        be = c1["constexprs"]["BLOCK_E"]
        for tokens in count_mod.TOKENS:
            try:
                p = count_mod.problem(torch, label, tokens)
                numel, chunks, ids = p["numel"], p["chunks"], p["ids"]
                parts, (sorted_ids, expert_ids, total) = align_parts((m1, m2, m3), (c1, c2, c3), p)
                ours, twins = steps_of(ctx, parts)
                want = p["layout"]
                nbytes = 4 * (2 * numel + 5 * chunks * be + p["max_padded"] + p["max_blocks"] + 1)
                case = f"tokens{tokens}-top{r['top_k']}"
                row = Row(kernel="moe_align(3 steps)", config=label, case=case, MB=nbytes / 1e6,
                          roof_us=nbytes / ctx["copy_bps"] * 1e6)

                def check(sorted_ids=sorted_ids, expert_ids=expert_ids, total=total, want=want):
                    return all(M.bit_equal(g, w) for g, w in zip((sorted_ids, expert_ids, total), want))

                baseline = (lambda ids=ids: one_mod.align_reference(torch, ids, r["NUM_EXPERTS"], r["BLOCK_SIZE"]))
                time_pipeline(ctx, row, ours, twins, baseline, check)
                big = tokens == 4096 and r["NUM_EXPERTS"] == 128
                extra = not big or (isinstance(row.get("ours_us"), float) and row["ours_us"] < MOE_TARGET_US)
                row["verdict"] = verdict(row, True, False, extra)
                if big:
                    row["note"] = (row.get("note") or "") + f" target < {MOE_TARGET_US:.0f} us"
                log("  " + "  ".join(f"{c}={fmt(row.get(c), c)}" for c in Row.COLS[2:]))
                rows.append(row)
                # the one-program kernel on the same routing, for comparison
                if ctx["budget"].left() > 0:
                    s0, e0, n0 = torch.empty_like(sorted_ids), torch.empty_like(expert_ids), torch.empty_like(total)
                    a0 = [ids, s0, e0, n0, numel, p["max_padded"], p["max_blocks"]]
                    r0 = Row(kernel="moe_align_block_size", config=label, case=case, MB=None)
                    one, _ = steps_of(ctx, [(m0, "moe_align_block_size", c0, (1,), a0)])
                    time_pipeline(ctx, r0, one, None, baseline,
                                  lambda: all(M.bit_equal(g, w) for g, w in zip((s0, e0, n0), want)))
                    r0["verdict"] = "ref"
                    log("  " + "  ".join(f"{c}={fmt(r0.get(c), c)}" for c in Row.COLS[2:]))
                    rows.append(r0)
            except Exception as e:
                traceback.print_exc(file=sys.stdout)
                rows.append(Row(kernel="moe_align(3 steps)", config=label, case=f"tokens{tokens}", ok="FAIL",
                                verdict="MISS", note=type(e).__name__))


def norm_bwd_pipelines(tt, ctx, rows):
    """layer_norm_bwd_dx_rows + layer_norm_bwd_dwdb (dx, dw, db) beside torch's native backward;
    rms_norm_bwd + layer_norm_bwd_dwdb (its DB reading DW again) beside the torch formula. With the
    sweep on, the pipeline again under each DWDB_SWEEP point of layer_norm_bwd_dwdb: a log line per
    config and a `sweep` row with the fastest correct point."""
    import torch
    dwdb_mod = M.load_module("layer_norm_bwd_dwdb")
    for name in ("layer_norm_bwd_dx_rows", "rms_norm_bwd"):
        km = M.load_module(name)
        for cfg in M.selected(km.MODEL_CONFIGS, ctx["configs"]):
            label = cfg["label"]
            log(f"\n=== {name} + layer_norm_bwd_dwdb pipeline [{label}]")
            try:
                short, n_cfg = km._SHAPES[label]
                torch.manual_seed(0)
                case = km.model_cases(cfg, torch)[0]  # the large one: 4096 rows of N
                want = case["expected"]()
                n = case["args"][-1]  # (..., stride, M, N)
                es = case["args"][0].element_size()
                programs = case["grid"][0]
                nbytes = case["bytes"] + 2 * 4 * programs * n + 2 * n * es

                def pipeline(dcfg, row, twins=True):
                    args = M.fresh_args(case)
                    dw_partial = args[2]
                    db_partial = args[3] if name == "layer_norm_bwd_dx_rows" else args[2]
                    final_dw = torch.empty(n, dtype=args[0].dtype, device="cuda")
                    final_db = torch.empty(n, dtype=args[0].dtype, device="cuda")
                    ad = [dw_partial, db_partial, final_dw, final_db, programs, n]
                    block_n = dcfg["constexprs"]["BLOCK_SIZE_N"]
                    steps, twin_steps = steps_of(ctx, [(km, name, cfg, case["grid"], args),
                                                       (dwdb_mod, "layer_norm_bwd_dwdb", dcfg,
                                                        ((n + block_n - 1) // block_n,), ad)])
                    tol = case["tol"]

                    def check():
                        good = M.compare(args[0], want[0], tol)[0]
                        wide = (tol[0] * 10, tol[1] * 10)
                        good &= M.compare(final_dw.float(), want[1].sum(dim=0), wide)[0]
                        if name == "layer_norm_bwd_dx_rows":
                            good &= M.compare(final_db.float(), want[2].sum(dim=0), wide)[0]
                        return good

                    return time_pipeline(ctx, row, steps, twin_steps if twins else None,
                                         case["baseline"] if twins else None, check)

                dcfg = dwdb_mod.rows_config(short, n_cfg)
                row = Row(kernel=f"{name}+dwdb", config=label, case=case["label"], MB=nbytes / 1e6,
                          roof_us=nbytes / ctx["copy_bps"] * 1e6)
                pipeline(dcfg, row)
                row["verdict"] = verdict(row, True, nbytes >= LARGE_BYTES)
                log("  " + "  ".join(f"{c}={fmt(row.get(c), c)}" for c in Row.COLS[2:]))
                rows.append(row)
                if "dwdb" in ctx["sweeps"]:
                    results = []
                    for bm, bn, warps in DWDB_SWEEP:
                        if ctx["budget"].left() <= 0:
                            break
                        tag = f"M{bm}.N{bn}.w{warps}"
                        alt = alt_config(dcfg, {"BLOCK_SIZE_M": bm, "BLOCK_SIZE_N": bn}, tag, num_warps=warps)
                        r = pipeline(alt, Row(), twins=False)
                        results.append((r.get("ours_us") or float("inf"), tag, r.get("ok") == "ok"))
                    results.sort()
                    log(f"  sweep dwdb [{label}] " + " ".join(f"{t}:{us:.1f}{'' if ok else '(FAIL)'}"
                                                             for us, t, ok in results))
                    best = next((r for r in results if r[2]), None)
                    if best:
                        rows.append(Row(kernel=f"{name}+dwdb", config=label + "*", case=case["label"],
                                        MB=nbytes / 1e6, roof_us=row["roof_us"], ours_us=best[0],
                                        **{"%roof": row["roof_us"] / best[0]}, verdict="sweep",
                                        note=f"best dwdb {best[1]}"))
            except Exception as e:
                traceback.print_exc(file=sys.stdout)
                rows.append(Row(kernel=f"{name}+dwdb", config=label, case="(failed)", ok="FAIL", verdict="MISS",
                                note=type(e).__name__))


# ---- the sweep --------------------------------------------------------------------------------

def alt_config(cfg, fields, tag, **launch_options):
    """cfg with other constexpr values (in `sets` and `constexprs` alike) and launch options
    (num_warps, num_stages); labelled cfg's label + tag, which is also Variants' cache key."""
    return dict(cfg, sets=dict(cfg["sets"], **fields), constexprs=dict(cfg["constexprs"], **fields),
                label=f"{cfg['label']}.{tag}", **launch_options)


def judged_of(km, cfg, ctx):
    """A config's cases that the sweeps score (LARGE_BYTES and up; else the largest), and their
    rooflines in us."""
    import torch
    torch.manual_seed(0)
    cases = km.model_cases(cfg, torch)
    judged = [c for c in cases if (c.get("bytes") or 0) >= LARGE_BYTES]
    judged = judged or [max(cases, key=lambda c: c.get("bytes") or 0)]
    return judged, [c["bytes"] / ctx["copy_bps"] * 1e6 for c in judged]


def time_point(ctx, km, name, cfg, cases, judged, roofs):
    """One sweep point: ours under `cfg` on each judged case (its counterpart among `cases`, by
    label), checked against expected() once and timed -> (lowest fraction of the roofline, all
    outputs good, times)."""
    import torch
    by_label = {c["label"]: c for c in cases}
    times, good = [], True
    for case in judged:
        c = by_label[case["label"]]
        args = M.fresh_args(c)
        (ours,), _ = steps_of(ctx, [(km, name, cfg, c["grid"], args)])
        launch(*ours)
        torch.cuda.synchronize()
        good = good and outputs_match(c, args)
        times.append(bench(lambda: launch(*ours)))
    return min(r / us for r, us in zip(roofs, times)), good, times


def report_sweep(rows, title, name, cfg, judged, roofs, results, own, note):
    """A sweep's log line (every point: its times per case and score) and its `sweep` row (the best
    point whose outputs were good). results: [(-score, point, good, times)]."""
    if not results:
        return
    results.sort()
    text = " ".join(f"{p}:{'/'.join(f'{us:.1f}' for us in t)}({-neg:.0%}){'' if ok else '(FAIL)'}"
                    for neg, p, ok, t in results)
    cases = "/".join(c["label"] for c in judged)
    log(f"  {title} {name} [{cfg['label']}] {cases} ({own}): {text}")
    best = next((r for r in results if r[2]), None)
    if best:
        rows.append(Row(kernel=name, config=cfg["label"] + "*", case=cases, MB=judged[0]["bytes"] / 1e6,
                        roof_us=roofs[0], ours_us=best[3][0], **{"%roof": -best[0]}, verdict="sweep",
                        note=note.format(best=best[1])))


def sweep(tt, ctx, rows):
    """SWEEP's points on the judged cases (LARGE_BYTES and up; else the largest) of each kernel's
    first configs: each point's outputs against the case's expected() (a point that fails is
    logged, never the best), its time per case, and its score: the lowest fraction of the roofline
    over those cases (what the 80% target asks of every one of them)."""
    import torch
    for name, (fields, warp_choices, stage_choices) in SWEEP.items():
        if ctx["only"] and name not in ctx["only"]:
            continue
        km = M.load_module(name)
        names = list(fields)
        configs = M.selected(km.MODEL_CONFIGS, ctx["configs"]) if ctx["configs"] else km.MODEL_CONFIGS[:SWEEP_CONFIGS]
        for cfg in configs:
            if ctx["budget"].left() <= 0:
                log("sweep: budget spent")
                return
            try:
                judged, roofs = judged_of(km, cfg, ctx)
            except Exception:
                traceback.print_exc(file=sys.stdout)
                continue
            results = []
            for *values, warps, stages in itertools.product(*fields.values(), warp_choices, stage_choices):
                if ctx["budget"].left() <= 0:
                    break
                stages = cfg["num_stages"] if stages is None else stages
                point = ",".join([f"{f}={v}" for f, v in zip(names, values)] + [f"w={warps}", f"s={stages}"])
                alt = alt_config(cfg, dict(zip(names, values)), point.replace(",", ".").replace("=", ""),
                                 num_warps=warps, num_stages=stages)
                try:
                    # the modules find a config's shape by its label: the cases under the config's own
                    # label, the variant under the tagged one (Variants' cache key)
                    torch.manual_seed(0)
                    alt_cases = km.model_cases(dict(alt, label=cfg["label"]), torch)
                    score, good, times = time_point(ctx, km, name, alt, alt_cases, judged, roofs)
                    results.append((-score, point, good, times))
                except Exception as e:
                    log(f"  sweep {name} {point}: {type(e).__name__}: {str(e)[:100]}")
            own = ",".join([f"{f}={cfg['constexprs'][f]}" for f in names]
                           + [f"w={cfg['num_warps']}", f"s={cfg['num_stages']}"])
            report_sweep(rows, "sweep", name, cfg, judged, roofs, results, f"config {own}",
                         "best {best}, lowest fraction of the roofline (config: " + own + ")")


# The backward row kernels' programs per SM (their launch, not their config: module
# layer_norm_bwd_dx_rows' programs_per_sm, which rms_norm_bwd calls too): more programs hold more
# rows in flight, and write more partial rows for layer_norm_bwd_dwdb to sum.
PROGRAMS_SWEEP = {"layer_norm_bwd_dx_rows": (1, 2, 3, 4, 6), "rms_norm_bwd": (1, 2, 3, 4, 6)}


def programs_sweep(tt, ctx, rows):
    """PROGRAMS_SWEEP's values on the judged cases of each backward row kernel's configs, the
    config itself unchanged, scored as sweep() scores (the lowest fraction over the cases, against
    the rooflines at the module's own value); a log line per config and a `sweep` row."""
    import torch
    for name, values in PROGRAMS_SWEEP.items():
        if ctx["only"] and name not in ctx["only"]:
            continue
        km = M.load_module(name)
        launch_mod = getattr(km, "_ln", km)  # the module whose num_programs sizes the launch
        own_rule = launch_mod.programs_per_sm
        configs = M.selected(km.MODEL_CONFIGS, ctx["configs"]) if ctx["configs"] else km.MODEL_CONFIGS[:SWEEP_CONFIGS]
        for cfg in configs:
            judged, roofs = judged_of(km, cfg, ctx)
            own = own_rule(cfg["constexprs"]["BLOCK_N"])
            results = []
            for value in values:
                if ctx["budget"].left() <= 0:
                    break
                try:
                    launch_mod.programs_per_sm = lambda block_n, value=value: value
                    torch.manual_seed(0)
                    score, good, times = time_point(ctx, km, name, cfg, km.model_cases(cfg, torch), judged, roofs)
                    results.append((-score, f"P={value}", good, times))
                except Exception as e:
                    log(f"  programs sweep {name} P={value}: {type(e).__name__}: {str(e)[:100]}")
                finally:
                    launch_mod.programs_per_sm = own_rule
            report_sweep(rows, "programs sweep", name, cfg, judged, roofs, results, f"programs per SM {own}",
                         "best {best} programs per SM (now " + str(own) + ")")


def moe_sweep_points(cfg):
    """The sweep's points for one fused_moe bucket config: its class by token count (for fp8 block
    scales the class's `_fp8` list where there is one), minus the bucket's own point and, for fp8,
    any BLOCK_SIZE_K that does not divide group_k."""
    c, tokens = cfg["constexprs"], cfg["model"]["tokens"][0]
    size = "decode" if tokens <= 16 else "prefill" if tokens <= 512 else "large"
    points = MOE_SWEEP[size + "_fp8" if size + "_fp8" in MOE_SWEEP and c["use_fp8_w8a8"] else size]
    own = (c["BLOCK_SIZE_M"], c["BLOCK_SIZE_N"], c["BLOCK_SIZE_K"], cfg["num_warps"], cfg["num_stages"])
    return [p for p in points if p != own and (not c["use_fp8_w8a8"] or c["group_k"] % p[2] == 0)]


def moe_sweep(tt, ctx, rows):
    """fused_moe's bucket configs under other blocks and launch options (MOE_SWEEP), the buckets
    furthest from their roofline first, while the budget lasts. Each point: the variant a launch
    runs (twin and ours, PTX compared), its output against the bucket config's own (the main
    rows checked that one against expected()), and its time; one line per bucket and a `sweep` row
    with the fastest point."""
    import torch
    if ctx["only"] and "fused_moe" not in ctx["only"]:
        return
    km = M.load_module("fused_moe")
    timed = {r["config"]: r for r in rows if r.get("kernel") == "fused_moe" and isinstance(r.get("%roof"), float)}
    buckets = [c for c in M.selected(km.MODEL_CONFIGS, ctx["configs"]) if "tokens" in c["model"]]
    buckets.sort(key=lambda c: timed[c["label"]]["%roof"] if c["label"] in timed else 0.0)
    for cfg in buckets:
        if ctx["budget"].left() <= 0:
            log("moe sweep: budget spent")
            return
        try:
            torch.manual_seed(0)
            (case,) = km.model_cases(cfg, torch)
            args = M.fresh_args(case)
            v = ctx["variants"].get(km, "fused_moe", cfg, args, case["grid"])
            launch(v["ours"], case["grid"], v["ours_args"])
            base_out = args[2].clone()
            base_us = bench(lambda: launch(v["ours"], case["grid"], v["ours_args"]))
            roof, _ = moe_roof_us(ctx, cfg, case)
        except Exception:
            traceback.print_exc(file=sys.stdout)
            continue
        results = [(base_us, "bucket", True)]
        for bm, bn, bk, warps, stages in moe_sweep_points(cfg):
            if ctx["budget"].left() <= 0:
                break
            point = f"M{bm}.N{bn}.K{bk}.w{warps}.s{stages}"
            alt = alt_config(cfg, {"BLOCK_SIZE_M": bm, "BLOCK_SIZE_N": bn, "BLOCK_SIZE_K": bk}, point,
                             num_warps=warps, num_stages=stages)
            try:
                (c,) = km.model_cases(alt, torch)
                a = M.fresh_args(c)
                va = ctx["variants"].get(km, "fused_moe", alt, a, c["grid"])
                launch(va["ours"], c["grid"], va["ours_args"])
                torch.cuda.synchronize()
                same = M.compare(a[2], base_out, tuple(case["tol"]))[0] and va["ptx_equal"]
                us = bench(lambda va=va, c=c: launch(va["ours"], c["grid"], va["ours_args"]))
                results.append((us, point, same))
            except Exception as e:
                log(f"  moe sweep {cfg['label']} {point}: {type(e).__name__}: {str(e)[:100]}")
        results.sort()
        text = " ".join(f"{p}:{us:.1f}{'' if ok else '(FAIL)'}" for us, p, ok in results)
        log(f"  moe sweep [{cfg['label']}] {case['label']} roofline {roof:.1f} us: {text}")
        best = next((r for r in results if r[2]), results[0])
        rows.append(Row(kernel="fused_moe", config=cfg["label"] + "*", case=case["label"], MB=case["bytes"] / 1e6,
                        roof_us=roof, ours_us=best[0], **{"%roof": roof / best[0]}, verdict="sweep",
                        note=f"best {best[1]} (the bucket's: {base_us:.1f} us)"))


def moe_align_sweep(tt, ctx, rows):
    """The three-step moe_align_block_size under other chunk sizes and warps (MOE_ALIGN_SWEEP), each
    point's layout bit-equal to the reference, timed as the pipeline rows are; a log line per
    routing and a `sweep` row with the fastest correct point."""
    import torch
    if ctx["only"] and "moe" not in ctx["only"]:
        return
    for label, (tokens, points) in MOE_ALIGN_SWEEP.items():
        results = []
        for bt, bc, eg, warps in points:
            if ctx["budget"].left() <= 0:
                log("moe_align sweep: budget spent")
                break
            tag = f"T{bt}.C{bc}.EG{eg}.w{'-'.join(map(str, warps))}"
            try:
                # fresh modules whose routing table holds the point (each module reads its own copy)
                mods = [M.load_module(n) for n in ALIGN_STEPS]
                for table in (mods[0].ROUTINGS, mods[1].count.ROUTINGS, mods[2].count.ROUTINGS):
                    table[label] = dict(table[label], BLOCK_T=bt, BLOCK_C=bc, EG=eg, warps=warps)
                cfgs = [dict(m._cfg(label), label=f"{label}.{tag}") for m in mods]
                p = mods[0].problem(torch, label, tokens)
                parts, outs = align_parts(mods, cfgs, p)
                ours, _ = steps_of(ctx, parts)
                row = Row(kernel="moe_align(3 steps)", config=f"{label}.{tag}", case=f"tokens{tokens}")
                time_pipeline(ctx, row, ours, None, None,
                              lambda: all(M.bit_equal(g, w) for g, w in zip(outs, p["layout"])))
                results.append((row.get("ours_us") or float("inf"), tag, row.get("ok") == "ok"))
            except Exception as e:
                log(f"  moe_align sweep {label} {tag}: {type(e).__name__}: {str(e)[:100]}")
        if results:
            results.sort()
            text = " ".join(f"{t}:{us:.1f}{'' if ok else '(FAIL)'}" for us, t, ok in results)
            log(f"  moe_align sweep [{label}] tokens{tokens} (target {MOE_TARGET_US:.0f} us): {text}")
            best = next((r for r in results if r[2]), results[0])
            rows.append(Row(kernel="moe_align(3 steps)", config=label + "*", case=f"tokens{tokens}", ours_us=best[0],
                            verdict="sweep", note=f"best {best[1]}"))


# --sweep's choices, in the order they run (dwdb runs within the norm_bwd pipelines)
SWEEPERS = {"moe_align": moe_align_sweep, "fused_moe": moe_sweep, "fields": sweep, "programs": programs_sweep,
            "dwdb": None}


def dry_run(tritonc):
    """Without triton, torch or a GPU: every kernel this script times loads (stand-in triton), is a
    bundled kernel with the sweep's fields, and the pipelines' modules have what they read."""
    problems = []
    fields = M.tritonc_list(tritonc) if tritonc else None
    names = list(KERNELS) + ["moe_align_block_size", *ALIGN_STEPS, "layer_norm_bwd_dwdb"]
    for name in names:
        try:
            km = M.load_module_without_triton(name)
            if not getattr(km, "MODEL_CONFIGS", None):
                problems.append(f"{name}: no MODEL_CONFIGS")
            if fields is not None and name not in fields:
                problems.append(f"{name}: not in `tritonc list`")
            for field in SWEEP.get(name, ({},))[0]:
                if fields is not None and field not in fields.get(name, []):
                    problems.append(f"{name}: the sweep's {field} is no config field")
        except Exception as e:
            problems.append(f"{name}: does not load: {type(e).__name__}: {e}")
    count = M.load_module_without_triton("moe_align_block_size_count")
    for label, (tokens, points) in MOE_ALIGN_SWEEP.items():
        if label not in count.ROUTINGS or tokens not in count.TOKENS:
            problems.append(f"MOE_ALIGN_SWEEP: {label} at {tokens} tokens is no routing and case of the pipeline")
        for bt, bc, eg, warps in points:
            if bt & (bt - 1) or bc & (bc - 1) or eg & (eg - 1) or len(warps) != 3:
                problems.append(f"MOE_ALIGN_SWEEP {label}: ({bt}, {bc}, {eg}, {warps}) wants powers of two and 3 warps")
            if eg > count.block_e(label):
                problems.append(f"MOE_ALIGN_SWEEP {label}: EG {eg} is more than the routing's BLOCK_E")
    for label in count.ROUTINGS:
        for name in ("moe_align_block_size", "moe_align_block_size_scan", "moe_align_block_size_scatter"):
            if label not in [c["label"] for c in M.load_module_without_triton(name).MODEL_CONFIGS]:
                problems.append(f"{name}: no config {label} (the moe pipeline's)")
    for name in ("layer_norm_bwd_dx_rows", "rms_norm_bwd"):
        km = M.load_module_without_triton(name)
        for cfg in km.MODEL_CONFIGS:
            if cfg["label"] not in km._SHAPES:
                problems.append(f"{name}: no shape for {cfg['label']}")
    for name in PROGRAMS_SWEEP:
        km = M.load_module_without_triton(name)
        if not callable(getattr(getattr(km, "_ln", km), "programs_per_sm", None)):
            problems.append(f"{name}: no programs_per_sm for the programs sweep")
    moe = M.load_module_without_triton("fused_moe")
    buckets = [c for c in moe.MODEL_CONFIGS if "tokens" in c.get("model", {})]
    if not buckets:
        problems.append("fused_moe: no bucket configs (model tokens) for the moe sweep")
    for cfg in buckets:
        if not moe_sweep_points(cfg):
            problems.append(f"fused_moe: the moe sweep has no point for {cfg['label']}")
    for p in problems:
        log(f"  {p}")
    log(f"roofline.py dry run: {len(names)} kernels, {len(problems)} problems")
    return 1 if problems else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dry-run", action="store_true", help="no triton, torch or GPU: the modules' shape only")
    ap.add_argument("--tritonc")
    ap.add_argument("--out", type=Path, default=Path("gpu-out"))
    ap.add_argument("--work", type=Path, default=Path("/tmp/tritonc-roofline-work"))
    ap.add_argument("--kernel", nargs="+", help="only these kernels (and pipelines: moe, norm_bwd)")
    ap.add_argument("--config", nargs="+", help="only the configs whose label starts with one of these")
    ap.add_argument("--budget-s", type=float, default=400, help="timing stops once this many seconds passed")
    ap.add_argument("--no-sweep", action="store_true")
    ap.add_argument("--sweep", nargs="+", choices=sorted(SWEEPERS), help="only these sweeps (default: all)")
    args = ap.parse_args()
    sys.path[:0] = [str(d) for d in KERNEL_DIRS]
    if args.dry_run:
        return dry_run(args.tritonc)
    if not args.tritonc:
        log("FAIL: --tritonc is required")
        return 2
    import torch
    from validate import Triton
    tt = Triton()
    args.out.mkdir(parents=True, exist_ok=True)
    name = torch.cuda.get_device_name(0)
    bps, copy_us = copy_bandwidth(torch)
    bf16 = matmul_tflops(torch) or M.MATMUL_TFLOPS
    fp8 = matmul_tflops(torch, fp8=True) or 2 * bf16
    header = (f"roofline on {name}: copy {bps / 1e12:.3f} TB/s ({COPY_BYTES >> 20} MiB copied in {copy_us:.1f} us, "
              f"do_bench); times: CUDA graphs of {M.GRAPH_REPS} launches after L2 flushes; "
              f"matmul 8192^3 bf16 {bf16:.0f} TFLOP/s (torch.matmul), fp8 {fp8:.0f} TFLOP/s "
              f"(torch._scaled_mm); triton {tt.triton.__version__}, torch {torch.__version__}")
    log(header)
    ctx = {"tritonc": args.tritonc, "work": args.work, "budget": Budget(args.budget_s), "copy_bps": bps,
           "bf16_tflops": bf16, "fp8_tflops": fp8,
           "variants": M.Variants(tt, args.tritonc, args.work / "variants", args.out / "diffs"), "only": args.kernel,
           "configs": args.config,
           "sweeps": set() if args.no_sweep else set(args.sweep or SWEEPERS)}
    rows = []
    out = args.out / "roofline.txt"
    # The judged row kernels first, then the pipelines, then the rest: what a run cut short by its
    # budget leaves out is what matters least.
    order = [k for k, role in KERNELS.items() if role == "judged" and not k.startswith("unified")]
    steps = [(k, lambda k=k: run_kernel(tt, ctx, k, KERNELS[k], rows)) for k in order]
    steps += [("moe", lambda: moe_pipelines(tt, ctx, rows)), ("norm_bwd", lambda: norm_bwd_pipelines(tt, ctx, rows))]
    steps += [(k, lambda k=k: run_kernel(tt, ctx, k, KERNELS[k], rows)) for k in KERNELS if k not in order]
    for sname, fn in steps:
        if args.kernel and sname not in args.kernel:
            continue
        if ctx["budget"].left() <= 0:
            log(f"=== {sname}: skipped, the {args.budget_s:.0f} s budget is spent")
            rows.append(Row(kernel=sname, config="-", case="-", verdict="-", note="skipped: budget spent"))
            continue
        try:
            fn()
        except Exception:
            log(f"=== {sname}: FAIL")
            traceback.print_exc(file=sys.stdout)
            rows.append(Row(kernel=sname, config="?", case="(failed)", ok="FAIL", verdict="MISS"))
        write_table(rows, out, bps / 1e12, header)
    for key, sweeper in SWEEPERS.items():
        if sweeper and key in ctx["sweeps"]:
            try:
                sweeper(tt, ctx, rows)
            except Exception:
                traceback.print_exc(file=sys.stdout)
            write_table(rows, out, bps / 1e12, header)
    write_table(rows, out, bps / 1e12, header)
    log("\n" + out.read_text())
    misses = sum(r.get("verdict") == "MISS" for r in rows)
    log(f"roofline.py: {misses} MISS in {time.monotonic() - ctx['budget'].t0:.0f} s")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
