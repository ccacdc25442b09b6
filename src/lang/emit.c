/* The language's plumbing: finding the builder of a call, emitting ops by opcode through
 * tl_op_at_ref, and naming types in messages. */
#include <stdio.h>
#include <string.h>

#include "builder/order/order_engine.h"
#include "lang/lang_internal.h"

bool lang_absent(tl_value v) { return tl_value_is_absent(v); }

static void arg_name(char *buf, size_t size, const char *const *names, int i)
{
    if (names && names[i])
        snprintf(buf, size, "%s", names[i]);
    else
        snprintf(buf, size, "argument #%d", i + 1);
}

tl_builder *lang_builder(tl_site s, tl_builder *given, int n, const tl_value *v, const char *const *names)
{
    tl_builder *b = given;
    for (int i = 0; i < n && !b; i++)
        if (!tl_value_is_lit(v[i]))
            b = v[i].b;
    if (!b) /* C numbers only (or poison): Python makes constants of them in the kernel at hand */
        b = tl_builder_current();
    if (!b) /* no kernel is being built on this thread: nothing to make a constant on */
        return NULL;
    if (tl_builder_failed(b))
        return NULL;
    for (int i = 0; i < n; i++) {
        char name[64];
        if (tl_value_is_lit(v[i]))
            continue;
        if (tl_value_is_unset(v[i])) {
            arg_name(name, sizeof name, names, i);
            tl_builder_fail(b, s, "%s is TL_UNSET: it has no value yet (only a runtime tl_if's .carry may list it)",
                            name);
            return NULL;
        }
        if (v[i].ir == NULL) {
            arg_name(name, sizeof name, names, i);
            tl_builder_fail(b, s, "%s is a poison value", name);
            return NULL;
        }
        if (v[i].b != b) {
            arg_name(name, sizeof name, names, i);
            tl_builder_fail(b, s, "%s belongs to another builder", name);
            return NULL;
        }
        /* Only a value made through the raw IR (tl_wrap) can be this big: refused here, every
         * shape computed from operands stays small enough not to overflow. */
        const tcir_type *t = tcir_value_type(v[i].ir);
        if (tcir_type_is_tensor(t) && tcir_type_numel(t) > TL_MAX_TENSOR_NUMEL) {
            char sh[LANG_STR];
            arg_name(name, sizeof name, names, i);
            tl_builder_fail(b, s, "%s has shape %s, which exceeds triton's maximum tensor numel (%d)", name,
                            lang_shape_str(tcir_type_rank(t), tcir_type_dims(t), sh, sizeof sh), TL_MAX_TENSOR_NUMEL);
            return NULL;
        }
    }
    return b;
}

void lang_helper_begin(tl_site s, tl_builder *b, int n, const tl_value *args)
{
    /* The effects among the argument expressions (two loads, one per argument), which C ran in
     * no fixed order, in the text's order first: the call's own ops open a frame, and no op of
     * the caller's level will be issued that would put them so. */
    if (n > 1)
        order_call_arguments(b, s, n, args);
    tl_builder_helper_begin_at(s, b);
}

const tcir_type *lang_shaped(tl_builder *b, const tcir_type *elem, int rank, const int64_t *dims)
{
    if (rank == 0)
        return elem;
    return tcir_type_tensor(tl_builder_context(b), rank, dims, elem);
}

const tcir_type *lang_opnd_type(tl_builder *b, const lang_opnd *o)
{
    const tcir_type *elem = o->elem ? o->elem : tl_dtype_ir(tl_builder_context(b), o->dtype);
    return lang_shaped(b, elem, o->rank, o->dims);
}

static tcir_op *emit_op(tl_site s, tl_builder *b, const char *name, int n, const tl_value *ops, int nres,
                        const tcir_type *const *rt, tl_dtype rdt, int nattrs, const tcir_named_attr *attrs)
{
    tl_raw_op spec = {
        .name = name,
        .noperands = n,
        .operands = ops,
        .nresults = nres,
        .result_types = rt,
        .nattrs = nattrs,
        .attrs = attrs,
        .result_dtype = rdt,
    };
    return tl_op_at_ref(&s, b, &spec);
}

tcir_op *lang_op(tl_site s, tl_builder *b, ir_opcode opc, tl_raw_op spec)
{
    spec.name = tcir_opcode_name(opc);
    return tl_op_at_ref(&s, b, &spec);
}

tl_value lang_emit_named(tl_site s, tl_builder *b, const char *name, int n, const tl_value *ops, const tcir_type *rt,
                         tl_dtype rdt, bool rptr, int nattrs, const tcir_named_attr *attrs)
{
    tcir_op *op = emit_op(s, b, name, n, ops, 1, &rt, rdt, nattrs, attrs);
    if (!op)
        return TL_POISON;
    /* tl_result_at's checks all hold for the op just made, unless memory ran out while it was
     * placed: tl_result_at reports that (at this site) */
    if (tl_builder_failed(b))
        return tl_result_at(s, b, op, 0);
    tl_value r = tl_wrap(b, tcir_op_result(op, 0), rdt);
    r.dtype = rdt;
    r.is_ptr = rptr;
    return r;
}

tl_value lang_emit(tl_site s, tl_builder *b, ir_opcode opc, int n, const tl_value *ops, const tcir_type *rt,
                   tl_dtype rdt, bool rptr, int nattrs, const tcir_named_attr *attrs)
{
    return lang_emit_named(s, b, tcir_opcode_name(opc), n, ops, rt, rdt, rptr, nattrs, attrs);
}

bool lang_emit0(tl_site s, tl_builder *b, ir_opcode opc, int n, const tl_value *ops, int nattrs,
                const tcir_named_attr *attrs)
{
    return emit_op(s, b, tcir_opcode_name(opc), n, ops, 0, NULL, TL_DTYPE_INVALID, nattrs, attrs) != NULL;
}

bool lang_emit_unary(tl_site s, tl_builder *b, ir_opcode opc, lang_opnd *o, tl_dtype dt, int nattrs,
                     const tcir_named_attr *attrs)
{
    tl_value x = lang_value(s, b, o);
    if (tl_value_is_poison(x))
        return false;
    const tcir_type *elem = tl_dtype_ir(tl_builder_context(b), dt);
    tl_value r = lang_emit(s, b, opc, 1, &x, lang_shaped(b, elem, o->rank, o->dims), dt, false, nattrs, attrs);
    if (tl_value_is_poison(r))
        return false;
    o->v = r;
    o->dtype = dt;
    o->elem = elem;
    o->is_ptr = false;
    o->weak = false;
    return true;
}

const char *lang_elem_str(const lang_opnd *o, char *buf, size_t size)
{
    if (o->is_ptr)
        snprintf(buf, size, "pointer<%s>", tl_dtype_name(o->dtype));
    else
        snprintf(buf, size, "%s", tl_dtype_name(o->dtype));
    return buf;
}

const char *lang_type_str(tl_builder *b, const lang_opnd *o, char *buf, size_t size)
{
    tcir_type_str(lang_opnd_type(b, o), buf, size);
    return buf;
}

const char *lang_shape_str(int rank, const int64_t *dims, char *buf, size_t size)
{
    size_t at = 0;
    at += (size_t)snprintf(buf, size, "[");
    for (int i = 0; i < rank && at < size; i++)
        at += (size_t)snprintf(buf + at, size - at, "%s%lld", i ? ", " : "", (long long)dims[i]);
    if (at < size)
        snprintf(buf + at, size - at, "]");
    return buf;
}
