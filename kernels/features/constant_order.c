/* constant_order: a kernel whose constants exercise how Triton's make_ttir orders them (see
 * kernels/features/constant_order.py, which this file ports line for line, and src/builder/order/pool.c). */
#include "tritonc/tritonc.h"

typedef struct constant_order_cfg {
    int BLOCK;
} constant_order_cfg;

static void constant_order(tl_builder *builder, const constant_order_cfg *cfg)
{
    tl_value p = tl_arg(builder, "p", TL_PTR(TL_I32));

    tl_value x = tl_load(tl_addptr(p, tl_arange(builder, 0, cfg->BLOCK)));
    tl_value y = tl_cdiv(tl_mul(x, 3), 8);
    tl_value z = tl_add(tl_mul(y, 5), 3);
    tl_value pid = tl_mul(tl_program_id(builder, 0), 5);
    tl_store(tl_addptr(p, pid), 1);
    tl_store(tl_addptr(p, tl_arange(builder, 0, cfg->BLOCK)), z);
}

static const constant_order_cfg constant_order_default = {.BLOCK = 4};
static const tl_cfg_field constant_order_fields[] = {TL_CFG_FIELD(constant_order_cfg, BLOCK, TL_CFG_INT)};

TL_KERNEL(constant_order_kernel, constant_order_cfg, constant_order,
          .name = "constant_order",
          .inouts = TL_NAMES("p"), /* read and written in place: no separate output */
          .python = "kernels/features/constant_order.py",
          .doc = "constants in Python's order after make_ttir (cdiv helper, scalars, dense splats)",
          .cfg_default = &constant_order_default,
          .nfields = (int)(sizeof constant_order_fields / sizeof constant_order_fields[0]),
          .fields = constant_order_fields,
          .problem = "p[4] grid=1");
