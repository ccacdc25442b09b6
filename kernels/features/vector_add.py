"""vector_add: out = x + y over n_elements float32 values, BLOCK_SIZE elements per program.

This is the Python original of kernels/features/vector_add.c: the C body follows it line for line,
with the same names in the same order. The constants after the function say how the GPU
validation compiles it so that Triton's output can be compared with tritonc's.
"""
import triton
import triton.language as tl


@triton.jit
def vector_add(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)


# ASTSource(vector_add, SIGNATURE, CONSTEXPRS, attrs=ATTRS) compiles what tritonc emits by default.
SIGNATURE = {"x_ptr": "*fp32", "y_ptr": "*fp32", "output_ptr": "*fp32", "n_elements": "i32", "BLOCK_SIZE": "constexpr"}
CONSTEXPRS = {"BLOCK_SIZE": 1024}  # equals the C config's defaults
# tritonc gives pointer arguments tt.divisibility = 16 unless told otherwise.
ATTRS = {(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]], (2,): [["tt.divisibility", 16]]}


def reference(x, y):
    """What the kernel computes, on torch tensors."""
    return x + y


def grid(n, cfg):
    """Launch grid for n elements; cfg maps constexpr names to values (like CONSTEXPRS)."""
    return (triton.cdiv(n, cfg["BLOCK_SIZE"]),)
