"""debug_and_asm: device_print, device_assert, assume, the contiguity hints, inline asm and a
libdevice call (the catalog kernel of Triton 3.6's triton-3.6/catalog.py).

This is the Python original of kernels/features/debug_and_asm.c: the C body follows it line for line,
with the same names in the same order. In Triton 3.6 tl.extra.cuda has libdevice, so `z` is
libdevice.tanh(a). device_assert emits nothing without the debug option (the C port's
`tritonc emit` default and Triton's). The constants after the function say how the GPU
validation compiles it so that Triton's output can be compared with tritonc's.
"""
import triton
import triton.language as tl


@triton.jit
def debug_and_asm(x, o, B: tl.constexpr):
    r = tl.arange(0, B)
    a = tl.load(x + r)
    tl.device_print("a=", a)
    tl.device_print("pid", tl.program_id(0), hex=True)
    tl.device_assert(a == a, "nan!")
    tl.assume(B > 0)
    r2 = tl.max_contiguous(tl.multiple_of(r, 16), 16)
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [a], dtype=tl.float32, is_pure=True, pack=1)
    z = tl.extra.cuda.libdevice.tanh(a) if hasattr(tl.extra.cuda, 'libdevice') else a
    tl.store(o + r2, y + z)


# ASTSource(debug_and_asm, SIGNATURE, CONSTEXPRS, attrs=ATTRS), as the catalog compiled it.
SIGNATURE = {"x": "*fp32", "o": "*fp32", "B": "constexpr"}
CONSTEXPRS = {"B": 64}  # equals the C config's defaults
ATTRS = {}  # no divisibility hints: the C port declares its pointers with TL_DIV_NONE
