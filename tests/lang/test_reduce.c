/* Reductions and scans (reduce.h): the exact TTIR of each op and option, the verifier's
 * rules for tt.reduce / tt.scan, and every misuse. Inputs are tensor arguments, so each
 * kernel holds little more than the ops under test. */
#include "test_lang.h"

#define T(dt, ...) TL_TENSOR(dt, __VA_ARGS__)

/* ---- tl_sum ---------------------------------------------------------------------------------- */

static void sum_axis_none_reshapes_first(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 2, 4));
    tl_value v = tl_arg(b, "v", T(TL_F32, 8));
    tl_sum(a);
    tl_sum(v); /* rank 1: the reshape is there all the same, as in Python */
    expect_text(b, HEAD("%arg0: tensor<2x4xf32>, %arg1: tensor<8xf32>")
                   "    %0 = tt.reshape %arg0 allow_reorder : tensor<2x4xf32> -> tensor<8xf32>\n"
                   "    %1 = \"tt.reduce\"(%0) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg2: f32, %arg3: f32):\n"
                   "      %4 = arith.addf %arg2, %arg3 : f32\n"
                   "      tt.reduce.return %4 : f32\n"
                   "    }) : (tensor<8xf32>) -> f32\n"
                   "    %2 = tt.reshape %arg1 allow_reorder : tensor<8xf32> -> tensor<8xf32>\n"
                   "    %3 = \"tt.reduce\"(%2) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg2: f32, %arg3: f32):\n"
                   "      %4 = arith.addf %arg2, %arg3 : f32\n"
                   "      tt.reduce.return %4 : f32\n"
                   "    }) : (tensor<8xf32>) -> f32\n" TAIL);
}

static void sum_along_an_axis(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 2, 4));
    tl_sum(a, 0);
    tl_sum(a, -1); /* axis 1 */
    expect_text(b, HEAD("%arg0: tensor<2x4xf32>")
                   "    %0 = \"tt.reduce\"(%arg0) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: f32, %arg2: f32):\n"
                   "      %2 = arith.addf %arg1, %arg2 : f32\n"
                   "      tt.reduce.return %2 : f32\n"
                   "    }) : (tensor<2x4xf32>) -> tensor<4xf32>\n"
                   "    %1 = \"tt.reduce\"(%arg0) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: f32, %arg2: f32):\n"
                   "      %2 = arith.addf %arg1, %arg2 : f32\n"
                   "      tt.reduce.return %2 : f32\n"
                   "    }) : (tensor<2x4xf32>) -> tensor<2xf32>\n" TAIL);
}

static void sum_keep_dims(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 2, 4));
    tl_sum(a, 1, .keep_dims = true);
    tl_sum(a, TL_AXIS_NONE, .keep_dims = true); /* a scalar, splat then expanded to 1x1 */
    expect_text(b, HEAD("%arg0: tensor<2x4xf32>")
                   "    %0 = \"tt.reduce\"(%arg0) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: f32, %arg2: f32):\n"
                   "      %6 = arith.addf %arg1, %arg2 : f32\n"
                   "      tt.reduce.return %6 : f32\n"
                   "    }) : (tensor<2x4xf32>) -> tensor<2xf32>\n"
                   "    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<2xf32> -> tensor<2x1xf32>\n"
                   "    %2 = tt.reshape %arg0 allow_reorder : tensor<2x4xf32> -> tensor<8xf32>\n"
                   "    %3 = \"tt.reduce\"(%2) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: f32, %arg2: f32):\n"
                   "      %6 = arith.addf %arg1, %arg2 : f32\n"
                   "      tt.reduce.return %6 : f32\n"
                   "    }) : (tensor<8xf32>) -> f32\n"
                   "    %4 = tt.splat %3 : f32 -> tensor<1xf32>\n"
                   "    %5 = tt.expand_dims %4 {axis = 0 : i32} : tensor<1xf32> -> tensor<1x1xf32>\n" TAIL);
}

/* _pick_sum_dtype: int8 / int16 sum in int32, uint8 / uint16 / int1 in uint32 (extui), wider
 * integers and floats as they are; dtype= casts first. */
static void sum_integer_promotion_and_dtype(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value i8 = tl_arg(b, "i8", T(TL_I8, 4));
    tl_value u16 = tl_arg(b, "u16", T(TL_U16, 4));
    tl_value i1 = tl_arg(b, "i1", T(TL_I1, 4));
    tl_value i64 = tl_arg(b, "i64", T(TL_I64, 4));
    tl_value h = tl_arg(b, "h", T(TL_F16, 4));
    tl_sum(i8, 0);
    tl_sum(u16, 0);
    tl_sum(i1, 0);
    tl_sum(i64, 0);
    tl_sum(h, 0);
    tl_sum(h, 0, .dtype = TL_F32);
    expect_text(b, HEAD("%arg0: tensor<4xi8>, %arg1: tensor<4xi16>, %arg2: tensor<4xi1>, %arg3: tensor<4xi64>, "
                        "%arg4: tensor<4xf16>")
                   "    %0 = arith.extsi %arg0 : tensor<4xi8> to tensor<4xi32>\n"
                   "    %1 = \"tt.reduce\"(%0) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg5: i32, %arg6: i32):\n"
                   "      %10 = arith.addi %arg5, %arg6 : i32\n"
                   "      tt.reduce.return %10 : i32\n"
                   "    }) : (tensor<4xi32>) -> i32\n"
                   "    %2 = arith.extui %arg1 : tensor<4xi16> to tensor<4xi32>\n"
                   "    %3 = \"tt.reduce\"(%2) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg5: i32, %arg6: i32):\n"
                   "      %10 = arith.addi %arg5, %arg6 : i32\n"
                   "      tt.reduce.return %10 : i32\n"
                   "    }) : (tensor<4xi32>) -> i32\n"
                   "    %4 = arith.extui %arg2 : tensor<4xi1> to tensor<4xi32>\n"
                   "    %5 = \"tt.reduce\"(%4) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg5: i32, %arg6: i32):\n"
                   "      %10 = arith.addi %arg5, %arg6 : i32\n"
                   "      tt.reduce.return %10 : i32\n"
                   "    }) : (tensor<4xi32>) -> i32\n"
                   "    %6 = \"tt.reduce\"(%arg3) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg5: i64, %arg6: i64):\n"
                   "      %10 = arith.addi %arg5, %arg6 : i64\n"
                   "      tt.reduce.return %10 : i64\n"
                   "    }) : (tensor<4xi64>) -> i64\n"
                   "    %7 = \"tt.reduce\"(%arg4) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg5: f16, %arg6: f16):\n"
                   "      %10 = arith.addf %arg5, %arg6 : f16\n"
                   "      tt.reduce.return %10 : f16\n"
                   "    }) : (tensor<4xf16>) -> f16\n"
                   "    %8 = arith.extf %arg4 : tensor<4xf16> to tensor<4xf32>\n"
                   "    %9 = \"tt.reduce\"(%8) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg5: f32, %arg6: f32):\n"
                   "      %10 = arith.addf %arg5, %arg6 : f32\n"
                   "      tt.reduce.return %10 : f32\n"
                   "    }) : (tensor<4xf32>) -> f32\n" TAIL);
}

/* ---- tl_max / tl_min ----------------------------------------------------------------------------- */

/* maxnumf / minnumf for floats; float16 and bfloat16 widen to float32 first, integers narrower
 * than 32 bits to int32 (then maxsi, even from unsigned); 32 and 64 bits keep their signedness. */
static void max_min_ops_and_widening(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value f = tl_arg(b, "f", T(TL_F32, 4));
    tl_value h = tl_arg(b, "h", T(TL_F16, 4));
    tl_value bf = tl_arg(b, "bf", T(TL_BF16, 4));
    tl_value u8 = tl_arg(b, "u8", T(TL_U8, 4));
    tl_value u32 = tl_arg(b, "u32", T(TL_U32, 4));
    tl_value i64 = tl_arg(b, "i64", T(TL_I64, 4));
    tl_max(f);
    tl_min(f, 0);
    tl_max(h, 0);
    tl_min(bf, 0);
    tl_max(u8, 0);
    tl_min(u32, 0);
    tl_max(i64, 0);
    expect_text(b, HEAD("%arg0: tensor<4xf32>, %arg1: tensor<4xf16>, %arg2: tensor<4xbf16>, %arg3: tensor<4xi8>, "
                        "%arg4: tensor<4xi32>, %arg5: tensor<4xi64>")
                   "    %0 = tt.reshape %arg0 allow_reorder : tensor<4xf32> -> tensor<4xf32>\n"
                   "    %1 = \"tt.reduce\"(%0) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg6: f32, %arg7: f32):\n"
                   "      %11 = arith.maxnumf %arg6, %arg7 : f32\n"
                   "      tt.reduce.return %11 : f32\n"
                   "    }) : (tensor<4xf32>) -> f32\n"
                   "    %2 = \"tt.reduce\"(%arg0) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg6: f32, %arg7: f32):\n"
                   "      %11 = arith.minnumf %arg6, %arg7 : f32\n"
                   "      tt.reduce.return %11 : f32\n"
                   "    }) : (tensor<4xf32>) -> f32\n"
                   "    %3 = arith.extf %arg1 : tensor<4xf16> to tensor<4xf32>\n"
                   "    %4 = \"tt.reduce\"(%3) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg6: f32, %arg7: f32):\n"
                   "      %11 = arith.maxnumf %arg6, %arg7 : f32\n"
                   "      tt.reduce.return %11 : f32\n"
                   "    }) : (tensor<4xf32>) -> f32\n"
                   "    %5 = arith.extf %arg2 : tensor<4xbf16> to tensor<4xf32>\n"
                   "    %6 = \"tt.reduce\"(%5) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg6: f32, %arg7: f32):\n"
                   "      %11 = arith.minnumf %arg6, %arg7 : f32\n"
                   "      tt.reduce.return %11 : f32\n"
                   "    }) : (tensor<4xf32>) -> f32\n"
                   "    %7 = arith.extui %arg3 : tensor<4xi8> to tensor<4xi32>\n"
                   "    %8 = \"tt.reduce\"(%7) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg6: i32, %arg7: i32):\n"
                   "      %11 = arith.maxsi %arg6, %arg7 : i32\n"
                   "      tt.reduce.return %11 : i32\n"
                   "    }) : (tensor<4xi32>) -> i32\n"
                   "    %9 = \"tt.reduce\"(%arg4) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg6: i32, %arg7: i32):\n"
                   "      %11 = arith.minui %arg6, %arg7 : i32\n"
                   "      tt.reduce.return %11 : i32\n"
                   "    }) : (tensor<4xi32>) -> i32\n"
                   "    %10 = \"tt.reduce\"(%arg5) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg6: i64, %arg7: i64):\n"
                   "      %11 = arith.maxsi %arg6, %arg7 : i64\n"
                   "      tt.reduce.return %11 : i64\n"
                   "    }) : (tensor<4xi64>) -> i64\n" TAIL);
}

static void max_keep_dims(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_I32, 2, 4));
    tl_max(a, 0, .keep_dims = true);
    tl_min(a, TL_AXIS_NONE, .keep_dims = true);
    expect_text(b, HEAD("%arg0: tensor<2x4xi32>")
                   "    %0 = \"tt.reduce\"(%arg0) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32):\n"
                   "      %6 = arith.maxsi %arg1, %arg2 : i32\n"
                   "      tt.reduce.return %6 : i32\n"
                   "    }) : (tensor<2x4xi32>) -> tensor<4xi32>\n"
                   "    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>\n"
                   "    %2 = tt.reshape %arg0 allow_reorder : tensor<2x4xi32> -> tensor<8xi32>\n"
                   "    %3 = \"tt.reduce\"(%2) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32):\n"
                   "      %6 = arith.minsi %arg1, %arg2 : i32\n"
                   "      tt.reduce.return %6 : i32\n"
                   "    }) : (tensor<8xi32>) -> i32\n"
                   "    %4 = tt.splat %3 : i32 -> tensor<1xi32>\n"
                   "    %5 = tt.expand_dims %4 {axis = 0 : i32} : tensor<1xi32> -> tensor<1x1xi32>\n" TAIL);
}

/* ---- values with indices --------------------------------------------------------------------------- */

/* argmax along axis 1 of a 2-D tensor: arange(0, 4), expanded at axis 0, broadcast; the
 * combine breaks ties to the left. */
static void argmax_2d(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 2, 4));
    tl_argmax(a, 1);
    expect_text(b, HEAD("%arg0: tensor<2x4xf32>")
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>\n"
                   "    %2 = tt.broadcast %1 : tensor<1x4xi32> -> tensor<2x4xi32>\n"
                   "    %3:2 = \"tt.reduce\"(%arg0, %2) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: f32, %arg2: i32, %arg3: f32, %arg4: i32):\n"
                   "      %4 = arith.cmpf oeq, %arg1, %arg3 : f32\n"
                   "      %5 = arith.cmpi slt, %arg2, %arg4 : i32\n"
                   "      %6 = arith.andi %4, %5 : i1\n"
                   "      %7 = arith.cmpf ogt, %arg1, %arg3 : f32\n"
                   "      %8 = arith.ori %7, %6 : i1\n"
                   "      %9 = arith.select %8, %arg1, %arg3 : f32\n"
                   "      %10 = arith.select %8, %arg2, %arg4 : i32\n"
                   "      tt.reduce.return %9, %10 : f32, i32\n"
                   "    }) : (tensor<2x4xf32>, tensor<2x4xi32>) -> (tensor<2xf32>, tensor<2xi32>)\n" TAIL);
}

/* argmin of unsigned values compares unsigned; tie_break_fast drops the tie test; rank 1 needs
 * no broadcast; keep_dims expands both results. */
static void argmin_unsigned_fast_keep_dims(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_U32, 8));
    tl_argmin(a, 0, .tie_break_fast = true, .keep_dims = true);
    expect_text(b, HEAD("%arg0: tensor<8xi32>")
                   "    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>\n"
                   "    %1:2 = \"tt.reduce\"(%arg0, %0) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32, %arg3: i32, %arg4: i32):\n"
                   "      %4 = arith.cmpi ult, %arg1, %arg3 : i32\n"
                   "      %5 = arith.select %4, %arg1, %arg3 : i32\n"
                   "      %6 = arith.select %4, %arg2, %arg4 : i32\n"
                   "      tt.reduce.return %5, %6 : i32, i32\n"
                   "    }) : (tensor<8xi32>, tensor<8xi32>) -> (i32, i32)\n"
                   "    %2 = tt.splat %1#0 : i32 -> tensor<1xi32>\n"
                   "    %3 = tt.splat %1#1 : i32 -> tensor<1xi32>\n" TAIL);
}

/* rank 3 along the middle axis: the index expands at 0 and at 2. */
static void argmax_3d_middle_axis(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_I8, 2, 4, 2));
    tl_argmax(a, -2);
    expect_text(b, HEAD("%arg0: tensor<2x4x2xi8>")
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>\n"
                   "    %2 = tt.expand_dims %1 {axis = 2 : i32} : tensor<1x4xi32> -> tensor<1x4x1xi32>\n"
                   "    %3 = tt.broadcast %2 : tensor<1x4x1xi32> -> tensor<2x4x2xi32>\n"
                   "    %4:2 = \"tt.reduce\"(%arg0, %3) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: i8, %arg2: i32, %arg3: i8, %arg4: i32):\n"
                   "      %5 = arith.cmpi eq, %arg1, %arg3 : i8\n"
                   "      %6 = arith.cmpi slt, %arg2, %arg4 : i32\n"
                   "      %7 = arith.andi %5, %6 : i1\n"
                   "      %8 = arith.cmpi sgt, %arg1, %arg3 : i8\n"
                   "      %9 = arith.ori %8, %7 : i1\n"
                   "      %10 = arith.select %9, %arg1, %arg3 : i8\n"
                   "      %11 = arith.select %9, %arg2, %arg4 : i32\n"
                   "      tt.reduce.return %10, %11 : i8, i32\n"
                   "    }) : (tensor<2x4x2xi8>, tensor<2x4x2xi32>) -> (tensor<2x2xi8>, tensor<2x2xi32>)\n" TAIL);
}

/* max / min with indices: both results; bfloat16 widens (no other widening on this path). */
static void max_min_with_indices(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_BF16, 8));
    tl_value c = tl_arg(b, "c", T(TL_I16, 8));
    tl_pair m = tl_max_with_indices(a, 0);
    tl_pair n = tl_min_with_indices(c, 0);
    assert_true(tl_value_rank(m.first) == 0 && m.first.dtype == TL_F32 && m.second.dtype == TL_I32);
    assert_true(n.first.dtype == TL_I16);
    expect_text(b, HEAD("%arg0: tensor<8xbf16>, %arg1: tensor<8xi16>")
                   "    %0 = arith.extf %arg0 : tensor<8xbf16> to tensor<8xf32>\n"
                   "    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>\n"
                   "    %2:2 = \"tt.reduce\"(%0, %1) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):\n"
                   "      %5 = arith.cmpf oeq, %arg2, %arg4 : f32\n"
                   "      %6 = arith.cmpi slt, %arg3, %arg5 : i32\n"
                   "      %7 = arith.andi %5, %6 : i1\n"
                   "      %8 = arith.cmpf ogt, %arg2, %arg4 : f32\n"
                   "      %9 = arith.ori %8, %7 : i1\n"
                   "      %10 = arith.select %9, %arg2, %arg4 : f32\n"
                   "      %11 = arith.select %9, %arg3, %arg5 : i32\n"
                   "      tt.reduce.return %10, %11 : f32, i32\n"
                   "    }) : (tensor<8xf32>, tensor<8xi32>) -> (f32, i32)\n"
                   "    %3 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>\n"
                   "    %4:2 = \"tt.reduce\"(%arg1, %3) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg2: i16, %arg3: i32, %arg4: i16, %arg5: i32):\n"
                   "      %5 = arith.cmpi eq, %arg2, %arg4 : i16\n"
                   "      %6 = arith.cmpi slt, %arg3, %arg5 : i32\n"
                   "      %7 = arith.andi %5, %6 : i1\n"
                   "      %8 = arith.cmpi slt, %arg2, %arg4 : i16\n"
                   "      %9 = arith.ori %8, %7 : i1\n"
                   "      %10 = arith.select %9, %arg2, %arg4 : i16\n"
                   "      %11 = arith.select %9, %arg3, %arg5 : i32\n"
                   "      tt.reduce.return %10, %11 : i16, i32\n"
                   "    }) : (tensor<8xi16>, tensor<8xi32>) -> (i16, i32)\n" TAIL);
}

/* ---- xor_sum, cumsum, cumprod ------------------------------------------------------------------------- */

static void xor_sum_integers(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_U8, 2, 4));
    tl_xor_sum(a);
    tl_xor_sum(a, 1, .keep_dims = true);
    expect_text(b, HEAD("%arg0: tensor<2x4xi8>")
                   "    %0 = tt.reshape %arg0 allow_reorder : tensor<2x4xi8> -> tensor<8xi8>\n"
                   "    %1 = \"tt.reduce\"(%0) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: i8, %arg2: i8):\n"
                   "      %4 = arith.xori %arg1, %arg2 : i8\n"
                   "      tt.reduce.return %4 : i8\n"
                   "    }) : (tensor<8xi8>) -> i8\n"
                   "    %2 = \"tt.reduce\"(%arg0) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: i8, %arg2: i8):\n"
                   "      %4 = arith.xori %arg1, %arg2 : i8\n"
                   "      tt.reduce.return %4 : i8\n"
                   "    }) : (tensor<2x4xi8>) -> tensor<2xi8>\n"
                   "    %3 = tt.expand_dims %2 {axis = 1 : i32} : tensor<2xi8> -> tensor<2x1xi8>\n" TAIL);
}

/* reduce_or: the axis is positional (TL_AXIS_NONE allowed); i1 stays i1 */
static void reduce_or_integers(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_I64, 2, 4));
    tl_value m = tl_arg(b, "m", T(TL_I1, 4));
    tl_reduce_or(a, 0);
    tl_reduce_or(m, TL_AXIS_NONE, .keep_dims = true);
    expect_text(b, HEAD("%arg0: tensor<2x4xi64>, %arg1: tensor<4xi1>")
                   "    %0 = \"tt.reduce\"(%arg0) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg2: i64, %arg3: i64):\n"
                   "      %4 = arith.ori %arg2, %arg3 : i64\n"
                   "      tt.reduce.return %4 : i64\n"
                   "    }) : (tensor<2x4xi64>) -> tensor<4xi64>\n"
                   "    %1 = tt.reshape %arg1 allow_reorder : tensor<4xi1> -> tensor<4xi1>\n"
                   "    %2 = \"tt.reduce\"(%1) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg2: i1, %arg3: i1):\n"
                   "      %4 = arith.ori %arg2, %arg3 : i1\n"
                   "      tt.reduce.return %4 : i1\n"
                   "    }) : (tensor<4xi1>) -> i1\n"
                   "    %3 = tt.splat %2 : i1 -> tensor<1xi1>\n" TAIL);
}

/* cumsum: axis 0 by default, reverse, negative axes; int8 sums in int32, bfloat16 in float32,
 * dtype= casts. cumprod: no widening but bfloat16. */
static void scans(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 2, 4));
    tl_value i8 = tl_arg(b, "i8", T(TL_I8, 4));
    tl_value bf = tl_arg(b, "bf", T(TL_BF16, 4));
    tl_cumsum(a);
    tl_cumsum(a, -1, .reverse = true);
    tl_cumsum(i8);
    tl_cumsum(bf, 0, .dtype = TL_F64);
    tl_cumprod(i8, 0, .reverse = true);
    tl_cumprod(bf);
    expect_text(b, HEAD("%arg0: tensor<2x4xf32>, %arg1: tensor<4xi8>, %arg2: tensor<4xbf16>")
                   "    %0 = \"tt.scan\"(%arg0) <{axis = 0 : i32, reverse = false}> ({\n"
                   "    ^bb0(%arg3: f32, %arg4: f32):\n"
                   "      %10 = arith.addf %arg3, %arg4 : f32\n"
                   "      tt.scan.return %10 : f32\n"
                   "    }) : (tensor<2x4xf32>) -> tensor<2x4xf32>\n"
                   "    %1 = \"tt.scan\"(%arg0) <{axis = 1 : i32, reverse = true}> ({\n"
                   "    ^bb0(%arg3: f32, %arg4: f32):\n"
                   "      %10 = arith.addf %arg3, %arg4 : f32\n"
                   "      tt.scan.return %10 : f32\n"
                   "    }) : (tensor<2x4xf32>) -> tensor<2x4xf32>\n"
                   "    %2 = arith.extsi %arg1 : tensor<4xi8> to tensor<4xi32>\n"
                   "    %3 = \"tt.scan\"(%2) <{axis = 0 : i32, reverse = false}> ({\n"
                   "    ^bb0(%arg3: i32, %arg4: i32):\n"
                   "      %10 = arith.addi %arg3, %arg4 : i32\n"
                   "      tt.scan.return %10 : i32\n"
                   "    }) : (tensor<4xi32>) -> tensor<4xi32>\n"
                   "    %4 = arith.extf %arg2 : tensor<4xbf16> to tensor<4xf32>\n"
                   "    %5 = arith.extf %4 : tensor<4xf32> to tensor<4xf64>\n"
                   "    %6 = \"tt.scan\"(%5) <{axis = 0 : i32, reverse = false}> ({\n"
                   "    ^bb0(%arg3: f64, %arg4: f64):\n"
                   "      %10 = arith.addf %arg3, %arg4 : f64\n"
                   "      tt.scan.return %10 : f64\n"
                   "    }) : (tensor<4xf64>) -> tensor<4xf64>\n"
                   "    %7 = \"tt.scan\"(%arg1) <{axis = 0 : i32, reverse = true}> ({\n"
                   "    ^bb0(%arg3: i8, %arg4: i8):\n"
                   "      %10 = arith.muli %arg3, %arg4 : i8\n"
                   "      tt.scan.return %10 : i8\n"
                   "    }) : (tensor<4xi8>) -> tensor<4xi8>\n"
                   "    %8 = arith.extf %arg2 : tensor<4xbf16> to tensor<4xf32>\n"
                   "    %9 = \"tt.scan\"(%8) <{axis = 0 : i32, reverse = false}> ({\n"
                   "    ^bb0(%arg3: f32, %arg4: f32):\n"
                   "      %10 = arith.mulf %arg3, %arg4 : f32\n"
                   "      tt.scan.return %10 : f32\n"
                   "    }) : (tensor<4xf32>) -> tensor<4xf32>\n" TAIL);
}

/* ---- custom combines --------------------------------------------------------------------------------- */

static void plus_one(tl_builder *b, const tl_value *lhs, const tl_value *rhs, tl_value *out, void *ctx)
{
    (void)b, (void)ctx;
    out[0] = tl_add(tl_add(lhs[0], rhs[0]), 1);
}

/* (value, index) pairs: the larger value and its index. */
static void larger(tl_builder *b, const tl_value *lhs, const tl_value *rhs, tl_value *out, void *ctx)
{
    (void)b, (void)ctx;
    tl_value gt = tl_gt(lhs[0], rhs[0]);
    out[0] = tl_where(gt, lhs[0], rhs[0]);
    out[1] = tl_where(gt, lhs[1], rhs[1]);
}

/* A combine with a branch and a value from its caller (ctx). */
static void branchy(tl_builder *b, const tl_value *lhs, const tl_value *rhs, tl_value *out, void *ctx)
{
    (void)b;
    tl_value scale = *(const tl_value *)ctx;
    tl_scope s = tl_if(tl_gt(lhs[0], rhs[0]));
    tl_else(&s, lhs[0]);
    tl_yield(&s, tl_mul(rhs[0], scale));
    out[0] = s.results[0];
}

static void custom_reduce_one_operand(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_I32, 2, 4));
    tl_values r = tl_reduce(TL_VALUES(a), 1, plus_one, NULL);
    tl_values s = tl_reduce(TL_VALUES(a), TL_AXIS_NONE, plus_one, NULL, .keep_dims = true);
    assert_int_equal(r.n, 1);
    assert_int_equal(tl_value_rank(r.v[0]), 1);
    assert_int_equal(tl_value_rank(s.v[0]), 2);
    expect_text(b, HEAD("%arg0: tensor<2x4xi32>")
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %0 = \"tt.reduce\"(%arg0) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32):\n"
                   "      %5 = arith.addi %arg1, %arg2 : i32\n"
                   "      %6 = arith.addi %5, %c1_i32 : i32\n"
                   "      tt.reduce.return %6 : i32\n"
                   "    }) : (tensor<2x4xi32>) -> tensor<2xi32>\n"
                   "    %1 = tt.reshape %arg0 allow_reorder : tensor<2x4xi32> -> tensor<8xi32>\n"
                   "    %2 = \"tt.reduce\"(%1) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32):\n"
                   "      %5 = arith.addi %arg1, %arg2 : i32\n"
                   "      %6 = arith.addi %5, %c1_i32 : i32\n"
                   "      tt.reduce.return %6 : i32\n"
                   "    }) : (tensor<8xi32>) -> i32\n"
                   "    %3 = tt.splat %2 : i32 -> tensor<1xi32>\n"
                   "    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<1xi32> -> tensor<1x1xi32>\n" TAIL);
}

static void custom_reduce_two_operands(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 2, 4));
    tl_value i = tl_arg(b, "i", T(TL_U32, 2, 4));
    tl_values r = tl_reduce(TL_VALUES(a, i), 0, larger, NULL);
    assert_int_equal(r.n, 2);
    assert_int_equal(r.v[1].dtype, TL_U32); /* the operand's dtype, signedness included */
    tl_add(r.v[0], tl_to(r.v[1], TL_F32));
    expect_text(b, HEAD("%arg0: tensor<2x4xf32>, %arg1: tensor<2x4xi32>")
                   "    %0:2 = \"tt.reduce\"(%arg0, %arg1) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):\n"
                   "      %3 = arith.cmpf ogt, %arg2, %arg4 : f32\n"
                   "      %4 = arith.select %3, %arg2, %arg4 : f32\n"
                   "      %5 = arith.select %3, %arg3, %arg5 : i32\n"
                   "      tt.reduce.return %4, %5 : f32, i32\n"
                   "    }) : (tensor<2x4xf32>, tensor<2x4xi32>) -> (tensor<4xf32>, tensor<4xi32>)\n"
                   "    %1 = arith.uitofp %0#1 : tensor<4xi32> to tensor<4xf32>\n"
                   "    %2 = arith.addf %0#0, %1 : tensor<4xf32>\n" TAIL);
}

static void custom_scans(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 8));
    tl_value i = tl_arg(b, "i", T(TL_I32, 8));
    tl_value scale = tl_arg(b, "scale", TL_SCALAR(TL_F32));
    tl_scan(TL_VALUES(a), 0, branchy, &scale, .reverse = true);
    tl_scan(TL_VALUES(a, i), -1, larger, NULL);
    expect_text(b, HEAD("%arg0: tensor<8xf32>, %arg1: tensor<8xi32>, %arg2: f32")
                   "    %0 = \"tt.scan\"(%arg0) <{axis = 0 : i32, reverse = true}> ({\n"
                   "    ^bb0(%arg3: f32, %arg4: f32):\n"
                   "      %2 = arith.cmpf ogt, %arg3, %arg4 : f32\n"
                   "      %3 = scf.if %2 -> (f32) {\n"
                   "        scf.yield %arg3 : f32\n"
                   "      } else {\n"
                   "        %4 = arith.mulf %arg4, %arg2 : f32\n"
                   "        scf.yield %4 : f32\n"
                   "      }\n"
                   "      tt.scan.return %3 : f32\n"
                   "    }) : (tensor<8xf32>) -> tensor<8xf32>\n"
                   "    %1:2 = \"tt.scan\"(%arg0, %arg1) <{axis = 0 : i32, reverse = false}> ({\n"
                   "    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):\n"
                   "      %2 = arith.cmpf ogt, %arg3, %arg5 : f32\n"
                   "      %3 = arith.select %2, %arg3, %arg5 : f32\n"
                   "      %4 = arith.select %2, %arg4, %arg6 : i32\n"
                   "      tt.scan.return %3, %4 : f32, i32\n"
                   "    }) : (tensor<8xf32>, tensor<8xi32>) -> (tensor<8xf32>, tensor<8xi32>)\n" TAIL);
}

/* Reductions are expressions: their ops follow the source text whatever order C evaluates
 * the arguments of a call in (gcc: right to left). */
static void source_order_in_expressions(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 8));
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_store(p, tl_add(tl_load(p), tl_sum(a)));
    tl_store(p, tl_add(tl_max(a), tl_load(p)));
    tl_store(p, tl_add(tl_sum(tl_cumsum(a)), tl_reduce(TL_VALUES(a), 0, plus_one, NULL).v[0]));
    expect_text(b, HEAD("%arg0: tensor<8xf32>, %arg1: !tt.ptr<f32>")
                   "    %cst = arith.constant 1.000000e+00 : f32\n"
                   "    %0 = tt.load %arg1 : !tt.ptr<f32>\n"
                   "    %1 = tt.reshape %arg0 allow_reorder : tensor<8xf32> -> tensor<8xf32>\n"
                   "    %2 = \"tt.reduce\"(%1) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg2: f32, %arg3: f32):\n"
                   "      %13 = arith.addf %arg2, %arg3 : f32\n"
                   "      tt.reduce.return %13 : f32\n"
                   "    }) : (tensor<8xf32>) -> f32\n"
                   "    %3 = arith.addf %0, %2 : f32\n"
                   "    tt.store %arg1, %3 : !tt.ptr<f32>\n"
                   "    %4 = tt.reshape %arg0 allow_reorder : tensor<8xf32> -> tensor<8xf32>\n"
                   "    %5 = \"tt.reduce\"(%4) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg2: f32, %arg3: f32):\n"
                   "      %13 = arith.maxnumf %arg2, %arg3 : f32\n"
                   "      tt.reduce.return %13 : f32\n"
                   "    }) : (tensor<8xf32>) -> f32\n"
                   "    %6 = tt.load %arg1 : !tt.ptr<f32>\n"
                   "    %7 = arith.addf %5, %6 : f32\n"
                   "    tt.store %arg1, %7 : !tt.ptr<f32>\n"
                   "    %8 = \"tt.scan\"(%arg0) <{axis = 0 : i32, reverse = false}> ({\n"
                   "    ^bb0(%arg2: f32, %arg3: f32):\n"
                   "      %13 = arith.addf %arg2, %arg3 : f32\n"
                   "      tt.scan.return %13 : f32\n"
                   "    }) : (tensor<8xf32>) -> tensor<8xf32>\n"
                   "    %9 = tt.reshape %8 allow_reorder : tensor<8xf32> -> tensor<8xf32>\n"
                   "    %10 = \"tt.reduce\"(%9) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg2: f32, %arg3: f32):\n"
                   "      %13 = arith.addf %arg2, %arg3 : f32\n"
                   "      tt.reduce.return %13 : f32\n"
                   "    }) : (tensor<8xf32>) -> f32\n"
                   "    %11 = \"tt.reduce\"(%arg0) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg2: f32, %arg3: f32):\n"
                   "      %13 = arith.addf %arg2, %arg3 : f32\n"
                   "      %14 = arith.addf %13, %cst : f32\n"
                   "      tt.reduce.return %14 : f32\n"
                   "    }) : (tensor<8xf32>) -> f32\n"
                   "    %12 = arith.addf %10, %11 : f32\n"
                   "    tt.store %arg1, %12 : !tt.ptr<f32>\n" TAIL);
}

/* Triton evaluates keyword arguments first: a reduction in a mask moves in front of the pointer. */
static void reduction_in_a_keyword_argument(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value a = tl_arg(b, "a", T(TL_F32, 16));
    tl_value i = tl_arange(b, 0, 16);
    tl_store(tl_addptr(p, i), a, .mask = tl_lt(a, tl_sum(a)));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: tensor<16xf32>")
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = tt.reshape %arg1 allow_reorder : tensor<16xf32> -> tensor<16xf32>\n"
                   "    %2 = \"tt.reduce\"(%1) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg2: f32, %arg3: f32):\n"
                   "      %7 = arith.addf %arg2, %arg3 : f32\n"
                   "      tt.reduce.return %7 : f32\n"
                   "    }) : (tensor<16xf32>) -> f32\n"
                   "    %3 = tt.splat %2 : f32 -> tensor<16xf32>\n"
                   "    %4 = arith.cmpf olt, %arg1, %3 : tensor<16xf32>\n"
                   "    %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                   "    %6 = tt.addptr %5, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                   "    tt.store %6, %arg1, %4 : tensor<16x!tt.ptr<f32>>\n" TAIL);
}

/* ---- misuse --------------------------------------------------------------------------------------------- */

static void error_reduce_a_scalar(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_F32));
    int line = __LINE__ + 1;
    tl_sum(x);
    expect_error(b, line, "tl_sum: cannot sum a scalar (f32): the input must be a tensor");
}

static void error_scan_a_scalar(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_I32));
    int line = __LINE__ + 1;
    tl_cumprod(x);
    expect_error(b, line, "tl_cumprod: cannot scan a scalar (i32): the input must be a tensor");
}

static void error_reduce_pointers(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value ptrs = tl_addptr(p, tl_arange(b, 0, 4));
    int line = __LINE__ + 1;
    tl_max(ptrs, 0);
    expect_error(b, line, "tl_max: cannot take the max of a tensor of pointers (tensor<4x!tt.ptr<f32>>)");
}

static void error_axis_out_of_range(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 2, 4));
    int line = __LINE__ + 1;
    tl_sum(a, 2);
    expect_error(b, line, "tl_sum: invalid axis 2. Expected -2 <= axis < 2");

    b = tl_builder_create("k");
    a = tl_arg(b, "a", T(TL_F32, 2, 4));
    line = __LINE__ + 1;
    tl_cumsum(a, -3);
    expect_error(b, line, "tl_cumsum: invalid axis -3. Expected -2 <= axis < 2");

    b = tl_builder_create("k");
    a = tl_arg(b, "a", T(TL_F32, 2, 4));
    line = __LINE__ + 1;
    tl_argmin(a, 5);
    expect_error(b, line, "tl_argmin: invalid axis 5. Expected -2 <= axis < 2");
}

static void error_axis_required(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 4));
    int line = __LINE__ + 1;
    tl_argmax(a, TL_AXIS_NONE);
    expect_error(b, line, "tl_argmax: an axis is required to return indices (not TL_AXIS_NONE)");

    b = tl_builder_create("k");
    a = tl_arg(b, "a", T(TL_F32, 4));
    line = __LINE__ + 1;
    tl_cumsum(a, TL_AXIS_NONE);
    expect_error(b, line, "tl_cumsum: an axis is required here (not TL_AXIS_NONE)");
}

static void error_bitwise_reductions_of_floats(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F16, 4));
    int line = __LINE__ + 1;
    tl_xor_sum(a);
    expect_error(b, line, "tl_xor_sum: xor_sum only supported for integers (got float16)");

    b = tl_builder_create("k");
    a = tl_arg(b, "a", T(TL_BF16, 4));
    line = __LINE__ + 1;
    tl_reduce_or(a, 0);
    expect_error(b, line, "tl_reduce_or: reduce_or only supported for integers (got bfloat16)");
}

static void error_bad_dtype(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F16, 4));
    int line = __LINE__ + 1;
    tl_sum(a, 0, .dtype = (tl_dtype)99);
    expect_error(b, line, "tl_sum: invalid dtype 99");

    b = tl_builder_create("k");
    a = tl_arg(b, "a", T(TL_F16, 4));
    line = __LINE__ + 1;
    tl_cumsum(a, 0, .dtype = (tl_dtype)-1);
    expect_error(b, line, "tl_cumsum: invalid dtype -1");
}

static void error_poison_and_number_inputs(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 4));
    int line = __LINE__ + 1;
    tl_value bad = tl_add(a, tl_arg(b, "c", T(TL_F32, 8))); /* fails: shapes */
    tl_sum(bad);                                             /* a no-op after the first error */
    expect_error(b, line, "tl_add: cannot broadcast tensor<4xf32> with tensor<8xf32>: incompatible dimensions "
                          "at index 0: 4 and 8");

    /* A C number has no builder of its own: the error is the thread's builder's, at its call. */
    b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    line = __LINE__ + 1;
    tl_value s = tl_sum(3.0);
    assert_true(tl_value_is_poison(s));
    tl_store(p, s);
    expect_error(b, line, "tl_sum: cannot sum a scalar (f32): the input must be a tensor");
}

static void error_custom_operands(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 4));
    tl_value c = tl_arg(b, "c", T(TL_F32, 8));
    int line = __LINE__ + 1;
    tl_values r = tl_reduce(TL_VALUES(a, c), 0, larger, NULL);
    assert_int_equal(r.n, 2); /* poison, but readable */
    assert_true(tl_value_is_poison(r.v[1]));
    expect_error(b, line, "tl_reduce: all reduction inputs must have the same shape");

    b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_SCALAR(TL_F32));
    line = __LINE__ + 1;
    tl_scan(TL_VALUES(x), 0, plus_one, NULL);
    expect_error(b, line, "tl_scan: operand #0 is a scalar (f32): tl_scan takes tensors");

    b = tl_builder_create("k");
    a = tl_arg(b, "a", T(TL_F32, 4));
    line = __LINE__ + 1;
    tl_reduce(TL_VALUES(a, tl_lit(1.0)), 0, larger, NULL);
    expect_error(b, line, "tl_reduce: operand #1 is a C number: tl_reduce takes tensors");

    b = tl_builder_create("k");
    a = tl_arg(b, "a", T(TL_F32, 4));
    line = __LINE__ + 1;
    tl_reduce(TL_VALUES(a), 0, NULL, NULL);
    expect_error(b, line, "tl_reduce: no combine function (NULL)");

    b = tl_builder_create("k");
    a = tl_arg(b, "a", T(TL_F32, 4));
    tl_value many[TL_REDUCE_MAX_OPERANDS + 1];
    for (int i = 0; i <= TL_REDUCE_MAX_OPERANDS; i++)
        many[i] = a;
    line = __LINE__ + 1;
    r = tl_reduce(((tl_values){TL_REDUCE_MAX_OPERANDS + 1, many}), 0, plus_one, NULL);
    assert_int_equal(r.n, TL_REDUCE_MAX_OPERANDS);
    expect_error(b, line, "tl_reduce: 17 operands: at most 16");
}

static void two_values(tl_builder *b, const tl_value *lhs, const tl_value *rhs, tl_value *out, void *ctx)
{
    (void)b, (void)ctx;
    out[0] = tl_add(lhs[0], rhs[0]);
    out[1] = tl_sub(lhs[0], rhs[0]);
}

static void nothing(tl_builder *b, const tl_value *lhs, const tl_value *rhs, tl_value *out, void *ctx)
{
    (void)b, (void)lhs, (void)rhs, (void)out, (void)ctx;
}

static void to_f64(tl_builder *b, const tl_value *lhs, const tl_value *rhs, tl_value *out, void *ctx)
{
    (void)b, (void)ctx;
    out[0] = tl_to(tl_add(lhs[0], rhs[0]), TL_F64);
}

static void a_number(tl_builder *b, const tl_value *lhs, const tl_value *rhs, tl_value *out, void *ctx)
{
    (void)b, (void)lhs, (void)rhs, (void)ctx;
    out[0] = tl_lit(0.0);
}

static void open_scope(tl_builder *b, const tl_value *lhs, const tl_value *rhs, tl_value *out, void *ctx)
{
    (void)b, (void)ctx;
    tl_if(tl_gt(lhs[0], rhs[0]));
    out[0] = lhs[0];
}

static int inner_value_line; /* the line inner_value makes its value on */

static void inner_value(tl_builder *b, const tl_value *lhs, const tl_value *rhs, tl_value *out, void *ctx)
{
    (void)b, (void)ctx;
    tl_scope s = tl_if(tl_gt(lhs[0], rhs[0]));
    out[0] = tl_add(lhs[0], rhs[0]); inner_value_line = __LINE__;
    tl_yield(&s);
}

static void returns_early(tl_builder *b, const tl_value *lhs, const tl_value *rhs, tl_value *out, void *ctx)
{
    (void)b;
    tl_return_if(tl_gt(lhs[0], rhs[0]));
    out[0] = lhs[0];
    *(int *)ctx = __LINE__ - 2;
}

/* Checks one bad combine: the error is reported at the tl_reduce line (or inside the combine). */
static void check_bad_combine(tl_combine_fn fn, const char *want)
{
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 4));
    int line = __LINE__ + 1;
    tl_values r = tl_reduce(TL_VALUES(a), 0, fn, NULL);
    assert_true(tl_value_is_poison(r.v[0]));
    expect_error(b, line, want);
}

static void error_combine_results(void **state)
{
    (void)state;
    check_bad_combine(two_values, "tl_reduce: the combine function returned 2 values, but there is 1 operand");
    check_bad_combine(nothing, "tl_reduce: the combine function returned no value #0 (it must return 1)");
    check_bad_combine(to_f64, "tl_reduce: the combine function's value #0 has type f64, expected f32 "
                              "(operand #0's element type)");
    check_bad_combine(a_number, "tl_reduce: the combine function's value #0 is a C number: return a value of "
                                "type f32");
    check_bad_combine(open_scope, "tl_reduce: the combine function must end where it began: it left a scope "
                                  "open or closed one it did not open");
    {
        tl_builder *ib = tl_builder_create("k");
        tl_value a = tl_arg(ib, "a", T(TL_F32, 4));
        int line = __LINE__ + 1;
        tl_values r = tl_reduce(TL_VALUES(a), 0, inner_value, NULL);
        assert_true(tl_value_is_poison(r.v[0]));
        char want[256];
        snprintf(want, sizeof want, "tl_reduce: tt.reduce.return: operand #0, made at %s:%d, was defined inside a "
                 "scope that is closed (or not entered) here", __FILE__, inner_value_line);
        expect_error(ib, line, want);
    }

    /* two operands, one value */
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 4));
    int line = __LINE__ + 1;
    tl_scan(TL_VALUES(a, a), 0, plus_one, NULL);
    expect_error(b, line, "tl_scan: the combine function returned no value #1 (it must return 2)");
}

static void error_return_inside_a_combine(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 4));
    int line = 0;
    tl_reduce(TL_VALUES(a), 0, returns_early, &line);
    expect_error(b, line, "tl_return_if: an early return is only allowed in the function's own body, not inside a "
                          "loop or branch (scf regions cannot return)");
}

/* ---- the verifier's rules, on ops made by hand ------------------------------------------------------------- */

typedef struct raw_reduce {
    const char *name;    /* tt.reduce / tt.scan */
    const char *ret;     /* its terminator */
    int axis;            /* -1: no axis attribute */
    bool no_reverse;     /* tt.scan without its reverse attribute */
    int nargs;           /* block arguments (f32 each) */
    bool wrong_arg_type; /* the first block argument is i32 */
    int nret;            /* values returned (the block's first arguments) */
    bool tensor_result;  /* tensor<4xf32> instead of what the op should give */
} raw_reduce;

/* A tt.reduce / tt.scan of the tensor<4xf32> argument, built raw; returns its line. */
static int build_raw(tl_builder *b, raw_reduce r)
{
    tcir_context *ctx = tl_builder_context(b);
    tl_value a = tl_builder_arg(b, 0);
    bool scan = strcmp(r.name, "tt.scan") == 0;
    const tcir_type *f32 = tcir_type_float(ctx, TCIR_F32), *i32 = tcir_type_int(ctx, 32);
    const tcir_type *result = scan || r.tensor_result ? tl_value_type(a) : f32;
    tcir_named_attr attrs[2] = {{"axis", tcir_attr_int(ctx, r.axis, i32), true},
                                {"reverse", tcir_attr_bool(ctx, false), true}};
    int nattrs = r.axis < 0 ? 0 : scan && !r.no_reverse ? 2 : 1;
    tl_raw_op spec = {.name = r.name, .noperands = 1, .operands = &a, .nresults = 1, .result_types = &result,
                      .nattrs = nattrs, .attrs = attrs, .nregions = 1};
    int line = __LINE__ + 1; /* one line: gcc and clang give a multi-line macro call different lines */
    tcir_op *op = tl_op_at(TL_SITE("tl_op"), b, spec);
    tcir_block *blk = tcir_region_add_block(ctx, tcir_op_region(op, 0));
    tl_value args[4];
    for (int i = 0; i < r.nargs; i++)
        args[i] = tl_wrap(b, tcir_block_add_arg(ctx, blk, i == 0 && r.wrong_arg_type ? i32 : f32, (tcir_loc){0}),
                          TL_DTYPE_INVALID);
    tl_push_block(b, blk);
    tl_op(b, r.ret, .noperands = r.nret, .operands = args);
    tl_pop_block(b);
    return line;
}

/* Asserts that finishing b fails in the verifier with `want` about the op made at `line`. */
static void expect_verifier_error(tl_builder *b, int line, const char *want)
{
    char msg[700];
    int fin = __LINE__ + 1;
    assert_null(tl_finish(b));
    snprintf(msg, sizeof msg, "%s:%d: tl_finish: verifier: %s:%d: %s", __FILE__, fin, __FILE__, line, want);
    assert_string_equal(tl_builder_error(b), msg);
    tl_builder_destroy(b);
}

static void expect_raw_error(raw_reduce r, const char *want)
{
    tl_builder *b = tl_builder_create("k");
    tl_arg(b, "a", T(TL_F32, 4));
    int line = build_raw(b, r);
    expect_verifier_error(b, line, want);
}

static void verifier_rules(void **state)
{
    (void)state;
    /* well formed, for reference */
    raw_reduce ok = {"tt.reduce", "tt.reduce.return", 0, false, 2, false, 1, false};
    raw_reduce scan = {"tt.scan", "tt.scan.return", 0, false, 2, false, 1, false};
    for (int i = 0; i < 2; i++) {
        tl_builder *b = tl_builder_create("k");
        tl_arg(b, "a", T(TL_F32, 4));
        build_raw(b, i ? scan : ok);
        char *text = tl_finish(b);
        assert_non_null(text);
        free(text);
        tl_builder_destroy(b);
    }
    raw_reduce r = ok;
    r.axis = -1;
    expect_raw_error(r, "'tt.reduce' op requires attribute 'axis'");
    r = ok, r.axis = 1;
    expect_raw_error(r, "'tt.reduce' op axis 1 is out of bounds for operand rank 1");
    r = ok, r.tensor_result = true;
    expect_raw_error(r, "'tt.reduce' op result #0 has type tensor<4xf32>, but operand #0 is tensor<4xf32> (the "
                        "result drops the axis and keeps the element type)");
    r = ok, r.nargs = 1;
    expect_raw_error(r, "'tt.reduce' op the combine block must take 2 arguments, but it takes 1");
    r = ok, r.wrong_arg_type = true, r.nret = 0;
    expect_raw_error(r, "'tt.reduce' op combine argument #0 must have type f32 (operand #0's element type), got "
                        "i32");
    r = ok, r.nret = 2;
    expect_raw_error(r, "'tt.reduce' op the combine must return 1 value, but it returns 2");
    r = ok, r.ret = "tt.scan.return";
    expect_raw_error(r, "'tt.reduce' op the combine region must end in 'tt.reduce.return', not 'tt.scan.return'");
    r = scan, r.no_reverse = true;
    expect_raw_error(r, "'tt.scan' op requires attribute 'reverse'");

    /* a combine value of the wrong type */
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", T(TL_F32, 4));
    tl_value i = tl_arg(b, "i", TL_SCALAR(TL_I32));
    tcir_context *ctx = tl_builder_context(b);
    const tcir_type *f32 = tcir_type_float(ctx, TCIR_F32);
    tl_raw_op spec = {.name = "tt.scan", .noperands = 1, .operands = &a, .nresults = 1,
                      .result_types = (const tcir_type *const[]){tl_value_type(a)}, .nattrs = 2,
                      .attrs = (tcir_named_attr[]){{"axis", tcir_attr_int(ctx, 0, tcir_type_int(ctx, 32)), true},
                                                   {"reverse", tcir_attr_bool(ctx, true), true}},
                      .nregions = 1};
    int line = __LINE__ + 1;
    tcir_op *op = tl_op_at(TL_SITE("tl_op"), b, spec);
    tcir_block *blk = tcir_region_add_block(ctx, tcir_op_region(op, 0));
    tcir_block_add_arg(ctx, blk, f32, (tcir_loc){0});
    tcir_block_add_arg(ctx, blk, f32, (tcir_loc){0});
    tl_push_block(b, blk);
    tl_op(b, "tt.scan.return", .noperands = 1, .operands = &i);
    tl_pop_block(b);
    expect_verifier_error(b, line, "'tt.scan' op combine value #0 must have type f32 (operand #0's element type), "
                                   "got i32");

    /* tt.reduce.return outside a tt.reduce */
    b = tl_builder_create("k");
    tl_value c = tl_arg(b, "c", TL_SCALAR(TL_I1));
    tl_scope s = tl_if(c);
    line = __LINE__ + 1;
    tl_op(b, "tt.reduce.return", .noperands = 0);
    tl_pop_block(b);
    (void)s;
    expect_verifier_error(b, line, "'tt.reduce.return' op expects parent op 'tt.reduce'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sum_axis_none_reshapes_first),
        cmocka_unit_test(sum_along_an_axis),
        cmocka_unit_test(sum_keep_dims),
        cmocka_unit_test(sum_integer_promotion_and_dtype),
        cmocka_unit_test(max_min_ops_and_widening),
        cmocka_unit_test(max_keep_dims),
        cmocka_unit_test(argmax_2d),
        cmocka_unit_test(argmin_unsigned_fast_keep_dims),
        cmocka_unit_test(argmax_3d_middle_axis),
        cmocka_unit_test(max_min_with_indices),
        cmocka_unit_test(xor_sum_integers),
        cmocka_unit_test(reduce_or_integers),
        cmocka_unit_test(scans),
        cmocka_unit_test(custom_reduce_one_operand),
        cmocka_unit_test(custom_reduce_two_operands),
        cmocka_unit_test(custom_scans),
        cmocka_unit_test(source_order_in_expressions),
        cmocka_unit_test(reduction_in_a_keyword_argument),
        cmocka_unit_test(error_reduce_a_scalar),
        cmocka_unit_test(error_scan_a_scalar),
        cmocka_unit_test(error_reduce_pointers),
        cmocka_unit_test(error_axis_out_of_range),
        cmocka_unit_test(error_axis_required),
        cmocka_unit_test(error_bitwise_reductions_of_floats),
        cmocka_unit_test(error_bad_dtype),
        cmocka_unit_test(error_poison_and_number_inputs),
        cmocka_unit_test(error_custom_operands),
        cmocka_unit_test(error_combine_results),
        cmocka_unit_test(error_return_inside_a_combine),
        cmocka_unit_test(verifier_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
