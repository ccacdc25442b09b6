/* What the interpreter does with each op of src/ir/ops.h, by opcode: the handler that runs it,
 * or why it does not. Every opcode has one or the other (tests/interp/test_interp_registry.c),
 * so that an op added to ops.h without its interpreter's story fails a test. An op without a
 * handler is "not supported", reported when the interpreter is created. */
#include "interp/interp_internal.h"

static const interp_handler handlers[TCIR_OPC_COUNT] = {
    /* constants and integer arithmetic (eval_arith_int.c) */
    [TCIR_OPC_ARITH_CONSTANT] = interp_op_constant,
    [TCIR_OPC_ARITH_ADDI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_SUBI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_MULI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_DIVSI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_DIVUI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_REMSI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_REMUI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_CEILDIVSI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_FLOORDIVSI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_ANDI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_ORI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_XORI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_SHLI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_SHRSI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_SHRUI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_MAXSI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_MAXUI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_MINSI] = interp_op_int_binary,
    [TCIR_OPC_ARITH_MINUI] = interp_op_int_binary,
    [TCIR_OPC_TT_MULHIUI] = interp_op_int_binary,
    [TCIR_OPC_MATH_ABSI] = interp_op_absi,
    [TCIR_OPC_ARITH_CMPI] = interp_op_cmpi,
    [TCIR_OPC_ARITH_CMPF] = interp_op_cmpf,
    [TCIR_OPC_ARITH_SELECT] = interp_op_select,
    /* float arithmetic and math (eval_arith_float.c, eval_math.c) */
    [TCIR_OPC_ARITH_ADDF] = interp_op_float_binary,
    [TCIR_OPC_ARITH_SUBF] = interp_op_float_binary,
    [TCIR_OPC_ARITH_MULF] = interp_op_float_binary,
    [TCIR_OPC_ARITH_DIVF] = interp_op_float_binary,
    [TCIR_OPC_ARITH_REMF] = interp_op_float_binary,
    [TCIR_OPC_ARITH_MAXIMUMF] = interp_op_float_binary,
    [TCIR_OPC_ARITH_MINIMUMF] = interp_op_float_binary,
    [TCIR_OPC_ARITH_MAXNUMF] = interp_op_float_binary,
    [TCIR_OPC_ARITH_MINNUMF] = interp_op_float_binary,
    [TCIR_OPC_TT_PRECISE_DIVF] = interp_op_float_binary,
    [TCIR_OPC_ARITH_NEGF] = interp_op_float_unary,
    [TCIR_OPC_MATH_ABSF] = interp_op_float_unary,
    [TCIR_OPC_MATH_SQRT] = interp_op_float_unary,
    [TCIR_OPC_TT_PRECISE_SQRT] = interp_op_float_unary,
    [TCIR_OPC_MATH_RSQRT] = interp_op_float_unary,
    [TCIR_OPC_MATH_EXP] = interp_op_float_unary,
    [TCIR_OPC_MATH_EXP2] = interp_op_float_unary,
    [TCIR_OPC_MATH_LOG] = interp_op_float_unary,
    [TCIR_OPC_MATH_LOG2] = interp_op_float_unary,
    [TCIR_OPC_MATH_SIN] = interp_op_float_unary,
    [TCIR_OPC_MATH_COS] = interp_op_float_unary,
    [TCIR_OPC_MATH_ERF] = interp_op_float_unary,
    [TCIR_OPC_MATH_FLOOR] = interp_op_float_unary,
    [TCIR_OPC_MATH_CEIL] = interp_op_float_unary,
    [TCIR_OPC_MATH_FMA] = interp_op_fma,
    [TCIR_OPC_TT_CLAMPF] = interp_op_clampf,
    [TCIR_OPC_TT_EXTERN_ELEMENTWISE] = interp_op_extern,
    /* casts (eval_cast.c) */
    [TCIR_OPC_ARITH_EXTSI] = interp_op_cast,
    [TCIR_OPC_ARITH_EXTUI] = interp_op_cast,
    [TCIR_OPC_ARITH_TRUNCI] = interp_op_cast,
    [TCIR_OPC_ARITH_SITOFP] = interp_op_cast,
    [TCIR_OPC_ARITH_UITOFP] = interp_op_cast,
    [TCIR_OPC_ARITH_FPTOSI] = interp_op_cast,
    [TCIR_OPC_ARITH_FPTOUI] = interp_op_cast,
    [TCIR_OPC_ARITH_EXTF] = interp_op_cast,
    [TCIR_OPC_ARITH_TRUNCF] = interp_op_cast,
    [TCIR_OPC_TT_FP_TO_FP] = interp_op_cast,
    [TCIR_OPC_ARITH_INDEX_CAST] = interp_op_cast,
    [TCIR_OPC_TT_BITCAST] = interp_op_bitcast,
    [TCIR_OPC_ARITH_BITCAST] = interp_op_bitcast,
    /* shapes (eval_shape.c) */
    [TCIR_OPC_TT_MAKE_RANGE] = interp_op_make_range,
    [TCIR_OPC_TT_SPLAT] = interp_op_splat,
    [TCIR_OPC_TT_UNSPLAT] = interp_op_reshape,
    [TCIR_OPC_TT_BROADCAST] = interp_op_broadcast,
    [TCIR_OPC_TT_EXPAND_DIMS] = interp_op_reshape,
    [TCIR_OPC_TT_RESHAPE] = interp_op_reshape,
    [TCIR_OPC_TT_TRANS] = interp_op_trans,
    [TCIR_OPC_TT_JOIN] = interp_op_join,
    [TCIR_OPC_TT_SPLIT] = interp_op_split,
    [TCIR_OPC_TT_CAT] = interp_op_cat,
    [TCIR_OPC_TT_GATHER] = interp_op_gather,
    [TCIR_OPC_TT_HISTOGRAM] = interp_op_histogram,
    /* programs, pointers and memory (eval_memory.c, eval_blockptr.c) */
    [TCIR_OPC_TT_GET_PROGRAM_ID] = interp_op_program_id,
    [TCIR_OPC_TT_GET_NUM_PROGRAMS] = interp_op_program_id,
    [TCIR_OPC_TT_ADDPTR] = interp_op_addptr,
    [TCIR_OPC_TT_PTR_TO_INT] = interp_op_ptr_to_int,
    [TCIR_OPC_TT_INT_TO_PTR] = interp_op_int_to_ptr,
    [TCIR_OPC_TT_LOAD] = interp_op_load,
    [TCIR_OPC_TT_STORE] = interp_op_store,
    [TCIR_OPC_TT_MAKE_TENSOR_PTR] = interp_op_make_tensor_ptr,
    [TCIR_OPC_TT_ADVANCE] = interp_op_advance,
    [TCIR_OPC_TT_MAKE_TENSOR_DESCRIPTOR] = interp_op_make_tensor_descriptor,
    [TCIR_OPC_TT_DESCRIPTOR_LOAD] = interp_op_descriptor_load,
    [TCIR_OPC_TT_DESCRIPTOR_STORE] = interp_op_descriptor_store,
    [TCIR_OPC_TT_DESCRIPTOR_GATHER] = interp_op_descriptor_gather,
    [TCIR_OPC_TT_DESCRIPTOR_SCATTER] = interp_op_descriptor_scatter,
    [TCIR_OPC_TT_DESCRIPTOR_REDUCE] = interp_op_descriptor_reduce,
    [TCIR_OPC_TT_ATOMIC_RMW] = interp_op_atomic_rmw,
    [TCIR_OPC_TT_ATOMIC_CAS] = interp_op_atomic_cas,
    /* reductions, scans, dots (eval_reduce.c, eval_dot.c, eval_dot_scaled.c) */
    [TCIR_OPC_TT_REDUCE] = interp_op_reduce,
    [TCIR_OPC_TT_SCAN] = interp_op_scan,
    [TCIR_OPC_TT_DOT] = interp_op_dot,
    [TCIR_OPC_TT_DOT_SCALED] = interp_op_dot_scaled,
    /* control flow (eval_control.c); the terminators are read by the op that holds them */
    [TCIR_OPC_SCF_FOR] = interp_op_for,
    [TCIR_OPC_SCF_WHILE] = interp_op_while,
    [TCIR_OPC_SCF_IF] = interp_op_if,
    [TCIR_OPC_SCF_YIELD] = interp_op_nop,
    [TCIR_OPC_SCF_CONDITION] = interp_op_nop,
    [TCIR_OPC_TT_RETURN] = interp_op_nop,
    [TCIR_OPC_TT_REDUCE_RETURN] = interp_op_nop,
    [TCIR_OPC_TT_SCAN_RETURN] = interp_op_nop,
    [TCIR_OPC_CF_BR] = interp_op_nop,
    [TCIR_OPC_CF_COND_BR] = interp_op_nop,
    /* debugging (eval_debug.c); hints and barriers do nothing on one thread */
    [TCIR_OPC_TT_PRINT] = interp_op_print,
    [TCIR_OPC_TT_ASSERT] = interp_op_assert,
    [TCIR_OPC_GPU_BARRIER] = interp_op_nop,
    [TCIR_OPC_LLVM_INTR_ASSUME] = interp_op_nop,
};

/* The ops the interpreter does not run, each with the reason. */
static const char *const unsupported[TCIR_OPC_COUNT] = {
    [TCIR_OPC_BUILTIN_MODULE] = "the module around the function: tc_interp_create finds the tt.func in it",
    [TCIR_OPC_TT_FUNC] = "the function run, not an op of its body: tc_interp_create takes it",
    [TCIR_OPC_TT_CALL] = "a call of another function: the interpreter runs one function, and the language emits "
                         "no calls",
    [TCIR_OPC_TT_ELEMENTWISE_INLINE_ASM] = "PTX assembly, which has no meaning on the CPU",
};

interp_handler interp_handler_of(int opcode) { return opcode > 0 && opcode < TCIR_OPC_COUNT ? handlers[opcode] : NULL; }

const char *interp_unsupported_why(int opcode)
{
    return opcode > 0 && opcode < TCIR_OPC_COUNT ? unsupported[opcode] : NULL;
}

TI_HANDLER(interp_op_nop)
{
    (void)r;
    (void)op;
    return true;
}
