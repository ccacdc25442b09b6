"""Where the bundled kernels' Python originals lie: kernels/features/NAME.py (the language's
feature fixtures) and kernels/models/NAME.py (model kernels), beside their C ports."""
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
KERNEL_DIRS = [REPO / "kernels" / "features", REPO / "kernels" / "models"]


def kernel_py(name):
    """kernels/*/NAME.py (a path that does not exist when there is none)."""
    for d in KERNEL_DIRS:
        path = d / f"{name}.py"
        if path.exists():
            return path
    return KERNEL_DIRS[0] / f"{name}.py"


def all_kernel_pys():
    """Every kernels/*/NAME.py, sorted by NAME."""
    return sorted((p for d in KERNEL_DIRS for p in d.glob("*.py")), key=lambda p: p.stem)
