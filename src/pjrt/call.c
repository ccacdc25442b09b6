/* Calling into the plugin: the struct sizes we pass, the retry for a newer plugin that asks
 * for larger ones, and the small calls every part of the runtime makes. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pjrt/pjrt_internal.h"

#define SIZE(T, last) TP_PJRT_STRUCT_SIZE(T, last)

static const struct {
    const char *name; /* as the plugin names it in its messages */
    size_t size; /* TP_PJRT_STRUCT_SIZE of our declaration */
} structs[TP_S_COUNT] = {
    [TP_S_ERROR_DESTROY] = {"PJRT_Error_Destroy_Args", SIZE(PJRT_Error_Destroy_Args, error)},
    [TP_S_ERROR_MESSAGE] = {"PJRT_Error_Message_Args", SIZE(PJRT_Error_Message_Args, message_size)},
    [TP_S_ERROR_GETCODE] = {"PJRT_Error_GetCode_Args", SIZE(PJRT_Error_GetCode_Args, code)},
    [TP_S_PLUGIN_INITIALIZE] = {"PJRT_Plugin_Initialize_Args", SIZE(PJRT_Plugin_Initialize_Args, extension_start)},
    /* XLA's plugins name these two after the function, not the struct */
    [TP_S_EVENT_DESTROY] = {"PJRT_Event_Destroy", SIZE(PJRT_Event_Destroy_Args, event)},
    [TP_S_EVENT_AWAIT] = {"PJRT_Event_Await", SIZE(PJRT_Event_Await_Args, event)},
    [TP_S_NAMED_VALUE] = {"PJRT_NamedValue", SIZE(PJRT_NamedValue, value_size)},
    [TP_S_CLIENT_CREATE] = {"PJRT_Client_Create_Args", SIZE(PJRT_Client_Create_Args, kv_try_get_user_arg)},
    [TP_S_CLIENT_DESTROY] = {"PJRT_Client_Destroy_Args", SIZE(PJRT_Client_Destroy_Args, client)},
    [TP_S_CLIENT_PLATFORM_NAME] = {"PJRT_Client_PlatformName_Args",
                                   SIZE(PJRT_Client_PlatformName_Args, platform_name_size)},
    [TP_S_CLIENT_PLATFORM_VERSION] = {"PJRT_Client_PlatformVersion_Args",
                                      SIZE(PJRT_Client_PlatformVersion_Args, platform_version_size)},
    [TP_S_CLIENT_ADDRESSABLE_DEVICES] = {"PJRT_Client_AddressableDevices_Args",
                                         SIZE(PJRT_Client_AddressableDevices_Args, num_addressable_devices)},
    [TP_S_PROGRAM] = {"PJRT_Program", SIZE(PJRT_Program, format_size)},
    [TP_S_CLIENT_COMPILE] = {"PJRT_Client_Compile_Args", SIZE(PJRT_Client_Compile_Args, executable)},
    [TP_S_BUFFER_FROM_HOST] = {"PJRT_Client_BufferFromHostBuffer_Args",
                               SIZE(PJRT_Client_BufferFromHostBuffer_Args, buffer)},
    [TP_S_BUFFER_DESTROY] = {"PJRT_Buffer_Destroy_Args", SIZE(PJRT_Buffer_Destroy_Args, buffer)},
    [TP_S_BUFFER_ELEMENT_TYPE] = {"PJRT_Buffer_ElementType_Args", SIZE(PJRT_Buffer_ElementType_Args, type)},
    [TP_S_BUFFER_DIMENSIONS] = {"PJRT_Buffer_Dimensions_Args", SIZE(PJRT_Buffer_Dimensions_Args, num_dims)},
    [TP_S_BUFFER_TO_HOST] = {"PJRT_Buffer_ToHostBuffer_Args", SIZE(PJRT_Buffer_ToHostBuffer_Args, event)},
    [TP_S_EXECUTABLE_DESTROY] = {"PJRT_Executable_Destroy_Args", SIZE(PJRT_Executable_Destroy_Args, executable)},
    [TP_S_EXECUTABLE_NUM_OUTPUTS] = {"PJRT_Executable_NumOutputs_Args",
                                     SIZE(PJRT_Executable_NumOutputs_Args, num_outputs)},
    [TP_S_LOADED_EXECUTABLE_DESTROY] = {"PJRT_LoadedExecutable_Destroy_Args",
                                        SIZE(PJRT_LoadedExecutable_Destroy_Args, executable)},
    [TP_S_LOADED_EXECUTABLE_GET_EXECUTABLE] = {"PJRT_LoadedExecutable_GetExecutable_Args",
                                               SIZE(PJRT_LoadedExecutable_GetExecutable_Args, executable)},
    [TP_S_EXECUTE_OPTIONS] = {"PJRT_ExecuteOptions", SIZE(PJRT_ExecuteOptions, num_hlo_output_callbacks)},
    [TP_S_EXECUTE] = {"PJRT_LoadedExecutable_Execute_Args", SIZE(PJRT_LoadedExecutable_Execute_Args, execute_device)},
};

size_t pjrt_struct_size_ours(pjrt_struct id) { return (unsigned)id < TP_S_COUNT ? structs[id].size : 0; }

static bool same_ignoring_case(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char x = a[i] >= 'A' && a[i] <= 'Z' ? (char)(a[i] - 'A' + 'a') : a[i];
        char y = b[i] >= 'A' && b[i] <= 'Z' ? (char)(b[i] - 'A' + 'a') : b[i];
        if (x != y)
            return false;
    }
    return true;
}

/* Reads "Unexpected NAME size: expected N, got M" out of a plugin's message. Case is ignored:
 * XLA's plugin spells one of them "PJRT_CLient_PlatformVersion_Args". */
static bool parse_size_complaint(const char *msg, size_t len, const char *name, size_t *expected)
{
    char head[160];
    int n = snprintf(head, sizeof head, "Unexpected %s size: expected ", name);
    if (n < 0 || (size_t)n >= sizeof head)
        return false;
    for (size_t i = 0; i + (size_t)n <= len; i++) {
        if (!same_ignoring_case(msg + i, head, (size_t)n))
            continue;
        size_t v = 0, j = i + (size_t)n;
        if (j >= len || msg[j] < '0' || msg[j] > '9')
            return false;
        for (; j < len && msg[j] >= '0' && msg[j] <= '9' && v < 1u << 20; j++)
            v = v * 10 + (size_t)(msg[j] - '0');
        *expected = v;
        return true;
    }
    return false;
}

bool pjrt_call_retry(tp_runtime *rt, PJRT_Error **err, int n, const pjrt_sized *s)
{
    if (!*err || !rt || !rt->api)
        return false;
    TP_ARGS(PJRT_Error_Message_Args) m;
    pjrt_args_init(rt, &m, TP_S_ERROR_MESSAGE);
    m.a.error = *err;
    rt->api->PJRT_Error_Message(&m.a);
    if (!m.a.message)
        return false;
    for (int i = 0; i < n; i++) {
        size_t want = 0, ours = structs[s[i].id].size;
        if (!parse_size_complaint(m.a.message, m.a.message_size, structs[s[i].id].name, &want))
            continue;
        /* Only ever grows, within the spare room: the retries end. */
        if (want <= *s[i].struct_size || want > ours + TP_SPARE)
            return false;
        pjrt_note(rt,
                  "the plugin wants %s of %zu bytes, tritonc declares %zu (PJRT C API %d.%d): "
                  "passed with the %zu unknown bytes zero",
                  structs[s[i].id].name, want, ours, TP_PJRT_API_MAJOR, TP_PJRT_API_MINOR, want - ours);
        rt->struct_size[s[i].id] = want;
        *s[i].struct_size = want;
        pjrt_error_free(rt, *err);
        *err = NULL;
        return true;
    }
    return false;
}

void pjrt_event_destroy(tp_runtime *rt, PJRT_Event *ev)
{
    if (!ev || !rt || !rt->api)
        return;
    TP_ARGS(PJRT_Event_Destroy_Args) d;
    pjrt_args_init(rt, &d, TP_S_EVENT_DESTROY);
    d.a.event = ev;
    PJRT_Error *err;
    do
        err = rt->api->PJRT_Event_Destroy(&d.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_EVENT_DESTROY, &d.a.struct_size}}));
    pjrt_error_free(rt, err);
}

bool pjrt_event_await(tp_runtime *rt, th_site site, const char *what, PJRT_Event *ev)
{
    if (!ev)
        return true;
    TP_ARGS(PJRT_Event_Await_Args) w;
    pjrt_args_init(rt, &w, TP_S_EVENT_AWAIT);
    w.a.event = ev;
    PJRT_Error *err;
    do
        err = rt->api->PJRT_Event_Await(&w.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_EVENT_AWAIT, &w.a.struct_size}}));
    pjrt_event_destroy(rt, ev);
    if (err) {
        pjrt_fail_pjrt(rt, site, what, err);
        return false;
    }
    return true;
}

void pjrt_buffer_destroy(tp_runtime *rt, PJRT_Buffer *buf)
{
    if (!buf || !rt || !rt->api)
        return;
    TP_ARGS(PJRT_Buffer_Destroy_Args) d;
    pjrt_args_init(rt, &d, TP_S_BUFFER_DESTROY);
    d.a.buffer = buf;
    PJRT_Error *err;
    do
        err = rt->api->PJRT_Buffer_Destroy(&d.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_BUFFER_DESTROY, &d.a.struct_size}}));
    pjrt_error_free(rt, err);
}

th_shape pjrt_buffer_shape(tp_runtime *rt, th_site site, PJRT_Buffer *buf)
{
    th_shape bad = {TL_DTYPE_INVALID, -1, {0}};
    TP_ARGS(PJRT_Buffer_ElementType_Args) t;
    pjrt_args_init(rt, &t, TP_S_BUFFER_ELEMENT_TYPE);
    t.a.buffer = buf;
    PJRT_Error *err;
    do
        err = rt->api->PJRT_Buffer_ElementType(&t.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_BUFFER_ELEMENT_TYPE, &t.a.struct_size}}));
    if (err) {
        pjrt_fail_pjrt(rt, site, "PJRT_Buffer_ElementType", err);
        return bad;
    }
    TP_ARGS(PJRT_Buffer_Dimensions_Args) d;
    pjrt_args_init(rt, &d, TP_S_BUFFER_DIMENSIONS);
    d.a.buffer = buf;
    do
        err = rt->api->PJRT_Buffer_Dimensions(&d.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_BUFFER_DIMENSIONS, &d.a.struct_size}}));
    if (err) {
        pjrt_fail_pjrt(rt, site, "PJRT_Buffer_Dimensions", err);
        return bad;
    }
    th_shape s = {pjrt_dtype_from_pjrt(t.a.type), (int)d.a.num_dims, {0}};
    if (s.dtype == TL_DTYPE_INVALID) {
        pjrt_fail(rt, site, "the plugin made a buffer of element type %d, which tritonc does not know", (int)t.a.type);
        return bad;
    }
    if (d.a.num_dims > TH_MAX_RANK || (d.a.num_dims && !d.a.dims)) {
        pjrt_fail(rt, site, "the plugin made a buffer of rank %zu (at most %d here)", d.a.num_dims, TH_MAX_RANK);
        return bad;
    }
    for (size_t i = 0; i < d.a.num_dims; i++)
        s.dims[i] = d.a.dims[i];
    return s;
}
