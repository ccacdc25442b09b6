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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(effects_keep_issue_order_under_a_shuffling_driver),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
