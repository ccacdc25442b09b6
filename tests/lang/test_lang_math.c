/* triton.language.math: unary functions, fma, div_rn, fdiv, umulhi, abs. */
#include "test_lang.h"

static void unary_functions(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_TENSOR(TL_F32, 8));
    tl_exp(x);
    tl_exp2(x);
    tl_log(x);
    tl_log2(x);
    tl_sqrt(x);
    tl_rsqrt(x);
    tl_sin(x);
    tl_cos(x);
    tl_erf(x);
    tl_floor(x);
    tl_ceil(x);
    tl_sqrt_rn(x);
    expect_text(b, HEAD("%arg0: tensor<8xf32>") "    %0 = math.exp %arg0 : tensor<8xf32>\n"
                                                "    %1 = math.exp2 %arg0 : tensor<8xf32>\n"
                                                "    %2 = math.log %arg0 : tensor<8xf32>\n"
                                                "    %3 = math.log2 %arg0 : tensor<8xf32>\n"
                                                "    %4 = math.sqrt %arg0 : tensor<8xf32>\n"
                                                "    %5 = math.rsqrt %arg0 : tensor<8xf32>\n"
                                                "    %6 = math.sin %arg0 : tensor<8xf32>\n"
                                                "    %7 = math.cos %arg0 : tensor<8xf32>\n"
                                                "    %8 = math.erf %arg0 : tensor<8xf32>\n"
                                                "    %9 = math.floor %arg0 : tensor<8xf32>\n"
                                                "    %10 = math.ceil %arg0 : tensor<8xf32>\n"
                                                "    %11 = tt.precise_sqrt %arg0 : tensor<8xf32>\n" TAIL);
}

/* fma legalizes (x, y), (z, x), (z, y): a scalar z is splat. fdiv never promotes and
 * ignores ieee_rounding, as Triton 3.6 does. */
static void fma_and_divisions(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_TENSOR(TL_F32, 8));
    tl_value y = tl_arg(b, "y", TL_TENSOR(TL_F32, 8));
    tl_value s = tl_arg(b, "s", SCALAR(TL_F32));
    tl_fma(x, y, s);
    tl_div_rn(x, y);
    tl_fdiv(x, y);
    tl_fdiv(x, 2.0, .ieee_rounding = true);
    expect_text(b, HEAD("%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: f32")
                   "    %cst = arith.constant dense<2.000000e+00> : tensor<8xf32>\n"
                   "    %0 = tt.splat %arg2 : f32 -> tensor<8xf32>\n"
                   "    %1 = math.fma %arg0, %arg1, %0 : tensor<8xf32>\n"
                   "    %2 = tt.precise_divf %arg0, %arg1 : tensor<8xf32>\n"
                   "    %3 = arith.divf %arg0, %arg1 : tensor<8xf32>\n"
                   "    %4 = arith.divf %arg0, %cst : tensor<8xf32>\n" TAIL);
}

/* umulhi is tt.mulhiui whatever the signedness; abs is absf / absi, and no op for unsigned. */
static void umulhi_and_abs(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", TL_TENSOR(TL_I32, 8));
    tl_value u = tl_arg(b, "u", TL_TENSOR(TL_U32, 8));
    tl_value f = tl_arg(b, "f", TL_TENSOR(TL_F32, 8));
    tl_umulhi(a, a);
    assert_int_equal(tl_umulhi(u, 3).dtype, TL_U32);
    tl_abs(a);
    tl_abs(f);
    tl_value r = tl_abs(u);
    assert_ptr_equal(r.ir, u.ir);
    expect_text(b, HEAD("%arg0: tensor<8xi32>, %arg1: tensor<8xi32>, %arg2: tensor<8xf32>")
                   "    %cst = arith.constant dense<3> : tensor<8xi32>\n"
                   "    %0 = tt.mulhiui %arg0, %arg0 : tensor<8xi32>\n"
                   "    %1 = tt.mulhiui %arg1, %cst : tensor<8xi32>\n"
                   "    %2 = math.absi %arg0 : tensor<8xi32>\n"
                   "    %3 = math.absf %arg2 : tensor<8xf32>\n" TAIL);
}

/* A C number given to a math function or tl_cast is Python's constant (tl.math.rsqrt(2.0),
 * tl.log2(float(N)), tl.cast(CONST, tl.int64)): to_tensor types it, the op follows, and what
 * make_ttir's canonicalizer folds is folded, and placed where its folds land: above the
 * constants Python makes directly, the latest fold first (the GPU machine's twin case
 * math_of_numbers shows that order after make_ttir). */
static void math_and_cast_of_numbers(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value o = tl_arg(b, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(b, "p", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_store(o, tl_rsqrt(2.0));
    tl_store(o, tl_log2((double)8));
    tl_store(o, tl_sqrt(tl_lit(2.0)));
    tl_store(o, tl_exp2(3.0));
    tl_store(o, tl_floor(2.5));
    tl_store(p, tl_cast(256000, TL_I64));
    tl_store(o, tl_cast(7, TL_F32));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i64>")
                   "    %cst = arith.constant 7.000000e+00 : f32\n"
                   "    %c256000_i64 = arith.constant 256000 : i64\n"
                   "    %cst_0 = arith.constant 2.000000e+00 : f32\n"
                   "    %cst_1 = arith.constant 8.000000e+00 : f32\n"
                   "    %cst_2 = arith.constant 1.41421354 : f32\n"
                   "    %cst_3 = arith.constant 3.000000e+00 : f32\n"
                   "    %0 = math.rsqrt %cst_0 : f32\n"
                   "    tt.store %arg0, %0 : !tt.ptr<f32>\n"
                   "    tt.store %arg0, %cst_3 : !tt.ptr<f32>\n"
                   "    tt.store %arg0, %cst_2 : !tt.ptr<f32>\n"
                   "    tt.store %arg0, %cst_1 : !tt.ptr<f32>\n"
                   "    tt.store %arg0, %cst_0 : !tt.ptr<f32>\n"
                   "    tt.store %arg1, %c256000_i64 : !tt.ptr<i64>\n"
                   "    tt.store %arg0, %cst : !tt.ptr<f32>\n" TAIL);
}

/* A math function of an int is refused as Python's _check_dtype refuses int32. */
static void math_of_an_int_number(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    int line = __LINE__ + 1;
    tl_exp(3);
    expect_error(b, line, "tl_exp: expected dtype in [float32, float64] but got int32");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unary_functions),
        cmocka_unit_test(fma_and_divisions),
        cmocka_unit_test(umulhi_and_abs),
        cmocka_unit_test(math_and_cast_of_numbers),
        cmocka_unit_test(math_of_an_int_number),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
