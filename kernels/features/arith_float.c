/* arith_float: float32 arithmetic, comparisons, min/max, where, math and the literal mix.
 * A line-for-line port of kernels/features/arith_float.py: each Python line of the body is one C line
 * here (statements Python joins with `;` stay on one line), same names, same order. */
#include "tritonc/tritonc.h"

typedef struct arith_float_cfg {
    int B; /* elements per program: a power of two */
} arith_float_cfg;

static void arith_float(tl_builder *builder, const arith_float_cfg *cfg)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value i = tl_arange(builder, 0, cfg->B); tl_value m = tl_lt(i, n);
    tl_value a = tl_load(tl_addptr(x, i), .mask = m, .other = tl_lit(0.0)); tl_value b = tl_load(tl_addptr(y, i), .mask = m, .other = tl_lit(1.0));
    tl_value r = tl_add(a, b); r = tl_sub(r, tl_mul(a, b)); r = tl_div(r, b); r = tl_mod(r, b); r = tl_neg(r);
    r = tl_maximum(r, a); r = tl_minimum(r, b);
    r = tl_maximum(r, a, .propagate_nan = TL_NAN_ALL); r = tl_minimum(r, b, .propagate_nan = TL_NAN_ALL);
    r = tl_where(tl_gt(a, b), r, a); r = tl_where(tl_and(tl_lt(a, b), tl_ne(a, b)), r, b);
    r = tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_abs(r), tl_exp(r)), tl_exp2(r)), tl_log(r)), tl_log2(r)), tl_sqrt(r)), tl_rsqrt(r));
    r = tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(r, tl_sin(r)), tl_cos(r)), tl_erf(r)), tl_floor(r)), tl_ceil(r)), tl_fma(r, a, b));
    r = tl_add(tl_clamp(r, a, b), tl_clamp(r, a, b, .propagate_nan = TL_NAN_ALL));
    r = tl_add(tl_add(tl_add(tl_sqrt_rn(r), tl_div_rn(r, b)), tl_fdiv(r, b)), tl_fdiv(r, b, .ieee_rounding = true));
    r = tl_sub(tl_add(tl_mul(r, 2.0), 1), 0.5);
    tl_store(tl_addptr(o, i), r, .mask = m);
}

static const arith_float_cfg arith_float_default = {.B = 128};
static const tl_cfg_field arith_float_fields[] = {TL_CFG_FIELD(arith_float_cfg, B, TL_CFG_INT)};

TL_KERNEL(arith_float_kernel, arith_float_cfg, arith_float,
          .name = "arith_float",
          .inputs = TL_NAMES("x", "y", "n"),
          .outputs = TL_NAMES("o"),
          .python = "kernels/features/arith_float.py",
          .doc = "float32 arithmetic, comparisons, min/max, where, math and literals (catalog)",
          .cfg_default = &arith_float_default,
          .nfields = (int)(sizeof arith_float_fields / sizeof arith_float_fields[0]),
          .fields = arith_float_fields,
          .problem = "x[128]=0.5,1.25,2,3.5 y[128]=1.5,0.75,2.5,1 o[128] n=100 grid=1");
