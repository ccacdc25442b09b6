/* The verifier: the checks Triton's and MLIR's verifiers make on the ops tritonc emits, so
 * that what passes here parses and verifies in Triton 3.6. The first problem found (ops in
 * order, an op before its regions) is reported as one line:
 *   file.c:12: 'arith.addf' op requires the same type for all operands and results, got ...
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print_internal.h"

/* Type texts for the one message a verification reports; they live in the verifier, not in
 * each check, as zeroing them per check cost more than the check. */
typedef struct tnames {
    char s[4][160];
    int next;
} tnames;

typedef struct verifier {
    char *err;
    size_t size;
    tcir_scratch mem;
    tcir_pmap seen;     /* ops with results verified so far (or being verified), for dominates */
    tcir_name_memo ops; /* op name -> what op_facts found for it */
    tnames names;
} verifier;

/* ---- reporting -------------------------------------------------------------------------- */

static bool fail(verifier *v, const tcir_op *op, const char *fmt, ...)
{
    if (!v->err || !v->size)
        return false;
    size_t n = 0;
    tcir_loc loc = tcir_op_loc(op);
    if (loc.file) {
        int k = loc.col ? snprintf(v->err, v->size, "%s:%d:%d: ", loc.file, loc.line, loc.col)
                        : snprintf(v->err, v->size, "%s:%d: ", loc.file, loc.line);
        n = k > 0 ? (size_t)k : 0;
    }
    if (n < v->size) {
        int k = snprintf(v->err + n, v->size - n, "'%s' op ", tcir_op_name(op));
        n += k > 0 ? (size_t)k : 0;
    }
    if (n < v->size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(v->err + n, v->size - n, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* The text of a type for a message, in the next of four slots (a message names up to four). */
static const char *tn(verifier *v, const tcir_type *type)
{
    char *buf = v->names.s[v->names.next++ & 3];
    if (!type)
        snprintf(buf, sizeof v->names.s[0], "<none>");
    else
        tcir_type_str(type, buf, sizeof v->names.s[0]);
    return buf;
}

/* ---- type facts ------------------------------------------------------------------------ */

static const tcir_type *operand_type(const tcir_op *op, int i) { return tcir_value_type(tcir_op_operand(op, i)); }
static const tcir_type *result_type(const tcir_op *op, int i)
{
    return tcir_value_type(tcir_op_result((tcir_op *)op, i));
}

static bool is_int_like(const tcir_type *t)
{
    const tcir_type *e = tcir_type_elem(t);
    return tcir_type_is_int(e) || tcir_type_get_kind(e) == TCIR_TYPE_INDEX;
}

static bool is_float_like(const tcir_type *t) { return tcir_type_is_float(tcir_type_elem(t)); }
static bool is_ptr_like(const tcir_type *t) { return tcir_type_is_ptr(tcir_type_elem(t)); }

static bool same_shape(const tcir_type *a, const tcir_type *b)
{
    int r = tcir_type_rank(a);
    if (tcir_type_is_tensor(a) != tcir_type_is_tensor(b) || r != tcir_type_rank(b))
        return false;
    const int64_t *da = tcir_type_dims(a), *db = tcir_type_dims(b);
    for (int i = 0; i < r; i++)
        if (da[i] != db[i])
            return false;
    return true;
}

/* t's shape with element elem, built without a context: compared structurally. */
static bool shaped_like(const tcir_type *t, const tcir_type *shape, const tcir_type *elem)
{
    return same_shape(t, shape) && tcir_type_elem(t) == elem;
}

static unsigned bit_width(const tcir_type *t)
{
    const tcir_type *e = tcir_type_elem(t);
    if (tcir_type_is_int(e))
        return tcir_type_int_width(e);
    if (tcir_type_is_float(e))
        return tcir_type_float_width(e);
    if (tcir_type_is_ptr(e))
        return 64;
    return 0;
}

static bool is_i1_like(const tcir_type *t)
{
    const tcir_type *e = tcir_type_elem(t);
    return tcir_type_is_int(e) && tcir_type_int_width(e) == 1;
}

static bool counts(verifier *v, const tcir_op *op, int nops, int nres)
{
    if (tcir_op_noperands(op) == nops && tcir_op_nresults(op) == nres)
        return true;
    return fail(v, op, "expects %d operand%s and %d result%s, got %d and %d", nops, nops == 1 ? "" : "s", nres,
                nres == 1 ? "" : "s", tcir_op_noperands(op), tcir_op_nresults(op));
}

static const tcir_attr *need_attr(verifier *v, const tcir_op *op, const char *name, tcir_attr_kind kind)
{
    const tcir_attr *a = tcir_op_attr(op, name);
    if (!a || tcir_attr_get_kind(a) != kind) {
        fail(v, op, "requires attribute '%s'", name);
        return NULL;
    }
    return a;
}

/* ---- elementwise arithmetic ---------------------------------------------------------------- */

static bool elem_kind(verifier *v, const tcir_op *op, bool want_float)
{
    for (int i = 0; i < tcir_op_noperands(op); i++) {
        const tcir_type *ty = operand_type(op, i);
        if (want_float ? !is_float_like(ty) : !is_int_like(ty))
            return fail(v, op, "operand #%d must be %s, but got '%s'", i,
                        want_float ? "floating-point-like" : "signless-integer-like", tn(v, ty));
    }
    return true;
}

/* n operands and one result, all of one type, integers or floats. */
static bool same_type_op(verifier *v, const tcir_op *op, int n, bool want_float)
{
    if (!counts(v, op, n, 1))
        return false;
    const tcir_type *r = result_type(op, 0);
    for (int i = 0; i < n; i++) {
        if (operand_type(op, i) != r) {
            if (n == 1)
                return fail(v, op, "requires the same type for all operands and results, got %s -> %s",
                            tn(v, operand_type(op, 0)), tn(v, r));
            if (n == 2)
                return fail(v, op, "requires the same type for all operands and results, got %s, %s -> %s",
                            tn(v, operand_type(op, 0)), tn(v, operand_type(op, 1)), tn(v, r));
            return fail(v, op, "requires the same type for all operands and results, got %s, %s, %s -> %s",
                        tn(v, operand_type(op, 0)), tn(v, operand_type(op, 1)), tn(v, operand_type(op, 2)),
                        tn(v, r));
        }
    }
    return elem_kind(v, op, want_float);
}

static bool v_int2(verifier *v, const tcir_op *op) { return same_type_op(v, op, 2, false); }
static bool v_float2(verifier *v, const tcir_op *op) { return same_type_op(v, op, 2, true); }
static bool v_int1(verifier *v, const tcir_op *op) { return same_type_op(v, op, 1, false); }
static bool v_float1(verifier *v, const tcir_op *op) { return same_type_op(v, op, 1, true); }
static bool v_float3(verifier *v, const tcir_op *op) { return same_type_op(v, op, 3, true); }

static bool v_clampf(verifier *v, const tcir_op *op)
{
    return same_type_op(v, op, 3, true) && need_attr(v, op, "propagateNan", TCIR_ATTR_ENUM);
}

static bool v_cmp(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 2, 1) || !need_attr(v, op, "predicate", TCIR_ATTR_ENUM))
        return false;
    const tcir_type *a = operand_type(op, 0), *b = operand_type(op, 1), *r = result_type(op, 0);
    if (a != b)
        return fail(v, op, "requires all operands to have the same type, got %s and %s", tn(v, a), tn(v, b));
    if (!elem_kind(v, op, tcir_op_named(op, "arith.cmpf")))
        return false;
    if (!same_shape(r, a) || !is_i1_like(r))
        return fail(v, op, "result must be i1 shaped like the operands (%s), got %s", tn(v, a), tn(v, r));
    return true;
}

static bool v_select(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 3, 1))
        return false;
    const tcir_type *c = operand_type(op, 0), *r = result_type(op, 0);
    if (operand_type(op, 1) != r || operand_type(op, 2) != r)
        return fail(v, op, "requires the true value, the false value and the result to have the same type, got %s, %s "
                    "-> %s",
                    tn(v, operand_type(op, 1)), tn(v, operand_type(op, 2)), tn(v, r));
    if (!is_i1_like(c) || (tcir_type_is_tensor(c) && !same_shape(c, r)))
        return fail(v, op, "condition must be i1 or a tensor of i1 shaped like the result (%s), got %s", tn(v, r),
                    tn(v, c));
    return true;
}

/* ---- casts ---------------------------------------------------------------------------------- */

static bool v_cast(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!same_shape(a, r))
        return fail(v, op, "operand and result must have the same shape, got %s and %s", tn(v, a), tn(v, r));
    const char *n = tcir_op_name(op) + 6; /* after "arith." */
    bool from_int = is_int_like(a), to_int = is_int_like(r), from_f = is_float_like(a), to_f = is_float_like(r);
    unsigned wa = bit_width(a), wr = bit_width(r);
    if (!strcmp(n, "extsi") || !strcmp(n, "extui") || !strcmp(n, "trunci") || !strcmp(n, "extf") ||
        !strcmp(n, "truncf")) {
        bool ints = n[strlen(n) - 1] == 'i'; /* extsi extui trunci; extf truncf are floats */
        if (ints ? !(from_int && to_int) : !(from_f && to_f))
            return fail(v, op, "expects %s operand and result, got %s to %s", ints ? "integer" : "floating-point",
                        tn(v, a), tn(v, r));
        bool widen = n[0] == 'e';
        if (widen && wr <= wa)
            return fail(v, op, "result type '%s' must be wider than operand type '%s'", tn(v, r), tn(v, a));
        if (!widen && wr >= wa)
            return fail(v, op, "result type '%s' must be narrower than operand type '%s'", tn(v, r), tn(v, a));
        return true;
    }
    if (!strcmp(n, "sitofp") || !strcmp(n, "uitofp")) {
        if (!from_int || !to_f)
            return fail(v, op, "expects an integer operand and a floating-point result, got %s to %s", tn(v, a),
                        tn(v, r));
        return true;
    }
    if (!strcmp(n, "fptosi") || !strcmp(n, "fptoui")) {
        if (!from_f || !to_int)
            return fail(v, op, "expects a floating-point operand and an integer result, got %s to %s", tn(v, a),
                        tn(v, r));
        return true;
    }
    if (!strcmp(n, "index_cast")) {
        bool ai = tcir_type_get_kind(tcir_type_elem(a)) == TCIR_TYPE_INDEX;
        bool ri = tcir_type_get_kind(tcir_type_elem(r)) == TCIR_TYPE_INDEX;
        if (!from_int || !to_int || ai == ri)
            return fail(v, op, "expects a cast between an integer and index, got %s to %s", tn(v, a), tn(v, r));
        return true;
    }
    /* arith.bitcast */
    if (is_ptr_like(a) || is_ptr_like(r) || !wa || wa != wr)
        return fail(v, op, "operand and result must have the same bit width, got %s to %s", tn(v, a), tn(v, r));
    return true;
}

static bool v_tt_bitcast(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!same_shape(a, r))
        return fail(v, op, "operand and result must have the same shape, got %s and %s", tn(v, a), tn(v, r));
    if (is_ptr_like(a) != is_ptr_like(r) || !bit_width(a) || bit_width(a) != bit_width(r))
        return fail(v, op, "operand and result must have the same bit width, got %s to %s", tn(v, a), tn(v, r));
    return true;
}

static bool v_fp_to_fp(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!same_shape(a, r))
        return fail(v, op, "operand and result must have the same shape, got %s and %s", tn(v, a), tn(v, r));
    if (!is_float_like(a) || !is_float_like(r))
        return fail(v, op, "expects floating-point operand and result, got %s to %s", tn(v, a), tn(v, r));
    if (bit_width(r) < bit_width(a) && !tcir_op_attr(op, "rounding"))
        return fail(v, op, "rounding mode is required for an FP downcast, got %s to %s", tn(v, a), tn(v, r));
    return true;
}

/* ---- pointers, memory, shapes ---------------------------------------------------------------- */

static bool v_addptr(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 2, 1))
        return false;
    const tcir_type *p = operand_type(op, 0), *o = operand_type(op, 1), *r = result_type(op, 0);
    if (!is_ptr_like(p))
        return fail(v, op, "operand #0 must be a pointer or a tensor of pointers, got %s", tn(v, p));
    if (!is_int_like(o))
        return fail(v, op, "operand #1 must be an integer or a tensor of integers, got %s", tn(v, o));
    if (!same_shape(p, o))
        return fail(v, op, "pointer and offset must have the same shape, got %s and %s", tn(v, p), tn(v, o));
    if (r != p)
        return fail(v, op, "result type %s must be the pointer type %s", tn(v, r), tn(v, p));
    return true;
}

/* The pointee of a pointer (or tensor of pointers), checking the operand is one. */
static const tcir_type *pointee(verifier *v, const tcir_op *op)
{
    const tcir_type *p = operand_type(op, 0);
    if (!is_ptr_like(p)) {
        fail(v, op, "operand #0 must be a pointer or a tensor of pointers, got %s", tn(v, p));
        return NULL;
    }
    return tcir_type_pointee(tcir_type_elem(p));
}

static bool check_mask(verifier *v, const tcir_op *op, int i)
{
    const tcir_type *p = operand_type(op, 0), *m = operand_type(op, i);
    if (same_shape(m, p) && is_i1_like(m))
        return true;
    return fail(v, op, "mask must be i1 shaped like the pointer (%s), got %s", tn(v, p), tn(v, m));
}

static bool v_load(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 1 || n > 3 || tcir_op_nresults(op) != 1)
        return fail(v, op, "expects 1 to 3 operands (ptr, mask, other) and 1 result, got %d and %d", n,
                    tcir_op_nresults(op));
    const tcir_type *e = pointee(v, op);
    if (!e)
        return false;
    const tcir_type *p = operand_type(op, 0), *r = result_type(op, 0);
    if (!shaped_like(r, p, e))
        return fail(v, op, "result type %s must be the pointee shaped like the pointer (%s)", tn(v, r), tn(v, p));
    if (n >= 2 && !check_mask(v, op, 1))
        return false;
    if (n == 3 && operand_type(op, 2) != r)
        return fail(v, op, "other must have the result type %s, got %s", tn(v, r), tn(v, operand_type(op, 2)));
    return true;
}

static bool v_store(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 2 || n > 3 || tcir_op_nresults(op) != 0)
        return fail(v, op, "expects 2 or 3 operands (ptr, value, mask) and no result, got %d and %d", n,
                    tcir_op_nresults(op));
    const tcir_type *e = pointee(v, op);
    if (!e)
        return false;
    const tcir_type *p = operand_type(op, 0), *val = operand_type(op, 1);
    if (!shaped_like(val, p, e))
        return fail(v, op, "value type %s must be the pointee shaped like the pointer (%s)", tn(v, val), tn(v, p));
    return n < 3 || check_mask(v, op, 2);
}

static bool v_splat(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (tcir_type_is_tensor(a))
        return fail(v, op, "operand must be a scalar, got %s", tn(v, a));
    if (!tcir_type_is_tensor(r) || tcir_type_elem(r) != a)
        return fail(v, op, "result must be a tensor of %s, got %s", tn(v, a), tn(v, r));
    return true;
}

static bool v_broadcast(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!tcir_type_is_tensor(a) || !tcir_type_is_tensor(r) || tcir_type_rank(a) != tcir_type_rank(r) ||
        tcir_type_elem(a) != tcir_type_elem(r))
        return fail(v, op, "operand and result must be tensors of the same rank and element type, got %s and %s",
                    tn(v, a), tn(v, r));
    const int64_t *da = tcir_type_dims(a), *dr = tcir_type_dims(r);
    for (int i = 0; i < tcir_type_rank(a); i++)
        if (da[i] != dr[i] && da[i] != 1)
            return fail(v, op, "dimension %d of %s is %lld: only 1 can broadcast to %lld", i, tn(v, a),
                        (long long)da[i], (long long)dr[i]);
    return true;
}

static bool v_expand_dims(verifier *v, const tcir_op *op)
{
    const tcir_attr *ax;
    if (!counts(v, op, 1, 1) || !(ax = need_attr(v, op, "axis", TCIR_ATTR_INT)))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    int64_t axis = tcir_attr_int_value(ax);
    int ra = tcir_type_rank(a);
    if (!tcir_type_is_tensor(a))
        return fail(v, op, "operand must be a tensor, got %s", tn(v, a));
    if (axis < 0 || axis > ra)
        return fail(v, op, "axis %lld is out of range for %s", (long long)axis, tn(v, a));
    bool ok = tcir_type_is_tensor(r) && tcir_type_rank(r) == ra + 1 && tcir_type_elem(r) == tcir_type_elem(a);
    const int64_t *da = tcir_type_dims(a), *dr = tcir_type_dims(r);
    for (int i = 0, j = 0; ok && i <= ra; i++)
        ok = i == axis ? dr[i] == 1 : dr[i] == da[j++];
    if (!ok)
        return fail(v, op, "result type %s must be %s with a 1 inserted at axis %lld", tn(v, r), tn(v, a),
                    (long long)axis);
    return true;
}

static bool v_make_range(verifier *v, const tcir_op *op)
{
    const tcir_attr *s, *e;
    if (!counts(v, op, 0, 1) || !(s = need_attr(v, op, "start", TCIR_ATTR_INT)) ||
        !(e = need_attr(v, op, "end", TCIR_ATTR_INT)))
        return false;
    int64_t n = tcir_attr_int_value(e) - tcir_attr_int_value(s);
    const tcir_type *r = result_type(op, 0);
    if (n <= 0 || (n & (n - 1)))
        return fail(v, op, "range length %lld (end - start) must be a positive power of two", (long long)n);
    const tcir_type *el = tcir_type_elem(r);
    if (tcir_type_rank(r) != 1 || !tcir_type_is_int(el) || tcir_type_int_width(el) != 32 ||
        tcir_type_dims(r)[0] != n)
        return fail(v, op, "result must be tensor<%lldxi32> (end - start), got %s", (long long)n, tn(v, r));
    return true;
}

static bool v_program_id(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 0, 1) || !need_attr(v, op, "axis", TCIR_ATTR_ENUM))
        return false;
    const tcir_type *r = result_type(op, 0);
    if (!tcir_type_is_int(r) || tcir_type_int_width(r) != 32) {
        return fail(v, op, "result must be i32, got %s", tn(v, r));
    }
    return true;
}

static bool v_constant(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 0, 1))
        return false;
    const tcir_attr *a = tcir_op_attr(op, "value");
    if (!a)
        return fail(v, op, "requires attribute 'value'");
    tcir_attr_kind k = tcir_attr_get_kind(a);
    const tcir_type *r = result_type(op, 0);
    const tcir_type *at = k == TCIR_ATTR_INT || k == TCIR_ATTR_FLOAT || k == TCIR_ATTR_DENSE ? tcir_attr_get_type(a)
                          : k == TCIR_ATTR_BOOL                                              ? NULL
                                                                                               : r;
    bool ok = k == TCIR_ATTR_BOOL ? is_i1_like(r) && !tcir_type_is_tensor(r)
                                  : (k == TCIR_ATTR_INT || k == TCIR_ATTR_FLOAT || k == TCIR_ATTR_DENSE) && at == r;
    if (!ok) {
        return fail(v, op, "value of type %s does not match the result type %s", tn(v, at), tn(v, r));
    }
    return true;
}

/* ---- functions and control flow -------------------------------------------------------------- */

static const tcir_type *function_type(const tcir_op *func)
{
    const tcir_attr *ft = tcir_op_attr(func, "function_type");
    const tcir_type *t = ft && tcir_attr_get_kind(ft) == TCIR_ATTR_TYPE ? tcir_attr_get_type(ft) : NULL;
    return t && tcir_type_get_kind(t) == TCIR_TYPE_FUNC ? t : NULL;
}

static bool v_func(verifier *v, const tcir_op *op)
{
    if (!need_attr(v, op, "sym_name", TCIR_ATTR_STRING))
        return false;
    const tcir_type *ft = function_type(op);
    if (!ft)
        return fail(v, op, "requires a function type attribute 'function_type'");
    if (tcir_op_nregions(op) != 1 || tcir_op_noperands(op) || tcir_op_nresults(op))
        return fail(v, op, "expects one region, no operands and no results");
    tcir_region *body = tcir_op_region((tcir_op *)op, 0);
    const tcir_block *entry = tcir_region_first_block(body);
    if (!entry)
        return true; /* a declaration */
    int n = tcir_type_func_ninputs(ft);
    if (tcir_block_nargs(entry) != n)
        return fail(v, op, "entry block has %d arguments, but the function type has %d inputs",
                    tcir_block_nargs(entry), n);
    for (int i = 0; i < n; i++)
        if (tcir_value_type(tcir_block_arg(entry, i)) != tcir_type_func_input(ft, i))
            return fail(v, op, "entry block argument #%d has type %s, but the function type says %s", i,
                        tn(v, tcir_value_type(tcir_block_arg(entry, i))), tn(v, tcir_type_func_input(ft, i)));
    int k = 0;
    for (const tcir_block *b = entry; b; b = tcir_block_next(b), k++) {
        const tcir_op *last = tcir_block_last(b);
        if (last && tcir_op_is_terminator(last) && !tcir_op_nsuccessors(last) && !tcir_op_named(last, "tt.return"))
            return fail(v, op, "block ^bb%d must end in tt.return, not '%s'", k, tcir_op_name(last));
    }
    return true;
}

static bool v_return(verifier *v, const tcir_op *op)
{
    const tcir_op *parent = tcir_op_parent_op(op);
    if (!parent || !tcir_op_named(parent, "tt.func"))
        return fail(v, op, "expects parent op 'tt.func'");
    const tcir_type *ft = function_type(parent);
    if (!ft)
        return true; /* reported on the function */
    int n = tcir_op_noperands(op), nr = tcir_type_func_nresults(ft);
    if (n != nr)
        return fail(v, op, "has %d operands, but the enclosing function returns %d", n, nr);
    for (int i = 0; i < n; i++)
        if (operand_type(op, i) != tcir_type_func_result(ft, i))
            return fail(v, op, "type of operand #%d (%s) does not match the function result type (%s)", i,
                        tn(v, operand_type(op, i)), tn(v, tcir_type_func_result(ft, i)));
    return true;
}

/* The types of values [from, to) of op's operands match the block's arguments. */
static bool operands_match_args(verifier *v, const tcir_op *op, int from, const tcir_block *b, int arg0,
                                const char *what)
{
    int n = tcir_block_nargs(b) - arg0;
    if (tcir_op_noperands(op) - from != n)
        return fail(v, op, "passes %d values to %s, which takes %d", tcir_op_noperands(op) - from, what, n);
    for (int i = 0; i < n; i++)
        if (operand_type(op, from + i) != tcir_value_type(tcir_block_arg(b, arg0 + i)))
            return fail(v, op, "value #%d has type %s, but %s takes %s", i, tn(v, operand_type(op, from + i)), what,
                        tn(v, tcir_value_type(tcir_block_arg(b, arg0 + i))));
    return true;
}

static bool successors_in_region(verifier *v, const tcir_op *op)
{
    const tcir_region *r = tcir_block_region(tcir_op_block(op));
    for (int i = 0; i < tcir_op_nsuccessors(op); i++)
        if (!tcir_op_successor(op, i) || tcir_block_region(tcir_op_successor(op, i)) != r)
            return fail(v, op, "successor #%d is not in the same region", i);
    return true;
}

static bool v_br(verifier *v, const tcir_op *op)
{
    if (tcir_op_nsuccessors(op) != 1 || tcir_op_nresults(op))
        return fail(v, op, "expects one successor and no result");
    return successors_in_region(v, op) && operands_match_args(v, op, 0, tcir_op_successor(op, 0), 0, "its successor");
}

static bool v_cond_br(verifier *v, const tcir_op *op)
{
    if (tcir_op_nsuccessors(op) != 2 || tcir_op_nresults(op) || tcir_op_noperands(op) < 1)
        return fail(v, op, "expects a condition, two successors and no result");
    if (!successors_in_region(v, op))
        return false;
    const tcir_type *c = operand_type(op, 0);
    if (!tcir_type_is_int(c) || tcir_type_int_width(c) != 1) {
        return fail(v, op, "condition must be i1, got %s", tn(v, c));
    }
    const tcir_block *tb = tcir_op_successor(op, 0), *fb = tcir_op_successor(op, 1);
    int nt = tcir_block_nargs(tb), nf = tcir_block_nargs(fb);
    if (tcir_op_noperands(op) != 1 + nt + nf)
        return fail(v, op, "passes %d values to successors taking %d and %d", tcir_op_noperands(op) - 1, nt, nf);
    for (int i = 0; i < nt + nf; i++) {
        const tcir_type *want = tcir_value_type(tcir_block_arg(i < nt ? tb : fb, i < nt ? i : i - nt));
        if (operand_type(op, 1 + i) != want)
            return fail(v, op, "value #%d has type %s, but its successor takes %s", i, tn(v, operand_type(op, 1 + i)),
                        tn(v, want));
    }
    return true;
}

/* The terminator of region i's first block, when it has one named `name`. */
static const tcir_op *region_terminator(const tcir_op *op, int i, const char *name)
{
    const tcir_block *b = tcir_region_first_block(tcir_op_region((tcir_op *)op, i));
    const tcir_op *last = b ? tcir_block_last(b) : NULL;
    return last && tcir_op_named(last, name) ? last : NULL;
}

/* The yield of region i passes values of the op's result types. */
static bool yields_results(verifier *v, const tcir_op *op, int region)
{
    const tcir_op *y = region_terminator(op, region, "scf.yield");
    if (!y)
        return true; /* the terminator check reports it */
    int n = tcir_op_nresults(op);
    if (tcir_op_noperands(y) != n)
        return fail(v, y, "yields %d values, but the parent '%s' has %d results", tcir_op_noperands(y),
                    tcir_op_name(op), n);
    for (int i = 0; i < n; i++)
        if (operand_type(y, i) != result_type(op, i))
            return fail(v, y, "value #%d has type %s, but the parent's result #%d is %s", i, tn(v, operand_type(y, i)),
                        i, tn(v, result_type(op, i)));
    return true;
}

static bool v_for(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op), inits = n - 3;
    if (inits < 0 || tcir_op_nregions(op) != 1 || tcir_op_nresults(op) != inits)
        return fail(v, op, "expects lower bound, upper bound, step, the initial values, one region and one result "
                    "per initial value");
    const tcir_type *iv = operand_type(op, 0);
    if (!is_int_like(iv) || tcir_type_is_tensor(iv) || operand_type(op, 1) != iv || operand_type(op, 2) != iv)
        return fail(v, op, "bounds and step must be integers of one type, got %s, %s, %s", tn(v, iv),
                    tn(v, operand_type(op, 1)), tn(v, operand_type(op, 2)));
    const tcir_block *body = tcir_region_first_block(tcir_op_region((tcir_op *)op, 0));
    if (!body || tcir_block_nargs(body) != 1 + inits || tcir_value_type(tcir_block_arg(body, 0)) != iv)
        return fail(v, op, "body must take the induction variable (%s) and one argument per initial value",
                    tn(v, iv));
    for (int i = 0; i < inits; i++)
        if (operand_type(op, 3 + i) != result_type(op, i) ||
            tcir_value_type(tcir_block_arg(body, 1 + i)) != result_type(op, i))
            return fail(v, op, "initial value #%d, its loop argument and result must have one type, got %s, %s, %s", i,
                        tn(v, operand_type(op, 3 + i)), tn(v, tcir_value_type(tcir_block_arg(body, 1 + i))),
                        tn(v, result_type(op, i)));
    return yields_results(v, op, 0);
}

static bool v_if(verifier *v, const tcir_op *op)
{
    if (tcir_op_noperands(op) != 1 || tcir_op_nregions(op) != 2)
        return fail(v, op, "expects a condition and two regions");
    const tcir_type *c = operand_type(op, 0);
    if (!tcir_type_is_int(c) || tcir_type_int_width(c) != 1) {
        return fail(v, op, "condition must be i1, got %s", tn(v, c));
    }
    if (!tcir_region_first_block(tcir_op_region((tcir_op *)op, 0)))
        return fail(v, op, "the then region must have a block");
    if (tcir_op_nresults(op) && !tcir_region_first_block(tcir_op_region((tcir_op *)op, 1)))
        return fail(v, op, "must have an else region when it has results");
    return yields_results(v, op, 0) && yields_results(v, op, 1);
}

static bool v_while(verifier *v, const tcir_op *op)
{
    if (tcir_op_nregions(op) != 2)
        return fail(v, op, "expects two regions");
    const tcir_block *before = tcir_region_first_block(tcir_op_region((tcir_op *)op, 0));
    const tcir_block *after = tcir_region_first_block(tcir_op_region((tcir_op *)op, 1));
    if (!before || !after)
        return fail(v, op, "both regions must have a block");
    if (!operands_match_args(v, op, 0, before, 0, "the before region"))
        return false;
    const tcir_op *cond = region_terminator(op, 0, "scf.condition");
    if (cond) {
        int n = tcir_op_noperands(cond) - 1;
        if (n != tcir_op_nresults(op))
            return fail(v, cond, "forwards %d values, but the parent 'scf.while' has %d results", n,
                        tcir_op_nresults(op));
        for (int i = 0; i < n; i++)
            if (operand_type(cond, 1 + i) != result_type(op, i))
                return fail(v, cond, "value #%d has type %s, but the parent's result #%d is %s", i,
                            tn(v, operand_type(cond, 1 + i)), i, tn(v, result_type(op, i)));
    }
    if (tcir_block_nargs(after) != tcir_op_nresults(op))
        return fail(v, op, "the after region takes %d arguments, but there are %d results", tcir_block_nargs(after),
                    tcir_op_nresults(op));
    const tcir_op *y = region_terminator(op, 1, "scf.yield");
    return !y || operands_match_args(v, y, 0, before, 0, "the before region");
}

static bool v_yield(verifier *v, const tcir_op *op)
{
    const tcir_op *parent = tcir_op_parent_op(op);
    if (!parent || !(tcir_op_named(parent, "scf.for") || tcir_op_named(parent, "scf.if") ||
                     tcir_op_named(parent, "scf.while")))
        return fail(v, op, "expects parent op to be one of 'scf.for, scf.if, scf.while'");
    if (tcir_op_named(parent, "scf.while") && tcir_block_region(tcir_op_block(op)) != tcir_op_region((tcir_op *)parent, 1))
        return fail(v, op, "must be in the after region of 'scf.while'");
    return true;
}

static bool v_condition(verifier *v, const tcir_op *op)
{
    const tcir_op *parent = tcir_op_parent_op(op);
    if (!parent || !tcir_op_named(parent, "scf.while") ||
        tcir_block_region(tcir_op_block(op)) != tcir_op_region((tcir_op *)parent, 0))
        return fail(v, op, "expects parent op 'scf.while' (its before region)");
    const tcir_type *c = tcir_op_noperands(op) ? operand_type(op, 0) : NULL;
    if (!c || !tcir_type_is_int(c) || tcir_type_int_width(c) != 1) {
        return fail(v, op, "condition must be i1, got %s", tn(v, c));
    }
    return true;
}

/* ---- dispatch ------------------------------------------------------------------------------ */

typedef bool (*verify_fn)(verifier *v, const tcir_op *op);
typedef struct verify_entry {
    tcir_name_key key; /* first, for tcir_find_name */
    verify_fn fn;
} verify_entry;

#define E(name, fn) {{name, sizeof(name) - 1}, fn}
/* Sorted by name length, then by memcmp, for tcir_find_name. */
static const verify_entry table[] = {
    E("cf.br", v_br), E("scf.if", v_if), E("scf.for", v_for), E("tt.func", v_func), E("tt.load", v_load),
    E("math.cos", v_float1), E("math.erf", v_float1), E("math.exp", v_float1), E("math.fma", v_float3),
    E("math.log", v_float1), E("math.sin", v_float1), E("tt.splat", v_splat), E("tt.store", v_store),
    E("arith.ori", v_int2), E("math.absf", v_float1), E("math.absi", v_int1), E("math.ceil", v_float1),
    E("math.exp2", v_float1), E("math.log2", v_float1), E("math.sqrt", v_float1), E("scf.while", v_while),
    E("scf.yield", v_yield), E("tt.addptr", v_addptr), E("tt.clampf", v_clampf), E("tt.return", v_return),
    E("arith.addf", v_float2), E("arith.addi", v_int2), E("arith.andi", v_int2), E("arith.cmpf", v_cmp),
    E("arith.cmpi", v_cmp), E("arith.divf", v_float2), E("arith.extf", v_cast), E("arith.mulf", v_float2),
    E("arith.muli", v_int2), E("arith.negf", v_float1), E("arith.remf", v_float2), E("arith.shli", v_int2),
    E("arith.subf", v_float2), E("arith.subi", v_int2), E("arith.xori", v_int2), E("cf.cond_br", v_cond_br),
    E("math.floor", v_float1), E("math.rsqrt", v_float1), E("tt.bitcast", v_tt_bitcast), E("tt.mulhiui", v_int2),
    E("arith.divsi", v_int2), E("arith.divui", v_int2), E("arith.extsi", v_cast), E("arith.extui", v_cast),
    E("arith.maxsi", v_int2), E("arith.maxui", v_int2), E("arith.minsi", v_int2), E("arith.minui", v_int2),
    E("arith.remsi", v_int2), E("arith.remui", v_int2), E("arith.shrsi", v_int2), E("arith.shrui", v_int2),
    E("tt.fp_to_fp", v_fp_to_fp), E("arith.fptosi", v_cast), E("arith.fptoui", v_cast), E("arith.select", v_select),
    E("arith.sitofp", v_cast), E("arith.truncf", v_cast), E("arith.trunci", v_cast), E("arith.uitofp", v_cast),
    E("tt.broadcast", v_broadcast), E("arith.bitcast", v_cast), E("arith.maxnumf", v_float2),
    E("arith.minnumf", v_float2), E("scf.condition", v_condition), E("tt.make_range", v_make_range),
    E("arith.constant", v_constant), E("arith.maximumf", v_float2), E("arith.minimumf", v_float2),
    E("tt.expand_dims", v_expand_dims), E("arith.ceildivsi", v_int2), E("tt.precise_divf", v_float2),
    E("tt.precise_sqrt", v_float1), E("arith.floordivsi", v_int2), E("arith.index_cast", v_cast),
    E("tt.get_program_id", v_program_id), E("tt.get_num_programs", v_program_id),
};
#undef E

/* What the verifier knows of an op's name: its table index + 1 in the low bits (0: no
 * checks of its own) and whether the name ends a block. Looked up once per name (v->ops). */
enum { FACT_INDEX = 0xFFFF, FACT_TERMINATOR = 1 << 16 };

static int32_t op_facts(verifier *v, const tcir_op *op)
{
    const char *name = tcir_op_name(op);
    int32_t f;
    if (!tcir_name_memo_get(&v->ops, name, &f)) {
        f = (tcir_find_name(table, sizeof table / sizeof table[0], sizeof table[0], name) + 1) |
            (tcir_op_name_is_terminator(name) ? FACT_TERMINATOR : 0);
        tcir_name_memo_put(&v->ops, name, f);
    }
    return f;
}

static bool is_terminator(verifier *v, const tcir_op *op)
{
    return tcir_op_nsuccessors(op) > 0 || (op_facts(v, op) & FACT_TERMINATOR);
}

/* ---- structure and dominance ------------------------------------------------------------------ */

/* Whether v is visible at user: defined earlier in the same block or in a block enclosing it,
 * an argument of such a block, or defined in another block of a region enclosing the user
 * (control-flow dominance between blocks is not checked). Functions are isolated.
 * Ops are verified in order, each before its regions, so an op of the user's block (or of an
 * enclosing op's block) comes earlier exactly when it has been seen already. */
static bool dominates(verifier *v, const tcir_value *val, const tcir_op *user)
{
    const tcir_op *def = tcir_value_def(val);
    const tcir_block *db = tcir_value_block(val);
    if (!db)
        return false;
    const tcir_region *dr = tcir_block_region(db);
    for (const tcir_op *cur = user; cur;) {
        const tcir_block *cb = tcir_op_block(cur);
        if (!cb)
            return false;
        if (cb == db) {
            int32_t unused;
            return !def || (def != cur && tcir_pmap_get(&v->seen, def, &unused));
        }
        if (tcir_block_region(cb) == dr)
            return true;
        const tcir_op *parent = tcir_op_parent_op(cur);
        if (parent && tcir_op_named(parent, "tt.func"))
            return false; /* isolated from above */
        cur = parent;
    }
    return false;
}

static bool verify_op(verifier *v, const tcir_op *op, int32_t facts);

static bool verify_region(verifier *v, const tcir_op *parent, int ri)
{
    const tcir_region *r = tcir_op_region((tcir_op *)parent, ri);
    bool needs_terminator = !tcir_op_named(parent, "builtin.module");
    int k = 0;
    for (const tcir_block *b = tcir_region_first_block(r); b; b = tcir_block_next(b), k++) {
        const tcir_op *last = tcir_block_last(b);
        if (needs_terminator && (!last || !is_terminator(v, last)))
            return fail(v, parent, "block ^bb%d of region #%d does not end in a terminator%s%s%s", k, ri,
                        last ? " (it ends in '" : "", last ? tcir_op_name(last) : "", last ? "')" : "");
        for (const tcir_op *op = tcir_block_first(b); op; op = tcir_op_next(op)) {
            int32_t facts = op_facts(v, op);
            if (op != last && (tcir_op_nsuccessors(op) > 0 || (facts & FACT_TERMINATOR)))
                return fail(v, op, "must be the last operation of its block");
            if (tcir_op_nresults(op)) { /* only ops with results define values */
                tcir_pmap_put(&v->mem, &v->seen, op, 0);
                if (v->mem.oom)
                    return fail(v, parent, "out of memory while verifying");
            }
            if (!verify_op(v, op, facts))
                return false;
        }
    }
    return true;
}

/* facts: op_facts(v, op) */
static bool verify_op(verifier *v, const tcir_op *op, int32_t facts)
{
    for (int i = 0; i < tcir_op_noperands(op); i++) {
        const tcir_value *val = tcir_op_operand(op, i);
        if (!val)
            return fail(v, op, "operand #%d is null", i);
        if (!dominates(v, val, op))
            return fail(v, op, "operand #%d does not dominate this use", i);
    }
    int32_t index = facts & FACT_INDEX;
    if (index && !table[index - 1].fn(v, op))
        return false;
    for (int i = 0; i < tcir_op_nregions(op); i++)
        if (!verify_region(v, op, i))
            return false;
    return true;
}

bool tcir_verify(const tcir_op *op, char *err, size_t errsize)
{
    if (err && errsize)
        err[0] = '\0';
    if (!op) {
        if (err && errsize)
            snprintf(err, errsize, "no operation to verify");
        return false;
    }
    verifier v = {.err = err, .size = errsize};
    bool ok = verify_op(&v, op, op_facts(&v, op));
    tcir_scratch_free(&v.mem);
    return ok;
}
