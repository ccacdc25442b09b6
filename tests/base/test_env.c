/* The strict parse of TRITONC_* environment values (src/base/env.h): booleans in any case, empty
 * as unset, integers whole and in range, anything else one line naming the variable and value;
 * and TRITONC_ABORT_ON_ERROR read through it (a bad value: one line on stderr, no abort). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/env.h"
#include "base/error.h"

#define VAR "TRITONC_TEST_ENV_VALUE"

static tl_env_status bool_of(const char *text, bool *value, char *why, size_t size)
{
    if (text)
        setenv(VAR, text, 1);
    else
        unsetenv(VAR);
    return base_env_bool(VAR, value, why, size);
}

static void booleans(void **state)
{
    (void)state;
    static const char *const on[] = {"1", "true", "TRUE", "Yes", "on", "ON"};
    static const char *const off[] = {"0", "false", "False", "no", "NO", "off", "Off"};
    char why[256];
    bool v;
    for (size_t i = 0; i < sizeof on / sizeof *on; i++) {
        v = false;
        assert_int_equal(bool_of(on[i], &v, why, sizeof why), TL_ENV_OK);
        assert_true(v);
    }
    for (size_t i = 0; i < sizeof off / sizeof *off; i++) {
        v = true;
        assert_int_equal(bool_of(off[i], &v, why, sizeof why), TL_ENV_OK);
        assert_false(v);
    }
    v = true;
    assert_int_equal(bool_of(NULL, &v, why, sizeof why), TL_ENV_UNSET);
    assert_int_equal(bool_of("", &v, why, sizeof why), TL_ENV_UNSET);
    assert_true(v); /* untouched */
    static const char *const bad[] = {"2", "maybe", " 1", "1 ", "yes!", "tru", "00"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_int_equal(bool_of(bad[i], &v, why, sizeof why), TL_ENV_BAD);
    assert_true(v);
    assert_int_equal(bool_of("maybe", &v, why, sizeof why), TL_ENV_BAD);
    assert_string_equal(why, VAR "='maybe' is not a boolean (1, true, yes, on or 0, false, no, off)");
    assert_int_equal(bool_of("maybe", &v, NULL, 0), TL_ENV_BAD); /* no line asked for */
    unsetenv(VAR);
}

static void integers(void **state)
{
    (void)state;
    char why[256];
    long v = -7;
    setenv(VAR, "10", 1);
    assert_int_equal(base_env_int(VAR, 1, 100, &v, why, sizeof why), TL_ENV_OK);
    assert_int_equal(v, 10);
    setenv(VAR, "-3", 1);
    assert_int_equal(base_env_int(VAR, -5, 5, &v, why, sizeof why), TL_ENV_OK);
    assert_int_equal(v, -3);
    setenv(VAR, "", 1);
    assert_int_equal(base_env_int(VAR, 1, 100, &v, why, sizeof why), TL_ENV_UNSET);
    static const char *const bad[] = {"ten", "10s", " 10", "0x10", "0", "101", "99999999999999999999999", "+", "1.5"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        setenv(VAR, bad[i], 1);
        v = -7;
        assert_int_equal(base_env_int(VAR, 1, 100, &v, why, sizeof why), TL_ENV_BAD);
        assert_int_equal(v, -7);
    }
    setenv(VAR, "ten", 1);
    base_env_int(VAR, 1, 86400, &v, why, sizeof why);
    assert_string_equal(why, VAR "='ten' is not an integer from 1 to 86400");
    unsetenv(VAR);
}

/* Records an error in a child whose TRITONC_ABORT_ON_ERROR is value; its wait status. */
static int record_with(const char *value)
{
    pid_t child = fork();
    if (child == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, 2); /* the abort's message, or the bad value's line */
        setenv("TRITONC_ABORT_ON_ERROR", value, 1);
        base_error e;
        memset(&e, 0, sizeof e);
        base_error_set(&e, BASE_ERROR_BARE_SITE, "an error");
        base_error_set(&e, BASE_ERROR_BARE_SITE, "another"); /* dropped: first wins */
        base_error_clear(&e);
        _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    return status;
}

static void abort_on_error_is_a_boolean(void **state)
{
    (void)state;
    static const char *const on[] = {"1", "yes", "TRUE", "on"};
    static const char *const off[] = {"0", "no", "false", "OFF", "", "maybe"};
    for (size_t i = 0; i < sizeof on / sizeof *on; i++)
        assert_true(WIFSIGNALED(record_with(on[i])));
    for (size_t i = 0; i < sizeof off / sizeof *off; i++) {
        int status = record_with(off[i]);
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(booleans),
        cmocka_unit_test(integers),
        cmocka_unit_test(abort_on_error_is_a_boolean),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
