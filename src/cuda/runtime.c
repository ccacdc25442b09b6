/* The runtime: open the driver, initialize it, retain the device's primary context; embedded
 * variants; device memory helpers; and tearing it all down. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile/compile_internal.h" /* base_strdup */
#include "cuda/runtime_internal.h"

static void start(tc_runtime *rt, tl_site site, const tc_runtime_options *opts)
{
    char why[512];
    if (!cuda_driver_open(&rt->drv, opts ? opts->libcuda : NULL, why, sizeof why)) {
        cuda_fail(rt, site, "%s", why);
        return;
    }
    const cuda_driver *d = &rt->drv;
    if (!cuda_check(rt, site, d->init(0), "cuInit", NULL))
        return;
    int ordinal = opts ? opts->device : 0;
    rt->ordinal = ordinal;
    if (!cuda_check(rt, site, d->device_get(&rt->device, ordinal), "cuDeviceGet", NULL))
        return;
    int major = 0, minor = 0;
    if (!cuda_check(rt, site,
                    d->device_get_attribute(&major, TCU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, rt->device),
                    "cuDeviceGetAttribute", "(compute capability)") ||
        !cuda_check(rt, site,
                    d->device_get_attribute(&minor, TCU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, rt->device),
                    "cuDeviceGetAttribute", "(compute capability)"))
        return;
    rt->arch = major * 10 + minor;
    if (!cuda_check(rt, site, d->device_primary_ctx_retain(&rt->primary, rt->device), "cuDevicePrimaryCtxRetain",
                    NULL)) {
        rt->primary = NULL;
        return;
    }
    tcu_context cur = NULL;
    if (!cuda_check(rt, site, d->ctx_get_current(&cur), "cuCtxGetCurrent", NULL))
        return;
    if (!cur)
        cuda_check(rt, site, d->ctx_set_current(rt->primary), "cuCtxSetCurrent", NULL);
}

tc_runtime *tc_runtime_create_at(tl_site site, const tc_runtime_options *opts)
{
    tc_runtime *rt = calloc(1, sizeof *rt);
    if (!rt)
        return NULL;
    pthread_mutex_init(&rt->lock, NULL);
    pthread_mutex_init(&rt->error_lock, NULL);
    base_error_init(&rt->error, TL_ERROR_UNLIMITED);
    if (opts && opts->compile) {
        rt->has_env = true;
        rt->env = *opts->compile;
        rt->env_cache_dir = base_strdup(opts->compile->cache_dir);
        rt->env_compiler = base_strdup(opts->compile->compiler);
        rt->env.cache_dir = rt->env_cache_dir;
        rt->env.compiler = rt->env_compiler;
        rt->env_from = base_strdup(opts->compile->from);
        rt->env.from = rt->env_from;
    }
    start(rt, site, opts);
    return rt;
}

int tc_runtime_arch(const tc_runtime *rt) { return rt ? rt->arch : 0; }

void tc_runtime_destroy(tc_runtime *rt)
{
    if (!rt)
        return;
    cuda_comms_destroy_all(rt); /* with NCCL's work done, before the contexts go */
    cuda_autotuner_free_all(rt);
    cuda_streams_destroy_all(rt); /* each synchronized first: no launch in flight uses a module */
    for (tc_kernel *k = rt->kernels, *next; k; k = next) {
        next = k->next;
        cuda_unload_all(k);
        cuda_ir_forget_all(k);
        free(k->cfg);
        free(k->config_text);
        free(k->params);
        free(k->names);
        free((char *)k->opts.ptx_options);
        free(k);
    }
    cuda_scratch_free_all(rt);
    cuda_devices_release_all(rt);
    for (cuda_compiled *c = rt->compiled, *next; c; c = next) {
        next = c->next;
        tc_variant_free(c->variant);
        free(c);
    }
    for (cuda_variant_set *s = rt->sets, *next; s; s = next) {
        next = s->next;
        free(s);
    }
    if (rt->primary && rt->drv.dl)
        rt->drv.device_primary_ctx_release(rt->device);
    cuda_driver_close(&rt->drv);
    free(rt->env_cache_dir);
    free(rt->env_compiler);
    free(rt->env_from);
    base_error_clear(&rt->error);
    pthread_mutex_destroy(&rt->lock);
    pthread_mutex_destroy(&rt->error_lock);
    free(rt);
}

tcu_context cuda_current_context(tc_runtime *rt, tl_site site)
{
    tcu_context ctx = NULL;
    tcu_result r = rt->drv.ctx_get_current(&ctx);
    if (r != TCU_SUCCESS) {
        cuda_check(rt, site, r, "cuCtxGetCurrent", NULL);
        return NULL;
    }
    if (ctx)
        return ctx;
    /* A thread that never made a context current: use the runtime's, as Triton's launcher
     * does with the device's primary context. */
    if (!cuda_check(rt, site, rt->drv.ctx_set_current(rt->primary), "cuCtxSetCurrent", NULL))
        return NULL;
    return rt->primary;
}

bool tc_runtime_add_variants_at(tl_site site, tc_runtime *rt, int n, const tc_variant *variants)
{
    if (!cuda_ready(rt, site))
        return false;
    if (n < 0 || (n > 0 && !variants)) {
        cuda_fail(rt, site, "%d variants at %p: expected a count >= 0 and an array", n, (const void *)variants);
        return false;
    }
    for (int i = 0; i < n; i++) {
        const tc_variant *v = &variants[i];
        if (!v->kernel || !v->config || !v->spec || !v->symbol || (!v->cubin && !v->ptx)) {
            cuda_fail(rt, site,
                      "variant %d of %d is incomplete (kernel, config, spec, symbol and a cubin or PTX are needed)", i,
                      n);
            return false;
        }
    }
    cuda_variant_set *s = calloc(1, sizeof *s);
    if (!s) {
        cuda_fail(rt, site, "out of memory");
        return false;
    }
    s->n = n;
    s->variants = variants;
    pthread_mutex_lock(&rt->lock);
    /* Appended: the variants added first are found first. */
    cuda_variant_set **tail = &rt->sets;
    while (*tail)
        tail = &(*tail)->next;
    *tail = s;
    pthread_mutex_unlock(&rt->lock);
    return true;
}

/* ---- device memory ---------------------------------------------------------------------------- */

tc_deviceptr tc_alloc_at(tl_site site, tc_runtime *rt, size_t bytes)
{
    if (!cuda_ready(rt, site) || !cuda_current_context(rt, site))
        return 0;
    tcu_deviceptr p = 0;
    char what[64];
    snprintf(what, sizeof what, "(%zu bytes)", bytes);
    if (!cuda_check(rt, site, rt->drv.mem_alloc(&p, bytes ? bytes : 1), "cuMemAlloc", what))
        return 0;
    return p;
}

void tc_free_at(tl_site site, tc_runtime *rt, tc_deviceptr p)
{
    if (!p || !cuda_ready(rt, site) || !cuda_current_context(rt, site))
        return;
    cuda_check(rt, site, rt->drv.mem_free(p), "cuMemFree", NULL);
}

/* A synchronous copy: host src_host to device dst_dev (to_device), or device src_dev to host
 * dst_host. */
static bool copy(tc_runtime *rt, tl_site site, bool to_device, tc_deviceptr dst_dev, void *dst_host,
                 tc_deviceptr src_dev, const void *src_host, size_t bytes)
{
    if (!cuda_ready(rt, site) || !cuda_current_context(rt, site))
        return false;
    if (bytes == 0)
        return true;
    bool no_src = to_device ? !src_host : !src_dev, no_dst = to_device ? !dst_dev : !dst_host;
    if (no_src || no_dst) {
        cuda_fail(rt, site, "NULL %s", no_src ? "source" : "destination");
        return false;
    }
    if (to_device)
        return cuda_check(rt, site, rt->drv.memcpy_htod(dst_dev, src_host, bytes), "cuMemcpyHtoD", NULL);
    return cuda_check(rt, site, rt->drv.memcpy_dtoh(dst_host, src_dev, bytes), "cuMemcpyDtoH", NULL);
}

bool tc_copy_to_device_at(tl_site site, tc_runtime *rt, tc_deviceptr dst, const void *src, size_t bytes)
{
    return copy(rt, site, true, dst, NULL, 0, src, bytes);
}

bool tc_copy_to_host_at(tl_site site, tc_runtime *rt, void *dst, tc_deviceptr src, size_t bytes)
{
    return copy(rt, site, false, 0, dst, src, NULL, bytes);
}

bool tc_synchronize_at(tl_site site, tc_runtime *rt)
{
    if (!cuda_ready(rt, site) || !cuda_current_context(rt, site))
        return false;
    return cuda_check(rt, site, rt->drv.ctx_synchronize(), "cuCtxSynchronize", NULL);
}
