// test_cxx_kernels GOLDEN_DIR: the C++20 kernels of kernels.cpp emit the same TTIR as the C
// kernels they port: byte for byte the goldens (tests/golden/NAME.ttir) and what the bundled C
// kernel emits here. Also builds a kernel with the builder alone (no TL_KERNEL).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "kernels.hpp"

extern "C" const tl_kernel vector_add_kernel, softmax_kernel, matmul_kernel;

namespace {

std::string read_file(const std::string &path)
{
    std::string text;
    if (FILE *f = std::fopen(path.c_str(), "rb")) {
        char buf[4096];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
            text.append(buf, n);
        std::fclose(f);
    }
    return text;
}

std::string emit(const tl_kernel &k)
{
    char *err = nullptr;
    char *text = tl_kernel_emit(&k, nullptr, tl_emit_opts{.no_locations = true}, &err);
    std::string out = text ? text : std::string("error: ") + (err ? err : "?");
    std::free(text);
    std::free(err);
    return out;
}

int check(const char *golden_dir, const tl_kernel &cxx, const tl_kernel &c)
{
    std::string golden = read_file(std::string(golden_dir) + "/" + cxx.name + ".ttir");
    std::string got = emit(cxx);
    if (golden.empty()) {
        std::fprintf(stderr, "%s: no golden in %s\n", cxx.name, golden_dir);
        return 1;
    }
    if (got != golden || got != emit(c)) {
        std::fprintf(stderr, "%s: the C++ kernel's TTIR differs from the golden / the C kernel's:\n%s",
                     cxx.name, got.c_str());
        return 1;
    }
    std::printf("%s: C++ == C == golden (%zu bytes)\n", cxx.name, got.size());
    return 0;
}

// Keyword arguments, a scope and a literal list without TL_KERNEL: the builder API in C++.
int check_builder()
{
    tl_builder *b = tl_builder_create("cxx_builder");
    tl_value out = tl_arg(b, "out", TL_PTR(TL_F32));
    tl_value offs = tl_arange(b, 0, 16);
    tl_value acc = tl_zeros(b, TL_SHAPE(16), TL_F32);
    tl_scope loop = tl_for(b, 0, 4, 1, .carry = TL_VARS(&acc));
    acc = tl_add(acc, tl_to(loop.iv, TL_F32));
    tl_end(&loop);
    tl_store(tl_addptr(out, offs), tl_maximum(acc, 1.0, .propagate_nan = TL_NAN_ALL), .mask = tl_lt(offs, 10));
    // x[:, None], the shape (), a math function of a number
    tl_value col = tl_index(offs, TL_ALL, TL_NONE);
    tl_value one = tl_reshape(tl_index(tl_rsqrt(2.0), TL_NONE), TL_SHAPE0);
    tl_store(tl_addptr(out, col), tl_to(col, TL_F32), .mask = tl_lt(col, one));
    char *ttir = tl_finish(b);
    int ok = ttir && std::strstr(ttir, "scf.for") && std::strstr(ttir, "arith.maximumf") &&
             std::strstr(ttir, "math.rsqrt") && std::strstr(ttir, "tt.expand_dims");
    if (!ok)
        std::fprintf(stderr, "cxx_builder: %s\n", ttir ? ttir : tl_builder_error(b));
    std::free(ttir);
    tl_builder_destroy(b);
    return ok ? 0 : 1;
}

// Python's positional mask (tl_load(p, m), tl_store(p, x, m), tl_atomic_add(p, x, m)), a
// positional other, and the chain tl_addptr(p, a, b): in C++ too they mean what their keyword
// and nested forms mean. (C++20 does not mix positional and designated initializers:
// tl_load(p, m, .other = x) does not compile in C++; write tl_load(p, m, x) or all keywords.)
std::string positional_kernel(bool positional)
{
    tl_builder *b = tl_builder_create("cxx_positional");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value i = tl_arange(b, 0, 16);
    tl_value m = tl_lt(i, n);
    tl_value q = positional ? tl_addptr(p, n, i) : tl_addptr(tl_addptr(p, n), i);
    tl_value x = positional ? tl_load(q, m) : tl_load(q, .mask = m);
    tl_value y = positional ? tl_load(q, m, x) : tl_load(q, .mask = m, .other = x);
    if (positional) {
        tl_store(q, y, m);
        tl_atomic_add(q, x, m);
    } else {
        tl_store(q, y, .mask = m);
        tl_atomic_add(q, x, .mask = m);
    }
    char *ttir = tl_finish(b);
    std::string text = ttir ? ttir : std::string("error: ") + tl_builder_error(b);
    std::free(ttir);
    tl_builder_destroy(b);
    return text;
}

int check_positional()
{
    std::string pos = positional_kernel(true), kw = positional_kernel(false);
    bool ok = pos == kw && pos.find("tt.load %5, %2 :") != std::string::npos;
    if (!ok)
        std::fprintf(stderr, "cxx_positional:\n%s\nkeywords:\n%s", pos.c_str(), kw.c_str());
    return ok ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: test_cxx_kernels GOLDEN_DIR\n");
        return 2;
    }
    int failed = check(argv[1], cxx_vector_add_kernel, vector_add_kernel);
    failed += check(argv[1], cxx_softmax_kernel, softmax_kernel);
    failed += check(argv[1], cxx_matmul_kernel, matmul_kernel);
    failed += check_builder();
    failed += check_positional();
    return failed ? 1 : 0;
}
