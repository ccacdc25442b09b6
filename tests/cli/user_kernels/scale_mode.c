/* A user's kernel whose constexprs are a float, a string and a negative integer (issue 30; a
 * test input of `tritonc --from`, not a bundled kernel):
 *
 *     @triton.jit
 *     def scale_mode(X, Y, N, EPS: tl.constexpr, MODE: tl.constexpr, SHIFT: tl.constexpr,
 *                    BLOCK: tl.constexpr):
 *         offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
 *         mask = offs < N
 *         y = tl.load(X + offs, mask=mask) * EPS
 *         if MODE == "relu":
 *             y = tl.maximum(y, 0.0)
 *         tl.store(Y + offs + SHIFT, y, mask=mask & (offs + SHIFT >= 0))
 */
#include <string.h>

#include <tritonc/tritonc.h>

typedef struct scale_mode_cfg {
    double EPS;
    char MODE[TL_CFG_STRING_MAX];
    int SHIFT;
    int BLOCK;
} scale_mode_cfg;

static void scale_mode(tl_builder *b, const scale_mode_cfg *cfg)
{
    tl_value X = tl_arg(b, "X", TL_PTR(TL_F32));
    tl_value Y = tl_arg(b, "Y", TL_PTR(TL_F32));
    tl_value N = tl_arg(b, "N", TL_SCALAR(TL_I32));

    tl_value offs = tl_add(tl_mul(tl_program_id(b, 0), cfg->BLOCK), tl_arange(b, 0, cfg->BLOCK));
    tl_value mask = tl_lt(offs, N);
    tl_value y = tl_mul(tl_load(tl_addptr(X, offs), .mask = mask), cfg->EPS);
    if (strcmp(cfg->MODE, "relu") == 0)
        y = tl_maximum(y, 0.0);
    tl_store(tl_addptr(tl_addptr(Y, offs), cfg->SHIFT), y, .mask = tl_and(mask, tl_ge(tl_add(offs, cfg->SHIFT), 0)));
}

static const scale_mode_cfg scale_mode_default = {.EPS = 1e-5, .MODE = "none", .SHIFT = -1, .BLOCK = 1024};
static const tl_cfg_field scale_mode_fields[] = {
    TL_CFG_FIELD(scale_mode_cfg, EPS, TL_CFG_FLOAT),
    TL_CFG_FIELD(scale_mode_cfg, MODE, TL_CFG_STRING),
    TL_CFG_FIELD(scale_mode_cfg, SHIFT, TL_CFG_SINT),
    TL_CFG_FIELD(scale_mode_cfg, BLOCK, TL_CFG_INT),
};

TL_KERNEL(scale_mode_kernel, scale_mode_cfg, scale_mode,
          .name = "scale_mode",
          .inputs = TL_NAMES("X", "N"),
          .outputs = TL_NAMES("Y"),
          .doc = "Y[i + SHIFT] = X[i] * EPS, then relu when MODE is relu",
          .cfg_default = &scale_mode_default,
          .nfields = 4,
          .fields = scale_mode_fields,
          .problem = "X[4096] Y[4096] N=4096 grid=N/BLOCK");
