"""casts: conversions between float32, float16, bfloat16, fp8, float64 and integers.

From tritonc's own catalog of Triton 3.6 kernels; the Python original of kernels/features/casts.c,
which follows it line for line with the same names in the same order. The constants after
the function say how the GPU validation compiles it (as the catalog did).
"""
import triton
import triton.language as tl


@triton.jit
def casts(x, h, bf, f8, f5, i, o, B: tl.constexpr):
    r = tl.arange(0, B)
    a = tl.load(x + r)
    tl.store(h + r, a.to(tl.float16)); tl.store(bf + r, a.to(tl.bfloat16))
    tl.store(bf + r, a.to(tl.bfloat16, fp_downcast_rounding="rtz"))
    tl.store(f8 + r, a.to(tl.float8e4nv)); tl.store(f5 + r, tl.load(h + r).to(tl.float8e5))
    b = tl.load(bf + r).to(tl.float32) + tl.load(h + r).to(tl.float32) + tl.load(f8 + r).to(tl.float32)
    c = tl.load(h + r).to(tl.bfloat16).to(tl.float32)
    j = tl.load(i + r)
    d = j.to(tl.float32) + (j > 0).to(tl.float32) + a.to(tl.int32).to(tl.float32) + j.to(tl.int64).to(tl.float32)
    e = j.to(tl.int8).to(tl.int32).to(tl.float32) + a.to(tl.int32, bitcast=True).to(tl.float32) + a.to(tl.float64).to(tl.float32)
    f = j.to(tl.uint32).to(tl.float32) + a.to(tl.uint8).to(tl.float32) + tl.cast(j, tl.int16).to(tl.float32)
    tl.store(o + r, b + c + d + e + f)


# ASTSource(casts, SIGNATURE, CONSTEXPRS, attrs=ATTRS), as the catalog compiled it.
SIGNATURE = {"x": "*fp32", "h": "*fp16", "bf": "*bf16", "f8": "*fp8e4nv", "f5": "*fp8e5", "i": "*i32", "o": "*fp32",
             "B": "constexpr"}
CONSTEXPRS = {"B": 32}  # equals the C config's defaults
ATTRS = {}  # no divisibility hints: the C port declares its pointers with TL_DIV_NONE
