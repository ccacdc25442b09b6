/* The printer: tcir_print, each op's line (its results' names, its form, its location), the
 * texts of types and of uses of values. SSA names are given in print_names.c before printing,
 * blocks and regions are printed by print_blocks.c, attributes and the generic op form by
 * print_generic.c, pretty forms of known ops by print_pretty*.c, float text by print_float.c. */
#include <stdlib.h>
#include <string.h>

#include "base/hints.h"
#include "ir/print/print_internal.h"
#include "ir/registry.h"

/* ---- shared op facts ------------------------------------------------------------------ */

int64_t print_int_normalize(int64_t v, unsigned width)
{
    if (width == 0 || width >= 64)
        return v;
    uint64_t m = (uint64_t)1 << width, u = (uint64_t)v & (m - 1);
    return (u >> (width - 1)) ? (int64_t)u - (int64_t)m : (int64_t)u;
}

/* ---- types ------------------------------------------------------------------------------ */

/* Formats t into the type pool on its first use in this print; returns its index, or -1
 * when out of memory. Out of line: the common path only copies a pooled text. */
static TCIR_COLD int32_t pool_type(print_state *p, const tcir_type *t)
{
    char text[256]; /* most types fit: then one formatting pass, not a measuring one first */
    size_t n = tcir_type_str(t, text, sizeof text);
    if (!print_scratch_grow(&p->mem, (void **)&p->tpool, &p->tpool_cap, p->tpool_len + n + TCIR_SLACK, 1) ||
        !print_scratch_grow(&p->mem, (void **)&p->tstr, &p->tstr_cap, 2 * p->ntstr + 2, sizeof *p->tstr))
        return -1;
    if (n < sizeof text)
        memcpy(p->tpool + p->tpool_len, text, n);
    else
        tcir_type_str(t, p->tpool + p->tpool_len, n + 1);
    p->tstr[2 * p->ntstr] = (uint32_t)p->tpool_len;
    p->tstr[2 * p->ntstr + 1] = (uint32_t)n;
    p->tpool_len += n;
    int32_t idx = (int32_t)p->ntstr++;
    print_pmap_put(&p->mem, &p->types, t, idx);
    return idx;
}

void print_new_type(print_state *p, const tcir_type *t)
{
    if (!t) {
        base_out_puts(&p->out, "<<NULL TYPE>>");
        return;
    }
    int32_t idx = pool_type(p, t);
    if (idx >= 0)
        print_out_pooled(&p->out, p->tpool + p->tstr[2 * idx], p->tstr[2 * idx + 1]);
}

/* ---- values and blocks ------------------------------------------------------------------ */

static TCIR_ALWAYS_INLINE inline void print_id(print_state *p, const tcir_value *key)
{
    if (p->mem.oom) /* names may be missing: the text is dropped anyway */
        return;
    if (!print_known_id(p, key))
        base_out_puts(&p->out, "<<UNKNOWN SSA VALUE>>");
}

/* The text of the group of op's results (number_group); false, writing "<<UNKNOWN SSA
 * VALUE>>", when numbering did not reach op. */
static bool print_group(print_state *p, const tcir_op *op)
{
    if (p->mem.oom)
        return false;
    int32_t off;
    if (!print_smap_get(&p->ids, tcir_op_serial(op), op, &off)) {
        base_out_puts(&p->out, "<<UNKNOWN SSA VALUE>>");
        return false;
    }
    print_out_pooled(&p->out, p->vtext + off + 1, (unsigned char)p->vtext[off]);
    return true;
}

/* Whether each result of op is its own group with its own name (tt.split). */
static bool results_named_apart(const print_state *p, const tcir_op *op)
{
    return !p->generic && tcir_op_nresults(op) == 2 && tcir_op_opcode(op) == TCIR_OPC_TT_SPLIT;
}

void print_use(print_state *p, const tcir_value *v)
{
    if (!v) {
        base_out_puts(&p->out, "<<NULL VALUE>>");
        return;
    }
    tcir_op *def = tcir_value_def(v);
    if (def && tcir_op_nresults(def) > 1 && !results_named_apart(p, def)) {
        /* not numbered (an op printed alone uses it): as MLIR, no result number after the
         * unknown value */
        if (print_group(p, def)) {
            base_out_putc(&p->out, '#');
            base_out_int(&p->out, tcir_value_index(v));
        }
        return;
    }
    print_id(p, v);
}

void print_operand_list(print_state *p, const tcir_op *op, int from, int to)
{
    for (int i = from; i < to; i++) {
        if (i > from)
            base_out_put(&p->out, ", ", 2);
        print_value(p, tcir_op_operand(op, i));
    }
}

void print_operand_types(print_state *p, const tcir_op *op, int from, int to)
{
    for (int i = from; i < to; i++) {
        if (i > from)
            base_out_put(&p->out, ", ", 2);
        print_type(p, tcir_value_type(tcir_op_operand(op, i)));
    }
}

void print_result_types(print_state *p, const tcir_op *op)
{
    int n = tcir_op_nresults(op);
    for (int i = 0; i < n; i++) {
        if (i)
            base_out_put(&p->out, ", ", 2);
        print_type(p, tcir_value_type(tcir_op_result((tcir_op *)op, i)));
    }
}

void print_block_name(print_state *p, const tcir_block *b)
{
    int32_t id;
    if (!print_smap_get(&p->ids, tcir_block_serial(b), b, &id)) {
        base_out_puts(&p->out, "^INVALIDBLOCK");
        return;
    }
    base_out_put(&p->out, "^bb", 3);
    base_out_int(&p->out, id);
}

/* ---- locations --------------------------------------------------------------------------- */

/* Writes ` loc("file":`, escaped, and keeps a copy of it for the next locations of that file
 * (a kernel's locations name one file or a few, and escaping it was most of their cost). */
static TCIR_COLD void put_new_loc_file(print_state *p, const char *file)
{
    size_t start = p->out.len;
    base_out_put(&p->out, " loc(", 5);
    base_out_quoted(&p->out, file);
    base_out_putc(&p->out, ':');
    size_t n = p->out.len - start;
    char *copy = p->out.oom ? NULL : print_scratch_alloc(&p->mem, n + TCIR_SLACK);
    if (copy) {
        memcpy(copy, p->out.buf + start, n);
        p->loc_file = file;
        p->loc_text = copy;
        p->loc_len = n;
    }
}

void print_location(print_state *p, tcir_loc loc)
{
    if (!p->locations || !loc.file)
        return;
    if (loc.file == p->loc_file) /* the same string as the last one: its text is kept */
        print_out_pooled(&p->out, p->loc_text, p->loc_len);
    else
        put_new_loc_file(p, loc.file);
    base_out_int(&p->out, loc.line);
    base_out_putc(&p->out, ':');
    base_out_int(&p->out, loc.col);
    base_out_putc(&p->out, ')');
}

/* ---- ops -------------------------------------------------------------------------------- */

void print_op(print_state *p, const tcir_op *op)
{
    if (p->out.oom || p->mem.oom)
        return; /* the text is dropped: tables may be incomplete, read no further */
    int nr = tcir_op_nresults(op);
    if (nr) {
        tcir_op *o = (tcir_op *)op;
        if (results_named_apart(p, op)) {
            print_id(p, tcir_op_result(o, 0));
            base_out_put(&p->out, ", ", 2);
            print_id(p, tcir_op_result(o, 1));
        } else if (nr > 1) {
            print_group(p, op);
            base_out_putc(&p->out, ':');
            base_out_int(&p->out, nr);
        } else {
            print_id(p, tcir_op_result(o, 0));
        }
        base_out_put(&p->out, " = ", 3);
    }
    if (p->generic || !print_pretty_op(p, op))
        print_generic_op(p, op);
    print_location(p, tcir_op_loc(op));
}

enum { OUT_RESERVE_MAX = 24 << 20 };

char *tcir_print(const tcir_op *op, tcir_print_opts opts, size_t *len)
{
    if (len)
        *len = 0;
    if (!op)
        return NULL;
    print_state p = {.generic = opts.generic, .locations = opts.locations};
    size_t nops = p.nops = print_number_all(&p, op);
    /* About one line per op, in one allocation; but under 32 MiB, the most glibc serves from its
     * heap: a bigger block is mapped afresh each time and page-faulted in as it is written. */
    size_t guess = 256 + 96 * nops;
    base_out_reserve(&p.out, guess < OUT_RESERVE_MAX ? guess : OUT_RESERVE_MAX);
    if (p.aliases)
        print_aliases(&p, op);
    print_op(&p, op);
    base_out_putc(&p.out, '\n');
    base_out_putc(&p.out, '\0');
    bool failed = p.out.oom || p.mem.oom;
    print_scratch_free(&p.mem);
    if (failed) {
        free(p.out.buf);
        return NULL;
    }
    if (len)
        *len = p.out.len - 1;
    return p.out.buf;
}
