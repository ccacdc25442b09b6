/* attention_tma: the attention forward pass through host tensor descriptors, causal or not,
 * float16 or bfloat16, warp-specialized on request: Triton 3.6's tutorial 06, _attn_fwd with its
 * helper _attn_fwd_inner (kernels/models/attention_tma.py, line for line). The helper is the static
 * function attn_fwd_inner; its constexpr ifs are C ifs, its key loop a tl_for scope with the
 * tl.range flag .warp_specialize. */
#include <math.h>

#include "tritonc/tritonc.h"

typedef struct attention_tma_cfg {
    tl_dtype dtype;       /* of Q, K, V and O: float16 or bfloat16 (FP8_OUTPUT: float8e5) */
    int HEAD_DIM;         /* the head size: 64 or 128 (a power of two, at least 16) */
    int BLOCK_M;          /* query rows per program */
    int BLOCK_N;          /* keys per step of the key loop; at most HEAD_DIM */
    bool FP8_OUTPUT;      /* float8e5 Q, K, V (V transposed on the host: its descriptor is HEAD_DIM x keys) and O */
    int STAGE;            /* 1: not causal; 3: causal (the off-band blocks, then the diagonal one) */
    bool warp_specialize; /* tl.range(..., warp_specialize=True) on the key loop */
    bool IS_HOPPER;       /* false: Blackwell's split rescale of a 128 x 128 accumulator when warp-specialized */
} attention_tma_cfg;

/* What the Python helper returns: acc, l_i, m_i. */
typedef struct attention_tma_state {
    tl_value acc, l_i, m_i;
} attention_tma_state;

static attention_tma_state attn_fwd_inner(tl_builder *builder, tl_value acc, tl_value l_i, tl_value m_i, tl_value q,
                                          tl_value desc_k, tl_value desc_v, tl_value offset_y, tl_dtype dtype,
                                          tl_value start_m, tl_value qk_scale, int BLOCK_M, int HEAD_DIM, int BLOCK_N,
                                          int STAGE, tl_value offs_m, tl_value offs_n, tl_value N_CTX,
                                          bool warp_specialize, bool IS_HOPPER)
{
    tl_builder_helper_begin(builder); /* a Python @jit helper: Triton inlines it late */
    /* range of values handled by this stage (a number assigned to a name is a constant there) */
    tl_value lo, hi;
    if (STAGE == 1) {
        hi = tl_mul(start_m, BLOCK_M), lo = tl_to_tensor(builder, 0);
    } else if (STAGE == 2) {
        lo = tl_mul(start_m, BLOCK_M), hi = tl_mul(tl_add(start_m, 1), BLOCK_M);
        lo = tl_multiple_of(lo, BLOCK_M);
    } else { /* causal = False */
        hi = N_CTX, lo = tl_to_tensor(builder, 0);
    }
    tl_value offsetk_y = tl_add(offset_y, lo);
    tl_value offsetv_y;
    if (dtype == TL_FP8E5)
        offsetv_y = tl_add(tl_mul(offset_y, HEAD_DIM), lo);
    else
        offsetv_y = tl_add(offset_y, lo);
    /* loop over k, v and update accumulator. The explicit form: Python carries the helper's
     * parameters first (acc, l_i, m_i), where C would order the caller's values (m_i first). */
    tl_scope loop = tl_for(builder, lo, hi, BLOCK_N, .inits = TL_VALUES(acc, l_i, m_i, offsetk_y, offsetv_y), .warp_specialize = warp_specialize); tl_value start_n = loop.iv;
        acc = loop.args[0], l_i = loop.args[1], m_i = loop.args[2], offsetk_y = loop.args[3], offsetv_y = loop.args[4];
        start_n = tl_multiple_of(start_n, BLOCK_N);
        /* -- compute qk ---- */
        tl_value k = tl_T(tl_descriptor_load(desc_k, TL_LIST(offsetk_y, 0)));
        tl_value qk = tl_dot(q, k);
        tl_value m_ij;
        if (STAGE == 2) {
            tl_value mask = tl_ge(tl_expand_dims(offs_m, 1), tl_add(start_n, tl_expand_dims(offs_n, 0)));
            qk = tl_add(tl_mul(qk, qk_scale), tl_where(mask, 0, -1.0e6));
            m_ij = tl_maximum(m_i, tl_max(qk, 1));
            qk = tl_sub(qk, tl_expand_dims(m_ij, 1));
        } else {
            m_ij = tl_maximum(m_i, tl_mul(tl_max(qk, 1), qk_scale));
            qk = tl_sub(tl_mul(qk, qk_scale), tl_expand_dims(m_ij, 1));
        }
        tl_value p = tl_exp2(qk);
        /* -- compute correction factor */
        tl_value alpha = tl_exp2(tl_sub(m_i, m_ij));
        tl_value l_ij = tl_sum(p, 1);
        /* -- update output accumulator -- */
        if (!IS_HOPPER && warp_specialize && BLOCK_M == 128 && HEAD_DIM == 128) {
            const int BM = BLOCK_M; /* acc.shape[0] */
            const int BN = HEAD_DIM; /* acc.shape[1] */
            tl_pair halves = tl_split(tl_permute(tl_reshape(acc, TL_SHAPE(BM, 2, BN / 2)), TL_DIMS(0, 2, 1))); tl_value acc0 = halves.first, acc1 = halves.second;
            acc0 = tl_mul(acc0, tl_expand_dims(alpha, 1));
            acc1 = tl_mul(acc1, tl_expand_dims(alpha, 1));
            acc = tl_reshape(tl_permute(tl_join(acc0, acc1), TL_DIMS(0, 2, 1)), TL_SHAPE(BM, BN));
        } else {
            acc = tl_mul(acc, tl_expand_dims(alpha, 1));
        }
        /* prepare p and v for the dot */
        tl_value v;
        if (dtype == TL_FP8E5)
            v = tl_T(tl_descriptor_load(desc_v, TL_LIST(0, offsetv_y)));
        else
            v = tl_descriptor_load(desc_v, TL_LIST(offsetv_y, 0));
        p = tl_to(p, dtype);
        /* note that this non transposed v for FP8 is only supported on Blackwell */
        acc = tl_dot(p, v, acc);
        /* update m_i and l_i: at the end of the loop, to reduce register pressure */
        l_i = tl_add(tl_mul(l_i, alpha), l_ij);
        m_i = m_ij;
        offsetk_y = tl_add(offsetk_y, BLOCK_N);
        offsetv_y = tl_add(offsetv_y, BLOCK_N);
    tl_yield(&loop, acc, l_i, m_i, offsetk_y, offsetv_y);
    acc = loop.results[0], l_i = loop.results[1], m_i = loop.results[2];
    tl_builder_helper_end(builder);
    return (attention_tma_state){acc, l_i, m_i};
}

/* H and N_CTX: multiples of 16 (see the Python module's ATTRS). */
#define MULTIPLE_OF_16 TL_SCALAR_OPTS(TL_I32, .divisibility = 16)

static void attention_tma(tl_builder *builder, const attention_tma_cfg *cfg)
{
    const int HEAD_DIM = cfg->HEAD_DIM, BLOCK_M = cfg->BLOCK_M, BLOCK_N = cfg->BLOCK_N, STAGE = cfg->STAGE;
    const bool FP8_OUTPUT = cfg->FP8_OUTPUT, warp_specialize = cfg->warp_specialize, IS_HOPPER = cfg->IS_HOPPER;
    /* The descriptors' blocks, as the tutorial's _host_descriptor_pre_hook sets them. */
    const tl_dtype desc_dtype = FP8_OUTPUT ? TL_FP8E5 : cfg->dtype;
    tl_value sm_scale = tl_arg(builder, "sm_scale", TL_SCALAR(TL_F32));
    tl_value M = tl_arg(builder, "M", TL_PTR(TL_F32));
    tl_value Z = tl_arg(builder, "Z", TL_SCALAR(TL_I32));
    tl_value H = tl_arg(builder, "H", MULTIPLE_OF_16);
    tl_value desc_q = tl_arg(builder, "desc_q", TL_TENSORDESC(desc_dtype, BLOCK_M, HEAD_DIM));
    tl_value desc_k = tl_arg(builder, "desc_k", TL_TENSORDESC(desc_dtype, BLOCK_N, HEAD_DIM));
    tl_value desc_v = FP8_OUTPUT ? tl_arg(builder, "desc_v", TL_TENSORDESC(desc_dtype, HEAD_DIM, BLOCK_N))
                                 : tl_arg(builder, "desc_v", TL_TENSORDESC(desc_dtype, BLOCK_N, HEAD_DIM));
    tl_value desc_o = tl_arg(builder, "desc_o", TL_TENSORDESC(desc_dtype, BLOCK_M, HEAD_DIM));
    tl_value N_CTX = tl_arg(builder, "N_CTX", MULTIPLE_OF_16);

    tl_dtype dtype = FP8_OUTPUT ? TL_FP8E5 : cfg->dtype; /* desc_q.dtype */
    /* Python's tl.static_assert(BLOCK_N <= HEAD_DIM): checked in C while the kernel is built */
    if (!tl_static_assert(builder, BLOCK_N <= HEAD_DIM))
        return;
    tl_value start_m = tl_program_id(builder, 0);
    tl_value off_hz = tl_program_id(builder, 1);
    tl_value off_z = tl_floordiv(off_hz, H);
    tl_value off_h = tl_mod(off_hz, H);

    /* y_dim = Z * H * N_CTX and the four _maybe_make_tensor_desc calls: the tutorial's helper gives a
     * host descriptor back as it is (it makes one in the kernel only from a pointer), so they make
     * nothing that make_ttir keeps (y_dim is dead); the port has no line for them. */
    (void)Z;

    tl_value offset_y = tl_add(tl_mul(off_z, tl_mul(N_CTX, H)), tl_mul(off_h, N_CTX));
    tl_value qo_offset_y = tl_add(offset_y, tl_mul(start_m, BLOCK_M));
    /* initialize offsets */
    tl_value offs_m = tl_add(tl_mul(start_m, BLOCK_M), tl_arange(builder, 0, BLOCK_M));
    tl_value offs_n = tl_arange(builder, 0, BLOCK_N);
    /* initialize pointer to m and l */
    tl_value m_i = tl_full(builder, TL_SHAPE(BLOCK_M), -INFINITY, TL_F32);
    tl_value l_i = tl_full(builder, TL_SHAPE(BLOCK_M), 1.0, TL_F32);
    tl_value acc = tl_zeros(builder, TL_SHAPE(BLOCK_M, HEAD_DIM), TL_F32);
    /* load scales */
    tl_value qk_scale = sm_scale;
    qk_scale = tl_mul(qk_scale, 1.44269504); /* 1/log(2) */
    /* load q: it will stay in SRAM throughout */
    tl_value q = tl_descriptor_load(desc_q, TL_LIST(qo_offset_y, 0));
    /* stage 1: off-band. For causal = True, STAGE = 3 and _attn_fwd_inner gets 1 as its STAGE;
     * for causal = False, STAGE = 1, and _attn_fwd_inner gets 3 as its STAGE */
    if (STAGE & 1) {
        attention_tma_state s1 = attn_fwd_inner(builder, acc, l_i, m_i, q, desc_k, desc_v, offset_y, dtype, start_m, qk_scale, BLOCK_M, HEAD_DIM, BLOCK_N,
                                                4 - STAGE, offs_m, offs_n, N_CTX, warp_specialize, IS_HOPPER); acc = s1.acc; l_i = s1.l_i; m_i = s1.m_i;
    }
    /* stage 2: on-band */
    if (STAGE & 2) {
        attention_tma_state s2 = attn_fwd_inner(builder, acc, l_i, m_i, q, desc_k, desc_v, offset_y, dtype, start_m, qk_scale, BLOCK_M, HEAD_DIM, BLOCK_N,
                                                2, offs_m, offs_n, N_CTX, warp_specialize, IS_HOPPER); acc = s2.acc; l_i = s2.l_i; m_i = s2.m_i;
    }
    /* epilogue */
    m_i = tl_add(m_i, tl_log2(l_i));
    acc = tl_div(acc, tl_expand_dims(l_i, 1));
    tl_value m_ptrs = tl_addptr(tl_addptr(M, tl_mul(off_hz, N_CTX)), offs_m);
    tl_store(m_ptrs, m_i);
    tl_descriptor_store(desc_o, TL_LIST(qo_offset_y, 0), tl_to(acc, dtype));
}

static const attention_tma_cfg attention_tma_default = {
    .dtype = TL_F16, .HEAD_DIM = 64, .BLOCK_M = 128, .BLOCK_N = 64, .FP8_OUTPUT = false, .STAGE = 1,
    .warp_specialize = false, .IS_HOPPER = true};
static const tl_cfg_field attention_tma_fields[] = {
    TL_CFG_FIELD(attention_tma_cfg, dtype, TL_CFG_DTYPE),
    TL_CFG_FIELD(attention_tma_cfg, HEAD_DIM, TL_CFG_INT),
    TL_CFG_FIELD(attention_tma_cfg, BLOCK_M, TL_CFG_INT),
    TL_CFG_FIELD(attention_tma_cfg, BLOCK_N, TL_CFG_INT),
    TL_CFG_FIELD(attention_tma_cfg, FP8_OUTPUT, TL_CFG_BOOL),
    TL_CFG_FIELD(attention_tma_cfg, STAGE, TL_CFG_INT),
    TL_CFG_FIELD(attention_tma_cfg, warp_specialize, TL_CFG_BOOL),
    TL_CFG_FIELD(attention_tma_cfg, IS_HOPPER, TL_CFG_BOOL),
};

TL_KERNEL(attention_tma_kernel, attention_tma_cfg, attention_tma,
          .name = "attention_tma",
          .inputs = TL_NAMES("sm_scale", "Z", "H", "desc_q", "desc_k", "desc_v", "N_CTX"),
          .outputs = TL_NAMES("M", "desc_o"),
          .python = "kernels/models/attention_tma.py",
          .doc = "attention forward through host tensor descriptors, causal or not (Triton 3.6's tutorial 06)",
          .cfg_default = &attention_tma_default,
          .nfields = (int)(sizeof attention_tma_fields / sizeof attention_tma_fields[0]),
          .fields = attention_tma_fields,
          .problem = "sm_scale=0.125 M[2048] Z=1 H=16 desc_q[2048,64] desc_k[2048,64] desc_v[2048,64] "
                     "desc_o[2048,64] N_CTX=128 grid=N_CTX/BLOCK_M,Z*H");
