/* The strict parse of TRITONC_* environment values (env.h). */
#include "base/env.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether a and b are the same word in any case (ASCII). */
static bool env_same_word(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
    return *a == *b;
}

tl_env_status base_env_bool(const char *name, bool *value, char *why, size_t size)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return TL_ENV_UNSET;
    static const char *const yes[] = {"1", "true", "yes", "on"}, *const no[] = {"0", "false", "no", "off"};
    for (int i = 0; i < 4; i++) {
        if (env_same_word(v, yes[i]) || env_same_word(v, no[i])) {
            *value = env_same_word(v, yes[i]);
            return TL_ENV_OK;
        }
    }
    if (why && size)
        snprintf(why, size, "%s='%s' is not a boolean (1, true, yes, on or 0, false, no, off)", name, v);
    return TL_ENV_BAD;
}

tl_env_status base_env_int(const char *name, long min, long max, long *value, char *why, size_t size)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return TL_ENV_UNSET;
    char *end = NULL;
    errno = 0;
    long n = isspace((unsigned char)*v) ? 0 : strtol(v, &end, 10);
    if (end && end != v && !*end && errno == 0 && n >= min && n <= max) {
        *value = n;
        return TL_ENV_OK;
    }
    if (why && size)
        snprintf(why, size, "%s='%s' is not an integer from %ld to %ld", name, v, min, max);
    return TL_ENV_BAD;
}
