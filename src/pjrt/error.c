/* The runtime's sticky error and its notes: the first failure wins, with the C line of the
 * call; a PJRT error becomes one of ours (function, status code, XLA's message). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pjrt_internal.h"

static bool abort_on_error(void)
{
    const char *v = getenv("TRITONC_ABORT_ON_ERROR");
    return v && *v && strcmp(v, "0") != 0;
}

/* vsnprintf into a new malloc'd string (NULL if malloc fails). */
static char *vformat(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return s;
}

/* The one place every error passes through: a breakpoint here catches them all. */
static void record(tp_runtime *rt, th_site site, const char *msg)
{
    if (!rt || rt->error)
        return;
    const char *file = site.file ? site.file : "?";
    const char *func = site.func ? site.func : "tritonc";
    size_t n = strlen(file) + strlen(func) + strlen(msg) + 32;
    rt->error = malloc(n);
    if (rt->error)
        snprintf(rt->error, n, "%s:%d: %s: %s", file, site.line, func, msg);
    if (abort_on_error()) {
        fprintf(stderr, "tritonc: %s\n", rt->error ? rt->error : msg);
        abort();
    }
}

void tp_fail(tp_runtime *rt, th_site site, const char *fmt, ...)
{
    if (!rt || rt->error)
        return;
    va_list ap;
    va_start(ap, fmt);
    char *msg = vformat(fmt, ap);
    va_end(ap);
    record(rt, site, msg ? msg : "(out of memory while formatting an error)");
    free(msg);
}

static const char *code_name(PJRT_Error_Code c)
{
    static const char *const names[] = {
        "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND",
        "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION",
        "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS",
        "UNAUTHENTICATED"};
    return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "?";
}

void tp_error_free(tp_runtime *rt, PJRT_Error *err)
{
    if (!err || !rt || !rt->api)
        return;
    TP_ARGS(PJRT_Error_Destroy_Args) d;
    tp_args_init(rt, &d, TP_S_ERROR_DESTROY);
    d.a.error = err;
    rt->api->PJRT_Error_Destroy(&d.a);
}

void tp_fail_pjrt(tp_runtime *rt, th_site site, const char *fn, PJRT_Error *err)
{
    if (!rt || !err)
        return;
    if (rt->error || !rt->api) {
        tp_error_free(rt, err);
        return;
    }
    TP_ARGS(PJRT_Error_Message_Args) m;
    tp_args_init(rt, &m, TP_S_ERROR_MESSAGE);
    m.a.error = err;
    rt->api->PJRT_Error_Message(&m.a);

    /* GetCode itself may fail; its error is freed and the code left unknown. */
    TP_ARGS(PJRT_Error_GetCode_Args) c;
    tp_args_init(rt, &c, TP_S_ERROR_GETCODE);
    c.a.error = err;
    c.a.code = PJRT_Error_Code_UNKNOWN;
    PJRT_Error *meta = rt->api->PJRT_Error_GetCode(&c.a);
    if (meta) {
        tp_error_free(rt, meta);
        c.a.code = PJRT_Error_Code_UNKNOWN;
    }
    int len = m.a.message && m.a.message_size < 1u << 20 ? (int)m.a.message_size : 0;
    tp_fail(rt, site, "%s failed: %s: %.*s", fn, code_name(c.a.code), len, len ? m.a.message : "");
    tp_error_free(rt, err);
}

void tp_note(tp_runtime *rt, const char *fmt, ...)
{
    if (!rt)
        return;
    va_list ap;
    va_start(ap, fmt);
    char *line = vformat(fmt, ap);
    va_end(ap);
    if (!line)
        return;
    size_t old = rt->notes ? strlen(rt->notes) : 0;
    char *grown = realloc(rt->notes, old + strlen(line) + 2);
    if (grown) {
        strcpy(grown + old, line);
        strcat(grown + old, "\n");
        rt->notes = grown;
    }
    free(line);
}

bool tp_usable(const tp_runtime *rt)
{
    return rt && !rt->error && rt->api && rt->client;
}

bool tp_runtime_failed(const tp_runtime *rt)
{
    return !rt || rt->error != NULL;
}

const char *tp_runtime_error(const tp_runtime *rt)
{
    if (!rt)
        return "tritonc: NULL runtime";
    return rt->error;
}

void tp_runtime_clear_error(tp_runtime *rt)
{
    if (!rt)
        return;
    free(rt->error);
    rt->error = NULL;
}

const char *tp_runtime_notes(const tp_runtime *rt)
{
    return rt ? rt->notes : NULL;
}
