/* Tensors of 64-bit element patterns (interp_internal.h), and the small readers every op
 * family shares: widths, sign extension, attributes. */
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "interp/interp_internal.h"

interp_tensor *interp_new_shape(interp_run *r, const tcir_type *elem, int rank, const int64_t *dims)
{
    int64_t n = 1;
    for (int i = 0; i < rank; i++)
        n *= dims[i];
    interp_tensor *t = NULL;
    if (n >= 0 && n <= ((int64_t)1 << 24))
        t = base_calloc(1, sizeof *t + (size_t)n * sizeof(uint64_t));
    if (!t) {
        interp_oom(r);
        return NULL;
    }
    t->rc = 1;
    t->elem = elem;
    t->rank = rank;
    for (int i = 0; i < rank; i++)
        t->dims[i] = dims[i];
    t->n = n;
    return t;
}

interp_tensor *interp_new(interp_run *r, const tcir_type *t)
{
    return interp_new_shape(r, tcir_type_elem(t), tcir_type_rank(t), tcir_type_dims(t));
}

interp_tensor *interp_ref(interp_tensor *t)
{
    if (t)
        t->rc++;
    return t;
}

void interp_unref(interp_tensor *t)
{
    if (t && --t->rc == 0)
        free(t);
}

void interp_strides(const interp_tensor *t, int64_t *strides)
{
    int64_t s = 1;
    for (int i = t->rank - 1; i >= 0; i--) {
        strides[i] = s;
        s *= t->dims[i];
    }
}

unsigned interp_width(const tcir_type *elem)
{
    if (tcir_type_is_int(elem))
        return tcir_type_int_width(elem);
    if (tcir_type_is_float(elem))
        return tcir_type_float_width(elem);
    return 64; /* pointers, index */
}

int64_t interp_attr_int(const tcir_op *op, const char *name, int64_t dflt)
{
    const tcir_attr *a = tcir_op_attr(op, name);
    if (!a)
        return dflt;
    tcir_attr_kind k = tcir_attr_get_kind(a);
    if (k == TCIR_ATTR_INT || k == TCIR_ATTR_BOOL)
        return tcir_attr_int_value(a);
    if (k == TCIR_ATTR_ENUM) /* the generic text starts with the integer: "2 : i64" */
        return strtoll(tcir_attr_enum_generic(a), NULL, 10);
    return dflt;
}

const char *interp_attr_keyword(const tcir_op *op, const char *name)
{
    const tcir_attr *a = tcir_op_attr(op, name);
    if (!a)
        return NULL;
    tcir_attr_kind k = tcir_attr_get_kind(a);
    return k == TCIR_ATTR_ENUM || k == TCIR_ATTR_STRING || k == TCIR_ATTR_SYMBOL || k == TCIR_ATTR_OPAQUE
        ? tcir_attr_str(a)
        : NULL;
}
