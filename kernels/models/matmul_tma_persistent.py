"""matmul_tma_persistent: C = A @ B^T for fp16 A (M x K) and B (N x K, so B^T is K x N), fp32
accumulation, fp16 C, through host tensor descriptors (TMA): Triton 3.6's tutorial 09
(python/tutorials/09-persistent-matmul.py, release/3.6.x), matmul_kernel_tma_persistent.

A persistent kernel: the grid is min(NUM_SMS, tiles) programs, and each walks the tiles
start_pid, start_pid + NUM_SMS, ... in one loop that Triton flattens with the inner K loop
(tl.range(..., flatten=True)) so that the loads of the next tile overlap the epilogue of this
one. Tiles are visited in groups of GROUP_SIZE_M rows of tiles (_compute_pid), as in tutorial 03.
A and B come in through TensorDescriptor arguments built on the host (block shapes
[BLOCK_SIZE_M, BLOCK_SIZE_K] and [BLOCK_SIZE_N, BLOCK_SIZE_K]); C goes out through one whose
block is [BLOCK_SIZE_M, BLOCK_SIZE_N], or half as wide with EPILOGUE_SUBTILE, which stores the
accumulator as two halves (less shared memory for the epilogue, more for the pipeline).
WARP_SPECIALIZE marks the tile loop tt.warp_specialize (the tutorial runs it on Blackwell; on
Hopper it skips the host-descriptor kernel with it).

The kernel is the tutorial's, renamed after the file (the tutorial's matmul_kernel_tma_persistent;
its @triton.autotune and launch_metadata decorations are host-side and left out); _compute_pid is
its helper, unchanged. The Python original of kernels/models/matmul_tma_persistent.c: the C body
follows it line for line.

Launch (the tutorial's matmul_tma_persistent): grid (min(NUM_SMS, cdiv(M, BLOCK_SIZE_M) *
cdiv(N, BLOCK_SIZE_N)),), descriptors TensorDescriptor.from_tensor(x, block_shape).
"""
import triton
import triton.language as tl


@triton.jit
def _compute_pid(tile_id, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS):
    group_id = tile_id // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + (tile_id % group_size_m)
    pid_n = (tile_id % num_pid_in_group) // group_size_m
    return pid_m, pid_n


@triton.jit
def matmul_tma_persistent(a_desc, b_desc, c_desc,  #
                          M, N, K,  #
                          BLOCK_SIZE_M: tl.constexpr,  #
                          BLOCK_SIZE_N: tl.constexpr,  #
                          BLOCK_SIZE_K: tl.constexpr,  #
                          GROUP_SIZE_M: tl.constexpr,  #
                          FP8_OUTPUT: tl.constexpr,  #
                          EPILOGUE_SUBTILE: tl.constexpr,  #
                          NUM_SMS: tl.constexpr,  #
                          WARP_SPECIALIZE: tl.constexpr,  #
                          ):
    dtype = tl.float8e4nv if FP8_OUTPUT else tl.float16
    start_pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    k_tiles = tl.cdiv(K, BLOCK_SIZE_K)
    num_tiles = num_pid_m * num_pid_n

    tile_id_c = start_pid - NUM_SMS
    num_pid_in_group = GROUP_SIZE_M * num_pid_n

    # Enable warp specialization to leverage async warp scheduling in the GPU.
    # FIXME: This only works on Blackwell right now. On older GPUs, this will
    # use software pipelining.
    for tile_id in tl.range(start_pid, num_tiles, NUM_SMS, flatten=True, warp_specialize=WARP_SPECIALIZE):
        pid_m, pid_n = _compute_pid(tile_id, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS)
        offs_am = pid_m * BLOCK_SIZE_M
        offs_bn = pid_n * BLOCK_SIZE_N

        accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
        for ki in range(k_tiles):
            offs_k = ki * BLOCK_SIZE_K
            a = a_desc.load([offs_am, offs_k])
            b = b_desc.load([offs_bn, offs_k])
            accumulator = tl.dot(a, b.T, accumulator)

        tile_id_c += NUM_SMS
        pid_m, pid_n = _compute_pid(tile_id_c, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS)
        offs_am_c = pid_m * BLOCK_SIZE_M
        offs_bn_c = pid_n * BLOCK_SIZE_N

        # Epilogue subtiling is a technique to break our computation and stores into multiple pieces
        # By subtiling we can reduce shared memory consumption by the epilogue and instead use that
        # memory to increase our stage count.
        # In this case we partition the accumulator into 2 BLOCK_SIZE_M x BLOCK_SIZE_N // 2 tensors
        if EPILOGUE_SUBTILE:
            acc = tl.reshape(accumulator, (BLOCK_SIZE_M, 2, BLOCK_SIZE_N // 2))
            acc = tl.permute(acc, (0, 2, 1))
            acc0, acc1 = tl.split(acc)
            c0 = acc0.to(dtype)
            c_desc.store([offs_am_c, offs_bn_c], c0)
            c1 = acc1.to(dtype)
            c_desc.store([offs_am_c, offs_bn_c + BLOCK_SIZE_N // 2], c1)
        else:
            accumulator = accumulator.to(dtype)
            c_desc.store([offs_am_c, offs_bn_c], accumulator)


# ---- how the GPU validation compiles and runs it (tests/gpu/README.md) ---------------------------

NUM_SMS_H100 = 132  # the H100 SXM's SM count (the H200's too): NUM_SMS is a constexpr of the kernel


def _desc_type(dtype, block):
    return f"tensordesc<{dtype}[{block[0]}, {block[1]}]>"


def _signature(cfg, dtype="fp16"):
    """The SIGNATURE for a config (the constexprs by name): the descriptors' block shapes are the
    tutorial's matmul_tma_set_block_size_hook's."""
    bm, bn, bk = cfg["BLOCK_SIZE_M"], cfg["BLOCK_SIZE_N"], cfg["BLOCK_SIZE_K"]
    return {"a_desc": _desc_type(dtype, (bm, bk)), "b_desc": _desc_type(dtype, (bn, bk)),
            "c_desc": _desc_type(dtype, (bm, bn // 2 if cfg["EPILOGUE_SUBTILE"] else bn)),
            "M": "i32", "N": "i32", "K": "i32",
            "BLOCK_SIZE_M": "constexpr", "BLOCK_SIZE_N": "constexpr", "BLOCK_SIZE_K": "constexpr",
            "GROUP_SIZE_M": "constexpr", "FP8_OUTPUT": "constexpr", "EPILOGUE_SUBTILE": "constexpr",
            "NUM_SMS": "constexpr", "WARP_SPECIALIZE": "constexpr"}


# The default config: the tutorial's search space (BLOCK_SIZE_M 128, BLOCK_SIZE_N 128 or 256,
# BLOCK_SIZE_K 64 or 128, 2 to 4 stages, 4 or 8 warps, subtiled or not) at its usual best on an
# H100 for fp16 4096^3 and 8192^3: a 128x256x64 tile, 8 warps, 3 stages, the epilogue subtiled
# (tests/gpu/tutorials_bench.py times it beside other points of that space).
CONSTEXPRS = {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 256, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8, "FP8_OUTPUT": False,
              "EPILOGUE_SUBTILE": True, "NUM_SMS": NUM_SMS_H100, "WARP_SPECIALIZE": False}  # the C config's defaults
NUM_WARPS, NUM_STAGES = 8, 3
SIGNATURE = _signature(CONSTEXPRS)
# M, N and K multiples of 16, as the JIT finds them for the sizes launched; a descriptor and its
# shape and strides take no attribute.
ATTRS = {(3,): [["tt.divisibility", 16]], (4,): [["tt.divisibility", 16]], (5,): [["tt.divisibility", 16]]}
TOLERANCE = (1e-2, 1e-1)  # fp16 out, K up to 1024 here: against fp32 torch.matmul of the fp16 inputs


def make_args(n):
    """A (M x K) and B (N x K) fp16 for a size n: M, N, K multiples of 16 (the TMA strides must
    be 16-byte multiples), ragged against the tiles so that the descriptors clip the edges."""
    import torch
    from triton.tools.tensor_descriptor import TensorDescriptor
    c = CONSTEXPRS
    m = 16 * max(1, min(n, 1 << 14) // 64)
    n_cols = 16 * max(1, min(n, 1 << 13) // 96) + 16
    k = 16 * max(1, min(n, 1 << 12) // 128) + 32
    a = torch.randn((m, k), device="cuda", dtype=torch.float16)
    b = torch.randn((n_cols, k), device="cuda", dtype=torch.float16)
    out = torch.zeros((m, n_cols), device="cuda", dtype=torch.float16)
    bn_c = c["BLOCK_SIZE_N"] // 2 if c["EPILOGUE_SUBTILE"] else c["BLOCK_SIZE_N"]
    return {"a_desc": TensorDescriptor.from_tensor(a, [c["BLOCK_SIZE_M"], c["BLOCK_SIZE_K"]]),
            "b_desc": TensorDescriptor.from_tensor(b, [c["BLOCK_SIZE_N"], c["BLOCK_SIZE_K"]]),
            "c_desc": TensorDescriptor.from_tensor(out, [c["BLOCK_SIZE_M"], bn_c]),
            "M": m, "N": n_cols, "K": k}


def grid(meta):
    """The tutorial's grid: one program per SM, at most one per tile."""
    c = CONSTEXPRS
    tiles = triton.cdiv(meta["M"], c["BLOCK_SIZE_M"]) * triton.cdiv(meta["N"], c["BLOCK_SIZE_N"])
    return (min(c["NUM_SMS"], tiles),)


def reference(a_desc, b_desc, c_desc):
    """C = A @ B^T (torch.matmul in fp32 of the fp16 inputs), the expected content of C."""
    import torch
    return {"c_desc": torch.matmul(a_desc.base.float(), b_desc.base.float().T).to(c_desc.base.dtype)}
