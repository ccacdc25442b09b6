/* descriptors: tensor descriptors (make, load, store) and block pointers (make, load with
 * boundary check and padding, advance, store with boundary check).
 * A line-for-line port of kernels/features/descriptors.py: each Python line of the body is one C line
 * here, same names, same order. */
#include "tritonc/tritonc.h"

typedef struct descriptors_cfg {
    int BM, BN; /* the block: powers of two */
} descriptors_cfg;

static void descriptors(tl_builder *builder, const descriptors_cfg *cfg)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(builder, "N", TL_SCALAR(TL_I32));

    tl_value d = tl_make_tensor_descriptor(x, TL_LIST(M, N), TL_LIST(N, 1), TL_SHAPE(cfg->BM, cfg->BN));
    tl_value e = tl_make_tensor_descriptor(o, TL_LIST(M, N), TL_LIST(N, 1), TL_SHAPE(cfg->BM, cfg->BN));
    tl_value t = tl_descriptor_load(d, TL_LIST(0, 0));
    tl_descriptor_store(e, TL_LIST(cfg->BM, 0), t);
    tl_value bp = tl_make_block_ptr(x, TL_LIST(M, N), TL_LIST(N, 1), TL_LIST(0, 0), TL_SHAPE(cfg->BM, cfg->BN), TL_ORDER(1, 0));
    tl_value u = tl_load(bp, .boundary_check = TL_DIMS(0, 1), .padding = TL_PADDING_ZERO);
    bp = tl_advance(bp, TL_LIST(cfg->BM, 0));
    tl_store(tl_make_block_ptr(o, TL_LIST(M, N), TL_LIST(N, 1), TL_LIST(0, 0), TL_SHAPE(cfg->BM, cfg->BN), TL_ORDER(1, 0)), tl_add(u, tl_load(bp)), .boundary_check = TL_DIMS(1));
}

static const descriptors_cfg descriptors_default = {.BM = 64, .BN = 64};
static const tl_cfg_field descriptors_fields[] = {
    TL_CFG_FIELD(descriptors_cfg, BM, TL_CFG_INT),
    TL_CFG_FIELD(descriptors_cfg, BN, TL_CFG_INT),
};

TL_KERNEL(descriptors_kernel, descriptors_cfg, descriptors,
          .name = "descriptors",
          .inputs = TL_NAMES("x", "M", "N"),
          .outputs = TL_NAMES("o"),
          .python = "kernels/features/descriptors.py",
          .doc = "tensor descriptors and block pointers: load, store, advance, boundary checks (catalog)",
          .cfg_default = &descriptors_default,
          .nfields = (int)(sizeof descriptors_fields / sizeof descriptors_fields[0]),
          .fields = descriptors_fields,
          .problem = "x[8192] o[8192] M=128 N=64 grid=1");
