/* Matrix and shape ops (tensor.h): the exact TTIR of each op and option, one test per misuse
 * with its exact message, and the verifier's rules for these ops. */
#include "test_lang.h"

#define F16_ARGS "%arg0: !tt.ptr<f16>"

/* A tensor of the given shape splat from the scalar *p (short IR, any shape). */
static tl_value splat_of(tl_builder *b, tl_value p, tl_shape shape)
{
    return tl_splat(b, tl_load(p), shape);
}

/* ---- tl.dot ---------------------------------------------------------------------------------- */

static void dot_without_acc_defaults_to_tf32_and_a_zero_accumulator(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F16));
    tl_value x = splat_of(b, p, TL_SHAPE(16, 32)), y = splat_of(b, p, TL_SHAPE(32, 64));
    tl_value d = tl_dot(x, y);
    (void)d;
    expect_text(b, HEAD(F16_ARGS)
                   "    %cst = arith.constant dense<0.000000e+00> : tensor<16x64xf32>\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<f16>\n"
                   "    %1 = tt.splat %0 : f16 -> tensor<16x32xf16>\n"
                   "    %2 = tt.load %arg0 : !tt.ptr<f16>\n"
                   "    %3 = tt.splat %2 : f16 -> tensor<32x64xf16>\n"
                   "    %4 = tt.dot %1, %3, %cst, inputPrecision = tf32 : tensor<16x32xf16> * tensor<32x64xf16> -> "
                   "tensor<16x64xf32>\n" TAIL);
}

static void dot_acc_positional_or_keyword(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F16));
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    tl_value acc = tl_zeros(b, TL_SHAPE(16, 16), TL_F32);
    acc = tl_dot(x, x, acc);
    acc = tl_dot(x, x, .acc = acc);
    (void)acc;
    expect_text(b, HEAD(F16_ARGS)
                   "    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32>\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<f16>\n"
                   "    %1 = tt.splat %0 : f16 -> tensor<16x16xf16>\n"
                   "    %2 = tt.dot %1, %1, %cst, inputPrecision = tf32 : tensor<16x16xf16> * tensor<16x16xf16> -> "
                   "tensor<16x16xf32>\n"
                   "    %3 = tt.dot %1, %1, %2, inputPrecision = tf32 : tensor<16x16xf16> * tensor<16x16xf16> -> "
                   "tensor<16x16xf32>\n" TAIL);
}

static void dot_input_precisions(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    tl_value acc = tl_dot(x, x, .input_precision = TL_PRECISION_IEEE);
    acc = tl_dot(x, x, acc, .input_precision = TL_PRECISION_TF32);
    acc = tl_dot(x, x, acc, .input_precision = TL_PRECISION_TF32X3);
    acc = tl_dot(x, x, acc, .input_precision = TL_PRECISION_BF16X3);
    acc = tl_dot(x, x, acc, .input_precision = TL_PRECISION_BF16X6);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>")
                   "    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32>\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %1 = tt.splat %0 : f32 -> tensor<16x16xf32>\n"
                   "    %2 = tt.dot %1, %1, %cst : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>\n"
                   "    %3 = tt.dot %1, %1, %2, inputPrecision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> "
                   "tensor<16x16xf32>\n"
                   "    %4 = tt.dot %1, %1, %3, inputPrecision = tf32x3 : tensor<16x16xf32> * tensor<16x16xf32> -> "
                   "tensor<16x16xf32>\n"
                   "    %5 = tt.dot %1, %1, %4, inputPrecision = bf16x3 : tensor<16x16xf32> * tensor<16x16xf32> -> "
                   "tensor<16x16xf32>\n"
                   "    %6 = tt.dot %1, %1, %5, inputPrecision = bf16x6 : tensor<16x16xf32> * tensor<16x16xf32> -> "
                   "tensor<16x16xf32>\n" TAIL);
}

static void dot_fp8_max_num_imprecise_acc(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_FP8E4NV));
    tl_value q = tl_arg(b, "q", PTR(TL_FP8E5));
    tl_value x = splat_of(b, p, TL_SHAPE(16, 32)), y = splat_of(b, q, TL_SHAPE(32, 16));
    tl_value acc = tl_dot(x, y);
    acc = tl_dot(x, y, acc, .max_num_imprecise_acc = 32);
    acc = tl_dot(x, y, acc, .max_num_imprecise_acc = TL_MAX_NUM_IMPRECISE_ACC_ZERO);
    tl_value h = tl_dot(x, y, .out_dtype = TL_F16);
    (void)acc;
    (void)h;
    expect_text(b, HEAD("%arg0: !tt.ptr<f8E4M3FN>, %arg1: !tt.ptr<f8E5M2>")
                   "    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf16>\n"
                   "    %cst_0 = arith.constant dense<0.000000e+00> : tensor<16x16xf32>\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<f8E4M3FN>\n"
                   "    %1 = tt.splat %0 : f8E4M3FN -> tensor<16x32xf8E4M3FN>\n"
                   "    %2 = tt.load %arg1 : !tt.ptr<f8E5M2>\n"
                   "    %3 = tt.splat %2 : f8E5M2 -> tensor<32x16xf8E5M2>\n"
                   "    %4 = tt.dot %1, %3, %cst_0, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : "
                   "tensor<16x32xf8E4M3FN> * tensor<32x16xf8E5M2> -> tensor<16x16xf32>\n"
                   "    %5 = tt.dot %1, %3, %4, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : "
                   "tensor<16x32xf8E4M3FN> * tensor<32x16xf8E5M2> -> tensor<16x16xf32>\n"
                   "    %6 = tt.dot %1, %3, %5, inputPrecision = tf32 : tensor<16x32xf8E4M3FN> * "
                   "tensor<32x16xf8E5M2> -> tensor<16x16xf32>\n"
                   "    %7 = tt.dot %1, %3, %cst, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : "
                   "tensor<16x32xf8E4M3FN> * tensor<32x16xf8E5M2> -> tensor<16x16xf16>\n" TAIL);
}

static void dot_out_dtypes_by_input(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p8 = tl_arg(b, "p8", PTR(TL_I8));
    tl_value ph = tl_arg(b, "ph", PTR(TL_F16));
    tl_value pb = tl_arg(b, "pb", PTR(TL_BF16));
    tl_value pd = tl_arg(b, "pd", PTR(TL_F64));
    tl_value i = splat_of(b, p8, TL_SHAPE(16, 32)), h = splat_of(b, ph, TL_SHAPE(16, 16));
    tl_value bf = splat_of(b, pb, TL_SHAPE(16, 16)), d = splat_of(b, pd, TL_SHAPE(16, 16));
    tl_value ri = tl_dot(i, tl_T(i));
    ri = tl_dot(i, tl_T(i), ri, .out_dtype = TL_I32);
    tl_value rh = tl_dot(h, h, .out_dtype = TL_F16);
    rh = tl_dot(h, h, rh, .out_dtype = TL_F16);
    tl_value rb = tl_dot(bf, bf, .out_dtype = TL_F16); /* bfloat16 gives float32 whatever out_dtype */
    tl_value rd = tl_dot(d, d);
    (void)rb;
    (void)rd;
    expect_text(b, HEAD("%arg0: !tt.ptr<i8>, %arg1: !tt.ptr<f16>, %arg2: !tt.ptr<bf16>, %arg3: !tt.ptr<f64>")
                   "    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf64>\n"
                   "    %cst_0 = arith.constant dense<0.000000e+00> : tensor<16x16xf32>\n"
                   "    %cst_1 = arith.constant dense<0.000000e+00> : tensor<16x16xf16>\n"
                   "    %cst_2 = arith.constant dense<0> : tensor<16x16xi32>\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<i8>\n"
                   "    %1 = tt.splat %0 : i8 -> tensor<16x32xi8>\n"
                   "    %2 = tt.load %arg1 : !tt.ptr<f16>\n"
                   "    %3 = tt.splat %2 : f16 -> tensor<16x16xf16>\n"
                   "    %4 = tt.load %arg2 : !tt.ptr<bf16>\n"
                   "    %5 = tt.splat %4 : bf16 -> tensor<16x16xbf16>\n"
                   "    %6 = tt.load %arg3 : !tt.ptr<f64>\n"
                   "    %7 = tt.splat %6 : f64 -> tensor<16x16xf64>\n"
                   "    %8 = tt.trans %1 {order = array<i32: 1, 0>} : tensor<16x32xi8> -> tensor<32x16xi8>\n"
                   "    %9 = tt.dot %1, %8, %cst_2, inputPrecision = tf32 : tensor<16x32xi8> * tensor<32x16xi8> -> "
                   "tensor<16x16xi32>\n"
                   "    %10 = tt.trans %1 {order = array<i32: 1, 0>} : tensor<16x32xi8> -> tensor<32x16xi8>\n"
                   "    %11 = tt.dot %1, %10, %9, inputPrecision = tf32 : tensor<16x32xi8> * tensor<32x16xi8> -> "
                   "tensor<16x16xi32>\n"
                   "    %12 = tt.dot %3, %3, %cst_1, inputPrecision = tf32 : tensor<16x16xf16> * tensor<16x16xf16> "
                   "-> tensor<16x16xf16>\n"
                   "    %13 = tt.dot %3, %3, %12, inputPrecision = tf32 : tensor<16x16xf16> * tensor<16x16xf16> -> "
                   "tensor<16x16xf16>\n"
                   "    %14 = tt.dot %5, %5, %cst_0, inputPrecision = tf32 : tensor<16x16xbf16> * tensor<16x16xbf16> "
                   "-> tensor<16x16xf32>\n"
                   "    %15 = tt.dot %7, %7, %cst, inputPrecision = tf32 : tensor<16x16xf64> * tensor<16x16xf64> -> "
                   "tensor<16x16xf64>\n" TAIL);
}

static void dot_batched_rank3_and_rank4(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F16));
    tl_value x = splat_of(b, p, TL_SHAPE(2, 16, 32)), y = splat_of(b, p, TL_SHAPE(2, 32, 16));
    tl_value d3 = tl_dot(x, y);
    tl_value x4 = splat_of(b, p, TL_SHAPE(2, 4, 16, 16));
    tl_value acc = tl_zeros(b, TL_SHAPE(2, 4, 16, 16), TL_F32);
    tl_value d4 = tl_dot(x4, x4, acc);
    (void)d3;
    (void)d4;
    expect_text(b, HEAD(F16_ARGS)
                   "    %cst = arith.constant dense<0.000000e+00> : tensor<2x4x16x16xf32>\n"
                   "    %cst_0 = arith.constant dense<0.000000e+00> : tensor<2x16x16xf32>\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<f16>\n"
                   "    %1 = tt.splat %0 : f16 -> tensor<2x16x32xf16>\n"
                   "    %2 = tt.load %arg0 : !tt.ptr<f16>\n"
                   "    %3 = tt.splat %2 : f16 -> tensor<2x32x16xf16>\n"
                   "    %4 = tt.dot %1, %3, %cst_0, inputPrecision = tf32 : tensor<2x16x32xf16> * "
                   "tensor<2x32x16xf16> -> tensor<2x16x16xf32>\n"
                   "    %5 = tt.load %arg0 : !tt.ptr<f16>\n"
                   "    %6 = tt.splat %5 : f16 -> tensor<2x4x16x16xf16>\n"
                   "    %7 = tt.reshape %6 : tensor<2x4x16x16xf16> -> tensor<8x16x16xf16>\n"
                   "    %8 = tt.reshape %6 : tensor<2x4x16x16xf16> -> tensor<8x16x16xf16>\n"
                   "    %9 = tt.reshape %cst : tensor<2x4x16x16xf32> -> tensor<8x16x16xf32>\n"
                   "    %10 = tt.dot %7, %8, %9, inputPrecision = tf32 : tensor<8x16x16xf16> * tensor<8x16x16xf16> "
                   "-> tensor<8x16x16xf32>\n"
                   "    %11 = tt.reshape %10 : tensor<8x16x16xf32> -> tensor<2x4x16x16xf32>\n" TAIL);
}

/* Keyword values are evaluated first in Python: acc's load moves before the operands' loads. */
static void dot_keyword_acc_first(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F16));
    tl_value q = tl_arg(b, "q", PTR(TL_F32));
    tl_value i = tl_add(tl_mul(tl_expand_dims(tl_arange(b, 0, 16), 1), 16), tl_expand_dims(tl_arange(b, 0, 16), 0));
    tl_value d = tl_dot(tl_load(tl_addptr(p, i)), tl_load(tl_addptr(p, i)), .acc = tl_load(tl_addptr(q, i)));
    (void)d;
    expect_text(b, HEAD("%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f32>")
                   "    %cst = arith.constant dense<16> : tensor<16x1xi32>\n"
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>\n"
                   "    %2 = arith.muli %1, %cst : tensor<16x1xi32>\n"
                   "    %3 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>\n"
                   "    %5 = tt.broadcast %2 : tensor<16x1xi32> -> tensor<16x16xi32>\n"
                   "    %6 = tt.broadcast %4 : tensor<1x16xi32> -> tensor<16x16xi32>\n"
                   "    %7 = arith.addi %5, %6 : tensor<16x16xi32>\n"
                   "    %8 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>\n"
                   "    %9 = tt.addptr %8, %7 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>\n"
                   "    %10 = tt.load %9 : tensor<16x16x!tt.ptr<f32>>\n"
                   "    %11 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>\n"
                   "    %12 = tt.addptr %11, %7 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>\n"
                   "    %13 = tt.load %12 : tensor<16x16x!tt.ptr<f16>>\n"
                   "    %14 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>\n"
                   "    %15 = tt.addptr %14, %7 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>\n"
                   "    %16 = tt.load %15 : tensor<16x16x!tt.ptr<f16>>\n"
                   "    %17 = tt.dot %13, %16, %10, inputPrecision = tf32 : tensor<16x16xf16> * tensor<16x16xf16> -> "
                   "tensor<16x16xf32>\n" TAIL);
}

/* ---- tl.dot_scaled ------------------------------------------------------------------------- */

static void dot_scaled_formats_scales_and_packing(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_U8));
    tl_value q = tl_arg(b, "q", PTR(TL_U16));
    tl_value a4 = splat_of(b, p, TL_SHAPE(32, 32)), sa = splat_of(b, p, TL_SHAPE(32, 2));
    tl_value bh = splat_of(b, q, TL_SHAPE(64, 32));
    tl_value d = tl_dot_scaled(a4, sa, "e2m1", bh, TL_NO_SCALE, "bf16");
    tl_value a8 = splat_of(b, p, TL_SHAPE(32, 64)), b8 = splat_of(b, p, TL_SHAPE(64, 32));
    d = tl_dot_scaled(a8, sa, "e4m3", b8, sa, "e5m2", d, .fast_math = true);
    tl_value m4 = splat_of(b, p, TL_SHAPE(16, 64));
    tl_value e = tl_dot_scaled(m4, TL_NO_SCALE, "e2m1", b8, TL_NO_SCALE, "e4m3", .lhs_k_pack = TL_K_PACK_FALSE);
    (void)e;
    expect_text(b, HEAD("%arg0: !tt.ptr<i8>, %arg1: !tt.ptr<i16>")
                   "    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf32>\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<i8>\n"
                   "    %1 = tt.splat %0 : i8 -> tensor<32x32xi8>\n"
                   "    %2 = tt.load %arg0 : !tt.ptr<i8>\n"
                   "    %3 = tt.splat %2 : i8 -> tensor<32x2xi8>\n"
                   "    %4 = tt.load %arg1 : !tt.ptr<i16>\n"
                   "    %5 = tt.splat %4 : i16 -> tensor<64x32xi16>\n"
                   "    %6 = tt.bitcast %5 : tensor<64x32xi16> -> tensor<64x32xbf16>\n"
                   "    %7 = tt.dot_scaled %1 scale %3, %6, %cst lhs = e2m1 rhs = bf16 {fastMath = false} : "
                   "tensor<32x32xi8>, tensor<32x2xi8> * tensor<64x32xbf16> -> tensor<32x32xf32>\n"
                   "    %8 = tt.load %arg0 : !tt.ptr<i8>\n"
                   "    %9 = tt.splat %8 : i8 -> tensor<32x64xi8>\n"
                   "    %10 = tt.load %arg0 : !tt.ptr<i8>\n"
                   "    %11 = tt.splat %10 : i8 -> tensor<64x32xi8>\n"
                   "    %12 = tt.bitcast %9 : tensor<32x64xi8> -> tensor<32x64xf8E4M3FN>\n"
                   "    %13 = tt.bitcast %11 : tensor<64x32xi8> -> tensor<64x32xf8E5M2>\n"
                   "    %14 = tt.dot_scaled %12 scale %3, %13 scale %3, %7 lhs = e4m3 rhs = e5m2 {fastMath = true} : "
                   "tensor<32x64xf8E4M3FN>, tensor<32x2xi8> * tensor<64x32xf8E5M2>, tensor<32x2xi8> -> "
                   "tensor<32x32xf32>\n"
                   "    %15 = tt.load %arg0 : !tt.ptr<i8>\n"
                   "    %16 = tt.splat %15 : i8 -> tensor<16x64xi8>\n"
                   "    %17 = tt.bitcast %11 : tensor<64x32xi8> -> tensor<64x32xf8E4M3FN>\n"
                   "    %18 = tt.dot_scaled %16, %17, %cst lhs = e2m1 rhs = e4m3 {fastMath = false, lhs_k_pack = "
                   "false} : tensor<16x64xi8> * tensor<64x32xf8E4M3FN> -> tensor<32x32xf32>\n" TAIL);
}

/* ---- reshape, view, item, permute, trans ------------------------------------------------------ */

static void reshape_view_and_item(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    tl_value r = tl_reshape(x, TL_SHAPE(256));
    r = tl_reshape(x, TL_SHAPE(8, 32), .can_reorder = true);
    r = tl_view(x, TL_SHAPE(4, 64));
    tl_value one = splat_of(b, p, TL_SHAPE(1, 1));
    tl_store(p, tl_add(tl_item(one), tl_reshape(one, (tl_shape){.rank = 0})));
    tl_store(p, tl_item(tl_load(p)));
    (void)r;
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>")
                   "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %1 = tt.splat %0 : f32 -> tensor<16x16xf32>\n"
                   "    %2 = tt.reshape %1 : tensor<16x16xf32> -> tensor<256xf32>\n"
                   "    %3 = tt.reshape %1 allow_reorder : tensor<16x16xf32> -> tensor<8x32xf32>\n"
                   "    %4 = tt.reshape %1 allow_reorder : tensor<16x16xf32> -> tensor<4x64xf32>\n"
                   "    %5 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %6 = tt.splat %5 : f32 -> tensor<1x1xf32>\n"
                   "    %7 = tt.unsplat %6 : tensor<1x1xf32>\n"
                   "    %8 = tt.unsplat %6 : tensor<1x1xf32>\n"
                   "    %9 = arith.addf %7, %8 : f32\n"
                   "    tt.store %arg0, %9 : !tt.ptr<f32>\n"
                   "    %10 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    tt.store %arg0, %10 : !tt.ptr<f32>\n" TAIL);
}

static void permute_trans_and_T(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value x = splat_of(b, p, TL_SHAPE(2, 4, 8));
    tl_value t = tl_trans(x);
    t = tl_trans(x, TL_DIMS(2, 0, 1));
    t = tl_permute(x, TL_DIMS(1, 2, 0));
    t = tl_T(splat_of(b, p, TL_SHAPE(2, 4)));
    (void)t;
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>")
                   "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %1 = tt.splat %0 : f32 -> tensor<2x4x8xf32>\n"
                   "    %2 = tt.trans %1 {order = array<i32: 0, 2, 1>} : tensor<2x4x8xf32> -> tensor<2x8x4xf32>\n"
                   "    %3 = tt.trans %1 {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>\n"
                   "    %4 = tt.trans %1 {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf32> -> tensor<4x8x2xf32>\n"
                   "    %5 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %6 = tt.splat %5 : f32 -> tensor<2x4xf32>\n"
                   "    %7 = tt.trans %6 {order = array<i32: 1, 0>} : tensor<2x4xf32> -> tensor<4x2xf32>\n" TAIL);
}

/* ---- cat, join, split, gather, histogram --------------------------------------------------- */

static void cat_join_and_split(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value r = tl_arange(b, 0, 16);
    tl_value c = tl_cat(r, r, .can_reorder = true);
    tl_value x = tl_load(p), t = splat_of(b, p, TL_SHAPE(4, 8));
    tl_value j = tl_join(t, x); /* the scalar is splat to t's shape */
    tl_pair s = tl_split(j);
    tl_pair s2 = tl_split(tl_join(x, x)); /* two scalars and back */
    tl_store(p, tl_add(s2.first, s2.second));
    (void)c;
    (void)s;
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>")
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = tt.cat %0, %0 : tensor<16xi32> -> tensor<32xi32>\n"
                   "    %2 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %3 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %4 = tt.splat %3 : f32 -> tensor<4x8xf32>\n"
                   "    %5 = tt.splat %2 : f32 -> tensor<4x8xf32>\n"
                   "    %6 = tt.join %4, %5 : tensor<4x8xf32> -> tensor<4x8x2xf32>\n"
                   "    %outLHS, %outRHS = tt.split %6 : tensor<4x8x2xf32> -> tensor<4x8xf32>\n"
                   "    %7 = tt.splat %2 : f32 -> tensor<1xf32>\n"
                   "    %8 = tt.splat %2 : f32 -> tensor<1xf32>\n"
                   "    %9 = tt.join %7, %8 : tensor<1xf32> -> tensor<1x2xf32>\n"
                   "    %10 = tt.reshape %9 : tensor<1x2xf32> -> tensor<2xf32>\n"
                   "    %11 = tt.expand_dims %10 {axis = 0 : i32} : tensor<2xf32> -> tensor<1x2xf32>\n"
                   "    %outLHS_0, %outRHS_1 = tt.split %11 : tensor<1x2xf32> -> tensor<1xf32>\n"
                   "    %12 = tt.unsplat %outLHS_0 : tensor<1xf32>\n"
                   "    %13 = tt.unsplat %outRHS_1 : tensor<1xf32>\n"
                   "    %14 = arith.addf %12, %13 : f32\n"
                   "    tt.store %arg0, %14 : !tt.ptr<f32>\n" TAIL);
}

static void gather_and_histogram(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value q = tl_arg(b, "q", PTR(TL_I64));
    tl_value src = splat_of(b, p, TL_SHAPE(16, 32)), idx = splat_of(b, q, TL_SHAPE(8, 32));
    tl_value g = tl_gather(src, idx, -2);
    tl_value r = tl_arange(b, 0, 16);
    tl_value h = tl_histogram(r, 32);
    h = tl_histogram(r, 8, .mask = tl_lt(r, 4)); /* the comparison comes right before its histogram */
    h = tl_histogram(r, 8, .mask = tl_lit_bool(true));
    (void)g;
    (void)h;
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i64>")
                   "    %cst = arith.constant dense<true> : tensor<16xi1>\n"
                   "    %cst_0 = arith.constant dense<4> : tensor<16xi32>\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %1 = tt.splat %0 : f32 -> tensor<16x32xf32>\n"
                   "    %2 = tt.load %arg1 : !tt.ptr<i64>\n"
                   "    %3 = tt.splat %2 : i64 -> tensor<8x32xi64>\n"
                   "    %4 = tt.gather %1[%3] {axis = 0 : i32} : (tensor<16x32xf32>, tensor<8x32xi64>) -> "
                   "tensor<8x32xf32>\n"
                   "    %5 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %6 = tt.histogram %5 : tensor<16xi32> -> tensor<32xi32>\n"
                   "    %7 = arith.cmpi slt, %5, %cst_0 : tensor<16xi32>\n"
                   "    %8 = tt.histogram %5, %7 : tensor<16xi32> -> tensor<8xi32>\n"
                   "    %9 = tt.histogram %5, %cst : tensor<16xi32> -> tensor<8xi32>\n" TAIL);
}

/* ---- misuse: one test per error, each message exact, at the line of the call ----------------- */

/* A kernel with one pointer argument p to dt, for a test that makes one bad call. */
static tl_builder *kernel_with_p(tl_dtype dt, tl_value *p)
{
    tl_builder *b = tl_builder_create("k");
    *p = tl_arg(b, "p", PTR(dt));
    return b;
}

static void dot_number_input(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F16, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    int line = __LINE__; tl_dot(x, tl_lit(1.0));
    expect_error(b, line, "tl_dot: other must be a tensor, not a number");
}

static void dot_rank1(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F16, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16));
    int line = __LINE__; tl_dot(x, x);
    expect_error(b, line, "tl_dot: input and other must have equal ranks >= 2, got tensor<16xf16> and tensor<16xf16>");
}

static void dot_batch(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F16, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(2, 16, 16));
    tl_value y = splat_of(b, p, TL_SHAPE(4, 16, 16));
    int line = __LINE__; tl_dot(x, y);
    expect_error(b, line, "tl_dot: input and other must have equal batch shapes, got tensor<2x16x16xf16> and "
                          "tensor<4x16x16xf16>");
}

static void dot_k_mismatch(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F16, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16, 32));
    int line = __LINE__; tl_dot(x, x);
    expect_error(b, line, "tl_dot: input and other must have equal reduction dimensions, got tensor<16x32xf16> and "
                          "tensor<16x32xf16>");
}

static void dot_acc_shape(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F16, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    int line = __LINE__; tl_dot(x, x, tl_zeros(b, TL_SHAPE(16, 32), TL_F32));
    expect_error(b, line, "tl_dot: accumulator shape is incompatible: tensor<16x32xf32>, expected [16, 16]");
}

static void dot_i16(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_I16, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    int line = __LINE__; tl_dot(x, x);
    expect_error(b, line, "tl_dot: Unsupported lhs dtype int16");
}

static void dot_mixed(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F16, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    int line = __LINE__; tl_dot(x, tl_to(x, TL_F32));
    expect_error(b, line, "tl_dot: Both operands must be same dtype. Got float16 and float32");
}

static void dot_u8(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_U8, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 32));
    int line = __LINE__; tl_dot(x, x);
    expect_error(b, line, "tl_dot: only int8 supported!");
}

static void dot_small_k(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F16, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16, 8));
    tl_value y = splat_of(b, p, TL_SHAPE(8, 16));
    int line = __LINE__; tl_dot(x, y);
    expect_error(b, line, "tl_dot: Input shapes should have M >= 1, N >= 1 and K >= 16 (got K = 8)");
}

static void dot_small_k_int8(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_I8, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    int line = __LINE__; tl_dot(x, x);
    expect_error(b, line, "tl_dot: Input shapes should have M >= 1, N >= 1 and K >= 32 (got K = 16)");
}

static void dot_out_bf16(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F16, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    int line = __LINE__; tl_dot(x, x, .out_dtype = TL_BF16);
    expect_error(b, line, "tl_dot: out_dtype=bfloat16 is unsupported. Please use out_dtype=float32/float16 and cast "
                          "with "
                          "`.to(tl.bfloat16)`");
}

static void dot_out_f64_without_acc(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F16, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    int line = __LINE__; tl_dot(x, x, .out_dtype = TL_F64);
    expect_error(b, line, "tl_dot: out_dtype float64 is unsupported for float16 inputs without an accumulator");
}

static void dot_int8_acc_needs_out_dtype(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_I8, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 32));
    int line = __LINE__; tl_dot(x, x, tl_zeros(b, TL_SHAPE(32, 32), TL_I32));
    expect_error(b, line, "tl_dot: accumulator element type int32 does not match out_dtype float32");
}

static void dot_imprecise_over_k(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_FP8E5, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 32));
    int line = __LINE__; tl_dot(x, x, .max_num_imprecise_acc = 64);
    expect_error(b, line, "tl_dot: max_num_imprecise_acc (64) must be <= K (32)");
}

static void dot_two_accs(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F16, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    tl_value z = tl_zeros(b, TL_SHAPE(16, 16), TL_F32);
    int line = __LINE__; tl_dot(x, x, z, .acc = z);
    expect_error(b, line, "tl_dot: got multiple values for argument 'acc'");
}

static void dot_bad_precision(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    int line = __LINE__; tl_dot(x, x, .input_precision = (tl_input_precision)9);
    expect_error(b, line, "tl_dot: input_precision must be one of ('tf32', 'tf32x3', 'ieee', 'bf16x3', 'bf16x6'). Got "
                          "9");
}

static void dot_scaled_out_dtype(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_U8, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 32));
    int line = __LINE__; tl_dot_scaled(x, TL_NO_SCALE, "e4m3", x, TL_NO_SCALE, "e4m3", .out_dtype = TL_F16);
    expect_error(b, line, "tl_dot_scaled: Only float32 is supported for out_dtype at the moment");
}

static void dot_scaled_rank(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_U8, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 32));
    tl_value y = splat_of(b, p, TL_SHAPE(2, 32, 32));
    int line = __LINE__; tl_dot_scaled(x, TL_NO_SCALE, "e4m3", y, TL_NO_SCALE, "e4m3");
    expect_error(b, line, "tl_dot_scaled: Both inputs must be either 2D or 3D; (lhs: [32, 32] vs rhs: [2, 32, 32])");
}

static void dot_scaled_unknown_format(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_U8, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 32));
    int line = __LINE__; tl_dot_scaled(x, TL_NO_SCALE, "e9m9", x, TL_NO_SCALE, "e4m3");
    expect_error(b, line, "tl_dot_scaled: Invalid float format: e9m9.");
}

static void dot_scaled_nyi_format(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_U8, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 32));
    int line = __LINE__; tl_dot_scaled(x, TL_NO_SCALE, "e4m3", x, TL_NO_SCALE, "e2m3");
    expect_error(b, line, "tl_dot_scaled: NYI: rhs_format e2m3");
}

static void dot_scaled_fp4_not_u8(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_I8, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 32));
    int line = __LINE__; tl_dot_scaled(x, TL_NO_SCALE, "e2m1", x, TL_NO_SCALE, "e2m1");
    expect_error(b, line, "tl_dot_scaled: e2m1 format must be packed as uint8. Got int8");
}

static void dot_scaled_fp8_wrong_int(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_I32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 32));
    int line = __LINE__; tl_dot_scaled(x, TL_NO_SCALE, "e4m3", x, TL_NO_SCALE, "e4m3");
    expect_error(b, line, "tl_dot_scaled: Unexpected dtype for e4m3. Got int32");
}

static void dot_scaled_k_pack(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_U8, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 32));
    int line = __LINE__; tl_dot_scaled(x, TL_NO_SCALE, "e4m3", x, TL_NO_SCALE, "e4m3", .rhs_k_pack = TL_K_PACK_FALSE);
    expect_error(b, line, "tl_dot_scaled: only mxfp4 inputs can be packed along a dimension different than K");
}

static void dot_scaled_k_mismatch(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_U8, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 32));
    int line = __LINE__; tl_dot_scaled(x, TL_NO_SCALE, "e2m1", x, TL_NO_SCALE, "e4m3");
    expect_error(b, line, "tl_dot_scaled: Reduction dimension should pack the same number of elements; "
                          "(lhs: [32, 32] vs "
                          "rhs: [32, 32])");
}

static void dot_scaled_scale_shape(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_U8, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 64));
    tl_value y = splat_of(b, p, TL_SHAPE(64, 32));
    tl_value sc = splat_of(b, p, TL_SHAPE(32, 4));
    int line = __LINE__; tl_dot_scaled(x, sc, "e4m3", y, TL_NO_SCALE, "e4m3");
    expect_error(b, line, "tl_dot_scaled: lhs_scale must be a tensor of shape [32, 2]. Got [32, 4]");
}

static void dot_scaled_acc(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_U8, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 32));
    tl_value z = tl_zeros(b, TL_SHAPE(32, 32), TL_F16);
    int line = __LINE__; tl_dot_scaled(x, TL_NO_SCALE, "e4m3", x, TL_NO_SCALE, "e4m3", z);
    expect_error(b, line, "tl_dot_scaled: the accumulator must be tensor<32x32xf32>, got tensor<32x32xf16>");
}

static void reshape_numel(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    int line = __LINE__; tl_reshape(x, TL_SHAPE(128));
    expect_error(b, line, "tl_reshape: reshape() cannot change total number of elements in tensor");
}

static void reshape_scalar(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = tl_load(p);
    int line = __LINE__; tl_reshape(x, TL_SHAPE(1));
    expect_error(b, line, "tl_reshape: cannot reshape the scalar f32");
}

static void reshape_not_pow2(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(16, 16));
    int line = __LINE__; tl_reshape(x, TL_SHAPE(3, 8));
    expect_error(b, line, "tl_reshape: shape element 0 (3) must be a power of 2");
}

static void item_many(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(2));
    int line = __LINE__; tl_item(x);
    expect_error(b, line, "tl_item: can only unsplat single-element tensors");
}

static void permute_length(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(2, 4));
    int line = __LINE__; tl_permute(x, TL_DIMS(0, 1, 2));
    expect_error(b, line, "tl_permute: permute dims must have the same length as input shape");
}

static void permute_not_permutation(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(2, 4));
    int line = __LINE__; tl_permute(x, TL_DIMS(1, 1));
    expect_error(b, line, "tl_permute: permute dims must be a permutation of 0, 1, ..., n-1, but were (1, 1)");
}

static void trans_rank1(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4));
    int line = __LINE__; tl_trans(x);
    expect_error(b, line, "tl_trans: tl.trans invoked with a 0- or 1-dimensional tensor");
}

static void T_rank3(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(2, 2, 2));
    int line = __LINE__; tl_T(x);
    expect_error(b, line, "tl_T: permute dims must have the same length as input shape");
}

static void cat_without_reorder(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4));
    int line = __LINE__; tl_cat(x, x);
    expect_error(b, line, "tl_cat: current implementation of `cat` always may reorder elements");
}

static void cat_2d(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4, 4));
    int line = __LINE__; tl_cat(x, x, .can_reorder = true);
    expect_error(b, line, "tl_cat: cat needs 1-D tensors, got tensor<4x4xf32>");
}

static void cat_types(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4));
    int line = __LINE__; tl_cat(x, tl_to(x, TL_F16), .can_reorder = true);
    expect_error(b, line, "tl_cat: cat needs two tensors of the same type, got tensor<4xf32> and tensor<4xf16>");
}

static void join_types(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4));
    int line = __LINE__; tl_join(x, tl_to(x, TL_F16));
    expect_error(b, line, "tl_join: join needs two operands of one element type, got tensor<4xf32> and tensor<4xf16>");
}

static void join_shapes(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4));
    int line = __LINE__; tl_join(x, splat_of(b, p, TL_SHAPE(8)));
    expect_error(b, line, "tl_join: cannot broadcast tensor<4xf32> with tensor<8xf32>: incompatible dimensions "
                          "at index "
                          "0: 4 and 8");
}

static void split_last_dim(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(2, 4));
    int line = __LINE__; tl_split(x);
    expect_error(b, line, "tl_split: split needs a tensor whose last dimension is 2, got tensor<2x4xf32>");
}

static void gather_float_index(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4, 4));
    int line = __LINE__; tl_gather(x, x, 0);
    expect_error(b, line, "tl_gather: index must be an integer tensor");
}

static void gather_rank(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4, 4));
    int line = __LINE__; tl_gather(x, tl_arange(b, 0, 4), 0);
    expect_error(b, line, "tl_gather: source and index tensors must have the same rank");
}

static void gather_axis(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4));
    int line = __LINE__; tl_gather(x, tl_arange(b, 0, 4), 1);
    expect_error(b, line, "tl_gather: gather axis 1 must be < source rank (1)");
}

static void gather_dims(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4, 4));
    tl_value i = tl_broadcast_to(tl_expand_dims(tl_arange(b, 0, 8), 1), TL_SHAPE(8, 8));
    int line = __LINE__; tl_gather(x, i, 0);
    expect_error(b, line, "tl_gather: index dim 0 must match the corresponding source dim");
}

static void histogram_2d(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_I32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4, 4));
    int line = __LINE__; tl_histogram(x, 8);
    expect_error(b, line, "tl_histogram: histogram only supports 1D input");
}

static void histogram_float(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_F32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4));
    int line = __LINE__; tl_histogram(x, 8);
    expect_error(b, line, "tl_histogram: histogram only supports integer input");
}

static void histogram_mask_type(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_I32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4));
    int line = __LINE__; tl_histogram(x, 8, .mask = x);
    expect_error(b, line, "tl_histogram: Mask must have boolean scalar type");
}

static void histogram_bins(void **state)
{
    (void)state;
    tl_value p;
    tl_builder *b = kernel_with_p(TL_I32, &p);
    tl_value x = splat_of(b, p, TL_SHAPE(4));
    int line = __LINE__; tl_histogram(x, 6);
    expect_error(b, line, "tl_histogram: shape element 0 (6) must be a power of 2");
}

/* ---- the verifier on raw ops ---------------------------------------------------------------- */

/* A raw op built with tl_op that breaks one of Triton's rules: tl_finish reports the verifier. */
static void expect_verify_error(tl_builder *b, const char *want)
{
    char *got = tl_finish(b);
    assert_null(got);
    const char *msg = tl_builder_error(b);
    assert_non_null(msg);
    if (!strstr(msg, want))
        fail_msg("got '%s', want it to contain '%s'", msg, want);
    tl_builder_destroy(b);
}

static const tcir_type *ty(tl_builder *b, tl_dtype dt, tl_shape s)
{
    tcir_context *ctx = tl_builder_context(b);
    return s.rank ? tcir_type_tensor(ctx, s.rank, s.dims, tl_dtype_ir(ctx, dt)) : tl_dtype_ir(ctx, dt);
}

static void verify_dot_rules(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F16));
    tl_value x = splat_of(b, p, TL_SHAPE(16, 32)), z = tl_zeros(b, TL_SHAPE(16, 16), TL_F32);
    tl_op(b, "tt.dot", .noperands = 3, .operands = (tl_value[]){x, x, z}, .nresults = 1,
          .result_types = (const tcir_type *[]){ty(b, TL_F32, TL_SHAPE(16, 16))});
    expect_verify_error(b, "'tt.dot' op expects the reduction dimensions of tensor<16x32xf16> and tensor<16x32xf16> "
                           "to be equal");

    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F16));
    x = splat_of(b, p, TL_SHAPE(16, 16));
    tl_value y = tl_to(x, TL_F32);
    z = tl_zeros(b, TL_SHAPE(16, 16), TL_F32);
    tl_op(b, "tt.dot", .noperands = 3, .operands = (tl_value[]){x, y, z}, .nresults = 1,
          .result_types = (const tcir_type *[]){ty(b, TL_F32, TL_SHAPE(16, 16))});
    expect_verify_error(b, "'tt.dot' op element types of operands A and B must have same bit width");

    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F16));
    x = splat_of(b, p, TL_SHAPE(16, 16));
    z = tl_zeros(b, TL_SHAPE(16, 16), TL_F32);
    tl_op(b, "tt.dot", .noperands = 3, .operands = (tl_value[]){x, x, z}, .nresults = 1,
          .result_types = (const tcir_type *[]){ty(b, TL_F16, TL_SHAPE(16, 16))});
    expect_verify_error(b, "'tt.dot' op result type tensor<16x16xf16> must be the accumulator's type "
                           "tensor<16x16xf32>");
}

static void verify_shape_op_rules(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value x = splat_of(b, p, TL_SHAPE(4, 8));
    tl_op(b, "tt.reshape", .noperands = 1, .operands = &x, .nresults = 1,
          .result_types = (const tcir_type *[]){ty(b, TL_F32, TL_SHAPE(16))});
    expect_verify_error(b, "'tt.reshape' op number of src and dst elements of reshape must be the same");

    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F32));
    x = splat_of(b, p, TL_SHAPE(4, 8));
    tl_op(b, "tt.trans", .noperands = 1, .operands = &x, .nresults = 1,
          .result_types = (const tcir_type *[]){ty(b, TL_F32, TL_SHAPE(4, 8))}, .nattrs = 1,
          .attrs = (tcir_named_attr[]){{"order", tcir_attr_array_i32(tl_builder_context(b), 2, (int32_t[]){1, 0}),
                                        true}});
    expect_verify_error(b, "'tt.trans' op result shape must match the permutation of the source shape");

    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F32));
    x = splat_of(b, p, TL_SHAPE(4, 8));
    tl_op(b, "tt.split", .noperands = 1, .operands = &x, .nresults = 2,
          .result_types = (const tcir_type *[]){ty(b, TL_F32, TL_SHAPE(4)), ty(b, TL_F32, TL_SHAPE(4))});
    expect_verify_error(b, "'tt.split' op last dimension of input tensor must be 2, got tensor<4x8xf32>");

    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F32));
    x = splat_of(b, p, TL_SHAPE(4));
    tl_op(b, "tt.cat", .noperands = 2, .operands = (tl_value[]){x, x}, .nresults = 1,
          .result_types = (const tcir_type *[]){ty(b, TL_F32, TL_SHAPE(16))});
    expect_verify_error(b, "'tt.cat' op result element count must equal the sum of the operand element counts, "
                           "expected 8 but got 16");

    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F32));
    x = splat_of(b, p, TL_SHAPE(4));
    tl_op(b, "tt.unsplat", .noperands = 1, .operands = &x, .nresults = 1,
          .result_types = (const tcir_type *[]){ty(b, TL_F32, (tl_shape){.rank = 0})});
    expect_verify_error(b, "'tt.unsplat' op source tensor must have exactly one element, got tensor<4xf32>");

    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F32));
    x = splat_of(b, p, TL_SHAPE(4, 4));
    tl_value i = tl_arange(b, 0, 4);
    tl_op(b, "tt.gather", .noperands = 2, .operands = (tl_value[]){x, i}, .nresults = 1,
          .result_types = (const tcir_type *[]){ty(b, TL_F32, TL_SHAPE(4))}, .nattrs = 1,
          .attrs = (tcir_named_attr[]){{"axis", tcir_attr_int(tl_builder_context(b), 0,
                                                               tl_dtype_ir(tl_builder_context(b), TL_I32)),
                                        true}});
    expect_verify_error(b, "'tt.gather' op input and indices ranks must match");
}

static void verify_dot_scaled_and_join_rules(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_U8));
    tcir_context *ctx = tl_builder_context(b);
    tl_value x = splat_of(b, p, TL_SHAPE(32, 32)), z = tl_zeros(b, TL_SHAPE(32, 32), TL_F32);
    const tcir_attr *e4m3 = tcir_attr_enum(ctx, "e4m3", "0 : i32"), *e2m1 = tcir_attr_enum(ctx, "e2m1", "4 : i32");
    tl_op(b, "tt.dot_scaled", .noperands = 3, .operands = (tl_value[]){x, x, z}, .nresults = 1,
          .result_types = (const tcir_type *[]){ty(b, TL_F32, TL_SHAPE(32, 32))}, .nattrs = 4,
          .attrs = (tcir_named_attr[]){{"a_elem_type", e2m1, true},
                                       {"b_elem_type", e4m3, true},
                                       {"fastMath", tcir_attr_bool(ctx, false), true},
                                       {"operandSegmentSizes",
                                        tcir_attr_array_i32(ctx, 5, (int32_t[]){1, 1, 1, 0, 0}), true}});
    expect_verify_error(b, "'tt.dot_scaled' op expects the reduction dimensions of tensor<32x32xi8> and "
                           "tensor<32x32xi8> to be equal");

    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F32));
    x = splat_of(b, p, TL_SHAPE(4));
    tl_op(b, "tt.join", .noperands = 2, .operands = (tl_value[]){x, x}, .nresults = 1,
          .result_types = (const tcir_type *[]){ty(b, TL_F32, TL_SHAPE(2, 4))});
    expect_verify_error(b, "'tt.join' op result shape must be the operands' shape with a 2 appended, got "
                           "tensor<4xf32> -> tensor<2x4xf32>");

    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_I32));
    x = splat_of(b, p, TL_SHAPE(4));
    tl_value m = tl_lt(splat_of(b, p, TL_SHAPE(8)), 0);
    tl_op(b, "tt.histogram", .noperands = 2, .operands = (tl_value[]){x, m}, .nresults = 1,
          .result_types = (const tcir_type *[]){ty(b, TL_I32, TL_SHAPE(4))});
    expect_verify_error(b, "'tt.histogram' op mask must be i1 shaped like the source (tensor<4xi32>), got "
                           "tensor<8xi1>");
}

/* The generic form of the ops with properties of their own: operandSegmentSizes, enums, units. */
static void generic_forms(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_builder_set_generic(b, true);
    tl_value p = tl_arg(b, "p", PTR(TL_U8));
    tl_value a = splat_of(b, p, TL_SHAPE(32, 32)), s = splat_of(b, p, TL_SHAPE(32, 2));
    tl_value n = splat_of(b, p, TL_SHAPE(64, 16)); /* packed along N: 64 x 32 */
    tl_value d = tl_dot_scaled(a, s, "e2m1", n, TL_NO_SCALE, "e2m1", .rhs_k_pack = TL_K_PACK_FALSE);
    tl_value r = tl_reshape(d, TL_SHAPE(1024), .can_reorder = true);
    tl_value u = tl_item(splat_of(b, p, TL_SHAPE(1)));
    tl_pair h = tl_split(tl_join(r, r));
    (void)u;
    (void)h;
    expect_text(b,
                   "\"builtin.module\"() ({\n"
                   "  \"tt.func\"() <{function_type = (!tt.ptr<i8>) -> (), sym_name = \"k\", sym_visibility = "
                   "\"public\"}> ({\n"
                   "  ^bb0(%arg0: !tt.ptr<i8>):\n"
                   "    %0 = \"arith.constant\"() <{value = dense<0.000000e+00> : tensor<32x32xf32>}> : () -> "
                   "tensor<32x32xf32>\n"
                   "    %1 = \"tt.load\"(%arg0) <{boundaryCheck = array<i32>, cache = 1 : i32, evict = 1 : i32, "
                   "operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tt.ptr<i8>) -> i8\n"
                   "    %2 = \"tt.splat\"(%1) : (i8) -> tensor<32x32xi8>\n"
                   "    %3 = \"tt.load\"(%arg0) <{boundaryCheck = array<i32>, cache = 1 : i32, evict = 1 : i32, "
                   "operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tt.ptr<i8>) -> i8\n"
                   "    %4 = \"tt.splat\"(%3) : (i8) -> tensor<32x2xi8>\n"
                   "    %5 = \"tt.load\"(%arg0) <{boundaryCheck = array<i32>, cache = 1 : i32, evict = 1 : i32, "
                   "operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tt.ptr<i8>) -> i8\n"
                   "    %6 = \"tt.splat\"(%5) : (i8) -> tensor<64x16xi8>\n"
                   "    %7 = \"tt.dot_scaled\"(%2, %6, %0, %4) <{a_elem_type = 4 : i32, b_elem_type = 4 : i32, "
                   "fastMath = false, lhs_k_pack = true, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, rhs_k_pack "
                   "= false}> : (tensor<32x32xi8>, tensor<64x16xi8>, tensor<32x32xf32>, tensor<32x2xi8>) -> "
                   "tensor<32x32xf32>\n"
                   "    %8 = \"tt.reshape\"(%7) <{allow_reorder}> : (tensor<32x32xf32>) -> tensor<1024xf32>\n"
                   "    %9 = \"tt.load\"(%arg0) <{boundaryCheck = array<i32>, cache = 1 : i32, evict = 1 : i32, "
                   "operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tt.ptr<i8>) -> i8\n"
                   "    %10 = \"tt.splat\"(%9) : (i8) -> tensor<1xi8>\n"
                   "    %11 = \"tt.unsplat\"(%10) : (tensor<1xi8>) -> i8\n"
                   "    %12 = \"tt.join\"(%8, %8) : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024x2xf32>\n"
                   "    %13:2 = \"tt.split\"(%12) : (tensor<1024x2xf32>) -> (tensor<1024xf32>, tensor<1024xf32>)\n"
                   "    \"tt.return\"() : () -> ()\n"
                   "  }) {noinline = false} : () -> ()\n"
                   "}) : () -> ()\n");
}

/* allow_tf32 (Python's deprecated keyword): False is ieee, True tf32; with input_precision an error */
static void dot_allow_tf32(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value i = tl_arange(b, 0, 16);
    tl_value p = tl_addptr(x, tl_mul(tl_expand_dims(i, 1), 16), tl_expand_dims(i, 0));
    tl_value a = tl_load(p);
    tl_value c = tl_dot(a, a, .allow_tf32 = TL_ALLOW_TF32_FALSE);
    c = tl_dot(a, a, c, .allow_tf32 = TL_ALLOW_TF32_TRUE);
    tl_store(p, c);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>")
                   "    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf32>\n"
                   "    %cst_0 = arith.constant dense<16> : tensor<16x1xi32>\n"
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>\n"
                   "    %2 = arith.muli %1, %cst_0 : tensor<16x1xi32>\n"
                   "    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>\n"
                   "    %4 = tt.addptr %3, %2 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>\n"
                   "    %5 = tt.expand_dims %0 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>\n"
                   "    %6 = tt.broadcast %4 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x16x!tt.ptr<f32>>\n"
                   "    %7 = tt.broadcast %5 : tensor<1x16xi32> -> tensor<16x16xi32>\n"
                   "    %8 = tt.addptr %6, %7 : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>\n"
                   "    %9 = tt.load %8 : tensor<16x16x!tt.ptr<f32>>\n"
                   "    %10 = tt.dot %9, %9, %cst : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>\n"
                   "    %11 = tt.dot %9, %9, %10, inputPrecision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>\n"
                   "    tt.store %8, %11 : tensor<16x16x!tt.ptr<f32>>\n" TAIL);
}

static void dot_allow_tf32_misuse(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value i = tl_arange(b, 0, 16);
    tl_value a = tl_load(tl_addptr(x, tl_mul(tl_expand_dims(i, 1), 16), tl_expand_dims(i, 0)));
    tl_dot(a, a, .input_precision = TL_PRECISION_TF32X3, .allow_tf32 = TL_ALLOW_TF32_TRUE); int line = __LINE__;
    expect_error(b, line, "tl_dot: Only one of input_precision and allow_tf32 can be specified");
    b = tl_builder_create("k");
    x = tl_arg(b, "x", PTR(TL_F32));
    i = tl_arange(b, 0, 16);
    a = tl_load(tl_addptr(x, tl_mul(tl_expand_dims(i, 1), 16), tl_expand_dims(i, 0)));
    tl_dot(a, a, .allow_tf32 = (tl_allow_tf32)7); line = __LINE__;
    expect_error(b, line, "tl_dot: invalid allow_tf32 7");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dot_without_acc_defaults_to_tf32_and_a_zero_accumulator),
        cmocka_unit_test(dot_acc_positional_or_keyword),
        cmocka_unit_test(dot_input_precisions),
        cmocka_unit_test(dot_fp8_max_num_imprecise_acc),
        cmocka_unit_test(dot_out_dtypes_by_input),
        cmocka_unit_test(dot_batched_rank3_and_rank4),
        cmocka_unit_test(dot_keyword_acc_first),
        cmocka_unit_test(dot_scaled_formats_scales_and_packing),
        cmocka_unit_test(reshape_view_and_item),
        cmocka_unit_test(permute_trans_and_T),
        cmocka_unit_test(cat_join_and_split),
        cmocka_unit_test(gather_and_histogram),
        cmocka_unit_test(dot_number_input),
        cmocka_unit_test(dot_rank1),
        cmocka_unit_test(dot_batch),
        cmocka_unit_test(dot_k_mismatch),
        cmocka_unit_test(dot_acc_shape),
        cmocka_unit_test(dot_i16),
        cmocka_unit_test(dot_mixed),
        cmocka_unit_test(dot_u8),
        cmocka_unit_test(dot_small_k),
        cmocka_unit_test(dot_small_k_int8),
        cmocka_unit_test(dot_out_bf16),
        cmocka_unit_test(dot_out_f64_without_acc),
        cmocka_unit_test(dot_int8_acc_needs_out_dtype),
        cmocka_unit_test(dot_imprecise_over_k),
        cmocka_unit_test(dot_two_accs),
        cmocka_unit_test(dot_bad_precision),
        cmocka_unit_test(dot_scaled_out_dtype),
        cmocka_unit_test(dot_scaled_rank),
        cmocka_unit_test(dot_scaled_unknown_format),
        cmocka_unit_test(dot_scaled_nyi_format),
        cmocka_unit_test(dot_scaled_fp4_not_u8),
        cmocka_unit_test(dot_scaled_fp8_wrong_int),
        cmocka_unit_test(dot_scaled_k_pack),
        cmocka_unit_test(dot_scaled_k_mismatch),
        cmocka_unit_test(dot_scaled_scale_shape),
        cmocka_unit_test(dot_scaled_acc),
        cmocka_unit_test(reshape_numel),
        cmocka_unit_test(reshape_scalar),
        cmocka_unit_test(reshape_not_pow2),
        cmocka_unit_test(item_many),
        cmocka_unit_test(permute_length),
        cmocka_unit_test(permute_not_permutation),
        cmocka_unit_test(trans_rank1),
        cmocka_unit_test(T_rank3),
        cmocka_unit_test(cat_without_reorder),
        cmocka_unit_test(cat_2d),
        cmocka_unit_test(cat_types),
        cmocka_unit_test(join_types),
        cmocka_unit_test(join_shapes),
        cmocka_unit_test(split_last_dim),
        cmocka_unit_test(gather_float_index),
        cmocka_unit_test(gather_rank),
        cmocka_unit_test(gather_axis),
        cmocka_unit_test(gather_dims),
        cmocka_unit_test(histogram_2d),
        cmocka_unit_test(histogram_float),
        cmocka_unit_test(histogram_mask_type),
        cmocka_unit_test(histogram_bins),
        cmocka_unit_test(verify_dot_rules),
        cmocka_unit_test(verify_shape_op_rules),
        cmocka_unit_test(verify_dot_scaled_and_join_rules),
        cmocka_unit_test(generic_forms),
        cmocka_unit_test(dot_allow_tf32),
        cmocka_unit_test(dot_allow_tf32_misuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
