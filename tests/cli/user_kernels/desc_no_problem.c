/* A user kernel taking a host tensor descriptor and declaring no .problem: the generic problem
 * cannot make its tensor (cli_interpret_desc_no_problem). */
#include <tritonc/tritonc.h>

typedef struct {
    int B;
} copy_cfg;

static void desc_copy(tl_builder *builder, const copy_cfg *cfg)
{
    tl_value x_desc = tl_arg(builder, "x_desc", TL_TENSORDESC(TL_F32, 16, 16));
    tl_value o = tl_arg(builder, "o", TL_PTR(TL_F32));
    tl_value t = tl_descriptor_load(x_desc, TL_LIST(0, 0));
    tl_value offs = tl_reshape(tl_arange(builder, 0, cfg->B), TL_SHAPE(16, 16));
    tl_store(tl_addptr(o, offs), t);
}

static const copy_cfg copy_default = {.B = 256};
static const tl_cfg_field copy_fields[] = {TL_CFG_FIELD(copy_cfg, B, TL_CFG_INT)};

TL_KERNEL(desc_copy_kernel, copy_cfg, desc_copy,
          .name = "desc_copy",
          .inputs = TL_NAMES("x_desc"),
          .outputs = TL_NAMES("o"),
          .doc = "o = one 16 x 16 block of x_desc",
          .cfg_default = &copy_default,
          .nfields = (int)(sizeof copy_fields / sizeof copy_fields[0]),
          .fields = copy_fields);
