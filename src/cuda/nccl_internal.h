/* Private to the CUDA runtime's collectives (nccl_lib.c, nccl.c): NCCL opened with dlopen, its
 * errors as text, and the communicator. */
#ifndef TRITONC_CUDA_NCCL_INTERNAL_H
#define TRITONC_CUDA_NCCL_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "cuda/nccl_subset.h"
#include "cuda/runtime_internal.h"
#include "tritonc/nccl.h"

#define TC_LIBNCCL_DEFAULT "libnccl.so.2"

/* NCCL's function table. */
typedef struct cuda_nccl {
    void *dl;
    int version; /* ncclGetVersion's code */
#define TC_NCCL_MEMBER(name, symbol, ret, params) ret(*name) params;
    TCN_FUNCTIONS(TC_NCCL_MEMBER)
#undef TC_NCCL_MEMBER
} cuda_nccl;

/* Opens $TRITONC_LIBNCCL, else libnccl.so.2, resolves every function and checks the version.
 * On failure returns false with a one-line message in why (size bytes): the library that could
 * not be opened, dlerror's reason and what to install; the first missing function; a version
 * older than 2.10. */
bool cuda_nccl_open(cuda_nccl *n, char *why, size_t size);
void cuda_nccl_close(cuda_nccl *n);
/* "ncclUnhandledCudaError (1: unhandled cuda error)" into buf, for messages. */
const char *cuda_nccl_error_text(const cuda_nccl *n, tcn_result r, char *buf, size_t size);

/* A communicator: one NCCL communicator per rank, made by ncclCommInitAll. */
struct tc_comm {
    struct tc_comm *next; /* rt->comms, under rt->lock */
    tc_runtime *rt;
    cuda_nccl nccl;
    int n;
    int *devices; /* rank -> device */
    tcu_context *ctx; /* rank -> its device's primary context (the runtime retains it) */
    tcn_comm *comms; /* rank -> NCCL's; NULL once aborted */
    atomic_int state; /* CUDA_COMM_OK, _BREAKING (broken_by being written), _BROKEN */
    char broken_by[256]; /* "its tc_all_reduce at app.c:41 failed", written once */
};
enum { CUDA_COMM_OK, CUDA_COMM_BREAKING, CUDA_COMM_BROKEN };

#endif
