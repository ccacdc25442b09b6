/* The printer's blocks and regions: a region's blocks, each block's header (its name, its
 * arguments, its predecessors as MLIR writes them in a comment) and its ops, indented. */
#include <string.h>

#include "base/hints.h"
#include "ir/print/print_internal.h"

static void put_indent(print_state *p)
{
    /* One fixed-size copy for the usual depths, not a memset call per line. */
    static const char spaces[TCIR_SLACK + 1] = "                                ";
    size_t n = (size_t)p->indent;
    if (n <= TCIR_SLACK) {
        print_out_pooled(&p->out, spaces, n);
        return;
    }
    if (!base_out_reserve(&p->out, n))
        return;
    memset(p->out.buf + p->out.len, ' ', n);
    p->out.len += n;
}

static int block_ordering(const print_state *p, const tcir_block *b)
{
    int32_t id;
    return print_smap_get(&p->ids, tcir_block_serial(b), b, &id) ? id : -1;
}

/* Fills the printer's predecessor lists for region r (see pred_region); false when out of
 * memory. Blocks are visited in order, so each list comes out ascending. */
static bool index_predecessors(print_state *p, const tcir_region *r)
{
    /* One walk over the blocks gathers the edges (target, source) in walk order; the lists are
     * then counted and filled from that array, not from more walks: a region of many blocks
     * (early returns) costs a cache miss or two per block per walk. */
    size_t nblocks = 0, nedges = 0;
    bool prefetch = p->nops > TCIR_PREFETCH_OPS;
    for (tcir_block *x = tcir_region_first_block(r); x; x = tcir_block_next(x)) {
        if (prefetch && tcir_block_next(x)) {
            TCIR_PREFETCH(tcir_block_last(tcir_block_next(x)));
            TCIR_PREFETCH(tcir_block_next(tcir_block_next(x)));
        }
        nblocks++;
        tcir_op *last = tcir_block_last(x);
        int ns = last ? tcir_op_nsuccessors(last) : 0;
        if (ns &&
            !print_scratch_grow(&p->mem, (void **)&p->pred_edges, &p->pred_edges_cap, nedges + (size_t)ns,
                                sizeof *p->pred_edges))
            return false;
        for (int i = 0; i < ns; i++) {
            tcir_block *to = tcir_op_successor(last, i);
            if (tcir_block_region(to) == r)
                p->pred_edges[nedges++] = (struct print_pred_edge){block_ordering(p, to), block_ordering(p, x)};
        }
    }
    if (!print_scratch_grow(&p->mem, (void **)&p->pred_start, &p->pred_start_cap, nblocks + 2, sizeof(int32_t)) ||
        !print_scratch_grow(&p->mem, (void **)&p->pred_list, &p->pred_list_cap, nedges + 1, sizeof(int32_t)))
        return false;
    memset(p->pred_start, 0, sizeof(int32_t) * (nblocks + 2));
    for (size_t e = 0; e < nedges; e++) /* counts, shifted by one */
        if (p->pred_edges[e].to >= 0 && (size_t)p->pred_edges[e].to < nblocks)
            p->pred_start[p->pred_edges[e].to + 2]++;
    for (size_t k = 2; k < nblocks + 2; k++)
        p->pred_start[k] += p->pred_start[k - 1];
    for (size_t e = 0; e < nedges; e++)
        if (p->pred_edges[e].to >= 0 && (size_t)p->pred_edges[e].to < nblocks)
            p->pred_list[p->pred_start[p->pred_edges[e].to + 1]++] = p->pred_edges[e].from;
    p->pred_region = r; /* pred_start[k + 1] now ends block k's list, pred_start[k] starts it */
    return true;
}

/* "  // pred: ^bb0", "  // 2 preds: ^bb0, ^bb1" or "  // no predecessors", as MLIR. */
static void print_predecessors(print_state *p, const tcir_block *b)
{
    const tcir_region *r = tcir_block_region(b);
    size_t n = 0;
    bool single = true;
    int self = block_ordering(p, b);
    if (r && self >= 0 && (p->pred_region == r || index_predecessors(p, r))) {
        n = (size_t)(p->pred_start[self + 1] - p->pred_start[self]);
        if (!print_scratch_grow(&p->mem, (void **)&p->ints, &p->ints_cap, n + 1, sizeof *p->ints))
            return;
        for (size_t i = 0; i < n; i++) {
            p->ints[i] = p->pred_list[p->pred_start[self] + (int32_t)i];
            if (p->ints[i] != p->ints[0])
                single = false;
        }
    }
    if (!n) {
        if (!r || tcir_region_first_block(r) != b)
            base_out_puts(&p->out, "  // no predecessors");
        return;
    }
    if (single) {
        base_out_puts(&p->out, "  // pred: ^bb");
        base_out_int(&p->out, p->ints[0]);
        return;
    }
    base_out_put(&p->out, "  // ", 5);
    base_out_uint(&p->out, n);
    base_out_puts(&p->out, " preds: ");
    for (size_t i = 0; i < n; i++) {
        if (i)
            base_out_put(&p->out, ", ", 2);
        base_out_put(&p->out, "^bb", 3);
        base_out_int(&p->out, p->ints[i]);
    }
}

static void print_block(print_state *p, const tcir_block *b, bool header, bool terminator)
{
    if (header) {
        put_indent(p);
        print_block_name(p, b);
        int na = tcir_block_nargs(b);
        if (na) {
            base_out_putc(&p->out, '(');
            for (int i = 0; i < na; i++) {
                if (i)
                    base_out_put(&p->out, ", ", 2);
                const tcir_value *arg = tcir_block_arg(b, i);
                print_value(p, arg);
                base_out_put(&p->out, ": ", 2);
                print_type(p, tcir_value_type(arg));
                print_location(p, tcir_block_arg_loc(b, i));
            }
            base_out_putc(&p->out, ')');
        }
        base_out_putc(&p->out, ':');
        print_predecessors(p, b);
        base_out_putc(&p->out, '\n');
    }
    p->indent += 2;
    tcir_op *last = tcir_block_last(b);
    bool skip_last = !terminator && last && print_op_is_terminator(last);
    bool prefetch = p->nops > TCIR_PREFETCH_OPS;
    for (tcir_op *op = tcir_block_first(b); op; op = tcir_op_next(op)) {
        if (skip_last && op == last)
            break;
        if (prefetch)
            ir_prefetch_ahead(op);
        put_indent(p);
        print_op(p, op);
        base_out_putc(&p->out, '\n');
    }
    p->indent -= 2;
}

void print_region(print_state *p, const tcir_region *r, bool entry_args, bool terminators, bool empty_block)
{
    base_out_put(&p->out, "{\n", 2);
    tcir_block *entry = tcir_region_first_block(r);
    if (entry) {
        bool header = (empty_block && !tcir_block_first(entry)) || (entry_args && tcir_block_nargs(entry));
        print_block(p, entry, header, terminators);
        for (tcir_block *b = tcir_block_next(entry); b; b = tcir_block_next(b)) {
            if (p->nops > TCIR_PREFETCH_OPS)
                ir_prefetch_blocks_ahead(b);
            print_block(p, b, true, true);
        }
    }
    put_indent(p);
    base_out_putc(&p->out, '}');
}
