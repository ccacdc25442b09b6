/* Private to the CUDA runtime (runtime*.c, args*.c, module*.c, launch*.c, autotune*.c, device.c,
 * nccl*.c): the objects, the sticky error, argument packing, loaded variants, scratch buffers,
 * devices, streams and communicators.
 *
 * Locking: rt->lock guards everything that changes after creation (kernel handles, compiled
 * variants, the lists below). The lists a launch reads (a handle's loaded variants) are
 * append-only and published with release stores, so the hot path reads them without the lock;
 * nothing is freed before tc_runtime_destroy. */
#ifndef TRITONC_CUDA_RUNTIME_INTERNAL_H
#define TRITONC_CUDA_RUNTIME_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cuda/driver.h"
#include "base/error.h"
#include "tritonc/cuda.h"

/* One variant loaded in one context for one kernel handle: what a launch needs. */
typedef struct cuda_loaded {
    struct cuda_loaded *_Atomic next;
    char key[TC_MAX_ARGS + 1];
    tcu_context ctx;
    tcu_module module;
    tcu_function fn;
    const tc_variant *variant;
    unsigned block_x; /* 32 * num_warps */
    unsigned shared; /* dynamic shared memory bytes */
    unsigned num_ctas;
    bool needs_scratch; /* global or profile scratch size > 0 */
    bool launch_pdl, launch_cooperative_grid; /* the variant's options, as Triton's launcher
                                                 reads them from its metadata */
} cuda_loaded;

/* A scratch buffer for launches in one (context, stream): grown when a launch needs more;
 * launches in one stream run in order, so they can share it. */
typedef struct cuda_scratch {
    struct cuda_scratch *next;
    tcu_context ctx;
    tc_stream stream;
    bool profile; /* profile scratch (else global) */
    tcu_deviceptr ptr; /* aligned start */
    tcu_deviceptr alloc; /* what cuMemAlloc gave */
    size_t size; /* usable bytes from ptr */
} cuda_scratch;

/* A variant compiled (tc_compile) by this runtime, owned by it. */
typedef struct cuda_compiled {
    struct cuda_compiled *next;
    tc_variant *variant;
} cuda_compiled;

typedef struct cuda_variant_set {
    struct cuda_variant_set *next;
    int n;
    const tc_variant *variants;
} cuda_variant_set;

/* The IR hash (tc_ir_hash) of a handle's kernel for one key, worked out once (stale.c). */
typedef struct cuda_ir_hash {
    struct cuda_ir_hash *next;
    char key[TC_MAX_ARGS + 1];
    uint64_t hash;
} cuda_ir_hash;

/* What a launch checks and packs for one declared argument, worked out once per handle. */
typedef enum cuda_class { TCR_PTR, TCR_BOOL, TCR_SINT, TCR_UINT, TCR_FLOAT, TCR_DESC, TCR_UNLAUNCHABLE } cuda_class;
typedef struct cuda_param_class {
    uint8_t cls; /* cuda_class */
    uint8_t bits; /* integers and floats */
    bool dns; /* do_not_specialize */
    tl_dtype dtype;
} cuda_param_class;

/* One device of the machine as the runtime knows it (device.c). */
typedef struct cuda_device {
    bool known; /* handle read (cuDeviceGet) */
    bool retained; /* primary retained by device.c (the runtime's own device's is rt->primary) */
    tcu_device handle;
    tcu_context primary; /* NULL until tc_set_device or a communicator asks for the device */
} cuda_device;

/* A stream tc_stream_create made, destroyed at tc_stream_destroy or with the runtime. */
typedef struct cuda_stream {
    struct cuda_stream *next;
    tcu_stream stream;
    tcu_context ctx;
} cuda_stream;

struct tc_comm; /* tritonc/nccl.h, nccl_internal.h */

struct tc_kernel {
    struct tc_kernel *next;
    tc_runtime *rt;
    const tl_kernel *k;
    void *cfg; /* a copy of the config (k->cfg_size bytes) */
    char *config_text; /* tc_config_text */
    tc_options opts; /* filled */
    int nparams;
    tc_param *params;
    cuda_param_class cls[TC_MAX_ARGS];
    char *names; /* "x_ptr, y_ptr, ..." for messages */
    cuda_loaded *_Atomic loaded;
    cuda_ir_hash *ir_hashes; /* under rt->lock */
};

struct tc_runtime {
    cuda_driver drv;
    pthread_mutex_t lock; /* see above */
    pthread_mutex_t error_lock; /* the error alone (recorded with or without lock held) */
    base_error error; /* recorded and cleared under error_lock; read without it */
    tcu_device device;
    int ordinal; /* the device's number (tc_runtime_options.device) */
    int arch; /* the device's compute capability, 90 for 9.0: the variants launched */
    tcu_context primary; /* retained; NULL when not */
    int ndevices; /* the machine's, once `devices` is made (under lock) */
    cuda_device *devices; /* one per device, made at the first call that needs it (under lock) */
    cuda_stream *streams; /* under lock */
    struct tc_comm *comms; /* the communicators alive (nccl.c), under lock */
    bool has_env;
    tc_compile_env env;
    char *env_cache_dir, *env_compiler, *env_from;
    cuda_variant_set *sets;
    cuda_compiled *compiled;
    tc_kernel *kernels;
    cuda_scratch *scratch;
    tc_autotuner *tuners;
};

/* ---- errors (runtime_error.c) ------------------------------------------------------------ */

/* Records the first error ("file:line: func: message"); later ones are dropped. Thread-safe. */
void cuda_fail(tc_runtime *rt, tl_site site, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Records "FN failed: CUDA_ERROR_... (N: text)" plus what, when r is not success; returns
 * r == success. */
bool cuda_check(tc_runtime *rt, tl_site site, tcu_result r, const char *fn, const char *what);
/* True when rt can be used: not NULL, driver open, no error recorded. */
static inline bool cuda_usable(const tc_runtime *rt) { return rt && !base_error_is_set(&rt->error) && rt->drv.dl; }
/* cuda_usable, recording "the CUDA driver is not loaded" when the error was cleared after the
 * driver failed to open. */
bool cuda_ready(tc_runtime *rt, tl_site site);

/* ---- contexts (runtime.c) ----------------------------------------------------------------- */

/* The context current on this thread; when none, the runtime's primary one is made current.
 * NULL (error recorded) on failure. */
tcu_context cuda_current_context(tc_runtime *rt, tl_site site);

/* ---- devices and streams (device.c) ------------------------------------------------------ */

/* The primary context of device `device` (retained once, kept until the runtime is destroyed):
 * NULL, error recorded, for a device that does not exist or whose compute capability is not
 * the runtime's device's (variants are chosen by the runtime's arch). Takes rt->lock. */
tcu_context cuda_device_context(tc_runtime *rt, tl_site site, int device);
/* The number of the device of driver handle h; -1 (error recorded) when none has it. */
int cuda_device_ordinal(tc_runtime *rt, tl_site site, tcu_device h);
/* Destroys the streams tc_stream_create made and not destroyed, and releases the primary
 * contexts retained for devices (at runtime destroy, after modules and scratch are freed). */
void cuda_streams_destroy_all(tc_runtime *rt);
void cuda_devices_release_all(tc_runtime *rt);

/* ---- communicators (nccl.c) ----------------------------------------------------------------- */

/* Destroys every communicator still alive (at runtime destroy, first). */
void cuda_comms_destroy_all(tc_runtime *rt);

/* ---- arguments (args.c) ------------------------------------------------------------------- */

/* The most host tensor descriptors a kernel may take, and the most parameters its compiled
 * function may have (a descriptor brings its shape and strides, decomposed more). */
enum { CUDA_MAX_DESCS = 16, CUDA_MAX_PARAMS = TC_MAX_ARGS + 21 * CUDA_MAX_DESCS };

/* The arguments of one launch, checked and packed for the compiled function. */
typedef struct cuda_packed {
    char key[TC_MAX_ARGS + 1];
    int n; /* arguments kept (not '1') */
    uint64_t slot[TC_MAX_ARGS]; /* their values, each at the start of its slot */
    int ndesc; /* host tensor descriptors among them: expanded at the launch (tensordesc.c) */
    struct {
        int slot; /* its slot among the kept */
        int param; /* its declared argument */
        tc_tensordesc d; /* a copy of the caller's */
    } desc[CUDA_MAX_DESCS];
} cuda_packed;

/* The parameters of the compiled function for one launch: each kept argument, a descriptor's
 * CUtensorMap (or decomposition), shape and strides. */
typedef struct cuda_params {
    void *p[CUDA_MAX_PARAMS + 2]; /* + the two scratch pointers */
    int n;
    uint64_t ext[CUDA_MAX_PARAMS]; /* what the descriptors expand to */
    int next;
    _Alignas(128) tcu_tensor_map map[CUDA_MAX_DESCS]; /* passed by value: 128-byte aligned, as Triton's */
} cuda_params;

/* The class of a declared argument (args.c). */
cuda_param_class cuda_classify(const tc_param *p);
/* Checks args against k's declaration, computes the key and packs the kept arguments. false
 * (error recorded at site) on a mismatch. */
bool cuda_pack_args(tc_kernel *k, tl_site site, int nargs, const tc_arg *args, cuda_packed *out);
/* IEEE half and bfloat16 bits of a float (round to nearest even). */
uint16_t cuda_f16_bits(float f);
uint16_t cuda_bf16_bits(float f);

/* ---- host tensor descriptors (tensordesc.c) ------------------------------------------------ */

/* Checks descriptor argument a against declared argument i of k (Triton's TensorDescriptor
 * checks, TMA's limits) and copies it into *out; false with the error recorded. */
bool cuda_desc_check(tc_kernel *k, tl_site site, int i, const tc_arg *a, tc_tensordesc *out);
/* The parameters of the compiled function for packed arguments p and the loaded variant l:
 * each descriptor encoded with cuTensorMapEncodeTiled from l's metadata, as Triton's launcher
 * does, or decomposed when l has none. false with the error recorded. */
bool cuda_params_build(tc_kernel *k, tl_site site, const cuda_loaded *l, const cuda_packed *p, cuda_params *out);

/* ---- variants and modules (module.c) ------------------------------------------------------- */

/* Options equal once both are filled with the defaults (runtime_kernel.c). */
bool cuda_options_equal(tc_options a, tc_options b);

/* The loaded variant of k for key in ctx: found, else looked up (embedded, memory,
 * tc_compile), loaded and published. Takes rt->lock. NULL (error recorded) on failure. */
cuda_loaded *cuda_load(tc_kernel *k, tl_site site, const char *key, tcu_context ctx, tc_stream stream);
/* Lock-free lookup of what cuda_load published. */
static inline cuda_loaded *cuda_find_loaded(tc_kernel *k, const char *key, tcu_context ctx)
{
    for (cuda_loaded *l = atomic_load_explicit(&k->loaded, memory_order_acquire); l;
         l = atomic_load_explicit(&l->next, memory_order_acquire))
        if (l->ctx == ctx && strcmp(l->key, key) == 0)
            return l;
    return NULL;
}
/* Unloads every module and frees every loaded entry of k (at runtime destroy). */
void cuda_unload_all(tc_kernel *k);

/* ---- stale variants (stale.c) --------------------------------------------------------------- */

typedef enum cuda_ir_state { TCR_IR_CURRENT, TCR_IR_STALE, TCR_IR_FAILED } cuda_ir_state;
/* Whether v was compiled from k's kernel as it builds now for key (its ir_hash; 0 is never
 * current). FAILED (error recorded) when the kernel does not build. Called with rt->lock held. */
cuda_ir_state cuda_ir_check(tc_kernel *k, tl_site site, const char *key, const tc_variant *v);
/* Remembers the hash of k for key (a variant just compiled for it), so that no check emits it. */
void cuda_ir_remember(tc_kernel *k, const char *key, uint64_t hash);
/* Frees what was remembered (at runtime destroy). */
void cuda_ir_forget_all(tc_kernel *k);

/* ---- scratch (launch.c) -------------------------------------------------------------------- */

/* Frees every scratch buffer (at runtime destroy). */
void cuda_scratch_free_all(tc_runtime *rt);
/* Frees the scratch buffers of (ctx, stream), whose work is done (a stream destroyed). */
void cuda_scratch_free_stream(tc_runtime *rt, tcu_context ctx, tc_stream stream);

/* ---- autotuning (autotune.c) ---------------------------------------------------------------- */

void cuda_autotuner_free_all(tc_runtime *rt);

#endif
