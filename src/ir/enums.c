/* The enum attributes of the ops tritonc emits: the keyword the pretty form prints and the
 * integer the generic form prints. The integers are those of MLIR's arith dialect
 * (CmpIPredicate, CmpFPredicate: I64EnumAttr) and of Triton 3.6's TritonAttrDefs.td
 * (I32EnumAttr: ProgramIDDim, RoundingMode, PropagateNan, CacheModifier, EvictionPolicy). */
#include <string.h>

#include "ir/enums.h"
#include "ir/internal.h"

typedef struct enum_case {
    const char *keyword;
    const char *generic;
} enum_case;

/* The cases' texts are literals: the attributes point at them rather than copy them. */
static const tcir_attr *lookup(tcir_context *ctx, const enum_case *cases, size_t n, const char *keyword)
{
    if (!ctx || !keyword)
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (strcmp(cases[i].keyword, keyword) == 0)
            return ir_attr_enum_static(ctx, cases[i].keyword, cases[i].generic);
    return NULL;
}

#define LOOKUP(cases, kw) lookup(ctx, cases, sizeof cases / sizeof cases[0], kw)

const tcir_attr *ir_enum_cmpi(tcir_context *ctx, const char *keyword)
{
    static const enum_case cases[] = {
        {"eq", "0 : i64"},  {"ne", "1 : i64"},  {"slt", "2 : i64"}, {"sle", "3 : i64"}, {"sgt", "4 : i64"},
        {"sge", "5 : i64"}, {"ult", "6 : i64"}, {"ule", "7 : i64"}, {"ugt", "8 : i64"}, {"uge", "9 : i64"},
    };
    return LOOKUP(cases, keyword);
}

const tcir_attr *ir_enum_cmpf(tcir_context *ctx, const char *keyword)
{
    static const enum_case cases[] = {
        {"false", "0 : i64"}, {"oeq", "1 : i64"},  {"ogt", "2 : i64"},  {"oge", "3 : i64"},
        {"olt", "4 : i64"},   {"ole", "5 : i64"},  {"one", "6 : i64"},  {"ord", "7 : i64"},
        {"ueq", "8 : i64"},   {"ugt", "9 : i64"},  {"uge", "10 : i64"}, {"ult", "11 : i64"},
        {"ule", "12 : i64"},  {"une", "13 : i64"}, {"uno", "14 : i64"}, {"true", "15 : i64"},
    };
    return LOOKUP(cases, keyword);
}

const tcir_attr *ir_enum_axis(tcir_context *ctx, int axis)
{
    static const enum_case cases[] = {{"x", "0 : i32"}, {"y", "1 : i32"}, {"z", "2 : i32"}};
    if (!ctx || axis < 0 || axis > 2)
        return NULL;
    return ir_attr_enum_static(ctx, cases[axis].keyword, cases[axis].generic);
}

const tcir_attr *ir_enum_rounding(tcir_context *ctx, const char *keyword)
{
    static const enum_case cases[] = {{"rtz", "0 : i32"}, {"rtne", "1 : i32"}};
    return LOOKUP(cases, keyword);
}

const tcir_attr *ir_enum_propagate_nan(tcir_context *ctx, const char *keyword)
{
    static const enum_case cases[] = {{"none", "0 : i32"}, {"all", "65535 : i32"}};
    return LOOKUP(cases, keyword);
}

const tcir_attr *ir_enum_cache(tcir_context *ctx, const char *keyword)
{
    static const enum_case cases[] = {
        {"none", "1 : i32"}, {"ca", "2 : i32"}, {"cg", "3 : i32"}, {"wb", "4 : i32"},
        {"cs", "5 : i32"},   {"wt", "6 : i32"}, {"cv", "7 : i32"},
    };
    return LOOKUP(cases, keyword);
}

const tcir_attr *ir_enum_evict(tcir_context *ctx, const char *keyword)
{
    static const enum_case cases[] = {
        {"evict_normal", "1 : i32"}, {"evict_first", "2 : i32"}, {"evict_last", "3 : i32"}};
    return LOOKUP(cases, keyword);
}
