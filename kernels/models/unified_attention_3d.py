"""unified_attention_3d: the split-KV variant of kernels/models/unified_attention_2d.py (vLLM's unified
attention for decode-heavy batches; the algorithm, our code). A third grid axis splits each
sequence's keys into NUM_SEGMENTS_PER_SEQ segments of whole tiles (tiles_per_segment =
cdiv(seq_len, NUM_SEGMENTS_PER_SEQ * TILE_SIZE)); program (q, h, g) runs the online softmax of
q-block q, KV head h over segment g only and writes its unnormalized partial result:

    segm_output[token, head, g, :]  the sum of exp(s - segm_max) * v over the segment's keys
    segm_max[token, head, g]        the running maximum (0 for a row whose keys are all masked)
    segm_expsum[token, head, g]     the sum of exp(s - segm_max) (the sink counted in segment 0)

kernels/models/reduce_segments.py merges them. Segments past the end of the sequence write nothing
(reduce_segments masks them). Grid: (num_tokens // BLOCK_Q + num_seqs, num_kv_heads,
NUM_SEGMENTS_PER_SEQ). Under a sliding window a segment runs only its tiles that some row's window
reaches (as unified_attention_2d skips them); one with none stores its start state. The Python
original of kernels/models/unified_attention_3d.c, line for line; the @jit helpers are
unified_attention_2d's.
"""
import importlib.util
import os

import triton
import triton.language as tl


def _sibling(name):
    here = globals().get("__file__")  # absent when exec'd from text: run from the repository root
    path = os.path.join(os.path.dirname(os.path.abspath(here)) if here else "kernels", name + ".py")
    spec = importlib.util.spec_from_file_location("tritonc_kernel_" + name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


_ua2d = _sibling("unified_attention_2d")
cdiv_fn = _ua2d.cdiv_fn
apply_softcap = _ua2d.apply_softcap
find_seq_idx = _ua2d.find_seq_idx


@triton.jit
def unified_attention_3d(segm_output_ptr, segm_max_ptr, segm_expsum_ptr, q_ptr, k_cache_ptr, v_cache_ptr, sinks_ptr,
                         block_table_ptr, seq_lens_ptr, query_start_loc_ptr, scale, softcap, num_seqs, stride_q_tok,
                         stride_q_head, stride_bt, stride_k_blk, stride_k_slot, stride_k_head, stride_v_blk,
                         stride_v_slot, stride_v_head, NUM_QUERY_HEADS: tl.constexpr,
                         NUM_QUERIES_PER_KV: tl.constexpr, BLOCK_SIZE: tl.constexpr, TILE_SIZE: tl.constexpr,
                         HEAD_SIZE: tl.constexpr, HEAD_SIZE_PADDED: tl.constexpr, BLOCK_Q: tl.constexpr,
                         BLOCK_M: tl.constexpr, USE_SOFTCAP: tl.constexpr, USE_SINKS: tl.constexpr,
                         SLIDING_WINDOW: tl.constexpr, NUM_SEGMENTS_PER_SEQ: tl.constexpr):
    q_block_global_idx = tl.program_id(0)
    kv_head_idx = tl.program_id(1)
    segm_idx = tl.program_id(2)
    seq_idx = find_seq_idx(query_start_loc_ptr, q_block_global_idx, num_seqs, BLOCK_Q, True)
    q_start = tl.load(query_start_loc_ptr + seq_idx)
    q_stop = tl.load(query_start_loc_ptr + seq_idx + 1)
    query_len = q_stop - q_start
    q_block_local_idx = q_block_global_idx - (q_start // BLOCK_Q + seq_idx)
    if q_block_local_idx * BLOCK_Q >= query_len:
        return
    seq_len = tl.load(seq_lens_ptr + seq_idx)
    # segments of whole tiles; one that starts past the sequence's end has nothing to do
    tiles_per_segment = cdiv_fn(seq_len, NUM_SEGMENTS_PER_SEQ * TILE_SIZE)
    if segm_idx * tiles_per_segment * TILE_SIZE >= seq_len:
        return
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
    # only the first segment counts the sink
    if USE_SINKS:
        M = tl.load(sinks_ptr + head_idx, mask=head_mask & (segm_idx == 0), other=float("-inf"))
    else:
        M = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    L = tl.full([BLOCK_M], 1.0, dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_SIZE_PADDED], dtype=tl.float32)
    context_len = seq_len - query_len
    query_abs = context_len + query_pos
    max_seq_prefix_len = tl.minimum(context_len + q_block_local_idx * BLOCK_Q + (BLOCK_M - 1) // NUM_QUERIES_PER_KV + 1, seq_len)
    num_tiles = cdiv_fn(max_seq_prefix_len, TILE_SIZE)
    block_table_row = block_table_ptr + seq_idx * stride_bt
    tile_lo = segm_idx * tiles_per_segment
    tile_hi = tl.minimum((segm_idx + 1) * tiles_per_segment, num_tiles)
    if SLIDING_WINDOW > 0:
        # nor the tiles before the first row's window or past the last row's position
        first_pos = q_block_local_idx * BLOCK_Q
        last_pos = tl.minimum(first_pos + (BLOCK_M - 1) // NUM_QUERIES_PER_KV, query_len - 1)
        tile_lo = tl.maximum(tile_lo, (context_len + first_pos - SLIDING_WINDOW + 1) // TILE_SIZE)
        tile_hi = tl.minimum(tile_hi, (context_len + last_pos) // TILE_SIZE + 1)
    for j in range(tile_lo, tile_hi):
        seq_offset = j * TILE_SIZE + offs_t
        tile_mask = seq_offset < max_seq_prefix_len
        physical_block = tl.load(block_table_row + seq_offset // BLOCK_SIZE, mask=tile_mask, other=0).to(tl.int64)
        slot = seq_offset % BLOCK_SIZE
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
        m_j = tl.maximum(M, tl.max(S, axis=1))
        m_j = tl.where(m_j > float("-inf"), m_j, 0.0)
        P = tl.exp(S - m_j[:, None])
        l_j = tl.sum(P, axis=1)
        alpha = tl.exp(M - m_j)
        acc = acc * alpha[:, None]
        L = L * alpha + l_j
        M = m_j
        acc = tl.dot(P.to(V.dtype), V, acc)
    # [token, head, segment] rows, HEAD_SIZE_PADDED values each
    segm_offs = token_idx.to(tl.int64) * (NUM_QUERY_HEADS * NUM_SEGMENTS_PER_SEQ) + head_idx * NUM_SEGMENTS_PER_SEQ + segm_idx
    tl.store(segm_output_ptr + segm_offs[:, None] * HEAD_SIZE_PADDED + offs_d[None, :], acc, mask=row_mask[:, None] & dim_mask[None, :])
    tl.store(segm_max_ptr + segm_offs, M, mask=row_mask)
    tl.store(segm_expsum_ptr + segm_offs, L, mask=row_mask)


_STRIDES = ["stride_q_tok", "stride_q_head", "stride_bt", "stride_k_blk", "stride_k_slot", "stride_k_head",
            "stride_v_blk", "stride_v_slot", "stride_v_head"]
_CONSTEXPR_NAMES = ["NUM_QUERY_HEADS", "NUM_QUERIES_PER_KV", "BLOCK_SIZE", "TILE_SIZE", "HEAD_SIZE",
                    "HEAD_SIZE_PADDED", "BLOCK_Q", "BLOCK_M", "USE_SOFTCAP", "USE_SINKS", "SLIDING_WINDOW",
                    "NUM_SEGMENTS_PER_SEQ"]


def _signature(dtype):
    d = "*" + dtype
    sig = {"segm_output_ptr": "*fp32", "segm_max_ptr": "*fp32", "segm_expsum_ptr": "*fp32", "q_ptr": d,
           "k_cache_ptr": d, "v_cache_ptr": d, "sinks_ptr": "*fp32", "block_table_ptr": "*i32",
           "seq_lens_ptr": "*i32", "query_start_loc_ptr": "*i32", "scale": "fp32", "softcap": "fp32",
           "num_seqs": "i32"}
    sig.update({s: "i64" for s in _STRIDES})
    sig.update({c: "constexpr" for c in _CONSTEXPR_NAMES})
    return sig


SIGNATURE = _signature("bf16")
CONSTEXPRS = {"NUM_QUERY_HEADS": 32, "NUM_QUERIES_PER_KV": 4, "BLOCK_SIZE": 16, "TILE_SIZE": 16, "HEAD_SIZE": 128,
              "HEAD_SIZE_PADDED": 128, "BLOCK_Q": 4, "BLOCK_M": 16, "USE_SOFTCAP": False, "USE_SINKS": False,
              "SLIDING_WINDOW": 0, "NUM_SEGMENTS_PER_SEQ": 16}  # equals the C config's defaults (llama3-8b)
ATTRS = {(i,): [["tt.divisibility", 16]] for i in range(10)}  # every pointer: C's TL_PTR default

NUM_SEGMENTS = 16  # vLLM's choice for its split-KV decode path


# Keys per tile of the decode path, per model: vLLM's 16 for 16-bit types, except where the H100
# sweep of roofline.py on the decode-32 batch found a larger tile faster and every case passed
# (gpt-oss-20b's window: 68 against 93 us at 64, two warps; llama3-8b: 117 against 137 us at 32;
# gemma2-2b: 118 against 137 us at 32). reduce_segments must be configured with the same TILE_SIZE
# (it finds the segments' bounds from it).
DECODE_TILES = {"llama3-8b": 32, "gpt-oss-20b-swa-sinks": 64, "gemma2-2b-softcap": 32}


def normalized_segments(torch, outs):
    """The outputs as the cases compare them: each segment's weighted values over its exp-sum (the
    softmax-weighted mean of its values, which reduce_segments weighs), its maximum and exp-sum as
    they are. The kernel rounds P to the cache's dtype before P @ V, so the raw sums err in
    proportion to the exp-sum, which grows with the keys a segment holds; over it, the error is that
    of one rounding. A segment left unwritten (exp-sum 0) is compared as it is."""
    out, mx, es = outs
    return [torch.where(es[..., None] > 0, out / torch.where(es > 0, es, 1.0)[..., None], out), mx, es]


def _config(label, num_warps, num_stages):
    m = _ua2d.MODELS[label]
    c = dict(_ua2d.model_constexprs(m, DECODE_TILES[label]), NUM_SEGMENTS_PER_SEQ=NUM_SEGMENTS)
    sets = {"dtype": {"bf16": "bfloat16", "fp16": "float16"}[m["dtype"]]}
    sets.update({k: ("true" if v else "false") if isinstance(v, bool) else v for k, v in c.items()})
    return {"label": label, "sets": sets, "constexprs": c, "signature": _signature(m["dtype"]), "attrs": dict(ATTRS),
            "num_warps": num_warps, "num_stages": num_stages}


MODEL_CONFIGS = [
    _config("llama3-8b", 4, 3),
    _config("gpt-oss-20b-swa-sinks", 2, 3),
    _config("gemma2-2b-softcap", 4, 2),
]

# (label, query lens, context lens): decode steps, two with a few speculative tokens (at most BLOCK_Q)
_BATCHES = [("decode-4-spec", [1, 1, 2, 1], [2000, 517, 40, 1200]),
            ("decode-8", [1] * 8, [1999, 31, 250, 1024, 7, 640, 1500, 100]),
            _ua2d.DECODE_32]


def expected_segments(torch, batch, model, c):
    """What each program stores, in float32, per [token, head, segment]: the segment's keys (whole
    tiles from g * tiles_per_segment, up to the q-block's causal end; under a window, only the tiles
    from the first row's window to the last row's position) under the mask, a maximum m (the sink in
    segment 0 counts; 0 when every key is masked), exp-sum and weighted values. A segment past the
    sequence's end stays zero (not written; the case zeroes those buffers)."""
    Hq, Hkv, D = model["Hq"], model["Hkv"], model["D"]
    T, nseg, bq, bm, qpk = c["TILE_SIZE"], c["NUM_SEGMENTS_PER_SEQ"], c["BLOCK_Q"], c["BLOCK_M"], Hq // Hkv
    tokens, dev = batch["q"].shape[0], batch["q"].device
    out = torch.zeros((tokens, Hq, nseg, c["HEAD_SIZE_PADDED"]), dtype=torch.float32, device=dev)
    mx = torch.zeros((tokens, Hq, nseg), dtype=torch.float32, device=dev)
    es = torch.zeros((tokens, Hq, nseg), dtype=torch.float32, device=dev)
    for s, ql in enumerate(batch["query_lens"]):
        n, a = batch["seq_lens_list"][s], batch["starts"][s]
        k, v = _ua2d.gather_kv(torch, batch, s)
        k = k.float().repeat_interleave(qpk, dim=1)
        v = v.float().repeat_interleave(qpk, dim=1)
        sc = torch.einsum("qhd,khd->hqk", batch["q"][a:a + ql].float(), k) * batch["scale"]
        if model["softcap"] > 0:
            sc = model["softcap"] * torch.tanh(sc / model["softcap"])
        sc = sc.masked_fill(~_ua2d.scores_mask(torch, batch, s, model["window"])[None], float("-inf"))
        tps = triton.cdiv(n, nseg * T)
        for i in range(ql):
            qb = i // bq
            prefix = min(n - ql + qb * bq + (bm - 1) // qpk + 1, n)
            num_tiles = triton.cdiv(prefix, T)
            for g in range(nseg):
                if g * tps * T >= n:
                    continue
                lo, hi = g * tps, min((g + 1) * tps, num_tiles)
                if model["window"]:
                    first, last = qb * bq, min(qb * bq + (bm - 1) // qpk, ql - 1)
                    lo = max(lo, (n - ql + first - model["window"] + 1) // T)  # lo >= 0: floor or not
                    hi = min(hi, (n - ql + last) // T + 1)
                m0 = batch["sinks"] if (model["sinks"] and g == 0) else torch.full((Hq,), float("-inf"), device=dev)
                if lo >= hi:
                    mx[a + i, :, g], es[a + i, :, g] = m0, 1.0
                    continue
                # the running maximum tile by tile, as the kernel keeps it: a row whose tiles so
                # far are all masked takes 0, and later tiles only raise it from there
                m = m0
                for t in range(lo, hi):
                    m = torch.maximum(m, sc[:, i, t * T:min((t + 1) * T, n)].max(dim=-1).values)
                    m = torch.where(m > float("-inf"), m, torch.zeros_like(m))
                seg = sc[:, i, lo * T:min(hi * T, n)]
                p = torch.exp(seg - m[:, None])
                mx[a + i, :, g] = m
                es[a + i, :, g] = torch.exp(m0 - m) + p.sum(dim=-1)
                out[a + i, :, g, :D] = torch.einsum("hk,khd->hd", p, v[lo * T:min(hi * T, n)])
    return [out, mx, es]


def model_cases(cfg, torch):
    c = cfg["constexprs"]
    model = _ua2d.MODELS[cfg["label"]]
    cases = []
    for i, (label, qls, cls) in enumerate(_BATCHES):
        b = _ua2d.make_batch(torch, model, qls, cls, seed=190 + i)
        q, kc, vc = b["q"], b["k_cache"], b["v_cache"]
        tokens, nseg = q.shape[0], c["NUM_SEGMENTS_PER_SEQ"]
        segm_out = torch.zeros((tokens, model["Hq"], nseg, c["HEAD_SIZE_PADDED"]), dtype=torch.float32, device="cuda")
        segm_max = torch.zeros((tokens, model["Hq"], nseg), dtype=torch.float32, device="cuda")
        segm_expsum = torch.zeros((tokens, model["Hq"], nseg), dtype=torch.float32, device="cuda")
        args = [segm_out, segm_max, segm_expsum, q, kc, vc, b["sinks"], b["block_table"], b["seq_lens"],
                b["query_start_loc"], b["scale"], float(model["softcap"]), len(qls),
                q.stride(0), q.stride(1), b["block_table"].stride(0),
                kc.stride(0), kc.stride(1), kc.stride(2), vc.stride(0), vc.stride(1), vc.stride(2)]
        grid = (tokens // c["BLOCK_Q"] + len(qls), model["Hkv"], nseg)
        cases.append({"label": label, "args": args, "grid": grid, "outputs": [0, 1, 2],
                      "expected": (lambda b=b: expected_segments(torch, b, model, c)),
                      "tol": (2e-2, 2e-2), "compare_as": lambda outs: normalized_segments(torch, outs),
                      "baseline": _ua2d.sdpa_baseline(torch, b, model),
                      "flops": _ua2d.attention_flops(b, model), "bytes": _ua2d.attention_bytes(b, model),
                      "reset": [0, 1, 2]})
    return cases
