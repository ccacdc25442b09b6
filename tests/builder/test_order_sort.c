/* The constant pool's final order found two ways (order/pool_sort.c, order_pool_sort): the radix
 * sort of stamps that a kernel of many constants takes, and the merge sort of goes_above that it
 * falls back to. For generated kernels full of constants (folded offsets, loop bounds, helper
 * calls, casts of a load's other, constants inside loops and branches, early returns), both
 * must print the same text; the radix sort must have been taken for most of them. */
#include "test_lang.h"

#include "builder/builder_internal.h"
#include "test_rng.h"

enum { SEEDS = 300, STEPS = 160 };

/* A ported @jit helper with constants of its own. */
static tl_value scaled(tl_builder *builder, tl_value v, int k)
{
    tl_builder_helper_begin(builder);
    tl_value r = tl_add(tl_mul(v, k), k + 1);
    tl_builder_helper_end(builder);
    return r;
}

/* One step: a few ops with constants, some inside a loop or a branch; helper calls (whose own
 * constants the radix sort leaves to the merge sort) only when `helpers`. */
static void step(tl_builder *builder, rng *r, bool helpers, tl_value x, tl_value m, tl_value offs, tl_value *v,
                 tl_value *f)
{
    int c = 1 + pick(r, 500);
    static const int no_helper[] = {0, 1, 2, 3, 4, 5, 8, 9};
    switch (helpers ? pick(r, 10) : no_helper[pick(r, 8)]) {
    case 0: *v = tl_add(*v, c); break; /* scalar: folded by reassociation */
    case 1: *v = tl_sub(*v, c); break;
    case 2: *f = tl_add(*f, (double)c + 0.25); break;
    case 3: *f = tl_add(*f, tl_load(tl_addptr(x, offs), .mask = tl_lt(tl_add(offs, c), m), .other = tl_lit(0.0))); break;
    case 4: {
        tl_scope loop = tl_for(builder, 0, c % 7 + 1, 1, .carry = TL_VARS(f));
            *f = tl_add(*f, (double)(c % 13));
        tl_end(&loop);
        break;
    }
    case 5: {
        tl_scope branch = tl_if(tl_gt(*v, c), .carry = TL_VARS(v));
            *v = tl_mul(*v, c % 5 + 2);
        tl_end(&branch);
        break;
    }
    case 6: *v = tl_cdiv(*v, c % 9 + 2); break; /* a standard-library helper */
    case 7: *v = scaled(builder, *v, c % 11); break;
    case 8: tl_return_if(tl_gt(*v, c)); break;
    default: *v = tl_xor(*v, c); break;
    }
}

static tl_builder *build(uint64_t seed, bool merge_sort_only)
{
    tl_builder *builder = tl_builder_create("k");
    tl_builder_set_locations(builder, false);
    builder->pool.merge_sort_only = merge_sort_only;
    rng r = {seed * 0x9E3779B97F4A7C15u + 1};
    tl_value x = tl_arg(builder, "x", PTR(TL_F32));
    tl_value y = tl_arg(builder, "y", PTR(TL_I32));
    tl_value m = tl_arg(builder, "m", SCALAR(TL_I32));
    tl_value offs = tl_arange(builder, 0, 16);
    bool helpers = seed % 3 == 0;
    tl_value v = tl_load(y);
    tl_value f = helpers ? tl_zeros(builder, TL_SHAPE(16), TL_F32) : tl_load(tl_addptr(x, offs));
    for (int i = 0; i < STEPS; i++)
        step(builder, &r, helpers, x, m, offs, &v, &f);
    tl_store(tl_addptr(x, offs), f);
    tl_store(y, v);
    return builder;
}

static void radix_and_merge_sorts_agree(void **state)
{
    (void)state;
    int radix = 0;
    for (uint64_t seed = 0; seed < SEEDS; seed++) {
        tl_builder *fast = build(seed, false), *plain = build(seed, true);
        char *a = tl_finish(fast), *b = tl_finish(plain);
        if (!a || !b)
            fail_msg("seed %d: %s", (int)seed, tl_builder_error(a ? plain : fast));
        if (strcmp(a, b) != 0)
            fail_msg("seed %d: the radix sort's order differs from the merge sort's", (int)seed);
        assert_int_equal(plain->pool.radix_sorts, 0);
        radix += fast->pool.radix_sorts;
        free(a);
        free(b);
        tl_builder_destroy(fast);
        tl_builder_destroy(plain);
    }
    print_message("radix sort taken for %d of %d kernels\n", radix, SEEDS);
    assert_true(radix >= SEEDS / 2); /* the kernels without helpers: two in three */
}

/* The bench's shape of many folded scalar constants. */
static void folded_constants(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value v = tl_load(x);
    for (int i = 0; i < 3000; i++)
        v = tl_add(v, i + 1);
    tl_store(x, v);
}

/* Constants made before the function's first op, used after it in the reverse order. */
static void leading_constants(tl_builder *builder)
{
    tl_value x = tl_arg(builder, "x", PTR(TL_I32));
    tl_value c[300];
    for (int i = 0; i < 300; i++)
        c[i] = tl_to_tensor(builder, 7 * i + 1);
    tl_value v = tl_load(x);
    for (int i = 299; i >= 0; i--)
        v = tl_add(v, c[i]);
    tl_store(x, v);
}

/* Builds the kernel with the radix sort (which must be taken, once) and with the merge sort
 * only; both must print the same text, which the caller frees. */
static char *sorted_both_ways(void (*kernel)(tl_builder *))
{
    char *text[2];
    for (int mode = 0; mode < 2; mode++) {
        tl_builder *builder = tl_builder_create("k");
        tl_builder_set_locations(builder, false);
        builder->pool.merge_sort_only = mode == 1;
        kernel(builder);
        text[mode] = tl_finish(builder);
        assert_non_null(text[mode]);
        assert_int_equal(builder->pool.radix_sorts, mode == 0 ? 1 : 0);
        tl_builder_destroy(builder);
    }
    assert_string_equal(text[0], text[1]);
    free(text[1]);
    return text[0];
}

/* They stand upside down before the sort: the latest folded sum goes on top, 1 + 2 + ... + 3000,
 * then the one before it. */
static void many_folded_constants(void **state)
{
    (void)state;
    char *text = sorted_both_ways(folded_constants);
    assert_non_null(strstr(text, "    %c4501500_i32 = arith.constant 4501500 : i32\n"
                                 "    %c4498500_i32 = arith.constant 4498500 : i32\n"));
    free(text);
}

/* They keep the order they were made in, the earliest on top: sorted already before the sort. */
static void many_leading_constants(void **state)
{
    (void)state;
    char *text = sorted_both_ways(leading_constants);
    assert_non_null(strstr(text, "{\n    %c1_i32 = arith.constant 1 : i32\n"
                                 "    %c8_i32 = arith.constant 8 : i32\n"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(radix_and_merge_sorts_agree),
        cmocka_unit_test(many_folded_constants),
        cmocka_unit_test(many_leading_constants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
