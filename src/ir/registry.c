/* The op registry: every op name of ops.h, its flags, and the lookup op creation makes. */
#include <string.h>

#include "registry.h"

static const char *const names[TCIR_OPC_COUNT] = {
    [TCIR_OPC_UNREGISTERED] = NULL,
#define OP(id, name, flags, pretty, check) [TCIR_OPC_##id] = name,
#include "ops.h"
#undef OP
};

static const unsigned flags_of[TCIR_OPC_COUNT] = {
    [TCIR_OPC_UNREGISTERED] = 0,
#define OP(id, name, flags, pretty, check) [TCIR_OPC_##id] = (flags),
#include "ops.h"
#undef OP
};

int tcir_opcode_count(void) { return TCIR_OPC_COUNT; }

const char *tcir_opcode_name(int opcode)
{
    return opcode > 0 && opcode < TCIR_OPC_COUNT ? names[opcode] : NULL;
}

unsigned tcir_opcode_flags(int opcode)
{
    return opcode > 0 && opcode < TCIR_OPC_COUNT ? flags_of[opcode] : 0;
}

int tcir_opcode_of(const char *name)
{
    if (!name)
        return TCIR_OPC_UNREGISTERED;
    int lo = 1, hi = TCIR_OPC_COUNT; /* names[1 .. COUNT) are sorted (tests/test_registry.c) */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2, c = strcmp(name, names[mid]);
        if (c == 0)
            return mid;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return TCIR_OPC_UNREGISTERED;
}
