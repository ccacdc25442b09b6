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
    if (tcir_type_is_tensor(e)) /* through a block pointer: no mask, no other */
        return n == 1 && r == e ? true
                                : fail(v, op, "a load through %s takes no mask and gives %s, got %d operands and %s",
                                       tn(v, p), tn(v, e), n, tn(v, r));
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
    if (tcir_type_is_tensor(e)) /* through a block pointer: no mask */
        return n == 2 && val == e ? true
                                  : fail(v, op, "a store through %s takes no mask and a %s, got %d operands and %s",
                                         tn(v, p), tn(v, e), n, tn(v, val));
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

/* ---- matrix and shape ops (Triton 3.6's Ops.cpp verifiers and TableGen traits) -------------- */

static int64_t numel_of(const tcir_type *t)
{
    return tcir_type_numel(t);
}

static bool need_tensor(verifier *v, const tcir_op *op, const char *what, const tcir_type *t)
{
    if (tcir_type_is_tensor(t))
        return true;
    return fail(v, op, "%s must be a ranked tensor, got %s", what, tn(v, t));
}

/* a, b, c of tt.dot / tt.dot_scaled: equal ranks (2 or 3), equal batch, M and N as c's. */
static bool dot_dims(verifier *v, const tcir_op *op, int64_t ka, int64_t kb, int64_t m, int64_t n)
{
    const tcir_type *a = operand_type(op, 0), *b = operand_type(op, 1), *c = operand_type(op, 2);
    int r = tcir_type_rank(a);
    if ((r != 2 && r != 3) || tcir_type_rank(b) != r || tcir_type_rank(c) != r)
        return fail(v, op, "expects operands of rank 2 or 3, all the same, got %s, %s and %s", tn(v, a), tn(v, b),
                    tn(v, c));
    const int64_t *dc = tcir_type_dims(c);
    if (r == 3 && (tcir_type_dims(a)[0] != dc[0] || tcir_type_dims(b)[0] != dc[0]))
        return fail(v, op, "expects the batch dimensions of %s, %s and %s to be equal", tn(v, a), tn(v, b), tn(v, c));
    if (ka != kb)
        return fail(v, op, "expects the reduction dimensions of %s and %s to be equal", tn(v, a), tn(v, b));
    if (m != dc[r - 2] || n != dc[r - 1])
        return fail(v, op, "expects the accumulator %s to be M x N of %s * %s", tn(v, c), tn(v, a), tn(v, b));
    if (result_type(op, 0) != c)
        return fail(v, op, "result type %s must be the accumulator's type %s", tn(v, result_type(op, 0)), tn(v, c));
    return true;
}

static bool v_dot(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 3, 1))
        return false;
    for (int i = 0; i < 3; i++) {
        const tcir_type *t = operand_type(op, i);
        if (!need_tensor(v, op, i == 0 ? "operand a" : i == 1 ? "operand b" : "operand c", t))
            return false;
        if (!is_int_like(t) && !is_float_like(t))
            return fail(v, op, "operand #%d must be a tensor of floats or integers, got %s", i, tn(v, t));
    }
    const tcir_attr *p = tcir_op_attr(op, "inputPrecision"), *m = tcir_op_attr(op, "maxNumImpreciseAcc");
    if ((p && tcir_attr_get_kind(p) != TCIR_ATTR_ENUM) || (m && tcir_attr_get_kind(m) != TCIR_ATTR_INT))
        return fail(v, op, "inputPrecision must be an InputPrecision and maxNumImpreciseAcc an i32");
    const tcir_type *a = operand_type(op, 0), *b = operand_type(op, 1);
    if (bit_width(a) != bit_width(b))
        return fail(v, op, "element types of operands A and B must have same bit width, got %s and %s", tn(v, a),
                    tn(v, b));
    int r = tcir_type_rank(a);
    if (r < 2 || tcir_type_rank(b) < 2)
        return fail(v, op, "expects operands of rank 2 or 3, got %s and %s", tn(v, a), tn(v, b));
    const int64_t *da = tcir_type_dims(a), *db = tcir_type_dims(b);
    return dot_dims(v, op, da[r - 1], db[tcir_type_rank(b) - 2], da[r - 2], db[tcir_type_rank(b) - 1]);
}

/* An operand of tt.dot_scaled: a tensor of floats or i8. */
static bool float_or_i8(const tcir_type *t)
{
    const tcir_type *e = tcir_type_elem(t);
    return tcir_type_is_tensor(t) && (tcir_type_is_float(e) || (tcir_type_is_int(e) && tcir_type_int_width(e) == 8));
}

static bool v_dot_scaled(verifier *v, const tcir_op *op)
{
    const tcir_attr *seg = tcir_op_attr(op, "operandSegmentSizes");
    int n = tcir_op_noperands(op);
    if (!seg || tcir_attr_get_kind(seg) != TCIR_ATTR_ARRAY_I32 || tcir_attr_array_size(seg) != 5)
        return fail(v, op, "requires attribute 'operandSegmentSizes' with 5 entries");
    int has_as = tcir_attr_array_i32_at(seg, 3), has_bs = tcir_attr_array_i32_at(seg, 4);
    if (tcir_attr_array_i32_at(seg, 0) != 1 || tcir_attr_array_i32_at(seg, 1) != 1 ||
        tcir_attr_array_i32_at(seg, 2) != 1 || has_as < 0 || has_as > 1 || has_bs < 0 || has_bs > 1 ||
        n != 3 + has_as + has_bs || tcir_op_nresults(op) != 1)
        return fail(v, op, "operandSegmentSizes do not match its %d operands", n);
    const tcir_attr *fa = need_attr(v, op, "a_elem_type", TCIR_ATTR_ENUM);
    const tcir_attr *fb = fa ? need_attr(v, op, "b_elem_type", TCIR_ATTR_ENUM) : NULL;
    if (!fb || !need_attr(v, op, "fastMath", TCIR_ATTR_BOOL))
        return false;
    for (int i = 0; i < n; i++) {
        const tcir_type *t = operand_type(op, i);
        if (i == 2 ? !(tcir_type_is_tensor(t) && is_float_like(t)) : !float_or_i8(t))
            return fail(v, op, "operand #%d must be a tensor of %s, got %s", i, i == 2 ? "floats" : "floats or i8",
                        tn(v, t));
    }
    const tcir_attr *lk = tcir_op_attr(op, "lhs_k_pack"), *rk = tcir_op_attr(op, "rhs_k_pack");
    bool lhs_k_pack = !lk || tcir_attr_int_value(lk), rhs_k_pack = !rk || tcir_attr_int_value(rk);
    bool a4 = strcmp(tcir_attr_str(fa), "e2m1") == 0, b4 = strcmp(tcir_attr_str(fb), "e2m1") == 0;
    const tcir_type *a = operand_type(op, 0), *b = operand_type(op, 1);
    int r = tcir_type_rank(a), rb = tcir_type_rank(b);
    if (r < 2 || rb < 2)
        return fail(v, op, "operands must be at least 2D, got %s and %s", tn(v, a), tn(v, b));
    const int64_t *da = tcir_type_dims(a), *db = tcir_type_dims(b);
    int64_t ka = da[r - 1] * (a4 && lhs_k_pack ? 2 : 1), kb = db[rb - 2] * (b4 && rhs_k_pack ? 2 : 1);
    int64_t m = da[r - 2] * (a4 && !lhs_k_pack ? 2 : 1), nn = db[rb - 1] * (b4 && !rhs_k_pack ? 2 : 1);
    return dot_dims(v, op, ka, kb, m, nn);
}

static bool v_reshape(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!need_tensor(v, op, "operand", a) || !need_tensor(v, op, "result", r))
        return false;
    if (tcir_type_elem(a) != tcir_type_elem(r))
        return fail(v, op, "operand %s and result %s must have one element type", tn(v, a), tn(v, r));
    if (numel_of(a) != numel_of(r))
        return fail(v, op, "number of src and dst elements of reshape must be the same, got %s and %s", tn(v, a),
                    tn(v, r));
    return true;
}

static bool v_trans(verifier *v, const tcir_op *op)
{
    const tcir_attr *order;
    if (!counts(v, op, 1, 1) || !(order = need_attr(v, op, "order", TCIR_ATTR_ARRAY_I32)))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!need_tensor(v, op, "operand", a) || !need_tensor(v, op, "result", r))
        return false;
    int n = tcir_type_rank(a);
    if (tcir_attr_array_size(order) != n)
        return fail(v, op, "order must have the same size as the source tensor %s", tn(v, a));
    bool seen[TCIR_MAX_RANK] = {false};
    for (int i = 0; i < n; i++) {
        int32_t d = tcir_attr_array_i32_at(order, i);
        if (d < 0 || d >= n || seen[d])
            return fail(v, op, "order must be a permutation of 0..n-1");
        seen[d] = true;
    }
    bool ok = tcir_type_rank(r) == n && tcir_type_elem(r) == tcir_type_elem(a);
    for (int i = 0; ok && i < n; i++)
        ok = tcir_type_dims(r)[i] == tcir_type_dims(a)[tcir_attr_array_i32_at(order, i)];
    if (!ok)
        return fail(v, op, "result shape must match the permutation of the source shape, got %s -> %s", tn(v, a),
                    tn(v, r));
    return true;
}

/* tt.cat and tt.join: two operands of one tensor type. */
static bool same_type_pair(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 2, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *b = operand_type(op, 1), *r = result_type(op, 0);
    if (!need_tensor(v, op, "operand", a) || !need_tensor(v, op, "result", r))
        return false;
    if (a != b)
        return fail(v, op, "requires all operands to have the same type, got %s and %s", tn(v, a), tn(v, b));
    if (tcir_type_elem(r) != tcir_type_elem(a))
        return fail(v, op, "result element type must match the input element type, got %s -> %s", tn(v, a),
                    tn(v, r));
    return true;
}

static bool v_cat(verifier *v, const tcir_op *op)
{
    if (!same_type_pair(v, op))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (numel_of(r) != 2 * numel_of(a))
        return fail(v, op, "result element count must equal the sum of the operand element counts, expected %lld but "
                    "got %lld",
                    (long long)(2 * numel_of(a)), (long long)numel_of(r));
    return true;
}

static bool v_join(verifier *v, const tcir_op *op)
{
    if (!same_type_pair(v, op))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    int n = tcir_type_rank(a);
    bool ok = tcir_type_rank(r) == n + 1 && tcir_type_dims(r)[n] == 2;
    for (int i = 0; ok && i < n; i++)
        ok = tcir_type_dims(r)[i] == tcir_type_dims(a)[i];
    if (!ok)
        return fail(v, op, "result shape must be the operands' shape with a 2 appended, got %s -> %s", tn(v, a),
                    tn(v, r));
    return true;
}

static bool v_split(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 2))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!need_tensor(v, op, "operand", a))
        return false;
    int n = tcir_type_rank(a);
    if (tcir_type_dims(a)[n - 1] != 2)
        return fail(v, op, "last dimension of input tensor must be 2, got %s", tn(v, a));
    bool ok = result_type(op, 1) == r && tcir_type_is_tensor(r) && tcir_type_elem(r) == tcir_type_elem(a) &&
              tcir_type_rank(r) == n - 1;
    for (int i = 0; ok && i < n - 1; i++)
        ok = tcir_type_dims(r)[i] == tcir_type_dims(a)[i];
    if (!ok)
        return fail(v, op, "results must both be the operand's shape without its last dimension, got %s -> %s, %s",
                    tn(v, a), tn(v, r), tn(v, result_type(op, 1)));
    return true;
}

static bool v_gather(verifier *v, const tcir_op *op)
{
    const tcir_attr *ax;
    if (!counts(v, op, 2, 1) || !(ax = need_attr(v, op, "axis", TCIR_ATTR_INT)))
        return false;
    const tcir_type *src = operand_type(op, 0), *idx = operand_type(op, 1), *r = result_type(op, 0);
    if (!need_tensor(v, op, "source", src) || !need_tensor(v, op, "indices", idx) ||
        !need_tensor(v, op, "result", r))
        return false;
    if (!is_int_like(idx))
        return fail(v, op, "indices must be a tensor of integers, got %s", tn(v, idx));
    if (!same_shape(idx, r))
        return fail(v, op, "indices and output shapes must match, got %s and %s", tn(v, idx), tn(v, r));
    if (tcir_type_elem(src) != tcir_type_elem(r))
        return fail(v, op, "input and output element types must match, got %s and %s", tn(v, src), tn(v, r));
    int n = tcir_type_rank(src);
    if (tcir_type_rank(idx) != n)
        return fail(v, op, "input and indices ranks must match, got %s and %s", tn(v, src), tn(v, idx));
    int64_t axis = tcir_attr_int_value(ax);
    if (axis < 0 || axis >= n)
        return fail(v, op, "gather dimension must be less than the input rank");
    for (int d = 0; d < n; d++)
        if (d != axis && tcir_type_dims(idx)[d] != tcir_type_dims(src)[d])
            return fail(v, op, "indices dimension %d must match the corresponding input dimension", d);
    return true;
}

static bool v_histogram(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 1 || n > 2 || tcir_op_nresults(op) != 1)
        return fail(v, op, "expects 1 or 2 operands (src, mask) and 1 result, got %d and %d", n, tcir_op_nresults(op));
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!tcir_type_is_tensor(a) || !is_int_like(a) || !tcir_type_is_tensor(r) || !is_int_like(r))
        return fail(v, op, "source and result must be tensors of integers, got %s -> %s", tn(v, a), tn(v, r));
    if (n == 2 && !(same_shape(operand_type(op, 1), a) && is_i1_like(operand_type(op, 1))))
        return fail(v, op, "mask must be i1 shaped like the source (%s), got %s", tn(v, a), tn(v, operand_type(op, 1)));
    return true;
}

static bool v_unsplat(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 1))
        return false;
    const tcir_type *a = operand_type(op, 0), *r = result_type(op, 0);
    if (!need_tensor(v, op, "operand", a))
        return false;
    if (numel_of(a) != 1)
        return fail(v, op, "source tensor must have exactly one element, got %s", tn(v, a));
    if (r != tcir_type_elem(a))
        return fail(v, op, "result type %s must be the element type of %s", tn(v, r), tn(v, a));
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

/* ---- reductions and scans (Triton 3.6's verifyReduceScan and verifyRegionsImpl) ------------- */

/* The result a reduction of t along axis has: t's shape without the axis (a scalar when t is
 * rank 1), t's element type; compared without a context. */
static bool is_reduced(const tcir_type *r, const tcir_type *t, int axis)
{
    int rank = tcir_type_rank(t);
    if (tcir_type_elem(r) != tcir_type_elem(t))
        return false;
    if (rank == 1)
        return !tcir_type_is_tensor(r);
    if (!tcir_type_is_tensor(r) || tcir_type_rank(r) != rank - 1)
        return false;
    for (int d = 0, k = 0; d < rank; d++)
        if (d != axis && tcir_type_dims(r)[k++] != tcir_type_dims(t)[d])
            return false;
    return true;
}

/* The combine region: one block taking the operands' element types twice (lhs, then rhs) and
 * ending in `ret` (tt.reduce.return / tt.scan.return) with one value of each element type. */
static bool combine_region(verifier *v, const tcir_op *op, const char *ret)
{
    int n = tcir_op_noperands(op);
    const tcir_block *blk = tcir_region_first_block(tcir_op_region((tcir_op *)op, 0));
    if (!blk || tcir_block_next(blk))
        return fail(v, op, "the combine region must have exactly one block");
    if (tcir_block_nargs(blk) != 2 * n)
        return fail(v, op, "the combine block must take %d arguments, but it takes %d", 2 * n, tcir_block_nargs(blk));
    for (int i = 0; i < 2 * n; i++) {
        const tcir_type *want = tcir_type_elem(operand_type(op, i % n)), *got = tcir_value_type(tcir_block_arg(blk, i));
        if (got != want)
            return fail(v, op, "combine argument #%d must have type %s (operand #%d's element type), got %s", i,
                        tn(v, want), i % n, tn(v, got));
    }
    const tcir_op *last = tcir_block_last(blk);
    if (!last || !tcir_op_named(last, ret))
        return fail(v, op, "the combine region must end in '%s'%s%s%s", ret, last ? ", not '" : "",
                    last ? tcir_op_name(last) : "", last ? "'" : "");
    if (tcir_op_noperands(last) != n)
        return fail(v, op, "the combine must return %d value%s, but it returns %d", n, n == 1 ? "" : "s",
                    tcir_op_noperands(last));
    for (int i = 0; i < n; i++) {
        const tcir_type *want = tcir_type_elem(operand_type(op, i)), *got = operand_type(last, i);
        if (got != want)
            return fail(v, op, "combine value #%d must have type %s (operand #%d's element type), got %s", i,
                        tn(v, want), i, tn(v, got));
    }
    return true;
}

/* tt.reduce / tt.scan: tensors of one shape, the axis within their rank, one result per
 * operand (reduced along the axis, or the operand's type for a scan), the combine region. */
static bool v_reduce_scan(verifier *v, const tcir_op *op)
{
    bool scan = tcir_op_named(op, "tt.scan");
    int n = tcir_op_noperands(op);
    if (n < 1)
        return fail(v, op, "must have at least 1 operand");
    if (tcir_op_nresults(op) != n)
        return fail(v, op, "must have the same number of inputs as outputs, got %d and %d", n, tcir_op_nresults(op));
    if (tcir_op_nregions(op) != 1)
        return fail(v, op, "expects one region (the combine)");
    const tcir_attr *ax = need_attr(v, op, "axis", TCIR_ATTR_INT);
    if (!ax || (scan && !need_attr(v, op, "reverse", TCIR_ATTR_BOOL)))
        return false;
    int64_t axis = tcir_attr_int_value(ax);
    const tcir_type *t0 = operand_type(op, 0);
    for (int i = 0; i < n; i++) {
        const tcir_type *t = operand_type(op, i), *r = result_type(op, i);
        if (!need_tensor(v, op, "each operand", t))
            return false;
        if (axis < 0 || axis >= tcir_type_rank(t))
            return fail(v, op, "axis %lld is out of bounds for operand rank %d", (long long)axis, tcir_type_rank(t));
        if (!same_shape(t, t0))
            return fail(v, op, "requires the same shape for all operands, got %s and %s", tn(v, t0), tn(v, t));
        if (scan ? r != t : !is_reduced(r, t, (int)axis))
            return fail(v, op, "result #%d has type %s, but operand #%d is %s (%s)", i, tn(v, r), i, tn(v, t),
                        scan ? "a scan keeps the type" : "the result drops the axis and keeps the element type");
    }
    return combine_region(v, op, scan ? "tt.scan.return" : "tt.reduce.return");
}

static bool v_reduce_return(verifier *v, const tcir_op *op)
{
    const tcir_op *parent = tcir_op_parent_op(op);
    const char *want = tcir_op_named(op, "tt.scan.return") ? "tt.scan" : "tt.reduce";
    if (!parent || !tcir_op_named(parent, want))
        return fail(v, op, "expects parent op '%s'", want);
    return true;
}

/* ---- atomics, block pointers, tensor descriptors ------------------------------------------- */

static bool need_enum(verifier *v, const tcir_op *op, const char *name)
{
    return need_attr(v, op, name, TCIR_ATTR_ENUM) != NULL;
}

/* tt.atomic_rmw ptr, val[, mask]: ptr points to val's elements, in its shape; mask i1. */
static bool v_atomic_rmw(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 2 || n > 3 || tcir_op_nresults(op) != 1)
        return fail(v, op, "expects 2 or 3 operands (ptr, val, mask) and 1 result, got %d and %d", n,
                    tcir_op_nresults(op));
    if (!need_enum(v, op, "atomic_rmw_op") || !need_enum(v, op, "sem") || !need_enum(v, op, "scope"))
        return false;
    const tcir_type *e = pointee(v, op);
    if (!e)
        return false;
    const tcir_type *p = operand_type(op, 0), *val = operand_type(op, 1), *r = result_type(op, 0);
    if (!shaped_like(val, p, e))
        return fail(v, op, "val type %s must be the pointee shaped like the pointer (%s)", tn(v, val), tn(v, p));
    if (r != val)
        return fail(v, op, "result type %s must be the type of val (%s)", tn(v, r), tn(v, val));
    return n < 3 || check_mask(v, op, 2);
}

/* tt.atomic_cas ptr, cmp, val: one shape for all (Triton checks no more). */
static bool v_atomic_cas(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 3, 1) || !need_enum(v, op, "sem") || !need_enum(v, op, "scope"))
        return false;
    const tcir_type *e = pointee(v, op);
    if (!e)
        return false;
    const tcir_type *p = operand_type(op, 0), *r = result_type(op, 0);
    if (!shaped_like(r, p, e))
        return fail(v, op, "result type %s must be the pointee shaped like the pointer (%s)", tn(v, r), tn(v, p));
    for (int i = 1; i < 3; i++)
        if (!same_shape(operand_type(op, i), p))
            return fail(v, op, "requires the same shape for all operands and results, got %s and %s", tn(v, p),
                        tn(v, operand_type(op, i)));
    return true;
}

/* Operands [from, to) are scalars of `width`-bit integers. */
static bool int_scalars(verifier *v, const tcir_op *op, int from, int to, unsigned width, const char *what)
{
    for (int i = from; i < to; i++) {
        const tcir_type *t = operand_type(op, i);
        if (!tcir_type_is_int(t) || tcir_type_int_width(t) != width)
            return fail(v, op, "%s must be i%u scalars, got %s", what, width, tn(v, t));
    }
    return true;
}

/* The block of a pointer to a tensor, or NULL. */
static const tcir_type *block_of(const tcir_type *t)
{
    const tcir_type *e = tcir_type_pointee(t);
    return e && tcir_type_is_tensor(e) ? e : NULL;
}

/* tt.make_tensor_ptr base, [shape: i64], [strides: i64], [offsets: i32] {order}: !tt.ptr<tensor<..>> */
static bool v_make_tensor_ptr(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op), rank = (n - 1) / 3;
    if (n < 1 || (n - 1) % 3 || tcir_op_nresults(op) != 1)
        return fail(v, op, "expects a base, then shape, strides and offsets of one length, and 1 result");
    const tcir_type *base = operand_type(op, 0), *r = result_type(op, 0), *block = block_of(r);
    if (!tcir_type_is_ptr(base) || block_of(base))
        return fail(v, op, "base must be a pointer to scalars, got %s", tn(v, base));
    if (!block || tcir_type_rank(block) != rank || tcir_type_elem(block) != tcir_type_pointee(base) ||
        tcir_type_address_space(r) != tcir_type_address_space(base))
        return fail(v, op, "result type %s must point to a rank-%d tensor of the base's pointee (%s)", tn(v, r), rank,
                    tn(v, base));
    const tcir_attr *order = need_attr(v, op, "order", TCIR_ATTR_ARRAY_I32);
    if (!order)
        return false;
    if (tcir_attr_array_size(order) != rank)
        return fail(v, op, "order must have %d entries, got %d", rank, tcir_attr_array_size(order));
    return int_scalars(v, op, 1, 1 + 2 * rank, 64, "shape and strides") &&
           int_scalars(v, op, 1 + 2 * rank, n, 32, "offsets");
}

/* tt.advance ptr, [offsets: i32] : the block pointer's type */
static bool v_advance(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 1 || tcir_op_nresults(op) != 1)
        return fail(v, op, "expects a pointer, offsets and 1 result");
    const tcir_type *p = operand_type(op, 0), *block = block_of(p);
    if (!block)
        return fail(v, op, "operand #0 must be a pointer to a tensor, got %s", tn(v, p));
    if (result_type(op, 0) != p)
        return fail(v, op, "result type %s must be the pointer's type %s", tn(v, result_type(op, 0)), tn(v, p));
    if (n - 1 != tcir_type_rank(block))
        return fail(v, op, "expects %d offsets, got %d", tcir_type_rank(block), n - 1);
    return int_scalars(v, op, 1, n, 32, "offsets");
}

/* tt.make_tensor_descriptor base, [shape: i32], [strides: i64]: !tt.tensordesc<tensor<..>> */
static bool v_make_tensor_descriptor(verifier *v, const tcir_op *op)
{
    int n = tcir_op_noperands(op), rank = (n - 1) / 2;
    if (n < 3 || (n - 1) % 2 || tcir_op_nresults(op) != 1)
        return fail(v, op, "expects a base, then shape and strides of one length, and 1 result");
    const tcir_type *base = operand_type(op, 0), *r = result_type(op, 0);
    const tcir_type *block = tcir_type_get_kind(r) == TCIR_TYPE_TENSORDESC ? tcir_type_desc_block(r) : NULL;
    if (!tcir_type_is_ptr(base) || block_of(base))
        return fail(v, op, "base must be a pointer to scalars, got %s", tn(v, base));
    if (!block || tcir_type_rank(block) != rank || tcir_type_elem(block) != tcir_type_pointee(base))
        return fail(v, op, "result type %s must describe a rank-%d block of the base's pointee (%s)", tn(v, r), rank,
                    tn(v, base));
    return int_scalars(v, op, 1, 1 + rank, 32, "shape") && int_scalars(v, op, 1 + rank, n, 64, "strides");
}

/* The block of operand #0, a descriptor. */
static const tcir_type *desc_block(verifier *v, const tcir_op *op)
{
    const tcir_type *d = tcir_op_noperands(op) ? operand_type(op, 0) : NULL;
    if (d && tcir_type_get_kind(d) == TCIR_TYPE_TENSORDESC)
        return tcir_type_desc_block(d);
    fail(v, op, "operand #0 must be a tensor descriptor, got %s", tn(v, d));
    return NULL;
}

/* tt.descriptor_load desc[indices] -> block */
static bool v_descriptor_load(verifier *v, const tcir_op *op)
{
    const tcir_type *block = desc_block(v, op);
    if (!block)
        return false;
    int n = tcir_op_noperands(op);
    if (tcir_op_nresults(op) != 1 || n - 1 != tcir_type_rank(block))
        return fail(v, op, "expects %d indices and 1 result, got %d and %d", tcir_type_rank(block), n - 1,
                    tcir_op_nresults(op));
    if (result_type(op, 0) != block)
        return fail(v, op, "result type %s must be the descriptor's block %s", tn(v, result_type(op, 0)), tn(v, block));
    return int_scalars(v, op, 1, n, 32, "indices");
}

/* tt.descriptor_store / tt.descriptor_reduce desc[indices], src */
static bool v_descriptor_store(verifier *v, const tcir_op *op)
{
    const tcir_type *block = desc_block(v, op);
    if (!block)
        return false;
    if (tcir_op_named(op, "tt.descriptor_reduce") && !need_enum(v, op, "kind"))
        return false;
    int n = tcir_op_noperands(op);
    if (tcir_op_nresults(op) != 0 || n - 2 != tcir_type_rank(block))
        return fail(v, op, "expects a source, %d indices and no result, got %d operands and %d results",
                    tcir_type_rank(block), n, tcir_op_nresults(op));
    if (operand_type(op, 1) != block)
        return fail(v, op, "source type %s must be the descriptor's block %s", tn(v, operand_type(op, 1)),
                    tn(v, block));
    return int_scalars(v, op, 2, n, 32, "indices");
}

/* tt.descriptor_gather desc[x: tensor<Nxi32>, y: i32] -> tensor<N x block[1]>, and
 * tt.descriptor_scatter desc[x, y], src of that type. */
static bool v_descriptor_gather(verifier *v, const tcir_op *op)
{
    const tcir_type *block = desc_block(v, op);
    if (!block)
        return false;
    bool gather = tcir_op_named(op, "tt.descriptor_gather");
    if (tcir_op_noperands(op) != (gather ? 3 : 4) || tcir_op_nresults(op) != (gather ? 1 : 0))
        return fail(v, op, "expects %s", gather ? "3 operands and 1 result" : "4 operands and no result");
    const tcir_type *x = operand_type(op, 1), *data = gather ? result_type(op, 0) : operand_type(op, 3);
    if (tcir_type_rank(block) != 2 || tcir_type_dims(block)[0] != 1)
        return fail(v, op, "descriptor block must have 2 dimensions and 1 row, got %s", tn(v, block));
    if (!tcir_type_is_tensor(x) || tcir_type_rank(x) != 1 || tcir_type_int_width(tcir_type_elem(x)) != 32)
        return fail(v, op, "x offsets must be a 1-D tensor of i32, got %s", tn(v, x));
    if (!tcir_type_is_tensor(data) || tcir_type_rank(data) != 2 || tcir_type_dims(data)[0] != tcir_type_dims(x)[0] ||
        tcir_type_dims(data)[1] != tcir_type_dims(block)[1] || tcir_type_elem(data) != tcir_type_elem(block))
        return fail(v, op, "%s type %s must have a row per x offset and the block's columns (%s)",
                    gather ? "result" : "source", tn(v, data), tn(v, block));
    return int_scalars(v, op, 2, 3, 32, "y offset");
}

/* ---- debug and escape ops ------------------------------------------------------------------- */

/* tt.print: a string prefix, hex, and one isSigned entry per operand. */
static bool v_print(verifier *v, const tcir_op *op)
{
    if (tcir_op_nresults(op))
        return fail(v, op, "has no results, got %d", tcir_op_nresults(op));
    const tcir_attr *s = need_attr(v, op, "isSigned", TCIR_ATTR_ARRAY_I32);
    if (!need_attr(v, op, "prefix", TCIR_ATTR_STRING) || !need_attr(v, op, "hex", TCIR_ATTR_BOOL) || !s)
        return false;
    if (tcir_attr_array_size(s) != tcir_op_noperands(op))
        return fail(v, op, "isSigned has %d entries for %d operands", tcir_attr_array_size(s), tcir_op_noperands(op));
    return true;
}

/* tt.assert %cond, "msg": cond is i1 or a tensor of i1. */
static bool v_assert(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 0) || !need_attr(v, op, "message", TCIR_ATTR_STRING))
        return false;
    const tcir_type *t = operand_type(op, 0);
    if (!is_i1_like(t))
        return fail(v, op, "operand #0 must be 1-bit signless integer or ranked tensor of 1-bit signless integer "
                    "values, but got '%s'", tn(v, t));
    return true;
}

/* llvm.intr.assume %c : i1 */
static bool v_assume(verifier *v, const tcir_op *op)
{
    if (!counts(v, op, 1, 0))
        return false;
    const tcir_type *t = operand_type(op, 0);
    if (tcir_type_is_tensor(t) || !is_i1_like(t))
        return fail(v, op, "operand #0 must be 1-bit signless integer, but got '%s'", tn(v, t));
    return true;
}

/* MLIR's Elementwise trait: with any tensor, every operand and result is a tensor of one shape. */
static bool elementwise_shapes(verifier *v, const tcir_op *op)
{
    const tcir_type *shape = NULL;
    int ntensor = 0, n = tcir_op_noperands(op), nr = tcir_op_nresults(op);
    for (int i = 0; i < n + nr; i++) {
        const tcir_type *t = i < n ? operand_type(op, i) : result_type(op, i - n);
        if (!tcir_type_is_tensor(t))
            continue;
        ntensor++;
        if (!shape)
            shape = t;
        else if (!same_shape(shape, t))
            return fail(v, op, "all non-scalar operands/results must have the same shape and base type");
    }
    if (ntensor && ntensor != n + nr)
        return fail(v, op, "if an operand is non-scalar, then all results must be non-scalar");
    return true;
}

/* tt.extern_elementwise: libname, libpath, symbol, pure; elementwise. */
static bool v_extern(verifier *v, const tcir_op *op)
{
    if (tcir_op_nresults(op) != 1)
        return fail(v, op, "expects 1 result, got %d", tcir_op_nresults(op));
    if (!need_attr(v, op, "libname", TCIR_ATTR_STRING) || !need_attr(v, op, "libpath", TCIR_ATTR_STRING) ||
        !need_attr(v, op, "symbol", TCIR_ATTR_STRING) || !need_attr(v, op, "pure", TCIR_ATTR_BOOL))
        return false;
    return elementwise_shapes(v, op);
}

/* tt.elementwise_inline_asm: asm_string, constraints, pure, packed_element; elementwise; a
 * tensor operand's element count is a multiple of packed_element. */
static bool v_inline_asm(verifier *v, const tcir_op *op)
{
    const tcir_attr *pack = need_attr(v, op, "packed_element", TCIR_ATTR_INT);
    if (!need_attr(v, op, "asm_string", TCIR_ATTR_STRING) || !need_attr(v, op, "constraints", TCIR_ATTR_STRING) ||
        !need_attr(v, op, "pure", TCIR_ATTR_BOOL) || !pack)
        return false;
    if (tcir_op_nresults(op) < 1)
        return fail(v, op, "expects at least 1 result");
    if (!elementwise_shapes(v, op))
        return false;
    int64_t k = tcir_attr_int_value(pack);
    if (k < 1)
        return fail(v, op, "packed_element must be positive, got %lld", (long long)k);
    if (tcir_op_noperands(op) && tcir_type_is_tensor(operand_type(op, 0))) {
        int64_t numel = tcir_type_numel(operand_type(op, 0));
        if (numel % k)
            return fail(v, op, "number of input elements %lld must be a multiple of the op's packed_element "
                        "attribute, %lld", (long long)numel, (long long)k);
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
    E("cf.br", v_br), E("scf.if", v_if), E("tt.cat", v_cat), E("tt.dot", v_dot), E("scf.for", v_for), E("tt.func", v_func), E("tt.join", v_join), E("tt.load", v_load), E("tt.scan", v_reduce_scan),
    E("math.cos", v_float1), E("math.erf", v_float1), E("math.exp", v_float1), E("math.fma", v_float3),
    E("math.log", v_float1), E("math.sin", v_float1), E("tt.print", v_print), E("tt.splat", v_splat), E("tt.split", v_split), E("tt.store", v_store),
    E("tt.trans", v_trans),
    E("arith.ori", v_int2), E("math.absf", v_float1), E("math.absi", v_int1), E("math.ceil", v_float1),
    E("math.exp2", v_float1), E("math.log2", v_float1), E("math.sqrt", v_float1), E("scf.while", v_while),
    E("scf.yield", v_yield), E("tt.addptr", v_addptr), E("tt.assert", v_assert), E("tt.clampf", v_clampf), E("tt.gather", v_gather), E("tt.reduce", v_reduce_scan), E("tt.return", v_return),
    E("arith.addf", v_float2), E("arith.addi", v_int2), E("arith.andi", v_int2), E("arith.cmpf", v_cmp),
    E("arith.cmpi", v_cmp), E("arith.divf", v_float2), E("arith.extf", v_cast), E("arith.mulf", v_float2),
    E("arith.muli", v_int2), E("arith.negf", v_float1), E("arith.remf", v_float2), E("arith.shli", v_int2),
    E("arith.subf", v_float2), E("arith.subi", v_int2), E("arith.xori", v_int2), E("cf.cond_br", v_cond_br),
    E("math.floor", v_float1), E("math.rsqrt", v_float1), E("tt.advance", v_advance), E("tt.bitcast", v_tt_bitcast), E("tt.mulhiui", v_int2),
    E("tt.reshape", v_reshape), E("tt.unsplat", v_unsplat),
    E("arith.divsi", v_int2), E("arith.divui", v_int2), E("arith.extsi", v_cast), E("arith.extui", v_cast),
    E("arith.maxsi", v_int2), E("arith.maxui", v_int2), E("arith.minsi", v_int2), E("arith.minui", v_int2),
    E("arith.remsi", v_int2), E("arith.remui", v_int2), E("arith.shrsi", v_int2), E("arith.shrui", v_int2),
    E("tt.fp_to_fp", v_fp_to_fp), E("arith.fptosi", v_cast), E("arith.fptoui", v_cast), E("arith.select", v_select),
    E("arith.sitofp", v_cast), E("arith.truncf", v_cast), E("arith.trunci", v_cast), E("arith.uitofp", v_cast),
    E("tt.broadcast", v_broadcast), E("tt.histogram", v_histogram), E("arith.bitcast", v_cast), E("arith.maxnumf", v_float2),
    E("arith.minnumf", v_float2), E("scf.condition", v_condition), E("tt.atomic_cas", v_atomic_cas), E("tt.atomic_rmw", v_atomic_rmw), E("tt.dot_scaled", v_dot_scaled), E("tt.make_range", v_make_range),
    E("arith.constant", v_constant), E("arith.maximumf", v_float2), E("arith.minimumf", v_float2),
    E("tt.expand_dims", v_expand_dims), E("tt.scan.return", v_reduce_return), E("arith.ceildivsi", v_int2), E("tt.precise_divf", v_float2),
    E("tt.precise_sqrt", v_float1), E("arith.floordivsi", v_int2), E("arith.index_cast", v_cast), E("llvm.intr.assume", v_assume), E("tt.reduce.return", v_reduce_return),
    E("tt.get_program_id", v_program_id), E("tt.descriptor_load", v_descriptor_load), E("tt.make_tensor_ptr", v_make_tensor_ptr), E("tt.descriptor_store", v_descriptor_store), E("tt.get_num_programs", v_program_id),
    E("tt.descriptor_gather", v_descriptor_gather),
    E("tt.descriptor_reduce", v_descriptor_store),
    E("tt.descriptor_scatter", v_descriptor_gather), E("tt.extern_elementwise", v_extern),
    E("tt.elementwise_inline_asm", v_inline_asm), E("tt.make_tensor_descriptor", v_make_tensor_descriptor),
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
