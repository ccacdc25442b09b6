/* tt.dot a, b, c: d = c + a @ b over the last two dimensions (a leading batch dimension
 * allowed). Float inputs accumulate in f32 in k order: s = c; s = f32(s + f32(a*b)) for
 * k = 0, 1, ...; the sum is rounded to d's type at the end. Integer inputs (int8) accumulate
 * with wrap-around in d's width. inputPrecision = tf32 on f32 inputs first truncates each to
 * tf32 (its low 13 mantissa bits cleared, as the tensor cores read them); ieee keeps f32;
 * tf32x3 and bf16x3 are taken as ieee (they approximate it). maxNumImpreciseAcc is ignored. */
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "interp/interp_internal.h"

static double input(uint64_t bits, const tcir_type *elem, bool tf32)
{
    if (tf32 && tcir_type_float_kind(elem) == TCIR_F32)
        bits &= ~(uint64_t)0x1fff;
    return interp_fdecode(bits, elem);
}

TI_HANDLER(interp_op_dot)
{
    interp_tensor *a = interp_get(r, tcir_op_operand(op, 0)), *b = interp_get(r, tcir_op_operand(op, 1));
    interp_tensor *c = interp_get(r, tcir_op_operand(op, 2));
    int rank = a->rank;
    if (rank < 2 || rank > 3 || b->rank != rank || c->rank != rank)
        return interp_fail(r, op, "dot of rank %d: not supported", rank);
    int64_t batch = rank == 3 ? a->dims[0] : 1, M = a->dims[rank - 2], K = a->dims[rank - 1], N = b->dims[rank - 1];
    if (b->dims[rank - 2] != K || c->dims[rank - 2] != M || c->dims[rank - 1] != N)
        return interp_fail(r, op, "dot shapes do not agree");
    interp_tensor *t = interp_new(r, tcir_value_type(tcir_op_result(op, 0)));
    if (!t)
        return false;
    const char *prec = interp_attr_keyword(op, "inputPrecision");
    bool tf32 = prec && strcmp(prec, "tf32") == 0;
    bool ints = tcir_type_is_int(a->elem);
    unsigned wa = interp_width(a->elem), wb = interp_width(b->elem), wd = interp_width(t->elem);
    /* Float inputs are decoded once (B transposed, so that k runs through memory): every
     * input format is exact in a double and so is a product of two, so f32(a * b) is the
     * product rounded once, as before; decoding in the inner loop cost 20x. */
    double *ad = NULL, *bt = NULL;
    if (!ints) {
        ad = base_malloc(sizeof *ad * (size_t)(M * K + 1));
        bt = base_malloc(sizeof *bt * (size_t)(K * N + 1));
        if (!ad || !bt) {
            free(ad);
            free(bt);
            interp_unref(t);
            return interp_oom(r);
        }
    }
    for (int64_t z = 0; z < batch; z++) {
        const uint64_t *A = a->d + z * M * K, *B = b->d + z * K * N, *C = c->d + z * M * N;
        uint64_t *D = t->d + z * M * N;
        if (!ints) {
            for (int64_t i = 0; i < M * K; i++)
                ad[i] = input(A[i], a->elem, tf32);
            for (int64_t k = 0; k < K; k++)
                for (int64_t j = 0; j < N; j++)
                    bt[j * K + k] = input(B[k * N + j], b->elem, tf32);
        }
        for (int64_t i = 0; i < M; i++)
            for (int64_t j = 0; j < N; j++) {
                if (ints) {
                    uint64_t s = C[i * N + j];
                    for (int64_t k = 0; k < K; k++)
                        s += (uint64_t)interp_sext(A[i * K + k], wa) * (uint64_t)interp_sext(B[k * N + j], wb);
                    D[i * N + j] = interp_mask(s, wd);
                    continue;
                }
                float s = (float)interp_fdecode(C[i * N + j], c->elem);
                const double *ar = ad + i * K, *bc = bt + j * K;
                for (int64_t k = 0; k < K; k++) {
                    float p = (float)(ar[k] * bc[k]);
                    s = s + p;
                }
                D[i * N + j] = interp_fencode(s, t->elem, false);
            }
    }
    free(ad);
    free(bt);
    return interp_set(r, tcir_op_result(op, 0), t);
}
