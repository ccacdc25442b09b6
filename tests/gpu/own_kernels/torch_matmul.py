#!/usr/bin/env python3
"""torch.matmul beside matmul_tuned (tests/gpu/own_kernels/matmul_tuned.c), float16, the same
sizes, timed the two ways matmul_tuned times the tuned winner: LAUNCHES matmuls captured in a CUDA
graph, the graph replayed 5 times between CUDA events; and triton.testing.do_bench (an L2 flush
before each run, the median).

    torch_matmul.py SIZE...      a RESULT line per size
"""
import sys

import torch
import triton


def one(s):
    launches, replays = (10 if s >= 8192 else 20), 5
    a = torch.randn(s, s, device="cuda", dtype=torch.float16)
    b = torch.randn(s, s, device="cuda", dtype=torch.float16)
    c = torch.empty(s, s, device="cuda", dtype=torch.float16)
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):  # cuBLAS warmed up before the capture, as torch asks
        for _ in range(3):
            torch.matmul(a, b, out=c)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(launches):
            torch.matmul(a, b, out=c)
    graph.replay()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(replays):
        graph.replay()
    end.record()
    torch.cuda.synchronize()
    graph_ms = start.elapsed_time(end) / (launches * replays)
    bench_ms = triton.testing.do_bench(lambda: torch.matmul(a, b, out=c), return_mode="median")
    flop = 2.0 * s * s * s
    print(f"RESULT torch_matmul size={s} graph_launches={launches} graph_ms={graph_ms:.4f} "
          f"graph_tflops={flop / graph_ms / 1e9:.1f} bench_median_ms={bench_ms:.4f} "
          f"bench_tflops={flop / bench_ms / 1e9:.1f}", flush=True)


def main():
    print(f"torch {torch.__version__}, triton {triton.__version__}, {torch.cuda.get_device_name()}")
    for s in sys.argv[1:]:
        one(int(s))


if __name__ == "__main__":
    main()
