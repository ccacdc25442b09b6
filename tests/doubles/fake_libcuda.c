/* fake_libcuda: a test double of the CUDA driver (libcuda.so.1), loaded by the runtime through
 * $TRITONC_LIBCUDA. It records every call in a log, one line each, and checks the arguments as
 * the real driver would where a test depends on it (a function launched outside the context it
 * was loaded in, more than 48 KiB of dynamic shared memory without the attribute, a block that
 * is no multiple of 32 threads...). Device memory is host memory, so copies work.
 *
 * Module images are text: "FAKECUBIN symbol=NAME args=8,8,4 time_us=2.5 static_shared=0"
 * (or FAKEPTX ...): the function's name, the byte size of each parameter it takes (the
 * launch's scratch pointers included; 128: a CUtensorMap by value, logged as the address and
 * serial number cuTensorMapEncodeTiled wrote into it), the time one launch takes on the fake clock that
 * events read, and its static shared memory. The cubins of tests/doubles/stand_in_compiler.c
 * ("stand-in cubin: NAME ...") load too: their parameters are not known (logged as "?").
 *
 * The fake clock is deterministic: it advances by a launch's time_us, by 1 us per MiB a
 * cuMemsetD32Async sets (an L2 flush of 256 MiB takes 256 us), and by what a test asks
 * (fake_cuda_advance). Events read it when recorded; every event call is logged and can be
 * made to fail (fake_cuda_fail). cuMemsetD32Async writes the first MiB at most: what it sets
 * is tc_bench's L2 flush buffer (256 MiB, set hundreds of times, never read), and writing all
 * of it would make a benchmark on the fake take minutes.
 *
 * FAKE_CUDA_LOG_FILE=PATH in the environment appends each line of the log to PATH as well, so
 * that a test of a program (tritonc launch) can read what the program called.
 *
 * Several devices: FAKE_CUDA_DEVICES=N in the environment (read by fake_cuda_reset and when the
 * library loads; fake_cuda_set_devices at run time) gives N devices, up to 8, each with a
 * primary context of its own ("primary" for device 0, "primary1", "primary2"... in the log) and
 * a compute capability of its own (fake_cuda_set_device_compute_capability). Every module load
 * and launch is logged with its context, every launch with its stream: a stream made by
 * cuStreamCreate is "s1", "s2"... (in order of creation), the NULL stream "(nil)". A launch on
 * a stream of another context than the current one fails as the driver's does
 * (CUDA_ERROR_INVALID_HANDLE), and cuPointerGetAttributes tells the device each allocation was
 * made on. fake_cuda_stream_name, fake_cuda_stream_device and fake_cuda_current_device let
 * another test double (the fake NCCL) name what it is given.
 *
 * Built twice by tests/CMakeLists.txt: fake_libcuda.so, and fake_libcuda_nosym.so without
 * cuLaunchKernelEx (a driver missing a function). The fake_cuda_* functions steer it. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/cuda_driver_subset.h"

#define EXPORT __attribute__((visibility("default")))
/* Every exported function is the driver's (or the steering API the test binds with dlsym):
 * none has a header to hold its prototype. */
#pragma GCC diagnostic ignored "-Wmissing-prototypes"

enum {
    FAKE_INVALID_DEVICE = 101,
    FAKE_INVALID_IMAGE = 200,
    FAKE_INVALID_HANDLE = 400,
    FAKE_COOPERATIVE_TOO_LARGE = 720,
    FAKE_NOT_PERMITTED = 800
};
/* The most programs a cooperative launch may have on the fake device (132 SMs, 2 each). */
#define FAKE_COOPERATIVE_MAX 264
#define FAKE_MAX_PARAMS 80
#define FAKE_OPTIN_SHARED 232448
#define FAKE_MEMSET_MAX_WORDS ((size_t)1 << 18) /* 1 MiB */

/* The most devices, and the most live streams, the fake has. */
#define FAKE_MAX_DEVICES 8
#define FAKE_MAX_STREAMS 64

struct tcu_ctx_st {
    int id;
    int device;
};
struct tcu_stream_st {
    int id; /* s1, s2... */
    tcu_context ctx;
};
/* One allocation: which device it was made on (cuPointerGetAttributes). */
typedef struct fake_alloc {
    struct fake_alloc *next;
    uintptr_t start;
    size_t size;
    int device;
} fake_alloc;
struct tcu_mod_st {
    tcu_context ctx;
    struct tcu_func_st *fn;
};
struct tcu_func_st {
    tcu_context ctx;
    char symbol[64];
    int nparams;
    int param_size[FAKE_MAX_PARAMS];
    double time_us;
    int static_shared;
    int max_dynamic_shared; /* the attribute; 48 KiB by default */
};
struct tcu_event_st {
    double t_us;
    int recorded;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char *log_text;
static size_t log_len, log_cap;
static int logging = 1;
static struct tcu_ctx_st primary_ctx[FAKE_MAX_DEVICES] = {{1, 0}, {11, 1}, {12, 2}, {13, 3},
                                                          {14, 4}, {15, 5}, {16, 6}, {17, 7}};
static struct tcu_ctx_st extra_ctx[4] = {{2, 0}, {3, 0}, {4, 0}, {5, 0}};
static int n_extra_ctx;
static int n_devices = 1;
static int device_cc[FAKE_MAX_DEVICES];
static long retained_on[FAKE_MAX_DEVICES];
static struct tcu_stream_st *streams[FAKE_MAX_STREAMS]; /* the live ones */
static int stream_serial;
static fake_alloc *allocs;
static _Thread_local tcu_context current;
static int initialized;
static int no_device;
static int capturing;
static double clock_us;
static double drift_us; /* each launch takes this much longer than the one before (a heating device) */
static long live_allocs, live_modules, launches, live_events, live_streams;
static char fail_fn[64];
static unsigned long long encode_serial; /* cuTensorMapEncodeTiled's calls */
static int fail_code, fail_after;

static void logf_(const char *fmt, ...)
{
    if (!logging)
        return;
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    size_t len = strlen(line);
    if (log_len + len + 2 > log_cap) {
        size_t cap = (log_cap ? log_cap * 2 : 4096) + len;
        char *grown = realloc(log_text, cap);
        if (!grown)
            return;
        log_text = grown;
        log_cap = cap;
    }
    memcpy(log_text + log_len, line, len);
    log_len += len;
    log_text[log_len++] = '\n';
    log_text[log_len] = '\0';
    /* $FAKE_CUDA_LOG_FILE: each line appended there too, for a test that runs a program (the
     * command line) and reads what it called */
    const char *file = getenv("FAKE_CUDA_LOG_FILE");
    FILE *f = file && *file ? fopen(file, "a") : NULL;
    if (f) {
        fprintf(f, "%s\n", line);
        fclose(f);
    }
}

/* A scripted failure: the call named fn fails with code after `after` more successful calls. */
static int scripted_failure(const char *fn)
{
    if (fail_code && strcmp(fn, fail_fn) == 0) {
        if (fail_after-- > 0)
            return 0;
        int code = fail_code;
        fail_code = 0;
        logf_("%s -> scripted failure %d", fn, code);
        return code;
    }
    return 0;
}

static const char *ctx_name(tcu_context c)
{
    static const char *const names[] = {"none", "primary", "ctx2", "ctx3", "ctx4", "ctx5"};
    static const char *const primaries[] = {"primary",  "primary1", "primary2", "primary3",
                                            "primary4", "primary5", "primary6", "primary7"};
    if (c && c->id >= 11 && c->id <= 17)
        return primaries[c->id - 10];
    return c && c->id >= 1 && c->id <= 5 ? names[c->id] : (c ? "?" : "none");
}

/* A stream cuStreamCreate made and not destroyed yet (called with the lock held). */
static int stream_known(tcu_stream s)
{
    for (int i = 0; s && i < FAKE_MAX_STREAMS; i++)
        if (streams[i] == s)
            return 1;
    return 0;
}

/* "(nil)" for the NULL stream, "s3" for one cuStreamCreate made, the address otherwise. */
static const char *stream_text(tcu_stream s, char *buf, size_t size)
{
    if (stream_known(s))
        snprintf(buf, size, "s%d", s->id);
    else
        snprintf(buf, size, "%p", (void *)s);
    return buf;
}

/* FAKE_CUDA_DEVICES, 1 to FAKE_MAX_DEVICES (1 when unset or out of range). */
static int devices_from_env(void)
{
    const char *e = getenv("FAKE_CUDA_DEVICES");
    int n = e ? atoi(e) : 1;
    return n >= 1 && n <= FAKE_MAX_DEVICES ? n : 1;
}

__attribute__((constructor)) static void fake_start(void)
{
    n_devices = devices_from_env();
    for (int d = 0; d < FAKE_MAX_DEVICES; d++)
        device_cc[d] = 90; /* 9.0 */
}

/* The log goes with the library: a runtime that closes the driver unloads it. */
__attribute__((destructor)) static void free_log(void)
{
    free(log_text);
    log_text = NULL;
    log_len = log_cap = 0;
    for (fake_alloc *a = allocs, *next; a; a = next) {
        next = a->next;
        free(a);
    }
    allocs = NULL;
}

/* ---- steering the fake (for the tests) --------------------------------------------------------- */

EXPORT void fake_cuda_reset(void)
{
    pthread_mutex_lock(&lock);
    free(log_text);
    log_text = NULL;
    log_len = log_cap = 0;
    logging = 1;
    no_device = capturing = 0;
    n_devices = devices_from_env();
    for (int d = 0; d < FAKE_MAX_DEVICES; d++)
        device_cc[d] = 90;
    stream_serial = 0;
    clock_us = 0;
    drift_us = 0;
    launches = 0;
    fail_code = 0;
    encode_serial = 0;
    pthread_mutex_unlock(&lock);
}
/* Every device's compute capability (90 for 9.0; reset: 90), read when a runtime is created. */
EXPORT void fake_cuda_set_compute_capability(int cc)
{
    for (int d = 0; d < FAKE_MAX_DEVICES; d++)
        device_cc[d] = cc;
}
/* One device's compute capability. */
EXPORT void fake_cuda_set_device_compute_capability(int device, int cc)
{
    if (device >= 0 && device < FAKE_MAX_DEVICES)
        device_cc[device] = cc;
}
/* The number of devices, 1 to 8 (reset: $FAKE_CUDA_DEVICES, else 1). */
EXPORT void fake_cuda_set_devices(int n)
{
    if (n >= 1 && n <= FAKE_MAX_DEVICES)
        n_devices = n;
}
/* The log so far ("" when empty); valid until the next call into the fake. */
EXPORT const char *fake_cuda_log(void)
{
    return log_text ? log_text : "";
}
EXPORT void fake_cuda_set_logging(int on)
{
    logging = on;
}
EXPORT void fake_cuda_set_no_device(int on)
{
    no_device = on;
}
EXPORT void fake_cuda_set_capturing(int on)
{
    capturing = on;
}
/* From now on each launch takes us microseconds more than the one before. */
EXPORT void fake_cuda_set_drift(double us)
{
    drift_us = us;
}
/* The next call of fn after `after` successful ones fails with code. */
EXPORT void fake_cuda_fail(const char *fn, int code, int after)
{
    pthread_mutex_lock(&lock);
    snprintf(fail_fn, sizeof fail_fn, "%s", fn);
    fail_code = code;
    fail_after = after;
    pthread_mutex_unlock(&lock);
}
/* A context of its own (up to 4), for the tests of a second context. */
EXPORT tcu_context fake_cuda_new_context(void)
{
    return n_extra_ctx < 4 ? &extra_ctx[n_extra_ctx++] : NULL;
}
/* The clock moves us microseconds, as if the stream ran work that long (a benchmarked callback). */
EXPORT void fake_cuda_advance(double us)
{
    pthread_mutex_lock(&lock);
    clock_us += us;
    pthread_mutex_unlock(&lock);
}
EXPORT long fake_cuda_live_events(void)
{
    return live_events;
}
EXPORT long fake_cuda_live_allocations(void)
{
    return live_allocs;
}
EXPORT long fake_cuda_live_modules(void)
{
    return live_modules;
}
EXPORT long fake_cuda_launches(void)
{
    return launches;
}
/* The retains of every device's primary context not released yet. */
EXPORT long fake_cuda_primary_retained(void)
{
    long n = 0;
    for (int d = 0; d < FAKE_MAX_DEVICES; d++)
        n += retained_on[d];
    return n;
}
EXPORT long fake_cuda_primary_retained_on(int device)
{
    return device >= 0 && device < FAKE_MAX_DEVICES ? retained_on[device] : 0;
}
EXPORT long fake_cuda_live_streams(void)
{
    return live_streams;
}
/* The primary context of a device (what cuDevicePrimaryCtxRetain gives), NULL for none. */
EXPORT tcu_context fake_cuda_primary_context(int device)
{
    return device >= 0 && device < FAKE_MAX_DEVICES ? &primary_ctx[device] : NULL;
}
/* A stream's name as the log writes it ("s2", "(nil)"), into buf. */
EXPORT const char *fake_cuda_stream_name(tcu_stream s, char *buf, size_t size)
{
    pthread_mutex_lock(&lock);
    stream_text(s, buf, size);
    pthread_mutex_unlock(&lock);
    return buf;
}
/* The device of a stream cuStreamCreate made; -1 for the NULL stream or any other. */
EXPORT int fake_cuda_stream_device(tcu_stream s)
{
    pthread_mutex_lock(&lock);
    int d = stream_known(s) ? s->ctx->device : -1;
    pthread_mutex_unlock(&lock);
    return d;
}
/* The device of the context current on the calling thread; -1 when none is. */
EXPORT int fake_cuda_current_device(void)
{
    return current ? current->device : -1;
}
/* Logs a line (another test double's, so that one log shows the order of both). */
EXPORT void fake_cuda_log_line(const char *line)
{
    pthread_mutex_lock(&lock);
    logf_("%s", line);
    pthread_mutex_unlock(&lock);
}

/* ---- the driver API ------------------------------------------------------------------------------ */

#define ENTER(name)                                                                               \
    pthread_mutex_lock(&lock);                                                                    \
    int failed_ = scripted_failure(name);                                                         \
    if (failed_) {                                                                                \
        pthread_mutex_unlock(&lock);                                                              \
        return failed_;                                                                           \
    }
#define LEAVE(code)                                                                               \
    do {                                                                                          \
        pthread_mutex_unlock(&lock);                                                              \
        return (code);                                                                            \
    } while (0)

EXPORT tcu_result cuInit(unsigned int flags)
{
    ENTER("cuInit");
    logf_("cuInit %u", flags);
    if (no_device)
        LEAVE(TCU_ERROR_NO_DEVICE);
    initialized = 1;
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuDriverGetVersion(int *version)
{
    *version = 12080;
    return TCU_SUCCESS;
}

EXPORT tcu_result cuGetErrorName(tcu_result err, const char **name)
{
    switch (err) {
    case TCU_SUCCESS: *name = "CUDA_SUCCESS"; break;
    case TCU_ERROR_INVALID_VALUE: *name = "CUDA_ERROR_INVALID_VALUE"; break;
    case TCU_ERROR_OUT_OF_MEMORY: *name = "CUDA_ERROR_OUT_OF_MEMORY"; break;
    case TCU_ERROR_NO_DEVICE: *name = "CUDA_ERROR_NO_DEVICE"; break;
    case FAKE_INVALID_DEVICE: *name = "CUDA_ERROR_INVALID_DEVICE"; break;
    case FAKE_INVALID_IMAGE: *name = "CUDA_ERROR_INVALID_IMAGE"; break;
    case FAKE_INVALID_HANDLE: *name = "CUDA_ERROR_INVALID_HANDLE"; break;
    case TCU_ERROR_NOT_FOUND: *name = "CUDA_ERROR_NOT_FOUND"; break;
    case FAKE_NOT_PERMITTED: *name = "CUDA_ERROR_NOT_PERMITTED"; break;
    case FAKE_COOPERATIVE_TOO_LARGE: *name = "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE"; break;
    default: *name = NULL; return TCU_ERROR_INVALID_VALUE;
    }
    return TCU_SUCCESS;
}

EXPORT tcu_result cuGetErrorString(tcu_result err, const char **text)
{
    switch (err) {
    case TCU_SUCCESS: *text = "no error"; break;
    case TCU_ERROR_INVALID_VALUE: *text = "invalid argument"; break;
    case TCU_ERROR_OUT_OF_MEMORY: *text = "out of memory"; break;
    case TCU_ERROR_NO_DEVICE: *text = "no CUDA-capable device is detected"; break;
    case FAKE_INVALID_DEVICE: *text = "invalid device ordinal"; break;
    case FAKE_INVALID_IMAGE: *text = "device kernel image is invalid"; break;
    case FAKE_INVALID_HANDLE: *text = "invalid resource handle"; break;
    case TCU_ERROR_NOT_FOUND: *text = "named symbol not found"; break;
    case FAKE_NOT_PERMITTED: *text = "operation not permitted"; break;
    case FAKE_COOPERATIVE_TOO_LARGE: *text = "too many blocks in cooperative launch"; break;
    default: *text = NULL; return TCU_ERROR_INVALID_VALUE;
    }
    return TCU_SUCCESS;
}

EXPORT tcu_result cuDeviceGet(tcu_device *dev, int ordinal)
{
    ENTER("cuDeviceGet");
    logf_("cuDeviceGet %d", ordinal);
    if (!initialized)
        LEAVE(TCU_ERROR_NOT_INITIALIZED);
    if (ordinal < 0 || ordinal >= n_devices)
        LEAVE(FAKE_INVALID_DEVICE);
    *dev = ordinal;
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuDeviceGetCount(int *count)
{
    ENTER("cuDeviceGetCount");
    if (!initialized)
        LEAVE(TCU_ERROR_NOT_INITIALIZED);
    *count = n_devices;
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuDeviceGetAttribute(int *value, int attrib, tcu_device dev)
{
    if (dev < 0 || dev >= n_devices)
        return FAKE_INVALID_DEVICE;
    switch (attrib) {
    case TCU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *value = device_cc[dev] / 10; break;
    case TCU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *value = device_cc[dev] % 10; break;
    case TCU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN: *value = FAKE_OPTIN_SHARED; break;
    default: return TCU_ERROR_INVALID_VALUE;
    }
    return TCU_SUCCESS;
}

EXPORT tcu_result cuDevicePrimaryCtxRetain(tcu_context *ctx, tcu_device dev)
{
    ENTER("cuDevicePrimaryCtxRetain");
    logf_("cuDevicePrimaryCtxRetain %d", dev);
    if (dev < 0 || dev >= n_devices)
        LEAVE(FAKE_INVALID_DEVICE);
    retained_on[dev]++;
    *ctx = &primary_ctx[dev];
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuDevicePrimaryCtxRelease_v2(tcu_device dev)
{
    ENTER("cuDevicePrimaryCtxRelease");
    logf_("cuDevicePrimaryCtxRelease %d", dev);
    if (dev < 0 || dev >= FAKE_MAX_DEVICES || retained_on[dev] == 0)
        LEAVE(FAKE_INVALID_DEVICE);
    retained_on[dev]--;
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuCtxGetCurrent(tcu_context *ctx)
{
    *ctx = current;
    return TCU_SUCCESS;
}

EXPORT tcu_result cuCtxSetCurrent(tcu_context ctx)
{
    current = ctx;
    return TCU_SUCCESS;
}

EXPORT tcu_result cuCtxGetDevice(tcu_device *dev)
{
    if (!current)
        return TCU_ERROR_INVALID_CONTEXT;
    *dev = current->device;
    return TCU_SUCCESS;
}

static int parse_image(const char *text, struct tcu_func_st *f)
{
    if (strncmp(text, "stand-in cubin: ", 16) == 0) {
        sscanf(text + 16, "%63[A-Za-z0-9_]", f->symbol);
        f->nparams = -1;
        char line[1200]; /* its first line (an embedded image is not NUL-terminated) */
        size_t len = 0;
        while (len + 1 < sizeof line && text[len] && text[len] != '\n')
            len++;
        memcpy(line, text, len);
        line[len] = '\0';
        const char *t = strstr(line, " time_us="); /* the stand-in's STAND_IN_TIME_US */
        f->time_us = t ? strtod(t + 9, NULL) : 1.0;
        f->max_dynamic_shared = 49152;
        return 1;
    }
    if (strncmp(text, "FAKECUBIN ", 10) != 0 && strncmp(text, "FAKEPTX ", 8) != 0)
        return 0;
    const char *s = strstr(text, "symbol=");
    const char *a = strstr(text, "args=");
    if (!s || !a)
        return 0;
    sscanf(s + 7, "%63[A-Za-z0-9_]", f->symbol);
    const char *p = a + 5;
    f->nparams = 0;
    while (*p >= '0' && *p <= '9' && f->nparams < FAKE_MAX_PARAMS) {
        f->param_size[f->nparams++] = (int)strtol(p, (char **)&p, 10);
        if (*p == ',')
            p++;
    }
    const char *t = strstr(text, "time_us=");
    f->time_us = t ? strtod(t + 8, NULL) : 1.0;
    const char *ss = strstr(text, "static_shared=");
    f->static_shared = ss ? atoi(ss + 14) : 0;
    f->max_dynamic_shared = 49152;
    return 1;
}

EXPORT tcu_result cuModuleLoadData(tcu_module *mod, const void *image)
{
    ENTER("cuModuleLoadData");
    if (!current) {
        logf_("cuModuleLoadData without a current context");
        LEAVE(TCU_ERROR_INVALID_CONTEXT);
    }
    struct tcu_func_st f = {0};
    if (!image || !parse_image(image, &f)) {
        logf_("cuModuleLoadData ctx=%s: not an image", ctx_name(current));
        LEAVE(FAKE_INVALID_IMAGE);
    }
    struct tcu_mod_st *m = calloc(1, sizeof *m);
    struct tcu_func_st *fn = malloc(sizeof *fn);
    if (!m || !fn) {
        free(m);
        free(fn);
        LEAVE(TCU_ERROR_OUT_OF_MEMORY);
    }
    *fn = f;
    fn->ctx = current;
    m->ctx = current;
    m->fn = fn;
    live_modules++;
    logf_("cuModuleLoadData ctx=%s %s symbol=%s", ctx_name(current),
          strncmp(image, "FAKEPTX", 7) == 0 ? "ptx" : "cubin", f.symbol);
    *mod = m;
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuModuleUnload(tcu_module mod)
{
    ENTER("cuModuleUnload");
    if (!mod)
        LEAVE(FAKE_INVALID_HANDLE);
    logf_("cuModuleUnload ctx=%s symbol=%s", ctx_name(mod->ctx), mod->fn->symbol);
    if (mod->ctx != current)
        logf_("cuModuleUnload: warning: module of ctx=%s unloaded in ctx=%s", ctx_name(mod->ctx), ctx_name(current));
    free(mod->fn);
    free(mod);
    live_modules--;
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuModuleGetFunction(tcu_function *fn, tcu_module mod, const char *name)
{
    ENTER("cuModuleGetFunction");
    logf_("cuModuleGetFunction %s", name);
    if (!mod || strcmp(mod->fn->symbol, name) != 0)
        LEAVE(TCU_ERROR_NOT_FOUND);
    *fn = mod->fn;
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuFuncGetAttribute(int *value, int attrib, tcu_function fn)
{
    if (!fn)
        return FAKE_INVALID_HANDLE;
    if (attrib == TCU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)
        *value = fn->static_shared;
    else if (attrib == TCU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
        *value = fn->max_dynamic_shared;
    else
        return TCU_ERROR_INVALID_VALUE;
    return TCU_SUCCESS;
}

EXPORT tcu_result cuFuncSetAttribute(tcu_function fn, int attrib, int value)
{
    ENTER("cuFuncSetAttribute");
    if (!fn)
        LEAVE(FAKE_INVALID_HANDLE);
    logf_("cuFuncSetAttribute %s attr=%d value=%d", fn->symbol, attrib, value);
    if (attrib == TCU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) {
        if (value + fn->static_shared > FAKE_OPTIN_SHARED)
            LEAVE(TCU_ERROR_INVALID_VALUE);
        fn->max_dynamic_shared = value;
    }
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuFuncSetCacheConfig(tcu_function fn, int config)
{
    ENTER("cuFuncSetCacheConfig");
    logf_("cuFuncSetCacheConfig %s %d", fn ? fn->symbol : "?", config);
    LEAVE(fn ? TCU_SUCCESS : FAKE_INVALID_HANDLE);
}

/* "args=[0x1000,0x2000,7]": each parameter by the size the image declares. */
static void format_params(const struct tcu_func_st *f, void **params, char *out, size_t size)
{
    size_t n = 0;
    if (f->nparams < 0) {
        snprintf(out, size, "?");
        return;
    }
    n += (size_t)snprintf(out + n, size - n, "[");
    for (int i = 0; i < f->nparams && n < size; i++) {
        const void *p = params[i];
        char v[40];
        switch (f->param_size[i]) {
        case 128: { /* a CUtensorMap by value: what fake_encode wrote into it */
            uint64_t w[2];
            memcpy(w, p, sizeof w);
            snprintf(v, sizeof v, "%smap#%" PRIu64 "@0x%" PRIx64, ((uintptr_t)p % 64) ? "misaligned-" : "", w[1],
                     w[0]);
        } break;
        case 1: {
            int8_t x;
            memcpy(&x, p, 1);
            snprintf(v, sizeof v, "%d", x);
        } break;
        case 2: {
            uint16_t x;
            memcpy(&x, p, 2);
            snprintf(v, sizeof v, "h%04x", x);
        } break;
        case 4: {
            int32_t x;
            memcpy(&x, p, 4);
            snprintf(v, sizeof v, "%" PRId32, x);
        } break;
        default: {
            uint64_t x;
            memcpy(&x, p, 8);
            snprintf(v, sizeof v, "0x%" PRIx64, x);
        } break;
        }
        n += (size_t)snprintf(out + n, size - n, "%s%s", i ? "," : "", v);
    }
    if (n < size)
        snprintf(out + n, size - n, "]");
}

/* The checks the real driver makes that a test relies on. */
static tcu_result check_launch(tcu_function fn, unsigned bx, unsigned by, unsigned bz, unsigned shared,
                               tcu_stream stream)
{
    if (!fn)
        return FAKE_INVALID_HANDLE;
    if (fn->ctx != current) {
        logf_("launch of %s (loaded in ctx=%s) in ctx=%s", fn->symbol, ctx_name(fn->ctx), ctx_name(current));
        return FAKE_INVALID_HANDLE;
    }
    if (stream_known(stream) && stream->ctx != current) {
        logf_("launch of %s on stream s%d of ctx=%s in ctx=%s", fn->symbol, stream->id, ctx_name(stream->ctx),
              ctx_name(current));
        return FAKE_INVALID_HANDLE;
    }
    if (bx % 32 || bx > 1024 || by != 1 || bz != 1)
        return TCU_ERROR_INVALID_VALUE;
    if ((int)shared > fn->max_dynamic_shared) {
        logf_("launch of %s with %u bytes of shared memory above its limit %d", fn->symbol, shared,
              fn->max_dynamic_shared);
        return TCU_ERROR_INVALID_VALUE;
    }
    return TCU_SUCCESS;
}

EXPORT tcu_result cuLaunchKernel(tcu_function fn, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,
                                 unsigned int by, unsigned int bz, unsigned int shared, tcu_stream stream,
                                 void **params, void **extra)
{
    ENTER("cuLaunchKernel");
    tcu_result r = check_launch(fn, bx, by, bz, shared, stream);
    if (r != TCU_SUCCESS || extra)
        LEAVE(r != TCU_SUCCESS ? r : TCU_ERROR_INVALID_VALUE);
    char args[1024] = "", sname[32];
    if (logging)
        format_params(fn, params, args, sizeof args);
    logf_("cuLaunchKernel %s grid=%ux%ux%u block=%u shared=%u stream=%s ctx=%s args=%s", fn->symbol, gx, gy, gz, bx,
          shared, stream_text(stream, sname, sizeof sname), ctx_name(current), args);
    clock_us += fn->time_us + drift_us * (double)launches;
    launches++;
    LEAVE(TCU_SUCCESS);
}

#ifndef FAKE_CUDA_NO_LAUNCH_EX
EXPORT tcu_result cuLaunchKernelEx(const tcu_launch_config *c, tcu_function fn, void **params, void **extra)
{
    ENTER("cuLaunchKernelEx");
    tcu_result r = check_launch(fn, c->block_dim_x, c->block_dim_y, c->block_dim_z, c->shared_mem_bytes, c->stream);
    if (r != TCU_SUCCESS || extra)
        LEAVE(r != TCU_SUCCESS ? r : TCU_ERROR_INVALID_VALUE);
    char attrs[256] = "";
    size_t n = 0;
    for (unsigned i = 0; i < c->num_attrs; i++) {
        const tcu_launch_attribute *a = &c->attrs[i];
        if (a->id == TCU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) {
            n += (size_t)snprintf(attrs + n, sizeof attrs - n, "%scluster=%ux%ux%u", i ? "," : "",
                                  a->value.cluster_dim.x, a->value.cluster_dim.y, a->value.cluster_dim.z);
            if (c->grid_dim_x % a->value.cluster_dim.x)
                LEAVE(TCU_ERROR_INVALID_VALUE);
        } else if (a->id == TCU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION) {
            n += (size_t)snprintf(attrs + n, sizeof attrs - n, "%spdl=%d", i ? "," : "",
                                  a->value.programmatic_stream_serialization_allowed);
        } else if (a->id == TCU_LAUNCH_ATTRIBUTE_COOPERATIVE) {
            n += (size_t)snprintf(attrs + n, sizeof attrs - n, "%scooperative=%d", i ? "," : "", a->value.cooperative);
            /* the real driver refuses a cooperative grid larger than the device holds at once */
            if ((unsigned long long)c->grid_dim_x * c->grid_dim_y * c->grid_dim_z > FAKE_COOPERATIVE_MAX)
                LEAVE(FAKE_COOPERATIVE_TOO_LARGE);
        } else if (a->id == TCU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE) {
            n += (size_t)snprintf(attrs + n, sizeof attrs - n, "%spolicy=%d", i ? "," : "",
                                  a->value.cluster_scheduling_policy_preference);
        } else {
            n += (size_t)snprintf(attrs + n, sizeof attrs - n, "%sattr%d", i ? "," : "", a->id);
        }
    }
    char args[1024], sname[32];
    format_params(fn, params, args, sizeof args);
    logf_("cuLaunchKernelEx %s grid=%ux%ux%u block=%u shared=%u stream=%s ctx=%s attrs=[%s] args=%s", fn->symbol,
          c->grid_dim_x, c->grid_dim_y, c->grid_dim_z, c->block_dim_x, c->shared_mem_bytes,
          stream_text(c->stream, sname, sizeof sname), ctx_name(current), attrs, args);
    clock_us += fn->time_us + drift_us * (double)launches;
    launches++;
    LEAVE(TCU_SUCCESS);
}
#endif

/* Logs every field of the call and writes into the map its address and a serial number (which
 * a launch logs for a 128-byte parameter). Checks what the real driver checks that a test relies
 * on: the map 64-byte aligned, rank 1 to 5, the address 16-byte aligned, each box dimension 1 to
 * 256, each stride a multiple of 16. */
EXPORT tcu_result cuTensorMapEncodeTiled(tcu_tensor_map *map, int dtype, unsigned int rank, void *address,
                                         const unsigned long long *dims, const unsigned long long *strides,
                                         const unsigned int *box, const unsigned int *element_strides, int interleave,
                                         int swizzle, int l2_promotion, int oob_fill)
{
    ENTER("cuTensorMapEncodeTiled");
    if (!map || (uintptr_t)map % 64 || rank < 1 || rank > 5 || (uintptr_t)address % 16)
        LEAVE(TCU_ERROR_INVALID_VALUE);
    char line[1024];
    size_t n = (size_t)snprintf(line, sizeof line, "cuTensorMapEncodeTiled type=%d rank=%u address=%p dims=[", dtype,
                                rank, address);
    for (unsigned i = 0; i < rank; i++)
        n += (size_t)snprintf(line + n, sizeof line - n, "%s%llu", i ? "," : "", dims[i]);
    n += (size_t)snprintf(line + n, sizeof line - n, "] strides=[");
    for (unsigned i = 0; i + 1 < rank; i++) /* the driver reads rank - 1 strides */
        n += (size_t)snprintf(line + n, sizeof line - n, "%s%llu", i ? "," : "", strides[i]);
    n += (size_t)snprintf(line + n, sizeof line - n, "] box=[");
    for (unsigned i = 0; i < rank; i++)
        n += (size_t)snprintf(line + n, sizeof line - n, "%s%u", i ? "," : "", box[i]);
    n += (size_t)snprintf(line + n, sizeof line - n, "] element_strides=[");
    for (unsigned i = 0; i < rank; i++)
        n += (size_t)snprintf(line + n, sizeof line - n, "%s%u", i ? "," : "", element_strides[i]);
    snprintf(line + n, sizeof line - n, "] interleave=%d swizzle=%d l2=%d oob=%d", interleave, swizzle, l2_promotion,
             oob_fill);
    logf_("%s", line);
    for (unsigned i = 0; i < rank; i++)
        if (box[i] < 1 || box[i] > 256 || (i + 1 < rank && strides[i] % 16))
            LEAVE(TCU_ERROR_INVALID_VALUE);
    memset(map, 0, sizeof *map);
    map->opaque[0] = (unsigned long long)(uintptr_t)address;
    map->opaque[1] = ++encode_serial;
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuMemAlloc_v2(tcu_deviceptr *ptr, size_t bytes)
{
    ENTER("cuMemAlloc");
    if (!current)
        LEAVE(TCU_ERROR_INVALID_CONTEXT);
    if (capturing) {
        logf_("cuMemAlloc during a stream capture");
        LEAVE(FAKE_NOT_PERMITTED);
    }
    void *p = NULL;
    size_t rounded = (bytes + 255) / 256 * 256;
    fake_alloc *a = malloc(sizeof *a);
    if (!a || posix_memalign(&p, 256, rounded ? rounded : 256) != 0) {
        free(a);
        LEAVE(TCU_ERROR_OUT_OF_MEMORY);
    }
    *a = (fake_alloc){.next = allocs, .start = (uintptr_t)p, .size = rounded ? rounded : 256, .device = current->device};
    allocs = a;
    *ptr = (tcu_deviceptr)(uintptr_t)p;
    live_allocs++;
    logf_("cuMemAlloc %zu", bytes);
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuMemFree_v2(tcu_deviceptr ptr)
{
    ENTER("cuMemFree");
    logf_("cuMemFree");
    for (fake_alloc **a = &allocs; *a; a = &(*a)->next)
        if ((*a)->start == (uintptr_t)ptr) {
            fake_alloc *dead = *a;
            *a = dead->next;
            free(dead);
            break;
        }
    free((void *)(uintptr_t)ptr);
    if (ptr)
        live_allocs--;
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuMemcpyHtoD_v2(tcu_deviceptr dst, const void *src, size_t bytes)
{
    memcpy((void *)(uintptr_t)dst, src, bytes);
    return TCU_SUCCESS;
}

EXPORT tcu_result cuMemcpyDtoH_v2(void *dst, tcu_deviceptr src, size_t bytes)
{
    memcpy(dst, (const void *)(uintptr_t)src, bytes);
    return TCU_SUCCESS;
}

EXPORT tcu_result cuMemsetD8_v2(tcu_deviceptr dst, unsigned char value, size_t n)
{
    memset((void *)(uintptr_t)dst, value, n);
    return TCU_SUCCESS;
}

EXPORT tcu_result cuMemsetD8Async(tcu_deviceptr dst, unsigned char value, size_t n, tcu_stream stream)
{
    ENTER("cuMemsetD8Async");
    logf_("cuMemsetD8Async %zu %p", n, (void *)stream);
    memset((void *)(uintptr_t)dst, value, n);
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuMemcpyDtoD_v2(tcu_deviceptr dst, tcu_deviceptr src, size_t bytes)
{
    ENTER("cuMemcpyDtoD");
    logf_("cuMemcpyDtoD %zu", bytes);
    memmove((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, bytes);
    LEAVE(capturing ? FAKE_NOT_PERMITTED : TCU_SUCCESS);
}

EXPORT tcu_result cuMemsetD32Async(tcu_deviceptr dst, unsigned int value, size_t n, tcu_stream stream)
{
    ENTER("cuMemsetD32Async");
    logf_("cuMemsetD32Async n=%zu value=%u stream=%p", n, value, (void *)stream);
    uint32_t *p = (uint32_t *)(uintptr_t)dst;
    for (size_t i = 0; i < n && i < FAKE_MEMSET_MAX_WORDS; i++)
        p[i] = value;
    clock_us += (double)n * 4 / (1024.0 * 1024.0);
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuStreamIsCapturing(tcu_stream stream, int *status)
{
    (void)stream;
    *status = capturing ? TCU_STREAM_CAPTURE_STATUS_ACTIVE : TCU_STREAM_CAPTURE_STATUS_NONE;
    return TCU_SUCCESS;
}

EXPORT tcu_result cuStreamCreate(tcu_stream *stream, unsigned int flags)
{
    ENTER("cuStreamCreate");
    if (!current)
        LEAVE(TCU_ERROR_INVALID_CONTEXT);
    int slot = 0;
    while (slot < FAKE_MAX_STREAMS && streams[slot])
        slot++;
    struct tcu_stream_st *s = slot < FAKE_MAX_STREAMS ? malloc(sizeof *s) : NULL;
    if (!s)
        LEAVE(TCU_ERROR_OUT_OF_MEMORY);
    *s = (struct tcu_stream_st){.id = ++stream_serial, .ctx = current};
    streams[slot] = s;
    live_streams++;
    logf_("cuStreamCreate s%d flags=%u ctx=%s", s->id, flags, ctx_name(current));
    *stream = s;
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuStreamDestroy_v2(tcu_stream stream)
{
    ENTER("cuStreamDestroy");
    for (int i = 0; i < FAKE_MAX_STREAMS; i++)
        if (stream && streams[i] == stream) {
            logf_("cuStreamDestroy s%d ctx=%s", stream->id, ctx_name(current));
            streams[i] = NULL;
            free(stream);
            live_streams--;
            LEAVE(TCU_SUCCESS);
        }
    LEAVE(FAKE_INVALID_HANDLE);
}

EXPORT tcu_result cuStreamGetCtx(tcu_stream stream, tcu_context *ctx)
{
    ENTER("cuStreamGetCtx");
    if (!stream) {
        if (!current)
            LEAVE(TCU_ERROR_INVALID_CONTEXT);
        *ctx = current; /* the NULL stream is the current context's */
        LEAVE(TCU_SUCCESS);
    }
    if (!stream_known(stream))
        LEAVE(FAKE_INVALID_HANDLE);
    *ctx = stream->ctx;
    LEAVE(TCU_SUCCESS);
}

/* The memory type, whether managed (never here) and the device of an allocation; for any other
 * address, memory type 0 (what the driver answers for host memory it does not know). */
EXPORT tcu_result cuPointerGetAttributes(unsigned int n, int *attributes, void **data, tcu_deviceptr ptr)
{
    ENTER("cuPointerGetAttributes");
    const fake_alloc *found = NULL;
    for (const fake_alloc *a = allocs; a && !found; a = a->next)
        if (ptr >= a->start && ptr - a->start < a->size)
            found = a;
    for (unsigned i = 0; i < n; i++) {
        switch (attributes[i]) {
        case TCU_POINTER_ATTRIBUTE_MEMORY_TYPE: *(unsigned *)data[i] = found ? TCU_MEMORYTYPE_DEVICE : 0; break;
        case TCU_POINTER_ATTRIBUTE_IS_MANAGED: *(unsigned *)data[i] = 0; break;
        case TCU_POINTER_ATTRIBUTE_DEVICE_ORDINAL: *(int *)data[i] = found ? found->device : -2; break;
        default: LEAVE(TCU_ERROR_INVALID_VALUE);
        }
    }
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuStreamSynchronize(tcu_stream stream)
{
    ENTER("cuStreamSynchronize");
    char sname[32];
    logf_("cuStreamSynchronize %s", stream_text(stream, sname, sizeof sname));
    LEAVE(capturing ? FAKE_NOT_PERMITTED : TCU_SUCCESS);
}

EXPORT tcu_result cuCtxSynchronize(void)
{
    ENTER("cuCtxSynchronize");
    logf_("cuCtxSynchronize");
    LEAVE(capturing ? FAKE_NOT_PERMITTED : TCU_SUCCESS);
}

EXPORT tcu_result cuEventCreate(tcu_event *ev, unsigned int flags)
{
    ENTER("cuEventCreate");
    logf_("cuEventCreate %u", flags);
    *ev = calloc(1, sizeof **ev);
    if (!*ev)
        LEAVE(TCU_ERROR_OUT_OF_MEMORY);
    live_events++;
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuEventDestroy_v2(tcu_event ev)
{
    ENTER("cuEventDestroy");
    logf_("cuEventDestroy");
    if (ev)
        live_events--;
    free(ev);
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuEventRecord(tcu_event ev, tcu_stream stream)
{
    ENTER("cuEventRecord");
    logf_("cuEventRecord stream=%p", (void *)stream);
    ev->t_us = clock_us;
    ev->recorded = 1;
    LEAVE(TCU_SUCCESS);
}

EXPORT tcu_result cuEventSynchronize(tcu_event ev)
{
    ENTER("cuEventSynchronize");
    logf_("cuEventSynchronize");
    LEAVE(ev && ev->recorded ? TCU_SUCCESS : TCU_ERROR_INVALID_VALUE);
}

EXPORT tcu_result cuEventElapsedTime(float *ms, tcu_event start, tcu_event end)
{
    ENTER("cuEventElapsedTime");
    logf_("cuEventElapsedTime");
    if (!start->recorded || !end->recorded)
        LEAVE(TCU_ERROR_INVALID_VALUE);
    *ms = (float)((end->t_us - start->t_us) / 1000.0);
    LEAVE(TCU_SUCCESS);
}
