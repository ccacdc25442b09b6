/* Not a unit test: a file that includes only tritonc/pjrt.h (see compile_fail_check.cmake).
 * CASE 0 must compile: pjrt.h gives what its own declarations take (tl_dtype, th_shape,
 * TH_SHAPE, th_site, th_builder declared), and none of the builders' headers. CASE 1..N must
 * not: each uses an API that pjrt.h does not include (the kernel builder's, the StableHLO
 * program builder's). */
#include "tritonc/pjrt.h"

#include <stdio.h>

#if defined(TRITONC_BUILDER_H) || defined(TRITONC_IR_H) || defined(TRITONC_KERNEL_H) || defined(TRITONC_HLO_H)
#error "pjrt.h includes a builder's header"
#endif
#if defined(TL_SITE) || defined(TLX_LIT) || defined(TL_MAX_RANK)
#error "pjrt.h defines the kernel builder's macros"
#endif
#if !defined(TH_SHAPE) || !defined(TH_SITE) || !defined(TH_MAX_RANK) || !defined(TP_PLUGIN_ENV)
#error "pjrt.h lacks a macro its API is used with"
#endif

int run_text(const char *mlir, th_builder *maybe);
int run_text(const char *mlir, th_builder *maybe)
{
#if CASE == 1 /* the kernel builder's API */
    tl_builder *k = tl_builder_create("k");
    (void)k;
#elif CASE == 2 /* the StableHLO program builder's API */
    (void)th_parameter(maybe, TH_SHAPE(TL_F32, 4));
#elif CASE == 3 /* its values */
    th_value v;
    (void)v;
#endif
    float x[4] = {1, 2, 3, 4}, y[4] = {0};
    th_shape s = TH_SHAPE(TL_F32, 4);
    printf("%s x %lld\n", tl_dtype_name(s.dtype), (long long)th_shape_numel(s));
    tp_runtime *rt = tp_runtime_create(&(tp_options){.preallocate = false});
    tp_executable *exe = maybe ? tp_compile_builder(rt, maybe) : tp_compile(rt, mlir);
    tp_input in[] = {{s, x}};
    tp_output out[] = {{s, y}};
    int ok = tp_run(exe, 1, in, 1, out);
    if (!ok)
        fprintf(stderr, "%s\n", tp_runtime_error(rt));
    tp_executable_destroy(exe);
    tp_runtime_destroy(rt);
    return ok;
}
