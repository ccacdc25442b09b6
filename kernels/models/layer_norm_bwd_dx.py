"""layer_norm_bwd_dx: the backward pass of layer normalization for X, plus partial sums of the
gradients of W and B, one program per row.

After the algorithm of Triton's layer-norm tutorial (05-layer-norm.py): a program computes
dx = (w * dy - (xhat * c1 + c2)) * rstd for its row (c1, c2 the row means of xhat * w * dy and
w * dy), then adds dy * xhat and dy into one of GROUP_SIZE_M float32 partial rows of DW and DB
(row % GROUP_SIZE_M), under a spin lock: Lock holds GROUP_SIZE_M int32 locks followed by
GROUP_SIZE_M counts. tl.atomic_cas takes the lock, the count says whether a program has written
the partial row yet (the first one stores, the others add), tl.atomic_xchg releases the lock.
Lock, counts and partial rows must be zero before the launch. The partial rows are float32
(the tutorial keeps them in the storage dtype); kernels/models/layer_norm_bwd_dwdb.py sums them.

The Python original of kernels/models/layer_norm_bwd_dx.c: the C body follows it line for line.
"""
import triton
import triton.language as tl


@triton.jit
def layer_norm_bwd_dx(DX, DY, DW, DB, X, W, Mean, Rstd, Lock, stride, N,
                      GROUP_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE_N)
    mask = cols < N
    X += row * stride
    DY += row * stride
    DX += row * stride
    group = row % GROUP_SIZE_M
    Lock += group
    Count = Lock + GROUP_SIZE_M
    DW = DW + group * N + cols
    DB = DB + group * N + cols
    x = tl.load(X + cols, mask=mask, other=0).to(tl.float32)
    dy = tl.load(DY + cols, mask=mask, other=0).to(tl.float32)
    w = tl.load(W + cols, mask=mask).to(tl.float32)
    mean = tl.load(Mean + row)
    rstd = tl.load(Rstd + row)
    xhat = tl.where(mask, (x - mean) * rstd, 0.0)
    wdy = tl.where(mask, w * dy, 0.0)
    c1 = tl.sum(xhat * wdy, axis=0) / N
    c2 = tl.sum(wdy, axis=0) / N
    dx = (wdy - (xhat * c1 + c2)) * rstd
    tl.store(DX + cols, dx, mask=mask)
    partial_db = dy
    partial_dw = dy * xhat
    while tl.atomic_cas(Lock, 0, 1) == 1:
        pass
    count = tl.load(Count)
    if count == 0:
        tl.atomic_xchg(Count, 1)
    else:
        partial_db += tl.load(DB, mask=mask)
        partial_dw += tl.load(DW, mask=mask)
    tl.store(DB, partial_db, mask=mask)
    tl.store(DW, partial_dw, mask=mask)
    tl.debug_barrier()
    tl.atomic_xchg(Lock, 0)


def _signature(dtype):
    """The full signature for storage dtype `dtype` (Triton's spelling: fp16, bf16, fp32)."""
    return {"DX": "*" + dtype, "DY": "*" + dtype, "DW": "*fp32", "DB": "*fp32", "X": "*" + dtype,
            "W": "*" + dtype, "Mean": "*fp32", "Rstd": "*fp32", "Lock": "*i32", "stride": "i32", "N": "i32",
            "GROUP_SIZE_M": "constexpr", "BLOCK_SIZE_N": "constexpr"}


SIGNATURE = _signature("fp16")
CONSTEXPRS = {"GROUP_SIZE_M": 64, "BLOCK_SIZE_N": 1024}  # equals the C config's defaults (dtype float16)
ATTRS = {(i,): [["tt.divisibility", 16]] for i in range(9)}

_DTYPE_NAMES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32"}  # tritonc's and torch's names
_SHAPES = {}  # label -> (dtype, N): what model_cases needs beyond the config


def _config(label, dtype, n):
    # The tutorial's launch: BLOCK_SIZE_N = next_power_of_2(N) (one block per row), num_warps
    # = min(max(BLOCK_SIZE_N // 256, 1), 8), and GROUP_SIZE_M partial rows by N: 256 up to
    # 1024, 128 up to 4096, 64 above.
    block = 1 << (n - 1).bit_length()  # triton.next_power_of_2, without triton at import
    group = 256 if n <= 1024 else 128 if n <= 4096 else 64
    _SHAPES[label] = (dtype, n)
    return {"label": label, "sets": {"dtype": _DTYPE_NAMES[dtype], "GROUP_SIZE_M": group, "BLOCK_SIZE_N": block},
            "constexprs": {"GROUP_SIZE_M": group, "BLOCK_SIZE_N": block}, "signature": _signature(dtype),
            "attrs": ATTRS, "num_warps": min(max(block // 256, 1), 8), "num_stages": 3}


MODEL_CONFIGS = [
    _config("fp16-n4096", "fp16", 4096),
    _config("bf16-n8192", "bf16", 8192),
    _config("fp32-n1024", "fp32", 1024),
]

EPS = 1e-5


def grouped_rows(values, group, torch):
    """Row i of `values` (M x N, float32) added into row i % group of a group x N float32 tensor:
    what the partial sums hold after every program ran, in some order."""
    m, n = values.shape
    out = torch.zeros((group, n), dtype=torch.float32, device=values.device)
    return out.index_add_(0, torch.arange(m, device=values.device) % group, values)


def make_problem(m, n, dtype, torch):
    """The tutorial's test data: x, w, b, dy, and the float32 mean and rstd of each row."""
    gen = torch.Generator(device="cuda").manual_seed(m * 131 + n)
    x = (-2.3 + 0.5 * torch.randn((m, n), dtype=torch.float32, device="cuda", generator=gen)).to(dtype)
    w = torch.rand((n,), dtype=torch.float32, device="cuda", generator=gen).to(dtype)
    b = torch.rand((n,), dtype=torch.float32, device="cuda", generator=gen).to(dtype)
    dy = (0.1 * torch.randn((m, n), dtype=torch.float32, device="cuda", generator=gen)).to(dtype)
    xf = x.float()
    mean = xf.mean(dim=1)
    rstd = torch.rsqrt(xf.var(dim=1, unbiased=False) + EPS)
    return x, w, b, dy, mean, rstd


def autograd_grads(x, w, b, dy, torch):
    """dx, dw, db of F.layer_norm through torch autograd, in float32, then in the storage dtype."""
    xf = x.float().requires_grad_(True)
    wf = w.float().requires_grad_(True)
    bf = b.float().requires_grad_(True)
    y = torch.nn.functional.layer_norm(xf, (x.shape[1],), wf, bf, EPS)
    y.backward(dy.float())
    return xf.grad.to(x.dtype), wf.grad.to(w.dtype), bf.grad.to(b.dtype)


def model_cases(cfg, torch):
    """Rows of N (the config's) for M 4096 and 1151 (ragged, the tutorial's test), and a ragged N."""
    short, n_cfg = _SHAPES[cfg["label"]]
    dtype = getattr(torch, _DTYPE_NAMES[short])
    group = cfg["constexprs"]["GROUP_SIZE_M"]
    cases = []
    for m, n in ((4096, n_cfg), (1151, n_cfg), (4096, n_cfg * 1000 // 1024)):
        x, w, b, dy, mean, rstd = make_problem(m, n, dtype, torch)
        dx = torch.empty_like(x)
        dw_partial = torch.zeros((group, n), dtype=torch.float32, device="cuda")
        db_partial = torch.zeros((group, n), dtype=torch.float32, device="cuda")
        lock = torch.zeros((2 * group,), dtype=torch.int32, device="cuda")

        def expected(x=x, w=w, b=b, dy=dy, mean=mean, rstd=rstd):
            dx_ref = autograd_grads(x, w, b, dy, torch)[0]
            xhat = (x.float() - mean[:, None]) * rstd[:, None]
            dyf = dy.float()
            return [dx_ref, grouped_rows(dyf * xhat, group, torch), grouped_rows(dyf, group, torch)]

        # torch's own layer-norm backward (dx, dw, db), the op autograd runs for F.layer_norm;
        # it takes the mean and rstd as its forward saved them (M x 1)
        def baseline(x=x, w=w, b=b, dy=dy, mean_t=mean[:, None].contiguous(), rstd_t=rstd[:, None].contiguous()):
            return torch.ops.aten.native_layer_norm_backward(dy, x, (x.shape[1],), mean_t, rstd_t, w, b,
                                                             [True, True, True])

        es = x.element_size()
        cases.append({
            "label": f"{m}x{n}",
            "args": [dx, dy, dw_partial, db_partial, x, w, mean, rstd, lock, x.stride(0), n],
            "grid": (m,),
            "outputs": [0, 2, 3],
            "expected": expected,
            # DX: one rounding of the storage dtype. DW, DB (float32 partial sums): the programs
            # of a group add in the order they take the lock, which varies from launch to launch,
            # so the sums differ from torch's (and from launch to launch) in the last bits.
            "tol": {"fp16": (1e-2, 1e-2), "bf16": (4e-2, 2e-2), "fp32": (1e-4, 1e-4)}[short],
            "baseline": baseline,
            "flops": None,
            # read X, DY, W, Mean, Rstd, write DX (the tutorial's count; the partial rows stay in L2)
            "bytes": 3 * m * n * es + n * es + 8 * m,
            "reset": [2, 3, 8],
        })
    return cases
