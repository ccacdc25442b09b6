#!/usr/bin/env bash
# Writes tests/golden/NAME.ttir from `tritonc emit NAME --no-loc`, for review; with --loc,
# tests/golden/loc/NAME.ttir from `tritonc emit NAME` (locations on).
# The tests never write a golden; this script is the only thing that does.
#
#   tests/golden/update.sh [--loc] [NAME...]     all bundled kernels when no NAME is given
#
# Location goldens are checked by gcc's and clang's builds alike: after writing them with one,
# check that the other gives the same bytes (TRITONC=build-asan/tritonc tests/golden/update.sh
# --loc must report every file unchanged).
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

dir=$root/tests/golden
emit_args=(--no-loc)
if [ "${1:-}" = "--loc" ]; then
    shift
    dir=$root/tests/golden/loc
    emit_args=()
    mkdir -p "$dir"
fi

if [ $# -eq 0 ]; then
    mapfile -t names < <("$tritonc" list --names)
else
    names=("$@")
fi

for name in "${names[@]}"; do
    golden=$dir/$name.ttir
    fresh=$(mktemp)
    if ! "$tritonc" emit "$name" "${emit_args[@]}" -o "$fresh"; then
        rm -f "$fresh"
        exit 1
    fi
    if [ -f "$golden" ] && cmp -s "$fresh" "$golden"; then
        rm -f "$fresh"
        echo "unchanged ${golden#"$root"/}"
    else
        mv "$fresh" "$golden"
        chmod 644 "$golden"
        echo "wrote     ${golden#"$root"/}"
    fi
done
echo "review the changes: git diff -- tests/golden"
