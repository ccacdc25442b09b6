"""One model kernel's case under Nsight Compute (issue 31: what limits a kernel that misses its target).

Compiles ours as roofline.py does (tritonc's TTIR with the key Triton's JIT specializes the
case's arguments to: models.Variants), launches it once
to warm up and once inside the NVTX range "profile", which profile.sh tells ncu to profile alone.

    python3 tests/gpu/profile.py --tritonc BUILD/tritonc --target KERNEL:CONFIG[:CASE]
    python3 tests/gpu/profile.py --dry-run

CASE is a prefix of the case label (default: the config's first case). Prints the case, its bytes
and flops (for the reader's roofline) and the time of one launch by do_bench.
"""
import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import models as M  # noqa: E402
import roofline as R  # noqa: E402
from kernel_files import KERNEL_DIRS  # noqa: E402


def parse_target(text):
    parts = text.split(":")
    if len(parts) not in (2, 3) or not all(parts):
        raise SystemExit(f"profile.py: --target wants KERNEL:CONFIG[:CASE], not '{text}'")
    return parts[0], parts[1], parts[2] if len(parts) == 3 else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--tritonc")
    ap.add_argument("--target", required=False)
    ap.add_argument("--work", type=Path, default=Path("/tmp/tritonc-profile-work"))
    args = ap.parse_args()
    sys.path[:0] = [str(d) for d in KERNEL_DIRS]
    if args.dry_run:
        parse_target("fused_moe:mixtral-8x7b-tp8-w1-above512:tokens4096")
        print("profile.py: dry run ok")
        return 0
    name, label, case_prefix = parse_target(args.target)
    import torch
    from validate import Triton
    tt = Triton()
    km = M.load_module(name)
    cfg = next((c for c in km.MODEL_CONFIGS if c["label"] == label), None)
    if cfg is None:
        print(f"profile.py: {name} has no config '{label}': {[c['label'] for c in km.MODEL_CONFIGS]}")
        return 1
    torch.manual_seed(0)
    cases = [c for c in km.model_cases(cfg, torch) if c["label"].startswith(case_prefix)]
    if not cases:
        print(f"profile.py: {name} [{label}] has no case starting with '{case_prefix}'")
        return 1
    case = cases[0]
    v = M.Variants(tt, args.tritonc, args.work).get(km, name, cfg, M.fresh_args(case), case["grid"])
    ours, a = v["ours"], v["ours_args"]
    R.launch(ours, case["grid"], a)
    torch.cuda.synchronize()
    us = R.bench(lambda: R.launch(ours, case["grid"], a))
    meta = ours.metadata
    print(f"profile.py: {name} [{label}] {case['label']}: key {v['key']}, grid {case['grid']}, {meta.num_warps} warps, "
          f"{meta.num_stages} stages, shared {meta.shared} B, bytes {case.get('bytes')}, "
          f"flops {case.get('flops')}, do_bench {us:.1f} us")
    torch.cuda.nvtx.range_push("profile")
    R.launch(ours, case["grid"], a)
    torch.cuda.nvtx.range_pop()
    torch.cuda.synchronize()
    return 0


if __name__ == "__main__":
    sys.exit(main())
