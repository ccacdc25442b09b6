/* Triton's reset_to_zero and restore_value: buffers zeroed before each launch that times a
 * config, and saved before the timing and restored after it, so that tuning a kernel that
 * accumulates into its output does not leave the output corrupt. */
#include <stdlib.h>
#include <string.h>

#include "cuda/autotune_internal.h"

/* The indices of the pointer arguments named in names[0..n). */
static int *indices(tc_autotuner *at, tl_site site, const char *what, int n, const char *const *names)
{
    int *out = calloc((size_t)(n ? n : 1), sizeof *out);
    if (!out) {
        cuda_fail(at->rt, site, "out of memory");
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < at->nparams && !(names[i] && strcmp(at->params[j].name, names[i]) == 0))
            j++;
        if (j == at->nparams || at->params[j].kind != TL_ARG_PTR) {
            cuda_fail(at->rt, site, "kernel %s has no pointer argument '%s' to %s (its arguments: %s)", at->k->name,
                      names[i] ? names[i] : "(null)", what, at->base->names);
            free(out);
            return NULL;
        }
        out[i] = j;
    }
    return out;
}

bool cuda_buffers_init(tc_autotuner *at, tl_site site, const tc_autotune_options *o)
{
    if (o->nreset < 0 || o->nrestore < 0 || (o->nreset && !o->reset_to_zero) || (o->nrestore && !o->restore_value) ||
        ((o->nreset || o->nrestore) && !o->arg_bytes)) {
        cuda_fail(at->rt, site, "reset_to_zero and restore_value need their names and arg_bytes");
        return false;
    }
    at->arg_bytes = o->arg_bytes;
    at->arg_bytes_user = o->arg_bytes_user;
    at->reset_index = indices(at, site, "reset to zero", o->nreset, o->reset_to_zero);
    at->restore_index = at->reset_index ? indices(at, site, "restore", o->nrestore, o->restore_value) : NULL;
    if (!at->restore_index)
        return false;
    at->nreset = o->nreset;
    at->nrestore = o->nrestore;
    return true;
}

static tcu_deviceptr pointer_of(const tc_arg *a) { return (tcu_deviceptr)a->v.u; }

bool cuda_buffers_save(tc_autotuner *at, tl_site site, int nargs, const tc_arg *args, tcu_deviceptr *saved)
{
    const cuda_driver *d = &at->rt->drv;
    for (int i = 0; i < at->nrestore; i++) {
        int a = at->restore_index[i];
        size_t bytes = at->arg_bytes(a, nargs, args, at->arg_bytes_user);
        saved[i] = 0;
        if (!bytes || !pointer_of(&args[a]))
            continue;
        if (!cuda_check(at->rt, site, d->mem_alloc(&saved[i], bytes), "cuMemAlloc",
                        "(a copy to restore after tuning)") ||
            !cuda_check(at->rt, site, d->memcpy_dtod(saved[i], pointer_of(&args[a]), bytes), "cuMemcpyDtoD",
                        "(a copy to restore after tuning)")) {
            cuda_buffers_restore(at, site, nargs, args, saved); /* frees what was saved */
            return false;
        }
    }
    return true;
}

bool cuda_buffers_zero(tc_autotuner *at, tl_site site, tc_stream stream, int nargs, const tc_arg *args)
{
    for (int i = 0; i < at->nreset; i++) {
        int a = at->reset_index[i];
        size_t bytes = at->arg_bytes(a, nargs, args, at->arg_bytes_user);
        if (bytes && pointer_of(&args[a]) &&
            !cuda_check(at->rt, site, at->rt->drv.memset_d8_async(pointer_of(&args[a]), 0, bytes, (tcu_stream)stream),
                        "cuMemsetD8Async", "(reset_to_zero)"))
            return false;
    }
    return true;
}

bool cuda_buffers_restore(tc_autotuner *at, tl_site site, int nargs, const tc_arg *args, tcu_deviceptr *saved)
{
    const cuda_driver *d = &at->rt->drv;
    bool ok = true;
    for (int i = 0; i < at->nrestore; i++) {
        if (!saved[i])
            continue;
        int a = at->restore_index[i];
        size_t bytes = at->arg_bytes(a, nargs, args, at->arg_bytes_user);
        if (ok)
            ok = cuda_check(at->rt, site, d->memcpy_dtod(pointer_of(&args[a]), saved[i], bytes), "cuMemcpyDtoD",
                            "(restore_value)");
        d->mem_free(saved[i]);
        saved[i] = 0;
    }
    return ok;
}
