"""tensor_cases: tiny @triton.jit kernels for the matrix and shape ops, one rule each.

Every kernel here has a twin of the same name in tests/gpu/tensor_cases.c, written with
tritonc's language (include/tritonc/tensor.h) one Python line to one C line. validate_ops.py
(run by run.sh with --cases tests/gpu/tensor_cases.py) compiles both with Triton 3.6 and requires
the same TTIR after make_ttir. Cases registered with `fails=True` must fail on both sides.

CASES maps a case name to (fn, signature, constexprs) as ASTSource takes them (attrs={}: the C
twins declare their pointers with TL_DIV_NONE).
"""
import triton
import triton.language as tl

import case_registry

CASES, MUST_FAIL, case = case_registry.new()


# ================================================================================================
# tl.dot
# ================================================================================================

# float16 without an accumulator: tf32 by default, a zero float32 accumulator
@case({"x": "*fp16", "o": "*fp32"})
@triton.jit
def dot_f16(x, o):
    rm = tl.arange(0, 16); rk = tl.arange(0, 32)
    a = tl.load(x + rm[:, None] * 32 + rk[None, :]); b = tl.load(x + rk[:, None] * 16 + rm[None, :])
    tl.store(o + rm[:, None] * 16 + rm[None, :], tl.dot(a, b))


# the accumulator positional, as a keyword, and acc += dot (folded into the dot by make_ttir)
@case({"x": "*fp16", "o": "*fp32"})
@triton.jit
def dot_acc_forms(x, o):
    r = tl.arange(0, 16)
    a = tl.load(x + r[:, None] * 16 + r[None, :])
    acc = tl.zeros((16, 16), dtype=tl.float32)
    acc = tl.dot(a, a, acc)
    acc = tl.dot(a, a, acc=acc)
    acc += tl.dot(a, a)
    tl.store(o + r[:, None] * 16 + r[None, :], acc)


# every input precision on float32 (ieee prints none: it is the attribute's default)
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def dot_precisions(x, o):
    r = tl.arange(0, 16)
    a = tl.load(x + r[:, None] * 16 + r[None, :])
    acc = tl.dot(a, a, input_precision="ieee")
    acc = tl.dot(a, a, acc, input_precision="tf32")
    acc = tl.dot(a, a, acc, input_precision="tf32x3")
    acc = tl.dot(a, a, acc, input_precision="bf16x3")
    acc = tl.dot(a, a, acc, input_precision="bf16x6")
    tl.store(o + r[:, None] * 16 + r[None, :], acc)


# fp8 x fp8 (two kinds): max_num_imprecise_acc 2^30 by default on sm90, given, 0; out_dtype=float16
@case({"x": "*fp8e4nv", "y": "*fp8e5", "o": "*fp32"})
@triton.jit
def dot_fp8(x, y, o):
    rm = tl.arange(0, 16); rk = tl.arange(0, 32)
    a = tl.load(x + rm[:, None] * 32 + rk[None, :]); b = tl.load(y + rk[:, None] * 16 + rm[None, :])
    acc = tl.dot(a, b)
    acc = tl.dot(a, b, acc, max_num_imprecise_acc=32)
    acc = tl.dot(a, b, acc, max_num_imprecise_acc=0)
    h = tl.dot(a, b, out_dtype=tl.float16)
    tl.store(o + rm[:, None] * 16 + rm[None, :], acc + h.to(tl.float32))


# int8 gives int32; an int32 accumulator needs out_dtype=tl.int32
@case({"x": "*i8", "o": "*i32"})
@triton.jit
def dot_int8(x, o):
    rm = tl.arange(0, 16); rk = tl.arange(0, 32)
    a = tl.load(x + rm[:, None] * 32 + rk[None, :])
    acc = tl.dot(a, tl.trans(a))
    acc = tl.dot(a, tl.trans(a), acc, out_dtype=tl.int32)
    tl.store(o + rm[:, None] * 16 + rm[None, :], acc)


# bfloat16 gives float32 whatever out_dtype says; float64 gives float64
@case({"x": "*bf16", "y": "*fp64", "o": "*fp32", "p": "*fp64"})
@triton.jit
def dot_bf16_f64(x, y, o, p):
    r = tl.arange(0, 16)
    a = tl.load(x + r[:, None] * 16 + r[None, :]); d = tl.load(y + r[:, None] * 16 + r[None, :])
    tl.store(o + r[:, None] * 16 + r[None, :], tl.dot(a, a, out_dtype=tl.float16))
    tl.store(p + r[:, None] * 16 + r[None, :], tl.dot(d, d))


# batched rank 3
@case({"x": "*fp16", "o": "*fp32"})
@triton.jit
def dot_batched(x, o):
    r = tl.arange(0, 16); bt = tl.arange(0, 2)
    offs = bt[:, None, None] * 256 + r[None, :, None] * 16 + r[None, None, :]
    a = tl.load(x + offs)
    tl.store(o + offs, tl.dot(a, a))


# rank 4: reshaped to rank 3 (batch dimensions flattened) and back
@case({"x": "*fp16", "o": "*fp32"})
@triton.jit
def dot_rank4(x, o):
    a = tl.reshape(tl.load(x + tl.arange(0, 1024)), (2, 2, 16, 16))
    acc = tl.zeros((2, 2, 16, 16), dtype=tl.float32)
    acc = tl.dot(a, a, acc)
    tl.store(o + tl.arange(0, 1024), tl.reshape(acc, (1024,)))


# a keyword acc is evaluated before the operands
@case({"x": "*fp16", "y": "*fp32", "o": "*fp32"})
@triton.jit
def dot_keyword_acc_first(x, y, o):
    i = tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :]
    d = tl.dot(tl.load(x + i), tl.load(x + i), acc=tl.load(y + i))
    tl.store(o + i, d)


# ================================================================================================
# tl.dot_scaled
# ================================================================================================

# e2m1 (two per uint8) with a scale times bf16 (a uint16 bitcast) without one
@case({"x": "*u8", "s": "*u8", "y": "*u16", "o": "*fp32"})
@triton.jit
def dot_scaled_e2m1_bf16(x, s, y, o):
    r = tl.arange(0, 32); rk = tl.arange(0, 64); r2 = tl.arange(0, 2)
    a = tl.load(x + r[:, None] * 32 + r[None, :]); sa = tl.load(s + r[:, None] * 2 + r2[None, :])
    b = tl.load(y + rk[:, None] * 32 + r[None, :])
    tl.store(o + r[:, None] * 32 + r[None, :], tl.dot_scaled(a, sa, "e2m1", b, None, "bf16"))


# e4m3 x e5m2, both scaled, an accumulator and fast_math
@case({"x": "*u8", "s": "*u8", "o": "*fp32"})
@triton.jit
def dot_scaled_fp8(x, s, o):
    r = tl.arange(0, 32); rk = tl.arange(0, 64); r2 = tl.arange(0, 2)
    a = tl.load(x + r[:, None] * 64 + rk[None, :]); b = tl.load(x + rk[:, None] * 32 + r[None, :])
    sc = tl.load(s + r[:, None] * 2 + r2[None, :])
    acc = tl.load(o + r[:, None] * 32 + r[None, :])
    acc = tl.dot_scaled(a, sc, "e4m3", b, sc, "e5m2", acc, fast_math=True)
    tl.store(o + r[:, None] * 32 + r[None, :], acc)


# e2m1 packed along M (lhs_k_pack=False)
@case({"x": "*u8", "y": "*fp8e4nv", "o": "*fp32"})
@triton.jit
def dot_scaled_m_pack(x, y, o):
    rm = tl.arange(0, 16); rk = tl.arange(0, 64); rn = tl.arange(0, 32)
    a = tl.load(x + rm[:, None] * 64 + rk[None, :]); b = tl.load(y + rk[:, None] * 32 + rn[None, :])
    d = tl.dot_scaled(a, None, "e2m1", b, None, "e4m3", lhs_k_pack=False)
    tl.store(o + rn[:, None] * 32 + rn[None, :], d)


# ================================================================================================
# Shapes
# ================================================================================================

# reshape with and without reorder, view, item and reshape to ()
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def reshape_view_item(x, o):
    a = tl.load(x + tl.arange(0, 256))
    b = tl.reshape(a, (16, 16)); c = tl.reshape(b, (8, 32), can_reorder=True); d = tl.view(c, (256,))
    one = tl.load(x + tl.arange(0, 1))
    tl.store(o + tl.arange(0, 256), tl.reshape(b, (256,)) + d + one.item() + tl.reshape(one, ()))


# trans (default and given), permute and .T
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def trans_permute(x, o):
    i = tl.arange(0, 2)[:, None, None] * 32 + tl.arange(0, 4)[None, :, None] * 8 + tl.arange(0, 8)[None, None, :]
    a = tl.load(x + i)
    t = tl.trans(a); u = tl.trans(a, (2, 0, 1)); v = tl.permute(a, (1, 2, 0)); w = tl.trans(a, 1, 0, 2)
    tl.store(o + i, tl.reshape(t, (2, 4, 8)) + tl.reshape(u, (2, 4, 8)) + tl.reshape(v, (2, 4, 8)) + tl.reshape(w, (2, 4, 8)))
    m = tl.load(x + tl.arange(0, 4)[:, None] * 8 + tl.arange(0, 8)[None, :])
    tl.store(o + tl.arange(0, 8)[:, None] * 4 + tl.arange(0, 4)[None, :], m.T)


# cat, join (with a scalar broadcast, and of two scalars), split (and of a pair to scalars)
@case({"x": "*fp32", "o": "*fp32", "p": "*i32"})
@triton.jit
def cat_join_split(x, o, p):
    r = tl.arange(0, 16)
    tl.store(p + tl.arange(0, 32), tl.cat(r, r, can_reorder=True))
    a = tl.load(x + r); s = tl.load(x)
    j = tl.join(a, s)
    g, h = tl.split(j)
    u, v = tl.split(tl.join(s, s))
    tl.store(o + r, g * h + u - v)


# gather along a negative axis with int64 indices
@case({"x": "*fp32", "i": "*i64", "o": "*fp32"})
@triton.jit
def gather_axis(x, i, o):
    src = tl.load(x + tl.arange(0, 16)[:, None] * 32 + tl.arange(0, 32)[None, :])
    oi = tl.arange(0, 8)[:, None] * 32 + tl.arange(0, 32)[None, :]
    idx = tl.load(i + oi)
    tl.store(o + oi, tl.gather(src, idx, -2))


# histogram, with a mask made right before it, and with a scalar True mask
@case({"x": "*i32", "o": "*i32"})
@triton.jit
def histogram_masks(x, o):
    v = tl.load(x + tl.arange(0, 16))
    h = tl.histogram(v, 32)
    hm = tl.histogram(v, 32, mask=v < 4)
    ht = tl.histogram(v, 32, mask=True)
    tl.store(o + tl.arange(0, 32), h + hm + ht)


# ================================================================================================
# Misuse: both sides must reject these
# ================================================================================================

# K differs between the operands
@case({"x": "*fp16", "o": "*fp32"}, fails=True)
@triton.jit
def err_dot_k_mismatch(x, o):
    r = tl.arange(0, 16); k = tl.arange(0, 32)
    a = tl.load(x + r[:, None] * 32 + k[None, :])
    tl.store(o + r[:, None] * 16 + r[None, :], tl.dot(a, a))


# K below 16
@case({"x": "*fp16", "o": "*fp32"}, fails=True)
@triton.jit
def err_dot_small_k(x, o):
    r = tl.arange(0, 16); k = tl.arange(0, 8)
    a = tl.load(x + r[:, None] * 8 + k[None, :]); b = tl.load(x + k[:, None] * 16 + r[None, :])
    tl.store(o + r[:, None] * 16 + r[None, :], tl.dot(a, b))


# uint8 operands
@case({"x": "*u8", "o": "*i32"}, fails=True)
@triton.jit
def err_dot_u8(x, o):
    r = tl.arange(0, 32)
    a = tl.load(x + r[:, None] * 32 + r[None, :])
    tl.store(o + r[:, None] * 32 + r[None, :], tl.dot(a, a))


# operands of two dtypes
@case({"x": "*fp16", "o": "*fp32"}, fails=True)
@triton.jit
def err_dot_mixed(x, o):
    r = tl.arange(0, 16)
    a = tl.load(x + r[:, None] * 16 + r[None, :])
    tl.store(o + r[:, None] * 16 + r[None, :], tl.dot(a, a.to(tl.float32)))


# out_dtype=bfloat16
@case({"x": "*fp16", "o": "*fp32"}, fails=True)
@triton.jit
def err_dot_out_bf16(x, o):
    r = tl.arange(0, 16)
    a = tl.load(x + r[:, None] * 16 + r[None, :])
    tl.store(o + r[:, None] * 16 + r[None, :], tl.dot(a, a, out_dtype=tl.bfloat16))


# an int32 accumulator without out_dtype=tl.int32
@case({"x": "*i8", "o": "*i32"}, fails=True)
@triton.jit
def err_dot_int8_acc(x, o):
    r = tl.arange(0, 32)
    a = tl.load(x + r[:, None] * 32 + r[None, :])
    acc = tl.zeros((32, 32), dtype=tl.int32)
    tl.store(o + r[:, None] * 32 + r[None, :], tl.dot(a, a, acc))


# max_num_imprecise_acc above K for fp8
@case({"x": "*fp8e5", "o": "*fp32"}, fails=True)
@triton.jit
def err_dot_imprecise_over_k(x, o):
    r = tl.arange(0, 32)
    a = tl.load(x + r[:, None] * 32 + r[None, :])
    tl.store(o + r[:, None] * 32 + r[None, :], tl.dot(a, a, max_num_imprecise_acc=64))


# a format tl.dot_scaled does not implement
@case({"x": "*u8", "o": "*fp32"}, fails=True)
@triton.jit
def err_dot_scaled_format(x, o):
    r = tl.arange(0, 32)
    a = tl.load(x + r[:, None] * 32 + r[None, :])
    tl.store(o + r[:, None] * 32 + r[None, :], tl.dot_scaled(a, None, "e4m3", a, None, "e2m3"))


# reshape to another number of elements
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_reshape_numel(x, o):
    a = tl.load(x + tl.arange(0, 256))
    tl.store(o + tl.arange(0, 128), tl.reshape(a, (128,)))


# permute dims that are not a permutation
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_permute(x, o):
    a = tl.load(x + tl.arange(0, 4)[:, None] * 4 + tl.arange(0, 4)[None, :])
    tl.store(o + tl.arange(0, 4)[:, None] * 4 + tl.arange(0, 4)[None, :], tl.permute(a, (1, 1)))


# trans of a 1-D tensor
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_trans_1d(x, o):
    a = tl.load(x + tl.arange(0, 16))
    tl.store(o + tl.arange(0, 16), tl.trans(a))


# cat without can_reorder=True
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_cat_no_reorder(x, o):
    a = tl.load(x + tl.arange(0, 16))
    tl.store(o + tl.arange(0, 32), tl.cat(a, a))


# split of a tensor whose last dimension is not 2
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_split(x, o):
    a = tl.load(x + tl.arange(0, 16))
    g, h = tl.split(a)
    tl.store(o, g + h)


# gather with float indices
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_gather_float_index(x, o):
    a = tl.load(x + tl.arange(0, 16))
    tl.store(o + tl.arange(0, 16), tl.gather(a, a, 0))


# histogram of a 2-D tensor
@case({"x": "*i32", "o": "*i32"}, fails=True)
@triton.jit
def err_histogram_2d(x, o):
    a = tl.load(x + tl.arange(0, 4)[:, None] * 4 + tl.arange(0, 4)[None, :])
    tl.store(o + tl.arange(0, 8), tl.histogram(a, 8))


# item of a tensor of several elements
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_item(x, o):
    a = tl.load(x + tl.arange(0, 2))
    tl.store(o, a.item())
