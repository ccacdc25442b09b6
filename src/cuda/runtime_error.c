/* The runtime's sticky error (a base_error, src/base/error.h, recorded under error_lock): the first
 * failure wins, with the C line of the call; a driver error becomes one of ours (function,
 * CUDA's error name, code and text). */
#include <stdarg.h>

#include "cuda/runtime_internal.h"

void cuda_fail(tc_runtime *rt, tl_site site, const char *fmt, ...)
{
    if (!rt || base_error_is_set(&rt->error))
        return;
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&rt->error_lock);
    base_error_vset(&rt->error, site, fmt, ap);
    pthread_mutex_unlock(&rt->error_lock);
    va_end(ap);
}

bool cuda_check(tc_runtime *rt, tl_site site, tcu_result r, const char *fn, const char *what)
{
    if (r == TCU_SUCCESS)
        return true;
    char text[256];
    cuda_driver_error_text(&rt->drv, r, text, sizeof text);
    cuda_fail(rt, site, "%s failed%s%s: %s", fn, what && *what ? " " : "", what ? what : "", text);
    return false;
}

bool tc_runtime_failed(const tc_runtime *rt) { return !rt || base_error_is_set(&rt->error); }

const char *tc_runtime_error(const tc_runtime *rt)
{
    if (!rt)
        return "tritonc: NULL runtime";
    return base_error_text(&rt->error);
}

void tc_runtime_clear_error(tc_runtime *rt)
{
    if (!rt)
        return;
    pthread_mutex_lock(&rt->error_lock);
    base_error_clear(&rt->error);
    pthread_mutex_unlock(&rt->error_lock);
}

bool cuda_ready(tc_runtime *rt, tl_site site)
{
    if (!rt || base_error_is_set(&rt->error))
        return false;
    if (!rt->drv.dl) {
        cuda_fail(rt, site, "the CUDA driver is not loaded (tc_runtime_create failed)");
        return false;
    }
    return true;
}
