"""layer_norm_fwd: the forward pass of layer normalization, one program per row.

Y = (X - mean) * rstd * W + B over each row of N elements, after the algorithm of Triton's
layer-norm tutorial (05-layer-norm.py): the row is read in BLOCK_SIZE chunks, three times (sum
for the mean, sum of squares of the centred values for the variance, then the output), every
sum in float32 whatever the storage dtype. Mean and Rstd (1 / sqrt(var + eps)) are written per
row for the backward pass (kernels/models/layer_norm_bwd_dx.py).

The Python original of kernels/models/layer_norm_fwd.c: the C body follows it line for line.
"""
import triton
import triton.language as tl


@triton.jit
def layer_norm_fwd(X, Y, W, B, Mean, Rstd, stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    X += row * stride
    Y += row * stride
    sum_x = tl.zeros((BLOCK_SIZE,), dtype=tl.float32)
    for start in range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        sum_x += tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
    mean = tl.sum(sum_x, axis=0) / N
    sum_sq = tl.zeros((BLOCK_SIZE,), dtype=tl.float32)
    for start in range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.0).to(tl.float32)
        centred = tl.where(cols < N, x - mean, 0.0)
        sum_sq += centred * centred
    var = tl.sum(sum_sq, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    for start in range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        w = tl.load(W + cols, mask=mask)
        b = tl.load(B + cols, mask=mask)
        x = tl.load(X + cols, mask=mask, other=0.0).to(tl.float32)
        y = (x - mean) * rstd * w + b
        tl.store(Y + cols, y, mask=mask)


def _signature(dtype):
    """The full signature for storage dtype `dtype` (Triton's spelling: fp16, bf16, fp32)."""
    return {"X": "*" + dtype, "Y": "*" + dtype, "W": "*" + dtype, "B": "*" + dtype, "Mean": "*fp32",
            "Rstd": "*fp32", "stride": "i32", "N": "i32", "eps": "fp32", "BLOCK_SIZE": "constexpr"}


SIGNATURE = _signature("fp16")
CONSTEXPRS = {"BLOCK_SIZE": 1024}  # equals the C config's defaults (dtype float16)
ATTRS = {(i,): [["tt.divisibility", 16]] for i in range(6)}

# The tutorial's launch: BLOCK_SIZE = min(65536 // element size, next_power_of_2(N)) and
# num_warps = min(max(BLOCK_SIZE // 256, 1), 8). The last config reads a row of 8192 in eight
# chunks of 1024, so that the chunk loops run more than once.
_DTYPE_NAMES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32"}  # tritonc's and torch's names
_SHAPES = {}  # label -> (dtype, N): what model_cases needs beyond the config


def _config(label, dtype, n, block):
    _SHAPES[label] = (dtype, n)
    return {"label": label, "sets": {"dtype": _DTYPE_NAMES[dtype], "BLOCK_SIZE": block},
            "constexprs": {"BLOCK_SIZE": block}, "signature": _signature(dtype), "attrs": ATTRS,
            "num_warps": min(max(block // 256, 1), 8), "num_stages": 3}


MODEL_CONFIGS = [
    _config("fp16-n4096", "fp16", 4096, 4096),
    _config("bf16-n8192", "bf16", 8192, 8192),
    _config("fp32-n1024", "fp32", 1024, 1024),
    _config("fp16-n8192-chunk1024", "fp16", 8192, 1024),
]

EPS = 1e-5


def model_cases(cfg, torch):
    """Rows of N (the config's), ragged M (1151, the tutorial's test) and ragged N (about N * 1000 / 1024)."""
    F = torch.nn.functional
    short, n_cfg = _SHAPES[cfg["label"]]
    dtype = getattr(torch, _DTYPE_NAMES[short])
    cases = []
    for m, n in ((4096, n_cfg), (1151, n_cfg), (4096, n_cfg * 1000 // 1024)):
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
        cases.append({
            "label": f"{m}x{n}",
            "args": [x, y, w, b, mean, rstd, x.stride(0), n, EPS],
            "grid": (m,),
            "outputs": [1, 4, 5],
            "expected": expected,
            # Y: one rounding of the storage dtype (bf16 keeps 8 bits); Mean and Rstd: float32
            # sums in another order than torch's.
            "tol": {"fp16": (1e-2, 1e-2), "bf16": (4e-2, 2e-2), "fp32": (1e-4, 1e-4)}[short],
            "baseline": baseline,
            "flops": None,
            "bytes": 2 * m * n * es + 2 * n * es + 2 * 4 * m,  # read X, write Y, read W and B, write Mean, Rstd
        })
    return cases
