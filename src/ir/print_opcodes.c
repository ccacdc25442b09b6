/* What the printer and the verifier read of each registered opcode, in one table built from
 * ops.h (print_internal.h): a lookup there is a load, where tcir_opcode_flags was a call per op
 * (twice per op in the verifier), and an op's name comes with its length and padding. */
#include "print_internal.h"

/* An op's name must fit its pad with room for the NUL that ends it. */
#define OP(id, name, flags, pretty, check) _Static_assert(sizeof(name) <= TCIR_SLACK, "op name " name " too long");
#include "ops.h"
#undef OP

const tcir_opinfo tcir_opinfo_of[TCIR_OPC_COUNT] = {
    [TCIR_OPC_UNREGISTERED] = {"", 0, 0},
#define OP(id, name, flags, pretty, check) [TCIR_OPC_##id] = {name, (flags), sizeof(name) - 1},
#include "ops.h"
#undef OP
};
