"""memory: loads and stores with cache and eviction hints, masks and volatile; every atomic
(add, max, min, xchg, and, or, xor, cas) with mask, sem and scope, float max and min included.

From tritonc's own catalog of Triton 3.6 kernels; the Python original of kernels/features/memory.c,
which follows it line for line with the same names in the same order. The constants after
the function say how the GPU validation compiles it (as the catalog did).
"""
import triton
import triton.language as tl


@triton.jit
def memory(x, c, o, B: tl.constexpr):
    r = tl.arange(0, B); m = r < 10
    a = tl.load(x + r, cache_modifier=".cg", eviction_policy="evict_last")
    b = tl.load(x + r, mask=m, other=0.0, volatile=True)
    s = tl.load(x)
    tl.store(o + r, a + b + s, cache_modifier=".wt", eviction_policy="evict_first")
    tl.store(o + r, a, mask=m)
    t0 = tl.atomic_add(o + r, a)
    t1 = tl.atomic_add(o + r, a, mask=m, sem="relaxed", scope="cta")
    t2 = tl.atomic_max(o + r, a, sem="acquire"); t3 = tl.atomic_min(o + r, a, sem="release", scope="sys")
    t4 = tl.atomic_xchg(o + r, a)
    i0 = tl.atomic_and(c + r, 1) + tl.atomic_or(c + r, 2) + tl.atomic_xor(c + r, 3)
    i1 = tl.atomic_cas(c + r, r, r + 1)
    i2 = tl.atomic_cas(c, 0, 1, sem="acq_rel")
    tl.store(o + r, t0 + t1 + t2 + t3 + t4 + (i0 + i1 + i2).to(tl.float32))


# ASTSource(memory, SIGNATURE, CONSTEXPRS, attrs=ATTRS), as the catalog compiled it.
SIGNATURE = {"x": "*fp32", "c": "*i32", "o": "*fp32", "B": "constexpr"}
CONSTEXPRS = {"B": 64}  # equals the C config's defaults
ATTRS = {}  # no divisibility hints: the C port declares its pointers with TL_DIV_NONE
