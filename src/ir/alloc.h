/* Private: the library's allocation functions (src/ir/alloc.c). Every malloc, calloc and
 * realloc of the library goes through these, so that the hook of tcir_set_alloc_hook sees
 * them all; memory they return is released with free(). */
#ifndef TRITONC_IR_ALLOC_H
#define TRITONC_IR_ALLOC_H

#include "tritonc/ir.h"

/* False when the hook refuses an allocation of size bytes (always true without a hook). */
bool tcir_may_allocate(size_t size);
/* malloc, calloc and realloc behind the hook: NULL when it refuses or the system has no memory. */
void *tcir_sys_malloc(size_t size);
void *tcir_sys_calloc(size_t n, size_t size);
void *tcir_sys_realloc(void *p, size_t size);

#endif
