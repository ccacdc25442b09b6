"""arith_int: integer arithmetic and promotion, bit operations, comparisons, program ids.

From tritonc's own catalog of Triton 3.6 kernels; the Python original of kernels/features/arith_int.c,
which follows it line for line with the same names in the same order. The constants after
the function say how the GPU validation compiles it (as the catalog did).
"""
import triton
import triton.language as tl


@triton.jit
def arith_int(x, y, o, n, B: tl.constexpr):
    i = tl.arange(0, B)
    a = tl.load(x + i); b = tl.load(y + i)
    c = a + b            # i32 + i64 -> promotion
    d = a * 3 - 7; d = d // 2; d = d % 5; d = tl.cdiv(d, 4)
    e = (a & 3) | (a ^ 5); e = e << 2; e = e >> 1; e = tl.maximum(e, a); e = tl.minimum(e, 9)
    u = tl.umulhi(a.to(tl.uint32), a.to(tl.uint32))
    f = tl.abs(d) + e + u.to(tl.int32, bitcast=True)
    g = (a >= 1) | (a <= 2) | (a == 3) | (a != 4)
    f = tl.where(g, f, -f)
    tl.store(o + i, f + c.to(tl.int32))
    p = tl.program_id(0) * 4 + tl.program_id(1) + tl.num_programs(0) + tl.program_id(2)
    tl.store(o + p, p)


# ASTSource(arith_int, SIGNATURE, CONSTEXPRS, attrs=ATTRS), as the catalog compiled it.
SIGNATURE = {"x": "*i32", "y": "*i64", "o": "*i32", "n": "i32", "B": "constexpr"}
CONSTEXPRS = {"B": 64}  # equals the C config's defaults
ATTRS = {}  # no divisibility hints: the C port declares its pointers with TL_DIV_NONE
