/* ports_cases: the C ports of the real kernels in tests/gpu/ports_cases.py (FlagGems operators
 * whose Python writes masks positionally, calls a @jit program_id helper inside expressions and
 * chains pointer arithmetic left to right), for a differential test against Triton 3.6
 * (tests/gpu/validate_ops.py, run by tests/gpu/run.sh for every *_cases.c / *_cases.py pair).
 *
 *   ports_cases OUTDIR [NAME...]   writes OUTDIR/NAME.ttir for every case (or the named ones)
 *   ports_cases --list             prints the case names, one a line
 *
 * Each port follows its Python one line to one line, written as a user would port it with the
 * forms made for those pitfalls: `tl.load(p, mask, other=0.0)` is tl_load(p, mask, tl_lit(0.0))
 * (positional arguments in Python's places), a @jit helper called inside an expression begins at
 * its caller's site (tl_builder_helper_begin_at), and `p + a + b` is tl_addptr(p, a, b). Change
 * both files together.
 */
#include "cases_driver.h"

#define PTR(dt) TL_PTR_OPTS(dt, .divisibility = TL_DIV_NONE)

/* ---- FlagGems' device helpers (utils/triton_lang_extension.py) ---------------------------- */

/* ext_program_id(axis): tl.program_id(axis).to(tl.int64); called inside expressions */
static tl_value ext_program_id_at(tl_site site, tl_builder *b, int axis)
{
    tl_builder_helper_begin_at(site, b);
    tl_value pid = tl_to(tl_program_id(b, axis), TL_I64);
    tl_builder_helper_end(b);
    return pid;
}
#define ext_program_id(b, axis) ext_program_id_at(TL_SITE("ext_program_id"), (b), (axis))

/* reduce_any(a, b): a or b */
static void reduce_any(tl_builder *b, const tl_value *x, const tl_value *y, tl_value *out, void *ctx)
{
    (void)b, (void)ctx;
    out[0] = tl_or(x[0], y[0]);
}

/* ---- ops/mean.py, mean_dim_kernel --------------------------------------------------------- */

static void flaggems_mean_dim(tl_builder *b)
{
    enum { BLOCK_M = 4, BLOCK_N = 64 };
    tl_value X = tl_arg(b, "X", PTR(TL_F32));
    tl_value Mean = tl_arg(b, "Mean", PTR(TL_F32));
    tl_value M = tl_arg(b, "M", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(b, "N", TL_SCALAR(TL_I32));

    tl_value pid = tl_add(tl_mul(ext_program_id(b, 0), BLOCK_M), tl_index(tl_arange(b, 0, BLOCK_M), TL_ALL, TL_NONE));
    X = tl_addptr(X, tl_mul(pid, N));
    Mean = tl_addptr(Mean, pid);
    tl_value row_mask = tl_lt(pid, M);

    tl_value _mean = tl_zeros(b, TL_SHAPE(BLOCK_M, BLOCK_N), TL_F32);
    tl_scope loop = tl_for(b, 0, N, BLOCK_N, .carry = TL_VARS(&_mean)); tl_value off = loop.iv;
        tl_value cols = tl_add(off, tl_index(tl_arange(b, 0, BLOCK_N), TL_NONE, TL_ALL));
        tl_value col_mask = tl_lt(cols, N);
        tl_value mask = tl_and(row_mask, col_mask);

        tl_value a = tl_to(tl_load(tl_addptr(X, cols), mask, tl_lit(0.0)), TL_F32);
        _mean = tl_add(_mean, a);
    tl_end(&loop);
    tl_value mean = tl_div(tl_sum(_mean, 1), N);
    mean = tl_index(mean, TL_ALL, TL_NONE);
    tl_store(Mean, mean, row_mask);
}

/* ---- ops/all.py, all_dim1_2d_kernel ------------------------------------------------------- */

static void flaggems_all_dim1(tl_builder *b)
{
    enum { BLOCK_M = 8, BLOCK_N = 32 };
    tl_value x_ptr = tl_arg(b, "x_ptr", PTR(TL_F32));
    tl_value out_ptr = tl_arg(b, "out_ptr", PTR(TL_I1));
    tl_value M = tl_arg(b, "M", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(b, "N", TL_SCALAR(TL_I32));
    tl_value stride_xm = tl_arg(b, "stride_xm", TL_SCALAR(TL_I32));
    tl_value stride_xn = tl_arg(b, "stride_xn", TL_SCALAR(TL_I32));

    tl_value pid_m = tl_add(tl_mul(ext_program_id(b, 0), BLOCK_M), tl_index(tl_arange(b, 0, BLOCK_M), TL_ALL, TL_NONE));
    tl_value row_mask = tl_lt(pid_m, M);

    tl_value has_zero = tl_zeros(b, TL_SHAPE(BLOCK_M, BLOCK_N), TL_I1);
    tl_scope loop = tl_for(b, 0, N, BLOCK_N, .carry = TL_VARS(&has_zero)); tl_value off = loop.iv;
        tl_value cols = tl_add(off, tl_index(tl_arange(b, 0, BLOCK_N), TL_NONE, TL_ALL));
        tl_value col_mask = tl_lt(cols, N);
        tl_value mask = tl_and(row_mask, col_mask);
        tl_value x = tl_load(tl_addptr(x_ptr, tl_mul(pid_m, stride_xm), tl_mul(cols, stride_xn)), .mask = mask, .other = tl_lit(1.0));
        has_zero = tl_or(has_zero, tl_eq(x, 0.0));
    tl_end(&loop);

    tl_value row_has_zero = tl_reduce(TL_VALUES(has_zero), 1, reduce_any, NULL).v[0];
    tl_value row_all = tl_eq(row_has_zero, 0);
    tl_store(tl_addptr(out_ptr, pid_m), tl_index(row_all, TL_ALL, TL_NONE), row_mask);
}

/* ---- ops/embedding.py, embedding_backward_kernel ------------------------------------------ */

static void flaggems_embedding_bwd(tl_builder *b)
{
    enum { N = 100, BLOCK_SIZE = 128 };
    const bool HAS_PADDING_IDX = true;
    tl_value grad_in = tl_arg(b, "grad_in", PTR(TL_F32));
    tl_value grad_out = tl_arg(b, "grad_out", PTR(TL_BF16));
    tl_value indices = tl_arg(b, "indices", PTR(TL_I64));
    tl_value padding_idx = tl_arg(b, "padding_idx", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(b, 0);
    grad_out = tl_addptr(grad_out, tl_mul(pid, N));
    indices = tl_addptr(indices, pid);

    tl_value mask = tl_lt(tl_arange(b, 0, BLOCK_SIZE), N);
    tl_value cols = tl_arange(b, 0, BLOCK_SIZE);

    tl_value row_idx = tl_to(tl_load(indices), TL_I32);
    if (!HAS_PADDING_IDX) {
        grad_in = tl_addptr(grad_in, tl_mul(row_idx, N));
        tl_value embedding_grad = tl_load(tl_addptr(grad_out, cols), mask, tl_lit(0.0));
        if (tl_dtype_of(embedding_grad) == TL_BF16)
            embedding_grad = tl_to(embedding_grad, TL_F32);
        tl_atomic_add(tl_addptr(grad_in, cols), embedding_grad, .mask = mask);
    } else {
        tl_scope s = tl_if(tl_ne(row_idx, padding_idx), .carry = TL_VARS(&grad_in));
            grad_in = tl_addptr(grad_in, tl_mul(row_idx, N));
            tl_value embedding_grad = tl_load(tl_addptr(grad_out, cols), mask, tl_lit(0.0));
            if (tl_dtype_of(embedding_grad) == TL_BF16)
                embedding_grad = tl_to(embedding_grad, TL_F32);
            tl_atomic_add(tl_addptr(grad_in, cols), embedding_grad, .mask = mask);
        tl_end(&s);
    }
}

/* ---- ops/embedding.py, embedding_grad_scale_kernel ---------------------------------------- */

static void flaggems_embedding_grad_scale(tl_builder *b)
{
    enum { BLOCK_SIZE = 128 };
    tl_value grad_out = tl_arg(b, "grad_out", PTR(TL_F32));
    tl_value indice_freq = tl_arg(b, "indice_freq", PTR(TL_I32));
    tl_value n_rows = tl_arg(b, "n_rows", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(b, "N", TL_SCALAR(TL_I32));

    tl_value row_start = tl_program_id(b, 0);
    tl_value row_step = tl_num_programs(b, 0);

    tl_scope loop = tl_for(b, row_start, n_rows, row_step); tl_value row_idx = loop.iv;
        tl_value embedding_scale = tl_to_tensor(b, 1.0); /* a number assigned to a name: a constant there (docs/order.md) */
        tl_value indice_freq_val = tl_load(tl_addptr(indice_freq, row_idx));
        tl_scope s = tl_if(tl_gt(indice_freq_val, 1), .carry = TL_VARS(&embedding_scale));
            embedding_scale = tl_div(1.0, indice_freq_val);
        tl_end(&s);

        tl_value cols = tl_arange(b, 0, BLOCK_SIZE);
        tl_value mask = tl_lt(tl_arange(b, 0, BLOCK_SIZE), N);
        tl_value embedding_grad = tl_load(tl_addptr(grad_out, tl_mul(row_idx, N), cols), .mask = mask);
        tl_value scaled_embedding_grad = tl_mul(embedding_grad, embedding_scale);
        tl_store(tl_addptr(grad_out, tl_mul(row_idx, N), cols), scaled_embedding_grad, .mask = mask);
    tl_end(&loop);
}

/* ---- ops/index_select.py, ld_st_1 and one_batch_index_select_kernel ----------------------- */

static void ld_st_1(tl_builder *b, tl_value indices, int N, tl_value weight_ptr, tl_value in_mask,
                    tl_value in_offsets, tl_value out_ptr)
{
    tl_builder_helper_begin(b);
    tl_value weight_offsets = tl_add(tl_mul(tl_index(indices, TL_ALL, TL_NONE), N), tl_arange(b, 0, N));
    tl_value embedding_weight = tl_load(tl_addptr(weight_ptr, weight_offsets), tl_index(in_mask, TL_ALL, TL_NONE));
    tl_value out_offsets = tl_add(tl_mul(tl_index(in_offsets, TL_ALL, TL_NONE), N), tl_arange(b, 0, N));
    tl_store(tl_addptr(out_ptr, out_offsets), embedding_weight, tl_index(in_mask, TL_ALL, TL_NONE));
    tl_builder_helper_end(b);
}

static void flaggems_index_select(tl_builder *b)
{
    enum { in_n_elements = 1000, N = 16, BLOCK_SIZE = 256 };
    tl_value out_ptr = tl_arg(b, "out_ptr", PTR(TL_F32));
    tl_value in_ptr = tl_arg(b, "in_ptr", PTR(TL_I64));
    tl_value weight_ptr = tl_arg(b, "weight_ptr", PTR(TL_F32));
    tl_value dtype_size = tl_arg(b, "dtype_size", TL_SCALAR(TL_I32));
    tl_value inp_numel = tl_arg(b, "inp_numel", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(b, 0);
    tl_value num_jobs = tl_num_programs(b, 0);

    enum { INDEX_BLOCK_SIZE = (BLOCK_SIZE + N - 1) / N };

    tl_value step = tl_mul(num_jobs, INDEX_BLOCK_SIZE);
    tl_value iters = tl_cdiv(in_n_elements, step);

    tl_value small_out = tl_le(tl_mul(tl_to(inp_numel, TL_I64), dtype_size), 1LL << 31);

    tl_scope loop = tl_for(b, 0, iters, 1); tl_value i = loop.iv;
        tl_value iter_start = tl_mul(i, step);
        tl_value iter_end = tl_add(iter_start, step);

        tl_value block_offset = TL_UNSET, block_len = TL_UNSET;
        tl_scope s = tl_if(tl_le(iter_end, in_n_elements), .carry = TL_VARS(&block_offset, &block_len));
            block_offset = tl_add(iter_start, tl_mul(pid, INDEX_BLOCK_SIZE));
            block_len = tl_lit(INDEX_BLOCK_SIZE);
        tl_else(&s);
            tl_value rem_n_elements = tl_sub(in_n_elements, iter_start);
            tl_value base_num = tl_floordiv(rem_n_elements, num_jobs);
            tl_value remn_num = tl_mod(rem_n_elements, num_jobs);
            tl_value extra_one = tl_lt(pid, remn_num);

            block_offset = tl_add(iter_start, TL_IFEXP(extra_one, tl_mul(tl_add(base_num, 1), pid), tl_add(tl_mul(base_num, pid), remn_num)));
            block_len = tl_add(base_num, extra_one);
        tl_end(&s);

        tl_value in_offsets = tl_add(block_offset, tl_arange(b, 0, INDEX_BLOCK_SIZE));
        tl_value in_mask = tl_lt(in_offsets, tl_add(block_offset, block_len));
        tl_value indices = tl_load(tl_addptr(in_ptr, in_offsets), in_mask, tl_lit(0.0));
        if (tl_dtype_of(indices) != TL_I32) {
            tl_scope t = tl_if(small_out);
                tl_value indices_int32 = tl_to(indices, TL_I32);
                ld_st_1(b, indices_int32, N, weight_ptr, in_mask, in_offsets, out_ptr);
            tl_else(&t);
                ld_st_1(b, indices, N, weight_ptr, in_mask, in_offsets, out_ptr);
            tl_end(&t);
        } else {
            ld_st_1(b, indices, N, weight_ptr, in_mask, in_offsets, out_ptr);
        }
    tl_end(&loop);
}

static const gpu_case cases[] = {
    {"flaggems_mean_dim", flaggems_mean_dim, false},
    {"flaggems_all_dim1", flaggems_all_dim1, false},
    {"flaggems_embedding_bwd", flaggems_embedding_bwd, false},
    {"flaggems_embedding_grad_scale", flaggems_embedding_grad_scale, false},
    {"flaggems_index_select", flaggems_index_select, false},
};

enum { N_CASES = (int)(sizeof cases / sizeof cases[0]) };

int main(int argc, char **argv)
{
    return gpu_cases_main("ports_cases", cases, N_CASES, argc, argv);
}
