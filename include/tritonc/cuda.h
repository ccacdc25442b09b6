/* tritonc/cuda.h - launching compiled tritonc kernels from C through the CUDA driver (prefix tc_).
 *
 * A tc_runtime opens the CUDA driver (libcuda.so.1, with dlopen: nothing of CUDA is needed to
 * build a program that uses it) and launches kernels compiled by Triton (tritonc/compile.h):
 *
 *     tc_runtime *rt = tc_runtime_create(NULL);
 *     tc_kernel *add = tc_kernel_get(rt, &vector_add_kernel, NULL, (tc_options){0});
 *     tc_deviceptr x = tc_alloc(rt, n * 4), y = tc_alloc(rt, n * 4), out = tc_alloc(rt, n * 4);
 *     tc_launch(add, tc_grid1((n + 1023) / 1024), NULL,
 *               tc_ptr(x, TL_F32), tc_ptr(y, TL_F32), tc_ptr(out, TL_F32), tc_i32(n));
 *     if (tc_runtime_failed(rt))
 *         fprintf(stderr, "%s\n", tc_runtime_error(rt));
 *     tc_runtime_destroy(rt);
 *
 * Specialization, as Triton's JIT: at each launch the runtime reads the argument values and
 * computes the key the JIT would (one letter per declared argument: '1' an integer equal to 1,
 * 'D' an integer divisible by 16 or a pointer aligned to 16 bytes, 'N' anything else, floats,
 * bools and do_not_specialize arguments included), then launches the variant compiled for
 * that key. Variants are found, in order: among those added with tc_runtime_add_variants
 * (embedded in the program by `tritonc embed`), in the runtime's memory, then through
 * tc_compile (the disk cache, then Triton when it is installed and JIT mode is on). A variant
 * whose key differs from the arguments' is never launched: a pointer that is not 16-byte
 * aligned never runs a 'D' variant. Nor is one compiled from another body of the kernel (its
 * ir_hash, tritonc/compile.h): an embedded variant gone stale is recompiled or refused.
 *
 * Arguments are given in the kernel's declaration order (its tl_arg calls), each made by a
 * typed constructor (tc_ptr(p, TL_F16), tc_i32(n), tc_f32(x)...), and checked against the
 * declaration at every launch: their count, pointer or scalar, the dtype, and that an integer
 * fits the declared type.
 *
 * What a launch does is what Triton 3.6's launcher does: the compiled function gets the
 * arguments left after specialization, then a global-scratch and a profile-scratch pointer
 * (a buffer of grid * num_ctas * size bytes when the kernel needs one, NULL otherwise);
 * dynamic shared memory above 48 KiB is allowed through the function attribute when the
 * module is loaded; num_ctas > 1 launches clusters through cuLaunchKernelEx; a grid with a
 * zero dimension launches nothing (and is no error).
 *
 * Contexts: modules are loaded per CUDA context, the one current on the calling thread at
 * launch (a second context works). A thread with no current context gets the runtime's: the
 * primary context of its device, retained when the runtime was created.
 *
 * Several devices: tc_set_device(rt, d) makes device d's primary context current on the
 * calling thread (retained by the runtime until it is destroyed); from then on that thread's
 * launches, allocations and copies are on device d. A kernel handle works on every device: its
 * module is loaded in each context at the first launch there. Collectives between devices
 * through NCCL: tritonc/nccl.h.
 *
 * Threads and CUDA graphs: every call is thread-safe (two threads may launch the same kernel
 * at once). Once a variant is loaded in a context, a launch takes no lock (but one to find the
 * scratch buffer of a kernel that needs scratch), allocates nothing and never synchronizes, so
 * it can be captured into a CUDA graph; a launch that would have to grow a scratch buffer or
 * load a module while its stream is capturing fails instead.
 *
 * Errors follow the rest of tritonc: the first failure is recorded on the runtime as one
 * message naming the C file and line of the call ("app.c:41: tc_launch: ..."), with the CUDA
 * function and its error when the driver failed; from then on every call on the runtime does
 * nothing and returns NULL / false / 0, until tc_runtime_clear_error. Nothing aborts or exits
 * (TRITONC_ABORT_ON_ERROR=1 aborts at the first error, for a debugger). No call crashes on NULL.
 *
 * Each tc_x(...) macro calls tc_x_at with the caller's file and line.
 */
#ifndef TRITONC_CUDA_H
#define TRITONC_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tritonc/compile.h"
#include "tritonc/export.h"
#include "tritonc/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tc_runtime tc_runtime;
typedef struct tc_kernel tc_kernel;
typedef struct tc_autotuner tc_autotuner;

/* A device address (CUdeviceptr) and a stream (CUstream; NULL: the default stream). */
typedef uint64_t tc_deviceptr;
typedef void *tc_stream;

/* The most arguments a kernel may declare. */
#define TC_MAX_ARGS 64

/* ---- the runtime ------------------------------------------------------------------------ */

/* The environment variable naming the driver library to open instead of libcuda.so.1. */
#define TC_LIBCUDA_ENV "TRITONC_LIBCUDA"

typedef struct tc_runtime_options {
    const char *libcuda; /* NULL: $TRITONC_LIBCUDA, else libcuda.so.1 */
    int device; /* the device whose primary context is used when none is current */
    /* How a missing variant is compiled (tritonc/compile.h: cache dir, compiler, JIT mode,
     * timeout). NULL: tc_compile's defaults (JIT on unless $TRITONC_JIT=0). Copied, its
     * strings included. */
    const tc_compile_env *compile;
} tc_runtime_options;

/* Opens the driver, initializes it and retains the device's primary context (made current on
 * this thread when none is). opts may be NULL (all defaults). Returns NULL only if malloc
 * fails; any other failure (no driver, a driver missing a function, no device) is recorded:
 * check tc_runtime_failed. */
TRITONC_API tc_runtime *tc_runtime_create_at(tl_site site, const tc_runtime_options *opts);
#define tc_runtime_create(...) tc_runtime_create_at(TL_SITE("tc_runtime_create"), __VA_ARGS__)
/* Unloads every module, frees every scratch buffer, kernel handle and autotuner, releases the
 * primary context and closes the driver. Call it when no launch is in flight on another
 * thread. NULL is a no-op. */
TRITONC_API void tc_runtime_destroy(tc_runtime *rt);

/* True once an error is recorded (and for NULL). */
TRITONC_API bool tc_runtime_failed(const tc_runtime *rt);
/* "app.c:41: tc_launch: ..." or NULL when there is none; "tritonc: NULL runtime" for NULL.
 * Owned by the runtime, valid until the error is cleared. */
TRITONC_API const char *tc_runtime_error(const tc_runtime *rt);
/* Forgets the recorded error, so that the runtime can be used again. */
TRITONC_API void tc_runtime_clear_error(tc_runtime *rt);
/* The device's compute capability (90 for 9.0): the arch of the variants it launches; 0 for
 * NULL or a runtime that failed to start. */
TRITONC_API int tc_runtime_arch(const tc_runtime *rt);

/* Adds n compiled variants (the array `tritonc embed` writes) to those the runtime looks in
 * first. The array is not copied: it must outlive the runtime (embedded arrays are static). */
TRITONC_API bool tc_runtime_add_variants_at(tl_site site, tc_runtime *rt, int n, const tc_variant *variants);
#define tc_runtime_add_variants(...) tc_runtime_add_variants_at(TL_SITE("tc_runtime_add_variants"), __VA_ARGS__)

/* ---- device memory (for programs that have no other CUDA API at hand) --------------------- */

/* cuMemAlloc in the current context (the runtime's when none is); 0 on error. */
TRITONC_API tc_deviceptr tc_alloc_at(tl_site site, tc_runtime *rt, size_t bytes);
#define tc_alloc(...) tc_alloc_at(TL_SITE("tc_alloc"), __VA_ARGS__)
/* Frees what tc_alloc gave; 0 is a no-op. */
TRITONC_API void tc_free_at(tl_site site, tc_runtime *rt, tc_deviceptr p);
#define tc_free(...) tc_free_at(TL_SITE("tc_free"), __VA_ARGS__)
/* Synchronous copies. */
TRITONC_API bool tc_copy_to_device_at(tl_site site, tc_runtime *rt, tc_deviceptr dst, const void *src, size_t bytes);
#define tc_copy_to_device(...) tc_copy_to_device_at(TL_SITE("tc_copy_to_device"), __VA_ARGS__)
TRITONC_API bool tc_copy_to_host_at(tl_site site, tc_runtime *rt, void *dst, tc_deviceptr src, size_t bytes);
#define tc_copy_to_host(...) tc_copy_to_host_at(TL_SITE("tc_copy_to_host"), __VA_ARGS__)
/* Waits until all work in the current context is done (cuCtxSynchronize). */
TRITONC_API bool tc_synchronize_at(tl_site site, tc_runtime *rt);
#define tc_synchronize(...) tc_synchronize_at(TL_SITE("tc_synchronize"), __VA_ARGS__)

/* ---- several devices, streams --------------------------------------------------------------- */

/* The number of CUDA devices of the machine (cuDeviceGetCount); 0 on error. */
TRITONC_API int tc_device_count_at(tl_site site, tc_runtime *rt);
#define tc_device_count(...) tc_device_count_at(TL_SITE("tc_device_count"), __VA_ARGS__)
/* Makes device `device`'s primary context current on the calling thread (cuCtxSetCurrent),
 * retaining it the first time (the runtime releases it when destroyed). The device must have the
 * compute capability of the runtime's device (tc_runtime_options.device): the variants launched
 * are chosen by that arch, so a device of another is refused (create a runtime for it). False
 * on error (no such device, another arch, a driver error). */
TRITONC_API bool tc_set_device_at(tl_site site, tc_runtime *rt, int device);
#define tc_set_device(...) tc_set_device_at(TL_SITE("tc_set_device"), __VA_ARGS__)
/* The device of the context current on the calling thread (the runtime's device when none is
 * current); -1 on error. */
TRITONC_API int tc_current_device_at(tl_site site, tc_runtime *rt);
#define tc_current_device(...) tc_current_device_at(TL_SITE("tc_current_device"), __VA_ARGS__)

/* A new stream in the current context (the runtime's when none is): cuStreamCreate with the
 * default flags (it orders with the legacy default stream, as cudaStreamCreate's streams do).
 * NULL on error. A convenience: launches and collectives take any CUstream. */
TRITONC_API tc_stream tc_stream_create_at(tl_site site, tc_runtime *rt);
#define tc_stream_create(...) tc_stream_create_at(TL_SITE("tc_stream_create"), __VA_ARGS__)
/* Waits for the work queued on s, frees the scratch buffers launches kept for it and destroys
 * it (in its own context, whichever is current). s must come from tc_stream_create on this
 * runtime; NULL is a no-op. The runtime destroys those left at tc_runtime_destroy. */
TRITONC_API bool tc_stream_destroy_at(tl_site site, tc_runtime *rt, tc_stream s);
#define tc_stream_destroy(...) tc_stream_destroy_at(TL_SITE("tc_stream_destroy"), __VA_ARGS__)

/* ---- kernels ------------------------------------------------------------------------------ */

/* The handle of kernel k built on cfg (its default config when NULL) with opts (0 fields:
 * Triton's defaults, tc_options_filled: 4 warps, 3 stages, 1 CTA; arch 0: the device's compute
 * capability, read when the runtime was created). A variant of another arch than the device's
 * is never launched; with none for the device's, the launch error names the archs at hand.
 * Reads the kernel's declared arguments by building it once. The same (kernel, config text,
 * options) gives the same handle; the runtime owns it. NULL on error. */
TRITONC_API tc_kernel *tc_kernel_get_at(tl_site site, tc_runtime *rt, const tl_kernel *k, const void *cfg,
                                        tc_options opts);
#define tc_kernel_get(...) tc_kernel_get_at(TL_SITE("tc_kernel_get"), __VA_ARGS__)

/* The kernel's declared arguments (n set to their count), owned by the handle; NULL for NULL. */
TRITONC_API const tc_param *tc_kernel_params_of(const tc_kernel *k, int *n);

/* One launch argument, made by the constructors below (never by hand). */
typedef enum tc_arg_kind {
    TC_ARG_NONE = 0,
    TC_ARG_PTR,
    TC_ARG_INT,
    TC_ARG_UINT,
    TC_ARG_FLOAT,
    TC_ARG_BOOL,
    TC_ARG_DESC
} tc_arg_kind;
typedef struct tc_arg {
    tc_arg_kind kind;
    tl_dtype dtype; /* the pointee for pointers; the scalar's type otherwise */
    union {
        uint64_t u;
        int64_t i;
        double f;
    } v;
} tc_arg;

/* A device pointer to dtype elements: p is a tc_deviceptr (CUdeviceptr) or a pointer. */
#define tc_ptr(p, dt) (TLX_LIT(tc_arg){.kind = TC_ARG_PTR, .dtype = (dt), .v = {.u = (uint64_t)(uintptr_t)(p)}})
#define tc_i8(x) (TLX_LIT(tc_arg){.kind = TC_ARG_INT, .dtype = TL_I8, .v = {.i = (int64_t)(x)}})
#define tc_i16(x) (TLX_LIT(tc_arg){.kind = TC_ARG_INT, .dtype = TL_I16, .v = {.i = (int64_t)(x)}})
#define tc_i32(x) (TLX_LIT(tc_arg){.kind = TC_ARG_INT, .dtype = TL_I32, .v = {.i = (int64_t)(x)}})
#define tc_i64(x) (TLX_LIT(tc_arg){.kind = TC_ARG_INT, .dtype = TL_I64, .v = {.i = (int64_t)(x)}})
#define tc_u8(x) (TLX_LIT(tc_arg){.kind = TC_ARG_UINT, .dtype = TL_U8, .v = {.u = (uint64_t)(x)}})
#define tc_u16(x) (TLX_LIT(tc_arg){.kind = TC_ARG_UINT, .dtype = TL_U16, .v = {.u = (uint64_t)(x)}})
#define tc_u32(x) (TLX_LIT(tc_arg){.kind = TC_ARG_UINT, .dtype = TL_U32, .v = {.u = (uint64_t)(x)}})
#define tc_u64(x) (TLX_LIT(tc_arg){.kind = TC_ARG_UINT, .dtype = TL_U64, .v = {.u = (uint64_t)(x)}})
#define tc_f16(x) (TLX_LIT(tc_arg){.kind = TC_ARG_FLOAT, .dtype = TL_F16, .v = {.f = (double)(x)}})
#define tc_bf16(x) (TLX_LIT(tc_arg){.kind = TC_ARG_FLOAT, .dtype = TL_BF16, .v = {.f = (double)(x)}})
#define tc_f32(x) (TLX_LIT(tc_arg){.kind = TC_ARG_FLOAT, .dtype = TL_F32, .v = {.f = (double)(x)}})
#define tc_f64(x) (TLX_LIT(tc_arg){.kind = TC_ARG_FLOAT, .dtype = TL_F64, .v = {.f = (double)(x)}})
#define tc_bool(x) (TLX_LIT(tc_arg){.kind = TC_ARG_BOOL, .dtype = TL_I1, .v = {.u = (x) ? 1u : 0u}})

/* A host tensor descriptor, Triton's `TensorDescriptor(base, shape, strides, block_shape,
 * padding)` (triton/tools/tensor_descriptor.py), for an argument declared TL_TENSORDESC
 * (tritonc/builder.h):
 *
 *     tc_tensordesc a = {.base = x, .dtype = TL_F16, .rank = 2, .shape = {M, K}, .strides = {K, 1},
 *                        .block_shape = {64, 64}};
 *     tc_launch(k, grid, stream, tc_desc(&a), ...);
 *
 * Checked at each launch as Triton checks it: rank 1 to 5 and the declared one, the declared
 * dtype and block shape, base 16-byte aligned, every stride but the last a multiple of 16 bytes,
 * the last stride 1, NaN padding for floats only; and what TMA requires (each dimension from 1
 * to 2^31 - 1, as the kernel takes it in an i32; each stride below 2^40 bytes; a box of at most
 * 256 elements per dimension). The launcher encodes a CUtensorMap as Triton 3.6's does
 * (cuTensorMapEncodeTiled: the compiled kernel's swizzle and box, no interleave, L2 promotion
 * 128B, out-of-bounds elements zero, or NaN with nan_padding) and passes it by value, 128-byte
 * aligned, then the shape (i32 each) and strides (i64 each); to a kernel compiled without TMA
 * (before sm_90) the descriptor goes decomposed, as Triton's launcher passes it then. */
typedef struct tc_tensordesc {
    tc_deviceptr base; /* the tensor's first element */
    tl_dtype dtype; /* its elements */
    int rank; /* 1 to 5 */
    int64_t shape[5]; /* elements per dimension, outermost first */
    int64_t strides[5]; /* in elements; the last is 1 */
    int block_shape[5]; /* the declared block: TL_TENSORDESC's */
    bool nan_padding; /* Triton's padding="nan" (else "zero") */
} tc_tensordesc;
/* A descriptor argument: d points to a tc_tensordesc that lives until the launch returns (a
 * compound literal in the call does: tc_desc(&(tc_tensordesc){...})). The launch copies it. */
#define tc_desc(d)                                                                                                     \
    (TLX_LIT(tc_arg){.kind = TC_ARG_DESC, .dtype = TL_DTYPE_INVALID, .v = {.u = (uint64_t)(uintptr_t)(d)}})

/* The launch grid, in programs (tl_program_id's range) per axis. */
typedef struct tc_grid {
    unsigned x, y, z;
} tc_grid;
#define tc_grid1(x) (TLX_LIT(tc_grid){(unsigned)(x), 1, 1})
#define tc_grid2(x, y) (TLX_LIT(tc_grid){(unsigned)(x), (unsigned)(y), 1})
#define tc_grid3(x, y, z) (TLX_LIT(tc_grid){(unsigned)(x), (unsigned)(y), (unsigned)(z)})

/* Launches k on grid in stream (asynchronous, like cuLaunchKernel) with nargs arguments in
 * declaration order. False on error (bad arguments, no variant for the arguments' key, a
 * driver error), with the error recorded naming the launch's C line. */
TRITONC_API bool tc_launch_args_at(tl_site site, tc_kernel *k, tc_grid grid, tc_stream stream, int nargs,
                                   const tc_arg *args);
#define tc_launch_args(...) tc_launch_args_at(TL_SITE("tc_launch"), __VA_ARGS__)
/* tc_launch(k, grid, stream, tc_ptr(x, TL_F32), tc_i32(n), ...): at least one argument (a
 * kernel without arguments: tc_launch_args(k, grid, stream, 0, NULL)). */
#define tc_launch(k, grid, stream, ...)                                                                                \
    tc_launch_args_at(TL_SITE("tc_launch"), (k), (grid), (stream), TLX_COUNT(tc_arg, __VA_ARGS__),                     \
                      TLX_ARRAY(tc_arg, __VA_ARGS__))

/* The specialization key (one letter per declared argument) the arguments give, written into
 * key (at least nargs + 1 bytes), after the same checks as a launch; NULL on error. */
TRITONC_API const char *tc_kernel_key_at(tl_site site, tc_kernel *k, int nargs, const tc_arg *args, char *key,
                                         size_t size);
#define tc_kernel_key(...) tc_kernel_key_at(TL_SITE("tc_kernel_key"), __VA_ARGS__)

/* Makes sure the variant for key is loaded in the current context (compiling it if needed), so
 * that the first launch with such arguments costs no more than the others. */
TRITONC_API bool tc_kernel_prepare_at(tl_site site, tc_kernel *k, const char *key);
#define tc_kernel_prepare(...) tc_kernel_prepare_at(TL_SITE("tc_kernel_prepare"), __VA_ARGS__)

/* ---- autotuning (as @triton.autotune(configs, key)) ---------------------------------------- */

/* One candidate: config fields set over the base config ("BLOCK_M=128,BLOCK_N=64", as
 * `tritonc emit --set` takes them; NULL or "": none) and launch options. */
typedef struct tc_tune_config {
    const char *set;
    tc_options options;
} tc_tune_config;

/* The grid of a launch under a config: cfg is the candidate's config struct, args the launch's. */
typedef tc_grid (*tc_grid_fn)(const void *cfg, int nargs, const tc_arg *args, void *user);

typedef struct tc_autotune_options {
    /* The names of the arguments whose values key the choice (Python's `key=[...]`); the
     * dtypes of the pointer arguments are part of the key too, as in Triton. */
    int nkey;
    const char *const *key;
    int warmup; /* untimed launches per config (0: 5) */
    int repeats; /* timed launches per config, each between two CUDA events (0: 20); the
                    median is the config's time */
    /* Where the best config per key is kept across runs: a directory (NULL: the compile
     * cache's, autotune/ under it); "" keeps it in memory only. */
    const char *cache_dir;
    /* Python's prune_configs_by, both optional, applied before timing a new key: `prune`
     * (early_config_prune) keeps config i when it returns true; then, when `perf_model` is
     * given and more than top_k configs are left (top_k 0: all), only the top_k with the
     * smallest estimate are timed. cfg is the candidate's config struct. All pruned: an error. */
    bool (*prune)(int i, const void *cfg, tc_options options, int nargs, const tc_arg *args, void *user);
    double (*perf_model)(int i, const void *cfg, tc_options options, int nargs, const tc_arg *args, void *user);
    int top_k;
    void *prune_user;
    /* Winners decided ahead of time (docs/launch.md "Tables of winners"): the text of a table
     * (what `tritonc autotune` and tc_autotune_write_table write; tritonc_add_kernels embeds
     * one) and/or the path of a table file. A launch whose key tuple is in a table launches the
     * table's config: nothing is timed, nothing synchronizes, so it may be captured into a CUDA
     * graph (once its variant is loaded: tc_autotune_prepare). The tables come before the
     * persisted file; a table that does not parse, or names a config that is not among the
     * candidates, fails tc_autotune_create. */
    const char *table;
    const char *table_file;
    /* Triton's reset_to_zero and restore_value: the names of pointer arguments whose buffers
     * are zeroed before each launch that times a config, and saved before the timing and
     * restored after it, so that tuning a kernel that accumulates into its output leaves the
     * output as one launch makes it. arg_bytes gives a buffer's size in bytes (required when
     * either list is given); arg is the argument's index. */
    int nreset;
    const char *const *reset_to_zero;
    int nrestore;
    const char *const *restore_value;
    size_t (*arg_bytes)(int arg, int nargs, const tc_arg *args, void *user);
    void *arg_bytes_user;
} tc_autotune_options;

/* An autotuner over nconfigs candidates (copied) of k on base_cfg (NULL: the default); grid
 * computes each launch's grid. NULL on error (a bad --set text names the config). */
TRITONC_API tc_autotuner *tc_autotune_create_at(tl_site site, tc_runtime *rt, const tl_kernel *k, const void *base_cfg,
                                                int nconfigs, const tc_tune_config *configs, tc_grid_fn grid,
                                                void *grid_user, tc_autotune_options opts);
#define tc_autotune_create(...) tc_autotune_create_at(TL_SITE("tc_autotune_create"), __VA_ARGS__)

/* An autotuner of k made from tables of winners alone (docs/launch.md "Tables of winners"): the
 * first of the ntables texts whose `kernel` line names k gives the candidates (its `config`
 * lines, else its winners), the key (its `key` line, else the names of its first key), the base
 * config (its `base` line over k's default, else the default), reset_to_zero and restore_value,
 * and its winners. What tritonc_add_kernels(... AUTOTUNE ... / TABLE ...) embeds: the table
 * texts `NAME_tables` (count `NAME_tables_count`) beside the winners' variants, so that
 *
 *     tc_runtime_add_variants(rt, app_variants_count, app_variants);
 *     tc_autotuner *at = tc_autotune_create_from_tables(rt, &matmul_kernel, app_variants_tables_count,
 *                                                       app_variants_tables, grid, NULL, (tc_autotune_options){0});
 *
 * launches each table key's winner with nothing timed (after tc_autotune_prepare, inside a CUDA
 * graph capture too). opts gives the rest (warmup, repeats, cache_dir, prune, table_file,
 * arg_bytes): its key, table, reset_to_zero and restore_value must be left unset. NULL on error
 * (no table of k among them, a table that does not parse). */
TRITONC_API tc_autotuner *tc_autotune_create_from_tables_at(tl_site site, tc_runtime *rt, const tl_kernel *k,
                                                            int ntables, const char *const *tables, tc_grid_fn grid,
                                                            void *grid_user, tc_autotune_options opts);
#define tc_autotune_create_from_tables(...)                                                                            \
    tc_autotune_create_from_tables_at(TL_SITE("tc_autotune_create_from_tables"), __VA_ARGS__)

/* Launches with the best config for the arguments' key. The first launch with a new key times
 * every config (unless a table or the persisted file has the key): it synchronizes the stream
 * and must not happen while the stream is capturing. TRITONC_PRINT_AUTOTUNING=1 prints each
 * key timed, its best config and its time to stderr. A config that cannot be launched is skipped: its
 * error is recorded, then cleared, on the runtime, so tune while no other thread relies on the
 * runtime's error state. */
TRITONC_API bool tc_autotune_launch_args_at(tl_site site, tc_autotuner *at, tc_stream stream, int nargs,
                                            const tc_arg *args);
#define tc_autotune_launch_args(...) tc_autotune_launch_args_at(TL_SITE("tc_autotune_launch"), __VA_ARGS__)
#define tc_autotune_launch(at, stream, ...)                                                                            \
    tc_autotune_launch_args_at(TL_SITE("tc_autotune_launch"), (at), (stream), TLX_COUNT(tc_arg, __VA_ARGS__),          \
                               TLX_ARRAY(tc_arg, __VA_ARGS__))

/* Makes sure the config chosen for the arguments' key is loaded in the current context, so
 * that launches with such arguments may be captured into a CUDA graph. The key must be chosen
 * already (a table's, the persisted file's, or an earlier launch's): otherwise an error, as
 * preparing times nothing. */
TRITONC_API bool tc_autotune_prepare_args_at(tl_site site, tc_autotuner *at, int nargs, const tc_arg *args);
#define tc_autotune_prepare(at, ...)                                                                                   \
    tc_autotune_prepare_args_at(TL_SITE("tc_autotune_prepare"), (at),                                                  \
                                (int)(sizeof((tc_arg[]){__VA_ARGS__}) / sizeof(tc_arg)), (tc_arg[]){__VA_ARGS__})

/* Writes every choice the tuner holds (timed, read from its file or from a table) as a table
 * of winners to path (through a temporary file renamed over it), with what a tuner made from it
 * alone needs: the device's arch, the base config, the key names, the candidates,
 * reset_to_zero and restore_value, and for each winner the specialization key it was tuned for.
 * false (error recorded) on an I/O error. */
TRITONC_API bool tc_autotune_write_table_at(tl_site site, tc_autotuner *at, const char *path);
#define tc_autotune_write_table(...) tc_autotune_write_table_at(TL_SITE("tc_autotune_write_table"), __VA_ARGS__)

/* The config chosen for the last launch: its index into the configs (-1 when none yet),
 * whether this process timed it (false: read from the persisted file), and its median time in
 * milliseconds when it was timed (kept in the file too). */
TRITONC_API int tc_autotune_best(const tc_autotuner *at, bool *timed, double *ms);
/* The medians (ms) of the last key this process timed, one per config (-1: pruned or it could
 * not run), into ms (n entries at most). Returns the number of configs, 0 when nothing was
 * timed yet (or for NULL). */
TRITONC_API int tc_autotune_timings(tc_autotuner *at, int n, double *ms);
/* The file where the choices are persisted (NULL when in memory only). Owned by the autotuner. */
TRITONC_API const char *tc_autotune_file(const tc_autotuner *at);

/* ---- benchmarking (as triton.testing.do_bench) --------------------------------------------- */

/* What is benchmarked: enqueues one run on stream (a launch, or several) and returns true;
 * false stops the benchmark (tc_bench fails). A failure it records on the runtime (a tc_launch
 * that fails) stops it too, with that error kept. */
typedef bool (*tc_bench_fn)(tc_stream stream, void *user);

/* The most quantiles one benchmark reports, and the most runs it times (and warm-up runs it
 * makes): a run estimated faster than rep_ms / TC_BENCH_MAX_RUNS is timed that many times. */
#define TC_BENCH_MAX_QUANTILES 8
#define TC_BENCH_MAX_RUNS 100000

/* do_bench's arguments. 0 fields are its defaults. */
typedef struct tc_bench_opts {
    double warmup_ms; /* time spent in untimed runs (0: 25, do_bench's warmup) */
    double rep_ms; /* time spent in timed runs (0: 100, do_bench's rep) */
    /* Quantiles to report (do_bench's quantiles), each in [0, 1]; at most
     * TC_BENCH_MAX_QUANTILES. */
    int nquantiles;
    const double *quantiles;
    /* The L2 flush before each timed run: a buffer of flush_bytes (0: 256 MiB, Triton's) set to
     * zero on the stream (cuMemsetD32Async). no_flush: none. */
    size_t flush_bytes;
    bool no_flush;
} tc_bench_opts;

/* Every statistic do_bench can return, in milliseconds, over the timed runs. */
typedef struct tc_bench_result {
    double mean, median, min, max; /* median: the mean of the middle two for an even count */
    /* One per requested quantile, in its order, interpolated between the sorted times as
     * do_bench's _quantile does: q * (runs - 1) is the position. */
    double quantiles[TC_BENCH_MAX_QUANTILES];
    double estimate_ms; /* one run (flush included) estimated from 5, which sets the counts */
    int warmups; /* max(1, int(warmup_ms / estimate_ms)) */
    int runs; /* max(1, int(rep_ms / estimate_ms)), the timed runs */
} tc_bench_result;

/* Times fn as Triton 3.6's do_bench does, in the current context (the runtime's when none):
 * one run, then the stream synchronized; 5 runs, each after a flush, between two events, for
 * the estimate; `warmups` untimed runs; then `runs` runs, each after a flush and between its
 * own two CUDA events; the stream synchronized and each run's time read from its events. The
 * statistics go to *out. False on error, recorded on rt naming the call's C line: NULL fn or
 * out, a bad option (a negative time, a quantile outside [0, 1], too many), the stream
 * capturing a CUDA graph (benchmarking synchronizes), a driver call that fails, or fn failing
 * ("the benchmarked function failed (run N)", unless fn recorded its own error). Every event
 * and the flush buffer are freed whatever happens. */
TRITONC_API bool tc_bench_at(tl_site site, tc_runtime *rt, tc_stream stream, tc_bench_fn fn, void *user,
                             tc_bench_opts opts, tc_bench_result *out);
#define tc_bench(...) tc_bench_at(TL_SITE("tc_bench"), __VA_ARGS__)

/* tc_bench of one launch, tc_launch_args(k, grid, stream, nargs, args): the runtime is k's. A
 * failing launch stops it with the launch's error (at this call's line). */
TRITONC_API bool tc_bench_launch_args_at(tl_site site, tc_kernel *k, tc_grid grid, tc_stream stream, int nargs,
                                         const tc_arg *args, tc_bench_opts opts, tc_bench_result *out);
#define tc_bench_launch_args(...) tc_bench_launch_args_at(TL_SITE("tc_bench_launch"), __VA_ARGS__)

/* ---- host arithmetic for grids (as triton.cdiv, triton.next_power_of_2) -------------------- */

/* ceil(x / y), as triton.cdiv(x, y) for x, y >= 0, with no overflow for any 64-bit x. 0 when y
 * is 0 (where Python raises ZeroDivisionError). */
static inline uint64_t tc_cdiv(uint64_t x, uint64_t y) { return y ? x / y + (x % y != 0) : 0; }

/* The smallest power of 2 >= n, as triton.next_power_of_2: 1 for 1, 0 for 0 (as Python's,
 * whose bit trick gives 0 there), and 0 for n above 2^63, whose next power of 2 does not fit
 * 64 bits. */
static inline uint64_t tc_next_power_of_2(uint64_t n)
{
    n -= 1;
    n |= n >> 1;
    n |= n >> 2;
    n |= n >> 4;
    n |= n >> 8;
    n |= n >> 16;
    n |= n >> 32;
    return n + 1;
}

#ifdef __cplusplus
}
#endif
#endif
