/* kernel_tool_main.c - the main of a project's kernel tool (installed as
 * share/tritonc/kernel_tool_main.c). tritonc_add_kernels (cmake/TritoncAddKernels.cmake) builds it
 * with the project's own kernel sources and a table of their kernels, then runs it at build time
 * as tritonc_embed_kernels runs the tritonc command, with the same two commands:
 *
 *   TOOL compile NAME [--set K=V]... [--specialize KEY] [--num-warps N] [--num-stages N]
 *                [--num-ctas N] [--arch N] [--debug] [--cache-dir DIR] [--compiler PROG]
 *                [--timeout S] [-o DIR]
 *   TOOL embed -o FILE.c [--name ARRAY] DIR/NAME...
 *   TOOL list
 *
 * NAME is a kernel's name (its tl_kernel .name). Exit status as the tritonc command's: 0 done,
 * 1 the kernel, its compile or a file failed, 2 a bad command line; errors are one line on
 * standard error. Only the public API is used (tritonc/compile.h), so the file builds against an
 * installed package with the project's own compiler flags. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tritonc/compile.h>

/* Written by tritonc_add_kernels: the kernels of the project's sources, NULL last. */
extern const tl_kernel *const tritonc_kernel_tool_kernels[];

enum { DONE = 0, FAILED = 1, USAGE = 2 };

static const char *tool = "kernel tool";

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static int
usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", tool);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return USAGE;
}

static const tl_kernel *find_kernel(const char *name)
{
    for (int i = 0; tritonc_kernel_tool_kernels[i]; i++)
        if (strcmp(tritonc_kernel_tool_kernels[i]->name, name) == 0)
            return tritonc_kernel_tool_kernels[i];
    return NULL;
}

/* An integer option's value from lo to hi into *out. */
static bool number(const char *opt, const char *v, int lo, int hi, int *out)
{
    long long n;
    if (!tl_parse_decimal(v, lo, hi, &n)) {
        usage("compile: bad %s '%s': expected an integer from %d to %d", opt, v, lo, hi);
        return false;
    }
    *out = (int)n;
    return true;
}

static int compile(int argc, char **argv)
{
    const char *name = NULL, *spec = NULL, *out_dir = NULL;
    tc_options opts = {0};
    tc_compile_env env = {.jit = true, .check_version = true};
    const char **sets = calloc((size_t)argc + 1, sizeof *sets);
    int nsets = 0, rc = sets ? DONE : FAILED;
    for (int i = 0; rc == DONE && i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool flag = strcmp(a, "--debug") == 0 || strcmp(a, "--no-cache") == 0;
        bool takes = !flag && (strncmp(a, "--", 2) == 0 || strcmp(a, "-o") == 0);
        if (takes && !v) {
            rc = usage("compile: %s needs a value", a);
            break;
        }
        i += takes;
        if (strcmp(a, "--set") == 0)
            sets[nsets++] = v;
        else if (strcmp(a, "--specialize") == 0)
            spec = v;
        else if (strcmp(a, "--num-warps") == 0)
            rc = number(a, v, 1, 32, &opts.num_warps) ? DONE : USAGE;
        else if (strcmp(a, "--num-stages") == 0)
            rc = number(a, v, 1, 16, &opts.num_stages) ? DONE : USAGE;
        else if (strcmp(a, "--num-ctas") == 0)
            rc = number(a, v, 1, 16, &opts.num_ctas) ? DONE : USAGE;
        else if (strcmp(a, "--arch") == 0)
            rc = number(a, v, 1, 999, &opts.arch) ? DONE : USAGE;
        else if (strcmp(a, "--timeout") == 0)
            rc = number(a, v, 1, 86400, &env.timeout_s) ? DONE : USAGE;
        else if (strcmp(a, "--cache-dir") == 0)
            env.cache_dir = v;
        else if (strcmp(a, "--compiler") == 0)
            env.compiler = v;
        else if (strcmp(a, "-o") == 0)
            out_dir = v;
        else if (strcmp(a, "--debug") == 0)
            opts.debug = true;
        else if (strcmp(a, "--no-cache") == 0)
            env.no_cache = true;
        else if (a[0] == '-')
            rc = usage("compile: unknown option '%s'", a);
        else if (name)
            rc = usage("compile: one kernel at a time ('%s', then '%s')", name, a);
        else
            name = a;
    }
    const tl_kernel *k = NULL;
    if (rc == DONE && !name)
        rc = usage("compile: missing kernel name");
    if (rc == DONE && !(k = find_kernel(name)))
        rc = usage("compile: no kernel named '%s' in this tool's sources (`%s list`)", name, tool);
    void *cfg = NULL;
    if (rc == DONE && k->cfg_size && !(cfg = malloc(k->cfg_size)))
        rc = FAILED;
    if (cfg)
        memcpy(cfg, k->cfg_default, k->cfg_size);
    for (int i = 0; rc == DONE && i < nsets; i++) {
        char key[128], why[256];
        const char *eq = strchr(sets[i], '=');
        if (!eq || (size_t)(eq - sets[i]) >= sizeof key) {
            rc = usage("compile: bad --set '%s': expected KEY=VALUE", sets[i]);
            break;
        }
        memcpy(key, sets[i], (size_t)(eq - sets[i]));
        key[eq - sets[i]] = '\0';
        if (!cfg || !tl_kernel_set(k, cfg, key, eq + 1, why, sizeof why))
            rc = usage("compile: bad --set '%s': %s", sets[i], cfg ? why : "the kernel has no config");
    }
    tc_variant *v = NULL;
    char *err = NULL, *ttir = NULL;
    if (rc == DONE && !(v = tc_compile(k, cfg, spec, opts, &env, &err))) {
        fprintf(stderr, "%s: compile %s failed: %s\n", tool, name, err ? err : "out of memory");
        rc = FAILED;
    }
    if (v && out_dir) {
        ttir = tl_kernel_emit(k, cfg, (tl_emit_opts){.debug = opts.debug, .specialize = v->spec}, NULL);
        if (!tc_variant_save(v, ttir, out_dir, &err)) {
            fprintf(stderr, "%s: compile: cannot write into '%s': %s\n", tool, out_dir, err ? err : "out of memory");
            rc = FAILED;
        }
    }
    if (rc == DONE)
        printf("%s: spec %s, %d warps, shared %d, triton %s%s%s\n", v->kernel, v->spec, v->num_warps, v->shared,
               v->triton_version, out_dir ? " -> " : "", out_dir ? out_dir : "");
    tc_variant_free(v);
    free(err);
    free(ttir);
    free(cfg);
    free(sets);
    return rc;
}

static int embed(int argc, char **argv)
{
    const char *out = NULL, *name = "tritonc_variants";
    tc_variant **vs = calloc((size_t)argc + 1, sizeof *vs);
    int n = 0, rc = vs ? DONE : FAILED;
    char *err = NULL;
    for (int i = 0; rc == DONE && i < argc; i++) {
        const char *a = argv[i];
        if ((strcmp(a, "-o") == 0 || strcmp(a, "--name") == 0) && i + 1 < argc) {
            *(a[1] == 'o' ? &out : &name) = argv[++i];
        } else if (a[0] == '-') {
            rc = usage("embed: unknown option or missing value '%s'", a);
        } else {
            /* DIR/NAME: NAME.meta and its binaries in DIR */
            char *slash = strrchr(argv[i], '/');
            if (slash)
                *slash = '\0';
            vs[n] = tc_variant_load(slash ? argv[i] : ".", slash ? slash + 1 : argv[i], &err);
            if (slash)
                *slash = '/';
            if (!vs[n]) {
                fprintf(stderr, "%s: embed: %s\n", tool, err ? err : "out of memory");
                rc = FAILED;
            }
            n += vs[n] != NULL;
        }
    }
    if (rc == DONE && (!out || n == 0))
        rc = usage("embed: give -o FILE.c and at least one DIR/NAME");
    if (rc == DONE && !tc_embed_write(out, name, n, (const tc_variant *const *)vs, &err)) {
        fprintf(stderr, "%s: embed: %s\n", tool, err ? err : "out of memory");
        rc = FAILED;
    }
    if (rc == DONE)
        printf("%s: %d variant%s as %s[]\n", out, n, n == 1 ? "" : "s", name);
    for (int i = 0; i < n; i++)
        tc_variant_free(vs[i]);
    free(vs);
    free(err);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc > 0 && argv[0] && *argv[0]) {
        const char *slash = strrchr(argv[0], '/');
        tool = slash ? slash + 1 : argv[0];
    }
    const char *cmd = argc > 1 ? argv[1] : "";
    if (strcmp(cmd, "compile") == 0)
        return compile(argc - 2, argv + 2);
    if (strcmp(cmd, "embed") == 0)
        return embed(argc - 2, argv + 2);
    if (strcmp(cmd, "list") == 0) {
        for (int i = 0; tritonc_kernel_tool_kernels[i]; i++)
            printf("%s\n", tritonc_kernel_tool_kernels[i]->name);
        return DONE;
    }
    return usage("usage: %s compile NAME [options] | embed -o FILE.c [--name ARRAY] DIR/NAME... | list", tool);
}
