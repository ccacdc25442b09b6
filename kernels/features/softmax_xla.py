"""softmax_xla: the fused row-wise softmax of a [rows, N_COLS] float32 tensor, one program per
row, in the form XLA's Triton custom call launches: every argument a buffer, inputs first, then
outputs.

kernels/models/softmax.py takes the row strides and the row length as scalar arguments and its output
first; XLA passes only buffers and its shapes are static, so here the row length is a constexpr
(the rows are contiguous: the stride is the length) and the output comes last. This is the
Python original of kernels/features/softmax_xla.c (one Python line to one C line); tests/golden/hlo/
softmax.mlir is the StableHLO program that calls it.
"""
import triton
import triton.language as tl


@triton.jit
def softmax_xla(in_ptr, out_ptr, N_COLS: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N_COLS
    x = tl.load(in_ptr + row * N_COLS + cols, mask=mask, other=-float("inf"))
    z = x - tl.max(x, axis=0)
    num = tl.exp(z)
    den = tl.sum(num, axis=0)
    tl.store(out_ptr + row * N_COLS + cols, num / den, mask=mask)


# ASTSource(softmax_xla, SIGNATURE, CONSTEXPRS, attrs=ATTRS) compiles what tritonc emits by default.
SIGNATURE = {"in_ptr": "*fp32", "out_ptr": "*fp32", "N_COLS": "constexpr", "BLOCK": "constexpr"}
CONSTEXPRS = {"N_COLS": 1000, "BLOCK": 1024}  # equals the C config's defaults
# tritonc gives pointer arguments tt.divisibility = 16 unless told otherwise.
ATTRS = {(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]]}
TOLERANCE = (1e-5, 1e-6)


def make_args(n):
    """Whole rows covering n elements (at least one row)."""
    import torch
    rows = max(1, triton.cdiv(n, CONSTEXPRS["N_COLS"]))
    return {"in_ptr": torch.randn(rows * CONSTEXPRS["N_COLS"], device="cuda"),
            "out_ptr": torch.empty(rows * CONSTEXPRS["N_COLS"], device="cuda")}


def reference(in_ptr):
    """What the kernel computes, on torch tensors (the expected out_ptr)."""
    import torch
    return torch.softmax(in_ptr.view(-1, CONSTEXPRS["N_COLS"]), dim=1).reshape(-1)


def grid(n, cfg):
    """One program per row."""
    return (max(1, triton.cdiv(n, cfg["N_COLS"])),)
