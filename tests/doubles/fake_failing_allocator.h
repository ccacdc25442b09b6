/* A test double of the system allocator for tcir_set_alloc_hook (ir.h), shared by the
 * allocation sweep (test_alloc_sweep.c) and the fuzzer (fuzz/fuzz_api.c): counts allocations
 * and refuses the fail_at-th (0: none), or every one from fail_at on when from_then_on. */
#ifndef TRITONC_TEST_FAKE_FAILING_ALLOCATOR_H
#define TRITONC_TEST_FAKE_FAILING_ALLOCATOR_H

#include <stdbool.h>
#include <stddef.h>

typedef struct fake_failing_allocator {
    unsigned long count, fail_at;
    bool from_then_on;
} fake_failing_allocator;

static inline bool fake_failing_allocator_hook(size_t size, void *user)
{
    (void)size;
    fake_failing_allocator *a = user;
    a->count++;
    return a->fail_at == 0 || (a->from_then_on ? a->count < a->fail_at : a->count != a->fail_at);
}

#endif
