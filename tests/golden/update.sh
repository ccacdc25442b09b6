#!/usr/bin/env bash
# Writes tests/golden/NAME.ttir from `tritonc emit NAME --no-loc`, for review.
# The tests never write a golden; this script is the only thing that does.
#
#   tests/golden/update.sh [NAME...]     all bundled kernels when no NAME is given
#
# Uses $TRITONC if set, else build/tritonc (build it first:
# cmake -S . -B build && cmake --build build -j). Then review every change with
# `git diff -- tests/golden` before committing it: a golden is a reviewed expectation.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
tritonc=${TRITONC:-$root/build/tritonc}
if [ ! -x "$tritonc" ]; then
    echo "update.sh: no $tritonc: build it first or set TRITONC" >&2
    exit 1
fi

if [ $# -eq 0 ]; then
    mapfile -t names < <("$tritonc" list --names)
else
    names=("$@")
fi

for name in "${names[@]}"; do
    golden=$root/tests/golden/$name.ttir
    fresh=$(mktemp)
    if ! "$tritonc" emit "$name" --no-loc -o "$fresh"; then
        rm -f "$fresh"
        exit 1
    fi
    if [ -f "$golden" ] && cmp -s "$fresh" "$golden"; then
        rm -f "$fresh"
        echo "unchanged tests/golden/$name.ttir"
    else
        mv "$fresh" "$golden"
        chmod 644 "$golden"
        echo "wrote     tests/golden/$name.ttir"
    fi
done
echo "review the changes: git diff -- tests/golden"
