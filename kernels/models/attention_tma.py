"""attention_tma: the forward pass of attention, softmax(Q K^T * sm_scale) V, causal or not, with
Q, K, V and O of shape (Z, H, N_CTX, HEAD_DIM) seen as (Z * H * N_CTX, HEAD_DIM) matrices through
host tensor descriptors (TMA): Triton 3.6's tutorial 06 (python/tutorials/06-fused-attention.py,
release/3.6.x), _attn_fwd with its helper _attn_fwd_inner, in the form the tutorial launches
where the GPU takes host descriptors (Hopper and later).

Each program takes BLOCK_M query rows of one head (program_id(0)) of one batch and head
(program_id(1)), keeps them in registers and streams K and V in blocks of BLOCK_N keys with an
online softmax (exp2, the scale folded into qk_scale). STAGE 1 is not causal (one pass over
every key); STAGE 3 is causal: the blocks left of the diagonal (_attn_fwd_inner's stage 1) then
the diagonal block, masked (stage 2). The key loop is tl.range(..., warp_specialize=...). It writes
O and M, the base-2 logsumexp of each row's scaled scores (what the tutorial's backward needs).

Against the tutorial, the kernel is renamed after the file (the tutorial's _attn_fwd; its
@triton.autotune is host-side and left out), and three lines differ:
- `dtype = tl.float8e5 if FP8_OUTPUT else desc_q.dtype` (the tutorial: `else tl.float16`), so
  that bfloat16 Q, K, V give bfloat16 P and O (the tutorial's kernel is float16 or fp8 only);
- m_i and l_i start as `tl.full([BLOCK_M], float("-inf"))` and `tl.full([BLOCK_M], 1.0)` (the
  tutorial: `tl.zeros([BLOCK_M]) - float("inf")` and `tl.zeros([BLOCK_M]) + 1.0`): the same values,
  but make_ttir folds the tutorial's subtraction into a constant that tritonc does not fold
  itself yet (docs/kernels_tutorials.md), so the twin starts from the folded form.
_maybe_make_tensor_desc and y_dim are the tutorial's: with a host descriptor the helper gives the
descriptor back (it makes one in the kernel only from a pointer), and make_ttir drops y_dim.

Contract: N_CTX a multiple of BLOCK_M and BLOCK_N (the tutorial's: no row is masked; a block past
a head's end would read and write the next head's rows), H and N_CTX multiples of 16
(tt.divisibility, as the JIT finds them). Grid: (N_CTX / BLOCK_M, Z * H, 1).

The Python original of kernels/models/attention_tma.c: the C body follows it line for line.
"""
import math

import triton
import triton.language as tl


@triton.jit
def _attn_fwd_inner(acc, l_i, m_i, q,  #
                    desc_k, desc_v,  #
                    offset_y, dtype: tl.constexpr, start_m, qk_scale,  #
                    BLOCK_M: tl.constexpr, HEAD_DIM: tl.constexpr, BLOCK_N: tl.constexpr,  #
                    STAGE: tl.constexpr, offs_m: tl.constexpr, offs_n: tl.constexpr,  #
                    N_CTX: tl.constexpr, warp_specialize: tl.constexpr, IS_HOPPER: tl.constexpr):
    # range of values handled by this stage
    if STAGE == 1:
        lo, hi = 0, start_m * BLOCK_M
    elif STAGE == 2:
        lo, hi = start_m * BLOCK_M, (start_m + 1) * BLOCK_M
        lo = tl.multiple_of(lo, BLOCK_M)
    # causal = False
    else:
        lo, hi = 0, N_CTX
    offsetk_y = offset_y + lo
    if dtype == tl.float8e5:
        offsetv_y = offset_y * HEAD_DIM + lo
    else:
        offsetv_y = offset_y + lo
    # loop over k, v and update accumulator
    for start_n in tl.range(lo, hi, BLOCK_N, warp_specialize=warp_specialize):
        start_n = tl.multiple_of(start_n, BLOCK_N)
        # -- compute qk ----
        k = desc_k.load([offsetk_y, 0]).T
        qk = tl.dot(q, k)
        if STAGE == 2:
            mask = offs_m[:, None] >= (start_n + offs_n[None, :])
            qk = qk * qk_scale + tl.where(mask, 0, -1.0e6)
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            qk -= m_ij[:, None]
        else:
            m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        # -- compute correction factor
        alpha = tl.math.exp2(m_i - m_ij)
        l_ij = tl.sum(p, 1)
        # -- update output accumulator --
        if not IS_HOPPER and warp_specialize and BLOCK_M == 128 and HEAD_DIM == 128:
            BM: tl.constexpr = acc.shape[0]
            BN: tl.constexpr = acc.shape[1]
            acc0, acc1 = acc.reshape([BM, 2, BN // 2]).permute(0, 2, 1).split()
            acc0 = acc0 * alpha[:, None]
            acc1 = acc1 * alpha[:, None]
            acc = tl.join(acc0, acc1).permute(0, 2, 1).reshape([BM, BN])
        else:
            acc = acc * alpha[:, None]
        # prepare p and v for the dot
        if dtype == tl.float8e5:
            v = desc_v.load([0, offsetv_y]).T
        else:
            v = desc_v.load([offsetv_y, 0])
        p = p.to(dtype)
        # note that this non transposed v for FP8 is only supported on Blackwell
        acc = tl.dot(p, v, acc)
        # update m_i and l_i
        # place this at the end of the loop to reduce register pressure
        l_i = l_i * alpha + l_ij
        m_i = m_ij
        offsetk_y += BLOCK_N
        offsetv_y += BLOCK_N
    return acc, l_i, m_i


@triton.jit
def _maybe_make_tensor_desc(desc_or_ptr, shape, strides, block_shape):
    if isinstance(desc_or_ptr, tl.tensor_descriptor):
        return desc_or_ptr
    else:
        return tl.make_tensor_descriptor(desc_or_ptr, shape, strides, block_shape)


@triton.jit
def attention_tma(sm_scale, M,  #
                  Z, H, desc_q, desc_k, desc_v, desc_o, N_CTX,  #
                  HEAD_DIM: tl.constexpr,  #
                  BLOCK_M: tl.constexpr,  #
                  BLOCK_N: tl.constexpr,  #
                  FP8_OUTPUT: tl.constexpr,  #
                  STAGE: tl.constexpr,  #
                  warp_specialize: tl.constexpr,  #
                  IS_HOPPER: tl.constexpr,  #
                  ):
    dtype = tl.float8e5 if FP8_OUTPUT else desc_q.dtype
    tl.static_assert(BLOCK_N <= HEAD_DIM)
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    off_z = off_hz // H
    off_h = off_hz % H

    y_dim = Z * H * N_CTX
    desc_q = _maybe_make_tensor_desc(desc_q, shape=[y_dim, HEAD_DIM], strides=[HEAD_DIM, 1],
                                     block_shape=[BLOCK_M, HEAD_DIM])
    if FP8_OUTPUT:
        desc_v = _maybe_make_tensor_desc(desc_v, shape=[HEAD_DIM, y_dim], strides=[N_CTX, 1],
                                         block_shape=[HEAD_DIM, BLOCK_N])
    else:
        desc_v = _maybe_make_tensor_desc(desc_v, shape=[y_dim, HEAD_DIM], strides=[HEAD_DIM, 1],
                                         block_shape=[BLOCK_N, HEAD_DIM])
    desc_k = _maybe_make_tensor_desc(desc_k, shape=[y_dim, HEAD_DIM], strides=[HEAD_DIM, 1],
                                     block_shape=[BLOCK_N, HEAD_DIM])
    desc_o = _maybe_make_tensor_desc(desc_o, shape=[y_dim, HEAD_DIM], strides=[HEAD_DIM, 1],
                                     block_shape=[BLOCK_M, HEAD_DIM])

    offset_y = off_z * (N_CTX * H) + off_h * N_CTX
    qo_offset_y = offset_y + start_m * BLOCK_M
    # initialize offsets
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    # initialize pointer to m and l
    m_i = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    l_i = tl.full([BLOCK_M], 1.0, dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    # load scales
    qk_scale = sm_scale
    qk_scale *= 1.44269504  # 1/log(2)
    # load q: it will stay in SRAM throughout
    q = desc_q.load([qo_offset_y, 0])
    # stage 1: off-band
    # For causal = True, STAGE = 3 and _attn_fwd_inner gets 1 as its STAGE
    # For causal = False, STAGE = 1, and _attn_fwd_inner gets 3 as its STAGE
    if STAGE & 1:
        acc, l_i, m_i = _attn_fwd_inner(acc, l_i, m_i, q,  #
                                        desc_k, desc_v,  #
                                        offset_y, dtype, start_m, qk_scale,  #
                                        BLOCK_M, HEAD_DIM, BLOCK_N,  #
                                        4 - STAGE, offs_m, offs_n, N_CTX,  #
                                        warp_specialize, IS_HOPPER)
    # stage 2: on-band
    if STAGE & 2:
        acc, l_i, m_i = _attn_fwd_inner(acc, l_i, m_i, q,  #
                                        desc_k, desc_v,  #
                                        offset_y, dtype, start_m, qk_scale,  #
                                        BLOCK_M, HEAD_DIM, BLOCK_N,  #
                                        2, offs_m, offs_n, N_CTX,  #
                                        warp_specialize, IS_HOPPER)
    # epilogue
    m_i += tl.math.log2(l_i)
    acc = acc / l_i[:, None]
    m_ptrs = M + off_hz * N_CTX + offs_m
    tl.store(m_ptrs, m_i)
    desc_o.store([qo_offset_y, 0], acc.to(dtype))


# ---- how the GPU validation compiles and runs it (tests/gpu/README.md) ---------------------------

_TYPES = {"float16": "fp16", "bfloat16": "bf16", "fp8e5": "fp8e5"}


def signature(dtype, head_dim, block_m, block_n, fp8_output=False):
    """The SIGNATURE for Q, K, V and O of one dtype ("fp16", "bf16", "fp8e5") and a config's blocks:
    the descriptors' block shapes are the tutorial's _host_descriptor_pre_hook's."""
    def desc(rows, cols):
        return f"tensordesc<{dtype}[{rows}, {cols}]>"
    return {"sm_scale": "fp32", "M": "*fp32", "Z": "i32", "H": "i32",
            "desc_q": desc(block_m, head_dim), "desc_k": desc(block_n, head_dim),
            "desc_v": desc(head_dim, block_n) if fp8_output else desc(block_n, head_dim),
            "desc_o": desc(block_m, head_dim), "N_CTX": "i32",
            "HEAD_DIM": "constexpr", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr", "FP8_OUTPUT": "constexpr",
            "STAGE": "constexpr", "warp_specialize": "constexpr", "IS_HOPPER": "constexpr"}


# The default config: float16, head 64, not causal, the tutorial's Hopper tile of 128 queries and
# 64 keys (its test config: 4 warps), 3 stages; no warp specialization (the tutorial's Hopper path
# with it uses device descriptors). tests/gpu/tutorials_bench.py times the others.
CONSTEXPRS = {"HEAD_DIM": 64, "BLOCK_M": 128, "BLOCK_N": 64, "FP8_OUTPUT": False, "STAGE": 1,
              "warp_specialize": False, "IS_HOPPER": True}  # equals the C config's defaults
NUM_WARPS, NUM_STAGES = 4, 3
SIGNATURE = signature("fp16", 64, 128, 64)
# M (a pointer), H and N_CTX: multiples of 16, as the JIT finds them for the shapes launched (Z is
# left without: 1 or 4 batches); a descriptor and its shape and strides take no attribute.
ATTRS = {(1,): [["tt.divisibility", 16]], (3,): [["tt.divisibility", 16]], (8,): [["tt.divisibility", 16]]}
TOLERANCE = (1e-2, 1e-2)


def _shape(n):
    """(Z, H, N_CTX) for a size n of the run check: N_CTX a multiple of 128, H of 16."""
    n_ctx = 128 * max(1, min(8, n // 100000 + 1))
    return 1 + n % 3, 16, n_ctx


def make_args(n):
    """Q, K, V of N(0, 1) float16 values, O and M empty, descriptors over (Z * H * N_CTX, HEAD_DIM)
    as the tutorial's forward builds them."""
    import torch
    from triton.tools.tensor_descriptor import TensorDescriptor
    c = CONSTEXPRS
    z, h, n_ctx = _shape(n)
    d = c["HEAD_DIM"]
    gen = torch.Generator(device="cuda").manual_seed(n)
    q, k, v = (torch.randn((z, h, n_ctx, d), device="cuda", dtype=torch.float16, generator=gen) for _ in range(3))
    o = torch.empty_like(q)
    m = torch.empty((z, h, n_ctx), device="cuda", dtype=torch.float32)
    y_dim = z * h * n_ctx

    def desc(t, rows):
        return TensorDescriptor(t, shape=[y_dim, d], strides=[d, 1], block_shape=[rows, d])
    return {"sm_scale": 1.0 / math.sqrt(d), "M": m, "Z": z, "H": h,
            "desc_q": desc(q, c["BLOCK_M"]), "desc_k": desc(k, c["BLOCK_N"]), "desc_v": desc(v, c["BLOCK_N"]),
            "desc_o": desc(o, c["BLOCK_M"]), "N_CTX": n_ctx}


def grid(meta):
    """The tutorial's grid: a program per BLOCK_M rows of one head of one batch."""
    return (triton.cdiv(meta["N_CTX"], CONSTEXPRS["BLOCK_M"]), meta["Z"] * meta["H"], 1)


def reference(sm_scale, desc_q, desc_k, desc_v, desc_o, M, Z, H, N_CTX):
    """O = scaled_dot_product_attention(Q, K, V) (causal when STAGE is 3), and M = log2 of each
    row's sum of exp(scores), from float32 copies."""
    import torch
    import torch.nn.functional as F
    causal = CONSTEXPRS["STAGE"] == 3
    shape = (Z, H, N_CTX, CONSTEXPRS["HEAD_DIM"])
    q, k, v = (d.base.reshape(shape).float() for d in (desc_q, desc_k, desc_v))
    o = F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=sm_scale)
    s = torch.matmul(q, k.transpose(-1, -2)) * sm_scale
    if causal:
        s = s.masked_fill(torch.ones((N_CTX, N_CTX), dtype=torch.bool, device=q.device).triu(1), float("-inf"))
    lse2 = torch.logsumexp(s, dim=-1) * (1.0 / math.log(2.0))
    return {"desc_o": o.to(desc_o.base.dtype).reshape(desc_o.base.shape), "M": lse2}
