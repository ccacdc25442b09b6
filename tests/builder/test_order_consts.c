/* Where constants land, as Python's make_ttir leaves them (order/pool.c, docs/order.md
 * "Constants"): a @jit helper bracketed with tl_builder_helper_begin/end, called twice; zero
 * tensors of two shapes; `mean = 0` (tl_to_tensor) beside an f32 zero tensor; a binary-search
 * helper with a while loop; a load's other=0 on float32 (a cast Python's canonicalizer folds).
 * The kernels are tests/gpu/ops_cases.c's const_* cases, whose Python twins the GPU run
 * compares after make_ttir. */
#include "test_lang.h"

static tl_value const_inner(tl_builder *builder, tl_value acc, tl_value x, tl_value start_m, int STAGE, int BLOCK)
{
    tl_builder_helper_begin(builder);
    tl_value lo, hi;
    if (STAGE == 1) {
        lo = tl_lit(0); hi = tl_mul(start_m, BLOCK);
    } else {
        lo = tl_mul(start_m, BLOCK); hi = tl_mul(tl_add(start_m, 1), BLOCK);
    }
    tl_scope loop = tl_for(builder, lo, hi, 16, .carry = TL_VARS(&acc));
        acc = tl_add(acc, tl_load(tl_addptr(tl_addptr(x, loop.iv), tl_arange(builder, 0, 16))));
    tl_end(&loop);
    tl_builder_helper_end(builder);
    return acc;
}

static tl_value const_find_seq(tl_builder *builder, tl_value starts, tl_value target, tl_value num_seqs, int BLOCK_Q)
{
    tl_builder_helper_begin(builder);
    tl_value right = num_seqs;
    tl_value left = tl_to_tensor(builder, 0);
    tl_scope loop = tl_while(builder, .carry = TL_VARS(&left, &right)); tl_do(&loop, tl_lt(left, right));
        tl_value mid = tl_floordiv(tl_add(left, right), 2);
        tl_value val = tl_load(tl_addptr(starts, mid));
        tl_value mid_val = tl_add(tl_floordiv(val, BLOCK_Q), mid);
        tl_scope branch = tl_if(tl_gt(mid_val, target), .carry = TL_VARS(&left, &right));
            right = mid;
        tl_else(&branch);
            left = tl_add(mid, 1);
        tl_end(&branch);
    tl_end(&loop);
    tl_value r = tl_sub(left, 1);
    tl_builder_helper_end(builder);
    return r;
}

static void build_const_helper_twice(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value m = tl_arg(builder, "m", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(builder, 0);
    tl_value acc = tl_zeros(builder, TL_SHAPE(16), TL_F32);
    acc = const_inner(builder, acc, x, m, 1, 32);
    acc = const_inner(builder, acc, x, m, 2, 32);
    tl_store(tl_addptr(tl_addptr(o, tl_mul(pid, 16)), tl_arange(builder, 0, 16)), acc);
}

static void build_const_zeros_order(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value acc = tl_zeros(builder, TL_SHAPE(16, 32), TL_F32);
    tl_value m_i = tl_zeros(builder, TL_SHAPE(16), TL_F32);
    tl_value r = tl_arange(builder, 0, 16);
    tl_store(tl_addptr(o, r), tl_add(m_i, tl_sum(acc, 1)));
}

static void build_const_zero_int_float(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value row = tl_program_id(builder, 0);
    x = tl_addptr(x, tl_mul(row, n));
    tl_value mean = tl_to_tensor(builder, 0);
    tl_value _mean = tl_zeros(builder, TL_SHAPE(16), TL_F32);
    tl_scope loop = tl_for(builder, 0, n, 16, .carry = TL_VARS(&_mean));
        tl_value cols = tl_add(loop.iv, tl_arange(builder, 0, 16));
        tl_value a = tl_to(tl_load(tl_addptr(x, cols), .mask = tl_lt(cols, n), .other = tl_lit(0.0)), TL_F32);
        _mean = tl_add(_mean, a);
    tl_end(&loop);
    mean = tl_div(tl_sum(_mean, 0), n);
    tl_store(tl_addptr(o, row), mean);
}

static void build_const_bsearch_helper(tl_builder *builder)
{
    tl_value starts = tl_arg(builder, "starts", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value num_seqs = tl_arg(builder, "num_seqs", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(builder, 0);
    tl_value seq = const_find_seq(builder, starts, pid, num_seqs, 16);
    tl_store(tl_addptr(o, pid), seq);
}

static void build_const_cast_source(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value cols = tl_arange(builder, 0, 16);
    tl_value mask = tl_lt(cols, n);
    tl_value a = tl_load(tl_addptr(x, cols), .mask = mask, .other = tl_lit(0));
    a = tl_where(mask, a, 0.0);
    tl_scope positive = tl_if(tl_gt(n, 0));
        tl_store(tl_addptr(o, cols), a);
    tl_end(&positive);
}

static void const_helper_twice(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("const_helper_twice");
    build_const_helper_twice(b);
    expect_text(b,
        "module {\n"
        "  tt.func public @const_helper_twice(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {noinline = false} {\n"
        "    %c1_i32 = arith.constant 1 : i32\n"
        "    %c32_i32 = arith.constant 32 : i32\n"
        "    %c0_i32 = arith.constant 0 : i32\n"
        "    %cst = arith.constant dense<0.000000e+00> : tensor<16xf32>\n"
        "    %c16_i32 = arith.constant 16 : i32\n"
        "    %0 = tt.get_program_id x : i32\n"
        "    %1 = arith.muli %arg2, %c32_i32 : i32\n"
        "    %2 = scf.for %arg3 = %c0_i32 to %1 step %c16_i32 iter_args(%arg4 = %cst) -> (tensor<16xf32>)  : i32 {\n"
        "      %12 = tt.addptr %arg0, %arg3 : !tt.ptr<f32>, i32\n"
        "      %13 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
        "      %14 = tt.splat %12 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
        "      %15 = tt.addptr %14, %13 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
        "      %16 = tt.load %15 : tensor<16x!tt.ptr<f32>>\n"
        "      %17 = arith.addf %arg4, %16 : tensor<16xf32>\n"
        "      scf.yield %17 : tensor<16xf32>\n"
        "    }\n"
        "    %3 = arith.muli %arg2, %c32_i32 : i32\n"
        "    %4 = arith.addi %arg2, %c1_i32 : i32\n"
        "    %5 = arith.muli %4, %c32_i32 : i32\n"
        "    %6 = scf.for %arg3 = %3 to %5 step %c16_i32 iter_args(%arg4 = %2) -> (tensor<16xf32>)  : i32 {\n"
        "      %12 = tt.addptr %arg0, %arg3 : !tt.ptr<f32>, i32\n"
        "      %13 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
        "      %14 = tt.splat %12 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
        "      %15 = tt.addptr %14, %13 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
        "      %16 = tt.load %15 : tensor<16x!tt.ptr<f32>>\n"
        "      %17 = arith.addf %arg4, %16 : tensor<16xf32>\n"
        "      scf.yield %17 : tensor<16xf32>\n"
        "    }\n"
        "    %7 = arith.muli %0, %c16_i32 : i32\n"
        "    %8 = tt.addptr %arg1, %7 : !tt.ptr<f32>, i32\n"
        "    %9 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
        "    %10 = tt.splat %8 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
        "    %11 = tt.addptr %10, %9 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
        "    tt.store %11, %6 : tensor<16x!tt.ptr<f32>>\n"
        "    tt.return\n"
        "  }\n"
        "}\n");
}

static void const_zeros_order(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("const_zeros_order");
    build_const_zeros_order(b);
    expect_text(b,
        "module {\n"
        "  tt.func public @const_zeros_order(%arg0: !tt.ptr<f32>) attributes {noinline = false} {\n"
        "    %cst = arith.constant dense<0.000000e+00> : tensor<16x32xf32>\n"
        "    %cst_0 = arith.constant dense<0.000000e+00> : tensor<16xf32>\n"
        "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
        "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
        "    %2 = tt.addptr %1, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
        "    %3 = \"tt.reduce\"(%cst) <{axis = 1 : i32}> ({\n"
        "    ^bb0(%arg1: f32, %arg2: f32):\n"
        "      %5 = arith.addf %arg1, %arg2 : f32\n"
        "      tt.reduce.return %5 : f32\n"
        "    }) : (tensor<16x32xf32>) -> tensor<16xf32>\n"
        "    %4 = arith.addf %cst_0, %3 : tensor<16xf32>\n"
        "    tt.store %2, %4 : tensor<16x!tt.ptr<f32>>\n"
        "    tt.return\n"
        "  }\n"
        "}\n");
}

static void const_zero_int_float(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("const_zero_int_float");
    build_const_zero_int_float(b);
    expect_text(b,
        "module {\n"
        "  tt.func public @const_zero_int_float(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {noinline = false} {\n"
        "    %c16_i32 = arith.constant 16 : i32\n"
        "    %c0_i32 = arith.constant 0 : i32\n"
        "    %cst = arith.constant dense<0.000000e+00> : tensor<16xf32>\n"
        "    %0 = tt.get_program_id x : i32\n"
        "    %1 = arith.muli %0, %arg2 : i32\n"
        "    %2 = tt.addptr %arg0, %1 : !tt.ptr<f32>, i32\n"
        "    %3 = scf.for %arg3 = %c0_i32 to %arg2 step %c16_i32 iter_args(%arg4 = %cst) -> (tensor<16xf32>)  : i32 {\n"
        "      %8 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
        "      %9 = tt.splat %arg3 : i32 -> tensor<16xi32>\n"
        "      %10 = arith.addi %9, %8 : tensor<16xi32>\n"
        "      %11 = tt.splat %arg2 : i32 -> tensor<16xi32>\n"
        "      %12 = arith.cmpi slt, %10, %11 : tensor<16xi32>\n"
        "      %13 = tt.splat %2 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
        "      %14 = tt.addptr %13, %10 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
        "      %15 = tt.load %14, %12, %cst : tensor<16x!tt.ptr<f32>>\n"
        "      %16 = arith.addf %arg4, %15 : tensor<16xf32>\n"
        "      scf.yield %16 : tensor<16xf32>\n"
        "    }\n"
        "    %4 = \"tt.reduce\"(%3) <{axis = 0 : i32}> ({\n"
        "    ^bb0(%arg3: f32, %arg4: f32):\n"
        "      %8 = arith.addf %arg3, %arg4 : f32\n"
        "      tt.reduce.return %8 : f32\n"
        "    }) : (tensor<16xf32>) -> f32\n"
        "    %5 = arith.sitofp %arg2 : i32 to f32\n"
        "    %6 = arith.divf %4, %5 : f32\n"
        "    %7 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32\n"
        "    tt.store %7, %6 : !tt.ptr<f32>\n"
        "    tt.return\n"
        "  }\n"
        "}\n");
}

static void const_bsearch_helper(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("const_bsearch_helper");
    build_const_bsearch_helper(b);
    expect_text(b,
        "module {\n"
        "  tt.func public @const_bsearch_helper(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>, %arg2: i32) attributes {noinline = false} {\n"
        "    %c0_i32 = arith.constant 0 : i32\n"
        "    %c2_i32 = arith.constant 2 : i32\n"
        "    %c16_i32 = arith.constant 16 : i32\n"
        "    %c1_i32 = arith.constant 1 : i32\n"
        "    %0 = tt.get_program_id x : i32\n"
        "    %1:2 = scf.while (%arg3 = %arg2, %arg4 = %c0_i32) : (i32, i32) -> (i32, i32) {\n"
        "      %4 = arith.cmpi slt, %arg4, %arg3 : i32\n"
        "      scf.condition(%4) %arg3, %arg4 : i32, i32\n"
        "    } do {\n"
        "    ^bb0(%arg3: i32, %arg4: i32):\n"
        "      %4 = arith.addi %arg4, %arg3 : i32\n"
        "      %5 = arith.divsi %4, %c2_i32 : i32\n"
        "      %6 = tt.addptr %arg0, %5 : !tt.ptr<i32>, i32\n"
        "      %7 = tt.load %6 : !tt.ptr<i32>\n"
        "      %8 = arith.divsi %7, %c16_i32 : i32\n"
        "      %9 = arith.addi %8, %5 : i32\n"
        "      %10 = arith.cmpi sgt, %9, %0 : i32\n"
        "      %11:2 = scf.if %10 -> (i32, i32) {\n"
        "        scf.yield %5, %arg4 : i32, i32\n"
        "      } else {\n"
        "        %12 = arith.addi %5, %c1_i32 : i32\n"
        "        scf.yield %arg3, %12 : i32, i32\n"
        "      }\n"
        "      scf.yield %11#0, %11#1 : i32, i32\n"
        "    }\n"
        "    %2 = arith.subi %1#1, %c1_i32 : i32\n"
        "    %3 = tt.addptr %arg1, %0 : !tt.ptr<i32>, i32\n"
        "    tt.store %3, %2 : !tt.ptr<i32>\n"
        "    tt.return\n"
        "  }\n"
        "}\n");
}

/* The load's other=0 (Python's int32 0, cast to float32 by a sitofp that folds) is where
 * %c0_i32 is first met: it lands below the f32 zero tensor of the tl.where after it. */
static void const_cast_source(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("const_cast_source");
    build_const_cast_source(b);
    expect_text(b,
        "module {\n"
        "  tt.func public @const_cast_source(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {noinline = false} {\n"
        "    %cst = arith.constant dense<0.000000e+00> : tensor<16xf32>\n"
        "    %c0_i32 = arith.constant 0 : i32\n"
        "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
        "    %1 = tt.splat %arg2 : i32 -> tensor<16xi32>\n"
        "    %2 = arith.cmpi slt, %0, %1 : tensor<16xi32>\n"
        "    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
        "    %4 = tt.addptr %3, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
        "    %5 = tt.load %4, %2, %cst : tensor<16x!tt.ptr<f32>>\n"
        "    %6 = arith.select %2, %5, %cst : tensor<16xi1>, tensor<16xf32>\n"
        "    %7 = arith.cmpi sgt, %arg2, %c0_i32 : i32\n"
        "    scf.if %7 {\n"
        "      %8 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
        "      %9 = tt.addptr %8, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
        "      tt.store %9, %6 : tensor<16x!tt.ptr<f32>>\n"
        "    }\n"
        "    tt.return\n"
        "  }\n"
        "}\n");
}

/* A cast literal places only a constant the kernel's code makes too: Python's canonicalizer
 * drops the cast's source before tl.zeros (a helper) is inlined, so tl.zeros' tensor stays a
 * helper's, above the load's folded float16 zero. */
static void cast_source_of_a_helper_constant(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F16));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));
    tl_value cols = tl_arange(b, 0, 16);
    tl_value acc = tl_zeros(b, TL_SHAPE(16), TL_F32);
    tl_value a = tl_load(tl_addptr(x, cols), .mask = tl_lt(cols, 8), .other = tl_lit(0.0));
    tl_store(tl_addptr(o, cols), tl_add(acc, tl_to(a, TL_F32)));
    expect_text(b,
        "module {\n"
        "  tt.func public @k(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f32>) attributes {noinline = false} {\n"
        "    %cst = arith.constant dense<0.000000e+00> : tensor<16xf32>\n"
        "    %cst_0 = arith.constant dense<0.000000e+00> : tensor<16xf16>\n"
        "    %cst_1 = arith.constant dense<8> : tensor<16xi32>\n"
        "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
        "    %1 = arith.cmpi slt, %0, %cst_1 : tensor<16xi32>\n"
        "    %2 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x!tt.ptr<f16>>\n"
        "    %3 = tt.addptr %2, %0 : tensor<16x!tt.ptr<f16>>, tensor<16xi32>\n"
        "    %4 = tt.load %3, %1, %cst_0 : tensor<16x!tt.ptr<f16>>\n"
        "    %5 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
        "    %6 = tt.addptr %5, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
        "    %7 = arith.extf %4 : tensor<16xf16> to tensor<16xf32>\n"
        "    %8 = arith.addf %cst, %7 : tensor<16xf32>\n"
        "    tt.store %6, %8 : tensor<16x!tt.ptr<f32>>\n"
        "    tt.return\n"
        "  }\n"
        "}\n");
}

/* A constant the kernel's code only notes (the int32 256 of offs < 256, dead once the kernel
 * was canonicalized, before the helpers are inlined) but a helper uses (tl.cdiv's 256) is the
 * helper's: on top with the helper's 255, above the kernel's dense 256 (reduce_segments). */
static void noted_only_in_kernel_is_a_helpers(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_I32));
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value pid = tl_program_id(b, 0);
    tl_value t = tl_cdiv(tl_add(n, pid), 256);
    tl_value offs = tl_arange(b, 0, 256);
    tl_store(tl_addptr(x, offs), tl_add(offs, t), .mask = tl_lt(offs, 256));
    expect_text(b,
        "module {\n"
        "  tt.func public @k(%arg0: !tt.ptr<i32>, %arg1: i32) attributes {noinline = false} {\n"
        "    %c255_i32 = arith.constant 255 : i32\n"
        "    %c256_i32 = arith.constant 256 : i32\n"
        "    %cst = arith.constant dense<256> : tensor<256xi32>\n"
        "    %0 = tt.get_program_id x : i32\n"
        "    %1 = arith.addi %arg1, %0 : i32\n"
        "    %2 = arith.addi %1, %c255_i32 : i32\n"
        "    %3 = arith.divsi %2, %c256_i32 : i32\n"
        "    %4 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>\n"
        "    %5 = arith.cmpi slt, %4, %cst : tensor<256xi32>\n"
        "    %6 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>\n"
        "    %7 = tt.addptr %6, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>\n"
        "    %8 = tt.splat %3 : i32 -> tensor<256xi32>\n"
        "    %9 = arith.addi %4, %8 : tensor<256xi32>\n"
        "    tt.store %7, %9, %5 : tensor<256x!tt.ptr<i32>>\n"
        "    tt.return\n"
        "  }\n"
        "}\n");
}

static tl_value ported_cdiv(tl_value x, int y)
{
    tl_builder_helper_begin(x.b);
    tl_value r = tl_floordiv(tl_add(x, y - 1), y);
    tl_builder_helper_end(x.b);
    return r;
}

/* A ported helper called twice, a tl.zeros between: the latest call's constants on top, each
 * call's in the order it made them (its sites are in the helper's C function, which says
 * nothing of where the calls are: they go by the order they ran; unified_attention_3d). */
static void ported_helper_calls_in_call_order(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value pid = tl_program_id(b, 0);
    tl_value t = ported_cdiv(tl_add(n, pid), 256);
    tl_value acc = tl_zeros(b, TL_SHAPE(16), TL_F32);
    tl_value u = ported_cdiv(tl_mul(n, t), 16);
    tl_store(tl_addptr(tl_addptr(x, u), tl_arange(b, 0, 16)), acc);
    expect_text(b,
        "module {\n"
        "  tt.func public @k(%arg0: !tt.ptr<f32>, %arg1: i32) attributes {noinline = false} {\n"
        "    %c15_i32 = arith.constant 15 : i32\n"
        "    %c16_i32 = arith.constant 16 : i32\n"
        "    %cst = arith.constant dense<0.000000e+00> : tensor<16xf32>\n"
        "    %c255_i32 = arith.constant 255 : i32\n"
        "    %c256_i32 = arith.constant 256 : i32\n"
        "    %0 = tt.get_program_id x : i32\n"
        "    %1 = arith.addi %arg1, %0 : i32\n"
        "    %2 = arith.addi %1, %c255_i32 : i32\n"
        "    %3 = arith.divsi %2, %c256_i32 : i32\n"
        "    %4 = arith.muli %arg1, %3 : i32\n"
        "    %5 = arith.addi %4, %c15_i32 : i32\n"
        "    %6 = arith.divsi %5, %c16_i32 : i32\n"
        "    %7 = tt.addptr %arg0, %6 : !tt.ptr<f32>, i32\n"
        "    %8 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
        "    %9 = tt.splat %7 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
        "    %10 = tt.addptr %9, %8 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
        "    tt.store %10, %cst : tensor<16x!tt.ptr<f32>>\n"
        "    tt.return\n"
        "  }\n"
        "}\n");
}

/* (x - 128) + 1 is x + -127, the constant made by folding there (above the kernel's others);
 * the dead x - 128 stays for make_ttir to drop. An offset from before a helper call is not
 * the helper's to fold (helper_same_specialization_twice). */
static void constant_offsets_reassociated(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_I32));
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value pid = tl_program_id(b, 0);
    tl_value start = tl_add(tl_sub(tl_add(n, pid), 128), 1);
    tl_value end = tl_sub(tl_add(start, 8), 2);
    tl_store(tl_addptr(x, pid), tl_mul(tl_sub(end, 3), 7));
    expect_text(b,
        "module {\n"
        "  tt.func public @k(%arg0: !tt.ptr<i32>, %arg1: i32) attributes {noinline = false} {\n"
        "    %c-124_i32 = arith.constant -124 : i32\n"
        "    %c-121_i32 = arith.constant -121 : i32\n"
        "    %c-119_i32 = arith.constant -119 : i32\n"
        "    %c-127_i32 = arith.constant -127 : i32\n"
        "    %c7_i32 = arith.constant 7 : i32\n"
        "    %c128_i32 = arith.constant 128 : i32\n"
        "    %0 = tt.get_program_id x : i32\n"
        "    %1 = arith.addi %arg1, %0 : i32\n"
        "    %2 = arith.subi %1, %c128_i32 : i32\n"
        "    %3 = arith.addi %1, %c-127_i32 : i32\n"
        "    %4 = arith.addi %1, %c-119_i32 : i32\n"
        "    %5 = arith.addi %1, %c-121_i32 : i32\n"
        "    %6 = tt.addptr %arg0, %0 : !tt.ptr<i32>, i32\n"
        "    %7 = arith.addi %1, %c-124_i32 : i32\n"
        "    %8 = arith.muli %7, %c7_i32 : i32\n"
        "    tt.store %6, %8 : !tt.ptr<i32>\n"
        "    tt.return\n"
        "  }\n"
        "}\n");
}

/* An unused tl_to_tensor constant is dropped at finish; a used one stays; a constant made
 * before is not dropped. */
static void to_tensor_dropped_when_unused(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_I32));
    tl_value kept = tl_const_int(b, 7, TL_I32);
    tl_value mean = tl_to_tensor(b, 0);
    mean = tl_to_tensor(b, 5);
    tl_to_tensor(b, 7);
    tl_to_tensor(b, 2.5);
    tl_store(x, mean);
    (void)kept;
    /* both met before any op: they lead, the first made on top */
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>") "    %c7_i32 = arith.constant 7 : i32\n"
                                               "    %c5_i32 = arith.constant 5 : i32\n"
                                               "    tt.store %arg0, %c5_i32 : !tt.ptr<i32>\n" TAIL);
}

/* Python's to_tensor returns a tensor as it is: no op, no constant. */
static void to_tensor_of_a_value(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_I32));
    tl_value v = tl_load(x);
    tl_value same = tl_to_tensor(b, v);
    assert_ptr_equal(same.ir, v.ir);
    assert_int_equal(same.dtype, TL_I32);
    tl_store(x, same);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>") "    %0 = tt.load %arg0 : !tt.ptr<i32>\n"
                                               "    tt.store %arg0, %0 : !tt.ptr<i32>\n" TAIL);
    assert_true(tl_value_is_poison(tl_to_tensor(NULL, 1)));
}

/* A value of another builder, or poison, is refused. */
static void to_tensor_of_a_foreign_value(void **state)
{
    (void)state;
    tl_builder *other = tl_builder_create("other");
    tl_value y = tl_arg(other, "y", TL_SCALAR(TL_I32));
    tl_builder *b = tl_builder_create("k");
    tl_to_tensor(b, y); int line = __LINE__;
    expect_error(b, line, "tl_to_tensor: the value belongs to another builder");
    tl_builder_destroy(other);
    tl_builder *c = tl_builder_create("k2");
    tl_to_tensor(c, TL_POISON); line = __LINE__;
    expect_error(c, line, "tl_to_tensor: expected a number or a value, got a poison value");
}

/* One specialization called twice: every constant of the second call is the first's. */
static void helper_same_specialization_twice(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_F32));
    tl_value m = tl_arg(b, "m", SCALAR(TL_I32));
    tl_value pid = tl_program_id(b, 0);
    tl_value acc = tl_zeros(b, TL_SHAPE(16), TL_F32);
    acc = const_inner(b, acc, x, m, 2, 32);
    acc = const_inner(b, acc, x, tl_add(m, 1), 2, 32);
    tl_store(tl_addptr(tl_addptr(x, tl_mul(pid, 8)), tl_arange(b, 0, 16)), acc);
    /* the first call's 32 and 16 above zeros' tensor (the call first in the source claims a
     * constant), the kernel's 8 and 1 below: the 1 of the helper's (start_m + 1) is the
     * kernel's, met in tl_add(m, 1) */
    expect_text(b,
                "module {\n"
                "  tt.func public @k(%arg0: !tt.ptr<f32>, %arg1: i32) attributes {noinline = false} {\n"
                "    %c32_i32 = arith.constant 32 : i32\n"
                "    %c16_i32 = arith.constant 16 : i32\n"
                "    %cst = arith.constant dense<0.000000e+00> : tensor<16xf32>\n"
                "    %c8_i32 = arith.constant 8 : i32\n"
                "    %c1_i32 = arith.constant 1 : i32\n"
                "    %0 = tt.get_program_id x : i32\n"
                "    %1 = arith.muli %arg1, %c32_i32 : i32\n"
                "    %2 = arith.addi %arg1, %c1_i32 : i32\n"
                "    %3 = arith.muli %2, %c32_i32 : i32\n"
                "    %4 = scf.for %arg2 = %1 to %3 step %c16_i32 iter_args(%arg3 = %cst) -> (tensor<16xf32>)  : i32 {\n"
                "      %15 = tt.addptr %arg0, %arg2 : !tt.ptr<f32>, i32\n"
                "      %16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                "      %17 = tt.splat %15 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                "      %18 = tt.addptr %17, %16 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                "      %19 = tt.load %18 : tensor<16x!tt.ptr<f32>>\n"
                "      %20 = arith.addf %arg3, %19 : tensor<16xf32>\n"
                "      scf.yield %20 : tensor<16xf32>\n"
                "    }\n"
                "    %5 = arith.addi %arg1, %c1_i32 : i32\n"
                "    %6 = arith.muli %5, %c32_i32 : i32\n"
                "    %7 = arith.addi %5, %c1_i32 : i32\n"
                "    %8 = arith.muli %7, %c32_i32 : i32\n"
                "    %9 = scf.for %arg2 = %6 to %8 step %c16_i32 iter_args(%arg3 = %4) -> (tensor<16xf32>)  : i32 {\n"
                "      %15 = tt.addptr %arg0, %arg2 : !tt.ptr<f32>, i32\n"
                "      %16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                "      %17 = tt.splat %15 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                "      %18 = tt.addptr %17, %16 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                "      %19 = tt.load %18 : tensor<16x!tt.ptr<f32>>\n"
                "      %20 = arith.addf %arg3, %19 : tensor<16xf32>\n"
                "      scf.yield %20 : tensor<16xf32>\n"
                "    }\n"
                "    %10 = arith.muli %0, %c8_i32 : i32\n"
                "    %11 = tt.addptr %arg0, %10 : !tt.ptr<f32>, i32\n"
                "    %12 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                "    %13 = tt.splat %11 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                "    %14 = tt.addptr %13, %12 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                "    tt.store %14, %9 : tensor<16x!tt.ptr<f32>>\n"
                "    tt.return\n"
                "  }\n"
                "}\n");
}

/* What a helper's own canonicalization makes by folding lands below the call's other constants
 * (tests/gpu/ops_cases const_helper_fold_last, flash attention's two stages): the first call's
 * `lo = 0`, used only as the loop's bound, below its 2.0; the second call's float16 zero of
 * other=0.0 below its -1e6. */
static tl_value fold_stage(tl_builder *builder, tl_value acc, tl_value x, tl_value start_m, int STAGE, int BLOCK)
{
    tl_builder_helper_begin(builder);
    tl_value lo, hi;
    if (STAGE == 1) {
        hi = tl_mul(start_m, BLOCK);
        lo = tl_to_tensor(builder, 0);
    } else {
        lo = tl_mul(start_m, BLOCK); hi = tl_mul(tl_add(start_m, 1), BLOCK);
    }
    tl_scope loop = tl_for(builder, lo, hi, 16, .carry = TL_VARS(&acc));
        tl_value offs = tl_add(loop.iv, tl_arange(builder, 0, 16));
        if (STAGE == 1) {
            tl_value v = tl_to(tl_load(tl_addptr(x, offs)), TL_F32);
            acc = tl_add(acc, tl_where(tl_gt(v, 0), v, 2.0));
        } else {
            tl_value v = tl_to(tl_load(tl_addptr(x, offs), .mask = tl_lt(offs, hi), .other = tl_lit(0.0)), TL_F32);
            acc = tl_add(acc, tl_where(tl_gt(v, 0), v, -1.0e6));
        }
    tl_end(&loop);
    tl_builder_helper_end(builder);
    return acc;
}

static void helper_folded_constants_last(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(b, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value m = tl_arg(b, "m", TL_SCALAR(TL_I32));
    tl_value pid = tl_program_id(b, 0);
    tl_value acc = tl_zeros(b, TL_SHAPE(16), TL_F32);
    acc = fold_stage(b, acc, x, m, 1, 32);
    acc = fold_stage(b, acc, x, m, 2, 32);
    tl_store(tl_addptr(tl_addptr(o, tl_mul(pid, 16)), tl_arange(b, 0, 16)), acc);
    expect_text(b,
        "module {\n"
        "  tt.func public @k(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {noinline = false} {\n"
        "    %c1_i32 = arith.constant 1 : i32\n"
        "    %cst = arith.constant dense<-1.000000e+06> : tensor<16xf32>\n"
        "    %cst_0 = arith.constant dense<0.000000e+00> : tensor<16xf16>\n"
        "    %c32_i32 = arith.constant 32 : i32\n"
        "    %cst_1 = arith.constant dense<2.000000e+00> : tensor<16xf32>\n"
        "    %c0_i32 = arith.constant 0 : i32\n"
        "    %cst_2 = arith.constant dense<0.000000e+00> : tensor<16xf32>\n"
        "    %c16_i32 = arith.constant 16 : i32\n"
        "    %0 = tt.get_program_id x : i32\n"
        "    %1 = arith.muli %arg2, %c32_i32 : i32\n"
        "    %2 = scf.for %arg3 = %c0_i32 to %1 step %c16_i32 iter_args(%arg4 = %cst_2) -> (tensor<16xf32>)  : i32 {\n"
        "      %12 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
        "      %13 = tt.splat %arg3 : i32 -> tensor<16xi32>\n"
        "      %14 = arith.addi %13, %12 : tensor<16xi32>\n"
        "      %15 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x!tt.ptr<f16>>\n"
        "      %16 = tt.addptr %15, %14 : tensor<16x!tt.ptr<f16>>, tensor<16xi32>\n"
        "      %17 = tt.load %16 : tensor<16x!tt.ptr<f16>>\n"
        "      %18 = arith.extf %17 : tensor<16xf16> to tensor<16xf32>\n"
        "      %19 = arith.cmpf ogt, %18, %cst_2 : tensor<16xf32>\n"
        "      %20 = arith.select %19, %18, %cst_1 : tensor<16xi1>, tensor<16xf32>\n"
        "      %21 = arith.addf %arg4, %20 : tensor<16xf32>\n"
        "      scf.yield %21 : tensor<16xf32>\n"
        "    }\n"
        "    %3 = arith.muli %arg2, %c32_i32 : i32\n"
        "    %4 = arith.addi %arg2, %c1_i32 : i32\n"
        "    %5 = arith.muli %4, %c32_i32 : i32\n"
        "    %6 = scf.for %arg3 = %3 to %5 step %c16_i32 iter_args(%arg4 = %2) -> (tensor<16xf32>)  : i32 {\n"
        "      %12 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
        "      %13 = tt.splat %arg3 : i32 -> tensor<16xi32>\n"
        "      %14 = arith.addi %13, %12 : tensor<16xi32>\n"
        "      %15 = tt.splat %5 : i32 -> tensor<16xi32>\n"
        "      %16 = arith.cmpi slt, %14, %15 : tensor<16xi32>\n"
        "      %17 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x!tt.ptr<f16>>\n"
        "      %18 = tt.addptr %17, %14 : tensor<16x!tt.ptr<f16>>, tensor<16xi32>\n"
        "      %19 = tt.load %18, %16, %cst_0 : tensor<16x!tt.ptr<f16>>\n"
        "      %20 = arith.extf %19 : tensor<16xf16> to tensor<16xf32>\n"
        "      %21 = arith.cmpf ogt, %20, %cst_2 : tensor<16xf32>\n"
        "      %22 = arith.select %21, %20, %cst : tensor<16xi1>, tensor<16xf32>\n"
        "      %23 = arith.addf %arg4, %22 : tensor<16xf32>\n"
        "      scf.yield %23 : tensor<16xf32>\n"
        "    }\n"
        "    %7 = arith.muli %0, %c16_i32 : i32\n"
        "    %8 = tt.addptr %arg1, %7 : !tt.ptr<f32>, i32\n"
        "    %9 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
        "    %10 = tt.splat %8 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
        "    %11 = tt.addptr %10, %9 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
        "    tt.store %11, %6 : tensor<16x!tt.ptr<f32>>\n"
        "    tt.return\n"
        "  }\n"
        "}\n");
}

/* Constants used again after many others, scalar and splat (the builder's memos then hand out
 * new attributes equal to the first ones, and the pool's table of recent entries has lost
 * them): one arith.constant each, where the first use put it. */
static void constants_used_again(int rounds, bool tensor, char *out, size_t cap)
{
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", PTR(TL_I32));
    tl_value v = tensor ? tl_load(tl_addptr(x, tl_arange(b, 0, 16))) : tl_load(x);
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < 100; i++)
            v = tl_mul(v, (i * 37) % 100 + 2); /* (a product, as an offset of an offset folds) */
    tl_store(tensor ? tl_addptr(x, tl_arange(b, 0, 16)) : x, v);
    char *text = tl_finish(b);
    assert_non_null(text);
    size_t n = 0;
    int count = 0;
    for (const char *line = text; *line;) { /* the constants' lines, in order */
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line + 1) : strlen(line);
        if (strstr(line, "arith.constant") && strstr(line, "arith.constant") < line + len) {
            assert_true(n + len < cap);
            memcpy(out + n, line, len);
            n += len;
            count++;
        }
        line += len;
    }
    out[n] = 0;
    assert_int_equal(count, 100);
    free(text);
    tl_builder_destroy(b);
}

static void constant_used_again_after_many(void **state)
{
    (void)state;
    static char once[16384], thrice[16384];
    for (int tensor = 0; tensor < 2; tensor++) {
        constants_used_again(1, tensor, once, sizeof once);
        constants_used_again(3, tensor, thrice, sizeof thrice);
        assert_string_equal(once, thrice);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(const_helper_twice),
        cmocka_unit_test(const_zeros_order),
        cmocka_unit_test(const_zero_int_float),
        cmocka_unit_test(const_bsearch_helper),
        cmocka_unit_test(const_cast_source),
        cmocka_unit_test(cast_source_of_a_helper_constant),
        cmocka_unit_test(noted_only_in_kernel_is_a_helpers),
        cmocka_unit_test(ported_helper_calls_in_call_order),
        cmocka_unit_test(constant_offsets_reassociated),
        cmocka_unit_test(helper_same_specialization_twice),
        cmocka_unit_test(to_tensor_dropped_when_unused),
        cmocka_unit_test(to_tensor_of_a_value),
        cmocka_unit_test(to_tensor_of_a_foreign_value),
        cmocka_unit_test(helper_folded_constants_last),
        cmocka_unit_test(constant_used_again_after_many),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
