"""debug_cases: tiny @triton.jit kernels for the debug, hint and escape ops and random numbers.

Every kernel here has a twin of the same name in tests/gpu/debug_cases.c, written with
tritonc's language (include/tritonc/debug.h) one Python line to one C line. validate_ops.py
(run by run.sh with --cases tests/gpu/debug_cases.py) compiles both with Triton 3.6 and requires
the same TTIR after make_ttir. Cases registered with `fails=True` must fail on both sides.
Triton compiles with its default options (debug off), so device_assert makes nothing here; the
debug-on form is covered by tests/lang/test_debug.c.

CASES maps a case name to (fn, signature, constexprs) as ASTSource takes them (attrs={}: the C
twins declare their pointers with TL_DIV_NONE).
"""
import triton
import triton.language as tl

import case_registry
from triton.language import core

CASES, MUST_FAIL, case = case_registry.new()


@core.extern
def my_pow(a, b, _semantic=None):
    """An extern function declared the way tl.extra.cuda.libdevice declares its own."""
    return core.extern_elementwise("", "", [a, b], {(core.dtype("fp32"), core.dtype("fp32")): ("__nv_powf", core.dtype("fp32"))},
                                   is_pure=True, _semantic=_semantic)


# ================================================================================================
# device_print, device_assert, assume, debug_barrier
# ================================================================================================

# prefixes: none with no value, empty, ending in ": ", without a colon; hex; numbers as values
@case({"x": "*i32", "o": "*i32"})
@triton.jit
def print_forms(x, o):
    r = tl.arange(0, 16)
    a = tl.load(x + r)
    tl.device_print("hello")
    tl.device_print("", a)
    tl.device_print("a: ", a, a < 3, 2.5, 7, hex=True)
    tl.device_print("pid", tl.program_id(0))
    tl.store(o + r, a)


# isSigned per value: int8 signed, uint16 and int1 not, float16 not, a pointer not
@case({"p8": "*i8", "p16": "*u16", "ph": "*fp16", "p64": "*i64"})
@triton.jit
def print_dtypes(p8, p16, ph, p64):
    r = tl.arange(0, 8)
    tl.device_print("v", tl.load(p8 + r), tl.load(p16 + r), tl.load(ph + r), tl.load(p64 + r) > 0, p64)


# without the debug option device_assert makes nothing (the conditions are dead code)
@case({"x": "*i32", "o": "*i32", "n": "i32"})
@triton.jit
def assert_without_debug(x, o, n):
    r = tl.arange(0, 16)
    a = tl.load(x + r)
    tl.device_assert(a > 0, "positive")
    tl.device_assert(a < 100, "small", mask=r < n)
    tl.store(o + r, a)


# a condition value, a constexpr condition (a true constant), a comparison with a constexpr
@case({"x": "*i32", "n": "i32", "B": "constexpr"}, {"B": 64})
@triton.jit
def assume_forms(x, n, B: tl.constexpr):
    tl.assume(n > 0)
    tl.assume(B > 0)
    tl.assume(n < B)
    tl.store(x, n)


@case({"x": "*i32"})
@triton.jit
def barrier(x):
    tl.store(x, 1)
    tl.debug_barrier()
    tl.store(x, 2)


# ================================================================================================
# hints
# ================================================================================================

# on make_range; two dimensions, a splat and a non-splat value list; constancy
@case({"x": "*i32", "o": "*i32"})
@triton.jit
def hints(x, o):
    r = tl.arange(0, 16)
    r = tl.max_contiguous(tl.multiple_of(r, 16), 16)
    m = tl.broadcast_to(r[:, None], (16, 8))
    m = tl.max_constancy(tl.multiple_of(m, [16, 8]), [1, 8])
    tl.store(o + m, tl.load(x + m))


# on a loop-carried value: the loop gets tt.contiguity_arg1 (and the initial value the hint)
@case({"x": "*i32", "o": "*i32", "n": "i32"})
@triton.jit
def hint_loop_arg(x, o, n):
    r = tl.arange(0, 16)
    for i in range(0, n):
        r = tl.max_contiguous(r, 16) + 1
    tl.store(o + r, tl.load(x + r))


# on a kernel argument: dropped
@case({"x": "*i32", "n": "i32"})
@triton.jit
def hint_kernel_arg(x, n):
    n = tl.multiple_of(n, 16)
    tl.store(x + n, 0)


# ================================================================================================
# inline asm, extern functions
# ================================================================================================

# two results with pack=4 over a uint8 tensor and a float scalar; a number among the arguments
@case({"x": "*fp32", "q": "*u8", "o": "*fp32", "s": "fp32"})
@triton.jit
def asm_forms(x, q, o, s):
    r = tl.arange(0, 16)
    a = tl.load(x + r)
    u = tl.load(q + r)
    c, d = tl.inline_asm_elementwise("asm", "=r,=r,r,r", [u, s], dtype=(tl.int32, tl.float32), is_pure=True, pack=4)
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [1.5, a], dtype=tl.float32, is_pure=False, pack=1)
    tl.store(o + r, d + y + c.to(tl.float32))


# libdevice on float32 and float64, with a number; an extern function of one's own
@case({"x": "*fp32", "o": "*fp32", "s": "fp64"})
@triton.jit
def extern_forms(x, o, s):
    r = tl.arange(0, 16)
    a = tl.load(x + r)
    y = tl.extra.cuda.libdevice.tanh(a) + tl.extra.cuda.libdevice.pow(a, 2.0)
    z = tl.extra.cuda.libdevice.tanh(s)
    w = my_pow(a, s.to(tl.float32))
    tl.store(o + r, y + z.to(tl.float32) + w)


# ================================================================================================
# random numbers
# ================================================================================================

@case({"o": "*fp32", "seed": "i32"})
@triton.jit
def rand_i32(o, seed):
    r = tl.arange(0, 64)
    tl.store(o + r, tl.rand(seed, r))


@case({"o": "*fp32", "seed": "i32"})
@triton.jit
def randn_i32(o, seed):
    r = tl.arange(0, 64)
    tl.store(o + r, tl.randn(seed, r))


@case({"o": "*u32", "seed": "i32"})
@triton.jit
def randint_rounds(o, seed):
    r = tl.arange(0, 64)
    tl.store(o + r, tl.randint(seed, r, n_rounds=3))


@case({"o": "*fp32", "seed": "i64"})
@triton.jit
def random_4x(o, seed):
    r = tl.arange(0, 32)
    i1, i2, i3, i4 = tl.randint4x(seed, r)
    u1, u2, u3, u4 = tl.rand4x(seed, r)
    n1, n2, n3, n4 = tl.randn4x(seed, r)
    tl.store(o + r, i4.to(tl.float32) + u3 + n2 + n4)


# offsets in two dimensions, the seed from memory
@case({"o": "*fp32", "s": "*i32"})
@triton.jit
def random_2d(o, s):
    r = tl.arange(0, 8)
    offs = r[:, None] * 8 + r[None, :]
    tl.store(o + offs, tl.rand(tl.load(s), offs))


# 64-bit offsets: offset >> 32 feeds the second counter
@case({"o": "*fp32", "seed": "i32"})
@triton.jit
def random_i64_offsets(o, seed):
    r = tl.arange(0, 64).to(tl.int64)
    tl.store(o + r, tl.rand(seed, r))


# a number as the seed (its ops fold)
@case({"o": "*fp32"})
@triton.jit
def random_literal_seed(o):
    r = tl.arange(0, 64)
    tl.store(o + r, tl.randn(42, r))


# ================================================================================================
# must fail on both sides
# ================================================================================================

@case({"x": "*i32"}, fails=True)
@triton.jit
def err_hint_length(x):
    r = tl.arange(0, 16)
    tl.store(x + tl.multiple_of(r, [16, 16]), r)


@case({"x": "*fp16"}, fails=True)
@triton.jit
def err_libdevice_fp16(x):
    r = tl.arange(0, 16)
    tl.store(x + r, tl.extra.cuda.libdevice.tanh(tl.load(x + r)))


@case({"x": "*i32"}, fails=True)
@triton.jit
def err_print_non_ascii(x):
    tl.device_print("caf\u00e9", tl.load(x))
