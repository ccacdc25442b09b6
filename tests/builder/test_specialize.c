/* Specialization at emit (tl_emit_opts.specialize, tl_builder_set_specialize): the JIT's
 * '1' / 'D' / 'N' per declared argument, from the kernel's declaration with no change to its
 * body; every misuse is an error at the tl_arg that reads the key. Also the constexpr
 * arithmetic a dropped argument needs (two numbers fold to a number). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bundled.h"
#include "tritonc/tritonc.h"

typedef struct spec_cfg {
    int BLOCK;
} spec_cfg;

/* Lines of the tl_arg calls below, for the expected error messages. */
static int line_x, line_n, line_stride, line_m, line_scale;

static void spec_body(tl_builder *b, const spec_cfg *cfg)
{
    line_x = __LINE__ + 1;
    tl_value x = tl_arg(b, "x_ptr", TL_PTR(TL_F32));
    line_n = __LINE__ + 1;
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    line_stride = __LINE__ + 1;
    tl_value stride = tl_arg(b, "stride", TL_SCALAR(TL_I32));
    line_m = __LINE__ + 1;
    tl_value m = tl_arg(b, "m", TL_SCALAR_OPTS(TL_I32, .do_not_specialize = true));
    line_scale = __LINE__ + 1;
    tl_value scale = tl_arg(b, "scale", TL_SCALAR(TL_F32));

    tl_value offs = tl_mul(tl_arange(b, 0, cfg->BLOCK), stride);
    tl_value step = tl_mul(cfg->BLOCK, stride); /* a number when stride is the constexpr 1 */
    tl_value mask = tl_lt(offs, tl_add(n, m));
    tl_value v = tl_load(tl_addptr(x, offs), .mask = mask);
    tl_store(tl_addptr(tl_addptr(x, offs), step), tl_mul(v, scale), .mask = mask);
}

static const spec_cfg spec_default = {.BLOCK = 16};
TL_KERNEL(spec_kernel, spec_cfg, spec_body, .name = "spec", .cfg_default = &spec_default);

static char *emit(const char *key, char **err)
{
    tl_emit_opts opts = {.no_locations = true, .specialize = key};
    return tl_kernel_emit(&spec_kernel, NULL, opts, err);
}

static void expect_emit(const char *key, const char *want)
{
    char *err = NULL;
    char *got = emit(key, &err);
    if (!got)
        fail_msg("emit '%s' failed: %s", key ? key : "(null)", err);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "got:\n%s", got); /* cmocka truncates long strings */
    assert_string_equal(got, want);
    free(got);
}

/* The emit of key fails with exactly "<this file>:<line>: <want>". */
static void expect_emit_error(const char *key, int line, const char *want)
{
    char *err = NULL;
    char *got = emit(key, &err);
    assert_null(got);
    assert_non_null(err);
    char expected[512];
    snprintf(expected, sizeof expected, "%s:%d: %s", __FILE__, line, want);
    assert_string_equal(err, expected);
    free(err);
}

static void null_key_emits_as_declared(void **state)
{
    (void)state;
    char *err = NULL;
    char *declared = tl_kernel_emit(&spec_kernel, NULL, (tl_emit_opts){.no_locations = true}, &err);
    assert_non_null(declared);
    /* As declared: the pointer 'D' (its default divisibility), every scalar 'N'. */
    expect_emit("DNNNN", declared);
    expect_emit(NULL, declared);
    free(declared);
}

static void one_drops_the_argument_and_d_marks_divisibility(void **state)
{
    (void)state;
    expect_emit("DD1NN",
                "module {\n"
                "  tt.func public @spec(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: i32 {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: f32) attributes {noinline = false} {\n"
                "    %cst = arith.constant dense<16> : tensor<16xi32>\n"
                "    %cst_0 = arith.constant dense<1> : tensor<16xi32>\n"
                "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                "    %1 = arith.muli %0, %cst_0 : tensor<16xi32>\n"
                "    %2 = arith.addi %arg1, %arg2 : i32\n"
                "    %3 = tt.splat %2 : i32 -> tensor<16xi32>\n"
                "    %4 = arith.cmpi slt, %1, %3 : tensor<16xi32>\n"
                "    %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                "    %6 = tt.addptr %5, %1 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                "    %7 = tt.load %6, %4 : tensor<16x!tt.ptr<f32>>\n"
                "    %8 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                "    %9 = tt.addptr %8, %1 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                "    %10 = tt.addptr %9, %cst : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                "    %11 = tt.splat %arg3 : f32 -> tensor<16xf32>\n"
                "    %12 = arith.mulf %7, %11 : tensor<16xf32>\n"
                "    tt.store %10, %12, %4 : tensor<16x!tt.ptr<f32>>\n"
                "    tt.return\n"
                "  }\n"
                "}\n");
}

static void n_leaves_a_pointer_without_divisibility(void **state)
{
    (void)state;
    char *err = NULL;
    char *got = emit("NDNNN", &err);
    assert_non_null(got);
    assert_non_null(strstr(got, "@spec(%arg0: !tt.ptr<f32>, %arg1: i32 {tt.divisibility = 16 : i32}, %arg2: i32, "
                                "%arg3: i32, %arg4: f32) attributes"));
    free(got);
}

static void bad_keys_are_errors_at_the_tl_arg(void **state)
{
    (void)state;
    expect_emit_error("1NNNN", line_x,
                      "tl_arg: specialization key '1NNNN': '1' for 'x_ptr', which is a pointer (want 'D' or 'N')");
    expect_emit_error("DNNDN", line_m,
                      "tl_arg: specialization key 'DNNDN': 'D' for 'm', which is do_not_specialize (want 'N')");
    expect_emit_error("DNN1N", line_m,
                      "tl_arg: specialization key 'DNN1N': '1' for 'm', which is do_not_specialize (want 'N')");
    expect_emit_error("DNNND", line_scale,
                      "tl_arg: specialization key 'DNNND': 'D' for 'scale', which is a float (want 'N')");
    expect_emit_error("DNNN1", line_scale,
                      "tl_arg: specialization key 'DNNN1': '1' for 'scale', which is a float (want 'N')");
    expect_emit_error("DxNNN", line_n, "tl_arg: specialization key 'DxNNN': letter 'x' for 'n' (want '1', 'D' or 'N')");
    expect_emit_error("DN", line_stride, "tl_arg: specialization key 'DN' has 2 letters, but 'stride' is argument #3");
    expect_emit_error("", line_x, "tl_arg: specialization key '' has 0 letters, but 'x_ptr' is argument #1");
    /* Too long: only the end knows. The kernel's own finish reports it, at the kernel's
     * location: the line of its first tl_arg (docs/order.md). */
    char want[256];
    snprintf(want, sizeof want, "tl_kernel_emit: specialization key 'DNNNNN' has 6 letters for 5 declared arguments");
    expect_emit_error("DNNNNN", line_x, want);
}

static void key_after_the_first_argument_is_an_error(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_arg(b, "n", TL_SCALAR(TL_I32));
    int line = __LINE__ + 1;
    tl_builder_set_specialize(b, "N");
    assert_null(tl_finish(b));
    char want[256];
    snprintf(want, sizeof want, "%s:%d: tl_builder_set_specialize: a specialization key must be set before the first tl_arg",
             __FILE__, line);
    assert_string_equal(tl_builder_error(b), want);
    tl_builder_destroy(b);
}

static void argspec_reads_the_signature(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_builder_set_specialize(b, "1DN");
    tl_value one = tl_arg(b, "a", TL_SCALAR(TL_I64));
    tl_arg(b, "p", TL_PTR(TL_F16));
    tl_arg(b, "q", TL_PTR_OPTS(TL_F16, .do_not_specialize = true));
    assert_true(tl_value_is_lit(one));
    assert_int_equal(one.lit, TL_LIT_INT);
    assert_int_equal(one.lit_val.i, 1);
    assert_int_equal(tl_builder_nargs(b), 2);
    const tl_argspec *p = tl_builder_argspec(b, 0);
    assert_non_null(p);
    assert_string_equal(p->name, "p");
    assert_int_equal(p->divisibility, 16);
    const tl_argspec *q = tl_builder_argspec(b, 1);
    assert_string_equal(q->name, "q");
    assert_true(q->do_not_specialize);
    assert_int_equal(q->divisibility, TL_DIV_NONE);
    assert_null(tl_builder_argspec(b, 2));
    assert_null(tl_builder_argspec(b, -1));
    assert_null(tl_builder_argspec(NULL, 0));
    tl_builder_destroy(b);
}

static void numbers_fold_as_python_constexprs(void **state)
{
    (void)state;
    tl_value v = tl_mul(64, tl_lit_int(1));
    assert_int_equal(v.lit, TL_LIT_INT);
    assert_int_equal(v.lit_val.i, 64);
    assert_int_equal(tl_floordiv(-7, 2).lit_val.i, -4);
    assert_int_equal(tl_mod(-7, 2).lit_val.i, 1);
    assert_int_equal(tl_mod(7, -2).lit_val.i, -1);
    assert_int_equal(tl_shr(-8, 1).lit_val.i, -4);
    assert_int_equal(tl_sub(3, 5).lit_val.i, -2);
    tl_value lt = tl_lt(1, 2);
    assert_int_equal(lt.lit, TL_LIT_BOOL);
    assert_int_equal(lt.lit_val.i, 1);
    tl_value f = tl_div(1, 4);
    assert_int_equal(f.lit, TL_LIT_FLOAT);
    assert_true(f.lit_val.f == 0.25);
    assert_true(tl_mul(0.5, 4).lit_val.f == 2.0);
    /* what cannot fold is poison (an error at its call on a thread that builds a kernel) */
    assert_true(tl_value_is_poison(tl_floordiv(1, 0)));
    /* and the helpers Python computes on constexprs: tl.cdiv(M, BLOCK_M) with M == 1 */
    assert_int_equal(tl_cdiv(1, 128).lit_val.i, 1);
    assert_int_equal(tl_cdiv(300, 128).lit_val.i, 3);
    assert_int_equal(tl_minimum(3, 8).lit_val.i, 3);
    assert_int_equal(tl_maximum(3, 8).lit_val.i, 8);
    tl_value m = tl_maximum(3, 8.5);
    assert_int_equal(m.lit, TL_LIT_FLOAT);
    assert_true(m.lit_val.f == 8.5);
    assert_int_equal(tl_neg(tl_lit_int(5)).lit_val.i, -5);
    assert_true(tl_neg(tl_lit_float(2.0)).lit_val.f == -2.0);
    assert_int_equal(tl_invert(tl_lit_int(0)).lit_val.i, -1);
    assert_int_equal(tl_abs(tl_lit_int(-3)).lit_val.i, 3);
}

/* The key of k with every integer argument '1' (one_or_d '1') or 'D', pointers 'D', others 'N'. */
static char *all_integers_key(const tl_kernel *k, char one_or_d)
{
    char *err = NULL;
    tl_builder *b = tl_kernel_build(k, NULL, (tl_emit_opts){.no_locations = true}, NULL, &err);
    if (!b)
        fail_msg("%s: %s", k->name, err);
    int n = tl_builder_nargs(b);
    char *key = malloc((size_t)n + 1);
    assert_non_null(key);
    for (int i = 0; i < n; i++) {
        const tl_argspec *a = tl_builder_argspec(b, i);
        bool integer = a->kind == TL_ARG_SCALAR && tl_dtype_is_int(a->dtype) && a->dtype != TL_I1;
        key[i] = a->kind == TL_ARG_PTR ? 'D' : integer && !a->do_not_specialize ? one_or_d : 'N';
    }
    key[n] = '\0';
    tl_builder_destroy(b);
    return key;
}

/* Any launch may hit any key: every bundled kernel builds with its integers all 1, or all
 * divisible by 16 (matmul at M = N = K = 1 is "DDD111111111"). */
static void every_bundled_kernel_builds_specialized(void **state)
{
    (void)state;
    for (int i = 0; i < tritonc_bundled_count(); i++) {
        const tl_kernel *k = tritonc_bundled_at(i);
        for (const char *mode = "1D"; *mode; mode++) {
            char *key = all_integers_key(k, *mode);
            char *err = NULL;
            char *text = tl_kernel_emit(k, NULL, (tl_emit_opts){.no_locations = true, .specialize = key}, &err);
            if (!text)
                fail_msg("%s --specialize %s: %s", k->name, key, err);
            free(text);
            free(key);
        }
    }
    char *err = NULL;
    char *text = tl_kernel_emit(tritonc_bundled_find("matmul"), NULL,
                                (tl_emit_opts){.no_locations = true, .specialize = "DDD111111111"}, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "@matmul(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> "
                                 "{tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}) "
                                 "attributes"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(null_key_emits_as_declared),
        cmocka_unit_test(one_drops_the_argument_and_d_marks_divisibility),
        cmocka_unit_test(n_leaves_a_pointer_without_divisibility),
        cmocka_unit_test(bad_keys_are_errors_at_the_tl_arg),
        cmocka_unit_test(key_after_the_first_argument_is_an_error),
        cmocka_unit_test(argspec_reads_the_signature),
        cmocka_unit_test(numbers_fold_as_python_constexprs),
        cmocka_unit_test(every_bundled_kernel_builds_specialized),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
