/* Escape ops: tl.inline_asm_elementwise (tt.elementwise_inline_asm) and
 * tl.extern_elementwise (tt.extern_elementwise), with libdevice's float functions on top.
 * Both broadcast their arguments together without promoting them, as core.py does. */
#include <stdio.h>
#include <string.h>

#include "lang/lang_internal.h"
#include "tritonc/debug.h"

enum { MAX_ARGS = 16 };

/* The shape every argument broadcasts to, checked as broadcast_impl_value checks it (no ops:
 * the shapes only). */
static bool common_shape(tl_site s, tl_builder *b, int n, const lang_opnd *o, lang_opnd *shape)
{
    *shape = o[0];
    for (int i = 0; i < n; i++) {
        lang_opnd l = o[i], r = *shape;
        /* literals take shapes without ops */
        l.v = tl_lit_int(0);
        r.v = tl_lit_int(0);
        if (!lang_broadcast_pair(s, b, &l, &r))
            return false;
        *shape = r;
    }
    return true;
}

/* to_tensor, then each argument broadcast to the common shape (splat, expand_dims, broadcast),
 * in order; the values go to ops. */
static bool broadcast_args(tl_site s, tl_builder *b, tl_values args, lang_opnd *o, tl_value *ops, lang_opnd *shape)
{
    for (int i = 0; i < args.n; i++) {
        o[i] = lang_opnd_of(b, args.v[i]);
        lang_strong(&o[i]);
    }
    if (!common_shape(s, b, args.n, o, shape))
        return false;
    for (int i = 0; i < args.n; i++) {
        lang_opnd target = *shape;
        target.v = tl_lit_int(0);
        if (!lang_broadcast_pair(s, b, &o[i], &target))
            return false;
        ops[i] = lang_value(s, b, &o[i]);
        if (tl_value_is_poison(ops[i]))
            return false;
    }
    return true;
}

static bool valid_dtype(tl_dtype d)
{
    return d > TL_DTYPE_INVALID && d < TL_DTYPE_COUNT;
}

/* The builder of a call's arguments, after checking the list itself. */
static tl_builder *args_builder(tl_site s, tl_values args, const char *fn)
{
    tl_builder *b = NULL;
    for (int i = 0; i < args.n && args.v && !b; i++)
        if (!tl_value_is_lit(args.v[i]))
            b = args.v[i].b;
    if (args.n < 1 || args.n > MAX_ARGS || !args.v) {
        tl_builder_fail(b, s, "%s takes 1 to %d arguments (a value among them), got %d", fn, MAX_ARGS, args.n);
        return NULL;
    }
    return lang_builder(s, NULL, args.n, args.v, NULL);
}

/* ---- inline_asm_elementwise ----------------------------------------------------------------- */

static tl_asm_results asm_poison(int n)
{
    tl_asm_results r = {.n = n > 0 && n <= TL_ASM_MAX_RESULTS ? n : 1};
    for (int i = 0; i < TL_ASM_MAX_RESULTS; i++)
        r.v[i] = TL_POISON;
    return r;
}

tl_asm_results tl_inline_asm_elementwise_at(tl_site s, const char *asm_text, const char *constraints, tl_values args,
                                            tl_dtypes dtypes, bool is_pure, int pack)
{
    tl_asm_results res = asm_poison(dtypes.n);
    tl_builder *b = args_builder(s, args, "inline_asm_elementwise");
    if (!b)
        return res;
    if (!asm_text || !constraints) {
        tl_builder_fail(b, s, "asm and constraints must be strings, not NULL");
        return res;
    }
    if (dtypes.n < 1 || dtypes.n > TL_ASM_MAX_RESULTS || !dtypes.d) {
        tl_builder_fail(b, s, "inline_asm_elementwise needs 1 to %d result dtypes, got %d", TL_ASM_MAX_RESULTS,
                        dtypes.n);
        return res;
    }
    for (int i = 0; i < dtypes.n; i++)
        if (!valid_dtype(dtypes.d[i])) {
            tl_builder_fail(b, s, "invalid dtype %d", (int)dtypes.d[i]);
            return res;
        }
    if (pack < 1) {
        tl_builder_fail(b, s, "pack must be at least 1, got %d", pack);
        return res;
    }
    lang_opnd o[MAX_ARGS], shape;
    tl_value ops[MAX_ARGS];
    if (!broadcast_args(s, b, args, o, ops, &shape))
        return res;
    /* Triton's verifier: a tensor operand's element count must be a multiple of pack. */
    int64_t numel = lang_numel(shape.rank, shape.dims);
    if (shape.rank > 0 && numel % pack != 0) {
        tl_builder_fail(b, s,
                        "number of input elements %lld must be a multiple of the op's packed_element attribute, %d",
                        (long long)numel, pack);
        return res;
    }
    tcir_context *ctx = tl_builder_context(b);
    const tcir_type *types[TL_ASM_MAX_RESULTS];
    for (int i = 0; i < dtypes.n; i++)
        types[i] = lang_shaped(b, tl_dtype_ir(ctx, dtypes.d[i]), shape.rank, shape.dims);
    tcir_named_attr attrs[4] = {
        lang_attr("asm_string", tcir_attr_string(ctx, asm_text)),
        lang_attr("constraints", tcir_attr_string(ctx, constraints)),
        lang_attr("pure", tcir_attr_bool(ctx, is_pure)),
        lang_attr("packed_element", tcir_attr_int(ctx, pack, tcir_type_int(ctx, 32))),
    };
    tcir_op *op = tl_op_at(s, b,
                           (tl_raw_op){.name = "tt.elementwise_inline_asm",
                                       .noperands = args.n,
                                       .operands = ops,
                                       .nresults = dtypes.n,
                                       .result_types = types,
                                       .nattrs = 4,
                                       .attrs = attrs});
    if (!op)
        return res;
    for (int i = 0; i < dtypes.n; i++) {
        res.v[i] = tl_result_at(s, b, op, i);
        res.v[i].dtype = dtypes.d[i];
    }
    return res;
}

/* ---- extern_elementwise ------------------------------------------------------------------------ */

/* "(float32, int32)" */
static void dtype_tuple(char *buf, size_t size, int n, const tl_dtype *d)
{
    size_t at = (size_t)snprintf(buf, size, "(");
    for (int i = 0; i < n && at < size; i++)
        at += (size_t)snprintf(buf + at, size - at, "%s%s", i ? ", " : "", tl_dtype_name(d[i]));
    if (at < size)
        snprintf(buf + at, size - at, n == 1 ? ",)" : ")");
}

tl_value tl_extern_elementwise_at(tl_site s, const char *lib_name, const char *lib_path, tl_values args,
                                  int noverloads, const tl_extern_overload *overloads, bool is_pure)
{
    tl_builder *b = args_builder(s, args, "extern_elementwise");
    if (!b)
        return TL_POISON;
    if (!lib_name || !lib_path)
        return tl_builder_fail(b, s, "lib_name and lib_path must be strings, not NULL");
    if (noverloads < 1 || !overloads)
        return tl_builder_fail(b, s, "arg_type_symbol_dict is empty");
    if (args.n > TL_EXTERN_MAX_ARGS)
        return tl_builder_fail(b, s, "extern_elementwise takes at most %d arguments, got %d", TL_EXTERN_MAX_ARGS,
                               args.n);
    tl_dtype types[MAX_ARGS];
    bool ptr = false;
    for (int i = 0; i < args.n; i++) {
        lang_opnd o = lang_opnd_of(b, args.v[i]);
        lang_strong(&o);
        types[i] = o.dtype;
        ptr = ptr || o.is_ptr;
    }
    const tl_extern_overload *found = NULL;
    for (int k = 0; k < noverloads && !found && !ptr; k++) {
        bool same = overloads[k].symbol != NULL;
        for (int i = 0; i < args.n && same; i++)
            same = overloads[k].args[i] == types[i];
        for (int i = args.n; i < TL_EXTERN_MAX_ARGS && same; i++)
            same = overloads[k].args[i] == TL_DTYPE_INVALID;
        if (same)
            found = &overloads[k];
    }
    if (!found) {
        char want[LANG_STR], got[LANG_STR];
        int nk = 0;
        while (nk < TL_EXTERN_MAX_ARGS && overloads[0].args[nk] != TL_DTYPE_INVALID)
            nk++;
        dtype_tuple(got, sizeof got, args.n, types);
        dtype_tuple(want, sizeof want, nk, overloads[0].args);
        return tl_builder_fail(b, s, "input arg type does not match: expect one of %s%s, got %s%s", want,
                               noverloads > 1 ? " ..." : "", ptr ? "pointers " : "", got);
    }
    if (!valid_dtype(found->ret))
        return tl_builder_fail(b, s, "invalid result dtype %d for %s", (int)found->ret, found->symbol);
    lang_opnd o[MAX_ARGS], shape;
    tl_value ops[MAX_ARGS];
    if (!broadcast_args(s, b, args, o, ops, &shape))
        return TL_POISON;
    tcir_context *ctx = tl_builder_context(b);
    const tcir_type *rt = lang_shaped(b, tl_dtype_ir(ctx, found->ret), shape.rank, shape.dims);
    tcir_named_attr attrs[4] = {
        lang_attr("libname", tcir_attr_string(ctx, lib_name)),
        lang_attr("libpath", tcir_attr_string(ctx, lib_path)),
        lang_attr("symbol", tcir_attr_string(ctx, found->symbol)),
        lang_attr("pure", tcir_attr_bool(ctx, is_pure)),
    };
    return lang_emit(s, b, "tt.extern_elementwise", args.n, ops, rt, found->ret, false, 4, attrs);
}

/* ---- libdevice ------------------------------------------------------------------------------ */

tl_value tl_libdevice_at(tl_site s, const char *name, tl_values args)
{
    tl_builder *b = args_builder(s, args, "libdevice");
    if (!b)
        return TL_POISON;
    if (!name || !*name || strlen(name) > 48)
        return tl_builder_fail(b, s, "bad libdevice function name");
    if (args.n > TL_EXTERN_MAX_ARGS)
        return tl_builder_fail(b, s, "libdevice functions take at most %d arguments here, got %d",
                               TL_EXTERN_MAX_ARGS, args.n);
    char f32[64], f64[64];
    snprintf(f32, sizeof f32, "__nv_%sf", name);
    snprintf(f64, sizeof f64, "__nv_%s", name);
    tl_extern_overload table[2] = {{.symbol = f32, .ret = TL_F32}, {.symbol = f64, .ret = TL_F64}};
    for (int i = 0; i < args.n; i++) {
        table[0].args[i] = TL_F32;
        table[1].args[i] = TL_F64;
    }
    return tl_extern_elementwise_at(s, "", "", args, 2, table, true);
}
