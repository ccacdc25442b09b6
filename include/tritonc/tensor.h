/* tritonc/tensor.h - matrix and shape ops: tl_dot, tl_dot_scaled, tl_reshape, tl_trans, tl_permute, tl_cat, tl_join, tl_split, tl_gather, tl_histogram, tl_item. */
#ifndef TRITONC_TENSOR_H
#define TRITONC_TENSOR_H

#include "tritonc/control.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif
#endif
