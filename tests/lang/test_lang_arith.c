/* Python's arithmetic, bitwise and shift operators, unary minus and invert, tl.cdiv and the
 * MLIR-named same-type helpers. */
#include "test_lang.h"

static void integer_operators(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_arg(b, "a", SCALAR(TL_I32));
    tl_value c = tl_arg(b, "c", SCALAR(TL_I32));
    tl_add(a, c);
    tl_sub(a, c);
    tl_mul(a, c);
    tl_floordiv(a, c);
    tl_mod(a, c);
    tl_and(a, c);
    tl_or(a, c);
    tl_xor(a, c);
    tl_shl(a, c);
    tl_shr(a, c);
    expect_text(b, HEAD("%arg0: i32, %arg1: i32") "    %0 = arith.addi %arg0, %arg1 : i32\n"
                                                  "    %1 = arith.subi %arg0, %arg1 : i32\n"
                                                  "    %2 = arith.muli %arg0, %arg1 : i32\n"
                                                  "    %3 = arith.divsi %arg0, %arg1 : i32\n"
                                                  "    %4 = arith.remsi %arg0, %arg1 : i32\n"
                                                  "    %5 = arith.andi %arg0, %arg1 : i32\n"
                                                  "    %6 = arith.ori %arg0, %arg1 : i32\n"
                                                  "    %7 = arith.xori %arg0, %arg1 : i32\n"
                                                  "    %8 = arith.shli %arg0, %arg1 : i32\n"
                                                  "    %9 = arith.shrsi %arg0, %arg1 : i32\n" TAIL);
}

/* Unsigned division, remainder and right shift; >> follows the left operand's signedness. */
static void unsigned_operators(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value u = tl_arg(b, "u", SCALAR(TL_U32));
    tl_value v = tl_arg(b, "v", SCALAR(TL_U32));
    tl_value s8 = tl_arg(b, "s8", SCALAR(TL_I8));
    tl_floordiv(u, v);
    tl_mod(u, v);
    tl_shr(u, v);
    tl_shr(s8, u);
    expect_text(b, HEAD("%arg0: i32, %arg1: i32, %arg2: i8") "    %0 = arith.divui %arg0, %arg1 : i32\n"
                                                             "    %1 = arith.remui %arg0, %arg1 : i32\n"
                                                             "    %2 = arith.shrui %arg0, %arg1 : i32\n"
                                                             "    %3 = arith.extsi %arg2 : i8 to i32\n"
                                                             "    %4 = arith.shrsi %3, %arg0 : i32\n" TAIL);
}

static void float_operators(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value f = tl_arg(b, "f", SCALAR(TL_F32));
    tl_value g = tl_arg(b, "g", SCALAR(TL_F32));
    tl_add(f, g);
    tl_sub(f, g);
    tl_mul(f, g);
    tl_div(f, g);
    tl_mod(f, g);
    expect_text(b, HEAD("%arg0: f32, %arg1: f32") "    %0 = arith.addf %arg0, %arg1 : f32\n"
                                                  "    %1 = arith.subf %arg0, %arg1 : f32\n"
                                                  "    %2 = arith.mulf %arg0, %arg1 : f32\n"
                                                  "    %3 = arith.divf %arg0, %arg1 : f32\n"
                                                  "    %4 = arith.remf %arg0, %arg1 : f32\n" TAIL);
}

/* int / int divides in float32 (int64 too, in Triton 3.6); a number is folded into float32. */
static void true_division_of_integers(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value u = tl_arg(b, "u", SCALAR(TL_U32));
    tl_value l = tl_arg(b, "l", SCALAR(TL_I64));
    tl_div(u, u);
    tl_div(l, l);
    tl_div(tl_arange(b, 0, 16), 4);
    expect_text(b, HEAD("%arg0: i32, %arg1: i64")
                   "    %cst = arith.constant dense<4.000000e+00> : tensor<16xf32>\n"
                   "    %0 = arith.uitofp %arg0 : i32 to f32\n"
                   "    %1 = arith.uitofp %arg0 : i32 to f32\n"
                   "    %2 = arith.divf %0, %1 : f32\n"
                   "    %3 = arith.sitofp %arg1 : i64 to f32\n"
                   "    %4 = arith.sitofp %arg1 : i64 to f32\n"
                   "    %5 = arith.divf %3, %4 : f32\n"
                   "    %6 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %7 = arith.sitofp %6 : tensor<16xi32> to tensor<16xf32>\n"
                   "    %8 = arith.divf %7, %cst : tensor<16xf32>\n" TAIL);
}

/* cdiv(x, div) = (x + (div - 1)) // div: a number's div - 1 is folded, a value's is not. */
static void ceiling_division(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value m = tl_arg(b, "m", SCALAR(TL_I32));
    tl_cdiv(tl_arange(b, 0, 64), 4);
    tl_cdiv(n, m);
    expect_text(b, HEAD("%arg0: i32, %arg1: i32")
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %cst = arith.constant dense<3> : tensor<64xi32>\n"
                   "    %cst_0 = arith.constant dense<4> : tensor<64xi32>\n"
                   "    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>\n"
                   "    %1 = arith.addi %0, %cst : tensor<64xi32>\n"
                   "    %2 = arith.divsi %1, %cst_0 : tensor<64xi32>\n"
                   "    %3 = arith.subi %arg1, %c1_i32 : i32\n"
                   "    %4 = arith.addi %arg0, %3 : i32\n"
                   "    %5 = arith.divsi %4, %arg1 : i32\n" TAIL);
}

/* cdiv(number, value): the helper's canonicalization makes x + (div - 1) div + (x - 1), a constant
 * of the call (Triton 3.6's make_ttir on an H100: ops_cases' cdiv_runtime, flaggems_index_select);
 * x = 1 leaves div itself. */
static void ceiling_division_of_a_number(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value d = tl_arg(b, "d", SCALAR(TL_I32));
    tl_value q = tl_arg(b, "q", SCALAR(TL_I64));
    tl_cdiv(100, d);
    tl_cdiv(1, d);
    tl_cdiv(7, q);
    expect_text(b, HEAD("%arg0: i32, %arg1: i64")
                   "    %c6_i64 = arith.constant 6 : i64\n"
                   "    %c99_i32 = arith.constant 99 : i32\n"
                   "    %0 = arith.addi %arg0, %c99_i32 : i32\n"
                   "    %1 = arith.divsi %0, %arg0 : i32\n"
                   "    %2 = arith.divsi %arg0, %arg0 : i32\n"
                   "    %3 = arith.addi %arg1, %c6_i64 : i64\n"
                   "    %4 = arith.divsi %3, %arg1 : i64\n" TAIL);
}

/* -x is 0 - x; ~x is x ^ all-ones (true for int1). */
static void unary_minus_and_invert(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value f = tl_arg(b, "f", TL_TENSOR(TL_F32, 8));
    tl_value a = tl_arg(b, "a", SCALAR(TL_I32));
    tl_value m = tl_arg(b, "m", SCALAR(TL_I1));
    tl_neg(f);
    tl_neg(a);
    tl_invert(a);
    tl_invert(m);
    expect_text(b, HEAD("%arg0: tensor<8xf32>, %arg1: i32, %arg2: i1")
                   "    %true = arith.constant true\n"
                   "    %c-1_i32 = arith.constant -1 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %cst = arith.constant dense<0.000000e+00> : tensor<8xf32>\n"
                   "    %0 = arith.subf %cst, %arg0 : tensor<8xf32>\n"
                   "    %1 = arith.subi %c0_i32, %arg1 : i32\n"
                   "    %2 = arith.xori %arg1, %c-1_i32 : i32\n"
                   "    %3 = arith.xori %arg2, %true : i1\n" TAIL);
}

/* The MLIR-named helpers take one type and do not promote. */
static void same_type_helpers(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value f = tl_arg(b, "f", SCALAR(TL_F32));
    tl_value a = tl_arg(b, "a", SCALAR(TL_I32));
    tl_maxnumf(f, f);
    tl_minimumf(f, f);
    tl_addi(a, a);
    tl_mulf(f, tl_lit(2.0));
    expect_text(b, HEAD("%arg0: f32, %arg1: i32") "    %cst = arith.constant 2.000000e+00 : f32\n"
                                                  "    %0 = arith.maxnumf %arg0, %arg0 : f32\n"
                                                  "    %1 = arith.minimumf %arg0, %arg0 : f32\n"
                                                  "    %2 = arith.addi %arg1, %arg1 : i32\n"
                                                  "    %3 = arith.mulf %arg0, %cst : f32\n" TAIL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(integer_operators),
        cmocka_unit_test(unsigned_operators),
        cmocka_unit_test(float_operators),
        cmocka_unit_test(true_division_of_integers),
        cmocka_unit_test(ceiling_division), cmocka_unit_test(ceiling_division_of_a_number),
        cmocka_unit_test(unary_minus_and_invert),
        cmocka_unit_test(same_type_helpers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
