/* The builder's sticky error: the first message wins, with the C line of the call. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builder_internal.h"

static bool abort_on_error(void)
{
    const char *v = getenv("TRITONC_ABORT_ON_ERROR");
    return v && *v && strcmp(v, "0") != 0;
}

/* The one place every error passes through: a breakpoint here catches them all. */
tl_value tl_builder_fail(tl_builder *b, tl_site site, const char *fmt, ...)
{
    if (!b || b->failed)
        return TL_POISON;
    b->failed = true;
    int n = snprintf(b->error, sizeof b->error, "%s:%d: %s: ", site.file ? site.file : "?", site.line,
                     site.func ? site.func : "tritonc");
    if (n < 0 || (size_t)n >= sizeof b->error)
        n = 0;
    if (tcir_context_oom(b->ctx)) { /* whatever went wrong after memory ran out is that */
        snprintf(b->error + n, sizeof b->error - (size_t)n, "out of memory");
    } else {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(b->error + n, sizeof b->error - (size_t)n, fmt, ap);
        va_end(ap);
    }
    if (abort_on_error()) {
        fprintf(stderr, "tritonc: %s\n", b->error);
        abort();
    }
    return TL_POISON;
}

bool tl_builder_failed(const tl_builder *b)
{
    return !b || b->failed || tcir_context_oom(b->ctx);
}

const char *tl_builder_error(const tl_builder *b)
{
    if (!b)
        return "tritonc: NULL builder";
    if (!b->failed && tcir_context_oom(b->ctx)) /* no call came after it to name */
        return "tritonc: out of memory";
    return b->failed ? b->error : NULL;
}

bool tl__usable(tl_builder *b, tl_site site)
{
    if (!b || b->failed)
        return false;
    if (tcir_context_oom(b->ctx)) { /* memory ran out in an earlier call: the error names this one */
        tl_builder_fail(b, site, "out of memory");
        return false;
    }
    if (b->finished) {
        tl_builder_fail(b, site, "use after finish: the kernel was already finished");
        return false;
    }
    return true;
}
