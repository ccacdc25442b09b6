"""shapes: zeros/full, broadcast_to, reshape (with and without reorder), trans, permute and .T,
join and split, a constexpr if, cat, expand_dims, gather, histogram (with a mask) and sums.

From tritonc's own catalog of Triton 3.6 kernels; the Python original of kernels/features/shapes.c,
which follows it line for line with the same names in the same order. The constants after
the function say how the GPU validation compiles it (as the catalog did).
"""
import triton
import triton.language as tl


@triton.jit
def shapes(x, o, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M); rn = tl.arange(0, N)
    offs = rm[:, None] * N + rn[None, :]
    a = tl.load(x + offs)
    z = tl.zeros((M, N), dtype=tl.float32) + tl.full((M, N), 3, tl.float32) + tl.full((M, N), 2, tl.int32).to(tl.float32)
    b = tl.broadcast_to(tl.load(x + rn)[None, :], (M, N))
    c = tl.reshape(a, (N, M)); c = tl.trans(c); d = tl.permute(a, (1, 0)).T
    e = tl.reshape(a, (M * N,), can_reorder=True)
    f = tl.join(a, b); g, h = tl.split(f)
    s = tl.splat(1.0, (M, N)) if False else a
    cat = tl.cat(rm, rm, can_reorder=True)
    ex = tl.expand_dims(rn, 0) + tl.expand_dims(rn, (0,))
    idx = tl.arange(0, M)[:, None] + tl.zeros((M, N), tl.int32)
    gat = tl.gather(a, idx, 0)
    hist = tl.histogram(rm, 16)
    hm = tl.histogram(rm, 16, mask=rm < 8)
    tl.store(o + offs, a + z + b + c + d + g + h + s + gat + ex.to(tl.float32) + tl.sum(e) + tl.sum(cat).to(tl.float32) + tl.sum(hist + hm).to(tl.float32))


# ASTSource(shapes, SIGNATURE, CONSTEXPRS, attrs=ATTRS), as the catalog compiled it.
SIGNATURE = {"x": "*fp32", "o": "*fp32", "M": "constexpr", "N": "constexpr"}
CONSTEXPRS = {"M": 16, "N": 32}  # equals the C config's defaults
ATTRS = {}  # no divisibility hints: the C port declares its pointers with TL_DIV_NONE
