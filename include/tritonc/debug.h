/* tritonc/debug.h - debug, hints and escape ops: tl_device_print, tl_device_assert, tl_assume, tl_multiple_of, tl_max_contiguous, tl_inline_asm_elementwise, tl_extern_elementwise, tl_fp_to_fp, random numbers. */
#ifndef TRITONC_DEBUG_H
#define TRITONC_DEBUG_H

#include "tritonc/control.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif
#endif
