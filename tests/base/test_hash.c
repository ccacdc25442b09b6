/* The one hash (src/base/hash.h): FNV-1a's published values, 64 and 32 bits, continued over
 * pieces as over the whole, NULL strings adding nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "base/hash.h"

static void fnv1a64_values(void **state)
{
    (void)state;
    assert_true(base_fnv1a64(TL_FNV1A64_INIT, "", 0) == UINT64_C(0xcbf29ce484222325));
    assert_true(base_fnv1a64(TL_FNV1A64_INIT, "a", 1) == UINT64_C(0xaf63dc4c8601ec8c));
    assert_true(base_fnv1a64(TL_FNV1A64_INIT, "foobar", 6) == UINT64_C(0x85944171f73967e8));
    assert_true(base_fnv1a64_str(TL_FNV1A64_INIT, "foobar") == UINT64_C(0x85944171f73967e8));
    /* bytes past a NUL count; a string stops at it */
    assert_true(base_fnv1a64(TL_FNV1A64_INIT, "a\0b", 3) != base_fnv1a64_str(TL_FNV1A64_INIT, "a\0b"));
}

static void fnv1a32_values(void **state)
{
    (void)state;
    assert_true(base_fnv1a32(TL_FNV1A32_INIT, "", 0) == UINT32_C(0x811c9dc5));
    assert_true(base_fnv1a32(TL_FNV1A32_INIT, "a", 1) == UINT32_C(0xe40c292c));
    assert_true(base_fnv1a32(TL_FNV1A32_INIT, "foobar", 6) == UINT32_C(0xbf9cf968));
    assert_true(base_fnv1a32_str(TL_FNV1A32_INIT, "foobar") == UINT32_C(0xbf9cf968));
}

static void continued_over_pieces(void **state)
{
    (void)state;
    assert_true(base_fnv1a64_str(base_fnv1a64_str(TL_FNV1A64_INIT, "foo"), "bar") ==
                base_fnv1a64_str(TL_FNV1A64_INIT, "foobar"));
    assert_true(base_fnv1a32(base_fnv1a32(TL_FNV1A32_INIT, "foo", 3), "bar", 3) ==
                base_fnv1a32_str(TL_FNV1A32_INIT, "foobar"));
    assert_true(base_fnv1a64_str(UINT64_C(12345), NULL) == UINT64_C(12345));
    assert_true(base_fnv1a32_str(UINT32_C(12345), NULL) == UINT32_C(12345));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fnv1a64_values),
        cmocka_unit_test(fnv1a32_values),
        cmocka_unit_test(continued_over_pieces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
