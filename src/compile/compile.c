/* tc_compile: emit, look in the disk cache, else run the compiler (docs/compile.md). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compile/compile_internal.h"
#include "base/out.h"
#include "base/env.h"

#ifndef TRITONC_INSTALL_DATADIR
#define TRITONC_INSTALL_DATADIR ""
#endif
#ifndef TRITONC_SOURCE_TOOLS_DIR
#define TRITONC_SOURCE_TOOLS_DIR ""
#endif

enum { DEFAULT_TIMEOUT_S = 300, MAX_TIMEOUT_S = 86400, MAX_COMPILER_ARGS = 40 };

tc_options tc_options_filled(tc_options o)
{
    if (o.arch <= 0)
        o.arch = 90;
    if (o.num_warps <= 0)
        o.num_warps = 4;
    if (o.num_stages <= 0)
        o.num_stages = 3;
    if (o.num_ctas <= 0)
        o.num_ctas = 1;
    if (o.maxnreg < 0)
        o.maxnreg = 0;
    if (o.ptx_options && !*o.ptx_options)
        o.ptx_options = NULL;
    return o;
}

bool tc_options_equal(tc_options a, tc_options b)
{
    a = tc_options_filled(a);
    b = tc_options_filled(b);
    return a.arch == b.arch && a.num_warps == b.num_warps && a.num_stages == b.num_stages && a.num_ctas == b.num_ctas &&
        a.debug == b.debug && a.maxnreg == b.maxnreg && a.disable_fp_fusion == b.disable_fp_fusion &&
        a.launch_pdl == b.launch_pdl && a.launch_cooperative_grid == b.launch_cooperative_grid &&
        (a.ptx_options && b.ptx_options ? strcmp(a.ptx_options, b.ptx_options) == 0 : a.ptx_options == b.ptx_options);
}

void tc_variant_free(tc_variant *v)
{
    if (!v)
        return;
    free((char *)v->kernel);
    free((char *)v->config);
    free((char *)v->spec);
    free((char *)v->symbol);
    free((char *)v->triton_version);
    free((unsigned char *)v->cubin);
    free((char *)v->ptx);
    free((char *)v->options.ptx_options);
    free((void *)v->tensordesc);
    free(v);
}

/* ---- the kernel's declaration --------------------------------------------------------------- */

/* The kernel built as declared, or NULL with *err. */
static tl_builder *build_declared(const tl_kernel *k, const void *cfg, char **err)
{
    if (!k) {
        compile_fail(err, "NULL kernel");
        return NULL;
    }
    return tl_kernel_build(k, cfg, (tl_emit_opts){.no_locations = true}, NULL, err);
}

tc_param *tc_kernel_params(const tl_kernel *k, const void *cfg, int *n, char **err)
{
    if (err)
        *err = NULL;
    if (!n) {
        compile_fail(err, "tc_kernel_params: NULL count");
        return NULL;
    }
    *n = 0;
    tl_builder *b = build_declared(k, cfg, err);
    if (!b)
        return NULL;
    int count = tl_builder_nargs(b);
    size_t names = 0;
    for (int i = 0; i < count; i++)
        names += strlen(tl_builder_argspec(b, i)->name) + 1;
    size_t slots = count > 0 ? (size_t)count : 1;
    tc_param *p = malloc(sizeof *p * slots + names);
    if (!p) {
        compile_fail(err, "out of memory");
        tl_builder_destroy(b);
        return NULL;
    }
    char *text = (char *)(p + slots);
    for (int i = 0; i < count; i++) {
        const tl_argspec *s = tl_builder_argspec(b, i);
        size_t len = strlen(s->name) + 1;
        memcpy(text, s->name, len);
        p[i] = (tc_param){text, s->kind, s->dtype, s->do_not_specialize, 0, {0}};
        if (s->kind == TL_ARG_TENSORDESC) {
            p[i].rank = s->rank;
            for (int d = 0; d < s->rank && d < 5; d++)
                p[i].block_shape[d] = (int)s->shape[d];
        }
        text += len;
    }
    tl_builder_destroy(b);
    *n = count;
    return p;
}

char *tc_declared_spec(const tl_kernel *k, const void *cfg, char **err)
{
    if (err)
        *err = NULL;
    tl_builder *b = build_declared(k, cfg, err);
    if (!b)
        return NULL;
    int count = tl_builder_nargs(b);
    char *key = malloc(count > 0 ? (size_t)count + 1 : 1);
    for (int i = 0; key && i < count; i++) {
        const tl_argspec *s = tl_builder_argspec(b, i);
        bool d = s->kind == TL_ARG_PTR ? (s->divisibility == 0 || s->divisibility == 16) : s->divisibility == 16;
        key[i] = d && s->kind != TL_ARG_TENSOR ? 'D' : 'N';
    }
    if (key)
        key[count] = '\0';
    else
        compile_fail(err, "out of memory");
    tl_builder_destroy(b);
    return key;
}

/* "K=V" of field f in cfg into buf. */
static void field_text(const tl_cfg_field *f, const unsigned char *cfg, char *buf, size_t size)
{
    char v[128];
    snprintf(buf, size, "%s=%s", f->name, tl_cfg_value_text(f, cfg, v, sizeof v));
}

/* The fields of cfg joined by sep, each prefixed by prefix; only those that differ from the
 * default when changed_only. */
static char *fields_text(const tl_kernel *k, const void *cfg, const char *prefix, const char *sep, bool changed_only)
{
    base_out s = {0};
    for (int i = 0; i < k->nfields; i++) {
        char item[256], dflt[256] = "";
        field_text(&k->fields[i], cfg, item, sizeof item);
        if (k->cfg_default)
            field_text(&k->fields[i], k->cfg_default, dflt, sizeof dflt);
        if (changed_only && strcmp(item, dflt) == 0)
            continue;
        base_out_printf(&s, "%s%s%s", s.len ? sep : "", prefix, item);
    }
    return base_out_text(&s);
}

char *tc_config_text(const tl_kernel *k, const void *cfg)
{
    if (!k || !(cfg = cfg ? cfg : k->cfg_default))
        return k && k->nfields == 0 ? base_strdup("") : NULL;
    return fields_text(k, cfg, "", ",", false);
}

char *tc_compile_command(const tl_kernel *k, const void *cfg, const char *spec, tc_options opts)
{
    if (!k || !k->name)
        return NULL;
    char *sets = cfg ? fields_text(k, cfg, " --set ", "", true) : base_strdup("");
    if (!sets)
        return NULL;
    tc_options o = tc_options_filled(opts);
    char w[32] = "", st[32] = "", a[32] = "", c[32] = "";
    if (o.num_warps != 4)
        snprintf(w, sizeof w, " --num-warps %d", o.num_warps);
    if (o.num_stages != 3)
        snprintf(st, sizeof st, " --num-stages %d", o.num_stages);
    if (o.num_ctas != 1)
        snprintf(c, sizeof c, " --num-ctas %d", o.num_ctas);
    if (o.arch != 90)
        snprintf(a, sizeof a, " --arch %d", o.arch);
    char r[32] = "";
    if (o.maxnreg > 0)
        snprintf(r, sizeof r, " --maxnreg %d", o.maxnreg);
    char *ptx = o.ptx_options ? compile_format(" --ptx-options '%s'", o.ptx_options) : base_strdup("");
    char *cmd = ptx
        ? compile_format("tritonc compile %s%s%s%s%s%s%s%s%s%s%s%s%s%s", k->name, sets, spec ? " --specialize " : "",
                         spec ? spec : "", w, st, c, a, o.debug ? " --debug" : "", r,
                         o.disable_fp_fusion ? " --no-fp-fusion" : "", o.launch_pdl ? " --launch-pdl" : "",
                         o.launch_cooperative_grid ? " --launch-cooperative-grid" : "", ptx)
        : NULL;
    free(ptx);
    free(sets);
    return cmd;
}

/* ---- the compiler --------------------------------------------------------------------------- */

typedef struct compiler {
    char *argv[MAX_COMPILER_ARGS];
    int argc;
    char *script; /* owned */
} compiler;

/* The compiler env selects: argv[0..argc) to which the protocol's arguments are appended. */
static bool find_compiler(const tc_compile_env *env, compiler *c, char **err)
{
    memset(c, 0, sizeof *c);
    const char *prog = env && env->compiler && *env->compiler ? env->compiler : getenv("TRITONC_COMPILER");
    if (prog && *prog) {
        c->argv[c->argc++] = (char *)prog;
        return true;
    }
    const char *python = getenv("TRITONC_PYTHON");
    c->argv[c->argc++] = (char *)(python && *python ? python : "python3");
    const char *script = getenv("TRITONC_COMPILE_SCRIPT");
    if (script && *script) {
        c->script = base_strdup(script);
    } else {
        c->script = compile_format("%s/triton_compile.py", TRITONC_INSTALL_DATADIR);
        if (c->script && access(c->script, R_OK) != 0) {
            free(c->script);
            c->script = compile_format("%s/triton_compile.py", TRITONC_SOURCE_TOOLS_DIR);
        }
    }
    if (!c->script)
        return compile_fail(err, "out of memory");
    c->argv[c->argc++] = c->script;
    return true;
}

/* The compiler's time limit in seconds; -1 (and err) when TRITONC_COMPILE_TIMEOUT is bad. */
static int timeout_of(const tc_compile_env *env, char **err)
{
    if (env && env->timeout_s > 0)
        return env->timeout_s;
    long v = DEFAULT_TIMEOUT_S;
    char why[320];
    if (base_env_int("TRITONC_COMPILE_TIMEOUT", 1, MAX_TIMEOUT_S, &v, why, sizeof why) == TL_ENV_BAD) {
        compile_fail(err, "%s", why);
        return -1;
    }
    return (int)v;
}

/* The last non-empty line of a compiler's output (its error line), trimmed, in buf. */
static const char *last_line(const char *out, char *buf, size_t size)
{
    const char *end = out + strlen(out);
    while (end > out && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' '))
        end--;
    const char *start = end;
    while (start > out && start[-1] != '\n')
        start--;
    size_t n = (size_t)(end - start) < size - 1 ? (size_t)(end - start) : size - 1;
    memcpy(buf, start, n);
    buf[n] = '\0';
    return n ? buf : "(no output)";
}

/* Runs the compiler with args; its output (malloc'd) in *output. The exit status, or -1. */
static int run_compiler(const tc_compile_env *env, char *const *args, int nargs, const char *temp_dir, char **output,
                        char **err)
{
    compiler c;
    int timeout = timeout_of(env, err);
    if (timeout < 0 || !find_compiler(env, &c, err))
        return -1;
    for (int i = 0; i < nargs && c.argc < MAX_COMPILER_ARGS - 1; i++)
        c.argv[c.argc++] = args[i];
    c.argv[c.argc] = NULL;
    int rc = compile_run(c.argv, timeout, temp_dir, output, err);
    if (rc > 0 && !(*output && strspn(*output, " \r\n") < strlen(*output))) {
        compile_fail(err, "%s exited with status %d and no output", c.argv[0], rc);
    } else if (rc > 0) {
        char line[512];
        compile_fail(err, "%s", last_line(*output, line, sizeof line));
    }
    free(c.script);
    return rc;
}

char *tc_compiler_version(const tc_compile_env *env, char **err)
{
    if (err)
        *err = NULL;
    char *args[] = {"--version"};
    char *out = NULL;
    int rc = run_compiler(env, args, 1, NULL, &out, err);
    char *v = NULL;
    if (rc == 0) {
        char line[256];
        v = base_strdup(last_line(out, line, sizeof line));
    }
    free(out);
    return v;
}

/* Compiles ttir in a private temporary directory and reads the result into v. */
static bool compile_ttir(const tc_compile_env *env, const char *ttir, tc_options o, tc_variant *v, char **err)
{
    char *dir = compile_make_temp_dir(err);
    if (!dir)
        return false;
    char *in = compile_format("%s/kernel.ttir", dir);
    char arch[16], warps[16], stages[16], ctas[16], nreg[16];
    snprintf(arch, sizeof arch, "%d", o.arch);
    snprintf(warps, sizeof warps, "%d", o.num_warps);
    snprintf(stages, sizeof stages, "%d", o.num_stages);
    snprintf(ctas, sizeof ctas, "%d", o.num_ctas);
    snprintf(nreg, sizeof nreg, "%d", o.maxnreg);
    char *args[24] = {"--ttir",      in,    "-o",           dir,    "--arch",     arch,
                      "--num-warps", warps, "--num-stages", stages, "--num-ctas", ctas};
    int nargs = 12;
    if (o.debug)
        args[nargs++] = "--debug";
    if (o.maxnreg > 0) {
        args[nargs++] = "--maxnreg";
        args[nargs++] = nreg;
    }
    if (o.disable_fp_fusion)
        args[nargs++] = "--no-fp-fusion";
    if (o.launch_pdl)
        args[nargs++] = "--launch-pdl";
    if (o.launch_cooperative_grid)
        args[nargs++] = "--launch-cooperative-grid";
    if (o.ptx_options) {
        args[nargs++] = "--ptx-options";
        args[nargs++] = (char *)o.ptx_options;
    }
    char *out = NULL;
    bool ok = in && compile_write_file_atomic(in, ttir, strlen(ttir), err) &&
        run_compiler(env, args, nargs, dir, &out, err) == 0;
    char *meta_path = ok ? compile_format("%s/kernel.meta", dir) : NULL;
    char *cubin_path = ok ? compile_format("%s/kernel.cubin", dir) : NULL;
    char *ptx_path = ok ? compile_format("%s/kernel.ptx", dir) : NULL;
    if (ok) {
        size_t n = 0;
        char *meta = (char *)compile_read_file(meta_path, &n);
        char *why = NULL;
        ok = meta ? compile_meta_parse(meta, v, &why)
                  : compile_fail(&why, "no kernel.meta written (its output: %s)", out ? out : "");
        if (ok) {
            v->cubin = compile_read_file(cubin_path, &v->cubin_size);
            v->ptx = (char *)compile_read_file(ptx_path, &n);
            if (!v->cubin && !v->ptx)
                ok = compile_fail(&why, "neither kernel.cubin nor kernel.ptx written");
            if (v->cubin && v->cubin_size == 0) {
                free((unsigned char *)v->cubin);
                v->cubin = NULL;
            }
        }
        if (!ok)
            compile_fail(err, "the compiler's output is bad: %s", why ? why : "out of memory");
        free(why);
        free(meta);
    }
    free(meta_path);
    free(cubin_path);
    free(ptx_path);
    free(out);
    free(in);
    compile_remove_dir(dir);
    free(dir);
    return ok;
}

/* ---- tc_compile ----------------------------------------------------------------------------- */

/* The compiler version as the entries record it ("3.6.0" of "triton 3.6.0"), or NULL. */
static char *probe_version(const tc_compile_env *env)
{
    char *line = tc_compiler_version(env, NULL);
    if (line && strncmp(line, "triton ", 7) == 0) {
        char *v = base_strdup(line + 7);
        free(line);
        return v;
    }
    free(line);
    return NULL;
}

/* Whether the compiler env selects can be started at all (an executable file, found as execvp
 * finds it), asked without running it and without recording anything: false with errno set. */
static bool compiler_runnable(const tc_compile_env *env, char **prog)
{
    compiler c;
    *prog = NULL;
    if (!find_compiler(env, &c, NULL))
        return true; /* out of memory: not this question's answer */
    *prog = base_strdup(c.argv[0]);
    free(c.script);
    if (!*prog)
        return true;
    if (strchr(*prog, '/'))
        return access(*prog, X_OK) == 0;
    const char *path = getenv("PATH");
    for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
        size_t n = strcspn(p, ":");
        char *full = compile_format("%.*s/%s", (int)n, p, *prog);
        bool ok = full && access(full, X_OK) == 0;
        free(full);
        if (ok)
            return true;
        p += n + (p[n] == ':');
    }
    errno = ENOENT;
    return false;
}

/* Whether to compile on a miss: env's, else TRITONC_JIT's (on when unset); false with err when
 * TRITONC_JIT is bad. */
static bool jit_of(const tc_compile_env *env, bool *jit, char **err)
{
    *jit = true;
    if (env) {
        *jit = env->jit;
        return true;
    }
    char why[320];
    if (base_env_bool("TRITONC_JIT", jit, why, sizeof why) == TL_ENV_BAD)
        return compile_fail(err, "%s", why);
    return true;
}

/* v's options: o, its ptx_options copied (v owns it). False on out of memory. */
static bool set_options(tc_variant *v, tc_options o)
{
    free((char *)v->options.ptx_options);
    v->options = o;
    v->options.ptx_options = NULL;
    return !o.ptx_options || (v->options.ptx_options = base_strdup(o.ptx_options)) != NULL;
}

static bool fill_names(tc_variant *v, const tl_kernel *k, const void *cfg, const char *spec)
{
    free((char *)v->kernel);
    free((char *)v->config);
    free((char *)v->spec);
    v->kernel = base_strdup(k->name);
    v->config = tc_config_text(k, cfg);
    v->spec = base_strdup(spec);
    return v->kernel && v->config && v->spec;
}

tc_variant *tc_compile(const tl_kernel *k, const void *cfg, const char *spec, tc_options opts,
                       const tc_compile_env *env, char **err)
{
    if (err)
        *err = NULL;
    if (!k || !k->name) {
        compile_fail(err, "tc_compile: NULL kernel");
        return NULL;
    }
    tc_options o = tc_options_filled(opts);
    char *text = NULL, *declared = NULL, *dir = NULL, *opts_text = NULL, *version = NULL;
    tc_variant *v = NULL;
    tl_builder *b = tl_kernel_build(k, cfg, (tl_emit_opts){.debug = o.debug, .specialize = spec}, &text, err);
    if (!b)
        return NULL;
    int nargs = 0; /* the function's arguments: a host descriptor brings its shape and strides */
    for (int i = 0; i < tl_builder_nargs(b); i++)
        nargs += 1 + (tl_builder_argspec(b, i)->kind == TL_ARG_TENSORDESC ? 2 * tl_builder_argspec(b, i)->rank : 0);
    tl_builder_destroy(b);
    if (!spec)
        spec = declared = tc_declared_spec(k, cfg, err);
    uint64_t ir_hash = spec ? tc_ir_hash(k, cfg, spec, o, err) : 0;
    opts_text = compile_options_text(o);
    bool use_cache = !(env && env->no_cache);
    if (!ir_hash || !opts_text || (use_cache && !(dir = compile_cache_dir(env, err))))
        goto done;
    compile_cache_key key = {text, opts_text};
    if (env && env->check_version)
        version = probe_version(env);
    const char *bad = NULL; /* what is wrong with the entry there, if anything */
    if (use_cache && (v = compile_cache_get(dir, &key, version, &bad)) != NULL) {
        char *prog = NULL;
        /* A compiler asked for its version but missing is an error, hit or not (on a miss the
         * compile below says so). Without check_version a hit runs no compiler. */
        if (env && env->check_version && !version && !compiler_runnable(env, &prog)) {
            compile_fail(err, "cannot run '%s': %s", prog, strerror(errno));
            free(prog);
            tc_variant_free(v);
            v = NULL;
            goto done;
        }
        free(prog);
        v->nargs = nargs;
        v->ir_hash = ir_hash;
        if (!set_options(v, o) || !fill_names(v, k, cfg, spec)) {
            tc_variant_free(v);
            v = NULL;
            compile_fail(err, "out of memory");
        }
        goto done;
    }
    char *config = tc_config_text(k, cfg);
    char *cmd = tc_compile_command(k, cfg, spec, opts);
    if (cmd && env && env->from) { /* a user's kernel: the command must say where it is */
        char *from = compile_format("tritonc compile --from %s%s", env->from, cmd + strlen("tritonc compile"));
        free(cmd);
        cmd = from;
    }
    char *what =
        compile_format("no compiled variant of %s (config %s, spec %s, %s) in the cache%s%s%s", k->name,
                       config ? config : "?", spec, opts_text, dir ? " '" : "", dir ? dir : "", dir ? "'" : "");
    free(config);
    bool jit;
    if (!jit_of(env, &jit, err)) {
        /* TRITONC_JIT's error, in err */
    } else if (!jit) {
        compile_fail(err, "%s%s%s%s and compiling is off: build it with `%s%s%s`", what ? what : "no compiled variant",
                     bad ? " (the entry there is " : "", bad ? bad : "", bad ? ")" : "", cmd ? cmd : "tritonc compile",
                     dir ? " --cache-dir " : "", dir ? dir : "");
    } else {
        v = calloc(1, sizeof *v);
        char *why = NULL;
        if (v && compile_ttir(env, text, o, v, &why)) {
            v->nargs = nargs;
            v->ir_hash = ir_hash;
            char *put_err = NULL;
            if (!set_options(v, o) || !fill_names(v, k, cfg, spec)) {
                compile_fail(err, "out of memory");
                tc_variant_free(v);
                v = NULL;
            } else if (use_cache && !compile_cache_put(dir, &key, version, v, &put_err)) {
                compile_fail(err, "compiled %s, but cannot store it in the cache: %s", k->name, put_err);
                tc_variant_free(v);
                v = NULL;
            }
            free(put_err);
        } else {
            compile_fail(
                err, "%s%s%s%s and the compiler failed: %s; build it where Triton 3.6 is installed with `%s%s%s`",
                what ? what : "no compiled variant", bad ? " (the entry there is " : "", bad ? bad : "", bad ? ")" : "",
                why ? why : "out of memory", cmd ? cmd : "tritonc compile", dir ? " --cache-dir " : "", dir ? dir : "");
            tc_variant_free(v);
            v = NULL;
        }
        free(why);
    }
    free(what);
    free(cmd);
done:
    free(text);
    free(declared);
    free(dir);
    free(opts_text);
    free(version);
    return v;
}
