/* The op registry: every op name of ops.h, its flags, and the lookup op creation makes. */
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "ir/registry.h"
#include "base/hash.h"

const char *const ir_opcode_names[TCIR_OPC_COUNT] = {
    [TCIR_OPC_UNREGISTERED] = NULL,
#define OP(id, name, flags, pretty, check) [TCIR_OPC_##id] = name,
#include "ir/ops.h"
#undef OP
};

const unsigned ir_opcode_flags_of[TCIR_OPC_COUNT] = {
    [TCIR_OPC_UNREGISTERED] = 0,
#define OP(id, name, flags, pretty, check) [TCIR_OPC_##id] = (flags),
#include "ir/ops.h"
#undef OP
};

int tcir_opcode_count(void) { return TCIR_OPC_COUNT; }

const char *(tcir_opcode_name)(int opcode) { return ir_opcode_name(opcode); }

unsigned(tcir_opcode_flags)(int opcode) { return ir_opcode_flags(opcode); }

/* ---- lookup by name ----------------------------------------------------------------------
 * Op creation looks each name up once per kernel; a binary search of the names (seven or eight
 * strcmps) was 3% of emitting a small kernel, this lookup under 2%. The names go into an
 * open-addressing table, built once, on first use, by whichever thread gets there first (the
 * others wait the few microseconds it takes; C11 atomics, no lock library). */
enum { NAME_SLOTS = 1024 }; /* a power of two, over 4x the names: probes stay short */
_Static_assert(TCIR_OPC_COUNT * 4 <= NAME_SLOTS, "ops.h outgrew the name table");

static unsigned short name_slots[NAME_SLOTS]; /* an opcode, 0: empty */
static atomic_int name_table_state; /* 0: not built, 1: being built, 2: ready */

/* FNV-1a over every byte: names are a dozen bytes, many sharing a prefix. */
static uint32_t opcode_name_hash(const char *s) { return base_fnv1a32_str(TL_FNV1A32_INIT, s); }

static void build_name_table(void)
{
    for (int opc = 1; opc < TCIR_OPC_COUNT; opc++) {
        uint32_t at = opcode_name_hash(ir_opcode_names[opc]) & (NAME_SLOTS - 1);
        while (name_slots[at])
            at = (at + 1) & (NAME_SLOTS - 1);
        name_slots[at] = (unsigned short)opc;
    }
}

static void name_table_ready(void)
{
    if (atomic_load_explicit(&name_table_state, memory_order_acquire) == 2)
        return;
    int expected = 0;
    if (atomic_compare_exchange_strong_explicit(&name_table_state, &expected, 1, memory_order_acq_rel,
                                                memory_order_acquire)) {
        build_name_table();
        atomic_store_explicit(&name_table_state, 2, memory_order_release);
        return;
    }
    while (atomic_load_explicit(&name_table_state, memory_order_acquire) != 2)
        ; /* another thread is building it */
}

int tcir_opcode_of(const char *name)
{
    if (!name)
        return TCIR_OPC_UNREGISTERED;
    name_table_ready();
    for (uint32_t at = opcode_name_hash(name) & (NAME_SLOTS - 1);; at = (at + 1) & (NAME_SLOTS - 1)) {
        int opc = name_slots[at];
        if (!opc || strcmp(name, ir_opcode_names[opc]) == 0)
            return opc; /* an empty slot ends the probe: TCIR_OPC_UNREGISTERED */
    }
}
