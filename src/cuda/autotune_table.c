/* Tables of winners: the best config per key tuple decided ahead of time (tuned at build time
 * by `tritonc autotune`, or committed as a file), given to a tuner at creation so that a launch
 * whose key is in the table times nothing; a tuner made from tables alone
 * (tc_autotune_create_from_tables: their candidates, key and base config); and the tables a
 * tuner writes. The format is autotune_table.h's. An entry naming no candidate of the tuner is
 * an error: a table written for other configs is never half-used. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/autotune_internal.h"
#include "cuda/autotune_table.h"
#include "compile/compile_internal.h"

/* ---- parsing ------------------------------------------------------------------------------ */

/* s with its leading and trailing blanks cut (in place). */
static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

static bool parse_int(const char *s, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < 0 || v > 1 << 20)
        return false;
    *out = (int)v;
    return true;
}

/* A boolean option's value: "true"/"false" as written, "True"/"False" as Python prints them. */
static bool parse_bool(const char *s, bool *out)
{
    if (strcmp(s, "true") == 0 || strcmp(s, "True") == 0)
        return (*out = true);
    if (strcmp(s, "false") == 0 || strcmp(s, "False") == 0)
        return !(*out = false);
    return false;
}

bool cuda_table_parse_options(char *text, tc_options *o)
{
    *o = tc_options_filled((tc_options){0});
    for (char *item = text, *next; item && *item; item = next) {
        char *eq = strchr(item, '=');
        if (!eq)
            return false;
        *eq = '\0';
        const char *name = trim(item);
        char *value = eq + 1;
        if (strcmp(name, "ptx_options") == 0) {
            o->ptx_options = *trim(value) ? trim(value) : NULL;
            break;
        }
        next = strchr(value, ',');
        if (next)
            *next++ = '\0';
        value = trim(value);
        bool flag = false, fusion = true;
        int *field = strcmp(name, "num_warps") == 0 ? &o->num_warps
            : strcmp(name, "num_stages") == 0       ? &o->num_stages
            : strcmp(name, "num_ctas") == 0         ? &o->num_ctas
            : strcmp(name, "maxnreg") == 0          ? &o->maxnreg
                                                    : NULL;
        if (field) {
            int most = field == &o->num_warps ? 32 : field == &o->maxnreg ? 255 : 16;
            if (!parse_int(value, field) || *field > most || (*field == 0 && field != &o->maxnreg) ||
                (field == &o->num_warps && (*field & (*field - 1))))
                return false;
        } else if (strcmp(name, "enable_fp_fusion") == 0 && parse_bool(value, &fusion)) {
            o->disable_fp_fusion = !fusion;
        } else if (strcmp(name, "launch_pdl") == 0 && parse_bool(value, &flag)) {
            o->launch_pdl = flag;
        } else if (strcmp(name, "launch_cooperative_grid") == 0 && parse_bool(value, &flag)) {
            o->launch_cooperative_grid = flag;
        } else {
            return false;
        }
    }
    o->arch = 0; /* not the table's to say: the device's (or, building, the table's arch line) */
    return true;
}

void cuda_table_options_text(const tc_options *o, char *buf, size_t n)
{
    int w = snprintf(buf, n, "num_warps=%d,num_stages=%d,num_ctas=%d", o->num_warps, o->num_stages, o->num_ctas);
    size_t at = w > 0 && (size_t)w < n ? (size_t)w : n - 1;
    if (o->maxnreg)
        at += (size_t)snprintf(buf + at, n - at, ",maxnreg=%d", o->maxnreg);
    if (at < n && o->disable_fp_fusion)
        at += (size_t)snprintf(buf + at, n - at, ",enable_fp_fusion=false");
    if (at < n && o->launch_pdl)
        at += (size_t)snprintf(buf + at, n - at, ",launch_pdl=true");
    if (at < n && o->launch_cooperative_grid)
        at += (size_t)snprintf(buf + at, n - at, ",launch_cooperative_grid=true");
    if (at < n && o->ptx_options && *o->ptx_options)
        snprintf(buf + at, n - at, ",ptx_options=%s", o->ptx_options);
}

/* Whether a table's options name candidate c's: every option a table can hold (the arch is the
 * device's, debug the tuner's). */
static bool same_tuned_options(tc_options c, tc_options t)
{
    c.arch = t.arch = 0;
    c.debug = t.debug = false;
    return tc_options_equal(c, t);
}

/* Room for one more element in *array (of *n, element size size); false on out of memory. */
static bool grow(void *array, int n, size_t size)
{
    void **p = array; /* capacity: 4 elements, then each power of 2: full when n is one */
    if (n != 0 && (n < 4 || (n & (n - 1)) != 0))
        return true;
    size_t cap = n == 0 ? 4 : (size_t)n * 2;
    void *bigger = realloc(*p, cap * size);
    if (!bigger)
        return false;
    *p = bigger;
    return true;
}

/* The names after a keyword, split at blanks and commas, appended to *names. */
static bool names_of(char *text, const char ***names, int *n)
{
    for (char *save = NULL, *w = strtok_r(text, " \t,", &save); w; w = strtok_r(NULL, " \t,", &save)) {
        if (!grow(names, *n, sizeof **names))
            return false;
        (*names)[(*n)++] = w;
    }
    return true;
}

/* Whether s is a blank-separated list of specialization keys of one length (1, D, N). */
static bool specs_ok(const char *s)
{
    size_t len = 0;
    for (const char *p = s; *p;) {
        size_t n = strspn(p, "1DN");
        if (n == 0 || (p[n] && p[n] != ' ' && p[n] != '\t') || (len && n != len))
            return false;
        len = n;
        p += n;
        p += strspn(p, " \t");
    }
    return true;
}

/* A keyword line: "WORD" alone or "WORD " then its text (in *rest). */
static bool keyword(char *s, const char *word, char **rest)
{
    size_t n = strlen(word);
    if (strncmp(s, word, n) != 0 || (s[n] && s[n] != ' ' && s[n] != '\t'))
        return false;
    *rest = trim(s + n);
    return true;
}

/* Room for an OPTIONS field: the sizes, the flags and TCR_MAX_PTX_OPTIONS characters. */
#define TCR_OPTIONS_TEXT (256 + TCR_MAX_PTX_OPTIONS)
#define TCR_ROW_FORM "not 'KEY | CONFIG | OPTIONS [| MS [| SPECS]]'"

/* One line after the kernel's: a header line or a row. NULL, or why it does not parse. */
static const char *parse_line(cuda_table *t, char *s, int lineno, bool *oom)
{
    char *rest;
    if (keyword(s, "arch", &rest)) {
        if (t->arch)
            return "a second 'arch' line";
        return parse_int(rest, &t->arch) && t->arch >= 1 && t->arch <= 999 ? NULL : "'arch N' wants N from 1 to 999";
    }
    if (keyword(s, "base", &rest)) {
        if (t->base)
            return "a second 'base' line";
        t->base = rest;
        t->base_line = lineno;
        return NULL;
    }
    if (keyword(s, "key", &rest)) {
        if (t->has_key)
            return "a second 'key' line";
        t->has_key = true;
        t->key_line = lineno;
        *oom = !names_of(rest, &t->key, &t->nkey);
        return NULL;
    }
    if (keyword(s, "reset_to_zero", &rest)) {
        *oom = !names_of(rest, &t->reset, &t->nreset);
        return NULL;
    }
    if (keyword(s, "restore_value", &rest)) {
        *oom = !names_of(rest, &t->restore, &t->nrestore);
        return NULL;
    }
    if (keyword(s, "config", &rest)) {
        char *bar = strchr(rest, '|');
        tc_options o = tc_options_filled((tc_options){0});
        if (bar) {
            *bar = '\0';
            if (!cuda_table_parse_options(bar + 1, &o))
                return "not 'config CONFIG [| OPTIONS]'";
        }
        if (!grow(&t->configs, t->nconfigs, sizeof *t->configs)) {
            *oom = true;
            return NULL;
        }
        t->configs[t->nconfigs++] = (tc_tune_config){trim(rest), o};
        return NULL;
    }
    char *field[5] = {s, NULL, NULL, NULL, NULL};
    int nf = 1;
    for (char *bar; nf < 5 && (bar = strchr(field[nf - 1], '|')) != NULL; nf++) {
        *bar = '\0';
        field[nf] = bar + 1;
    }
    cuda_table_row r = {.line = lineno, .ms = -1, .specs = ""};
    if (nf < 3 || strchr(field[nf - 1], '|') || !cuda_table_parse_options(field[2], &r.opts) || !*trim(field[0]))
        return TCR_ROW_FORM;
    if (nf >= 4 && *trim(field[3])) {
        char *end = NULL;
        errno = 0;
        r.ms = strtod(trim(field[3]), &end);
        if (errno || *end || !(r.ms >= 0))
            return TCR_ROW_FORM;
    }
    if (nf == 5) {
        r.specs = trim(field[4]);
        if (!specs_ok(r.specs))
            return "SPECS: specialization keys of one length, letters 1, D and N, separated by blanks";
    }
    r.key = trim(field[0]);
    r.set = trim(field[1]);
    if (!grow(&t->rows, t->nrows, sizeof *t->rows)) {
        *oom = true;
        return NULL;
    }
    t->rows[t->nrows++] = r;
    return NULL;
}

void cuda_table_free(cuda_table *t)
{
    if (!t)
        return;
    free(t->key);
    free(t->reset);
    free(t->restore);
    free(t->configs);
    free(t->rows);
    free(t->text);
    memset(t, 0, sizeof *t);
}

bool cuda_table_parse(const char *text, const char *where, const char *kernel, cuda_table *t, char *why, size_t whysize)
{
    memset(t, 0, sizeof *t);
    t->text = compile_format("%s", text ? text : "");
    if (!t->text) {
        snprintf(why, whysize, "out of memory");
        return false;
    }
    bool magic = false, oom = false;
    int lineno = 0;
    for (char *line = t->text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        lineno++;
        char *s = trim(line);
        if (!*s || *s == '#')
            continue;
        const char *bad = NULL;
        if (!magic) {
            magic = strcmp(s, CUDA_TABLE_MAGIC) == 0;
            if (!magic) {
                snprintf(why, whysize, "autotune table %s line %d: '%s' where '" CUDA_TABLE_MAGIC "' begins a table",
                         where, lineno, s);
                cuda_table_free(t);
                return false;
            }
            continue;
        }
        if (!t->kernel) {
            char *rest;
            if (keyword(s, "kernel", &rest) && *rest && (!kernel || strcmp(rest, kernel) == 0)) {
                t->kernel = rest;
                continue;
            }
            if (kernel)
                snprintf(why, whysize, "autotune table %s line %d: '%s' where 'kernel %s' was expected", where, lineno,
                         s, kernel);
            else
                snprintf(why, whysize, "autotune table %s line %d: '%s' where 'kernel NAME' was expected", where,
                         lineno, s);
            cuda_table_free(t);
            return false;
        }
        bad = parse_line(t, s, lineno, &oom);
        if (oom) {
            snprintf(why, whysize, "out of memory");
            cuda_table_free(t);
            return false;
        }
        if (bad) {
            snprintf(why, whysize, "autotune table %s line %d: %s", where, lineno, bad);
            cuda_table_free(t);
            return false;
        }
    }
    if (!t->kernel) {
        snprintf(why, whysize, "autotune table %s: empty (no '" CUDA_TABLE_MAGIC "' and 'kernel %s' lines)", where,
                 kernel ? kernel : "NAME");
        cuda_table_free(t);
        return false;
    }
    return true;
}

int cuda_table_key_names(const cuda_table *t, char names[][64], int max)
{
    int n = 0;
    if (t->has_key) {
        for (; n < t->nkey; n++) {
            if (n == max)
                return -1;
            snprintf(names[n], 64, "%s", t->key[n]);
        }
        return n;
    }
    if (t->nrows == 0)
        return 0;
    const char *p = t->rows[0].key;
    while (*p && *p != ';') {
        size_t len = strcspn(p, "=,;");
        if (n == max)
            return -1;
        snprintf(names[n++], 64, "%.*s", (int)(len < 63 ? len : 63), p);
        p += len;
        p += strcspn(p, ",;"); /* the value */
        if (*p == ',')
            p++;
    }
    return n;
}

/* ---- a tuner reading tables ---------------------------------------------------------------- */

/* The canonical text (tc_config_text) of the kernel's default config with `set` applied; NULL
 * with why when set does not apply. */
static char *config_over_default(const tl_kernel *k, const char *set, char *why, size_t whysize)
{
    void *cfg = malloc(k->cfg_size ? k->cfg_size : 1);
    char *copy = compile_format("%s", set ? set : "");
    bool ok = cfg && copy;
    if (!ok)
        snprintf(why, whysize, "out of memory");
    if (ok)
        memcpy(cfg, k->cfg_default, k->cfg_size);
    for (char *item = ok ? copy : NULL, *next; item && *item && ok; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        char *eq = strchr(item, '=');
        if (!eq) {
            snprintf(why, whysize, "'%s' is no KEY=VALUE", item);
            ok = false;
        } else {
            *eq = '\0';
            ok = tl_kernel_set(k, cfg, trim(item), trim(eq + 1), why, whysize);
        }
    }
    char *text = ok ? tc_config_text(k, cfg) : NULL;
    if (ok && !text)
        snprintf(why, whysize, "out of memory");
    free(copy);
    free(cfg);
    return text;
}

/* The candidate an entry names, -1 when none. */
static int find_candidate(const tc_autotuner *at, const char *set, tc_options o)
{
    for (int i = 0; i < at->nconfigs; i++) {
        const tc_options *c = &at->cand[i].opts;
        if (strcmp(at->cand[i].set, set) == 0 && same_tuned_options(*c, o))
            return i;
    }
    return -1;
}

/* The table's key and base against the tuner's; false (error recorded) when they differ. */
static bool same_key_and_base(tc_autotuner *at, tl_site site, const char *where, const cuda_table *t)
{
    if (t->has_key) {
        bool same = t->nkey == at->nkey;
        for (int i = 0; same && i < t->nkey; i++)
            same = strcmp(t->key[i], at->params[at->key_index[i]].name) == 0;
        if (!same) {
            char mine[512] = "";
            for (int i = 0; i < at->nkey; i++)
                snprintf(mine + strlen(mine), sizeof mine - strlen(mine), "%s%s", i ? " " : "",
                         at->params[at->key_index[i]].name);
            char theirs[512] = "";
            for (int i = 0; i < t->nkey; i++)
                snprintf(theirs + strlen(theirs), sizeof theirs - strlen(theirs), "%s%s", i ? " " : "", t->key[i]);
            cuda_fail(at->rt, site, "autotune table %s line %d: keyed on '%s', but the tuner of kernel %s on '%s'",
                      where, t->key_line, theirs, at->k->name, mine);
            return false;
        }
    }
    if (t->base) {
        char why[256];
        char *base = config_over_default(at->k, t->base, why, sizeof why);
        if (!base) {
            cuda_fail(at->rt, site, "autotune table %s line %d: base '%s': %s", where, t->base_line, t->base, why);
            return false;
        }
        bool same = strcmp(base, at->base->config_text) == 0;
        if (!same)
            cuda_fail(at->rt, site,
                      "autotune table %s line %d: tuned over the base config '%s', but the tuner of kernel %s over "
                      "'%s'",
                      where, t->base_line, base, at->k->name, at->base->config_text);
        free(base);
        return same;
    }
    return true;
}

/* Adds the entries of one table (text, named `where` in messages). false (error recorded) when
 * it does not parse, is another kernel's, has another key or base, or names a config the tuner
 * does not have. */
static bool add_table(tc_autotuner *at, tl_site site, const char *where, const char *text)
{
    cuda_table t;
    char why[768];
    if (!cuda_table_parse(text, where, at->k->name, &t, why, sizeof why)) {
        cuda_fail(at->rt, site, "%s", why);
        return false;
    }
    bool ok = same_key_and_base(at, site, where, &t);
    for (int i = 0; ok && i < t.nrows; i++) {
        const cuda_table_row *r = &t.rows[i];
        int best = find_candidate(at, r->set, r->opts);
        if (best < 0) {
            char opts_text[TCR_OPTIONS_TEXT];
            cuda_table_options_text(&r->opts, opts_text, sizeof opts_text);
            cuda_fail(
                at->rt, site,
                "autotune table %s line %d: config '%s' with %s is not one of the %d configs kernel %s is tuned over",
                where, r->line, r->set, opts_text, at->nconfigs, at->k->name);
            ok = false;
            break;
        }
        size_t len = strcspn(r->specs, " \t");
        if (*r->specs && len != (size_t)at->nparams) {
            cuda_fail(at->rt, site,
                      "autotune table %s line %d: specialization key '%.*s' has %zu letters, but kernel %s has %d "
                      "arguments",
                      where, r->line, (int)len, r->specs, len, at->k->name, at->nparams);
            ok = false;
            break;
        }
        pthread_mutex_lock(&at->rt->lock);
        cuda_choice *c = cuda_find_choice(at, r->key);
        if (!c && (c = cuda_add_choice(at, r->key, best, r->ms < 0 ? 0 : r->ms, false, r->specs)) != NULL)
            c->table = true;
        pthread_mutex_unlock(&at->rt->lock);
        if (!c) {
            cuda_fail(at->rt, site, "out of memory");
            ok = false;
        }
    }
    cuda_table_free(&t);
    return ok;
}

bool cuda_autotune_table_open(tc_autotuner *at, tl_site site, const char *text, const char *path)
{
    if (text && !add_table(at, site, "(text)", text))
        return false;
    if (!path)
        return true;
    size_t size = 0;
    char *data = (char *)compile_read_file(path, &size);
    if (!data) {
        cuda_fail(at->rt, site, "cannot read autotune table %s: %s", path, strerror(errno ? errno : ENOENT));
        return false;
    }
    bool ok = !memchr(data, '\0', size);
    if (!ok)
        cuda_fail(at->rt, site, "autotune table %s: not a text file", path);
    ok = ok && add_table(at, site, path, data);
    free(data);
    return ok;
}

/* ---- a tuner made from tables ---------------------------------------------------------------- */

enum { TCR_MAX_KEY = 64 };

tc_autotuner *tc_autotune_create_from_tables_at(tl_site site, tc_runtime *rt, const tl_kernel *k, int ntables,
                                                const char *const *tables, tc_grid_fn grid, void *grid_user,
                                                tc_autotune_options opts)
{
    if (!cuda_ready(rt, site))
        return NULL;
    if (!k || !k->name || ntables < 0 || (ntables > 0 && !tables)) {
        cuda_fail(rt, site, "needs a kernel and the tables (their count and array)");
        return NULL;
    }
    if (opts.nkey || opts.key || opts.table || opts.nreset || opts.reset_to_zero || opts.nrestore ||
        opts.restore_value) {
        cuda_fail(rt, site,
                  "the table gives kernel %s's key, candidates, reset_to_zero and restore_value: leave the options' "
                  "key, table, reset_to_zero and restore_value unset",
                  k->name);
        return NULL;
    }
    /* The table of k: the first whose kernel line names it. */
    cuda_table t = {0};
    char why[768] = "";
    int found = -1;
    for (int i = 0; i < ntables && found < 0; i++) {
        char where[48];
        snprintf(where, sizeof where, "(text %d of %d)", i + 1, ntables);
        if (!cuda_table_parse(tables[i], where, NULL, &t, why, sizeof why)) {
            cuda_fail(rt, site, "%s", why);
            return NULL;
        }
        if (strcmp(t.kernel, k->name) == 0)
            found = i;
        else
            cuda_table_free(&t);
    }
    if (found < 0) {
        char names[512] = "";
        for (int i = 0; i < ntables; i++) {
            cuda_table other;
            if (cuda_table_parse(tables[i], "", NULL, &other, why, sizeof why))
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", other.kernel);
            cuda_table_free(&other);
        }
        cuda_fail(rt, site,
                  "no table of winners for kernel %s among the %d given (%s): tune it at build time "
                  "(tritonc_add_kernels AUTOTUNE or TABLE, docs/compile.md)",
                  k->name, ntables, ntables ? names : "none");
        return NULL;
    }
    /* Its candidates: the config lines, else the winners (each once, in order). */
    int nconfigs = t.nconfigs;
    tc_tune_config *configs = t.configs;
    tc_tune_config *winners = NULL;
    if (nconfigs == 0) {
        winners = calloc((size_t)(t.nrows ? t.nrows : 1), sizeof *winners);
        for (int i = 0; winners && i < t.nrows; i++) {
            bool seen = false;
            const tc_options *o = &t.rows[i].opts;
            for (int j = 0; j < nconfigs && !seen; j++)
                seen = strcmp(winners[j].set, t.rows[i].set) == 0 && same_tuned_options(winners[j].options, *o);
            if (!seen)
                winners[nconfigs++] = (tc_tune_config){t.rows[i].set, t.rows[i].opts};
        }
        configs = winners;
    }
    const char *key[TCR_MAX_KEY];
    char(*store)[64] = calloc(TCR_MAX_KEY, sizeof *store);
    int nkey = store ? cuda_table_key_names(&t, store, TCR_MAX_KEY) : 0;
    for (int i = 0; i < nkey; i++)
        key[i] = store[i];
    void *base = malloc(k->cfg_size ? k->cfg_size : 1);
    tc_autotuner *at = NULL;
    if (!store || !base || (nconfigs == 0 && !winners)) {
        cuda_fail(rt, site, "out of memory");
    } else if (nkey < 0) {
        cuda_fail(rt, site, "the table of kernel %s has more than %d key names", k->name, TCR_MAX_KEY);
    } else if (nconfigs == 0) {
        cuda_fail(rt, site, "the table of kernel %s has no config line and no winner: nothing to tune over", k->name);
    } else {
        memcpy(base, k->cfg_default, k->cfg_size);
        bool ok = true;
        char *copy = t.base ? compile_format("%s", t.base) : NULL;
        if (t.base && !copy) {
            cuda_fail(rt, site, "out of memory");
            ok = false;
        }
        for (char *item = copy, *next; ok && item && *item; item = next) {
            next = strchr(item, ',');
            if (next)
                *next++ = '\0';
            char *eq = strchr(item, '=');
            if (eq)
                *eq = '\0';
            if (!eq || !tl_kernel_set(k, base, trim(item), trim(eq + 1), why, sizeof why)) {
                cuda_fail(rt, site, "the table of kernel %s line %d: base '%s': %s", k->name, t.base_line, t.base,
                          eq ? why : "expected KEY=VALUE items");
                ok = false;
            }
        }
        free(copy);
        opts.nkey = nkey;
        opts.key = key;
        opts.table = tables[found];
        opts.nreset = t.nreset;
        opts.reset_to_zero = t.reset;
        opts.nrestore = t.nrestore;
        opts.restore_value = t.restore;
        if (ok)
            at = tc_autotune_create_at(site, rt, k, base, nconfigs, configs, grid, grid_user, opts);
    }
    free(base);
    free(store);
    free(winners);
    cuda_table_free(&t);
    return at;
}

/* ---- writing a table ------------------------------------------------------------------------ */

static int by_key(const void *a, const void *b)
{
    return strcmp((*(const cuda_choice *const *)a)->key, (*(const cuda_choice *const *)b)->key);
}

/* Appends to the growing text *out (*len of *cap); false on out of memory. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static bool
put(char **out, size_t *len, size_t *cap, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = *out ? vsnprintf(*out + *len, *cap - *len, fmt, ap) : -1;
        va_end(ap);
        if (n >= 0 && (size_t)n < *cap - *len) {
            *len += (size_t)n;
            return true;
        }
        size_t bigger = (*cap ? *cap : 1024) * 2 + (n > 0 ? (size_t)n : 0);
        char *grown = realloc(*out, bigger);
        if (!grown)
            return false;
        *out = grown;
        *cap = bigger;
    }
}

/* The header: what a tuner made from the table alone needs (tc_autotune_create_from_tables). */
static bool put_header(tc_autotuner *at, char **out, size_t *len, size_t *cap)
{
    bool ok = put(out, len, cap, CUDA_TABLE_MAGIC "\nkernel %s\n", at->k->name);
    if (ok && at->rt->arch > 0)
        ok = put(out, len, cap, "arch %d\n", at->rt->arch);
    ok = ok && put(out, len, cap, "base %s\nkey", at->base->config_text);
    for (int i = 0; ok && i < at->nkey; i++)
        ok = put(out, len, cap, " %s", at->params[at->key_index[i]].name);
    ok = ok && put(out, len, cap, "\n");
    for (int i = 0; ok && i < at->nconfigs; i++) {
        char text[TCR_OPTIONS_TEXT];
        cuda_table_options_text(&at->cand[i].opts, text, sizeof text);
        ok = put(out, len, cap, "config %s | %s\n", at->cand[i].set, text);
    }
    const char *lists[2] = {"reset_to_zero", "restore_value"};
    const int counts[2] = {at->nreset, at->nrestore}, *index[2] = {at->reset_index, at->restore_index};
    for (int l = 0; ok && l < 2; l++) {
        if (!counts[l])
            continue;
        ok = put(out, len, cap, "%s", lists[l]);
        for (int i = 0; ok && i < counts[l]; i++)
            ok = put(out, len, cap, " %s", at->params[index[l][i]].name);
        ok = ok && put(out, len, cap, "\n");
    }
    return ok && put(out, len, cap, "# KEY | CONFIG | OPTIONS | MS | SPECS\n");
}

bool tc_autotune_write_table_at(tl_site site, tc_autotuner *at, const char *path)
{
    if (!at || !cuda_ready(at->rt, site))
        return false;
    if (!path) {
        cuda_fail(at->rt, site, "no path to write the table to");
        return false;
    }
    pthread_mutex_lock(&at->rt->lock);
    size_t n = 0;
    for (cuda_choice *c = atomic_load(&at->choices); c; c = atomic_load(&c->next))
        n++;
    cuda_choice **sorted = calloc(n ? n : 1, sizeof *sorted);
    size_t i = 0;
    for (cuda_choice *c = atomic_load(&at->choices); sorted && c; c = atomic_load(&c->next))
        sorted[i++] = c;
    pthread_mutex_unlock(&at->rt->lock);
    char *out = NULL;
    size_t len = 0, cap = 0;
    bool ok = sorted && put_header(at, &out, &len, &cap);
    if (ok)
        qsort(sorted, n, sizeof *sorted, by_key);
    for (i = 0; ok && i < n; i++) {
        const cuda_candidate *cand = &at->cand[sorted[i]->best];
        char text[TCR_OPTIONS_TEXT];
        cuda_table_options_text(&cand->opts, text, sizeof text);
        ok = put(&out, &len, &cap, "%s | %s | %s | %.6g", sorted[i]->key, cand->set, text, sorted[i]->ms) &&
            put(&out, &len, &cap, "%s%s\n", *sorted[i]->specs ? " | " : "", sorted[i]->specs);
    }
    if (!ok) {
        free(sorted);
        free(out);
        cuda_fail(at->rt, site, "out of memory");
        return false;
    }
    char *err = NULL;
    ok = compile_write_file_atomic(path, out, len, &err);
    if (!ok)
        cuda_fail(at->rt, site, "cannot write autotune table %s: %s", path, err ? err : "I/O error");
    free(err);
    free(out);
    free(sorted);
    return ok;
}
