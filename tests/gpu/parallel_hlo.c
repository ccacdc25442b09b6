/* parallel_hlo: the parallel layers as sharded StableHLO programs (parallel_hlo.h). Every scalar
 * argument of a kernel is a 0-d constant (XLA passes buffers only; the call layer emits the
 * kernel loading it, docs/xla.md); the arguments a config leaves unused (fused_moe's bias and
 * fp8 scales) get a one-element constant of their type. */
#include <stdlib.h>

#include "bundled.h"
#include "parallel_hlo.h"

static th_value i32(th_builder *b, long long v) { return th_constant_int(b, v, TH_SHAPE(TL_I32)); }

/* moe_align_block_size on this device's ids: sorted pairs, expert per block, padded total. */
static void align_call(th_builder *b, const pl_moe *m, int experts, th_value ids, th_value out[3])
{
    char err[256];
    void *cfg = pl_align_config(experts, err, sizeof err);
    if (!cfg) {
        th_builder_fail(b, TH_SITE("align_call"), "%s", err);
        return;
    }
    th_value in[] = {ids, i32(b, pl_moe_pairs(m)), i32(b, pl_moe_em(m, experts)), i32(b, pl_moe_blocks(m, experts))};
    th_shape shapes[] = {TH_SHAPE(TL_I32, pl_moe_em(m, experts)), TH_SHAPE(TL_I32, pl_moe_blocks(m, experts)),
                         TH_SHAPE(TL_I32, 1)};
    th_triton_call_at(TH_SITE("align_call"), b, tritonc_bundled_find("moe_align_block_size"), in, shapes,
                      (th_call_opts){.cfg = cfg, .grid = {1}}, out);
    free(cfg);
}

/* fused_moe: C [pairs, N] = A @ B^T per sorted pair, B [experts, N, K]; the second GEMM takes
 * one A row per pair and the routed weights, and its rows of pairs not sorted here are zeroed. */
static th_value fused_moe_call(th_builder *b, const pl_moe *m, bool second, int experts, th_value a, th_value w,
                               th_value topk_w, const th_value align[3], int N, int K)
{
    char err[256];
    void *cfg = pl_fused_moe_config(m, second, err, sizeof err);
    if (!cfg)
        return th_builder_fail(b, TH_SITE("fused_moe_call"), "%s", err);
    int em = pl_moe_em(m, experts), pairs = pl_moe_pairs(m);
    th_value in[] = {a, w, th_constant(b, 0, TH_SHAPE(TL_BF16, 1)) /* bias */,
                     th_constant(b, 0, TH_SHAPE(TL_F32, 1)) /* a_scale */,
                     th_constant(b, 0, TH_SHAPE(TL_F32, 1)) /* b_scale */, topk_w, align[0], align[1], align[2],
                     i32(b, N), i32(b, K), i32(b, em), i32(b, pairs), i32(b, th_value_shape(a).dims[1]), i32(b, 1),
                     i32(b, (long long)N * K), i32(b, 1), i32(b, K), i32(b, N), i32(b, 1), i32(b, 0), i32(b, 0),
                     i32(b, 0), i32(b, 0), i32(b, 0), i32(b, 0), i32(b, 0)};
    th_shape out_shape = TH_SHAPE(TL_BF16, pairs, N);
    th_value c = {0};
    int grid = th_cdiv(em, PL_MOE_BM) * th_cdiv(N, PL_MOE_BN);
    th_call_opts opts = {.cfg = cfg, .grid = {grid}};
    static const int first_output[] = {0};
    if (second)
        opts.zeroed_outputs = (th_indices){1, first_output};
    th_triton_call_at(TH_SITE("fused_moe_call"), b, tritonc_bundled_find("fused_moe"), in, &out_shape, opts, &c);
    free(cfg);
    return c;
}

th_builder *pl_hlo_moe(const pl_moe *m, int ndev, bool ep)
{
    th_builder *b = th_builder_create(ep ? "moe_ep" : "moe_tp");
    char err[256];
    if (!pl_moe_check(m, ndev, err, sizeof err)) {
        th_builder_fail(b, TH_SITE("pl_hlo_moe"), "%s", err);
        return b;
    }
    int T = m->tokens, D = m->hidden, I = m->inter, E = m->experts, pairs = pl_moe_pairs(m);
    th_set_mesh(b, TH_MESH(ndev));
    th_sharding rep2 = TH_SPLIT(TH_REPLICATED, TH_REPLICATED), rep1 = TH_SPLIT(TH_REPLICATED);
    th_sharding ids_s = ep ? TH_SPLIT(0) : rep1;
    th_sharding w1_s = ep ? TH_SPLIT(0, TH_REPLICATED, TH_REPLICATED) : TH_SPLIT(TH_REPLICATED, 0, TH_REPLICATED);
    th_sharding w2_s = ep ? TH_SPLIT(0, TH_REPLICATED, TH_REPLICATED) : TH_SPLIT(TH_REPLICATED, TH_REPLICATED, 0);
    th_value x = th_parameter_sharded(b, TH_SHAPE(TL_BF16, T, D), rep2);
    th_value ids = th_parameter_sharded(b, TH_SHAPE(TL_I32, ep ? ndev * pairs : pairs), ids_s);
    th_value topk_w = th_parameter_sharded(b, TH_SHAPE(TL_F32, pairs), rep1);
    th_value w1 = th_parameter_sharded(b, TH_SHAPE(TL_BF16, E, I, D), w1_s);
    th_value w2 = th_parameter_sharded(b, TH_SHAPE(TL_BF16, E, D, I), w2_s);
    th_value xl = th_to_local(x, rep2);
    th_value idsl = th_to_local(ids, ids_s);
    th_value wl = th_to_local(topk_w, rep1);
    th_value w1l = th_to_local(w1, w1_s);
    th_value w2l = th_to_local(w2, w2_s);
    int experts = ep ? E / ndev : E, inter = ep ? I : I / ndev;
    th_value align[3] = {{0}};
    align_call(b, m, experts, idsl, align);
    th_value h = fused_moe_call(b, m, false, experts, xl, w1l, wl, align, inter, D);
    th_value y = fused_moe_call(b, m, true, experts, h, w2l, wl, align, D, inter);
    th_value sum = th_all_reduce(y, TH_REDUCE_SUM, TH_AXES(0));
    th_return(b, th_to_global(sum, TH_REPLICATE));
    th_result_sharding(b, 0, TH_REPLICATE);
    return b;
}

th_builder *pl_hlo_attn(const pl_attn *a, int ndev)
{
    th_builder *b = th_builder_create("attn_tp");
    char err[256];
    if (!pl_attn_check(a, ndev, err, sizeof err)) {
        th_builder_fail(b, TH_SITE("pl_hlo_attn"), "%s", err);
        return b;
    }
    int S = a->seq, H = a->heads, Dh = a->head_dim, Dm = a->model, Hl = H / ndev, row = Hl * Dh;
    th_set_mesh(b, TH_MESH(ndev));
    th_sharding heads = TH_SPLIT(TH_REPLICATED, 0, TH_REPLICATED), rows = TH_SPLIT(0, TH_REPLICATED);
    th_value q = th_parameter_sharded(b, TH_SHAPE(TL_F16, S, H, Dh), heads);
    th_value k = th_parameter_sharded(b, TH_SHAPE(TL_F16, S, H, Dh), heads);
    th_value v = th_parameter_sharded(b, TH_SHAPE(TL_F16, S, H, Dh), heads);
    th_value wo = th_parameter_sharded(b, TH_SHAPE(TL_F16, H * Dh, Dm), rows);
    th_value ql = th_to_local(q, heads);
    th_value kl = th_to_local(k, heads);
    th_value vl = th_to_local(v, heads);
    th_value wol = th_to_local(wo, rows);
    void *cfg = pl_flash_config(a, err, sizeof err);
    if (!cfg) {
        th_builder_fail(b, TH_SITE("pl_hlo_attn"), "%s", err);
        return b;
    }
    /* flash_attention's inputs in its .inputs order: Q, K, V, sm_scale, the 12 strides, Z, H, N_CTX */
    th_value fin[] = {ql,           kl,           vl,           th_constant(b, 0.125, TH_SHAPE(TL_F32)),
                      i32(b, S * row), i32(b, Dh), i32(b, row), i32(b, S * row),
                      i32(b, Dh),   i32(b, row),  i32(b, S * row), i32(b, Dh),
                      i32(b, row),  i32(b, S * row), i32(b, Dh), i32(b, row),
                      i32(b, 1),    i32(b, Hl),   i32(b, S)};
    th_shape fout[] = {TH_SHAPE(TL_F32, Hl * S), TH_SHAPE(TL_F16, S, Hl, Dh)};
    th_value fres[2] = {{0}};
    th_triton_call_at(TH_SITE("pl_hlo_attn"), b, tritonc_bundled_find("flash_attention"), fin, fout,
                      (th_call_opts){.cfg = cfg, .grid = {th_cdiv(S, PL_ATTN_BM), Hl}}, fres);
    free(cfg);
    /* matmul: o [S, row] @ wo's rows [row, Dm] */
    th_value min[] = {fres[1],       wol,       i32(b, S), i32(b, Dm), i32(b, row), i32(b, row),
                      i32(b, 1), i32(b, Dm), i32(b, 1), i32(b, Dm), i32(b, 1)};
    th_shape mout = TH_SHAPE(TL_F16, S, Dm);
    th_value partial = {0};
    th_triton_call_at(TH_SITE("pl_hlo_attn"), b, tritonc_bundled_find("matmul"), min, &mout,
                      (th_call_opts){.grid = {th_cdiv(S, PL_MM_BM) * th_cdiv(Dm, PL_MM_BN)}}, &partial);
    th_value sum = th_all_reduce(partial, TH_REDUCE_SUM, TH_AXES(0));
    th_return(b, th_to_global(sum, TH_REPLICATE));
    th_result_sharding(b, 0, TH_REPLICATE);
    return b;
}
