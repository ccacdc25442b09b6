#include "base/tma_layout.h"

#include <inttypes.h>
#include <stdio.h>

#define TMA_MAX_STRIDE_BYTES ((int64_t)1 << 40)

bool base_tma_layout_ok(int rank, uint64_t base, const int64_t *shape, const int64_t *strides, int64_t elem_bytes,
                        bool nan_padding, bool is_float, const char *dtype_name, char *why, size_t why_size)
{
    if (elem_bytes < 1)
        elem_bytes = 1;
    if (base % 16 != 0) {
        snprintf(why, why_size, "the descriptor's base 0x%" PRIx64 " must be 16-byte aligned", base);
        return false;
    }
    for (int j = 0; j < rank; j++) {
        if (shape[j] < 1 || shape[j] > INT32_MAX) {
            snprintf(why, why_size, "the descriptor's shape[%d] is %" PRId64 ", not from 1 to %d", j, shape[j],
                     INT32_MAX);
            return false;
        }
        if (j == rank - 1 && strides[j] != 1) {
            snprintf(why, why_size,
                     "the descriptor's last dimension must be contiguous (strides[%d] is %" PRId64 ", not 1)", j,
                     strides[j]);
            return false;
        }
        if (j < rank - 1 &&
            (strides[j] < 1 || strides[j] >= TMA_MAX_STRIDE_BYTES / elem_bytes ||
             (strides[j] * elem_bytes) % 16 != 0)) {
            snprintf(why, why_size,
                     "the descriptor's strides[%d] is %" PRId64 " elements of %" PRId64
                     " bytes: strides must be positive multiples of 16 bytes below 2^40",
                     j, strides[j], elem_bytes);
            return false;
        }
    }
    if (nan_padding && !is_float) {
        snprintf(why, why_size, "padding `nan` is only supported for floating point tensors%s%s",
                 dtype_name ? ", not " : "", dtype_name ? dtype_name : "");
        return false;
    }
    return true;
}
