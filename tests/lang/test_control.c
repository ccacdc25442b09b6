/* Control flow: scoped scf.for / scf.if / scf.while, early returns, and their misuse. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/tritonc.h"

#define HEAD(args) "module {\n  tt.func public @k(" args ") attributes {noinline = false} {\n"
#define TAIL "    tt.return\n  }\n}\n"

static void expect_text(tl_builder *b, const char *want)
{
    char *got = tl_finish(b);
    if (!got)
        fail_msg("finish failed: %s", tl_builder_error(b));
    if (strcmp(got, want) != 0)
        fprintf(stderr, "got:\n%s", got); /* cmocka truncates long strings */
    assert_string_equal(got, want);
    free(got);
    tl_builder_destroy(b);
}

static void expect_error_at(tl_builder *b, int line, const char *want)
{
    assert_null(tl_finish(b));
    const char *msg = tl_builder_error(b);
    assert_non_null(msg);
    char full[512];
    snprintf(full, sizeof full, "%s:%d: %s", __FILE__, line, want);
    assert_string_equal(msg, full);
    tl_builder_destroy(b);
}

static void for_loop_with_carried_values(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value acc = tl_load(p);
    tl_scope loop = tl_for(b, 0, n, 4, .inits = TL_VALUES(acc, p));
    tl_value next = tl_add(loop.args[0], tl_load(loop.args[1]));
    tl_yield(&loop, next, tl_addptr(loop.args[1], loop.iv));
    tl_store(p, loop.results[0]);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: i32")
                   "    %c4_i32 = arith.constant 4 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %1:2 = scf.for %arg2 = %c0_i32 to %arg1 step %c4_i32 iter_args(%arg3 = %0, %arg4 = %arg0) "
                   "-> (f32, !tt.ptr<f32>)  : i32 {\n"
                   "      %2 = tt.load %arg4 : !tt.ptr<f32>\n"
                   "      %3 = arith.addf %arg3, %2 : f32\n"
                   "      %4 = tt.addptr %arg4, %arg2 : !tt.ptr<f32>, i32\n"
                   "      scf.yield %3, %4 : f32, !tt.ptr<f32>\n"
                   "    }\n"
                   "    tt.store %arg0, %1#0 : !tt.ptr<f32>\n" TAIL);
}

/* A negative literal step counts down: Python swaps the bounds and maps the variable back
 * (ub - iv + lb), in the bounds' common type. */
static void for_loop_counting_down(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value m = tl_arg(b, "m", TL_SCALAR(TL_I64));
    tl_scope loop = tl_for(b, n, 0, -2);
    tl_store(tl_addptr(p, loop.iv), 1.0);
    tl_end(&loop);
    tl_scope wide = tl_for(b, m, n, -1);
    tl_store(tl_addptr(p, wide.iv), 2.0);
    tl_end(&wide);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: i32, %arg2: i64")
                   "    %c1_i64 = arith.constant 1 : i64\n"
                   "    %c2_i32 = arith.constant 2 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %cst = arith.constant 2.000000e+00 : f32\n"
                   "    %cst_0 = arith.constant 1.000000e+00 : f32\n"
                   "    scf.for %arg3 = %c0_i32 to %arg1 step %c2_i32  : i32 {\n"
                   "      %1 = arith.subi %arg1, %arg3 : i32\n"
                   "      %2 = arith.addi %1, %c0_i32 : i32\n"
                   "      %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32\n"
                   "      tt.store %3, %cst_0 : !tt.ptr<f32>\n"
                   "    }\n"
                   "    %0 = arith.extsi %arg1 : i32 to i64\n"
                   "    scf.for %arg3 = %0 to %arg2 step %c1_i64  : i64 {\n"
                   "      %1 = arith.subi %arg2, %arg3 : i64\n"
                   "      %2 = arith.addi %1, %0 : i64\n"
                   "      %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i64\n"
                   "      tt.store %3, %cst : !tt.ptr<f32>\n"
                   "    }\n" TAIL);
}

static void range_attributes_and_i64_bounds(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I64));
    tl_scope loop = tl_for(b, 0, n, 1, .num_stages = 3, .loop_unroll_factor = 2, .flatten = true);
    tl_yield(&loop);
    expect_text(b, HEAD("%arg0: i64")
                   "    %c1_i64 = arith.constant 1 : i64\n"
                   "    %c0_i64 = arith.constant 0 : i64\n"
                   "    scf.for %arg1 = %c0_i64 to %arg0 step %c1_i64  : i64 {\n"
                   "    } {tt.flatten, tt.loop_unroll_factor = 2 : i32, tt.num_stages = 3 : i32}\n" TAIL);
}

static void if_else_with_results_and_if_without(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value x = tl_load(p);
    tl_scope s = tl_if(tl_gt(x, 10));
    tl_else(&s, tl_add(x, 1));
    tl_yield(&s, tl_sub(x, 1));
    tl_scope t = tl_if(tl_eq(s.results[0], 0));
    tl_store(p, s.results[0]);
    tl_yield(&t);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}")
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %c10_i32 = arith.constant 10 : i32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<i32>\n"
                   "    %1 = arith.cmpi sgt, %0, %c10_i32 : i32\n"
                   "    %2 = scf.if %1 -> (i32) {\n"
                   "      %4 = arith.addi %0, %c1_i32 : i32\n"
                   "      scf.yield %4 : i32\n"
                   "    } else {\n"
                   "      %4 = arith.subi %0, %c1_i32 : i32\n"
                   "      scf.yield %4 : i32\n"
                   "    }\n"
                   "    %3 = arith.cmpi eq, %2, %c0_i32 : i32\n"
                   "    scf.if %3 {\n"
                   "      tt.store %arg0, %2 : !tt.ptr<i32>\n"
                   "    }\n" TAIL);
}

static void while_loop(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope w = tl_while(b, .inits = TL_VALUES(tl_lit(0)));
    tl_do(&w, tl_lt(w.args[0], n), w.args[0]);
    tl_yield(&w, tl_add(w.args[0], 3));
    tl_value i = w.results[0];
    (void)i;
    expect_text(b, HEAD("%arg0: i32")
                   "    %c3_i32 = arith.constant 3 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %0 = scf.while (%arg1 = %c0_i32) : (i32) -> i32 {\n"
                   "      %1 = arith.cmpi slt, %arg1, %arg0 : i32\n"
                   "      scf.condition(%1) %arg1 : i32\n"
                   "    } do {\n"
                   "    ^bb0(%arg1: i32):\n"
                   "      %1 = arith.addi %arg1, %c3_i32 : i32\n"
                   "      scf.yield %1 : i32\n"
                   "    }\n" TAIL);
}

/* Python's form: a tt.return at each return site. */
static void early_returns_inline(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_return_if(tl_ge(n, 8), .inline_return = true);
    tl_scope r = tl_return_if_open(tl_lt(n, 0), .inline_return = true);
    tl_store(p, n);
    tl_yield(&r);
    tl_store(p, tl_add(n, 1));
    expect_text(b, HEAD("%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: i32")
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c8_i32 = arith.constant 8 : i32\n"
                   "    %0 = arith.cmpi sge, %arg1, %c8_i32 : i32\n"
                   "    cf.cond_br %0, ^bb1, ^bb2\n"
                   "  ^bb1:  // pred: ^bb0\n"
                   "    tt.return\n"
                   "  ^bb2:  // pred: ^bb0\n"
                   "    %1 = arith.cmpi slt, %arg1, %c0_i32 : i32\n"
                   "    cf.cond_br %1, ^bb3, ^bb4\n"
                   "  ^bb3:  // pred: ^bb2\n"
                   "    tt.store %arg0, %arg1 : !tt.ptr<i32>\n"
                   "    tt.return\n"
                   "  ^bb4:  // pred: ^bb2\n"
                   "    %2 = arith.addi %arg1, %c1_i32 : i32\n"
                   "    tt.store %arg0, %2 : !tt.ptr<i32>\n" TAIL);
}

/* The default: every return goes through one exit block, last in the function. */
static void early_returns_shared_exit(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_return_if(tl_ge(n, 8));
    tl_scope r = tl_return_if_open(tl_lt(n, 0));
    tl_store(p, n);
    tl_yield(&r);
    tl_store(p, n);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: i32")
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %c8_i32 = arith.constant 8 : i32\n"
                   "    %0 = arith.cmpi sge, %arg1, %c8_i32 : i32\n"
                   "    cf.cond_br %0, ^bb4, ^bb1\n"
                   "  ^bb1:  // pred: ^bb0\n"
                   "    %1 = arith.cmpi slt, %arg1, %c0_i32 : i32\n"
                   "    cf.cond_br %1, ^bb2, ^bb3\n"
                   "  ^bb2:  // pred: ^bb1\n"
                   "    tt.store %arg0, %arg1 : !tt.ptr<i32>\n"
                   "    cf.br ^bb4\n"
                   "  ^bb3:  // pred: ^bb1\n"
                   "    tt.store %arg0, %arg1 : !tt.ptr<i32>\n"
                   "    cf.br ^bb4\n"
                   "  ^bb4:  // 3 preds: ^bb0, ^bb2, ^bb3\n" TAIL);
}

static void nested_scopes(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_scope outer = tl_for(b, 0, 4, 1);
    tl_scope inner = tl_for(b, 0, outer.iv, 1);
    tl_scope cond = tl_if(tl_eq(inner.iv, 2));
    tl_store(tl_addptr(p, inner.iv), outer.iv);
    tl_yield(&cond);
    tl_yield(&inner);
    tl_yield(&outer);
    char *text = tl_finish(b);
    assert_non_null(text);
    assert_non_null(strstr(text, "        scf.if %0 {\n          %1 = tt.addptr %arg0, %arg2 : !tt.ptr<i32>, i32\n"));
    free(text);
    tl_builder_destroy(b);
}

/* ---- misuse ------------------------------------------------------------------------------- */

static void error_yield_arity(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope loop = tl_for(b, 0, n, 1, .inits = TL_VALUES(n));
    int line = __LINE__ + 1;
    tl_yield(&loop);
    expect_error_at(b, line, "tl_yield: for loop: 0 value(s) given, 1 expected");
}

static void error_yield_type(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope loop = tl_for(b, 0, n, 1, .inits = TL_VALUES(n));
    int line = __LINE__ + 1;
    tl_yield(&loop, tl_to(loop.args[0], TL_F32));
    expect_error_at(b, line, "tl_yield: for loop: value #0 has type f32, expected i32");
}

static void error_closing_the_wrong_scope(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope outer = tl_for(b, 0, n, 1);
    int inner_line = __LINE__ + 1;
    tl_scope inner = tl_for(b, 0, n, 1);
    (void)inner;
    int line = __LINE__ + 1;
    tl_yield(&outer);
    char want[512];
    snprintf(want, sizeof want, "tl_yield: this scope is not the innermost open one: close the tl_for opened at %s:%d first",
             __FILE__, inner_line);
    expect_error_at(b, line, want);
}

/* A copy of a scope closed through another copy. */
static void error_closing_a_copy_of_a_closed_scope(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope loop = tl_for(b, 0, n, 1);
    tl_scope copy = loop;
    tl_end(&copy);
    int line = __LINE__ + 1;
    tl_end(&loop);
    expect_error_at(b, line, "tl_end: this scope is not the innermost open one (it was closed, or this is a copy)");
}

/* A scope never closed is reported at the line that opened it (the innermost one). */
static void error_scope_open_at_finish(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    int line = __LINE__ + 1;
    tl_scope s = tl_if(tl_gt(n, 0));
    (void)s;
    expect_error_at(b, line, "tl_if: tl_if opened here is never closed");
}

static void error_loops_open_at_finish(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope outer = tl_for(b, 0, n, 1);
    int line = __LINE__ + 1;
    tl_scope inner = tl_for(b, 0, outer.iv, 1);
    (void)inner;
    expect_error_at(b, line, "tl_for: tl_for opened here is never closed");

    b = tl_builder_create("k");
    n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    line = __LINE__ + 1;
    tl_scope w = tl_while(b, .inits = TL_VALUES(n));
    tl_do(&w, tl_lt(w.args[0], 4), w.args[0]); /* the body left open: reported at its while */
    expect_error_at(b, line, "tl_while: tl_while opened here is never closed");

    b = tl_builder_create("k");
    n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    line = __LINE__ + 1;
    tl_scope s = tl_if(tl_gt(n, 0));
    tl_else(&s); /* the else left open: reported at its if */
    expect_error_at(b, line, "tl_if: tl_if opened here is never closed");

    b = tl_builder_create("k");
    n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    line = __LINE__ + 1;
    tl_scope r = tl_return_if_open(tl_gt(n, 0));
    (void)r;
    expect_error_at(b, line, "tl_return_if_open: tl_return_if_open opened here is never closed");
}

static void error_do_forwards_the_wrong_count(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope w = tl_while(b, .inits = TL_VALUES(n, tl_add(n, 1)));
    int line = __LINE__ + 1;
    tl_do(&w, tl_lt(w.args[0], 4), w.args[0]);
    tl_yield(&w, w.args[0], w.args[1]);
    expect_error_at(b, line, "tl_do: the condition forwards 1 value(s), the loop carries 2");

    b = tl_builder_create("k");
    n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    w = tl_while(b, .inits = TL_VALUES(n));
    line = __LINE__ + 1;
    tl_do(&w, tl_lt(w.args[0], 4), w.args[0], n);
    tl_yield(&w, w.args[0]);
    expect_error_at(b, line, "tl_do: the condition forwards 2 value(s), the loop carries 1");
}

/* After an error, scopes have poison args and results of the right length (issue 8: reading
 * loop.args[0] crashed): code written for success runs on, and the first error stays. */
static void no_crash_after_an_error(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    int line = __LINE__ + 1;
    tl_value bad = tl_arange(b, 0, 48);
    tl_scope loop = tl_for(b, 0, n, 1, .inits = TL_VALUES(bad, n));
    assert_int_equal(loop.n, 2);
    tl_value acc = tl_add(loop.args[0], loop.args[1]);
    tl_yield(&loop, acc, loop.args[1]);
    acc = tl_add(loop.results[0], loop.results[1]);
    assert_true(tl_value_is_poison(loop.results[1]));

    tl_scope s = tl_if(tl_gt(acc, 0));
    tl_else(&s, acc, n);
    tl_yield(&s, acc, n);
    assert_int_equal(s.nresults, 2);
    acc = tl_add(s.results[0], s.results[1]);

    tl_scope w = tl_while(b, .inits = TL_VALUES(acc, n, n));
    tl_do(&w, tl_lt(w.args[0], 4), w.args[0], w.args[1], w.args[2]);
    tl_yield(&w, w.args[0], w.args[1], w.args[2]);
    assert_int_equal(w.nresults, 3);
    acc = tl_add(w.results[2], 1);

    tl_scope r = tl_return_if_open(tl_gt(acc, 0));
    tl_yield(&r);
    expect_error_at(b, line, "tl_arange: arange's range must be a power of 2 (got 48)");
}

/* A literal step of INT64_MIN cannot count down: its negation (Python's 2**63) is no int64. A clear
 * error at the call, not a signed overflow (found by fuzz_api under UBSan). */
static void error_step_int64_min(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I64));
    int line = __LINE__ + 1;
    tl_scope loop = tl_for(b, n, 0, INT64_MIN);
    tl_store(tl_addptr(tl_arg(b, "p", TL_PTR(TL_I64)), 0), loop.iv);
    tl_end(&loop);
    expect_error_at(b, line,
                    "tl_for: the loop's step -9223372036854775808 cannot count down: its negation overflows int64");
}

/* The opening call's own failure gives the same usable scope. */
static void no_crash_when_the_open_fails(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    int line = __LINE__ + 1;
    tl_scope loop = tl_for(b, 0, 4.5, 1, .inits = TL_VALUES(n, n, n));
    assert_int_equal(loop.n, 3);
    assert_int_equal(loop.nresults, 3);
    tl_value x = tl_add(loop.args[2], loop.results[2]);
    tl_yield(&loop, x, x, x);
    tl_store(tl_addptr(tl_arg(b, "p", TL_PTR(TL_I32)), 0), loop.results[0]);
    expect_error_at(b, line, "tl_for: the loop's upper bound must be an integer scalar, not f32");

    /* no builder at all: nothing to record on, still nothing to crash on */
    tl_scope none = tl_for(NULL, 0, 4, 1, .inits = TL_VALUES(tl_lit(1)));
    assert_int_equal(none.n, 1);
    assert_true(tl_value_is_poison(none.args[0]));
    tl_yield(&none, none.args[0]);
    tl_scope w = tl_while(NULL, .inits = TL_VALUES(tl_lit(1), tl_lit(2)));
    tl_do(&w, tl_lit(true), w.args[0], w.args[1]);
    assert_true(tl_value_is_poison(w.results[1]));
}

/* A scope's results exist once it is closed: using one inside the scope is an error at that
 * call (it was a verifier error at tl_finish, "does not dominate this use"). */
static void error_results_used_inside_their_scope(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope loop = tl_for(b, 0, n, 1, .inits = TL_VALUES(n));
    int line = __LINE__ + 1;
    tl_value x = tl_add(loop.results[0], 1);
    tl_yield(&loop, x);
    expect_error_at(b, line, "tl_add: argument #1 is a poison value");

    b = tl_builder_create("k");
    n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope s = tl_if(tl_gt(n, 0));
    tl_else(&s, n);
    line = __LINE__ + 1;
    tl_yield(&s, tl_add(s.results[0], 1));
    expect_error_at(b, line, "tl_add: argument #1 is a poison value");
}

/* Scopes nest to TL_MAX_NESTING: that many loops, one inside the other, each carrying n (one
 * more: tests/lang/test_lang_faults.c). */
static void scopes_nest_to_the_limit(void **state)
{
    (void)state;
    enum { DEPTH = TL_MAX_NESTING };
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    static tl_scope loops[DEPTH];
    for (int i = 0; i < DEPTH; i++)
        loops[i] = tl_for(b, 0, n, 1, .carry = TL_VARS(&n));
    for (int i = DEPTH - 1; i >= 0; i--) {
        n = tl_add(n, loops[i].args[0]);
        tl_end(&loops[i]);
    }
    char *text = tl_finish(b);
    assert_non_null(text);
    int fors = 0;
    for (const char *p = text; (p = strstr(p, "scf.for")) != NULL; p++)
        fors++;
    assert_int_equal(fors, DEPTH);
    free(text);
    tl_builder_destroy(b);
}

/* A scope pointer that names no builder (never opened) is ignored: the open scope, if any,
 * is what tl_finish reports. */
static void never_opened_scope_is_ignored(void **state)
{
    (void)state;
    tl_scope blank = {0};
    tl_end(&blank);
    tl_else(&blank);
    tl_do(&blank, tl_lit(true));
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    int line = __LINE__ + 1;
    tl_scope loop = tl_for(b, 0, n, 1);
    (void)loop;
    tl_end(&blank);
    expect_error_at(b, line, "tl_for: tl_for opened here is never closed");
}

static void error_return_inside_a_loop(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope loop = tl_for(b, 0, n, 1);
    int line = __LINE__ + 1;
    tl_return_if(tl_gt(loop.iv, 3));
    expect_error_at(b, line, "tl_return_if: an early return is only allowed in the function's own body, not inside a "
                             "loop or branch (scf regions cannot return)");
}

static void error_value_used_outside_its_scope(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope loop = tl_for(b, 0, n, 1);
    int made = __LINE__ + 1;
    tl_value inside = tl_add(loop.iv, 1);
    tl_yield(&loop);
    int line = __LINE__ + 1;
    tl_mul(inside, 2);
    char want[256]; /* the message names the line that made the value */
    snprintf(want, sizeof want,
             "tl_mul: arith.muli: operand #0, made at %s:%d, was defined inside a scope that is closed (or not "
             "entered) here",
             __FILE__, made);
    expect_error_at(b, line, want);
}

static void error_if_with_values_needs_else(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope s = tl_if(tl_gt(n, 0));
    int line = __LINE__ + 1;
    tl_yield(&s, n);
    expect_error_at(b, line, "tl_yield: an if that yields values needs an else: close the then-branch with tl_else");
}

static void error_while_without_condition(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_scope w = tl_while(b);
    int line = __LINE__ + 1;
    tl_yield(&w);
    expect_error_at(b, line, "tl_yield: give the while's condition with tl_do first");
}

static void error_closed_scope(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_scope loop = tl_for(b, 0, 4, 1);
    tl_yield(&loop);
    int line = __LINE__ + 1;
    tl_yield(&loop);
    expect_error_at(b, line, "tl_yield: the scope is closed (or was never opened)");
}

static void error_float_loop_bound(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    int line = __LINE__ + 1;
    tl_scope loop = tl_for(b, 0, 4.5, 1);
    (void)loop;
    expect_error_at(b, line, "tl_for: the loop's upper bound must be an integer scalar, not f32");
}

/* A condition that is a C number is decided in C, as Python decides one on a constexpr: the
 * branch not taken emits nothing (its C runs, its ops are dropped, its constants too), the one
 * taken emits inline, carried variables keep the taken branch's values. */
static void constant_conditions_are_decided(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value one = tl_lit_int(1); /* an argument specialized to 1 */
    tl_scope dead = tl_if(0);
    tl_store(p, 7);
    tl_end(&dead);
    tl_value x = tl_load(p), y = tl_add(x, 1);
    tl_scope s = tl_if(one, .carry = TL_VARS(&x, &y));
    x = tl_add(x, 2);
    tl_else(&s);
    y = tl_add(y, 3);
    tl_end(&s);
    tl_scope t = tl_if(0.0, .carry = TL_VARS(&x, &y));
    x = tl_mul(x, 5);
    tl_else(&t);
    y = tl_mul(y, 6);
    tl_end(&t);
    tl_store(p, tl_add(x, y));
    expect_text(b, HEAD("%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}")
                   "    %c6_i32 = arith.constant 6 : i32\n"
                   "    %c2_i32 = arith.constant 2 : i32\n"
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<i32>\n"
                   "    %1 = arith.addi %0, %c1_i32 : i32\n"
                   "    %2 = arith.addi %0, %c2_i32 : i32\n"
                   "    %3 = arith.muli %1, %c6_i32 : i32\n"
                   "    %4 = arith.addi %2, %3 : i32\n"
                   "    tt.store %arg0, %4 : !tt.ptr<i32>\n" TAIL);
}

/* A decided if in the explicit form: the results are the taken branch's values. */
static void constant_condition_explicit_results(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value x = tl_load(p);
    tl_scope s = tl_if(tl_lit_bool(false));
    tl_else(&s, tl_add(x, 1));
    tl_yield(&s, tl_add(x, 4));
    tl_store(p, s.results[0]);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}")
                   "    %c4_i32 = arith.constant 4 : i32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<i32>\n"
                   "    %1 = arith.addi %0, %c4_i32 : i32\n"
                   "    tt.store %arg0, %1 : !tt.ptr<i32>\n" TAIL);
}

/* A value made in the branch not taken does not escape. */
static void error_value_of_a_branch_not_taken(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_scope s = tl_if(0);
    int made = __LINE__ + 1;
    tl_value v = tl_load(p);
    tl_end(&s);
    int line = __LINE__ + 1;
    tl_store(p, v);
    char want[256];
    snprintf(want, sizeof want,
             "tl_store: tt.store: operand #1, made at %s:%d, was defined inside a scope that is closed (or not "
             "entered) here",
             __FILE__, made);
    expect_error_at(b, line, want);
}

/* if <constexpr true>: return ends the body (Python leaves what follows in a dead block that
 * the canonicalizer drops); a false one emits nothing, its branch included. */
static void constant_early_returns(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_return_if(0);
    tl_scope r = tl_return_if_open(0);
    tl_store(p, 5);
    tl_end(&r);
    tl_store(p, 1);
    tl_scope q = tl_return_if_open(1, .inline_return = true);
    tl_store(p, 2);
    tl_end(&q);
    tl_store(p, 7);
    tl_return_if(tl_gt(n, 0));
    tl_store(p, 8);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: i32")
                   "    %c2_i32 = arith.constant 2 : i32\n"
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    tt.store %arg0, %c1_i32 : !tt.ptr<i32>\n"
                   "    tt.store %arg0, %c2_i32 : !tt.ptr<i32>\n" TAIL);
    b = tl_builder_create("k");
    p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_return_if(1);
    tl_store(p, 7);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}") TAIL);
}

/* A variable reassigned in a branch that returns gets its value back at tl_end (.carry), as
 * Python's rebinding dies with the branch; without it, using the value after is an error that
 * names the line that made it. */
static void early_return_branch_restores_its_variables(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value x = tl_load(p);
    tl_scope r = tl_return_if_open(tl_gt(n, 0), .inline_return = true, .carry = TL_VARS(&x));
    x = tl_add(x, 1);
    tl_store(p, x);
    tl_end(&r);
    tl_store(p, x);
    expect_text(b, HEAD("%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: i32")
                   "    %c1_i32 = arith.constant 1 : i32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<i32>\n"
                   "    %1 = arith.cmpi sgt, %arg1, %c0_i32 : i32\n"
                   "    cf.cond_br %1, ^bb1, ^bb2\n"
                   "  ^bb1:  // pred: ^bb0\n"
                   "    %2 = arith.addi %0, %c1_i32 : i32\n"
                   "    tt.store %arg0, %2 : !tt.ptr<i32>\n"
                   "    tt.return\n"
                   "  ^bb2:  // pred: ^bb0\n"
                   "    tt.store %arg0, %0 : !tt.ptr<i32>\n" TAIL);
    b = tl_builder_create("k");
    p = tl_arg(b, "p", TL_PTR(TL_I32));
    n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    x = tl_load(p);
    r = tl_return_if_open(tl_gt(n, 0));
    int made = __LINE__ + 1;
    x = tl_add(x, 1);
    tl_end(&r);
    int line = __LINE__ + 1;
    tl_store(p, x);
    char want[256];
    snprintf(want, sizeof want,
             "tl_store: tt.store: operand #1, made at %s:%d, was defined inside a scope that is closed (or not "
             "entered) here",
             __FILE__, made);
    expect_error_at(b, line, want);
}

/* A loop that reassigns a variable it does not carry makes a value nothing uses: an error at
 * the line that made it (the result was the first block, read again each iteration). */
static void error_loop_reassigns_a_variable_not_carried(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value acc = tl_zeros(b, TL_SHAPE(64), TL_F32);
    tl_value p = tl_addptr(x, tl_arange(b, 0, 64));
    tl_scope loop = tl_for(b, 0, n, 1, .carry = TL_VARS(&acc));
    acc = tl_add(acc, tl_load(p));
    int line = __LINE__ + 1;
    p = tl_addptr(p, 64);
    tl_end(&loop);
    tl_store(p, acc);
    expect_error_at(b, line,
                    "tt.addptr: this value, made in the loop from one from before it, is used by nothing in the loop "
                    "and not carried out of it: a variable the loop reassigns must be carried (.carry = "
                    "TL_VARS(&acc, &it)); for a value meant to be unused, give the loop .allow_unused = true");
    /* the escape hatch */
    b = tl_builder_create("k");
    x = tl_arg(b, "x", TL_PTR(TL_F32));
    n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_scope w = tl_for(b, 0, n, 1, .allow_unused = true);
    tl_addptr(x, 64);
    tl_end(&w);
    char *text = tl_finish(b);
    assert_non_null(text);
    free(text);
    tl_builder_destroy(b);
}

/* Python's `x = tl.load(p) if pid > 0 else 0.0` and `y = x * 2.0 if x > 1.0 else x - 1.0`: each
 * branch's ops in its region (visit_IfExp), nested ternaries too. */
static void runtime_ternary(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value o = tl_arg(b, "o", TL_PTR(TL_F32));
    tl_value pid = tl_program_id(b, 0);
    tl_value x = TL_IFEXP(tl_gt(pid, 0), tl_load(p), 0.0);
    tl_value y = TL_IFEXP(tl_gt(x, 1.0), tl_mul(x, 2.0), TL_IFEXP(tl_lt(x, 0.0), tl_neg(x), tl_sub(x, 1.0)));
    tl_store(o, y);
    expect_text(b, HEAD("%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = "
                        "16 : i32}")
                   "    %cst = arith.constant 2.000000e+00 : f32\n"
                   "    %cst_0 = arith.constant 1.000000e+00 : f32\n"
                   "    %cst_1 = arith.constant 0.000000e+00 : f32\n"
                   "    %c0_i32 = arith.constant 0 : i32\n"
                   "    %0 = tt.get_program_id x : i32\n"
                   "    %1 = arith.cmpi sgt, %0, %c0_i32 : i32\n"
                   "    %2 = scf.if %1 -> (f32) {\n"
                   "      %5 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "      scf.yield %5 : f32\n"
                   "    } else {\n"
                   "      scf.yield %cst_1 : f32\n"
                   "    }\n"
                   "    %3 = arith.cmpf ogt, %2, %cst_0 : f32\n"
                   "    %4 = scf.if %3 -> (f32) {\n"
                   "      %5 = arith.mulf %2, %cst : f32\n"
                   "      scf.yield %5 : f32\n"
                   "    } else {\n"
                   "      %5 = arith.cmpf olt, %2, %cst_1 : f32\n"
                   "      %6 = scf.if %5 -> (f32) {\n"
                   "        %7 = arith.subf %cst_1, %2 : f32\n"
                   "        scf.yield %7 : f32\n"
                   "      } else {\n"
                   "        %7 = arith.subf %2, %cst_0 : f32\n"
                   "        scf.yield %7 : f32\n"
                   "      }\n"
                   "      scf.yield %6 : f32\n"
                   "    }\n"
                   "    tt.store %arg1, %4 : !tt.ptr<f32>\n" TAIL);
}

/* Unsloth's cross entropy: names first defined in both branches of a runtime if, declared
 * TL_UNSET: no constant before the if, yielded after the others and sorted by name. */
static void names_defined_in_both_branches(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value o = tl_arg(b, "o", TL_PTR(TL_F32));
    tl_value acc = tl_load(p);
    tl_value m = TL_UNSET, loss = TL_UNSET;
    tl_scope s = tl_if(tl_gt(acc, 0.0), .carry = TL_VARS(&m, &acc, &loss));
    m = tl_mul(acc, 2.0);
    loss = tl_load(p);
    acc = tl_add(acc, 1.0);
    tl_else(&s);
    loss = tl_const(b, 0.0, TL_F32);
    m = acc;
    tl_end(&s);
    tl_store(o, tl_add(tl_add(loss, m), acc));
    expect_text(b, HEAD("%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = "
                        "16 : i32}")
                   "    %cst = arith.constant 1.000000e+00 : f32\n"
                   "    %cst_0 = arith.constant 2.000000e+00 : f32\n"
                   "    %cst_1 = arith.constant 0.000000e+00 : f32\n"
                   "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "    %1 = arith.cmpf ogt, %0, %cst_1 : f32\n"
                   "    %2:3 = scf.if %1 -> (f32, f32, f32) {\n"
                   "      %5 = arith.mulf %0, %cst_0 : f32\n"
                   "      %6 = tt.load %arg0 : !tt.ptr<f32>\n"
                   "      %7 = arith.addf %0, %cst : f32\n"
                   "      scf.yield %7, %6, %5 : f32, f32, f32\n"
                   "    } else {\n"
                   "      scf.yield %0, %cst_1, %0 : f32, f32, f32\n"
                   "    }\n"
                   "    %3 = arith.addf %2#1, %2#2 : f32\n"
                   "    %4 = arith.addf %3, %2#0 : f32\n"
                   "    tt.store %arg1, %4 : !tt.ptr<f32>\n" TAIL);
}

static void error_unset_defined_in_one_branch(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value loss = TL_UNSET;
    tl_scope s = tl_if(tl_gt(tl_load(p), 0.0), .carry = TL_VARS(&loss));
    loss = tl_load(p);
    tl_else(&s);
    tl_end(&s);
    expect_error_at(b, __LINE__ - 1,
                    "tl_end: loss (TL_UNSET before the if) is defined in the then-branch only: Python does not see it after "
                    "the if; define it in both branches, or give it a value before the if");
}

static void error_unset_in_if_without_else(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value loss = TL_UNSET;
    tl_scope s = tl_if(tl_gt(tl_load(p), 0.0), .carry = TL_VARS(&loss));
    loss = tl_load(p);
    tl_end(&s);
    expect_error_at(b, __LINE__ - 1,
                    "tl_end: loss (TL_UNSET before the if) is defined in the then-branch only: Python does not see it after "
                    "the if; define it in both branches, or give it a value before the if");
}

static void error_unset_types_differ(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value loss = TL_UNSET;
    tl_scope s = tl_if(tl_gt(tl_load(p), 0.0), .carry = TL_VARS(&loss));
    loss = tl_load(p);
    tl_else(&s);
    loss = tl_const_int(b, 0, TL_I32);
    tl_end(&s);
    expect_error_at(b, __LINE__ - 1, "tl_end: loss has type f32 in the then-branch and i32 in the else-branch");
}

static void error_unset_used(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F32));
    tl_value loss = TL_UNSET;
    tl_store(p, loss);
    expect_error_at(b, __LINE__ - 1,
                    "tl_store: value is TL_UNSET: it has no value yet (only a runtime tl_if's .carry may list it)");
}

static void error_unset_carried_by_a_loop(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value loss = TL_UNSET;
    tl_scope l = tl_for(b, 0, 4, 1, .carry = TL_VARS(&loss));
    tl_end(&l);
    expect_error_at(b, __LINE__ - 2,
                    "tl_for: carried variable loss is TL_UNSET: only a tl_if's branches may give a variable its first value; "
                    "give it one before this scope");
}

static void error_ternary_types_differ(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_F16));
    tl_value x = TL_IFEXP(tl_gt(tl_program_id(b, 0), 0), tl_load(p), 0.0);
    tl_store(p, x);
    expect_error_at(b, __LINE__ - 2, "TL_IFEXP: if: value #0 has type f32, expected f16");
}

/* tl.range(disable_licm=True) and tl.condition(..., disable_licm=True): the loop's
 * llvm.loop_annotation, printed through MLIR's aliases above the module */
static void loops_disable_licm(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value acc = tl_load(x);
    tl_scope l = tl_for(b, 0, n, 1, .carry = TL_VARS(&acc), .num_stages = 2, .disable_licm = true);
    acc = tl_add(acc, 1.0);
    tl_end(&l);
    tl_value i = tl_to_tensor(b, 0);
    tl_scope w = tl_while(b, .carry = TL_VARS(&i), .disable_licm = true);
    tl_do(&w, tl_lt(i, n));
    i = tl_add(i, 1);
    tl_end(&w);
    tl_store(x, tl_add(acc, tl_to(i, TL_F32)));
    char *got = tl_finish(b);
    assert_non_null(got);
    assert_string_equal(got, "#loop_licm = #llvm.loop_licm<disable = true, versioningDisable = true>\n"
                             "#loop_annotation = #llvm.loop_annotation<licm = #loop_licm>\n"
                             "module {\n"
                             "  tt.func public @k(%arg0: !tt.ptr<f32>, %arg1: i32) attributes {noinline = false} {\n"
                             "    %cst = arith.constant 1.000000e+00 : f32\n" /* Triton 3.6's order (an H100 run) */
                             "    %c1_i32 = arith.constant 1 : i32\n"
                             "    %c0_i32 = arith.constant 0 : i32\n"
                             "    %0 = tt.load %arg0 : !tt.ptr<f32>\n"
                             "    %1 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %0) -> (f32)  : i32 {\n"
                             "      %5 = arith.addf %arg3, %cst : f32\n"
                             "      scf.yield %5 : f32\n"
                             "    } {llvm.loop_annotation = #loop_annotation, tt.num_stages = 2 : i32}\n"
                             "    %2 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {\n"
                             "      %5 = arith.cmpi slt, %arg2, %arg1 : i32\n"
                             "      scf.condition(%5) %arg2 : i32\n"
                             "    } do {\n"
                             "    ^bb0(%arg2: i32):\n"
                             "      %5 = arith.addi %arg2, %c1_i32 : i32\n"
                             "      scf.yield %5 : i32\n"
                             "    } attributes {llvm.loop_annotation = #loop_annotation}\n"
                             "    %3 = arith.sitofp %2 : i32 to f32\n"
                             "    %4 = arith.addf %1, %3 : f32\n"
                             "    tt.store %arg0, %4 : !tt.ptr<f32>\n"
                             "    tt.return\n"
                             "  }\n"
                             "}\n");
    free(got);
    tl_builder_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(for_loop_with_carried_values),
        cmocka_unit_test(for_loop_counting_down),
        cmocka_unit_test(range_attributes_and_i64_bounds),
        cmocka_unit_test(if_else_with_results_and_if_without),
        cmocka_unit_test(while_loop),
        cmocka_unit_test(early_returns_inline),
        cmocka_unit_test(early_returns_shared_exit),
        cmocka_unit_test(nested_scopes),
        cmocka_unit_test(error_step_int64_min),
        cmocka_unit_test(error_yield_arity),
        cmocka_unit_test(error_yield_type),
        cmocka_unit_test(error_closing_the_wrong_scope),
        cmocka_unit_test(error_closing_a_copy_of_a_closed_scope),
        cmocka_unit_test(error_scope_open_at_finish),
        cmocka_unit_test(error_loops_open_at_finish),
        cmocka_unit_test(error_do_forwards_the_wrong_count),
        cmocka_unit_test(no_crash_after_an_error),
        cmocka_unit_test(no_crash_when_the_open_fails),
        cmocka_unit_test(error_results_used_inside_their_scope),
        cmocka_unit_test(scopes_nest_to_the_limit),
        cmocka_unit_test(never_opened_scope_is_ignored),
        cmocka_unit_test(error_return_inside_a_loop),
        cmocka_unit_test(error_value_used_outside_its_scope),
        cmocka_unit_test(error_if_with_values_needs_else),
        cmocka_unit_test(error_while_without_condition),
        cmocka_unit_test(error_closed_scope),
        cmocka_unit_test(error_float_loop_bound),
        cmocka_unit_test(constant_conditions_are_decided),
        cmocka_unit_test(constant_condition_explicit_results),
        cmocka_unit_test(error_value_of_a_branch_not_taken),
        cmocka_unit_test(constant_early_returns),
        cmocka_unit_test(early_return_branch_restores_its_variables),
        cmocka_unit_test(error_loop_reassigns_a_variable_not_carried),
        cmocka_unit_test(runtime_ternary),
        cmocka_unit_test(names_defined_in_both_branches),
        cmocka_unit_test(error_unset_defined_in_one_branch),
        cmocka_unit_test(error_unset_in_if_without_else),
        cmocka_unit_test(error_unset_types_differ),
        cmocka_unit_test(error_unset_used),
        cmocka_unit_test(error_unset_carried_by_a_loop),
        cmocka_unit_test(error_ternary_types_differ),
        cmocka_unit_test(loops_disable_licm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
