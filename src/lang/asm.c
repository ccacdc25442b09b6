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
    if (args.n == 0) { /* no operands: scalar results */
        *shape = (lang_opnd){.rank = 0};
        return true;
    }
    for (int i = 0; i < args.n; i++) {
        lang_opnd_set(&o[i], &args.v[i]);
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

/* The builder of a call's arguments (`given` when the call names one: then the list may be
 * empty), after checking the list itself. */
static tl_builder *args_builder(tl_site s, tl_builder *given, tl_values args, const char *fn)
{
    tl_builder *b = given;
    for (int i = 0; i < args.n && args.v && !b; i++)
        if (!tl_value_is_lit(args.v[i]))
            b = args.v[i].b;
    int min = given ? 0 : 1;
    if (args.n < min || args.n > MAX_ARGS || (args.n > 0 && !args.v)) {
        /* no value names a builder: the one this thread builds with hears of it */
        tl_builder_fail(b ? b : tl_builder_current(), s, "%s takes %d to %d arguments%s, got %d", fn, min, MAX_ARGS,
                        given ? "" : " (a value among them; with none, give the builder: tl_inline_asm_elementwise_in)",
                        args.n);
        return NULL;
    }
    return lang_builder(s, given, args.n, args.v, NULL);
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
    return tl_inline_asm_elementwise_in_at(s, NULL, asm_text, constraints, args, dtypes, is_pure, pack);
}

tl_asm_results tl_inline_asm_elementwise_in_at(tl_site s, tl_builder *given, const char *asm_text,
                                               const char *constraints, tl_values args, tl_dtypes dtypes, bool is_pure,
                                               int pack)
{
    tl_asm_results res = asm_poison(dtypes.n);
    tl_builder *b = args_builder(s, given, args, "inline_asm_elementwise");
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
        if (!lang_valid_dtype(dtypes.d[i])) {
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
    tcir_op *op = lang_op(s, b, TCIR_OPC_TT_ELEMENTWISE_INLINE_ASM,
                          (tl_raw_op){.noperands = args.n,
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

tl_value tl_extern_elementwise_at(tl_site s, const char *lib_name, const char *lib_path, tl_values args, int noverloads,
                                  const tl_extern_overload *overloads, bool is_pure)
{
    tl_builder *b = args_builder(s, NULL, args, "extern_elementwise");
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
    if (!lang_valid_dtype(found->ret))
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
    return lang_emit(s, b, TCIR_OPC_TT_EXTERN_ELEMENTWISE, args.n, ops, rt, found->ret, false, 4, attrs);
}

/* ---- libdevice ------------------------------------------------------------------------------ */

/* The functions of Triton 3.6's triton.language.extra.cuda.libdevice whose arguments are all of
 * one float dtype and whose result has that dtype: the Python name, the argument count and the
 * float32 and float64 symbols (NULL where libdevice.py has no such overload). Its other
 * functions (integer ones, conversions, predicates returning int32) are reached through
 * tl_extern_elementwise. */
typedef struct libdevice_fn {
    const char *name;
    int nargs;
    const char *f32, *f64;
    const char *f32_i32, *f64_i32; /* overloads whose second argument is int32 (listed first) */
} libdevice_fn;

#define LD(n, k)                                                                                                       \
    {                                                                                                                  \
#n, k, "__nv_" #n "f", "__nv_" #n, NULL, NULL                                                                  \
    }
static const libdevice_fn libdevice_fns[] = {
    {"abs", 1, "__nv_fabsf", "__nv_fabs", NULL, NULL},
    LD(acos, 1),
    LD(acosh, 1),
    LD(asin, 1),
    LD(asinh, 1),
    LD(atan, 1),
    LD(atanh, 1),
    LD(cbrt, 1),
    LD(ceil, 1),
    LD(cos, 1),
    LD(cosh, 1),
    LD(cospi, 1),
    LD(cyl_bessel_i0, 1),
    LD(cyl_bessel_i1, 1),
    LD(erf, 1),
    LD(erfc, 1),
    LD(erfcinv, 1),
    LD(erfcx, 1),
    LD(erfinv, 1),
    LD(exp, 1),
    LD(exp10, 1),
    LD(exp2, 1),
    LD(expm1, 1),
    LD(floor, 1),
    LD(j0, 1),
    LD(j1, 1),
    LD(lgamma, 1),
    LD(log, 1),
    LD(log10, 1),
    LD(log1p, 1),
    LD(log2, 1),
    LD(logb, 1),
    LD(nearbyint, 1),
    LD(normcdf, 1),
    LD(normcdfinv, 1),
    LD(rcbrt, 1),
    LD(rint, 1),
    LD(round, 1),
    LD(rsqrt, 1),
    LD(sin, 1),
    LD(sinh, 1),
    LD(sinpi, 1),
    LD(sqrt, 1),
    LD(tan, 1),
    LD(tanh, 1),
    LD(tgamma, 1),
    LD(trunc, 1),
    LD(y0, 1),
    LD(y1, 1),
    {"fast_cosf", 1, "__nv_fast_cosf", NULL, NULL, NULL},
    {"fast_exp10f", 1, "__nv_fast_exp10f", NULL, NULL, NULL},
    {"fast_expf", 1, "__nv_fast_expf", NULL, NULL, NULL},
    {"fast_log10f", 1, "__nv_fast_log10f", NULL, NULL, NULL},
    {"fast_log2f", 1, "__nv_fast_log2f", NULL, NULL, NULL},
    {"fast_logf", 1, "__nv_fast_logf", NULL, NULL, NULL},
    {"fast_sinf", 1, "__nv_fast_sinf", NULL, NULL, NULL},
    {"fast_tanf", 1, "__nv_fast_tanf", NULL, NULL, NULL},
    {"rcp64h", 1, NULL, "__nv_rcp64h", NULL, NULL},
    {"rcp_rd", 1, "__nv_frcp_rd", "__nv_drcp_rd", NULL, NULL},
    {"rcp_rn", 1, "__nv_frcp_rn", "__nv_drcp_rn", NULL, NULL},
    {"rcp_ru", 1, "__nv_frcp_ru", "__nv_drcp_ru", NULL, NULL},
    {"rcp_rz", 1, "__nv_frcp_rz", "__nv_drcp_rz", NULL, NULL},
    {"rsqrt_rn", 1, "__nv_frsqrt_rn", NULL, NULL, NULL},
    {"saturatef", 1, "__nv_saturatef", NULL, NULL, NULL},
    {"sqrt_rd", 1, "__nv_fsqrt_rd", "__nv_dsqrt_rd", NULL, NULL},
    {"sqrt_rn", 1, "__nv_fsqrt_rn", "__nv_dsqrt_rn", NULL, NULL},
    {"sqrt_ru", 1, "__nv_fsqrt_ru", "__nv_dsqrt_ru", NULL, NULL},
    {"sqrt_rz", 1, "__nv_fsqrt_rz", "__nv_dsqrt_rz", NULL, NULL},
    LD(atan2, 2),
    LD(copysign, 2),
    LD(fdim, 2),
    LD(fmod, 2),
    LD(hypot, 2),
    LD(nextafter, 2),
    LD(remainder, 2),
    LD(rhypot, 2),
    {"pow", 2, "__nv_powf", "__nv_pow", "__nv_powif", "__nv_powi"},
    {"ldexp", 2, NULL, NULL, "__nv_ldexpf", "__nv_ldexp"},
    {"scalbn", 2, NULL, NULL, "__nv_scalbnf", "__nv_scalbn"},
    {"add_rd", 2, "__nv_fadd_rd", "__nv_dadd_rd", NULL, NULL},
    {"add_rn", 2, "__nv_fadd_rn", "__nv_dadd_rn", NULL, NULL},
    {"add_ru", 2, "__nv_fadd_ru", "__nv_dadd_ru", NULL, NULL},
    {"add_rz", 2, "__nv_fadd_rz", "__nv_dadd_rz", NULL, NULL},
    {"div_rd", 2, "__nv_fdiv_rd", "__nv_ddiv_rd", NULL, NULL},
    {"div_rn", 2, "__nv_fdiv_rn", "__nv_ddiv_rn", NULL, NULL},
    {"div_ru", 2, "__nv_fdiv_ru", "__nv_ddiv_ru", NULL, NULL},
    {"div_rz", 2, "__nv_fdiv_rz", "__nv_ddiv_rz", NULL, NULL},
    {"fast_dividef", 2, "__nv_fast_fdividef", NULL, NULL, NULL},
    {"fast_powf", 2, "__nv_fast_powf", NULL, NULL, NULL},
    {"mul_rd", 2, "__nv_fmul_rd", "__nv_dmul_rd", NULL, NULL},
    {"mul_rn", 2, "__nv_fmul_rn", "__nv_dmul_rn", NULL, NULL},
    {"mul_ru", 2, "__nv_fmul_ru", "__nv_dmul_ru", NULL, NULL},
    {"mul_rz", 2, "__nv_fmul_rz", "__nv_dmul_rz", NULL, NULL},
    {"sub_rd", 2, "__nv_fsub_rd", "__nv_dsub_rd", NULL, NULL},
    {"sub_rn", 2, "__nv_fsub_rn", "__nv_dsub_rn", NULL, NULL},
    {"sub_ru", 2, "__nv_fsub_ru", "__nv_dsub_ru", NULL, NULL},
    {"sub_rz", 2, "__nv_fsub_rz", "__nv_dsub_rz", NULL, NULL},
    LD(fma, 3),
    LD(norm3d, 3),
    LD(rnorm3d, 3),
    {"fma_rd", 3, "__nv_fmaf_rd", "__nv_fma_rd", NULL, NULL},
    {"fma_rn", 3, "__nv_fmaf_rn", "__nv_fma_rn", NULL, NULL},
    {"fma_ru", 3, "__nv_fmaf_ru", "__nv_fma_ru", NULL, NULL},
    {"fma_rz", 3, "__nv_fmaf_rz", "__nv_fma_rz", NULL, NULL},
    LD(norm4d, 4),
    LD(rnorm4d, 4),
};
#undef LD

/* The libdevice functions of other argument or result types (tl_extern_elementwise's). */
static const char *const libdevice_other[] = {
    "brev",
    "byte_perm",
    "clz",
    "double2float_rd",
    "double2float_rn",
    "double2float_ru",
    "double2float_rz",
    "double2hiint",
    "double2int_rd",
    "double2int_rn",
    "double2int_ru",
    "double2int_rz",
    "double2ll_rd",
    "double2ll_rn",
    "double2ll_ru",
    "double2ll_rz",
    "double2loint",
    "double2uint_rd",
    "double2uint_rn",
    "double2uint_ru",
    "double2uint_rz",
    "double2ull_rd",
    "double2ull_rn",
    "double2ull_ru",
    "double2ull_rz",
    "double_as_longlong",
    "ffs",
    "finitef",
    "float2int_rd",
    "float2int_rn",
    "float2int_ru",
    "float2int_rz",
    "float2ll_rd",
    "float2ll_rn",
    "float2ll_ru",
    "float2ll_rz",
    "float2uint_rd",
    "float2uint_rn",
    "float2uint_ru",
    "float2uint_rz",
    "float2ull_rd",
    "float2ull_rn",
    "float2ull_ru",
    "float2ull_rz",
    "float_as_int",
    "float_as_uint",
    "hadd",
    "hiloint2double",
    "ilogb",
    "int2double_rn",
    "int2float_rd",
    "int2float_rn",
    "int2float_ru",
    "int2float_rz",
    "int_as_float",
    "isfinited",
    "isinf",
    "isnan",
    "jn",
    "ll2double_rd",
    "ll2double_rn",
    "ll2double_ru",
    "ll2double_rz",
    "ll2float_rd",
    "ll2float_rn",
    "ll2float_ru",
    "ll2float_rz",
    "llrint",
    "llround",
    "longlong_as_double",
    "mul24",
    "mulhi",
    "popc",
    "rhadd",
    "sad",
    "signbit",
    "uint2double_rn",
    "uint2float_rd",
    "uint2float_rn",
    "uint2float_ru",
    "uint2float_rz",
    "uint_as_float",
    "ull2double_rd",
    "ull2double_rn",
    "ull2double_ru",
    "ull2double_rz",
    "ull2float_rd",
    "ull2float_rn",
    "ull2float_ru",
    "ull2float_rz",
    "yn",
};

static const libdevice_fn *libdevice_find(const char *name)
{
    for (size_t i = 0; i < sizeof libdevice_fns / sizeof libdevice_fns[0]; i++)
        if (libdevice_fns[i].name[0] == name[0] && strcmp(libdevice_fns[i].name, name) == 0) /* most differ there */
            return &libdevice_fns[i];
    return NULL;
}

static bool libdevice_is_other(const char *name)
{
    for (size_t i = 0; i < sizeof libdevice_other / sizeof libdevice_other[0]; i++)
        if (strcmp(libdevice_other[i], name) == 0)
            return true;
    return false;
}

tl_value tl_libdevice_at(tl_site s, const char *name, tl_values args)
{
    tl_builder *b = args_builder(s, NULL, args, "libdevice");
    if (!b)
        return TL_POISON;
    if (!name || !*name || strlen(name) > 48)
        return tl_builder_fail(b, s, "bad libdevice function name");
    const libdevice_fn *fn = libdevice_find(name);
    if (!fn && libdevice_is_other(name))
        return tl_builder_fail(b, s,
                               "libdevice.%s does not take and return one float dtype: call it with "
                               "tl_extern_elementwise",
                               name);
    if (!fn) /* Python: AttributeError from the libdevice module */
        return tl_builder_fail(b, s, "libdevice has no function '%s'", name);
    if (args.n != fn->nargs) /* Python: TypeError from the call */
        return tl_builder_fail(b, s, "libdevice.%s takes %d argument%s, got %d", name, fn->nargs,
                               fn->nargs == 1 ? "" : "s", args.n);
    tl_extern_overload table[4];
    int n = 0;
    if (fn->f32_i32)
        table[n++] = (tl_extern_overload){.symbol = fn->f32_i32, .ret = TL_F32, .args = {TL_F32, TL_I32}};
    if (fn->f64_i32)
        table[n++] = (tl_extern_overload){.symbol = fn->f64_i32, .ret = TL_F64, .args = {TL_F64, TL_I32}};
    int same = n;
    if (fn->f32)
        table[n++] = (tl_extern_overload){.symbol = fn->f32, .ret = TL_F32};
    if (fn->f64)
        table[n++] = (tl_extern_overload){.symbol = fn->f64, .ret = TL_F64};
    for (int k = same; k < n; k++)
        for (int i = 0; i < args.n; i++)
            table[k].args[i] = table[k].ret;
    return tl_extern_elementwise_at(s, "", "", args, n, table, true);
}
