/* Private: the op registry built from ops.h: the opcode enum and what the printer and the
 * verifier say about each opcode. The public side (names, flags, tcir_op_opcode) is in
 * include/tritonc/ir.h. The language names the ops it emits by these opcodes, and the
 * interpreter dispatches on them. */
#ifndef TRITONC_IR_REGISTRY_H
#define TRITONC_IR_REGISTRY_H

#include <stdbool.h>

#include "tritonc/ir.h"

#include "ir/opcodes.h"

/* Each opcode's name (registry.c), read inline: the language names the ops it emits by opcode. */
extern const char *const ir_opcode_names[TCIR_OPC_COUNT];
static inline const char *ir_opcode_name(int opcode)
{
    return opcode > 0 && opcode < TCIR_OPC_COUNT ? ir_opcode_names[opcode] : NULL;
}
#define tcir_opcode_name(opcode) ir_opcode_name(opcode)

/* Each opcode's flags (registry.c), read inline: placing an op and verifying it ask. */
extern const unsigned ir_opcode_flags_of[TCIR_OPC_COUNT];
static inline unsigned ir_opcode_flags(int opcode)
{
    return opcode > 0 && opcode < TCIR_OPC_COUNT ? ir_opcode_flags_of[opcode] : 0;
}
#ifndef TRITONC_NO_INLINE_SHADOWS
#define tcir_opcode_flags(opcode) ir_opcode_flags(opcode)
#endif

/* Whether the opcode has a pretty form (print_pretty.c) and a verifier rule of its own
 * (verify.c), rather than the table's "generic" marker; false for unregistered. */
bool print_opcode_has_pretty(int opcode);
bool verify_opcode_has_check(int opcode);

#endif
