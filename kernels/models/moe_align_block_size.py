"""moe_align_block_size: groups the (token, slot) pairs of a top-k routing by expert and pads each
expert's group to a multiple of BLOCK_SIZE, the layout kernels/models/fused_moe.py reads.

Input: topk_ids, int32, the flattened [tokens, top_k] expert choice of every pair (numel of them).
Outputs:
  sorted_token_ids[max_num_tokens_padded]  pair indices grouped by expert, each group starting at a
                                           multiple of BLOCK_SIZE; a padding slot holds numel
  expert_ids[max_num_m_blocks]             the expert of each BLOCK_SIZE block, -1 past the end
  num_tokens_post_padded[1]                the padded total (a multiple of BLOCK_SIZE)
with max_num_tokens_padded = numel + NUM_EXPERTS * (BLOCK_SIZE - 1) (with fewer pairs than experts,
at most numel * BLOCK_SIZE) and max_num_m_blocks = cdiv(max_num_tokens_padded, BLOCK_SIZE), as vLLM
sizes them (sizes()).

One program (grid (1,)) does everything in four passes over tiles, with no atomics and no
memory read back, so the result is deterministic: within an expert the pairs keep their
ascending order (a stable sort). Every element of every output is written, padding included.
Pairs whose expert is outside [0, NUM_EXPERTS) (expert parallelism's -1) are left out.
BLOCK_E is NUM_EXPERTS rounded up to a power of two; BLOCK_T is the tile of pairs per step.

The Python original of kernels/models/moe_align_block_size.c, which follows it line for line.
"""
import triton
import triton.language as tl


@triton.jit
def moe_align_block_size(topk_ids_ptr, sorted_token_ids_ptr, expert_ids_ptr, num_tokens_post_padded_ptr, numel,
                         max_num_tokens_padded, max_num_m_blocks, NUM_EXPERTS: tl.constexpr,
                         BLOCK_SIZE: tl.constexpr, BLOCK_E: tl.constexpr, BLOCK_T: tl.constexpr):
    experts = tl.arange(0, BLOCK_E)
    # pass 1: the pairs of each expert
    counts = tl.zeros((BLOCK_E,), dtype=tl.int32)
    for start in range(0, numel, BLOCK_T):
        offs = start + tl.arange(0, BLOCK_T)
        ids = tl.load(topk_ids_ptr + offs, mask=offs < numel, other=-1)
        ids = tl.where(ids < NUM_EXPERTS, ids, -1)  # an id from NUM_EXPERTS to BLOCK_E is no expert
        counts += tl.sum((ids[None, :] == experts[:, None]).to(tl.int32), axis=1)
    padded = tl.cdiv(counts, BLOCK_SIZE) * BLOCK_SIZE
    ends = tl.cumsum(padded, axis=0)
    starts = ends - padded
    total = tl.sum(padded, axis=0)
    tl.store(num_tokens_post_padded_ptr, total)
    # pass 2: the expert of a block is the number of experts that end at or before its first slot
    for start in range(0, max_num_m_blocks, BLOCK_T):
        blocks = start + tl.arange(0, BLOCK_T)
        block_expert = tl.sum((ends[:, None] <= blocks[None, :] * BLOCK_SIZE).to(tl.int32), axis=0)
        block_expert = tl.where(block_expert < NUM_EXPERTS, block_expert, -1)
        tl.store(expert_ids_ptr + blocks, block_expert, mask=blocks < max_num_m_blocks)
    # pass 3: a slot before the padded total and outside every expert's pairs is padding; after it, all are
    for start in range(0, total, BLOCK_T):
        slots = start + tl.arange(0, BLOCK_T)
        taken = (slots[None, :] >= starts[:, None]) & (slots[None, :] < (starts + counts)[:, None])
        is_pad = tl.sum(taken.to(tl.int32), axis=0) == 0
        tl.store(sorted_token_ids_ptr + slots, numel, mask=(slots < total) & is_pad)
    for start in range(total, max_num_tokens_padded, BLOCK_T):
        slots = start + tl.arange(0, BLOCK_T)
        tl.store(sorted_token_ids_ptr + slots, numel, mask=slots < max_num_tokens_padded)
    # pass 4: a pair's slot is its expert's start plus the pairs of that expert before it
    seen = tl.zeros((BLOCK_E,), dtype=tl.int32)
    for start in range(0, numel, BLOCK_T):
        offs = start + tl.arange(0, BLOCK_T)
        ids = tl.load(topk_ids_ptr + offs, mask=offs < numel, other=-1)
        ids = tl.where(ids < NUM_EXPERTS, ids, -1)
        hit = (ids[None, :] == experts[:, None]).to(tl.int32)
        before = tl.cumsum(hit, axis=1) - hit + (starts + seen)[:, None]
        slot = tl.sum(hit * before, axis=0)
        tl.store(sorted_token_ids_ptr + slot, offs, mask=(offs < numel) & (ids >= 0) & (ids < NUM_EXPERTS))
        seen += tl.sum(hit, axis=1)


SIGNATURE = {"topk_ids_ptr": "*i32", "sorted_token_ids_ptr": "*i32", "expert_ids_ptr": "*i32",
             "num_tokens_post_padded_ptr": "*i32", "numel": "i32", "max_num_tokens_padded": "i32",
             "max_num_m_blocks": "i32", "NUM_EXPERTS": "constexpr", "BLOCK_SIZE": "constexpr",
             "BLOCK_E": "constexpr", "BLOCK_T": "constexpr"}
CONSTEXPRS = {"NUM_EXPERTS": 8, "BLOCK_SIZE": 64, "BLOCK_E": 8, "BLOCK_T": 256}  # equals the C config's defaults
ATTRS = {(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]], (2,): [["tt.divisibility", 16]],
         (3,): [["tt.divisibility", 16]]}


def _cfg(label, experts, block_size, block_t, num_warps):
    block_e = triton.next_power_of_2(experts)
    values = {"NUM_EXPERTS": experts, "BLOCK_SIZE": block_size, "BLOCK_E": block_e, "BLOCK_T": block_t}
    return {"label": label, "sets": dict(values), "constexprs": dict(values), "num_warps": num_warps, "num_stages": 1}


# The routings of the fused_moe configs (kernels/models/fused_moe.py), each with its BLOCK_SIZE_M.
MODEL_CONFIGS = [
    _cfg("mixtral-e8-bm64", 8, 64, 256, 4),
    _cfg("gpt-oss-20b-e32-bm16", 32, 16, 128, 4),
    _cfg("qwen3-30b-a3b-e128-bm64", 128, 64, 64, 8),
]

# top_k per config label (how the routing of the cases is drawn).
_TOP_K = {"mixtral-e8-bm64": 2, "gpt-oss-20b-e32-bm16": 4, "qwen3-30b-a3b-e128-bm64": 8}


def sizes(numel, experts, block_size):
    """(max_num_tokens_padded, max_num_m_blocks) for numel pairs, as vLLM sizes the outputs: room for
    every expert's padding, but with fewer pairs than experts at most a block per pair (each expert
    that has pairs pads them to whole blocks, at most one block per pair). fused_moe's grid follows
    (its EM is this length), so a decode step launches the blocks its pairs can fill, not E's."""
    max_padded = numel + experts * (block_size - 1)
    if numel < experts:
        max_padded = min(numel * block_size, max_padded)
    return max_padded, (max_padded + block_size - 1) // block_size


def align_reference(torch, topk_ids, experts, block_size):
    """The same layout in torch: [sorted_token_ids, expert_ids, num_tokens_post_padded] (int32)."""
    ids = topk_ids.reshape(-1).long()
    numel = ids.numel()
    max_padded, max_blocks = sizes(numel, experts, block_size)
    dev = topk_ids.device
    valid = (ids >= 0) & (ids < experts)
    counts = torch.bincount(ids[valid], minlength=experts)
    padded = (counts + block_size - 1) // block_size * block_size
    ends = torch.cumsum(padded, 0)
    starts = ends - padded
    sorted_ids = torch.full((max_padded,), numel, dtype=torch.int32, device=dev)
    pairs = torch.nonzero(valid).reshape(-1)
    order = pairs[torch.argsort(ids[pairs], stable=True)]  # grouped by expert, ascending within one
    expert_of = ids[order]
    rank = torch.arange(order.numel(), device=dev) - (torch.cumsum(counts, 0) - counts)[expert_of]
    sorted_ids[starts[expert_of] + rank] = order.to(torch.int32)
    first_slot = torch.arange(max_blocks, device=dev) * block_size
    block_expert = torch.searchsorted(ends, first_slot, right=True)  # experts ending at or before it
    expert_ids = torch.where(block_expert < experts, block_expert, -1).to(torch.int32)
    total = padded.sum().reshape(1).to(torch.int32)
    return [sorted_ids, expert_ids, total]


def routing(torch, tokens, experts, top_k, seed):
    """A realistic top-k routing: top_k distinct experts per token, int32 ids, and fp32 weights."""
    g = torch.Generator(device="cuda").manual_seed(seed)
    logits = torch.randn(tokens, experts, device="cuda", generator=g)
    weights, ids = torch.softmax(logits, dim=-1).topk(top_k, dim=-1)
    return ids.to(torch.int32), weights.float()


def model_cases(cfg, torch):
    c = cfg["constexprs"]
    experts, block_size = c["NUM_EXPERTS"], c["BLOCK_SIZE"]
    top_k = _TOP_K[cfg["label"]]
    cases = []
    for tokens in (1, 7, 333, 4096):
        ids, _ = routing(torch, tokens, experts, top_k, seed=tokens)
        numel = ids.numel()
        max_padded, max_blocks = sizes(numel, experts, block_size)
        sorted_ids = torch.empty(max_padded, dtype=torch.int32, device="cuda")
        expert_ids = torch.empty(max_blocks, dtype=torch.int32, device="cuda")
        total = torch.empty(1, dtype=torch.int32, device="cuda")
        args = [ids, sorted_ids, expert_ids, total, numel, max_padded, max_blocks]
        cases.append({
            "label": f"tokens{tokens}-top{top_k}",
            "args": args,
            "grid": (1,),
            "outputs": [1, 2, 3],
            "expected": (lambda ids=ids: align_reference(torch, ids, experts, block_size)),
            "tol": (0, 0),  # integers, and the order within an expert is fixed (ascending)
            "baseline": (lambda ids=ids: align_reference(torch, ids, experts, block_size)),
            "flops": None,
            "bytes": 4 * (2 * numel + max_padded + max_blocks + 1),  # ids read twice, outputs written
        })
    return cases
