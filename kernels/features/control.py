"""control: an early return, for loops (range, tl.range with num_stages, tl.static_range), a
while loop, if / else with results, an if without else, and a return inside an if.

From tritonc's own catalog of Triton 3.6 kernels; the Python original of kernels/features/control.c,
which follows it line for line with the same names in the same order (a scope's closing
tl_end has a line of its own there). The constants after the function say how the GPU
validation compiles it (as the catalog did).
"""
import triton
import triton.language as tl


@triton.jit
def control(x, o, n, B: tl.constexpr):
    pid = tl.program_id(0)
    if pid * B >= n:
        return
    r = tl.arange(0, B)
    acc = tl.zeros((B,), tl.float32)
    p = x + r
    for k in range(0, n, B):
        acc += tl.load(p, mask=r + k < n, other=0.0)
        p += B
    for j in tl.range(0, 4, num_stages=2):
        acc = acc * 2.0
    for j in tl.static_range(2):
        acc = acc + j
    i = 0
    while i < n:
        i += 3
    if i > 10:
        acc = acc + 1.0
    else:
        acc = acc - 1.0
    if pid == 0:
        tl.store(o + r, acc)
    s = tl.sum(acc)
    if s > 0.0:
        tl.store(o, s)
        return
    tl.store(o + r + B, acc + i)


# ASTSource(control, SIGNATURE, CONSTEXPRS, attrs=ATTRS), as the catalog compiled it.
SIGNATURE = {"x": "*fp32", "o": "*fp32", "n": "i32", "B": "constexpr"}
CONSTEXPRS = {"B": 128}  # equals the C config's defaults
ATTRS = {}  # no divisibility hints: the C port declares its pointers with TL_DIV_NONE
