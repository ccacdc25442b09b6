/* The order engine under a driver that runs call sites out of source order: a `switch` inside
 * a loop, as a front end or an interpreter drives the API. For many seeds, a seeded PRNG picks a
 * sequence of cases (loads, stores, atomics, prints, assertions, barriers, for and while
 * loops, branches with and without else, pure arithmetic) that build one kernel; every case notes the C line of each effect it issues.
 * The kernel must verify (tl_finish succeeds), and its effects, read back from the TTIR by their
 * locations (pre-order, as printed), must come out in exactly the order they were issued. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/tritonc.h"
#include "test_rng.h"

enum { SEEDS = 1000, MAX_STEPS = 96, MAX_EVENTS = 4 * MAX_STEPS, MAX_LIVE = 256, MAX_DEPTH = 3 };

/* What one kernel's driver did. */
typedef struct events {
    int line[MAX_EVENTS];
    int n;
} events;

static void note(events *e, int line, int times)
{
    for (int i = 0; i < times && e->n < MAX_EVENTS; i++)
        e->line[e->n++] = line;
}

/* Values usable at the current depth: live[0..nlive), and where each depth's begin. */
typedef struct live_values {
    tl_value v[MAX_LIVE];
    int n;
    int mark[MAX_DEPTH + 1];
} live_values;

static tl_value any_value(live_values *l, rng *r) { return l->v[pick(r, l->n)]; }

static void keep(live_values *l, tl_value v)
{
    if (l->n < MAX_LIVE)
        l->v[l->n++] = v;
    else
        l->v[MAX_LIVE - 1] = v;
}

typedef enum step {
    STEP_CLOSE, /* first in the text, though it runs after an open: the text is not the order */
    STEP_STORE,
    STEP_PURE,
    STEP_ATOMIC2,
    STEP_LOAD,
    STEP_FOR,
    STEP_PRINT,
    STEP_LOAD2,
    STEP_IF,
    STEP_ATOMIC,
    STEP_ASSERT,
    STEP_BARRIER,
    STEP_PURE_NESTED,
    STEP_ELSE,
    STEP_WHILE,
    STEP_COUNT
} step;

typedef struct stats {
    long kernels, steps, effects, ops, loops, branches, elses;
    uint64_t hash; /* FNV-1a of every kernel's text: gcc's and clang's builds print the same */
} stats;

/* Builds one kernel from the seed's plan; returns its TTIR (with locations) or fails. */
static char *build(uint64_t seed, events *issued, stats *st)
{
    rng r = {seed * 0x9E3779B97F4A7C15ull + 1};
    tl_builder *b = tl_builder_create("stress");
    tl_builder_set_locations(b, true);
    tl_builder_set_debug(b, true);
    tl_value q = tl_arg(b, "q", TL_PTR(TL_I32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value offs = tl_arange(b, 0, 16);
    live_values l = {.n = 0};
    keep(&l, offs);
    keep(&l, tl_add(offs, n));
    tl_scope scopes[MAX_DEPTH];
    step opened[MAX_DEPTH]; /* what opened each scope; STEP_ELSE once an if is in its else */
    int depth = 0;
    int nsteps = 24 + pick(&r, MAX_STEPS - 24);
    for (int i = 0; i < nsteps; i++) {
        step s = (step)pick(&r, STEP_COUNT);
        tl_value x = any_value(&l, &r), y = any_value(&l, &r);
        st->steps++;
        switch (s) {
        case STEP_CLOSE:
            if (depth == 0)
                break;
            tl_yield(&scopes[--depth]);
            l.n = l.mark[depth];
            break;
        case STEP_STORE:
            tl_store(tl_addptr(q, x), tl_add(x, y), .mask = tl_lt(x, y)); note(issued, __LINE__, 1);
            break;
        case STEP_PURE:
            keep(&l, tl_add(tl_mul(x, y), tl_sub(y, 3)));
            break;
        case STEP_ATOMIC2:
            keep(&l, tl_add(tl_atomic_add(tl_addptr(q, offs), x), tl_atomic_xchg(tl_addptr(q, y), 5))); note(issued, __LINE__, 2);
            break;
        case STEP_LOAD:
            keep(&l, tl_load(tl_addptr(q, x), .mask = tl_gt(y, 0), .other = tl_lit(7))); note(issued, __LINE__, 1);
            break;
        case STEP_FOR:
            if (depth == MAX_DEPTH)
                break;
            l.mark[depth] = l.n;
            opened[depth] = s;
            scopes[depth++] = tl_for(b, 0, n, 2, .allow_unused = true); note(issued, __LINE__, 1);
            break;
        case STEP_PRINT:
            tl_device_print(b, "x", .a0 = x, .a1 = y); note(issued, __LINE__, 1);
            break;
        case STEP_LOAD2:
            keep(&l, tl_sub(tl_load(tl_addptr(q, x)), tl_load(tl_addptr(q, tl_add(y, 1))))); note(issued, __LINE__, 2);
            break;
        case STEP_IF:
            if (depth == MAX_DEPTH)
                break;
            l.mark[depth] = l.n;
            opened[depth] = s;
            scopes[depth++] = tl_if(tl_lt(n, pick(&r, 100))); note(issued, __LINE__, 1);
            break;
        case STEP_ATOMIC:
            keep(&l, tl_atomic_max(tl_addptr(q, x), tl_mul(y, 2), .mask = tl_ne(x, 0))); note(issued, __LINE__, 1);
            break;
        case STEP_ASSERT:
            tl_device_assert(tl_ge(x, tl_neg(y)), "x >= -y"); note(issued, __LINE__, 1);
            break;
        case STEP_BARRIER:
            tl_debug_barrier(b); note(issued, __LINE__, 1);
            break;
        case STEP_PURE_NESTED:
            keep(&l, tl_xor(tl_add(tl_shl(x, 1), tl_floordiv(y, 3)), tl_maximum(tl_sub(x, y), tl_abs(x))));
            break;
        case STEP_ELSE: /* the then-branch's values are not the else's */
            if (depth == 0 || opened[depth - 1] != STEP_IF)
                break;
            opened[depth - 1] = STEP_ELSE;
            tl_else(&scopes[depth - 1]);
            l.n = l.mark[depth - 1];
            break;
        case STEP_WHILE: /* the condition region holds the comparison; the body is what follows */
            if (depth == MAX_DEPTH)
                break;
            l.mark[depth] = l.n;
            opened[depth] = s;
            scopes[depth] = tl_while(b, .allow_unused = true); note(issued, __LINE__, 1);
            tl_do(&scopes[depth++], tl_gt(n, pick(&r, 100)));
            break;
        case STEP_COUNT:
            break;
        }
    }
    while (depth > 0)
        tl_yield(&scopes[--depth]);
    char *text = tl_finish(b);
    if (!text)
        fail_msg("seed %llu: tl_finish failed: %s", (unsigned long long)seed, tl_builder_error(b));
    st->kernels++;
    tl_builder_destroy(b);
    return text;
}

/* The ops with effects and the scopes, as printed (pre-order), by the line of their location:
 * an op with regions prints its location after its closing brace. */
static bool is_effect_line(const char *s)
{
    static const char *const names[] = {" tt.load ",   " tt.store ",   " tt.atomic_rmw ", " tt.atomic_cas ",
                                        " tt.print ",  " tt.assert ",  " gpu.barrier",    " scf.for ",
                                        " scf.if ",    " scf.while "};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strstr(s, names[i]))
            return true;
    return false;
}

static int loc_line(const char *s, const char *end)
{
    const char *at = NULL;
    for (const char *p = strstr(s, "loc(\""); p && p < end; p = strstr(p + 1, "loc(\""))
        at = p;
    if (!at)
        return -1;
    const char *colon = strchr(at + 5, '"');
    return colon && colon[1] == ':' ? atoi(colon + 2) : -1;
}

static void read_effects(const char *text, events *got, stats *st)
{
    int open[64], nopen = 0;
    for (const char *s = text; *s;) {
        const char *end = strchr(s, '\n');
        if (!end)
            end = s + strlen(s);
        const char *t = s;
        while (*t == ' ')
            t++;
        bool opens = end > s && end[-1] == '{';
        if (*t == '}' && !opens && nopen > 0) {
            int at = open[--nopen];
            if (at >= 0)
                got->line[at] = loc_line(s, end);
        } else if (*t == '%' || *t == 't' || *t == 's' || *t == 'g') {
            st->ops++;
            char line[1024];
            size_t len = (size_t)(end - s) < sizeof line - 2 ? (size_t)(end - s) : sizeof line - 2;
            line[0] = ' ';
            memcpy(line + 1, s, len);
            line[len + 1] = '\0';
            bool effect = is_effect_line(line);
            if (effect && got->n < MAX_EVENTS)
                got->line[got->n++] = opens ? -1 : loc_line(s, end);
            if (opens && nopen < 64)
                open[nopen++] = effect ? got->n - 1 : -1;
        } else if (opens && *t != '}' && nopen < 64) {
            open[nopen++] = -1; /* tt.func and other openings */
        }
        s = *end ? end + 1 : end;
    }
}

/* The whole kernel and both lists, for a failure (cmocka cuts its message short). */
static void dump(const char *text, const events *issued, const events *got)
{
    fprintf(stderr, "%s\neffect: issued at line / found at line\n", text);
    for (int i = 0; i < issued->n || i < got->n; i++)
        fprintf(stderr, "%d: %d / %d\n", i, i < issued->n ? issued->line[i] : 0, i < got->n ? got->line[i] : 0);
}

static long count(const char *text, const char *needle)
{
    long n = 0;
    for (const char *at = strstr(text, needle); at; at = strstr(at + 1, needle))
        n++;
    return n;
}

static void effects_keep_issue_order_under_a_shuffling_driver(void **state)
{
    (void)state;
    stats st = {.hash = 0xCBF29CE484222325ull};
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        events issued = {.n = 0}, got = {.n = 0};
        char *text = build(seed, &issued, &st);
        read_effects(text, &got, &st);
        for (const char *c = text; *c; c++)
            st.hash = (st.hash ^ (unsigned char)*c) * 0x100000001B3ull;
        st.loops += count(text, " scf.for ") + count(text, " scf.while ");
        st.branches += count(text, " scf.if ");
        st.elses += count(text, "} else {");
        st.effects += issued.n;
        if (got.n != issued.n) {
            dump(text, &issued, &got);
            fail_msg("seed %llu: %d effects issued, %d in the TTIR:\n%s", (unsigned long long)seed, issued.n, got.n,
                     text);
        }
        for (int i = 0; i < got.n; i++)
            if (got.line[i] != issued.line[i]) {
                dump(text, &issued, &got);
                fail_msg("seed %llu: effect #%d was issued at line %d, the TTIR has line %d there:\n%s",
                         (unsigned long long)seed, i, issued.line[i], got.line[i], text);
            }
        free(text);
    }
    printf("order stress: %d seeds, %ld kernels, %ld driver steps, %ld effects (%ld loops, %ld branches, %ld with "
           "else), %ld ops in the TTIR, text hash %016llx\n",
           SEEDS, st.kernels, st.steps, st.effects, st.loops, st.branches, st.elses, st.ops,
           (unsigned long long)st.hash);
}

/* ---- helpers inside expressions ------------------------------------------------------------
 *
 * Random expressions of pure ops with calls of ported helpers (tl_builder_helper_begin_at)
 * among their parts, the helpers' bodies expressions of their own (calling other helpers too),
 * built with sites made by hand as the API's macros make them (seq numbering each expression's
 * calls inner first, left to right: Python's order). Each kernel is built twice: every
 * expression's parts made left to right (clang's order), then in an order the generator picks
 * at every node (gcc's right to left among them). The two texts must be equal, but for the
 * order of the constants: those a helper's body makes are ordered by the order they were made
 * in within its call, which a body's own expressions still leave to C (docs/order.md, Limits). */

enum { TREE_NODES = 64, BODIES = 4, STATEMENTS = 6 };

typedef enum node_kind { NODE_X, NODE_N, NODE_V, NODE_LIT, NODE_BIN, NODE_CALL } node_kind;

typedef struct node {
    node_kind kind;
    int lhs, rhs;  /* children (BIN: both; CALL: lhs, its argument) */
    int body;      /* CALL: the helper called */
    int seq;       /* BIN, CALL: the site's place in its text */
    tl_binop op;
    int lit;
} node;

typedef struct tree {
    node n[TREE_NODES];
    int count, root, line;
    const char *scope; /* its C function */
} tree;

typedef struct program {
    tree body[BODIES]; /* helper k calls only helpers below k */
    tree stmt[STATEMENTS];
} program;

static const char unit_anchor; /* the translation unit of every hand-made site */
static const char *const body_scopes[BODIES] = {"helper0", "helper1", "helper2", "helper3"};

/* A random expression of `t`; `body` >= 0 for helper `body`'s (its leaves: the argument). */
static int grow(tree *t, rng *r, int body, int depth, int *seq)
{
    static const tl_binop ops[] = {TL_OP_ADD, TL_OP_SUB, TL_OP_MUL, TL_OP_XOR, TL_OP_AND};
    int i = t->count++;
    node *nd = &t->n[i];
    int roll = depth >= 4 || t->count > TREE_NODES - 8 ? pick(r, 3) : pick(r, 10);
    if (roll < 3) {
        nd->kind = roll == 2 ? NODE_LIT : body >= 0 ? NODE_V : roll == 0 ? NODE_X : NODE_N;
        nd->lit = 1 + pick(r, 9);
        return i;
    }
    if (roll < 6 && (body != 0)) { /* a call (helper 0 calls none) */
        nd->kind = NODE_CALL;
        nd->body = pick(r, body < 0 ? BODIES : body);
        int arg = grow(t, r, body, depth + 1, seq);
        t->n[i].lhs = arg;
        t->n[i].seq = ++*seq;
        return i;
    }
    nd->kind = NODE_BIN;
    nd->op = ops[pick(r, 5)];
    int lhs = grow(t, r, body, depth + 1, seq);
    int rhs = grow(t, r, body, depth + 1, seq);
    t->n[i].lhs = lhs;
    t->n[i].rhs = rhs;
    t->n[i].seq = ++*seq;
    return i;
}

typedef struct builder_run {
    tl_builder *b;
    tl_value x, n;
    const program *prog;
    rng *shuffle; /* NULL: every part left to right */
} builder_run;

static tl_value eval(builder_run *br, const tree *t, int i, tl_value v);

static tl_site site_of(const tree *t, const node *nd, const char *fn)
{
    return (tl_site){"stress.c", t->line, fn, nd->seq, t->scope, &unit_anchor};
}

static tl_value eval(builder_run *br, const tree *t, int i, tl_value v)
{
    const node *nd = &t->n[i];
    switch (nd->kind) {
    case NODE_X: return br->x;
    case NODE_N: return br->n;
    case NODE_V: return v;
    case NODE_LIT: return tl_lit_int(nd->lit);
    case NODE_CALL: {
        tl_value arg = eval(br, t, nd->lhs, v);
        tl_builder_helper_begin_at(site_of(t, nd, "helper"), br->b);
        const tree *body = &br->prog->body[nd->body];
        tl_value r = eval(br, body, body->root, arg);
        tl_builder_helper_end(br->b);
        return r;
    }
    case NODE_BIN:
    default: {
        tl_value a, c;
        if (br->shuffle && pick(br->shuffle, 2)) { /* the right part first */
            c = eval(br, t, nd->rhs, v);
            a = eval(br, t, nd->lhs, v);
        } else {
            a = eval(br, t, nd->lhs, v);
            c = eval(br, t, nd->rhs, v);
        }
        return tl_binary_at(site_of(t, nd, "tl_binary"), nd->op, a, c);
    }
    }
}

static char *build_program(const program *prog, rng *shuffle)
{
    tl_builder *b = tl_builder_create("helpers");
    builder_run br = {b, tl_arg(b, "x", TL_SCALAR(TL_I32)), tl_arg(b, "n", TL_SCALAR(TL_I32)), prog, shuffle};
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    for (int s = 0; s < STATEMENTS; s++) {
        tl_value r = eval(&br, &prog->stmt[s], prog->stmt[s].root, br.x);
        if (tl_value_is_lit(r))
            continue;
        tl_store(p, r);
    }
    char *text = tl_finish(b);
    if (!text)
        fail_msg("tl_finish failed: %s", tl_builder_error(b));
    tl_builder_destroy(b);
    return text;
}

/* The text without its constants' lines (in place). */
static char *without_constants(char *text)
{
    char *out = text;
    for (const char *s = text; *s;) {
        const char *end = strchr(s, '\n');
        end = end ? end + 1 : s + strlen(s);
        const char *c = strstr(s, "= arith.constant ");
        if (!c || c >= end) {
            memmove(out, s, (size_t)(end - s));
            out += end - s;
        }
        s = end;
    }
    *out = '\0';
    return text;
}

static void helper_calls_in_expressions_take_the_text_order(void **state)
{
    (void)state;
    long calls = 0, kernels = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        rng r = {seed * 0x9E3779B97F4A7C15ull + 7};
        static program prog;
        memset(&prog, 0, sizeof prog);
        for (int k = 0; k < BODIES; k++) {
            int seq = 0;
            prog.body[k].scope = body_scopes[k];
            prog.body[k].line = 10 + k;
            prog.body[k].root = grow(&prog.body[k], &r, k, 1, &seq);
        }
        int seq = 0; /* one C function: __COUNTER__ runs on over its statements */
        for (int s = 0; s < STATEMENTS; s++) {
            prog.stmt[s].scope = "kernel";
            prog.stmt[s].line = 100 + s;
            prog.stmt[s].root = grow(&prog.stmt[s], &r, -1, 0, &seq);
            for (int i = 0; i < prog.stmt[s].count; i++)
                calls += prog.stmt[s].n[i].kind == NODE_CALL;
        }
        char *in_order = without_constants(build_program(&prog, NULL));
        for (int round = 0; round < 3; round++) {
            rng shuffle = {seed * 31 + (uint64_t)round + 1};
            char *shuffled = without_constants(build_program(&prog, &shuffle));
            if (strcmp(in_order, shuffled) != 0) {
                fprintf(stderr, "left to right:\n%s\nshuffled:\n%s\n", in_order, shuffled);
                fail_msg("seed %llu, round %d: the parts' order changed the kernel", (unsigned long long)seed, round);
            }
            free(shuffled);
            kernels++;
        }
        free(in_order);
    }
    printf("helpers in expressions: %ld shuffled kernels, %ld calls in the kernels' expressions\n", kernels, calls);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(effects_keep_issue_order_under_a_shuffling_driver),
        cmocka_unit_test(helper_calls_in_expressions_take_the_text_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
