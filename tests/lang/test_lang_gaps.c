/* Gaps found porting model kernels: tl_static_assert, tl_dtype_of / tl_element_ty, hints on a
 * for loop's induction variable, libdevice names, tl_make_block_ptr with every argument named. */
#include "test_lang.h"

/* ---- tl_static_assert ---------------------------------------------------------------- */

static void static_assert_passes_and_emits_nothing(void **state)
{
    (void)state;
    enum { BLOCK = 64 };
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    assert_true(tl_static_assert(b, BLOCK % 32 == 0));
    assert_true(tl_static_assert(b, BLOCK >= 16, "BLOCK too small"));
    tl_store(x, 1.0);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>") "    %cst = arith.constant 1.000000e+00 : f32\n"
                                               "    tt.store %arg0, %cst : !tt.ptr<f32>\n" TAIL);
}

static void static_assert_fails_with_message(void **state)
{
    (void)state;
    enum { BLOCK = 48 };
    tl_builder *b = tl_builder_create("k");
    tl_arg(b, "x", PTR(TL_F32));
    bool ok = tl_static_assert(b, BLOCK % 32 == 0, "BLOCK must be a multiple of 32"); int line = __LINE__;
    assert_false(ok);
    expect_error(b, line, "tl_static_assert: static assertion failed: BLOCK must be a multiple of 32");
}

static void static_assert_fails_without_message(void **state)
{
    (void)state;
    enum { BLOCK = 48 };
    tl_builder *b = tl_builder_create("k");
    tl_arg(b, "x", PTR(TL_F32));
    tl_static_assert(b, BLOCK % 32 == 0); int line = __LINE__;
    expect_error(b, line, "tl_static_assert: static assertion failed: BLOCK % 32 == 0");
}

static void static_assert_after_error_and_null(void **state)
{
    (void)state;
    assert_false(tl_static_assert(NULL, 1));
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_add(x, 1.5); int line = __LINE__; /* pointer + float: the first error stays */
    assert_false(tl_static_assert(b, 1, "passes, but the builder is in error"));
    tl_static_assert(b, 0, "not recorded");
    expect_error(b, line, "tl_add: invalid operands of type pointer<float32> and float32");
}

/* ---- x.dtype, ptr.dtype.element_ty ----------------------------------------------------- */

static void dtype_accessors(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F16));
    tl_value n = tl_arg(b, "n", SCALAR(TL_I64));
    tl_value v = tl_load(tl_addptr(x, tl_arange(b, 0, 16)));
    assert_int_equal(tl_dtype_of(v), TL_F16);
    assert_int_equal(tl_dtype_of(n), TL_I64);
    assert_int_equal(tl_dtype_of(tl_lit(1.0)), TL_F32);
    assert_int_equal(tl_dtype_of(tl_lit(1)), TL_I32);
    assert_int_equal(tl_element_ty(x), TL_F16);
    assert_int_equal(tl_element_ty(tl_addptr(x, tl_arange(b, 0, 16))), TL_F16);
    /* acc.to(o.dtype.element_ty) */
    tl_store(x, tl_to(tl_to(tl_load(x), TL_F32), tl_element_ty(x)));
    expect_text(b, HEAD("%arg0: !tt.ptr<f16>, %arg1: i64")
                "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                "    %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x!tt.ptr<f16>>\n"
                "    %2 = tt.addptr %1, %0 : tensor<16x!tt.ptr<f16>>, tensor<16xi32>\n"
                "    %3 = tt.load %2 : tensor<16x!tt.ptr<f16>>\n"
                "    %4 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                "    %5 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x!tt.ptr<f16>>\n"
                "    %6 = tt.addptr %5, %4 : tensor<16x!tt.ptr<f16>>, tensor<16xi32>\n"
                "    %7 = tt.load %arg0 : !tt.ptr<f16>\n"
                "    %8 = arith.extf %7 : f16 to f32\n"
                "    %9 = arith.truncf %8 : f32 to f16\n"
                "    tt.store %arg0, %9 : !tt.ptr<f16>\n" TAIL);
}

static void dtype_of_pointer_is_an_error(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F16));
    tl_dtype d = tl_dtype_of(x); int line = __LINE__;
    assert_int_equal(d, TL_DTYPE_INVALID);
    expect_error(b, line, "tl_dtype_of: x is a pointer to float16: its dtype is a pointer type, which tl_dtype "
                          "cannot hold (use tl_element_ty for the pointee)");
}

static void element_ty_of_non_pointer_is_an_error(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F16));
    tl_value v = tl_load(x);
    tl_dtype d = tl_element_ty(v); int line = __LINE__;
    assert_int_equal(d, TL_DTYPE_INVALID);
    expect_error(b, line, "tl_element_ty: x is not a pointer (its dtype is float16, which has no element_ty)");
}

static void dtype_of_poison(void **state)
{
    (void)state;
    assert_int_equal(tl_dtype_of(TL_POISON), TL_DTYPE_INVALID);
    assert_int_equal(tl_element_ty(TL_POISON), TL_DTYPE_INVALID);
    assert_int_equal(tl_element_ty(tl_lit(1)), TL_DTYPE_INVALID);
}

/* ---- hints on a for loop's induction variable -------------------------------------------- */

/* Python binds the induction variable to a ub.poison placeholder while it visits the body, so
 * tl.multiple_of(k, 16) marks that dead op and make_ttir drops it: nothing marks the loop. */
static void hint_on_induction_variable_is_dropped(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value acc = tl_zeros(b, TL_SHAPE(16), TL_F32);
    tl_scope l = tl_for(b, 0, n, 16, .carry = TL_VARS(&acc));
    tl_value k = tl_multiple_of(l.iv, 16);
    acc = tl_add(acc, tl_load(tl_addptr(x, k)));
    tl_end(&l);
    tl_store(tl_addptr(x, tl_arange(b, 0, 16)), acc);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: i32")
                "    %c16_i32 = arith.constant 16 : i32\n"
                "    %c0_i32 = arith.constant 0 : i32\n"
                "    %cst = arith.constant dense<0.000000e+00> : tensor<16xf32>\n"
                "    %0 = scf.for %arg2 = %c0_i32 to %arg1 step %c16_i32 iter_args(%arg3 = %cst) -> (tensor<16xf32>)  : i32 {\n"
                "      %4 = tt.addptr %arg0, %arg2 : !tt.ptr<f32>, i32\n"
                "      %5 = tt.load %4 : !tt.ptr<f32>\n"
                "      %6 = tt.splat %5 : f32 -> tensor<16xf32>\n"
                "      %7 = arith.addf %arg3, %6 : tensor<16xf32>\n"
                "      scf.yield %7 : tensor<16xf32>\n"
                "    }\n"
                "    %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                "    %2 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                "    %3 = tt.addptr %2, %1 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                "    tt.store %3, %0 : tensor<16x!tt.ptr<f32>>\n" TAIL);
}

/* ---- libdevice names ------------------------------------------------------------------ */

static void libdevice_symbols_from_the_table(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value d = tl_arg(b, "d", PTR(TL_F64));
    tl_value a = tl_load(x);
    tl_value y = tl_libdevice2(a, 2, "pow"); /* an int exponent: __nv_powif, as Python's to_tensor types 2 */
    tl_value z = tl_libdevice(y, "abs");
    tl_value w = tl_libdevice3(z, z, z, "fma_rn");
    tl_store(x, tl_libdevice(w, "rint"));
    tl_store(d, tl_libdevice2(tl_load(d), 3, "ldexp"));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f64>")
                "    %c3_i32 = arith.constant 3 : i32\n"
                "    %c2_i32 = arith.constant 2 : i32\n"
                "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                "    %1 = tt.extern_elementwise %0, %c2_i32 {libname = \"\", libpath = \"\", pure = true, symbol = \"__nv_powif\"} : (f32, i32) -> f32\n"
                "    %2 = tt.extern_elementwise %1 {libname = \"\", libpath = \"\", pure = true, symbol = \"__nv_fabsf\"} : (f32) -> f32\n"
                "    %3 = tt.extern_elementwise %2, %2, %2 {libname = \"\", libpath = \"\", pure = true, symbol = \"__nv_fmaf_rn\"} : (f32, f32, f32) -> f32\n"
                "    %4 = tt.extern_elementwise %3 {libname = \"\", libpath = \"\", pure = true, symbol = \"__nv_rintf\"} : (f32) -> f32\n"
                "    tt.store %arg0, %4 : !tt.ptr<f32>\n"
                "    %5 = tt.load %arg1 : !tt.ptr<f64>\n"
                "    %6 = tt.extern_elementwise %5, %c3_i32 {libname = \"\", libpath = \"\", pure = true, symbol = \"__nv_ldexp\"} : (f64, i32) -> f64\n"
                "    tt.store %arg1, %6 : !tt.ptr<f64>\n" TAIL);
}

static void libdevice_unknown_name(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_libdevice(tl_load(x), "rintt"); int line = __LINE__;
    expect_error(b, line, "tl_libdevice: libdevice has no function 'rintt'");
}

static void libdevice_other_types(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_libdevice(tl_load(x), "isnan"); int line = __LINE__;
    expect_error(b, line, "tl_libdevice: libdevice.isnan does not take and return one float dtype: call it with "
                          "tl_extern_elementwise");
}

static void libdevice_arity(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_libdevice(tl_load(x), "pow"); int line = __LINE__;
    expect_error(b, line, "tl_libdevice: libdevice.pow takes 2 arguments, got 1");
}

static void libdevice_missing_overload(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F64));
    tl_libdevice(tl_load(x), "fast_expf"); int line = __LINE__; /* float32 only in libdevice.py */
    expect_error(b, line, "tl_libdevice: input arg type does not match: expect one of (float32,), got (float64,)");
}

/* ---- make_block_ptr with every argument named ------------------------------------------- */

/* tl.make_block_ptr(base=q + off, shape=..., strides=..., offsets=(m * 16, 0), ...): base
 * first (addptr), then the offsets (muli); the positional form puts the lists first. */
static void block_ptr_keyword_base_comes_first(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value q = tl_arg(b, "q", PTR(TL_F16));
    tl_value off = tl_arg(b, "off", SCALAR(TL_I32));
    tl_value m = tl_arg(b, "m", SCALAR(TL_I32));
    tl_value p = tl_make_block_ptr_kw(.base = tl_addptr(q, off), .shape = TL_LIST(128, 64), .strides = TL_LIST(64, 1), .offsets = TL_LIST(tl_mul(m, 16), 0), .block_shape = TL_SHAPE(16, 64), .order = TL_ORDER(1, 0));
    tl_value r = tl_make_block_ptr(tl_addptr(q, off), TL_LIST(128, 64), TL_LIST(64, 1), TL_LIST(tl_mul(m, 16), 0), TL_SHAPE(16, 64), TL_ORDER(1, 0));
    tl_store(r, tl_load(p));
    expect_text(b, HEAD("%arg0: !tt.ptr<f16>, %arg1: i32, %arg2: i32")
                "    %c0_i32 = arith.constant 0 : i32\n"
                "    %c1_i64 = arith.constant 1 : i64\n"
                "    %c64_i64 = arith.constant 64 : i64\n"
                "    %c128_i64 = arith.constant 128 : i64\n"
                "    %c16_i32 = arith.constant 16 : i32\n"
                "    %0 = tt.addptr %arg0, %arg1 : !tt.ptr<f16>, i32\n"
                "    %1 = arith.muli %arg2, %c16_i32 : i32\n"
                "    %2 = tt.make_tensor_ptr %0, [%c128_i64, %c64_i64], [%c64_i64, %c1_i64], [%1, %c0_i32] {order = array<i32: 1, 0>} : <tensor<16x64xf16>>\n"
                "    %3 = arith.muli %arg2, %c16_i32 : i32\n"
                "    %4 = tt.addptr %arg0, %arg1 : !tt.ptr<f16>, i32\n"
                "    %5 = tt.make_tensor_ptr %4, [%c128_i64, %c64_i64], [%c64_i64, %c1_i64], [%3, %c0_i32] {order = array<i32: 1, 0>} : <tensor<16x64xf16>>\n"
                "    %6 = tt.load %2 : !tt.ptr<tensor<16x64xf16>>\n"
                "    tt.store %5, %6 : !tt.ptr<tensor<16x64xf16>>\n" TAIL);
}

static void block_ptr_keyword_errors(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value q = tl_arg(b, "q", PTR(TL_F16));
    tl_make_block_ptr_kw(.base = q, .shape = TL_LIST(128), .strides = TL_LIST(1), .offsets = TL_LIST(0), .block_shape = TL_SHAPE(16), .order = TL_ORDER(1)); int line = __LINE__;
    expect_error(b, line, "tl_make_block_ptr: Expected a permutation of (0, 1, ..., len(order)-1) in order");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(static_assert_passes_and_emits_nothing),
        cmocka_unit_test(static_assert_fails_with_message),
        cmocka_unit_test(static_assert_fails_without_message),
        cmocka_unit_test(static_assert_after_error_and_null),
        cmocka_unit_test(dtype_accessors),
        cmocka_unit_test(dtype_of_pointer_is_an_error),
        cmocka_unit_test(element_ty_of_non_pointer_is_an_error),
        cmocka_unit_test(dtype_of_poison),
        cmocka_unit_test(hint_on_induction_variable_is_dropped),
        cmocka_unit_test(libdevice_symbols_from_the_table),
        cmocka_unit_test(libdevice_unknown_name),
        cmocka_unit_test(libdevice_other_types),
        cmocka_unit_test(libdevice_arity),
        cmocka_unit_test(libdevice_missing_overload),
        cmocka_unit_test(block_ptr_keyword_base_comes_first),
        cmocka_unit_test(block_ptr_keyword_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
