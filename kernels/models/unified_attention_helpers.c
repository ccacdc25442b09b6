/* The @triton.jit helpers of kernels/models/unified_attention_2d.py, which unified_attention_3d.py and
 * reduce_segments.py share, as C functions (prefixed ua_: the library exports them; declared in
 * unified_attention_helpers.h). Each is bracketed as a helper: Python calls it (tt.call) and Triton inlines it late, which
 * decides where its constants land after make_ttir (tl_builder_helper_begin in builder.h). */
#include "unified_attention_helpers.h"

/* cdiv_fn(x, y): (x + y - 1) // y; y a constexpr (tl_lit) or a value. With a constexpr y,
 * Python's (x + y) - 1 becomes x + (y - 1) when Triton canonicalizes the helper alone, before
 * inlining it: the y - 1 is then the helper's constant (on top with its call's others after
 * make_ttir), not one the kernel's canonicalization makes. So the C port writes that form. */
tl_value ua_cdiv_fn(tl_value x, tl_value y)
{
    tl_builder_helper_begin(x.b);
    tl_value sum = tl_value_is_lit(y) && y.lit == TL_LIT_INT ? tl_add(x, tl_lit_int(y.lit_val.i - 1))
                                                              : tl_sub(tl_add(x, y), 1);
    tl_value r = tl_floordiv(sum, y);
    tl_builder_helper_end(x.b);
    return r;
}

/* apply_softcap(S, cap): cap * tanh(S / cap), through two exponentials. */
tl_value ua_apply_softcap(tl_value S, tl_value cap)
{
    tl_builder_helper_begin(S.b);
    /* cap * tanh(S / cap), through two exponentials */
    tl_value s = tl_div(S, cap);
    tl_value e_pos = tl_exp(s);
    tl_value e_neg = tl_exp(tl_neg(s));
    tl_value r = tl_div(tl_mul(cap, tl_sub(e_pos, e_neg)), tl_add(e_pos, e_neg));
    tl_builder_helper_end(S.b);
    return r;
}

/* find_seq_idx: the last sequence whose first q-block (Q_BLOCK_MODE: query_start_loc[s] // BLOCK_Q
 * + s) or first token (query_start_loc[s]) is at or before target; a binary search. The while and
 * the if take the explicit form: Python carries lo, hi (lo defined first), but hi holds the kernel
 * argument num_seqs, which C numbers before lo (docs/control.md). */
tl_value ua_find_seq_idx(tl_builder *builder, tl_value query_start_loc_ptr, tl_value target,
                       tl_value num_seqs, int BLOCK_Q, bool Q_BLOCK_MODE)
{
    tl_builder_helper_begin(builder);
    /* the last sequence whose first q-block (Q_BLOCK_MODE) or first token is at or before target */
    tl_value lo = tl_lit(0);
    tl_value hi = num_seqs;
    tl_scope loop = tl_while(builder, .inits = TL_VALUES(lo, hi)); tl_do(&loop, tl_lt(loop.args[0], loop.args[1]), loop.args[0], loop.args[1]); lo = loop.args[0]; hi = loop.args[1];
        tl_value mid = tl_floordiv(tl_add(lo, hi), 2);
        tl_value start = tl_load(tl_addptr(query_start_loc_ptr, mid));
        tl_value key = Q_BLOCK_MODE ? tl_add(tl_floordiv(start, BLOCK_Q), mid) : start;
        tl_scope branch = tl_if(tl_le(key, target));
            /* lo = mid + 1 */
        tl_else(&branch, tl_add(mid, 1), hi);
            /* hi = mid */
        tl_yield(&branch, lo, mid);
    tl_yield(&loop, branch.results[0], branch.results[1]);
    lo = loop.results[0];
    tl_value r = tl_sub(lo, 1);
    tl_builder_helper_end(builder);
    return r;
}

