/* Configs files (see tune_configs.h). */
#define _POSIX_C_SOURCE 200809L
#include "tune_configs.h"

#include "cuda/autotune_table.h" /* the OPTIONS field, as tables write it */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *trim(char *s)
{
    s += strspn(s, " \t");
    size_t len = strlen(s);
    while (len && strchr(" \t\r", s[len - 1]))
        s[--len] = '\0';
    return s;
}

/* The names after a keyword (by spaces or commas) into names. */
static bool names_of(char *text, const char **names, int *n)
{
    for (char *save = NULL, *w = strtok_r(text, " \t,", &save); w; w = strtok_r(NULL, " \t,", &save)) {
        if (*n == TUNE_MAX_NAMES)
            return false;
        names[(*n)++] = w;
    }
    return true;
}

bool tune_configs_read(const char *path, tune_configs *c, char *why, size_t n)
{
    memset(c, 0, sizeof *c);
    FILE *f = fopen(path, "rb");
    if (!f)
        return snprintf(why, n, "cannot read configs '%s': %s", path, strerror(errno)), false;
    size_t cap = 4096, len = 0;
    c->text = malloc(cap);
    for (size_t got; c->text && (got = fread(c->text + len, 1, cap - len - 1, f)) > 0;) {
        len += got;
        if (len + 1 == cap) {
            char *bigger = realloc(c->text, cap *= 2);
            if (!bigger) {
                free(c->text);
                c->text = NULL;
            }
            c->text = bigger;
        }
    }
    fclose(f);
    if (!c->text)
        return snprintf(why, n, "out of memory"), false;
    c->text[len] = '\0';
    int line = 0;
    for (char *l = c->text, *next; l; l = next) {
        line++;
        next = strchr(l, '\n');
        if (next)
            *next++ = '\0';
        l = trim(l);
        const char *bad = NULL;
        if (!*l || *l == '#')
            continue;
        if (strncmp(l, "key ", 4) == 0 || strcmp(l, "key") == 0)
            bad = names_of(l + 3, c->key, &c->nkey) ? NULL : "too many key names";
        else if (strncmp(l, "reset_to_zero ", 14) == 0)
            bad = names_of(l + 13, c->reset, &c->nreset) ? NULL : "too many names";
        else if (strncmp(l, "restore_value ", 14) == 0)
            bad = names_of(l + 13, c->restore, &c->nrestore) ? NULL : "too many names";
        else if (c->n == TUNE_MAX_CONFIGS)
            bad = "more than 256 configs";
        else {
            char *bar = strchr(l, '|');
            tc_tune_config *t = &c->configs[c->n++];
            if (bar) {
                *bar = '\0';
                if (!cuda_table_parse_options(bar + 1, &t->options))
                    bad = "expected CONFIG | num_warps=N,num_stages=N,num_ctas=N (warps a power of 2 to 32, "
                          "stages and ctas 1 to 16), then any of maxnreg=N (to 255), enable_fp_fusion=false, "
                          "launch_pdl=true, launch_cooperative_grid=true, ptx_options=TEXT (last)";
            }
            t->set = trim(l);
        }
        if (bad)
            return snprintf(why, n, "configs %s line %d: %s", path, line, bad), false;
    }
    if (c->n == 0)
        return snprintf(why, n, "configs %s: no config", path), false;
    return true;
}

void tune_configs_free(tune_configs *c)
{
    free(c->text);
    c->text = NULL;
}
