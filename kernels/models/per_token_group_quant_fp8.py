"""per_token_group_quant_fp8: fp8 (e4m3) quantization of activations per group of group_size
consecutive values of a token's row, one program per group, as vLLM's per-token-group fp8
quantization (vllm/model_executor/layers/quantization/utils/fp8_utils.py) does it.

Each group's scale is y_s = max(absmax, eps) / fp8_max; with use_ue8m0 it is rounded up to a
power of two, 2^ceil(log2(y_s)) (the scales DeepGEMM's UE8M0 format holds). The values become
clamp(y / y_s, fp8_min, fp8_max) cast to float8e4nv (round to nearest even), stored in a
contiguous (tokens x hidden) tensor; the scales in a (tokens x hidden / group_size) float32 one.

The Python original of kernels/models/per_token_group_quant_fp8.c: the C body follows it line for line.
"""
import triton
import triton.language as tl


@triton.jit
def per_token_group_quant_fp8(y_ptr, y_q_ptr, y_s_ptr, group_size, y_num_columns, y_row_stride, eps, fp8_min,
                              fp8_max, use_ue8m0: tl.constexpr, BLOCK: tl.constexpr):
    groups_per_row = y_num_columns // group_size
    g_id = tl.program_id(0)
    row = g_id // groups_per_row
    row_g_id = g_id % groups_per_row
    # 64-bit offsets: tokens x hidden may pass 2^31 elements
    y_ptr += row.to(tl.int64) * y_row_stride + row_g_id.to(tl.int64) * group_size
    y_q_ptr += g_id.to(tl.int64) * group_size
    y_s_ptr += g_id
    cols = tl.arange(0, BLOCK)
    mask = cols < group_size
    y = tl.load(y_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    absmax = tl.maximum(tl.max(tl.abs(y)), eps)
    scale = absmax / fp8_max
    y_s = tl.math.exp2(tl.ceil(tl.log2(scale))) if use_ue8m0 else scale
    y_q = tl.clamp(y / y_s, fp8_min, fp8_max).to(y_q_ptr.dtype.element_ty)
    tl.store(y_q_ptr + cols, y_q, mask=mask)
    tl.store(y_s_ptr, y_s)


def _signature(dtype):
    """The full signature for input dtype `dtype` (Triton's spelling: bf16, fp16, fp32)."""
    return {"y_ptr": "*" + dtype, "y_q_ptr": "*fp8e4nv", "y_s_ptr": "*fp32", "group_size": "i32",
            "y_num_columns": "i32", "y_row_stride": "i32", "eps": "fp32", "fp8_min": "fp32", "fp8_max": "fp32",
            "use_ue8m0": "constexpr", "BLOCK": "constexpr"}


SIGNATURE = _signature("bf16")
CONSTEXPRS = {"use_ue8m0": False, "BLOCK": 128}  # equals the C config's defaults (dtype bfloat16)
ATTRS = {(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]], (2,): [["tt.divisibility", 16]]}

GROUP_SIZE = 128
EPS = 1e-10
FP8_MAX = 448.0  # torch.finfo(torch.float8_e4m3fn).max
_DTYPE_NAMES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32"}  # tritonc's and torch's names
_SHAPES = {}  # label -> (dtype, hidden): what model_cases needs beyond the config


def _config(label, dtype, hidden, ue8m0):
    # vLLM's Triton launch: BLOCK = next_power_of_2(group_size), num_warps =
    # min(max(BLOCK // 256, 1), 8) = 1, num_stages = 1.
    _SHAPES[label] = (dtype, hidden)
    return {"label": label, "sets": {"dtype": _DTYPE_NAMES[dtype], "use_ue8m0": "true" if ue8m0 else "false",
                                     "BLOCK": GROUP_SIZE},
            "constexprs": {"use_ue8m0": ue8m0, "BLOCK": GROUP_SIZE}, "signature": _signature(dtype),
            "attrs": ATTRS, "num_warps": 1, "num_stages": 1}


MODEL_CONFIGS = [
    _config("bf16-h4096", "bf16", 4096, False),          # Llama-3-8B hidden size
    _config("bf16-h7168-ue8m0", "bf16", 7168, True),     # DeepSeek-V3 hidden size, DeepGEMM's UE8M0 scales
    _config("bf16-h7168", "bf16", 7168, False),
    _config("fp16-h4096-ue8m0", "fp16", 4096, True),
]


def torch_quant(y, group_size, ue8m0, torch):
    """The quantization in torch: groups of group_size, absmax clamped to EPS, scale absmax / 448
    (rounded up to a power of two with ue8m0), values clamped to +-448 then cast to e4m3fn.
    Returns (values as torch.float8_e4m3fn, scales as float32), shaped as the kernel's outputs."""
    tokens, hidden = y.shape
    groups = y.float().reshape(tokens, hidden // group_size, group_size)
    scale = groups.abs().amax(dim=-1, keepdim=True).clamp(min=EPS) / FP8_MAX
    if ue8m0:
        scale = torch.exp2(torch.ceil(torch.log2(scale)))
    q = (groups / scale).clamp(-FP8_MAX, FP8_MAX).to(torch.float8_e4m3fn)
    return q.reshape(tokens, hidden), scale.reshape(tokens, hidden // group_size)


def model_cases(cfg, torch):
    """1 token (decode), 333 (ragged), 4096 (prefill) tokens of the config's hidden size."""
    short, hidden = _SHAPES[cfg["label"]]
    ue8m0 = cfg["constexprs"]["use_ue8m0"]
    dtype = getattr(torch, _DTYPE_NAMES[short])
    cases = []
    for tokens in (1, 333, 4096):
        gen = torch.Generator(device="cuda").manual_seed(tokens * 7 + hidden)
        y = (2.0 * torch.randn((tokens, hidden), dtype=torch.float32, device="cuda", generator=gen)).to(dtype)
        y_q = torch.empty((tokens, hidden), dtype=torch.float8_e4m3fn, device="cuda")
        y_s = torch.empty((tokens, hidden // GROUP_SIZE), dtype=torch.float32, device="cuda")
        cases.append({
            "label": f"{tokens}x{hidden}",
            "args": [y, y_q, y_s, GROUP_SIZE, hidden, y.stride(0), EPS, -FP8_MAX, FP8_MAX],
            "grid": (tokens * hidden // GROUP_SIZE,),
            "outputs": [1, 2],
            "expected": lambda y=y: list(torch_quant(y, GROUP_SIZE, ue8m0, torch)),
            # Compare after .float(). Values: one e4m3 ulp where y / y_s rounds differently
            # (a relative 2^-3 for normal values, 2^-9 absolute for subnormal ones). Scales:
            # float32 division and log2 as torch does them, so equal or off by an ulp
            # ("tol_per_output" gives each output its own tolerance, for a harness that reads it).
            "tol": (2.0 ** -9, 0.125),
            "tol_per_output": [(2.0 ** -9, 0.125), (0.0, 1e-6)],
            "baseline": lambda y=y: torch_quant(y, GROUP_SIZE, ue8m0, torch),
            "flops": None,
            # read y, write the fp8 values and the float32 scales
            "bytes": tokens * hidden * (y.element_size() + 1) + 4 * tokens * hidden // GROUP_SIZE,
        })
    return cases
