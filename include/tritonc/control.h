/* tritonc/control.h - control flow: scoped loops and branches, and early returns.
 *
 * A scope is opened by a call that returns a tl_scope, filled with ordinary statements, and
 * closed by tl_yield (with the values it carries); its results are read from the scope after.
 * Python's
 *
 *     for k in range(0, n, B):          tl_scope loop = tl_for(b, 0, n, B, .inits = TL_VALUES(acc, p));
 *         acc += tl.load(p, ...)            tl_value acc_k = tl_add(loop.args[0], tl_load(loop.args[1], ...));
 *         p += B                            tl_yield(&loop, acc_k, tl_addptr(loop.args[1], B));
 *                                       acc = loop.results[0]; p = loop.results[1];
 *
 *     if x > 10:                        tl_scope s = tl_if(tl_gt(x, 10));
 *         acc = acc + 1.0                   tl_else(&s, tl_add(acc, 1.0));
 *     else:
 *         acc = acc - 1.0                   tl_yield(&s, tl_sub(acc, 1.0));
 *                                       acc = s.results[0];
 *
 *     while i < n:                      tl_scope w = tl_while(b, .inits = TL_VALUES(i));
 *         i += 3                            tl_do(&w, tl_lt(w.args[0], n), w.args[0]);
 *                                           tl_yield(&w, tl_add(w.args[0], 3));
 *                                       i = w.results[0];
 *
 *     if pid * B >= n: return           tl_return_if(tl_ge(tl_mul(pid, B), n), .inline_return = true);
 *
 * Scopes nest to any depth. Misuse is an error at the C line of the call, as everywhere
 * (see builder.h): yielding the wrong number or types of values, closing a scope that is not
 * the innermost open one, a scope left open at tl_finish, an early return inside a loop or
 * branch, using a value defined inside a scope that was closed.
 */
#ifndef TRITONC_CONTROL_H
#define TRITONC_CONTROL_H

#include "tritonc/lang.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A list of values: TL_VALUES(acc, p). */
typedef struct tl_values {
    int n;
    const tl_value *v;
} tl_values;
#define TL_VALUES(...)                                                                            \
    ((tl_values){(int)(sizeof((tl_value[]){__VA_ARGS__}) / sizeof(tl_value)), (tl_value[]){__VA_ARGS__}})

typedef enum tl_scope_kind {
    TL_SCOPE_NONE = 0,
    TL_SCOPE_FOR,
    TL_SCOPE_IF,
    TL_SCOPE_WHILE,
    TL_SCOPE_RETURN_IF
} tl_scope_kind;

/* An open (or closed) scope. Read iv, args and results; the rest is the builder's. */
typedef struct tl_scope {
    tl_builder *b;
    tl_scope_kind kind;
    int phase;           /* which region is open: 0 the first (for body, then, before), 1 the second */
    int depth;           /* its place on the builder's scope stack, for mismatch checks */
    bool inline_return;  /* TL_SCOPE_RETURN_IF: end with tt.return instead of a branch to one exit */
    tcir_op *op;         /* the scf op (NULL for a return-if scope) */
    tcir_block *block;   /* the block being filled */
    tl_value iv;         /* for: the induction variable */
    int n;               /* values carried (for, while) */
    tl_value *args;      /* for: the carried values inside the body; while: the before region's,
                          * then, after tl_do, the after region's */
    int nresults;
    tl_value *results;   /* set when the scope closes */
} tl_scope;

/* ---- for ------------------------------------------------------------------------------- */

typedef struct tl_for_opts {
    tl_values inits;                /* carried values, initial */
    int num_stages;                 /* tl.range(num_stages=...): 0 means not given */
    int loop_unroll_factor;         /* 0: not given */
    bool disallow_acc_multi_buffer;
    bool flatten;
    bool warp_specialize;
} tl_for_opts;
/* for iv in range(lo, hi, step) / tl.range(...): bounds and step are integers (values or
 * C numbers, promoted to one type as Python does); a negative literal step counts down. */
tl_scope tl_for_at(tl_site s, tl_builder *b, tl_value lo, tl_value hi, tl_value step, tl_for_opts o);
#define tl_for(...) TL__CAT(tl__for_, TL__KW4(__VA_ARGS__))(__VA_ARGS__)
#define TL__KW4(...) TL__ARG16(__VA_ARGS__, K, K, K, K, K, K, K, K, K, K, K, P, _, _, _, _)
#define tl__for_P(b, lo, hi, step)                                                                \
    tl_for_at(TL_SITE("tl_for"), (b), tl_lit(lo), tl_lit(hi), tl_lit(step), (tl_for_opts){.num_stages = 0})
#define tl__for_K(b, lo, hi, step, ...)                                                           \
    tl_for_at(TL_SITE("tl_for"), (b), tl_lit(lo), tl_lit(hi), tl_lit(step), (tl_for_opts){__VA_ARGS__})

/* ---- if / else -------------------------------------------------------------------------- */

/* if cond: opens the then-branch. cond is an i1 scalar (other scalars are compared with 0). */
tl_scope tl_if_at(tl_site s, tl_value cond);
#define tl_if(cond) tl_if_at(TL_SITE("tl_if"), tl_lit(cond))
/* else: closes the then-branch yielding `values` (the if's results) and opens the else. */
void tl_else_at(tl_site s, tl_scope *scope, tl_values values);
#define tl_else(...) TL__CAT(tl__else_, TL__KW1(__VA_ARGS__))(__VA_ARGS__)
#define tl__else_P(scope) tl_else_at(TL_SITE("tl_else"), (scope), (tl_values){0, NULL})
#define tl__else_K(scope, ...) tl_else_at(TL_SITE("tl_else"), (scope), TL_VALUES(__VA_ARGS__))

/* ---- while ------------------------------------------------------------------------------ */

typedef struct tl_while_opts {
    tl_values inits;
} tl_while_opts;
/* while: opens the before-region (the condition), whose arguments carry `inits`. */
tl_scope tl_while_at(tl_site s, tl_builder *b, tl_while_opts o);
#define tl_while(...) TL__CAT(tl__while_, TL__KW1(__VA_ARGS__))(__VA_ARGS__)
#define tl__while_P(b) tl_while_at(TL_SITE("tl_while"), (b), (tl_while_opts){.inits = {0, NULL}})
#define tl__while_K(b, ...) tl_while_at(TL_SITE("tl_while"), (b), (tl_while_opts){__VA_ARGS__})
/* scf.condition(cond) values: ends the before-region and opens the after-region (the body),
 * whose arguments (scope->args) take the forwarded values' types. */
void tl_do_at(tl_site s, tl_scope *scope, tl_value cond, tl_values values);
#define tl_do(...) TL__CAT(tl__do_, TL__KW2(__VA_ARGS__))(__VA_ARGS__)
#define tl__do_P(scope, cond) tl_do_at(TL_SITE("tl_do"), (scope), tl_lit(cond), (tl_values){0, NULL})
#define tl__do_K(scope, cond, ...) tl_do_at(TL_SITE("tl_do"), (scope), tl_lit(cond), TL_VALUES(__VA_ARGS__))

/* ---- early return ------------------------------------------------------------------------- */

typedef struct tl_return_opts {
    bool inline_return; /* a tt.return at this site (Python's form) instead of a branch to one
                         * shared exit block (the default) */
} tl_return_opts;
/* if cond: return - only in the function's own body, not inside a loop or branch. Code after
 * it goes into a fresh fall-through block. */
void tl_return_if_at(tl_site s, tl_value cond, tl_return_opts o);
#define tl_return_if(...) TL__CAT(tl__return_if_, TL__KW1(__VA_ARGS__))(__VA_ARGS__)
#define tl__return_if_P(cond) tl_return_if_at(TL_SITE("tl_return_if"), tl_lit(cond), (tl_return_opts){0})
#define tl__return_if_K(cond, ...) tl_return_if_at(TL_SITE("tl_return_if"), tl_lit(cond), (tl_return_opts){__VA_ARGS__})
/* if cond: <side effects>; return - opens the taken branch; tl_yield closes it with the return. */
tl_scope tl_return_if_open_at(tl_site s, tl_value cond, tl_return_opts o);
#define tl_return_if_open(...) TL__CAT(tl__return_if_open_, TL__KW1(__VA_ARGS__))(__VA_ARGS__)
#define tl__return_if_open_P(cond)                                                                \
    tl_return_if_open_at(TL_SITE("tl_return_if_open"), tl_lit(cond), (tl_return_opts){0})
#define tl__return_if_open_K(cond, ...)                                                           \
    tl_return_if_open_at(TL_SITE("tl_return_if_open"), tl_lit(cond), (tl_return_opts){__VA_ARGS__})

/* ---- closing ------------------------------------------------------------------------------ */

/* Closes the innermost scope, yielding values: a loop body's next carried values, the last
 * branch of an if (its results when it has an else), a while's body (back to the condition),
 * a return-if's branch (no values). */
void tl_yield_at(tl_site s, tl_scope *scope, tl_values values);
#define tl_yield(...) TL__CAT(tl__yield_, TL__KW1(__VA_ARGS__))(__VA_ARGS__)
#define tl__yield_P(scope) tl_yield_at(TL_SITE("tl_yield"), (scope), (tl_values){0, NULL})
#define tl__yield_K(scope, ...) tl_yield_at(TL_SITE("tl_yield"), (scope), TL_VALUES(__VA_ARGS__))

#ifdef __cplusplus
}
#endif
#endif
