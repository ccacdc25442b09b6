/* A hash index from 64-bit hashes to item numbers (open addressing, linear probing, at most
 * half full), for the builder's lookups that must not grow with the kernel: argument names,
 * pooled constants. The caller hashes its keys and checks equality on the items found. */
#include <stdlib.h>
#include <string.h>

#include "builder/builder_internal.h"
#include "base/alloc.h"


/* The 32 bits of a key's hash that the index keeps. */
static uint32_t kept_hash(uint64_t hash) { return (uint32_t)builder_hash_mix(hash); }

static size_t slot_of(const builder_index *ix, uint32_t kept) { return (size_t)kept & ((size_t)ix->cap - 1); }

/* Puts item under the kept hash (there is room). */
static void put_kept(builder_index *ix, uint32_t kept, int item)
{
    size_t mask = (size_t)ix->cap - 1, at = slot_of(ix, kept);
    while (ix->slots[at].item)
        at = (at + 1) & mask;
    ix->slots[at] = (builder_index_slot){kept, item + 1};
}

bool builder_index_reserve(builder_index *ix, int n)
{
    if (2 * n <= ix->cap)
        return true;
    int cap = ix->cap ? ix->cap * 2 : 64;
    while (cap < 2 * n)
        cap *= 2;
    /* Outside the arena, freed when replaced: a table that doubled its way to 2^k slots left
     * 2^k more behind in the arena, memory every later lookup paid for in cache misses. */
    builder_index_slot *grown = base_big_calloc((size_t)cap, sizeof(*grown));
    if (!grown)
        return false;
    builder_index old = *ix;
    ix->slots = grown;
    ix->cap = cap;
    for (int i = 0; i < old.cap; i++)
        if (old.slots[i].item)
            put_kept(ix, old.slots[i].hash, old.slots[i].item - 1);
    base_big_free(old.slots, sizeof(*old.slots) * (size_t)old.cap);
    return true;
}

void builder_index_free(builder_index *ix)
{
    base_big_free(ix->slots, sizeof(*ix->slots) * (size_t)ix->cap);
    *ix = (builder_index){NULL, 0};
}

void builder_index_put(builder_index *ix, uint64_t hash, int item) { put_kept(ix, kept_hash(hash), item); }

int builder_index_next(const builder_index *ix, uint64_t hash, builder_index_cursor *c)
{
    if (!ix->cap)
        return -1;
    size_t mask = (size_t)ix->cap - 1;
    if (!c->started) {
        c->kept = kept_hash(hash);
        c->at = slot_of(ix, c->kept);
        c->started = true;
    } else {
        c->at = (c->at + 1) & mask;
    }
    for (; ix->slots[c->at].item; c->at = (c->at + 1) & mask)
        if (ix->slots[c->at].hash == c->kept)
            return ix->slots[c->at].item - 1;
    return -1;
}
