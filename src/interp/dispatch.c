/* What the interpreter does with each op of src/ir/ops.h, by opcode: the handler that runs it,
 * or why it does not. Every opcode has one or the other (tests/interp/test_interp_registry.c),
 * so that an op added to ops.h without its interpreter's story fails a test. An op without a
 * handler is "not supported", reported when the interpreter is created. */
#include "interp/interp_internal.h"

static const ti_handler handlers[TCIR_OPC_COUNT] = {
    /* constants and integer arithmetic (eval_arith_int.c) */
    [TCIR_OPC_ARITH_CONSTANT] = ti_op_constant,
    [TCIR_OPC_ARITH_ADDI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_SUBI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_MULI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_DIVSI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_DIVUI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_REMSI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_REMUI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_CEILDIVSI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_FLOORDIVSI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_ANDI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_ORI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_XORI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_SHLI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_SHRSI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_SHRUI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_MAXSI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_MAXUI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_MINSI] = ti_op_int_binary,
    [TCIR_OPC_ARITH_MINUI] = ti_op_int_binary,
    [TCIR_OPC_TT_MULHIUI] = ti_op_int_binary,
    [TCIR_OPC_MATH_ABSI] = ti_op_absi,
    [TCIR_OPC_ARITH_CMPI] = ti_op_cmpi,
    [TCIR_OPC_ARITH_CMPF] = ti_op_cmpf,
    [TCIR_OPC_ARITH_SELECT] = ti_op_select,
    /* float arithmetic and math (eval_arith_float.c, eval_math.c) */
    [TCIR_OPC_ARITH_ADDF] = ti_op_float_binary,
    [TCIR_OPC_ARITH_SUBF] = ti_op_float_binary,
    [TCIR_OPC_ARITH_MULF] = ti_op_float_binary,
    [TCIR_OPC_ARITH_DIVF] = ti_op_float_binary,
    [TCIR_OPC_ARITH_REMF] = ti_op_float_binary,
    [TCIR_OPC_ARITH_MAXIMUMF] = ti_op_float_binary,
    [TCIR_OPC_ARITH_MINIMUMF] = ti_op_float_binary,
    [TCIR_OPC_ARITH_MAXNUMF] = ti_op_float_binary,
    [TCIR_OPC_ARITH_MINNUMF] = ti_op_float_binary,
    [TCIR_OPC_TT_PRECISE_DIVF] = ti_op_float_binary,
    [TCIR_OPC_ARITH_NEGF] = ti_op_float_unary,
    [TCIR_OPC_MATH_ABSF] = ti_op_float_unary,
    [TCIR_OPC_MATH_SQRT] = ti_op_float_unary,
    [TCIR_OPC_TT_PRECISE_SQRT] = ti_op_float_unary,
    [TCIR_OPC_MATH_RSQRT] = ti_op_float_unary,
    [TCIR_OPC_MATH_EXP] = ti_op_float_unary,
    [TCIR_OPC_MATH_EXP2] = ti_op_float_unary,
    [TCIR_OPC_MATH_LOG] = ti_op_float_unary,
    [TCIR_OPC_MATH_LOG2] = ti_op_float_unary,
    [TCIR_OPC_MATH_SIN] = ti_op_float_unary,
    [TCIR_OPC_MATH_COS] = ti_op_float_unary,
    [TCIR_OPC_MATH_ERF] = ti_op_float_unary,
    [TCIR_OPC_MATH_FLOOR] = ti_op_float_unary,
    [TCIR_OPC_MATH_CEIL] = ti_op_float_unary,
    [TCIR_OPC_MATH_FMA] = ti_op_fma,
    [TCIR_OPC_TT_CLAMPF] = ti_op_clampf,
    [TCIR_OPC_TT_EXTERN_ELEMENTWISE] = ti_op_extern,
    /* casts (eval_cast.c) */
    [TCIR_OPC_ARITH_EXTSI] = ti_op_cast,
    [TCIR_OPC_ARITH_EXTUI] = ti_op_cast,
    [TCIR_OPC_ARITH_TRUNCI] = ti_op_cast,
    [TCIR_OPC_ARITH_SITOFP] = ti_op_cast,
    [TCIR_OPC_ARITH_UITOFP] = ti_op_cast,
    [TCIR_OPC_ARITH_FPTOSI] = ti_op_cast,
    [TCIR_OPC_ARITH_FPTOUI] = ti_op_cast,
    [TCIR_OPC_ARITH_EXTF] = ti_op_cast,
    [TCIR_OPC_ARITH_TRUNCF] = ti_op_cast,
    [TCIR_OPC_TT_FP_TO_FP] = ti_op_cast,
    [TCIR_OPC_ARITH_INDEX_CAST] = ti_op_cast,
    [TCIR_OPC_TT_BITCAST] = ti_op_bitcast,
    [TCIR_OPC_ARITH_BITCAST] = ti_op_bitcast,
    /* shapes (eval_shape.c) */
    [TCIR_OPC_TT_MAKE_RANGE] = ti_op_make_range,
    [TCIR_OPC_TT_SPLAT] = ti_op_splat,
    [TCIR_OPC_TT_UNSPLAT] = ti_op_reshape,
    [TCIR_OPC_TT_BROADCAST] = ti_op_broadcast,
    [TCIR_OPC_TT_EXPAND_DIMS] = ti_op_reshape,
    [TCIR_OPC_TT_RESHAPE] = ti_op_reshape,
    [TCIR_OPC_TT_TRANS] = ti_op_trans,
    [TCIR_OPC_TT_JOIN] = ti_op_join,
    [TCIR_OPC_TT_SPLIT] = ti_op_split,
    [TCIR_OPC_TT_CAT] = ti_op_cat,
    [TCIR_OPC_TT_GATHER] = ti_op_gather,
    [TCIR_OPC_TT_HISTOGRAM] = ti_op_histogram,
    /* programs, pointers and memory (eval_memory.c, eval_blockptr.c) */
    [TCIR_OPC_TT_GET_PROGRAM_ID] = ti_op_program_id,
    [TCIR_OPC_TT_GET_NUM_PROGRAMS] = ti_op_program_id,
    [TCIR_OPC_TT_ADDPTR] = ti_op_addptr,
    [TCIR_OPC_TT_PTR_TO_INT] = ti_op_ptr_to_int,
    [TCIR_OPC_TT_INT_TO_PTR] = ti_op_int_to_ptr,
    [TCIR_OPC_TT_LOAD] = ti_op_load,
    [TCIR_OPC_TT_STORE] = ti_op_store,
    [TCIR_OPC_TT_MAKE_TENSOR_PTR] = ti_op_make_tensor_ptr,
    [TCIR_OPC_TT_ADVANCE] = ti_op_advance,
    [TCIR_OPC_TT_MAKE_TENSOR_DESCRIPTOR] = ti_op_make_tensor_descriptor,
    [TCIR_OPC_TT_DESCRIPTOR_LOAD] = ti_op_descriptor_load,
    [TCIR_OPC_TT_DESCRIPTOR_STORE] = ti_op_descriptor_store,
    [TCIR_OPC_TT_DESCRIPTOR_GATHER] = ti_op_descriptor_gather,
    [TCIR_OPC_TT_DESCRIPTOR_SCATTER] = ti_op_descriptor_scatter,
    [TCIR_OPC_TT_DESCRIPTOR_REDUCE] = ti_op_descriptor_reduce,
    [TCIR_OPC_TT_ATOMIC_RMW] = ti_op_atomic_rmw,
    [TCIR_OPC_TT_ATOMIC_CAS] = ti_op_atomic_cas,
    /* reductions, scans, dots (eval_reduce.c, eval_dot.c, eval_dot_scaled.c) */
    [TCIR_OPC_TT_REDUCE] = ti_op_reduce,
    [TCIR_OPC_TT_SCAN] = ti_op_scan,
    [TCIR_OPC_TT_DOT] = ti_op_dot,
    [TCIR_OPC_TT_DOT_SCALED] = ti_op_dot_scaled,
    /* control flow (eval_control.c); the terminators are read by the op that holds them */
    [TCIR_OPC_SCF_FOR] = ti_op_for,
    [TCIR_OPC_SCF_WHILE] = ti_op_while,
    [TCIR_OPC_SCF_IF] = ti_op_if,
    [TCIR_OPC_SCF_YIELD] = ti_op_nop,
    [TCIR_OPC_SCF_CONDITION] = ti_op_nop,
    [TCIR_OPC_TT_RETURN] = ti_op_nop,
    [TCIR_OPC_TT_REDUCE_RETURN] = ti_op_nop,
    [TCIR_OPC_TT_SCAN_RETURN] = ti_op_nop,
    [TCIR_OPC_CF_BR] = ti_op_nop,
    [TCIR_OPC_CF_COND_BR] = ti_op_nop,
    /* debugging (eval_debug.c); hints and barriers do nothing on one thread */
    [TCIR_OPC_TT_PRINT] = ti_op_print,
    [TCIR_OPC_TT_ASSERT] = ti_op_assert,
    [TCIR_OPC_GPU_BARRIER] = ti_op_nop,
    [TCIR_OPC_LLVM_INTR_ASSUME] = ti_op_nop,
};

/* The ops the interpreter does not run, each with the reason. */
static const char *const unsupported[TCIR_OPC_COUNT] = {
    [TCIR_OPC_BUILTIN_MODULE] = "the module around the function: tc_interp_create finds the tt.func in it",
    [TCIR_OPC_TT_FUNC] = "the function run, not an op of its body: tc_interp_create takes it",
    [TCIR_OPC_TT_CALL] = "a call of another function: the interpreter runs one function, and the language emits "
                         "no calls",
    [TCIR_OPC_TT_ELEMENTWISE_INLINE_ASM] = "PTX assembly, which has no meaning on the CPU",
};

ti_handler ti_handler_of(int opcode)
{
    return opcode > 0 && opcode < TCIR_OPC_COUNT ? handlers[opcode] : NULL;
}

const char *ti_unsupported_why(int opcode)
{
    return opcode > 0 && opcode < TCIR_OPC_COUNT ? unsupported[opcode] : NULL;
}

TI_HANDLER(ti_op_nop)
{
    (void)r;
    (void)op;
    return true;
}
