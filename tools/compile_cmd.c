/* `tritonc compile` and `tritonc embed` (docs/compile.md, docs/cli.md). Exit status as the
 * rest of the CLI: 0 done, 1 the kernel or its compile failed or a file could not be written,
 * 2 a bad command line.
 *
 * Every variant a command makes (one per --arch and --specialize key; for embed, also the
 * winners of each --table) is looked up in the cache and the missing ones compiled, several at
 * once (tc_compile_many, --jobs), with "N of M compiled" on stderr; the variants are printed
 * (compile) or embedded (embed) in the order the command line gives them, whatever order the
 * compiles end in. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundled.h"
#include "cli.h"
#include "commands.h"
#include "cuda/autotune_table.h" /* tables of winners, as the runtime reads them */
#include "tritonc/compile.h"
#include "tritonc/tritonc.h"

#define COMPILE_OPTIONS_HELP                                                                                           \
    CLI_FROM_HELP                                                                                                      \
    "  --set KEY=VALUE        set config field KEY (repeatable), as emit's\n"                                          \
    "  --specialize KEY[,...] one letter per argument: 1 (equal to 1), D (divisible by 16), N;\n"                      \
    "                         a list compiles one variant per key\n"                                                   \
    "  --num-warps N          a power of 2 from 1 to 32 (default 4)\n"                                                 \
    "  --num-stages N         from 1 to 16 (default 3)\n"                                                              \
    "  --num-ctas N           from 1 to 16 (default 1)\n"                                                              \
    "  --arch N[,N...]        the compute capability, from 1 to 999 (default 90); a list\n"                            \
    "                         (80,90,100) compiles one variant per arch (embed; compile\n"                             \
    "                         without -o)\n"                                                                           \
    "  --debug                Triton's debug option (tt.assert kept)\n"                                                \
    "  --maxnreg N            Triton's maxnreg: at most N registers per thread, 1 to 255\n"                            \
    "  --no-fp-fusion         Triton's enable_fp_fusion=False: no fused multiply-adds\n"                               \
    "  --launch-pdl           Triton's launch_pdl: launched with programmatic dependent launch\n"                      \
    "  --launch-cooperative-grid  Triton's launch_cooperative_grid: a cooperative launch\n"                            \
    "  --ptx-options TEXT     Triton's ptx_options: extra ptxas options, separated by spaces\n"                        \
    "  --cache-dir DIR        the cache (default $TRITONC_CACHE_DIR, else under $XDG_CACHE_HOME)\n"                    \
    "  --no-cache             compile even when the cache holds the variant\n"                                         \
    "  --compiler PROG        the compiler (default $TRITONC_COMPILER, else python3 running\n"                         \
    "                         tools/triton_compile.py)\n"                                                              \
    "  --timeout S            the compiler's time limit in seconds, from 1 to 86400 (default 300)\n"                   \
    "  -j, --jobs N           compiles at once, from 1 to 256 (default $TRITONC_COMPILE_JOBS,\n"                       \
    "                         else the number of CPUs)\n"

static const char compile_help[] =
    "Usage: tritonc compile NAME [options]\n"
    "\n"
    "Compile kernel NAME (bundled, or of --from FILE) with Triton (python3 + triton, or\n"
    "$TRITONC_COMPILER) into the compile cache, and print each variant: symbol, spec, warps,\n"
    "stages, shared memory, and whether the cache held it. The variants of --arch and\n"
    "--specialize lists compile several at once; progress on standard error.\n"
    "\n" COMPILE_OPTIONS_HELP
    "  -o, --output DIR       also write NAME.cubin, NAME.ptx, NAME.meta and NAME.ttir there\n"
    "  -h, --help             this help\n";

static const char embed_help[] =
    "Usage: tritonc embed -o FILE.c [--name ARRAY] DIR/NAME...\n"
    "       tritonc embed -o FILE.c [--name ARRAY] --compile NAME [compile's options but -o]\n"
    "       tritonc embed -o FILE.c [--name ARRAY] --table TABLE... [--from FILE]\n"
    "\n"
    "Write a C source holding compiled variants (tritonc/compile.h): those `tritonc compile -o DIR`\n"
    "wrote, kernel NAME compiled now, and the winners of tables of winners (`tritonc autotune\n"
    "-o TABLE`) compiled now, with the tables' texts as ARRAY_tables for\n"
    "tc_autotune_create_from_tables (docs/launch.md). Compiles run several at once; progress\n"
    "on standard error.\n"
    "\n"
    "  -o, --output FILE.c    the C source to write (required)\n"
    "  --name ARRAY           the array's name (default tritonc_variants)\n"
    "  --table TABLE          a table of winners (repeatable): each winner compiled for each key\n"
    "                         of its SPECS column, on its arch line's GPU (else --arch's)\n"
    "  --compile NAME         compile kernel NAME now, with these of compile's options:\n" COMPILE_OPTIONS_HELP
    "  -h, --help             this help\n";

enum { MAX_LIST = 16 };

/* What compile's options say. */
typedef struct compile_request {
    const tl_kernel *kernel;
    void *cfg; /* malloc'd copy of the default, edited by --set */
    const char *spec;
    tc_options opts;
    tc_compile_env env;
    const char *out_dir;
    int nsets;
    const char **sets;
    int narchs; /* --arch's list (one variant per arch); 0: opts.arch alone */
    int archs[MAX_LIST];
    int nspecs; /* --specialize's list (one variant per key); 0: spec alone */
    char specs[MAX_LIST][TC_MAX_ARGS + 1];
    int jobs; /* --jobs; 0: tc_compile_jobs' default */
    bool variant_options; /* any option of one variant (--set, --specialize, --num-warps...): --compile's */
} compile_request;

enum {
    SET = CLI_KEY,
    SPECIALIZE,
    NUM_WARPS,
    NUM_STAGES,
    NUM_CTAS,
    ARCH,
    DEBUG,
    MAXNREG,
    NO_FP_FUSION,
    LAUNCH_PDL,
    LAUNCH_COOPERATIVE,
    PTX_OPTIONS,
    CACHE_DIR,
    NO_CACHE,
    COMPILER,
    TIMEOUT,
    NAME,
    COMPILE,
    TABLE
};
#define COMPILE_OPTIONS                                                                                                \
    {"set", SET, "KEY=VALUE"}, {"specialize", SPECIALIZE, "a key"}, {"num-warps", NUM_WARPS, "N"},                     \
        {"num-stages", NUM_STAGES, "N"}, {"num-ctas", NUM_CTAS, "N"}, {"arch", ARCH, "N"}, {"debug", DEBUG, NULL},     \
        {"maxnreg", MAXNREG, "N"}, {"no-fp-fusion", NO_FP_FUSION, NULL}, {"launch-pdl", LAUNCH_PDL, NULL},             \
        {"launch-cooperative-grid", LAUNCH_COOPERATIVE, NULL}, {"ptx-options", PTX_OPTIONS, "options"},                \
        {"cache-dir", CACHE_DIR, "a directory"}, {"no-cache", NO_CACHE, NULL}, {"compiler", COMPILER, "a program"},    \
        {"timeout", TIMEOUT, "S"}, {"jobs", 'j', "N"}, CLI_FROM_OPTION, CLI_HELP_OPTION

static void request_init(compile_request *r, int argc)
{
    memset(r, 0, sizeof *r);
    r->env.jit = true;
    r->env.check_version = true;
    r->sets = malloc(sizeof *r->sets * (size_t)argc);
}

/* --arch 80,90,100: each into r->archs, the first into r->opts.arch. */
static bool arch_list(const char *cmd, compile_request *r, const char *v)
{
    char one[16];
    r->narchs = 0;
    for (const char *p = v;; p++) {
        size_t len = strcspn(p, ",");
        if (len >= sizeof one || r->narchs == MAX_LIST) {
            cli_usage(cmd, "--arch '%s': at most %d archs of 3 digits", v, MAX_LIST);
            return false;
        }
        memcpy(one, p, len);
        one[len] = '\0';
        if (!cli_int(cmd, "--arch", one, 1, 999, &r->archs[r->narchs++]))
            return false;
        p += len;
        if (!*p)
            break;
    }
    r->opts.arch = r->archs[0];
    return true;
}

/* --specialize DDDN,DDDD: each key into r->specs (the kernel checks the letters), the first in
 * r->spec. One key alone is passed as given. */
static bool spec_list(const char *cmd, compile_request *r, const char *v)
{
    r->nspecs = 0;
    r->spec = v;
    if (!strchr(v, ','))
        return true;
    for (const char *p = v;; p++) {
        size_t len = strcspn(p, ",");
        if (len == 0 || len > TC_MAX_ARGS || r->nspecs == MAX_LIST) {
            cli_usage(cmd, "--specialize '%s': at most %d keys of 1 to %d letters, separated by commas", v, MAX_LIST,
                      TC_MAX_ARGS);
            return false;
        }
        memcpy(r->specs[r->nspecs], p, len);
        r->specs[r->nspecs++][len] = '\0';
        p += len;
        if (!*p)
            break;
    }
    r->spec = r->specs[0];
    return true;
}

/* One of compile's options into r: CLI_OK, else CLI_USAGE after the error (cli_next's
 * CLI_USAGE passes through). */
static int compile_option(const char *cmd, compile_request *r, int key, const char *v)
{
    bool ok = true;
    r->variant_options |= key == SET || key == SPECIALIZE || key == NUM_WARPS || key == NUM_STAGES || key == NUM_CTAS ||
        key == DEBUG || key == MAXNREG || key == NO_FP_FUSION || key == LAUNCH_PDL || key == LAUNCH_COOPERATIVE ||
        key == PTX_OPTIONS;
    switch (key) {
    case SET: r->sets[r->nsets++] = v; break;
    case SPECIALIZE: ok = spec_list(cmd, r, v); break;
    case NUM_WARPS: ok = cli_warps(cmd, v, &r->opts.num_warps); break;
    case NUM_STAGES: ok = cli_int(cmd, "--num-stages", v, 1, 16, &r->opts.num_stages); break;
    case NUM_CTAS: ok = cli_int(cmd, "--num-ctas", v, 1, 16, &r->opts.num_ctas); break;
    case ARCH: ok = arch_list(cmd, r, v); break;
    case TIMEOUT: ok = cli_int(cmd, "--timeout", v, 1, 86400, &r->env.timeout_s); break;
    case 'j': ok = cli_int(cmd, "--jobs", v, 1, 256, &r->jobs); break;
    case DEBUG: r->opts.debug = true; break;
    case MAXNREG: ok = cli_int(cmd, "--maxnreg", v, 1, 255, &r->opts.maxnreg); break;
    case NO_FP_FUSION: r->opts.disable_fp_fusion = true; break;
    case LAUNCH_PDL: r->opts.launch_pdl = true; break;
    case LAUNCH_COOPERATIVE: r->opts.launch_cooperative_grid = true; break;
    case PTX_OPTIONS: r->opts.ptx_options = v; break;
    case NO_CACHE: r->env.no_cache = true; break;
    case CACHE_DIR:
        r->env.cache_dir = v;
        cli_set_cache_dir(v);
        break;
    case CLI_FROM_KEY:
        r->env.from = v;
        cli_set_from(v);
        break;
    case COMPILER: r->env.compiler = v; break;
    default: return CLI_USAGE;
    }
    return ok ? CLI_OK : CLI_USAGE;
}

/* The kernel named, its config edited by the --set options: CLI_OK or the exit status. */
static int request_kernel(const char *cmd, compile_request *r, const char *name)
{
    if (!r->sets)
        return cli_fail(NULL, "out of memory");
    int rc;
    r->kernel = cli_kernel(name, &rc);
    if (!r->kernel)
        return rc;
    r->cfg = cli_config(cmd, r->kernel, r->nsets, r->sets, &rc);
    return rc;
}

/* ---- the variants a command makes ----------------------------------------------------------- */

/* One variant to make, and what came of it. */
typedef struct wanted {
    const tl_kernel *kernel;
    const void *cfg; /* the request's, or cfg_owned */
    const char *spec; /* NULL: as declared */
    tc_options opts;
    void *cfg_owned; /* a table winner's config */
    char *ptx_owned; /* a table winner's ptx_options (the table's text is freed before compiling) */
    char spec_owned[TC_MAX_ARGS + 1];
    tc_variant *v;
    bool cached;
} wanted;

/* The variants of a request: one per arch of its --arch list and key of its --specialize list,
 * appended to w (room for MAX_LIST * MAX_LIST more). */
static int request_variants(const compile_request *r, wanted *w, int n)
{
    int narchs = r->narchs ? r->narchs : 1, nspecs = r->nspecs ? r->nspecs : 1;
    for (int a = 0; a < narchs; a++)
        for (int s = 0; s < nspecs; s++) {
            tc_options o = r->opts;
            o.arch = r->narchs ? r->archs[a] : r->opts.arch;
            w[n++] = (wanted){.kernel = r->kernel, .cfg = r->cfg, .spec = r->nspecs ? r->specs[s] : r->spec, .opts = o};
        }
    return n;
}

typedef struct progress_state {
    const char *cmd;
} progress_state;

static void progress(int ended, int n, const tc_compile_job *job, void *user)
{
    const progress_state *p = user;
    tc_options o = tc_options_filled(job->opts);
    fprintf(stderr, "tritonc: %s: %d of %d compiled (%s, spec %s, arch %d)%s\n", p->cmd, ended, n, job->kernel->name,
            job->variant    ? job->variant->spec
                : job->spec ? job->spec
                            : "as declared",
            o.arch, job->variant ? "" : ": failed");
}

/* Makes the n variants of w: each looked up in the cache (unless no_cache), the others compiled,
 * at most `jobs` at once; the compiler's errors printed in w's order. CLI_OK when every one was
 * made, else CLI_FAIL. */
static int make_variants(const char *cmd, wanted *w, int n, const tc_compile_env *env, int jobs)
{
    tc_compile_job *js = calloc((size_t)(n ? n : 1), sizeof *js);
    int *which = calloc((size_t)(n ? n : 1), sizeof *which);
    if (!js || !which) {
        free(js);
        free(which);
        return cli_fail(NULL, "out of memory");
    }
    if (!env->no_cache) { /* what the cache holds: no compiler runs (but --version, once each) */
        for (int i = 0; i < n; i++)
            js[i] = (tc_compile_job){.kernel = w[i].kernel, .cfg = w[i].cfg, .spec = w[i].spec, .opts = w[i].opts};
        tc_compile_env lookup = *env;
        lookup.jit = false;
        tc_compile_many(n, js, &lookup, jobs, NULL, NULL);
        for (int i = 0; i < n; i++) {
            w[i].v = js[i].variant;
            w[i].cached = w[i].v != NULL;
            free(js[i].err);
        }
    }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!w[i].v) {
            js[m] = (tc_compile_job){.kernel = w[i].kernel, .cfg = w[i].cfg, .spec = w[i].spec, .opts = w[i].opts};
            which[m++] = i;
        }
    progress_state state = {cmd};
    tc_compile_many(m, js, env, jobs, m > 1 ? progress : NULL, &state);
    int rc = CLI_OK;
    for (int j = 0; j < m; j++) {
        w[which[j]].v = js[j].variant;
        if (!js[j].variant) {
            fprintf(stderr, "tritonc: compile %s failed: %s\n", js[j].kernel->name,
                    js[j].err ? cli_message(js[j].err) : "out of memory");
            rc = CLI_FAIL;
        }
        free(js[j].err);
    }
    free(js);
    free(which);
    return rc;
}

static void wanted_free(wanted *w, int n)
{
    for (int i = 0; i < n; i++) {
        tc_variant_free(w[i].v);
        free(w[i].cfg_owned);
        free(w[i].ptx_owned);
    }
    free(w);
}

/* ---- tables of winners (embed --table) ---------------------------------------------------- */

/* The file's text (malloc'd), else NULL after the error. */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        cli_usage("embed", "cannot read table '%s': %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *text = malloc(cap);
    for (size_t got; text && (got = fread(text + len, 1, cap - len - 1, f)) > 0;) {
        len += got;
        if (len + 1 == cap) {
            char *bigger = realloc(text, cap *= 2);
            if (!bigger)
                free(text);
            text = bigger;
        }
    }
    bool bad = ferror(f);
    fclose(f);
    if (!text)
        cli_fail(NULL, "out of memory");
    else if (bad || memchr(text, '\0', len))
        cli_usage("embed", "table '%s': %s", path, bad ? "read error" : "not a text file");
    if (!text || bad || memchr(text, '\0', len)) {
        free(text);
        return NULL;
    }
    text[len] = '\0';
    return text;
}

/* k's default config with the comma-separated K=V items of `set` applied, else NULL with why. */
static void *config_of(const tl_kernel *k, const char *base, const char *set, char *why, size_t n)
{
    void *cfg = malloc(k->cfg_size ? k->cfg_size : 1);
    char *items = malloc(strlen(base) + strlen(set) + 2);
    bool ok = cfg && items;
    if (!ok)
        snprintf(why, n, "out of memory");
    else {
        memcpy(cfg, k->cfg_default, k->cfg_size);
        sprintf(items, "%s,%s", base, set);
    }
    for (char *save = NULL, *f = ok ? strtok_r(items, ",", &save) : NULL; ok && f; f = strtok_r(NULL, ",", &save)) {
        f += strspn(f, " \t");
        if (!*f)
            continue;
        char *eq = strchr(f, '=');
        if (!eq) {
            snprintf(why, n, "'%s' is no KEY=VALUE", f);
            ok = false;
            break;
        }
        *eq = '\0';
        char *end = eq;
        while (end > f && (end[-1] == ' ' || end[-1] == '\t'))
            *--end = '\0';
        ok = tl_kernel_set(k, cfg, f, eq + 1 + strspn(eq + 1, " \t"), why, n);
    }
    free(items);
    if (!ok) {
        free(cfg);
        return NULL;
    }
    return cfg;
}

/* Whether a and b are the same variant (kernel, config, key, options). */
static bool same_variant(const wanted *a, const wanted *b)
{
    if (a->kernel != b->kernel || strcmp(a->spec ? a->spec : "", b->spec ? b->spec : "") != 0)
        return false;
    if (!tc_options_equal(a->opts, b->opts))
        return false;
    char *s = tc_config_text(a->kernel, a->cfg), *t = tc_config_text(b->kernel, b->cfg);
    bool same = s && t && strcmp(s, t) == 0;
    free(s);
    free(t);
    return same;
}

/* Appends the winners of table `path` (its text) to w (*n of them, room for *cap; grown): each
 * winner on the table's base config, for each key of its SPECS, on the table's arch, else each
 * of r's --arch list, else r's arch. Variants already in w are not added twice. CLI_OK or the
 * exit status after the error. */
static int table_variants(const compile_request *r, const char *path, const char *text, wanted **w, int *n, int *cap)
{
    cuda_table t;
    char why[768];
    if (!cuda_table_parse(text, path, NULL, &t, why, sizeof why)) {
        cuda_table_free(&t);
        return cli_usage("embed", "%s", why);
    }
    int rc;
    const tl_kernel *k = cli_kernel(t.kernel, &rc);
    if (!k) {
        cuda_table_free(&t);
        return rc;
    }
    rc = CLI_OK;
    int narchs = t.arch ? 1 : r->narchs ? r->narchs : 1;
    for (int i = 0; rc == CLI_OK && i < t.nrows; i++) {
        const cuda_table_row *row = &t.rows[i];
        if (!*row->specs) {
            rc = cli_usage("embed",
                           "table %s line %d: the winner '%s' has no specialization key (SPECS), so which variant to "
                           "embed is unknown: write the table with `tritonc autotune`, or add the keys the program "
                           "launches it with",
                           path, row->line, row->set);
            break;
        }
        for (const char *p = row->specs; rc == CLI_OK && *p;) {
            size_t len = strcspn(p, " \t");
            for (int a = 0; rc == CLI_OK && a < narchs; a++) {
                if (*n == *cap) {
                    wanted *grown = realloc(*w, sizeof **w * (size_t)(*cap *= 2));
                    if (!grown) {
                        rc = cli_fail(NULL, "out of memory");
                        break;
                    }
                    *w = grown;
                }
                wanted *x = &(*w)[*n];
                *x = (wanted){.kernel = k, .opts = row->opts};
                x->opts.arch = t.arch ? t.arch : r->narchs ? r->archs[a] : r->opts.arch;
                x->opts.debug = false;
                if (row->opts.ptx_options && !(x->opts.ptx_options = x->ptx_owned = strdup(row->opts.ptx_options))) {
                    rc = cli_fail(NULL, "out of memory");
                    break;
                }
                snprintf(x->spec_owned, sizeof x->spec_owned, "%.*s", (int)len, p);
                x->spec = x->spec_owned;
                x->cfg = x->cfg_owned = config_of(k, t.base ? t.base : "", row->set, why, sizeof why);
                if (!x->cfg) {
                    rc = cli_usage("embed", "table %s line %d: config '%s'%s%s: %s", path, row->line, row->set,
                                   t.base ? " over the base " : "", t.base ? t.base : "", why);
                    break;
                }
                bool seen = false;
                for (int j = 0; j < *n && !seen; j++)
                    seen = same_variant(&(*w)[j], x);
                if (seen) {
                    free(x->cfg_owned);
                    free(x->ptx_owned);
                } else
                    (*n)++;
            }
            p += len;
            p += strspn(p, " \t");
        }
    }
    cuda_table_free(&t);
    return rc;
}

/* ---- the commands ------------------------------------------------------------------------------ */

int tritonc_cmd_compile(int argc, char **argv)
{
    static const cli_option opts[] = {COMPILE_OPTIONS, {"output", 'o', "a directory"}};
    cli_parser p = CLI_PARSER("compile", argc, argv, opts);
    compile_request r;
    request_init(&r, argc);
    const char *arg;
    int rc = CLI_OK;
    for (int key; rc == CLI_OK && (key = cli_next(&p, &arg)) != -1;) {
        if (key == 'h')
            rc = -1; /* the help, once r is freed */
        else if (key == 'o')
            r.out_dir = arg;
        else
            rc = compile_option("compile", &r, key, arg);
    }
    if (rc == CLI_OK && p.operands == argc)
        rc = cli_usage("compile", "missing kernel name (see 'tritonc list')");
    if (rc == CLI_OK && argc - p.operands > 1)
        rc = cli_usage("compile", "one kernel at a time ('%s', then '%s')", argv[p.operands], argv[p.operands + 1]);
    if (rc == CLI_OK)
        rc = request_kernel("compile", &r, argv[p.operands]);
    if (rc == CLI_OK && (r.narchs > 1 || r.nspecs > 1) && r.out_dir)
        rc = cli_usage("compile",
                       "one --arch and one --specialize key with -o (the files are named by kernel): "
                       "`tritonc embed --compile` takes lists");
    wanted *w = rc == CLI_OK ? calloc(MAX_LIST * MAX_LIST, sizeof *w) : NULL;
    if (rc == CLI_OK && !w)
        rc = cli_fail(NULL, "out of memory");
    int n = rc == CLI_OK ? request_variants(&r, w, 0) : 0;
    if (rc == CLI_OK)
        rc = make_variants("compile", w, n, &r.env, r.jobs);
    if (rc == CLI_OK && r.out_dir) {
        char *err = NULL;
        char *ttir =
            tl_kernel_emit(r.kernel, r.cfg, (tl_emit_opts){.debug = r.opts.debug, .specialize = w[0].v->spec}, NULL);
        if (!tc_variant_save(w[0].v, ttir, r.out_dir, &err)) {
            fprintf(stderr, "tritonc: compile: cannot write into '%s': %s\n", r.out_dir, err ? err : "out of memory");
            rc = CLI_FAIL;
        }
        free(err);
        free(ttir);
    }
    for (int i = 0; rc == CLI_OK && i < n; i++) {
        const tc_variant *v = w[i].v;
        char arch[32] = "";
        if (r.narchs > 1)
            snprintf(arch, sizeof arch, ", arch %d", v->options.arch);
        printf("%s: %s, spec %s%s, %d warps, %d stages, shared %d, %d arguments, triton %s, %s%s%s\n", v->kernel,
               v->symbol, v->spec, arch, v->num_warps, v->options.num_stages, v->shared, v->nargs, v->triton_version,
               w[i].cached ? "from the cache" : "compiled now", r.out_dir ? " -> " : "", r.out_dir ? r.out_dir : "");
    }
    if (w)
        wanted_free(w, n);
    free(r.cfg);
    free(r.sets);
    return rc < 0 ? cli_help(compile_help) : rc;
}

int tritonc_cmd_embed(int argc, char **argv)
{
    static const cli_option opts[] = {COMPILE_OPTIONS,
                                      {"output", 'o', "FILE.c"},
                                      {"name", NAME, "an ARRAY name"},
                                      {"compile", COMPILE, "a kernel name"},
                                      {"table", TABLE, "a table of winners"}};
    cli_parser p = CLI_PARSER("embed", argc, argv, opts);
    compile_request r;
    request_init(&r, argc);
    const char *out = NULL, *name = "tritonc_variants", *compile = NULL, *arg;
    const char **tables = calloc((size_t)argc + 1, sizeof *tables);
    int ntables = 0;
    bool compile_options = false; /* any of compile's: they need --compile, or --table */
    int rc = tables ? CLI_OK : cli_fail(NULL, "out of memory");
    for (int key; rc == CLI_OK && (key = cli_next(&p, &arg)) != -1;) {
        if (key == 'h')
            rc = -1;
        else if (key == 'o')
            out = arg;
        else if (key == NAME)
            name = arg;
        else if (key == COMPILE)
            compile = arg;
        else if (key == TABLE)
            tables[ntables++] = arg;
        else
            compile_options = (rc = compile_option("embed", &r, key, arg)) == CLI_OK;
    }
    int ninputs = argc - p.operands;
    if (rc == CLI_OK && !out)
        rc = cli_usage("embed", "missing -o FILE.c");
    if (rc == CLI_OK && ninputs == 0 && !compile && !ntables)
        rc = cli_usage("embed",
                       "nothing to embed: give DIR/NAME of `tritonc compile -o DIR` outputs, --compile NAME "
                       "or --table TABLE");
    if (rc == CLI_OK && (r.variant_options || compile_options) && !compile && (r.variant_options || !ntables))
        rc = cli_usage("embed", "compile's options (--set, --num-warps...) come with --compile NAME");
    if (rc == CLI_OK && compile)
        rc = request_kernel("embed", &r, compile);
    int n = 0, cap = MAX_LIST * MAX_LIST + ninputs + 16;
    wanted *w = rc == CLI_OK ? calloc((size_t)cap, sizeof *w) : NULL;
    char **texts = rc == CLI_OK ? calloc((size_t)ntables + 1, sizeof *texts) : NULL;
    if (rc == CLI_OK && (!w || !texts))
        rc = cli_fail(NULL, "out of memory");
    if (rc == CLI_OK && compile)
        n = request_variants(&r, w, n);
    int first_table = n;
    for (int i = 0; rc == CLI_OK && i < ntables; i++) {
        texts[i] = read_text(tables[i]);
        rc = texts[i] ? table_variants(&r, tables[i], texts[i], &w, &n, &cap) : CLI_USAGE;
    }
    /* --compile's variants and the tables' winners, compiled at once */
    if (rc == CLI_OK)
        rc = make_variants("embed", w, n, &r.env, r.jobs);
    /* in this order: --compile's, the DIR/NAME inputs, the tables' winners */
    tc_variant **vs = rc == CLI_OK ? calloc((size_t)(n + ninputs + 1), sizeof *vs) : NULL;
    if (rc == CLI_OK && !vs)
        rc = cli_fail(NULL, "out of memory");
    int nv = 0;
    for (int i = 0; rc == CLI_OK && i < first_table; i++)
        vs[nv++] = w[i].v;
    for (int i = p.operands; rc == CLI_OK && i < argc; i++) {
        char *slash = strrchr(argv[i], '/');
        char *dir = slash ? argv[i] : ".";
        if (slash)
            *slash = '\0';
        char *err = NULL;
        tc_variant *v = tc_variant_load(dir, slash ? slash + 1 : argv[i], &err);
        if (slash)
            *slash = '/';
        if (!v)
            rc = cli_fail("embed", "%s", err ? err : "out of memory");
        else
            vs[nv++] = v;
        free(err);
    }
    int loaded_end = nv;
    for (int i = first_table; rc == CLI_OK && i < n; i++)
        vs[nv++] = w[i].v;
    if (rc == CLI_OK) {
        char *err = NULL;
        if (!tc_embed_write_tables(out, name, nv, (const tc_variant *const *)vs, ntables, (const char *const *)texts,
                                   &err)) {
            fprintf(stderr, "tritonc: embed: %s\n", err ? err : "out of memory");
            rc = strstr(err ? err : "", "identifier") ? CLI_USAGE : CLI_FAIL;
        } else if (ntables) {
            printf("%s: %d variant%s as %s[], %d table%s of winners as %s_tables[]\n", out, nv, nv == 1 ? "" : "s",
                   name, ntables, ntables == 1 ? "" : "s", name);
        } else {
            printf("%s: %d variant%s as %s[]\n", out, nv, nv == 1 ? "" : "s", name);
        }
        free(err);
    }
    for (int i = first_table; vs && i < loaded_end; i++)
        tc_variant_free(vs[i]);
    free(vs);
    if (w)
        wanted_free(w, n);
    for (int i = 0; texts && i < ntables; i++)
        free(texts[i]);
    free(texts);
    free(tables);
    free(r.cfg);
    free(r.sets);
    return rc < 0 ? cli_help(embed_help) : rc;
}
