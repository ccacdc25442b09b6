"""per_token_group_quant_fp8_groups: fp8 (e4m3) quantization of activations per group of
group_size consecutive values of a token's row, GROUPS groups of one row per program, as
kernels/models/per_token_group_quant_fp8.py quantizes them (vLLM's per-token-group fp8
quantization), with wide loads.

Program (row, j) takes groups j * GROUPS ... j * GROUPS + GROUPS - 1 of token `row` as one
GROUPS x BLOCK tile (groups past the row's last are masked): a program moves GROUPS times the
bytes of vLLM's one group, and group_size, y_num_columns and y_row_stride are declared multiples
of 16 (as the JIT specializes vLLM's launch), so loads and stores are 16-byte vectors. Each
group's scale is y_s = max(absmax, eps) / fp8_max (with use_ue8m0 rounded up to a power of two,
2^ceil(log2(y_s))); the values become clamp(y / y_s, fp8_min, fp8_max) cast to float8e4nv
(round to nearest even), stored in a contiguous tokens x hidden tensor; the scales in a
tokens x (hidden / group_size) float32 one. Grid: (tokens, cdiv(hidden / group_size, GROUPS)).

The Python original of kernels/models/per_token_group_quant_fp8_groups.c, line for line.
"""
import importlib.util
import os

import triton
import triton.language as tl


@triton.jit
def per_token_group_quant_fp8_groups(y_ptr, y_q_ptr, y_s_ptr, group_size, y_num_columns, y_row_stride, eps,
                                     fp8_min, fp8_max, use_ue8m0: tl.constexpr, BLOCK: tl.constexpr,
                                     GROUPS: tl.constexpr):
    groups_per_row = y_num_columns // group_size
    row = tl.program_id(0)
    groups = tl.program_id(1) * GROUPS + tl.arange(0, GROUPS)
    cols = tl.arange(0, BLOCK)
    group_mask = groups < groups_per_row
    mask = group_mask[:, None] & (cols < group_size)[None, :]
    offs = groups[:, None] * group_size + cols[None, :]
    # 64-bit row offsets: tokens x hidden may pass 2^31 elements
    y = tl.load(y_ptr + row.to(tl.int64) * y_row_stride + offs, mask=mask, other=0.0).to(tl.float32)
    absmax = tl.maximum(tl.max(tl.abs(y), axis=1), eps)
    scale = absmax / fp8_max
    y_s = tl.math.exp2(tl.ceil(tl.log2(scale))) if use_ue8m0 else scale
    y_q = tl.clamp(y / y_s[:, None], fp8_min, fp8_max).to(y_q_ptr.dtype.element_ty)
    tl.store(y_q_ptr + row.to(tl.int64) * y_num_columns + offs, y_q, mask=mask)
    tl.store(y_s_ptr + row * groups_per_row + groups, y_s, mask=group_mask)


def _sibling(name):
    here = globals().get("__file__")  # absent when exec'd from text: run from the repository root
    path = os.path.join(os.path.dirname(os.path.abspath(here)) if here else "kernels/models", name + ".py")
    spec = importlib.util.spec_from_file_location("tritonc_kernel_" + name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


_one = _sibling("per_token_group_quant_fp8")  # the torch reference and the constants


def _signature(dtype):
    """The full signature for input dtype `dtype` (Triton's spelling: bf16, fp16, fp32)."""
    return {"y_ptr": "*" + dtype, "y_q_ptr": "*fp8e4nv", "y_s_ptr": "*fp32", "group_size": "i32",
            "y_num_columns": "i32", "y_row_stride": "i32", "eps": "fp32", "fp8_min": "fp32", "fp8_max": "fp32",
            "use_ue8m0": "constexpr", "BLOCK": "constexpr", "GROUPS": "constexpr"}


SIGNATURE = _signature("bf16")
CONSTEXPRS = {"use_ue8m0": False, "BLOCK": 128, "GROUPS": 8}  # equals the C config's defaults (dtype bfloat16)
# The three pointers, group_size, y_num_columns and y_row_stride: multiples of 16.
ATTRS = {(i,): [["tt.divisibility", 16]] for i in range(6)}

GROUP_SIZE = _one.GROUP_SIZE
EPS = _one.EPS
FP8_MAX = _one.FP8_MAX
_DTYPE_NAMES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32"}  # tritonc's and torch's names
_SHAPES = {}  # label -> (dtype, hidden): what model_cases needs beyond the config


def _config(label, dtype, hidden, ue8m0, groups=8, num_warps=2):
    # GROUPS groups of 128 per program: 2 KB of bf16 read, 16 values (two 16-byte vectors) a thread
    # at 2 warps; GROUPS = 8 divides both 32 (hidden 4096) and 56 (7168) groups per row.
    _SHAPES[label] = (dtype, hidden)
    return {"label": label, "sets": {"dtype": _DTYPE_NAMES[dtype], "use_ue8m0": "true" if ue8m0 else "false",
                                     "BLOCK": GROUP_SIZE, "GROUPS": groups},
            "constexprs": {"use_ue8m0": ue8m0, "BLOCK": GROUP_SIZE, "GROUPS": groups},
            "signature": _signature(dtype), "attrs": ATTRS, "num_warps": num_warps, "num_stages": 1}


MODEL_CONFIGS = [
    _config("bf16-h4096", "bf16", 4096, False),          # Llama-3-8B hidden size
    _config("bf16-h7168-ue8m0", "bf16", 7168, True),     # DeepSeek-V3 hidden size, DeepGEMM's UE8M0 scales
    _config("bf16-h7168", "bf16", 7168, False),
    _config("fp16-h4096-ue8m0", "fp16", 4096, True),
]


def model_cases(cfg, torch):
    """1 token (decode), 333 (ragged), 4096 (prefill) tokens of the config's hidden size."""
    short, hidden = _SHAPES[cfg["label"]]
    ue8m0 = cfg["constexprs"]["use_ue8m0"]
    groups = cfg["constexprs"]["GROUPS"]
    dtype = getattr(torch, _DTYPE_NAMES[short])
    groups_per_row = hidden // GROUP_SIZE
    cases = []
    for tokens in (1, 333, 4096):
        gen = torch.Generator(device="cuda").manual_seed(tokens * 7 + hidden)
        y = (2.0 * torch.randn((tokens, hidden), dtype=torch.float32, device="cuda", generator=gen)).to(dtype)
        y_q = torch.empty((tokens, hidden), dtype=torch.float8_e4m3fn, device="cuda")
        y_s = torch.empty((tokens, groups_per_row), dtype=torch.float32, device="cuda")
        cases.append({
            "label": f"{tokens}x{hidden}",
            "args": [y, y_q, y_s, GROUP_SIZE, hidden, y.stride(0), EPS, -FP8_MAX, FP8_MAX],
            "grid": (tokens, (groups_per_row + groups - 1) // groups),
            "outputs": [1, 2],
            "expected": lambda y=y: list(_one.torch_quant(y, GROUP_SIZE, ue8m0, torch)),
            # as kernels/models/per_token_group_quant_fp8.py: one e4m3 ulp; scales equal or an ulp off
            "tol": (2.0 ** -9, 0.125),
            "tol_per_output": [(2.0 ** -9, 0.125), (0.0, 1e-6)],
            "baseline": lambda y=y: _one.torch_quant(y, GROUP_SIZE, ue8m0, torch),
            "flops": None,
            # read y, write the fp8 values and the float32 scales
            "bytes": tokens * hidden * (y.element_size() + 1) + 4 * tokens * groups_per_row,
        })
    return cases
