/* ops_cases: the C twins of the kernels in tests/gpu/ops_cases.py, for a differential test of
 * tritonc's language against Triton 3.6 (tests/gpu/validate_ops.py, run by tests/gpu/run.sh).
 *
 *   ops_cases OUTDIR [NAME...]   writes OUTDIR/NAME.ttir for every case (or the named ones),
 *                                without locations; OUTDIR must exist
 *   ops_cases --list             prints the case names, one a line ("NAME must-fail" for the
 *                                cases tritonc has to reject)
 *
 * Each case checks one rule of the language (weak literals, promotion, an operator, a cast...)
 * and follows the @triton.jit kernel of the same name in ops_cases.py one Python line to one C
 * line, same names, same order: `p + i` on a pointer is tl_addptr(p, i), `i + p` is tl_add(i, p),
 * `x[:, None]` is tl_expand_dims(x, 1), a constexpr parameter is an enum constant. Change both
 * files together. A case whose builder fails writes OUTDIR/NAME.err (the error message) instead:
 * that is expected for the must-fail cases, which Triton's frontend must reject too.
 *
 * Exit status: 0 when every case did what it should, 1 otherwise, 2 for a bad command line.
 * Not part of the normal build (no CI, no CMake target): run.sh compiles it against the static
 * library on the GPU machine.
 */
#include "cases_driver.h"

typedef gpu_case ops_case;

/* ============================================================================================ */
/* Weak literals: a Python number takes the dtype of the tensor it meets (semantic.computation_type_impl) */

/* int literals with int8, on either side, at the edges of the range */
static void lit_int_i8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_add(a, 1)); tl_store(tl_addptr(o, i), tl_mul(2, a));
    tl_store(tl_addptr(o, i), tl_sub(a, 127)); tl_store(tl_addptr(o, i), tl_add(a, -128)); tl_store(tl_addptr(o, i), tl_sub(100, a));
}

/* int literals with int16 */
static void lit_int_i16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_add(a, 1000)); tl_store(tl_addptr(o, i), tl_mul(3, a)); tl_store(tl_addptr(o, i), tl_add(a, -32768));
}

/* int literals with int64, including literals Python types as uint32 and int64 on their own */
static void lit_int_i64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_add(a, 1)); tl_store(tl_addptr(o, i), tl_mul(a, 3000000000LL));
    tl_store(tl_addptr(o, i), tl_add(a, 1099511627776LL)); tl_store(tl_addptr(o, i), tl_sub(a, 9223372036854775807LL));
}

/* int literals with uint8: the literal becomes uint8, // and % are unsigned */
static void lit_int_u8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_add(a, 1)); tl_store(tl_addptr(o, i), tl_sub(255, a)); tl_store(tl_addptr(o, i), tl_mul(a, 200));
    tl_store(tl_addptr(o, i), tl_floordiv(a, 3)); tl_store(tl_addptr(o, i), tl_mod(a, 7));
}

/* int literals with uint32, up to 2**32 - 1 (printed as -1 : i32) */
static void lit_int_u32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_add(a, 1)); tl_store(tl_addptr(o, i), tl_add(a, 4294967295LL)); tl_store(tl_addptr(o, i), tl_mul(3, a)); tl_store(tl_addptr(o, i), tl_floordiv(a, 10));
}

/* int literals with uint64, up to a literal Python types as uint64 */
static void lit_int_u64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_add(a, 1)); tl_store(tl_addptr(o, i), tl_mul(a, 9223372036854775808ULL)); tl_store(tl_addptr(o, i), tl_mod(a, 1000));
}

/* int literals with float16 become float16 constants */
static void lit_int_f16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_add(h, 1)); tl_store(tl_addptr(o, i), tl_mul(2, h)); tl_store(tl_addptr(o, i), tl_sub(h, 3));
}

/* int literals with bfloat16, float32 and float64 become constants of that dtype */
static void lit_int_float(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value og = tl_arg(builder, "og", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value od = tl_arg(builder, "od", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value g = tl_load(tl_addptr(x, i)); tl_value f = tl_load(tl_addptr(y, i)); tl_value d = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(og, i), tl_add(g, 1)); tl_store(tl_addptr(of, i), tl_mul(2, f)); tl_store(tl_addptr(of, i), tl_mod(f, 3)); tl_store(tl_addptr(od, i), tl_sub(d, 16777217));
}

/* float literals with float16: rounded to half; / and % go through float32 */
static void lit_float_f16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_mul(h, 0.1)); tl_store(tl_addptr(o, i), tl_add(1.5, h));
    tl_store(tl_addptr(p, i), tl_div(h, 2.0)); tl_store(tl_addptr(p, i), tl_mod(h, 3.0));
}

/* float literals with bfloat16: rounded to bfloat16; / and % go through float32 */
static void lit_float_bf16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value g = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_mul(g, 0.1)); tl_store(tl_addptr(o, i), tl_sub(2.5, g));
    tl_store(tl_addptr(p, i), tl_div(g, 3.0)); tl_store(tl_addptr(p, i), tl_mod(g, 0.5));
}

/* float literals with float32: subnormal, near the maximum, overflowing to inf, on the left of / */
static void lit_float_f32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_mul(f, 0.1)); tl_store(tl_addptr(o, i), tl_add(1e-40, f)); tl_store(tl_addptr(o, i), tl_sub(f, 3.4e+38));
    tl_store(tl_addptr(o, i), tl_mul(f, 1e+300)); tl_store(tl_addptr(o, i), tl_div(0.5, f));
}

/* float and int literals with float64 (typed float64 when outside float32's range) */
static void lit_float_f64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value d = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_mul(d, 0.1)); tl_store(tl_addptr(o, i), tl_add(1e+300, d)); tl_store(tl_addptr(o, i), tl_div(d, 3)); tl_store(tl_addptr(o, i), tl_mul(1e-310, d));
}

/* float literals with integer tensors: the result is float32 */
static void lit_float_int(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value q = tl_load(tl_addptr(y, i)); tl_value w = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(o, i), tl_add(a, 1.5)); tl_store(tl_addptr(o, i), tl_mul(0.5, a)); tl_store(tl_addptr(o, i), tl_div(a, 2.0));
    tl_store(tl_addptr(o, i), tl_mul(q, 0.5)); tl_store(tl_addptr(o, i), tl_add(w, 0.25));
}

/* bool literals: with bool tensors, ints and floats; an int literal with a bool tensor promotes to int32 */
static void lit_bool(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value q = tl_arg(builder, "q", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value f = tl_load(tl_addptr(y, i));
    tl_value m = tl_gt(a, 0);
    tl_store(tl_addptr(o, i), tl_and(m, tl_lit_bool(true))); tl_store(tl_addptr(o, i), tl_or(m, tl_lit_bool(false))); tl_store(tl_addptr(o, i), tl_xor(m, tl_lit_bool(true)));
    tl_store(tl_addptr(p, i), tl_add(m, 1)); tl_store(tl_addptr(p, i), tl_add(a, tl_lit_bool(true))); tl_store(tl_addptr(q, i), tl_mul(f, tl_lit_bool(false)));
}

/* shifts with literals on either side: >> is arithmetic for signed tensors, logical for unsigned */
static void lit_shift(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value u = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_shl(a, 2)); tl_store(tl_addptr(o, i), tl_shl(1, a)); tl_store(tl_addptr(o, i), tl_shr(a, 1)); tl_store(tl_addptr(o, i), tl_shr(-8, a));
    tl_store(tl_addptr(p, i), tl_shr(u, 3)); tl_store(tl_addptr(p, i), tl_shr(16, u));
}

/* comparisons type the literal on its own (to_tensor), so it promotes: int8 < 1 compares in int32 */
static void lit_cmp_int(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value c = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i)); tl_value u = tl_load(tl_addptr(z, i)); tl_value q = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o, i), tl_lt(c, 1)); tl_store(tl_addptr(o, i), tl_eq(c, -1)); tl_store(tl_addptr(o, i), tl_eq(b, 1)); tl_store(tl_addptr(o, i), tl_gt(b, 2));
    tl_store(tl_addptr(o, i), tl_lt(u, 1)); tl_store(tl_addptr(o, i), tl_ge(u, 4294967295LL)); tl_store(tl_addptr(o, i), tl_gt(q, 2147483648LL)); tl_store(tl_addptr(o, i), tl_lt(q, -1));
}

/* comparisons with float literals: a float16 tensor compares in float32 */
static void lit_cmp_float(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i)); tl_value g = tl_load(tl_addptr(y, i)); tl_value f = tl_load(tl_addptr(z, i)); tl_value d = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o, i), tl_lt(h, 1.0)); tl_store(tl_addptr(o, i), tl_eq(h, 0.5)); tl_store(tl_addptr(o, i), tl_gt(g, 0));
    tl_store(tl_addptr(o, i), tl_ne(f, 0.1)); tl_store(tl_addptr(o, i), tl_le(d, 1e+300));
}

/* a literal on the left of a comparison stays on the left (tensor.__rlt__ and friends) */
static void lit_cmp_left(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value f = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_lt(1, a)); tl_store(tl_addptr(o, i), tl_ge(2.0, f)); tl_store(tl_addptr(o, i), tl_eq(3, a)); tl_store(tl_addptr(o, i), tl_ne(0, a));
}

/* literals on the left of the non-commutative operators */
static void lit_left_ops(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value f = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_sub(1, a)); tl_store(tl_addptr(o, i), tl_floordiv(7, a)); tl_store(tl_addptr(o, i), tl_mod(7, a));
    tl_store(tl_addptr(p, i), tl_div(2.0, f)); tl_store(tl_addptr(p, i), tl_sub(3.0, f)); tl_store(tl_addptr(p, i), tl_mod(1.5, f)); tl_store(tl_addptr(p, i), tl_div(1, a));
}

/* ============================================================================================ */
/* Integer promotion (semantic.integer_promote_impl) */

/* signed with signed: the wider wins */
static void prom_signed(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o16 = tl_arg(builder, "o16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value c = tl_load(tl_addptr(x, i)); tl_value s = tl_load(tl_addptr(y, i)); tl_value a = tl_load(tl_addptr(z, i)); tl_value q = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o16, i), tl_add(c, s)); tl_store(tl_addptr(o32, i), tl_add(c, a)); tl_store(tl_addptr(o64, i), tl_add(s, q)); tl_store(tl_addptr(o64, i), tl_mul(a, q));
}

/* unsigned with unsigned: the wider wins */
static void prom_unsigned(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value w = tl_load(tl_addptr(x, i)); tl_value u = tl_load(tl_addptr(y, i)); tl_value v = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(o32, i), tl_add(w, u)); tl_store(tl_addptr(o64, i), tl_mul(u, v)); tl_store(tl_addptr(o64, i), tl_sub(v, w));
}

/* mixed signedness: unsigned wins at equal or greater width (and comparisons become unsigned) */
static void prom_unsigned_wins(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value v = tl_arg(builder, "v", TL_PTR_OPTS(TL_U16, .divisibility = TL_DIV_NONE));
    tl_value s = tl_arg(builder, "s", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o16 = tl_arg(builder, "o16", TL_PTR_OPTS(TL_U16, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value m = tl_arg(builder, "m", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value b = tl_load(tl_addptr(x, i)); tl_value c = tl_load(tl_addptr(y, i)); tl_value u = tl_load(tl_addptr(z, i)); tl_value a = tl_load(tl_addptr(w, i)); tl_value e = tl_load(tl_addptr(v, i)); tl_value t = tl_load(tl_addptr(s, i));
    tl_store(tl_addptr(o8, i), tl_add(b, c)); tl_store(tl_addptr(m, i), tl_lt(b, c)); tl_store(tl_addptr(o32, i), tl_add(c, u)); tl_store(tl_addptr(o32, i), tl_sub(u, a));
    tl_store(tl_addptr(m, i), tl_lt(a, u)); tl_store(tl_addptr(o16, i), tl_mul(e, t));
}

/* mixed signedness: a wider signed type wins */
static void prom_signed_wins(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value v = tl_arg(builder, "v", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value ou = tl_arg(builder, "ou", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value m = tl_arg(builder, "m", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value b = tl_load(tl_addptr(x, i)); tl_value a = tl_load(tl_addptr(y, i)); tl_value u = tl_load(tl_addptr(z, i)); tl_value q = tl_load(tl_addptr(w, i)); tl_value r = tl_load(tl_addptr(v, i));
    tl_store(tl_addptr(o32, i), tl_add(b, a)); tl_store(tl_addptr(m, i), tl_lt(b, a)); tl_store(tl_addptr(o64, i), tl_add(u, q)); tl_store(tl_addptr(ou, i), tl_add(r, a));
}

/* bool with integers: int1 is an unsigned 1-bit integer */
static void prom_bool(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value m = tl_load(tl_addptr(x, i)); tl_value a = tl_load(tl_addptr(y, i)); tl_value c = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(o32, i), tl_add(m, a)); tl_store(tl_addptr(o8, i), tl_and(m, c)); tl_store(tl_addptr(o32, i), tl_mul(a, m));
}

/* ============================================================================================ */
/* Float promotion */

/* float16 or bfloat16 with float32 is float32; bfloat16 with float16 is float16 (the fp16 rule comes first) */
static void fprom_half_f32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i)); tl_value g = tl_load(tl_addptr(y, i)); tl_value f = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(o, i), tl_add(h, f)); tl_store(tl_addptr(o, i), tl_mul(g, f)); tl_store(tl_addptr(o, i), tl_add(g, h));
}

/* same half types stay half for + - * */
static void fprom_half_same(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value og = tl_arg(builder, "og", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i)); tl_value g = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(oh, i), tl_add(h, 1.0)); tl_store(tl_addptr(oh, i), tl_mul(h, h)); tl_store(tl_addptr(og, i), tl_sub(g, 2.0)); tl_store(tl_addptr(og, i), tl_mul(g, g));
}

/* / and % on halves compute in float32; float32 / float16 too */
static void fprom_half_div(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i)); tl_value g = tl_load(tl_addptr(y, i)); tl_value f = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(o, i), tl_div(h, h)); tl_store(tl_addptr(o, i), tl_mod(h, h)); tl_store(tl_addptr(o, i), tl_div(g, g)); tl_store(tl_addptr(o, i), tl_mod(g, g));
    tl_store(tl_addptr(o, i), tl_div(f, h)); tl_store(tl_addptr(o, i), tl_div(h, f)); tl_store(tl_addptr(o, i), tl_mod(f, g));
}

/* float64 wins over everything */
static void fprom_f64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i)); tl_value f = tl_load(tl_addptr(y, i)); tl_value d = tl_load(tl_addptr(z, i)); tl_value q = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o, i), tl_add(f, d)); tl_store(tl_addptr(o, i), tl_mul(d, h)); tl_store(tl_addptr(o, i), tl_sub(q, d)); tl_store(tl_addptr(o, i), tl_div(d, f));
}

/* integers with floats: float16 stays float16, bfloat16 with anything else becomes float32 */
static void fprom_int_float(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value v = tl_arg(builder, "v", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value s = tl_arg(builder, "s", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value q = tl_load(tl_addptr(y, i)); tl_value b = tl_load(tl_addptr(z, i)); tl_value h = tl_load(tl_addptr(w, i)); tl_value g = tl_load(tl_addptr(v, i)); tl_value f = tl_load(tl_addptr(s, i));
    tl_store(tl_addptr(oh, i), tl_add(a, h)); tl_store(tl_addptr(oh, i), tl_mul(q, h)); tl_store(tl_addptr(oh, i), tl_sub(b, h));
    tl_store(tl_addptr(of, i), tl_add(q, g)); tl_store(tl_addptr(of, i), tl_mul(g, a)); tl_store(tl_addptr(of, i), tl_add(b, f)); tl_store(tl_addptr(of, i), tl_sub(f, q));
}

/* fp8 kinds: two different fp8 types meet in float16, fp8 with float16 is float16 */
static void fprom_fp8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value e = tl_load(tl_addptr(x, i)); tl_value k = tl_load(tl_addptr(y, i)); tl_value h = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(o, i), tl_add(e, k)); tl_store(tl_addptr(o, i), tl_mul(k, h)); tl_store(tl_addptr(o, i), tl_sub(h, e));
}

/* the same fp8 type on both sides stays that type */
static void fprom_fp8_same(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value k = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_add(k, k));
}

/* ============================================================================================ */
/* Binary operators, dtype by dtype */

/* + - * // % on int32; / goes through float32 */
static void op_arith_i32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_add(a, b)); tl_store(tl_addptr(o, i), tl_sub(a, b)); tl_store(tl_addptr(o, i), tl_mul(a, b)); tl_store(tl_addptr(o, i), tl_floordiv(a, b));
    tl_store(tl_addptr(o, i), tl_mod(a, b)); tl_store(tl_addptr(p, i), tl_div(a, b));
}

/* + - * // % / on int8 */
static void op_arith_i8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_add(a, b)); tl_store(tl_addptr(o, i), tl_sub(a, b)); tl_store(tl_addptr(o, i), tl_mul(a, b)); tl_store(tl_addptr(o, i), tl_floordiv(a, b));
    tl_store(tl_addptr(o, i), tl_mod(a, b)); tl_store(tl_addptr(p, i), tl_div(a, b));
}

/* + - * // % on int64; int64 / int64 goes through float32 too (Triton 3.6) */
static void op_arith_i64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_add(a, b)); tl_store(tl_addptr(o, i), tl_sub(a, b)); tl_store(tl_addptr(o, i), tl_mul(a, b)); tl_store(tl_addptr(o, i), tl_floordiv(a, b));
    tl_store(tl_addptr(o, i), tl_mod(a, b)); tl_store(tl_addptr(p, i), tl_div(a, b));
}

/* unsigned uint8: divui, remui, uitofp */
static void op_arith_u8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_add(a, b)); tl_store(tl_addptr(o, i), tl_sub(a, b)); tl_store(tl_addptr(o, i), tl_mul(a, b)); tl_store(tl_addptr(o, i), tl_floordiv(a, b));
    tl_store(tl_addptr(o, i), tl_mod(a, b)); tl_store(tl_addptr(p, i), tl_div(a, b));
}

/* unsigned uint32 */
static void op_arith_u32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_add(a, b)); tl_store(tl_addptr(o, i), tl_sub(a, b)); tl_store(tl_addptr(o, i), tl_mul(a, b)); tl_store(tl_addptr(o, i), tl_floordiv(a, b));
    tl_store(tl_addptr(o, i), tl_mod(a, b)); tl_store(tl_addptr(p, i), tl_div(a, b));
}

/* unsigned uint64 */
static void op_arith_u64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_add(a, b)); tl_store(tl_addptr(o, i), tl_sub(a, b)); tl_store(tl_addptr(o, i), tl_mul(a, b)); tl_store(tl_addptr(o, i), tl_floordiv(a, b));
    tl_store(tl_addptr(o, i), tl_mod(a, b)); tl_store(tl_addptr(p, i), tl_div(a, b));
}

/* + - * / % on float32 */
static void op_arith_f32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_add(a, b)); tl_store(tl_addptr(o, i), tl_sub(a, b)); tl_store(tl_addptr(o, i), tl_mul(a, b)); tl_store(tl_addptr(o, i), tl_div(a, b)); tl_store(tl_addptr(o, i), tl_mod(a, b));
}

/* + - * on float16 stay float16; / and % are float32 */
static void op_arith_f16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_add(a, b)); tl_store(tl_addptr(o, i), tl_sub(a, b)); tl_store(tl_addptr(o, i), tl_mul(a, b)); tl_store(tl_addptr(p, i), tl_div(a, b)); tl_store(tl_addptr(p, i), tl_mod(a, b));
}

/* + - * on bfloat16 stay bfloat16; / and % are float32 */
static void op_arith_bf16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_add(a, b)); tl_store(tl_addptr(o, i), tl_sub(a, b)); tl_store(tl_addptr(o, i), tl_mul(a, b)); tl_store(tl_addptr(p, i), tl_div(a, b)); tl_store(tl_addptr(p, i), tl_mod(a, b));
}

/* + - * / % on float64 */
static void op_arith_f64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_add(a, b)); tl_store(tl_addptr(o, i), tl_sub(a, b)); tl_store(tl_addptr(o, i), tl_mul(a, b)); tl_store(tl_addptr(o, i), tl_div(a, b)); tl_store(tl_addptr(o, i), tl_mod(a, b));
}

/* & | ^ << >> on int32 (>> arithmetic) */
static void op_bits_i32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_and(a, b)); tl_store(tl_addptr(o, i), tl_or(a, b)); tl_store(tl_addptr(o, i), tl_xor(a, b)); tl_store(tl_addptr(o, i), tl_shl(a, b)); tl_store(tl_addptr(o, i), tl_shr(a, b));
}

/* & | ^ << >> on uint32 (>> logical) */
static void op_bits_u32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_and(a, b)); tl_store(tl_addptr(o, i), tl_or(a, b)); tl_store(tl_addptr(o, i), tl_xor(a, b)); tl_store(tl_addptr(o, i), tl_shl(a, b)); tl_store(tl_addptr(o, i), tl_shr(a, b));
}

/* bit operators on int8 and uint8 */
static void op_bits_8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i)); tl_value c = tl_load(tl_addptr(z, i)); tl_value e = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o, i), tl_and(a, b)); tl_store(tl_addptr(o, i), tl_shl(a, b)); tl_store(tl_addptr(o, i), tl_shr(a, b));
    tl_store(tl_addptr(p, i), tl_or(c, e)); tl_store(tl_addptr(p, i), tl_xor(c, e)); tl_store(tl_addptr(p, i), tl_shr(c, e));
}

/* bit operators on int64 and uint64 */
static void op_bits_64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i)); tl_value c = tl_load(tl_addptr(z, i)); tl_value e = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o, i), tl_xor(a, b)); tl_store(tl_addptr(o, i), tl_shl(a, b)); tl_store(tl_addptr(o, i), tl_shr(a, b));
    tl_store(tl_addptr(p, i), tl_and(c, e)); tl_store(tl_addptr(p, i), tl_shl(c, e)); tl_store(tl_addptr(p, i), tl_shr(c, e));
}

/* + - * on bools: int1 arithmetic */
static void op_arith_bool(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value m = tl_load(tl_addptr(x, i)); tl_value n = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_add(m, n)); tl_store(tl_addptr(o, i), tl_sub(m, n)); tl_store(tl_addptr(o, i), tl_mul(m, n));
}

/* & | ^ on bools */
static void op_bits_bool(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_value m = tl_gt(a, 0); tl_value n = tl_gt(b, 0);
    tl_store(tl_addptr(o, i), tl_and(m, n)); tl_store(tl_addptr(o, i), tl_or(m, n)); tl_store(tl_addptr(o, i), tl_xor(m, n));
}

/* bit operators promote; >> picks arithmetic or logical from its left operand before promotion */
static void op_bits_mixed(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value q = tl_load(tl_addptr(y, i)); tl_value w = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(o64, i), tl_and(a, q)); tl_store(tl_addptr(o32, i), tl_shr(w, a)); tl_store(tl_addptr(o32, i), tl_shr(a, w)); tl_store(tl_addptr(o64, i), tl_shl(a, q));
    tl_store(tl_addptr(o32, i), tl_or(w, a));
}

/* comparisons on int32 */
static void op_cmp_i32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_lt(a, b)); tl_store(tl_addptr(o, i), tl_le(a, b)); tl_store(tl_addptr(o, i), tl_gt(a, b));
    tl_store(tl_addptr(o, i), tl_ge(a, b)); tl_store(tl_addptr(o, i), tl_eq(a, b)); tl_store(tl_addptr(o, i), tl_ne(a, b));
}

/* comparisons on unsigned integers: ult, ule, ugt, uge */
static void op_cmp_unsigned(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i)); tl_value c = tl_load(tl_addptr(z, i)); tl_value e = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o, i), tl_lt(a, b)); tl_store(tl_addptr(o, i), tl_le(a, b)); tl_store(tl_addptr(o, i), tl_gt(a, b)); tl_store(tl_addptr(o, i), tl_ge(a, b));
    tl_store(tl_addptr(o, i), tl_lt(c, a)); tl_store(tl_addptr(o, i), tl_ge(e, c));
}

/* comparisons on float32: ordered, except != (une) */
static void op_cmp_f32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_lt(a, b)); tl_store(tl_addptr(o, i), tl_le(a, b)); tl_store(tl_addptr(o, i), tl_gt(a, b));
    tl_store(tl_addptr(o, i), tl_ge(a, b)); tl_store(tl_addptr(o, i), tl_eq(a, b)); tl_store(tl_addptr(o, i), tl_ne(a, b));
}

/* comparisons on float16 and bfloat16 (no promotion) */
static void op_cmp_half(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i)); tl_value k = tl_load(tl_addptr(y, i)); tl_value g = tl_load(tl_addptr(z, i)); tl_value e = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o, i), tl_lt(h, k)); tl_store(tl_addptr(o, i), tl_ge(h, k)); tl_store(tl_addptr(o, i), tl_ne(h, k));
    tl_store(tl_addptr(o, i), tl_gt(g, e)); tl_store(tl_addptr(o, i), tl_le(g, e)); tl_store(tl_addptr(o, i), tl_eq(g, e));
}

/* comparisons on float64 */
static void op_cmp_f64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_lt(a, b)); tl_store(tl_addptr(o, i), tl_eq(a, b)); tl_store(tl_addptr(o, i), tl_ne(a, b));
}

/* comparisons on bools (int1 is unsigned) */
static void op_cmp_bool(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value m = tl_load(tl_addptr(x, i)); tl_value n = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_eq(m, n)); tl_store(tl_addptr(o, i), tl_ne(m, n)); tl_store(tl_addptr(o, i), tl_lt(m, n)); tl_store(tl_addptr(o, i), tl_ge(m, n));
}

/* comparisons of mixed types promote first */
static void op_cmp_mixed(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value u = tl_load(tl_addptr(y, i)); tl_value h = tl_load(tl_addptr(z, i)); tl_value c = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o, i), tl_lt(a, u)); tl_store(tl_addptr(o, i), tl_eq(a, h)); tl_store(tl_addptr(o, i), tl_gt(c, a)); tl_store(tl_addptr(o, i), tl_ge(u, c));
}

/* ============================================================================================ */
/* Unary operators */

/* -x on signed integers: 0 - x */
static void un_neg_int(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value c = tl_load(tl_addptr(y, i)); tl_value q = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(o32, i), tl_neg(a)); tl_store(tl_addptr(o8, i), tl_neg(c)); tl_store(tl_addptr(o64, i), tl_neg(q));
}

/* -x on unsigned integers */
static void un_neg_unsigned(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value u = tl_load(tl_addptr(x, i)); tl_value w = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o32, i), tl_neg(u)); tl_store(tl_addptr(o8, i), tl_neg(w));
}

/* -x on floats */
static void un_neg_float(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value og = tl_arg(builder, "og", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value od = tl_arg(builder, "od", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i)); tl_value h = tl_load(tl_addptr(y, i)); tl_value g = tl_load(tl_addptr(z, i)); tl_value d = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(of, i), tl_neg(f)); tl_store(tl_addptr(oh, i), tl_neg(h)); tl_store(tl_addptr(og, i), tl_neg(g)); tl_store(tl_addptr(od, i), tl_neg(d));
}

/* ~x on integers and bools: xor with all ones */
static void un_invert(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value ob = tl_arg(builder, "ob", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i)); tl_value q = tl_load(tl_addptr(z, i)); tl_value m = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o32, i), tl_invert(a)); tl_store(tl_addptr(o8, i), tl_invert(b)); tl_store(tl_addptr(o64, i), tl_invert(q)); tl_store(tl_addptr(ob, i), tl_invert(m));
}

/* tl.abs: absi on signed, absf on floats, nothing on unsigned */
static void un_abs(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value v = tl_arg(builder, "v", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value u = tl_arg(builder, "u", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value og = tl_arg(builder, "og", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value ou = tl_arg(builder, "ou", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value c = tl_load(tl_addptr(y, i)); tl_value f = tl_load(tl_addptr(z, i)); tl_value h = tl_load(tl_addptr(w, i)); tl_value g = tl_load(tl_addptr(v, i)); tl_value k = tl_load(tl_addptr(u, i));
    tl_store(tl_addptr(o32, i), tl_abs(a)); tl_store(tl_addptr(o8, i), tl_abs(c)); tl_store(tl_addptr(of, i), tl_abs(f));
    tl_store(tl_addptr(oh, i), tl_abs(h)); tl_store(tl_addptr(og, i), tl_abs(g)); tl_store(tl_addptr(ou, i), tl_abs(k));
}

/* unary operators on scalar arguments */
static void un_scalar(tl_builder *builder)
{
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value s = tl_arg(builder, "s", TL_SCALAR(TL_F32));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_store(o, tl_neg(n)); tl_store(tl_addptr(o, 1), tl_invert(n)); tl_store(tl_addptr(o, 2), tl_abs(n));
    tl_store(p, tl_neg(s)); tl_store(tl_addptr(p, 1), tl_abs(s));
}

/* ============================================================================================ */
/* minimum, maximum, clamp */

/* float minimum/maximum: minnumf/maxnumf by default */
static void mm_float(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i)); tl_value d = tl_load(tl_addptr(z, i)); tl_value e = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o, i), tl_minimum(a, b)); tl_store(tl_addptr(o, i), tl_maximum(a, b));
    tl_store(tl_addptr(p, i), tl_minimum(d, e)); tl_store(tl_addptr(p, i), tl_maximum(d, e));
}

/* propagate_nan=ALL: minimumf/maximumf */
static void mm_float_nan(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i)); tl_value h = tl_load(tl_addptr(z, i)); tl_value k = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o, i), tl_minimum(a, b, .propagate_nan = TL_NAN_ALL));
    tl_store(tl_addptr(o, i), tl_maximum(a, b, .propagate_nan = TL_NAN_ALL));
    tl_store(tl_addptr(p, i), tl_maximum(h, k, .propagate_nan = TL_NAN_ALL)); tl_store(tl_addptr(p, i), tl_minimum(h, k));
}

/* integer minimum/maximum: signed and unsigned */
static void mm_int(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value v = tl_arg(builder, "v", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value s = tl_arg(builder, "s", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value ou = tl_arg(builder, "ou", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i)); tl_value u = tl_load(tl_addptr(z, i)); tl_value k = tl_load(tl_addptr(w, i)); tl_value c = tl_load(tl_addptr(v, i)); tl_value e = tl_load(tl_addptr(s, i));
    tl_store(tl_addptr(o32, i), tl_minimum(a, b)); tl_store(tl_addptr(o32, i), tl_maximum(a, b)); tl_store(tl_addptr(ou, i), tl_minimum(u, k));
    tl_store(tl_addptr(ou, i), tl_maximum(u, k)); tl_store(tl_addptr(o8, i), tl_maximum(c, tl_add(c, 1))); tl_store(tl_addptr(o64, i), tl_minimum(e, tl_floordiv(e, 3)));
}

/* bfloat16 minimum/maximum compute in float32 */
static void mm_bf16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value g = tl_load(tl_addptr(x, i)); tl_value k = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_minimum(g, k)); tl_store(tl_addptr(o, i), tl_maximum(g, k, .propagate_nan = TL_NAN_ALL));
}

/* numbers in minimum/maximum are typed on their own: float16 with 0.0 compares in float32 */
static void mm_literal(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i)); tl_value c = tl_load(tl_addptr(y, i)); tl_value f = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(oh, i), tl_maximum(h, 0.0)); tl_store(tl_addptr(o8, i), tl_minimum(c, 3));
    tl_store(tl_addptr(of, i), tl_maximum(f, 0)); tl_store(tl_addptr(of, i), tl_minimum(1.0, f));
}

/* minimum/maximum of mixed types promote */
static void mm_mixed(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value ou = tl_arg(builder, "ou", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value f = tl_load(tl_addptr(y, i)); tl_value q = tl_load(tl_addptr(z, i)); tl_value u = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(of, i), tl_minimum(a, f)); tl_store(tl_addptr(o64, i), tl_maximum(a, q)); tl_store(tl_addptr(ou, i), tl_minimum(u, a));
}

/* minimum/maximum of scalars */
static void mm_scalar(tl_builder *builder)
{
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value k = tl_arg(builder, "k", TL_SCALAR(TL_I32));
    tl_value s = tl_arg(builder, "s", TL_SCALAR(TL_F32));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_store(o, tl_maximum(n, k)); tl_store(tl_addptr(o, 1), tl_minimum(n, 0)); tl_store(p, tl_maximum(s, 1.0));
}

/* tl.clamp on float32 tensors, default and propagate_nan=ALL */
static void clamp_f32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value lo = tl_load(tl_addptr(y, i)); tl_value hi = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(o, i), tl_clamp(a, lo, hi)); tl_store(tl_addptr(o, i), tl_clamp(a, lo, hi, .propagate_nan = TL_NAN_ALL));
}

/* tl.clamp with number bounds: typed float32 on their own, so float16 clamps in float32 */
static void clamp_literal(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value od = tl_arg(builder, "od", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i)); tl_value h = tl_load(tl_addptr(y, i)); tl_value d = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(of, i), tl_clamp(f, -1.0, 1.0)); tl_store(tl_addptr(oh, i), tl_clamp(h, -1.0, 1.0)); tl_store(tl_addptr(od, i), tl_clamp(d, 0.0, 1.0));
}

/* tl.clamp on halves: float16 stays float16, bfloat16 goes through float32 */
static void clamp_half(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value og = tl_arg(builder, "og", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i)); tl_value k = tl_load(tl_addptr(y, i)); tl_value g = tl_load(tl_addptr(z, i)); tl_value e = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(oh, i), tl_clamp(h, k, tl_add(k, 1.0))); tl_store(tl_addptr(og, i), tl_clamp(g, e, tl_add(e, 1.0), .propagate_nan = TL_NAN_ALL));
}

/* ============================================================================================ */
/* where */

/* a tensor condition with tensor branches */
static void wh_tensor(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i)); tl_value c = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(o, i), tl_where(tl_gt(a, b), a, b)); tl_store(tl_addptr(p, i), tl_where(tl_ne(c, 0), c, tl_neg(c)));
}

/* a scalar condition with tensor branches, and all scalars */
static void wh_scalar_cond(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value b = tl_load(tl_addptr(y, i));
    tl_value c = tl_gt(n, 0);
    tl_store(tl_addptr(o, i), tl_where(c, a, b)); tl_store(p, tl_where(c, n, 0)); tl_store(tl_addptr(o, i), tl_where(c, a, 1.0));
}

/* literal branches: both numbers (float32), one number taking the other branch's dtype */
static void wh_literal(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i)); tl_value a = tl_load(tl_addptr(y, i)); tl_value h = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(of, i), tl_where(tl_gt(f, 0), 1.0, 0.0)); tl_store(tl_addptr(o32, i), tl_where(tl_gt(a, 0), a, 0));
    tl_store(tl_addptr(oh, i), tl_where(tl_gt(f, 0), h, 1.5)); tl_store(tl_addptr(of, i), tl_where(tl_gt(a, 0), 1, 2.5));
}

/* non-bool conditions are cast to bool (x != 0) */
static void wh_int_cond(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value f = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_where(a, f, 0.0)); tl_store(tl_addptr(p, i), tl_where(f, a, 1));
}

/* where promotes its branches */
static void wh_mixed(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value q = tl_load(tl_addptr(y, i)); tl_value h = tl_load(tl_addptr(z, i)); tl_value f = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o64, i), tl_where(tl_gt(a, 0), a, q)); tl_store(tl_addptr(of, i), tl_where(tl_gt(h, 0), h, f));
}

/* where between two tensors of pointers */
static void wh_pointers(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value p = tl_where(tl_lt(i, 8), tl_addptr(x, i), tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_load(p));
}

/* ============================================================================================ */
/* umulhi */

/* tl.umulhi on int32, uint32, int64, uint64 */
static void umulhi_types(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value ou = tl_arg(builder, "ou", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value ou64 = tl_arg(builder, "ou64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value u = tl_load(tl_addptr(y, i)); tl_value q = tl_load(tl_addptr(z, i)); tl_value v = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o32, i), tl_umulhi(a, tl_add(a, 1))); tl_store(tl_addptr(ou, i), tl_umulhi(u, tl_add(u, 1))); tl_store(tl_addptr(o64, i), tl_umulhi(q, tl_add(q, 1)));
    tl_store(tl_addptr(ou64, i), tl_umulhi(v, tl_add(v, 1)));
}

/* tl.umulhi with a number and with mixed types */
static void umulhi_mixed(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value ou = tl_arg(builder, "ou", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value u = tl_load(tl_addptr(y, i)); tl_value q = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(o32, i), tl_umulhi(a, 3)); tl_store(tl_addptr(ou, i), tl_umulhi(u, a)); tl_store(tl_addptr(o64, i), tl_umulhi(a, q));
}

/* ============================================================================================ */
/* Math functions */

/* exp, exp2, log, log2 on float32 */
static void math_exp_log(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_exp(f)); tl_store(tl_addptr(o, i), tl_exp2(f)); tl_store(tl_addptr(o, i), tl_log(f)); tl_store(tl_addptr(o, i), tl_log2(f));
}

/* sqrt, rsqrt, sqrt_rn on float32 */
static void math_sqrt(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_sqrt(f)); tl_store(tl_addptr(o, i), tl_rsqrt(f)); tl_store(tl_addptr(o, i), tl_sqrt_rn(f));
}

/* sin, cos, erf, floor, ceil on float32 */
static void math_trig_round(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_sin(f)); tl_store(tl_addptr(o, i), tl_cos(f)); tl_store(tl_addptr(o, i), tl_erf(f));
    tl_store(tl_addptr(o, i), tl_floor(f)); tl_store(tl_addptr(o, i), tl_ceil(f));
}

/* every unary math function on float64 */
static void math_f64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value d = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_exp(d)); tl_store(tl_addptr(o, i), tl_exp2(d)); tl_store(tl_addptr(o, i), tl_log(d)); tl_store(tl_addptr(o, i), tl_log2(d));
    tl_store(tl_addptr(o, i), tl_sqrt(d)); tl_store(tl_addptr(o, i), tl_rsqrt(d)); tl_store(tl_addptr(o, i), tl_sin(d)); tl_store(tl_addptr(o, i), tl_cos(d));
    tl_store(tl_addptr(o, i), tl_erf(d)); tl_store(tl_addptr(o, i), tl_floor(d)); tl_store(tl_addptr(o, i), tl_ceil(d));
}

/* tl.fma on float32, float64 and float16, with numbers */
static void math_fma(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value q = tl_arg(builder, "q", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i)); tl_value d = tl_load(tl_addptr(y, i)); tl_value h = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(o, i), tl_fma(f, f, f)); tl_store(tl_addptr(o, i), tl_fma(f, 2.0, 1.0)); tl_store(tl_addptr(p, i), tl_fma(d, d, d));
    tl_store(tl_addptr(q, i), tl_fma(h, h, h)); tl_store(tl_addptr(p, i), tl_fma(f, d, f));
}

/* tl.div_rn: precise division */
static void math_div_rn(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i)); tl_value g = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_div_rn(f, g)); tl_store(tl_addptr(o, i), tl_div_rn(f, 3.0));
}

/* tl.fdiv, with and without ieee_rounding, on float32, float16 and float64 */
static void math_fdiv(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value q = tl_arg(builder, "q", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i)); tl_value g = tl_load(tl_addptr(y, i)); tl_value h = tl_load(tl_addptr(z, i)); tl_value d = tl_load(tl_addptr(w, i));
    tl_store(tl_addptr(o, i), tl_fdiv(f, g)); tl_store(tl_addptr(o, i), tl_fdiv(f, g, .ieee_rounding = true)); tl_store(tl_addptr(o, i), tl_fdiv(f, 2.0));
    tl_store(tl_addptr(p, i), tl_fdiv(h, tl_add(h, 1.0))); tl_store(tl_addptr(q, i), tl_fdiv(d, tl_add(d, 1.0), .ieee_rounding = true));
}

/* math functions on scalar arguments */
static void math_scalar(tl_builder *builder)
{
    tl_value s = tl_arg(builder, "s", TL_SCALAR(TL_F32));
    tl_value d = tl_arg(builder, "d", TL_SCALAR(TL_F64));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_store(o, tl_exp(s)); tl_store(tl_addptr(o, 1), tl_sqrt(s)); tl_store(tl_addptr(o, 2), tl_fma(s, s, 1.0));
    tl_store(p, tl_log(d)); tl_store(tl_addptr(p, 1), tl_floor(d));
}

/* ============================================================================================ */
/* Casts: every pair Python allows (semantic.cast) */

/* i1 to integers and standard floats (Python has no int <-> fp8 cast) */
static void cast_from_i1(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o_i8 = tl_arg(builder, "o_i8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o_i16 = tl_arg(builder, "o_i16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o_i32 = tl_arg(builder, "o_i32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o_i64 = tl_arg(builder, "o_i64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o_u8 = tl_arg(builder, "o_u8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o_u32 = tl_arg(builder, "o_u32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o_u64 = tl_arg(builder, "o_u64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o_fp16 = tl_arg(builder, "o_fp16", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_bf16 = tl_arg(builder, "o_bf16", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_fp32 = tl_arg(builder, "o_fp32", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_fp64 = tl_arg(builder, "o_fp64", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_i8, i), tl_to(a, TL_I8));
    tl_store(tl_addptr(o_i16, i), tl_to(a, TL_I16));
    tl_store(tl_addptr(o_i32, i), tl_to(a, TL_I32));
    tl_store(tl_addptr(o_i64, i), tl_to(a, TL_I64));
    tl_store(tl_addptr(o_u8, i), tl_to(a, TL_U8));
    tl_store(tl_addptr(o_u32, i), tl_to(a, TL_U32));
    tl_store(tl_addptr(o_u64, i), tl_to(a, TL_U64));
    tl_store(tl_addptr(o_fp16, i), tl_to(a, TL_F16));
    tl_store(tl_addptr(o_bf16, i), tl_to(a, TL_BF16));
    tl_store(tl_addptr(o_fp32, i), tl_to(a, TL_F32));
    tl_store(tl_addptr(o_fp64, i), tl_to(a, TL_F64));
}

/* i8 to integers and standard floats (Python has no int <-> fp8 cast) */
static void cast_from_i8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o_i1 = tl_arg(builder, "o_i1", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o_i16 = tl_arg(builder, "o_i16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o_i32 = tl_arg(builder, "o_i32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o_i64 = tl_arg(builder, "o_i64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o_u8 = tl_arg(builder, "o_u8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o_u32 = tl_arg(builder, "o_u32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o_u64 = tl_arg(builder, "o_u64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o_fp16 = tl_arg(builder, "o_fp16", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_bf16 = tl_arg(builder, "o_bf16", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_fp32 = tl_arg(builder, "o_fp32", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_fp64 = tl_arg(builder, "o_fp64", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_i1, i), tl_to(a, TL_I1));
    tl_store(tl_addptr(o_i16, i), tl_to(a, TL_I16));
    tl_store(tl_addptr(o_i32, i), tl_to(a, TL_I32));
    tl_store(tl_addptr(o_i64, i), tl_to(a, TL_I64));
    tl_store(tl_addptr(o_u8, i), tl_to(a, TL_U8));
    tl_store(tl_addptr(o_u32, i), tl_to(a, TL_U32));
    tl_store(tl_addptr(o_u64, i), tl_to(a, TL_U64));
    tl_store(tl_addptr(o_fp16, i), tl_to(a, TL_F16));
    tl_store(tl_addptr(o_bf16, i), tl_to(a, TL_BF16));
    tl_store(tl_addptr(o_fp32, i), tl_to(a, TL_F32));
    tl_store(tl_addptr(o_fp64, i), tl_to(a, TL_F64));
}

/* i16 to integers and standard floats (Python has no int <-> fp8 cast) */
static void cast_from_i16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o_i1 = tl_arg(builder, "o_i1", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o_i8 = tl_arg(builder, "o_i8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o_i32 = tl_arg(builder, "o_i32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o_i64 = tl_arg(builder, "o_i64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o_u8 = tl_arg(builder, "o_u8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o_u32 = tl_arg(builder, "o_u32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o_u64 = tl_arg(builder, "o_u64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o_fp16 = tl_arg(builder, "o_fp16", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_bf16 = tl_arg(builder, "o_bf16", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_fp32 = tl_arg(builder, "o_fp32", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_fp64 = tl_arg(builder, "o_fp64", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_i1, i), tl_to(a, TL_I1));
    tl_store(tl_addptr(o_i8, i), tl_to(a, TL_I8));
    tl_store(tl_addptr(o_i32, i), tl_to(a, TL_I32));
    tl_store(tl_addptr(o_i64, i), tl_to(a, TL_I64));
    tl_store(tl_addptr(o_u8, i), tl_to(a, TL_U8));
    tl_store(tl_addptr(o_u32, i), tl_to(a, TL_U32));
    tl_store(tl_addptr(o_u64, i), tl_to(a, TL_U64));
    tl_store(tl_addptr(o_fp16, i), tl_to(a, TL_F16));
    tl_store(tl_addptr(o_bf16, i), tl_to(a, TL_BF16));
    tl_store(tl_addptr(o_fp32, i), tl_to(a, TL_F32));
    tl_store(tl_addptr(o_fp64, i), tl_to(a, TL_F64));
}

/* i32 to integers and standard floats (Python has no int <-> fp8 cast) */
static void cast_from_i32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o_i1 = tl_arg(builder, "o_i1", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o_i8 = tl_arg(builder, "o_i8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o_i16 = tl_arg(builder, "o_i16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o_i64 = tl_arg(builder, "o_i64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o_u8 = tl_arg(builder, "o_u8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o_u32 = tl_arg(builder, "o_u32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o_u64 = tl_arg(builder, "o_u64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o_fp16 = tl_arg(builder, "o_fp16", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_bf16 = tl_arg(builder, "o_bf16", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_fp32 = tl_arg(builder, "o_fp32", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_fp64 = tl_arg(builder, "o_fp64", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_i1, i), tl_to(a, TL_I1));
    tl_store(tl_addptr(o_i8, i), tl_to(a, TL_I8));
    tl_store(tl_addptr(o_i16, i), tl_to(a, TL_I16));
    tl_store(tl_addptr(o_i64, i), tl_to(a, TL_I64));
    tl_store(tl_addptr(o_u8, i), tl_to(a, TL_U8));
    tl_store(tl_addptr(o_u32, i), tl_to(a, TL_U32));
    tl_store(tl_addptr(o_u64, i), tl_to(a, TL_U64));
    tl_store(tl_addptr(o_fp16, i), tl_to(a, TL_F16));
    tl_store(tl_addptr(o_bf16, i), tl_to(a, TL_BF16));
    tl_store(tl_addptr(o_fp32, i), tl_to(a, TL_F32));
    tl_store(tl_addptr(o_fp64, i), tl_to(a, TL_F64));
}

/* i64 to integers and standard floats (Python has no int <-> fp8 cast) */
static void cast_from_i64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o_i1 = tl_arg(builder, "o_i1", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o_i8 = tl_arg(builder, "o_i8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o_i16 = tl_arg(builder, "o_i16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o_i32 = tl_arg(builder, "o_i32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o_u8 = tl_arg(builder, "o_u8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o_u32 = tl_arg(builder, "o_u32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o_u64 = tl_arg(builder, "o_u64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o_fp16 = tl_arg(builder, "o_fp16", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_bf16 = tl_arg(builder, "o_bf16", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_fp32 = tl_arg(builder, "o_fp32", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_fp64 = tl_arg(builder, "o_fp64", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_i1, i), tl_to(a, TL_I1));
    tl_store(tl_addptr(o_i8, i), tl_to(a, TL_I8));
    tl_store(tl_addptr(o_i16, i), tl_to(a, TL_I16));
    tl_store(tl_addptr(o_i32, i), tl_to(a, TL_I32));
    tl_store(tl_addptr(o_u8, i), tl_to(a, TL_U8));
    tl_store(tl_addptr(o_u32, i), tl_to(a, TL_U32));
    tl_store(tl_addptr(o_u64, i), tl_to(a, TL_U64));
    tl_store(tl_addptr(o_fp16, i), tl_to(a, TL_F16));
    tl_store(tl_addptr(o_bf16, i), tl_to(a, TL_BF16));
    tl_store(tl_addptr(o_fp32, i), tl_to(a, TL_F32));
    tl_store(tl_addptr(o_fp64, i), tl_to(a, TL_F64));
}

/* u8 to integers and standard floats (Python has no int <-> fp8 cast) */
static void cast_from_u8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o_i1 = tl_arg(builder, "o_i1", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o_i8 = tl_arg(builder, "o_i8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o_i16 = tl_arg(builder, "o_i16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o_i32 = tl_arg(builder, "o_i32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o_i64 = tl_arg(builder, "o_i64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o_u32 = tl_arg(builder, "o_u32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o_u64 = tl_arg(builder, "o_u64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o_fp16 = tl_arg(builder, "o_fp16", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_bf16 = tl_arg(builder, "o_bf16", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_fp32 = tl_arg(builder, "o_fp32", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_fp64 = tl_arg(builder, "o_fp64", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_i1, i), tl_to(a, TL_I1));
    tl_store(tl_addptr(o_i8, i), tl_to(a, TL_I8));
    tl_store(tl_addptr(o_i16, i), tl_to(a, TL_I16));
    tl_store(tl_addptr(o_i32, i), tl_to(a, TL_I32));
    tl_store(tl_addptr(o_i64, i), tl_to(a, TL_I64));
    tl_store(tl_addptr(o_u32, i), tl_to(a, TL_U32));
    tl_store(tl_addptr(o_u64, i), tl_to(a, TL_U64));
    tl_store(tl_addptr(o_fp16, i), tl_to(a, TL_F16));
    tl_store(tl_addptr(o_bf16, i), tl_to(a, TL_BF16));
    tl_store(tl_addptr(o_fp32, i), tl_to(a, TL_F32));
    tl_store(tl_addptr(o_fp64, i), tl_to(a, TL_F64));
}

/* u32 to integers and standard floats (Python has no int <-> fp8 cast) */
static void cast_from_u32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o_i1 = tl_arg(builder, "o_i1", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o_i8 = tl_arg(builder, "o_i8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o_i16 = tl_arg(builder, "o_i16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o_i32 = tl_arg(builder, "o_i32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o_i64 = tl_arg(builder, "o_i64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o_u8 = tl_arg(builder, "o_u8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o_u64 = tl_arg(builder, "o_u64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o_fp16 = tl_arg(builder, "o_fp16", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_bf16 = tl_arg(builder, "o_bf16", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_fp32 = tl_arg(builder, "o_fp32", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_fp64 = tl_arg(builder, "o_fp64", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_i1, i), tl_to(a, TL_I1));
    tl_store(tl_addptr(o_i8, i), tl_to(a, TL_I8));
    tl_store(tl_addptr(o_i16, i), tl_to(a, TL_I16));
    tl_store(tl_addptr(o_i32, i), tl_to(a, TL_I32));
    tl_store(tl_addptr(o_i64, i), tl_to(a, TL_I64));
    tl_store(tl_addptr(o_u8, i), tl_to(a, TL_U8));
    tl_store(tl_addptr(o_u64, i), tl_to(a, TL_U64));
    tl_store(tl_addptr(o_fp16, i), tl_to(a, TL_F16));
    tl_store(tl_addptr(o_bf16, i), tl_to(a, TL_BF16));
    tl_store(tl_addptr(o_fp32, i), tl_to(a, TL_F32));
    tl_store(tl_addptr(o_fp64, i), tl_to(a, TL_F64));
}

/* u64 to integers and standard floats (Python has no int <-> fp8 cast) */
static void cast_from_u64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o_i1 = tl_arg(builder, "o_i1", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o_i8 = tl_arg(builder, "o_i8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o_i16 = tl_arg(builder, "o_i16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o_i32 = tl_arg(builder, "o_i32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o_i64 = tl_arg(builder, "o_i64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o_u8 = tl_arg(builder, "o_u8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o_u32 = tl_arg(builder, "o_u32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o_fp16 = tl_arg(builder, "o_fp16", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_bf16 = tl_arg(builder, "o_bf16", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_fp32 = tl_arg(builder, "o_fp32", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_fp64 = tl_arg(builder, "o_fp64", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_i1, i), tl_to(a, TL_I1));
    tl_store(tl_addptr(o_i8, i), tl_to(a, TL_I8));
    tl_store(tl_addptr(o_i16, i), tl_to(a, TL_I16));
    tl_store(tl_addptr(o_i32, i), tl_to(a, TL_I32));
    tl_store(tl_addptr(o_i64, i), tl_to(a, TL_I64));
    tl_store(tl_addptr(o_u8, i), tl_to(a, TL_U8));
    tl_store(tl_addptr(o_u32, i), tl_to(a, TL_U32));
    tl_store(tl_addptr(o_fp16, i), tl_to(a, TL_F16));
    tl_store(tl_addptr(o_bf16, i), tl_to(a, TL_BF16));
    tl_store(tl_addptr(o_fp32, i), tl_to(a, TL_F32));
    tl_store(tl_addptr(o_fp64, i), tl_to(a, TL_F64));
}

/* fp16 to every other dtype */
static void cast_from_fp16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_i1 = tl_arg(builder, "o_i1", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o_i8 = tl_arg(builder, "o_i8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o_i16 = tl_arg(builder, "o_i16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o_i32 = tl_arg(builder, "o_i32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o_i64 = tl_arg(builder, "o_i64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o_u8 = tl_arg(builder, "o_u8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o_u32 = tl_arg(builder, "o_u32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o_u64 = tl_arg(builder, "o_u64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o_bf16 = tl_arg(builder, "o_bf16", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_fp32 = tl_arg(builder, "o_fp32", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_fp64 = tl_arg(builder, "o_fp64", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value o_fp8e4nv = tl_arg(builder, "o_fp8e4nv", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));
    tl_value o_fp8e5 = tl_arg(builder, "o_fp8e5", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_i1, i), tl_to(a, TL_I1));
    tl_store(tl_addptr(o_i8, i), tl_to(a, TL_I8));
    tl_store(tl_addptr(o_i16, i), tl_to(a, TL_I16));
    tl_store(tl_addptr(o_i32, i), tl_to(a, TL_I32));
    tl_store(tl_addptr(o_i64, i), tl_to(a, TL_I64));
    tl_store(tl_addptr(o_u8, i), tl_to(a, TL_U8));
    tl_store(tl_addptr(o_u32, i), tl_to(a, TL_U32));
    tl_store(tl_addptr(o_u64, i), tl_to(a, TL_U64));
    tl_store(tl_addptr(o_bf16, i), tl_to(a, TL_BF16));
    tl_store(tl_addptr(o_fp32, i), tl_to(a, TL_F32));
    tl_store(tl_addptr(o_fp64, i), tl_to(a, TL_F64));
    tl_store(tl_addptr(o_fp8e4nv, i), tl_to(a, TL_FP8E4NV));
    tl_store(tl_addptr(o_fp8e5, i), tl_to(a, TL_FP8E5));
}

/* bf16 to every other dtype */
static void cast_from_bf16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_i1 = tl_arg(builder, "o_i1", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o_i8 = tl_arg(builder, "o_i8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o_i16 = tl_arg(builder, "o_i16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o_i32 = tl_arg(builder, "o_i32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o_i64 = tl_arg(builder, "o_i64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o_u8 = tl_arg(builder, "o_u8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o_u32 = tl_arg(builder, "o_u32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o_u64 = tl_arg(builder, "o_u64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o_fp16 = tl_arg(builder, "o_fp16", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_fp32 = tl_arg(builder, "o_fp32", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_fp64 = tl_arg(builder, "o_fp64", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value o_fp8e4nv = tl_arg(builder, "o_fp8e4nv", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));
    tl_value o_fp8e5 = tl_arg(builder, "o_fp8e5", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_i1, i), tl_to(a, TL_I1));
    tl_store(tl_addptr(o_i8, i), tl_to(a, TL_I8));
    tl_store(tl_addptr(o_i16, i), tl_to(a, TL_I16));
    tl_store(tl_addptr(o_i32, i), tl_to(a, TL_I32));
    tl_store(tl_addptr(o_i64, i), tl_to(a, TL_I64));
    tl_store(tl_addptr(o_u8, i), tl_to(a, TL_U8));
    tl_store(tl_addptr(o_u32, i), tl_to(a, TL_U32));
    tl_store(tl_addptr(o_u64, i), tl_to(a, TL_U64));
    tl_store(tl_addptr(o_fp16, i), tl_to(a, TL_F16));
    tl_store(tl_addptr(o_fp32, i), tl_to(a, TL_F32));
    tl_store(tl_addptr(o_fp64, i), tl_to(a, TL_F64));
    tl_store(tl_addptr(o_fp8e4nv, i), tl_to(a, TL_FP8E4NV));
    tl_store(tl_addptr(o_fp8e5, i), tl_to(a, TL_FP8E5));
}

/* fp32 to every other dtype */
static void cast_from_fp32(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_i1 = tl_arg(builder, "o_i1", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o_i8 = tl_arg(builder, "o_i8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o_i16 = tl_arg(builder, "o_i16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o_i32 = tl_arg(builder, "o_i32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o_i64 = tl_arg(builder, "o_i64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o_u8 = tl_arg(builder, "o_u8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o_u32 = tl_arg(builder, "o_u32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o_u64 = tl_arg(builder, "o_u64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o_fp16 = tl_arg(builder, "o_fp16", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_bf16 = tl_arg(builder, "o_bf16", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_fp64 = tl_arg(builder, "o_fp64", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value o_fp8e4nv = tl_arg(builder, "o_fp8e4nv", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));
    tl_value o_fp8e5 = tl_arg(builder, "o_fp8e5", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_i1, i), tl_to(a, TL_I1));
    tl_store(tl_addptr(o_i8, i), tl_to(a, TL_I8));
    tl_store(tl_addptr(o_i16, i), tl_to(a, TL_I16));
    tl_store(tl_addptr(o_i32, i), tl_to(a, TL_I32));
    tl_store(tl_addptr(o_i64, i), tl_to(a, TL_I64));
    tl_store(tl_addptr(o_u8, i), tl_to(a, TL_U8));
    tl_store(tl_addptr(o_u32, i), tl_to(a, TL_U32));
    tl_store(tl_addptr(o_u64, i), tl_to(a, TL_U64));
    tl_store(tl_addptr(o_fp16, i), tl_to(a, TL_F16));
    tl_store(tl_addptr(o_bf16, i), tl_to(a, TL_BF16));
    tl_store(tl_addptr(o_fp64, i), tl_to(a, TL_F64));
    tl_store(tl_addptr(o_fp8e4nv, i), tl_to(a, TL_FP8E4NV));
    tl_store(tl_addptr(o_fp8e5, i), tl_to(a, TL_FP8E5));
}

/* fp64 to every other dtype */
static void cast_from_fp64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value o_i1 = tl_arg(builder, "o_i1", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o_i8 = tl_arg(builder, "o_i8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o_i16 = tl_arg(builder, "o_i16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o_i32 = tl_arg(builder, "o_i32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o_i64 = tl_arg(builder, "o_i64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o_u8 = tl_arg(builder, "o_u8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o_u32 = tl_arg(builder, "o_u32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o_u64 = tl_arg(builder, "o_u64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));
    tl_value o_fp16 = tl_arg(builder, "o_fp16", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_bf16 = tl_arg(builder, "o_bf16", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_fp32 = tl_arg(builder, "o_fp32", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_fp8e4nv = tl_arg(builder, "o_fp8e4nv", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));
    tl_value o_fp8e5 = tl_arg(builder, "o_fp8e5", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_i1, i), tl_to(a, TL_I1));
    tl_store(tl_addptr(o_i8, i), tl_to(a, TL_I8));
    tl_store(tl_addptr(o_i16, i), tl_to(a, TL_I16));
    tl_store(tl_addptr(o_i32, i), tl_to(a, TL_I32));
    tl_store(tl_addptr(o_i64, i), tl_to(a, TL_I64));
    tl_store(tl_addptr(o_u8, i), tl_to(a, TL_U8));
    tl_store(tl_addptr(o_u32, i), tl_to(a, TL_U32));
    tl_store(tl_addptr(o_u64, i), tl_to(a, TL_U64));
    tl_store(tl_addptr(o_fp16, i), tl_to(a, TL_F16));
    tl_store(tl_addptr(o_bf16, i), tl_to(a, TL_BF16));
    tl_store(tl_addptr(o_fp32, i), tl_to(a, TL_F32));
    tl_store(tl_addptr(o_fp8e4nv, i), tl_to(a, TL_FP8E4NV));
    tl_store(tl_addptr(o_fp8e5, i), tl_to(a, TL_FP8E5));
}

/* fp8e4nv to the floats (Python has no fp8 <-> int cast) */
static void cast_from_fp8e4nv(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));
    tl_value o_fp16 = tl_arg(builder, "o_fp16", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_bf16 = tl_arg(builder, "o_bf16", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_fp32 = tl_arg(builder, "o_fp32", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_fp64 = tl_arg(builder, "o_fp64", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value o_fp8e5 = tl_arg(builder, "o_fp8e5", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_fp16, i), tl_to(a, TL_F16));
    tl_store(tl_addptr(o_bf16, i), tl_to(a, TL_BF16));
    tl_store(tl_addptr(o_fp32, i), tl_to(a, TL_F32));
    tl_store(tl_addptr(o_fp64, i), tl_to(a, TL_F64));
    tl_store(tl_addptr(o_fp8e5, i), tl_to(a, TL_FP8E5));
}

/* fp8e5 to the floats (Python has no fp8 <-> int cast) */
static void cast_from_fp8e5(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));
    tl_value o_fp16 = tl_arg(builder, "o_fp16", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o_bf16 = tl_arg(builder, "o_bf16", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o_fp32 = tl_arg(builder, "o_fp32", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o_fp64 = tl_arg(builder, "o_fp64", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value o_fp8e4nv = tl_arg(builder, "o_fp8e4nv", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o_fp16, i), tl_to(a, TL_F16));
    tl_store(tl_addptr(o_bf16, i), tl_to(a, TL_BF16));
    tl_store(tl_addptr(o_fp32, i), tl_to(a, TL_F32));
    tl_store(tl_addptr(o_fp64, i), tl_to(a, TL_F64));
    tl_store(tl_addptr(o_fp8e4nv, i), tl_to(a, TL_FP8E4NV));
}

/* bitcast=True between dtypes of one width (int <-> float, signedness only, half kinds) */
static void cast_bitcast(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value w = tl_arg(builder, "w", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value v = tl_arg(builder, "v", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value s = tl_arg(builder, "s", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o16 = tl_arg(builder, "o16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value og = tl_arg(builder, "og", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i)); tl_value a = tl_load(tl_addptr(y, i)); tl_value h = tl_load(tl_addptr(z, i)); tl_value g = tl_load(tl_addptr(w, i)); tl_value d = tl_load(tl_addptr(v, i)); tl_value b = tl_load(tl_addptr(s, i));
    tl_store(tl_addptr(o32, i), tl_to(f, TL_I32, .bitcast = true)); tl_store(tl_addptr(of, i), tl_to(a, TL_F32, .bitcast = true));
    tl_store(tl_addptr(o16, i), tl_to(h, TL_I16, .bitcast = true)); tl_store(tl_addptr(o16, i), tl_to(g, TL_I16, .bitcast = true));
    tl_store(tl_addptr(og, i), tl_to(h, TL_BF16, .bitcast = true)); tl_store(tl_addptr(o64, i), tl_to(d, TL_I64, .bitcast = true));
    tl_store(tl_addptr(o8, i), tl_to(b, TL_I8, .bitcast = true)); tl_store(tl_addptr(of, i), tl_to(tl_to(a, TL_U32, .bitcast = true), TL_F32));
}

/* bitcast=True with fp8 kinds, and bitcast to the same dtype (no op) */
static void cast_bitcast_fp8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value oe = tl_arg(builder, "oe", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));
    tl_value ok = tl_arg(builder, "ok", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));
    tl_value ou = tl_arg(builder, "ou", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value e = tl_load(tl_addptr(x, i)); tl_value c = tl_load(tl_addptr(y, i)); tl_value k = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(o8, i), tl_to(e, TL_I8, .bitcast = true)); tl_store(tl_addptr(oe, i), tl_to(c, TL_FP8E4NV, .bitcast = true));
    tl_store(tl_addptr(ok, i), tl_to(e, TL_FP8E5, .bitcast = true)); tl_store(tl_addptr(ou, i), tl_to(k, TL_U8, .bitcast = true));
    tl_store(tl_addptr(o8, i), tl_to(c, TL_I8, .bitcast = true));
}

/* fp_downcast_rounding: rtne is the default (truncf), rtz needs tt.fp_to_fp; fp8 always takes fp_to_fp */
static void cast_rounding(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value og = tl_arg(builder, "og", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value ok = tl_arg(builder, "ok", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));
    tl_value oe = tl_arg(builder, "oe", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i)); tl_value d = tl_load(tl_addptr(y, i)); tl_value h = tl_load(tl_addptr(z, i));
    tl_store(tl_addptr(oh, i), tl_to(f, TL_F16, .fp_downcast_rounding = TL_RTNE)); tl_store(tl_addptr(oh, i), tl_to(f, TL_F16, .fp_downcast_rounding = TL_RTZ));
    tl_store(tl_addptr(og, i), tl_to(f, TL_BF16, .fp_downcast_rounding = TL_RTZ)); tl_store(tl_addptr(of, i), tl_to(d, TL_F32, .fp_downcast_rounding = TL_RTZ));
    tl_store(tl_addptr(oh, i), tl_to(d, TL_F16, .fp_downcast_rounding = TL_RTZ)); tl_store(tl_addptr(og, i), tl_to(d, TL_BF16, .fp_downcast_rounding = TL_RTNE));
    tl_store(tl_addptr(ok, i), tl_to(f, TL_FP8E5, .fp_downcast_rounding = TL_RTZ)); tl_store(tl_addptr(oe, i), tl_to(h, TL_FP8E4NV, .fp_downcast_rounding = TL_RTNE));
    tl_store(tl_addptr(oh, i), tl_cast(f, TL_F16, .fp_downcast_rounding = TL_RTZ));
}

/* casts of scalar arguments, tl.cast spelled out, and casts to the dtype a value already has */
static void cast_scalar(tl_builder *builder)
{
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value s = tl_arg(builder, "s", TL_SCALAR(TL_F32));
    tl_value u = tl_arg(builder, "u", TL_SCALAR(TL_U32));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value ob = tl_arg(builder, "ob", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value o16 = tl_arg(builder, "o16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));

    tl_store(of, tl_to(n, TL_F32)); tl_store(o64, tl_to(n, TL_I64)); tl_store(ob, tl_to(n, TL_I1)); tl_store(oh, tl_to(s, TL_F16));
    tl_store(o32, tl_to(s, TL_I32)); tl_store(tl_addptr(of, 1), tl_to(n, TL_F32, .bitcast = true)); tl_store(o8, tl_to(n, TL_U8));
    tl_store(o16, tl_cast(n, TL_I16)); tl_store(tl_addptr(o32, 1), tl_to(n, TL_I32)); tl_store(tl_addptr(o32, 2), tl_to(u, TL_I32));
    tl_store(tl_addptr(of, 2), tl_to(s, TL_F32)); tl_store(tl_addptr(o64, 1), tl_to(u, TL_I64));
}

/* ============================================================================================ */
/* Broadcasting */

/* [M, 1] with [1, N] (indexing with None) */
static void bc_col_row(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value rm = tl_arange(builder, 0, 8); tl_value rn = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, rm)); tl_value b = tl_load(tl_addptr(y, rn));
    tl_value c = tl_add(tl_expand_dims(a, 1), tl_expand_dims(b, 0));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(tl_expand_dims(rm, 1), 16)), tl_expand_dims(rn, 0)), c);
}

/* [N] with [M, N]: the shorter side gets a leading axis */
static void bc_row_matrix(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value rm = tl_arange(builder, 0, 8); tl_value rn = tl_arange(builder, 0, 16);
    tl_value offs = tl_add(tl_mul(tl_expand_dims(rm, 1), 16), tl_expand_dims(rn, 0));
    tl_value a = tl_load(tl_addptr(x, offs)); tl_value b = tl_load(tl_addptr(y, rn));
    tl_store(tl_addptr(o, offs), tl_add(a, b)); tl_store(tl_addptr(o, offs), tl_mul(b, a));
}

/* scalars with tensors: splat, with promotion */
static void bc_scalar_tensor(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value s = tl_arg(builder, "s", TL_SCALAR(TL_F32));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value q = tl_arg(builder, "q", TL_SCALAR(TL_I64));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value f = tl_load(tl_addptr(x, i)); tl_value a = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(of, i), tl_add(f, s)); tl_store(tl_addptr(of, i), tl_mul(s, f)); tl_store(tl_addptr(o32, i), tl_sub(a, n)); tl_store(tl_addptr(o64, i), tl_add(a, q));
    tl_store(tl_addptr(of, i), tl_mul(a, s)); tl_store(tl_addptr(o32, i), tl_floordiv(n, a));
}

/* tl.expand_dims with positive and negative axes */
static void bc_expand_dims(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_value c = tl_expand_dims(a, -1); tl_value r = tl_expand_dims(a, -2); tl_value e = tl_expand_dims(a, 0); tl_value k = tl_expand_dims(a, 1);
    tl_store(tl_addptr(tl_addptr(o, tl_mul(tl_expand_dims(i, 1), 16)), tl_expand_dims(i, 0)), tl_add(tl_add(c, r), tl_mul(e, k)));
}

/* tl.broadcast_to from [1, N], from [M, 1] and from a scalar */
static void bc_broadcast_to(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_value rm = tl_arange(builder, 0, 8); tl_value rn = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, rn)); tl_value b = tl_load(tl_addptr(y, rm));
    tl_value c = tl_broadcast_to(tl_expand_dims(a, 0), TL_SHAPE(8, 16)); tl_value d = tl_broadcast_to(tl_expand_dims(b, 1), TL_SHAPE(8, 16));
    tl_store(tl_addptr(tl_addptr(o, tl_mul(tl_expand_dims(rm, 1), 16)), tl_expand_dims(rn, 0)), tl_add(c, d)); tl_store(tl_addptr(p, rn), tl_broadcast_to(n, TL_SHAPE(16)));
}

/* tl.broadcast(a, b): both to their common shape */
static void bc_broadcast(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value rm = tl_arange(builder, 0, 8); tl_value rn = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, rm)); tl_value b = tl_load(tl_addptr(y, rn));
    tl_pair uv = tl_broadcast(tl_expand_dims(a, 1), tl_expand_dims(b, 0)); tl_value u = uv.first, v = uv.second;
    tl_store(tl_addptr(tl_addptr(o, tl_mul(tl_expand_dims(rm, 1), 16)), tl_expand_dims(rn, 0)), tl_sub(u, v));
}

/* three dimensions, each from a different axis */
static void bc_3d(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_value r0 = tl_arange(builder, 0, 2); tl_value r1 = tl_arange(builder, 0, 4); tl_value r2 = tl_arange(builder, 0, 8);
    tl_value a = tl_expand_dims(tl_expand_dims(r0, 1), 2); tl_value b = tl_expand_dims(tl_expand_dims(r1, 0), 2); tl_value c = tl_expand_dims(tl_expand_dims(r2, 0), 0);
    tl_value offs = tl_add(tl_add(tl_mul(a, 32), tl_mul(b, 8)), c);
    tl_store(tl_addptr(o, offs), tl_add(tl_load(tl_addptr(x, offs)), a));
}

/* a 2-D mask built from two 1-D ones */
static void bc_mask2d(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value M = tl_arg(builder, "M", TL_SCALAR(TL_I32));
    tl_value N = tl_arg(builder, "N", TL_SCALAR(TL_I32));

    tl_value rm = tl_arange(builder, 0, 8); tl_value rn = tl_arange(builder, 0, 16);
    tl_value offs = tl_add(tl_mul(tl_expand_dims(rm, 1), N), tl_expand_dims(rn, 0));
    tl_value mask = tl_and(tl_lt(tl_expand_dims(rm, 1), M), tl_lt(tl_expand_dims(rn, 0), N));
    tl_store(tl_addptr(o, offs), tl_mul(tl_load(tl_addptr(x, offs), .mask = mask, .other = tl_lit(0.0)), 2.0), .mask = mask);
}

/* ============================================================================================ */
/* Program ids, ranges, constants of a shape */

/* tl.program_id and tl.num_programs on axes 0, 1 and 2 */
static void pid_axes(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_store(o, tl_program_id(builder, 0)); tl_store(tl_addptr(o, 1), tl_program_id(builder, 1)); tl_store(tl_addptr(o, 2), tl_program_id(builder, 2));
    tl_store(tl_addptr(o, 3), tl_num_programs(builder, 0)); tl_store(tl_addptr(o, 4), tl_num_programs(builder, 1)); tl_store(tl_addptr(o, 5), tl_num_programs(builder, 2));
}

/* program ids in offset arithmetic */
static void pid_offsets(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value pid = tl_add(tl_mul(tl_program_id(builder, 1), tl_num_programs(builder, 0)), tl_program_id(builder, 0));
    tl_value offs = tl_add(tl_mul(pid, 16), tl_arange(builder, 0, 16));
    tl_store(tl_addptr(o, offs), tl_load(tl_addptr(x, offs), .mask = tl_lt(offs, n)), .mask = tl_lt(offs, n));
}

/* tl.arange with start != 0, and a one-element range */
static void arange_start(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 4, 20); tl_value j = tl_arange(builder, 16, 32); tl_value k = tl_arange(builder, 7, 8);
    tl_store(tl_addptr(o, i), j); tl_store(tl_addptr(o, j), tl_add(i, j)); tl_store(tl_addptr(o, k), k);
}

/* tl.zeros of every integer dtype (a triton.language.standard helper in Python) */
static void zeros_int(tl_builder *builder)
{
    tl_value o1 = tl_arg(builder, "o1", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o16 = tl_arg(builder, "o16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value ou8 = tl_arg(builder, "ou8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value ou32 = tl_arg(builder, "ou32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value ou64 = tl_arg(builder, "ou64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_store(tl_addptr(o1, i), tl_zeros(builder, TL_SHAPE(16), TL_I1)); tl_store(tl_addptr(o8, i), tl_zeros(builder, TL_SHAPE(16), TL_I8));
    tl_store(tl_addptr(o16, i), tl_zeros(builder, TL_SHAPE(16), TL_I16)); tl_store(tl_addptr(o32, i), tl_zeros(builder, TL_SHAPE(16), TL_I32));
    tl_store(tl_addptr(o64, i), tl_zeros(builder, TL_SHAPE(16), TL_I64)); tl_store(tl_addptr(ou8, i), tl_zeros(builder, TL_SHAPE(16), TL_U8));
    tl_store(tl_addptr(ou32, i), tl_zeros(builder, TL_SHAPE(16), TL_U32)); tl_store(tl_addptr(ou64, i), tl_zeros(builder, TL_SHAPE(16), TL_U64));
}

/* tl.zeros of every float dtype, and a 2-D one */
static void zeros_float(tl_builder *builder)
{
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value og = tl_arg(builder, "og", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value od = tl_arg(builder, "od", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));
    tl_value oe = tl_arg(builder, "oe", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));
    tl_value ok = tl_arg(builder, "ok", TL_PTR_OPTS(TL_FP8E5, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_store(tl_addptr(oh, i), tl_zeros(builder, TL_SHAPE(16), TL_F16)); tl_store(tl_addptr(og, i), tl_zeros(builder, TL_SHAPE(16), TL_BF16));
    tl_store(tl_addptr(of, i), tl_zeros(builder, TL_SHAPE(16), TL_F32)); tl_store(tl_addptr(od, i), tl_zeros(builder, TL_SHAPE(16), TL_F64));
    tl_store(tl_addptr(oe, i), tl_zeros(builder, TL_SHAPE(16), TL_FP8E4NV)); tl_store(tl_addptr(ok, i), tl_zeros(builder, TL_SHAPE(16), TL_FP8E5));
    tl_store(tl_addptr(tl_addptr(of, tl_mul(tl_expand_dims(i, 1), 16)), tl_expand_dims(i, 0)), tl_zeros(builder, TL_SHAPE(16, 16), TL_F32));
}

/* tl.full of integer dtypes with values at their edges */
static void full_int(tl_builder *builder)
{
    tl_value o1 = tl_arg(builder, "o1", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o16 = tl_arg(builder, "o16", TL_PTR_OPTS(TL_I16, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value ou8 = tl_arg(builder, "ou8", TL_PTR_OPTS(TL_U8, .divisibility = TL_DIV_NONE));
    tl_value ou32 = tl_arg(builder, "ou32", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value ou64 = tl_arg(builder, "ou64", TL_PTR_OPTS(TL_U64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_store(tl_addptr(o1, i), tl_full(builder, TL_SHAPE(16), tl_lit_bool(true), TL_I1)); tl_store(tl_addptr(o8, i), tl_full(builder, TL_SHAPE(16), -128, TL_I8));
    tl_store(tl_addptr(o16, i), tl_full(builder, TL_SHAPE(16), 7, TL_I16)); tl_store(tl_addptr(o64, i), tl_full(builder, TL_SHAPE(16), 1099511627776LL, TL_I64));
    tl_store(tl_addptr(ou8, i), tl_full(builder, TL_SHAPE(16), 200, TL_U8)); tl_store(tl_addptr(ou32, i), tl_full(builder, TL_SHAPE(16), 4000000000LL, TL_U32));
    tl_store(tl_addptr(ou64, i), tl_full(builder, TL_SHAPE(16), 9223372036854775808ULL, TL_U64));
}

/* tl.full of float dtypes: values rounded to the dtype, an int value, a 2-D shape */
static void full_float(tl_builder *builder)
{
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value og = tl_arg(builder, "og", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value od = tl_arg(builder, "od", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_store(tl_addptr(oh, i), tl_full(builder, TL_SHAPE(16), 0.1, TL_F16)); tl_store(tl_addptr(og, i), tl_full(builder, TL_SHAPE(16), 0.1, TL_BF16));
    tl_store(tl_addptr(of, i), tl_full(builder, TL_SHAPE(16), 0.001, TL_F32)); tl_store(tl_addptr(od, i), tl_full(builder, TL_SHAPE(16), 0.1, TL_F64));
    tl_store(tl_addptr(of, i), tl_full(builder, TL_SHAPE(16), 3, TL_F32)); tl_store(tl_addptr(oh, i), tl_full(builder, TL_SHAPE(16), -1.5, TL_F16));
    tl_store(tl_addptr(tl_addptr(of, tl_mul(tl_expand_dims(i, 1), 16)), tl_expand_dims(i, 0)), tl_full(builder, TL_SHAPE(16, 16), 2.0, TL_F32));
}

/* tl.full of a scalar value: cast, then splat */
static void full_value(tl_builder *builder)
{
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value s = tl_arg(builder, "s", TL_SCALAR(TL_F32));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_store(tl_addptr(o64, i), tl_full(builder, TL_SHAPE(16), n, TL_I64)); tl_store(tl_addptr(oh, i), tl_full(builder, TL_SHAPE(16), s, TL_F16));
    tl_store(tl_addptr(of, i), tl_full(builder, TL_SHAPE(16), n, TL_F32));
}

/* ============================================================================================ */
/* Pointer arithmetic */

/* offsets of every integer dtype; unsigned ones narrower than 64 bits are zero-extended to i64 */
static void ptr_offset_types(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, tl_to(i, TL_I64))); tl_value b = tl_load(tl_addptr(x, tl_to(i, TL_I8))); tl_value c = tl_load(tl_addptr(x, tl_to(i, TL_I16)));
    tl_value d = tl_load(tl_addptr(x, tl_to(i, TL_U32))); tl_value e = tl_load(tl_addptr(x, tl_to(i, TL_U8))); tl_value f = tl_load(tl_addptr(x, tl_to(i, TL_U64)));
    tl_store(tl_addptr(o, i), tl_add(tl_add(tl_add(tl_add(tl_add(a, b), c), d), e), f));
}

/* the offset on the left: int + pointer */
static void ptr_offset_left(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_add(i, x)); tl_value b = tl_load(tl_add(n, x)); tl_value c = tl_load(tl_add(3, x));
    tl_store(tl_add(i, o), tl_add(tl_add(a, b), c));
}

/* scalar pointer plus scalar offsets (int32, int64, uint32, literal), scalar loads and stores */
static void ptr_scalar(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value q = tl_arg(builder, "q", TL_SCALAR(TL_I64));
    tl_value u = tl_arg(builder, "u", TL_SCALAR(TL_U32));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value a = tl_load(tl_addptr(x, n)); tl_value b = tl_load(tl_addptr(x, q)); tl_value c = tl_load(tl_addptr(x, u)); tl_value d = tl_load(tl_addptr(x, 3));
    tl_store(tl_addptr(o, n), tl_add(a, b)); tl_store(tl_addptr(o, q), tl_mul(c, d));
}

/* tensor of pointers plus scalar offsets, and a scalar offset plus a tensor of pointers */
static void ptr_tensor_scalar(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value q = tl_arg(builder, "q", TL_SCALAR(TL_I64));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value p = tl_addptr(x, i);
    tl_value a = tl_load(tl_addptr(p, n)); tl_value b = tl_load(tl_addptr(p, q)); tl_value c = tl_load(tl_add(n, p)); tl_value d = tl_load(tl_addptr(p, 1));
    tl_store(tl_addptr(o, i), tl_add(tl_add(tl_add(a, b), c), d));
}

/* pointer - offset: a literal, a scalar, a tensor */
static void ptr_sub(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_sub(tl_addptr(x, 16), i)); tl_value b = tl_load(tl_addptr(tl_sub(x, 3), i)); tl_value c = tl_load(tl_sub(x, n)); tl_value d = tl_load(tl_sub(tl_addptr(x, i), 1));
    tl_store(tl_addptr(o, i), tl_add(tl_add(tl_add(a, b), c), d));
}

/* pointers to 2-D blocks with int64 offsets */
static void ptr_2d_i64(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value stride = tl_arg(builder, "stride", TL_SCALAR(TL_I64));

    tl_value rm = tl_arange(builder, 0, 8); tl_value rn = tl_arange(builder, 0, 16);
    tl_value offs = tl_add(tl_mul(tl_expand_dims(rm, 1), stride), tl_expand_dims(rn, 0));
    tl_store(tl_addptr(o, offs), tl_load(tl_addptr(x, offs)));
}

/* ============================================================================================ */
/* Loads and stores */

/* masked load and store */
static void mem_mask(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value m = tl_lt(i, n);
    tl_value a = tl_load(tl_addptr(x, i), .mask = m);
    tl_store(tl_addptr(o, i), a, .mask = m);
}

/* other: number literals cast to the element type, a tensor, a scalar argument */
static void mem_other(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value z = tl_arg(builder, "z", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value s = tl_arg(builder, "s", TL_SCALAR(TL_F32));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value of = tl_arg(builder, "of", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o8 = tl_arg(builder, "o8", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value m = tl_lt(i, n);
    tl_value a = tl_load(tl_addptr(x, i), .mask = m, .other = tl_lit(0.0)); tl_value c = tl_load(tl_addptr(y, i), .mask = m, .other = tl_lit(-1)); tl_value h = tl_load(tl_addptr(z, i), .mask = m, .other = tl_lit(1));
    tl_value f = tl_load(tl_addptr(x, i), .mask = m, .other = h); tl_value g = tl_load(tl_addptr(x, i), .mask = m, .other = s); tl_value e = tl_load(tl_addptr(z, i), .mask = m, .other = tl_lit(2.5));
    tl_store(tl_addptr(of, i), tl_add(tl_add(a, f), g)); tl_store(tl_addptr(o8, i), c); tl_store(tl_addptr(oh, i), tl_add(h, e));
}

/* load cache modifiers .ca .cg .cv */
static void mem_cache_load(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i), .cache = TL_CACHE_CA); tl_value b = tl_load(tl_addptr(x, i), .cache = TL_CACHE_CG); tl_value c = tl_load(tl_addptr(x, i), .cache = TL_CACHE_CV);
    tl_store(tl_addptr(o, i), tl_add(tl_add(a, b), c));
}

/* store cache modifiers .wb .cg .cs .wt */
static void mem_cache_store(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), a, .cache = TL_CACHE_WB); tl_store(tl_addptr(o, i), a, .cache = TL_CACHE_CG);
    tl_store(tl_addptr(o, i), a, .cache = TL_CACHE_CS); tl_store(tl_addptr(o, i), a, .cache = TL_CACHE_WT);
}

/* eviction policies on loads and stores, alone and with a cache modifier and a mask */
static void mem_evict(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i), .eviction = TL_EVICT_FIRST); tl_value b = tl_load(tl_addptr(x, i), .eviction = TL_EVICT_LAST);
    tl_value c = tl_load(tl_addptr(x, i), .mask = tl_lt(i, n), .cache = TL_CACHE_CG, .eviction = TL_EVICT_LAST);
    tl_store(tl_addptr(o, i), a, .eviction = TL_EVICT_FIRST); tl_store(tl_addptr(o, i), b, .eviction = TL_EVICT_LAST);
    tl_store(tl_addptr(o, i), c, .mask = tl_lt(i, n), .cache = TL_CACHE_CS, .eviction = TL_EVICT_FIRST);
}

/* volatile loads, alone and masked */
static void mem_volatile(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i), .is_volatile = true); tl_value b = tl_load(tl_addptr(x, i), .mask = tl_lt(i, n), .other = tl_lit(1.0), .is_volatile = true);
    tl_value c = tl_load(tl_addptr(x, i), .cache = TL_CACHE_CV, .is_volatile = true);
    tl_store(tl_addptr(o, i), tl_add(tl_add(a, b), c));
}

/* scalar loads and stores, with scalar masks and other */
static void mem_scalar(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value a = tl_load(x); tl_value b = tl_load(tl_addptr(x, 1), .mask = tl_gt(n, 0), .other = tl_lit(0.5));
    tl_store(o, tl_mul(a, b)); tl_store(tl_addptr(o, 1), b, .mask = tl_gt(n, 1)); tl_store(tl_addptr(o, 2), 7);
}

/* bool tensors in memory are int8: loads and stores through *i1 */
static void mem_bool(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I1, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value m = tl_load(tl_addptr(x, i)); tl_value k = tl_load(tl_addptr(x, i), .mask = tl_lt(i, n), .other = tl_lit_bool(true));
    tl_store(tl_addptr(o, i), tl_and(m, k)); tl_store(tl_addptr(o, i), tl_gt(tl_load(tl_addptr(y, i)), 0), .mask = tl_lt(i, n)); tl_store(o, tl_load(x));
}

/* stores convert the value to the element type; numbers and scalars are broadcast */
static void mem_store_convert(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value oh = tl_arg(builder, "oh", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o32 = tl_arg(builder, "o32", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value og = tl_arg(builder, "og", TL_PTR_OPTS(TL_BF16, .divisibility = TL_DIV_NONE));
    tl_value o64 = tl_arg(builder, "o64", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(oh, i), a); tl_store(tl_addptr(o32, i), a); tl_store(tl_addptr(og, i), a);
    tl_store(tl_addptr(oh, i), 3); tl_store(tl_addptr(og, i), 1.5); tl_store(tl_addptr(o64, i), n); tl_store(o64, 7);
}

/* masks broadcast to the pointer's shape; a literal mask */
static void mem_mask_broadcast(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value rm = tl_arange(builder, 0, 8); tl_value rn = tl_arange(builder, 0, 16);
    tl_value offs = tl_add(tl_mul(tl_expand_dims(rm, 1), 16), tl_expand_dims(rn, 0));
    tl_value a = tl_load(tl_addptr(x, offs), .mask = tl_lt(rn, n), .other = tl_lit(0.0)); tl_value b = tl_load(tl_addptr(x, offs), .mask = tl_lit_bool(true));
    tl_store(tl_addptr(o, offs), tl_add(a, b), .mask = tl_lt(tl_expand_dims(rm, 1), n));
}

/* ============================================================================================ */
/* tl.cdiv (a triton.language.standard helper in Python) */

/* a constexpr divisor: div - 1 is computed by Python */
static void cdiv_constexpr(tl_builder *builder)
{
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    enum { BLOCK = 32 }; /* constexpr */

    tl_store(o, tl_cdiv(n, BLOCK)); tl_store(tl_addptr(o, 1), tl_cdiv(n, 7));
}

/* a runtime divisor */
static void cdiv_runtime(tl_builder *builder)
{
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value d = tl_arg(builder, "d", TL_SCALAR(TL_I32));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_store(o, tl_cdiv(n, d)); tl_store(tl_addptr(o, 1), tl_cdiv(100, d));
}

/* cdiv of tensors, of int64 and of mixed widths */
static void cdiv_mixed(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));
    tl_value q = tl_arg(builder, "q", TL_SCALAR(TL_I64));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_cdiv(a, 4)); tl_store(tl_addptr(o, i), tl_cdiv(a, n)); tl_store(p, tl_cdiv(q, 16)); tl_store(tl_addptr(p, 1), tl_cdiv(n, q));
}

/* ============================================================================================ */
/* Errors: tritonc's builder and Triton's frontend must both reject these */

/* // on floats */
static void err_floordiv_float(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_floordiv(a, a));
}

/* % between int32 and uint32 (different signedness) */
static void err_mod_signedness(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i)); tl_value u = tl_load(tl_addptr(y, i));
    tl_store(tl_addptr(o, i), tl_mod(a, u));
}

/* a literal out of the tensor's range */
static void err_literal_range(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I8, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_add(a, 300));
}

/* a negative literal with an unsigned tensor */
static void err_unsigned_negative(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_U32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value u = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_add(u, -1));
}

/* tl.exp takes float32 and float64 only */
static void err_exp_f16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_exp(h));
}

/* & on floats */
static void err_bitwise_float(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_and(a, a));
}

/* arange of a range that is not a power of two */
static void err_arange_npow2(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 12);
    tl_store(tl_addptr(o, i), i);
}

/* shapes that do not broadcast */
static void err_broadcast_shape(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16); tl_value j = tl_arange(builder, 0, 8);
    tl_store(tl_addptr(o, i), tl_add(i, j));
}

/* bitcast between widths */
static void err_bitcast_width(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_to(a, TL_I64, .bitcast = true));
}

/* clamp of integers */
static void err_clamp_int(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_clamp(a, 0, 10));
}

/* an integer cast to fp8 (Python has no such cast) */
static void err_cast_int_fp8(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_FP8E4NV, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_to(a, TL_FP8E4NV));
}

/* other without mask */
static void err_other_without_mask(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_store(tl_addptr(o, i), tl_load(tl_addptr(x, i), .other = tl_lit(0.0)));
}

/* pointer + pointer */
static void err_add_pointers(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value y = tl_arg(builder, "y", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_store(o, tl_load(tl_addptr(x, y)));
}

/* pointer + float */
static void err_pointer_float(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_store(o, tl_load(tl_addptr(x, 1.5)));
}

/* program_id axis out of range */
static void err_program_id_axis(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));

    tl_store(o, tl_program_id(builder, 3));
}

/* fp_downcast_rounding on a widening cast */
static void err_rounding_upcast(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value h = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_to(h, TL_F32, .fp_downcast_rounding = TL_RTZ));
}

/* a tensor stored through a scalar pointer */
static void err_store_block_to_scalar(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_store(o, tl_load(tl_addptr(x, i)));
}

/* tl.expand_dims with an axis out of range */
static void err_expand_dims_axis(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value i = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, i));
    tl_store(tl_addptr(o, i), tl_expand_dims(a, 2));
}

/* ============================================================================================ */
/* Constant placement after make_ttir: a @jit helper is its own tt.func in Python, canonicalized,
 * then inlined (its new constants hoisted to the top): the C helpers mark themselves with
 * tl_builder_helper_begin / tl_builder_helper_end */

static tl_value const_inner(tl_builder *builder, tl_value acc, tl_value x, tl_value start_m, int STAGE, int BLOCK)
{
    tl_builder_helper_begin(builder);
    tl_value lo, hi;
    if (STAGE == 1) {
        lo = tl_lit(0); hi = tl_mul(start_m, BLOCK);
    } else {
        lo = tl_mul(start_m, BLOCK); hi = tl_mul(tl_add(start_m, 1), BLOCK);
    }
    tl_scope loop = tl_for(builder, lo, hi, 16, .carry = TL_VARS(&acc));
        acc = tl_add(acc, tl_load(tl_addptr(tl_addptr(x, loop.iv), tl_arange(builder, 0, 16))));
    tl_end(&loop);
    tl_builder_helper_end(builder);
    return acc;
}

/* (a) a helper called twice (two specializations): the 1 of the second call's (start_m + 1) * BLOCK */
static void const_helper_twice(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value m = tl_arg(builder, "m", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(builder, 0);
    tl_value acc = tl_zeros(builder, TL_SHAPE(16), TL_F32);
    acc = const_inner(builder, acc, x, m, 1, 32);
    acc = const_inner(builder, acc, x, m, 2, 32);
    tl_store(tl_addptr(tl_addptr(o, tl_mul(pid, 16)), tl_arange(builder, 0, 16)), acc);
}

/* (b) zero tensors of two shapes, the 2-d one first */
static void const_zeros_order(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value acc = tl_zeros(builder, TL_SHAPE(16, 32), TL_F32);
    tl_value m_i = tl_zeros(builder, TL_SHAPE(16), TL_F32);
    tl_value r = tl_arange(builder, 0, 16);
    tl_store(tl_addptr(o, r), tl_add(m_i, tl_sum(acc, 1)));
}

/* (c) the integer 0 beside an f32 zero tensor, as the layer-norm tutorial has them: `mean = 0`
 * makes %c0_i32 before tl.zeros (tl_to_tensor); the loop's 0 and the load's other=0. follow */
static void const_zero_int_float(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value row = tl_program_id(builder, 0);
    x = tl_addptr(x, tl_mul(row, n));
    tl_value mean = tl_to_tensor(builder, 0);
    tl_value _mean = tl_zeros(builder, TL_SHAPE(16), TL_F32);
    tl_scope loop = tl_for(builder, 0, n, 16, .carry = TL_VARS(&_mean));
        tl_value cols = tl_add(loop.iv, tl_arange(builder, 0, 16));
        tl_value a = tl_to(tl_load(tl_addptr(x, cols), .mask = tl_lt(cols, n), .other = tl_lit(0.0)), TL_F32);
        _mean = tl_add(_mean, a);
    tl_end(&loop);
    mean = tl_div(tl_sum(_mean, 0), n);
    tl_store(tl_addptr(o, row), mean);
}

/* (e) a load's other=0 on float32 (Python's int32 0 and its splat, cast by a sitofp that folds),
 * then an f32 zero tensor, then the int32 0 again: the load's 0 is the first meeting of %c0_i32,
 * which lands below the zero tensor (the layer-norm backward's order) */
static void const_cast_source(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value cols = tl_arange(builder, 0, 16);
    tl_value mask = tl_lt(cols, n);
    tl_value a = tl_load(tl_addptr(x, cols), .mask = mask, .other = tl_lit(0));
    a = tl_where(mask, a, 0.0);
    tl_scope positive = tl_if(tl_gt(n, 0));
        tl_store(tl_addptr(o, cols), a);
    tl_end(&positive);
}

static tl_value const_find_seq(tl_builder *builder, tl_value starts, tl_value target, tl_value num_seqs, int BLOCK_Q)
{
    tl_builder_helper_begin(builder);
    tl_value right = num_seqs;
    tl_value left = tl_to_tensor(builder, 0);
    tl_scope loop = tl_while(builder, .carry = TL_VARS(&left, &right)); tl_do(&loop, tl_lt(left, right));
        tl_value mid = tl_floordiv(tl_add(left, right), 2);
        tl_value val = tl_load(tl_addptr(starts, mid));
        tl_value mid_val = tl_add(tl_floordiv(val, BLOCK_Q), mid);
        tl_scope branch = tl_if(tl_gt(mid_val, target), .carry = TL_VARS(&left, &right));
            right = mid;
        tl_else(&branch);
            left = tl_add(mid, 1);
        tl_end(&branch);
    tl_end(&loop);
    tl_value r = tl_sub(left, 1);
    tl_builder_helper_end(builder);
    return r;
}

/* (d) a binary-search helper with a while loop (vLLM's find_seq_idx, with right named first) */
static void const_bsearch_helper(tl_builder *builder)
{
    tl_value starts = tl_arg(builder, "starts", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value num_seqs = tl_arg(builder, "num_seqs", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(builder, 0);
    tl_value seq = const_find_seq(builder, starts, pid, num_seqs, 16);
    tl_store(tl_addptr(o, pid), seq);
}

static tl_value const_fold_stage(tl_builder *builder, tl_value acc, tl_value x, tl_value start_m, int STAGE, int BLOCK)
{
    tl_builder_helper_begin(builder);
    tl_value lo, hi;
    if (STAGE == 1) {
        hi = tl_mul(start_m, BLOCK); /* Python's `lo, hi = 0, ...`: the tuple first, then lo */
        lo = tl_to_tensor(builder, 0);
    } else {
        lo = tl_mul(start_m, BLOCK); hi = tl_mul(tl_add(start_m, 1), BLOCK);
    }
    tl_scope loop = tl_for(builder, lo, hi, 16, .carry = TL_VARS(&acc));
        tl_value offs = tl_add(loop.iv, tl_arange(builder, 0, 16));
        if (STAGE == 1) {
            tl_value v = tl_to(tl_load(tl_addptr(x, offs)), TL_F32);
            acc = tl_add(acc, tl_where(tl_gt(v, 0), v, 2.0));
        } else {
            tl_value v = tl_to(tl_load(tl_addptr(x, offs), .mask = tl_lt(offs, hi), .other = tl_lit(0.0)), TL_F32);
            acc = tl_add(acc, tl_where(tl_gt(v, 0), v, -1.0e6));
        }
    tl_end(&loop);
    tl_builder_helper_end(builder);
    return acc;
}

/* (f) what a helper's own canonicalization makes by folding lands below its other constants
 * once inlined (flash attention's two stages): the first call's `lo = 0`, which only the loop
 * uses, below the 2.0 met after it; the second call's float16 zero of other=0.0 below the -1e6 */
static void const_helper_fold_last(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value m = tl_arg(builder, "m", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(builder, 0);
    tl_value acc = tl_zeros(builder, TL_SHAPE(16), TL_F32);
    acc = const_fold_stage(builder, acc, x, m, 1, 32);
    acc = const_fold_stage(builder, acc, x, m, 2, 32);
    tl_store(tl_addptr(tl_addptr(o, tl_mul(pid, 16)), tl_arange(builder, 0, 16)), acc);
}

/* ============================================================================================ */
/* Language gaps: tl_static_assert, tl_dtype_of / tl_element_ty, hints on a loop's induction
 * variable, libdevice, make_block_ptr with base named */

/* a passing static_assert emits nothing; dtype and element_ty steer the casts */
static void gap_static_dtype(tl_builder *builder)
{
    enum { B = 64 };
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));

    tl_static_assert(builder, B % 32 == 0, "B must be a multiple of 32");
    tl_value r = tl_arange(builder, 0, B);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_value y = tl_mul(tl_to(a, TL_F32), 2.0);
    tl_store(tl_addptr(o, r), tl_add(tl_to(y, tl_element_ty(o)), tl_to(a, tl_dtype_of(a))));
}

/* a failing static_assert */
static void err_static_assert(tl_builder *builder)
{
    enum { B = 48 };
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_static_assert(builder, B % 32 == 0, "B must be a multiple of 32");
    tl_store(x, 1.0);
}

/* tl.multiple_of on a for loop's induction variable: Python drops the hint */
static void gap_hint_induction(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value acc = tl_zeros(builder, TL_SHAPE(16), TL_F32);
    tl_scope loop = tl_for(builder, 0, n, 16, .carry = TL_VARS(&acc));
        tl_value kk = tl_multiple_of(loop.iv, 16);
        acc = tl_add(acc, tl_load(tl_addptr(tl_addptr(x, kk), tl_arange(builder, 0, 16))));
    tl_end(&loop);
    tl_store(tl_addptr(o, tl_arange(builder, 0, 16)), acc);
}

/* libdevice functions: an int exponent picks powi, abs is fabs, fma_rn, ldexp */
static void gap_libdevice(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value d = tl_arg(builder, "d", TL_PTR_OPTS(TL_F64, .divisibility = TL_DIV_NONE));

    tl_value a = tl_load(x);
    tl_value y = tl_libdevice2(a, 2, "pow");
    tl_value z = tl_libdevice(y, "abs");
    tl_store(x, tl_libdevice(tl_libdevice3(z, z, z, "fma_rn"), "rint"));
    tl_store(d, tl_libdevice2(tl_load(d), 3, "ldexp"));
}

/* an unknown libdevice name */
static void err_libdevice_name(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_store(x, tl_libdevice(tl_load(x), "rintt"));
}

/* make_block_ptr with base named: base first (addptr), then offsets (muli) */
static void gap_block_ptr_kw(tl_builder *builder)
{
    tl_value q = tl_arg(builder, "q", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F16, .divisibility = TL_DIV_NONE));
    tl_value off = tl_arg(builder, "off", TL_SCALAR(TL_I32));
    tl_value m = tl_arg(builder, "m", TL_SCALAR(TL_I32));

    tl_value p = tl_make_block_ptr_kw(.base = tl_addptr(q, off), .shape = TL_LIST(128, 64), .strides = TL_LIST(64, 1), .offsets = TL_LIST(tl_mul(m, 16), 0), .block_shape = TL_SHAPE(16, 64), .order = TL_ORDER(1, 0));
    tl_value r = tl_make_block_ptr(o, TL_LIST(128, 64), TL_LIST(64, 1), TL_LIST(tl_mul(m, 16), 0), TL_SHAPE(16, 64), TL_ORDER(1, 0));
    tl_store(r, tl_load(p));
}

/* an if on a constexpr is decided when compiling (only the branch taken is emitted); a return on
 * one ends the body; a rebinding in a branch that returns dies with it */
static void const_if_constexpr(tl_builder *builder)
{
    enum { C = 1 };
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value a = tl_load(x);
    tl_scope s = tl_if(C == 0, .carry = TL_VARS(&a));
        a = tl_add(a, 7);
    tl_else(&s);
        a = tl_mul(a, 3);
    tl_end(&s);
    tl_scope r = tl_return_if_open(tl_gt(n, 0), .inline_return = true, .carry = TL_VARS(&a));
        a = tl_add(a, 1);
        tl_store(o, a);
    tl_end(&r);
    tl_store(tl_addptr(o, 1), a);
    tl_return_if(C == 1, .inline_return = true);
    tl_store(tl_addptr(o, 2), a);
}

/* cdiv of two constexprs: tritonc's number, Python's helper's result */
static void cdiv_two_constexprs(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_I32, .divisibility = TL_DIV_NONE));
    enum { N = 10 }; /* constexpr */

    tl_store(o, tl_cdiv(N, 4));
}

/* ============================================================================================ */
/* Python's everyday forms: indexing with None, math and casts of numbers */

/* x[:, None] and x[None] of a scalar splat it to [1]; of a tensor, expand_dims per None */
static void index_none(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value r = tl_arange(builder, 0, 4);
    tl_value s = tl_load(x);
    tl_value t = tl_load(tl_addptr(x, r));
    tl_value a = tl_mul(tl_index(s, TL_ALL, TL_NONE), tl_index(s, TL_NONE));
    tl_store(tl_addptr(o, tl_index(r, TL_ALL, TL_NONE)), tl_add(tl_index(t, TL_ALL, TL_NONE), tl_index(a, TL_NONE, TL_ALL)));
    tl_store(tl_addptr(o, tl_index(r, TL_NONE, TL_ALL, TL_NONE)), tl_index(t, TL_NONE, TL_ALL, TL_NONE));
}

/* the rank-0 shape (): a one-element tensor reshaped to a scalar */
static void reshape_rank0(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));

    tl_value t = tl_load(tl_addptr(x, tl_arange(builder, 0, 1)));
    tl_value s = tl_reshape(t, TL_SHAPE0);
    tl_store(o, tl_add(s, 1.0));
}

/* tl.math.rsqrt(2.0), tl.log2(float(N)), tl.cast(C, tl.int64): to_tensor's constant, then the op */
static void math_of_numbers(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value p = tl_arg(builder, "p", TL_PTR_OPTS(TL_I64, .divisibility = TL_DIV_NONE));
    enum { N = 8, C = 256000 }; /* constexprs */

    tl_value a = tl_rsqrt(2.0);
    tl_value c = tl_log2((double)N);
    tl_store(o, tl_mul(a, c)); tl_store(tl_addptr(o, 1), tl_exp(1.0)); tl_store(tl_addptr(o, 2), tl_sqrt(2.0));
    tl_store(p, tl_cast(C, TL_I64));
}

/* a runtime ternary (each branch's ops in its region); names first defined in both branches of a
 * runtime if (TL_UNSET: no value before it, yielded after the others, sorted by name) */
static void ctl_ternary_both_branch_names(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value a = TL_IFEXP(tl_gt(n, 0), tl_load(x), 0.0);
    tl_value m = TL_UNSET, loss = TL_UNSET;
    tl_scope s = tl_if(tl_gt(a, 1.0), .carry = TL_VARS(&m, &a, &loss));
        m = tl_mul(a, 2.0);
        loss = tl_load(tl_addptr(x, 1));
        a = tl_add(a, 3.0);
    tl_else(&s);
        loss = tl_sub(a, 1.0);
        m = a;
    tl_end(&s);
    tl_store(o, tl_add(tl_add(loss, m), a));
}

/* a runtime ternary of two values made before it */
static void ctl_ternary_outside_values(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value a = tl_load(x);
    tl_value b = tl_load(tl_addptr(x, 1));
    tl_value c = TL_IFEXP(tl_gt(n, 0), a, b);
    tl_store(o, c);
}

/* two names first defined in both branches, z before b */
static void ctl_both_branch_names_unsorted(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value o = tl_arg(builder, "o", TL_PTR_OPTS(TL_F32, .divisibility = TL_DIV_NONE));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value z = TL_UNSET, b = TL_UNSET;
    tl_scope s = tl_if(tl_gt(n, 0), .carry = TL_VARS(&z, &b));
        z = tl_load(x);
        b = tl_mul(z, 2.0);
    tl_else(&s);
        b = tl_load(tl_addptr(x, 1));
        z = tl_add(b, 1.0);
    tl_end(&s);
    tl_store(o, tl_sub(z, b));
}

static const ops_case cases[] = {
    {"lit_int_i8", lit_int_i8, false},
    {"lit_int_i16", lit_int_i16, false},
    {"lit_int_i64", lit_int_i64, false},
    {"lit_int_u8", lit_int_u8, false},
    {"lit_int_u32", lit_int_u32, false},
    {"lit_int_u64", lit_int_u64, false},
    {"lit_int_f16", lit_int_f16, false},
    {"lit_int_float", lit_int_float, false},
    {"lit_float_f16", lit_float_f16, false},
    {"lit_float_bf16", lit_float_bf16, false},
    {"lit_float_f32", lit_float_f32, false},
    {"lit_float_f64", lit_float_f64, false},
    {"lit_float_int", lit_float_int, false},
    {"lit_bool", lit_bool, false},
    {"lit_shift", lit_shift, false},
    {"lit_cmp_int", lit_cmp_int, false},
    {"lit_cmp_float", lit_cmp_float, false},
    {"lit_cmp_left", lit_cmp_left, false},
    {"lit_left_ops", lit_left_ops, false},
    {"prom_signed", prom_signed, false},
    {"prom_unsigned", prom_unsigned, false},
    {"prom_unsigned_wins", prom_unsigned_wins, false},
    {"prom_signed_wins", prom_signed_wins, false},
    {"prom_bool", prom_bool, false},
    {"fprom_half_f32", fprom_half_f32, false},
    {"fprom_half_same", fprom_half_same, false},
    {"fprom_half_div", fprom_half_div, false},
    {"fprom_f64", fprom_f64, false},
    {"fprom_int_float", fprom_int_float, false},
    {"fprom_fp8", fprom_fp8, false},
    {"fprom_fp8_same", fprom_fp8_same, false},
    {"op_arith_i32", op_arith_i32, false},
    {"op_arith_i8", op_arith_i8, false},
    {"op_arith_i64", op_arith_i64, false},
    {"op_arith_u8", op_arith_u8, false},
    {"op_arith_u32", op_arith_u32, false},
    {"op_arith_u64", op_arith_u64, false},
    {"op_arith_f32", op_arith_f32, false},
    {"op_arith_f16", op_arith_f16, false},
    {"op_arith_bf16", op_arith_bf16, false},
    {"op_arith_f64", op_arith_f64, false},
    {"op_bits_i32", op_bits_i32, false},
    {"op_bits_u32", op_bits_u32, false},
    {"op_bits_8", op_bits_8, false},
    {"op_bits_64", op_bits_64, false},
    {"op_arith_bool", op_arith_bool, false},
    {"op_bits_bool", op_bits_bool, false},
    {"op_bits_mixed", op_bits_mixed, false},
    {"op_cmp_i32", op_cmp_i32, false},
    {"op_cmp_unsigned", op_cmp_unsigned, false},
    {"op_cmp_f32", op_cmp_f32, false},
    {"op_cmp_half", op_cmp_half, false},
    {"op_cmp_f64", op_cmp_f64, false},
    {"op_cmp_bool", op_cmp_bool, false},
    {"op_cmp_mixed", op_cmp_mixed, false},
    {"un_neg_int", un_neg_int, false},
    {"un_neg_unsigned", un_neg_unsigned, false},
    {"un_neg_float", un_neg_float, false},
    {"un_invert", un_invert, false},
    {"un_abs", un_abs, false},
    {"un_scalar", un_scalar, false},
    {"mm_float", mm_float, false},
    {"mm_float_nan", mm_float_nan, false},
    {"mm_int", mm_int, false},
    {"mm_bf16", mm_bf16, false},
    {"mm_literal", mm_literal, false},
    {"mm_mixed", mm_mixed, false},
    {"mm_scalar", mm_scalar, false},
    {"clamp_f32", clamp_f32, false},
    {"clamp_literal", clamp_literal, false},
    {"clamp_half", clamp_half, false},
    {"wh_tensor", wh_tensor, false},
    {"wh_scalar_cond", wh_scalar_cond, false},
    {"wh_literal", wh_literal, false},
    {"wh_int_cond", wh_int_cond, false},
    {"wh_mixed", wh_mixed, false},
    {"wh_pointers", wh_pointers, false},
    {"umulhi_types", umulhi_types, false},
    {"umulhi_mixed", umulhi_mixed, false},
    {"math_exp_log", math_exp_log, false},
    {"math_sqrt", math_sqrt, false},
    {"math_trig_round", math_trig_round, false},
    {"math_f64", math_f64, false},
    {"math_fma", math_fma, false},
    {"math_div_rn", math_div_rn, false},
    {"math_fdiv", math_fdiv, false},
    {"math_scalar", math_scalar, false},
    {"cast_from_i1", cast_from_i1, false},
    {"cast_from_i8", cast_from_i8, false},
    {"cast_from_i16", cast_from_i16, false},
    {"cast_from_i32", cast_from_i32, false},
    {"cast_from_i64", cast_from_i64, false},
    {"cast_from_u8", cast_from_u8, false},
    {"cast_from_u32", cast_from_u32, false},
    {"cast_from_u64", cast_from_u64, false},
    {"cast_from_fp16", cast_from_fp16, false},
    {"cast_from_bf16", cast_from_bf16, false},
    {"cast_from_fp32", cast_from_fp32, false},
    {"cast_from_fp64", cast_from_fp64, false},
    {"cast_from_fp8e4nv", cast_from_fp8e4nv, false},
    {"cast_from_fp8e5", cast_from_fp8e5, false},
    {"cast_bitcast", cast_bitcast, false},
    {"cast_bitcast_fp8", cast_bitcast_fp8, false},
    {"cast_rounding", cast_rounding, false},
    {"cast_scalar", cast_scalar, false},
    {"bc_col_row", bc_col_row, false},
    {"bc_row_matrix", bc_row_matrix, false},
    {"bc_scalar_tensor", bc_scalar_tensor, false},
    {"bc_expand_dims", bc_expand_dims, false},
    {"bc_broadcast_to", bc_broadcast_to, false},
    {"bc_broadcast", bc_broadcast, false},
    {"bc_3d", bc_3d, false},
    {"bc_mask2d", bc_mask2d, false},
    {"pid_axes", pid_axes, false},
    {"pid_offsets", pid_offsets, false},
    {"arange_start", arange_start, false},
    {"zeros_int", zeros_int, false},
    {"zeros_float", zeros_float, false},
    {"full_int", full_int, false},
    {"full_float", full_float, false},
    {"full_value", full_value, false},
    {"ptr_offset_types", ptr_offset_types, false},
    {"ptr_offset_left", ptr_offset_left, false},
    {"ptr_scalar", ptr_scalar, false},
    {"ptr_tensor_scalar", ptr_tensor_scalar, false},
    {"ptr_sub", ptr_sub, false},
    {"ptr_2d_i64", ptr_2d_i64, false},
    {"mem_mask", mem_mask, false},
    {"mem_other", mem_other, false},
    {"mem_cache_load", mem_cache_load, false},
    {"mem_cache_store", mem_cache_store, false},
    {"mem_evict", mem_evict, false},
    {"mem_volatile", mem_volatile, false},
    {"mem_scalar", mem_scalar, false},
    {"mem_bool", mem_bool, false},
    {"mem_store_convert", mem_store_convert, false},
    {"mem_mask_broadcast", mem_mask_broadcast, false},
    {"cdiv_constexpr", cdiv_constexpr, false},
    {"cdiv_runtime", cdiv_runtime, false},
    {"cdiv_mixed", cdiv_mixed, false},
    {"cdiv_two_constexprs", cdiv_two_constexprs, false},
    {"index_none", index_none, false},
    {"reshape_rank0", reshape_rank0, false},
    {"math_of_numbers", math_of_numbers, false},
    {"const_helper_twice", const_helper_twice, false},
    {"const_zeros_order", const_zeros_order, false},
    {"const_zero_int_float", const_zero_int_float, false},
    {"const_bsearch_helper", const_bsearch_helper, false},
    {"const_cast_source", const_cast_source, false},
    {"const_helper_fold_last", const_helper_fold_last, false},
    {"gap_static_dtype", gap_static_dtype, false},
    {"gap_hint_induction", gap_hint_induction, false},
    {"gap_libdevice", gap_libdevice, false},
    {"gap_block_ptr_kw", gap_block_ptr_kw, false},
    {"err_floordiv_float", err_floordiv_float, true},
    {"err_mod_signedness", err_mod_signedness, true},
    {"err_literal_range", err_literal_range, true},
    {"err_unsigned_negative", err_unsigned_negative, true},
    {"err_exp_f16", err_exp_f16, true},
    {"err_bitwise_float", err_bitwise_float, true},
    {"err_arange_npow2", err_arange_npow2, true},
    {"err_broadcast_shape", err_broadcast_shape, true},
    {"err_bitcast_width", err_bitcast_width, true},
    {"err_clamp_int", err_clamp_int, true},
    {"err_cast_int_fp8", err_cast_int_fp8, true},
    {"err_other_without_mask", err_other_without_mask, true},
    {"err_add_pointers", err_add_pointers, true},
    {"err_pointer_float", err_pointer_float, true},
    {"err_program_id_axis", err_program_id_axis, true},
    {"err_rounding_upcast", err_rounding_upcast, true},
    {"err_store_block_to_scalar", err_store_block_to_scalar, true},
    {"err_expand_dims_axis", err_expand_dims_axis, true},
    {"err_static_assert", err_static_assert, true},
    {"const_if_constexpr", const_if_constexpr, false},
    {"err_libdevice_name", err_libdevice_name, true},
    {"ctl_ternary_both_branch_names", ctl_ternary_both_branch_names, false},
    {"ctl_ternary_outside_values", ctl_ternary_outside_values, false},
    {"ctl_both_branch_names_unsorted", ctl_both_branch_names_unsorted, false},
};

enum { N_CASES = (int)(sizeof cases / sizeof cases[0]) };

int main(int argc, char **argv)
{
    return gpu_cases_main("ops_cases", cases, N_CASES, argc, argv);
}
