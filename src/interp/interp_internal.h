/* Private: the interpreter's state, values and op handlers (include/tritonc/interp.h).
 *
 * A value is a tensor (rank 0 for a scalar) of 64-bit elements, each the bit pattern of its
 * IR element type zero-extended: an iN holds its N bits, a float its own format's bits (f16
 * as 16 bits, so bitcasts and NaN payloads are exact), a pointer a buffer number in the top
 * 16 bits and a signed 48-bit byte offset into that buffer below (ptr.c). Tensors are
 * reference-counted and never changed once made, so a value can be shared by the slots of
 * several IR values (a block argument and the yield that fed it). */
#ifndef TRITONC_INTERP_INTERNAL_H
#define TRITONC_INTERP_INTERNAL_H

#include <stdarg.h>

#include "base/error.h"
#include "ir/opcodes.h"
#include "tritonc/interp.h"

typedef struct ti_tensor {
    int rc;
    const tcir_type *elem; /* the element type (a scalar's own type) */
    int rank;
    int64_t dims[TCIR_MAX_RANK];
    int64_t n;
    uint64_t d[];
} ti_tensor;

/* Element i of t, or its only element when t has one (a scalar, or a one-element operand that
 * stands for every lane). */
static inline uint64_t ti_lane(const ti_tensor *t, int64_t i)
{
    return t->d[t->n == 1 ? 0 : i];
}

/* ---- tensors (value.c) ------------------------------------------------------------------ */

typedef struct ti_run ti_run;

/* A tensor of type t (its shape and element type), elements zeroed; NULL (error recorded) when
 * memory runs out. */
ti_tensor *ti_new(ti_run *r, const tcir_type *t);
/* The same with an explicit element type and shape. */
ti_tensor *ti_new_shape(ti_run *r, const tcir_type *elem, int rank, const int64_t *dims);
ti_tensor *ti_ref(ti_tensor *t);
void ti_unref(ti_tensor *t);
/* Row-major strides of t's shape. */
void ti_strides(const ti_tensor *t, int64_t *strides);

/* ---- a pointer-keyed map (map.c): IR values and ops to small integers ------------------- */

typedef struct ti_map {
    const void **keys;
    int *vals;
    size_t cap, count;
} ti_map;
bool ti_map_put(ti_map *m, const void *key, int val);
int ti_map_get(const ti_map *m, const void *key); /* -1 when absent */
void ti_map_free(ti_map *m);

/* ---- the interpreter and one run --------------------------------------------------------- */

typedef bool (*ti_handler)(ti_run *r, tcir_op *op);

typedef struct ti_buffer {
    unsigned char *base;
    size_t extent;
    bool bound;
    bool is_ptr;     /* the argument is a pointer */
    uint64_t scalar; /* a scalar argument's bits */
} ti_buffer;

struct tc_interp {
    tcir_op *func;
    int nargs;
    ti_buffer *args;   /* one per argument; pointer argument i is buffer i + 1 */
    unsigned grid[3];
    FILE *print;
    uint64_t step_limit; /* 0: none */
    ti_map ids;        /* IR value -> slot */
    int nslots;
    tl_error error; /* the first error (through the one error module, src/base/error.c) */
};

typedef enum ti_flow { TI_FLOW_NEXT = 0, TI_FLOW_TERM, TI_FLOW_ERROR } ti_flow;

struct ti_run {
    tc_interp *ip;
    ti_tensor **slots;
    unsigned pid[3];
    tcir_op *term; /* the terminator that ended the last block run */
    uint64_t steps; /* ops run so far */
};

/* The error of op (with its C line) at the current program: sticky, first wins. Returns
 * false for `return ti_fail(...)`. */
bool ti_fail(ti_run *r, tcir_op *op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
bool ti_failv(tc_interp *ip, tcir_op *op, const char *fmt, va_list ap);
/* "tc_interp: out of memory", as sticky as any error; returns false. */
bool ti_oom(ti_run *r);
bool ti_interp_oom(tc_interp *ip);

/* The tensor of an IR value (NULL: not computed yet, an error). Borrowed. */
ti_tensor *ti_get(ti_run *r, tcir_value *v);
/* Gives the slot of v the tensor t (its reference is taken over; NULL is a no-op false). */
bool ti_set(ti_run *r, tcir_value *v, ti_tensor *t);
/* Runs a block: binds its arguments (nargs tensors, borrowed) and runs its ops up to its
 * terminator, left in r->term. */
bool ti_run_block(ti_run *r, tcir_block *b, int nargs, ti_tensor *const *args);
/* Runs a region of one block or a CFG of blocks (cf.br, cf.cond_br) until a terminator that
 * is not a branch. */
bool ti_run_region(ti_run *r, tcir_region *reg, int nargs, ti_tensor *const *args);

/* The handler of an opcode (dispatch.c); NULL for an op the interpreter does not run:
 * unregistered, or one of ti_unsupported_why's. */
ti_handler ti_handler_of(int opcode);
/* Why the interpreter does not run the ops of an opcode; NULL for those it runs (and for
 * unregistered opcodes). Every registered opcode has a handler or a reason. */
const char *ti_unsupported_why(int opcode);

/* ---- numbers (float.c, int.c) ------------------------------------------------------------ */

double ti_fdecode(uint64_t bits, const tcir_type *t);
uint64_t ti_fencode(double v, const tcir_type *t, bool rtz);
uint64_t ti_fencode_int(bool neg, uint64_t mag, const tcir_type *t, bool rtz);
unsigned ti_width(const tcir_type *elem); /* bits of an int or float element, 64 for a pointer */
/* v's low w bits, and those bits sign-extended (inline: every lane of every op calls them). */
static inline uint64_t ti_mask(uint64_t v, unsigned w)
{
    return w >= 64 ? v : v & (((uint64_t)1 << w) - 1);
}
static inline int64_t ti_sext(uint64_t v, unsigned w)
{
    if (w >= 64)
        return (int64_t)v;
    uint64_t sign = (uint64_t)1 << (w - 1);
    v = ti_mask(v, w);
    return (int64_t)((v ^ sign) - sign);
}

/* Attributes read with defaults. */
int64_t ti_attr_int(const tcir_op *op, const char *name, int64_t dflt);
const char *ti_attr_keyword(const tcir_op *op, const char *name); /* ENUM keyword / STRING */

/* ---- pointers (ptr.c) --------------------------------------------------------------------- */

#define TI_PTR_OFFSET_BITS 48
static inline uint64_t ti_ptr_make(unsigned buf, int64_t offset)
{
    return (uint64_t)buf << TI_PTR_OFFSET_BITS | ((uint64_t)offset & (((uint64_t)1 << TI_PTR_OFFSET_BITS) - 1));
}
static inline unsigned ti_ptr_buf(uint64_t p) { return (unsigned)(p >> TI_PTR_OFFSET_BITS); }
static inline int64_t ti_ptr_offset(uint64_t p) { return ti_sext(p, TI_PTR_OFFSET_BITS); }
/* Bytes an element of type t takes in memory (a pointer: 8, an i1: 1). */
size_t ti_elem_bytes(const tcir_type *t);

/* Loads the lanes of ptrs (element pointers; mask NULL: all) as elem into t: a masked-off lane
 * gives other's element, or fill without one. Stores val's lanes. Both bounds checked
 * (memory.c). Loads and stores through a block pointer p (blockptr.c). */
bool ti_load_into(ti_run *r, tcir_op *op, const ti_tensor *ptrs, const ti_tensor *mask, const tcir_type *elem,
                  const ti_tensor *other, uint64_t fill, ti_tensor *t);
bool ti_store_from(ti_run *r, tcir_op *op, const ti_tensor *ptrs, const ti_tensor *mask, const tcir_type *elem,
                   const ti_tensor *val);
bool ti_block_load(ti_run *r, tcir_op *op, const ti_tensor *p);
bool ti_block_store(ti_run *r, tcir_op *op, const ti_tensor *p, const ti_tensor *val);

/* tt.extern_elementwise of libdevice's integer functions, predicates and conversions
 * (libdevice_int.c): runs op and sets *handled when sym is one of them. */
bool ti_extern_int(ti_run *r, tcir_op *op, const char *sym, bool *handled);
/* The same for its directed-rounding arithmetic and its int-to-float conversions
 * (libdevice_round.c). */
bool ti_extern_round(ti_run *r, tcir_op *op, const char *sym, bool *handled);
/* The same for erfinv, erfcinv, normcdfinv and the Bessel functions (libdevice_special.c). */
bool ti_extern_special(ti_run *r, tcir_op *op, const char *sym, bool *handled);
/* The error of a known libdevice function called with argument types (or a count) it has no
 * form for: false, for `return ti_libdevice_unsupported(...)`. */
bool ti_libdevice_unsupported(ti_run *r, tcir_op *op, const char *sym, int nargs);

/* Op handlers, by family; dispatch.c maps opcodes to them. */
#define TI_HANDLER(fn) bool fn(ti_run *r, tcir_op *op)
TI_HANDLER(ti_op_constant);
TI_HANDLER(ti_op_int_binary);
TI_HANDLER(ti_op_float_binary);
TI_HANDLER(ti_op_float_unary);
TI_HANDLER(ti_op_cmpi);
TI_HANDLER(ti_op_cmpf);
TI_HANDLER(ti_op_select);
TI_HANDLER(ti_op_absi);
TI_HANDLER(ti_op_fma);
TI_HANDLER(ti_op_clampf);
TI_HANDLER(ti_op_extern);
TI_HANDLER(ti_op_cast);
TI_HANDLER(ti_op_bitcast);
TI_HANDLER(ti_op_make_range);
TI_HANDLER(ti_op_splat);
TI_HANDLER(ti_op_broadcast);
TI_HANDLER(ti_op_reshape);
TI_HANDLER(ti_op_trans);
TI_HANDLER(ti_op_join);
TI_HANDLER(ti_op_split);
TI_HANDLER(ti_op_cat);
TI_HANDLER(ti_op_gather);
TI_HANDLER(ti_op_histogram);
TI_HANDLER(ti_op_program_id);
TI_HANDLER(ti_op_addptr);
TI_HANDLER(ti_op_ptr_to_int);
TI_HANDLER(ti_op_int_to_ptr);
TI_HANDLER(ti_op_load);
TI_HANDLER(ti_op_make_tensor_ptr);
TI_HANDLER(ti_op_advance);
TI_HANDLER(ti_op_make_tensor_descriptor);
TI_HANDLER(ti_op_descriptor_load);
TI_HANDLER(ti_op_descriptor_store);
TI_HANDLER(ti_op_descriptor_gather);
TI_HANDLER(ti_op_descriptor_scatter);
TI_HANDLER(ti_op_descriptor_reduce);
TI_HANDLER(ti_op_store);
TI_HANDLER(ti_op_atomic_rmw);
TI_HANDLER(ti_op_atomic_cas);
TI_HANDLER(ti_op_reduce);
TI_HANDLER(ti_op_scan);
TI_HANDLER(ti_op_dot);
TI_HANDLER(ti_op_dot_scaled);
TI_HANDLER(ti_op_for);
TI_HANDLER(ti_op_while);
TI_HANDLER(ti_op_if);
TI_HANDLER(ti_op_print);
TI_HANDLER(ti_op_assert);
TI_HANDLER(ti_op_nop);

#endif
