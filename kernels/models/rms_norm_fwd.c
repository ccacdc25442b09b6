/* rms_norm_fwd: RMS normalization forward with whole rows in registers, BLOCK_M rows per program,
 * float32 statistics (kernels/models/rms_norm_fwd.py, line for line; docs/kernels_norm_quant.md). */
#include "tritonc/tritonc.h"

typedef struct rms_norm_fwd_cfg {
    tl_dtype dtype; /* storage dtype of X, Y and W: float16, bfloat16 or float32 */
    int BLOCK_M;    /* rows per program: a power of two */
    int BLOCK_N;    /* a whole row: a power of two, at least N */
} rms_norm_fwd_cfg;

/* stride and N: multiples of 16 elements (16-byte vectors; see the Python module). */
#define MULTIPLE_OF_16 TL_SCALAR_OPTS(TL_I32, .divisibility = 16)

static void rms_norm_fwd(tl_builder *builder, const rms_norm_fwd_cfg *cfg)
{
    const int BLOCK_M = cfg->BLOCK_M, BLOCK_N = cfg->BLOCK_N;
    tl_value X = tl_arg(builder, "X", TL_PTR(cfg->dtype));
    tl_value Y = tl_arg(builder, "Y", TL_PTR(cfg->dtype));
    tl_value W = tl_arg(builder, "W", TL_PTR(cfg->dtype));
    tl_value Rstd = tl_arg(builder, "Rstd", TL_PTR(TL_F32));
    tl_value stride = tl_arg(builder, "stride", MULTIPLE_OF_16);
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(builder, "N", MULTIPLE_OF_16);
    tl_value eps = tl_arg(builder, "eps", TL_SCALAR(TL_F32));

    tl_value rows = tl_add(tl_mul(tl_program_id(builder, 0), BLOCK_M), tl_arange(builder, 0, BLOCK_M));
    tl_value cols = tl_arange(builder, 0, BLOCK_N);
    tl_value row_mask = tl_lt(rows, M);
    tl_value col_mask = tl_lt(cols, N);
    tl_value mask = tl_and(tl_index(row_mask, TL_ALL, TL_NONE), tl_index(col_mask, TL_NONE, TL_ALL));
    tl_value offs = tl_add(tl_mul(tl_index(rows, TL_ALL, TL_NONE), stride), tl_index(cols, TL_NONE, TL_ALL));
    tl_value x = tl_to(tl_load(tl_addptr(X, offs), .mask = mask, .other = tl_lit(0.0)), TL_F32);
    tl_value w = tl_to(tl_load(tl_addptr(W, cols), .mask = col_mask, .other = tl_lit(0.0)), TL_F32);
    tl_value rstd = tl_rsqrt(tl_add(tl_div(tl_sum(tl_mul(x, x), 1), N), eps));
    tl_value y = tl_mul(tl_mul(x, tl_index(rstd, TL_ALL, TL_NONE)), tl_index(w, TL_NONE, TL_ALL));
    tl_store(tl_addptr(Y, offs), tl_to(y, Y.dtype), .mask = mask);
    tl_store(tl_addptr(Rstd, rows), rstd, .mask = row_mask);
}

static const rms_norm_fwd_cfg rms_norm_fwd_default = {.dtype = TL_BF16, .BLOCK_M = 1, .BLOCK_N = 1024};
static const tl_cfg_field rms_norm_fwd_fields[] = {
    TL_CFG_FIELD(rms_norm_fwd_cfg, dtype, TL_CFG_DTYPE),
    TL_CFG_FIELD(rms_norm_fwd_cfg, BLOCK_M, TL_CFG_INT),
    TL_CFG_FIELD(rms_norm_fwd_cfg, BLOCK_N, TL_CFG_INT),
};

TL_KERNEL(rms_norm_fwd_kernel, rms_norm_fwd_cfg, rms_norm_fwd,
          .name = "rms_norm_fwd",
          .inputs = TL_NAMES("X", "W", "stride", "M", "N", "eps"),
          .outputs = TL_NAMES("Y", "Rstd"),
          .python = "kernels/models/rms_norm_fwd.py",
          .doc = "RMS norm forward, whole rows in registers, BLOCK_M rows per program: Y and float32 Rstd",
          .cfg_default = &rms_norm_fwd_default,
          .nfields = (int)(sizeof rms_norm_fwd_fields / sizeof rms_norm_fwd_fields[0]),
          .fields = rms_norm_fwd_fields,
          .problem = "X[6048] Y[6048] W[1008] Rstd[6] stride=1008 M=6 N=1008 eps=1e-6 grid=6");
