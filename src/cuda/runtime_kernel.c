/* Kernel handles: one per (kernel, config text, options), holding the declared arguments. */
#include <stdlib.h>
#include <string.h>

#include "cuda/runtime_internal.h"
#include "base/alloc.h" /* base_strdup */


/* "x_ptr, y_ptr, output_ptr, n_elements" */
static char *join_names(const tc_param *params, int n)
{
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len += strlen(params[i].name) + 2;
    char *s = malloc(len);
    if (!s)
        return NULL;
    s[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(s, ", ");
        strcat(s, params[i].name);
    }
    return s;
}

static tc_kernel *make_kernel(tc_runtime *rt, tl_site site, const tl_kernel *k, const void *cfg, char *config_text,
                              tc_options opts)
{
    char *err = NULL;
    int n = 0;
    tc_param *params = tc_kernel_params(k, cfg, &n, &err);
    if (!params) {
        cuda_fail(rt, site, "kernel %s: %s", k->name, err ? err : "cannot read its arguments");
        free(err);
        return NULL;
    }
    if (n > TC_MAX_ARGS) {
        cuda_fail(rt, site, "kernel %s declares %d arguments: a launch passes at most %d", k->name, n, TC_MAX_ARGS);
        free(params);
        return NULL;
    }
    tc_kernel *h = calloc(1, sizeof *h);
    char *names = join_names(params, n);
    void *cfg_copy = k->cfg_size ? malloc(k->cfg_size) : NULL;
    char *ptx = opts.ptx_options ? base_strdup(opts.ptx_options) : NULL;
    if (!h || !names || (k->cfg_size && !cfg_copy) || (opts.ptx_options && !ptx)) {
        cuda_fail(rt, site, "out of memory");
        free(h);
        free(names);
        free(cfg_copy);
        free(ptx);
        free(params);
        return NULL;
    }
    opts.ptx_options = ptx; /* the handle's own copy */
    if (cfg_copy)
        memcpy(cfg_copy, cfg, k->cfg_size);
    h->rt = rt;
    h->k = k;
    h->cfg = cfg_copy;
    h->config_text = config_text;
    h->opts = opts;
    h->nparams = n;
    h->params = params;
    for (int i = 0; i < n; i++)
        h->cls[i] = cuda_classify(&params[i]);
    h->names = names;
    atomic_init(&h->loaded, NULL);
    return h;
}

tc_kernel *tc_kernel_get_at(tl_site site, tc_runtime *rt, const tl_kernel *k, const void *cfg, tc_options opts)
{
    if (!cuda_ready(rt, site))
        return NULL;
    if (!k || !k->name || !k->run) {
        cuda_fail(rt, site, "NULL kernel, or a kernel without name or run body");
        return NULL;
    }
    if (!cfg)
        cfg = k->cfg_default;
    if (!cfg && k->cfg_size) {
        cuda_fail(rt, site, "kernel %s: no config given and the kernel has no default", k->name);
        return NULL;
    }
    char *text = tc_config_text(k, cfg);
    if (!text) {
        cuda_fail(rt, site, "kernel %s: cannot write its config text", k->name);
        return NULL;
    }
    if (!opts.arch)
        opts.arch = rt->arch; /* the device's: the only variants it launches */
    opts = tc_options_filled(opts);
    pthread_mutex_lock(&rt->lock);
    tc_kernel *h = rt->kernels;
    while (h && !(h->k == k && strcmp(h->config_text, text) == 0 && tc_options_equal(h->opts, opts)))
        h = h->next;
    if (h) {
        free(text);
    } else {
        h = make_kernel(rt, site, k, cfg, text, opts);
        if (h) {
            h->next = rt->kernels;
            rt->kernels = h;
        } else {
            free(text);
        }
    }
    pthread_mutex_unlock(&rt->lock);
    return h;
}

const tc_param *tc_kernel_params_of(const tc_kernel *k, int *n)
{
    if (n)
        *n = k ? k->nparams : 0;
    return k ? k->params : NULL;
}

bool cuda_options_equal(tc_options a, tc_options b) { return tc_options_equal(a, b); }
