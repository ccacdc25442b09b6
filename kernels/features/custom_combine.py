"""custom_combine: tl.reduce and tl.associative_scan with @jit combine functions, one of them
over two operands.

From tritonc's own catalog of Triton 3.6 kernels; the Python original of
kernels/features/custom_combine.c, which follows it line for line with the same names in the same order
(the combine functions are C callbacks there, without the leading underscore). The constants
after the kernel say how the GPU validation compiles it (as the catalog did).
"""
import triton
import triton.language as tl


@triton.jit
def _combine(a, b):
    return a * b + 1.0


@triton.jit
def _pair(a0, a1, b0, b1):
    return a0 + b0, tl.maximum(a1, b1)


@triton.jit
def custom_combine(x, o, N: tl.constexpr):
    r = tl.arange(0, N); a = tl.load(x + r)
    s = tl.reduce(a, 0, _combine)
    c = tl.associative_scan(a, 0, _combine)
    p, q = tl.reduce((a, a), 0, _pair)
    tl.store(o + r, c + s + p + q)


# ASTSource(custom_combine, SIGNATURE, CONSTEXPRS, attrs=ATTRS), as the catalog compiled it.
SIGNATURE = {"x": "*fp32", "o": "*fp32", "N": "constexpr"}
CONSTEXPRS = {"N": 64}  # equals the C config's defaults
ATTRS = {}  # no divisibility hints: the C port declares its pointers with TL_DIV_NONE
