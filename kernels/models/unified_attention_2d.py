"""unified_attention_2d: paged attention over a block table, prefill and decode in one launch, in the
manner of vLLM's unified attention (the algorithm; the code is ours).

The batch is ragged: query_start_loc[s] .. query_start_loc[s + 1] are sequence s's query tokens (the
last query_len of its seq_lens[s] positions; the positions before them are its context). Its keys
and values live in a paged cache [num_blocks, BLOCK_SIZE, num_kv_heads, HEAD_SIZE]: position p is
slot p % BLOCK_SIZE of the physical block block_table[s, p // BLOCK_SIZE].

Program (q, h): q-block q of the whole batch (a binary search over query_start_loc finds its
sequence: sequence s owns q-blocks from query_start_loc[s] // BLOCK_Q + s), KV head h. Its
BLOCK_M = BLOCK_Q * NUM_QUERIES_PER_KV rows are BLOCK_Q query positions times the query heads that
share KV head h (GQA), so each K and V tile is loaded once for all of them. It walks the sequence's
keys in tiles of TILE_SIZE with an online softmax, causal within the sequence, and stops at the
block's last row's position. Constexpr switches: USE_SOFTCAP (scores cap * tanh(s / cap)),
USE_SINKS (one learned extra score per head, with no value), SLIDING_WINDOW (> 0: a query sees the
SLIDING_WINDOW keys up to itself; whole tiles outside every row's window are skipped).

Grid: (num_tokens // BLOCK_Q + num_seqs, num_kv_heads); programs past their sequence's q-blocks
return at once. The Python original of kernels/models/unified_attention_2d.c, which follows it line for
line (each @triton.jit helper is a static C function).
"""
import importlib.util
import math
import os

import triton
import triton.language as tl


@triton.jit
def cdiv_fn(x, y):
    return (x + y - 1) // y


@triton.jit
def apply_softcap(S, cap):
    # cap * tanh(S / cap), through two exponentials
    s = S / cap
    e_pos = tl.exp(s)
    e_neg = tl.exp(-s)
    return cap * (e_pos - e_neg) / (e_pos + e_neg)


@triton.jit
def find_seq_idx(query_start_loc_ptr, target, num_seqs, BLOCK_Q: tl.constexpr, Q_BLOCK_MODE: tl.constexpr):
    # the last sequence whose first q-block (Q_BLOCK_MODE) or first token is at or before target
    lo = 0
    hi = num_seqs
    while lo < hi:
        mid = (lo + hi) // 2
        start = tl.load(query_start_loc_ptr + mid)
        key = start // BLOCK_Q + mid if Q_BLOCK_MODE else start
        if key <= target:
            lo = mid + 1
        else:
            hi = mid
    return lo - 1


@triton.jit
def unified_attention_2d(out_ptr, q_ptr, k_cache_ptr, v_cache_ptr, sinks_ptr, block_table_ptr, seq_lens_ptr,
                         query_start_loc_ptr, scale, softcap, num_seqs, stride_q_tok, stride_q_head, stride_o_tok,
                         stride_o_head, stride_bt, stride_k_blk, stride_k_slot, stride_k_head, stride_v_blk,
                         stride_v_slot, stride_v_head, NUM_QUERY_HEADS: tl.constexpr,
                         NUM_QUERIES_PER_KV: tl.constexpr, BLOCK_SIZE: tl.constexpr, TILE_SIZE: tl.constexpr,
                         HEAD_SIZE: tl.constexpr, HEAD_SIZE_PADDED: tl.constexpr, BLOCK_Q: tl.constexpr,
                         BLOCK_M: tl.constexpr, USE_SOFTCAP: tl.constexpr, USE_SINKS: tl.constexpr,
                         SLIDING_WINDOW: tl.constexpr):
    q_block_global_idx = tl.program_id(0)
    kv_head_idx = tl.program_id(1)
    seq_idx = find_seq_idx(query_start_loc_ptr, q_block_global_idx, num_seqs, BLOCK_Q, True)
    q_start = tl.load(query_start_loc_ptr + seq_idx)
    q_stop = tl.load(query_start_loc_ptr + seq_idx + 1)
    query_len = q_stop - q_start
    q_block_local_idx = q_block_global_idx - (q_start // BLOCK_Q + seq_idx)
    if q_block_local_idx * BLOCK_Q >= query_len:
        return
    # row m: query position m // NUM_QUERIES_PER_KV of the block, query head m % NUM_QUERIES_PER_KV of the group
    offs_m = tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_SIZE_PADDED)
    offs_t = tl.arange(0, TILE_SIZE)
    query_pos = q_block_local_idx * BLOCK_Q + offs_m // NUM_QUERIES_PER_KV
    token_idx = q_start + query_pos
    head_idx = kv_head_idx * NUM_QUERIES_PER_KV + offs_m % NUM_QUERIES_PER_KV
    dim_mask = offs_d < HEAD_SIZE
    head_mask = head_idx < NUM_QUERY_HEADS
    row_mask = (query_pos < query_len) & head_mask
    q_offs = token_idx[:, None] * stride_q_tok + head_idx[:, None] * stride_q_head + offs_d[None, :]
    Q = tl.load(q_ptr + q_offs, mask=row_mask[:, None] & dim_mask[None, :], other=0.0)
    # the online softmax's state; a sink is one more score per row, with no value
    if USE_SINKS:
        M = tl.load(sinks_ptr + head_idx, mask=head_mask, other=float("-inf"))
    else:
        M = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    L = tl.full([BLOCK_M], 1.0, dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_SIZE_PADDED], dtype=tl.float32)
    seq_len = tl.load(seq_lens_ptr + seq_idx)
    context_len = seq_len - query_len
    query_abs = context_len + query_pos
    # causal: no row of the block sees a key past its last row's position
    max_seq_prefix_len = tl.minimum(context_len + q_block_local_idx * BLOCK_Q + (BLOCK_M - 1) // NUM_QUERIES_PER_KV + 1, seq_len)
    num_tiles = cdiv_fn(max_seq_prefix_len, TILE_SIZE)
    tile_start = 0
    tile_end = num_tiles
    if SLIDING_WINDOW > 0:
        # nor a key before its first row's window
        first_pos = q_block_local_idx * BLOCK_Q
        last_pos = tl.minimum(first_pos + (BLOCK_M - 1) // NUM_QUERIES_PER_KV, query_len - 1)
        tile_start = tl.maximum(0, (context_len + first_pos - SLIDING_WINDOW + 1) // TILE_SIZE)
        tile_end = tl.minimum((context_len + last_pos) // TILE_SIZE + 1, num_tiles)
    block_table_row = block_table_ptr + seq_idx * stride_bt
    for j in range(tile_start, tile_end):
        seq_offset = j * TILE_SIZE + offs_t
        tile_mask = seq_offset < max_seq_prefix_len
        physical_block = tl.load(block_table_row + seq_offset // BLOCK_SIZE, mask=tile_mask, other=0).to(tl.int64)
        slot = seq_offset % BLOCK_SIZE
        # K: (HEAD_SIZE_PADDED, TILE_SIZE), V: (TILE_SIZE, HEAD_SIZE_PADDED)
        k_offs = physical_block[None, :] * stride_k_blk + slot[None, :] * stride_k_slot + kv_head_idx * stride_k_head + offs_d[:, None]
        K = tl.load(k_cache_ptr + k_offs, mask=dim_mask[:, None] & tile_mask[None, :], other=0.0)
        v_offs = physical_block[:, None] * stride_v_blk + slot[:, None] * stride_v_slot + kv_head_idx * stride_v_head + offs_d[None, :]
        V = tl.load(v_cache_ptr + v_offs, mask=tile_mask[:, None] & dim_mask[None, :], other=0.0)
        S = scale * tl.dot(Q, K)
        if USE_SOFTCAP:
            S = apply_softcap(S, softcap)
        S = tl.where(row_mask[:, None] & (seq_offset[None, :] <= query_abs[:, None]), S, float("-inf"))
        if SLIDING_WINDOW > 0:
            S = tl.where(query_abs[:, None] - seq_offset[None, :] < SLIDING_WINDOW, S, float("-inf"))
        # a row with every key masked so far keeps a maximum of 0, not -inf (no -inf - -inf)
        m_j = tl.maximum(M, tl.max(S, axis=1))
        m_j = tl.where(m_j > float("-inf"), m_j, 0.0)
        P = tl.exp(S - m_j[:, None])
        l_j = tl.sum(P, axis=1)
        alpha = tl.exp(M - m_j)
        acc = acc * alpha[:, None]
        L = L * alpha + l_j
        M = m_j
        acc = tl.dot(P.to(V.dtype), V, acc)
    acc = acc / L[:, None]
    o_offs = token_idx[:, None] * stride_o_tok + head_idx[:, None] * stride_o_head + offs_d[None, :]
    tl.store(out_ptr + o_offs, acc.to(out_ptr.dtype.element_ty), mask=row_mask[:, None] & dim_mask[None, :])


_POINTERS = ["out_ptr", "q_ptr", "k_cache_ptr", "v_cache_ptr", "sinks_ptr", "block_table_ptr", "seq_lens_ptr",
             "query_start_loc_ptr"]
_STRIDES = ["stride_q_tok", "stride_q_head", "stride_o_tok", "stride_o_head", "stride_bt", "stride_k_blk",
            "stride_k_slot", "stride_k_head", "stride_v_blk", "stride_v_slot", "stride_v_head"]
_CONSTEXPR_NAMES = ["NUM_QUERY_HEADS", "NUM_QUERIES_PER_KV", "BLOCK_SIZE", "TILE_SIZE", "HEAD_SIZE",
                    "HEAD_SIZE_PADDED", "BLOCK_Q", "BLOCK_M", "USE_SOFTCAP", "USE_SINKS", "SLIDING_WINDOW"]


def _signature(dtype):
    """Q, the caches and the output in dtype ("bf16", "fp16"); sinks float32; indices int32; strides int64."""
    d = "*" + dtype
    sig = {"out_ptr": d, "q_ptr": d, "k_cache_ptr": d, "v_cache_ptr": d, "sinks_ptr": "*fp32",
           "block_table_ptr": "*i32", "seq_lens_ptr": "*i32", "query_start_loc_ptr": "*i32",
           "scale": "fp32", "softcap": "fp32", "num_seqs": "i32"}
    sig.update({s: "i64" for s in _STRIDES})
    sig.update({c: "constexpr" for c in _CONSTEXPR_NAMES})
    return sig


SIGNATURE = _signature("bf16")
CONSTEXPRS = {"NUM_QUERY_HEADS": 32, "NUM_QUERIES_PER_KV": 4, "BLOCK_SIZE": 16, "TILE_SIZE": 32, "HEAD_SIZE": 128,
              "HEAD_SIZE_PADDED": 128, "BLOCK_Q": 4, "BLOCK_M": 16, "USE_SOFTCAP": False, "USE_SINKS": False,
              "SLIDING_WINDOW": 0}  # equals the C config's defaults (llama3-8b)
ATTRS = {(i,): [["tt.divisibility", 16]] for i in range(len(_POINTERS))}  # every pointer: C's TL_PTR default

# The models behind the configs: heads, KV heads, head size, dtype, KV block, softcap, window, sinks.
MODELS = {
    "llama3-8b": {"Hq": 32, "Hkv": 8, "D": 128, "dtype": "bf16", "block": 16, "softcap": 0.0, "window": 0,
                  "sinks": False},
    # gpt-oss-20b's sliding-window layers: 64 query heads over 8 KV heads of 64, a 128-token window, sinks
    "gpt-oss-20b-swa-sinks": {"Hq": 64, "Hkv": 8, "D": 64, "dtype": "bf16", "block": 16, "softcap": 0.0,
                              "window": 128, "sinks": True},
    # Gemma-2-2B: 8 query heads over 4 KV heads of 256, attention logits capped at 50; fp16 here
    "gemma2-2b-softcap": {"Hq": 8, "Hkv": 4, "D": 256, "dtype": "fp16", "block": 16, "softcap": 50.0, "window": 0,
                          "sinks": False},
}


def model_constexprs(model, tile_size):
    """The constexprs vLLM's launcher derives from a model: BLOCK_M 16 rows (or the next power of two
    of the group), BLOCK_Q query positions per program."""
    qpk = model["Hq"] // model["Hkv"]
    block_m = 16 if qpk <= 16 else triton.next_power_of_2(qpk)
    return {"NUM_QUERY_HEADS": model["Hq"], "NUM_QUERIES_PER_KV": qpk, "BLOCK_SIZE": model["block"],
            "TILE_SIZE": tile_size, "HEAD_SIZE": model["D"], "HEAD_SIZE_PADDED": triton.next_power_of_2(model["D"]),
            "BLOCK_Q": block_m // qpk, "BLOCK_M": block_m, "USE_SOFTCAP": model["softcap"] > 0,
            "USE_SINKS": model["sinks"], "SLIDING_WINDOW": model["window"]}


def _config(label, tile_size, num_warps, num_stages):
    m = MODELS[label]
    c = model_constexprs(m, tile_size)
    sets = {"dtype": {"bf16": "bfloat16", "fp16": "float16"}[m["dtype"]]}
    sets.update({k: ("true" if v else "false") if isinstance(v, bool) else v for k, v in c.items()})
    return {"label": label, "sets": sets, "constexprs": c, "signature": _signature(m["dtype"]), "attrs": dict(ATTRS),
            "num_warps": num_warps, "num_stages": num_stages}


# vLLM's prefill tile (32 keys), Triton's default 4 warps and 2 stages for head 256 (within shared
# memory), except where the H100 sweep of roofline.py found better: llama3-8b on 64-key tiles in 4
# stages (decode-32: 165 against 215 us), gpt-oss-20b on 64-key tiles, 2 warps, 2 stages
# (prefill-513: 21 against 30 us).
MODEL_CONFIGS = [
    _config("llama3-8b", 64, 4, 4),
    _config("gpt-oss-20b-swa-sinks", 64, 2, 2),
    _config("gemma2-2b-softcap", 32, 4, 2),
]


# ---- torch side: a ragged paged batch and the reference (shared with unified_attention_3d) -----------

def make_batch(torch, model, query_lens, context_lens, seed):
    """A ragged batch over a paged cache: q [tokens, Hq, D], k/v caches [blocks, block, Hkv, D] with
    random physical blocks (a shuffled pool with spare blocks), block table [seqs, max blocks],
    seq_lens = context + query, query_start_loc, sinks [Hq] float32."""
    dev = "cuda"
    dtype = {"bf16": torch.bfloat16, "fp16": torch.float16}[model["dtype"]]
    g = torch.Generator(device=dev).manual_seed(seed)
    Hq, Hkv, D, bs = model["Hq"], model["Hkv"], model["D"], model["block"]
    seq_lens = [c + q for c, q in zip(context_lens, query_lens)]
    blocks_per_seq = [triton.cdiv(s, bs) for s in seq_lens]
    max_blocks = max(blocks_per_seq)
    num_blocks = sum(blocks_per_seq) + 7
    perm = torch.randperm(num_blocks, device=dev, generator=g).to(torch.int32)
    block_table = torch.zeros((len(seq_lens), max_blocks), dtype=torch.int32, device=dev)
    used = 0
    for s, nb in enumerate(blocks_per_seq):
        block_table[s, :nb] = perm[used:used + nb]
        used += nb
    tokens = sum(query_lens)
    q = torch.randn((tokens, Hq, D), dtype=torch.float32, device=dev, generator=g).to(dtype)
    k_cache = torch.randn((num_blocks, bs, Hkv, D), dtype=torch.float32, device=dev, generator=g).to(dtype)
    v_cache = torch.randn((num_blocks, bs, Hkv, D), dtype=torch.float32, device=dev, generator=g).to(dtype)
    sinks = torch.randn((Hq,), dtype=torch.float32, device=dev, generator=g) + 1.0
    starts = [0]
    for n in query_lens:
        starts.append(starts[-1] + n)
    return {"q": q, "k_cache": k_cache, "v_cache": v_cache, "block_table": block_table, "sinks": sinks,
            "seq_lens": torch.tensor(seq_lens, dtype=torch.int32, device=dev),
            "query_start_loc": torch.tensor(starts, dtype=torch.int32, device=dev),
            "query_lens": list(query_lens), "seq_lens_list": seq_lens, "starts": starts,
            "scale": 1.0 / math.sqrt(D)}


def gather_kv(torch, batch, s):
    """Sequence s's keys and values, [seq_len, Hkv, D], read through its block table."""
    n = batch["seq_lens_list"][s]
    bs = batch["k_cache"].shape[1]
    pos = torch.arange(n, device=batch["q"].device)
    blk = batch["block_table"][s].long()[pos // bs]
    return batch["k_cache"][blk, pos % bs], batch["v_cache"][blk, pos % bs]


def scores_mask(torch, batch, s, window):
    """[query_len, seq_len] bool: key allowed for the query (causal within the sequence, window)."""
    ql, n = batch["query_lens"][s], batch["seq_lens_list"][s]
    dev = batch["q"].device
    qabs = (n - ql + torch.arange(ql, device=dev))[:, None]
    key = torch.arange(n, device=dev)[None, :]
    allowed = key <= qabs
    if window > 0:
        allowed &= qabs - key < window
    return allowed


def attention_reference(torch, batch, model):
    """The attention output [tokens, Hq, D] in float32: per sequence, the gathered KV repeated per
    query head (GQA), explicit softmax with the causal / window mask, softcap and sinks."""
    Hq, Hkv = model["Hq"], model["Hkv"]
    out = torch.zeros(batch["q"].shape, dtype=torch.float32, device=batch["q"].device)
    for s, ql in enumerate(batch["query_lens"]):
        a = batch["starts"][s]
        k, v = gather_kv(torch, batch, s)
        k = k.float().repeat_interleave(Hq // Hkv, dim=1)  # [n, Hq, D]
        v = v.float().repeat_interleave(Hq // Hkv, dim=1)
        q = batch["q"][a:a + ql].float()
        sc = torch.einsum("qhd,khd->hqk", q, k) * batch["scale"]
        if model["softcap"] > 0:
            sc = model["softcap"] * torch.tanh(sc / model["softcap"])
        sc = sc.masked_fill(~scores_mask(torch, batch, s, model["window"])[None], float("-inf"))
        if model["sinks"]:
            sink = batch["sinks"][:, None, None].expand(Hq, ql, 1)
            p = torch.softmax(torch.cat([sc, sink], dim=-1), dim=-1)[..., :-1]
        else:
            p = torch.softmax(sc, dim=-1)
        out[a:a + ql] = torch.einsum("hqk,khd->qhd", p, v)
    return out


def sdpa_baseline(torch, batch, model):
    """The dense equivalent timed beside the kernel: per sequence, torch's SDPA on the KV gathered
    once beforehand (GQA repeated, the causal / window mask; softcap and sinks left out)."""
    import torch.nn.functional as F
    Hq, Hkv = model["Hq"], model["Hkv"]
    per_seq = []
    for s, ql in enumerate(batch["query_lens"]):
        a = batch["starts"][s]
        k, v = gather_kv(torch, batch, s)
        k = k.repeat_interleave(Hq // Hkv, dim=1).transpose(0, 1).contiguous()
        v = v.repeat_interleave(Hq // Hkv, dim=1).transpose(0, 1).contiguous()
        q = batch["q"][a:a + ql].transpose(0, 1).contiguous()
        per_seq.append((q, k, v, scores_mask(torch, batch, s, model["window"])))

    def run():
        return [F.scaled_dot_product_attention(q, k, v, attn_mask=m, scale=batch["scale"]) for q, k, v, m in per_seq]
    return run


def attention_flops(batch, model):
    """4 * sum(query_len * seq_len) * Hq * D: QK^T and PV over every key of the sequence (the dense
    count: causal and window masking not subtracted)."""
    return 4 * sum(q * n for q, n in zip(batch["query_lens"], batch["seq_lens_list"])) * model["Hq"] * model["D"]


def attention_bytes(batch, model):
    """Q read and the output written once, and each sequence's K and V that some query of it sees
    read once: all its keys, or under a sliding window of W only the last W + query_len - 1."""
    el = batch["q"].element_size()
    w = model["window"]
    keys = sum(min(n, w + q - 1) if w else n for q, n in zip(batch["query_lens"], batch["seq_lens_list"]))
    return 2 * batch["q"].numel() * el + keys * model["Hkv"] * model["D"] * 2 * el


# A serving batch, this kernel's and unified_attention_3d's large case: 32 decode steps over
# contexts of 512 to 4013 keys (the cache hundreds of MB).
DECODE_32 = ("decode-32", [1] * 32, [512 + i * 389 % 3584 for i in range(32)])

# (label, query lens, context lens): decode and prefill mixed; a prefill with context; decode steps
_BATCHES = [("mixed-1-1-17-300", [1, 1, 17, 300], [2000, 517, 40, 1200]),
            ("prefill-513", [513], [0]),
            ("decode-8", [1] * 8, [1999, 31, 250, 1024, 7, 640, 1500, 100]),
            DECODE_32]


def _label_model(cfg):
    return MODELS[cfg["label"]]


def model_cases(cfg, torch):
    c = cfg["constexprs"]
    model = _label_model(cfg)
    cases = []
    for i, (label, qls, cls) in enumerate(_BATCHES):
        b = make_batch(torch, model, qls, cls, seed=90 + i)
        out = torch.zeros_like(b["q"])
        q, kc, vc = b["q"], b["k_cache"], b["v_cache"]
        args = [out, q, kc, vc, b["sinks"], b["block_table"], b["seq_lens"], b["query_start_loc"],
                b["scale"], float(model["softcap"]), len(qls),
                q.stride(0), q.stride(1), out.stride(0), out.stride(1), b["block_table"].stride(0),
                kc.stride(0), kc.stride(1), kc.stride(2), vc.stride(0), vc.stride(1), vc.stride(2)]
        grid = (q.shape[0] // c["BLOCK_Q"] + len(qls), model["Hkv"])
        cases.append({"label": label, "args": args, "grid": grid, "outputs": [0],
                      "expected": (lambda b=b: [attention_reference(torch, b, model).to(b["q"].dtype)]),
                      "tol": (2e-2, 2e-2),
                      "baseline": sdpa_baseline(torch, b, model),
                      "flops": attention_flops(b, model), "bytes": attention_bytes(b, model)})
    return cases


def sibling(name):
    """kernels/NAME.py loaded as a module (the 3d and reduce modules share this one's torch side)."""
    here = globals().get("__file__")  # absent when exec'd from text: run from the repository root
    path = os.path.join(os.path.dirname(os.path.abspath(here)) if here else "kernels", name + ".py")
    spec = importlib.util.spec_from_file_location("tritonc_kernel_" + name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
