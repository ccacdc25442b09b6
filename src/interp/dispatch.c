/* Op names to handlers: every op the interpreter runs is listed here, once. A name missing
 * from the table is "not supported", reported when the interpreter is created. */
#include <string.h>

#include "interp/interp_internal.h"

typedef struct entry {
    const char *name;
    ti_handler fn;
} entry;

static const entry table[] = {
    /* constants and integer arithmetic (arith.c) */
    {"arith.constant", ti_op_constant},
    {"arith.addi", ti_op_int_binary}, {"arith.subi", ti_op_int_binary}, {"arith.muli", ti_op_int_binary},
    {"arith.divsi", ti_op_int_binary}, {"arith.divui", ti_op_int_binary}, {"arith.remsi", ti_op_int_binary},
    {"arith.remui", ti_op_int_binary}, {"arith.ceildivsi", ti_op_int_binary},
    {"arith.floordivsi", ti_op_int_binary}, {"arith.andi", ti_op_int_binary}, {"arith.ori", ti_op_int_binary},
    {"arith.xori", ti_op_int_binary}, {"arith.shli", ti_op_int_binary}, {"arith.shrsi", ti_op_int_binary},
    {"arith.shrui", ti_op_int_binary}, {"arith.maxsi", ti_op_int_binary}, {"arith.maxui", ti_op_int_binary},
    {"arith.minsi", ti_op_int_binary}, {"arith.minui", ti_op_int_binary}, {"tt.mulhiui", ti_op_int_binary},
    {"math.absi", ti_op_absi},
    {"arith.cmpi", ti_op_cmpi}, {"arith.cmpf", ti_op_cmpf}, {"arith.select", ti_op_select},
    /* float arithmetic and math (arith.c, math.c) */
    {"arith.addf", ti_op_float_binary}, {"arith.subf", ti_op_float_binary}, {"arith.mulf", ti_op_float_binary},
    {"arith.divf", ti_op_float_binary}, {"arith.remf", ti_op_float_binary},
    {"arith.maximumf", ti_op_float_binary}, {"arith.minimumf", ti_op_float_binary},
    {"arith.maxnumf", ti_op_float_binary}, {"arith.minnumf", ti_op_float_binary},
    {"tt.precise_divf", ti_op_float_binary},
    {"arith.negf", ti_op_float_unary}, {"math.absf", ti_op_float_unary}, {"math.sqrt", ti_op_float_unary},
    {"tt.precise_sqrt", ti_op_float_unary}, {"math.rsqrt", ti_op_float_unary}, {"math.exp", ti_op_float_unary},
    {"math.exp2", ti_op_float_unary}, {"math.log", ti_op_float_unary}, {"math.log2", ti_op_float_unary},
    {"math.sin", ti_op_float_unary}, {"math.cos", ti_op_float_unary}, {"math.erf", ti_op_float_unary},
    {"math.floor", ti_op_float_unary}, {"math.ceil", ti_op_float_unary},
    {"math.fma", ti_op_fma}, {"tt.clampf", ti_op_clampf}, {"tt.extern_elementwise", ti_op_extern},
    /* casts (cast.c) */
    {"arith.extsi", ti_op_cast}, {"arith.extui", ti_op_cast}, {"arith.trunci", ti_op_cast},
    {"arith.sitofp", ti_op_cast}, {"arith.uitofp", ti_op_cast}, {"arith.fptosi", ti_op_cast},
    {"arith.fptoui", ti_op_cast}, {"arith.extf", ti_op_cast}, {"arith.truncf", ti_op_cast},
    {"tt.fp_to_fp", ti_op_cast}, {"arith.index_cast", ti_op_cast},
    {"tt.bitcast", ti_op_bitcast}, {"arith.bitcast", ti_op_bitcast},
    /* shapes (shape.c) */
    {"tt.make_range", ti_op_make_range}, {"tt.splat", ti_op_splat}, {"tt.unsplat", ti_op_reshape},
    {"tt.broadcast", ti_op_broadcast}, {"tt.expand_dims", ti_op_reshape}, {"tt.reshape", ti_op_reshape},
    {"tt.trans", ti_op_trans}, {"tt.join", ti_op_join}, {"tt.split", ti_op_split},
    {"tt.cat", ti_op_cat}, {"tt.gather", ti_op_gather}, {"tt.histogram", ti_op_histogram},
    /* programs, pointers and memory (memory.c) */
    {"tt.get_program_id", ti_op_program_id}, {"tt.get_num_programs", ti_op_program_id},
    {"tt.addptr", ti_op_addptr}, {"tt.ptr_to_int", ti_op_ptr_to_int}, {"tt.int_to_ptr", ti_op_int_to_ptr},
    {"tt.load", ti_op_load}, {"tt.store", ti_op_store},
    {"tt.make_tensor_ptr", ti_op_make_tensor_ptr}, {"tt.advance", ti_op_advance},
    {"tt.make_tensor_descriptor", ti_op_make_tensor_descriptor}, {"tt.descriptor_load", ti_op_descriptor_load},
    {"tt.descriptor_store", ti_op_descriptor_store}, {"tt.descriptor_gather", ti_op_descriptor_gather},
    {"tt.descriptor_scatter", ti_op_descriptor_scatter}, {"tt.descriptor_reduce", ti_op_descriptor_reduce},
    {"tt.atomic_rmw", ti_op_atomic_rmw}, {"tt.atomic_cas", ti_op_atomic_cas},
    /* reductions, scans, dots (reduce.c, dot.c, dot_scaled.c) */
    {"tt.reduce", ti_op_reduce}, {"tt.scan", ti_op_scan}, {"tt.dot", ti_op_dot},
    {"tt.dot_scaled", ti_op_dot_scaled},
    /* control flow (control.c); the terminators are read by the op that holds them */
    {"scf.for", ti_op_for}, {"scf.while", ti_op_while}, {"scf.if", ti_op_if},
    {"scf.yield", ti_op_nop}, {"scf.condition", ti_op_nop}, {"tt.return", ti_op_nop},
    {"tt.reduce.return", ti_op_nop}, {"tt.scan.return", ti_op_nop}, {"cf.br", ti_op_nop},
    {"cf.cond_br", ti_op_nop},
    /* debugging (debug.c); hints and barriers do nothing on one thread */
    {"tt.print", ti_op_print}, {"tt.assert", ti_op_assert}, {"gpu.barrier", ti_op_nop},
    {"llvm.intr.assume", ti_op_nop},
};

int ti_lookup(const char *name)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].name, name) == 0)
            return (int)i;
    return -1;
}

ti_handler ti_handler_at(int index) { return table[index].fn; }

TI_HANDLER(ti_op_nop)
{
    (void)r;
    (void)op;
    return true;
}
