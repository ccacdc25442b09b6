/* tritonc/pjrt.h - running StableHLO programs from C through an XLA PJRT plugin (prefix tp_).
 *
 * A tp_runtime loads a PJRT plugin (a shared object exporting GetPjrtApi, such as the
 * xla_cuda_plugin.so that jax's CUDA plugin package installs), creates a client on its first
 * device, and from then on compiles StableHLO programs, moves buffers and executes:
 *
 *     tp_runtime *rt = tp_runtime_create(NULL);             // plugin found as described below
 *     tp_executable *exe = tp_compile_builder(rt, b);        // b: a th_builder (hlo.h), or
 *                                                            // tp_compile(rt, text) for MLIR text
 *     tp_input in[] = {{TH_SHAPE(TL_F32, 4096), x}, {TH_SHAPE(TL_F32, 4096), y}};
 *     tp_output out[] = {{TH_SHAPE(TL_F32, 4096), result}};
 *     if (!tp_run(exe, 2, in, 1, out))
 *         fprintf(stderr, "%s\n", tp_runtime_error(rt));
 *     tp_executable_destroy(exe);
 *     tp_runtime_destroy(rt);
 *
 * No Python runs: the plugin is XLA's C ABI. The declarations of that ABI are tritonc's own
 * (src/pjrt/pjrt_c_api_subset.h); the plugin's version is checked when it is loaded: another
 * major version is refused, a newer minor is accepted and noted (tp_runtime_notes).
 *
 * Errors follow the kernel builder: the first failure is recorded on the runtime as one
 * message naming the C file and line of the call ("app.c:41: tp_run: ..."), with the PJRT
 * function, its status code and XLA's message when the plugin failed; from then on every call
 * on the runtime or on what it made does nothing and returns NULL / false, until
 * tp_runtime_clear_error. TRITONC_ABORT_ON_ERROR=1 aborts at the first error instead. No call
 * crashes on NULL. Every object is freed by its destroy function (executables and buffers
 * before their runtime). A runtime is not thread-safe: use it from one thread at a time.
 *
 * Each tp_x(...) macro calls tp_x_at with the caller's file and line; its arguments may hold
 * braced compound literals (&(tp_options){.plugin = p, .preallocate = true}).
 *
 * Includes hlo_shape.h only (and through it dtype.h): the shapes (th_shape, TH_SHAPE, tl_dtype)
 * and call sites (th_site) its declarations take, and th_builder declared but incomplete, so
 * that a program that only runs StableHLO text stays out of the builders' APIs (about 190
 * lines preprocessed, 100 of them the C standard headers', instead of about 600). A program
 * that builds its StableHLO with th_builder, or kernels with tl_builder, includes hlo.h (which
 * includes kernel.h, builder.h and ir.h) itself, or call.h.
 */
#ifndef TRITONC_PJRT_H
#define TRITONC_PJRT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tritonc/export.h"
#include "tritonc/hlo_shape.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tp_runtime tp_runtime;
typedef struct tp_executable tp_executable;
typedef struct tp_buffer tp_buffer;

/* ---- finding the plugin --------------------------------------------------------------- */

/* The environment variable naming the plugin to load when no path is given. */
#define TP_PLUGIN_ENV "TRITONC_PJRT_PLUGIN"

/* Looks for jax's CUDA PJRT plugin (jax_plugins/xla_cuda<N>/xla_cuda_plugin.so, the highest
 * N first) in the site-packages folders of the usual Python installs, in this order:
 *   1. $VIRTUAL_ENV/lib/python3.X/site-packages (an active virtual environment);
 *   2. for each folder of $PATH that holds a python3: ../lib/python3.X/site-packages
 *      (the interpreter `python3` runs, a virtual environment's included), then the same
 *      beside the file that python3 links to;
 *   3. $HOME/.local/lib/python3.X/site-packages (pip install --user);
 *   4. /usr/local/lib/python3.X/{site,dist}-packages, /usr/lib/python3/dist-packages.
 * (python3.X: every version found.) Returns a malloc'd path (the caller frees it) or NULL when
 * none is found. */
TRITONC_API char *tp_find_plugin(void);

/* ---- the runtime ------------------------------------------------------------------------ */

typedef struct tp_options {
    /* The plugin to load. NULL: $TRITONC_PJRT_PLUGIN, else tp_find_plugin(). */
    const char *plugin;
    /* XLA's GPU plugin takes 75% of the GPU's memory when the client starts (jax's default)
     * if this is set. Off by default: memory is allocated as needed, so that other processes
     * (a jax one, another runtime) can share the GPU. */
    bool preallocate;
    /* Create the client with no options at all (the plugin's own defaults). Set it for a
     * plugin other than XLA's GPU one, which may refuse the `preallocate` option. */
    bool no_client_options;
} tp_options;

/* Loads the plugin, checks its API version, initializes it, creates a client and picks its
 * first addressable device. opts may be NULL (all defaults). Returns NULL only if malloc
 * fails; any other failure (no plugin found, a bad path, a wrong version, the plugin's own
 * error) is recorded: check tp_runtime_failed. */
TRITONC_API tp_runtime *tp_runtime_create_at(th_site site, const tp_options *opts);
#define tp_runtime_create(...) tp_runtime_create_at(TH_SITE("tp_runtime_create"), __VA_ARGS__)
/* Destroys the client and closes the plugin. NULL is a no-op. */
TRITONC_API void tp_runtime_destroy(tp_runtime *rt);

/* True once an error is recorded (and for NULL). */
TRITONC_API bool tp_runtime_failed(const tp_runtime *rt);
/* "app.c:41: tp_run: ..." or NULL when there is none. Owned by the runtime. */
TRITONC_API const char *tp_runtime_error(const tp_runtime *rt);
/* Forgets the recorded error, so that the runtime can be used again (for a long-lived
 * runtime: a program that failed to compile need not cost the client). */
TRITONC_API void tp_runtime_clear_error(tp_runtime *rt);
/* Things worth knowing that are no error, one per line ("plugin's PJRT C API 0.115 is
 * newer than tritonc's declarations (0.114): accepted"), or NULL. Owned by the runtime. */
TRITONC_API const char *tp_runtime_notes(const tp_runtime *rt);
/* One line: "PJRT C API 0.115, platform cuda 13.0.0, plugin /path/xla_cuda_plugin.so" (what
 * is known so far). Owned by the runtime. */
TRITONC_API const char *tp_runtime_describe(tp_runtime *rt);
/* The plugin's PJRT C API version; -1 before the plugin is loaded. */
TRITONC_API void tp_runtime_api_version(const tp_runtime *rt, int *major, int *minor);
/* The devices this process can use through the plugin (up to 64), in the plugin's order; 0 for
 * NULL or a runtime whose plugin did not load. Device 0 is the one of the one-device calls. */
TRITONC_API int tp_runtime_num_devices(const tp_runtime *rt);

/* ---- programs --------------------------------------------------------------------------- */

/* Compiles a StableHLO module (MLIR text, pretty or generic form, NUL-terminated) for the
 * runtime's device 0. Returns NULL on error. */
TRITONC_API tp_executable *tp_compile_at(th_site site, tp_runtime *rt, const char *mlir);
#define tp_compile(...) tp_compile_at(TH_SITE("tp_compile"), __VA_ARGS__)
/* Prints the builder's program (th_print) and compiles it. The executable also keeps main's
 * signature, so that tp_execute and tp_run check every buffer against it before the plugin
 * sees it. A builder in error fails here with its message. A program with a mesh of N devices
 * (hlo_shard.h) is compiled for the runtime's devices 0 .. N-1 (XLA's SPMD partitioner, one
 * partition per device; an error when the plugin has fewer) and runs with tp_execute_sharded. */
TRITONC_API tp_executable *tp_compile_builder_at(th_site site, tp_runtime *rt, th_builder *b);
#define tp_compile_builder(...) tp_compile_builder_at(TH_SITE("tp_compile_builder"), __VA_ARGS__)
TRITONC_API void tp_executable_destroy(tp_executable *exe);
/* Number of results of the program (0 for NULL). */
TRITONC_API int tp_executable_num_outputs(const tp_executable *exe);
/* The devices one execution runs on: the program's mesh size, 1 without one (0 for NULL). */
TRITONC_API int tp_executable_num_devices(const tp_executable *exe);

/* ---- device buffers ---------------------------------------------------------------------- */

/* Copies host data (dense, row-major, th_shape_numel(shape) elements of shape.dtype; a bool
 * is one byte) to a new buffer on the runtime's device; returns once the copy is done. */
TRITONC_API tp_buffer *tp_buffer_from_host_at(th_site site, tp_runtime *rt, th_shape shape, const void *data);
#define tp_buffer_from_host(...) tp_buffer_from_host_at(TH_SITE("tp_buffer_from_host"), __VA_ARGS__)
/* The same on the runtime's device `device` (0 .. tp_runtime_num_devices - 1): each device's
 * shard of a sharded program's input. */
TRITONC_API tp_buffer *tp_buffer_from_host_on_at(th_site site, tp_runtime *rt, int device, th_shape shape,
                                                 const void *data);
#define tp_buffer_from_host_on(...) tp_buffer_from_host_on_at(TH_SITE("tp_buffer_from_host_on"), __VA_ARGS__)
/* The device index the buffer lives on (-1 for NULL). */
TRITONC_API int tp_buffer_device(const tp_buffer *buf);
/* Copies the buffer into data, which holds size bytes (at least the buffer's). */
TRITONC_API bool tp_buffer_to_host_at(th_site site, tp_buffer *buf, void *data, size_t size);
#define tp_buffer_to_host(...) tp_buffer_to_host_at(TH_SITE("tp_buffer_to_host"), __VA_ARGS__)
/* The buffer's tensor type (rank -1 for NULL). */
TRITONC_API th_shape tp_buffer_shape(const tp_buffer *buf);
TRITONC_API void tp_buffer_destroy(tp_buffer *buf);

/* ---- executing --------------------------------------------------------------------------- */

/* Runs the program on nin device buffers and waits until it is done. out receives nout new
 * buffers (nout must be the program's number of results; the caller destroys them). On
 * error, out is all NULL. */
TRITONC_API bool tp_execute_at(th_site site, tp_executable *exe, int nin, tp_buffer *const *in, int nout,
                               tp_buffer **out);
#define tp_execute(...) tp_execute_at(TH_SITE("tp_execute"), __VA_ARGS__)
/* One execution of a program on its N devices (tp_executable_num_devices): in holds N lists of
 * nin buffers, device-major (device d's inputs at in[d * nin .. d * nin + nin - 1], each on device
 * d, each its shard: the global shape divided as the parameter's sharding says), and out
 * receives N lists of nout new buffers the same way (each device's shard of each result). Waits
 * for every device. With N = 1 it is tp_execute. On error, out is all NULL. */
TRITONC_API bool tp_execute_sharded_at(th_site site, tp_executable *exe, int nin, tp_buffer *const *in, int nout,
                                       tp_buffer **out);
#define tp_execute_sharded(...) tp_execute_sharded_at(TH_SITE("tp_execute_sharded"), __VA_ARGS__)

/* Host data for tp_run: a tensor type and its dense, row-major elements. */
typedef struct tp_input {
    th_shape shape;
    const void *data;
} tp_input;
typedef struct tp_output {
    th_shape shape; /* must equal the program's result type */
    void *data; /* receives th_shape_numel(shape) elements */
} tp_output;

/* Host to host: copies the inputs in, executes, checks each result's type against out[i].shape
 * and copies it out. */
TRITONC_API bool tp_run_at(th_site site, tp_executable *exe, int nin, const tp_input *in, int nout,
                           const tp_output *out);
#define tp_run(...) tp_run_at(TH_SITE("tp_run"), __VA_ARGS__)

#ifdef __cplusplus
}
#endif
#endif
