/* The StableHLO program builder: lifetime, sticky errors, values, parameters, constants,
 * element-wise ops and the return. The Triton call is in triton_call.c, printing in
 * print_hlo.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"

/* ---- lifetime and errors -------------------------------------------------------------- */

th_builder *th_builder_create_at(th_site site, const char *name)
{
    th_builder *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->ctx = tcir_context_create();
    if (!b->ctx) {
        free(b);
        return NULL;
    }
    base_error_init(&b->error, TH_ERROR_MAX);
    if (name && !base_is_identifier(name))
        th_builder_fail(b, site, "invalid module name '%s' (want [A-Za-z_][A-Za-z0-9_$.]*)", name);
    else if (name)
        b->name = tcir_strdup(b->ctx, name, strlen(name));
    return b;
}

void th_builder_destroy(th_builder *b)
{
    if (!b)
        return;
    tcir_context_destroy(b->ctx);
    base_error_clear(&b->error);
    free(b);
}

th_value th_builder_fail(th_builder *b, th_site site, const char *fmt, ...)
{
    th_value poison = {b, -1};
    if (!b)
        return poison;
    va_list ap;
    va_start(ap, fmt);
    base_error_vset(&b->error, site, fmt, ap);
    va_end(ap);
    return poison;
}

bool th_builder_failed(const th_builder *b) { return !b || base_error_is_set(&b->error); }

const char *th_builder_error(const th_builder *b)
{
    if (!b)
        return "tritonc: NULL builder";
    return base_error_text(&b->error);
}

bool hlo_usable(const th_builder *b) { return b && !base_error_is_set(&b->error); }

/* ---- values ------------------------------------------------------------------------------ */

const hlo_val *hlo_val_at(const th_builder *b, int32_t id)
{
    return b && id > 0 && id <= b->nvals ? &b->vals[id - 1] : NULL;
}

bool hlo_check_value(th_builder *b, th_site site, th_value v, const char *what)
{
    if (th_value_is_absent(v)) {
        th_builder_fail(b, site, "%s is absent (a th_value left zero)", what);
        return false;
    }
    if (v.b != b) {
        if (th_value_is_poison(v))
            th_builder_fail(b, site, "%s is poison: the result of a call that failed on another builder", what);
        else
            th_builder_fail(b, site, "%s belongs to another builder", what);
        return false;
    }
    if (th_value_is_poison(v) || !hlo_val_at(b, v.id)) {
        th_builder_fail(b, site, "%s is not a value of this builder", what);
        return false;
    }
    return true;
}

th_shape th_value_shape(th_value v)
{
    const hlo_val *x = hlo_val_at(v.b, v.id);
    th_shape none = {TL_DTYPE_INVALID, -1, {0}};
    return x ? x->shape : none;
}

/* Makes *arr (of *cap elements) hold need; the old array stays in the arena. */
static void grow(th_builder *b, void **arr, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return;
    int ncap = *cap ? *cap * 2 : 16;
    while (ncap < need)
        ncap *= 2;
    void *grown = tcir_alloc(b->ctx, (size_t)ncap * elem);
    if (*cap)
        memcpy(grown, *arr, (size_t)*cap * elem);
    *arr = grown;
    *cap = ncap;
}

static int32_t add_value(th_builder *b, th_shape shape, int op, int index, hlo_locality locality)
{
    grow(b, (void **)&b->vals, &b->vals_cap, b->nvals + 1, sizeof *b->vals);
    b->vals[b->nvals++] = (hlo_val){shape, op, index, locality, NULL};
    return b->nvals;
}

bool hlo_check_locality(th_builder *b, th_site site, int n, const int32_t *ids)
{
    int local = -1, global = -1;
    for (int i = 0; i < n; i++) {
        hlo_locality l = hlo_val_at(b, ids[i])->locality;
        if (l == HLO_LOCAL && local < 0)
            local = i;
        if (l == HLO_GLOBAL && global < 0)
            global = i;
    }
    if (local < 0 || global < 0)
        return true;
    th_builder_fail(
        b, site,
        "operand #%d is a device's shard (made inside th_to_local ... th_to_global) and operand #%d a whole "
        "tensor: bring both to one side (th_to_local or th_to_global)",
        local, global);
    return false;
}

int32_t hlo_add_op(th_builder *b, hlo_op op, int nresults, const th_shape *result_shapes)
{
    grow(b, (void **)&b->ops, &b->ops_cap, b->nops + 1, sizeof *b->ops);
    int32_t *operands = NULL;
    if (op.noperands) {
        operands = tcir_alloc(b->ctx, sizeof *operands * (size_t)op.noperands);
        memcpy(operands, op.operands, sizeof *operands * (size_t)op.noperands);
    }
    op.operands = operands;
    op.nresults = nresults;
    op.first_result = b->nvals + 1;
    hlo_locality locality = op.kind == TH_OP_CONSTANT ? HLO_EITHER : HLO_GLOBAL;
    for (int i = 0; i < op.noperands; i++)
        if (hlo_val_at(b, operands[i])->locality == HLO_LOCAL)
            locality = HLO_LOCAL;
    for (int i = 0; i < nresults; i++)
        add_value(b, result_shapes[i], b->nops, i, locality);
    b->ops[b->nops++] = op;
    return op.first_result;
}

/* Whether b takes a new op or parameter at site: usable and main not yet returned. */
static bool can_build(th_builder *b, th_site site)
{
    if (!hlo_usable(b))
        return false;
    if (b->returned) {
        th_builder_fail(b, site, "main has already returned (th_return ends the program)");
        return false;
    }
    return true;
}

static bool check_shape(th_builder *b, th_site site, th_shape s, const char *what)
{
    const char *problem = hlo_shape_problem(s);
    if (!problem)
        return true;
    th_builder_fail(b, site, "%s has %s (dtype %s, rank %d)", what, problem, tl_dtype_name(s.dtype), s.rank);
    return false;
}

/* ---- parameters and constants ------------------------------------------------------------- */

th_value th_parameter_at(th_site site, th_builder *b, th_shape shape)
{
    th_value poison = {b, -1};
    if (!can_build(b, site) || !check_shape(b, site, shape, "the parameter's shape"))
        return poison;
    int32_t id = add_value(b, shape, -1, b->nparams, HLO_GLOBAL);
    grow(b, (void **)&b->params, &b->params_cap, b->nparams + 1, sizeof *b->params);
    b->params[b->nparams++] = id;
    return (th_value){b, id};
}

static th_value constant(th_site site, th_builder *b, th_shape shape, bool is_int, long long iv, double fv)
{
    th_value poison = {b, -1};
    if (!can_build(b, site) || !check_shape(b, site, shape, "the constant's shape"))
        return poison;
    hlo_op op = {.kind = TH_OP_CONSTANT, .is_int = is_int, .ival = iv, .fval = fv};
    return (th_value){b, hlo_add_op(b, op, 1, &shape)};
}

static double pow2(unsigned n)
{
    double p = 1;
    while (n-- > 0)
        p *= 2;
    return p;
}

/* Whether v is a value of the integer dtype d: integral, and in range (i1: 0 or 1; unsigned:
 * 0 to 2^bits - 1). The bounds are powers of two, exact in a double; NaN fails them. */
static bool double_fits(double v, tl_dtype d)
{
    unsigned bits = tl_dtype_bits(d);
    bool in_range = d == TL_I1    ? v == 0 || v == 1
        : tl_dtype_is_unsigned(d) ? v >= 0 && v < pow2(bits)
                                  : v >= -pow2(bits - 1) && v < pow2(bits - 1);
    if (!in_range)
        return false;
    /* Doubles of magnitude 2^53 and more are all integers; below 2^63 a cast is exact. */
    return v >= 9223372036854775808.0 || (double)(long long)v == v;
}

static bool int_fits(long long v, tl_dtype d)
{
    unsigned bits = tl_dtype_bits(d);
    if (d == TL_I1)
        return v == 0 || v == 1;
    if (tl_dtype_is_unsigned(d))
        return v >= 0 && (bits >= 64 || (unsigned long long)v < (1ULL << bits));
    return bits >= 64 || (v >= -(1LL << (bits - 1)) && v < (1LL << (bits - 1)));
}

th_value th_constant_at(th_site site, th_builder *b, double v, th_shape shape)
{
    if (hlo_usable(b) && tl_dtype_is_int(shape.dtype)) {
        if (!double_fits(v, shape.dtype))
            return th_builder_fail(b, site, "%g is not a value of %s", v, tl_dtype_name(shape.dtype));
        /* Above 2^63 only u64 takes it: keep its bits. */
        long long iv = v >= 9223372036854775808.0 ? (long long)(unsigned long long)v : (long long)v;
        return constant(site, b, shape, true, iv, v);
    }
    return constant(site, b, shape, false, 0, v);
}

th_value th_constant_int_at(th_site site, th_builder *b, long long v, th_shape shape)
{
    if (hlo_usable(b) && tl_dtype_is_int(shape.dtype) && !int_fits(v, shape.dtype))
        return th_builder_fail(b, site, "%lld is not a value of %s", v, tl_dtype_name(shape.dtype));
    if (tl_dtype_is_int(shape.dtype))
        return constant(site, b, shape, true, v, (double)v);
    return constant(site, b, shape, false, 0, (double)v);
}

/* ---- element-wise ops --------------------------------------------------------------------- */

/* The builder of an op's operands: the first one's, else the second's. */
static th_builder *builder_of(th_value x, th_value y) { return x.b ? x.b : y.b; }

static th_value binary(th_site site, hlo_op_kind kind, th_value x, th_value y)
{
    th_builder *b = builder_of(x, y);
    th_value poison = {b, -1};
    if (!can_build(b, site) || !hlo_check_value(b, site, x, "the first operand") ||
        !hlo_check_value(b, site, y, "the second operand"))
        return poison;
    th_shape sx = th_value_shape(x), sy = th_value_shape(y);
    if (!th_shape_equal(sx, sy)) {
        char tx[160], ty[160];
        th_shape_str(sx, tx, sizeof tx);
        th_shape_str(sy, ty, sizeof ty);
        return th_builder_fail(b, site, "operands of different types, %s and %s (StableHLO does not broadcast)", tx,
                               ty);
    }
    int32_t operands[2] = {x.id, y.id};
    if (!hlo_check_locality(b, site, 2, operands))
        return poison;
    hlo_op op = {.kind = kind, .noperands = 2, .operands = operands};
    return (th_value){b, hlo_add_op(b, op, 1, &sx)};
}

th_value th_add_at(th_site site, th_value x, th_value y) { return binary(site, TH_OP_ADD, x, y); }
th_value th_multiply_at(th_site site, th_value x, th_value y) { return binary(site, TH_OP_MULTIPLY, x, y); }
th_value th_maximum_at(th_site site, th_value x, th_value y) { return binary(site, TH_OP_MAXIMUM, x, y); }

th_value th_relu_at(th_site site, th_value x)
{
    th_builder *b = x.b;
    th_value poison = {b, -1};
    if (!can_build(b, site) || !hlo_check_value(b, site, x, "the operand"))
        return poison;
    th_value zero = constant(site, b, th_value_shape(x), tl_dtype_is_int(th_value_shape(x).dtype), 0, 0.0);
    return binary(site, TH_OP_MAXIMUM, x, zero);
}

th_value th_convert_at(th_site site, th_value x, tl_dtype to)
{
    th_builder *b = x.b;
    th_value poison = {b, -1};
    if (!can_build(b, site) || !hlo_check_value(b, site, x, "the operand"))
        return poison;
    if (!hlo_elem_str(to))
        return th_builder_fail(b, site, "cannot convert to an invalid dtype (%d)", (int)to);
    th_shape s = th_value_shape(x);
    s.dtype = to;
    hlo_op op = {.kind = TH_OP_CONVERT, .noperands = 1, .operands = &x.id};
    return (th_value){b, hlo_add_op(b, op, 1, &s)};
}

/* ---- return and signature ------------------------------------------------------------------ */

void th_return_at(th_site site, th_builder *b, int n, const th_value *results)
{
    if (!can_build(b, site))
        return;
    if (n < 1 || !results) {
        th_builder_fail(b, site, "main returns at least one value");
        return;
    }
    for (int i = 0; i < n; i++) {
        char what[32];
        snprintf(what, sizeof what, "result %d", i);
        if (!hlo_check_value(b, site, results[i], what))
            return;
        if (hlo_val_at(b, results[i].id)->locality == HLO_LOCAL) {
            th_builder_fail(b, site, "result %d is a device's shard: main returns whole tensors (th_to_global first)",
                            i);
            return;
        }
    }
    b->results = tcir_alloc(b->ctx, sizeof *b->results * (size_t)n);
    for (int i = 0; i < n; i++)
        b->results[i] = results[i].id;
    b->nresults = n;
    b->result_shardings = tcir_alloc(b->ctx, sizeof *b->result_shardings * (size_t)n);
    for (int i = 0; i < n; i++)
        b->result_shardings[i] = NULL;
    b->returned = true;
}

int th_num_parameters(const th_builder *b) { return b ? b->nparams : 0; }
int th_num_results(const th_builder *b) { return b ? b->nresults : 0; }

th_shape th_parameter_shape(const th_builder *b, int i)
{
    th_shape none = {TL_DTYPE_INVALID, -1, {0}};
    return b && i >= 0 && i < b->nparams ? hlo_val_at(b, b->params[i])->shape : none;
}

th_shape th_result_shape(const th_builder *b, int i)
{
    th_shape none = {TL_DTYPE_INVALID, -1, {0}};
    return b && i >= 0 && i < b->nresults ? hlo_val_at(b, b->results[i])->shape : none;
}
