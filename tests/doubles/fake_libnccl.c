/* fake_libnccl: a test double of NCCL (libnccl.so.2), loaded by the runtime through
 * $TRITONC_LIBNCCL, beside the fake driver (fake_libcuda.c, whose path the build gives as
 * FAKE_LIBCUDA). The fake driver's device memory is host memory, so this double computes the
 * collectives for real: a collective completes when every rank of its communicator has called
 * it (from one thread inside a group, or from a thread per rank), and its result is then in the
 * receive buffers; ncclSend and ncclRecv copy when both sides have been called.
 *
 * Every call is written into the fake driver's log (one log shows launches and collectives in
 * their order), with its rank, the device current on the calling thread and its stream as the
 * driver names it ("s2"). It checks what a test relies on: the rank's device current at each call
 * (else ncclInvalidUsage), a stream of the rank's device, known types and reductions, peers in
 * range, matching sends and receives, every rank of a collective agreeing on it.
 *
 * FAKE_NCCL_MODE (read at each call) makes it fail on demand:
 *   init_fail       ncclCommInitAll fails (ncclSystemError)
 *   fail_mid        every collective, send or receive of rank FAKE_NCCL_FAIL_RANK (default 1; the
 *                   last rank with fewer) fails with ncclUnhandledCudaError: a device failing
 *                   in the middle of a collective; ncclGroupEnd then fails too
 *   group_end_fail  ncclGroupEnd fails (ncclRemoteError)
 *   old             ncclGetVersion reports 2.8.4
 * The fake_nccl_* functions let a test count communicators alive, aborts and collectives left
 * pending. Built twice by tests/CMakeLists.txt: fake_libnccl.so, and fake_libnccl_nosym.so
 * without ncclSend (an NCCL missing a function). */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/nccl_subset.h"

#ifndef FAKE_LIBCUDA
#error "FAKE_LIBCUDA (the fake driver's path) must be defined by the build"
#endif

#define EXPORT __attribute__((visibility("default")))
/* Every exported function is NCCL's (or the steering API the test binds with dlsym): none has a
 * header to hold its prototype. */
#pragma GCC diagnostic ignored "-Wmissing-prototypes"

#define FAKE_MAX_RANKS 8

enum { FAKE_ALL_REDUCE, FAKE_ALL_GATHER, FAKE_REDUCE_SCATTER };

/* One rank's call of a collective, waiting for the others. */
typedef struct fake_call {
    int kind;
    const void *send;
    void *recv;
    size_t count;
    int type, op;
} fake_call;

/* A collective some ranks have called: its seq-th on the clique. */
typedef struct fake_round {
    struct fake_round *next;
    unsigned long seq;
    int arrived;
    int present[FAKE_MAX_RANKS];
    fake_call call[FAKE_MAX_RANKS];
} fake_round;

/* A send or receive whose other side has not been called yet. */
typedef struct fake_p2p {
    struct fake_p2p *next;
    int owner, peer, is_send;
    void *buf;
    size_t count;
    int type;
} fake_p2p;

/* The communicators ncclCommInitAll made together. */
typedef struct fake_clique {
    int n, alive;
    fake_round *rounds;
    fake_p2p *p2p;
} fake_clique;

struct tcn_comm_st {
    fake_clique *clique;
    int rank, device;
    unsigned long seq; /* this rank's next collective */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local int group_depth;
static _Thread_local tcn_result group_error;
static long live_comms, aborts, collectives;

/* ---- the fake driver's side ---------------------------------------------------------------------- */

static void *cuda_dl;
static const char *(*cuda_stream_name)(tcu_stream, char *, size_t);
static int (*cuda_stream_device)(tcu_stream);
static int (*cuda_current_device)(void);
static void (*cuda_log_line)(const char *);
static tcu_result (*cuda_device_count)(int *);

static void bind_cuda(void)
{
    if (cuda_dl)
        return;
    cuda_dl = dlopen(FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    if (!cuda_dl)
        return;
    void *sym;
#define FAKE_NCCL_BIND(var, name)                                                                                      \
    sym = dlsym(cuda_dl, name);                                                                                        \
    memcpy(&var, &sym, sizeof var);
    FAKE_NCCL_BIND(cuda_stream_name, "fake_cuda_stream_name")
    FAKE_NCCL_BIND(cuda_stream_device, "fake_cuda_stream_device")
    FAKE_NCCL_BIND(cuda_current_device, "fake_cuda_current_device")
    FAKE_NCCL_BIND(cuda_log_line, "fake_cuda_log_line")
    FAKE_NCCL_BIND(cuda_device_count, "cuDeviceGetCount")
#undef FAKE_NCCL_BIND
}

__attribute__((destructor)) static void unbind_cuda(void)
{
    if (cuda_dl)
        dlclose(cuda_dl);
    cuda_dl = NULL;
}

static void logf_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void logf_(const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (cuda_log_line)
        cuda_log_line(line);
}

static const char *stream_name(tcu_stream s, char *buf, size_t size)
{
    if (cuda_stream_name)
        return cuda_stream_name(s, buf, size);
    snprintf(buf, size, "%p", (void *)s);
    return buf;
}

static const char *mode(void)
{
    const char *m = getenv("FAKE_NCCL_MODE");
    return m ? m : "";
}

/* ---- steering (for the tests) ----------------------------------------------------------------------- */

EXPORT void fake_nccl_reset(void)
{
    pthread_mutex_lock(&lock);
    aborts = collectives = 0;
    pthread_mutex_unlock(&lock);
}
EXPORT long fake_nccl_live_comms(void) { return live_comms; }
EXPORT long fake_nccl_aborts(void) { return aborts; }
/* Collectives completed (every rank called) since the reset. */
EXPORT long fake_nccl_collectives(void) { return collectives; }

/* ---- element arithmetic ------------------------------------------------------------------------------ */

static size_t type_size(int type)
{
    switch (type) {
    case TCN_INT8:
    case TCN_UINT8: return 1;
    case TCN_FLOAT16:
    case TCN_BFLOAT16: return 2;
    case TCN_INT32:
    case TCN_UINT32:
    case TCN_FLOAT32: return 4;
    case TCN_INT64:
    case TCN_UINT64:
    case TCN_FLOAT64: return 8;
    default: return 0;
    }
}

static float half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h >> 15) << 31, exp = (h >> 10) & 31, man = h & 1023;
    if (exp == 0) { /* zero or subnormal: man * 2^-24 */
        float v = (float)man / 16777216.0f;
        return sign ? -v : v;
    }
    uint32_t x = sign | (exp == 31 ? 255u << 23 : (exp - 15 + 127) << 23) | man << 13;
    float f;
    memcpy(&f, &x, 4);
    return f;
}

/* float to binary16, rounding to nearest even (the fake's own; finite values in range). */
static uint16_t float_to_half(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
    int exp = (int)((x >> 23) & 255) - 127 + 15;
    uint32_t man = x & 0x7fffff;
    if (exp >= 31)
        return sign | 0x7c00;
    if (exp <= 0) { /* subnormal or zero */
        if (exp < -10)
            return sign;
        man |= 0x800000;
        int shift = 14 - exp;
        uint32_t half = man >> shift, rest = man & ((1u << shift) - 1), mid = 1u << (shift - 1);
        if (rest > mid || (rest == mid && (half & 1)))
            half++;
        return sign | (uint16_t)half;
    }
    uint32_t half = ((uint32_t)exp << 10) | (man >> 13), rest = man & 0x1fff;
    if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
        half++;
    return sign | (uint16_t)half;
}

static float bf16_to_float(uint16_t b)
{
    uint32_t x = (uint32_t)b << 16;
    float f;
    memcpy(&f, &x, 4);
    return f;
}

static uint16_t float_to_bf16(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    x += 0x7fff + ((x >> 16) & 1);
    return (uint16_t)(x >> 16);
}

/* One element, as a double (floats), an int64 (signed) or a uint64 (unsigned). */
typedef struct fake_value {
    double f;
    int64_t i;
    uint64_t u;
} fake_value;

static int is_float(int t) { return t == TCN_FLOAT16 || t == TCN_BFLOAT16 || t == TCN_FLOAT32 || t == TCN_FLOAT64; }
static int is_signed(int t) { return t == TCN_INT8 || t == TCN_INT32 || t == TCN_INT64; }

static fake_value load(int type, const void *base, size_t i)
{
    const char *p = (const char *)base + i * type_size(type);
    fake_value v = {0, 0, 0};
    switch (type) {
    case TCN_INT8: v.i = *(const int8_t *)p; break;
    case TCN_UINT8: v.u = *(const uint8_t *)p; break;
    case TCN_INT32: v.i = *(const int32_t *)p; break;
    case TCN_UINT32: v.u = *(const uint32_t *)p; break;
    case TCN_INT64: v.i = *(const int64_t *)p; break;
    case TCN_UINT64: v.u = *(const uint64_t *)p; break;
    case TCN_FLOAT16: v.f = half_to_float(*(const uint16_t *)p); break;
    case TCN_BFLOAT16: v.f = bf16_to_float(*(const uint16_t *)p); break;
    case TCN_FLOAT32: v.f = *(const float *)p; break;
    case TCN_FLOAT64: v.f = *(const double *)p; break;
    }
    return v;
}

static void store(int type, void *base, size_t i, fake_value v)
{
    char *p = (char *)base + i * type_size(type);
    switch (type) {
    case TCN_INT8: *(int8_t *)p = (int8_t)v.i; break;
    case TCN_UINT8: *(uint8_t *)p = (uint8_t)v.u; break;
    case TCN_INT32: *(int32_t *)p = (int32_t)v.i; break;
    case TCN_UINT32: *(uint32_t *)p = (uint32_t)v.u; break;
    case TCN_INT64: *(int64_t *)p = v.i; break;
    case TCN_UINT64: *(uint64_t *)p = v.u; break;
    case TCN_FLOAT16: *(uint16_t *)p = float_to_half((float)v.f); break;
    case TCN_BFLOAT16: *(uint16_t *)p = float_to_bf16((float)v.f); break;
    case TCN_FLOAT32: *(float *)p = (float)v.f; break;
    case TCN_FLOAT64: *(double *)p = v.f; break;
    }
}

static fake_value combine(int type, int op, fake_value a, fake_value b)
{
    fake_value r = a;
    if (is_float(type)) {
        r.f = op == TCN_PROD ? a.f * b.f : op == TCN_MAX ? (a.f > b.f ? a.f : b.f)
            : op == TCN_MIN  ? (a.f < b.f ? a.f : b.f)
                             : a.f + b.f;
    } else if (is_signed(type)) {
        r.i = op == TCN_PROD ? (int64_t)((uint64_t)a.i * (uint64_t)b.i)
            : op == TCN_MAX  ? (a.i > b.i ? a.i : b.i)
            : op == TCN_MIN  ? (a.i < b.i ? a.i : b.i)
                             : (int64_t)((uint64_t)a.i + (uint64_t)b.i);
    } else {
        r.u = op == TCN_PROD ? a.u * b.u : op == TCN_MAX ? (a.u > b.u ? a.u : b.u)
            : op == TCN_MIN  ? (a.u < b.u ? a.u : b.u)
                             : a.u + b.u;
    }
    return r;
}

/* Element i of the reduction over the n calls' send buffers, at offset off elements. */
static fake_value reduce_at(const fake_round *rd, int n, size_t off)
{
    int type = rd->call[0].type, op = rd->call[0].op;
    fake_value acc = load(type, rd->call[0].send, off);
    for (int r = 1; r < n; r++)
        acc = combine(type, op, acc, load(type, rd->call[r].send, off));
    if (op == TCN_AVG) {
        acc.f /= n;
        acc.i /= n;
        acc.u /= (uint64_t)n;
    }
    return acc;
}

/* Computes a collective every rank has called (into a scratch copy first: buffers may alias). */
static tcn_result complete(fake_clique *cl, fake_round *rd)
{
    const fake_call *c0 = &rd->call[0];
    int n = cl->n;
    for (int r = 1; r < n; r++) {
        const fake_call *c = &rd->call[r];
        if (c->kind != c0->kind || c->count != c0->count || c->type != c0->type || c->op != c0->op) {
            logf_("fake nccl: rank %d's collective %lu differs from rank 0's", r, rd->seq);
            return TCN_INVALID_USAGE;
        }
    }
    size_t size = type_size(c0->type), count = c0->count;
    size_t total = c0->kind == FAKE_ALL_REDUCE ? count : count * (size_t)n;
    void *tmp = malloc(total * size + 1);
    if (!tmp)
        return TCN_SYSTEM_ERROR;
    switch (c0->kind) {
    case FAKE_ALL_REDUCE:
    case FAKE_REDUCE_SCATTER:
        for (size_t i = 0; i < total; i++)
            store(c0->type, tmp, i, reduce_at(rd, n, i));
        break;
    case FAKE_ALL_GATHER:
        for (int r = 0; r < n; r++)
            memcpy((char *)tmp + (size_t)r * count * size, rd->call[r].send, count * size);
        break;
    }
    for (int r = 0; r < n; r++) {
        if (c0->kind == FAKE_REDUCE_SCATTER)
            memcpy(rd->call[r].recv, (char *)tmp + (size_t)r * count * size, count * size);
        else
            memcpy(rd->call[r].recv, tmp, total * size);
    }
    free(tmp);
    collectives++;
    return TCN_SUCCESS;
}

/* ---- the checks every call makes -------------------------------------------------------------------- */

/* The rank of mode fail_mid. */
static int failing_rank(const fake_clique *cl)
{
    const char *e = getenv("FAKE_NCCL_FAIL_RANK");
    int r = e ? atoi(e) : 1;
    return r < cl->n ? r : cl->n - 1;
}

static tcn_result check_call(const char *fn, tcn_comm comm, int type, tcu_stream stream)
{
    if (!comm || !comm->clique) {
        logf_("%s: no communicator", fn);
        return TCN_INVALID_ARGUMENT;
    }
    int cur = cuda_current_device ? cuda_current_device() : comm->device;
    if (cur != comm->device) {
        logf_("%s rank=%d: called with device %d current, the communicator's device is %d", fn, comm->rank, cur,
              comm->device);
        return TCN_INVALID_USAGE;
    }
    int sdev = cuda_stream_device ? cuda_stream_device(stream) : -1;
    if (sdev >= 0 && sdev != comm->device) {
        logf_("%s rank=%d: a stream of device %d", fn, comm->rank, sdev);
        return TCN_UNHANDLED_CUDA_ERROR;
    }
    if (type_size(type) == 0) {
        logf_("%s rank=%d: type %d", fn, comm->rank, type);
        return TCN_INVALID_ARGUMENT;
    }
    if (strcmp(mode(), "fail_mid") == 0 && comm->rank == failing_rank(comm->clique)) {
        logf_("%s rank=%d -> fails (FAKE_NCCL_MODE=fail_mid)", fn, comm->rank);
        return TCN_UNHANDLED_CUDA_ERROR;
    }
    return TCN_SUCCESS;
}

static tcn_result failed_in_group(tcn_result r)
{
    if (r != TCN_SUCCESS && group_depth > 0 && group_error == TCN_SUCCESS)
        group_error = r;
    return r;
}

static tcn_result collective(const char *fn, int kind, const void *send, void *recv, size_t count, int type, int op,
                             tcn_comm comm, tcu_stream stream)
{
    bind_cuda();
    pthread_mutex_lock(&lock);
    char sname[32];
    if (comm)
        logf_("%s rank=%d dev=%d count=%zu type=%d op=%d stream=%s", fn, comm->rank, comm->device, count, type, op,
              stream_name(stream, sname, sizeof sname));
    tcn_result r = check_call(fn, comm, type, stream);
    if (r == TCN_SUCCESS && (op < TCN_SUM || op > TCN_AVG))
        r = TCN_INVALID_ARGUMENT;
    if (r != TCN_SUCCESS) {
        pthread_mutex_unlock(&lock);
        return failed_in_group(r);
    }
    fake_clique *cl = comm->clique;
    unsigned long seq = comm->seq++;
    fake_round *rd = cl->rounds;
    while (rd && rd->seq != seq)
        rd = rd->next;
    if (!rd) {
        rd = calloc(1, sizeof *rd);
        if (!rd) {
            pthread_mutex_unlock(&lock);
            return failed_in_group(TCN_SYSTEM_ERROR);
        }
        rd->seq = seq;
        rd->next = cl->rounds;
        cl->rounds = rd;
    }
    rd->call[comm->rank] = (fake_call){kind, send, recv, count, type, op};
    rd->present[comm->rank] = 1;
    if (++rd->arrived == cl->n) {
        for (fake_round **p = &cl->rounds; *p; p = &(*p)->next)
            if (*p == rd) {
                *p = rd->next;
                break;
            }
        r = complete(cl, rd);
        free(rd);
    }
    pthread_mutex_unlock(&lock);
    return failed_in_group(r);
}

static tcn_result point_to_point(const char *fn, int is_send, void *buf, size_t count, int type, int peer,
                                 tcn_comm comm, tcu_stream stream)
{
    bind_cuda();
    pthread_mutex_lock(&lock);
    char sname[32];
    if (comm)
        logf_("%s rank=%d peer=%d count=%zu type=%d stream=%s", fn, comm->rank, peer, count, type,
              stream_name(stream, sname, sizeof sname));
    tcn_result r = check_call(fn, comm, type, stream);
    if (r == TCN_SUCCESS && (peer < 0 || peer >= comm->clique->n))
        r = TCN_INVALID_ARGUMENT;
    if (r != TCN_SUCCESS) {
        pthread_mutex_unlock(&lock);
        return failed_in_group(r);
    }
    fake_clique *cl = comm->clique;
    for (fake_p2p **p = &cl->p2p; *p; p = &(*p)->next) {
        fake_p2p *o = *p;
        if (o->owner != peer || o->peer != comm->rank || o->is_send == is_send)
            continue;
        *p = o->next;
        if (o->count != count || o->type != type) {
            logf_("fake nccl: rank %d's %s of %zu type %d meets rank %d's of %zu type %d", comm->rank, fn, count, type,
                  peer, o->count, o->type);
            r = TCN_INVALID_USAGE;
        } else {
            memcpy(is_send ? o->buf : buf, is_send ? buf : o->buf, count * type_size(type));
        }
        free(o);
        pthread_mutex_unlock(&lock);
        return failed_in_group(r);
    }
    fake_p2p *o = calloc(1, sizeof *o);
    if (!o) {
        pthread_mutex_unlock(&lock);
        return failed_in_group(TCN_SYSTEM_ERROR);
    }
    *o = (fake_p2p){NULL, comm->rank, peer, is_send, buf, count, type};
    fake_p2p **tail = &cl->p2p; /* first come, first matched */
    while (*tail)
        tail = &(*tail)->next;
    *tail = o;
    pthread_mutex_unlock(&lock);
    return TCN_SUCCESS;
}

/* Drops what a clique holds once its last communicator goes (called with the lock held). */
static void comm_gone(tcn_comm comm)
{
    fake_clique *cl = comm->clique;
    live_comms--;
    if (--cl->alive == 0) {
        for (fake_round *rd = cl->rounds, *next; rd; rd = next) {
            next = rd->next;
            free(rd);
        }
        for (fake_p2p *p = cl->p2p, *next; p; p = next) {
            next = p->next;
            free(p);
        }
        free(cl);
    }
    free(comm);
}

/* ---- NCCL's API --------------------------------------------------------------------------------------- */

EXPORT tcn_result ncclGetVersion(int *version)
{
    *version = strcmp(mode(), "old") == 0 ? 2804 : 22105;
    return TCN_SUCCESS;
}

EXPORT const char *ncclGetErrorString(tcn_result r)
{
    switch (r) {
    case TCN_SUCCESS: return "no error";
    case TCN_UNHANDLED_CUDA_ERROR: return "a CUDA call failed (fake)";
    case TCN_SYSTEM_ERROR: return "a system call failed (fake)";
    case TCN_INTERNAL_ERROR: return "internal error (fake)";
    case TCN_INVALID_ARGUMENT: return "invalid argument (fake)";
    case TCN_INVALID_USAGE: return "invalid usage (fake)";
    case TCN_REMOTE_ERROR: return "a remote rank failed (fake)";
    default: return "unknown result (fake)";
    }
}

EXPORT tcn_result ncclCommInitAll(tcn_comm *comms, int ndev, const int *devices)
{
    bind_cuda();
    pthread_mutex_lock(&lock);
    char list[128] = "";
    size_t n = 0;
    for (int i = 0; devices && i < ndev && i < FAKE_MAX_RANKS; i++)
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%d", i ? "," : "", devices[i]);
    logf_("ncclCommInitAll ndev=%d devices=%s", ndev, devices ? list : "(null)");
    tcn_result r = TCN_SUCCESS;
    int count = 0;
    if (!cuda_device_count || cuda_device_count(&count) != 0)
        count = 0;
    if (ndev < 1 || ndev > FAKE_MAX_RANKS || ndev > count)
        r = TCN_INVALID_ARGUMENT;
    for (int i = 0; r == TCN_SUCCESS && devices && i < ndev; i++) {
        if (devices[i] < 0 || devices[i] >= count)
            r = TCN_INVALID_ARGUMENT;
        for (int j = 0; j < i; j++)
            if (devices[i] == devices[j])
                r = TCN_INVALID_USAGE;
    }
    if (r == TCN_SUCCESS && strcmp(mode(), "init_fail") == 0) {
        logf_("ncclCommInitAll -> fails (FAKE_NCCL_MODE=init_fail)");
        r = TCN_SYSTEM_ERROR;
    }
    fake_clique *cl = r == TCN_SUCCESS ? calloc(1, sizeof *cl) : NULL;
    if (r == TCN_SUCCESS && !cl)
        r = TCN_SYSTEM_ERROR;
    for (int i = 0; r == TCN_SUCCESS && i < ndev; i++) {
        comms[i] = calloc(1, sizeof *comms[i]);
        if (!comms[i]) {
            for (int j = 0; j < i; j++)
                free(comms[j]);
            free(cl);
            r = TCN_SYSTEM_ERROR;
            break;
        }
        *comms[i] = (struct tcn_comm_st){cl, i, devices ? devices[i] : i, 0};
    }
    if (r == TCN_SUCCESS) {
        cl->n = cl->alive = ndev;
        live_comms += ndev;
    }
    pthread_mutex_unlock(&lock);
    return r;
}

EXPORT tcn_result ncclCommDestroy(tcn_comm comm)
{
    bind_cuda();
    pthread_mutex_lock(&lock);
    if (!comm) {
        pthread_mutex_unlock(&lock);
        return TCN_INVALID_ARGUMENT;
    }
    int cur = cuda_current_device ? cuda_current_device() : comm->device;
    logf_("ncclCommDestroy rank=%d dev=%d%s", comm->rank, comm->device,
          cur != comm->device ? " (another device current)" : "");
    comm_gone(comm);
    pthread_mutex_unlock(&lock);
    return TCN_SUCCESS;
}

EXPORT tcn_result ncclCommAbort(tcn_comm comm)
{
    bind_cuda();
    pthread_mutex_lock(&lock);
    if (!comm) {
        pthread_mutex_unlock(&lock);
        return TCN_INVALID_ARGUMENT;
    }
    logf_("ncclCommAbort rank=%d dev=%d", comm->rank, comm->device);
    aborts++;
    comm_gone(comm);
    pthread_mutex_unlock(&lock);
    return TCN_SUCCESS;
}

EXPORT tcn_result ncclAllReduce(const void *send, void *recv, size_t count, int type, int op, tcn_comm comm,
                                tcu_stream stream)
{
    return collective("ncclAllReduce", FAKE_ALL_REDUCE, send, recv, count, type, op, comm, stream);
}

EXPORT tcn_result ncclAllGather(const void *send, void *recv, size_t count, int type, tcn_comm comm,
                                tcu_stream stream)
{
    return collective("ncclAllGather", FAKE_ALL_GATHER, send, recv, count, type, TCN_SUM, comm, stream);
}

EXPORT tcn_result ncclReduceScatter(const void *send, void *recv, size_t count, int type, int op, tcn_comm comm,
                                    tcu_stream stream)
{
    return collective("ncclReduceScatter", FAKE_REDUCE_SCATTER, send, recv, count, type, op, comm, stream);
}

#ifndef FAKE_NCCL_NO_SEND
EXPORT tcn_result ncclSend(const void *send, size_t count, int type, int peer, tcn_comm comm, tcu_stream stream)
{
    return point_to_point("ncclSend", 1, (void *)(uintptr_t)send, count, type, peer, comm, stream);
}
#endif

EXPORT tcn_result ncclRecv(void *recv, size_t count, int type, int peer, tcn_comm comm, tcu_stream stream)
{
    return point_to_point("ncclRecv", 0, recv, count, type, peer, comm, stream);
}

EXPORT tcn_result ncclGroupStart(void)
{
    bind_cuda();
    if (group_depth++ == 0)
        group_error = TCN_SUCCESS;
    logf_("ncclGroupStart");
    return TCN_SUCCESS;
}

EXPORT tcn_result ncclGroupEnd(void)
{
    bind_cuda();
    logf_("ncclGroupEnd");
    if (group_depth == 0)
        return TCN_INVALID_USAGE;
    if (--group_depth > 0)
        return TCN_SUCCESS;
    if (strcmp(mode(), "group_end_fail") == 0) {
        logf_("ncclGroupEnd -> fails (FAKE_NCCL_MODE=group_end_fail)");
        return TCN_REMOTE_ERROR;
    }
    tcn_result r = group_error;
    group_error = TCN_SUCCESS;
    return r;
}
