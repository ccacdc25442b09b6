/* debug_and_asm: device_print, device_assert, assume, the contiguity hints, inline asm and a
 * libdevice call. A line-for-line port of kernels/features/debug_and_asm.py: each Python line of the body
 * is one C line here, same names, same order. Triton 3.6 has tl.extra.cuda.libdevice, so `z` is
 * libdevice.tanh(a); `B > 0` is a constexpr in Python and a C condition here. */
#include "tritonc/tritonc.h"

typedef struct debug_and_asm_cfg {
    int B; /* elements per program: a power of two */
} debug_and_asm_cfg;

static void debug_and_asm(tl_builder *builder, const debug_and_asm_cfg *cfg)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value r = tl_arange(builder, 0, cfg->B);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_device_print(builder, "a=", a);
    tl_device_print(builder, "pid", tl_program_id(builder, 0), .hex = true);
    tl_device_assert(tl_eq(a, a), "nan!");
    tl_assume(builder, cfg->B > 0);
    tl_value r2 = tl_max_contiguous(tl_multiple_of(r, 16), 16);
    tl_value y = tl_inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", TL_VALUES(a), TL_F32, true, 1);
    tl_value z = tl_libdevice(a, "tanh");
    tl_store(tl_addptr(o, r2), tl_add(y, z));
}

static const debug_and_asm_cfg debug_and_asm_default = {.B = 64};
static const tl_cfg_field debug_and_asm_fields[] = {TL_CFG_FIELD(debug_and_asm_cfg, B, TL_CFG_INT)};

TL_KERNEL(debug_and_asm_kernel, debug_and_asm_cfg, debug_and_asm,
          .name = "debug_and_asm",
          .inputs = TL_NAMES("x"),
          .outputs = TL_NAMES("o"),
          .python = "kernels/features/debug_and_asm.py",
          .doc = "device_print, device_assert, assume, hints, inline asm, libdevice (catalog)",
          .cfg_default = &debug_and_asm_default,
          .nfields = (int)(sizeof debug_and_asm_fields / sizeof debug_and_asm_fields[0]),
          .fields = debug_and_asm_fields);
