/* matmul: C = A @ B, fp16 in, fp32 accumulate, grouped tile order (kernels/models/matmul.py, line for line). */
#include "tritonc/tritonc.h"

typedef struct matmul_cfg {
    int BLOCK_M, BLOCK_N, BLOCK_K; /* the tile of C one program computes, and the K step */
    int GROUP_M;                   /* rows of tiles per group of programs */
} matmul_cfg;

static void matmul(tl_builder *builder, const matmul_cfg *cfg)
{
    const int BLOCK_M = cfg->BLOCK_M, BLOCK_N = cfg->BLOCK_N, BLOCK_K = cfg->BLOCK_K, GROUP_M = cfg->GROUP_M;
    tl_value a_ptr = tl_arg(builder, "a_ptr", TL_PTR(TL_F16));
    tl_value b_ptr = tl_arg(builder, "b_ptr", TL_PTR(TL_F16));
    tl_value c_ptr = tl_arg(builder, "c_ptr", TL_PTR(TL_F16));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(builder, "N", TL_SCALAR(TL_I32));
    tl_value K = tl_arg(builder, "K", TL_SCALAR(TL_I32));
    tl_value stride_am = tl_arg(builder, "stride_am", TL_SCALAR(TL_I32));
    tl_value stride_ak = tl_arg(builder, "stride_ak", TL_SCALAR(TL_I32));
    tl_value stride_bk = tl_arg(builder, "stride_bk", TL_SCALAR(TL_I32));
    tl_value stride_bn = tl_arg(builder, "stride_bn", TL_SCALAR(TL_I32));
    tl_value stride_cm = tl_arg(builder, "stride_cm", TL_SCALAR(TL_I32));
    tl_value stride_cn = tl_arg(builder, "stride_cn", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(builder, 0);
    tl_value num_pid_m = tl_cdiv(M, BLOCK_M);
    tl_value num_pid_n = tl_cdiv(N, BLOCK_N);
    tl_value num_pid_in_group = tl_mul(GROUP_M, num_pid_n);
    tl_value group_id = tl_floordiv(pid, num_pid_in_group);
    tl_value first_pid_m = tl_mul(group_id, GROUP_M);
    tl_value group_size_m = tl_minimum(tl_sub(num_pid_m, first_pid_m), GROUP_M);
    tl_value pid_m = tl_add(first_pid_m, tl_mod(tl_mod(pid, num_pid_in_group), group_size_m));
    tl_value pid_n = tl_floordiv(tl_mod(pid, num_pid_in_group), group_size_m);
    tl_value offs_am = tl_mod(tl_add(tl_mul(pid_m, BLOCK_M), tl_arange(builder, 0, BLOCK_M)), M);
    tl_value offs_bn = tl_mod(tl_add(tl_mul(pid_n, BLOCK_N), tl_arange(builder, 0, BLOCK_N)), N);
    tl_value offs_k = tl_arange(builder, 0, BLOCK_K);
    tl_value a_ptrs = tl_addptr(a_ptr, tl_add(tl_mul(tl_expand_dims(offs_am, 1), stride_am), tl_mul(tl_expand_dims(offs_k, 0), stride_ak)));
    tl_value b_ptrs = tl_addptr(b_ptr, tl_add(tl_mul(tl_expand_dims(offs_k, 1), stride_bk), tl_mul(tl_expand_dims(offs_bn, 0), stride_bn)));
    tl_value acc = tl_zeros(builder, TL_SHAPE(BLOCK_M, BLOCK_N), TL_F32);
    tl_scope loop = tl_for(builder, 0, tl_cdiv(K, BLOCK_K), 1, .carry = TL_VARS(&acc, &a_ptrs, &b_ptrs)); tl_value k = loop.iv;
        tl_value a = tl_load(a_ptrs, .mask = tl_lt(tl_expand_dims(offs_k, 0), tl_sub(K, tl_mul(k, BLOCK_K))), .other = tl_lit(0.0));
        tl_value b = tl_load(b_ptrs, .mask = tl_lt(tl_expand_dims(offs_k, 1), tl_sub(K, tl_mul(k, BLOCK_K))), .other = tl_lit(0.0));
        acc = tl_dot(a, b, acc);
        a_ptrs = tl_addptr(a_ptrs, tl_mul(BLOCK_K, stride_ak));
        b_ptrs = tl_addptr(b_ptrs, tl_mul(BLOCK_K, stride_bk));
    tl_end(&loop);
    tl_value c = tl_to(acc, TL_F16);
    tl_value offs_cm = tl_add(tl_mul(pid_m, BLOCK_M), tl_arange(builder, 0, BLOCK_M));
    tl_value offs_cn = tl_add(tl_mul(pid_n, BLOCK_N), tl_arange(builder, 0, BLOCK_N));
    tl_value c_ptrs = tl_addptr(tl_addptr(c_ptr, tl_mul(stride_cm, tl_expand_dims(offs_cm, 1))), tl_mul(stride_cn, tl_expand_dims(offs_cn, 0)));
    tl_value c_mask = tl_and(tl_lt(tl_expand_dims(offs_cm, 1), M), tl_lt(tl_expand_dims(offs_cn, 0), N));
    tl_store(c_ptrs, c, .mask = c_mask);
}

static const matmul_cfg matmul_default = {.BLOCK_M = 128, .BLOCK_N = 128, .BLOCK_K = 64, .GROUP_M = 8};
static const tl_cfg_field matmul_fields[] = {
    TL_CFG_FIELD(matmul_cfg, BLOCK_M, TL_CFG_INT),
    TL_CFG_FIELD(matmul_cfg, BLOCK_N, TL_CFG_INT),
    TL_CFG_FIELD(matmul_cfg, BLOCK_K, TL_CFG_INT),
    TL_CFG_FIELD(matmul_cfg, GROUP_M, TL_CFG_INT),
};

TL_KERNEL(matmul_kernel, matmul_cfg, matmul,
          .name = "matmul",
          .inputs = TL_NAMES("a_ptr", "b_ptr", "M", "N", "K", "stride_am", "stride_ak", "stride_bk", "stride_bn",
                             "stride_cm", "stride_cn"),
          .outputs = TL_NAMES("c_ptr"),
          .python = "kernels/models/matmul.py",
          .doc = "C = A @ B for float16 A and B with float32 accumulation, grouped tile order",
          .cfg_default = &matmul_default,
          .nfields = (int)(sizeof matmul_fields / sizeof matmul_fields[0]),
          .fields = matmul_fields,
          .problem = "a_ptr[16384] b_ptr[16384] c_ptr[16384] M=128 N=128 K=128 stride_am=128 stride_ak=1 stride_bk=128 "
                     "stride_bn=1 stride_cm=128 stride_cn=1 grid=1");
