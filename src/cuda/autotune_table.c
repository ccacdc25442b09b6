/* Tables of winners: the best config per key tuple decided ahead of time (tuned at build time
 * by `tritonc autotune`, or committed as a file), given to a tuner at creation so that a launch
 * whose key is in the table times nothing. The text format (docs/launch.md "Tables of winners"):
 *
 *     tritonc-autotune-table 1
 *     kernel matmul
 *     # KEY | CONFIG | OPTIONS [| MS]
 *     M=4096,N=4096,K=4096;float16,float16,float16 | BLOCK_M=128,BLOCK_N=256 | num_warps=8,num_stages=3 | 0.231
 *
 * CONFIG is a candidate's `set` text as the tuner was given it, OPTIONS its num_warps,
 * num_stages and num_ctas (missing ones: Triton's defaults); MS (optional) the time it was
 * measured at. Blank lines and lines starting with '#' are skipped. An entry naming no
 * candidate of the tuner is an error: a table written for other configs is never half-used. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/autotune_internal.h"
#include "compile/compile_internal.h"

#define TCR_TABLE_MAGIC "tritonc-autotune-table 1"

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

/* "num_warps=8,num_stages=3,num_ctas=1" over Triton's defaults; false on anything else. */
static bool parse_options(char *text, tc_options *o)
{
    *o = tc_options_filled((tc_options){0});
    for (char *item = text, *next; item && *item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        char *eq = strchr(item, '=');
        if (!eq)
            return false;
        *eq = '\0';
        const char *name = trim(item);
        int *field = strcmp(name, "num_warps") == 0 ? &o->num_warps
            : strcmp(name, "num_stages") == 0       ? &o->num_stages
            : strcmp(name, "num_ctas") == 0         ? &o->num_ctas
                                                    : NULL;
        if (!field || !parse_int(trim(eq + 1), field) || *field == 0)
            return false;
    }
    return true;
}

/* The candidate an entry names, -1 when none. */
static int find_candidate(const tc_autotuner *at, const char *set, tc_options o)
{
    for (int i = 0; i < at->nconfigs; i++) {
        const tc_options *c = &at->cand[i].opts;
        if (strcmp(at->cand[i].set, set) == 0 && c->num_warps == o.num_warps && c->num_stages == o.num_stages &&
            c->num_ctas == o.num_ctas)
            return i;
    }
    return -1;
}

/* Adds the entries of one table (text, named `where` in messages). false (error recorded) when
 * it does not parse, is another kernel's, or names a config the tuner does not have. */
static bool add_table(tc_autotuner *at, tl_site site, const char *where, const char *text)
{
    char *copy = compile_format("%s", text);
    if (!copy) {
        cuda_fail(at->rt, site, "out of memory");
        return false;
    }
    bool ok = true, magic = false, kernel = false;
    int lineno = 0;
    for (char *line = copy, *next; ok && line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        lineno++;
        char *s = trim(line);
        if (!*s || *s == '#')
            continue;
        if (!magic) {
            magic = strcmp(s, TCR_TABLE_MAGIC) == 0;
            if (!magic) {
                cuda_fail(at->rt, site, "autotune table %s line %d: '%s' where '" TCR_TABLE_MAGIC "' begins a table",
                          where, lineno, s);
                ok = false;
            }
            continue;
        }
        if (!kernel) {
            kernel = strncmp(s, "kernel ", 7) == 0 && strcmp(trim(s + 7), at->k->name) == 0;
            if (!kernel) {
                cuda_fail(at->rt, site, "autotune table %s line %d: '%s' where 'kernel %s' was expected", where, lineno,
                          s, at->k->name);
                ok = false;
            }
            continue;
        }
        char *field[4] = {s, NULL, NULL, NULL};
        int nf = 1;
        for (char *bar; nf < 4 && (bar = strchr(field[nf - 1], '|')) != NULL; nf++) {
            *bar = '\0';
            field[nf] = bar + 1;
        }
        tc_options o;
        char *end = NULL;
        double ms = -1;
        bool bad_ms = false;
        if (nf >= 4) {
            errno = 0;
            ms = strtod(trim(field[3]), &end);
            bad_ms = errno || *end || !(ms >= 0);
        }
        if (nf < 3 || strchr(field[nf - 1], '|') || !parse_options(field[2], &o) || !*trim(field[0]) || bad_ms) {
            cuda_fail(at->rt, site, "autotune table %s line %d: not 'KEY | CONFIG | OPTIONS [| MS]'", where, lineno);
            ok = false;
            continue;
        }
        const char *key = trim(field[0]), *set = trim(field[1]);
        int best = find_candidate(at, set, o);
        if (best < 0) {
            cuda_fail(at->rt, site,
                      "autotune table %s line %d: config '%s' with num_warps=%d,num_stages=%d,num_ctas=%d is not one "
                      "of the %d configs kernel %s is tuned over",
                      where, lineno, set, o.num_warps, o.num_stages, o.num_ctas, at->nconfigs, at->k->name);
            ok = false;
            continue;
        }
        pthread_mutex_lock(&at->rt->lock);
        cuda_choice *c = cuda_find_choice(at, key);
        if (!c && (c = cuda_add_choice(at, key, best, ms < 0 ? 0 : ms, false)) != NULL)
            c->table = true;
        pthread_mutex_unlock(&at->rt->lock);
        if (!c) {
            cuda_fail(at->rt, site, "out of memory");
            ok = false;
        }
    }
    if (ok && !kernel)
        cuda_fail(at->rt, site, "autotune table %s: empty (no '" TCR_TABLE_MAGIC "' and 'kernel %s' lines)", where,
                  at->k->name);
    free(copy);
    return ok && kernel;
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

static int by_key(const void *a, const void *b)
{
    return strcmp((*(const cuda_choice *const *)a)->key, (*(const cuda_choice *const *)b)->key);
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
    size_t n = 0, size = 256;
    for (cuda_choice *c = atomic_load(&at->choices); c; c = atomic_load(&c->next)) {
        n++;
        size += strlen(c->key) + strlen(at->cand[c->best].set) + 128;
    }
    cuda_choice **sorted = calloc(n ? n : 1, sizeof *sorted);
    char *out = malloc(size);
    size_t i = 0, len = 0;
    for (cuda_choice *c = atomic_load(&at->choices); sorted && c; c = atomic_load(&c->next))
        sorted[i++] = c;
    pthread_mutex_unlock(&at->rt->lock);
    if (!sorted || !out) {
        free(sorted);
        free(out);
        cuda_fail(at->rt, site, "out of memory");
        return false;
    }
    qsort(sorted, n, sizeof *sorted, by_key);
    len += (size_t)snprintf(out, size, TCR_TABLE_MAGIC "\nkernel %s\n# KEY | CONFIG | OPTIONS | MS\n", at->k->name);
    for (i = 0; i < n; i++) {
        const cuda_candidate *cand = &at->cand[sorted[i]->best];
        len += (size_t)snprintf(out + len, size - len, "%s | %s | num_warps=%d,num_stages=%d,num_ctas=%d | %.6g\n",
                                sorted[i]->key, cand->set, cand->opts.num_warps, cand->opts.num_stages,
                                cand->opts.num_ctas, sorted[i]->ms);
    }
    char *err = NULL;
    bool ok = compile_write_file_atomic(path, out, len, &err);
    if (!ok)
        cuda_fail(at->rt, site, "cannot write autotune table %s: %s", path, err ? err : "I/O error");
    free(err);
    free(out);
    free(sorted);
    return ok;
}
