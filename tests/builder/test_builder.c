/* The builder: arguments, constant pool, escape hatch, finish and the sticky error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/tritonc.h"

/* Asserts that finishing b gives exactly `want`, then frees everything. */
static void expect_text(tl_builder *b, const char *want)
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

/* Asserts that b is in error with exactly `want` after "<this file>:<line>: ". */
static void expect_error_at(tl_builder *b, int line, const char *want)
{
    char *got = tl_finish(b);
    assert_null(got);
    const char *msg = tl_builder_error(b);
    assert_non_null(msg);
    char prefix[256];
    snprintf(prefix, sizeof prefix, "%s:%d: ", __FILE__, line);
    if (strncmp(msg, prefix, strlen(prefix)) != 0)
        fail_msg("error '%s' does not start with '%s'", msg, prefix);
    assert_string_equal(msg + strlen(prefix), want);
    tl_builder_destroy(b);
}

static void empty_kernel(void **state)
{
    (void)state;
    expect_text(tl_builder_create("k"), "module {\n"
                                        "  tt.func public @k() attributes {noinline = false} {\n"
                                        "    tt.return\n"
                                        "  }\n"
                                        "}\n");
}

static void argument_kinds(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_arg(b, "p", TL_PTR(TL_F32));
    tl_arg(b, "q", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_arg(b, "r", TL_PTR_OPTS(TL_I8, .divisibility = 8, .address_space = 3));
    tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_arg(b, "s", TL_SCALAR_OPTS(TL_I64, .divisibility = 16));
    tl_arg(b, "t", TL_TENSOR(TL_BF16, 4, 8));
    tl_arg(b, "u", TL_SCALAR(TL_U32));
    expect_text(b, "module {\n"
                   "  tt.func public @k(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16>, "
                   "%arg2: !tt.ptr<i8, 3> {tt.divisibility = 8 : i32}, %arg3: i32, %arg4: i64 {tt.divisibility = 16 "
                   ": i32}, %arg5: tensor<4x8xbf16>, %arg6: i32) attributes {noinline = false} {\n"
                   "    tt.return\n"
                   "  }\n"
                   "}\n");
}

static void dynamic_arity(void **state)
{
    (void)state;
    tl_argspec specs[3] = {TL_PTR(TL_F32), TL_PTR(TL_F32), TL_SCALAR(TL_I32)};
    specs[0].name = "x";
    specs[1].name = "y";
    specs[2].name = "n";
    tl_builder *b = tl_builder_create_with_args("k", 3, specs);
    assert_int_equal(tl_builder_nargs(b), 3);
    tl_value n = tl_builder_arg(b, 2);
    assert_int_equal(n.dtype, TL_I32);
    assert_false(n.is_ptr);
    tl_value x = tl_builder_arg(b, 0);
    assert_true(x.is_ptr);
    assert_int_equal(x.dtype, TL_F32);
    assert_false(tl_builder_failed(b));
    tl_builder_destroy(b);
}

/* Constants are hoisted to the top, deduplicated by type and value, and ordered as Triton's
 * make_ttir leaves Python's: the latest first use on top. */
static void constant_pool(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value pid = tl_program_id(b, 0);
    tl_value x = tl_add(tl_mul(pid, 1024), 1024);
    tl_value y = tl_add(x, tl_const_int(b, 1024, TL_I64));
    tl_store(tl_addptr(p, tl_to(y, TL_I32)), tl_to(y, TL_I32));
    tl_store(p, tl_const_int(b, -1, TL_I32));
    expect_text(b, "module {\n"
                   "  tt.func public @k(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {\n"
                   "    %c-1_i32 = arith.constant -1 : i32\n"
                   "    %c1024_i64 = arith.constant 1024 : i64\n"
                   "    %c1024_i32 = arith.constant 1024 : i32\n"
                   "    %0 = tt.get_program_id x : i32\n"
                   "    %1 = arith.muli %0, %c1024_i32 : i32\n"
                   "    %2 = arith.addi %1, %c1024_i32 : i32\n"
                   "    %3 = arith.extsi %2 : i32 to i64\n"
                   "    %4 = arith.addi %3, %c1024_i64 : i64\n"
                   "    %5 = arith.trunci %4 : i64 to i32\n"
                   "    %6 = tt.addptr %arg0, %5 : !tt.ptr<i32>, i32\n"
                   "    %7 = arith.trunci %4 : i64 to i32\n"
                   "    tt.store %6, %7 : !tt.ptr<i32>\n"
                   "    tt.store %arg0, %c-1_i32 : !tt.ptr<i32>\n"
                   "    tt.return\n"
                   "  }\n"
                   "}\n");
}

static void escape_hatch(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tcir_context *ctx = tl_builder_context(b);
    const tcir_type *i32 = tcir_type_int(ctx, 32);
    tcir_op *op = tl_op(b, "arith.addi", .noperands = 2, .operands = (tl_value[]){n, n}, .nresults = 1,
                        .result_types = &i32);
    tl_value sum = tl_result(b, op, 0);
    tcir_named_attr attr = {"my.flag", tcir_attr_unit(ctx), false};
    tl_op(b, "my.sink", .noperands = 1, .operands = &sum, .nattrs = 1, .attrs = &attr);
    tl_value twice = tl_mul(sum, 2);
    assert_false(tl_value_is_poison(twice));
    expect_text(b, "module {\n"
                   "  tt.func public @k(%arg0: i32) attributes {noinline = false} {\n"
                   "    %c2_i32 = arith.constant 2 : i32\n"
                   "    %0 = arith.addi %arg0, %arg0 : i32\n"
                   "    \"my.sink\"(%0) {my.flag} : (i32) -> ()\n"
                   "    %1 = arith.muli %0, %c2_i32 : i32\n"
                   "    tt.return\n"
                   "  }\n"
                   "}\n");
}

static void generic_form_parses_everything(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_builder_set_generic(b, true);
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_add(n, 1);
    char *text = tl_finish(b);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"builtin.module\"() ({"));
    assert_non_null(strstr(text, "\"arith.addi\"(%arg0, %0)"));
    assert_null(strstr(text, "\n    %0 = arith.addi"));
    free(text);
    tl_builder_destroy(b);
}

static void locations(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_builder_set_locations(b, true);
    int line = __LINE__ + 1;
    tl_value pid = tl_program_id(b, 1);
    (void)pid;
    char *text = tl_finish(b);
    assert_non_null(text);
    char want[256];
    snprintf(want, sizeof want, "%%0 = tt.get_program_id y : i32 loc(\"%s\":%d:0)", __FILE__, line);
    if (!strstr(text, want))
        fail_msg("no '%s' in:\n%s", want, text);
    free(text);
    tl_builder_destroy(b);
}

/* ---- errors --------------------------------------------------------------------------------- */

static void error_duplicate_argument(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_arg(b, "x", TL_PTR(TL_F32));
    int line = __LINE__ + 1;
    tl_arg(b, "x", TL_SCALAR(TL_I32));
    expect_error_at(b, line, "tl_arg: duplicate argument name 'x' (argument 0)");
}

static void error_is_sticky(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    int line = __LINE__ + 1;
    tl_value bad = tl_arange(b, 0, 100);
    assert_true(tl_value_is_poison(bad));
    /* Later calls are harmless no-ops returning poison; the first message stays. */
    tl_value later = tl_add(bad, 1);
    assert_true(tl_value_is_poison(later));
    tl_arg(b, "x", TL_SCALAR(TL_I32));
    expect_error_at(b, line, "tl_arange: arange's range must be a power of 2 (got 100)");
}

static void error_use_after_finish(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    char *text = tl_finish(b);
    assert_non_null(text);
    free(text);
    int line = __LINE__ + 1;
    tl_value v = tl_program_id(b, 0);
    assert_true(tl_value_is_poison(v));
    const char *msg = tl_builder_error(b);
    assert_non_null(msg);
    char want[256];
    snprintf(want, sizeof want, "%s:%d: tl_program_id: use after finish: the kernel was already finished", __FILE__,
             line);
    assert_string_equal(msg, want);
    tl_builder_destroy(b);
}

static void error_value_from_another_builder(void **state)
{
    (void)state;
    tl_builder *a = tl_builder_create("a");
    tl_builder *b = tl_builder_create("b");
    tl_value x = tl_arg(a, "x", TL_SCALAR(TL_I32));
    tl_value y = tl_arg(b, "y", TL_SCALAR(TL_I32));
    int line = __LINE__ + 1;
    tl_value z = tl_add(x, y);
    assert_true(tl_value_is_poison(z));
    assert_true(tl_builder_failed(a));
    expect_error_at(a, line, "tl_add: argument #2 belongs to another builder");
    tl_builder_destroy(b);
}

static void error_null_builder_and_bad_names(void **state)
{
    (void)state;
    tl_value v = tl_program_id(NULL, 0);
    assert_true(tl_value_is_poison(v));
    assert_true(tl_builder_failed(NULL));
    assert_null(tl_finish(NULL));
    tl_builder_destroy(NULL);

    tl_builder *b = tl_builder_create("bad name");
    assert_true(tl_builder_failed(b));
    assert_null(tl_finish(b));
    tl_builder_destroy(b);

    b = tl_builder_create("k");
    int line = __LINE__ + 1;
    tl_op(b, "noDialect", .nresults = 0);
    expect_error_at(b, line, "tl_op: op name 'noDialect' is not of the form dialect.op");
}

static void error_poison_operand_in_escape_hatch(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value poison = {0};
    int line = __LINE__ + 1;
    tl_op(b, "my.op", .noperands = 1, .operands = &poison);
    expect_error_at(b, line, "tl_op: my.op: operand #0 is poison");
}

/* tl_op_at_ref (site and spec by address) makes what tl_op_at makes, with its checks. */
static void escape_hatch_by_reference(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    const tcir_type *i32 = tcir_type_int(tl_builder_context(b), 32);
    tl_site site = TL_SITE("my_gen");
    tl_raw_op add = {.name = "arith.addi", .noperands = 2, .operands = (tl_value[]){n, n}, .nresults = 1,
                     .result_types = &i32};
    tl_value sum = tl_result(b, tl_op_at_ref(&site, b, &add), 0);
    tl_op_at_ref(&site, b, &(tl_raw_op){.name = "my.sink", .noperands = 1, .operands = &sum});
    expect_text(b, "module {\n"
                   "  tt.func public @k(%arg0: i32) attributes {noinline = false} {\n"
                   "    %0 = arith.addi %arg0, %arg0 : i32\n"
                   "    \"my.sink\"(%0) : (i32) -> ()\n"
                   "    tt.return\n"
                   "  }\n"
                   "}\n");

    b = tl_builder_create("k");
    tl_value poison = {0};
    int line = __LINE__ + 1;
    site = TL_SITE("my_gen");
    assert_null(tl_op_at_ref(&site, b, &(tl_raw_op){.name = "my.op", .noperands = 1, .operands = &poison}));
    expect_error_at(b, line, "my_gen: my.op: operand #0 is poison");

    b = tl_builder_create("k");
    assert_null(tl_op_at_ref(NULL, b, &(tl_raw_op){.name = "my.op"}));
    assert_string_equal(tl_builder_error(b), "?:0: tritonc: tl_op_at_ref: site is NULL");
    tl_builder_destroy(b);
    b = tl_builder_create("k");
    line = __LINE__ + 1;
    site = TL_SITE("my_gen");
    assert_null(tl_op_at_ref(&site, b, NULL));
    expect_error_at(b, line, "my_gen: spec is NULL");
    assert_null(tl_op_at_ref(NULL, NULL, NULL)); /* no builder: nothing to record, no crash */

    /* the op record counts regions and successors in a byte: more is an error at the site */
    b = tl_builder_create("k");
    tcir_block *many[TCIR_MAX_SUCCESSORS + 1];
    for (int i = 0; i <= TCIR_MAX_SUCCESSORS; i++)
        many[i] = tl_current_block(b);
    line = __LINE__ + 1;
    site = TL_SITE("my_gen");
    assert_null(tl_op_at_ref(&site, b, &(tl_raw_op){.name = "my.switch", .nsuccessors = TCIR_MAX_SUCCESSORS + 1,
                                                    .successors = many}));
    expect_error_at(b, line, "my_gen: my.switch: 0 regions and 256 successors; an op has at most 255 of each");
    b = tl_builder_create("k");
    line = __LINE__ + 1;
    site = TL_SITE("my_gen");
    assert_null(tl_op_at_ref(&site, b, &(tl_raw_op){.name = "my.many", .nregions = TCIR_MAX_REGIONS + 1}));
    expect_error_at(b, line, "my_gen: my.many: 256 regions and 0 successors; an op has at most 255 of each");
    /* and the IR's own call refuses them (the most is fine) */
    tcir_context *ctx = tcir_context_create();
    assert_null(tcir_op_create(ctx, &(tcir_op_state){.name = "my.many", .nregions = TCIR_MAX_REGIONS + 1}));
    assert_null(tcir_op_create(ctx, &(tcir_op_state){.name = "my.many", .nregions = -1}));
    tcir_op *most = tcir_op_create(ctx, &(tcir_op_state){.name = "my.many", .nregions = TCIR_MAX_REGIONS});
    assert_non_null(most);
    assert_int_equal(tcir_op_nregions(most), TCIR_MAX_REGIONS);
    assert_ptr_equal(tcir_region_parent(tcir_op_region(most, TCIR_MAX_REGIONS - 1)), most);
    tcir_context_destroy(ctx);
}

/* A call on two C numbers that cannot fold (1 // 0) is an error at its own call, recorded on
 * the builder this thread builds with (Python raises at compile time); its poison does not pass
 * for an absent keyword (here, no mask). */
static void error_builderless_poison_is_reported_at_its_call(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    int line = __LINE__ + 1;
    tl_value m = tl_floordiv(1, 0);
    assert_true(tl_value_is_poison(m));
    assert_false(tl_value_is_absent(m));
    tl_load(p, .mask = m);
    expect_error_at(b, line, "tl_floordiv: cannot fold these C numbers (a division by zero, a shift out of range, an "
                             "unsigned 64-bit number, or // and % of floats)");
}

/* With no builder on the thread (none created, or the last one destroyed) there is nothing to
 * make a constant on: poison, reported where it meets a builder. */
static void error_poison_with_no_builder_on_the_thread(void **state)
{
    (void)state;
    tl_value r = tl_rsqrt(2.0);
    assert_true(tl_value_is_poison(r));
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    int line = __LINE__ + 1;
    tl_store(p, r);
    expect_error_at(b, line, "tl_store: value is a poison value");
}

static void error_open_block_at_finish(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tcir_op *op = tl_op(b, "my.region_op", .nregions = 1);
    int line = __LINE__ + 1; /* reported where the block was pushed */
    tl_push_block(b, tcir_region_add_block(tl_builder_context(b), tcir_op_region(op, 0)));
    char *text = tl_finish(b);
    assert_null(text);
    expect_error_at(b, line, "tl_push_block: tl_push_block opened here is never closed");
}

/* A value of a closed scope stays refused after a block of another scope takes its place in
 * the visible list (is_visible remembers its last answer: a hint it must check). */
static void error_value_of_a_closed_scope_after_another_opened(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tcir_context *ctx = tl_builder_context(b);
    const tcir_type *i32 = tcir_type_int(ctx, 32);
    tcir_op *first = tl_op(b, "my.region_op", .nregions = 1);
    tl_push_block(b, tcir_region_add_block(ctx, tcir_op_region(first, 0)));
    tl_value x = tl_result(b, tl_op(b, "my.def", .nresults = 1, .result_types = &i32), 0); int def_line = __LINE__;
    tl_op(b, "my.use", .noperands = 1, .operands = &x); /* visible: the answer is remembered */
    tl_pop_block(b);
    tcir_op *second = tl_op(b, "my.region_op", .nregions = 1);
    tl_push_block(b, tcir_region_add_block(ctx, tcir_op_region(second, 0)));
    tl_op(b, "my.use", .noperands = 1, .operands = &x); int line = __LINE__;
    char want[256];
    snprintf(want, sizeof want, "tl_op: my.use: operand #0, made at %s:%d, was defined inside a scope that is closed (or "
             "not entered) here", __FILE__, def_line);
    expect_error_at(b, line, want);
}

/* Python's frontend makes constants from each number where it is used (and scalar ones of the
 * number's own type, which die but mark where the value was first met); the canonicalizer then
 * leaves the latest-met on top. Helpers' constants (tl.cdiv) land above the rest. */
static void constant_order_mirrors_make_ttir(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value x = tl_load(tl_addptr(p, tl_arange(b, 0, 4)));
    tl_value y = tl_cdiv(tl_mul(x, 3), 8);  /* 3 first met here; 7 and 8 inside the helper */
    tl_value z = tl_add(tl_mul(y, 5), 3);   /* 5 later than 3 */
    tl_value pid = tl_mul(tl_program_id(b, 0), 5); /* scalar 5: first met (as a number) above */
    tl_store(tl_addptr(p, pid), 1);
    tl_store(tl_addptr(p, tl_arange(b, 0, 4)), z);
    expect_text(b,
                   "module {\n"
                   "  tt.func public @k(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {\n"
                   "    %cst = arith.constant dense<7> : tensor<4xi32>\n"
                   "    %cst_0 = arith.constant dense<8> : tensor<4xi32>\n"
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %cst_1 = arith.constant dense<5> : tensor<4xi32>\n"
                   "    %c5_i32 = arith.constant 5 : i32\n"
                   "    %cst_2 = arith.constant dense<3> : tensor<4xi32>\n"
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>\n"
                   "    %3 = tt.load %2 : tensor<4x!tt.ptr<i32>>\n"
                   "    %4 = arith.muli %3, %cst_2 : tensor<4xi32>\n"
                   "    %5 = arith.addi %4, %cst : tensor<4xi32>\n"
                   "    %6 = arith.divsi %5, %cst_0 : tensor<4xi32>\n"
                   "    %7 = arith.muli %6, %cst_1 : tensor<4xi32>\n"
                   "    %8 = arith.addi %7, %cst_2 : tensor<4xi32>\n"
                   "    %9 = tt.get_program_id x : i32\n"
                   "    %10 = arith.muli %9, %c5_i32 : i32\n"
                   "    %11 = tt.addptr %arg0, %10 : !tt.ptr<i32>, i32\n"
                   "    tt.store %11, %c1_i32 : !tt.ptr<i32>\n"
                   "    %12 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %13 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>\n"
                   "    %14 = tt.addptr %13, %12 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>\n"
                   "    tt.store %14, %8 : tensor<4x!tt.ptr<i32>>\n"
                   "    tt.return\n"
                   "  }\n"
                   "}\n");
}

/* Constants of many literals in several dtypes, interleaved (the builder memoizes what a
 * constant is made of by literal and dtypes, in a few slots): each one holds its own value in
 * its own type, and equal ones are one constant. */
static void constants_of_many_literals_and_dtypes(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    const tl_dtype dts[] = {TL_I32, TL_I64, TL_I16, TL_F32, TL_F16};
    enum { N = 400, NDT = sizeof dts / sizeof dts[0] };
    tl_value made[N];
    for (int k = 0; k < N; k++) {
        tl_dtype dt = dts[k % NDT];
        int v = (k * 7) % 61 - 30;
        made[k] = tl_dtype_is_float(dt) ? tl_const(b, v + 0.5, dt) : tl_const_int(b, v, dt);
        assert_false(tl_value_is_poison(made[k]));
    }
    for (int k = 0; k < N; k++) {
        tl_dtype dt = dts[k % NDT];
        int v = (k * 7) % 61 - 30;
        const tcir_attr *a = tcir_op_attr(tcir_value_def(made[k].ir), "value");
        const tcir_type *t = tcir_value_type(made[k].ir);
        assert_ptr_equal(t, tcir_attr_get_type(a));
        if (tl_dtype_is_float(dt)) {
            assert_int_equal(tcir_type_float_kind(t), dt == TL_F32 ? TCIR_F32 : TCIR_F16);
            assert_true(tcir_attr_float_value(a) == v + 0.5);
        } else {
            assert_int_equal(tcir_type_int_width(t), dt == TL_I32 ? 32 : dt == TL_I64 ? 64 : 16);
            assert_int_equal(tcir_attr_int_value(a), v);
        }
        /* the same literal and dtype again: the same constant */
        int again = (k + 61 * NDT) % N;
        if (again != k && again > k)
            assert_ptr_equal(made[again].ir, made[k].ir);
    }
    char *text = tl_finish(b);
    assert_non_null(text);
    free(text);
    tl_builder_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(constant_order_mirrors_make_ttir),
        cmocka_unit_test(empty_kernel),
        cmocka_unit_test(argument_kinds),
        cmocka_unit_test(dynamic_arity),
        cmocka_unit_test(constant_pool),
        cmocka_unit_test(constants_of_many_literals_and_dtypes),
        cmocka_unit_test(escape_hatch),
        cmocka_unit_test(generic_form_parses_everything),
        cmocka_unit_test(locations),
        cmocka_unit_test(error_duplicate_argument),
        cmocka_unit_test(error_is_sticky),
        cmocka_unit_test(error_use_after_finish),
        cmocka_unit_test(error_value_from_another_builder),
        cmocka_unit_test(error_null_builder_and_bad_names),
        cmocka_unit_test(error_poison_operand_in_escape_hatch),
        cmocka_unit_test(escape_hatch_by_reference),
        cmocka_unit_test(error_builderless_poison_is_reported_at_its_call),
        cmocka_unit_test(error_poison_with_no_builder_on_the_thread),
        cmocka_unit_test(error_open_block_at_finish),
        cmocka_unit_test(error_value_of_a_closed_scope_after_another_opened),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
