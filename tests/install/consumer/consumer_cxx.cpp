// A C++20 program that includes every public header of an installed tritonc and uses the whole
// API with the same calls as C (docs/cxx.md): it writes a kernel in C++, emits it, interprets
// it, compiles it (the compiler $TRITONC_COMPILER: the install test gives it the stand-in, a test
// double), launches it and times it with tc_bench on the driver $TRITONC_LIBCUDA (the fake one),
// and calls it through XLA: a StableHLO program with the Triton call, run by the PJRT plugin
// $TRITONC_PJRT_PLUGIN (the fake one). With none of the three variables set it stops after the
// interpreter. argv[1]: a cache directory of its own.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <tritonc/builder.h>
#include <tritonc/call.h>
#include <tritonc/compile.h>
#include <tritonc/control.h>
#include <tritonc/cuda.h>
#include <tritonc/debug.h>
#include <tritonc/dtype.h>
#include <tritonc/hlo.h>
#include <tritonc/hlo_shape.h>
#include <tritonc/interp.h>
#include <tritonc/ir.h>
#include <tritonc/kernel.h>
#include <tritonc/lang.h>
#include <tritonc/memory.h>
#include <tritonc/order.h>
#include <tritonc/pjrt.h>
#include <tritonc/reduce.h>
#include <tritonc/tensor.h>
#include <tritonc/tritonc.h>

namespace {

struct scale_cfg {
    int BLOCK;
};

void scale(tl_builder *b, const scale_cfg *cfg)
{
    tl_value x_ptr = tl_arg(b, "x_ptr", TL_PTR(TL_F32));
    tl_value out_ptr = tl_arg(b, "out_ptr", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value offs = tl_add(tl_mul(tl_program_id(b, 0), cfg->BLOCK), tl_arange(b, 0, cfg->BLOCK));
    tl_value mask = tl_lt(offs, n);
    tl_value x = tl_load(tl_addptr(x_ptr, offs), .mask = mask, .other = tl_lit(0.0));
    tl_store(tl_addptr(out_ptr, offs), tl_mul(x, 2.0), .mask = mask);
}

constexpr scale_cfg scale_default = {.BLOCK = 256};

} // namespace

TL_KERNEL(scale_kernel, scale_cfg, scale,
          .name = "consumer_scale",
          .inputs = TL_NAMES("x_ptr", "n"),
          .outputs = TL_NAMES("out_ptr"),
          .cfg_default = &scale_default);
TH_KERNEL_CALL(scale_kernel, TH_INPUTS(x_ptr, n), TH_OUTPUTS(out_ptr));

namespace {

constexpr int N = 1000;

bool fail(const char *what, const char *why)
{
    std::fprintf(stderr, "consumer_cxx: %s: %s\n", what, why ? why : "(no message)");
    return false;
}

bool emit()
{
    char *err = nullptr;
    char *ttir = scale_kernel_emit(nullptr, tl_emit_opts{.no_locations = true}, &err);
    bool ok = ttir && std::strstr(ttir, "tt.func public @consumer_scale") && std::strstr(ttir, "tt.store");
    if (!ok)
        fail("emit", ttir ? ttir : err);
    std::free(ttir);
    std::free(err);
    return ok;
}

bool interpret()
{
    static float x[N], out[N];
    for (int i = 0; i < N; i++)
        x[i] = (float)i;
    char *err = nullptr;
    tl_builder *b = tl_kernel_build(&scale_kernel, nullptr, tl_emit_opts{}, nullptr, &err);
    if (!b) {
        fail("tl_kernel_build", err);
        std::free(err);
        return false;
    }
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    tc_interp_launch(ip, tc_interp_grid1(tc_cdiv(N, 256)), tc_interp_ptr(x, sizeof x), tc_interp_ptr(out, sizeof out),
                     tc_interp_int(N));
    bool ok = !tc_interp_failed(ip) || fail("tc_interp_launch", tc_interp_error(ip));
    for (int i = 0; ok && i < N; i++)
        ok = out[i] == 2.0f * (float)i || fail("interpret", "a wrong product");
    tc_interp_destroy(ip);
    tl_builder_destroy(b);
    return ok;
}

bool compile(const char *cache)
{
    tc_compile_env env{.cache_dir = cache, .jit = true};
    char *err = nullptr;
    tc_variant *v = tc_compile(&scale_kernel, nullptr, "DDD", tc_options{}, &env, &err);
    bool ok = v || fail("tc_compile", err);
    tc_variant_free(v);
    std::free(err);
    return ok;
}

bool launch(const char *cache)
{
    tc_compile_env env{.cache_dir = cache, .jit = true};
    const tc_runtime_options opts{.compile = &env}; // C's &(tc_runtime_options){...} is a named object in C++
    tc_runtime *rt = tc_runtime_create(&opts);
    tc_kernel *k = tc_kernel_get(rt, &scale_kernel, nullptr, tc_options{.num_warps = 4});
    tc_deviceptr x = tc_alloc(rt, N * 4), out = tc_alloc(rt, N * 4);
    tc_launch(k, tc_grid1(tc_cdiv(N, 256)), nullptr, tc_ptr(x, TL_F32), tc_ptr(out, TL_F32), tc_i32(N));
    const tc_arg args[] = {tc_ptr(x, TL_F32), tc_ptr(out, TL_F32), tc_i32(N)};
    tc_bench_result r{};
    tc_bench_launch_args(k, tc_grid1(tc_cdiv(N, 256)), nullptr, 3, args,
                         tc_bench_opts{.warmup_ms = 0.01, .rep_ms = 0.01, .flush_bytes = 4096}, &r);
    bool ok = !tc_runtime_failed(rt) || fail("launch", tc_runtime_error(rt));
    ok = ok && (r.runs >= 1 || fail("tc_bench", "no runs"));
    tc_free(rt, x);
    tc_free(rt, out);
    tc_runtime_destroy(rt);
    return ok;
}

bool call_through_xla()
{
    th_builder *b = th_builder_create("consumer_main");
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, N));
    th_value n = th_constant(b, N, TH_SHAPE(TL_I32));
    th_value out = th_call(scale_kernel, b, scale_kernel_inputs{.x_ptr = x, .n = n},
                           scale_kernel_outputs{.out_ptr = TH_SHAPE(TL_F32, N)},
                           th_call_opts{.grid = {(int)tc_cdiv(N, 256)}})
                       .out_ptr;
    th_return(b, out);
    const tp_options opts{.no_client_options = true};
    tp_runtime *rt = tp_runtime_create(&opts);
    tp_executable *exe = tp_compile_builder(rt, b);
    static float xs[N], results[N];
    const tp_input in[] = {{TH_SHAPE(TL_F32, N), xs}};
    const tp_output res[] = {{TH_SHAPE(TL_F32, N), results}};
    bool ok = (tp_run(exe, 1, in, 1, res) && !tp_runtime_failed(rt)) || fail("XLA", tp_runtime_error(rt));
    tp_executable_destroy(exe);
    tp_runtime_destroy(rt);
    th_builder_destroy(b);
    return ok;
}

} // namespace

int main(int argc, char **argv)
{
    bool devices = std::getenv("TRITONC_LIBCUDA") && std::getenv("TRITONC_COMPILER") && std::getenv("TRITONC_PJRT_PLUGIN");
    if (!emit() || !interpret())
        return 1;
    if (devices && (argc < 2 || !compile(argv[1]) || !launch(argv[1]) || !call_through_xla()))
        return 1;
    std::printf("consumer_cxx: tritonc %s: consumer_scale written in C++, emitted, interpreted%s\n", TRITONC_VERSION,
                devices ? ", compiled, launched, timed and called through XLA" : "");
    return 0;
}
