/* `tritonc launch NAME [--from FILE] [--set K=V]... [--size N...] [--iters N] [--bench] [--num-warps N] [--num-stages N]
 *  [--num-ctas N] [--maxnreg N] [--no-fp-fusion] [--launch-pdl] [--launch-cooperative-grid] [--ptx-options TEXT]`:
 * a kernel launched on made-up inputs on the GPU through the CUDA runtime, timed.
 *
 * Every kernel runs its made-up problem (tools/problem.h), the one `tritonc interpret` runs. A
 * few have a recipe besides, for --size: what the sizes mean, how the arguments and grid follow
 * from them and from the config. The first launch loads the variant (compiling it with Triton
 * on a cache miss, unless $TRITONC_JIT is off); then --iters launches back to back are timed, and with
 * --bench the launch is timed as triton.testing.do_bench times it (tc_bench). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/env.h" /* TRITONC_JIT, parsed as the compile step does */
#include "bundled.h"
#include "cli.h"
#include "commands.h"
#include "problem.h"
#include "tritonc/cuda.h"

#define MAX_SIZES 3
#define MAX_BUFFERS PROBLEM_MAX_ARGS

/* What a recipe makes: the arguments, the grid, and the buffers to free. */
typedef struct launch_plan {
    int nargs;
    tc_arg args[TC_MAX_ARGS];
    tc_grid grid;
    int nbufs;
    tc_deviceptr bufs[MAX_BUFFERS];
    tc_tensordesc descs[TC_MAX_ARGS]; /* what a descriptor argument's tc_desc points to */
    char what[128]; /* "n=1048576" */
} launch_plan;

typedef struct recipe {
    const char *kernel;
    const char *sizes; /* what --size gives, for the usage */
    long long defaults[MAX_SIZES];
    /* Sets config fields that follow from the sizes (--set, applied after, overrides them). */
    void (*adjust)(const tl_kernel *k, void *cfg, const long long *s);
    /* Makes the arguments and the grid; false (error on rt) on failure. */
    bool (*plan)(tc_runtime *rt, const tl_kernel *k, const void *cfg, const long long *s, launch_plan *p);
} recipe;

/* ---- helpers --------------------------------------------------------------------------------- */

static void set_int(const tl_kernel *k, void *cfg, const char *field, long long v)
{
    char value[32], err[128];
    snprintf(value, sizeof value, "%lld", v);
    tl_kernel_set(k, cfg, field, value, err, sizeof err);
}

static long long next_pow2(long long n)
{
    long long p = 1;
    while (p < n)
        p *= 2;
    return p;
}

static long long cdiv(long long a, long long b) { return (a + b - 1) / b; }

/* A device buffer of count elements of elem bytes, made-up values (a pattern of small numbers,
 * as float32, float16 bits or int32 by dtype). */
static tc_deviceptr made_up(tc_runtime *rt, launch_plan *p, long long count, tl_dtype dtype)
{
    size_t elem = dtype == TL_F16 ? 2 : 4, bytes = (size_t)count * elem;
    unsigned char *host = malloc(bytes ? bytes : 1);
    if (!host)
        return 0;
    for (long long i = 0; i < count; i++) {
        float f = (float)(i % 17) / 16.0f - 0.5f;
        if (dtype == TL_F16) {
            uint16_t h = f == 0 ? 0 : (uint16_t)0x3800; /* 0.5: close enough for made-up data */
            if (f < 0)
                h |= 0x8000;
            memcpy(host + i * 2, &h, 2);
        } else {
            memcpy(host + i * 4, &f, 4);
        }
    }
    tc_deviceptr d = tc_alloc(rt, bytes);
    tc_copy_to_device(rt, d, host, bytes);
    free(host);
    if (p->nbufs < MAX_BUFFERS)
        p->bufs[p->nbufs++] = d;
    return d;
}

/* ---- recipes -------------------------------------------------------------------------------------- */

static bool plan_vector_add(tc_runtime *rt, const tl_kernel *k, const void *cfg, const long long *s, launch_plan *p)
{
    long long n = s[0];
    tc_deviceptr x = made_up(rt, p, n, TL_F32), y = made_up(rt, p, n, TL_F32), out = made_up(rt, p, n, TL_F32);
    p->nargs = 4;
    p->args[0] = tc_ptr(x, TL_F32);
    p->args[1] = tc_ptr(y, TL_F32);
    p->args[2] = tc_ptr(out, TL_F32);
    p->args[3] = tc_i32(n);
    p->grid = tc_grid1(cdiv(n, cli_cfg_int(k, cfg, "BLOCK_SIZE")));
    snprintf(p->what, sizeof p->what, "n=%lld", n);
    return !tc_runtime_failed(rt);
}

static bool plan_vector_add_xla(tc_runtime *rt, const tl_kernel *k, const void *cfg, const long long *s, launch_plan *p)
{
    long long n = s[0];
    tc_deviceptr x = made_up(rt, p, n, TL_F32), y = made_up(rt, p, n, TL_F32), out = made_up(rt, p, n, TL_F32);
    tc_deviceptr np = made_up(rt, p, 1, TL_I32);
    int32_t n32 = (int32_t)n;
    tc_copy_to_device(rt, np, &n32, 4);
    p->nargs = 4;
    p->args[0] = tc_ptr(x, TL_F32);
    p->args[1] = tc_ptr(y, TL_F32);
    p->args[2] = tc_ptr(np, TL_I32);
    p->args[3] = tc_ptr(out, TL_F32);
    p->grid = tc_grid1(cdiv(n, cli_cfg_int(k, cfg, "BLOCK_SIZE")));
    snprintf(p->what, sizeof p->what, "n=%lld", n);
    return !tc_runtime_failed(rt);
}

static void adjust_softmax(const tl_kernel *k, void *cfg, const long long *s)
{
    set_int(k, cfg, "BLOCK", next_pow2(s[1] < 2 ? 2 : s[1]));
}

static bool plan_softmax(tc_runtime *rt, const tl_kernel *k, const void *cfg, const long long *s, launch_plan *p)
{
    (void)k;
    (void)cfg;
    long long rows = s[0], cols = s[1];
    tc_deviceptr in = made_up(rt, p, rows * cols, TL_F32), out = made_up(rt, p, rows * cols, TL_F32);
    p->nargs = 5;
    p->args[0] = tc_ptr(out, TL_F32);
    p->args[1] = tc_ptr(in, TL_F32);
    p->args[2] = tc_i32(cols);
    p->args[3] = tc_i32(cols);
    p->args[4] = tc_i32(cols);
    p->grid = tc_grid1(rows);
    snprintf(p->what, sizeof p->what, "rows=%lld cols=%lld", rows, cols);
    return !tc_runtime_failed(rt);
}

static bool plan_softmax_xla(tc_runtime *rt, const tl_kernel *k, const void *cfg, const long long *s, launch_plan *p)
{
    long long rows = s[0], cols = cli_cfg_int(k, cfg, "N_COLS");
    tc_deviceptr in = made_up(rt, p, rows * cols, TL_F32), out = made_up(rt, p, rows * cols, TL_F32);
    p->nargs = 2;
    p->args[0] = tc_ptr(in, TL_F32);
    p->args[1] = tc_ptr(out, TL_F32);
    p->grid = tc_grid1(rows);
    snprintf(p->what, sizeof p->what, "rows=%lld (N_COLS=%lld)", rows, cols);
    return !tc_runtime_failed(rt);
}

static bool plan_matmul(tc_runtime *rt, const tl_kernel *k, const void *cfg, const long long *s, launch_plan *p)
{
    long long m = s[0], n = s[1] ? s[1] : s[0], kk = s[2] ? s[2] : s[0];
    tc_deviceptr a = made_up(rt, p, m * kk, TL_F16), b = made_up(rt, p, kk * n, TL_F16),
                 c = made_up(rt, p, m * n, TL_F16);
    const long long v[9] = {m, n, kk, kk, 1, n, 1, n, 1}; /* sizes, then row-major strides */
    p->nargs = 12;
    p->args[0] = tc_ptr(a, TL_F16);
    p->args[1] = tc_ptr(b, TL_F16);
    p->args[2] = tc_ptr(c, TL_F16);
    for (int i = 0; i < 9; i++)
        p->args[3 + i] = tc_i32(v[i]);
    p->grid = tc_grid1(cdiv(m, cli_cfg_int(k, cfg, "BLOCK_M")) * cdiv(n, cli_cfg_int(k, cfg, "BLOCK_N")));
    snprintf(p->what, sizeof p->what, "M=%lld N=%lld K=%lld", m, n, kk);
    return !tc_runtime_failed(rt);
}

/* A scalar argument of dtype dt holding v (commands.h). */
tc_arg launch_scalar_arg(tl_dtype dt, double v)
{
    switch (dt) {
    case TL_I1: return tc_bool(v != 0);
    case TL_I8: return tc_i8(v);
    case TL_I16: return tc_i16(v);
    case TL_I64: return tc_i64(v);
    case TL_U8: return tc_u8(v);
    case TL_U16: return tc_u16(v);
    case TL_U32: return tc_u32(v);
    case TL_U64: return tc_u64(v);
    case TL_F16: return tc_f16(v);
    case TL_BF16: return tc_bf16(v);
    case TL_F32: return tc_f32(v);
    case TL_F64: return tc_f64(v);
    default: return tc_i32(v);
    }
}

/* A descriptor argument over a device buffer (commands.h). */
tc_arg problem_desc_arg(const tl_argspec *s, const problem_arg *a, tc_deviceptr base, tc_tensordesc *d)
{
    *d = (tc_tensordesc){.base = base, .dtype = s->dtype, .rank = a->rank};
    problem_desc_strides(a, d->strides);
    for (int j = 0; j < a->rank; j++) {
        d->shape[j] = a->dims[j];
        d->block_shape[j] = (int)s->shape[j];
    }
    return tc_desc(d);
}

/* The kernel's problem (its .problem, else the generic one): buffers made up on the host and
 * copied, the scalars, the grid. false after the error (why, or on rt). */
static bool plan_problem(tc_runtime *rt, const tl_kernel *k, const void *cfg, launch_plan *p, char *why, size_t n)
{
    char *e = NULL;
    tl_builder *b = tl_kernel_build(k, cfg, (tl_emit_opts){0}, NULL, &e);
    problem pb;
    bool ok = b && problem_of(k, b, cfg, 4096, &pb, why, n) && pb.nargs <= TC_MAX_ARGS;
    if (!b)
        snprintf(why, n, "%s", e ? cli_message(e) : "out of memory");
    else if (!ok && pb.nargs > TC_MAX_ARGS)
        snprintf(why, n, "kernel %s has more than %d arguments", k->name, TC_MAX_ARGS);
    free(e);
    for (int i = 0; ok && i < pb.nargs; i++) {
        const tl_argspec *s = tl_builder_argspec(b, i);
        const problem_arg *a = &pb.args[i];
        if (!a->buffer) {
            p->args[i] = launch_scalar_arg(s->dtype, a->value);
            continue;
        }
        size_t bytes = (size_t)a->count * problem_elem_bytes(s->dtype);
        unsigned char *host = malloc(bytes);
        ok = host != NULL && p->nbufs < MAX_BUFFERS;
        if (!ok) {
            free(host);
            snprintf(why, n, "out of memory");
            break;
        }
        problem_fill(host, (size_t)a->count, s->dtype, tl_builder_context(b), a);
        tc_deviceptr d = tc_alloc(rt, bytes);
        tc_copy_to_device(rt, d, host, bytes);
        free(host);
        p->bufs[p->nbufs++] = d;
        p->args[i] = a->desc ? problem_desc_arg(s, a, d, &p->descs[i]) : tc_ptr(d, s->dtype);
    }
    if (ok) {
        p->nargs = pb.nargs;
        p->grid = tc_grid3(pb.grid[0], pb.grid[1], pb.grid[2]);
        snprintf(p->what, sizeof p->what, "%s", pb.declared ? "problem" : "generic problem (no .problem)");
    }
    tl_builder_destroy(b);
    return ok && !tc_runtime_failed(rt);
}

static const recipe recipes[] = {
    {"vector_add", "N (elements)", {1 << 20}, NULL, plan_vector_add},
    {"vector_add_xla", "N (elements)", {1 << 20}, NULL, plan_vector_add_xla},
    {"softmax", "ROWS COLS (BLOCK follows COLS)", {4096, 1000}, adjust_softmax, plan_softmax},
    {"softmax_xla", "ROWS (the row length is N_COLS)", {4096}, NULL, plan_softmax_xla},
    {"matmul", "M [N [K]] (fp16; N, K default to M)", {1024}, NULL, plan_matmul},
};

/* ---- the command ------------------------------------------------------------------------------------ */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static const char help_text[] =
    "Usage: tritonc launch NAME [options]\n"
    "\n"
    "Launch kernel NAME (bundled, or of --from FILE) on its made-up problem (`tritonc list`:\n"
    "problem; the one `tritonc interpret` runs) on the GPU through the CUDA driver\n"
    "(tritonc/cuda.h; compiled on a cache miss) and time it.\n"
    "\n" CLI_FROM_HELP "  --set KEY=VALUE        set config field KEY (repeatable), as emit's\n"
    "  --size N [N...]        instead of the problem, sizes, integers from 1 to 2147483648:\n"
    "                         vector_add N, vector_add_xla N, softmax ROWS COLS, softmax_xla\n"
    "                         ROWS, matmul M [N [K]]\n"
    "  --iters N              launches timed back to back after the first, from 1 to 1000000\n"
    "                         (default 100)\n"
    "  --bench                then time the launch as triton.testing.do_bench does (tc_bench:\n"
    "                         25 ms of warm-up, 100 ms of runs, each after an L2 flush, between\n"
    "                         CUDA events) and print its statistics\n"
    "  --num-warps N          a power of 2 from 1 to 32 (default 4)\n"
    "  --num-stages N         from 1 to 16 (default 3)\n"
    "  --num-ctas N           from 1 to 16 (default 1)\n"
    "  --maxnreg N            Triton's maxnreg: at most N registers per thread, 1 to 255\n"
    "  --no-fp-fusion         Triton's enable_fp_fusion=False: no fused multiply-adds\n"
    "  --launch-pdl           Triton's launch_pdl: programmatic dependent launch\n"
    "  --launch-cooperative-grid  Triton's launch_cooperative_grid: a cooperative launch\n"
    "  --ptx-options TEXT     Triton's ptx_options: extra ptxas options, separated by spaces\n"
    "  -h, --help             this help\n";

/* --size's numbers into sizes; false after the error. */
static bool parse_sizes(cli_parser *p, const char *first, long long *sizes, int *nsizes)
{
    for (const char *s = first; s; s = cli_next_number(p)) {
        if (*nsizes == MAX_SIZES || !tl_parse_decimal(s, 1, 1LL << 31, &sizes[*nsizes])) {
            cli_usage("launch", "bad --size '%s' (at most 3 numbers in [1, 2^31])", s);
            return false;
        }
        (*nsizes)++;
    }
    return true;
}

/* The recipe of bundled kernel name, else NULL after the error. */
static const recipe *find_recipe(const char *name)
{
    for (size_t i = 0; !cli_from() && i < sizeof recipes / sizeof recipes[0]; i++)
        if (strcmp(recipes[i].kernel, name) == 0)
            return &recipes[i];
    fprintf(stderr, "tritonc: launch: --size is for kernels with sizes (");
    for (size_t i = 0; i < sizeof recipes / sizeof recipes[0]; i++)
        fprintf(stderr, "%s%s", i ? " " : "", recipes[i].kernel);
    fprintf(stderr, "); without it, kernel '%s' runs its problem\n", name);
    return NULL;
}

int tritonc_cmd_launch(int argc, char **argv)
{
    enum {
        SET = CLI_KEY,
        SIZE,
        ITERS,
        BENCH,
        NUM_WARPS,
        NUM_STAGES,
        NUM_CTAS,
        MAXNREG,
        NO_FP_FUSION,
        LAUNCH_PDL,
        LAUNCH_COOPERATIVE,
        PTX_OPTIONS
    };
    static const cli_option opts[] = {{"set", SET, "KEY=VALUE"},
                                      {"size", SIZE, "a number"},
                                      {"iters", ITERS, "N"},
                                      {"bench", BENCH, NULL},
                                      {"num-warps", NUM_WARPS, "N"},
                                      {"num-stages", NUM_STAGES, "N"},
                                      {"num-ctas", NUM_CTAS, "N"},
                                      {"maxnreg", MAXNREG, "N"},
                                      {"no-fp-fusion", NO_FP_FUSION, NULL},
                                      {"launch-pdl", LAUNCH_PDL, NULL},
                                      {"launch-cooperative-grid", LAUNCH_COOPERATIVE, NULL},
                                      {"ptx-options", PTX_OPTIONS, "options"},
                                      CLI_FROM_OPTION,
                                      CLI_HELP_OPTION};
    cli_parser cl = CLI_PARSER("launch", argc, argv, opts);
    int nset = 0, nsizes = 0, iters = 100;
    tc_options topts = {0};
    bool bench = false;
    const char *sets[32], *arg;
    long long sizes[MAX_SIZES] = {0};
    for (int key; (key = cli_next(&cl, &arg)) != -1;) {
        bool ok = true;
        switch (key) {
        case SET:
            if (nset == 32)
                return cli_usage("launch", "--set: at most 32");
            sets[nset++] = arg;
            break;
        case SIZE: ok = parse_sizes(&cl, arg, sizes, &nsizes); break;
        case ITERS: ok = cli_int("launch", "--iters", arg, 1, 1000000, &iters); break;
        case BENCH: bench = true; break;
        case NUM_WARPS: ok = cli_warps("launch", arg, &topts.num_warps); break;
        case NUM_STAGES: ok = cli_int("launch", "--num-stages", arg, 1, 16, &topts.num_stages); break;
        case NUM_CTAS: ok = cli_int("launch", "--num-ctas", arg, 1, 16, &topts.num_ctas); break;
        case MAXNREG: ok = cli_int("launch", "--maxnreg", arg, 1, 255, &topts.maxnreg); break;
        case NO_FP_FUSION: topts.disable_fp_fusion = true; break;
        case LAUNCH_PDL: topts.launch_pdl = true; break;
        case LAUNCH_COOPERATIVE: topts.launch_cooperative_grid = true; break;
        case PTX_OPTIONS: topts.ptx_options = arg; break;
        case CLI_FROM_KEY: cli_set_from(arg); break;
        case 'h': return cli_help(help_text);
        default: return CLI_USAGE;
        }
        if (!ok)
            return CLI_USAGE;
    }
    if (cl.operands == argc)
        return cli_usage("launch", "missing kernel name (see 'tritonc help launch')");
    if (argc - cl.operands > 1)
        return cli_usage("launch", "one kernel at a time ('%s', then '%s')", argv[cl.operands], argv[cl.operands + 1]);
    const char *name = argv[cl.operands];
    int rc;
    const tl_kernel *k = cli_kernel(name, &rc);
    if (!k)
        return rc;
    const recipe *r = nsizes ? find_recipe(name) : NULL;
    if (nsizes && !r)
        return CLI_USAGE;
    for (int i = nsizes; r && i < MAX_SIZES; i++)
        sizes[i] = strcmp(name, "matmul") == 0 ? 0 : r->defaults[i]; /* matmul: N and K default to M */

    void *cfg = cli_config(NULL, k, 0, NULL, &rc);
    if (!cfg)
        return rc;
    if (r && r->adjust)
        r->adjust(k, cfg, sizes);
    for (int i = 0; i < nset; i++) { /* after adjust: --set overrides what the sizes imply */
        if (!cli_set(NULL, k, cfg, sets[i])) {
            free(cfg);
            return CLI_USAGE;
        }
    }

    /* a user's kernel: the compile step's messages name --from FILE (else its defaults: NULL) */
    bool jit = true;
    char jit_why[320];
    if (base_env_bool("TRITONC_JIT", &jit, jit_why, sizeof jit_why) == TL_ENV_BAD) {
        free(cfg);
        return cli_usage("launch", "%s", jit_why);
    }
    tc_compile_env env = {.jit = jit, .from = cli_from()};
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.compile = cli_from() ? &env : NULL});
    tc_kernel *h = tc_kernel_get(rt, k, cfg, topts);
    launch_plan p;
    memset(&p, 0, sizeof p);
    char key[TC_MAX_ARGS + 1] = "?";
    double first = 0, per = 0;
    static const double bench_quantiles[2] = {0.2, 0.8};
    tc_bench_result timed = {0};
    char why[300] = "";
    bool planned = h && (r ? r->plan(rt, k, cfg, sizes, &p) : plan_problem(rt, k, cfg, &p, why, sizeof why));
    if (planned && tc_kernel_key(h, p.nargs, p.args, key, sizeof key)) {
        double t0 = now_s();
        tc_launch_args(h, p.grid, NULL, p.nargs, p.args);
        tc_synchronize(rt);
        first = now_s() - t0;
        t0 = now_s();
        for (long long i = 0; i < iters; i++)
            tc_launch_args(h, p.grid, NULL, p.nargs, p.args);
        tc_synchronize(rt);
        per = (now_s() - t0) / (double)iters;
        if (bench)
            tc_bench_launch_args(h, p.grid, NULL, p.nargs, p.args,
                                 (tc_bench_opts){.nquantiles = 2, .quantiles = bench_quantiles}, &timed);
    }
    rc = CLI_OK;
    if (why[0]) {
        rc = cli_fail("launch", "%s", why);
    } else if (tc_runtime_failed(rt)) {
        rc = cli_fail("launch", "%s", cli_message(tc_runtime_error(rt)));
    } else {
        char *text = tc_config_text(k, cfg);
        printf("%s %s (%s, key %s, grid %ux%ux%u): first launch %.2f ms (load, or compile on a cache miss), then "
               "%.2f us per launch (%d back to back)\n",
               name, p.what, text ? text : "?", key, p.grid.x, p.grid.y, p.grid.z, first * 1e3, per * 1e6, iters);
        if (bench)
            printf("%s do_bench: mean %.4f ms, median %.4f, min %.4f, max %.4f, 20%% %.4f, 80%% %.4f (%d runs after "
                   "%d warm-up, each after an L2 flush)\n",
                   name, timed.mean, timed.median, timed.min, timed.max, timed.quantiles[0], timed.quantiles[1],
                   timed.runs, timed.warmups);
        free(text);
    }
    for (int i = 0; i < p.nbufs; i++)
        tc_free(rt, p.bufs[i]);
    tc_runtime_destroy(rt);
    free(cfg);
    return rc;
}
