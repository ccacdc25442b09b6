/* A user kernel that declares no .problem (the autotune test that asks for --problem). */
#include <tritonc/tritonc.h>

typedef struct {
    int B;
} scale_cfg;

static void scale(tl_builder *builder, const scale_cfg *cfg)
{
    tl_value x = tl_arg(builder, "x", TL_PTR(TL_F32));
    tl_value r = tl_arange(builder, 0, cfg->B);
    tl_store(tl_addptr(x, r), tl_mul(tl_load(tl_addptr(x, r)), 2.0));
}

static const scale_cfg scale_default = {.B = 64};
static const tl_cfg_field scale_fields[] = {TL_CFG_FIELD(scale_cfg, B, TL_CFG_INT)};

TL_KERNEL(scale_kernel, scale_cfg, scale,
          .name = "scale",
          .inouts = TL_NAMES("x"),
          .doc = "x *= 2 over B float32 values",
          .cfg_default = &scale_default,
          .nfields = (int)(sizeof scale_fields / sizeof scale_fields[0]),
          .fields = scale_fields);
