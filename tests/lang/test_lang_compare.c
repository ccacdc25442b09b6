/* Comparisons, tl.where, tl.minimum / tl.maximum and tl.clamp. */
#include "test_lang.h"

static void integer_predicates(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", SCALAR(TL_I32));
    tl_value c = tl_arg(b, "c", SCALAR(TL_I32));
    tl_value u = tl_arg(b, "u", SCALAR(TL_U32));
    tl_lt(a, c);
    tl_le(a, c);
    tl_gt(a, c);
    tl_ge(a, c);
    tl_eq(a, c);
    tl_ne(a, c);
    tl_lt(u, u);
    tl_ge(u, u);
    expect_text(b, HEAD("%arg0: i32, %arg1: i32, %arg2: i32") "    %0 = arith.cmpi slt, %arg0, %arg1 : i32\n"
                                                              "    %1 = arith.cmpi sle, %arg0, %arg1 : i32\n"
                                                              "    %2 = arith.cmpi sgt, %arg0, %arg1 : i32\n"
                                                              "    %3 = arith.cmpi sge, %arg0, %arg1 : i32\n"
                                                              "    %4 = arith.cmpi eq, %arg0, %arg1 : i32\n"
                                                              "    %5 = arith.cmpi ne, %arg0, %arg1 : i32\n"
                                                              "    %6 = arith.cmpi ult, %arg2, %arg2 : i32\n"
                                                              "    %7 = arith.cmpi uge, %arg2, %arg2 : i32\n" TAIL);
}

/* Floats compare ordered, except != which is une (as Python's not_equal). */
static void float_predicates(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value f = tl_arg(b, "f", SCALAR(TL_F32));
    tl_value g = tl_arg(b, "g", SCALAR(TL_F32));
    tl_value r = tl_lt(f, g);
    assert_int_equal(r.dtype, TL_I1);
    tl_le(f, g);
    tl_gt(f, g);
    tl_ge(f, g);
    tl_eq(f, g);
    tl_ne(f, g);
    expect_text(b, HEAD("%arg0: f32, %arg1: f32") "    %0 = arith.cmpf olt, %arg0, %arg1 : f32\n"
                                                  "    %1 = arith.cmpf ole, %arg0, %arg1 : f32\n"
                                                  "    %2 = arith.cmpf ogt, %arg0, %arg1 : f32\n"
                                                  "    %3 = arith.cmpf oge, %arg0, %arg1 : f32\n"
                                                  "    %4 = arith.cmpf oeq, %arg0, %arg1 : f32\n"
                                                  "    %5 = arith.cmpf une, %arg0, %arg1 : f32\n" TAIL);
}

/* A number in a comparison is typed on its own first (to_tensor): float16 < 1.0 compares in
 * float32, int8 > 3 in int32. int1 compares unsigned. */
static void numbers_in_comparisons(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value h = tl_arg(b, "h", SCALAR(TL_F16));
    tl_value s8 = tl_arg(b, "s8", SCALAR(TL_I8));
    tl_value m = tl_arg(b, "m", SCALAR(TL_I1));
    tl_lt(h, 1.0);
    tl_gt(s8, 3);
    tl_eq(m, tl_lit_bool(true));
    tl_lt(m, m);
    expect_text(b, HEAD("%arg0: f16, %arg1: i8, %arg2: i1") "    %true = arith.constant true\n"
                                                            "    %c3_i32 = arith.constant 3 : i32\n"
                                                            "    %cst = arith.constant 1.000000e+00 : f32\n"
                                                            "    %0 = arith.extf %arg0 : f16 to f32\n"
                                                            "    %1 = arith.cmpf olt, %0, %cst : f32\n"
                                                            "    %2 = arith.extsi %arg1 : i8 to i32\n"
                                                            "    %3 = arith.cmpi sgt, %2, %c3_i32 : i32\n"
                                                            "    %4 = arith.cmpi eq, %arg2, %true : i1\n"
                                                            "    %5 = arith.cmpi ult, %arg2, %arg2 : i1\n" TAIL);
}

/* where: an int condition becomes != 0, a scalar condition is splat, numbers are dense. */
static void where_select(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value c = tl_arg(b, "c", TL_TENSOR(TL_I1, 8));
    tl_value x = tl_arg(b, "x", TL_TENSOR(TL_F32, 8));
    tl_value k = tl_arg(b, "k", TL_TENSOR(TL_I32, 8));
    tl_value s = tl_arg(b, "s", SCALAR(TL_I1));
    tl_where(c, x, 0.0);
    tl_where(k, x, x);
    tl_where(s, x, 1.0);
    tl_value r = tl_where(c, 1.0, 0);
    assert_int_equal(r.dtype, TL_F32);
    expect_text(b, HEAD("%arg0: tensor<8xi1>, %arg1: tensor<8xf32>, %arg2: tensor<8xi32>, %arg3: i1")
                   "    %cst = arith.constant dense<1.000000e+00> : tensor<8xf32>\n"
                   "    %cst_0 = arith.constant dense<0> : tensor<8xi32>\n"
                   "    %cst_1 = arith.constant dense<0.000000e+00> : tensor<8xf32>\n"
                   "    %0 = arith.select %arg0, %arg1, %cst_1 : tensor<8xi1>, tensor<8xf32>\n"
                   "    %1 = arith.cmpi ne, %arg2, %cst_0 : tensor<8xi32>\n"
                   "    %2 = arith.select %1, %arg1, %arg1 : tensor<8xi1>, tensor<8xf32>\n"
                   "    %3 = tt.splat %arg3 : i1 -> tensor<8xi1>\n"
                   "    %4 = arith.select %3, %arg1, %cst : tensor<8xi1>, tensor<8xf32>\n"
                   "    %5 = arith.select %arg0, %cst, %cst_1 : tensor<8xi1>, tensor<8xf32>\n" TAIL);
}

/* All scalars: a scalar select. */
static void where_scalars(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value s = tl_arg(b, "s", SCALAR(TL_I1));
    tl_value a = tl_arg(b, "a", SCALAR(TL_I32));
    tl_where(s, a, 0);
    expect_text(b, HEAD("%arg0: i1, %arg1: i32") "    %c0_i32 = arith.constant 0 : i32\n"
                                                 "    %0 = arith.select %arg0, %arg1, %c0_i32 : i32\n" TAIL);
}

/* minimum / maximum: maxnumf by default, maximumf with NaN propagation, si / ui for ints,
 * bfloat16 computed in float32, a number typed then folded into the promoted type. */
static void minimum_maximum(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value f = tl_arg(b, "f", SCALAR(TL_F32));
    tl_value g = tl_arg(b, "g", SCALAR(TL_F32));
    tl_value a = tl_arg(b, "a", SCALAR(TL_I32));
    tl_value c = tl_arg(b, "c", SCALAR(TL_I32));
    tl_value u = tl_arg(b, "u", SCALAR(TL_U32));
    tl_value bf = tl_arg(b, "bf", SCALAR(TL_BF16));
    tl_value l = tl_arg(b, "l", TL_TENSOR(TL_I64, 8));
    tl_maximum(f, g);
    tl_minimum(f, g, .propagate_nan = TL_NAN_ALL);
    tl_maximum(a, c);
    tl_minimum(u, u);
    tl_maximum(bf, bf);
    tl_minimum(l, 9);
    expect_text(b, HEAD("%arg0: f32, %arg1: f32, %arg2: i32, %arg3: i32, %arg4: i32, %arg5: bf16, "
                        "%arg6: tensor<8xi64>")
                   "    %cst = arith.constant dense<9> : tensor<8xi64>\n"
                   "    %0 = arith.maxnumf %arg0, %arg1 : f32\n"
                   "    %1 = arith.minimumf %arg0, %arg1 : f32\n"
                   "    %2 = arith.maxsi %arg2, %arg3 : i32\n"
                   "    %3 = arith.minui %arg4, %arg4 : i32\n"
                   "    %4 = arith.extf %arg5 : bf16 to f32\n"
                   "    %5 = arith.extf %arg5 : bf16 to f32\n"
                   "    %6 = arith.maxnumf %4, %5 : f32\n"
                   "    %7 = arith.minsi %arg6, %cst : tensor<8xi64>\n" TAIL);
}

static void clamp(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_TENSOR(TL_F32, 8));
    tl_value lo = tl_arg(b, "lo", SCALAR(TL_F32));
    tl_clamp(x, lo, 1.0);
    tl_clamp(x, x, x, .propagate_nan = TL_NAN_ALL);
    expect_text(b, HEAD("%arg0: tensor<8xf32>, %arg1: f32")
                   "    %cst = arith.constant dense<1.000000e+00> : tensor<8xf32>\n"
                   "    %0 = tt.splat %arg1 : f32 -> tensor<8xf32>\n"
                   "    %1 = tt.clampf %arg0, %0, %cst, propagateNan = none : tensor<8xf32>\n"
                   "    %2 = tt.clampf %arg0, %arg0, %arg0, propagateNan = all : tensor<8xf32>\n" TAIL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(integer_predicates), cmocka_unit_test(float_predicates),
        cmocka_unit_test(numbers_in_comparisons), cmocka_unit_test(where_select),
        cmocka_unit_test(where_scalars),
        cmocka_unit_test(minimum_maximum), cmocka_unit_test(clamp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
