"""moe_align_block_size_scatter: step 3 of 3 of the parallel moe_align_block_size
(kernels/models/moe_align_block_size_count.py says how the steps fit): each pair to its slot.

Program c loads its chunk of BLOCK_T pairs as moe_align_block_size_count did and the chunk's
first slot per expert that moe_align_block_size_scan wrote (chunk_offsets); a pair's slot is its
expert's first slot plus the pairs of that expert before it in the chunk (an exclusive
tl.cumsum of the chunk's BLOCK_E x BLOCK_T one-hot along the pairs). Pairs of the same expert
keep ascending order: the result equals moe_align_block_size's. Pairs whose id is outside
[0, NUM_EXPERTS) are left out. Grid: (num_chunks,).

The Python original of kernels/models/moe_align_block_size_scatter.c, line for line.
"""
import importlib.util
import os

import triton
import triton.language as tl


@triton.jit
def moe_align_block_size_scatter(topk_ids_ptr, chunk_offsets_ptr, sorted_token_ids_ptr, numel,
                                 NUM_EXPERTS: tl.constexpr, BLOCK_E: tl.constexpr, BLOCK_T: tl.constexpr):
    chunk = tl.program_id(0)
    offs = chunk * BLOCK_T + tl.arange(0, BLOCK_T)
    experts = tl.arange(0, BLOCK_E)
    ids = tl.load(topk_ids_ptr + offs, mask=offs < numel, other=-1)
    ids = tl.where(ids < NUM_EXPERTS, ids, -1)  # an id from NUM_EXPERTS to BLOCK_E is no expert
    hit = (ids[None, :] == experts[:, None]).to(tl.int32)
    first = tl.load(chunk_offsets_ptr + chunk * BLOCK_E + experts)
    slot = tl.sum(hit * (tl.cumsum(hit, axis=1) - hit + first[:, None]), axis=0)
    tl.store(sorted_token_ids_ptr + slot, offs, mask=ids >= 0)


def _sibling(name):
    here = globals().get("__file__")  # absent when exec'd from text: run from the repository root
    path = os.path.join(os.path.dirname(os.path.abspath(here)) if here else "kernels/models", name + ".py")
    spec = importlib.util.spec_from_file_location("tritonc_kernel_" + name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


count = _sibling("moe_align_block_size_count")  # the routings and the problem in torch

SIGNATURE = {"topk_ids_ptr": "*i32", "chunk_offsets_ptr": "*i32", "sorted_token_ids_ptr": "*i32", "numel": "i32",
             "NUM_EXPERTS": "constexpr", "BLOCK_E": "constexpr", "BLOCK_T": "constexpr"}
CONSTEXPRS = {"NUM_EXPERTS": 8, "BLOCK_E": 8, "BLOCK_T": 1024}  # equals the C config's defaults
ATTRS = {(i,): [["tt.divisibility", 16]] for i in range(3)}


def _cfg(label):
    r = count.ROUTINGS[label]
    values = {"NUM_EXPERTS": r["NUM_EXPERTS"], "BLOCK_E": count.block_e(label), "BLOCK_T": r["BLOCK_T"]}
    return {"label": label, "sets": dict(values), "constexprs": dict(values), "num_warps": r["warps"][2],
            "num_stages": 1}


MODEL_CONFIGS = [_cfg(label) for label in count.ROUTINGS]


def model_cases(cfg, torch):
    """The ids and first slots of each routing (computed in torch) in, sorted_token_ids out: it
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
            "args": [p["ids"], p["first"].reshape(-1).contiguous(), frame, p["numel"]],
            "grid": (p["chunks"],),
            "outputs": [2],
            "expected": (lambda sorted_ids=sorted_ids: [sorted_ids]),
            "tol": (0, 0),
            "baseline": None,
            "flops": None,
            "bytes": 4 * (2 * p["numel"] + p["first"].numel()),
        })
    return cases
