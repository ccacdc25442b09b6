/* The runtime's sticky error and its notes: the first failure wins, with the C line of the
 * call; a PJRT error becomes one of ours (function, status code, XLA's message). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pjrt/pjrt_internal.h"

void pjrt_fail(tp_runtime *rt, th_site site, const char *fmt, ...)
{
    if (!rt)
        return;
    va_list ap;
    va_start(ap, fmt);
    base_error_vset(&rt->error, site, fmt, ap);
    va_end(ap);
}

static const char *code_name(PJRT_Error_Code c)
{
    static const char *const names[] = {
        "OK",        "CANCELLED",      "UNKNOWN",           "INVALID_ARGUMENT",   "DEADLINE_EXCEEDED",
        "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION",
        "ABORTED",   "OUT_OF_RANGE",   "UNIMPLEMENTED",     "INTERNAL",           "UNAVAILABLE",
        "DATA_LOSS", "UNAUTHENTICATED"};
    return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "?";
}

void pjrt_error_free(tp_runtime *rt, PJRT_Error *err)
{
    if (!err || !rt || !rt->api)
        return;
    TP_ARGS(PJRT_Error_Destroy_Args) d;
    pjrt_args_init(rt, &d, TP_S_ERROR_DESTROY);
    d.a.error = err;
    rt->api->PJRT_Error_Destroy(&d.a);
}

void pjrt_fail_pjrt(tp_runtime *rt, th_site site, const char *fn, PJRT_Error *err)
{
    if (!rt || !err)
        return;
    if (base_error_is_set(&rt->error) || !rt->api) {
        pjrt_error_free(rt, err);
        return;
    }
    TP_ARGS(PJRT_Error_Message_Args) m;
    pjrt_args_init(rt, &m, TP_S_ERROR_MESSAGE);
    m.a.error = err;
    rt->api->PJRT_Error_Message(&m.a);

    /* GetCode itself may fail; its error is freed and the code left unknown. */
    TP_ARGS(PJRT_Error_GetCode_Args) c;
    pjrt_args_init(rt, &c, TP_S_ERROR_GETCODE);
    c.a.error = err;
    c.a.code = PJRT_Error_Code_UNKNOWN;
    PJRT_Error *meta = rt->api->PJRT_Error_GetCode(&c.a);
    if (meta) {
        pjrt_error_free(rt, meta);
        c.a.code = PJRT_Error_Code_UNKNOWN;
    }
    int len = m.a.message && m.a.message_size < 1u << 20 ? (int)m.a.message_size : 0;
    pjrt_fail(rt, site, "%s failed: %s: %.*s", fn, code_name(c.a.code), len, len ? m.a.message : "");
    pjrt_error_free(rt, err);
}

void pjrt_note(tp_runtime *rt, const char *fmt, ...)
{
    if (!rt)
        return;
    va_list ap;
    va_start(ap, fmt);
    base_out_vprintf(&rt->notes, fmt, ap);
    va_end(ap);
    base_out_printf(&rt->notes, "\n");
}

bool pjrt_usable(const tp_runtime *rt) { return rt && !base_error_is_set(&rt->error) && rt->api && rt->client; }

bool tp_runtime_failed(const tp_runtime *rt) { return !rt || base_error_is_set(&rt->error); }

const char *tp_runtime_error(const tp_runtime *rt)
{
    if (!rt)
        return "tritonc: NULL runtime";
    return base_error_text(&rt->error);
}

void tp_runtime_clear_error(tp_runtime *rt)
{
    if (!rt)
        return;
    base_error_clear(&rt->error);
}

const char *tp_runtime_notes(const tp_runtime *rt) { return rt ? rt->notes.buf : NULL; }
