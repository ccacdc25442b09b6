// Writes a kernel in C++20 with an installed tritonc (docs/cxx.md) and checks its TTIR.
#include <cstdio>
#include <cstdlib>
#include <cstring>

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

int main()
{
    char *err = nullptr;
    char *ttir = scale_kernel_emit(nullptr, tl_emit_opts{.no_locations = true}, &err);
    bool ok = ttir && std::strstr(ttir, "tt.func public @consumer_scale") && std::strstr(ttir, "tt.store");
    if (!ok)
        std::fprintf(stderr, "consumer_cxx: %s\n", ttir ? ttir : err);
    else
        std::printf("consumer_cxx: tritonc %s built consumer_scale in C++\n", TRITONC_VERSION);
    std::free(ttir);
    std::free(err);
    return ok ? 0 : 1;
}
