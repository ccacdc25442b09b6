/* The order engine: where a new op goes in its block (docs/order.md says it for users).
 * Every op made through the API is placed here (order_place_op); the builder itself only appends
 * the function's closing returns, and the pool (pool.c) its constants.
 *
 * THE RULE. Operations with effects keep the order in which the program issued them. Only
 * pure operations made inside one C expression are placed in Python's order. Where C itself
 * gives no order - the calls nested in one expression, a call's arguments - the program has
 * issued no order to keep: their effects take Python's (see "the effects of one C expression"
 * and "keyword arguments first" below). Effects of two statements are never swapped.
 *
 * "With effects" (fixed) is every op the op registry (src/ir/ops.h, tcir_opcode_flags) does
 * not flag TCIR_OPF_PURE: loads, stores, atomics, assertions, prints, barriers, scopes (an op
 * with regions, other than a reduction or scan) and their regions' bookkeeping (scf.yield,
 * scf.condition), returns and branches, raw ops (tl_op) of any name it does not know. "Pure"
 * (movable) is the ops flagged TCIR_OPF_PURE (arith, math and Triton's Pure tt. ops), raw
 * arith.* and math.* ops, extern and inline-asm elementwise ops marked pure
 * (TCIR_OPF_PURE_IF_ATTR), and a reduction or scan (TCIR_OPF_PURE_BODY) whose combine region
 * holds only pure ops.
 *
 * Why: C evaluates a call's arguments in an unspecified order (gcc goes right to left), Python
 * left to right. Each call site carries its place in the text (tl_site.seq, from __COUNTER__),
 * which numbers the calls of one expression in Python's evaluation order.
 *
 * "One C expression" is told by construction: the ops of one expression are made by calls of one
 * C function (ordering scope), in one pass, reported on one line (the C line of the call).
 *
 * How, by construction. A new op is inserted at the end of its block, then walked back over the
 * ops it may pass; the walk stops at the first op that
 *   - is fixed (so no op ever crosses an effect or a scope, and a fixed op passes nothing:
 *     effects stay in issue order);
 *   - belongs to another ordering scope (C function of another file or name), another pass
 *     (see below) or another line (another statement), or comes earlier in the text (lower seq);
 *   - defines a value the new op uses (so every definition stays above its uses: dominance).
 * The walk never leaves the block, so no op moves into or out of a scope. A new op has no
 * users yet, so passing ops cannot put a use above its definition.
 *
 * Passes: a call site running a second time (a C loop, a helper called again, a `switch` in a
 * loop driving the API) starts a new pass (epoch); ops never move before ops of an earlier pass.
 * A small hash set holds the (scope, seq) pairs seen in the current pass.
 *
 * The ordering scope of a site is its C function in its translation unit: the pair (unit,
 * func) of tl_site, interned here into one pointer. `func` (__func__) alone is not enough:
 * linkers merge equal __func__ strings of two files, so two static helpers of one name would
 * share a scope; `unit` is an object of its own in every translation unit (TL_SITE).
 *
 * The op's ordering key (tl_op_key, kept as the op's tcir_op_aux): seq, the interned scope,
 * the pass, the line, whether the op is movable by its opcode (a region op's contents are
 * checked when it is passed), and its run (below). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/hints.h"
#include "builder/builder_internal.h"

/* ---- what may move ------------------------------------------------------------------------- */

static bool flag_attr(const tcir_op *op, const char *name)
{
    const tcir_attr *a = tcir_op_attr(op, name);
    return a && tcir_attr_get_kind(a) == TCIR_ATTR_BOOL && tcir_attr_int_value(a) != 0;
}

/* Movable by its opcode's flags and attributes (a reduction's region is looked at when it is
 * passed). */
static bool movable_kind(const tcir_op *op)
{
    unsigned f = tcir_opcode_flags(tcir_op_opcode(op));
    if (tcir_op_nsuccessors(op))
        return false;
    if (tcir_op_nregions(op))
        return f & TCIR_OPF_PURE_BODY;
    if (f & TCIR_OPF_PURE_IF_ATTR)
        return flag_attr(op, "pure");
    if (f & TCIR_OPF_PURE)
        return true;
    /* A raw op of a name the registry does not know: arith's and math's ops are all pure. */
    const char *name = tcir_op_name(op);
    return tcir_op_opcode(op) == TCIR_OPCODE_UNREGISTERED &&
        (strncmp(name, "arith.", 6) == 0 || strncmp(name, "math.", 5) == 0);
}

/* The key's parts (an op placed without one - the builder's own, a pooled constant - has the
 * NULL scope, and so passes and is passed by nothing). */
static const void *key_scope(const tcir_op *op)
{
    const tl_op_key *k = order_op_key_of(op);
    return k ? k->scope : NULL;
}
static int key_epoch(const tcir_op *op)
{
    const tl_op_key *k = order_op_key_of(op);
    return k ? k->epoch : -1;
}
static int key_seq(const tcir_op *op)
{
    const tl_op_key *k = order_op_key_of(op);
    return k ? k->seq : 0;
}
static int key_line(const tcir_op *op)
{
    const tl_op_key *k = order_op_key_of(op);
    return k ? k->line : -1;
}
static bool key_movable(const tcir_op *op)
{
    const tl_op_key *k = order_op_key_of(op);
    return k && k->movable;
}

/* A region op is movable when every op of its regions is (the combine of a reduction). */
static bool regions_movable(tcir_op *op)
{
    for (int r = 0; r < tcir_op_nregions(op); r++)
        for (tcir_block *blk = tcir_region_first_block(tcir_op_region(op, r)); blk; blk = tcir_block_next(blk))
            for (tcir_op *x = tcir_block_first(blk); x; x = tcir_op_next(x)) {
                /* the combine's tt.reduce.return / tt.scan.return has no effects of its own */
                bool region_end =
                    (tcir_opcode_flags(tcir_op_opcode(x)) & TCIR_OPF_TERMINATOR) && !tcir_op_nsuccessors(x);
                if (!region_end && (!movable_kind(x) || (tcir_op_nregions(x) && !regions_movable(x))))
                    return false;
            }
    return true;
}

static bool movable(tcir_op *op) { return key_movable(op) && (!tcir_op_nregions(op) || regions_movable(op)); }

/* ---- ordering scopes and passes -------------------------------------------------------------- */

const void *order_scope_find(tl_builder *b, tl_site site)
{
    if (!site.scope)
        return NULL;
    order_scope *s = NULL;
    for (int i = 0; i < b->place.nscopes && !s; i++)
        if (b->place.scopes[i].func == site.scope && b->place.scopes[i].unit == site.unit)
            s = &b->place.scopes[i];
    if (!s) {
        if (b->place.nscopes == b->place.scopes_cap) {
            int cap = b->place.scopes_cap ? b->place.scopes_cap * 2 : 8;
            order_scope *grown = tcir_alloc(b->ctx, sizeof(*grown) * (size_t)cap);
            for (int i = 0; i < b->place.nscopes; i++)
                grown[i] = b->place.scopes[i];
            b->place.scopes = grown;
            b->place.scopes_cap = cap;
        }
        s = &b->place.scopes[b->place.nscopes++];
        *s = (order_scope){site.unit, site.scope, NULL};
        s->self = tcir_alloc(b->ctx, 1); /* the interned identity: an address of its own */
    }
    b->place.last_func = site.scope;
    b->place.last_unit = site.unit;
    b->place.last_scope = s->self;
    return s->self;
}

static uint32_t site_hash(const void *scope, int seq)
{
    uintptr_t h = (uintptr_t)scope * 0x9E3779B1u ^ (uintptr_t)(unsigned)seq * 0x85EBCA77u;
    return (uint32_t)(h ^ (h >> 15));
}

static void seen_grow(tl_builder *b)
{
    int cap = b->place.seen_cap ? b->place.seen_cap * 2 : 64;
    order_seen_entry *old = b->place.seen;
    int old_cap = b->place.seen_cap;
    b->place.seen = tcir_alloc(b->ctx, sizeof(*b->place.seen) * (size_t)cap);
    b->place.seen_cap = cap;
    b->place.seen_count = 0;
    for (int i = 0; i < old_cap; i++) {
        if (old[i].epoch != b->place.epoch)
            continue;
        uint32_t h = site_hash(old[i].scope, old[i].seq) & (uint32_t)(cap - 1);
        while (b->place.seen[h].epoch == b->place.epoch)
            h = (h + 1) & (uint32_t)(cap - 1);
        b->place.seen[h] = old[i];
        b->place.seen_count++;
    }
}

/* Records the site in the current pass; starts a new pass when it was already there. */
static inline TCIR_ALWAYS_INLINE void note_site(tl_builder *b, const void *scope, int seq)
{
    /* One call may make constants and then its op: all one visit of the site. */
    if (scope == b->place.last_seen_scope && seq == b->place.last_seen_seq)
        return;
    b->place.last_seen_scope = scope;
    b->place.last_seen_seq = seq;
    if (b->place.seen_count * 2 >= b->place.seen_cap)
        seen_grow(b);
    uint32_t mask = (uint32_t)(b->place.seen_cap - 1);
    uint32_t h = site_hash(scope, seq) & mask;
    while (b->place.seen[h].epoch == b->place.epoch) {
        if (b->place.seen[h].seq == seq && b->place.seen[h].scope == scope) {
            b->place.epoch = ++b->place.epochs; /* the table is empty again: no entry has the new epoch */
            b->place.seen_count = 0;
            h = site_hash(scope, seq) & mask;
            break;
        }
        h = (h + 1) & mask;
    }
    b->place.seen[h] = (order_seen_entry){scope, seq, b->place.epoch};
    b->place.seen_count++;
}

/* ---- placing a new op ---------------------------------------------------------------------- */

static bool defines_operand_of(const tcir_op *p, const tcir_op *x)
{
    for (int i = 0; i < tcir_op_noperands(x); i++)
        if (tcir_value_def(tcir_op_operand(x, i)) == p)
            return true;
    return false;
}

/* ---- helpers inside an expression ---------------------------------------------------------
 *
 * A ported @jit helper makes its ops at sites of its own C function, which say nothing of where
 * the call stands in its caller's expression. Begun with its caller's site
 * (tl_builder_helper_begin_at), the call is a frame: its ops are keyed in the frame (their own
 * sites, passes of the frame's own) and the frame is keyed in its caller's level by the call's
 * site. Two ops are compared at the level where their frames part: an op of the caller against
 * the call's key, two calls by their keys, two ops of one call by theirs. So a whole call is
 * placed as one op of its caller would be, at its place in the text, and its ops keep the order
 * they have among themselves. A frame holding an effect (a load, a store, a scope) is passed by
 * nothing, like an op with effects; an expression that holds both a helper call and an effect
 * in two of its parts is reported (check_expression), since neither can be moved over the other
 * as one unit. */

/* The keys of `a` and `c` at the level where their frames part (each its own when both are of
 * one frame). */
static void keys_at_common_level(const tl_op_key **a, const tl_op_key **c)
{
    const tl_frame *fa = (*a)->frame, *fc = (*c)->frame;
    if (fa == fc)
        return;
    int da = fa ? fa->depth : 0, dc = fc ? fc->depth : 0;
    for (; da > dc; da--, fa = fa->parent)
        *a = &fa->key;
    for (; dc > da; dc--, fc = fc->parent)
        *c = &fc->key;
    for (; fa != fc; fa = fa->parent, fc = fc->parent) {
        *a = &fa->key;
        *c = &fc->key;
    }
}

/* The call of `level` that `k` was made in, or NULL when k is of `level` itself or of none of
 * its calls. */
static const tl_frame *call_in(const tl_op_key *k, const tl_frame *level)
{
    for (const tl_frame *f = k->frame; f; f = f->parent)
        if (f->parent == level)
            return f;
    return NULL;
}

/* True when the new op `op` may be placed before `later`, already in its block, as far as
 * their keys tell (the same for every op of a run); the caller checks the data flow. */
static bool keys_let_pass(tcir_op *op, tcir_op *later)
{
    const tl_op_key *a = order_op_key_of(op), *c = order_op_key_of(later);
    if (!a || !c)
        return false;
    keys_at_common_level(&a, &c);
    return c->scope == a->scope && c->epoch == a->epoch && c->seq > a->seq && c->line == a->line && movable(later);
}

/* ---- runs ---------------------------------------------------------------------------------
 *
 * A call of a standard-library helper (tl_randn: two Philox rounds and a Box-Muller, some
 * 400 ops) makes all its ops under its caller's site. Under gcc, the arguments of a call are
 * made right to left, so each op of a left argument's helper call walks back over every op of
 * the right one: quadratic in the expression. A run is such a group - ops placed one after
 * another with one key, movable, without regions - and the walk passes a whole run in one step
 * when no op of it defines an operand of the new op: the same place, found in time linear in
 * the runs passed. Each op's key names the first op of its run; a move of placed ops other
 * than the placement itself (the effects of one expression, keyword arguments, a reduction
 * following its captured values) may break runs apart, and starts a new generation in which
 * the runs of older ops are void (they are walked op by op, as before). */

static bool run_valid(const tl_builder *b, const tl_op_key *k)
{
    return k && k->run_first && k->run_gen == b->place.order_gen;
}

/* The first op of later's run when the walk may jump there over the whole run: the run is
 * valid, longer than `later` alone, in blk, and no op of it defines an operand of op. */
static tcir_op *run_to_skip(const tl_builder *b, const tcir_op *op, const tcir_op *later, const tcir_block *blk)
{
    const tl_op_key *k = order_op_key_of(later);
    if (!run_valid(b, k) || k->run_first == later || tcir_op_block(k->run_first) != blk)
        return NULL;
    for (int i = 0; i < tcir_op_noperands(op); i++) {
        const tcir_op *d = tcir_value_def(tcir_op_operand(op, i));
        const tl_op_key *dk = d ? order_op_key_of(d) : NULL;
        if (run_valid(b, dk) && dk->run_first == k->run_first)
            return NULL;
    }
    return k->run_first;
}

/* After op's insertion: op joins the run of the op before it when their keys are one, and a
 * run op was put inside of is void. */
static void join_run(tl_builder *b, tcir_op *op)
{
    tcir_op *prev = tcir_op_prev(op), *next = tcir_op_next(op);
    const tl_op_key *pk = prev ? order_op_key_of(prev) : NULL, *nk = next ? order_op_key_of(next) : NULL;
    bool prev_run = run_valid(b, pk);
    if (prev_run && run_valid(b, nk) && nk->run_first == pk->run_first) {
        b->place.order_gen++;
        prev_run = false;
    }
    tl_op_key *k = order_op_key_of(op);
    if (!k || !k->movable || tcir_op_nregions(op))
        return;
    k->run_gen = b->place.order_gen;
    k->run_first = op;
    if (prev_run && pk->frame == k->frame && pk->scope == k->scope && pk->seq == k->seq && pk->epoch == k->epoch &&
        pk->line == k->line)
        k->run_first = pk->run_first;
}

/* Placed ops moved (other than by their placement): every run made so far is void. */
static void runs_moved(tl_builder *b)
{
    b->place.order_gen++;
    b->place.expr_gave_up = NULL;
}

/* The op of `blk`'s ancestors that lies in `in`, or NULL. */
static tcir_op *ancestor_in(tcir_block *blk, const tcir_block *in)
{
    for (tcir_op *anc = tcir_region_parent(tcir_block_region(blk)); anc; anc = tcir_op_parent_op(anc))
        if (tcir_op_block(anc) == in)
            return anc;
    return NULL;
}

/* A reduction placed in source order passed ops of its block before its combine region was
 * filled; when that region uses a value one of them defines, the reduction moves down to just
 * after it (it has no users yet: its region is still being built). */
static void follow_captured_values(tl_builder *b, tcir_op *op, tcir_block *blk)
{
    for (int i = 0; i < tcir_op_noperands(op); i++) {
        tcir_op *def = tcir_value_def(tcir_op_operand(op, i));
        tcir_block *at = def ? tcir_op_block(def) : NULL;
        if (!at || at == blk)
            continue;
        tcir_op *anc = ancestor_in(blk, at);
        if (!anc || !key_movable(anc))
            continue;
        for (tcir_op *p = tcir_op_next(anc); p; p = tcir_op_next(p))
            if (p == def) { /* def lies below the region op that holds its use */
                tcir_op_detach(anc);
                tcir_block_insert_before(at, tcir_op_next(def), anc);
                runs_moved(b);
                break;
            }
    }
}

static bool ordered(tl_site site) { return site.seq && site.scope; }

/* ---- the effects of one C expression ------------------------------------------------------------
 *
 * C gives no order to the calls nested in one expression: in
 * tl_add(tl_atomic_and(p, 1), tl_atomic_or(q, 2)) gcc runs the atomic_or first, clang the
 * atomic_and, and both are right. Such effects have no issue order of the program's to keep;
 * they take Python's (the text's), so that every compiler builds one kernel. When a call's
 * op X is issued, its expression is found by construction: the ops at the end of the block
 * whose results flow into X, in X's ordering scope and pass, earlier in the text, reported on
 * X's line (the ops of earlier statements were issued before the expression began and stand
 * before it, or come later in the text). When that run holds an op with effects, it is sorted
 * by text (stable: the ops one call makes keep their order). Nothing moves when the run holds
 * a scope, or an op that uses a value made later in the text (then it is no one expression). */

enum { TL_EXPR_MAX_OPS = 64 };

/* The ops whose results the expression needs: marked on their keys (the mark of this walk),
 * counted to TL_EXPR_MAX_OPS; an op without a key (the builder's own) is kept in a list. */
typedef struct needed_set {
    unsigned mark;
    int n, nkeyless;
    const tcir_op *keyless[TL_EXPR_MAX_OPS];
} needed_set;

static bool is_needed(const needed_set *s, const tcir_op *op)
{
    const tl_op_key *k = order_op_key_of(op);
    if (k)
        return k->mark == s->mark;
    for (int i = 0; i < s->nkeyless; i++)
        if (s->keyless[i] == op)
            return true;
    return false;
}

/* Adds the op defining v to the set; false when it overflows. */
static bool need_value(const tcir_value *v, needed_set *s)
{
    tcir_op *d = tcir_value_def(v);
    if (!d || is_needed(s, d))
        return true;
    if (s->n == TL_EXPR_MAX_OPS)
        return false;
    tl_op_key *k = order_op_key_of(d);
    if (k)
        k->mark = s->mark;
    else
        s->keyless[s->nkeyless++] = d;
    s->n++;
    return true;
}

/* Adds the ops defining x's operands to the set; false when it overflows. */
static bool need_operands(const tcir_op *x, needed_set *s)
{
    for (int i = 0; i < tcir_op_noperands(x); i++)
        if (!need_value(tcir_op_operand(x, i), s))
            return false;
    return true;
}

/* What an expression is rooted at: an op being issued (op), or a helper call about to begin
 * with its arguments (op NULL, values): its uses, and where it stands in the text. */
typedef struct expr_root {
    tcir_op *op;
    int nvalues;
    const tl_value *values;
    const void *scope;
    int epoch, seq, line;
} expr_root;

static bool root_uses(const expr_root *r, const tcir_op *p)
{
    if (r->op)
        return defines_operand_of(p, r->op);
    for (int i = 0; i < r->nvalues; i++)
        if (r->values[i].ir && tcir_value_def(r->values[i].ir) == p)
            return true;
    return false;
}

static bool need_root(const expr_root *r, needed_set *s)
{
    if (r->op)
        return need_operands(r->op, s);
    for (int i = 0; i < r->nvalues; i++)
        if (r->values[i].ir && !need_value(r->values[i].ir, s))
            return false;
    return true;
}

static void order_effects_of(tl_builder *b, tcir_block *blk, const expr_root *x)
{
    tcir_op *run[TL_EXPR_MAX_OPS];
    int n = 0;
    bool any_fixed = false, sorted = true;
    tcir_op *last = tcir_block_last(blk);
    if (!last || !root_uses(x, last))
        return; /* (the common case first: x does not use the last op, so there is no run) */
    /* A walk from `last` gave up (too long, or a scope): x's, from the same op with the same
     * key, meets all that one met in the same order, and gives up too (a C loop of one call,
     * v = tl_add(v, v), would otherwise walk TL_EXPR_MAX_OPS ops per op). */
    if (x->op && last == b->place.expr_gave_up && key_scope(last) == x->scope && key_epoch(last) == x->epoch &&
        key_line(last) == x->line && key_seq(last) <= x->seq) {
        b->place.expr_gave_up = x->op;
        return;
    }
    needed_set needed; /* (not zero-initialized: its list is 512 bytes, most walks use none) */
    needed.mark = ++b->place.order_mark;
    needed.n = needed.nkeyless = 0;
    if (!need_root(x, &needed))
        return;
    /* The run, from the block's end up (run[0] is the last op). */
    for (tcir_op *p = tcir_block_last(blk); p && is_needed(&needed, p); p = tcir_op_prev(p)) {
        if (key_scope(p) != x->scope || key_epoch(p) != x->epoch || key_seq(p) > x->seq || key_line(p) != x->line)
            break;
        bool fixed = !movable(p);
        if (n == TL_EXPR_MAX_OPS || !need_operands(p, &needed) || (fixed && tcir_op_nregions(p))) {
            if (x->op)
                b->place.expr_gave_up = x->op; /* too long, or a scope: a statement, never part of an expression */
            return;
        }
        any_fixed |= fixed;
        if (n && key_seq(p) > key_seq(run[n - 1]))
            sorted = false;
        run[n++] = p;
    }
    if (!any_fixed || sorted)
        return;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (key_seq(run[j]) > key_seq(run[i]) && defines_operand_of(run[j], run[i]))
                return;
    /* Stable insertion sort by seq, top to bottom (run reversed: block order). */
    tcir_op *order[TL_EXPR_MAX_OPS];
    for (int i = 0; i < n; i++) {
        tcir_op *op = run[n - 1 - i];
        int j = i;
        while (j > 0 && key_seq(order[j - 1]) > key_seq(op)) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = op;
    }
    tcir_op *after = tcir_op_next(run[0]); /* NULL: the run ends the block */
    for (int i = 0; i < n; i++)
        tcir_op_detach(order[i]);
    for (int i = 0; i < n; i++)
        tcir_block_insert_before(blk, after, order[i]);
    runs_moved(b);
}

static void order_expression_effects(tl_builder *b, tcir_block *blk, tcir_op *x)
{
    expr_root r = {.op = x, .scope = key_scope(x), .epoch = key_epoch(x), .seq = key_seq(x), .line = key_line(x)};
    order_effects_of(b, blk, &r);
}

void order_call_arguments(tl_builder *b, tl_site site, int n, const tl_value *args)
{
    if (!b || !ordered(site))
        return;
    expr_root r = {.nvalues = n,
                   .values = args,
                   .scope = builder_order_scope(b, site),
                   .epoch = b->place.epoch,
                   .seq = site.seq,
                   .line = site.line};
    order_effects_of(b, tl_current_block(b), &r);
}

/* A new op's key, or NULL when out of memory (the op is then appended). */
static tl_op_key *new_key(tl_builder *b, tl_site site, const void *scope, bool move)
{
    tl_op_key *k = ir_alloc_raw(b->ctx, sizeof *k); /* every field written below */
    if (k)
        *k = (tl_op_key){.frame = b->place.frame,
                         .scope = scope,
                         .seq = site.seq,
                         .epoch = b->place.epoch,
                         .line = site.line,
                         .movable = move};
    return k;
}

/* The key `o`'s part of an expression stands at in the level of `level_key` when it is a part
 * of level_key's expression (its line, scope and pass, earlier in the text): its own, or the key
 * of the call of that level it was made in; else NULL. *in is that call (NULL: none). */
static const tl_op_key *part_key(const tl_op_key *o, const tl_op_key *level_key, const tl_frame **in)
{
    *in = NULL;
    if (!o || !o->scope)
        return NULL;
    *in = call_in(o, level_key->frame);
    const tl_op_key *at = *in ? &(*in)->key : o->frame == level_key->frame ? o : NULL;
    if (!at || at->scope != level_key->scope || at->epoch != level_key->epoch || at->line != level_key->line ||
        at->seq >= level_key->seq)
        return NULL;
    return at;
}

/* Whether the part of an expression that op d ends holds an effect: d's, a helper call's made
 * in it, or one of the parts d uses (remembered on the keys: each is worked out once). */
static bool part_has_effect(tcir_op *d, tl_op_key *dk)
{
    if (dk->effect_memo)
        return dk->effect_memo == 2;
    bool effect = !movable(d);
    for (int i = 0; i < tcir_op_noperands(d) && !effect; i++) {
        tcir_op *o = tcir_value_def(tcir_op_operand(d, i));
        tl_op_key *ok = o ? order_op_key_of(o) : NULL;
        const tl_frame *in;
        if (part_key(ok, dk, &in))
            effect = in ? in->effects : part_has_effect(o, ok);
    }
    dk->effect_memo = effect ? 2 : 1;
    return effect;
}

/* Notes on the new op's key the first helper call its expression's parts hold (its operands
 * made on its line, in its level and pass, earlier in the text: ops of its level, or calls of
 * helpers made there), and fails when two parts hold a helper call and an effect between them:
 * gcc and clang make the parts in opposite orders, and an effect is passed by nothing, so the
 * call would stand on either side of it (see "helpers inside an expression"). Runs once a call
 * was begun with a site: before, no op has a call among its parts. */
static void check_expression(tl_builder *b, tcir_op *op, tl_op_key *k)
{
    const void *first_part = NULL;
    bool parts = false;
    const tl_frame *call = NULL;
    for (int i = 0; i < tcir_op_noperands(op); i++) {
        const tcir_op *d = tcir_value_def(tcir_op_operand(op, i));
        const tl_op_key *dk = d ? order_op_key_of(d) : NULL;
        const tl_frame *in;
        if (!part_key(dk, k, &in))
            continue;
        const void *part = in ? (const void *)in : (const void *)d;
        parts |= first_part && part != first_part;
        if (!first_part)
            first_part = part;
        if (!call)
            call = in ? in : dk->sub_call;
    }
    k->sub_call = call;
    if (!parts || !call)
        return;
    bool effect = false;
    for (int i = 0; i < tcir_op_noperands(op) && !effect; i++) {
        tcir_op *d = tcir_value_def(tcir_op_operand(op, i));
        tl_op_key *dk = d ? order_op_key_of(d) : NULL;
        const tl_frame *in;
        if (part_key(dk, k, &in))
            effect = in ? in->effects : part_has_effect(d, dk);
    }
    if (effect)
        tl_builder_fail(b, call->site,
                        "a helper called inside an expression that has an effect (a load, a store, an atomic, a "
                        "scope...) in another part: C gives the parts of an expression no order, Python makes them "
                        "left to right; assign the helper's result, or the effect's, to a variable in a statement "
                        "of its own");
}

void order_place_op(tl_builder *b, tcir_op *op, const tl_site *site)
{
    tcir_block *blk = tl_current_block(b);
    tcir_op *before = NULL;
    if (ordered(*site)) {
        const void *scope = builder_order_scope(b, *site);
        note_site(b, scope, site->seq);
        bool move = movable_kind(op);
        tl_op_key *k = new_key(b, *site, scope, move);
        tcir_op_set_aux(op, k);
        if (k && b->place.calls_begun && tcir_op_noperands(op))
            check_expression(b, op, k);
        if (b->place.frame && !movable(op))
            b->place.frame->effects = true;
        order_expression_effects(b, blk, op);
        for (tcir_op *p = tcir_block_last(blk); move && p && keys_let_pass(op, p);) {
            tcir_op *first = run_to_skip(b, op, p, blk);
            if (first) {
                before = first;
                p = tcir_op_prev(first);
                continue;
            }
            if (defines_operand_of(p, op))
                break;
            before = p;
            p = tcir_op_prev(p);
        }
    }
    if (blk != b->entry)
        follow_captured_values(b, op, blk);
    tcir_block_insert_before(blk, before, op);
    if (before)
        b->place.expr_gave_up = NULL; /* a walk from the end may now stop at op */
    join_run(b, op);
    if (!b->place.frame) /* (a helper call's ops come after the call, which counted) */
        order_pool_body_op(b, *site);
}

/* ---- helper calls ---------------------------------------------------------------------------- */

/* Makes room for the seen-site tables of depths up to `depth`; false when out of memory. */
static bool grow_spare(tl_builder *b, int depth)
{
    int cap = b->place.nspare ? b->place.nspare : 4;
    while (cap < depth)
        cap *= 2;
    tl_seen_table *grown = tcir_alloc(b->ctx, sizeof *grown * (size_t)cap); /* zeroed: no table yet */
    if (!grown)
        return false;
    for (int i = 0; i < b->place.nspare; i++)
        grown[i] = b->place.spare[i];
    b->place.spare = grown;
    b->place.nspare = cap;
    return true;
}

void order_place_call_begin(tl_builder *b, tl_site site, int pool_depth)
{
    tl_frame *parent = b->place.frame;
    tl_frame *f = tcir_alloc(b->ctx, sizeof *f);
    int depth = parent ? parent->depth + 1 : 1;
    if (!f || (depth > b->place.nspare && !grow_spare(b, depth)))
        return; /* out of memory: the call's ops are placed as its caller's (reported later) */
    const void *scope = ordered(site) ? builder_order_scope(b, site) : NULL;
    if (scope)
        note_site(b, scope, site.seq); /* the call is a site of its caller's level */
    order_pool_helper_call(b, site);
    *f = (tl_frame){.parent = parent, .site = site, .depth = depth, .helper_depth = pool_depth};
    f->key = (tl_op_key){
        .frame = parent, .scope = scope, .seq = site.seq, .epoch = b->place.epoch, .line = site.line, .movable = true};
    /* The caller's level waits; the call's starts a pass of its own with a table of its own. */
    f->saved_epoch = b->place.epoch;
    f->saved_seen = b->place.seen;
    f->saved_seen_count = b->place.seen_count;
    f->saved_seen_cap = b->place.seen_cap;
    f->saved_last_scope = b->place.last_seen_scope;
    f->saved_last_seq = b->place.last_seen_seq;
    tl_seen_table *t = &b->place.spare[depth - 1];
    b->place.seen = t->seen;
    b->place.seen_cap = t->cap;
    b->place.seen_count = 0;
    b->place.epoch = ++b->place.epochs; /* (no entry of the table has it: it is new) */
    b->place.last_seen_scope = NULL;
    b->place.last_seen_seq = 0;
    b->place.frame = f;
    b->place.calls_begun = true;
}

void order_place_call_end(tl_builder *b, int pool_depth)
{
    tl_frame *f = b->place.frame;
    if (!f || f->helper_depth != pool_depth)
        return; /* a helper begun without a site */
    b->place.spare[f->depth - 1] = (tl_seen_table){b->place.seen, b->place.seen_cap};
    b->place.seen = f->saved_seen;
    b->place.seen_count = f->saved_seen_count;
    b->place.seen_cap = f->saved_seen_cap;
    b->place.last_seen_scope = f->saved_last_scope;
    b->place.last_seen_seq = f->saved_last_seq;
    b->place.epoch = f->saved_epoch;
    b->place.frame = (tl_frame *)f->parent;
    if (b->place.frame && f->effects)
        b->place.frame->effects = true;
}

/* ---- keyword arguments first ---------------------------------------------------------------
 *
 * Triton's code generator evaluates a call's keyword arguments before its positional ones:
 * `tl.load(x + offs, mask=offs < n)` makes the comparison first. In C the positional argument
 * comes first in the text. So when a call's keyword values were made by expressions written
 * in the call itself (after its positional arguments, on the same line), their ops move in
 * front of the positional arguments' ops, and their source-order keys are swapped to match,
 * for the ops and for the constants they met. This is the one-expression case of the rule:
 * the call's argument ops are found by data flow (same block, scope, pass and line), scopes
 * excluded; every other op from the first positional one to the end of the block must be pure,
 * and a keyword op may use no value made there but by another keyword op; otherwise nothing
 * moves. Effects among the argument ops (a load as `acc`) move with them: C gives a call's
 * arguments no order. */

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

/* Collects the ops that made v and were written in this call: same block, scope, pass and
 * line, earlier in the text than the call, not scopes. */
static void collect(tl_builder *b, const void *scope, tl_site site, tcir_value *v, op_set *s)
{
    tcir_op *d = v ? tcir_value_def(v) : NULL;
    if (!d || s->overflow || in_set(s, d) || tcir_op_block(d) != tl_current_block(b) || key_scope(d) != scope ||
        key_epoch(d) != b->place.epoch || key_seq(d) >= site.seq || key_line(d) != site.line ||
        (tcir_op_nregions(d) && !movable(d)))
        return;
    if (s->n == TL_KW_MAX_OPS) {
        s->overflow = true;
        return;
    }
    s->ops[s->n++] = d;
    for (int i = 0; i < tcir_op_noperands(d); i++)
        collect(b, scope, site, tcir_op_operand(d, i), s);
}

static int min_seq(const op_set *s)
{
    int m = s->ops[0] ? key_seq(s->ops[0]) : 0;
    for (int i = 1; i < s->n; i++)
        if (key_seq(s->ops[i]) < m)
            m = key_seq(s->ops[i]);
    return m;
}

static int max_seq(const op_set *s)
{
    int m = 0;
    for (int i = 0; i < s->n; i++)
        if (key_seq(s->ops[i]) > m)
            m = key_seq(s->ops[i]);
    return m;
}

static int by_seq(const void *x, const void *y)
{
    int a = *(const int *)x, c = *(const int *)y;
    return (a > c) - (a < c);
}

/* True when the keyword ops may all move above first_p: from there on, every op is one of the
 * call's own argument ops (whose effects C leaves unordered) or pure, and no keyword op uses a
 * value made there by an op that stays. */
static bool may_hoist(const op_set *p, const op_set *k, tcir_op *first_p)
{
    for (tcir_op *op = first_p; op; op = tcir_op_next(op)) {
        if (in_set(k, op))
            continue;
        if (!in_set(p, op) && !movable(op))
            return false;
        for (int i = 0; i < k->n; i++)
            if (defines_operand_of(op, k->ops[i]))
                return false;
    }
    return true;
}

static bool values_ok(tl_builder *b, tl_site site, int n, const tl_value *v, const char *what)
{
    if (n < 0) {
        tl_builder_fail(b, site, "tl_order_keywords_first: %d %s values", n, what);
        return false;
    }
    if (n && !v) {
        tl_builder_fail(b, site, "tl_order_keywords_first: %d %s values announced but the array is NULL", n, what);
        return false;
    }
    for (int i = 0; i < n; i++)
        if (v[i].b && v[i].b != b) {
            tl_builder_fail(b, site, "tl_order_keywords_first: %s value #%d belongs to another builder", what, i);
            return false;
        }
    return true;
}

static void hoist(tl_builder *b, const void *scope, const op_set *p, const op_set *k, tcir_op *first_p, tcir_op **order,
                  int *seqs, int n);

/* The ops in block order of p and k (from the first of either), into order and seqs; returns
 * how many, and the first op of p in *first_p. */
static int gather(tl_builder *b, const op_set *p, const op_set *k, tcir_op **order, int *seqs, tcir_op **first_p)
{
    int n = 0;
    *first_p = NULL;
    tcir_op *op = tcir_block_last(tl_current_block(b));
    for (int found = 0; op && found < p->n + k->n; op = tcir_op_prev(op))
        found += in_set(p, op) || in_set(k, op);
    for (op = op ? tcir_op_next(op) : tcir_block_first(tl_current_block(b)); op; op = tcir_op_next(op)) {
        bool is_p = in_set(p, op), is_k = !is_p && in_set(k, op);
        if (is_p && !*first_p)
            *first_p = op;
        if (is_p || is_k) {
            order[n] = op;
            seqs[n++] = key_seq(op);
        }
    }
    return n;
}

void tl_order_keywords_first_at(tl_site site, tl_builder *b, int npos, const tl_value *pos, int nkw, const tl_value *kw)
{
    if (!builder_usable(b, site))
        return;
    if (!values_ok(b, site, npos, pos, "positional") || !values_ok(b, site, nkw, kw, "keyword") || !ordered(site))
        return;
    const void *scope = builder_order_scope(b, site);
    op_set p, k; /* (only the counts are cleared: the lists are 512 bytes each) */
    p.n = k.n = 0;
    p.overflow = k.overflow = false;
    for (int i = 0; i < npos; i++)
        collect(b, scope, site, pos[i].ir, &p);
    for (int i = 0; i < nkw; i++)
        collect(b, scope, site, kw[i].ir, &k);
    if (!p.n || !k.n || p.overflow || k.overflow || min_seq(&k) <= max_seq(&p))
        return;
    for (int i = 0; i < k.n; i++)
        if (in_set(&p, k.ops[i]))
            return; /* shared subexpressions: leave the text's order */

    /* The ops in block order, and the block position of the first positional one: they were
     * all made for this call, so a walk back from the block's end meets them all soon. */
    tcir_op *order[2 * TL_KW_MAX_OPS], *first_p;
    int seqs[2 * TL_KW_MAX_OPS];
    int n = gather(b, &p, &k, order, seqs, &first_p);
    hoist(b, scope, &p, &k, first_p, order, seqs, n);
}

/* Moves the ops of k (in their present order) in front of those of p, and gives the ops of
 * both the keys of their new places (the same keys, sorted), for the constants too. order and
 * seqs: the n ops of both, in block order from first_p's group on, and their keys. */
static void hoist(tl_builder *b, const void *scope, const op_set *p, const op_set *k, tcir_op *first_p, tcir_op **order,
                  int *seqs, int n)
{
    if (!may_hoist(p, k, first_p))
        return;
    /* Keyword ops first, each group in its present order, taking the lowest keys. */
    qsort(seqs, (size_t)n, sizeof seqs[0], by_seq);
    int old_seq[2 * TL_KW_MAX_OPS], new_seq[2 * TL_KW_MAX_OPS], next = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < n; i++) {
            bool is_k = in_set(k, order[i]);
            if (is_k != (pass == 0))
                continue;
            old_seq[next] = key_seq(order[i]);
            new_seq[next] = seqs[next];
            order_op_key_of(order[i])->seq = seqs[next];
            if (is_k) {
                tcir_op_detach(order[i]);
                tcir_block_insert_before(tl_current_block(b), first_p, order[i]);
            }
            next++;
        }
    }
    runs_moved(b);
    order_pool_remap(b, scope, n, old_seq, new_seq);
}

/* ---- a chain: p + a + b --------------------------------------------------------------------
 *
 * tl_addptr(p, a, b) makes (p + a) + b in one call, after C made all its arguments; its ops
 * carry the call's key, so they land after every argument's. Python makes p + a before b:
 * each step but the last moves in front of the later operands' ops, as keywords do above. */

/* The ops of v made at `site` itself (its key): the step, and the casts and splats it made. */
static void collect_own(tl_builder *b, const void *scope, tl_site site, tcir_value *v, op_set *s)
{
    tcir_op *d = v ? tcir_value_def(v) : NULL;
    if (!d || s->overflow || in_set(s, d) || tcir_op_block(d) != tl_current_block(b) || key_scope(d) != scope ||
        key_epoch(d) != b->place.epoch || key_seq(d) != site.seq || key_line(d) != site.line || !movable(d))
        return;
    if (s->n == TL_KW_MAX_OPS) {
        s->overflow = true;
        return;
    }
    s->ops[s->n++] = d;
    for (int i = 0; i < tcir_op_noperands(d); i++)
        collect_own(b, scope, site, tcir_op_operand(d, i), s);
}

void tl_order_chain_step_at(tl_site site, tl_builder *b, tl_value step, int nlater, const tl_value *later)
{
    if (!builder_usable(b, site))
        return;
    if (!values_ok(b, site, 1, &step, "step") || !values_ok(b, site, nlater, later, "later") || !ordered(site))
        return;
    const void *scope = builder_order_scope(b, site);
    op_set p, k;
    p.n = k.n = 0;
    p.overflow = k.overflow = false;
    for (int i = 0; i < nlater; i++)
        collect(b, scope, site, later[i].ir, &p);
    collect_own(b, scope, site, step.ir, &k);
    if (!p.n || !k.n || p.overflow || k.overflow)
        return;
    tcir_op *order[2 * TL_KW_MAX_OPS], *first_p;
    int seqs[2 * TL_KW_MAX_OPS];
    int n = gather(b, &p, &k, order, seqs, &first_p);
    hoist(b, scope, &p, &k, first_p, order, seqs, n);
}
