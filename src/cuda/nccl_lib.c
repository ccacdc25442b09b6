/* Opening NCCL with dlopen, as driver.c opens the CUDA driver: no link against NCCL when tritonc
 * is built, and a machine without it gets one message saying what to install. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/nccl_internal.h"

/* NCCL_VERSION's code as major, minor, patch: X*1000+Y*100+Z up to 2.8, X*10000+Y*100+Z after. */
static void version_parts(int code, int *major, int *minor, int *patch)
{
    int big = code >= 10000 ? 10000 : 1000;
    *major = code / big;
    *minor = code % big / 100;
    *patch = code % 100;
}

bool cuda_nccl_open(cuda_nccl *n, char *why, size_t size)
{
    memset(n, 0, sizeof *n);
    const char *env = getenv(TC_LIBNCCL_ENV);
    const char *path = env && *env ? env : TC_LIBNCCL_DEFAULT;
    n->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!n->dl) {
        const char *e = dlerror();
        snprintf(why, size,
                 "cannot load NCCL '%s' (%s): collectives need NCCL 2.10 or newer; install it (the libnccl2 package "
                 "of NVIDIA's CUDA repository, or `pip install nvidia-nccl-cu12` and $" TC_LIBNCCL_ENV
                 " naming its nvidia/nccl/lib/libnccl.so.2)",
                 path, e ? e : "dlopen failed");
        return false;
    }
    void *sym;
#define TC_NCCL_RESOLVE(name, symbol, ret, params)                                                                     \
    sym = dlsym(n->dl, symbol);                                                                                        \
    if (!sym) {                                                                                                        \
        snprintf(why, size, "NCCL '%s' has no function %s (collectives need NCCL 2.10 or newer)", path, symbol);       \
        cuda_nccl_close(n);                                                                                            \
        return false;                                                                                                  \
    }                                                                                                                  \
    /* dlsym gives a data pointer; POSIX guarantees it converts to the function's. */                                  \
    memcpy(&n->name, &sym, sizeof n->name);
    TCN_FUNCTIONS(TC_NCCL_RESOLVE)
#undef TC_NCCL_RESOLVE
    tcn_result r = n->get_version(&n->version);
    if (r != TCN_SUCCESS || n->version < TCN_MIN_VERSION) {
        int major, minor, patch;
        version_parts(n->version, &major, &minor, &patch);
        if (r != TCN_SUCCESS)
            snprintf(why, size, "NCCL '%s': ncclGetVersion failed (%d)", path, r);
        else
            snprintf(why, size, "NCCL '%s' is version %d.%d.%d: collectives need NCCL 2.10 or newer", path, major,
                     minor, patch);
        cuda_nccl_close(n);
        return false;
    }
    return true;
}

void cuda_nccl_close(cuda_nccl *n)
{
    if (n && n->dl)
        dlclose(n->dl);
    if (n)
        memset(n, 0, sizeof *n);
}

const char *cuda_nccl_error_text(const cuda_nccl *n, tcn_result r, char *buf, size_t size)
{
    static const char *const names[] = {"ncclSuccess",       "ncclUnhandledCudaError", "ncclSystemError",
                                        "ncclInternalError", "ncclInvalidArgument",    "ncclInvalidUsage",
                                        "ncclRemoteError",   "ncclInProgress",         "ncclTimeout"};
    const char *name = r >= 0 && r < (int)(sizeof names / sizeof names[0]) ? names[r] : "ncclResult?";
    const char *text = n && n->get_error_string ? n->get_error_string(r) : NULL;
    snprintf(buf, size, "%s (%d: %s)", name, r, text ? text : "unknown error");
    return buf;
}
