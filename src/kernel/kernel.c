/* Declarative kernels: run a kernel's body in a fresh builder and print it. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/error.h"
#include "tritonc/kernel.h"
#include "tritonc/lang.h" /* tl_builder_set_scalars_as_buffers */

/* The kernel's own location (its module, tt.func and closing tt.return): the line of its first
 * argument, where its run body begins, as Python gives the def line. Not the TL_KERNEL line:
 * C leaves the line of a macro call spread over several lines to the compiler (gcc gives the
 * first, clang the last), and TL_KERNEL calls are. A kernel without arguments keeps it. */
static tl_site kernel_site(tl_builder *b, tl_site site)
{
    tcir_op *func = tl_builder_func(b);
    tcir_block *entry = func ? tcir_region_first_block(tcir_op_region(func, 0)) : NULL;
    if (!entry || tcir_block_nargs(entry) == 0)
        return site;
    tcir_loc at = tcir_block_arg_loc(entry, 0);
    if (!at.file)
        return site;
    tcir_op_set_loc(tl_builder_module(b), at);
    tcir_op_set_loc(func, at);
    site.file = at.file;
    site.line = at.line;
    return site;
}

/* Sets *err, when err is not NULL, to the message (malloc'd), recorded through the one error
 * module; NULL asks for no message, and nothing is recorded. */
static void kernel_fail(char **err, tl_site site, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void kernel_fail(char **err, tl_site site, const char *fmt, ...)
{
    if (!err)
        return;
    va_list ap;
    va_start(ap, fmt);
    *err = base_error_vline(site, fmt, ap);
    va_end(ap);
}

/* True when no name is in two of .inputs, .inouts and .outputs (or twice in one); else sets
 * *err to "kernels/k.c:24: kernel k: 'p' is in both .inputs and .inouts ..." (the TL_KERNEL). */
static bool names_disjoint(const tl_kernel *k, char **err)
{
    const tl_names *lists[] = {&k->inputs, &k->inouts, &k->outputs};
    static const char *const list_names[] = {".inputs", ".inouts", ".outputs"};
    for (int a = 0; a < 3; a++) {
        for (int i = 0; i < lists[a]->n; i++) {
            const char *name = lists[a]->names[i];
            for (int c = a; c < 3; c++) {
                for (int j = c == a ? i + 1 : 0; j < lists[c]->n; j++) {
                    if (!name || !lists[c]->names[j] || strcmp(name, lists[c]->names[j]) != 0)
                        continue;
                    kernel_fail(err, (tl_site){.file = k->source, .line = k->source_line, .func = "tl_kernel_emit"},
                                "kernel %s: '%s' is in %s%s%s%s: each argument is in exactly one of .inputs (read), "
                                ".inouts (read and written in place) and .outputs (written)",
                                k->name, name, c == a ? "" : "both ", list_names[a], c == a ? " twice" : " and ",
                                c == a ? "" : list_names[c]);
                    return false;
                }
            }
        }
    }
    return true;
}

tl_builder *tl_kernel_build(const tl_kernel *k, const void *cfg, tl_emit_opts opts, char **text, char **err)
{
    if (text)
        *text = NULL;
    if (err)
        *err = NULL;
    if (!k || !k->run || !k->name) {
        kernel_fail(err, BASE_ERROR_BARE_SITE, "tl_kernel_emit: NULL kernel, or a kernel without name or run body");
        return NULL;
    }
    if (!cfg)
        cfg = k->cfg_default;
    if (!cfg && k->cfg_size) {
        kernel_fail(err, BASE_ERROR_BARE_SITE, "tl_kernel_emit: no config given and the kernel has no default");
        return NULL;
    }
    tl_site site = {.file = k->source, .line = k->source_line, .func = "tl_kernel_emit"};
    tl_builder *b = tl_builder_create_at(site, k->name);
    if (!b) {
        kernel_fail(err, BASE_ERROR_BARE_SITE, "tl_kernel_emit: out of memory");
        return NULL;
    }
    tl_builder_set_locations(b, !opts.no_locations);
    tl_builder_set_generic(b, opts.generic);
    tl_builder_set_debug(b, opts.debug);
    tl_builder_set_scalars_as_buffers(b, opts.scalars_as_buffers);
    tl_builder_set_specialize_at(site, b, opts.specialize);
    /* XLA's order: the names of .inputs, .inouts and .outputs, then each inout again (its
     * result, an unused copy of the pointer; freed once tl_finish used them) */
    if (opts.xla_order && !names_disjoint(k, err)) {
        tl_builder_destroy(b);
        return NULL;
    }
    int nin = k->inputs.n, nio = k->inouts.n, nout = k->outputs.n;
    int norder = nin + 2 * nio + nout;
    const char **order = opts.xla_order ? base_malloc(sizeof *order * (size_t)(norder ? norder : 1)) : NULL;
    if (opts.xla_order && !order) {
        tl_builder_destroy(b);
        kernel_fail(err, BASE_ERROR_BARE_SITE, "tl_kernel_emit: out of memory");
        return NULL;
    }
    for (int i = 0; order && i < norder; i++)
        order[i] = i < nin         ? k->inputs.names[i]
            : i < nin + nio        ? k->inouts.names[i - nin]
            : i < nin + nio + nout ? k->outputs.names[i - nin - nio]
                                   : k->inouts.names[i - nin - nio - nout];
    tl_builder_set_arg_order(b, norder, order);
    k->run(b, cfg);
    site = kernel_site(b, site);
    char *ttir = tl_finish_at(site, b);
    tl_builder_set_arg_order(b, 0, NULL);
    free(order);
    if (!ttir) {
        if (err && tl_builder_error(b))
            *err = base_strdup(tl_builder_error(b)); /* recorded by the builder */
        else
            kernel_fail(err, BASE_ERROR_BARE_SITE, "tl_kernel_emit: unknown error");
        tl_builder_destroy(b);
        return NULL;
    }
    if (text)
        *text = ttir;
    else
        free(ttir);
    return b;
}

char *tl_kernel_emit(const tl_kernel *k, const void *cfg, tl_emit_opts opts, char **err)
{
    char *text = NULL;
    tl_builder_destroy(tl_kernel_build(k, cfg, opts, &text, err));
    return text;
}

static const tl_cfg_field *find_field(const tl_kernel *k, const char *key)
{
    for (int i = 0; i < k->nfields; i++)
        if (strcmp(k->fields[i].name, key) == 0)
            return &k->fields[i];
    return NULL;
}

bool tl_parse_decimal(const char *text, long long min, long long max, long long *out)
{
    if (!text || !out)
        return false;
    const char *digits = text[0] == '-' ? text + 1 : text;
    if (*digits == '\0')
        return false;
    for (const char *p = digits; *p; p++)
        if (!isdigit((unsigned char)*p))
            return false;
    errno = 0;
    long long v = strtoll(text, NULL, 10);
    if (errno == ERANGE || v < min || v > max)
        return false;
    *out = v;
    return true;
}

/* tl_kernel_set's failure: the message recorded through the one error module (when err asks
 * for one: err NULL or errsize 0 records nothing), copied into err; false. */
static bool set_failed(char *err, size_t errsize, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static bool set_failed(char *err, size_t errsize, const char *fmt, ...)
{
    if (!err || !errsize)
        return false;
    base_error e = {0};
    base_error_init(&e, errsize - 1); /* what err holds (a record of its own for up to 511 bytes) */
    va_list ap;
    va_start(ap, fmt);
    base_error_vset(&e, BASE_ERROR_BARE_SITE, fmt, ap);
    va_end(ap);
    snprintf(err, errsize, "%s", base_error_text(&e));
    base_error_clear(&e);
    return false;
}

/* What a STRING field may hold: a word (config texts are K=V,K=V; --set takes it as is). */
#define KERNEL_WORD_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+-"

/* A float as a config value: strtod's decimal forms, the whole text (no spaces, no hex, no
 * "infinity" spelled other than inf / nan as Python's float() prints them). */
static bool parse_float(const char *text, double *out)
{
    if (!*text || isspace((unsigned char)text[0]) || strpbrk(text, "xX"))
        return false;
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (*end || (errno == ERANGE && !isinf(v) && v != 0))
        return false;
    const char *t = text + (*text == '-' || *text == '+');
    if ((isinf(v) && strcmp(t, "inf") != 0) || (isnan(v) && strcmp(t, "nan") != 0))
        return false;
    *out = v;
    return true;
}

bool tl_kernel_set(const tl_kernel *k, void *cfg, const char *key, const char *value, char *err, size_t errsize)
{
    if (!k || !cfg || !key || !value)
        return set_failed(err, errsize, "tl_kernel_set: NULL argument");
    const tl_cfg_field *f = find_field(k, key);
    if (!f)
        return set_failed(err, errsize, "kernel '%s' has no config field '%s'", k->name, key);
    char *p = (char *)cfg + f->offset;
    switch (f->kind) {
    case TL_CFG_INT: {
        long long v;
        if (!tl_parse_decimal(value, TL_CFG_INT_MIN, TL_CFG_INT_MAX, &v))
            return set_failed(err, errsize, "config field '%s' of kernel '%s' is an integer from %d to %d, got '%s'",
                              key, k->name, TL_CFG_INT_MIN, TL_CFG_INT_MAX, value);
        int iv = (int)v;
        memcpy(p, &iv, sizeof iv);
        return true;
    }
    case TL_CFG_DTYPE: {
        tl_dtype d = tl_dtype_parse(value);
        if (d == TL_DTYPE_INVALID)
            return set_failed(err, errsize, "config field '%s' wants a dtype (float32, int64, ...), got '%s'", key,
                              value);
        memcpy(p, &d, sizeof d);
        return true;
    }
    case TL_CFG_BOOL: {
        bool v;
        if (strcmp(value, "true") == 0 || strcmp(value, "1") == 0)
            v = true;
        else if (strcmp(value, "false") == 0 || strcmp(value, "0") == 0)
            v = false;
        else
            return set_failed(err, errsize, "config field '%s' wants true or false, got '%s'", key, value);
        memcpy(p, &v, sizeof v);
        return true;
    }
    case TL_CFG_SINT: {
        long long v;
        if (!tl_parse_decimal(value, INT_MIN, INT_MAX, &v))
            return set_failed(err, errsize, "config field '%s' of kernel '%s' is an integer from %d to %d, got '%s'",
                              key, k->name, INT_MIN, INT_MAX, value);
        int iv = (int)v;
        memcpy(p, &iv, sizeof iv);
        return true;
    }
    case TL_CFG_FLOAT: {
        double v;
        if (!parse_float(value, &v))
            return set_failed(err, errsize,
                              "config field '%s' of kernel '%s' is a float (1e-05, 0.5, -2, inf, nan), got '%s'", key,
                              k->name, value);
        memcpy(p, &v, sizeof v);
        return true;
    }
    case TL_CFG_STRING: {
        size_t n = strlen(value);
        if (n >= TL_CFG_STRING_MAX || n == 0 || strspn(value, KERNEL_WORD_CHARS) != n)
            return set_failed(err, errsize,
                              "config field '%s' of kernel '%s' is a word of 1 to %d letters, digits, _ . + -, got "
                              "'%s'",
                              key, k->name, TL_CFG_STRING_MAX - 1, value);
        memset(p, 0, TL_CFG_STRING_MAX);
        memcpy(p, value, n);
        return true;
    }
    }
    return set_failed(err, errsize, "config field '%s' has an unknown kind", key);
}

/* ---- values as text --------------------------------------------------------------------------- */

const char *tl_format_python_float(double x, char *buf, size_t size)
{
    if (!buf || !size)
        return buf;
    if (isnan(x))
        return snprintf(buf, size, "nan"), buf;
    if (isinf(x))
        return snprintf(buf, size, "%sinf", x < 0 ? "-" : ""), buf;
    if (x == 0)
        return snprintf(buf, size, "%s0.0", signbit(x) ? "-" : ""), buf;
    /* the shortest digits that read back the same (Python's repr), from %.Ne */
    char e[40];
    int prec = 0;
    for (; prec < 17; prec++) {
        snprintf(e, sizeof e, "%.*e", prec, x);
        if (strtod(e, NULL) == x)
            break;
    }
    char digits[24];
    int nd = 0, exp10 = 0;
    bool neg = e[0] == '-';
    for (const char *c = e + neg; *c && *c != 'e'; c++)
        if (*c >= '0' && *c <= '9' && nd < 20)
            digits[nd++] = *c;
    exp10 = atoi(strchr(e, 'e') + 1);
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    digits[nd] = '\0';
    char out[64];
    size_t n = 0;
    if (neg)
        out[n++] = '-';
    if (exp10 >= -4 && exp10 < 16) { /* fixed: 0.0001 ... 1234567890123456.0 */
        if (exp10 < 0) {
            n += (size_t)snprintf(out + n, sizeof out - n, "0.");
            for (int i = -1; i > exp10; i--)
                out[n++] = '0';
            n += (size_t)snprintf(out + n, sizeof out - n, "%s", digits);
        } else {
            for (int i = 0; i <= exp10; i++)
                out[n++] = i < nd ? digits[i] : '0';
            out[n++] = '.';
            if (nd > exp10 + 1)
                n += (size_t)snprintf(out + n, sizeof out - n, "%s", digits + exp10 + 1);
            else
                out[n++] = '0';
            out[n] = '\0';
        }
    } else { /* 1e-05, 1.5e+16 */
        out[n++] = digits[0];
        if (nd > 1)
            n += (size_t)snprintf(out + n, sizeof out - n, ".%s", digits + 1);
        snprintf(out + n, sizeof out - n, "e%c%02d", exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
    }
    snprintf(buf, size, "%s", out);
    return buf;
}

const char *tl_cfg_value_text(const tl_cfg_field *f, const void *cfg, char *buf, size_t size)
{
    if (!buf || !size)
        return buf;
    snprintf(buf, size, "?");
    if (!f || !cfg)
        return buf;
    const unsigned char *p = (const unsigned char *)cfg + f->offset;
    switch (f->kind) {
    case TL_CFG_INT:
    case TL_CFG_SINT: {
        int v;
        memcpy(&v, p, sizeof v);
        snprintf(buf, size, "%d", v);
        break;
    }
    case TL_CFG_DTYPE: {
        tl_dtype v;
        memcpy(&v, p, sizeof v);
        snprintf(buf, size, "%s", tl_dtype_name(v));
        break;
    }
    case TL_CFG_BOOL: {
        bool v;
        memcpy(&v, p, sizeof v);
        snprintf(buf, size, "%s", v ? "true" : "false");
        break;
    }
    case TL_CFG_FLOAT: {
        double v;
        memcpy(&v, p, sizeof v);
        tl_format_python_float(v, buf, size);
        break;
    }
    case TL_CFG_STRING: {
        const unsigned char *nul = memchr(p, 0, TL_CFG_STRING_MAX);
        snprintf(buf, size, "%.*s", (int)(nul ? (size_t)(nul - p) : (size_t)TL_CFG_STRING_MAX), (const char *)p);
        break;
    }
    }
    return buf;
}
