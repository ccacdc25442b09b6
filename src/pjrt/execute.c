/* Executing a program: on device buffers (tp_execute), or host to host (tp_run). Both check
 * the counts and types of what they are given against the program before the plugin sees it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pjrt/pjrt_internal.h"

static bool check_counts(tp_runtime *rt, th_site site, const tp_executable *exe, int nin, bool in_given, int nout,
                         bool out_given)
{
    if (nin < 0 || (nin > 0 && !in_given)) {
        pjrt_fail(rt, site, "bad inputs: %d of them, %s", nin, in_given ? "given" : "NULL");
        return false;
    }
    if (nout < 0 || (nout > 0 && !out_given)) {
        pjrt_fail(rt, site, "bad outputs: %d of them, %s", nout, out_given ? "given" : "NULL");
        return false;
    }
    if (exe->nparams >= 0 && nin != exe->nparams) {
        pjrt_fail(rt, site, "the program takes %d parameter%s; %d input%s given", exe->nparams,
                  exe->nparams == 1 ? "" : "s", nin, nin == 1 ? "" : "s");
        return false;
    }
    if (nout != exe->num_outputs) {
        pjrt_fail(rt, site, "the program has %d result%s; %d output%s given", exe->num_outputs,
                  exe->num_outputs == 1 ? "" : "s", nout, nout == 1 ? "" : "s");
        return false;
    }
    return true;
}

/* Input i against main's parameter i, when the signature is known. */
static bool check_input(tp_runtime *rt, th_site site, const tp_executable *exe, int i, th_shape given)
{
    char a[96], b[96];
    size_t bytes;
    if (!pjrt_shape_bytes(given, &bytes)) {
        pjrt_fail(rt, site, "input %d: %s is no tensor type tritonc can pass", i, pjrt_shape_text(given, a, sizeof a));
        return false;
    }
    /* On several devices each buffer is its device's shard: the plugin checks those shapes. */
    if (exe->nparams >= 0 && exe->num_devices == 1 && !th_shape_equal(given, exe->params[i])) {
        pjrt_fail(rt, site, "input %d is %s; the program's parameter %d is %s", i, pjrt_shape_text(given, a, sizeof a),
                  i, pjrt_shape_text(exe->params[i], b, sizeof b));
        return false;
    }
    return true;
}

/* Output i against main's result i, when the signature is known. */
static bool check_output(tp_runtime *rt, th_site site, const tp_executable *exe, int i, th_shape given)
{
    char a[96], b[96];
    size_t bytes;
    if (!pjrt_shape_bytes(given, &bytes)) {
        pjrt_fail(rt, site, "output %d: %s is no tensor type tritonc can receive", i,
                  pjrt_shape_text(given, a, sizeof a));
        return false;
    }
    if (exe->nparams >= 0 && !th_shape_equal(given, exe->results[i])) {
        pjrt_fail(rt, site, "output %d is %s; the program's result %d is %s", i, pjrt_shape_text(given, a, sizeof a), i,
                  pjrt_shape_text(exe->results[i], b, sizeof b));
        return false;
    }
    return true;
}

/* Execute with the checks already made, on the executable's ndev devices: in holds ndev lists of
 * nin buffers (device d's list first at in + d * nin), out receives ndev lists of nout new
 * buffers, or all NULL. */
static bool execute(tp_executable *exe, th_site site, int nin, tp_buffer *const *in, int nout, tp_buffer **out)
{
    tp_runtime *rt = exe->rt;
    int ndev = exe->num_devices;
    size_t nargs = (size_t)ndev * (size_t)(nin > 0 ? nin : 1), nres = (size_t)ndev * (size_t)(nout > 0 ? nout : 1);
    PJRT_Buffer **args = calloc(nargs, sizeof *args);
    PJRT_Buffer **results = calloc(nres, sizeof *results);
    PJRT_Buffer *const **arg_lists = calloc((size_t)ndev, sizeof *arg_lists);
    PJRT_Buffer ***result_lists = calloc((size_t)ndev, sizeof *result_lists);
    PJRT_Event **done = calloc((size_t)ndev, sizeof *done);
    if (!args || !results || !arg_lists || !result_lists || !done) {
        free(args);
        free(results);
        free((void *)arg_lists);
        free(result_lists);
        free(done);
        pjrt_fail(rt, site, "out of memory");
        return false;
    }
    for (int d = 0; d < ndev; d++) {
        for (int i = 0; i < nin; i++)
            args[(size_t)d * (size_t)nin + (size_t)i] = in[(size_t)d * (size_t)nin + (size_t)i]->buf;
        arg_lists[d] = args + (size_t)d * (size_t)nin;
        result_lists[d] = results + (size_t)d * (size_t)nout;
    }

    TP_ARGS(PJRT_ExecuteOptions) o;
    pjrt_args_init(rt, &o, TP_S_EXECUTE_OPTIONS);
    TP_ARGS(PJRT_LoadedExecutable_Execute_Args) e;
    pjrt_args_init(rt, &e, TP_S_EXECUTE);
    e.a.executable = exe->loaded;
    e.a.options = &o.a;
    e.a.argument_lists = arg_lists;
    e.a.num_devices = (size_t)ndev;
    e.a.num_args = (size_t)nin;
    e.a.output_lists = result_lists;
    e.a.device_complete_events = done;
    PJRT_Error *err;
    do
        err = rt->api->PJRT_LoadedExecutable_Execute(&e.a);
    while (pjrt_call_retry(rt, &err, 2,
                           (pjrt_sized[]){{TP_S_EXECUTE, &e.a.struct_size}, {TP_S_EXECUTE_OPTIONS, &o.a.struct_size}}));
    free(args);
    free((void *)arg_lists);
    free(result_lists);
    bool ok = true;
    if (err) {
        pjrt_fail_pjrt(rt, site, "PJRT_LoadedExecutable_Execute", err);
        ok = false;
    }
    for (int d = 0; d < ndev; d++) /* every device's event, so that none is left behind */
        if (!err && !pjrt_event_await(rt, site, "PJRT_LoadedExecutable_Execute (waiting for the device)", done[d]))
            ok = false;
    free(done);
    int total = ndev * nout;
    for (int k = 0; k < total; k++) {
        if (ok && !results[k]) {
            pjrt_fail(rt, site, "PJRT_LoadedExecutable_Execute gave no buffer for result %d on device %d", k % nout,
                      k / nout);
            ok = false;
        }
        if (!ok || !results[k])
            continue;
        tp_buffer *b = calloc(1, sizeof *b);
        th_shape s = b ? pjrt_buffer_shape(rt, site, results[k]) : (th_shape){TL_DTYPE_INVALID, -1, {0}};
        if (!b || s.rank < 0) {
            if (!b)
                pjrt_fail(rt, site, "out of memory");
            free(b);
            ok = false;
            continue;
        }
        b->rt = rt;
        b->buf = results[k];
        b->shape = s;
        b->device = k / nout;
        results[k] = NULL;
        out[k] = b;
        rt->live++;
    }
    for (int k = 0; k < total; k++) {
        pjrt_buffer_destroy(rt, results[k]); /* those not handed out */
        if (!ok) {
            tp_buffer_destroy(out[k]);
            out[k] = NULL;
        }
    }
    free(results);
    return ok;
}

bool tp_execute_at(th_site site, tp_executable *exe, int nin, tp_buffer *const *in, int nout, tp_buffer **out)
{
    for (int i = 0; out && i < nout; i++)
        out[i] = NULL;
    if (!exe || !pjrt_usable(exe->rt))
        return false;
    tp_runtime *rt = exe->rt;
    if (exe->num_devices != 1) {
        pjrt_fail(rt, site, "the program runs on %d devices: give each its buffers with tp_execute_sharded",
                  exe->num_devices);
        return false;
    }
    return tp_execute_sharded_at(site, exe, nin, in, nout, out);
}

bool tp_execute_sharded_at(th_site site, tp_executable *exe, int nin, tp_buffer *const *in, int nout, tp_buffer **out)
{
    if (!exe || !pjrt_usable(exe->rt))
        return false;
    tp_runtime *rt = exe->rt;
    int ndev = exe->num_devices;
    for (int k = 0; out && k < ndev * nout; k++)
        out[k] = NULL;
    if (!check_counts(rt, site, exe, nin, in != NULL, nout, out != NULL))
        return false;
    for (int d = 0; d < ndev; d++)
        for (int i = 0; i < nin; i++) {
            const tp_buffer *buf = in[d * nin + i];
            char where[48] = "";
            if (ndev > 1)
                snprintf(where, sizeof where, " of device %d", d);
            if (!buf) {
                pjrt_fail(rt, site, "input %d%s is NULL", i, where);
                return false;
            }
            if (buf->rt != rt) {
                pjrt_fail(rt, site, "input %d%s is a buffer of another runtime", i, where);
                return false;
            }
            if (buf->device != d) {
                pjrt_fail(rt, site, "input %d%s is on device %d (tp_buffer_from_host_on puts a buffer on a device)", i,
                          where, buf->device);
                return false;
            }
            if (!check_input(rt, site, exe, i, buf->shape))
                return false;
        }
    return execute(exe, site, nin, in, nout, out);
}

bool tp_run_at(th_site site, tp_executable *exe, int nin, const tp_input *in, int nout, const tp_output *out)
{
    if (!exe || !pjrt_usable(exe->rt))
        return false;
    tp_runtime *rt = exe->rt;
    if (exe->num_devices != 1) {
        pjrt_fail(rt, site, "the program runs on %d devices: give each its buffers with tp_execute_sharded",
                  exe->num_devices);
        return false;
    }
    if (!check_counts(rt, site, exe, nin, in != NULL, nout, out != NULL))
        return false;
    for (int i = 0; i < nin; i++)
        if (!check_input(rt, site, exe, i, in[i].shape))
            return false;
    for (int i = 0; i < nout; i++)
        if (!check_output(rt, site, exe, i, out[i].shape))
            return false;

    tp_buffer **ins = calloc(nin > 0 ? (size_t)nin : 1, sizeof *ins);
    tp_buffer **outs = calloc(nout > 0 ? (size_t)nout : 1, sizeof *outs);
    bool ok = ins && outs;
    if (!ok)
        pjrt_fail(rt, site, "out of memory");
    for (int i = 0; ok && i < nin; i++) {
        ins[i] = tp_buffer_from_host_at(site, rt, in[i].shape, in[i].data);
        ok = ins[i] != NULL;
    }
    ok = ok && execute(exe, site, nin, ins, nout, outs);
    for (int i = 0; ok && i < nout; i++) {
        char a[96], b[96];
        if (!th_shape_equal(outs[i]->shape, out[i].shape)) {
            pjrt_fail(rt, site, "result %d is %s; output %d says %s", i, pjrt_shape_text(outs[i]->shape, a, sizeof a),
                      i, pjrt_shape_text(out[i].shape, b, sizeof b));
            ok = false;
            break;
        }
        size_t bytes = 0;
        pjrt_shape_bytes(out[i].shape, &bytes);
        ok = tp_buffer_to_host_at(site, outs[i], out[i].data, bytes);
    }
    for (int i = 0; ins && i < nin; i++)
        tp_buffer_destroy(ins[i]);
    for (int i = 0; outs && i < nout; i++)
        tp_buffer_destroy(outs[i]);
    free(ins);
    free(outs);
    return ok;
}
