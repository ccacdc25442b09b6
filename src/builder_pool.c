/* The constant pool: one arith.constant per (type, value), hoisted to the top of the entry
 * block, as the guide's "Constant hoisting and CSE" describes.
 *
 * Their order is the one Triton's make_ttir leaves Python's constants in, so that both
 * sides print the same after it. MLIR's canonicalizer walks the function and moves every
 * constant that is not already in the leading run of constants to the front of the block:
 * constants met later in the walk end up higher. Python's frontend makes its constants where
 * they are used (plus scalar ones that die, but mark where a value was first met), and the
 * bodies of standard-library helpers (tl.cdiv, tl.zeros: `tt.call`s in Python's raw output)
 * are inlined only after that first walk, so their new constants end up above all others.
 * Hence the order kept here, top to bottom:
 *   1. constants met only inside helpers: the latest helper call first, and within one call
 *      in the order the helper made them (checked on the GPU machine with tl.cdiv);
 *   2. the others, by their first meeting in the kernel's code, the latest first.
 * "First meeting" follows the source text (see tl_site), not the order calls ran. */
#include "builder_internal.h"

static bool stamp_before(tl_stamp a, tl_stamp b)
{
    if (a.epoch != b.epoch)
        return a.epoch < b.epoch;
    if (a.scope && a.scope == b.scope && a.seq && b.seq && a.seq != b.seq)
        return a.seq < b.seq;
    return a.counter < b.counter;
}

/* True when constant x belongs above constant y. */
static bool goes_above(const tl_const_entry *x, const tl_const_entry *y)
{
    if (x->caller != y->caller)
        return !x->caller;
    if (!x->caller)
        return x->helper_call != y->helper_call ? x->helper_call > y->helper_call : x->helper_at < y->helper_at;
    return stamp_before(y->caller_at, x->caller_at);
}

static tl_const_entry *find_or_add(tl_builder *b, const tcir_type *type, const tcir_attr *value)
{
    for (int i = 0; i < b->nconsts; i++)
        if (b->consts[i].type == type && tcir_attr_equal(b->consts[i].value, value))
            return &b->consts[i];
    if (b->nconsts == b->consts_cap) {
        int cap = b->consts_cap ? b->consts_cap * 2 : 16;
        tl_const_entry *grown = tcir_alloc(b->ctx, sizeof(*grown) * (size_t)cap);
        for (int i = 0; i < b->nconsts; i++)
            grown[i] = b->consts[i];
        b->consts = grown;
        b->consts_cap = cap;
    }
    tl_const_entry *e = &b->consts[b->nconsts++];
    *e = (tl_const_entry){.type = type, .value = value};
    return e;
}

/* Records a meeting at `site`; true when it changes where the constant belongs. */
static bool meet(tl_builder *b, tl_const_entry *e, tl_site site)
{
    tl_stamp now = {b->epoch, site.scope, site.seq, ++b->stamp_counter};
    if (b->helper_depth > 0) {
        if (e->caller || e->helper)
            return false;
        e->helper = true;
        e->helper_call = b->helper_call;
        e->helper_at = now.counter;
        return true;
    }
    if (e->caller && !stamp_before(now, e->caller_at))
        return false;
    e->caller = true;
    e->caller_at = now;
    return true;
}

static tl_const_entry *entry_of(tl_builder *b, const tcir_op *op)
{
    return &b->consts[tcir_op_order_seq(op)];
}

/* (Re)inserts e's op among the leading constants of the entry block. */
static void position(tl_builder *b, tl_const_entry *e)
{
    if (tcir_op_block(e->op)) {
        tcir_op_detach(e->op);
        b->nconst_ops--;
    }
    tcir_op *at = tcir_block_first(b->entry);
    for (int i = 0; i < b->nconst_ops && !goes_above(e, entry_of(b, at)); i++)
        at = tcir_op_next(at);
    tcir_block_insert_before(b->entry, at, e->op);
    b->nconst_ops++;
}

void tl__pool_note(tl_builder *b, tl_site site, const tcir_type *type, const tcir_attr *value)
{
    if (!value)
        return;
    tl_const_entry *e = find_or_add(b, type, value);
    if (meet(b, e, site) && e->op)
        position(b, e);
}

tcir_value *tl__pool_const(tl_builder *b, tl_site site, const tcir_type *type, const tcir_attr *value)
{
    tl_const_entry *e = find_or_add(b, type, value);
    bool moved = meet(b, e, site);
    if (!e->op) {
        e->op = tcir_op_create(b->ctx, &(tcir_op_state){
                                            .name = "arith.constant",
                                            .loc = {site.file, site.line, 0},
                                            .nresults = 1,
                                            .result_types = &type,
                                            .nattrs = 1,
                                            .attrs = &(tcir_named_attr){"value", value, true},
                                        });
        /* The op remembers its pool entry (constants take no part in source ordering). */
        tcir_op_set_order(e->op, (int)(e - b->consts), NULL, 0);
        moved = true;
    }
    if (moved)
        position(b, e);
    return tcir_op_result(e->op, 0);
}

void tl_builder_helper_begin(tl_builder *b)
{
    if (b && b->helper_depth++ == 0)
        b->helper_call++;
}

void tl_builder_helper_end(tl_builder *b)
{
    if (b && b->helper_depth > 0)
        b->helper_depth--;
}
