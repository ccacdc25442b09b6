/* tritonc/memory.h - atomics, tensor descriptors and block pointers.
 *
 *     t = tl.atomic_add(o + r, a, mask=m, sem="relaxed")
 *         tl_value t = tl_atomic_add(tl_addptr(o, r), a, .mask = m, .sem = TL_SEM_RELAXED);
 *     d = tl.make_tensor_descriptor(x, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
 *         tl_value d = tl_make_tensor_descriptor(x, TL_LIST(M, N), TL_LIST(N, 1), TL_SHAPE(BM, BN));
 *     t = d.load([0, 0])
 *         tl_value t = tl_descriptor_load(d, TL_LIST(0, 0));
 *     d.store([BM, 0], t)
 *         tl_descriptor_store(d, TL_LIST(BM, 0), t);
 *     bp = tl.make_block_ptr(x, shape=(M, N), strides=(N, 1), offsets=(0, 0), block_shape=(BM, BN), order=(1, 0))
 *         tl_value bp = tl_make_block_ptr(x, TL_LIST(M, N), TL_LIST(N, 1), TL_LIST(0, 0), TL_SHAPE(BM, BN),
 *                                         TL_ORDER(1, 0));
 *     u = tl.load(bp, boundary_check=(0, 1), padding_option="zero")
 *         tl_value u = tl_load(bp, .boundary_check = TL_DIMS(0, 1), .padding = TL_PADDING_ZERO);
 *     bp = tl.advance(bp, (BM, 0))
 *         bp = tl_advance(bp, TL_LIST(BM, 0));
 *
 * Loads and stores through a block pointer are tl_load and tl_store (lang.h), with the
 * .boundary_check and .padding keywords; mask and other are errors there, as in Python.
 * tl_make_tensor_descriptor and tl_make_block_ptr order their lists as Python's usual form
 * (base positional, the rest keywords) evaluates them: list expressions written in the call
 * come before the base's.
 * Misuse is an error at the C line of the call, with Python's wording where Python has one.
 *
 * Implemented in src/lang/atomic.c, src/lang/descriptor.c and src/lang/block_ptr.c.
 * src/lang/load_store.c is lang.h's: tl_load, tl_store, tl_addptr.
 */
#ifndef TRITONC_MEMORY_H
#define TRITONC_MEMORY_H

#include "tritonc/control.h"
#include "tritonc/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- lists ------------------------------------------------------------------------------- */

/* A list of values or C numbers (each through tl_lit), 1 to 8 of them: the shape, strides and
 * offsets of descriptors and block pointers. TL_LIST(M, N), TL_LIST(N, 1), TL_LIST(0, 0). */
#define TL_LIST(...)                                                                                                   \
    (TLX_LIT(tl_values){TLX_NLIST(__VA_ARGS__),                                                                        \
                        TLX_ARRAY(tl_value, TLX_CAT(TLX_LITS_, TLX_NLIST(__VA_ARGS__))(__VA_ARGS__))})
/* The order of a block pointer's dimensions, and the dimensions a load or store checks:
 * lists of C integers, as TL_SHAPE holds them. */
#define TL_ORDER(...) TL_SHAPE(__VA_ARGS__)
#define TL_DIMS(...) TL_SHAPE(__VA_ARGS__)

/* ---- atomics ----------------------------------------------------------------------------- */

/* sem= and scope=; 0 is Python's default (acq_rel, gpu). */
typedef enum tl_sem { TL_SEM_ACQ_REL = 0, TL_SEM_ACQUIRE, TL_SEM_RELEASE, TL_SEM_RELAXED } tl_sem;
typedef enum tl_mem_scope { TL_SCOPE_GPU = 0, TL_SCOPE_CTA, TL_SCOPE_SYS } tl_mem_scope;

/* The read-modify-write atomics of triton.language, by their Python names. */
typedef enum tl_atomic_op {
    TL_ATOMIC_ADD, /* tl.atomic_add: add (integers), fadd (floats) */
    TL_ATOMIC_MAX, /* tl.atomic_max: max / umax; float32 and float64 through two integer atomics */
    TL_ATOMIC_MIN, /* tl.atomic_min */
    TL_ATOMIC_AND, /* tl.atomic_and */
    TL_ATOMIC_OR, /* tl.atomic_or */
    TL_ATOMIC_XOR, /* tl.atomic_xor */
    TL_ATOMIC_XCHG /* tl.atomic_xchg */
} tl_atomic_op;

typedef struct tl_atomic_args {
    /* Python's positional mask, tl_atomic_add(ptr, val, mask), filled by position only (.mask
     * below is the keyword; both is an error). A fourth positional argument (Python's sem)
     * does not compile: name it. */
    tl_value mask_positional;
    TLX_NO_MORE_POSITIONAL;
    tl_value ptr; /* positional: a pointer or a tensor of pointers */
    tl_value val; /* positional: broadcast to the pointer's shape, cast to its element type */
    tl_value mask; /* optional: i1, broadcast to the pointer's shape (all true when absent) */
    tl_sem sem;
    tl_mem_scope scope;
} tl_atomic_args;
/* Returns the values memory held before the operation. fp16 and bf16 only add; elements
 * narrower than 16 bits and int16 are rejected, as in Python. */
TRITONC_API tl_value tl_atomic_rmw_at(tl_site s, tl_atomic_op op, tl_atomic_args a);

/* tl_atomic_add(ptr, val[, .mask = m][, .sem = TL_SEM_RELAXED][, .scope = TL_SCOPE_CTA]), and so on;
 * tl_atomic_add(ptr, val, mask[, .sem = ...]) is Python's tl.atomic_add(ptr, val, mask).
 * Keywords come first in the expansion: Triton evaluates keyword arguments first. */
#define tl_atomic_add(...) TLX_CAT(tlx_atomic_, TLX_KW2(__VA_ARGS__))("tl_atomic_add", TL_ATOMIC_ADD, __VA_ARGS__)
#define tl_atomic_max(...) TLX_CAT(tlx_atomic_, TLX_KW2(__VA_ARGS__))("tl_atomic_max", TL_ATOMIC_MAX, __VA_ARGS__)
#define tl_atomic_min(...) TLX_CAT(tlx_atomic_, TLX_KW2(__VA_ARGS__))("tl_atomic_min", TL_ATOMIC_MIN, __VA_ARGS__)
#define tl_atomic_and(...) TLX_CAT(tlx_atomic_, TLX_KW2(__VA_ARGS__))("tl_atomic_and", TL_ATOMIC_AND, __VA_ARGS__)
#define tl_atomic_or(...) TLX_CAT(tlx_atomic_, TLX_KW2(__VA_ARGS__))("tl_atomic_or", TL_ATOMIC_OR, __VA_ARGS__)
#define tl_atomic_xor(...) TLX_CAT(tlx_atomic_, TLX_KW2(__VA_ARGS__))("tl_atomic_xor", TL_ATOMIC_XOR, __VA_ARGS__)
#define tl_atomic_xchg(...) TLX_CAT(tlx_atomic_, TLX_KW2(__VA_ARGS__))("tl_atomic_xchg", TL_ATOMIC_XCHG, __VA_ARGS__)
#define tlx_atomic_P(fn, op, p, v)                                                                                     \
    tl_atomic_rmw_at(TL_SITE(fn), (op), TLX_LIT(tl_atomic_args){.ptr = (p), .val = tl_lit(v)})
#ifdef __cplusplus
#define tlx_atomic_K(fn, op, p, v, ...)                                                                                \
    tl_atomic_rmw_at(TL_SITE(fn), (op), tlx_atomic_args({tl_atomic_args{__VA_ARGS__}, (p), tl_lit(v)}))
#else
#define tlx_atomic_K(fn, op, p, v, ...)                                                                                \
    tl_atomic_rmw_at(TL_SITE(fn), (op), TLX_LIT(tl_atomic_args){__VA_ARGS__, .ptr = (p), .val = tl_lit(v)})
#endif

typedef struct tl_atomic_cas_args {
    TLX_NO_MORE_POSITIONAL; /* a fourth positional argument (Python's sem) does not compile */
    tl_value ptr; /* positional */
    tl_value cmp; /* positional: the value expected; shaped and typed as the pointer's elements */
    tl_value val; /* positional: the value stored when memory equals cmp; likewise */
    tl_sem sem;
    tl_mem_scope scope;
} tl_atomic_cas_args;
/* tl.atomic_cas: elements of 16, 32 or 64 bits. Python neither casts nor broadcasts cmp and
 * val (numbers become int32 or float32 scalars): a type other than the pointer's elements
 * (shaped like it) is an error here. Returns the old values. */
TRITONC_API tl_value tl_atomic_cas_at(tl_site s, tl_atomic_cas_args a);
/* tl_atomic_cas(ptr, cmp, val[, .sem = ...][, .scope = ...]) */
#define tl_atomic_cas(...) TLX_CAT(tlx_atomic_cas_, TLX_KW3(__VA_ARGS__))(__VA_ARGS__)
#define tlx_atomic_cas_P(p, c, v)                                                                                      \
    tl_atomic_cas_at(TL_SITE("tl_atomic_cas"),                                                                         \
                     TLX_LIT(tl_atomic_cas_args){.ptr = (p), .cmp = tl_lit(c), .val = tl_lit(v)})
#ifdef __cplusplus
#define tlx_atomic_cas_K(p, c, v, ...)                                                                                 \
    tl_atomic_cas_at(TL_SITE("tl_atomic_cas"),                                                                         \
                     tlx_atomic_cas_args({tl_atomic_cas_args{__VA_ARGS__}, (p), tl_lit(c), tl_lit(v)}))
} /* extern "C" */
/* C++: keywords first, then the positional values, as tl_load does (lang.h). */
struct tlx_atomic_kw {
    tl_atomic_args a;
    tl_value ptr, val;
};
inline tl_atomic_args tlx_atomic_args(tlx_atomic_kw k)
{
    k.a.ptr = k.ptr;
    k.a.val = k.val;
    return k.a;
}
struct tlx_atomic_cas_kw {
    tl_atomic_cas_args a;
    tl_value ptr, cmp, val;
};
inline tl_atomic_cas_args tlx_atomic_cas_args(tlx_atomic_cas_kw k)
{
    k.a.ptr = k.ptr;
    k.a.cmp = k.cmp;
    k.a.val = k.val;
    return k.a;
}
extern "C" {
#else
#define tlx_atomic_cas_K(p, c, v, ...)                                                                                 \
    tl_atomic_cas_at(TL_SITE("tl_atomic_cas"),                                                                         \
                     TLX_LIT(tl_atomic_cas_args){__VA_ARGS__, .ptr = (p), .cmp = tl_lit(c), .val = tl_lit(v)})
#endif

/* ---- tensor descriptors -------------------------------------------------------------------- */

typedef struct tl_descriptor_opts {
    tl_padding padding_option; /* what loads read out of bounds: "zero" (the default) or "nan" */
} tl_descriptor_opts;
/* tl.make_tensor_descriptor(base, shape, strides, block_shape[, padding_option]): a value of
 * type !tt.tensordesc<tensor<block_shape x element>>. 1 to 5 dimensions; shape entries become
 * int32 and strides int64 (values are cast, numbers are constants); the last stride must be
 * the number 1 and the last block dimension at least 16 bytes. */
TRITONC_API tl_value tl_make_tensor_descriptor_at(tl_site s, tl_value base, tl_values shape, tl_values strides,
                                                  tl_shape block_shape, tl_descriptor_opts o);
#define tl_make_tensor_descriptor(...) TLX_CAT(tlx_make_tensor_descriptor_, TLX_KW4(__VA_ARGS__))(__VA_ARGS__)
#define tlx_make_tensor_descriptor_P(base, shape, strides, block)                                                      \
    tl_make_tensor_descriptor_at(TL_SITE("tl_make_tensor_descriptor"), (base), (shape), (strides), (block),            \
                                 TLX_LIT(tl_descriptor_opts){.padding_option = TL_PADDING_DEFAULT})
#define tlx_make_tensor_descriptor_K(base, shape, strides, block, ...)                                                 \
    tl_make_tensor_descriptor_at(TL_SITE("tl_make_tensor_descriptor"), (base), (shape), (strides), (block),            \
                                 TLX_LIT(tl_descriptor_opts){__VA_ARGS__})

/* desc.load(offsets) / tl.load_tensor_descriptor(desc, offsets): a block at the offsets (one
 * int32 per dimension; numbers or int32 scalars). */
TRITONC_API tl_value tl_descriptor_load_at(tl_site s, tl_value desc, tl_values offsets);
#define tl_descriptor_load(desc, offsets) tl_descriptor_load_at(TL_SITE("tl_descriptor_load"), (desc), (offsets))
#define tl_load_tensor_descriptor(desc, offsets)                                                                       \
    tl_descriptor_load_at(TL_SITE("tl_load_tensor_descriptor"), (desc), (offsets))

/* desc.store(offsets, value) / tl.store_tensor_descriptor(desc, offsets, value): value is a
 * tensor of the block's shape, cast to the descriptor's element type. False after an error. */
TRITONC_API bool tl_descriptor_store_at(tl_site s, tl_value desc, tl_values offsets, tl_value value);
#define tl_descriptor_store(desc, offsets, value)                                                                      \
    tl_descriptor_store_at(TL_SITE("tl_descriptor_store"), (desc), (offsets), (value))
#define tl_store_tensor_descriptor(desc, offsets, value)                                                               \
    tl_descriptor_store_at(TL_SITE("tl_store_tensor_descriptor"), (desc), (offsets), (value))

/* desc.atomic_add(offsets, value) and the other reductions (tt.descriptor_reduce): value is a
 * tensor of the block's shape and element type; each kind takes the element types Python does. */
typedef enum tl_descriptor_reduce_kind {
    TL_DESC_ADD,
    TL_DESC_MIN,
    TL_DESC_MAX,
    TL_DESC_AND,
    TL_DESC_OR,
    TL_DESC_XOR
} tl_descriptor_reduce_kind;
TRITONC_API bool tl_descriptor_reduce_at(tl_site s, tl_descriptor_reduce_kind kind, tl_value desc, tl_values offsets,
                                         tl_value value);
#define tl_descriptor_atomic_add(d, offsets, v)                                                                        \
    tl_descriptor_reduce_at(TL_SITE("tl_descriptor_atomic_add"), TL_DESC_ADD, (d), (offsets), (v))
#define tl_descriptor_atomic_min(d, offsets, v)                                                                        \
    tl_descriptor_reduce_at(TL_SITE("tl_descriptor_atomic_min"), TL_DESC_MIN, (d), (offsets), (v))
#define tl_descriptor_atomic_max(d, offsets, v)                                                                        \
    tl_descriptor_reduce_at(TL_SITE("tl_descriptor_atomic_max"), TL_DESC_MAX, (d), (offsets), (v))
#define tl_descriptor_atomic_and(d, offsets, v)                                                                        \
    tl_descriptor_reduce_at(TL_SITE("tl_descriptor_atomic_and"), TL_DESC_AND, (d), (offsets), (v))
#define tl_descriptor_atomic_or(d, offsets, v)                                                                         \
    tl_descriptor_reduce_at(TL_SITE("tl_descriptor_atomic_or"), TL_DESC_OR, (d), (offsets), (v))
#define tl_descriptor_atomic_xor(d, offsets, v)                                                                        \
    tl_descriptor_reduce_at(TL_SITE("tl_descriptor_atomic_xor"), TL_DESC_XOR, (d), (offsets), (v))

/* desc.gather(x_offsets, y_offset): rows x_offsets (a 1-D int32 tensor of at least 8) from
 * column y_offset of a 2-D descriptor whose block has one row; a tensor<len(x) x block[1]>. */
TRITONC_API tl_value tl_descriptor_gather_at(tl_site s, tl_value desc, tl_value x_offsets, tl_value y_offset);
#define tl_descriptor_gather(desc, x_offsets, y_offset)                                                                \
    tl_descriptor_gather_at(TL_SITE("tl_descriptor_gather"), (desc), (x_offsets), tl_lit(y_offset))
/* desc.scatter(value, x_offsets, y_offset): the inverse; value is not cast. */
TRITONC_API bool tl_descriptor_scatter_at(tl_site s, tl_value desc, tl_value value, tl_value x_offsets,
                                          tl_value y_offset);
#define tl_descriptor_scatter(desc, value, x_offsets, y_offset)                                                        \
    tl_descriptor_scatter_at(TL_SITE("tl_descriptor_scatter"), (desc), (value), (x_offsets), tl_lit(y_offset))

/* ---- block pointers ------------------------------------------------------------------------ */

/* tl.make_block_ptr(base, shape, strides, offsets, block_shape, order): a pointer to a block
 * of the parent tensor (!tt.ptr<tensor<block_shape x element>>). shape and strides become
 * int64 (values widened, numbers constants), offsets int32; order is a permutation of the
 * dimensions. A pointer to int1 becomes one to int8. */
TRITONC_API tl_value tl_make_block_ptr_at(tl_site s, tl_value base, tl_values shape, tl_values strides,
                                          tl_values offsets, tl_shape block_shape, tl_shape order);
#define tl_make_block_ptr(base, shape, strides, offsets, block_shape, order)                                           \
    tl_make_block_ptr_at(TL_SITE("tl_make_block_ptr"), (base), (shape), (strides), (offsets), (block_shape), (order))
/* The same call with every argument named, as Python's tl.make_block_ptr(base=..., shape=...,
 * strides=..., offsets=..., block_shape=..., order=...) (the form the fused-attention tutorial
 * and vLLM use): Python then evaluates base first and the lists after it, in the order written,
 * while the positional form above evaluates the keyword lists before base. So
 *     tl.make_block_ptr(base=q + off, shape=(N, D), strides=(sm, sk), offsets=(m * BM, 0), ...)
 *         tl_make_block_ptr_kw(.base = tl_addptr(q, off), .shape = TL_LIST(N, D), .strides = TL_LIST(sm, sk),
 *                              .offsets = TL_LIST(tl_mul(m, BM), 0), .block_shape = ..., .order = ...)
 * puts the tt.addptr before the arith.muli, as Python does (write the call on one line, as any
 * expression whose order matters: docs/order.md). */
typedef struct tl_block_ptr_args {
    tl_value base;
    tl_values shape, strides, offsets;
    tl_shape block_shape, order;
} tl_block_ptr_args;
TRITONC_API tl_value tl_make_block_ptr_kw_at(tl_site s, tl_block_ptr_args a);
#define tl_make_block_ptr_kw(...)                                                                                      \
    tl_make_block_ptr_kw_at(TL_SITE("tl_make_block_ptr"), TLX_LIT(tl_block_ptr_args){__VA_ARGS__})

/* tl.advance(base, offsets): the block pointer moved by int32 offsets, one per dimension. */
TRITONC_API tl_value tl_advance_at(tl_site s, tl_value base, tl_values offsets);
#define tl_advance(base, offsets) tl_advance_at(TL_SITE("tl_advance"), (base), (offsets))

#ifdef __cplusplus
}
#endif
#endif
