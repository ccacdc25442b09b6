/* Private: a hash index from 64-bit hashes to item numbers (src/builder/builder_index.c), for the
 * builder's argument names and the order engine's constant pool. */
#ifndef TRITONC_BUILDER_INDEX_H
#define TRITONC_BUILDER_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tritonc/ir.h"

/* 8 bytes, so that a big kernel's index (100,000 constants: 256K slots) is half the memory to
 * zero and to miss in: the slot keeps 32 bits of the mixed hash, which pick the slot and are
 * compared (other keys with those 32 bits are the caller's to tell apart, as with any hash). */
typedef struct builder_index_slot {
    uint32_t hash; /* the low half of builder_hash_mix(hash) */
    int32_t item; /* the item + 1; 0: an empty slot */
} builder_index_slot;
typedef struct builder_index {
    builder_index_slot *slots;
    int cap; /* a power of two (0: no index yet) */
} builder_index;
/* A 64-bit hash whose every bit depends on every bit of h (for masking to a table's size).
 * Inline: the builder hashes a block or a constant several times per op. */
static inline uint64_t builder_hash_mix(uint64_t h)
{
    /* MurmurHash3's 64-bit finalizer: every input bit reaches the low bits a mask keeps */
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdu;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53u;
    h ^= h >> 33;
    return h;
}
/* Room for n items (the index at most half full); false when out of memory. The slots live
 * outside the arena: builder_index_free them. */
bool builder_index_reserve(builder_index *ix, int n);
/* Frees the slots (the index is empty again). */
void builder_index_free(builder_index *ix);
/* Adds item under hash (there is room: builder_index_reserve first). */
void builder_index_put(builder_index *ix, uint64_t hash, int item);
/* A walk over the items under one hash: start it zeroed ({0}). */
typedef struct builder_index_cursor {
    size_t at;
    uint32_t kept; /* the hash's kept bits, worked out at the first step */
    bool started;
} builder_index_cursor;
/* The items under hash, one per call (the same hash and cursor each time); -1 after the last.
 * The caller compares keys: different keys can share a hash. */
int builder_index_next(const builder_index *ix, uint64_t hash, builder_index_cursor *c);

#endif
