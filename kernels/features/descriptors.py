"""descriptors: tensor descriptors (make, load, store) and block pointers (make, load with
boundary check and padding, advance, store with boundary check).

From tritonc's own catalog of Triton 3.6 kernels; the Python original of kernels/features/descriptors.c,
which follows it line for line with the same names in the same order. The constants after
the function say how the GPU validation compiles it (as the catalog did).
"""
import triton
import triton.language as tl


@triton.jit
def descriptors(x, o, M, N, BM: tl.constexpr, BN: tl.constexpr):
    d = tl.make_tensor_descriptor(x, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    e = tl.make_tensor_descriptor(o, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    t = d.load([0, 0])
    e.store([BM, 0], t)
    bp = tl.make_block_ptr(x, shape=(M, N), strides=(N, 1), offsets=(0, 0), block_shape=(BM, BN), order=(1, 0))
    u = tl.load(bp, boundary_check=(0, 1), padding_option="zero")
    bp = tl.advance(bp, (BM, 0))
    tl.store(tl.make_block_ptr(o, shape=(M, N), strides=(N, 1), offsets=(0, 0), block_shape=(BM, BN), order=(1, 0)), u + tl.load(bp), boundary_check=(1,))


# ASTSource(descriptors, SIGNATURE, CONSTEXPRS, attrs=ATTRS), as the catalog compiled it.
SIGNATURE = {"x": "*fp32", "o": "*fp32", "M": "i32", "N": "i32", "BM": "constexpr", "BN": "constexpr"}
CONSTEXPRS = {"BM": 64, "BN": 64}  # equals the C config's defaults
ATTRS = {}  # no divisibility hints: the C port declares its pointers with TL_DIV_NONE
