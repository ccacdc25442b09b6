"""dots: tl.dot with and without an accumulator, input precisions, fp8 with
max_num_imprecise_acc, and out_dtype.

From tritonc's own catalog of Triton 3.6 kernels; the Python original of kernels/features/dots.c,
which follows it line for line with the same names in the same order. The constants after
the function say how the GPU validation compiles it (as the catalog did).
"""
import triton
import triton.language as tl


@triton.jit
def dots(a, b, c, f8a, f8b, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M); rn = tl.arange(0, N); rk = tl.arange(0, K)
    A = tl.load(a + rm[:, None] * K + rk[None, :]); B = tl.load(b + rk[:, None] * N + rn[None, :])
    acc = tl.zeros((M, N), dtype=tl.float32)
    acc = tl.dot(A, B, acc)
    acc += tl.dot(A, B)
    acc = tl.dot(A.to(tl.float32), B.to(tl.float32), acc, input_precision="ieee")
    acc = tl.dot(A.to(tl.float32), B.to(tl.float32), acc, input_precision="tf32x3")
    acc = tl.dot(A.to(tl.float32), B.to(tl.float32), acc)
    acc = tl.dot(tl.load(f8a + rm[:, None] * K + rk[None, :]), tl.load(f8b + rk[:, None] * N + rn[None, :]), acc, max_num_imprecise_acc=32)
    d16 = tl.dot(A, B, out_dtype=tl.float16)
    tl.store(c + rm[:, None] * N + rn[None, :], acc + d16.to(tl.float32))


# ASTSource(dots, SIGNATURE, CONSTEXPRS, attrs=ATTRS), as the catalog compiled it.
SIGNATURE = {"a": "*fp16", "b": "*fp16", "c": "*fp32", "f8a": "*fp8e4nv", "f8b": "*fp8e4nv", "M": "constexpr", "N": "constexpr", "K": "constexpr"}
CONSTEXPRS = {"M": 64, "N": 64, "K": 32}  # equals the C config's defaults
ATTRS = {}  # no divisibility hints: the C port declares its pointers with TL_DIV_NONE
