/* The PJRT runtime's private parts: the objects, the sticky error, and the calls into the
 * plugin with their struct-size bookkeeping. */
#ifndef TRITONC_PJRT_INTERNAL_H
#define TRITONC_PJRT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "base/error.h"
#include "base/out.h"
#include "pjrt/pjrt_c_api_subset.h"
#include "tritonc/hlo.h" /* th_builder's API: the program behind tp_compile_builder */
#include "tritonc/hlo_shard.h" /* th_num_devices: the devices a program runs on */
#include "tritonc/pjrt.h"

/* Every args struct the runtime passes, by kind: its name in the plugin's messages and the
 * struct_size we declare (see pjrt_call_retry). */
typedef enum pjrt_struct {
    TP_S_ERROR_DESTROY,
    TP_S_ERROR_MESSAGE,
    TP_S_ERROR_GETCODE,
    TP_S_PLUGIN_INITIALIZE,
    TP_S_EVENT_DESTROY,
    TP_S_EVENT_AWAIT,
    TP_S_NAMED_VALUE,
    TP_S_CLIENT_CREATE,
    TP_S_CLIENT_DESTROY,
    TP_S_CLIENT_PLATFORM_NAME,
    TP_S_CLIENT_PLATFORM_VERSION,
    TP_S_CLIENT_ADDRESSABLE_DEVICES,
    TP_S_PROGRAM,
    TP_S_CLIENT_COMPILE,
    TP_S_BUFFER_FROM_HOST,
    TP_S_BUFFER_DESTROY,
    TP_S_BUFFER_ELEMENT_TYPE,
    TP_S_BUFFER_DIMENSIONS,
    TP_S_BUFFER_TO_HOST,
    TP_S_EXECUTABLE_DESTROY,
    TP_S_EXECUTABLE_NUM_OUTPUTS,
    TP_S_LOADED_EXECUTABLE_DESTROY,
    TP_S_LOADED_EXECUTABLE_GET_EXECUTABLE,
    TP_S_EXECUTE_OPTIONS,
    TP_S_EXECUTE,
    TP_S_COUNT
} pjrt_struct;

/* The addressable devices the runtime keeps (a program on more is refused at compile). */
#define TP_MAX_DEVICES 64

/* Room left after each args struct we pass, zeroed: a newer plugin that wants a larger
 * struct_size reads members we do not know from here (see pjrt_call_retry). */
#define TP_SPARE 128
/* An args struct of type T with its spare room. Zero it with pjrt_args_init. */
#define TP_ARGS(T)                                                                                                     \
    struct {                                                                                                           \
        T a;                                                                                                           \
        unsigned char spare[TP_SPARE];                                                                                 \
    }
/* Zeroes a TP_ARGS(T) object and sets its struct_size (its first member) for this runtime. */
#define pjrt_args_init(rt, w, id) (memset((w), 0, sizeof *(w)), (w)->a.struct_size = (rt)->struct_size[(id)], (void)0)

struct tp_runtime {
    void *dl; /* dlopen handle; NULL when not loaded */
    const PJRT_Api *api; /* the plugin's table; NULL when not loaded */
    PJRT_Client *client;
    PJRT_Device *device; /* addressable device 0 */
    PJRT_Device *devices[TP_MAX_DEVICES]; /* the addressable devices, in the plugin's order */
    int ndevices;
    int api_major, api_minor; /* the plugin's version; -1 before loading */
    char *plugin_path;
    char *platform; /* "cuda 13.0.0" */
    base_error error; /* the first error */
    base_out notes; /* lines; buf NULL when none */
    char *describe; /* tp_runtime_describe's buffer */
    /* The struct_size passed for each kind: ours, or the plugin's when it asked for more. */
    size_t struct_size[TP_S_COUNT];
    int live; /* executables and buffers not yet destroyed */
};

struct tp_executable {
    tp_runtime *rt;
    PJRT_LoadedExecutable *loaded;
    int num_outputs;
    int num_devices; /* the devices one execution runs on (the program's mesh), 1 by default */
    /* main's signature when compiled from a builder (nparams -1: unknown). */
    int nparams;
    th_shape *params;
    int nresults;
    th_shape *results;
};

struct tp_buffer {
    tp_runtime *rt;
    PJRT_Buffer *buf;
    th_shape shape;
    int device; /* its index among the runtime's addressable devices */
};

/* ---- errors (error.c) -------------------------------------------------------------------- */

/* Records the first error ("file:line: func: message"); later ones are dropped. */
void pjrt_fail(tp_runtime *rt, th_site site, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Records the plugin's error err returned by PJRT function fn, then frees err. */
void pjrt_fail_pjrt(tp_runtime *rt, th_site site, const char *fn, PJRT_Error *err);
/* Appends a line to the runtime's notes. */
void pjrt_note(tp_runtime *rt, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* True when rt can be used: not NULL, loaded, no error recorded. */
bool pjrt_usable(const tp_runtime *rt);
/* Frees a PJRT error (NULL is a no-op). */
void pjrt_error_free(tp_runtime *rt, PJRT_Error *err);

/* ---- calling the plugin (call.c) ----------------------------------------------------------- */

/* One struct passed to a call: its kind and its struct_size member. */
typedef struct pjrt_sized {
    pjrt_struct id;
    size_t *struct_size;
} pjrt_sized;

/* The struct_size we declare for each kind. */
size_t pjrt_struct_size_ours(pjrt_struct id);

/* To be called after a plugin call that returned *err, with the n structs it was given.
 * XLA's plugins refuse an args struct whose struct_size is below the size they were built
 * with ("Unexpected NAME size: expected N, got M"). A plugin newer than our declarations
 * that added a member to a struct we pass says so; then, if N fits the struct's spare room,
 * the runtime remembers N for that kind, notes it, sets the struct's struct_size to N (the
 * members we do not know are zero: absent, as a member added later must allow), frees *err,
 * sets it to NULL and returns true: call again. Otherwise returns false and leaves *err. */
bool pjrt_call_retry(tp_runtime *rt, PJRT_Error **err, int n, const pjrt_sized *structs);

/* Small calls used everywhere, each recording its failure at site. */
bool pjrt_event_await(tp_runtime *rt, th_site site, const char *what, PJRT_Event *ev); /* and destroys ev */
void pjrt_event_destroy(tp_runtime *rt, PJRT_Event *ev);
void pjrt_buffer_destroy(tp_runtime *rt, PJRT_Buffer *buf);
/* The type of a plugin buffer; rank -1 (with the error recorded) on failure. */
th_shape pjrt_buffer_shape(tp_runtime *rt, th_site site, PJRT_Buffer *buf);

/* ---- dtypes (buffer.c) --------------------------------------------------------------------- */

PJRT_Buffer_Type pjrt_dtype_to_pjrt(tl_dtype d);
tl_dtype pjrt_dtype_from_pjrt(PJRT_Buffer_Type t);
/* Bytes per element on the host (a bool is one byte); 0 for an invalid dtype. */
size_t pjrt_dtype_size(tl_dtype d);
/* Bytes of a dense tensor of that shape; false when the shape is invalid or too large. */
bool pjrt_shape_bytes(th_shape s, size_t *bytes);
/* "tensor<4x8xf32>" into a caller's buffer, for messages. */
const char *pjrt_shape_text(th_shape s, char *buf, size_t size);

/* ---- compile options (compile_options.c) ------------------------------------------------------ */

/* Writes the serialized xla.CompileOptionsProto the runtime compiles with, for a program on
 * num_devices devices (1 to TP_MAX_DEVICES), into out (at least TP_COMPILE_OPTIONS_MAX bytes) and
 * returns its length. */
#define TP_COMPILE_OPTIONS_MAX 1024
size_t pjrt_compile_options(unsigned char *out, int num_devices);
/* Compiles the text for num_devices devices (tp_compile_at is the one-device case). */
tp_executable *pjrt_compile_text(tp_runtime *rt, th_site site, const char *mlir, int num_devices);

#endif
