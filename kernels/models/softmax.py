"""softmax: the fused row-wise softmax, one program per row, in the style of Triton's tutorials.

The Python original of kernels/models/softmax.c: the C body follows it line for line. Each program
loads one row (padded to BLOCK with -inf), subtracts its maximum, exponentiates, and divides by
the sum, all in registers.
"""
import triton
import triton.language as tl


@triton.jit
def softmax(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_row_stride + cols, mask=mask, other=-float("inf"))
    z = x - tl.max(x, axis=0)
    num = tl.exp(z)
    den = tl.sum(num, axis=0)
    tl.store(out_ptr + row * out_row_stride + cols, num / den, mask=mask)


SIGNATURE = {"out_ptr": "*fp32", "in_ptr": "*fp32", "in_row_stride": "i32", "out_row_stride": "i32", "n_cols": "i32",
             "BLOCK": "constexpr"}
CONSTEXPRS = {"BLOCK": 1024}  # equals the C config's default
ATTRS = {(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]]}

# The model-kernel contract (tests/gpu/models.py): this kernel doubles as the harness's fixture.
MODEL_CONFIGS = [
    {"label": "rows-1024", "sets": {"BLOCK": 1024}, "constexprs": {"BLOCK": 1024}, "num_warps": 4, "num_stages": 3},
    {"label": "vocab-4096", "sets": {"BLOCK": 4096}, "constexprs": {"BLOCK": 4096}, "num_warps": 8, "num_stages": 2},
]


def model_cases(cfg, torch):
    """Rows up to BLOCK long, ragged ones, and one input read through a strided view."""
    block = cfg["constexprs"]["BLOCK"]
    cases = []
    for rows, cols, pad in [(1, 7, 0), (1823, block - 243, 0), (4096, block, 0), (333, block // 2 + 1, 64)]:
        x = torch.randn(rows, cols + pad, device="cuda", dtype=torch.float32)[:, :cols]  # row stride cols + pad
        y = torch.empty(rows, cols, device="cuda", dtype=torch.float32)
        cases.append({
            "label": f"{rows}x{cols}" + (f"-stride{cols + pad}" if pad else ""),
            "args": [y, x, x.stride(0), y.stride(0), cols],
            "grid": (rows,),
            "outputs": [0],
            "expected": lambda x=x: [torch.softmax(x, dim=1)],
            "tol": (1e-5, 1e-5),
            "baseline": lambda x=x: torch.softmax(x, dim=1),
            "flops": None,
            "bytes": 2 * rows * cols * 4,
        })
    return cases
