/* The consumer's own kernel (my_kernels.c), compiled at build time by tritonc_add_kernels:
 * run on the CPU by the interpreter (tritonc::tritonc_interp), then launched through the CUDA
 * runtime from the variants embedded in the program: compiling off, the cache empty (argv[1]),
 * the driver $TRITONC_LIBCUDA (the install test gives it the fake driver, a test double). */
#include <stdio.h>
#include <stdlib.h>

#include <tritonc/cuda.h>
#include <tritonc/interp.h>

#include "my_kernels.h"

extern const tc_variant app_variants[];
extern const int app_variants_count;

static int interpret(void)
{
    enum { N = 300 };
    float x[N], out[N] = {0};
    for (int i = 0; i < N; i++)
        x[i] = (float)i;
    char *err = NULL;
    tl_builder *b = tl_kernel_build(&my_scale_kernel, NULL, (tl_emit_opts){0}, NULL, &err);
    if (!b) {
        fprintf(stderr, "app: %s\n", err);
        free(err);
        return 1;
    }
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    tc_interp_launch(ip, tc_interp_grid1((N + 127) / 128), tc_interp_ptr(x, sizeof x), tc_interp_ptr(out, sizeof out),
                     tc_interp_int(N));
    int bad = tc_interp_failed(ip);
    if (bad)
        fprintf(stderr, "app: %s\n", tc_interp_error(ip));
    for (int i = 0; i < N && !bad; i++)
        bad = out[i] != 2.0f * (float)i;
    tc_interp_destroy(ip);
    tl_builder_destroy(b);
    return bad;
}

static int launch(const char *empty_cache)
{
    tc_compile_env off = {.cache_dir = empty_cache, .jit = false};
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.compile = &off});
    tc_runtime_add_variants(rt, app_variants_count, app_variants);
    tc_kernel *k = tc_kernel_get(rt, &my_scale_kernel, NULL, (tc_options){0});
    tc_launch(k, tc_grid1(8), NULL, tc_ptr(0x10000u, TL_F32), tc_ptr(0x20000u, TL_F32), tc_i32(1000)); /* DDN */
    tc_launch(k, tc_grid1(8), NULL, tc_ptr(0x10000u, TL_F32), tc_ptr(0x20000u, TL_F32), tc_i32(1024)); /* DDD */
    int bad = tc_runtime_failed(rt);
    if (bad)
        fprintf(stderr, "app: %s\n", tc_runtime_error(rt));
    tc_runtime_destroy(rt);
    return bad;
}

int main(int argc, char **argv)
{
    if (interpret())
        return 1;
    if (argc > 1 && launch(argv[1]))
        return 1;
    printf("app: my_scale interpreted%s\n", argc > 1 ? " and launched from its embedded variants" : "");
    return 0;
}
