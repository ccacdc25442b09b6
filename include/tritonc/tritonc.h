/* tritonc/tritonc.h - Triton GPU kernels written in C. The umbrella header.
 *
 *   ir.h       the IR core: context, types, attributes, ops, printer, verifier (tcir_)
 *   builder.h  one kernel under construction: arguments, constants, raw ops, finish (tl_)
 *   lang.h     the kernel language: triton.language in C (tl_)
 *   control.h  loops, branches and early returns, as scopes (tl_for, tl_if, tl_while...)
 *   reduce.h   reductions and scans
 *   tensor.h   dot and shape ops
 *   memory.h   atomics, tensor descriptors, block pointers
 *   debug.h    printing, assertions, hints, inline asm, extern calls, random numbers
 *   standard.h triton.language.standard: sigmoid, softmax, sort, topk, flip...
 *   kernel.h   declarative kernels and emit (tl_kernel)
 */
#ifndef TRITONC_TRITONC_H
#define TRITONC_TRITONC_H

#include "tritonc/ir.h"
#include "tritonc/builder.h"
#include "tritonc/order.h"
#include "tritonc/lang.h"
#include "tritonc/control.h"
#include "tritonc/reduce.h"
#include "tritonc/tensor.h"
#include "tritonc/memory.h"
#include "tritonc/debug.h"
#include "tritonc/standard.h"
#include "tritonc/kernel.h"

#define TRITONC_VERSION "0.1.0"

#endif
