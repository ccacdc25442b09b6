/* memory_cases: the C twins of the kernels in tests/gpu/memory_cases.py (atomics, tensor
 * descriptors and block pointers of include/tritonc/memory.h), for a differential test against
 * Triton 3.6 (tests/gpu/validate_ops.py, run by tests/gpu/run.sh for every *_cases.c / *_cases.py
 * pair).
 *
 *   memory_cases OUTDIR [NAME...]   writes OUTDIR/NAME.ttir for every case (or the named ones),
 *                                   without locations; OUTDIR must exist
 *   memory_cases --list             prints the case names, one a line ("NAME must-fail" for the
 *                                   cases tritonc has to reject)
 *
 * Each case follows the @triton.jit kernel of the same name in memory_cases.py one Python line to
 * one C line, same names, same order (as in ops_cases.c: `p + i` on a pointer is tl_addptr(p, i),
 * `x[:, None]` is tl_expand_dims(x, 1); `[a, b]` and `(a, b)` lists are TL_LIST(a, b), or
 * TL_SHAPE / TL_ORDER / TL_DIMS where Python wants constants). Change both files together. A case
 * whose builder fails writes OUTDIR/NAME.err instead: expected for the must-fail cases, which
 * Triton must reject too.
 *
 * Exit status: 0 when every case did what it should, 1 otherwise, 2 for a bad command line.
 * Not part of the normal build: run.sh compiles it against the static library.
 */
#include "cases_driver.h"

typedef gpu_case memory_case;

#define PTR(dt) TL_PTR_OPTS(dt, .divisibility = TL_DIV_NONE)

/* ============================================================================================ */
/* Atomics (semantic.atom_red_typechecking_impl, atomic_*) */

/* fadd on a tensor of pointers, the all-true mask Python adds */
static void atomic_add_f32(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_atomic_add(tl_addptr(o, i), tl_load(tl_addptr(x, i)));
}

/* a mask written in the call (evaluated first), sem and scope */
static void atomic_add_mask_relaxed_cta(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_atomic_add(tl_addptr(o, i), tl_load(tl_addptr(x, i)), .mask = tl_lt(i, 5), .sem = TL_SEM_RELAXED, .scope = TL_SCOPE_CTA);
}

/* a scalar pointer: scalar value and scalar mask; the old value is stored */
static void atomic_add_scalar_int(tl_builder *builder)
{
    tl_value c = tl_arg(builder, "c", PTR(TL_I32));
    tl_value o = tl_arg(builder, "o", PTR(TL_I32));

    tl_value t = tl_atomic_add(c, 1);
    tl_store(o, t);
}

/* the value broadcast to the pointer's shape and cast to its element type */
static void atomic_add_cast_broadcast(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_atomic_add(tl_addptr(o, i), 1);
    tl_atomic_add(tl_addptr(o, i), i);
    tl_atomic_add(tl_addptr(o, i), tl_load(x));
}

/* fp16 and bf16 add */
static void atomic_add_half(tl_builder *builder)
{
    tl_value h = tl_arg(builder, "h", PTR(TL_F16));
    tl_value b = tl_arg(builder, "b", PTR(TL_BF16));

    tl_value i = tl_arange(builder, 0, 16);
    tl_atomic_add(tl_addptr(h, i), 1.5);
    tl_atomic_add(tl_addptr(b, i), 2.0);
}

/* integer max and min: signed, unsigned (umax, umin), int64 scalar; every sem and scope */
static void atomic_max_min_int(tl_builder *builder)
{
    tl_value c = tl_arg(builder, "c", PTR(TL_I32));
    tl_value u = tl_arg(builder, "u", PTR(TL_U32));
    tl_value l = tl_arg(builder, "l", PTR(TL_I64));

    tl_value i = tl_arange(builder, 0, 16);
    tl_atomic_max(tl_addptr(c, i), i, .sem = TL_SEM_ACQUIRE);
    tl_atomic_min(tl_addptr(c, i), i, .sem = TL_SEM_RELEASE, .scope = TL_SCOPE_SYS);
    tl_atomic_max(tl_addptr(u, i), 7);
    tl_atomic_min(tl_addptr(u, i), 3, .mask = tl_gt(i, 2));
    tl_atomic_max(l, 9);
}

/* float32 max: signed max where the value is non-negative, unsigned min where negative */
static void atomic_max_f32(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_atomic_max(tl_addptr(o, i), tl_load(tl_addptr(x, i)));
}

/* float32 min under a mask: each half under mask & its sign */
static void atomic_min_f32_masked(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_atomic_min(tl_addptr(o, i), tl_load(tl_addptr(x, i)), .mask = tl_lt(i, 9), .sem = TL_SEM_ACQ_REL, .scope = TL_SCOPE_CTA);
}

/* float64 max on a scalar pointer, the old value stored */
static void atomic_max_f64_scalar(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F64));
    tl_value x = tl_arg(builder, "x", PTR(TL_F64));

    tl_value t = tl_atomic_max(o, tl_load(x));
    tl_store(x, t);
}

/* float64 min of a number (a float32 constant cast to float64, then bitcast) */
static void atomic_min_f64_literal(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F64));

    tl_value i = tl_arange(builder, 0, 16);
    tl_atomic_min(tl_addptr(o, i), 2.5);
}

/* and, or, xor, xchg */
static void atomic_bitwise_xchg(tl_builder *builder)
{
    tl_value c = tl_arg(builder, "c", PTR(TL_I32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_add(tl_atomic_and(tl_addptr(c, i), 12), tl_atomic_or(tl_addptr(c, i), 3, .mask = tl_lt(i, 4)));
    tl_value b = tl_atomic_xor(tl_addptr(c, i), a, .sem = TL_SEM_RELAXED);
    tl_atomic_xchg(tl_addptr(o, i), tl_to(b, TL_F32), .scope = TL_SCOPE_SYS);
}

/* compare-and-swap on tensors and scalars, ints and floats */
static void atomic_cas_forms(tl_builder *builder)
{
    tl_value c = tl_arg(builder, "c", PTR(TL_I32));
    tl_value f = tl_arg(builder, "f", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value t = tl_atomic_cas(tl_addptr(c, i), i, tl_add(i, 1), .sem = TL_SEM_RELAXED, .scope = TL_SCOPE_CTA);
    tl_value s = tl_atomic_cas(c, 0, 5);
    tl_value g = tl_atomic_cas(f, 1.0, 2.0, .sem = TL_SEM_RELEASE);
    tl_store(tl_addptr(o, i), tl_add(tl_add(t, s), tl_to(g, TL_I32)));
}

/* max is not for fp16 */
static void err_atomic_max_fp16(tl_builder *builder)
{
    tl_value h = tl_arg(builder, "h", PTR(TL_F16));

    tl_value i = tl_arange(builder, 0, 16);
    tl_atomic_max(tl_addptr(h, i), 1.0);
}

/* no atomics on 8-bit elements */
static void err_atomic_add_int8(tl_builder *builder)
{
    tl_value c = tl_arg(builder, "c", PTR(TL_I8));

    tl_atomic_add(c, 1);
}

/* compare-and-swap needs 16, 32 or 64 bits */
static void err_atomic_cas_int8(tl_builder *builder)
{
    tl_value c = tl_arg(builder, "c", PTR(TL_I8));

    tl_atomic_cas(c, 0, 1);
}

/* a tensor value through a scalar pointer */
static void err_atomic_scalar_ptr_tensor_value(tl_builder *builder)
{
    tl_value c = tl_arg(builder, "c", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_atomic_add(c, i);
}

/* compare-and-swap does not broadcast cmp and val */
static void err_atomic_cas_scalar_cmp(tl_builder *builder)
{
    tl_value c = tl_arg(builder, "c", PTR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_atomic_cas(tl_addptr(c, i), 0, 1);
}

/* ============================================================================================ */
/* Tensor descriptors (semantic.make_tensor_descriptor, descriptor_*) */

/* load and store at offsets made of numbers and values; the function forms */
static void descriptor_load_store(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(builder, "N", TL_SCALAR(TL_I32));

    tl_value d = tl_make_tensor_descriptor(x, TL_LIST(M, N), TL_LIST(N, 1), TL_SHAPE(16, 32));
    tl_value e = tl_make_tensor_descriptor(o, TL_LIST(M, N), TL_LIST(N, 1), TL_SHAPE(16, 32));
    tl_value pid = tl_program_id(builder, 0);
    tl_value t = tl_descriptor_load(d, TL_LIST(tl_mul(pid, 16), 0));
    tl_descriptor_store(e, TL_LIST(tl_mul(pid, 16), 32), tl_add(t, 1.0));
    tl_value u = tl_load_tensor_descriptor(d, TL_LIST(0, 32));
    tl_store_tensor_descriptor(e, TL_LIST(16, 0), u);
}

/* integer descriptors record signedness; shape entries cast to int32, strides to int64 */
static void descriptor_int_signedness(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value u = tl_arg(builder, "u", PTR(TL_U32));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I64));
    tl_value S = tl_arg(builder, "S", TL_SCALAR(TL_U32));

    tl_value d = tl_make_tensor_descriptor(x, TL_LIST(M, 64), TL_LIST(S, 1), TL_SHAPE(8, 32));
    tl_value e = tl_make_tensor_descriptor(u, TL_LIST(M, 64), TL_LIST(64, 1), TL_SHAPE(8, 32));
    tl_value t = tl_descriptor_load(d, TL_LIST(0, 0));
    tl_descriptor_store(e, TL_LIST(8, 0), t);
    tl_descriptor_atomic_add(d, TL_LIST(0, 0), t);
}

/* every reduction kind (tt.descriptor_reduce), on int32, float32 and float16 */
static void descriptor_reductions(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value f = tl_arg(builder, "f", PTR(TL_F32));
    tl_value h = tl_arg(builder, "h", PTR(TL_F16));

    tl_value d = tl_make_tensor_descriptor(x, TL_LIST(64, 64), TL_LIST(64, 1), TL_SHAPE(16, 16));
    tl_value t = tl_descriptor_load(d, TL_LIST(0, 0));
    tl_descriptor_atomic_add(d, TL_LIST(0, 0), t); tl_descriptor_atomic_min(d, TL_LIST(16, 0), t); tl_descriptor_atomic_max(d, TL_LIST(0, 16), t);
    tl_descriptor_atomic_and(d, TL_LIST(0, 0), t); tl_descriptor_atomic_or(d, TL_LIST(0, 0), t); tl_descriptor_atomic_xor(d, TL_LIST(0, 0), t);
    tl_value g = tl_make_tensor_descriptor(f, TL_LIST(64, 64), TL_LIST(64, 1), TL_SHAPE(16, 16));
    tl_descriptor_atomic_add(g, TL_LIST(0, 0), tl_descriptor_load(g, TL_LIST(16, 16)));
    tl_value k = tl_make_tensor_descriptor(h, TL_LIST(64, 64), TL_LIST(64, 1), TL_SHAPE(16, 16));
    tl_descriptor_atomic_max(k, TL_LIST(0, 0), tl_descriptor_load(k, TL_LIST(0, 0)));
}

/* padding_option="nan" on the descriptor */
static void descriptor_padding_nan(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value d = tl_make_tensor_descriptor(x, TL_LIST(16, 16), TL_LIST(16, 1), TL_SHAPE(16, 16), .padding_option = TL_PADDING_NAN);
    tl_value t = tl_descriptor_load(d, TL_LIST(0, 0));
    tl_value i = tl_arange(builder, 0, 16);
    tl_store(tl_addptr(tl_addptr(o, tl_mul(tl_expand_dims(i, 1), 16)), tl_expand_dims(i, 0)), t);
}

/* a stored value is cast to the descriptor's element type; a 1-D descriptor */
static void descriptor_store_cast(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value e = tl_make_tensor_descriptor(o, TL_LIST(32), TL_LIST(1), TL_SHAPE(32));
    tl_value i = tl_arange(builder, 0, 32);
    tl_descriptor_store(e, TL_LIST(0), tl_load(tl_addptr(x, i)));
}

/* gather rows, scatter them back elsewhere */
static void descriptor_gather_scatter(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value y = tl_arg(builder, "y", TL_SCALAR(TL_I32));

    tl_value d = tl_make_tensor_descriptor(x, TL_LIST(64, 64), TL_LIST(64, 1), TL_SHAPE(1, 64));
    tl_value g = tl_descriptor_gather(d, tl_arange(builder, 0, 8), y);
    tl_descriptor_scatter(d, g, tl_arange(builder, 8, 16), 0);
}

/* the last block dimension must hold 16 bytes */
static void err_descriptor_bytes(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));

    tl_value d = tl_make_tensor_descriptor(x, TL_LIST(M, M), TL_LIST(M, 1), TL_SHAPE(16, 2));
    tl_descriptor_store(d, TL_LIST(0, 0), tl_descriptor_load(d, TL_LIST(0, 0)));
}

/* the last stride must be 1 */
static void err_descriptor_last_stride(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));

    tl_value d = tl_make_tensor_descriptor(x, TL_LIST(M, M), TL_LIST(M, 2), TL_SHAPE(16, 16));
    tl_descriptor_store(d, TL_LIST(0, 0), tl_descriptor_load(d, TL_LIST(0, 0)));
}

/* nan padding for integers */
static void err_descriptor_nan_int(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));

    tl_value d = tl_make_tensor_descriptor(x, TL_LIST(M), TL_LIST(1), TL_SHAPE(16), .padding_option = TL_PADDING_NAN);
    tl_descriptor_store(d, TL_LIST(0), tl_descriptor_load(d, TL_LIST(0)));
}

/* one offset per dimension */
static void err_descriptor_offsets(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));

    tl_value d = tl_make_tensor_descriptor(x, TL_LIST(M, M), TL_LIST(M, 1), TL_SHAPE(16, 16));
    tl_descriptor_store(d, TL_LIST(0, 0), tl_descriptor_load(d, TL_LIST(0)));
}

/* float32 has no descriptor min */
static void err_descriptor_min_f32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));

    tl_value d = tl_make_tensor_descriptor(x, TL_LIST(M, M), TL_LIST(M, 1), TL_SHAPE(16, 16));
    tl_descriptor_atomic_min(d, TL_LIST(0, 0), tl_descriptor_load(d, TL_LIST(0, 0)));
}

/* a gather takes at least 8 rows */
static void err_descriptor_gather_rows(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));

    tl_value d = tl_make_tensor_descriptor(x, TL_LIST(M, M), TL_LIST(M, 1), TL_SHAPE(1, 64));
    tl_descriptor_scatter(d, tl_descriptor_gather(d, tl_arange(builder, 0, 4), 0), tl_arange(builder, 0, 4), 0);
}

/* ============================================================================================ */
/* Block pointers (semantic.make_block_ptr, advance, _load_block_pointer, _store_block_pointer) */

/* loads without and with a boundary check (sorted) and nan padding, a checked store */
static void block_ptr_load_store(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(builder, "N", TL_SCALAR(TL_I32));

    tl_value p = tl_make_block_ptr(x, TL_LIST(M, N), TL_LIST(N, 1), TL_LIST(0, 0), TL_SHAPE(16, 32), TL_ORDER(1, 0));
    tl_value q = tl_make_block_ptr(o, TL_LIST(M, N), TL_LIST(N, 1), TL_LIST(16, 0), TL_SHAPE(16, 32), TL_ORDER(1, 0));
    tl_value a = tl_load(p);
    tl_value b = tl_load(p, .boundary_check = TL_DIMS(1, 0), .padding = TL_PADDING_NAN);
    tl_store(q, tl_add(a, b), .boundary_check = TL_DIMS(0));
}

/* int64 and uint32 shape and strides, int32 offsets from values; advance; cache, eviction, volatile */
static void block_ptr_advance_types(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));
    tl_value o = tl_arg(builder, "o", PTR(TL_F16));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I64));
    tl_value S = tl_arg(builder, "S", TL_SCALAR(TL_U32));
    tl_value K = tl_arg(builder, "K", TL_SCALAR(TL_I32));
    (void)o; /* unused, as in Python */

    tl_value p = tl_make_block_ptr(x, TL_LIST(M, 64), TL_LIST(S, 1), TL_LIST(K, 0), TL_SHAPE(32, 16), TL_ORDER(0, 1));
    tl_value a = tl_load(p, .boundary_check = TL_DIMS(0), .padding = TL_PADDING_ZERO, .cache = TL_CACHE_CG, .eviction = TL_EVICT_FIRST);
    p = tl_advance(p, TL_LIST(K, 16));
    tl_value b = tl_load(p, .is_volatile = true);
    p = tl_advance(p, TL_LIST(-32, tl_mul(K, 2)));
    tl_store(p, tl_add(a, b), .cache = TL_CACHE_CS, .eviction = TL_EVICT_LAST);
}

/* a pointer to int1 becomes a block pointer to int8 */
static void block_ptr_bool(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I1));
    tl_value o = tl_arg(builder, "o", PTR(TL_I8));

    tl_value p = tl_make_block_ptr(x, TL_LIST(64), TL_LIST(1), TL_LIST(0), TL_SHAPE(64), TL_ORDER(0));
    tl_value q = tl_make_block_ptr(o, TL_LIST(64), TL_LIST(1), TL_LIST(0), TL_SHAPE(64), TL_ORDER(0));
    tl_store(q, tl_load(p, .boundary_check = TL_DIMS(0)));
}

/* no mask through a block pointer */
static void err_block_ptr_mask(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));

    tl_value p = tl_make_block_ptr(x, TL_LIST(M), TL_LIST(1), TL_LIST(0), TL_SHAPE(16), TL_ORDER(0));
    tl_store(p, tl_load(p, .mask = tl_lt(tl_arange(builder, 0, 16), M)));
}

/* nan padding for integers */
static void err_block_ptr_nan_int(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));

    tl_value p = tl_make_block_ptr(x, TL_LIST(M), TL_LIST(1), TL_LIST(0), TL_SHAPE(16), TL_ORDER(0));
    tl_store(p, tl_load(p, .padding = TL_PADDING_NAN));
}

/* the value's element type must be the block's (no implicit cast) */
static void err_block_ptr_store_type(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value h = tl_arg(builder, "h", PTR(TL_F16));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));

    tl_value p = tl_make_block_ptr(x, TL_LIST(M), TL_LIST(1), TL_LIST(0), TL_SHAPE(16), TL_ORDER(0));
    tl_store(p, tl_load(tl_addptr(h, tl_arange(builder, 0, 16))));
}

/* order must be a permutation */
static void err_block_ptr_order(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));

    tl_value p = tl_make_block_ptr(x, TL_LIST(M, M), TL_LIST(M, 1), TL_LIST(0, 0), TL_SHAPE(16, 16), TL_ORDER(1, 1));
    tl_store(p, tl_load(p));
}

/* a dimension checked twice */
static void err_block_ptr_duplicate_check(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));

    tl_value p = tl_make_block_ptr(x, TL_LIST(M, M), TL_LIST(M, 1), TL_LIST(0, 0), TL_SHAPE(16, 16), TL_ORDER(1, 0));
    tl_store(p, tl_load(p, .boundary_check = TL_DIMS(1, 1)));
}

/* boundary_check needs a block pointer */
static void err_boundary_check_plain_pointer(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_store(tl_addptr(o, i), tl_load(tl_addptr(x, i), .boundary_check = TL_DIMS(0)));
}

/* ============================================================================================ */
/* Positional arguments and chains (issue 29) */

/* a positional mask and other (FlagGems' form), the pointer made before the mask; a keyword
 * evaluated before both */
static void positional_mask_load_store(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i), tl_lt(i, n));
    tl_value b = tl_load(tl_addptr(x, i), tl_lt(i, n), tl_lit(0.0));
    tl_value c = tl_load(tl_addptr(x, i), tl_lt(i, n), .other = tl_mul(a, 2));
    tl_store(tl_addptr(o, i), tl_add(b, c), tl_lt(i, n));
}

/* a positional mask of an atomic, beside keywords */
static void positional_mask_atomic(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_atomic_add(tl_addptr(o, i), tl_load(tl_addptr(x, i)), tl_lt(i, n));
    tl_atomic_xchg(tl_addptr(o, i), 1.0, tl_lt(i, n), .sem = TL_SEM_RELAXED);
}

/* ptr + a + b is (ptr + a) + b: two addptr, the first made before b; ptr + (a + b) adds first */
static void addptr_chain(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(builder, 0);
    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, tl_mul(pid, n), tl_add(i, 1)));
    tl_value b = tl_load(tl_addptr(x, tl_add(tl_mul(pid, n), i)));
    tl_value d = tl_sub(i, n, tl_mul(2, i));
    tl_value y = tl_mul(a, tl_exp(b), 3.0);
    tl_value m = tl_and(tl_lt(i, n), tl_gt(d, 0), tl_ne(y, 0.0));
    tl_store(tl_addptr(o, pid, i), y, m);
}

static const memory_case cases[] = {
    {"atomic_add_f32", atomic_add_f32, false},
    {"atomic_add_mask_relaxed_cta", atomic_add_mask_relaxed_cta, false},
    {"atomic_add_scalar_int", atomic_add_scalar_int, false},
    {"atomic_add_cast_broadcast", atomic_add_cast_broadcast, false},
    {"atomic_add_half", atomic_add_half, false},
    {"atomic_max_min_int", atomic_max_min_int, false},
    {"atomic_max_f32", atomic_max_f32, false},
    {"atomic_min_f32_masked", atomic_min_f32_masked, false},
    {"atomic_max_f64_scalar", atomic_max_f64_scalar, false},
    {"atomic_min_f64_literal", atomic_min_f64_literal, false},
    {"atomic_bitwise_xchg", atomic_bitwise_xchg, false},
    {"atomic_cas_forms", atomic_cas_forms, false},
    {"err_atomic_max_fp16", err_atomic_max_fp16, true},
    {"err_atomic_add_int8", err_atomic_add_int8, true},
    {"err_atomic_cas_int8", err_atomic_cas_int8, true},
    {"err_atomic_scalar_ptr_tensor_value", err_atomic_scalar_ptr_tensor_value, true},
    {"err_atomic_cas_scalar_cmp", err_atomic_cas_scalar_cmp, true},
    {"descriptor_load_store", descriptor_load_store, false},
    {"descriptor_int_signedness", descriptor_int_signedness, false},
    {"descriptor_reductions", descriptor_reductions, false},
    {"descriptor_padding_nan", descriptor_padding_nan, false},
    {"descriptor_store_cast", descriptor_store_cast, false},
    {"descriptor_gather_scatter", descriptor_gather_scatter, false},
    {"err_descriptor_bytes", err_descriptor_bytes, true},
    {"err_descriptor_last_stride", err_descriptor_last_stride, true},
    {"err_descriptor_nan_int", err_descriptor_nan_int, true},
    {"err_descriptor_offsets", err_descriptor_offsets, true},
    {"err_descriptor_min_f32", err_descriptor_min_f32, true},
    {"err_descriptor_gather_rows", err_descriptor_gather_rows, true},
    {"block_ptr_load_store", block_ptr_load_store, false},
    {"block_ptr_advance_types", block_ptr_advance_types, false},
    {"block_ptr_bool", block_ptr_bool, false},
    {"err_block_ptr_mask", err_block_ptr_mask, true},
    {"err_block_ptr_nan_int", err_block_ptr_nan_int, true},
    {"err_block_ptr_store_type", err_block_ptr_store_type, true},
    {"err_block_ptr_order", err_block_ptr_order, true},
    {"err_block_ptr_duplicate_check", err_block_ptr_duplicate_check, true},
    {"err_boundary_check_plain_pointer", err_boundary_check_plain_pointer, true},
    {"positional_mask_load_store", positional_mask_load_store, false},
    {"positional_mask_atomic", positional_mask_atomic, false},
    {"addptr_chain", addptr_chain, false},
};

enum { N_CASES = (int)(sizeof cases / sizeof cases[0]) };

int main(int argc, char **argv)
{
    return gpu_cases_main("memory_cases", cases, N_CASES, argc, argv);
}
