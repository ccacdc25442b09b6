/* The command line's shared helpers (tools/cli.c), those a command's output does not show:
 * cli_cfg_int's value for a field the kernel lacks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cli.h"

typedef struct two_cfg {
    int BLOCK;
    tl_dtype DTYPE;
} two_cfg;

static void empty_body(tl_builder *b, const void *cfg)
{
    (void)b;
    (void)cfg;
}

static const tl_cfg_field two_fields[] = {
    TL_CFG_FIELD(two_cfg, BLOCK, TL_CFG_INT),
    TL_CFG_FIELD(two_cfg, DTYPE, TL_CFG_DTYPE),
};

static const tl_kernel two = {.name = "two", .cfg_size = sizeof(two_cfg), .nfields = 2, .fields = two_fields,
                              .run = empty_body};

/* An int field's value; 1 for a name the kernel lacks or a field of another kind. */
static void cfg_int_reads_the_field_else_1(void **state)
{
    (void)state;
    two_cfg cfg = {.BLOCK = 256, .DTYPE = TL_F16};
    assert_int_equal(cli_cfg_int(&two, &cfg, "BLOCK"), 256);
    assert_int_equal(cli_cfg_int(&two, &cfg, "NOPE"), 1);
    assert_int_equal(cli_cfg_int(&two, &cfg, "DTYPE"), 1);
    cfg.BLOCK = 0; /* a field that holds 0 gives 0: only a missing one gives 1 */
    assert_int_equal(cli_cfg_int(&two, &cfg, "BLOCK"), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cfg_int_reads_the_field_else_1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
