/* Scratch memory and pointer maps of one tcir_print or tcir_verify call. */
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "ir/print/print_internal.h"

struct print_scratch_chunk {
    struct print_scratch_chunk *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
};

enum { SCRATCH_FIRST_CHUNK = 16 * 1024 }; /* what printing a small kernel needs */

void *print_scratch_alloc(print_scratch *s, size_t size)
{
    if (s->oom || size > SIZE_MAX / 2 || !base_may_allocate(size)) { /* the hook sees every request */
        s->oom = true;
        return NULL;
    }
    size = (size + 15) & ~(size_t)15;
    print_scratch_chunk *c = s->chunks;
    if (!c || c->size - c->used < size) {
        size_t want = c ? c->size * 2 : SCRATCH_FIRST_CHUNK;
        if (want < size)
            want = size;
        size_t got;
        print_scratch_chunk *n = base_malloc_chunk(sizeof *n + want, &got);
        if (!n) {
            s->oom = true;
            return NULL;
        }
        n->next = c;
        n->size = got - sizeof *n;
        n->used = 0;
        s->chunks = c = n;
    }
    void *p = c->data + c->used;
    c->used += size;
    return p;
}

bool print_scratch_grow(print_scratch *s, void **arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return true;
    size_t c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    void *n = print_scratch_alloc(s, c * elem);
    if (!n)
        return false;
    if (*cap)
        memcpy(n, *arr, *cap * elem); /* the old space is reclaimed with the rest */
    *arr = n;
    *cap = c;
    return true;
}

void print_scratch_free(print_scratch *s)
{
    for (print_scratch_chunk *c = s->chunks, *next; c; c = next) {
        next = c->next;
        base_free_chunk(c, sizeof *c + c->size);
    }
    s->chunks = NULL;
}

/* ---- pointer maps ---------------------------------------------------------------------- */

static bool pmap_grow(print_scratch *s, print_pmap *m)
{
    size_t cap = m->cap ? m->cap * 2 : 64;
    print_pmap_slot *slots = print_scratch_alloc(s, cap * sizeof *slots);
    if (!slots)
        return false;
    memset(slots, 0, cap * sizeof *slots);
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->slots[i].key)
            continue;
        size_t j = print_pmap_hash(m->slots[i].key, cap - 1);
        while (slots[j].key)
            j = (j + 1) & (cap - 1);
        slots[j] = m->slots[i];
    }
    m->slots = slots;
    m->cap = cap;
    return true;
}

void print_pmap_put(print_scratch *s, print_pmap *m, const void *key, int32_t val)
{
    if ((m->count + 1) * 2 > m->cap && !pmap_grow(s, m))
        return;
    size_t mask = m->cap - 1, i = print_pmap_hash(key, mask);
    while (m->slots[i].key && m->slots[i].key != key)
        i = (i + 1) & mask;
    if (!m->slots[i].key) {
        m->slots[i].key = key;
        m->count++;
    }
    m->slots[i].val = val;
}

/* ---- serial maps ----------------------------------------------------------------------- */

void print_smap_put_slow(print_scratch *s, print_smap *m, uint32_t serial, const void *key, int32_t val)
{
    if (!serial) {
        print_pmap_put(s, &m->spill, key, val);
        return;
    }
    if (serial >= m->cap) {
        size_t cap = m->cap ? m->cap : 64;
        while (cap <= serial)
            cap *= 2;
        uint32_t *slots = print_scratch_alloc(s, cap * sizeof *slots);
        if (!slots)
            return;
        if (m->cap)
            memcpy(slots, m->slots, m->cap * sizeof *slots);
        memset(slots + m->cap, 0, (cap - m->cap) * sizeof *slots);
        m->slots = slots;
        m->cap = cap;
    }
    m->slots[serial] = (uint32_t)val + 1;
}
