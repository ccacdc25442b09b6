#!/bin/sh
# stand_in_python.sh: a test double of python3 for tritonc_add_kernels' configure-time check
# (`python -c "import triton..."`): with STAND_IN_TRITON_VERSION=missing (or unset) the import
# fails as Python's does; otherwise it prints that version as triton.__version__.
case "${STAND_IN_TRITON_VERSION:-missing}" in
missing)
    echo "Traceback (most recent call last):" >&2
    echo "  File \"<string>\", line 1, in <module>" >&2
    echo "ModuleNotFoundError: No module named 'triton'" >&2
    exit 1 ;;
*)
    printf '%s' "$STAND_IN_TRITON_VERSION" ;;
esac
