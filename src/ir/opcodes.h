/* Private: the opcode enum built from ops.h, TCIR_OPC_<ID> for each op, alone. The libraries
 * above libtritonc (the interpreter) include this and nothing else of the registry: its inline
 * readers (ir/registry.h) reach data that libtritonc does not export, so a library of its own
 * asks the exported functions of tritonc/ir.h (tcir_opcode_name, tcir_opcode_flags) instead. */
#ifndef TRITONC_IR_OPCODES_H
#define TRITONC_IR_OPCODES_H

#include "tritonc/ir.h"

typedef enum ir_opcode {
    TCIR_OPC_UNREGISTERED = TCIR_OPCODE_UNREGISTERED,
#define OP(id, name, flags, pretty, check) TCIR_OPC_##id,
#include "ir/ops.h"
#undef OP
    TCIR_OPC_COUNT
} ir_opcode;

#endif
