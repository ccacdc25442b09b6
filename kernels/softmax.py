"""softmax: the fused row-wise softmax, one program per row, in the style of Triton's tutorials.

The Python original of kernels/softmax.c: the C body follows it line for line. Each program
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
