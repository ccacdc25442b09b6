/* Compiling a StableHLO program with PJRT_Client_Compile, and the executable it gives. */
#include <stdlib.h>
#include <string.h>

#include "pjrt/pjrt_internal.h"

static void destroy_loaded(tp_runtime *rt, PJRT_LoadedExecutable *loaded)
{
    TP_ARGS(PJRT_LoadedExecutable_Destroy_Args) d;
    pjrt_args_init(rt, &d, TP_S_LOADED_EXECUTABLE_DESTROY);
    d.a.executable = loaded;
    PJRT_Error *err;
    do
        err = rt->api->PJRT_LoadedExecutable_Destroy(&d.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_LOADED_EXECUTABLE_DESTROY, &d.a.struct_size}}));
    pjrt_error_free(rt, err);
}

/* The number of results, through the executable behind the loaded one; -1 on error. */
static int count_outputs(tp_runtime *rt, th_site site, PJRT_LoadedExecutable *loaded)
{
    TP_ARGS(PJRT_LoadedExecutable_GetExecutable_Args) g;
    pjrt_args_init(rt, &g, TP_S_LOADED_EXECUTABLE_GET_EXECUTABLE);
    g.a.loaded_executable = loaded;
    PJRT_Error *err;
    do
        err = rt->api->PJRT_LoadedExecutable_GetExecutable(&g.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_LOADED_EXECUTABLE_GET_EXECUTABLE, &g.a.struct_size}}));
    if (err) {
        pjrt_fail_pjrt(rt, site, "PJRT_LoadedExecutable_GetExecutable", err);
        return -1;
    }
    TP_ARGS(PJRT_Executable_NumOutputs_Args) n;
    pjrt_args_init(rt, &n, TP_S_EXECUTABLE_NUM_OUTPUTS);
    n.a.executable = g.a.executable;
    do
        err = rt->api->PJRT_Executable_NumOutputs(&n.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_EXECUTABLE_NUM_OUTPUTS, &n.a.struct_size}}));
    int count = -1;
    if (err)
        pjrt_fail_pjrt(rt, site, "PJRT_Executable_NumOutputs", err);
    else if (n.a.num_outputs > 1u << 20)
        pjrt_fail(rt, site, "the plugin says the program has %zu results", n.a.num_outputs);
    else
        count = (int)n.a.num_outputs;

    TP_ARGS(PJRT_Executable_Destroy_Args) d;
    pjrt_args_init(rt, &d, TP_S_EXECUTABLE_DESTROY);
    d.a.executable = g.a.executable;
    do
        err = rt->api->PJRT_Executable_Destroy(&d.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_EXECUTABLE_DESTROY, &d.a.struct_size}}));
    pjrt_error_free(rt, err);
    return count;
}

tp_executable *tp_compile_at(th_site site, tp_runtime *rt, const char *mlir)
{
    return pjrt_compile_text(rt, site, mlir, 1);
}

tp_executable *pjrt_compile_text(tp_runtime *rt, th_site site, const char *mlir, int num_devices)
{
    if (!pjrt_usable(rt))
        return NULL;
    if (num_devices > rt->ndevices) {
        pjrt_fail(rt, site, "the program runs on %d devices; the plugin's client has %d", num_devices, rt->ndevices);
        return NULL;
    }
    if (!mlir) {
        pjrt_fail(rt, site, "NULL program text");
        return NULL;
    }
    tp_executable *exe = calloc(1, sizeof *exe);
    if (!exe) {
        pjrt_fail(rt, site, "out of memory");
        return NULL;
    }
    static const char format[] = "mlir";
    TP_ARGS(PJRT_Program) program;
    pjrt_args_init(rt, &program, TP_S_PROGRAM);
    program.a.code = (char *)mlir; /* read only: the member is shared with calls that write it */
    program.a.code_size = strlen(mlir);
    program.a.format = format;
    program.a.format_size = sizeof format - 1;

    unsigned char options[TP_COMPILE_OPTIONS_MAX];
    TP_ARGS(PJRT_Client_Compile_Args) c;
    pjrt_args_init(rt, &c, TP_S_CLIENT_COMPILE);
    c.a.client = rt->client;
    c.a.program = &program.a;
    c.a.compile_options = (const char *)options;
    c.a.compile_options_size = pjrt_compile_options(options, num_devices);
    PJRT_Error *err;
    do
        err = rt->api->PJRT_Client_Compile(&c.a);
    while (pjrt_call_retry(
        rt, &err, 2, (pjrt_sized[]){{TP_S_CLIENT_COMPILE, &c.a.struct_size}, {TP_S_PROGRAM, &program.a.struct_size}}));
    if (err || !c.a.executable) {
        if (err)
            pjrt_fail_pjrt(rt, site, "PJRT_Client_Compile", err);
        else
            pjrt_fail(rt, site, "PJRT_Client_Compile gave no executable");
        free(exe);
        return NULL;
    }
    exe->rt = rt;
    exe->loaded = c.a.executable;
    exe->num_devices = num_devices;
    exe->nparams = -1;
    exe->num_outputs = count_outputs(rt, site, exe->loaded);
    rt->live++;
    if (exe->num_outputs < 0) {
        tp_executable_destroy(exe);
        return NULL;
    }
    return exe;
}

/* Keeps main's signature for the checks of tp_execute and tp_run. */
static bool keep_signature(tp_executable *exe, th_site site, const th_builder *b)
{
    int np = th_num_parameters(b), nr = th_num_results(b);
    exe->params = calloc(np > 0 ? (size_t)np : 1, sizeof *exe->params);
    exe->results = calloc(nr > 0 ? (size_t)nr : 1, sizeof *exe->results);
    if (!exe->params || !exe->results) {
        pjrt_fail(exe->rt, site, "out of memory");
        return false;
    }
    for (int i = 0; i < np; i++)
        exe->params[i] = th_parameter_shape(b, i);
    for (int i = 0; i < nr; i++)
        exe->results[i] = th_result_shape(b, i);
    exe->nparams = np;
    exe->nresults = nr;
    if (nr != exe->num_outputs) {
        pjrt_fail(exe->rt, site, "the program returns %d values but its executable has %d outputs", nr,
                  exe->num_outputs);
        return false;
    }
    return true;
}

tp_executable *tp_compile_builder_at(th_site site, tp_runtime *rt, th_builder *b)
{
    if (!pjrt_usable(rt))
        return NULL;
    if (!b) {
        pjrt_fail(rt, site, "NULL program builder");
        return NULL;
    }
    if (th_builder_failed(b)) {
        pjrt_fail(rt, site, "the program was not built: %s", th_builder_error(b));
        return NULL;
    }
    char *text = th_print_at(site, b, (th_print_opts){.generic = false});
    if (!text) {
        pjrt_fail(rt, site, "the program cannot be printed: %s",
                  th_builder_error(b) ? th_builder_error(b) : "th_print failed");
        return NULL;
    }
    tp_executable *exe = pjrt_compile_text(rt, site, text, th_num_devices(b));
    free(text);
    if (exe && !keep_signature(exe, site, b)) {
        tp_executable_destroy(exe);
        return NULL;
    }
    return exe;
}

void tp_executable_destroy(tp_executable *exe)
{
    if (!exe)
        return;
    destroy_loaded(exe->rt, exe->loaded);
    exe->rt->live--;
    free(exe->params);
    free(exe->results);
    free(exe);
}

int tp_executable_num_outputs(const tp_executable *exe) { return exe ? exe->num_outputs : 0; }

int tp_executable_num_devices(const tp_executable *exe) { return exe ? exe->num_devices : 0; }
