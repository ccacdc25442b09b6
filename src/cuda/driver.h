/* The CUDA driver, opened with dlopen: its function table and the text of its errors. */
#ifndef TRITONC_CUDA_DRIVER_H
#define TRITONC_CUDA_DRIVER_H

#include <stdbool.h>

#include "cuda/cuda_driver_subset.h"

/* The environment variable naming the driver library to open instead of libcuda.so.1 (the
 * tests point it at a fake driver). */
#define TC_LIBCUDA_ENV "TRITONC_LIBCUDA"
#define TC_LIBCUDA_DEFAULT "libcuda.so.1"

typedef struct cuda_driver {
    void *dl;
#define TC_DRIVER_MEMBER(name, symbol, params) tcu_result(*name) params;
    TCU_FUNCTIONS(TC_DRIVER_MEMBER)
#undef TC_DRIVER_MEMBER
} cuda_driver;

/* Opens path (NULL: $TRITONC_LIBCUDA, else libcuda.so.1) and resolves every function. On
 * failure returns false with a one-line message in why (size bytes): the library that could
 * not be opened and dlerror's reason, or the first missing symbol. */
bool cuda_driver_open(cuda_driver *d, const char *path, char *why, size_t size);
void cuda_driver_close(cuda_driver *d);

/* "CUDA_ERROR_OUT_OF_MEMORY (2: out of memory)" into buf, for messages. */
const char *cuda_driver_error_text(const cuda_driver *d, tcu_result r, char *buf, size_t size);

#endif
