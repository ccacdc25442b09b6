/* fused_moe: the grouped GEMM of a mixture-of-experts layer over the pairs moe_align_block_size
 * sorts by expert; bf16, or fp8 e4m3 w8a8 with block-wise scales; bias, routed weights, top-k
 * (kernels/models/fused_moe.py, line for line; docs/kernels_moe.md). A constexpr `if` of Python is a C
 * `if` on the config; the @jit helper fused_moe_write_zeros is a static function. */
#include "fused_moe.h" /* fused_moe_cfg, the bucket configs, fused_moe_pick */

/* The model configs of fused_moe.py's MODEL_CONFIGS (its first three, in order): the bases that
 * the bucket configs (fused_moe_buckets, after the kernel) set their blocks over. */
static const struct fused_moe_model {
    const char *label;
    fused_moe_cfg cfg;
} fused_moe_models[] = {
    {"mixtral-8x7b-tp8-w1", {.BLOCK_SIZE_M = 64, .BLOCK_SIZE_N = 64, .BLOCK_SIZE_K = 32, .GROUP_SIZE_M = 8, .top_k = 2, .compute_type = TL_BF16}},
    {"gpt-oss-20b-w2-bias-routed", {.BLOCK_SIZE_M = 16, .BLOCK_SIZE_N = 128, .BLOCK_SIZE_K = 128, .GROUP_SIZE_M = 1,
                                    .MUL_ROUTED_WEIGHT = true, .HAS_BIAS = true, .top_k = 1, .compute_type = TL_BF16}},
    {"qwen3-30b-a3b-fp8-w1", {.group_n = 128, .group_k = 128, .BLOCK_SIZE_M = 64, .BLOCK_SIZE_N = 128, .BLOCK_SIZE_K = 128,
                              .GROUP_SIZE_M = 32, .top_k = 8, .compute_type = TL_BF16, .use_fp8_w8a8 = true}},
};

static void fused_moe_write_zeros(tl_value c_ptr, tl_value stride_cm, tl_value stride_cn, tl_value pid_n, tl_value N,
                                  tl_value offs_token, tl_value token_mask, int BLOCK_SIZE_M, int BLOCK_SIZE_N,
                                  tl_dtype compute_type)
{
    tl_builder_helper_begin(c_ptr.b); /* Python calls it (tt.call) and Triton inlines it late */
    tl_value zeros = tl_zeros(c_ptr.b, TL_SHAPE(BLOCK_SIZE_M, BLOCK_SIZE_N), compute_type);
    tl_value offs_cn = tl_add(tl_mul(pid_n, BLOCK_SIZE_N), tl_arange(c_ptr.b, 0, BLOCK_SIZE_N));
    tl_value c_ptrs = tl_addptr(tl_addptr(c_ptr, tl_mul(stride_cm, tl_expand_dims(offs_token, 1))), tl_mul(stride_cn, tl_expand_dims(offs_cn, 0)));
    tl_value c_mask = tl_and(tl_expand_dims(token_mask, 1), tl_lt(tl_expand_dims(offs_cn, 0), N));
    tl_store(c_ptrs, zeros, .mask = c_mask);
    tl_builder_helper_end(c_ptr.b);
}

static void fused_moe(tl_builder *builder, const fused_moe_cfg *cfg)
{
    const int group_n = cfg->group_n, group_k = cfg->group_k, BLOCK_SIZE_M = cfg->BLOCK_SIZE_M;
    const int BLOCK_SIZE_N = cfg->BLOCK_SIZE_N, BLOCK_SIZE_K = cfg->BLOCK_SIZE_K, GROUP_SIZE_M = cfg->GROUP_SIZE_M;
    const int top_k = cfg->top_k;
    const tl_dtype compute_type = cfg->compute_type, ab_type = cfg->use_fp8_w8a8 ? TL_FP8E4NV : compute_type;
    tl_value a_ptr = tl_arg(builder, "a_ptr", TL_PTR(ab_type));
    tl_value b_ptr = tl_arg(builder, "b_ptr", TL_PTR(ab_type));
    tl_value c_ptr = tl_arg(builder, "c_ptr", TL_PTR(compute_type));
    tl_value b_bias_ptr = tl_arg(builder, "b_bias_ptr", TL_PTR(compute_type));
    tl_value a_scale_ptr = tl_arg(builder, "a_scale_ptr", TL_PTR(TL_F32));
    tl_value b_scale_ptr = tl_arg(builder, "b_scale_ptr", TL_PTR(TL_F32));
    tl_value topk_weights_ptr = tl_arg(builder, "topk_weights_ptr", TL_PTR(TL_F32));
    tl_value sorted_token_ids_ptr = tl_arg(builder, "sorted_token_ids_ptr", TL_PTR(TL_I32));
    tl_value expert_ids_ptr = tl_arg(builder, "expert_ids_ptr", TL_PTR(TL_I32));
    tl_value num_tokens_post_padded_ptr = tl_arg(builder, "num_tokens_post_padded_ptr", TL_PTR(TL_I32));
    tl_value N = tl_arg(builder, "N", TL_SCALAR(TL_I32));
    tl_value K = tl_arg(builder, "K", TL_SCALAR(TL_I32));
    tl_value EM = tl_arg(builder, "EM", TL_SCALAR(TL_I32));
    tl_value num_valid_tokens = tl_arg(builder, "num_valid_tokens", TL_SCALAR(TL_I32));
    tl_value stride_am = tl_arg(builder, "stride_am", TL_SCALAR(TL_I32));
    tl_value stride_ak = tl_arg(builder, "stride_ak", TL_SCALAR(TL_I32));
    tl_value stride_be = tl_arg(builder, "stride_be", TL_SCALAR(TL_I32));
    tl_value stride_bk = tl_arg(builder, "stride_bk", TL_SCALAR(TL_I32));
    tl_value stride_bn = tl_arg(builder, "stride_bn", TL_SCALAR(TL_I32));
    tl_value stride_cm = tl_arg(builder, "stride_cm", TL_SCALAR(TL_I32));
    tl_value stride_cn = tl_arg(builder, "stride_cn", TL_SCALAR(TL_I32));
    tl_value stride_bbe = tl_arg(builder, "stride_bbe", TL_SCALAR(TL_I32));
    tl_value stride_bbn = tl_arg(builder, "stride_bbn", TL_SCALAR(TL_I32));
    tl_value stride_asm = tl_arg(builder, "stride_asm", TL_SCALAR(TL_I32));
    tl_value stride_ask = tl_arg(builder, "stride_ask", TL_SCALAR(TL_I32));
    tl_value stride_bse = tl_arg(builder, "stride_bse", TL_SCALAR(TL_I32));
    tl_value stride_bsk = tl_arg(builder, "stride_bsk", TL_SCALAR(TL_I32));
    tl_value stride_bsn = tl_arg(builder, "stride_bsn", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(builder, 0);
    tl_value num_pid_m = tl_cdiv(EM, BLOCK_SIZE_M);
    tl_value num_pid_n = tl_cdiv(N, BLOCK_SIZE_N);
    tl_value num_pid_in_group = tl_mul(GROUP_SIZE_M, num_pid_n);
    tl_value group_id = tl_floordiv(pid, num_pid_in_group);
    tl_value first_pid_m = tl_mul(group_id, GROUP_SIZE_M);
    tl_value group_size_m = tl_minimum(tl_sub(num_pid_m, first_pid_m), GROUP_SIZE_M);
    tl_value pid_m = tl_add(first_pid_m, tl_mod(tl_mod(pid, num_pid_in_group), group_size_m));
    tl_value pid_n = tl_floordiv(tl_mod(pid, num_pid_in_group), group_size_m);
    tl_value num_tokens_post_padded = tl_load(num_tokens_post_padded_ptr);
    tl_return_if(tl_ge(tl_mul(pid_m, BLOCK_SIZE_M), num_tokens_post_padded), .inline_return = true);
    /* return */
    tl_value offs_token_id = tl_add(tl_mul(pid_m, BLOCK_SIZE_M), tl_arange(builder, 0, BLOCK_SIZE_M));
    tl_value offs_token = tl_to(tl_load(tl_addptr(sorted_token_ids_ptr, offs_token_id)), TL_I64);
    tl_value token_mask = tl_lt(offs_token, num_valid_tokens);
    tl_value off_experts = tl_to(tl_load(tl_addptr(expert_ids_ptr, pid_m)), TL_I64);
    tl_scope if_expert = tl_return_if_open(tl_eq(off_experts, -1), .inline_return = true);
        fused_moe_write_zeros(c_ptr, stride_cm, stride_cn, pid_n, N, offs_token, token_mask, BLOCK_SIZE_M, BLOCK_SIZE_N,
                              compute_type);
    tl_end(&if_expert); /* return */
    tl_value offs_bn = tl_mod(tl_add(tl_mul(pid_n, BLOCK_SIZE_N), tl_arange(builder, 0, BLOCK_SIZE_N)), N);
    tl_value offs_k = tl_arange(builder, 0, BLOCK_SIZE_K);
    tl_value a_ptrs = tl_addptr(a_ptr, tl_add(tl_mul(tl_floordiv(tl_expand_dims(offs_token, 1), top_k), stride_am), tl_mul(tl_expand_dims(offs_k, 0), stride_ak)));
    tl_value b_ptrs = tl_addptr(tl_addptr(b_ptr, tl_mul(off_experts, stride_be)), tl_add(tl_mul(tl_expand_dims(offs_k, 1), stride_bk), tl_mul(tl_expand_dims(offs_bn, 0), stride_bn)));
    tl_value bias = {0}, a_scale_ptrs = {0}, b_scale_ptrs = {0}; /* Python defines them under a constexpr if */
    if (cfg->HAS_BIAS)
        bias = tl_load(tl_addptr(tl_addptr(b_bias_ptr, tl_mul(off_experts, stride_bbe)), tl_mul(offs_bn, stride_bbn)));
    if (cfg->use_fp8_w8a8) {
        a_scale_ptrs = tl_addptr(a_scale_ptr, tl_mul(tl_floordiv(offs_token, top_k), stride_asm));
        b_scale_ptrs = tl_addptr(tl_addptr(b_scale_ptr, tl_mul(off_experts, stride_bse)), tl_mul(tl_floordiv(offs_bn, group_n), stride_bsn));
    }
    tl_value accumulator = tl_zeros(builder, TL_SHAPE(BLOCK_SIZE_M, BLOCK_SIZE_N), TL_F32);
    tl_scope loop = tl_for(builder, 0, tl_cdiv(K, BLOCK_SIZE_K), 1, .carry = TL_VARS(&accumulator, &a_ptrs, &b_ptrs)); tl_value k = loop.iv;
        tl_value a = tl_load(a_ptrs, .mask = tl_and(tl_expand_dims(token_mask, 1), tl_lt(tl_expand_dims(offs_k, 0), tl_sub(K, tl_mul(k, BLOCK_SIZE_K)))), .other = tl_lit(0.0));
        tl_value b = tl_load(b_ptrs, .mask = tl_lt(tl_expand_dims(offs_k, 1), tl_sub(K, tl_mul(k, BLOCK_SIZE_K))), .other = tl_lit(0.0));
        if (cfg->use_fp8_w8a8) {
            tl_value offs_ks = tl_floordiv(tl_mul(k, BLOCK_SIZE_K), group_k);
            tl_value a_scale = tl_load(tl_addptr(a_scale_ptrs, tl_mul(offs_ks, stride_ask)), .mask = token_mask, .other = tl_lit(0.0));
            tl_value b_scale = tl_load(tl_addptr(b_scale_ptrs, tl_mul(offs_ks, stride_bsk)));
            accumulator = tl_add(accumulator, tl_mul(tl_mul(tl_dot(a, b), tl_expand_dims(a_scale, 1)), tl_expand_dims(b_scale, 0)));
        } else {
            accumulator = tl_dot(a, b, accumulator);
        }
        a_ptrs = tl_addptr(a_ptrs, tl_mul(BLOCK_SIZE_K, stride_ak));
        b_ptrs = tl_addptr(b_ptrs, tl_mul(BLOCK_SIZE_K, stride_bk));
    tl_end(&loop);
    if (cfg->HAS_BIAS)
        accumulator = tl_add(accumulator, tl_expand_dims(bias, 0));
    if (cfg->MUL_ROUTED_WEIGHT) {
        tl_value moe_weight = tl_load(tl_addptr(topk_weights_ptr, offs_token), .mask = token_mask, .other = tl_lit(0));
        accumulator = tl_mul(accumulator, tl_expand_dims(moe_weight, 1));
    }
    accumulator = tl_to(accumulator, compute_type);
    tl_value offs_cn = tl_add(tl_mul(pid_n, BLOCK_SIZE_N), tl_arange(builder, 0, BLOCK_SIZE_N));
    tl_value c_ptrs = tl_addptr(tl_addptr(c_ptr, tl_mul(stride_cm, tl_expand_dims(offs_token, 1))), tl_mul(stride_cn, tl_expand_dims(offs_cn, 0)));
    tl_value c_mask = tl_and(tl_expand_dims(token_mask, 1), tl_lt(tl_expand_dims(offs_cn, 0), N));
    tl_store(c_ptrs, accumulator, .mask = c_mask);
}

static const fused_moe_cfg fused_moe_default = {
    .group_n = 0, .group_k = 0, .BLOCK_SIZE_M = 64, .BLOCK_SIZE_N = 64, .BLOCK_SIZE_K = 32, .GROUP_SIZE_M = 8,
    .MUL_ROUTED_WEIGHT = false, .HAS_BIAS = false, .top_k = 2, .compute_type = TL_BF16, .use_fp8_w8a8 = false};
static const tl_cfg_field fused_moe_fields[] = {
    TL_CFG_FIELD(fused_moe_cfg, group_n, TL_CFG_INT),
    TL_CFG_FIELD(fused_moe_cfg, group_k, TL_CFG_INT),
    TL_CFG_FIELD(fused_moe_cfg, BLOCK_SIZE_M, TL_CFG_INT),
    TL_CFG_FIELD(fused_moe_cfg, BLOCK_SIZE_N, TL_CFG_INT),
    TL_CFG_FIELD(fused_moe_cfg, BLOCK_SIZE_K, TL_CFG_INT),
    TL_CFG_FIELD(fused_moe_cfg, GROUP_SIZE_M, TL_CFG_INT),
    TL_CFG_FIELD(fused_moe_cfg, MUL_ROUTED_WEIGHT, TL_CFG_BOOL),
    TL_CFG_FIELD(fused_moe_cfg, HAS_BIAS, TL_CFG_BOOL),
    TL_CFG_FIELD(fused_moe_cfg, top_k, TL_CFG_INT),
    TL_CFG_FIELD(fused_moe_cfg, compute_type, TL_CFG_DTYPE),
    TL_CFG_FIELD(fused_moe_cfg, use_fp8_w8a8, TL_CFG_BOOL),
};

TL_KERNEL(fused_moe_kernel, fused_moe_cfg, fused_moe,
          .name = "fused_moe",
          .inputs = TL_NAMES("a_ptr", "b_ptr", "b_bias_ptr", "a_scale_ptr", "b_scale_ptr", "topk_weights_ptr",
                             "sorted_token_ids_ptr", "expert_ids_ptr", "num_tokens_post_padded_ptr", "N", "K", "EM",
                             "num_valid_tokens", "stride_am", "stride_ak", "stride_be", "stride_bk", "stride_bn",
                             "stride_cm", "stride_cn", "stride_bbe", "stride_bbn", "stride_asm", "stride_ask",
                             "stride_bse", "stride_bsk", "stride_bsn"),
          .outputs = TL_NAMES("c_ptr"),
          .python = "kernels/models/fused_moe.py",
          .doc = "MoE grouped GEMM over expert-sorted pairs: bf16 or fp8 w8a8 block scales, bias, routed weights",
          .cfg_default = &fused_moe_default,
          .nfields = (int)(sizeof fused_moe_fields / sizeof fused_moe_fields[0]),
          .fields = fused_moe_fields,
          .problem = "a_ptr[2048] b_ptr[8192] c_ptr[4096] b_bias_ptr[128] a_scale_ptr[1] b_scale_ptr[1] "
                     "topk_weights_ptr[64] "
                     "sorted_token_ids_ptr[64]=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63 "
                     "expert_ids_ptr[1]=1 num_tokens_post_padded_ptr[1]=64 N=64 K=64 EM=64 num_valid_tokens=64 "
                     "stride_am=64 stride_ak=1 stride_be=4096 stride_bk=1 stride_bn=64 stride_cm=64 stride_cn=1 "
                     "stride_bbe=64 stride_bbn=1 stride_asm=1 stride_ask=1 stride_bse=1 stride_bsk=1 stride_bsn=1 "
                     "grid=EM/BLOCK_SIZE_M*N/BLOCK_SIZE_N");

/* ---- configs per token-count bucket (docs/kernels_moe.md, "Configs per token count") -------- */
/* (included here, after the kernel, so that the kernel's lines - its TTIR locations - stay put) */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* BUCKETS of fused_moe.py, line for line (the sources of the numbers are given there): label, model,
 * max_tokens (0: any count above the bucket before), case tokens, BLOCK_SIZE_M, BLOCK_SIZE_N,
 * BLOCK_SIZE_K, GROUP_SIZE_M, num_warps, num_stages. */
const fused_moe_bucket fused_moe_buckets[] = {
    {"mixtral-8x7b-tp8-w1-upto1", "mixtral-8x7b-tp8-w1", 1, 1, 16, 64, 256, 32, 4, 3},
    {"mixtral-8x7b-tp8-w1-upto16", "mixtral-8x7b-tp8-w1", 16, 7, 16, 128, 64, 1, 4, 4},
    {"mixtral-8x7b-tp8-w1-upto512", "mixtral-8x7b-tp8-w1", 512, 333, 64, 128, 64, 8, 4, 4},
    {"mixtral-8x7b-tp8-w1-above512", "mixtral-8x7b-tp8-w1", 0, 4096, 128, 256, 64, 32, 8, 4},
    {"gpt-oss-20b-w2-bias-routed-upto1", "gpt-oss-20b-w2-bias-routed", 1, 1, 16, 32, 64, 1, 4, 4},
    {"gpt-oss-20b-w2-bias-routed-upto16", "gpt-oss-20b-w2-bias-routed", 16, 7, 16, 64, 128, 64, 4, 4},
    {"gpt-oss-20b-w2-bias-routed-upto512", "gpt-oss-20b-w2-bias-routed", 512, 333, 64, 128, 64, 1, 4, 4},
    {"gpt-oss-20b-w2-bias-routed-above512", "gpt-oss-20b-w2-bias-routed", 0, 4096, 128, 256, 64, 1, 8, 3},
    {"qwen3-30b-a3b-fp8-w1-upto1", "qwen3-30b-a3b-fp8-w1", 1, 1, 16, 32, 128, 1, 4, 4},
    {"qwen3-30b-a3b-fp8-w1-upto16", "qwen3-30b-a3b-fp8-w1", 16, 7, 16, 128, 128, 1, 4, 5},
    {"qwen3-30b-a3b-fp8-w1-upto512", "qwen3-30b-a3b-fp8-w1", 512, 333, 32, 128, 128, 1, 4, 3},
    {"qwen3-30b-a3b-fp8-w1-above512", "qwen3-30b-a3b-fp8-w1", 0, 4096, 64, 128, 128, 16, 4, 4},
};
const int fused_moe_bucket_count = (int)(sizeof fused_moe_buckets / sizeof fused_moe_buckets[0]);

static const fused_moe_bucket *fused_moe_pick_error(const char *file, int line, char *err, size_t errsize,
                                                    const char *fmt, ...)
{
    if (err != NULL && errsize > 0) {
        int n = snprintf(err, errsize, "%s:%d: fused_moe_pick: ", file ? file : "?", line);
        if (n >= 0 && (size_t)n < errsize) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(err + n, errsize - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return NULL;
}

const fused_moe_bucket *fused_moe_pick_at(const char *file, int line, const char *model, int tokens,
                                          fused_moe_cfg *cfg, char *err, size_t errsize)
{
    enum { nmodels = (int)(sizeof fused_moe_models / sizeof fused_moe_models[0]) };
    _Static_assert(nmodels == 3, "the message below names three model configs");
    if (cfg == NULL)
        return fused_moe_pick_error(file, line, err, errsize, "cfg is NULL (pass a fused_moe_cfg to fill)");
    const struct fused_moe_model *m = NULL;
    for (int i = 0; model != NULL && i < nmodels && m == NULL; i++)
        if (strcmp(fused_moe_models[i].label, model) == 0)
            m = &fused_moe_models[i];
    if (m == NULL)
        return fused_moe_pick_error(file, line, err, errsize,
                                    "no model config %s%s%s (there are %s, %s and %s)", model ? "'" : "",
                                    model ? model : "NULL", model ? "'" : "", fused_moe_models[0].label,
                                    fused_moe_models[1].label, fused_moe_models[2].label);
    if (tokens < 1)
        return fused_moe_pick_error(file, line, err, errsize, "%d tokens: the token count must be at least 1",
                                    tokens);
    for (int i = 0; i < fused_moe_bucket_count; i++) {
        const fused_moe_bucket *b = &fused_moe_buckets[i];
        if (strcmp(b->model, model) != 0 || (b->max_tokens != 0 && tokens > b->max_tokens))
            continue;
        *cfg = m->cfg;
        cfg->BLOCK_SIZE_M = b->BLOCK_SIZE_M;
        cfg->BLOCK_SIZE_N = b->BLOCK_SIZE_N;
        cfg->BLOCK_SIZE_K = b->BLOCK_SIZE_K;
        cfg->GROUP_SIZE_M = b->GROUP_SIZE_M;
        return b;
    }
    return fused_moe_pick_error(file, line, err, errsize, "no bucket of %s takes %d tokens", model, tokens);
}
