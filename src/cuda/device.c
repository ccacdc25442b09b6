/* Several devices: the machine's devices, each one's primary context retained the first time
 * it is asked for (tc_set_device, a communicator), the device current on a thread; and the
 * streams tc_stream_create makes. */
#include <stdio.h>
#include <stdlib.h>

#include "cuda/runtime_internal.h"

/* The table of devices, made at the first call that needs it. Called with rt->lock held. */
static bool devices_ready(tc_runtime *rt, tl_site site)
{
    if (rt->devices)
        return true;
    int n = 0;
    if (!cuda_check(rt, site, rt->drv.device_get_count(&n), "cuDeviceGetCount", NULL))
        return false;
    if (n < 1 || rt->ordinal >= n) {
        cuda_fail(rt, site, "the driver counts %d CUDA devices, but the runtime's device is %d", n, rt->ordinal);
        return false;
    }
    rt->devices = calloc((size_t)n, sizeof *rt->devices);
    if (!rt->devices) {
        cuda_fail(rt, site, "out of memory");
        return false;
    }
    rt->ndevices = n;
    /* The runtime's own device: its primary context is rt->primary, released by runtime.c. */
    cuda_device *own = &rt->devices[rt->ordinal];
    own->known = true;
    own->handle = rt->device;
    own->primary = rt->primary;
    return true;
}

static bool device_known(tc_runtime *rt, tl_site site, int device)
{
    cuda_device *d = &rt->devices[device];
    if (!d->known) {
        char what[32];
        snprintf(what, sizeof what, "(device %d)", device);
        if (!cuda_check(rt, site, rt->drv.device_get(&d->handle, device), "cuDeviceGet", what))
            return false;
        d->known = true;
    }
    return true;
}

tcu_context cuda_device_context(tc_runtime *rt, tl_site site, int device)
{
    tcu_context ctx = NULL;
    pthread_mutex_lock(&rt->lock);
    if (!devices_ready(rt, site))
        goto done;
    if (device < 0 || device >= rt->ndevices) {
        cuda_fail(rt, site, "device %d does not exist: the machine has %d CUDA device%s (0 to %d)", device,
                  rt->ndevices, rt->ndevices == 1 ? "" : "s", rt->ndevices - 1);
        goto done;
    }
    cuda_device *d = &rt->devices[device];
    if (d->primary) {
        ctx = d->primary;
        goto done;
    }
    if (!device_known(rt, site, device))
        goto done;
    char what[64];
    snprintf(what, sizeof what, "(device %d compute capability)", device);
    int major = 0, minor = 0;
    if (!cuda_check(rt, site,
                    rt->drv.device_get_attribute(&major, TCU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, d->handle),
                    "cuDeviceGetAttribute", what) ||
        !cuda_check(rt, site,
                    rt->drv.device_get_attribute(&minor, TCU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, d->handle),
                    "cuDeviceGetAttribute", what))
        goto done;
    int arch = major * 10 + minor;
    if (arch != rt->arch) {
        cuda_fail(rt, site,
                  "device %d is sm_%d and the runtime's device %d is sm_%d: a runtime launches the variants of its "
                  "device's architecture, so every device it drives must be of that one (create a runtime with "
                  ".device = %d for this device)",
                  device, arch, rt->ordinal, rt->arch, device);
        goto done;
    }
    snprintf(what, sizeof what, "(device %d)", device);
    tcu_context primary = NULL;
    if (!cuda_check(rt, site, rt->drv.device_primary_ctx_retain(&primary, d->handle), "cuDevicePrimaryCtxRetain", what))
        goto done;
    d->primary = ctx = primary;
    d->retained = true;
done:
    pthread_mutex_unlock(&rt->lock);
    return ctx;
}

int cuda_device_ordinal(tc_runtime *rt, tl_site site, tcu_device h)
{
    int found = -1;
    pthread_mutex_lock(&rt->lock);
    if (!devices_ready(rt, site))
        goto done;
    for (int i = 0; i < rt->ndevices && found < 0; i++)
        if (rt->devices[i].known && rt->devices[i].handle == h)
            found = i;
    for (int i = 0; i < rt->ndevices && found < 0; i++) {
        if (!device_known(rt, site, i))
            goto done;
        if (rt->devices[i].handle == h)
            found = i;
    }
    if (found < 0)
        cuda_fail(rt, site, "the current context's device (handle %d) is none of the machine's %d devices", (int)h,
                  rt->ndevices);
done:
    pthread_mutex_unlock(&rt->lock);
    return found;
}

void cuda_devices_release_all(tc_runtime *rt)
{
    for (int i = 0; i < rt->ndevices; i++)
        if (rt->devices[i].retained && rt->drv.dl)
            rt->drv.device_primary_ctx_release(rt->devices[i].handle);
    free(rt->devices);
    rt->devices = NULL;
    rt->ndevices = 0;
}

/* ---- the public calls ------------------------------------------------------------------------- */

int tc_device_count_at(tl_site site, tc_runtime *rt)
{
    if (!cuda_ready(rt, site))
        return 0;
    int n = 0;
    if (!cuda_check(rt, site, rt->drv.device_get_count(&n), "cuDeviceGetCount", NULL))
        return 0;
    return n;
}

bool tc_set_device_at(tl_site site, tc_runtime *rt, int device)
{
    if (!cuda_ready(rt, site))
        return false;
    tcu_context ctx = cuda_device_context(rt, site, device);
    if (!ctx)
        return false;
    char what[32];
    snprintf(what, sizeof what, "(device %d)", device);
    return cuda_check(rt, site, rt->drv.ctx_set_current(ctx), "cuCtxSetCurrent", what);
}

int tc_current_device_at(tl_site site, tc_runtime *rt)
{
    if (!cuda_ready(rt, site))
        return -1;
    tcu_context ctx = NULL;
    if (!cuda_check(rt, site, rt->drv.ctx_get_current(&ctx), "cuCtxGetCurrent", NULL))
        return -1;
    if (!ctx)
        return rt->ordinal; /* what the next call on this thread will use */
    tcu_device h;
    if (!cuda_check(rt, site, rt->drv.ctx_get_device(&h), "cuCtxGetDevice", NULL))
        return -1;
    return cuda_device_ordinal(rt, site, h);
}

/* ---- streams --------------------------------------------------------------------------------- */

tc_stream tc_stream_create_at(tl_site site, tc_runtime *rt)
{
    if (!cuda_ready(rt, site))
        return NULL;
    tcu_context ctx = cuda_current_context(rt, site);
    if (!ctx)
        return NULL;
    cuda_stream *s = calloc(1, sizeof *s);
    if (!s) {
        cuda_fail(rt, site, "out of memory");
        return NULL;
    }
    if (!cuda_check(rt, site, rt->drv.stream_create(&s->stream, TCU_STREAM_DEFAULT), "cuStreamCreate", NULL)) {
        free(s);
        return NULL;
    }
    s->ctx = ctx;
    pthread_mutex_lock(&rt->lock);
    s->next = rt->streams;
    rt->streams = s;
    pthread_mutex_unlock(&rt->lock);
    return (tc_stream)s->stream;
}

/* Synchronizes and destroys s->stream in its context, then the current context is restored. */
static bool stream_destroy(tc_runtime *rt, tl_site site, const cuda_stream *s, bool report)
{
    tcu_context saved = NULL;
    if (rt->drv.ctx_get_current(&saved) != TCU_SUCCESS)
        saved = NULL;
    bool ok = true;
    if (rt->drv.ctx_set_current(s->ctx) == TCU_SUCCESS) {
        tcu_result r = rt->drv.stream_synchronize(s->stream);
        if (report)
            ok = cuda_check(rt, site, r, "cuStreamSynchronize", "(the stream destroyed)");
        r = rt->drv.stream_destroy(s->stream);
        if (report && ok)
            ok = cuda_check(rt, site, r, "cuStreamDestroy", NULL);
    }
    rt->drv.ctx_set_current(saved);
    return ok;
}

bool tc_stream_destroy_at(tl_site site, tc_runtime *rt, tc_stream stream)
{
    if (!cuda_ready(rt, site))
        return false;
    if (!stream)
        return true;
    pthread_mutex_lock(&rt->lock);
    cuda_stream *s = NULL;
    for (cuda_stream **p = &rt->streams; *p; p = &(*p)->next)
        if ((tc_stream)(*p)->stream == stream) {
            s = *p;
            *p = s->next;
            break;
        }
    pthread_mutex_unlock(&rt->lock);
    if (!s) {
        cuda_fail(rt, site, "stream %p was not made by tc_stream_create on this runtime (or is destroyed already)",
                  stream);
        return false;
    }
    /* Its work done first: then no launch uses its scratch buffers any more. */
    bool ok = stream_destroy(rt, site, s, true);
    cuda_scratch_free_stream(rt, s->ctx, stream);
    free(s);
    return ok;
}

void cuda_streams_destroy_all(tc_runtime *rt)
{
    for (cuda_stream *s = rt->streams, *next; s; s = next) {
        next = s->next;
        if (rt->drv.dl)
            stream_destroy(rt, (tl_site){0}, s, false);
        free(s);
    }
    rt->streams = NULL;
}
