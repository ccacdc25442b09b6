/* ptr + offset, tl.load and tl.store. */
#include "test_lang.h"

/* Either side may be scalar or tensor; unsigned offsets are zero-extended to i64; ptr - x is
 * ptr + (0 - x), a number's negation folded. */
static void pointer_arithmetic(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value q = tl_arg(b, "q", PTR(TL_F16));
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value u = tl_arg(b, "u", SCALAR(TL_U32));
    tl_value l = tl_arg(b, "l", SCALAR(TL_I64));
    tl_value i = tl_arange(b, 0, 64);
    tl_value t = tl_addptr(p, i);
    assert_true(t.is_ptr);
    assert_int_equal(t.dtype, TL_F32);
    tl_addptr(t, 4);
    tl_add(i, p);
    tl_addptr(q, u);
    tl_addptr(q, l);
    tl_sub(q, n);
    tl_sub(t, 2);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f16>, %arg2: i32, %arg3: i32, %arg4: i64")
                   "    %cst = arith.constant dense<-2> : tensor<64xi32>\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %cst_0 = arith.constant dense<4> : tensor<64xi32>\n"
                   "    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
                   "    %3 = tt.addptr %2, %cst_0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
                   "    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
                   "    %5 = tt.addptr %4, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
                   "    %6 = arith.extui %arg3 : i32 to i64\n"
                   "    %7 = tt.addptr %arg1, %6 : !tt.ptr<f16>, i64\n"
                   "    %8 = tt.addptr %arg1, %arg4 : !tt.ptr<f16>, i64\n"
                   "    %9 = arith.subi %c0_i32, %arg2 : i32\n"
                   "    %10 = tt.addptr %arg1, %9 : !tt.ptr<f16>, i32\n"
                   "    %11 = tt.addptr %2, %cst : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n" TAIL);
}

/* Masks, other (a number becomes a constant of the pointee type), cache and eviction
 * policies, volatile, and a scalar load. */
static void loads(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value i = tl_arange(b, 0, 64);
    tl_value t = tl_addptr(p, i);
    tl_value m = tl_lt(i, n);
    tl_value x = tl_load(t);
    assert_int_equal(x.dtype, TL_F32);
    tl_load(t, .mask = m, .other = tl_lit(0));
    tl_load(t, .cache = TL_CACHE_CG, .eviction = TL_EVICT_LAST);
    tl_load(t, .mask = m, .is_volatile = true);
    tl_value s = tl_load(p);
    assert_false(tl_value_is_tensor(s));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: i32")
                   "    %cst = arith.constant dense<0.000000e+00> : tensor<64xf32>\n"
                   "    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
                   "    %3 = tt.splat %arg1 : i32 -> tensor<64xi32>\n"
                   "    %4 = arith.cmpi slt, %0, %3 : tensor<64xi32>\n"
                   "    %5 = tt.load %2 : tensor<64x!tt.ptr<f32>>\n"
                   "    %6 = tt.load %2, %4, %cst : tensor<64x!tt.ptr<f32>>\n"
                   "    %7 = tt.load %2 cacheModifier = cg evictionPolicy = evict_last : tensor<64x!tt.ptr<f32>>\n"
                   "    %8 = tt.load %2, %4 {isVolatile = true} : tensor<64x!tt.ptr<f32>>\n"
                   "    %9 = tt.load %arg0 : !tt.ptr<f32>\n" TAIL);
}

/* int1 is loaded as int8 (pointer bitcast, then != 0); scalar mask and other are scalars. */
static void bool_and_scalar_loads(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value pb = tl_arg(b, "pb", PTR(TL_I1));
    tl_value ph = tl_arg(b, "ph", PTR(TL_F16));
    tl_value v = tl_load(pb);
    assert_int_equal(v.dtype, TL_I1);
    tl_load(ph, .mask = tl_lit_bool(true), .other = tl_lit(1));
    expect_text(b, HEAD("%arg0: !tt.ptr<i1>, %arg1: !tt.ptr<f16>")
                   "    %cst = arith.constant 1.000000e+00 : f16\n"
                   "    %true = arith.constant true\n"
                   "    %c0_i8 = arith.constant 0 : i8\n"
                   "    %0 = tt.bitcast %arg0 : !tt.ptr<i1> -> !tt.ptr<i8>\n"
                   "    %1 = tt.load %0 : !tt.ptr<i8>\n"
                   "    %2 = arith.cmpi ne, %1, %c0_i8 : i8\n"
                   "    %3 = tt.load %arg1, %true, %cst : !tt.ptr<f16>\n" TAIL);
}

/* The value is cast to the pointee type and broadcast to the pointer's shape. */
static void stores(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F16));
    tl_value x = tl_arg(b, "x", TL_TENSOR(TL_F32, 64));
    tl_value s = tl_arg(b, "s", SCALAR(TL_F16));
    tl_value pb = tl_arg(b, "pb", PTR(TL_I1));
    tl_value i = tl_arange(b, 0, 64);
    tl_value t = tl_addptr(p, i);
    tl_value m = tl_lt(i, 10);
    assert_true(tl_store(t, x));
    tl_store(t, 1.5, .mask = m);
    tl_store(t, x, .cache = TL_CACHE_WT, .eviction = TL_EVICT_FIRST);
    tl_store(t, s);
    tl_store(p, 0);
    tl_store(pb, tl_lit_bool(true));
    expect_text(b, HEAD("%arg0: !tt.ptr<f16>, %arg1: tensor<64xf32>, %arg2: f16, %arg3: !tt.ptr<i1>")
                   "    %c1_i8 = arith.constant 1 : i8\n"
                   "    %cst = arith.constant 0.000000e+00 : f16\n"
                   "    %cst_0 = arith.constant dense<1.500000e+00> : tensor<64xf16>\n"
                   "    %cst_1 = arith.constant dense<10> : tensor<64xi32>\n"
                   "    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x!tt.ptr<f16>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<64x!tt.ptr<f16>>, tensor<64xi32>\n"
                   "    %3 = arith.cmpi slt, %0, %cst_1 : tensor<64xi32>\n"
                   "    %4 = arith.truncf %arg1 : tensor<64xf32> to tensor<64xf16>\n"
                   "    tt.store %2, %4 : tensor<64x!tt.ptr<f16>>\n"
                   "    tt.store %2, %cst_0, %3 : tensor<64x!tt.ptr<f16>>\n"
                   "    %5 = arith.truncf %arg1 : tensor<64xf32> to tensor<64xf16>\n"
                   "    tt.store %2, %5 cacheModifier = wt evictionPolicy = evict_first : tensor<64x!tt.ptr<f16>>\n"
                   "    %6 = tt.splat %arg2 : f16 -> tensor<64xf16>\n"
                   "    tt.store %2, %6 : tensor<64x!tt.ptr<f16>>\n"
                   "    tt.store %arg0, %cst : !tt.ptr<f16>\n"
                   "    %7 = tt.bitcast %arg3 : !tt.ptr<i1> -> !tt.ptr<i8>\n"
                   "    tt.store %7, %c1_i8 : !tt.ptr<i8>\n" TAIL);
}

/* Python's positional mask and other: tl.load(p + i, i < n), tl.load(p + i, i < n, 0.0),
 * tl.store(q + i, x, i < n), tl.atomic_add(p + i, 1.0, i < n). Each is masked, with its
 * operands made in Python's order: the pointer first, then the mask (a keyword is made
 * before both: tl.load(p + i, i < n, other=x * 2)). */
static void positional_masks(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value i = tl_arange(b, 0, 64);
    tl_value x = tl_load(tl_addptr(p, i), tl_lt(i, n));
    tl_value y = tl_load(tl_addptr(p, i), tl_lt(i, n), tl_lit(0.0));
    tl_value z = tl_load(tl_addptr(p, i), tl_lt(i, n), .other = tl_mul(x, 2));
    tl_store(tl_addptr(p, i), tl_add(y, z), tl_lt(i, n));
    tl_atomic_add(tl_addptr(p, i), 1.0, tl_lt(i, n));
    tl_atomic_xchg(tl_addptr(p, i), x, tl_lt(i, n), .sem = TL_SEM_RELAXED);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: i32")
                   "    %cst = arith.constant dense<1.000000e+00> : tensor<64xf32>\n"
                   "    %cst_0 = arith.constant dense<2.000000e+00> : tensor<64xf32>\n"
                   "    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64xf32>\n"
                   "    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
                   "    %3 = tt.splat %arg1 : i32 -> tensor<64xi32>\n"
                   "    %4 = arith.cmpi slt, %0, %3 : tensor<64xi32>\n"
                   "    %5 = tt.load %2, %4 : tensor<64x!tt.ptr<f32>>\n"
                   "    %6 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
                   "    %7 = tt.addptr %6, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
                   "    %8 = tt.splat %arg1 : i32 -> tensor<64xi32>\n"
                   "    %9 = arith.cmpi slt, %0, %8 : tensor<64xi32>\n"
                   "    %10 = tt.load %7, %9, %cst_1 : tensor<64x!tt.ptr<f32>>\n"
                   "    %11 = arith.mulf %5, %cst_0 : tensor<64xf32>\n"
                   "    %12 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
                   "    %13 = tt.addptr %12, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
                   "    %14 = tt.splat %arg1 : i32 -> tensor<64xi32>\n"
                   "    %15 = arith.cmpi slt, %0, %14 : tensor<64xi32>\n"
                   "    %16 = tt.load %13, %15, %11 : tensor<64x!tt.ptr<f32>>\n"
                   "    %17 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
                   "    %18 = tt.addptr %17, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
                   "    %19 = arith.addf %10, %16 : tensor<64xf32>\n"
                   "    %20 = tt.splat %arg1 : i32 -> tensor<64xi32>\n"
                   "    %21 = arith.cmpi slt, %0, %20 : tensor<64xi32>\n"
                   "    tt.store %18, %19, %21 : tensor<64x!tt.ptr<f32>>\n"
                   "    %22 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
                   "    %23 = tt.addptr %22, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
                   "    %24 = tt.splat %arg1 : i32 -> tensor<64xi32>\n"
                   "    %25 = arith.cmpi slt, %0, %24 : tensor<64xi32>\n"
                   "    %26 = tt.atomic_rmw fadd, acq_rel, gpu, %23, %cst, %25 : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>\n"
                   "    %27 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
                   "    %28 = tt.addptr %27, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
                   "    %29 = tt.splat %arg1 : i32 -> tensor<64xi32>\n"
                   "    %30 = arith.cmpi slt, %0, %29 : tensor<64xi32>\n"
                   "    %31 = tt.atomic_rmw exch, relaxed, gpu, %28, %5, %30 : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>\n" TAIL);
}

/* One argument given by position and by keyword is Python's TypeError. */
static void positional_and_keyword_mask(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value i = tl_arange(b, 0, 64);
    tl_value m = tl_lt(i, 10);
    int line = __LINE__ + 1;
    tl_load(tl_addptr(p, i), m, .mask = m);
    expect_error(b, line, "tl_load: got multiple values for argument 'mask'");
    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F32));
    i = tl_arange(b, 0, 64);
    m = tl_lt(i, 10);
    line = __LINE__ + 1;
    tl_load(tl_addptr(p, i), m, tl_lit(0.0), .other = tl_lit(1.0));
    expect_error(b, line, "tl_load: got multiple values for argument 'other'");
    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F32));
    i = tl_arange(b, 0, 64);
    m = tl_lt(i, 10);
    line = __LINE__ + 1;
    tl_store(tl_addptr(p, i), 1.0, m, .mask = m);
    expect_error(b, line, "tl_store: got multiple values for argument 'mask'");
    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F32));
    i = tl_arange(b, 0, 64);
    m = tl_lt(i, 10);
    line = __LINE__ + 1;
    tl_atomic_xchg(tl_addptr(p, i), 1.0, m, .mask = m);
    expect_error(b, line, "tl_atomic_xchg: got multiple values for argument 'mask'");
}

/* Python's `p + pid * n + (i + 1)` is (p + pid * n) + (i + 1): a scalar tt.addptr made
 * before i + 1, then a tensor one. tl_addptr(p, a, b) reads the same; tl_addptr(p, tl_add(a,
 * b)) is p + (a + b), which adds in int32 first. `i - n - 2 * i` is ((i - n) - 2 * i); `x * y * 3`
 * and `m & m2 & m3` likewise. */
static void chains(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value pid = tl_program_id(b, 0);
    tl_value i = tl_arange(b, 0, 64);
    tl_value x = tl_load(tl_addptr(p, tl_mul(pid, n), tl_add(i, 1)));
    tl_load(tl_addptr(p, tl_add(tl_mul(pid, n), i)));
    tl_value d = tl_sub(i, n, tl_mul(2, i));
    tl_value y = tl_mul(x, tl_exp(x), 3.0);
    tl_value m = tl_and(tl_lt(i, n), tl_gt(d, 0), tl_ne(y, 0.0));
    tl_store(tl_addptr(p, i), y, m);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: i32")
                   "    %cst = arith.constant dense<0.000000e+00> : tensor<64xf32>\n"
                   "    %cst_0 = arith.constant dense<0> : tensor<64xi32>\n"
                   "    %cst_1 = arith.constant dense<3.000000e+00> : tensor<64xf32>\n"
                   "    %cst_2 = arith.constant dense<2> : tensor<64xi32>\n"
                   "    %cst_3 = arith.constant dense<1> : tensor<64xi32>\n"
                   "    %0 = tt.get_program_id x : i32\n"
                   "    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>\n"
                   "    %2 = arith.muli %0, %arg1 : i32\n"
                   "    %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32\n"
                   "    %4 = arith.addi %1, %cst_3 : tensor<64xi32>\n"
                   "    %5 = tt.splat %3 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
                   "    %6 = tt.addptr %5, %4 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
                   "    %7 = tt.load %6 : tensor<64x!tt.ptr<f32>>\n"
                   "    %8 = arith.muli %0, %arg1 : i32\n"
                   "    %9 = tt.splat %8 : i32 -> tensor<64xi32>\n"
                   "    %10 = arith.addi %9, %1 : tensor<64xi32>\n"
                   "    %11 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
                   "    %12 = tt.addptr %11, %10 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
                   "    %13 = tt.load %12 : tensor<64x!tt.ptr<f32>>\n"
                   "    %14 = tt.splat %arg1 : i32 -> tensor<64xi32>\n"
                   "    %15 = arith.subi %1, %14 : tensor<64xi32>\n"
                   "    %16 = arith.muli %cst_2, %1 : tensor<64xi32>\n"
                   "    %17 = arith.subi %15, %16 : tensor<64xi32>\n"
                   "    %18 = math.exp %7 : tensor<64xf32>\n"
                   "    %19 = arith.mulf %7, %18 : tensor<64xf32>\n"
                   "    %20 = arith.mulf %19, %cst_1 : tensor<64xf32>\n"
                   "    %21 = tt.splat %arg1 : i32 -> tensor<64xi32>\n"
                   "    %22 = arith.cmpi slt, %1, %21 : tensor<64xi32>\n"
                   "    %23 = arith.cmpi sgt, %17, %cst_0 : tensor<64xi32>\n"
                   "    %24 = arith.andi %22, %23 : tensor<64xi1>\n"
                   "    %25 = arith.cmpf une, %20, %cst : tensor<64xf32>\n"
                   "    %26 = arith.andi %24, %25 : tensor<64xi1>\n"
                   "    %27 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>\n"
                   "    %28 = tt.addptr %27, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>\n"
                   "    tt.store %28, %20, %26 : tensor<64x!tt.ptr<f32>>\n" TAIL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pointer_arithmetic),
        cmocka_unit_test(loads),
        cmocka_unit_test(bool_and_scalar_loads),
        cmocka_unit_test(stores),
        cmocka_unit_test(positional_masks),
        cmocka_unit_test(positional_and_keyword_mask),
        cmocka_unit_test(chains),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
