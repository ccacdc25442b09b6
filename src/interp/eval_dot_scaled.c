/* tt.dot_scaled a, b, c[, a_scale][, b_scale]: d = c + (a * a_scale) @ (b * b_scale), the
 * microscaling (mx) product of Triton 3.6's tl.dot_scaled, over 2-D operands.
 *
 * Elements: e4m3 / e5m2 (fp8 tensors), bf16 / fp16, and e2m1 (fp4) packed two to a uint8, the
 * lower nibble holding the element of even index along the packed dimension (K when k_pack,
 * else M for a, N for b), as PTX's e2m1x2 and Triton's tests pack them. Scales: a is scaled by
 * a_scale[m][k / g], b by b_scale[n][k / g], with g = K / (the scale's columns) (32 for e8m0,
 * 16 for fp8e4nv scales). An e8m0 scale s is 2^(s - 127), s = 255 is NaN; a missing scale is 1.
 *
 * Each scaled element is exact in a double (a power of two times a short mantissa); then the
 * sum is tt.dot's: s = c; s = f32(s + f32(va * vb)) in k order. On sm90 Triton decomposes the op
 * into the same: upcast to bf16 times the scale (exact within bf16's range), a dot of bf16
 * products (exact in f32) accumulated in f32; the accumulation order inside an MMA differs,
 * so a GPU's sum can differ in its last bits. */
#include <math.h>
#include <string.h>

#include "interp/interp_internal.h"

/* fp4 e2m1: sign, 2 exponent bits (bias 1), 1 mantissa bit: 0, 0.5, 1, 1.5, 2, 3, 4, 6. */
static double e2m1(unsigned nib)
{
    static const double mag[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
    return nib & 8 ? -mag[nib & 7] : mag[nib & 7];
}

typedef struct side {
    const interp_tensor *t, *scale; /* scale NULL: 1 */
    bool fp4, k_pack;
    int64_t group;
} side;

/* Element (row, k) of a side (for b: row is n), scaled. */
static double elem(const side *s, bool is_b, int64_t row, int64_t k)
{
    double v;
    if (!s->fp4) {
        int64_t i = is_b ? k * s->t->dims[1] + row : row * s->t->dims[1] + k;
        v = interp_fdecode(s->t->d[i], s->t->elem);
    } else {
        /* the packed coordinate and which nibble */
        int64_t r = row, c = k;
        unsigned half;
        if (s->k_pack) {
            half = (unsigned)(k & 1);
            c = k >> 1;
        } else {
            half = (unsigned)(row & 1);
            r = row >> 1;
        }
        int64_t i = is_b ? c * s->t->dims[1] + r : r * s->t->dims[1] + c;
        v = e2m1((unsigned)(s->t->d[i] >> (4 * half)) & 0xF);
    }
    if (!s->scale)
        return v;
    uint64_t sb = s->scale->d[row * s->scale->dims[1] + k / s->group];
    if (tcir_type_is_float(s->scale->elem))
        return v * interp_fdecode(sb, s->scale->elem);
    sb &= 0xFF;
    return sb == 0xFF ? NAN : v * ldexp(1.0, (int)sb - 127);
}

/* Which operand of the optional ones is which: operandSegmentSizes [1, 1, 1, has_a, has_b]. */
static bool has_segment(const tcir_op *op, int i)
{
    const tcir_attr *a = tcir_op_attr(op, "operandSegmentSizes");
    return a && tcir_attr_array_size(a) == 5 && tcir_attr_array_i32_at(a, i) == 1;
}

TI_HANDLER(interp_op_dot_scaled)
{
    interp_tensor *a = interp_get(r, tcir_op_operand(op, 0)), *b = interp_get(r, tcir_op_operand(op, 1));
    interp_tensor *c = interp_get(r, tcir_op_operand(op, 2));
    if (a->rank != 2 || b->rank != 2 || c->rank != 2)
        return interp_fail(r, op, "dot_scaled of rank %d is not supported by the interpreter (2-D only)", a->rank);
    int next = 3;
    interp_tensor *sa = has_segment(op, 3) ? interp_get(r, tcir_op_operand(op, next++)) : NULL;
    interp_tensor *sb = has_segment(op, 4) ? interp_get(r, tcir_op_operand(op, next++)) : NULL;
    const char *fa = interp_attr_keyword(op, "a_elem_type"), *fb = interp_attr_keyword(op, "b_elem_type");
    if (!fa || !fb)
        return interp_fail(r, op, "no element formats");
    side A = {a, sa, strcmp(fa, "e2m1") == 0, interp_attr_int(op, "lhs_k_pack", 1) != 0, 1};
    side B = {b, sb, strcmp(fb, "e2m1") == 0, interp_attr_int(op, "rhs_k_pack", 1) != 0, 1};
    int64_t M = c->dims[0], N = c->dims[1];
    int64_t K = A.fp4 && A.k_pack ? 2 * a->dims[1] : a->dims[1];
    int64_t KB = B.fp4 && B.k_pack ? 2 * b->dims[0] : b->dims[0];
    int64_t MA = A.fp4 && !A.k_pack ? 2 * a->dims[0] : a->dims[0];
    int64_t NB = B.fp4 && !B.k_pack ? 2 * b->dims[1] : b->dims[1];
    if (K != KB || MA != M || NB != N || (sa && (sa->rank != 2 || sa->dims[0] != M)) ||
        (sb && (sb->rank != 2 || sb->dims[0] != N)))
        return interp_fail(r, op, "dot_scaled shapes do not agree");
    if ((sa && (sa->dims[1] == 0 || K % sa->dims[1])) || (sb && (sb->dims[1] == 0 || K % sb->dims[1])))
        return interp_fail(r, op, "dot_scaled scales do not divide K = %lld", (long long)K);
    A.group = sa ? K / sa->dims[1] : 1;
    B.group = sb ? K / sb->dims[1] : 1;
    interp_tensor *t = interp_new(r, tcir_value_type(tcir_op_result(op, 0)));
    if (!t)
        return false;
    for (int64_t i = 0; i < M; i++)
        for (int64_t j = 0; j < N; j++) {
            float s = (float)interp_fdecode(c->d[i * N + j], c->elem);
            for (int64_t k = 0; k < K; k++)
                s = s + (float)(elem(&A, false, i, k) * elem(&B, true, j, k));
            t->d[i * N + j] = interp_fencode(s, t->elem, false);
        }
    return interp_set(r, tcir_op_result(op, 0), t);
}
