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

typedef struct interp_tensor {
    int rc;
    const tcir_type *elem; /* the element type (a scalar's own type) */
    int rank;
    int64_t dims[TCIR_MAX_RANK];
    int64_t n;
    uint64_t d[];
} interp_tensor;

/* Element i of t, or its only element when t has one (a scalar, or a one-element operand that
 * stands for every lane). */
static inline uint64_t interp_lane(const interp_tensor *t, int64_t i) { return t->d[t->n == 1 ? 0 : i]; }

/* ---- tensors (value.c) ------------------------------------------------------------------ */

typedef struct interp_run interp_run;

/* A tensor of type t (its shape and element type), elements zeroed; NULL (error recorded) when
 * memory runs out. */
interp_tensor *interp_new(interp_run *r, const tcir_type *t);
/* The same with an explicit element type and shape. */
interp_tensor *interp_new_shape(interp_run *r, const tcir_type *elem, int rank, const int64_t *dims);
interp_tensor *interp_ref(interp_tensor *t);
void interp_unref(interp_tensor *t);
/* Row-major strides of t's shape. */
void interp_strides(const interp_tensor *t, int64_t *strides);

/* ---- a pointer-keyed map (map.c): IR values and ops to small integers ------------------- */

typedef struct interp_map {
    const void **keys;
    int *vals;
    size_t cap, count;
} interp_map;
bool interp_map_put(interp_map *m, const void *key, int val);
int interp_map_get(const interp_map *m, const void *key); /* -1 when absent */
void interp_map_free(interp_map *m);

/* ---- the interpreter and one run --------------------------------------------------------- */

typedef bool (*interp_handler)(interp_run *r, tcir_op *op);

typedef struct interp_buffer {
    unsigned char *base;
    size_t extent;
    bool bound;
    bool is_ptr; /* the argument is a pointer */
    bool is_desc; /* a host tensor descriptor (its buffer is base, extent; desc its value) */
    int part_of; /* the shape or a stride of descriptor argument part_of (-1: none) */
    uint64_t scalar; /* a scalar argument's bits */
    uint64_t desc[2 + 2 * 5]; /* a descriptor's value but its base: as tt.make_tensor_descriptor's */
} interp_buffer;

/* Whether argument b holds a buffer that pointers may point into: a pointer's, a descriptor's. */
static inline bool interp_has_buffer(const interp_buffer *b) { return b->is_ptr || b->is_desc; }

struct tc_interp {
    tcir_op *func;
    int nargs;
    interp_buffer *args; /* one per argument; pointer or descriptor argument i is buffer i + 1 */
    unsigned grid[3];
    FILE *print;
    uint64_t step_limit; /* 0: none */
    interp_map ids; /* IR value -> slot */
    int nslots;
    base_error error; /* the first error (through the one error module, src/base/error.c) */
};

typedef enum interp_flow { TI_FLOW_NEXT = 0, TI_FLOW_TERM, TI_FLOW_ERROR } interp_flow;

struct interp_run {
    tc_interp *ip;
    interp_tensor **slots;
    unsigned pid[3];
    tcir_op *term; /* the terminator that ended the last block run */
    uint64_t steps; /* ops run so far */
};

/* The error of op (with its C line) at the current program: sticky, first wins. Returns
 * false for `return interp_fail(...)`. */
bool interp_fail(interp_run *r, tcir_op *op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
bool interp_failv(tc_interp *ip, tcir_op *op, const char *fmt, va_list ap);
/* "tc_interp: out of memory", as sticky as any error; returns false. */
bool interp_oom(interp_run *r);
bool interp_interp_oom(tc_interp *ip);

/* The tensor of an IR value (NULL: not computed yet, an error). Borrowed. */
interp_tensor *interp_get(interp_run *r, tcir_value *v);
/* Gives the slot of v the tensor t (its reference is taken over; NULL is a no-op false). */
bool interp_set(interp_run *r, tcir_value *v, interp_tensor *t);
/* Runs a block: binds its arguments (nargs tensors, borrowed) and runs its ops up to its
 * terminator, left in r->term. */
bool interp_run_block(interp_run *r, tcir_block *b, int nargs, interp_tensor *const *args);
/* Runs a region of one block or a CFG of blocks (cf.br, cf.cond_br) until a terminator that
 * is not a branch. */
bool interp_run_region(interp_run *r, tcir_region *reg, int nargs, interp_tensor *const *args);

/* The handler of an opcode (dispatch.c); NULL for an op the interpreter does not run:
 * unregistered, or one of interp_unsupported_why's. */
interp_handler interp_handler_of(int opcode);
/* Why the interpreter does not run the ops of an opcode; NULL for those it runs (and for
 * unregistered opcodes). Every registered opcode has a handler or a reason. */
const char *interp_unsupported_why(int opcode);

/* ---- numbers (float.c, int.c) ------------------------------------------------------------ */

double interp_fdecode(uint64_t bits, const tcir_type *t);
uint64_t interp_fencode(double v, const tcir_type *t, bool rtz);
uint64_t interp_fencode_int(bool neg, uint64_t mag, const tcir_type *t, bool rtz);
unsigned interp_width(const tcir_type *elem); /* bits of an int or float element, 64 for a pointer */
/* v's low w bits, and those bits sign-extended (inline: every lane of every op calls them). */
static inline uint64_t interp_mask(uint64_t v, unsigned w) { return w >= 64 ? v : v & (((uint64_t)1 << w) - 1); }
static inline int64_t interp_sext(uint64_t v, unsigned w)
{
    if (w >= 64)
        return (int64_t)v;
    uint64_t sign = (uint64_t)1 << (w - 1);
    v = interp_mask(v, w);
    return (int64_t)((v ^ sign) - sign);
}

/* Attributes read with defaults. */
int64_t interp_attr_int(const tcir_op *op, const char *name, int64_t dflt);
const char *interp_attr_keyword(const tcir_op *op, const char *name); /* ENUM keyword / STRING */

/* ---- pointers (ptr.c) --------------------------------------------------------------------- */

#define TI_PTR_OFFSET_BITS 48
static inline uint64_t interp_ptr_make(unsigned buf, int64_t offset)
{
    return (uint64_t)buf << TI_PTR_OFFSET_BITS | ((uint64_t)offset & (((uint64_t)1 << TI_PTR_OFFSET_BITS) - 1));
}
static inline unsigned interp_ptr_buf(uint64_t p) { return (unsigned)(p >> TI_PTR_OFFSET_BITS); }
static inline int64_t interp_ptr_offset(uint64_t p) { return interp_sext(p, TI_PTR_OFFSET_BITS); }
/* Bytes an element of type t takes in memory (a pointer: 8, an i1: 1). */
size_t interp_elem_bytes(const tcir_type *t);

/* Loads the lanes of ptrs (element pointers; mask NULL: all) as elem into t: a masked-off lane
 * gives other's element, or fill without one. Stores val's lanes. Both bounds checked
 * (memory.c). Loads and stores through a block pointer p (blockptr.c). */
bool interp_load_into(interp_run *r, tcir_op *op, const interp_tensor *ptrs, const interp_tensor *mask,
                      const tcir_type *elem, const interp_tensor *other, uint64_t fill, interp_tensor *t);
bool interp_store_from(interp_run *r, tcir_op *op, const interp_tensor *ptrs, const interp_tensor *mask,
                       const tcir_type *elem, const interp_tensor *val);
bool interp_block_load(interp_run *r, tcir_op *op, const interp_tensor *p);
bool interp_block_store(interp_run *r, tcir_op *op, const interp_tensor *p, const interp_tensor *val);

/* tt.extern_elementwise of libdevice's integer functions, predicates and conversions
 * (libdevice_int.c): runs op and sets *handled when sym is one of them. */
bool interp_extern_int(interp_run *r, tcir_op *op, const char *sym, bool *handled);
/* The same for its directed-rounding arithmetic and its int-to-float conversions
 * (libdevice_round.c). */
bool interp_extern_round(interp_run *r, tcir_op *op, const char *sym, bool *handled);
/* The same for erfinv, erfcinv, normcdfinv and the Bessel functions (libdevice_special.c). */
bool interp_extern_special(interp_run *r, tcir_op *op, const char *sym, bool *handled);
/* The error of a known libdevice function called with argument types (or a count) it has no
 * form for: false, for `return interp_libdevice_unsupported(...)`. */
bool interp_libdevice_unsupported(interp_run *r, tcir_op *op, const char *sym, int nargs);

/* Op handlers, by family; dispatch.c maps opcodes to them. */
#define TI_HANDLER(fn) bool fn(interp_run *r, tcir_op *op)
TI_HANDLER(interp_op_constant);
TI_HANDLER(interp_op_int_binary);
TI_HANDLER(interp_op_float_binary);
TI_HANDLER(interp_op_float_unary);
TI_HANDLER(interp_op_cmpi);
TI_HANDLER(interp_op_cmpf);
TI_HANDLER(interp_op_select);
TI_HANDLER(interp_op_absi);
TI_HANDLER(interp_op_fma);
TI_HANDLER(interp_op_clampf);
TI_HANDLER(interp_op_extern);
TI_HANDLER(interp_op_cast);
TI_HANDLER(interp_op_bitcast);
TI_HANDLER(interp_op_make_range);
TI_HANDLER(interp_op_splat);
TI_HANDLER(interp_op_broadcast);
TI_HANDLER(interp_op_reshape);
TI_HANDLER(interp_op_trans);
TI_HANDLER(interp_op_join);
TI_HANDLER(interp_op_split);
TI_HANDLER(interp_op_cat);
TI_HANDLER(interp_op_gather);
TI_HANDLER(interp_op_histogram);
TI_HANDLER(interp_op_program_id);
TI_HANDLER(interp_op_addptr);
TI_HANDLER(interp_op_ptr_to_int);
TI_HANDLER(interp_op_int_to_ptr);
TI_HANDLER(interp_op_load);
TI_HANDLER(interp_op_make_tensor_ptr);
TI_HANDLER(interp_op_advance);
TI_HANDLER(interp_op_make_tensor_descriptor);
TI_HANDLER(interp_op_descriptor_load);
TI_HANDLER(interp_op_descriptor_store);
TI_HANDLER(interp_op_descriptor_gather);
TI_HANDLER(interp_op_descriptor_scatter);
TI_HANDLER(interp_op_descriptor_reduce);
TI_HANDLER(interp_op_store);
TI_HANDLER(interp_op_atomic_rmw);
TI_HANDLER(interp_op_atomic_cas);
TI_HANDLER(interp_op_reduce);
TI_HANDLER(interp_op_scan);
TI_HANDLER(interp_op_dot);
TI_HANDLER(interp_op_dot_scaled);
TI_HANDLER(interp_op_for);
TI_HANDLER(interp_op_while);
TI_HANDLER(interp_op_if);
TI_HANDLER(interp_op_print);
TI_HANDLER(interp_op_assert);
TI_HANDLER(interp_op_nop);

#endif
