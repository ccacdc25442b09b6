/* `tritonc autotune NAME --configs FILE [--problem TEXT]... -o TABLE`: the kernel's autotuner
 * (tc_autotune_*) over the configs of FILE (tools/tune_configs.h), run on the GPU on each
 * problem (the kernel's .problem, else --problem's: tools/problem.h), its winners written as a
 * table (tc_autotune_write_table, docs/launch.md "Tables of winners"). Every config's variant is
 * compiled first, several at once (tc_compile_many), "N of M compiled" on stderr; then each
 * problem's key is timed and every config's time printed on stderr. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "problem.h"
#include "tritonc/cuda.h"
#include "tune_configs.h"

enum { MAX_PROBLEMS = 16 };

static const char help_text[] =
    "Usage: tritonc autotune NAME --configs FILE -o TABLE [options]\n"
    "\n"
    "Time the configs of FILE for kernel NAME (bundled, or of --from FILE) on the GPU on its\n"
    "made-up problem (`tritonc list`: problem) or those of --problem, and write the table of\n"
    "winners a program gives tc_autotune_create (.table, .table_file; docs/launch.md). The\n"
    "configs' variants are compiled first, several at once; progress on standard error.\n"
    "\n" CLI_FROM_HELP "  --configs FILE         the candidates, one a line: CONFIG | num_warps=N,num_stages=N;\n"
    "                         (and maxnreg=N... as tables write OPTIONS: docs/launch.md);\n"
    "                         `key NAME...` the key arguments (default: every integer scalar)\n"
    "  --problem TEXT         a problem to tune on instead of the kernel's, as .problem is\n"
    "                         written (repeatable: one key of the table each, at most 16)\n"
    "  --set KEY=VALUE        set a field of the base config (repeatable), as emit's\n"
    "  --cache-dir DIR        the compile cache (default $TRITONC_CACHE_DIR, else under\n"
    "                         $XDG_CACHE_HOME)\n"
    "  --compiler PROG        the compiler (default $TRITONC_COMPILER, else python3 running\n"
    "                         tools/triton_compile.py)\n"
    "  -j, --jobs N           compiles at once, from 1 to 256 (default $TRITONC_COMPILE_JOBS,\n"
    "                         else the number of CPUs)\n"
    "  --warmup N             untimed launches per config, from 1 to 1000 (default 5)\n"
    "  --repeats N            timed launches per config, from 1 to 1000 (default 20)\n"
    "  -o, --output TABLE     the table to write (required)\n"
    "  -h, --help             this help\n";

/* One problem on the device: its arguments, its buffers. */
typedef struct tune_problem {
    problem pb;
    int nargs;
    tc_arg args[TC_MAX_ARGS];
    size_t bytes[TC_MAX_ARGS];
    tl_dtype dtype[TC_MAX_ARGS];
    tc_deviceptr bufs[TC_MAX_ARGS];
    tc_tensordesc descs[TC_MAX_ARGS]; /* what a descriptor argument's tc_desc points to */
} tune_problem;

typedef struct tune_ctx {
    const tl_kernel *k;
    tune_problem *now; /* the problem being timed */
} tune_ctx;

static tc_grid grid_of(const void *cfg, int nargs, const tc_arg *args, void *user)
{
    (void)nargs;
    (void)args;
    tune_ctx *c = user;
    unsigned g[3] = {0, 0, 0}; /* checked for every config before any launch */
    char why[8];
    problem_grid(c->k, &c->now->pb, cfg, g, why, sizeof why);
    return tc_grid3(g[0], g[1], g[2]);
}

static size_t arg_bytes(int arg, int nargs, const tc_arg *args, void *user)
{
    (void)nargs;
    (void)args;
    return ((tune_ctx *)user)->now->bytes[arg];
}

/* Problem text (NULL: the kernel's) on the device (rt NULL: only read); false with why. */
static bool plan(tc_runtime *rt, const tl_kernel *k, const void *cfg, const char *text, tune_problem *tp, char *why,
                 size_t n)
{
    tl_kernel kp = *k;
    if (text)
        kp.problem = text;
    char *e = NULL;
    tl_builder *b = tl_kernel_build(k, cfg, (tl_emit_opts){0}, NULL, &e);
    bool ok = b && problem_of(&kp, b, cfg, 4096, &tp->pb, why, n);
    if (!b)
        snprintf(why, n, "%s", e ? cli_message(e) : "out of memory");
    free(e);
    if (ok && !tp->pb.declared)
        ok = snprintf(why, n, "kernel %s declares no .problem: give --problem", k->name) < 0;
    if (ok && tp->pb.nargs > TC_MAX_ARGS)
        ok = snprintf(why, n, "kernel %s has more than %d arguments", k->name, TC_MAX_ARGS) < 0;
    for (int i = 0; ok && i < tp->pb.nargs; i++) {
        const tl_argspec *s = tl_builder_argspec(b, i);
        const problem_arg *a = &tp->pb.args[i];
        tp->dtype[i] = s->dtype;
        if (!a->buffer) {
            tp->args[i] = launch_scalar_arg(s->dtype, a->value);
            continue;
        }
        tp->bytes[i] = (size_t)a->count * problem_elem_bytes(s->dtype);
        if (!rt)
            continue;
        unsigned char *host = malloc(tp->bytes[i]);
        if (!host) {
            ok = snprintf(why, n, "out of memory") < 0;
            break;
        }
        problem_fill(host, (size_t)a->count, s->dtype, tl_builder_context(b), a);
        tp->bufs[i] = tc_alloc(rt, tp->bytes[i]);
        tc_copy_to_device(rt, tp->bufs[i], host, tp->bytes[i]);
        free(host);
        tp->args[i] = a->desc ? problem_desc_arg(s, a, tp->bufs[i], &tp->descs[i]) : tc_ptr(tp->bufs[i], s->dtype);
    }
    tp->nargs = ok ? tp->pb.nargs : 0;
    tl_builder_destroy(b);
    return ok;
}

static void progress(int ended, int n, const tc_compile_job *job, void *user)
{
    (void)user;
    fprintf(stderr, "tritonc: autotune: %d of %d compiled%s%s\n", ended, n, job->err ? ": " : "",
            job->err ? cli_message(job->err) : "");
}

/* The configs' structs (base + each --set text) into cfgs; false after the error. */
static bool configs_of(const tl_kernel *k, const void *base, const tune_configs *tc, unsigned char *cfgs)
{
    for (int i = 0; i < tc->n; i++) {
        unsigned char *c = cfgs + (size_t)i * k->cfg_size;
        memcpy(c, base, k->cfg_size);
        char set[512];
        snprintf(set, sizeof set, "%s", tc->configs[i].set);
        for (char *save = NULL, *f = strtok_r(set, ",", &save); f; f = strtok_r(NULL, ",", &save))
            if (!cli_set("autotune", k, c, f))
                return false;
    }
    return true;
}

/* Compiles every (config, problem key) at once; the runtime then finds them in the cache. */
static void compile_all(tc_runtime *rt, const tl_kernel *k, const tune_configs *tc, const unsigned char *cfgs,
                        tune_problem *tps, int nproblems, const tc_compile_env *env, int jobs)
{
    int n = 0;
    tc_compile_job *js = calloc((size_t)tc->n * (size_t)nproblems, sizeof *js);
    char(*keys)[TC_MAX_ARGS + 1] = calloc((size_t)tc->n * (size_t)nproblems, sizeof *keys);
    for (int i = 0; js && keys && i < tc->n; i++) {
        const void *cfg = cfgs + (size_t)i * k->cfg_size;
        tc_kernel *h = tc_kernel_get(rt, k, cfg, tc->configs[i].options);
        for (int p = 0; h && p < nproblems; p++) {
            if (!tc_kernel_key(h, tps[p].nargs, tps[p].args, keys[n], sizeof keys[n]))
                break;
            bool seen = false;
            for (int j = 0; j < n && !seen; j++)
                seen = js[j].cfg == cfg && strcmp(keys[j], keys[n]) == 0;
            if (seen)
                continue;
            tc_options o = tc->configs[i].options;
            o.arch = tc_runtime_arch(rt);
            js[n] = (tc_compile_job){.kernel = k, .cfg = cfg, .spec = keys[n], .opts = o};
            n++;
        }
    }
    tc_compile_many(n, js, env, jobs, progress, NULL);
    for (int i = 0; i < n; i++) {
        tc_variant_free(js[i].variant);
        free(js[i].err);
    }
    free(js);
    free(keys);
}

/* Times problem tp; prints every config's time. */
static bool tune_one(tc_autotuner *at, const tune_configs *tc, tune_problem *tp, int index, int nproblems)
{
    fprintf(stderr, "tritonc: autotune: problem %d of %d: timing %d configs\n", index + 1, nproblems, tc->n);
    if (!tc_autotune_launch_args(at, NULL, tp->nargs, tp->args))
        return false;
    double ms[TUNE_MAX_CONFIGS];
    int n = tc_autotune_timings(at, TUNE_MAX_CONFIGS, ms);
    bool timed;
    double best_ms;
    int best = tc_autotune_best(at, &timed, &best_ms);
    for (int i = 0; i < n; i++) {
        tc_options o = tc_options_filled(tc->configs[i].options);
        char t[32] = "not run";
        if (ms[i] >= 0)
            snprintf(t, sizeof t, "%.4f ms", ms[i]);
        fprintf(stderr, "tritonc: autotune:   config %d '%s' num_warps=%d num_stages=%d num_ctas=%d: %s%s\n", i,
                tc->configs[i].set, o.num_warps, o.num_stages, o.num_ctas, t, i == best ? " (best)" : "");
    }
    return true;
}

int tritonc_cmd_autotune(int argc, char **argv)
{
    enum { CONFIGS = CLI_KEY, PROBLEM, SET, WARMUP, REPEATS, CACHE_DIR, COMPILER };
    static const cli_option opts[] = {{"configs", CONFIGS, "FILE"},
                                      {"problem", PROBLEM, "a problem"},
                                      {"set", SET, "KEY=VALUE"},
                                      {"jobs", 'j', "N"},
                                      {"warmup", WARMUP, "N"},
                                      {"repeats", REPEATS, "N"},
                                      {"output", 'o', "TABLE"},
                                      {"cache-dir", CACHE_DIR, "a directory"},
                                      {"compiler", COMPILER, "a program"},
                                      CLI_FROM_OPTION,
                                      CLI_HELP_OPTION};
    cli_parser cl = CLI_PARSER("autotune", argc, argv, opts);
    const char *configs = NULL, *out = NULL, *problems[MAX_PROBLEMS], *sets[32], *arg, *cache_dir = NULL,
               *compiler = NULL;
    int nproblems = 0, nset = 0, jobs = 0, warmup = 0, repeats = 0;
    for (int key; (key = cli_next(&cl, &arg)) != -1;) {
        bool ok = true;
        switch (key) {
        case CONFIGS: configs = arg; break;
        case PROBLEM:
            if (nproblems == MAX_PROBLEMS)
                return cli_usage("autotune", "--problem: at most %d", MAX_PROBLEMS);
            problems[nproblems++] = arg;
            break;
        case SET:
            if (nset == 32)
                return cli_usage("autotune", "--set: at most 32");
            sets[nset++] = arg;
            break;
        case 'j': ok = cli_int("autotune", "--jobs", arg, 1, 256, &jobs); break;
        case WARMUP: ok = cli_int("autotune", "--warmup", arg, 1, 1000, &warmup); break;
        case REPEATS: ok = cli_int("autotune", "--repeats", arg, 1, 1000, &repeats); break;
        case 'o': out = arg; break;
        case CACHE_DIR:
            cache_dir = arg;
            cli_set_cache_dir(arg);
            break;
        case COMPILER: compiler = arg; break;
        case CLI_FROM_KEY: cli_set_from(arg); break;
        case 'h': return cli_help(help_text);
        default: return CLI_USAGE;
        }
        if (!ok)
            return CLI_USAGE;
    }
    if (cl.operands == argc)
        return cli_usage("autotune", "missing kernel name (see 'tritonc help autotune')");
    if (argc - cl.operands > 1)
        return cli_usage("autotune", "one kernel at a time ('%s', then '%s')", argv[cl.operands],
                         argv[cl.operands + 1]);
    if (!configs)
        return cli_usage("autotune", "missing --configs FILE (the candidates; see 'tritonc help autotune')");
    if (!out)
        return cli_usage("autotune", "missing -o TABLE");
    int rc;
    const tl_kernel *k = cli_kernel(argv[cl.operands], &rc);
    if (!k)
        return rc;
    tune_configs tc;
    char why[600] = "";
    if (!tune_configs_read(configs, &tc, why, sizeof why)) {
        tune_configs_free(&tc);
        return cli_usage("autotune", "%s", why);
    }
    void *base = cli_config("autotune", k, nset, sets, &rc);
    unsigned char *cfgs = base ? calloc((size_t)tc.n, k->cfg_size ? k->cfg_size : 1) : NULL;
    if (base && !cfgs)
        rc = cli_fail(NULL, "out of memory");
    if (cfgs && !configs_of(k, base, &tc, cfgs))
        rc = CLI_USAGE;

    int ntune = nproblems ? nproblems : 1;
    tune_problem *tps = rc == CLI_OK ? calloc((size_t)ntune, sizeof *tps) : NULL;
    if (rc == CLI_OK && !tps)
        rc = cli_fail(NULL, "out of memory");
    for (int p = 0; tps && !why[0] && p < ntune; p++) { /* every problem and grid, before the GPU */
        plan(NULL, k, base, nproblems ? problems[p] : NULL, &tps[p], why, sizeof why);
        for (int i = 0; !why[0] && i < tc.n; i++) {
            unsigned g[3];
            problem_grid(k, &tps[p].pb, cfgs + (size_t)i * k->cfg_size, g, why, sizeof why);
        }
    }
    const char *jit = getenv("TRITONC_JIT");
    tc_compile_env env = {
        .jit = !(jit && strcmp(jit, "0") == 0), .from = cli_from(), .cache_dir = cache_dir, .compiler = compiler};
    tc_runtime *rt = tps && !why[0] ? tc_runtime_create(&(tc_runtime_options){.compile = &env}) : NULL;
    int planned = 0;
    for (; rt && !tc_runtime_failed(rt) && planned < ntune; planned++)
        if (!plan(rt, k, base, nproblems ? problems[planned] : NULL, &tps[planned], why, sizeof why))
            break;
    tune_ctx ctx = {k, tps};
    tc_autotuner *at = NULL;
    if (rt && !why[0] && !tc_runtime_failed(rt)) {
        compile_all(rt, k, &tc, cfgs, tps, planned, &env, jobs);
        bool given = tc.nkey > 0;
        for (int i = 0; !given && i < tps[0].pb.nargs && tc.nkey < TUNE_MAX_NAMES; i++) /* every integer scalar */
            if (!tps[0].pb.args[i].buffer && !tl_dtype_is_float(tps[0].dtype[i]))
                tc.key[tc.nkey++] = tps[0].pb.args[i].name;
        at = tc_autotune_create(rt, k, base, tc.n, tc.configs, grid_of, &ctx,
                                (tc_autotune_options){.nkey = tc.nkey,
                                                      .key = tc.key,
                                                      .warmup = warmup,
                                                      .repeats = repeats,
                                                      .cache_dir = "",
                                                      .nreset = tc.nreset,
                                                      .reset_to_zero = tc.reset,
                                                      .nrestore = tc.nrestore,
                                                      .restore_value = tc.restore,
                                                      .arg_bytes = tc.nreset || tc.nrestore ? arg_bytes : NULL,
                                                      .arg_bytes_user = &ctx});
    }
    for (int p = 0; at && p < planned; p++) {
        ctx.now = &tps[p];
        if (!tune_one(at, &tc, &tps[p], p, planned))
            break;
    }
    if (at && !tc_runtime_failed(rt) && tc_autotune_write_table(at, out))
        printf("%s: the winners of kernel %s for %d problem%s\n", out, k->name, planned, planned == 1 ? "" : "s");
    if (rc == CLI_OK && why[0])
        rc = cli_fail("autotune", "%s", why);
    else if (rc == CLI_OK && !rt)
        rc = cli_fail(NULL, "out of memory");
    else if (rc == CLI_OK && tc_runtime_failed(rt))
        rc = cli_fail("autotune", "%s", cli_message(tc_runtime_error(rt)));
    for (int p = 0; tps && p < ntune; p++)
        for (int i = 0; i < TC_MAX_ARGS; i++)
            if (tps[p].bufs[i])
                tc_free(rt, tps[p].bufs[i]);
    free(tps);
    tc_runtime_destroy(rt);
    free(cfgs);
    free(base);
    tune_configs_free(&tc);
    return rc;
}
