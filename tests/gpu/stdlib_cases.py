"""stdlib_cases: tiny @triton.jit kernels for the functions triton.language writes on top of its
primitives (standard.py, random.py), the extra.cuda builtins, and the language gaps of issue 30.

Every kernel here has a twin of the same name in tests/gpu/stdlib_cases.c, written with
tritonc's language (include/tritonc/standard.h, debug.h, tensor.h) one Python line to one C
line. validate_ops.py (run by run.sh with --cases tests/gpu/stdlib_cases.py) compiles both with
Triton 3.6 and requires the same TTIR after make_ttir. Cases registered with `fails=True` must
fail on both sides.

CASES maps a case name to (fn, signature, constexprs) as ASTSource takes them (attrs={}: the C
twins declare their pointers with TL_DIV_NONE).
"""
import triton
import triton.language as tl

import case_registry

CASES, MUST_FAIL, case = case_registry.new()


# ================================================================================================
# sigmoid, softmax
# ================================================================================================

@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def sigmoid_f32(x, o):
    r = tl.arange(0, 16)
    tl.store(o + r, tl.sigmoid(tl.load(x + r)))


# two calls in one expression, beside a constant of the kernel's own
@case({"x": "*fp32", "y": "*fp64", "o": "*fp32"})
@triton.jit
def sigmoid_twice(x, y, o):
    r = tl.arange(0, 16)
    a = tl.load(x + r)
    b = tl.load(y + r)
    tl.store(o + r, tl.sigmoid(a) * 2.0 + tl.sigmoid(b).to(tl.float32))


@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def softmax_1d(x, o):
    r = tl.arange(0, 16)
    tl.store(o + r, tl.softmax(tl.load(x + r)))


# dim None is 0, without keep_dims; dim 1 with keep_dims; ieee_rounding
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def softmax_2d(x, o):
    i = tl.arange(0, 8); j = tl.arange(0, 16)
    a = tl.load(x + i[:, None] * 16 + j[None, :])
    s0 = tl.softmax(a)
    s1 = tl.softmax(a, 1, keep_dims=True)
    s2 = tl.softmax(a, 0, ieee_rounding=True)
    tl.store(o + i[:, None] * 16 + j[None, :], s0 + s1 + s2)


# float16: max widens to float32, so does the difference
@case({"x": "*fp16", "o": "*fp32"})
@triton.jit
def softmax_f16(x, o):
    r = tl.arange(0, 16)
    tl.store(o + r, tl.softmax(tl.load(x + r)))


# ================================================================================================
# zeros_like, ravel, interleave, swizzle2d
# ================================================================================================

@case({"x": "*fp16", "o": "*fp16", "p": "*i32"})
@triton.jit
def zeros_like_forms(x, o, p):
    r = tl.arange(0, 16)
    a = tl.load(x + r)
    s = tl.load(p)
    tl.store(o + r, a + tl.zeros_like(a))
    tl.store(p, tl.zeros_like(s) + 1)


@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def ravel_2d(x, o):
    i = tl.arange(0, 4); j = tl.arange(0, 8); k = tl.arange(0, 32)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    tl.store(o + k, tl.ravel(a))
    tl.store(o + k, tl.ravel(a, can_reorder=True))


@case({"x": "*fp32", "y": "*fp32", "o": "*fp32"})
@triton.jit
def interleave_forms(x, y, o):
    i = tl.arange(0, 4); j = tl.arange(0, 8); k = tl.arange(0, 16)
    a = tl.load(x + j)
    b = tl.load(y + j)
    tl.store(o + k, tl.interleave(a, b))
    c = tl.load(x + i[:, None] * 8 + j[None, :])
    tl.store(o + i[:, None] * 16 + k[None, :], tl.interleave(c, c))
    tl.store(o + tl.arange(0, 2), tl.interleave(tl.load(x), tl.load(y)))


# the usual form: program ids and sizes at run time, the group size a constexpr
@case({"o": "*i32", "m": "i32", "n": "i32", "GROUP": "constexpr"}, {"GROUP": 8})
@triton.jit
def swizzle2d_pids(o, m, n, GROUP: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    pid_m, pid_n = tl.swizzle2d(pid_m, pid_n, m, n, GROUP)
    tl.store(o + pid_m * n + pid_n, pid_m)


# tensors of indices and constexpr sizes (Python's example: 4 x 4 in groups of 2)
@case({"o": "*i32"})
@triton.jit
def swizzle2d_tensors(o):
    i = tl.arange(0, 4)[:, None]
    j = tl.arange(0, 4)[None, :]
    new_i, new_j = tl.swizzle2d(i, j, 4, 4, 2)
    tl.store(o + i * 4 + j, new_i * 4 + new_j)


# ================================================================================================
# flip, sort, topk, bitonic_merge
# ================================================================================================

@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def flip_1d(x, o):
    r = tl.arange(0, 16)
    tl.store(o + r, tl.flip(tl.load(x + r), 0))


# each dimension of a 2-D tensor, a negative dim, float16 and int8
@case({"x": "*fp16", "y": "*i8", "o": "*fp16", "p": "*i8"})
@triton.jit
def flip_2d(x, y, o, p):
    i = tl.arange(0, 4); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    b = tl.load(y + i[:, None] * 8 + j[None, :])
    tl.store(o + i[:, None] * 8 + j[None, :], tl.flip(a, 0) + tl.flip(a, -1))
    tl.store(p + i[:, None] * 8 + j[None, :], tl.flip(b, 1))


# Triton 3.6's flip compares dim=None with a number: it fails (tritonc refuses it)
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_flip_default_dim(x, o):
    r = tl.arange(0, 16)
    tl.store(o + r, tl.flip(tl.load(x + r)))


@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def sort_1d(x, o):
    r = tl.arange(0, 16)
    tl.store(o + r, tl.sort(tl.load(x + r)))


# descending: the merges' dense<1> constants, beside the kernel's own 1
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def sort_descending(x, o):
    r = tl.arange(0, 16)
    a = tl.load(x + r)
    tl.store(o + r, tl.sort(a, descending=True) + 1.0)


# 2-D along the last dimension, integers, dim given as the last one, descending by position
@case({"x": "*i32", "o": "*i32"})
@triton.jit
def sort_2d_int(x, o):
    i = tl.arange(0, 4); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    tl.store(o + i[:, None] * 8 + j[None, :], tl.sort(a) + tl.sort(a, 1, True))


@case({"x": "*fp16", "o": "*fp16"})
@triton.jit
def sort_f16(x, o):
    r = tl.arange(0, 32)
    tl.store(o + r, tl.sort(tl.load(x + r), descending=True))


# only the last dimension: Python's static_assert, on both sides
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_sort_dim0(x, o):
    i = tl.arange(0, 4); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    tl.store(o + i[:, None] * 8 + j[None, :], tl.sort(a, 0))


@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def topk_1d(x, o):
    r = tl.arange(0, 16)
    tl.store(o + tl.arange(0, 4), tl.topk(tl.load(x + r), 4))


# 2-D, integers, k equal to the size, k of 1
@case({"x": "*i32", "o": "*i32"})
@triton.jit
def topk_forms(x, o):
    i = tl.arange(0, 4); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    tl.store(o + i[:, None] * 2 + tl.arange(0, 2)[None, :], tl.topk(a, 2))
    tl.store(o + i[:, None] * 8 + j[None, :], tl.topk(a, 8, 1))
    tl.store(o + i[:, None], tl.topk(a, 1))


@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def bitonic_merge_forms(x, o):
    r = tl.arange(0, 16)
    a = tl.load(x + r)
    tl.store(o + r, tl.bitonic_merge(a) + tl.bitonic_merge(a, descending=True))


# ================================================================================================
# random: philox, philox_impl, uint_to_uniform_float, pair_uniform_to_normal
# ================================================================================================

@case({"o": "*u32", "seed": "i32"})
@triton.jit
def philox_direct(o, seed):
    r = tl.arange(0, 64)
    z = r * 0
    a, b, c, d = tl.philox(seed, r, z, z, z)
    tl.store(o + r, a ^ b ^ c ^ d)


# a number as the seed, fewer rounds
@case({"o": "*u32"})
@triton.jit
def philox_number_seed(o):
    r = tl.arange(0, 64)
    a, b, c, d = tl.philox(1234, r, r, r, r, n_rounds=3)
    tl.store(o + r, a + d)


@case({"o": "*u32", "k": "*u32"})
@triton.jit
def philox_impl_direct(o, k):
    r = tl.arange(0, 32).to(tl.uint32, bitcast=True)
    k0 = tl.load(k)
    k1 = tl.load(k + 1)
    a, b, c, d = tl.philox_impl(r, r, r, r, k0, k1, n_rounds=2)
    tl.store(o + tl.arange(0, 32), a ^ b ^ c ^ d)


@case({"x": "*i32", "o": "*fp32"})
@triton.jit
def uniform_and_normal(x, o):
    r = tl.arange(0, 64)
    i = tl.load(x + r)
    u = tl.uint_to_uniform_float(i)
    v = tl.uint_to_uniform_float(i.to(tl.uint32, bitcast=True))
    n1, n2 = tl.pair_uniform_to_normal(u, v)
    tl.store(o + r, u + n1 * n2)


# ================================================================================================
# float8e4b15 casts: the target's inline asm (convert_custom_float8_sm80)
# ================================================================================================

@case({"x": "*fp8e4b15", "o": "*fp32"})
@triton.jit
def fp8e4b15_casts(x, o):
    r = tl.arange(0, 16)
    a = tl.load(x + r)
    f = a.to(tl.float32)
    tl.store(o + r, f)
    tl.store(x + r, (f * 2.0).to(tl.float8e4b15))
    tl.store(x + r, a.to(tl.float16).to(tl.float8e4b15))


# ================================================================================================
# tl.dot's allow_tf32
# ================================================================================================

@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def dot_allow_tf32(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i[:, None] * 16 + i[None, :])
    c = tl.dot(a, a, allow_tf32=False)
    c = tl.dot(a, a, c, allow_tf32=True)
    tl.store(o + i[:, None] * 16 + i[None, :], c)


@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_dot_allow_tf32_and_precision(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i[:, None] * 16 + i[None, :])
    tl.store(o + i[:, None] * 16 + i[None, :], tl.dot(a, a, input_precision="ieee", allow_tf32=False))


# ================================================================================================
# tl.range(disable_licm=True), tl.condition(..., disable_licm=True)
# ================================================================================================

@case({"x": "*fp32", "n": "i32"})
@triton.jit
def loops_disable_licm(x, n):
    acc = tl.load(x)
    for k in tl.range(0, n, num_stages=2, disable_licm=True):
        acc += 1.0
    i = 0
    while tl.condition(i < n, disable_licm=True):
        i += 1
    tl.store(x, acc + i.to(tl.float32))


# the same loops without the flags, and each flagged loop alone: which part orders the constants
@case({"x": "*fp32", "n": "i32"})
@triton.jit
def loops_plain_then_while(x, n):
    acc = tl.load(x)
    for k in range(0, n):
        acc += 1.0
    i = 0
    while i < n:
        i += 1
    tl.store(x, acc + i.to(tl.float32))


@case({"x": "*fp32", "n": "i32"})
@triton.jit
def loop_disable_licm_alone(x, n):
    acc = tl.load(x)
    for k in tl.range(0, n, num_stages=2, disable_licm=True):
        acc += 1.0
    tl.store(x, acc)


@case({"x": "*i32", "n": "i32"})
@triton.jit
def while_disable_licm_alone(x, n):
    i = 0
    while tl.condition(i < n, disable_licm=True):
        i += 1
    tl.store(x, i)


# ================================================================================================
# inline asm with no operands; tl.extra.cuda's builtins
# ================================================================================================

@case({"o": "*i32", "t": "*i64"})
@triton.jit
def asm_no_operands(o, t):
    sm = tl.inline_asm_elementwise("mov.u32 $0, %smid;", "=r", [], dtype=tl.int32, is_pure=True, pack=1)
    tl.store(o, sm)
    tl.store(t, tl.inline_asm_elementwise("mov.u64 $0, %globaltimer;", "=l", [], dtype=tl.int64, is_pure=False, pack=1))


@case({"o": "*i32", "t": "*i64"})
@triton.jit
def cuda_builtins(o, t):
    tl.extra.cuda.gdc_wait()
    t0 = tl.extra.cuda.globaltimer()
    tl.store(o, tl.extra.cuda.smid())
    tl.extra.cuda.gdc_launch_dependents()
    tl.store(t, tl.extra.cuda.globaltimer() - t0)
