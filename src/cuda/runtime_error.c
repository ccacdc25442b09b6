/* The runtime's sticky error: the first failure wins, with the C line of the call; a driver
 * error becomes one of ours (function, CUDA's error name, code and text). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile_internal.h" /* tc__format */
#include "runtime_internal.h"

static bool abort_on_error(void)
{
    const char *v = getenv("TRITONC_ABORT_ON_ERROR");
    return v && *v && strcmp(v, "0") != 0;
}

/* The one place every error passes through: a breakpoint here catches them all. */
static void record(tc_runtime *rt, tl_site site, const char *msg)
{
    pthread_mutex_lock(&rt->error_lock);
    if (!rt->error) {
        const char *file = site.file ? site.file : "?";
        const char *func = site.func ? site.func : "tritonc";
        rt->error = tc__format("%s:%d: %s: %s", file, site.line, func, msg);
        atomic_store_explicit(&rt->failed, true, memory_order_release);
        if (abort_on_error()) {
            fprintf(stderr, "tritonc: %s\n", rt->error ? rt->error : msg);
            abort();
        }
    }
    pthread_mutex_unlock(&rt->error_lock);
}

void tcr_fail(tc_runtime *rt, tl_site site, const char *fmt, ...)
{
    if (!rt || atomic_load(&rt->failed))
        return;
    /* One line: a message longer than this is cut (it never is in practice). */
    char msg[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    record(rt, site, msg);
}

bool tcr_check(tc_runtime *rt, tl_site site, tcu_result r, const char *fn, const char *what)
{
    if (r == TCU_SUCCESS)
        return true;
    char text[256];
    tc_driver_error_text(&rt->drv, r, text, sizeof text);
    tcr_fail(rt, site, "%s failed%s%s: %s", fn, what && *what ? " " : "", what ? what : "", text);
    return false;
}

bool tc_runtime_failed(const tc_runtime *rt)
{
    return !rt || atomic_load(&rt->failed);
}

const char *tc_runtime_error(const tc_runtime *rt)
{
    if (!rt)
        return "tritonc: NULL runtime";
    return atomic_load(&rt->failed) ? rt->error : NULL;
}

void tc_runtime_clear_error(tc_runtime *rt)
{
    if (!rt)
        return;
    pthread_mutex_lock(&rt->error_lock);
    free(rt->error);
    rt->error = NULL;
    atomic_store(&rt->failed, false);
    pthread_mutex_unlock(&rt->error_lock);
}

bool tcr_ready(tc_runtime *rt, tl_site site)
{
    if (!rt || atomic_load(&rt->failed))
        return false;
    if (!rt->drv.dl) {
        tcr_fail(rt, site, "the CUDA driver is not loaded (tc_runtime_create failed)");
        return false;
    }
    return true;
}
