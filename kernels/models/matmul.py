"""matmul: C = A @ B for fp16 A (M x K) and B (K x N), fp32 accumulation, fp16 C, in the style of
Triton's tutorials: each program computes a BLOCK_M x BLOCK_N tile of C, and programs are
ordered in groups of GROUP_M rows of tiles so that neighbouring programs share tiles of A and B.

The Python original of kernels/models/matmul.c: the C body follows it line for line.
"""
import triton
import triton.language as tl


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
           BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = tl.minimum(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + (pid % num_pid_in_group) % group_size_m
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c = acc.to(tl.float16)
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


SIGNATURE = {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32",
             "stride_am": "i32", "stride_ak": "i32", "stride_bk": "i32", "stride_bn": "i32", "stride_cm": "i32",
             "stride_cn": "i32", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr", "BLOCK_K": "constexpr",
             "GROUP_M": "constexpr"}
CONSTEXPRS = {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8}  # equals the C config's defaults
ATTRS = {(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]], (2,): [["tt.divisibility", 16]]}

# The model-kernel contract (tests/gpu/models.py): this kernel doubles as the harness's fixture.
MODEL_CONFIGS = [
    {"label": "tile128", "sets": {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8},
     "constexprs": {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8}, "num_warps": 4, "num_stages": 3},
    {"label": "tile128x256", "sets": {"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64, "GROUP_M": 8},
     "constexprs": {"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64, "GROUP_M": 8}, "num_warps": 8, "num_stages": 3},
]


def model_cases(cfg, torch):
    """fp16 matmuls: a ragged one, a transposed (strided) B, and 4096^3 for TFLOP/s."""
    c = cfg["constexprs"]
    cases = []
    for m, n, k, b_transposed in [(1000, 999, 1003, False), (512, 768, 1024, True), (4096, 4096, 4096, False)]:
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        b = torch.randn(n, k, device="cuda", dtype=torch.float16).t() if b_transposed else \
            torch.randn(k, n, device="cuda", dtype=torch.float16)
        out = torch.empty(m, n, device="cuda", dtype=torch.float16)
        grid = (((m + c["BLOCK_M"] - 1) // c["BLOCK_M"]) * ((n + c["BLOCK_N"] - 1) // c["BLOCK_N"]),)
        cases.append({
            "label": f"{m}x{n}x{k}" + ("-bT" if b_transposed else ""),
            "args": [a, b, out, m, n, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1), out.stride(0),
                     out.stride(1)],
            "grid": grid,
            "outputs": [2],
            "expected": lambda a=a, b=b: [torch.matmul(a.float(), b.float())],
            "tol": (0.5, 1e-2),
            "baseline": lambda a=a, b=b: torch.matmul(a, b),
            "flops": 2 * m * n * k,
            "bytes": None,
        })
    return cases
