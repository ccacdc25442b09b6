/* triton.language.extra.cuda's functions of the kernel itself (libdevice is asm.c's table):
 * globaltimer, smid, gdc_wait and gdc_launch_dependents, each Python's inline_asm_elementwise
 * call with no arguments (Triton 3.6's extra/cuda/utils.py and gdc.py). */
#include "lang/lang_internal.h"
#include "tritonc/debug.h"

static tl_value cuda_extra_asm(tl_site s, tl_builder *b, const char *asm_text, const char *constraints, tl_dtype dt,
                               bool is_pure)
{
    if (!lang_builder(s, b, 0, NULL, NULL))
        return TL_POISON;
    return tl_inline_asm_elementwise_in_at(s, b, asm_text, constraints, TL_NO_VALUES, TL_DTYPES(dt), is_pure, 1).v[0];
}

tl_value tl_globaltimer_at(tl_site s, tl_builder *b)
{
    return cuda_extra_asm(s, b, "mov.u64 $0, %globaltimer;", "=l", TL_I64, false);
}

tl_value tl_smid_at(tl_site s, tl_builder *b) { return cuda_extra_asm(s, b, "mov.u32 $0, %smid;", "=r", TL_I32, true); }

void tl_gdc_wait_at(tl_site s, tl_builder *b)
{
    cuda_extra_asm(s, b, "griddepcontrol.wait; // dummy $0", "=r", TL_I32, false);
}

void tl_gdc_launch_dependents_at(tl_site s, tl_builder *b)
{
    cuda_extra_asm(s, b, "griddepcontrol.launch_dependents; // dummy $0", "=r", TL_I32, false);
}
