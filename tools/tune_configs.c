/* Configs files (see tune_configs.h). */
#define _POSIX_C_SOURCE 200809L
#include "tune_configs.h"

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

/* "num_warps=8,num_stages=3": into o; false when malformed. */
static bool options_of(char *text, tc_options *o)
{
    for (char *save = NULL, *f = strtok_r(text, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(f, '=');
        long long v;
        if (!eq)
            return false;
        *eq = '\0';
        const char *name = trim(f);
        if (!tl_parse_decimal(trim(eq + 1), 1, 64, &v))
            return false;
        if (strcmp(name, "num_warps") == 0 && (v & (v - 1)) == 0 && v <= 32)
            o->num_warps = (int)v;
        else if (strcmp(name, "num_stages") == 0 && v <= 16)
            o->num_stages = (int)v;
        else if (strcmp(name, "num_ctas") == 0 && v <= 16)
            o->num_ctas = (int)v;
        else
            return false;
    }
    return true;
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
                if (!options_of(bar + 1, &t->options))
                    bad = "expected CONFIG | num_warps=N,num_stages=N,num_ctas=N (warps a power of 2 to 32, "
                          "stages and ctas 1 to 16)";
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
