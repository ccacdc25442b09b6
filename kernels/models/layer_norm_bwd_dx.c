/* layer_norm_bwd_dx: layer norm backward for X, with float32 partial sums of dW and dB added
 * into GROUP_SIZE_M rows under a spin lock (kernels/models/layer_norm_bwd_dx.py, line for line). */
#include "tritonc/tritonc.h"

typedef struct layer_norm_bwd_dx_cfg {
    tl_dtype dtype;   /* storage dtype of DX, DY, X and W: float16, bfloat16 or float32 */
    int GROUP_SIZE_M; /* partial rows of DW and DB (and locks): row r adds into row r % GROUP_SIZE_M */
    int BLOCK_SIZE_N; /* a whole row at once: a power of two, at least N */
} layer_norm_bwd_dx_cfg;

static void layer_norm_bwd_dx(tl_builder *builder, const layer_norm_bwd_dx_cfg *cfg)
{
    const int GROUP_SIZE_M = cfg->GROUP_SIZE_M, BLOCK_SIZE_N = cfg->BLOCK_SIZE_N;
    tl_value DX = tl_arg(builder, "DX", TL_PTR(cfg->dtype));
    tl_value DY = tl_arg(builder, "DY", TL_PTR(cfg->dtype));
    tl_value DW = tl_arg(builder, "DW", TL_PTR(TL_F32));
    tl_value DB = tl_arg(builder, "DB", TL_PTR(TL_F32));
    tl_value X = tl_arg(builder, "X", TL_PTR(cfg->dtype));
    tl_value W = tl_arg(builder, "W", TL_PTR(cfg->dtype));
    tl_value Mean = tl_arg(builder, "Mean", TL_PTR(TL_F32));
    tl_value Rstd = tl_arg(builder, "Rstd", TL_PTR(TL_F32));
    tl_value Lock = tl_arg(builder, "Lock", TL_PTR(TL_I32));
    tl_value stride = tl_arg(builder, "stride", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(builder, "N", TL_SCALAR(TL_I32));

    tl_value row = tl_program_id(builder, 0);
    tl_value cols = tl_arange(builder, 0, BLOCK_SIZE_N);
    tl_value mask = tl_lt(cols, N);
    X = tl_addptr(X, tl_mul(row, stride));
    DY = tl_addptr(DY, tl_mul(row, stride));
    DX = tl_addptr(DX, tl_mul(row, stride));
    tl_value group = tl_mod(row, GROUP_SIZE_M);
    Lock = tl_addptr(Lock, group);
    tl_value Count = tl_addptr(Lock, GROUP_SIZE_M);
    DW = tl_addptr(tl_addptr(DW, tl_mul(group, N)), cols);
    DB = tl_addptr(tl_addptr(DB, tl_mul(group, N)), cols);
    tl_value x = tl_to(tl_load(tl_addptr(X, cols), .mask = mask, .other = tl_lit(0)), TL_F32);
    tl_value dy = tl_to(tl_load(tl_addptr(DY, cols), .mask = mask, .other = tl_lit(0)), TL_F32);
    tl_value w = tl_to(tl_load(tl_addptr(W, cols), .mask = mask), TL_F32);
    tl_value mean = tl_load(tl_addptr(Mean, row));
    tl_value rstd = tl_load(tl_addptr(Rstd, row));
    tl_value xhat = tl_where(mask, tl_mul(tl_sub(x, mean), rstd), 0.0);
    tl_value wdy = tl_where(mask, tl_mul(w, dy), 0.0);
    tl_value c1 = tl_div(tl_sum(tl_mul(xhat, wdy), 0), N);
    tl_value c2 = tl_div(tl_sum(wdy, 0), N);
    tl_value dx = tl_mul(tl_sub(wdy, tl_add(tl_mul(xhat, c1), c2)), rstd);
    tl_store(tl_addptr(DX, cols), dx, .mask = mask);
    tl_value partial_db = dy;
    tl_value partial_dw = tl_mul(dy, xhat);
    tl_scope spin = tl_while(builder); tl_do(&spin, tl_eq(tl_atomic_cas(Lock, 0, 1), 1));
        /* pass */
    tl_end(&spin);
    tl_value count = tl_load(Count);
    tl_scope first = tl_if(tl_eq(count, 0), .carry = TL_VARS(&partial_db, &partial_dw));
        tl_atomic_xchg(Count, 1);
    tl_else(&first);
        partial_db = tl_add(partial_db, tl_load(DB, .mask = mask));
        partial_dw = tl_add(partial_dw, tl_load(DW, .mask = mask));
    tl_end(&first);
    tl_store(DB, partial_db, .mask = mask);
    tl_store(DW, partial_dw, .mask = mask);
    tl_debug_barrier(builder);
    tl_atomic_xchg(Lock, 0);
}

static const layer_norm_bwd_dx_cfg layer_norm_bwd_dx_default = {.dtype = TL_F16, .GROUP_SIZE_M = 64,
                                                                .BLOCK_SIZE_N = 1024};
static const tl_cfg_field layer_norm_bwd_dx_fields[] = {
    TL_CFG_FIELD(layer_norm_bwd_dx_cfg, dtype, TL_CFG_DTYPE),
    TL_CFG_FIELD(layer_norm_bwd_dx_cfg, GROUP_SIZE_M, TL_CFG_INT),
    TL_CFG_FIELD(layer_norm_bwd_dx_cfg, BLOCK_SIZE_N, TL_CFG_INT),
};

TL_KERNEL(layer_norm_bwd_dx_kernel, layer_norm_bwd_dx_cfg, layer_norm_bwd_dx,
          .name = "layer_norm_bwd_dx",
          .inputs = TL_NAMES("DY", "X", "W", "Mean", "Rstd", "stride", "N"),
          .inouts = TL_NAMES("Lock"), /* spin locks and first-writer flags: start zeroed, written */
          .outputs = TL_NAMES("DX", "DW", "DB"),
          .python = "kernels/models/layer_norm_bwd_dx.py",
          .doc = "layer norm backward: DX, and float32 partial DW, DB in GROUP_SIZE_M rows under spin locks",
          .cfg_default = &layer_norm_bwd_dx_default,
          .nfields = (int)(sizeof layer_norm_bwd_dx_fields / sizeof layer_norm_bwd_dx_fields[0]),
          .fields = layer_norm_bwd_dx_fields,
          .problem = "DX[2048] DY[2048] DW[16384] DB[16384] X[2048] W[256] Mean[8] Rstd[8]=1 Lock[128]=0 stride=256 "
                     "N=256 grid=8");
