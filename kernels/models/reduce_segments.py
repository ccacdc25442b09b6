"""reduce_segments: merges the per-segment partial softmax results of kernels/models/unified_attention_3d.py
into the attention output (vLLM's unified attention, split-KV path; the algorithm, our code).

Program (t, h): query token t, query head h. Its sequence (a binary search over query_start_loc by
token) has seq_len keys, split into NUM_SEGMENTS_PER_SEQ segments of tiles_per_segment tiles; the
segments that start before seq_len were written. With m_g, l_g, o_g a segment's maximum, exp-sum and
weighted values and m = max_g m_g:

    out[t, h, :] = sum_g exp(m_g - m) o_g / sum_g exp(m_g - m) l_g     (0 when the sum is 0)

Grid: (num_tokens, num_query_heads). The Python original of kernels/models/reduce_segments.c, line for
line; the @jit helpers are unified_attention_2d's.
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
_ua3d = _sibling("unified_attention_3d")  # its segments: the decode tile per model
cdiv_fn = _ua2d.cdiv_fn
find_seq_idx = _ua2d.find_seq_idx


@triton.jit
def reduce_segments(out_ptr, segm_output_ptr, segm_max_ptr, segm_expsum_ptr, seq_lens_ptr, query_start_loc_ptr,
                    num_seqs, stride_o_tok, stride_o_head, NUM_QUERY_HEADS: tl.constexpr, TILE_SIZE: tl.constexpr,
                    HEAD_SIZE: tl.constexpr, HEAD_SIZE_PADDED: tl.constexpr, NUM_SEGMENTS_PER_SEQ: tl.constexpr):
    token_idx = tl.program_id(0)
    head_idx = tl.program_id(1)
    seq_idx = find_seq_idx(query_start_loc_ptr, token_idx, num_seqs, 1, False)
    seq_len = tl.load(seq_lens_ptr + seq_idx)
    # the segments unified_attention_3d wrote for this sequence
    tiles_per_segment = cdiv_fn(seq_len, NUM_SEGMENTS_PER_SEQ * TILE_SIZE)
    num_active = cdiv_fn(seq_len, tiles_per_segment * TILE_SIZE)
    offs_s = tl.arange(0, NUM_SEGMENTS_PER_SEQ)
    offs_d = tl.arange(0, HEAD_SIZE_PADDED)
    segm_mask = offs_s < num_active
    dim_mask = offs_d < HEAD_SIZE
    segm_offs = token_idx.to(tl.int64) * (NUM_QUERY_HEADS * NUM_SEGMENTS_PER_SEQ) + head_idx * NUM_SEGMENTS_PER_SEQ + offs_s
    segm_max = tl.load(segm_max_ptr + segm_offs, mask=segm_mask, other=float("-inf"))
    overall_max = tl.max(segm_max, axis=0)
    rescale = tl.exp(segm_max - overall_max)
    overall_expsum = tl.sum(tl.load(segm_expsum_ptr + segm_offs, mask=segm_mask, other=0.0) * rescale, axis=0)
    segm_output = tl.load(segm_output_ptr + segm_offs[:, None] * HEAD_SIZE_PADDED + offs_d[None, :], mask=segm_mask[:, None] & dim_mask[None, :], other=0.0)
    acc = tl.sum(segm_output * rescale[:, None], axis=0)
    acc = tl.where(overall_expsum == 0.0, 0.0, acc / overall_expsum)
    tl.store(out_ptr + token_idx * stride_o_tok + head_idx * stride_o_head + offs_d, acc.to(out_ptr.dtype.element_ty), mask=dim_mask)


def _signature(dtype):
    return {"out_ptr": "*" + dtype, "segm_output_ptr": "*fp32", "segm_max_ptr": "*fp32", "segm_expsum_ptr": "*fp32",
            "seq_lens_ptr": "*i32", "query_start_loc_ptr": "*i32", "num_seqs": "i32", "stride_o_tok": "i64",
            "stride_o_head": "i64", "NUM_QUERY_HEADS": "constexpr", "TILE_SIZE": "constexpr",
            "HEAD_SIZE": "constexpr", "HEAD_SIZE_PADDED": "constexpr", "NUM_SEGMENTS_PER_SEQ": "constexpr"}


SIGNATURE = _signature("bf16")
CONSTEXPRS = {"NUM_QUERY_HEADS": 32, "TILE_SIZE": 16, "HEAD_SIZE": 128, "HEAD_SIZE_PADDED": 128,
              "NUM_SEGMENTS_PER_SEQ": 16}  # equals the C config's defaults (llama3-8b)
ATTRS = {(i,): [["tt.divisibility", 16]] for i in range(6)}  # every pointer: C's TL_PTR default


def _config(label, num_warps, num_stages):
    m = _ua2d.MODELS[label]
    c = {"NUM_QUERY_HEADS": m["Hq"], "TILE_SIZE": _ua3d.DECODE_TILES[label], "HEAD_SIZE": m["D"],
         "HEAD_SIZE_PADDED": triton.next_power_of_2(m["D"]), "NUM_SEGMENTS_PER_SEQ": 16}
    sets = dict(c, dtype={"bf16": "bfloat16", "fp16": "float16"}[m["dtype"]])
    return {"label": label, "sets": sets, "constexprs": c, "signature": _signature(m["dtype"]), "attrs": dict(ATTRS),
            "num_warps": num_warps, "num_stages": num_stages}


# One warp: the H100 sweep of roofline.py gave 36 us on the mixed case against 42 with four (a
# program reduces one token's head: a few KB, better spread over more programs at once).
MODEL_CONFIGS = [_config("llama3-8b", 1, 3), _config("gpt-oss-20b-swa-sinks", 1, 3), _config("gemma2-2b-softcap", 1, 3)]

# (label, query lens, seq lens): decode steps and a short prefill (many segments unused for short sequences)
_BATCHES = [("decode-4-spec", [1, 1, 2, 1], [2001, 518, 42, 1201]),
            ("mixed-1-17-300", [1, 17, 300], [16, 57, 1500])]


def expected_output(torch, segm_out, segm_max, segm_expsum, seq_lens, query_lens, c, dtype):
    T, nseg, D = c["TILE_SIZE"], c["NUM_SEGMENTS_PER_SEQ"], c["HEAD_SIZE"]
    outs = []
    for s, (ql, n) in enumerate(zip(query_lens, seq_lens)):
        tps = triton.cdiv(n, nseg * T)
        act = triton.cdiv(n, tps * T)
        a = sum(query_lens[:s])
        mx = segm_max[a:a + ql, :, :act]
        m = mx.max(dim=-1, keepdim=True).values
        w = torch.exp(mx - m)
        den = (segm_expsum[a:a + ql, :, :act] * w).sum(dim=-1)
        num = (segm_out[a:a + ql, :, :act, :D] * w[..., None]).sum(dim=-2)
        outs.append(torch.where(den[..., None] == 0, torch.zeros_like(num), num / den[..., None]))
    return [torch.cat(outs).to(dtype)]


def active_bytes(c, query_lens, seq_lens, heads):
    """The partial results the kernel reads: of each token's head, the segments that hold keys
    (cdiv(seq_len, tiles_per_segment * TILE_SIZE) of them; the others are masked, never loaded),
    HEAD_SIZE_PADDED values, a maximum and an exp-sum each, float32."""
    T, nseg = c["TILE_SIZE"], c["NUM_SEGMENTS_PER_SEQ"]
    segments = 0
    for ql, n in zip(query_lens, seq_lens):
        tps = triton.cdiv(n, nseg * T)
        segments += ql * triton.cdiv(n, tps * T)
    return segments * heads * (c["HEAD_SIZE_PADDED"] + 2) * 4


def model_cases(cfg, torch):
    c = cfg["constexprs"]
    m = _ua2d.MODELS[cfg["label"]]
    dtype = {"bf16": torch.bfloat16, "fp16": torch.float16}[m["dtype"]]
    Hq, nseg, Dp = c["NUM_QUERY_HEADS"], c["NUM_SEGMENTS_PER_SEQ"], c["HEAD_SIZE_PADDED"]
    cases = []
    for i, (label, qls, sls) in enumerate(_BATCHES):
        g = torch.Generator(device="cuda").manual_seed(290 + i)
        tokens = sum(qls)
        # partial results as unified_attention_3d leaves them: maxima around a few units, exp-sums
        # of up to a tile's worth of keys, values of that size
        segm_max = torch.randn((tokens, Hq, nseg), device="cuda", generator=g) * 3.0
        segm_expsum = torch.rand((tokens, Hq, nseg), device="cuda", generator=g) * 16.0 + 0.5
        segm_out = torch.randn((tokens, Hq, nseg, Dp), device="cuda", generator=g) * segm_expsum[..., None]
        starts = [0]
        for n in qls:
            starts.append(starts[-1] + n)
        seq_lens = torch.tensor(sls, dtype=torch.int32, device="cuda")
        qsl = torch.tensor(starts, dtype=torch.int32, device="cuda")
        out = torch.zeros((tokens, Hq, m["D"]), dtype=dtype, device="cuda")
        args = [out, segm_out, segm_max, segm_expsum, seq_lens, qsl, len(qls), out.stride(0), out.stride(1)]

        def expected(segm_out=segm_out, segm_max=segm_max, segm_expsum=segm_expsum, qls=qls, sls=sls):
            return expected_output(torch, segm_out, segm_max, segm_expsum, sls, qls, c, dtype)

        def baseline(segm_out=segm_out, segm_max=segm_max, segm_expsum=segm_expsum):
            # the same merge over every segment, dense in torch
            w = torch.exp(segm_max - segm_max.max(dim=-1, keepdim=True).values)
            return (segm_out * w[..., None]).sum(dim=-2) / (segm_expsum * w).sum(dim=-1)[..., None]

        cases.append({"label": label, "args": args, "grid": (tokens, Hq), "outputs": [0],
                      "expected": expected, "tol": (2e-2, 2e-2), "baseline": baseline, "flops": None,
                      "bytes": active_bytes(c, qls, sls, Hq) + out.numel() * out.element_size()})
    return cases
