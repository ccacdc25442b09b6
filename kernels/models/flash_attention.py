"""flash_attention: the forward pass of attention, softmax(Q K^T * sm_scale) V, causal or not, for
float16 or bfloat16 Q, K, V of shape (Z, H, N_CTX, HEAD_DIM), in the manner of Flash Attention 2
and Triton's fused-attention tutorial: each program takes BLOCK_M query rows of one head, keeps
them in registers, and streams K and V in blocks of BLOCK_N keys, keeping the softmax online (the
running row maximum m_i and row sum l_i; exp2 with the scale folded into qk_scale). It writes the
output and M, the base-2 logsumexp of each row's scaled scores (what a backward pass needs).

The keys are visited in two stages by one inner helper: stage 1 the blocks that need no mask
(causal: the blocks left of the diagonal; otherwise every full block), stage 2 the masked ones
(causal: the diagonal blocks; otherwise the last, partial block when N_CTX is not a multiple of
BLOCK_N). Query rows past N_CTX are masked on load and store, so any N_CTX works.

Contract: the head dimension is contiguous (its stride is 1, not an argument), every other
stride is a multiple of 16 elements (declared tt.divisibility = 16, as Triton's JIT would find
for such tensors), BLOCK_M is a multiple of BLOCK_N. Grid: (cdiv(N_CTX, BLOCK_M), Z * H).

The Python original of kernels/models/flash_attention.c: the C body follows it line for line.
"""
import math

import triton
import triton.language as tl


@triton.jit
def _flash_attention_stage(acc, l_i, m_i, q, K, V, stride_kn, stride_vk, start_m, qk_scale, N_CTX,
                           offs_m, offs_n, offs_d, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                           STAGE: tl.constexpr, CAUSAL: tl.constexpr):
    # the keys this stage visits: stage 1 needs no mask, stage 2 does
    if STAGE == 1:
        if CAUSAL:
            lo, hi = 0, start_m * BLOCK_M
        else:
            lo, hi = 0, (N_CTX // BLOCK_N) * BLOCK_N
    else:
        if CAUSAL:
            lo, hi = start_m * BLOCK_M, tl.minimum((start_m + 1) * BLOCK_M, N_CTX)
        else:
            lo, hi = (N_CTX // BLOCK_N) * BLOCK_N, N_CTX
    k_ptrs = K + offs_d[:, None] + (lo + offs_n)[None, :] * stride_kn
    v_ptrs = V + (lo + offs_n)[:, None] * stride_vk + offs_d[None, :]
    for start_n in range(lo, hi, BLOCK_N):
        start_n = tl.multiple_of(start_n, BLOCK_N)
        # qk = q @ k^T, one row of scores per query
        if STAGE == 1:
            k = tl.load(k_ptrs)
        else:
            k = tl.load(k_ptrs, mask=(start_n + offs_n)[None, :] < N_CTX, other=0.0)
        qk = tl.dot(q, k)
        if STAGE == 1:
            m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_ij[:, None]
        else:
            if CAUSAL:
                mask = offs_m[:, None] >= (start_n + offs_n[None, :])
            else:
                mask = (start_n + offs_n[None, :]) < N_CTX
            qk = tl.where(mask, qk * qk_scale, -1.0e6)
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            qk -= m_ij[:, None]
        # the online softmax: rescale what was summed so far to the new row maximum
        p = tl.math.exp2(qk)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        if STAGE == 1:
            v = tl.load(v_ptrs)
        else:
            v = tl.load(v_ptrs, mask=(start_n + offs_n)[:, None] < N_CTX, other=0.0)
        acc = tl.dot(p.to(v.dtype), v, acc)
        m_i = m_ij
        k_ptrs += BLOCK_N * stride_kn
        v_ptrs += BLOCK_N * stride_vk
    return acc, l_i, m_i


@triton.jit
def flash_attention(Q, K, V, sm_scale, M, Out, stride_qz, stride_qh, stride_qm, stride_kz, stride_kh, stride_kn,
                    stride_vz, stride_vh, stride_vk, stride_oz, stride_oh, stride_om, Z, H, N_CTX,
                    HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    tl.static_assert(BLOCK_M % BLOCK_N == 0)
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    off_z = off_hz // H
    off_h = off_hz % H
    Q += off_z.to(tl.int64) * stride_qz + off_h.to(tl.int64) * stride_qh
    K += off_z.to(tl.int64) * stride_kz + off_h.to(tl.int64) * stride_kh
    V += off_z.to(tl.int64) * stride_vz + off_h.to(tl.int64) * stride_vh
    Out += off_z.to(tl.int64) * stride_oz + off_h.to(tl.int64) * stride_oh
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    l_i = tl.full([BLOCK_M], 1.0, dtype=tl.float32)
    m_i = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504  # log2(e): exp2(x * log2(e)) is exp(x)
    row_mask = offs_m[:, None] < N_CTX
    q = tl.load(Q + offs_m[:, None] * stride_qm + offs_d[None, :], mask=row_mask, other=0.0)
    acc, l_i, m_i = _flash_attention_stage(acc, l_i, m_i, q, K, V, stride_kn, stride_vk, start_m, qk_scale, N_CTX,
                                           offs_m, offs_n, offs_d, BLOCK_M, BLOCK_N, 1, CAUSAL)
    acc, l_i, m_i = _flash_attention_stage(acc, l_i, m_i, q, K, V, stride_kn, stride_vk, start_m, qk_scale, N_CTX,
                                           offs_m, offs_n, offs_d, BLOCK_M, BLOCK_N, 2, CAUSAL)
    m_i += tl.math.log2(l_i)
    acc = acc / l_i[:, None]
    tl.store(M + off_hz * N_CTX + offs_m, m_i, mask=offs_m < N_CTX)
    tl.store(Out + offs_m[:, None] * stride_om + offs_d[None, :], acc.to(Out.dtype.element_ty), mask=row_mask)


def _signature(dtype):
    """The SIGNATURE for Q, K, V and Out of one dtype ("fp16", "bf16"); M is float32."""
    ptr = "*" + dtype
    strides = ["stride_qz", "stride_qh", "stride_qm", "stride_kz", "stride_kh", "stride_kn",
               "stride_vz", "stride_vh", "stride_vk", "stride_oz", "stride_oh", "stride_om"]
    return {"Q": ptr, "K": ptr, "V": ptr, "sm_scale": "fp32", "M": "*fp32", "Out": ptr,
            **{name: "i32" for name in strides}, "Z": "i32", "H": "i32", "N_CTX": "i32",
            "HEAD_DIM": "constexpr", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr", "CAUSAL": "constexpr"}


def _attrs():
    """tt.divisibility = 16 on the five pointers and on the twelve strides (arguments 6 to 17)."""
    return {(i,): [["tt.divisibility", 16]] for i in [0, 1, 2, 4, 5] + list(range(6, 18))}


SIGNATURE = _signature("fp16")
CONSTEXPRS = {"HEAD_DIM": 64, "BLOCK_M": 128, "BLOCK_N": 64, "CAUSAL": False}  # equals the C config's defaults
ATTRS = _attrs()


def _config(label, dtype, head_dim, block_m, block_n, causal, num_warps, num_stages):
    return {"label": label,
            "sets": {"dtype": {"fp16": "float16", "bf16": "bfloat16"}[dtype], "HEAD_DIM": head_dim,
                     "BLOCK_M": block_m, "BLOCK_N": block_n, "CAUSAL": "true" if causal else "false"},
            "constexprs": {"HEAD_DIM": head_dim, "BLOCK_M": block_m, "BLOCK_N": block_n, "CAUSAL": causal},
            "signature": _signature(dtype),
            "attrs": _attrs(),
            "num_warps": num_warps, "num_stages": num_stages}


# Tiles of the kind Triton's fused-attention tutorial tunes over on Hopper (BLOCK_M 64 or 128,
# BLOCK_N 32 to 128, 8 warps only for a 128 x 128 tile, 2 to 4 stages), for the head sizes and
# dtypes of current models (Llama 3, Mistral: head 128 in bf16; GPT-2, BERT: head 64). Shared
# memory per stage is a K and a V block: 128 keys of head 128 in 2 stages stay under Hopper's
# 227 KB with Q's block beside them.
MODEL_CONFIGS = [
    _config("fp16-d64", "fp16", 64, 128, 64, False, 4, 3),
    _config("fp16-d64-causal", "fp16", 64, 128, 128, True, 8, 3),
    _config("bf16-d128", "bf16", 128, 128, 128, False, 8, 2),
    _config("bf16-d128-causal", "bf16", 128, 128, 64, True, 8, 3),  # 4 warps spill the 128x128 f32 acc
    _config("bf16-d64-causal-m64", "bf16", 64, 64, 32, True, 4, 4),
]

# (label, Z, H, N_CTX): a length far from any block size, a long even one, one shorter than a block
_SHAPES = [("z2-h16-n1000", 2, 16, 1000), ("z4-h32-n4096", 4, 32, 4096), ("z3-h20-n77", 3, 20, 77)]


def _expected_lse2(q, k, sm_scale, causal, torch):
    """M as the kernel defines it: log2 of sum_j exp(s_ij), s = q k^T * sm_scale, in float32,
    one batch at a time (the scores of one batch of 32 heads of 4096 keys are 2 GiB)."""
    z, h, n, _ = q.shape
    out = torch.empty((z, h, n), dtype=torch.float32, device=q.device)
    for b in range(z):
        s = torch.matmul(q[b].float(), k[b].float().transpose(-1, -2)) * sm_scale
        if causal:
            s = s.masked_fill(torch.ones((n, n), dtype=torch.bool, device=q.device).triu(1), float("-inf"))
        out[b] = torch.logsumexp(s, dim=-1) * (1.0 / math.log(2.0))
        del s
    return out.reshape(z * h, n)


def model_cases(cfg, torch):
    """Inputs for one config: Q, K, V of N(0, 1) values, the scale 1/sqrt(HEAD_DIM)."""
    import torch.nn.functional as F
    c = cfg["constexprs"]
    head_dim, block_m, causal = c["HEAD_DIM"], c["BLOCK_M"], c["CAUSAL"]
    dtype = torch.bfloat16 if cfg["sets"]["dtype"] == "bfloat16" else torch.float16
    tol = (2e-2, 2e-2) if dtype == torch.bfloat16 else (1e-2, 1e-2)
    cases = []
    for label, z, h, n in _SHAPES:
        gen = torch.Generator(device="cuda").manual_seed(1000 * z + n)
        q, k, v = (torch.randn((z, h, n, head_dim), dtype=dtype, device="cuda", generator=gen) for _ in range(3))
        sm_scale = 1.0 / math.sqrt(head_dim)
        lse = torch.empty((z * h, n), dtype=torch.float32, device="cuda")
        out = torch.empty_like(q)
        args = [q, k, v, sm_scale, lse, out,
                q.stride(0), q.stride(1), q.stride(2), k.stride(0), k.stride(1), k.stride(2),
                v.stride(0), v.stride(1), v.stride(2), out.stride(0), out.stride(1), out.stride(2), z, h, n]

        def sdpa(q=q, k=k, v=v, sm_scale=sm_scale):
            return F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=sm_scale)

        def expected(q=q, k=k, sm_scale=sm_scale, sdpa=sdpa):
            return [_expected_lse2(q, k, sm_scale, causal, torch), sdpa()]

        def peer(backend, q=q, k=k, v=v, sm_scale=sm_scale):
            """SDPA held to one backend: what a torch user picks instead (issue 31's peers)."""
            from torch.nn.attention import SDPBackend, sdpa_kernel
            chosen = getattr(SDPBackend, backend)

            def run():
                with sdpa_kernel([chosen]):
                    return F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=sm_scale)
            return run

        flops = 4 * z * h * n * n * head_dim
        cases.append({"label": label, "args": args, "grid": (triton.cdiv(n, block_m), z * h, 1),
                      "outputs": [4, 5], "expected": expected, "tol": tol, "baseline": sdpa,
                      "peers": {"cudnn": peer("CUDNN_ATTENTION"), "flash": peer("FLASH_ATTENTION")},
                      "flops": flops // 2 if causal else flops,
                      "bytes": 4 * q.numel() * q.element_size() + z * h * n * 4})
    return cases
