/* The launch: check and pack the arguments, pick the loaded variant for their key in the
 * current context, append the scratch pointers and launch as Triton 3.6's launcher does. Once
 * warm it takes no lock (unless the kernel needs scratch), allocates nothing and never
 * synchronizes, so it can be captured into a CUDA graph. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda/runtime_internal.h"

/* ---- scratch buffers --------------------------------------------------------------------------- */

/* The scratch buffer of (ctx, stream), at least need bytes aligned to align; 0 (error recorded)
 * when it cannot grow. Takes rt->lock. */
static bool scratch_for(tc_kernel *k, tl_site site, tcu_context ctx, tc_stream stream, bool profile, size_t need,
                        size_t align, tcu_deviceptr *out)
{
    tc_runtime *rt = k->rt;
    const char *which = profile ? "profile" : "global";
    bool ok = false;
    pthread_mutex_lock(&rt->lock);
    cuda_scratch *s = rt->scratch;
    while (s && !(s->ctx == ctx && s->stream == stream && s->profile == profile))
        s = s->next;
    if (s && s->size >= need && (s->ptr & (align - 1)) == 0) {
        *out = s->ptr;
        ok = true;
        goto done;
    }
    int status = TCU_STREAM_CAPTURE_STATUS_NONE;
    if (!cuda_check(rt, site, rt->drv.stream_is_capturing((tcu_stream)stream, &status), "cuStreamIsCapturing", NULL))
        goto done;
    if (status != TCU_STREAM_CAPTURE_STATUS_NONE) {
        cuda_fail(rt, site,
                  "kernel %s needs %zu bytes of %s scratch, more than this stream's buffer holds (%zu), while the "
                  "stream is capturing a CUDA graph: launch it once with this grid before the capture",
                  k->k->name, need, which, s ? s->size : (size_t)0);
        goto done;
    }
    if (!s) {
        s = calloc(1, sizeof *s);
        if (!s) {
            cuda_fail(rt, site, "out of memory");
            goto done;
        }
        s->ctx = ctx;
        s->stream = stream;
        s->profile = profile;
        s->next = rt->scratch;
        rt->scratch = s;
    }
    if (s->alloc) {
        /* Launches already queued on the stream may still use the old buffer. */
        if (!cuda_check(rt, site, rt->drv.stream_synchronize((tcu_stream)stream), "cuStreamSynchronize", NULL))
            goto done;
        rt->drv.mem_free(s->alloc);
        s->alloc = s->ptr = 0;
        s->size = 0;
    }
    /* cuMemAlloc aligns to 256 bytes; a larger alignment is made by allocating more. */
    size_t extra = align > 256 ? align - 1 : 0;
    char what[96];
    snprintf(what, sizeof what, "(%zu bytes of %s scratch for kernel %s)", need + extra, which, k->k->name);
    if (!cuda_check(rt, site, rt->drv.mem_alloc(&s->alloc, need + extra), "cuMemAlloc", what)) {
        s->alloc = 0;
        goto done;
    }
    s->ptr = (s->alloc + extra) & ~(tcu_deviceptr)(align > 256 ? align - 1 : 0);
    s->size = need;
    *out = s->ptr;
    ok = true;
done:
    pthread_mutex_unlock(&rt->lock);
    return ok;
}

void cuda_scratch_free_all(tc_runtime *rt)
{
    tcu_context saved = NULL;
    bool driver = rt->drv.dl != NULL;
    if (driver)
        rt->drv.ctx_get_current(&saved);
    for (cuda_scratch *s = rt->scratch, *next; s; s = next) {
        next = s->next;
        if (driver && s->alloc && rt->drv.ctx_set_current(s->ctx) == TCU_SUCCESS)
            rt->drv.mem_free(s->alloc);
        free(s);
    }
    if (driver)
        rt->drv.ctx_set_current(saved);
    rt->scratch = NULL;
}

void cuda_scratch_free_stream(tc_runtime *rt, tcu_context ctx, tc_stream stream)
{
    tcu_context saved = NULL;
    if (rt->drv.ctx_get_current(&saved) != TCU_SUCCESS)
        saved = NULL;
    pthread_mutex_lock(&rt->lock);
    for (cuda_scratch **p = &rt->scratch; *p;) {
        cuda_scratch *s = *p;
        if (s->ctx != ctx || s->stream != stream) {
            p = &s->next;
            continue;
        }
        *p = s->next;
        if (s->alloc && rt->drv.ctx_set_current(ctx) == TCU_SUCCESS)
            rt->drv.mem_free(s->alloc);
        free(s);
    }
    pthread_mutex_unlock(&rt->lock);
    rt->drv.ctx_set_current(saved);
}

/* Triton's launcher sizes scratch as grid * num_ctas * size per kernel. */
static bool scratch_size(size_t programs, unsigned num_ctas, int size, size_t *bytes)
{
    size_t per = (size_t)size;
    if (programs > SIZE_MAX / num_ctas || programs * num_ctas > SIZE_MAX / per)
        return false;
    *bytes = programs * num_ctas * per;
    return true;
}

static bool scratch_args(tc_kernel *k, tl_site site, const cuda_loaded *l, tc_grid grid, tcu_context ctx,
                         tc_stream stream, tcu_deviceptr *global, tcu_deviceptr *profile)
{
    const tc_variant *v = l->variant;
    /* x * y fits 64 bits (each is below 2^32); times z may not. */
    if ((size_t)grid.x * grid.y > SIZE_MAX / grid.z) {
        cuda_fail(k->rt, site, "grid %ux%ux%u is too large", grid.x, grid.y, grid.z);
        return false;
    }
    size_t programs = (size_t)grid.x * grid.y * grid.z;
    const struct {
        int size, align;
        bool profile;
        tcu_deviceptr *out;
    } kinds[] = {{v->global_scratch_size, v->global_scratch_align, false, global},
                 {v->profile_scratch_size, v->profile_scratch_align, true, profile}};
    for (int i = 0; i < 2; i++) {
        *kinds[i].out = 0;
        if (kinds[i].size <= 0)
            continue;
        size_t bytes, align = kinds[i].align > 0 ? (size_t)kinds[i].align : 1;
        if ((align & (align - 1)) != 0 || !scratch_size(programs, l->num_ctas, kinds[i].size, &bytes)) {
            cuda_fail(k->rt, site,
                      "kernel %s: %s scratch of %d bytes aligned to %d for grid %ux%ux%u cannot be allocated",
                      k->k->name, kinds[i].profile ? "profile" : "global", kinds[i].size, kinds[i].align, grid.x,
                      grid.y, grid.z);
            return false;
        }
        if (!scratch_for(k, site, ctx, stream, kinds[i].profile, bytes, align, kinds[i].out))
            return false;
    }
    return true;
}

/* ---- the launch ---------------------------------------------------------------------------------- */

/* Launches l with the n parameters of params (room for two more: the scratch pointers). */
static bool launch_params(tc_kernel *k, tl_site site, const cuda_loaded *l, tc_grid grid, tc_stream stream,
                          void **params, int n, tcu_deviceptr global, tcu_deviceptr profile)
{
    tc_runtime *rt = k->rt;
    /* Triton 3.6's launcher appends the global-scratch and profile-scratch pointers. */
    params[n] = &global;
    params[n + 1] = &profile;
    tcu_result r;
    const char *fn;
    if (l->num_ctas == 1 && !l->launch_pdl && !l->launch_cooperative_grid) {
        fn = "cuLaunchKernel";
        r = rt->drv.launch_kernel(l->fn, grid.x, grid.y, grid.z, l->block_x, 1, 1, l->shared, (tcu_stream)stream,
                                  params, NULL);
    } else {
        /* Triton 3.6's attributes, in its order: programmatic dependent launch, cooperative,
         * then clusters of num_ctas CTAs along x spread over the SMs (the grid's x multiplied). */
        fn = "cuLaunchKernelEx";
        if (grid.x > UINT_MAX / l->num_ctas) {
            cuda_fail(rt, site, "grid x %u times %u CTAs per program overflows", grid.x, l->num_ctas);
            return false;
        }
        tcu_launch_attribute attrs[4];
        memset(attrs, 0, sizeof attrs);
        unsigned na = 0;
        if (l->launch_pdl) {
            attrs[na].id = TCU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
            attrs[na++].value.programmatic_stream_serialization_allowed = 1;
        }
        if (l->launch_cooperative_grid) {
            attrs[na].id = TCU_LAUNCH_ATTRIBUTE_COOPERATIVE;
            attrs[na++].value.cooperative = 1;
        }
        if (l->num_ctas != 1) {
            attrs[na].id = TCU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
            attrs[na].value.cluster_dim.x = l->num_ctas;
            attrs[na].value.cluster_dim.y = 1;
            attrs[na++].value.cluster_dim.z = 1;
            attrs[na].id = TCU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;
            attrs[na++].value.cluster_scheduling_policy_preference = TCU_CLUSTER_SCHEDULING_POLICY_SPREAD;
        }
        tcu_launch_config cfg = {.grid_dim_x = grid.x * l->num_ctas,
                                 .grid_dim_y = grid.y,
                                 .grid_dim_z = grid.z,
                                 .block_dim_x = l->block_x,
                                 .block_dim_y = 1,
                                 .block_dim_z = 1,
                                 .shared_mem_bytes = l->shared,
                                 .stream = (tcu_stream)stream,
                                 .attrs = attrs,
                                 .num_attrs = na};
        r = rt->drv.launch_kernel_ex(&cfg, l->fn, params, NULL);
    }
    if (r != TCU_SUCCESS) {
        char what[128];
        snprintf(what, sizeof what, "(kernel %s variant %s, grid %ux%ux%u)", k->k->name, l->key, grid.x, grid.y,
                 grid.z);
        return cuda_check(rt, site, r, fn, what);
    }
    return true;
}

static bool launch_loaded(tc_kernel *k, tl_site site, const cuda_loaded *l, tc_grid grid, tc_stream stream,
                          cuda_packed *p, tcu_deviceptr global, tcu_deviceptr profile)
{
    void *params[TC_MAX_ARGS + 2];
    for (int i = 0; i < p->n; i++)
        params[i] = &p->slot[i];
    return launch_params(k, site, l, grid, stream, params, p->n, global, profile);
}

/* A launch with host tensor descriptors: each encoded (or decomposed) for the variant first. */
static bool launch_with_descriptors(tc_kernel *k, tl_site site, const cuda_loaded *l, tc_grid grid, tc_stream stream,
                                    cuda_packed *p, tcu_deviceptr global, tcu_deviceptr profile)
{
    cuda_params params;
    if (!cuda_params_build(k, site, l, p, &params))
        return false;
    return launch_params(k, site, l, grid, stream, params.p, params.n, global, profile);
}

/* Usable, or why not recorded on its runtime (false). */
static bool kernel_ready(tc_kernel *k, tl_site site)
{
    if (!k)
        return false;
    if (__builtin_expect(cuda_usable(k->rt), 1))
        return true;
    return cuda_ready(k->rt, site);
}

bool tc_launch_args_at(tl_site site, tc_kernel *k, tc_grid grid, tc_stream stream, int nargs, const tc_arg *args)
{
    if (!kernel_ready(k, site))
        return false;
    cuda_packed p;
    if (!cuda_pack_args(k, site, nargs, args, &p))
        return false;
    if (grid.x == 0 || grid.y == 0 || grid.z == 0)
        return true; /* as Triton's launcher: an empty grid launches nothing */
    tc_runtime *rt = k->rt;
    tcu_context ctx = NULL;
    if (rt->drv.ctx_get_current(&ctx) != TCU_SUCCESS || !ctx) {
        ctx = cuda_current_context(rt, site);
        if (!ctx)
            return false;
    }
    const cuda_loaded *l = cuda_find_loaded(k, p.key, ctx);
    if (!l) {
        l = cuda_load(k, site, p.key, ctx, stream);
        if (!l)
            return false;
    }
    tcu_deviceptr global = 0, profile = 0;
    if (l->needs_scratch && !scratch_args(k, site, l, grid, ctx, stream, &global, &profile))
        return false;
    if (p.ndesc)
        return launch_with_descriptors(k, site, l, grid, stream, &p, global, profile);
    return launch_loaded(k, site, l, grid, stream, &p, global, profile);
}

const char *tc_kernel_key_at(tl_site site, tc_kernel *k, int nargs, const tc_arg *args, char *key, size_t size)
{
    if (!kernel_ready(k, site))
        return NULL;
    cuda_packed p;
    if (!cuda_pack_args(k, site, nargs, args, &p))
        return NULL;
    if (!key || size <= strlen(p.key)) {
        cuda_fail(k->rt, site, "the key of kernel %s needs %zu bytes, got %zu", k->k->name, strlen(p.key) + 1,
                  key ? size : (size_t)0);
        return NULL;
    }
    strcpy(key, p.key);
    return key;
}

bool tc_kernel_prepare_at(tl_site site, tc_kernel *k, const char *key)
{
    if (!kernel_ready(k, site))
        return false;
    size_t n = key ? strlen(key) : 0;
    if (!key || n != (size_t)k->nparams || strspn(key, "1DN") != n) {
        cuda_fail(k->rt, site, "kernel %s: key '%s' must have one letter 1, D or N per argument (%d: %s)", k->k->name,
                  key ? key : "(null)", k->nparams, k->names);
        return false;
    }
    tcu_context ctx = cuda_current_context(k->rt, site);
    if (!ctx)
        return false;
    return cuda_find_loaded(k, key, ctx) || cuda_load(k, site, key, ctx, NULL);
}
