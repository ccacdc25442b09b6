/* Typed XLA call sites (TH_KERNEL_CALL, tritonc/hlo.h) of the bundled kernels made for XLA's
 * Triton custom call: every argument a buffer, inputs first, then outputs. Each name here is a
 * call-site name of the kernel's TL_KERNEL, in the same order (checked at call time).
 *
 *     vector_add_xla_kernel_results r = th_call(vector_add_xla_kernel, b,
 *         (vector_add_xla_kernel_inputs){.x_ptr = x, .y_ptr = y, .n_elements_ptr = n},
 *         (vector_add_xla_kernel_outputs){.output_ptr = th_value_shape(x)},
 *         (th_call_opts){.grid = {th_cdiv(N, 1024)}});
 */
#ifndef TRITONC_KERNELS_XLA_CALLS_H
#define TRITONC_KERNELS_XLA_CALLS_H

#include "tritonc/hlo.h"

/* kernels/features/vector_add_xla.c */
TH_KERNEL_CALL(vector_add_xla_kernel, TH_INPUTS(x_ptr, y_ptr, n_elements_ptr), TH_OUTPUTS(output_ptr));
/* kernels/features/softmax_xla.c */
TH_KERNEL_CALL(softmax_xla_kernel, TH_INPUTS(in_ptr), TH_OUTPUTS(out_ptr));

#endif
