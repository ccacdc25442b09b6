#!/usr/bin/env python3
"""Does loading fused_moe's weights through TMA help (issue 31, item 3: "TMA for the weights where
it helps")? A measurement before a port: for every fused_moe bucket config (kernels/models/fused_moe.py
BUCKETS) and its case, the twin as it is, beside a variant of it written here whose B tiles come from
a host tensor descriptor over the weights viewed as [E * N, K] (block [BLOCK_SIZE_N, BLOCK_SIZE_K];
rows past an expert's N read the next expert's and are masked at the store as before, columns past K
are zero-filled by the TMA unit) and whose dot takes their transpose. A stays a pointer gather (the
rows are tokens in sorted order; Hopper's TMA has no gather). The variant runs twice: with the
descriptor made on the host (Triton's launcher passes it by value) and made by each program
(tl.make_tensor_descriptor in global scratch, the form an XLA call could launch). All three are
timed the way bench_graph does; the variants' outputs must equal the twin's bit for bit (same
operands, same MMAs).

    python3 tests/gpu/moe_tma_probe.py [LABEL_PREFIX ...]   # on the GPU machine; triton and torch
"""
import sys
from pathlib import Path
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import models as M  # noqa
from kernel_files import KERNEL_DIRS  # noqa
sys.path[:0] = [str(d) for d in KERNEL_DIRS]
import torch  # noqa
import triton  # noqa
import triton.language as tl  # noqa
from triton.tools.tensor_descriptor import TensorDescriptor  # noqa


@triton.jit
def fused_moe_tma(a_ptr, b_desc_or_ptr, c_ptr, b_bias_ptr, a_scale_ptr, b_scale_ptr, topk_weights_ptr, sorted_token_ids_ptr,
                  expert_ids_ptr, num_tokens_post_padded_ptr, N, K, EM, num_valid_tokens, stride_am, stride_ak,
                  stride_cm, stride_cn, stride_bbe, stride_bbn, stride_asm, stride_ask, stride_bse, stride_bsk,
                  stride_bsn, EN, stride_bn, group_n: tl.constexpr, group_k: tl.constexpr, BLOCK_SIZE_M: tl.constexpr,
                  BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr,
                  MUL_ROUTED_WEIGHT: tl.constexpr, HAS_BIAS: tl.constexpr, top_k: tl.constexpr,
                  compute_type: tl.constexpr, use_fp8_w8a8: tl.constexpr, DEVICE_DESC: tl.constexpr,
                  SCALE_PRODUCT: tl.constexpr):
    if DEVICE_DESC:  # the descriptor made by each program (global scratch), as XLA could launch it
        b_desc = tl.make_tensor_descriptor(b_desc_or_ptr, shape=[EN, K], strides=[stride_bn, 1],
                                           block_shape=[BLOCK_SIZE_N, BLOCK_SIZE_K])
    else:
        b_desc = b_desc_or_ptr
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(EM, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = tl.minimum(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + (pid % num_pid_in_group) % group_size_m
    pid_n = (pid % num_pid_in_group) // group_size_m
    num_tokens_post_padded = tl.load(num_tokens_post_padded_ptr)
    if pid_m * BLOCK_SIZE_M >= num_tokens_post_padded:
        return
    offs_token_id = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_token = tl.load(sorted_token_ids_ptr + offs_token_id).to(tl.int64)
    token_mask = offs_token < num_valid_tokens
    off_experts = tl.load(expert_ids_ptr + pid_m).to(tl.int64)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_token[:, None] + stride_cn * offs_cn[None, :]
    c_mask = token_mask[:, None] & (offs_cn[None, :] < N)
    if off_experts == -1:
        tl.store(c_ptrs, tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=compute_type), mask=c_mask)
        return
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_token[:, None] // top_k * stride_am + offs_k[None, :] * stride_ak)
    b_row = (off_experts * N + pid_n * BLOCK_SIZE_N).to(tl.int32)
    if HAS_BIAS:
        bias = tl.load(b_bias_ptr + off_experts * stride_bbe + offs_bn * stride_bbn)
    if use_fp8_w8a8:
        a_scale_ptrs = a_scale_ptr + (offs_token // top_k) * stride_asm
        b_scale_ptrs = b_scale_ptr + off_experts * stride_bse + (offs_bn // group_n) * stride_bsn
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=token_mask[:, None] & (offs_k[None, :] < K - k * BLOCK_SIZE_K), other=0.0)
        b = b_desc.load([b_row, k * BLOCK_SIZE_K])
        if use_fp8_w8a8:
            offs_ks = k * BLOCK_SIZE_K // group_k
            a_scale = tl.load(a_scale_ptrs + offs_ks * stride_ask, mask=token_mask, other=0.0)
            b_scale = tl.load(b_scale_ptrs + offs_ks * stride_bsk)
            if SCALE_PRODUCT:  # one multiply a step less, and a fused multiply-add
                accumulator += tl.dot(a, b.T) * (a_scale[:, None] * b_scale[None, :])
            else:
                accumulator += tl.dot(a, b.T) * a_scale[:, None] * b_scale[None, :]
        else:
            accumulator = tl.dot(a, b.T, acc=accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
    if HAS_BIAS:
        accumulator = accumulator + bias[None, :]
    if MUL_ROUTED_WEIGHT:
        moe_weight = tl.load(topk_weights_ptr + offs_token, mask=token_mask, other=0)
        accumulator = accumulator * moe_weight[:, None]
    tl.store(c_ptrs, accumulator.to(compute_type), mask=c_mask)


def tma_args(args, c, device_desc):
    """The twin's runtime arguments with B as a host descriptor (or, for device_desc, its pointer)
    and its three strides dropped, then E * N and B's row stride."""
    (a, b, out, bias, x_scale, w_scale, flat_w, sorted_ids, expert_ids, total, N, K, EM, pairs,
     sam, sak, _sbe, _sbk, sbn, scm, scn, sbbe, sbbn, sasm, sask, sbse, sbsk, sbsn) = args
    E = b.shape[0]
    desc = b if device_desc else TensorDescriptor.from_tensor(b.reshape(E * N, K), [c["BLOCK_SIZE_N"], c["BLOCK_SIZE_K"]])
    return [a, desc, out, bias, x_scale, w_scale, flat_w, sorted_ids, expert_ids, total, N, K, EM, pairs,
            sam, sak, scm, scn, sbbe, sbbn, sasm, sask, sbse, sbsk, sbsn, E * N, sbn]


def main(prefixes):
    km = M.load_module("fused_moe")
    # device descriptors live in global scratch, which Triton's launcher takes from this allocator
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    print(f"GPU {torch.cuda.get_device_name(0)}; triton {triton.__version__}; fused_moe buckets: the twin "
          "(pointer loads of B) beside TMA loads of B from a host descriptor (host) and from one each "
          "program makes (device); bench_graph times, us; output against the twin's", flush=True)
    print(f"{'bucket':40} {'case':10} {'twin':>8} {'host':>8} {'device':>8} {'host/twin':>9} {'dev/twin':>8}  output",
          flush=True)
    buckets = [c for c in km.MODEL_CONFIGS if "tokens" in c["model"]]
    # in the order of the prefixes given (the most wanted first, for a run under a timeout)
    chosen = [c for p in prefixes for c in buckets if c["label"].startswith(p)] if prefixes else buckets
    for cfg in chosen:
        try:
            c = dict(cfg["constexprs"])
            torch.manual_seed(0)
            (case,) = km.model_cases(cfg, torch)
            g = tuple(case["grid"])
            opts = {"num_warps": cfg["num_warps"], "num_stages": cfg["num_stages"]}
            twin = M.fresh_args(case)
            runs = [lambda: km.fused_moe[g](*twin, **c, **opts)]
            outs = [twin[2]]
            for device_desc in (False, True):
                a = M.fresh_args(case)
                ta = tma_args(a, c, device_desc)
                runs.append(lambda ta=ta, d=device_desc: fused_moe_tma[g](*ta, **c, DEVICE_DESC=d, SCALE_PRODUCT=False,
                                                                          **opts))
                outs.append(a[2])
            if c["use_fp8_w8a8"]:
                a = M.fresh_args(case)
                ta = tma_args(a, c, False)
                runs.append(lambda ta=ta: fused_moe_tma[g](*ta, **c, DEVICE_DESC=False, SCALE_PRODUCT=True, **opts))
                outs.append(a[2])
            for run in runs:
                run()
            torch.cuda.synchronize()
            notes = []
            for what, out in zip(("host", "device"), outs[1:3]):
                if not torch.equal(outs[0].view(torch.int16), out.view(torch.int16)):
                    notes.append(f"{what} DIFFERS (max {(outs[0].float() - out.float()).abs().max().item():.3g})")
            if not notes:
                notes.append("host and device bit-equal")
            if len(outs) > 3:  # the scale product rounds otherwise: against the twin within bf16's tolerance
                ok, err = M.compare(outs[3], outs[0], tuple(case["tol"]))
                notes.append(f"host+product {(ok and 'within tolerance') or 'OUT OF TOLERANCE'} (max {err:.3g})")
            us = [M.bench_graph(run) for run in runs]
            prod = f"; host+product {us[3]:.1f} us ({us[3] / us[0]:.2f} of the twin)" if len(us) > 3 else ""
            print(f"{cfg['label']:40} {case['label']:10} {us[0]:8.1f} {us[1]:8.1f} {us[2]:8.1f} {us[1] / us[0]:9.2f} "
                  f"{us[2] / us[0]:8.2f}  {'; '.join(notes)}{prod}", flush=True)
        except Exception as e:
            print(f"{cfg['label']}: {type(e).__name__}: {str(e)[:300]}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
