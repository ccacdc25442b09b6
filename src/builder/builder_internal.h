/* Private: the builder's state, shared by src/builder/builder.c (lifetime, values),
 * builder_args.c (arguments, specialization), builder_ops.c (raw ops, the insertion stack),
 * builder_finish.c (tl_finish), builder_error.c (its sticky error), builder_const.c (literals
 * and constants) and the order engine (src/builder/order/, its own state and interface in
 * order_engine.h). */
#ifndef TRITONC_BUILDER_INTERNAL_H
#define TRITONC_BUILDER_INTERNAL_H

#include "builder/dtype_inline.h"
#include "base/error.h"
#include "tritonc/builder.h"
#include "builder/builder_index.h"
#include "ir/inline.h"
#include "ir/registry.h" /* opcodes */
#include "builder/order/order_engine.h"
#include "tritonc/order.h"

typedef struct builder_arg_entry {
    const char *name;
    tl_argspec spec;
    tcir_value *value;
    bool loaded; /* a scalar passed in a buffer (scalars_as_buffers): spec.kind says pointer */
} builder_arg_entry;

enum { TL_CONST_MEMO = 32 };

struct tl_builder {
    tcir_context *ctx;
    tcir_op *module, *func;
    tcir_block *entry;
    /* The blocks being built, entry first: levels[depth - 1] is the current one. Grown by
     * doubling in the arena, up to TL_MAX_NESTING pushed levels. */
    struct builder_level {
        tcir_block *block;
        tl_site pushed_at; /* the call that pushed it (an unclosed scope is reported there) */
        int visible_start; /* where its blocks begin in `visible` */
    } * levels;
    int depth, levels_cap;
    uint32_t values_made; /* tl_value.def_order of the last value made */
    /* Blocks whose values the current insertion point may use: every block of the stack and,
     * per level, the blocks it continued from (tl_set_block), from levels[d].visible_start. */
    tcir_block **visible;
    int nvisible, visible_cap;
    /* Each block's mark (tcir_block_mark) is where it was last put in `visible`, + 1: a block
     * is visible when that index is below nvisible and still holds it, so a lookup costs the
     * same however many blocks early returns left at a level. */
    int visible_last; /* the index of is_visible's last answer from a mark (a hint, checked) */
    /* A table kept outside the arena (the pool's) could not grow: the
     * build goes on, and tl_finish fails with "out of memory". */
    bool out_of_memory;
    tcir_block *exit_block; /* the shared exit of early returns, or NULL */

    builder_arg_entry *args;
    int nargs, args_cap;
    builder_index arg_names; /* argument names -> argument (cap 0: none, arg_index scans) */
    const char *specialize; /* the specialization key (tl_builder_set_specialize) or NULL */
    int ndeclared; /* arguments declared, those the key dropped included */

    order_pool pool; /* the constants (src/builder/order/pool.c) */
    /* builder_const.c: the types and attributes the last constants were made of, direct-mapped
     * by the literal and its dtypes (a kernel uses a few constants again and again). */
    struct builder_const_memo {
        int64_t bits; /* the literal's value bits */
        uint8_t lit; /* tl_lit_kind; TL_LIT_NONE: empty slot */
        bool notes;
        tl_dtype lit_dtype, dtype;
        const tcir_type *shape_like;
        const tcir_type *elem, *own, *type;
        const tcir_attr *scalar, *own_scalar, *value;
    } const_memo[TL_CONST_MEMO];
    order_placer place; /* where new ops go (src/builder/order/place.c) */

    bool finished, locations, generic;
    bool debug; /* Triton's debug option (tl_builder_set_debug) */
    tl_arg_loader arg_loader; /* tl_builder_set_arg_loader: scalars as buffers when set */
    int norder; /* tl_builder_set_arg_order: the signature's order by name */
    const char *const *order;
    base_error error; /* messages cut at TL_ERROR_INLINE - 1 (511) bytes */
    /* The builders alive on this thread (created, neither finished nor destroyed), newest
     * first: a condition that is a C number names no builder (tl_builder_of_thread_at). */
    tl_builder *live_prev, *live_next;
    bool live;
    int dead_consts_from; /* tl_consts_droppable_after: constants from this index on are
                           * droppable at finish (0: none asked) */
};

/* Returns true when b can take another call: not NULL, not in error, not finished
 * (records "use after finish" in the last case). Every call of the API asks, some several
 * times per op: the common answer is inline, the rest (recording the error) in
 * builder_usable_slow (builder_error.c). */
bool builder_usable_slow(tl_builder *b, tl_site site);
static inline bool builder_usable(tl_builder *b, tl_site site)
{
    if (b && !base_error_is_set(&b->error) && !tcir_context_oom(b->ctx) && !b->finished)
        return true;
    return builder_usable_slow(b, site);
}

/* tl_current_block inline, for the builder and the order engine (placing an op asks). */
static inline tcir_block *builder_current_block(const tl_builder *b)
{
    return b && b->levels ? b->levels[b->depth - 1].block : NULL;
}
#ifndef TRITONC_NO_INLINE_SHADOWS
#define tl_current_block(b) builder_current_block(b)
#endif

/* The site's ordering scope (order.h): most sites are of the scope of the one before. */
static inline const void *builder_order_scope(tl_builder *b, tl_site site)
{
    if (site.scope && b->place.last_scope && site.scope == b->place.last_func && site.unit == b->place.last_unit)
        return b->place.last_scope;
    return order_scope_find(b, site);
}

/* Checks a shape against TL_MAX_TENSOR_NUMEL without overflowing (dims positive); false with
 * "<what> shape [a, b] exceeds triton's maximum tensor numel (1048576)" recorded otherwise. */
bool builder_check_numel(tl_builder *b, tl_site site, const char *what, int rank, const int64_t *dims);

/* A value of b wrapping v, with dtype (TL_DTYPE_INVALID: inferred from v's type). */
tl_value builder_wrap(tl_builder *b, tcir_value *v, tl_dtype dtype);

/* Adds blk to the blocks whose values the insertion point may use (builder_ops.c). */
void builder_make_visible(tl_builder *b, tcir_block *blk);
/* Takes b off this thread's list of builders alive (at finish and destroy). */
void builder_live_unlink(tl_builder *b);

/* Reorders the arguments by tl_builder_set_arg_order's names, at tl_finish (builder_args.c);
 * false after recording an error. */
bool builder_apply_arg_order(tl_builder *b, tl_site site);

#endif
