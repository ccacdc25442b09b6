/* The @triton.jit helpers of kernels/models/unified_attention_2d.py (cdiv_fn, apply_softcap,
 * find_seq_idx), shared by the unified attention kernels: kernels/models/unified_attention_helpers.c. */
#ifndef TRITONC_KERNELS_UNIFIED_ATTENTION_HELPERS_H
#define TRITONC_KERNELS_UNIFIED_ATTENTION_HELPERS_H

#include "tritonc/tritonc.h"

/* cdiv_fn(x, y): (x + y - 1) // y; y a constexpr (a literal) or a value. */
tl_value ua_cdiv_fn(tl_value x, tl_value y);
/* apply_softcap(S, cap): cap * tanh(S / cap). */
tl_value ua_apply_softcap(tl_value S, tl_value cap);
/* find_seq_idx: the last sequence whose first q-block (Q_BLOCK_MODE) or first token is at or
 * before target, by binary search over query_start_loc_ptr[0 .. num_seqs]. */
tl_value ua_find_seq_idx(tl_builder *builder, tl_value query_start_loc_ptr, tl_value target, tl_value num_seqs,
                         int BLOCK_Q, bool Q_BLOCK_MODE);

#endif
