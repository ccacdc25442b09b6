"""rms_norm_bwd: the backward pass of RMS normalization for X, with whole rows in registers, and
per-program partial sums of the gradient of W (no locks).

With xhat = x * rstd (Rstd from kernels/models/rms_norm_fwd.py) and c the row mean of
xhat * w * dy: dx = (w * dy - xhat * c) * rstd. Each program takes blocks of BLOCK_M rows dealt
out in turn (blocks p, p + num_programs, ...) and stores the float32 sum of dy * xhat over its
rows as its row of DW (num_programs x N); dW is the column sum of DW
(kernels/models/layer_norm_bwd_dwdb.py, or DW.sum(0)). The layout of
kernels/models/layer_norm_bwd_dx_rows.py; deterministic. stride and N are declared multiples of 16.

The Python original of kernels/models/rms_norm_bwd.c: the C body follows it line for line.
"""
import importlib.util
import os

import triton
import triton.language as tl


@triton.jit
def rms_norm_bwd(DX, DY, DW, X, W, Rstd, stride, M, N, BLOCK_M: tl.constexpr,
                 BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    col_mask = cols < N
    w = tl.load(W + cols, mask=col_mask, other=0.0).to(tl.float32)
    dw = tl.zeros((BLOCK_N,), dtype=tl.float32)
    # blocks of BLOCK_M rows dealt out in turn: program pid takes blocks pid, pid + programs, ...
    for first in range(pid * BLOCK_M, M, tl.num_programs(0) * BLOCK_M):
        rows = first + tl.arange(0, BLOCK_M)
        row_mask = rows < M
        mask = row_mask[:, None] & col_mask[None, :]
        offs = rows[:, None] * stride + cols[None, :]
        x = tl.load(X + offs, mask=mask, other=0.0).to(tl.float32)
        dy = tl.load(DY + offs, mask=mask, other=0.0).to(tl.float32)
        rstd = tl.load(Rstd + rows, mask=row_mask, other=0.0)
        xhat = x * rstd[:, None]
        wdy = w[None, :] * dy
        c = tl.sum(xhat * wdy, axis=1) / N
        dx = (wdy - xhat * c[:, None]) * rstd[:, None]
        tl.store(DX + offs, dx.to(DX.dtype.element_ty), mask=mask)
        dw += tl.sum(dy * xhat, axis=0)
    tl.store(DW + pid * N + cols, dw, mask=col_mask)


def _sibling(name):
    here = globals().get("__file__")  # absent when exec'd from text: run from the repository root
    path = os.path.join(os.path.dirname(os.path.abspath(here)) if here else "kernels/models", name + ".py")
    spec = importlib.util.spec_from_file_location("tritonc_kernel_" + name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


_ln = _sibling("layer_norm_bwd_dx_rows")  # launch_config, num_programs, program_rows


def _signature(dtype):
    """The full signature for storage dtype `dtype` (Triton's spelling: fp16, bf16, fp32)."""
    return {"DX": "*" + dtype, "DY": "*" + dtype, "DW": "*fp32", "X": "*" + dtype, "W": "*" + dtype,
            "Rstd": "*fp32", "stride": "i32", "M": "i32", "N": "i32",
            "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"}


SIGNATURE = _signature("bf16")
CONSTEXPRS = {"BLOCK_M": 1, "BLOCK_N": 1024}  # equals the C config's defaults (dtype bfloat16)
# The six pointers, stride (6) and N (8): multiples of 16.
ATTRS = {(i,): [["tt.divisibility", 16]] for i in (0, 1, 2, 3, 4, 5, 6, 8)}

_DTYPE_NAMES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32"}  # tritonc's and torch's names
_SHAPES = {}  # label -> (dtype, N): what model_cases needs beyond the config


def _config(label, dtype, n):
    bm, bn, nw = _ln.launch_config(n)
    _SHAPES[label] = (dtype, n)
    return {"label": label, "sets": {"dtype": _DTYPE_NAMES[dtype], "BLOCK_M": bm, "BLOCK_N": bn},
            "constexprs": {"BLOCK_M": bm, "BLOCK_N": bn}, "signature": _signature(dtype), "attrs": ATTRS,
            "num_warps": nw, "num_stages": 1}


MODEL_CONFIGS = [
    _config("bf16-n4096", "bf16", 4096),
    _config("bf16-n8192", "bf16", 8192),
    _config("fp32-n1024", "fp32", 1024),
]

EPS = 1e-6


def torch_backward(x, w, dy, rstd, torch):
    """dx (x's dtype) and dw (float32) of RMS norm from the saved rstd, as a torch user writes it."""
    xhat = x.float() * rstd[:, None]
    wdy = w.float() * dy.float()
    c = (xhat * wdy).mean(dim=1, keepdim=True)
    dx = ((wdy - xhat * c) * rstd[:, None]).to(x.dtype)
    return dx, (dy.float() * xhat).sum(dim=0)


def model_cases(cfg, torch):
    """Rows of N (the config's) for M 4096 and 1151 (ragged), and 4096 rows of a ragged N (a
    multiple of 16). Expected: autograd's dx through rms_norm; the partial rows of each program."""
    short, n_cfg = _SHAPES[cfg["label"]]
    dtype = getattr(torch, _DTYPE_NAMES[short])
    cases = []
    for m, n in ((4096, n_cfg), (1151, n_cfg), (4096, n_cfg * 1000 // 1024 // 16 * 16)):
        gen = torch.Generator(device="cuda").manual_seed(m * 149 + n)
        x = (0.3 + torch.randn((m, n), dtype=torch.float32, device="cuda", generator=gen)).to(dtype)
        w = (0.5 + torch.rand((n,), dtype=torch.float32, device="cuda", generator=gen)).to(dtype)
        dy = (0.1 * torch.randn((m, n), dtype=torch.float32, device="cuda", generator=gen)).to(dtype)
        rstd = torch.rsqrt(x.float().pow(2).mean(dim=1) + EPS)
        bm = cfg["constexprs"]["BLOCK_M"]
        programs = _ln.num_programs(m, bm, cfg["constexprs"]["BLOCK_N"], torch)
        dx = torch.empty_like(x)
        dw_partial = torch.empty((programs, n), dtype=torch.float32, device="cuda")

        def expected(x=x, w=w, dy=dy, rstd=rstd, bm=bm, programs=programs):
            xf = x.float().requires_grad_(True)
            y = xf * torch.rsqrt(xf.pow(2).mean(dim=1, keepdim=True) + EPS) * w.float()
            y.backward(dy.float())
            xhat = x.float() * rstd[:, None]
            return [xf.grad.to(x.dtype), _ln.program_rows(dy.float() * xhat, bm, programs, torch)]

        es = x.element_size()
        cases.append({
            "label": f"{m}x{n}",
            "args": [dx, dy, dw_partial, x, w, rstd, x.stride(0), m, n],
            "grid": (programs,),
            "outputs": [0, 2],
            "expected": expected,
            "tol": {"fp16": (1e-2, 1e-2), "bf16": (4e-2, 2e-2), "fp32": (1e-4, 1e-4)}[short],
            "baseline": (lambda x=x, w=w, dy=dy, rstd=rstd: torch_backward(x, w, dy, rstd, torch)),
            "flops": None,
            # read X, DY, W, Rstd; write DX and the partial rows
            "bytes": 3 * m * n * es + n * es + 4 * m + 4 * programs * n,
        })
    return cases
