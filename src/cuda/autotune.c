/* Autotuning, as @triton.autotune(configs, key): the first launch with a new key tuple times
 * every config on the device (CUDA events around each launch, after untimed warm-up launches;
 * the median counts) and keeps the fastest for that key; later launches with the key use it.
 * Choices are persisted in a small text file (autotune_file.c) and read back by the next run,
 * which then times nothing. A config that cannot be launched (it fails to compile, or needs
 * more shared memory than the device has) is skipped, as Triton skips OutOfResources. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autotune_internal.h"
#include "compile_internal.h" /* tc__format */

#define TCR_DEFAULT_WARMUP 5
#define TCR_DEFAULT_REPEATS 20

/* ---- the key tuple ------------------------------------------------------------------------------- */

/* "M=4096,N=4096,K=4096;float16,float16,float16": the key arguments' values, then the dtypes of
 * the pointer arguments (Triton adds every tensor argument's dtype). */
static bool key_text(const tc_autotuner *at, const tc_arg *args, char *out, size_t size)
{
    size_t n = 0;
    for (int i = 0; i < at->nkey; i++) {
        const tc_arg *a = &args[at->key_index[i]];
        const char *name = at->params[at->key_index[i]].name;
        int w;
        if (a->kind == TC_ARG_INT)
            w = snprintf(out + n, size - n, "%s%s=%" PRId64, i ? "," : "", name, a->v.i);
        else if (a->kind == TC_ARG_FLOAT)
            w = snprintf(out + n, size - n, "%s%s=%.17g", i ? "," : "", name, a->v.f);
        else
            w = snprintf(out + n, size - n, "%s%s=%" PRIu64, i ? "," : "", name, a->v.u);
        if (w < 0 || (size_t)w >= size - n)
            return false;
        n += (size_t)w;
    }
    int w = snprintf(out + n, size - n, ";");
    n += (size_t)w;
    bool first = true;
    for (int i = 0; i < at->nparams; i++) {
        if (at->params[i].kind != TL_ARG_PTR)
            continue;
        w = snprintf(out + n, size - n, "%s%s", first ? "" : ",", tl_dtype_name(args[i].dtype));
        if (w < 0 || (size_t)w >= size - n)
            return false;
        n += (size_t)w;
        first = false;
    }
    return true;
}

tcr_choice *tcr_find_choice(tc_autotuner *at, const char *key)
{
    for (tcr_choice *c = atomic_load_explicit(&at->choices, memory_order_acquire); c;
         c = atomic_load_explicit(&c->next, memory_order_acquire))
        if (strcmp(c->key, key) == 0)
            return c;
    return NULL;
}

/* Publishes a choice (called with rt->lock held). */
tcr_choice *tcr_add_choice(tc_autotuner *at, const char *key, int best, double ms, bool timed)
{
    size_t len = strlen(key);
    tcr_choice *c = calloc(1, sizeof *c + len + 1);
    if (!c)
        return NULL;
    memcpy(c->key, key, len + 1);
    c->best = best;
    c->ms = ms;
    c->timed = timed;
    atomic_store_explicit(&c->next, atomic_load_explicit(&at->choices, memory_order_relaxed), memory_order_relaxed);
    atomic_store_explicit(&at->choices, c, memory_order_release);
    return c;
}

/* ---- creating ------------------------------------------------------------------------------------- */

static void free_tuner(tc_autotuner *at)
{
    if (!at)
        return;
    for (int i = 0; i < at->nconfigs; i++) {
        free(at->cand[i].cfg);
        free(at->cand[i].set);
    }
    free(at->cand);
    free(at->key_index);
    free(at->file);
    free(at->configs_text);
    for (tcr_choice *c = atomic_load(&at->choices), *next; c; c = next) {
        next = atomic_load(&c->next);
        free(c);
    }
    free(at);
}

void tcr_autotuner_free_all(tc_runtime *rt)
{
    for (tc_autotuner *at = rt->tuners, *next; at; at = next) {
        next = at->next;
        free_tuner(at);
    }
    rt->tuners = NULL;
}

/* The candidate's config: base with `set` applied ("K=V,K=V"). */
static void *candidate_cfg(tc_runtime *rt, tl_site site, const tl_kernel *k, const void *base, int index,
                           const char *set)
{
    void *cfg = malloc(k->cfg_size ? k->cfg_size : 1);
    if (!cfg) {
        tcr_fail(rt, site, "out of memory");
        return NULL;
    }
    memcpy(cfg, base, k->cfg_size);
    char *copy = set ? tc__format("%s", set) : NULL;
    if (set && !copy) {
        free(cfg);
        tcr_fail(rt, site, "out of memory");
        return NULL;
    }
    bool ok = true;
    for (char *item = copy, *next; ok && item && *item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        char *eq = strchr(item, '=');
        char err[256];
        if (!eq) {
            tcr_fail(rt, site, "kernel %s config %d ('%s'): '%s' is no KEY=VALUE", k->name, index, set, item);
            ok = false;
        } else {
            *eq = '\0';
            if (!tl_kernel_set(k, cfg, item, eq + 1, err, sizeof err)) {
                tcr_fail(rt, site, "kernel %s config %d ('%s'): %s", k->name, index, set, err);
                ok = false;
            }
        }
    }
    free(copy);
    if (!ok) {
        free(cfg);
        return NULL;
    }
    return cfg;
}

tc_autotuner *tc_autotune_create_at(tl_site site, tc_runtime *rt, const tl_kernel *k, const void *base_cfg,
                                    int nconfigs, const tc_tune_config *configs, tc_grid_fn grid, void *grid_user,
                                    tc_autotune_options opts)
{
    if (!tcr_ready(rt, site))
        return NULL;
    if (!k || !k->name || !k->run || nconfigs < 1 || !configs || !grid || opts.nkey < 0 ||
        (opts.nkey > 0 && !opts.key) || opts.warmup < 0 || opts.repeats < 0) {
        tcr_fail(rt, site, "needs a kernel, at least one config, a grid function, and key names for nkey >= 0");
        return NULL;
    }
    if (!base_cfg)
        base_cfg = k->cfg_default;
    tc_kernel *base = tc_kernel_get_at(site, rt, k, base_cfg, (tc_options){0});
    if (!base)
        return NULL;
    tc_autotuner *at = calloc(1, sizeof *at);
    if (!at) {
        tcr_fail(rt, site, "out of memory");
        return NULL;
    }
    at->rt = rt;
    at->k = k;
    at->base = base;
    at->params = base->params;
    at->nparams = base->nparams;
    at->grid = grid;
    at->grid_user = grid_user;
    at->warmup = opts.warmup ? opts.warmup : TCR_DEFAULT_WARMUP;
    at->repeats = opts.repeats ? opts.repeats : TCR_DEFAULT_REPEATS;
    atomic_init(&at->choices, NULL);
    atomic_init(&at->last_best, -1);
    at->nconfigs = nconfigs;
    at->cand = calloc((size_t)nconfigs, sizeof *at->cand);
    at->key_index = calloc((size_t)(opts.nkey ? opts.nkey : 1), sizeof *at->key_index);
    if (!at->cand || !at->key_index) {
        tcr_fail(rt, site, "out of memory");
        goto fail;
    }
    at->nkey = opts.nkey;
    for (int i = 0; i < opts.nkey; i++) {
        int j = 0;
        while (j < at->nparams && !(opts.key[i] && strcmp(at->params[j].name, opts.key[i]) == 0))
            j++;
        if (j == at->nparams || at->params[j].kind != TL_ARG_SCALAR) {
            tcr_fail(rt, site, "kernel %s has no scalar argument '%s' to key the autotuning on (its arguments: %s)",
                     k->name, opts.key[i] ? opts.key[i] : "(null)", base->names);
            goto fail;
        }
        at->key_index[i] = j;
    }
    for (int i = 0; i < nconfigs; i++) {
        at->cand[i].cfg = candidate_cfg(rt, site, k, base_cfg, i, configs[i].set);
        if (!at->cand[i].cfg)
            goto fail;
        at->cand[i].set = tc__format("%s", configs[i].set ? configs[i].set : "");
        at->cand[i].opts = tc_options_filled(configs[i].options);
        if (!at->cand[i].set) {
            tcr_fail(rt, site, "out of memory");
            goto fail;
        }
    }
    if (!tcr_autotune_file_open(at, site, base_cfg, opts.cache_dir))
        goto fail;
    pthread_mutex_lock(&rt->lock);
    at->next = rt->tuners;
    rt->tuners = at;
    pthread_mutex_unlock(&rt->lock);
    return at;
fail:
    free_tuner(at);
    return NULL;
}

/* ---- timing ----------------------------------------------------------------------------------------- */

static tc_kernel *candidate_handle(tc_autotuner *at, tl_site site, int i)
{
    tc_kernel *h = atomic_load_explicit(&at->cand[i].handle, memory_order_acquire);
    if (!h) {
        h = tc_kernel_get_at(site, at->rt, at->k, at->cand[i].cfg, at->cand[i].opts);
        if (h)
            atomic_store_explicit(&at->cand[i].handle, h, memory_order_release);
    }
    return h;
}

static bool launch_candidate(tc_autotuner *at, tl_site site, int i, tc_stream stream, int nargs, const tc_arg *args)
{
    tc_kernel *h = candidate_handle(at, site, i);
    if (!h)
        return false;
    tc_grid g = at->grid(at->cand[i].cfg, nargs, args, at->grid_user);
    return tc_launch_args_at(site, h, g, stream, nargs, args);
}

/* The median of `repeats` timed launches of config i, in ms; < 0 when it cannot run (why in
 * *why, malloc'd). Leaves the runtime without error. */
static double time_candidate(tc_autotuner *at, tl_site site, int i, tc_stream stream, int nargs, const tc_arg *args,
                             tcu_event *ev, float *ms, char **why)
{
    tc_runtime *rt = at->rt;
    const tc_driver *d = &rt->drv;
    bool ok = true;
    for (int w = 0; ok && w < at->warmup; w++)
        ok = launch_candidate(at, site, i, stream, nargs, args);
    for (int r = 0; ok && r < at->repeats; r++) {
        ok = tcr_check(rt, site, d->event_record(ev[2 * r], (tcu_stream)stream), "cuEventRecord", NULL) &&
             launch_candidate(at, site, i, stream, nargs, args) &&
             tcr_check(rt, site, d->event_record(ev[2 * r + 1], (tcu_stream)stream), "cuEventRecord", NULL);
    }
    if (ok)
        ok = tcr_check(rt, site, d->event_synchronize(ev[2 * at->repeats - 1]), "cuEventSynchronize", NULL);
    for (int r = 0; ok && r < at->repeats; r++)
        ok = tcr_check(rt, site, d->event_elapsed_time(&ms[r], ev[2 * r], ev[2 * r + 1]), "cuEventElapsedTime", NULL);
    if (!ok) {
        /* The message without its "file:line: function: " (the tuning launch's own). */
        const char *msg = tc_runtime_error(rt) ? tc_runtime_error(rt) : "failed", *p = strstr(msg, ": ");
        p = p ? strstr(p + 2, ": ") : NULL;
        *why = tc__format("%s", p ? p + 2 : msg);
        tc_runtime_clear_error(rt);
        /* Work queued before the failure must not run into the next config's timing. */
        d->stream_synchronize((tcu_stream)stream);
        return -1;
    }
    double v[TCR_MAX_REPEATS];
    for (int r = 0; r < at->repeats; r++)
        v[r] = ms[r];
    /* insertion sort: a few dozen values */
    for (int a = 1; a < at->repeats; a++)
        for (int b = a; b > 0 && v[b - 1] > v[b]; b--) {
            double t = v[b];
            v[b] = v[b - 1];
            v[b - 1] = t;
        }
    int n = at->repeats;
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Times every config for key; returns the choice (NULL, error recorded, when none runs). */
static tcr_choice *tune(tc_autotuner *at, tl_site site, const char *key, tc_stream stream, int nargs,
                        const tc_arg *args)
{
    tc_runtime *rt = at->rt;
    const tc_driver *d = &rt->drv;
    int status = TCU_STREAM_CAPTURE_STATUS_NONE;
    if (!tcr_check(rt, site, d->stream_is_capturing((tcu_stream)stream, &status), "cuStreamIsCapturing", NULL))
        return NULL;
    if (status != TCU_STREAM_CAPTURE_STATUS_NONE) {
        tcr_fail(rt, site,
                 "kernel %s is not tuned yet for %s and the stream is capturing a CUDA graph: timing synchronizes, "
                 "launch it once before the capture",
                 at->k->name, key);
        return NULL;
    }
    if (at->repeats > TCR_MAX_REPEATS) {
        tcr_fail(rt, site, "%d repeats: at most %d", at->repeats, TCR_MAX_REPEATS);
        return NULL;
    }
    tcu_event ev[2 * TCR_MAX_REPEATS];
    float ms[TCR_MAX_REPEATS];
    int made = 0;
    for (; made < 2 * at->repeats; made++)
        if (!tcr_check(rt, site, d->event_create(&ev[made], TCU_EVENT_DEFAULT), "cuEventCreate", NULL))
            break;
    int best = -1;
    double best_ms = 0;
    char *first_why = NULL;
    int first_failed = -1;
    for (int i = 0; made == 2 * at->repeats && i < at->nconfigs; i++) {
        char *why = NULL;
        double t = time_candidate(at, site, i, stream, nargs, args, ev, ms, &why);
        if (t < 0) {
            if (!first_why) {
                first_why = why;
                first_failed = i;
            } else {
                free(why);
            }
            continue;
        }
        if (best < 0 || t < best_ms) {
            best = i;
            best_ms = t;
        }
    }
    for (int e = 0; e < made; e++)
        d->event_destroy(ev[e]);
    tcr_choice *c = NULL;
    if (made < 2 * at->repeats) {
        /* cuEventCreate failed: recorded */
    } else if (best < 0) {
        tcr_fail(rt, site, "no config of kernel %s could be launched for %s (config %d: %s)", at->k->name, key,
                 first_failed, first_why ? first_why : "?");
    } else {
        pthread_mutex_lock(&rt->lock);
        c = tcr_find_choice(at, key); /* another thread may have tuned it meanwhile */
        if (!c)
            c = tcr_add_choice(at, key, best, best_ms, true);
        pthread_mutex_unlock(&rt->lock);
        if (!c)
            tcr_fail(rt, site, "out of memory");
        else
            tcr_autotune_file_save(at, site, key, best, best_ms);
    }
    free(first_why);
    return c;
}

/* ---- launching ------------------------------------------------------------------------------------- */

bool tc_autotune_launch_args_at(tl_site site, tc_autotuner *at, tc_stream stream, int nargs, const tc_arg *args)
{
    if (!at || !tcr_ready(at->rt, site))
        return false;
    tcr_packed p; /* the argument checks of a launch, before reading the key arguments */
    if (!tcr_pack_args(at->base, site, nargs, args, &p))
        return false;
    char key[1024];
    if (!key_text(at, args, key, sizeof key)) {
        tcr_fail(at->rt, site, "kernel %s: the autotuning key is too long", at->k->name);
        return false;
    }
    tcr_choice *c = tcr_find_choice(at, key);
    if (!c) {
        c = tune(at, site, key, stream, nargs, args);
        if (!c)
            return false;
    }
    atomic_store_explicit(&at->last_best, c->best, memory_order_relaxed);
    at->last_timed = c->timed;
    at->last_ms = c->ms;
    return launch_candidate(at, site, c->best, stream, nargs, args);
}

int tc_autotune_best(const tc_autotuner *at, bool *timed, double *ms)
{
    if (timed)
        *timed = at ? at->last_timed : false;
    if (ms)
        *ms = at ? at->last_ms : 0;
    return at ? atomic_load(&at->last_best) : -1;
}

const char *tc_autotune_file(const tc_autotuner *at)
{
    return at ? at->file : NULL;
}
