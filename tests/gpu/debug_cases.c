/* debug_cases: the C twins of the kernels in tests/gpu/debug_cases.py (device_print, device_assert,
 * assume, debug_barrier, the contiguity hints, inline asm, extern functions and random numbers of
 * include/tritonc/debug.h), for a differential test against Triton 3.6 (tests/gpu/validate_ops.py,
 * run by tests/gpu/run.sh for every *_cases.c / *_cases.py pair).
 *
 *   debug_cases OUTDIR [NAME...]   writes OUTDIR/NAME.ttir for every case (or the named ones),
 *                                  without locations; OUTDIR must exist
 *   debug_cases --list             prints the case names, one a line ("NAME must-fail" for the
 *                                  cases tritonc has to reject)
 *
 * Each case follows the @triton.jit kernel of the same name in debug_cases.py one Python line to
 * one C line, same names, same order (as in ops_cases.c: `p + i` on a pointer is tl_addptr(p, i),
 * `x[:, None]` is tl_expand_dims(x, 1), a constexpr is a C constant). Change both files together.
 * A case whose builder fails writes OUTDIR/NAME.err instead: expected for the must-fail cases,
 * which Triton must reject too. The builder's debug option stays off, as Triton's default.
 *
 * Exit status: 0 when every case did what it should, 1 otherwise, 2 for a bad command line.
 * Not part of the normal build: run.sh compiles it against the static library.
 */
#include "cases_driver.h"

typedef gpu_case debug_case;

#define PTR(dt) TL_PTR_OPTS(dt, .divisibility = TL_DIV_NONE)
/* x[:, None] and x[None, :] */
#define COL(x) tl_expand_dims((x), 1)
#define ROW(x) tl_expand_dims((x), 0)

/* my_pow of debug_cases.py: an extern function declared as libdevice declares its own */
static const tl_extern_overload my_pow[] = {{{TL_F32, TL_F32}, "__nv_powf", TL_F32}};

/* ============================================================================================ */
/* device_print, device_assert, assume, debug_barrier */

/* prefixes: none with no value, empty, ending in ": ", without a colon; hex; numbers as values */
static void print_forms(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value o = tl_arg(builder, "o", PTR(TL_I32));

    tl_value r = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_device_print(builder, "hello");
    tl_device_print(builder, "", a);
    tl_device_print(builder, "a: ", a, tl_lt(a, 3), tl_lit(2.5), tl_lit(7), .hex = true);
    tl_device_print(builder, "pid", tl_program_id(builder, 0));
    tl_store(tl_addptr(o, r), a);
}

/* isSigned per value: int8 signed, uint16 and int1 not, float16 not, a pointer not */
static void print_dtypes(tl_builder *builder)
{
    tl_value p8 = tl_arg(builder, "p8", PTR(TL_I8));
    tl_value p16 = tl_arg(builder, "p16", PTR(TL_U16));
    tl_value ph = tl_arg(builder, "ph", PTR(TL_F16));
    tl_value p64 = tl_arg(builder, "p64", PTR(TL_I64));

    tl_value r = tl_arange(builder, 0, 8);
    tl_device_print(builder, "v", tl_load(tl_addptr(p8, r)), tl_load(tl_addptr(p16, r)), tl_load(tl_addptr(ph, r)), tl_gt(tl_load(tl_addptr(p64, r)), 0), p64);
}

/* without the debug option device_assert makes nothing (the conditions are dead code) */
static void assert_without_debug(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value o = tl_arg(builder, "o", PTR(TL_I32));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value r = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_device_assert(tl_gt(a, 0), "positive");
    tl_device_assert(tl_lt(a, 100), "small", .mask = tl_lt(r, n));
    tl_store(tl_addptr(o, r), a);
}

/* a condition value, a constexpr condition (a true constant), a comparison with a constexpr */
static void assume_forms(tl_builder *builder)
{
    enum { B = 64 };
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_assume(builder, tl_gt(n, 0));
    tl_assume(builder, B > 0);
    tl_assume(builder, tl_lt(n, B));
    tl_store(x, n);
}

static void barrier(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));

    tl_store(x, 1);
    tl_debug_barrier(builder);
    tl_store(x, 2);
}

/* ============================================================================================ */
/* hints */

/* on make_range; two dimensions, a splat and a non-splat value list; constancy */
static void hints(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value o = tl_arg(builder, "o", PTR(TL_I32));

    tl_value r = tl_arange(builder, 0, 16);
    r = tl_max_contiguous(tl_multiple_of(r, 16), 16);
    tl_value m = tl_broadcast_to(COL(r), TL_SHAPE(16, 8));
    m = tl_max_constancy(tl_multiple_of(m, 16, 8), 1, 8);
    tl_store(tl_addptr(o, m), tl_load(tl_addptr(x, m)));
}

/* on a loop-carried value: the loop gets tt.contiguity_arg1 (and the initial value the hint) */
static void hint_loop_arg(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value o = tl_arg(builder, "o", PTR(TL_I32));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    tl_value r = tl_arange(builder, 0, 16);
    tl_scope loop = tl_for(builder, 0, n, 1, .carry = TL_VARS(&r));
        r = tl_add(tl_max_contiguous(r, 16), 1);
    tl_end(&loop);
    tl_store(tl_addptr(o, r), tl_load(tl_addptr(x, r)));
}

/* on a kernel argument: dropped */
static void hint_kernel_arg(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value n = tl_arg(builder, "n", TL_SCALAR(TL_I32));

    n = tl_multiple_of(n, 16);
    tl_store(tl_addptr(x, n), 0);
}

/* ============================================================================================ */
/* inline asm, extern functions */

/* two results with pack=4 over a uint8 tensor and a float scalar; a number among the arguments */
static void asm_forms(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value q = tl_arg(builder, "q", PTR(TL_U8));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value s = tl_arg(builder, "s", TL_SCALAR(TL_F32));

    tl_value r = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_value u = tl_load(tl_addptr(q, r));
    tl_asm_results cd = tl_inline_asm_elementwise_n("asm", "=r,=r,r,r", TL_VALUES(u, s), TL_DTYPES(TL_I32, TL_F32), true, 4); tl_value c = cd.v[0], d = cd.v[1];
    tl_value y = tl_inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", TL_VALUES(tl_lit(1.5), a), TL_F32, false, 1);
    tl_store(tl_addptr(o, r), tl_add(tl_add(d, y), tl_to(c, TL_F32)));
}

/* libdevice on float32 and float64, with a number; an extern function of one's own */
static void extern_forms(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value s = tl_arg(builder, "s", TL_SCALAR(TL_F64));

    tl_value r = tl_arange(builder, 0, 16);
    tl_value a = tl_load(tl_addptr(x, r));
    tl_value y = tl_add(tl_libdevice(a, "tanh"), tl_libdevice2(a, 2.0, "pow"));
    tl_value z = tl_libdevice(s, "tanh");
    tl_value w = tl_extern_elementwise("", "", TL_VALUES(a, tl_to(s, TL_F32)), 1, my_pow, true);
    tl_store(tl_addptr(o, r), tl_add(tl_add(y, tl_to(z, TL_F32)), w));
}

/* ============================================================================================ */
/* random numbers */

static void rand_i32(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value seed = tl_arg(builder, "seed", TL_SCALAR(TL_I32));

    tl_value r = tl_arange(builder, 0, 64);
    tl_store(tl_addptr(o, r), tl_rand(seed, r));
}

static void randn_i32(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value seed = tl_arg(builder, "seed", TL_SCALAR(TL_I32));

    tl_value r = tl_arange(builder, 0, 64);
    tl_store(tl_addptr(o, r), tl_randn(seed, r));
}

static void randint_rounds(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_U32));
    tl_value seed = tl_arg(builder, "seed", TL_SCALAR(TL_I32));

    tl_value r = tl_arange(builder, 0, 64);
    tl_store(tl_addptr(o, r), tl_randint(seed, r, .n_rounds = 3));
}

static void random_4x(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value seed = tl_arg(builder, "seed", TL_SCALAR(TL_I64));

    tl_value r = tl_arange(builder, 0, 32);
    tl_value4 i = tl_randint4x(seed, r);
    tl_value4 u = tl_rand4x(seed, r);
    tl_value4 n = tl_randn4x(seed, r);
    tl_store(tl_addptr(o, r), tl_add(tl_add(tl_add(tl_to(i.v[3], TL_F32), u.v[2]), n.v[1]), n.v[3]));
}

/* offsets in two dimensions, the seed from memory */
static void random_2d(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value s = tl_arg(builder, "s", PTR(TL_I32));

    tl_value r = tl_arange(builder, 0, 8);
    tl_value offs = tl_add(tl_mul(COL(r), 8), ROW(r));
    tl_store(tl_addptr(o, offs), tl_rand(tl_load(s), offs));
}

/* 64-bit offsets: offset >> 32 feeds the second counter */
static void random_i64_offsets(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));
    tl_value seed = tl_arg(builder, "seed", TL_SCALAR(TL_I32));

    tl_value r = tl_to(tl_arange(builder, 0, 64), TL_I64);
    tl_store(tl_addptr(o, r), tl_rand(seed, r));
}

/* a number as the seed (its ops fold) */
static void random_literal_seed(tl_builder *builder)
{
    tl_value o = tl_arg(builder, "o", PTR(TL_F32));

    tl_value r = tl_arange(builder, 0, 64);
    tl_store(tl_addptr(o, r), tl_randn(42, r));
}

/* ============================================================================================ */
/* must fail on both sides */

static void err_hint_length(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));

    tl_value r = tl_arange(builder, 0, 16);
    tl_store(tl_addptr(x, tl_multiple_of(r, 16, 16)), r);
}

static void err_libdevice_fp16(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_F16));

    tl_value r = tl_arange(builder, 0, 16);
    tl_store(tl_addptr(x, r), tl_libdevice(tl_load(tl_addptr(x, r)), "tanh"));
}

static void err_print_non_ascii(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));

    tl_device_print(builder, "caf\xc3\xa9", tl_load(x));
}

/* ============================================================================================ */

static const debug_case cases[] = {
    {"print_forms", print_forms, false},
    {"print_dtypes", print_dtypes, false},
    {"assert_without_debug", assert_without_debug, false},
    {"assume_forms", assume_forms, false},
    {"barrier", barrier, false},
    {"hints", hints, false},
    {"hint_loop_arg", hint_loop_arg, false},
    {"hint_kernel_arg", hint_kernel_arg, false},
    {"asm_forms", asm_forms, false},
    {"extern_forms", extern_forms, false},
    {"rand_i32", rand_i32, false},
    {"randn_i32", randn_i32, false},
    {"randint_rounds", randint_rounds, false},
    {"random_4x", random_4x, false},
    {"random_2d", random_2d, false},
    {"random_i64_offsets", random_i64_offsets, false},
    {"random_literal_seed", random_literal_seed, false},
    {"err_hint_length", err_hint_length, true},
    {"err_libdevice_fp16", err_libdevice_fp16, true},
    {"err_print_non_ascii", err_print_non_ascii, true},
};

enum { N_CASES = (int)(sizeof cases / sizeof cases[0]) };

int main(int argc, char **argv)
{
    return gpu_cases_main("debug_cases", cases, N_CASES, argc, argv);
}
