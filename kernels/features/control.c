/* control: an early return, for loops (range, tl.range with num_stages, tl.static_range), a
 * while loop, if / else with results, an if without else, and a return inside an if.
 * A line-for-line port of kernels/features/control.py: each Python line is one C line here, same
 * names, same order; a scope opens on the line of its Python statement (naming the C
 * variables it carries) and closes with tl_end on a line of its own. A tl.static_range loop is
 * a C loop, unrolled as Python unrolls it. */
#include "tritonc/tritonc.h"

typedef struct control_cfg {
    int B; /* elements per program: a power of two */
} control_cfg;

static void control(tl_builder *builder, const control_cfg *cfg)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(builder, 0);
    tl_return_if(tl_ge(tl_mul(pid, cfg->B), n), .inline_return = true);
    /* return */
    tl_value r = tl_arange(builder, 0, cfg->B);
    tl_value acc = tl_zeros(builder, TL_SHAPE(cfg->B), TL_F32);
    tl_value p = tl_addptr(x, r);
    tl_scope loop_k = tl_for(builder, 0, n, cfg->B, .carry = TL_VARS(&acc, &p)); tl_value k = loop_k.iv;
        acc = tl_add(acc, tl_load(p, .mask = tl_lt(tl_add(r, k), n), .other = tl_lit(0.0)));
        p = tl_addptr(p, cfg->B);
    tl_end(&loop_k);
    tl_scope loop_j = tl_for(builder, 0, 4, 1, .carry = TL_VARS(&acc), .num_stages = 2);
        acc = tl_mul(acc, 2.0);
    tl_end(&loop_j);
    for (int j = 0; j < 2; j++)
        acc = tl_add(acc, j);
    tl_value i = tl_lit(0);
    tl_scope loop_i = tl_while(builder, .carry = TL_VARS(&i)); tl_do(&loop_i, tl_lt(i, n));
        i = tl_add(i, 3);
    tl_end(&loop_i);
    tl_scope if_i = tl_if(tl_gt(i, 10), .carry = TL_VARS(&acc));
        acc = tl_add(acc, 1.0);
    tl_else(&if_i);
        acc = tl_sub(acc, 1.0);
    tl_end(&if_i);
    tl_scope if_pid = tl_if(tl_eq(pid, 0));
        tl_store(tl_addptr(o, r), acc);
    tl_end(&if_pid);
    tl_value s = tl_sum(acc);
    tl_scope if_s = tl_return_if_open(tl_gt(s, 0.0), .inline_return = true);
        tl_store(o, s);
    tl_end(&if_s); /* return */
    tl_store(tl_addptr(tl_addptr(o, r), cfg->B), tl_add(acc, i));
}

static const control_cfg control_default = {.B = 128};
static const tl_cfg_field control_fields[] = {TL_CFG_FIELD(control_cfg, B, TL_CFG_INT)};

TL_KERNEL(control_kernel, control_cfg, control,
          .name = "control",
          .inputs = TL_NAMES("x", "n"),
          .outputs = TL_NAMES("o"),
          .python = "kernels/features/control.py",
          .doc = "early returns, for / tl.range / static_range, while, if / else (catalog)",
          .cfg_default = &control_default,
          .nfields = (int)(sizeof control_fields / sizeof control_fields[0]),
          .fields = control_fields,
          .problem = "x[1000] o[256] n=1000 grid=n/B");
