/* parallel_cuda: the parallel layers on the CUDA runtime (parallel_cuda.h). Per device: its
 * shard copied in, its stream, the layer's launches on that stream (issued from this thread going
 * round the devices), then one tc_all_reduce (sum) of the devices' partial outputs on the same
 * streams. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bundled.h"
#include "device_sync.h"
#include "parallel_cuda.h"

/* A buffer of bytes on the current device holding src (zeros when src is NULL); 0 on error. */
static tc_deviceptr upload(tc_runtime *rt, const void *src, size_t bytes)
{
    tc_deviceptr p = tc_alloc(rt, bytes);
    if (!p)
        return 0;
    void *zeros = src ? NULL : calloc(1, bytes);
    bool ok = (src || zeros) && tc_copy_to_device(rt, p, src ? src : zeros, bytes);
    free(zeros);
    if (!ok) {
        tc_free(rt, p);
        return 0;
    }
    return p;
}

/* The layer's per-device steps, the all-reduce after them, run `warmup + iters` times; the
 * result of device 0 into out, each device's checked against it. */
typedef bool (*step_fn)(void *layer, int dev);
typedef struct layer_ops {
    step_fn step;
    void *layer;
    tc_deviceptr partial[PL_MAXDEV], result[PL_MAXDEV]; /* the all-reduce's send and recv */
    tc_stream streams[PL_MAXDEV];
    size_t count; /* elements of the result */
    tl_dtype dtype;
} layer_ops;

static bool run_layer(tc_runtime *rt, layer_ops *ops, pl_run *run)
{
    int n = run->ndev;
    bool ok = true;
    double t0 = 0;
    for (int it = 0; ok && it < run->warmup + run->iters; it++) {
        if (it == run->warmup) {
            ok = sync_all(rt, n);
            t0 = now_s();
        }
        for (int d = 0; ok && d < n; d++)
            ok = tc_set_device(rt, d) && ops->step(ops->layer, d);
        if (ok && n > 1)
            ok = tc_all_reduce(run->comm, ops->partial, ops->result, ops->count, ops->dtype, TC_REDUCE_SUM,
                               ops->streams);
    }
    ok = ok && sync_all(rt, n);
    run->us = (now_s() - t0) / (run->iters > 0 ? run->iters : 1) * 1e6;
    size_t bytes = ops->count * 2;
    uint16_t *other = malloc(bytes);
    run->same = true;
    for (int d = 0; ok && d < n; d++) {
        ok = other && tc_set_device(rt, d) && tc_copy_to_host(rt, d ? other : run->out, ops->result[d], bytes);
        if (ok && d)
            run->same = run->same && memcmp(other, run->out, bytes) == 0;
    }
    free(other);
    return ok;
}

/* ---- the MoE layer ---------------------------------------------------------------------------- */

typedef struct moe_dev {
    tc_deviceptr x, w1, w2, ids, topk_w, sorted, expert_ids, total, h, y, out;
} moe_dev;

typedef struct moe_layer {
    const pl_moe *m;
    int experts; /* each device's */
    int inter; /* each device's */
    tc_kernel *align, *gemm1, *gemm2;
    moe_dev dev[PL_MAXDEV];
    tc_stream *streams;
} moe_layer;

/* fused_moe over the pairs sorted for this device: C = A @ B^T per pair (B [experts, N, K]). */
static bool fused_moe_launch(tc_kernel *k, const moe_dev *b, int em, int pairs, tc_deviceptr a, int a_rows_stride,
                             tc_deviceptr w, tc_deviceptr c, int N, int K, tc_stream s)
{
    unsigned grid = (unsigned)(tc_cdiv((uint64_t)em, PL_MOE_BM) * tc_cdiv((uint64_t)N, PL_MOE_BN));
    return tc_launch(k, tc_grid1(grid), s, tc_ptr(a, TL_BF16), tc_ptr(w, TL_BF16), tc_ptr(c, TL_BF16),
                     tc_ptr(b->x, TL_BF16) /* bias: unused */, tc_ptr(b->topk_w, TL_F32) /* a_scale: unused */,
                     tc_ptr(b->topk_w, TL_F32) /* b_scale: unused */, tc_ptr(b->topk_w, TL_F32),
                     tc_ptr(b->sorted, TL_I32), tc_ptr(b->expert_ids, TL_I32), tc_ptr(b->total, TL_I32), tc_i32(N),
                     tc_i32(K), tc_i32(em), tc_i32(pairs), tc_i32(a_rows_stride), tc_i32(1), tc_i32(N * K), tc_i32(1),
                     tc_i32(K), tc_i32(N), tc_i32(1), tc_i32(0), tc_i32(0), tc_i32(0), tc_i32(0), tc_i32(0), tc_i32(0),
                     tc_i32(0));
}

static bool moe_step(void *layer, int d)
{
    moe_layer *L = layer;
    const moe_dev *b = &L->dev[d];
    int pairs = pl_moe_pairs(L->m), em = pl_moe_em(L->m, L->experts), D = L->m->hidden;
    tc_stream s = L->streams[d];
    return tc_launch(L->align, tc_grid1(1), s, tc_ptr(b->ids, TL_I32), tc_ptr(b->sorted, TL_I32),
                     tc_ptr(b->expert_ids, TL_I32), tc_ptr(b->total, TL_I32), tc_i32(pairs), tc_i32(em),
                     tc_i32(pl_moe_blocks(L->m, L->experts))) &&
        fused_moe_launch(L->gemm1, b, em, pairs, b->x, D, b->w1, b->h, L->inter, D, s) &&
        fused_moe_launch(L->gemm2, b, em, pairs, b->h, L->inter, b->w2, b->y, D, L->inter, s);
}

static bool moe_upload(tc_runtime *rt, moe_layer *L, const pl_moe_data *data, bool ep, int ndev, int d)
{
    const pl_moe *m = L->m;
    size_t pairs = (size_t)pl_moe_pairs(m), D = (size_t)m->hidden, wsize = (size_t)L->experts * L->inter * D * 2;
    uint16_t *w1 = malloc(wsize), *w2 = malloc(wsize);
    int32_t *ids = malloc(pairs * sizeof *ids);
    bool ok = w1 && w2 && ids;
    if (ok && ep) {
        pl_moe_ep_shard(m, data, ndev, d, w1, w2, ids);
    } else if (ok) {
        pl_moe_tp_shard(m, data, ndev, d, w1, w2);
        memcpy(ids, data->topk_ids, pairs * sizeof *ids);
    }
    moe_dev *b = &L->dev[d];
    size_t em = (size_t)pl_moe_em(m, L->experts), blocks = (size_t)pl_moe_blocks(m, L->experts);
    ok = ok && (b->x = upload(rt, data->x, (size_t)m->tokens * D * 2)) && (b->w1 = upload(rt, w1, wsize)) &&
        (b->w2 = upload(rt, w2, wsize)) && (b->ids = upload(rt, ids, pairs * 4)) &&
        (b->topk_w = upload(rt, data->topk_w, pairs * 4)) && (b->sorted = upload(rt, NULL, em * 4)) &&
        (b->expert_ids = upload(rt, NULL, blocks * 4)) && (b->total = upload(rt, NULL, 4)) &&
        (b->h = upload(rt, NULL, pairs * (size_t)L->inter * 2)) &&
        /* zeroed once: the rows of pairs no device's expert here owns are never written */
        (b->y = upload(rt, NULL, pairs * D * 2)) && (b->out = ndev > 1 ? upload(rt, NULL, pairs * D * 2) : b->y);
    free(w1);
    free(w2);
    free(ids);
    return ok;
}

static void moe_free(tc_runtime *rt, moe_layer *L, int ndev)
{
    for (int d = 0; d < ndev; d++) {
        moe_dev *b = &L->dev[d];
        if (!tc_set_device(rt, d))
            continue;
        tc_deviceptr all[] = {b->x, b->w1, b->w2, b->ids, b->topk_w, b->sorted, b->expert_ids, b->total, b->h, b->y};
        for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
            tc_free(rt, all[i]);
        if (b->out != b->y)
            tc_free(rt, b->out);
    }
}

bool pl_cuda_moe(tc_runtime *rt, const pl_moe *m, const pl_moe_data *data, bool ep, pl_run *run, char *err,
                 size_t size)
{
    int n = run->ndev;
    if (!pl_moe_check(m, n, err, size) || (n > 1 && tc_comm_size(run->comm) != n)) {
        if (n > 1 && tc_comm_size(run->comm) != n)
            snprintf(err, size, "pl_cuda_moe: a communicator of %d ranks is needed", n);
        return false;
    }
    moe_layer L = {.m = m, .experts = ep ? m->experts / n : m->experts, .inter = ep ? m->inter : m->inter / n};
    void *c1 = pl_fused_moe_config(m, false, err, size), *c2 = c1 ? pl_fused_moe_config(m, true, err, size) : NULL;
    void *ca = c2 ? pl_align_config(L.experts, err, size) : NULL;
    bool ok = ca != NULL;
    if (ok) {
        L.gemm1 = tc_kernel_get(rt, tritonc_bundled_find("fused_moe"), c1, (tc_options){0});
        L.gemm2 = tc_kernel_get(rt, tritonc_bundled_find("fused_moe"), c2, (tc_options){0});
        L.align = tc_kernel_get(rt, tritonc_bundled_find("moe_align_block_size"), ca, (tc_options){0});
        ok = L.gemm1 && L.gemm2 && L.align;
    }
    free(c1);
    free(c2);
    free(ca);
    layer_ops ops = {.step = moe_step, .layer = &L, .count = (size_t)pl_moe_pairs(m) * m->hidden, .dtype = TL_BF16};
    L.streams = ops.streams;
    for (int d = 0; ok && d < n; d++) {
        ok = tc_set_device(rt, d) && (ops.streams[d] = tc_stream_create(rt)) != NULL &&
            moe_upload(rt, &L, data, ep, n, d);
        ops.partial[d] = L.dev[d].y;
        ops.result[d] = L.dev[d].out;
    }
    ok = ok && run_layer(rt, &ops, run);
    moe_free(rt, &L, n);
    for (int d = 0; d < n; d++)
        if (ops.streams[d] && tc_set_device(rt, d))
            tc_stream_destroy(rt, ops.streams[d]);
    return ok;
}

/* ---- the attention layer ---------------------------------------------------------------------- */

typedef struct attn_dev {
    tc_deviceptr q, k, v, wo, lse, o, partial, out;
} attn_dev;

typedef struct attn_layer {
    const pl_attn *a;
    int heads; /* each device's */
    tc_kernel *flash, *matmul;
    attn_dev dev[PL_MAXDEV];
    tc_stream *streams;
} attn_layer;

static bool attn_step(void *layer, int d)
{
    attn_layer *L = layer;
    const attn_dev *b = &L->dev[d];
    int S = L->a->seq, Dh = L->a->head_dim, row = L->heads * Dh, Dm = L->a->model;
    tc_stream s = L->streams[d];
    /* Q, K, V, Out [S, heads, Dh]: z stride S*row, head stride Dh, row stride row */
    return tc_launch(L->flash, tc_grid2(tc_cdiv((uint64_t)S, PL_ATTN_BM), L->heads), s, tc_ptr(b->q, TL_F16),
                     tc_ptr(b->k, TL_F16), tc_ptr(b->v, TL_F16), tc_f32(0.125), tc_ptr(b->lse, TL_F32),
                     tc_ptr(b->o, TL_F16), tc_i32(S * row), tc_i32(Dh), tc_i32(row), tc_i32(S * row), tc_i32(Dh),
                     tc_i32(row), tc_i32(S * row), tc_i32(Dh), tc_i32(row), tc_i32(S * row), tc_i32(Dh), tc_i32(row),
                     tc_i32(1), tc_i32(L->heads), tc_i32(S)) &&
        tc_launch(L->matmul, tc_grid1(tc_cdiv((uint64_t)S, PL_MM_BM) * tc_cdiv((uint64_t)Dm, PL_MM_BN)), s,
                  tc_ptr(b->o, TL_F16), tc_ptr(b->wo, TL_F16), tc_ptr(b->partial, TL_F16), tc_i32(S), tc_i32(Dm),
                  tc_i32(row), tc_i32(row), tc_i32(1), tc_i32(Dm), tc_i32(1), tc_i32(Dm), tc_i32(1));
}

bool pl_cuda_attn(tc_runtime *rt, const pl_attn *a, const pl_attn_data *data, pl_run *run, char *err, size_t size)
{
    int n = run->ndev;
    if (!pl_attn_check(a, n, err, size) || (n > 1 && tc_comm_size(run->comm) != n)) {
        if (n > 1 && tc_comm_size(run->comm) != n)
            snprintf(err, size, "pl_cuda_attn: a communicator of %d ranks is needed", n);
        return false;
    }
    attn_layer L = {.a = a, .heads = a->heads / n};
    void *cf = pl_flash_config(a, err, size);
    bool ok = cf != NULL;
    if (ok) {
        L.flash = tc_kernel_get(rt, tritonc_bundled_find("flash_attention"), cf, (tc_options){0});
        L.matmul = tc_kernel_get(rt, tritonc_bundled_find("matmul"), NULL, (tc_options){0});
        ok = L.flash && L.matmul;
    }
    free(cf);
    size_t S = (size_t)a->seq, row = (size_t)L.heads * a->head_dim, Dm = (size_t)a->model;
    uint16_t *q = malloc(S * row * 2), *k = malloc(S * row * 2), *v = malloc(S * row * 2), *wo = malloc(row * Dm * 2);
    ok = ok && q && k && v && wo;
    layer_ops ops = {.step = attn_step, .layer = &L, .count = S * Dm, .dtype = TL_F16};
    L.streams = ops.streams;
    for (int d = 0; ok && d < n; d++) {
        attn_dev *b = &L.dev[d];
        pl_attn_shard(a, data, n, d, q, k, v, wo);
        ok = tc_set_device(rt, d) && (ops.streams[d] = tc_stream_create(rt)) != NULL &&
            (b->q = upload(rt, q, S * row * 2)) && (b->k = upload(rt, k, S * row * 2)) &&
            (b->v = upload(rt, v, S * row * 2)) && (b->wo = upload(rt, wo, row * Dm * 2)) &&
            (b->lse = upload(rt, NULL, (size_t)L.heads * S * 4)) && (b->o = upload(rt, NULL, S * row * 2)) &&
            (b->partial = upload(rt, NULL, S * Dm * 2)) &&
            (b->out = n > 1 ? upload(rt, NULL, S * Dm * 2) : b->partial);
        ops.partial[d] = b->partial;
        ops.result[d] = b->out;
    }
    free(q);
    free(k);
    free(v);
    free(wo);
    ok = ok && run_layer(rt, &ops, run);
    for (int d = 0; d < n; d++) {
        attn_dev *b = &L.dev[d];
        if (!tc_set_device(rt, d))
            continue;
        tc_deviceptr all[] = {b->q, b->k, b->v, b->wo, b->lse, b->o, b->partial};
        for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
            tc_free(rt, all[i]);
        if (b->out != b->partial)
            tc_free(rt, b->out);
        if (ops.streams[d])
            tc_stream_destroy(rt, ops.streams[d]);
    }
    return ok;
}
