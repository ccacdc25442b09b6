/* The printer's text of each registered opcode's name, in one table built from ops.h
 * (print_internal.h): the name comes padded and with its length, so that printing it is one
 * fixed-size copy. */
#include "ir/print/print_internal.h"

/* An op's name must fit its pad with room for the NUL that ends it. */
#define OP(id, name, flags, pretty, check) _Static_assert(sizeof(name) <= TCIR_SLACK, "op name " name " too long");
#include "ir/ops.h"
#undef OP

const print_opinfo print_opinfo_of[TCIR_OPC_COUNT] = {
    [TCIR_OPC_UNREGISTERED] = {"", 0},
#define OP(id, name, flags, pretty, check) [TCIR_OPC_##id] = {name, sizeof(name) - 1},
#include "ir/ops.h"
#undef OP
};
