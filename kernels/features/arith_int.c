/* arith_int: integer arithmetic and promotion, bit operations, comparisons, program ids.
 * A line-for-line port of kernels/features/arith_int.py: each Python line of the body is one C line
 * here (statements Python joins with `;` stay on one line), same names, same order. */
#include "tritonc/tritonc.h"

typedef struct arith_int_cfg {
    int B; /* elements per program: a power of two */
} arith_int_cfg;

static void arith_int(tl_builder *builder, const arith_int_cfg *cfg)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32)); (void)n; /* unused, as in Python */

    tl_value i = tl_arange(builder, 0, cfg->B);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_value c = tl_add(a, b);            /* i32 + i64 -> promotion */
    tl_value d = tl_sub(tl_mul(a, 3), 7); d = tl_floordiv(d, 2); d = tl_mod(d, 5); d = tl_cdiv(d, 4);
    tl_value e = tl_or(tl_and(a, 3), tl_xor(a, 5)); e = tl_shl(e, 2); e = tl_shr(e, 1); e = tl_maximum(e, a); e = tl_minimum(e, 9);
    tl_value u = tl_umulhi(tl_to(a, TL_U32), tl_to(a, TL_U32));
    tl_value f = tl_add(tl_add(tl_abs(d), e), tl_to(u, TL_I32, .bitcast = true));
    tl_value g = tl_or(tl_or(tl_or(tl_ge(a, 1), tl_le(a, 2)), tl_eq(a, 3)), tl_ne(a, 4));
    f = tl_where(g, f, tl_neg(f));
    tl_store(tl_addptr(o, i), tl_add(f, tl_to(c, TL_I32)));
    tl_value p = tl_add(tl_add(tl_add(tl_mul(tl_program_id(builder, 0), 4), tl_program_id(builder, 1)), tl_num_programs(builder, 0)), tl_program_id(builder, 2));
    tl_store(tl_addptr(o, p), p);
}

static const arith_int_cfg arith_int_default = {.B = 64};
static const tl_cfg_field arith_int_fields[] = {TL_CFG_FIELD(arith_int_cfg, B, TL_CFG_INT)};

TL_KERNEL(arith_int_kernel, arith_int_cfg, arith_int,
          .name = "arith_int",
          .inputs = TL_NAMES("x", "y", "n"),
          .outputs = TL_NAMES("o"),
          .python = "kernels/features/arith_int.py",
          .doc = "integer arithmetic, promotion, bit ops, comparisons and program ids (catalog)",
          .cfg_default = &arith_int_default,
          .nfields = (int)(sizeof arith_int_fields / sizeof arith_int_fields[0]),
          .fields = arith_int_fields,
          .problem = "x[64] y[64] o[64] n=64 grid=1");
