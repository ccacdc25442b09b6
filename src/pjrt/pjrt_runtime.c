/* The runtime: load a plugin, check its version, initialize it, create a client on its first
 * device; and tear it all down. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pjrt/pjrt_internal.h"

/* The table must reach the last function we call. */
#define TABLE_NEEDS (offsetof(PJRT_Api, PJRT_Buffer_ToHostBuffer) + sizeof(void *))

static char *copy_text(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (c) {
        if (n)
            memcpy(c, s, n);
        c[n] = '\0';
    }
    return c;
}

/* The plugin path: the option, the environment, then the usual places. */
static char *choose_plugin(const tp_options *opts)
{
    if (opts && opts->plugin)
        return copy_text(opts->plugin, strlen(opts->plugin));
    const char *env = getenv(TP_PLUGIN_ENV);
    if (env && *env)
        return copy_text(env, strlen(env));
    return tp_find_plugin();
}

static bool load(tp_runtime *rt, th_site site)
{
    /* A PJRT plugin starts threads and registers process-wide state that outlive its client,
     * and jax never unloads one either: keep it mapped after dlclose. */
    int flags = RTLD_NOW | RTLD_LOCAL;
#ifdef RTLD_NODELETE
    flags |= RTLD_NODELETE;
#endif
    rt->dl = dlopen(rt->plugin_path, flags);
    if (!rt->dl) {
        const char *why = dlerror();
        pjrt_fail(rt, site, "cannot load the PJRT plugin '%s': %s", rt->plugin_path, why ? why : "dlopen failed");
        return false;
    }
    void *sym = dlsym(rt->dl, TP_PJRT_GET_API_SYMBOL);
    if (!sym) {
        pjrt_fail(rt, site, "'%s' is no PJRT plugin: it has no %s function", rt->plugin_path, TP_PJRT_GET_API_SYMBOL);
        return false;
    }
    /* dlsym gives a data pointer; POSIX guarantees it converts to the function's. */
    PJRT_GetPjrtApi_Fn *get_api;
    _Static_assert(sizeof get_api == sizeof sym, "function and data pointers differ in size");
    memcpy(&get_api, &sym, sizeof get_api);
    const PJRT_Api *api = get_api();
    if (!api) {
        pjrt_fail(rt, site, "the PJRT plugin '%s' gave no API table (%s returned NULL)", rt->plugin_path,
                  TP_PJRT_GET_API_SYMBOL);
        return false;
    }
    if (api->struct_size < offsetof(PJRT_Api, pjrt_api_version) + sizeof(PJRT_Api_Version)) {
        pjrt_fail(rt, site, "the PJRT plugin '%s' gave an API table of %zu bytes, too short to hold its version",
                  rt->plugin_path, api->struct_size);
        return false;
    }
    rt->api_major = api->pjrt_api_version.major_version;
    rt->api_minor = api->pjrt_api_version.minor_version;
    if (rt->api_major != TP_PJRT_API_MAJOR) {
        pjrt_fail(rt, site,
                  "the PJRT plugin '%s' has PJRT C API version %d.%d; tritonc speaks version %d.x "
                  "(declared from %d.%d): refused",
                  rt->plugin_path, rt->api_major, rt->api_minor, TP_PJRT_API_MAJOR, TP_PJRT_API_MAJOR,
                  TP_PJRT_API_MINOR);
        return false;
    }
    if (rt->api_minor > TP_PJRT_API_MINOR)
        pjrt_note(rt, "the plugin's PJRT C API %d.%d is newer than tritonc's declarations (%d.%d): accepted",
                  rt->api_major, rt->api_minor, TP_PJRT_API_MAJOR, TP_PJRT_API_MINOR);
    else if (rt->api_minor < TP_PJRT_API_MINOR)
        pjrt_note(rt, "the plugin's PJRT C API %d.%d is older than tritonc's declarations (%d.%d): accepted",
                  rt->api_major, rt->api_minor, TP_PJRT_API_MAJOR, TP_PJRT_API_MINOR);
    if (api->struct_size < TABLE_NEEDS) {
        pjrt_fail(rt, site,
                  "the PJRT plugin '%s' gave an API table of %zu bytes; tritonc calls functions up to byte %zu",
                  rt->plugin_path, api->struct_size, (size_t)TABLE_NEEDS);
        return false;
    }
    const struct {
        const char *name;
        bool present;
    } needed[] = {
        {"PJRT_Error_Destroy", api->PJRT_Error_Destroy},
        {"PJRT_Error_Message", api->PJRT_Error_Message},
        {"PJRT_Error_GetCode", api->PJRT_Error_GetCode},
        {"PJRT_Plugin_Initialize", api->PJRT_Plugin_Initialize},
        {"PJRT_Event_Destroy", api->PJRT_Event_Destroy},
        {"PJRT_Event_Await", api->PJRT_Event_Await},
        {"PJRT_Client_Create", api->PJRT_Client_Create},
        {"PJRT_Client_Destroy", api->PJRT_Client_Destroy},
        {"PJRT_Client_PlatformName", api->PJRT_Client_PlatformName},
        {"PJRT_Client_PlatformVersion", api->PJRT_Client_PlatformVersion},
        {"PJRT_Client_AddressableDevices", api->PJRT_Client_AddressableDevices},
        {"PJRT_Client_Compile", api->PJRT_Client_Compile},
        {"PJRT_Client_BufferFromHostBuffer", api->PJRT_Client_BufferFromHostBuffer},
        {"PJRT_Executable_Destroy", api->PJRT_Executable_Destroy},
        {"PJRT_Executable_NumOutputs", api->PJRT_Executable_NumOutputs},
        {"PJRT_LoadedExecutable_Destroy", api->PJRT_LoadedExecutable_Destroy},
        {"PJRT_LoadedExecutable_GetExecutable", api->PJRT_LoadedExecutable_GetExecutable},
        {"PJRT_LoadedExecutable_Execute", api->PJRT_LoadedExecutable_Execute},
        {"PJRT_Buffer_Destroy", api->PJRT_Buffer_Destroy},
        {"PJRT_Buffer_ElementType", api->PJRT_Buffer_ElementType},
        {"PJRT_Buffer_Dimensions", api->PJRT_Buffer_Dimensions},
        {"PJRT_Buffer_ToHostBuffer", api->PJRT_Buffer_ToHostBuffer},
    };
    for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++) {
        if (!needed[i].present) {
            pjrt_fail(rt, site, "the PJRT plugin '%s' does not implement %s", rt->plugin_path, needed[i].name);
            return false;
        }
    }
    rt->api = api;
    return true;
}

static bool initialize(tp_runtime *rt, th_site site)
{
    TP_ARGS(PJRT_Plugin_Initialize_Args) a;
    pjrt_args_init(rt, &a, TP_S_PLUGIN_INITIALIZE);
    PJRT_Error *err;
    do
        err = rt->api->PJRT_Plugin_Initialize(&a.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_PLUGIN_INITIALIZE, &a.a.struct_size}}));
    if (err) {
        pjrt_fail_pjrt(rt, site, "PJRT_Plugin_Initialize", err);
        return false;
    }
    return true;
}

static bool create_client(tp_runtime *rt, th_site site, const tp_options *opts)
{
    TP_ARGS(PJRT_NamedValue) prealloc;
    pjrt_args_init(rt, &prealloc, TP_S_NAMED_VALUE);
    prealloc.a.name = "preallocate";
    prealloc.a.name_size = strlen(prealloc.a.name);
    prealloc.a.type = PJRT_NamedValue_kBool;
    prealloc.a.bool_value = opts && opts->preallocate;
    prealloc.a.value_size = 1;

    TP_ARGS(PJRT_Client_Create_Args) a;
    pjrt_args_init(rt, &a, TP_S_CLIENT_CREATE);
    if (!(opts && opts->no_client_options)) {
        a.a.create_options = &prealloc.a;
        a.a.num_options = 1;
    }
    PJRT_Error *err;
    do
        err = rt->api->PJRT_Client_Create(&a.a);
    while (pjrt_call_retry(
        rt, &err, 2,
        (pjrt_sized[]){{TP_S_CLIENT_CREATE, &a.a.struct_size}, {TP_S_NAMED_VALUE, &prealloc.a.struct_size}}));
    if (err) {
        pjrt_fail_pjrt(rt, site, "PJRT_Client_Create", err);
        return false;
    }
    if (!a.a.client) {
        pjrt_fail(rt, site, "PJRT_Client_Create gave no client");
        return false;
    }
    rt->client = a.a.client;
    return true;
}

static bool describe_platform(tp_runtime *rt, th_site site)
{
    TP_ARGS(PJRT_Client_PlatformName_Args) n;
    pjrt_args_init(rt, &n, TP_S_CLIENT_PLATFORM_NAME);
    n.a.client = rt->client;
    PJRT_Error *err;
    do
        err = rt->api->PJRT_Client_PlatformName(&n.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_CLIENT_PLATFORM_NAME, &n.a.struct_size}}));
    if (err) {
        pjrt_fail_pjrt(rt, site, "PJRT_Client_PlatformName", err);
        return false;
    }
    TP_ARGS(PJRT_Client_PlatformVersion_Args) v;
    pjrt_args_init(rt, &v, TP_S_CLIENT_PLATFORM_VERSION);
    v.a.client = rt->client;
    do
        err = rt->api->PJRT_Client_PlatformVersion(&v.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_CLIENT_PLATFORM_VERSION, &v.a.struct_size}}));
    if (err) {
        pjrt_fail_pjrt(rt, site, "PJRT_Client_PlatformVersion", err);
        return false;
    }
    size_t nn = n.a.platform_name ? n.a.platform_name_size : 0;
    size_t nv = v.a.platform_version ? v.a.platform_version_size : 0;
    rt->platform = malloc(nn + nv + 2);
    if (rt->platform)
        snprintf(rt->platform, nn + nv + 2, "%.*s%s%.*s", (int)nn, nn ? n.a.platform_name : "", nv ? " " : "", (int)nv,
                 nv ? v.a.platform_version : "");
    return true;
}

static bool pick_device(tp_runtime *rt, th_site site)
{
    TP_ARGS(PJRT_Client_AddressableDevices_Args) a;
    pjrt_args_init(rt, &a, TP_S_CLIENT_ADDRESSABLE_DEVICES);
    a.a.client = rt->client;
    PJRT_Error *err;
    do
        err = rt->api->PJRT_Client_AddressableDevices(&a.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_CLIENT_ADDRESSABLE_DEVICES, &a.a.struct_size}}));
    if (err) {
        pjrt_fail_pjrt(rt, site, "PJRT_Client_AddressableDevices", err);
        return false;
    }
    if (a.a.num_addressable_devices == 0 || !a.a.addressable_devices || !a.a.addressable_devices[0]) {
        pjrt_fail(rt, site, "the PJRT plugin's client has no device this process can use");
        return false;
    }
    rt->device = a.a.addressable_devices[0];
    size_t n = a.a.num_addressable_devices < TP_MAX_DEVICES ? a.a.num_addressable_devices : TP_MAX_DEVICES;
    for (size_t i = 0; i < n; i++)
        rt->devices[i] = a.a.addressable_devices[i];
    rt->ndevices = (int)n;
    return true;
}

tp_runtime *tp_runtime_create_at(th_site site, const tp_options *opts)
{
    tp_runtime *rt = calloc(1, sizeof *rt);
    if (!rt)
        return NULL;
    base_error_init(&rt->error, TL_ERROR_UNLIMITED);
    rt->api_major = rt->api_minor = -1;
    for (int i = 0; i < TP_S_COUNT; i++)
        rt->struct_size[i] = pjrt_struct_size_ours((pjrt_struct)i);
    rt->plugin_path = choose_plugin(opts);
    if (!rt->plugin_path) {
        pjrt_fail(rt, site,
                  "no PJRT plugin found: give its path (tp_options.plugin), set " TP_PLUGIN_ENV
                  ", or install jax's CUDA plugin (pip install 'jax[cuda13]'): it was looked for in the "
                  "site-packages of $VIRTUAL_ENV, of each python3 on $PATH, of ~/.local, /usr/local and /usr");
        return rt;
    }
    if (load(rt, site) && initialize(rt, site) && create_client(rt, site, opts) && describe_platform(rt, site))
        pick_device(rt, site);
    return rt;
}

void tp_runtime_destroy(tp_runtime *rt)
{
    if (!rt)
        return;
    if (rt->client) {
        TP_ARGS(PJRT_Client_Destroy_Args) a;
        pjrt_args_init(rt, &a, TP_S_CLIENT_DESTROY);
        a.a.client = rt->client;
        PJRT_Error *err;
        do
            err = rt->api->PJRT_Client_Destroy(&a.a);
        while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_CLIENT_DESTROY, &a.a.struct_size}}));
        pjrt_error_free(rt, err);
    }
    if (rt->dl)
        dlclose(rt->dl);
    free(rt->plugin_path);
    free(rt->platform);
    base_error_clear(&rt->error);
    free(rt->notes.buf);
    free(rt->describe);
    free(rt);
}

const char *tp_runtime_describe(tp_runtime *rt)
{
    if (!rt)
        return "no runtime";
    char version[48] = "PJRT C API unknown";
    if (rt->api_major >= 0)
        snprintf(version, sizeof version, "PJRT C API %d.%d", rt->api_major, rt->api_minor);
    const char *platform = rt->platform ? rt->platform : "unknown";
    const char *plugin = rt->plugin_path ? rt->plugin_path : "none found";
    base_out text = {0};
    base_out_printf(&text, "%s, platform %s, plugin %s", version, platform, plugin);
    char *s = base_out_text(&text);
    if (!s)
        return "out of memory";
    free(rt->describe);
    rt->describe = s;
    return s;
}

void tp_runtime_api_version(const tp_runtime *rt, int *major, int *minor)
{
    if (major)
        *major = rt ? rt->api_major : -1;
    if (minor)
        *minor = rt ? rt->api_minor : -1;
}

int tp_runtime_num_devices(const tp_runtime *rt) { return rt && rt->api ? rt->ndevices : 0; }
