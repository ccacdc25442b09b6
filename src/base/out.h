/* Private: the library's growable text buffer and what writes MLIR text into it (out.c):
 * the printer's output, the StableHLO printer's, messages and file contents of the runtimes,
 * and printf into a new string. Its memory comes from base_realloc (the allocation hook
 * sees it); a failed allocation sets `oom` for good and later writes do nothing. */
#ifndef TRITONC_IR_OUT_H
#define TRITONC_IR_OUT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/hints.h"

/* For the few helpers the printer calls for every piece of a line: its translation unit (one
 * in optimized builds) is big enough that the compiler stops inlining well before them, and a
 * call each cost more than the piece's copy. */
#define TCIR_OUT_INLINE static inline TCIR_ALWAYS_INLINE

/* An all-zero base_out is empty. buf is malloc'd (free it), NULL until something is written;
 * it is NUL-terminated after base_out_printf and base_out_text, not after every write. */
typedef struct base_out {
    char *buf;
    size_t len, cap;
    bool oom;
} base_out;

/* Makes room for n more bytes; false (and out->oom) on allocation failure. */
bool base_out_reserve(base_out *out, size_t n);

TCIR_OUT_INLINE void base_out_put(base_out *out, const char *s, size_t n)
{
    if (out->cap - out->len <= n && !base_out_reserve(out, n + 1))
        return;
    memcpy(out->buf + out->len, s, n);
    out->len += n;
}

/* Room for n more bytes written straight into out->buf[out->len...]; false on failure. */
TCIR_OUT_INLINE bool base_out_room(base_out *out, size_t n)
{
    return out->cap - out->len > n || base_out_reserve(out, n + 1);
}

TCIR_OUT_INLINE void base_out_putc(base_out *out, char c)
{
    if (out->cap - out->len <= 1 && !base_out_reserve(out, 2))
        return;
    out->buf[out->len++] = c;
}

/* Inline, so that a literal's length is known at compile time. */
TCIR_OUT_INLINE void base_out_puts(base_out *out, const char *s) { base_out_put(out, s, strlen(s)); }

/* "00" to "99" (out.c). */
extern const char base_digit_pairs[201];
/* base_put_digits for v >= 1000. */
char *base_put_big_digits(char *d, uint64_t v);

/* Writes v's decimal digits at d, which has room for 20, and returns their end. Inline, for
 * the numbers under 1000 that are most of those printed (SSA ids, line numbers, dims). */
static inline char *base_put_digits(char *d, uint64_t v)
{
    if (v < 10) {
        *d = (char)('0' + v);
        return d + 1;
    }
    if (v < 100) {
        memcpy(d, base_digit_pairs + 2 * v, 2);
        return d + 2;
    }
    if (v < 1000) {
        *d = (char)('0' + v / 100);
        memcpy(d + 1, base_digit_pairs + 2 * (v % 100), 2);
        return d + 3;
    }
    return base_put_big_digits(d, v);
}
void base_out_int(base_out *out, int64_t v);
void base_out_uint(base_out *out, uint64_t v);
/* "text" with MLIR's escapes (\\, \22 for ", \XX for anything not printable). */
void base_out_quoted(base_out *out, const char *s);
/* A name MLIR prints bare when it is an identifier ([A-Za-z_][A-Za-z0-9_$.]*), quoted otherwise. */
void base_out_keyword_or_string(base_out *out, const char *s);

/* printf-style text appended (buf stays NUL-terminated). */
void base_out_printf(base_out *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void base_out_vprintf(base_out *out, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 0)))
#endif
    ;
/* The text written, NUL-terminated and cut to fit, handed to the caller (free it; "" when
 * nothing was written); NULL, with buf freed, when memory ran out. out is empty after. */
char *base_out_text(base_out *out);

/* printf into a new malloc'd string; NULL when memory runs out. */
char *base_vformat(const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 0)))
#endif
    ;

/* Whether s is an identifier as MLIR prints a name bare: [A-Za-z_][A-Za-z0-9_$.]* (NULL and
 * "" are not). */
bool base_is_identifier(const char *s);

#endif
