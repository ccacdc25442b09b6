/* Variants and modules: find the variant compiled for a key (embedded, in memory, then
 * tc_compile), load it into a context as Triton's loader does, and publish it for launches. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/runtime_internal.h"

/* Triton's launcher asks for more than 48 KiB of dynamic shared memory through an attribute. */
#define TCR_DEFAULT_SHARED_LIMIT 49152

static bool variant_matches(const tc_variant *v, const tc_kernel *k, const char *key)
{
    return strcmp(v->kernel, k->k->name) == 0 && strcmp(v->config, k->config_text) == 0 && strcmp(v->spec, key) == 0 &&
        cuda_options_equal(v->options, k->opts);
}

/* Whether v, found by name, was compiled from k as it builds now: CURRENT; STALE (remembered in
 * *stale, skipped); FAILED (error recorded). */
static cuda_ir_state vet(tc_kernel *k, tl_site site, const char *key, const tc_variant *v, const tc_variant **stale)
{
    cuda_ir_state st = cuda_ir_check(k, site, key, v);
    if (st == TCR_IR_STALE && !*stale)
        *stale = v;
    return st;
}

/* When variants of k for key were added for other architectures than the device's, records
 * the error naming them (and the compile step's message, err) and returns true. */
static bool other_archs(tc_kernel *k, tl_site site, const char *key, const char *err)
{
    char archs[256] = "";
    size_t n = 0;
    for (cuda_variant_set *s = k->rt->sets; s; s = s->next)
        for (int i = 0; i < s->n; i++) {
            const tc_variant *v = &s->variants[i];
            tc_options o = v->options;
            o.arch = k->opts.arch;
            if (!variant_matches(&(tc_variant){.kernel = v->kernel, .config = v->config, .spec = v->spec, .options = o},
                                 k, key) ||
                cuda_options_equal(v->options, k->opts))
                continue;
            char one[16];
            snprintf(one, sizeof one, "sm_%d", tc_options_filled(v->options).arch);
            if (!strstr(archs, one) && n + strlen(one) + 3 < sizeof archs)
                n += (size_t)snprintf(archs + n, sizeof archs - n, "%s%s", n ? ", " : "", one);
        }
    if (!n)
        return false;
    cuda_fail(k->rt, site,
              "kernel %s has no variant for key %s on this device's architecture sm_%d (variants at hand: "
              "%s); %s",
              k->k->name, key, k->opts.arch, archs, err ? err : "tc_compile failed");
    return true;
}

/* The variant for key, or NULL with the error recorded. Called with rt->lock held. A variant
 * that matches by name but not by IR (stale.c) is never returned: the compile step is asked
 * instead (the cache, then Triton in JIT mode), and when it has nothing the message says why
 * the variant at hand was not launched. */
static const tc_variant *find_variant(tc_kernel *k, tl_site site, const char *key)
{
    tc_runtime *rt = k->rt;
    const tc_variant *stale = NULL;
    for (cuda_variant_set *s = rt->sets; s; s = s->next)
        for (int i = 0; i < s->n; i++)
            if (variant_matches(&s->variants[i], k, key)) {
                cuda_ir_state st = vet(k, site, key, &s->variants[i], &stale);
                if (st != TCR_IR_STALE)
                    return st == TCR_IR_CURRENT ? &s->variants[i] : NULL;
            }
    for (cuda_compiled *c = rt->compiled; c; c = c->next)
        if (variant_matches(c->variant, k, key)) {
            cuda_ir_state st = vet(k, site, key, c->variant, &stale);
            if (st != TCR_IR_STALE)
                return st == TCR_IR_CURRENT ? c->variant : NULL;
        }
    char *err = NULL;
    tc_variant *v = tc_compile(k->k, k->cfg, key, k->opts, rt->has_env ? &rt->env : NULL, &err);
    if (!v) {
        if (stale)
            cuda_fail(rt, site, "kernel %s: the variant at hand for key %s is %s, so it is not launched; %s",
                      k->k->name, key,
                      !stale->ir_hash ? "of unknown origin (it has no IR hash: made by an older tritonc, or by hand "
                                        "without tc_ir_hash)"
                                      : "stale (compiled from another body of the kernel: rebuild what embeds it)",
                      err ? err : "tc_compile failed");
        else if (!other_archs(k, site, key, err))
            cuda_fail(rt, site, "%s", err ? err : "tc_compile failed");
        free(err);
        return NULL;
    }
    cuda_compiled *c = calloc(1, sizeof *c);
    if (!c) {
        tc_variant_free(v);
        cuda_fail(rt, site, "out of memory");
        return NULL;
    }
    c->variant = v;
    c->next = rt->compiled;
    rt->compiled = c;
    cuda_ir_remember(k, key, v->ir_hash);
    return v;
}

/* A variant must be the one the arguments call for: never launch one compiled for another key
 * or argument count (a 'D' variant on an unaligned pointer would read the wrong addresses). */
static bool check_variant(tc_kernel *k, tl_site site, const tc_variant *v, const char *key)
{
    int kept = 0; /* the compiled function's arguments: a host descriptor brings its shape and strides */
    for (int i = 0; key[i]; i++)
        kept += key[i] == '1'                                          ? 0
            : i < k->nparams && k->params[i].kind == TL_ARG_TENSORDESC ? 1 + 2 * k->params[i].rank
                                                                       : 1;
    if (strcmp(v->kernel, k->k->name) != 0 || strcmp(v->spec, key) != 0) {
        cuda_fail(k->rt, site, "kernel %s: the variant found is %s with key %s, not key %s", k->k->name, v->kernel,
                  v->spec, key);
        return false;
    }
    int arch = v->arch ? v->arch : tc_options_filled(v->options).arch;
    if (arch != k->rt->arch) {
        cuda_fail(k->rt, site,
                  "kernel %s variant %s is compiled for sm_%d; the device is sm_%d: it is not launched (compile it "
                  "with --arch %d, or leave tc_options.arch 0 for the device's)",
                  k->k->name, key, arch, k->rt->arch, k->rt->arch);
        return false;
    }
    if (v->nargs != kept) {
        cuda_fail(k->rt, site, "kernel %s variant %s takes %d arguments, its key keeps %d", k->k->name, key, v->nargs,
                  kept);
        return false;
    }
    if (!v->symbol || (!v->cubin && !v->ptx)) {
        cuda_fail(k->rt, site, "kernel %s variant %s has no symbol or no cubin and no PTX", k->k->name, key);
        return false;
    }
    return true;
}

/* Loads v into the current context (ctx) and sets the function attributes it needs. */
static bool load_module(tc_kernel *k, tl_site site, const tc_variant *v, cuda_loaded *l)
{
    tc_runtime *rt = k->rt;
    const cuda_driver *d = &rt->drv;
    char what[256];
    snprintf(what, sizeof what, "(kernel %s variant %s, %s)", k->k->name, v->spec, v->cubin ? "cubin" : "PTX");
    /* A cubin first; PTX (NUL-terminated text) when there is none: the driver compiles it. */
    const void *image = v->cubin ? (const void *)v->cubin : (const void *)v->ptx;
    if (!cuda_check(rt, site, d->module_load_data(&l->module, image), "cuModuleLoadData", what))
        return false;
    snprintf(what, sizeof what, "(kernel %s variant %s, function %s)", k->k->name, v->spec, v->symbol);
    if (!cuda_check(rt, site, d->module_get_function(&l->fn, l->module, v->symbol), "cuModuleGetFunction", what))
        return false;
    if (v->shared > TCR_DEFAULT_SHARED_LIMIT) {
        tcu_device dev;
        int optin = 0, shared_static = 0;
        if (!cuda_check(rt, site, d->ctx_get_device(&dev), "cuCtxGetDevice", what) ||
            !cuda_check(rt, site,
                        d->device_get_attribute(&optin, TCU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, dev),
                        "cuDeviceGetAttribute", what))
            return false;
        if (v->shared > optin) {
            cuda_fail(rt, site, "kernel %s variant %s needs %d bytes of shared memory; the device allows %d per block",
                      k->k->name, v->spec, v->shared, optin);
            return false;
        }
        /* What Triton's loader does: prefer shared memory, and allow the device's opt-in
         * maximum less the function's static shared memory. */
        if (!cuda_check(rt, site, d->func_set_cache_config(l->fn, TCU_FUNC_CACHE_PREFER_SHARED), "cuFuncSetCacheConfig",
                        what) ||
            !cuda_check(rt, site, d->func_get_attribute(&shared_static, TCU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, l->fn),
                        "cuFuncGetAttribute", what) ||
            !cuda_check(
                rt, site,
                d->func_set_attribute(l->fn, TCU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, optin - shared_static),
                "cuFuncSetAttribute", what))
            return false;
    }
    /* Clusters of 16 CTAs are non-portable: Triton's launcher allows them per function. */
    if (l->num_ctas == 16 &&
        !cuda_check(rt, site, d->func_set_attribute(l->fn, TCU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
                    "cuFuncSetAttribute", what))
        return false;
    return true;
}

static bool stream_capturing(tc_runtime *rt, tl_site site, tc_stream stream, bool *capturing)
{
    int status = TCU_STREAM_CAPTURE_STATUS_NONE;
    if (!cuda_check(rt, site, rt->drv.stream_is_capturing((tcu_stream)stream, &status), "cuStreamIsCapturing", NULL))
        return false;
    *capturing = status != TCU_STREAM_CAPTURE_STATUS_NONE;
    return true;
}

cuda_loaded *cuda_load(tc_kernel *k, tl_site site, const char *key, tcu_context ctx, tc_stream stream)
{
    tc_runtime *rt = k->rt;
    pthread_mutex_lock(&rt->lock);
    cuda_loaded *l = cuda_find_loaded(k, key, ctx); /* another thread may have loaded it */
    if (l)
        goto done;
    bool capturing = false;
    if (!stream_capturing(rt, site, stream, &capturing))
        goto done;
    if (capturing) {
        cuda_fail(rt, site,
                  "kernel %s variant %s is not loaded in this context and its stream is capturing a CUDA graph: "
                  "launch it once before the capture (or tc_kernel_prepare it)",
                  k->k->name, key);
        goto done;
    }
    const tc_variant *v = find_variant(k, site, key);
    if (!v || !check_variant(k, site, v, key))
        goto done;
    l = calloc(1, sizeof *l);
    if (!l) {
        cuda_fail(rt, site, "out of memory");
        goto done;
    }
    strcpy(l->key, key);
    l->ctx = ctx;
    l->variant = v;
    l->block_x = 32u * (unsigned)(v->num_warps > 0 ? v->num_warps : 4);
    l->shared = v->shared > 0 ? (unsigned)v->shared : 0;
    l->num_ctas = v->num_ctas > 0 ? (unsigned)v->num_ctas : 1;
    l->needs_scratch = v->global_scratch_size > 0 || v->profile_scratch_size > 0;
    l->launch_pdl = v->options.launch_pdl;
    l->launch_cooperative_grid = v->options.launch_cooperative_grid;
    if (!load_module(k, site, v, l)) {
        if (l->module)
            rt->drv.module_unload(l->module);
        free(l);
        l = NULL;
        goto done;
    }
    /* Publish: launches read the list without the lock. */
    atomic_store_explicit(&l->next, atomic_load_explicit(&k->loaded, memory_order_relaxed), memory_order_relaxed);
    atomic_store_explicit(&k->loaded, l, memory_order_release);
done:
    pthread_mutex_unlock(&rt->lock);
    return l;
}

void cuda_unload_all(tc_kernel *k)
{
    tc_runtime *rt = k->rt;
    tcu_context saved = NULL;
    bool driver = rt->drv.dl != NULL;
    if (driver)
        rt->drv.ctx_get_current(&saved);
    for (cuda_loaded *l = atomic_load(&k->loaded), *next; l; l = next) {
        next = atomic_load(&l->next);
        /* A module is unloaded in its own context (errors ignored: the user may have
         * destroyed that context already). */
        if (driver && l->module && rt->drv.ctx_set_current(l->ctx) == TCU_SUCCESS)
            rt->drv.module_unload(l->module);
        free(l);
    }
    if (driver)
        rt->drv.ctx_set_current(saved);
    atomic_store(&k->loaded, NULL);
}
