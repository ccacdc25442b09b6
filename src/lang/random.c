/* triton.language.random: Philox 4x32-10 and what is built on it (randint, randint4x, rand,
 * rand4x, randn, randn4x), emitted as Python's @jit helpers are after Triton inlines them.
 *
 * The helpers (philox_impl, philox, randint4x, uint_to_uniform_float, pair_uniform_to_normal)
 * are C functions here that make the same ops in the same order, with two differences:
 *   - the key schedule k0 + KEY_A + KEY_A... is emitted as k0 + (r * KEY_A) for round r, the
 *     form Triton's canonicalizer leaves in philox_impl before inlining it (so the folded
 *     constants are ordinary ones when the kernel is canonicalized);
 *   - Python's dead junk (overflow checks, no-op bitcasts, a helper's unused scalars) is not made.
 *
 * Constants. make_ttir inlines the helpers bottom-up, canonicalizing each function before and
 * after its calls are inlined; each canonicalization moves the constants of a function to its
 * top: those already leading stay, every other one goes to the front as it is met (so a block
 * of inlined constants turns over, unless the call was the function's first op, right after
 * its leading constants), and constants made by folding land on top. plan_* below follow
 * those steps helper by helper to the order the kernel's canonicalization receives; the
 * public call then meets its constants in the reverse of that order first (exactly those,
 * TL_CONST_EXACT), which is how the builder's pool (order/pool.c) places the constants of a
 * standard-library helper call. The plan covers an integer seed (a scalar value or a number)
 * and integer offsets.
 *
 * A number as the seed: Python's seed ops (to uint64, >> 32, & 0xffffffff) fold to two
 * constant keys, and so do the keys of every round; their splats fold to dense constants.
 * Those are made here as numbers (no seed ops), each round's keys a dense constant where
 * Python's splat is. */
#include <stdint.h>
#include <string.h>

#include "lang/lang_internal.h"
#include "tritonc/debug.h"

#define PHILOX_KEY_A 0x9E3779B9u
#define PHILOX_KEY_B 0xBB67AE85u
#define PHILOX_ROUND_A 0xD2511F53u
#define PHILOX_ROUND_B 0xCD9E8D57u
#define N_ROUNDS_DEFAULT 10

typedef struct rng {
    tl_site s;
    tl_builder *b;
    int rounds;
    tl_value seed, offset;
} rng;

/* ---- the constant plan ------------------------------------------------------------------- */

typedef struct plan_const {
    tl_dtype dt; /* TL_I32, TL_I64 or TL_F32: what the IR type tells apart */
    int rank;
    int64_t dims[TL_MAX_RANK];
    double f;
    int64_t i;
} plan_const;

typedef struct plan {
    plan_const *c;
    int n, cap;
} plan;

static bool same_const(const plan_const *x, const plan_const *y)
{
    /* i first: it tells most constants apart (it is 0 for the float ones) */
    if (x->i != y->i || x->dt != y->dt || x->rank != y->rank)
        return false;
    for (int k = 0; k < x->rank; k++)
        if (x->dims[k] != y->dims[k])
            return false;
    return x->dt != TL_F32 || x->f == y->f;
}

static bool plan_has(const plan *p, const plan_const *c)
{
    for (int i = 0; i < p->n; i++)
        if (same_const(&p->c[i], c))
            return true;
    return false;
}

static void plan_push(plan *p, plan_const c)
{
    if (p->n < p->cap && !plan_has(p, &c))
        p->c[p->n++] = c;
}

static void plan_reverse(plan *p)
{
    for (int i = 0, j = p->n - 1; i < j; i++, j--) {
        plan_const t = p->c[i];
        p->c[i] = p->c[j];
        p->c[j] = t;
    }
}

/* A callee's constants inlined after the caller's first op: each new one goes to the front as
 * the walk meets it. */
static void plan_prepend_new(plan *p, const plan *callee)
{
    for (int k = 0; k < callee->n; k++) {
        if (plan_has(p, &callee->c[k]) || p->n >= p->cap)
            continue;
        memmove(p->c + 1, p->c, (size_t)p->n * sizeof(plan_const));
        p->c[0] = callee->c[k];
        p->n++;
    }
}

/* The same when the call was the function's first op: they stay, after the leading ones. */
static void plan_append_new(plan *p, const plan *callee)
{
    for (int k = 0; k < callee->n; k++)
        plan_push(p, callee->c[k]);
}

static plan plan_new(tl_builder *b, int cap)
{
    plan_const *c = tcir_alloc(tl_builder_context(b), (size_t)cap * sizeof(plan_const));
    plan p = {c, 0, c ? cap : 0}; /* out of memory: an empty plan, and the builder reports it */
    return p;
}

static int32_t as_i32(uint32_t u) { return u >= 0x80000000u ? (int32_t)(u - 0x80000000u) - INT32_MAX - 1 : (int32_t)u; }

static plan_const pc_of(tl_dtype dt, const lang_opnd *like)
{
    plan_const c = {.dt = dt, .rank = like->rank};
    memcpy(c.dims, like->dims, sizeof c.dims);
    return c;
}

static plan_const pc_int(tl_dtype dt, int64_t v, const lang_opnd *like)
{
    plan_const c = pc_of(dt, like);
    c.i = v;
    return c;
}

static plan_const pc_f32(double v, const lang_opnd *like)
{
    lang_opnd t = lang_lit_opnd(TL_F32, v, 0); /* the float32 the constant holds */
    plan_const c = pc_of(TL_F32, like);
    c.f = lang_lit_f(&t);
    return c;
}

/* philox_impl after its own canonicalization: the folded keys r * KEY for r = n-1 .. 2 (the
 * last made on top; the key after the last round is dead), KEY_B, KEY_A, then dense A above
 * dense B (the first constants of the function, which stay). */
static void plan_philox_impl(plan *p, int n, const lang_opnd *keys, const lang_opnd *state)
{
    for (int r = n - 1; r >= 1; r--) {
        plan_push(p, pc_int(TL_I32, as_i32((uint32_t)r * PHILOX_KEY_B), keys));
        plan_push(p, pc_int(TL_I32, as_i32((uint32_t)r * PHILOX_KEY_A), keys));
    }
    plan_push(p, pc_int(TL_I32, as_i32(PHILOX_ROUND_A), state));
    plan_push(p, pc_int(TL_I32, as_i32(PHILOX_ROUND_B), state));
}

/* philox with a number as the seed (keys k0 and k1), after its canonicalization: philox_impl
 * inlined right after the folded keys, so its constants stay (dense A above dense B, the
 * scalar keys die); then each round's key splats fold, round by round, key 0 before key 1,
 * and the folded constants land on top in the reverse of that order. */
static void plan_philox_number(plan *p, int n, uint32_t k0, uint32_t k1, const lang_opnd *state, bool direct)
{
    /* Called by the kernel itself (tl_philox), Triton 3.6 leaves dense A above dense B; inside
     * randint4x, B above A (both as an H100 run printed them). */
    plan_push(p, pc_int(TL_I32, as_i32(direct ? PHILOX_ROUND_B : PHILOX_ROUND_A), state));
    plan_push(p, pc_int(TL_I32, as_i32(direct ? PHILOX_ROUND_A : PHILOX_ROUND_B), state));
    plan_const folded[2];
    for (int r = 0; r < n; r++) {
        folded[0] = pc_int(TL_I32, as_i32(k0 + (uint32_t)r * PHILOX_KEY_A), state);
        folded[1] = pc_int(TL_I32, as_i32(k1 + (uint32_t)r * PHILOX_KEY_B), state);
        plan_prepend_new(p, &(plan){folded, 2, 2});
    }
}

/* randint4x: philox (a seed value: philox_impl inlined after the seed ops, below philox's own
 * 0xffffffff and 32; a number: plan_philox_number), inlined into randint4x after or below its
 * offset * 0. */
static plan plan_philox(const rng *g, bool number, uint64_t seed_bits, bool direct)
{
    lang_opnd seed = lang_opnd_of(g->b, g->seed), off = lang_opnd_of(g->b, g->offset);
    plan impl = plan_new(g->b, 2 * g->rounds + 8);
    if (number) {
        plan_philox_number(&impl, g->rounds, (uint32_t)seed_bits, (uint32_t)(seed_bits >> 32), &off, direct);
    } else {
        plan_philox_impl(&impl, g->rounds, &seed, &off);
        plan_reverse(&impl);
        plan_push(&impl, pc_int(TL_I64, 4294967295LL, &seed));
        plan_push(&impl, pc_int(TL_I64, 32, &seed));
    }
    return impl;
}

static plan plan_randint4x(const rng *g, int extra, bool number, uint64_t seed_bits)
{
    lang_opnd off = lang_opnd_of(g->b, g->offset);
    plan impl = plan_philox(g, number, seed_bits, false);

    plan r = plan_new(g->b, impl.n + 8 + extra);
    unsigned bits = tl_dtype_bits(off.dtype);
    plan_push(&r, pc_int(TL_I32, 0, &off)); /* offset_lo * 0 */
    if (tl_dtype_is_int(off.dtype) && bits == 32) { /* offset.to(uint32) folds away: the call comes first */
        plan_append_new(&r, &impl);
    } else {
        if (bits > 32) /* offset >> 32 */
            plan_push(&r, pc_int(TL_I64, 32, &off));
        plan_reverse(&r);
        plan_prepend_new(&r, &impl);
    }
    return r;
}

static void plan_uniform(const rng *g, plan *p)
{
    lang_opnd off = lang_opnd_of(g->b, g->offset);
    plan u = plan_new(g->b, 3);
    plan_push(&u, pc_f32(4.6566127342e-10, &off));
    plan_push(&u, pc_int(TL_I32, 1, &off));
    plan_push(&u, pc_int(TL_I32, 0, &off));
    plan_prepend_new(p, &u);
}

static void plan_normal(const rng *g, plan *p)
{
    lang_opnd off = lang_opnd_of(g->b, g->offset);
    plan n = plan_new(g->b, 3);
    plan_push(&n, pc_f32(-2.0, &off));
    plan_push(&n, pc_f32(6.283185307179586, &off));
    plan_push(&n, pc_f32(1.0e-7, &off));
    plan_prepend_new(p, &n);
}

/* Meets the planned constants, the last of the plan first: each one alone (not the scalars
 * Python makes on the way to a dense one, which would take their place too early). */
static bool plan_meet(const rng *g, const plan *p)
{
    tcir_context *ctx = tl_builder_context(g->b);
    for (int k = p->n - 1; k >= 0; k--) {
        const plan_const *c = &p->c[k];
        tl_value lit = c->dt == TL_F32 ? tl_lit_float(c->f) : tl_lit_int(c->i);
        const tcir_type *shape = lang_shaped(g->b, tl_dtype_ir(ctx, c->dt), c->rank, c->dims);
        if (tl_value_is_poison(tl_materialize_as_at(g->s, g->b, lit, c->dt, shape, TL_CONST_EXACT)))
            return false;
    }
    return true;
}

/* A number as the seed: Python's seed.to(tl.uint64), as 64 bits; false for a seed value or
 * a seed that is not an integer (philox reports that). */
static bool seed_number(const rng *g, uint64_t *bits)
{
    if (!tl_value_is_lit(g->seed))
        return false;
    lang_opnd sd = lang_opnd_of(g->b, g->seed);
    lang_strong(&sd);
    if (!tl_dtype_is_int(sd.dtype) || !lang_cast(g->s, g->b, &sd, TL_U64, TL_ROUND_DEFAULT))
        return false;
    *bits = (uint64_t)lang_lit_i(&sd);
    return true;
}

typedef enum rng_fn { FN_RANDINT, FN_RAND, FN_RANDN, FN_RANDINT4X, FN_RAND4X, FN_RANDN4X } rng_fn;

static bool plan_call(const rng *g, rng_fn fn)
{
    uint64_t bits = 0;
    bool number = seed_number(g, &bits);
    if (tl_value_is_lit(g->seed) && !number)
        return true; /* not an integer: philox says so */
    plan p = plan_randint4x(g, 8, number, bits);
    if (fn == FN_RAND || fn == FN_RANDN || fn == FN_RAND4X || fn == FN_RANDN4X)
        plan_uniform(g, &p);
    if (fn == FN_RANDN || fn == FN_RANDN4X)
        plan_normal(g, &p);
    return plan_meet(g, &p);
}

/* ---- the helpers, as random.py writes them ------------------------------------------------ */

static tl_value op2(const rng *g, tl_binop op, tl_value a, tl_value c) { return tl_binary_at(g->s, op, a, c); }

static tl_value to(const rng *g, tl_value x, tl_dtype dt, bool bitcast)
{
    return tl_to_at(g->s, x, dt, (tl_cast_opts){.bitcast = bitcast});
}

/* The key of round r: k + r * KEY, folded (a number when k is one: uint32 arithmetic). */
static tl_value round_key(const rng *g, tl_value k, int r, uint32_t key)
{
    if (tl_value_is_lit(k))
        return tl_lit_uint((uint32_t)k.lit_val.i + (uint32_t)r * key);
    return op2(g, TL_OP_ADD, k, tl_lit_uint((uint32_t)r * key));
}

/* philox_impl(c0, c1, c2, c3, k0, k1, n_rounds), for uint32 state; the keys are uint32
 * values or numbers. */
static void philox_impl(const rng *g, tl_value c[4], tl_value k0, tl_value k1)
{
    tl_value key0 = k0, key1 = k1;
    for (int r = 0; r < g->rounds; r++) {
        tl_value c0 = c[0], c2 = c[2];
        c[0] = op2(g, TL_OP_XOR, op2(g, TL_OP_XOR, tl_umulhi_at(g->s, tl_lit_uint(PHILOX_ROUND_B), c2), c[1]), key0);
        c[2] = op2(g, TL_OP_XOR, op2(g, TL_OP_XOR, tl_umulhi_at(g->s, tl_lit_uint(PHILOX_ROUND_A), c0), c[3]), key1);
        c[1] = op2(g, TL_OP_MUL, tl_lit_uint(PHILOX_ROUND_B), c2);
        c[3] = op2(g, TL_OP_MUL, tl_lit_uint(PHILOX_ROUND_A), c0);
        /* raise the key: k + KEY, folded to the first key plus (r + 1) * KEY */
        key0 = round_key(g, k0, r + 1, PHILOX_KEY_A);
        key1 = round_key(g, k1, r + 1, PHILOX_KEY_B);
    }
}

/* philox(seed, c0, c1, c2, c3, n_rounds), for 32-bit state (all randint4x makes). */
static bool philox(const rng *g, tl_value c[4])
{
    lang_opnd sd = lang_opnd_of(g->b, g->seed);
    lang_strong(&sd);
    if (sd.is_ptr || !tl_dtype_is_int(sd.dtype)) {
        char t[LANG_STR];
        tl_builder_fail(g->b, g->s, "the seed must be an integer, not %s", lang_elem_str(&sd, t, sizeof t));
        return false;
    }
    if (!lang_cast(g->s, g->b, &sd, TL_U64, TL_ROUND_DEFAULT)) /* seed.to(tl.uint64); a number folds */
        return false;
    tl_value seed_hi, seed_lo;
    if (tl_value_is_lit(sd.v)) { /* Python's seed ops fold: the keys are numbers */
        uint64_t bits = (uint64_t)lang_lit_i(&sd);
        seed_hi = tl_lit_uint((uint32_t)(bits >> 32));
        seed_lo = tl_lit_uint((uint32_t)bits);
    } else {
        tl_value seed = lang_value(g->s, g->b, &sd);
        seed_hi =
            to(g, op2(g, TL_OP_AND, op2(g, TL_OP_SHR, seed, tl_lit_int(32)), tl_lit_int(0xffffffffLL)), TL_U32, false);
        seed_lo = to(g, op2(g, TL_OP_AND, seed, tl_lit_int(0xffffffffLL)), TL_U32, false);
    }
    for (int i = 0; i < 4; i++)
        c[i] = to(g, c[i], TL_U32, true);
    if (tl_builder_failed(g->b))
        return false;
    philox_impl(g, c, seed_lo, seed_hi);
    return !tl_builder_failed(g->b);
}

/* randint4x(seed, offset, n_rounds) */
static bool randint4x(const rng *g, tl_value out[4])
{
    lang_opnd off = lang_opnd_of(g->b, g->offset);
    if (off.is_ptr) {
        char t[LANG_STR];
        tl_builder_fail(g->b, g->s, "the offset must be a number type, not %s", lang_elem_str(&off, t, sizeof t));
        return false;
    }
    tl_value offset_lo = to(g, g->offset, TL_U32, false);
    tl_value zero = op2(g, TL_OP_MUL, offset_lo, tl_lit_int(0));
    tl_value offset_hi = zero;
    if (tl_dtype_bits(off.dtype) > 32)
        offset_hi = to(g, op2(g, TL_OP_SHR, g->offset, tl_lit_int(32)), TL_U32, false);
    out[0] = offset_lo;
    out[1] = offset_hi;
    out[2] = zero;
    out[3] = zero;
    return !tl_builder_failed(g->b) && philox(g, out);
}

/* uint_to_uniform_float(x) for 32-bit x */
static tl_value uniform(const rng *g, tl_value x)
{
    x = to(g, x, TL_I32, true);
    lang_opnd scale = lang_lit_opnd(TL_F32, 4.6566127342e-10, 0); /* scale = ...: a float32 tensor */
    tl_value negative = op2(g, TL_OP_LT, x, tl_lit_int(0)); /* arguments in Python's order */
    tl_value flipped = op2(g, TL_OP_SUB, tl_neg_at(g->s, x), tl_lit_int(1));
    x = tl_where_at(g->s, negative, flipped, x);
    if (tl_value_is_poison(x))
        return x;
    lang_opnd v = lang_opnd_of(g->b, x);
    return lang_binop(g->s, g->b, TL_OP_MUL, &v, &scale);
}

/* pair_uniform_to_normal(u1, u2): Box-Muller. */
static void normal_pair(const rng *g, tl_value u1, tl_value u2, tl_value out[2])
{
    u1 = tl_maximum_at(g->s, tl_lit_float(1.0e-7), u1, (tl_minmax_opts){0});
    tl_value th = op2(g, TL_OP_MUL, tl_lit_float(6.283185307179586), u2);
    tl_value r =
        tl_math_at(g->s, TL_MATH_SQRT, op2(g, TL_OP_MUL, tl_lit_float(-2.0), tl_math_at(g->s, TL_MATH_LOG, u1)));
    out[0] = op2(g, TL_OP_MUL, r, tl_math_at(g->s, TL_MATH_COS, th));
    out[1] = op2(g, TL_OP_MUL, r, tl_math_at(g->s, TL_MATH_SIN, th));
}

/* ---- the public functions ---------------------------------------------------------------- */

static bool rng_open(rng *g, tl_site s, tl_value seed, tl_value offset, tl_random_opts o)
{
    tl_value in[2] = {seed, offset};
    static const char *const names[] = {"seed", "offset"};
    *g = (rng){.s = s, .seed = seed, .offset = offset};
    g->b = lang_builder(s, NULL, 2, in, names);
    if (!g->b)
        return false;
    if (tl_value_is_lit(offset)) {
        tl_builder_fail(g->b, s, "the offset must be a tensor, not a number");
        return false;
    }
    if (o.n_rounds < 0) {
        tl_builder_fail(g->b, s, "n_rounds must be positive, got %d", o.n_rounds);
        return false;
    }
    g->rounds = o.n_rounds ? o.n_rounds : N_ROUNDS_DEFAULT;
    return true;
}

/* Runs fn as one call of a standard-library helper. */
static tl_value4 rng_run(tl_site s, tl_value seed, tl_value offset, tl_random_opts o, rng_fn fn)
{
    tl_value4 r = {{TL_POISON, TL_POISON, TL_POISON, TL_POISON}};
    rng g;
    if (!rng_open(&g, s, seed, offset, o))
        return r;
    tl_builder_helper_begin(g.b);
    tl_value v[4];
    if (plan_call(&g, fn) && randint4x(&g, v)) {
        switch (fn) {
        case FN_RANDINT:
        case FN_RANDINT4X: memcpy(r.v, v, sizeof v); break;
        case FN_RAND: r.v[0] = uniform(&g, v[0]); break;
        case FN_RAND4X:
            for (int i = 0; i < 4; i++)
                r.v[i] = uniform(&g, v[i]);
            break;
        case FN_RANDN: {
            tl_value u1 = uniform(&g, v[0]), u2 = uniform(&g, v[1]), n[2];
            normal_pair(&g, u1, u2, n);
            r.v[0] = n[0];
            break;
        }
        case FN_RANDN4X: {
            tl_value u[4];
            for (int i = 0; i < 4; i++)
                u[i] = uniform(&g, v[i]);
            normal_pair(&g, u[0], u[1], r.v);
            normal_pair(&g, u[2], u[3], r.v + 2);
            break;
        }
        }
    }
    tl_builder_helper_end(g.b);
    if (tl_builder_failed(g.b))
        for (int i = 0; i < 4; i++)
            r.v[i] = TL_POISON;
    return r;
}

tl_value tl_randint_at(tl_site s, tl_value seed, tl_value offset, tl_random_opts o)
{
    return rng_run(s, seed, offset, o, FN_RANDINT).v[0];
}

tl_value tl_rand_at(tl_site s, tl_value seed, tl_value offset, tl_random_opts o)
{
    return rng_run(s, seed, offset, o, FN_RAND).v[0];
}

tl_value tl_randn_at(tl_site s, tl_value seed, tl_value offset, tl_random_opts o)
{
    return rng_run(s, seed, offset, o, FN_RANDN).v[0];
}

tl_value4 tl_randint4x_at(tl_site s, tl_value seed, tl_value offset, tl_random_opts o)
{
    return rng_run(s, seed, offset, o, FN_RANDINT4X);
}

tl_value4 tl_rand4x_at(tl_site s, tl_value seed, tl_value offset, tl_random_opts o)
{
    return rng_run(s, seed, offset, o, FN_RAND4X);
}

tl_value4 tl_randn4x_at(tl_site s, tl_value seed, tl_value offset, tl_random_opts o)
{
    return rng_run(s, seed, offset, o, FN_RANDN4X);
}

/* ---- the helpers themselves: philox, philox_impl, uint_to_uniform_float, pair_uniform_to_normal */

/* The builder of a call on values (no numbers: named in the message) of one type, 32-bit
 * integers unless want is TL_F32; NULL after an error. */
static tl_builder *random_operands(tl_site s, int n, const tl_value *v, const char *const *names, tl_dtype want)
{
    tl_builder *b = lang_builder(s, NULL, n, v, names);
    if (!b)
        return NULL;
    const tcir_type *t0 = NULL;
    for (int i = 0; i < n; i++) {
        if (tl_value_is_lit(v[i])) {
            tl_builder_fail(b, s, "%s must be a value, not a number", names[i]);
            return NULL;
        }
        lang_opnd o = lang_opnd_of(b, v[i]);
        bool ok = !o.is_ptr &&
            (want == TL_F32 ? o.dtype == TL_F32 : tl_dtype_is_int(o.dtype) && tl_dtype_bits(o.dtype) == 32);
        if (!ok) {
            char t[LANG_STR];
            tl_builder_fail(b, s, "%s must be %s, not %s", names[i],
                            want == TL_F32 ? "float32" : "a 32-bit integer (int32 or uint32)",
                            lang_elem_str(&o, t, sizeof t));
            return NULL;
        }
        if (i == 0)
            t0 = tl_value_type(v[i]);
        else if (tl_value_type(v[i]) != t0) {
            char x[LANG_STR], y[LANG_STR];
            lang_opnd o0 = lang_opnd_of(b, v[0]);
            tl_builder_fail(b, s, "%s and %s must have one type here, got %s and %s", names[0], names[i],
                            lang_type_str(b, &o0, x, sizeof x), lang_type_str(b, &o, y, sizeof y));
            return NULL;
        }
    }
    return b;
}

static bool random_rounds(tl_builder *b, tl_site s, tl_random_opts o, int *rounds)
{
    if (o.n_rounds < 0) {
        tl_builder_fail(b, s, "n_rounds must be positive, got %d", o.n_rounds);
        return false;
    }
    *rounds = o.n_rounds ? o.n_rounds : N_ROUNDS_DEFAULT;
    return true;
}

tl_value4 tl_philox_at(tl_site s, tl_value seed, tl_value c0, tl_value c1, tl_value c2, tl_value c3, tl_random_opts o)
{
    tl_value4 r = {{TL_POISON, TL_POISON, TL_POISON, TL_POISON}};
    tl_value c[4] = {c0, c1, c2, c3};
    static const char *const names[] = {"c0", "c1", "c2", "c3"};
    tl_builder *b = random_operands(s, 4, c, names, TL_I32);
    rng g = {.s = s, .b = b, .seed = seed, .offset = c0};
    if (!b || !random_rounds(b, s, o, &g.rounds))
        return r;
    if (!lang_builder(s, b, 1, &seed, (const char *const[]){"seed"}))
        return r;
    lang_helper_begin(s, b, 5, (const tl_value[]){seed, c0, c1, c2, c3});
    uint64_t bits = 0;
    bool number = seed_number(&g, &bits);
    bool ok = true;
    if (!tl_value_is_lit(seed) || number) { /* a number that is not an integer: philox says so */
        plan p = plan_philox(&g, number, bits, true);
        ok = plan_meet(&g, &p);
    }
    if (ok && philox(&g, c))
        memcpy(r.v, c, sizeof c);
    tl_builder_helper_end(b);
    if (tl_builder_failed(b))
        for (int i = 0; i < 4; i++)
            r.v[i] = TL_POISON;
    return r;
}

tl_value4 tl_philox_impl_at(tl_site s, tl_value c0, tl_value c1, tl_value c2, tl_value c3, tl_value k0, tl_value k1,
                            tl_random_opts o)
{
    tl_value4 r = {{TL_POISON, TL_POISON, TL_POISON, TL_POISON}};
    tl_value c[4] = {c0, c1, c2, c3};
    static const char *const names[] = {"c0", "c1", "c2", "c3"};
    tl_builder *b = random_operands(s, 4, c, names, TL_I32);
    rng g = {.s = s, .b = b, .seed = k0, .offset = c0};
    if (!b || !random_rounds(b, s, o, &g.rounds))
        return r;
    tl_value k[2] = {k0, k1};
    static const char *const knames[] = {"k0", "k1"};
    if (!random_operands(s, 2, k, knames, TL_I32))
        return r;
    if (c0.dtype != TL_U32) { /* Python: `if c0.dtype == tl.uint32` ... else its uint64 assertion */
        tl_builder_fail(b, s, "static assertion failed: dtype not supported in philox_impl");
        return r;
    }
    lang_helper_begin(s, b, 6, (const tl_value[]){c0, c1, c2, c3, k0, k1});
    lang_opnd keys = lang_opnd_of(b, k0), state = lang_opnd_of(b, c0);
    plan p = plan_new(b, 2 * g.rounds + 8);
    plan_philox_impl(&p, g.rounds, &keys, &state);
    if (plan_meet(&g, &p)) {
        philox_impl(&g, c, k0, k1);
        memcpy(r.v, c, sizeof c);
    }
    tl_builder_helper_end(b);
    if (tl_builder_failed(b))
        for (int i = 0; i < 4; i++)
            r.v[i] = TL_POISON;
    return r;
}

tl_value tl_uint_to_uniform_float_at(tl_site s, tl_value x)
{
    static const char *const names[] = {"x"};
    tl_builder *b = random_operands(s, 1, &x, names, TL_I32);
    if (!b)
        return TL_POISON;
    rng g = {.s = s, .b = b, .offset = x};
    tl_builder_helper_begin_at(s, b);
    /* the helper's own constants as its canonicalization leaves them: scale, 1, 0 */
    lang_opnd off = lang_opnd_of(b, x);
    plan u = plan_new(b, 3);
    plan_push(&u, pc_f32(4.6566127342e-10, &off));
    plan_push(&u, pc_int(TL_I32, 1, &off));
    plan_push(&u, pc_int(TL_I32, 0, &off));
    tl_value r = plan_meet(&g, &u) ? uniform(&g, x) : TL_POISON;
    tl_builder_helper_end(b);
    return tl_builder_failed(b) ? TL_POISON : r;
}

tl_pair tl_pair_uniform_to_normal_at(tl_site s, tl_value u1, tl_value u2)
{
    tl_pair r = {TL_POISON, TL_POISON};
    tl_value u[2] = {u1, u2};
    static const char *const names[] = {"u1", "u2"};
    tl_builder *b = random_operands(s, 2, u, names, TL_F32);
    if (!b)
        return r;
    rng g = {.s = s, .b = b, .offset = u1};
    lang_helper_begin(s, b, 2, u);
    /* the helper's own constants as its canonicalization leaves them: -2.0, 2 pi, 1e-7 */
    lang_opnd off = lang_opnd_of(b, u1);
    plan n = plan_new(b, 3);
    plan_push(&n, pc_f32(-2.0, &off));
    plan_push(&n, pc_f32(6.283185307179586, &off));
    plan_push(&n, pc_f32(1.0e-7, &off));
    tl_value out[2] = {TL_POISON, TL_POISON};
    if (plan_meet(&g, &n))
        normal_pair(&g, u1, u2, out);
    tl_builder_helper_end(b);
    if (!tl_builder_failed(b)) {
        r.first = out[0];
        r.second = out[1];
    }
    return r;
}
