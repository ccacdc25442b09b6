/* Private: what the files of src/lang share. Everything here is built on the public API of
 * builder.h and ir.h (plus ir/enums.h for enum attributes and ir/registry.h for the opcodes
 * the language names its ops by), as an application could; ir/inline.h inlines ir.h's field
 * accessors under their own names.
 *
 * The central piece is lang_opnd, an operand on its way into an op. Python turns a literal
 * into a scalar constant, casts it, splats it, and Triton's canonicalizer folds all of that
 * into one constant of the final type and shape. Here a literal stays a literal through
 * promotion, casts and broadcasting (only its dtype and shape change) and becomes that one
 * pooled constant when an op finally uses it (lang_value). Values go through the same steps
 * emitting Python's ops, in Python's order.
 */
#ifndef TRITONC_LANG_INTERNAL_H
#define TRITONC_LANG_INTERNAL_H

#include "builder/dtype_inline.h"
#include "ir/enums.h"
#include "ir/inline.h"
#include "ir/registry.h"
#include "tritonc/lang.h"
#include "tritonc/memory.h"
#include "tritonc/order.h"

typedef struct lang_opnd {
    tl_value v; /* a value (v.ir != NULL) or a literal (v.lit != TL_LIT_NONE) */
    tl_dtype dtype; /* element dtype; for pointers the pointee's */
    bool is_ptr;
    bool weak; /* a Python number not yet typed: it adapts to the other operand */
    bool folded; /* a number Python casts with an op that Triton's canonicalizer folds */
    bool bound; /* a number used as a loop bound (see TL_CONST_LOOP_BOUND) */
    const tcir_type *elem; /* IR element type (values only; literals use tl_dtype_ir) */
    int rank;
    int64_t dims[TL_MAX_RANK];
} lang_opnd;

/* ---- builder discovery and emission (emit.c) ----------------------------------------- */

/* The builder shared by a call's operands: `given` (may be NULL) or the first value's.
 * Literals have none. Returns NULL when there is no usable builder: none at all, one already
 * in error (the first error stays), a poison operand, or operands of two builders (the
 * last two are recorded as errors). names[i] names operand i in messages (NULL: "argument #i"). */
tl_builder *lang_builder(tl_site s, tl_builder *given, int n, const tl_value *v, const char *const *names);
/* Begins a library call written as Python's @jit helper (tl_builder_helper_begin_at at the
 * call's site), after putting the effects among its n arguments' expressions in the text's order,
 * as the issue of an ordinary call's op puts them. */
void lang_helper_begin(tl_site s, tl_builder *b, int n, const tl_value *args);
/* True when v is an absent keyword operand (a zero-initialized tl_value). */
bool lang_absent(tl_value v);

const tcir_type *lang_shaped(tl_builder *b, const tcir_type *elem, int rank, const int64_t *dims);
/* The IR type of an operand (its tensor type, or its element type for a scalar). */
const tcir_type *lang_opnd_type(tl_builder *b, const lang_opnd *o);

/* Emits the op of opcode opc (ir/registry.h: TCIR_OPC_TT_LOAD...) with one result of type rt
 * (dtype rdt, pointer when rptr). Attributes are inherent. Returns poison after an error. The
 * language names every op it emits by its opcode, so that a misspelled op does not compile. */
tl_value lang_emit(tl_site s, tl_builder *b, ir_opcode opc, int n, const tl_value *ops, const tcir_type *rt,
                   tl_dtype rdt, bool rptr, int nattrs, const tcir_named_attr *attrs);
/* The same for an op without results; false after an error. */
bool lang_emit0(tl_site s, tl_builder *b, ir_opcode opc, int n, const tl_value *ops, int nattrs,
                const tcir_named_attr *attrs);
/* Emits opc on operand o (a value) with result element dtype dt, shape unchanged; o becomes
 * the result. */
bool lang_emit_unary(tl_site s, tl_builder *b, ir_opcode opc, lang_opnd *o, tl_dtype dt, int nattrs,
                     const tcir_named_attr *attrs);
/* tl_op_at for the op of opcode opc (spec.name is set from it): the ops with regions or
 * successors, and those of several results. */
tcir_op *lang_op(tl_site s, tl_builder *b, ir_opcode opc, tl_raw_op spec);
/* lang_emit for an op name that is the user's data (tl_same_type_op_at), registered or not. */
tl_value lang_emit_named(tl_site s, tl_builder *b, const char *name, int n, const tl_value *ops, const tcir_type *rt,
                         tl_dtype rdt, bool rptr, int nattrs, const tcir_named_attr *attrs);

/* "float32", "pointer<float16>": an element type as messages name it. */
const char *lang_elem_str(const lang_opnd *o, char *buf, size_t size);
/* "tensor<64xf32>", "i32": an operand's type as MLIR prints it. */
const char *lang_type_str(tl_builder *b, const lang_opnd *o, char *buf, size_t size);
/* "[64, 32]" */
const char *lang_shape_str(int rank, const int64_t *dims, char *buf, size_t size);
#define LANG_STR 160

/* ---- operands, literals, promotion, broadcasting (lift.c) ---------------------------- */

/* Python's signedness: int1 counts as unsigned, as in triton.language. */
bool lang_is_signed(tl_dtype d);
bool lang_is_unsigned(tl_dtype d);

/* An operand for a value or a literal (weak, typed as Python's to_tensor would type it). */
lang_opnd lang_opnd_of(tl_builder *b, tl_value v);
/* The same, made in place (no 128-byte copy): for the hot paths. */
void lang_opnd_set(lang_opnd *o, const tl_value *v);
/* A typed (strong) literal. */
lang_opnd lang_lit_opnd(tl_dtype dt, double f, int64_t i);
/* Python's to_tensor: a weak literal becomes a scalar of its own type (int32, uint32, int64,
 * uint64, float32, float64 or int1). */
void lang_strong(lang_opnd *o);
/* Python's scalar_constant(value, dt): the literal takes dtype dt as it is (no cast rules). */
void lang_lit_retype(lang_opnd *o, tl_dtype dt);
/* The literal's number as a double / as an int64 (two's complement bits for uint64). */
double lang_lit_f(const lang_opnd *o);
int64_t lang_lit_i(const lang_opnd *o);
bool lang_lit_is_zero(const lang_opnd *o);
/* Whether an integer literal lies in dt's range (Python's check for numbers meeting tensors). */
bool lang_lit_fits(const lang_opnd *o, tl_dtype dt);

tl_dtype lang_integer_promote(tl_dtype a, tl_dtype b);

enum {
    LANG_LHS_PTR = 1, /* lhs may be a pointer */
    LANG_RHS_PTR = 2, /* rhs may be a pointer */
    LANG_NO_ARITH = 4, /* no promotion (fdiv) */
    LANG_DIV_MOD = 8 /* / or %: fp16 and bf16 compute in fp32 */
};
/* Python's binary_op_type_checking_impl: pointer checks, promotion (casting the values,
 * typing the literals, with range checks) and broadcasting. */
bool lang_binary_operands(tl_site s, tl_builder *b, lang_opnd *l, lang_opnd *r, unsigned flags);

/* Shape steps (tt.splat, tt.expand_dims, tt.broadcast for values; literals just take the shape). */
bool lang_splat(tl_site s, tl_builder *b, lang_opnd *o, int rank, const int64_t *dims);
bool lang_expand_dims(tl_site s, tl_builder *b, lang_opnd *o, int axis);
/* broadcast_impl_shape / broadcast_impl_value */
bool lang_broadcast_to(tl_site s, tl_builder *b, lang_opnd *o, int rank, const int64_t *dims);
bool lang_broadcast_pair(tl_site s, tl_builder *b, lang_opnd *l, lang_opnd *r);
/* Checks a block shape as Python does (powers of two, numel cap, rank). */
bool lang_check_shape(tl_site s, tl_builder *b, int rank, const int64_t *dims);
/* The elements of a shape, saturating at INT64_MAX (0 for a dimension under 1): never
 * overflows, whatever the dimensions of a value made through the raw IR. */
int64_t lang_numel(int rank, const int64_t *dims);

/* The operand as a value: a literal becomes its pooled constant (dense when shaped). Inline
 * for the common case, an operand that is a value already; lang_lit_value does the rest.
 * lang_value_like takes the constant's type from `like` (an operand of the same op) when that
 * is a value of the same element and shape, as the other operand of a binary op is once
 * promoted and broadcast: the same type, without interning it again. */
tl_value lang_lit_value(tl_site s, tl_builder *b, lang_opnd *o, const lang_opnd *like);
static inline tl_value lang_value(tl_site s, tl_builder *b, lang_opnd *o)
{
    return tl_value_is_lit(o->v) ? lang_lit_value(s, b, o, NULL) : o->v;
}
static inline tl_value lang_value_like(tl_site s, tl_builder *b, lang_opnd *o, const lang_opnd *like)
{
    return tl_value_is_lit(o->v) ? lang_lit_value(s, b, o, like) : o->v;
}

/* ---- casts (cast.c) -------------------------------------------------------------------- */

/* Python's semantic.cast: emits the ops for a value, folds a literal. Inline for the common
 * case, a cast to the dtype the operand has (no op, whatever the rounding); lang_convert does
 * the rest. */
bool lang_convert(tl_site s, tl_builder *b, lang_opnd *o, tl_dtype dst, tl_rounding rounding);
static inline bool lang_cast(tl_site s, tl_builder *b, lang_opnd *o, tl_dtype dst, tl_rounding rounding)
{
    return (!o->is_ptr && o->dtype == dst) || lang_convert(s, b, o, dst, rounding);
}
/* A cast from or to float8e4b15 (cast_e4b15.c): Triton's inline asm for it, the rounding checked. */
bool lang_cast_e4b15(tl_site s, tl_builder *b, lang_opnd *o, tl_dtype dst);
/* A pointer operand re-typed to point to dt (tt.bitcast), as loads of int1 do. */
bool lang_ptr_cast(tl_site s, tl_builder *b, lang_opnd *o, tl_dtype dt);

/* ---- shared operators (arith.c, compare.c) --------------------------------------------- */

/* An arithmetic, bitwise or shift operator on prepared operands; the result is a value. The
 * operands are the caller's working copies: promotion and broadcasting change them. */
tl_value lang_binop(tl_site s, tl_builder *b, tl_binop op, lang_opnd *l, lang_opnd *r);
/* A comparison (both operands strong, as Python's to_tensor makes them); changes l and r too. */
tl_value lang_compare(tl_site s, tl_builder *b, tl_binop op, lang_opnd *l, lang_opnd *r);
/* 0 - x; changes x. */
tl_value lang_minus(tl_site s, tl_builder *b, lang_opnd *x);
/* Python's constexpr arithmetic (fold.c): op on two numbers gives a number in *out; false when
 * a or c is not a number or the pair does not fold (1 // 0). */
bool lang_fold(tl_binop op, tl_value a, tl_value c, tl_value *out);
/* minimum / maximum of two numbers (not NaN). */
bool lang_fold_minmax(tl_value a, tl_value c, bool is_max, tl_value *out);

/* ---- block pointers (block_ptr.c) --------------------------------------------------------- */

/* The block (tensor<..>) a block pointer points to; NULL when v is anything else. */
const tcir_type *lang_block_of(tl_value v);
/* The builder of a call on `first` (named first_name in messages) and the values of lists. */
tl_builder *lang_list_builder(tl_site s, tl_value first, const char *first_name, int nlists, const tl_values *lists);
/* Orders the ops of the lists' values written in the call before those of `first`: Python's
 * usual form passes them as keywords (make_block_ptr(x, shape=..., ...)), evaluated first. */
void lang_lists_as_keywords(tl_site s, tl_builder *b, tl_value first, int nlists, const tl_values *lists);
/* A list argument: 0 to TL_MAX_RANK values, and values there when n > 0 (else an error). */
bool lang_list_ok(tl_site s, tl_builder *b, tl_values l, const char *what);
/* Python's _convert_to_ir_values: the n items of a shape, strides or offsets list as scalar
 * values in out: numbers become i64 (want_i64) or i32 constants; values must be integer
 * scalars, widened to i64 (extsi/extui) when want_i64, and 32-bit otherwise. */
bool lang_index_values(tl_site s, tl_builder *b, int n, const tl_value *items, bool want_i64, tl_value *out);
/* tl.load / tl.store through a block pointer; attrs: cache, evict and boundaryCheck as
 * memory.c makes them for tt.load and tt.store (boundaryCheck is replaced). */
tl_value lang_load_block(tl_site s, tl_builder *b, tl_load_args a, tcir_named_attr *attrs);
bool lang_store_block(tl_site s, tl_builder *b, tl_store_args a, tcir_named_attr *attrs);

/* ---- small predicates shared by several files -------------------------------------------- */

/* Whether two shapes of `rank` dimensions are the same (a loop: ranks are small, and a
 * memcmp of a size unknown to the compiler is a call). */
static inline bool lang_same_dims(int rank, const int64_t *a, const int64_t *c)
{
    for (int i = 0; i < rank; i++)
        if (a[i] != c[i])
            return false;
    return true;
}

/* The comparison operators of tl_binop (TL_OP_LT .. TL_OP_NE). */
static inline bool lang_is_compare(tl_binop op) { return op >= TL_OP_LT && op <= TL_OP_NE; }
/* A dtype of the enum (not TL_DTYPE_INVALID, not out of range). */
static inline bool lang_valid_dtype(tl_dtype d) { return d > TL_DTYPE_INVALID && d < TL_DTYPE_COUNT; }
/* memory.c: true for a scalar operand o; otherwise records Python's "<what> argument cannot be
 * block type if pointer argument is not a block" (loads, stores and atomics). */
bool lang_scalar_only(tl_site s, tl_builder *b, const lang_opnd *o, const char *what);

/* ---- attributes -------------------------------------------------------------------------- */

static inline tcir_named_attr lang_attr(const char *name, const tcir_attr *a)
{
    return (tcir_named_attr){name, a, true};
}

#endif
