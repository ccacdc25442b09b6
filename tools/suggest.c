/* "did you mean ...": the name nearest a mistyped one (see cli.h). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Levenshtein distance, a swap of two neighbours counting one (optimal string alignment). */
static size_t distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    size_t *d = malloc(sizeof *d * (n + 1) * (m + 1));
    if (!d)
        return (size_t)-1;
#define D(i, j) d[(i) * (m + 1) + (j)]
    for (size_t i = 0; i <= n; i++)
        D(i, 0) = i;
    for (size_t j = 0; j <= m; j++)
        D(0, j) = j;
    for (size_t i = 1; i <= n; i++) {
        for (size_t j = 1; j <= m; j++) {
            size_t best = D(i - 1, j - 1) + (a[i - 1] != b[j - 1]);
            if (D(i - 1, j) + 1 < best)
                best = D(i - 1, j) + 1;
            if (D(i, j - 1) + 1 < best)
                best = D(i, j - 1) + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && D(i - 2, j - 2) + 1 < best)
                best = D(i - 2, j - 2) + 1;
            D(i, j) = best;
        }
    }
    size_t r = D(n, m);
#undef D
    free(d);
    return r;
}

const char *cli_nearest(const char *name, int n, const char *const *names)
{
    /* a typo: at most one edit in three characters (and at least one allowed) */
    size_t limit = strlen(name) / 3 ? strlen(name) / 3 : 1, best = limit + 1;
    const char *near = NULL;
    for (int i = 0; i < n; i++) {
        size_t d = distance(name, names[i]);
        if (d < best) {
            best = d;
            near = names[i];
        }
    }
    return near;
}
