/* Every allocation of the library passes here: the system allocator behind an optional gate
 * that tests (and fuzzers) use to make any allocation fail (tcir_set_alloc_hook). */
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

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
