"""layer_norm_fwd_rows: the forward pass of layer normalization with whole rows in registers,
BLOCK_M rows per program.

Y = (X - mean) * rstd * W + B over each row of N elements (N <= BLOCK_N), every sum in float32.
Each program loads its BLOCK_M x BLOCK_N tile of X once, takes the mean and the variance of the
centred values from registers, and writes Y, Mean and Rstd (1 / sqrt(var + eps), float32, for
the backward pass: kernels/models/layer_norm_bwd_dx_rows.py). The layout of the fast Triton
layer norms (Liger-Kernel, QuACK): one read of X, one write of Y, num_warps by the row length,
several rows per program when rows are short. kernels/models/layer_norm_fwd.py is the tutorial's
chunked form, for rows of any length.

stride and N are declared multiples of 16 (tt.divisibility, as the JIT specializes them): rows
start 16-element aligned and the column mask is constant over 16 columns, so loads and stores
are 16-byte vectors. Launch with N and stride multiples of 16, or emit without the hint.

The Python original of kernels/models/layer_norm_fwd_rows.c: the C body follows it line for line.
"""
import triton
import triton.language as tl


@triton.jit
def layer_norm_fwd_rows(X, Y, W, B, Mean, Rstd, stride, M, N, eps, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    row_mask = rows < M
    col_mask = cols < N
    mask = row_mask[:, None] & col_mask[None, :]
    offs = rows[:, None] * stride + cols[None, :]
    x = tl.load(X + offs, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(W + cols, mask=col_mask, other=0.0).to(tl.float32)
    b = tl.load(B + cols, mask=col_mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=1) / N
    centred = tl.where(mask, x - mean[:, None], 0.0)
    var = tl.sum(centred * centred, axis=1) / N
    rstd = tl.math.rsqrt(var + eps)
    y = centred * rstd[:, None] * w[None, :] + b[None, :]
    tl.store(Y + offs, y.to(Y.dtype.element_ty), mask=mask)
    tl.store(Mean + rows, mean, mask=row_mask)
    tl.store(Rstd + rows, rstd, mask=row_mask)


def _signature(dtype):
    """The full signature for storage dtype `dtype` (Triton's spelling: fp16, bf16, fp32)."""
    return {"X": "*" + dtype, "Y": "*" + dtype, "W": "*" + dtype, "B": "*" + dtype, "Mean": "*fp32",
            "Rstd": "*fp32", "stride": "i32", "M": "i32", "N": "i32", "eps": "fp32", "BLOCK_M": "constexpr",
            "BLOCK_N": "constexpr"}


SIGNATURE = _signature("fp16")
CONSTEXPRS = {"BLOCK_M": 1, "BLOCK_N": 1024}  # equals the C config's defaults (dtype float16)
# The six pointers, stride (6) and N (8): multiples of 16.
ATTRS = {(i,): [["tt.divisibility", 16]] for i in (0, 1, 2, 3, 4, 5, 6, 8)}

_DTYPE_NAMES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32"}  # tritonc's and torch's names
_SHAPES = {}  # label -> (dtype, N): what model_cases needs beyond the config


def launch_config(n, element_size):
    """(BLOCK_M, BLOCK_N, num_warps) for rows of n elements: BLOCK_N = next_power_of_2(n); rows
    shorter than 8 KB share a program (BLOCK_M of them, up to 16) so that each program moves
    8 KB or more; num_warps by the tile's bytes: 4 below 8 KB, 8 from 8 KB, 16 from 16 KB (16 to
    32 bytes of a row per thread, two 16-byte vectors or more in flight)."""
    block_n = 1 << (n - 1).bit_length()
    row_bytes = block_n * element_size
    block_m = max(1, min(16, 8192 // row_bytes))
    tile = block_m * row_bytes
    num_warps = 16 if tile >= 16384 else 8 if tile >= 8192 else 4
    return block_m, block_n, num_warps


def _config(label, dtype, n, block_m=None, num_warps=None):
    es = {"fp16": 2, "bf16": 2, "fp32": 4}[dtype]
    bm, bn, nw = launch_config(n, es)
    bm, nw = block_m or bm, num_warps or nw
    _SHAPES[label] = (dtype, n)
    return {"label": label, "sets": {"dtype": _DTYPE_NAMES[dtype], "BLOCK_M": bm, "BLOCK_N": bn},
            "constexprs": {"BLOCK_M": bm, "BLOCK_N": bn}, "signature": _signature(dtype), "attrs": ATTRS,
            "num_warps": nw, "num_stages": 1}


MODEL_CONFIGS = [
    _config("fp16-n4096", "fp16", 4096),
    # 4 warps, not the rule's 16: 47.5 against 52.7 us (4096 rows) and 16.1 against 17.5 (1151) on an
    # H100 (roofline.py's sweep); 16-byte vectors, eight a thread in flight, hide the latency better
    _config("bf16-n8192", "bf16", 8192, num_warps=4),
    _config("fp32-n1024", "fp32", 1024),
    _config("bf16-n512", "bf16", 512),
]

EPS = 1e-5


def model_cases(cfg, torch):
    """Rows of N (the config's) for M 4096 and 1151 (ragged M), and 4096 rows of a ragged N (a
    multiple of 16 below N)."""
    F = torch.nn.functional
    short, n_cfg = _SHAPES[cfg["label"]]
    dtype = getattr(torch, _DTYPE_NAMES[short])
    cases = []
    for m, n in ((4096, n_cfg), (1151, n_cfg), (4096, n_cfg * 1000 // 1024 // 16 * 16)):
        gen = torch.Generator(device="cuda").manual_seed(m * 131 + n)
        x = -2.3 + 0.5 * torch.randn((m, n), dtype=torch.float32, device="cuda", generator=gen)
        x = x.to(dtype)
        w = torch.rand((n,), dtype=torch.float32, device="cuda", generator=gen).to(dtype)
        b = torch.rand((n,), dtype=torch.float32, device="cuda", generator=gen).to(dtype)
        y = torch.empty_like(x)
        mean = torch.empty((m,), dtype=torch.float32, device="cuda")
        rstd = torch.empty((m,), dtype=torch.float32, device="cuda")

        def expected(x=x, w=w, b=b, n=n):
            xf = x.float()
            ref = F.layer_norm(xf, (n,), w.float(), b.float(), EPS).to(x.dtype)
            return [ref, xf.mean(dim=1), torch.rsqrt(xf.var(dim=1, unbiased=False) + EPS)]

        def baseline(x=x, w=w, b=b, n=n):
            return F.layer_norm(x, (n,), w, b, EPS)

        es = x.element_size()
        bm = cfg["constexprs"]["BLOCK_M"]
        cases.append({
            "label": f"{m}x{n}",
            "args": [x, y, w, b, mean, rstd, x.stride(0), m, n, EPS],
            "grid": ((m + bm - 1) // bm,),
            "outputs": [1, 4, 5],
            "expected": expected,
            "tol": {"fp16": (1e-2, 1e-2), "bf16": (4e-2, 2e-2), "fp32": (1e-4, 1e-4)}[short],
            "baseline": baseline,
            "flops": None,
            "bytes": 2 * m * n * es + 2 * n * es + 2 * 4 * m,  # read X, write Y, read W and B, write Mean, Rstd
        })
    return cases
