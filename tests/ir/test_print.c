/* The printer: pretty form byte for byte as Triton 3.6 prints (str_nodebug), generic form,
 * locations, SSA naming rules, float text. IR is built with tcir_* calls only.
 * Expected float texts were read off mlir-opt-22 (MLIR's own printer) for the same values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "tritonc/ir.h"
#include "ir/enums.h"

/* ---- building IR ------------------------------------------------------------------------- */

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
static const tcir_type *f32(void) { return tcir_type_float(C, TCIR_F32); }
static const tcir_type *ptr(const tcir_type *t) { return tcir_type_ptr(C, t, 1); }
static const tcir_type *tensor1(int64_t n, const tcir_type *e) { return tcir_type_tensor(C, 1, &n, e); }
static const tcir_type *tensor2(int64_t a, int64_t b, const tcir_type *e)
{
    return tcir_type_tensor(C, 2, (int64_t[]){a, b}, e);
}
static const tcir_type *type_of(tcir_value *v) { return tcir_value_type(v); }

static tcir_op *op_full(tcir_block *b, const char *name, int nres, const tcir_type *const *rt, int nops,
                        tcir_value *const *ops, int nattrs, const tcir_named_attr *attrs, int nregions)
{
    tcir_op_state st = {.name = name,
                        .noperands = nops,
                        .operands = ops,
                        .nresults = nres,
                        .result_types = rt,
                        .nattrs = nattrs,
                        .attrs = attrs,
                        .nregions = nregions};
    tcir_op *op = tcir_op_create(C, &st);
    if (b)
        tcir_block_append(b, op);
    return op;
}

/* An op with one result (or none when rt is NULL) and at most one inherent attribute. */
static tcir_value *op1(tcir_block *b, const char *name, const tcir_type *rt, int nops, tcir_value *const *ops,
                       const char *attr, const tcir_attr *value)
{
    tcir_named_attr na = {attr, value, true};
    tcir_op *op = op_full(b, name, rt ? 1 : 0, rt ? T(rt) : NULL, nops, ops, attr ? 1 : 0, &na, 0);
    return rt ? tcir_op_result(op, 0) : NULL;
}

static tcir_value *bin(tcir_block *b, const char *name, tcir_value *x, tcir_value *y)
{
    return op1(b, name, type_of(x), 2, V(x, y), NULL, NULL);
}

static tcir_value *un(tcir_block *b, const char *name, tcir_value *x)
{
    return op1(b, name, type_of(x), 1, V(x), NULL, NULL);
}

static tcir_value *conv(tcir_block *b, const char *name, tcir_value *x, const tcir_type *to)
{
    return op1(b, name, to, 1, V(x), NULL, NULL);
}

static tcir_value *cst(tcir_block *b, const tcir_attr *value, const tcir_type *t)
{
    return op1(b, "arith.constant", t, 0, NULL, "value", value);
}

static tcir_value *cint(tcir_block *b, int64_t v, const tcir_type *t) { return cst(b, tcir_attr_int(C, v, t), t); }

static tcir_value *cdense_f(tcir_block *b, double v, const tcir_type *tt)
{
    return cst(b, tcir_attr_dense(C, tcir_attr_float(C, v, tcir_type_elem(tt)), tt), tt);
}

static tcir_value *cdense_i(tcir_block *b, int64_t v, const tcir_type *tt)
{
    return cst(b, tcir_attr_dense(C, tcir_attr_int(C, v, tcir_type_elem(tt)), tt), tt);
}

static tcir_value *cmp(tcir_block *b, const char *name, const char *pred, tcir_value *x, tcir_value *y)
{
    const tcir_attr *p = strcmp(name, "arith.cmpi") == 0 ? ir_enum_cmpi(C, pred) : ir_enum_cmpf(C, pred);
    return op1(b, name, tcir_type_with_elem(C, type_of(x), i1()), 2, V(x, y), "predicate", p);
}

static tcir_value *make_range(tcir_block *b, int start, int end)
{
    tcir_named_attr a[2] = {{"start", tcir_attr_int(C, start, i32()), true},
                            {"end", tcir_attr_int(C, end, i32()), true}};
    return tcir_op_result(op_full(b, "tt.make_range", 1, T(tensor1(end - start, i32())), 0, NULL, 2, a, 0), 0);
}

static tcir_value *splat(tcir_block *b, tcir_value *x, const tcir_type *t) { return conv(b, "tt.splat", x, t); }

static tcir_value *addptr(tcir_block *b, tcir_value *p, tcir_value *off)
{
    return op1(b, "tt.addptr", type_of(p), 2, V(p, off), NULL, NULL);
}

static tcir_value *load(tcir_block *b, int n, tcir_value *const *ops)
{
    const tcir_type *pt = type_of(ops[0]);
    const tcir_type *rt = tcir_type_with_elem(C, pt, tcir_type_pointee(tcir_type_elem(pt)));
    return op1(b, "tt.load", rt, n, ops, NULL, NULL);
}

static void store(tcir_block *b, int n, tcir_value *const *ops) { op1(b, "tt.store", NULL, n, ops, NULL, NULL); }

static tcir_value *program_id(tcir_block *b, const char *name, int axis)
{
    return op1(b, name, i32(), 0, NULL, "axis", ir_enum_axis(C, axis));
}

static void ret(tcir_block *b, int n, tcir_value *const *ops) { op1(b, "tt.return", NULL, n, ops, NULL, NULL); }

static tcir_op *module_create(void)
{
    tcir_op *m = op_full(NULL, "builtin.module", 0, NULL, 0, NULL, 0, NULL, 1);
    tcir_region_add_block(C, tcir_op_region(m, 0));
    return m;
}

/* tt.func public @name(args) attributes {noinline = false}; divisible[i] adds tt.divisibility. */
static tcir_block *func_create(tcir_op *module, const char *name, int n, const tcir_type *const *args,
                               const bool *divisible, tcir_op **func_out)
{
    tcir_named_attr attrs[5] = {
        {"sym_name", tcir_attr_string(C, name), true},
        {"function_type", tcir_attr_type(C, tcir_type_func(C, n, args, 0, NULL)), true},
        {"sym_visibility", tcir_attr_string(C, "public"), true},
        {"noinline", tcir_attr_bool(C, false), false},
    };
    int na = 4;
    if (divisible) {
        const tcir_attr *dicts[16];
        for (int i = 0; i < n; i++) {
            tcir_named_attr d = {"tt.divisibility", tcir_attr_int(C, 16, i32()), false};
            dicts[i] = tcir_attr_dict(C, divisible[i] ? 1 : 0, &d);
        }
        attrs[na++] = (tcir_named_attr){"arg_attrs", tcir_attr_array(C, n, dicts), true};
    }
    tcir_op *f = op_full(tcir_region_first_block(tcir_op_region(module, 0)), "tt.func", 0, NULL, 0, NULL, na,
                         attrs, 1);
    tcir_block *body = tcir_region_add_block(C, tcir_op_region(f, 0));
    for (int i = 0; i < n; i++)
        tcir_block_add_arg(C, body, args[i], (tcir_loc){0});
    if (func_out)
        *func_out = f;
    return body;
}

static tcir_value *arg(tcir_block *body, int i) { return tcir_block_arg(body, i); }

static char *print_op(const tcir_op *op, bool generic, bool locations)
{
    size_t len = 0;
    char *s = tcir_print(op, (tcir_print_opts){.generic = generic, .locations = locations}, &len);
    assert_non_null(s);
    assert_int_equal(len, strlen(s));
    return s;
}

/* Reports the first line where got differs from expected (cmocka truncates long messages). */
static void report_difference(const char *expected, const char *got)
{
    int line = 1;
    const char *e = expected, *g = got;
    while (*e && *e == *g) {
        if (*e == '\n') {
            line++;
            expected = e + 1;
            got = g + 1;
        }
        e++;
        g++;
    }
    int ne = (int)strcspn(expected, "\n"), ng = (int)strcspn(got, "\n");
    print_error("first difference at line %d:\nexpected: %.*s\ngot:      %.*s\n", line, ne, expected, ng, got);
}

static void assert_prints(const tcir_op *op, bool generic, const char *expected)
{
    char *s = print_op(op, generic, false);
    if (strcmp(s, expected) != 0) {
        report_difference(expected, s);
        free(s);
        fail();
    }
    free(s);
}

/* Some line of the printed op, leading spaces removed, equals expected_line. */
static void assert_line(const tcir_op *op, bool generic, const char *expected_line)
{
    char *s = print_op(op, generic, false);
    bool found = false;
    for (char *line = s; *line && !found;) {
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        while (n && *line == ' ') {
            line++;
            n--;
        }
        found = n == strlen(expected_line) && memcmp(line, expected_line, n) == 0;
        line += n + (end ? 1 : 0);
    }
    if (!found)
        print_error("line not found: %s\nin:\n%s", expected_line, s);
    free(s);
    assert_true(found);
}

/* ---- whole kernels from Triton 3.6's reference output ---------------------------------------- */

static const char arith_float_ttir[] =
    "module {\n"
    "  tt.func public @arith_float(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>, %arg3: i32) "
    "attributes {noinline = false} {\n"
    "    %cst = arith.constant dense<5.000000e-01> : tensor<128xf32>\n"
    "    %cst_0 = arith.constant dense<2.000000e+00> : tensor<128xf32>\n"
    "    %cst_1 = arith.constant dense<1.000000e+00> : tensor<128xf32>\n"
    "    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128xf32>\n"
    "    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>\n"
    "    %1 = tt.splat %arg3 : i32 -> tensor<128xi32>\n"
    "    %2 = arith.cmpi slt, %0, %1 : tensor<128xi32>\n"
    "    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>\n"
    "    %4 = tt.addptr %3, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>\n"
    "    %5 = tt.load %4, %2, %cst_2 : tensor<128x!tt.ptr<f32>>\n"
    "    %6 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>\n"
    "    %7 = tt.addptr %6, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>\n"
    "    %8 = tt.load %7, %2, %cst_1 : tensor<128x!tt.ptr<f32>>\n"
    "    %9 = arith.addf %5, %8 : tensor<128xf32>\n"
    "    %10 = arith.mulf %5, %8 : tensor<128xf32>\n"
    "    %11 = arith.subf %9, %10 : tensor<128xf32>\n"
    "    %12 = arith.divf %11, %8 : tensor<128xf32>\n"
    "    %13 = arith.remf %12, %8 : tensor<128xf32>\n"
    "    %14 = arith.subf %cst_2, %13 : tensor<128xf32>\n"
    "    %15 = arith.maxnumf %14, %5 : tensor<128xf32>\n"
    "    %16 = arith.minnumf %15, %8 : tensor<128xf32>\n"
    "    %17 = arith.maximumf %16, %5 : tensor<128xf32>\n"
    "    %18 = arith.minimumf %17, %8 : tensor<128xf32>\n"
    "    %19 = arith.cmpf ogt, %5, %8 : tensor<128xf32>\n"
    "    %20 = arith.select %19, %18, %5 : tensor<128xi1>, tensor<128xf32>\n"
    "    %21 = arith.cmpf olt, %5, %8 : tensor<128xf32>\n"
    "    %22 = arith.cmpf une, %5, %8 : tensor<128xf32>\n"
    "    %23 = arith.andi %21, %22 : tensor<128xi1>\n"
    "    %24 = arith.select %23, %20, %8 : tensor<128xi1>, tensor<128xf32>\n"
    "    %25 = math.absf %24 : tensor<128xf32>\n"
    "    %26 = math.exp %24 : tensor<128xf32>\n"
    "    %27 = arith.addf %25, %26 : tensor<128xf32>\n"
    "    %28 = math.exp2 %24 : tensor<128xf32>\n"
    "    %29 = arith.addf %27, %28 : tensor<128xf32>\n"
    "    %30 = math.log %24 : tensor<128xf32>\n"
    "    %31 = arith.addf %29, %30 : tensor<128xf32>\n"
    "    %32 = math.log2 %24 : tensor<128xf32>\n"
    "    %33 = arith.addf %31, %32 : tensor<128xf32>\n"
    "    %34 = math.sqrt %24 : tensor<128xf32>\n"
    "    %35 = arith.addf %33, %34 : tensor<128xf32>\n"
    "    %36 = math.rsqrt %24 : tensor<128xf32>\n"
    "    %37 = arith.addf %35, %36 : tensor<128xf32>\n"
    "    %38 = math.sin %37 : tensor<128xf32>\n"
    "    %39 = arith.addf %37, %38 : tensor<128xf32>\n"
    "    %40 = math.cos %37 : tensor<128xf32>\n"
    "    %41 = arith.addf %39, %40 : tensor<128xf32>\n"
    "    %42 = math.erf %37 : tensor<128xf32>\n"
    "    %43 = arith.addf %41, %42 : tensor<128xf32>\n"
    "    %44 = math.floor %37 : tensor<128xf32>\n"
    "    %45 = arith.addf %43, %44 : tensor<128xf32>\n"
    "    %46 = math.ceil %37 : tensor<128xf32>\n"
    "    %47 = arith.addf %45, %46 : tensor<128xf32>\n"
    "    %48 = math.fma %37, %5, %8 : tensor<128xf32>\n"
    "    %49 = arith.addf %47, %48 : tensor<128xf32>\n"
    "    %50 = tt.clampf %49, %5, %8, propagateNan = none : tensor<128xf32>\n"
    "    %51 = tt.clampf %49, %5, %8, propagateNan = all : tensor<128xf32>\n"
    "    %52 = arith.addf %50, %51 : tensor<128xf32>\n"
    "    %53 = tt.precise_sqrt %52 : tensor<128xf32>\n"
    "    %54 = tt.precise_divf %52, %8 : tensor<128xf32>\n"
    "    %55 = arith.addf %53, %54 : tensor<128xf32>\n"
    "    %56 = arith.divf %52, %8 : tensor<128xf32>\n"
    "    %57 = arith.addf %55, %56 : tensor<128xf32>\n"
    "    %58 = arith.addf %57, %56 : tensor<128xf32>\n"
    "    %59 = arith.mulf %58, %cst_0 : tensor<128xf32>\n"
    "    %60 = arith.addf %59, %cst_1 : tensor<128xf32>\n"
    "    %61 = arith.subf %60, %cst : tensor<128xf32>\n"
    "    %62 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>\n"
    "    %63 = tt.addptr %62, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>\n"
    "    tt.store %63, %61, %2 : tensor<128x!tt.ptr<f32>>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

static tcir_value *clampf(tcir_block *b, tcir_value *x, tcir_value *lo, tcir_value *hi, const char *nan)
{
    return op1(b, "tt.clampf", type_of(x), 3, V(x, lo, hi), "propagateNan", ir_enum_propagate_nan(C, nan));
}

/* Builds arith_float.ttir's kernel; returns its module. Calls are sequenced one per
 * statement: C leaves the order of evaluating call arguments open. */
static tcir_op *build_arith_float(void)
{
    tcir_op *m = module_create();
    const tcir_type *pf = ptr(f32()), *tf = tensor1(128, f32()), *ti = tensor1(128, i32());
    const tcir_type *tp = tensor1(128, pf);
    tcir_block *b = func_create(m, "arith_float", 4, T(pf, pf, pf, i32()), NULL, NULL);
    tcir_value *half = cdense_f(b, 0.5, tf);
    tcir_value *two = cdense_f(b, 2.0, tf);
    tcir_value *one = cdense_f(b, 1.0, tf);
    tcir_value *zero = cdense_f(b, 0.0, tf);
    tcir_value *offs = make_range(b, 0, 128);
    tcir_value *n = splat(b, arg(b, 3), ti);
    tcir_value *mask = cmp(b, "arith.cmpi", "slt", offs, n);
    tcir_value *px = splat(b, arg(b, 0), tp);
    px = addptr(b, px, offs);
    tcir_value *x = load(b, 3, V(px, mask, zero));
    tcir_value *py = splat(b, arg(b, 1), tp);
    py = addptr(b, py, offs);
    tcir_value *y = load(b, 3, V(py, mask, one));
    tcir_value *s = bin(b, "arith.addf", x, y);
    tcir_value *p = bin(b, "arith.mulf", x, y);
    tcir_value *r = bin(b, "arith.subf", s, p);
    r = bin(b, "arith.divf", r, y);
    r = bin(b, "arith.remf", r, y);
    r = bin(b, "arith.subf", zero, r);
    r = bin(b, "arith.maxnumf", r, x);
    r = bin(b, "arith.minnumf", r, y);
    r = bin(b, "arith.maximumf", r, x);
    r = bin(b, "arith.minimumf", r, y);
    tcir_value *c = cmp(b, "arith.cmpf", "ogt", x, y);
    r = op1(b, "arith.select", tf, 3, V(c, r, x), NULL, NULL);
    tcir_value *lt = cmp(b, "arith.cmpf", "olt", x, y);
    tcir_value *ne = cmp(b, "arith.cmpf", "une", x, y);
    c = bin(b, "arith.andi", lt, ne);
    r = op1(b, "arith.select", tf, 3, V(c, r, y), NULL, NULL);
    static const char *const first[] = {"math.exp", "math.exp2", "math.log", "math.log2", "math.sqrt", "math.rsqrt"};
    tcir_value *acc = un(b, "math.absf", r);
    for (int i = 0; i < 6; i++) {
        tcir_value *t = un(b, first[i], r);
        acc = bin(b, "arith.addf", acc, t);
    }
    r = acc;
    static const char *const second[] = {"math.sin", "math.cos", "math.erf", "math.floor", "math.ceil"};
    acc = r;
    for (int i = 0; i < 5; i++) {
        tcir_value *t = un(b, second[i], r);
        acc = bin(b, "arith.addf", acc, t);
    }
    tcir_value *fma = op1(b, "math.fma", tf, 3, V(r, x, y), NULL, NULL);
    acc = bin(b, "arith.addf", acc, fma);
    tcir_value *c1 = clampf(b, acc, x, y, "none");
    tcir_value *c2 = clampf(b, acc, x, y, "all");
    r = bin(b, "arith.addf", c1, c2);
    tcir_value *sq = un(b, "tt.precise_sqrt", r);
    tcir_value *dv = bin(b, "tt.precise_divf", r, y);
    acc = bin(b, "arith.addf", sq, dv);
    tcir_value *q = bin(b, "arith.divf", r, y);
    acc = bin(b, "arith.addf", acc, q);
    acc = bin(b, "arith.addf", acc, q);
    acc = bin(b, "arith.mulf", acc, two);
    acc = bin(b, "arith.addf", acc, one);
    acc = bin(b, "arith.subf", acc, half);
    tcir_value *po = splat(b, arg(b, 2), tp);
    po = addptr(b, po, offs);
    store(b, 3, V(po, acc, mask));
    ret(b, 0, NULL);
    return m;
}

static void arith_float_kernel_matches_triton(void **state)
{
    (void)state;
    assert_prints(build_arith_float(), false, arith_float_ttir);
}

static const char control_ttir[] =
    "module {\n"
    "  tt.func public @control(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {noinline = false} "
    "{\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %c4_i32 = arith.constant 4 : i32\n"
    "    %c10_i32 = arith.constant 10 : i32\n"
    "    %c3_i32 = arith.constant 3 : i32\n"
    "    %cst = arith.constant dense<1.000000e+00> : tensor<128xf32>\n"
    "    %cst_0 = arith.constant dense<2.000000e+00> : tensor<128xf32>\n"
    "    %cst_1 = arith.constant dense<128> : tensor<128xi32>\n"
    "    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128xf32>\n"
    "    %cst_3 = arith.constant 0.000000e+00 : f32\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    %c128_i32 = arith.constant 128 : i32\n"
    "    %0 = tt.get_program_id x : i32\n"
    "    %1 = arith.muli %0, %c128_i32 : i32\n"
    "    %2 = arith.cmpi sge, %1, %arg2 : i32\n"
    "    cf.cond_br %2, ^bb1, ^bb2\n"
    "  ^bb1:  // pred: ^bb0\n"
    "    tt.return\n"
    "  ^bb2:  // pred: ^bb0\n"
    "    %3 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>\n"
    "    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>\n"
    "    %5 = tt.addptr %4, %3 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>\n"
    "    %6:2 = scf.for %arg3 = %c0_i32 to %arg2 step %c128_i32 iter_args(%arg4 = %cst_2, %arg5 = %5) -> "
    "(tensor<128xf32>, tensor<128x!tt.ptr<f32>>)  : i32 {\n"
    "      %23 = tt.splat %arg3 : i32 -> tensor<128xi32>\n"
    "      %24 = arith.addi %3, %23 : tensor<128xi32>\n"
    "      %25 = tt.splat %arg2 : i32 -> tensor<128xi32>\n"
    "      %26 = arith.cmpi slt, %24, %25 : tensor<128xi32>\n"
    "      %27 = tt.load %arg5, %26, %cst_2 : tensor<128x!tt.ptr<f32>>\n"
    "      %28 = arith.addf %arg4, %27 : tensor<128xf32>\n"
    "      %29 = tt.addptr %arg5, %cst_1 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>\n"
    "      scf.yield %28, %29 : tensor<128xf32>, tensor<128x!tt.ptr<f32>>\n"
    "    }\n"
    "    %7 = scf.for %arg3 = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%arg4 = %6#0) -> (tensor<128xf32>)  : i32 "
    "{\n"
    "      %23 = arith.mulf %arg4, %cst_0 : tensor<128xf32>\n"
    "      scf.yield %23 : tensor<128xf32>\n"
    "    } {tt.num_stages = 2 : i32}\n"
    "    %8 = arith.addf %7, %cst_2 : tensor<128xf32>\n"
    "    %9 = arith.addf %8, %cst : tensor<128xf32>\n"
    "    %10 = scf.while (%arg3 = %c0_i32) : (i32) -> i32 {\n"
    "      %23 = arith.cmpi slt, %arg3, %arg2 : i32\n"
    "      scf.condition(%23) %arg3 : i32\n"
    "    } do {\n"
    "    ^bb0(%arg3: i32):\n"
    "      %23 = arith.addi %arg3, %c3_i32 : i32\n"
    "      scf.yield %23 : i32\n"
    "    }\n"
    "    %11 = arith.cmpi sgt, %10, %c10_i32 : i32\n"
    "    %12 = scf.if %11 -> (tensor<128xf32>) {\n"
    "      %23 = arith.addf %9, %cst : tensor<128xf32>\n"
    "      scf.yield %23 : tensor<128xf32>\n"
    "    } else {\n"
    "      %23 = arith.subf %9, %cst : tensor<128xf32>\n"
    "      scf.yield %23 : tensor<128xf32>\n"
    "    }\n"
    "    %13 = arith.cmpi eq, %0, %c0_i32 : i32\n"
    "    scf.if %13 {\n"
    "      %23 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>\n"
    "      %24 = tt.addptr %23, %3 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>\n"
    "      tt.store %24, %12 : tensor<128x!tt.ptr<f32>>\n"
    "    }\n"
    "    %14 = tt.reshape %12 allow_reorder : tensor<128xf32> -> tensor<128xf32>\n"
    "    %15 = \"tt.reduce\"(%14) <{axis = 0 : i32}> ({\n"
    "    ^bb0(%arg3: f32, %arg4: f32):\n"
    "      %23 = arith.addf %arg3, %arg4 : f32\n"
    "      tt.reduce.return %23 : f32\n"
    "    }) : (tensor<128xf32>) -> f32\n"
    "    %16 = arith.cmpf ogt, %15, %cst_3 : f32\n"
    "    cf.cond_br %16, ^bb3, ^bb4\n"
    "  ^bb3:  // pred: ^bb2\n"
    "    tt.store %arg1, %15 : !tt.ptr<f32>\n"
    "    tt.return\n"
    "  ^bb4:  // pred: ^bb2\n"
    "    %17 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>\n"
    "    %18 = tt.addptr %17, %3 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>\n"
    "    %19 = tt.addptr %18, %cst_1 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>\n"
    "    %20 = arith.sitofp %10 : i32 to f32\n"
    "    %21 = tt.splat %20 : f32 -> tensor<128xf32>\n"
    "    %22 = arith.addf %12, %21 : tensor<128xf32>\n"
    "    tt.store %19, %22 : tensor<128x!tt.ptr<f32>>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

static tcir_op *branch(tcir_block *b, const char *name, int nops, tcir_value *const *ops, int nsucc,
                       tcir_block *const *succ)
{
    tcir_op_state st = {.name = name, .noperands = nops, .operands = ops, .nsuccessors = nsucc, .successors = succ};
    tcir_op *op = tcir_op_create(C, &st);
    tcir_block_append(b, op);
    return op;
}

/* scf.for with iter args: returns the op; *body gets its body block (args: iv, iters). */
static tcir_op *scf_for(tcir_block *b, tcir_value *lb, tcir_value *ub, tcir_value *step, int ninit,
                        tcir_value *const *init, tcir_block **body)
{
    tcir_value *ops[8] = {lb, ub, step};
    const tcir_type *rt[8];
    for (int i = 0; i < ninit; i++) {
        ops[3 + i] = init[i];
        rt[i] = type_of(init[i]);
    }
    tcir_op *op = op_full(b, "scf.for", ninit, rt, 3 + ninit, ops, 0, NULL, 1);
    *body = tcir_region_add_block(C, tcir_op_region(op, 0));
    tcir_block_add_arg(C, *body, type_of(lb), (tcir_loc){0});
    for (int i = 0; i < ninit; i++)
        tcir_block_add_arg(C, *body, rt[i], (tcir_loc){0});
    return op;
}

static void yield(tcir_block *b, int n, tcir_value *const *ops) { op1(b, "scf.yield", NULL, n, ops, NULL, NULL); }

static tcir_op *build_control(void)
{
    tcir_op *m = module_create();
    const tcir_type *pf = ptr(f32()), *tf = tensor1(128, f32()), *ti = tensor1(128, i32());
    const tcir_type *tp = tensor1(128, pf);
    tcir_op *func;
    tcir_block *b0 = func_create(m, "control", 3, T(pf, pf, i32()), NULL, &func);
    tcir_region *fr = tcir_op_region(func, 0);
    tcir_value *c1 = cint(b0, 1, i32());
    tcir_value *c4 = cint(b0, 4, i32());
    tcir_value *c10 = cint(b0, 10, i32());
    tcir_value *c3 = cint(b0, 3, i32());
    tcir_value *one = cdense_f(b0, 1.0, tf);
    tcir_value *two = cdense_f(b0, 2.0, tf);
    tcir_value *c128t = cdense_i(b0, 128, ti);
    tcir_value *zero = cdense_f(b0, 0.0, tf);
    tcir_value *zs = cst(b0, tcir_attr_float(C, 0.0, f32()), f32());
    tcir_value *c0 = cint(b0, 0, i32());
    tcir_value *c128 = cint(b0, 128, i32());
    tcir_value *pid = program_id(b0, "tt.get_program_id", 0);
    tcir_value *start = bin(b0, "arith.muli", pid, c128);
    tcir_value *done = cmp(b0, "arith.cmpi", "sge", start, arg(b0, 2));
    tcir_block *b1 = tcir_region_add_block(C, fr);
    tcir_block *b2 = tcir_region_add_block(C, fr);
    branch(b0, "cf.cond_br", 1, V(done), 2, (tcir_block *[]){b1, b2});
    ret(b1, 0, NULL);

    tcir_value *offs = make_range(b2, 0, 128);
    tcir_value *p0 = splat(b2, arg(b0, 0), tp);
    p0 = addptr(b2, p0, offs);
    tcir_block *body;
    tcir_op *loop = scf_for(b2, c0, arg(b0, 2), c128, 2, V(zero, p0), &body);
    {
        tcir_value *i = splat(body, arg(body, 0), ti);
        i = bin(body, "arith.addi", offs, i);
        tcir_value *n = splat(body, arg(b0, 2), ti);
        tcir_value *m2 = cmp(body, "arith.cmpi", "slt", i, n);
        tcir_value *x = load(body, 3, V(arg(body, 2), m2, zero));
        tcir_value *acc = bin(body, "arith.addf", arg(body, 1), x);
        tcir_value *next = addptr(body, arg(body, 2), c128t);
        yield(body, 2, V(acc, next));
    }
    tcir_op *loop2 = scf_for(b2, c0, c4, c1, 1, V(tcir_op_result(loop, 0)), &body);
    yield(body, 1, V(bin(body, "arith.mulf", arg(body, 1), two)));
    tcir_op_set_attr(C, loop2, "tt.num_stages", tcir_attr_int(C, 2, i32()), false);
    tcir_value *s = bin(b2, "arith.addf", tcir_op_result(loop2, 0), zero);
    s = bin(b2, "arith.addf", s, one);

    tcir_op *w = op_full(b2, "scf.while", 1, T(i32()), 1, V(c0), 0, NULL, 2);
    tcir_block *before = tcir_region_add_block(C, tcir_op_region(w, 0));
    tcir_value *wa = tcir_block_add_arg(C, before, i32(), (tcir_loc){0});
    tcir_value *go = cmp(before, "arith.cmpi", "slt", wa, arg(b0, 2));
    op1(before, "scf.condition", NULL, 2, V(go, wa), NULL, NULL);
    tcir_block *after = tcir_region_add_block(C, tcir_op_region(w, 1));
    tcir_value *wb = tcir_block_add_arg(C, after, i32(), (tcir_loc){0});
    yield(after, 1, V(bin(after, "arith.addi", wb, c3)));
    tcir_value *wr = tcir_op_result(w, 0);

    tcir_value *big = cmp(b2, "arith.cmpi", "sgt", wr, c10);
    tcir_op *ifop = op_full(b2, "scf.if", 1, T(tf), 1, V(big), 0, NULL, 2);
    tcir_block *then = tcir_region_add_block(C, tcir_op_region(ifop, 0));
    yield(then, 1, V(bin(then, "arith.addf", s, one)));
    tcir_block *els = tcir_region_add_block(C, tcir_op_region(ifop, 1));
    yield(els, 1, V(bin(els, "arith.subf", s, one)));
    tcir_value *ir = tcir_op_result(ifop, 0);

    tcir_value *first = cmp(b2, "arith.cmpi", "eq", pid, c0);
    tcir_op *if2 = op_full(b2, "scf.if", 0, NULL, 1, V(first), 0, NULL, 2);
    then = tcir_region_add_block(C, tcir_op_region(if2, 0));
    tcir_value *po = splat(then, arg(b0, 1), tp);
    po = addptr(then, po, offs);
    store(then, 2, V(po, ir));
    yield(then, 0, NULL);

    tcir_value *rs = op1(b2, "tt.reshape", tf, 1, V(ir), "allow_reorder", tcir_attr_unit(C));
    tcir_op *red = op_full(b2, "tt.reduce", 1, T(f32()), 1, V(rs), 0, NULL, 1);
    tcir_op_set_attr(C, red, "axis", tcir_attr_int(C, 0, i32()), true);
    tcir_block *rb = tcir_region_add_block(C, tcir_op_region(red, 0));
    tcir_value *ra = tcir_block_add_arg(C, rb, f32(), (tcir_loc){0});
    tcir_value *rc = tcir_block_add_arg(C, rb, f32(), (tcir_loc){0});
    op1(rb, "tt.reduce.return", NULL, 1, V(bin(rb, "arith.addf", ra, rc)), NULL, NULL);
    tcir_value *sum = tcir_op_result(red, 0);

    tcir_block *b3 = tcir_region_add_block(C, fr);
    tcir_block *b4 = tcir_region_add_block(C, fr);
    tcir_value *pos = cmp(b2, "arith.cmpf", "ogt", sum, zs);
    branch(b2, "cf.cond_br", 1, V(pos), 2, (tcir_block *[]){b3, b4});
    store(b3, 2, V(arg(b0, 1), sum));
    ret(b3, 0, NULL);
    tcir_value *p = splat(b4, arg(b0, 1), tp);
    p = addptr(b4, p, offs);
    p = addptr(b4, p, c128t);
    tcir_value *f = conv(b4, "arith.sitofp", wr, f32());
    f = splat(b4, f, tf);
    tcir_value *v = bin(b4, "arith.addf", ir, f);
    store(b4, 2, V(p, v));
    ret(b4, 0, NULL);
    return m;
}

static void control_kernel_matches_triton(void **state)
{
    (void)state;
    assert_prints(build_control(), false, control_ttir);
}

/* ---- naming rules -------------------------------------------------------------------------- */

static void constant_names_share_one_suffix_counter(void **state)
{
    (void)state;
    tcir_op *m = module_create();
    tcir_block *b = func_create(m, "k", 0, NULL, NULL, NULL);
    cst(b, tcir_attr_float(C, 0.5, f32()), f32());
    cdense_f(b, 0.0, tensor1(4, f32()));
    cint(b, 0, i32());
    cint(b, 0, i32());
    cst(b, tcir_attr_bool(C, true), i1());
    cst(b, tcir_attr_int(C, 1, i1()), i1());
    cst(b, tcir_attr_bool(C, false), i1());
    cint(b, -1, i64());
    cint(b, 4294967295, i64());
    cint(b, 4294967295, i32()); /* the i32 bit pattern of -1 */
    cint(b, 1024, i32());
    cint(b, 0, tcir_type_index(C));
    cdense_i(b, 1, tensor1(4, i1()));
    cdense_i(b, -1, tensor1(4, i32()));
    ret(b, 0, NULL);
    assert_prints(m, false,
                  "module {\n"
                  "  tt.func public @k() attributes {noinline = false} {\n"
                  "    %cst = arith.constant 5.000000e-01 : f32\n"
                  "    %cst_0 = arith.constant dense<0.000000e+00> : tensor<4xf32>\n"
                  "    %c0_i32 = arith.constant 0 : i32\n"
                  "    %c0_i32_1 = arith.constant 0 : i32\n"
                  "    %true = arith.constant true\n"
                  "    %true_2 = arith.constant true\n"
                  "    %false = arith.constant false\n"
                  "    %c-1_i64 = arith.constant -1 : i64\n"
                  "    %c4294967295_i64 = arith.constant 4294967295 : i64\n"
                  "    %c-1_i32 = arith.constant -1 : i32\n"
                  "    %c1024_i32 = arith.constant 1024 : i32\n"
                  "    %c0 = arith.constant 0 : index\n"
                  "    %cst_3 = arith.constant dense<true> : tensor<4xi1>\n"
                  "    %cst_4 = arith.constant dense<-1> : tensor<4xi32>\n"
                  "    tt.return\n"
                  "  }\n"
                  "}\n");
}

/* Names taken in an enclosing region conflict; sibling regions restart counters and names. */
static void nested_regions_number_after_their_parent(void **state)
{
    (void)state;
    tcir_op *m = module_create();
    tcir_block *b = func_create(m, "k", 1, T(i32()), NULL, NULL);
    tcir_value *c0 = cint(b, 0, i32()), *c1 = cint(b, 1, i32());
    tcir_block *body;
    scf_for(b, c0, arg(b, 0), c1, 0, NULL, &body);
    cint(body, 0, i32());
    bin(body, "arith.addi", arg(body, 0), c1);
    yield(body, 0, NULL);
    scf_for(b, c0, arg(b, 0), c1, 0, NULL, &body);
    cint(body, 0, i32());
    cint(body, 7, i32());
    yield(body, 0, NULL);
    bin(b, "arith.addi", c0, c1);
    ret(b, 0, NULL);
    assert_prints(m, false,
                  "module {\n"
                  "  tt.func public @k(%arg0: i32) attributes {noinline = false} {\n"
                  "    %c0_i32 = arith.constant 0 : i32\n"
                  "    %c1_i32 = arith.constant 1 : i32\n"
                  "    scf.for %arg1 = %c0_i32 to %arg0 step %c1_i32  : i32 {\n"
                  "      %c0_i32_0 = arith.constant 0 : i32\n"
                  "      %1 = arith.addi %arg1, %c1_i32 : i32\n"
                  "    }\n"
                  "    scf.for %arg1 = %c0_i32 to %arg0 step %c1_i32  : i32 {\n"
                  "      %c0_i32_0 = arith.constant 0 : i32\n"
                  "      %c7_i32 = arith.constant 7 : i32\n"
                  "    }\n"
                  "    %0 = arith.addi %c0_i32, %c1_i32 : i32\n"
                  "    tt.return\n"
                  "  }\n"
                  "}\n");
    /* Generic form numbers every value once, last region first, as mlir-opt does. */
    assert_prints(m, true,
                  "\"builtin.module\"() ({\n"
                  "  \"tt.func\"() <{function_type = (i32) -> (), sym_name = \"k\", sym_visibility = \"public\"}> ({\n"
                  "  ^bb0(%arg0: i32):\n"
                  "    %0 = \"arith.constant\"() <{value = 0 : i32}> : () -> i32\n"
                  "    %1 = \"arith.constant\"() <{value = 1 : i32}> : () -> i32\n"
                  "    \"scf.for\"(%0, %arg0, %1) ({\n"
                  "    ^bb0(%arg2: i32):\n"
                  "      %5 = \"arith.constant\"() <{value = 0 : i32}> : () -> i32\n"
                  "      %6 = \"arith.addi\"(%arg2, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32\n"
                  "      \"scf.yield\"() : () -> ()\n"
                  "    }) : (i32, i32, i32) -> ()\n"
                  "    \"scf.for\"(%0, %arg0, %1) ({\n"
                  "    ^bb0(%arg1: i32):\n"
                  "      %3 = \"arith.constant\"() <{value = 0 : i32}> : () -> i32\n"
                  "      %4 = \"arith.constant\"() <{value = 7 : i32}> : () -> i32\n"
                  "      \"scf.yield\"() : () -> ()\n"
                  "    }) : (i32, i32, i32) -> ()\n"
                  "    %2 = \"arith.addi\"(%0, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32\n"
                  "    \"tt.return\"() : () -> ()\n"
                  "  }) {noinline = false} : () -> ()\n"
                  "}) : () -> ()\n");
}

static void sibling_functions_restart_numbering(void **state)
{
    (void)state;
    tcir_op *m = module_create();
    for (int i = 0; i < 2; i++) {
        tcir_block *b = func_create(m, i ? "g" : "f", 1, T(i32()), NULL, NULL);
        cint(b, 2, i32());
        bin(b, "arith.addi", arg(b, 0), arg(b, 0));
        ret(b, 0, NULL);
    }
    assert_prints(m, false,
                  "module {\n"
                  "  tt.func public @f(%arg0: i32) attributes {noinline = false} {\n"
                  "    %c2_i32 = arith.constant 2 : i32\n"
                  "    %0 = arith.addi %arg0, %arg0 : i32\n"
                  "    tt.return\n"
                  "  }\n"
                  "  tt.func public @g(%arg0: i32) attributes {noinline = false} {\n"
                  "    %c2_i32 = arith.constant 2 : i32\n"
                  "    %0 = arith.addi %arg0, %arg0 : i32\n"
                  "    tt.return\n"
                  "  }\n"
                  "}\n");
}

static void split_names_its_results_and_groups_use_hash(void **state)
{
    (void)state;
    tcir_op *m = module_create();
    const tcir_type *t2 = tcir_type_tensor(C, 2, (int64_t[]){4, 2}, f32()), *t = tensor1(4, f32());
    tcir_block *b = func_create(m, "k", 1, T(t2), NULL, NULL);
    tcir_op *sp = op_full(b, "tt.split", 2, T(t, t), 1, V(arg(b, 0)), 0, NULL, 0);
    tcir_op *two = op_full(b, "test.two", 2, T(t, t), 2, V(tcir_op_result(sp, 0), tcir_op_result(sp, 1)), 0, NULL, 0);
    tcir_value *sum = bin(b, "arith.addf", tcir_op_result(two, 1), tcir_op_result(two, 0));
    ret(b, 0, NULL);
    /* printed alone, the op's operands are values numbering never reached: as MLIR, unknown,
     * with no result number */
    assert_prints(tcir_value_def(sum), false,
                  "%0 = arith.addf <<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>> : tensor<4xf32>\n");
    assert_prints(m, false,
                  "module {\n"
                  "  tt.func public @k(%arg0: tensor<4x2xf32>) attributes {noinline = false} {\n"
                  "    %outLHS, %outRHS = tt.split %arg0 : tensor<4x2xf32> -> tensor<4xf32>\n"
                  "    %0:2 = \"test.two\"(%outLHS, %outRHS) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, "
                  "tensor<4xf32>)\n"
                  "    %1 = arith.addf %0#1, %0#0 : tensor<4xf32>\n"
                  "    tt.return\n"
                  "  }\n"
                  "}\n");
}

/* ---- floats ------------------------------------------------------------------------------- */

/* The text of a float constant of type k, as printed. */
static void assert_float(double v, tcir_float_kind k, const char *expected)
{
    tcir_op *m = module_create();
    tcir_block *b = func_create(m, "k", 0, NULL, NULL, NULL);
    const tcir_type *t = tcir_type_float(C, k);
    cst(b, tcir_attr_float(C, v, t), t);
    char *s = print_op(m, false, false);
    const char *at = strstr(s, "arith.constant ");
    assert_non_null(at);
    at += strlen("arith.constant ");
    const char *end = strstr(at, " : ");
    assert_non_null(end);
    if ((size_t)(end - at) != strlen(expected) || memcmp(at, expected, strlen(expected)) != 0) {
        print_error("%.17g as kind %d: expected %s, got %.*s\n", v, (int)k, expected, (int)(end - at), at);
        free(s);
        fail();
    }
    free(s);
}

static void floats_print_as_mlir_does(void **state)
{
    (void)state;
    double inf = INFINITY, nan = NAN;
    /* f32 */
    assert_float(0.5, TCIR_F32, "5.000000e-01");
    assert_float(1.0, TCIR_F32, "1.000000e+00");
    assert_float(0.1, TCIR_F32, "1.000000e-01");
    assert_float(1e10, TCIR_F32, "1.000000e+10");
    assert_float(nan, TCIR_F32, "0x7FC00000");
    assert_float(inf, TCIR_F32, "0x7F800000");
    assert_float(-inf, TCIR_F32, "0xFF800000");
    assert_float(-0.0, TCIR_F32, "-0.000000e+00");
    assert_float(6.2831853071795862, TCIR_F32, "6.28318548");
    assert_float(4.656612873077393e-10, TCIR_F32, "4.65661287E-10");
    assert_float(4.6566126e-10, TCIR_F32, "4.6566126E-10");
    assert_float(3.4028234663852886e38, TCIR_F32, "3.40282347E+38");
    assert_float(1.0e-45, TCIR_F32, "1.401300e-45");
    assert_float(1.0 / 3.0, TCIR_F32, "0.333333343");
    assert_float(-2.0, TCIR_F32, "-2.000000e+00");
    assert_float(1e-7, TCIR_F32, "1.000000e-07");
    /* f16 */
    assert_float(0.5, TCIR_F16, "5.000000e-01");
    assert_float(1.0, TCIR_F16, "1.000000e+00");
    assert_float(0.1, TCIR_F16, "9.997550e-02");
    assert_float(1e10, TCIR_F16, "0x7C00"); /* overflows to inf */
    assert_float(65504.0, TCIR_F16, "6.550400e+04");
    assert_float(-inf, TCIR_F16, "0xFC00");
    assert_float(nan, TCIR_F16, "0x7E00");
    assert_float(-0.0, TCIR_F16, "-0.000000e+00");
    assert_float(1.0 / 3.0, TCIR_F16, "3.332520e-01");
    assert_float(6.0e-8, TCIR_F16, "5.960460e-08");
    /* f64 */
    assert_float(0.5, TCIR_F64, "5.000000e-01");
    assert_float(1.0, TCIR_F64, "1.000000e+00");
    assert_float(0.1, TCIR_F64, "1.000000e-01");
    assert_float(1e10, TCIR_F64, "1.000000e+10");
    assert_float(nan, TCIR_F64, "0x7FF8000000000000");
    assert_float(-inf, TCIR_F64, "0xFFF0000000000000");
    assert_float(-0.0, TCIR_F64, "-0.000000e+00");
    assert_float(1.0 / 3.0, TCIR_F64, "0.33333333333333331");
    assert_float(123456789.0, TCIR_F64, "0x419D6F3454000000");
    assert_float(1.7976931348623157e308, TCIR_F64, "1.7976931348623157E+308");
    assert_float(4.9406564584124654e-324, TCIR_F64, "4.940660e-324");
    assert_float(2.2250738585072014e-308, TCIR_F64, "2.2250738585072014E-308");
    assert_float(1e-300, TCIR_F64, "1.000000e-300");
    assert_float(3.14159, TCIR_F64, "3.141590e+00");
    assert_float(1234.5, TCIR_F64, "1.234500e+03");
    /* bf16 and fp8 */
    assert_float(0.1, TCIR_BF16, "1.000980e-01");
    assert_float(3.0e38, TCIR_BF16, "3.004060e+38");
    assert_float(1.0 / 3.0, TCIR_BF16, "3.339840e-01");
    assert_float(0.1, TCIR_F8E4M3FN, "1.015630e-01");
    assert_float(448.0, TCIR_F8E4M3FN, "4.480000e+02");
    assert_float(nan, TCIR_F8E4M3FN, "0x7F");
    assert_float(3.0, TCIR_F8E4M3FN, "3.000000e+00");
    assert_float(1.0 / 3.0, TCIR_F8E5M2, "3.125000e-01");
    assert_float(57344.0, TCIR_F8E5M2, "5.734400e+04");
    assert_float(inf, TCIR_F8E5M2, "0x7C");
    assert_float(0.1, TCIR_F8E4M3FNUZ, "1.015630e-01");
    assert_float(nan, TCIR_F8E4M3FNUZ, "0x80");
    assert_float(0.1, TCIR_F8E5M2FNUZ, "9.375000e-02");
    assert_float(0.1, TCIR_F8E4M3B11FNUZ, "1.015630e-01");
}

static void dense_splats_print_their_element(void **state)
{
    (void)state;
    tcir_op *m = module_create();
    tcir_block *b = func_create(m, "k", 0, NULL, NULL, NULL);
    const tcir_type *f16 = tcir_type_float(C, TCIR_F16);
    cdense_f(b, 0.0, tensor1(128, f32()));
    cst(b, tcir_attr_dense(C, tcir_attr_bool(C, true), tensor1(4, i1())), tensor1(4, i1()));
    cdense_f(b, 0.1, tensor2(2, 8, f16));
    cdense_f(b, NAN, tensor1(4, f32()));
    cdense_i(b, 4294967295, tensor1(4, i64()));
    ret(b, 0, NULL);
    assert_line(m, false, "%cst = arith.constant dense<0.000000e+00> : tensor<128xf32>");
    assert_line(m, false, "%cst_0 = arith.constant dense<true> : tensor<4xi1>");
    assert_line(m, false, "%cst_1 = arith.constant dense<9.997550e-02> : tensor<2x8xf16>");
    assert_line(m, false, "%cst_2 = arith.constant dense<0x7FC00000> : tensor<4xf32>");
    assert_line(m, false, "%cst_3 = arith.constant dense<4294967295> : tensor<4xi64>");
}

/* ---- every op's pretty form ---------------------------------------------------------------- */

static void ops_print_in_triton_form(void **state)
{
    (void)state;
    tcir_op *m = module_create();
    const tcir_type *f16 = tcir_type_float(C, TCIR_F16), *bf16 = tcir_type_float(C, TCIR_BF16);
    const tcir_type *f8 = tcir_type_float(C, TCIR_F8E4M3FN);
    const tcir_type *t32 = tensor1(32, f32()), *ti = tensor1(32, i32()), *tp = tensor1(32, ptr(f32()));
    tcir_block *b = func_create(m, "ops", 3, T(ptr(f32()), i32(), f32()), (bool[]){true, false, false}, NULL);
    tcir_value *p = arg(b, 0), *n = arg(b, 1), *x = arg(b, 2);
    tcir_value *offs = make_range(b, 0, 32);
    tcir_value *ptrs = addptr(b, splat(b, p, tp), offs);
    tcir_value *mask = cmp(b, "arith.cmpi", "ult", offs, splat(b, n, ti));

    tcir_value *l = op1(b, "tt.load", t32, 1, V(ptrs), NULL, NULL);
    tcir_op *lop = tcir_value_def(l);
    tcir_op_set_attr(C, lop, "cache", ir_enum_cache(C, "cg"), true);
    tcir_op_set_attr(C, lop, "evict", ir_enum_evict(C, "evict_last"), true);
    tcir_value *l2 = load(b, 3, V(ptrs, mask, splat(b, x, t32)));
    tcir_op *l2op = tcir_value_def(l2);
    tcir_op_set_attr(C, l2op, "isVolatile", tcir_attr_bool(C, true), true);
    tcir_op_set_attr(C, l2op, "cache", ir_enum_cache(C, "none"), true);
    tcir_op_set_attr(C, l2op, "evict", ir_enum_evict(C, "evict_normal"), true);
    tcir_op_set_attr(C, l2op, "boundaryCheck", tcir_attr_array_i32(C, 0, NULL), true);
    tcir_value *l3 = load(b, 2, V(ptrs, mask));
    tcir_op_set_attr(C, tcir_value_def(l3), "isVolatile", tcir_attr_bool(C, false), true);
    tcir_value *s0 = load(b, 1, V(p));
    store(b, 3, V(ptrs, l, mask));
    tcir_op *st = tcir_op_create(C, &(tcir_op_state){.name = "tt.store", .noperands = 2, .operands = V(ptrs, l2)});
    tcir_block_append(b, st);
    tcir_op_set_attr(C, st, "cache", ir_enum_cache(C, "wt"), true);
    tcir_op_set_attr(C, st, "evict", ir_enum_evict(C, "evict_first"), true);
    store(b, 2, V(p, s0));

    tcir_value *pid = program_id(b, "tt.get_program_id", 1);
    program_id(b, "tt.get_program_id", 2);
    program_id(b, "tt.get_num_programs", 0);
    tcir_value *h = conv(b, "arith.truncf", l, tensor1(32, f16));
    conv(b, "tt.fp_to_fp", l, tensor1(32, bf16));
    op1(b, "tt.fp_to_fp", tensor1(32, f8), 1, V(l), "rounding", ir_enum_rounding(C, "rtne"));
    op1(b, "tt.fp_to_fp", tensor1(32, bf16), 1, V(l), "rounding", ir_enum_rounding(C, "rtz"));
    conv(b, "arith.extf", h, t32);
    tcir_value *e = op1(b, "tt.expand_dims", tensor2(32, 1, i32()), 1, V(offs), "axis", tcir_attr_int(C, 1, i32()));
    conv(b, "tt.broadcast", e, tensor2(32, 8, i32()));
    conv(b, "tt.bitcast", l, ti);
    conv(b, "tt.bitcast", ptrs, tensor1(32, ptr(i32())));
    tcir_value *w = conv(b, "arith.extsi", n, i64());
    conv(b, "arith.extui", n, i64());
    conv(b, "arith.trunci", w, i32());
    conv(b, "arith.sitofp", n, f32());
    conv(b, "arith.uitofp", mask, t32);
    conv(b, "arith.fptosi", x, i32());
    conv(b, "arith.fptoui", x, tcir_type_int(C, 8));
    conv(b, "arith.bitcast", x, i32());
    conv(b, "arith.index_cast", n, tcir_type_index(C));
    tcir_value *c = cmp(b, "arith.cmpf", "oge", x, x);
    op1(b, "arith.select", f32(), 3, V(c, x, x), NULL, NULL);
    op1(b, "arith.select", t32, 3, V(c, l, l), NULL, NULL);
    un(b, "arith.negf", x);
    un(b, "math.absi", n);
    bin(b, "tt.mulhiui", n, pid);
    bin(b, "arith.ceildivsi", n, pid);
    bin(b, "arith.floordivsi", n, pid);
    bin(b, "arith.shrui", n, pid);
    bin(b, "arith.maxui", n, pid);
    ret(b, 0, NULL);
    assert_prints(
        m, false,
        "module {\n"
        "  tt.func public @ops(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: i32, %arg2: f32) attributes "
        "{noinline = false} {\n"
        "    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>\n"
        "    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>\n"
        "    %2 = tt.addptr %1, %0 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>\n"
        "    %3 = tt.splat %arg1 : i32 -> tensor<32xi32>\n"
        "    %4 = arith.cmpi ult, %0, %3 : tensor<32xi32>\n"
        "    %5 = tt.load %2 cacheModifier = cg evictionPolicy = evict_last : tensor<32x!tt.ptr<f32>>\n"
        "    %6 = tt.splat %arg2 : f32 -> tensor<32xf32>\n"
        "    %7 = tt.load %2, %4, %6 {isVolatile = true} : tensor<32x!tt.ptr<f32>>\n"
        "    %8 = tt.load %2, %4 : tensor<32x!tt.ptr<f32>>\n"
        "    %9 = tt.load %arg0 : !tt.ptr<f32>\n"
        "    tt.store %2, %5, %4 : tensor<32x!tt.ptr<f32>>\n"
        "    tt.store %2, %7 cacheModifier = wt evictionPolicy = evict_first : tensor<32x!tt.ptr<f32>>\n"
        "    tt.store %arg0, %9 : !tt.ptr<f32>\n"
        "    %10 = tt.get_program_id y : i32\n"
        "    %11 = tt.get_program_id z : i32\n"
        "    %12 = tt.get_num_programs x : i32\n"
        "    %13 = arith.truncf %5 : tensor<32xf32> to tensor<32xf16>\n"
        "    %14 = tt.fp_to_fp %5 : tensor<32xf32> -> tensor<32xbf16>\n"
        "    %15 = tt.fp_to_fp %5, rounding = rtne : tensor<32xf32> -> tensor<32xf8E4M3FN>\n"
        "    %16 = tt.fp_to_fp %5, rounding = rtz : tensor<32xf32> -> tensor<32xbf16>\n"
        "    %17 = arith.extf %13 : tensor<32xf16> to tensor<32xf32>\n"
        "    %18 = tt.expand_dims %0 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>\n"
        "    %19 = tt.broadcast %18 : tensor<32x1xi32> -> tensor<32x8xi32>\n"
        "    %20 = tt.bitcast %5 : tensor<32xf32> -> tensor<32xi32>\n"
        "    %21 = tt.bitcast %2 : tensor<32x!tt.ptr<f32>> -> tensor<32x!tt.ptr<i32>>\n"
        "    %22 = arith.extsi %arg1 : i32 to i64\n"
        "    %23 = arith.extui %arg1 : i32 to i64\n"
        "    %24 = arith.trunci %22 : i64 to i32\n"
        "    %25 = arith.sitofp %arg1 : i32 to f32\n"
        "    %26 = arith.uitofp %4 : tensor<32xi1> to tensor<32xf32>\n"
        "    %27 = arith.fptosi %arg2 : f32 to i32\n"
        "    %28 = arith.fptoui %arg2 : f32 to i8\n"
        "    %29 = arith.bitcast %arg2 : f32 to i32\n"
        "    %30 = arith.index_cast %arg1 : i32 to index\n"
        "    %31 = arith.cmpf oge, %arg2, %arg2 : f32\n"
        "    %32 = arith.select %31, %arg2, %arg2 : f32\n"
        "    %33 = arith.select %31, %5, %5 : tensor<32xf32>\n"
        "    %34 = arith.negf %arg2 : f32\n"
        "    %35 = math.absi %arg1 : i32\n"
        "    %36 = tt.mulhiui %arg1, %10 : i32\n"
        "    %37 = arith.ceildivsi %arg1, %10 : i32\n"
        "    %38 = arith.floordivsi %arg1, %10 : i32\n"
        "    %39 = arith.shrui %arg1, %10 : i32\n"
        "    %40 = arith.maxui %arg1, %10 : i32\n"
        "    tt.return\n"
        "  }\n"
        "}\n");
}

static void every_arith_and_math_op_prints_pretty(void **state)
{
    (void)state;
    static const char *const binary[] = {
        "arith.addi",  "arith.subi",  "arith.muli",  "arith.divsi",      "arith.divui",     "arith.remsi",
        "arith.remui", "arith.andi",  "arith.ori",   "arith.xori",       "arith.shli",      "arith.shrsi",
        "arith.shrui", "arith.maxsi", "arith.minsi", "arith.maxui",      "arith.minui",     "arith.ceildivsi",
        "arith.floordivsi"};
    static const char *const fbinary[] = {"arith.addf",    "arith.subf",    "arith.mulf",     "arith.divf",
                                          "arith.remf",    "arith.maxnumf", "arith.minnumf",  "arith.maximumf",
                                          "arith.minimumf"};
    static const char *const unary[] = {"math.absf", "math.exp",  "math.exp2",  "math.log",  "math.log2",
                                        "math.sqrt", "math.rsqrt", "math.sin",  "math.cos",  "math.erf",
                                        "math.floor", "math.ceil", "arith.negf"};
    static const char *const ipred[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
    static const char *const fpred[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                        "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
    tcir_op *m = module_create();
    tcir_block *b = func_create(m, "k", 2, T(tensor1(8, i64()), tensor1(8, f32())), NULL, NULL);
    for (size_t i = 0; i < sizeof binary / sizeof *binary; i++)
        bin(b, binary[i], arg(b, 0), arg(b, 0));
    for (size_t i = 0; i < sizeof fbinary / sizeof *fbinary; i++)
        bin(b, fbinary[i], arg(b, 1), arg(b, 1));
    for (size_t i = 0; i < sizeof unary / sizeof *unary; i++)
        un(b, unary[i], arg(b, 1));
    for (size_t i = 0; i < sizeof ipred / sizeof *ipred; i++)
        cmp(b, "arith.cmpi", ipred[i], arg(b, 0), arg(b, 0));
    for (size_t i = 0; i < sizeof fpred / sizeof *fpred; i++)
        cmp(b, "arith.cmpf", fpred[i], arg(b, 1), arg(b, 1));
    ret(b, 0, NULL);
    char line[128];
    int k = 0;
    for (size_t i = 0; i < sizeof binary / sizeof *binary; i++, k++) {
        snprintf(line, sizeof line, "%%%d = %s %%arg0, %%arg0 : tensor<8xi64>", k, binary[i]);
        assert_line(m, false, line);
    }
    for (size_t i = 0; i < sizeof fbinary / sizeof *fbinary; i++, k++) {
        snprintf(line, sizeof line, "%%%d = %s %%arg1, %%arg1 : tensor<8xf32>", k, fbinary[i]);
        assert_line(m, false, line);
    }
    for (size_t i = 0; i < sizeof unary / sizeof *unary; i++, k++) {
        snprintf(line, sizeof line, "%%%d = %s %%arg1 : tensor<8xf32>", k, unary[i]);
        assert_line(m, false, line);
    }
    for (size_t i = 0; i < sizeof ipred / sizeof *ipred; i++, k++) {
        snprintf(line, sizeof line, "%%%d = arith.cmpi %s, %%arg0, %%arg0 : tensor<8xi64>", k, ipred[i]);
        assert_line(m, false, line);
    }
    for (size_t i = 0; i < sizeof fpred / sizeof *fpred; i++, k++) {
        snprintf(line, sizeof line, "%%%d = arith.cmpf %s, %%arg1, %%arg1 : tensor<8xf32>", k, fpred[i]);
        assert_line(m, false, line);
    }
    /* Generic form prints the enum's integer and MLIR's default properties. */
    assert_line(m, true,
                "%19 = \"arith.addf\"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<8xf32>, "
                "tensor<8xf32>) -> tensor<8xf32>");
    assert_line(m, true, "%43 = \"arith.cmpi\"(%arg0, %arg0) <{predicate = 2 : i64}> : (tensor<8xi64>, tensor<8xi64>) "
                         "-> tensor<8xi1>");
    assert_line(m, true,
                "%53 = \"arith.cmpf\"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : "
                "(tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>");
}

static void branches_print_operands_and_predecessors(void **state)
{
    (void)state;
    tcir_op *m = module_create();
    tcir_op *f;
    tcir_block *b0 = func_create(m, "k", 2, T(i1(), i32()), NULL, &f);
    tcir_region *r = tcir_op_region(f, 0);
    tcir_block *b1 = tcir_region_add_block(C, r), *b2 = tcir_region_add_block(C, r);
    tcir_block *b3 = tcir_region_add_block(C, r);
    tcir_value *x = tcir_block_add_arg(C, b1, i32(), (tcir_loc){0});
    tcir_value *y = tcir_block_add_arg(C, b2, i32(), (tcir_loc){0});
    tcir_value *z = tcir_block_add_arg(C, b2, i32(), (tcir_loc){0});
    branch(b0, "cf.cond_br", 4, V(arg(b0, 0), arg(b0, 1), arg(b0, 1), arg(b0, 1)), 2, (tcir_block *[]){b2, b1});
    branch(b1, "cf.br", 2, V(x, x), 1, (tcir_block *[]){b2});
    bin(b2, "arith.addi", y, z);
    ret(b2, 0, NULL);
    ret(b3, 0, NULL);
    assert_prints(m, false,
                  "module {\n"
                  "  tt.func public @k(%arg0: i1, %arg1: i32) attributes {noinline = false} {\n"
                  "    cf.cond_br %arg0, ^bb2(%arg1, %arg1 : i32, i32), ^bb1(%arg1 : i32)\n"
                  "  ^bb1(%0: i32):  // pred: ^bb0\n"
                  "    cf.br ^bb2(%0, %0 : i32, i32)\n"
                  "  ^bb2(%1: i32, %2: i32):  // 2 preds: ^bb0, ^bb1\n"
                  "    %3 = arith.addi %1, %2 : i32\n"
                  "    tt.return\n"
                  "  ^bb3:  // no predecessors\n"
                  "    tt.return\n"
                  "  }\n"
                  "}\n");
    assert_line(m, true,
                "\"cf.cond_br\"(%arg0, %arg1, %arg1, %arg1)[^bb2, ^bb1] <{operandSegmentSizes = array<i32: 1, 2, 1>}> : "
                "(i1, i32, i32, i32) -> ()");
    assert_line(m, true, "\"cf.br\"(%0, %0)[^bb2] : (i32, i32) -> ()");
}

/* tcir_block_reorder_front relinks the first ops of a block in a given order, once with ops
 * after them, once with the whole block. */
static void reordering_the_front_of_a_block(void **state)
{
    (void)state;
    tcir_op *m = module_create();
    tcir_block *b = func_create(m, "k", 0, NULL, NULL, NULL);
    tcir_value *c1 = cst(b, tcir_attr_int(C, 1, i32()), i32());
    tcir_value *c2 = cst(b, tcir_attr_int(C, 2, i32()), i32());
    tcir_value *c3 = cst(b, tcir_attr_int(C, 3, i32()), i32());
    bin(b, "arith.addi", c1, c2);
    ret(b, 0, NULL);
    tcir_op *first = tcir_value_def(c1), *second = tcir_value_def(c2), *third = tcir_value_def(c3);
    tcir_op *add = tcir_op_next(third);
    tcir_block_reorder_front(b, (tcir_op *[]){third, first, second}, 3, add);
    assert_prints(m, false,
                  "module {\n"
                  "  tt.func public @k() attributes {noinline = false} {\n"
                  "    %c3_i32 = arith.constant 3 : i32\n"
                  "    %c1_i32 = arith.constant 1 : i32\n"
                  "    %c2_i32 = arith.constant 2 : i32\n"
                  "    %0 = arith.addi %c1_i32, %c2_i32 : i32\n"
                  "    tt.return\n"
                  "  }\n"
                  "}\n");
    assert_ptr_equal(tcir_op_prev(add), second);
    assert_ptr_equal(tcir_block_first(b), third);
    tcir_op *end = tcir_block_last(b);
    tcir_block_reorder_front(b, (tcir_op *[]){end, add, second, first, third}, 5, NULL);
    assert_ptr_equal(tcir_block_first(b), end);
    assert_ptr_equal(tcir_block_last(b), third);
    assert_null(tcir_op_prev(end));
    assert_null(tcir_op_next(third));
    assert_ptr_equal(tcir_op_prev(third), first);
    tcir_block_reorder_front(b, NULL, 0, NULL); /* nothing to do */
    assert_ptr_equal(tcir_block_first(b), end);
}

static void while_without_results_and_for_over_index(void **state)
{
    (void)state;
    tcir_op *m = module_create();
    tcir_block *b = func_create(m, "k", 1, T(i1()), NULL, NULL);
    tcir_op *w = op_full(b, "scf.while", 0, NULL, 0, NULL, 0, NULL, 2);
    tcir_block *before = tcir_region_add_block(C, tcir_op_region(w, 0));
    op1(before, "scf.condition", NULL, 1, V(arg(b, 0)), NULL, NULL);
    yield(tcir_region_add_block(C, tcir_op_region(w, 1)), 0, NULL);
    const tcir_type *idx = tcir_type_index(C);
    tcir_value *c0 = cint(b, 0, idx), *c1 = cint(b, 1, idx);
    tcir_block *body;
    tcir_op *loop = scf_for(b, c0, c1, c1, 1, V(c0), &body);
    yield(body, 1, V(arg(body, 1)));
    tcir_op *ifop = op_full(b, "scf.if", 0, NULL, 1, V(arg(b, 0)), 0, NULL, 2);
    yield(tcir_region_add_block(C, tcir_op_region(ifop, 0)), 0, NULL);
    yield(tcir_region_add_block(C, tcir_op_region(ifop, 1)), 0, NULL);
    (void)loop;
    ret(b, 0, NULL);
    assert_prints(m, false,
                  "module {\n"
                  "  tt.func public @k(%arg0: i1) attributes {noinline = false} {\n"
                  "    scf.while : () -> () {\n"
                  "      scf.condition(%arg0)\n"
                  "    } do {\n"
                  "      scf.yield\n"
                  "    }\n"
                  "    %c0 = arith.constant 0 : index\n"
                  "    %c1 = arith.constant 1 : index\n"
                  "    %0 = scf.for %arg1 = %c0 to %c1 step %c1 iter_args(%arg2 = %c0) -> (index) {\n"
                  "      scf.yield %arg2 : index\n"
                  "    }\n"
                  "    scf.if %arg0 {\n"
                  "    } else {\n"
                  "    }\n"
                  "    tt.return\n"
                  "  }\n"
                  "}\n");
}

/* Lines taken from Triton 3.6's reference output (shapes, memory, dots, debug_and_asm,
 * descriptors); enum attributes built with tcir_attr_enum. */
static void more_triton_ops_print_as_triton(void **state)
{
    (void)state;
    tcir_op *m = module_create();
    const tcir_type *t2 = tensor2(16, 32, f32()), *ti2 = tensor2(16, 32, i32()), *t16 = tensor1(16, i32());
    const tcir_type *t3 = tcir_type_tensor(C, 3, (int64_t[]){16, 32, 2}, f32());
    const tcir_type *tp = tensor1(64, ptr(f32())), *tf = tensor1(64, f32()), *tm = tensor1(64, i1());
    const tcir_type *h = tcir_type_float(C, TCIR_F16);
    const tcir_type *desc = tcir_type_tensordesc(C, tensor2(64, 64, f32()));
    tcir_block *b = func_create(
        m, "k", 12, T(t2, t2, t16, ti2, tp, tf, tm, tensor2(64, 32, h), tensor2(32, 64, h), tensor2(64, 64, f32()), desc, i32()),
        NULL, NULL);
    op1(b, "tt.trans", t2, 1, V(arg(b, 0)), "order", tcir_attr_array_i32(C, 2, (int32_t[]){1, 0}));
    op1(b, "tt.join", t3, 2, V(arg(b, 0), arg(b, 1)), NULL, NULL);
    op1(b, "tt.cat", tensor1(32, i32()), 2, V(arg(b, 2), arg(b, 2)), NULL, NULL);
    op1(b, "tt.gather", t2, 2, V(arg(b, 0), arg(b, 3)), "axis", tcir_attr_int(C, 0, i32()));
    op1(b, "tt.histogram", t16, 1, V(arg(b, 2)), NULL, NULL);
    tcir_op *rmw = tcir_value_def(op1(b, "tt.atomic_rmw", tf, 3, V(arg(b, 4), arg(b, 5), arg(b, 6)), "atomic_rmw_op",
                                      tcir_attr_enum(C, "fadd", "5 : i32")));
    tcir_op_set_attr(C, rmw, "sem", tcir_attr_enum(C, "acq_rel", "4 : i32"), true);
    tcir_op_set_attr(C, rmw, "scope", tcir_attr_enum(C, "gpu", "1 : i32"), true);
    tcir_op *cas = tcir_value_def(op1(b, "tt.atomic_cas", tf, 3, V(arg(b, 4), arg(b, 5), arg(b, 5)), "sem",
                                      tcir_attr_enum(C, "acq_rel", "4 : i32")));
    tcir_op_set_attr(C, cas, "scope", tcir_attr_enum(C, "gpu", "1 : i32"), true);
    op1(b, "tt.dot", tensor2(64, 64, f32()), 3, V(arg(b, 7), arg(b, 8), arg(b, 9)), "inputPrecision",
        tcir_attr_enum(C, "tf32", "0 : i32"));
    tcir_op *dot = tcir_value_def(op1(b, "tt.dot", tensor2(64, 64, f32()), 3, V(arg(b, 7), arg(b, 8), arg(b, 9)),
                                      "inputPrecision", tcir_attr_enum(C, "ieee", "2 : i32")));
    tcir_op_set_attr(C, dot, "maxNumImpreciseAcc", tcir_attr_int(C, 32, i32()), true);
    op1(b, "tt.print", NULL, 1, V(arg(b, 5)), "prefix", tcir_attr_string(C, " a=: "));
    tcir_op *print = tcir_block_last(b);
    tcir_op_set_attr(C, print, "hex", tcir_attr_bool(C, false), true);
    tcir_op_set_attr(C, print, "isSigned", tcir_attr_array_i32(C, 1, (int32_t[]){0}), true);
    op1(b, "tt.assert", NULL, 1, V(arg(b, 6)), "message", tcir_attr_string(C, "oops"));
    tcir_value *t = cst(b, tcir_attr_bool(C, true), i1());
    op1(b, "llvm.intr.assume", NULL, 1, V(t), NULL, NULL);
    op1(b, "tt.elementwise_inline_asm", tf, 1, V(arg(b, 5)), "asm_string", tcir_attr_string(C, "mov.b32 $0, $1;"));
    op1(b, "tt.extern_elementwise", tf, 1, V(arg(b, 5)), "symbol", tcir_attr_string(C, "__nv_tanhf"));
    op1(b, "tt.descriptor_load", tensor2(64, 64, f32()), 3, V(arg(b, 10), arg(b, 11), arg(b, 11)), NULL, NULL);
    op1(b, "tt.descriptor_store", NULL, 4, V(arg(b, 10), arg(b, 9), arg(b, 11), arg(b, 11)), NULL, NULL);
    op1(b, "tt.ptr_to_int", i64(), 1, V(arg(b, 4)), NULL, NULL);
    ret(b, 0, NULL);
    assert_line(m, false, "%0 = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<16x32xf32>");
    assert_line(m, false, "%1 = tt.join %arg0, %arg1 : tensor<16x32xf32> -> tensor<16x32x2xf32>");
    assert_line(m, false, "%2 = tt.cat %arg2, %arg2 : tensor<16xi32> -> tensor<32xi32>");
    assert_line(m, false, "%3 = tt.gather %arg0[%arg3] {axis = 0 : i32} : (tensor<16x32xf32>, tensor<16x32xi32>) -> "
                          "tensor<16x32xf32>");
    assert_line(m, false, "%4 = tt.histogram %arg2 : tensor<16xi32> -> tensor<16xi32>");
    assert_line(m, false, "%5 = tt.atomic_rmw fadd, acq_rel, gpu, %arg4, %arg5, %arg6 : (tensor<64x!tt.ptr<f32>>, "
                          "tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>");
    assert_line(m, false, "%6 = tt.atomic_cas acq_rel, gpu, %arg4, %arg5, %arg5 : (tensor<64x!tt.ptr<f32>>, "
                          "tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>");
    assert_line(m, false, "%7 = tt.dot %arg7, %arg8, %arg9, inputPrecision = tf32 : tensor<64x32xf16> * "
                          "tensor<32x64xf16> -> tensor<64x64xf32>");
    assert_line(m, false, "%8 = tt.dot %arg7, %arg8, %arg9 {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf16> * "
                          "tensor<32x64xf16> -> tensor<64x64xf32>");
    assert_line(m, false, "tt.print \" a=: \" {hex = false, isSigned = array<i32: 0>} : %arg5 : tensor<64xf32>");
    assert_line(m, false, "tt.assert %arg6, \"oops\" : tensor<64xi1>");
    assert_line(m, false, "llvm.intr.assume %true : i1");
    assert_line(m, false, "%9 = tt.elementwise_inline_asm \"mov.b32 $0, $1;\" %arg5 : tensor<64xf32> -> tensor<64xf32>");
    assert_line(m, false, "%10 = tt.extern_elementwise %arg5 {symbol = \"__nv_tanhf\"} : (tensor<64xf32>) -> "
                          "tensor<64xf32>");
    assert_line(m, false, "%11 = tt.descriptor_load %arg10[%arg11, %arg11] : !tt.tensordesc<tensor<64x64xf32>> -> "
                          "tensor<64x64xf32>");
    assert_line(m, false, "tt.descriptor_store %arg10[%arg11, %arg11], %arg9 : !tt.tensordesc<tensor<64x64xf32>>, "
                          "tensor<64x64xf32>");
    assert_line(m, false, "%12 = tt.ptr_to_int %arg4 : tensor<64x!tt.ptr<f32>> -> i64");
}

/* ---- generic form, attributes, locations, fallbacks --------------------------------------------- */

static tcir_op *build_small_kernel(void)
{
    tcir_op *m = module_create();
    const tcir_type *tf = tensor1(4, f32()), *tp = tensor1(4, ptr(f32()));
    tcir_op *f;
    tcir_block *b = func_create(m, "k", 2, T(ptr(f32()), i32()), (bool[]){true, false}, &f);
    tcir_value *one = cdense_f(b, 1.0, tf);
    tcir_value *offs = make_range(b, 0, 4);
    tcir_value *p = addptr(b, splat(b, arg(b, 0), tp), offs);
    tcir_value *mask = cmp(b, "arith.cmpi", "slt", offs, splat(b, arg(b, 1), tensor1(4, i32())));
    tcir_value *x = load(b, 3, V(p, mask, one));
    tcir_op_set_attr(C, tcir_value_def(x), "cache", ir_enum_cache(C, "cg"), true);
    store(b, 3, V(p, bin(b, "arith.addf", x, one), mask));
    ret(b, 0, NULL);
    (void)f;
    return m;
}

static void generic_form_of_a_small_kernel(void **state)
{
    (void)state;
    assert_prints(build_small_kernel(), true,
                  "\"builtin.module\"() ({\n"
                  "  \"tt.func\"() <{arg_attrs = [{tt.divisibility = 16 : i32}, {}], function_type = (!tt.ptr<f32>, "
                  "i32) -> (), sym_name = \"k\", sym_visibility = \"public\"}> ({\n"
                  "  ^bb0(%arg0: !tt.ptr<f32>, %arg1: i32):\n"
                  "    %0 = \"arith.constant\"() <{value = dense<1.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>\n"
                  "    %1 = \"tt.make_range\"() <{end = 4 : i32, start = 0 : i32}> : () -> tensor<4xi32>\n"
                  "    %2 = \"tt.splat\"(%arg0) : (!tt.ptr<f32>) -> tensor<4x!tt.ptr<f32>>\n"
                  "    %3 = \"tt.addptr\"(%2, %1) : (tensor<4x!tt.ptr<f32>>, tensor<4xi32>) -> tensor<4x!tt.ptr<f32>>\n"
                  "    %4 = \"tt.splat\"(%arg1) : (i32) -> tensor<4xi32>\n"
                  "    %5 = \"arith.cmpi\"(%1, %4) <{predicate = 2 : i64}> : (tensor<4xi32>, tensor<4xi32>) -> "
                  "tensor<4xi1>\n"
                  "    %6 = \"tt.load\"(%3, %5, %0) <{cache = 3 : i32, operandSegmentSizes = array<i32: 1, 1, 1>}> : "
                  "(tensor<4x!tt.ptr<f32>>, tensor<4xi1>, tensor<4xf32>) -> tensor<4xf32>\n"
                  "    %7 = \"arith.addf\"(%6, %0) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, "
                  "tensor<4xf32>) -> tensor<4xf32>\n"
                  "    \"tt.store\"(%3, %7, %5) : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>, tensor<4xi1>) -> ()\n"
                  "    \"tt.return\"() : () -> ()\n"
                  "  }) {noinline = false} : () -> ()\n"
                  "}) : () -> ()\n");
}

static void locations_follow_ops_that_have_one(void **state)
{
    (void)state;
    tcir_op *m = module_create();
    tcir_block *b = func_create(m, "k", 1, T(i32()), NULL, NULL);
    tcir_op *op = tcir_op_create(C, &(tcir_op_state){.name = "arith.addi",
                                                     .loc = {"kernels/a \"b\".c", 12, 0},
                                                     .noperands = 2,
                                                     .operands = V(arg(b, 0), arg(b, 0)),
                                                     .nresults = 1,
                                                     .result_types = T(i32())});
    tcir_block_append(b, op);
    tcir_op *r = tcir_op_create(C, &(tcir_op_state){.name = "tt.return", .loc = {"k.c", 3, 7}});
    tcir_block_append(b, r);
    char *s = print_op(m, false, true);
    assert_string_equal(s, "module {\n"
                           "  tt.func public @k(%arg0: i32) attributes {noinline = false} {\n"
                           "    %0 = arith.addi %arg0, %arg0 : i32 loc(\"kernels/a \\22b\\22.c\":12:0)\n"
                           "    tt.return loc(\"k.c\":3:7)\n"
                           "  }\n"
                           "}\n");
    free(s);
    s = print_op(m, true, true);
    assert_non_null(strstr(s, "\"tt.return\"() : () -> () loc(\"k.c\":3:7)\n"));
    free(s);
}

/* The printer keeps the escaped text of the last location's file: files that alternate, and
 * two copies of one file name, still print each location in full. */
static void locations_of_several_files_print_in_full(void **state)
{
    (void)state;
    static const char other_copy[] = "a.c";
    tcir_op *m = module_create();
    tcir_block *b = func_create(m, "k", 1, T(i32()), NULL, NULL);
    const char *files[] = {"a.c", "dir/\"q\"\n.c", "a.c", other_copy};
    tcir_value *x = arg(b, 0);
    for (int i = 0; i < 4; i++) {
        tcir_op *op = tcir_op_create(C, &(tcir_op_state){.name = "arith.addi",
                                                         .loc = {files[i], 10 + i, i},
                                                         .noperands = 2,
                                                         .operands = V(x, x),
                                                         .nresults = 1,
                                                         .result_types = T(i32())});
        tcir_block_append(b, op);
        x = tcir_op_result(op, 0);
    }
    tcir_block_append(b, tcir_op_create(C, &(tcir_op_state){.name = "tt.return", .loc = {"a.c", 1000, 0}}));
    char *s = print_op(m, false, true);
    assert_string_equal(s, "module {\n"
                           "  tt.func public @k(%arg0: i32) attributes {noinline = false} {\n"
                           "    %0 = arith.addi %arg0, %arg0 : i32 loc(\"a.c\":10:0)\n"
                           "    %1 = arith.addi %0, %0 : i32 loc(\"dir/\\22q\\22\\0A.c\":11:1)\n"
                           "    %2 = arith.addi %1, %1 : i32 loc(\"a.c\":12:2)\n"
                           "    %3 = arith.addi %2, %2 : i32 loc(\"a.c\":13:3)\n"
                           "    tt.return loc(\"a.c\":1000:0)\n"
                           "  }\n"
                           "}\n");
    free(s);
}

static void unknown_ops_print_generic_with_every_attribute_kind(void **state)
{
    (void)state;
    tcir_op *m = module_create();
    tcir_block *b = func_create(m, "k", 1, T(i32()), NULL, NULL);
    const tcir_attr *items[] = {tcir_attr_int(C, 1, i64()), tcir_attr_float(C, 2.5, tcir_type_float(C, TCIR_F64)),
                                tcir_attr_int(C, 3, i32()), tcir_attr_string(C, "s")};
    tcir_named_attr d[] = {{"b", tcir_attr_unit(C), false}, {"a", tcir_attr_type(C, i32()), false}};
    tcir_named_attr attrs[] = {
        {"str", tcir_attr_string(C, "x\"y\\z\t"), false},
        {"arr", tcir_attr_array(C, 4, items), false},
        {"unit", tcir_attr_unit(C), false},
        {"sym", tcir_attr_symbol(C, "my.func"), true},
        {"odd-name", tcir_attr_symbol(C, "a-b"), false},
        {"dict", tcir_attr_dict(C, 2, d), false},
        {"ai", tcir_attr_array_i32(C, 2, (int32_t[]){1, 0}), true},
        {"op", tcir_attr_opaque(C, "#foo<bar>"), false},
        {"en", ir_enum_cmpi(C, "sge"), true},
        {"f64", tcir_attr_float(C, 0.25, tcir_type_float(C, TCIR_F64)), false},
        {"i1", tcir_attr_int(C, 1, i1()), false},
    };
    tcir_op *op = op_full(b, "my.op", 1, T(i32()), 1, V(arg(b, 0)), (int)(sizeof attrs / sizeof *attrs), attrs, 1);
    tcir_block *rb = tcir_region_add_block(C, tcir_op_region(op, 0));
    tcir_block_add_arg(C, rb, f32(), (tcir_loc){0});
    op1(rb, "my.end", NULL, 0, NULL, NULL, NULL);
    /* A known op whose form does not fit (2 results) falls back to generic too. */
    op_full(b, "arith.addi", 2, T(i32(), i32()), 2, V(arg(b, 0), arg(b, 0)), 0, NULL, 0);
    ret(b, 0, NULL);
    assert_prints(m, false,
                  "module {\n"
                  "  tt.func public @k(%arg0: i32) attributes {noinline = false} {\n"
                  "    %0 = \"my.op\"(%arg0) <{ai = array<i32: 1, 0>, en = 5 : i64, sym = @my.func}> ({\n"
                  "    ^bb0(%arg1: f32):\n"
                  "      \"my.end\"() : () -> ()\n"
                  "    }) {arr = [1, 2.500000e+00, 3 : i32, \"s\"], dict = {a = i32, b}, f64 = 2.500000e-01 : f64, "
                  "i1 = true, \"odd-name\" = @\"a-b\", op = #foo<bar>, str = \"x\\22y\\\\z\\09\", unit} : (i32) -> "
                  "i32\n"
                  "    %1:2 = \"arith.addi\"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> "
                  "(i32, i32)\n"
                  "    tt.return\n"
                  "  }\n"
                  "}\n");
}

/* Kinds share the attribute's storage: each accessor answers for its own kinds only, and 0 or
 * NULL for the others. */
static void attribute_accessors_answer_for_their_kinds(void **state)
{
    (void)state;
    const tcir_attr *f = tcir_attr_float(C, 2.5, f32()), *i = tcir_attr_int(C, -7, i32());
    const tcir_attr *e = tcir_attr_enum(C, "slt", "2 : i64"), *d = tcir_attr_dense(C, f, tensor1(4, f32()));
    const int32_t v[] = {3, 4};
    const tcir_attr *arr = tcir_attr_array_i32(C, 2, v), *s = tcir_attr_string(C, "x");
    assert_int_equal(tcir_attr_int_value(i), -7);
    assert_int_equal(tcir_attr_int_value(f), 0);
    assert_true(tcir_attr_float_value(f) == 2.5);
    assert_true(tcir_attr_float_value(i) == 0.0);
    assert_string_equal(tcir_attr_enum_generic(e), "2 : i64");
    assert_string_equal(tcir_attr_str(e), "slt");
    assert_null(tcir_attr_enum_generic(d));
    assert_null(tcir_attr_enum_generic(arr));
    assert_ptr_equal(tcir_attr_dense_elem(d), f);
    assert_null(tcir_attr_dense_elem(e));
    assert_null(tcir_attr_dense_elem(arr));
    assert_null(tcir_attr_str(i));
    assert_null(tcir_attr_str(arr));
    assert_string_equal(tcir_attr_str(s), "x");
    assert_int_equal(tcir_attr_array_size(arr), 2);
    assert_int_equal(tcir_attr_array_i32_at(arr, 1), 4);
    assert_int_equal(tcir_attr_array_size(e), 0);
    assert_int_equal(tcir_attr_array_size(i), 0);
    assert_true(tcir_attr_equal(tcir_attr_float(C, 2.5, f32()), f));
    assert_false(tcir_attr_equal(tcir_attr_int(C, 0, f32()), tcir_attr_float(C, 0.0, f32())));
}

static void module_attributes_and_function_results(void **state)
{
    (void)state;
    tcir_op *m = module_create();
    tcir_op_set_attr(C, m, "ttg.num-warps", tcir_attr_int(C, 4, i32()), false);
    tcir_op *f = op_full(tcir_region_first_block(tcir_op_region(m, 0)), "tt.func", 0, NULL, 0, NULL, 0, NULL, 1);
    tcir_op_set_attr(C, f, "sym_name", tcir_attr_string(C, "helper"), true);
    tcir_op_set_attr(C, f, "function_type",
                     tcir_attr_type(C, tcir_type_func(C, 1, T(f32()), 1, T(f32()))), true);
    tcir_block *b = tcir_region_add_block(C, tcir_op_region(f, 0));
    tcir_value *x = tcir_block_add_arg(C, b, f32(), (tcir_loc){0});
    ret(b, 1, V(x));
    assert_prints(m, false,
                  "module attributes {\"ttg.num-warps\" = 4 : i32} {\n"
                  "  tt.func @helper(%arg0: f32) -> f32 {\n"
                  "    tt.return %arg0 : f32\n"
                  "  }\n"
                  "}\n");
}

/* Attribute aliases, as MLIR prints them: `#name = definition` above the module (the aliases a
 * definition uses first, each once, in both forms), `#name` where used (mlir-opt-22 prints the
 * same for the LLVM dialect's loop annotations). */
static void attribute_aliases(void **state)
{
    (void)state;
    const tcir_attr *licm = tcir_attr_alias(C, "loop_licm", "#llvm.loop_licm<disable = true, versioningDisable = true>", 0, NULL);
    const tcir_attr *note = tcir_attr_alias(C, "loop_annotation", "#llvm.loop_annotation<licm = #loop_licm>", 1, &licm);
    assert_string_equal(tcir_attr_str(note), "loop_annotation");
    assert_string_equal(tcir_attr_alias_definition(note), "#llvm.loop_annotation<licm = #loop_licm>");
    assert_int_equal(tcir_attr_alias_nuses(note), 1);
    assert_ptr_equal(tcir_attr_alias_use(note, 0), licm);
    assert_null(tcir_attr_alias_use(note, 1));
    assert_null(tcir_attr_alias_definition(tcir_attr_unit(C)));
    assert_true(tcir_attr_equal(note, tcir_attr_alias(C, "loop_annotation", "#llvm.loop_annotation<licm = #loop_licm>",
                                                       1, &licm)));
    assert_false(tcir_attr_equal(note, licm));
    assert_null(tcir_attr_alias(C, NULL, "x", 0, NULL));
    assert_null(tcir_attr_alias(C, "x", "y", 1, NULL));
    tcir_op *m = module_create();
    tcir_block *b = func_create(m, "k", 0, NULL, NULL, NULL);
    tcir_named_attr attrs[] = {{"llvm.loop_annotation", note, false}, {"other", licm, false}};
    op_full(b, "my.op", 0, NULL, 0, NULL, 2, attrs, 0);
    op_full(b, "my.op", 0, NULL, 0, NULL, 1, attrs, 0);
    ret(b, 0, NULL);
    assert_prints(m, false,
                  "#loop_licm = #llvm.loop_licm<disable = true, versioningDisable = true>\n"
                  "#loop_annotation = #llvm.loop_annotation<licm = #loop_licm>\n"
                  "module {\n"
                  "  tt.func public @k() attributes {noinline = false} {\n"
                  "    \"my.op\"() {llvm.loop_annotation = #loop_annotation, other = #loop_licm} : () -> ()\n"
                  "    \"my.op\"() {llvm.loop_annotation = #loop_annotation} : () -> ()\n"
                  "    tt.return\n"
                  "  }\n"
                  "}\n");
}

/* Short i32 arrays are memoized by contents: every one keeps exactly what it was made with,
 * whatever shares a memo slot or reuses the caller's buffer, and equal contents give one. */
static void short_i32_arrays_keep_their_contents(void **state)
{
    (void)state;
    enum { N = 300 };
    const tcir_attr *made[N];
    int32_t want[N][10], buf[10];
    unsigned seed = 12345;
    for (int k = 0; k < N; k++) {
        int n = 1 + k % 10; /* past the memo's longest (8) too */
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            want[k][i] = buf[i] = (int32_t)(seed >> 16) % 3; /* few values: many equal arrays */
        }
        made[k] = tcir_attr_array_i32(C, n, buf); /* the same buffer every time */
        assert_non_null(made[k]);
        buf[0] = 99; /* the attribute holds a copy */
    }
    for (int k = 0; k < N; k++) {
        int n = 1 + k % 10;
        assert_int_equal(tcir_attr_array_size(made[k]), n);
        for (int i = 0; i < n; i++)
            assert_int_equal(tcir_attr_array_i32_at(made[k], i), want[k][i]);
    }
    const tcir_attr *a = tcir_attr_array_i32(C, 3, (int32_t[]){1, 1, 1});
    assert_ptr_equal(tcir_attr_array_i32(C, 3, (int32_t[]){1, 1, 1}), a);
    assert_ptr_not_equal(tcir_attr_array_i32(C, 3, (int32_t[]){1, 1, 0}), a);
    assert_int_equal(tcir_attr_array_i32_at(a, 2), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(arith_float_kernel_matches_triton, setup, teardown),
        cmocka_unit_test_setup_teardown(control_kernel_matches_triton, setup, teardown),
        cmocka_unit_test_setup_teardown(constant_names_share_one_suffix_counter, setup, teardown),
        cmocka_unit_test_setup_teardown(short_i32_arrays_keep_their_contents, setup, teardown),
        cmocka_unit_test_setup_teardown(nested_regions_number_after_their_parent, setup, teardown),
        cmocka_unit_test_setup_teardown(sibling_functions_restart_numbering, setup, teardown),
        cmocka_unit_test_setup_teardown(split_names_its_results_and_groups_use_hash, setup, teardown),
        cmocka_unit_test_setup_teardown(floats_print_as_mlir_does, setup, teardown),
        cmocka_unit_test_setup_teardown(dense_splats_print_their_element, setup, teardown),
        cmocka_unit_test_setup_teardown(ops_print_in_triton_form, setup, teardown),
        cmocka_unit_test_setup_teardown(every_arith_and_math_op_prints_pretty, setup, teardown),
        cmocka_unit_test_setup_teardown(branches_print_operands_and_predecessors, setup, teardown),
        cmocka_unit_test_setup_teardown(reordering_the_front_of_a_block, setup, teardown),
        cmocka_unit_test_setup_teardown(while_without_results_and_for_over_index, setup, teardown),
        cmocka_unit_test_setup_teardown(more_triton_ops_print_as_triton, setup, teardown),
        cmocka_unit_test_setup_teardown(generic_form_of_a_small_kernel, setup, teardown),
        cmocka_unit_test_setup_teardown(locations_follow_ops_that_have_one, setup, teardown),
        cmocka_unit_test_setup_teardown(locations_of_several_files_print_in_full, setup, teardown),
        cmocka_unit_test_setup_teardown(unknown_ops_print_generic_with_every_attribute_kind, setup, teardown),
        cmocka_unit_test_setup_teardown(attribute_accessors_answer_for_their_kinds, setup, teardown),
        cmocka_unit_test_setup_teardown(module_attributes_and_function_results, setup, teardown),
        cmocka_unit_test_setup_teardown(attribute_aliases, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
