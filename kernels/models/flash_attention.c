/* flash_attention: the attention forward pass, causal or not, float16 or bfloat16, with an online
 * softmax over blocks of keys (kernels/models/flash_attention.py, line for line). The Python @jit helper
 * _flash_attention_stage is the static function flash_attention_stage; its constexpr ifs are C
 * ifs, its loop a tl_for scope carrying acc, l_i, m_i and the two pointer blocks. */
#include <math.h>

#include "tritonc/tritonc.h"

typedef struct flash_attention_cfg {
    tl_dtype dtype;  /* of Q, K, V and Out: float16 or bfloat16 */
    int HEAD_DIM;    /* the head size: 64 or 128 (a power of two, at least 16) */
    int BLOCK_M;     /* query rows per program */
    int BLOCK_N;     /* keys per step of the inner loop; BLOCK_M is a multiple of it */
    bool CAUSAL;     /* query i attends to keys 0..i only */
} flash_attention_cfg;

/* What the Python helper returns: acc, l_i, m_i. */
typedef struct flash_attention_state {
    tl_value acc, l_i, m_i;
} flash_attention_state;

static flash_attention_state flash_attention_stage(tl_builder *builder, tl_value acc, tl_value l_i, tl_value m_i,
                                                   tl_value q, tl_value K, tl_value V, tl_value stride_kn,
                                                   tl_value stride_vk, tl_value start_m, tl_value qk_scale,
                                                   tl_value N_CTX, tl_value offs_m, tl_value offs_n, tl_value offs_d,
                                                   int BLOCK_M, int BLOCK_N, int STAGE, bool CAUSAL)
{
    tl_builder_helper_begin(builder); /* a Python @jit helper: Triton inlines it late */
    /* the keys this stage visits: stage 1 needs no mask, stage 2 does */
    tl_value lo, hi;
    if (STAGE == 1) {
        if (CAUSAL)
            lo = tl_lit(0), hi = tl_mul(start_m, BLOCK_M);
        else
            lo = tl_lit(0), hi = tl_mul(tl_floordiv(N_CTX, BLOCK_N), BLOCK_N);
    } else {
        if (CAUSAL)
            lo = tl_mul(start_m, BLOCK_M), hi = tl_minimum(tl_mul(tl_add(start_m, 1), BLOCK_M), N_CTX);
        else
            lo = tl_mul(tl_floordiv(N_CTX, BLOCK_N), BLOCK_N), hi = N_CTX;
    }
    tl_value k_ptrs = tl_addptr(tl_addptr(K, tl_expand_dims(offs_d, 1)), tl_mul(tl_expand_dims(tl_add(lo, offs_n), 0), stride_kn));
    tl_value v_ptrs = tl_addptr(tl_addptr(V, tl_mul(tl_expand_dims(tl_add(lo, offs_n), 1), stride_vk)), tl_expand_dims(offs_d, 0));
    tl_scope loop = tl_for(builder, lo, hi, BLOCK_N, .carry = TL_VARS(&acc, &l_i, &m_i, &k_ptrs, &v_ptrs)); tl_value start_n = loop.iv;
        start_n = tl_multiple_of(start_n, BLOCK_N);
        /* qk = q @ k^T, one row of scores per query */
        tl_value k;
        if (STAGE == 1)
            k = tl_load(k_ptrs);
        else
            k = tl_load(k_ptrs, .mask = tl_lt(tl_expand_dims(tl_add(start_n, offs_n), 0), N_CTX), .other = tl_lit(0.0));
        tl_value qk = tl_dot(q, k);
        tl_value m_ij;
        if (STAGE == 1) {
            m_ij = tl_maximum(m_i, tl_mul(tl_max(qk, 1), qk_scale));
            qk = tl_sub(tl_mul(qk, qk_scale), tl_expand_dims(m_ij, 1));
        } else {
            tl_value mask;
            if (CAUSAL)
                mask = tl_ge(tl_expand_dims(offs_m, 1), tl_add(start_n, tl_expand_dims(offs_n, 0)));
            else
                mask = tl_lt(tl_add(start_n, tl_expand_dims(offs_n, 0)), N_CTX);
            qk = tl_where(mask, tl_mul(qk, qk_scale), -1.0e6);
            m_ij = tl_maximum(m_i, tl_max(qk, 1));
            qk = tl_sub(qk, tl_expand_dims(m_ij, 1));
        }
        /* the online softmax: rescale what was summed so far to the new row maximum */
        tl_value p = tl_exp2(qk);
        tl_value alpha = tl_exp2(tl_sub(m_i, m_ij));
        l_i = tl_add(tl_mul(l_i, alpha), tl_sum(p, 1));
        acc = tl_mul(acc, tl_expand_dims(alpha, 1));
        tl_value v;
        if (STAGE == 1)
            v = tl_load(v_ptrs);
        else
            v = tl_load(v_ptrs, .mask = tl_lt(tl_expand_dims(tl_add(start_n, offs_n), 1), N_CTX), .other = tl_lit(0.0));
        acc = tl_dot(tl_to(p, v.dtype), v, acc);
        m_i = m_ij;
        k_ptrs = tl_addptr(k_ptrs, tl_mul(BLOCK_N, stride_kn));
        v_ptrs = tl_addptr(v_ptrs, tl_mul(BLOCK_N, stride_vk));
    tl_end(&loop);
    tl_builder_helper_end(builder);
    return (flash_attention_state){acc, l_i, m_i};
}

/* Every stride but the head dimension's: a multiple of 16 elements (see the Python module). */
#define STRIDE TL_SCALAR_OPTS(TL_I32, .divisibility = 16)

static void flash_attention(tl_builder *builder, const flash_attention_cfg *cfg)
{
    const tl_dtype dtype = cfg->dtype;
    const int HEAD_DIM = cfg->HEAD_DIM, BLOCK_M = cfg->BLOCK_M, BLOCK_N = cfg->BLOCK_N;
    const bool CAUSAL = cfg->CAUSAL;
    tl_value Q = tl_arg(builder, "Q", TL_PTR(dtype));
    tl_value K = tl_arg(builder, "K", TL_PTR(dtype));
    tl_value V = tl_arg(builder, "V", TL_PTR(dtype));
    tl_value sm_scale = tl_arg(builder, "sm_scale", TL_SCALAR(TL_F32));
    tl_value M = tl_arg(builder, "M", TL_PTR(TL_F32));
    tl_value Out = tl_arg(builder, "Out", TL_PTR(dtype));
    tl_value stride_qz = tl_arg(builder, "stride_qz", STRIDE);
    tl_value stride_qh = tl_arg(builder, "stride_qh", STRIDE);
    tl_value stride_qm = tl_arg(builder, "stride_qm", STRIDE);
    tl_value stride_kz = tl_arg(builder, "stride_kz", STRIDE);
    tl_value stride_kh = tl_arg(builder, "stride_kh", STRIDE);
    tl_value stride_kn = tl_arg(builder, "stride_kn", STRIDE);
    tl_value stride_vz = tl_arg(builder, "stride_vz", STRIDE);
    tl_value stride_vh = tl_arg(builder, "stride_vh", STRIDE);
    tl_value stride_vk = tl_arg(builder, "stride_vk", STRIDE);
    tl_value stride_oz = tl_arg(builder, "stride_oz", STRIDE);
    tl_value stride_oh = tl_arg(builder, "stride_oh", STRIDE);
    tl_value stride_om = tl_arg(builder, "stride_om", STRIDE);
    tl_value Z = tl_arg(builder, "Z", TL_SCALAR(TL_I32));
    tl_value H = tl_arg(builder, "H", TL_SCALAR(TL_I32));
    tl_value N_CTX = tl_arg(builder, "N_CTX", TL_SCALAR(TL_I32));
    (void)Z; /* the grid's second axis is Z * H: the kernel itself only needs H */

    /* Python's tl.static_assert(BLOCK_M % BLOCK_N == 0). BLOCK_N > 0 is checked first: a C
     * remainder by zero is undefined behaviour, where Python's static_assert raises. The C
     * condition is evaluated while the kernel is built, and nothing is emitted. */
    if (!tl_static_assert(builder, BLOCK_N > 0 && BLOCK_M % BLOCK_N == 0, "BLOCK_M must be a multiple of BLOCK_N"))
        return;
    tl_value start_m = tl_program_id(builder, 0);
    tl_value off_hz = tl_program_id(builder, 1);
    tl_value off_z = tl_floordiv(off_hz, H);
    tl_value off_h = tl_mod(off_hz, H);
    Q = tl_addptr(Q, tl_add(tl_mul(tl_to(off_z, TL_I64), stride_qz), tl_mul(tl_to(off_h, TL_I64), stride_qh)));
    K = tl_addptr(K, tl_add(tl_mul(tl_to(off_z, TL_I64), stride_kz), tl_mul(tl_to(off_h, TL_I64), stride_kh)));
    V = tl_addptr(V, tl_add(tl_mul(tl_to(off_z, TL_I64), stride_vz), tl_mul(tl_to(off_h, TL_I64), stride_vh)));
    Out = tl_addptr(Out, tl_add(tl_mul(tl_to(off_z, TL_I64), stride_oz), tl_mul(tl_to(off_h, TL_I64), stride_oh)));
    tl_value offs_m = tl_add(tl_mul(start_m, BLOCK_M), tl_arange(builder, 0, BLOCK_M));
    tl_value offs_n = tl_arange(builder, 0, BLOCK_N);
    tl_value offs_d = tl_arange(builder, 0, HEAD_DIM);
    tl_value acc = tl_zeros(builder, TL_SHAPE(BLOCK_M, HEAD_DIM), TL_F32);
    tl_value l_i = tl_full(builder, TL_SHAPE(BLOCK_M), 1.0, TL_F32);
    tl_value m_i = tl_full(builder, TL_SHAPE(BLOCK_M), -INFINITY, TL_F32);
    tl_value qk_scale = tl_mul(sm_scale, 1.44269504); /* log2(e): exp2(x * log2(e)) is exp(x) */
    tl_value row_mask = tl_lt(tl_expand_dims(offs_m, 1), N_CTX);
    tl_value q = tl_load(tl_addptr(tl_addptr(Q, tl_mul(tl_expand_dims(offs_m, 1), stride_qm)), tl_expand_dims(offs_d, 0)), .mask = row_mask, .other = tl_lit(0.0));
    flash_attention_state s1 = flash_attention_stage(builder, acc, l_i, m_i, q, K, V, stride_kn, stride_vk, start_m, qk_scale, N_CTX,
                                                     offs_m, offs_n, offs_d, BLOCK_M, BLOCK_N, 1, CAUSAL); acc = s1.acc; l_i = s1.l_i; m_i = s1.m_i;
    flash_attention_state s2 = flash_attention_stage(builder, acc, l_i, m_i, q, K, V, stride_kn, stride_vk, start_m, qk_scale, N_CTX,
                                                     offs_m, offs_n, offs_d, BLOCK_M, BLOCK_N, 2, CAUSAL); acc = s2.acc; l_i = s2.l_i; m_i = s2.m_i;
    m_i = tl_add(m_i, tl_log2(l_i));
    acc = tl_div(acc, tl_expand_dims(l_i, 1));
    tl_store(tl_addptr(tl_addptr(M, tl_mul(off_hz, N_CTX)), offs_m), m_i, .mask = tl_lt(offs_m, N_CTX));
    tl_store(tl_addptr(tl_addptr(Out, tl_mul(tl_expand_dims(offs_m, 1), stride_om)), tl_expand_dims(offs_d, 0)), tl_to(acc, Out.dtype), .mask = row_mask);
}

static const flash_attention_cfg flash_attention_default = {
    .dtype = TL_F16, .HEAD_DIM = 64, .BLOCK_M = 128, .BLOCK_N = 64, .CAUSAL = false};
static const tl_cfg_field flash_attention_fields[] = {
    TL_CFG_FIELD(flash_attention_cfg, dtype, TL_CFG_DTYPE),
    TL_CFG_FIELD(flash_attention_cfg, HEAD_DIM, TL_CFG_INT),
    TL_CFG_FIELD(flash_attention_cfg, BLOCK_M, TL_CFG_INT),
    TL_CFG_FIELD(flash_attention_cfg, BLOCK_N, TL_CFG_INT),
    TL_CFG_FIELD(flash_attention_cfg, CAUSAL, TL_CFG_BOOL),
};

TL_KERNEL(flash_attention_kernel, flash_attention_cfg, flash_attention,
          .name = "flash_attention",
          .inputs = TL_NAMES("Q", "K", "V", "sm_scale", "stride_qz", "stride_qh", "stride_qm", "stride_kz", "stride_kh",
                             "stride_kn", "stride_vz", "stride_vh", "stride_vk", "stride_oz", "stride_oh", "stride_om",
                             "Z", "H", "N_CTX"),
          .outputs = TL_NAMES("M", "Out"),
          .python = "kernels/models/flash_attention.py",
          .doc = "attention forward (Flash Attention 2), causal or not, float16 or bfloat16, with the row logsumexp",
          .cfg_default = &flash_attention_default,
          .nfields = (int)(sizeof flash_attention_fields / sizeof flash_attention_fields[0]),
          .fields = flash_attention_fields,
          .problem = "Q[8192] K[8192] V[8192] sm_scale=0.125 M[128] Out[8192] stride_qz=8192 stride_qh=8192 "
                     "stride_qm=64 stride_kz=8192 stride_kh=8192 stride_kn=64 stride_vz=8192 stride_vh=8192 "
                     "stride_vk=64 stride_oz=8192 stride_oh=8192 stride_om=64 Z=1 H=1 N_CTX=128 grid=1,1");
