#!/usr/bin/env bash
# Writes tests/golden/hlo/NAME.mlir from `tritonc hlo NAME --no-loc`, for review; for NAME a
# hand-written program (`tritonc list --programs`), from `tritonc hlo --program NAME --no-loc`.
# The tests never write a golden; this script is the only thing that does.
#
#   tests/golden/hlo/update.sh NAME...     the StableHLO programs to write (forward, ...)
#   tests/golden/hlo/update.sh             every program that already has a golden
#
# Uses $TRITONC if set, else build/tritonc (build it first). Then review every change with
# `git diff -- tests/golden/hlo` before committing it: a golden is a reviewed expectation.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
tritonc=${TRITONC:-$root/build/tritonc}
if [ ! -x "$tritonc" ]; then
    echo "update.sh: no $tritonc: build it first or set TRITONC" >&2
    exit 1
fi

if [ $# -eq 0 ]; then
    names=()
    for f in "$here"/*.mlir; do
        [ -e "$f" ] && names+=("$(basename "$f" .mlir)")
    done
else
    names=("$@")
fi

programs=$("$tritonc" list --programs --names)
for name in "${names[@]}"; do
    golden=$here/$name.mlir
    which=("$name")
    if grep -qx -- "$name" <<<"$programs"; then
        which=(--program "$name")
    fi
    fresh=$(mktemp)
    if ! "$tritonc" hlo "${which[@]}" --no-loc -o "$fresh"; then
        rm -f "$fresh"
        exit 1
    fi
    if [ -f "$golden" ] && cmp -s "$fresh" "$golden"; then
        rm -f "$fresh"
        echo "unchanged tests/golden/hlo/$name.mlir"
    else
        mv "$fresh" "$golden"
        chmod 644 "$golden"
        echo "wrote     tests/golden/hlo/$name.mlir"
    fi
done
echo "review the changes: git diff -- tests/golden/hlo"
