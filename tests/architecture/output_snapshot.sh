#!/usr/bin/env bash
# Everything tritonc emits, written to one folder, so that a change meant to keep the output
# (a move, a split, a speed-up) can be shown to keep it byte for byte: diff -r two snapshots.
#
#   tests/architecture/output_snapshot.sh BUILD_DIR OUT_DIR [CC]
#
# Writes, for every bundled kernel, NAME.loc.ttir (`tritonc emit NAME`, with locations),
# NAME.ttir (--no-loc) and NAME.generic (--generic --no-loc); and for every language-case
# program tests/gpu/NAME_cases.c, built with CC (default cc) against BUILD_DIR's libtritonc.a,
# its cases' TTIR under OUT_DIR/NAME_cases/ and its log. Run it from the repository root on the
# tree before and the tree after, with gcc and with clang; a file moved between the two shows
# only in loc("...") paths, which the caller maps before comparing.
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 BUILD_DIR OUT_DIR [CC]" >&2
    exit 2
fi
build=$(cd "$1" && pwd) out=$2 cc=${3:-cc}
mkdir -p "$out"
out=$(cd "$out" && pwd)
for k in $("$build/tritonc" list --names); do
    "$build/tritonc" emit "$k" >"$out/$k.loc.ttir" 2>&1 || echo "emit $k failed" >>"$out/failures"
    "$build/tritonc" emit "$k" --no-loc >"$out/$k.ttir" 2>&1 || echo "emit $k --no-loc failed" >>"$out/failures"
    "$build/tritonc" emit "$k" --generic --no-loc >"$out/$k.generic" 2>&1 || echo "emit $k --generic failed" >>"$out/failures"
done
lib=$(find "$build" -name libtritonc.a | head -n 1)
for src in tests/gpu/*_cases.c; do
    name=$(basename "$src" .c)
    "$cc" -std=c11 -O1 -Iinclude "$src" "$lib" -lm -o "$out/$name.bin"
    mkdir -p "$out/$name"
    "$out/$name.bin" "$out/$name" >"$out/$name.log" 2>&1 || true
    rm -f "$out/$name.bin"
done
echo "$(find "$out" -type f | wc -l) files in $out"
