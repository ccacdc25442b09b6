/* A seeded xorshift generator for the tests that build random kernels: the same seed gives the
 * same kernel on every machine. */
#ifndef TRITONC_TEST_RNG_H
#define TRITONC_TEST_RNG_H

#include <stdint.h>

typedef struct rng {
    uint64_t s; /* never 0 */
} rng;

static inline uint32_t next(rng *r)
{
    r->s ^= r->s << 13;
    r->s ^= r->s >> 7;
    r->s ^= r->s << 17;
    return (uint32_t)(r->s >> 11);
}

/* A number in [0, n). */
static inline int pick(rng *r, int n) { return (int)(next(r) % (uint32_t)n); }

#endif
