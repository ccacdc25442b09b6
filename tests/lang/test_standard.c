/* triton.language.standard's functions (tritonc/standard.h): sigmoid, softmax, zeros_like, ravel,
 * swizzle2d, interleave, flip, sort, topk, bitonic_merge; the exact text of each (the ops Python's
 * body makes, in its order; the constants where the pool puts a helper's), and every misuse.
 * tests/gpu/stdlib_cases.{c,py} compare the same functions with Python after make_ttir. */
#include "test_lang.h"

#include "fake_failing_allocator.h"

/* ---- sigmoid, softmax ----------------------------------------------------------------------- */

/* 1 / (1 + exp(-x)): the 0 of the negation, then the 1 of both operators */
static void sigmoid_f32(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value r = tl_arange(b, 0, 4);
    tl_store(tl_addptr(x, r), tl_sigmoid(tl_load(tl_addptr(x, r))));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>")
                   "    %cst = arith.constant dense<0.000000e+00> : tensor<4xf32>\n"
                   "    %cst_0 = arith.constant dense<1.000000e+00> : tensor<4xf32>\n"
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
                   "    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
                   "    %4 = tt.addptr %3, %0 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
                   "    %5 = tt.load %4 : tensor<4x!tt.ptr<f32>>\n"
                   "    %6 = arith.subf %cst, %5 : tensor<4xf32>\n"
                   "    %7 = math.exp %6 : tensor<4xf32>\n"
                   "    %8 = arith.addf %cst_0, %7 : tensor<4xf32>\n"
                   "    %9 = arith.divf %cst_0, %8 : tensor<4xf32>\n"
                   "    tt.store %2, %9 : tensor<4x!tt.ptr<f32>>\n" TAIL);
}

/* Two calls in one expression: in Python's order under any compiler, constants shared */
static void sigmoid_in_an_expression(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value y = tl_arg(b, "y", PTR(TL_F32));
    tl_value a = tl_load(x);
    tl_value c = tl_load(y);
    tl_store(x, tl_add(tl_sigmoid(a), tl_sigmoid(c)));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>")
                   "    %cst = arith.constant 0.000000e+00 : f32\n"
                   "    %cst_0 = arith.constant 1.000000e+00 : f32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %1 = tt.load %arg1 : !tt.ptr<f32>\n"
                   "    %2 = arith.subf %cst, %0 : f32\n"
                   "    %3 = math.exp %2 : f32\n"
                   "    %4 = arith.addf %cst_0, %3 : f32\n"
                   "    %5 = arith.divf %cst_0, %4 : f32\n"
                   "    %6 = arith.subf %cst, %1 : f32\n"
                   "    %7 = math.exp %6 : f32\n"
                   "    %8 = arith.addf %cst_0, %7 : f32\n"
                   "    %9 = arith.divf %cst_0, %8 : f32\n"
                   "    %10 = arith.addf %5, %9 : f32\n"
                   "    tt.store %arg0, %10 : !tt.ptr<f32>\n" TAIL);
}

/* dim None is 0: max, subtract, exp, sum, fdiv */
static void softmax_1d(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value r = tl_arange(b, 0, 4);
    tl_store(tl_addptr(x, r), tl_softmax(tl_load(tl_addptr(x, r))));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>")
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
                   "    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
                   "    %4 = tt.addptr %3, %0 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
                   "    %5 = tt.load %4 : tensor<4x!tt.ptr<f32>>\n"
                   "    %6 = \"tt.reduce\"(%5) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: f32, %arg2: f32):\n"
                   "      %13 = arith.maxnumf %arg1, %arg2 : f32\n"
                   "      tt.reduce.return %13 : f32\n"
                   "    }) : (tensor<4xf32>) -> f32\n"
                   "    %7 = tt.splat %6 : f32 -> tensor<4xf32>\n"
                   "    %8 = arith.subf %5, %7 : tensor<4xf32>\n"
                   "    %9 = math.exp %8 : tensor<4xf32>\n"
                   "    %10 = \"tt.reduce\"(%9) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: f32, %arg2: f32):\n"
                   "      %13 = arith.addf %arg1, %arg2 : f32\n"
                   "      tt.reduce.return %13 : f32\n"
                   "    }) : (tensor<4xf32>) -> f32\n"
                   "    %11 = tt.splat %10 : f32 -> tensor<4xf32>\n"
                   "    %12 = arith.divf %9, %11 : tensor<4xf32>\n"
                   "    tt.store %2, %12 : tensor<4x!tt.ptr<f32>>\n" TAIL);
}

/* dim 1 with keep_dims on a 2-D tensor: the reductions expanded back, then broadcast */
static void softmax_keep_dims(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value i = tl_arange(b, 0, 2);
    tl_value j = tl_arange(b, 0, 4);
    tl_value p = tl_addptr(x, tl_mul(tl_expand_dims(i, 1), 4), tl_expand_dims(j, 0));
    tl_store(p, tl_softmax(tl_load(p), 1, .keep_dims = true, .ieee_rounding = true));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>")
                   "    %cst = arith.constant dense<4> : tensor<2x1xi32>\n"
                   "    %0 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %1 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>\n"
                   "    %3 = arith.muli %2, %cst : tensor<2x1xi32>\n"
                   "    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<2x1x!tt.ptr<f32>>\n"
                   "    %5 = tt.addptr %4, %3 : tensor<2x1x!tt.ptr<f32>>, tensor<2x1xi32>\n"
                   "    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>\n"
                   "    %7 = tt.broadcast %5 : tensor<2x1x!tt.ptr<f32>> -> tensor<2x4x!tt.ptr<f32>>\n"
                   "    %8 = tt.broadcast %6 : tensor<1x4xi32> -> tensor<2x4xi32>\n"
                   "    %9 = tt.addptr %7, %8 : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>\n"
                   "    %10 = tt.load %9 : tensor<2x4x!tt.ptr<f32>>\n"
                   "    %11 = \"tt.reduce\"(%10) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: f32, %arg2: f32):\n"
                   "      %20 = arith.maxnumf %arg1, %arg2 : f32\n"
                   "      tt.reduce.return %20 : f32\n"
                   "    }) : (tensor<2x4xf32>) -> tensor<2xf32>\n"
                   "    %12 = tt.expand_dims %11 {axis = 1 : i32} : tensor<2xf32> -> tensor<2x1xf32>\n"
                   "    %13 = tt.broadcast %12 : tensor<2x1xf32> -> tensor<2x4xf32>\n"
                   "    %14 = arith.subf %10, %13 : tensor<2x4xf32>\n"
                   "    %15 = math.exp %14 : tensor<2x4xf32>\n"
                   "    %16 = \"tt.reduce\"(%15) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: f32, %arg2: f32):\n"
                   "      %20 = arith.addf %arg1, %arg2 : f32\n"
                   "      tt.reduce.return %20 : f32\n"
                   "    }) : (tensor<2x4xf32>) -> tensor<2xf32>\n"
                   "    %17 = tt.expand_dims %16 {axis = 1 : i32} : tensor<2xf32> -> tensor<2x1xf32>\n"
                   "    %18 = tt.broadcast %17 : tensor<2x1xf32> -> tensor<2x4xf32>\n"
                   "    %19 = arith.divf %15, %18 : tensor<2x4xf32>\n"
                   "    tt.store %9, %19 : tensor<2x4x!tt.ptr<f32>>\n" TAIL);
}

/* ---- zeros_like, ravel, interleave, swizzle2d ------------------------------------------------ */

static void zeros_like_tensor_and_scalar(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F16));
    tl_value p = tl_arg(b, "p", PTR(TL_I64));
    tl_value r = tl_arange(b, 0, 4);
    tl_store(tl_addptr(x, r), tl_zeros_like(tl_load(tl_addptr(x, r))));
    tl_store(p, tl_zeros_like(tl_load(p)));
    expect_text(b, HEAD("%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<i64>")
                   "    %c0_i64 = arith.constant 0 : i64\n"
                   "    %cst = arith.constant dense<0.000000e+00> : tensor<4xf16>\n"
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<4x!tt.ptr<f16>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<4x!tt.ptr<f16>>, tensor<4xi32>\n"
                   "    %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<4x!tt.ptr<f16>>\n"
                   "    %4 = tt.addptr %3, %0 : tensor<4x!tt.ptr<f16>>, tensor<4xi32>\n"
                   "    %5 = tt.load %4 : tensor<4x!tt.ptr<f16>>\n"
                   "    tt.store %2, %cst : tensor<4x!tt.ptr<f16>>\n"
                   "    %6 = tt.load %arg1 : !tt.ptr<i64>\n"
                   "    tt.store %arg1, %c0_i64 : !tt.ptr<i64>\n" TAIL);
}

static void ravel_forms(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value i = tl_arange(b, 0, 2);
    tl_value j = tl_arange(b, 0, 4);
    tl_value a = tl_load(tl_addptr(x, tl_mul(tl_expand_dims(i, 1), 4), tl_expand_dims(j, 0)));
    tl_value k = tl_arange(b, 0, 8);
    tl_store(tl_addptr(x, k), tl_ravel(a));
    tl_store(tl_addptr(x, k), tl_ravel(a, .can_reorder = true));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>")
                   "    %cst = arith.constant dense<4> : tensor<2x1xi32>\n"
                   "    %0 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %1 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>\n"
                   "    %3 = arith.muli %2, %cst : tensor<2x1xi32>\n"
                   "    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<2x1x!tt.ptr<f32>>\n"
                   "    %5 = tt.addptr %4, %3 : tensor<2x1x!tt.ptr<f32>>, tensor<2x1xi32>\n"
                   "    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>\n"
                   "    %7 = tt.broadcast %5 : tensor<2x1x!tt.ptr<f32>> -> tensor<2x4x!tt.ptr<f32>>\n"
                   "    %8 = tt.broadcast %6 : tensor<1x4xi32> -> tensor<2x4xi32>\n"
                   "    %9 = tt.addptr %7, %8 : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>\n"
                   "    %10 = tt.load %9 : tensor<2x4x!tt.ptr<f32>>\n"
                   "    %11 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>\n"
                   "    %12 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>\n"
                   "    %13 = tt.addptr %12, %11 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>\n"
                   "    %14 = tt.reshape %10 : tensor<2x4xf32> -> tensor<8xf32>\n"
                   "    tt.store %13, %14 : tensor<8x!tt.ptr<f32>>\n"
                   "    %15 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>\n"
                   "    %16 = tt.addptr %15, %11 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>\n"
                   "    %17 = tt.reshape %10 allow_reorder : tensor<2x4xf32> -> tensor<8xf32>\n"
                   "    tt.store %16, %17 : tensor<8x!tt.ptr<f32>>\n" TAIL);
}

/* Two tensors: join, then reshape; two scalars: join's tensor<2x...> as it is */
static void interleave_forms(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value r = tl_arange(b, 0, 2);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_store(tl_addptr(x, tl_arange(b, 0, 4)), tl_interleave(a, a));
    tl_value s = tl_load(x);
    tl_store(tl_addptr(x, r), tl_interleave(s, s));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>")
                   "    %0 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<2x!tt.ptr<f32>>, tensor<2xi32>\n"
                   "    %3 = tt.load %2 : tensor<2x!tt.ptr<f32>>\n"
                   "    %4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
                   "    %6 = tt.addptr %5, %4 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
                   "    %7 = tt.join %3, %3 : tensor<2xf32> -> tensor<2x2xf32>\n"
                   "    %8 = tt.reshape %7 : tensor<2x2xf32> -> tensor<4xf32>\n"
                   "    tt.store %6, %8 : tensor<4x!tt.ptr<f32>>\n"
                   "    %9 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %10 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>>\n"
                   "    %11 = tt.addptr %10, %0 : tensor<2x!tt.ptr<f32>>, tensor<2xi32>\n"
                   "    %12 = tt.splat %9 : f32 -> tensor<1xf32>\n"
                   "    %13 = tt.splat %9 : f32 -> tensor<1xf32>\n"
                   "    %14 = tt.join %12, %13 : tensor<1xf32> -> tensor<1x2xf32>\n"
                   "    %15 = tt.reshape %14 : tensor<1x2xf32> -> tensor<2xf32>\n"
                   "    tt.store %11, %15 : tensor<2x!tt.ptr<f32>>\n" TAIL);
}

/* The usual form: program ids and sizes at run time, the group a constexpr */
static void swizzle2d_pids(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value o = tl_arg(b, "o", PTR(TL_I32));
    tl_value m = tl_arg(b, "m", SCALAR(TL_I32));
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_pair mn = tl_swizzle2d(tl_program_id(b, 0), tl_program_id(b, 1), m, n, 8);
    tl_store(tl_addptr(o, mn.first), mn.second);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>, %arg1: i32, %arg2: i32")
                   "    %c8_i32 = arith.constant 8 : i32\n"
                   "    %0 = tt.get_program_id x : i32\n"
                   "    %1 = tt.get_program_id y : i32\n"
                   "    %2 = arith.muli %0, %arg2 : i32\n"
                   "    %3 = arith.addi %2, %1 : i32\n"
                   "    %4 = arith.muli %c8_i32, %arg2 : i32\n"
                   "    %5 = arith.divsi %3, %4 : i32\n"
                   "    %6 = arith.muli %5, %c8_i32 : i32\n"
                   "    %7 = arith.subi %arg1, %6 : i32\n"
                   "    %8 = arith.minsi %7, %c8_i32 : i32\n"
                   "    %9 = arith.remsi %3, %4 : i32\n"
                   "    %10 = arith.remsi %9, %8 : i32\n"
                   "    %11 = arith.addi %6, %10 : i32\n"
                   "    %12 = arith.divsi %9, %8 : i32\n"
                   "    %13 = tt.addptr %arg0, %11 : !tt.ptr<i32>, i32\n"
                   "    tt.store %13, %12 : !tt.ptr<i32>\n" TAIL);
}

/* Constexpr sizes with tensors of indices: a number assigned to a name is a constant there */
static void swizzle2d_constexpr_sizes(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value o = tl_arg(b, "o", PTR(TL_I32));
    tl_value i = tl_expand_dims(tl_arange(b, 0, 2), 1);
    tl_value j = tl_expand_dims(tl_arange(b, 0, 2), 0);
    tl_pair ij = tl_swizzle2d(i, j, 2, 2, 1);
    tl_store(tl_addptr(o, tl_mul(ij.first, 2), ij.second), 1);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>")
                   "    %cst = arith.constant dense<2> : tensor<2x1xi32>\n"
                   "    %cst_0 = arith.constant dense<1> : tensor<2x2xi32>\n"
                   "    %cst_1 = arith.constant dense<2> : tensor<2x2xi32>\n"
                   "    %0 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>\n"
                   "    %2 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %3 = tt.expand_dims %2 {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>\n"
                   "    %4 = arith.muli %1, %cst : tensor<2x1xi32>\n"
                   "    %5 = tt.broadcast %4 : tensor<2x1xi32> -> tensor<2x2xi32>\n"
                   "    %6 = tt.broadcast %3 : tensor<1x2xi32> -> tensor<2x2xi32>\n"
                   "    %7 = arith.addi %5, %6 : tensor<2x2xi32>\n"
                   "    %8 = arith.divsi %7, %cst_1 : tensor<2x2xi32>\n"
                   "    %9 = arith.muli %8, %cst_0 : tensor<2x2xi32>\n"
                   "    %10 = arith.subi %cst_1, %9 : tensor<2x2xi32>\n"
                   "    %11 = arith.minsi %10, %cst_0 : tensor<2x2xi32>\n"
                   "    %12 = arith.remsi %7, %cst_1 : tensor<2x2xi32>\n"
                   "    %13 = arith.remsi %12, %11 : tensor<2x2xi32>\n"
                   "    %14 = arith.addi %9, %13 : tensor<2x2xi32>\n"
                   "    %15 = arith.divsi %12, %11 : tensor<2x2xi32>\n"
                   "    %16 = arith.muli %14, %cst_1 : tensor<2x2xi32>\n"
                   "    %17 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<2x2x!tt.ptr<i32>>\n"
                   "    %18 = tt.addptr %17, %16 : tensor<2x2x!tt.ptr<i32>>, tensor<2x2xi32>\n"
                   "    %19 = tt.addptr %18, %15 : tensor<2x2x!tt.ptr<i32>>, tensor<2x2xi32>\n"
                   "    tt.store %19, %cst_0 : tensor<2x2x!tt.ptr<i32>>\n" TAIL);
}

/* ---- flip, sort, topk, bitonic_merge ----------------------------------------------------------- */

/* A bitcast to the signed integer of the width, one xor_sum per dimension of 2, back */
static void flip_1d(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value r = tl_arange(b, 0, 4);
    tl_store(tl_addptr(x, r), tl_flip(tl_load(tl_addptr(x, r)), -1));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>")
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
                   "    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
                   "    %4 = tt.addptr %3, %0 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
                   "    %5 = tt.load %4 : tensor<4x!tt.ptr<f32>>\n"
                   "    %6 = tt.bitcast %5 : tensor<4xf32> -> tensor<4xi32>\n"
                   "    %7 = tt.reshape %6 : tensor<4xi32> -> tensor<2x2xi32>\n"
                   "    %8 = \"tt.reduce\"(%7) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32):\n"
                   "      %18 = arith.xori %arg1, %arg2 : i32\n"
                   "      tt.reduce.return %18 : i32\n"
                   "    }) : (tensor<2x2xi32>) -> tensor<2xi32>\n"
                   "    %9 = tt.expand_dims %8 {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>\n"
                   "    %10 = tt.broadcast %9 : tensor<1x2xi32> -> tensor<2x2xi32>\n"
                   "    %11 = arith.xori %7, %10 : tensor<2x2xi32>\n"
                   "    %12 = \"tt.reduce\"(%11) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32):\n"
                   "      %18 = arith.xori %arg1, %arg2 : i32\n"
                   "      tt.reduce.return %18 : i32\n"
                   "    }) : (tensor<2x2xi32>) -> tensor<2xi32>\n"
                   "    %13 = tt.expand_dims %12 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>\n"
                   "    %14 = tt.broadcast %13 : tensor<2x1xi32> -> tensor<2x2xi32>\n"
                   "    %15 = arith.xori %11, %14 : tensor<2x2xi32>\n"
                   "    %16 = tt.reshape %15 : tensor<2x2xi32> -> tensor<4xi32>\n"
                   "    %17 = tt.bitcast %16 : tensor<4xi32> -> tensor<4xf32>\n"
                   "    tt.store %2, %17 : tensor<4x!tt.ptr<f32>>\n" TAIL);
}

/* Ascending: no constant, no XOR with the order */
static void sort_ascending(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_I32));
    tl_value r = tl_arange(b, 0, 4);
    tl_store(tl_addptr(x, r), tl_sort(tl_load(tl_addptr(x, r))));
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>")
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>\n"
                   "    %3 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>\n"
                   "    %4 = tt.addptr %3, %0 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>\n"
                   "    %5 = tt.load %4 : tensor<4x!tt.ptr<i32>>\n"
                   "    %6 = tt.reshape %5 : tensor<4xi32> -> tensor<2x2xi32>\n"
                   "    %7 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %8 = tt.reshape %7 : tensor<2xi32> -> tensor<2x1xi32>\n"
                   "    %9 = \"tt.reduce\"(%6) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32):\n"
                   "      %45 = arith.xori %arg1, %arg2 : i32\n"
                   "      tt.reduce.return %45 : i32\n"
                   "    }) : (tensor<2x2xi32>) -> tensor<2xi32>\n"
                   "    %10 = tt.expand_dims %9 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>\n"
                   "    %11 = tt.broadcast %10 : tensor<2x1xi32> -> tensor<2x2xi32>\n"
                   "    %12 = arith.xori %6, %11 : tensor<2x2xi32>\n"
                   "    %13 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %14 = tt.reshape %13 : tensor<2xi32> -> tensor<1x2xi32>\n"
                   "    %15 = arith.cmpi sgt, %6, %12 : tensor<2x2xi32>\n"
                   "    %16 = tt.broadcast %8 : tensor<2x1xi32> -> tensor<2x2xi32>\n"
                   "    %17 = tt.broadcast %14 : tensor<1x2xi32> -> tensor<2x2xi32>\n"
                   "    %18 = arith.xori %16, %17 : tensor<2x2xi32>\n"
                   "    %19 = arith.extui %15 : tensor<2x2xi1> to tensor<2x2xi32>\n"
                   "    %20 = arith.cmpi ne, %19, %18 : tensor<2x2xi32>\n"
                   "    %21 = arith.select %20, %12, %6 : tensor<2x2xi1>, tensor<2x2xi32>\n"
                   "    %22 = \"tt.reduce\"(%21) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32):\n"
                   "      %45 = arith.xori %arg1, %arg2 : i32\n"
                   "      tt.reduce.return %45 : i32\n"
                   "    }) : (tensor<2x2xi32>) -> tensor<2xi32>\n"
                   "    %23 = tt.expand_dims %22 {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>\n"
                   "    %24 = tt.broadcast %23 : tensor<1x2xi32> -> tensor<2x2xi32>\n"
                   "    %25 = arith.xori %21, %24 : tensor<2x2xi32>\n"
                   "    %26 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %27 = tt.reshape %26 : tensor<2xi32> -> tensor<2x1xi32>\n"
                   "    %28 = arith.cmpi sgt, %21, %25 : tensor<2x2xi32>\n"
                   "    %29 = arith.extui %28 : tensor<2x2xi1> to tensor<2x2xi32>\n"
                   "    %30 = tt.broadcast %27 : tensor<2x1xi32> -> tensor<2x2xi32>\n"
                   "    %31 = arith.cmpi ne, %29, %30 : tensor<2x2xi32>\n"
                   "    %32 = arith.select %31, %25, %21 : tensor<2x2xi1>, tensor<2x2xi32>\n"
                   "    %33 = \"tt.reduce\"(%32) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32):\n"
                   "      %45 = arith.xori %arg1, %arg2 : i32\n"
                   "      tt.reduce.return %45 : i32\n"
                   "    }) : (tensor<2x2xi32>) -> tensor<2xi32>\n"
                   "    %34 = tt.expand_dims %33 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>\n"
                   "    %35 = tt.broadcast %34 : tensor<2x1xi32> -> tensor<2x2xi32>\n"
                   "    %36 = arith.xori %32, %35 : tensor<2x2xi32>\n"
                   "    %37 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %38 = tt.reshape %37 : tensor<2xi32> -> tensor<1x2xi32>\n"
                   "    %39 = arith.cmpi sgt, %32, %36 : tensor<2x2xi32>\n"
                   "    %40 = arith.extui %39 : tensor<2x2xi1> to tensor<2x2xi32>\n"
                   "    %41 = tt.broadcast %38 : tensor<1x2xi32> -> tensor<2x2xi32>\n"
                   "    %42 = arith.cmpi ne, %40, %41 : tensor<2x2xi32>\n"
                   "    %43 = arith.select %42, %36, %32 : tensor<2x2xi1>, tensor<2x2xi32>\n"
                   "    %44 = tt.reshape %43 : tensor<2x2xi32> -> tensor<4xi32>\n"
                   "    tt.store %2, %44 : tensor<4x!tt.ptr<i32>>\n" TAIL);
}

/* Descending: the last merge XORs each indicator with a dense<1>, met first, innermost first */
static void sort_descending(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value r = tl_arange(b, 0, 4);
    tl_store(tl_addptr(x, r), tl_sort(tl_load(tl_addptr(x, r)), 0, true));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>")
                   "    %cst = arith.constant dense<1> : tensor<1x2xi32>\n"
                   "    %cst_0 = arith.constant dense<1> : tensor<2x1xi32>\n"
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
                   "    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
                   "    %4 = tt.addptr %3, %0 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
                   "    %5 = tt.load %4 : tensor<4x!tt.ptr<f32>>\n"
                   "    %6 = tt.reshape %5 : tensor<4xf32> -> tensor<2x2xf32>\n"
                   "    %7 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %8 = tt.reshape %7 : tensor<2xi32> -> tensor<2x1xi32>\n"
                   "    %9 = tt.bitcast %6 : tensor<2x2xf32> -> tensor<2x2xi32>\n"
                   "    %10 = \"tt.reduce\"(%9) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32):\n"
                   "      %53 = arith.xori %arg1, %arg2 : i32\n"
                   "      tt.reduce.return %53 : i32\n"
                   "    }) : (tensor<2x2xi32>) -> tensor<2xi32>\n"
                   "    %11 = tt.expand_dims %10 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>\n"
                   "    %12 = tt.broadcast %11 : tensor<2x1xi32> -> tensor<2x2xi32>\n"
                   "    %13 = arith.xori %9, %12 : tensor<2x2xi32>\n"
                   "    %14 = tt.bitcast %13 : tensor<2x2xi32> -> tensor<2x2xf32>\n"
                   "    %15 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %16 = tt.reshape %15 : tensor<2xi32> -> tensor<1x2xi32>\n"
                   "    %17 = arith.cmpf ogt, %6, %14 : tensor<2x2xf32>\n"
                   "    %18 = tt.broadcast %8 : tensor<2x1xi32> -> tensor<2x2xi32>\n"
                   "    %19 = tt.broadcast %16 : tensor<1x2xi32> -> tensor<2x2xi32>\n"
                   "    %20 = arith.xori %18, %19 : tensor<2x2xi32>\n"
                   "    %21 = arith.extui %17 : tensor<2x2xi1> to tensor<2x2xi32>\n"
                   "    %22 = arith.cmpi ne, %21, %20 : tensor<2x2xi32>\n"
                   "    %23 = arith.select %22, %14, %6 : tensor<2x2xi1>, tensor<2x2xf32>\n"
                   "    %24 = tt.bitcast %23 : tensor<2x2xf32> -> tensor<2x2xi32>\n"
                   "    %25 = \"tt.reduce\"(%24) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32):\n"
                   "      %53 = arith.xori %arg1, %arg2 : i32\n"
                   "      tt.reduce.return %53 : i32\n"
                   "    }) : (tensor<2x2xi32>) -> tensor<2xi32>\n"
                   "    %26 = tt.expand_dims %25 {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>\n"
                   "    %27 = tt.broadcast %26 : tensor<1x2xi32> -> tensor<2x2xi32>\n"
                   "    %28 = arith.xori %24, %27 : tensor<2x2xi32>\n"
                   "    %29 = tt.bitcast %28 : tensor<2x2xi32> -> tensor<2x2xf32>\n"
                   "    %30 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %31 = tt.reshape %30 : tensor<2xi32> -> tensor<2x1xi32>\n"
                   "    %32 = arith.cmpf ogt, %23, %29 : tensor<2x2xf32>\n"
                   "    %33 = arith.xori %cst_0, %31 : tensor<2x1xi32>\n"
                   "    %34 = arith.extui %32 : tensor<2x2xi1> to tensor<2x2xi32>\n"
                   "    %35 = tt.broadcast %33 : tensor<2x1xi32> -> tensor<2x2xi32>\n"
                   "    %36 = arith.cmpi ne, %34, %35 : tensor<2x2xi32>\n"
                   "    %37 = arith.select %36, %29, %23 : tensor<2x2xi1>, tensor<2x2xf32>\n"
                   "    %38 = tt.bitcast %37 : tensor<2x2xf32> -> tensor<2x2xi32>\n"
                   "    %39 = \"tt.reduce\"(%38) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32):\n"
                   "      %53 = arith.xori %arg1, %arg2 : i32\n"
                   "      tt.reduce.return %53 : i32\n"
                   "    }) : (tensor<2x2xi32>) -> tensor<2xi32>\n"
                   "    %40 = tt.expand_dims %39 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>\n"
                   "    %41 = tt.broadcast %40 : tensor<2x1xi32> -> tensor<2x2xi32>\n"
                   "    %42 = arith.xori %38, %41 : tensor<2x2xi32>\n"
                   "    %43 = tt.bitcast %42 : tensor<2x2xi32> -> tensor<2x2xf32>\n"
                   "    %44 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %45 = tt.reshape %44 : tensor<2xi32> -> tensor<1x2xi32>\n"
                   "    %46 = arith.cmpf ogt, %37, %43 : tensor<2x2xf32>\n"
                   "    %47 = arith.xori %cst, %45 : tensor<1x2xi32>\n"
                   "    %48 = arith.extui %46 : tensor<2x2xi1> to tensor<2x2xi32>\n"
                   "    %49 = tt.broadcast %47 : tensor<1x2xi32> -> tensor<2x2xi32>\n"
                   "    %50 = arith.cmpi ne, %48, %49 : tensor<2x2xi32>\n"
                   "    %51 = arith.select %50, %43, %37 : tensor<2x2xi1>, tensor<2x2xf32>\n"
                   "    %52 = tt.reshape %51 : tensor<2x2xf32> -> tensor<4xf32>\n"
                   "    tt.store %2, %52 : tensor<4x!tt.ptr<f32>>\n" TAIL);
}

/* The first merges, then a max over halves and a descending merge of the rest */
static void topk_two_of_four(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F16));
    tl_value r = tl_arange(b, 0, 4);
    tl_value top = tl_topk(tl_load(tl_addptr(x, r)), 2);
    tl_store(tl_addptr(x, tl_arange(b, 0, 2)), tl_to(top, TL_F16));
    expect_text(b, HEAD("%arg0: !tt.ptr<f16>")
                   "    %cst = arith.constant dense<1> : tensor<2xi32>\n"
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<4x!tt.ptr<f16>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<4x!tt.ptr<f16>>, tensor<4xi32>\n"
                   "    %3 = tt.load %2 : tensor<4x!tt.ptr<f16>>\n"
                   "    %4 = tt.reshape %3 : tensor<4xf16> -> tensor<2x2xf16>\n"
                   "    %5 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %6 = tt.reshape %5 : tensor<2xi32> -> tensor<2x1xi32>\n"
                   "    %7 = tt.bitcast %4 : tensor<2x2xf16> -> tensor<2x2xi16>\n"
                   "    %8 = \"tt.reduce\"(%7) <{axis = 1 : i32}> ({\n"
                   "    ^bb0(%arg1: i16, %arg2: i16):\n"
                   "      %42 = arith.xori %arg1, %arg2 : i16\n"
                   "      tt.reduce.return %42 : i16\n"
                   "    }) : (tensor<2x2xi16>) -> tensor<2xi16>\n"
                   "    %9 = tt.expand_dims %8 {axis = 1 : i32} : tensor<2xi16> -> tensor<2x1xi16>\n"
                   "    %10 = tt.broadcast %9 : tensor<2x1xi16> -> tensor<2x2xi16>\n"
                   "    %11 = arith.xori %7, %10 : tensor<2x2xi16>\n"
                   "    %12 = tt.bitcast %11 : tensor<2x2xi16> -> tensor<2x2xf16>\n"
                   "    %13 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %14 = tt.reshape %13 : tensor<2xi32> -> tensor<1x2xi32>\n"
                   "    %15 = arith.cmpf ogt, %4, %12 : tensor<2x2xf16>\n"
                   "    %16 = tt.broadcast %6 : tensor<2x1xi32> -> tensor<2x2xi32>\n"
                   "    %17 = tt.broadcast %14 : tensor<1x2xi32> -> tensor<2x2xi32>\n"
                   "    %18 = arith.xori %16, %17 : tensor<2x2xi32>\n"
                   "    %19 = arith.extui %15 : tensor<2x2xi1> to tensor<2x2xi32>\n"
                   "    %20 = arith.cmpi ne, %19, %18 : tensor<2x2xi32>\n"
                   "    %21 = arith.select %20, %12, %4 : tensor<2x2xi1>, tensor<2x2xf16>\n"
                   "    %22 = arith.extf %21 : tensor<2x2xf16> to tensor<2x2xf32>\n"
                   "    %23 = \"tt.reduce\"(%22) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: f32, %arg2: f32):\n"
                   "      %42 = arith.maxnumf %arg1, %arg2 : f32\n"
                   "      tt.reduce.return %42 : f32\n"
                   "    }) : (tensor<2x2xf32>) -> tensor<2xf32>\n"
                   "    %24 = tt.bitcast %23 : tensor<2xf32> -> tensor<2xi32>\n"
                   "    %25 = \"tt.reduce\"(%24) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: i32, %arg2: i32):\n"
                   "      %42 = arith.xori %arg1, %arg2 : i32\n"
                   "      tt.reduce.return %42 : i32\n"
                   "    }) : (tensor<2xi32>) -> i32\n"
                   "    %26 = tt.splat %25 : i32 -> tensor<1xi32>\n"
                   "    %27 = tt.broadcast %26 : tensor<1xi32> -> tensor<2xi32>\n"
                   "    %28 = arith.xori %24, %27 : tensor<2xi32>\n"
                   "    %29 = tt.bitcast %28 : tensor<2xi32> -> tensor<2xf32>\n"
                   "    %30 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %31 = tt.reshape %30 : tensor<2xi32> -> tensor<2xi32>\n"
                   "    %32 = arith.cmpf ogt, %23, %29 : tensor<2xf32>\n"
                   "    %33 = arith.xori %cst, %31 : tensor<2xi32>\n"
                   "    %34 = arith.extui %32 : tensor<2xi1> to tensor<2xi32>\n"
                   "    %35 = arith.cmpi ne, %34, %33 : tensor<2xi32>\n"
                   "    %36 = arith.select %35, %29, %23 : tensor<2xi1>, tensor<2xf32>\n"
                   "    %37 = tt.reshape %36 : tensor<2xf32> -> tensor<2xf32>\n"
                   "    %38 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %39 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<2x!tt.ptr<f16>>\n"
                   "    %40 = tt.addptr %39, %38 : tensor<2x!tt.ptr<f16>>, tensor<2xi32>\n"
                   "    %41 = arith.truncf %37 : tensor<2xf32> to tensor<2xf16>\n"
                   "    tt.store %40, %41 : tensor<2x!tt.ptr<f16>>\n" TAIL);
}

static void bitonic_merge_descending(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_U8));
    tl_value r = tl_arange(b, 0, 2);
    tl_store(tl_addptr(x, r), tl_bitonic_merge(tl_load(tl_addptr(x, r)), TL_AXIS_NONE, .descending = true));
    expect_text(b, HEAD("%arg0: !tt.ptr<i8>")
                   "    %cst = arith.constant dense<1> : tensor<2xi32>\n"
                   "    %0 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<2x!tt.ptr<i8>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<2x!tt.ptr<i8>>, tensor<2xi32>\n"
                   "    %3 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<2x!tt.ptr<i8>>\n"
                   "    %4 = tt.addptr %3, %0 : tensor<2x!tt.ptr<i8>>, tensor<2xi32>\n"
                   "    %5 = tt.load %4 : tensor<2x!tt.ptr<i8>>\n"
                   "    %6 = tt.reshape %5 : tensor<2xi8> -> tensor<2xi8>\n"
                   "    %7 = tt.bitcast %6 : tensor<2xi8> -> tensor<2xi8>\n"
                   "    %8 = \"tt.reduce\"(%7) <{axis = 0 : i32}> ({\n"
                   "    ^bb0(%arg1: i8, %arg2: i8):\n"
                   "      %21 = arith.xori %arg1, %arg2 : i8\n"
                   "      tt.reduce.return %21 : i8\n"
                   "    }) : (tensor<2xi8>) -> i8\n"
                   "    %9 = tt.splat %8 : i8 -> tensor<1xi8>\n"
                   "    %10 = tt.broadcast %9 : tensor<1xi8> -> tensor<2xi8>\n"
                   "    %11 = arith.xori %7, %10 : tensor<2xi8>\n"
                   "    %12 = tt.bitcast %11 : tensor<2xi8> -> tensor<2xi8>\n"
                   "    %13 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>\n"
                   "    %14 = tt.reshape %13 : tensor<2xi32> -> tensor<2xi32>\n"
                   "    %15 = arith.cmpi ugt, %6, %12 : tensor<2xi8>\n"
                   "    %16 = arith.xori %cst, %14 : tensor<2xi32>\n"
                   "    %17 = arith.extui %15 : tensor<2xi1> to tensor<2xi32>\n"
                   "    %18 = arith.cmpi ne, %17, %16 : tensor<2xi32>\n"
                   "    %19 = arith.select %18, %12, %6 : tensor<2xi1>, tensor<2xi8>\n"
                   "    %20 = tt.reshape %19 : tensor<2xi8> -> tensor<2xi8>\n"
                   "    tt.store %2, %20 : tensor<2x!tt.ptr<i8>>\n" TAIL);
}

/* ---- misuse ------------------------------------------------------------------------------------ */

static void misuse(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value a = tl_load(tl_addptr(x, tl_arange(b, 0, 8)));
    tl_sort(a, 0, .descending = true);
    assert_false(tl_builder_failed(b));
    tl_sort(a, -1); int line = __LINE__;
    expect_error(b, line, "tl_sort: static assertion failed: only minor dimension is currently supported");

    b = tl_builder_create("k");
    x = tl_arg(b, "x", PTR(TL_F32));
    tl_sort(tl_load(x)); line = __LINE__;
    expect_error(b, line, "tl_sort: x must be a tensor, not the scalar f32");

    b = tl_builder_create("k");
    x = tl_arg(b, "x", PTR(TL_F32));
    tl_topk(x, 2); line = __LINE__;
    expect_error(b, line, "tl_topk: x must be a tensor, not the scalar !tt.ptr<f32>");

    b = tl_builder_create("k");
    x = tl_arg(b, "x", PTR(TL_F32));
    a = tl_load(tl_addptr(x, tl_arange(b, 0, 8)));
    tl_topk(a, 16); line = __LINE__;
    expect_error(b, line, "tl_topk: k must be from 1 to the size of the last dimension (8), got 16");

    b = tl_builder_create("k");
    x = tl_arg(b, "x", PTR(TL_F32));
    tl_value xs = tl_addptr(x, tl_arange(b, 0, 8));
    tl_bitonic_merge(xs); line = __LINE__;
    expect_error(b, line, "tl_bitonic_merge: cannot sort pointers (pointer<float32>)");

    b = tl_builder_create("k");
    x = tl_arg(b, "x", PTR(TL_F32));
    a = tl_load(tl_addptr(x, tl_arange(b, 0, 8)));
    tl_flip(a, TL_AXIS_NONE); line = __LINE__;
    expect_error(b, line,
                 "tl_flip: dim=None fails in Triton 3.6 (flip's range check compares None with a number): give the "
                 "dimension");

    b = tl_builder_create("k");
    x = tl_arg(b, "x", PTR(TL_F32));
    a = tl_load(tl_addptr(x, tl_arange(b, 0, 8)));
    tl_flip(a, 1); line = __LINE__;
    expect_error(b, line, "tl_flip: static assertion failed: -len(x.shape) <= dim and dim < len(x.shape)");

    b = tl_builder_create("k");
    tl_sigmoid(tl_lit(1.0)); line = __LINE__;
    expect_error(b, line, "tl_sigmoid: x must be a tensor, not a number");

    b = tl_builder_create("k");
    x = tl_arg(b, "x", PTR(TL_F32));
    tl_zeros_like(x); line = __LINE__;
    expect_error(b, line, "tl_zeros_like: input must not be a pointer, got pointer<float32>");

    b = tl_builder_create("k");
    x = tl_arg(b, "x", PTR(TL_I32));
    tl_softmax(tl_load(tl_addptr(x, tl_arange(b, 0, 8)))); line = __LINE__;
    expect_error(b, line, "tl_softmax: expected dtype in [float32, float64] but got int32");

    b = tl_builder_create("k");
    x = tl_arg(b, "x", PTR(TL_F32));
    a = tl_load(tl_addptr(x, tl_arange(b, 0, 8)));
    tl_value c = tl_load(tl_addptr(x, tl_arange(b, 0, 4)));
    tl_interleave(a, c); line = __LINE__;
    expect_error(b, line, "tl_interleave: cannot broadcast tensor<8xf32> with tensor<4xf32>: incompatible dimensions "
                          "at index 0: 8 and 4");

    b = tl_builder_create("k");
    x = tl_arg(b, "x", PTR(TL_F32));
    tl_swizzle2d(tl_program_id(b, 0), tl_program_id(b, 1), 4, 4, tl_lit(1.5)); line = __LINE__;
    expect_error(b, line, "tl_swizzle2d: floor division of float32 by float32: integers only");
}

/* After an earlier error every call returns poison and does nothing. */
static void after_an_error(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value a = tl_load(tl_addptr(x, tl_arange(b, 0, 8)));
    tl_builder_fail(b, TL_SITE("test"), "first");
    assert_true(tl_value_is_poison(tl_sigmoid(a)));
    assert_true(tl_value_is_poison(tl_softmax(a)));
    assert_true(tl_value_is_poison(tl_zeros_like(a)));
    assert_true(tl_value_is_poison(tl_ravel(a)));
    assert_true(tl_value_is_poison(tl_interleave(a, a)));
    assert_true(tl_value_is_poison(tl_flip(a, 0)));
    assert_true(tl_value_is_poison(tl_sort(a)));
    assert_true(tl_value_is_poison(tl_topk(a, 2)));
    assert_true(tl_value_is_poison(tl_bitonic_merge(a)));
    tl_pair p = tl_swizzle2d(a, a, 4, 4, 2);
    assert_true(tl_value_is_poison(p.first) && tl_value_is_poison(p.second));
    tl_builder_destroy(b);
    assert_true(tl_value_is_poison(tl_sort(TL_POISON)));
}

/* ---- out of memory at every allocation ------------------------------------------------------- */

/* One kernel using every function of issue 30 (standard.h, the random helpers, inline asm
 * without operands, tl.extra.cuda, float8e4b15 casts). */
static void issue30_kernel(tl_builder *b)
{
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value q = tl_arg(b, "q", PTR(TL_FP8E4B15));
    tl_value seed = tl_arg(b, "seed", SCALAR(TL_I32));
    tl_value r = tl_arange(b, 0, 8);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_value s = tl_add(tl_sigmoid(a), tl_softmax(a), tl_zeros_like(a));
    s = tl_add(s, tl_flip(a, 0), tl_sort(a, 0, true), tl_bitonic_merge(a));
    tl_store(tl_addptr(x, tl_arange(b, 0, 4)), tl_topk(a, 4));
    tl_pair halves = tl_split(tl_reshape(s, TL_SHAPE(4, 2)));
    tl_store(tl_addptr(x, r), tl_ravel(tl_interleave(halves.first, halves.second)));
    tl_pair mn = tl_swizzle2d(tl_program_id(b, 0), tl_program_id(b, 1), 4, 4, 2);
    tl_value4 ph = tl_philox(seed, r, r, r, r, .n_rounds = 2);
    tl_value u = tl_uint_to_uniform_float(ph.v[0]);
    tl_pair n = tl_pair_uniform_to_normal(u, u);
    tl_store(tl_addptr(x, r), tl_add(n.first, tl_to(tl_load(tl_addptr(q, r)), TL_F32)));
    tl_store(tl_addptr(q, r), tl_to(n.second, TL_FP8E4B15));
    tl_store(x, tl_to(tl_add(mn.first, tl_smid(b)), TL_F32));
    tl_gdc_wait(b);
}

static long build_issue30(fake_failing_allocator *f, char **text)
{
    f->count = 0;
    tcir_set_alloc_hook(fake_failing_allocator_hook, f);
    tl_builder *b = tl_builder_create("k");
    if (b)
        issue30_kernel(b);
    *text = b ? tl_finish(b) : NULL;
    tcir_set_alloc_hook(NULL, NULL);
    if (b && !*text) {
        const char *err = tl_builder_error(b);
        assert_non_null(err);
        if (!strstr(err, "out of memory"))
            fail_msg("%s", err);
    }
    tl_builder_destroy(b);
    return (long)f->count;
}

static void out_of_memory_everywhere(void **state)
{
    (void)state;
    fake_failing_allocator f = {0};
    char *text;
    long total = build_issue30(&f, &text);
    assert_non_null(text);
    free(text);
    for (long k = 1; k <= total; k++) {
        f = (fake_failing_allocator){.fail_at = (unsigned long)k};
        build_issue30(&f, &text);
        assert_null(text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sigmoid_f32),
        cmocka_unit_test(sigmoid_in_an_expression),
        cmocka_unit_test(softmax_1d),
        cmocka_unit_test(softmax_keep_dims),
        cmocka_unit_test(zeros_like_tensor_and_scalar),
        cmocka_unit_test(ravel_forms),
        cmocka_unit_test(interleave_forms),
        cmocka_unit_test(swizzle2d_pids),
        cmocka_unit_test(swizzle2d_constexpr_sizes),
        cmocka_unit_test(flip_1d),
        cmocka_unit_test(sort_ascending),
        cmocka_unit_test(sort_descending),
        cmocka_unit_test(topk_two_of_four),
        cmocka_unit_test(bitonic_merge_descending),
        cmocka_unit_test(misuse),
        cmocka_unit_test(after_an_error),
        cmocka_unit_test(out_of_memory_everywhere),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
