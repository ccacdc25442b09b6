/* The constant pool's final order (docs/order.md, "Constants"): the one Triton's make_ttir
 * leaves Python's constants in, so that both sides print the same after it. What happens to
 * Python's constants there, as seen on the GPU machine (tests/gpu/ops_cases):
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
 * Hence the order kept here, top to bottom: the five ranks of pool_rank below, one class of
 * constants each, compared first (a lower rank goes higher); within a rank, as its comment says.
 * "First meeting" follows the source text (see tl_site), not the order calls ran.
 *
 * tl_finish asks for it twice: order_pool_settle learns what only the finished function shows
 * (which constants only loops use, which nothing uses), then order_pool_sort puts the constants,
 * which pool.c kept in the order they were last placed, in this one. */
#include <stdint.h>
#include <string.h>

#include "builder/order/pool_internal.h"
#include "base/alloc.h"
#include "base/hints.h"

/* A constant's class in the final order, top to bottom (docs/order.md numbers them the same). */
typedef enum pool_rank {
    /* 1. constants met only inside helpers: the latest call (in source order) first, within a
     * call in the order it made them (met in the kernel only by a note, a scalar Python makes
     * on the way to a dense one, counts as not met there: the note is dead before inlining),
     * those the helper's own canonicalization made by folding last (a cast of a constant, or
     * a loop bound nothing else uses): it put them on top, and inlining walks the helper's
     * constants from the top, moving each to the front, which reverses them */
    POOL_RANK_HELPER = 1,
    /* 2. constants made by folding: the latest (in source order) on top */
    POOL_RANK_FOLDED,
    /* 3. the others: by their first meeting in the kernel's code, the latest on top */
    POOL_RANK_KERNEL,
    /* 4. those first met before any op or helper call (in source order): the earliest on top */
    POOL_RANK_LEADING,
    /* 5. constants met only in helpers called first: in call order, each call's latest made on
     * top */
    POOL_RANK_HELPER_FIRST,
} pool_rank;

static pool_rank rank(const order_const_entry *e)
{
    /* a constant the kernel only notes is dead before the helpers are inlined: a helper's */
    if (e->live || (e->caller && !e->folded && !e->bound && !e->helper))
        return e->leading ? POOL_RANK_LEADING : POOL_RANK_KERNEL;
    if (e->folded || e->bound)
        return POOL_RANK_FOLDED;
    return e->helper_first ? POOL_RANK_HELPER_FIRST : POOL_RANK_HELPER;
}

static order_stamp later(order_stamp a, order_stamp b) { return order_pool_stamp_before(a, b) ? b : a; }

/* Where a folded constant stands: its last making by a fold (a dead bound's too). */
static order_stamp fold_key(const order_const_entry *e)
{
    const order_const_rare *r = order_pool_rare_of(e);
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
    pool_rank rank;
    int helper_call, helper_at;
    bool helper_late;
    order_stamp helper_stamp;
    order_stamp key; /* FOLDED: fold_key; KERNEL and LEADING: caller_key; others: unused */
} sort_rec;

static sort_rec sort_rec_of(const order_const_entry *e, tcir_op *op)
{
    const order_const_rare *rare = order_pool_rare_of(e);
    sort_rec r = {op, rank(e), rare->helper_call, rare->helper_at, e->helper_late, rare->helper_stamp, {0, NULL, 0, 0}};
    if (r.rank == POOL_RANK_FOLDED)
        r.key = fold_key(e);
    else if (r.rank == POOL_RANK_KERNEL || r.rank == POOL_RANK_LEADING)
        r.key = order_pool_caller_key(e);
    return r;
}

/* Whether x's helper call comes before y's (another one) in the source. Two calls met inside
 * the same C function that is not the kernel's (a ported @jit helper called twice: its sites
 * say where in the helper, not where the call is) go by the order they ran. */
static bool call_before(const tl_builder *b, const sort_rec *x, const sort_rec *y)
{
    order_stamp a = x->helper_stamp, c = y->helper_stamp;
    if (a.epoch == c.epoch && a.scope && a.scope == c.scope &&
        !(b->pool.body_started && b->pool.body_at.scope == a.scope))
        return x->helper_call < y->helper_call;
    return order_pool_stamp_before(a, c);
}

/* True when constant x belongs above constant y. */
static bool goes_above(const tl_builder *b, const sort_rec *x, const sort_rec *y)
{
    if (x->rank != y->rank)
        return x->rank < y->rank;
    switch (x->rank) {
    case POOL_RANK_HELPER: /* calls by their place in the source, not the order they ran (see tl_site) */
        if (x->helper_call != y->helper_call)
            return call_before(b, y, x);
        if (x->helper_late != y->helper_late)
            return y->helper_late;
        return x->helper_at < y->helper_at;
    case POOL_RANK_FOLDED: return order_pool_stamp_before(y->key, x->key);
    case POOL_RANK_KERNEL: return order_pool_stamp_before(y->key, x->key);
    case POOL_RANK_LEADING: return order_pool_stamp_before(x->key, y->key);
    default: /* POOL_RANK_HELPER_FIRST: calls that stay where they were inlined: in call order,
              * each in its own order */
        if (x->helper_call != y->helper_call)
            return call_before(b, x, y);
        return x->helper_at > y->helper_at;
    }
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
 * Records of the ranks FOLDED, KERNEL and LEADING compare by rank, then by stamp_before of their
 * keys: epoch, then seq where both stamps have one in one scope, else counter. On its own that is
 * no strict weak order, but it is a strict total order in two common cases, where a key of
 * integers orders the same way:
 *   - by seq: every record's stamp has a scope and a seq, and each run of one rank and epoch
 *     shares one scope: (rank, epoch, seq, counter);
 *   - by counter: each run of one rank and epoch shares one scope, and where two of its stamps
 *     both have a seq, seq and counter agree: (rank, epoch, counter).
 * (FOLDED and KERNEL put the latest on top, LEADING the earliest, so their fields are reversed.)
 * Counters are unique to a meeting, and a meeting is of one constant, so these keys never tie;
 * and every sort gives a strict total order's one result, the merge sort above included. A
 * radix sort of the keys finds it in a few passes over n; the runs are checked after, and any
 * doubt (another rank, a tie, a second scope in a run, seqs against counters, keys too wide)
 * leaves the order to the merge sort. */
enum { RADIX_MIN = 64 }; /* below this many constants the merge sort is as quick */

typedef struct key_fields {
    bool by_seq;
    int64_t lo[3], hi[3]; /* epoch, seq, counter: their ranges */
    int bits[3]; /* ... and the bits each takes in the key (seq: 0 unless by_seq) */
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
    bool latest_on_top = r->rank != POOL_RANK_LEADING;
    uint64_t key = (uint64_t)(r->rank - POOL_RANK_FOLDED);
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
 * list: in a run, counters fall for FOLDED and KERNEL and rise for LEADING, and so must seqs). */
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
            if (last_seq && r->key.seq != last_seq && (r->key.seq > last_seq) != (r->rank == POOL_RANK_LEADING))
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
        if (recs[i].rank < POOL_RANK_FOLDED || recs[i].rank > POOL_RANK_LEADING)
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

bool order_pool_sort(tl_builder *b)
{
    int n = b->pool.nconst_ops;
    if (n < 2)
        return true;
    /* scratch, freed below: the keys (two arrays), the records, then two index arrays */
    size_t each = 2 * sizeof(uint64_t) + sizeof(sort_rec) + 2 * sizeof(int);
    uint64_t *keys = (size_t)n <= SIZE_MAX / each ? base_big_malloc(each * (size_t)n) : NULL;
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
            ir_prefetch_ahead(op);
            if (tcir_op_next(op))
                TCIR_PREFETCH(tcir_op_aux(tcir_op_next(op))); /* its key holds its entry's number */
        }
        recs[i].op = op;
        other[i] = order_pool_entry_of(op);
    }
    tcir_op *after = op; /* the first op after the constants */
    enum { ENTRIES_AHEAD = 8 };
    for (int i = 0; i < n; i++) {
        if (prefetch && i + ENTRIES_AHEAD < n) {
            const char *e = (const char *)order_pool_at(&b->pool, other[i + ENTRIES_AHEAD]);
            TCIR_PREFETCH(e);
            TCIR_PREFETCH(e + 64);
            TCIR_PREFETCH(e + sizeof(order_const_entry) - 1);
        }
        recs[i] = sort_rec_of(order_pool_at(&b->pool, other[i]), recs[i].op);
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
    base_big_free(keys, each * (size_t)n);
    return true;
}

/* Marks in bound[] / other[] the pool entries that ops of `blk` (regions included) use as a
 * loop's bound (scf.for operands 0 to 2) or otherwise. */
static void mark_uses(tl_builder *b, tcir_block *blk, int for_opcode, bool *bound, bool *other)
{
    for (tcir_op *op = tcir_block_first(blk); op; op = tcir_op_next(op)) {
        bool loop = tcir_op_opcode(op) == for_opcode;
        for (int i = 0; i < tcir_op_noperands(op); i++) {
            tcir_op *def = tcir_value_def(tcir_op_operand(op, i));
            int k = order_pool_entry_of(def);
            if (k >= 0 && k < b->pool.nconsts && order_pool_at(&b->pool, k)->op == def)
                (loop && i < 3 ? bound : other)[k] = true;
        }
        for (int r = 0; r < tcir_op_nregions(op); r++)
            for (tcir_block *in = tcir_region_first_block(tcir_op_region(op, r)); in; in = tcir_block_next(in))
                mark_uses(b, in, for_opcode, bound, other);
    }
}

/* A number assigned to a name (TL_MEET_ASSIGNED, not live) that a loop also takes as a bound:
 * if some other op uses it too (a while loop's initial value, say), Python's duplicate of it
 * merges into the loop's and the constant stays where the kernel first met it; only a bound
 * nothing else uses moves to the front as a folded one (an H100 run: a for loop, then
 * `i = 0` carried by a while loop). */
static bool assigned_bound(const order_const_entry *e) { return e->bound && e->caller && !e->live && !e->helper; }

/* Whether settling can change entry e: a helper's constant not yet below the others (a loop
 * bound nothing else uses goes there) or one finish drops when nothing uses it. */
static bool may_settle(const order_const_entry *e)
{
    return e->op && ((rank(e) == POOL_RANK_HELPER && !e->helper_late) || e->droppable || assigned_bound(e));
}

/* Whether the helper call of a constant that came with its caller's site is the function's first
 * op in source order (whichever op C ran first): the call was then inlined before any other op. */
static void settle_sited_calls(tl_builder *b)
{
    const order_stamp first = b->pool.body_at;
    for (int k = 0; k < b->pool.nconsts; k++) {
        order_const_entry *e = order_pool_at(&b->pool, k);
        const order_const_rare *r = order_pool_rare_of(e);
        if (e->helper && r->helper_sited)
            e->helper_first = b->pool.body_started && r->helper_stamp.epoch == first.epoch &&
                r->helper_stamp.scope == first.scope && r->helper_stamp.seq == first.seq;
    }
}

void order_pool_settle(tl_builder *b)
{
    if (b->pool.sited_calls)
        settle_sited_calls(b);
    /* Without such an entry the walk over every op (a cache miss per op on a big kernel) would
     * change nothing: the scan of the entries costs less. */
    bool any = false;
    for (int k = 0; k < b->pool.nconsts && !any; k++)
        any = may_settle(order_pool_at(&b->pool, k));
    if (!any)
        return;
    bool *bound = tcir_alloc(b->ctx, sizeof(bool) * (size_t)b->pool.nconsts);
    bool *other = tcir_alloc(b->ctx, sizeof(bool) * (size_t)b->pool.nconsts);
    if (!bound || !other)
        return; /* out of memory: reported by the caller's check */
    for (int k = 0; k < b->pool.nconsts; k++)
        bound[k] = other[k] = false;
    int for_opcode = TCIR_OPC_SCF_FOR;
    for (tcir_block *blk = tcir_region_first_block(tcir_op_region(b->func, 0)); blk; blk = tcir_block_next(blk))
        mark_uses(b, blk, for_opcode, bound, other);
    for (int k = 0; k < b->pool.nconsts; k++) {
        order_const_entry *e = order_pool_at(&b->pool, k);
        e->used = bound[k] || other[k];
        if (e->op && assigned_bound(e) && other[k])
            e->live = true; /* ranked with the kernel's constants, keyed by its first meeting */
    }
    /* a helper's constant that only loops use as a bound: the helper's canonicalization folds
     * the bitcast of it, making it again on top (seen with flash attention's `lo = 0`) */
    for (int k = 0; k < b->pool.nconsts; k++) {
        order_const_entry *e = order_pool_at(&b->pool, k);
        if (e->op && rank(e) == POOL_RANK_HELPER && bound[k] && !other[k] && !e->helper_late) {
            e->helper_late = true;
            order_pool_position(b, e);
        }
    }
}
