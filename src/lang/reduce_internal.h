/* Private: what src/lang/reduce.c (tt.reduce) and src/lang/scan.c (tt.scan) share: checking
 * the operands and the axis, and building the op with its combine region. */
#ifndef TRITONC_REDUCE_INTERNAL_H
#define TRITONC_REDUCE_INTERNAL_H

#include "lang/lang_internal.h"
#include "tritonc/reduce.h"

/* Fills out[0..n) (one scalar per operand, the element types of the operands) from the
 * region's arguments; false after an error (recorded). */
typedef bool (*lang_combine)(tl_site s, tl_builder *b, int n, const tl_value *lhs, const tl_value *rhs, tl_value *out,
                             void *ctx);

/* The one input of a built-in reduction or scan (tl_sum...): a tensor value of its builder
 * (a literal, a scalar or a pointer tensor is an error naming `what`). NULL after an error. */
tl_builder *lang_reduce_input(tl_site s, tl_value x, const char *what, lang_opnd *o);

/* Python's _wrap_axis: axis in [-rank, rank), made non-negative; false (error) otherwise. */
bool lang_wrap_axis(tl_site s, tl_builder *b, int axis, int rank, int *out);

/* Builds tt.reduce (scan false) or tt.scan over the n tensors `inputs` of one shape along
 * `axis` (TL_AXIS_NONE for a reduction over everything: each input is reshaped to one
 * dimension first), with the combine region built by `combine`. For a reduction, keep_dims
 * expands the results back to the inputs' rank. Writes n results; false after an error. */
bool lang_reduce_op(tl_site s, tl_builder *b, bool scan, int n, const tl_value *inputs, int axis, bool keep_dims,
                    bool reverse, lang_combine combine, void *ctx, tl_value *results);

/* A combine of one operand made by one Python operator (a + b, a * b, a ^ b): ctx points to
 * the tl_binop. */
bool lang_combine_binop(tl_site s, tl_builder *b, int n, const tl_value *lhs, const tl_value *rhs, tl_value *out,
                        void *ctx);

/* The user's C combine behind tl_reduce / tl_scan, and the results on error. */
typedef struct lang_user_combine {
    tl_combine_fn fn;
    void *ctx;
} lang_user_combine;
bool lang_combine_user(tl_site s, tl_builder *b, int n, const tl_value *lhs, const tl_value *rhs, tl_value *out,
                       void *ctx);
/* Checks tl_reduce / tl_scan's operand list; returns the builder or NULL (error recorded
 * when there is a builder to record it on). */
tl_builder *lang_custom_inputs(tl_site s, tl_values values, tl_combine_fn combine, const char *what);
/* n poison values (n >= 1), for the error returns of tl_reduce / tl_scan. */
tl_values lang_poison_values(int n);

#endif
