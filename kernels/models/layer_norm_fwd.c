/* layer_norm_fwd: layer normalization forward, one program per row, float32 statistics over
 * BLOCK_SIZE chunks (kernels/models/layer_norm_fwd.py, line for line). Each loop body is a C block
 * as well as a scope: the three loops define cols and x anew, as Python's do. */
#include "tritonc/tritonc.h"

typedef struct layer_norm_fwd_cfg {
    tl_dtype dtype; /* storage dtype of X, Y, W and B: float16, bfloat16 or float32 */
    int BLOCK_SIZE; /* the chunk of a row read at once: a power of two */
} layer_norm_fwd_cfg;

static void layer_norm_fwd(tl_builder *builder, const layer_norm_fwd_cfg *cfg)
{
    const int BLOCK_SIZE = cfg->BLOCK_SIZE;
    tl_value X = tl_arg(builder, "X", TL_PTR(cfg->dtype));
    tl_value Y = tl_arg(builder, "Y", TL_PTR(cfg->dtype));
    tl_value W = tl_arg(builder, "W", TL_PTR(cfg->dtype));
    tl_value B = tl_arg(builder, "B", TL_PTR(cfg->dtype));
    tl_value Mean = tl_arg(builder, "Mean", TL_PTR(TL_F32));
    tl_value Rstd = tl_arg(builder, "Rstd", TL_PTR(TL_F32));
    tl_value stride = tl_arg(builder, "stride", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(builder, "N", TL_SCALAR(TL_I32));
    tl_value eps = tl_arg(builder, "eps", TL_SCALAR(TL_F32));

    tl_value row = tl_program_id(builder, 0);
    X = tl_addptr(X, tl_mul(row, stride));
    Y = tl_addptr(Y, tl_mul(row, stride));
    tl_value sum_x = tl_zeros(builder, TL_SHAPE(BLOCK_SIZE), TL_F32);
    tl_scope mean_loop = tl_for(builder, 0, N, BLOCK_SIZE, .carry = TL_VARS(&sum_x)); { tl_value start = mean_loop.iv;
        tl_value cols = tl_add(start, tl_arange(builder, 0, BLOCK_SIZE));
        sum_x = tl_add(sum_x, tl_to(tl_load(tl_addptr(X, cols), .mask = tl_lt(cols, N), .other = tl_lit(0.0)), TL_F32));
    } tl_end(&mean_loop);
    tl_value mean = tl_div(tl_sum(sum_x, 0), N);
    tl_value sum_sq = tl_zeros(builder, TL_SHAPE(BLOCK_SIZE), TL_F32);
    tl_scope var_loop = tl_for(builder, 0, N, BLOCK_SIZE, .carry = TL_VARS(&sum_sq)); { tl_value start = var_loop.iv;
        tl_value cols = tl_add(start, tl_arange(builder, 0, BLOCK_SIZE));
        tl_value x = tl_to(tl_load(tl_addptr(X, cols), .mask = tl_lt(cols, N), .other = tl_lit(0.0)), TL_F32);
        tl_value centred = tl_where(tl_lt(cols, N), tl_sub(x, mean), 0.0);
        sum_sq = tl_add(sum_sq, tl_mul(centred, centred));
    } tl_end(&var_loop);
    tl_value var = tl_div(tl_sum(sum_sq, 0), N);
    tl_value rstd = tl_div(1, tl_sqrt(tl_add(var, eps)));
    tl_store(tl_addptr(Mean, row), mean);
    tl_store(tl_addptr(Rstd, row), rstd);
    tl_scope out_loop = tl_for(builder, 0, N, BLOCK_SIZE); { tl_value start = out_loop.iv;
        tl_value cols = tl_add(start, tl_arange(builder, 0, BLOCK_SIZE));
        tl_value mask = tl_lt(cols, N);
        tl_value w = tl_load(tl_addptr(W, cols), .mask = mask);
        tl_value b = tl_load(tl_addptr(B, cols), .mask = mask);
        tl_value x = tl_to(tl_load(tl_addptr(X, cols), .mask = mask, .other = tl_lit(0.0)), TL_F32);
        tl_value y = tl_add(tl_mul(tl_mul(tl_sub(x, mean), rstd), w), b);
        tl_store(tl_addptr(Y, cols), y, .mask = mask);
    } tl_end(&out_loop);
}

static const layer_norm_fwd_cfg layer_norm_fwd_default = {.dtype = TL_F16, .BLOCK_SIZE = 1024};
static const tl_cfg_field layer_norm_fwd_fields[] = {
    TL_CFG_FIELD(layer_norm_fwd_cfg, dtype, TL_CFG_DTYPE),
    TL_CFG_FIELD(layer_norm_fwd_cfg, BLOCK_SIZE, TL_CFG_INT),
};

TL_KERNEL(layer_norm_fwd_kernel, layer_norm_fwd_cfg, layer_norm_fwd,
          .name = "layer_norm_fwd",
          .inputs = TL_NAMES("X", "W", "B", "stride", "N", "eps"),
          .outputs = TL_NAMES("Y", "Mean", "Rstd"),
          .python = "kernels/models/layer_norm_fwd.py",
          .doc = "layer norm forward, one program per row: Y, and float32 Mean and Rstd per row",
          .cfg_default = &layer_norm_fwd_default,
          .nfields = (int)(sizeof layer_norm_fwd_fields / sizeof layer_norm_fwd_fields[0]),
          .fields = layer_norm_fwd_fields,
          .problem = "X[4000] Y[4000] W[1000] B[1000] Mean[4] Rstd[4] stride=1000 N=1000 eps=1e-5 grid=4");
