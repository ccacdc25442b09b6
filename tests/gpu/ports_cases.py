"""ports_cases: real kernels whose ports hit the pitfalls of issue 29, written as their authors wrote them.

FlagGems writes masks positionally (`tl.load(p, mask, other=0.0)`), calls its own `@jit`
`program_id` helper inside expressions (`program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]`)
and chains pointer arithmetic left to right (`p + row * N + cols`). Each kernel below follows the
structure of a FlagGems kernel line for line (the operator's file named above it), with sizes of
our choosing; its C twin in ports_cases.c is written with the forms the C language offers for
those three pitfalls (positional mask and other, a helper begun at its caller's site, the n-ary
tl_addptr). validate_ops.py (run by run.sh) requires the same TTIR after make_ttir and, with
--ptx, the same PTX.

CASES maps a case name to (fn, signature, constexprs) as ASTSource takes them (attrs={}: the C
twins declare their pointers with TL_DIV_NONE).
"""
import triton
import triton.language as tl

import case_registry

CASES, MUST_FAIL, case = case_registry.new()


# FlagGems' device helpers (utils/triton_lang_extension.py): program ids widened to int64
@triton.jit
def ext_program_id(axis: int):
    return tl.program_id(axis).to(tl.int64)


@triton.jit
def reduce_any(a, b):
    return a or b


# ops/mean.py, mean_dim_kernel: the helper inside an expression, a positional mask with other=
@case({"X": "*fp32", "Mean": "*fp32", "M": "i32", "N": "i32", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"},
      {"BLOCK_M": 4, "BLOCK_N": 64})
@triton.jit
def flaggems_mean_dim(X, Mean, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = ext_program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]
    X = X + pid * N
    Mean = Mean + pid
    row_mask = pid < M

    _mean = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
    for off in range(0, N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)[None, :]
        col_mask = cols < N
        mask = row_mask and col_mask

        a = tl.load(X + cols, mask, other=0.0).to(tl.float32)
        _mean += a
    mean = tl.sum(_mean, axis=1) / N
    mean = mean[:, None]
    tl.store(Mean, mean, row_mask)


# ops/all.py, all_dim1_2d_kernel: the helper inside an expression, p + a * s + b * t chained
@case({"x_ptr": "*fp32", "out_ptr": "*i1", "M": "i32", "N": "i32", "stride_xm": "i32", "stride_xn": "i32",
       "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"}, {"BLOCK_M": 8, "BLOCK_N": 32})
@triton.jit
def flaggems_all_dim1(x_ptr, out_ptr, M, N, stride_xm, stride_xn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = ext_program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]
    row_mask = pid_m < M

    has_zero = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.int1)
    for off in range(0, N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)[None, :]
        col_mask = cols < N
        mask = row_mask and col_mask
        x = tl.load(x_ptr + pid_m * stride_xm + cols * stride_xn, mask=mask, other=1.0)
        has_zero = has_zero or (x == 0.0)

    row_has_zero = tl.reduce(has_zero, axis=1, combine_fn=reduce_any)
    row_all = row_has_zero == 0
    tl.store(out_ptr + pid_m, row_all[:, None], row_mask)


# ops/embedding.py, embedding_backward_kernel: pointer arguments advanced in place, a positional
# mask and other, a bf16 gradient widened under a constexpr test, an atomic with mask=
@case({"grad_in": "*fp32", "grad_out": "*bf16", "indices": "*i64", "padding_idx": "i32",
       "HAS_PADDING_IDX": "constexpr", "N": "constexpr", "BLOCK_SIZE": "constexpr"},
      {"HAS_PADDING_IDX": True, "N": 100, "BLOCK_SIZE": 128})
@triton.jit
def flaggems_embedding_bwd(grad_in, grad_out, indices, padding_idx, HAS_PADDING_IDX: tl.constexpr,
                           N: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    grad_out += pid * N
    indices += pid

    mask = tl.arange(0, BLOCK_SIZE) < N
    cols = tl.arange(0, BLOCK_SIZE)

    row_idx = tl.load(indices).to(tl.int32)
    if not HAS_PADDING_IDX:
        grad_in += row_idx * N
        embedding_grad = tl.load(grad_out + cols, mask, other=0.0)
        if tl.constexpr(embedding_grad.dtype.is_bf16()):
            embedding_grad = embedding_grad.to(tl.float32)
        tl.atomic_add(grad_in + cols, embedding_grad, mask=mask)
    else:
        if row_idx != padding_idx:
            grad_in += row_idx * N
            embedding_grad = tl.load(grad_out + cols, mask, other=0.0)
            if tl.constexpr(embedding_grad.dtype.is_bf16()):
                embedding_grad = embedding_grad.to(tl.float32)
            tl.atomic_add(grad_in + cols, embedding_grad, mask=mask)


# ops/embedding.py, embedding_grad_scale_kernel: p + row * N + cols chained, a loop with a
# runtime step, a name reassigned in a runtime if
@case({"grad_out": "*fp32", "indice_freq": "*i32", "n_rows": "i32", "N": "i32", "BLOCK_SIZE": "constexpr"},
      {"BLOCK_SIZE": 128})
@triton.jit
def flaggems_embedding_grad_scale(grad_out, indice_freq, n_rows, N, BLOCK_SIZE: tl.constexpr):
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)

    for row_idx in range(row_start, n_rows, row_step):
        embedding_scale = 1.0
        indice_freq_val = tl.load(indice_freq + row_idx)
        if indice_freq_val > 1:
            embedding_scale = 1.0 / indice_freq_val

        cols = tl.arange(0, BLOCK_SIZE)
        mask = tl.arange(0, BLOCK_SIZE) < N
        embedding_grad = tl.load(grad_out + row_idx * N + cols, mask=mask)
        scaled_embedding_grad = embedding_grad * embedding_scale
        tl.store(grad_out + row_idx * N + cols, scaled_embedding_grad, mask=mask)


# ops/index_select.py, ld_st_1: positional masks of a load and a store, indexed with [:, None]
@triton.jit
def ld_st_1(indices, N: tl.constexpr, weight_ptr, in_mask, in_offsets, out_ptr):
    weight_offsets = indices[:, None] * N + tl.arange(0, N)
    embedding_weight = tl.load(weight_ptr + weight_offsets, in_mask[:, None])
    out_offsets = in_offsets[:, None] * N + tl.arange(0, N)
    tl.store(out_ptr + out_offsets, embedding_weight, in_mask[:, None])


# ops/index_select.py, one_batch_index_select_kernel: a runtime ternary, a constexpr and a
# tensor for one name in the two branches, the helper above called in both branches of an if
@case({"out_ptr": "*fp32", "in_ptr": "*i64", "in_n_elements": "constexpr", "weight_ptr": "*fp32",
       "N": "constexpr", "dtype_size": "i32", "inp_numel": "i32", "BLOCK_SIZE": "constexpr"},
      {"in_n_elements": 1000, "N": 16, "BLOCK_SIZE": 256})
@triton.jit
def flaggems_index_select(out_ptr, in_ptr, in_n_elements: tl.constexpr, weight_ptr, N: tl.constexpr,
                          dtype_size, inp_numel, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    num_jobs = tl.num_programs(axis=0)

    INDEX_BLOCK_SIZE: tl.constexpr = (BLOCK_SIZE + N - 1) // N

    step = num_jobs * INDEX_BLOCK_SIZE
    iters = tl.cdiv(in_n_elements, step)

    small_out = inp_numel.to(tl.int64) * dtype_size <= 2**31

    for i in tl.range(iters):
        iter_start = i * step
        iter_end = iter_start + step

        if iter_end <= in_n_elements:
            block_offset = iter_start + pid * INDEX_BLOCK_SIZE
            block_len = INDEX_BLOCK_SIZE
        else:
            rem_n_elements = in_n_elements - iter_start
            base_num = rem_n_elements // num_jobs
            remn_num = rem_n_elements % num_jobs
            extra_one = pid < remn_num

            block_offset = iter_start + ((base_num + 1) * pid if extra_one else (base_num * pid + remn_num))
            block_len = base_num + extra_one

        in_offsets = block_offset + tl.arange(0, INDEX_BLOCK_SIZE)
        in_mask = in_offsets < (block_offset + block_len)
        indices = tl.load(in_ptr + in_offsets, in_mask, other=0.0)
        if indices.dtype != tl.int32 and small_out:
            indices_int32 = indices.to(tl.int32)
            ld_st_1(indices_int32, N, weight_ptr, in_mask, in_offsets, out_ptr)
        else:
            ld_st_1(indices, N, weight_ptr, in_mask, in_offsets, out_ptr)
