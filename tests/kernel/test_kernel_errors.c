/* The declarative kernels' own errors (src/kernel/kernel.c): tl_kernel_emit's lines and
 * tl_kernel_set's messages, exact, and recorded through the one error module
 * (TRITONC_ABORT_ON_ERROR=1 aborts at them). */
#define _POSIX_C_SOURCE 200809L /* fork, pipe, setenv (test_abort.h) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_abort.h"
#include "tritonc/tritonc.h"

typedef struct three_cfg {
    int BLOCK;
    tl_dtype DTYPE;
    bool EVEN;
} three_cfg;

static void empty_body(tl_builder *b, const void *cfg)
{
    (void)b;
    (void)cfg;
}

static const tl_cfg_field three_fields[] = {
    TL_CFG_FIELD(three_cfg, BLOCK, TL_CFG_INT),
    TL_CFG_FIELD(three_cfg, DTYPE, TL_CFG_DTYPE),
    TL_CFG_FIELD(three_cfg, EVEN, TL_CFG_BOOL),
    {"ODD", (tl_cfg_kind)99, offsetof(three_cfg, EVEN)},
};

/* A kernel of an empty body, with one field of each kind (and one of no kind), no default. */
static const tl_kernel three = {
    .name = "three",
    .cfg_size = sizeof(three_cfg),
    .nfields = 4,
    .fields = three_fields,
    .run = empty_body,
};

/* Its inputs and inouts both name x. */
static const tl_kernel twice = {
    .name = "twice",
    .inputs = TL_NAMES("x"),
    .inouts = TL_NAMES("x"),
    .source = "k.c",
    .source_line = 7,
    .run = empty_body,
};

static void emit_errors_are_one_line(void **state)
{
    (void)state;
    char *err = NULL;
    assert_null(tl_kernel_emit(NULL, NULL, (tl_emit_opts){0}, &err));
    assert_string_equal(err, "tl_kernel_emit: NULL kernel, or a kernel without name or run body");
    free(err);
    assert_null(tl_kernel_emit(&three, NULL, (tl_emit_opts){0}, &err));
    assert_string_equal(err, "tl_kernel_emit: no config given and the kernel has no default");
    free(err);
    assert_null(tl_kernel_emit(&twice, NULL, (tl_emit_opts){.xla_order = true}, &err));
    assert_string_equal(err, "k.c:7: tl_kernel_emit: kernel twice: 'x' is in both .inputs and .inouts: each "
                             "argument is in exactly one of .inputs (read), .inouts (read and written in place) "
                             "and .outputs (written)");
    free(err);
    assert_null(tl_kernel_emit(NULL, NULL, (tl_emit_opts){0}, NULL)); /* no message asked for */
}

static void set_errors_name_the_field(void **state)
{
    (void)state;
    three_cfg cfg = {0};
    char err[256];
    assert_false(tl_kernel_set(NULL, &cfg, "BLOCK", "1", err, sizeof err));
    assert_string_equal(err, "tl_kernel_set: NULL argument");
    assert_false(tl_kernel_set(&three, &cfg, "NOPE", "1", err, sizeof err));
    assert_string_equal(err, "kernel 'three' has no config field 'NOPE'");
    assert_false(tl_kernel_set(&three, &cfg, "BLOCK", "0x10", err, sizeof err));
    assert_string_equal(err, "config field 'BLOCK' of kernel 'three' is an integer from 0 to 16777216, got '0x10'");
    assert_false(tl_kernel_set(&three, &cfg, "DTYPE", "float99", err, sizeof err));
    assert_string_equal(err, "config field 'DTYPE' wants a dtype (float32, int64, ...), got 'float99'");
    assert_false(tl_kernel_set(&three, &cfg, "EVEN", "yes", err, sizeof err));
    assert_string_equal(err, "config field 'EVEN' wants true or false, got 'yes'");
    assert_false(tl_kernel_set(&three, &cfg, "ODD", "1", err, sizeof err));
    assert_string_equal(err, "config field 'ODD' has an unknown kind");
    assert_false(tl_kernel_set(&three, &cfg, "NOPE", "1", err, 10)); /* cut to the buffer */
    assert_string_equal(err, "kernel 't");
    assert_false(tl_kernel_set(&three, &cfg, "NOPE", "1", NULL, 0)); /* no message asked for */
    assert_true(tl_kernel_set(&three, &cfg, "BLOCK", "64", err, sizeof err));
    assert_true(tl_kernel_set(&three, &cfg, "DTYPE", "float16", err, sizeof err));
    assert_true(tl_kernel_set(&three, &cfg, "EVEN", "true", err, sizeof err));
    assert_int_equal(cfg.BLOCK, 64);
    assert_int_equal(cfg.DTYPE, TL_F16);
    assert_true(cfg.EVEN);
}

/* The kinds of issue 30: negative integers, floats (as Python prints them), strings. */
typedef struct more_cfg {
    int OFFSET;
    double EPS;
    char MODE[TL_CFG_STRING_MAX];
} more_cfg;
static const tl_cfg_field more_fields[] = {
    TL_CFG_FIELD(more_cfg, OFFSET, TL_CFG_SINT),
    TL_CFG_FIELD(more_cfg, EPS, TL_CFG_FLOAT),
    TL_CFG_FIELD(more_cfg, MODE, TL_CFG_STRING),
};
static const more_cfg more_default = {-1, 1e-5, "relu"};
static const tl_kernel more = {
    .name = "more",
    .cfg_size = sizeof(more_cfg),
    .cfg_default = &more_default,
    .nfields = 3,
    .fields = more_fields,
    .run = empty_body,
};

static void negative_float_and_string_fields(void **state)
{
    (void)state;
    more_cfg cfg = more_default;
    char err[256], v[64];
    assert_string_equal(tl_cfg_value_text(&more_fields[0], &cfg, v, sizeof v), "-1");
    assert_string_equal(tl_cfg_value_text(&more_fields[1], &cfg, v, sizeof v), "1e-05");
    assert_string_equal(tl_cfg_value_text(&more_fields[2], &cfg, v, sizeof v), "relu");
    assert_true(tl_kernel_set(&more, &cfg, "OFFSET", "-2147483648", err, sizeof err));
    assert_int_equal(cfg.OFFSET, -2147483647 - 1);
    assert_false(tl_kernel_set(&more, &cfg, "OFFSET", "2147483648", err, sizeof err));
    assert_string_equal(err, "config field 'OFFSET' of kernel 'more' is an integer from -2147483648 to 2147483647, got "
                             "'2147483648'");
    assert_true(tl_kernel_set(&more, &cfg, "EPS", "0.5", err, sizeof err));
    assert_true(cfg.EPS == 0.5);
    assert_true(tl_kernel_set(&more, &cfg, "EPS", "-inf", err, sizeof err));
    assert_string_equal(tl_cfg_value_text(&more_fields[1], &cfg, v, sizeof v), "-inf");
    static const char *const bad_floats[] = {"", " 1", "0x10", "1e", "infinity", "1.5f", "nan(1)"};
    for (size_t i = 0; i < sizeof bad_floats / sizeof bad_floats[0]; i++)
        assert_false(tl_kernel_set(&more, &cfg, "EPS", bad_floats[i], err, sizeof err));
    assert_string_equal(err, "config field 'EPS' of kernel 'more' is a float (1e-05, 0.5, -2, inf, nan), got 'nan(1)'");
    assert_true(tl_kernel_set(&more, &cfg, "MODE", "gelu_tanh", err, sizeof err));
    assert_string_equal(cfg.MODE, "gelu_tanh");
    assert_false(tl_kernel_set(&more, &cfg, "MODE", "a,b", err, sizeof err));
    assert_string_equal(err, "config field 'MODE' of kernel 'more' is a word of 1 to 31 letters, digits, _ . + -, got "
                             "'a,b'");
    assert_false(tl_kernel_set(&more, &cfg, "MODE", "", err, sizeof err));
    assert_false(tl_kernel_set(&more, &cfg, "MODE", "0123456789012345678901234567890123", err, sizeof err));
    assert_string_equal(cfg.MODE, "gelu_tanh");
    /* Python's repr of a float */
    static const struct {
        double x;
        const char *text;
    } floats[] = {{1e-5, "1e-05"},     {0.5, "0.5"},          {2.0, "2.0"},     {-0.0, "-0.0"},
                  {0.0001, "0.0001"},  {1234.5, "1234.5"},    {1e16, "1e+16"},  {1.5e16, "1.5e+16"},
                  {1e15, "1000000000000000.0"}, {0.1, "0.1"}, {1.0 / 3, "0.3333333333333333"},
                  {6.02214076e23, "6.02214076e+23"}, {-2.5e-7, "-2.5e-07"}};
    for (size_t i = 0; i < sizeof floats / sizeof floats[0]; i++)
        assert_string_equal(tl_format_python_float(floats[i].x, v, sizeof v), floats[i].text);
}

/* In a child process with TRITONC_ABORT_ON_ERROR=1 (test_abort.h). */
static void emit(void *k)
{
    char *err = NULL;
    free(tl_kernel_emit(k, NULL, (tl_emit_opts){.xla_order = true}, &err));
    free(err);
}

static void emit_no_message(void *k)
{
    free(tl_kernel_emit(k, NULL, (tl_emit_opts){0}, NULL));
}

static void set_field(void *key)
{
    three_cfg cfg = {0};
    char err[256];
    tl_kernel_set(&three, &cfg, key, "yes", err, sizeof err);
}

static void set_field_no_message(void *key)
{
    three_cfg cfg = {0};
    tl_kernel_set(&three, &cfg, key, "yes", NULL, 0);
}

/* The kernels' own errors go through the one error module, as the builder's do. */
static void abort_on_error(void **state)
{
    (void)state;
    expect_abort(emit, NULL, "tl_kernel_emit: NULL kernel, or a kernel without name or run body");
    expect_abort(emit, (void *)&three, "tl_kernel_emit: no config given and the kernel has no default");
    expect_abort(emit, (void *)&twice,
                 "k.c:7: tl_kernel_emit: kernel twice: 'x' is in both .inputs and .inouts: each argument is in "
                 "exactly one of .inputs (read), .inouts (read and written in place) and .outputs (written)");
    expect_abort(set_field, "NOPE", "kernel 'three' has no config field 'NOPE'");
    expect_abort(set_field, "EVEN", "config field 'EVEN' wants true or false, got 'yes'");
    expect_no_abort(emit_no_message, NULL);
    expect_no_abort(set_field_no_message, "NOPE");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(emit_errors_are_one_line),
        cmocka_unit_test(set_errors_name_the_field),
        cmocka_unit_test(negative_float_and_string_fields),
        cmocka_unit_test(abort_on_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
