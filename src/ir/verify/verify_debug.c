/* Verifier rules of the debug, synchronization and escape ops (verify_internal.h). */
#include "ir/verify/verify_internal.h"

/* ---- debug and escape ops ------------------------------------------------------------------- */

/* tt.print: a string prefix, hex, and one isSigned entry per operand. */
bool verify_check_print(verifier *v, const tcir_op *op)
{
    if (tcir_op_nresults(op))
        return fail(v, op, "has no results, got %d", tcir_op_nresults(op));
    const tcir_attr *s = need_attr(v, op, "isSigned", TCIR_ATTR_ARRAY_I32);
    if (!need_attr(v, op, "prefix", TCIR_ATTR_STRING) || !need_attr(v, op, "hex", TCIR_ATTR_BOOL) || !s)
        return false;
    if (tcir_attr_array_size(s) != tcir_op_noperands(op))
        return fail(v, op, "isSigned has %d entries for %d operands", tcir_attr_array_size(s), tcir_op_noperands(op));
    return true;
}

/* tt.assert %cond, "msg": cond is i1 or a tensor of i1. */
bool verify_check_assert(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 0) || !need_attr(v, op, "message", TCIR_ATTR_STRING))
        return false;
    const tcir_type *t = operand_type(op, 0);
    if (!is_i1_like(t))
        return fail(v, op,
                    "operand #0 must be 1-bit signless integer or ranked tensor of 1-bit signless integer "
                    "values, but got '%s'",
                    tn(v, t));
    return true;
}

/* llvm.intr.assume %c : i1 */
bool verify_check_assume(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 0))
        return false;
    const tcir_type *t = operand_type(op, 0);
    if (tcir_type_is_tensor(t) || !is_i1_like(t))
        return fail(v, op, "operand #0 must be 1-bit signless integer, but got '%s'", tn(v, t));
    return true;
}

/* MLIR's Elementwise trait: with any tensor, every operand and result is a tensor of one shape. */
static bool elementwise_shapes(verifier *v, const tcir_op *op)
{
    const tcir_type *shape = NULL;
    int ntensor = 0, n = tcir_op_noperands(op), nr = tcir_op_nresults(op);
    for (int i = 0; i < n + nr; i++) {
        const tcir_type *t = i < n ? operand_type(op, i) : result_type(op, i - n);
        if (!tcir_type_is_tensor(t))
            continue;
        ntensor++;
        if (!shape)
            shape = t;
        else if (!same_shape(shape, t))
            return fail(v, op, "all non-scalar operands/results must have the same shape and base type");
    }
    if (ntensor && ntensor != n + nr)
        return fail(v, op, "if an operand is non-scalar, then all results must be non-scalar");
    return true;
}

/* tt.extern_elementwise: libname, libpath, symbol, pure; elementwise. */
bool verify_check_extern(verifier *v, const tcir_op *op)
{
    if (tcir_op_nresults(op) != 1)
        return fail(v, op, "expects 1 result, got %d", tcir_op_nresults(op));
    if (!need_attr(v, op, "libname", TCIR_ATTR_STRING) || !need_attr(v, op, "libpath", TCIR_ATTR_STRING) ||
        !need_attr(v, op, "symbol", TCIR_ATTR_STRING) || !need_attr(v, op, "pure", TCIR_ATTR_BOOL))
        return false;
    return elementwise_shapes(v, op);
}

/* tt.elementwise_inline_asm: asm_string, constraints, pure, packed_element; elementwise; a
 * tensor operand's element count is a multiple of packed_element. */
bool verify_check_inline_asm(verifier *v, const tcir_op *op)
{
    const tcir_attr *pack = need_attr(v, op, "packed_element", TCIR_ATTR_INT);
    if (!need_attr(v, op, "asm_string", TCIR_ATTR_STRING) || !need_attr(v, op, "constraints", TCIR_ATTR_STRING) ||
        !need_attr(v, op, "pure", TCIR_ATTR_BOOL) || !pack)
        return false;
    if (tcir_op_nresults(op) < 1)
        return fail(v, op, "expects at least 1 result");
    if (!elementwise_shapes(v, op))
        return false;
    int64_t k = tcir_attr_int_value(pack);
    if (k < 1)
        return fail(v, op, "packed_element must be positive, got %lld", (long long)k);
    if (tcir_op_noperands(op) && tcir_type_is_tensor(operand_type(op, 0))) {
        int64_t numel = tcir_type_numel(operand_type(op, 0));
        if (numel % k)
            return fail(v, op,
                        "number of input elements %lld must be a multiple of the op's packed_element "
                        "attribute, %lld",
                        (long long)numel, (long long)k);
    }
    return true;
}

/* gpu.barrier: no operands, results or regions (MLIR's ZeroOperands, ZeroResults and
 * ZeroRegions traits). */
bool verify_check_barrier(verifier *v, const tcir_op *op)
{
    if (!zero_operands_and_results(v, op))
        return false;
    if (tcir_op_nregions(op))
        return fail(v, op, "requires zero regions");
    return true;
}
