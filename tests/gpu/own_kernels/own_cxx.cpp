// own_cxx: the same two user kernels as own_c.c, launched from C++20: the variants embedded by
// tritonc_add_kernels (CMakeLists.txt), the runtime's C API called as from C, the buffers in
// std::vector, the results checked against the CPU (common.h). No Python at run time.
//
//     own_cxx          a RESULT line per launch; exit 0 all right, 1 a wrong result, 2 the runtime failed
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <tritonc/cuda.h>

#include "common.h"

extern "C" const tl_kernel add_rmsnorm_kernel; // add_rmsnorm.c: C linkage
extern "C" const tl_kernel matmul_bias_gelu_kernel; // matmul_bias_gelu.cpp: TL_KERNEL gives it C linkage
extern "C" const tc_variant own_cxx_variants[];
extern "C" const int own_cxx_variants_count;

namespace {

// A device copy of a host vector, freed with the runtime's tc_free.
struct device_buffer {
    tc_runtime *rt;
    tc_deviceptr ptr;
    size_t bytes;
    device_buffer(tc_runtime *r, const std::vector<uint16_t> &host)
        : rt(r), ptr(tc_alloc(r, host.size() * 2)), bytes(host.size() * 2)
    {
        tc_copy_to_device(rt, ptr, host.data(), bytes);
    }
    ~device_buffer() { tc_free(rt, ptr); }
    device_buffer(const device_buffer &) = delete;
    device_buffer &operator=(const device_buffer &) = delete;
    std::vector<uint16_t> read() const
    {
        std::vector<uint16_t> out(bytes / 2);
        tc_copy_to_host(rt, out.data(), ptr, bytes);
        return out;
    }
};

int failed(tc_runtime *rt)
{
    std::fprintf(stderr, "own_cxx: %s\n", tc_runtime_error(rt));
    return 2;
}

int rmsnorm(tc_runtime *rt, int rows, int n, int stride)
{
    const float eps = 1e-5f;
    const size_t count = static_cast<size_t>(rows) * stride;
    std::vector<uint16_t> x(count), r(count), w(static_cast<size_t>(stride)), y(count);
    own_fill(x.data(), count, 1, 1.0f);
    own_fill(r.data(), count, 2, 1.0f);
    own_fill(w.data(), w.size(), 3, 1.0f);
    std::vector<float> r_want(count), y_want(count);
    own_rmsnorm_ref(x.data(), r.data(), w.data(), rows, n, stride, eps, 1.0f, r_want.data(), y_want.data());
    device_buffer dx(rt, x), dr(rt, r), dw(rt, w), dy(rt, y);
    const tc_options opts{.arch = 0, .num_warps = 4, .num_stages = 0, .num_ctas = 0, .debug = false};
    tc_kernel *k = tc_kernel_get(rt, &add_rmsnorm_kernel, nullptr, opts);
    const tc_arg args[] = {tc_ptr(dx.ptr, TL_F16), tc_ptr(dr.ptr, TL_F16), tc_ptr(dw.ptr, TL_F16),
                           tc_ptr(dy.ptr, TL_F16), tc_i32(stride),         tc_i32(n),
                           tc_f32(eps)};
    char key[TC_MAX_ARGS + 1] = "?";
    tc_kernel_key(k, 7, args, key, sizeof key);
    tc_launch_args(k, tc_grid1(rows), nullptr, 7, args);
    const std::vector<uint16_t> y_got = dy.read(), r_got = dr.read();
    if (tc_runtime_failed(rt))
        return failed(rt);
    own_err ey{}, er{};
    for (int row = 0; row < rows; row++)
        for (int c = 0; c < n; c++) {
            const size_t i = static_cast<size_t>(row) * stride + c;
            own_compare(&ey, own_float(y_got[i]), y_want[i], 2e-2, 1e-2);
            own_compare(&er, own_float(r_got[i]), r_want[i], 1e-3, 1e-3);
        }
    const bool ok = ey.bad == 0 && er.bad == 0;
    std::printf("RESULT own_cxx add_rmsnorm key=%s rows=%d N=%d stride=%d max_err_Y=%.3g max_err_R=%.3g bad=%lld %s\n",
                key, rows, n, stride, ey.max_abs, er.max_abs, ey.bad + er.bad, ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}

int gelu(tc_runtime *rt, int m, int n, int kk)
{
    std::vector<uint16_t> a(static_cast<size_t>(m) * kk), b(static_cast<size_t>(kk) * n), bias(static_cast<size_t>(n)),
        c(static_cast<size_t>(m) * n);
    own_fill(a.data(), a.size(), 4, 0.5f);
    own_fill(b.data(), b.size(), 5, 0.5f);
    own_fill(bias.data(), bias.size(), 6, 1.0f);
    device_buffer da(rt, a), db(rt, b), dbias(rt, bias), dc(rt, c);
    tc_kernel *k = tc_kernel_get(rt, &matmul_bias_gelu_kernel, nullptr, tc_options{});
    const tc_arg args[] = {tc_ptr(da.ptr, TL_F16), tc_ptr(db.ptr, TL_F16), tc_ptr(dc.ptr, TL_F16),
                           tc_ptr(dbias.ptr, TL_F16), tc_i32(m), tc_i32(n), tc_i32(kk), tc_i32(kk), tc_i32(n),
                           tc_i32(n)};
    char key[TC_MAX_ARGS + 1] = "?";
    tc_kernel_key(k, 10, args, key, sizeof key);
    tc_launch_args(k, tc_grid2((m + 63) / 64, (n + 63) / 64), nullptr, 10, args);
    const std::vector<uint16_t> got = dc.read();
    if (tc_runtime_failed(rt))
        return failed(rt);
    own_err e{};
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            own_compare(&e, own_float(got[static_cast<size_t>(i) * n + j]), own_gelu_ref(a.data(), b.data(), bias.data(), kk, n, i, j),
                        2e-2, 1e-2);
    std::printf("RESULT own_cxx matmul_bias_gelu key=%s M=%d N=%d K=%d max_err=%.3g bad=%lld %s\n", key, m, n, kk,
                e.max_abs, e.bad, e.bad == 0 ? "PASS" : "FAIL");
    return e.bad == 0 ? 0 : 1;
}

} // namespace

int main()
{
    tc_runtime *rt = tc_runtime_create(nullptr);
    tc_runtime_add_variants(rt, own_cxx_variants_count, own_cxx_variants);
    if (tc_runtime_failed(rt)) {
        const int rc = failed(rt);
        tc_runtime_destroy(rt);
        return rc;
    }
    int rc = rmsnorm(rt, 2048, 1000, 1024);
    static const int shapes[2][3] = {{1000, 1024, 512}, {256, 256, 256}};
    for (const auto &s : shapes)
        if (rc != 2) {
            const int r = gelu(rt, s[0], s[1], s[2]);
            rc = r > rc ? r : rc;
        }
    tc_runtime_destroy(rt);
    return rc;
}
