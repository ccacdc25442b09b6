/* The sticky error record (src/base/error.h): the first message wins; "FILE:LINE: func: text";
 * out of memory recorded without allocating; long messages cut at the record's limit, or
 * kept whole with memory of their own; a bare site, malloc'd lines, TRITONC_ABORT_ON_ERROR. */
#define _POSIX_C_SOURCE 200809L /* fork, pipe, setenv (test_abort.h) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fake_failing_allocator.h"
#include "test_abort.h"
#include "base/error.h"
#include "tritonc/hlo.h" /* TH_SITE */
#include "tritonc/ir.h"  /* tcir_set_alloc_hook */

static tl_site at(const char *file, int line, const char *func)
{
    return (tl_site){.file = file, .line = line, .func = func};
}

/* A message of n bytes: "x" repeated. */
static char *repeated(size_t n)
{
    char *s = malloc(n + 1);
    assert_non_null(s);
    memset(s, 'x', n);
    s[n] = '\0';
    return s;
}

static void empty_record_has_no_message(void **state)
{
    (void)state;
    base_error e = {0};
    assert_false(base_error_is_set(&e));
    assert_null(base_error_text(&e));
    base_error_clear(&e); /* a no-op */
    assert_null(base_error_text(&e));
}

static void message_names_the_site(void **state)
{
    (void)state;
    base_error e = {0};
    assert_true(base_error_set(&e, at("k.c", 41, "tl_add"), "cannot broadcast %d with %s", 64, "32"));
    assert_true(base_error_is_set(&e));
    assert_string_equal(base_error_text(&e), "k.c:41: tl_add: cannot broadcast 64 with 32");
    base_error_clear(&e);
}

static void unknown_file_and_func(void **state)
{
    (void)state;
    base_error e = {0};
    base_error_set(&e, (tl_site){0}, "bad");
    assert_string_equal(base_error_text(&e), "?:0: tritonc: bad");
    base_error_clear(&e);
}

static void the_first_error_wins(void **state)
{
    (void)state;
    base_error e = {0};
    assert_true(base_error_set(&e, at("a.c", 1, "first"), "one"));
    assert_false(base_error_set(&e, at("b.c", 2, "second"), "two"));
    assert_false(base_error_set_oom(&e, at("c.c", 3, "third")));
    assert_string_equal(base_error_text(&e), "a.c:1: first: one");
    base_error_clear(&e);
}

static void clear_takes_the_next(void **state)
{
    (void)state;
    base_error e = {0};
    base_error_set(&e, at("a.c", 1, "f"), "one");
    base_error_clear(&e);
    assert_false(base_error_is_set(&e));
    assert_null(base_error_text(&e));
    assert_true(base_error_set(&e, at("b.c", 2, "g"), "two"));
    assert_string_equal(base_error_text(&e), "b.c:2: g: two");
    base_error_clear(&e);
}

static void out_of_memory_message(void **state)
{
    (void)state;
    base_error e = {0};
    assert_true(base_error_set_oom(&e, at("kernels/models/matmul.c", 40, "tl_dot")));
    assert_string_equal(base_error_text(&e), "kernels/models/matmul.c:40: tl_dot: out of memory");
    base_error_clear(&e);
}

/* The default limit: the record itself, TL_ERROR_INLINE - 1 bytes. */
static void long_message_cut_at_the_default_limit(void **state)
{
    (void)state;
    base_error e = {0};
    char *body = repeated(2000);
    base_error_set(&e, at("k.c", 7, "tl_add"), "%s", body);
    const char *text = base_error_text(&e);
    assert_int_equal(strlen(text), TL_ERROR_INLINE - 1);
    assert_memory_equal(text, "k.c:7: tl_add: xxx", 18);
    assert_null(e.heap);
    base_error_clear(&e);
    free(body);
}

static void long_message_cut_at_a_set_limit(void **state)
{
    (void)state;
    base_error e = {0};
    base_error_init(&e, 1023);
    char *body = repeated(2000);
    base_error_set(&e, at("k.c", 7, "th_add"), "%s", body);
    assert_int_equal(strlen(base_error_text(&e)), 1023);
    base_error_clear(&e);
    base_error_init(&e, 10); /* a limit below what the record holds cuts there too */
    base_error_set(&e, at("k.c", 7, "th_add"), "%s", body);
    assert_string_equal(base_error_text(&e), "k.c:7: th_");
    base_error_clear(&e);
    free(body);
}

static void long_message_kept_whole_without_limit(void **state)
{
    (void)state;
    base_error e = {0};
    base_error_init(&e, TL_ERROR_UNLIMITED);
    char *body = repeated(100000);
    base_error_set(&e, at("r.c", 3, "tp_compile"), "failed: %s.", body);
    const char *text = base_error_text(&e);
    assert_int_equal(strlen(text), strlen("r.c:3: tp_compile: failed: .") + 100000);
    assert_string_equal(text + strlen(text) - 3, "xx.");
    base_error_clear(&e); /* frees it (the sanitizer build checks) */
    free(body);
}

/* Memory refused for a long message: it is kept, cut to what the record holds. */
static void long_message_without_memory_is_cut(void **state)
{
    (void)state;
    base_error e = {0};
    base_error_init(&e, TL_ERROR_UNLIMITED);
    char *body = repeated(5000);
    fake_failing_allocator none = {.fail_at = 1, .from_then_on = true}; /* refuses every one */
    tcir_set_alloc_hook(fake_failing_allocator_hook, &none);
    assert_true(base_error_set(&e, at("r.c", 3, "tc_launch"), "%s", body));
    tcir_set_alloc_hook(NULL, NULL);
    assert_null(e.heap);
    assert_int_equal(strlen(base_error_text(&e)), TL_ERROR_INLINE - 1);
    assert_memory_equal(base_error_text(&e), "r.c:3: tc_launch: xx", 20);
    base_error_clear(&e);
    free(body);
}

/* Out of memory is recorded with every allocation refused. */
static void out_of_memory_needs_no_memory(void **state)
{
    (void)state;
    base_error e = {0};
    base_error_init(&e, TL_ERROR_UNLIMITED);
    fake_failing_allocator none = {.fail_at = 1, .from_then_on = true}; /* refuses every one */
    tcir_set_alloc_hook(fake_failing_allocator_hook, &none);
    assert_true(base_error_set_oom(&e, at("k.c", 9, "tl_dot")));
    assert_false(base_error_set(&e, at("k.c", 10, "tl_add"), "later"));
    tcir_set_alloc_hook(NULL, NULL);
    assert_string_equal(base_error_text(&e), "k.c:9: tl_dot: out of memory");
    base_error_clear(&e);
}

/* The sites the API's macros make: this file and line, the call's name. */
static void sites_carry_file_and_line(void **state)
{
    (void)state;
    char want[256];
    base_error e = {0};
    int line = __LINE__ + 1;
    base_error_set(&e, TL_SITE("tl_add"), "k");
    snprintf(want, sizeof want, "%s:%d: tl_add: k", __FILE__, line);
    assert_string_equal(base_error_text(&e), want);
    base_error_clear(&e);

    line = __LINE__ + 1;
    th_site site = TH_SITE("th_add"); /* th_site is tl_site */
    base_error_set(&e, site, "h");
    snprintf(want, sizeof want, "%s:%d: th_add: h", __FILE__, line);
    assert_string_equal(base_error_text(&e), want);
    assert_int_equal(site.seq, 0);
    assert_null(site.scope);
    base_error_clear(&e);
}

/* BASE_ERROR_BARE_SITE: the text alone, for messages that write their own head. */
static void bare_site_writes_the_text_alone(void **state)
{
    (void)state;
    base_error e = {0};
    assert_true(base_error_set(&e, BASE_ERROR_BARE_SITE, "tc_interp: %s: %s", "tt.load", "out of bounds"));
    assert_string_equal(base_error_text(&e), "tc_interp: tt.load: out of bounds");
    assert_false(base_error_set(&e, BASE_ERROR_BARE_SITE, "later"));
    base_error_clear(&e);
    assert_true(base_error_set_oom(&e, BASE_ERROR_BARE_SITE));
    assert_string_equal(base_error_text(&e), "out of memory");
    base_error_clear(&e);
}

/* A line handed back malloc'd: the same text as a record's, short or long. */
static void line_is_the_message_malloced(void **state)
{
    (void)state;
    char *line = base_error_line(at("k.c", 3, "tl_kernel_emit"), "bad %d", 7);
    assert_string_equal(line, "k.c:3: tl_kernel_emit: bad 7");
    free(line);
    line = base_error_line(BASE_ERROR_BARE_SITE, "cannot write '%s': %s", "x/y", "No space left on device");
    assert_string_equal(line, "cannot write 'x/y': No space left on device");
    free(line);
    char *body = repeated(5000); /* whole: no limit */
    line = base_error_line(BASE_ERROR_BARE_SITE, "<%s>", body);
    assert_int_equal(strlen(line), 5002);
    assert_string_equal(line + 4998, "xxx>");
    free(line);
    free(body);
}

static void set_an_error(void *arg)
{
    base_error e = {0};
    base_error_set(&e, at("k.c", 41, "tl_add"), "%s", (const char *)arg);
    base_error_clear(&e);
}

static void set_a_bare_error(void *arg)
{
    base_error e = {0};
    base_error_set(&e, BASE_ERROR_BARE_SITE, "tc_interp: %s", (const char *)arg);
    base_error_clear(&e);
}

static void make_a_line(void *arg)
{
    free(base_error_line(BASE_ERROR_BARE_SITE, "%s", (const char *)arg));
}

static void set_out_of_memory(void *arg)
{
    (void)arg;
    base_error e = {0};
    base_error_set_oom(&e, at("k.c", 9, "tl_dot"));
}

/* TRITONC_ABORT_ON_ERROR=1: every way of recording aborts, after printing the message. */
static void abort_on_error_at_every_record(void **state)
{
    (void)state;
    expect_abort(set_an_error, "boom", "k.c:41: tl_add: boom");
    expect_abort(set_a_bare_error, "NULL function", "tc_interp: NULL function");
    expect_abort(make_a_line, "tc_compile: NULL kernel", "tc_compile: NULL kernel");
    expect_abort(set_out_of_memory, NULL, "k.c:9: tl_dot: out of memory");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(empty_record_has_no_message),
        cmocka_unit_test(message_names_the_site),
        cmocka_unit_test(unknown_file_and_func),
        cmocka_unit_test(the_first_error_wins),
        cmocka_unit_test(clear_takes_the_next),
        cmocka_unit_test(out_of_memory_message),
        cmocka_unit_test(long_message_cut_at_the_default_limit),
        cmocka_unit_test(long_message_cut_at_a_set_limit),
        cmocka_unit_test(long_message_kept_whole_without_limit),
        cmocka_unit_test(long_message_without_memory_is_cut),
        cmocka_unit_test(out_of_memory_needs_no_memory),
        cmocka_unit_test(sites_carry_file_and_line),
        cmocka_unit_test(bare_site_writes_the_text_alone),
        cmocka_unit_test(line_is_the_message_malloced),
        cmocka_unit_test(abort_on_error_at_every_record),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
