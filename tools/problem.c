/* Made-up problems (see problem.h). The text: tokens separated by spaces, each "NAME[N]" (a
 * buffer of N elements), "NAME[N]=V" (filled with V), "NAME[N]=V,W,..." (those values repeated),
 * "NAME[D0,D1,...]" (a host tensor descriptor: its tensor's shape, one integer per dimension of
 * its block, the tensor contiguous and row-major; "=V,W,..." as a buffer's), "NAME=V" (a
 * scalar) or "grid=X[,Y[,Z]]", each axis a product of factors A/B/... ('/' rounding up) of
 * integers, scalar arguments and int config fields. */
#include "problem.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tritonc/interp.h"

size_t problem_elem_bytes(tl_dtype dt) { return tl_dtype_bits(dt) < 8 ? 1 : tl_dtype_bits(dt) / 8; }

void problem_fill(unsigned char *buf, size_t n, tl_dtype dt, tcir_context *ctx, const problem_arg *a)
{
    size_t eb = problem_elem_bytes(dt);
    for (size_t i = 0; i < n; i++) {
        double x = a->nvalues       ? a->values[i % (size_t)a->nvalues]
            : tl_dtype_is_float(dt) ? (double)(i % 13) / 4 - 1.5
                                    : (double)(i % 7);
        uint64_t v = tl_dtype_is_float(dt) ? tc_interp_float_bits(x, tcir_type_float_kind(tl_dtype_ir(ctx, dt)), false)
                                           : (uint64_t)(long long)x;
        for (size_t k = 0; k < eb; k++)
            buf[i * eb + k] = (unsigned char)(v >> (8 * k)); /* little-endian hosts */
    }
}

void problem_desc_strides(const problem_arg *a, int64_t strides[5])
{
    int64_t stride = 1;
    for (int d = a->rank - 1; d >= 0; d--) {
        strides[d] = stride;
        stride *= a->dims[d];
    }
}

/* A number: a base-10 integer, or for a float a decimal number. */
static bool number(const char *text, bool is_float, double *out)
{
    long long i;
    if (tl_parse_decimal(text, -(1LL << 53), 1LL << 53, &i)) {
        *out = (double)i;
        return true;
    }
    char *end;
    *out = is_float && *text ? strtod(text, &end) : 0;
    return is_float && *text && *end == '\0';
}

/* The value of a term: an integer, a scalar argument, an int config field. */
static bool term(const tl_kernel *k, const problem *p, const unsigned char *cfg, const char *t, size_t len,
                 long long *v)
{
    char word[64];
    if (len == 0 || len >= sizeof word)
        return false;
    memcpy(word, t, len);
    word[len] = '\0';
    if (tl_parse_decimal(word, 0, 1LL << 31, v))
        return true;
    for (int i = 0; i < p->nargs; i++)
        if (!p->args[i].buffer && strcmp(p->args[i].name, word) == 0)
            return *v = (long long)p->args[i].value, true;
    for (int i = 0; i < k->nfields; i++)
        if (k->fields[i].kind == TL_CFG_INT && strcmp(k->fields[i].name, word) == 0) {
            int x;
            memcpy(&x, cfg + k->fields[i].offset, sizeof x);
            return *v = x, true;
        }
    return false;
}

/* One axis: factors joined by '*', each terms joined by '/' (dividing, rounding up). */
static bool axis(const tl_kernel *k, const problem *p, const unsigned char *cfg, const char *text, long long *out)
{
    long long product = 1;
    for (const char *f = text;;) {
        size_t flen = strcspn(f, "*");
        long long v = 0, d;
        for (size_t at = 0; at < flen;) {
            size_t tlen = strcspn(f + at, "/*");
            if (!term(k, p, cfg, f + at, tlen, at ? &d : &v) || (at && d <= 0))
                return false;
            if (at)
                v = (v + d - 1) / d;
            at += tlen + (f[at + tlen] == '/');
        }
        if (flen == 0 || f[flen - 1] == '/' || v > (1LL << 31))
            return false;
        product *= v;
        if (product > (1LL << 31))
            return false;
        if (!f[flen])
            break;
        f += flen + 1;
    }
    *out = product;
    return true;
}

bool problem_grid(const tl_kernel *k, const problem *p, const void *cfg, unsigned grid[3], char *why, size_t n)
{
    const unsigned char *c = cfg ? cfg : k->cfg_default;
    for (int d = 0; d < 3; d++) {
        long long v = 1;
        if (p->grid_text[d][0] && (!axis(k, p, c, p->grid_text[d], &v) || v < 1 || v > (1LL << 20)))
            return snprintf(why, n,
                            "problem of kernel %s: grid axis '%s' is not a number from 1 to 1048576 "
                            "(a product of A/B factors of integers, scalar arguments, int config fields)",
                            k->name, p->grid_text[d]),
                   false;
        grid[d] = (unsigned)v;
    }
    return true;
}

/* grid=X[,Y[,Z]]: each axis's text into p. */
static bool grid_of(const char *text, problem *p)
{
    for (int i = 0; i < 3; i++) {
        size_t len = strcspn(text, ",");
        if (len == 0 || len >= sizeof p->grid_text[i])
            return false;
        memcpy(p->grid_text[i], text, len);
        p->grid_text[i][len] = '\0';
        if (text[len] == '\0')
            return true;
        text += len + 1;
    }
    return false;
}

/* "V,W,...": the values of a buffer into a. */
static bool values_of(const char *text, bool is_float, problem_arg *a)
{
    char one[64];
    for (a->nvalues = 0;;) {
        size_t len = strcspn(text, ",");
        if (len >= sizeof one || a->nvalues == PROBLEM_MAX_VALUES)
            return false;
        memcpy(one, text, len);
        one[len] = '\0';
        if (!number(one, is_float, &a->values[a->nvalues++]))
            return false;
        if (!text[len])
            return true;
        text += len + 1;
    }
}

/* "D0,D1,..." (len characters): rank dimensions of a descriptor's tensor into a. */
static bool dims_of(const char *text, size_t len, int rank, problem_arg *a)
{
    long long count = 1;
    for (int d = 0; d < rank; d++) {
        char one[32];
        size_t n = strcspn(text, ",]");
        if (n > len || n >= sizeof one)
            return false;
        memcpy(one, text, n);
        one[n] = '\0';
        if (!tl_parse_decimal(one, 1, INT32_MAX, &a->dims[d]))
            return false;
        count *= a->dims[d];
        if (count > (1LL << 30))
            return false;
        if (d == rank - 1)
            return n == len && (a->count = count, true);
        if (n == len) /* fewer dimensions than the rank */
            return false;
        text += n + 1;
        len -= n + 1;
    }
    return false;
}

/* One token into p; false with why. */
static bool token(const tl_kernel *k, tl_builder *b, const char *tok, problem *p, bool *given, char *why, size_t n)
{
    size_t name_len = strcspn(tok, "[=");
    if (strncmp(tok, "grid=", 5) == 0) {
        if (!grid_of(tok + 5, p))
            return snprintf(why, n, "bad '%.100s': expected grid=X[,Y[,Z]]", tok), false;
        return true;
    }
    int i = 0;
    for (; i < p->nargs; i++)
        if (strlen(tl_builder_argspec(b, i)->name) == name_len &&
            !strncmp(tl_builder_argspec(b, i)->name, tok, name_len))
            break;
    if (name_len == 0 || i == p->nargs)
        return snprintf(why, n, "'%.100s': kernel %s has no argument '%.*s'", tok, k->name, (int)name_len, tok), false;
    const tl_argspec *s = tl_builder_argspec(b, i);
    problem_arg *a = &p->args[i];
    const char *rest = tok + name_len;
    bool desc = s->kind == TL_ARG_TENSORDESC;
    if ((*rest == '[') != (s->kind == TL_ARG_PTR || desc))
        return snprintf(why, n, "'%.100s': %s is a %s (%s)", tok, s->name,
                        desc                        ? "host tensor descriptor"
                            : s->kind == TL_ARG_PTR ? "pointer"
                                                    : "scalar",
                        desc                        ? "give NAME[D0,D1,...], its tensor's shape"
                            : s->kind == TL_ARG_PTR ? "give NAME[ELEMENTS]"
                                                    : "give NAME=VALUE"),
               false;
    if (*rest == '[' && desc) {
        size_t len = strcspn(rest + 1, "]");
        if (rest[1 + len] != ']' || !dims_of(rest + 1, len, s->rank, a))
            return snprintf(why, n,
                            "bad '%.100s': %s is a host tensor descriptor of rank %d: expected NAME[D0,D1,...], %d "
                            "integers from 1 to 2147483647, at most 1073741824 elements in all",
                            tok, s->name, s->rank, s->rank),
                   false;
        rest += len + 2;
    } else if (*rest == '[') {
        char count[32];
        size_t len = strcspn(rest + 1, "]");
        long long c;
        if (rest[1 + len] != ']' || len >= sizeof count)
            return snprintf(why, n, "bad '%.100s': expected NAME[ELEMENTS]", tok), false;
        memcpy(count, rest + 1, len);
        count[len] = '\0';
        if (!tl_parse_decimal(count, 1, 1LL << 30, &c))
            return snprintf(why, n, "bad '%.100s': elements from 1 to 1073741824", tok), false;
        a->buffer = true;
        a->count = c;
        rest += len + 2;
    }
    if (a->buffer) {
        if (*rest == '=' && !values_of(rest + 1, tl_dtype_is_float(s->dtype), a))
            return snprintf(why, n, "bad '%.100s': expected numbers after '=' (at most %d, by ',')", tok,
                            PROBLEM_MAX_VALUES),
                   false;
        if (*rest == '=')
            rest += strlen(rest);
    }
    if (*rest == '=' && !number(rest + 1, tl_dtype_is_float(s->dtype), &a->value))
        return snprintf(why, n, "bad '%.100s': expected a number after '='", tok), false;
    if (*rest != '=' && *rest != '\0')
        return snprintf(why, n, "bad '%.100s'", tok), false;
    given[i] = true;
    return true;
}

bool problem_of(const tl_kernel *k, tl_builder *b, const void *cfg, long long size, problem *p, char *why,
                size_t whysize)
{
    memset(p, 0, sizeof *p);
    p->nargs = tl_builder_nargs(b);
    p->grid[0] = p->grid[1] = p->grid[2] = 1;
    if (p->nargs > PROBLEM_MAX_ARGS)
        return snprintf(why, whysize, "kernel %s has more than %d arguments", k->name, PROBLEM_MAX_ARGS), false;
    for (int i = 0; i < p->nargs; i++) {
        const tl_argspec *s = tl_builder_argspec(b, i);
        bool desc = s->kind == TL_ARG_TENSORDESC;
        if (desc && !k->problem)
            return snprintf(why, whysize,
                            "kernel %s: argument '%s' is a host tensor descriptor, whose tensor the generic problem "
                            "does not make: declare a .problem giving its shape (%s[D0,D1,...])",
                            k->name, s->name, s->name),
                   false;
        p->args[i] = (problem_arg){.buffer = s->kind == TL_ARG_PTR || desc,
                                   .desc = desc,
                                   .rank = desc ? s->rank : 0,
                                   .count = size,
                                   .value = tl_dtype_is_float(s->dtype) ? 1.0 : (double)size};
        snprintf(p->args[i].name, sizeof p->args[i].name, "%s", s->name);
    }
    if (!k->problem)
        return true;
    p->declared = true;
    bool given[PROBLEM_MAX_ARGS] = {false};
    char tok[256];
    for (const char *t = k->problem; *t;) {
        t += strspn(t, " ");
        size_t len = strcspn(t, " ");
        if (len == 0)
            break;
        if (len >= sizeof tok)
            return snprintf(why, whysize, "problem of kernel %s: a token over %zu characters", k->name, sizeof tok),
                   false;
        memcpy(tok, t, len);
        tok[len] = '\0';
        char what[400];
        if (!token(k, b, tok, p, given, what, sizeof what))
            return snprintf(why, whysize, "problem of kernel %s: %.300s", k->name, what), false;
        t += len;
    }
    for (int i = 0; i < p->nargs; i++)
        if (!given[i])
            return snprintf(why, whysize, "problem of kernel %s leaves out argument '%s'", k->name,
                            tl_builder_argspec(b, i)->name),
                   false;
    return problem_grid(k, p, cfg, p->grid, why, whysize);
}
