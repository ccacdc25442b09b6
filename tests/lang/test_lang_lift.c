/* The language's lifting rules: weak literals, type promotion, broadcasting, constant pooling
 * (semantic.py's computation_type_impl, integer_promote_impl, broadcast_impl_value). */
#include "test_lang.h"

/* A number takes the element type of the value it meets, as a dense splat for a tensor. */
static void literal_takes_the_value_dtype(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arange(b, 0, 64);
    tl_mul(x, 3);
    tl_value w = tl_to(x, TL_I64);
    tl_add(w, 5);
    expect_text(b, HEAD("") "    %cst = arith.constant dense<5> : tensor<64xi64>\n"
                            "    %cst_0 = arith.constant dense<3> : tensor<64xi32>\n"
                            "    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>\n"
                            "    %1 = arith.muli %0, %cst_0 : tensor<64xi32>\n"
                            "    %2 = arith.extsi %0 : tensor<64xi32> to tensor<64xi64>\n"
                            "    %3 = arith.addi %2, %cst : tensor<64xi64>\n" TAIL);
}

/* Against a scalar a number is a scalar constant; a float number promotes an int. */
static void literal_on_a_scalar(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_add(n, 1);
    tl_mul(1.5, n);
    expect_text(b, HEAD("%arg0: i32") "    %cst = arith.constant 1.500000e+00 : f32\n"
                                      "    %c1_i32 = arith.constant 1 : i32\n"
                                      "    %0 = arith.addi %arg0, %c1_i32 : i32\n"
                                      "    %1 = arith.sitofp %arg0 : i32 to f32\n"
                                      "    %2 = arith.mulf %cst, %1 : f32\n" TAIL);
}

/* A float number keeps float16; / and % compute float16 in float32. */
static void literal_with_half(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value h = tl_arg(b, "h", SCALAR(TL_F16));
    tl_add(h, 0.5);
    tl_div(h, 2);
    expect_text(b, HEAD("%arg0: f16") "    %cst = arith.constant 2.000000e+00 : f32\n"
                                      "    %cst_0 = arith.constant 5.000000e-01 : f16\n"
                                      "    %0 = arith.addf %arg0, %cst_0 : f16\n"
                                      "    %1 = arith.extf %arg0 : f16 to f32\n"
                                      "    %2 = arith.divf %1, %cst : f32\n" TAIL);
}

/* An unsigned number fits uint32 and prints as the signless i32 MLIR shows. */
static void literal_unsigned(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value u = tl_arg(b, "u", SCALAR(TL_U32));
    tl_value r = tl_add(u, 4000000000u);
    assert_int_equal(r.dtype, TL_U32);
    expect_text(b, HEAD("%arg0: i32") "    %c-294967296_i32 = arith.constant -294967296 : i32\n"
                                      "    %0 = arith.addi %arg0, %c-294967296_i32 : i32\n" TAIL);
}

/* A number past INT64_MAX is a uint64: it fits uint64 only. */
static void literal_uint64(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value u = tl_arg(b, "u", SCALAR(TL_U64));
    tl_xor(u, 18446744073709551615ull);
    expect_text(b, HEAD("%arg0: i64") "    %c-1_i64 = arith.constant -1 : i64\n"
                                      "    %0 = arith.xori %arg0, %c-1_i64 : i64\n" TAIL);
}

/* integer_promote_impl: the wider wins; at equal width unsigned wins; extsi or extui. */
static void integer_promotion(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", SCALAR(TL_I32));
    tl_value c = tl_arg(b, "c", SCALAR(TL_I64));
    tl_value s8 = tl_arg(b, "s8", SCALAR(TL_I8));
    tl_value u8 = tl_arg(b, "u8", SCALAR(TL_U8));
    tl_value u32 = tl_arg(b, "u32", SCALAR(TL_U32));
    assert_int_equal(tl_add(a, c).dtype, TL_I64);
    assert_int_equal(tl_add(s8, u8).dtype, TL_U8);
    assert_int_equal(tl_add(u8, a).dtype, TL_I32);
    assert_int_equal(tl_add(u32, a).dtype, TL_U32);
    expect_text(b, HEAD("%arg0: i32, %arg1: i64, %arg2: i8, %arg3: i8, %arg4: i32")
                   "    %0 = arith.extsi %arg0 : i32 to i64\n"
                   "    %1 = arith.addi %0, %arg1 : i64\n"
                   "    %2 = arith.addi %arg2, %arg3 : i8\n"
                   "    %3 = arith.extui %arg3 : i8 to i32\n"
                   "    %4 = arith.addi %3, %arg0 : i32\n"
                   "    %5 = arith.addi %arg4, %arg0 : i32\n" TAIL);
}

/* computation_type_impl for floats: f32 wins, then f16 (bf16 goes to f16 through f32), bf16
 * only with bf16, and two fp8 kinds meet in f16. */
static void float_promotion(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value h = tl_arg(b, "h", SCALAR(TL_F16));
    tl_value f = tl_arg(b, "f", SCALAR(TL_F32));
    tl_value bf = tl_arg(b, "bf", SCALAR(TL_BF16));
    tl_value e4 = tl_arg(b, "e4", SCALAR(TL_FP8E4NV));
    tl_value e5 = tl_arg(b, "e5", SCALAR(TL_FP8E5));
    tl_add(h, f);
    assert_int_equal(tl_add(bf, h).dtype, TL_F16);
    assert_int_equal(tl_mul(bf, bf).dtype, TL_BF16);
    assert_int_equal(tl_add(e4, e5).dtype, TL_F16);
    expect_text(b, HEAD("%arg0: f16, %arg1: f32, %arg2: bf16, %arg3: f8E4M3FN, %arg4: f8E5M2")
                   "    %0 = arith.extf %arg0 : f16 to f32\n"
                   "    %1 = arith.addf %0, %arg1 : f32\n"
                   "    %2 = arith.extf %arg2 : bf16 to f32\n"
                   "    %3 = arith.truncf %2 : f32 to f16\n"
                   "    %4 = arith.addf %3, %arg0 : f16\n"
                   "    %5 = arith.mulf %arg2, %arg2 : bf16\n"
                   "    %6 = tt.fp_to_fp %arg3 : f8E4M3FN -> f16\n"
                   "    %7 = tt.fp_to_fp %arg4 : f8E5M2 -> f16\n"
                   "    %8 = arith.addf %6, %7 : f16\n" TAIL);
}

/* int1 is unsigned in triton.language: a bool meeting an int number is zero-extended. */
static void bool_promotion(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value m = tl_arg(b, "m", SCALAR(TL_I1));
    tl_add(m, 1);
    tl_and(m, tl_lit_bool(true));
    expect_text(b, HEAD("%arg0: i1") "    %true = arith.constant true\n"
                                     "    %c1_i32 = arith.constant 1 : i32\n"
                                     "    %0 = arith.extui %arg0 : i1 to i32\n"
                                     "    %1 = arith.addi %0, %c1_i32 : i32\n"
                                     "    %2 = arith.andi %arg0, %true : i1\n" TAIL);
}

/* (16, 1) with (1, 32): one tt.broadcast per side, lhs first. */
static void broadcast_both_sides(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value rm = tl_expand_dims(tl_arange(b, 0, 16), 1);
    tl_value rn = tl_expand_dims(tl_arange(b, 0, 32), 0);
    tl_add(rm, rn);
    expect_text(b, HEAD("") "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                            "    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>\n"
                            "    %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>\n"
                            "    %3 = tt.expand_dims %2 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>\n"
                            "    %4 = tt.broadcast %1 : tensor<16x1xi32> -> tensor<16x32xi32>\n"
                            "    %5 = tt.broadcast %3 : tensor<1x32xi32> -> tensor<16x32xi32>\n"
                            "    %6 = arith.addi %4, %5 : tensor<16x32xi32>\n" TAIL);
}

/* (32,) with (16, 32): the shorter gains a leading axis, then broadcasts. A number against a
 * 2-D tensor is a 2-D dense constant. */
static void broadcast_rank_unification(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_TENSOR(TL_I32, 16, 32));
    tl_value r = tl_arange(b, 0, 32);
    tl_add(r, x);
    tl_add(x, 7);
    expect_text(b, HEAD("%arg0: tensor<16x32xi32>")
                   "    %cst = arith.constant dense<7> : tensor<16x32xi32>\n"
                   "    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>\n"
                   "    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>\n"
                   "    %2 = tt.broadcast %1 : tensor<1x32xi32> -> tensor<16x32xi32>\n"
                   "    %3 = arith.addi %2, %arg0 : tensor<16x32xi32>\n"
                   "    %4 = arith.addi %arg0, %cst : tensor<16x32xi32>\n" TAIL);
}

/* A scalar value meeting a tensor is splat where it is used, after the promotion cast. */
static void scalar_splat_at_use(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", SCALAR(TL_I64));
    tl_value i = tl_arange(b, 0, 64);
    tl_lt(i, n);
    expect_text(b, HEAD("%arg0: i64") "    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>\n"
                                      "    %1 = arith.extsi %0 : tensor<64xi32> to tensor<64xi64>\n"
                                      "    %2 = tt.splat %arg0 : i64 -> tensor<64xi64>\n"
                                      "    %3 = arith.cmpi slt, %1, %2 : tensor<64xi64>\n" TAIL);
}

/* One constant per (type, value), hoisted, the latest first use on top. */
static void constant_pooling(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value i = tl_arange(b, 0, 64);
    tl_value j = tl_add(i, 1);
    tl_mul(j, 1);
    tl_add(n, 1);
    tl_sub(n, 1);
    expect_text(b, HEAD("%arg0: i32") "    %cst = arith.constant dense<1> : tensor<64xi32>\n"
                                      "    %c1_i32 = arith.constant 1 : i32\n"
                                      "    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>\n"
                                      "    %1 = arith.addi %0, %cst : tensor<64xi32>\n"
                                      "    %2 = arith.muli %1, %cst : tensor<64xi32>\n"
                                      "    %3 = arith.addi %arg0, %c1_i32 : i32\n"
                                      "    %4 = arith.subi %arg0, %c1_i32 : i32\n" TAIL);
}

/* Constants made before the function's first op stay below the others, first made on top:
 * make_ttir's canonicalizer leaves Python's leading run of constants where it is. */
static void leading_constants(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_I32));
    tl_atomic_add(p, 5);
    tl_atomic_add(p, 1);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>") "    %c1_i32 = arith.constant 1 : i32\n"
                                               "    %c5_i32 = arith.constant 5 : i32\n"
                                               "    %true = arith.constant true\n"
                                               "    %0 = tt.atomic_rmw add, acq_rel, gpu, %arg0, %c5_i32, %true : "
                                               "(!tt.ptr<i32>, i32, i1) -> i32\n"
                                               "    %1 = tt.atomic_rmw add, acq_rel, gpu, %arg0, %c1_i32, %true : "
                                               "(!tt.ptr<i32>, i32, i1) -> i32\n" TAIL);
}

/* A float32 number that float32 cannot hold is float64, and promotes. */
static void literal_float64(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    assert_int_equal(tl_add(n, 1e300).dtype, TL_F64);
    expect_text(b, HEAD("%arg0: i32") "    %cst = arith.constant 1.000000e+300 : f64\n"
                                      "    %0 = arith.sitofp %arg0 : i32 to f64\n"
                                      "    %1 = arith.addf %0, %cst : f64\n" TAIL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(literal_takes_the_value_dtype),
        cmocka_unit_test(literal_on_a_scalar),
        cmocka_unit_test(literal_with_half),
        cmocka_unit_test(literal_unsigned),
        cmocka_unit_test(literal_uint64),
        cmocka_unit_test(integer_promotion),
        cmocka_unit_test(float_promotion),
        cmocka_unit_test(bool_promotion),
        cmocka_unit_test(broadcast_both_sides),
        cmocka_unit_test(broadcast_rank_unification),
        cmocka_unit_test(scalar_splat_at_use),
        cmocka_unit_test(constant_pooling),
        cmocka_unit_test(leading_constants),
        cmocka_unit_test(literal_float64),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
