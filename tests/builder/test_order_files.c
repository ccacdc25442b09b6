/* Two static helpers of one name in two C files, called one after the other. Linkers merge
 * equal __func__ strings of two files (clang's builds do), so an ordering scope keyed on
 * __func__ alone was shared by both: the second file's ops, lower in its own text, were
 * placed before the first file's (a load written after a store moved above it; a pure op
 * moved above the other file's). The scope is the function in its file: the issue order
 * holds under every compiler. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "order_files.h"
#include "tritonc/tritonc.h"

static tl_value helper(tl_value p, tl_value x);

static void assert_in_order(const char *text, int n, const char *const *needles)
{
    const char *at = text;
    for (int i = 0; i < n; i++) {
        const char *hit = strstr(at, needles[i]);
        if (!hit)
            fail_msg("'%s' missing or out of order in:\n%s", needles[i], text);
        at = hit + strlen(needles[i]);
    }
}

static void same_named_helpers_of_two_files_keep_the_issue_order(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_F32));
    tl_value first = helper(p, x);                    /* this file: store, then mul */
    tl_value second = order_files_other_helper(p, x); /* the other: add, load, sub */
    tl_store(tl_addptr(p, 2), tl_mul(first, second));
    char *text = tl_finish(b);
    if (!text)
        fail_msg("finish failed: %s", tl_builder_error(b));
    assert_in_order(text, 8,
                    (const char *const[]){"tt.store %arg0, %arg1", "arith.mulf %arg1", "arith.addf %arg1",
                                          "tt.addptr %arg0, %c1_i32", "tt.load", "arith.subf", "arith.mulf",
                                          "tt.store"});
    free(text);
    tl_builder_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_named_helpers_of_two_files_keep_the_issue_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Last in this file: its calls have the highest source-order keys here, above those of the
 * other file's helper. */
static tl_value helper(tl_value p, tl_value x)
{
    tl_store(p, x);
    return tl_mul(x, 3.0);
}
