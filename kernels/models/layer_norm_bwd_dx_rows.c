/* layer_norm_bwd_dx_rows: layer norm backward for X with whole rows in registers, blocks of rows
 * dealt out to the programs in turn, and each program's float32 partial sums of dW and dB as one
 * row of DW and DB, no locks
 * (kernels/models/layer_norm_bwd_dx_rows.py, line for line; docs/kernels_norm_quant.md). */
#include "tritonc/tritonc.h"

typedef struct layer_norm_bwd_dx_rows_cfg {
    tl_dtype dtype; /* storage dtype of DX, DY, X and W: float16, bfloat16 or float32 */
    int BLOCK_M;    /* rows per step: a power of two */
    int BLOCK_N;    /* a whole row: a power of two, at least N */
} layer_norm_bwd_dx_rows_cfg;

/* stride and N: multiples of 16 elements (16-byte vectors; see the Python module). */
#define MULTIPLE_OF_16 TL_SCALAR_OPTS(TL_I32, .divisibility = 16)

static void layer_norm_bwd_dx_rows(tl_builder *builder, const layer_norm_bwd_dx_rows_cfg *cfg)
{
    const int BLOCK_M = cfg->BLOCK_M, BLOCK_N = cfg->BLOCK_N;
    tl_value DX = tl_arg(builder, "DX", TL_PTR(cfg->dtype));
    tl_value DY = tl_arg(builder, "DY", TL_PTR(cfg->dtype));
    tl_value DW = tl_arg(builder, "DW", TL_PTR(TL_F32));
    tl_value DB = tl_arg(builder, "DB", TL_PTR(TL_F32));
    tl_value X = tl_arg(builder, "X", TL_PTR(cfg->dtype));
    tl_value W = tl_arg(builder, "W", TL_PTR(cfg->dtype));
    tl_value Mean = tl_arg(builder, "Mean", TL_PTR(TL_F32));
    tl_value Rstd = tl_arg(builder, "Rstd", TL_PTR(TL_F32));
    tl_value stride = tl_arg(builder, "stride", MULTIPLE_OF_16);
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(builder, "N", MULTIPLE_OF_16);

    tl_value pid = tl_program_id(builder, 0);
    tl_value cols = tl_arange(builder, 0, BLOCK_N);
    tl_value col_mask = tl_lt(cols, N);
    tl_value w = tl_to(tl_load(tl_addptr(W, cols), .mask = col_mask, .other = tl_lit(0.0)), TL_F32);
    tl_value dw = tl_zeros(builder, TL_SHAPE(BLOCK_N), TL_F32);
    tl_value db = tl_zeros(builder, TL_SHAPE(BLOCK_N), TL_F32);
    /* blocks of BLOCK_M rows dealt out in turn: program pid takes blocks pid, pid + programs, ... */
    tl_scope loop = tl_for(builder, tl_mul(pid, BLOCK_M), M, tl_mul(tl_num_programs(builder, 0), BLOCK_M), .carry = TL_VARS(&dw, &db)); { tl_value first = loop.iv;
        tl_value rows = tl_add(first, tl_arange(builder, 0, BLOCK_M));
        tl_value row_mask = tl_lt(rows, M);
        tl_value mask = tl_and(tl_index(row_mask, TL_ALL, TL_NONE), tl_index(col_mask, TL_NONE, TL_ALL));
        tl_value offs = tl_add(tl_mul(tl_index(rows, TL_ALL, TL_NONE), stride), tl_index(cols, TL_NONE, TL_ALL));
        tl_value x = tl_to(tl_load(tl_addptr(X, offs), .mask = mask, .other = tl_lit(0.0)), TL_F32);
        tl_value dy = tl_to(tl_load(tl_addptr(DY, offs), .mask = mask, .other = tl_lit(0.0)), TL_F32);
        tl_value mean = tl_load(tl_addptr(Mean, rows), .mask = row_mask, .other = tl_lit(0.0));
        tl_value rstd = tl_load(tl_addptr(Rstd, rows), .mask = row_mask, .other = tl_lit(0.0));
        tl_value xhat = tl_where(mask, tl_mul(tl_sub(x, tl_index(mean, TL_ALL, TL_NONE)), tl_index(rstd, TL_ALL, TL_NONE)), 0.0);
        tl_value wdy = tl_mul(tl_index(w, TL_NONE, TL_ALL), dy);
        tl_value c1 = tl_div(tl_sum(tl_mul(xhat, wdy), 1), N);
        tl_value c2 = tl_div(tl_sum(wdy, 1), N);
        tl_value dx = tl_mul(tl_sub(wdy, tl_add(tl_mul(xhat, tl_index(c1, TL_ALL, TL_NONE)), tl_index(c2, TL_ALL, TL_NONE))), tl_index(rstd, TL_ALL, TL_NONE));
        tl_store(tl_addptr(DX, offs), tl_to(dx, DX.dtype), .mask = mask);
        dw = tl_add(dw, tl_sum(tl_mul(dy, xhat), 0));
        db = tl_add(db, tl_sum(dy, 0));
    } tl_end(&loop);
    tl_store(tl_addptr(DW, tl_mul(pid, N), cols), dw, .mask = col_mask);
    tl_store(tl_addptr(DB, tl_mul(pid, N), cols), db, .mask = col_mask);
}

static const layer_norm_bwd_dx_rows_cfg layer_norm_bwd_dx_rows_default = {.dtype = TL_F16, .BLOCK_M = 1,
                                                                          .BLOCK_N = 1024};
static const tl_cfg_field layer_norm_bwd_dx_rows_fields[] = {
    TL_CFG_FIELD(layer_norm_bwd_dx_rows_cfg, dtype, TL_CFG_DTYPE),
    TL_CFG_FIELD(layer_norm_bwd_dx_rows_cfg, BLOCK_M, TL_CFG_INT),
    TL_CFG_FIELD(layer_norm_bwd_dx_rows_cfg, BLOCK_N, TL_CFG_INT),
};

TL_KERNEL(layer_norm_bwd_dx_rows_kernel, layer_norm_bwd_dx_rows_cfg, layer_norm_bwd_dx_rows,
          .name = "layer_norm_bwd_dx_rows",
          .inputs = TL_NAMES("DY", "X", "W", "Mean", "Rstd", "stride", "M", "N"),
          .outputs = TL_NAMES("DX", "DW", "DB"),
          .python = "kernels/models/layer_norm_bwd_dx_rows.py",
          .doc = "layer norm backward: DX, whole rows in registers; float32 partial DW, DB, one row per program",
          .cfg_default = &layer_norm_bwd_dx_rows_default,
          .nfields = (int)(sizeof layer_norm_bwd_dx_rows_fields / sizeof layer_norm_bwd_dx_rows_fields[0]),
          .fields = layer_norm_bwd_dx_rows_fields,
          .problem = "DX[7056] DY[7056] DW[3024] DB[3024] X[7056] W[1008] Mean[7] Rstd[7]=1 stride=1008 M=7 N=1008 "
                     "grid=3");
