/* Debugging and hint ops of triton.language: device_print, device_assert, assume,
 * debug_barrier, and the multiple_of / max_contiguous / max_constancy hints (core.py and
 * semantic.py of Triton 3.6). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"
#include "tritonc/debug.h"

/* ---- device_print ------------------------------------------------------------------------- */

/* Python's string.printable: digits, letters, punctuation and whitespace. */
static bool printable(const char *s)
{
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (!((*c >= 0x20 && *c < 0x7F) || *c == '\t' || *c == '\n' || *c == '\r' || *c == '\v' || *c == '\f'))
            return false;
    return true;
}

/* semantic.device_print's prefix rules, into out (size >= strlen(prefix) + 4). */
static void print_prefix(const char *prefix, bool has_args, char *out)
{
    size_t n = strlen(prefix);
    memcpy(out, prefix, n + 1);
    if (has_args && (n == 0 || out[n - 1] != ' ')) {
        out[n++] = ' ';
        out[n] = '\0';
    }
    if (has_args && !(n >= 2 && out[n - 2] == ':' && out[n - 1] == ' ')) {
        out[n - 1] = ':';
        out[n++] = ' ';
        out[n] = '\0';
    }
    if (n > 2 && out[0] != ' ') {
        memmove(out + 1, out, n + 1);
        out[0] = ' ';
    }
}

void tl_device_print_at(tl_site s, tl_builder *b, const char *prefix, tl_print_args args)
{
    const tl_value all[TL_PRINT_MAX_ARGS] = {args.a0,  args.a1,  args.a2,  args.a3, args.a4,  args.a5,
                                             args.a6,  args.a7,  args.a8,  args.a9, args.a10, args.a11,
                                             args.a12, args.a13, args.a14, args.a15};
    int n = 0;
    while (n < TL_PRINT_MAX_ARGS && !tl_value_is_absent(all[n]))
        n++;
    if (!b) {
        for (int i = 0; i < n && !b; i++)
            b = all[i].b;
        tl_builder_fail(b, s, "no builder given");
        return;
    }
    if (!lang_builder(s, b, n, all, NULL))
        return;
    if (!prefix) {
        tl_builder_fail(b, s, "prefix is NULL");
        return;
    }
    if (!printable(prefix)) {
        tl_builder_fail(b, s, "%s is not an ascii string", prefix);
        return;
    }
    tl_value ops[TL_PRINT_MAX_ARGS];
    int32_t is_signed[TL_PRINT_MAX_ARGS];
    for (int i = 0; i < n; i++) {
        lang_opnd o = lang_opnd_of(b, all[i]);
        lang_strong(&o); /* to_tensor: a number becomes a constant of its own type */
        ops[i] = lang_value(s, b, &o);
        if (tl_value_is_poison(ops[i]))
            return;
        is_signed[i] = !o.is_ptr && lang_is_signed(o.dtype);
    }
    size_t len = strlen(prefix);
    char small[256];
    char *text = len + 4 <= sizeof small ? small : tcir_alloc(tl_builder_context(b), len + 4);
    if (!text) {
        tl_builder_fail(b, s, "out of memory");
        return;
    }
    print_prefix(prefix, n > 0, text);
    tcir_context *ctx = tl_builder_context(b);
    tcir_named_attr attrs[3] = {
        lang_attr("prefix", tcir_attr_string(ctx, text)),
        lang_attr("hex", tcir_attr_bool(ctx, args.hex)),
        lang_attr("isSigned", tcir_attr_array_i32(ctx, n, is_signed)),
    };
    lang_emit0(s, b, TCIR_OPC_TT_PRINT, n, ops, 3, attrs);
}

/* ---- device_assert, assume, debug_barrier ------------------------------------------------ */

void tl_device_assert_at(tl_site s, tl_value cond, const char *msg, tl_assert_opts o)
{
    bool has_mask = !lang_absent(o.mask);
    tl_value in[2] = {cond, o.mask};
    static const char *const names[] = {"cond", "mask"};
    tl_builder *b = lang_builder(s, NULL, has_mask ? 2 : 1, in, names);
    if (!b)
        return;
    if (has_mask) /* Triton evaluates mask= before cond */
        tl_order_keywords_first_at(s, b, 1, &cond, 1, &o.mask);
    if (!tl_builder_debug(b)) /* semantic.device_assert: nothing without the debug option */
        return;
    if (!msg) {
        tl_builder_fail(b, s, "message is NULL");
        return;
    }
    lang_opnd c = lang_opnd_of(b, cond);
    lang_strong(&c);
    tl_value v = lang_value(s, b, &c);
    if (has_mask) { /* cond | ~mask */
        lang_opnd m = lang_opnd_of(b, o.mask);
        lang_strong(&m);
        if (tl_dtype_is_float(m.dtype) && !m.is_ptr) {
            tl_builder_fail(b, s, "mask: \"not\" of a floating-point value (%s) is not allowed",
                            tl_dtype_name(m.dtype));
            return;
        }
        tl_value not_mask = tl_invert_at(s, lang_value(s, b, &m));
        v = tl_binary_at(s, TL_OP_OR, v, not_mask);
    }
    if (tl_value_is_poison(v))
        return;
    const tcir_type *t = tl_value_type(v);
    if (v.is_ptr || !tcir_type_is_int(tcir_type_elem(t)) || tcir_type_int_width(tcir_type_elem(t)) != 1) {
        char ty[LANG_STR];
        tcir_type_str(t, ty, sizeof ty);
        tl_builder_fail(b, s, "the condition must be a boolean (int1) scalar or tensor, got %s", ty);
        return;
    }
    tcir_named_attr attr = lang_attr("message", tcir_attr_string(tl_builder_context(b), msg));
    lang_emit0(s, b, TCIR_OPC_TT_ASSERT, 1, &v, 1, &attr);
}

void tl_assume_at(tl_site s, tl_builder *b, tl_value cond)
{
    if (!b)
        b = cond.b;
    if (!lang_builder(s, b, 1, &cond, NULL)) {
        if (!b && !tl_value_is_poison(cond))
            tl_builder_fail(b, s, "no builder given");
        return;
    }
    tl_value v = cond;
    if (tl_value_is_lit(cond)) {
        /* C's comparisons give int 0 or 1: Python's constexpr bool */
        bool c_bool = cond.lit == TL_LIT_INT && (cond.lit_val.i == 0 || cond.lit_val.i == 1);
        lang_opnd o = lang_opnd_of(b, c_bool ? tl_lit_bool(cond.lit_val.i != 0) : cond);
        lang_strong(&o);
        v = lang_value(s, b, &o);
        if (tl_value_is_poison(v))
            return;
    }
    const tcir_type *t = tl_value_type(v);
    if (v.is_ptr || tcir_type_is_tensor(t) || !tcir_type_is_int(t) || tcir_type_int_width(t) != 1) {
        char ty[LANG_STR];
        tcir_type_str(t, ty, sizeof ty);
        tl_builder_fail(b, s, "the condition must be a boolean (int1) scalar, got %s", ty);
        return;
    }
    /* LLVM's AssumeOp holds its (here no) operand bundles' sizes; generic form prints them */
    tcir_named_attr bundles = lang_attr("op_bundle_sizes", tcir_attr_array_i32(tl_builder_context(b), 0, NULL));
    lang_emit0(s, b, TCIR_OPC_LLVM_INTR_ASSUME, 1, &v, 1, &bundles);
}

void tl_debug_barrier_at(tl_site s, tl_builder *b)
{
    if (!b) {
        tl_builder_fail(b, s, "no builder given");
        return;
    }
    lang_emit0(s, b, TCIR_OPC_GPU_BARRIER, 0, NULL, 0, NULL);
}

/* ---- hints ----------------------------------------------------------------------------------- */

static const char *const hint_attr[] = {
    [TL_HINT_DIVISIBILITY] = "tt.divisibility",
    [TL_HINT_CONTIGUITY] = "tt.contiguity",
    [TL_HINT_CONSTANCY] = "tt.constancy",
};
static const char *const hint_fn[] = {
    [TL_HINT_DIVISIBILITY] = "multiple_of",
    [TL_HINT_CONTIGUITY] = "max_contiguous",
    [TL_HINT_CONSTANCY] = "max_constancy",
};

/* ir.make_attr(values): dense<v> : tensor<Nxi32>, or dense<[a, b]> when they differ. */
static const tcir_attr *hint_value(tcir_context *ctx, tl_hint h)
{
    const tcir_type *i32 = tcir_type_int(ctx, 32);
    int64_t n = h.n;
    const tcir_type *t = tcir_type_tensor(ctx, 1, &n, i32);
    bool splat = true;
    for (int i = 1; i < h.n; i++)
        splat = splat && h.v[i] == h.v[0];
    if (splat)
        return tcir_attr_dense(ctx, tcir_attr_int(ctx, h.v[0], i32), t);
    char text[32 + TL_MAX_RANK * 24];
    size_t at = (size_t)snprintf(text, sizeof text, "dense<[");
    for (int i = 0; i < h.n; i++)
        at += (size_t)snprintf(text + at, sizeof text - at, "%s%lld", i ? ", " : "", (long long)h.v[i]);
    snprintf(text + at, sizeof text - at, "]> : tensor<%dxi32>", h.n);
    return tcir_attr_opaque(ctx, text);
}

/* Value.set_attr of Triton's IR bindings: the defining op gets the attribute; for an argument of
 * an entry block, the op owning the block gets NAME_argI (nothing for the function's). */
static void set_hint(tcir_context *ctx, tcir_value *v, const char *attr, const tcir_attr *a)
{
    tcir_op *def = tcir_value_def(v);
    if (def) {
        tcir_op_set_attr(ctx, def, attr, a, false);
        return;
    }
    tcir_block *blk = tcir_value_block(v);
    tcir_region *r = tcir_block_region(blk);
    tcir_op *owner = r ? tcir_region_parent(r) : NULL;
    if (!owner || tcir_region_first_block(r) != blk || tcir_op_opcode(owner) == TCIR_OPC_TT_FUNC)
        return;
    int i = tcir_value_index(v);
    /* A for loop's induction variable is, while Python's code generator visits the body, a
     * ub.poison placeholder (replaced by the real one afterwards): the hint lands on that dead
     * op and make_ttir drops it with it. So nothing marks the loop. */
    if (i == 0 && tcir_op_opcode(owner) == TCIR_OPC_SCF_FOR)
        return;
    /* Python's code generator visits a for body twice, the first time with each carried name
     * still bound to its initial value: that value's op gets the hint too. */
    if (tcir_op_opcode(owner) == TCIR_OPC_SCF_FOR && i >= 1 && 2 + i < tcir_op_noperands(owner))
        set_hint(ctx, tcir_op_operand(owner, 2 + i), attr, a);
    char name[64];
    snprintf(name, sizeof name, "%s_arg%d", attr, i);
    tcir_op_set_attr(ctx, owner, name, a, false);
}

tl_value tl_hint_at(tl_site s, tl_hint_kind kind, tl_value x, tl_hint values)
{
    tl_builder *b = lang_builder(s, NULL, 1, &x, NULL);
    if (!b)
        return TL_POISON;
    if ((int)kind < TL_HINT_DIVISIBILITY || kind > TL_HINT_CONSTANCY)
        return tl_builder_fail(b, s, "unknown hint kind %d", (int)kind);
    if (tl_value_is_lit(x))
        return tl_builder_fail(b, s, "%s needs a tensor, not a number", hint_fn[kind]);
    int rank = tl_value_rank(x);
    int want = kind == TL_HINT_DIVISIBILITY && rank == 0 ? 1 : rank;
    if (values.n != want)
        return tl_builder_fail(b, s, "Shape of input to %s does not match the length of values", hint_fn[kind]);
    for (int i = 0; i < values.n; i++)
        if (values.v[i] < INT32_MIN || values.v[i] > INT32_MAX)
            return tl_builder_fail(b, s, "values element %d (%lld) does not fit in int32", i, (long long)values.v[i]);
    set_hint(tl_builder_context(b), x.ir, hint_attr[kind], hint_value(tl_builder_context(b), values));
    return x;
}
