/* tritonc/order.h - what a port tells the order engine, because C has no notion of it.
 *
 * tritonc places a kernel's ops and constants so that its TTIR, after Triton's make_ttir, is
 * byte-equal to what Triton makes of the Python original (docs/order.md: the rule, and why).
 * Most of that the builder works out alone from the call sites (tl_site in builder.h). What it
 * cannot know is declared here: which C functions port a Python @jit helper, how Python comes
 * by a constant a fold makes, and which of a call's arguments are keywords. The language
 * (src/lang) uses these for triton.language's own helpers; a port of a kernel needs the
 * helper brackets, and the rest only when it writes ops of its own with tl_op.
 *
 * Implemented in src/builder/order/ (the engine: place.c for ops, pool*.c for constants) and
 * src/builder/builder_const.c (materializing constants).
 */
#ifndef TRITONC_ORDER_H
#define TRITONC_ORDER_H

#include "tritonc/builder.h"
#include "tritonc/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How Python's pipeline comes by a constant, which decides where make_ttir leaves it
 * (order/pool_sort.c): made where it is used; made by folding a cast of a constant; or made for
 * a loop bound (used through a cast Triton folds away, so it keeps its place only if
 * something else uses it too). TL_CONST_EXACT is TL_CONST_DIRECT without the scalar
 * constants Python's frontend makes on the way to a dense one (which the pool otherwise
 * notes): for code that works out Python's order itself (the random helpers). */
typedef enum tl_const_origin {
    TL_CONST_DIRECT = 0,
    TL_CONST_FOLDED,
    TL_CONST_LOOP_BOUND,
    TL_CONST_EXACT
} tl_const_origin;
/* tl_materialize_at for a constant of the given origin. */
TRITONC_API tl_value tl_materialize_as_at(tl_site site, tl_builder *b, tl_value lit, tl_dtype dtype,
                                          const tcir_type *shape_like, tl_const_origin origin);
/* Records that Python's frontend makes the constant tl_materialize_at would make (with its
 * scalar on the way) here, without making it: a literal that a cast folds into another
 * dtype (`tl.load(p, mask, other=0)` on float32: Python's int32 0 and its splat, then the
 * sitofp the canonicalizer folds). The meeting places the constant after make_ttir when
 * something else uses it. */
TRITONC_API void tl_note_constant_at(tl_site site, tl_builder *b, tl_value lit, tl_dtype dtype,
                                     const tcir_type *shape_like);

/* Brackets the ops of a C function that ports a Python @jit helper: one of
 * triton.language.standard (tl.cdiv, tl.zeros, which tritonc brackets itself) or one of the
 * kernel's own (an attention inner loop, a binary search). Python's frontend makes each helper
 * a tt.func of its own, called with tt.call; make_ttir canonicalizes it alone, then inlines it
 * into the kernel after the kernel's first canonicalization, which decides where the
 * helper's new constants land: above the kernel's (the latest call on top, each call's in the
 * order it made them), or below them all for a call that comes first in the kernel; a constant
 * the kernel also makes is the kernel's. So a port brackets its helper's body:
 *     static tl_value attn_inner(tl_builder *b, ...)
 *     {
 *         tl_builder_helper_begin(b);
 *         ...
 *         tl_builder_helper_end(b);
 *         return acc;
 *     }
 * Calls nest (the outermost counts); a helper called twice (two specializations in Python,
 * or one called twice) is two calls: a constant both make belongs to the first. docs/order.md
 * ("Constants") states the rule. NULL is a no-op; an end without a begin does nothing. */
TRITONC_API void tl_builder_helper_begin(tl_builder *b);
TRITONC_API void tl_builder_helper_end(tl_builder *b);
/* tl_builder_helper_begin for a helper that may be called inside an expression: `site` is its
 * caller's, the call's place in the caller's text, which a helper takes as the library's calls
 * do (a macro that captures TL_SITE at the call):
 *     static tl_value ext_program_id_at(tl_site site, tl_builder *b, int axis)
 *     {
 *         tl_builder_helper_begin_at(site, b);
 *         tl_value pid = tl_program_id(b, axis);
 *         tl_builder_helper_end(b);
 *         return pid;
 *     }
 *     #define ext_program_id(b, axis) ext_program_id_at(TL_SITE("ext_program_id"), (b), (axis))
 * The call's ops are then placed as one unit at the call's place in Python's order (in
 * tl_add(tl_mul(ext_program_id(b, 0), 128), tl_arange(b, 0, 16)) the tt.get_program_id comes
 * before the tt.make_range under gcc as under clang), and its constants by that place too. Its
 * ops keep their order among themselves (by their own sites). A call that makes an op with
 * effects, in an expression that has another part (an operand made on the line), and any call
 * in an expression of which another part has an effect, is an error at the call: neither can
 * be moved over the other, so C's order would decide; write such a call in a statement of its
 * own. A helper begun without a site is placed where C runs it: call it in a statement of its
 * own, or as the only part of its expression that makes ops. docs/order.md says more. */
TRITONC_API void tl_builder_helper_begin_at(tl_site site, tl_builder *b);
/* Whether v was made in the function Python's frontend is making now: the current outermost
 * helper call (tl_builder_helper_begin) when one is open, else the kernel (a helper's result
 * counts as the kernel's). Triton canonicalizes a helper alone before inlining it, so a rewrite
 * of the canonicalizer that tritonc does itself sees only the ops of one function. */
TRITONC_API bool tl_builder_made_in_this_function(const tl_builder *b, tl_value v);

/* Triton's code generator evaluates a call's keyword arguments before its positional ones.
 * Call this in an op with keyword values (masks...) before emitting it: keyword expressions
 * written in the call (on its line, after the positional ones) are moved in front of the
 * positional arguments' ops, so the TTIR follows Python's order (see tl_site). The call's own
 * argument ops move, effects among them (C gives a call's arguments no order); nothing moves
 * when another op with effects lies among them, or when a keyword op uses a value made after
 * the first positional op by an op that would stay. pos and
 * kw hold npos and nkw values (poison, absent values and literals are skipped). A NULL builder
 * is a no-op; a negative count, a NULL array with a positive count or a value of another
 * builder is an error at `site`; after an error it does nothing. */
TRITONC_API void tl_order_keywords_first_at(tl_site site, tl_builder *b, int npos, const tl_value *pos, int nkw,
                                            const tl_value *kw);

/* Python evaluates `p + a + b` as `(p + a) + b`: it makes p + a before it evaluates b. A call
 * that builds such a chain in one go (tl_addptr(p, a, b), tl_add(x, y, z)), its arguments all
 * made before it runs, calls this after each step but the last: the ops of `step` made at
 * `site` (the call's, those with its key) move in front of the ops of the later operands
 * written in the call (`later`, nlater of them), so the TTIR follows Python's order. Nothing
 * moves when an op with effects or a scope lies among them. Values as for
 * tl_order_keywords_first_at; a NULL builder is a no-op. */
TRITONC_API void tl_order_chain_step_at(tl_site site, tl_builder *b, tl_value step, int nlater, const tl_value *later);

#ifdef __cplusplus
}
#endif

#endif
