/* tritonc/control.h - control flow: scoped loops and branches, and early returns.
 *
 * A scope is opened by a call that returns a tl_scope, filled with ordinary statements and
 * closed by tl_end. It carries C variables, named by address: at open the builder rebinds
 * them to the region's arguments, the body assigns them as ordinary C, and at close the
 * builder reads their values as the region's yield and writes the op's results back into
 * them. Python's
 *
 *     for k in range(0, n, B):          tl_scope loop = tl_for(b, 0, n, B, .carry = TL_VARS(&acc, &p)); tl_value k = loop.iv;
 *         acc += tl.load(p, ...)            acc = tl_add(acc, tl_load(p, ...));
 *         p += B                            p = tl_addptr(p, B);
 *                                       tl_end(&loop);
 *
 *     if x > 10:                        tl_scope s = tl_if(tl_gt(x, 10), .carry = TL_VARS(&acc));
 *         acc = acc + 1.0                   acc = tl_add(acc, 1.0);
 *     else:                             tl_else(&s);
 *         acc = acc - 1.0                   acc = tl_sub(acc, 1.0);
 *                                       tl_end(&s);
 *
 *     while i < n:                      tl_scope w = tl_while(b, .carry = TL_VARS(&i)); tl_do(&w, tl_lt(i, n));
 *         i += 3                            i = tl_add(i, 3);
 *                                       tl_end(&w);
 *
 *     if pid * B >= n: return           tl_return_if(tl_ge(tl_mul(pid, B), n), .inline_return = true);
 *
 *     if s > 0:                         tl_scope r = tl_return_if_open(tl_gt(s, 0.0), .inline_return = true);
 *         tl.store(o, s)                    tl_store(o, s);
 *         return                        tl_end(&r);
 *
 * Python's rules for what a scope carries hold (Triton 3.6's code generator):
 *   - The order is Python's, whatever the order of the list: the order in which the variables
 *     were first defined (kernel arguments first). The builder knows it from the values the
 *     variables hold when the scope opens: each value is numbered as it is made
 *     (tl_value.def_order), and a scope's results keep the numbers of the values they replace,
 *     so a variable keeps its place from scope to scope. Where that cannot tell
 *     (docs/control.md): a variable that holds a C number (tl_lit) while another is carried
 *     too is an error (make it with tl_const where Python assigns it); variables that hold one
 *     and the same value keep the list's order (both orders compute the same); a variable
 *     reassigned by plain code, before the scope, after a later variable was first defined
 *     takes the place of that reassignment (the same computation, the iter_args in another
 *     order than Python's: give such a loop the explicit form).
 *   - A listed variable that the body leaves unchanged (or sets back to its value before the
 *     scope) is not carried: no iter_arg, no result; it keeps its value.
 *   - tl_else restores the variables to their values before the if: the else branch sees
 *     those, as in Python. An if carries the variables whose values differ between its
 *     branches (an if without else: those its branch changed).
 *   - A while's condition region sees the variables as its arguments, and tl_do forwards them
 *     to the body (no values given).
 *   - A carried variable keeps its type: a body that changes it is an error at tl_end.
 * List every variable that exists before the scope and that its body assigns: one left out is
 * not carried (its body value is dropped at tl_end, and using it after is an error that names
 * the line that made it). A loop body that makes a value from one from before the loop with a
 * pure op (tl_addptr, tl_add...) and then uses it for nothing, nor yields it, is an error at that
 * line (the signature of `p = tl_addptr(p, 64)` with p not carried); .allow_unused = true on the
 * loop allows it.
 *
 * A variable that both branches of a runtime if first define (Python's name not defined before
 * the if) is declared `tl_value loss = TL_UNSET;` and listed in .carry: no value before the if;
 * the if yields such variables after the others, sorted by their C names (Python sorts those
 * names); one defined in one branch only, or with two types, is an error at tl_end. A TL_UNSET
 * value used anywhere else is an error at that call.
 *
 * A condition that is a C number (tl_if(0), tl_if(tl_lit_int(1)), an argument specialized to 1)
 * is decided in C, as Python decides an if on a constexpr: the branch taken is emitted inline,
 * the other's C runs but its ops are dropped (a value made there cannot be used after); carried
 * variables keep the taken branch's values. tl_return_if(1) (or tl_return_if_open(1)'s tl_end)
 * ends the kernel's body: tt.return, and what follows emits nothing. Its builder is the one alive
 * on the calling thread (docs/control.md). tl_return_if_open's .carry lists variables its branch
 * may assign: tl_end gives them back their values from before it.
 * The variables must hold a value of this builder when the scope opens. Inside the scope they
 * hold the region's arguments (then what the body assigns); after tl_end, the op's results (a
 * variable not carried: its value from before). iv, args and results stay readable too, in the
 * carried order.
 *
 * The explicit form, for what C variables cannot say (values that are not in variables, a
 * carried order of your own): give .inits (values) instead of .carry, read the region's
 * arguments from scope.args, close with tl_yield(&scope, values...) and read scope.results:
 *
 *     tl_scope loop = tl_for(b, 0, n, B, .inits = TL_VALUES(acc, p));
 *         tl_value acc_k = tl_add(loop.args[0], tl_load(loop.args[1], ...));
 *     tl_yield(&loop, acc_k, tl_addptr(loop.args[1], B));
 *     acc = loop.results[0]; p = loop.results[1];
 * In that form the order is the list's and every value listed is carried. An if yields with
 * tl_else(&s, values...) and tl_yield(&s, values...); a while forwards with
 * tl_do(&w, cond, values...) (as many as it carries).
 *
 * Misuse is an error at the C line of the call, as everywhere (see builder.h): a variable
 * listed twice, NULL or holding poison; .carry and .inits together; values given to the
 * closing call of a scope that carries variables; yielding or forwarding the wrong number or
 * types of values; closing a scope that is not the innermost open one, or one already closed;
 * an early return inside a loop or branch; using a value defined inside a closed scope, or a
 * scope's results inside it (they are poison until it closes). A
 * scope left open is reported at the line that opened it ("tl_for opened here is never
 * closed"). A NULL scope pointer written as such (tl_end(NULL)) does not compile.
 *
 * After an error (an earlier one, or the opening call's own), every scope call returns a scope
 * whose args and results are poison values of the right length, never NULL: code written for
 * success (acc = loop.args[0], the carried variables) runs on without crashing, and tl_finish
 * reports the first error. Scopes nest TL_MAX_NESTING (64) deep at most (builder.h); one that
 * would go deeper is an error at the call that opens it.
 *
 * Implemented in src/lang/scope.c (what the scopes share, tl_end) and scope_for.c, scope_if.c,
 * scope_while.c, scope_return.c (one kind of scope each), with carry.c (the carried C variables)
 * and rebuild.c.
 */
#ifndef TRITONC_CONTROL_H
#define TRITONC_CONTROL_H

#include "tritonc/export.h"
#include "tritonc/lang.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most values one scope carries. */
#define TL_MAX_CARRIED 128

/* A list of values: TL_VALUES(acc, p). */
typedef struct tl_values {
    int n;
    const tl_value *v;
} tl_values;
#define TL_VALUES(...) (TLX_LIT(tl_values){TLX_COUNT(tl_value, __VA_ARGS__), TLX_ARRAY(tl_value, __VA_ARGS__)})
/* The empty list (TL_VALUES() would be empty braces, which ISO C refuses). */
#define TL_NO_VALUES (TLX_LIT(tl_values){0, NULL})

/* A list of C variables, by address: TL_VARS(&acc, &p). `names` is the list as written
 * ("&acc, &p"), for messages. */
typedef struct tl_vars {
    int n;
    tl_value *const *v;
    const char *names;
} tl_vars;
#define TL_VARS(...)                                                                                                   \
    (TLX_LIT(tl_vars){TLX_COUNT(tl_value *, __VA_ARGS__), TLX_ARRAY(tl_value *, __VA_ARGS__), #__VA_ARGS__})

typedef enum tl_scope_kind {
    TL_SCOPE_NONE = 0,
    TL_SCOPE_FOR,
    TL_SCOPE_IF,
    TL_SCOPE_WHILE,
    TL_SCOPE_RETURN_IF
} tl_scope_kind;

typedef struct tl_carry tl_carry; /* the builder's record of a scope's C variables */

/* An open (or closed) scope. Read iv, n, args, nresults and results; the rest is the builder's. */
typedef struct tl_scope {
    tl_builder *b;
    tl_scope_kind kind;
    int phase; /* which region is open: 0 the first (for body, then, before), 1 the second */
    int depth; /* its place on the builder's scope stack, for mismatch checks */
    bool inline_return; /* TL_SCOPE_RETURN_IF: end with tt.return instead of a branch to one exit */
    bool allow_unused; /* loops: no check for values the body makes and nobody uses */
    tcir_op *op; /* the scf op (NULL for a return-if scope) */
    tcir_block *block; /* the block being filled */
    tl_site opened; /* the call that opened it */
    tl_carry *carry; /* the C variables it carries (NULL: the explicit form) */
    int decided; /* a condition that is a C number, decided in C: 1 true, 2 false; 0 not */
    int const_mark; /* decided: the constants made before the branch being filled */
    tl_value iv; /* for: the induction variable */
    int n; /* values carried (for, while) */
    const tl_value *args; /* for: the carried values inside the body; while: the before region's,
                          * then, after tl_do, the after region's. Never NULL (poison after an error) */
    int nresults;
    const tl_value *results; /* the op's results once the scope is closed (poison before: using one
                              * inside the scope is an error at that call). Never NULL */
    const tl_value *pending; /* the results until then (the builder's) */
} tl_scope;

/* Compile-time check that a scope argument is a tl_scope * (tl_end(NULL) does not compile). */
#ifdef __cplusplus
} /* extern "C" */
inline tl_scope *tlx_scope(tl_scope *s) { return s; }
void tlx_scope(decltype(nullptr)) = delete;
void tlx_scope(int) = delete;
void tlx_scope(long) = delete;
#define TLX_SCOPE(scope) tlx_scope(scope)
extern "C" {
#else
#define TLX_SCOPE(scope) _Generic((scope), tl_scope * : (scope))
#endif

/* ---- for ------------------------------------------------------------------------------- */

typedef struct tl_for_opts {
    tl_vars carry; /* C variables carried (the common form) */
    tl_values inits; /* or: carried values, initial (the explicit form) */
    int num_stages; /* tl.range(num_stages=...): 0 means not given */
    int loop_unroll_factor; /* 0: not given */
    bool disallow_acc_multi_buffer;
    bool flatten;
    bool warp_specialize;
    /* tl.range(disable_licm=True): the loop's llvm.loop_annotation, LLVM's licm disabled */
    bool disable_licm;
    bool allow_unused; /* the body may make values nothing uses (see below) */
} tl_for_opts;
/* for iv in range(lo, hi, step) / tl.range(...): bounds and step are integers (values or
 * C numbers, promoted to one type as Python does); a negative literal step counts down.
 * Opens the body; close it with tl_end (.carry) or tl_yield (.inits). */
TRITONC_API tl_scope tl_for_at(tl_site s, tl_builder *b, tl_value lo, tl_value hi, tl_value step, tl_for_opts o);
#define tl_for(...) TLX_CAT(tlx_for_, TLX_KW4(__VA_ARGS__))(__VA_ARGS__)
#define TLX_KW4(...) TLX_ARG16(__VA_ARGS__, K, K, K, K, K, K, K, K, K, K, K, P, _, _, _, _)
#define tlx_for_P(b, lo, hi, step)                                                                                     \
    tl_for_at(TL_SITE("tl_for"), (b), tl_lit(lo), tl_lit(hi), tl_lit(step), TLX_LIT(tl_for_opts){.num_stages = 0})
#define tlx_for_K(b, lo, hi, step, ...)                                                                                \
    tl_for_at(TL_SITE("tl_for"), (b), tl_lit(lo), tl_lit(hi), tl_lit(step), TLX_LIT(tl_for_opts){__VA_ARGS__})

/* ---- if / else -------------------------------------------------------------------------- */

typedef struct tl_if_opts {
    tl_vars carry; /* C variables the branches may assign */
} tl_if_opts;
/* if cond: opens the then-branch. cond is an i1 scalar (other scalars are compared with 0). */
TRITONC_API tl_scope tl_if_at(tl_site s, tl_value cond, tl_if_opts o);
#define tl_if(...) TLX_CAT(tlx_if_, TLX_KW1(__VA_ARGS__))(__VA_ARGS__)
#define tlx_if_P(cond) tl_if_at(TL_SITE("tl_if"), tl_lit(cond), TLX_LIT(tl_if_opts){.carry = {0, NULL, NULL}})
#define tlx_if_K(cond, ...) tl_if_at(TL_SITE("tl_if"), tl_lit(cond), TLX_LIT(tl_if_opts){__VA_ARGS__})
/* else: closes the then-branch and opens the else. With .carry, give no values: the carried
 * variables go back to their values before the if. Without, `values` are the then-branch's
 * yield (the if's results). */
TRITONC_API void tl_else_at(tl_site s, tl_scope *scope, tl_values values);
#define tl_else(...) TLX_CAT(tlx_else_, TLX_KW1(__VA_ARGS__))(__VA_ARGS__)
#define tlx_else_P(scope) tl_else_at(TL_SITE("tl_else"), TLX_SCOPE(scope), TLX_LIT(tl_values){0, NULL})
#define tlx_else_K(scope, ...) tl_else_at(TL_SITE("tl_else"), TLX_SCOPE(scope), TL_VALUES(__VA_ARGS__))

/* ---- the runtime ternary ------------------------------------------------------------------ */

/* Python's `a if cond else b`, an expression: TL_IFEXP(cond, a, b). On a runtime condition, an
 * scf.if whose then-branch computes a and yields it and whose else-branch computes b and yields
 * it (Triton's visit_IfExp): the macro opens the if before C evaluates a, and the else before b,
 * so each expression's ops land in its branch. a and b are values or C numbers (a C number is a
 * constant of its Python type, made in its branch) of one and the same type, as Python asserts.
 * A condition that is a C number is decided in C (as tl_if's). Each of a and b is evaluated once,
 * in that order; TL_IFEXP nests in either. */
#define TL_IFEXP(cond, a, b)                                                                                           \
    (tlx_ifexp_open_at(TL_SITE("TL_IFEXP"), tl_lit(cond)), tlx_ifexp_else_at(TL_SITE("TL_IFEXP"), tl_lit(a)),          \
     tlx_ifexp_end_at(TL_SITE("TL_IFEXP"), tl_lit(b)))
TRITONC_API int tlx_ifexp_open_at(tl_site s, tl_value cond);
TRITONC_API int tlx_ifexp_else_at(tl_site s, tl_value a);
TRITONC_API tl_value tlx_ifexp_end_at(tl_site s, tl_value b);

/* ---- while ------------------------------------------------------------------------------ */

typedef struct tl_while_opts {
    tl_vars carry; /* C variables carried (the common form) */
    tl_values inits; /* or: carried values, initial (the explicit form) */
    /* Python's `while tl.condition(cond, disable_licm=True):`, as tl.range's */
    bool disable_licm;
    bool allow_unused; /* the body may make values nothing uses (as tl_for's) */
} tl_while_opts;
/* while: opens the before-region (the condition), whose arguments carry the variables (or
 * `inits`). */
TRITONC_API tl_scope tl_while_at(tl_site s, tl_builder *b, tl_while_opts o);
#define tl_while(...) TLX_CAT(tlx_while_, TLX_KW1(__VA_ARGS__))(__VA_ARGS__)
#define tlx_while_P(b) tl_while_at(TL_SITE("tl_while"), (b), TLX_LIT(tl_while_opts){.inits = {0, NULL}})
#define tlx_while_K(b, ...) tl_while_at(TL_SITE("tl_while"), (b), TLX_LIT(tl_while_opts){__VA_ARGS__})
/* scf.condition(cond) values: ends the before-region and opens the after-region (the body).
 * With .carry, give no values: the variables are forwarded and rebound to the body's
 * arguments. Without, forward exactly as many values as the loop carries; scope->args become
 * the body's arguments. */
TRITONC_API void tl_do_at(tl_site s, tl_scope *scope, tl_value cond, tl_values values);
#define tl_do(...) TLX_CAT(tlx_do_, TLX_KW2(__VA_ARGS__))(__VA_ARGS__)
#define tlx_do_P(scope, cond) tl_do_at(TL_SITE("tl_do"), TLX_SCOPE(scope), tl_lit(cond), TLX_LIT(tl_values){0, NULL})
#define tlx_do_K(scope, cond, ...) tl_do_at(TL_SITE("tl_do"), TLX_SCOPE(scope), tl_lit(cond), TL_VALUES(__VA_ARGS__))

/* ---- early return ------------------------------------------------------------------------- */

typedef struct tl_return_opts {
    bool inline_return; /* a tt.return at this site (Python's form) instead of a branch to one
                         * shared exit block (the default) */
    tl_vars carry; /* tl_return_if_open: C variables the branch may assign; tl_end gives
                         * them back their values from before it (Python's rebinding dies with
                         * the branch that returns) */
} tl_return_opts;
/* if cond: return - only in the function's own body, not inside a loop or branch. Code after
 * it goes into a fresh fall-through block. */
TRITONC_API void tl_return_if_at(tl_site s, tl_value cond, tl_return_opts o);
#define tl_return_if(...) TLX_CAT(tlx_return_if_, TLX_KW1(__VA_ARGS__))(__VA_ARGS__)
#define tlx_return_if_P(cond) tl_return_if_at(TL_SITE("tl_return_if"), tl_lit(cond), TLX_ZERO(tl_return_opts))
#define tlx_return_if_K(cond, ...)                                                                                     \
    tl_return_if_at(TL_SITE("tl_return_if"), tl_lit(cond), TLX_LIT(tl_return_opts){__VA_ARGS__})
/* if cond: <side effects>; return - opens the taken branch; tl_end closes it with the return. */
TRITONC_API tl_scope tl_return_if_open_at(tl_site s, tl_value cond, tl_return_opts o);
#define tl_return_if_open(...) TLX_CAT(tlx_return_if_open_, TLX_KW1(__VA_ARGS__))(__VA_ARGS__)
#define tlx_return_if_open_P(cond)                                                                                     \
    tl_return_if_open_at(TL_SITE("tl_return_if_open"), tl_lit(cond), TLX_ZERO(tl_return_opts))
#define tlx_return_if_open_K(cond, ...)                                                                                \
    tl_return_if_open_at(TL_SITE("tl_return_if_open"), tl_lit(cond), TLX_LIT(tl_return_opts){__VA_ARGS__})

/* ---- closing ------------------------------------------------------------------------------ */

/* Closes the innermost scope. With .carry (tl_end, no values): yields the carried variables'
 * values and writes the results back into them. Without (tl_yield with values): yields
 * `values` - a loop body's next carried values, the last branch of an if (its results when it
 * has an else), a while's body (back to the condition); a return-if's branch yields none. */
TRITONC_API void tl_yield_at(tl_site s, tl_scope *scope, tl_values values);
#define tl_end(scope) tl_yield_at(TL_SITE("tl_end"), TLX_SCOPE(scope), TLX_LIT(tl_values){0, NULL})
#define tl_yield(...) TLX_CAT(tlx_yield_, TLX_KW1(__VA_ARGS__))(__VA_ARGS__)
#define tlx_yield_P(scope) tl_yield_at(TL_SITE("tl_yield"), TLX_SCOPE(scope), TLX_LIT(tl_values){0, NULL})
#define tlx_yield_K(scope, ...) tl_yield_at(TL_SITE("tl_yield"), TLX_SCOPE(scope), TL_VALUES(__VA_ARGS__))

#ifdef __cplusplus
}
#endif
#endif
