/* Private: what the files of control flow share. scope.c has what every scope shares (memory,
 * values, checks, closing); lang_scope_for.c, lang_scope_if.c, lang_scope_while.c and lang_scope_return.c make the
 * scopes (for, if, while, early returns); carry.c keeps the C variables a scope carries (their
 * list, Python's order, their values); rebuild.c makes a scope's op again without the variables
 * its body left unchanged. Built on the public API, as the rest of src/lang/. */
#ifndef TRITONC_SCOPE_INTERNAL_H
#define TRITONC_SCOPE_INTERNAL_H

#include "lang/lang_internal.h"
#include "tritonc/control.h"

/* ---- memory and values (scope.c) --------------------------------------------------------- */

/* TL_MAX_CARRIED poison values naming no builder: the args and results of a failed scope. */
extern const tl_value lang_scope_poison[TL_MAX_CARRIED];

static inline tcir_context *lang_scope_ctx(tl_builder *b) { return tl_builder_context(b); }
/* tl.range's (and tl.condition's) disable_licm: op's llvm.loop_annotation, as Triton's code
 * generator sets it (the LLVM dialect's loop annotation with licm disabled, printed through
 * MLIR's aliases #loop_licm and #loop_annotation). */
void lang_scope_disable_licm(tl_builder *b, tcir_op *op);
/* n elements of `each` bytes from b's arena (at least one); NULL, with the builder in error,
 * when memory runs out. Every caller checks. */
void *lang_scope_array(tl_site s, tl_builder *b, int n, size_t each);
tl_value *lang_scope_values(tl_site s, tl_builder *b, int n);
const tcir_type **lang_scope_types(tl_site s, tl_builder *b, int n);
bool *lang_scope_flags(tl_site s, tl_builder *b, int n);
tcir_value **lang_scope_irs(tl_site s, tl_builder *b, int n);
/* Like lang_scope_array, but in `small` (small_bytes of the caller's frame, cleared here) when the n
 * elements fit: for the working arrays that do not outlive the call, which would otherwise
 * stay in the arena for the life of the kernel (a loop with an if left ~1 KB there). */
enum { SCOPE_SMALL = 8 };
void *lang_scope_scratch(tl_site s, tl_builder *b, int n, size_t each, void *small, size_t small_bytes);
/* Records "out of memory" at s; returns false. */
bool lang_scope_out_of_memory(tl_site s, tl_builder *b);
/* v as a value of b: a literal becomes a constant of its Python type. */
tl_value lang_scope_strong(tl_site s, tl_builder *b, tl_value v);
/* n clamped to [0, TL_MAX_CARRIED]: how many poison args and results a failed scope has. */
int lang_scope_clamp_count(int n);
/* The result of a scope call that failed: nothing open, n poison args and results to read. */
tl_scope lang_scope_failed(tl_builder *b, tl_site s, int n);
/* n poison values of b: a scope's results before it closes. Unlike the static ones they name
 * their builder, so using one is an error at that call. */
const tl_value *lang_scope_unready_results(tl_site s, tl_builder *b, int n);
/* The i-th value given (`what` names it in messages) as a value of b, into out; false after an
 * error. */
bool lang_scope_carried_value(tl_site s, tl_builder *b, tl_value v, const char *what, int i, tl_value *out);
/* The block's arguments first..first+n as values typed like `like`. */
void lang_scope_wrap_args(tl_builder *b, tcir_block *blk, int first, int n, const tl_value *like, tl_value *out);
/* Adds n arguments to blk, typed like v[i] (or types[i] when v is NULL), located at s. */
bool lang_scope_add_args(tl_site s, tl_builder *b, tcir_block *blk, int n, const tl_value *v,
                         const tcir_type *const *types);
/* The op's results as values typed like `like` (poison when memory runs out). */
const tl_value *lang_scope_wrap_results(tl_site s, tl_builder *b, tcir_op *op, int n, const tl_value *like);
/* The op's results take the types of the first values it yields (scf.if's then-branch,
 * scf.while's condition). */
bool lang_scope_set_results(tl_site s, tl_scope *scope, int n, const tl_value *v);

/* ---- checks (scope.c) ----------------------------------------------------------------------- */

/* A condition: an i1 scalar (other scalars are compared with zero, as Python's .to(int1)). */
bool lang_scope_condition(tl_site s, tl_builder *b, tl_value cond, tl_value *out);
/* The scope must be the innermost open one, of `kind` (TL_SCOPE_NONE: any); `call` names the
 * call in messages. */
bool lang_scope_is_innermost(tl_site s, tl_scope *scope, tl_scope_kind kind, const char *call);
/* Checks that `values` match `types` (the carried or result types) one for one, and makes them
 * values; literals become constants. */
bool lang_scope_matching_values(tl_site s, tl_builder *b, tl_values values, int n, const tcir_type *const *types,
                                const char *what, tl_value *out);
/* A well-formed list of values (a count of 0 or more, the values given), at most TL_MAX_CARRIED;
 * `what` names it in messages. */
bool lang_scope_good_list(tl_site s, tl_builder *b, tl_values v, const char *what);
/* .carry or .inits, not both. */
bool lang_scope_one_form(tl_site s, tl_builder *b, tl_vars carry, tl_values inits);

/* ---- closing (scope.c; each scope's own in its file) ------------------------------------------ */

/* Emits the terminator `opc` (scf.yield, scf.condition...) with operands into the current block. */
bool lang_scope_terminate(tl_site s, tl_builder *b, ir_opcode opc, int n, const tl_value *v);
/* The working arrays of closing a loop (for or while) that carries C variables: the variables'
 * values now, the values yielded, the results' inits, and which variables stay carried. */
typedef struct lang_scope_loop_close {
    tl_value *now, *yield, *like;
    bool *keep;
} lang_scope_loop_close;
/* Makes the arrays and reads the variables' current values; false after an error. */
bool lang_scope_loop_close_begin(tl_site s, tl_scope *scope, lang_scope_loop_close *lc);
/* lang_rebuild_for or lang_rebuild_while. */
typedef bool (*lang_scope_loop_rebuild)(tl_site s, tl_builder *b, tl_scope *scope, const bool *keep, int nyield,
                                        tl_value *yield);
/* Once lc->keep is decided: makes the loop again without the variables it does not carry
 * (rebuild), yields the rest, closes the body and writes the results back. */
void lang_scope_loop_close_end(tl_site s, tl_scope *scope, lang_scope_loop_close *lc, lang_scope_loop_rebuild rebuild);
/* tl_yield's work for each kind of scope, the scope checked innermost: lang_scope_for.c, lang_scope_if.c,
 * lang_scope_while.c, lang_scope_return.c. */
void lang_scope_close_for(tl_site s, tl_scope *scope, tl_values values);
void lang_scope_close_if(tl_site s, tl_scope *scope, tl_values values);
void lang_scope_close_while(tl_site s, tl_scope *scope, tl_values values);
void lang_scope_close_return_if(tl_site s, tl_scope *scope, tl_values values);

/* ---- conditions that are C numbers (lang_scope_const.c) ------------------------------------------ */

/* The builder of a scope whose condition is a C number: a carried variable's, else the one
 * alive on this thread (NULL: none, or an error recorded). `call` names the call in messages. */
tl_builder *lang_scope_const_builder(tl_site s, const char *call, tl_vars carry);
/* A C number as Python's truth value. */
bool lang_scope_const_true(tl_value v);
/* Decides the scope on cond and opens its first branch in a block that is never placed. */
bool lang_scope_const_open(tl_site s, tl_builder *b, tl_scope *scope, tl_value cond);
/* Whether the branch being filled is the one taken. */
bool lang_scope_const_branch_taken(const tl_scope *scope);
/* Closes the first branch and opens the else. */
bool lang_scope_const_else(tl_site s, tl_scope *scope);
/* Closes the scope: the taken branch's ops move to the end of the block it stands in. */
void lang_scope_const_close(tl_site s, tl_scope *scope);
/* A return that is always taken: tt.return here, and what follows goes into a block that is
 * never placed (Python's dead block after a `return`), its constants dropped at finish. */
void lang_scope_end_body(tl_site s, tl_builder *b);

/* ---- values a loop body makes and drops (lang_scope_unused.c) ------------------------------------- */

/* Before a loop body (the current block, its terminator made) is closed: a pure op computed
 * from a value from before the loop whose result nothing uses is an error at the line that
 * made it (a variable reassigned but not carried), unless the loop allows it. */
void lang_scope_check_unused(tl_site s, tl_scope *scope);

/* ---- carried C variables (carry.c) ---------------------------------------------------------- */

struct tl_carry {
    int n;
    tl_value **var; /* in the carried order */
    const char **name; /* their C names, for messages */
    tl_value *init; /* their values before the scope */
    bool *unset; /* if: TL_UNSET before it (a name both branches first define: Python yields those
                  * after the others, sorted by name) */
    tl_value *then_val; /* if: the then-branch's values (at tl_else) */
    tl_site else_at; /* if: the tl_else call (where the then-branch's yield belongs) */
    tl_value *fwd; /* while: the values tl_do forwarded */
};

/* Checks a .carry list and records it in Python's carried order; NULL after an error. Variables
 * that hold TL_UNSET are allowed when allow_unset (an if): they come last, sorted by name. */
tl_carry *lang_carry_open(tl_site s, tl_builder *b, tl_vars vars, bool allow_unset);
/* The variables' values at open (c->init), as values of b. */
bool lang_carry_values(tl_site s, tl_builder *b, tl_carry *c);
/* The variables' values now, each of its carried type (`where` names the region in messages); a
 * variable unset before the scope may still be (TL_UNSET) or hold any type. */
bool lang_carry_current(tl_site s, tl_builder *b, const tl_carry *c, const char *where, tl_value *out);
/* Sets the variables to v (in the carried order). */
void lang_carry_bind(const tl_carry *c, const tl_value *v);
/* An error when values are given to a call of a scope that carries variables. */
bool lang_carry_no_values(tl_site s, tl_builder *b, const tl_scope *scope, tl_values values);
/* The values at `keep`, in order, into out; returns how many. */
int lang_carry_kept(int n, const bool *keep, const tl_value *v, tl_value *out);
/* After close: the kept variables take the op's results, the others `other`. */
void lang_carry_write_back(const tl_carry *c, const bool *keep, const tl_value *results, const tl_value *other);

/* ---- rebuilding (rebuild.c) ------------------------------------------------------------------- */

/* The scope's scf.for / scf.while made again with only the carried values at keep (the body
 * moved over, uses of dropped arguments replaced by the values from before, the yield values
 * mapped too), in place of the old op; the builder continues in the new body. False (changing
 * nothing) when memory runs out. */
bool lang_rebuild_for(tl_site s, tl_builder *b, tl_scope *scope, const bool *keep, int nyield, tl_value *yield);
bool lang_rebuild_while(tl_site s, tl_builder *b, tl_scope *scope, const bool *keep, int nyield, tl_value *yield);
/* An scf.if without results whose else is empty made again without it (as Triton's
 * canonicalizer leaves it). */
void lang_rebuild_without_empty_else(tl_site s, tl_builder *b, tl_scope *scope);

#endif
