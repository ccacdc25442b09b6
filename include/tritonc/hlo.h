/* tritonc/hlo.h - the call layer: a small StableHLO program builder and XLA's Triton call.
 *
 * A th_builder holds one StableHLO module with one public function, `main`: its parameters,
 * splat constants, a few element-wise ops (add, multiply, maximum, convert), calls of
 * declared kernels (tl_kernel) through XLA's `stablehlo.custom_call @__gpu$xla.gpu.triton`,
 * and the return. th_print gives the module as MLIR prints it, in StableHLO's pretty form
 * (what XLA's PJRT plugin compiles) or in MLIR's generic form.
 *
 *     // TH_KERNEL_CALL(vector_add_xla_kernel, TH_INPUTS(x_ptr, y_ptr, n_elements_ptr),
 *     //                TH_OUTPUTS(output_ptr));                  (kernels/xla_calls.h)
 *     th_builder *b = th_builder_create("forward");
 *     th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4096));
 *     th_value y = th_parameter(b, TH_SHAPE(TL_F32, 4096));
 *     th_value x2 = th_multiply(x, th_constant(b, 2.0, th_value_shape(x)));
 *     th_value n = th_constant(b, 4096, TH_SHAPE(TL_I32));
 *     vector_add_xla_kernel_inputs in = {.x_ptr = x2, .y_ptr = y, .n_elements_ptr = n};
 *     vector_add_xla_kernel_outputs out = {.output_ptr = th_value_shape(x2)};
 *     vector_add_xla_kernel_results r = th_call(vector_add_xla_kernel, b, in, out,
 *         (th_call_opts){.grid = {th_cdiv(4096, 1024)}, .num_warps = 4, .num_stages = 2});
 *     th_return(b, th_relu(r.output_ptr));
 *     char *text = th_print(b, (th_print_opts){0});   // free(text); th_builder_destroy(b);
 *
 * XLA passes every operand and every result of the call to the kernel as a pointer, inputs
 * first, then outputs; a scalar such as n travels as a 0-d tensor the kernel loads. The call
 * emits the kernel in that form from its unchanged body (tl_emit_opts.scalars_as_buffers: each
 * TL_SCALAR argument a pointer loaded at its tl_arg; .xla_order: its arguments reordered to
 * .inputs, then .outputs; docs/xla.md) and checks the result against the tensors before XLA
 * sees it.
 *
 * Errors follow the kernel builder (builder.h): the first misuse records one line naming the
 * C file and line of the call ("app.c:41: th_add: ..."); every later call returns a poison
 * value and does nothing, and th_print returns NULL. TRITONC_ABORT_ON_ERROR=1 aborts at the
 * first error instead. No call crashes on a NULL builder, a poison value or a value of
 * another builder. Everything a builder allocates is freed by th_builder_destroy.
 *
 * Ops are appended in the order the calls run. C evaluates a call's arguments in no fixed
 * order (gcc goes right to left), so th_add(th_convert(x, TL_F32), th_constant(...)) may
 * print its two ops either way round: the program means the same, but write one op per
 * statement where the text must not depend on the compiler (goldens).
 *
 * The text is MLIR's: the pretty form prints as MLIR with the StableHLO dialect prints it
 * (stablehlo.constant results named %c / %cst, func.return as `return`), the generic form
 * as MLIR prints any op generically (mlir-opt reads it back unchanged).
 *
 * This layer is separable: nothing in the kernel builder (builder.h, lang.h, kernel.h)
 * depends on it. It is its own library, tritonc_hlo (prefix th_).
 */
#ifndef TRITONC_HLO_H
#define TRITONC_HLO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tritonc/export.h"
#include "tritonc/hlo_shape.h"
#include "tritonc/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* TH_MAX_RANK, th_builder, th_site and th_shape: hlo_shape.h. */

/* ceil(a / b) for positive b: the grid size of a launch (b elements per program). */
static inline int th_cdiv(int64_t a, int64_t b) { return b > 0 ? (int)((a + b - 1) / b) : 0; }

/* ---- values -------------------------------------------------------------------------- */

/* A tensor of the program: a parameter or the result of an op, carrying its builder.
 * Passed by value. Two other forms:
 *   - absent, all zero ((th_value){0}): an input not given (an error where one is needed);
 *   - poison (id < 0), returned by a call that failed; using it is a no-op once its
 *     builder is in error, and an error on another builder. */
typedef struct th_value {
    th_builder *b;
    int32_t id; /* > 0: a value of b; 0: absent; < 0: poison */
} th_value;

static inline bool th_value_is_absent(th_value v) { return v.b == NULL && v.id == 0; }
static inline bool th_value_is_poison(th_value v) { return v.id < 0; }
/* The value's tensor type; rank -1 and TL_DTYPE_INVALID for absent and poison values. */
TRITONC_API th_shape th_value_shape(th_value v);

/* ---- builder lifetime ---------------------------------------------------------------- */

/* Opens an empty program: `module @name { func.func public @main() ... }`. name may be NULL
 * (an unnamed module). Returns NULL only if malloc fails; a bad name puts it in error. */
TRITONC_API th_builder *th_builder_create_at(th_site site, const char *name);
#define th_builder_create(name) th_builder_create_at(TH_SITE("th_builder_create"), (name))
/* Frees the builder and everything it made. NULL is a no-op. */
TRITONC_API void th_builder_destroy(th_builder *b);

/* True once an error is recorded (or for a NULL builder). */
TRITONC_API bool th_builder_failed(const th_builder *b);
/* "file.c:41: th_add: ..." or NULL when there is none. Owned by the builder. */
TRITONC_API const char *th_builder_error(const th_builder *b);
/* Records an error at site (the first one wins) and returns poison. fmt is printf-style. */
TRITONC_API th_value th_builder_fail(th_builder *b, th_site site, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* ---- parameters, constants, element-wise ops -------------------------------------------- */

/* The next parameter of main (%arg0, %arg1, ...). */
TRITONC_API th_value th_parameter_at(th_site site, th_builder *b, th_shape shape);
#define th_parameter(b, shape) th_parameter_at(TH_SITE("th_parameter"), (b), (shape))

/* A constant tensor whose every element is v (a 0-d shape gives a scalar):
 * `stablehlo.constant dense<2.000000e+00> : tensor<4096xf32>`. Integer dtypes need an
 * integral v that fits; i1 takes 0 or 1. th_constant_int is exact for 64-bit integers. */
TRITONC_API th_value th_constant_at(th_site site, th_builder *b, double v, th_shape shape);
TRITONC_API th_value th_constant_int_at(th_site site, th_builder *b, long long v, th_shape shape);
#define th_constant(b, v, shape) th_constant_at(TH_SITE("th_constant"), (b), (double)(v), (shape))
#define th_constant_int(b, v, shape) th_constant_int_at(TH_SITE("th_constant_int"), (b), (v), (shape))

/* stablehlo.add / multiply / maximum: both operands of one tensor type (no implicit
 * broadcast: make the constant in the other operand's shape). */
TRITONC_API th_value th_add_at(th_site site, th_value x, th_value y);
TRITONC_API th_value th_multiply_at(th_site site, th_value x, th_value y);
TRITONC_API th_value th_maximum_at(th_site site, th_value x, th_value y);
#define th_add(x, y) th_add_at(TH_SITE("th_add"), (x), (y))
#define th_multiply(x, y) th_multiply_at(TH_SITE("th_multiply"), (x), (y))
#define th_maximum(x, y) th_maximum_at(TH_SITE("th_maximum"), (x), (y))
/* max(x, 0): stablehlo.maximum against a zero constant of x's type. */
TRITONC_API th_value th_relu_at(th_site site, th_value x);
#define th_relu(x) th_relu_at(TH_SITE("th_relu"), (x))
/* stablehlo.convert to another element type, same dims. */
TRITONC_API th_value th_convert_at(th_site site, th_value x, tl_dtype to);
#define th_convert(x, to) th_convert_at(TH_SITE("th_convert"), (x), (to))

/* Ends main with `return`: its results are the values given (at least one). Once only. */
TRITONC_API void th_return_at(th_site site, th_builder *b, int n, const th_value *results);
#define th_return(b, ...)                                                                                              \
    th_return_at(TH_SITE("th_return"), (b), TLX_TH_COUNT(th_value, __VA_ARGS__), TLX_TH_ARRAY(th_value, __VA_ARGS__))

/* ---- the program's signature (for running it: see pjrt.h) ----------------------------- */

TRITONC_API int th_num_parameters(const th_builder *b);
TRITONC_API th_shape th_parameter_shape(const th_builder *b, int i); /* rank -1 when out of range */
/* The results of main; 0 until th_return. */
TRITONC_API int th_num_results(const th_builder *b);
TRITONC_API th_shape th_result_shape(const th_builder *b, int i);

/* ---- printing --------------------------------------------------------------------------- */

typedef struct th_print_opts {
    bool generic; /* MLIR's generic form ("stablehlo.add"(%0, %1) : (...) -> ...) */
} th_print_opts;

/* The module's text, malloc'd (the caller frees it), or NULL with the error recorded (also
 * when main has no return yet). May be called again, in either form. */
TRITONC_API char *th_print_at(th_site site, th_builder *b, th_print_opts opts);
#define th_print(b, opts) th_print_at(TH_SITE("th_print"), (b), (opts))

/* ---- the Triton call ------------------------------------------------------------------- */

/* Output output_index reuses the buffer of operand operand_index (an in-place update): XLA's
 * output_operand_alias. Both must have the same tensor type. */
typedef struct th_alias {
    int output_index;
    int operand_index;
} th_alias;
typedef struct th_aliases {
    int n;
    const th_alias *items;
} th_aliases;
/* .output_operand_aliases = TH_ALIASES({.output_index = 0, .operand_index = 1}) */
#define TH_ALIASES(...)                                                                                                \
    {                                                                                                                  \
        TLX_TH_COUNT(th_alias, __VA_ARGS__), TLX_TH_ARRAY(th_alias, __VA_ARGS__)                                       \
    }

typedef struct th_indices {
    int n;
    const int *items;
} th_indices;
/* .zeroed_outputs = TH_INDICES(0, 2) */
#define TH_INDICES(...)                                                                                                \
    {                                                                                                                  \
        TLX_TH_COUNT(int, __VA_ARGS__), TLX_TH_ARRAY(int, __VA_ARGS__)                                                 \
    }

/* How to launch the kernel. All zero is valid: the defaults below. */
typedef struct th_call_opts {
    const void *cfg; /* the kernel's config struct (its cfg type); NULL: the kernel's default */
    int grid[3]; /* launch grid x, y, z; 0 means 1 */
    int num_warps; /* 0: 4 (Triton's default); a power of two */
    int num_stages; /* 0: 3 (Triton's default) */
    th_aliases output_operand_aliases; /* in-place updates; none by default */
    /* XLA's optional backend_config fields, left out when zero / false / empty: */
    int64_t global_scratch_memory_size; /* bytes of global scratch the kernel needs */
    bool is_tma_allowed;
    th_indices zeroed_outputs; /* output numbers (0 = the first output) XLA zero-fills before the
                                * launch; printed as XLA wants them, as positions among the
                                * kernel's buffer arguments (operands first) */
    bool debug; /* the kernel emitted in Triton's debug mode (tl_device_assert emits
                        * tt.assert) and debug = true in backend_config, as jax's Pallas writes it */
    bool no_locations; /* embed the TTIR without loc("file.c":line:0) (on by default) */
} th_call_opts;

/* The untyped call, for code that builds calls from data: inputs[i] is the tensor for
 * kernel->inputs.names[i] (kernel->inputs.n of them), then the initial value of each of
 * kernel->inouts (buffers the kernel reads and writes in place); outputs[i] the shape of output
 * i; results[i] (kernel->outputs.n, then kernel->inouts.n of them: each inout's final value,
 * aliasing its operand's buffer through output_operand_aliases) receives each result, poison on
 * error. zeroed_outputs may name outputs only (zeroing an inout would lose its values). Emits the
 * kernel's TTIR (tl_kernel_emit, config opts.cfg), checks it against the tensors (see the
 * file's comment) and appends the custom call. Returns false on error. */
TRITONC_API bool th_triton_call_at(th_site site, th_builder *b, const tl_kernel *kernel, const th_value *inputs,
                                   const th_shape *outputs, th_call_opts opts, th_value *results);

/* What the typed calls of TH_KERNEL_CALL use: the same, after checking that in_names and
 * out_names (as TH_KERNEL_CALL spelled them) are the kernel's .inputs and .outputs. */
TRITONC_API bool th_triton_call_named_at(th_site site, th_builder *b, const tl_kernel *kernel, int nin,
                                         const char *const *in_names, const th_value *inputs, int nout,
                                         const char *const *out_names, const th_shape *outputs, th_call_opts opts,
                                         th_value *results);

/* Typed call sites of a declared kernel (TL_KERNEL(ident, ...)), for a header or a C file:
 *
 *     TH_KERNEL_CALL(vector_add_xla_kernel, TH_INPUTS(x_ptr, y_ptr, n_elements_ptr),
 *                    TH_OUTPUTS(output_ptr));
 *
 * defines, after the TL_KERNEL identifier,
 *     typedef struct { th_value x_ptr, y_ptr, n_elements_ptr; } vector_add_xla_kernel_inputs;
 *     typedef struct { th_shape output_ptr; } vector_add_xla_kernel_outputs;
 *     typedef struct { th_value output_ptr; } vector_add_xla_kernel_results;
 *     vector_add_xla_kernel_results vector_add_xla_kernel_call(th_builder *b,
 *         vector_add_xla_kernel_inputs, vector_add_xla_kernel_outputs, th_call_opts);
 *     vector_add_xla_kernel_results vector_add_xla_kernel_call_at(th_site, th_builder *b, ...);
 * An unknown name in a designated initializer fails to compile; an input left out is absent
 * and the call fails naming it; names that differ from the kernel's .inputs / .outputs (in
 * order) fail naming the first difference. On error every result is poison. Call through
 * th_call so that errors name your line:
 *     th_call(vector_add_xla_kernel, b, inputs, outputs, opts)
 * (with gcc the line of `th_call`, with clang the line its arguments end on). 1 to 64 inputs
 * and outputs. A kernel with .inouts has no typed call (the call fails saying so): use
 * th_triton_call_at. */
#define TH_INPUTS(...) (__VA_ARGS__)
#define TH_OUTPUTS(...) (__VA_ARGS__)
#define TH_KERNEL_CALL(kernel, inputs, outputs)                                                                        \
    extern const tl_kernel kernel;                                                                                     \
    typedef struct kernel##_inputs {                                                                                   \
        TLX_TH_EACH(TLX_TH_VALUE_FIELD, TLX_TH_UNPAREN inputs)                                                         \
    } kernel##_inputs;                                                                                                 \
    typedef struct kernel##_outputs {                                                                                  \
        TLX_TH_EACH(TLX_TH_SHAPE_FIELD, TLX_TH_UNPAREN outputs)                                                        \
    } kernel##_outputs;                                                                                                \
    typedef struct kernel##_results {                                                                                  \
        TLX_TH_EACH(TLX_TH_VALUE_FIELD, TLX_TH_UNPAREN outputs)                                                        \
    } kernel##_results;                                                                                                \
    TLX_TH_UNUSED static inline kernel##_results kernel##_call_at(th_site site, th_builder *b, kernel##_inputs in,     \
                                                                  kernel##_outputs out, th_call_opts opts)             \
    {                                                                                                                  \
        static const char *const in_names[] = {TLX_TH_EACH(TLX_TH_NAME, TLX_TH_UNPAREN inputs)};                       \
        static const char *const out_names[] = {TLX_TH_EACH(TLX_TH_NAME, TLX_TH_UNPAREN outputs)};                     \
        const th_value in_values[] = {TLX_TH_EACH(TLX_TH_IN_MEMBER, TLX_TH_UNPAREN inputs)};                           \
        const th_shape out_shapes[] = {TLX_TH_EACH(TLX_TH_OUT_MEMBER, TLX_TH_UNPAREN outputs)};                        \
        th_value res[sizeof out_names / sizeof out_names[0]];                                                          \
        th_triton_call_named_at(site, b, &kernel, (int)(sizeof in_names / sizeof in_names[0]), in_names, in_values,    \
                                (int)(sizeof res / sizeof res[0]), out_names, out_shapes, opts, res);                  \
        kernel##_results r;                                                                                            \
        TLX_TH_EACH(TLX_TH_RESULT_SET, TLX_TH_UNPAREN outputs)                                                         \
        return r;                                                                                                      \
    }                                                                                                                  \
    TLX_TH_UNUSED static inline kernel##_results kernel##_call(th_builder *b, kernel##_inputs in,                      \
                                                               kernel##_outputs out, th_call_opts opts)                \
    {                                                                                                                  \
        return kernel##_call_at(TLX_TH_LIT(th_site){.func = #kernel "_call"}, b, in, out, opts);                       \
    }                                                                                                                  \
    extern const tl_kernel kernel /* so that `TH_KERNEL_CALL(...);` ends in a declaration */

/* th_call(kernel, builder, inputs, outputs, opts): kernel##_call with this line as the site. */
#define th_call(kernel, ...) kernel##_call_at(TH_SITE(#kernel "_call"), __VA_ARGS__)

/* ---- macro plumbing of TH_KERNEL_CALL ------------------------------------------------------ */

#define TLX_TH_UNPAREN(...) __VA_ARGS__
/* The typed calls may go unused in the C file that declares them. */
#if defined(__GNUC__)
#define TLX_TH_UNUSED __attribute__((unused))
#else
#define TLX_TH_UNUSED
#endif
#define TLX_TH_CAT(a, b) TLX_TH_CAT_(a, b)
#define TLX_TH_CAT_(a, b) a##b
/* M(index, name) for each name; index is an expression (0, (0) + 1, ...). */
#define TLX_TH_EACH(M, ...) TLX_TH_CAT(TLX_TH_EACH_, TLX_TH_NARGS(__VA_ARGS__))(M, 0, __VA_ARGS__)
#define TLX_TH_VALUE_FIELD(i, name) th_value name;
#define TLX_TH_SHAPE_FIELD(i, name) th_shape name;
#define TLX_TH_NAME(i, name) #name,
#define TLX_TH_IN_MEMBER(i, name) in.name,
#define TLX_TH_OUT_MEMBER(i, name) out.name,
#define TLX_TH_RESULT_SET(i, name) r.name = res[i];

#define TLX_TH_NARGS(...)                                                                                              \
    TLX_TH_NARGS_(__VA_ARGS__, 64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, \
                  42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,  \
                  17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define TLX_TH_NARGS_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21,  \
                      _22, _23, _24, _25, _26, _27, _28, _29, _30, _31, _32, _33, _34, _35, _36, _37, _38, _39, _40,   \
                      _41, _42, _43, _44, _45, _46, _47, _48, _49, _50, _51, _52, _53, _54, _55, _56, _57, _58, _59,   \
                      _60, _61, _62, _63, _64, n, ...)                                                                 \
    n
#define TLX_TH_EACH_1(M, i, a) M(i, a)
#define TLX_TH_EACH_2(M, i, a, ...) M(i, a) TLX_TH_EACH_1(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_3(M, i, a, ...) M(i, a) TLX_TH_EACH_2(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_4(M, i, a, ...) M(i, a) TLX_TH_EACH_3(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_5(M, i, a, ...) M(i, a) TLX_TH_EACH_4(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_6(M, i, a, ...) M(i, a) TLX_TH_EACH_5(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_7(M, i, a, ...) M(i, a) TLX_TH_EACH_6(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_8(M, i, a, ...) M(i, a) TLX_TH_EACH_7(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_9(M, i, a, ...) M(i, a) TLX_TH_EACH_8(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_10(M, i, a, ...) M(i, a) TLX_TH_EACH_9(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_11(M, i, a, ...) M(i, a) TLX_TH_EACH_10(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_12(M, i, a, ...) M(i, a) TLX_TH_EACH_11(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_13(M, i, a, ...) M(i, a) TLX_TH_EACH_12(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_14(M, i, a, ...) M(i, a) TLX_TH_EACH_13(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_15(M, i, a, ...) M(i, a) TLX_TH_EACH_14(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_16(M, i, a, ...) M(i, a) TLX_TH_EACH_15(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_17(M, i, a, ...) M(i, a) TLX_TH_EACH_16(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_18(M, i, a, ...) M(i, a) TLX_TH_EACH_17(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_19(M, i, a, ...) M(i, a) TLX_TH_EACH_18(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_20(M, i, a, ...) M(i, a) TLX_TH_EACH_19(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_21(M, i, a, ...) M(i, a) TLX_TH_EACH_20(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_22(M, i, a, ...) M(i, a) TLX_TH_EACH_21(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_23(M, i, a, ...) M(i, a) TLX_TH_EACH_22(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_24(M, i, a, ...) M(i, a) TLX_TH_EACH_23(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_25(M, i, a, ...) M(i, a) TLX_TH_EACH_24(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_26(M, i, a, ...) M(i, a) TLX_TH_EACH_25(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_27(M, i, a, ...) M(i, a) TLX_TH_EACH_26(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_28(M, i, a, ...) M(i, a) TLX_TH_EACH_27(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_29(M, i, a, ...) M(i, a) TLX_TH_EACH_28(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_30(M, i, a, ...) M(i, a) TLX_TH_EACH_29(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_31(M, i, a, ...) M(i, a) TLX_TH_EACH_30(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_32(M, i, a, ...) M(i, a) TLX_TH_EACH_31(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_33(M, i, a, ...) M(i, a) TLX_TH_EACH_32(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_34(M, i, a, ...) M(i, a) TLX_TH_EACH_33(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_35(M, i, a, ...) M(i, a) TLX_TH_EACH_34(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_36(M, i, a, ...) M(i, a) TLX_TH_EACH_35(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_37(M, i, a, ...) M(i, a) TLX_TH_EACH_36(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_38(M, i, a, ...) M(i, a) TLX_TH_EACH_37(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_39(M, i, a, ...) M(i, a) TLX_TH_EACH_38(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_40(M, i, a, ...) M(i, a) TLX_TH_EACH_39(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_41(M, i, a, ...) M(i, a) TLX_TH_EACH_40(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_42(M, i, a, ...) M(i, a) TLX_TH_EACH_41(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_43(M, i, a, ...) M(i, a) TLX_TH_EACH_42(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_44(M, i, a, ...) M(i, a) TLX_TH_EACH_43(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_45(M, i, a, ...) M(i, a) TLX_TH_EACH_44(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_46(M, i, a, ...) M(i, a) TLX_TH_EACH_45(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_47(M, i, a, ...) M(i, a) TLX_TH_EACH_46(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_48(M, i, a, ...) M(i, a) TLX_TH_EACH_47(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_49(M, i, a, ...) M(i, a) TLX_TH_EACH_48(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_50(M, i, a, ...) M(i, a) TLX_TH_EACH_49(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_51(M, i, a, ...) M(i, a) TLX_TH_EACH_50(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_52(M, i, a, ...) M(i, a) TLX_TH_EACH_51(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_53(M, i, a, ...) M(i, a) TLX_TH_EACH_52(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_54(M, i, a, ...) M(i, a) TLX_TH_EACH_53(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_55(M, i, a, ...) M(i, a) TLX_TH_EACH_54(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_56(M, i, a, ...) M(i, a) TLX_TH_EACH_55(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_57(M, i, a, ...) M(i, a) TLX_TH_EACH_56(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_58(M, i, a, ...) M(i, a) TLX_TH_EACH_57(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_59(M, i, a, ...) M(i, a) TLX_TH_EACH_58(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_60(M, i, a, ...) M(i, a) TLX_TH_EACH_59(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_61(M, i, a, ...) M(i, a) TLX_TH_EACH_60(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_62(M, i, a, ...) M(i, a) TLX_TH_EACH_61(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_63(M, i, a, ...) M(i, a) TLX_TH_EACH_62(M, (i) + 1, __VA_ARGS__)
#define TLX_TH_EACH_64(M, i, a, ...) M(i, a) TLX_TH_EACH_63(M, (i) + 1, __VA_ARGS__)

#ifdef __cplusplus
}
#endif
#endif
