/* The sticky error record (error.h): the first message wins. */
#include "base/error.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/env.h"

/* TRITONC_ABORT_ON_ERROR, a boolean (base/env.h). No error can be recorded about the variable
 * that decides what recording does: a bad value counts as off and says so once, on stderr. */
static bool abort_on_error(void)
{
    static atomic_bool told;
    bool on = false;
    char why[320];
    if (base_env_bool("TRITONC_ABORT_ON_ERROR", &on, why, sizeof why) == TL_ENV_BAD) {
        if (!atomic_exchange(&told, true))
            fprintf(stderr, "tritonc: %s: not aborting on errors\n", why);
        return false;
    }
    return on;
}

static const char *site_file(tl_site site) { return site.file ? site.file : "?"; }
static const char *site_func(tl_site site) { return site.func ? site.func : "tritonc"; }

/* Writes the message's head, "FILE:LINE: func: " ("" at BASE_ERROR_BARE_SITE), as snprintf does. */
static int head(char *buf, size_t size, tl_site site)
{
    if (site.line == -1 && !site.file && !site.func)
        return snprintf(buf, size, "%s", "");
    return snprintf(buf, size, "%s:%d: %s: ", site_file(site), site.line, site_func(site));
}

/* Publishes the message just written (and aborts when asked to). */
static bool recorded(base_error *e)
{
    atomic_store_explicit(&e->set, true, memory_order_release);
    if (abort_on_error()) {
        fprintf(stderr, "tritonc: %s\n", base_error_text(e));
        abort();
    }
    return true;
}

void base_error_init(base_error *e, size_t limit)
{
    if (e)
        e->limit = limit;
}

bool base_error_set(base_error *e, tl_site site, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool done = base_error_vset(e, site, fmt, ap);
    va_end(ap);
    return done;
}

/* The one place every error passes through: a breakpoint here catches them all. */
bool base_error_vset(base_error *e, tl_site site, const char *fmt, va_list ap)
{
    if (!e || base_error_is_set(e))
        return false;
    va_list again;
    va_copy(again, ap);
    int head_len = head(NULL, 0, site);
    int body = fmt ? vsnprintf(NULL, 0, fmt, ap) : 0;
    size_t len = (size_t)(head_len > 0 ? head_len : 0) + (size_t)(body > 0 ? body : 0);
    size_t limit = e->limit ? e->limit : TL_ERROR_INLINE - 1;
    if (len > limit)
        len = limit;
    /* The record holds a short message; a longer one gets memory of its own, or is cut to
     * what the record holds when there is none. */
    size_t size = len + 1;
    char *buf = size <= sizeof e->text ? e->text : base_malloc(size);
    if (!buf) {
        buf = e->text;
        size = sizeof e->text;
    }
    int n = head(buf, size, site);
    size_t at = n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
    if (fmt)
        vsnprintf(buf + at, size - at, fmt, again);
    va_end(again);
    if (buf != e->text)
        e->heap = buf;
    return recorded(e);
}

bool base_error_set_oom(base_error *e, tl_site site)
{
    if (!e || base_error_is_set(e))
        return false;
    int n = head(e->text, sizeof e->text, site);
    size_t at = n < 0 ? 0 : (size_t)n < sizeof e->text ? (size_t)n : sizeof e->text - 1;
    snprintf(e->text + at, sizeof e->text - at, "out of memory");
    return recorded(e);
}

char *base_error_line(tl_site site, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *line = base_error_vline(site, fmt, ap);
    va_end(ap);
    return line;
}

char *base_error_vline(tl_site site, const char *fmt, va_list ap)
{
    base_error e = {0};
    base_error_init(&e, TL_ERROR_UNLIMITED);
    base_error_vset(&e, site, fmt, ap);
    /* A long message already has memory of its own: it is handed over, not copied. */
    char *line = e.heap ? e.heap : base_strdup(e.text);
    e.heap = NULL;
    base_error_clear(&e);
    return line;
}

const char *base_error_text(const base_error *e)
{
    if (!e || !base_error_is_set(e))
        return NULL;
    return e->heap ? e->heap : e->text;
}

void base_error_clear(base_error *e)
{
    if (!e)
        return;
    atomic_store_explicit(&e->set, false, memory_order_release);
    free(e->heap);
    e->heap = NULL;
    e->text[0] = '\0';
}
