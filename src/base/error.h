/* Private: the sticky error record of every object that records errors (the kernel builder,
 * the StableHLO builder, the CUDA and the PJRT runtimes, the interpreter), in the manner of
 * cairo's _cairo_set_error, and the lines of the calls that hand their error back as text
 * (tl_kernel_emit, tl_kernel_set, the compile step).
 *
 * The first error wins: once a message is recorded, later ones are dropped until the record
 * is cleared. A message is "FILE:LINE: func: text", the site's C file and line and the API
 * call's name, then the printf-style text; at BASE_ERROR_BARE_SITE the text alone. Recording never
 * fails: out of memory is recorded without allocating, a message that cannot get memory is
 * kept cut to what the record holds, and a message longer than the record's limit is cut there.
 *
 * base_error_vset is the one place every error of every library passes through: a breakpoint
 * there catches them all, and TRITONC_ABORT_ON_ERROR=1 in the environment aborts there, after
 * printing "tritonc: MESSAGE" to stderr.
 *
 * Not locked: an object used from several threads (the CUDA runtime) records under its own
 * lock; base_error_is_set and base_error_text may be read without it. */
#ifndef TRITONC_ERROR_H
#define TRITONC_ERROR_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "tritonc/dtype.h" /* tl_site */

/* Messages of up to TL_ERROR_INLINE - 1 bytes are kept in the record itself. */
enum { TL_ERROR_INLINE = 512 };
/* A limit that keeps every message whole (as far as memory allows). */
#define TL_ERROR_UNLIMITED ((size_t)-1)

/* An all-zero record is empty, with the limit 0. */
typedef struct base_error {
    atomic_bool set; /* a message is recorded (stored with release once it is written) */
    size_t limit; /* the longest message kept, in bytes; 0: TL_ERROR_INLINE - 1 */
    char *heap; /* a message longer than `text` holds (malloc'd), or NULL */
    char text[TL_ERROR_INLINE];
} base_error;

/* The site of a message that writes its own head ("tc_interp: ...", the compile step's lines):
 * recorded as fmt's text alone. (An all-zero site still gets the head "?:0: tritonc: ".) */
#define BASE_ERROR_BARE_SITE ((tl_site){.line = -1})

/* Sets the longest message e keeps (0: TL_ERROR_INLINE - 1; TL_ERROR_UNLIMITED). */
void base_error_init(base_error *e, size_t limit);

/* Records "FILE:LINE: func: " and fmt's text when e holds no message yet (a NULL file is
 * "?", a NULL func "tritonc"; BASE_ERROR_BARE_SITE: fmt's text alone); returns whether it did. */
bool base_error_set(base_error *e, tl_site site, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
bool base_error_vset(base_error *e, tl_site site, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 0)))
#endif
    ;
/* Records "FILE:LINE: func: out of memory" without allocating; as base_error_set. */
bool base_error_set_oom(base_error *e, tl_site site);

/* For a call that hands its error back as a malloc'd line, not kept in an object: records the
 * message through base_error_vset in a record of its own (no limit) and returns it, malloc'd;
 * NULL when not even that memory can be had. */
char *base_error_line(tl_site site, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
char *base_error_vline(tl_site site, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 0)))
#endif
    ;

/* Whether a message is recorded. */
static inline bool base_error_is_set(const base_error *e)
{
    return atomic_load_explicit(&((base_error *)e)->set, memory_order_acquire);
}
/* The message, owned by e; NULL when none. */
const char *base_error_text(const base_error *e);
/* Forgets the message (frees what it holds): e takes the next one. */
void base_error_clear(base_error *e);

#endif
