/* Every allocation of the library passes here: the system allocator behind an optional gate
 * that tests (and fuzzers) use to make any allocation fail (tcir_set_alloc_hook). */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* posix_memalign, madvise */
#endif
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "alloc.h"

#ifndef TCIR_ARENA_HUGEPAGES
#define TCIR_ARENA_HUGEPAGES 1
#endif

/* Process-wide, as malloc is: set before building, not while another thread builds. */
tcir_alloc_hook tcir_alloc_hook_fn;
void *tcir_alloc_hook_user;

void tcir_set_alloc_hook(tcir_alloc_hook hook, void *user)
{
    tcir_alloc_hook_fn = hook;
    tcir_alloc_hook_user = hook ? user : NULL;
}

void *tcir_sys_malloc(size_t size)
{
    return tcir_may_allocate(size) ? malloc(size) : NULL;
}

void *tcir_sys_malloc_chunk(size_t size)
{
    if (!tcir_may_allocate(size))
        return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE) && TCIR_ARENA_HUGEPAGES
    const size_t huge = (size_t)2 << 20;
    if (size >= huge) {
        void *p = NULL;
        if (posix_memalign(&p, huge, size) != 0)
            return NULL;
        (void)madvise(p, size & ~(huge - 1), MADV_HUGEPAGE); /* advice only: a refusal is no error */
        return p;
    }
#endif
    return malloc(size);
}

void *tcir_sys_calloc(size_t n, size_t size)
{
    return tcir_may_allocate(n * size) ? calloc(n, size) : NULL;
}

void *tcir_sys_realloc(void *p, size_t size)
{
    return tcir_may_allocate(size) ? realloc(p, size) : NULL;
}

char *tcir_sys_strdup(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = tcir_sys_malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}
