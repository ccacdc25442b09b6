/* matmul_tma_persistent: C = A @ B^T through host tensor descriptors, a persistent grid whose tile
 * loop is flattened with the K loop, tiles in groups of GROUP_SIZE_M rows, the epilogue stored
 * whole or in two halves: Triton 3.6's tutorial 09, matmul_kernel_tma_persistent
 * (kernels/models/matmul_tma_persistent.py, line for line). Its @jit helper _compute_pid is the
 * static function compute_pid; the tl.range flags are tl_for's .flatten and .warp_specialize. */
#include "tritonc/tritonc.h"

typedef struct matmul_tma_persistent_cfg {
    int BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K; /* the tile of C a step computes, and the K step */
    int GROUP_SIZE_M;                             /* rows of tiles per group */
    bool FP8_OUTPUT;       /* float8e4nv A, B and C (the descriptors' dtype) instead of float16 */
    bool EPILOGUE_SUBTILE; /* C stored as two BLOCK_SIZE_M x BLOCK_SIZE_N / 2 halves */
    int NUM_SMS;           /* programs in the grid: the tile loop's step */
    bool WARP_SPECIALIZE;  /* tl.range(..., warp_specialize=True) on the tile loop */
} matmul_tma_persistent_cfg;

/* What the Python helper returns: pid_m, pid_n. */
typedef struct matmul_tma_persistent_pid {
    tl_value pid_m, pid_n;
} matmul_tma_persistent_pid;

static matmul_tma_persistent_pid compute_pid(tl_builder *builder, tl_value tile_id, tl_value num_pid_in_group,
                                             tl_value num_pid_m, int GROUP_SIZE_M, int NUM_SMS)
{
    tl_builder_helper_begin(builder); /* a Python @jit helper: Triton inlines it late */
    (void)NUM_SMS; /* a parameter the tutorial's helper takes and does not use */
    tl_value group_id = tl_floordiv(tile_id, num_pid_in_group);
    tl_value first_pid_m = tl_mul(group_id, GROUP_SIZE_M);
    tl_value group_size_m = tl_minimum(tl_sub(num_pid_m, first_pid_m), GROUP_SIZE_M);
    tl_value pid_m = tl_add(first_pid_m, tl_mod(tile_id, group_size_m));
    tl_value pid_n = tl_floordiv(tl_mod(tile_id, num_pid_in_group), group_size_m);
    tl_builder_helper_end(builder);
    return (matmul_tma_persistent_pid){pid_m, pid_n};
}

/* M, N and K: multiples of 16 (see the Python module's ATTRS). */
#define SIZE TL_SCALAR_OPTS(TL_I32, .divisibility = 16)

static void matmul_tma_persistent(tl_builder *builder, const matmul_tma_persistent_cfg *cfg)
{
    const int BLOCK_SIZE_M = cfg->BLOCK_SIZE_M, BLOCK_SIZE_N = cfg->BLOCK_SIZE_N, BLOCK_SIZE_K = cfg->BLOCK_SIZE_K;
    const int GROUP_SIZE_M = cfg->GROUP_SIZE_M, NUM_SMS = cfg->NUM_SMS;
    const bool FP8_OUTPUT = cfg->FP8_OUTPUT, EPILOGUE_SUBTILE = cfg->EPILOGUE_SUBTILE;
    const bool WARP_SPECIALIZE = cfg->WARP_SPECIALIZE;
    /* The descriptors' blocks, as the tutorial's matmul_tma_set_block_size_hook sets them. */
    const tl_dtype desc_dtype = FP8_OUTPUT ? TL_FP8E4NV : TL_F16;
    const int BLOCK_SIZE_N_C = EPILOGUE_SUBTILE ? BLOCK_SIZE_N / 2 : BLOCK_SIZE_N;
    tl_value a_desc = tl_arg(builder, "a_desc", TL_TENSORDESC(desc_dtype, BLOCK_SIZE_M, BLOCK_SIZE_K));
    tl_value b_desc = tl_arg(builder, "b_desc", TL_TENSORDESC(desc_dtype, BLOCK_SIZE_N, BLOCK_SIZE_K));
    tl_value c_desc = tl_arg(builder, "c_desc", TL_TENSORDESC(desc_dtype, BLOCK_SIZE_M, BLOCK_SIZE_N_C));
    tl_value M = tl_arg(builder, "M", SIZE);
    tl_value N = tl_arg(builder, "N", SIZE);
    tl_value K = tl_arg(builder, "K", SIZE);

    tl_dtype dtype = FP8_OUTPUT ? TL_FP8E4NV : TL_F16;
    tl_value start_pid = tl_program_id(builder, 0);
    tl_value num_pid_m = tl_cdiv(M, BLOCK_SIZE_M);
    tl_value num_pid_n = tl_cdiv(N, BLOCK_SIZE_N);
    tl_value k_tiles = tl_cdiv(K, BLOCK_SIZE_K);
    tl_value num_tiles = tl_mul(num_pid_m, num_pid_n);

    tl_value tile_id_c = tl_sub(start_pid, NUM_SMS);
    tl_value num_pid_in_group = tl_mul(GROUP_SIZE_M, num_pid_n);

    /* the tile loop: software-pipelined with the K loop it holds (flatten), warp-specialized on request */
    tl_scope tiles = tl_for(builder, start_pid, num_tiles, NUM_SMS, .carry = TL_VARS(&tile_id_c), .flatten = true, .warp_specialize = WARP_SPECIALIZE); tl_value tile_id = tiles.iv;
        matmul_tma_persistent_pid p = compute_pid(builder, tile_id, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS); tl_value pid_m = p.pid_m, pid_n = p.pid_n;
        tl_value offs_am = tl_mul(pid_m, BLOCK_SIZE_M);
        tl_value offs_bn = tl_mul(pid_n, BLOCK_SIZE_N);

        tl_value accumulator = tl_zeros(builder, TL_SHAPE(BLOCK_SIZE_M, BLOCK_SIZE_N), TL_F32);
        tl_scope ks = tl_for(builder, 0, k_tiles, 1, .carry = TL_VARS(&accumulator)); tl_value ki = ks.iv;
            tl_value offs_k = tl_mul(ki, BLOCK_SIZE_K);
            tl_value a = tl_descriptor_load(a_desc, TL_LIST(offs_am, offs_k));
            tl_value b = tl_descriptor_load(b_desc, TL_LIST(offs_bn, offs_k));
            accumulator = tl_dot(a, tl_T(b), accumulator);
        tl_end(&ks);

        tile_id_c = tl_add(tile_id_c, NUM_SMS);
        matmul_tma_persistent_pid pc = compute_pid(builder, tile_id_c, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS); pid_m = pc.pid_m; pid_n = pc.pid_n;
        tl_value offs_am_c = tl_mul(pid_m, BLOCK_SIZE_M);
        tl_value offs_bn_c = tl_mul(pid_n, BLOCK_SIZE_N);

        /* Epilogue subtiling: the accumulator stored as two BLOCK_SIZE_M x BLOCK_SIZE_N / 2 halves, so
         * the epilogue needs less shared memory and the pipeline may take more stages. */
        if (EPILOGUE_SUBTILE) {
            tl_value acc = tl_reshape(accumulator, TL_SHAPE(BLOCK_SIZE_M, 2, BLOCK_SIZE_N / 2));
            acc = tl_permute(acc, TL_DIMS(0, 2, 1));
            tl_pair halves = tl_split(acc); tl_value acc0 = halves.first, acc1 = halves.second;
            tl_value c0 = tl_to(acc0, dtype);
            tl_descriptor_store(c_desc, TL_LIST(offs_am_c, offs_bn_c), c0);
            tl_value c1 = tl_to(acc1, dtype);
            tl_descriptor_store(c_desc, TL_LIST(offs_am_c, tl_add(offs_bn_c, BLOCK_SIZE_N / 2)), c1);
        } else {
            accumulator = tl_to(accumulator, dtype);
            tl_descriptor_store(c_desc, TL_LIST(offs_am_c, offs_bn_c), accumulator);
        }
    tl_end(&tiles);
}

static const matmul_tma_persistent_cfg matmul_tma_persistent_default = {
    .BLOCK_SIZE_M = 128, .BLOCK_SIZE_N = 256, .BLOCK_SIZE_K = 64, .GROUP_SIZE_M = 8, .FP8_OUTPUT = false,
    .EPILOGUE_SUBTILE = true, .NUM_SMS = 132, .WARP_SPECIALIZE = false};
static const tl_cfg_field matmul_tma_persistent_fields[] = {
    TL_CFG_FIELD(matmul_tma_persistent_cfg, BLOCK_SIZE_M, TL_CFG_INT),
    TL_CFG_FIELD(matmul_tma_persistent_cfg, BLOCK_SIZE_N, TL_CFG_INT),
    TL_CFG_FIELD(matmul_tma_persistent_cfg, BLOCK_SIZE_K, TL_CFG_INT),
    TL_CFG_FIELD(matmul_tma_persistent_cfg, GROUP_SIZE_M, TL_CFG_INT),
    TL_CFG_FIELD(matmul_tma_persistent_cfg, FP8_OUTPUT, TL_CFG_BOOL),
    TL_CFG_FIELD(matmul_tma_persistent_cfg, EPILOGUE_SUBTILE, TL_CFG_BOOL),
    TL_CFG_FIELD(matmul_tma_persistent_cfg, NUM_SMS, TL_CFG_INT),
    TL_CFG_FIELD(matmul_tma_persistent_cfg, WARP_SPECIALIZE, TL_CFG_BOOL),
};

TL_KERNEL(matmul_tma_persistent_kernel, matmul_tma_persistent_cfg, matmul_tma_persistent,
          .name = "matmul_tma_persistent",
          .inputs = TL_NAMES("a_desc", "b_desc", "M", "N", "K"),
          .outputs = TL_NAMES("c_desc"),
          .python = "kernels/models/matmul_tma_persistent.py",
          .doc = "C = A @ B^T through host tensor descriptors, persistent and flattened (Triton 3.6's tutorial 09)",
          .cfg_default = &matmul_tma_persistent_default,
          .nfields = (int)(sizeof matmul_tma_persistent_fields / sizeof matmul_tma_persistent_fields[0]),
          .fields = matmul_tma_persistent_fields,
          .problem = "a_desc[256,256] b_desc[256,256] c_desc[256,256] M=256 N=256 K=256 grid=NUM_SMS");
