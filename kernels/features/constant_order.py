"""constant_order: a small kernel whose constants exercise how Triton's make_ttir orders them.

Python's frontend makes its constants where numbers are used (and inside the bodies of
standard-library helpers such as tl.cdiv); after make_ttir they sit at the top of the
function in an order tritonc's constant pool reproduces (src/builder/order/pool.c). The C port,
kernels/features/constant_order.c, follows this body line for line.
"""
import triton
import triton.language as tl


@triton.jit
def constant_order(p, BLOCK: tl.constexpr):
    x = tl.load(p + tl.arange(0, BLOCK))
    y = tl.cdiv(x * 3, 8)
    z = y * 5 + 3
    pid = tl.program_id(0) * 5
    tl.store(p + pid, 1)
    tl.store(p + tl.arange(0, BLOCK), z)


SIGNATURE = {"p": "*i32", "BLOCK": "constexpr"}
CONSTEXPRS = {"BLOCK": 4}  # equals the C config's default
ATTRS = {(0,): [["tt.divisibility", 16]]}
