"""vector_add_xla: out = x + y over n float32 values, BLOCK_SIZE elements per program, in the
form XLA's Triton custom call launches: every argument is a buffer, inputs first, then outputs.

kernels/features/vector_add.py takes n_elements as a scalar and its output before it; XLA passes only
buffers (one per operand, then one per result), so here n_elements travels as a 0-d int32
tensor that the kernel loads, and the output comes last. This is the Python original of
kernels/features/vector_add_xla.c (one Python line to one C line); tests/golden/hlo/ holds the
StableHLO programs that call it.
"""
import triton
import triton.language as tl


@triton.jit
def vector_add_xla(x_ptr, y_ptr, n_elements_ptr, output_ptr, BLOCK_SIZE: tl.constexpr):
    n_elements = tl.load(n_elements_ptr)
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)


# ASTSource(vector_add_xla, SIGNATURE, CONSTEXPRS, attrs=ATTRS) compiles what tritonc emits by default.
SIGNATURE = {"x_ptr": "*fp32", "y_ptr": "*fp32", "n_elements_ptr": "*i32", "output_ptr": "*fp32",
             "BLOCK_SIZE": "constexpr"}
CONSTEXPRS = {"BLOCK_SIZE": 1024}  # equals the C config's defaults
# tritonc gives pointer arguments tt.divisibility = 16 unless told otherwise.
ATTRS = {(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]], (2,): [["tt.divisibility", 16]],
         (3,): [["tt.divisibility", 16]]}


def make_args(n):
    """The launch arguments for n elements: n itself is a one-element int32 tensor."""
    import torch
    return {"x_ptr": torch.randn(n, device="cuda"), "y_ptr": torch.randn(n, device="cuda"),
            "n_elements_ptr": torch.tensor([n], dtype=torch.int32, device="cuda"),
            "output_ptr": torch.empty(n, device="cuda")}


def reference(x_ptr, y_ptr):
    """What the kernel computes, on torch tensors (the expected output_ptr)."""
    return x_ptr + y_ptr


def grid(n, cfg):
    """Launch grid for n elements; cfg maps constexpr names to values (like CONSTEXPRS)."""
    return (triton.cdiv(n, cfg["BLOCK_SIZE"]),)
