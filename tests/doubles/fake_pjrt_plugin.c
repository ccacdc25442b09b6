/* A fake PJRT plugin for tests/pjrt/test_pjrt.c: a shared object exporting GetPjrtApi with just
 * enough of the API for tritonc's runtime to load it, create a client, "compile" a program,
 * move buffers and execute, all on the CPU.
 *
 * What it computes: every program gives `outputs=N` results (N from a marker in the program
 * text, 1 by default); result k is the element-wise sum of all inputs (float32, the shape of
 * input 0) plus k.
 *
 * Like XLA's plugins, every call first checks the args' struct_size against the size it
 * expects and fails with XLA's wording ("Unexpected NAME size: expected N, got M.").
 *
 * Its behaviour is chosen by the environment variable FAKE_PJRT_MODE, read by GetPjrtApi:
 *   ok (default)     as described
 *   null             GetPjrtApi returns NULL
 *   major            API version 1.0
 *   newer            API version 0.<ours + 1000>
 *   short            a function table too short for the runtime
 *   missing          PJRT_Client_Compile is NULL
 *   strict           PJRT_Client_Compile_Args and PJRT_ExecuteOptions must be 16 bytes larger
 *                    (a newer plugin) and the extra bytes zero
 *   huge             PJRT_Client_Compile_Args must be 4096 bytes larger
 *   reject_options   PJRT_Client_Create fails when given any option
 *   no_devices       the client has no addressable device
 *   execute_error    PJRT_LoadedExecutable_Execute fails
 *   await_error      the execution's completion event carries an error
 * A program whose text holds FAIL_COMPILE fails to compile.
 *
 * Several devices: FAKE_PJRT_DEVICES=N (1 to 8, default 1) gives the client N addressable devices
 * (ids 0 .. N-1). The compile options must then be those of tritonc's runtime for the program's
 * partition count P: num_partitions P, and for P > 1 use_spmd_partitioning with a device
 * assignment of one replica whose partition d runs on device d (anything else is refused). An
 * execution must pass P lists of arguments, list d's buffers all on device d; it computes the
 * same per device, on that device's buffers, and puts the results on device d.
 *
 * Test helpers, exported beside GetPjrtApi: fake_pjrt_live() counts the objects handed out
 * and not yet destroyed (errors, events, clients, executables, buffers); fake_pjrt_uploads()
 * counts BufferFromHostBuffer calls; fake_pjrt_last_options() tells what the last
 * PJRT_Client_Create got (-1: no option, 0/1: preallocate's value); fake_pjrt_last_partitions()
 * the partition count of the last compile; fake_pjrt_last_executed_devices() the number of
 * devices the last execution ran on. It is a test double: its
 * state is process-wide, like a real plugin's. With FAKE_PJRT_NO_SYMBOL defined, the entry
 * point has another name: a shared object that is no PJRT plugin. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pjrt/pjrt_c_api_subset.h"

#if defined(__GNUC__)
#define EXPORT __attribute__((visibility("default")))
#else
#define EXPORT
#endif

EXPORT int fake_pjrt_live(void);
EXPORT int fake_pjrt_uploads(void);
EXPORT int fake_pjrt_last_options(void);
EXPORT int fake_pjrt_last_partitions(void);
EXPORT int fake_pjrt_last_executed_devices(void);
#ifdef FAKE_PJRT_NO_SYMBOL
#define GetPjrtApi fake_pjrt_misnamed_entry
#endif
EXPORT const PJRT_Api *GetPjrtApi(void);

static char mode[32] = "ok";
static int live, uploads, last_options = -2, ndevices = 1, last_partitions, last_executed_devices;

static bool is_mode(const char *m) { return strcmp(mode, m) == 0; }

int fake_pjrt_live(void) { return live; }
int fake_pjrt_uploads(void) { return uploads; }
int fake_pjrt_last_options(void) { return last_options; }
int fake_pjrt_last_partitions(void) { return last_partitions; }
int fake_pjrt_last_executed_devices(void) { return last_executed_devices; }

/* ---- objects ------------------------------------------------------------------------------ */

struct PJRT_Error {
    PJRT_Error_Code code;
    char message[256];
};
struct PJRT_Event {
    PJRT_Error *error; /* handed to the awaiter */
};
struct PJRT_Device {
    int id;
};
enum { MAX_DEVICES = 8 };
struct PJRT_Client {
    struct PJRT_Device device[MAX_DEVICES];
    PJRT_Device *devices[MAX_DEVICES];
};
struct PJRT_LoadedExecutable {
    int outputs;
    int partitions;
};
struct PJRT_Executable {
    int outputs;
};
struct PJRT_Buffer {
    int device;
    PJRT_Buffer_Type type;
    size_t rank;
    int64_t dims[8];
    size_t bytes;
    unsigned char *data;
};

static void *new_object(size_t size)
{
    void *p = calloc(1, size);
    if (p)
        live++;
    return p;
}

static void free_object(void *p)
{
    if (p) {
        live--;
        free(p);
    }
}

static PJRT_Error *error(PJRT_Error_Code code, const char *fmt, ...)
{
    PJRT_Error *e = new_object(sizeof *e);
    if (!e)
        abort();
    e->code = code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
    return e;
}

static PJRT_Event *event(PJRT_Error *carried)
{
    PJRT_Event *ev = new_object(sizeof *ev);
    if (!ev)
        abort();
    ev->error = carried;
    return ev;
}

/* XLA's check, with its wording; `extra` bytes beyond ours must be zero. */
static PJRT_Error *check_size(const char *name, const void *args, size_t ours, size_t extra)
{
    size_t got = *(const size_t *)args;
    if (got < ours + extra)
        return error(PJRT_Error_Code_INVALID_ARGUMENT,
                     "Unexpected %s size: expected %zu, got %zu. The plugin is likely built with a later "
                     "version than the framework.",
                     name, ours + extra, got);
    for (size_t i = ours; i < ours + extra; i++)
        if (((const unsigned char *)args)[i] != 0)
            return error(PJRT_Error_Code_INTERNAL, "%s: a member we do not know is not zero", name);
    return NULL;
}
#define CHECK(T, last, extra)                                                                     \
    do {                                                                                          \
        PJRT_Error *size_error = check_size(#T, args, TP_PJRT_STRUCT_SIZE(T, last), (extra));     \
        if (size_error)                                                                           \
            return size_error;                                                                    \
    } while (0)

/* ---- errors and events ---------------------------------------------------------------------- */

static void error_destroy(PJRT_Error_Destroy_Args *args) { free_object(args->error); }

static void error_message(PJRT_Error_Message_Args *args)
{
    args->message = args->error->message;
    args->message_size = strlen(args->error->message);
}

static PJRT_Error *error_get_code(PJRT_Error_GetCode_Args *args)
{
    CHECK(PJRT_Error_GetCode_Args, code, 0);
    args->code = args->error->code;
    return NULL;
}

static PJRT_Error *plugin_initialize(PJRT_Plugin_Initialize_Args *args)
{
    CHECK(PJRT_Plugin_Initialize_Args, extension_start, 0);
    return NULL;
}

static PJRT_Error *event_destroy(PJRT_Event_Destroy_Args *args)
{
    CHECK(PJRT_Event_Destroy_Args, event, 0);
    if (args->event)
        free_object(args->event->error);
    free_object(args->event);
    return NULL;
}

static PJRT_Error *event_await(PJRT_Event_Await_Args *args)
{
    CHECK(PJRT_Event_Await_Args, event, 0);
    PJRT_Error *e = args->event->error;
    args->event->error = NULL;
    return e;
}

/* ---- client ----------------------------------------------------------------------------------- */

static PJRT_Error *client_create(PJRT_Client_Create_Args *args)
{
    CHECK(PJRT_Client_Create_Args, kv_try_get_user_arg, 0);
    last_options = -1;
    for (size_t i = 0; i < args->num_options; i++) {
        const PJRT_NamedValue *o = &args->create_options[i];
        if (is_mode("reject_options"))
            return error(PJRT_Error_Code_INVALID_ARGUMENT, "Unexpected option name passed to PJRT_Client_Create: %.*s",
                         (int)o->name_size, o->name);
        if (o->type == PJRT_NamedValue_kBool && o->name_size == 11 && memcmp(o->name, "preallocate", 11) == 0)
            last_options = o->bool_value;
    }
    PJRT_Client *c = new_object(sizeof *c);
    if (!c)
        abort();
    for (int d = 0; d < MAX_DEVICES; d++) {
        c->device[d].id = d;
        c->devices[d] = &c->device[d];
    }
    args->client = c;
    return NULL;
}

static PJRT_Error *client_destroy(PJRT_Client_Destroy_Args *args)
{
    CHECK(PJRT_Client_Destroy_Args, client, 0);
    free_object(args->client);
    return NULL;
}

static PJRT_Error *client_platform_name(PJRT_Client_PlatformName_Args *args)
{
    CHECK(PJRT_Client_PlatformName_Args, platform_name_size, 0);
    args->platform_name = "fake";
    args->platform_name_size = 4;
    return NULL;
}

static PJRT_Error *client_platform_version(PJRT_Client_PlatformVersion_Args *args)
{
    CHECK(PJRT_Client_PlatformVersion_Args, platform_version_size, 0);
    args->platform_version = "1.2.3";
    args->platform_version_size = 5;
    return NULL;
}

static PJRT_Error *client_addressable_devices(PJRT_Client_AddressableDevices_Args *args)
{
    CHECK(PJRT_Client_AddressableDevices_Args, num_addressable_devices, 0);
    args->addressable_devices = args->client->devices;
    args->num_addressable_devices = is_mode("no_devices") ? 0 : (size_t)ndevices;
    return NULL;
}

/* What tritonc sends for one device: executable_build_options {device_ordinal -1, num_replicas 1,
 * num_partitions 1}. */
static const unsigned char expected_options[] = {0x1a, 0x0f, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                 0xff, 0xff, 0xff, 0x01, 0x20, 0x01, 0x28, 0x01};

/* A protobuf reader over [p, end): varints and length-delimited fields, enough for the options. */
typedef struct reader {
    const unsigned char *p, *end;
    bool bad;
} reader;

static uint64_t read_varint(reader *r)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (r->p >= r->end) {
            r->bad = true;
            return 0;
        }
        unsigned char byte = *r->p++;
        v |= (uint64_t)(byte & 0x7f) << shift;
        if (!(byte & 0x80))
            return v;
    }
    r->bad = true;
    return 0;
}

/* The next field: its number, and either its varint value or its bytes (a sub-reader). */
static bool next_field(reader *r, unsigned *field, uint64_t *value, reader *sub)
{
    if (r->p >= r->end || r->bad)
        return false;
    uint64_t key = read_varint(r);
    *field = (unsigned)(key >> 3);
    if ((key & 7) == 0) {
        *value = read_varint(r);
    } else if ((key & 7) == 2) {
        uint64_t n = read_varint(r);
        if (n > (uint64_t)(r->end - r->p)) {
            r->bad = true;
            return false;
        }
        *sub = (reader){r->p, r->p + n, false};
        r->p += n;
    } else {
        r->bad = true;
    }
    return !r->bad;
}

/* The partition count of tritonc's options for several devices, or -1 when they are not exactly
 * {executable_build_options {device_ordinal -1, num_replicas 1, num_partitions P,
 * use_spmd_partitioning true, device_assignment {1, P, partition d on device d}}}. */
static int several_device_partitions(const unsigned char *bytes, size_t size)
{
    reader top = {bytes, bytes + size, false}, build = {0}, assignment = {0};
    unsigned field;
    uint64_t v = 0;
    if (!next_field(&top, &field, &v, &build) || field != 3 || top.p != top.end)
        return -1;
    int64_t ordinal = 0, replicas = 0, partitions = 0, spmd = 0;
    bool has_assignment = false;
    reader sub;
    while (next_field(&build, &field, &v, &sub)) {
        if (field == 1) ordinal = (int64_t)v;
        else if (field == 4) replicas = (int64_t)v;
        else if (field == 5) partitions = (int64_t)v;
        else if (field == 6) spmd = (int64_t)v;
        else if (field == 9) { assignment = sub; has_assignment = true; }
        else return -1;
    }
    if (build.bad || ordinal != -1 || replicas != 1 || partitions < 2 || partitions > MAX_DEVICES || spmd != 1 ||
        !has_assignment)
        return -1;
    int64_t replica_count = 0, computations = 0, seen = 0;
    while (next_field(&assignment, &field, &v, &sub)) {
        if (field == 1) replica_count = (int64_t)v;
        else if (field == 2) computations = (int64_t)v;
        else if (field == 3) {
            unsigned f;
            uint64_t id = 0;
            reader none;
            if (!next_field(&sub, &f, &id, &none) || f != 1 || (int64_t)id != seen || sub.p != sub.end)
                return -1;
            seen++;
        } else return -1;
    }
    if (assignment.bad || replica_count != 1 || computations != partitions || seen != partitions)
        return -1;
    return (int)partitions;
}

static PJRT_Error *client_compile(PJRT_Client_Compile_Args *args)
{
    CHECK(PJRT_Client_Compile_Args, executable, is_mode("strict") ? 16 : is_mode("huge") ? 4096 : 0);
    {
        const PJRT_Program *p = args->program;
        PJRT_Error *e = check_size("PJRT_Program", p, TP_PJRT_STRUCT_SIZE(PJRT_Program, format_size), 0);
        if (e)
            return e;
        if (p->format_size != 4 || memcmp(p->format, "mlir", 4) != 0)
            return error(PJRT_Error_Code_INVALID_ARGUMENT, "Unknown program format '%.*s'.", (int)p->format_size,
                         p->format);
        int partitions = 1;
        if (args->compile_options_size != sizeof expected_options ||
            memcmp(args->compile_options, expected_options, sizeof expected_options) != 0)
            partitions = several_device_partitions((const unsigned char *)args->compile_options,
                                                   args->compile_options_size);
        if (partitions < 0)
            return error(PJRT_Error_Code_INVALID_ARGUMENT, "unexpected compile options");
        if (partitions > ndevices)
            return error(PJRT_Error_Code_INVALID_ARGUMENT, "%d partitions on %d devices", partitions, ndevices);
        last_partitions = partitions;
        char *text = malloc(p->code_size + 1);
        if (!text)
            abort();
        memcpy(text, p->code, p->code_size);
        text[p->code_size] = '\0';
        bool fail = strstr(text, "FAIL_COMPILE") != NULL;
        const char *n = strstr(text, "outputs=");
        int outputs = n ? atoi(n + 8) : 1;
        free(text);
        if (fail)
            return error(PJRT_Error_Code_INVALID_ARGUMENT, "<unknown>:3:5: error: 'stablehlo.frob' is unknown");
        PJRT_LoadedExecutable *x = new_object(sizeof *x);
        if (!x)
            abort();
        x->outputs = outputs;
        x->partitions = partitions;
        args->executable = x;
    }
    return NULL;
}

/* ---- buffers ---------------------------------------------------------------------------------- */

static size_t element_size(PJRT_Buffer_Type t)
{
    switch (t) {
    case PJRT_Buffer_Type_PRED: case PJRT_Buffer_Type_S8: case PJRT_Buffer_Type_U8: return 1;
    case PJRT_Buffer_Type_S16: case PJRT_Buffer_Type_U16: case PJRT_Buffer_Type_F16: case PJRT_Buffer_Type_BF16:
        return 2;
    case PJRT_Buffer_Type_S32: case PJRT_Buffer_Type_U32: case PJRT_Buffer_Type_F32: return 4;
    case PJRT_Buffer_Type_S64: case PJRT_Buffer_Type_U64: case PJRT_Buffer_Type_F64: return 8;
    default: return 1;
    }
}

static PJRT_Buffer *new_buffer(PJRT_Buffer_Type type, size_t rank, const int64_t *dims)
{
    PJRT_Buffer *b = new_object(sizeof *b);
    if (!b || rank > 8)
        abort();
    b->type = type;
    b->rank = rank;
    b->bytes = element_size(type);
    for (size_t i = 0; i < rank; i++) {
        b->dims[i] = dims[i];
        b->bytes *= (size_t)dims[i];
    }
    b->data = calloc(b->bytes ? b->bytes : 1, 1);
    if (!b->data)
        abort();
    return b;
}

static PJRT_Error *buffer_from_host(PJRT_Client_BufferFromHostBuffer_Args *args)
{
    CHECK(PJRT_Client_BufferFromHostBuffer_Args, buffer, 0);
    uploads++;
    int device = -1;
    for (int d = 0; d < ndevices; d++)
        if (args->device == args->client->devices[d])
            device = d;
    if (device < 0 || args->byte_strides || args->memory || args->device_layout)
        return error(PJRT_Error_Code_INVALID_ARGUMENT, "BufferFromHostBuffer: unexpected arguments");
    PJRT_Buffer *b = new_buffer(args->type, args->num_dims, args->dims);
    b->device = device;
    memcpy(b->data, args->data, b->bytes);
    args->buffer = b;
    args->done_with_host_buffer = event(NULL);
    return NULL;
}

static PJRT_Error *buffer_destroy(PJRT_Buffer_Destroy_Args *args)
{
    CHECK(PJRT_Buffer_Destroy_Args, buffer, 0);
    if (args->buffer)
        free(args->buffer->data);
    free_object(args->buffer);
    return NULL;
}

static PJRT_Error *buffer_element_type(PJRT_Buffer_ElementType_Args *args)
{
    CHECK(PJRT_Buffer_ElementType_Args, type, 0);
    args->type = args->buffer->type;
    return NULL;
}

static PJRT_Error *buffer_dimensions(PJRT_Buffer_Dimensions_Args *args)
{
    CHECK(PJRT_Buffer_Dimensions_Args, num_dims, 0);
    args->dims = args->buffer->dims;
    args->num_dims = args->buffer->rank;
    return NULL;
}

static PJRT_Error *buffer_to_host(PJRT_Buffer_ToHostBuffer_Args *args)
{
    CHECK(PJRT_Buffer_ToHostBuffer_Args, event, 0);
    if (!args->dst) {
        args->dst_size = args->src->bytes;
        return NULL;
    }
    if (args->dst_size < args->src->bytes)
        return error(PJRT_Error_Code_INVALID_ARGUMENT, "dst_size %zu < %zu", args->dst_size, args->src->bytes);
    memcpy(args->dst, args->src->data, args->src->bytes);
    args->event = event(NULL);
    return NULL;
}

/* ---- executables ---------------------------------------------------------------------------- */

static PJRT_Error *loaded_destroy(PJRT_LoadedExecutable_Destroy_Args *args)
{
    CHECK(PJRT_LoadedExecutable_Destroy_Args, executable, 0);
    free_object(args->executable);
    return NULL;
}

static PJRT_Error *loaded_get_executable(PJRT_LoadedExecutable_GetExecutable_Args *args)
{
    CHECK(PJRT_LoadedExecutable_GetExecutable_Args, executable, 0);
    PJRT_Executable *x = new_object(sizeof *x);
    if (!x)
        abort();
    x->outputs = args->loaded_executable->outputs;
    args->executable = x;
    return NULL;
}

static PJRT_Error *executable_destroy(PJRT_Executable_Destroy_Args *args)
{
    CHECK(PJRT_Executable_Destroy_Args, executable, 0);
    free_object(args->executable);
    return NULL;
}

static PJRT_Error *executable_num_outputs(PJRT_Executable_NumOutputs_Args *args)
{
    CHECK(PJRT_Executable_NumOutputs_Args, num_outputs, 0);
    args->num_outputs = (size_t)args->executable->outputs;
    return NULL;
}

static PJRT_Error *execute(PJRT_LoadedExecutable_Execute_Args *args)
{
    CHECK(PJRT_LoadedExecutable_Execute_Args, execute_device, 0);
    {
        PJRT_Error *e = check_size("PJRT_ExecuteOptions", args->options,
                                   TP_PJRT_STRUCT_SIZE(PJRT_ExecuteOptions, num_hlo_output_callbacks),
                                   is_mode("strict") ? 16 : 0);
        if (e)
            return e;
    }
    if (is_mode("execute_error"))
        return error(PJRT_Error_Code_RESOURCE_EXHAUSTED, "Out of memory while trying to allocate 4.00GiB.");
    if (args->num_devices != (size_t)args->executable->partitions || args->num_args < 1)
        return error(PJRT_Error_Code_INVALID_ARGUMENT, "Execute: %zu devices, %zu args", args->num_devices,
                     args->num_args);
    for (size_t d = 0; d < args->num_devices; d++)
        for (size_t i = 0; i < args->num_args; i++)
            if (args->argument_lists[d][i]->device != (int)d)
                return error(PJRT_Error_Code_INVALID_ARGUMENT, "Execute: argument %zu of device %zu is on device %d", i,
                             d, args->argument_lists[d][i]->device);
    for (size_t d = 0; d < args->num_devices; d++) {
        PJRT_Buffer *const *in = args->argument_lists[d];
        for (int k = 0; k < args->executable->outputs; k++) {
            PJRT_Buffer *out = new_buffer(PJRT_Buffer_Type_F32, in[0]->rank, in[0]->dims);
            out->device = (int)d;
            float *o = (float *)(void *)out->data;
            for (size_t j = 0; j < out->bytes / 4; j++) {
                o[j] = (float)k;
                for (size_t i = 0; i < args->num_args; i++)
                    o[j] += ((const float *)(const void *)in[i]->data)[j];
            }
            args->output_lists[d][k] = out;
        }
        if (args->device_complete_events)
            args->device_complete_events[d] =
                event(is_mode("await_error") ? error(PJRT_Error_Code_INTERNAL, "CUDA_ERROR_ILLEGAL_ADDRESS") : NULL);
    }
    last_executed_devices = (int)args->num_devices;
    return NULL;
}

/* ---- the table ---------------------------------------------------------------------------------- */

static PJRT_Api api;

const PJRT_Api *GetPjrtApi(void)
{
    const char *m = getenv("FAKE_PJRT_MODE");
    snprintf(mode, sizeof mode, "%s", m && *m ? m : "ok");
    const char *n = getenv("FAKE_PJRT_DEVICES");
    ndevices = n && atoi(n) >= 1 && atoi(n) <= MAX_DEVICES ? atoi(n) : 1;
    if (is_mode("null"))
        return NULL;
    memset(&api, 0, sizeof api);
    /* A real 0.114 table has 138 members: we fill the first 71, and claim the whole size. */
    api.struct_size = 40 + 138 * sizeof(void *);
    api.pjrt_api_version.struct_size = TP_PJRT_STRUCT_SIZE(PJRT_Api_Version, minor_version);
    api.pjrt_api_version.major_version = is_mode("major") ? 1 : TP_PJRT_API_MAJOR;
    api.pjrt_api_version.minor_version = is_mode("major") ? 0 : TP_PJRT_API_MINOR + (is_mode("newer") ? 1000 : 0);
    if (is_mode("short"))
        api.struct_size = offsetof(PJRT_Api, PJRT_Buffer_Destroy);
    api.PJRT_Error_Destroy = error_destroy;
    api.PJRT_Error_Message = error_message;
    api.PJRT_Error_GetCode = error_get_code;
    api.PJRT_Plugin_Initialize = plugin_initialize;
    api.PJRT_Event_Destroy = event_destroy;
    api.PJRT_Event_Await = event_await;
    api.PJRT_Client_Create = client_create;
    api.PJRT_Client_Destroy = client_destroy;
    api.PJRT_Client_PlatformName = client_platform_name;
    api.PJRT_Client_PlatformVersion = client_platform_version;
    api.PJRT_Client_AddressableDevices = client_addressable_devices;
    api.PJRT_Client_Compile = is_mode("missing") ? NULL : client_compile;
    api.PJRT_Client_BufferFromHostBuffer = buffer_from_host;
    api.PJRT_Executable_Destroy = executable_destroy;
    api.PJRT_Executable_NumOutputs = executable_num_outputs;
    api.PJRT_LoadedExecutable_Destroy = loaded_destroy;
    api.PJRT_LoadedExecutable_GetExecutable = loaded_get_executable;
    api.PJRT_LoadedExecutable_Execute = execute;
    api.PJRT_Buffer_Destroy = buffer_destroy;
    api.PJRT_Buffer_ElementType = buffer_element_type;
    api.PJRT_Buffer_Dimensions = buffer_dimensions;
    api.PJRT_Buffer_ToHostBuffer = buffer_to_host;
    return &api;
}
