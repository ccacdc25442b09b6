"""moe_align_block_size_scan: step 2 of 3 of the parallel moe_align_block_size
(kernels/models/moe_align_block_size_count.py says how the steps fit): a program per EG experts
turns the counts per chunk into the layout's frame. Grid: (BLOCK_E // EG,).

Every program sums the chunks' counts of all experts (BLOCK_C chunks a step): padded to a
multiple of BLOCK_SIZE, their running sum gives each expert's first slot, their sum the padded
total. Program p then writes for its experts p * EG ... p * EG + EG - 1:
- chunk_offsets[c * BLOCK_E + e]: where chunk c's first pair of expert e goes (the expert's first
  slot plus the pairs of e in the chunks before c), for the scatter;
- expert_ids: expert e owns blocks starts[e] / BLOCK_SIZE on, padded[e] / BLOCK_SIZE of them (an
  EG x BLOCK_B tile per step, as many steps as its largest expert has blocks / BLOCK_B);
- sorted_token_ids: the padding slots after each expert's pairs up to its padded end, numel (one
  EG x BLOCK_SIZE tile: fewer than BLOCK_SIZE each).
and its share, BLOCK_T a step and every (BLOCK_E // EG)-th step, of the tails: blocks from the
padded total on get -1 in expert_ids, slots from it on numel in sorted_token_ids. Program 0 stores
num_tokens_post_padded. The pairs' own slots are the scatter's. Each step is a tile, so a program
costs about 2 * num_chunks / BLOCK_C tiles and a few more, not a pass over the pairs, and the
programs run side by side. BLOCK_SIZE is a power of two (vLLM's block sizes are);
EG divides BLOCK_E.

The Python original of kernels/models/moe_align_block_size_scan.c, line for line.
"""
import importlib.util
import os

import triton
import triton.language as tl


@triton.jit
def moe_align_block_size_scan(chunk_counts_ptr, chunk_offsets_ptr, sorted_token_ids_ptr, expert_ids_ptr,
                              num_tokens_post_padded_ptr, numel, num_chunks, max_num_tokens_padded, max_num_m_blocks,
                              NUM_EXPERTS: tl.constexpr, BLOCK_SIZE: tl.constexpr, BLOCK_E: tl.constexpr,
                              EG: tl.constexpr, BLOCK_C: tl.constexpr, BLOCK_B: tl.constexpr, BLOCK_T: tl.constexpr):
    pid = tl.program_id(0)
    programs = tl.num_programs(0)
    experts = tl.arange(0, BLOCK_E)
    # the pairs of each expert: the chunks' counts summed
    counts = tl.zeros((BLOCK_E,), dtype=tl.int32)
    for start in range(0, num_chunks, BLOCK_C):
        chunks = start + tl.arange(0, BLOCK_C)
        tile = tl.load(chunk_counts_ptr + chunks[:, None] * BLOCK_E + experts[None, :], mask=(chunks < num_chunks)[:, None], other=0)
        counts += tl.sum(tile, axis=0)
    padded = tl.cdiv(counts, BLOCK_SIZE) * BLOCK_SIZE
    total = tl.sum(padded, axis=0)
    tl.store(num_tokens_post_padded_ptr, total, mask=pid == 0)
    # this program's experts: their first slots, pairs and padded sizes, picked out of the BLOCK_E
    mine = pid * EG + tl.arange(0, EG)
    starts = tl.sum(tl.where(experts[None, :] < mine[:, None], padded[None, :], 0), axis=1)
    counts = tl.sum(tl.where(experts[None, :] == mine[:, None], counts[None, :], 0), axis=1)
    padded = tl.cdiv(counts, BLOCK_SIZE) * BLOCK_SIZE
    # each chunk's first slot per expert: the expert's start plus its pairs in the chunks before
    before = tl.zeros((EG,), dtype=tl.int32)
    for start in range(0, num_chunks, BLOCK_C):
        chunks = start + tl.arange(0, BLOCK_C)
        offs = chunks[:, None] * BLOCK_E + mine[None, :]
        tile = tl.load(chunk_counts_ptr + offs, mask=(chunks < num_chunks)[:, None], other=0)
        tl.store(chunk_offsets_ptr + offs, tl.cumsum(tile, axis=0) - tile + (starts + before)[None, :], mask=(chunks < num_chunks)[:, None])
        before += tl.sum(tile, axis=0)
    # the expert of each block: e owns padded // BLOCK_SIZE blocks from starts // BLOCK_SIZE on
    blocks = padded // BLOCK_SIZE
    for first in range(0, tl.max(blocks, axis=0), BLOCK_B):
        j = first + tl.arange(0, BLOCK_B)
        tl.store(expert_ids_ptr + (starts // BLOCK_SIZE)[:, None] + j[None, :], mine[:, None], mask=j[None, :] < blocks[:, None])
    for first in range(total // BLOCK_SIZE + pid * BLOCK_T, max_num_m_blocks, programs * BLOCK_T):
        j = first + tl.arange(0, BLOCK_T)
        tl.store(expert_ids_ptr + j, -1, mask=j < max_num_m_blocks)
    # padding: the slots after each expert's pairs up to its padded end, and from the total on
    pad = tl.arange(0, BLOCK_SIZE)
    tl.store(sorted_token_ids_ptr + (starts + counts)[:, None] + pad[None, :], numel, mask=pad[None, :] < (padded - counts)[:, None])
    for first in range(total + pid * BLOCK_T, max_num_tokens_padded, programs * BLOCK_T):
        slots = first + tl.arange(0, BLOCK_T)
        tl.store(sorted_token_ids_ptr + slots, numel, mask=slots < max_num_tokens_padded)


def _sibling(name):
    here = globals().get("__file__")  # absent when exec'd from text: run from the repository root
    path = os.path.join(os.path.dirname(os.path.abspath(here)) if here else "kernels/models", name + ".py")
    spec = importlib.util.spec_from_file_location("tritonc_kernel_" + name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


count = _sibling("moe_align_block_size_count")  # the routings and the problem in torch

SIGNATURE = {"chunk_counts_ptr": "*i32", "chunk_offsets_ptr": "*i32", "sorted_token_ids_ptr": "*i32",
             "expert_ids_ptr": "*i32", "num_tokens_post_padded_ptr": "*i32", "numel": "i32", "num_chunks": "i32",
             "max_num_tokens_padded": "i32", "max_num_m_blocks": "i32", "NUM_EXPERTS": "constexpr",
             "BLOCK_SIZE": "constexpr", "BLOCK_E": "constexpr", "EG": "constexpr", "BLOCK_C": "constexpr",
             "BLOCK_B": "constexpr",
             "BLOCK_T": "constexpr"}
CONSTEXPRS = {"NUM_EXPERTS": 8, "BLOCK_SIZE": 64, "BLOCK_E": 8, "EG": 8, "BLOCK_C": 1024, "BLOCK_B": 256,
              "BLOCK_T": 1024}  # the C defaults
ATTRS = {(i,): [["tt.divisibility", 16]] for i in range(5)}


def _cfg(label):
    r = count.ROUTINGS[label]
    values = {"NUM_EXPERTS": r["NUM_EXPERTS"], "BLOCK_SIZE": r["BLOCK_SIZE"], "BLOCK_E": count.block_e(label),
              "EG": r["EG"], "BLOCK_C": r["BLOCK_C"], "BLOCK_B": 2048 // r["EG"], "BLOCK_T": 1024}
    return {"label": label, "sets": dict(values), "constexprs": dict(values), "num_warps": r["warps"][1],
            "num_stages": 1}


MODEL_CONFIGS = [_cfg(label) for label in count.ROUTINGS]


def model_cases(cfg, torch):
    """The chunk counts of each routing (computed in torch) in, the frame out: the first slots, the
    expert of each block, the total, and the padding of sorted_token_ids (the pairs' slots keep
    what they held, count.FILL)."""
    label = cfg["label"]
    be = cfg["constexprs"]["BLOCK_E"]
    cases = []
    for tokens in count.TOKENS:
        p = count.problem(torch, label, tokens)
        sorted_ids, expert_ids, total = p["layout"]
        pads = sorted_ids == p["numel"]
        offsets = torch.full((p["chunks"] * be,), count.FILL, dtype=torch.int32, device="cuda")
        sorted_out = torch.full((p["max_padded"],), count.FILL, dtype=torch.int32, device="cuda")
        expert_out = torch.full((p["max_blocks"],), count.FILL, dtype=torch.int32, device="cuda")
        total_out = torch.full((1,), count.FILL, dtype=torch.int32, device="cuda")

        def expected(p=p, sorted_ids=sorted_ids, pads=pads, expert_ids=expert_ids, total=total):
            frame = torch.where(pads, sorted_ids, torch.full_like(sorted_ids, count.FILL))
            return [p["first"].reshape(-1), frame, expert_ids, total]

        cases.append({
            "label": f"tokens{tokens}-top{count.ROUTINGS[label]['top_k']}",
            "args": [p["counts"].reshape(-1).contiguous(), offsets, sorted_out, expert_out, total_out, p["numel"],
                     p["chunks"], p["max_padded"], p["max_blocks"]],
            "grid": (be // cfg["constexprs"]["EG"],),
            "outputs": [1, 2, 3, 4],
            "expected": expected,
            "tol": (0, 0),
            "baseline": None,
            "flops": None,
            "bytes": 4 * (3 * p["chunks"] * be + int(pads.sum()) + p["max_blocks"] + 1),
        })
    return cases
