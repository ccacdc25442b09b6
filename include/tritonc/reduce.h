/* tritonc/reduce.h - reductions and scans: tl_sum, tl_max, tl_min, tl_argmax, tl_argmin, tl_xor_sum, tl_cumsum, tl_cumprod, custom tl_reduce and tl_scan with C combine callbacks. */
#ifndef TRITONC_REDUCE_H
#define TRITONC_REDUCE_H

#include "tritonc/control.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif
#endif
