/* x.to(dtype): semantic.cast and semantic.bitcast. */
#include "test_lang.h"

/* Float to float, as triton-3.6/ttir/casts.ttir shows them. */
static void float_casts(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_TENSOR(TL_F32, 8));
    tl_value h = tl_arg(b, "h", TL_TENSOR(TL_F16, 8));
    tl_value bf = tl_arg(b, "bf", TL_TENSOR(TL_BF16, 8));
    tl_value f8 = tl_arg(b, "f8", TL_TENSOR(TL_FP8E4NV, 8));
    tl_to(x, TL_F16);
    tl_to(x, TL_BF16);
    tl_to(x, TL_BF16, .fp_downcast_rounding = TL_RTZ);
    tl_to(x, TL_FP8E4NV);
    tl_cast(h, TL_FP8E5);
    tl_to(f8, TL_F32);
    tl_to(bf, TL_F32);
    tl_to(h, TL_BF16);
    tl_to(h, TL_F64);
    tl_to(x, TL_F16, .fp_downcast_rounding = TL_RTNE);
    expect_text(b, HEAD("%arg0: tensor<8xf32>, %arg1: tensor<8xf16>, %arg2: tensor<8xbf16>, "
                        "%arg3: tensor<8xf8E4M3FN>")
                   "    %0 = arith.truncf %arg0 : tensor<8xf32> to tensor<8xf16>\n"
                   "    %1 = arith.truncf %arg0 : tensor<8xf32> to tensor<8xbf16>\n"
                   "    %2 = tt.fp_to_fp %arg0, rounding = rtz : tensor<8xf32> -> tensor<8xbf16>\n"
                   "    %3 = tt.fp_to_fp %arg0, rounding = rtne : tensor<8xf32> -> tensor<8xf8E4M3FN>\n"
                   "    %4 = tt.fp_to_fp %arg1, rounding = rtne : tensor<8xf16> -> tensor<8xf8E5M2>\n"
                   "    %5 = tt.fp_to_fp %arg3 : tensor<8xf8E4M3FN> -> tensor<8xf32>\n"
                   "    %6 = arith.extf %arg2 : tensor<8xbf16> to tensor<8xf32>\n"
                   "    %7 = arith.extf %arg1 : tensor<8xf16> to tensor<8xf32>\n"
                   "    %8 = arith.truncf %7 : tensor<8xf32> to tensor<8xbf16>\n"
                   "    %9 = arith.extf %arg1 : tensor<8xf16> to tensor<8xf32>\n"
                   "    %10 = arith.extf %9 : tensor<8xf32> to tensor<8xf64>\n"
                   "    %11 = arith.truncf %arg0 : tensor<8xf32> to tensor<8xf16>\n" TAIL);
}

/* Integers and int/float: extsi/extui by the source's signedness (int1 unsigned), uitofp for
 * unsigned and bool, fptoui for unsigned targets, != 0 for int1 targets, and no op when only
 * the signedness changes. */
static void integer_casts(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value j = tl_arg(b, "j", SCALAR(TL_I32));
    tl_value x = tl_arg(b, "x", SCALAR(TL_F32));
    tl_value u = tl_arg(b, "u", SCALAR(TL_U32));
    tl_value m = tl_arg(b, "m", SCALAR(TL_I1));
    tl_to(j, TL_F32);
    tl_to(m, TL_F32);
    tl_to(x, TL_I32);
    tl_to(j, TL_I64);
    tl_to(j, TL_I8);
    tl_to(u, TL_F32);
    tl_to(x, TL_U8);
    tl_to(u, TL_I64);
    tl_value r = tl_to(j, TL_U32);
    assert_ptr_equal(r.ir, j.ir);
    assert_int_equal(r.dtype, TL_U32);
    tl_to(j, TL_I1);
    tl_to(x, TL_I1);
    tl_to(m, TL_I32);
    expect_text(b, HEAD("%arg0: i32, %arg1: f32, %arg2: i32, %arg3: i1") "    %cst = arith.constant 0.000000e+00 : f32\n"
                                                                         "    %c0_i32 = arith.constant 0 : i32\n"
                                                                         "    %0 = arith.sitofp %arg0 : i32 to f32\n"
                                                                         "    %1 = arith.uitofp %arg3 : i1 to f32\n"
                                                                         "    %2 = arith.fptosi %arg1 : f32 to i32\n"
                                                                         "    %3 = arith.extsi %arg0 : i32 to i64\n"
                                                                         "    %4 = arith.trunci %arg0 : i32 to i8\n"
                                                                         "    %5 = arith.uitofp %arg2 : i32 to f32\n"
                                                                         "    %6 = arith.fptoui %arg1 : f32 to i8\n"
                                                                         "    %7 = arith.extui %arg2 : i32 to i64\n"
                                                                         "    %8 = arith.cmpi ne, %arg0, %c0_i32 : i32\n"
                                                                         "    %9 = arith.cmpf une, %arg1, %cst : f32\n"
                                                                         "    %10 = arith.extui %arg3 : i1 to i32\n" TAIL);
}

/* bitcast=True: tt.bitcast when the dtype changes (even uint32 -> int32), no op otherwise. */
static void bitcasts(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", SCALAR(TL_F32));
    tl_value u = tl_arg(b, "u", SCALAR(TL_U32));
    tl_value j = tl_arg(b, "j", SCALAR(TL_I32));
    tl_to(x, TL_I32, .bitcast = true);
    tl_to(u, TL_I32, .bitcast = true);
    tl_value r = tl_to(j, TL_I32, .bitcast = true);
    assert_ptr_equal(r.ir, j.ir);
    expect_text(b, HEAD("%arg0: f32, %arg1: i32, %arg2: i32") "    %0 = tt.bitcast %arg0 : f32 -> i32\n"
                                                              "    %1 = tt.bitcast %arg1 : i32 -> i32\n" TAIL);
}

static void pointer_to_int(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_to(p, TL_I64);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>") "    %0 = tt.ptr_to_int %arg0 : !tt.ptr<f32> -> i64\n" TAIL);
}

/* Numbers cast where Python casts a constant, folded as Triton's canonicalizer folds it
 * (store converts the value to the pointee type): an exact truncf folds, an inexact one does
 * not; trunci wraps, fptosi truncates; fp_to_fp folds zeros only. */
static void folded_number_casts(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value ph = tl_arg(b, "ph", PTR(TL_F16));
    tl_value p8 = tl_arg(b, "p8", PTR(TL_I8));
    tl_value pf8 = tl_arg(b, "pf8", PTR(TL_FP8E5));
    tl_store(ph, 0.5);
    tl_store(ph, 0.1);
    tl_store(p8, 300);
    tl_store(p8, 2.7);
    tl_store(pf8, 0.0);
    tl_store(pf8, 2.0);
    expect_text(b, HEAD("%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<i8>, %arg2: !tt.ptr<f8E5M2>")
                   "    %cst = arith.constant 0.000000e+00 : f8E5M2\n"
                   "    %c2_i8 = arith.constant 2 : i8\n"
                   "    %c44_i8 = arith.constant 44 : i8\n"
                   "    %cst_0 = arith.constant 5.000000e-01 : f16\n"
                   "    %cst_1 = arith.constant 2.000000e+00 : f32\n"
                   "    %cst_2 = arith.constant 1.000000e-01 : f32\n"
                   "    tt.store %arg0, %cst_0 : !tt.ptr<f16>\n"
                   "    %0 = arith.truncf %cst_2 : f32 to f16\n"
                   "    tt.store %arg0, %0 : !tt.ptr<f16>\n"
                   "    tt.store %arg1, %c44_i8 : !tt.ptr<i8>\n"
                   "    tt.store %arg1, %c2_i8 : !tt.ptr<i8>\n"
                   "    tt.store %arg2, %cst : !tt.ptr<f8E5M2>\n"
                   "    %1 = tt.fp_to_fp %cst_1, rounding = rtne : f32 -> f8E5M2\n"
                   "    tt.store %arg2, %1 : !tt.ptr<f8E5M2>\n" TAIL);
}

/* float8e4b15: Triton's inline asm from sm80 on (convert_custom_float8_sm80), widened to float32
 * with an extf; float32 narrowed to float16 toward zero first */
static void fp8e4b15_casts(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_FP8E4B15));
    tl_value a = tl_load(tl_addptr(x, tl_arange(b, 0, 4)));
    tl_value f = tl_to(a, TL_F32);
    tl_store(tl_addptr(x, tl_arange(b, 0, 4)), tl_to(f, TL_FP8E4B15));
    expect_text(b, HEAD("%arg0: !tt.ptr<i8>")
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<4x!tt.ptr<i8>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<4x!tt.ptr<i8>>, tensor<4xi32>\n"
                   "    %3 = tt.load %2 : tensor<4x!tt.ptr<i8>>\n"
                   "    %4 = tt.elementwise_inline_asm \"{                                      \\0A.reg .b32 a<2>, b<2>;                  \\0Aprmt.b32 a0, 0, $2, 0x5746;            \\0Aand.b32 b0, a0, 0x7f007f00;            \\0Aand.b32 b1, a0, 0x00ff00ff;            \\0Aand.b32 a1, a0, 0x00800080;            \\0Ashr.b32  b0, b0, 1;                    \\0Aadd.u32 b1, b1, a1;                    \\0Alop3.b32 $0, b0, 0x80008000, a0, 0xf8; \\0Ashl.b32 $1, b1, 7;                     \\0A}                                      \\0A\" {constraints = \"=r,=r,r\", packed_element = 4 : i32, pure = true} %3 : tensor<4xi8> -> tensor<4xf16>\n"
                   "    %5 = arith.extf %4 : tensor<4xf16> to tensor<4xf32>\n"
                   "    %6 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %7 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<4x!tt.ptr<i8>>\n"
                   "    %8 = tt.addptr %7, %6 : tensor<4x!tt.ptr<i8>>, tensor<4xi32>\n"
                   "    %9 = tt.fp_to_fp %5, rounding = rtz : tensor<4xf32> -> tensor<4xf16>\n"
                   "    %10 = tt.elementwise_inline_asm \"{\\0A            .reg .pred p<4>;\\0A            .reg .b32 a<2>, b<2>;\\0A            .reg .b16 c<4>;\\0A            .reg .b16 max_val_f16;\\0A            .reg .b32 max_val_f16x2;\\0A            mov.b16 max_val_f16,   0x3F00;\\0A            mov.b32 max_val_f16x2, 0x3F003F00;\\0A            and.b32 a0, $1, 0x7fff7fff;\\0A            and.b32 a1, $2, 0x7fff7fff;min.f16x2 a0, a0, max_val_f16x2;\\0A                  min.f16x2 a1, a1, max_val_f16x2;mad.lo.u32 a0, a0, 2, 0x00800080;\\0A              mad.lo.u32 a1, a1, 2, 0x00800080;\\0A              lop3.b32 b0, $1, 0x80008000, a0, 0xea;\\0A              lop3.b32 b1, $2, 0x80008000, a1, 0xea;\\0A              prmt.b32 $0, b0, b1, 0x7531;\\0A              }\" {constraints = \"=r,r,r\", packed_element = 4 : i32, pure = true} %9 : tensor<4xf16> -> tensor<4xi8>\n"
                   "    tt.store %8, %10 : tensor<4x!tt.ptr<i8>>\n" TAIL);
}

static void fp8e4b15_misuse(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_FP8E4B15));
    tl_to(tl_load(x), TL_BF16); int line = __LINE__;
    expect_error(b, line, "tl_to: float8e4b15 converts only to float16 and float32 (Triton 3.6's "
                          "convert_custom_float8), not bfloat16");
    b = tl_builder_create("k");
    tl_value y = tl_arg(b, "y", PTR(TL_I32));
    tl_to(tl_load(y), TL_FP8E4B15); line = __LINE__;
    expect_error(b, line, "tl_to: only float16 and float32 convert to float8e4b15 (Triton 3.6's "
                          "convert_custom_float8), not int32");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(float_casts),    cmocka_unit_test(integer_casts),       cmocka_unit_test(bitcasts),
        cmocka_unit_test(pointer_to_int), cmocka_unit_test(folded_number_casts),
        cmocka_unit_test(fp8e4b15_casts), cmocka_unit_test(fp8e4b15_misuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
