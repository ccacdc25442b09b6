// A user's kernel in C++20 (a test input of `tritonc --from`, not a bundled kernel): C = gelu(A @ B
// + bias), fp16 in, fp32 accumulate, the erf form of GELU; one program per BLOCK_M x BLOCK_N tile.
//
//     @triton.jit
//     def matmul_bias_gelu(A, B, C, bias, M, N, K, stride_am, stride_bk, stride_cm,
//                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
//         pid_m = tl.program_id(0)
//         pid_n = tl.program_id(1)
//         rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
//         rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
//         rk = tl.arange(0, BLOCK_K)
//         acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
//         for k in range(0, K, BLOCK_K):
//             a = tl.load(A + rm[:, None] * stride_am + (k + rk)[None, :],
//                         mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
//             b = tl.load(B + (k + rk)[:, None] * stride_bk + rn[None, :],
//                         mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
//             acc = tl.dot(a, b, acc)
//         acc += tl.load(bias + rn, mask=rn < N, other=0.0).to(tl.float32)[None, :]
//         y = 0.5 * acc * (1.0 + tl.erf(acc * 0.7071067811865476))
//         tl.store(C + rm[:, None] * stride_cm + rn[None, :], y.to(tl.float16),
//                  mask=(rm[:, None] < M) & (rn[None, :] < N))
#include <tritonc/tritonc.h>

namespace {

struct gelu_cfg {
    int BLOCK_M, BLOCK_N, BLOCK_K;
};

void matmul_bias_gelu(tl_builder *builder, const gelu_cfg *cfg)
{
    const int BLOCK_M = cfg->BLOCK_M, BLOCK_N = cfg->BLOCK_N, BLOCK_K = cfg->BLOCK_K;
    tl_value A = tl_arg(builder, "A", TL_PTR(TL_F16));
    tl_value B = tl_arg(builder, "B", TL_PTR(TL_F16));
    tl_value C = tl_arg(builder, "C", TL_PTR(TL_F16));
    tl_value bias = tl_arg(builder, "bias", TL_PTR(TL_F16));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(builder, "N", TL_SCALAR(TL_I32));
    tl_value K = tl_arg(builder, "K", TL_SCALAR(TL_I32));
    tl_value stride_am = tl_arg(builder, "stride_am", TL_SCALAR(TL_I32));
    tl_value stride_bk = tl_arg(builder, "stride_bk", TL_SCALAR(TL_I32));
    tl_value stride_cm = tl_arg(builder, "stride_cm", TL_SCALAR(TL_I32));

    tl_value pid_m = tl_program_id(builder, 0);
    tl_value pid_n = tl_program_id(builder, 1);
    tl_value rm = tl_add(tl_mul(pid_m, BLOCK_M), tl_arange(builder, 0, BLOCK_M));
    tl_value rn = tl_add(tl_mul(pid_n, BLOCK_N), tl_arange(builder, 0, BLOCK_N));
    tl_value rk = tl_arange(builder, 0, BLOCK_K);
    tl_value acc = tl_zeros(builder, TL_SHAPE(BLOCK_M, BLOCK_N), TL_F32);
    tl_scope loop = tl_for(builder, 0, K, BLOCK_K, .carry = TL_VARS(&acc)); { tl_value k = loop.iv;
        tl_value kk = tl_add(k, rk);
        tl_value a = tl_load(tl_addptr(A, tl_add(tl_mul(tl_expand_dims(rm, 1), stride_am), tl_expand_dims(kk, 0))),
                             .mask = tl_and(tl_lt(tl_expand_dims(rm, 1), M), tl_lt(tl_expand_dims(kk, 0), K)),
                             .other = tl_lit(0.0));
        tl_value b = tl_load(tl_addptr(B, tl_add(tl_mul(tl_expand_dims(kk, 1), stride_bk), tl_expand_dims(rn, 0))),
                             .mask = tl_and(tl_lt(tl_expand_dims(kk, 1), K), tl_lt(tl_expand_dims(rn, 0), N)),
                             .other = tl_lit(0.0));
        acc = tl_dot(a, b, acc);
    } tl_end(&loop);
    acc = tl_add(acc, tl_expand_dims(tl_to(tl_load(tl_addptr(bias, rn), .mask = tl_lt(rn, N), .other = tl_lit(0.0)), TL_F32), 0));
    tl_value y = tl_mul(tl_mul(0.5, acc), tl_add(1.0, tl_erf(tl_mul(acc, 0.7071067811865476))));
    tl_store(tl_addptr(C, tl_add(tl_mul(tl_expand_dims(rm, 1), stride_cm), tl_expand_dims(rn, 0))), tl_to(y, TL_F16),
             .mask = tl_and(tl_lt(tl_expand_dims(rm, 1), M), tl_lt(tl_expand_dims(rn, 0), N)));
}

const gelu_cfg gelu_default = {.BLOCK_M = 64, .BLOCK_N = 64, .BLOCK_K = 32};
const tl_cfg_field gelu_fields[] = {
    TL_CFG_FIELD(gelu_cfg, BLOCK_M, TL_CFG_INT),
    TL_CFG_FIELD(gelu_cfg, BLOCK_N, TL_CFG_INT),
    TL_CFG_FIELD(gelu_cfg, BLOCK_K, TL_CFG_INT),
};

} // namespace

TL_KERNEL(matmul_bias_gelu_kernel, gelu_cfg, matmul_bias_gelu,
          .name = "matmul_bias_gelu",
          .inputs = TL_NAMES("A", "B", "bias", "M", "N", "K", "stride_am", "stride_bk", "stride_cm"),
          .outputs = TL_NAMES("C"),
          .doc = "C = gelu(A @ B + bias), float16 in and out, float32 accumulation",
          .cfg_default = &gelu_default,
          .nfields = 3,
          .fields = gelu_fields,
          .problem = "A[8192] B[8192] C[16384] bias[128] M=128 N=128 K=64 stride_am=64 stride_bk=128 stride_cm=128 grid=2,2");
