"""moe_align_block_size_count: step 1 of 3 of the parallel moe_align_block_size (the layout of
kernels/models/moe_align_block_size.py, docs/kernels_moe.md): the pairs of each expert in each
chunk of BLOCK_T pairs.

Program c loads pairs c * BLOCK_T ... c * BLOCK_T + BLOCK_T - 1 of topk_ids, counts them per
expert with tl.histogram and stores, for every expert e < BLOCK_E, how many of them chose e,
chunk_counts[c * BLOCK_E + e], and how many chose an expert below e, chunk_prefix[c * BLOCK_E +
e] (where e's pairs begin in the chunk sorted by expert). Pairs whose id is outside [0,
NUM_EXPERTS) count nowhere. Grid: (num_chunks,) = (cdiv(numel, BLOCK_T),).
Then moe_align_block_size_scan (a program per EG experts) sums the chunks, pads, and writes each
chunk's first slot per expert; moe_align_block_size_scatter (a program per chunk) sorts its chunk
by expert and puts each pair in its slot. The three together give exactly what
moe_align_block_size gives (a stable counting sort: within an expert, pairs in ascending order),
in parallel over the pairs: vLLM's CUDA algorithm (counts per expert, prefix sum, scatter) with
counts per chunk instead of atomics, so that the result stays deterministic.

The Python original of kernels/models/moe_align_block_size_count.c, line for line.
"""
import importlib.util
import os

import triton
import triton.language as tl


@triton.jit
def moe_align_block_size_count(topk_ids_ptr, chunk_counts_ptr, chunk_prefix_ptr, numel, NUM_EXPERTS: tl.constexpr,
                               BLOCK_E: tl.constexpr, BLOCK_T: tl.constexpr):
    chunk = tl.program_id(0)
    offs = chunk * BLOCK_T + tl.arange(0, BLOCK_T)
    experts = tl.arange(0, BLOCK_E)
    ids = tl.load(topk_ids_ptr + offs, mask=offs < numel, other=-1)
    counts = tl.histogram(ids, BLOCK_E, mask=(ids >= 0) & (ids < NUM_EXPERTS))  # an id from NUM_EXPERTS on is none
    tl.store(chunk_counts_ptr + chunk * BLOCK_E + experts, counts)
    tl.store(chunk_prefix_ptr + chunk * BLOCK_E + experts, tl.cumsum(counts, axis=0) - counts)


def _sibling(name):
    here = globals().get("__file__")  # absent when exec'd from text: run from the repository root
    path = os.path.join(os.path.dirname(os.path.abspath(here)) if here else "kernels/models", name + ".py")
    spec = importlib.util.spec_from_file_location("tritonc_kernel_" + name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


one = _sibling("moe_align_block_size")  # sizes, align_reference, routing: the contract

SIGNATURE = {"topk_ids_ptr": "*i32", "chunk_counts_ptr": "*i32", "chunk_prefix_ptr": "*i32", "numel": "i32",
             "NUM_EXPERTS": "constexpr", "BLOCK_E": "constexpr", "BLOCK_T": "constexpr"}
CONSTEXPRS = {"NUM_EXPERTS": 8, "BLOCK_E": 8, "BLOCK_T": 1024}  # equals the C config's defaults
ATTRS = {(i,): [["tt.divisibility", 16]] for i in range(3)}

# The three steps' settings per routing (the routings of moe_align_block_size's configs): BLOCK_T
# pairs per chunk (the scatter sorts a chunk); BLOCK_C chunks per step of the scan (a BLOCK_C x
# BLOCK_E tile of 8K); EG experts per program of the scan; warps of count / scan / scatter. Picked
# on an H100 at 4096 tokens (docs/kernels_moe.md; tests/gpu/roofline.py's MOE_ALIGN_SWEEP).
ROUTINGS = {
    "mixtral-e8-bm64": {"NUM_EXPERTS": 8, "BLOCK_SIZE": 64, "top_k": 2, "BLOCK_T": 512, "BLOCK_C": 1024, "EG": 2,
                        "warps": (4, 4, 4)},
    "gpt-oss-20b-e32-bm16": {"NUM_EXPERTS": 32, "BLOCK_SIZE": 16, "top_k": 4, "BLOCK_T": 256, "BLOCK_C": 256,
                             "EG": 8, "warps": (4, 4, 4)},
    "qwen3-30b-a3b-e128-bm64": {"NUM_EXPERTS": 128, "BLOCK_SIZE": 64, "top_k": 8, "BLOCK_T": 512, "BLOCK_C": 64,
                                "EG": 8, "warps": (4, 4, 4)},
}
TOKENS = (1, 7, 333, 4096, 16384)
FILL = -7  # what a slot holds before the step that writes it (to see that a step writes only its own)


def block_e(label):
    """NUM_EXPERTS rounded up to a power of two (triton.next_power_of_2, without triton at import)."""
    return 1 << (ROUTINGS[label]["NUM_EXPERTS"] - 1).bit_length()


def _cfg(label):
    r = ROUTINGS[label]
    values = {"NUM_EXPERTS": r["NUM_EXPERTS"], "BLOCK_E": block_e(label), "BLOCK_T": r["BLOCK_T"]}
    return {"label": label, "sets": dict(values), "constexprs": dict(values), "num_warps": r["warps"][0],
            "num_stages": 1}


MODEL_CONFIGS = [_cfg(label) for label in ROUTINGS]


def problem(torch, label, tokens):
    """Everything the three steps read and write for `tokens` tokens of routing `label`, computed in
    torch: ids, the chunk counts, prefixes and first slots, and the final layout (align_reference)."""
    r = ROUTINGS[label]
    experts, bs, bt, be = r["NUM_EXPERTS"], r["BLOCK_SIZE"], r["BLOCK_T"], block_e(label)
    ids, _ = one.routing(torch, tokens, experts, r["top_k"], seed=tokens)
    numel = ids.numel()
    chunks = (numel + bt - 1) // bt
    flat = ids.reshape(-1).long()
    pad = chunks * bt - numel
    padded_ids = torch.cat([flat, torch.full((pad,), -1, dtype=torch.long, device=flat.device)])
    valid = (padded_ids >= 0) & (padded_ids < experts)
    onehot = torch.nn.functional.one_hot(torch.where(valid, padded_ids, be), be + 1)[:, :be]
    counts = onehot.reshape(chunks, bt, be).sum(dim=1).to(torch.int32)  # chunks x BLOCK_E
    per_expert = counts.sum(dim=0)
    padded = (per_expert + bs - 1) // bs * bs
    starts = torch.cumsum(padded, 0) - padded
    first = (torch.cumsum(counts, 0) - counts + starts[None, :]).to(torch.int32)
    prefix = (torch.cumsum(counts, 1) - counts).to(torch.int32)  # the pairs of lower experts in the chunk
    max_padded, max_blocks = one.sizes(numel, experts, bs)
    return {"ids": ids, "numel": numel, "chunks": chunks, "counts": counts, "prefix": prefix, "first": first,
            "max_padded": max_padded, "max_blocks": max_blocks,
            "layout": one.align_reference(torch, ids, experts, bs)}


def model_cases(cfg, torch):
    label = cfg["label"]
    be = cfg["constexprs"]["BLOCK_E"]
    cases = []
    for tokens in TOKENS:
        p = problem(torch, label, tokens)
        out = torch.full((p["chunks"] * be,), FILL, dtype=torch.int32, device="cuda")
        cases.append({
            "label": f"tokens{tokens}-top{ROUTINGS[label]['top_k']}",
            "args": [p["ids"], out, out.clone(), p["numel"]],
            "grid": (p["chunks"],),
            "outputs": [1, 2],
            "expected": (lambda p=p: [p["counts"].reshape(-1), p["prefix"].reshape(-1)]),
            "tol": (0, 0),
            "baseline": None,
            "flops": None,
            "bytes": 4 * (p["numel"] + 2 * p["chunks"] * be),
        })
    return cases
