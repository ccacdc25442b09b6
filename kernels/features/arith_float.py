"""arith_float: float32 arithmetic, comparisons, min/max, where, math and the literal mix.

From tritonc's own catalog of Triton 3.6 kernels; the Python original of kernels/features/arith_float.c,
which follows it line for line with the same names in the same order. The constants after
the function say how the GPU validation compiles it (as the catalog did).
"""
import triton
import triton.language as tl


@triton.jit
def arith_float(x, y, o, n, B: tl.constexpr):
    i = tl.arange(0, B); m = i < n
    a = tl.load(x + i, mask=m, other=0.0); b = tl.load(y + i, mask=m, other=1.0)
    r = a + b; r = r - a * b; r = r / b; r = r % b; r = -r
    r = tl.maximum(r, a); r = tl.minimum(r, b)
    r = tl.maximum(r, a, propagate_nan=tl.PropagateNan.ALL); r = tl.minimum(r, b, propagate_nan=tl.PropagateNan.ALL)
    r = tl.where(a > b, r, a); r = tl.where((a < b) & (a != b), r, b)
    r = tl.abs(r) + tl.exp(r) + tl.exp2(r) + tl.log(r) + tl.log2(r) + tl.sqrt(r) + tl.rsqrt(r)
    r = r + tl.sin(r) + tl.cos(r) + tl.erf(r) + tl.floor(r) + tl.ceil(r) + tl.fma(r, a, b)
    r = tl.clamp(r, a, b) + tl.clamp(r, a, b, propagate_nan=tl.PropagateNan.ALL)
    r = tl.sqrt_rn(r) + tl.div_rn(r, b) + tl.fdiv(r, b) + tl.fdiv(r, b, ieee_rounding=True)
    r = r * 2.0 + 1 - 0.5
    tl.store(o + i, r, mask=m)


# ASTSource(arith_float, SIGNATURE, CONSTEXPRS, attrs=ATTRS), as the catalog compiled it.
SIGNATURE = {"x": "*fp32", "y": "*fp32", "o": "*fp32", "n": "i32", "B": "constexpr"}
CONSTEXPRS = {"B": 128}  # equals the C config's defaults
ATTRS = {}  # no divisibility hints: the C port declares its pointers with TL_DIV_NONE
