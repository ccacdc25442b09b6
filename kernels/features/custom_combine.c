/* custom_combine: tl.reduce and tl.associative_scan with @jit combine functions, one of them
 * over two operands. A line-for-line port of kernels/features/custom_combine.py: each Python line is
 * one C line here, same names, same order; the @jit combine functions are tl_combine_fn
 * callbacks (a holds the first group of arguments, b the second). */
#include "tritonc/tritonc.h"

typedef struct custom_combine_cfg {
    int N; /* elements: a power of two */
} custom_combine_cfg;

/* _combine(a, b) */
static void combine(tl_builder *builder, const tl_value *a, const tl_value *b, tl_value *out, void *ctx)
{
    (void)builder, (void)ctx;
    out[0] = tl_add(tl_mul(a[0], b[0]), 1.0);
}

/* _pair(a0, a1, b0, b1) */
static void pair(tl_builder *builder, const tl_value *a, const tl_value *b, tl_value *out, void *ctx)
{
    (void)builder, (void)ctx;
    out[0] = tl_add(a[0], b[0]); out[1] = tl_maximum(a[1], b[1]);
}

static void custom_combine(tl_builder *builder, const custom_combine_cfg *cfg)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value r = tl_arange(builder, 0, cfg->N); tl_value a = tl_load(tl_addptr(x, r));
    tl_value s = tl_reduce(TL_VALUES(a), 0, combine, NULL).v[0];
    tl_value c = tl_scan(TL_VALUES(a), 0, combine, NULL).v[0];
    tl_values pq = tl_reduce(TL_VALUES(a, a), 0, pair, NULL); tl_value p = pq.v[0], q = pq.v[1];
    tl_store(tl_addptr(o, r), tl_add(tl_add(tl_add(c, s), p), q));
}

static const custom_combine_cfg custom_combine_default = {.N = 64};
static const tl_cfg_field custom_combine_fields[] = {TL_CFG_FIELD(custom_combine_cfg, N, TL_CFG_INT)};

TL_KERNEL(custom_combine_kernel, custom_combine_cfg, custom_combine,
          .name = "custom_combine",
          .inputs = TL_NAMES("x"),
          .outputs = TL_NAMES("o"),
          .python = "kernels/features/custom_combine.py",
          .doc = "tl.reduce / tl.associative_scan with C combine callbacks, one over two operands (catalog)",
          .cfg_default = &custom_combine_default,
          .nfields = (int)(sizeof custom_combine_fields / sizeof custom_combine_fields[0]),
          .fields = custom_combine_fields,
          .problem = "x[64] o[64] grid=1");
