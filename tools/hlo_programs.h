/* The StableHLO programs of `tritonc hlo`: for kernel NAME (`hlo NAME`) a program built from
 * its arguments (hlo_program_generic: its scalars are 0-d parameters the kernel loads,
 * docs/xla.md); and hand-written programs with names of their own (`hlo --program NAME`): the
 * examples' programs (forward: x * 2, the vector add kernel, relu; examples/forward.c) and
 * programs of the kernels made for XLA's Triton call (their inputs as parameters, their
 * outputs as results). tests/golden/hlo/NAME.mlir holds the reviewed text of either kind. */
#ifndef TRITONC_TOOLS_HLO_PROGRAMS_H
#define TRITONC_TOOLS_HLO_PROGRAMS_H

#include "tritonc/hlo.h"

/* A buffer operand's tensor from the command line: --operand x_ptr=f32[1024,64]. */
enum { HLO_MAX_OPERANDS = 64, HLO_OPERAND_NAME = 64 };
typedef struct hlo_operand {
    char name[HLO_OPERAND_NAME];
    th_shape shape;
} hlo_operand;
/* Parses "NAME=DTYPE[D0,D1,...]" (DTYPE as tl_dtype_parse reads it: f32, float16, bf16, i32;
 * "NAME=i32[]" is 0-d). False with a message in why. */
bool hlo_operand_parse(const char *text, hlo_operand *out, char *why, size_t whysize);

/* The command line's launch settings; zero keeps the program's own. */
typedef struct hlo_launch {
    int grid[3];
    int num_warps, num_stages;
    bool no_locations;
    bool zero_outputs; /* --zero-outputs: XLA zero-fills every output before the launch */
    int noperands; /* --operand: the generic program's buffer shapes, by argument name */
    hlo_operand operands[HLO_MAX_OPERANDS];
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

/* The program of a bundled kernel that has none of its own: every input and inout a parameter,
 * every output and inout a result, in XLA's order (parameters: .inputs, then .inouts; results:
 * .outputs, then .inouts, each inout's result aliasing its parameter). --zero-outputs zeroes the
 * outputs, never an inout. A pointer argument's tensor is the
 * one --operand gives it, else HLO_GENERIC_N elements of its element type; a scalar argument
 * is a 0-d parameter of its type (the kernel loads it: scalars as buffers). A --operand naming
 * no pointer argument, or of another element type, is an error. */
enum { HLO_GENERIC_N = 1024 };
void hlo_program_generic(th_builder *b, const tl_kernel *k, const void *cfg, const hlo_launch *launch);
/* The command line's check of launch's --operand list against kernel k before any program is
 * built (a bad one is a bad command line): false with the message in why. True too when k
 * fails to build, which the program then reports. */
bool hlo_operands_check(const tl_kernel *k, const void *cfg, const hlo_launch *launch, char *why, size_t whysize);

/* --xla-map: one line per kernel argument, in XLA's order (.inputs, .inouts, .outputs; XLA
 * passes an inout once more, as its result, which has no line of its own),
 *     input x_ptr 0 pointer float32
 *     input n_elements 3 scalar int32
 *     inout p 0 pointer int32
 *     output output_ptr 2 pointer float32
 * (role, name, the argument's index in the kernel's declared order, kind, element dtype).
 * Returns false with a message in why when the kernel fails to build. */
#include <stdio.h>
bool hlo_print_xla_map(FILE *f, const tl_kernel *k, const void *cfg, char *why, size_t whysize);

#endif
