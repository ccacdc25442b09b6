/* The IR's field accessors, inlined for the library's own code.
 *
 * include/tritonc/ir.h declares them as functions, so that the IR's structs stay private to
 * users. Called from the builder, the language, the order engine, the printer and the verifier,
 * those one-line functions were a call each - some twenty per op built and printed, a tenth of
 * the cost of emission. Here each becomes a macro of the same name over a static inline body,
 * so the library's calls compile to a load while its text reads as before.
 *
 * The bodies here are the only ones, NULL cases included: the public functions (src/ir/op.c,
 * type.c, attr.c, arena.c) return these, defined under their parenthesized names, which no
 * macro expands. Each macro evaluates its arguments once. Defining TRITONC_NO_INLINE_SHADOWS
 * leaves the macros out, so that the library calls the exported functions: for measuring what
 * they buy only (tests/perf/lto_compare.py; docs/performance.md, "Unity build or LTO"). */
#ifndef TRITONC_IR_INLINE_H
#define TRITONC_IR_INLINE_H

#include <string.h>

#include "base/alloc.h"
#include "ir/internal.h"
#include "ir/registry.h" /* tcir_opcode_flags */

/* ---- the context -------------------------------------------------------------------------- */

static inline bool ir_context_oom(const tcir_context *ctx) { return ctx && ctx->oom; }

#ifndef TRITONC_NO_INLINE_SHADOWS
#define tcir_context_oom(ctx) ir_context_oom(ctx)
#endif

/* ---- the arena ---------------------------------------------------------------------------- */

/* The arena's common case (no allocation hook, room in the current chunk), a few operations
 * inline: an op, a key or a type is allocated per op built, and a call plus a memset of a
 * size unknown to the compiler cost more than the bump. Everything else (a new chunk, the
 * hook, the reserve) goes to the functions of arena.c, which these mirror. */
/* n bytes (a multiple of 16) off chunk c of ctx, which has room for them. */
static inline void *ir_chunk_take(tcir_context *ctx, ir_chunk *c, size_t n)
{
    void *p = c->data + c->used;
    c->used += n;
    ctx->bytes += n;
    return p;
}

static inline void *ir_alloc_fast(tcir_context *ctx, size_t size)
{
    ir_chunk *c = ctx->chunks;
    size_t n = (size + 15) & ~(size_t)15;
    if (size > SIZE_MAX - 15 || !c || ctx->oom || base_alloc_hook_fn || c->size - c->used < n)
        return NULL;
    return ir_chunk_take(ctx, c, n);
}

static inline void *ir_alloc(tcir_context *ctx, size_t size)
{
    void *p = ir_alloc_fast(ctx, size);
    return p ? memset(p, 0, (size + 15) & ~(size_t)15) : (tcir_alloc)(ctx, size);
}

static inline void *ir_alloc_raw_inline(tcir_context *ctx, size_t size)
{
    void *p = ir_alloc_fast(ctx, size);
    return p ? p : (ir_alloc_raw)(ctx, size);
}

#ifndef TRITONC_NO_INLINE_SHADOWS
#define tcir_alloc(ctx, size) ir_alloc(ctx, size)
#define ir_alloc_raw(ctx, size) ir_alloc_raw_inline(ctx, size)
#endif

/* ---- ops ---------------------------------------------------------------------------------- */

static inline const char *ir_op_name(const tcir_op *op) { return op->name; }
static inline int ir_op_opcode(const tcir_op *op) { return op ? op->opcode : TCIR_OPCODE_UNREGISTERED; }
static inline void *ir_op_aux(const tcir_op *op) { return op ? op->aux : NULL; }
static inline uint32_t ir_op_serial(const tcir_op *op) { return op ? op->serial : 0; }
static inline tcir_loc ir_op_loc(const tcir_op *op) { return op->loc; }
static inline int ir_op_noperands(const tcir_op *op) { return op->noperands; }
/* The arrays that follow the op in its allocation (internal.h): regions, then operands, then
 * successors. */
static inline tcir_region *ir_op_regions(const tcir_op *op) { return (tcir_region *)(op + 1); }
static inline tcir_value **ir_op_operands(const tcir_op *op)
{
    return (tcir_value **)(ir_op_regions(op) + op->nregions);
}
static inline tcir_block **ir_op_successors(const tcir_op *op)
{
    return (tcir_block **)(ir_op_operands(op) + op->noperands);
}
static inline tcir_value *ir_op_operand(const tcir_op *op, int i) { return ir_op_operands(op)[i]; }
static inline int ir_op_nresults(const tcir_op *op) { return op->nresults; }
static inline tcir_value *ir_op_result(tcir_op *op, int i) { return &op->results[i]; }
static inline int ir_op_nattrs(const tcir_op *op) { return op->nattrs; }
static inline const tcir_named_attr *ir_op_attr_at(const tcir_op *op, int i) { return &op->attrs[i]; }
static inline int ir_op_nregions(const tcir_op *op) { return op->nregions; }
static inline tcir_region *ir_op_region(tcir_op *op, int i) { return &ir_op_regions(op)[i]; }
static inline int ir_op_nsuccessors(const tcir_op *op) { return op->nsuccessors; }
static inline tcir_block *ir_op_successor(const tcir_op *op, int i) { return ir_op_successors(op)[i]; }
static inline tcir_block *ir_op_block(const tcir_op *op) { return op->block; }
static inline tcir_op *ir_op_next(const tcir_op *op) { return op->next; }
static inline tcir_op *ir_op_prev(const tcir_op *op) { return op->prev; }
static inline void ir_op_set_aux(tcir_op *op, void *aux)
{
    if (op)
        op->aux = aux;
}
/* Links op (in no block) into b before `before` (NULL: at the end): placing an op does it. */
static inline void ir_block_insert_before(tcir_block *b, tcir_op *before, tcir_op *op)
{
    op->block = b;
    op->next = before;
    op->prev = before ? before->prev : b->last;
    if (op->prev)
        op->prev->next = op;
    else
        b->first = op;
    if (before)
        before->prev = op;
    else
        b->last = op;
}

#ifndef TRITONC_NO_INLINE_SHADOWS
#define tcir_op_name(op) ir_op_name(op)
#define tcir_op_opcode(op) ir_op_opcode(op)
#define tcir_op_aux(op) ir_op_aux(op)
#define tcir_op_serial(op) ir_op_serial(op)
#define tcir_op_loc(op) ir_op_loc(op)
#define tcir_op_noperands(op) ir_op_noperands(op)
#define tcir_op_operand(op, i) ir_op_operand(op, i)
#define tcir_op_nresults(op) ir_op_nresults(op)
#define tcir_op_result(op, i) ir_op_result(op, i)
#define tcir_op_nattrs(op) ir_op_nattrs(op)
#define tcir_op_attr_at(op, i) ir_op_attr_at(op, i)
#define tcir_op_nregions(op) ir_op_nregions(op)
#define tcir_op_region(op, i) ir_op_region(op, i)
#define tcir_op_nsuccessors(op) ir_op_nsuccessors(op)
#define tcir_op_successor(op, i) ir_op_successor(op, i)
#define tcir_op_block(op) ir_op_block(op)
#define tcir_op_next(op) ir_op_next(op)
#define tcir_op_prev(op) ir_op_prev(op)
#define tcir_op_set_aux(op, aux) ir_op_set_aux(op, aux)
#define tcir_block_insert_before(b, before, op) ir_block_insert_before(b, before, op)
#endif

/* The passes over a finished kernel (sorting its constants, verifying, numbering, printing)
 * walk op lists whose ops lie far apart in memory on a big kernel: cache misses at every op,
 * each pass. Each op takes long enough to check or print for lines asked ahead to arrive
 * meanwhile, so a walk at op asks for the lines of the op after next, and for what the next op
 * points at (its first attribute and operands; its own lines were asked for one step back, so
 * reading them is a hit); a walk over blocks asks likewise for the block after next and for
 * the next one's first op. Only once a pass has met TCIR_PREFETCH_OPS ops (megabytes of IR,
 * past the caches), so that small kernels pay nothing. Advice only, and none where the
 * compiler has no prefetch. */
enum { TCIR_PREFETCH_OPS = 16 * 1024 };

#if defined(__GNUC__)
#define TCIR_PREFETCH(p) __builtin_prefetch(p)
#else
#define TCIR_PREFETCH(p) ((void)(p))
#endif

static inline void ir_prefetch_op_lines(const tcir_op *op)
{
    const char *at = (const char *)op;
    TCIR_PREFETCH(at);
    TCIR_PREFETCH(at + 64);
    TCIR_PREFETCH(at + sizeof(tcir_op) - 1);
    TCIR_PREFETCH(at + sizeof(tcir_op) + 47); /* its regions, operands and successors follow it */
}

static inline void ir_prefetch_ahead(const tcir_op *op)
{
    const tcir_op *n = op->next;
    if (!n)
        return;
    if (n->nattrs)
        TCIR_PREFETCH(n->attrs[0].attr);
    for (int i = 0; i < n->noperands && i < 2; i++)
        TCIR_PREFETCH(ir_op_operand(n, i));
    if (n->next)
        ir_prefetch_op_lines(n->next);
}

static inline void ir_prefetch_blocks_ahead(const tcir_block *b)
{
    const tcir_block *n = b->next;
    if (!n)
        return;
    if (n->first)
        ir_prefetch_op_lines(n->first);
    if (n->next)
        TCIR_PREFETCH(n->next);
}

/* ---- values, blocks, regions -------------------------------------------------------------- */

static inline const tcir_type *ir_value_type(const tcir_value *v) { return v->type; }
static inline tcir_op *ir_value_def(const tcir_value *v) { return v->def; }
static inline bool ir_value_is_arg(const tcir_value *v) { return v->def == NULL; }
static inline int ir_value_index(const tcir_value *v) { return v->index; }
static inline uint32_t ir_value_serial(const tcir_value *v) { return v ? v->serial : 0; }
static inline tcir_block *ir_value_block(const tcir_value *v)
{
    return v->def ? v->def->block : ((const ir_arg_value *)v)->block;
}

static inline uint32_t ir_block_serial(const tcir_block *b) { return b ? b->serial : 0; }
static inline int32_t ir_block_mark(const tcir_block *b) { return b ? b->mark : 0; }
static inline void ir_block_set_mark(tcir_block *b, int32_t mark)
{
    if (b)
        b->mark = mark;
}
static inline tcir_block *ir_block_next(const tcir_block *b) { return b->next; }
static inline tcir_region *ir_block_region(const tcir_block *b) { return b->region; }
static inline int ir_block_nargs(const tcir_block *b) { return b->nargs; }
static inline tcir_value *ir_block_arg(const tcir_block *b, int i) { return b->args[i]; }
static inline tcir_op *ir_block_first(const tcir_block *b) { return b->first; }
static inline tcir_op *ir_block_last(const tcir_block *b) { return b->last; }
static inline tcir_block *ir_region_first_block(const tcir_region *r) { return r->first; }
static inline tcir_op *ir_region_parent(const tcir_region *r) { return r->parent; }

#ifndef TRITONC_NO_INLINE_SHADOWS
#define tcir_value_type(v) ir_value_type(v)
#define tcir_value_def(v) ir_value_def(v)
#define tcir_value_is_arg(v) ir_value_is_arg(v)
#define tcir_value_index(v) ir_value_index(v)
#define tcir_value_serial(v) ir_value_serial(v)
#define tcir_value_block(v) ir_value_block(v)
#define tcir_block_serial(b) ir_block_serial(b)
#define tcir_block_mark(b) ir_block_mark(b)
#define tcir_block_set_mark(b, mark) ir_block_set_mark(b, mark)
#define tcir_block_next(b) ir_block_next(b)
#define tcir_block_region(b) ir_block_region(b)
#define tcir_block_nargs(b) ir_block_nargs(b)
#define tcir_block_arg(b, i) ir_block_arg(b, i)
#define tcir_block_first(b) ir_block_first(b)
#define tcir_block_last(b) ir_block_last(b)
#define tcir_region_first_block(r) ir_region_first_block(r)
#define tcir_region_parent(r) ir_region_parent(r)
#endif

/* ---- types -------------------------------------------------------------------------------- */

static inline tcir_type_kind ir_type_get_kind(const tcir_type *t) { return t->kind; }
static inline unsigned ir_type_int_width(const tcir_type *t) { return t->kind == TCIR_TYPE_INT ? t->width : 0; }
static inline tcir_float_kind ir_type_float_kind(const tcir_type *t) { return t->fkind; }
static inline unsigned ir_type_float_width(const tcir_type *t) { return t->kind == TCIR_TYPE_FLOAT ? t->width : 0; }
static inline const tcir_type *ir_type_pointee(const tcir_type *t) { return t->kind == TCIR_TYPE_PTR ? t->elem : NULL; }
static inline int ir_type_rank(const tcir_type *t) { return t->kind == TCIR_TYPE_TENSOR ? t->rank : 0; }
static inline const int64_t *ir_type_dims(const tcir_type *t) { return t->kind == TCIR_TYPE_TENSOR ? t->dims : NULL; }
/* 1 for a scalar; a tensor's count is kept by its type (type.c's shape_numel). */
static inline int64_t ir_type_numel(const tcir_type *t) { return t->kind == TCIR_TYPE_TENSOR ? t->numel : 1; }
/* Whether every dimension of a tensor type is at least 1 (true for a scalar). */
static inline bool ir_type_dims_positive(const tcir_type *t) { return t->kind != TCIR_TYPE_TENSOR || t->dims_positive; }
static inline bool ir_type_is_int(const tcir_type *t) { return t->kind == TCIR_TYPE_INT; }
static inline bool ir_type_is_float(const tcir_type *t) { return t->kind == TCIR_TYPE_FLOAT; }
static inline bool ir_type_is_ptr(const tcir_type *t) { return t->kind == TCIR_TYPE_PTR; }
static inline bool ir_type_is_tensor(const tcir_type *t) { return t->kind == TCIR_TYPE_TENSOR; }
static inline const tcir_type *ir_type_elem(const tcir_type *t) { return t->kind == TCIR_TYPE_TENSOR ? t->elem : t; }

#ifndef TRITONC_NO_INLINE_SHADOWS
#define tcir_type_get_kind(t) ir_type_get_kind(t)
#define tcir_type_int_width(t) ir_type_int_width(t)
#define tcir_type_float_kind(t) ir_type_float_kind(t)
#define tcir_type_float_width(t) ir_type_float_width(t)
#define tcir_type_pointee(t) ir_type_pointee(t)
#define tcir_type_rank(t) ir_type_rank(t)
#define tcir_type_dims(t) ir_type_dims(t)
#define tcir_type_is_int(t) ir_type_is_int(t)
#define tcir_type_is_float(t) ir_type_is_float(t)
#define tcir_type_is_ptr(t) ir_type_is_ptr(t)
#define tcir_type_is_tensor(t) ir_type_is_tensor(t)
#define tcir_type_elem(t) ir_type_elem(t)
#endif

/* The scalar types, asked for at every constant and cast: the context's memo inline. */
static inline const tcir_type *ir_type_int(tcir_context *ctx, unsigned width)
{
    const tcir_type *t = width < TCIR_MEMO_INT_WIDTHS ? ctx->int_types[width] : NULL;
    return t ? t : (tcir_type_int)(ctx, width);
}
static inline const tcir_type *ir_type_float(tcir_context *ctx, tcir_float_kind kind)
{
    const tcir_type *t = (unsigned)kind < TCIR_MEMO_FLOAT_KINDS ? ctx->float_types[kind] : NULL;
    return t ? t : (tcir_type_float)(ctx, kind);
}
#ifndef TRITONC_NO_INLINE_SHADOWS
#define tcir_type_int(ctx, width) ir_type_int(ctx, width)
#define tcir_type_float(ctx, kind) ir_type_float(ctx, kind)
#define tcir_type_numel(t) ir_type_numel(t)
#endif

/* ---- attributes --------------------------------------------------------------------------- */

static inline tcir_attr_kind ir_attr_get_kind(const tcir_attr *a) { return a->kind; }
/* The fields kinds share (struct tcir_attr's unions) answer for their own kinds only. */
static inline int64_t ir_attr_int_value(const tcir_attr *a)
{
    return a->kind == TCIR_ATTR_INT || a->kind == TCIR_ATTR_BOOL ? a->i : 0;
}
static inline double ir_attr_float_value(const tcir_attr *a) { return a->kind == TCIR_ATTR_FLOAT ? a->f : 0.0; }
static inline const char *ir_attr_str(const tcir_attr *a) { return a->s; }
static inline const tcir_type *ir_attr_get_type(const tcir_attr *a) { return a->type; }
static inline const tcir_attr *ir_attr_dense_elem(const tcir_attr *a)
{
    return a->kind == TCIR_ATTR_DENSE ? a->elem : NULL;
}
static inline int ir_attr_array_size(const tcir_attr *a) { return a->n; }
static inline int32_t ir_attr_array_i32_at(const tcir_attr *a, int i) { return a->i32s[i]; }

#ifndef TRITONC_NO_INLINE_SHADOWS
#define tcir_attr_get_kind(a) ir_attr_get_kind(a)
#define tcir_attr_int_value(a) ir_attr_int_value(a)
#define tcir_attr_float_value(a) ir_attr_float_value(a)
#define tcir_attr_str(a) ir_attr_str(a)
#define tcir_attr_get_type(a) ir_attr_get_type(a)
#define tcir_attr_dense_elem(a) ir_attr_dense_elem(a)
#define tcir_attr_array_size(a) ir_attr_array_size(a)
#define tcir_attr_array_i32_at(a, i) ir_attr_array_i32_at(a, i)
#endif

#endif
