/* Private: the enum attributes of the ops tritonc emits, built so that each prints right in
 * both forms (pretty keyword, generic integer). The op conventions below are the contract
 * between the language (which builds ops) and the printer/verifier (which read them).
 *
 * Op conventions (attribute names as Triton 3.6 / MLIR name them; all inherent):
 *   arith.constant      value: INT | FLOAT | BOOL | DENSE
 *   arith.cmpi/cmpf     predicate: ir_enum_cmpi / ir_enum_cmpf
 *   tt.get_program_id,
 *   tt.get_num_programs axis: ir_enum_axis
 *   tt.make_range       start, end: INT i32
 *   tt.expand_dims      axis: INT i32
 *   tt.fp_to_fp         rounding: ir_enum_rounding (absent for upcasts)
 *   tt.clampf           propagateNan: ir_enum_propagate_nan
 *   tt.load             operands ptr[, mask[, other]]; cache, evict: ir_enum_cache/_evict;
 *                       isVolatile: BOOL (absent when false); boundaryCheck: ARRAY_I32 (empty)
 *   tt.store            operands ptr, value[, mask]; cache, evict, boundaryCheck as tt.load
 *   tt.func             sym_name: STRING, function_type: TYPE (func), sym_visibility: STRING,
 *                       arg_attrs: ARRAY of DICT (absent when no argument has attributes);
 *                       noinline: BOOL (discardable)
 *   builtin.module      one region, one block
 * Ops print pretty attributes that are at their default value as Triton does (not at all).
 */
#ifndef TRITONC_IR_ENUMS_H
#define TRITONC_IR_ENUMS_H

#include "tritonc/ir.h"

/* "eq" "ne" "slt" "sle" "sgt" "sge" "ult" "ule" "ugt" "uge"; NULL for an unknown keyword. */
const tcir_attr *ir_enum_cmpi(tcir_context *ctx, const char *keyword);
/* "false" "oeq" "ogt" "oge" "olt" "ole" "one" "ord" "ueq" "ugt" "uge" "ult" "ule" "une" "uno" "true" */
const tcir_attr *ir_enum_cmpf(tcir_context *ctx, const char *keyword);
/* 0 -> x, 1 -> y, 2 -> z */
const tcir_attr *ir_enum_axis(tcir_context *ctx, int axis);
/* "rtz" "rtne" */
const tcir_attr *ir_enum_rounding(tcir_context *ctx, const char *keyword);
/* "none" "all" */
const tcir_attr *ir_enum_propagate_nan(tcir_context *ctx, const char *keyword);
/* "none" "ca" "cg" "wb" "cs" "wt" "cv" */
const tcir_attr *ir_enum_cache(tcir_context *ctx, const char *keyword);
/* "evict_normal" "evict_first" "evict_last" */
const tcir_attr *ir_enum_evict(tcir_context *ctx, const char *keyword);

#endif
