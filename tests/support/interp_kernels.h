/* What the interpreter's tests share to build the kernels they run: a builder with locations on
 * (the interpreter's messages name the kernel's line), and finishing one whose text the test does
 * not need. Include after <cmocka.h>. */
#ifndef TRITONC_TESTS_SUPPORT_INTERP_KERNELS_H
#define TRITONC_TESTS_SUPPORT_INTERP_KERNELS_H

#include <stdlib.h>

#include "tritonc/tritonc.h"

static inline tl_builder *start(const char *name)
{
    tl_builder *b = tl_builder_create(name);
    tl_builder_set_locations(b, true);
    return b;
}

/* Verifies and prints the kernel (failing the test with the builder's error), dropping the text. */
static inline void finish(tl_builder *b)
{
    char *text = tl_finish(b);
    if (!text)
        fail_msg("finish failed: %s", tl_builder_error(b));
    free(text);
}

#endif
