#!/usr/bin/env python3
"""The torch column of tests/gpu/parallel_layers.sh (issue 32): the three parallel layers of
tests/gpu/parallel_layers.h computed with torch ops, one process per GPU (torch.multiprocessing,
NCCL backend on 127.0.0.1), the partial outputs summed by torch.distributed.all_reduce, timed as
the C side times them (warm-up runs, then ITERS runs between two barriers, every device
synchronized; the slowest rank's time per run).

  moe_tp   per expert e: y[pairs of e] = w * (x[tokens of those pairs] @ w1[e, I/N rows]^T) @ w2[e, :, I/N]^T
  moe_ep   the same over the rank's E/N experts, whole
  attn_tp  scaled_dot_product_attention (causal) on the rank's H/N heads, then o @ wo[its rows]

Same shapes and dtypes as the C program (bf16 MoE, float16 attention); random data (timing only).

    parallel_layers_torch.py MAXDEV [ITERS]      prints "RESULT torch <layer> ndev=N time_us=T"
"""
import os
import sys
import time

T, D, I, E, TOP_K = 512, 1024, 2048, 8, 2
S, H, DH, DM = 2048, 16, 64, 1024
WARMUP = 3


def moe_setup(torch, rank, n, ep, dev):
    g = torch.Generator(device="cpu").manual_seed(0)
    ids = torch.stack([torch.randperm(E, generator=g)[:TOP_K] for _ in range(T)]).reshape(-1).to(dev)
    w = torch.rand(T * TOP_K, generator=g).to(dev)
    x = torch.randn(T, D, generator=g).to(dev, torch.bfloat16)
    el, il = (E // n, I) if ep else (E, I // n)
    w1 = (torch.randn(el, il, D, generator=g) / D ** 0.5).to(dev, torch.bfloat16)
    w2 = (torch.randn(el, D, il, generator=g) / I ** 0.5).to(dev, torch.bfloat16)
    first = rank * el if ep else 0
    rows = torch.arange(T * TOP_K, device=dev) // TOP_K
    sel = [torch.nonzero(ids == first + e).reshape(-1) for e in range(el)]
    y = torch.zeros(T * TOP_K, D, dtype=torch.bfloat16, device=dev)

    def step():
        y.zero_()
        for e in range(el):
            s = sel[e]
            if s.numel():
                h = x[rows[s]] @ w1[e].T
                y[s] = (h @ w2[e].T) * w[s, None].to(torch.bfloat16)
        return y
    return step


def attn_setup(torch, rank, n, dev):
    hl = H // n
    q, k, v = (torch.randn(1, hl, S, DH, device=dev, dtype=torch.float16) for _ in range(3))
    wo = (torch.randn(hl * DH, DM, device=dev) / (H * DH) ** 0.5).to(torch.float16)
    F = torch.nn.functional

    def step():
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)  # [1, hl, S, DH]
        return o[0].transpose(0, 1).reshape(S, hl * DH) @ wo
    return step


def worker(rank, n, iters, port):
    import torch
    import torch.distributed as dist
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    torch.cuda.set_device(rank)
    dev = torch.device("cuda", rank)
    try:
        dist.init_process_group("nccl", rank=rank, world_size=n, device_id=dev)
    except TypeError:  # a torch before device_id
        dist.init_process_group("nccl", rank=rank, world_size=n)
    layers = [("moe_tp", moe_setup(torch, rank, n, False, dev)), ("moe_ep", moe_setup(torch, rank, n, True, dev)),
              ("attn_tp", attn_setup(torch, rank, n, dev))]
    for name, step in layers:
        def run():
            out = step()
            if n > 1:
                dist.all_reduce(out)
        for _ in range(WARMUP):
            run()
        torch.cuda.synchronize()
        dist.barrier()
        t0 = time.perf_counter()
        for _ in range(iters):
            run()
        torch.cuda.synchronize()
        t = torch.tensor([(time.perf_counter() - t0) / iters], device=dev)
        dist.all_reduce(t, op=dist.ReduceOp.MAX)
        if rank == 0:
            print(f"RESULT torch {name} ndev={n} time_us={t.item() * 1e6:.1f}", flush=True)
    dist.destroy_process_group()


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    import torch
    import torch.multiprocessing as mp
    maxdev = min(int(sys.argv[1]), torch.cuda.device_count())
    iters = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    print(f"torch {torch.__version__}, NCCL {'.'.join(map(str, torch.cuda.nccl.version()))}, {maxdev} GPU(s)")
    n, port = 1, 29611
    while n <= maxdev:
        mp.spawn(worker, args=(n, iters, port), nprocs=n, join=True)
        n, port = n * 2, port + 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
