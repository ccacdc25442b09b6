/* A user's kernel, written as someone porting their Python would (a test input of `tritonc
 * --from`, not a bundled kernel): residual add fused with RMSNorm, one program per row.
 *
 *     @triton.jit
 *     def add_rmsnorm(X, R, W, Y, stride, N, eps, BLOCK_N: tl.constexpr):
 *         row = tl.program_id(0)
 *         cols = tl.arange(0, BLOCK_N)
 *         mask = cols < N
 *         x = tl.load(X + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
 *         r = tl.load(R + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
 *         h = x + r
 *         tl.store(R + row * stride + cols, h.to(R.dtype.element_ty), mask=mask)
 *         rms = tl.rsqrt(tl.sum(h * h, axis=0) / N + eps)
 *         w = tl.load(W + cols, mask=mask).to(tl.float32)
 *         tl.store(Y + row * stride + cols, (h * rms * w).to(Y.dtype.element_ty), mask=mask)
 */
#include <tritonc/tritonc.h>

typedef struct add_rmsnorm_cfg {
    int BLOCK_N;
} add_rmsnorm_cfg;

static void add_rmsnorm(tl_builder *builder, const add_rmsnorm_cfg *cfg)
{
    tl_value X = tl_arg(builder, "X", TL_PTR(TL_F16));
    tl_value R = tl_arg(builder, "R", TL_PTR(TL_F16));
    tl_value W = tl_arg(builder, "W", TL_PTR(TL_F16));
    tl_value Y = tl_arg(builder, "Y", TL_PTR(TL_F16));
    tl_value stride = tl_arg(builder, "stride", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(builder, "N", TL_SCALAR(TL_I32));
    tl_value eps = tl_arg(builder, "eps", TL_SCALAR(TL_F32));

    tl_value row = tl_program_id(builder, 0);
    tl_value cols = tl_arange(builder, 0, cfg->BLOCK_N);
    tl_value mask = tl_lt(cols, N);
    tl_value offs = tl_add(tl_mul(row, stride), cols);
    tl_value x = tl_to(tl_load(tl_addptr(X, offs), .mask = mask, .other = tl_lit(0.0)), TL_F32);
    tl_value r = tl_to(tl_load(tl_addptr(R, offs), .mask = mask, .other = tl_lit(0.0)), TL_F32);
    tl_value h = tl_add(x, r);
    tl_store(tl_addptr(R, offs), tl_to(h, TL_F16), .mask = mask);
    tl_value rms = tl_rsqrt(tl_add(tl_div(tl_sum(tl_mul(h, h), 0), N), eps));
    tl_value w = tl_to(tl_load(tl_addptr(W, cols), .mask = mask), TL_F32);
    tl_store(tl_addptr(Y, offs), tl_to(tl_mul(tl_mul(h, rms), w), TL_F16), .mask = mask);
}

static const add_rmsnorm_cfg add_rmsnorm_default = {.BLOCK_N = 1024};
static const tl_cfg_field add_rmsnorm_fields[] = {TL_CFG_FIELD(add_rmsnorm_cfg, BLOCK_N, TL_CFG_INT)};

TL_KERNEL(add_rmsnorm_kernel, add_rmsnorm_cfg, add_rmsnorm,
          .name = "add_rmsnorm",
          .inputs = TL_NAMES("X", "W", "stride", "N", "eps"),
          .outputs = TL_NAMES("Y"),
          .inouts = TL_NAMES("R"),
          .doc = "R += X; Y = R * rsqrt(mean(R^2) + eps) * W, one row per program",
          .cfg_default = &add_rmsnorm_default,
          .nfields = 1,
          .fields = add_rmsnorm_fields,
          .problem = "X[4096] R[4096] W[1024] Y[4096] stride=1024 N=1000 eps=0.00001 grid=4");
