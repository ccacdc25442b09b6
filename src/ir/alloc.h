/* Private: the library's allocation functions (src/ir/alloc.c). Every malloc, calloc and
 * realloc of the library goes through these, so that the hook of tcir_set_alloc_hook sees
 * them all; memory they return is released with free(). */
#ifndef TRITONC_IR_ALLOC_H
#define TRITONC_IR_ALLOC_H

#include "tritonc/ir.h"

/* The hook and its argument (alloc.c): NULL when none is set. */
extern tcir_alloc_hook tcir_alloc_hook_fn;
extern void *tcir_alloc_hook_user;

/* False when the hook refuses an allocation of size bytes (always true without a hook).
 * Inline: the arena asks it for every request. */
static inline bool tcir_may_allocate(size_t size)
{
    return !tcir_alloc_hook_fn || tcir_alloc_hook_fn(size, tcir_alloc_hook_user);
}
/* malloc, calloc and realloc behind the hook: NULL when it refuses or the system has no memory. */
void *tcir_sys_malloc(size_t size);
void *tcir_sys_calloc(size_t n, size_t size);
void *tcir_sys_realloc(void *p, size_t size);
/* malloc behind the hook for one of the arena's big chunks: from 2 MiB on, on Linux, aligned to
 * and advised for transparent huge pages (TCIR_ARENA_HUGEPAGES=0 turns that off), since a big
 * kernel's passes walk tens of megabytes and 4 KiB pages run out of TLB entries. */
void *tcir_sys_malloc_chunk(size_t size);
/* A malloc'd copy of s behind the hook; NULL for NULL or when memory runs out. */
char *tcir_sys_strdup(const char *s);

#endif
