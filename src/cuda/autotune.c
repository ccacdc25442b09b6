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
#include <time.h>

#include "cuda/autotune_internal.h"
#include "base/env.h"
#include "compile/compile_internal.h" /* compile_format */

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

cuda_choice *cuda_find_choice(tc_autotuner *at, const char *key)
{
    for (cuda_choice *c = atomic_load_explicit(&at->choices, memory_order_acquire); c;
         c = atomic_load_explicit(&c->next, memory_order_acquire))
        if (strcmp(c->key, key) == 0)
            return c;
    return NULL;
}

/* Publishes a choice (called with rt->lock held). */
cuda_choice *cuda_add_choice(tc_autotuner *at, const char *key, int best, double ms, bool timed, const char *specs)
{
    size_t len = strlen(key), slen = specs ? strlen(specs) : 0;
    cuda_choice *c = calloc(1, sizeof *c + len + 1 + slen + 1);
    if (!c)
        return NULL;
    memcpy(c->key, key, len + 1);
    memcpy(c->key + len + 1, specs ? specs : "", slen + 1);
    c->specs = c->key + len + 1;
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
        free((char *)at->cand[i].opts.ptx_options);
    }
    free(at->cand);
    free(at->timings);
    free(at->key_index);
    free(at->reset_index);
    free(at->restore_index);
    free(at->file);
    free(at->configs_text);
    for (cuda_choice *c = atomic_load(&at->choices), *next; c; c = next) {
        next = atomic_load(&c->next);
        free(c);
    }
    free(at);
}

void cuda_autotuner_free_all(tc_runtime *rt)
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
        cuda_fail(rt, site, "out of memory");
        return NULL;
    }
    memcpy(cfg, base, k->cfg_size);
    char *copy = set ? compile_format("%s", set) : NULL;
    if (set && !copy) {
        free(cfg);
        cuda_fail(rt, site, "out of memory");
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
            cuda_fail(rt, site, "kernel %s config %d ('%s'): '%s' is no KEY=VALUE", k->name, index, set, item);
            ok = false;
        } else {
            *eq = '\0';
            if (!tl_kernel_set(k, cfg, item, eq + 1, err, sizeof err)) {
                cuda_fail(rt, site, "kernel %s config %d ('%s'): %s", k->name, index, set, err);
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
    if (!cuda_ready(rt, site))
        return NULL;
    if (!k || !k->name || !k->run || nconfigs < 1 || !configs || !grid || opts.nkey < 0 ||
        (opts.nkey > 0 && !opts.key) || opts.warmup < 0 || opts.repeats < 0) {
        cuda_fail(rt, site, "needs a kernel, at least one config, a grid function, and key names for nkey >= 0");
        return NULL;
    }
    char why[320];
    bool print;
    if (base_env_bool("TRITONC_PRINT_AUTOTUNING", &print, why, sizeof why) == TL_ENV_BAD) {
        cuda_fail(rt, site, "%s", why);
        return NULL;
    }
    if (!base_cfg)
        base_cfg = k->cfg_default;
    tc_kernel *base = tc_kernel_get_at(site, rt, k, base_cfg, (tc_options){0});
    if (!base)
        return NULL;
    tc_autotuner *at = calloc(1, sizeof *at);
    if (!at) {
        cuda_fail(rt, site, "out of memory");
        return NULL;
    }
    at->rt = rt;
    at->k = k;
    at->base = base;
    at->params = base->params;
    at->nparams = base->nparams;
    at->grid = grid;
    at->grid_user = grid_user;
    at->prune = (tc_autotune_options){
        .prune = opts.prune, .perf_model = opts.perf_model, .top_k = opts.top_k, .prune_user = opts.prune_user};
    at->warmup = opts.warmup ? opts.warmup : TCR_DEFAULT_WARMUP;
    at->repeats = opts.repeats ? opts.repeats : TCR_DEFAULT_REPEATS;
    atomic_init(&at->choices, NULL);
    atomic_init(&at->last, NULL);
    at->nconfigs = nconfigs;
    at->cand = calloc((size_t)nconfigs, sizeof *at->cand);
    at->key_index = calloc((size_t)(opts.nkey ? opts.nkey : 1), sizeof *at->key_index);
    if (!at->cand || !at->key_index) {
        cuda_fail(rt, site, "out of memory");
        goto fail;
    }
    at->nkey = opts.nkey;
    for (int i = 0; i < opts.nkey; i++) {
        int j = 0;
        while (j < at->nparams && !(opts.key[i] && strcmp(at->params[j].name, opts.key[i]) == 0))
            j++;
        if (j == at->nparams || at->params[j].kind != TL_ARG_SCALAR) {
            cuda_fail(rt, site, "kernel %s has no scalar argument '%s' to key the autotuning on (its arguments: %s)",
                      k->name, opts.key[i] ? opts.key[i] : "(null)", base->names);
            goto fail;
        }
        at->key_index[i] = j;
    }
    for (int i = 0; i < nconfigs; i++) {
        at->cand[i].cfg = candidate_cfg(rt, site, k, base_cfg, i, configs[i].set);
        if (!at->cand[i].cfg)
            goto fail;
        at->cand[i].set = compile_format("%s", configs[i].set ? configs[i].set : "");
        tc_options o = configs[i].options;
        if (o.arch <= 0)
            o.arch = rt->arch; /* the device's, as tc_kernel_get takes 0 (Triton's default would be 90) */
        at->cand[i].opts = tc_options_filled(o);
        const char *ptx = at->cand[i].opts.ptx_options;
        at->cand[i].opts.ptx_options = ptx ? compile_format("%s", ptx) : NULL; /* the tuner's copy */
        if (!at->cand[i].set || (ptx && !at->cand[i].opts.ptx_options)) {
            cuda_fail(rt, site, "out of memory");
            goto fail;
        }
        if (ptx && (strpbrk(ptx, "|\n\r") || strlen(ptx) > TCR_MAX_PTX_OPTIONS)) { /* a table's row holds them */
            cuda_fail(rt, site, "config %d ('%s'): ptx_options must be at most %d characters with no '|' or line break",
                      i, at->cand[i].set, TCR_MAX_PTX_OPTIONS);
            goto fail;
        }
    }
    if (!cuda_buffers_init(at, site, &opts) || !cuda_autotune_table_open(at, site, opts.table, opts.table_file) ||
        !cuda_autotune_file_open(at, site, base_cfg, opts.cache_dir))
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

/* Takes the runtime's error as a config's reason to be skipped ("why", without the launch's
 * "file:line: function: "), and clears it. */
static char *take_error(tc_runtime *rt)
{
    const char *msg = tc_runtime_error(rt) ? tc_runtime_error(rt) : "failed", *p = strstr(msg, ": ");
    p = p ? strstr(p + 2, ": ") : NULL;
    char *why = compile_format("%s", p ? p + 2 : msg);
    tc_runtime_clear_error(rt);
    return why;
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* Times every config that runs: each is launched `warmup` times first (which also compiles and
 * loads it; a config that fails there is skipped), then the timed launches go round the configs
 * `repeats` times, one launch of each per round between two events, so that a drift of the
 * device's clocks (it slows as it heats) weighs on every config alike rather than favouring
 * the first ones. ms[] comes in with 0 for each config to time (below 0 for a pruned one) and
 * leaves with each timed config's median (-1: it could not run, why[i] says why). false (error
 * recorded) when the driver fails outside a config's own launches. */
static bool time_configs(tc_autotuner *at, tl_site site, tc_stream stream, int nargs, const tc_arg *args, double *ms,
                         char **why)
{
    tc_runtime *rt = at->rt;
    const cuda_driver *d = &rt->drv;
    int n = at->nconfigs, reps = at->repeats;
    for (int i = 0; i < n; i++) {
        if (ms[i] < 0)
            continue; /* pruned */
        for (int w = 0; w < at->warmup && ms[i] == 0; w++) {
            if (!cuda_buffers_zero(at, site, stream, nargs, args))
                return false;
            if (!launch_candidate(at, site, i, stream, nargs, args)) {
                why[i] = take_error(rt);
                ms[i] = -1;
                /* work queued before the failure must not run into the timings */
                d->stream_synchronize((tcu_stream)stream);
            }
        }
    }
    size_t nev = (size_t)2 * (size_t)n * (size_t)reps;
    tcu_event *ev = calloc(nev, sizeof *ev);
    float *t = calloc((size_t)reps, sizeof *t);
    bool ok = ev && t;
    if (!ok)
        cuda_fail(rt, site, "out of memory");
    size_t made = 0;
    for (; ok && made < nev; made++)
        ok = cuda_check(rt, site, d->event_create(&ev[made], TCU_EVENT_DEFAULT), "cuEventCreate", NULL);
    tcu_event last = NULL; /* the last event recorded (a skipped config records none) */
    for (int r = 0; ok && r < reps; r++)
        for (int i = 0; ok && i < n; i++) {
            if (ms[i] < 0)
                continue;
            tcu_event *e = &ev[2 * ((size_t)r * n + i)];
            last = e[1];
            ok = cuda_buffers_zero(at, site, stream, nargs, args) &&
                cuda_check(rt, site, d->event_record(e[0], (tcu_stream)stream), "cuEventRecord", NULL);
            if (ok && !launch_candidate(at, site, i, stream, nargs, args)) {
                why[i] = take_error(rt); /* it ran in warm-up: a failure now is unusual */
                ms[i] = -1;
            }
            ok = ok && cuda_check(rt, site, d->event_record(e[1], (tcu_stream)stream), "cuEventRecord", NULL);
        }
    if (ok && last)
        ok = cuda_check(rt, site, d->event_synchronize(last), "cuEventSynchronize", NULL);
    for (int i = 0; ok && i < n; i++) {
        if (ms[i] < 0)
            continue;
        for (int r = 0; ok && r < reps; r++) {
            tcu_event *e = &ev[2 * ((size_t)r * n + i)];
            ok = cuda_check(rt, site, d->event_elapsed_time(&t[r], e[0], e[1]), "cuEventElapsedTime", NULL);
        }
        if (ok) {
            qsort(t, (size_t)reps, sizeof *t, cmp_float);
            ms[i] = reps % 2 ? t[reps / 2] : ((double)t[reps / 2 - 1] + t[reps / 2]) / 2;
        }
    }
    for (size_t e = 0; e < made; e++)
        d->event_destroy(ev[e]);
    free(ev);
    free(t);
    return ok;
}

/* Python's prune_configs_by: marks the configs not to time with ms[i] = TCR_PRUNED; returns
 * how many are left. */
#define TCR_PRUNED (-2.0)
static int prune(tc_autotuner *at, int nargs, const tc_arg *args, double *ms)
{
    const tc_autotune_options *o = &at->prune;
    int left = 0;
    for (int i = 0; i < at->nconfigs; i++) {
        bool keep = !o->prune || o->prune(i, at->cand[i].cfg, at->cand[i].opts, nargs, args, o->prune_user);
        ms[i] = keep ? 0 : TCR_PRUNED;
        left += keep;
    }
    if (!o->perf_model || o->top_k <= 0 || left <= o->top_k)
        return left;
    double *est = calloc((size_t)at->nconfigs, sizeof *est);
    if (!est)
        return left; /* no estimates: time them all */
    for (int i = 0; i < at->nconfigs; i++)
        if (ms[i] == 0)
            est[i] = o->perf_model(i, at->cand[i].cfg, at->cand[i].opts, nargs, args, o->prune_user);
    /* Keep the top_k smallest estimates (the first on ties). */
    for (; left > o->top_k; left--) {
        int worst = -1;
        for (int i = 0; i < at->nconfigs; i++)
            if (ms[i] == 0 && (worst < 0 || est[i] >= est[worst]))
                worst = i;
        ms[worst] = TCR_PRUNED;
    }
    free(est);
    return left;
}

static double seconds_now(void)
{
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0;
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* TRITONC_PRINT_AUTOTUNING=1 (a boolean, env.h; tc_autotune_create refuses a bad value), as
 * Triton's TRITON_PRINT_AUTOTUNING: the key timed, its best config and its time, on stderr. */
static void print_choice(const tc_autotuner *at, const char *key, int best, double ms, double seconds)
{
    bool print = false;
    if (base_env_bool("TRITONC_PRINT_AUTOTUNING", &print, NULL, 0) != TL_ENV_OK || !print)
        return;
    const cuda_candidate *c = &at->cand[best];
    fprintf(stderr,
            "tritonc: autotuning kernel %s for key %s finished after %.2fs; best config %d: '%s' num_warps=%d "
            "num_stages=%d num_ctas=%d, %.4f ms\n",
            at->k->name, key, seconds, best, c->set, c->opts.num_warps, c->opts.num_stages, c->opts.num_ctas, ms);
}

/* Times every config for key (spec: the arguments' specialization key); returns the choice
 * (NULL, error recorded, when none runs). */
static cuda_choice *tune(tc_autotuner *at, tl_site site, const char *key, const char *spec, tc_stream stream, int nargs,
                         const tc_arg *args)
{
    tc_runtime *rt = at->rt;
    int status = TCU_STREAM_CAPTURE_STATUS_NONE;
    if (!cuda_check(rt, site, rt->drv.stream_is_capturing((tcu_stream)stream, &status), "cuStreamIsCapturing", NULL))
        return NULL;
    if (status != TCU_STREAM_CAPTURE_STATUS_NONE) {
        cuda_fail(rt, site,
                  "kernel %s is not tuned yet for %s and the stream is capturing a CUDA graph: timing synchronizes, "
                  "launch it once before the capture",
                  at->k->name, key);
        return NULL;
    }
    if (at->repeats > TCR_MAX_REPEATS) {
        cuda_fail(rt, site, "%d repeats: at most %d", at->repeats, TCR_MAX_REPEATS);
        return NULL;
    }
    double *ms = calloc((size_t)at->nconfigs, sizeof *ms);
    char **why = calloc((size_t)at->nconfigs, sizeof *why);
    tcu_deviceptr *saved = calloc((size_t)(at->nrestore ? at->nrestore : 1), sizeof *saved);
    cuda_choice *c = NULL;
    double started = seconds_now();
    if (!ms || !why || !saved) {
        cuda_fail(rt, site, "out of memory");
    } else if (prune(at, nargs, args, ms) == 0) {
        cuda_fail(rt, site, "no config of kernel %s is left for %s after pruning", at->k->name, key);
    } else if ((at->nrestore == 0 ||
                (cuda_check(rt, site, rt->drv.stream_synchronize((tcu_stream)stream), "cuStreamSynchronize", NULL) &&
                 cuda_buffers_save(at, site, nargs, args, saved))) &&
               time_configs(at, site, stream, nargs, args, ms, why) &&
               /* the timing is over (its last event waited for): the buffers as they were */
               cuda_buffers_zero(at, site, stream, nargs, args) && cuda_buffers_restore(at, site, nargs, args, saved)) {
        int best = -1, first_failed = -1;
        for (int i = 0; i < at->nconfigs; i++) {
            if (ms[i] == -1 && first_failed < 0)
                first_failed = i;
            if (ms[i] >= 0 && (best < 0 || ms[i] < ms[best]))
                best = i;
        }
        if (best < 0) {
            cuda_fail(rt, site, "no config of kernel %s could be launched for %s (config %d: %s)", at->k->name, key,
                      first_failed, first_failed >= 0 && why[first_failed] ? why[first_failed] : "?");
        } else {
            double best_ms = ms[best];
            pthread_mutex_lock(&rt->lock);
            c = cuda_find_choice(at, key); /* another thread may have tuned it meanwhile */
            if (!c)
                c = cuda_add_choice(at, key, best, best_ms, true, spec);
            free(at->timings);
            at->timings = ms; /* kept for tc_autotune_timings */
            for (int i = 0; i < at->nconfigs; i++)
                ms[i] = ms[i] < 0 ? -1 : ms[i];
            ms = NULL;
            pthread_mutex_unlock(&rt->lock);
            if (!c)
                cuda_fail(rt, site, "out of memory");
            else
                cuda_autotune_file_save(at, site, key, best, best_ms);
            if (c)
                print_choice(at, key, best, best_ms, seconds_now() - started);
        }
    }
    if (saved) /* after a failure: the copies back, and freed (a no-op once restored) */
        cuda_buffers_restore(at, site, nargs, args, saved);
    free(saved);
    for (int i = 0; why && i < at->nconfigs; i++)
        free(why[i]);
    free(why);
    free(ms);
    return c;
}

/* ---- launching ------------------------------------------------------------------------------------- */

/* The tuner's key of a launch's arguments (key holds 1024 bytes), after the argument checks of
 * a launch, which pack them into *p; false with the error recorded. */
static bool launch_key(tl_site site, tc_autotuner *at, int nargs, const tc_arg *args, cuda_packed *p, char key[1024])
{
    if (!at || !cuda_ready(at->rt, site))
        return false;
    if (!cuda_pack_args(at->base, site, nargs, args, p)) /* before reading the key arguments */
        return false;
    if (!key_text(at, args, key, 1024)) {
        cuda_fail(at->rt, site, "kernel %s: the autotuning key is too long", at->k->name);
        return false;
    }
    return true;
}

bool tc_autotune_launch_args_at(tl_site site, tc_autotuner *at, tc_stream stream, int nargs, const tc_arg *args)
{
    cuda_packed p;
    char key[1024];
    if (!launch_key(site, at, nargs, args, &p, key))
        return false;
    cuda_choice *c = cuda_find_choice(at, key);
    if (!c) {
        c = tune(at, site, key, p.key, stream, nargs, args);
        if (!c)
            return false;
    }
    atomic_store_explicit(&at->last, c, memory_order_release);
    return launch_candidate(at, site, c->best, stream, nargs, args);
}

bool tc_autotune_prepare_args_at(tl_site site, tc_autotuner *at, int nargs, const tc_arg *args)
{
    cuda_packed p;
    char key[1024];
    if (!launch_key(site, at, nargs, args, &p, key))
        return false;
    cuda_choice *c = cuda_find_choice(at, key);
    if (!c) {
        cuda_fail(at->rt, site,
                  "kernel %s has no config chosen for %s (preparing times nothing): give it a table of winners, or "
                  "launch it once before",
                  at->k->name, key);
        return false;
    }
    tc_kernel *h = candidate_handle(at, site, c->best);
    return h && tc_kernel_prepare_at(site, h, p.key);
}

int tc_autotune_best(const tc_autotuner *at, bool *timed, double *ms)
{
    const cuda_choice *c = at ? atomic_load_explicit(&((tc_autotuner *)at)->last, memory_order_acquire) : NULL;
    if (timed)
        *timed = c ? c->timed : false;
    if (ms)
        *ms = c ? c->ms : 0;
    return c ? c->best : -1;
}

int tc_autotune_timings(tc_autotuner *at, int n, double *ms)
{
    if (!at)
        return 0;
    pthread_mutex_lock(&at->rt->lock);
    int count = at->timings ? at->nconfigs : 0;
    for (int i = 0; i < count && i < n && ms; i++)
        ms[i] = at->timings[i];
    pthread_mutex_unlock(&at->rt->lock);
    return count;
}

const char *tc_autotune_file(const tc_autotuner *at) { return at ? at->file : NULL; }
