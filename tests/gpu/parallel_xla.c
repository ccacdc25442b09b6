/* parallel_xla: the parallel layers through XLA (parallel_xla.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "parallel_hlo.h"
#include "parallel_xla.h"

enum { MAX_IN = 5 };

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Device d's shards: nin inputs of the given local shapes, data[d * nin + i]. */
static bool run_program(tp_runtime *rt, th_builder *b, int nin, const th_shape *shapes, const void *const *data,
                        pl_xla_run *run, char *err, size_t size)
{
    int n = run->ndev;
    tp_buffer *in[PL_MAXDEV * MAX_IN] = {0}, *out[PL_MAXDEV] = {0};
    double t0 = now_s();
    tp_executable *exe = th_builder_failed(b) ? NULL : tp_compile_builder(rt, b);
    run->compile_ms = (now_s() - t0) * 1e3;
    bool ok = exe != NULL;
    for (int d = 0; ok && d < n; d++)
        for (int i = 0; ok && i < nin; i++)
            ok = (in[d * nin + i] = tp_buffer_from_host_on(rt, d, shapes[i], data[d * nin + i])) != NULL;
    size_t bytes = (size_t)th_shape_numel(th_result_shape(b, 0)) * 2; /* bf16 or float16 */
    t0 = now_s();
    for (int it = 0; ok && it < run->warmup + run->iters; it++) {
        if (it == run->warmup)
            t0 = now_s();
        for (int d = 0; d < n; d++) {
            tp_buffer_destroy(out[d]);
            out[d] = NULL;
        }
        ok = tp_execute_sharded(exe, nin, in, 1, out);
    }
    run->us = (now_s() - t0) / (run->iters > 0 ? run->iters : 1) * 1e6;
    uint16_t *other = malloc(bytes);
    run->same = true;
    for (int d = 0; ok && d < n; d++) {
        ok = other && tp_buffer_to_host(out[d], d ? other : run->out, bytes);
        if (ok && d)
            run->same = run->same && memcmp(other, run->out, bytes) == 0;
    }
    free(other);
    if (!ok)
        snprintf(err, size, "%s", th_builder_failed(b) ? th_builder_error(b) : tp_runtime_error(rt));
    for (int i = 0; i < n * nin; i++)
        tp_buffer_destroy(in[i]);
    for (int d = 0; d < n; d++)
        tp_buffer_destroy(out[d]);
    tp_executable_destroy(exe);
    return ok;
}

bool pl_xla_moe(tp_runtime *rt, const pl_moe *m, const pl_moe_data *data, bool ep, pl_xla_run *run, char *err,
                size_t size)
{
    int n = run->ndev;
    if (!pl_moe_check(m, n, err, size))
        return false;
    int T = m->tokens, D = m->hidden, I = m->inter, E = m->experts, pairs = pl_moe_pairs(m);
    int El = ep ? E / n : E, Il = ep ? I : I / n;
    size_t wsize = (size_t)El * Il * D * 2;
    th_shape shapes[MAX_IN] = {TH_SHAPE(TL_BF16, T, D), TH_SHAPE(TL_I32, pairs), TH_SHAPE(TL_F32, pairs),
                               TH_SHAPE(TL_BF16, El, Il, D), TH_SHAPE(TL_BF16, El, D, Il)};
    const void *per[PL_MAXDEV * MAX_IN] = {0};
    void *owned[PL_MAXDEV * 3] = {0};
    bool ok = true;
    for (int d = 0; ok && d < n; d++) {
        uint16_t *w1 = owned[3 * d] = malloc(wsize), *w2 = owned[3 * d + 1] = malloc(wsize);
        int32_t *ids = owned[3 * d + 2] = malloc((size_t)pairs * 4);
        ok = w1 && w2 && ids;
        if (ok && ep)
            pl_moe_ep_shard(m, data, n, d, w1, w2, ids);
        else if (ok)
            pl_moe_tp_shard(m, data, n, d, w1, w2), memcpy(ids, data->topk_ids, (size_t)pairs * 4);
        const void *list[MAX_IN] = {data->x, ids, data->topk_w, w1, w2};
        memcpy(per + d * MAX_IN, list, sizeof list);
    }
    th_builder *b = ok ? pl_hlo_moe(m, n, ep) : NULL;
    ok = ok && run_program(rt, b, MAX_IN, shapes, per, run, err, size);
    if (!b)
        snprintf(err, size, "out of memory");
    th_builder_destroy(b);
    for (int i = 0; i < n * 3; i++)
        free(owned[i]);
    return ok;
}

bool pl_xla_attn(tp_runtime *rt, const pl_attn *a, const pl_attn_data *data, pl_xla_run *run, char *err, size_t size)
{
    int n = run->ndev;
    if (!pl_attn_check(a, n, err, size))
        return false;
    int S = a->seq, Hl = a->heads / n, Dh = a->head_dim, Dm = a->model;
    size_t qsize = (size_t)S * Hl * Dh * 2, wsize = (size_t)Hl * Dh * Dm * 2;
    th_shape shapes[4] = {TH_SHAPE(TL_F16, S, Hl, Dh), TH_SHAPE(TL_F16, S, Hl, Dh), TH_SHAPE(TL_F16, S, Hl, Dh),
                          TH_SHAPE(TL_F16, Hl * Dh, Dm)};
    const void *per[PL_MAXDEV * 4] = {0};
    void *owned[PL_MAXDEV * 4] = {0};
    bool ok = true;
    for (int d = 0; ok && d < n; d++) {
        for (int i = 0; i < 4; i++)
            per[4 * d + i] = owned[4 * d + i] = malloc(i < 3 ? qsize : wsize);
        ok = owned[4 * d] && owned[4 * d + 1] && owned[4 * d + 2] && owned[4 * d + 3];
        if (ok)
            pl_attn_shard(a, data, n, d, owned[4 * d], owned[4 * d + 1], owned[4 * d + 2], owned[4 * d + 3]);
    }
    th_builder *b = ok ? pl_hlo_attn(a, n) : NULL;
    ok = ok && run_program(rt, b, 4, shapes, per, run, err, size);
    if (!b)
        snprintf(err, size, "out of memory");
    th_builder_destroy(b);
    for (int i = 0; i < n * 4; i++)
        free(owned[i]);
    return ok;
}
