/* The PJRT runtime on the CPU, against fake plugins (tests/doubles/fake_pjrt_plugin.c): loading and
 * its failures (a missing file, a file that is no plugin, no entry point, wrong versions, a
 * short table), finding a plugin, the whole compile / copy / execute / copy back path, every
 * PJRT error turned into ours with the C line, the checks made before the plugin sees a call,
 * and that every object the plugin hands out is given back. */
#define _XOPEN_SOURCE 700 /* POSIX 2008 with realpath */
#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "pjrt/pjrt_c_api_subset.h"
#include "tritonc/hlo.h"
#include "tritonc/hlo_shard.h"
#include "tritonc/pjrt.h"

#ifndef FAKE_PJRT_PLUGIN
#error "FAKE_PJRT_PLUGIN (the fake plugin's path) must be defined by the build"
#endif

/* ---- helpers ------------------------------------------------------------------------------- */

static int (*fake_live)(void);
static int (*fake_uploads)(void);
static int (*fake_last_options)(void);
static int (*fake_last_partitions)(void);
static int (*fake_last_executed_devices)(void);

/* The fake plugin's counters, through the same library the runtime loads. */
static void bind_fake(void)
{
    void *dl = dlopen(FAKE_PJRT_PLUGIN, RTLD_NOW | RTLD_LOCAL);
    if (!dl)
        fail_msg("cannot load %s: %s", FAKE_PJRT_PLUGIN, dlerror());
    void *a = dlsym(dl, "fake_pjrt_live"), *b = dlsym(dl, "fake_pjrt_uploads"),
         *c = dlsym(dl, "fake_pjrt_last_options");
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    memcpy(&fake_live, &a, sizeof a);
    memcpy(&fake_uploads, &b, sizeof b);
    memcpy(&fake_last_options, &c, sizeof c);
    void *d = dlsym(dl, "fake_pjrt_last_partitions"), *e = dlsym(dl, "fake_pjrt_last_executed_devices");
    assert_non_null(d);
    assert_non_null(e);
    memcpy(&fake_last_partitions, &d, sizeof d);
    memcpy(&fake_last_executed_devices, &e, sizeof e);
    /* the handle stays open: the counters must outlive every runtime of the test */
}

static tp_runtime *fake_runtime(const char *mode)
{
    setenv("FAKE_PJRT_MODE", mode, 1);
    tp_runtime *rt = tp_runtime_create(&(tp_options){.plugin = FAKE_PJRT_PLUGIN});
    assert_non_null(rt);
    return rt;
}

/* Asserts the runtime's error is exactly "<this file>:<line>: <want>". */
static void expect_error_at(tp_runtime *rt, int line, const char *want)
{
    char full[1024];
    snprintf(full, sizeof full, "%s:%d: %s", __FILE__, line, want);
    assert_true(tp_runtime_failed(rt));
    assert_non_null(tp_runtime_error(rt));
    assert_string_equal(tp_runtime_error(rt), full);
}

/* Asserts the runtime's error starts with "<this file>:<line>: " and holds want. */
static void expect_error_holding(tp_runtime *rt, int line, const char *want)
{
    char head[512];
    snprintf(head, sizeof head, "%s:%d: ", __FILE__, line);
    const char *msg = tp_runtime_error(rt);
    assert_non_null(msg);
    if (strncmp(msg, head, strlen(head)) != 0 || !strstr(msg, want))
        fail_msg("error '%s' does not start with '%s' and hold '%s'", msg, head, want);
}

/* A program of two float32 parameters of n elements returning outputs results (the fake
 * reads "outputs=N" from the text; it ignores the rest). */
static void program_text(char *buf, size_t size, int n, int outputs, const char *extra)
{
    snprintf(buf, size,
             "// outputs=%d %s\n"
             "func.func public @main(%%a: tensor<%dxf32>, %%b: tensor<%dxf32>) -> tensor<%dxf32> {\n"
             "  %%0 = stablehlo.add %%a, %%b : tensor<%dxf32>\n"
             "  return %%0 : tensor<%dxf32>\n"
             "}\n",
             outputs, extra, n, n, n, n, n);
}

static char scratch_dir[512];

static const char *scratch(const char *name)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s/%s", scratch_dir, name);
    return path;
}

static void make_dirs(const char *path)
{
    char p[1024];
    size_t n = strlen(path);
    if (n >= sizeof p)
        return; /* (the test's paths are short; a longer one makes nothing) */
    memcpy(p, path, n + 1);
    for (char *s = p + 1; *s; s++) {
        if (*s == '/') {
            *s = '\0';
            mkdir(p, 0755);
            *s = '/';
        }
    }
    mkdir(p, 0755);
}

static void touch(const char *path, bool executable)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("not a shared object\n", f);
    fclose(f);
    if (executable)
        chmod(path, 0755);
}

/* ---- the ABI declarations ------------------------------------------------------------------------ */

/* Each struct_size we declare equals PJRT_STRUCT_SIZE in openxla/xla's pjrt_c_api.h 0.114
 * (x86-64 and aarch64 Linux), and the table members we call sit where that header puts them. */
static void declarations_match_the_public_header(void **state)
{
    (void)state;
    if (sizeof(void *) != 8 || sizeof(size_t) != 8) {
        skip();
        return;
    }
#define SIZE_IS(T, last, n) assert_int_equal(TP_PJRT_STRUCT_SIZE(T, last), (n))
    SIZE_IS(PJRT_Error_Destroy_Args, error, 24);
    SIZE_IS(PJRT_Error_Message_Args, message_size, 40);
    SIZE_IS(PJRT_Error_GetCode_Args, code, 28);
    SIZE_IS(PJRT_Plugin_Initialize_Args, extension_start, 16);
    SIZE_IS(PJRT_Event_Destroy_Args, event, 24);
    SIZE_IS(PJRT_Event_Await_Args, event, 24);
    SIZE_IS(PJRT_NamedValue, value_size, 56);
    SIZE_IS(PJRT_Client_Create_Args, kv_try_get_user_arg, 88);
    SIZE_IS(PJRT_Client_Destroy_Args, client, 24);
    SIZE_IS(PJRT_Client_PlatformName_Args, platform_name_size, 40);
    SIZE_IS(PJRT_Client_PlatformVersion_Args, platform_version_size, 40);
    SIZE_IS(PJRT_Client_AddressableDevices_Args, num_addressable_devices, 40);
    SIZE_IS(PJRT_Program, format_size, 48);
    SIZE_IS(PJRT_Client_Compile_Args, executable, 56);
    SIZE_IS(PJRT_Client_BufferFromHostBuffer_Args, buffer, 120);
    SIZE_IS(PJRT_Buffer_Destroy_Args, buffer, 24);
    SIZE_IS(PJRT_Buffer_ElementType_Args, type, 28);
    SIZE_IS(PJRT_Buffer_Dimensions_Args, num_dims, 40);
    SIZE_IS(PJRT_Buffer_ToHostBuffer_Args, event, 56);
    SIZE_IS(PJRT_Executable_Destroy_Args, executable, 24);
    SIZE_IS(PJRT_Executable_NumOutputs_Args, num_outputs, 32);
    SIZE_IS(PJRT_LoadedExecutable_Destroy_Args, executable, 24);
    SIZE_IS(PJRT_LoadedExecutable_GetExecutable_Args, executable, 32);
    SIZE_IS(PJRT_ExecuteOptions, num_hlo_output_callbacks, 144);
    SIZE_IS(PJRT_LoadedExecutable_Execute_Args, execute_device, 80);
#undef SIZE_IS
    assert_int_equal(offsetof(PJRT_Api, PJRT_Error_Destroy), 40);
    assert_int_equal(offsetof(PJRT_Api, PJRT_Client_Compile), 200);
    assert_int_equal(offsetof(PJRT_Api, PJRT_Client_BufferFromHostBuffer), 216);
    assert_int_equal(offsetof(PJRT_Api, PJRT_Executable_NumOutputs), 392);
    assert_int_equal(offsetof(PJRT_Api, PJRT_Buffer_Dimensions), 520);
    assert_int_equal(offsetof(PJRT_Api, PJRT_LoadedExecutable_Execute), 480);
    assert_int_equal(offsetof(PJRT_Api, PJRT_Buffer_ToHostBuffer), 600);
    assert_int_equal(PJRT_Buffer_Type_F8E4M3FNUZ, 20);
}

/* ---- loading ----------------------------------------------------------------------------------- */

static void missing_plugin_file(void **state)
{
    (void)state;
    const char *path = scratch("no-such-plugin.so");
    int line = __LINE__ + 1;
    tp_runtime *rt = tp_runtime_create(&(tp_options){.plugin = path});
    char want[1200];
    snprintf(want, sizeof want, "tp_runtime_create: cannot load the PJRT plugin '%s': ", path);
    expect_error_holding(rt, line, want);
    assert_non_null(strstr(tp_runtime_error(rt), "No such file"));
    int major, minor;
    tp_runtime_api_version(rt, &major, &minor);
    assert_int_equal(major, -1);
    assert_int_equal(minor, -1);
    /* every later call does nothing */
    assert_null(tp_compile(rt, "module {}"));
    assert_null(tp_buffer_from_host(rt, TH_SHAPE(TL_F32, 1), &(float){1}));
    tp_runtime_destroy(rt);
}

static void file_that_is_no_shared_object(void **state)
{
    (void)state;
    const char *path = scratch("text.so");
    touch(path, false);
    int line = __LINE__ + 1;
    tp_runtime *rt = tp_runtime_create(&(tp_options){.plugin = path});
    char want[1200];
    snprintf(want, sizeof want, "tp_runtime_create: cannot load the PJRT plugin '%s': ", path);
    expect_error_holding(rt, line, want);
    tp_runtime_destroy(rt);
}

static void shared_object_without_entry_point(void **state)
{
    (void)state;
    int line = __LINE__ + 1;
    tp_runtime *rt = tp_runtime_create(&(tp_options){.plugin = FAKE_PJRT_NOSYM});
    expect_error_at(rt, line, "tp_runtime_create: '" FAKE_PJRT_NOSYM "' is no PJRT plugin: it has no GetPjrtApi function");
    tp_runtime_destroy(rt);
}

static void entry_point_giving_null(void **state)
{
    (void)state;
    tp_runtime *rt = fake_runtime("null"); /* the site is fake_runtime's line */
    assert_non_null(strstr(tp_runtime_error(rt), "tp_runtime_create: the PJRT plugin '" FAKE_PJRT_PLUGIN
                                                 "' gave no API table (GetPjrtApi returned NULL)"));
    tp_runtime_destroy(rt);
}

static void another_major_version_is_refused(void **state)
{
    (void)state;
    setenv("FAKE_PJRT_MODE", "major", 1);
    int line = __LINE__ + 1;
    tp_runtime *rt = tp_runtime_create(&(tp_options){.plugin = FAKE_PJRT_PLUGIN});
    expect_error_at(rt, line,
                    "tp_runtime_create: the PJRT plugin '" FAKE_PJRT_PLUGIN "' has PJRT C API version 1.0; "
                    "tritonc speaks version 0.x (declared from 0.114): refused");
    int major, minor;
    tp_runtime_api_version(rt, &major, &minor);
    assert_int_equal(major, 1);
    assert_int_equal(minor, 0);
    tp_runtime_destroy(rt);
    assert_int_equal(fake_live(), 0);
}

static void newer_minor_version_is_accepted_and_noted(void **state)
{
    (void)state;
    tp_runtime *rt = fake_runtime("newer");
    assert_false(tp_runtime_failed(rt));
    assert_null(tp_runtime_error(rt));
    assert_string_equal(tp_runtime_notes(rt),
                        "the plugin's PJRT C API 0.1114 is newer than tritonc's declarations (0.114): accepted\n");
    int major, minor;
    tp_runtime_api_version(rt, &major, &minor);
    assert_int_equal(major, 0);
    assert_int_equal(minor, 1114);
    tp_runtime_destroy(rt);
    assert_int_equal(fake_live(), 0);
}

static void short_table_and_missing_function(void **state)
{
    (void)state;
    tp_runtime *rt = fake_runtime("short");
    assert_non_null(strstr(tp_runtime_error(rt),
                           "gave an API table of 504 bytes; tritonc calls functions up to byte 608"));
    tp_runtime_destroy(rt);
    rt = fake_runtime("missing");
    assert_non_null(strstr(tp_runtime_error(rt), "' does not implement PJRT_Client_Compile"));
    tp_runtime_destroy(rt);
    assert_int_equal(fake_live(), 0);
}

static void client_errors(void **state)
{
    (void)state;
    tp_runtime *rt = fake_runtime("reject_options");
    assert_non_null(strstr(tp_runtime_error(rt),
                           "tp_runtime_create: PJRT_Client_Create failed: INVALID_ARGUMENT: Unexpected option name "
                           "passed to PJRT_Client_Create: preallocate"));
    tp_runtime_destroy(rt);
    /* such a plugin takes a client with no options */
    setenv("FAKE_PJRT_MODE", "reject_options", 1);
    rt = tp_runtime_create(&(tp_options){.plugin = FAKE_PJRT_PLUGIN, .no_client_options = true});
    assert_false(tp_runtime_failed(rt));
    assert_int_equal(fake_last_options(), -1);
    tp_runtime_destroy(rt);
    rt = fake_runtime("no_devices");
    assert_non_null(strstr(tp_runtime_error(rt), "the PJRT plugin's client has no device this process can use"));
    tp_runtime_destroy(rt);
    assert_int_equal(fake_live(), 0);
}

static void client_options(void **state)
{
    (void)state;
    tp_runtime *rt = fake_runtime("ok");
    assert_int_equal(fake_last_options(), 0); /* preallocate = false by default */
    char want[1024];
    snprintf(want, sizeof want, "PJRT C API 0.114, platform fake 1.2.3, plugin %s", FAKE_PJRT_PLUGIN);
    assert_string_equal(tp_runtime_describe(rt), want);
    assert_null(tp_runtime_notes(rt));
    tp_runtime_destroy(rt);
    setenv("FAKE_PJRT_MODE", "ok", 1);
    rt = tp_runtime_create(&(tp_options){.plugin = FAKE_PJRT_PLUGIN, .preallocate = true});
    assert_int_equal(fake_last_options(), 1);
    tp_runtime_destroy(rt);
    assert_int_equal(fake_live(), 0);
}

/* ---- finding the plugin ----------------------------------------------------------------------------- */

static char *saved_env(const char *name)
{
    const char *v = getenv(name);
    return v ? strdup(v) : NULL;
}

static void restore_env(const char *name, char *value)
{
    if (value)
        setenv(name, value, 1);
    else
        unsetenv(name);
    free(value);
}

static void plugin_from_the_environment_and_the_usual_places(void **state)
{
    (void)state;
    char *old_plugin = saved_env(TP_PLUGIN_ENV), *old_venv = saved_env("VIRTUAL_ENV"), *old_path = saved_env("PATH"),
         *old_home = saved_env("HOME");

    /* $TRITONC_PJRT_PLUGIN when no path is given */
    setenv(TP_PLUGIN_ENV, FAKE_PJRT_PLUGIN, 1);
    setenv("FAKE_PJRT_MODE", "ok", 1);
    tp_runtime *rt = tp_runtime_create(NULL);
    assert_false(tp_runtime_failed(rt));
    tp_runtime_destroy(rt);
    unsetenv(TP_PLUGIN_ENV);

    /* nothing anywhere (a HOME, PATH and VIRTUAL_ENV without Python) */
    char empty[1024];
    snprintf(empty, sizeof empty, "%s", scratch("empty"));
    make_dirs(empty);
    setenv("VIRTUAL_ENV", empty, 1);
    setenv("PATH", empty, 1);
    setenv("HOME", empty, 1);
    char *found = tp_find_plugin();
    if (found) { /* this machine has a CUDA plugin installed system-wide */
        free(found);
    } else {
        int line = __LINE__ + 1;
        rt = tp_runtime_create(NULL);
        expect_error_holding(rt, line, "tp_runtime_create: no PJRT plugin found: give its path (tp_options.plugin), "
                                       "set TRITONC_PJRT_PLUGIN, or install jax's CUDA plugin");
        tp_runtime_destroy(rt);
    }

    /* a virtual environment: the highest CUDA major wins */
    char venv[1024], p12[1200], p13[1200];
    snprintf(venv, sizeof venv, "%s", scratch("venv"));
    snprintf(p12, sizeof p12, "%s/lib/python3.12/site-packages/jax_plugins/xla_cuda12", venv);
    snprintf(p13, sizeof p13, "%s/lib/python3.12/site-packages/jax_plugins/xla_cuda13", venv);
    make_dirs(p12);
    make_dirs(p13);
    strcat(p12, "/xla_cuda_plugin.so");
    strcat(p13, "/xla_cuda_plugin.so");
    touch(p12, false);
    touch(p13, false);
    setenv("VIRTUAL_ENV", venv, 1);
    found = tp_find_plugin();
    assert_non_null(found);
    assert_string_equal(found, p13);
    free(found);

    /* the python3 on PATH: bin/python3 beside lib/python3.X/site-packages */
    char env2[1024], bin[1200], python[1300], plugin[1300];
    snprintf(env2, sizeof env2, "%s", scratch("env2"));
    snprintf(bin, sizeof bin, "%s/bin", env2);
    make_dirs(bin);
    snprintf(python, sizeof python, "%s/python3", bin);
    touch(python, true);
    snprintf(plugin, sizeof plugin, "%s/lib/python3.11/site-packages/jax_plugins/xla_cuda12", env2);
    make_dirs(plugin);
    strcat(plugin, "/xla_cuda_plugin.so");
    touch(plugin, false);
    unsetenv("VIRTUAL_ENV");
    char path[2600];
    snprintf(path, sizeof path, "%s:%s", empty, bin);
    setenv("PATH", path, 1);
    found = tp_find_plugin();
    assert_non_null(found);
    char want[1400];
    snprintf(want, sizeof want, "%s/../lib/python3.11/site-packages/jax_plugins/xla_cuda12/xla_cuda_plugin.so", bin);
    assert_string_equal(found, want);
    free(found);

    /* a python3 on PATH that links into an environment elsewhere */
    char env3[1024], bin3[1200], python3[1300], links[1200], link[1300];
    snprintf(env3, sizeof env3, "%s", scratch("env3"));
    snprintf(bin3, sizeof bin3, "%s/bin", env3);
    make_dirs(bin3);
    snprintf(python3, sizeof python3, "%s/python3", bin3);
    touch(python3, true);
    snprintf(plugin, sizeof plugin, "%s/lib/python3.10/site-packages/jax_plugins/xla_cuda13", env3);
    make_dirs(plugin);
    strcat(plugin, "/xla_cuda_plugin.so");
    touch(plugin, false);
    snprintf(links, sizeof links, "%s", scratch("links")); /* outside env3 */
    make_dirs(links);
    snprintf(link, sizeof link, "%s/python3", links);
    unlink(link);
    assert_int_equal(symlink(python3, link), 0);
    setenv("PATH", links, 1);
    found = tp_find_plugin();
    assert_non_null(found);
    char *real_bin = realpath(bin3, NULL);
    assert_non_null(real_bin);
    snprintf(want, sizeof want, "%s/../lib/python3.10/site-packages/jax_plugins/xla_cuda13/xla_cuda_plugin.so",
             real_bin);
    assert_string_equal(found, want);
    free(real_bin);
    free(found);

    restore_env(TP_PLUGIN_ENV, old_plugin);
    restore_env("VIRTUAL_ENV", old_venv);
    restore_env("PATH", old_path);
    restore_env("HOME", old_home);
}

/* ---- compile, copy, execute --------------------------------------------------------------------------- */

static void run_host_to_host(void **state)
{
    (void)state;
    tp_runtime *rt = fake_runtime("ok");
    char text[1024];
    program_text(text, sizeof text, 4, 2, "");
    tp_executable *exe = tp_compile(rt, text);
    assert_non_null(exe);
    assert_int_equal(tp_executable_num_outputs(exe), 2);
    float x[4] = {1, 2, 3, 4}, y[4] = {10, 20, 30, 40}, r0[4] = {0}, r1[4] = {0};
    tp_input in[] = {{TH_SHAPE(TL_F32, 4), x}, {TH_SHAPE(TL_F32, 4), y}};
    tp_output out[] = {{TH_SHAPE(TL_F32, 4), r0}, {TH_SHAPE(TL_F32, 4), r1}};
    assert_true(tp_run(exe, 2, in, 2, out));
    for (int i = 0; i < 4; i++) {
        assert_true(r0[i] == x[i] + y[i]);
        assert_true(r1[i] == x[i] + y[i] + 1);
    }
    /* again: nothing left behind by the first run */
    assert_true(tp_run(exe, 2, in, 2, out));
    assert_int_equal(fake_live(), 2); /* the client and the executable */
    tp_executable_destroy(exe);
    tp_runtime_destroy(rt);
    assert_int_equal(fake_live(), 0);
}

static void run_on_device_buffers(void **state)
{
    (void)state;
    tp_runtime *rt = fake_runtime("ok");
    char text[1024];
    program_text(text, sizeof text, 3, 1, "");
    tp_executable *exe = tp_compile(rt, text);
    float x[3] = {1, 2, 3}, y[3] = {4, 5, 6}, r[3];
    tp_buffer *in[2] = {tp_buffer_from_host(rt, TH_SHAPE(TL_F32, 3), x), tp_buffer_from_host(rt, TH_SHAPE(TL_F32, 3), y)};
    assert_non_null(in[0]);
    assert_non_null(in[1]);
    assert_true(th_shape_equal(tp_buffer_shape(in[0]), TH_SHAPE(TL_F32, 3)));
    tp_buffer *out[1];
    assert_true(tp_execute(exe, 2, in, 1, out));
    assert_true(th_shape_equal(tp_buffer_shape(out[0]), TH_SHAPE(TL_F32, 3)));
    assert_true(tp_buffer_to_host(out[0], r, sizeof r));
    assert_true(r[0] == 5 && r[1] == 7 && r[2] == 9);

    /* too small a destination: ours, before the plugin */
    int line = __LINE__ + 1;
    assert_false(tp_buffer_to_host(out[0], r, 8));
    expect_error_at(rt, line, "tp_buffer_to_host: 8 bytes given to receive a buffer of tensor<3xf32> (12 bytes)");
    tp_runtime_clear_error(rt);
    assert_false(tp_runtime_failed(rt));

    tp_buffer_destroy(out[0]);
    tp_buffer_destroy(in[0]);
    tp_buffer_destroy(in[1]);
    tp_executable_destroy(exe);
    tp_runtime_destroy(rt);
    assert_int_equal(fake_live(), 0);
}

static void plugin_errors_become_ours(void **state)
{
    (void)state;
    tp_runtime *rt = fake_runtime("ok");
    char text[1024];
    program_text(text, sizeof text, 4, 1, "FAIL_COMPILE");
    int line = __LINE__ + 1;
    assert_null(tp_compile(rt, text));
    expect_error_at(rt, line,
                    "tp_compile: PJRT_Client_Compile failed: INVALID_ARGUMENT: <unknown>:3:5: error: "
                    "'stablehlo.frob' is unknown");
    /* sticky: the next call does nothing, the first error stays */
    program_text(text, sizeof text, 4, 1, "");
    assert_null(tp_compile(rt, text));
    expect_error_at(rt, line,
                    "tp_compile: PJRT_Client_Compile failed: INVALID_ARGUMENT: <unknown>:3:5: error: "
                    "'stablehlo.frob' is unknown");
    /* until cleared */
    tp_runtime_clear_error(rt);
    tp_executable *exe = tp_compile(rt, text);
    assert_non_null(exe);
    tp_executable_destroy(exe);
    tp_runtime_destroy(rt);

    float x[4] = {0}, r[4];
    tp_input in[] = {{TH_SHAPE(TL_F32, 4), x}, {TH_SHAPE(TL_F32, 4), x}};
    tp_output out[] = {{TH_SHAPE(TL_F32, 4), r}};
    rt = fake_runtime("execute_error");
    exe = tp_compile(rt, text);
    line = __LINE__ + 1;
    assert_false(tp_run(exe, 2, in, 1, out));
    expect_error_at(rt, line,
                    "tp_run: PJRT_LoadedExecutable_Execute failed: RESOURCE_EXHAUSTED: Out of memory while trying to "
                    "allocate 4.00GiB.");
    tp_executable_destroy(exe);
    tp_runtime_destroy(rt);

    rt = fake_runtime("await_error");
    exe = tp_compile(rt, text);
    line = __LINE__ + 1;
    assert_false(tp_run(exe, 2, in, 1, out));
    expect_error_at(rt, line,
                    "tp_run: PJRT_LoadedExecutable_Execute (waiting for the device) failed: INTERNAL: "
                    "CUDA_ERROR_ILLEGAL_ADDRESS");
    tp_executable_destroy(exe);
    tp_runtime_destroy(rt);
    assert_int_equal(fake_live(), 0);
}

/* A plugin newer than our declarations asks for larger structs: passed with zeroed members. */
static void newer_plugin_wanting_larger_structs(void **state)
{
    (void)state;
    tp_runtime *rt = fake_runtime("strict");
    char text[1024];
    program_text(text, sizeof text, 2, 1, "");
    tp_executable *exe = tp_compile(rt, text);
    assert_non_null(exe);
    float x[2] = {1, 2}, r[2];
    tp_input in[] = {{TH_SHAPE(TL_F32, 2), x}, {TH_SHAPE(TL_F32, 2), x}};
    tp_output out[] = {{TH_SHAPE(TL_F32, 2), r}};
    assert_true(tp_run(exe, 2, in, 1, out));
    assert_true(tp_run(exe, 2, in, 1, out)); /* the sizes are remembered: no note twice */
    assert_true(r[0] == 2 && r[1] == 4);
    assert_string_equal(tp_runtime_notes(rt),
                        "the plugin wants PJRT_Client_Compile_Args of 72 bytes, tritonc declares 56 (PJRT C API "
                        "0.114): passed with the 16 unknown bytes zero\n"
                        "the plugin wants PJRT_ExecuteOptions of 160 bytes, tritonc declares 144 (PJRT C API "
                        "0.114): passed with the 16 unknown bytes zero\n");
    tp_executable_destroy(exe);
    tp_runtime_destroy(rt);

    /* beyond the spare room: the plugin's message, unchanged */
    rt = fake_runtime("huge");
    int line = __LINE__ + 1;
    assert_null(tp_compile(rt, text));
    expect_error_at(rt, line,
                    "tp_compile: PJRT_Client_Compile failed: INVALID_ARGUMENT: Unexpected PJRT_Client_Compile_Args "
                    "size: expected 4152, got 56. The plugin is likely built with a later version than the "
                    "framework.");
    tp_runtime_destroy(rt);
    assert_int_equal(fake_live(), 0);
}

/* ---- checks made before the plugin sees a call ------------------------------------------------------- */

static th_builder *add_program(tl_dtype dt, int64_t n)
{
    th_builder *b = th_builder_create("add");
    th_value x = th_parameter(b, TH_SHAPE(dt, n));
    th_value y = th_parameter(b, TH_SHAPE(dt, n));
    th_return(b, th_add(x, y));
    return b;
}

static void checks_against_the_program_signature(void **state)
{
    (void)state;
    tp_runtime *rt = fake_runtime("ok");
    th_builder *b = add_program(TL_F32, 4);
    tp_executable *exe = tp_compile_builder(rt, b);
    th_builder_destroy(b);
    assert_non_null(exe);
    float x[4] = {1, 2, 3, 4}, r[4];
    uint16_t h[4] = {0};
    int uploads = fake_uploads();

    tp_input wrong_type[] = {{TH_SHAPE(TL_F32, 4), x}, {TH_SHAPE(TL_F16, 4), h}};
    tp_output out[] = {{TH_SHAPE(TL_F32, 4), r}};
    int line = __LINE__ + 1;
    assert_false(tp_run(exe, 2, wrong_type, 1, out));
    expect_error_at(rt, line, "tp_run: input 1 is tensor<4xf16>; the program's parameter 1 is tensor<4xf32>");
    tp_runtime_clear_error(rt);

    tp_input right[] = {{TH_SHAPE(TL_F32, 4), x}, {TH_SHAPE(TL_F32, 4), x}};
    line = __LINE__ + 1;
    assert_false(tp_run(exe, 1, right, 1, out));
    expect_error_at(rt, line, "tp_run: the program takes 2 parameters; 1 input given");
    tp_runtime_clear_error(rt);

    tp_output wrong_out[] = {{TH_SHAPE(TL_F32, 2, 2), r}};
    line = __LINE__ + 1;
    assert_false(tp_run(exe, 2, right, 1, wrong_out));
    expect_error_at(rt, line, "tp_run: output 0 is tensor<2x2xf32>; the program's result 0 is tensor<4xf32>");
    tp_runtime_clear_error(rt);

    line = __LINE__ + 1;
    assert_false(tp_run(exe, 2, right, 2, (tp_output[]){out[0], out[0]}));
    expect_error_at(rt, line, "tp_run: the program has 1 result; 2 outputs given");
    tp_runtime_clear_error(rt);
    assert_int_equal(fake_uploads(), uploads); /* none of that reached the plugin */

    /* tp_execute checks the buffers the same way */
    tp_buffer *bx = tp_buffer_from_host(rt, TH_SHAPE(TL_F32, 4), x);
    tp_buffer *bh = tp_buffer_from_host(rt, TH_SHAPE(TL_F16, 4), h);
    tp_buffer *res[1] = {bx};
    line = __LINE__ + 1;
    assert_false(tp_execute(exe, 2, (tp_buffer *[]){bx, bh}, 1, res));
    expect_error_at(rt, line, "tp_execute: input 1 is tensor<4xf16>; the program's parameter 1 is tensor<4xf32>");
    assert_null(res[0]);
    tp_runtime_clear_error(rt);
    line = __LINE__ + 1;
    assert_false(tp_execute(exe, 2, (tp_buffer *[]){bx, NULL}, 1, res));
    expect_error_at(rt, line, "tp_execute: input 1 is NULL");
    tp_runtime_clear_error(rt);
    assert_true(tp_execute(exe, 2, (tp_buffer *[]){bx, bx}, 1, res));
    assert_true(tp_buffer_to_host(res[0], r, sizeof r));
    assert_true(r[3] == 8);
    tp_buffer_destroy(res[0]);
    tp_buffer_destroy(bx);
    tp_buffer_destroy(bh);
    tp_executable_destroy(exe);
    tp_runtime_destroy(rt);
    assert_int_equal(fake_live(), 0);
}

static void a_failed_program_is_not_compiled(void **state)
{
    (void)state;
    tp_runtime *rt = fake_runtime("ok");
    th_builder *b = th_builder_create("bad");
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    th_value y = th_parameter(b, TH_SHAPE(TL_F32, 8));
    int bline = __LINE__ + 1;
    th_return(b, th_add(x, y));
    int line = __LINE__ + 1;
    assert_null(tp_compile_builder(rt, b));
    char head[256];
    snprintf(head, sizeof head, "tp_compile_builder: the program was not built: %s:%d: th_add: ", __FILE__, bline);
    expect_error_holding(rt, line, head);
    th_builder_destroy(b);
    tp_runtime_clear_error(rt);
    line = __LINE__ + 1;
    assert_null(tp_compile_builder(rt, NULL));
    expect_error_at(rt, line, "tp_compile_builder: NULL program builder");
    tp_runtime_clear_error(rt);
    line = __LINE__ + 1;
    assert_null(tp_compile(rt, NULL));
    expect_error_at(rt, line, "tp_compile: NULL program text");
    tp_runtime_clear_error(rt);
    line = __LINE__ + 1;
    assert_null(tp_buffer_from_host(rt, TH_SHAPE(TL_F32, 4), NULL));
    expect_error_at(rt, line, "tp_buffer_from_host: NULL data for a buffer of tensor<4xf32>");
    tp_runtime_destroy(rt);
    assert_int_equal(fake_live(), 0);
}

/* x[8] split over a mesh of 4, doubled by adding itself on each shard, gathered back. */
static th_builder *sharded_program(int devices)
{
    th_builder *b = th_builder_create("sharded");
    th_set_mesh(b, TH_MESH(devices));
    th_value x = th_parameter_sharded(b, TH_SHAPE(TL_F32, 8), TH_SPLIT(0));
    th_value l = th_to_local(x, TH_SPLIT(0));
    th_return(b, th_to_global(th_add(l, l), TH_SPLIT(0)));
    th_result_sharding(b, 0, TH_SPLIT(0));
    return b;
}

/* A program with a mesh of 4 on a plugin with 4 devices: compiled with 4 partitions (the fake
 * refuses any other options), executed once with a list of shards per device, each result on its
 * device, computed from that device's own shard. */
static void sharded_program_on_four_devices(void **state)
{
    (void)state;
    setenv("FAKE_PJRT_DEVICES", "4", 1);
    tp_runtime *rt = fake_runtime("ok");
    assert_int_equal(tp_runtime_num_devices(rt), 4);
    th_builder *b = sharded_program(4);
    tp_executable *exe = tp_compile_builder(rt, b);
    th_builder_destroy(b);
    assert_non_null(exe);
    assert_int_equal(tp_executable_num_devices(exe), 4);
    assert_int_equal(fake_last_partitions(), 4);

    tp_buffer *in[4], *out[4];
    for (int d = 0; d < 4; d++) {
        float shard[2] = {(float)(10 * d), (float)(10 * d + 1)};
        in[d] = tp_buffer_from_host_on(rt, d, TH_SHAPE(TL_F32, 2), shard);
        assert_non_null(in[d]);
        assert_int_equal(tp_buffer_device(in[d]), d);
    }
    assert_true(tp_execute_sharded(exe, 1, in, 1, out));
    assert_int_equal(fake_last_executed_devices(), 4);
    for (int d = 0; d < 4; d++) {
        float r[2];
        assert_int_equal(tp_buffer_device(out[d]), d);
        assert_true(tp_buffer_to_host(out[d], r, sizeof r));
        assert_true(r[0] == (float)(10 * d) && r[1] == (float)(10 * d + 1)); /* the fake's sum of one input */
        tp_buffer_destroy(out[d]);
    }

    /* the one-device calls refuse it; a shard on the wrong device is caught before the plugin */
    tp_buffer *res[4] = {NULL};
    int line = __LINE__ + 1;
    assert_false(tp_execute(exe, 1, in, 1, res));
    expect_error_at(rt, line, "tp_execute: the program runs on 4 devices: give each its buffers with tp_execute_sharded");
    tp_runtime_clear_error(rt);
    line = __LINE__ + 1;
    assert_false(tp_execute_sharded(exe, 1, (tp_buffer *[]){in[0], in[0], in[2], in[3]}, 1, res));
    expect_error_at(rt, line,
                    "tp_execute_sharded: input 0 of device 1 is on device 0 (tp_buffer_from_host_on puts a buffer on a "
                    "device)");
    for (int d = 0; d < 4; d++)
        assert_null(res[d]);
    tp_runtime_clear_error(rt);
    line = __LINE__ + 1;
    assert_null(tp_buffer_from_host_on(rt, 4, TH_SHAPE(TL_F32, 2), (float[2]){0}));
    expect_error_at(rt, line, "tp_buffer_from_host_on: device 4: the runtime has devices 0 to 3");
    tp_runtime_clear_error(rt);
    tp_input whole_in[] = {{TH_SHAPE(TL_F32, 8), (float[8]){0}}};
    tp_output whole_out[] = {{TH_SHAPE(TL_F32, 8), (float[8]){0}}};
    line = __LINE__ + 1;
    assert_false(tp_run(exe, 1, whole_in, 1, whole_out));
    expect_error_at(rt, line, "tp_run: the program runs on 4 devices: give each its buffers with tp_execute_sharded");
    tp_runtime_clear_error(rt);

    for (int d = 0; d < 4; d++)
        tp_buffer_destroy(in[d]);
    tp_executable_destroy(exe);

    /* more devices than the plugin has: refused at compile */
    b = sharded_program(8);
    line = __LINE__ + 1;
    assert_null(tp_compile_builder(rt, b));
    expect_error_at(rt, line, "tp_compile_builder: the program runs on 8 devices; the plugin's client has 4");
    th_builder_destroy(b);
    tp_runtime_destroy(rt);
    unsetenv("FAKE_PJRT_DEVICES");
    assert_int_equal(fake_live(), 0);
}

/* One device: a mesh of 1 compiles as a one-device program and runs with tp_execute too. */
static void mesh_of_one_device(void **state)
{
    (void)state;
    setenv("FAKE_PJRT_DEVICES", "1", 1);
    tp_runtime *rt = fake_runtime("ok");
    assert_int_equal(tp_runtime_num_devices(rt), 1);
    th_builder *b = th_builder_create("one");
    th_set_mesh(b, TH_MESH(1));
    th_value x = th_parameter_sharded(b, TH_SHAPE(TL_F32, 2), TH_SPLIT(0));
    th_return(b, th_to_global(th_all_reduce(th_to_local(x, TH_SPLIT(0)), TH_REDUCE_SUM, TH_AXES(0)), TH_SPLIT(0)));
    tp_executable *exe = tp_compile_builder(rt, b);
    th_builder_destroy(b);
    assert_non_null(exe);
    assert_int_equal(fake_last_partitions(), 1);
    float r[2];
    assert_true(tp_run(exe, 1, (tp_input[]){{TH_SHAPE(TL_F32, 2), (float[]){3, 4}}}, 1,
                       (tp_output[]){{TH_SHAPE(TL_F32, 2), r}}));
    assert_true(r[0] == 3 && r[1] == 4);
    tp_executable_destroy(exe);
    tp_runtime_destroy(rt);
    assert_int_equal(fake_live(), 0);
}

static void null_is_safe(void **state)
{
    (void)state;
    tp_runtime_destroy(NULL);
    tp_executable_destroy(NULL);
    tp_buffer_destroy(NULL);
    assert_true(tp_runtime_failed(NULL));
    assert_string_equal(tp_runtime_error(NULL), "tritonc: NULL runtime");
    assert_null(tp_runtime_notes(NULL));
    tp_runtime_clear_error(NULL);
    assert_null(tp_compile(NULL, "x"));
    assert_null(tp_compile_builder(NULL, NULL));
    assert_null(tp_buffer_from_host(NULL, TH_SHAPE(TL_F32, 1), NULL));
    assert_false(tp_buffer_to_host(NULL, NULL, 0));
    assert_int_equal(tp_buffer_shape(NULL).rank, -1);
    assert_int_equal(tp_executable_num_outputs(NULL), 0);
    assert_int_equal(tp_executable_num_devices(NULL), 0);
    assert_int_equal(tp_runtime_num_devices(NULL), 0);
    assert_int_equal(tp_buffer_device(NULL), -1);
    assert_null(tp_buffer_from_host_on(NULL, 0, TH_SHAPE(TL_F32, 1), NULL));
    assert_false(tp_execute_sharded(NULL, 0, NULL, 0, NULL));
    tp_buffer *out[1] = {(tp_buffer *)1};
    assert_false(tp_execute(NULL, 0, NULL, 1, out));
    assert_null(out[0]);
    assert_false(tp_run(NULL, 0, NULL, 0, NULL));
    int major = 0, minor = 0;
    tp_runtime_api_version(NULL, &major, &minor);
    assert_int_equal(major, -1);
}

int main(void)
{
    snprintf(scratch_dir, sizeof scratch_dir, "%s/pjrt-scratch", TRITONC_TEST_BINARY_DIR);
    make_dirs(scratch_dir);
    bind_fake();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(declarations_match_the_public_header),
        cmocka_unit_test(missing_plugin_file),
        cmocka_unit_test(file_that_is_no_shared_object),
        cmocka_unit_test(shared_object_without_entry_point),
        cmocka_unit_test(entry_point_giving_null),
        cmocka_unit_test(another_major_version_is_refused),
        cmocka_unit_test(newer_minor_version_is_accepted_and_noted),
        cmocka_unit_test(short_table_and_missing_function),
        cmocka_unit_test(client_errors),
        cmocka_unit_test(client_options),
        cmocka_unit_test(plugin_from_the_environment_and_the_usual_places),
        cmocka_unit_test(run_host_to_host),
        cmocka_unit_test(run_on_device_buffers),
        cmocka_unit_test(plugin_errors_become_ours),
        cmocka_unit_test(newer_plugin_wanting_larger_structs),
        cmocka_unit_test(checks_against_the_program_signature),
        cmocka_unit_test(a_failed_program_is_not_compiled),
        cmocka_unit_test(sharded_program_on_four_devices),
        cmocka_unit_test(mesh_of_one_device),
        cmocka_unit_test(null_is_safe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
