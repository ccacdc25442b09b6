/* Pretty forms of the ops that touch memory: tt.load, tt.store, atomics, block pointers and
 * tensor descriptors (print_pretty.h). */
#include <string.h>

#include "ir/print/print_pretty.h"

/* ---- tt.load, tt.store, atomics, descriptor loads and stores ------------------------------- */

/* What tt.load and tt.store spell in their own syntax or leave out at the default value:
 * cache and evict (the oilist), operandSegmentSizes (implied by the operands), isVolatile =
 * false and boundaryCheck = array<i32> (defaults). */
static bool memory_attr_elided(const tcir_named_attr *na)
{
    const char *n = na->name;
    const tcir_attr *a = na->attr;
    if (print_str_eq(n, "cache") || print_str_eq(n, "evict") || print_str_eq(n, "operandSegmentSizes"))
        return true;
    if (print_str_eq(n, "isVolatile"))
        return a && tcir_attr_get_kind(a) == TCIR_ATTR_BOOL && !tcir_attr_int_value(a);
    if (print_str_eq(n, "boundaryCheck"))
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
        const char **kw = print_str_eq(na->name, "cache") ? &m->cache
            : print_str_eq(na->name, "evict")             ? &m->evict
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
static void memory_tail(print_state *p, const tcir_op *op, const memory_attrs *m)
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
    print_attr_dict(p, op, elided, false);
}

/* %r = tt.load %ptr[, %mask[, %other]] ... : Tptr */
bool print_pretty_load(print_state *p, const tcir_op *op)
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
bool print_pretty_store(print_state *p, const tcir_op *op)
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

/* %r = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v[, %m] : (...) -> R
 * %r = tt.atomic_cas acq_rel, gpu, %p, %cmp, %v : (...) -> R */
bool print_pretty_atomic(print_state *p, const tcir_op *op)
{
    bool rmw = tcir_op_opcode(op) == TCIR_OPC_TT_ATOMIC_RMW;
    int n = tcir_op_noperands(op);
    const char *kind = rmw ? keyword(op, "atomic_rmw_op") : "";
    const char *sem = keyword(op, "sem"), *scope = keyword(op, "scope");
    if (!kind || !sem || !scope || (rmw ? n < 2 || n > 3 : n != 3) || !shape(op, n, 1))
        return false;
    static const char *const elided[] = {"atomic_rmw_op", "sem", "scope", NULL};
    name_and_space(p, op);
    if (rmw) {
        put(p, kind);
        base_out_put(&p->out, ", ", 2);
    }
    put(p, sem);
    base_out_put(&p->out, ", ", 2);
    put(p, scope);
    base_out_put(&p->out, ", ", 2);
    operands(p, op, 0, n);
    print_attr_dict(p, op, elided, false);
    functional_tail(p, op);
    return true;
}

/* %r = tt.descriptor_load %d[%i, %j] ... : !tt.tensordesc<..> -> R */
bool print_pretty_descriptor_load(print_state *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    memory_attrs m;
    if (n < 1 || !shape(op, n, 1) || !read_memory_attrs(op, &m))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    base_out_putc(&p->out, '[');
    operands(p, op, 1, n);
    base_out_putc(&p->out, ']');
    memory_tail(p, op, &m);
    colon_type(p, operand_type(op, 0));
    put(p, " -> ");
    print_type(p, result_type(op, 0));
    return true;
}

/* tt.descriptor_store %d[%i, %j], %src : !tt.tensordesc<..>, T */
bool print_pretty_descriptor_store(print_state *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 2 || !shape(op, n, 0))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    base_out_putc(&p->out, '[');
    operands(p, op, 2, n);
    put(p, "], ");
    operands(p, op, 1, 2);
    print_attr_dict(p, op, print_elide_none, false);
    colon_type(p, operand_type(op, 0));
    base_out_put(&p->out, ", ", 2);
    print_type(p, operand_type(op, 1));
    return true;
}

/* ---- block pointers and tensor descriptors ------------------------------------------------- */

/* A Triton type where the op's format names its class: printed without the dialect prefix
 * ("<f32>" for !tt.ptr<f32>, "<tensor<64xf32>>" for !tt.tensordesc<tensor<64xf32>>). */
static void stripped_type(print_state *p, const tcir_type *t)
{
    size_t at = p->out.len;
    print_type(p, t);
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
static void bracketed(print_state *p, const tcir_op *op, int from, int to)
{
    base_out_putc(&p->out, '[');
    operands(p, op, from, to);
    base_out_putc(&p->out, ']');
}

/* %r = tt.make_tensor_ptr %base, [%shape..], [%strides..], [%offsets..] {order = ..} : <tensor<..>>
 * %r = tt.make_tensor_descriptor %base, [%shape..], [%strides..] : <f32>, <tensor<..>> */
bool print_pretty_make_tensor(print_state *p, const tcir_op *op)
{
    bool ptr = tcir_op_opcode(op) == TCIR_OPC_TT_MAKE_TENSOR_PTR;
    int n = tcir_op_noperands(op), lists = ptr ? 3 : 2;
    if (n < 1 || (n - 1) % lists || !shape(op, n, 1))
        return false;
    int k = (n - 1) / lists;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    for (int i = 0; i < lists; i++) {
        base_out_put(&p->out, ", ", 2);
        bracketed(p, op, 1 + i * k, 1 + (i + 1) * k);
    }
    print_attr_dict(p, op, print_elide_none, false);
    base_out_put(&p->out, " : ", 3);
    if (!ptr) {
        stripped_type(p, operand_type(op, 0));
        base_out_put(&p->out, ", ", 2);
    }
    stripped_type(p, result_type(op, 0));
    return true;
}

/* %r = tt.advance %ptr, [%a, %b] : <tensor<..>> */
bool print_pretty_advance(print_state *p, const tcir_op *op)
{
    int n = tcir_op_noperands(op);
    if (n < 1 || !shape(op, n, 1))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    base_out_put(&p->out, ", ", 2);
    bracketed(p, op, 1, n);
    print_attr_dict(p, op, print_elide_none, false);
    base_out_put(&p->out, " : ", 3);
    stripped_type(p, result_type(op, 0));
    return true;
}

/* tt.descriptor_reduce add, %d[%i, %j], %src : !tt.tensordesc<..>, T */
bool print_pretty_descriptor_reduce(print_state *p, const tcir_op *op)
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
    base_out_put(&p->out, ", ", 2);
    operands(p, op, 0, 1);
    bracketed(p, op, 2, n);
    base_out_put(&p->out, ", ", 2);
    operands(p, op, 1, 2);
    print_attr_dict(p, op, elided, false);
    colon_type(p, operand_type(op, 0));
    base_out_put(&p->out, ", ", 2);
    print_type(p, operand_type(op, 1));
    return true;
}

/* %r = tt.descriptor_gather %d[%x, %y] : (D, X, i32) -> R
 * tt.descriptor_scatter %d[%x, %y], %src : D, X, i32, S */
bool print_pretty_descriptor_gather(print_state *p, const tcir_op *op)
{
    bool gather = tcir_op_opcode(op) == TCIR_OPC_TT_DESCRIPTOR_GATHER;
    int n = gather ? 3 : 4;
    if (!shape(op, n, gather ? 1 : 0))
        return false;
    name_and_space(p, op);
    operands(p, op, 0, 1);
    bracketed(p, op, 1, 3);
    if (!gather) {
        base_out_put(&p->out, ", ", 2);
        operands(p, op, 3, 4);
    }
    print_attr_dict(p, op, print_elide_none, false);
    base_out_put(&p->out, " : ", 3);
    if (gather)
        print_functional(p, op);
    else
        print_operand_types(p, op, 0, n);
    return true;
}
