/* libFuzzer target: the input bytes are a program of public calls, random and wrong ones
 * included (wrong types, poison, absent and literal operands, values of another builder, huge
 * and negative shapes, invalid dtypes and enums, scopes opened and closed in any order, calls
 * after tl_finish, failed allocations through tcir_set_alloc_hook). Whatever the program, the
 * library must not crash, abort, leak or misbehave under ASan and UBSan; every run ends with
 * tl_finish and tl_builder_destroy. A kernel the builder accepts then runs in the CPU
 * interpreter (tritonc/interp.h) on small made-up buffers: it may fail (out of bounds, most
 * often, the bounds checker's business) but must not crash either. docs/fuzzing.md says how to
 * build and run it.
 *
 * With FUZZ_VERIFIER_FINDINGS=1 in the environment, a kernel that only the verifier refuses at
 * tl_finish (no raw op used, every call accepted) aborts too: a misuse not reported at its own
 * call, which should be. Off by default: the order engine may still move ops (issue 8). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_failing_allocator.h"
#include "tritonc/interp.h"
#include "tritonc/standard.h"
#include "tritonc/tritonc.h"

enum { NVALS = 16, NSCOPES = 8, MAX_STEPS = 256 };

typedef struct fuzz {
    const uint8_t *p;
    size_t n;
    tl_builder *b, *other; /* other: a second builder whose values are mixed in */
    tl_value vals[NVALS];
    int nvals;             /* values made so far (the pool is a ring) */
    tl_scope scopes[NSCOPES];
    int nscopes;
    bool ordered;          /* sites carry their source-order key (else seq 0) */
    bool raw_used;         /* a raw op was built: the verifier may refuse it at finish */
    int depth;             /* combine functions running (they run more calls, once deep) */
} fuzz;

/* ---- reading the input ------------------------------------------------------------------ */

static uint8_t u8(fuzz *f)
{
    if (!f->n)
        return 0;
    f->n--;
    return *f->p++;
}

static uint32_t u32(fuzz *f)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v = v << 8 | u8(f);
    return v;
}

/* FUZZ_TRACE=1 prints each call as it is made (to turn a crash into a C reproducer). */
static bool tracing(void)
{
    static int on = -1;
    if (on < 0)
        on = getenv("FUZZ_TRACE") && *getenv("FUZZ_TRACE") == '1';
    return on;
}

static tl_site at(fuzz *f, tl_site s)
{
    if (tracing())
        fprintf(stderr, "fuzz_api: %s (line %d)\n", s.func, s.line);
    if (!f->ordered)
        s.seq = 0;
    return s;
}
#define S(fn) at(f, TL_SITE(fn))

static int64_t dim(fuzz *f)
{
    static const int64_t dims[] = {1, 2, 4, 8, 16, 32, 64, 128, 3, 0, -1, 1 << 20, INT64_C(1) << 40, INT64_MAX,
                                   INT64_MIN, 256};
    return dims[u8(f) % 16];
}

static tl_shape shape(fuzz *f)
{
    tl_shape s = {.rank = u8(f) % 10}; /* 9 and 8+ ranks: out of range on purpose */
    for (int i = 0; i < s.rank && i < TL_MAX_RANK; i++)
        s.dims[i] = dim(f);
    return s;
}

static tl_dtype dtype(fuzz *f)
{
    return (tl_dtype)((int)(u8(f) % (TL_DTYPE_COUNT + 2)) - 1); /* -1 and TL_DTYPE_COUNT: invalid */
}

static int small_int(fuzz *f)
{
    return (int)(u8(f) % 12) - 4;
}

/* An operand: a value of the pool, or poison, absent, a literal, a value of the other builder. */
static tl_value pick(fuzz *f)
{
    uint8_t c = u8(f);
    switch (c) {
    case 0xF0: return TL_POISON;
    case 0xF1: return (tl_value){0};
    case 0xF2: return tl_lit_int((int32_t)u32(f));
    case 0xF3: return tl_lit_float((double)(int32_t)u32(f) / 8.0);
    case 0xF4: return tl_lit_bool(u8(f) & 1);
    case 0xF5: return tl_lit_uint(UINT64_MAX - u8(f));
    case 0xF6: return f->other ? tl_program_id(f->other, 0) : TL_POISON;
    default: break;
    }
    int n = f->nvals < NVALS ? f->nvals : NVALS;
    return n ? f->vals[c % n] : tl_lit_int(c);
}

static void keep(fuzz *f, tl_value v)
{
    f->vals[f->nvals++ % NVALS] = v;
}


/* A list of up to 4 operands (or, when null_ok, a count without values: a misuse). */
static tl_values values_of(fuzz *f, tl_value *buf, bool null_ok)
{
    int n = u8(f) % 6;
    if (n == 5 && null_ok)
        return (tl_values){2, NULL};
    n %= 5;
    for (int i = 0; i < n; i++)
        buf[i] = pick(f);
    return (tl_values){n, buf};
}

/* Scope calls also get a count without values, and tl_do fewer or more values than the while
 * carries: both are errors at their call (they crashed before the scope change of issue 8). */
static tl_values scope_values(fuzz *f, tl_value *buf)
{
    return values_of(f, buf, true);
}

static tl_scope *scope(fuzz *f)
{
    return f->nscopes ? &f->scopes[u8(f) % f->nscopes] : NULL;
}

static void open_scope(fuzz *f, tl_scope s)
{
    if (f->nscopes < NSCOPES)
        f->scopes[f->nscopes++] = s;
}

/* A scope's values into the pool (args and results are NULL until it gives them). */
static void take_scope_values(fuzz *f, tl_scope *s)
{
    if (!s)
        return;
    keep(f, s->iv);
    if (s->args)
        for (int i = 0; i < s->n && i < 4; i++)
            keep(f, s->args[i]);
    if (s->results)
        for (int i = 0; i < s->nresults && i < 4; i++)
            keep(f, s->results[i]);
}

/* ---- the calls ------------------------------------------------------------------------------ */

static tl_value arg(fuzz *f)
{
    static const char *const names[] = {"x", "y", "p", "n", "x", "", "9bad", NULL};
    const char *name = names[u8(f) % 8];
    tl_argspec spec;
    switch (u8(f) % 4) {
    case 0: spec = TL_PTR(dtype(f)); break;
    case 1: spec = TL_SCALAR(dtype(f)); break;
    case 2: {
        tl_shape s = shape(f);
        spec = (tl_argspec){.kind = TL_ARG_TENSOR, .dtype = dtype(f), .rank = s.rank};
        memcpy(spec.shape, s.dims, sizeof spec.shape);
        break;
    }
    default: spec = (tl_argspec){.kind = (tl_arg_kind)small_int(f), .dtype = dtype(f)}; break;
    }
    spec.divisibility = small_int(f) * 4;
    return tl_arg_at(S("tl_arg"), f->b, name, spec);
}

static tl_value same_type_op(fuzz *f)
{
    static const char *const names[] = {"arith.addf", "arith.addi", "arith.maxnumf", "arith.muli", "math.fma",
                                        "arith.negf", "math.absi", "tt.unknown_op", "nodot", NULL};
    tl_value ops[4] = {pick(f), pick(f), pick(f), pick(f)};
    return tl_same_type_op_at(S("tl_same_type_op"), names[u8(f) % 10], (int)(u8(f) % 6) - 1, ops); /* -1 to 4 */
}

static tl_value raw_op(fuzz *f)
{
    static const char *const names[] = {"tt.stand_in", "arith.addi", "scf.yield", "bad", NULL};
    tcir_context *ctx = tl_builder_context(f->b);
    tl_shape s = shape(f);
    const tcir_type *t = NULL;
    if (ctx && s.rank > 0 && s.rank <= TL_MAX_RANK) {
        bool ok = true;
        for (int i = 0; i < s.rank; i++)
            ok = ok && s.dims[i] > 0;
        t = ok ? tcir_type_tensor(ctx, s.rank, s.dims, tcir_type_int(ctx, 32)) : NULL;
    } else if (ctx) {
        t = tcir_type_int(ctx, 32);
    }
    tl_value ops[2] = {pick(f), pick(f)};
    f->raw_used = true;
    tcir_op *op = tl_op_at(S("tl_op"), f->b,
                           (tl_raw_op){.name = names[u8(f) % 5], .noperands = u8(f) % 3, .operands = ops,
                                       .nresults = u8(f) % 2, .result_types = &t});
    return tl_result_at(S("tl_result"), f->b, op, small_int(f));
}

static void scope_call(fuzz *f)
{
    tl_value buf[4];
    switch (u8(f) % 8) {
    case 0: open_scope(f, tl_for_at(S("tl_for"), f->b, pick(f), pick(f), pick(f), (tl_for_opts){.inits = scope_values(f, buf)})); break;
    case 1: { /* the macro: tl_if_at's options grow with the scopes that carry C variables */
        tl_value cond = pick(f);
        open_scope(f, tl_if(cond));
        break;
    }
    case 2: open_scope(f, tl_while_at(S("tl_while"), f->b, (tl_while_opts){.inits = scope_values(f, buf)})); break;
    case 3: open_scope(f, tl_return_if_open_at(S("tl_return_if_open"), pick(f), (tl_return_opts){.inline_return = u8(f) & 1})); break;
    case 4: {
        tl_scope *s = scope(f);
        tl_else_at(S("tl_else"), s, scope_values(f, buf));
        take_scope_values(f, s);
        break;
    }
    case 5: {
        tl_scope *s = scope(f);
        tl_value cond = pick(f);
        tl_values forwarded = scope_values(f, buf);
        tl_do_at(S("tl_do"), s, cond, forwarded);
        take_scope_values(f, s);
        break;
    }
    case 6: {
        tl_scope *s = scope(f);
        tl_yield_at(S("tl_yield"), s, scope_values(f, buf));
        take_scope_values(f, s);
        break;
    }
    default: tl_return_if_at(S("tl_return_if"), pick(f), (tl_return_opts){.inline_return = u8(f) & 1}); break;
    }
}

static void shape_call(fuzz *f)
{
    tl_value x = pick(f);
    switch (u8(f) % 10) {
    case 0: keep(f, tl_reshape_at(S("tl_reshape"), x, shape(f), (tl_reshape_opts){u8(f) & 1})); break;
    case 1: keep(f, tl_expand_dims_at(S("tl_expand_dims"), x, small_int(f))); break;
    case 2: keep(f, tl_broadcast_to_at(S("tl_broadcast_to"), x, shape(f))); break;
    case 3: keep(f, tl_permute_at(S("tl_permute"), x, shape(f))); break;
    case 4: keep(f, tl_trans_at(S("tl_trans"), x, (tl_shape){0})); break;
    case 5: keep(f, tl_join_at(S("tl_join"), x, pick(f))); break;
    case 6: keep(f, tl_cat_at(S("tl_cat"), x, pick(f), (tl_cat_opts){u8(f) & 1})); break;
    case 7: {
        tl_pair p = tl_split_at(S("tl_split"), x);
        keep(f, p.first);
        keep(f, p.second);
        break;
    }
    case 8: keep(f, tl_splat_at(S("tl_splat"), f->b, x, shape(f))); break;
    default: keep(f, tl_gather_at(S("tl_gather"), x, pick(f), small_int(f))); break;
    }
}

static void reduce_call(fuzz *f)
{
    tl_value x = pick(f);
    int axis = u8(f) & 1 ? TL_AXIS_NONE : small_int(f);
    bool keep_dims = u8(f) & 1;
    switch (u8(f) % 6) {
    case 0: keep(f, tl_sum_at(S("tl_sum"), x, axis, (tl_sum_opts){keep_dims, (tl_dtype)(u8(f) % 4)})); break;
    case 1: keep(f, tl_max_at(S("tl_max"), x, axis, (tl_reduce_opts){keep_dims})); break;
    case 2: keep(f, tl_argmin_at(S("tl_argmin"), x, axis, (tl_argmax_opts){0})); break;
    case 3: keep(f, tl_cumsum_at(S("tl_cumsum"), x, axis, (tl_cumsum_opts){0})); break;
    case 4: keep(f, tl_xor_sum_at(S("tl_xor_sum"), x, axis, (tl_reduce_opts){keep_dims})); break;
    default: keep(f, tl_histogram_at(S("tl_histogram"), x, dim(f), (tl_histogram_opts){.mask = pick(f)})); break;
    }
}

static void memory_call(fuzz *f)
{
    tl_value p = pick(f), v = pick(f), m = u8(f) & 1 ? pick(f) : (tl_value){0};
    switch (u8(f) % 5) {
    case 0: keep(f, tl_load_at(S("tl_load"), (tl_load_args){.ptr = p, .mask = m, .other = v,
                                                             .cache = (tl_cache)(u8(f) % 8)})); break;
    case 1: tl_store_at(S("tl_store"), (tl_store_args){.ptr = p, .value = v, .mask = m}); break;
    case 2: keep(f, tl_addptr_at(S("tl_addptr"), p, v)); break;
    case 3: keep(f, tl_atomic_rmw_at(S("tl_atomic_add"), (tl_atomic_op)(u8(f) % 9),
                                     (tl_atomic_args){.ptr = p, .val = v, .mask = m})); break;
    default: tl_device_assert_at(S("tl_device_assert"), p, u8(f) & 1 ? "msg" : NULL, (tl_assert_opts){.mask = m}); break;
    }
}

static void step(fuzz *f);

/* The forms that read as Python reads them (issues 29 and 33): positional masks and others,
 * left-to-right chains, conditions that are C numbers, indexing with None, math and casts of
 * C numbers, values nothing uses in a loop (the carry check). */
static void python_form_call(fuzz *f)
{
    tl_value p = pick(f), a = pick(f), c = pick(f);
    switch (u8(f) % 12) {
    case 0: keep(f, tl_load(p, a)); break;
    case 1: keep(f, tl_load(p, a, c)); break;
    case 2: tl_store(p, a, c); break;
    case 3: keep(f, tl_atomic_add(p, a, c)); break;
    case 4: keep(f, tl_addptr(p, a, c)); break;
    case 5: keep(f, tl_add(p, a, c)); break;
    case 6: keep(f, tl_mul(p, a, c, pick(f))); break;
    case 7: open_scope(f, tl_if(tl_lit_int(u8(f) & 1))); break;
    case 8: tl_return_if(tl_lit_int(u8(f) & 1), .inline_return = u8(f) & 1); break;
    case 9: keep(f, u8(f) & 1 ? tl_index(p, TL_ALL, TL_NONE) : tl_index(p, TL_NONE, TL_ALL, TL_NONE)); break;
    case 10: keep(f, u8(f) & 1 ? tl_rsqrt((double)u8(f)) : tl_cast((int)u32(f), dtype(f))); break;
    default: { /* a loop whose body makes a value from one before it and leaves it unused */
        tl_scope s = tl_for(f->b, 0, 4, 1);
        (void)tl_addptr(p, 64);
        tl_end(&s);
        break;
    }
    }
}

/* The functions Triton writes in Python (issue 30: standard.h, the random helpers, inline asm
 * without operands, tl.extra.cuda), on any values: each a helper call of many ops. */
static void standard_call(fuzz *f)
{
    tl_value x = pick(f), y = pick(f);
    int d = small_int(f);
    switch (u8(f) % 14) {
    case 0: keep(f, tl_sigmoid_at(S("tl_sigmoid"), x)); break;
    case 1: keep(f, tl_softmax_at(S("tl_softmax"), x, d, (tl_softmax_opts){u8(f) & 1, u8(f) & 1})); break;
    case 2: keep(f, tl_zeros_like_at(S("tl_zeros_like"), x)); break;
    case 3: keep(f, tl_ravel_at(S("tl_ravel"), x, (tl_ravel_opts){u8(f) & 1})); break;
    case 4: {
        tl_pair p = tl_swizzle2d_at(S("tl_swizzle2d"), x, y, pick(f), pick(f), pick(f));
        keep(f, p.first);
        break;
    }
    case 5: keep(f, tl_interleave_at(S("tl_interleave"), x, y)); break;
    case 6: keep(f, tl_flip_at(S("tl_flip"), x, d)); break;
    case 7: keep(f, tl_sort_at(S("tl_sort"), x, d, (tl_sort_opts){u8(f) & 1})); break;
    case 8: keep(f, tl_topk_at(S("tl_topk"), x, (int)(u8(f) % 40) - 4, d)); break;
    case 9: keep(f, tl_bitonic_merge_at(S("tl_bitonic_merge"), x, d, (tl_sort_opts){u8(f) & 1})); break;
    case 10: {
        tl_value4 r = tl_philox_at(S("tl_philox"), x, y, pick(f), pick(f), pick(f), (tl_random_opts){0});
        keep(f, r.v[u8(f) % 4]);
        break;
    }
    case 11: keep(f, tl_uint_to_uniform_float_at(S("tl_uint_to_uniform_float"), x)); break;
    case 12: keep(f, tl_globaltimer_at(S("tl_globaltimer"), f->b)); break;
    default: tl_gdc_wait_at(S("tl_gdc_wait"), f->b); break;
    }
}

/* A combine function that runs a few more calls of the program inside the region (scopes
 * opened and not closed, values kept for use outside it: misuses the builder must catch),
 * then returns values of the pool, of any type. */
static void fuzz_combine(tl_builder *b, const tl_value *lhs, const tl_value *rhs, tl_value *out, void *ctx)
{
    fuzz *f = ctx;
    (void)b;
    keep(f, lhs[0]);
    keep(f, rhs[0]);
    if (f->depth++ == 0)
        for (int i = u8(f) % 4; i > 0; i--)
            step(f);
    f->depth--;
    for (int i = u8(f) % 3; i >= 0; i--)
        out[i] = pick(f);
}

/* Custom reductions and scans, block pointers, tensor descriptors, inline asm. */
static void rare_call(fuzz *f)
{
    tl_value a[4], c[4], d[4];
    switch (u8(f) % 7) {
    case 0:
    case 1: {
        tl_values in = values_of(f, a, true);
        int axis = small_int(f);
        tl_values r = u8(f) & 1 ? tl_reduce_at(S("tl_reduce"), in, axis, fuzz_combine, f, (tl_reduce_opts){0})
                                : tl_scan_at(S("tl_scan"), in, axis, fuzz_combine, f, (tl_scan_opts){0});
        for (int i = 0; r.v && i < r.n && i < 4; i++)
            keep(f, r.v[i]);
        break;
    }
    case 2:
        keep(f, tl_make_block_ptr_at(S("tl_make_block_ptr"), pick(f), values_of(f, a, true), values_of(f, c, true),
                                     values_of(f, d, true), shape(f), shape(f)));
        break;
    case 3: keep(f, tl_advance_at(S("tl_advance"), pick(f), values_of(f, a, true))); break;
    case 4:
        keep(f, tl_make_tensor_descriptor_at(S("tl_make_tensor_descriptor"), pick(f), values_of(f, a, true),
                                             values_of(f, c, true), shape(f), (tl_descriptor_opts){0}));
        break;
    case 5: keep(f, tl_descriptor_load_at(S("tl_descriptor_load"), pick(f), values_of(f, a, true))); break;
    default: {
        tl_dtype dts[2] = {dtype(f), dtype(f)};
        tl_asm_results r = tl_inline_asm_elementwise_at(S("tl_inline_asm_elementwise"), u8(f) & 1 ? "mov $0, $1;" : NULL,
                                                        "=r,r", values_of(f, a, true), (tl_dtypes){u8(f) % 3, dts},
                                                        u8(f) & 1, small_int(f));
        keep(f, r.v[0]);
        break;
    }
    }
}

static void step(fuzz *f)
{
    switch (u8(f) % 23) {
    case 0: keep(f, arg(f)); break;
    case 1: keep(f, tl_program_id_at(S("tl_program_id"), f->b, small_int(f))); break;
    case 2: keep(f, tl_arange_at(S("tl_arange"), f->b, (int32_t)u32(f) % 4096 - 8, dim(f))); break;
    case 3: keep(f, tl_full_at(S("tl_full"), f->b, shape(f), pick(f), dtype(f))); break;
    case 4:
    case 5: keep(f, tl_binary_at(S("tl_binary"), (tl_binop)(u8(f) % 19), pick(f), pick(f))); break;
    case 6: keep(f, tl_math_at(S("tl_math"), (tl_unary_math)(u8(f) % 13), pick(f))); break;
    case 7: keep(f, tl_to_at(S("tl_to"), pick(f), dtype(f), (tl_cast_opts){(tl_rounding)(u8(f) % 4), u8(f) & 1})); break;
    case 8: memory_call(f); break;
    case 9: reduce_call(f); break;
    case 10: shape_call(f); break;
    case 11: keep(f, tl_dot_at(S("tl_dot"), (tl_dot_args){.input = pick(f), .other = pick(f), .acc = pick(f),
                                                          .out_dtype = dtype(f)})); break;
    case 12: keep(f, same_type_op(f)); break;
    case 13:
    case 14: scope_call(f); break;
    case 15: keep(f, tl_where_at(S("tl_where"), pick(f), pick(f), pick(f))); break;
    case 16: keep(f, tl_neg_at(S("tl_neg"), pick(f))); break;
    case 17: free(tl_finish_at(S("tl_finish"), f->b)); break; /* and go on calling: use after finish */
    case 18: keep(f, raw_op(f)); break;
    case 19: rare_call(f); break;
    case 20: python_form_call(f); break;
    case 21: standard_call(f); break;
    default: keep(f, tl_const_int_at(S("tl_const_int"), f->b, (int32_t)u32(f), dtype(f))); break;
    }
}

static bool verifier_findings(void)
{
    const char *v = getenv("FUZZ_VERIFIER_FINDINGS");
    return v && *v == '1';
}

/* The most elements of any result of op and the ops inside it. */
static int64_t widest(tcir_op *op)
{
    int64_t w = 1;
    for (int i = 0; i < tcir_op_nresults(op); i++) {
        const tcir_type *t = tcir_value_type(tcir_op_result(op, i));
        int64_t n = 1;
        for (int d = 0; tcir_type_is_tensor(t) && d < tcir_type_rank(t); d++)
            n *= tcir_type_dims(t)[d];
        w = n > w ? n : w;
    }
    for (int r = 0; r < tcir_op_nregions(op); r++)
        for (tcir_block *blk = tcir_region_first_block(tcir_op_region(op, r)); blk; blk = tcir_block_next(blk))
            for (tcir_op *x = tcir_block_first(blk); x; x = tcir_op_next(x)) {
                int64_t n = widest(x);
                w = n > w ? n : w;
            }
    return w;
}

/* Runs the finished kernel in the interpreter: every pointer argument on a zeroed buffer of its
 * own, integers small, floats 1; a step limit, so that a loop the fuzzer made endless ends.
 * Kernels with tensors of more than 4096 elements are left out: a run of those takes seconds
 * under the sanitizers, and the interpreter's work does not depend on the size. */
static void interpret(tl_builder *b, uint8_t seed)
{
    enum { BYTES = 1024, MAX_ARGS = 64 };
    tcir_op *func = tl_builder_func(b);
    tc_interp *ip = func && widest(func) <= 4096 ? tc_interp_create(func) : NULL;
    if (!ip)
        return;
    tcir_block *entry = tcir_region_first_block(tcir_op_region(func, 0));
    void *bufs[MAX_ARGS] = {0};
    int n = tc_interp_nargs(ip);
    for (int i = 0; i < n && i < MAX_ARGS && entry && i < tcir_block_nargs(entry); i++) {
        const tcir_type *t = tcir_value_type(tcir_block_arg(entry, i));
        if (tcir_type_is_ptr(t)) {
            bufs[i] = calloc(1, BYTES);
            tc_interp_bind_ptr(ip, i, bufs[i], bufs[i] ? BYTES : 0);
        } else if (tcir_type_is_float(t)) {
            tc_interp_bind_float(ip, i, 1.0);
        } else {
            tc_interp_bind_int(ip, i, seed % 64);
        }
    }
    tc_interp_set_grid(ip, 1 + seed % 3, 1, 1);
    tc_interp_set_step_limit(ip, 2000);
    tc_interp_set_print_stream(ip, NULL);
    tc_interp_run(ip);
    if (tracing())
        fprintf(stderr, "fuzz_api: interpreted: %s\n", tc_interp_failed(ip) ? tc_interp_error(ip) : "ran");
    tc_interp_destroy(ip);
    for (int i = 0; i < MAX_ARGS; i++)
        free(bufs[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz state = {.p = data, .n = size}, *f = &state;
    uint8_t mode = u8(f);
    fake_failing_allocator alloc = {0};
    if (mode & 1) { /* fail one allocation, or all from one on */
        alloc.fail_at = 1 + u8(f) * 8u + (u8(f) & 7);
        alloc.from_then_on = mode & 2;
        tcir_set_alloc_hook(fake_failing_allocator_hook, &alloc);
    }
    f->ordered = mode & 4;
    f->b = tl_builder_create_at(S("tl_builder_create"), mode & 8 ? "k" : "bad name");
    f->other = mode & 16 ? tl_builder_create("other") : NULL;
    tl_builder_set_locations(f->b, mode & 32);
    tl_builder_set_debug(f->b, mode & 64);
    for (int i = 0; i < MAX_STEPS && f->n; i++)
        step(f);
    char *text = tl_finish_at(S("tl_finish"), f->b);
    if (text)
        interpret(f->b, mode);
    const char *err = tl_builder_error(f->b);
    if (!text && err && strstr(err, ": verifier: ") && !f->raw_used && !alloc.fail_at && verifier_findings()) {
        fprintf(stderr, "caught only by the verifier at tl_finish: %s\n", err);
        abort();
    }
    if (tracing())
        fprintf(stderr, "fuzz_api: %s\n", text ? "built" : err ? err : "no builder");
    free(text);
    tl_builder_destroy(f->b);
    tl_builder_destroy(f->other);
    tcir_set_alloc_hook(NULL, NULL);
    return 0;
}
