/* Private: the library's allocation functions (src/base/alloc.c). Every malloc, calloc and
 * realloc of the library goes through these, so that the hook of tcir_set_alloc_hook sees
 * them all; memory they return is released with free().
 *
 * The hook and the cache of big chunks are process-wide state, and libtritonc holds the only
 * copy of it. The libraries above it link their own hidden copy of src/base (its functions
 * are not exported), compiled with TRITONC_BASE_COPY: there the hook is libtritonc's, asked
 * through tcir_get_alloc_hook, and the cache of big chunks and what draws on it (the arena's
 * chunks, the big arrays) are not there: no library above libtritonc uses them. */
#ifndef TRITONC_IR_ALLOC_H
#define TRITONC_IR_ALLOC_H

#include "tritonc/ir.h"

#if defined(TRITONC_BASE_COPY)
/* False when the hook refuses an allocation of size bytes (always true without a hook). */
static inline bool base_may_allocate(size_t size)
{
    void *user;
    tcir_alloc_hook hook = tcir_get_alloc_hook(&user);
    return !hook || hook(size, user);
}
#else
/* The hook and its argument (alloc.c): NULL when none is set. */
extern tcir_alloc_hook base_alloc_hook_fn;
extern void *base_alloc_hook_user;

/* False when the hook refuses an allocation of size bytes (always true without a hook).
 * Inline: the arena asks it for every request. */
static inline bool base_may_allocate(size_t size)
{
    return !base_alloc_hook_fn || base_alloc_hook_fn(size, base_alloc_hook_user);
}
#endif
/* malloc, calloc and realloc behind the hook: NULL when it refuses or the system has no memory. */
void *base_malloc(size_t size);
void *base_calloc(size_t n, size_t size);
void *base_realloc(void *p, size_t size);
/* Advises the whole 2 MiB pages inside [p, p + size) of a malloc'd block for transparent huge
 * pages (Linux, from 4 MiB on; see TCIR_ARENA_HUGEPAGES): for the printer's text, which the
 * caller frees, so that it cannot come from the chunk cache. */
void base_advise_huge(void *p, size_t size);

#if !defined(TRITONC_BASE_COPY) /* libtritonc's alone, as the cache they share */
/* malloc behind the hook for one of the arena's (or the scratch memory's) chunks, of at least
 * size bytes; *got says how many it has (more when a cached chunk serves). From 256 KiB on,
 * a chunk freed by base_free_chunk is reused (see alloc.c); new ones of 2 MiB and more
 * are, on Linux, aligned to and advised for transparent huge pages (TCIR_ARENA_HUGEPAGES=0
 * turns that off), since a big kernel's passes walk tens of megabytes and 4 KiB pages run out
 * of TLB entries. */
void *base_malloc_chunk(size_t size, size_t *got);
/* Releases a chunk of base_malloc_chunk (size: its *got): kept for the next one while the
 * cache has room, else freed. NULL is a no-op. */
void base_free_chunk(void *p, size_t size);
/* The bytes the chunk cache holds now (for tests). */
size_t base_chunk_cache_bytes(void);
/* For the library's growable arrays that get big (the constant pool and its tables, sort
 * buffers): malloc, calloc, realloc and free behind the hook, except that from 256 KiB on the
 * memory comes from and returns to the chunk cache, so that the next big kernel finds it warm.
 * The caller gives each block's size in bytes at every call (old_size: what it held), and
 * releases it with base_big_free only. */
void *base_big_malloc(size_t size);
void *base_big_calloc(size_t n, size_t size);
void *base_big_realloc(void *p, size_t old_size, size_t size);
void base_big_free(void *p, size_t size);
#endif

/* A malloc'd copy of s behind the hook; NULL for NULL or when memory runs out. */
char *base_strdup(const char *s);

#endif
