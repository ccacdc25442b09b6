/* The verifier: a valid kernel passes; each rule has a negative test with its exact message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/ir.h"
#include "ir/enums.h"

static tcir_context *C;

static int setup(void **state)
{
    (void)state;
    C = tcir_context_create();
    return C ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    tcir_context_destroy(C);
    C = NULL;
    return 0;
}

#define V(...) ((tcir_value *[]){__VA_ARGS__})
#define T(...) ((const tcir_type *[]){__VA_ARGS__})

static const tcir_type *i1(void) { return tcir_type_int(C, 1); }
static const tcir_type *i32(void) { return tcir_type_int(C, 32); }
static const tcir_type *i64(void) { return tcir_type_int(C, 64); }
static const tcir_type *f16(void) { return tcir_type_float(C, TCIR_F16); }
static const tcir_type *f32(void) { return tcir_type_float(C, TCIR_F32); }
static const tcir_type *ptr(const tcir_type *t) { return tcir_type_ptr(C, t, 1); }
static const tcir_type *ten(int64_t n, const tcir_type *e) { return tcir_type_tensor(C, 1, &n, e); }
static const tcir_type *ten2(int64_t a, int64_t b, const tcir_type *e)
{
    return tcir_type_tensor(C, 2, (int64_t[]){a, b}, e);
}
static const tcir_type *type_of(tcir_value *v) { return tcir_value_type(v); }

/* Creates an op (appended to b unless b is NULL) with up to one inherent attribute. */
static tcir_op *mk(tcir_block *b, const char *name, const tcir_type *rt, int nops, tcir_value *const *ops,
                   const char *attr, const tcir_attr *value, int nregions)
{
    tcir_named_attr na = {attr, value, true};
    tcir_op_state st = {.name = name,
                        .noperands = nops,
                        .operands = ops,
                        .nresults = rt ? 1 : 0,
                        .result_types = rt ? T(rt) : NULL,
                        .nattrs = attr ? 1 : 0,
                        .attrs = &na,
                        .nregions = nregions};
    tcir_op *op = tcir_op_create(C, &st);
    if (b)
        tcir_block_append(b, op);
    return op;
}

static tcir_value *res(tcir_op *op) { return tcir_op_result(op, 0); }

static tcir_value *op1(tcir_block *b, const char *name, const tcir_type *rt, int nops, tcir_value *const *ops)
{
    return res(mk(b, name, rt, nops, ops, NULL, NULL, 0));
}

static tcir_value *bin(tcir_block *b, const char *name, tcir_value *x, tcir_value *y)
{
    return op1(b, name, type_of(x), 2, V(x, y));
}

static tcir_value *cmpi(tcir_block *b, const char *pred, tcir_value *x, tcir_value *y, const tcir_type *rt)
{
    return res(mk(b, "arith.cmpi", rt, 2, V(x, y), "predicate", ir_enum_cmpi(C, pred), 0));
}

static tcir_value *cint(tcir_block *b, int64_t v, const tcir_type *t)
{
    return res(mk(b, "arith.constant", t, 0, NULL, "value", tcir_attr_int(C, v, t), 0));
}

static void ret(tcir_block *b) { mk(b, "tt.return", NULL, 0, NULL, NULL, NULL, 0); }

static tcir_op *module;
static tcir_op *func;

/* A module holding tt.func @k with these arguments; returns the entry block (unterminated). */
static tcir_block *kernel(int n, const tcir_type *const *args)
{
    module = mk(NULL, "builtin.module", NULL, 0, NULL, NULL, NULL, 1);
    tcir_block *mb = tcir_region_add_block(C, tcir_op_region(module, 0));
    func = mk(mb, "tt.func", NULL, 0, NULL, "sym_name", tcir_attr_string(C, "k"), 1);
    tcir_op_set_attr(C, func, "function_type", tcir_attr_type(C, tcir_type_func(C, n, args, 0, NULL)), true);
    tcir_op_set_attr(C, func, "sym_visibility", tcir_attr_string(C, "public"), true);
    tcir_op_set_attr(C, func, "noinline", tcir_attr_bool(C, false), false);
    tcir_block *b = tcir_region_add_block(C, tcir_op_region(func, 0));
    for (int i = 0; i < n; i++)
        tcir_block_add_arg(C, b, args[i], (tcir_loc){0});
    return b;
}

static tcir_value *arg(tcir_block *b, int i) { return tcir_block_arg(b, i); }

static void assert_valid(void)
{
    char err[512];
    bool ok = tcir_verify(module, err, sizeof err);
    if (!ok)
        fail_msg("unexpected verifier error: %s", err);
    assert_string_equal(err, "");
}

static void assert_invalid(const char *expected)
{
    char err[512];
    assert_false(tcir_verify(module, err, sizeof err));
    assert_string_equal(err, expected);
}

/* ---- valid IR ------------------------------------------------------------------------------ */

static void a_valid_kernel_passes(void **state)
{
    (void)state;
    const tcir_type *pf = ptr(f32()), *tf = ten(64, f32()), *ti = ten(64, i32()), *tp = ten(64, pf);
    tcir_block *b = kernel(2, T(pf, i32()));
    tcir_value *zero = res(mk(b, "arith.constant", tf, 0, NULL, "value",
                              tcir_attr_dense(C, tcir_attr_float(C, 0.0, f32()), tf), 0));
    tcir_value *c0 = cint(b, 0, i32()), *c1 = cint(b, 1, i32());
    tcir_value *pid = res(mk(b, "tt.get_program_id", i32(), 0, NULL, "axis", ir_enum_axis(C, 0), 0));
    tcir_op *mr = mk(b, "tt.make_range", ti, 0, NULL, "start", tcir_attr_int(C, 0, i32()), 0);
    tcir_op_set_attr(C, mr, "end", tcir_attr_int(C, 64, i32()), true);
    tcir_value *offs = res(mr);
    tcir_value *n = op1(b, "tt.splat", ti, 1, V(arg(b, 1)));
    tcir_value *mask = cmpi(b, "slt", offs, n, ten(64, i1()));
    tcir_value *p = op1(b, "tt.splat", tp, 1, V(arg(b, 0)));
    p = op1(b, "tt.addptr", tp, 2, V(p, offs));
    tcir_value *x = op1(b, "tt.load", tf, 3, V(p, mask, zero));
    tcir_value *e = res(mk(b, "tt.expand_dims", ten2(64, 1, f32()), 1, V(x), "axis", tcir_attr_int(C, 1, i32()), 0));
    op1(b, "tt.broadcast", ten2(64, 8, f32()), 1, V(e));
    tcir_value *w = op1(b, "arith.extsi", i64(), 1, V(pid));
    op1(b, "arith.trunci", i32(), 1, V(w));
    op1(b, "arith.sitofp", f32(), 1, V(pid));
    op1(b, "arith.select", tf, 3, V(mask, x, zero));
    tcir_op *loop = mk(b, "scf.for", tf, 4, V(c0, arg(b, 1), c1, x), NULL, NULL, 1);
    tcir_block *body = tcir_region_add_block(C, tcir_op_region(loop, 0));
    tcir_block_add_arg(C, body, i32(), (tcir_loc){0});
    tcir_value *acc = tcir_block_add_arg(C, body, tf, (tcir_loc){0});
    tcir_value *y = bin(body, "arith.addf", acc, x);
    mk(body, "scf.yield", NULL, 1, V(y), NULL, NULL, 0);
    tcir_op *ifop = mk(b, "scf.if", NULL, 1, V(cmpi(b, "eq", pid, c0, i1())), NULL, NULL, 2);
    tcir_block *then = tcir_region_add_block(C, tcir_op_region(ifop, 0));
    mk(then, "tt.store", NULL, 3, V(p, res(loop), mask), NULL, NULL, 0);
    mk(then, "scf.yield", NULL, 0, NULL, NULL, NULL, 0);
    tcir_block *exit = tcir_region_add_block(C, tcir_op_region(func, 0));
    tcir_op_state br = {.name = "cf.br", .nsuccessors = 1, .successors = (tcir_block *[]){exit}};
    tcir_block_append(b, tcir_op_create(C, &br));
    ret(exit);
    assert_valid();
}

/* ---- arithmetic ---------------------------------------------------------------------------- */

static void binary_ops_need_one_type(void **state)
{
    (void)state;
    tcir_block *b = kernel(2, T(ten(4, f32()), f32()));
    op1(b, "arith.addf", ten(4, f32()), 2, V(arg(b, 0), arg(b, 1)));
    ret(b);
    assert_invalid("'arith.addf' op requires the same type for all operands and results, got tensor<4xf32>, f32 -> "
                   "tensor<4xf32>");
}

static void integer_ops_need_integers(void **state)
{
    (void)state;
    tcir_block *b = kernel(1, T(f32()));
    bin(b, "arith.addi", arg(b, 0), arg(b, 0));
    ret(b);
    assert_invalid("'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'");
}

static void errors_name_the_location(void **state)
{
    (void)state;
    tcir_block *b = kernel(1, T(i32()));
    tcir_op_state st = {.name = "arith.addf",
                        .loc = {"kernels/add.c", 12, 0},
                        .noperands = 2,
                        .operands = V(arg(b, 0), arg(b, 0)),
                        .nresults = 1,
                        .result_types = T(i32())};
    tcir_block_append(b, tcir_op_create(C, &st));
    ret(b);
    assert_invalid("kernels/add.c:12: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'");
    b = kernel(1, T(i32()));
    tcir_op_state st2 = st;
    st2.loc = (tcir_loc){"k.c", 3, 9};
    st2.name = "math.exp";
    st2.noperands = 1;
    st2.operands = V(arg(b, 0));
    tcir_block_append(b, tcir_op_create(C, &st2));
    ret(b);
    assert_invalid("k.c:3:9: 'math.exp' op operand #0 must be floating-point-like, but got 'i32'");
}

static void compares_give_i1_of_the_operand_shape(void **state)
{
    (void)state;
    tcir_block *b = kernel(1, T(ten(4, i32())));
    cmpi(b, "slt", arg(b, 0), arg(b, 0), ten(4, i32()));
    ret(b);
    assert_invalid("'arith.cmpi' op result must be i1 shaped like the operands (tensor<4xi32>), got tensor<4xi32>");

    b = kernel(2, T(ten(4, i32()), i32()));
    cmpi(b, "slt", arg(b, 0), arg(b, 1), ten(4, i1()));
    ret(b);
    assert_invalid("'arith.cmpi' op requires all operands to have the same type, got tensor<4xi32> and i32");

    b = kernel(1, T(i32()));
    op1(b, "arith.cmpi", i1(), 2, V(arg(b, 0), arg(b, 0)));
    ret(b);
    assert_invalid("'arith.cmpi' op requires attribute 'predicate'");
}

static void select_condition_is_i1_of_the_result_shape(void **state)
{
    (void)state;
    tcir_block *b = kernel(2, T(ten(8, i1()), ten(4, f32())));
    op1(b, "arith.select", ten(4, f32()), 3, V(arg(b, 0), arg(b, 1), arg(b, 1)));
    ret(b);
    assert_invalid("'arith.select' op condition must be i1 or a tensor of i1 shaped like the result (tensor<4xf32>), "
                   "got tensor<8xi1>");

    b = kernel(2, T(i1(), f32()));
    op1(b, "arith.select", f32(), 3, V(arg(b, 0), arg(b, 1), arg(b, 0)));
    ret(b);
    assert_invalid("'arith.select' op requires the true value, the false value and the result to have the same type, "
                   "got f32, i1 -> f32");
}

/* ---- casts --------------------------------------------------------------------------------- */

static void check_cast(const char *name, const tcir_type *from, const tcir_type *to, const char *expected)
{
    tcir_block *b = kernel(1, T(from));
    op1(b, name, to, 1, V(arg(b, 0)));
    ret(b);
    assert_invalid(expected);
}

static void casts_go_the_right_way(void **state)
{
    (void)state;
    check_cast("arith.extsi", i64(), i32(), "'arith.extsi' op result type 'i32' must be wider than operand type 'i64'");
    check_cast("arith.extui", i32(), i32(), "'arith.extui' op result type 'i32' must be wider than operand type 'i32'");
    check_cast("arith.trunci", i32(), i64(),
               "'arith.trunci' op result type 'i64' must be narrower than operand type 'i32'");
    check_cast("arith.extf", f16(), tcir_type_float(C, TCIR_BF16),
               "'arith.extf' op result type 'bf16' must be wider than operand type 'f16'");
    check_cast("arith.truncf", f16(), f32(), "'arith.truncf' op result type 'f32' must be narrower than operand type "
                                             "'f16'");
    check_cast("arith.extsi", f32(), tcir_type_float(C, TCIR_F64),
               "'arith.extsi' op expects integer operand and result, got f32 to f64");
    check_cast("arith.sitofp", f32(), f32(),
               "'arith.sitofp' op expects an integer operand and a floating-point result, got f32 to f32");
    check_cast("arith.uitofp", i32(), i32(),
               "'arith.uitofp' op expects an integer operand and a floating-point result, got i32 to i32");
    check_cast("arith.fptosi", i32(), i32(),
               "'arith.fptosi' op expects a floating-point operand and an integer result, got i32 to i32");
    check_cast("arith.fptoui", f32(), f16(),
               "'arith.fptoui' op expects a floating-point operand and an integer result, got f32 to f16");
    check_cast("arith.bitcast", f32(), i64(), "'arith.bitcast' op operand and result must have the same bit width, got "
                                              "f32 to i64");
    check_cast("tt.bitcast", ten(4, f32()), ten(4, f16()),
               "'tt.bitcast' op operand and result must have the same bit width, got tensor<4xf32> to tensor<4xf16>");
    check_cast("arith.extsi", ten(4, i32()), ten(8, i64()),
               "'arith.extsi' op operand and result must have the same shape, got tensor<4xi32> and tensor<8xi64>");
    check_cast("arith.index_cast", i32(), i64(),
               "'arith.index_cast' op expects a cast between an integer and index, got i32 to i64");
    check_cast("tt.fp_to_fp", f32(), tcir_type_float(C, TCIR_F8E5M2),
               "'tt.fp_to_fp' op rounding mode is required for an FP downcast, got f32 to f8E5M2");
}

/* ---- pointers and memory --------------------------------------------------------------------- */

static void addptr_keeps_the_pointer_shape(void **state)
{
    (void)state;
    const tcir_type *tp = ten(4, ptr(f32()));
    tcir_block *b = kernel(2, T(tp, ten(8, i32())));
    op1(b, "tt.addptr", tp, 2, V(arg(b, 0), arg(b, 1)));
    ret(b);
    assert_invalid("'tt.addptr' op pointer and offset must have the same shape, got tensor<4x!tt.ptr<f32>> and "
                   "tensor<8xi32>");

    b = kernel(2, T(ptr(f32()), i32()));
    op1(b, "tt.addptr", ptr(i32()), 2, V(arg(b, 0), arg(b, 1)));
    ret(b);
    assert_invalid("'tt.addptr' op result type !tt.ptr<i32> must be the pointer type !tt.ptr<f32>");

    b = kernel(2, T(i32(), i32()));
    op1(b, "tt.addptr", i32(), 2, V(arg(b, 0), arg(b, 1)));
    ret(b);
    assert_invalid("'tt.addptr' op operand #0 must be a pointer or a tensor of pointers, got i32");
}

static void loads_and_stores_match_the_pointer(void **state)
{
    (void)state;
    const tcir_type *tp = ten(4, ptr(f32())), *tf = ten(4, f32());
    tcir_block *b = kernel(3, T(tp, ten(8, i1()), tf));
    op1(b, "tt.load", tf, 3, V(arg(b, 0), arg(b, 1), arg(b, 2)));
    ret(b);
    assert_invalid("'tt.load' op mask must be i1 shaped like the pointer (tensor<4x!tt.ptr<f32>>), got tensor<8xi1>");

    b = kernel(3, T(tp, ten(4, i1()), ten(4, i32())));
    op1(b, "tt.load", tf, 3, V(arg(b, 0), arg(b, 1), arg(b, 2)));
    ret(b);
    assert_invalid("'tt.load' op other must have the result type tensor<4xf32>, got tensor<4xi32>");

    b = kernel(1, T(tp));
    op1(b, "tt.load", f32(), 1, V(arg(b, 0)));
    ret(b);
    assert_invalid("'tt.load' op result type f32 must be the pointee shaped like the pointer "
                   "(tensor<4x!tt.ptr<f32>>)");

    b = kernel(2, T(tp, ten(4, f16())));
    mk(b, "tt.store", NULL, 2, V(arg(b, 0), arg(b, 1)), NULL, NULL, 0);
    ret(b);
    assert_invalid("'tt.store' op value type tensor<4xf16> must be the pointee shaped like the pointer "
                   "(tensor<4x!tt.ptr<f32>>)");

    b = kernel(3, T(tp, tf, ten(4, i32())));
    mk(b, "tt.store", NULL, 3, V(arg(b, 0), arg(b, 1), arg(b, 2)), NULL, NULL, 0);
    ret(b);
    assert_invalid("'tt.store' op mask must be i1 shaped like the pointer (tensor<4x!tt.ptr<f32>>), got "
                   "tensor<4xi32>");
}

/* ---- shapes ---------------------------------------------------------------------------------- */

static void splat_makes_a_tensor_of_the_scalar(void **state)
{
    (void)state;
    tcir_block *b = kernel(1, T(ten(4, f32())));
    op1(b, "tt.splat", ten(4, f32()), 1, V(arg(b, 0)));
    ret(b);
    assert_invalid("'tt.splat' op operand must be a scalar, got tensor<4xf32>");

    b = kernel(1, T(f32()));
    op1(b, "tt.splat", ten(4, i32()), 1, V(arg(b, 0)));
    ret(b);
    assert_invalid("'tt.splat' op result must be a tensor of f32, got tensor<4xi32>");
}

static void expand_dims_inserts_a_one(void **state)
{
    (void)state;
    tcir_block *b = kernel(1, T(ten(4, f32())));
    mk(b, "tt.expand_dims", ten2(4, 1, f32()), 1, V(arg(b, 0)), "axis", tcir_attr_int(C, 0, i32()), 0);
    ret(b);
    assert_invalid("'tt.expand_dims' op result type tensor<4x1xf32> must be tensor<4xf32> with a 1 inserted at axis 0");

    b = kernel(1, T(ten(4, f32())));
    mk(b, "tt.expand_dims", ten2(4, 1, f32()), 1, V(arg(b, 0)), "axis", tcir_attr_int(C, 2, i32()), 0);
    ret(b);
    assert_invalid("'tt.expand_dims' op axis 2 is out of range for tensor<4xf32>");
}

static void broadcast_only_grows_ones(void **state)
{
    (void)state;
    tcir_block *b = kernel(1, T(ten2(4, 2, f32())));
    op1(b, "tt.broadcast", ten2(4, 8, f32()), 1, V(arg(b, 0)));
    ret(b);
    assert_invalid("'tt.broadcast' op dimension 1 of tensor<4x2xf32> is 2: only 1 can broadcast to 8");

    b = kernel(1, T(ten(4, f32())));
    op1(b, "tt.broadcast", ten2(4, 8, f32()), 1, V(arg(b, 0)));
    ret(b);
    assert_invalid("'tt.broadcast' op operand and result must be tensors of the same rank and element type, got "
                   "tensor<4xf32> and tensor<4x8xf32>");
}

static tcir_op *make_range(tcir_block *b, int start, int end, const tcir_type *rt)
{
    tcir_op *op = mk(b, "tt.make_range", rt, 0, NULL, "start", tcir_attr_int(C, start, i32()), 0);
    tcir_op_set_attr(C, op, "end", tcir_attr_int(C, end, i32()), true);
    return op;
}

static void make_range_is_a_power_of_two(void **state)
{
    (void)state;
    tcir_block *b = kernel(0, NULL);
    make_range(b, 0, 12, ten(12, i32()));
    ret(b);
    assert_invalid("'tt.make_range' op range length 12 (end - start) must be a positive power of two");

    b = kernel(0, NULL);
    make_range(b, 16, 32, ten(32, i32()));
    ret(b);
    assert_invalid("'tt.make_range' op result must be tensor<16xi32> (end - start), got tensor<32xi32>");
}

/* ---- structure --------------------------------------------------------------------------------- */

static void blocks_end_in_a_terminator(void **state)
{
    (void)state;
    tcir_block *b = kernel(1, T(i32()));
    bin(b, "arith.addi", arg(b, 0), arg(b, 0));
    assert_invalid("'tt.func' op block ^bb0 of region #0 does not end in a terminator (it ends in 'arith.addi')");

    kernel(0, NULL);
    assert_invalid("'tt.func' op block ^bb0 of region #0 does not end in a terminator");

    b = kernel(1, T(i32()));
    ret(b);
    bin(b, "arith.addi", arg(b, 0), arg(b, 0));
    ret(b);
    assert_invalid("'tt.return' op must be the last operation of its block");

    b = kernel(2, T(i32(), i32()));
    tcir_op *loop = mk(b, "scf.for", NULL, 3, V(arg(b, 0), arg(b, 1), arg(b, 1)), NULL, NULL, 1);
    tcir_block *body = tcir_region_add_block(C, tcir_op_region(loop, 0));
    tcir_block_add_arg(C, body, i32(), (tcir_loc){0});
    bin(body, "arith.addi", arg(body, 0), arg(body, 0));
    ret(b);
    assert_invalid("'scf.for' op block ^bb0 of region #0 does not end in a terminator (it ends in 'arith.addi')");
}

static void function_exits_end_in_return(void **state)
{
    (void)state;
    tcir_block *b = kernel(0, NULL);
    mk(b, "scf.yield", NULL, 0, NULL, NULL, NULL, 0);
    assert_invalid("'tt.func' op block ^bb0 must end in tt.return, not 'scf.yield'");

    /* a later block, reached by a branch: the rule holds for every block, by its number */
    b = kernel(0, NULL);
    tcir_block *second = tcir_region_add_block(C, tcir_op_region(func, 0));
    tcir_block *third = tcir_region_add_block(C, tcir_op_region(func, 0));
    tcir_block_append(b, tcir_op_create(C, &(tcir_op_state){.name = "cf.br", .nsuccessors = 1, .successors = &second}));
    tcir_block_append(second, tcir_op_create(C, &(tcir_op_state){.name = "cf.br", .nsuccessors = 1, .successors = &third}));
    mk(third, "scf.yield", NULL, 0, NULL, NULL, NULL, 0);
    assert_invalid("'tt.func' op block ^bb2 must end in tt.return, not 'scf.yield'");

    b = kernel(1, T(i32()));
    mk(b, "tt.return", NULL, 1, V(arg(b, 0)), NULL, NULL, 0);
    assert_invalid("'tt.return' op has 1 operands, but the enclosing function returns 0");
}

static void operands_are_defined_before_use(void **state)
{
    (void)state;
    tcir_block *b = kernel(1, T(i32()));
    tcir_op *later = mk(NULL, "arith.addi", i32(), 2, V(arg(b, 0), arg(b, 0)), NULL, NULL, 0);
    bin(b, "arith.addi", arg(b, 0), res(later));
    tcir_block_append(b, later);
    ret(b);
    assert_invalid("'arith.addi' op operand #1 does not dominate this use");

    /* A value of a loop body used after the loop. */
    b = kernel(2, T(i32(), i32()));
    tcir_op *loop = mk(b, "scf.for", NULL, 3, V(arg(b, 0), arg(b, 1), arg(b, 1)), NULL, NULL, 1);
    tcir_block *body = tcir_region_add_block(C, tcir_op_region(loop, 0));
    tcir_value *iv = tcir_block_add_arg(C, body, i32(), (tcir_loc){0});
    tcir_value *inner = bin(body, "arith.addi", iv, iv);
    mk(body, "scf.yield", NULL, 0, NULL, NULL, NULL, 0);
    bin(b, "arith.muli", inner, arg(b, 0));
    ret(b);
    assert_invalid("'arith.muli' op operand #0 does not dominate this use");

    /* A loop's own result used inside its body. */
    b = kernel(2, T(i32(), i32()));
    loop = mk(b, "scf.for", i32(), 4, V(arg(b, 0), arg(b, 1), arg(b, 1), arg(b, 0)), NULL, NULL, 1);
    body = tcir_region_add_block(C, tcir_op_region(loop, 0));
    iv = tcir_block_add_arg(C, body, i32(), (tcir_loc){0});
    tcir_value *carried = tcir_block_add_arg(C, body, i32(), (tcir_loc){0});
    bin(body, "arith.addi", res(loop), iv);
    mk(body, "scf.yield", NULL, 1, V(carried), NULL, NULL, 0);
    ret(b);
    assert_invalid("'arith.addi' op operand #0 does not dominate this use");

    /* An op's own result as its operand. */
    b = kernel(1, T(i32()));
    tcir_value *self = bin(b, "arith.addi", arg(b, 0), arg(b, 0));
    tcir_op_set_operand(tcir_value_def(self), 1, self);
    ret(b);
    assert_invalid("'arith.addi' op operand #1 does not dominate this use");

    /* A value of one loop's body used in the body of the next loop: a block at the same depth,
     * but another one (verified) before it. */
    b = kernel(2, T(i32(), i32()));
    tcir_value *first_inner = NULL;
    for (int l = 0; l < 2; l++) {
        tcir_op *lp = mk(b, "scf.for", NULL, 3, V(arg(b, 0), arg(b, 1), arg(b, 1)), NULL, NULL, 1);
        tcir_block *in = tcir_region_add_block(C, tcir_op_region(lp, 0));
        tcir_value *i = tcir_block_add_arg(C, in, i32(), (tcir_loc){0});
        tcir_value *x = bin(in, l ? "arith.muli" : "arith.addi", i, l ? first_inner : i);
        first_inner = l ? first_inner : x;
        mk(in, "scf.yield", NULL, 0, NULL, NULL, NULL, 0);
    }
    ret(b);
    assert_invalid("'arith.muli' op operand #1 does not dominate this use");

    /* Three loops deep, values of the function and of an op before the outer loop are visible
     * (dominance is looked up, not walked, at any depth); an op after the outer loop is not. */
    for (int late_def = 0; late_def < 2; late_def++) {
        b = kernel(2, T(i32(), i32()));
        tcir_value *early = bin(b, "arith.addi", arg(b, 0), arg(b, 0));
        tcir_op *late = mk(NULL, "arith.addi", i32(), 2, V(arg(b, 0), arg(b, 1)), NULL, NULL, 0);
        tcir_block *blocks[3], *at = b;
        for (int d = 0; d < 3; d++) {
            tcir_op *l = mk(at, "scf.for", NULL, 3, V(arg(b, 0), arg(b, 1), arg(b, 1)), NULL, NULL, 1);
            at = blocks[d] = tcir_region_add_block(C, tcir_op_region(l, 0));
            tcir_block_add_arg(C, at, i32(), (tcir_loc){0});
        }
        bin(blocks[2], "arith.muli", early, late_def ? res(late) : arg(b, 1));
        for (int d = 2; d >= 0; d--)
            mk(blocks[d], "scf.yield", NULL, 0, NULL, NULL, NULL, 0);
        tcir_block_append(b, late);
        ret(b);
        if (late_def)
            assert_invalid("'arith.muli' op operand #1 does not dominate this use");
        else
            assert_valid();
    }
}

static void loops_yield_their_result_types(void **state)
{
    (void)state;
    tcir_block *b = kernel(2, T(i32(), f32()));
    tcir_value *c = cint(b, 1, i32());
    tcir_op *loop = mk(b, "scf.for", f32(), 4, V(arg(b, 0), arg(b, 0), c, arg(b, 1)), NULL, NULL, 1);
    tcir_block *body = tcir_region_add_block(C, tcir_op_region(loop, 0));
    tcir_block_add_arg(C, body, i32(), (tcir_loc){0});
    tcir_block_add_arg(C, body, f32(), (tcir_loc){0});
    mk(body, "scf.yield", NULL, 1, V(arg(body, 0)), NULL, NULL, 0);
    ret(b);
    assert_invalid("'scf.yield' op value #0 has type i32, but the parent's result #0 is f32");
}

static void branches_pass_their_successor_arguments(void **state)
{
    (void)state;
    tcir_block *b = kernel(2, T(i1(), f32()));
    tcir_block *next = tcir_region_add_block(C, tcir_op_region(func, 0));
    tcir_block_add_arg(C, next, i32(), (tcir_loc){0});
    tcir_op_state br = {.name = "cf.cond_br",
                        .noperands = 2,
                        .operands = V(arg(b, 0), arg(b, 1)),
                        .nsuccessors = 2,
                        .successors = (tcir_block *[]){next, next}};
    tcir_block_append(b, tcir_op_create(C, &br));
    ret(next);
    assert_invalid("'cf.cond_br' op passes 1 values to successors taking 1 and 1");
}

/* ---- ops the registry gave rules (gpu.barrier, pointer casts, modules, calls) ---------------- */

static void barrier_takes_and_gives_nothing(void **state)
{
    (void)state;
    tcir_block *b = kernel(1, T(i32()));
    mk(b, "gpu.barrier", NULL, 0, NULL, NULL, NULL, 0);
    ret(b);
    assert_valid();

    b = kernel(1, T(i32()));
    mk(b, "gpu.barrier", NULL, 1, V(arg(b, 0)), NULL, NULL, 0);
    ret(b);
    assert_invalid("'gpu.barrier' op requires zero operands");

    b = kernel(1, T(i32()));
    mk(b, "gpu.barrier", i32(), 0, NULL, NULL, NULL, 0);
    ret(b);
    assert_invalid("'gpu.barrier' op requires zero results");

    b = kernel(1, T(i32()));
    mk(b, "gpu.barrier", NULL, 0, NULL, NULL, NULL, 1);
    ret(b);
    assert_invalid("'gpu.barrier' op requires zero regions");
}

static void pointer_casts_go_between_pointers_and_i64(void **state)
{
    (void)state;
    const tcir_type *tp = ten(4, ptr(f32()));
    tcir_block *b = kernel(2, T(ptr(f32()), tp));
    tcir_value *x = op1(b, "tt.ptr_to_int", i64(), 1, V(arg(b, 0)));
    op1(b, "tt.int_to_ptr", ptr(f32()), 1, V(x));
    tcir_value *y = op1(b, "tt.ptr_to_int", ten(4, i64()), 1, V(arg(b, 1)));
    op1(b, "tt.int_to_ptr", tp, 1, V(y));
    ret(b);
    assert_valid();

    check_cast("tt.ptr_to_int", i32(), i64(),
               "'tt.ptr_to_int' op operand #0 must be a pointer or a tensor of pointers, got i32");
    check_cast("tt.ptr_to_int", ptr(f32()), i32(),
               "'tt.ptr_to_int' op result #0 must be 64-bit signless integer or ranked tensor of 64-bit signless "
               "integer values, but got 'i32'");
    check_cast("tt.ptr_to_int", tp, ten(8, i64()),
               "'tt.ptr_to_int' op requires the same shape for all operands and results");
    check_cast("tt.int_to_ptr", i32(), ptr(f32()),
               "'tt.int_to_ptr' op operand #0 must be 64-bit signless integer or ranked tensor of 64-bit signless "
               "integer values, but got 'i32'");
    check_cast("tt.int_to_ptr", i64(), i64(),
               "'tt.int_to_ptr' op result #0 must be a pointer or a tensor of pointers, got i64");
    check_cast("tt.int_to_ptr", ten(4, i64()), ptr(f32()),
               "'tt.int_to_ptr' op requires the same shape for all operands and results");

    b = kernel(2, T(ptr(f32()), ptr(f32())));
    op1(b, "tt.ptr_to_int", i64(), 2, V(arg(b, 0), arg(b, 1)));
    ret(b);
    assert_invalid("'tt.ptr_to_int' op expects 1 operand and 1 result, got 2 and 1");
}

static void modules_hold_one_block(void **state)
{
    (void)state;
    kernel(0, NULL);
    tcir_region_add_block(C, tcir_op_region(module, 0));
    assert_invalid("'builtin.module' op expects region #0 to have 0 or 1 blocks");

    ret(kernel(0, NULL));
    tcir_op_set_attr(C, module, "sym_name", tcir_attr_int(C, 1, i32()), true);
    assert_invalid("'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute");

    ret(kernel(0, NULL));
    tcir_block_add_arg(C, tcir_region_first_block(tcir_op_region(module, 0)), i32(), (tcir_loc){0});
    assert_invalid("'builtin.module' op region should have no arguments");
}

/* k calls @f : (i32) -> i32 with these operands, results and callee. */
static void check_call(const char *callee, int nops, const tcir_type *arg_type, const tcir_type *rt,
                       const char *expected)
{
    tcir_block *b = kernel(1, T(arg_type));
    mk(b, "tt.call", rt, nops, V(arg(b, 0)), "callee", callee ? tcir_attr_symbol(C, callee) : NULL, 0);
    ret(b);
    tcir_block *mb = tcir_region_first_block(tcir_op_region(module, 0));
    tcir_op *f = mk(mb, "tt.func", NULL, 0, NULL, "sym_name", tcir_attr_string(C, "f"), 1);
    tcir_op_set_attr(C, f, "function_type", tcir_attr_type(C, tcir_type_func(C, 1, T(i32()), 1, T(i32()))), true);
    tcir_block *fb = tcir_region_add_block(C, tcir_op_region(f, 0));
    tcir_value *x = tcir_block_add_arg(C, fb, i32(), (tcir_loc){0});
    mk(fb, "tt.return", NULL, 1, V(x), NULL, NULL, 0);
    if (expected)
        assert_invalid(expected);
    else
        assert_valid();
}

static void calls_match_their_callee(void **state)
{
    (void)state;
    check_call("f", 1, i32(), i32(), NULL);
    check_call(NULL, 1, i32(), i32(), "'tt.call' op requires a 'callee' symbol reference attribute");
    check_call("g", 1, i32(), i32(), "'tt.call' op 'g' does not reference a valid function");
    check_call("f", 0, i32(), i32(), "'tt.call' op incorrect number of operands for callee");
    check_call("f", 1, f32(), i32(),
               "'tt.call' op operand type mismatch: expected operand type i32, but provided f32 for operand number 0");
    check_call("f", 1, i32(), NULL, "'tt.call' op incorrect number of results for callee");
    check_call("f", 1, i32(), f32(), "'tt.call' op result type mismatch at index 0");
}

/* Every op, block and value gets the context's next serial number as it is made (the printer and
 * the verifier index arrays by them); NULL has 0. The client's pointer is kept and given back. */
static void serials_follow_creation_and_aux_and_mark_are_kept(void **state)
{
    (void)state;
    tcir_block *b = kernel(1, T(i32()));
    tcir_value *x = bin(b, "arith.addi", arg(b, 0), arg(b, 0));
    tcir_op *op = tcir_value_def(x);
    assert_true(tcir_block_serial(b) > 0);
    assert_true(tcir_value_serial(arg(b, 0)) > tcir_block_serial(b));
    assert_int_equal(tcir_value_serial(x), tcir_op_serial(op) + 1);
    assert_true(tcir_op_serial(op) > tcir_value_serial(arg(b, 0)));
    assert_int_equal(tcir_op_serial(NULL), 0);
    assert_int_equal(tcir_block_serial(NULL), 0);
    assert_int_equal(tcir_value_serial(NULL), 0);
    int mine;
    assert_null(tcir_op_aux(op));
    tcir_op_set_aux(op, &mine);
    assert_ptr_equal(tcir_op_aux(op), &mine);
    tcir_op_set_aux(NULL, &mine); /* nothing to keep it on: no crash */
    assert_null(tcir_op_aux(NULL));
    ret(b);
    char *before = tcir_print(module, (tcir_print_opts){0}, NULL);
    assert_int_equal(tcir_block_mark(b), 0);
    tcir_block_set_mark(b, 7);
    assert_int_equal(tcir_block_mark(b), 7);
    tcir_block_set_mark(NULL, 7); /* nothing to keep it on: no crash */
    assert_int_equal(tcir_block_mark(NULL), 0);
    char *after = tcir_print(module, (tcir_print_opts){0}, NULL);
    assert_string_equal(before, after); /* the IR never prints it */
    free(before);
    free(after);
    assert_valid();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_valid_kernel_passes, setup, teardown),
        cmocka_unit_test_setup_teardown(binary_ops_need_one_type, setup, teardown),
        cmocka_unit_test_setup_teardown(integer_ops_need_integers, setup, teardown),
        cmocka_unit_test_setup_teardown(errors_name_the_location, setup, teardown),
        cmocka_unit_test_setup_teardown(compares_give_i1_of_the_operand_shape, setup, teardown),
        cmocka_unit_test_setup_teardown(select_condition_is_i1_of_the_result_shape, setup, teardown),
        cmocka_unit_test_setup_teardown(casts_go_the_right_way, setup, teardown),
        cmocka_unit_test_setup_teardown(addptr_keeps_the_pointer_shape, setup, teardown),
        cmocka_unit_test_setup_teardown(loads_and_stores_match_the_pointer, setup, teardown),
        cmocka_unit_test_setup_teardown(splat_makes_a_tensor_of_the_scalar, setup, teardown),
        cmocka_unit_test_setup_teardown(expand_dims_inserts_a_one, setup, teardown),
        cmocka_unit_test_setup_teardown(broadcast_only_grows_ones, setup, teardown),
        cmocka_unit_test_setup_teardown(make_range_is_a_power_of_two, setup, teardown),
        cmocka_unit_test_setup_teardown(blocks_end_in_a_terminator, setup, teardown),
        cmocka_unit_test_setup_teardown(function_exits_end_in_return, setup, teardown),
        cmocka_unit_test_setup_teardown(operands_are_defined_before_use, setup, teardown),
        cmocka_unit_test_setup_teardown(loops_yield_their_result_types, setup, teardown),
        cmocka_unit_test_setup_teardown(branches_pass_their_successor_arguments, setup, teardown),
        cmocka_unit_test_setup_teardown(barrier_takes_and_gives_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(pointer_casts_go_between_pointers_and_i64, setup, teardown),
        cmocka_unit_test_setup_teardown(modules_hold_one_block, setup, teardown),
        cmocka_unit_test_setup_teardown(calls_match_their_callee, setup, teardown),
        cmocka_unit_test_setup_teardown(serials_follow_creation_and_aux_and_mark_are_kept, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
