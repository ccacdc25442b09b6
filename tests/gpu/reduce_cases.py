"""reduce_cases: tiny @triton.jit kernels for reductions and scans, one rule each.

Every kernel here has a twin of the same name in tests/gpu/reduce_cases.c, written with
tritonc's language (include/tritonc/reduce.h) one Python line to one C line; the @triton.jit
combine functions (_name) are C callbacks there (name). validate_ops.py (run by run.sh with
--cases tests/gpu/reduce_cases.py) compiles both with Triton 3.6 and requires the same TTIR after
make_ttir. Cases registered with `fails=True` must fail on both sides.

CASES maps a case name to (fn, signature, constexprs) as ASTSource takes them (attrs={}: the C
twins declare their pointers with TL_DIV_NONE).
"""
import triton
import triton.language as tl

import case_registry

CASES, MUST_FAIL, case = case_registry.new()


# ---- combine functions ---------------------------------------------------------------------------

@triton.jit
def _mul_add(a, b):
    return a * b + 1.0


@triton.jit
def _plus_two(a, b):
    return a + b + 2.0


@triton.jit
def _larger(a0, a1, b0, b1):
    gt = a0 > b0
    return tl.where(gt, a0, b0), tl.where(gt, a1, b1)


@triton.jit
def _bigger_or_double(a, b):
    if a > b:
        r = a
    else:
        r = b * 2.0
    return r


@triton.jit
def _two_values(a, b):
    return a + b, a - b


@triton.jit
def _to_f64(a, b):
    return (a + b).to(tl.float64)


# ================================================================================================
# tl.sum
# ================================================================================================

# axis=None on a 2-D tensor: reshape (allow_reorder) to 1-D, then reduce
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def sum_all_2d(x, o):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    tl.store(o, tl.sum(a))


# axis=None on a 1-D tensor: the reshape is there all the same
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def sum_all_1d(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o, tl.sum(a))


# a given axis, positional, keyword and negative
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def sum_axes(x, o):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    tl.store(o + j, tl.sum(a, 0)); tl.store(o + i, tl.sum(a, axis=1)); tl.store(o + i, tl.sum(a, -1))


# keep_dims along an axis: expand_dims back
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def sum_keep_dims(x, o):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    tl.store(o + i[:, None], tl.sum(a, 1, keep_dims=True)); tl.store(o + j[None, :], tl.sum(a, axis=0, keep_dims=True))


# keep_dims with axis=None: the scalar is splat to [1], then expanded to [1, 1]
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def sum_keep_dims_all(x, o):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    s = tl.sum(a, keep_dims=True)
    tl.store(o + tl.arange(0, 1)[:, None] + tl.arange(0, 1)[None, :], s)


# _pick_sum_dtype: int8 sums in int32 (extsi), uint16 and int1 in uint32 (extui)
@case({"x": "*i8", "y": "*u16", "o": "*i32"})
@triton.jit
def sum_int_promotion(x, y, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i); u = tl.load(y + i)
    tl.store(o, tl.sum(a)); tl.store(o, tl.sum(u)); tl.store(o, tl.sum(a > 0))


# no promotion for float16, bfloat16 and int64
@case({"x": "*fp16", "y": "*bf16", "z": "*i64"})
@triton.jit
def sum_no_promotion(x, y, z):
    i = tl.arange(0, 16)
    h = tl.load(x + i); b = tl.load(y + i); w = tl.load(z + i)
    tl.store(x, tl.sum(h)); tl.store(y, tl.sum(b, 0)); tl.store(z, tl.sum(w))


# dtype= casts the input first
@case({"x": "*fp16", "y": "*i32", "o": "*fp32", "p": "*i64"})
@triton.jit
def sum_dtype(x, y, o, p):
    i = tl.arange(0, 16)
    h = tl.load(x + i); a = tl.load(y + i)
    tl.store(o, tl.sum(h, 0, dtype=tl.float32)); tl.store(p, tl.sum(a, dtype=tl.int64))


# ================================================================================================
# tl.max, tl.min
# ================================================================================================

# float32: maxnumf / minnumf; keep_dims
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def max_min_float(x, o):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    tl.store(o, tl.max(a)); tl.store(o + j, tl.min(a, 0)); tl.store(o + i[:, None], tl.max(a, 1, keep_dims=True))


# narrower than 32 bits: float16 and bfloat16 widen to float32, int8 and uint8 to int32
@case({"x": "*fp16", "y": "*bf16", "z": "*i8", "w": "*u8", "o": "*fp32", "p": "*i32"})
@triton.jit
def max_min_narrow(x, y, z, w, o, p):
    i = tl.arange(0, 16)
    h = tl.load(x + i); b = tl.load(y + i); c = tl.load(z + i); u = tl.load(w + i)
    tl.store(o, tl.max(h)); tl.store(o, tl.min(b, 0)); tl.store(p, tl.max(c, 0)); tl.store(p, tl.min(u, 0))


# 32 and 64 bits keep their signedness: maxui, minsi, maxui
@case({"x": "*u32", "y": "*i64", "z": "*u64"})
@triton.jit
def max_min_wide_int(x, y, z):
    i = tl.arange(0, 16)
    u = tl.load(x + i); v = tl.load(y + i); w = tl.load(z + i)
    tl.store(x, tl.max(u)); tl.store(y, tl.min(v, 0)); tl.store(z, tl.max(w, 0))


# fp8 widens to float32 (tt.fp_to_fp)
@case({"x": "*fp8e4nv", "o": "*fp32"})
@triton.jit
def max_fp8(x, o):
    i = tl.arange(0, 16)
    f = tl.load(x + i)
    tl.store(o, tl.max(f, 0))


# ================================================================================================
# argmax, argmin, return_indices
# ================================================================================================

# both axes of a 2-D tensor, a negative axis, tie_break_left=False
@case({"x": "*fp32", "p": "*i32"})
@triton.jit
def argmax_2d(x, p):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    tl.store(p + i, tl.argmax(a, 1)); tl.store(p + j, tl.argmin(a, axis=0)); tl.store(p + i, tl.argmax(a, -1, tie_break_left=False))


# integers compare signed or unsigned; float16 stays, bfloat16 widens
@case({"x": "*i32", "y": "*u32", "z": "*fp16", "w": "*bf16", "p": "*i32"})
@triton.jit
def argmax_types(x, y, z, w, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); u = tl.load(y + i); h = tl.load(z + i); b = tl.load(w + i)
    tl.store(p, tl.argmax(a, 0)); tl.store(p, tl.argmin(u, 0)); tl.store(p, tl.argmax(h, 0)); tl.store(p, tl.argmin(b, 0))


# keep_dims expands the indices back
@case({"x": "*fp32", "p": "*i32"})
@triton.jit
def argmax_keep_dims(x, p):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    tl.store(p + i[:, None], tl.argmax(a, 1, keep_dims=True))


# rank 3 along the middle axis: the index expands at axes 0 and 2
@case({"x": "*fp32", "p": "*i32"})
@triton.jit
def argmax_3d(x, p):
    i = tl.arange(0, 2); j = tl.arange(0, 8); k = tl.arange(0, 4)
    a = tl.load(x + i[:, None, None] * 32 + j[None, :, None] * 4 + k[None, None, :])
    tl.store(p, tl.sum(tl.argmax(a, 1)))


# max / min with return_indices (tie breaks, keep_dims)
@case({"x": "*fp32", "o": "*fp32", "p": "*i32"})
@triton.jit
def max_min_indices(x, o, p):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    v, ix = tl.max(a, 1, return_indices=True)
    tl.store(o + i, v); tl.store(p + i, ix)
    w, jx = tl.min(a, axis=0, return_indices=True, return_indices_tie_break_left=False, keep_dims=True)
    tl.store(o + j[None, :], w); tl.store(p + j[None, :], jx)


# ================================================================================================
# xor_sum, cumsum, cumprod
# ================================================================================================

@case({"x": "*i32", "y": "*u8"})
@triton.jit
def xor_sums(x, y):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :]); u = tl.load(y + j)
    tl.store(x, tl.xor_sum(a)); tl.store(x + i, tl.xor_sum(a, 1)); tl.store(y, tl.xor_sum(u, 0))


# reduce_or: the axis is required (None allowed); keep_dims
@case({"x": "*i64", "y": "*i32"})
@triton.jit
def reduce_ors(x, y):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :]); c = tl.load(y + j)
    tl.store(x + j, tl.reduce_or(a, 0)); tl.store(y + tl.arange(0, 1), tl.reduce_or(c > 0, None, keep_dims=True).to(tl.int32))


# axis 0 by default, reverse, negative axes
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def cumsum_axes(x, o):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    c = tl.cumsum(a) + tl.cumsum(a, 1, reverse=True) + tl.cumsum(a, axis=-1)
    tl.store(o + i[:, None] * 8 + j[None, :], c)


# int8 sums in int32, bfloat16 in float32, dtype= casts
@case({"x": "*i8", "y": "*bf16", "o": "*i32", "p": "*fp64"})
@triton.jit
def cumsum_types(x, y, o, p):
    i = tl.arange(0, 16)
    c = tl.load(x + i); b = tl.load(y + i)
    tl.store(o + i, tl.cumsum(c)); tl.store(p + i, tl.cumsum(b, 0)); tl.store(p + i, tl.cumsum(b, 0, dtype=tl.float64))


# cumprod: reverse; int8 stays int8; bfloat16 widens
@case({"x": "*i8", "y": "*bf16", "o": "*fp32"})
@triton.jit
def cumprods(x, y, o):
    i = tl.arange(0, 16)
    c = tl.load(x + i); b = tl.load(y + i)
    tl.store(x + i, tl.cumprod(c, 0, reverse=True)); tl.store(o + i, tl.cumprod(b))


# ================================================================================================
# tl.reduce / tl.associative_scan with @jit combines
# ================================================================================================

# one operand: an axis, axis=None with keep_dims
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def reduce_custom(x, o):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    tl.store(o + i, tl.reduce(a, 1, _mul_add))
    tl.store(o + tl.arange(0, 1)[:, None], tl.reduce(a, None, _mul_add, keep_dims=True))


# two operands of different types
@case({"x": "*fp32", "o": "*fp32", "p": "*i32"})
@triton.jit
def reduce_two(x, o, p):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :]); idx = tl.load(p + i[:, None] * 8 + j[None, :])
    v, ix = tl.reduce((a, idx), 0, _larger)
    tl.store(o + j, v); tl.store(p + j, ix)


# a combine with a branch (scf.if in the region), reversed
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def scan_custom(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, tl.associative_scan(a, 0, _bigger_or_double, reverse=True))


# a scan of two operands
@case({"x": "*fp32", "o": "*fp32", "p": "*i32"})
@triton.jit
def scan_two(x, o, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i); idx = tl.load(p + i)
    v, ix = tl.associative_scan((a, idx), 0, _larger)
    tl.store(o + i, v); tl.store(p + i, ix)


# constants inside a combine and around it: where make_ttir leaves them
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def combine_constants(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i) * 3.0
    s = tl.reduce(a, 0, _plus_two)
    tl.store(o, s + 5.0)


# ================================================================================================
# reductions in expressions and in loops
# ================================================================================================

# Python evaluates left to right: the reductions come in the order written
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def reductions_in_expressions(x, o):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i[:, None] * 8 + j[None, :])
    tl.store(o + i, tl.sum(a, 1) + tl.max(a, 1) * tl.load(x + i))
    tl.store(o, tl.load(x) + tl.sum(tl.cumsum(a, 1)) - tl.min(a))


# keyword arguments are evaluated first: the reduction in the mask comes before the pointer
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def reduction_in_keyword(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o + i, a, mask=a < tl.sum(a))


# a reduction inside a loop body
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def sum_in_loop(x, o, n):
    i = tl.arange(0, 16)
    acc = tl.load(o)
    for k in range(0, n, 16):
        acc += tl.sum(tl.load(x + k + i))
    tl.store(o, acc)


# ================================================================================================
# misuse: Triton's frontend rejects these too
# ================================================================================================

# a scalar cannot be reduced
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_sum_scalar(x, o):
    s = tl.load(x)
    tl.store(o, tl.sum(s))


# the axis must be within the rank
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_sum_axis(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o, tl.sum(a, 1))


# xor_sum of floats
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_xor_sum_float(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o, tl.xor_sum(a))


# argmax needs an axis
@case({"x": "*fp32", "p": "*i32"}, fails=True)
@triton.jit
def err_argmax_no_axis(x, p):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(p, tl.argmax(a, None))


# a scalar cannot be scanned
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_cumsum_scalar(x, o):
    s = tl.load(x)
    tl.store(o, tl.cumsum(s))


# the operands of one reduction must have one shape
@case({"x": "*fp32", "p": "*i32"}, fails=True)
@triton.jit
def err_reduce_shapes(x, p):
    i = tl.arange(0, 16); j = tl.arange(0, 8)
    a = tl.load(x + i); idx = tl.load(p + j)
    v, ix = tl.reduce((a, idx), 0, _larger)
    tl.store(p, ix)


# a combine returning two values for one operand
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_combine_arity(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o, tl.reduce(a, 0, _two_values))


# a combine returning another type than its operand's
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_combine_type(x, o):
    i = tl.arange(0, 16)
    a = tl.load(x + i)
    tl.store(o, tl.reduce(a, 0, _to_f64))
