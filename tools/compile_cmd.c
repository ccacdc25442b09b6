/* `tritonc compile` and `tritonc embed` (docs/compile.md, docs/cli.md). Exit status as the
 * rest of the CLI: 0 done, 1 the kernel or its compile failed or a file could not be written,
 * 2 a bad command line. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundled.h"
#include "cli.h"
#include "commands.h"
#include "tritonc/compile.h"
#include "tritonc/tritonc.h"

#define COMPILE_OPTIONS_HELP                                                                                           \
    CLI_FROM_HELP                                                                                                      \
    "  --set KEY=VALUE        set config field KEY (repeatable), as emit's\n"                                          \
    "  --specialize KEY       one letter per argument: 1 (equal to 1), D (divisible by 16), N\n"                       \
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
    "  --timeout S            the compiler's time limit in seconds, from 1 to 86400 (default 300)\n"

static const char compile_help[] =
    "Usage: tritonc compile NAME [options]\n"
    "\n"
    "Compile kernel NAME (bundled, or of --from FILE) with Triton (python3 + triton, or\n"
    "$TRITONC_COMPILER) into the compile cache, and print the variant: symbol, spec, warps,\n"
    "stages, shared memory, and whether the cache held it.\n"
    "\n" COMPILE_OPTIONS_HELP
    "  -o, --output DIR       also write NAME.cubin, NAME.ptx, NAME.meta and NAME.ttir there\n"
    "  -h, --help             this help\n";

static const char embed_help[] =
    "Usage: tritonc embed -o FILE.c [--name ARRAY] DIR/NAME...\n"
    "       tritonc embed -o FILE.c [--name ARRAY] --compile NAME [compile's options but -o]\n"
    "\n"
    "Write a C source holding compiled variants (tritonc/compile.h): those `tritonc compile -o DIR`\n"
    "wrote, or kernel NAME compiled now.\n"
    "\n"
    "  -o, --output FILE.c    the C source to write (required)\n"
    "  --name ARRAY           the array's name (default tritonc_variants)\n"
    "  --compile NAME         compile kernel NAME now, with these of compile's options:\n" COMPILE_OPTIONS_HELP
    "  -h, --help             this help\n";

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
    int archs[16];
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
    COMPILE
};
#define COMPILE_OPTIONS                                                                                                \
    {"set", SET, "KEY=VALUE"}, {"specialize", SPECIALIZE, "a key"}, {"num-warps", NUM_WARPS, "N"},                     \
        {"num-stages", NUM_STAGES, "N"}, {"num-ctas", NUM_CTAS, "N"}, {"arch", ARCH, "N"}, {"debug", DEBUG, NULL},     \
        {"maxnreg", MAXNREG, "N"}, {"no-fp-fusion", NO_FP_FUSION, NULL}, {"launch-pdl", LAUNCH_PDL, NULL},             \
        {"launch-cooperative-grid", LAUNCH_COOPERATIVE, NULL}, {"ptx-options", PTX_OPTIONS, "options"},                \
        {"cache-dir", CACHE_DIR, "a directory"}, {"no-cache", NO_CACHE, NULL}, {"compiler", COMPILER, "a program"},    \
        {"timeout", TIMEOUT, "S"}, CLI_FROM_OPTION, CLI_HELP_OPTION

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
        if (len >= sizeof one || r->narchs == (int)(sizeof r->archs / sizeof r->archs[0])) {
            cli_usage(cmd, "--arch '%s': at most %d archs of 3 digits", v, (int)(sizeof r->archs / sizeof r->archs[0]));
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

/* One of compile's options into r: CLI_OK, else CLI_USAGE after the error (cli_next's
 * CLI_USAGE passes through). */
static int compile_option(const char *cmd, compile_request *r, int key, const char *v)
{
    bool ok = true;
    switch (key) {
    case SET: r->sets[r->nsets++] = v; break;
    case SPECIALIZE: r->spec = v; break;
    case NUM_WARPS: ok = cli_warps(cmd, v, &r->opts.num_warps); break;
    case NUM_STAGES: ok = cli_int(cmd, "--num-stages", v, 1, 16, &r->opts.num_stages); break;
    case NUM_CTAS: ok = cli_int(cmd, "--num-ctas", v, 1, 16, &r->opts.num_ctas); break;
    case ARCH: ok = arch_list(cmd, r, v); break;
    case TIMEOUT: ok = cli_int(cmd, "--timeout", v, 1, 86400, &r->env.timeout_s); break;
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

/* Compiles the request: the variant, or NULL after printing the error. *cached: whether the
 * cache held it (asked first with compiling off; then, on a miss, compiled). */
static tc_variant *compile_variant(const compile_request *r, char **ttir, bool *cached)
{
    char *err = NULL;
    tc_compile_env lookup = r->env;
    lookup.jit = false;
    tc_variant *v = r->env.no_cache ? NULL : tc_compile(r->kernel, r->cfg, r->spec, r->opts, &lookup, &err);
    free(err);
    err = NULL;
    *cached = v != NULL;
    if (!v)
        v = tc_compile(r->kernel, r->cfg, r->spec, r->opts, &r->env, &err);
    if (!v) {
        fprintf(stderr, "tritonc: compile %s failed: %s\n", r->kernel->name, err ? err : "out of memory");
        free(err);
        return NULL;
    }
    if (ttir) {
        *ttir = tl_kernel_emit(r->kernel, r->cfg, (tl_emit_opts){.debug = r->opts.debug, .specialize = v->spec}, NULL);
    }
    return v;
}

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
    tc_variant *v = NULL;
    char *ttir = NULL;
    bool cached = false;
    if (rc == CLI_OK && r.narchs > 1 && r.out_dir)
        rc = cli_usage("compile",
                       "one --arch with -o (the files are named by kernel): `tritonc embed --compile` takes a list");
    for (int a = 1; rc == CLI_OK && a < r.narchs; a++) { /* the others first; the first is printed below */
        r.opts.arch = r.archs[a];
        tc_variant *other = compile_variant(&r, NULL, &cached);
        if (other)
            printf("%s: %s, spec %s, arch %d, %s\n", other->kernel, other->symbol, other->spec, other->options.arch,
                   cached ? "from the cache" : "compiled now");
        rc = other ? CLI_OK : CLI_FAIL;
        tc_variant_free(other);
        r.opts.arch = r.archs[0];
    }
    if (rc == CLI_OK) {
        v = compile_variant(&r, r.out_dir ? &ttir : NULL, &cached);
        rc = v ? CLI_OK : CLI_FAIL;
    }
    if (v && r.out_dir) {
        char *err = NULL;
        if (!tc_variant_save(v, ttir, r.out_dir, &err)) {
            fprintf(stderr, "tritonc: compile: cannot write into '%s': %s\n", r.out_dir, err ? err : "out of memory");
            rc = CLI_FAIL;
        }
        free(err);
    }
    if (rc == CLI_OK)
        printf("%s: %s, spec %s, %d warps, %d stages, shared %d, %d arguments, triton %s, %s%s%s\n", v->kernel,
               v->symbol, v->spec, v->num_warps, v->options.num_stages, v->shared, v->nargs, v->triton_version,
               cached ? "from the cache" : "compiled now", r.out_dir ? " -> " : "", r.out_dir ? r.out_dir : "");
    tc_variant_free(v);
    free(ttir);
    free(r.cfg);
    free(r.sets);
    return rc < 0 ? cli_help(compile_help) : rc;
}

int tritonc_cmd_embed(int argc, char **argv)
{
    static const cli_option opts[] = {COMPILE_OPTIONS,
                                      {"output", 'o', "FILE.c"},
                                      {"name", NAME, "an ARRAY name"},
                                      {"compile", COMPILE, "a kernel name"}};
    cli_parser p = CLI_PARSER("embed", argc, argv, opts);
    compile_request r;
    request_init(&r, argc);
    const char *out = NULL, *name = "tritonc_variants", *compile = NULL, *arg;
    bool compile_options = false; /* any of compile's: they need --compile */
    int rc = CLI_OK;
    for (int key; rc == CLI_OK && (key = cli_next(&p, &arg)) != -1;) {
        if (key == 'h')
            rc = -1;
        else if (key == 'o')
            out = arg;
        else if (key == NAME)
            name = arg;
        else if (key == COMPILE)
            compile = arg;
        else
            compile_options = (rc = compile_option("embed", &r, key, arg)) == CLI_OK;
    }
    int n = 0, ninputs = argc - p.operands;
    tc_variant **vs = NULL;
    if (rc == CLI_OK && !out)
        rc = cli_usage("embed", "missing -o FILE.c");
    if (rc == CLI_OK && ninputs == 0 && !compile)
        rc = cli_usage("embed",
                       "nothing to embed: give DIR/NAME of `tritonc compile -o DIR` outputs, or --compile NAME");
    if (rc == CLI_OK && compile_options && !compile)
        rc = cli_usage("embed", "compile's options (--set, --num-warps...) come with --compile NAME");
    if (rc == CLI_OK && compile)
        rc = request_kernel("embed", &r, compile);
    int ncompiled = compile ? (r.narchs > 1 ? r.narchs : 1) : 0;
    if (rc == CLI_OK && !(vs = calloc((size_t)ninputs + (size_t)ncompiled + 1, sizeof *vs)))
        rc = cli_fail(NULL, "out of memory");
    bool cached;
    for (int a = 0; rc == CLI_OK && a < ncompiled; a++) { /* one variant per --arch */
        r.opts.arch = r.narchs ? r.archs[a] : r.opts.arch;
        if (!(vs[n++] = compile_variant(&r, NULL, &cached)))
            rc = CLI_FAIL;
    }
    for (int i = p.operands; rc == CLI_OK && i < argc; i++) {
        char *slash = strrchr(argv[i], '/');
        char *dir = slash ? argv[i] : ".";
        if (slash)
            *slash = '\0';
        char *err = NULL;
        vs[n] = tc_variant_load(dir, slash ? slash + 1 : argv[i], &err);
        if (slash)
            *slash = '/';
        if (!vs[n])
            rc = cli_fail("embed", "%s", err ? err : "out of memory");
        n += vs[n] != NULL;
        free(err);
    }
    if (rc == CLI_OK) {
        char *err = NULL;
        if (!tc_embed_write(out, name, n, (const tc_variant *const *)vs, &err)) {
            fprintf(stderr, "tritonc: embed: %s\n", err ? err : "out of memory");
            rc = strstr(err ? err : "", "identifier") ? CLI_USAGE : CLI_FAIL;
        } else {
            printf("%s: %d variant%s as %s[]\n", out, n, n == 1 ? "" : "s", name);
        }
        free(err);
    }
    for (int i = 0; i < n; i++)
        tc_variant_free(vs[i]);
    free(vs);
    free(r.cfg);
    free(r.sets);
    return rc < 0 ? cli_help(embed_help) : rc;
}
