"""reductions: sum, max, min, argmax, argmin, max with indices, cumsum, cumprod, xor_sum.

From tritonc's own catalog of Triton 3.6 kernels; the Python original of kernels/features/reductions.c,
which follows it line for line with the same names in the same order. The constants after
the function say how the GPU validation compiles it (as the catalog did).
"""
import triton
import triton.language as tl


@triton.jit
def reductions(x, o, idx, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M); rn = tl.arange(0, N)
    a = tl.load(x + rm[:, None] * N + rn[None, :])
    s0 = tl.sum(a); s1 = tl.sum(a, axis=0); s2 = tl.sum(a, axis=1, keep_dims=True)
    m0 = tl.max(a); m1 = tl.max(a, axis=1); mn = tl.min(a, axis=0)
    am = tl.argmax(a, axis=1); ai = tl.argmin(a, axis=0)
    mi, mix = tl.max(a, axis=1, return_indices=True)
    cs = tl.cumsum(a, axis=1); cp = tl.cumprod(a, axis=0, reverse=True)
    xs = tl.xor_sum(rm); isum = tl.sum(rm)
    tl.store(o + rm, m1 + mi + s2.reshape(M) + tl.sum(cs, 1) + tl.sum(cp, 1))
    tl.store(o + rn, s1 + mn)
    tl.store(o, s0 + m0)
    tl.store(idx + rm, am + mix + xs + isum); tl.store(idx + rn, ai)


# ASTSource(reductions, SIGNATURE, CONSTEXPRS, attrs=ATTRS), as the catalog compiled it.
SIGNATURE = {"x": "*fp32", "o": "*fp32", "idx": "*i32", "M": "constexpr", "N": "constexpr"}
CONSTEXPRS = {"M": 16, "N": 32}  # equals the C config's defaults
ATTRS = {}  # no divisibility hints: the C port declares its pointers with TL_DIV_NONE
