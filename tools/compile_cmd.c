/* `tritonc compile` and `tritonc embed` (docs/compile.md):
 *
 *   tritonc compile NAME [--set K=V ...] [--specialize KEY] [--num-warps N] [--num-stages N]
 *                   [--num-ctas N] [--arch N] [--debug] [--cache-dir DIR] [--no-cache]
 *                   [--compiler PROG] [--timeout S] [-o DIR]
 *   tritonc embed -o FILE.c [--name ARRAY] DIR/NAME ...
 *   tritonc embed -o FILE.c [--name ARRAY] --compile NAME [compile's options but -o]
 *
 * Exit status as the rest of the CLI: 0 done, 1 the kernel or its compile failed or a file
 * could not be written, 2 a bad command line. Errors are one line starting with "tritonc: ".
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundled.h"
#include "compile_cmd.h"
#include "tritonc/compile.h"
#include "tritonc/tritonc.h"

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

/* What compile's options say. */
typedef struct compile_request {
    const tl_kernel *kernel;
    void *cfg; /* malloc'd copy of the default, edited by --set */
    const char *spec;
    tc_options opts;
    tc_compile_env env;
    const char *out_dir;
} compile_request;

static bool parse_positive(const char *cmd, const char *opt, const char *text, int *v)
{
    char *end;
    long n = strtol(text, &end, 10);
    if (end == text || *end || n <= 0 || n > 100000) {
        fprintf(stderr, "tritonc: %s: bad %s '%s': expected a positive integer\n", cmd, opt, text);
        return false;
    }
    *v = (int)n;
    return true;
}

/* KEY=VALUE into the request's config. */
static bool set_field(const char *cmd, compile_request *r, const char *assignment)
{
    const char *eq = strchr(assignment, '=');
    char key[128], why[256] = "";
    if (!eq || eq == assignment || (size_t)(eq - assignment) >= sizeof key) {
        fprintf(stderr, "tritonc: %s: bad --set '%s': expected KEY=VALUE\n", cmd, assignment);
        return false;
    }
    memcpy(key, assignment, (size_t)(eq - assignment));
    key[eq - assignment] = '\0';
    if (!tl_kernel_set(r->kernel, r->cfg, key, eq + 1, why, sizeof why)) {
        fprintf(stderr, "tritonc: %s: bad --set '%s': %s\n", cmd, assignment, why);
        return false;
    }
    return true;
}

/* Parses compile's options from argv (the kernel name among them). -o is refused when
 * allow_out is false. Returns EXIT_OK or the exit status of the error it printed. */
static int parse_request(const char *cmd, int argc, char **argv, bool allow_out, compile_request *r)
{
    memset(r, 0, sizeof *r);
    r->env.jit = true;
    r->env.check_version = true;
    const char *name = NULL;
    for (int i = 0; i < argc && !name; i++) /* the name first: --set needs the kernel */
        if (argv[i][0] != '-')
            name = argv[i];
        else if (strcmp(argv[i], "--debug") != 0 && strcmp(argv[i], "--no-cache") != 0)
            i++;
    if (!name) {
        fprintf(stderr, "tritonc: %s: missing kernel name (see 'tritonc list')\n", cmd);
        return EXIT_USAGE;
    }
    r->kernel = tritonc_bundled_find(name);
    if (!r->kernel) {
        fprintf(stderr, "tritonc: unknown kernel '%s' (see 'tritonc list')\n", name);
        return EXIT_USAGE;
    }
    r->cfg = calloc(1, r->kernel->cfg_size ? r->kernel->cfg_size : 1);
    if (!r->cfg) {
        fprintf(stderr, "tritonc: out of memory\n");
        return EXIT_FAIL;
    }
    if (r->kernel->cfg_default)
        memcpy(r->cfg, r->kernel->cfg_default, r->kernel->cfg_size);
    bool named = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--debug") == 0) {
            r->opts.debug = true;
            continue;
        }
        if (strcmp(a, "--no-cache") == 0) {
            r->env.no_cache = true;
            continue;
        }
        if (a[0] != '-') {
            if (named) {
                fprintf(stderr, "tritonc: %s: one kernel at a time ('%s', then '%s')\n", cmd, name, a);
                return EXIT_USAGE;
            }
            named = true;
            continue;
        }
        static const char *const valued[] = {"--set", "--specialize", "--num-warps", "--num-stages", "--num-ctas",
                                             "--arch", "--cache-dir", "--compiler", "--timeout", "-o"};
        bool known = false;
        for (size_t j = 0; j < sizeof valued / sizeof valued[0]; j++)
            known = known || (strcmp(a, valued[j]) == 0 && (allow_out || strcmp(a, "-o") != 0));
        if (!known) {
            fprintf(stderr, "tritonc: %s: unknown option '%s' (see 'tritonc --help')\n", cmd, a);
            return EXIT_USAGE;
        }
        if (i + 1 == argc) {
            fprintf(stderr, "tritonc: %s: %s needs a value\n", cmd, a);
            return EXIT_USAGE;
        }
        const char *v = argv[++i];
        bool ok = true;
        if (strcmp(a, "--set") == 0)
            ok = set_field(cmd, r, v);
        else if (strcmp(a, "--specialize") == 0)
            r->spec = v;
        else if (strcmp(a, "--num-warps") == 0)
            ok = parse_positive(cmd, a, v, &r->opts.num_warps);
        else if (strcmp(a, "--num-stages") == 0)
            ok = parse_positive(cmd, a, v, &r->opts.num_stages);
        else if (strcmp(a, "--num-ctas") == 0)
            ok = parse_positive(cmd, a, v, &r->opts.num_ctas);
        else if (strcmp(a, "--arch") == 0)
            ok = parse_positive(cmd, a, v, &r->opts.arch);
        else if (strcmp(a, "--timeout") == 0)
            ok = parse_positive(cmd, a, v, &r->env.timeout_s);
        else if (strcmp(a, "--cache-dir") == 0)
            r->env.cache_dir = v;
        else if (strcmp(a, "--compiler") == 0)
            r->env.compiler = v;
        else
            r->out_dir = v;
        if (!ok)
            return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* Compiles the request: the variant, or NULL after printing the error. */
static tc_variant *compile_variant(const compile_request *r, char **ttir)
{
    char *err = NULL;
    tc_variant *v = tc_compile(r->kernel, r->cfg, r->spec, r->opts, &r->env, &err);
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
    compile_request r;
    int rc = parse_request("compile", argc, argv, true, &r);
    tc_variant *v = NULL;
    char *ttir = NULL;
    if (rc == EXIT_OK) {
        v = compile_variant(&r, r.out_dir ? &ttir : NULL);
        rc = v ? EXIT_OK : EXIT_FAIL;
    }
    if (v && r.out_dir) {
        char *err = NULL;
        if (!tc_variant_save(v, ttir, r.out_dir, &err)) {
            fprintf(stderr, "tritonc: compile: cannot write into '%s': %s\n", r.out_dir, err ? err : "out of memory");
            rc = EXIT_FAIL;
        }
        free(err);
    }
    if (rc == EXIT_OK)
        printf("%s: %s, spec %s, %d warps, %d stages, shared %d, %d arguments, triton %s%s%s\n", v->kernel,
               v->symbol, v->spec, v->num_warps, v->options.num_stages, v->shared, v->nargs, v->triton_version,
               r.out_dir ? " -> " : "", r.out_dir ? r.out_dir : "");
    tc_variant_free(v);
    free(ttir);
    free(r.cfg);
    return rc;
}

int tritonc_cmd_embed(int argc, char **argv)
{
    const char *out = NULL, *name = "tritonc_variants";
    int first_input = -1, compile_at = -1;
    for (int i = 0; i < argc && compile_at < 0; i++) {
        if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--name") == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "tritonc: embed: %s needs a value\n", argv[i]);
                return EXIT_USAGE;
            }
            *(strcmp(argv[i], "-o") == 0 ? &out : &name) = argv[i + 1];
            i++;
        } else if (strcmp(argv[i], "--compile") == 0) {
            compile_at = i + 1;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "tritonc: embed: unknown option '%s' (see 'tritonc --help')\n", argv[i]);
            return EXIT_USAGE;
        } else if (first_input < 0) {
            first_input = i;
        }
    }
    if (!out) {
        fprintf(stderr, "tritonc: embed: missing -o FILE.c\n");
        return EXIT_USAGE;
    }
    if (first_input < 0 && compile_at < 0) {
        fprintf(stderr, "tritonc: embed: nothing to embed: give DIR/NAME of `tritonc compile -o DIR` outputs, or --compile NAME\n");
        return EXIT_USAGE;
    }
    int cap = argc > 0 ? argc : 1, n = 0, rc = EXIT_OK;
    tc_variant **vs = calloc((size_t)cap, sizeof *vs);
    compile_request r = {0};
    if (!vs) {
        fprintf(stderr, "tritonc: out of memory\n");
        return EXIT_FAIL;
    }
    if (compile_at >= 0) {
        rc = parse_request("embed", argc - compile_at, argv + compile_at, false, &r);
        if (rc == EXIT_OK && !(vs[n++] = compile_variant(&r, NULL)))
            rc = EXIT_FAIL;
    }
    for (int i = first_input >= 0 ? first_input : argc; rc == EXIT_OK && i < argc && (compile_at < 0 || i < compile_at - 1);
         i++) {
        if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--name") == 0) {
            i++;
            continue;
        }
        char *slash = strrchr(argv[i], '/');
        char *dir = slash ? argv[i] : ".";
        if (slash)
            *slash = '\0';
        char *err = NULL;
        vs[n] = tc_variant_load(dir, slash ? slash + 1 : argv[i], &err);
        if (slash)
            *slash = '/';
        if (!vs[n]) {
            fprintf(stderr, "tritonc: embed: %s\n", err ? err : "out of memory");
            rc = EXIT_FAIL;
        }
        n += vs[n] != NULL;
        free(err);
    }
    if (rc == EXIT_OK) {
        char *err = NULL;
        if (!tc_embed_write(out, name, n, (const tc_variant *const *)vs, &err)) {
            fprintf(stderr, "tritonc: embed: %s\n", err ? err : "out of memory");
            rc = strstr(err ? err : "", "identifier") ? EXIT_USAGE : EXIT_FAIL;
        } else {
            printf("%s: %d variant%s as %s[]\n", out, n, n == 1 ? "" : "s", name);
        }
        free(err);
    }
    for (int i = 0; i < n; i++)
        tc_variant_free(vs[i]);
    free(vs);
    free(r.cfg);
    return rc;
}
