/* Atomics, tensor descriptors and block pointers (memory.h): the exact TTIR of each op and
 * option, the verifier's rules for these ops, and every misuse with its message. */
#include "test_lang.h"

/* ---- atomics ---------------------------------------------------------------------------------- */

/* Integer atomics: a scalar pointer gets a scalar all-true mask; max and min follow the
 * signedness (umin, umax for uint64); sem and scope print as keywords; the mask keyword is
 * evaluated first (its cmpi comes before the pointer's ops), as Triton's code generator does. */
static void atomics_on_integers(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_I32)); tl_value q = tl_arg(b, "q", PTR(TL_U64));
    tl_value r = tl_arange(b, 0, 16);
    tl_value x = tl_atomic_add(p, 1);
    assert_int_equal(x.dtype, TL_I32);
    assert_false(tl_value_is_tensor(x));
    tl_atomic_max(tl_addptr(p, r), r, .sem = TL_SEM_RELAXED, .scope = TL_SCOPE_SYS);
    tl_value y = tl_atomic_min(tl_addptr(q, r), 7, .mask = tl_lt(r, 5));
    assert_int_equal(y.dtype, TL_U64);
    tl_atomic_max(q, 3);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i64>")
                   "    %c3_i64 = arith.constant 3 : i64\n"
                   "    %cst = arith.constant dense<7> : tensor<16xi64>\n"
                   "    %cst_0 = arith.constant dense<5> : tensor<16xi32>\n"
                   "    %cst_1 = arith.constant dense<true> : tensor<16xi1>\n"
                   "    %true = arith.constant true\n"
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = tt.atomic_rmw add, acq_rel, gpu, %arg0, %c1_i32, %true : (!tt.ptr<i32>, i32, i1) -> "
                   "i32\n"
                   "    %2 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>\n"
                   "    %3 = tt.addptr %2, %0 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>\n"
                   "    %4 = tt.atomic_rmw max, relaxed, sys, %3, %0, %cst_1 : (tensor<16x!tt.ptr<i32>>, "
                   "tensor<16xi32>, tensor<16xi1>) -> tensor<16xi32>\n"
                   "    %5 = arith.cmpi slt, %0, %cst_0 : tensor<16xi32>\n"
                   "    %6 = tt.splat %arg1 : !tt.ptr<i64> -> tensor<16x!tt.ptr<i64>>\n"
                   "    %7 = tt.addptr %6, %0 : tensor<16x!tt.ptr<i64>>, tensor<16xi32>\n"
                   "    %8 = tt.atomic_rmw umin, acq_rel, gpu, %7, %cst, %5 : (tensor<16x!tt.ptr<i64>>, "
                   "tensor<16xi64>, tensor<16xi1>) -> tensor<16xi64>\n"
                   "    %9 = tt.atomic_rmw umax, acq_rel, gpu, %arg1, %c3_i64, %true : (!tt.ptr<i64>, i64, i1) -> "
                   "i64\n" TAIL);
}

/* A number cast to uint32 is Python's arith.bitcast of a constant, which make_ttir folds: a
 * constant made by folding, above those made where they are used (the mask's 2, the all-true
 * mask), the last made on top (tests/gpu/memory_cases: atomic_max_min_int). */
static void unsigned_values_fold(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value u = tl_arg(b, "u", PTR(TL_U32));
    tl_value i = tl_arange(b, 0, 16);
    tl_atomic_max(tl_addptr(u, i), 7);
    tl_atomic_min(tl_addptr(u, i), 3, .mask = tl_gt(i, 2));
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>")
                   "    %cst = arith.constant dense<3> : tensor<16xi32>\n"
                   "    %cst_0 = arith.constant dense<7> : tensor<16xi32>\n"
                   "    %cst_1 = arith.constant dense<2> : tensor<16xi32>\n"
                   "    %cst_2 = arith.constant dense<true> : tensor<16xi1>\n"
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>\n"
                   "    %3 = tt.atomic_rmw umax, acq_rel, gpu, %2, %cst_0, %cst_2 : (tensor<16x!tt.ptr<i32>>, "
                   "tensor<16xi32>, tensor<16xi1>) -> tensor<16xi32>\n"
                   "    %4 = arith.cmpi sgt, %0, %cst_1 : tensor<16xi32>\n"
                   "    %5 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>\n"
                   "    %6 = tt.addptr %5, %0 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>\n"
                   "    %7 = tt.atomic_rmw umin, acq_rel, gpu, %6, %cst, %4 : (tensor<16x!tt.ptr<i32>>, "
                   "tensor<16xi32>, tensor<16xi1>) -> tensor<16xi32>\n" TAIL);
}

/* float32 and float64 max and min: Python's pair of integer atomics on the bits (signed where
 * the value is non-negative, unsigned where negative), each under mask & its half. Without a
 * mask the halves are the conditions alone (Python's and with all-true folds away). */
static void float_max_and_min(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32)); tl_value r = tl_arange(b, 0, 16);
    tl_value v = tl_load(tl_addptr(p, r));
    tl_value x = tl_atomic_max(tl_addptr(p, r), v, .mask = tl_lt(r, 3));
    assert_int_equal(x.dtype, TL_F32);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>")
                   "    %cst = arith.constant dense<true> : tensor<16xi1>\n"
                   "    %cst_0 = arith.constant dense<0> : tensor<16xi32>\n"
                   "    %cst_1 = arith.constant dense<31> : tensor<16xi32>\n"
                   "    %cst_2 = arith.constant dense<3> : tensor<16xi32>\n"
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                   "    %3 = tt.load %2 : tensor<16x!tt.ptr<f32>>\n"
                   "    %4 = arith.cmpi slt, %0, %cst_2 : tensor<16xi32>\n"
                   "    %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                   "    %6 = tt.addptr %5, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                   "    %7 = tt.bitcast %3 : tensor<16xf32> -> tensor<16xi32>\n"
                   "    %8 = tt.bitcast %6 : tensor<16x!tt.ptr<f32>> -> tensor<16x!tt.ptr<i32>>\n"
                   "    %9 = arith.shrui %7, %cst_1 : tensor<16xi32>\n"
                   "    %10 = arith.cmpi ne, %9, %cst_0 : tensor<16xi32>\n"
                   "    %11 = arith.xori %10, %cst : tensor<16xi1>\n"
                   "    %12 = arith.andi %4, %11 : tensor<16xi1>\n"
                   "    %13 = tt.atomic_rmw max, acq_rel, gpu, %8, %7, %12 : (tensor<16x!tt.ptr<i32>>, "
                   "tensor<16xi32>, tensor<16xi1>) -> tensor<16xi32>\n"
                   "    %14 = arith.andi %4, %10 : tensor<16xi1>\n"
                   "    %15 = tt.atomic_rmw umin, acq_rel, gpu, %8, %7, %14 : (tensor<16x!tt.ptr<i32>>, "
                   "tensor<16xi32>, tensor<16xi1>) -> tensor<16xi32>\n"
                   "    %16 = arith.select %11, %13, %15 : tensor<16xi1>, tensor<16xi32>\n"
                   "    %17 = tt.bitcast %16 : tensor<16xi32> -> tensor<16xf32>\n" TAIL);

    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F64)); tl_value m = tl_arg(b, "m", SCALAR(TL_I1));
    tl_atomic_min(p, 2.5, .mask = m);
    expect_text(b, HEAD("%arg0: !tt.ptr<f64>, %arg1: i1")
                   "    %cst = arith.constant 2.500000e+00 : f64\n"
                   "    %true = arith.constant true\n"
                   "    %c0_i64 = arith.constant 0 : i64\n"
                   "    %c63_i64 = arith.constant 63 : i64\n"
                   "    %0 = tt.bitcast %cst : f64 -> i64\n"
                   "    %1 = tt.bitcast %arg0 : !tt.ptr<f64> -> !tt.ptr<i64>\n"
                   "    %2 = arith.shrui %0, %c63_i64 : i64\n"
                   "    %3 = arith.cmpi ne, %2, %c0_i64 : i64\n"
                   "    %4 = arith.xori %3, %true : i1\n"
                   "    %5 = arith.andi %arg1, %4 : i1\n"
                   "    %6 = tt.atomic_rmw min, acq_rel, gpu, %1, %0, %5 : (!tt.ptr<i64>, i64, i1) -> i64\n"
                   "    %7 = arith.andi %arg1, %3 : i1\n"
                   "    %8 = tt.atomic_rmw umax, acq_rel, gpu, %1, %0, %7 : (!tt.ptr<i64>, i64, i1) -> i64\n"
                   "    %9 = arith.select %4, %6, %8 : i64\n"
                   "    %10 = tt.bitcast %9 : i64 -> f64\n" TAIL);
}

/* The value is broadcast to the pointer's shape and cast to its element type: a number folds
 * into a constant of that type, a value gets Python's cast. fp16 adds; xchg is `exch`. */
static void atomic_values_are_cast(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32)); tl_value h = tl_arg(b, "h", PTR(TL_F16)); tl_value r = tl_arange(b, 0, 16);
    tl_atomic_add(tl_addptr(p, r), 1);
    tl_atomic_add(tl_addptr(p, r), r);
    tl_atomic_add(h, 1.5);
    tl_atomic_xchg(p, 2.0, .sem = TL_SEM_RELEASE);
    tl_atomic_and(tl_addptr(p, r), 1);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f16>")
                   "    %cst = arith.constant 1.500000e+00 : f16\n"
                   "    %cst_0 = arith.constant dense<1.000000e+00> : tensor<16xf32>\n"
                   "    %cst_1 = arith.constant 2.000000e+00 : f32\n"
                   "    %cst_2 = arith.constant dense<true> : tensor<16xi1>\n"
                   "    %true = arith.constant true\n"
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                   "    %3 = tt.atomic_rmw fadd, acq_rel, gpu, %2, %cst_0, %cst_2 : (tensor<16x!tt.ptr<f32>>, "
                   "tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>\n"
                   "    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                   "    %5 = tt.addptr %4, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                   "    %6 = arith.sitofp %0 : tensor<16xi32> to tensor<16xf32>\n"
                   "    %7 = tt.atomic_rmw fadd, acq_rel, gpu, %5, %6, %cst_2 : (tensor<16x!tt.ptr<f32>>, "
                   "tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>\n"
                   "    %8 = tt.atomic_rmw fadd, acq_rel, gpu, %arg1, %cst, %true : (!tt.ptr<f16>, f16, i1) -> f16\n"
                   "    %9 = tt.atomic_rmw exch, release, gpu, %arg0, %cst_1, %true : (!tt.ptr<f32>, f32, i1) -> "
                   "f32\n"
                   "    %10 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                   "    %11 = tt.addptr %10, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                   "    %12 = tt.atomic_rmw and, acq_rel, gpu, %11, %cst_0, %cst_2 : (tensor<16x!tt.ptr<f32>>, "
                   "tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>\n" TAIL);
}

/* Compare-and-swap: cmp and val as they are (numbers as constants of their own type). */
static void compare_and_swap(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32)); tl_value q = tl_arg(b, "q", PTR(TL_I64)); tl_value r = tl_arange(b, 0, 8);
    tl_atomic_cas(tl_addptr(p, r), tl_load(tl_addptr(p, r)), tl_full(b, TL_SHAPE(8), 2.0, TL_F32), .sem = TL_SEM_RELAXED, .scope = TL_SCOPE_CTA);
    tl_value x = tl_atomic_cas(p, 0.0, 1.0);
    assert_int_equal(x.dtype, TL_F32);
    tl_atomic_cas(q, tl_const(b, 0, TL_I64), tl_const(b, 1, TL_I64), .sem = TL_SEM_ACQUIRE);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i64>")
                   "    %c1_i64 = arith.constant 1 : i64\n"
                   "    %c0_i64 = arith.constant 0 : i64\n"
                   "    %cst = arith.constant 1.000000e+00 : f32\n"
                   "    %cst_0 = arith.constant 0.000000e+00 : f32\n"
                   "    %cst_1 = arith.constant dense<2.000000e+00> : tensor<8xf32>\n"
                   "    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>\n"
                   "    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>\n"
                   "    %4 = tt.addptr %3, %0 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>\n"
                   "    %5 = tt.load %4 : tensor<8x!tt.ptr<f32>>\n"
                   "    %6 = tt.atomic_cas relaxed, cta, %2, %5, %cst_1 : (tensor<8x!tt.ptr<f32>>, tensor<8xf32>, "
                   "tensor<8xf32>) -> tensor<8xf32>\n"
                   "    %7 = tt.atomic_cas acq_rel, gpu, %arg0, %cst_0, %cst : (!tt.ptr<f32>, f32, f32) -> f32\n"
                   "    %8 = tt.atomic_cas acquire, gpu, %arg1, %c0_i64, %c1_i64 : (!tt.ptr<i64>, i64, i64) -> i64\n" TAIL);
}

/* A kernel with p: *f32, ip: *i32, n: i32 and r = arange(0, 16), for the misuse tests. */
typedef struct fixture {
    tl_builder *b;
    tl_value p, ip, n, r;
} fixture;

static fixture make(void)
{
    fixture k;
    k.b = tl_builder_create("k");
    k.p = tl_arg(k.b, "p", PTR(TL_F32));
    k.ip = tl_arg(k.b, "ip", PTR(TL_I32));
    k.n = tl_arg(k.b, "n", SCALAR(TL_I32));
    k.r = tl_arange(k.b, 0, 16);
    return k;
}

/* Element types Python refuses, pointers that are not, masks that are not i1. */
static void atomic_misuse(void **state)
{
    (void)state;
    fixture k = make();
    tl_value h = tl_arg(k.b, "h", PTR(TL_F16));
    tl_value x = tl_atomic_max(h, 1.0); int line = __LINE__;
    assert_true(tl_value_is_poison(x));
    expect_error(k.b, line, "tl_atomic_max: atomic_max does not support fp16");
    k = make();
    tl_atomic_xchg(tl_arg(k.b, "bf", PTR(TL_BF16)), 1.0); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_xchg: atomic_xchg does not support bf16");
    k = make();
    tl_atomic_add(tl_arg(k.b, "c", PTR(TL_I8)), 1); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_add: atomic_add does not support int8");
    k = make();
    tl_atomic_or(tl_arg(k.b, "s", PTR(TL_U16)), 1); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_or: atomic_or does not support uint16");
    k = make();
    tl_atomic_xor(tl_arg(k.b, "t", PTR(TL_I1)), 1); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_xor: atomic_xor does not support int1");
    k = make();
    tl_atomic_add(k.r, 1); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_add: Pointer argument of store instruction is tensor<16xi32>");
    k = make();
    tl_atomic_min(tl_make_block_ptr(k.p, TL_LIST(16), TL_LIST(1), TL_LIST(0), TL_SHAPE(16), TL_ORDER(0)), 1.0); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_min: Pointer argument of store instruction is !tt.ptr<tensor<16xf32>>");
    k = make();
    tl_atomic_add(k.ip, 1, .mask = tl_lit_bool(true)); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_add: mask must be a boolean value (a tensor or a scalar), not a number");
    k = make();
    tl_atomic_add(tl_addptr(k.ip, k.r), 1, .mask = k.r); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_add: mask must have boolean scalar type, not int32");
    k = make();
    tl_atomic_add(k.ip, k.r); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_add: Value argument cannot be block type if pointer argument is not a block");
    k = make();
    tl_atomic_add(k.ip, 1, .mask = tl_lt(k.r, 2)); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_add: Mask argument cannot be block type if pointer argument is not a block");
    k = make();
    tl_atomic_add(tl_addptr(k.ip, tl_arange(k.b, 0, 8)), k.r); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_add: cannot broadcast, the expanded size of the tensor (8) must match the "
                            "existing size (16) at non-singleton dimension 0: [16], [8]");
    k = make();
    tl_atomic_add(k.ip, 1, .sem = (tl_sem)7); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_add: Memory semantic 7 not supported");
    k = make();
    tl_atomic_and(k.ip, 1, .scope = (tl_mem_scope)7); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_and: Memory scope 7 not supported");
    k = make();
    tl_atomic_rmw_at(TL_SITE("tl_atomic_rmw"), (tl_atomic_op)99, (tl_atomic_args){.ptr = k.ip, .val = tl_lit(1)}); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_rmw: invalid atomic operation 99");
}

static void compare_and_swap_misuse(void **state)
{
    (void)state;
    fixture k = make();
    tl_atomic_cas(tl_arg(k.b, "c", PTR(TL_I8)), 0, 1); int line = __LINE__;
    expect_error(k.b, line, "tl_atomic_cas: atomic_cas only supports elements with width {16, 32, 64}");
    k = make();
    tl_atomic_cas(tl_arg(k.b, "l", PTR(TL_I64)), 0, 1); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_cas: cmp must be i64 (the pointer's elements, in its shape), not i32");
    k = make();
    tl_atomic_cas(tl_addptr(k.ip, k.r), k.r, 1); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_cas: val must be tensor<16xi32> (the pointer's elements, in its shape), not i32");
    k = make();
    tl_atomic_cas(k.r, 0, 1); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_cas: tensor<16xi32> is not a pointer or a tensor of pointers");
    k = make();
    tl_atomic_cas(k.ip, 0, 1, .scope = (tl_mem_scope)4); line = __LINE__;
    expect_error(k.b, line, "tl_atomic_cas: Memory scope 4 not supported");
}

/* ---- tensor descriptors ---------------------------------------------------------------------------- */

/* Integer descriptors record signedness (si32, ui32); shape entries become i32 (trunci of an
 * i64), strides i64 (extui of a u32); offsets are i32 numbers or scalars; the reductions. */
static void tensor_descriptors_of_integers(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_I32)); tl_value q = tl_arg(b, "q", PTR(TL_U32)); tl_value n = tl_arg(b, "n", SCALAR(TL_I64)); tl_value s = tl_arg(b, "s", SCALAR(TL_U32));
    tl_value d = tl_make_tensor_descriptor(p, TL_LIST(n, 64), TL_LIST(s, 1), TL_SHAPE(8, 32));
    tl_value e = tl_make_tensor_descriptor(q, TL_LIST(128), TL_LIST(1), TL_SHAPE(64));
    assert_int_equal(e.dtype, TL_U32);
    tl_value t = tl_descriptor_load(d, TL_LIST(0, tl_mul(tl_program_id(b, 0), 32)));
    assert_int_equal(tl_value_rank(t), 2);
    tl_descriptor_store(d, TL_LIST(8, 0), t);
    tl_descriptor_atomic_add(d, TL_LIST(8, 0), t); tl_descriptor_atomic_max(e, TL_LIST(0), tl_descriptor_load(e, TL_LIST(64)));
    tl_descriptor_atomic_xor(e, TL_LIST(0), tl_load_tensor_descriptor(e, TL_LIST(64)));
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>, %arg2: i64, %arg3: i32")
                   "    %c8_i32 = arith.constant 8 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c32_i32 = arith.constant 32 : i32\n"
                   "    %c128_i32 = arith.constant 128 : i32\n"
                   "    %c1_i64 = arith.constant 1 : i64\n"
                   "    %c64_i32 = arith.constant 64 : i32\n"
                   "    %0 = arith.trunci %arg2 : i64 to i32\n"
                   "    %1 = arith.extui %arg3 : i32 to i64\n"
                   "    %2 = tt.make_tensor_descriptor %arg0, [%0, %c64_i32], [%1, %c1_i64] : <i32>, "
                   "<tensor<8x32xsi32>>\n"
                   "    %3 = tt.make_tensor_descriptor %arg1, [%c128_i32], [%c1_i64] : <i32>, <tensor<64xui32>>\n"
                   "    %4 = tt.get_program_id x : i32\n"
                   "    %5 = arith.muli %4, %c32_i32 : i32\n"
                   "    %6 = tt.descriptor_load %2[%c0_i32, %5] : !tt.tensordesc<tensor<8x32xsi32>> -> "
                   "tensor<8x32xi32>\n"
                   "    tt.descriptor_store %2[%c8_i32, %c0_i32], %6 : !tt.tensordesc<tensor<8x32xsi32>>, "
                   "tensor<8x32xi32>\n"
                   "    tt.descriptor_reduce add, %2[%c8_i32, %c0_i32], %6 : !tt.tensordesc<tensor<8x32xsi32>>, "
                   "tensor<8x32xi32>\n"
                   "    %7 = tt.descriptor_load %3[%c64_i32] : !tt.tensordesc<tensor<64xui32>> -> tensor<64xi32>\n"
                   "    tt.descriptor_reduce max, %3[%c0_i32], %7 : !tt.tensordesc<tensor<64xui32>>, tensor<64xi32>\n"
                   "    %8 = tt.descriptor_load %3[%c64_i32] : !tt.tensordesc<tensor<64xui32>> -> tensor<64xi32>\n"
                   "    tt.descriptor_reduce xor, %3[%c0_i32], %8 : !tt.tensordesc<tensor<64xui32>>, tensor<64xi32>\n" TAIL);
}

/* padding_option="nan" is written (zero is the default); a stored value is cast to the
 * descriptor's element type. */
static void descriptor_padding_and_store_cast(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32)); tl_value h = tl_arg(b, "h", PTR(TL_F16));
    tl_value d = tl_make_tensor_descriptor(p, TL_LIST(16, 16), TL_LIST(16, 1), TL_SHAPE(16, 16), .padding_option = TL_PADDING_NAN);
    tl_value x = tl_load(tl_addptr(h, tl_add(tl_expand_dims(tl_arange(b, 0, 16), 1), tl_expand_dims(tl_arange(b, 0, 16), 0))));
    tl_store_tensor_descriptor(d, TL_LIST(0, 0), x);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f16>")
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c16_i32 = arith.constant 16 : i32\n"
                   "    %c16_i64 = arith.constant 16 : i64\n"
                   "    %c1_i64 = arith.constant 1 : i64\n"
                   "    %0 = tt.make_tensor_descriptor %arg0, [%c16_i32, %c16_i32], [%c16_i64, %c1_i64] {padding = "
                   "2 : i32} : <f32>, <tensor<16x16xf32>>\n"
                   "    %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %2 = tt.expand_dims %1 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>\n"
                   "    %3 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %4 = tt.expand_dims %3 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>\n"
                   "    %5 = tt.broadcast %2 : tensor<16x1xi32> -> tensor<16x16xi32>\n"
                   "    %6 = tt.broadcast %4 : tensor<1x16xi32> -> tensor<16x16xi32>\n"
                   "    %7 = arith.addi %5, %6 : tensor<16x16xi32>\n"
                   "    %8 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>\n"
                   "    %9 = tt.addptr %8, %7 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>\n"
                   "    %10 = tt.load %9 : tensor<16x16x!tt.ptr<f16>>\n"
                   "    %11 = arith.extf %10 : tensor<16x16xf16> to tensor<16x16xf32>\n"
                   "    tt.descriptor_store %0[%c0_i32, %c0_i32], %11 : !tt.tensordesc<tensor<16x16xf32>>, "
                   "tensor<16x16xf32>\n" TAIL);
}

static void descriptor_gather_and_scatter(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F16)); tl_value y = tl_arg(b, "y", SCALAR(TL_I32));
    tl_value d = tl_make_tensor_descriptor(p, TL_LIST(64, 64), TL_LIST(64, 1), TL_SHAPE(1, 64));
    tl_value g = tl_descriptor_gather(d, tl_arange(b, 0, 8), y);
    tl_descriptor_scatter(d, g, tl_arange(b, 8, 16), 0);
    expect_text(b, HEAD("%arg0: !tt.ptr<f16>, %arg1: i32")
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c64_i32 = arith.constant 64 : i32\n"
                   "    %c64_i64 = arith.constant 64 : i64\n"
                   "    %c1_i64 = arith.constant 1 : i64\n"
                   "    %0 = tt.make_tensor_descriptor %arg0, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : <f16>, "
                   "<tensor<1x64xf16>>\n"
                   "    %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>\n"
                   "    %2 = tt.descriptor_gather %0[%1, %arg1] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<8xi32>, "
                   "i32) -> tensor<8x64xf16>\n"
                   "    %3 = tt.make_range {end = 16 : i32, start = 8 : i32} : tensor<8xi32>\n"
                   "    tt.descriptor_scatter %0[%3, %c0_i32], %2 : !tt.tensordesc<tensor<1x64xf16>>, "
                   "tensor<8xi32>, i32, tensor<8x64xf16>\n" TAIL);
}

#define D2(k) tl_make_tensor_descriptor((k).p, TL_LIST((k).n, (k).n), TL_LIST((k).n, 1), TL_SHAPE(16, 16))
#define ROW(k, cols) tl_make_tensor_descriptor((k).p, TL_LIST((k).n, (k).n), TL_LIST((k).n, 1), TL_SHAPE(1, cols))

static void descriptor_misuse(void **state)
{
    (void)state;
    fixture k = make();
    tl_make_tensor_descriptor(k.p, TL_LIST(1, 1, 1, 1, 1, 1), TL_LIST(1, 1, 1, 1, 1, 1), TL_SHAPE(1, 1, 1, 1, 1, 16)); int line = __LINE__;
    expect_error(k.b, line, "tl_make_tensor_descriptor: Expected 1 <= ndim <= 5 but got 6 dimensions");
    k = make();
    tl_make_tensor_descriptor(k.p, TL_LIST(k.n, k.n), TL_LIST(1), TL_SHAPE(16, 16)); line = __LINE__;
    expect_error(k.b, line, "tl_make_tensor_descriptor: Expected 2 strides but got 1");
    k = make();
    tl_make_tensor_descriptor(k.p, TL_LIST(k.n, k.n), TL_LIST(k.n, 1), TL_SHAPE(16)); line = __LINE__;
    expect_error(k.b, line, "tl_make_tensor_descriptor: Expected block_shape to have 2 dimensions but got 1");
    k = make();
    tl_make_tensor_descriptor(k.p, TL_LIST(k.n, k.n), TL_LIST(k.n, 1), TL_SHAPE(16, 2)); line = __LINE__;
    expect_error(k.b, line, "tl_make_tensor_descriptor: Descriptor block shape must have at least 16 bytes in the last "
                            "dimension, but got 2 * 4 = 8 bytes");
    k = make();
    tl_make_tensor_descriptor(k.p, TL_LIST(k.n, k.n), TL_LIST(k.n, 2), TL_SHAPE(16, 16)); line = __LINE__;
    expect_error(k.b, line, "tl_make_tensor_descriptor: Tensor descriptor last dim must be 1 but got 2");
    k = make();
    tl_make_tensor_descriptor(k.p, TL_LIST(k.n, k.n), TL_LIST(k.n, k.n), TL_SHAPE(16, 16)); line = __LINE__;
    expect_error(k.b, line, "tl_make_tensor_descriptor: Tensor descriptor last dim must be 1 but got a value");
    k = make();
    tl_make_tensor_descriptor(k.ip, TL_LIST(k.n), TL_LIST(1), TL_SHAPE(16), .padding_option = TL_PADDING_NAN); line = __LINE__;
    expect_error(k.b, line, "tl_make_tensor_descriptor: Padding option `nan` is not supported for integer blocks");
    k = make();
    tl_make_tensor_descriptor(k.p, TL_LIST(k.n), TL_LIST(1), TL_SHAPE(16), .padding_option = (tl_padding)5); line = __LINE__;
    expect_error(k.b, line, "tl_make_tensor_descriptor: Padding option 5 not supported");
    k = make();
    tl_make_tensor_descriptor(tl_addptr(k.p, k.r), TL_LIST(k.n), TL_LIST(1), TL_SHAPE(16)); line = __LINE__;
    expect_error(k.b, line, "tl_make_tensor_descriptor: base must be a pointer, not tensor<16x!tt.ptr<f32>>");
    k = make();
    tl_make_tensor_descriptor(k.p, TL_LIST(k.n), TL_LIST(1), TL_SHAPE(24)); line = __LINE__;
    expect_error(k.b, line, "tl_make_tensor_descriptor: shape element 0 (24) must be a power of 2");
    k = make();
    tl_make_tensor_descriptor(k.p, TL_LIST(1.5), TL_LIST(1), TL_SHAPE(16)); line = __LINE__;
    expect_error(k.b, line, "tl_make_tensor_descriptor: shape and strides must be integers, not a float");
    k = make();
    tl_make_tensor_descriptor(k.p, TL_LIST(k.r), TL_LIST(1), TL_SHAPE(16)); line = __LINE__;
    expect_error(k.b, line, "tl_make_tensor_descriptor: shape and strides take integer scalars, not tensor<16xi32>");
    k = make();
    tl_make_tensor_descriptor(k.p, TL_LIST(5000000000LL), TL_LIST(1), TL_SHAPE(16)); line = __LINE__;
    expect_error(k.b, line, "tl_make_tensor_descriptor: scalar 5000000000 is out of range for type int32");
    k = make();
    tl_descriptor_load(k.p, TL_LIST(0)); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_load: !tt.ptr<f32> is not a tensor descriptor (tl_make_tensor_descriptor)");
    k = make();
    tl_descriptor_load(D2(k), TL_LIST(0)); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_load: expected 2 offsets, but got 1");
    k = make();
    tl_descriptor_load(D2(k), TL_LIST(0, tl_const(k.b, 1, TL_I64))); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_load: Block pointers only support 32 bit `offsets/block_shape`, add a "
                            "`.to(tl.int32)` or use regular indexing for 64 bit support");
    k = make();
    tl_descriptor_load(D2(k), TL_LIST(0, 3000000000LL)); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_load: Block pointers only support 32 bit `offsets/block_shape`, got a value "
                            "3000000000 which is out of the range");
    k = make();
    tl_descriptor_load(D2(k), TL_LIST(0, 1.0)); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_load: Unsupported element type in shape/strides/offsets: float");
    k = make();
    tl_descriptor_load(D2(k), TL_LIST(0, k.r)); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_load: Expected a scalar in shape/strides/offsets");
    k = make();
    tl_descriptor_load(D2(k), TL_LIST(0, tl_const(k.b, 1, TL_I16))); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_load: offsets must be 32-bit integers, got int16");
    k = make();
    tl_descriptor_store(D2(k), TL_LIST(0, 0), k.r); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_store: value must be a tensor of the descriptor's block shape [16, 16], not "
                            "tensor<16xi32>");
    k = make();
    tl_descriptor_store(D2(k), TL_LIST(0, 0), tl_lit(1.0)); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_store: value must be a tensor of the descriptor's block shape [16, 16], not "
                            "a number");
}

static void descriptor_reduce_gather_scatter_misuse(void **state)
{
    (void)state;
    fixture k = make();
    tl_value d = D2(k);
    tl_descriptor_atomic_min(d, TL_LIST(0, 0), tl_descriptor_load(d, TL_LIST(0, 0))); int line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_atomic_min: Unsupported dtype float32 for atomic_min");
    k = make();
    d = D2(k);
    tl_descriptor_atomic_or(d, TL_LIST(0, 0), tl_descriptor_load(d, TL_LIST(0, 0))); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_atomic_or: Unsupported dtype float32 for atomic_or");
    k = make();
    d = tl_make_tensor_descriptor(k.ip, TL_LIST(k.n), TL_LIST(1), TL_SHAPE(16));
    tl_descriptor_atomic_and(d, TL_LIST(0), tl_to(k.r, TL_U32)); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_atomic_and: value element type uint32 does not match the descriptor's int32");
    k = make();
    d = tl_make_tensor_descriptor(k.p, TL_LIST(k.n), TL_LIST(1), TL_SHAPE(16));
    tl_descriptor_gather(d, k.r, 0); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_gather: descriptor must be 2D, but got [16]");
    k = make();
    tl_descriptor_gather(D2(k), k.r, 0); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_gather: descriptor block must have 1 row, but got [16, 16]");
    k = make();
    tl_descriptor_gather(ROW(k, 64), tl_expand_dims(k.r, 0), 0); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_gather: x offsets must be 1D, but got [1, 16]");
    k = make();
    tl_descriptor_gather(ROW(k, 64), tl_to(k.r, TL_I64), 0); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_gather: x offsets must be a tensor of int32, not tensor<16xi64>");
    k = make();
    tl_descriptor_gather(ROW(k, 64), tl_arange(k.b, 0, 4), 0); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_gather: descriptor gather must have at least 8 rows, but got [4]");
    k = make();
    tl_descriptor_scatter(ROW(k, 4), k.r, k.r, 0); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_scatter: descriptor scatter of float32 must have at least 8 columns, but "
                            "got 4");
    k = make();
    tl_descriptor_scatter(ROW(k, 64), k.r, k.r, 0); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_scatter: value must be tensor<16x64xf32>, not tensor<16xi32>");
    k = make();
    tl_descriptor_reduce_at(TL_SITE("tl_descriptor_reduce"), (tl_descriptor_reduce_kind)9, D2(k), TL_LIST(0, 0), k.r); line = __LINE__;
    expect_error(k.b, line, "tl_descriptor_reduce: invalid descriptor reduction 9");
}

/* ---- block pointers ---------------------------------------------------------------------------------- */

/* A pointer to int1 becomes one to int8; shape and strides are i64 (u32 widened with extui),
 * offsets i32; boundary_check is sorted; padding, cache, eviction and volatile attributes;
 * advance; stores with a boundary check. */
static void block_pointers(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_I1)); tl_value q = tl_arg(b, "q", PTR(TL_F16)); tl_value n = tl_arg(b, "n", SCALAR(TL_I64)); tl_value u = tl_arg(b, "u", SCALAR(TL_U32));
    tl_value bp = tl_make_block_ptr(p, TL_LIST(n), TL_LIST(1), TL_LIST(u), TL_SHAPE(32), TL_ORDER(0));
    assert_int_equal(bp.dtype, TL_I8);
    assert_true(bp.is_ptr);
    tl_value v = tl_load(bp, .boundary_check = TL_DIMS(0), .cache = TL_CACHE_CG, .is_volatile = true);
    tl_value qp = tl_make_block_ptr(q, TL_LIST(u, 64), TL_LIST(64, 1), TL_LIST(0, 0), TL_SHAPE(16, 32), TL_ORDER(0, 1));
    tl_value w = tl_load(qp, .boundary_check = TL_DIMS(1, 0), .padding = TL_PADDING_NAN, .eviction = TL_EVICT_FIRST);
    assert_int_equal(w.dtype, TL_F16);
    tl_store(tl_advance(qp, TL_LIST(16, tl_program_id(b, 1))), w, .boundary_check = TL_DIMS(0), .cache = TL_CACHE_WB);
    tl_store(bp, v);
    expect_text(b, HEAD("%arg0: !tt.ptr<i1>, %arg1: !tt.ptr<f16>, %arg2: i64, %arg3: i32")
                   "    %c16_i32 = arith.constant 16 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c64_i64 = arith.constant 64 : i64\n"
                   "    %c1_i64 = arith.constant 1 : i64\n"
                   "    %0 = tt.bitcast %arg0 : !tt.ptr<i1> -> !tt.ptr<i8>\n"
                   "    %1 = tt.make_tensor_ptr %0, [%arg2], [%c1_i64], [%arg3] {order = array<i32: 0>} : "
                   "<tensor<32xi8>>\n"
                   "    %2 = tt.load %1 cacheModifier = cg {boundaryCheck = array<i32: 0>, isVolatile = true} : "
                   "!tt.ptr<tensor<32xi8>>\n"
                   "    %3 = arith.extui %arg3 : i32 to i64\n"
                   "    %4 = tt.make_tensor_ptr %arg1, [%3, %c64_i64], [%c64_i64, %c1_i64], [%c0_i32, %c0_i32] "
                   "{order = array<i32: 0, 1>} : <tensor<16x32xf16>>\n"
                   "    %5 = tt.load %4 evictionPolicy = evict_first {boundaryCheck = array<i32: 0, 1>, padding = 2 "
                   ": i32} : !tt.ptr<tensor<16x32xf16>>\n"
                   "    %6 = tt.get_program_id y : i32\n"
                   "    %7 = tt.advance %4, [%c16_i32, %6] : <tensor<16x32xf16>>\n"
                   "    tt.store %7, %5 cacheModifier = wb {boundaryCheck = array<i32: 0>} : "
                   "!tt.ptr<tensor<16x32xf16>>\n"
                   "    tt.store %1, %2 : !tt.ptr<tensor<32xi8>>\n" TAIL);
}

/* Python's usual call passes the lists as keywords, evaluated before the base: the ops of list
 * entries written in the call come first (as the constants they meet). */
static void lists_come_before_the_base(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32)); tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value bp = tl_make_block_ptr(tl_addptr(p, 4), TL_LIST(tl_mul(n, 2)), TL_LIST(1), TL_LIST(0), TL_SHAPE(16), TL_ORDER(0));
    tl_value d = tl_make_tensor_descriptor(tl_addptr(p, 8), TL_LIST(tl_add(n, 1)), TL_LIST(1), TL_SHAPE(16));
    tl_store(bp, tl_descriptor_load(d, TL_LIST(0)));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: i32")
                   "    %c8_i32 = arith.constant 8 : i32\n"
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c1_i64 = arith.constant 1 : i64\n"
                   "    %c4_i32 = arith.constant 4 : i32\n"
                   "    %c2_i32 = arith.constant 2 : i32\n"
                   "    %0 = arith.muli %arg1, %c2_i32 : i32\n"
                   "    %1 = tt.addptr %arg0, %c4_i32 : !tt.ptr<f32>, i32\n"
                   "    %2 = arith.extsi %0 : i32 to i64\n"
                   "    %3 = tt.make_tensor_ptr %1, [%2], [%c1_i64], [%c0_i32] {order = array<i32: 0>} : <tensor<16xf32>>\n"
                   "    %4 = arith.addi %arg1, %c1_i32 : i32\n"
                   "    %5 = tt.addptr %arg0, %c8_i32 : !tt.ptr<f32>, i32\n"
                   "    %6 = tt.make_tensor_descriptor %5, [%4], [%c1_i64] : <f32>, <tensor<16xf32>>\n"
                   "    %7 = tt.descriptor_load %6[%c0_i32] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>\n"
                   "    tt.store %3, %7 : !tt.ptr<tensor<16xf32>>\n" TAIL);
}

#define BP2(k) tl_make_block_ptr((k).p, TL_LIST((k).n, (k).n), TL_LIST((k).n, 1), TL_LIST(0, 0), TL_SHAPE(16, 16), TL_ORDER(1, 0))
#define BP1(k, ptr, len) tl_make_block_ptr(ptr, TL_LIST((k).n), TL_LIST(1), TL_LIST(0), TL_SHAPE(len), TL_ORDER(0))

static void block_pointer_misuse(void **state)
{
    (void)state;
    fixture k = make();
    tl_load(BP2(k), .mask = tl_lit_bool(true)); int line = __LINE__;
    expect_error(k.b, line, "tl_load: `mask` and `other` arguments cannot be specified for loading block pointers");
    k = make();
    tl_store(BP2(k), tl_load(BP2(k)), .mask = tl_lt(k.n, 3)); line = __LINE__;
    expect_error(k.b, line, "tl_store: `mask` and `other` arguments cannot be specified for loading block pointers");
    k = make();
    tl_load(BP1(k, k.ip, 16), .padding = TL_PADDING_NAN); line = __LINE__;
    expect_error(k.b, line, "tl_load: Padding option `nan` is not supported for integer block pointers");
    k = make();
    tl_load(BP2(k), .boundary_check = TL_DIMS(1, 1)); line = __LINE__;
    expect_error(k.b, line, "tl_load: Duplicate dimension in `boundary_check`");
    k = make();
    tl_load(BP2(k), .boundary_check = TL_DIMS(2)); line = __LINE__;
    expect_error(k.b, line, "tl_load: boundary_check dimension 2 is not a dimension of the block (rank 2)");
    k = make();
    tl_store(BP1(k, k.ip, 16), tl_to(k.r, TL_U32)); line = __LINE__;
    expect_error(k.b, line, "tl_store: Block element type(int32) and value element type(uint32) mismatch");
    k = make();
    tl_store(BP1(k, k.p, 16), 1); line = __LINE__;
    expect_error(k.b, line, "tl_store: Block element type(float32) and value element type(int32) mismatch");
    k = make();
    tl_store(BP1(k, k.ip, 32), k.r); line = __LINE__;
    expect_error(k.b, line, "tl_store: Block shape([32]) and value shape([16]) mismatch");
    k = make();
    tl_make_block_ptr(tl_addptr(k.p, k.r), TL_LIST(k.n), TL_LIST(1), TL_LIST(0), TL_SHAPE(16), TL_ORDER(0)); line = __LINE__;
    expect_error(k.b, line, "tl_make_block_ptr: Expected `base` to be a pointer type (but not a block pointer type or "
                            "others)");
    k = make();
    tl_make_block_ptr(BP2(k), TL_LIST(k.n, k.n), TL_LIST(k.n, 1), TL_LIST(0, 0), TL_SHAPE(16, 16), TL_ORDER(1, 0)); line = __LINE__;
    expect_error(k.b, line, "tl_make_block_ptr: Expected `base` to be a pointer type (but not a block pointer type or "
                            "others)");
    k = make();
    tl_make_block_ptr(k.p, TL_LIST(k.n, k.n), TL_LIST(k.n, 1), TL_LIST(0, 0), TL_SHAPE(16, 16), TL_ORDER(1, 1)); line = __LINE__;
    expect_error(k.b, line, "tl_make_block_ptr: Expected a permutation of (0, 1, ..., len(order)-1) in order");
    k = make();
    tl_make_block_ptr(k.p, TL_LIST(k.n, k.n), TL_LIST(k.n, 1), TL_LIST(0), TL_SHAPE(16, 16), TL_ORDER(1, 0)); line = __LINE__;
    expect_error(k.b, line, "tl_make_block_ptr: Expected shape/strides/offsets/block_shape to have the same length");
    k = make();
    tl_make_block_ptr(k.p, TL_LIST(k.n), TL_LIST(1), TL_LIST(tl_const(k.b, 0, TL_I64)), TL_SHAPE(16), TL_ORDER(0)); line = __LINE__;
    expect_error(k.b, line, "tl_make_block_ptr: Block pointers only support 32 bit `offsets/block_shape`, add a "
                            "`.to(tl.int32)` or use regular indexing for 64 bit support");
    k = make();
    tl_make_block_ptr(k.p, TL_LIST(k.n), TL_LIST(k.p), TL_LIST(0), TL_SHAPE(16), TL_ORDER(0)); line = __LINE__;
    expect_error(k.b, line, "tl_make_block_ptr: Expected an integer scalar type in shape/strides/offsets");
    k = make();
    tl_make_block_ptr(k.p, TL_LIST(tl_lit_bool(true)), TL_LIST(1), TL_LIST(0), TL_SHAPE(16), TL_ORDER(0)); line = __LINE__;
    expect_error(k.b, line, "tl_make_block_ptr: Unsupported element type in shape/strides/offsets: bool");
    k = make();
    tl_make_block_ptr(k.p, TL_LIST(k.n), TL_LIST(1), TL_LIST(0), TL_SHAPE(12), TL_ORDER(0)); line = __LINE__;
    expect_error(k.b, line, "tl_make_block_ptr: shape element 0 (12) must be a power of 2");
    k = make();
    tl_make_block_ptr(k.p, TL_LIST(k.n), TL_LIST(1), TL_LIST(0), TL_SHAPE(4294967296LL), TL_ORDER(0)); line = __LINE__;
    expect_error(k.b, line, "tl_make_block_ptr: Expected a list of constant integers (`int32_t` range) in `block_shape`");
    k = make();
    tl_make_block_ptr(k.p, TL_LIST(tl_floordiv(1, 0)), TL_LIST(1), TL_LIST(0), TL_SHAPE(16), TL_ORDER(0)); line = __LINE__;
    expect_error(k.b, line, "tl_floordiv: cannot fold these C numbers (a division by zero, a shift out of range, an "
                            "unsigned 64-bit number, or // and % of floats)");
    k = make();
    tl_values too_many = {TL_MAX_RANK + 1, NULL};
    tl_make_block_ptr(k.p, too_many, TL_LIST(1), TL_LIST(0), TL_SHAPE(16), TL_ORDER(0)); line = __LINE__;
    expect_error(k.b, line, "tl_make_block_ptr: shape must list 0 to 24 values, got 25");
    k = make();
    tl_advance(BP2(k), TL_LIST(1)); line = __LINE__;
    expect_error(k.b, line, "tl_advance: expected 2 offsets (one per dimension of the block), got 1");
    k = make();
    tl_advance(k.p, TL_LIST(1)); line = __LINE__;
    expect_error(k.b, line, "tl_advance: needs a block pointer (tl_make_block_ptr), not !tt.ptr<f32>");
}

/* Pointers and scalars have no bounds: boundary_check and padding_option are errors there. */
static void boundary_checks_need_block_pointers(void **state)
{
    (void)state;
    fixture k = make();
    tl_load(tl_addptr(k.p, k.r), .boundary_check = TL_DIMS(0)); int line = __LINE__;
    expect_error(k.b, line, "tl_load: `padding_option` or `boundary_check` argument is not supported for loading a "
                            "tensor ofpointers or loading a scalar. Because the compiler does not know the boundary; "
                            "please use block pointers (defined by `make_block_ptr`) instead");
    k = make();
    tl_load(k.p, .padding = TL_PADDING_ZERO); line = __LINE__;
    expect_error(k.b, line, "tl_load: `padding_option` or `boundary_check` argument is not supported for loading a "
                            "tensor ofpointers or loading a scalar. Because the compiler does not know the boundary; "
                            "please use block pointers (defined by `make_block_ptr`) instead");
    k = make();
    tl_store(k.p, 1.0, .boundary_check = TL_DIMS(0)); line = __LINE__;
    expect_error(k.b, line, "tl_store: `boundary_check` argument is not supported for storing a tensor of pointers or "
                            "storing a scalar. Because the compiler does not know the boundary; please use block "
                            "pointers (defined by `make_block_ptr`) instead");
    k = make();
    tl_load(k.p, .padding = (tl_padding)5); line = __LINE__;
    expect_error(k.b, line, "tl_load: Padding option 5 not supported");
}

/* ---- the IR: types, generic form, verifier ---------------------------------------------------------- */

static void descriptor_types_print_signedness(void **state)
{
    (void)state;
    tcir_context *c = tcir_context_create();
    const tcir_type *blk = tcir_type_tensor(c, 2, (int64_t[]){64, 32}, tcir_type_int(c, 32));
    const tcir_type *fblk = tcir_type_tensor(c, 1, (int64_t[]){64}, tcir_type_float(c, TCIR_F32));
    const tcir_type *s = tcir_type_tensordesc_signed(c, blk, TCIR_SIGNED);
    const tcir_type *u = tcir_type_tensordesc_signed(c, blk, TCIR_UNSIGNED);
    char buf[128];
    tcir_type_str(s, buf, sizeof buf);
    assert_string_equal(buf, "!tt.tensordesc<tensor<64x32xsi32>>");
    tcir_type_str(u, buf, sizeof buf);
    assert_string_equal(buf, "!tt.tensordesc<tensor<64x32xui32>>");
    assert_ptr_not_equal(s, u);
    assert_ptr_equal(tcir_type_tensordesc_signed(c, blk, TCIR_SIGNLESS), tcir_type_tensordesc(c, blk));
    assert_ptr_equal(tcir_type_desc_block(s), blk);
    assert_int_equal(tcir_type_desc_signedness(s), TCIR_SIGNED);
    assert_int_equal(tcir_type_desc_signedness(u), TCIR_UNSIGNED);
    assert_int_equal(tcir_type_desc_signedness(blk), TCIR_SIGNLESS);
    /* floats have no signedness */
    assert_ptr_equal(tcir_type_tensordesc_signed(c, fblk, TCIR_SIGNED), tcir_type_tensordesc(c, fblk));
    tcir_type_str(tcir_type_tensordesc(c, fblk), buf, sizeof buf);
    assert_string_equal(buf, "!tt.tensordesc<tensor<64xf32>>");
    tcir_context_destroy(c);
}

/* Every op of this area in MLIR's generic form: enums as integers, properties in <{...}>. */
static void generic_form(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_builder_set_generic(b, true);
    tl_value p = tl_arg(b, "p", PTR(TL_I32)); tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_atomic_add(p, 1, .sem = TL_SEM_RELAXED);
    tl_atomic_cas(p, 0, 1, .scope = TL_SCOPE_CTA);
    tl_value d = tl_make_tensor_descriptor(p, TL_LIST(n, n), TL_LIST(n, 1), TL_SHAPE(1, 64));
    tl_descriptor_atomic_or(d, TL_LIST(0, 0), tl_descriptor_load(d, TL_LIST(0, 0)));
    tl_descriptor_scatter(d, tl_descriptor_gather(d, tl_arange(b, 0, 8), 0), tl_arange(b, 0, 8), 1);
    tl_value bp = tl_advance(tl_make_block_ptr(p, TL_LIST(n), TL_LIST(1), TL_LIST(0), TL_SHAPE(16), TL_ORDER(0)), TL_LIST(n));
    tl_store(bp, tl_load(bp, .padding = TL_PADDING_ZERO), .boundary_check = TL_DIMS(0));
    expect_text(b, "\"builtin.module\"() ({\n"
                   "  \"tt.func\"() <{function_type = (!tt.ptr<i32>, i32) -> (), sym_name = \"k\", sym_visibility = "
                   "\"public\"}> ({\n"
                   "  ^bb0(%arg0: !tt.ptr<i32>, %arg1: i32):\n"
                   "    %0 = \"arith.constant\"() <{value = 1 : i64}> : () -> i64\n"
                   "    %1 = \"arith.constant\"() <{value = 0 : i32}> : () -> i32\n"
                   "    %2 = \"arith.constant\"() <{value = 1 : i32}> : () -> i32\n"
                   "    %3 = \"arith.constant\"() <{value = true}> : () -> i1\n"
                   "    %4 = \"tt.atomic_rmw\"(%arg0, %2, %3) <{atomic_rmw_op = 4 : i32, scope = 1 : i32, sem = 1 : "
                   "i32}> : (!tt.ptr<i32>, i32, i1) -> i32\n"
                   "    %5 = \"tt.atomic_cas\"(%arg0, %1, %2) <{scope = 2 : i32, sem = 4 : i32}> : (!tt.ptr<i32>, "
                   "i32, i32) -> i32\n"
                   "    %6 = \"arith.extsi\"(%arg1) : (i32) -> i64\n"
                   "    %7 = \"tt.make_tensor_descriptor\"(%arg0, %arg1, %arg1, %6, %0) : (!tt.ptr<i32>, i32, i32, "
                   "i64, i64) -> !tt.tensordesc<tensor<1x64xsi32>>\n"
                   "    %8 = \"tt.descriptor_load\"(%7, %1, %1) <{cache = 1 : i32, evict = 1 : i32}> : "
                   "(!tt.tensordesc<tensor<1x64xsi32>>, i32, i32) -> tensor<1x64xi32>\n"
                   "    \"tt.descriptor_reduce\"(%7, %8, %1, %1) <{kind = 7 : i32}> : "
                   "(!tt.tensordesc<tensor<1x64xsi32>>, tensor<1x64xi32>, i32, i32) -> ()\n"
                   "    %9 = \"tt.make_range\"() <{end = 8 : i32, start = 0 : i32}> : () -> tensor<8xi32>\n"
                   "    %10 = \"tt.descriptor_gather\"(%7, %9, %1) : (!tt.tensordesc<tensor<1x64xsi32>>, "
                   "tensor<8xi32>, i32) -> tensor<8x64xi32>\n"
                   "    %11 = \"tt.make_range\"() <{end = 8 : i32, start = 0 : i32}> : () -> tensor<8xi32>\n"
                   "    \"tt.descriptor_scatter\"(%7, %11, %2, %10) : (!tt.tensordesc<tensor<1x64xsi32>>, "
                   "tensor<8xi32>, i32, tensor<8x64xi32>) -> ()\n"
                   "    %12 = \"arith.extsi\"(%arg1) : (i32) -> i64\n"
                   "    %13 = \"tt.make_tensor_ptr\"(%arg0, %12, %0, %1) <{order = array<i32: 0>}> : (!tt.ptr<i32>, "
                   "i64, i64, i32) -> !tt.ptr<tensor<16xi32>>\n"
                   "    %14 = \"tt.advance\"(%13, %arg1) : (!tt.ptr<tensor<16xi32>>, i32) -> "
                   "!tt.ptr<tensor<16xi32>>\n"
                   "    %15 = \"tt.load\"(%14) <{boundaryCheck = array<i32>, cache = 1 : i32, evict = 1 : i32, "
                   "operandSegmentSizes = array<i32: 1, 0, 0>, padding = 1 : i32}> : (!tt.ptr<tensor<16xi32>>) -> "
                   "tensor<16xi32>\n"
                   "    \"tt.store\"(%14, %15) <{boundaryCheck = array<i32: 0>, cache = 1 : i32, evict = 1 : i32}> "
                   ": (!tt.ptr<tensor<16xi32>>, tensor<16xi32>) -> ()\n"
                   "    \"tt.return\"() : () -> ()\n"
                   "  }) {noinline = false} : () -> ()\n"
                   "}) : () -> ()\n");
}

/* Raw ops through the IR API: what the verifier rejects for each op of this area. */
static tcir_context *C;
static tcir_block *B;
static tcir_op *M;

static tcir_op *raw(const char *name, const tcir_type *rt, int n, tcir_value *const *ops, int nattrs,
                    const tcir_named_attr *attrs)
{
    tcir_op_state st = {.name = name, .noperands = n, .operands = ops, .nresults = rt ? 1 : 0,
                        .result_types = rt ? (const tcir_type *[]){rt} : NULL, .nattrs = nattrs, .attrs = attrs};
    tcir_op *op = tcir_op_create(C, &st);
    tcir_block_append(B, op);
    return op;
}

/* A module with tt.func @k(args...); B is its entry block. */
static void kernel(int n, const tcir_type *const *args)
{
    tcir_op_state ms = {.name = "builtin.module", .nregions = 1};
    M = tcir_op_create(C, &ms);
    tcir_block *mb = tcir_region_add_block(C, tcir_op_region(M, 0));
    tcir_named_attr fa[3] = {{"sym_name", tcir_attr_string(C, "k"), true},
                             {"function_type", tcir_attr_type(C, tcir_type_func(C, n, args, 0, NULL)), true},
                             {"sym_visibility", tcir_attr_string(C, "public"), true}};
    tcir_op_state fs = {.name = "tt.func", .nattrs = 3, .attrs = fa, .nregions = 1};
    tcir_op *f = tcir_op_create(C, &fs);
    tcir_block_append(mb, f);
    B = tcir_region_add_block(C, tcir_op_region(f, 0));
    for (int i = 0; i < n; i++)
        tcir_block_add_arg(C, B, args[i], (tcir_loc){0});
}

/* Ends the function and checks the verifier's message ("" for valid). */
static void verdict(const char *want)
{
    tcir_op_state rs = {.name = "tt.return"};
    tcir_block_append(B, tcir_op_create(C, &rs));
    char err[512];
    bool ok = tcir_verify(M, err, sizeof err);
    assert_true(ok == (want[0] == '\0'));
    assert_string_equal(err, want);
}

#define A(i) tcir_block_arg(B, i)
#define OPS(...) ((tcir_value *[]){__VA_ARGS__})
#define TYPES(...) ((const tcir_type *[]){__VA_ARGS__})

static tcir_named_attr en(const char *name, const char *kw, const char *generic)
{
    return (tcir_named_attr){name, tcir_attr_enum(C, kw, generic), true};
}

static void verifier_rules(void **state)
{
    (void)state;
    C = tcir_context_create();
    const tcir_type *i1 = tcir_type_int(C, 1), *i32 = tcir_type_int(C, 32), *i64 = tcir_type_int(C, 64);
    const tcir_type *f32 = tcir_type_float(C, TCIR_F32), *pf = tcir_type_ptr(C, f32, 1);
    const tcir_type *t16 = tcir_type_tensor(C, 1, (int64_t[]){16}, f32), *pt = tcir_type_ptr(C, t16, 1);
    const tcir_type *desc = tcir_type_tensordesc(C, t16);
    const tcir_named_attr rmw[3] = {en("atomic_rmw_op", "fadd", "5 : i32"), en("sem", "acq_rel", "4 : i32"),
                                    en("scope", "gpu", "1 : i32")};

    kernel(3, TYPES(pf, f32, i1));
    raw("tt.atomic_rmw", f32, 3, OPS(A(0), A(1), A(2)), 3, rmw);
    raw("tt.atomic_cas", f32, 3, OPS(A(0), A(1), A(1)), 2, rmw + 1);
    verdict("");
    kernel(3, TYPES(pf, f32, i1));
    raw("tt.atomic_rmw", f32, 3, OPS(A(0), A(1), A(2)), 2, rmw);
    verdict("'tt.atomic_rmw' op requires attribute 'scope'");
    kernel(2, TYPES(pf, i32));
    raw("tt.atomic_rmw", i32, 2, OPS(A(0), A(1)), 3, rmw);
    verdict("'tt.atomic_rmw' op val type i32 must be the pointee shaped like the pointer (!tt.ptr<f32>)");
    kernel(3, TYPES(pf, f32, i32));
    raw("tt.atomic_rmw", f32, 3, OPS(A(0), A(1), A(2)), 3, rmw);
    verdict("'tt.atomic_rmw' op mask must be i1 shaped like the pointer (!tt.ptr<f32>), got i32");
    kernel(3, TYPES(pf, f32, t16));
    raw("tt.atomic_cas", f32, 3, OPS(A(0), A(1), A(2)), 2, rmw + 1);
    verdict("'tt.atomic_cas' op requires the same shape for all operands and results, got !tt.ptr<f32> and "
            "tensor<16xf32>");

    /* block pointers */
    const tcir_named_attr order = {"order", tcir_attr_array_i32(C, 1, (int32_t[]){0}), true};
    kernel(3, TYPES(pf, i64, i32));
    tcir_value *bp = tcir_op_result(raw("tt.make_tensor_ptr", pt, 4, OPS(A(0), A(1), A(1), A(2)), 1, &order), 0);
    raw("tt.advance", pt, 2, OPS(bp, A(2)), 0, NULL);
    raw("tt.load", t16, 1, OPS(bp), 0, NULL);
    verdict("");
    kernel(3, TYPES(pf, i32, i32));
    raw("tt.make_tensor_ptr", pt, 4, OPS(A(0), A(1), A(1), A(2)), 1, &order);
    verdict("'tt.make_tensor_ptr' op shape and strides must be i64 scalars, got i32");
    kernel(3, TYPES(pf, i64, i32));
    raw("tt.make_tensor_ptr", pt, 4, OPS(A(0), A(1), A(1), A(2)), 0, NULL);
    verdict("'tt.make_tensor_ptr' op requires attribute 'order'");
    kernel(2, TYPES(pt, i32));
    raw("tt.advance", pt, 3, OPS(A(0), A(1), A(1)), 0, NULL);
    verdict("'tt.advance' op expects 1 offsets, got 2");
    kernel(2, TYPES(pt, i1));
    raw("tt.load", t16, 2, OPS(A(0), A(1)), 0, NULL);
    verdict("'tt.load' op a load through !tt.ptr<tensor<16xf32>> takes no mask and gives tensor<16xf32>, got 2 "
            "operands and tensor<16xf32>");
    kernel(2, TYPES(pt, f32));
    raw("tt.store", NULL, 2, OPS(A(0), A(1)), 0, NULL);
    verdict("'tt.store' op a store through !tt.ptr<tensor<16xf32>> takes no mask and a tensor<16xf32>, got 2 "
            "operands and f32");

    /* tensor descriptors */
    const tcir_named_attr kind = en("kind", "add", "1 : i32");
    const tcir_type *t8 = tcir_type_tensor(C, 1, (int64_t[]){8}, i32);
    const tcir_type *row = tcir_type_tensor(C, 2, (int64_t[]){1, 16}, f32), *rowdesc = tcir_type_tensordesc(C, row);
    const tcir_type *rows = tcir_type_tensor(C, 2, (int64_t[]){8, 16}, f32);
    kernel(5, TYPES(pf, i32, i64, t16, t8));
    tcir_value *d = tcir_op_result(raw("tt.make_tensor_descriptor", desc, 3, OPS(A(0), A(1), A(2)), 0, NULL), 0);
    raw("tt.descriptor_load", t16, 2, OPS(d, A(1)), 0, NULL);
    raw("tt.descriptor_store", NULL, 3, OPS(d, A(3), A(1)), 0, NULL);
    raw("tt.descriptor_reduce", NULL, 3, OPS(d, A(3), A(1)), 1, &kind);
    tcir_value *rd = tcir_op_result(raw("tt.make_tensor_descriptor", rowdesc, 5, OPS(A(0), A(1), A(1), A(2), A(2)),
                                        0, NULL), 0);
    tcir_value *g = tcir_op_result(raw("tt.descriptor_gather", rows, 3, OPS(rd, A(4), A(1)), 0, NULL), 0);
    raw("tt.descriptor_scatter", NULL, 4, OPS(rd, A(4), A(1), g), 0, NULL);
    verdict("");
    kernel(3, TYPES(pf, i64, i64));
    raw("tt.make_tensor_descriptor", desc, 3, OPS(A(0), A(1), A(2)), 0, NULL);
    verdict("'tt.make_tensor_descriptor' op shape must be i32 scalars, got i64");
    kernel(3, TYPES(pf, i32, i64));
    raw("tt.make_tensor_descriptor", tcir_type_tensordesc(C, tcir_type_tensor(C, 1, (int64_t[]){16}, i32)), 3,
        OPS(A(0), A(1), A(2)), 0, NULL);
    verdict("'tt.make_tensor_descriptor' op result type !tt.tensordesc<tensor<16xi32>> must describe a rank-1 block "
            "of the base's pointee (!tt.ptr<f32>)");
    kernel(2, TYPES(desc, i32));
    raw("tt.descriptor_load", rows, 2, OPS(A(0), A(1)), 0, NULL);
    verdict("'tt.descriptor_load' op result type tensor<8x16xf32> must be the descriptor's block tensor<16xf32>");
    kernel(2, TYPES(pf, i32));
    raw("tt.descriptor_load", t16, 2, OPS(A(0), A(1)), 0, NULL);
    verdict("'tt.descriptor_load' op operand #0 must be a tensor descriptor, got !tt.ptr<f32>");
    kernel(3, TYPES(desc, t16, i64));
    raw("tt.descriptor_store", NULL, 3, OPS(A(0), A(1), A(2)), 0, NULL);
    verdict("'tt.descriptor_store' op indices must be i32 scalars, got i64");
    kernel(3, TYPES(desc, t16, i32));
    raw("tt.descriptor_reduce", NULL, 3, OPS(A(0), A(1), A(2)), 0, NULL);
    verdict("'tt.descriptor_reduce' op requires attribute 'kind'");
    kernel(3, TYPES(rowdesc, t8, i32));
    raw("tt.descriptor_gather", t16, 3, OPS(A(0), A(1), A(2)), 0, NULL);
    verdict("'tt.descriptor_gather' op result type tensor<16xf32> must have a row per x offset and the block's "
            "columns (tensor<1x16xf32>)");
    kernel(4, TYPES(desc, t8, i32, rows));
    raw("tt.descriptor_scatter", NULL, 4, OPS(A(0), A(1), A(2), A(3)), 0, NULL);
    verdict("'tt.descriptor_scatter' op descriptor block must have 2 dimensions and 1 row, got tensor<16xf32>");
    tcir_context_destroy(C);
    C = NULL;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(atomics_on_integers),
        cmocka_unit_test(unsigned_values_fold),
        cmocka_unit_test(float_max_and_min),
        cmocka_unit_test(atomic_values_are_cast),
        cmocka_unit_test(compare_and_swap),
        cmocka_unit_test(atomic_misuse),
        cmocka_unit_test(compare_and_swap_misuse),
        cmocka_unit_test(tensor_descriptors_of_integers),
        cmocka_unit_test(descriptor_padding_and_store_cast),
        cmocka_unit_test(descriptor_gather_and_scatter),
        cmocka_unit_test(descriptor_misuse),
        cmocka_unit_test(descriptor_reduce_gather_scatter_misuse),
        cmocka_unit_test(block_pointers),
        cmocka_unit_test(lists_come_before_the_base),
        cmocka_unit_test(block_pointer_misuse),
        cmocka_unit_test(boundary_checks_need_block_pointers),
        cmocka_unit_test(descriptor_types_print_signedness),
        cmocka_unit_test(generic_form),
        cmocka_unit_test(verifier_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
