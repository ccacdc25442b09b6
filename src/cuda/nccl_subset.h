/* The part of NCCL's C API (nccl.h) that the runtime calls, declared here so that nothing of
 * NCCL is needed to build tritonc: libnccl.so.2 is opened with dlopen when a communicator is
 * made. The values are NCCL 2's (ncclResult_t, ncclDataType_t, ncclRedOp_t); only what the
 * runtime uses is declared, with a tcn_ prefix so that this header never collides with a real
 * nccl.h included by the same program. Enum parameters are passed as int, their C ABI. */
#ifndef TRITONC_CUDA_NCCL_SUBSET_H
#define TRITONC_CUDA_NCCL_SUBSET_H

#include <stddef.h>

#include "cuda/cuda_driver_subset.h" /* tcu_stream: NCCL's cudaStream_t is the driver's CUstream */

typedef int tcn_result; /* ncclResult_t */
typedef struct tcn_comm_st *tcn_comm; /* ncclComm_t */

/* ncclResult_t */
enum {
    TCN_SUCCESS = 0,
    TCN_UNHANDLED_CUDA_ERROR = 1,
    TCN_SYSTEM_ERROR = 2,
    TCN_INTERNAL_ERROR = 3,
    TCN_INVALID_ARGUMENT = 4,
    TCN_INVALID_USAGE = 5,
    TCN_REMOTE_ERROR = 6,
    TCN_IN_PROGRESS = 7,
    TCN_TIMEOUT = 8,
};

/* ncclDataType_t */
enum {
    TCN_INT8 = 0,
    TCN_UINT8 = 1,
    TCN_INT32 = 2,
    TCN_UINT32 = 3,
    TCN_INT64 = 4,
    TCN_UINT64 = 5,
    TCN_FLOAT16 = 6,
    TCN_FLOAT32 = 7,
    TCN_FLOAT64 = 8,
    TCN_BFLOAT16 = 9,
};

/* ncclRedOp_t: the built-in ones, numbered as tc_reduce_op (tritonc/nccl.h) */
enum { TCN_SUM = 0, TCN_PROD = 1, TCN_MAX = 2, TCN_MIN = 3, TCN_AVG = 4 };

/* The oldest NCCL the runtime takes: 2.10 (bfloat16, ncclAvg), as NCCL_VERSION(2, 10, 0) codes it. */
#define TCN_MIN_VERSION 21000

/* The NCCL functions: X(member, symbol, return type, parameter list). The table in nccl_lib.c is
 * generated from this list. */
#define TCN_FUNCTIONS(X)                                                                                               \
    X(get_version, "ncclGetVersion", tcn_result, (int *version))                                                       \
    X(get_error_string, "ncclGetErrorString", const char *, (tcn_result result))                                       \
    X(comm_init_all, "ncclCommInitAll", tcn_result, (tcn_comm * comms, int ndev, const int *devices))                  \
    X(comm_destroy, "ncclCommDestroy", tcn_result, (tcn_comm comm))                                                    \
    X(comm_abort, "ncclCommAbort", tcn_result, (tcn_comm comm))                                                        \
    X(all_reduce, "ncclAllReduce", tcn_result,                                                                         \
      (const void *send, void *recv, size_t count, int dtype, int op, tcn_comm comm, tcu_stream stream))               \
    X(all_gather, "ncclAllGather", tcn_result,                                                                         \
      (const void *send, void *recv, size_t send_count, int dtype, tcn_comm comm, tcu_stream stream))                  \
    X(reduce_scatter, "ncclReduceScatter", tcn_result,                                                                 \
      (const void *send, void *recv, size_t recv_count, int dtype, int op, tcn_comm comm, tcu_stream stream))          \
    X(send, "ncclSend", tcn_result,                                                                                    \
      (const void *send, size_t count, int dtype, int peer, tcn_comm comm, tcu_stream stream))                         \
    X(recv, "ncclRecv", tcn_result, (void *recv, size_t count, int dtype, int peer, tcn_comm comm, tcu_stream stream)) \
    X(group_start, "ncclGroupStart", tcn_result, (void))                                                               \
    X(group_end, "ncclGroupEnd", tcn_result, (void))

#endif
