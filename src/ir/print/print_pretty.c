/* Pretty (custom) forms of the ops tritonc knows, each as Triton 3.6 / MLIR print it: the
 * dispatch by opcode (ops.h names each op's form; the forms are in print_pretty_*.c). */
#include "ir/print/print_pretty.h"

const char *const print_elide_none[] = {NULL};

/* The table's "generic" marker: the op always prints in generic form. */
bool print_pretty_generic(print_state *p, const tcir_op *op)
{
    (void)p;
    (void)op;
    return false;
}

typedef bool (*pretty_fn)(print_state *p, const tcir_op *op);

static const pretty_fn forms[TCIR_OPC_COUNT] = {
    [TCIR_OPC_UNREGISTERED] = print_pretty_generic,
#define OP(id, name, flags, pretty, check) [TCIR_OPC_##id] = print_pretty_##pretty,
#include "ir/ops.h"
#undef OP
};

bool print_opcode_has_pretty(int opcode)
{
    return opcode > 0 && opcode < TCIR_OPC_COUNT && forms[opcode] != print_pretty_generic;
}

bool print_pretty_op(print_state *p, const tcir_op *op)
{
    int opc = tcir_op_opcode(op);
    return opc > 0 && opc < TCIR_OPC_COUNT && forms[opc](p, op);
}
