/* The growable text buffer (out.h): growth, numbers, MLIR's escapes and names, printf. */
#include "base/out.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/alloc.h"

bool base_out_reserve(base_out *out, size_t n)
{
    if (out->oom)
        return false;
    if (out->cap - out->len > n)
        return true;
    size_t cap = out->cap ? out->cap : 4096;
    while (cap - out->len <= n)
        cap *= 2;
    char *buf = base_realloc(out->buf, cap);
    if (!buf) {
        out->oom = true;
        return false;
    }
    out->buf = buf;
    out->cap = cap;
    base_advise_huge(buf, cap); /* a big text: fewer page faults as it is written */
    return true;
}

/* "00" to "99": the digits of v >= 10 are written two at a time (SSA ids of big kernels are
 * most of what the printer writes; one division per two digits, not per digit). */
const char base_digit_pairs[201] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                   "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                   "8081828384858687888990919293949596979899";

char *base_put_big_digits(char *d, uint64_t v)
{
    char buf[20], *c = buf + sizeof buf;
    while (v >= 100) {
        unsigned pair = (unsigned)(v % 100);
        v /= 100;
        c -= 2;
        memcpy(c, base_digit_pairs + 2 * pair, 2);
    }
    if (v >= 10) {
        c -= 2;
        memcpy(c, base_digit_pairs + 2 * v, 2);
    } else {
        *--c = (char)('0' + v);
    }
    size_t n = (size_t)(buf + sizeof buf - c);
    memcpy(d, c, n);
    return d + n;
}

void base_out_uint(base_out *out, uint64_t v)
{
    if (base_out_room(out, 20))
        out->len = (size_t)(base_put_digits(out->buf + out->len, v) - out->buf);
}

void base_out_int(base_out *out, int64_t v)
{
    if (v < 0) {
        base_out_putc(out, '-');
        base_out_uint(out, (uint64_t)0 - (uint64_t)v);
    } else {
        base_out_uint(out, (uint64_t)v);
    }
}

void base_out_quoted(base_out *out, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    base_out_putc(out, '"');
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '\\') {
            base_out_put(out, "\\\\", 2);
        } else if (*c >= 0x20 && *c < 0x7F && *c != '"') {
            base_out_putc(out, (char)*c);
        } else {
            char e[3] = {'\\', hex[*c >> 4], hex[*c & 15]};
            base_out_put(out, e, 3);
        }
    }
    base_out_putc(out, '"');
}

static bool is_alpha(char c) { return (unsigned)((c | 32) - 'a') < 26; } /* | 32: lower case */
static bool is_digit(char c) { return (unsigned)(c - '0') < 10; }
static bool starts_identifier(char c) { return is_alpha(c) || c == '_'; }
static bool continues_identifier(char c) { return is_alpha(c) || is_digit(c) || c == '_' || c == '$' || c == '.'; }

/* The length of s when it is an identifier, else 0. */
static size_t identifier_length(const char *s)
{
    if (!s || !starts_identifier(s[0]))
        return 0;
    size_t n = 1;
    while (continues_identifier(s[n]))
        n++;
    return s[n] ? 0 : n;
}

bool base_is_identifier(const char *s) { return identifier_length(s) != 0; }

void base_out_keyword_or_string(base_out *out, const char *s)
{
    size_t n = identifier_length(s); /* one pass measures and checks */
    if (n)
        base_out_put(out, s, n);
    else
        base_out_quoted(out, s);
}

void base_out_vprintf(base_out *out, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n < 0)
        out->oom = true; /* no text to give: as good as none */
    else if (base_out_room(out, (size_t)n))
        out->len += (size_t)vsnprintf(out->buf + out->len, (size_t)n + 1, fmt, again);
    va_end(again);
}

void base_out_printf(base_out *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    base_out_vprintf(out, fmt, ap);
    va_end(ap);
}

char *base_out_text(base_out *out)
{
    char *text = NULL;
    if (base_out_room(out, 0)) {
        out->buf[out->len] = '\0';
        char *fit = realloc(out->buf, out->len + 1); /* shrinking; where it fails, the larger block serves */
        text = fit ? fit : out->buf;
    } else {
        free(out->buf);
    }
    *out = (base_out){0};
    return text;
}

char *base_vformat(const char *fmt, va_list ap)
{
    base_out out = {0};
    base_out_vprintf(&out, fmt, ap);
    return base_out_text(&out);
}
