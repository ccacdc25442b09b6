/* The printer's SSA names: every value and block numbered before printing, each value's text
 * ("%12", "%arg3", "%c4_i32") written once, so that printing a use is a lookup.
 *
 * Naming follows MLIR's SSANameState, which is what Triton's str_nodebug() prints:
 * - Ops are numbered region by region: a region's block arguments and results first (%0,
 *   %1, ... across all its blocks), then its nested regions, each starting from the counters
 *   where the parent region stopped (siblings restart at the same number).
 * - Entry-block arguments are %argN under the same rule; other blocks' arguments are numbered.
 * - In pretty form arith.constant names its result (%c4_i32, %true, %cst); a name already
 *   visible (in this region or an enclosing one) gets _N from one counter per naming context.
 * - In generic form MLIR numbers every value uniquely (no restore, no names) and visits
 *   nested regions last-pushed first; that is reproduced too.
 */
#include <string.h>

#include "base/hash.h"
#include "base/hints.h"
#include "ir/print/print_internal.h"
#include "ir/registry.h"

/* ---- names ------------------------------------------------------------------------------ */

static uint32_t name_hash(const char *s, size_t n) { return base_fnv1a32(TL_FNV1A32_INIT, s, n); }

/* A hash slot holds a position in the visible-name stack plus one; the slot counts only
 * while that position is still open and names the same text. */
static bool name_live(const print_state *p, int32_t slot, const char *s, size_t n)
{
    size_t pos = (size_t)slot - 1;
    if (pos >= p->nvis)
        return false; /* left behind by a closed scope */
    const print_ssa_name *nm = &p->names[p->vis[pos]];
    return nm->len == n && memcmp(p->npool + nm->off, s, n) == 0;
}

static bool name_used(const print_state *p, const char *s, size_t n, uint32_t h)
{
    if (!p->ntab_cap)
        return false;
    size_t mask = p->ntab_cap - 1;
    for (size_t i = h & mask; p->ntab[i]; i = (i + 1) & mask)
        if (name_live(p, p->ntab[i], s, n))
            return true;
    return false;
}

static void ntab_insert(print_state *p, size_t pos)
{
    size_t mask = p->ntab_cap - 1, i = p->names[p->vis[pos]].hash & mask;
    while (p->ntab[i])
        i = (i + 1) & mask;
    p->ntab[i] = (int32_t)pos + 1;
    p->ntab_used++;
}

/* Stores a name (known to be unused), makes it visible in the current scope and returns
 * its index. Stored names are never dropped: values keep pointing at them. */
static int32_t name_add(print_state *p, const char *s, size_t n, uint32_t h)
{
    if (!print_scratch_grow(&p->mem, (void **)&p->npool, &p->npool_cap, p->npool_len + n + TCIR_SLACK, 1) ||
        !print_scratch_grow(&p->mem, (void **)&p->names, &p->names_cap, p->nnames + 1, sizeof *p->names) ||
        !print_scratch_grow(&p->mem, (void **)&p->vis, &p->vis_cap, p->nvis + 1, sizeof *p->vis))
        return 0;
    if ((p->ntab_used + 1) * 2 > p->ntab_cap) { /* rebuild, dropping closed scopes' slots */
        size_t cap = 64;
        while (cap < 4 * (p->nvis + 1))
            cap *= 2;
        int32_t *tab = print_scratch_alloc(&p->mem, cap * sizeof *tab);
        if (!tab)
            return 0;
        memset(tab, 0, cap * sizeof *tab);
        p->ntab = tab;
        p->ntab_cap = cap;
        p->ntab_used = 0;
        for (size_t i = 0; i < p->nvis; i++)
            ntab_insert(p, i);
    }
    memcpy(p->npool + p->npool_len, s, n);
    p->names[p->nnames] = (print_ssa_name){(uint32_t)p->npool_len, (uint32_t)n, h};
    p->npool_len += n;
    p->vis[p->nvis] = (int32_t)p->nnames;
    ntab_insert(p, p->nvis++);
    return (int32_t)p->nnames++;
}

/* MLIR's uniqueValueName: the name itself when free, else name_<k> with k from the
 * conflict counter (every probe consumes one). */
static int32_t name_unique(print_state *p, const char *s, size_t n, int32_t *conflict)
{
    uint32_t h = name_hash(s, n);
    if (!name_used(p, s, n, h))
        return name_add(p, s, n, h);
    char buf[96];
    if (n > sizeof buf - 16)
        n = sizeof buf - 16;
    memcpy(buf, s, n);
    buf[n] = '_';
    for (;;) {
        char num[16];
        int k = 0;
        uint32_t c = (uint32_t)(*conflict)++;
        do {
            num[k++] = (char)('0' + c % 10);
            c /= 10;
        } while (c);
        size_t m = n + 1;
        while (k)
            buf[m++] = num[--k];
        h = name_hash(buf, m);
        if (!name_used(p, buf, m, h))
            return name_add(p, buf, m, h);
    }
}

/* The name arith.constant gives its result (ConstantOp::getAsmResultNames). */
static size_t constant_name(const tcir_op *op, char *buf)
{
    const tcir_attr *a = tcir_op_attr(op, "value");
    tcir_attr_kind k = a ? tcir_attr_get_kind(a) : TCIR_ATTR_UNIT;
    if (k == TCIR_ATTR_BOOL) {
        strcpy(buf, tcir_attr_int_value(a) ? "true" : "false");
        return strlen(buf);
    }
    if (k != TCIR_ATTR_INT) {
        strcpy(buf, "cst");
        return 3;
    }
    const tcir_type *at = tcir_attr_get_type(a);
    unsigned width = at ? tcir_type_int_width(at) : 0;
    int64_t v = print_int_normalize(tcir_attr_int_value(a), width);
    if (width == 1) {
        strcpy(buf, v ? "true" : "false");
        return strlen(buf);
    }
    base_out o = {buf, 0, 64, false};
    base_out_putc(&o, 'c');
    base_out_int(&o, v);
    const tcir_type *rt = tcir_op_nresults(op) ? tcir_value_type(tcir_op_result((tcir_op *)op, 0)) : NULL;
    if (rt && tcir_type_is_int(rt)) {
        base_out_put(&o, "_i", 2);
        base_out_uint(&o, tcir_type_int_width(rt));
    }
    return o.len;
}

/* ---- value texts ------------------------------------------------------------------------- */

/* Numbering writes each value's text ("%12", "%arg3", "%c4_i32") once into p->vtext, as a
 * length byte and the text, and maps the value to its offset there: printing a use is then a
 * lookup and one fixed-size copy, not a formatting of digits at every use. */

/* Room for a text of up to n bytes; returns where it starts, after its length byte (NULL when
 * out of memory). */
static char *text_room(print_state *p, size_t n)
{
    size_t need = p->vtext_len + 1 + n + TCIR_SLACK;
    if (need > p->vtext_cap && !print_scratch_grow(&p->mem, (void **)&p->vtext, &p->vtext_cap, need, 1))
        return NULL;
    return p->vtext + p->vtext_len + 1;
}

/* Ends the text text_room gave, at end; returns its offset. */
static int32_t text_end(print_state *p, const char *end)
{
    size_t off = p->vtext_len;
    p->vtext[off] = (char)(unsigned char)(end - (p->vtext + off + 1));
    p->vtext_len = (size_t)(end - p->vtext);
    return (int32_t)off;
}

/* "%12" or, with arg, "%arg12"; -1 when out of memory. */
static TCIR_ALWAYS_INLINE inline int32_t number_text(print_state *p, bool arg, uint32_t n)
{
    char *d = text_room(p, 24);
    if (!d)
        return -1;
    *d++ = '%';
    if (arg) {
        memcpy(d, "arg", 3);
        d += 3;
    }
    return text_end(p, base_put_digits(d, n));
}

/* "%" and the name of names[i]; -1 when out of memory (i is then no name). */
static int32_t name_text(print_state *p, int32_t i)
{
    if (p->mem.oom)
        return -1;
    const print_ssa_name *nm = &p->names[i];
    char *d = text_room(p, 1 + nm->len);
    if (!d)
        return -1;
    *d++ = '%';
    memcpy(d, p->npool + nm->off, nm->len);
    return text_end(p, d + nm->len);
}

/* ---- numbering --------------------------------------------------------------------------- */

typedef struct pending {
    const tcir_region *region;
    int32_t value_id, arg_id, conflict_id;
    int depth; /* scope depth of the parent region */
} pending;

typedef struct numbering {
    print_state *p;
    size_t nops;
    int32_t value_id, arg_id, conflict_id;
    pending *stack;
    size_t nstack, stack_cap;
    size_t *scopes; /* per depth: visible names when the scope opened */
    size_t nscopes, scopes_cap;
} numbering;

/* Maps value v to its text at off (-1: out of memory, nothing mapped). */
static void map_value(print_state *p, const tcir_value *v, int32_t off)
{
    if (off >= 0)
        print_smap_put(&p->mem, &p->ids, tcir_value_serial(v), v, off);
}

/* Gives result i of op the name, made unique. */
static void name_result(numbering *nb, tcir_op *op, int i, const char *name, size_t len)
{
    print_state *p = nb->p;
    map_value(p, tcir_op_result(op, i), name_text(p, name_unique(p, name, len, &nb->conflict_id)));
}

/* The results of an op with several (not named apart): the op maps to the group's text
 * ("%5", for its own line), and each result to its use's text ("%5#1"), so that printing a
 * use reads the value's serial only, not its defining op. */
static void number_group(print_state *p, tcir_op *op, int n, uint32_t id)
{
    int32_t off = number_text(p, false, id);
    if (off < 0)
        return;
    print_smap_put(&p->mem, &p->ids, tcir_op_serial(op), op, off);
    for (int i = 0; i < n; i++) {
        char *d = text_room(p, 24 + 12);
        if (!d)
            return;
        *d++ = '%';
        d = base_put_digits(d, id);
        *d++ = '#';
        map_value(p, tcir_op_result(op, i), text_end(p, base_put_digits(d, (uint64_t)i)));
    }
}

static void number_op(numbering *nb, const tcir_op *op)
{
    print_state *p = nb->p;
    int n = tcir_op_nresults(op);
    nb->nops++;
    for (int i = tcir_op_nattrs(op) - 1; i >= 0 && !p->aliases; i--)
        p->aliases = tcir_attr_get_kind(tcir_op_attr_at(op, i)->attr) == TCIR_ATTR_ALIAS;
    if (!n)
        return;
    tcir_op *o = (tcir_op *)op;
    int opc = tcir_op_opcode(op);
    if (!p->generic && opc == TCIR_OPC_ARITH_CONSTANT) {
        char buf[64];
        name_result(nb, o, 0, buf, constant_name(op, buf));
        return;
    }
    if (!p->generic && n == 2 && opc == TCIR_OPC_TT_SPLIT) {
        name_result(nb, o, 0, "outLHS", 6);
        name_result(nb, o, 1, "outRHS", 6);
        return;
    }
    if (n > 1)
        number_group(p, o, n, (uint32_t)nb->value_id++);
    else
        map_value(p, tcir_op_result(o, 0), number_text(p, false, (uint32_t)nb->value_id++));
}

static void push_regions(numbering *nb, const tcir_op *op, int depth)
{
    int nr = tcir_op_nregions(op);
    if (!nr ||
        !print_scratch_grow(&nb->p->mem, (void **)&nb->stack, &nb->stack_cap, nb->nstack + (size_t)nr,
                            sizeof *nb->stack))
        return;
    for (int i = 0; i < nr; i++)
        nb->stack[nb->nstack++] =
            (pending){tcir_op_region((tcir_op *)op, i), nb->value_id, nb->arg_id, nb->conflict_id, depth};
}

/* Numbers region r's blocks and values, and stacks the regions of its ops (depth: r's scope
 * depth), each to start from the counts at the end of r. */
static void number_region(numbering *nb, const tcir_region *r, int depth)
{
    print_state *p = nb->p;
    size_t first_pushed = nb->nstack;
    int k = 0;
    for (tcir_block *b = tcir_region_first_block(r); b; b = tcir_block_next(b), k++) {
        print_smap_put(&p->mem, &p->ids, tcir_block_serial(b), b, k); /* a block's ordering */
        int na = tcir_block_nargs(b);
        for (int i = 0; i < na; i++)
            map_value(p, tcir_block_arg(b, i),
                      number_text(p, k == 0, (uint32_t)(k == 0 ? nb->arg_id++ : nb->value_id++)));
        bool prefetch = nb->nops > TCIR_PREFETCH_OPS;
        if (prefetch)
            ir_prefetch_blocks_ahead(b);
        for (tcir_op *op = tcir_block_first(b); op; op = tcir_op_next(op)) {
            if (prefetch)
                ir_prefetch_ahead(op);
            number_op(nb, op);
            push_regions(nb, op, depth);
        }
    }
    for (size_t i = first_pushed; i < nb->nstack; i++) {
        nb->stack[i].value_id = nb->value_id;
        nb->stack[i].arg_id = nb->arg_id;
        nb->stack[i].conflict_id = nb->conflict_id;
    }
}

/* Numbers every value and block; returns how many ops there are. */
size_t print_number_all(print_state *p, const tcir_op *top)
{
    numbering nb = {.p = p};
    if (!print_scratch_grow(&p->mem, (void **)&nb.scopes, &nb.scopes_cap, 1, sizeof *nb.scopes))
        return 0;
    nb.scopes[nb.nscopes++] = 0;
    push_regions(&nb, top, 0);
    number_op(&nb, top);
    while (nb.nstack && !p->out.oom && !p->mem.oom) {
        pending e = nb.stack[--nb.nstack];
        if (!p->generic) {
            nb.value_id = e.value_id;
            nb.arg_id = e.arg_id;
            nb.conflict_id = e.conflict_id;
        }
        /* Close the scopes of finished sibling subtrees, then open this region's. */
        if (nb.nscopes > (size_t)e.depth + 1) {
            p->nvis = nb.scopes[e.depth + 1];
            nb.nscopes = (size_t)e.depth + 1;
        }
        if (!print_scratch_grow(&p->mem, (void **)&nb.scopes, &nb.scopes_cap, nb.nscopes + 1, sizeof *nb.scopes))
            break;
        nb.scopes[nb.nscopes++] = p->nvis;
        int depth = (int)nb.nscopes - 1;
        number_region(&nb, e.region, depth);
    }
    return nb.nops;
}
