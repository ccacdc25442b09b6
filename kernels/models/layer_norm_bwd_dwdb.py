"""layer_norm_bwd_dwdb: the last step of layer norm's backward pass: the gradients of W and B as
the column sums of the M float32 partial rows that kernels/models/layer_norm_bwd_dx.py left in DW and DB.

After Triton's layer-norm tutorial (05-layer-norm.py): each program owns BLOCK_SIZE_N columns,
adds BLOCK_SIZE_M partial rows at a time into float32 tiles, reduces the tiles over their rows
and stores the sums in the dtype of FINAL_DW and FINAL_DB.

The Python original of kernels/models/layer_norm_bwd_dwdb.c: the C body follows it line for line.
"""
import triton
import triton.language as tl


@triton.jit
def layer_norm_bwd_dwdb(DW, DB, FINAL_DW, FINAL_DB, M, N, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    tile_dw = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    tile_db = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for first in range(0, M, BLOCK_SIZE_M):
        rows = first + tl.arange(0, BLOCK_SIZE_M)
        in_bounds = (rows[:, None] < M) & (cols[None, :] < N)
        offs = rows[:, None] * N + cols[None, :]
        tile_dw += tl.load(DW + offs, mask=in_bounds, other=0.0)
        tile_db += tl.load(DB + offs, mask=in_bounds, other=0.0)
    dw = tl.sum(tile_dw, axis=0)
    db = tl.sum(tile_db, axis=0)
    tl.store(FINAL_DW + cols, dw, mask=cols < N)
    tl.store(FINAL_DB + cols, db, mask=cols < N)


def _signature(dtype):
    """The full signature for dtype `dtype` of the final gradients (fp16, bf16, fp32)."""
    return {"DW": "*fp32", "DB": "*fp32", "FINAL_DW": "*" + dtype, "FINAL_DB": "*" + dtype, "M": "i32", "N": "i32",
            "BLOCK_SIZE_M": "constexpr", "BLOCK_SIZE_N": "constexpr"}


SIGNATURE = _signature("fp16")
CONSTEXPRS = {"BLOCK_SIZE_M": 32, "BLOCK_SIZE_N": 128}  # equals the C config's defaults (dtype float16)
ATTRS = {(i,): [["tt.divisibility", 16]] for i in range(4)}

_DTYPE_NAMES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32"}  # tritonc's and torch's names
_SHAPES = {}  # label -> (dtype, N): what model_cases needs beyond the config


def _config(label, dtype, n, block_m=32, block_n=128, num_warps=4):
    # The tutorial launches this kernel with BLOCK_SIZE_M = 32, BLOCK_SIZE_N = 128 and Triton's
    # default num_warps (4), over cdiv(N, BLOCK_SIZE_N) programs.
    _SHAPES[label] = (dtype, n)
    blocks = {"BLOCK_SIZE_M": block_m, "BLOCK_SIZE_N": block_n}
    return {"label": label, "sets": dict(blocks, dtype=_DTYPE_NAMES[dtype]), "constexprs": blocks,
            "signature": _signature(dtype), "attrs": ATTRS, "num_warps": num_warps, "num_stages": 3}


def rows_config(dtype, n):
    """The config that follows the row kernels (layer_norm_bwd_dx_rows, rms_norm_bwd), whose
    partial rows number one or two per SM: narrow column blocks, so that cdiv(N, BLOCK_SIZE_N)
    programs (256 at N 4096) share the reading, and tall steps over the rows. The tutorial's 32 x 128
    ran 32 programs at N 4096; the H100 sweep of roofline.py (DWDB_SWEEP) took the whole backward
    at 4096 x 4096 from 60.8 to 48.8 us with 128 x 16, and at 4096 x 1024 (float32) from 34.2 to
    23.9 us with 256 x 8 (128 programs)."""
    block_m, block_n = (256, 8) if n <= 1024 else (128, 16)
    return _config(f"rows-{dtype}-n{n}", dtype, n, block_m=block_m, block_n=block_n)


MODEL_CONFIGS = [
    _config("fp16-n4096", "fp16", 4096),
    _config("bf16-n8192", "bf16", 8192),
    _config("fp32-n1024", "fp32", 1024),
]


def _bwd_dx_module():
    """kernels/models/layer_norm_bwd_dx.py, beside this file: its test data and torch helpers."""
    import importlib.util
    import os
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "layer_norm_bwd_dx.py")
    spec = importlib.util.spec_from_file_location("layer_norm_bwd_dx_helpers", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def model_cases(cfg, torch):
    """The partial rows that layer_norm_bwd_dx leaves for a real problem (computed with torch,
    grouped as that kernel groups them: GROUP_SIZE_M by N as the tutorial picks), for M 4096 and
    1151 (ragged) rows of the config's N, and a ragged N. Expected: torch autograd's dw and db."""
    dx_mod = _bwd_dx_module()
    short, n_cfg = _SHAPES[cfg["label"]]
    dtype = getattr(torch, _DTYPE_NAMES[short])
    cases = []
    for m, n in ((4096, n_cfg), (1151, n_cfg), (4096, n_cfg * 1000 // 1024)):
        group = 256 if n <= 1024 else 128 if n <= 4096 else 64
        x, w, b, dy, mean, rstd = dx_mod.make_problem(m, n, dtype, torch)
        xhat = (x.float() - mean[:, None]) * rstd[:, None]
        dw_partial = dx_mod.grouped_rows(dy.float() * xhat, group, torch)
        db_partial = dx_mod.grouped_rows(dy.float(), group, torch)
        final_dw = torch.empty((n,), dtype=dtype, device="cuda")
        final_db = torch.empty((n,), dtype=dtype, device="cuda")

        def expected(x=x, w=w, b=b, dy=dy):
            _, dw_ref, db_ref = dx_mod.autograd_grads(x, w, b, dy, torch)
            return [dw_ref, db_ref]

        def baseline(dw_partial=dw_partial, db_partial=db_partial):
            return dw_partial.sum(dim=0), db_partial.sum(dim=0)

        es = final_dw.element_size()
        cases.append({
            "label": f"{m}x{n}-groups{group}",
            "args": [dw_partial, db_partial, final_dw, final_db, group, n],
            "grid": (triton.cdiv(n, cfg["constexprs"]["BLOCK_SIZE_N"]),),
            "outputs": [2, 3],
            "expected": expected,
            # sums of M products in float32, in another order than autograd's, then one rounding
            # to the storage dtype (bf16 keeps 8 bits: relative 2^-8, near 0 the atol)
            "tol": {"fp16": (2e-2, 1e-2), "bf16": (5e-2, 2e-2), "fp32": (1e-3, 1e-4)}[short],
            "baseline": baseline,
            "flops": None,
            "bytes": 2 * 4 * group * n + 2 * es * n,  # read both partial buffers, write dw, db
        })
    return cases
