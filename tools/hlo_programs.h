/* The StableHLO programs `tritonc hlo NAME` prints: the guide's examples (forward: x * 2, the
 * vector add kernel, relu), one program per bundled kernel made for XLA's Triton call (its
 * inputs as parameters, its outputs as results), and for any other bundled kernel a program
 * built from its arguments, which XLA's rules usually reject (a scalar argument): the CLI
 * then shows the call layer's message. tests/golden/hlo/NAME.mlir holds the reviewed text. */
#ifndef TRITONC_TOOLS_HLO_PROGRAMS_H
#define TRITONC_TOOLS_HLO_PROGRAMS_H

#include "tritonc/hlo.h"

/* The command line's launch settings; zero keeps the program's own. */
typedef struct hlo_launch {
    int grid[3];
    int num_warps, num_stages;
    bool no_locations;
} hlo_launch;

typedef struct hlo_program {
    const char *name;
    const char *doc;
    const tl_kernel *kernel; /* the kernel it calls (--set edits its config) */
    /* Builds the program into b; cfg is the kernel's config (never NULL). */
    void (*build)(th_builder *b, const void *cfg, const hlo_launch *launch);
} hlo_program;

int hlo_program_count(void);
const hlo_program *hlo_program_at(int i);
/* The program named name, or NULL. */
const hlo_program *hlo_program_find(const char *name);

/* The program of a bundled kernel that has none of its own: every input a parameter and every
 * output a result, each a tensor of HLO_GENERIC_N elements of its pointer's element type (a
 * 0-d tensor of its type for an argument that is no pointer, which the call rejects). */
enum { HLO_GENERIC_N = 1024 };
void hlo_program_generic(th_builder *b, const tl_kernel *k, const void *cfg, const hlo_launch *launch);

#endif
