/* Not a unit test: a file that must NOT compile, one mistake per CASE (see
 * compile_fail_check.cmake). TH_KERNEL_CALL's structs make a misspelled name a compile error at
 * the call site (docs/xla.md), instead of a silently misplaced buffer. */
#include "tritonc/hlo.h"
#include "xla_calls.h"

th_value misuse(th_builder *b, th_value x, th_value n);
th_value misuse(th_builder *b, th_value x, th_value n)
{
#if CASE == 1 /* an input the kernel does not have */
    vector_add_xla_kernel_results r =
        th_call(vector_add_xla_kernel, b, (vector_add_xla_kernel_inputs){.x_ptr = x, .z_ptr = x, .n_elements_ptr = n},
                (vector_add_xla_kernel_outputs){.output_ptr = th_value_shape(x)}, (th_call_opts){0});
    return r.output_ptr;
#elif CASE == 2 /* an output the kernel does not have */
    vector_add_xla_kernel_results r =
        th_call(vector_add_xla_kernel, b, (vector_add_xla_kernel_inputs){.x_ptr = x, .y_ptr = x, .n_elements_ptr = n},
                (vector_add_xla_kernel_outputs){.out = th_value_shape(x)}, (th_call_opts){0});
    return r.output_ptr;
#elif CASE == 3 /* a result read back under a wrong name */
    vector_add_xla_kernel_results r =
        th_call(vector_add_xla_kernel, b, (vector_add_xla_kernel_inputs){.x_ptr = x, .y_ptr = x, .n_elements_ptr = n},
                (vector_add_xla_kernel_outputs){.output_ptr = th_value_shape(x)}, (th_call_opts){0});
    return r.out;
#elif CASE == 4 /* a tensor where a shape belongs */
    vector_add_xla_kernel_results r =
        th_call(vector_add_xla_kernel, b, (vector_add_xla_kernel_inputs){.x_ptr = x, .y_ptr = x, .n_elements_ptr = n},
                (vector_add_xla_kernel_outputs){.output_ptr = x}, (th_call_opts){0});
    return r.output_ptr;
#else /* CASE 0: the same call, right: it must compile (the check's control) */
    vector_add_xla_kernel_results r =
        th_call(vector_add_xla_kernel, b, (vector_add_xla_kernel_inputs){.x_ptr = x, .y_ptr = x, .n_elements_ptr = n},
                (vector_add_xla_kernel_outputs){.output_ptr = th_value_shape(x)}, (th_call_opts){0});
    return r.output_ptr;
#endif
}
