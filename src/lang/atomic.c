/* Atomics: tl.atomic_add / max / min / and / or / xor / xchg and tl.atomic_cas, with their
 * mask, sem and scope (semantic.atom_red_typechecking_impl, atomic_*). float32 and float64
 * max and min are Python's pair of integer atomics: signed max (min) where the value is
 * non-negative, unsigned min (max) where it is negative, merged with a select. */
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"

/* An I32EnumAttr of Triton's: the keyword the op prints and its integer (generic form). */
typedef struct enum_text {
    const char *keyword, *generic;
} enum_text;

static const enum_text sem_texts[] = {
    [TL_SEM_ACQ_REL] = {"acq_rel", "4 : i32"},
    [TL_SEM_ACQUIRE] = {"acquire", "2 : i32"},
    [TL_SEM_RELEASE] = {"release", "3 : i32"},
    [TL_SEM_RELAXED] = {"relaxed", "1 : i32"},
};
static const enum_text lang_scope_texts[] = {
    [TL_SCOPE_GPU] = {"gpu", "1 : i32"},
    [TL_SCOPE_CTA] = {"cta", "2 : i32"},
    [TL_SCOPE_SYS] = {"sys", "3 : i32"},
};

/* Triton's RMWOp */
typedef enum rmw_kind {
    RMW_AND,
    RMW_OR,
    RMW_XOR,
    RMW_ADD,
    RMW_FADD,
    RMW_MAX,
    RMW_MIN,
    RMW_UMAX,
    RMW_UMIN,
    RMW_XCHG
} rmw_kind;
static const enum_text rmw_texts[] = {
    [RMW_AND] = {"and", "1 : i32"},    [RMW_OR] = {"or", "2 : i32"},     [RMW_XOR] = {"xor", "3 : i32"},
    [RMW_ADD] = {"add", "4 : i32"},    [RMW_FADD] = {"fadd", "5 : i32"}, [RMW_MAX] = {"max", "6 : i32"},
    [RMW_MIN] = {"min", "7 : i32"},    [RMW_UMAX] = {"umax", "8 : i32"}, [RMW_UMIN] = {"umin", "9 : i32"},
    [RMW_XCHG] = {"exch", "10 : i32"},
};

static const char *const op_names[] = {
    [TL_ATOMIC_ADD] = "add", [TL_ATOMIC_MAX] = "max", [TL_ATOMIC_MIN] = "min",   [TL_ATOMIC_AND] = "and",
    [TL_ATOMIC_OR] = "or",   [TL_ATOMIC_XOR] = "xor", [TL_ATOMIC_XCHG] = "xchg",
};

static const tcir_attr *enum_attr(tl_builder *b, enum_text t)
{
    return tcir_attr_enum(tl_builder_context(b), t.keyword, t.generic);
}

/* sem and scope as attributes; false (error recorded) for a value outside the enums. */
static bool sem_scope(tl_site s, tl_builder *b, tl_sem sem, tl_mem_scope scope, tcir_named_attr *out)
{
    if ((unsigned)sem >= sizeof sem_texts / sizeof sem_texts[0]) {
        tl_builder_fail(b, s, "Memory semantic %d not supported", (int)sem);
        return false;
    }
    if ((unsigned)scope >= sizeof lang_scope_texts / sizeof lang_scope_texts[0]) {
        tl_builder_fail(b, s, "Memory scope %d not supported", (int)scope);
        return false;
    }
    out[0] = lang_attr("sem", enum_attr(b, sem_texts[sem]));
    out[1] = lang_attr("scope", enum_attr(b, lang_scope_texts[scope]));
    return true;
}

/* The operands after Python's atom_red_typechecking_impl: the value broadcast to the pointer's
 * shape and cast to its element type, the mask broadcast (or all true). */
typedef struct atomic_operands {
    lang_opnd p, v, m;
    bool has_mask;
} atomic_operands;

static bool typecheck(tl_site s, tl_builder *b, tl_atomic_op op, tl_atomic_args a, atomic_operands *x)
{
    const char *name = op_names[op];
    char t[LANG_STR];
    lang_opnd_set(&x->p, &a.ptr);
    if (!x->p.is_ptr || tl_value_is_lit(a.ptr) || lang_block_of(a.ptr)) {
        lang_strong(&x->p);
        tl_builder_fail(b, s, "Pointer argument of store instruction is %s", lang_type_str(b, &x->p, t, sizeof t));
        return false;
    }
    tl_dtype elem = x->p.dtype;
    if ((elem == TL_F16 || elem == TL_BF16) && op != TL_ATOMIC_ADD) {
        tl_builder_fail(b, s, "atomic_%s does not support %s", name, elem == TL_F16 ? "fp16" : "bf16");
        return false;
    }
    if (elem == TL_I16 || elem == TL_U16 || tl_dtype_bits(elem) < 16) {
        tl_builder_fail(b, s, "atomic_%s does not support %s", name, tl_dtype_name(elem));
        return false;
    }
    int rank = x->p.rank;
    const int64_t *dims = x->p.dims;
    x->has_mask = !lang_absent(a.mask);
    if (x->has_mask) {
        if (tl_value_is_lit(a.mask)) {
            tl_builder_fail(b, s, "mask must be a boolean value (a tensor or a scalar), not a number");
            return false;
        }
        lang_opnd_set(&x->m, &a.mask);
        if (rank > 0 && !lang_broadcast_to(s, b, &x->m, rank, dims))
            return false;
    }
    lang_opnd_set(&x->v, &a.val);
    lang_strong(&x->v);
    if (rank > 0 && !lang_broadcast_to(s, b, &x->v, rank, dims))
        return false;
    if (!lang_cast(s, b, &x->v, elem, TL_ROUND_DEFAULT))
        return false;
    if (rank == 0 &&
        (!lang_scalar_only(s, b, &x->v, "Value") || (x->has_mask && !lang_scalar_only(s, b, &x->m, "Mask"))))
        return false;
    if (x->has_mask && (x->m.is_ptr || x->m.dtype != TL_I1)) {
        tl_builder_fail(b, s, "mask must have boolean scalar type, not %s", lang_elem_str(&x->m, t, sizeof t));
        return false;
    }
    /* Python's constants in Python's order: the value's, then the all-true mask. */
    if (tl_value_is_poison(lang_value(s, b, &x->v)))
        return false;
    if (!x->has_mask) {
        x->m = lang_lit_opnd(TL_I1, 0.0, 1);
        x->m.rank = rank;
        memcpy(x->m.dims, dims, (size_t)rank * sizeof(int64_t));
    }
    return !tl_value_is_poison(lang_value(s, b, &x->m));
}

/* tt.atomic_rmw kind on p, v, m; the result is the pointee shaped like p, of dtype rdt. */
static tl_value emit_rmw(tl_site s, tl_builder *b, rmw_kind kind, const lang_opnd *p, const lang_opnd *v,
                         const lang_opnd *m, const tcir_named_attr *sem_scope_attrs, tl_dtype rdt)
{
    tcir_named_attr attrs[3] = {lang_attr("atomic_rmw_op", enum_attr(b, rmw_texts[kind])), sem_scope_attrs[0],
                                sem_scope_attrs[1]};
    tl_value ops[3] = {p->v, v->v, m->v};
    const tcir_type *rt = lang_shaped(b, tcir_type_pointee(p->elem), p->rank, p->dims);
    return lang_emit(s, b, TCIR_OPC_TT_ATOMIC_RMW, 3, ops, rt, rdt, false, 3, attrs);
}

static bool from_value(tl_builder *b, tl_value r, lang_opnd *o)
{
    if (tl_value_is_poison(r))
        return false;
    *o = lang_opnd_of(b, r);
    return true;
}

/* mask & cond, or cond alone when the mask is Python's all-true one (which the canonicalizer
 * would fold away). */
static bool masked(tl_site s, tl_builder *b, const atomic_operands *x, const lang_opnd *cond, lang_opnd *out)
{
    if (!x->has_mask) {
        *out = *cond;
        return true;
    }
    lang_opnd m = x->m, c = *cond; /* lang_binop changes its operands */
    return from_value(b, lang_binop(s, b, TL_OP_AND, &m, &c), out);
}

/* float32 / float64 max and min (semantic.atomic_max / atomic_min). */
static tl_value float_min_max(tl_site s, tl_builder *b, bool is_max, atomic_operands *x, const tcir_named_attr *ss)
{
    bool f32 = x->v.dtype == TL_F32;
    tl_dtype it = f32 ? TL_I32 : TL_I64, ut = f32 ? TL_U32 : TL_U64, ft = x->v.dtype;
    /* The int and uint views of the value and of the pointer are one op each once CSE'd. */
    lang_opnd iv = x->v, ip = x->p;
    if (!lang_emit_unary(s, b, TCIR_OPC_TT_BITCAST, &iv, it, 0, NULL) || !lang_ptr_cast(s, b, &ip, it))
        return TL_POISON;
    /* signbit: (uint bits >> (width - 1)) cast to int1 */
    lang_opnd ux = iv, neg, pos, pos_mask, neg_mask, pos_ret, neg_ret;
    ux.dtype = ut;
    ux.v.dtype = ut;
    lang_opnd shift = lang_opnd_of(b, tl_lit_int(f32 ? 31 : 63));
    if (!from_value(b, lang_binop(s, b, TL_OP_SHR, &ux, &shift), &neg) ||
        !lang_cast(s, b, &neg, TL_I1, TL_ROUND_DEFAULT))
        return TL_POISON;
    lang_opnd not_neg = neg, ones = lang_lit_opnd(TL_I1, 0.0, -1); /* neg is used again below */
    if (!from_value(b, lang_binop(s, b, TL_OP_XOR, &not_neg, &ones), &pos))
        return TL_POISON;
    if (!masked(s, b, x, &pos, &pos_mask) ||
        !from_value(b, emit_rmw(s, b, is_max ? RMW_MAX : RMW_MIN, &ip, &iv, &pos_mask, ss, it), &pos_ret) ||
        !masked(s, b, x, &neg, &neg_mask) ||
        !from_value(b, emit_rmw(s, b, is_max ? RMW_UMIN : RMW_UMAX, &ip, &iv, &neg_mask, ss, ut), &neg_ret))
        return TL_POISON;
    tl_value sel_ops[3] = {pos.v, pos_ret.v, neg_ret.v};
    lang_opnd r;
    if (!from_value(
            b, lang_emit(s, b, TCIR_OPC_ARITH_SELECT, 3, sel_ops, tcir_value_type(pos_ret.v.ir), it, false, 0, NULL),
            &r) ||
        !lang_emit_unary(s, b, TCIR_OPC_TT_BITCAST, &r, ft, 0, NULL))
        return TL_POISON;
    return r.v;
}

tl_value tl_atomic_rmw_at(tl_site s, tl_atomic_op op, tl_atomic_args a)
{
    bool positional = !lang_absent(a.mask_positional), twice = positional && !lang_absent(a.mask);
    if (positional && !twice)
        a.mask = a.mask_positional;
    bool has_mask = !lang_absent(a.mask);
    tl_value in[3] = {a.ptr, a.val, a.mask};
    static const char *const names[] = {"ptr", "val", "mask"};
    tl_builder *b = lang_builder(s, NULL, has_mask ? 3 : 2, in, names);
    if (!b)
        return TL_POISON;
    if ((unsigned)op > TL_ATOMIC_XCHG)
        return tl_builder_fail(b, s, "invalid atomic operation %d", (int)op);
    if (twice)
        return tl_builder_fail(b, s, "got multiple values for argument 'mask'");
    if (has_mask && !positional) /* a positional mask stays in the text's order, Python's */
        tl_order_keywords_first_at(s, b, 2, in, 1, in + 2);
    atomic_operands x;
    tcir_named_attr ss[2];
    if (!typecheck(s, b, op, a, &x) || !sem_scope(s, b, a.sem, a.scope, ss))
        return TL_POISON;
    tl_dtype dt = x.v.dtype;
    bool is_float = tl_dtype_is_float(dt), is_unsigned = lang_is_unsigned(dt);
    switch (op) {
    case TL_ATOMIC_ADD: return emit_rmw(s, b, is_float ? RMW_FADD : RMW_ADD, &x.p, &x.v, &x.m, ss, dt);
    case TL_ATOMIC_AND: return emit_rmw(s, b, RMW_AND, &x.p, &x.v, &x.m, ss, dt);
    case TL_ATOMIC_OR: return emit_rmw(s, b, RMW_OR, &x.p, &x.v, &x.m, ss, dt);
    case TL_ATOMIC_XOR: return emit_rmw(s, b, RMW_XOR, &x.p, &x.v, &x.m, ss, dt);
    case TL_ATOMIC_XCHG: return emit_rmw(s, b, RMW_XCHG, &x.p, &x.v, &x.m, ss, dt);
    case TL_ATOMIC_MAX:
    case TL_ATOMIC_MIN: {
        bool is_max = op == TL_ATOMIC_MAX;
        if (!is_float)
            return emit_rmw(s, b, is_max ? (is_unsigned ? RMW_UMAX : RMW_MAX) : (is_unsigned ? RMW_UMIN : RMW_MIN),
                            &x.p, &x.v, &x.m, ss, dt);
        if (dt != TL_F32 && dt != TL_F64)
            return tl_builder_fail(b, s, "atomic_%s not supported for dtype %s", op_names[op], tl_dtype_name(dt));
        return float_min_max(s, b, is_max, &x, ss);
    }
    }
    return TL_POISON;
}

tl_value tl_atomic_cas_at(tl_site s, tl_atomic_cas_args a)
{
    tl_value in[3] = {a.ptr, a.cmp, a.val};
    static const char *const names[] = {"ptr", "cmp", "val"};
    tl_builder *b = lang_builder(s, NULL, 3, in, names);
    if (!b)
        return TL_POISON;
    char t[LANG_STR], u[LANG_STR];
    /* to_tensor(cmp), to_tensor(val): numbers become constants of their own type, in order */
    lang_opnd p = lang_opnd_of(b, a.ptr), c = lang_opnd_of(b, a.cmp), v = lang_opnd_of(b, a.val);
    lang_strong(&c);
    lang_strong(&v);
    if (tl_value_is_poison(lang_value(s, b, &c)) || tl_value_is_poison(lang_value(s, b, &v)))
        return TL_POISON;
    tcir_named_attr attrs[2];
    if (!sem_scope(s, b, a.sem, a.scope, attrs))
        return TL_POISON;
    if (!p.is_ptr || tl_value_is_lit(a.ptr) || lang_block_of(a.ptr)) {
        lang_strong(&p);
        return tl_builder_fail(b, s, "%s is not a pointer or a tensor of pointers", lang_type_str(b, &p, t, sizeof t));
    }
    unsigned bits = tl_dtype_bits(p.dtype);
    if (bits != 16 && bits != 32 && bits != 64)
        return tl_builder_fail(b, s, "atomic_cas only supports elements with width {16, 32, 64}");
    /* Python passes cmp and val as they are; Triton's verifier only compares shapes, so a type
     * other than the pointee would lower wrongly: an error here. */
    const tcir_type *rt = lang_shaped(b, tcir_type_pointee(p.elem), p.rank, p.dims);
    const lang_opnd *operands[2] = {&c, &v};
    static const char *const what[2] = {"cmp", "val"};
    tcir_type_str(rt, t, sizeof t);
    for (int i = 0; i < 2; i++)
        if (tcir_value_type(operands[i]->v.ir) != rt)
            return tl_builder_fail(b, s, "%s must be %s (the pointer's elements, in its shape), not %s", what[i], t,
                                   lang_type_str(b, operands[i], u, sizeof u));
    tl_value ops[3] = {p.v, c.v, v.v};
    return lang_emit(s, b, TCIR_OPC_TT_ATOMIC_CAS, 3, ops, rt, v.dtype, false, 2, attrs);
}
