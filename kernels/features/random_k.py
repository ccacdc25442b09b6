"""random_k: tl.rand + tl.randn + tl.randint (Philox) over B offsets (the catalog kernel of
Triton 3.6's triton-3.6/catalog.py).

This is the Python original of kernels/features/random_k.c: the C body follows it line for line, with
the same names in the same order. The constants after the function say how the GPU validation
compiles it so that Triton's output can be compared with tritonc's.
"""
import triton
import triton.language as tl


@triton.jit
def random_k(x, o, seed, B: tl.constexpr):
    r = tl.arange(0, B)
    tl.store(o + r, tl.rand(seed, r) + tl.randn(seed, r) + tl.randint(seed, r).to(tl.float32))


# ASTSource(random_k, SIGNATURE, CONSTEXPRS, attrs=ATTRS), as the catalog compiled it.
SIGNATURE = {"x": "*fp32", "o": "*fp32", "seed": "i32", "B": "constexpr"}
CONSTEXPRS = {"B": 64}  # equals the C config's defaults
ATTRS = {}  # no divisibility hints: the C port declares its pointers with TL_DIV_NONE
