"""moe_align_block_size_scatter: step 3 of 3 of the parallel moe_align_block_size
(kernels/models/moe_align_block_size_count.py says how the steps fit): each pair to its slot.

Program c loads its chunk of BLOCK_T pairs as moe_align_block_size_count did and sorts the keys
expert * BLOCK_T + pair (tl.sort): the chunk grouped by expert, pairs ascending within one (a
pair outside [0, NUM_EXPERTS) gets expert BLOCK_E, past every expert, and is left out). The pair
at position i of the sorted chunk is the (i - chunk_prefix[c * BLOCK_E + e])-th of its expert e
in the chunk, so its slot is chunk_offsets[c * BLOCK_E + e] (where moe_align_block_size_scan put
the chunk's first pair of e) plus that. Pairs of the same expert keep ascending order: the result
equals moe_align_block_size's. Grid: (num_chunks,).

The Python original of kernels/models/moe_align_block_size_scatter.c, line for line.
"""
import importlib.util
import os

import triton
import triton.language as tl


@triton.jit
def moe_align_block_size_scatter(topk_ids_ptr, chunk_offsets_ptr, chunk_prefix_ptr, sorted_token_ids_ptr, numel,
                                 NUM_EXPERTS: tl.constexpr, BLOCK_E: tl.constexpr, BLOCK_T: tl.constexpr):
    chunk = tl.program_id(0)
    pairs = tl.arange(0, BLOCK_T)
    offs = chunk * BLOCK_T + pairs
    ids = tl.load(topk_ids_ptr + offs, mask=offs < numel, other=-1)
    ids = tl.where((ids >= 0) & (ids < NUM_EXPERTS), ids, BLOCK_E)  # no expert: after every expert
    keys = tl.sort(ids * BLOCK_T + pairs)
    experts = keys // BLOCK_T
    valid = experts < NUM_EXPERTS
    at = chunk * BLOCK_E + experts
    first = tl.load(chunk_offsets_ptr + at, mask=valid, other=0) - tl.load(chunk_prefix_ptr + at, mask=valid, other=0)
    tl.store(sorted_token_ids_ptr + first + pairs, chunk * BLOCK_T + keys % BLOCK_T, mask=valid)


def _sibling(name):
    here = globals().get("__file__")  # absent when exec'd from text: run from the repository root
    path = os.path.join(os.path.dirname(os.path.abspath(here)) if here else "kernels/models", name + ".py")
    spec = importlib.util.spec_from_file_location("tritonc_kernel_" + name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


count = _sibling("moe_align_block_size_count")  # the routings and the problem in torch

SIGNATURE = {"topk_ids_ptr": "*i32", "chunk_offsets_ptr": "*i32", "chunk_prefix_ptr": "*i32",
             "sorted_token_ids_ptr": "*i32", "numel": "i32", "NUM_EXPERTS": "constexpr", "BLOCK_E": "constexpr",
             "BLOCK_T": "constexpr"}
CONSTEXPRS = {"NUM_EXPERTS": 8, "BLOCK_E": 8, "BLOCK_T": 1024}  # equals the C config's defaults
ATTRS = {(i,): [["tt.divisibility", 16]] for i in range(4)}


def _cfg(label):
    r = count.ROUTINGS[label]
    values = {"NUM_EXPERTS": r["NUM_EXPERTS"], "BLOCK_E": count.block_e(label), "BLOCK_T": r["BLOCK_T"]}
    return {"label": label, "sets": dict(values), "constexprs": dict(values), "num_warps": r["warps"][2],
            "num_stages": 1}


MODEL_CONFIGS = [_cfg(label) for label in count.ROUTINGS]


def model_cases(cfg, torch):
    """The ids, prefixes and first slots of each routing (computed in torch) in, sorted_token_ids out: it
    starts as the scan step leaves it (padding slots numel, the others count.FILL) and must end
    as moe_align_block_size's."""
    label = cfg["label"]
    cases = []
    for tokens in count.TOKENS:
        p = count.problem(torch, label, tokens)
        sorted_ids = p["layout"][0]
        frame = torch.where(sorted_ids == p["numel"], sorted_ids, torch.full_like(sorted_ids, count.FILL))
        cases.append({
            "label": f"tokens{tokens}-top{count.ROUTINGS[label]['top_k']}",
            "args": [p["ids"], p["first"].reshape(-1).contiguous(), p["prefix"].reshape(-1).contiguous(), frame,
                     p["numel"]],
            "grid": (p["chunks"],),
            "outputs": [3],
            "expected": (lambda sorted_ids=sorted_ids: [sorted_ids]),
            "tol": (0, 0),
            "baseline": None,
            "flops": None,
            "bytes": 4 * (2 * p["numel"] + 2 * p["first"].numel()),
        })
    return cases
