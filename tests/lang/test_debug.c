/* Debug, hints and escape ops: device_print, device_assert (with and without the debug option),
 * assume, debug_barrier, the contiguity hints, inline asm, extern calls and libdevice, random
 * numbers; exact text for each, and every misuse. */
#include "test_lang.h"

#include "bundled.h"

/* ---- device_print ------------------------------------------------------------------------ */

static void print_prefixes_and_signedness(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_I32));
    tl_value q = tl_arg(b, "q", PTR(TL_U32));
    tl_value r = tl_arange(b, 0, 16);
    tl_value x = tl_load(tl_addptr(p, r));
    tl_value y = tl_load(tl_addptr(q, r));
    tl_device_print(b, "hello");
    tl_device_print(b, "", x);
    tl_device_print(b, "x: ", x, y, tl_lt(x, 3), tl_lit(2.5), tl_lit(7), .hex = true);
    tl_device_print(b, " v", p);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>")
                   "    %c7_i32 = arith.constant 7 : i32\n"
                   "    %cst = arith.constant 2.500000e+00 : f32\n"
                   "    %cst_0 = arith.constant dense<3> : tensor<16xi32>\n"
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>\n"
                   "    %3 = tt.load %2 : tensor<16x!tt.ptr<i32>>\n"
                   "    %4 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>\n"
                   "    %5 = tt.addptr %4, %0 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>\n"
                   "    %6 = tt.load %5 : tensor<16x!tt.ptr<i32>>\n"
                   "    tt.print \" hello\" {hex = false, isSigned = array<i32>}\n"
                   "    tt.print \": \" {hex = false, isSigned = array<i32: 1>} : %3 : tensor<16xi32>\n"
                   "    %7 = arith.cmpi slt, %3, %cst_0 : tensor<16xi32>\n"
                   "    tt.print \" x: \" {hex = true, isSigned = array<i32: 1, 0, 0, 0, 1>} : %3, %6, %7, %cst, "
                   "%c7_i32 : tensor<16xi32>, tensor<16xi32>, tensor<16xi1>, f32, i32\n"
                   "    tt.print \" v: \" {hex = false, isSigned = array<i32: 0>} : %arg0 : !tt.ptr<i32>\n" TAIL);
}

static void print_non_ascii_prefix(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_device_print(b, "caf\xc3\xa9", tl_arange(b, 0, 4)); int line = __LINE__;
    expect_error(b, line, "tl_device_print: caf\xc3\xa9 is not an ascii string");
}

static void print_value_of_another_builder(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k"), *other = tl_builder_create("o");
    tl_value r = tl_arange(other, 0, 4);
    tl_device_print(b, "r", r); int line = __LINE__;
    expect_error(b, line, "tl_device_print: argument #1 belongs to another builder");
    tl_builder_destroy(other);
}

static void print_without_builder(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value r = tl_arange(b, 0, 4);
    tl_device_print(NULL, "r", r); int line = __LINE__;
    expect_error(b, line, "tl_device_print: no builder given");
}

/* ---- device_assert, assume, debug_barrier --------------------------------------------------- */

static void assert_with_debug_assume_barrier(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_builder_set_debug(b, true);
    assert_true(tl_builder_debug(b));
    tl_value p = tl_arg(b, "p", PTR(TL_I32));
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value r = tl_arange(b, 0, 16);
    tl_value x = tl_load(tl_addptr(p, r));
    tl_device_assert(tl_gt(x, 0), "x must be positive");
    tl_device_assert(tl_gt(x, 0), "masked", .mask = tl_lt(r, n));
    tl_assume(b, tl_gt(n, 0));
    tl_assume(b, 1 > 0);
    tl_debug_barrier(b);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>, %arg1: i32")
                   "    %cst = arith.constant dense<true> : tensor<16xi1>\n"
                   "    %true = arith.constant true\n"
                   "    %cst_0 = arith.constant dense<0> : tensor<16xi32>\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>\n"
                   "    %3 = tt.load %2 : tensor<16x!tt.ptr<i32>>\n"
                   "    %4 = arith.cmpi sgt, %3, %cst_0 : tensor<16xi32>\n"
                   "    tt.assert %4, \"x must be positive\" : tensor<16xi1>\n"
                   "    %5 = tt.splat %arg1 : i32 -> tensor<16xi32>\n"
                   "    %6 = arith.cmpi slt, %0, %5 : tensor<16xi32>\n"
                   "    %7 = arith.cmpi sgt, %3, %cst_0 : tensor<16xi32>\n"
                   "    %8 = arith.xori %6, %cst : tensor<16xi1>\n"
                   "    %9 = arith.ori %7, %8 : tensor<16xi1>\n"
                   "    tt.assert %9, \"masked\" : tensor<16xi1>\n"
                   "    %10 = arith.cmpi sgt, %arg1, %c0_i32 : i32\n"
                   "    llvm.intr.assume %10 : i1\n"
                   "    llvm.intr.assume %true : i1\n"
                   "    gpu.barrier\n" TAIL);
}

/* Without the debug option (the default, as in Triton) device_assert makes nothing; the
 * condition is the caller's code and stays (make_ttir removes it, as it does Python's). */
static void assert_without_debug(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    assert_false(tl_builder_debug(b));
    tl_value r = tl_arange(b, 0, 16);
    tl_device_assert(tl_gt(r, 0), "off");
    tl_device_assert(tl_arange(b, 0, 16), "not even checked");
    expect_text(b, HEAD("")
                   "    %cst = arith.constant dense<0> : tensor<16xi32>\n"
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = arith.cmpi sgt, %0, %cst : tensor<16xi32>\n"
                   "    %2 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n" TAIL);
}

static void assert_of_int(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_builder_set_debug(b, true);
    tl_device_assert(tl_arange(b, 0, 16), "x"); int line = __LINE__;
    expect_error(b, line, "tl_device_assert: the condition must be a boolean (int1) scalar or tensor, got "
                          "tensor<16xi32>");
}

static void assert_float_mask(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_builder_set_debug(b, true);
    tl_value f = tl_arg(b, "f", SCALAR(TL_F32));
    tl_device_assert(tl_gt(f, 0), "x", .mask = f); int line = __LINE__;
    expect_error(b, line, "tl_device_assert: mask: \"not\" of a floating-point value (float32) is not allowed");
}

static void assume_of_int(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_assume(b, n); int line = __LINE__;
    expect_error(b, line, "tl_assume: the condition must be a boolean (int1) scalar, got i32");
}

static void assume_of_tensor(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_assume(b, tl_gt(tl_arange(b, 0, 4), 1)); int line = __LINE__;
    expect_error(b, line, "tl_assume: the condition must be a boolean (int1) scalar, got tensor<4xi1>");
}

static void assume_of_number(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_assume(b, 5); int line = __LINE__; /* not a C condition: Python's int, an i32 */
    expect_error(b, line, "tl_assume: the condition must be a boolean (int1) scalar, got i32");
}

static void barrier_without_builder(void **state)
{
    (void)state;
    tl_debug_barrier(NULL); /* nothing to record it on, and no crash */
}

/* ---- hints --------------------------------------------------------------------------------------- */

static void hints_on_ops_and_loop_arguments(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_I32));
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value r = tl_arange(b, 0, 16);
    tl_value m = tl_broadcast_to(tl_expand_dims(r, 1), TL_SHAPE(16, 8));
    m = tl_multiple_of(m, 16, 8);
    m = tl_max_constancy(m, 1, 8);
    n = tl_multiple_of(n, 4); /* a kernel argument: dropped, as Triton drops it */
    tl_scope loop = tl_for(b, 0, n, 1, .inits = TL_VALUES(r));
    /* a carried value: the loop gets tt.contiguity_arg1, and the initial value's op the hint too
     * (Python's code generator visits the body once first with the initial values) */
    tl_value c = tl_max_contiguous(loop.args[0], 16);
    tl_yield(&loop, tl_add(c, 1));
    tl_store(tl_addptr(p, loop.results[0]), r);
    (void)m;
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>, %arg1: i32")
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %cst = arith.constant dense<1> : tensor<16xi32>\n"
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32, tt.contiguity = dense<16> : "
                   "tensor<1xi32>} : tensor<16xi32>\n"
                   "    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>\n"
                   "    %2 = tt.broadcast %1 {tt.constancy = dense<[1, 8]> : tensor<2xi32>, tt.divisibility = "
                   "dense<[16, 8]> : tensor<2xi32>} : tensor<16x1xi32> -> tensor<16x8xi32>\n"
                   "    %3 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %0) -> "
                   "(tensor<16xi32>)  : i32 {\n"
                   "      %6 = arith.addi %arg3, %cst : tensor<16xi32>\n"
                   "      scf.yield %6 : tensor<16xi32>\n"
                   "    } {tt.contiguity_arg1 = dense<16> : tensor<1xi32>}\n"
                   "    %4 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>\n"
                   "    %5 = tt.addptr %4, %3 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>\n"
                   "    tt.store %5, %0 : tensor<16x!tt.ptr<i32>>\n" TAIL);
}

static void hint_length_mismatch(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value r = tl_arange(b, 0, 16);
    tl_multiple_of(r, 16, 16); int line = __LINE__;
    expect_error(b, line, "tl_multiple_of: Shape of input to multiple_of does not match the length of values");
}

static void contiguity_of_scalar(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_max_contiguous(tl_add(n, 1), 4); int line = __LINE__;
    expect_error(b, line, "tl_max_contiguous: Shape of input to max_contiguous does not match the length of values");
}

static void hint_of_number(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value r = tl_arange(b, 0, 16);
    tl_value bad = tl_max_constancy(tl_lit(3), 1); int line = __LINE__;
    assert_true(tl_value_is_poison(bad));
    /* a number has no builder of its own: the error is recorded on the thread's, at the call */
    tl_add(r, bad);
    expect_error(b, line, "tl_max_constancy: max_constancy needs a tensor, not a number");
}

static void hint_value_out_of_range(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_multiple_of(tl_arange(b, 0, 16), 1LL << 40); int line = __LINE__;
    expect_error(b, line, "tl_multiple_of: values element 0 (1099511627776) does not fit in int32");
}

/* ---- inline asm, extern_elementwise, libdevice ----------------------------------------------- */

static void asm_extern_and_libdevice(void **state)
{
    (void)state;
    static const tl_extern_overload pow_tbl[] = {{{TL_F32, TL_F32}, "__nv_powf", TL_F32},
                                                 {{TL_F64, TL_F64}, "__nv_pow", TL_F64}};
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value q = tl_arg(b, "q", PTR(TL_U8));
    tl_value s = tl_arg(b, "s", SCALAR(TL_F32));
    tl_value r = tl_arange(b, 0, 16);
    tl_value a = tl_load(tl_addptr(p, r));
    tl_value u = tl_load(tl_addptr(q, r));
    tl_asm_results cd = tl_inline_asm_elementwise_n("asm", "=r,=r,r,r", TL_VALUES(u, s), TL_DTYPES(TL_I32, TL_F32), true, 4);
    tl_value y = tl_inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", TL_VALUES(tl_lit(1.5), a), TL_F32, false, 1);
    tl_value z = tl_extern_elementwise("", "", TL_VALUES(a, s), 2, pow_tbl, true);
    tl_value w = tl_libdevice(tl_to(s, TL_F64), "tanh");
    tl_value v = tl_libdevice2(a, 2.0, "pow");
    tl_store(tl_addptr(p, r), tl_add(tl_add(tl_add(cd.v[1], y), z), v));
    assert_int_equal(cd.n, 2);
    assert_int_equal(cd.v[0].dtype, TL_I32);
    assert_int_equal(w.dtype, TL_F64);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i8>, %arg2: f32")
                   "    %cst = arith.constant dense<2.000000e+00> : tensor<16xf32>\n"
                   "    %cst_0 = arith.constant dense<1.500000e+00> : tensor<16xf32>\n"
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                   "    %3 = tt.load %2 : tensor<16x!tt.ptr<f32>>\n"
                   "    %4 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<16x!tt.ptr<i8>>\n"
                   "    %5 = tt.addptr %4, %0 : tensor<16x!tt.ptr<i8>>, tensor<16xi32>\n"
                   "    %6 = tt.load %5 : tensor<16x!tt.ptr<i8>>\n"
                   "    %7 = tt.splat %arg2 : f32 -> tensor<16xf32>\n"
                   "    %8:2 = tt.elementwise_inline_asm \"asm\" {constraints = \"=r,=r,r,r\", packed_element = 4 : "
                   "i32, pure = true} %6, %7 : tensor<16xi8>, tensor<16xf32> -> tensor<16xi32>, tensor<16xf32>\n"
                   "    %9 = tt.elementwise_inline_asm \"mov.b32 $0, $1;\" {constraints = \"=r,r\", packed_element = "
                   "1 : i32, pure = false} %cst_0, %3 : tensor<16xf32>, tensor<16xf32> -> tensor<16xf32>\n"
                   "    %10 = tt.splat %arg2 : f32 -> tensor<16xf32>\n"
                   "    %11 = tt.extern_elementwise %3, %10 {libname = \"\", libpath = \"\", pure = true, symbol = "
                   "\"__nv_powf\"} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>\n"
                   "    %12 = arith.extf %arg2 : f32 to f64\n"
                   "    %13 = tt.extern_elementwise %12 {libname = \"\", libpath = \"\", pure = true, symbol = "
                   "\"__nv_tanh\"} : (f64) -> f64\n"
                   "    %14 = tt.extern_elementwise %3, %cst {libname = \"\", libpath = \"\", pure = true, symbol = "
                   "\"__nv_powf\"} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>\n"
                   "    %15 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>\n"
                   "    %16 = tt.addptr %15, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>\n"
                   "    %17 = arith.addf %8#1, %9 : tensor<16xf32>\n"
                   "    %18 = arith.addf %17, %11 : tensor<16xf32>\n"
                   "    %19 = arith.addf %18, %14 : tensor<16xf32>\n"
                   "    tt.store %16, %19 : tensor<16x!tt.ptr<f32>>\n" TAIL);
}

static void asm_pack_not_dividing(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value r = tl_arange(b, 0, 16);
    tl_inline_asm_elementwise("x", "=r,r", TL_VALUES(r), TL_I32, true, 3); int line = __LINE__;
    expect_error(b, line, "tl_inline_asm_elementwise: number of input elements 16 must be a multiple of the op's "
                          "packed_element attribute, 3");
}

static void asm_pack_zero(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value r = tl_arange(b, 0, 16);
    tl_inline_asm_elementwise("x", "=r,r", TL_VALUES(r), TL_I32, true, 0); int line = __LINE__;
    expect_error(b, line, "tl_inline_asm_elementwise: pack must be at least 1, got 0");
}

static void asm_without_dtypes(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value r = tl_arange(b, 0, 16);
    tl_asm_results res = tl_inline_asm_elementwise_n("x", "r", TL_VALUES(r), ((tl_dtypes){0, NULL}), true, 1); int line = __LINE__;
    assert_true(tl_value_is_poison(res.v[0]));
    expect_error(b, line, "tl_inline_asm_elementwise: inline_asm_elementwise needs 1 to 8 result dtypes, got 0");
}

static void asm_shapes_do_not_broadcast(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_inline_asm_elementwise("x", "=r,r,r", TL_VALUES(tl_arange(b, 0, 16), tl_arange(b, 0, 8)), TL_I32, true, 1); int line = __LINE__;
    expect_error(b, line, "tl_inline_asm_elementwise: cannot broadcast tensor<8xi32> with tensor<16xi32>: "
                          "incompatible dimensions at index 0: 8 and 16");
}

static void asm_numbers_only(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value r = tl_arange(b, 0, 16);
    /* numbers only: the builder is the thread's, the number is to_tensor's int32 constant */
    tl_value y = tl_inline_asm_elementwise("x", "=r,r", TL_VALUES(tl_lit(1)), TL_I32, true, 1);
    tl_add(r, y);
    expect_text(b, HEAD("")
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>\n"
                   "    %1 = tt.elementwise_inline_asm \"x\" {constraints = \"=r,r\", packed_element = 1 : i32, pure = true} %c1_i32 : i32 -> i32\n"
                   "    %2 = tt.splat %1 : i32 -> tensor<16xi32>\n"
                   "    %3 = arith.addi %0, %2 : tensor<16xi32>\n" TAIL);
}

static void libdevice_of_half(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value h = tl_arg(b, "h", SCALAR(TL_F16));
    tl_libdevice(h, "tanh"); int line = __LINE__;
    expect_error(b, line, "tl_libdevice: input arg type does not match: expect one of (float32,) ..., got (float16,)");
}

static void extern_without_overloads(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value f = tl_arg(b, "f", SCALAR(TL_F32));
    tl_extern_elementwise("", "", TL_VALUES(f), 0, NULL, true); int line = __LINE__;
    expect_error(b, line, "tl_extern_elementwise: arg_type_symbol_dict is empty");
}

/* ---- random numbers ----------------------------------------------------------------------- */

static void randint_two_rounds(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_U32));
    tl_value seed = tl_arg(b, "seed", SCALAR(TL_I32));
    tl_value r = tl_arange(b, 0, 8);
    tl_store(tl_addptr(p, r), tl_randint(seed, r, .n_rounds = 2));
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>, %arg1: i32")
                   "    %c32_i64 = arith.constant 32 : i64\n"
                   "    %c4294967295_i64 = arith.constant 4294967295 : i64\n"
                   "    %c-1150833019_i32 = arith.constant -1150833019 : i32\n"
                   "    %c-1640531527_i32 = arith.constant -1640531527 : i32\n"
                   "    %cst = arith.constant dense<-766435501> : tensor<8xi32>\n"
                   "    %cst_0 = arith.constant dense<-845247145> : tensor<8xi32>\n"
                   "    %cst_1 = arith.constant dense<0> : tensor<8xi32>\n"
                   "    %c1013904242_i32 = arith.constant 1013904242 : i32\n"
                   "    %c1993301258_i32 = arith.constant 1993301258 : i32\n"
                   "    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>\n"
                   "    %3 = arith.muli %0, %cst_1 : tensor<8xi32>\n"
                   "    %4 = arith.extsi %arg1 : i32 to i64\n"
                   "    %5 = arith.shrui %4, %c32_i64 : i64\n"
                   "    %6 = arith.andi %5, %c4294967295_i64 : i64\n"
                   "    %7 = arith.trunci %6 : i64 to i32\n"
                   "    %8 = arith.andi %4, %c4294967295_i64 : i64\n"
                   "    %9 = arith.trunci %8 : i64 to i32\n"
                   "    %10 = tt.mulhiui %cst_0, %3 : tensor<8xi32>\n"
                   "    %11 = arith.xori %10, %3 : tensor<8xi32>\n"
                   "    %12 = tt.splat %9 : i32 -> tensor<8xi32>\n"
                   "    %13 = arith.xori %11, %12 : tensor<8xi32>\n"
                   "    %14 = tt.mulhiui %cst, %0 : tensor<8xi32>\n"
                   "    %15 = arith.xori %14, %3 : tensor<8xi32>\n"
                   "    %16 = tt.splat %7 : i32 -> tensor<8xi32>\n"
                   "    %17 = arith.xori %15, %16 : tensor<8xi32>\n"
                   "    %18 = arith.muli %cst_0, %3 : tensor<8xi32>\n"
                   "    %19 = arith.muli %cst, %0 : tensor<8xi32>\n"
                   "    %20 = arith.addi %9, %c-1640531527_i32 : i32\n"
                   "    %21 = arith.addi %7, %c-1150833019_i32 : i32\n"
                   "    %22 = tt.mulhiui %cst_0, %17 : tensor<8xi32>\n"
                   "    %23 = arith.xori %22, %18 : tensor<8xi32>\n"
                   "    %24 = tt.splat %20 : i32 -> tensor<8xi32>\n"
                   "    %25 = arith.xori %23, %24 : tensor<8xi32>\n"
                   "    %26 = tt.mulhiui %cst, %13 : tensor<8xi32>\n"
                   "    %27 = arith.xori %26, %19 : tensor<8xi32>\n"
                   "    %28 = tt.splat %21 : i32 -> tensor<8xi32>\n"
                   "    %29 = arith.xori %27, %28 : tensor<8xi32>\n"
                   "    %30 = arith.muli %cst_0, %17 : tensor<8xi32>\n"
                   "    %31 = arith.muli %cst, %13 : tensor<8xi32>\n"
                   "    %32 = arith.addi %9, %c1013904242_i32 : i32\n"
                   "    %33 = arith.addi %7, %c1993301258_i32 : i32\n"
                   "    tt.store %2, %25 : tensor<8x!tt.ptr<i32>>\n" TAIL);
}

static void rand_one_round(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value seed = tl_arg(b, "seed", SCALAR(TL_I32));
    tl_value r = tl_arange(b, 0, 8);
    tl_store(tl_addptr(p, r), tl_rand(seed, r, .n_rounds = 1));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32>, %arg1: i32")
                   "    %c32_i64 = arith.constant 32 : i64\n"
                   "    %c4294967295_i64 = arith.constant 4294967295 : i64\n"
                   "    %cst = arith.constant dense<-766435501> : tensor<8xi32>\n"
                   "    %cst_0 = arith.constant dense<-845247145> : tensor<8xi32>\n"
                   "    %cst_1 = arith.constant dense<0> : tensor<8xi32>\n"
                   "    %cst_2 = arith.constant dense<4.6566126E-10> : tensor<8xf32>\n"
                   "    %cst_3 = arith.constant dense<1> : tensor<8xi32>\n"
                   "    %c-1640531527_i32 = arith.constant -1640531527 : i32\n"
                   "    %c-1150833019_i32 = arith.constant -1150833019 : i32\n"
                   "    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>\n"
                   "    %3 = arith.muli %0, %cst_1 : tensor<8xi32>\n"
                   "    %4 = arith.extsi %arg1 : i32 to i64\n"
                   "    %5 = arith.shrui %4, %c32_i64 : i64\n"
                   "    %6 = arith.andi %5, %c4294967295_i64 : i64\n"
                   "    %7 = arith.trunci %6 : i64 to i32\n"
                   "    %8 = arith.andi %4, %c4294967295_i64 : i64\n"
                   "    %9 = arith.trunci %8 : i64 to i32\n"
                   "    %10 = tt.mulhiui %cst_0, %3 : tensor<8xi32>\n"
                   "    %11 = arith.xori %10, %3 : tensor<8xi32>\n"
                   "    %12 = tt.splat %9 : i32 -> tensor<8xi32>\n"
                   "    %13 = arith.xori %11, %12 : tensor<8xi32>\n"
                   "    %14 = tt.mulhiui %cst, %0 : tensor<8xi32>\n"
                   "    %15 = arith.xori %14, %3 : tensor<8xi32>\n"
                   "    %16 = tt.splat %7 : i32 -> tensor<8xi32>\n"
                   "    %17 = arith.xori %15, %16 : tensor<8xi32>\n"
                   "    %18 = arith.muli %cst_0, %3 : tensor<8xi32>\n"
                   "    %19 = arith.muli %cst, %0 : tensor<8xi32>\n"
                   "    %20 = arith.addi %9, %c-1640531527_i32 : i32\n"
                   "    %21 = arith.addi %7, %c-1150833019_i32 : i32\n"
                   "    %22 = tt.bitcast %13 : tensor<8xi32> -> tensor<8xi32>\n"
                   "    %23 = arith.cmpi slt, %22, %cst_1 : tensor<8xi32>\n"
                   "    %24 = arith.subi %cst_1, %22 : tensor<8xi32>\n"
                   "    %25 = arith.subi %24, %cst_3 : tensor<8xi32>\n"
                   "    %26 = arith.select %23, %25, %22 : tensor<8xi1>, tensor<8xi32>\n"
                   "    %27 = arith.sitofp %26 : tensor<8xi32> to tensor<8xf32>\n"
                   "    %28 = arith.mulf %27, %cst_2 : tensor<8xf32>\n"
                   "    tt.store %2, %28 : tensor<8x!tt.ptr<f32>>\n" TAIL);
}

/* Counts occurrences of needle in text. */
static int count(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* Asserts that the constants of b's kernel are exactly `want` ("dense<0> : tensor<8xi32>"...),
 * top to bottom, then frees the builder. */
static void expect_constants(tl_builder *b, int n, const char *const *want)
{
    char *text = tl_finish(b);
    assert_non_null(text);
    const char *p = text;
    int i = 0;
    for (const char *c = strstr(p, "= arith.constant "); c; c = strstr(p, "= arith.constant ")) {
        c += strlen("= arith.constant ");
        p = strchr(c, '\n');
        assert_non_null(p);
        assert_true(i < n);
        assert_int_equal((int)(p - c), (int)strlen(want[i]));
        assert_memory_equal(c, want[i], strlen(want[i]));
        i++;
    }
    assert_int_equal(i, n);
    free(text);
    tl_builder_destroy(b);
}

/* Where make_ttir leaves the constants of Python's inlined helpers (the order Triton 3.6 gives
 * on the GPU machine; tests/gpu/debug_cases: random_i64_offsets, random_literal_seed). */
static void random_constant_order(void **state)
{
    (void)state;
    /* 64-bit offsets: dense<32> with offset * 0 at the bottom, the scalar 32 with philox's */
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value seed = tl_arg(b, "seed", SCALAR(TL_I32));
    tl_value r = tl_to(tl_arange(b, 0, 8), TL_I64);
    tl_store(tl_addptr(p, r), tl_rand(seed, r, .n_rounds = 2));
    static const char *const wide[] = {
        "dense<0> : tensor<8xi32>", "dense<32> : tensor<8xi64>", "dense<-845247145> : tensor<8xi32>",
        "dense<-766435501> : tensor<8xi32>", "-1640531527 : i32", "-1150833019 : i32", "4294967295 : i64", "32 : i64",
        "dense<4.6566126E-10> : tensor<8xf32>", "dense<1> : tensor<8xi32>",
        "1013904242 : i32", "1993301258 : i32", /* the keys after the last round, dead */
    };
    expect_constants(b, (int)(sizeof wide / sizeof wide[0]), wide);

    /* a number (-5: keys 0xfffffffb and 0xffffffff): each round's keys a dense constant */
    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F32));
    r = tl_arange(b, 0, 8);
    tl_store(tl_addptr(p, r), tl_randn(-5, r, .n_rounds = 2));
    static const char *const number[] = {
        "dense<-845247145> : tensor<8xi32>", "dense<-766435501> : tensor<8xi32>", "dense<-5> : tensor<8xi32>",
        "dense<-1> : tensor<8xi32>", "dense<-1640531532> : tensor<8xi32>", "dense<-1150833020> : tensor<8xi32>",
        "dense<0> : tensor<8xi32>", "dense<4.6566126E-10> : tensor<8xf32>", "dense<1> : tensor<8xi32>",
        "dense<-2.000000e+00> : tensor<8xf32>", "dense<6.28318548> : tensor<8xf32>",
        "dense<1.000000e-07> : tensor<8xf32>",
    };
    expect_constants(b, (int)(sizeof number / sizeof number[0]), number);
}

/* The four-block forms and randn: the op mix of Python's helpers (10 rounds, 4 mulhiui each). */
static void four_blocks_and_normal(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_value seed = tl_arg(b, "seed", SCALAR(TL_I64));
    tl_value r = tl_to(tl_arange(b, 0, 8), TL_I64);
    tl_value4 i4 = tl_randint4x(seed, r);
    tl_value4 u4 = tl_rand4x(seed, r);
    tl_value4 n4 = tl_randn4x(seed, r, .n_rounds = 7);
    tl_value n = tl_randn(7, r);
    assert_int_equal(i4.v[3].dtype, TL_U32);
    assert_int_equal(u4.v[0].dtype, TL_F32);
    tl_store(tl_addptr(p, r), tl_add(tl_add(tl_add(tl_to(i4.v[3], TL_F32), u4.v[2]), n4.v[3]), n));
    char *text = tl_finish(b);
    assert_non_null(text);
    assert_int_equal(count(text, "tt.mulhiui"), 2 * (10 + 10 + 7 + 10));
    assert_int_equal(count(text, "tt.bitcast"), 4 + 4 + 2);
    assert_int_equal(count(text, "math.sin"), 2 + 1);
    assert_int_equal(count(text, "arith.shrsi"), 4); /* offset >> 32: 64-bit offsets */
    /* a number seed: its ops fold (Python's do, in make_ttir), round 0's key is dense<7> */
    assert_int_equal(count(text, "arith.constant 7 : i64"), 0);
    assert_int_equal(count(text, "arith.constant dense<7> : tensor<8xi32>"), 1);
    free(text);
    tl_builder_destroy(b);
}

static void random_offset_number(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value seed = tl_arg(b, "seed", SCALAR(TL_I32));
    tl_rand(seed, tl_lit(3)); int line = __LINE__;
    expect_error(b, line, "tl_rand: the offset must be a tensor, not a number");
}

static void random_float_seed(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value seed = tl_arg(b, "seed", SCALAR(TL_F32));
    tl_randn(seed, tl_arange(b, 0, 8)); int line = __LINE__;
    expect_error(b, line, "tl_randn: the seed must be an integer, not float32");
}

static void random_pointer_offset(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_randint(1, p); int line = __LINE__;
    expect_error(b, line, "tl_randint: the offset must be a number type, not pointer<float32>");
}

static void random_negative_rounds(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_randint4x(1, tl_arange(b, 0, 8), .n_rounds = -1); int line = __LINE__;
    expect_error(b, line, "tl_randint4x: n_rounds must be positive, got -1");
}

/* ---- the catalog kernel with the debug option ------------------------------------------------ */

static void kernel_emit_with_debug(void **state)
{
    (void)state;
    const tl_kernel *k = tritonc_bundled_find("debug_and_asm");
    assert_non_null(k);
    char *err = NULL;
    char *off = tl_kernel_emit(k, NULL, (tl_emit_opts){.no_locations = true}, &err);
    char *on = tl_kernel_emit(k, NULL, (tl_emit_opts){.no_locations = true, .debug = true}, &err);
    assert_non_null(off);
    assert_non_null(on);
    assert_null(strstr(off, "tt.assert"));
    assert_non_null(strstr(on, "    %5 = arith.cmpf oeq, %3, %3 : tensor<64xf32>\n"
                               "    tt.assert %5, \"nan!\" : tensor<64xi1>\n"));
    free(off);
    free(on);
}

/* ---- issue 30: inline asm without operands, tl.extra.cuda, the random helpers themselves ---- */

/* Python's args=[]: scalar results, the builder given first */
static void asm_without_operands(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_I32));
    tl_value sm = tl_inline_asm_elementwise_in(b, "mov.u32 $0, %smid;", "=r", TL_NO_VALUES, TL_I32, true, 1);
    tl_store(p, sm);
    tl_asm_results two = tl_inline_asm_elementwise_in_n(b, "x", "=r,=r", TL_NO_VALUES, TL_DTYPES(TL_I32, TL_F32), false, 1);
    tl_store(p, two.v[0]);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>")
                   "    %0 = tt.elementwise_inline_asm \"mov.u32 $0, %smid;\" {constraints = \"=r\", packed_element = 1 : i32, pure = true} -> i32\n"
                   "    tt.store %arg0, %0 : !tt.ptr<i32>\n"
                   "    %1:2 = tt.elementwise_inline_asm \"x\" {constraints = \"=r,=r\", packed_element = 1 : i32, pure = false} -> i32, f32\n"
                   "    tt.store %arg0, %1#0 : !tt.ptr<i32>\n" TAIL);
}

/* globaltimer, smid, gdc_wait and gdc_launch_dependents: Python's inline asm, in program order */
static void cuda_builtins(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_I64));
    tl_gdc_wait(b);
    tl_value t0 = tl_globaltimer(b);
    tl_value sm = tl_smid(b);
    tl_gdc_launch_dependents(b);
    tl_store(p, tl_add(tl_sub(tl_globaltimer(b), t0), sm));
    expect_text(b, HEAD("%arg0: !tt.ptr<i64>")
                   "    %0 = tt.elementwise_inline_asm \"griddepcontrol.wait; // dummy $0\" {constraints = \"=r\", packed_element = 1 : i32, pure = false} -> i32\n"
                   "    %1 = tt.elementwise_inline_asm \"mov.u64 $0, %globaltimer;\" {constraints = \"=l\", packed_element = 1 : i32, pure = false} -> i64\n"
                   "    %2 = tt.elementwise_inline_asm \"mov.u32 $0, %smid;\" {constraints = \"=r\", packed_element = 1 : i32, pure = true} -> i32\n"
                   "    %3 = tt.elementwise_inline_asm \"griddepcontrol.launch_dependents; // dummy $0\" {constraints = \"=r\", packed_element = 1 : i32, pure = false} -> i32\n"
                   "    %4 = tt.elementwise_inline_asm \"mov.u64 $0, %globaltimer;\" {constraints = \"=l\", packed_element = 1 : i32, pure = false} -> i64\n"
                   "    %5 = arith.subi %4, %1 : i64\n"
                   "    %6 = arith.extsi %2 : i32 to i64\n"
                   "    %7 = arith.addi %5, %6 : i64\n"
                   "    tt.store %arg0, %7 : !tt.ptr<i64>\n" TAIL);
}

static void asm_without_operands_misuse(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_inline_asm_elementwise("x", "=r", TL_NO_VALUES, TL_I32, true, 1); int line = __LINE__;
    expect_error(b, line, "tl_inline_asm_elementwise: inline_asm_elementwise takes 1 to 16 arguments (a value among "
                          "them; with none, give the builder: tl_inline_asm_elementwise_in), got 0");
    b = tl_builder_create("k");
    tl_builder *other = tl_builder_create("other");
    tl_value y = tl_arg(other, "y", SCALAR(TL_I32));
    tl_inline_asm_elementwise_in(b, "x", "=r,r", TL_VALUES(y), TL_I32, true, 1); line = __LINE__;
    expect_error(b, line, "tl_inline_asm_elementwise: argument #1 belongs to another builder");
    tl_builder_destroy(other);
    b = tl_builder_create("k");
    tl_smid(NULL); /* no builder: nothing to make, nothing to report on */
    tl_gdc_wait(NULL);
    tl_builder_fail(b, TL_SITE("test"), "first");
    assert_true(tl_value_is_poison(tl_globaltimer(b)));
    tl_builder_destroy(b);
}

/* philox with a seed value: philox_impl's rounds on the counters as given */
static void philox_seed_value(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_U32));
    tl_value seed = tl_arg(b, "seed", SCALAR(TL_I64));
    tl_value r = tl_arange(b, 0, 4);
    tl_value4 c = tl_philox(seed, r, r, r, r, .n_rounds = 1);
    tl_store(tl_addptr(p, r), tl_xor(c.v[0], c.v[1], c.v[2], c.v[3]));
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>, %arg1: i64")
                   "    %c32_i64 = arith.constant 32 : i64\n"
                   "    %c4294967295_i64 = arith.constant 4294967295 : i64\n"
                   "    %cst = arith.constant dense<-766435501> : tensor<4xi32>\n"
                   "    %cst_0 = arith.constant dense<-845247145> : tensor<4xi32>\n"
                   "    %c-1640531527_i32 = arith.constant -1640531527 : i32\n"
                   "    %c-1150833019_i32 = arith.constant -1150833019 : i32\n"
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = arith.shrui %arg1, %c32_i64 : i64\n"
                   "    %2 = arith.andi %1, %c4294967295_i64 : i64\n"
                   "    %3 = arith.trunci %2 : i64 to i32\n"
                   "    %4 = arith.andi %arg1, %c4294967295_i64 : i64\n"
                   "    %5 = arith.trunci %4 : i64 to i32\n"
                   "    %6 = tt.bitcast %0 : tensor<4xi32> -> tensor<4xi32>\n"
                   "    %7 = tt.bitcast %0 : tensor<4xi32> -> tensor<4xi32>\n"
                   "    %8 = tt.bitcast %0 : tensor<4xi32> -> tensor<4xi32>\n"
                   "    %9 = tt.bitcast %0 : tensor<4xi32> -> tensor<4xi32>\n"
                   "    %10 = tt.mulhiui %cst_0, %8 : tensor<4xi32>\n"
                   "    %11 = arith.xori %10, %7 : tensor<4xi32>\n"
                   "    %12 = tt.splat %5 : i32 -> tensor<4xi32>\n"
                   "    %13 = arith.xori %11, %12 : tensor<4xi32>\n"
                   "    %14 = tt.mulhiui %cst, %6 : tensor<4xi32>\n"
                   "    %15 = arith.xori %14, %9 : tensor<4xi32>\n"
                   "    %16 = tt.splat %3 : i32 -> tensor<4xi32>\n"
                   "    %17 = arith.xori %15, %16 : tensor<4xi32>\n"
                   "    %18 = arith.muli %cst_0, %8 : tensor<4xi32>\n"
                   "    %19 = arith.muli %cst, %6 : tensor<4xi32>\n"
                   "    %20 = arith.addi %5, %c-1640531527_i32 : i32\n"
                   "    %21 = arith.addi %3, %c-1150833019_i32 : i32\n"
                   "    %22 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>\n"
                   "    %23 = tt.addptr %22, %0 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>\n"
                   "    %24 = arith.xori %13, %18 : tensor<4xi32>\n"
                   "    %25 = arith.xori %24, %17 : tensor<4xi32>\n"
                   "    %26 = arith.xori %25, %19 : tensor<4xi32>\n"
                   "    tt.store %23, %26 : tensor<4x!tt.ptr<i32>>\n" TAIL);
}

/* a number as the seed: its keys are numbers, each round's a dense constant */
static void philox_seed_number(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_U32));
    tl_value r = tl_to(tl_arange(b, 0, 4), TL_U32, .bitcast = true);
    tl_value4 c = tl_philox(7, r, r, r, r, .n_rounds = 2);
    tl_store(tl_addptr(p, tl_arange(b, 0, 4)), c.v[3]);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>")
                   "    %cst = arith.constant dense<-766435501> : tensor<4xi32>\n"
                   "    %cst_0 = arith.constant dense<-845247145> : tensor<4xi32>\n"
                   "    %cst_1 = arith.constant dense<7> : tensor<4xi32>\n"
                   "    %cst_2 = arith.constant dense<0> : tensor<4xi32>\n"
                   "    %cst_3 = arith.constant dense<-1640531520> : tensor<4xi32>\n"
                   "    %cst_4 = arith.constant dense<-1150833019> : tensor<4xi32>\n"
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.bitcast %0 : tensor<4xi32> -> tensor<4xi32>\n"
                   "    %2 = tt.mulhiui %cst_0, %1 : tensor<4xi32>\n"
                   "    %3 = arith.xori %2, %1 : tensor<4xi32>\n"
                   "    %4 = arith.xori %3, %cst_1 : tensor<4xi32>\n"
                   "    %5 = tt.mulhiui %cst, %1 : tensor<4xi32>\n"
                   "    %6 = arith.xori %5, %1 : tensor<4xi32>\n"
                   "    %7 = arith.xori %6, %cst_2 : tensor<4xi32>\n"
                   "    %8 = arith.muli %cst_0, %1 : tensor<4xi32>\n"
                   "    %9 = arith.muli %cst, %1 : tensor<4xi32>\n"
                   "    %10 = tt.mulhiui %cst_0, %7 : tensor<4xi32>\n"
                   "    %11 = arith.xori %10, %8 : tensor<4xi32>\n"
                   "    %12 = arith.xori %11, %cst_3 : tensor<4xi32>\n"
                   "    %13 = tt.mulhiui %cst, %4 : tensor<4xi32>\n"
                   "    %14 = arith.xori %13, %9 : tensor<4xi32>\n"
                   "    %15 = arith.xori %14, %cst_4 : tensor<4xi32>\n"
                   "    %16 = arith.muli %cst_0, %7 : tensor<4xi32>\n"
                   "    %17 = arith.muli %cst, %4 : tensor<4xi32>\n"
                   "    %18 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %19 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>\n"
                   "    %20 = tt.addptr %19, %18 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>\n"
                   "    tt.store %20, %17 : tensor<4x!tt.ptr<i32>>\n" TAIL);
}

static void philox_impl_keys(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_U32));
    tl_value k = tl_arg(b, "k", SCALAR(TL_U32));
    tl_value r = tl_to(tl_arange(b, 0, 4), TL_U32, .bitcast = true);
    tl_value4 c = tl_philox_impl(r, r, r, r, k, k, .n_rounds = 2);
    tl_store(tl_addptr(p, tl_arange(b, 0, 4)), c.v[0]);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>, %arg1: i32")
                   "    %cst = arith.constant dense<-845247145> : tensor<4xi32>\n"
                   "    %cst_0 = arith.constant dense<-766435501> : tensor<4xi32>\n"
                   "    %c-1640531527_i32 = arith.constant -1640531527 : i32\n"
                   "    %c-1150833019_i32 = arith.constant -1150833019 : i32\n"
                   "    %c1013904242_i32 = arith.constant 1013904242 : i32\n"
                   "    %c1993301258_i32 = arith.constant 1993301258 : i32\n"
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.bitcast %0 : tensor<4xi32> -> tensor<4xi32>\n"
                   "    %2 = tt.mulhiui %cst, %1 : tensor<4xi32>\n"
                   "    %3 = arith.xori %2, %1 : tensor<4xi32>\n"
                   "    %4 = tt.splat %arg1 : i32 -> tensor<4xi32>\n"
                   "    %5 = arith.xori %3, %4 : tensor<4xi32>\n"
                   "    %6 = tt.mulhiui %cst_0, %1 : tensor<4xi32>\n"
                   "    %7 = arith.xori %6, %1 : tensor<4xi32>\n"
                   "    %8 = tt.splat %arg1 : i32 -> tensor<4xi32>\n"
                   "    %9 = arith.xori %7, %8 : tensor<4xi32>\n"
                   "    %10 = arith.muli %cst, %1 : tensor<4xi32>\n"
                   "    %11 = arith.muli %cst_0, %1 : tensor<4xi32>\n"
                   "    %12 = arith.addi %arg1, %c-1640531527_i32 : i32\n"
                   "    %13 = arith.addi %arg1, %c-1150833019_i32 : i32\n"
                   "    %14 = tt.mulhiui %cst, %9 : tensor<4xi32>\n"
                   "    %15 = arith.xori %14, %10 : tensor<4xi32>\n"
                   "    %16 = tt.splat %12 : i32 -> tensor<4xi32>\n"
                   "    %17 = arith.xori %15, %16 : tensor<4xi32>\n"
                   "    %18 = tt.mulhiui %cst_0, %5 : tensor<4xi32>\n"
                   "    %19 = arith.xori %18, %11 : tensor<4xi32>\n"
                   "    %20 = tt.splat %13 : i32 -> tensor<4xi32>\n"
                   "    %21 = arith.xori %19, %20 : tensor<4xi32>\n"
                   "    %22 = arith.muli %cst, %9 : tensor<4xi32>\n"
                   "    %23 = arith.muli %cst_0, %5 : tensor<4xi32>\n"
                   "    %24 = arith.addi %arg1, %c1013904242_i32 : i32\n"
                   "    %25 = arith.addi %arg1, %c1993301258_i32 : i32\n"
                   "    %26 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %27 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>\n"
                   "    %28 = tt.addptr %27, %26 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>\n"
                   "    tt.store %28, %17 : tensor<4x!tt.ptr<i32>>\n" TAIL);
}

/* uint_to_uniform_float, then pair_uniform_to_normal: each helper's constants as Python's */
static void uniform_then_normal(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_I32));
    tl_value o = tl_arg(b, "o", PTR(TL_F32));
    tl_value r = tl_arange(b, 0, 4);
    tl_value u = tl_uint_to_uniform_float(tl_load(tl_addptr(p, r)));
    tl_pair n = tl_pair_uniform_to_normal(u, u);
    tl_store(tl_addptr(o, r), tl_add(n.first, n.second));
    expect_text(b, HEAD("%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<f32>")
                   "    %cst = arith.constant dense<1.000000e-07> : tensor<4xf32>\n"
                   "    %cst_0 = arith.constant dense<6.28318548> : tensor<4xf32>\n"
                   "    %cst_1 = arith.constant dense<-2.000000e+00> : tensor<4xf32>\n"
                   "    %cst_2 = arith.constant dense<0> : tensor<4xi32>\n"
                   "    %cst_3 = arith.constant dense<1> : tensor<4xi32>\n"
                   "    %cst_4 = arith.constant dense<4.6566126E-10> : tensor<4xf32>\n"
                   "    %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>\n"
                   "    %1 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>\n"
                   "    %2 = tt.addptr %1, %0 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>\n"
                   "    %3 = tt.load %2 : tensor<4x!tt.ptr<i32>>\n"
                   "    %4 = arith.cmpi slt, %3, %cst_2 : tensor<4xi32>\n"
                   "    %5 = arith.subi %cst_2, %3 : tensor<4xi32>\n"
                   "    %6 = arith.subi %5, %cst_3 : tensor<4xi32>\n"
                   "    %7 = arith.select %4, %6, %3 : tensor<4xi1>, tensor<4xi32>\n"
                   "    %8 = arith.sitofp %7 : tensor<4xi32> to tensor<4xf32>\n"
                   "    %9 = arith.mulf %8, %cst_4 : tensor<4xf32>\n"
                   "    %10 = arith.maxnumf %cst, %9 : tensor<4xf32>\n"
                   "    %11 = arith.mulf %cst_0, %9 : tensor<4xf32>\n"
                   "    %12 = math.log %10 : tensor<4xf32>\n"
                   "    %13 = arith.mulf %cst_1, %12 : tensor<4xf32>\n"
                   "    %14 = math.sqrt %13 : tensor<4xf32>\n"
                   "    %15 = math.cos %11 : tensor<4xf32>\n"
                   "    %16 = arith.mulf %14, %15 : tensor<4xf32>\n"
                   "    %17 = math.sin %11 : tensor<4xf32>\n"
                   "    %18 = arith.mulf %14, %17 : tensor<4xf32>\n"
                   "    %19 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>\n"
                   "    %20 = tt.addptr %19, %0 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>\n"
                   "    %21 = arith.addf %16, %18 : tensor<4xf32>\n"
                   "    tt.store %20, %21 : tensor<4x!tt.ptr<f32>>\n" TAIL);
}

static void random_helpers_misuse(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_I64));
    tl_value r64 = tl_load(tl_addptr(p, tl_arange(b, 0, 4)));
    tl_philox(1, r64, r64, r64, r64); int line = __LINE__;
    expect_error(b, line, "tl_philox: c0 must be a 32-bit integer (int32 or uint32), not int64");

    b = tl_builder_create("k");
    tl_value r = tl_arange(b, 0, 4);
    tl_philox(1, r, r, r, tl_arange(b, 0, 8)); line = __LINE__;
    expect_error(b, line, "tl_philox: c0 and c3 must have one type here, got tensor<4xi32> and tensor<8xi32>");

    b = tl_builder_create("k");
    r = tl_arange(b, 0, 4);
    tl_philox(1.5, r, r, r, r); line = __LINE__;
    expect_error(b, line, "tl_philox: the seed must be an integer, not float32");

    b = tl_builder_create("k");
    r = tl_arange(b, 0, 4);
    tl_value k = tl_arg(b, "k", SCALAR(TL_U32));
    tl_philox_impl(r, r, r, r, k, k); line = __LINE__;
    expect_error(b, line, "tl_philox_impl: static assertion failed: dtype not supported in philox_impl");

    b = tl_builder_create("k");
    r = tl_to(tl_arange(b, 0, 4), TL_U32, .bitcast = true);
    tl_philox_impl(r, r, r, r, tl_lit(1), tl_lit(2)); line = __LINE__;
    expect_error(b, line, "tl_philox_impl: k0 must be a value, not a number");

    b = tl_builder_create("k");
    tl_value f = tl_arg(b, "f", PTR(TL_F32));
    tl_uint_to_uniform_float(tl_load(f)); line = __LINE__;
    expect_error(b, line, "tl_uint_to_uniform_float: x must be a 32-bit integer (int32 or uint32), not float32");

    b = tl_builder_create("k");
    f = tl_arg(b, "f", PTR(TL_F32));
    tl_pair_uniform_to_normal(tl_load(f), tl_arange(b, 0, 4)); line = __LINE__;
    expect_error(b, line, "tl_pair_uniform_to_normal: u2 must be float32, not int32");

    b = tl_builder_create("k");
    r = tl_arange(b, 0, 4);
    tl_philox(1, r, r, r, r, .n_rounds = -1); line = __LINE__;
    expect_error(b, line, "tl_philox: n_rounds must be positive, got -1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(print_prefixes_and_signedness),
        cmocka_unit_test(print_non_ascii_prefix),
        cmocka_unit_test(print_value_of_another_builder),
        cmocka_unit_test(print_without_builder),
        cmocka_unit_test(assert_with_debug_assume_barrier),
        cmocka_unit_test(assert_without_debug),
        cmocka_unit_test(assert_of_int),
        cmocka_unit_test(assert_float_mask),
        cmocka_unit_test(assume_of_int),
        cmocka_unit_test(assume_of_tensor),
        cmocka_unit_test(assume_of_number),
        cmocka_unit_test(barrier_without_builder),
        cmocka_unit_test(hints_on_ops_and_loop_arguments),
        cmocka_unit_test(hint_length_mismatch),
        cmocka_unit_test(contiguity_of_scalar),
        cmocka_unit_test(hint_of_number),
        cmocka_unit_test(hint_value_out_of_range),
        cmocka_unit_test(asm_extern_and_libdevice),
        cmocka_unit_test(asm_pack_not_dividing),
        cmocka_unit_test(asm_pack_zero),
        cmocka_unit_test(asm_without_dtypes),
        cmocka_unit_test(asm_shapes_do_not_broadcast),
        cmocka_unit_test(asm_numbers_only),
        cmocka_unit_test(libdevice_of_half),
        cmocka_unit_test(extern_without_overloads),
        cmocka_unit_test(randint_two_rounds),
        cmocka_unit_test(rand_one_round),
        cmocka_unit_test(random_constant_order),
        cmocka_unit_test(four_blocks_and_normal),
        cmocka_unit_test(random_offset_number),
        cmocka_unit_test(random_float_seed),
        cmocka_unit_test(random_pointer_offset),
        cmocka_unit_test(random_negative_rounds),
        cmocka_unit_test(kernel_emit_with_debug),
        cmocka_unit_test(asm_without_operands),
        cmocka_unit_test(cuda_builtins),
        cmocka_unit_test(asm_without_operands_misuse),
        cmocka_unit_test(philox_seed_value),
        cmocka_unit_test(philox_seed_number),
        cmocka_unit_test(philox_impl_keys),
        cmocka_unit_test(uniform_then_normal),
        cmocka_unit_test(random_helpers_misuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
