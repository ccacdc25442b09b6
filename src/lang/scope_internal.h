/* Private: what the files of control flow share. control.c makes the scopes (for, if, while,
 * early returns); carry.c keeps the C variables a scope carries (their list, Python's order,
 * their values); rebuild.c makes a scope's op again without the variables its body left
 * unchanged. Built on the public API, as the rest of src/lang/. */
#ifndef TRITONC_SCOPE_INTERNAL_H
#define TRITONC_SCOPE_INTERNAL_H

#include "lang/lang_internal.h"
#include "tritonc/control.h"

/* ---- memory and values (control.c) ------------------------------------------------------- */

/* TL_MAX_CARRIED poison values naming no builder: the args and results of a failed scope. */
extern const tl_value scope_poison[TL_MAX_CARRIED];

static inline tcir_context *scope_ctx(tl_builder *b)
{
    return tl_builder_context(b);
}
/* n elements of `each` bytes from b's arena (at least one); NULL, with the builder in error,
 * when memory runs out. Every caller checks. */
void *scope_array(tl_site s, tl_builder *b, int n, size_t each);
tl_value *scope_values(tl_site s, tl_builder *b, int n);
const tcir_type **scope_types(tl_site s, tl_builder *b, int n);
bool *scope_flags(tl_site s, tl_builder *b, int n);
tcir_value **scope_irs(tl_site s, tl_builder *b, int n);
/* Like scope_array, but in `small` (small_bytes of the caller's frame, cleared here) when the n
 * elements fit: for the working arrays that do not outlive the call, which would otherwise
 * stay in the arena for the life of the kernel (a loop with an if left ~1 KB there). */
enum { SCOPE_SMALL = 8 };
void *scope_scratch(tl_site s, tl_builder *b, int n, size_t each, void *small, size_t small_bytes);
/* Records "out of memory" at s; returns false. */
bool scope_out_of_memory(tl_site s, tl_builder *b);
/* v as a value of b: a literal becomes a constant of its Python type. */
tl_value scope_strong(tl_site s, tl_builder *b, tl_value v);

/* ---- carried C variables (carry.c) ---------------------------------------------------------- */

struct tl_carry {
    int n;
    tl_value **var;      /* in the carried order */
    const char **name;   /* their C names, for messages */
    tl_value *init;      /* their values before the scope */
    tl_value *then_val;  /* if: the then-branch's values (at tl_else) */
    tl_site else_at;     /* if: the tl_else call (where the then-branch's yield belongs) */
    tl_value *fwd;       /* while: the values tl_do forwarded */
};

/* Checks a .carry list and records it in Python's carried order; NULL after an error. */
tl_carry *carry_open(tl_site s, tl_builder *b, tl_vars vars);
/* The variables' values at open (c->init), as values of b. */
bool carry_values(tl_site s, tl_builder *b, tl_carry *c);
/* The variables' values now, each of its carried type (`where` names the region in messages). */
bool carry_current(tl_site s, tl_builder *b, const tl_carry *c, const char *where, tl_value *out);
/* Sets the variables to v (in the carried order). */
void carry_bind(const tl_carry *c, const tl_value *v);
/* An error when values are given to a call of a scope that carries variables. */
bool carry_no_values(tl_site s, tl_builder *b, const tl_scope *scope, tl_values values);
/* The values at `keep`, in order, into out; returns how many. */
int carry_kept(int n, const bool *keep, const tl_value *v, tl_value *out);
/* After close: the kept variables take the op's results, the others `other`. */
void carry_write_back(const tl_carry *c, const bool *keep, const tl_value *results, const tl_value *other);

/* ---- rebuilding (rebuild.c) ------------------------------------------------------------------- */

/* The scope's scf.for / scf.while made again with only the carried values at keep (the body
 * moved over, uses of dropped arguments replaced by the values from before, the yield values
 * mapped too), in place of the old op; the builder continues in the new body. False (changing
 * nothing) when memory runs out. */
bool rebuild_for(tl_site s, tl_builder *b, tl_scope *scope, const bool *keep, int nyield, tl_value *yield);
bool rebuild_while(tl_site s, tl_builder *b, tl_scope *scope, const bool *keep, int nyield, tl_value *yield);
/* An scf.if without results whose else is empty made again without it (as Triton's
 * canonicalizer leaves it). */
void rebuild_without_empty_else(tl_site s, tl_builder *b, tl_scope *scope);

#endif
