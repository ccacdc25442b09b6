/* The builder's sticky error (a base_error, src/base/error.h): the first message wins, with the C
 * line of the call; after memory ran out, whatever went wrong is that. */
#include <stdarg.h>

#include "builder/builder_internal.h"

tl_value tl_builder_fail(tl_builder *b, tl_site site, const char *fmt, ...)
{
    if (!b || base_error_is_set(&b->error))
        return TL_POISON;
    if (tcir_context_oom(b->ctx)) {
        base_error_set_oom(&b->error, site);
    } else {
        va_list ap;
        va_start(ap, fmt);
        base_error_vset(&b->error, site, fmt, ap);
        va_end(ap);
    }
    return TL_POISON;
}

bool tl_builder_failed(const tl_builder *b) { return !b || base_error_is_set(&b->error) || tcir_context_oom(b->ctx); }

const char *tl_builder_error(const tl_builder *b)
{
    if (!b)
        return "tritonc: NULL builder";
    if (!base_error_is_set(&b->error) && tcir_context_oom(b->ctx)) /* no call came after it to name */
        return "tritonc: out of memory";
    return base_error_text(&b->error);
}

bool builder_usable_slow(tl_builder *b, tl_site site)
{
    if (!b || base_error_is_set(&b->error))
        return false;
    if (tcir_context_oom(b->ctx)) { /* memory ran out in an earlier call: the error names this one */
        base_error_set_oom(&b->error, site);
        return false;
    }
    if (b->finished) {
        tl_builder_fail(b, site, "use after finish: the kernel was already finished");
        return false;
    }
    return true;
}
