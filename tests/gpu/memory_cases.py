"""memory_cases: tiny @triton.jit kernels for atomics, tensor descriptors and block pointers.

Every kernel here has a twin of the same name in tests/gpu/memory_cases.c, written with
tritonc's language (include/tritonc/memory.h) one Python line to one C line. validate_ops.py
(run by run.sh with --cases tests/gpu/memory_cases.py) compiles both with Triton 3.6 and requires
the same TTIR after make_ttir. Cases registered with `fails=True` must fail on both sides.

CASES maps a case name to (fn, signature, constexprs) as ASTSource takes them (attrs={}: the C
twins declare their pointers with TL_DIV_NONE).
"""
import triton
import triton.language as tl

import case_registry

CASES, MUST_FAIL, case = case_registry.new()


# ================================================================================================
# Atomics (semantic.atom_red_typechecking_impl, atomic_*)
# ================================================================================================

# fadd on a tensor of pointers, the all-true mask Python adds
@case({"o": "*fp32", "x": "*fp32"})
@triton.jit
def atomic_add_f32(o, x):
    i = tl.arange(0, 16)
    tl.atomic_add(o + i, tl.load(x + i))


# a mask written in the call (evaluated first), sem and scope
@case({"o": "*fp32", "x": "*fp32"})
@triton.jit
def atomic_add_mask_relaxed_cta(o, x):
    i = tl.arange(0, 16)
    tl.atomic_add(o + i, tl.load(x + i), mask=i < 5, sem="relaxed", scope="cta")


# a scalar pointer: scalar value and scalar mask; the old value is stored
@case({"c": "*i32", "o": "*i32"})
@triton.jit
def atomic_add_scalar_int(c, o):
    t = tl.atomic_add(c, 1)
    tl.store(o, t)


# the value broadcast to the pointer's shape and cast to its element type
@case({"o": "*fp32", "x": "*fp32"})
@triton.jit
def atomic_add_cast_broadcast(o, x):
    i = tl.arange(0, 16)
    tl.atomic_add(o + i, 1)
    tl.atomic_add(o + i, i)
    tl.atomic_add(o + i, tl.load(x))


# fp16 and bf16 add
@case({"h": "*fp16", "b": "*bf16"})
@triton.jit
def atomic_add_half(h, b):
    i = tl.arange(0, 16)
    tl.atomic_add(h + i, 1.5)
    tl.atomic_add(b + i, 2.0)


# integer max and min: signed, unsigned (umax, umin), int64 scalar; every sem and scope
@case({"c": "*i32", "u": "*u32", "l": "*i64"})
@triton.jit
def atomic_max_min_int(c, u, l):
    i = tl.arange(0, 16)
    tl.atomic_max(c + i, i, sem="acquire")
    tl.atomic_min(c + i, i, sem="release", scope="sys")
    tl.atomic_max(u + i, 7)
    tl.atomic_min(u + i, 3, mask=i > 2)
    tl.atomic_max(l, 9)


# float32 max: signed max where the value is non-negative, unsigned min where negative
@case({"o": "*fp32", "x": "*fp32"})
@triton.jit
def atomic_max_f32(o, x):
    i = tl.arange(0, 16)
    tl.atomic_max(o + i, tl.load(x + i))


# float32 min under a mask: each half under mask & its sign
@case({"o": "*fp32", "x": "*fp32"})
@triton.jit
def atomic_min_f32_masked(o, x):
    i = tl.arange(0, 16)
    tl.atomic_min(o + i, tl.load(x + i), mask=i < 9, sem="acq_rel", scope="cta")


# float64 max on a scalar pointer, the old value stored
@case({"o": "*fp64", "x": "*fp64"})
@triton.jit
def atomic_max_f64_scalar(o, x):
    t = tl.atomic_max(o, tl.load(x))
    tl.store(x, t)


# float64 min of a number (a float32 constant cast to float64, then bitcast)
@case({"o": "*fp64"})
@triton.jit
def atomic_min_f64_literal(o):
    i = tl.arange(0, 16)
    tl.atomic_min(o + i, 2.5)


# and, or, xor, xchg
@case({"c": "*i32", "o": "*fp32"})
@triton.jit
def atomic_bitwise_xchg(c, o):
    i = tl.arange(0, 16)
    a = tl.atomic_and(c + i, 12) + tl.atomic_or(c + i, 3, mask=i < 4)
    b = tl.atomic_xor(c + i, a, sem="relaxed")
    tl.atomic_xchg(o + i, b.to(tl.float32), scope="sys")


# compare-and-swap on tensors and scalars, ints and floats
@case({"c": "*i32", "f": "*fp32", "o": "*i32"})
@triton.jit
def atomic_cas_forms(c, f, o):
    i = tl.arange(0, 16)
    t = tl.atomic_cas(c + i, i, i + 1, sem="relaxed", scope="cta")
    s = tl.atomic_cas(c, 0, 5)
    g = tl.atomic_cas(f, 1.0, 2.0, sem="release")
    tl.store(o + i, t + s + g.to(tl.int32))


# max is not for fp16
@case({"h": "*fp16"}, fails=True)
@triton.jit
def err_atomic_max_fp16(h):
    i = tl.arange(0, 16)
    tl.atomic_max(h + i, 1.0)


# no atomics on 8-bit elements
@case({"c": "*i8"}, fails=True)
@triton.jit
def err_atomic_add_int8(c):
    tl.atomic_add(c, 1)


# compare-and-swap needs 16, 32 or 64 bits
@case({"c": "*i8"}, fails=True)
@triton.jit
def err_atomic_cas_int8(c):
    tl.atomic_cas(c, 0, 1)


# a tensor value through a scalar pointer
@case({"c": "*i32"}, fails=True)
@triton.jit
def err_atomic_scalar_ptr_tensor_value(c):
    i = tl.arange(0, 16)
    tl.atomic_add(c, i)


# compare-and-swap does not broadcast cmp and val
@case({"c": "*i32"}, fails=True)
@triton.jit
def err_atomic_cas_scalar_cmp(c):
    i = tl.arange(0, 16)
    tl.atomic_cas(c + i, 0, 1)


# ================================================================================================
# Tensor descriptors (semantic.make_tensor_descriptor, descriptor_*)
# ================================================================================================

# load and store at offsets made of numbers and values; the function forms
@case({"x": "*fp32", "o": "*fp32", "M": "i32", "N": "i32"})
@triton.jit
def descriptor_load_store(x, o, M, N):
    d = tl.make_tensor_descriptor(x, shape=[M, N], strides=[N, 1], block_shape=[16, 32])
    e = tl.make_tensor_descriptor(o, shape=[M, N], strides=[N, 1], block_shape=[16, 32])
    pid = tl.program_id(0)
    t = d.load([pid * 16, 0])
    e.store([pid * 16, 32], t + 1.0)
    u = tl.load_tensor_descriptor(d, [0, 32])
    tl.store_tensor_descriptor(e, [16, 0], u)


# integer descriptors record signedness; shape entries cast to int32, strides to int64
@case({"x": "*i32", "u": "*u32", "M": "i64", "S": "u32"})
@triton.jit
def descriptor_int_signedness(x, u, M, S):
    d = tl.make_tensor_descriptor(x, shape=[M, 64], strides=[S, 1], block_shape=[8, 32])
    e = tl.make_tensor_descriptor(u, shape=[M, 64], strides=[64, 1], block_shape=[8, 32])
    t = d.load([0, 0])
    e.store([8, 0], t)
    d.atomic_add([0, 0], t)


# every reduction kind (tt.descriptor_reduce), on int32, float32 and float16
@case({"x": "*i32", "f": "*fp32", "h": "*fp16"})
@triton.jit
def descriptor_reductions(x, f, h):
    d = tl.make_tensor_descriptor(x, shape=[64, 64], strides=[64, 1], block_shape=[16, 16])
    t = d.load([0, 0])
    d.atomic_add([0, 0], t); d.atomic_min([16, 0], t); d.atomic_max([0, 16], t)
    d.atomic_and([0, 0], t); d.atomic_or([0, 0], t); d.atomic_xor([0, 0], t)
    g = tl.make_tensor_descriptor(f, shape=[64, 64], strides=[64, 1], block_shape=[16, 16])
    g.atomic_add([0, 0], g.load([16, 16]))
    k = tl.make_tensor_descriptor(h, shape=[64, 64], strides=[64, 1], block_shape=[16, 16])
    k.atomic_max([0, 0], k.load([0, 0]))


# padding_option="nan" on the descriptor
@case({"x": "*fp32", "o": "*fp32"})
@triton.jit
def descriptor_padding_nan(x, o):
    d = tl.make_tensor_descriptor(x, shape=[16, 16], strides=[16, 1], block_shape=[16, 16], padding_option="nan")
    t = d.load([0, 0])
    i = tl.arange(0, 16)
    tl.store(o + i[:, None] * 16 + i[None, :], t)


# a stored value is cast to the descriptor's element type; a 1-D descriptor
@case({"x": "*fp16", "o": "*fp32"})
@triton.jit
def descriptor_store_cast(x, o):
    e = tl.make_tensor_descriptor(o, shape=[32], strides=[1], block_shape=[32])
    i = tl.arange(0, 32)
    e.store([0], tl.load(x + i))


# gather rows, scatter them back elsewhere
@case({"x": "*fp16", "y": "i32"})
@triton.jit
def descriptor_gather_scatter(x, y):
    d = tl.make_tensor_descriptor(x, shape=[64, 64], strides=[64, 1], block_shape=[1, 64])
    g = d.gather(tl.arange(0, 8), y)
    d.scatter(g, tl.arange(8, 16), 0)


# the last block dimension must hold 16 bytes
@case({"x": "*fp32", "M": "i32"}, fails=True)
@triton.jit
def err_descriptor_bytes(x, M):
    d = tl.make_tensor_descriptor(x, shape=[M, M], strides=[M, 1], block_shape=[16, 2])
    d.store([0, 0], d.load([0, 0]))


# the last stride must be 1
@case({"x": "*fp32", "M": "i32"}, fails=True)
@triton.jit
def err_descriptor_last_stride(x, M):
    d = tl.make_tensor_descriptor(x, shape=[M, M], strides=[M, 2], block_shape=[16, 16])
    d.store([0, 0], d.load([0, 0]))


# nan padding for integers
@case({"x": "*i32", "M": "i32"}, fails=True)
@triton.jit
def err_descriptor_nan_int(x, M):
    d = tl.make_tensor_descriptor(x, shape=[M], strides=[1], block_shape=[16], padding_option="nan")
    d.store([0], d.load([0]))


# one offset per dimension
@case({"x": "*fp32", "M": "i32"}, fails=True)
@triton.jit
def err_descriptor_offsets(x, M):
    d = tl.make_tensor_descriptor(x, shape=[M, M], strides=[M, 1], block_shape=[16, 16])
    d.store([0, 0], d.load([0]))


# float32 has no descriptor min
@case({"x": "*fp32", "M": "i32"}, fails=True)
@triton.jit
def err_descriptor_min_f32(x, M):
    d = tl.make_tensor_descriptor(x, shape=[M, M], strides=[M, 1], block_shape=[16, 16])
    d.atomic_min([0, 0], d.load([0, 0]))


# a gather takes at least 8 rows
@case({"x": "*fp32", "M": "i32"}, fails=True)
@triton.jit
def err_descriptor_gather_rows(x, M):
    d = tl.make_tensor_descriptor(x, shape=[M, M], strides=[M, 1], block_shape=[1, 64])
    d.scatter(d.gather(tl.arange(0, 4), 0), tl.arange(0, 4), 0)


# ================================================================================================
# Block pointers (semantic.make_block_ptr, advance, _load_block_pointer, _store_block_pointer)
# ================================================================================================

# loads without and with a boundary check (sorted) and nan padding, a checked store
@case({"x": "*fp32", "o": "*fp32", "M": "i32", "N": "i32"})
@triton.jit
def block_ptr_load_store(x, o, M, N):
    p = tl.make_block_ptr(x, shape=(M, N), strides=(N, 1), offsets=(0, 0), block_shape=(16, 32), order=(1, 0))
    q = tl.make_block_ptr(o, shape=(M, N), strides=(N, 1), offsets=(16, 0), block_shape=(16, 32), order=(1, 0))
    a = tl.load(p)
    b = tl.load(p, boundary_check=(1, 0), padding_option="nan")
    tl.store(q, a + b, boundary_check=(0,))


# int64 and uint32 shape and strides, int32 offsets from values; advance; cache, eviction, volatile
@case({"x": "*fp16", "o": "*fp16", "M": "i64", "S": "u32", "K": "i32"})
@triton.jit
def block_ptr_advance_types(x, o, M, S, K):
    p = tl.make_block_ptr(x, shape=(M, 64), strides=(S, 1), offsets=(K, 0), block_shape=(32, 16), order=(0, 1))
    a = tl.load(p, boundary_check=(0,), padding_option="zero", cache_modifier=".cg", eviction_policy="evict_first")
    p = tl.advance(p, (K, 16))
    b = tl.load(p, volatile=True)
    p = tl.advance(p, (-32, K * 2))
    tl.store(p, a + b, cache_modifier=".cs", eviction_policy="evict_last")


# a pointer to int1 becomes a block pointer to int8
@case({"x": "*i1", "o": "*i8"})
@triton.jit
def block_ptr_bool(x, o):
    p = tl.make_block_ptr(x, shape=(64,), strides=(1,), offsets=(0,), block_shape=(64,), order=(0,))
    q = tl.make_block_ptr(o, shape=(64,), strides=(1,), offsets=(0,), block_shape=(64,), order=(0,))
    tl.store(q, tl.load(p, boundary_check=(0,)))


# no mask through a block pointer
@case({"x": "*fp32", "M": "i32"}, fails=True)
@triton.jit
def err_block_ptr_mask(x, M):
    p = tl.make_block_ptr(x, shape=(M,), strides=(1,), offsets=(0,), block_shape=(16,), order=(0,))
    tl.store(p, tl.load(p, mask=tl.arange(0, 16) < M))


# nan padding for integers
@case({"x": "*i32", "M": "i32"}, fails=True)
@triton.jit
def err_block_ptr_nan_int(x, M):
    p = tl.make_block_ptr(x, shape=(M,), strides=(1,), offsets=(0,), block_shape=(16,), order=(0,))
    tl.store(p, tl.load(p, padding_option="nan"))


# the value's element type must be the block's (no implicit cast)
@case({"x": "*fp32", "h": "*fp16", "M": "i32"}, fails=True)
@triton.jit
def err_block_ptr_store_type(x, h, M):
    p = tl.make_block_ptr(x, shape=(M,), strides=(1,), offsets=(0,), block_shape=(16,), order=(0,))
    tl.store(p, tl.load(h + tl.arange(0, 16)))


# order must be a permutation
@case({"x": "*fp32", "M": "i32"}, fails=True)
@triton.jit
def err_block_ptr_order(x, M):
    p = tl.make_block_ptr(x, shape=(M, M), strides=(M, 1), offsets=(0, 0), block_shape=(16, 16), order=(1, 1))
    tl.store(p, tl.load(p))


# a dimension checked twice
@case({"x": "*fp32", "M": "i32"}, fails=True)
@triton.jit
def err_block_ptr_duplicate_check(x, M):
    p = tl.make_block_ptr(x, shape=(M, M), strides=(M, 1), offsets=(0, 0), block_shape=(16, 16), order=(1, 0))
    tl.store(p, tl.load(p, boundary_check=(1, 1)))


# boundary_check needs a block pointer
@case({"x": "*fp32", "o": "*fp32"}, fails=True)
@triton.jit
def err_boundary_check_plain_pointer(x, o):
    i = tl.arange(0, 16)
    tl.store(o + i, tl.load(x + i, boundary_check=(0,)))


# ================================================================================================
# Positional arguments and chains (issue 29)
# ================================================================================================

# a positional mask and other (FlagGems' form), the pointer made before the mask; a keyword
# evaluated before both
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def positional_mask_load_store(x, o, n):
    i = tl.arange(0, 16)
    a = tl.load(x + i, i < n)
    b = tl.load(x + i, i < n, 0.0)
    c = tl.load(x + i, i < n, other=a * 2)
    tl.store(o + i, b + c, i < n)


# a positional mask of an atomic, beside keywords
@case({"o": "*fp32", "x": "*fp32", "n": "i32"})
@triton.jit
def positional_mask_atomic(o, x, n):
    i = tl.arange(0, 16)
    tl.atomic_add(o + i, tl.load(x + i), i < n)
    tl.atomic_xchg(o + i, 1.0, i < n, sem="relaxed")


# ptr + a + b is (ptr + a) + b: two addptr, the first made before b; ptr + (a + b) adds first
@case({"x": "*fp32", "o": "*fp32", "n": "i32"})
@triton.jit
def addptr_chain(x, o, n):
    pid = tl.program_id(0)
    i = tl.arange(0, 16)
    a = tl.load(x + pid * n + (i + 1))
    b = tl.load(x + (pid * n + i))
    d = i - n - 2 * i
    y = a * tl.exp(b) * 3.0
    m = (i < n) & (d > 0) & (y != 0.0)
    tl.store(o + pid + i, y, m)
