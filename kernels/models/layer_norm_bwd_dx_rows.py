"""layer_norm_bwd_dx_rows: the backward pass of layer normalization for X, with whole rows in
registers, and per-program partial sums of the gradients of W and B (no locks).

The rows are dealt out to the programs in blocks of BLOCK_M, in turn: program p takes blocks
p, p + num_programs, p + 2 * num_programs, ... For each block: dx = (w * dy - (xhat * c1 +
c2)) * rstd with xhat = (x - mean) * rstd, c1 and c2 the row means of xhat * w * dy and w * dy;
it adds dy * xhat and dy into float32 registers and, at the end, stores them as its row of DW
and DB (num_programs x N, float32). The column sums of those rows are dW and dB:
kernels/models/layer_norm_bwd_dwdb.py with M = num_programs. This is the layout of the fast
Triton layer norms (Liger-Kernel: one program per SM or two): X and DY are read once, DX written
once, and the partial sums cost num_programs rows instead of a lock per group
(kernels/models/layer_norm_bwd_dx.py, the tutorial's form). Liger gives each program a
contiguous range of rows; dealt in turn, the rows of a ragged M spread evenly over the SMs (1151
rows on 132 SMs of two programs: 8 or 9 rows an SM, where ranges of 5 rows left 99 SMs with 10
and 33 with 5). The result is deterministic. stride and N are declared multiples of 16 (16-byte
vectors).

The Python original of kernels/models/layer_norm_bwd_dx_rows.c: the C body follows it line for line.
"""
import triton
import triton.language as tl


@triton.jit
def layer_norm_bwd_dx_rows(DX, DY, DW, DB, X, W, Mean, Rstd, stride, M, N,
                           BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    col_mask = cols < N
    w = tl.load(W + cols, mask=col_mask, other=0.0).to(tl.float32)
    dw = tl.zeros((BLOCK_N,), dtype=tl.float32)
    db = tl.zeros((BLOCK_N,), dtype=tl.float32)
    # blocks of BLOCK_M rows dealt out in turn: program pid takes blocks pid, pid + programs, ...
    for first in range(pid * BLOCK_M, M, tl.num_programs(0) * BLOCK_M):
        rows = first + tl.arange(0, BLOCK_M)
        row_mask = rows < M
        mask = row_mask[:, None] & col_mask[None, :]
        offs = rows[:, None] * stride + cols[None, :]
        x = tl.load(X + offs, mask=mask, other=0.0).to(tl.float32)
        dy = tl.load(DY + offs, mask=mask, other=0.0).to(tl.float32)
        mean = tl.load(Mean + rows, mask=row_mask, other=0.0)
        rstd = tl.load(Rstd + rows, mask=row_mask, other=0.0)
        xhat = tl.where(mask, (x - mean[:, None]) * rstd[:, None], 0.0)
        wdy = w[None, :] * dy
        c1 = tl.sum(xhat * wdy, axis=1) / N
        c2 = tl.sum(wdy, axis=1) / N
        dx = (wdy - (xhat * c1[:, None] + c2[:, None])) * rstd[:, None]
        tl.store(DX + offs, dx.to(DX.dtype.element_ty), mask=mask)
        dw += tl.sum(dy * xhat, axis=0)
        db += tl.sum(dy, axis=0)
    tl.store(DW + pid * N + cols, dw, mask=col_mask)
    tl.store(DB + pid * N + cols, db, mask=col_mask)


def _signature(dtype):
    """The full signature for storage dtype `dtype` (Triton's spelling: fp16, bf16, fp32)."""
    return {"DX": "*" + dtype, "DY": "*" + dtype, "DW": "*fp32", "DB": "*fp32", "X": "*" + dtype,
            "W": "*" + dtype, "Mean": "*fp32", "Rstd": "*fp32", "stride": "i32", "M": "i32", "N": "i32",
            "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"}


SIGNATURE = _signature("fp16")
CONSTEXPRS = {"BLOCK_M": 1, "BLOCK_N": 1024}  # equals the C config's defaults (dtype float16)
# The eight pointers, stride (8) and N (10): multiples of 16.
ATTRS = {(i,): [["tt.divisibility", 16]] for i in (0, 1, 2, 3, 4, 5, 6, 7, 8, 10)}

_DTYPE_NAMES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32"}  # tritonc's and torch's names
_SHAPES = {}  # label -> (dtype, N): what model_cases needs beyond the config


def launch_config(n):
    """(BLOCK_M, BLOCK_N, num_warps) of the backward row kernels: BLOCK_N = next_power_of_2(n),
    BLOCK_M rows per step so that a step holds about 4096 elements of each operand, and about 16
    of them per thread (num_warps from 4 to 16)."""
    block_n = 1 << (n - 1).bit_length()
    block_m = max(1, min(16, 4096 // block_n))
    return block_m, block_n, max(4, min(16, block_m * block_n // 512))


def _config(label, dtype, n):
    bm, bn, nw = launch_config(n)
    _SHAPES[label] = (dtype, n)
    return {"label": label, "sets": {"dtype": _DTYPE_NAMES[dtype], "BLOCK_M": bm, "BLOCK_N": bn},
            "constexprs": {"BLOCK_M": bm, "BLOCK_N": bn}, "signature": _signature(dtype), "attrs": ATTRS,
            "num_warps": nw, "num_stages": 1}


MODEL_CONFIGS = [
    _config("fp16-n4096", "fp16", 4096),
    _config("bf16-n8192", "bf16", 8192),
    _config("fp32-n1024", "fp32", 1024),
]

EPS = 1e-5


def programs_per_sm(block_n):
    """Programs per SM of a launch, by the row tile: two, one from BLOCK_N 8192 up. The H100 sweep
    of roofline.py (PROGRAMS_SWEEP): at BLOCK_N 8192 one program an SM took 87.0 against 91.0 us on
    4096 rows and 30.9 against 32.4 on 1151 (rms_norm_bwd 82.1 / 27.9 against 84.1 / 29.1); at
    4096 two stayed the fastest (17.0 against 20.2 us on 1151 rows)."""
    return 1 if block_n >= 8192 else 2


def num_programs(m, block_m, block_n, torch):
    """Programs of a launch: programs_per_sm(block_n) per SM of the GPU, no more than the blocks of
    rows (every program has rows)."""
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    return max(1, min((m + block_m - 1) // block_m, programs_per_sm(block_n) * sms))


def program_rows(values, block_m, programs, torch):
    """Row i of `values` (M x N, float32) added into row (i // block_m) % programs of a programs x
    N float32 tensor: what each program's partial sums hold."""
    m, n = values.shape
    out = torch.zeros((programs, n), dtype=torch.float32, device=values.device)
    return out.index_add_(0, torch.arange(m, device=values.device) // block_m % programs, values)


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


def model_cases(cfg, torch):
    """Rows of N (the config's) for M 4096 and 1151 (ragged), and 4096 rows of a ragged N (a
    multiple of 16). Expected: autograd's dx; the partial rows as each program sums them."""
    short, n_cfg = _SHAPES[cfg["label"]]
    dtype = getattr(torch, _DTYPE_NAMES[short])
    cases = []
    for m, n in ((4096, n_cfg), (1151, n_cfg), (4096, n_cfg * 1000 // 1024 // 16 * 16)):
        x, w, b, dy, mean, rstd = make_problem(m, n, dtype, torch)
        bm = cfg["constexprs"]["BLOCK_M"]
        programs = num_programs(m, bm, cfg["constexprs"]["BLOCK_N"], torch)
        dx = torch.empty_like(x)
        dw_partial = torch.empty((programs, n), dtype=torch.float32, device="cuda")
        db_partial = torch.empty((programs, n), dtype=torch.float32, device="cuda")

        def expected(x=x, w=w, b=b, dy=dy, mean=mean, rstd=rstd, bm=bm, programs=programs):
            xf = x.float().requires_grad_(True)
            y = torch.nn.functional.layer_norm(xf, (x.shape[1],), w.float(), b.float(), EPS)
            y.backward(dy.float())
            xhat = (x.float() - mean[:, None]) * rstd[:, None]
            dyf = dy.float()
            return [xf.grad.to(x.dtype), program_rows(dyf * xhat, bm, programs, torch),
                    program_rows(dyf, bm, programs, torch)]

        def baseline(x=x, w=w, b=b, dy=dy, mean_t=mean[:, None].contiguous(), rstd_t=rstd[:, None].contiguous()):
            return torch.ops.aten.native_layer_norm_backward(dy, x, (x.shape[1],), mean_t, rstd_t, w, b,
                                                             [True, True, True])

        es = x.element_size()
        cases.append({
            "label": f"{m}x{n}",
            "args": [dx, dy, dw_partial, db_partial, x, w, mean, rstd, x.stride(0), m, n],
            "grid": (programs,),
            "outputs": [0, 2, 3],
            "expected": expected,
            "tol": {"fp16": (1e-2, 1e-2), "bf16": (4e-2, 2e-2), "fp32": (1e-4, 1e-4)}[short],
            "baseline": baseline,
            "flops": None,
            # read X, DY, W, Mean, Rstd; write DX and the partial rows
            "bytes": 3 * m * n * es + n * es + 8 * m + 2 * 4 * programs * n,
        })
    return cases
