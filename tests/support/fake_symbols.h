/* Binding a test double's functions by name: the tests of the CUDA runtime reach the fake
 * driver's counters and switches (fake_cuda_reset, fake_cuda_log, ...) through the same shared
 * object the runtime opens, with dlsym. */
#ifndef TRITONC_TESTS_FAKE_SYMBOLS_H
#define TRITONC_TESTS_FAKE_SYMBOLS_H

#include <dlfcn.h>
#include <string.h>

/* Stores dl's symbol `name` into the function pointer at fn_ptr (size bytes); fails the test
 * (cmocka's fail_msg) when the double has no such symbol. */
static inline void fake_bind(void *dl, const char *name, void *fn_ptr, size_t size)
{
    void *sym = dlsym(dl, name);
    if (!sym)
        fail_msg("the test double has no %s", name);
    memcpy(fn_ptr, &sym, size);
}
#define BIND(dl, var, name) fake_bind((dl), (name), &(var), sizeof(var))

#endif
