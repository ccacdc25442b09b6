/* A kernel's made-up problem (tl_kernel.problem): what `tritonc interpret` and `tritonc launch`
 * run it on, the same for both: each pointer argument's buffer (elements, made-up values or
 * one value), each scalar's value, the grid. A kernel declaring none gets generic defaults. */
#ifndef TRITONC_TOOLS_PROBLEM_H
#define TRITONC_TOOLS_PROBLEM_H

#include <stdbool.h>
#include <stddef.h>

#include "tritonc/tritonc.h"

enum { PROBLEM_MAX_ARGS = 64 };

typedef struct problem_arg {
    bool buffer;      /* a pointer argument: count elements of its pointee */
    long long count;
    bool filled;      /* every element value (else made-up values, problem_fill) */
    double value;     /* a scalar's value, or a filled buffer's */
} problem_arg;

typedef struct problem {
    bool declared; /* from the kernel's .problem (else the generic defaults) */
    int nargs;
    problem_arg args[PROBLEM_MAX_ARGS]; /* by argument index */
    unsigned grid[3];
} problem;

/* The problem of kernel k, whose built form b gives the arguments: its .problem, else every
 * buffer `size` elements, every integer scalar `size`, every float 1.0, grid 1. false with why
 * (a .problem naming no argument of the kernel, leaving one out, malformed). */
bool problem_of(const tl_kernel *k, tl_builder *b, long long size, problem *p, char *why, size_t whysize);

/* Fills n elements of dtype dt at buf: a's value when filled, else made-up values (integers
 * 0..6 by index, floats (i % 13) / 4 - 1.5), as the dtype's little-endian bits. */
void problem_fill(unsigned char *buf, size_t n, tl_dtype dt, tcir_context *ctx, const problem_arg *a);

/* Bytes of one element of dt (1 for sub-byte types). */
size_t problem_elem_bytes(tl_dtype dt);

#endif
