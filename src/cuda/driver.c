/* Opening the CUDA driver with dlopen: no link against CUDA when tritonc is built. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/driver.h"

bool cuda_driver_open(cuda_driver *d, const char *path, char *why, size_t size)
{
    memset(d, 0, sizeof *d);
    if (!path) {
        const char *env = getenv(TC_LIBCUDA_ENV);
        path = env && *env ? env : TC_LIBCUDA_DEFAULT;
    }
    d->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!d->dl) {
        const char *e = dlerror();
        snprintf(why, size, "cannot load the CUDA driver '%s' (no NVIDIA driver on this machine?): %s", path,
                 e ? e : "dlopen failed");
        return false;
    }
    void *sym;
#define TC_DRIVER_RESOLVE(name, symbol, params)                                                                        \
    sym = dlsym(d->dl, symbol);                                                                                        \
    if (!sym) {                                                                                                        \
        snprintf(why, size, "the CUDA driver '%s' has no function %s (a driver older than CUDA 12?)", path, symbol);   \
        cuda_driver_close(d);                                                                                          \
        return false;                                                                                                  \
    }                                                                                                                  \
    /* dlsym gives a data pointer; POSIX guarantees it converts to the function's. */                                  \
    memcpy(&d->name, &sym, sizeof d->name);
    TCU_FUNCTIONS(TC_DRIVER_RESOLVE)
#undef TC_DRIVER_RESOLVE
    return true;
}

void cuda_driver_close(cuda_driver *d)
{
    if (d && d->dl)
        dlclose(d->dl);
    if (d)
        memset(d, 0, sizeof *d);
}

const char *cuda_driver_error_text(const cuda_driver *d, tcu_result r, char *buf, size_t size)
{
    const char *name = NULL, *text = NULL;
    if (d && d->get_error_name && d->get_error_name(r, &name) != TCU_SUCCESS)
        name = NULL;
    if (d && d->get_error_string && d->get_error_string(r, &text) != TCU_SUCCESS)
        text = NULL;
    snprintf(buf, size, "%s (%d: %s)", name ? name : "CUDA_ERROR_?", r, text ? text : "unknown error");
    return buf;
}
