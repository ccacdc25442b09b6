/* tritonc/kernel.h - the high layer: declarative kernels and emit.
 *
 * A kernel is declared once, with its name, the call-site names of its buffers and scalars
 * (inputs, outputs and in-place buffers), its config struct and a run body typed on that struct:
 *
 *     typedef struct { int BLOCK; } add_cfg;
 *     static void add_run(tl_builder *b, const add_cfg *cfg) { ... }
 *     TL_KERNEL(add_kernel, add_cfg, add_run,
 *               .name = "add_kernel",
 *               .inputs = TL_NAMES("x_ptr", "y_ptr", "n"),
 *               .outputs = TL_NAMES("out_ptr"));
 *
 * which defines `const tl_kernel add_kernel` and a typed
 * `char *add_kernel_emit(const add_cfg *cfg, tl_emit_opts opts, char **err)`.
 * A run body whose signature does not match the config type fails to compile there.
 */
#ifndef TRITONC_KERNEL_H
#define TRITONC_KERNEL_H

#include <stddef.h>

#include "tritonc/builder.h"
#include "tritonc/export.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tl_names {
    int n;
    const char *const *names;
} tl_names;
/* TL_NAMES("x", "y") is a braced initializer, not an expression: it initializes a tl_names
 * (`.inputs = TL_NAMES(...)`, `tl_names n = TL_NAMES(...)`). A compound literal of struct
 * type would not be a constant initializer of a file-scope tl_kernel under -Wpedantic. */
#ifdef __cplusplus
/* C++: an expression (a static array per use), which initializes a tl_names just as well. */
#define TL_NAMES(...)                                                                                                  \
    ([]() -> tl_names {                                                                                                \
        static const char *const tlx_names[] = {__VA_ARGS__};                                                          \
        return tl_names{(int)(sizeof tlx_names / sizeof tlx_names[0]), tlx_names};                                     \
    }())
#else
#define TL_NAMES(...)                                                                                                  \
    {                                                                                                                  \
        (int)(sizeof((const char *[]){__VA_ARGS__}) / sizeof(const char *)), (const char *const[]) { __VA_ARGS__ }     \
    }
#endif

/* A config field the CLI can set by name (tritonc emit K --set BLOCK=256). An INT field holds
 * a size, a count or a flag: an integer from TL_CFG_INT_MIN to TL_CFG_INT_MAX, which is what
 * tl_kernel_set accepts (naming the field otherwise) before the kernel's body ever sees it. The
 * other kinds hold what a Python constexpr may be besides (issue 30): SINT any int (negative
 * too: an offset, a -1 "none"), FLOAT a double (an eps: "1e-05", "0.5", "inf"), STRING a
 * short word (a mode: "relu"), kept in a `char NAME[TL_CFG_STRING_MAX]` member of the config. */
enum { TL_CFG_INT_MIN = 0, TL_CFG_INT_MAX = 1 << 24, TL_CFG_STRING_MAX = 32 };
typedef enum tl_cfg_kind {
    TL_CFG_INT = 1,
    TL_CFG_DTYPE,
    TL_CFG_BOOL,
    TL_CFG_SINT, /* an int member, any value from INT_MIN to INT_MAX */
    TL_CFG_FLOAT, /* a double member, finite, inf or nan */
    TL_CFG_STRING /* a char[TL_CFG_STRING_MAX] member, NUL-terminated: 1 to TL_CFG_STRING_MAX - 1
                     letters, digits and _ . + - (a word: config texts are K=V,K=V and --set
                     takes it as is) */
} tl_cfg_kind;
typedef struct tl_cfg_field {
    const char *name;
    tl_cfg_kind kind; /* INT, SINT: an int member; DTYPE: a tl_dtype member; BOOL: a bool
                         member; FLOAT: a double member; STRING: a char[TL_CFG_STRING_MAX] */
    size_t offset;
} tl_cfg_field;
#define TL_CFG_FIELD(Cfg, member, kind)                                                                                \
    {                                                                                                                  \
#member, (kind), offsetof(Cfg, member)                                                                         \
    }

typedef struct tl_kernel {
    const char *name; /* the tt.func symbol */
    tl_names inputs; /* call-site names of what the kernel only reads (buffers, scalars) */
    tl_names outputs; /* ... of the buffers it writes, whose initial content it never needs */
    tl_names inouts; /* ... of the buffers it reads AND writes in place (a lock, a running
                           * sum, an array updated where it lies): pointers only. Through XLA
                           * (docs/xla.md) an inout is an operand that is also a result, aliased:
                           * the kernel sees one pointer holding the caller's values, and what
                           * it leaves there is returned. Every declared argument is in exactly
                           * one of the three lists (checked where the lists are used: xla_order). */
    const char *source; /* the C file that declares it (set by TL_KERNEL) */
    int source_line; /* the line of its TL_KERNEL (set by TL_KERNEL; for a TL_KERNEL spread
                           * over several lines gcc gives the first, clang the last: the kernel's
                           * location in the TTIR is its first argument's line instead) */
    const char *python; /* the Python original it ports, if any (path relative to the repo) */
    const char *doc; /* one line */
    size_t cfg_size;
    const void *cfg_default; /* a cfg_size-byte default config */
    int nfields;
    const tl_cfg_field *fields;
    const char *problem; /* optional: the made-up problem `tritonc interpret` and `tritonc launch`
                           * run it on, one line: each pointer argument's buffer, "x_ptr[4096]"
                           * (elements; "p[1]=5": filled with 5; "p[4]=0,3": 0, 3 repeated), each
                           * host tensor descriptor's tensor by its shape, "a_desc[256,128]"
                           * (contiguous, row-major), each scalar's value, "n=4096", and the
                           * grid, "grid=4,2" (an axis may be "n/BLOCK*2": A/B factors of
                           * numbers, scalars, config fields; docs/cli.md). NULL: generic
                           * defaults (which a kernel taking a descriptor cannot have) */
    void (*run)(tl_builder *b, const void *cfg); /* set by TL_KERNEL: calls the typed body */
} tl_kernel;

typedef struct tl_emit_opts {
    bool generic; /* MLIR generic form */
    bool no_locations; /* locations are on by default: loc("file.c":line:0) */
    bool debug; /* Triton's debug option: tl_device_assert emits tt.assert (see builder.h) */
    const char *specialize; /* a specialization key, one letter per declared argument ('1', 'D',
                               'N': tl_builder_set_specialize); NULL emits as declared */
    bool scalars_as_buffers; /* XLA's form: each scalar argument a !tt.ptr to its value, loaded at
                                its tl_arg (tl_builder_set_scalars_as_buffers); the call layer
                                (hlo.h) sets it */
    bool xla_order; /* the arguments in XLA's order, by name (tl_builder_set_arg_order):
                                the kernel's .inputs, .inouts, .outputs, then one more pointer
                                per .inouts name, of its type, that the body does not use (XLA
                                passes an inout again as the result aliasing it); the call
                                layer sets it */
} tl_emit_opts;

/* Runs the kernel's body on cfg (its default config when NULL) in a fresh builder and
 * returns the TTIR (malloc'd; the caller frees it). On error returns NULL and, if err is not
 * NULL, sets *err to a malloc'd one-line message naming the C line of the failing call.
 * TRITONC_ABORT_ON_ERROR=1 aborts at the first error, as the builder's do (docs/errors.md). */
TRITONC_API char *tl_kernel_emit(const tl_kernel *k, const void *cfg, tl_emit_opts opts, char **err);
/* The same, keeping the finished builder for a caller that reads the kernel's IR (the call
 * layer checks its tt.func arguments through tl_builder_func): returns it (the caller frees
 * it with tl_builder_destroy) and sets *text (if text is not NULL) to the TTIR, malloc'd.
 * On error returns NULL, sets *text to NULL and *err as tl_kernel_emit does. */
TRITONC_API tl_builder *tl_kernel_build(const tl_kernel *k, const void *cfg, tl_emit_opts opts, char **text,
                                        char **err);

/* Sets a config field by name from text ("256", "float16", "true", "-3", "1e-05", "relu"; an
 * int as tl_parse_decimal reads it, from TL_CFG_INT_MIN to TL_CFG_INT_MAX, a SINT from INT_MIN to
 * INT_MAX; a float as strtod reads it, the whole text, no hex; a string a word that fits). Returns false with a message in err
 * (errsize bytes) naming the field when the name or value is bad (an error, for
 * TRITONC_ABORT_ON_ERROR, where err asks for the message). */
TRITONC_API bool tl_kernel_set(const tl_kernel *k, void *cfg, const char *key, const char *value, char *err,
                               size_t errsize);

/* The text of field f's value in cfg, as config texts, --set and `tritonc list` write it: an
 * integer in decimal, a dtype by Python's name, true / false, a float as Python's repr prints it
 * ("1e-05", "0.5", "2.0", "inf", "nan"), a string as it is. Returns buf (size bytes; "?" for a
 * NULL argument or an unknown kind). */
TRITONC_API const char *tl_cfg_value_text(const tl_cfg_field *f, const void *cfg, char *buf, size_t size);
/* A double as Python's repr prints a float: the shortest digits that read back the same, in
 * fixed notation from 1e-4 to 1e16 ("0.0001", "2.0", "1234.5"), else in exponent form
 * ("1e-05", "1.5e+16"); "inf", "-inf", "nan". Returns buf. */
TRITONC_API const char *tl_format_python_float(double x, char *buf, size_t size);

/* The one integer syntax of config values and of the command line: base 10, an optional '-',
 * digits only (no spaces, '+', "0x" or octal "010"), the whole of text, from min to max.
 * Returns false (and leaves *out) otherwise, and for a NULL text or out. */
TRITONC_API bool tl_parse_decimal(const char *text, long long min, long long max, long long *out);

/* Every TL_KERNEL also puts a pointer to its kernel in the ELF section TL_KERNEL_SECTION, so that
 * a program finds all the kernels of a shared library by reading that section (`tritonc emit
 * --from lib.so NAME`, docs/cli.md) with no list kept by hand. */
#define TL_KERNEL_SECTION "tritonc_kernels"
#if defined(__ELF__) && defined(__GNUC__)
#define TL_KERNEL_ENTRY(ident)                                                                                         \
    __attribute__((used, section(TL_KERNEL_SECTION))) static const tl_kernel *const tl_entry_##ident = &ident;
#else
#define TL_KERNEL_ENTRY(ident)
#endif

#ifdef __cplusplus
/* C++20: designators in declaration order (.name, .inputs, .outputs, .inouts, .python, .doc,
 * .cfg_default, .nfields, .fields, .problem); what TL_KERNEL sets itself is filled in after them. */
#define TL_KERNEL(ident, Cfg, run_fn, ...)                                                                             \
    static void tlx_thunk_##ident(tl_builder *b, const void *cfg) { run_fn(b, (const Cfg *)cfg); }                     \
    static tl_kernel tlx_make_##ident(void)                                                                            \
    {                                                                                                                  \
        tl_kernel k = {__VA_ARGS__};                                                                                   \
        k.source = __FILE__;                                                                                           \
        k.source_line = __LINE__;                                                                                      \
        k.cfg_size = sizeof(Cfg);                                                                                      \
        k.run = tlx_thunk_##ident;                                                                                     \
        return k;                                                                                                      \
    }                                                                                                                  \
    extern "C" const tl_kernel ident;                                                                                  \
    const tl_kernel ident = tlx_make_##ident();                                                                        \
    TL_KERNEL_ENTRY(ident)                                                                                             \
    extern "C" char *ident##_emit(const Cfg *cfg, tl_emit_opts opts, char **err);                                      \
    char *ident##_emit(const Cfg *cfg, tl_emit_opts opts, char **err)                                                  \
    {                                                                                                                  \
        return tl_kernel_emit(&ident, cfg, opts, err);                                                                 \
    }                                                                                                                  \
    extern "C" const tl_kernel ident
#else
#define TL_KERNEL(ident, Cfg, run_fn, ...)                                                                             \
    static void tlx_thunk_##ident(tl_builder *b, const void *cfg) { run_fn(b, (const Cfg *)cfg); }                     \
    const tl_kernel ident = {                                                                                          \
        .source = __FILE__, .source_line = __LINE__, .cfg_size = sizeof(Cfg), .run = tlx_thunk_##ident, __VA_ARGS__};  \
    TL_KERNEL_ENTRY(ident)                                                                                             \
    /* prototype first: kernels build clean under -Wmissing-prototypes */                                              \
    char *ident##_emit(const Cfg *cfg, tl_emit_opts opts, char **err);                                                 \
    char *ident##_emit(const Cfg *cfg, tl_emit_opts opts, char **err)                                                  \
    {                                                                                                                  \
        return tl_kernel_emit(&ident, cfg, opts, err);                                                                 \
    }                                                                                                                  \
    extern const tl_kernel ident /* redeclared so that `TL_KERNEL(...);` ends in a declaration */
#endif

/* Declares what TL_KERNEL defines, for a header. */
#define TL_KERNEL_DECLARE(ident, Cfg)                                                                                  \
    extern const tl_kernel ident;                                                                                      \
    char *ident##_emit(const Cfg *cfg, tl_emit_opts opts, char **err)

#ifdef __cplusplus
}
#endif
#endif
