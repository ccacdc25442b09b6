/* Pretty (custom) forms of the ops tritonc knows, each as Triton 3.6 / MLIR print it.
 * A printer checks that the op fits its form before writing anything and returns false
 * otherwise, so that a malformed op still prints (in generic form) for what it is. */
#include <stdlib.h>
#include <string.h>

#include "print_internal.h"

typedef bool (*pretty_fn)(tcir_printer *p, const tcir_op *op);

static void put(tcir_printer *p, const char *s) { tcir_out_puts(&p->out, s); }

static const tcir_type *operand_type(const tcir_op *op, int i)
{
    return tcir_value_type(tcir_op_operand(op, i));
}

static const tcir_type *result_type(const tcir_op *op, int i)
{
    return tcir_value_type(tcir_op_result((tcir_op *)op, i));
}

static bool shape(const tcir_op *op, int noperands, int nresults)
{
    return tcir_op_noperands(op) == noperands && tcir_op_nresults(op) == nresults &&
           tcir_op_nregions(op) == 0 && tcir_op_nsuccessors(op) == 0;
}

/* The pretty keyword of an enum attribute, or NULL when absent or not an enum. */
static const char *keyword(const tcir_op *op, const char *name)
{
    const tcir_attr *a = tcir_op_attr(op, name);
    return a && tcir_attr_get_kind(a) == TCIR_ATTR_ENUM ? tcir_attr_str(a) : NULL;
}

/* An attribute the form spells as a keyword (fastmath<..>, cacheModifier = ..) must be an
 * enum when present; otherwise the op prints generic, so that nothing is lost. */
static bool enum_or_absent(const tcir_op *op, const char *name)
{
    const tcir_attr *a = tcir_op_attr(op, name);
    return !a || tcir_attr_get_kind(a) == TCIR_ATTR_ENUM;
}

static void name_and_space(tcir_printer *p, const tcir_op *op)
{
    put(p, tcir_op_name(op));
    tcir_out_putc(&p->out, ' ');
}

static void operands(tcir_printer *p, const tcir_op *op, int from, int to)
{
    tcir_print_operand_list(p, op, from, to);
}

static void colon_type(tcir_printer *p, const tcir_type *t)
{
    tcir_out_put(&p->out, " : ", 3);
    tcir_print_type(p, t);
}

/* " fastmath<fast>" / " overflow<nsw>" when the flag is present and not "none". */
static void flag_clause(tcir_printer *p, const tcir_op *op, const char *attr, const char *word)
{
    const char *kw = keyword(op, attr);
    if (!kw || strcmp(kw, "none") == 0)
        return;
    tcir_out_putc(&p->out, ' ');
    put(p, word);
    tcir_out_putc(&p->out, '<');
    put(p, kw);
    tcir_out_putc(&p->out, '>');
}

static const char *const elide_flags[] = {"fastmath", "overflowFlags", NULL};
static const char *const elide_none[] = {NULL};

static void flags_and_attrs(tcir_printer *p, const tcir_op *op)
{
    flag_clause(p, op, "overflowFlags", "overflow");
    flag_clause(p, op, "fastmath", "fastmath");
    tcir_print_attr_dict(p, op, elide_flags, false);
}

static bool flags_ok(const tcir_op *op)
{
    return enum_or_absent(op, "fastmath") && enum_or_absent(op, "overflowFlags");
}

/* ---- arith, math and elementwise tt ops ------------------------------------------------ */

/* %r = arith.addf %a, %b : T (also tt.precise_divf, tt.mulhiui) */
static bool p_binary(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 2, 1) || !flags_ok(op))
        return false;
    const tcir_type *t = result_type(op, 0);
    if (operand_type(op, 0) != t || operand_type(op, 1) != t)
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 2);
    flags_and_attrs(p, op);
    colon_type(p, t);
    return true;
}

/* %r = math.exp %a : T (also arith.negf, math.absi, tt.precise_sqrt) */
static bool p_unary(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 1, 1) || !flags_ok(op) || operand_type(op, 0) != result_type(op, 0))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    flags_and_attrs(p, op);
    colon_type(p, result_type(op, 0));
    return true;
}

static bool p_ternary(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 3, 1) || !flags_ok(op))
        return false;
    const tcir_type *t = result_type(op, 0);
    for (int i = 0; i < 3; i++)
        if (operand_type(op, i) != t)
            return false;
    name_and_space(p, op);
    operands(p, op, 0, 3);
    flags_and_attrs(p, op);
    colon_type(p, t);
    return true;
}

/* %r = arith.cmpi slt, %a, %b : T */
static bool p_cmp(tcir_printer *p, const tcir_op *op)
{
    const char *pred = keyword(op, "predicate");
    if (!shape(op, 2, 1) || !pred || !flags_ok(op) || operand_type(op, 0) != operand_type(op, 1))
        return false;
    static const char *const elided[] = {"predicate", "fastmath", NULL};
    name_and_space(p, op);
    put(p, pred);
    tcir_out_put(&p->out, ", ", 2);
    operands(p, op, 0, 2);
    flag_clause(p, op, "fastmath", "fastmath");
    tcir_print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    return true;
}

/* %r = arith.select %c, %a, %b : T, or : tensor<..xi1>, T for a tensor condition */
static bool p_select(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 3, 1))
        return false;
    const tcir_type *t = result_type(op, 0);
    if (operand_type(op, 1) != t || operand_type(op, 2) != t)
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 3);
    tcir_print_attr_dict(p, op, elide_none, false);
    tcir_out_put(&p->out, " : ", 3);
    if (tcir_type_is_tensor(operand_type(op, 0))) {
        tcir_print_type(p, operand_type(op, 0));
        tcir_out_put(&p->out, ", ", 2);
    }
    tcir_print_type(p, t);
    return true;
}

/* %r = arith.extsi %x : A to B */
static bool p_cast(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 1, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    tcir_print_attr_dict(p, op, elide_none, false);
    colon_type(p, operand_type(op, 0));
    put(p, " to ");
    tcir_print_type(p, result_type(op, 0));
    return true;
}

/* " : A -> B", the operand's type and the result's */
static void arrow_types(tcir_printer *p, const tcir_op *op)
{
    colon_type(p, operand_type(op, 0));
    put(p, " -> ");
    tcir_print_type(p, result_type(op, 0));
}

/* %r = tt.splat %x : A -> B (also broadcast, expand_dims, bitcast, trans, int_to_ptr, ptr_to_int) */
static bool p_arrow(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 1, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    tcir_print_attr_dict(p, op, elide_none, false);
    arrow_types(p, op);
    return true;
}

/* %r = tt.fp_to_fp %x, rounding = rtne : A -> B */
static bool p_fp_to_fp(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 1, 1) || !enum_or_absent(op, "rounding"))
        return false;
    static const char *const elided[] = {"rounding", NULL};
    const char *rounding = keyword(op, "rounding");
    name_and_space(p, op);
    operands(p, op, 0, 1);
    tcir_print_attr_dict(p, op, elided, false);
    if (rounding) {
        put(p, ", rounding = ");
        put(p, rounding);
    }
    arrow_types(p, op);
    return true;
}

/* %c4_i32 = arith.constant 4 : i32 */
static bool p_constant(tcir_printer *p, const tcir_op *op)
{
    const tcir_attr *v = tcir_op_attr(op, "value");
    if (!shape(op, 0, 1) || !v)
        return false;
    static const char *const elided[] = {"value", NULL};
    put(p, "arith.constant");
    tcir_print_attr_dict(p, op, elided, false);
    tcir_out_putc(&p->out, ' ');
    tcir_print_attr(p, v, false);
    return true;
}

/* %0 = tt.get_program_id x : i32 */
static bool p_axis(tcir_printer *p, const tcir_op *op)
{
    const char *axis = keyword(op, "axis");
    if (!shape(op, 0, 1) || !axis)
        return false;
    static const char *const elided[] = {"axis", NULL};
    name_and_space(p, op);
    put(p, axis);
    tcir_print_attr_dict(p, op, elided, false);
    colon_type(p, result_type(op, 0));
    return true;
}

/* %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32> */
static bool p_make_range(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 0, 1))
        return false;
    put(p, "tt.make_range");
    tcir_print_attr_dict(p, op, elide_none, false);
    colon_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.clampf %x, %lo, %hi, propagateNan = none : T */
static bool p_clampf(tcir_printer *p, const tcir_op *op)
{
    const char *nan = keyword(op, "propagateNan");
    if (!shape(op, 3, 1) || !nan)
        return false;
    static const char *const elided[] = {"propagateNan", NULL};
    name_and_space(p, op);
    operands(p, op, 0, 3);
    put(p, ", propagateNan = ");
    put(p, nan);
    tcir_print_attr_dict(p, op, elided, false);
    colon_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.addptr %p, %off : Tptr, Toff */
static bool p_addptr(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 2, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 2);
    tcir_print_attr_dict(p, op, elide_none, false);
    colon_type(p, result_type(op, 0));
    tcir_out_put(&p->out, ", ", 2);
    tcir_print_type(p, operand_type(op, 1));
    return true;
}

/* %outLHS, %outRHS = tt.split %x : A -> B */
static bool p_split(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 1, 2))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    tcir_print_attr_dict(p, op, elide_none, false);
    colon_type(p, operand_type(op, 0));
    put(p, " -> ");
    tcir_print_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.reshape %x allow_reorder : A -> B */
static bool p_reshape(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 1, 1))
        return false;
    static const char *const elided[] = {"allow_reorder", "efficient_layout", NULL};
    name_and_space(p, op);
    operands(p, op, 0, 1);
    if (tcir_op_attr(op, "allow_reorder"))
        put(p, " allow_reorder");
    if (tcir_op_attr(op, "efficient_layout"))
        put(p, " efficient_layout");
    tcir_print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    put(p, " -> ");
    tcir_print_type(p, result_type(op, 0));
    return true;
}

/* ---- tt.load / tt.store ----------------------------------------------------------------- */

/* What tt.load and tt.store spell in their own syntax or leave out at the default value:
 * cache and evict (the oilist), operandSegmentSizes (implied by the operands), isVolatile =
 * false and boundaryCheck = array<i32> (defaults). */
static bool memory_attr_elided(const tcir_named_attr *na)
{
    const char *n = na->name;
    const tcir_attr *a = na->attr;
    if (tcir_str_eq(n, "cache") || tcir_str_eq(n, "evict") || tcir_str_eq(n, "operandSegmentSizes"))
        return true;
    if (tcir_str_eq(n, "isVolatile"))
        return a && tcir_attr_get_kind(a) == TCIR_ATTR_BOOL && !tcir_attr_int_value(a);
    if (tcir_str_eq(n, "boundaryCheck"))
        return a && tcir_attr_get_kind(a) == TCIR_ATTR_ARRAY_I32 && tcir_attr_array_size(a) == 0;
    return false;
}

/* The cache and eviction keywords (NULL when absent) and whether any attribute is left for
 * the attr-dict, read in one pass; false when cache or evict is present but not an enum (the
 * op then prints generic, so that nothing is lost). */
typedef struct memory_attrs {
    const char *cache, *evict;
    bool rest;
} memory_attrs;

static bool read_memory_attrs(const tcir_op *op, memory_attrs *m)
{
    *m = (memory_attrs){0};
    for (int i = 0; i < tcir_op_nattrs(op); i++) {
        const tcir_named_attr *na = tcir_op_attr_at(op, i);
        const char **kw = tcir_str_eq(na->name, "cache")   ? &m->cache
                          : tcir_str_eq(na->name, "evict") ? &m->evict
                                                           : NULL;
        if (kw && na->attr) {
            if (tcir_attr_get_kind(na->attr) != TCIR_ATTR_ENUM)
                return false;
            *kw = tcir_attr_str(na->attr);
        } else if (!kw && !memory_attr_elided(na)) {
            m->rest = true;
        }
    }
    return true;
}

/* The oilist " cacheModifier = cg evictionPolicy = evict_last" (defaults omitted), then
 * attr-dict without the attributes memory_attr_elided leaves out. */
static void memory_tail(tcir_printer *p, const tcir_op *op, const memory_attrs *m)
{
    if (m->cache && strcmp(m->cache, "none") != 0) {
        put(p, " cacheModifier = ");
        put(p, m->cache);
    }
    if (m->evict && strcmp(m->evict, "evict_normal") != 0) {
        put(p, " evictionPolicy = ");
        put(p, m->evict);
    }
    if (!m->rest)
        return; /* the usual case: nothing else to print */
    const char *elided[6]; /* attribute names are unique: at most the five names above */
    int n = 0;
    for (int i = 0; i < tcir_op_nattrs(op) && n < 5; i++)
        if (memory_attr_elided(tcir_op_attr_at(op, i)))
            elided[n++] = tcir_op_attr_at(op, i)->name;
    elided[n] = NULL;
    tcir_print_attr_dict(p, op, elided, false);
}

/* %r = tt.load %ptr[, %mask[, %other]] ... : Tptr */
static bool p_load(tcir_printer *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    memory_attrs m;
    if (n < 1 || n > 3 || !shape(op, n, 1) || !read_memory_attrs(op, &m))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, n);
    memory_tail(p, op, &m);
    colon_type(p, operand_type(op, 0));
    return true;
}

/* tt.store %ptr, %value[, %mask] ... : Tptr */
static bool p_store(tcir_printer *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    memory_attrs m;
    if (n < 2 || n > 3 || !shape(op, n, 0) || !read_memory_attrs(op, &m))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, n);
    memory_tail(p, op, &m);
    colon_type(p, operand_type(op, 0));
    return true;
}

/* ---- more Triton ops --------------------------------------------------------------------- */

/* %r = tt.join %a, %b : A -> R (also tt.cat) */
static bool p_pair_arrow(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 2, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 2);
    tcir_print_attr_dict(p, op, elide_none, false);
    colon_type(p, operand_type(op, 0));
    put(p, " -> ");
    tcir_print_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.histogram %x[, %mask] : A -> R */
static bool p_histogram(tcir_printer *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 1 || n > 2 || !shape(op, n, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, n);
    tcir_print_attr_dict(p, op, elide_none, false);
    colon_type(p, operand_type(op, 0));
    put(p, " -> ");
    tcir_print_type(p, result_type(op, 0));
    return true;
}

/* " : (A, B) -> R" */
static void functional_tail(tcir_printer *p, const tcir_op *op)
{
    tcir_out_put(&p->out, " : ", 3);
    tcir_print_functional(p, op);
}

/* %r = tt.gather %src[%idx] {axis = 0 : i32} : (A, B) -> R */
static bool p_gather(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 2, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    tcir_out_putc(&p->out, '[');
    operands(p, op, 1, 2);
    tcir_out_putc(&p->out, ']');
    tcir_print_attr_dict(p, op, elide_none, false);
    functional_tail(p, op);
    return true;
}

/* %r = tt.extern_elementwise %a, %b {...} : (A, B) -> R */
static bool p_operands_functional(tcir_printer *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (!shape(op, n, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, n);
    tcir_print_attr_dict(p, op, elide_none, false);
    functional_tail(p, op);
    return true;
}

/* %r = tt.elementwise_inline_asm "asm" {...} %a : A -> R */
static bool p_inline_asm(tcir_printer *p, const tcir_op *op)
{
    const tcir_attr *s = tcir_op_attr(op, "asm_string");
    int n = tcir_op_noperands(op);
    if (!s || tcir_attr_get_kind(s) != TCIR_ATTR_STRING || tcir_op_nregions(op) || tcir_op_nsuccessors(op))
        return false;
    static const char *const elided[] = {"asm_string", NULL};
    name_and_space(p, op);
    tcir_out_quoted(&p->out, tcir_attr_str(s));
    tcir_print_attr_dict(p, op, elided, false);
    if (n) {
        tcir_out_putc(&p->out, ' ');
        operands(p, op, 0, n);
        tcir_out_put(&p->out, " : ", 3);
        tcir_print_operand_types(p, op, 0, n);
    }
    put(p, " -> ");
    tcir_print_result_types(p, op);
    return true;
}

/* %d = tt.dot %a, %b, %c[, inputPrecision = tf32] : A * B -> D */
static bool p_dot(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 3, 1) || !enum_or_absent(op, "inputPrecision"))
        return false;
    const char *prec = keyword(op, "inputPrecision");
    const char *elided[4] = {"inputPrecision"};
    const tcir_attr *acc = tcir_op_attr(op, "maxNumImpreciseAcc");
    if (acc && tcir_attr_get_kind(acc) == TCIR_ATTR_INT && tcir_attr_int_value(acc) == 0)
        elided[1] = "maxNumImpreciseAcc";
    name_and_space(p, op);
    operands(p, op, 0, 3);
    if (prec && strcmp(prec, "ieee") != 0) {
        put(p, ", inputPrecision = ");
        put(p, prec);
    }
    tcir_print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    put(p, " * ");
    tcir_print_type(p, operand_type(op, 1));
    put(p, " -> ");
    tcir_print_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.unsplat %x : A (the result type is inferred) */
static bool p_unsplat(tcir_printer *p, const tcir_op *op)
{
    if (!shape(op, 1, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    tcir_print_attr_dict(p, op, elide_none, false);
    colon_type(p, operand_type(op, 0));
    return true;
}

/* %d = tt.dot_scaled %a[ scale %as], %b[ scale %bs], %c lhs = e2m1 rhs = e4m3 {fastMath = false}
 *      : A[, AS] * B[, BS] -> D
 * Operands a, b, c, then the scales given (operandSegmentSizes says which); lhs_k_pack and
 * rhs_k_pack are left out at their default, true. */
static bool p_dot_scaled(tcir_printer *p, const tcir_op *op)
{
    const tcir_attr *seg = tcir_op_attr(op, "operandSegmentSizes");
    const char *lhs = keyword(op, "a_elem_type"), *rhs = keyword(op, "b_elem_type");
    int n = tcir_op_noperands(op);
    if (!lhs || !rhs || !seg || tcir_attr_get_kind(seg) != TCIR_ATTR_ARRAY_I32 || tcir_attr_array_size(seg) != 5 ||
        n < 3 || !shape(op, n, 1))
        return false;
    int has_as = tcir_attr_array_i32_at(seg, 3), has_bs = tcir_attr_array_i32_at(seg, 4);
    if (has_as < 0 || has_as > 1 || has_bs < 0 || has_bs > 1 || n != 3 + has_as + has_bs)
        return false;
    const char *elided[6] = {"a_elem_type", "b_elem_type", "operandSegmentSizes"};
    int ne = 3;
    static const char *const packs[] = {"lhs_k_pack", "rhs_k_pack"};
    for (int i = 0; i < 2; i++) {
        const tcir_attr *a = tcir_op_attr(op, packs[i]);
        if (a && tcir_attr_get_kind(a) == TCIR_ATTR_BOOL && tcir_attr_int_value(a))
            elided[ne++] = packs[i];
    }
    elided[ne] = NULL;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    if (has_as) {
        put(p, " scale ");
        operands(p, op, 3, 4);
    }
    tcir_out_put(&p->out, ", ", 2);
    operands(p, op, 1, 2);
    if (has_bs) {
        put(p, " scale ");
        operands(p, op, 3 + has_as, 4 + has_as);
    }
    tcir_out_put(&p->out, ", ", 2);
    operands(p, op, 2, 3);
    put(p, " lhs = ");
    put(p, lhs);
    put(p, " rhs = ");
    put(p, rhs);
    tcir_print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    if (has_as) {
        tcir_out_put(&p->out, ", ", 2);
        tcir_print_type(p, operand_type(op, 3));
    }
    put(p, " * ");
    tcir_print_type(p, operand_type(op, 1));
    if (has_bs) {
        tcir_out_put(&p->out, ", ", 2);
        tcir_print_type(p, operand_type(op, 3 + has_as));
    }
    put(p, " -> ");
    tcir_print_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v[, %m] : (...) -> R
 * %r = tt.atomic_cas acq_rel, gpu, %p, %cmp, %v : (...) -> R */
static bool p_atomic(tcir_printer *p, const tcir_op *op)
{
    bool rmw = tcir_op_named(op, "tt.atomic_rmw");
    int n = tcir_op_noperands(op);
    const char *kind = rmw ? keyword(op, "atomic_rmw_op") : "";
    const char *sem = keyword(op, "sem"), *scope = keyword(op, "scope");
    if (!kind || !sem || !scope || (rmw ? n < 2 || n > 3 : n != 3) || !shape(op, n, 1))
        return false;
    static const char *const elided[] = {"atomic_rmw_op", "sem", "scope", NULL};
    name_and_space(p, op);
    if (rmw) {
        put(p, kind);
        tcir_out_put(&p->out, ", ", 2);
    }
    put(p, sem);
    tcir_out_put(&p->out, ", ", 2);
    put(p, scope);
    tcir_out_put(&p->out, ", ", 2);
    operands(p, op, 0, n);
    tcir_print_attr_dict(p, op, elided, false);
    functional_tail(p, op);
    return true;
}

/* tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %a : T */
static bool p_tt_print(tcir_printer *p, const tcir_op *op)
{
    const tcir_attr *prefix = tcir_op_attr(op, "prefix");
    int n = tcir_op_noperands(op);
    if (!prefix || tcir_attr_get_kind(prefix) != TCIR_ATTR_STRING || !shape(op, n, 0))
        return false;
    static const char *const elided[] = {"prefix", NULL};
    name_and_space(p, op);
    tcir_out_quoted(&p->out, tcir_attr_str(prefix));
    tcir_print_attr_dict(p, op, elided, false);
    if (n) {
        tcir_out_put(&p->out, " : ", 3);
        operands(p, op, 0, n);
        tcir_out_put(&p->out, " : ", 3);
        tcir_print_operand_types(p, op, 0, n);
    }
    return true;
}

/* tt.assert %cond, "message" : T */
static bool p_assert(tcir_printer *p, const tcir_op *op)
{
    const tcir_attr *msg = tcir_op_attr(op, "message");
    if (!msg || tcir_attr_get_kind(msg) != TCIR_ATTR_STRING || !shape(op, 1, 0))
        return false;
    static const char *const elided[] = {"message", NULL};
    name_and_space(p, op);
    operands(p, op, 0, 1);
    tcir_out_put(&p->out, ", ", 2);
    tcir_out_quoted(&p->out, tcir_attr_str(msg));
    tcir_print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    return true;
}

/* %r = tt.call @f(%a, %b) : (A, B) -> R */
static bool p_call(tcir_printer *p, const tcir_op *op)
{
    const tcir_attr *callee = tcir_op_attr(op, "callee");
    int n = tcir_op_noperands(op);
    if (!callee || tcir_attr_get_kind(callee) != TCIR_ATTR_SYMBOL || tcir_op_nregions(op) || tcir_op_nsuccessors(op))
        return false;
    static const char *const elided[] = {"callee", NULL};
    name_and_space(p, op);
    tcir_print_attr(p, callee, false);
    tcir_out_putc(&p->out, '(');
    operands(p, op, 0, n);
    tcir_out_putc(&p->out, ')');
    tcir_print_attr_dict(p, op, elided, false);
    functional_tail(p, op);
    return true;
}

/* %r = tt.descriptor_load %d[%i, %j] ... : !tt.tensordesc<..> -> R */
static bool p_descriptor_load(tcir_printer *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    memory_attrs m;
    if (n < 1 || !shape(op, n, 1) || !read_memory_attrs(op, &m))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    tcir_out_putc(&p->out, '[');
    operands(p, op, 1, n);
    tcir_out_putc(&p->out, ']');
    memory_tail(p, op, &m);
    colon_type(p, operand_type(op, 0));
    put(p, " -> ");
    tcir_print_type(p, result_type(op, 0));
    return true;
}

/* tt.descriptor_store %d[%i, %j], %src : !tt.tensordesc<..>, T */
static bool p_descriptor_store(tcir_printer *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 2 || !shape(op, n, 0))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    tcir_out_putc(&p->out, '[');
    operands(p, op, 2, n);
    put(p, "], ");
    operands(p, op, 1, 2);
    tcir_print_attr_dict(p, op, elide_none, false);
    colon_type(p, operand_type(op, 0));
    tcir_out_put(&p->out, ", ", 2);
    tcir_print_type(p, operand_type(op, 1));
    return true;
}

/* llvm.intr.assume %c : i1 (no operand bundles: op_bundle_sizes = array<i32> is elided) */
static bool p_assume(tcir_printer *p, const tcir_op *op)
{
    const tcir_attr *bundles = tcir_op_attr(op, "op_bundle_sizes");
    if (!shape(op, 1, 0) ||
        (bundles && (tcir_attr_get_kind(bundles) != TCIR_ATTR_ARRAY_I32 || tcir_attr_array_size(bundles))))
        return false;
    static const char *const elided[] = {"op_bundle_sizes", NULL};
    name_and_space(p, op);
    operands(p, op, 0, 1);
    tcir_print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    return true;
}

/* ---- block pointers and tensor descriptors ------------------------------------------------- */

/* A Triton type where the op's format names its class: printed without the dialect prefix
 * ("<f32>" for !tt.ptr<f32>, "<tensor<64xf32>>" for !tt.tensordesc<tensor<64xf32>>). */
static void stripped_type(tcir_printer *p, const tcir_type *t)
{
    size_t at = p->out.len;
    tcir_print_type(p, t);
    if (p->out.oom || p->out.len <= at || p->out.buf[at] != '!')
        return;
    char *s = p->out.buf + at, *lt = memchr(s, '<', p->out.len - at);
    if (!lt)
        return;
    size_t cut = (size_t)(lt - s);
    memmove(s, lt, p->out.len - at - cut);
    p->out.len -= cut;
}

/* "[%a, %b]" for operands [from, to) */
static void bracketed(tcir_printer *p, const tcir_op *op, int from, int to)
{
    tcir_out_putc(&p->out, '[');
    operands(p, op, from, to);
    tcir_out_putc(&p->out, ']');
}

/* %r = tt.make_tensor_ptr %base, [%shape..], [%strides..], [%offsets..] {order = ..} : <tensor<..>>
 * %r = tt.make_tensor_descriptor %base, [%shape..], [%strides..] : <f32>, <tensor<..>> */
static bool p_make_tensor(tcir_printer *p, const tcir_op *op)
{
    bool ptr = tcir_op_named(op, "tt.make_tensor_ptr");
    int n = tcir_op_noperands(op), lists = ptr ? 3 : 2;
    if (n < 1 || (n - 1) % lists || !shape(op, n, 1))
        return false;
    int k = (n - 1) / lists;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    for (int i = 0; i < lists; i++) {
        tcir_out_put(&p->out, ", ", 2);
        bracketed(p, op, 1 + i * k, 1 + (i + 1) * k);
    }
    tcir_print_attr_dict(p, op, elide_none, false);
    tcir_out_put(&p->out, " : ", 3);
    if (!ptr) {
        stripped_type(p, operand_type(op, 0));
        tcir_out_put(&p->out, ", ", 2);
    }
    stripped_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.advance %ptr, [%a, %b] : <tensor<..>> */
static bool p_advance(tcir_printer *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 1 || !shape(op, n, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    tcir_out_put(&p->out, ", ", 2);
    bracketed(p, op, 1, n);
    tcir_print_attr_dict(p, op, elide_none, false);
    tcir_out_put(&p->out, " : ", 3);
    stripped_type(p, result_type(op, 0));
    return true;
}

/* tt.descriptor_reduce add, %d[%i, %j], %src : !tt.tensordesc<..>, T */
static bool p_descriptor_reduce(tcir_printer *p, const tcir_op *op)
{
    const char *kind = keyword(op, "kind");
    if (!kind || !*kind)
        return false;
    static const char *const elided[] = {"kind", NULL};
    int n = tcir_op_noperands(op);
    if (n < 2 || !shape(op, n, 0))
        return false;
    name_and_space(p, op);
    put(p, kind);
    tcir_out_put(&p->out, ", ", 2);
    operands(p, op, 0, 1);
    bracketed(p, op, 2, n);
    tcir_out_put(&p->out, ", ", 2);
    operands(p, op, 1, 2);
    tcir_print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    tcir_out_put(&p->out, ", ", 2);
    tcir_print_type(p, operand_type(op, 1));
    return true;
}

/* %r = tt.descriptor_gather %d[%x, %y] : (D, X, i32) -> R
 * tt.descriptor_scatter %d[%x, %y], %src : D, X, i32, S */
static bool p_descriptor_gather(tcir_printer *p, const tcir_op *op)
{
    bool gather = tcir_op_named(op, "tt.descriptor_gather");
    int n = gather ? 3 : 4;
    if (!shape(op, n, gather ? 1 : 0))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    bracketed(p, op, 1, 3);
    if (!gather) {
        tcir_out_put(&p->out, ", ", 2);
        operands(p, op, 3, 4);
    }
    tcir_print_attr_dict(p, op, elide_none, false);
    tcir_out_put(&p->out, " : ", 3);
    if (gather)
        tcir_print_functional(p, op);
    else
        tcir_print_operand_types(p, op, 0, n);
    return true;
}

/* ---- terminators -------------------------------------------------------------------------- */

/* tt.return / scf.yield / tt.reduce.return: name attr-dict[ %a, %b : A, B] */
static bool p_return(tcir_printer *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (!shape(op, n, 0))
        return false;
    put(p, tcir_op_name(op));
    tcir_print_attr_dict(p, op, elide_none, false);
    if (n) {
        tcir_out_putc(&p->out, ' ');
        operands(p, op, 0, n);
        tcir_out_put(&p->out, " : ", 3);
        tcir_print_operand_types(p, op, 0, n);
    }
    return true;
}

/* scf.condition(%c) %a, %b : A, B */
static bool p_condition(tcir_printer *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 1 || !shape(op, n, 0))
        return false;
    put(p, "scf.condition(");
    operands(p, op, 0, 1);
    tcir_out_putc(&p->out, ')');
    tcir_print_attr_dict(p, op, elide_none, false);
    if (n > 1) {
        tcir_out_putc(&p->out, ' ');
        operands(p, op, 1, n);
        tcir_out_put(&p->out, " : ", 3);
        tcir_print_operand_types(p, op, 1, n);
    }
    return true;
}

/* ^bb1(%a, %b : A, B) */
static void successor(tcir_printer *p, const tcir_op *op, const tcir_block *dest, int from, int to)
{
    tcir_print_block_name(p, dest);
    if (to > from) {
        tcir_out_putc(&p->out, '(');
        operands(p, op, from, to);
        tcir_out_put(&p->out, " : ", 3);
        tcir_print_operand_types(p, op, from, to);
        tcir_out_putc(&p->out, ')');
    }
}

static bool p_br(tcir_printer *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (tcir_op_nsuccessors(op) != 1 || tcir_op_nresults(op) || tcir_op_nregions(op) ||
        n != tcir_block_nargs(tcir_op_successor(op, 0)))
        return false;
    put(p, "cf.br ");
    successor(p, op, tcir_op_successor(op, 0), 0, n);
    tcir_print_attr_dict(p, op, elide_none, false);
    return true;
}

static bool p_cond_br(tcir_printer *p, const tcir_op *op)
{
    if (tcir_op_nsuccessors(op) != 2 || tcir_op_nresults(op) || tcir_op_nregions(op))
        return false;
    const tcir_block *t = tcir_op_successor(op, 0), *f = tcir_op_successor(op, 1);
    int nt = tcir_block_nargs(t), nf = tcir_block_nargs(f);
    if (tcir_op_noperands(op) != 1 + nt + nf)
        return false;
    static const char *const elided[] = {"operandSegmentSizes", NULL};
    put(p, "cf.cond_br ");
    operands(p, op, 0, 1);
    tcir_out_put(&p->out, ", ", 2);
    successor(p, op, t, 1, 1 + nt);
    tcir_out_put(&p->out, ", ", 2);
    successor(p, op, f, 1 + nt, 1 + nt + nf);
    tcir_print_attr_dict(p, op, elided, false);
    return true;
}

/* ---- structured control flow ----------------------------------------------------------- */

static const tcir_block *entry_block(const tcir_op *op, int region)
{
    return tcir_region_first_block(tcir_op_region((tcir_op *)op, region));
}

/* (%arg3 = %x, %arg4 = %y) with the given prefix; nothing when there are none */
static void init_list(tcir_printer *p, const char *prefix, const tcir_block *b, const tcir_op *op, int first_arg,
                      int first_operand)
{
    int n = tcir_op_noperands(op) - first_operand;
    if (n <= 0)
        return;
    put(p, prefix);
    tcir_out_putc(&p->out, '(');
    for (int i = 0; i < n; i++) {
        if (i)
            tcir_out_put(&p->out, ", ", 2);
        tcir_print_value(p, tcir_block_arg(b, first_arg + i));
        tcir_out_put(&p->out, " = ", 3);
        tcir_print_value(p, tcir_op_operand(op, first_operand + i));
    }
    tcir_out_putc(&p->out, ')');
}

/* %r:2 = scf.for %iv = %lb to %ub step %s iter_args(%a = %x) -> (T)  : i32 {...} */
static bool p_for(tcir_printer *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op), inits = n - 3;
    const tcir_block *body = tcir_op_nregions(op) == 1 ? entry_block(op, 0) : NULL;
    if (inits < 0 || !body || tcir_block_nargs(body) != 1 + inits || tcir_op_nresults(op) != inits ||
        tcir_op_nsuccessors(op))
        return false;
    const tcir_value *iv = tcir_block_arg(body, 0);
    put(p, "scf.for ");
    tcir_print_value(p, iv);
    tcir_out_put(&p->out, " = ", 3);
    operands(p, op, 0, 1);
    put(p, " to ");
    operands(p, op, 1, 2);
    put(p, " step ");
    operands(p, op, 2, 3);
    init_list(p, " iter_args", body, op, 1, 3);
    if (inits) {
        put(p, " -> (");
        tcir_print_operand_types(p, op, 3, n);
        tcir_out_putc(&p->out, ')');
    }
    tcir_out_putc(&p->out, ' ');
    if (tcir_type_get_kind(tcir_value_type(iv)) != TCIR_TYPE_INDEX) {
        colon_type(p, tcir_value_type(iv));
        tcir_out_putc(&p->out, ' ');
    }
    tcir_print_region(p, tcir_op_region((tcir_op *)op, 0), false, inits > 0, false);
    tcir_print_attr_dict(p, op, elide_none, false);
    return true;
}

/* %r = scf.if %c -> (T) {...} else {...} */
static bool p_if(tcir_printer *p, const tcir_op *op)
{
    if (tcir_op_noperands(op) != 1 || tcir_op_nregions(op) != 2 || tcir_op_nsuccessors(op) ||
        !entry_block(op, 0))
        return false;
    int nr = tcir_op_nresults(op);
    put(p, "scf.if ");
    operands(p, op, 0, 1);
    if (nr) {
        put(p, " -> (");
        tcir_print_result_types(p, op);
        tcir_out_putc(&p->out, ')');
    }
    tcir_out_putc(&p->out, ' ');
    tcir_print_region(p, tcir_op_region((tcir_op *)op, 0), false, nr > 0, false);
    if (entry_block(op, 1)) {
        put(p, " else ");
        tcir_print_region(p, tcir_op_region((tcir_op *)op, 1), false, nr > 0, false);
    }
    tcir_print_attr_dict(p, op, elide_none, false);
    return true;
}

/* %r = scf.while (%arg3 = %x) : (i32) -> i32 {...} do {^bb0(%arg3: i32): ...} */
static bool p_while(tcir_printer *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op), nr = tcir_op_nresults(op);
    const tcir_block *before = tcir_op_nregions(op) == 2 ? entry_block(op, 0) : NULL;
    if (!before || tcir_block_nargs(before) != n || tcir_op_nsuccessors(op))
        return false;
    put(p, "scf.while");
    init_list(p, " ", before, op, 0, 0);
    put(p, " : (");
    tcir_print_operand_types(p, op, 0, n);
    put(p, ") -> ");
    const tcir_type *r0 = nr == 1 ? result_type(op, 0) : NULL;
    if (r0 && tcir_type_get_kind(r0) != TCIR_TYPE_FUNC) {
        tcir_print_type(p, r0);
    } else {
        tcir_out_putc(&p->out, '(');
        tcir_print_result_types(p, op);
        tcir_out_putc(&p->out, ')');
    }
    tcir_out_putc(&p->out, ' ');
    tcir_print_region(p, tcir_op_region((tcir_op *)op, 0), false, true, false);
    put(p, " do ");
    tcir_print_region(p, tcir_op_region((tcir_op *)op, 1), true, true, false);
    tcir_print_attr_dict(p, op, elide_none, true);
    return true;
}

/* ---- functions and modules ------------------------------------------------------------ */

static const tcir_attr *dict_at(const tcir_attr *array, int i)
{
    if (!array || tcir_attr_get_kind(array) != TCIR_ATTR_ARRAY || i >= tcir_attr_array_size(array))
        return NULL;
    const tcir_attr *d = tcir_attr_array_at(array, i);
    return d && tcir_attr_get_kind(d) == TCIR_ATTR_DICT && tcir_attr_dict_size(d) ? d : NULL;
}

static void space_dict(tcir_printer *p, const tcir_attr *d)
{
    if (d) {
        tcir_out_putc(&p->out, ' ');
        tcir_print_attr(p, d, false);
    }
}

/* tt.func public @k(%arg0: T {attrs}, ...) -> R attributes {noinline = false} {...} */
static bool p_func(tcir_printer *p, const tcir_op *op)
{
    const tcir_attr *name = tcir_op_attr(op, "sym_name");
    const tcir_attr *ft = tcir_op_attr(op, "function_type");
    const tcir_attr *vis = tcir_op_attr(op, "sym_visibility");
    const tcir_type *fty = ft && tcir_attr_get_kind(ft) == TCIR_ATTR_TYPE ? tcir_attr_get_type(ft) : NULL;
    if (!name || tcir_attr_get_kind(name) != TCIR_ATTR_STRING || !fty ||
        tcir_type_get_kind(fty) != TCIR_TYPE_FUNC || tcir_op_nregions(op) != 1 || tcir_op_noperands(op) ||
        tcir_op_nresults(op) || (vis && tcir_attr_get_kind(vis) != TCIR_ATTR_STRING))
        return false;
    int nin = tcir_type_func_ninputs(fty), nres = tcir_type_func_nresults(fty);
    const tcir_block *body = entry_block(op, 0);
    if (body && tcir_block_nargs(body) != nin)
        return false;
    const tcir_attr *arg_attrs = tcir_op_attr(op, "arg_attrs"), *res_attrs = tcir_op_attr(op, "res_attrs");

    put(p, tcir_op_name(op));
    tcir_out_putc(&p->out, ' ');
    if (vis) {
        put(p, tcir_attr_str(vis));
        tcir_out_putc(&p->out, ' ');
    }
    tcir_out_putc(&p->out, '@');
    tcir_out_keyword_or_string(&p->out, tcir_attr_str(name));
    tcir_out_putc(&p->out, '(');
    for (int i = 0; i < nin; i++) {
        if (i)
            tcir_out_put(&p->out, ", ", 2);
        if (body) {
            tcir_print_value(p, tcir_block_arg(body, i));
            tcir_out_put(&p->out, ": ", 2);
        }
        tcir_print_type(p, tcir_type_func_input(fty, i));
        space_dict(p, dict_at(arg_attrs, i));
        tcir_loc loc = body ? tcir_block_arg_loc(body, i) : (tcir_loc){0};
        if (p->locations && loc.file) {
            put(p, " loc(");
            tcir_out_quoted(&p->out, loc.file);
            tcir_out_putc(&p->out, ':');
            tcir_out_int(&p->out, loc.line);
            tcir_out_putc(&p->out, ':');
            tcir_out_int(&p->out, loc.col);
            tcir_out_putc(&p->out, ')');
        }
    }
    tcir_out_putc(&p->out, ')');
    if (nres) {
        const tcir_type *r0 = tcir_type_func_result(fty, 0);
        bool parens = nres > 1 || tcir_type_get_kind(r0) == TCIR_TYPE_FUNC || dict_at(res_attrs, 0);
        put(p, parens ? " -> (" : " -> ");
        for (int i = 0; i < nres; i++) {
            if (i)
                tcir_out_put(&p->out, ", ", 2);
            tcir_print_type(p, tcir_type_func_result(fty, i));
            space_dict(p, dict_at(res_attrs, i));
        }
        if (parens)
            tcir_out_putc(&p->out, ')');
    }
    static const char *const elided[] = {"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs",
                                         NULL};
    tcir_print_attr_dict(p, op, elided, true);
    if (body) {
        tcir_out_putc(&p->out, ' ');
        tcir_print_region(p, tcir_op_region((tcir_op *)op, 0), false, true, false);
    }
    return true;
}

/* module[ @name][ attributes {...}] {...} */
static bool p_module(tcir_printer *p, const tcir_op *op)
{
    const tcir_attr *name = tcir_op_attr(op, "sym_name");
    if (tcir_op_nregions(op) != 1 || tcir_op_noperands(op) || tcir_op_nresults(op) ||
        (name && tcir_attr_get_kind(name) != TCIR_ATTR_STRING))
        return false;
    put(p, "module");
    if (name) {
        put(p, " @");
        tcir_out_keyword_or_string(&p->out, tcir_attr_str(name));
    }
    static const char *const elided[] = {"sym_name", NULL};
    tcir_print_attr_dict(p, op, elided, true);
    tcir_out_putc(&p->out, ' ');
    tcir_print_region(p, tcir_op_region((tcir_op *)op, 0), true, true, false);
    return true;
}

/* ---- dispatch ----------------------------------------------------------------------------- */

typedef struct pretty_entry {
    tcir_name_key key; /* first, for tcir_find_name */
    pretty_fn fn;
} pretty_entry;

#define E(name, fn) {{name, sizeof(name) - 1}, fn}
/* Sorted by name length, then by memcmp, for tcir_find_name. */
static const pretty_entry table[] = {
    E("cf.br", p_br), E("scf.if", p_if), E("tt.cat", p_pair_arrow), E("tt.dot", p_dot), E("scf.for", p_for),
    E("tt.call", p_call), E("tt.func", p_func), E("tt.join", p_pair_arrow), E("tt.load", p_load),
    E("math.cos", p_unary), E("math.erf", p_unary), E("math.exp", p_unary), E("math.fma", p_ternary),
    E("math.log", p_unary), E("math.sin", p_unary), E("tt.print", p_tt_print), E("tt.splat", p_arrow),
    E("tt.split", p_split), E("tt.store", p_store), E("tt.trans", p_arrow), E("arith.ori", p_binary),
    E("math.absf", p_unary), E("math.absi", p_unary), E("math.ceil", p_unary), E("math.exp2", p_unary),
    E("math.log2", p_unary), E("math.sqrt", p_unary), E("scf.while", p_while), E("scf.yield", p_return),
    E("tt.addptr", p_addptr), E("tt.assert", p_assert), E("tt.clampf", p_clampf), E("tt.gather", p_gather),
    E("tt.return", p_return), E("arith.addf", p_binary), E("arith.addi", p_binary), E("arith.andi", p_binary),
    E("arith.cmpf", p_cmp), E("arith.cmpi", p_cmp), E("arith.divf", p_binary), E("arith.extf", p_cast),
    E("arith.mulf", p_binary), E("arith.muli", p_binary), E("arith.negf", p_unary), E("arith.remf", p_binary),
    E("arith.shli", p_binary), E("arith.subf", p_binary), E("arith.subi", p_binary),
    E("arith.xori", p_binary), E("cf.cond_br", p_cond_br), E("math.floor", p_unary), E("math.rsqrt", p_unary),
    E("tt.advance", p_advance), E("tt.bitcast", p_arrow), E("tt.mulhiui", p_binary), E("tt.reshape", p_reshape), E("tt.unsplat", p_unsplat),
    E("arith.divsi", p_binary), E("arith.divui", p_binary), E("arith.extsi", p_cast),
    E("arith.extui", p_cast), E("arith.maxsi", p_binary), E("arith.maxui", p_binary),
    E("arith.minsi", p_binary), E("arith.minui", p_binary), E("arith.remsi", p_binary),
    E("arith.remui", p_binary), E("arith.shrsi", p_binary), E("arith.shrui", p_binary),
    E("gpu.barrier", p_return),
    E("tt.fp_to_fp", p_fp_to_fp), E("arith.fptosi", p_cast), E("arith.fptoui", p_cast),
    E("arith.select", p_select), E("arith.sitofp", p_cast), E("arith.truncf", p_cast),
    E("arith.trunci", p_cast), E("arith.uitofp", p_cast), E("tt.broadcast", p_arrow),
    E("tt.histogram", p_histogram), E("arith.bitcast", p_cast), E("arith.maxnumf", p_binary),
    E("arith.minnumf", p_binary), E("scf.condition", p_condition), E("tt.atomic_cas", p_atomic),
    E("tt.atomic_rmw", p_atomic), E("tt.dot_scaled", p_dot_scaled), E("tt.int_to_ptr", p_arrow), E("tt.make_range", p_make_range),
    E("tt.ptr_to_int", p_arrow), E("arith.constant", p_constant), E("arith.maximumf", p_binary),
    E("arith.minimumf", p_binary), E("builtin.module", p_module), E("tt.expand_dims", p_arrow),
    E("tt.scan.return", p_return), E("arith.ceildivsi", p_binary), E("tt.precise_divf", p_binary),
    E("tt.precise_sqrt", p_unary), E("arith.floordivsi", p_binary), E("arith.index_cast", p_cast),
    E("llvm.intr.assume", p_assume), E("tt.reduce.return", p_return), E("tt.get_program_id", p_axis),
    E("tt.descriptor_load", p_descriptor_load), E("tt.make_tensor_ptr", p_make_tensor), E("tt.descriptor_store", p_descriptor_store),
    E("tt.get_num_programs", p_axis), E("tt.descriptor_gather", p_descriptor_gather), E("tt.descriptor_reduce", p_descriptor_reduce), E("tt.descriptor_scatter", p_descriptor_gather), E("tt.extern_elementwise", p_operands_functional),
    E("tt.elementwise_inline_asm", p_inline_asm),
    E("tt.make_tensor_descriptor", p_make_tensor),
};
#undef E

bool tcir_print_pretty_op(tcir_printer *p, const tcir_op *op)
{
    const char *name = tcir_op_name(op);
    int32_t i;
    if (!tcir_name_memo_get(&p->pretty_memo, name, &i)) {
        i = tcir_find_name(table, sizeof table / sizeof table[0], sizeof table[0], name);
        tcir_name_memo_put(&p->pretty_memo, name, i);
    }
    return i >= 0 && table[i].fn(p, op);
}
