/* A kernel's made-up problem (tl_kernel.problem): what `tritonc interpret` and `tritonc launch`
 * run it on, the same for both: each pointer argument's buffer (elements, made-up values or
 * one value), each host tensor descriptor's tensor (its shape: a contiguous row-major buffer),
 * each scalar's value, the grid. A kernel declaring none gets generic defaults (but a kernel
 * taking a descriptor, whose shape no default gives). */
#ifndef TRITONC_TOOLS_PROBLEM_H
#define TRITONC_TOOLS_PROBLEM_H

#include <stdbool.h>
#include <stddef.h>

#include "tritonc/tritonc.h"

enum { PROBLEM_MAX_ARGS = 64, PROBLEM_MAX_VALUES = 64, PROBLEM_MAX_GRID = 128 };

typedef struct problem_arg {
    char name[64];
    bool buffer; /* a pointer or descriptor argument: count elements of its (element) dtype */
    bool desc; /* a host tensor descriptor (TL_TENSORDESC): its tensor is rank dims, row-major */
    int rank;
    long long dims[5];
    long long count;
    int nvalues; /* a buffer's values, repeated over its elements (0: made-up values,
                         problem_fill) */
    double values[PROBLEM_MAX_VALUES];
    double value; /* a scalar's value */
} problem_arg;

typedef struct problem {
    bool declared; /* from the kernel's .problem (else the generic defaults) */
    int nargs;
    problem_arg args[PROBLEM_MAX_ARGS]; /* by argument index */
    char grid_text[3][PROBLEM_MAX_GRID]; /* each axis's expression ("M/BLOCK_M*N/BLOCK_N") */
    unsigned grid[3]; /* ... evaluated on the config problem_of was given */
} problem;

/* The problem of kernel k on config cfg (NULL: the default), whose built form b gives the
 * arguments: its .problem, else every buffer `size` elements, every integer scalar `size`,
 * every float 1.0, grid 1. false with why (a .problem naming no argument of the kernel,
 * leaving one out, malformed; a grid that does not evaluate). */
bool problem_of(const tl_kernel *k, tl_builder *b, const void *cfg, long long size, problem *p, char *why,
                size_t whysize);

/* The problem's grid on config cfg (NULL: the default): each axis's expression, a product of
 * factors A/B/... where '/' divides rounding up and each term is an integer, a scalar
 * argument or an int config field. false with why. */
bool problem_grid(const tl_kernel *k, const problem *p, const void *cfg, unsigned grid[3], char *why, size_t n);

/* Fills n elements of dtype dt at buf: a's values (repeated) when given, else made-up values (integers
 * 0..6 by index, floats (i % 13) / 4 - 1.5), as the dtype's little-endian bits. */
void problem_fill(unsigned char *buf, size_t n, tl_dtype dt, tcir_context *ctx, const problem_arg *a);

/* Bytes of one element of dt (1 for sub-byte types). */
size_t problem_elem_bytes(tl_dtype dt);

/* The row-major strides (elements) of descriptor argument a's tensor. */
void problem_desc_strides(const problem_arg *a, int64_t strides[5]);

#endif
