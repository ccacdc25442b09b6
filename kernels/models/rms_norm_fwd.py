"""rms_norm_fwd: the forward pass of RMS normalization with whole rows in registers, BLOCK_M rows
per program.

Y = X * rstd * W over each row of N elements (N <= BLOCK_N), rstd = 1 / sqrt(mean(X^2) + eps),
in float32 whatever the storage dtype; Rstd (float32, per row) is kept for the backward pass
(kernels/models/rms_norm_bwd.py). The layout of kernels/models/layer_norm_fwd_rows.py: one read of
X, one write of Y, num_warps by the row length, several rows per program when rows are short.
stride and N are declared multiples of 16 (16-byte vectors).

The Python original of kernels/models/rms_norm_fwd.c: the C body follows it line for line.
"""
import importlib.util
import os

import triton
import triton.language as tl


@triton.jit
def rms_norm_fwd(X, Y, W, Rstd, stride, M, N, eps, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    row_mask = rows < M
    col_mask = cols < N
    mask = row_mask[:, None] & col_mask[None, :]
    offs = rows[:, None] * stride + cols[None, :]
    x = tl.load(X + offs, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(W + cols, mask=col_mask, other=0.0).to(tl.float32)
    rstd = tl.math.rsqrt(tl.sum(x * x, axis=1) / N + eps)
    y = x * rstd[:, None] * w[None, :]
    tl.store(Y + offs, y.to(Y.dtype.element_ty), mask=mask)
    tl.store(Rstd + rows, rstd, mask=row_mask)


def _sibling(name):
    here = globals().get("__file__")  # absent when exec'd from text: run from the repository root
    path = os.path.join(os.path.dirname(os.path.abspath(here)) if here else "kernels/models", name + ".py")
    spec = importlib.util.spec_from_file_location("tritonc_kernel_" + name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


_rows = _sibling("layer_norm_fwd_rows")  # launch_config, shared by the row kernels


def _signature(dtype):
    """The full signature for storage dtype `dtype` (Triton's spelling: fp16, bf16, fp32)."""
    return {"X": "*" + dtype, "Y": "*" + dtype, "W": "*" + dtype, "Rstd": "*fp32", "stride": "i32", "M": "i32",
            "N": "i32", "eps": "fp32", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"}


SIGNATURE = _signature("bf16")
CONSTEXPRS = {"BLOCK_M": 1, "BLOCK_N": 1024}  # equals the C config's defaults (dtype bfloat16)
# The four pointers, stride (4) and N (6): multiples of 16.
ATTRS = {(i,): [["tt.divisibility", 16]] for i in (0, 1, 2, 3, 4, 6)}

_DTYPE_NAMES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32"}  # tritonc's and torch's names
_SHAPES = {}  # label -> (dtype, N): what model_cases needs beyond the config


def _config(label, dtype, n):
    bm, bn, nw = _rows.launch_config(n, {"fp16": 2, "bf16": 2, "fp32": 4}[dtype])
    _SHAPES[label] = (dtype, n)
    return {"label": label, "sets": {"dtype": _DTYPE_NAMES[dtype], "BLOCK_M": bm, "BLOCK_N": bn},
            "constexprs": {"BLOCK_M": bm, "BLOCK_N": bn}, "signature": _signature(dtype), "attrs": ATTRS,
            "num_warps": nw, "num_stages": 1}


MODEL_CONFIGS = [
    _config("bf16-n4096", "bf16", 4096),   # Llama 3 8B
    _config("bf16-n8192", "bf16", 8192),   # Llama 3 70B
    _config("fp16-n2048", "fp16", 2048),
    _config("fp32-n1024", "fp32", 1024),
]

EPS = 1e-6


def rms_norm(x, w, torch):
    """RMS norm in float32 (torch.nn.functional.rms_norm where torch has it), rounded to x's dtype."""
    xf, wf = x.float(), w.float()
    if hasattr(torch.nn.functional, "rms_norm"):
        y = torch.nn.functional.rms_norm(xf, (x.shape[-1],), wf, EPS)
    else:
        y = xf * torch.rsqrt(xf.pow(2).mean(dim=-1, keepdim=True) + EPS) * wf
    return y.to(x.dtype)


def rms_norm_torch(x, w, torch):
    """What a torch user runs: the fused op in the storage dtype, else the formula."""
    if hasattr(torch.nn.functional, "rms_norm"):
        return torch.nn.functional.rms_norm(x, (x.shape[-1],), w, EPS)
    xf = x.float()
    return (xf * torch.rsqrt(xf.pow(2).mean(dim=-1, keepdim=True) + EPS)).to(x.dtype) * w


def model_cases(cfg, torch):
    """Rows of N (the config's) for M 4096 and 1151 (ragged M), and 4096 rows of a ragged N (a
    multiple of 16 below N)."""
    short, n_cfg = _SHAPES[cfg["label"]]
    dtype = getattr(torch, _DTYPE_NAMES[short])
    cases = []
    for m, n in ((4096, n_cfg), (1151, n_cfg), (4096, n_cfg * 1000 // 1024 // 16 * 16)):
        gen = torch.Generator(device="cuda").manual_seed(m * 137 + n)
        x = (0.3 + torch.randn((m, n), dtype=torch.float32, device="cuda", generator=gen)).to(dtype)
        w = (0.5 + torch.rand((n,), dtype=torch.float32, device="cuda", generator=gen)).to(dtype)
        y = torch.empty_like(x)
        rstd = torch.empty((m,), dtype=torch.float32, device="cuda")

        def expected(x=x, w=w):
            xf = x.float()
            return [rms_norm(x, w, torch), torch.rsqrt(xf.pow(2).mean(dim=1) + EPS)]

        es = x.element_size()
        bm = cfg["constexprs"]["BLOCK_M"]
        cases.append({
            "label": f"{m}x{n}",
            "args": [x, y, w, rstd, x.stride(0), m, n, EPS],
            "grid": ((m + bm - 1) // bm,),
            "outputs": [1, 3],
            "expected": expected,
            "tol": {"fp16": (1e-2, 1e-2), "bf16": (4e-2, 2e-2), "fp32": (1e-4, 1e-4)}[short],
            "baseline": (lambda x=x, w=w: rms_norm_torch(x, w, torch)),
            "flops": None,
            "bytes": 2 * m * n * es + n * es + 4 * m,  # read X, write Y, read W, write Rstd
        })
    return cases
