/* layer_norm_bwd_dwdb: dW and dB as the column sums of layer_norm_bwd_dx's float32 partial rows
 * (kernels/models/layer_norm_bwd_dwdb.py, line for line). */
#include "tritonc/tritonc.h"

typedef struct layer_norm_bwd_dwdb_cfg {
    tl_dtype dtype;   /* dtype of FINAL_DW and FINAL_DB: float16, bfloat16 or float32 */
    int BLOCK_SIZE_M; /* partial rows added per step: a power of two */
    int BLOCK_SIZE_N; /* columns per program: a power of two */
} layer_norm_bwd_dwdb_cfg;

static void layer_norm_bwd_dwdb(tl_builder *builder, const layer_norm_bwd_dwdb_cfg *cfg)
{
    const int BLOCK_SIZE_M = cfg->BLOCK_SIZE_M, BLOCK_SIZE_N = cfg->BLOCK_SIZE_N;
    tl_value DW = tl_arg(builder, "DW", TL_PTR(TL_F32));
    tl_value DB = tl_arg(builder, "DB", TL_PTR(TL_F32));
    tl_value FINAL_DW = tl_arg(builder, "FINAL_DW", TL_PTR(cfg->dtype));
    tl_value FINAL_DB = tl_arg(builder, "FINAL_DB", TL_PTR(cfg->dtype));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(builder, "N", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(builder, 0);
    tl_value cols = tl_add(tl_mul(pid, BLOCK_SIZE_N), tl_arange(builder, 0, BLOCK_SIZE_N));
    tl_value tile_dw = tl_zeros(builder, TL_SHAPE(BLOCK_SIZE_M, BLOCK_SIZE_N), TL_F32);
    tl_value tile_db = tl_zeros(builder, TL_SHAPE(BLOCK_SIZE_M, BLOCK_SIZE_N), TL_F32);
    tl_scope loop = tl_for(builder, 0, M, BLOCK_SIZE_M, .carry = TL_VARS(&tile_dw, &tile_db)); tl_value first = loop.iv;
        tl_value rows = tl_add(first, tl_arange(builder, 0, BLOCK_SIZE_M));
        tl_value in_bounds = tl_and(tl_lt(tl_expand_dims(rows, 1), M), tl_lt(tl_expand_dims(cols, 0), N));
        tl_value offs = tl_add(tl_mul(tl_expand_dims(rows, 1), N), tl_expand_dims(cols, 0));
        tile_dw = tl_add(tile_dw, tl_load(tl_addptr(DW, offs), .mask = in_bounds, .other = tl_lit(0.0)));
        tile_db = tl_add(tile_db, tl_load(tl_addptr(DB, offs), .mask = in_bounds, .other = tl_lit(0.0)));
    tl_end(&loop);
    tl_value dw = tl_sum(tile_dw, 0);
    tl_value db = tl_sum(tile_db, 0);
    tl_store(tl_addptr(FINAL_DW, cols), dw, .mask = tl_lt(cols, N));
    tl_store(tl_addptr(FINAL_DB, cols), db, .mask = tl_lt(cols, N));
}

static const layer_norm_bwd_dwdb_cfg layer_norm_bwd_dwdb_default = {.dtype = TL_F16, .BLOCK_SIZE_M = 32,
                                                                    .BLOCK_SIZE_N = 128};
static const tl_cfg_field layer_norm_bwd_dwdb_fields[] = {
    TL_CFG_FIELD(layer_norm_bwd_dwdb_cfg, dtype, TL_CFG_DTYPE),
    TL_CFG_FIELD(layer_norm_bwd_dwdb_cfg, BLOCK_SIZE_M, TL_CFG_INT),
    TL_CFG_FIELD(layer_norm_bwd_dwdb_cfg, BLOCK_SIZE_N, TL_CFG_INT),
};

TL_KERNEL(layer_norm_bwd_dwdb_kernel, layer_norm_bwd_dwdb_cfg, layer_norm_bwd_dwdb,
          .name = "layer_norm_bwd_dwdb",
          .inputs = TL_NAMES("DW", "DB", "M", "N"),
          .outputs = TL_NAMES("FINAL_DW", "FINAL_DB"),
          .python = "kernels/models/layer_norm_bwd_dwdb.py",
          .doc = "layer norm backward: dW, dB as column sums of M float32 partial rows",
          .cfg_default = &layer_norm_bwd_dwdb_default,
          .nfields = (int)(sizeof layer_norm_bwd_dwdb_fields / sizeof layer_norm_bwd_dwdb_fields[0]),
          .fields = layer_norm_bwd_dwdb_fields,
          .problem = "DW[8192] DB[8192] FINAL_DW[256] FINAL_DB[256] M=32 N=256 grid=2");
