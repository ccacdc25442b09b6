#!/usr/bin/env bash
# Sharded XLA programs of the call layer (tritonc/hlo_shard.h) run by XLA on 4 devices: jax's CPU
# backend with forced host devices, so XLA's partitioner and collectives run our text on a
# machine with one GPU or none (a machine with several GPUs runs the GPU examples beside it).
# Builds tritonc's static libraries (cmake, Release), tests/gpu/shard_programs.c against them,
# writes the programs under /tmp and runs shard_check.py. Log: $OUT/shard_check.log.
#
#   OUT=/some/dir tests/gpu/shard_check.sh
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-./gpu-out}
mkdir -p "$OUT" || exit 1
BUILD_DIR=${BUILD_DIR:-/tmp/tritonc-shard-build}
PYTHON=${PYTHON:-python3}
{
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTRITONC_BUILD_TESTS=OFF -DTRITONC_WERROR=OFF >/dev/null &&
        cmake --build "$BUILD_DIR" -j --target tritonc_hlo_static tritonc_static >/dev/null || { echo "FAIL: build"; exit 2; }
    hlo=$(find "$BUILD_DIR" -name libtritonc_hlo.a | head -n 1)
    core=$(find "$BUILD_DIR" -name libtritonc.a | head -n 1)
    ${CC:-cc} -std=c11 -O1 -Iinclude tests/gpu/shard_programs.c "$hlo" "$core" -lm -o "$BUILD_DIR/shard_programs" ||
        { echo "FAIL: shard_programs.c did not compile"; exit 2; }
    mkdir -p /tmp/tritonc-shard-programs && "$BUILD_DIR/shard_programs" /tmp/tritonc-shard-programs || exit 1
    XLA_FLAGS="--xla_force_host_platform_device_count=4 ${XLA_FLAGS:-}" JAX_PLATFORMS=cpu \
        "$PYTHON" tests/gpu/shard_check.py /tmp/tritonc-shard-programs
} 2>&1 | tee "$OUT/shard_check.log"
exit "${PIPESTATUS[0]}"
