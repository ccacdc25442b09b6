/* vector_add_xla: out = x + y over n float32 values, BLOCK_SIZE elements per program, in the
 * form XLA's Triton custom call launches: every argument a buffer, inputs first, then outputs
 * (n_elements is a 0-d int32 tensor the kernel loads). A line-for-line port of
 * kernels/features/vector_add_xla.py; its typed call site is in kernels/xla_calls.h. */
#include "tritonc/tritonc.h"

typedef struct vector_add_xla_cfg {
    int BLOCK_SIZE; /* elements per program: a power of two */
} vector_add_xla_cfg;

static void vector_add_xla(tl_builder *builder, const vector_add_xla_cfg *cfg)
{
    tl_value x_ptr = tl_arg(builder, "x_ptr", TL_PTR(TL_F32));
    tl_value y_ptr = tl_arg(builder, "y_ptr", TL_PTR(TL_F32));
    tl_value n_elements_ptr = tl_arg(builder, "n_elements_ptr", TL_PTR(TL_I32));
    tl_value output_ptr = tl_arg(builder, "output_ptr", TL_PTR(TL_F32));

    tl_value n_elements = tl_load(n_elements_ptr);
    tl_value pid = tl_program_id(builder, 0);
    tl_value block_start = tl_mul(pid, cfg->BLOCK_SIZE);
    tl_value offsets = tl_add(block_start, tl_arange(builder, 0, cfg->BLOCK_SIZE));
    tl_value mask = tl_lt(offsets, n_elements);
    tl_value x = tl_load(tl_addptr(x_ptr, offsets), .mask = mask);
    tl_value y = tl_load(tl_addptr(y_ptr, offsets), .mask = mask);
    tl_store(tl_addptr(output_ptr, offsets), tl_add(x, y), .mask = mask);
}

static const vector_add_xla_cfg vector_add_xla_default = {.BLOCK_SIZE = 1024};
static const tl_cfg_field vector_add_xla_fields[] = {TL_CFG_FIELD(vector_add_xla_cfg, BLOCK_SIZE, TL_CFG_INT)};

TL_KERNEL(vector_add_xla_kernel, vector_add_xla_cfg, vector_add_xla,
          .name = "vector_add_xla",
          .inputs = TL_NAMES("x_ptr", "y_ptr", "n_elements_ptr"),
          .outputs = TL_NAMES("output_ptr"),
          .python = "kernels/features/vector_add_xla.py",
          .doc = "out = x + y with every argument a buffer (n_elements a 0-d tensor): for XLA's Triton call",
          .cfg_default = &vector_add_xla_default,
          .nfields = (int)(sizeof vector_add_xla_fields / sizeof vector_add_xla_fields[0]),
          .fields = vector_add_xla_fields,
          .problem = "x_ptr[4096] y_ptr[4096] n_elements_ptr[1]=4096 output_ptr[4096] grid=4");
