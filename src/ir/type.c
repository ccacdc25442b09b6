/* Types: interned in the context, so equal types are equal pointers. */
#include <string.h>

#include "ir/inline.h"
#include "ir/internal.h"

static bool same_types(int n, const tcir_type *const *a, const tcir_type *const *b)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

static bool type_equal(const tcir_type *a, const tcir_type *b)
{
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case TCIR_TYPE_INT: return a->width == b->width;
    case TCIR_TYPE_FLOAT: return a->fkind == b->fkind;
    case TCIR_TYPE_INDEX: return true;
    case TCIR_TYPE_PTR: return a->elem == b->elem && a->address_space == b->address_space;
    case TCIR_TYPE_TENSOR:
        return a->elem == b->elem && a->rank == b->rank &&
            memcmp(a->dims, b->dims, sizeof(int64_t) * (size_t)a->rank) == 0;
    case TCIR_TYPE_TENSORDESC: return a->elem == b->elem && a->signedness == b->signedness;
    case TCIR_TYPE_FUNC:
        return a->ninputs == b->ninputs && a->nresults == b->nresults && same_types(a->ninputs, a->inputs, b->inputs) &&
            same_types(a->nresults, a->results, b->results);
    }
    return false;
}

/* The elements of a shape, saturating: a type made with huge dimensions (a raw op's, a tensor
 * argument's before its check) must not overflow; INT64_MAX reads as "too many" wherever it
 * is compared. 0 once a dimension below 1 comes before the count saturates. */
static int64_t shape_numel(int rank, const int64_t *dims)
{
    int64_t n = 1;
    for (int i = 0; i < rank; i++) {
        int64_t d = dims[i];
        if (d <= 0)
            return 0;
        if (n > INT64_MAX / d)
            return INT64_MAX;
        n *= d;
    }
    return n;
}

static bool shape_positive(int rank, const int64_t *dims)
{
    for (int i = 0; i < rank; i++)
        if (dims[i] < 1)
            return false;
    return true;
}

/* Returns the interned copy of `proto`, copying its arrays into the arena on first sight.
 * A list beats a hash table here (hashing a type costs more than comparing a few): kernels
 * use a few dozen types, and a type found moves to the front, as it is likely asked again. */
static const tcir_type *intern(tcir_context *ctx, const tcir_type *proto)
{
    for (tcir_type **link = &ctx->types, *t; (t = *link); link = &t->next_interned) {
        if (type_equal(t, proto)) {
            *link = t->next_interned;
            t->next_interned = ctx->types;
            ctx->types = t;
            return t;
        }
    }
    tcir_type *t = ir_alloc_raw(ctx, sizeof *t); /* copied whole: no clearing */
    int64_t *dims = proto->rank ? ir_alloc_raw(ctx, sizeof(int64_t) * (size_t)proto->rank) : NULL;
    const tcir_type **in = proto->ninputs ? ir_alloc_raw(ctx, sizeof(*in) * (size_t)proto->ninputs) : NULL;
    const tcir_type **out = proto->nresults ? ir_alloc_raw(ctx, sizeof(*out) * (size_t)proto->nresults) : NULL;
    if (!t || (proto->rank && !dims) || (proto->ninputs && !in) || (proto->nresults && !out))
        return NULL; /* out of memory and of reserve */
    *t = *proto;
    if (proto->rank) {
        memcpy(dims, proto->dims, sizeof(int64_t) * (size_t)proto->rank);
        t->dims = dims;
    }
    if (proto->kind == TCIR_TYPE_TENSOR) {
        t->numel = shape_numel(proto->rank, proto->dims);
        t->dims_positive = shape_positive(proto->rank, proto->dims);
    }
    if (proto->ninputs) {
        memcpy(in, proto->inputs, sizeof(*in) * (size_t)proto->ninputs);
        t->inputs = in;
    }
    if (proto->nresults) {
        memcpy(out, proto->results, sizeof(*out) * (size_t)proto->nresults);
        t->results = out;
    }
    t->next_interned = ctx->types;
    ctx->types = t;
    return t;
}

const tcir_type *(tcir_type_int)(tcir_context *ctx, unsigned width)
{
    if (width < TCIR_MEMO_INT_WIDTHS && ctx->int_types[width])
        return ctx->int_types[width];
    const tcir_type *t = intern(ctx, &(tcir_type){.kind = TCIR_TYPE_INT, .width = width});
    if (width < TCIR_MEMO_INT_WIDTHS)
        ctx->int_types[width] = t;
    return t;
}

static unsigned float_width(tcir_float_kind k)
{
    switch (k) {
    case TCIR_F16:
    case TCIR_BF16: return 16;
    case TCIR_F32: return 32;
    case TCIR_F64: return 64;
    default: return 8;
    }
}

const tcir_type *(tcir_type_float)(tcir_context *ctx, tcir_float_kind kind)
{
    bool memo = (unsigned)kind < TCIR_MEMO_FLOAT_KINDS;
    if (memo && ctx->float_types[kind])
        return ctx->float_types[kind];
    const tcir_type *t = intern(ctx, &(tcir_type){.kind = TCIR_TYPE_FLOAT, .fkind = kind, .width = float_width(kind)});
    if (memo)
        ctx->float_types[kind] = t;
    return t;
}

const tcir_type *tcir_type_index(tcir_context *ctx) { return intern(ctx, &(tcir_type){.kind = TCIR_TYPE_INDEX}); }

const tcir_type *tcir_type_ptr(tcir_context *ctx, const tcir_type *pointee, int address_space)
{
    return intern(ctx, &(tcir_type){.kind = TCIR_TYPE_PTR, .elem = pointee, .address_space = address_space});
}

/* Whether t is the tensor type of these parts. */
static bool is_tensor_of(const tcir_type *t, int rank, const int64_t *dims, const tcir_type *elem)
{
    if (t->kind != TCIR_TYPE_TENSOR || t->elem != elem || t->rank != rank)
        return false;
    for (int i = 0; i < rank; i++)
        if (t->dims[i] != dims[i])
            return false;
    return true;
}

const tcir_type *tcir_type_tensor(tcir_context *ctx, int rank, const int64_t *dims, const tcir_type *elem)
{
    /* Ops mostly make the type their operand has or the one just made: the two types at the
     * front of the list answer most calls without building a prototype. */
    const tcir_type *front = ctx->types;
    if (front && is_tensor_of(front, rank, dims, elem))
        return front;
    if (front && front->next_interned && is_tensor_of(front->next_interned, rank, dims, elem)) {
        tcir_type *t = front->next_interned; /* to the front, as intern moves a type it finds */
        ctx->types->next_interned = t->next_interned;
        t->next_interned = ctx->types;
        ctx->types = t;
        return t;
    }
    return intern(ctx, &(tcir_type){.kind = TCIR_TYPE_TENSOR, .rank = rank, .dims = dims, .elem = elem});
}

const tcir_type *tcir_type_tensordesc(tcir_context *ctx, const tcir_type *block_tensor)
{
    return intern(ctx, &(tcir_type){.kind = TCIR_TYPE_TENSORDESC, .elem = block_tensor});
}

const tcir_type *tcir_type_tensordesc_signed(tcir_context *ctx, const tcir_type *block_tensor, tcir_signedness s)
{
    if ((s != TCIR_SIGNED && s != TCIR_UNSIGNED) || block_tensor->kind != TCIR_TYPE_TENSOR ||
        block_tensor->elem->kind != TCIR_TYPE_INT)
        s = TCIR_SIGNLESS; /* only integer elements have a signedness */
    return intern(ctx, &(tcir_type){.kind = TCIR_TYPE_TENSORDESC, .elem = block_tensor, .signedness = s});
}

const tcir_type *tcir_type_func(tcir_context *ctx, int ninputs, const tcir_type *const *inputs, int nresults,
                                const tcir_type *const *results)
{
    return intern(
        ctx,
        &(tcir_type){
            .kind = TCIR_TYPE_FUNC, .ninputs = ninputs, .inputs = inputs, .nresults = nresults, .results = results});
}

tcir_type_kind(tcir_type_get_kind)(const tcir_type *t) { return ir_type_get_kind(t); }
unsigned(tcir_type_int_width)(const tcir_type *t) { return ir_type_int_width(t); }
tcir_float_kind(tcir_type_float_kind)(const tcir_type *t) { return ir_type_float_kind(t); }
unsigned(tcir_type_float_width)(const tcir_type *t) { return ir_type_float_width(t); }
const tcir_type *(tcir_type_pointee)(const tcir_type *t) { return ir_type_pointee(t); }
int tcir_type_address_space(const tcir_type *t) { return t->address_space; }
int(tcir_type_rank)(const tcir_type *t) { return ir_type_rank(t); }
const int64_t *(tcir_type_dims)(const tcir_type *t) { return ir_type_dims(t); }
const tcir_type *tcir_type_desc_block(const tcir_type *t) { return t->kind == TCIR_TYPE_TENSORDESC ? t->elem : NULL; }
tcir_signedness tcir_type_desc_signedness(const tcir_type *t)
{
    return t->kind == TCIR_TYPE_TENSORDESC ? t->signedness : TCIR_SIGNLESS;
}
bool(tcir_type_is_int)(const tcir_type *t) { return ir_type_is_int(t); }
bool(tcir_type_is_float)(const tcir_type *t) { return ir_type_is_float(t); }
bool(tcir_type_is_ptr)(const tcir_type *t) { return ir_type_is_ptr(t); }
bool(tcir_type_is_tensor)(const tcir_type *t) { return ir_type_is_tensor(t); }
int tcir_type_func_ninputs(const tcir_type *t) { return t->ninputs; }
const tcir_type *tcir_type_func_input(const tcir_type *t, int i) { return t->inputs[i]; }
int tcir_type_func_nresults(const tcir_type *t) { return t->nresults; }
const tcir_type *tcir_type_func_result(const tcir_type *t, int i) { return t->results[i]; }

int64_t(tcir_type_numel)(const tcir_type *t) { return ir_type_numel(t); }

const tcir_type *(tcir_type_elem)(const tcir_type *t) { return ir_type_elem(t); }

const tcir_type *tcir_type_with_elem(tcir_context *ctx, const tcir_type *t, const tcir_type *elem)
{
    return t->kind == TCIR_TYPE_TENSOR ? tcir_type_tensor(ctx, t->rank, t->dims, elem) : elem;
}

/* ---- printing ---------------------------------------------------------------------- */

typedef struct {
    char *buf;
    size_t size, len;
} sink;

/* Appends text (truncated to what fits, the NUL coming last, in tcir_type_str). Inline, so
 * that a literal's length is a constant and its copy, when it fits, is a few moves. */
static inline void put(sink *s, const char *text)
{
    size_t n = strlen(text);
    if (s->len + n < s->size)
        memcpy(s->buf + s->len, text, n);
    else if (s->len < s->size)
        memcpy(s->buf + s->len, text, s->size - s->len - 1);
    s->len += n;
}

/* Decimal text of v, without snprintf (types print once per distinct type per print call,
 * but a kernel has dozens of them and snprintf dominated their cost). */
static void put_int(sink *s, int64_t v)
{
    char buf[24], *end = buf + sizeof buf - 1, *c = end;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    *c = '\0';
    do {
        *--c = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        *--c = '-';
    put(s, c);
}

static const char *float_name(tcir_float_kind k)
{
    static const char *const names[] = {
        [TCIR_F16] = "f16",
        [TCIR_BF16] = "bf16",
        [TCIR_F32] = "f32",
        [TCIR_F64] = "f64",
        [TCIR_F8E4M3FN] = "f8E4M3FN",
        [TCIR_F8E5M2] = "f8E5M2",
        [TCIR_F8E4M3FNUZ] = "f8E4M3FNUZ",
        [TCIR_F8E5M2FNUZ] = "f8E5M2FNUZ",
        [TCIR_F8E4M3B11FNUZ] = "f8E4M3B11FNUZ",
    };
    return names[k];
}

static void put_type(sink *s, const tcir_type *t)
{
    switch (t->kind) {
    case TCIR_TYPE_INT:
        put(s, "i");
        put_int(s, t->width);
        break;
    case TCIR_TYPE_FLOAT: put(s, float_name(t->fkind)); break;
    case TCIR_TYPE_INDEX: put(s, "index"); break;
    case TCIR_TYPE_PTR:
        put(s, "!tt.ptr<");
        put_type(s, t->elem);
        if (t->address_space != 1) {
            put(s, ", ");
            put_int(s, t->address_space);
        }
        put(s, ">");
        break;
    case TCIR_TYPE_TENSOR:
        put(s, "tensor<");
        for (int i = 0; i < t->rank; i++) {
            put_int(s, t->dims[i]);
            put(s, "x");
        }
        put_type(s, t->elem);
        put(s, ">");
        break;
    case TCIR_TYPE_TENSORDESC:
        put(s, "!tt.tensordesc<");
        if (t->signedness != TCIR_SIGNLESS && t->elem->kind == TCIR_TYPE_TENSOR) {
            /* tensor<64xsi32>: the block with the elements' signedness spelled out */
            put(s, "tensor<");
            for (int i = 0; i < t->elem->rank; i++) {
                put_int(s, t->elem->dims[i]);
                put(s, "x");
            }
            put(s, t->signedness == TCIR_SIGNED ? "s" : "u");
            put_type(s, t->elem->elem);
            put(s, ">");
        } else {
            put_type(s, t->elem);
        }
        put(s, ">");
        break;
    case TCIR_TYPE_FUNC:
        put(s, "(");
        for (int i = 0; i < t->ninputs; i++) {
            if (i)
                put(s, ", ");
            put_type(s, t->inputs[i]);
        }
        put(s, ") -> ");
        if (t->nresults == 1 && t->results[0]->kind != TCIR_TYPE_FUNC) {
            put_type(s, t->results[0]);
        } else {
            put(s, "(");
            for (int i = 0; i < t->nresults; i++) {
                if (i)
                    put(s, ", ");
                put_type(s, t->results[i]);
            }
            put(s, ")");
        }
        break;
    }
}

size_t tcir_type_str(const tcir_type *t, char *buf, size_t size)
{
    sink s = {buf, size, 0};
    put_type(&s, t);
    if (buf && size)
        buf[s.len < size ? s.len : size - 1] = '\0';
    return s.len;
}
