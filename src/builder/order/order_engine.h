/* Private: the order engine, where the builder's ops and constants go so that a kernel's TTIR
 * follows Python's order (docs/order.md says the rule and why; tritonc/order.h is what a port
 * tells it). Two parts: place.c puts each new op in its block (source order within one C
 * expression, effects in issue order) and the pool (pool.c, pool_sort.c, pool_remap.c, sharing
 * pool_internal.h) keeps the function's constants where make_ttir leaves Python's. The builder (src/builder/builder*.c) holds their state (order_placer,
 * order_pool) and calls them through this header only; they read the builder's own state through
 * builder_internal.h (its blocks, its arena, its error). */
#ifndef TRITONC_ORDER_ORDER_H
#define TRITONC_ORDER_ORDER_H

#include <stdbool.h>
#include <stdint.h>

#include "builder/builder_index.h"
#include "ir/inline.h"
#include "tritonc/builder.h"

/* Where in the source a constant was met: compared by pass (epoch), then by source order in
 * the same C function, then by the order calls ran (counter). */
typedef struct order_stamp {
    int epoch;
    const void *scope;
    int seq, counter;
} order_stamp;

/* The meetings most entries never have (as a loop bound, as a cast's source, inside a helper):
 * kept apart, made at the first such meeting, so that the common entry stays small (a kernel of
 * 100,000 constants holds 200,000 entries). Folds are common (every sum that reassociation
 * makes), so their stamp stays in the entry: a part apart is a cache miss more wherever the
 * entry is read. */
typedef struct order_const_rare {
    order_stamp bound_at; /* the first loop bound it was made for */
    order_stamp cast_source_at; /* the first meeting as a cast's source (cast_source) */
    order_stamp helper_stamp; /* where the helper call that met it first is in the source (calls
                              * are ordered by it) */
    int helper_call; /* which helper call met it first (outermost calls are numbered) */
    int helper_at; /* the first meeting inside a helper */
    bool helper_sited; /* that call came with its caller's site: helper_stamp is the call's */
} order_const_rare;

typedef struct order_const_entry {
    const tcir_type *type;
    const tcir_attr *value; /* equal to its op's value: the one last met (find_or_add) */
    tcir_op *op; /* NULL while the constant is only noted, not used */
    order_const_rare *rare; /* NULL until such a meeting: then every field reads as zero */
    order_stamp caller_at; /* the first meeting in the kernel's own code */
    order_stamp fold_at; /* the first fold that made it */
    int index; /* its place in the pool (order_pool_at) */
    int remap_round; /* the last order_pool_remap that handled it */
    bool caller; /* met in the kernel's own code (made there, or noted) */
    bool live; /* made where it is used (not only noted, folded or a loop bound) */
    bool folded; /* made by folding a cast of a constant (and not met otherwise first) */
    bool helper; /* met inside a helper */
    bool helper_first; /* ... a helper called before any other op of the function */
    bool helper_late; /* ... made by folding there (a cast of a constant, or a loop bound
                          * nothing else uses): below the other constants of that call */
    bool bound; /* made for a loop bound */
    bool leading; /* first met (in the kernel's code) before any op of the function */
    bool droppable; /* made by tl_to_tensor: finish drops it when nothing uses it */
    bool used; /* some op of the finished function uses it (order_pool_settle; read for
                          * droppable entries only) */
    bool cast_source; /* made by Python in the kernel's code for a cast that folds, first at
                          * rare->cast_source_at: counts when the kernel's code meets it too */
} order_const_entry;

typedef struct order_seen_entry {
    const void *scope;
    int seq, epoch;
} order_seen_entry;

struct tl_frame;

/* What the builder keeps on each op it made (tcir_op_aux): the order engine's key of an op it
 * placed (place.c), or a pooled constant's entry (pool.c). */
typedef struct tl_op_key {
    const struct tl_frame *frame; /* the helper call it was made in (NULL: the kernel's level) */
    const void *scope; /* the ordering scope (NULL: not placed in source order) */
    int seq; /* the site's place in the text (tl_site.seq) */
    int epoch; /* the pass */
    int line; /* the C line of the call */
    bool movable; /* pure by its opcode (a region op's contents are checked apart) */
    int pool_entry; /* a pooled constant: its entry + 1 (0: any other op) */
    /* The run the op belongs to: ops placed one after another under one key (scope, seq, epoch,
     * line), movable and without regions - what one call of a helper makes. Valid while
     * run_gen equals the builder's order_gen (a move of placed ops starts a new generation). */
    tcir_op *run_first;
    unsigned run_gen;
    unsigned mark; /* a walk's mark (place.c: sets of ops without a list to search) */
    /* What the part of its expression it ends holds (place.c, "helpers inside an expression"):
     * the first helper call met there (kept once a call was begun with a site), and whether an
     * effect is there (0: not known yet, 1: none, 2: one: worked out when asked). */
    const struct tl_frame *sub_call;
    unsigned char effect_memo;
} tl_op_key;

/* A helper call begun with its caller's site (tl_builder_helper_begin_at): its ops are one
 * unit, placed at the call's place in the caller's expression (place.c). */
typedef struct tl_frame {
    const struct tl_frame *parent; /* the call it was made in (NULL: the kernel's level) */
    tl_site site; /* the call, for errors */
    tl_op_key key; /* the call's key in its caller's level (scope, seq, epoch, line) */
    int depth; /* 1 for a call made at the kernel's level */
    int helper_depth; /* the pool's helper depth inside it: the end that closes it */
    bool effects; /* an op with effects was made in it (or in a call it made) */
    /* The caller's level, given back at its end: its pass and its table of seen sites. */
    int saved_epoch, saved_seen_count, saved_seen_cap, saved_last_seq;
    order_seen_entry *saved_seen;
    const void *saved_last_scope;
} tl_frame;

static inline tl_op_key *order_op_key_of(const tcir_op *op) { return (tl_op_key *)tcir_op_aux(op); }

/* The pool entry of a pooled constant's op, or -1 for any other op (or NULL). */
static inline int order_pool_entry_of(const tcir_op *op)
{
    const tl_op_key *k = op ? order_op_key_of(op) : NULL;
    return k ? k->pool_entry - 1 : -1;
}

/* An ordering scope: a C function in its translation unit (place.c). */
typedef struct order_scope {
    const void *unit, *func;
    const void *self; /* its interned identity, kept on ops and stamps */
} order_scope;

enum { TL_POOL_SEG0 = 16, TL_POOL_SEG0_LOG2 = 4, TL_POOL_SEGS = 32 - TL_POOL_SEG0_LOG2 };
enum { TL_POOL_RECENT_LOG2 = 5, TL_POOL_RECENT = 1 << TL_POOL_RECENT_LOG2 };

/* The constant pool's state (pool*.c). */
typedef struct order_pool {
    /* The entries, in the arena: segment k holds TL_POOL_SEG0 << k of them (order_pool_at), so
     * the pool grows as a doubling array would but copies nothing and leaves nothing behind,
     * and an entry never moves. met_heads, met and const_index live outside the arena
     * (order_pool_free); when one cannot grow, the pool sets the builder's out_of_memory. */
    order_const_entry *segs[TL_POOL_SEGS];
    int nconsts, nsegs;
    builder_index const_index; /* (type, value) -> pool entry */
    /* The entries last found (+ 1; 0: none), by the addresses of their type and value
     * (direct-mapped): a constant used again mostly comes with the very same attribute (the
     * builder's memo and the attribute memo hand it out), so its entry is found without
     * hashing the value or comparing it. A slot is only a guess, checked against the entry's
     * own type and value: equal addresses are equal contents, and those have one entry. */
    int recent[TL_POOL_RECENT];
    /* Where constants were met (a stamp's scope, seq and epoch -> the entries met there), so
     * that order_pool_remap finds the constants of a call's argument ops without a walk over
     * the pool: met[] holds nodes {entry, next}, met_heads an open-addressing table of keys
     * with the first node of each (nodes of stamps since remapped stay; they do no harm). Only
     * the current pass is kept: a key of an earlier one counts as an empty slot. A
     * list per key, not a builder_index of records: one key gathers many records, which linear
     * probing piles into one cluster (tried: the masked-loads bench went quadratic again). */
    struct order_met_key {
        const void *scope;
        int seq, epoch, head;
    } * met_heads;
    int met_heads_cap, nmet_keys; /* nmet_keys: those of the current pass */
    int met_epoch; /* the pass nmet_keys and nmet count for */
    struct order_met_node {
        int entry, next;
    } * met;
    int nmet, met_cap;
    int remap_round; /* marks the entries one remap has handled */
    int *remap_hits; /* scratch: the entries one remap handles */
    int remap_hits_cap;
    tcir_op *const_tail; /* the last pooled constant of the entry block (NULL: none there) */
    int nconst_ops; /* the first nconst_ops ops of the entry block are pooled constants */
    int stamp_counter;
    int helper_depth; /* > 0 inside tl_builder_helper_begin/end */
    int helper_call; /* outermost helper calls so far */
    uint32_t helper_values; /* values_made when the current outermost helper call began */
    bool helper_first; /* the current helper call came before any other op of the function */
    bool helper_call_sited; /* ... it came with its caller's site (tl_builder_helper_begin_at), */
    order_stamp helper_call_at; /* ... this one: its constants' calls are ordered by it */
    bool sited_calls; /* some outermost helper call came with its caller's site */
    bool body_started; /* an op or a helper call was made */
    order_stamp body_at; /* ... the first of them in source order */
    /* For tests (tests/builder/test_order_sort.c) that compare the two ways order_pool_sort finds the
     * order: merge_sort_only turns the radix sort off; radix_sorts counts its uses. */
    bool merge_sort_only;
    int radix_sorts;
} order_pool;

/* Entry i of the pool (0 <= i < nconsts): segment k holds entries from TL_POOL_SEG0 * (2^k - 1). */
static inline order_const_entry *order_pool_at(const order_pool *pool, int i)
{
    unsigned j = (unsigned)i + TL_POOL_SEG0;
#if defined(__GNUC__)
    int top = 31 - __builtin_clz(j);
#else
    int top = 0;
    while (j >> (top + 1))
        top++;
#endif
    int k = top - TL_POOL_SEG0_LOG2;
    return &pool->segs[k][j - ((unsigned)TL_POOL_SEG0 << k)];
}

/* A table of seen sites kept for a depth of helper calls, to be used again by the next call
 * of that depth (place.c). */
typedef struct tl_seen_table {
    order_seen_entry *seen;
    int cap;
} tl_seen_table;

/* The placement's state (place.c). */
typedef struct order_placer {
    int epoch; /* the current pass of the current level (the kernel's, or a helper call's) */
    int epochs; /* the passes numbered so far: each pass of each level has a number of its own */
    tl_frame *frame; /* the innermost helper call begun with a site (NULL: none) */
    bool calls_begun; /* a helper call was begun with a site (check_expression runs from then) */
    tl_seen_table *spare; /* spare[d]: the seen-site table of depth d + 1 */
    int nspare;
    order_seen_entry *seen;
    int seen_count, seen_cap;
    const void *last_seen_scope;
    int last_seen_seq;
    order_scope *scopes;
    int nscopes, scopes_cap;
    const void *last_unit, *last_func, *last_scope; /* the last scope looked up */
    unsigned order_mark; /* the last walk's mark (tl_op_key.mark) */
    tcir_op *expr_gave_up; /* the last op whose expression walk gave up */
    unsigned order_gen; /* bumped when placed ops move: runs (tl_op_key) of older ones are void */
} order_placer;

/* Opens a helper call at `site` (its caller's) and closes it at its end (place.c; called by
 * tl_builder_helper_begin_at and tl_builder_helper_end, pool.c): pool_depth is the pool's
 * helper depth inside the call. */
void order_place_call_begin(tl_builder *b, tl_site site, int pool_depth);
void order_place_call_end(tl_builder *b, int pool_depth);
/* Tells the pool a helper call begins at `site`, in its caller's pass (pool.c). */
void order_pool_helper_call(tl_builder *b, tl_site site);
/* Inserts a new op into the current block under the order engine's rule (place.c). */
void order_place_op(tl_builder *b, tcir_op *op, const tl_site *site);
/* Before a helper call at `site` begins (a function of the library written as Python's @jit
 * helper: standard.h): the effects among its argument expressions, which C ran in no fixed
 * order, put in the text's order, as the issue of an op taking those arguments puts them. */
void order_call_arguments(tl_builder *b, tl_site site, int n, const tl_value *args);
/* The site's ordering scope (its C function in its translation unit), one pointer per scope;
 * NULL for a site without a function. builder_order_scope (builder_internal.h) answers a site of
 * the last scope inline and asks this for the others. */
const void *order_scope_find(tl_builder *b, tl_site site);
/* How Python's pipeline first meets a constant (the pool: pool.c, unless another file is named). */
/* TL_MEET_ASSIGNED: made where Python assigns a number to a name (tl_to_tensor): met there, but
 * live only through the ops that use it (a loop bound that is its only use folds it away). */
/* TL_MEET_CAST_SOURCE: made by Python's frontend for a cast the canonicalizer folds (the int32
 * 0 of tl.load(p, mask, other=0) on float32): dead after the kernel's first canonicalization,
 * so it places only a constant the kernel's own code uses too, not one only a helper makes. */
typedef enum order_meeting {
    TL_MEET_DIRECT,
    TL_MEET_FOLDED,
    TL_MEET_BOUND,
    TL_MEET_ASSIGNED,
    TL_MEET_CAST_SOURCE
} order_meeting;
/* The pooled constant of `type` (scalar or tensor) holding `value`. */
tcir_value *order_pool_const(tl_builder *b, tl_site site, const tcir_type *type, const tcir_attr *value,
                             order_meeting how);
/* Gives the constants met at old_seq[i] (in scope, this pass) the key new_seq[i], and moves
 * them to match (place.c reorders keyword arguments; pool_remap.c). */
void order_pool_remap(tl_builder *b, const void *scope, int n, const int *old_seq, const int *new_seq);
/* Notes that Python's frontend makes this constant here, without making it. */
void order_pool_note(tl_builder *b, tl_site site, const tcir_type *type, const tcir_attr *value, order_meeting how);
/* Settles what only the finished function shows (tl_finish): which constants only loops use,
 * and which nothing uses (order_const_entry.used; pool_sort.c). */
void order_pool_settle(tl_builder *b);
/* Puts the pooled constants in their final order (tl_finish, after order_pool_settle); false
 * when out of memory (pool_sort.c). */
bool order_pool_sort(tl_builder *b);
/* Takes an unused constant out of the function (tl_finish). */
void order_pool_drop(tl_builder *b, order_const_entry *e);
/* Frees what the pool keeps outside the arena (tl_builder_destroy). */
void order_pool_free(tl_builder *b);
/* Tells the pool an op was placed at `site` (constants met before every op lead the function). */
void order_pool_body_op(tl_builder *b, tl_site site);

#endif
