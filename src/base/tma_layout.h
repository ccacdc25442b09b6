/* Private: the layout rules of a host TMA tensor descriptor (Triton's TensorDescriptor checks and
 * cuTensorMapEncodeTiled's limits), shared by the CUDA launcher (src/cuda/tensordesc.c) and the
 * interpreter (src/interp/interp.c), which say them in the same words. */
#ifndef TRITONC_BASE_TMA_LAYOUT_H
#define TRITONC_BASE_TMA_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True when a descriptor of `rank` dimensions over elements of elem_bytes bytes meets the rules:
 * base 16-byte aligned; every shape from 1 to INT32_MAX (the kernel takes it in an i32); the last
 * dimension contiguous (stride 1); every other stride a positive multiple of 16 bytes below 2^40;
 * padding `nan` only when is_float. Otherwise false, with the first broken rule in why (no prefix:
 * "the descriptor's shape[0] is 0, not from 1 to 2147483647"); dtype_name, when not NULL, is named
 * in the padding rule's message. */
bool base_tma_layout_ok(int rank, uint64_t base, const int64_t *shape, const int64_t *strides, int64_t elem_bytes,
                        bool nan_padding, bool is_float, const char *dtype_name, char *why, size_t why_size);

#endif
