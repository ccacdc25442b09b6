/* A pointer-keyed open-addressing map: the interpreter numbers the IR values of a function
 * (their slots) and records each op's handler once, at tc_interp_create. */
#include <stdlib.h>

#include "base/alloc.h"
#include "interp/interp_internal.h"

static size_t hash(const void *p, size_t cap)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x & (cap - 1);
}

static bool grow(interp_map *m)
{
    size_t cap = m->cap ? m->cap * 2 : 256;
    const void **keys = base_calloc(cap, sizeof *keys);
    int *vals = base_calloc(cap, sizeof *vals);
    if (!keys || !vals) {
        free(keys);
        free(vals);
        return false;
    }
    for (size_t i = 0; i < m->cap; i++)
        if (m->keys[i]) {
            size_t h = hash(m->keys[i], cap);
            while (keys[h])
                h = (h + 1) & (cap - 1);
            keys[h] = m->keys[i];
            vals[h] = m->vals[i];
        }
    free(m->keys);
    free(m->vals);
    m->keys = keys;
    m->vals = vals;
    m->cap = cap;
    return true;
}

bool interp_map_put(interp_map *m, const void *key, int val)
{
    if ((m->count + 1) * 2 > m->cap && !grow(m))
        return false;
    size_t h = hash(key, m->cap);
    while (m->keys[h] && m->keys[h] != key)
        h = (h + 1) & (m->cap - 1);
    if (!m->keys[h])
        m->count++;
    m->keys[h] = key;
    m->vals[h] = val;
    return true;
}

int interp_map_get(const interp_map *m, const void *key)
{
    if (!m->cap || !key)
        return -1;
    size_t h = hash(key, m->cap);
    while (m->keys[h]) {
        if (m->keys[h] == key)
            return m->vals[h];
        h = (h + 1) & (m->cap - 1);
    }
    return -1;
}

void interp_map_free(interp_map *m)
{
    free(m->keys);
    free(m->vals);
    *m = (interp_map){0};
}
