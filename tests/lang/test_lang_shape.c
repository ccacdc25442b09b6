/* Program ids, ranges, tl.full / zeros / ones, splat, expand_dims, broadcast_to, broadcast,
 * mask2d. */
#include "test_lang.h"

static void program_ids(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_program_id(b, 0);
    tl_program_id(b, 1);
    tl_program_id(b, 2);
    tl_num_programs(b, 0);
    tl_value r = tl_arange(b, 16, 48);
    assert_int_equal(tl_value_dim(r, 0), 32);
    expect_text(b, HEAD("") "    %0 = tt.get_program_id x : i32\n"
                            "    %1 = tt.get_program_id y : i32\n"
                            "    %2 = tt.get_program_id z : i32\n"
                            "    %3 = tt.get_num_programs x : i32\n"
                            "    %4 = tt.make_range {end = 48 : i32, start = 16 : i32} : tensor<32xi32>\n" TAIL);
}

/* full / zeros / ones of a number are one dense constant; of a value, a cast and tt.splat. */
static void full_zeros_ones(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value z = tl_zeros(b, TL_SHAPE(16, 32), TL_F32);
    assert_int_equal(z.dtype, TL_F32);
    tl_full(b, TL_SHAPE(16, 32), 3, TL_F32);
    tl_ones(b, TL_SHAPE(8), TL_I64);
    tl_full(b, TL_SHAPE(4), true, TL_I1);
    tl_full(b, TL_SHAPE(8), n, TL_F32);
    /* tl.zeros is a helper called first in the function: its constant stays at the bottom. */
    expect_text(b, HEAD("%arg0: i32") "    %cst = arith.constant dense<true> : tensor<4xi1>\n"
                                      "    %cst_0 = arith.constant dense<1> : tensor<8xi64>\n"
                                      "    %cst_1 = arith.constant dense<3.000000e+00> : tensor<16x32xf32>\n"
                                      "    %cst_2 = arith.constant dense<0.000000e+00> : tensor<16x32xf32>\n"
                                      "    %0 = arith.sitofp %arg0 : i32 to f32\n"
                                      "    %1 = tt.splat %0 : f32 -> tensor<8xf32>\n" TAIL);
}

/* A number splats to a dense constant of its own type; a scalar value to tt.splat. */
static void splat(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_splat(b, 1.5, TL_SHAPE(4, 4));
    tl_splat(b, 2, TL_SHAPE(8));
    tl_splat(b, n, TL_SHAPE(8));
    expect_text(b, HEAD("%arg0: i32") "    %cst = arith.constant dense<1.500000e+00> : tensor<4x4xf32>\n"
                                      "    %cst_0 = arith.constant dense<2> : tensor<8xi32>\n"
                                      "    %0 = tt.splat %arg0 : i32 -> tensor<8xi32>\n" TAIL);
}

/* expand_dims counts a negative axis from the end of the result; a scalar becomes tensor<1>. */
static void expand_dims(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value r = tl_arange(b, 0, 16);
    tl_expand_dims(r, -1);
    tl_expand_dims(r, 0);
    tl_expand_dims(n, 0);
    expect_text(b, HEAD("%arg0: i32") "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                                      "    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>\n"
                                      "    %2 = tt.expand_dims %0 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>\n"
                                      "    %3 = tt.splat %arg0 : i32 -> tensor<1xi32>\n" TAIL);
}

/* x[:, None], x[None, :], x[None]... as tensor.__getitem__: expand_dims per None, and a scalar
 * splat to tensor<1xT> (s[:, None] too, which tl.expand_dims(s, 1) refuses). */
static void indexing(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value s = tl_arg(b, "s", SCALAR(TL_F32));
    tl_value t = tl_arg(b, "t", TL_TENSOR(TL_F32, 4));
    assert_int_equal(tl_value_rank(tl_index(s, TL_ALL, TL_NONE)), 1);
    tl_index(s, TL_NONE);
    tl_index(s, TL_NONE, TL_NONE);
    tl_index(t, TL_ALL, TL_NONE);
    tl_index(t, TL_NONE, TL_ALL);
    tl_index(t, TL_ALL, TL_NONE, TL_NONE);
    tl_index(t, TL_NONE, TL_ALL, TL_NONE);
    tl_value same = tl_index(t, TL_ALL);
    assert_ptr_equal(same.ir, t.ir);
    expect_text(b, HEAD("%arg0: f32, %arg1: tensor<4xf32>")
                   "    %0 = tt.splat %arg0 : f32 -> tensor<1xf32>\n"
                   "    %1 = tt.splat %arg0 : f32 -> tensor<1xf32>\n"
                   "    %2 = tt.splat %arg0 : f32 -> tensor<1xf32>\n"
                   "    %3 = tt.expand_dims %2 {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>\n"
                   "    %4 = tt.expand_dims %arg1 {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>\n"
                   "    %5 = tt.expand_dims %arg1 {axis = 0 : i32} : tensor<4xf32> -> tensor<1x4xf32>\n"
                   "    %6 = tt.expand_dims %arg1 {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>\n"
                   "    %7 = tt.expand_dims %6 {axis = 2 : i32} : tensor<4x1xf32> -> tensor<4x1x1xf32>\n"
                   "    %8 = tt.expand_dims %arg1 {axis = 0 : i32} : tensor<4xf32> -> tensor<1x4xf32>\n"
                   "    %9 = tt.expand_dims %8 {axis = 2 : i32} : tensor<1x4xf32> -> tensor<1x4x1xf32>\n" TAIL);
}

static void indexing_misuse(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value t = tl_arg(b, "t", TL_TENSOR(TL_F32, 4));
    tl_index(t, TL_ALL, TL_ALL, TL_NONE); int line = __LINE__;
    expect_error(b, line, "tl_index: None at position 2 of a tensor of rank 1: at most 1");
    b = tl_builder_create("k");
    t = tl_arg(b, "t", TL_TENSOR(TL_F32, 4));
    tl_index(t, 0); line = __LINE__;
    expect_error(b, line, "tl_index: unsupported tensor index 0 at position 0: TL_ALL (:) or TL_NONE (None)");
    b = tl_builder_create("k");
    tl_index(tl_lit(2.0), TL_NONE); line = __LINE__;
    expect_error(b, line, "tl_index: a C number cannot be indexed (a Python number has no [])");
}

/* The shape () is TL_SHAPE0, valid ISO C under -Wpedantic (this file compiles with it). */
static void rank0_shape(void **state)
{
    (void)state;
    tl_shape s = TL_SHAPE0;
    assert_int_equal(s.rank, 0);
    tl_builder *b = tl_builder_create("k");
    tl_value t = tl_arg(b, "t", TL_TENSOR(TL_F32, 1));
    tl_value r = tl_reshape(t, TL_SHAPE0);
    assert_int_equal(tl_value_rank(r), 0);
    tl_builder_destroy(b);
}

static void broadcasts(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value row = tl_expand_dims(tl_arange(b, 0, 16), 0);
    tl_broadcast_to(row, TL_SHAPE(8, 16));
    tl_broadcast_to(n, TL_SHAPE(4));
    tl_value col = tl_expand_dims(tl_arange(b, 0, 8), 1);
    tl_pair p = tl_broadcast(col, tl_arange(b, 0, 4));
    assert_int_equal(tl_value_dim(p.first, 1), 4);
    assert_int_equal(tl_value_dim(p.second, 0), 8);
    expect_text(b, HEAD("%arg0: i32")
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>\n"
                   "    %2 = tt.broadcast %1 : tensor<1x16xi32> -> tensor<8x16xi32>\n"
                   "    %3 = tt.splat %arg0 : i32 -> tensor<4xi32>\n"
                   "    %4 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>\n"
                   "    %5 = tt.expand_dims %4 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>\n"
                   "    %6 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %7 = tt.expand_dims %6 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>\n"
                   "    %8 = tt.broadcast %5 : tensor<8x1xi32> -> tensor<8x4xi32>\n"
                   "    %9 = tt.broadcast %7 : tensor<1x4xi32> -> tensor<8x4xi32>\n" TAIL);
}

/* m[:, None] & n[None, :] */
static void mask2d(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value m = tl_lt(tl_arange(b, 0, 16), 10);
    tl_value n = tl_lt(tl_arange(b, 0, 32), 20);
    tl_value r = tl_mask2d(m, n);
    assert_int_equal(r.dtype, TL_I1);
    expect_text(b, HEAD("") "    %cst = arith.constant dense<20> : tensor<32xi32>\n"
                            "    %cst_0 = arith.constant dense<10> : tensor<16xi32>\n"
                            "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                            "    %1 = arith.cmpi slt, %0, %cst_0 : tensor<16xi32>\n"
                            "    %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>\n"
                            "    %3 = arith.cmpi slt, %2, %cst : tensor<32xi32>\n"
                            "    %4 = tt.expand_dims %1 {axis = 1 : i32} : tensor<16xi1> -> tensor<16x1xi1>\n"
                            "    %5 = tt.expand_dims %3 {axis = 0 : i32} : tensor<32xi1> -> tensor<1x32xi1>\n"
                            "    %6 = tt.broadcast %4 : tensor<16x1xi1> -> tensor<16x32xi1>\n"
                            "    %7 = tt.broadcast %5 : tensor<1x32xi1> -> tensor<16x32xi1>\n"
                            "    %8 = arith.andi %6, %7 : tensor<16x32xi1>\n" TAIL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(program_ids), cmocka_unit_test(full_zeros_ones), cmocka_unit_test(splat),
        cmocka_unit_test(expand_dims), cmocka_unit_test(indexing), cmocka_unit_test(indexing_misuse),
        cmocka_unit_test(rank0_shape), cmocka_unit_test(broadcasts),      cmocka_unit_test(mask2d),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
