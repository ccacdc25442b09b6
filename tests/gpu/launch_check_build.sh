# Sourced by tests/gpu/launch.sh and tests/gpu/models.sh: compiles tests/gpu/launch_check.c against
# the real driver API (cuda.h from CUDA or from Triton, the system's libcuda.so.1) and the static
# libraries already built in $BUILD_DIR. Uses BUILD_DIR, PYTHON and CC; run from the repository root.
build_launch_check() {
    local inc lib
    for inc in "$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")/../include" \
        /usr/local/cuda/include \
        "$("$PYTHON" -c 'import os, triton; print(os.path.dirname(triton.__file__) + "/backends/nvidia/include")' 2>/dev/null)"; do
        [ -f "$inc/cuda.h" ] && break
    done
    lib=$(ldconfig -p 2>/dev/null | awk '/libcuda\.so\.1 / { print $NF; exit }')
    [ -n "$lib" ] || lib=$(find / -name libcuda.so.1 -not -path '*/stubs/*' 2>/dev/null | head -n 1)
    echo "cuda.h from $inc; libcuda $lib"
    "$CC" -std=c11 -O2 -o "$BUILD_DIR/launch_check" tests/gpu/launch_check.c -I include -I kernels -I kernels/models -I "$inc" \
        "$BUILD_DIR/libtritonc_kernels.a" "$BUILD_DIR/libtritonc_cuda.a" "$BUILD_DIR/libtritonc.a" \
        "$lib" -ldl -lpthread -lm
}
