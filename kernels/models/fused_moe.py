"""fused_moe: the grouped GEMM of a mixture-of-experts layer over token-sorted expert assignments,
in the manner of vLLM's fused_moe_kernel: C[pair] = A[pair // top_k] @ B[expert(pair)]^T (+ bias)
(* routed weight), for the pairs kernels/models/moe_align_block_size.py groups by expert.

  A: [tokens, K] (compute_type, or fp8 e4m3 for use_fp8_w8a8); B: [E, N, K]; C: [tokens * top_k, N]
  sorted_token_ids, expert_ids, num_tokens_post_padded: moe_align_block_size's outputs for
  BLOCK_SIZE = BLOCK_SIZE_M; EM = len(sorted_token_ids); num_valid_tokens = tokens * top_k.
  Grid: (cdiv(EM, BLOCK_SIZE_M) * cdiv(N, BLOCK_SIZE_N),).

Each program computes a BLOCK_SIZE_M x BLOCK_SIZE_N tile of C for one block of sorted pairs (one
expert), in GROUP_SIZE_M-swizzled order. Programs past num_tokens_post_padded leave; a block of
expert -1 (an expert another rank owns) writes zeros. Padding slots (id >= num_valid_tokens)
are masked out. Constexpr switches: MUL_ROUTED_WEIGHT (scale each row by its topk weight),
HAS_BIAS (add bias[E, N] before the weight), use_fp8_w8a8 (fp8 A and B with block-wise scales:
a_scale [tokens, K / group_k] per token group, b_scale [E, N / group_n, K / group_k] per block,
applied per K step, so group_k must be a positive multiple of BLOCK_SIZE_K; group_n > 0).

The Python original of kernels/models/fused_moe.c, which follows it line for line; docs/kernels_moe.md.
"""
import importlib.util
import os

import triton
import triton.language as tl


@triton.jit
def fused_moe_write_zeros(c_ptr, stride_cm, stride_cn, pid_n, N, offs_token, token_mask, BLOCK_SIZE_M: tl.constexpr,
                          BLOCK_SIZE_N: tl.constexpr, compute_type: tl.constexpr):
    zeros = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=compute_type)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_token[:, None] + stride_cn * offs_cn[None, :]
    c_mask = token_mask[:, None] & (offs_cn[None, :] < N)
    tl.store(c_ptrs, zeros, mask=c_mask)


@triton.jit
def fused_moe(a_ptr, b_ptr, c_ptr, b_bias_ptr, a_scale_ptr, b_scale_ptr, topk_weights_ptr, sorted_token_ids_ptr,
              expert_ids_ptr, num_tokens_post_padded_ptr, N, K, EM, num_valid_tokens, stride_am, stride_ak, stride_be,
              stride_bk, stride_bn, stride_cm, stride_cn, stride_bbe, stride_bbn, stride_asm, stride_ask, stride_bse,
              stride_bsk, stride_bsn, group_n: tl.constexpr, group_k: tl.constexpr, BLOCK_SIZE_M: tl.constexpr,
              BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr,
              MUL_ROUTED_WEIGHT: tl.constexpr, HAS_BIAS: tl.constexpr, top_k: tl.constexpr,
              compute_type: tl.constexpr, use_fp8_w8a8: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(EM, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = tl.minimum(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + (pid % num_pid_in_group) % group_size_m
    pid_n = (pid % num_pid_in_group) // group_size_m
    num_tokens_post_padded = tl.load(num_tokens_post_padded_ptr)
    if pid_m * BLOCK_SIZE_M >= num_tokens_post_padded:
        return
    offs_token_id = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_token = tl.load(sorted_token_ids_ptr + offs_token_id).to(tl.int64)
    token_mask = offs_token < num_valid_tokens
    off_experts = tl.load(expert_ids_ptr + pid_m).to(tl.int64)
    if off_experts == -1:
        fused_moe_write_zeros(c_ptr, stride_cm, stride_cn, pid_n, N, offs_token, token_mask, BLOCK_SIZE_M, BLOCK_SIZE_N,
                              compute_type)
        return
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_token[:, None] // top_k * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + off_experts * stride_be + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    if HAS_BIAS:
        bias = tl.load(b_bias_ptr + off_experts * stride_bbe + offs_bn * stride_bbn)
    if use_fp8_w8a8:
        a_scale_ptrs = a_scale_ptr + (offs_token // top_k) * stride_asm
        b_scale_ptrs = b_scale_ptr + off_experts * stride_bse + (offs_bn // group_n) * stride_bsn
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=token_mask[:, None] & (offs_k[None, :] < K - k * BLOCK_SIZE_K), other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        if use_fp8_w8a8:
            offs_ks = k * BLOCK_SIZE_K // group_k
            a_scale = tl.load(a_scale_ptrs + offs_ks * stride_ask, mask=token_mask, other=0.0)
            b_scale = tl.load(b_scale_ptrs + offs_ks * stride_bsk)
            accumulator += tl.dot(a, b) * a_scale[:, None] * b_scale[None, :]
        else:
            accumulator = tl.dot(a, b, acc=accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    if HAS_BIAS:
        accumulator = accumulator + bias[None, :]
    if MUL_ROUTED_WEIGHT:
        moe_weight = tl.load(topk_weights_ptr + offs_token, mask=token_mask, other=0)
        accumulator = accumulator * moe_weight[:, None]
    accumulator = accumulator.to(compute_type)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_token[:, None] + stride_cn * offs_cn[None, :]
    c_mask = token_mask[:, None] & (offs_cn[None, :] < N)
    tl.store(c_ptrs, accumulator, mask=c_mask)


_POINTERS = ["a_ptr", "b_ptr", "c_ptr", "b_bias_ptr", "a_scale_ptr", "b_scale_ptr", "topk_weights_ptr",
             "sorted_token_ids_ptr", "expert_ids_ptr", "num_tokens_post_padded_ptr"]
_SCALARS = ["N", "K", "EM", "num_valid_tokens", "stride_am", "stride_ak", "stride_be", "stride_bk", "stride_bn",
            "stride_cm", "stride_cn", "stride_bbe", "stride_bbn", "stride_asm", "stride_ask", "stride_bse",
            "stride_bsk", "stride_bsn"]
_CONSTEXPR_NAMES = ["group_n", "group_k", "BLOCK_SIZE_M", "BLOCK_SIZE_N", "BLOCK_SIZE_K", "GROUP_SIZE_M",
                    "MUL_ROUTED_WEIGHT", "HAS_BIAS", "top_k", "compute_type", "use_fp8_w8a8"]


def _signature(fp8):
    """The full signature: A and B are fp8 e4m3 with use_fp8_w8a8, else bf16 (compute_type)."""
    ab = "*fp8e4nv" if fp8 else "*bf16"
    types = {"a_ptr": ab, "b_ptr": ab, "c_ptr": "*bf16", "b_bias_ptr": "*bf16", "a_scale_ptr": "*fp32",
             "b_scale_ptr": "*fp32", "topk_weights_ptr": "*fp32", "sorted_token_ids_ptr": "*i32",
             "expert_ids_ptr": "*i32", "num_tokens_post_padded_ptr": "*i32"}
    sig = {p: types[p] for p in _POINTERS}
    sig.update({s: "i32" for s in _SCALARS})
    sig.update({c: "constexpr" for c in _CONSTEXPR_NAMES})
    return sig


SIGNATURE = _signature(False)
CONSTEXPRS = {"group_n": 0, "group_k": 0, "BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 64, "BLOCK_SIZE_K": 32,
              "GROUP_SIZE_M": 8, "MUL_ROUTED_WEIGHT": False, "HAS_BIAS": False, "top_k": 2,
              "compute_type": tl.bfloat16, "use_fp8_w8a8": False}  # equals the C config's defaults
ATTRS = {(i,): [["tt.divisibility", 16]] for i in range(len(_POINTERS))}  # every pointer: C's TL_PTR default


def _cfg(label, model, constexprs, num_warps, num_stages):
    """A config: model holds the layer's shape (E experts, N, K, top_k of the routing)."""
    c = dict(CONSTEXPRS)
    c.update(constexprs)
    sets = {k: ("true" if v else "false") if isinstance(v, bool) else v for k, v in c.items()}
    sets["compute_type"] = "bfloat16"
    return {"label": label, "sets": sets, "constexprs": c, "signature": _signature(c["use_fp8_w8a8"]),
            "attrs": dict(ATTRS), "num_warps": num_warps, "num_stages": num_stages, "model": model}


MODEL_CONFIGS = [
    # Mixtral-8x7B's w1 (gate and up, N = 2 * 14336 / 8) at tensor parallelism 8, bf16, vLLM's
    # default config for bf16 (BLOCK_SIZE_M 64, N 64, K 32, GROUP_SIZE_M 8).
    _cfg("mixtral-8x7b-tp8-w1", {"E": 8, "N": 3584, "K": 4096, "top_k": 2, "route_top_k": 2},
         {"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 64, "BLOCK_SIZE_K": 32, "GROUP_SIZE_M": 8, "top_k": 2}, 4, 3),
    # gpt-oss-20b's w2 (down, K = 2880 is not a multiple of BLOCK_SIZE_K = 128: the K mask), with
    # biases and routed weights; as vLLM calls the second GEMM, its A rows are the pairs (top_k 1).
    _cfg("gpt-oss-20b-w2-bias-routed", {"E": 32, "N": 2880, "K": 2880, "top_k": 1, "route_top_k": 4},
         {"BLOCK_SIZE_M": 16, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 128, "GROUP_SIZE_M": 1, "top_k": 1,
          "MUL_ROUTED_WEIGHT": True, "HAS_BIAS": True}, 4, 3),
    # Qwen3-30B-A3B-FP8's w1 (N = 2 * 768), fp8 e4m3 w8a8 with [128, 128] block scales: vLLM's
    # default block-fp8 config (BLOCK_SIZE_M 64, N = group_n, K = group_k, GROUP_SIZE_M 32).
    _cfg("qwen3-30b-a3b-fp8-w1", {"E": 128, "N": 1536, "K": 2048, "top_k": 8, "route_top_k": 8},
         {"group_n": 128, "group_k": 128, "BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 128,
          "GROUP_SIZE_M": 32, "top_k": 8, "use_fp8_w8a8": True}, 4, 3),
]


# Configs per token-count bucket (docs/kernels_moe.md, "Configs per token count"), mirrored line
# for line by fused_moe_buckets in kernels/models/fused_moe.c, whose fused_moe_pick chooses one by
# token count at run time. Numbers from vLLM's tuned H100 tables (fused_moe/configs): Mixtral
# "E=8,N=1792,device_name=NVIDIA_H100_80GB_HBM3", gpt-oss "E=128,N=2880,...H100_80GB_HBM3" (gpt-oss-120b:
# same N and K; none is published for E=32), Qwen3 "E=128,N=768,device_name=NVIDIA_H100,dtype=fp8_w8a8,
# block_shape=[128,128]" (BLOCK_SIZE_K capped at group_k = 128, which this kernel requires), each bucket's
# entry the one vLLM's nearest-M rule picks for its case (7 tokens: "8"; 333: "256"), except four:
# Mixtral's and Qwen3's up-to-1 and Mixtral's and gpt-oss's 17-to-512 buckets hold the fastest point
# of an H100 run of tests/gpu/roofline.sh's fused_moe sweep (docs/kernels_moe.md).
# (label, model, max_tokens (0: any count above the bucket before), case tokens,
#  BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K, GROUP_SIZE_M, num_warps, num_stages)
BUCKETS = [
    ("mixtral-8x7b-tp8-w1-upto1", "mixtral-8x7b-tp8-w1", 1, 1, 16, 64, 256, 32, 4, 3),
    ("mixtral-8x7b-tp8-w1-upto16", "mixtral-8x7b-tp8-w1", 16, 7, 16, 128, 64, 1, 4, 4),
    ("mixtral-8x7b-tp8-w1-upto512", "mixtral-8x7b-tp8-w1", 512, 333, 64, 128, 64, 8, 4, 4),
    ("mixtral-8x7b-tp8-w1-above512", "mixtral-8x7b-tp8-w1", 0, 4096, 128, 256, 64, 32, 8, 4),
    ("gpt-oss-20b-w2-bias-routed-upto1", "gpt-oss-20b-w2-bias-routed", 1, 1, 16, 32, 64, 1, 4, 4),
    ("gpt-oss-20b-w2-bias-routed-upto16", "gpt-oss-20b-w2-bias-routed", 16, 7, 16, 64, 128, 64, 4, 4),
    ("gpt-oss-20b-w2-bias-routed-upto512", "gpt-oss-20b-w2-bias-routed", 512, 333, 64, 128, 64, 1, 4, 4),
    ("gpt-oss-20b-w2-bias-routed-above512", "gpt-oss-20b-w2-bias-routed", 0, 4096, 128, 256, 64, 1, 8, 3),
    ("qwen3-30b-a3b-fp8-w1-upto1", "qwen3-30b-a3b-fp8-w1", 1, 1, 16, 32, 128, 1, 4, 4),
    ("qwen3-30b-a3b-fp8-w1-upto16", "qwen3-30b-a3b-fp8-w1", 16, 7, 16, 128, 128, 1, 4, 5),
    ("qwen3-30b-a3b-fp8-w1-upto512", "qwen3-30b-a3b-fp8-w1", 512, 333, 32, 128, 128, 1, 4, 3),
    ("qwen3-30b-a3b-fp8-w1-above512", "qwen3-30b-a3b-fp8-w1", 0, 4096, 64, 128, 128, 16, 4, 4),
]


def _bucket_cfg(label, model, max_tokens, tokens, bm, bn, bk, gm, num_warps, num_stages):
    """A bucket's config: its model config with the bucket's blocks; its cases run `tokens` tokens."""
    base = next(c for c in MODEL_CONFIGS if c["label"] == model)
    blocks = {"BLOCK_SIZE_M": bm, "BLOCK_SIZE_N": bn, "BLOCK_SIZE_K": bk, "GROUP_SIZE_M": gm}
    return _cfg(label, dict(base["model"], tokens=[tokens], max_tokens=max_tokens), dict(base["constexprs"], **blocks),
                num_warps, num_stages)


MODEL_CONFIGS += [_bucket_cfg(*b) for b in BUCKETS]


def pick(model, tokens):
    """The label of the bucket config for `tokens` tokens of `model` (fused_moe_pick in C)."""
    for label, m, max_tokens, *_ in BUCKETS:
        if m == model and (max_tokens == 0 or tokens <= max_tokens):
            return label
    raise ValueError(f"fused_moe: no bucket config for {tokens} tokens of {model}")


# The layer shape per config label, for model_cases (also in each config as "model").
_MODELS = {cfg["label"]: cfg["model"] for cfg in MODEL_CONFIGS}


def _align_module():
    """kernels/models/moe_align_block_size.py (its torch reference lays out the sorted pairs)."""
    here = globals().get("__file__")  # absent when the module was exec'd from text: run from the repository root
    path = os.path.join(os.path.dirname(os.path.abspath(here)) if here else "kernels", "moe_align_block_size.py")
    spec = importlib.util.spec_from_file_location("tritonc_kernel_moe_align_block_size", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _fp8_quantize(torch, x, group_rows, group_cols):
    """x (float, [..., R, C]) as fp8 e4m3 with one fp32 scale per group_rows x group_cols block."""
    *lead, rows, cols = x.shape
    blocks = x.reshape(*lead, rows // group_rows, group_rows, cols // group_cols, group_cols)
    amax = blocks.abs().amax(dim=(-3, -1), keepdim=True).clamp(min=1e-6)
    scale = amax / 448.0
    q = (blocks / scale).clamp(-448.0, 448.0).to(torch.float8_e4m3fn)
    return q.reshape(x.shape), scale.reshape(*lead, rows // group_rows, cols // group_cols).float()


def _dequantize(torch, q, scale, group_rows, group_cols):
    return q.float() * scale.repeat_interleave(group_rows, dim=-2).repeat_interleave(group_cols, dim=-1)


def model_cases(cfg, torch):
    c, m = cfg["constexprs"], cfg.get("model") or _MODELS[cfg["label"]]
    align = _align_module()
    E, N, K, top_k, route_top_k = m["E"], m["N"], m["K"], m["top_k"], m["route_top_k"]
    fp8, bm = c["use_fp8_w8a8"], c["BLOCK_SIZE_M"]
    dev = "cuda"
    g = torch.Generator(device=dev).manual_seed(9)
    w = torch.randn(E, N, K, device=dev, generator=g) / K ** 0.5
    bias = (torch.randn(E, N, device=dev, generator=g) * 0.1).to(torch.bfloat16)
    if fp8:
        w_q, w_scale = _fp8_quantize(torch, w, c["group_n"], c["group_k"])
        w_ref = _dequantize(torch, w_q, w_scale, c["group_n"], c["group_k"])
        b = w_q
    else:
        w_scale = torch.zeros(1, device=dev)
        b = w.to(torch.bfloat16)
        w_ref = b.float()
    w_base = w_ref.to(torch.bfloat16)  # the baseline's weights (for fp8: dequantized), made once
    cases = []
    # (tokens, experts owned by this rank): all, or the first half (expert parallelism: the other
    # half's blocks get expert -1 and their rows must come out zero)
    runs = [(t, E) for t in m["tokens"]] if "tokens" in m else [(1, E), (7, E), (333, E), (333, E // 2)]
    for tokens, owned in runs:
        ids, weights = align.routing(torch, tokens, E, route_top_k, seed=100 + tokens)
        pairs = ids.numel()
        a_rows = pairs if top_k == 1 else tokens  # vLLM's second GEMM: one A row per pair
        x = torch.randn(a_rows, K, device=dev, generator=g)
        if fp8:
            x_q, x_scale = _fp8_quantize(torch, x, 1, c["group_k"])
            x_ref = _dequantize(torch, x_q, x_scale, 1, c["group_k"])
            a = x_q
        else:
            x_scale = torch.zeros(1, device=dev)
            a = x.to(torch.bfloat16)
            x_ref = a.float()
        sorted_ids, expert_ids, total = align.align_reference(torch, ids, E, bm)
        expert_ids = torch.where(expert_ids >= owned, -1, expert_ids).to(torch.int32)
        EM = sorted_ids.numel()
        out = torch.empty(pairs, N, dtype=torch.bfloat16, device=dev)
        flat_w = weights.reshape(-1).contiguous()
        flat_ids = ids.reshape(-1).long()

        def dense(dtype, w_ref, x_ref=x_ref, flat_ids=flat_ids, flat_w=flat_w, pairs=pairs, owned=owned):
            """A dense matmul per expert over its pairs, in dtype; pairs of experts not owned are 0."""
            rows = torch.arange(pairs, device=dev) // top_k
            ref = torch.zeros(pairs, N, dtype=dtype, device=dev)
            for e in range(owned):
                sel = torch.nonzero(flat_ids == e).reshape(-1)
                if sel.numel():
                    y = x_ref[rows[sel]].to(dtype) @ w_ref[e].to(dtype).T
                    if c["HAS_BIAS"]:
                        y = y + bias[e].to(dtype)
                    if c["MUL_ROUTED_WEIGHT"]:
                        y = y * flat_w[sel, None].to(dtype)
                    ref[sel] = y
            return [ref.to(torch.bfloat16)]

        args = [a, b, out, bias, x_scale, w_scale, flat_w, sorted_ids, expert_ids, total,
                N, K, EM, pairs, a.stride(0), a.stride(1), b.stride(0), b.stride(2), b.stride(1),
                out.stride(0), out.stride(1), bias.stride(0), bias.stride(1),
                x_scale.stride(0) if fp8 else 0, x_scale.stride(1) if fp8 else 0,
                w_scale.stride(0) if fp8 else 0, w_scale.stride(2) if fp8 else 0, w_scale.stride(1) if fp8 else 0]
        grid = (triton.cdiv(EM, bm) * triton.cdiv(N, c["BLOCK_SIZE_N"]),)
        elem = 1 if fp8 else 2
        used = int(torch.unique(flat_ids).numel())
        cases.append({
            "label": f"tokens{tokens}" + ("" if owned == E else f"-ep-owns{owned}of{E}"),
            "args": args,
            "grid": grid,
            "outputs": [2],
            # expected in float64; the kernel rounds an fp32 sum to bf16 once: bf16's tolerance
            "expected": (lambda dense=dense: dense(torch.float64, w_ref)),
            "tol": (2e-2, 2e-2),
            # the torch computation in bf16 (for fp8: on the dequantized values), timed beside ours
            "baseline": (lambda dense=dense: dense(torch.bfloat16, w_base)),
            "flops": 2 * tokens * route_top_k * N * K,
            "bytes": used * N * K * elem + a_rows * K * elem + pairs * N * 2,
        })
    return cases
