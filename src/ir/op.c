/* Operations, blocks and regions: creation, linking and accessors. */
#include <string.h>

#include "ir/inline.h"
#include "ir/internal.h"

/* Takes n elements of elem bytes off the front of *mem; NULL when n is 0. */
static void *carve(unsigned char **mem, int n, size_t elem)
{
    if (n <= 0)
        return NULL;
    void *p = *mem;
    *mem += elem * (size_t)n;
    return p;
}

_Static_assert(sizeof(void *) != 8 || sizeof(tcir_op) == 96, "tcir_op: 96 bytes on 64-bit targets (internal.h)");
_Static_assert(TCIR_OPC_COUNT <= 65536, "tcir_op keeps the opcode in 16 bits");

tcir_op *tcir_op_create(tcir_context *ctx, const tcir_op_state *st)
{
    if (st->nregions < 0 || st->nregions > TCIR_MAX_REGIONS || st->nsuccessors < 0 ||
        st->nsuccessors > TCIR_MAX_SUCCESSORS || st->noperands < 0 || st->nresults < 0 || st->nattrs < 0)
        return NULL; /* (ir.h: the caller checks its counts) */
    /* One allocation holds the op and its arrays (every element type is pointer-aligned):
     * creating ops is most of building a kernel, and one arena call beats five. The regions,
     * operands and successors come first, where the accessors compute them (internal.h). */
    size_t size = sizeof(tcir_op) + sizeof(tcir_region) * (size_t)st->nregions +
        sizeof(tcir_value *) * (size_t)st->noperands + sizeof(tcir_block *) * (size_t)st->nsuccessors +
        sizeof(tcir_named_attr) * (size_t)st->nattrs + sizeof(tcir_value) * (size_t)st->nresults;
    /* Not cleared: every field and every array element is written below (the op's arrays
     * are most of its bytes, and writing them twice was a tenth of creating it). */
    unsigned char *mem = ir_alloc_raw(ctx, size);
    if (!mem)
        return NULL; /* out of memory and of reserve */
    tcir_op *op = (tcir_op *)mem;
    mem += sizeof *op;
    int opcode;
    const char *name = ir_intern_op_name(ctx, st->name, &opcode);
    uint32_t serial = ir_next_serial(ctx);
    const char *file = ir_intern(ctx, st->loc.file);
    *op = (tcir_op){
        .name = name,
        .serial = serial,
        .opcode = (uint16_t)opcode,
        .nregions = (uint8_t)st->nregions,
        .nsuccessors = (uint8_t)st->nsuccessors,
        .noperands = st->noperands,
        .nresults = st->nresults,
        /* Room for the given attributes; tcir_op_set_attr grows the array if more come later. */
        .attrs_cap = st->nattrs > 0 ? st->nattrs : 0,
        .loc = {file, st->loc.line, st->loc.col},
    };
    tcir_region *regions = carve(&mem, st->nregions, sizeof(tcir_region));
    for (int i = 0; i < st->nregions; i++)
        regions[i] = (tcir_region){.parent = op};
    tcir_value **operands = carve(&mem, st->noperands, sizeof(tcir_value *));
    if (st->noperands)
        memcpy(operands, st->operands, sizeof(tcir_value *) * (size_t)st->noperands);
    tcir_block **successors = carve(&mem, st->nsuccessors, sizeof(tcir_block *));
    if (st->nsuccessors)
        memcpy(successors, st->successors, sizeof(tcir_block *) * (size_t)st->nsuccessors);
    op->attrs = carve(&mem, st->nattrs, sizeof(tcir_named_attr));
    for (int i = 0; i < st->nattrs; i++)
        tcir_op_set_attr(ctx, op, st->attrs[i].name, st->attrs[i].attr, st->attrs[i].inherent);
    op->results = carve(&mem, st->nresults, sizeof(tcir_value));
    for (int i = 0; i < st->nresults; i++) {
        op->results[i].type = st->result_types[i];
        op->results[i].def = op;
        op->results[i].index = i;
        op->results[i].serial = ir_next_serial(ctx);
    }
    return op;
}

const char *(tcir_op_name)(const tcir_op *op) { return ir_op_name(op); }
int(tcir_op_opcode)(const tcir_op *op) { return ir_op_opcode(op); }
void *(tcir_op_aux)(const tcir_op *op) { return ir_op_aux(op); }
uint32_t(tcir_op_serial)(const tcir_op *op) { return ir_op_serial(op); }
uint32_t(tcir_block_serial)(const tcir_block *b) { return ir_block_serial(b); }
int32_t(tcir_block_mark)(const tcir_block *b) { return ir_block_mark(b); }
void(tcir_block_set_mark)(tcir_block *b, int32_t mark) { ir_block_set_mark(b, mark); }
uint32_t(tcir_value_serial)(const tcir_value *v) { return ir_value_serial(v); }

void(tcir_op_set_aux)(tcir_op *op, void *aux) { ir_op_set_aux(op, aux); }

void tcir_op_detach(tcir_op *op)
{
    tcir_block *b = op->block;
    if (!b)
        return;
    if (op->prev)
        op->prev->next = op->next;
    else
        b->first = op->next;
    if (op->next)
        op->next->prev = op->prev;
    else
        b->last = op->prev;
    op->prev = op->next = NULL;
    op->block = NULL;
}
tcir_loc(tcir_op_loc)(const tcir_op *op) { return ir_op_loc(op); }
void tcir_op_set_loc(tcir_op *op, tcir_loc loc) { op->loc = loc; }
int(tcir_op_noperands)(const tcir_op *op) { return ir_op_noperands(op); }
tcir_value *(tcir_op_operand)(const tcir_op *op, int i) { return ir_op_operand(op, i); }
void tcir_op_set_operand(tcir_op *op, int i, tcir_value *v) { ir_op_operands(op)[i] = v; }
int(tcir_op_nresults)(const tcir_op *op) { return ir_op_nresults(op); }
tcir_value *(tcir_op_result)(tcir_op *op, int i) { return ir_op_result(op, i); }
int(tcir_op_nattrs)(const tcir_op *op) { return ir_op_nattrs(op); }
const tcir_named_attr *(tcir_op_attr_at)(const tcir_op *op, int i) { return ir_op_attr_at(op, i); }
int(tcir_op_nregions)(const tcir_op *op) { return ir_op_nregions(op); }
tcir_region *(tcir_op_region)(tcir_op *op, int i) { return ir_op_region(op, i); }
int(tcir_op_nsuccessors)(const tcir_op *op) { return ir_op_nsuccessors(op); }
tcir_block *(tcir_op_successor)(const tcir_op *op, int i) { return ir_op_successor(op, i); }
tcir_block *(tcir_op_block)(const tcir_op *op) { return ir_op_block(op); }
tcir_op *(tcir_op_next)(const tcir_op *op) { return ir_op_next(op); }
tcir_op *(tcir_op_prev)(const tcir_op *op) { return ir_op_prev(op); }

tcir_op *tcir_op_parent_op(const tcir_op *op)
{
    return op->block && op->block->region ? op->block->region->parent : NULL;
}

const tcir_attr *tcir_op_attr(const tcir_op *op, const char *name)
{
    /* Callers look up by literal (not interned) names: the first byte settles most misses. */
    for (int i = 0; i < op->nattrs; i++)
        if (op->attrs[i].name[0] == name[0] && strcmp(op->attrs[i].name, name) == 0)
            return op->attrs[i].attr;
    return NULL;
}

void tcir_op_set_attr(tcir_context *ctx, tcir_op *op, const char *name, const tcir_attr *a, bool inherent)
{
    name = ir_intern(ctx, name); /* attribute names are interned: compare pointers */
    for (int i = 0; i < op->nattrs; i++) {
        if (op->attrs[i].name == name) {
            op->attrs[i].attr = a;
            op->attrs[i].inherent = inherent;
            return;
        }
    }
    if (op->nattrs == op->attrs_cap) {
        int cap = op->attrs_cap ? op->attrs_cap * 2 : 4;
        tcir_named_attr *grown = ir_alloc_raw(ctx, sizeof(*grown) * (size_t)cap);
        if (!grown)
            return; /* out of memory: the attribute is not set */
        if (op->nattrs)
            memcpy(grown, op->attrs, sizeof(*grown) * (size_t)op->nattrs);
        op->attrs = grown;
        op->attrs_cap = cap;
    }
    op->attrs[op->nattrs++] = (tcir_named_attr){name, a, inherent};
}

/* ---- values ------------------------------------------------------------------------ */

const tcir_type *(tcir_value_type)(const tcir_value *v) { return ir_value_type(v); }
tcir_op *(tcir_value_def)(const tcir_value *v) { return ir_value_def(v); }
bool(tcir_value_is_arg)(const tcir_value *v) { return ir_value_is_arg(v); }
int(tcir_value_index)(const tcir_value *v) { return ir_value_index(v); }

tcir_block *(tcir_value_block)(const tcir_value *v) { return ir_value_block(v); }

/* ---- regions and blocks ------------------------------------------------------------ */

tcir_block *tcir_region_add_block(tcir_context *ctx, tcir_region *r)
{
    tcir_block *b = tcir_alloc(ctx, sizeof *b);
    if (!b)
        return NULL;
    b->region = r;
    b->serial = ir_next_serial(ctx);
    if (r->last)
        r->last->next = b;
    else
        r->first = b;
    r->last = b;
    return b;
}

tcir_block *(tcir_region_first_block)(const tcir_region *r) { return ir_region_first_block(r); }
tcir_op *(tcir_region_parent)(const tcir_region *r) { return ir_region_parent(r); }
tcir_block *(tcir_block_next)(const tcir_block *b) { return ir_block_next(b); }
tcir_region *(tcir_block_region)(const tcir_block *b) { return ir_block_region(b); }
int(tcir_block_nargs)(const tcir_block *b) { return ir_block_nargs(b); }
tcir_value *(tcir_block_arg)(const tcir_block *b, int i) { return ir_block_arg(b, i); }
tcir_loc tcir_block_arg_loc(const tcir_block *b, int i) { return ((const ir_arg_value *)b->args[i])->loc; }
tcir_op *(tcir_block_first)(const tcir_block *b) { return ir_block_first(b); }
tcir_op *(tcir_block_last)(const tcir_block *b) { return ir_block_last(b); }

tcir_value *tcir_block_add_arg(tcir_context *ctx, tcir_block *b, const tcir_type *t, tcir_loc loc)
{
    if (b->nargs == b->args_cap) {
        int cap = b->args_cap ? b->args_cap * 2 : 8;
        tcir_value **grown = ir_alloc_raw(ctx, sizeof(*grown) * (size_t)cap);
        if (!grown)
            return NULL;
        if (b->nargs)
            memcpy(grown, b->args, sizeof(*grown) * (size_t)b->nargs);
        b->args = grown;
        b->args_cap = cap;
    }
    ir_arg_value *a = tcir_alloc(ctx, sizeof *a);
    if (!a)
        return NULL;
    a->v.type = t;
    a->v.index = b->nargs;
    a->v.serial = ir_next_serial(ctx);
    a->block = b;
    a->loc = (tcir_loc){ir_intern(ctx, loc.file), loc.line, loc.col};
    b->args[b->nargs++] = &a->v;
    return &a->v;
}

void tcir_block_permute_args(tcir_block *b, const int *order)
{
    tcir_value *old[TCIR_MAX_PERMUTED_ARGS];
    if (!b || !order || b->nargs > TCIR_MAX_PERMUTED_ARGS)
        return;
    memcpy(old, b->args, sizeof(*old) * (size_t)b->nargs);
    for (int i = 0; i < b->nargs; i++) {
        b->args[i] = old[order[i]];
        b->args[i]->index = i;
    }
}

void(tcir_block_insert_before)(tcir_block *b, tcir_op *before, tcir_op *op) { ir_block_insert_before(b, before, op); }

void tcir_block_reorder_front(tcir_block *b, tcir_op *const *ops, int n, tcir_op *after)
{
    if (n <= 0)
        return;
    tcir_op *prev = NULL;
    for (int i = 0; i < n; i++) {
        tcir_op *op = ops[i];
        op->prev = prev;
        if (prev)
            prev->next = op;
        else
            b->first = op;
        prev = op;
    }
    prev->next = after;
    if (after)
        after->prev = prev;
    else
        b->last = prev;
}

void tcir_block_append(tcir_block *b, tcir_op *op) { tcir_block_insert_before(b, NULL, op); }
