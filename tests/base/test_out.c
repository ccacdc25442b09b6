/* The library's text buffer (src/base/out.h): growth, MLIR's escapes, identifiers, printf into
 * the buffer and into a new string, and what it does when memory runs out. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fake_failing_allocator.h"
#include "base/out.h"
#include "tritonc/ir.h" /* tcir_set_alloc_hook */

static char *format(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = base_vformat(fmt, ap);
    va_end(ap);
    return s;
}

static void grows_and_keeps_every_byte(void **state)
{
    (void)state;
    base_out o = {0};
    for (int i = 0; i < 10000; i++)
        base_out_printf(&o, "%d,", i % 10);
    assert_false(o.oom);
    assert_int_equal(o.len, 20000);
    assert_memory_equal(o.buf + 19990, "5,6,7,8,9,", 10);
    assert_int_equal(o.buf[o.len], '\0');
    char *text = base_out_text(&o);
    assert_int_equal(strlen(text), 20000);
    assert_null(o.buf); /* handed over */
    free(text);
}

static void empty_text(void **state)
{
    (void)state;
    base_out o = {0};
    char *text = base_out_text(&o);
    assert_string_equal(text, "");
    free(text);
}

static void quoted_as_mlir_writes_a_string(void **state)
{
    (void)state;
    base_out o = {0};
    base_out_quoted(&o, "a\"b\\c\n\x7f" "d");
    char *text = base_out_text(&o);
    assert_string_equal(text, "\"a\\22b\\\\c\\0A\\7Fd\"");
    free(text);
}

static void identifiers(void **state)
{
    (void)state;
    assert_true(base_is_identifier("main"));
    assert_true(base_is_identifier("_k$1.x"));
    assert_false(base_is_identifier("1k"));
    assert_false(base_is_identifier("a-b"));
    assert_false(base_is_identifier(""));
    assert_false(base_is_identifier(NULL));
    base_out o = {0};
    base_out_keyword_or_string(&o, "bare");
    base_out_puts(&o, " ");
    base_out_keyword_or_string(&o, "not bare");
    char *text = base_out_text(&o);
    assert_string_equal(text, "bare \"not bare\"");
    free(text);
}

static void vformat_gives_a_new_string(void **state)
{
    (void)state;
    char *s = format("%s:%d: %s", "k.c", 41, "tl_add");
    assert_string_equal(s, "k.c:41: tl_add");
    free(s);
}

static void out_of_memory(void **state)
{
    (void)state;
    fake_failing_allocator none = {.fail_at = 1, .from_then_on = true}; /* refuses every one */
    tcir_set_alloc_hook(fake_failing_allocator_hook, &none);
    char *s = format("%d", 1);
    base_out o = {0};
    base_out_puts(&o, "lost");
    bool oom = o.oom;
    char *text = base_out_text(&o);
    tcir_set_alloc_hook(NULL, NULL);
    assert_null(s);
    assert_true(oom);
    assert_null(text);
    assert_null(o.buf);
}

/* Numbers are written one or two digits at a time: every length, both sides of each carry. */
static void numbers(void **state)
{
    (void)state;
    base_out o = {0};
    const uint64_t v[] = {0, 7, 9, 10, 42, 99, 100, 101, 109, 110, 999, 1000, 1009, 9999, 10000, 12345, 99999,
                          100000, 1234567, 4294967295u, 18446744073709551615u};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        base_out_uint(&o, v[i]);
        base_out_putc(&o, ' ');
    }
    base_out_int(&o, -1234);
    base_out_putc(&o, ' ');
    base_out_int(&o, INT64_MIN);
    assert_false(o.oom);
    char *text = base_out_text(&o);
    assert_string_equal(text, "0 7 9 10 42 99 100 101 109 110 999 1000 1009 9999 10000 12345 99999 100000 1234567 "
                              "4294967295 18446744073709551615 -1234 -9223372036854775808");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grows_and_keeps_every_byte),
        cmocka_unit_test(numbers),
        cmocka_unit_test(empty_text),
        cmocka_unit_test(quoted_as_mlir_writes_a_string),
        cmocka_unit_test(identifiers),
        cmocka_unit_test(vformat_gives_a_new_string),
        cmocka_unit_test(out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
