/* Source-order placement: ops follow the C source text, not the compiler's argument
 * evaluation order (see tl_site in builder.h).
 *
 * A new op is inserted before the ops at the end of its block that come later in the text
 * (higher seq) of the same C function and the same pass through that text, stopping at
 * anything it must follow: an op defining one of its operands, an op with regions or
 * successors (but tt.reduce and tt.scan, which are expressions), a constant.
 *
 * A pass ends when a site runs a second time (a C loop, or a helper called again): ops of a
 * new pass never move before ops of an earlier one. Passes are numbered (epochs); a small
 * hash set holds the (scope, seq) pairs seen in the current epoch. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "builder_internal.h"

static uint32_t site_hash(const void *scope, int seq)
{
    uintptr_t h = (uintptr_t)scope * 0x9E3779B1u ^ (uintptr_t)(unsigned)seq * 0x85EBCA77u;
    return (uint32_t)(h ^ (h >> 15));
}

static void seen_grow(tl_builder *b)
{
    int cap = b->seen_cap ? b->seen_cap * 2 : 64;
    tl_seen_entry *old = b->seen;
    int old_cap = b->seen_cap;
    b->seen = tcir_alloc(b->ctx, sizeof(*b->seen) * (size_t)cap);
    b->seen_cap = cap;
    b->seen_count = 0;
    for (int i = 0; i < old_cap; i++) {
        if (old[i].epoch != b->epoch)
            continue;
        uint32_t h = site_hash(old[i].scope, old[i].seq) & (uint32_t)(cap - 1);
        while (b->seen[h].epoch == b->epoch)
            h = (h + 1) & (uint32_t)(cap - 1);
        b->seen[h] = old[i];
        b->seen_count++;
    }
}

/* Records the site in the current epoch; starts a new epoch when it was already there. */
static void note_site(tl_builder *b, tl_site site)
{
    /* One call may make constants and then its op: all one visit of the site. */
    if (site.scope == b->last_site.scope && site.seq == b->last_site.seq)
        return;
    b->last_site = site;
    if (b->seen_count * 2 >= b->seen_cap)
        seen_grow(b);
    uint32_t mask = (uint32_t)(b->seen_cap - 1);
    uint32_t h = site_hash(site.scope, site.seq) & mask;
    while (b->seen[h].epoch == b->epoch) {
        if (b->seen[h].seq == site.seq && b->seen[h].scope == site.scope) {
            b->epoch++; /* the table is empty again: no entry has the new epoch */
            b->seen_count = 0;
            h = site_hash(site.scope, site.seq) & mask;
            break;
        }
        h = (h + 1) & mask;
    }
    b->seen[h] = (tl_seen_entry){site.scope, site.seq, b->epoch};
    b->seen_count++;
}

static bool uses_result_of(const tcir_op *x, const tcir_op *p)
{
    for (int i = 0; i < tcir_op_noperands(x); i++)
        if (tcir_value_def(tcir_op_operand(x, i)) == p)
            return true;
    return false;
}

static bool same_pass_later(const tcir_op *op, const tcir_op *other)
{
    return tcir_op_order_scope(other) == tcir_op_order_scope(op) &&
           tcir_op_order_epoch(other) == tcir_op_order_epoch(op) && tcir_op_order_seq(other) > tcir_op_order_seq(op);
}

/* Ops with regions that are expressions, not statements: a reduction or scan sits inside an
 * expression like any other value (tl_add(tl_sum(x), y)), so it moves in source order too. */
static bool is_expression_with_region(const tcir_op *op)
{
    const char *name = tcir_op_name(op);
    return strcmp(name, "tt.reduce") == 0 || strcmp(name, "tt.scan") == 0;
}

/* True when `later`, already in the block, may move after `op` (the new one). */
static bool may_pass(const tcir_op *op, const tcir_op *later)
{
    if (!same_pass_later(op, later))
        return false;
    /* (Pooled constants never pass this far: their order scope is NULL, see builder_pool.c.) */
    if ((tcir_op_nregions(later) && !is_expression_with_region(later)) || tcir_op_nsuccessors(later))
        return false;
    return !uses_result_of(op, later);
}

static bool ordered(tl_site site)
{
    return site.seq && site.scope;
}

void tl__place_op(tl_builder *b, tcir_op *op, tl_site site)
{
    tcir_block *blk = tl_current_block(b);
    tcir_op *before = NULL;
    if (ordered(site)) {
        note_site(b, site);
        tcir_op_set_order(op, site.seq, site.scope, b->epoch);
        if ((!tcir_op_nregions(op) || is_expression_with_region(op)) && !tcir_op_nsuccessors(op))
            for (tcir_op *p = tcir_block_last(blk); p && may_pass(op, p); p = tcir_op_prev(p))
                before = p;
    }
    tcir_block_insert_before(blk, before, op);
    tl__pool_body_op(b, site);
}

/* ---- keyword arguments first ---------------------------------------------------------------
 *
 * Triton's code generator evaluates a call's keyword arguments before its positional ones:
 * `tl.load(x + offs, mask=offs < n)` makes the comparison first. In C the positional argument
 * comes first in the text. So when a call's keyword values were made by expressions written
 * in the call itself (after its positional arguments, on the same line), their ops move in
 * front of the positional arguments' ops, and their source-order keys are swapped to match,
 * for the ops and for the constants they met. */

enum { TL_KW_MAX_OPS = 64 };

typedef struct op_set {
    tcir_op *ops[TL_KW_MAX_OPS];
    int n;
    bool overflow;
} op_set;

static bool in_set(const op_set *s, const tcir_op *op)
{
    for (int i = 0; i < s->n; i++)
        if (s->ops[i] == op)
            return true;
    return false;
}

/* Collects the ops that made v and were written in this call: same block, C function, pass
 * and line, earlier in the text than the call. */
static void collect(tl_builder *b, tl_site site, tcir_value *v, op_set *s)
{
    tcir_op *d = v ? tcir_value_def(v) : NULL;
    if (!d || s->overflow || in_set(s, d) || tcir_op_block(d) != tl_current_block(b) ||
        tcir_op_order_scope(d) != site.scope || tcir_op_order_epoch(d) != b->epoch ||
        tcir_op_order_seq(d) >= site.seq || tcir_op_loc(d).line != site.line ||
        (tcir_op_nregions(d) && !is_expression_with_region(d)))
        return;
    if (s->n == TL_KW_MAX_OPS) {
        s->overflow = true;
        return;
    }
    s->ops[s->n++] = d;
    for (int i = 0; i < tcir_op_noperands(d); i++)
        collect(b, site, tcir_op_operand(d, i), s);
}

static int min_seq(const op_set *s)
{
    int m = s->ops[0] ? tcir_op_order_seq(s->ops[0]) : 0;
    for (int i = 1; i < s->n; i++)
        if (tcir_op_order_seq(s->ops[i]) < m)
            m = tcir_op_order_seq(s->ops[i]);
    return m;
}

static int max_seq(const op_set *s)
{
    int m = 0;
    for (int i = 0; i < s->n; i++)
        if (tcir_op_order_seq(s->ops[i]) > m)
            m = tcir_op_order_seq(s->ops[i]);
    return m;
}

static int by_seq(const void *x, const void *y)
{
    int a = *(const int *)x, c = *(const int *)y;
    return (a > c) - (a < c);
}

void tl_order_keywords_first_at(tl_site site, tl_builder *b, int npos, const tl_value *pos, int nkw, const tl_value *kw)
{
    if (!b || b->failed || !ordered(site))
        return;
    op_set p = {.n = 0}, k = {.n = 0};
    for (int i = 0; i < npos; i++)
        collect(b, site, pos[i].ir, &p);
    for (int i = 0; i < nkw; i++)
        collect(b, site, kw[i].ir, &k);
    if (!p.n || !k.n || p.overflow || k.overflow || min_seq(&k) <= max_seq(&p))
        return;
    for (int i = 0; i < k.n; i++)
        if (in_set(&p, k.ops[i]))
            return; /* shared subexpressions: leave the text's order */

    /* The ops in block order, and the block position of the first positional one. */
    tcir_op *order[2 * TL_KW_MAX_OPS];
    int n = 0, seqs[2 * TL_KW_MAX_OPS];
    tcir_op *first_p = NULL;
    for (tcir_op *op = tcir_block_first(tl_current_block(b)); op; op = tcir_op_next(op)) {
        bool is_p = in_set(&p, op), is_k = !is_p && in_set(&k, op);
        if (is_p && !first_p)
            first_p = op;
        if (is_p || is_k) {
            order[n] = op;
            seqs[n++] = tcir_op_order_seq(op);
        }
    }
    /* Keyword ops first, each group in its present order, taking the lowest keys. */
    qsort(seqs, (size_t)n, sizeof seqs[0], by_seq);
    int old_seq[2 * TL_KW_MAX_OPS], new_seq[2 * TL_KW_MAX_OPS], next = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < n; i++) {
            bool is_k = in_set(&k, order[i]);
            if (is_k != (pass == 0))
                continue;
            old_seq[next] = tcir_op_order_seq(order[i]);
            new_seq[next] = seqs[next];
            tcir_op_set_order(order[i], seqs[next], site.scope, b->epoch);
            if (is_k) {
                tcir_op_detach(order[i]);
                tcir_block_insert_before(tl_current_block(b), first_p, order[i]);
            }
            next++;
        }
    }
    tl__pool_remap(b, site.scope, n, old_seq, new_seq);
}
