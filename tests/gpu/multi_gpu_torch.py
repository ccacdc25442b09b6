#!/usr/bin/env python3
"""torch.distributed's all_reduce on N GPUs, timed as tests/gpu/multi_gpu.c times tritonc's: the
Python side of tests/gpu/multi_gpu.sh.

N processes (torch.multiprocessing.spawn), one per GPU, NCCL backend on 127.0.0.1. For float32
tensors of 1, 8, 64 and 256 MiB (up to MAX_BYTES): 5 warm-up all_reduces, then ITERS (100 up to
8 MiB, 20 above) timed on the host from all ranks synchronized to all synchronized; the slowest
rank's time counts. Rank 0 prints, per size:

    RESULT torch_allreduce bytes=B iters=I time_us=T algbw_GBps=A busbw_GBps=U

and first "torch T, NCCL X.Y.Z". N = 1 runs too (one process).

    multi_gpu_torch.py N [MAX_BYTES]
"""
import os
import socket
import sys
import time

SIZES = [1 << 20, 8 << 20, 64 << 20, 256 << 20]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def worker(rank, world, port, sizes):
    import torch
    import torch.distributed as dist

    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", rank=rank, world_size=world)
    if rank == 0:
        print(f"torch {torch.__version__}, NCCL {'.'.join(map(str, torch.cuda.nccl.version()))}", flush=True)
    for nbytes in sizes:
        x = torch.zeros(nbytes // 4, dtype=torch.float32, device="cuda")
        iters = 100 if nbytes <= 8 << 20 else 20
        for _ in range(5):
            dist.all_reduce(x)
        torch.cuda.synchronize()
        dist.barrier()
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(iters):
            dist.all_reduce(x)
        torch.cuda.synchronize()
        t = torch.tensor([(time.perf_counter() - t0) / iters], device="cuda")
        dist.all_reduce(t, op=dist.ReduceOp.MAX)
        t = t.item()
        if rank == 0:
            print(
                f"RESULT torch_allreduce bytes={nbytes} iters={iters} time_us={t * 1e6:.1f} "
                f"algbw_GBps={nbytes / t / 1e9:.2f} busbw_GBps={2 * (world - 1) / world * nbytes / t / 1e9:.2f}",
                flush=True,
            )
    dist.destroy_process_group()


def main():
    world = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    max_bytes = int(sys.argv[2], 0) if len(sys.argv) > 2 else SIZES[-1]
    sizes = [s for s in SIZES if s <= max_bytes] or [max_bytes]
    import torch
    import torch.multiprocessing as mp

    if not torch.cuda.is_available() or torch.cuda.device_count() < world:
        print(f"multi_gpu_torch: torch sees {torch.cuda.device_count()} GPUs, {world} wanted", file=sys.stderr)
        return 77
    mp.spawn(worker, args=(world, free_port(), sizes), nprocs=world, join=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
