/* The interpreter's ops, one small kernel each, against exact expected values (bit patterns
 * for floats), and its API: errors, the bounds checker, prints, asserts. */
#define _POSIX_C_SOURCE 200809L /* fork, pipe, setenv (test_abort.h) */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_abort.h"
#include "tritonc/interp.h"
#include "interp_kernels.h"
#include "tritonc/tritonc.h"

/* ---- harness ------------------------------------------------------------------------------ */

/* Runs b on the grid with args; the run must succeed. */
static void run_ok(tl_builder *b, tc_interp_grid grid, int nargs, const tc_interp_arg *args)
{
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    assert_non_null(ip);
    if (!tc_interp_launch_args(ip, grid, nargs, args))
        fail_msg("run failed: %s", tc_interp_error(ip));
    tc_interp_destroy(ip);
}

/* Runs b and returns its error (malloc'd), which it must have. */
static char *run_error(tl_builder *b, tc_interp_grid grid, int nargs, const tc_interp_arg *args)
{
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    assert_non_null(ip);
    assert_false(tc_interp_launch_args(ip, grid, nargs, args));
    const char *e = tc_interp_error(ip);
    assert_non_null(e);
    char *copy = malloc(strlen(e) + 1);
    strcpy(copy, e);
    tc_interp_destroy(ip);
    return copy;
}

enum { N = 8 };

/* out[i] = f(x[i], y[i]) over N lanes: x and y of dtype in, out of dtype out. */
typedef tl_value (*binary_fn)(tl_value x, tl_value y);
static void binary(tl_dtype in, tl_dtype out, binary_fn f, const void *x, const void *y, void *o)
{
    tl_builder *b = start("binary");
    tl_value xp = tl_arg(b, "x", TL_PTR(in)), yp = tl_arg(b, "y", TL_PTR(in)), op = tl_arg(b, "o", TL_PTR(out));
    tl_value offs = tl_arange(b, 0, N);
    tl_store(tl_addptr(op, offs), f(tl_load(tl_addptr(xp, offs)), tl_load(tl_addptr(yp, offs))));
    finish(b);
    size_t bi = tl_dtype_bits(in) / 8, bo = tl_dtype_bits(out) / 8;
    run_ok(b, tc_interp_grid1(1), 3,
           (tc_interp_arg[]){tc_interp_ptr(x, N * bi), tc_interp_ptr(y, N * bi), tc_interp_ptr(o, N * bo)});
    tl_builder_destroy(b);
}

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* ---- integers --------------------------------------------------------------------------------- */

static tl_value floordiv(tl_value x, tl_value y) { return tl_floordiv(x, y); }
static tl_value mod(tl_value x, tl_value y) { return tl_mod(x, y); }

/* Triton's // and % on integers are C's: truncating, the remainder has the dividend's sign. */
static void test_int_division(void **state)
{
    (void)state;
    int32_t x[N] = {7, -7, 7, -7, INT32_MIN, 5, 0, -1};
    int32_t y[N] = {2, 2, -2, -2, -1, 0, 3, 5};
    int32_t q[N], r[N];
    binary(TL_I32, TL_I32, floordiv, x, y, q);
    binary(TL_I32, TL_I32, mod, x, y, r);
    int32_t wq[N] = {3, -3, -3, 3, INT32_MIN, -1, 0, 0};
    int32_t wr[N] = {1, -1, 1, -1, 0, 5, 0, -1};
    assert_memory_equal(q, wq, sizeof q);
    assert_memory_equal(r, wr, sizeof r);
}

static void test_unsigned_division(void **state)
{
    (void)state;
    uint32_t x[N] = {7, 0xFFFFFFF9u, 100, 5, 0, 1, 0x80000000u, 9};
    uint32_t y[N] = {2, 2, 7, 0, 3, 1, 0xFFFFFFFFu, 10};
    uint32_t q[N], r[N];
    binary(TL_U32, TL_U32, floordiv, x, y, q);
    binary(TL_U32, TL_U32, mod, x, y, r);
    uint32_t wq[N] = {3, 0x7FFFFFFCu, 14, 0xFFFFFFFFu, 0, 1, 0, 0};
    uint32_t wr[N] = {1, 1, 2, 5, 0, 0, 0x80000000u, 9};
    assert_memory_equal(q, wq, sizeof q);
    assert_memory_equal(r, wr, sizeof r);
}

static tl_value shl(tl_value x, tl_value y) { return tl_shl(x, y); }
static tl_value shr(tl_value x, tl_value y) { return tl_shr(x, y); }

/* Shift amounts of the width or more: 0 (left, logical right) or the sign (arithmetic). */
static void test_shifts(void **state)
{
    (void)state;
    int32_t x[N] = {1, 1, 1, -8, -8, -8, 0x40000000, 3};
    int32_t y[N] = {1, 31, 32, 1, 31, 40, 1, 0};
    int32_t l[N], rs[N];
    uint32_t ux[N] = {0x80000000u, 0x80000000u, 0x80000000u, 16, 16, 16, 1, 3}, ur[N];
    uint32_t uy[N] = {31, 32, 1, 4, 5, 100, 0, 1};
    binary(TL_I32, TL_I32, shl, x, y, l);
    binary(TL_I32, TL_I32, shr, x, y, rs);
    binary(TL_U32, TL_U32, shr, ux, uy, ur);
    int32_t wl[N] = {2, INT32_MIN, 0, -16, 0, 0, INT32_MIN, 3};
    int32_t wrs[N] = {0, 0, 0, -4, -1, -1, 0x20000000, 3};
    uint32_t wur[N] = {1, 0, 0x40000000u, 1, 0, 0, 1, 1};
    assert_memory_equal(l, wl, sizeof l);
    assert_memory_equal(rs, wrs, sizeof rs);
    assert_memory_equal(ur, wur, sizeof ur);
}

static tl_value add(tl_value x, tl_value y) { return tl_add(x, y); }
static tl_value mul(tl_value x, tl_value y) { return tl_mul(x, y); }
static tl_value umulhi(tl_value x, tl_value y) { return tl_umulhi(x, y); }

static void test_wraparound_and_umulhi(void **state)
{
    (void)state;
    int32_t x[N] = {INT32_MAX, INT32_MIN, -1, 65536, 0, 1, 2, 3};
    int32_t y[N] = {1, -1, 1, 65536, 0, -1, -2, -3};
    int32_t s[N], p[N];
    binary(TL_I32, TL_I32, add, x, y, s);
    binary(TL_I32, TL_I32, mul, x, y, p);
    int32_t ws[N] = {INT32_MIN, INT32_MAX, 0, 131072, 0, 0, 0, 0};
    int32_t wp[N] = {INT32_MAX, INT32_MIN, -1, 0, 0, -1, -4, -9};
    assert_memory_equal(s, ws, sizeof s);
    assert_memory_equal(p, wp, sizeof p);
    uint32_t ux[N] = {0xFFFFFFFFu, 0xFFFFFFFFu, 0x80000000u, 1, 0, 0x12345678u, 0xD2511F53u, 7};
    uint32_t uy[N] = {2, 0xFFFFFFFFu, 4, 1, 9, 0x10000u, 0xCD9E8D57u, 7};
    uint32_t h[N];
    binary(TL_U32, TL_U32, umulhi, ux, uy, h);
    uint32_t wh[N] = {1, 0xFFFFFFFEu, 2, 0, 0, 0x1234u,
                      (uint32_t)(((uint64_t)0xD2511F53u * 0xCD9E8D57u) >> 32), 0};
    assert_memory_equal(h, wh, sizeof h);
}

/* ---- floats ------------------------------------------------------------------------------------ */

static tl_value maximumf(tl_value x, tl_value y) { return tl_maximumf(x, y); }
static tl_value maxnumf(tl_value x, tl_value y) { return tl_maxnumf(x, y); }
static tl_value minimumf(tl_value x, tl_value y) { return tl_minimumf(x, y); }
static tl_value fdiv(tl_value x, tl_value y) { return tl_div(x, y); }

/* maximumf propagates NaN, maxnumf returns the number; -0 orders below +0. */
static void test_float_max_nan(void **state)
{
    (void)state;
    float x[N] = {NAN, 1.0f, NAN, -0.0f, 0.0f, 3.0f, -INFINITY, 2.0f};
    float y[N] = {1.0f, NAN, NAN, 0.0f, -0.0f, 2.0f, 1.0f, 2.0f};
    float a[N], m[N], lo[N];
    binary(TL_F32, TL_F32, maximumf, x, y, a);
    binary(TL_F32, TL_F32, maxnumf, x, y, m);
    binary(TL_F32, TL_F32, minimumf, x, y, lo);
    uint32_t qnan = 0x7FC00000u;
    uint32_t wa[N] = {qnan, qnan, qnan, f32_bits(0.0f), f32_bits(0.0f), f32_bits(3.0f), f32_bits(1.0f), f32_bits(2.0f)};
    uint32_t wm[N] = {f32_bits(1.0f), f32_bits(1.0f), qnan, f32_bits(0.0f), f32_bits(0.0f), f32_bits(3.0f),
                      f32_bits(1.0f), f32_bits(2.0f)};
    uint32_t wlo[N] = {qnan, qnan, qnan, f32_bits(-0.0f), f32_bits(-0.0f), f32_bits(2.0f), f32_bits(-INFINITY),
                       f32_bits(2.0f)};
    for (int i = 0; i < N; i++) {
        assert_int_equal(f32_bits(a[i]), wa[i]);
        assert_int_equal(f32_bits(m[i]), wm[i]);
        assert_int_equal(f32_bits(lo[i]), wlo[i]);
    }
    float q[N];
    float dx[N] = {1.0f, 1.0f, -1.0f, 0.0f, 1.0f, 10.0f, 1.0f, 7.0f};
    float dy[N] = {3.0f, 0.0f, 0.0f, 0.0f, INFINITY, 4.0f, -0.0f, 7.0f};
    binary(TL_F32, TL_F32, fdiv, dx, dy, q);
    assert_int_equal(f32_bits(q[0]), f32_bits(1.0f / 3.0f));
    assert_true(isinf(q[1]) && q[1] > 0);
    assert_true(isinf(q[2]) && q[2] < 0);
    assert_true(isnan(q[3]));
    assert_int_equal(f32_bits(q[4]), 0);
    assert_int_equal(f32_bits(q[5]), f32_bits(2.5f));
    assert_int_equal(f32_bits(q[6]), f32_bits(-INFINITY));
}

static tl_value to_bf16(tl_value x, tl_value y)
{
    (void)y;
    return tl_to(x, TL_BF16);
}

/* f32 to f16 and bf16 through arith.truncf: nearest even, overflow to infinity, subnormals. */
static void test_f16_bf16_rounding(void **state)
{
    (void)state;
    float x[N] = {1.0f + 0x1p-11f, 1.0f + 3 * 0x1p-11f, 65520.0f, 65519.0f, 0x1p-25f, 3 * 0x1p-26f, NAN, -2.5f};
    float y[N] = {0};
    uint16_t h[N];
    tl_builder *b = start("f16");
    tl_value xp = tl_arg(b, "x", TL_PTR(TL_F32)), op = tl_arg(b, "o", TL_PTR(TL_F16));
    tl_value offs = tl_arange(b, 0, N);
    tl_store(tl_addptr(op, offs), tl_to(tl_load(tl_addptr(xp, offs)), TL_F16));
    finish(b);
    run_ok(b, tc_interp_grid1(1), 2, (tc_interp_arg[]){tc_interp_ptr(x, sizeof x), tc_interp_ptr(h, sizeof h)});
    tl_builder_destroy(b);
    uint16_t wh[N] = {0x3C00, 0x3C02, 0x7C00, 0x7BFF, 0x0000, 0x0001, 0x7E00, 0xC100};
    assert_memory_equal(h, wh, sizeof h);

    float bx[N] = {1.0f + 0x1p-8f, 1.0f + 3 * 0x1p-8f, 3.4e38f, -0.0f, 0x1p-133f /* the smallest subnormal */, 1.0f, INFINITY, 0.1f};
    uint16_t bh[N];
    binary(TL_F32, TL_BF16, to_bf16, bx, y, bh);
    uint16_t wbh[N] = {0x3F80, 0x3F82, 0x7F80, 0x8000, 0x0001, 0x3F80, 0x7F80, 0x3DCD};
    /* 3.4e38 rounds up past bf16's largest finite (0x7F7F = 3.39e38): infinity */
    assert_memory_equal(bh, wbh, sizeof bh);
}

/* The fp8 kinds: saturation to the largest finite, NaN codes, no negative zero in FNUZ. */
static void test_fp8_formats(void **state)
{
    (void)state;
    assert_int_equal(tc_interp_float_bits(448.0, TCIR_F8E4M3FN, false), 0x7E);
    assert_int_equal(tc_interp_float_bits(464.0, TCIR_F8E4M3FN, false), 0x7E);
    assert_int_equal(tc_interp_float_bits(1e9, TCIR_F8E4M3FN, false), 0x7E);
    assert_int_equal(tc_interp_float_bits(-INFINITY, TCIR_F8E4M3FN, false), 0xFE);
    assert_int_equal(tc_interp_float_bits(NAN, TCIR_F8E4M3FN, false), 0x7F);
    assert_int_equal(tc_interp_float_bits(-0.0, TCIR_F8E4M3FN, false), 0x80);
    assert_int_equal(tc_interp_float_bits(0x1p-9, TCIR_F8E4M3FN, false), 0x01); /* smallest subnormal */
    assert_int_equal(tc_interp_float_bits(0x1p-10, TCIR_F8E4M3FN, false), 0x00); /* tie to even: 0 */
    assert_int_equal(tc_interp_float_bits(1.0625, TCIR_F8E4M3FN, false), 0x38);  /* tie to even: 1.0 */
    assert_int_equal(tc_interp_float_bits(1.1875, TCIR_F8E4M3FN, false), 0x3A);  /* tie up: 1.25 */
    assert_int_equal(tc_interp_float_bits(1.1875, TCIR_F8E4M3FN, true), 0x39);   /* rtz: 1.125 */
    assert_int_equal(tc_interp_float_bits(57344.0, TCIR_F8E5M2, false), 0x7B);
    assert_int_equal(tc_interp_float_bits(1e6, TCIR_F8E5M2, false), 0x7B);
    assert_int_equal(tc_interp_float_bits(INFINITY, TCIR_F8E5M2, false), 0x7B);
    assert_int_equal(tc_interp_float_bits(NAN, TCIR_F8E5M2, false), 0x7E);
    assert_int_equal(tc_interp_float_bits(240.0, TCIR_F8E4M3FNUZ, false), 0x7F);
    assert_int_equal(tc_interp_float_bits(-0.0, TCIR_F8E4M3FNUZ, false), 0x00);
    assert_int_equal(tc_interp_float_bits(NAN, TCIR_F8E4M3FNUZ, false), 0x80);
    assert_int_equal(tc_interp_float_bits(57344.0, TCIR_F8E5M2FNUZ, false), 0x7F);
    assert_int_equal(tc_interp_float_bits(30.0, TCIR_F8E4M3B11FNUZ, false), 0x7F);
    assert_int_equal(tc_interp_float_bits(1.0, TCIR_F8E4M3B11FNUZ, false), 0x58);
    /* decoding */
    assert_true(tc_interp_float_value(0x7E, TCIR_F8E4M3FN) == 448.0);
    assert_true(isnan(tc_interp_float_value(0x7F, TCIR_F8E4M3FN)));
    assert_true(tc_interp_float_value(0x7C, TCIR_F8E5M2) == INFINITY);
    assert_true(isnan(tc_interp_float_value(0x80, TCIR_F8E5M2FNUZ)));
    assert_true(tc_interp_float_value(0x01, TCIR_F8E4M3FNUZ) == 0x1p-10);
    assert_true(tc_interp_float_value(0x0001, TCIR_F16) == 0x1p-24);
    assert_true(tc_interp_float_value(0x7BFF, TCIR_F16) == 65504.0);
    /* every f16 round-trips */
    for (uint32_t u = 0; u < 0x10000; u++) {
        double v = tc_interp_float_value(u, TCIR_F16);
        if (!isnan(v))
            assert_int_equal(tc_interp_float_bits(v, TCIR_F16, false), u);
    }
}

static tl_value to_i32(tl_value x, tl_value y)
{
    (void)y;
    return tl_to(x, TL_I32);
}
static tl_value to_u32(tl_value x, tl_value y)
{
    (void)y;
    return tl_to(x, TL_U32);
}

/* Out-of-range float-to-int casts saturate, NaN gives 0, truncation toward zero. */
static void test_float_to_int(void **state)
{
    (void)state;
    float x[N] = {3e9f, -3e9f, NAN, -1.5f, 2.7f, INFINITY, -0.9f, 2147483520.0f}, y[N] = {0};
    int32_t s[N];
    uint32_t u[N];
    binary(TL_F32, TL_I32, to_i32, x, y, s);
    binary(TL_F32, TL_U32, to_u32, x, y, u);
    int32_t ws[N] = {INT32_MAX, INT32_MIN, 0, -1, 2, INT32_MAX, 0, 2147483520};
    uint32_t wu[N] = {3000000000u, 0, 0, 0, 2, UINT32_MAX, 0, 2147483520u};
    assert_memory_equal(s, ws, sizeof s);
    assert_memory_equal(u, wu, sizeof u);
}

static tl_value lt_i32(tl_value x, tl_value y) { return tl_to(tl_lt(x, y), TL_I32); }
static tl_value ne_i32(tl_value x, tl_value y) { return tl_to(tl_ne(x, y), TL_I32); }
static tl_value ge_i32(tl_value x, tl_value y) { return tl_to(tl_ge(x, y), TL_I32); }
static tl_value fma3(tl_value x, tl_value y) { return tl_fma(x, y, x); }
static tl_value clamp01(tl_value x, tl_value y)
{
    (void)y;
    return tl_clamp(x, 0.0, 1.0);
}
static tl_value f16_rtz(tl_value x, tl_value y)
{
    (void)y;
    return tl_to(x, TL_F16, .fp_downcast_rounding = TL_RTZ);
}
static tl_value bits_of(tl_value x, tl_value y)
{
    (void)y;
    return tl_to(x, TL_I32, .bitcast = true);
}

/* Comparisons with NaN (ordered < and >=, unordered !=), fma, clamp, rtz narrowing, bitcast. */
static void test_float_compare_and_misc(void **state)
{
    (void)state;
    float x[N] = {NAN, 1.0f, 2.0f, -0.0f, 1.0f + 0x1p-11f * 3, 65520.0f, -1.5f, 0.5f};
    float y[N] = {1.0f, NAN, 2.0f, 0.0f, 1.0f, 1.0f, -2.0f, 3.0f};
    int32_t lt[N], ne[N], ge[N], bits[N];
    binary(TL_F32, TL_I32, lt_i32, x, y, lt);
    binary(TL_F32, TL_I32, ne_i32, x, y, ne);
    binary(TL_F32, TL_I32, ge_i32, x, y, ge);
    int32_t wlt[N] = {0, 0, 0, 0, 0, 0, 0, 1}, wne[N] = {1, 1, 0, 0, 1, 1, 1, 1}, wge[N] = {0, 0, 1, 1, 1, 1, 1, 0};
    assert_memory_equal(lt, wlt, sizeof lt);
    assert_memory_equal(ne, wne, sizeof ne);
    assert_memory_equal(ge, wge, sizeof ge);
    float f[N], c[N];
    binary(TL_F32, TL_F32, fma3, x, y, f);
    assert_true(f[2] == 6.0f && f[6] == 1.5f && f[7] == 2.0f && isnan(f[0]));
    binary(TL_F32, TL_F32, clamp01, x, y, c);
    assert_true(c[1] == 1.0f && c[6] == 0.0f && c[7] == 0.5f && c[0] == 0.0f); /* propagateNan = none: NaN gives lo */
    uint16_t hz[N];
    binary(TL_F32, TL_F16, f16_rtz, x, y, hz);
    assert_int_equal(hz[4], 0x3C01); /* nearest even would give 0x3C02 */
    assert_int_equal(hz[5], 0x7BFF); /* rtz does not overflow */
    assert_int_equal(hz[6], 0xBE00);
    binary(TL_F32, TL_I32, bits_of, x, y, bits);
    assert_int_equal((uint32_t)bits[3], 0x80000000u);
    assert_int_equal((uint32_t)bits[0], 0x7FC00000u);
}

static tl_value widen_i8(tl_value x, tl_value y)
{
    (void)y;
    return tl_to(x, TL_I32);
}

/* i8 sign-extends, u8 zero-extends, i32 truncates to i8; xchg and cas return the old value. */
static void test_int_casts_and_cas(void **state)
{
    (void)state;
    int8_t s8[N] = {-1, 127, -128, 0, 5, -5, 1, 2}, z8[N] = {0};
    int32_t w[N];
    binary(TL_I8, TL_I32, widen_i8, s8, z8, w);
    int32_t ww[N] = {-1, 127, -128, 0, 5, -5, 1, 2};
    assert_memory_equal(w, ww, sizeof w);
    uint8_t u8[N] = {255, 128, 0, 1, 2, 3, 4, 5}, zu[N] = {0};
    binary(TL_U8, TL_I32, widen_i8, u8, zu, w);
    int32_t wu[N] = {255, 128, 0, 1, 2, 3, 4, 5};
    assert_memory_equal(w, wu, sizeof w);

    tl_builder *b = start("cas");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32)), o = tl_arg(b, "o", TL_PTR(TL_I32));
    tl_value pid = tl_program_id(b, 0);
    tl_store(tl_addptr(o, pid), tl_atomic_cas(p, 1, tl_add(pid, 10)));
    tl_store(tl_addptr(o, tl_add(pid, 3)), tl_atomic_xchg(tl_addptr(p, 1), pid));
    tl_store(tl_addptr(o, tl_add(pid, 6)), tl_to(tl_to(tl_mul(tl_add(pid, 1), 0x12345), TL_I8), TL_I32));
    finish(b);
    int32_t cell[2] = {1, 7}, out[9];
    run_ok(b, tc_interp_grid1(3), 2, (tc_interp_arg[]){tc_interp_ptr(cell, sizeof cell), tc_interp_ptr(out, sizeof out)});
    tl_builder_destroy(b);
    /* program 0 swaps 1 for 10; the others see 10 and leave it */
    int32_t want[9] = {1, 10, 10, 7, 0, 1, 0x45, (int8_t)0x8A, (int8_t)0xCF};
    assert_memory_equal(out, want, sizeof out);
    assert_int_equal(cell[0], 10);
    assert_int_equal(cell[1], 2);
}

/* math.* on f32 against the C library's float functions, exactly (Triton takes f32 and f64 only). */
typedef tl_value (*unary_fn)(tl_value x);
static tl_value m_exp(tl_value x) { return tl_exp(x); }
static tl_value m_exp2(tl_value x) { return tl_exp2(x); }
static tl_value m_log(tl_value x) { return tl_log(x); }
static tl_value m_log2(tl_value x) { return tl_log2(x); }
static tl_value m_sqrt(tl_value x) { return tl_sqrt(x); }
static tl_value m_sqrt_rn(tl_value x) { return tl_sqrt_rn(x); }
static tl_value m_rsqrt(tl_value x) { return tl_rsqrt(x); }
static tl_value m_sin(tl_value x) { return tl_sin(x); }
static tl_value m_cos(tl_value x) { return tl_cos(x); }
static tl_value m_erf(tl_value x) { return tl_erf(x); }
static tl_value m_floor(tl_value x) { return tl_floor(x); }
static tl_value m_ceil(tl_value x) { return tl_ceil(x); }
static tl_value m_abs(tl_value x) { return tl_abs(x); }
static tl_value m_neg(tl_value x) { return tl_neg(x); }

static float c_rsqrt(float x) { return (float)(1.0 / sqrt((double)x)); }
static float c_neg(float x) { return -x; }

static void test_math_unary(void **state)
{
    (void)state;
    static const struct {
        unary_fn f;
        float (*c)(float);
    } fns[] = {{m_exp, expf},   {m_exp2, exp2f},   {m_log, logf},     {m_log2, log2f}, {m_sqrt, sqrtf},
               {m_sqrt_rn, sqrtf}, {m_rsqrt, c_rsqrt}, {m_sin, sinf},  {m_cos, cosf},   {m_erf, erff},
               {m_floor, floorf}, {m_ceil, ceilf},  {m_abs, fabsf},    {m_neg, c_neg}};
    float x[N] = {0.5f, 1.0f, 2.75f, 10.0f, 0.1f, 3.0f, 100.0f, 1e-3f};
    for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++) {
        tl_builder *b = start("math");
        tl_value xp = tl_arg(b, "x", TL_PTR(TL_F32)), op = tl_arg(b, "o", TL_PTR(TL_F32));
        tl_value offs = tl_arange(b, 0, N);
        tl_value v = tl_load(tl_addptr(xp, offs));
        tl_store(tl_addptr(op, offs), fns[k].f(v));
        finish(b);
        float o[N];
        run_ok(b, tc_interp_grid1(1), 2, (tc_interp_arg[]){tc_interp_ptr(x, sizeof x), tc_interp_ptr(o, sizeof o)});
        tl_builder_destroy(b);
        for (int i = 0; i < N; i++)
            assert_int_equal(f32_bits(o[i]), f32_bits(fns[k].c(x[i])));
    }
}

/* ---- reductions and scans ------------------------------------------------------------------------ */

/* out[0] = reduce(x[0..N)), as f32 */
typedef tl_value (*reduce_fn)(tl_value x);
static void reduce1(tl_dtype in, tl_dtype out, reduce_fn f, const void *x, void *o, size_t obytes)
{
    tl_builder *b = start("reduce");
    tl_value xp = tl_arg(b, "x", TL_PTR(in)), op = tl_arg(b, "o", TL_PTR(out));
    tl_value offs = tl_arange(b, 0, N);
    tl_value v = f(tl_load(tl_addptr(xp, offs)));
    tl_store(tcir_type_rank(tl_value_type(v)) ? tl_addptr(op, offs) : op, v);
    finish(b);
    run_ok(b, tc_interp_grid1(1), 2, (tc_interp_arg[]){tc_interp_ptr(x, N * tl_dtype_bits(in) / 8), tc_interp_ptr(o, obytes)});
    tl_builder_destroy(b);
}

static tl_value sum(tl_value x) { return tl_sum(x, 0); }
static tl_value max(tl_value x) { return tl_max(x, 0); }
static tl_value argmax(tl_value x) { return tl_argmax(x, 0); }
static tl_value cumsum(tl_value x) { return tl_cumsum(x, 0); }

/* The documented tree: ((x0+x4)+(x2+x6)) + ((x1+x5)+(x3+x7)). In order the sum would be 3
 * (2^24 + 1 rounds back to 2^24); the tree gives 6. */
static void test_reduce_tree_order(void **state)
{
    (void)state;
    float x[N] = {0x1p24f, 1, 1, 1, -0x1p24f, 1, 1, 1}, s = 0, m = 0;
    reduce1(TL_F32, TL_F32, sum, x, &s, sizeof s);
    assert_true(s == 6.0f);
    float y[N] = {1, -3, 7.5f, NAN, 2, 7.5f, -INFINITY, 0};
    reduce1(TL_F32, TL_F32, max, y, &m, sizeof m);
    assert_true(m == 7.5f); /* tl.max is maxnumf: the NaN is passed over */
    int32_t xi[N] = {3, 7, 7, 1, -2, 7, 0, 5}, idx = -1;
    reduce1(TL_I32, TL_I32, argmax, xi, &idx, sizeof idx);
    assert_int_equal(idx, 1); /* ties: the lowest index */
    int32_t c[N];
    int32_t ci[N] = {1, 2, 3, 4, -10, 0, INT32_MAX, 1};
    reduce1(TL_I32, TL_I32, cumsum, ci, c, sizeof c);
    int32_t wc[N] = {1, 3, 6, 10, 0, 0, INT32_MAX, INT32_MIN};
    assert_memory_equal(c, wc, sizeof c);
}

/* ---- shapes ------------------------------------------------------------------------------------------ */

/* out = [trans(reshape(x, 2x4)) | split(join(x, 2x)) halves | cat | gather | histogram], 8 each. */
static void test_shape_ops(void **state)
{
    (void)state;
    tl_builder *b = start("shapes");
    tl_value xp = tl_arg(b, "x", TL_PTR(TL_I32)), o = tl_arg(b, "o", TL_PTR(TL_I32));
    tl_value offs = tl_arange(b, 0, 8);
    tl_value x = tl_load(tl_addptr(xp, offs));
    tl_value t = tl_reshape(tl_trans(tl_reshape(x, TL_SHAPE(2, 4))), TL_SHAPE(8));
    tl_store(tl_addptr(o, offs), t);
    tl_pair halves = tl_split(tl_join(x, tl_mul(x, 2)));
    tl_store(tl_addptr(o, tl_add(offs, 8)), tl_sub(halves.second, halves.first));
    tl_value four = tl_arange(b, 0, 4);
    tl_store(tl_addptr(o, tl_add(offs, 16)), tl_cat(tl_mul(four, 10), tl_add(four, 100), .can_reorder = true));
    tl_value rev = tl_sub(7, offs);
    tl_store(tl_addptr(o, tl_add(offs, 24)), tl_gather(x, rev, 0));
    tl_store(tl_addptr(o, tl_add(offs, 32)), tl_histogram(tl_mod(x, 3), 8));
    tl_store(tl_addptr(o, tl_add(offs, 40)), tl_reshape(tl_broadcast_to(tl_expand_dims(tl_arange(b, 0, 2), 1), TL_SHAPE(2, 4)), TL_SHAPE(8)));
    finish(b);
    int32_t in[8] = {5, 6, 7, 8, 9, 10, 11, 12}, out[48];
    run_ok(b, tc_interp_grid1(1), 2, (tc_interp_arg[]){tc_interp_ptr(in, sizeof in), tc_interp_ptr(out, sizeof out)});
    tl_builder_destroy(b);
    int32_t want[48] = {5, 9, 6, 10, 7, 11, 8, 12,        /* trans */
                        5, 6, 7, 8, 9, 10, 11, 12,        /* 2x - x */
                        0, 10, 20, 30, 100, 101, 102, 103, /* cat */
                        12, 11, 10, 9, 8, 7, 6, 5,        /* gather */
                        3, 2, 3, 0, 0, 0, 0, 0,           /* histogram of x % 3 = 2 0 1 2 0 1 2 0 */
                        0, 0, 0, 0, 1, 1, 1, 1};          /* broadcast */
    assert_memory_equal(out, want, sizeof out);
}

/* Reductions along either axis of a 2x4 tensor, and a reverse scan. */
static void test_reduce_axes(void **state)
{
    (void)state;
    tl_builder *b = start("axes");
    tl_value xp = tl_arg(b, "x", TL_PTR(TL_I32)), o = tl_arg(b, "o", TL_PTR(TL_I32));
    tl_value offs = tl_arange(b, 0, 8);
    tl_value x = tl_reshape(tl_load(tl_addptr(xp, offs)), TL_SHAPE(2, 4));
    tl_store(tl_addptr(o, tl_arange(b, 0, 4)), tl_sum(x, 0));
    tl_store(tl_addptr(o, tl_add(tl_arange(b, 0, 2), 4)), tl_max(x, 1));
    tl_store(tl_addptr(o, tl_add(offs, 6)), tl_reshape(tl_cumsum(x, 1, .reverse = true), TL_SHAPE(8)));
    finish(b);
    int32_t in[8] = {1, 2, 3, 4, 10, -20, 30, -40}, out[14];
    run_ok(b, tc_interp_grid1(1), 2, (tc_interp_arg[]){tc_interp_ptr(in, sizeof in), tc_interp_ptr(out, sizeof out)});
    tl_builder_destroy(b);
    int32_t want[14] = {11, -18, 33, -36, 4, 30, 10, 9, 7, 4, -20, -30, -10, -40};
    assert_memory_equal(out, want, sizeof out);
}

static tl_value to_f32(tl_value x, tl_value y)
{
    (void)y;
    return tl_to(x, TL_F32);
}

/* int64 to f32 rounds once: 2^60 + 2^36 + 1 is above the halfway point to the next f32
 * (through a double it would land on the tie and round to even, 2^60). */
static void test_int_to_float_single_rounding(void **state)
{
    (void)state;
    int64_t x[N] = {((int64_t)1 << 60) + ((int64_t)1 << 36) + 1, ((int64_t)1 << 60) + ((int64_t)1 << 36), -3, 16777217,
                    INT64_MIN, INT64_MAX, 0, -1};
    int64_t y[N] = {0};
    float f[N];
    binary(TL_I64, TL_F32, to_f32, x, y, f);
    float want[N] = {0x1p60f + 0x1p37f, 0x1p60f, -3.0f, 16777216.0f, -0x1p63f, 0x1p63f, 0.0f, -1.0f};
    for (int i = 0; i < N; i++)
        assert_int_equal(f32_bits(f[i]), f32_bits(want[i]));
}

/* Block pointers: loads padded with NaN outside the checked bounds, tl_advance, a store that
 * writes only inside them. X and Y are 3x5 float32, the block 2x4 at (0, 2). */
static void test_block_pointers(void **state)
{
    (void)state;
    tl_builder *b = start("blockptr");
    tl_value xp = tl_arg(b, "x", TL_PTR(TL_F32)), yp = tl_arg(b, "y", TL_PTR(TL_F32)), op = tl_arg(b, "o", TL_PTR(TL_F32));
    tl_value bx = tl_make_block_ptr(xp, TL_LIST(3, 5), TL_LIST(5, 1), TL_LIST(0, 2), TL_SHAPE(2, 4), TL_ORDER(1, 0));
    tl_value first = tl_load(bx, .boundary_check = TL_DIMS(0, 1), .padding = TL_PADDING_NAN);
    tl_value second = tl_load(tl_advance(bx, TL_LIST(2, 0)), .boundary_check = TL_DIMS(0, 1), .padding = TL_PADDING_NAN);
    tl_value offs = tl_arange(b, 0, 8);
    tl_store(tl_addptr(op, offs), tl_reshape(first, TL_SHAPE(8)));
    tl_store(tl_addptr(op, tl_add(offs, 8)), tl_reshape(second, TL_SHAPE(8)));
    tl_value by = tl_make_block_ptr(yp, TL_LIST(3, 5), TL_LIST(5, 1), TL_LIST(0, 2), TL_SHAPE(2, 4), TL_ORDER(1, 0));
    tl_store(by, first, .boundary_check = TL_DIMS(0, 1));
    finish(b);
    float x[15], y[15] = {0}, o[16];
    for (int i = 0; i < 15; i++)
        x[i] = (float)(i / 5 * 10 + i % 5);
    run_ok(b, tc_interp_grid1(1), 3,
           (tc_interp_arg[]){tc_interp_ptr(x, sizeof x), tc_interp_ptr(y, sizeof y), tc_interp_ptr(o, sizeof o)});
    tl_builder_destroy(b);
    const float nan = NAN;
    float want[16] = {2, 3, 4, nan, 12, 13, 14, nan, 22, 23, 24, nan, nan, nan, nan, nan};
    for (int i = 0; i < 16; i++)
        assert_true(isnan(want[i]) ? isnan(o[i]) : o[i] == want[i]);
    float wy[15] = {0, 0, 2, 3, 4, 0, 0, 12, 13, 14, 0, 0, 0, 0, 0};
    assert_memory_equal(y, wy, sizeof y);
}

/* ---- dot ------------------------------------------------------------------------------------------ */

enum { D = 16 };

static void dot_kernel(tl_dtype dt, tl_input_precision prec, const void *a, const void *bm, float *c)
{
    tl_builder *b = start("dot");
    tl_value ap = tl_arg(b, "a", TL_PTR(dt)), bp = tl_arg(b, "b", TL_PTR(dt)), cp = tl_arg(b, "c", TL_PTR(TL_F32));
    tl_value r = tl_arange(b, 0, D);
    tl_value idx = tl_add(tl_mul(tl_expand_dims(r, 1), D), tl_expand_dims(r, 0));
    tl_value acc = tl_dot(tl_load(tl_addptr(ap, idx)), tl_load(tl_addptr(bp, idx)), .input_precision = prec);
    tl_store(tl_addptr(cp, idx), acc);
    finish(b);
    size_t eb = tl_dtype_bits(dt) / 8;
    run_ok(b, tc_interp_grid1(1), 3,
           (tc_interp_arg[]){tc_interp_ptr(a, D * D * eb), tc_interp_ptr(bm, D * D * eb), tc_interp_ptr(c, D * D * 4)});
    tl_builder_destroy(b);
}

/* f16 inputs, f32 accumulation in k order; tf32 truncates f32 inputs to 10 mantissa bits. */
/* Descriptor gathers and scatters: rows x_offsets, columns from y_offset; coordinates outside
 * the 4 x 12 tensor read zero and are not written; a row named twice keeps the later lane. */
static void test_descriptor_gather_scatter(void **state)
{
    (void)state;
    tl_builder *b = start("gather_scatter");
    tl_value xp = tl_arg(b, "x", TL_PTR(TL_I32)), xo = tl_arg(b, "xo", TL_PTR(TL_I32));
    tl_value gp = tl_arg(b, "g", TL_PTR(TL_I32)), yp = tl_arg(b, "y", TL_PTR(TL_I32));
    tl_value dx = tl_make_tensor_descriptor(xp, TL_LIST(4, 12), TL_LIST(12, 1), TL_SHAPE(1, 8));
    tl_value dy = tl_make_tensor_descriptor(yp, TL_LIST(4, 12), TL_LIST(12, 1), TL_SHAPE(1, 8));
    tl_value rows = tl_load(tl_addptr(xo, tl_arange(b, 0, 8)));
    tl_value g = tl_descriptor_gather(dx, rows, 6);
    tl_value flat = tl_reshape(tl_arange(b, 0, 64), TL_SHAPE(8, 8));
    tl_store(tl_addptr(gp, flat), g);
    tl_descriptor_scatter(dy, flat, rows, 6);
    finish(b);
    int32_t x[48], y[48], g_out[64], rows_in[8] = {3, 0, -1, 4, 1, 2, 0, 0};
    for (int i = 0; i < 48; i++) {
        x[i] = 100 + i;
        y[i] = -1;
    }
    run_ok(b, tc_interp_grid1(1), 4,
           (tc_interp_arg[]){tc_interp_ptr(x, sizeof x), tc_interp_ptr(rows_in, sizeof rows_in),
                             tc_interp_ptr(g_out, sizeof g_out), tc_interp_ptr(y, sizeof y)});
    tl_builder_destroy(b);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) {
            int row = rows_in[i], col = 6 + j;
            bool in = row >= 0 && row < 4 && col < 12;
            assert_int_equal(g_out[i * 8 + j], in ? 100 + row * 12 + col : 0);
        }
    int32_t want[48];
    for (int i = 0; i < 48; i++)
        want[i] = -1;
    for (int i = 0; i < 8; i++) /* lane order: row 0 ends with lane 7's values */
        for (int j = 0; j < 6; j++)
            if (rows_in[i] >= 0 && rows_in[i] < 4)
                want[rows_in[i] * 12 + 6 + j] = i * 8 + j;
    assert_memory_equal(y, want, sizeof y);
}

/* Descriptor reductions: add and min on int32 (signed), add on f32 and max on f16 (NaN gives
 * the number), over a 2 x 8 block at (3, 6) of a 4 x 12 tensor: only row 3, columns 6..11 are
 * inside, the rest is skipped. */
static void test_descriptor_reduce(void **state)
{
    (void)state;
    tl_builder *b = start("desc_reduce");
    tl_value ip = tl_arg(b, "i", TL_PTR(TL_I32)), mp = tl_arg(b, "m", TL_PTR(TL_I32));
    tl_value fp = tl_arg(b, "f", TL_PTR(TL_F32)), hp = tl_arg(b, "h", TL_PTR(TL_F16));
    tl_value vp = tl_arg(b, "v", TL_PTR(TL_F32));
    tl_value flat = tl_reshape(tl_arange(b, 0, 16), TL_SHAPE(2, 8));
    tl_value iv = tl_sub(flat, 4);
    tl_value fv = tl_load(tl_addptr(vp, flat));
    tl_descriptor_atomic_add(tl_make_tensor_descriptor(ip, TL_LIST(4, 12), TL_LIST(12, 1), TL_SHAPE(2, 8)),
                             TL_LIST(3, 6), iv);
    tl_descriptor_atomic_min(tl_make_tensor_descriptor(mp, TL_LIST(4, 12), TL_LIST(12, 1), TL_SHAPE(2, 8)),
                             TL_LIST(3, 6), iv);
    tl_descriptor_atomic_add(tl_make_tensor_descriptor(fp, TL_LIST(4, 12), TL_LIST(12, 1), TL_SHAPE(2, 8)),
                             TL_LIST(3, 6), fv);
    tl_descriptor_atomic_max(tl_make_tensor_descriptor(hp, TL_LIST(4, 12), TL_LIST(12, 1), TL_SHAPE(2, 8)),
                             TL_LIST(3, 6), tl_cast(fv, TL_F16));
    finish(b);
    int32_t iv_[48], mv[48];
    float fv_[48], v[16];
    uint16_t hv[48];
    for (int i = 0; i < 48; i++) {
        iv_[i] = i;
        mv[i] = 0;
        fv_[i] = 1.0f;
        hv[i] = 0x3C00; /* 1.0 */
    }
    hv[45] = 0x7E00; /* NaN in memory: max gives the value */
    for (int i = 0; i < 16; i++)
        v[i] = i == 0 ? 0x1p-24f : i == 1 ? NAN : (float)i - 4.0f;
    run_ok(b, tc_interp_grid1(1), 5,
           (tc_interp_arg[]){tc_interp_ptr(iv_, sizeof iv_), tc_interp_ptr(mv, sizeof mv), tc_interp_ptr(fv_, sizeof fv_),
                             tc_interp_ptr(hv, sizeof hv), tc_interp_ptr(v, sizeof v)});
    tl_builder_destroy(b);
    for (int i = 0; i < 48; i++) {
        bool in = i >= 36 + 6 && i < 48;
        int j = i - 42; /* block element (0, j) */
        assert_int_equal(iv_[i], in ? i + j - 4 : i);
        assert_int_equal(mv[i], in && j - 4 < 0 ? j - 4 : 0);
    }
    /* f32: 1 + 2^-24 rounds to 1 (ties to even), 1 + NaN is NaN, 1 + (j - 4) exact */
    assert_true(fv_[42] == 1.0f && isnan(fv_[43]) && fv_[44] == -1.0f && fv_[47] == 2.0f && fv_[41] == 1.0f);
    /* f16 max(1, 2^-24) = 1, max(1, NaN) = 1, max(1, -2) = 1, max(NaN, -1) = -1, max(1, 0) = 1 */
    uint16_t want_h[6] = {0x3C00, 0x3C00, 0x3C00, 0xBC00, 0x3C00, 0x3C00};
    assert_memory_equal(hv + 42, want_h, sizeof want_h);
    assert_int_equal(hv[41], 0x3C00);
}

/* Descriptor and / or / xor, and max on int32 (signed: -1 below 0), over a 1 x 8 block at
 * (1, 4) of a 2 x 8 tensor: columns 4..7 inside. */
static void test_descriptor_reduce_bits(void **state)
{
    (void)state;
    tl_builder *b = start("desc_reduce_bits");
    tl_value p[4];
    static const char *const names[4] = {"a", "o", "x", "m"};
    for (int k = 0; k < 4; k++)
        p[k] = tl_arg(b, names[k], TL_PTR(TL_I32));
    tl_value v = tl_sub(tl_reshape(tl_arange(b, 0, 8), TL_SHAPE(1, 8)), 1); /* -1, 0, 1, ... */
    tl_descriptor_atomic_and(tl_make_tensor_descriptor(p[0], TL_LIST(2, 8), TL_LIST(8, 1), TL_SHAPE(1, 8)),
                             TL_LIST(1, 4), v);
    tl_descriptor_atomic_or(tl_make_tensor_descriptor(p[1], TL_LIST(2, 8), TL_LIST(8, 1), TL_SHAPE(1, 8)),
                            TL_LIST(1, 4), v);
    tl_descriptor_atomic_xor(tl_make_tensor_descriptor(p[2], TL_LIST(2, 8), TL_LIST(8, 1), TL_SHAPE(1, 8)),
                             TL_LIST(1, 4), v);
    tl_descriptor_atomic_max(tl_make_tensor_descriptor(p[3], TL_LIST(2, 8), TL_LIST(8, 1), TL_SHAPE(1, 8)),
                             TL_LIST(1, 4), v);
    finish(b);
    int32_t m[4][16];
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 16; i++)
            m[k][i] = 6;
    run_ok(b, tc_interp_grid1(1), 4,
           (tc_interp_arg[]){tc_interp_ptr(m[0], 64), tc_interp_ptr(m[1], 64), tc_interp_ptr(m[2], 64),
                             tc_interp_ptr(m[3], 64)});
    tl_builder_destroy(b);
    for (int i = 0; i < 16; i++) {
        bool in = i >= 12;
        int32_t x = i - 12 - 1; /* the block's element at column i - 8 - 4 */
        assert_int_equal(m[0][i], in ? (6 & x) : 6);
        assert_int_equal(m[1][i], in ? (6 | x) : 6);
        assert_int_equal(m[2][i], in ? (6 ^ x) : 6);
        assert_int_equal(m[3][i], in ? (x > 6 ? x : 6) : 6);
    }
}

static void test_dot(void **state)
{
    (void)state;
    uint16_t a[D * D], bm[D * D];
    float fa[D * D], fb[D * D];
    for (int i = 0; i < D * D; i++) {
        fa[i] = (float)(i % 7 - 3) * 0.5f;
        fb[i] = (float)(i % 5 - 2) * 0.25f;
        a[i] = (uint16_t)tc_interp_float_bits(fa[i], TCIR_F16, false);
        bm[i] = (uint16_t)tc_interp_float_bits(fb[i], TCIR_F16, false);
    }
    float c[D * D];
    dot_kernel(TL_F16, TL_PRECISION_IEEE, a, bm, c);
    for (int i = 0; i < D; i++)
        for (int j = 0; j < D; j++) {
            float s = 0;
            for (int k = 0; k < D; k++)
                s += fa[i * D + k] * fb[k * D + j];
            assert_true(c[i * D + j] == s);
        }
    float ta[D * D], tb[D * D];
    for (int i = 0; i < D * D; i++) {
        ta[i] = 1.0f + 0x1p-20f; /* below tf32's precision */
        tb[i] = i == 0 ? 1.0f : 0.0f;
    }
    dot_kernel(TL_F32, TL_PRECISION_IEEE, ta, tb, c);
    assert_true(c[0] == 1.0f + 0x1p-20f);
    dot_kernel(TL_F32, TL_PRECISION_TF32, ta, tb, c);
    assert_true(c[0] == 1.0f);
}

/* ---- dot_scaled: mx formats -------------------------------------------------------------------- */

enum { SM = 2, SN = 4, SK = 64 };

/* fp4 e2m1's eight magnitudes, by code (sign in bit 3). */
static double fp4_value(unsigned code)
{
    static const double mag[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
    return code & 8 ? -mag[code & 7] : mag[code & 7];
}

/* lhs e2m1 packed along K ([SM, SK / 2] bytes, low nibble first) with e8m0 scales [SM, 2];
 * rhs e4m3 [SK, SN] with e8m0 scales [SN, 2]; acc given. */
static void dot_scaled_fp4_e4m3(const uint8_t *a, const uint8_t *sa, const uint8_t *bm, const uint8_t *sb,
                                const float *acc, float *out)
{
    tl_builder *b = start("dot_scaled");
    tl_value ap = tl_arg(b, "a", TL_PTR(TL_U8)), sap = tl_arg(b, "sa", TL_PTR(TL_U8));
    tl_value bp = tl_arg(b, "b", TL_PTR(TL_U8)), sbp = tl_arg(b, "sb", TL_PTR(TL_U8));
    tl_value cp = tl_arg(b, "c", TL_PTR(TL_F32)), op = tl_arg(b, "o", TL_PTR(TL_F32));
    tl_value av = tl_load(tl_addptr(ap, tl_reshape(tl_arange(b, 0, SM * SK / 2), TL_SHAPE(SM, SK / 2))));
    tl_value sav = tl_load(tl_addptr(sap, tl_reshape(tl_arange(b, 0, SM * 2), TL_SHAPE(SM, 2))));
    tl_value bv = tl_load(tl_addptr(bp, tl_reshape(tl_arange(b, 0, SK * SN), TL_SHAPE(SK, SN))));
    tl_value sbv = tl_load(tl_addptr(sbp, tl_reshape(tl_arange(b, 0, SN * 2), TL_SHAPE(SN, 2))));
    tl_value offs = tl_reshape(tl_arange(b, 0, SM * SN), TL_SHAPE(SM, SN));
    tl_value d = tl_dot_scaled(av, sav, "e2m1", bv, sbv, "e4m3", tl_load(tl_addptr(cp, offs)));
    tl_store(tl_addptr(op, offs), d);
    finish(b);
    run_ok(b, tc_interp_grid1(1), 6,
           (tc_interp_arg[]){tc_interp_ptr(a, SM * SK / 2), tc_interp_ptr(sa, SM * 2), tc_interp_ptr(bm, SK * SN),
                             tc_interp_ptr(sb, SN * 2), tc_interp_ptr(acc, SM * SN * 4),
                             tc_interp_ptr(out, SM * SN * 4)});
    tl_builder_destroy(b);
}

/* mxfp4 x mxfp8 against a plain sum: every fp4 code, scales 2^-2..2^1 per 32-group, e4m3
 * values 1, 2, -0.5, 448; all products and sums exact in f32, so the comparison is exact. An
 * e8m0 scale of 255 is NaN. */
static void test_dot_scaled(void **state)
{
    (void)state;
    uint8_t a[SM * SK / 2], sa[SM * 2], bm[SK * SN], sb[SN * 2];
    static const uint8_t e4m3[4] = {0x38, 0x40, 0xB0, 0x7E}; /* 1, 2, -0.5, 448 */
    static const double e4m3_v[4] = {1, 2, -0.5, 448};
    for (int i = 0; i < SM * SK / 2; i++)
        a[i] = (uint8_t)((i * 5 + 3) % 16 | ((i * 7 + 1) % 16) << 4);
    for (int i = 0; i < SM * 2; i++)
        sa[i] = (uint8_t)(125 + i); /* 2^-2 .. 2^1 */
    for (int i = 0; i < SK * SN; i++)
        bm[i] = e4m3[(i / SN + i % SN) % 4 == 3 && i % 9 ? 0 : (i / SN + i % SN) % 4];
    for (int i = 0; i < SN * 2; i++)
        sb[i] = (uint8_t)(127 - i % 3);
    float acc[SM * SN], out[SM * SN];
    for (int i = 0; i < SM * SN; i++)
        acc[i] = (float)i - 3.5f;
    dot_scaled_fp4_e4m3(a, sa, bm, sb, acc, out);
    for (int m = 0; m < SM; m++)
        for (int n = 0; n < SN; n++) {
            double s = acc[m * SN + n];
            for (int k = 0; k < SK; k++) {
                unsigned byte = a[m * SK / 2 + k / 2], code = k % 2 ? byte >> 4 : byte & 15;
                int bi = k * SN + n, sel = (k + n) % 4 == 3 && bi % 9 ? 0 : (k + n) % 4;
                s += fp4_value(code) * ldexp(1, sa[m * 2 + k / 32] - 127) * e4m3_v[sel] *
                     ldexp(1, sb[n * 2 + k / 32] - 127);
            }
            assert_true(out[m * SN + n] == (float)s);
        }
    sb[3] = 255; /* NaN: column 1, second group */
    dot_scaled_fp4_e4m3(a, sa, bm, sb, acc, out);
    for (int m = 0; m < SM; m++)
        for (int n = 0; n < SN; n++)
            assert_true(isnan(out[m * SN + n]) == (n == 1));
}

/* rhs e2m1 packed along N (rhs_k_pack = false: [SK, SN / 2] bytes, low nibble the even
 * column), lhs bf16 without a scale, rhs without a scale, no accumulator. */
static void test_dot_scaled_n_packed(void **state)
{
    (void)state;
    tl_builder *b = start("dot_scaled_n");
    tl_value ap = tl_arg(b, "a", TL_PTR(TL_BF16)), bp = tl_arg(b, "b", TL_PTR(TL_U8));
    tl_value op = tl_arg(b, "o", TL_PTR(TL_F32));
    tl_value av = tl_load(tl_addptr(ap, tl_reshape(tl_arange(b, 0, SM * SK), TL_SHAPE(SM, SK))));
    tl_value bv = tl_load(tl_addptr(bp, tl_reshape(tl_arange(b, 0, SK * SN / 2), TL_SHAPE(SK, SN / 2))));
    tl_value d = tl_dot_scaled(av, TL_NO_SCALE, "bf16", bv, TL_NO_SCALE, "e2m1", .rhs_k_pack = TL_K_PACK_FALSE);
    tl_store(tl_addptr(op, tl_reshape(tl_arange(b, 0, SM * SN), TL_SHAPE(SM, SN))), d);
    finish(b);
    uint16_t a[SM * SK];
    uint8_t bm[SK * SN / 2];
    float out[SM * SN];
    for (int i = 0; i < SM * SK; i++)
        a[i] = (uint16_t)(0x3F80 + ((i % 5) << 4) + (i % 3 ? 0 : 0x8000)); /* +-1, 1.125 .. 1.5 */
    for (int i = 0; i < SK * SN / 2; i++)
        bm[i] = (uint8_t)((i * 3) % 16 | ((i * 11 + 5) % 16) << 4);
    run_ok(b, tc_interp_grid1(1), 3,
           (tc_interp_arg[]){tc_interp_ptr(a, sizeof a), tc_interp_ptr(bm, sizeof bm), tc_interp_ptr(out, sizeof out)});
    tl_builder_destroy(b);
    for (int m = 0; m < SM; m++)
        for (int n = 0; n < SN; n++) {
            double s = 0;
            for (int k = 0; k < SK; k++) {
                double x = (a[m * SK + k] & 0x8000 ? -1 : 1) * (1 + ((a[m * SK + k] >> 4 & 7) / 8.0));
                unsigned byte = bm[k * SN / 2 + n / 2], code = n % 2 ? byte >> 4 : byte & 15;
                s += x * fp4_value(code);
            }
            assert_true(out[m * SN + n] == (float)s);
        }
}

/* e5m2 lhs with fp8e4nv scales (groups of 16: [SM, SK / 16]), fp16 rhs with e8m0 scales. */
static void test_dot_scaled_e5m2_fp16(void **state)
{
    (void)state;
    tl_builder *b = start("dot_scaled_e5m2");
    tl_value ap = tl_arg(b, "a", TL_PTR(TL_U8)), sap = tl_arg(b, "sa", TL_PTR(TL_FP8E4NV));
    tl_value bp = tl_arg(b, "b", TL_PTR(TL_F16)), sbp = tl_arg(b, "sb", TL_PTR(TL_U8));
    tl_value op = tl_arg(b, "o", TL_PTR(TL_F32));
    tl_value av = tl_load(tl_addptr(ap, tl_reshape(tl_arange(b, 0, SM * SK), TL_SHAPE(SM, SK))));
    tl_value sav = tl_load(tl_addptr(sap, tl_reshape(tl_arange(b, 0, SM * SK / 16), TL_SHAPE(SM, SK / 16))));
    tl_value bv = tl_load(tl_addptr(bp, tl_reshape(tl_arange(b, 0, SK * SN), TL_SHAPE(SK, SN))));
    tl_value sbv = tl_load(tl_addptr(sbp, tl_reshape(tl_arange(b, 0, SN * 2), TL_SHAPE(SN, 2))));
    tl_store(tl_addptr(op, tl_reshape(tl_arange(b, 0, SM * SN), TL_SHAPE(SM, SN))),
             tl_dot_scaled(av, sav, "e5m2", bv, sbv, "fp16"));
    finish(b);
    static const uint8_t e5m2[4] = {0x3C, 0x40, 0xBC, 0x38};  /* 1, 2, -1, 0.5 */
    static const double e5m2_v[4] = {1, 2, -1, 0.5};
    static const uint8_t e4m3[4] = {0x38, 0x40, 0x30, 0x48}; /* 1, 2, 0.5, 4 */
    static const double e4m3_v[4] = {1, 2, 0.5, 4};
    uint8_t a[SM * SK], sa[SM * SK / 16], sb[SN * 2];
    uint16_t bm[SK * SN];
    double bv_[SK * SN];
    float out[SM * SN];
    for (int i = 0; i < SM * SK; i++)
        a[i] = e5m2[(i * 7 + 1) % 4];
    for (int i = 0; i < SM * SK / 16; i++)
        sa[i] = e4m3[i % 4];
    for (int i = 0; i < SK * SN; i++) {
        bv_[i] = (double)((i * 5) % 7 - 3) * 0.25;
        bm[i] = (uint16_t)tc_interp_float_bits(bv_[i], TCIR_F16, false);
    }
    for (int i = 0; i < SN * 2; i++)
        sb[i] = (uint8_t)(126 + i % 3);
    run_ok(b, tc_interp_grid1(1), 5,
           (tc_interp_arg[]){tc_interp_ptr(a, sizeof a), tc_interp_ptr(sa, sizeof sa), tc_interp_ptr(bm, sizeof bm),
                             tc_interp_ptr(sb, sizeof sb), tc_interp_ptr(out, sizeof out)});
    tl_builder_destroy(b);
    for (int m = 0; m < SM; m++)
        for (int n = 0; n < SN; n++) {
            double sum = 0;
            for (int k = 0; k < SK; k++)
                sum += e5m2_v[((m * SK + k) * 7 + 1) % 4] *
                       e4m3_v[(m * SK / 16 + k / 16) % 4] * bv_[k * SN + n] * ldexp(1, sb[n * 2 + k / 32] - 127);
            assert_true(out[m * SN + n] == (float)sum);
        }
}

/* ---- programs, atomics, control flow --------------------------------------------------------------- */

/* Each program adds 1 to a counter and records the old value: programs run in order. */
static void test_atomics_program_order(void **state)
{
    (void)state;
    tl_builder *b = start("atomics");
    tl_value cnt = tl_arg(b, "cnt", TL_PTR(TL_I32)), out = tl_arg(b, "out", TL_PTR(TL_I32));
    tl_value mx = tl_arg(b, "mx", TL_PTR(TL_I32));
    tl_value pid = tl_program_id(b, 0);
    tl_value old = tl_atomic_add(cnt, 1);
    tl_store(tl_addptr(out, pid), old);
    tl_atomic_max(mx, tl_mul(pid, -1));
    finish(b);
    int32_t c = 0, o[5] = {0}, m = -100;
    run_ok(b, tc_interp_grid1(5), 3, (tc_interp_arg[]){tc_interp_ptr(&c, 4), tc_interp_ptr(o, sizeof o), tc_interp_ptr(&m, 4)});
    tl_builder_destroy(b);
    int32_t wo[5] = {0, 1, 2, 3, 4};
    assert_int_equal(c, 5);
    assert_int_equal(m, 0);
    assert_memory_equal(o, wo, sizeof o);
}

/* program_id and num_programs over a 3x2x2 grid: out[pid] = x + 10 y + 100 z + 1000 * (nx+ny+nz). */
static void test_program_ids(void **state)
{
    (void)state;
    tl_builder *b = start("pids");
    tl_value out = tl_arg(b, "out", TL_PTR(TL_I32));
    tl_value x = tl_program_id(b, 0), y = tl_program_id(b, 1), z = tl_program_id(b, 2);
    tl_value n = tl_add(tl_add(tl_num_programs(b, 0), tl_num_programs(b, 1)), tl_num_programs(b, 2));
    tl_value lin = tl_add(tl_mul(tl_add(tl_mul(z, 2), y), 3), x);
    tl_store(tl_addptr(out, lin), tl_add(tl_add(tl_add(x, tl_mul(y, 10)), tl_mul(z, 100)), tl_mul(n, 1000)));
    finish(b);
    int32_t o[12];
    run_ok(b, tc_interp_grid3(3, 2, 2), 1, (tc_interp_arg[]){tc_interp_ptr(o, sizeof o)});
    tl_builder_destroy(b);
    for (int k = 0; k < 2; k++)
        for (int j = 0; j < 2; j++)
            for (int i = 0; i < 3; i++)
                assert_int_equal(o[(k * 2 + j) * 3 + i], i + 10 * j + 100 * k + 7000);
}

/* scf.for with carried values, scf.while, scf.if, and an early return (cf.cond_br). */
static void test_control_flow(void **state)
{
    (void)state;
    tl_builder *b = start("control");
    tl_value out = tl_arg(b, "out", TL_PTR(TL_I32)), n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value pid = tl_program_id(b, 0);
    tl_return_if(tl_eq(pid, 1));
    tl_value acc = tl_to_tensor(b, 0);
    tl_scope loop = tl_for(b, 0, n, 1, .carry = TL_VARS(&acc));
    acc = tl_add(acc, loop.iv);
    tl_end(&loop);
    tl_store(tl_addptr(out, tl_mul(pid, 3)), acc);
    tl_value i = tl_to_tensor(b, 1);
    tl_scope w = tl_while(b, .carry = TL_VARS(&i));
    tl_do(&w, tl_lt(i, 100));
    i = tl_mul(i, 3);
    tl_end(&w);
    tl_store(tl_addptr(out, tl_add(tl_mul(pid, 3), 1)), i);
    tl_value v = tl_to_tensor(b, 5);
    tl_scope br = tl_if(tl_gt(n, 4), .carry = TL_VARS(&v));
    v = tl_to_tensor(b, 7);
    tl_else(&br);
    v = tl_to_tensor(b, 9);
    tl_end(&br);
    tl_store(tl_addptr(out, tl_add(tl_mul(pid, 3), 2)), v);
    finish(b);
    int32_t o[9];
    for (int k = 0; k < 9; k++)
        o[k] = -1;
    run_ok(b, tc_interp_grid1(3), 2, (tc_interp_arg[]){tc_interp_ptr(o, sizeof o), tc_interp_int(5)});
    tl_builder_destroy(b);
    int32_t want[9] = {10, 243, 7, -1, -1, -1, 10, 243, 7};
    assert_memory_equal(o, want, sizeof o);
}

/* ---- debugging ops ---------------------------------------------------------------------------------- */

static void test_device_print(void **state)
{
    (void)state;
    tl_builder *b = start("print");
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value offs = tl_arange(b, 0, 2);
    tl_device_print(b, "v", .a0 = tl_load(tl_addptr(x, offs)), .a1 = tl_sub(offs, 1));
    finish(b);
    float in[2] = {1.5f, -2.0f};
    FILE *f = tmpfile();
    assert_non_null(f);
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    tc_interp_set_print_stream(ip, f);
    assert_true(tc_interp_launch(ip, tc_interp_grid1(2), tc_interp_ptr(in, sizeof in)));
    tc_interp_destroy(ip);
    tl_builder_destroy(b);
    char text[1024] = "";
    rewind(f);
    size_t len = fread(text, 1, sizeof text - 1, f);
    text[len] = '\0';
    fclose(f);
    assert_string_equal(text, "pid (0, 0, 0) idx (0) v: (operand 0) 1.500000\n"
                              "pid (0, 0, 0) idx (1) v: (operand 0) -2.000000\n"
                              "pid (0, 0, 0) idx (0) v: (operand 1) -1\n"
                              "pid (0, 0, 0) idx (1) v: (operand 1) 0\n"
                              "pid (1, 0, 0) idx (0) v: (operand 0) 1.500000\n"
                              "pid (1, 0, 0) idx (1) v: (operand 0) -2.000000\n"
                              "pid (1, 0, 0) idx (0) v: (operand 1) -1\n"
                              "pid (1, 0, 0) idx (1) v: (operand 1) 0\n");
}

static void test_device_assert(void **state)
{
    (void)state;
    tl_builder *b = start("assert");
    tl_builder_set_debug(b, true);
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value offs = tl_arange(b, 0, 8);
    int line = __LINE__ + 1;
    tl_device_assert(tl_lt(tl_add(offs, tl_program_id(b, 0)), n), "offset below n");
    finish(b);
    char *e = run_error(b, tc_interp_grid1(4), 1, (tc_interp_arg[]){tc_interp_int(10)});
    char want[256];
    snprintf(want, sizeof want,
             "%s:%d: tt.assert: device_assert failed: program (3, 0, 0), lane 7: offset below n", __FILE__, line);
    assert_string_equal(e, want);
    free(e);
    tl_builder_destroy(b);
}

static void test_libdevice(void **state)
{
    (void)state;
    tl_builder *b = start("libdevice");
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32)), o = tl_arg(b, "o", TL_PTR(TL_F32));
    tl_value offs = tl_arange(b, 0, 2);
    tl_store(tl_addptr(o, offs), tl_libdevice(tl_load(tl_addptr(x, offs)), "tanh"));
    finish(b);
    float in[2] = {0.5f, -1.0f}, out[2];
    run_ok(b, tc_interp_grid1(1), 2, (tc_interp_arg[]){tc_interp_ptr(in, sizeof in), tc_interp_ptr(out, sizeof out)});
    tl_builder_destroy(b);
    assert_true(out[0] == tanhf(0.5f) && out[1] == tanhf(-1.0f));

    b = start("libdevice2");
    x = tl_arg(b, "x", TL_PTR(TL_F32));
    static const tl_extern_overload no_such[] = {{.args = {TL_F32}, .symbol = "__nv_no_such_fn", .ret = TL_F32}};
    tl_values args = TL_VALUES(tl_load(x));
    int line = __LINE__ + 1;
    tl_store(x, tl_extern_elementwise("", "", args, 1, no_such, true));
    finish(b);
    char *e = run_error(b, tc_interp_grid1(1), 1, (tc_interp_arg[]){tc_interp_ptr(in, sizeof in)});
    char want[256];
    snprintf(want, sizeof want,
             "%s:%d: tt.extern_elementwise: libdevice function '__nv_no_such_fn' is not supported by the interpreter",
             __FILE__, line);
    assert_string_equal(e, want);
    free(e);
    tl_builder_destroy(b);
}

/* out[i] = SYM(args...) over N lanes through tl_extern_elementwise: nin arguments of dtypes
 * in[k], values x[k] (N elements each, of their dtype's size), result of dtype ret into o. */
static void extern_call(const char *sym, tl_dtype ret, int nin, const tl_dtype *in, const void *const *x, void *o)
{
    tl_builder *b = start(sym);
    tl_value p[4], offs, o_arg;
    tl_extern_overload ov = {.symbol = sym, .ret = ret};
    char name[2] = "a";
    for (int k = 0; k < nin; k++, name[0]++) {
        p[k] = tl_arg(b, name, TL_PTR(in[k]));
        ov.args[k] = in[k];
    }
    o_arg = tl_arg(b, "o", TL_PTR(ret));
    offs = tl_arange(b, 0, N);
    tl_value v[4];
    for (int k = 0; k < nin; k++)
        v[k] = tl_load(tl_addptr(p[k], offs));
    tl_store(tl_addptr(o_arg, offs), tl_extern_elementwise("", "", ((tl_values){nin, v}), 1, &ov, true));
    finish(b);
    tc_interp_arg args[5];
    for (int k = 0; k < nin; k++)
        args[k] = tc_interp_ptr(x[k], N * tl_dtype_bits(in[k]) / 8);
    args[nin] = tc_interp_ptr(o, N * tl_dtype_bits(ret) / 8);
    run_ok(b, tc_interp_grid1(1), nin + 1, args);
    tl_builder_destroy(b);
}

#define EXT1(sym, ret, t0, x0, out) extern_call(sym, ret, 1, (tl_dtype[]){t0}, (const void *[]){x0}, out)
#define EXT2(sym, ret, t0, x0, t1, x1, out)                                                       \
    extern_call(sym, ret, 2, (tl_dtype[]){t0, t1}, (const void *[]){x0, x1}, out)
#define EXT3(sym, ret, t, x0, x1, x2, out)                                                        \
    extern_call(sym, ret, 3, (tl_dtype[]){t, t, t}, (const void *[]){x0, x1, x2}, out)

/* libdevice's integer functions at their edges, as CUDA's libdevice documentation defines
 * them. */
static void test_libdevice_int(void **state)
{
    (void)state;
    int32_t x[N] = {0, 1, -1, INT32_MIN, INT32_MAX, 0x00F00000, 6, -7};
    int32_t y[N] = {0, -1, -1, -1, INT32_MAX, 16, -3, 2};
    int32_t o[N];
    EXT1("__nv_clz", TL_I32, TL_I32, x, o);
    assert_memory_equal(o, ((int32_t[N]){32, 31, 0, 0, 1, 8, 29, 0}), sizeof o);
    EXT1("__nv_popc", TL_I32, TL_I32, x, o);
    assert_memory_equal(o, ((int32_t[N]){0, 1, 32, 1, 31, 4, 2, 30}), sizeof o);
    EXT1("__nv_ffs", TL_I32, TL_I32, x, o);
    assert_memory_equal(o, ((int32_t[N]){0, 1, 1, 32, 1, 21, 2, 1}), sizeof o);
    EXT1("__nv_brev", TL_I32, TL_I32, x, o);
    assert_memory_equal(o, ((int32_t[N]){0, INT32_MIN, -1, 1, -2, 0x00000F00, 0x60000000, (int32_t)0x9FFFFFFFu}),
                        sizeof o);
    EXT1("__nv_abs", TL_I32, TL_I32, x, o);
    assert_memory_equal(o, ((int32_t[N]){0, 1, 1, INT32_MIN, INT32_MAX, 0x00F00000, 6, 7}), sizeof o);
    EXT2("__nv_mulhi", TL_I32, TL_I32, x, TL_I32, y, o);
    assert_memory_equal(o, ((int32_t[N]){0, -1, 0, 0, 0x3FFFFFFF, 0, -1, -1}), sizeof o);
    EXT2("__nv_umulhi", TL_U32, TL_U32, x, TL_U32, y, o);
    assert_memory_equal(o, ((int32_t[N]){0, 0, -2, 0x7FFFFFFF, 0x3FFFFFFF, 0, 5, 1}), sizeof o);
    EXT2("__nv_mul24", TL_I32, TL_I32, x, TL_I32, y, o); /* low 24 bits, sign-extended */
    assert_memory_equal(o, ((int32_t[N]){0, -1, 1, 0, 1, (int32_t)0xFF000000u, -18, -14}), sizeof o);
    EXT2("__nv_umul24", TL_U32, TL_U32, x, TL_U32, y, o);
    assert_memory_equal(o, ((int32_t[N]){0, 0xFFFFFF, (int32_t)0xFE000001u, 0, (int32_t)0xFE000001u,
                                         0x0F000000, (int32_t)(6u * 0xFFFFFDu), (int32_t)(0xFFFFF9u * 2u)}),
                        sizeof o);
    EXT2("__nv_hadd", TL_I32, TL_I32, x, TL_I32, y, o); /* floor((x + y) / 2), no overflow */
    assert_memory_equal(o, ((int32_t[N]){0, 0, -1, (int32_t)0xBFFFFFFFu, INT32_MAX, 0x00780008, 1, -3}), sizeof o);
    EXT2("__nv_rhadd", TL_I32, TL_I32, x, TL_I32, y, o);
    assert_memory_equal(o, ((int32_t[N]){0, 0, -1, (int32_t)0xC0000000u, INT32_MAX, 0x00780008, 2, -2}), sizeof o);
    EXT2("__nv_uhadd", TL_U32, TL_U32, x, TL_U32, y, o);
    assert_memory_equal(o, ((int32_t[N]){0, INT32_MIN, -1, (int32_t)0xBFFFFFFFu, INT32_MAX, 0x00780008,
                                         INT32_MIN + 1, 0x7FFFFFFD}),
                        sizeof o);
    EXT2("__nv_min", TL_I32, TL_I32, x, TL_I32, y, o);
    assert_memory_equal(o, ((int32_t[N]){0, -1, -1, INT32_MIN, INT32_MAX, 16, -3, -7}), sizeof o);
    EXT2("__nv_umax", TL_U32, TL_U32, x, TL_U32, y, o);
    assert_memory_equal(o, ((int32_t[N]){0, -1, -1, -1, INT32_MAX, 0x00F00000, -3, -7}), sizeof o);
    int32_t z[N] = {5, 5, 5, 5, 5, 5, -1, 0};
    EXT3("__nv_sad", TL_I32, TL_I32, x, y, z, o); /* |x - y| + z, z unsigned */
    assert_memory_equal(o, ((int32_t[N]){5, 7, 5, (int32_t)0x80000004u, 5, 0x00F00000 - 11, 8, 9}), sizeof o);
    EXT3("__nv_usad", TL_U32, TL_U32, x, y, z, o);
    assert_memory_equal(o, ((int32_t[N]){5, 3, 5, (int32_t)0x80000004u, 5, 0x00F00000 - 11, -10, -9}), sizeof o);
    uint32_t bx[N] = {0x33221100u, 0x33221100u, 0x33221100u, 0x33221100u, 0, 0, 0, 0};
    uint32_t by[N] = {0x77665544u, 0x77665544u, 0x77665544u, 0x77665544u, 0, 0, 0, 0};
    /* a selector nibble uses its low 3 bits: 8 is byte 0 */
    uint32_t bs[N] = {0x3210u, 0x7654u, 0x0123u, 0xFFFF8888u, 0, 0, 0, 0}, bo[N];
    EXT3("__nv_byte_perm", TL_U32, TL_U32, bx, by, bs, bo);
    assert_memory_equal(bo, ((uint32_t[N]){0x33221100u, 0x77665544u, 0x00112233u, 0, 0, 0, 0, 0}),
                        sizeof bo);
    int64_t lx[N] = {0, 1, -1, INT64_MIN, INT64_MAX, 3, -3, 1LL << 40};
    int64_t ly[N] = {0, -1, -1, -1, INT64_MAX, -5, 7, 1LL << 40};
    int64_t lo[N];
    int32_t lc[N];
    EXT1("__nv_clzll", TL_I32, TL_I64, lx, lc);
    assert_memory_equal(lc, ((int32_t[N]){64, 63, 0, 0, 1, 62, 0, 23}), sizeof lc);
    EXT1("__nv_popcll", TL_I32, TL_I64, lx, lc);
    assert_memory_equal(lc, ((int32_t[N]){0, 1, 64, 1, 63, 2, 63, 1}), sizeof lc);
    EXT1("__nv_ffsll", TL_I32, TL_I64, lx, lc);
    assert_memory_equal(lc, ((int32_t[N]){0, 1, 1, 64, 1, 1, 1, 41}), sizeof lc);
    EXT1("__nv_brevll", TL_I64, TL_I64, lx, lo);
    assert_memory_equal(lo, ((int64_t[N]){0, INT64_MIN, -1, 1, -2, (int64_t)0xC000000000000000ull,
                                          (int64_t)0xBFFFFFFFFFFFFFFFull, 1LL << 23}),
                        sizeof lo);
    EXT2("__nv_mul64hi", TL_I64, TL_I64, lx, TL_I64, ly, lo);
    assert_memory_equal(lo, ((int64_t[N]){0, -1, 0, 0, INT64_MAX / 2, -1, -1, 1LL << 16}), sizeof lo);
    EXT2("__nv_umul64hi", TL_U64, TL_U64, lx, TL_U64, ly, lo);
    assert_memory_equal(lo, ((int64_t[N]){0, 0, -2, INT64_MAX, INT64_MAX / 2, 2, 6, 1LL << 16}), sizeof lo);
    EXT1("__nv_llabs", TL_I64, TL_I64, lx, lo);
    assert_memory_equal(lo, ((int64_t[N]){0, 1, 1, INT64_MIN, INT64_MAX, 3, 3, 1LL << 40}), sizeof lo);
    EXT2("__nv_ullmin", TL_U64, TL_U64, lx, TL_U64, ly, lo);
    assert_memory_equal(lo, ((int64_t[N]){0, 1, -1, INT64_MIN, INT64_MAX, 3, 7, 1LL << 40}), sizeof lo);
    EXT2("__nv_llmax", TL_I64, TL_I64, lx, TL_I64, ly, lo);
    assert_memory_equal(lo, ((int64_t[N]){0, 1, -1, -1, INT64_MAX, 3, 7, 1LL << 40}), sizeof lo);
    /* a known symbol with the wrong argument count or types is an error, not a misread */
    static const tl_extern_overload bad[] = {{.args = {TL_F32}, .symbol = "__nv_clz", .ret = TL_I32},
                                             {.args = {TL_I32, TL_I32}, .symbol = "__nv_sad", .ret = TL_I32}};
    for (int k = 0; k < 2; k++) {
        tl_builder *b = start("bad_int");
        tl_value fp = tl_arg(b, "f", TL_PTR(TL_F32)), ip = tl_arg(b, "i", TL_PTR(TL_I32));
        tl_values args = k == 0 ? TL_VALUES(tl_load(fp)) : TL_VALUES(tl_load(ip), tl_load(ip));
        tl_store(ip, tl_extern_elementwise("", "", args, 1, &bad[k], true));
        finish(b);
        float fv = 1;
        int32_t iv = 1;
        char *e = run_error(b, tc_interp_grid1(1), 2, (tc_interp_arg[]){tc_interp_ptr(&fv, 4), tc_interp_ptr(&iv, 4)});
        char want[128];
        snprintf(want, sizeof want, "libdevice function '%s' of these %d argument types is not supported", bad[k].symbol,
                 k + 1);
        assert_non_null(strstr(e, want));
        free(e);
        tl_builder_destroy(b);
    }
}

/* libdevice's predicates, float-to-int conversions (rounding, saturation, NaN to 0) and bit
 * reinterpretations. */
static void test_libdevice_conversions(void **state)
{
    (void)state;
    float f[N] = {2.5f, -2.5f, 3.5f, -0.0f, INFINITY, -INFINITY, NAN, 3e9f};
    int32_t o[N];
    EXT1("__nv_isinff", TL_I32, TL_F32, f, o);
    assert_memory_equal(o, ((int32_t[N]){0, 0, 0, 0, 1, 1, 0, 0}), sizeof o);
    EXT1("__nv_isnanf", TL_I32, TL_F32, f, o);
    assert_memory_equal(o, ((int32_t[N]){0, 0, 0, 0, 0, 0, 1, 0}), sizeof o);
    EXT1("__nv_signbitf", TL_I32, TL_F32, f, o);
    assert_memory_equal(o, ((int32_t[N]){0, 1, 0, 1, 0, 1, 0, 0}), sizeof o);
    EXT1("__nv_finitef", TL_I32, TL_F32, f, o);
    assert_memory_equal(o, ((int32_t[N]){1, 1, 1, 1, 0, 0, 0, 1}), sizeof o);
    EXT1("__nv_ilogbf", TL_I32, TL_F32, f, o);
    assert_memory_equal(o, ((int32_t[N]){1, 1, 1, INT32_MIN, INT32_MAX, INT32_MAX, INT32_MIN, 31}), sizeof o);
    EXT1("__nv_float2int_rn", TL_I32, TL_F32, f, o); /* ties to even */
    assert_memory_equal(o, ((int32_t[N]){2, -2, 4, 0, INT32_MAX, INT32_MIN, 0, INT32_MAX}), sizeof o);
    EXT1("__nv_float2int_rz", TL_I32, TL_F32, f, o);
    assert_memory_equal(o, ((int32_t[N]){2, -2, 3, 0, INT32_MAX, INT32_MIN, 0, INT32_MAX}), sizeof o);
    EXT1("__nv_float2int_rd", TL_I32, TL_F32, f, o);
    assert_memory_equal(o, ((int32_t[N]){2, -3, 3, 0, INT32_MAX, INT32_MIN, 0, INT32_MAX}), sizeof o);
    EXT1("__nv_float2int_ru", TL_I32, TL_F32, f, o);
    assert_memory_equal(o, ((int32_t[N]){3, -2, 4, 0, INT32_MAX, INT32_MIN, 0, INT32_MAX}), sizeof o);
    uint32_t u[N];
    EXT1("__nv_float2uint_rn", TL_U32, TL_F32, f, u);
    assert_memory_equal(u, ((uint32_t[N]){2, 0, 4, 0, UINT32_MAX, 0, 0, 3000000000u}), sizeof u);
    EXT1("__nv_float_as_int", TL_I32, TL_F32, f, o);
    assert_int_equal(o[0], 0x40200000);
    assert_int_equal(o[3], INT32_MIN);
    float back[N];
    EXT1("__nv_int_as_float", TL_F32, TL_I32, o, back);
    assert_memory_equal(back, f, sizeof back);
    double d[N] = {-2.5, 1e300, -1e300, 0.5, 1.5, -0.5, NAN, 9.3e18};
    int64_t l[N];
    EXT1("__nv_double2ll_rn", TL_I64, TL_F64, d, l);
    assert_memory_equal(l, ((int64_t[N]){-2, INT64_MAX, INT64_MIN, 0, 2, 0, 0, INT64_MAX}), sizeof l);
    EXT1("__nv_double2hiint", TL_I32, TL_F64, d, o);
    int32_t lo32[N];
    EXT1("__nv_double2loint", TL_I32, TL_F64, d, lo32);
    double d2[N];
    EXT2("__nv_hiloint2double", TL_F64, TL_I32, o, TL_I32, lo32, d2);
    assert_memory_equal(d2, d, sizeof d2);
    assert_int_equal(o[0], (int32_t)0xC0040000u);
    float g[N];
    int32_t e[N] = {1, -1, 200, -200, 0, 3, 0, -200};
    EXT2("__nv_ldexpf", TL_F32, TL_F32, f, TL_I32, e, g);
    assert_true(g[0] == 5.0f && g[1] == -1.25f && isinf(g[2]) && g[3] == -0.0f && signbit(g[3]));
    assert_true(isinf(g[4]) && isinf(g[5]) && isnan(g[6]) && g[7] == 0.0f);
    EXT2("__nv_powif", TL_F32, TL_F32, f, TL_I32, e, g);
    assert_true(g[0] == 2.5f && g[1] == -0.4f && isinf(g[2]) && g[4] == 1.0f && g[5] == -INFINITY);
}

/* libdevice's float functions the C library lacks, fast_ variants and _rn arithmetic: values
 * exact in double, rounded once (nearest even) to f32. */
static void test_libdevice_float_extra(void **state)
{
    (void)state;
    float x[N] = {2, 1, 0.5f, 8, 10, -1, 0, NAN}, o[N];
    EXT1("__nv_exp10f", TL_F32, TL_F32, x, o);
    assert_true(o[0] == 100 && o[1] == 10 && o[5] == 0.1f && o[6] == 1 && isnan(o[7]));
    EXT1("__nv_cospif", TL_F32, TL_F32, x, o);
    assert_true(o[0] == 1 && o[1] == -1 && o[5] == -1 && o[6] == 1);
    EXT1("__nv_sinpif", TL_F32, TL_F32, x, o);
    assert_true(o[2] == 1 && o[6] == 0);
    EXT1("__nv_rcbrtf", TL_F32, TL_F32, x, o);
    assert_true(o[3] == 0.5f && o[1] == 1 && o[5] == -1 && isinf(o[6]));
    EXT1("__nv_logbf", TL_F32, TL_F32, x, o);
    assert_true(o[0] == 1 && o[3] == 3 && o[4] == 3 && o[2] == -1 && o[6] == -INFINITY);
    EXT1("__nv_saturatef", TL_F32, TL_F32, x, o);
    assert_memory_equal(o, ((float[N]){1, 1, 0.5f, 1, 1, 0, 0, 0}), sizeof o);
    EXT1("__nv_fast_expf", TL_F32, TL_F32, x, o);
    assert_true(o[6] == 1);
    EXT1("__nv_normcdff", TL_F32, TL_F32, x, o);
    assert_true(o[6] == 0.5f);
    EXT1("__nv_erfcxf", TL_F32, TL_F32, x, o);
    assert_true(o[6] == 1);
    EXT1("__nv_frcp_rn", TL_F32, TL_F32, x, o);
    assert_true(o[0] == 0.5f && o[3] == 0.125f && f32_bits(o[4]) == 0x3DCCCCCDu && isinf(o[6]));
    EXT1("__nv_fsqrt_rn", TL_F32, TL_F32, x, o);
    assert_true(f32_bits(o[0]) == 0x3FB504F3u && o[1] == 1 && isnan(o[5]));
    float y[N] = {0x1p-24f, 0x1.8p-24f, 3, 3, 0.5f, -1, -0.0f, 1}, z[N] = {1, 1, 1, 1, 1, 1, 1, 1};
    float one[N] = {1, 1, 1, 1, 1, 1, 1, 1};
    EXT2("__nv_fadd_rn", TL_F32, TL_F32, one, TL_F32, y, o); /* 1 + 2^-24 ties to 1; 1 + 1.5 2^-24 rounds up */
    assert_true(o[0] == 1 && o[1] == 1 + 0x1p-23f && o[5] == 0 && o[6] == 1);
    EXT2("__nv_fdiv_rn", TL_F32, TL_F32, one, TL_F32, y, o);
    assert_true(f32_bits(o[2]) == 0x3EAAAAABu && o[4] == 2 && o[5] == -1 && o[6] == -INFINITY);
    EXT2("__nv_fmul_rn", TL_F32, TL_F32, y, TL_F32, y, o);
    assert_true(o[2] == 9 && o[0] == 0x1p-48f && o[6] == 0 && !signbit(o[6]));
    EXT2("__nv_rhypotf", TL_F32, TL_F32, y, TL_F32, z, o);
    assert_true(f32_bits(o[2]) == f32_bits((float)(1 / sqrt(10.0))));
    float a3[N] = {2, 1, 0, 0, 0, 0, 0, 0}, b3[N] = {3, 2, 0, 0, 0, 0, 0, 0}, c3[N] = {6, 2, 0, 0, 0, 0, 0, 0};
    EXT3("__nv_norm3df", TL_F32, TL_F32, a3, b3, c3, o);
    assert_true(o[0] == 7 && o[1] == 3 && o[2] == 0);
    EXT3("__nv_rnorm3df", TL_F32, TL_F32, a3, b3, c3, o);
    assert_true(f32_bits(o[0]) == f32_bits(1.0f / 7) && o[1] == 1.0f / 3 && isinf(o[2]));
    EXT3("__nv_fmaf_rn", TL_F32, TL_F32, a3, b3, c3, o);
    assert_true(o[0] == 12 && o[1] == 4 && o[2] == 0);
    extern_call("__nv_rnorm4df", TL_F32, 4, (tl_dtype[]){TL_F32, TL_F32, TL_F32, TL_F32},
                (const void *[]){one, one, one, one}, o);
    assert_true(o[0] == 0.5f);
    /* a function libdevice has and the interpreter lacks is an error naming the symbol */
    tl_builder *b = start("rcp64h");
    tl_value p = tl_arg(b, "x", TL_PTR(TL_F64));
    tl_store(p, tl_libdevice(tl_load(p), "rcp64h"));
    finish(b);
    double dx = 2;
    char *e = run_error(b, tc_interp_grid1(1), 1, (tc_interp_arg[]){tc_interp_ptr(&dx, sizeof dx)});
    assert_non_null(strstr(e, "tt.extern_elementwise: libdevice function '__nv_rcp64h' is not supported"));
    free(e);
    tl_builder_destroy(b);
}

/* Directed roundings: the exact result's side of the candidate decides, also when a double
 * cannot hold the exact sum (1 - 2^-100) or overflows (DBL_MAX + DBL_MAX toward zero). */
static void test_libdevice_directed(void **state)
{
    (void)state;
    float one[N] = {1, 1, -1, -1, 1, 3, 0x1.fffffep127f, 1}, y[N] = {0x1p-30f, -0x1p-30f, -0x1p-30f, 0x1p-30f,
                                                                    -0x1p-100f, 0x1.555556p-2f, 0x1.fffffep127f, 3};
    float o[N];
    EXT2("__nv_fadd_rz", TL_F32, TL_F32, one, TL_F32, y, o);
    assert_memory_equal(o, ((float[N]){1, 1 - 0x1p-24f, -1, -1 + 0x1p-24f, 1 - 0x1p-24f, 3 + 0x1.555556p-2f,
                                       0x1.fffffep127f, 4}),
                        sizeof o);
    EXT2("__nv_fadd_ru", TL_F32, TL_F32, one, TL_F32, y, o);
    assert_memory_equal(o, ((float[N]){1 + 0x1p-23f, 1, -1, -1 + 0x1p-24f, 1, 0x1.aaaaacp+1f, INFINITY, 4}), sizeof o);
    EXT2("__nv_fadd_rd", TL_F32, TL_F32, one, TL_F32, y, o);
    assert_memory_equal(o, ((float[N]){1, 1 - 0x1p-24f, -1 - 0x1p-23f, -1, 1 - 0x1p-24f, 0x1.aaaaaap+1f,
                                       0x1.fffffep127f, 4}),
                        sizeof o);
    EXT2("__nv_fmul_ru", TL_F32, TL_F32, one, TL_F32, y, o); /* 3 * f32(1/3) = 1 + 2^-25 */
    assert_true(o[5] == 1 + 0x1p-23f && o[0] == 0x1p-30f && isinf(o[6]));
    EXT2("__nv_fmul_rd", TL_F32, TL_F32, one, TL_F32, y, o);
    assert_true(o[5] == 1 && o[6] == 0x1.fffffep127f);
    EXT2("__nv_fdiv_rz", TL_F32, TL_F32, one, TL_F32, y, o);
    assert_int_equal(f32_bits(o[7]), 0x3EAAAAAAu);
    EXT2("__nv_fdiv_ru", TL_F32, TL_F32, one, TL_F32, y, o);
    assert_int_equal(f32_bits(o[7]), 0x3EAAAAABu);
    EXT2("__nv_fdiv_rd", TL_F32, TL_F32, y, TL_F32, one, o); /* -2^-30 / -1, 1 / 3... */
    assert_true(o[2] == 0x1p-30f && f32_bits(o[7]) == 0x40400000u);
    float two[N] = {2, 4, 0, -1, 3, 0x1p-149f, INFINITY, 1};
    EXT1("__nv_fsqrt_rd", TL_F32, TL_F32, two, o);
    assert_true(f32_bits(o[0]) == 0x3FB504F3u && o[1] == 2 && o[2] == 0 && isnan(o[3]) && isinf(o[6]));
    EXT1("__nv_fsqrt_ru", TL_F32, TL_F32, two, o);
    assert_true(f32_bits(o[0]) == 0x3FB504F4u && o[1] == 2 && f32_bits(o[5]) == 0x1A3504F4u);
    EXT1("__nv_frcp_rz", TL_F32, TL_F32, one, o);
    assert_true(f32_bits(o[5]) == 0x3EAAAAAAu && o[0] == 1 && o[2] == -1);
    float a3[N] = {1, 1, 0, 0, 0, 0, 0, 0}, c3[N] = {-0x1p-30f, 0x1p-30f, 0, 0, 0, 0, 0, 0};
    EXT3("__nv_fmaf_rz", TL_F32, TL_F32, a3, a3, c3, o);
    assert_true(o[0] == 1 - 0x1p-24f && o[1] == 1);
    EXT3("__nv_fmaf_ru", TL_F32, TL_F32, a3, a3, c3, o);
    assert_true(o[0] == 1 && o[1] == 1 + 0x1p-23f);
    double dx[N] = {1, 0x1.fffffffffffffp1023, 1, -1, 1, 0, 0, 0}, dy[N] = {0x1p-60, 0x1.fffffffffffffp1023, 3, 3, -0x1p-200, 0, 0, 0};
    double d[N];
    EXT2("__nv_dadd_rz", TL_F64, TL_F64, dx, TL_F64, dy, d);
    assert_true(d[0] == 1 && d[1] == 0x1.fffffffffffffp1023 && d[4] == 1 - 0x1p-53);
    EXT2("__nv_dadd_ru", TL_F64, TL_F64, dx, TL_F64, dy, d);
    assert_true(d[0] == 1 + 0x1p-52 && isinf(d[1]) && d[4] == 1);
    EXT2("__nv_ddiv_rd", TL_F64, TL_F64, dx, TL_F64, dy, d);
    assert_true(d[2] == 0x1.5555555555555p-2 && d[3] == -0x1.5555555555556p-2);
    int32_t iv[N] = {16777217, -16777217, 16777219, INT32_MIN, INT32_MAX, 0, -1, 1};
    EXT1("__nv_int2float_rz", TL_F32, TL_I32, iv, o);
    assert_memory_equal(o, ((float[N]){16777216, -16777216, 16777218, -0x1p31f, 0x1.fffffep30f, 0, -1, 1}), sizeof o);
    EXT1("__nv_int2float_ru", TL_F32, TL_I32, iv, o);
    assert_memory_equal(o, ((float[N]){16777218, -16777216, 16777220, -0x1p31f, 0x1p31f, 0, -1, 1}), sizeof o);
    EXT1("__nv_int2float_rd", TL_F32, TL_I32, iv, o);
    assert_memory_equal(o, ((float[N]){16777216, -16777218, 16777218, -0x1p31f, 0x1.fffffep30f, 0, -1, 1}), sizeof o);
    EXT1("__nv_int2float_rn", TL_F32, TL_I32, iv, o); /* ties to even */
    assert_memory_equal(o, ((float[N]){16777216, -16777216, 16777220, -0x1p31f, 0x1p31f, 0, -1, 1}), sizeof o);
    EXT1("__nv_uint2float_ru", TL_F32, TL_U32, iv, o);
    assert_true(o[6] == 0x1p32f && o[3] == 0x1p31f && o[0] == 16777218);
    uint64_t uv[N] = {UINT64_MAX, (1ull << 53) + 1, 0, 1, 0, 0, 0, 0};
    EXT1("__nv_ull2double_rd", TL_F64, TL_U64, uv, d);
    assert_true(d[0] == 0x1p64 - 2048 && d[1] == 0x1p53);
    EXT1("__nv_ll2double_ru", TL_F64, TL_I64, uv, d);
    assert_true(d[0] == -1 && d[1] == 0x1p53 + 2);
    double dd[N] = {1.0 / 3, -1.0 / 3, 1e300, -1e300, 0x1p-160, NAN, 0, 1};
    EXT1("__nv_double2float_rz", TL_F32, TL_F64, dd, o);
    assert_true(f32_bits(o[0]) == 0x3EAAAAAAu && f32_bits(o[1]) == 0xBEAAAAAAu && o[2] == 0x1.fffffep127f &&
                o[3] == -0x1.fffffep127f && o[4] == 0 && isnan(o[5]));
    EXT1("__nv_double2float_ru", TL_F32, TL_F64, dd, o);
    assert_true(f32_bits(o[0]) == 0x3EAAAAABu && f32_bits(o[1]) == 0xBEAAAAAAu && isinf(o[2]) &&
                o[3] == -0x1.fffffep127f && o[4] == 0x1p-149f);
    EXT1("__nv_double2float_rn", TL_F32, TL_F64, dd, o);
    assert_true(f32_bits(o[0]) == 0x3EAAAAABu && isinf(o[2]) && o[4] == 0);
}

/* erfinv, erfcinv, normcdfinv, the Bessel functions and llrint / llround against known values
 * (to double precision), rounded once to f32. */
static void test_libdevice_special(void **state)
{
    (void)state;
    float x[N] = {0.5f, 0, 1, -1, 2, 0.975f, NAN, 0.25f}, o[N];
    EXT1("__nv_erfinvf", TL_F32, TL_F32, x, o);
    assert_true(o[0] == (float)0.4769362762044699 && o[1] == 0 && o[2] == INFINITY && o[3] == -INFINITY);
    assert_true(isnan(o[4]) && isnan(o[6]));
    EXT1("__nv_erfcinvf", TL_F32, TL_F32, x, o);
    assert_true(o[0] == (float)0.4769362762044699 && o[1] == INFINITY && o[2] == 0 && isnan(o[3]));
    assert_true(o[4] == -INFINITY);
    EXT1("__nv_normcdfinvf", TL_F32, TL_F32, x, o);
    assert_true(o[0] == 0 && o[1] == -INFINITY && o[2] == INFINITY && o[7] == (float)-0.6744897501960817);
    EXT1("__nv_j0f", TL_F32, TL_F32, x, o);
    assert_true(o[1] == 1 && o[2] == (float)0.7651976865579666);
    EXT1("__nv_j1f", TL_F32, TL_F32, x, o);
    assert_true(o[1] == 0 && o[2] == (float)0.44005058574493355);
    EXT1("__nv_y0f", TL_F32, TL_F32, x, o);
    assert_true(o[2] == (float)0.08825696421567697 && o[1] == -INFINITY);
    EXT1("__nv_cyl_bessel_i0f", TL_F32, TL_F32, x, o);
    assert_true(o[1] == 1 && o[2] == (float)1.2660658777520084 && o[3] == (float)1.2660658777520084);
    EXT1("__nv_cyl_bessel_i1f", TL_F32, TL_F32, x, o);
    assert_true(o[1] == 0 && o[2] == (float)0.5651591039924851 && o[3] == -(float)0.5651591039924851);
    int32_t n[N] = {2, 0, 2, 1, 0, 0, 0, 0};
    EXT2("__nv_jnf", TL_F32, TL_I32, n, TL_F32, x, o);
    assert_true(o[2] == (float)0.1149034849319005 && o[1] == 1);
    float r[N] = {2.5f, -2.5f, 3.5f, 1e30f, -1e30f, NAN, 0.5f, -0.5f};
    int64_t l[N];
    EXT1("__nv_llrintf", TL_I64, TL_F32, r, l);
    assert_memory_equal(l, ((int64_t[N]){2, -2, 4, INT64_MAX, INT64_MIN, 0, 0, 0}), sizeof l);
    EXT1("__nv_llroundf", TL_I64, TL_F32, r, l);
    assert_memory_equal(l, ((int64_t[N]){3, -3, 4, INT64_MAX, INT64_MIN, 0, 1, -1}), sizeof l);
}

/* Philox4x32-10 of counter 0 and key 0: Random123's known-answer vector. */
static void test_philox_known_answer(void **state)
{
    (void)state;
    tl_builder *b = start("philox");
    tl_value o = tl_arg(b, "o", TL_PTR(TL_U32));
    tl_value offs = tl_arange(b, 0, 1);
    tl_value4 r = tl_randint4x(0, offs);
    tl_store(tl_addptr(o, offs), r.v[0]);
    tl_store(tl_addptr(o, tl_add(offs, 1)), r.v[1]);
    tl_store(tl_addptr(o, tl_add(offs, 2)), r.v[2]);
    tl_store(tl_addptr(o, tl_add(offs, 3)), r.v[3]);
    finish(b);
    uint32_t out[4];
    run_ok(b, tc_interp_grid1(1), 1, (tc_interp_arg[]){tc_interp_ptr(out, sizeof out)});
    tl_builder_destroy(b);
    uint32_t want[4] = {0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u};
    assert_memory_equal(out, want, sizeof out);
}

/* ---- the bounds checker and the API's errors -------------------------------------------------------- */

/* A store one element past the buffer names the tl_store's line, the program and the lane;
 * the masked-off lanes beyond are not checked. */
static void test_bounds_check(void **state)
{
    (void)state;
    tl_builder *b = start("bounds");
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32)), n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value offs = tl_add(tl_mul(tl_program_id(b, 0), 4), tl_arange(b, 0, 4));
    int line = __LINE__ + 1;
    tl_store(tl_addptr(x, offs), 1.0, .mask = tl_lt(offs, n));
    finish(b);
    float buf[10] = {0};
    /* n = 10 fits: programs 0..2 write lanes below 10 only */
    run_ok(b, tc_interp_grid1(3), 2, (tc_interp_arg[]){tc_interp_ptr(buf, sizeof buf), tc_interp_int(10)});
    for (int i = 0; i < 10; i++)
        assert_true(buf[i] == 1.0f);
    /* n = 11: program 2's lane 2 writes buf[10] */
    memset(buf, 0, sizeof buf);
    char *e = run_error(b, tc_interp_grid1(3), 2, (tc_interp_arg[]){tc_interp_ptr(buf, sizeof buf), tc_interp_int(11)});
    char want[256];
    snprintf(want, sizeof want,
             "%s:%d: tt.store: out of bounds: program (2, 0, 0), lane 2: 4 bytes at byte offset 40 of argument 0 (a "
             "40-byte buffer)",
             __FILE__, line);
    assert_string_equal(e, want);
    free(e);
    assert_true(buf[7] == 1.0f && buf[8] == 0.0f); /* programs 0 and 1 ran; nothing of program 2's store */
    tl_builder_destroy(b);
}

static void test_api_errors(void **state)
{
    (void)state;
    tl_builder *b = start("api");
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_store(x, 0.0);
    finish(b);
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    assert_int_equal(tc_interp_nargs(ip), 2);
    tc_interp_bind_int(ip, 0, 1);
    assert_string_equal(tc_interp_error(ip), "tc_interp: tc_interp_bind_int: argument 0 is a pointer");
    tc_interp_bind_int(ip, 1, 1); /* sticky: nothing more happens */
    assert_false(tc_interp_run(ip));
    assert_string_equal(tc_interp_error(ip), "tc_interp: tc_interp_bind_int: argument 0 is a pointer");
    tc_interp_destroy(ip);

    ip = tc_interp_create(tl_builder_module(b));
    float f;
    tc_interp_bind_ptr(ip, 0, &f, sizeof f);
    assert_false(tc_interp_run(ip));
    assert_string_equal(tc_interp_error(ip), "tc_interp: argument 1 is not bound");
    tc_interp_destroy(ip);

    ip = tc_interp_create(tl_builder_func(b));
    assert_false(tc_interp_launch(ip, tc_interp_grid1(1), tc_interp_ptr(&f, sizeof f)));
    assert_string_equal(tc_interp_error(ip), "tc_interp: tc_interp_launch: 1 arguments given, the kernel takes 2");
    tc_interp_destroy(ip);
    tl_builder_destroy(b);

    assert_true(tc_interp_failed(NULL));
    assert_string_equal(tc_interp_error(NULL), "tc_interp: NULL interpreter");
    ip = tc_interp_create(NULL);
    assert_string_equal(tc_interp_error(ip), "tc_interp: NULL function");
    tc_interp_destroy(ip);
}

/* A loop that never ends meets the step limit: an error naming the op, not a hang. */
static void test_step_limit(void **state)
{
    (void)state;
    tl_builder *b = start("forever");
    tl_value o = tl_arg(b, "o", TL_PTR(TL_I32));
    tl_value i = tl_to_tensor(b, 1);
    tl_scope w = tl_while(b, .carry = TL_VARS(&i));
    tl_do(&w, tl_gt(i, 0));
    int line = __LINE__ + 1;
    i = tl_or(i, 1);
    tl_end(&w);
    tl_store(o, i);
    finish(b);
    int32_t out = 0;
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    tc_interp_set_step_limit(ip, 1000);
    assert_false(tc_interp_launch(ip, tc_interp_grid1(1), tc_interp_ptr(&out, sizeof out)));
    char want[256];
    snprintf(want, sizeof want, "%s:%d: arith.ori: step limit of 1000 ops reached in program (0, 0, 0)", __FILE__, line);
    assert_string_equal(tc_interp_error(ip), want); /* two ops a turn: the 1000th is an ori */
    tc_interp_destroy(ip);
    tl_builder_destroy(b);
}

/* An op the interpreter does not run is an error at create, naming it and its line. */
static void test_unsupported_op(void **state)
{
    (void)state;
    tl_builder *b = start("asm");
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    int line = __LINE__ + 1;
    tl_value y = tl_inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", TL_VALUES(tl_load(x)), TL_F32, true, 1);
    tl_store(x, y);
    finish(b);
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    char want[256];
    snprintf(want, sizeof want, "%s:%d: tt.elementwise_inline_asm: op not supported by the interpreter", __FILE__, line);
    assert_string_equal(tc_interp_error(ip), want);
    tc_interp_destroy(ip);
    tl_builder_destroy(b);
}

/* An op without a location (IR made without the builder): the message names the interpreter,
 * then the op. */
static void test_unsupported_op_without_location(void **state)
{
    (void)state;
    tcir_context *ctx = tcir_context_create();
    tcir_op *func = tcir_op_create(ctx, &(tcir_op_state){.name = "tt.func", .nregions = 1});
    tcir_block *body = tcir_region_add_block(ctx, tcir_op_region(func, 0));
    tcir_block_append(body, tcir_op_create(ctx, &(tcir_op_state){.name = "tt.frobnicate"}));
    tc_interp *ip = tc_interp_create(func);
    assert_string_equal(tc_interp_error(ip), "tc_interp: tt.frobnicate: op not supported by the interpreter");
    tc_interp_destroy(ip);
    tcir_context_destroy(ctx);
}

/* In a child process with TRITONC_ABORT_ON_ERROR=1 (test_abort.h): the interpreter of a NULL
 * function, of the function arg, and a launch of it with one int32 output. */
static void interp_null_function(void *arg)
{
    (void)arg;
    tc_interp_destroy(tc_interp_create(NULL));
}

static void interp_create(void *arg)
{
    tc_interp_destroy(tc_interp_create(arg));
}

static void interp_launch_with_limit(void *arg)
{
    int32_t out = 0;
    tc_interp *ip = tc_interp_create(tl_builder_func(arg));
    tc_interp_set_step_limit(ip, 1000);
    tc_interp_launch(ip, tc_interp_grid1(1), tc_interp_ptr(&out, sizeof out));
    tc_interp_destroy(ip);
}

/* The interpreter records its errors through the one error module: TRITONC_ABORT_ON_ERROR=1
 * aborts at the first, whatever its form (docs/errors.md). */
static void test_abort_on_error(void **state)
{
    (void)state;
    expect_abort(interp_null_function, NULL, "tc_interp: NULL function");

    tcir_context *ctx = tcir_context_create(); /* an op without a location */
    tcir_op *func = tcir_op_create(ctx, &(tcir_op_state){.name = "tt.func", .nregions = 1});
    tcir_block *body = tcir_region_add_block(ctx, tcir_op_region(func, 0));
    tcir_block_append(body, tcir_op_create(ctx, &(tcir_op_state){.name = "tt.frobnicate"}));
    expect_abort(interp_create, func, "tc_interp: tt.frobnicate: op not supported by the interpreter");
    tcir_context_destroy(ctx);

    tl_builder *b = start("asm"); /* an op with its C line */
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    int line = __LINE__ + 1;
    tl_value y = tl_inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", TL_VALUES(tl_load(x)), TL_F32, true, 1);
    tl_store(x, y);
    finish(b);
    char want[256];
    snprintf(want, sizeof want, "%s:%d: tt.elementwise_inline_asm: op not supported by the interpreter", __FILE__, line);
    expect_abort(interp_create, tl_builder_func(b), want);
    tl_builder_destroy(b);

    b = start("forever"); /* a run-time error, at an op with its C line */
    tl_value o = tl_arg(b, "o", TL_PTR(TL_I32));
    tl_value i = tl_to_tensor(b, 1);
    tl_scope w = tl_while(b, .carry = TL_VARS(&i));
    tl_do(&w, tl_gt(i, 0));
    line = __LINE__ + 1;
    i = tl_or(i, 1);
    tl_end(&w);
    tl_store(o, i);
    finish(b);
    snprintf(want, sizeof want, "%s:%d: arith.ori: step limit of 1000 ops reached in program (0, 0, 0)", __FILE__, line);
    expect_abort(interp_launch_with_limit, b, want);
    tl_builder_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_int_division),
        cmocka_unit_test(test_unsigned_division),
        cmocka_unit_test(test_shifts),
        cmocka_unit_test(test_wraparound_and_umulhi),
        cmocka_unit_test(test_float_max_nan),
        cmocka_unit_test(test_f16_bf16_rounding),
        cmocka_unit_test(test_fp8_formats),
        cmocka_unit_test(test_float_to_int),
        cmocka_unit_test(test_float_compare_and_misc),
        cmocka_unit_test(test_math_unary),
        cmocka_unit_test(test_int_casts_and_cas),
        cmocka_unit_test(test_reduce_tree_order),
        cmocka_unit_test(test_shape_ops),
        cmocka_unit_test(test_reduce_axes),
        cmocka_unit_test(test_int_to_float_single_rounding),
        cmocka_unit_test(test_block_pointers),
        cmocka_unit_test(test_descriptor_gather_scatter),
        cmocka_unit_test(test_descriptor_reduce),
        cmocka_unit_test(test_descriptor_reduce_bits),
        cmocka_unit_test(test_dot),
        cmocka_unit_test(test_dot_scaled),
        cmocka_unit_test(test_dot_scaled_n_packed),
        cmocka_unit_test(test_dot_scaled_e5m2_fp16),
        cmocka_unit_test(test_atomics_program_order),
        cmocka_unit_test(test_program_ids),
        cmocka_unit_test(test_control_flow),
        cmocka_unit_test(test_device_print),
        cmocka_unit_test(test_device_assert),
        cmocka_unit_test(test_libdevice),
        cmocka_unit_test(test_libdevice_int),
        cmocka_unit_test(test_libdevice_conversions),
        cmocka_unit_test(test_libdevice_float_extra),
        cmocka_unit_test(test_libdevice_directed),
        cmocka_unit_test(test_libdevice_special),
        cmocka_unit_test(test_philox_known_answer),
        cmocka_unit_test(test_bounds_check),
        cmocka_unit_test(test_api_errors),
        cmocka_unit_test(test_unsupported_op),
        cmocka_unit_test(test_unsupported_op_without_location),
        cmocka_unit_test(test_abort_on_error),
        cmocka_unit_test(test_step_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
