/* tritonc/nccl.h - collectives between the devices of one process through NCCL (prefix tc_),
 * library tritonc_cuda.
 *
 * NCCL is opened with dlopen (libnccl.so.2, or $TRITONC_LIBNCCL) when a communicator is made,
 * as the runtime opens the CUDA driver: nothing of NCCL is needed to build, and a machine
 * without it gets one clear error naming the library and what to install. One process drives
 * every device (ncclCommInitAll): rank r of a communicator is devices[r].
 *
 *     tc_runtime *rt = tc_runtime_create(NULL);
 *     int n = tc_device_count(rt);
 *     tc_comm *comm = tc_comm_create(rt, n, NULL);          // devices 0 .. n-1
 *     tc_deviceptr buf[8];
 *     tc_stream streams[8];
 *     for (int r = 0; r < n; r++) {
 *         tc_set_device(rt, r);
 *         buf[r] = tc_alloc(rt, count * 4);
 *         streams[r] = tc_stream_create(rt);
 *     }
 *     tc_all_reduce(comm, buf, buf, count, TL_F32, TC_REDUCE_SUM, streams);   // in place
 *     tc_comm_destroy(comm);
 *
 * The collectives over all ranks are called from one thread and given one buffer and one
 * stream per rank (arrays of tc_comm_size entries; streams NULL: each device's NULL stream).
 * They wrap the ranks' NCCL calls in ncclGroupStart / ncclGroupEnd, each rank's call made with
 * its device current, and leave the calling thread's current context as it was. Like NCCL's,
 * they return once the work is queued on the streams: synchronize a stream (or its context)
 * before reading the result on the host. The per-rank forms (tc_all_reduce_rank...) are for one
 * thread per device: every rank's thread calls the same collective, in the same order.
 *
 * Arguments are checked before NCCL is called, each misuse one error naming the call's C line:
 * NULL arrays or buffers (a buffer may be 0 only when count is 0), a dtype a reduction cannot
 * take (NCCL reduces int8, uint8, int32, uint32, int64, uint64, float16, bfloat16, float32 and
 * float64; all-gather and all-to-all move any dtype, as bytes when NCCL has no type for it), an
 * unknown reduction, a count whose bytes overflow, a rank out of range, a stream of another
 * device than its rank's, and a buffer allocated on another device than its rank's (both as far
 * as the driver tells). A collective of count 0 does nothing.
 *
 * A failing NCCL call is recorded on the runtime with the NCCL function, the rank and device,
 * and NCCL's error ("ncclUnhandledCudaError (1: unhandled cuda error)"); the communicator is
 * then broken: its NCCL communicators are aborted (ncclCommAbort; the per-rank forms abort the
 * failing rank's, tc_comm_destroy the others) and every later collective on it is refused,
 * naming the call that broke it. Create another one.
 *
 * Each tc_x(...) macro calls tc_x_at with the caller's file and line.
 */
#ifndef TRITONC_NCCL_H
#define TRITONC_NCCL_H

#include <stdbool.h>
#include <stddef.h>

#include "tritonc/cuda.h"
#include "tritonc/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The environment variable naming the NCCL library to open instead of libnccl.so.2. */
#define TC_LIBNCCL_ENV "TRITONC_LIBNCCL"

typedef struct tc_comm tc_comm;

/* The reductions (NCCL's ncclSum, ncclProd, ncclMax, ncclMin, ncclAvg, in its numbering). */
typedef enum tc_reduce_op {
    TC_REDUCE_SUM = 0,
    TC_REDUCE_PROD = 1,
    TC_REDUCE_MAX = 2,
    TC_REDUCE_MIN = 3,
    TC_REDUCE_AVG = 4
} tc_reduce_op;

/* A communicator over ndev devices of rt's machine, rank r on devices[r] (NULL: devices 0 ..
 * ndev-1), made by ncclCommInitAll. Each device must exist, appear once and have the runtime's
 * compute capability (tc_set_device's rule); its primary context is retained by the runtime. The
 * calling thread's current context is left as it was. NULL on error, recorded on rt: a bad
 * device list, NCCL missing (the message names the library and what to install), older than
 * 2.10 or missing a function, ncclCommInitAll failing. The runtime owns it: tc_runtime_destroy
 * destroys one left alive. */
TRITONC_API tc_comm *tc_comm_create_at(tl_site site, tc_runtime *rt, int ndev, const int *devices);
#define tc_comm_create(...) tc_comm_create_at(TL_SITE("tc_comm_create"), __VA_ARGS__)
/* Destroys each rank's NCCL communicator (ncclCommDestroy, which waits for its work; aborts
 * them if the communicator is broken) and frees comm. Call it when no collective on it is being
 * called on another thread. NULL is a no-op. */
TRITONC_API void tc_comm_destroy(tc_comm *comm);
/* The number of ranks; 0 for NULL. */
TRITONC_API int tc_comm_size(const tc_comm *comm);
/* The device of rank `rank`; -1 for NULL or a rank out of range. */
TRITONC_API int tc_comm_device(const tc_comm *comm, int rank);
/* True once a collective on comm failed (and for NULL): every later one is refused. */
TRITONC_API bool tc_comm_broken(const tc_comm *comm);
/* NCCL's version as it reports it (22105 for 2.21.5); 0 for NULL. */
TRITONC_API int tc_comm_nccl_version(const tc_comm *comm);

/* ---- the collectives over all ranks, from one thread ------------------------------------------ */

/* Every rank's recv[r] gets the reduction (op) over the ranks of their send buffers, count
 * elements of dtype each. send[r] == recv[r] reduces in place. */
TRITONC_API bool tc_all_reduce_at(tl_site site, tc_comm *comm, const tc_deviceptr *send, const tc_deviceptr *recv,
                                  size_t count, tl_dtype dtype, tc_reduce_op op, const tc_stream *streams);
#define tc_all_reduce(...) tc_all_reduce_at(TL_SITE("tc_all_reduce"), __VA_ARGS__)
/* Every rank's recv[r] (count * size elements) gets each rank i's send[i] (count elements) at
 * element i * count. */
TRITONC_API bool tc_all_gather_at(tl_site site, tc_comm *comm, const tc_deviceptr *send, const tc_deviceptr *recv,
                                  size_t count, tl_dtype dtype, const tc_stream *streams);
#define tc_all_gather(...) tc_all_gather_at(TL_SITE("tc_all_gather"), __VA_ARGS__)
/* Rank r's recv[r] (count elements) gets block r of the reduction (op) of the ranks' send
 * buffers (count * size elements each). */
TRITONC_API bool tc_reduce_scatter_at(tl_site site, tc_comm *comm, const tc_deviceptr *send, const tc_deviceptr *recv,
                                      size_t count, tl_dtype dtype, tc_reduce_op op, const tc_stream *streams);
#define tc_reduce_scatter(...) tc_reduce_scatter_at(TL_SITE("tc_reduce_scatter"), __VA_ARGS__)
/* Rank r sends block j of send[r] (count elements at element j * count) to rank j, which puts
 * it at block r of its recv; every buffer holds count * size elements. Made of grouped ncclSend
 * and ncclRecv (one of each per pair of ranks, a rank's own block included), as torch does. */
TRITONC_API bool tc_all_to_all_at(tl_site site, tc_comm *comm, const tc_deviceptr *send, const tc_deviceptr *recv,
                                  size_t count, tl_dtype dtype, const tc_stream *streams);
#define tc_all_to_all(...) tc_all_to_all_at(TL_SITE("tc_all_to_all"), __VA_ARGS__)

/* ---- the same for one rank, from one thread per device ------------------------------------------ */

/* Rank `rank`'s part of the collective of the same name: one buffer and one stream; made with
 * the rank's device current, the calling thread's context left as it was. Every rank must call
 * it (each from its own thread: NCCL waits for the others), in the same order. */
TRITONC_API bool tc_all_reduce_rank_at(tl_site site, tc_comm *comm, int rank, tc_deviceptr send, tc_deviceptr recv,
                                       size_t count, tl_dtype dtype, tc_reduce_op op, tc_stream stream);
#define tc_all_reduce_rank(...) tc_all_reduce_rank_at(TL_SITE("tc_all_reduce_rank"), __VA_ARGS__)
TRITONC_API bool tc_all_gather_rank_at(tl_site site, tc_comm *comm, int rank, tc_deviceptr send, tc_deviceptr recv,
                                       size_t count, tl_dtype dtype, tc_stream stream);
#define tc_all_gather_rank(...) tc_all_gather_rank_at(TL_SITE("tc_all_gather_rank"), __VA_ARGS__)
TRITONC_API bool tc_reduce_scatter_rank_at(tl_site site, tc_comm *comm, int rank, tc_deviceptr send, tc_deviceptr recv,
                                           size_t count, tl_dtype dtype, tc_reduce_op op, tc_stream stream);
#define tc_reduce_scatter_rank(...) tc_reduce_scatter_rank_at(TL_SITE("tc_reduce_scatter_rank"), __VA_ARGS__)
TRITONC_API bool tc_all_to_all_rank_at(tl_site site, tc_comm *comm, int rank, tc_deviceptr send, tc_deviceptr recv,
                                       size_t count, tl_dtype dtype, tc_stream stream);
#define tc_all_to_all_rank(...) tc_all_to_all_rank_at(TL_SITE("tc_all_to_all_rank"), __VA_ARGS__)

#ifdef __cplusplus
}
#endif
#endif
