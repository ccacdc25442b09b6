/* Collectives between the devices of one process through NCCL: communicators made by
 * ncclCommInitAll, the four collectives over all ranks from one thread (grouped, each rank's
 * call with its device current) and per rank, their argument checks, and a communicator broken
 * by a failure. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/nccl_internal.h"

typedef enum cuda_coll { CUDA_ALL_REDUCE, CUDA_ALL_GATHER, CUDA_REDUCE_SCATTER, CUDA_ALL_TO_ALL } cuda_coll;

static const struct {
    const char *what; /* for messages */
    bool reduces;
} colls[] = {{"all-reduce", true}, {"all-gather", false}, {"reduce-scatter", true}, {"all-to-all", false}};

/* One collective call, worked out from its arguments. */
typedef struct coll_call {
    cuda_coll kind;
    size_t count; /* as the caller counts: elements of dtype */
    tl_dtype dtype;
    tc_reduce_op op;
    int type; /* NCCL's type */
    size_t ncount; /* count in NCCL's elements (bytes when the dtype moves as bytes) */
    size_t block; /* bytes of one block of count elements */
} coll_call;

/* NCCL's type of a dtype; -1 when it has none. */
static int nccl_type(tl_dtype d)
{
    switch (d) {
    case TL_I8: return TCN_INT8;
    case TL_U8: return TCN_UINT8;
    case TL_I32: return TCN_INT32;
    case TL_U32: return TCN_UINT32;
    case TL_I64: return TCN_INT64;
    case TL_U64: return TCN_UINT64;
    case TL_F16: return TCN_FLOAT16;
    case TL_BF16: return TCN_BFLOAT16;
    case TL_F32: return TCN_FLOAT32;
    case TL_F64: return TCN_FLOAT64;
    default: return -1;
    }
}

/* ---- the broken state ------------------------------------------------------------------------- */

static bool comm_ready(tc_comm *c, tl_site site)
{
    if (!c || !cuda_ready(c->rt, site))
        return false;
    int state = atomic_load_explicit(&c->state, memory_order_acquire);
    if (state != CUDA_COMM_OK) {
        cuda_fail(c->rt, site, "the communicator is broken: %s; destroy it and create another",
                  state == CUDA_COMM_BROKEN ? c->broken_by : "a collective on another thread failed");
        return false;
    }
    return true;
}

/* Marks c broken by the call at site and aborts rank `rank`'s NCCL communicator, or every rank's
 * (rank -1). The calling thread's context is the caller's to restore. */
static void comm_break(tc_comm *c, tl_site site, int rank)
{
    int ok = CUDA_COMM_OK;
    if (atomic_compare_exchange_strong(&c->state, &ok, CUDA_COMM_BREAKING)) {
        snprintf(c->broken_by, sizeof c->broken_by, "its %s at %s:%d failed", site.func ? site.func : "collective",
                 site.file ? site.file : "?", site.line);
        atomic_store_explicit(&c->state, CUDA_COMM_BROKEN, memory_order_release);
    }
    for (int r = rank < 0 ? 0 : rank; r < (rank < 0 ? c->n : rank + 1); r++)
        if (c->comms[r]) {
            c->rt->drv.ctx_set_current(c->ctx[r]);
            c->nccl.comm_abort(c->comms[r]);
            c->comms[r] = NULL;
        }
}

/* ---- making and destroying a communicator -------------------------------------------------------- */

static void comm_free(tc_comm *c)
{
    free(c->devices);
    free(c->ctx);
    free(c->comms);
    free(c);
}

/* Destroys (or aborts, broken) every rank's NCCL communicator, closes NCCL, frees c. */
static void comm_destroy(tc_comm *c)
{
    tc_runtime *rt = c->rt;
    tcu_context saved = NULL;
    if (rt->drv.ctx_get_current(&saved) != TCU_SUCCESS)
        saved = NULL;
    bool broken = atomic_load(&c->state) != CUDA_COMM_OK;
    for (int r = 0; r < c->n; r++) {
        if (!c->comms[r])
            continue;
        rt->drv.ctx_set_current(c->ctx[r]);
        if (broken || c->nccl.comm_destroy(c->comms[r]) != TCN_SUCCESS)
            c->nccl.comm_abort(c->comms[r]);
    }
    rt->drv.ctx_set_current(saved);
    cuda_nccl_close(&c->nccl);
    comm_free(c);
}

tc_comm *tc_comm_create_at(tl_site site, tc_runtime *rt, int ndev, const int *devices)
{
    if (!cuda_ready(rt, site))
        return NULL;
    int count = 0;
    if (!cuda_check(rt, site, rt->drv.device_get_count(&count), "cuDeviceGetCount", NULL))
        return NULL;
    if (ndev < 1 || ndev > count) {
        cuda_fail(rt, site, "ndev %d: a communicator has from 1 to the machine's %d CUDA device%s", ndev, count,
                  count == 1 ? "" : "s");
        return NULL;
    }
    for (int r = 0; devices && r < ndev; r++)
        for (int q = 0; q < r; q++)
            if (devices[q] == devices[r]) {
                cuda_fail(rt, site,
                          "devices[%d] is device %d, as devices[%d] is: a communicator has one rank per device", r,
                          devices[r], q);
                return NULL;
            }
    tc_comm *c = calloc(1, sizeof *c);
    if (c) {
        c->devices = calloc((size_t)ndev, sizeof *c->devices);
        c->ctx = calloc((size_t)ndev, sizeof *c->ctx);
        c->comms = calloc((size_t)ndev, sizeof *c->comms);
    }
    if (!c || !c->devices || !c->ctx || !c->comms) {
        if (c)
            comm_free(c);
        cuda_fail(rt, site, "out of memory");
        return NULL;
    }
    c->rt = rt;
    c->n = ndev;
    atomic_init(&c->state, CUDA_COMM_OK);
    for (int r = 0; r < ndev; r++) {
        c->devices[r] = devices ? devices[r] : r;
        c->ctx[r] = cuda_device_context(rt, site, c->devices[r]);
        if (!c->ctx[r]) {
            comm_free(c);
            return NULL;
        }
    }
    char why[512];
    if (!cuda_nccl_open(&c->nccl, why, sizeof why)) {
        cuda_fail(rt, site, "%s", why);
        comm_free(c);
        return NULL;
    }
    tcu_context saved = NULL;
    if (!cuda_check(rt, site, rt->drv.ctx_get_current(&saved), "cuCtxGetCurrent", NULL)) {
        cuda_nccl_close(&c->nccl);
        comm_free(c);
        return NULL;
    }
    tcn_result r = c->nccl.comm_init_all(c->comms, ndev, c->devices);
    rt->drv.ctx_set_current(saved); /* NCCL sets each device current in turn */
    if (r != TCN_SUCCESS) {
        char text[256], list[160] = "";
        size_t n = 0;
        for (int i = 0; i < ndev && n + 16 < sizeof list; i++)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%d", i ? ", " : "", c->devices[i]);
        cuda_fail(rt, site, "ncclCommInitAll failed (%d device%s: %s): %s", ndev, ndev == 1 ? "" : "s", list,
                  cuda_nccl_error_text(&c->nccl, r, text, sizeof text));
        cuda_nccl_close(&c->nccl);
        comm_free(c);
        return NULL;
    }
    pthread_mutex_lock(&rt->lock);
    c->next = rt->comms;
    rt->comms = c;
    pthread_mutex_unlock(&rt->lock);
    return c;
}

void tc_comm_destroy(tc_comm *c)
{
    if (!c)
        return;
    tc_runtime *rt = c->rt;
    pthread_mutex_lock(&rt->lock);
    for (tc_comm **p = &rt->comms; *p; p = &(*p)->next)
        if (*p == c) {
            *p = c->next;
            break;
        }
    pthread_mutex_unlock(&rt->lock);
    comm_destroy(c);
}

void cuda_comms_destroy_all(tc_runtime *rt)
{
    for (tc_comm *c = rt->comms, *next; c; c = next) {
        next = c->next;
        comm_destroy(c);
    }
    rt->comms = NULL;
}

int tc_comm_size(const tc_comm *c) { return c ? c->n : 0; }

int tc_comm_device(const tc_comm *c, int rank) { return c && rank >= 0 && rank < c->n ? c->devices[rank] : -1; }

bool tc_comm_broken(const tc_comm *c) { return !c || atomic_load(&c->state) != CUDA_COMM_OK; }

int tc_comm_nccl_version(const tc_comm *c) { return c ? c->nccl.version : 0; }

/* ---- argument checks ------------------------------------------------------------------------------ */

/* Works out call from the arguments every rank shares; false (error recorded) on a misuse. */
static bool describe(tc_comm *c, tl_site site, cuda_coll kind, size_t count, tl_dtype dtype, tc_reduce_op op,
                     coll_call *call)
{
    tc_runtime *rt = c->rt;
    *call = (coll_call){.kind = kind, .count = count, .dtype = dtype, .op = op, .type = nccl_type(dtype)};
    if (dtype <= TL_DTYPE_INVALID || dtype >= TL_DTYPE_COUNT) {
        cuda_fail(rt, site, "dtype %d is not a tl_dtype", (int)dtype);
        return false;
    }
    if (colls[kind].reduces) {
        if (call->type < 0) {
            cuda_fail(rt, site,
                      "NCCL does not reduce %s (it reduces int8, uint8, int32, uint32, int64, uint64, float16, "
                      "bfloat16, float32 and float64)",
                      tl_dtype_name(dtype));
            return false;
        }
        if ((int)op < TC_REDUCE_SUM || (int)op > TC_REDUCE_AVG) {
            cuda_fail(rt, site, "reduction %d is not a tc_reduce_op (TC_REDUCE_SUM, _PROD, _MAX, _MIN or _AVG)",
                      (int)op);
            return false;
        }
    }
    /* Bytes per element: a dtype NCCL has no type for moves as bytes (a bool takes one). */
    unsigned bits = tl_dtype_bits(dtype);
    size_t size = bits < 8 ? 1 : bits / 8;
    size_t per = call->type < 0 ? size : 1; /* NCCL elements per element */
    if (call->type < 0)
        call->type = TCN_UINT8;
    /* The largest buffer holds count elements per rank (or one block: all-reduce). */
    size_t ranks = kind == CUDA_ALL_REDUCE ? 1 : (size_t)c->n;
    if (count > SIZE_MAX / size / ranks) {
        cuda_fail(rt, site, "%s of %zu %s over %d ranks: the buffers' bytes overflow", colls[kind].what, count,
                  tl_dtype_name(dtype), c->n);
        return false;
    }
    call->ncount = count * per;
    call->block = count * size;
    return true;
}

/* The device of context ctx (made current to ask; the caller restores its own). -1 on error. */
static int context_device(tc_runtime *rt, tl_site site, tcu_context ctx)
{
    tcu_device h;
    if (!cuda_check(rt, site, rt->drv.ctx_set_current(ctx), "cuCtxSetCurrent", "(the stream's context)") ||
        !cuda_check(rt, site, rt->drv.ctx_get_device(&h), "cuCtxGetDevice", "(the stream's context)"))
        return -1;
    return cuda_device_ordinal(rt, site, h);
}

/* Whether buffer p of rank r is on r's device, as far as the driver tells (memory it does not
 * know, or managed memory, passes). */
static bool buffer_on_device(tc_comm *c, tl_site site, const char *which, int r, tc_deviceptr p)
{
    int attrs[3] = {TCU_POINTER_ATTRIBUTE_MEMORY_TYPE, TCU_POINTER_ATTRIBUTE_IS_MANAGED,
                    TCU_POINTER_ATTRIBUTE_DEVICE_ORDINAL};
    uint64_t type = 0, managed = 0, ordinal = 0; /* 8 bytes each: the driver writes 4 or fewer */
    void *data[3] = {&type, &managed, &ordinal};
    if (c->rt->drv.pointer_get_attributes(3, attrs, data, (tcu_deviceptr)p) != TCU_SUCCESS)
        return true;
    int32_t device;
    memcpy(&device, &ordinal, sizeof device); /* an int at the start of its slot */
    if ((uint32_t)type != TCU_MEMORYTYPE_DEVICE || managed != 0 || device < 0 || device == c->devices[r])
        return true;
    cuda_fail(c->rt, site, "%s[%d] (0x%llx) is memory of device %d, not of device %d (rank %d's)", which, r,
              (unsigned long long)p, device, c->devices[r], r);
    return false;
}

/* Checks rank r's buffers and stream. The caller restores the calling thread's context. */
static bool check_rank(tc_comm *c, tl_site site, const coll_call *call, int r, tc_deviceptr send, tc_deviceptr recv,
                       tc_stream stream)
{
    tc_runtime *rt = c->rt;
    if (call->count == 0)
        return true;
    if (!send || !recv) {
        cuda_fail(rt, site, "%s of %zu %s: rank %d's %s buffer is NULL", colls[call->kind].what, call->count,
                  tl_dtype_name(call->dtype), r, send ? "receive" : "send");
        return false;
    }
    /* The NULL stream and the driver's special handles (CU_STREAM_LEGACY 1, CU_STREAM_PER_THREAD 2)
     * are the current device's: nothing to check. */
    if ((uintptr_t)stream > 2) {
        tcu_context sctx = NULL;
        char what[64];
        snprintf(what, sizeof what, "(the stream of rank %d)", r);
        if (!cuda_check(rt, site, rt->drv.stream_get_ctx((tcu_stream)stream, &sctx), "cuStreamGetCtx", what))
            return false;
        if (sctx != c->ctx[r]) {
            int d = context_device(rt, site, sctx);
            if (d < 0)
                return false;
            if (d != c->devices[r]) {
                cuda_fail(rt, site, "the stream of rank %d is device %d's, not device %d's (rank %d's)", r, d,
                          c->devices[r], r);
                return false;
            }
        }
    }
    return buffer_on_device(c, site, "send", r, send) && buffer_on_device(c, site, "recv", r, recv);
}

/* ---- issuing ---------------------------------------------------------------------------------------- */

static bool nccl_ok(tc_comm *c, tl_site site, tcn_result r, const char *fn, int rank)
{
    if (r == TCN_SUCCESS)
        return true;
    char text[256];
    cuda_fail(c->rt, site, "%s failed on rank %d (device %d): %s; the communicator is aborted", fn, rank,
              c->devices[rank], cuda_nccl_error_text(&c->nccl, r, text, sizeof text));
    return false;
}

/* Rank r's NCCL calls for call (its device current). */
static bool issue(tc_comm *c, tl_site site, const coll_call *call, int r, tc_deviceptr send, tc_deviceptr recv,
                  tc_stream stream)
{
    const cuda_nccl *n = &c->nccl;
    tcu_stream s = (tcu_stream)stream;
    const void *sp = (const void *)(uintptr_t)send;
    void *rp = (void *)(uintptr_t)recv;
    switch (call->kind) {
    case CUDA_ALL_REDUCE:
        return nccl_ok(c, site, n->all_reduce(sp, rp, call->ncount, call->type, (int)call->op, c->comms[r], s),
                       "ncclAllReduce", r);
    case CUDA_ALL_GATHER:
        return nccl_ok(c, site, n->all_gather(sp, rp, call->ncount, call->type, c->comms[r], s), "ncclAllGather", r);
    case CUDA_REDUCE_SCATTER:
        return nccl_ok(c, site, n->reduce_scatter(sp, rp, call->ncount, call->type, (int)call->op, c->comms[r], s),
                       "ncclReduceScatter", r);
    case CUDA_ALL_TO_ALL:
        for (int j = 0; j < c->n; j++) {
            const char *at_send = (const char *)sp + (size_t)j * call->block;
            char *at_recv = (char *)rp + (size_t)j * call->block;
            if (!nccl_ok(c, site, n->send(at_send, call->ncount, call->type, j, c->comms[r], s), "ncclSend", r) ||
                !nccl_ok(c, site, n->recv(at_recv, call->ncount, call->type, j, c->comms[r], s), "ncclRecv", r))
                return false;
        }
        return true;
    }
    return false;
}

static const char *coll_text(const tc_comm *c, const coll_call *call, char *buf, size_t size)
{
    snprintf(buf, size, "(%s of %zu %s over %d rank%s)", colls[call->kind].what, call->count,
             tl_dtype_name(call->dtype), c->n, c->n == 1 ? "" : "s");
    return buf;
}

/* The collective over all ranks from this thread: checks, then ncclGroupStart, each rank's
 * calls with its device current, ncclGroupEnd; any failure aborts every rank. */
static bool all_ranks(tl_site site, tc_comm *c, cuda_coll kind, const tc_deviceptr *send, const tc_deviceptr *recv,
                      size_t count, tl_dtype dtype, tc_reduce_op op, const tc_stream *streams)
{
    coll_call call;
    if (!comm_ready(c, site) || !describe(c, site, kind, count, dtype, op, &call))
        return false;
    tc_runtime *rt = c->rt;
    if (!send || !recv) {
        cuda_fail(rt, site, "NULL %s array (one buffer per rank)", send ? "recv" : "send");
        return false;
    }
    tcu_context saved = NULL;
    if (!cuda_check(rt, site, rt->drv.ctx_get_current(&saved), "cuCtxGetCurrent", NULL))
        return false;
    bool ok = true;
    for (int r = 0; r < c->n && ok; r++)
        ok = check_rank(c, site, &call, r, send[r], recv[r], streams ? streams[r] : NULL);
    if (ok && count > 0) {
        char what[128], text[256];
        tcn_result g = c->nccl.group_start();
        if (g != TCN_SUCCESS) {
            cuda_fail(rt, site, "ncclGroupStart failed %s: %s", coll_text(c, &call, what, sizeof what),
                      cuda_nccl_error_text(&c->nccl, g, text, sizeof text));
            ok = false;
        } else {
            for (int r = 0; r < c->n && ok; r++)
                ok = cuda_check(rt, site, rt->drv.ctx_set_current(c->ctx[r]), "cuCtxSetCurrent", NULL) &&
                    issue(c, site, &call, r, send[r], recv[r], streams ? streams[r] : NULL);
            g = c->nccl.group_end(); /* closes the group whatever happened in it */
            if (ok && g != TCN_SUCCESS)
                cuda_fail(rt, site, "ncclGroupEnd failed %s: %s; the communicator is aborted",
                          coll_text(c, &call, what, sizeof what), cuda_nccl_error_text(&c->nccl, g, text, sizeof text));
            if (!ok || g != TCN_SUCCESS) {
                comm_break(c, site, -1);
                ok = false;
            }
        }
    }
    rt->drv.ctx_set_current(saved);
    return ok;
}

/* Rank `rank`'s part, from its own thread: the same checks and calls for one rank (an
 * all-to-all's sends and receives grouped); a failure aborts this rank's NCCL communicator. */
static bool one_rank(tl_site site, tc_comm *c, cuda_coll kind, int rank, tc_deviceptr send, tc_deviceptr recv,
                     size_t count, tl_dtype dtype, tc_reduce_op op, tc_stream stream)
{
    coll_call call;
    if (!comm_ready(c, site))
        return false;
    tc_runtime *rt = c->rt;
    if (rank < 0 || rank >= c->n) {
        cuda_fail(rt, site, "rank %d is not one of the communicator's %d rank%s (0 to %d)", rank, c->n,
                  c->n == 1 ? "" : "s", c->n - 1);
        return false;
    }
    if (!describe(c, site, kind, count, dtype, op, &call))
        return false;
    tcu_context saved = NULL;
    if (!cuda_check(rt, site, rt->drv.ctx_get_current(&saved), "cuCtxGetCurrent", NULL))
        return false;
    bool ok = check_rank(c, site, &call, rank, send, recv, stream);
    if (ok && count > 0) {
        ok = cuda_check(rt, site, rt->drv.ctx_set_current(c->ctx[rank]), "cuCtxSetCurrent", NULL);
        bool grouped = kind == CUDA_ALL_TO_ALL;
        tcn_result g = TCN_SUCCESS;
        char what[128], text[256];
        if (ok && grouped && (g = c->nccl.group_start()) != TCN_SUCCESS) {
            cuda_fail(rt, site, "ncclGroupStart failed %s: %s", coll_text(c, &call, what, sizeof what),
                      cuda_nccl_error_text(&c->nccl, g, text, sizeof text));
            ok = grouped = false;
        }
        bool issued = ok && issue(c, site, &call, rank, send, recv, stream);
        if (grouped) {
            g = c->nccl.group_end();
            if (issued && g != TCN_SUCCESS)
                cuda_fail(rt, site, "ncclGroupEnd failed on rank %d %s: %s; the communicator is aborted", rank,
                          coll_text(c, &call, what, sizeof what), cuda_nccl_error_text(&c->nccl, g, text, sizeof text));
        }
        if (ok && (!issued || g != TCN_SUCCESS)) {
            comm_break(c, site, rank);
            ok = false;
        }
    }
    rt->drv.ctx_set_current(saved);
    return ok;
}

/* ---- the public calls ---------------------------------------------------------------------------------- */

bool tc_all_reduce_at(tl_site site, tc_comm *comm, const tc_deviceptr *send, const tc_deviceptr *recv, size_t count,
                      tl_dtype dtype, tc_reduce_op op, const tc_stream *streams)
{
    return all_ranks(site, comm, CUDA_ALL_REDUCE, send, recv, count, dtype, op, streams);
}

bool tc_all_gather_at(tl_site site, tc_comm *comm, const tc_deviceptr *send, const tc_deviceptr *recv, size_t count,
                      tl_dtype dtype, const tc_stream *streams)
{
    return all_ranks(site, comm, CUDA_ALL_GATHER, send, recv, count, dtype, TC_REDUCE_SUM, streams);
}

bool tc_reduce_scatter_at(tl_site site, tc_comm *comm, const tc_deviceptr *send, const tc_deviceptr *recv, size_t count,
                          tl_dtype dtype, tc_reduce_op op, const tc_stream *streams)
{
    return all_ranks(site, comm, CUDA_REDUCE_SCATTER, send, recv, count, dtype, op, streams);
}

bool tc_all_to_all_at(tl_site site, tc_comm *comm, const tc_deviceptr *send, const tc_deviceptr *recv, size_t count,
                      tl_dtype dtype, const tc_stream *streams)
{
    return all_ranks(site, comm, CUDA_ALL_TO_ALL, send, recv, count, dtype, TC_REDUCE_SUM, streams);
}

bool tc_all_reduce_rank_at(tl_site site, tc_comm *comm, int rank, tc_deviceptr send, tc_deviceptr recv, size_t count,
                           tl_dtype dtype, tc_reduce_op op, tc_stream stream)
{
    return one_rank(site, comm, CUDA_ALL_REDUCE, rank, send, recv, count, dtype, op, stream);
}

bool tc_all_gather_rank_at(tl_site site, tc_comm *comm, int rank, tc_deviceptr send, tc_deviceptr recv, size_t count,
                           tl_dtype dtype, tc_stream stream)
{
    return one_rank(site, comm, CUDA_ALL_GATHER, rank, send, recv, count, dtype, TC_REDUCE_SUM, stream);
}

bool tc_reduce_scatter_rank_at(tl_site site, tc_comm *comm, int rank, tc_deviceptr send, tc_deviceptr recv,
                               size_t count, tl_dtype dtype, tc_reduce_op op, tc_stream stream)
{
    return one_rank(site, comm, CUDA_REDUCE_SCATTER, rank, send, recv, count, dtype, op, stream);
}

bool tc_all_to_all_rank_at(tl_site site, tc_comm *comm, int rank, tc_deviceptr send, tc_deviceptr recv, size_t count,
                           tl_dtype dtype, tc_stream stream)
{
    return one_rank(site, comm, CUDA_ALL_TO_ALL, rank, send, recv, count, dtype, TC_REDUCE_SUM, stream);
}
