/* tritonc_bench_scaling - how the cost of building and printing a kernel grows with its size.
 *
 *   tritonc_bench_scaling [--max N] [--budget-s S] [SHAPE...]
 *   tritonc_bench_scaling --once N [SHAPE...]
 *
 * Each shape is a generator of kernels of n units (an op chain, n constants, n arguments, ...).
 * For n = 1000, 3000, 10000, 30000, 100000 (up to --max, default 100000) it builds the kernel,
 * verifies and prints it (tl_finish, no locations), the best of up to fifteen builds: rounds
 * that build each size once in turn, for as long as the shape has taken under four seconds
 * (a slow spell of a shared machine then falls on every size, not on one to bend the slope),
 * and prints the time, the time per unit and the bytes per unit (tl_builder_bytes); the slope
 * of log(time) against log(n) between successive sizes and over the whole range (least
 * squares) says how the cost grows: 1 is linear, 2 quadratic. A
 * size whose build took longer than --budget-s (default 5 s) ends its shape: the next size
 * would take too long to wait for, and the slopes so far already tell. A bench prints numbers;
 * it is not a test.
 *
 * Time grows faster than the work on big kernels: at 100,000 units the builder's arena holds
 * 20-300 MB, and every lookup that was a cache hit at 1,000 becomes a miss. So where Linux lets
 * a process count its own instructions (perf_event_open; not in every container), each size
 * also prints the user-space instructions it took per unit and their slope: the algorithm's
 * growth with the caches left out, as callgrind counts it.
 *
 * The shapes are those of the linear-time issue: chains, sequential loops and ifs, repeated
 * dot bodies (all linear), and the ones that were super-linear: many distinct constants, many
 * tl_cdiv (standard-library helper) calls, many early returns, many kernel arguments, a deeply
 * right-nested expression (C evaluates the inner call first), many tl_dot(..., .acc = ...), many
 * masked loads and stores with keyword expressions written inside the call beside many
 * constants.
 *
 * --once N builds each chosen shape once at n = N and prints its time: the run to put under a
 * profiler (valgrind --tool=callgrind counts the instructions where perf_event_open is refused).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#define _DEFAULT_SOURCE /* syscall (perf_event_open) */

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tritonc/tritonc.h"

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

/* A counter of this thread's user-space instructions, or -1 when the system gives none. */
static int instructions_open(void)
{
#if defined(__linux__) && defined(SYS_perf_event_open)
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.type = PERF_TYPE_HARDWARE;
    a.size = sizeof a;
    a.config = PERF_COUNT_HW_INSTRUCTIONS;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
#else
    return -1;
#endif
}

/* The counter's value, or -1. */
static int64_t instructions_read(int fd)
{
#if defined(__linux__)
    uint64_t v;
    if (fd >= 0 && read(fd, &v, sizeof v) == (ssize_t)sizeof v)
        return (int64_t)v;
#endif
    (void)fd;
    return -1;
}

static int instructions_fd = -1;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- the shapes: each builds a kernel of n units into b ---------------------------------- */

/* n elementwise ops, each on the one before */
static void shape_chain(tl_builder *b, int n)
{
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value offs = tl_arange(b, 0, 128);
    tl_value v = tl_load(tl_addptr(x, offs));
    for (int i = 0; i < n; i++)
        v = tl_add(v, v);
    tl_store(tl_addptr(x, offs), v);
}

/* n/4 loops one after the other, each with an if inside (about 4 ops a unit) */
static void shape_loops_ifs(tl_builder *b, int n)
{
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value m = tl_arg(b, "m", TL_SCALAR(TL_I32));
    tl_value acc = tl_zeros(b, TL_SHAPE(16), TL_F32);
    tl_value offs = tl_arange(b, 0, 16);
    for (int i = 0; i < n / 4; i++) {
        tl_scope loop = tl_for(b, 0, m, 1, .carry = TL_VARS(&acc));
        tl_scope branch = tl_if(tl_gt(loop.iv, 1), .carry = TL_VARS(&acc));
        acc = tl_add(acc, 1.0);
        tl_end(&branch);
        tl_end(&loop);
    }
    tl_store(tl_addptr(x, offs), acc);
}

/* n/8 dot bodies of a matmul's inner step (loads, dot with an accumulator, pointer steps) */
static void shape_dot_bodies(tl_builder *b, int n)
{
    tl_value a = tl_arg(b, "a", TL_PTR(TL_F16));
    tl_value c = tl_arg(b, "c", TL_PTR(TL_F32));
    tl_value r = tl_arange(b, 0, 16);
    tl_value ptrs = tl_addptr(a, tl_add(tl_mul(tl_expand_dims(r, 1), 16), tl_expand_dims(r, 0)));
    tl_value acc = tl_zeros(b, TL_SHAPE(16, 16), TL_F32);
    for (int i = 0; i < n / 8; i++) {
        tl_value t = tl_load(ptrs);
        acc = tl_dot(t, t, acc);
        ptrs = tl_addptr(ptrs, 256);
    }
    tl_store(tl_addptr(c, tl_add(tl_mul(tl_expand_dims(r, 1), 16), tl_expand_dims(r, 0))), acc);
}

/* n distinct scalar constants, each added in */
static void shape_constants(tl_builder *b, int n)
{
    tl_value x = tl_arg(b, "x", TL_PTR(TL_I32));
    tl_value v = tl_load(x);
    for (int i = 0; i < n; i++)
        v = tl_add(v, i + 1);
    tl_store(x, v);
}

/* n tl_cdiv calls (a standard-library helper each) */
static void shape_cdiv(tl_builder *b, int n)
{
    tl_value x = tl_arg(b, "x", TL_PTR(TL_I32));
    tl_value v = tl_load(x);
    for (int i = 0; i < n; i++)
        v = tl_cdiv(v, 3);
    tl_store(x, v);
}

/* n early returns */
static void shape_returns(tl_builder *b, int n)
{
    tl_value x = tl_arg(b, "x", TL_PTR(TL_I32));
    tl_value v = tl_load(x);
    for (int i = 0; i < n; i++)
        tl_return_if(tl_gt(v, i));
    tl_store(x, v);
}

/* n kernel arguments, all used */
static void shape_arguments(tl_builder *b, int n)
{
    tl_value x = tl_arg(b, "x", TL_PTR(TL_I32));
    tl_value v = tl_load(x);
    for (int i = 0; i < n; i++) {
        char name[32];
        snprintf(name, sizeof name, "a%d", i);
        v = tl_add(v, tl_arg(b, name, TL_SCALAR(TL_I32)));
    }
    tl_store(x, v);
}

/* x * 2 + (x * 2 + (... )): C evaluates the right operand's whole subtree, then the left */
static tl_value right_nested(tl_value x, int depth)
{
    if (depth == 0)
        return x;
    return tl_add(tl_mul(x, 2), right_nested(x, depth - 1));
}

static void shape_right_nested(tl_builder *b, int n)
{
    tl_value x = tl_arg(b, "x", TL_PTR(TL_I32));
    tl_value v = tl_load(x);
    tl_store(x, right_nested(v, n / 2));
}

/* n tl_dot(a, b, .acc = ...) */
static void shape_dot_acc(tl_builder *b, int n)
{
    tl_value a = tl_arg(b, "a", TL_PTR(TL_F16));
    tl_value c = tl_arg(b, "c", TL_PTR(TL_F32));
    tl_value r = tl_arange(b, 0, 16);
    tl_value offs = tl_add(tl_mul(tl_expand_dims(r, 1), 16), tl_expand_dims(r, 0));
    tl_value t = tl_load(tl_addptr(a, offs));
    tl_value acc = tl_zeros(b, TL_SHAPE(16, 16), TL_F32);
    for (int i = 0; i < n; i++)
        acc = tl_dot(t, t, .acc = acc);
    tl_store(tl_addptr(c, offs), acc);
}

/* n/2 distinct constants, then n/2 masked loads whose mask and other are written in the call */
static void shape_masked_with_constants(tl_builder *b, int n)
{
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value m = tl_arg(b, "m", TL_SCALAR(TL_I32));
    tl_value offs = tl_arange(b, 0, 16);
    tl_value v = tl_zeros(b, TL_SHAPE(16), TL_F32);
    for (int i = 0; i < n / 2; i++)
        v = tl_add(v, (double)i + 0.5);
    for (int i = 0; i < n / 2; i++)
        v = tl_add(v, tl_load(tl_addptr(x, offs), .mask = tl_lt(tl_add(offs, i), m), .other = tl_lit(0.0)));
    tl_store(tl_addptr(x, offs), v, .mask = tl_lt(offs, m));
}

typedef struct shape {
    const char *name;
    void (*build)(tl_builder *b, int n);
} shape;

static const shape SHAPES[] = {
    {"chain", shape_chain},           {"loops_ifs", shape_loops_ifs},
    {"dot_bodies", shape_dot_bodies}, {"constants", shape_constants},
    {"cdiv_calls", shape_cdiv},       {"early_returns", shape_returns},
    {"arguments", shape_arguments},   {"right_nested", shape_right_nested},
    {"dot_acc", shape_dot_acc},       {"masked_with_constants", shape_masked_with_constants},
};
#define NSHAPES ((int)(sizeof SHAPES / sizeof SHAPES[0]))
static const int SIZES[] = {1000, 3000, 10000, 30000, 100000};
/* Per shape: the best of up to MAX_ROUNDS builds of each size, rounds going on while the
 * shape has taken less than SHAPE_SECONDS. */
enum { MAX_ROUNDS = 15 };
#define SHAPE_SECONDS 4.0
#define NSIZES ((int)(sizeof SIZES / sizeof SIZES[0]))

/* Builds, verifies and prints one kernel; seconds it took (negative when it failed), and the
 * instructions in *instr (-1 when not counted). */
static double measure(const shape *s, int n, size_t *bytes, size_t *ops_text, int64_t *instr)
{
    int64_t i0 = instructions_read(instructions_fd);
    double t0 = now_s();
    tl_builder *b = tl_builder_create(s->name);
    tl_builder_set_locations(b, false);
    s->build(b, n);
    char *text = tl_finish(b);
    double t = now_s() - t0;
    int64_t i1 = instructions_read(instructions_fd);
    *instr = i0 >= 0 && i1 >= i0 ? i1 - i0 : -1;
    if (!text) {
        fprintf(stderr, "%s n=%d: %s\n", s->name, n, tl_builder_error(b));
        tl_builder_destroy(b);
        return -1;
    }
    *bytes = tl_builder_bytes(b);
    *ops_text = strlen(text);
    free(text);
    tl_builder_destroy(b);
    return t;
}

/* The least-squares slope of log(t) against log(n) over k points. */
static double fit_slope(const double *ln_n, const double *ln_t, int k)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int i = 0; i < k; i++) {
        sx += ln_n[i];
        sy += ln_t[i];
        sxx += ln_n[i] * ln_n[i];
        sxy += ln_n[i] * ln_t[i];
    }
    double d = k * sxx - sx * sx;
    return d != 0 ? (k * sxy - sx * sy) / d : 0;
}

/* One size's best build so far. */
typedef struct size_best {
    double t; /* seconds */
    int64_t instr;
    size_t bytes, text;
} size_best;

/* Builds size i once more; false when the build failed. */
static bool measure_again(const shape *s, int i, size_best *best, double *spent)
{
    size_best now = {0, -1, 0, 0};
    now.t = measure(s, SIZES[i], &now.bytes, &now.text, &now.instr);
    if (now.t < 0)
        return false;
    *spent += now.t;
    if (best->t < 0 || now.t < best->t)
        *best = now;
    return true;
}

static int run_shape(const shape *s, int max_n, double budget_s)
{
    /* Round one goes up the sizes until one is over the budget; later rounds build every size
     * kept once more, in turn, so that a slow spell of a shared machine falls on all sizes
     * alike rather than on one, and each keeps its best. */
    size_best best[NSIZES];
    int k = 0;
    double spent = 0;
    bool stopped = false;
    for (int i = 0; i < NSIZES && SIZES[i] <= max_n && !stopped; i++, k++) {
        best[i].t = -1;
        if (!measure_again(s, i, &best[i], &spent))
            return 1;
        stopped = best[i].t > budget_s;
    }
    for (int round = 1; round < MAX_ROUNDS && spent < SHAPE_SECONDS && !stopped; round++)
        for (int i = 0; i < k; i++)
            if (!measure_again(s, i, &best[i], &spent))
                return 1;
    double ln_n[NSIZES], ln_t[NSIZES], ln_i[NSIZES];
    bool counted = true;
    for (int i = 0; i < k; i++) {
        double t = best[i].t;
        ln_n[i] = log(SIZES[i]);
        ln_t[i] = log(t > 1e-9 ? t : 1e-9);
        counted = counted && best[i].instr > 0;
        ln_i[i] = counted ? log((double)best[i].instr) : 0;
        printf("%-22s n=%-7d %10.3f ms %9.1f ns/unit %8.0f B/unit  TTIR %zu B", s->name, SIZES[i], t * 1e3,
               t * 1e9 / SIZES[i], (double)best[i].bytes / SIZES[i], best[i].text);
        if (i > 0)
            printf("  slope %.2f", (ln_t[i] - ln_t[i - 1]) / (ln_n[i] - ln_n[i - 1]));
        if (counted)
            printf("  %8.0f instr/unit", (double)best[i].instr / SIZES[i]);
        if (counted && i > 0)
            printf("  slope %.2f", (ln_i[i] - ln_i[i - 1]) / (ln_n[i] - ln_n[i - 1]));
        printf("\n");
    }
    if (stopped)
        printf("%-22s (stopped: %.1f s is over the budget)\n", s->name, best[k - 1].t);
    if (k >= 2 && counted)
        printf("%-22s SLOPE %.2f over n=%d..%d (instructions: %.2f)\n", s->name, fit_slope(ln_n, ln_t, k), SIZES[0],
               SIZES[k - 1], fit_slope(ln_n, ln_i, k));
    else if (k >= 2)
        printf("%-22s SLOPE %.2f over n=%d..%d (instructions: not counted here)\n", s->name, fit_slope(ln_n, ln_t, k),
               SIZES[0], SIZES[k - 1]);
    fflush(stdout);
    return 0;
}

static int usage(void)
{
    fprintf(stderr,
            "usage: tritonc_bench_scaling [--max N] [--budget-s S] [SHAPE...]\n"
            "       tritonc_bench_scaling --once N [SHAPE...]\nshapes:");
    for (int i = 0; i < NSHAPES; i++)
        fprintf(stderr, " %s", SHAPES[i].name);
    fprintf(stderr, "\n");
    return 2;
}

/* What main parses, for the thread that runs the shapes. */
typedef struct bench_run {
    int once_n; /* > 0: one build of each shape at this size */
    int max_n;
    double budget_s;
    const char *const *only;
    int nonly;
    int status;
} bench_run;

static void *run_all(void *arg)
{
    bench_run *r = arg;
    instructions_fd = instructions_open(); /* this thread's, counting from now */
    for (int i = 0; i < NSHAPES; i++) {
        bool chosen = r->nonly == 0;
        for (int j = 0; j < r->nonly; j++)
            chosen = chosen || !strcmp(r->only[j], SHAPES[i].name);
        if (chosen && r->once_n > 0) {
            size_t bytes = 0, text = 0;
            int64_t instr = -1;
            double t = measure(&SHAPES[i], r->once_n, &bytes, &text, &instr);
            if (t < 0)
                r->status = 1;
            else
                printf("%-22s n=%-7d %10.3f ms once\n", SHAPES[i].name, r->once_n, t * 1e3);
        } else if (chosen) {
            r->status |= run_shape(&SHAPES[i], r->max_n, r->budget_s);
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int max_n = 100000, once_n = 0;
    double budget_s = 5.0;
    const char *only[NSHAPES];
    int nonly = 0;
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        if (!strcmp(argv[i], "--max") && i + 1 < argc) {
            long v = strtol(argv[++i], &end, 10);
            if (*end || v < 1000)
                return usage();
            max_n = (int)v;
        } else if (!strcmp(argv[i], "--once") && i + 1 < argc) {
            long v = strtol(argv[++i], &end, 10);
            if (*end || v < 1 || v > 10000000)
                return usage();
            once_n = (int)v;
        } else if (!strcmp(argv[i], "--budget-s") && i + 1 < argc) {
            budget_s = strtod(argv[++i], &end);
            if (*end || budget_s <= 0)
                return usage();
        } else if (argv[i][0] == '-' || nonly == NSHAPES) {
            return usage();
        } else {
            only[nonly++] = argv[i];
        }
    }
    for (int j = 0; j < nonly; j++) {
        bool known = false;
        for (int i = 0; i < NSHAPES; i++)
            known = known || !strcmp(only[j], SHAPES[i].name);
        if (!known) {
            fprintf(stderr, "tritonc_bench_scaling: no shape '%s'\n", only[j]);
            return usage();
        }
    }
    /* A thread with a big stack: right_nested recurses once per level of the expression, as a
     * C program writing it would, 50,000 levels at n = 100,000. */
    bench_run r = {once_n, max_n, budget_s, only, nonly, 0};
    pthread_attr_t attr;
    pthread_t thread;
    if (pthread_attr_init(&attr) != 0 || pthread_attr_setstacksize(&attr, (size_t)1 << 30) != 0 ||
        pthread_create(&thread, &attr, run_all, &r) != 0) {
        fprintf(stderr, "tritonc_bench_scaling: cannot start the bench thread\n");
        return 1;
    }
    pthread_join(thread, NULL);
    pthread_attr_destroy(&attr);
    return r.status;
}
