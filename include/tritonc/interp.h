/* tritonc/interp.h - running a finished kernel on the CPU: an interpreter of its IR, with a
 * bounds checker.
 *
 * The interpreter reads a tt.func (or the builtin.module holding it) as the builder leaves it
 * after tl_finish (tl_kernel_build keeps the builder: tl_builder_func gives the function) and
 * runs it over a grid on host buffers, one program after another in row-major grid order
 * (x fastest), each program's ops in order. Nothing of CUDA is needed; the library depends on
 * the IR core only.
 *
 *     tl_builder *b = tl_kernel_build(&vector_add_kernel, &cfg, (tl_emit_opts){0}, NULL, &err);
 *     tc_interp *ip = tc_interp_create(tl_builder_func(b));
 *     tc_interp_launch(ip, tc_interp_grid1((n + 1023) / 1024),
 *                      tc_interp_ptr(x, n * sizeof(float)), tc_interp_ptr(y, n * sizeof(float)),
 *                      tc_interp_ptr(out, n * sizeof(float)), tc_interp_int(n));
 *     if (tc_interp_failed(ip)) puts(tc_interp_error(ip));
 *     tc_interp_destroy(ip);
 *     tl_builder_destroy(b);
 *
 * Every pointer argument is given with the extent of its buffer in bytes. A load, store or
 * atomic whose lane is masked in and whose address falls outside the buffer its pointer was
 * derived from is an error naming the C line of the tl_load/tl_store (the op's location), the
 * program id and the lane, and nothing of that op is written.
 *
 * Errors are sticky, as everywhere in tritonc: the first records one line
 * ("kernels/k.c:22: tt.load: out of bounds: ...") and every later call does nothing
 * (TRITONC_ABORT_ON_ERROR=1 aborts at the first, for a debugger); the function must not be
 * destroyed (its builder must live) while the interpreter does.
 * Semantics, what is supported and what is not: docs/interpreter.md.
 */
#ifndef TRITONC_INTERP_H
#define TRITONC_INTERP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tritonc/export.h"
#include "tritonc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tc_interp tc_interp;

/* An interpreter for func: a tt.func, or a builtin.module whose first tt.func is taken. Every
 * op of the function is checked to be one the interpreter runs (an unsupported op is an error
 * here, naming it and its C line, so that a run never stops half-way for that reason).
 * Returns NULL only when memory runs out; otherwise check tc_interp_failed. */
TRITONC_API tc_interp *tc_interp_create(const tcir_op *func);
/* Frees the interpreter (not the function, not the bound buffers). NULL is a no-op. */
TRITONC_API void tc_interp_destroy(tc_interp *ip);

/* True once an error is recorded (or for NULL). */
TRITONC_API bool tc_interp_failed(const tc_interp *ip);
/* The one-line error, or NULL when there is none ("tc_interp: NULL interpreter" for NULL). */
TRITONC_API const char *tc_interp_error(const tc_interp *ip);

/* The function's arguments, as its signature has them (a specialized-away argument is not
 * one; a host tensor descriptor is 1 + 2 * rank: itself, then its shape and strides). */
TRITONC_API int tc_interp_nargs(const tc_interp *ip);

/* Binds argument i. A pointer argument gets the host buffer and its extent in bytes (base may
 * be NULL with extent 0: any access through it is out of bounds). An integer argument gets v
 * wrapped to its width; a float argument v rounded to its type (nearest even). Binding the
 * wrong kind, or an index out of range, is an error. */
TRITONC_API void tc_interp_bind_ptr(tc_interp *ip, int i, void *base, size_t extent);
TRITONC_API void tc_interp_bind_int(tc_interp *ip, int i, int64_t v);
TRITONC_API void tc_interp_bind_float(tc_interp *ip, int i, double v);

/* A host tensor descriptor, for an argument declared TL_TENSORDESC (Triton's TensorDescriptor;
 * tc_tensordesc of tritonc/cuda.h on the GPU): a tensor of rank dimensions in the host buffer at
 * base, extent bytes long, whose element at index (i0, i1, ...) lies sum(i_k * strides[k])
 * elements past base. The element type and the block shape are the declaration's.
 *
 *     tc_interp_tensordesc a = {.base = x, .extent = M * K * sizeof(uint16_t), .rank = 2,
 *                               .shape = {M, K}, .strides = {K, 1}};
 *     tc_interp_bind_tensordesc(ip, 0, &a);
 *
 * Checked when bound, each with its own message, as Triton's TensorDescriptor and the launcher
 * (tc_desc) check it: rank the declared block's (1 to 5); base 16-byte aligned; each dimension
 * from 1 to 2^31 - 1; the last stride 1, every other a positive multiple of 16 bytes (stride *
 * element size); nan_padding for float elements only; and the buffer holds the whole tensor
 * described (its last element ends within extent). The buffer is bounds checked as a pointer
 * argument's: an access outside it is an error naming the op's C line. A descriptor load reads
 * zero (NaN with nan_padding) where the block lies outside the tensor, and a store writes
 * nothing there, as TMA does. */
typedef struct tc_interp_tensordesc {
    void *base; /* the tensor's first element */
    size_t extent; /* bytes of the buffer at base */
    int rank; /* 1 to 5: the declared block's */
    int64_t shape[5]; /* elements per dimension, outermost first */
    int64_t strides[5]; /* in elements; the last is 1 */
    bool nan_padding; /* Triton's padding="nan" (else "zero") */
} tc_interp_tensordesc;

/* Binds descriptor argument i (its position in the function's signature, where Triton's JIT
 * follows each descriptor with its shape, one i32 per dimension, and its strides, one i64 each:
 * this binds those too, and they are bound by it only). d is copied. Binding another kind of
 * argument, or a descriptor failing a check above, is an error. */
TRITONC_API void tc_interp_bind_tensordesc(tc_interp *ip, int i, const tc_interp_tensordesc *d);

/* The grid, in programs per axis (tl_program_id's range); each at least 1. Default 1x1x1. */
TRITONC_API void tc_interp_set_grid(tc_interp *ip, unsigned x, unsigned y, unsigned z);
/* The most ops one run may execute (each op of each program once, however many lanes; a block
 * that runs no op but its terminator, as the body of an empty loop, counts one), so that a loop
 * that never ends is an error rather than a hang; 0 (the default) is no limit. */
TRITONC_API void tc_interp_set_step_limit(tc_interp *ip, uint64_t steps);
/* Where tl_device_print writes (default stdout); NULL discards it. */
TRITONC_API void tc_interp_set_print_stream(tc_interp *ip, FILE *f);

/* Runs every program of the grid on the bound arguments. Returns false (error recorded) when
 * an argument is unbound or the kernel fails: out of bounds, a failed device_assert, an
 * unsupported libdevice function, out of memory. Buffers keep what ran before the failure. */
TRITONC_API bool tc_interp_run(tc_interp *ip);

/* ---- the launch form: the arguments of tc_launch (cuda.h), with buffer extents ---------- */

typedef enum tc_interp_arg_kind {
    TC_INTERP_ARG_NONE = 0,
    TC_INTERP_ARG_PTR,
    TC_INTERP_ARG_INT,
    TC_INTERP_ARG_FLOAT,
    TC_INTERP_ARG_DESC
} tc_interp_arg_kind;
typedef struct tc_interp_arg {
    tc_interp_arg_kind kind;
    void *base; /* PTR */
    size_t extent; /* PTR: bytes */
    int64_t i; /* INT (a bool is 0 or 1) */
    double f; /* FLOAT */
    const tc_interp_tensordesc *desc; /* DESC: read when the arguments are bound */
} tc_interp_arg;
#define tc_interp_ptr(p, bytes)                                                                                        \
    (TLX_LIT(tc_interp_arg){.kind = TC_INTERP_ARG_PTR, .base = (void *)(p), .extent = (bytes)})
#define tc_interp_int(x) (TLX_LIT(tc_interp_arg){.kind = TC_INTERP_ARG_INT, .i = (int64_t)(x)})
#define tc_interp_float(x) (TLX_LIT(tc_interp_arg){.kind = TC_INTERP_ARG_FLOAT, .f = (double)(x)})
/* A descriptor argument, as tc_desc is tc_launch's: a pointer to a tc_interp_tensordesc that
 * lives until the launch returns (a compound literal in the call does, commas and all:
 * tc_interp_desc(&(tc_interp_tensordesc){.base = x, ...})). It stands for the descriptor and its
 * shape and strides: one argument of the launch form, as for tc_launch. */
#define tc_interp_desc(...) (TLX_LIT(tc_interp_arg){.kind = TC_INTERP_ARG_DESC, .desc = (__VA_ARGS__)})

typedef struct tc_interp_grid {
    unsigned x, y, z;
} tc_interp_grid;
#define tc_interp_grid1(x) (TLX_LIT(tc_interp_grid){(unsigned)(x), 1, 1})
#define tc_interp_grid2(x, y) (TLX_LIT(tc_interp_grid){(unsigned)(x), (unsigned)(y), 1})
#define tc_interp_grid3(x, y, z) (TLX_LIT(tc_interp_grid){(unsigned)(x), (unsigned)(y), (unsigned)(z)})

/* Binds all nargs arguments in order, sets the grid and runs, as a launch would. nargs must
 * equal tc_interp_nargs less the shape and strides that follow each descriptor (bound with it):
 * the arguments tc_launch would take. */
TRITONC_API bool tc_interp_launch_args(tc_interp *ip, tc_interp_grid grid, int nargs, const tc_interp_arg *args);
#define tc_interp_launch(ip, grid, ...)                                                                                \
    tc_interp_launch_args((ip), (grid), TLX_COUNT(tc_interp_arg, __VA_ARGS__), TLX_ARRAY(tc_interp_arg, __VA_ARGS__))

/* ---- number formats (exposed for tests and for callers preparing buffers) ---------------- */

/* Rounds v to the float kind and returns its bits (in the low bits): nearest-even, or toward
 * zero when rtz. f16/bf16/f32/f64 overflow to infinity (rtz: to the largest finite); the fp8
 * kinds saturate to their largest finite value, as NVIDIA's cvt.satfinite; NaN gives the
 * kind's NaN. */
TRITONC_API uint64_t tc_interp_float_bits(double v, tcir_float_kind kind, bool rtz);
/* The value of bits read as the float kind (exact: every kind fits a double). */
TRITONC_API double tc_interp_float_value(uint64_t bits, tcir_float_kind kind);

#ifdef __cplusplus
}
#endif
#endif
