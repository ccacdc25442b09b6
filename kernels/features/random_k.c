/* random_k: tl.rand + tl.randn + tl.randint (Philox) over B offsets. A line-for-line port of
 * kernels/features/random_k.py: each Python line of the body is one C line here, same names, same order.
 * (x is unused, as in the Python original.) */
#include "tritonc/tritonc.h"

typedef struct random_k_cfg {
    int B; /* offsets per program: a power of two */
} random_k_cfg;

static void random_k(tl_builder *builder, const random_k_cfg *cfg)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value seed = tl_arg(builder, "seed", TL_SCALAR(TL_I32));
    (void)x;

    tl_value r = tl_arange(builder, 0, cfg->B);
    tl_store(tl_addptr(o, r), tl_add(tl_add(tl_rand(seed, r), tl_randn(seed, r)), tl_to(tl_randint(seed, r), TL_F32)));
}

static const random_k_cfg random_k_default = {.B = 64};
static const tl_cfg_field random_k_fields[] = {TL_CFG_FIELD(random_k_cfg, B, TL_CFG_INT)};

TL_KERNEL(random_k_kernel, random_k_cfg, random_k,
          .name = "random_k",
          .inputs = TL_NAMES("x", "seed"),
          .outputs = TL_NAMES("o"),
          .python = "kernels/features/random_k.py",
          .doc = "tl.rand + tl.randn + tl.randint through Philox (catalog)",
          .cfg_default = &random_k_default,
          .nfields = (int)(sizeof random_k_fields / sizeof random_k_fields[0]),
          .fields = random_k_fields,
          .problem = "x[64] o[64] seed=42 grid=1");
