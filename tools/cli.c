/* The command line's shared parts (see cli.h). */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundled.h"
#include "user_kernels.h"

static void vreport(const char *cmd, const char *fmt, va_list ap)
{
    fprintf(stderr, "tritonc: ");
    if (cmd)
        fprintf(stderr, "%s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(cmd, fmt, ap);
    va_end(ap);
    return CLI_USAGE;
}

int cli_fail(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(cmd, fmt, ap);
    va_end(ap);
    return CLI_FAIL;
}

int cli_help(const char *text)
{
    fputs(text, stdout);
    return CLI_OK;
}

static const cli_option *option_of(const cli_parser *p, int key)
{
    for (int i = 0; i < p->nopts; i++)
        if (p->opts[i].key == key)
            return &p->opts[i];
    return NULL;
}

int cli_next(cli_parser *p, const char **arg)
{
    struct option longs[CLI_MAX_OPTIONS + 1];
    char shorts[2 * CLI_MAX_OPTIONS + 2] = ":"; /* ':' first: a missing value returns ':' */
    size_t ns = 1;
    int n = p->nopts < CLI_MAX_OPTIONS ? p->nopts : CLI_MAX_OPTIONS;
    for (int i = 0; i < n; i++) {
        const cli_option *o = &p->opts[i];
        longs[i] = (struct option){o->name, o->arg ? required_argument : no_argument, NULL, o->key};
        if (o->key < CLI_KEY) {
            shorts[ns++] = (char)o->key;
            if (o->arg)
                shorts[ns++] = ':';
        }
    }
    shorts[ns] = '\0';
    longs[n] = (struct option){NULL, 0, NULL, 0};
    opterr = 0; /* tritonc prints its own messages */
    if (!p->started)
        optind = 0; /* glibc: 0 starts afresh (embed parses compile's options too, help runs a command) */
    p->started = true;
    int key = getopt_long(p->argc, p->argv, shorts, longs, NULL);
    *arg = optarg;
    if (key == -1)
        p->operands = optind;
    if (key == ':') {
        const cli_option *o = option_of(p, optopt);
        const char *given = p->argv[optind - 1];
        return cli_usage(p->cmd, "%s needs %s", given, o && o->arg ? o->arg : "a value");
    }
    if (key == '?') {
        /* a long option's text is the argument getopt stopped at; cut any "=VALUE" */
        const char *given = p->argv[optind - 1];
        if (optopt && optopt < CLI_KEY && !(given[0] == '-' && given[1] == '-'))
            return cli_usage(p->cmd, "unknown option '-%c' (see 'tritonc help %s')", optopt, p->cmd);
        if (optopt && option_of(p, optopt)) /* "--generic=1": a flag given a value */
            return cli_usage(p->cmd, "%s takes no value", given);
        int len = (int)strcspn(given, "=");
        return cli_usage(p->cmd, "unknown option '%.*s' (see 'tritonc help %s')", len, given, p->cmd);
    }
    return key;
}

const char *cli_next_number(cli_parser *p)
{
    if (optind >= p->argc || !isdigit((unsigned char)p->argv[optind][0]))
        return NULL;
    return p->argv[optind++];
}

bool cli_int(const char *cmd, const char *opt, const char *text, long long min, long long max, int *out)
{
    long long v;
    if (!tl_parse_decimal(text, min, max, &v)) {
        cli_usage(cmd, "bad %s '%s': expected an integer from %lld to %lld", opt, text, min, max);
        return false;
    }
    *out = (int)v;
    return true;
}

bool cli_warps(const char *cmd, const char *text, int *out)
{
    long long v;
    if (!tl_parse_decimal(text, 1, 32, &v) || (v & (v - 1)) != 0) {
        cli_usage(cmd, "bad --num-warps '%s': expected a power of 2 from 1 to 32", text);
        return false;
    }
    *out = (int)v;
    return true;
}

/* --from FILE: the user's kernels instead of the bundled ones (loaded on first use). */
static struct {
    const char *file, *cache_dir;
    bool loaded;
    int rc;
    user_kernels kernels;
} from;

void cli_set_from(const char *file) { from.file = file; }

void cli_set_cache_dir(const char *dir) { from.cache_dir = dir; }

const char *cli_from(void) { return from.file; }

void cli_end(void) { free(from.kernels.kernels); }

const tl_kernel *const *cli_kernels(int *n, int *rc)
{
    static const tl_kernel **bundled;
    *rc = CLI_OK;
    if (from.file) {
        if (!from.loaded) {
            from.loaded = true;
            from.rc = user_kernels_load(from.file, from.cache_dir, &from.kernels);
        }
        *rc = from.rc;
        *n = from.rc == CLI_OK ? from.kernels.n : 0;
        return from.rc == CLI_OK ? from.kernels.kernels : NULL;
    }
    *n = tritonc_bundled_count();
    if (!bundled && (bundled = calloc((size_t)*n, sizeof *bundled)) != NULL)
        for (int i = 0; i < *n; i++)
            bundled[i] = tritonc_bundled_at(i);
    if (!bundled)
        *rc = cli_fail(NULL, "out of memory");
    return bundled;
}

const tl_kernel *cli_kernel(const char *name, int *rc)
{
    int n;
    const tl_kernel *const *ks = cli_kernels(&n, rc);
    if (!ks)
        return NULL;
    const char **names = malloc(sizeof *names * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        if (strcmp(ks[i]->name, name) == 0) {
            free(names);
            return ks[i];
        }
        if (names)
            names[i] = ks[i]->name;
    }
    const char *near = names ? cli_nearest(name, n, names) : NULL;
    free(names);
    char did[160] = "";
    if (near)
        snprintf(did, sizeof did, "did you mean '%s'? ", near);
    if (from.file)
        *rc = cli_usage(NULL, "unknown kernel '%s' in '%s' (%ssee 'tritonc list --from %s')", name, from.file, did,
                        from.file);
    else
        *rc = cli_usage(NULL, "unknown kernel '%s' (%ssee 'tritonc list')", name, did);
    return NULL;
}

int cli_cfg_int(const tl_kernel *k, const void *cfg, const char *name)
{
    for (int i = 0; i < k->nfields; i++) {
        if (k->fields[i].kind == TL_CFG_INT && strcmp(k->fields[i].name, name) == 0) {
            int v;
            memcpy(&v, (const char *)cfg + k->fields[i].offset, sizeof v);
            return v;
        }
    }
    return 1;
}

bool cli_set(const char *cmd, const tl_kernel *k, void *cfg, const char *assignment)
{
    const char *eq = strchr(assignment, '=');
    char key[128], why[256] = "";
    if (!eq || eq == assignment || (size_t)(eq - assignment) >= sizeof key) {
        cli_usage(cmd, "bad --set '%s': expected KEY=VALUE", assignment);
        return false;
    }
    memcpy(key, assignment, (size_t)(eq - assignment));
    key[eq - assignment] = '\0';
    if (!tl_kernel_set(k, cfg, key, eq + 1, why, sizeof why)) {
        bool known = false;
        for (int i = 0; i < k->nfields; i++)
            known |= strcmp(k->fields[i].name, key) == 0;
        char fields[512] = "";
        for (int i = 0, at = 0; !known && i < k->nfields && at < (int)sizeof fields; i++)
            at += snprintf(fields + at, sizeof fields - (size_t)at, "%s%s", i ? ", " : "", k->fields[i].name);
        if (!known)
            cli_usage(cmd, "bad --set '%s': %s (its fields: %s)", assignment, why[0] ? why : "rejected",
                      k->nfields ? fields : "none");
        else
            cli_usage(cmd, "bad --set '%s': %s", assignment, why[0] ? why : "rejected");
        return false;
    }
    return true;
}

void *cli_config(const char *cmd, const tl_kernel *k, int nsets, const char *const *sets, int *rc)
{
    void *cfg = calloc(1, k->cfg_size ? k->cfg_size : 1);
    if (!cfg) {
        *rc = cli_fail(NULL, "out of memory");
        return NULL;
    }
    if (k->cfg_default)
        memcpy(cfg, k->cfg_default, k->cfg_size);
    for (int i = 0; i < nsets; i++) {
        if (!cli_set(cmd, k, cfg, sets[i])) {
            free(cfg);
            *rc = CLI_USAGE;
            return NULL;
        }
    }
    *rc = CLI_OK;
    return cfg;
}

const char *cli_message(const char *err)
{
    if (!err)
        return "unknown error";
    if (strncmp(err, "tools/", 6) != 0)
        return err;
    const char *p = strchr(err, ':');
    if (!p || !isdigit((unsigned char)p[1]))
        return err;
    for (p++; isdigit((unsigned char)*p); p++)
        ;
    if (strncmp(p, ": ", 2) != 0)
        return err;
    /* then the API call's name: "th_triton_call: " */
    const char *after = strstr(p + 2, ": ");
    return after ? after + 2 : p + 2;
}

int cli_write_output(const char *path, const char *text)
{
    bool to_stdout = path == NULL || strcmp(path, "-") == 0;
    FILE *f = to_stdout ? stdout : fopen(path, "wb");
    if (f == NULL)
        return cli_fail(NULL, "cannot write '%s': %s", path, strerror(errno));
    size_t len = strlen(text);
    errno = 0;
    bool written = fwrite(text, 1, len, f) == len;
    if (written && (len == 0 || text[len - 1] != '\n'))
        written = fputc('\n', f) != EOF;
    int write_errno = errno;
    bool closed = to_stdout ? fflush(f) == 0 : fclose(f) == 0;
    int close_errno = errno;
    if (!written || !closed) {
        int e = !written ? write_errno : close_errno;
        if (!to_stdout)
            remove(path);
        return cli_fail(NULL, "cannot write '%s': %s", to_stdout ? "<stdout>" : path, e ? strerror(e) : "I/O error");
    }
    return CLI_OK;
}
