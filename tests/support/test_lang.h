/* Shared by the tests of the language layer (tests/test_lang_*.c): build a tiny kernel,
 * then compare tl_finish's text, or the error, exactly. */
#ifndef TRITONC_TEST_LANG_H
#define TRITONC_TEST_LANG_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/tritonc.h"

/* Pointer arguments without tt.divisibility, as the catalog in triton-3.6/ttir/ has them. */
#define PTR(dt) TL_PTR_OPTS(dt, .divisibility = TL_DIV_NONE)
#define SCALAR(dt) TL_SCALAR(dt)

/* The text around a kernel @k whose signature is `args`. */
#define HEAD(args) "module {\n  tt.func public @k(" args ") attributes {noinline = false} {\n"
#define TAIL "    tt.return\n  }\n}\n"

/* Asserts that finishing b gives exactly `want`, then frees the builder. */
static inline void expect_text(tl_builder *b, const char *want)
{
    char *got = tl_finish(b);
    if (!got)
        fail_msg("finish failed: %s", tl_builder_error(b));
    if (strcmp(got, want) != 0)
        fprintf(stderr, "got:\n%s", got); /* cmocka truncates long strings */
    assert_string_equal(got, want);
    free(got);
    tl_builder_destroy(b);
}

/* Asserts that b is in error with exactly "<file>:<line>: <want>", then frees it. */
static inline void expect_error_in(tl_builder *b, const char *file, int line, const char *want)
{
    char *got = tl_finish(b);
    if (got) {
        free(got);
        fail_msg("expected an error, got a kernel");
    }
    const char *msg = tl_builder_error(b);
    assert_non_null(msg);
    char full[1024];
    snprintf(full, sizeof full, "%s:%d: %s", file, line, want);
    assert_string_equal(msg, full);
    tl_builder_destroy(b);
}
/* want names the call too: "tl_add: cannot broadcast ..." */
#define expect_error(b, line, want) expect_error_in((b), __FILE__, (line), (want))

#endif
