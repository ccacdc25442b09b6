/* The constant pool: one arith.constant per (type, value), hoisted to the top of the entry
 * block, as docs/order.md ("Constants") describes.
 *
 * Their order is the one Triton's make_ttir leaves Python's constants in, so that both
 * sides print the same after it. What happens to Python's constants there, as seen on the
 * GPU machine (tests/gpu/ops_cases):
 *   - MLIR's canonicalizer first walks the function and moves each constant that is not in
 *     the leading run of constants to the front: constants met later end up higher. Python's
 *     frontend makes constants where they are used (plus scalar ones that die, but mark where
 *     a value was first met).
 *   - Constants Python makes before the function's first op (tl.atomic_add(p, 1) or
 *     tl.make_tensor_descriptor(...) as the first statement) are that leading run: they stay
 *     where they are, below all the others, first made on top (tests/gpu/memory_cases:
 *     atomic_add_scalar_int, descriptor_*).
 *   - It then folds ops; a constant made by folding (a cast of a constant, which Python emits
 *     and tritonc folds itself) is put at the front then, above all of those, in the order
 *     of the folded ops: the last one on top.
 *   - A literal loop bound is made where the loop is, then cast with an arith.bitcast that
 *     folds away: the constant keeps that place if something else uses it too, and otherwise
 *     moves to the front as a folded one (seen on the GPU machine with control.ttir and
 *     tests/gpu: a loop's 0 and 1 that nothing else uses end on top).
 *   - Standard-library helpers (tl.cdiv, tl.zeros: `tt.call`s in Python's raw output) are
 *     inlined after the caller was canonicalized once; the next canonicalization moves their
 *     new constants to the front, a call at a time - unless the call came first in the
 *     function, right after the leading constants: those stay at the bottom, in the helper's
 *     own order (the reverse of how it met them), one call after the other (a second call
 *     right after the first follows the first's constants: two tl.zeros at the top).
 *   - User @jit helpers are the same (ported C functions bracket themselves with
 *     tl_builder_helper_begin/end): each is its own tt.func, canonicalized alone, inlined.
 *   - A literal a cast folds (tl.load(p, mask, other=0) on float32) is Python's int32 constant
 *     and its splat first, dead once the kernel was canonicalized the first time: that meeting
 *     places a constant the kernel's own code uses too, but not one only a helper makes
 *     (TL_MEET_CAST_SOURCE).
 * Hence the order kept here, top to bottom:
 *   1. constants met only inside helpers: the latest call (in source order) first, within a
 *      call in the order it made them (met in the kernel only by a note, a scalar Python makes
 *      on the way to a dense one, counts as not met there: the note is dead before inlining),
 *      those the helper's own canonicalization made by folding last (a cast of a constant, or
 *      a loop bound nothing else uses): it put them on top, and inlining walks the helper's
 *      constants from the top, moving each to the front, which reverses them;
 *   2. constants made by folding: the latest (in source order) on top;
 *   3. the others: by their first meeting in the kernel's code, the latest on top;
 *   4. those first met before any op or helper call (in source order): the earliest on top;
 *   5. constants met only in helpers called first: in call order, each call's latest made on
 *      top.
 * "First meeting" follows the source text (see tl_site), not the order calls ran. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "builder/builder_internal.h"
#include "base/alloc.h"
#include "base/hints.h"

static bool stamp_before(tl_stamp a, tl_stamp b)
{
    if (a.epoch != b.epoch)
        return a.epoch < b.epoch;
    if (a.scope && a.scope == b.scope && a.seq && b.seq && a.seq != b.seq)
        return a.seq < b.seq;
    return a.counter < b.counter;
}

static int rank(const tl_const_entry *e)
{
    /* a constant the kernel only notes is dead before the helpers are inlined: a helper's */
    if (e->live || (e->caller && !e->folded && !e->bound && !e->helper))
        return e->leading ? 3 : 2;
    if (e->folded || e->bound)
        return 1;
    return e->helper_first ? 4 : 0;
}

static tl_stamp earlier(tl_stamp a, tl_stamp b)
{
    return stamp_before(a, b) ? a : b;
}

static tl_stamp later(tl_stamp a, tl_stamp b)
{
    return stamp_before(a, b) ? b : a;
}

/* An entry's rare part, all zero when it has none. */
static const tl_const_rare *rare_of(const tl_const_entry *e)
{
    static const tl_const_rare none;
    return e->rare ? e->rare : &none;
}

/* An entry's rare part, made at its first use; NULL out of memory (then the builder's
 * out_of_memory is set, which tl_finish reports). */
static tl_const_rare *rare_for(tl_builder *b, tl_const_entry *e)
{
    if (!e->rare && !(e->rare = tcir_alloc(b->ctx, sizeof *e->rare)))
        b->out_of_memory = true;
    return e->rare;
}

/* Where a direct constant stands: its first meeting, a loop bound's included. */
static tl_stamp caller_key(const tl_const_entry *e)
{
    const tl_const_rare *r = rare_of(e);
    if (!e->caller)
        return r->bound_at;
    tl_stamp at = e->cast_source ? earlier(e->caller_at, r->cast_source_at) : e->caller_at;
    return e->bound ? earlier(at, r->bound_at) : at;
}

/* Where a folded constant stands: its last making by a fold (a dead bound's too). */
static tl_stamp fold_key(const tl_const_entry *e)
{
    const tl_const_rare *r = rare_of(e);
    if (e->folded && e->bound)
        return later(e->fold_at, r->bound_at);
    return e->folded ? e->fold_at : r->bound_at;
}

/* What the order of two constants depends on, taken out of a pool entry once: the final sort
 * compares these, moved together in one array, instead of reaching through each op to its
 * entry (three cache lines a side, n log n times: at 30,000 constants the sort's misses grew
 * its time faster than n log n). */
typedef struct sort_rec {
    tcir_op *op;
    int rank;
    int helper_call, helper_at;
    bool helper_late;
    tl_stamp helper_stamp;
    tl_stamp key; /* rank 1: fold_key; ranks 2 and 3: caller_key; others: unused */
} sort_rec;

static sort_rec sort_rec_of(const tl_const_entry *e, tcir_op *op)
{
    const tl_const_rare *rare = rare_of(e);
    sort_rec r = {op, rank(e), rare->helper_call, rare->helper_at, e->helper_late, rare->helper_stamp, {0, NULL, 0, 0}};
    if (r.rank == 1)
        r.key = fold_key(e);
    else if (r.rank == 2 || r.rank == 3)
        r.key = caller_key(e);
    return r;
}

/* Whether x's helper call comes before y's (another one) in the source. Two calls met inside
 * the same C function that is not the kernel's (a ported @jit helper called twice: its sites
 * say where in the helper, not where the call is) go by the order they ran. */
static bool call_before(const tl_builder *b, const sort_rec *x, const sort_rec *y)
{
    tl_stamp a = x->helper_stamp, c = y->helper_stamp;
    if (a.epoch == c.epoch && a.scope && a.scope == c.scope && !(b->pool.body_started && b->pool.body_at.scope == a.scope))
        return x->helper_call < y->helper_call;
    return stamp_before(a, c);
}

/* True when constant x belongs above constant y. */
static bool goes_above(const tl_builder *b, const sort_rec *x, const sort_rec *y)
{
    if (x->rank != y->rank)
        return x->rank < y->rank;
    switch (x->rank) {
    case 0: /* calls by their place in the source, not the order they ran (see tl_site) */
        if (x->helper_call != y->helper_call)
            return call_before(b, y, x);
        if (x->helper_late != y->helper_late)
            return y->helper_late;
        return x->helper_at < y->helper_at;
    case 1: return stamp_before(y->key, x->key);
    case 2: return stamp_before(y->key, x->key);
    case 3: return stamp_before(x->key, y->key);
    default: /* calls that stay where they were inlined: in call order, each in its own order */
        if (x->helper_call != y->helper_call)
            return call_before(b, x, y);
        return x->helper_at > y->helper_at;
    }
}

/* A hash of a pooled constant's value: a scalar (INT, BOOL, FLOAT, bitwise) or a splat of
 * one; other kinds (never pooled) hash by kind alone, equality still decides. */
static uint64_t value_hash(const tcir_attr *a)
{
    uint64_t h = 0x9e3779b97f4a7c15u;
    if (a && tcir_attr_get_kind(a) == TCIR_ATTR_DENSE) {
        h ^= (uint64_t)(uintptr_t)tcir_attr_get_type(a);
        a = tcir_attr_dense_elem(a);
        h *= 0xff51afd7ed558ccdu;
    }
    if (!a)
        return h;
    tcir_attr_kind kind = tcir_attr_get_kind(a);
    uint64_t bits = (uint64_t)kind;
    if (kind == TCIR_ATTR_INT || kind == TCIR_ATTR_BOOL) {
        bits ^= (uint64_t)tcir_attr_int_value(a) * 0xc4ceb9fe1a85ec53u;
    } else if (kind == TCIR_ATTR_FLOAT) {
        double f = tcir_attr_float_value(a);
        uint64_t u;
        memcpy(&u, &f, sizeof u);
        bits ^= u * 0xc4ceb9fe1a85ec53u;
    }
    h ^= bits + (h << 6) + (h >> 2);
    return h ^ (h >> 29);
}

static uint64_t entry_hash(const tcir_type *type, const tcir_attr *value)
{
    return value_hash(value) ^ ((uint64_t)(uintptr_t)type * 0x9e3779b97f4a7c15u);
}

/* find_or_add when the recent table's slot r misses: by the value's contents (every new
 * constant, and an equal one met through another attribute). Out of line, so that
 * find_or_add saves and restores no registers; not cold, which would compile it for size and
 * stop inlining the index's calls in it. */
static TCIR_NOINLINE tl_const_entry *find_or_add_slow(tl_builder *b, const tcir_type *type, const tcir_attr *value, int *r)
{
    uint64_t hash = entry_hash(type, value);
    tl_index_cursor c = {0};
    for (int i; (i = tl__index_next(&b->pool.const_index, hash, &c)) >= 0;) {
        tl_const_entry *e = tl__pool_at(&b->pool, i);
        if (e->type == type && tcir_attr_equal(e->value, value)) {
            e->value = value; /* equal: the latest one, which the memos hand out next */
            *r = i + 1;
            return e;
        }
    }
    if (!tl__index_reserve(&b->pool.const_index, b->pool.nconsts + 1)) {
        b->out_of_memory = true; /* (a note has no op to fail: tl_finish reports it) */
        return NULL; /* out of memory: the caller's op fails with it */
    }
    int n = b->pool.nconsts;
    if (n == INT_MAX - TL_POOL_SEG0) {
        b->out_of_memory = true;
        return NULL;
    }
    if ((size_t)n == (size_t)TL_POOL_SEG0 * (((size_t)1 << b->pool.nsegs) - 1)) { /* the segments are full */
        tl_const_entry *seg = tcir_alloc_raw(b->ctx, sizeof(*seg) * ((size_t)TL_POOL_SEG0 << b->pool.nsegs));
        if (!seg) {
            b->out_of_memory = true;
            return NULL; /* out of memory: the caller's op fails with it */
        }
        b->pool.segs[b->pool.nsegs++] = seg;
    }
    tl_const_entry *e = tl__pool_at(&b->pool, b->pool.nconsts++);
    *e = (tl_const_entry){.type = type, .value = value, .index = n};
    tl__index_put(&b->pool.const_index, hash, b->pool.nconsts - 1);
    *r = n + 1;
    return e;
}

static tl_const_entry *find_or_add(tl_builder *b, const tcir_type *type, const tcir_attr *value)
{
    uint64_t addr = ((uint64_t)(uintptr_t)value ^ (uint64_t)(uintptr_t)type * 0xc4ceb9fe1a85ec53u) * 0x9e3779b97f4a7c15u;
    int *r = &b->pool.recent[addr >> (64 - TL_POOL_RECENT_LOG2)];
    if (*r) {
        tl_const_entry *e = tl__pool_at(&b->pool, *r - 1);
        if (e->value == value && e->type == type)
            return e;
    }
    return find_or_add_slow(b, type, value, r);
}

/* Whether a meeting at `at` came before the function's first op (in source order). */
static bool leads(const tl_builder *b, tl_stamp at)
{
    return !b->pool.body_started || stamp_before(at, b->pool.body_at);
}

static void update_leading(const tl_builder *b, tl_const_entry *e)
{
    e->leading = (e->caller || e->bound) && leads(b, caller_key(e));
}

/* The key slots of earlier passes count as empty: a remap asks for meetings of the current
 * pass only, so those of a pass that ended are never asked for again (as in place.c's table of
 * seen sites). A loop of the kernel's then keeps the table as small as one iteration needs. */
static bool met_live(const tl_builder *b, size_t at)
{
    return b->pool.met_heads[at].head && b->pool.met_heads[at].epoch == b->place.epoch;
}

/* The slot of key (scope, seq) of the current pass: its own, or the empty one it would take. */
static size_t met_slot(const tl_builder *b, const void *scope, int seq)
{
    uint64_t h = (uint64_t)(uintptr_t)scope * 0x9e3779b97f4a7c15u ^ (uint64_t)(uint32_t)seq * 0xc4ceb9fe1a85ec53u ^
                 (uint64_t)(uint32_t)b->place.epoch;
    size_t mask = (size_t)b->pool.met_heads_cap - 1;
    size_t at = (size_t)tl__hash_mix(h) & mask;
    while (met_live(b, at) && !(b->pool.met_heads[at].scope == scope && b->pool.met_heads[at].seq == seq))
        at = (at + 1) & mask;
    return at;
}

/* Grows the key table to keep it at most half full; false when out of memory. A new pass
 * starts it empty: its keys and nodes are those of the current pass only. */
static bool met_reserve(tl_builder *b)
{
    if (b->pool.met_epoch != b->place.epoch) {
        b->pool.met_epoch = b->place.epoch;
        b->pool.nmet_keys = 0;
        b->pool.nmet = 0; /* no live key leads to a node of an earlier pass */
    }
    if (2 * (b->pool.nmet_keys + 1) <= b->pool.met_heads_cap)
        return true;
    int cap = b->pool.met_heads_cap ? b->pool.met_heads_cap * 2 : 64;
    struct tl_met_key *old = b->pool.met_heads;
    int old_cap = b->pool.met_heads_cap;
    struct tl_met_key *grown = cap < INT_MAX / 2 ? tcir_big_calloc((size_t)cap, sizeof(*grown)) : NULL;
    if (!grown) {
        b->out_of_memory = true;
        return false;
    }
    b->pool.met_heads = grown;
    b->pool.met_heads_cap = cap;
    for (int i = 0; i < old_cap; i++)
        if (old[i].head && old[i].epoch == b->place.epoch)
            b->pool.met_heads[met_slot(b, old[i].scope, old[i].seq)] = old[i];
    tcir_big_free(old, sizeof(*old) * (size_t)old_cap);
    return true;
}

/* Notes that entry e was met at st (a stamp a remap may rewrite). */
static void log_meeting(tl_builder *b, const tl_const_entry *e, tl_stamp st)
{
    /* a stamp without a scope is never remapped, nor one of an earlier pass; out of memory:
     * reported later */
    if (!st.scope || st.epoch != b->place.epoch || !met_reserve(b))
        return;
    if (b->pool.nmet == b->pool.met_cap) {
        int cap = b->pool.met_cap ? b->pool.met_cap * 2 : 64;
        struct tl_met_node *grown = cap < INT_MAX / 2 ? tcir_big_realloc(b->pool.met, sizeof(*grown) * (size_t)b->pool.met_cap, sizeof(*grown) * (size_t)cap) : NULL;
        if (!grown) {
            b->out_of_memory = true;
            return;
        }
        b->pool.met = grown;
        b->pool.met_cap = cap;
    }
    size_t at = met_slot(b, st.scope, st.seq);
    if (!met_live(b, at)) {
        b->pool.met_heads[at] = (struct tl_met_key){st.scope, st.seq, st.epoch, 0};
        b->pool.nmet_keys++;
    }
    b->pool.met[b->pool.nmet] = (struct tl_met_node){e->index, b->pool.met_heads[at].head - 1};
    b->pool.met_heads[at].head = ++b->pool.nmet; /* nodes are numbered from 1 in the heads */
}

/* Records a meeting at `site`; true when it changes where the constant belongs. */
static bool meet(tl_builder *b, tl_const_entry *e, tl_site site, tl_meeting how)
{
    tl_stamp now = {b->place.epoch, tl__order_scope(b, site), site.seq, ++b->pool.stamp_counter};
    if (how == TL_MEET_CAST_SOURCE) {
        /* a helper's own canonicalization drops it before any meeting of the kernel's counts */
        tl_const_rare *r;
        if (b->pool.helper_depth > 0 || (e->cast_source && !stamp_before(now, rare_of(e)->cast_source_at)) ||
            !(r = rare_for(b, e)))
            return false;
        e->cast_source = true;
        r->cast_source_at = now;
        update_leading(b, e);
        return e->caller;
    }
    if (b->pool.helper_depth > 0) {
        /* the call first in the source claims it, whichever ran first */
        tl_const_rare *r;
        if (e->live || e->folded || (e->helper && !stamp_before(now, rare_of(e)->helper_stamp)) || !(r = rare_for(b, e)))
            return false;
        e->helper = true;
        e->helper_first = b->pool.helper_first;
        e->helper_late = how == TL_MEET_FOLDED;
        r->helper_call = b->pool.helper_call;
        r->helper_at = now.counter;
        r->helper_stamp = now;
        return true;
    }
    if (how == TL_MEET_BOUND) {
        tl_const_rare *r;
        if ((e->bound && !stamp_before(now, rare_of(e)->bound_at)) || !(r = rare_for(b, e)))
            return false;
        e->bound = true;
        r->bound_at = now;
        log_meeting(b, e, now);
        update_leading(b, e);
        return true;
    }
    if (how == TL_MEET_FOLDED) {
        if (e->live || (e->folded && !stamp_before(now, e->fold_at)))
            return false;
        e->folded = true;
        e->fold_at = now;
        log_meeting(b, e, now);
        return true;
    }
    if (e->caller && !stamp_before(now, e->caller_at))
        return false;
    e->caller = true;
    e->caller_at = now;
    log_meeting(b, e, now);
    update_leading(b, e);
    return true;
}

/* Takes e's op out of the entry block's leading constants. */
static void take_out(tl_builder *b, tl_const_entry *e)
{
    if (!tcir_op_block(e->op))
        return;
    if (b->pool.const_tail == e->op)
        b->pool.const_tail = tcir_op_prev(e->op); /* constants lead the block: NULL past the first */
    tcir_op_detach(e->op);
    b->pool.nconst_ops--;
}

/* Moves e's op to the end of the leading constants: the region holds them in the order they
 * were last placed, which tl__pool_sort turns into their final order (a constant placed
 * again goes after those it ties with, as inserting it in sorted order would put it). */
static void position(tl_builder *b, tl_const_entry *e)
{
    take_out(b, e);
    tcir_op *before = b->pool.const_tail ? tcir_op_next(b->pool.const_tail) : tcir_block_first(b->entry);
    tcir_block_insert_before(b->entry, before, e->op);
    b->pool.const_tail = e->op;
    b->pool.nconst_ops++;
}

/* Stable merge sort of the records' indices, [lo, hi) of `from` sorted into `into` (the two start
 * equal; each level merges the other's halves, so nothing is copied back). The splits and the
 * merge's choices are those of the plain top-down merge sort, so the order is the same:
 * goes_above is no strict weak order (stamps of different scopes compare by counter), and
 * another algorithm could order such constants differently. Indices, not the 80-byte records,
 * move: with the records moving, the sort was a sixth of the time of a kernel of 100,000
 * constants. */
static void sort_recs(const tl_builder *b, const sort_rec *recs, int *from, int *into, int lo, int hi)
{
    if (hi - lo < 2)
        return;
    int mid = lo + (hi - lo) / 2;
    sort_recs(b, recs, into, from, lo, mid);
    sort_recs(b, recs, into, from, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi) /* the right run's head goes first only when strictly above */
        into[k++] = goes_above(b, &recs[from[j]], &recs[from[i]]) ? from[j++] : from[i++];
    while (i < mid)
        into[k++] = from[i++];
    while (j < hi)
        into[k++] = from[j++];
}

/* ---- the same order in linear time, for constants that stamps alone order ----------------
 *
 * Records of ranks 1, 2 and 3 compare by rank, then by stamp_before of their keys: epoch, then
 * seq where both stamps have one in one scope, else counter. On its own that is no strict weak
 * order, but it is a strict total order in two common cases, where a key of integers orders the
 * same way:
 *   - by seq: every record's stamp has a scope and a seq, and each run of one rank and epoch
 *     shares one scope: (rank, epoch, seq, counter);
 *   - by counter: each run of one rank and epoch shares one scope, and where two of its stamps
 *     both have a seq, seq and counter agree: (rank, epoch, counter).
 * (Ranks 1 and 2 put the latest on top, rank 3 the earliest, so their fields are reversed.)
 * Counters are unique to a meeting, and a meeting is of one constant, so these keys never tie;
 * and every sort gives a strict total order's one result, the merge sort above included. A
 * radix sort of the keys finds it in a few passes over n; the runs are checked after, and any
 * doubt (another rank, a tie, a second scope in a run, seqs against counters, keys too wide)
 * leaves the order to the merge sort. */
enum { RADIX_MIN = 64 }; /* below this many constants the merge sort is as quick */

typedef struct key_fields {
    bool by_seq;
    int64_t lo[3], hi[3]; /* epoch, seq, counter: their ranges */
    int bits[3];          /* ... and the bits each takes in the key (seq: 0 unless by_seq) */
} key_fields;

static int64_t field_of(const sort_rec *r, int f)
{
    return f == 0 ? r->key.epoch : f == 1 ? r->key.seq : r->key.counter;
}

static int bits_for(int64_t span)
{
    int bits = 0;
    while (bits < 63 && (span >> bits) != 0)
        bits++;
    return bits;
}

/* The record's place top to bottom: rank, then epoch, seq and counter, each counted from the
 * top (reversed where the latest goes on top). */
static uint64_t sort_key(const sort_rec *r, const key_fields *k)
{
    bool latest_on_top = r->rank != 3;
    uint64_t key = (uint64_t)(r->rank - 1);
    for (int f = 0; f < 3; f++) {
        int64_t v = field_of(r, f);
        key = key << k->bits[f] | (uint64_t)(latest_on_top ? k->hi[f] - v : v - k->lo[f]);
    }
    return key;
}

/* Stable LSD radix sort of n keys by bytes, with their indices; the result lands in keys and idx
 * (tmp_keys, tmp_idx: scratch of n each). */
static void radix_sort(uint64_t *keys, int *idx, uint64_t *tmp_keys, int *tmp_idx, int n, int bytes)
{
    for (int pass = 0; pass < bytes; pass++) {
        int count[257] = {0};
        int shift = 8 * pass;
        for (int i = 0; i < n; i++)
            count[(keys[i] >> shift & 0xff) + 1]++;
        for (int d = 0; d < 256; d++)
            count[d + 1] += count[d];
        for (int i = 0; i < n; i++) {
            int at = count[keys[i] >> shift & 0xff]++;
            tmp_keys[at] = keys[i];
            tmp_idx[at] = idx[i];
        }
        memcpy(keys, tmp_keys, sizeof *keys * (size_t)n);
        memcpy(idx, tmp_idx, sizeof *idx * (size_t)n);
    }
}

/* Reverses the n keys and their indices in place. */
static void reverse(uint64_t *keys, int *idx, int n)
{
    for (int i = 0, j = n - 1; i < j; i++, j--) {
        uint64_t key = keys[i];
        keys[i] = keys[j];
        keys[j] = key;
        int at = idx[i];
        idx[i] = idx[j];
        idx[j] = at;
    }
}

/* Whether the order the keys gave is goes_above's (the conditions above, read down the sorted
 * list: in a run, counters fall for ranks 1 and 2 and rise for rank 3, and so must seqs). */
static bool runs_agree(const sort_rec *recs, const uint64_t *keys, const int *order, int n, bool by_seq)
{
    int last_seq = 0;
    for (int i = 0; i < n; i++) {
        const sort_rec *r = &recs[order[i]], *prev = i ? &recs[order[i - 1]] : NULL;
        if (prev && keys[i] == keys[i - 1])
            return false;
        if (!prev || r->rank != prev->rank || r->key.epoch != prev->key.epoch)
            last_seq = 0;
        else if (r->key.scope != prev->key.scope)
            return false;
        if (!by_seq && r->key.scope && r->key.seq) {
            if (last_seq && r->key.seq != last_seq && (r->key.seq > last_seq) != (r->rank == 3))
                return false;
            last_seq = r->key.seq;
        }
    }
    return true;
}

/* Sorts the indices of the n records into order when the conditions above hold; false when they
 * do not (order and tmp_idx are then clobbered). keys, tmp_keys and tmp_idx: scratch of n each. */
static bool sort_by_stamps(const sort_rec *recs, int n, int *order, uint64_t *keys, uint64_t *tmp_keys, int *tmp_idx)
{
    key_fields k = {true, {INT64_MAX, INT64_MAX, INT64_MAX}, {INT64_MIN, INT64_MIN, INT64_MIN}, {0}};
    for (int i = 0; i < n; i++) {
        if (recs[i].rank < 1 || recs[i].rank > 3)
            return false;
        k.by_seq = k.by_seq && recs[i].key.scope && recs[i].key.seq;
        for (int f = 0; f < 3; f++) {
            int64_t v = field_of(&recs[i], f);
            k.lo[f] = v < k.lo[f] ? v : k.lo[f];
            k.hi[f] = v > k.hi[f] ? v : k.hi[f];
        }
    }
    int width = 2;
    for (int f = 0; f < 3; f++) {
        k.bits[f] = f == 1 && !k.by_seq ? 0 : bits_for(k.hi[f] - k.lo[f]);
        width += k.bits[f];
    }
    if (!k.by_seq)
        k.lo[1] = k.hi[1] = 0; /* no seq field: every record's counts 0 */
    if (width > 64)
        return false;
    bool rising = true, falling = true;
    for (int i = 0; i < n; i++) {
        sort_rec r = recs[i];
        if (!k.by_seq)
            r.key.seq = 0;
        keys[i] = sort_key(&r, &k);
        tmp_idx[i] = i;
        rising = rising && (i == 0 || keys[i - 1] < keys[i]);
        falling = falling && (i == 0 || keys[i - 1] > keys[i]);
    }
    /* The constants stand in the order they were last placed, which is often already sorted,
     * or upside down (latest on top): then the passes of the radix sort are not needed. */
    if (falling)
        reverse(keys, tmp_idx, n);
    else if (!rising)
        radix_sort(keys, tmp_idx, tmp_keys, order, n, (width + 7) / 8);
    if (!runs_agree(recs, keys, tmp_idx, n, k.by_seq))
        return false;
    memcpy(order, tmp_idx, sizeof *order * (size_t)n);
    return true;
}

void tl__pool_drop(tl_builder *b, tl_const_entry *e)
{
    take_out(b, e);
}

bool tl__pool_sort(tl_builder *b)
{
    int n = b->pool.nconst_ops;
    if (n < 2)
        return true;
    /* scratch, freed below: the keys (two arrays), the records, then two index arrays */
    size_t each = 2 * sizeof(uint64_t) + sizeof(sort_rec) + 2 * sizeof(int);
    uint64_t *keys = (size_t)n <= SIZE_MAX / each ? tcir_big_malloc(each * (size_t)n) : NULL;
    if (!keys)
        return false;
    uint64_t *tmp_keys = keys + n;
    sort_rec *recs = (sort_rec *)(tmp_keys + n);
    int *order = (int *)(recs + n), *other = order + n;
    /* Two walks: the ops in block order give their entries' numbers, then the records are read
     * from the entries. The block's order is not the pool's, so on a big kernel each entry is
     * a miss; knowing the numbers, the second walk asks for entries well ahead. */
    tcir_op *op = tcir_block_first(b->entry);
    bool prefetch = n > TCIR_PREFETCH_OPS;
    for (int i = 0; i < n; i++, op = tcir_op_next(op)) {
        if (prefetch) {
            tcir__prefetch_ahead(op);
            if (tcir_op_next(op))
                TCIR_PREFETCH(tcir_op_aux(tcir_op_next(op))); /* its key holds its entry's number */
        }
        recs[i].op = op;
        other[i] = tl__pool_entry_of(op);
    }
    tcir_op *after = op; /* the first op after the constants */
    enum { ENTRIES_AHEAD = 8 };
    for (int i = 0; i < n; i++) {
        if (prefetch && i + ENTRIES_AHEAD < n) {
            const char *e = (const char *)tl__pool_at(&b->pool, other[i + ENTRIES_AHEAD]);
            TCIR_PREFETCH(e);
            TCIR_PREFETCH(e + 64);
            TCIR_PREFETCH(e + sizeof(tl_const_entry) - 1);
        }
        recs[i] = sort_rec_of(tl__pool_at(&b->pool, other[i]), recs[i].op);
    }
    for (int i = 0; i < n; i++)
        order[i] = other[i] = i;
    if (n >= RADIX_MIN && !b->pool.merge_sort_only && sort_by_stamps(recs, n, order, keys, tmp_keys, other)) {
        b->pool.radix_sorts++;
    } else {
        for (int i = 0; i < n; i++)
            order[i] = other[i] = i;
        sort_recs(b, recs, other, order, 0, n);
    }
    /* The constants stand in the order they were last placed (position), often the sorted one:
     * then none moves, and relinking them all would touch every one again. */
    bool moved = false;
    for (int i = 0; i < n && !moved; i++)
        moved = order[i] != i;
    if (moved) { /* relinked in one pass; the keys' room holds the ops in their new order */
        tcir_op **ops = (tcir_op **)keys;
        for (int i = 0; i < n; i++)
            ops[i] = recs[order[i]].op;
        tcir_block_reorder_front(b->entry, ops, n, after);
    }
    b->pool.const_tail = recs[order[n - 1]].op;
    tcir_big_free(keys, each * (size_t)n);
    return true;
}

static void remap_stamp(tl_stamp *st, int epoch, const void *scope, int n, const int *old_seq, const int *new_seq)
{
    if (st->epoch != epoch || st->scope != scope)
        return;
    for (int i = 0; i < n; i++) {
        if (st->seq == old_seq[i]) {
            st->seq = new_seq[i];
            return;
        }
    }
}

static bool remapped(tl_stamp st, int epoch, const void *scope, int n, const int *old_seq)
{
    if (st.epoch != epoch || st.scope != scope)
        return false;
    for (int i = 0; i < n; i++)
        if (st.seq == old_seq[i])
            return true;
    return false;
}

void tl__pool_remap(tl_builder *b, const void *scope, int n, const int *old_seq, const int *new_seq)
{
    /* When the function's first op is among the reordered ones, the keyword expressions now
     * come first: the constants of the first of their calls lead, those of the positional
     * ones no longer do (the first op keeps its key: the lowest of the group). */
    bool first_in_group = b->pool.body_started && remapped(b->pool.body_at, b->place.epoch, scope, n, old_seq);
    int lowest = n ? new_seq[0] : 0;
    for (int i = 1; i < n; i++)
        if (new_seq[i] < lowest)
            lowest = new_seq[i];
    /* Only constants met at one of the ops' keys can change: those the index holds there. */
    int round = ++b->pool.remap_round, nhits = 0;
    for (int i = 0; b->pool.met_heads_cap && i < n; i++) {
        size_t at = met_slot(b, scope, old_seq[i]);
        for (int node = met_live(b, at) ? b->pool.met_heads[at].head : 0; node; node = b->pool.met[node - 1].next + 1) {
            tl_const_entry *e = tl__pool_at(&b->pool, b->pool.met[node - 1].entry);
            if (e->remap_round == round)
                continue;
            e->remap_round = round;
            if (nhits == b->pool.remap_hits_cap) {
                int cap = b->pool.remap_hits_cap ? b->pool.remap_hits_cap * 2 : 64;
                int *grown = tcir_alloc(b->ctx, sizeof(int) * (size_t)cap);
                if (!grown)
                    return; /* out of memory: reported by the caller's check */
                if (nhits)
                    memcpy(grown, b->pool.remap_hits, sizeof(int) * (size_t)nhits);
                b->pool.remap_hits = grown;
                b->pool.remap_hits_cap = cap;
            }
            b->pool.remap_hits[nhits++] = e->index;
        }
    }
    for (int h = 0; h < nhits; h++) {
        tl_const_entry *e = tl__pool_at(&b->pool, b->pool.remap_hits[h]);
        bool moved = (e->caller || e->bound) && remapped(caller_key(e), b->place.epoch, scope, n, old_seq);
        remap_stamp(&e->caller_at, b->place.epoch, scope, n, old_seq, new_seq);
        remap_stamp(&e->fold_at, b->place.epoch, scope, n, old_seq, new_seq);
        if (e->rare) /* a stamp it has not: all zero, of no scope, so nothing to remap */
            remap_stamp(&e->rare->bound_at, b->place.epoch, scope, n, old_seq, new_seq);
        if (e->caller)
            log_meeting(b, e, e->caller_at);
        if (e->folded)
            log_meeting(b, e, e->fold_at);
        if (e->bound)
            log_meeting(b, e, rare_of(e)->bound_at);
        if (first_in_group && moved)
            e->leading = caller_key(e).seq == lowest;
        if (e->op)
            position(b, e);
    }
}

/* The function's first op in source order is now the one at `now` (out of line: it is met once
 * a function, or again when C ran an expression's calls out of text order, while every op asks
 * tl__pool_body_op). */
static TCIR_COLD void body_starts(tl_builder *b, tl_stamp now)
{
    b->pool.body_started = true;
    b->pool.body_at = now;
    /* an op placed before constants met earlier in time (C's argument order): they follow it */
    for (int i = 0; i < b->pool.nconsts; i++) {
        tl_const_entry *e = tl__pool_at(&b->pool, i);
        if (e->leading && !leads(b, caller_key(e))) {
            e->leading = false;
            if (e->op)
                position(b, e);
        }
    }
}

void tl__pool_body_op(tl_builder *b, tl_site site)
{
    tl_stamp now = {b->place.epoch, tl__order_scope(b, site), site.seq, ++b->pool.stamp_counter};
    if (!b->pool.body_started || stamp_before(now, b->pool.body_at))
        body_starts(b, now);
}

/* A constant made by folding is Python's cast op on a constant: an op of the function. */
static void after_meeting(tl_builder *b, tl_site site, tl_meeting how)
{
    if (how == TL_MEET_FOLDED && b->pool.helper_depth == 0)
        tl__pool_body_op(b, site);
}

void tl__pool_note(tl_builder *b, tl_site site, const tcir_type *type, const tcir_attr *value, tl_meeting how)
{
    if (!value)
        return;
    tl_const_entry *e = find_or_add(b, type, value);
    if (!e)
        return;
    if (meet(b, e, site, how) && e->op)
        position(b, e);
    after_meeting(b, site, how);
}

tcir_value *tl__pool_const(tl_builder *b, tl_site site, const tcir_type *type, const tcir_attr *value,
                           tl_meeting how)
{
    tl_const_entry *e = find_or_add(b, type, value);
    if (!e || !value || !type)
        return NULL; /* out of memory (a NULL type or value is one too) */
    bool moved = meet(b, e, site, how);
    if (how == TL_MEET_DIRECT && b->pool.helper_depth == 0 && !e->live) {
        e->live = true;
        moved = true;
    }
    if (!e->op) {
        e->op = tcir_op_create(b->ctx, &(tcir_op_state){
                                            .name = "arith.constant",
                                            .loc = {site.file, site.line, 0},
                                            .nresults = 1,
                                            .result_types = &type,
                                            .nattrs = 1,
                                            .attrs = &(tcir_named_attr){"value", value, true},
                                        });
        if (!e->op)
            return NULL;
        /* The op remembers its pool entry (constants take no part in source ordering). */
        tl_op_key *key = tcir_alloc(b->ctx, sizeof *key);
        if (!key)
            return NULL;
        key->pool_entry = e->index + 1;
        tcir_op_set_aux(e->op, key);
        moved = true;
    }
    if (moved)
        position(b, e);
    after_meeting(b, site, how);
    return tcir_op_result(e->op, 0);
}

/* Marks in bound[] / other[] the pool entries that ops of `blk` (regions included) use as a
 * loop's bound (scf.for operands 0 to 2) or otherwise. */
static void mark_uses(tl_builder *b, tcir_block *blk, int for_opcode, bool *bound, bool *other)
{
    for (tcir_op *op = tcir_block_first(blk); op; op = tcir_op_next(op)) {
        bool loop = tcir_op_opcode(op) == for_opcode;
        for (int i = 0; i < tcir_op_noperands(op); i++) {
            tcir_op *def = tcir_value_def(tcir_op_operand(op, i));
            int k = tl__pool_entry_of(def);
            if (k >= 0 && k < b->pool.nconsts && tl__pool_at(&b->pool, k)->op == def)
                (loop && i < 3 ? bound : other)[k] = true;
        }
        for (int r = 0; r < tcir_op_nregions(op); r++)
            for (tcir_block *in = tcir_region_first_block(tcir_op_region(op, r)); in; in = tcir_block_next(in))
                mark_uses(b, in, for_opcode, bound, other);
    }
}

/* Whether settling can change entry e: a helper's constant not yet below the others (a loop
 * bound nothing else uses goes there) or one finish drops when nothing uses it. */
static bool may_settle(const tl_const_entry *e)
{
    return e->op && ((rank(e) == 0 && !e->helper_late) || e->droppable);
}

void tl__pool_settle(tl_builder *b)
{
    /* Without such an entry the walk over every op (a cache miss per op on a big kernel) would
     * change nothing: the scan of the entries costs less. */
    bool any = false;
    for (int k = 0; k < b->pool.nconsts && !any; k++)
        any = may_settle(tl__pool_at(&b->pool, k));
    if (!any)
        return;
    bool *bound = tcir_alloc(b->ctx, sizeof(bool) * (size_t)b->pool.nconsts);
    bool *other = tcir_alloc(b->ctx, sizeof(bool) * (size_t)b->pool.nconsts);
    if (!bound || !other)
        return; /* out of memory: reported by the caller's check */
    for (int k = 0; k < b->pool.nconsts; k++)
        bound[k] = other[k] = false;
    int for_opcode = tcir_opcode_of("scf.for");
    for (tcir_block *blk = tcir_region_first_block(tcir_op_region(b->func, 0)); blk; blk = tcir_block_next(blk))
        mark_uses(b, blk, for_opcode, bound, other);
    for (int k = 0; k < b->pool.nconsts; k++)
        tl__pool_at(&b->pool, k)->used = bound[k] || other[k];
    /* a helper's constant that only loops use as a bound: the helper's canonicalization folds
     * the bitcast of it, making it again on top (seen with flash attention's `lo = 0`) */
    for (int k = 0; k < b->pool.nconsts; k++) {
        tl_const_entry *e = tl__pool_at(&b->pool, k);
        if (e->op && rank(e) == 0 && bound[k] && !other[k] && !e->helper_late) {
            e->helper_late = true;
            position(b, e);
        }
    }
}

/* True when the function body holds nothing but pooled constants yet. */
static bool body_empty(const tl_builder *b)
{
    tcir_op *op = b->pool.const_tail ? tcir_op_next(b->pool.const_tail) : tcir_block_first(b->entry);
    return op == NULL && b->depth == 1 && tl_current_block(b) == b->entry;
}

void tl_builder_helper_begin(tl_builder *b)
{
    if (b && b->pool.helper_depth++ == 0) {
        b->pool.helper_call++;
        b->pool.helper_values = b->values_made;
        b->pool.helper_first = body_empty(b);
        tl__pool_body_op(b, (tl_site){0}); /* Python's tt.call: no constant after it leads */
    }
}

bool tl_builder_made_in_this_function(const tl_builder *b, tl_value v)
{
    return b && (b->pool.helper_depth == 0 || v.def_order > b->pool.helper_values);
}

void tl_builder_helper_end(tl_builder *b)
{
    if (b && b->pool.helper_depth > 0)
        b->pool.helper_depth--;
}

void tl__pool_free(tl_builder *b)
{
    tcir_big_free(b->pool.met_heads, sizeof(*b->pool.met_heads) * (size_t)b->pool.met_heads_cap);
    tcir_big_free(b->pool.met, sizeof(*b->pool.met) * (size_t)b->pool.met_cap);
    b->pool.met_heads = NULL;
    b->pool.met = NULL;
    b->pool.nconsts = b->pool.nsegs = b->pool.met_heads_cap = b->pool.met_cap = 0;
    tl__index_free(&b->pool.const_index);
}
