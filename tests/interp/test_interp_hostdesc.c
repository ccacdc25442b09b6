/* Host tensor descriptor arguments (TL_TENSORDESC) in the interpreter: tc_interp_bind_tensordesc
 * and the launch form's tc_interp_desc, loads through them (zero or NaN outside the tensor, as
 * TMA gives), stores through them (nothing written outside), and every check of a bad
 * descriptor with its exact message. */
#include <inttypes.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/interp.h"
#include "interp_kernels.h"
#include "tritonc/tritonc.h"

/* Python's
 *     @triton.jit
 *     def host_desc(x_desc, o, y_desc):          # x_desc: f32 blocks of 4 x 8, y_desc the same
 *         pid = tl.program_id(0)
 *         t = x_desc.load([pid * 4, 4])
 *         tl.store(o + pid * 32 + tl.arange(0, 32).reshape(4, 8), t)   # (as C writes it below)
 *         y_desc.store([pid * 4, 0], t)
 * Signature: x_desc, its shape (2 i32) and strides (2 i64), o, y_desc and its 4: 11 arguments. */
static tl_builder *host_desc_kernel(void)
{
    tl_builder *b = start("host_desc");
    tl_value x_desc = tl_arg(b, "x_desc", TL_TENSORDESC(TL_F32, 4, 8));
    tl_value o = tl_arg(b, "o", TL_PTR(TL_F32));
    tl_value y_desc = tl_arg(b, "y_desc", TL_TENSORDESC(TL_F32, 4, 8));
    tl_value pid = tl_program_id(b, 0);
    tl_value t = tl_descriptor_load(x_desc, TL_LIST(tl_mul(pid, 4), 4));
    tl_value offs = tl_add(tl_mul(pid, 32), tl_reshape(tl_arange(b, 0, 32), TL_SHAPE(4, 8)));
    tl_store(tl_addptr(o, offs), t);
    tl_descriptor_store(y_desc, TL_LIST(tl_mul(pid, 4), 0), t);
    finish(b);
    return b;
}

/* X: a 6 x 10 tensor in rows of 12 floats (48 bytes: a multiple of 16), x[r][c] = 100 r + c. */
enum { XR = 6, XC = 10, XS = 12 };
static _Alignas(16) float x[XR * XS];
static _Alignas(16) float y[6 * 8];
static float o[2 * 32];

static void fill(void)
{
    for (int r = 0; r < XR; r++)
        for (int c = 0; c < XS; c++)
            x[r * XS + c] = (float)(100 * r + c);
    for (int i = 0; i < 48; i++)
        y[i] = -1;
    for (int i = 0; i < 64; i++)
        o[i] = -2;
}

static tc_interp_tensordesc x_d(void)
{
    return (tc_interp_tensordesc){.base = x, .extent = sizeof x, .rank = 2, .shape = {XR, XC}, .strides = {XS, 1}};
}

static tc_interp_tensordesc y_d(void)
{
    return (tc_interp_tensordesc){.base = y, .extent = sizeof y, .rank = 2, .shape = {6, 8}, .strides = {8, 1}};
}

/* Program p loads rows 4p..4p+3, columns 4..11: inside the tensor where row < 6 and column < 10
 * (columns 10 and 11 lie in the buffer, past the shape: padding all the same). */
static void check_values(bool nan_padding)
{
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 8; j++) {
                int r = 4 * p + i, c = 4 + j;
                float got = o[p * 32 + i * 8 + j];
                if (r < XR && c < XC)
                    assert_true(got == (float)(100 * r + c));
                else if (nan_padding)
                    assert_true(isnan(got));
                else
                    assert_true(got == 0.0f && !signbit(got));
            }
    /* y's rows 0..5 were written (program 1's rows 6, 7 lie outside: not written) */
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 8; c++)
            assert_memory_equal(&y[r * 8 + c], &o[(r / 4) * 32 + (r % 4) * 8 + c], sizeof(float));
}

static void test_bind_and_load(void **state)
{
    (void)state;
    tl_builder *b = host_desc_kernel();
    fill();
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    assert_false(tc_interp_failed(ip));
    assert_int_equal(tc_interp_nargs(ip), 11);
    tc_interp_tensordesc xd = x_d(), yd = y_d();
    tc_interp_bind_tensordesc(ip, 0, &xd);
    tc_interp_bind_ptr(ip, 5, o, sizeof o);
    tc_interp_bind_tensordesc(ip, 6, &yd);
    tc_interp_set_grid(ip, 2, 1, 1);
    if (!tc_interp_run(ip))
        fail_msg("run failed: %s", tc_interp_error(ip));
    check_values(false);
    tc_interp_destroy(ip);
    tl_builder_destroy(b);
}

/* The launch form: a descriptor is one argument, as tc_desc is tc_launch's. NaN padding. */
static void test_launch_form_nan_padding(void **state)
{
    (void)state;
    tl_builder *b = host_desc_kernel();
    fill();
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    tc_interp_tensordesc xd = x_d();
    xd.nan_padding = true;
    if (!tc_interp_launch(ip, tc_interp_grid1(2), tc_interp_desc(&xd), tc_interp_ptr(o, sizeof o),
                          tc_interp_desc(&(tc_interp_tensordesc){
                              .base = y, .extent = sizeof y, .rank = 2, .shape = {6, 8}, .strides = {8, 1}})))
        fail_msg("run failed: %s", tc_interp_error(ip));
    check_values(true);
    tc_interp_destroy(ip);

    /* the launch form counts a descriptor once */
    ip = tc_interp_create(tl_builder_func(b));
    assert_false(tc_interp_launch(ip, tc_interp_grid1(2), tc_interp_desc(&xd), tc_interp_ptr(o, sizeof o)));
    assert_string_equal(tc_interp_error(ip), "tc_interp: tc_interp_launch: 2 arguments given, the kernel takes 3");
    tc_interp_destroy(ip);
    tl_builder_destroy(b);
}

/* Binds d to argument 0 of b and returns the error, which there must be. */
static void expect_bind_error(tl_builder *b, const tc_interp_tensordesc *d, const char *want)
{
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    tc_interp_bind_tensordesc(ip, 0, d);
    assert_true(tc_interp_failed(ip));
    assert_string_equal(tc_interp_error(ip), want);
    tc_interp_destroy(ip);
}

static void test_bad_descriptors(void **state)
{
    (void)state;
    tl_builder *b = host_desc_kernel();
    fill();
    tc_interp_tensordesc d = x_d();
    expect_bind_error(b, NULL, "tc_interp: tc_interp_bind_tensordesc: argument 0: NULL descriptor");
    d.rank = 1;
    expect_bind_error(b, &d,
                      "tc_interp: tc_interp_bind_tensordesc: argument 0 is a tensor descriptor of rank 2: got rank 1");
    d = x_d();
    d.base = (char *)x + 4;
    d.extent -= 4;
    char want[256];
    snprintf(want, sizeof want,
             "tc_interp: tc_interp_bind_tensordesc: argument 0: the descriptor's base 0x%" PRIxPTR " must be 16-byte aligned",
             (uintptr_t)d.base);
    expect_bind_error(b, &d, want);
    d = x_d();
    d.shape[0] = 0;
    expect_bind_error(b, &d,
                      "tc_interp: tc_interp_bind_tensordesc: argument 0: the descriptor's shape[0] is 0, not from 1 to "
                      "2147483647");
    d = x_d();
    d.strides[1] = 2;
    expect_bind_error(b, &d,
                      "tc_interp: tc_interp_bind_tensordesc: argument 0: the descriptor's last dimension must be "
                      "contiguous (strides[1] is 2, not 1)");
    d = x_d();
    d.strides[0] = 10; /* 40 bytes */
    expect_bind_error(b, &d,
                      "tc_interp: tc_interp_bind_tensordesc: argument 0: the descriptor's strides[0] is 10 elements of "
                      "4 bytes: strides must be positive multiples of 16 bytes below 2^40");
    d = x_d();
    d.extent = (5 * XS + 9) * 4 + 3; /* one byte short of the last element's end */
    expect_bind_error(b, &d,
                      "tc_interp: tc_interp_bind_tensordesc: argument 0: the tensor described needs 280 bytes from "
                      "base (its last element's end), its buffer has 279");
    d = x_d();
    d.shape[0] = 7; /* a row more than the buffer holds */
    expect_bind_error(b, &d,
                      "tc_interp: tc_interp_bind_tensordesc: argument 0: the tensor described needs 328 bytes from "
                      "base (its last element's end), its buffer has 288");
    d = x_d();
    d.base = NULL;
    expect_bind_error(b, &d,
                      "tc_interp: tc_interp_bind_tensordesc: argument 0: the tensor described needs 280 bytes from "
                      "base (its last element's end), its buffer has 0");

    /* the wrong kind of binding, either way, and the descriptor's shape and strides */
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    tc_interp_bind_ptr(ip, 0, x, sizeof x);
    assert_string_equal(tc_interp_error(ip), "tc_interp: tc_interp_bind_ptr: argument 0 is a host tensor descriptor "
                                             "(bind it with tc_interp_bind_tensordesc)");
    tc_interp_destroy(ip);
    ip = tc_interp_create(tl_builder_func(b));
    d = x_d();
    tc_interp_bind_tensordesc(ip, 5, &d);
    assert_string_equal(tc_interp_error(ip),
                        "tc_interp: tc_interp_bind_tensordesc: argument 5 is a pointer, not a host tensor descriptor");
    tc_interp_destroy(ip);
    ip = tc_interp_create(tl_builder_func(b));
    tc_interp_bind_int(ip, 3, 12);
    assert_string_equal(tc_interp_error(ip), "tc_interp: tc_interp_bind_int: argument 3 is the shape or a stride of "
                                             "host tensor descriptor argument 0, which tc_interp_bind_tensordesc "
                                             "binds with it");
    tc_interp_destroy(ip);

    /* a descriptor left unbound */
    ip = tc_interp_create(tl_builder_func(b));
    tc_interp_bind_tensordesc(ip, 0, &d);
    tc_interp_bind_ptr(ip, 5, o, sizeof o);
    assert_false(tc_interp_run(ip));
    assert_string_equal(tc_interp_error(ip),
                        "tc_interp: argument 6, a host tensor descriptor, is not bound (tc_interp_bind_tensordesc)");
    tc_interp_destroy(ip);
    tl_builder_destroy(b);
}

/* NaN padding is for float tensors only; an int32 descriptor pads with zero. */
static void test_int_descriptor(void **state)
{
    (void)state;
    tl_builder *b = start("int_desc");
    tl_value d = tl_arg(b, "d", TL_TENSORDESC(TL_I32, 2, 4));
    tl_value out = tl_arg(b, "out", TL_PTR(TL_I32));
    tl_value t = tl_descriptor_load(d, TL_LIST(1, 2));
    tl_store(tl_addptr(out, tl_reshape(tl_arange(b, 0, 8), TL_SHAPE(2, 4))), t);
    finish(b);
    static _Alignas(16) int32_t v[2 * 4];
    int32_t got[8];
    for (int i = 0; i < 8; i++)
        v[i] = 10 + i;
    tc_interp_tensordesc desc = {
        .base = v, .extent = sizeof v, .rank = 2, .shape = {2, 4}, .strides = {4, 1}, .nan_padding = true};
    expect_bind_error(b, &desc,
                      "tc_interp: tc_interp_bind_tensordesc: argument 0: padding `nan` is only supported for floating "
                      "point tensors");
    desc.nan_padding = false;
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    if (!tc_interp_launch(ip, tc_interp_grid1(1), tc_interp_desc(&desc), tc_interp_ptr(got, sizeof got)))
        fail_msg("run failed: %s", tc_interp_error(ip));
    tc_interp_destroy(ip);
    /* rows 1, 2 from column 2: row 1's columns 2, 3 inside, the rest zero */
    int32_t want[8] = {16, 17, 0, 0, 0, 0, 0, 0};
    assert_memory_equal(got, want, sizeof want);
    tl_builder_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bind_and_load),
        cmocka_unit_test(test_launch_form_nan_padding),
        cmocka_unit_test(test_bad_descriptors),
        cmocka_unit_test(test_int_descriptor),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
