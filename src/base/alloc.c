/* Every allocation of the library passes here: the system allocator behind an optional gate
 * that tests (and fuzzers) use to make any allocation fail (tcir_set_alloc_hook). */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* posix_memalign, madvise */
#endif
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "base/alloc.h"

/* Under AddressSanitizer, cached chunks are poisoned (a use after tcir_context_destroy is
 * still caught) and filled with garbage when handed out again. */
#if defined(__SANITIZE_ADDRESS__)
#define TCIR_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TCIR_SANITIZED 1
#endif
#endif
#ifndef TCIR_SANITIZED
#define TCIR_SANITIZED 0
#endif
#if TCIR_SANITIZED
#include <sanitizer/asan_interface.h>
#define TCIR_POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define TCIR_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define TCIR_POISON(p, n) ((void)(p), (void)(n))
#define TCIR_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#ifndef TCIR_ARENA_HUGEPAGES
#define TCIR_ARENA_HUGEPAGES 1
#endif

#if !defined(TRITONC_BASE_COPY)
/* Process-wide, as malloc is: set before building, not while another thread builds. The only
 * copy is libtritonc's: the other libraries' copies of this file read it through
 * tcir_get_alloc_hook (alloc.h). */
tcir_alloc_hook base_alloc_hook_fn;
void *base_alloc_hook_user;

void tcir_set_alloc_hook(tcir_alloc_hook hook, void *user)
{
    base_alloc_hook_fn = hook;
    base_alloc_hook_user = hook ? user : NULL;
}

tcir_alloc_hook tcir_get_alloc_hook(void **user)
{
    if (user)
        *user = base_alloc_hook_user;
    return base_alloc_hook_fn;
}
#endif

void *base_malloc(size_t size) { return base_may_allocate(size) ? malloc(size) : NULL; }

#define HUGE_PAGE ((size_t)2 << 20)

void base_advise_huge(void *p, size_t size)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE) && TCIR_ARENA_HUGEPAGES
    if (!p || size < 2 * HUGE_PAGE)
        return;
    uintptr_t start = ((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
    uintptr_t end = ((uintptr_t)p + size) & ~(uintptr_t)(HUGE_PAGE - 1);
    if (end > start)
        (void)madvise((void *)start, end - start, MADV_HUGEPAGE); /* advice only */
#else
    (void)p;
    (void)size;
#endif
}

#if !defined(TRITONC_BASE_COPY) /* the cache is libtritonc's alone (alloc.h) */
/* ---- the cache of big chunks ------------------------------------------------------------
 * A big kernel's arena ends in chunks of tens of megabytes, and its tables in blocks of
 * megabytes. glibc maps many of those afresh (they are over its mmap threshold) and unmaps
 * them at free, so every build of a big kernel page-faulted its memory in again, while a small
 * kernel's chunks came back warm from the heap: in a process that builds many kernels
 * (autotuning, a bench), the cost per op grew with the kernel's size for that alone. So chunks of at least BIG_CHUNK bytes, once freed, wait
 * here for the next context, up to a limit (tcir_set_chunk_cache_limit); they are handed out
 * smallest fit first. A spin lock (C11 atomic_flag) guards the slots: taken a few times per
 * big kernel, never on the arena's fast path. */
enum { CACHE_SLOTS = 64 };
#define BIG_CHUNK ((size_t)256 << 10) /* glibc maps blocks from 128 KiB on (its first threshold) */
#define CACHE_LIMIT_DEFAULT ((size_t)512 << 20)

static struct {
    void *p;
    size_t size; /* 0: an empty slot */
} cache[CACHE_SLOTS];
static size_t cache_bytes, cache_limit = CACHE_LIMIT_DEFAULT;
static atomic_flag cache_lock = ATOMIC_FLAG_INIT;

static void lock_cache(void)
{
    while (atomic_flag_test_and_set_explicit(&cache_lock, memory_order_acquire))
        ;
}

static void unlock_cache(void) { atomic_flag_clear_explicit(&cache_lock, memory_order_release); }

/* A cached chunk of at least size bytes and at most twice that (its size in *got), or NULL:
 * kernels ask for the same sizes again (chunks and arrays double), and a small request must not
 * take the chunk a big one will want. */
static void *take_cached(size_t size, size_t *got)
{
    lock_cache();
    int best = -1;
    for (int i = 0; i < CACHE_SLOTS; i++)
        if (cache[i].size >= size && cache[i].size / 2 <= size && (best < 0 || cache[i].size < cache[best].size))
            best = i;
    void *p = NULL;
    if (best >= 0) {
        p = cache[best].p;
        *got = cache[best].size;
        cache_bytes -= cache[best].size;
        cache[best].size = 0;
        cache[best].p = NULL;
    }
    unlock_cache();
    if (p) {
        TCIR_UNPOISON(p, *got);
#if TCIR_SANITIZED
        memset(p, 0xA5, *got); /* what a fresh malloc may hold: no code may read it unwritten */
#endif
    }
    return p;
}

void *base_malloc_chunk(size_t size, size_t *got)
{
    *got = size;
    if (!base_may_allocate(size))
        return NULL;
    if (size >= BIG_CHUNK) {
        void *p = take_cached(size, got);
        if (p)
            return p;
    }
#if defined(__linux__) && defined(MADV_HUGEPAGE) && TCIR_ARENA_HUGEPAGES
    if (size >= HUGE_PAGE) {
        void *p = NULL;
        if (posix_memalign(&p, HUGE_PAGE, size) != 0)
            return NULL;
        (void)madvise(p, size & ~(HUGE_PAGE - 1), MADV_HUGEPAGE); /* advice only: a refusal is no error */
        return p;
    }
#endif
    return malloc(size);
}

void base_free_chunk(void *p, size_t size)
{
    if (!p)
        return;
    if (size >= BIG_CHUNK) {
        TCIR_POISON(p, size); /* before another thread can take it: a late use is then caught */
        bool kept = false;
        lock_cache();
        for (int i = 0; i < CACHE_SLOTS && !kept && size <= cache_limit - cache_bytes; i++)
            if (!cache[i].size) {
                cache[i].p = p;
                cache[i].size = size;
                cache_bytes += size;
                kept = true;
            }
        unlock_cache();
        if (kept)
            return;
        TCIR_UNPOISON(p, size);
    }
    free(p);
}

size_t base_chunk_cache_bytes(void)
{
    lock_cache();
    size_t n = cache_bytes;
    unlock_cache();
    return n;
}

void tcir_set_chunk_cache_limit(size_t bytes)
{
    struct {
        void *p;
        size_t size;
    } freed[CACHE_SLOTS];
    int n = 0;
    lock_cache();
    cache_limit = bytes;
    /* Biggest first, until what stays fits. */
    while (cache_bytes > cache_limit) {
        int big = 0;
        for (int i = 1; i < CACHE_SLOTS; i++)
            if (cache[i].size > cache[big].size)
                big = i;
        freed[n].p = cache[big].p;
        freed[n++].size = cache[big].size;
        cache_bytes -= cache[big].size;
        cache[big].size = 0;
        cache[big].p = NULL;
    }
    unlock_cache();
    while (n--) {
        TCIR_UNPOISON(freed[n].p, freed[n].size);
        free(freed[n].p);
    }
}

/* ---- growable arrays ---------------------------------------------------------------------- */

/* Ahead of a big block (one of BIG_CHUNK bytes or more, as its caller says at each call): the
 * bytes of its chunk, header included (a cached chunk may be bigger than asked). Small blocks
 * are malloc's, as they are, without a header: their sizes and malloc's work stay unchanged. */
typedef struct big_header {
    size_t size;
    _Alignas(16) unsigned char data[];
} big_header;

static bool is_big(size_t size) { return size >= BIG_CHUNK - sizeof(big_header); }

static big_header *header_of(void *p) { return (big_header *)((unsigned char *)p - offsetof(big_header, data)); }

void *base_big_malloc(size_t size)
{
    if (!is_big(size))
        return base_malloc(size);
    if (size > SIZE_MAX - sizeof(big_header))
        return NULL;
    size_t got;
    big_header *h = base_malloc_chunk(sizeof(big_header) + size, &got);
    if (!h)
        return NULL;
    h->size = got;
    return h->data;
}

void *base_big_calloc(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    if (!is_big(n * size))
        return base_calloc(n, size);
    void *p = base_big_malloc(n * size);
    return p ? memset(p, 0, n * size) : NULL;
}

void *base_big_realloc(void *p, size_t old_size, size_t size)
{
    if (!p)
        return base_big_malloc(size);
    if (!is_big(old_size) && !is_big(size))
        return base_realloc(p, size);
    void *n = base_big_malloc(size);
    if (!n)
        return NULL; /* p stays as it was, as with realloc */
    memcpy(n, p, old_size < size ? old_size : size);
    base_big_free(p, old_size);
    return n;
}

void base_big_free(void *p, size_t size)
{
    if (!p)
        return;
    if (!is_big(size)) {
        free(p);
        return;
    }
    big_header *h = header_of(p);
    base_free_chunk(h, h->size);
}

#endif

void *base_calloc(size_t n, size_t size) { return base_may_allocate(n * size) ? calloc(n, size) : NULL; }

void *base_realloc(void *p, size_t size) { return base_may_allocate(size) ? realloc(p, size) : NULL; }

char *base_strdup(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = base_malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}
