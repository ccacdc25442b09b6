/* tt.print and tt.assert. A print writes one line per element, as CUDA's printf does from
 * each thread: "pid (x, y, z) idx (i, j) PREFIX VALUE" (the prefix as the op holds it, " x: ";
 * "(operand k) " before the value when there are several operands), every element of the
 * first operand, then of the next. A failed assert is the run's error, naming its C line, the
 * program and the first failing lane. */
#include <inttypes.h>
#include <string.h>

#include "interp/interp_internal.h"

static void print_value(FILE *f, uint64_t v, const tcir_type *elem, bool is_signed, bool hex)
{
    unsigned w = interp_width(elem);
    if (tcir_type_is_ptr(elem))
        fprintf(f, "0x%" PRIx64, v);
    else if (hex)
        fprintf(f, "0x%" PRIx64, interp_mask(v, w));
    else if (tcir_type_is_float(elem))
        fprintf(f, "%f", interp_fdecode(v, elem));
    else if (is_signed)
        fprintf(f, "%" PRId64, interp_sext(v, w));
    else
        fprintf(f, "%" PRIu64, interp_mask(v, w));
}

TI_HANDLER(interp_op_print)
{
    FILE *f = r->ip->print;
    if (!f)
        return true;
    const char *prefix = interp_attr_keyword(op, "prefix");
    const tcir_attr *signs = tcir_op_attr(op, "isSigned");
    bool hex = interp_attr_int(op, "hex", 0) != 0;
    int n = tcir_op_noperands(op);
    if (n == 0)
        fprintf(f, "pid (%u, %u, %u) idx ()%s\n", r->pid[0], r->pid[1], r->pid[2], prefix ? prefix : "");
    for (int k = 0; k < n; k++) {
        interp_tensor *t = interp_get(r, tcir_op_operand(op, k));
        bool is_signed = signs && tcir_attr_get_kind(signs) == TCIR_ATTR_ARRAY_I32 && k < tcir_attr_array_size(signs) &&
            tcir_attr_array_i32_at(signs, k);
        for (int64_t i = 0; i < t->n; i++) {
            fprintf(f, "pid (%u, %u, %u) idx (", r->pid[0], r->pid[1], r->pid[2]);
            int64_t rest = i, idx[TCIR_MAX_RANK];
            for (int d = t->rank - 1; d >= 0; d--) {
                idx[d] = rest % t->dims[d];
                rest /= t->dims[d];
            }
            for (int d = 0; d < t->rank; d++)
                fprintf(f, "%s%" PRId64, d ? ", " : "", idx[d]);
            fprintf(f, ")%s", prefix ? prefix : "");
            if (n > 1)
                fprintf(f, "(operand %d) ", k);
            print_value(f, t->d[i], t->elem, is_signed, hex);
            fputc('\n', f);
        }
    }
    return true;
}

TI_HANDLER(interp_op_assert)
{
    interp_tensor *c = interp_get(r, tcir_op_operand(op, 0));
    const char *msg = interp_attr_keyword(op, "message");
    for (int64_t i = 0; i < c->n; i++)
        if (!(c->d[i] & 1))
            return interp_fail(r, op, "device_assert failed: program (%u, %u, %u), lane %" PRId64 ": %s", r->pid[0],
                               r->pid[1], r->pid[2], i, msg ? msg : "");
    return true;
}
