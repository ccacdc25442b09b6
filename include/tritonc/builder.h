/* tritonc/builder.h - the low layer: one kernel under construction.
 *
 * A tl_builder owns a context (arena), a module holding one tt.func, an insertion stack,
 * the kernel's arguments and a constant pool. Values carry their builder, so operations
 * on values take no builder argument.
 *
 * Errors are sticky (cairo's model): the first misuse records a message with the C file and
 * line of the call; from then on every call returns a poison value and does nothing, and
 * tl_finish returns NULL. Set TRITONC_ABORT_ON_ERROR=1 in the environment to abort() at
 * the first error instead, for a debugger backtrace. No call crashes on a NULL builder,
 * a poison value or a value of another builder: each is reported as an error. Out of memory
 * is one too ("kernels/k.c:40: tl_dot: out of memory"), never an abort; tcir_set_alloc_hook
 * (ir.h) makes allocations fail for tests. Limits and memory: docs/errors.md.
 */
#ifndef TRITONC_BUILDER_H
#define TRITONC_BUILDER_H

#include "tritonc/dtype.h"
#include "tritonc/export.h"
#include "tritonc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TL_MAX_RANK TCIR_MAX_RANK
/* The most elements a tensor may have: Triton's TRITON_MAX_TENSOR_NUMEL (2^20). Every shape
 * is checked against it where it is made (tensor arguments, tl_arange, tl_full, reshapes,
 * broadcasts, joins, dots, the results of raw ops...), and a value of a bigger type made
 * through the IR directly (tl_wrap) is refused where an op uses it. */
#define TL_MAX_TENSOR_NUMEL 1048576
/* The deepest that scopes (tl_for, tl_if, tl_while, early-return blocks, reduce and scan
 * bodies: every tl_push_block) nest. The printer, the verifier and the interpreter recurse
 * once per level; at this depth each stays inside a 1 MB thread stack (it measured about 400
 * levels with gcc -O2, about 110 unoptimized under AddressSanitizer). A scope that would go
 * deeper is an error at its call:
 * "scopes nest 64 deep at most (TL_MAX_NESTING)". */
#define TL_MAX_NESTING 64

/* ---- one set of macros for C and C++ -------------------------------------------------
 *
 * The API's macros build their arguments with these, so that one header reads as C11 and as
 * C++20 (docs/cxx.md): TLX_LIT(T){...} is C's compound literal (T){...} and C++'s T{...};
 * TLX_ZERO(T) is the all-zero T; TLX_ARRAY(T, ...) points at a temporary array of the values
 * (alive until the end of the full expression); TLX_COUNT(T, ...) counts them without
 * evaluating them. */
#ifdef __cplusplus
extern "C++" {
template <class T> using tlx_array_t = T[];
template <class T, decltype(sizeof 0) N> constexpr const T *tlx_array(const T (&a)[N]) { return a; }
}
#define TLX_LIT(T) T
/* Keyword arguments leave fields out by design; C++ compilers warn about that under -Wextra
 * (g++ even for designated initializers, which C does not), so the warning is off for the
 * translation units that include these headers. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif
#define TLX_ZERO(T) (T{})
#define TLX_ARRAY(T, ...) tlx_array<T>({__VA_ARGS__})
#define TLX_COUNT(T, ...) ((int)(sizeof(tlx_array_t<T>{__VA_ARGS__}) / sizeof(T)))
#else
#define TLX_LIT(T) (T)
#define TLX_ZERO(T) ((T){0})
#define TLX_ARRAY(T, ...) ((T[]){__VA_ARGS__})
#define TLX_COUNT(T, ...) ((int)(sizeof((T[]){__VA_ARGS__}) / sizeof(T)))
#endif

typedef struct tl_builder tl_builder;

/* tl_dtype and its properties: dtype.h. */
TRITONC_API const tcir_type *tl_dtype_ir(tcir_context *ctx, tl_dtype d);

/* A value: the result of an op or a kernel argument, carrying its builder and its
 * triton.language element type. Passed by value. Three other forms exist:
 *   - a poison value (poison set, ir == NULL), returned by a call that failed; using it is
 *     a no-op once the builder is in error, and an error otherwise (a call on two literals
 *     that does not fold to a number, such as 1 // 0, fails with no builder to record it on,
 *     so its poison is reported where it is used);
 *   - an absent value, all zero ((tl_value){0}): a keyword argument not given;
 *   - a weak literal (b == NULL, lit != TL_LIT_NONE), made by tl_lit(): a C number that
 *     takes the element type of the tensor operand it meets, as a Python literal does. */
typedef enum tl_lit_kind { TL_LIT_NONE, TL_LIT_INT, TL_LIT_FLOAT, TL_LIT_BOOL } tl_lit_kind;

typedef struct tl_value {
    tl_builder *b;
    tcir_value *ir;
    tl_dtype dtype; /* element dtype (for pointers: the pointee's; see is_ptr) */
    uint8_t is_ptr; /* element is a pointer to dtype */
    uint8_t lit; /* tl_lit_kind */
    uint8_t poison; /* the result of a call that failed (ir is NULL) */
    uint32_t def_order; /* values made by b so far when this one was made (1, 2, ...); 0 for
                         * literals and poison. Scopes order the C variables they carry by it
                         * (control.h): a variable's place is that of its first value. */
    union {
        int64_t i;
        double f;
    } lit_val;
} tl_value;

#define TL_POISON (TLX_LIT(tl_value){.poison = 1})
/* "No value yet": the initializer of a C variable that a runtime if first defines, in both
 * branches (control.h: `tl_value loss = TL_UNSET;` listed in the if's .carry). Using it anywhere
 * else is an error at that call. */
#define TL_UNSET (TLX_LIT(tl_value){.poison = 2})
static inline bool tl_value_is_unset(tl_value v) { return v.poison == 2 && v.ir == NULL && v.lit == TL_LIT_NONE; }
/* True for poison, and for an absent value where a value is needed. */
static inline bool tl_value_is_poison(tl_value v) { return v.ir == NULL && v.lit == TL_LIT_NONE; }
static inline bool tl_value_is_absent(tl_value v) { return !v.b && !v.ir && !v.lit && !v.poison; }
static inline bool tl_value_is_lit(tl_value v) { return v.lit != TL_LIT_NONE; }

/* Weak literals, for keyword fields that want a value: `.other = tl_lit(0.0)`. */
TRITONC_API tl_value tl_lit_int(long long v);
TRITONC_API tl_value tl_lit_uint(unsigned long long v);
TRITONC_API tl_value tl_lit_float(double v);
TRITONC_API tl_value tl_lit_bool(bool v);
static inline tl_value tl_value_id(tl_value v) { return v; }
#ifdef __cplusplus
} /* extern "C" */
/* C++: overloads where C has _Generic, one per C type it names (C++'s `true` and comparisons
 * are bool, so they give a bool literal: Python's True). */
inline tl_value tl_lit(tl_value v) { return v; }
inline tl_value tl_lit(bool v) { return tl_lit_bool(v); }
inline tl_value tl_lit(char v) { return tl_lit_int(v); }
inline tl_value tl_lit(signed char v) { return tl_lit_int(v); }
inline tl_value tl_lit(short v) { return tl_lit_int(v); }
inline tl_value tl_lit(int v) { return tl_lit_int(v); }
inline tl_value tl_lit(long v) { return tl_lit_int(v); }
inline tl_value tl_lit(long long v) { return tl_lit_int(v); }
inline tl_value tl_lit(unsigned char v) { return tl_lit_uint(v); }
inline tl_value tl_lit(unsigned short v) { return tl_lit_uint(v); }
inline tl_value tl_lit(unsigned int v) { return tl_lit_uint(v); }
inline tl_value tl_lit(unsigned long v) { return tl_lit_uint(v); }
inline tl_value tl_lit(unsigned long long v) { return tl_lit_uint(v); }
inline tl_value tl_lit(float v) { return tl_lit_float(v); }
inline tl_value tl_lit(double v) { return tl_lit_float(v); }
extern "C" {
#else
/* The literal conversion for a C type, as a function to apply. */
#define TLX_LIT_FN(x)                                                                                                  \
    _Generic((x), tl_value                                                                                             \
             : tl_value_id, _Bool                                                                                      \
             : tl_lit_bool, char                                                                                       \
             : tl_lit_int, signed char                                                                                 \
             : tl_lit_int, short                                                                                       \
             : tl_lit_int, int                                                                                         \
             : tl_lit_int, long                                                                                        \
             : tl_lit_int, long long                                                                                   \
             : tl_lit_int, unsigned char                                                                               \
             : tl_lit_uint, unsigned short                                                                             \
             : tl_lit_uint, unsigned int                                                                               \
             : tl_lit_uint, unsigned long                                                                              \
             : tl_lit_uint, unsigned long long                                                                         \
             : tl_lit_uint, float                                                                                      \
             : tl_lit_float, double                                                                                    \
             : tl_lit_float)
#if defined(__GNUC__)
/* gcc and clang: x is written once, into a temporary (its type from __auto_type), so an
 * expression nested n calls deep preprocesses to a size linear in n; written twice, as ISO C's
 * _Generic needs it below, each level doubled it (16 levels of tl_add: 168 MB). The temporary
 * of an inner call shadows an outer one's, on purpose. */
#define tl_lit(x)                                                                                                      \
    (__extension__({                                                                                                   \
        _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wshadow\"") __auto_type tlx_lit_v = (x);     \
        _Pragma("GCC diagnostic pop") TLX_LIT_FN(tlx_lit_v)(tlx_lit_v);                                                \
    }))
#else
#define tl_lit(x) TLX_LIT_FN(x)(x)
#endif
#endif

/* tl_site (declared in dtype.h): where a call was made, captured by the API's macros: the one
 * site type of every layer (the call layer's th_site is this type; the runtimes take it too),
 * named in every error message.
 *
 * C leaves the order in which a call's arguments are evaluated unspecified (gcc evaluates
 * tl_add(tl_exp(r), tl_log(r)) right to left), while Python evaluates left to right. So each
 * site also carries its textual position (`seq`, from __COUNTER__, which numbers macro
 * expansions in source order: inner calls left to right, then the outer one, exactly
 * Python's evaluation order) and its ordering scope: the C function (`scope`, __func__) in
 * its translation unit (`unit`, an object of each file's own; two files' functions of one
 * name never share a scope, even where the linker merges their __func__ strings).
 *
 * The order engine's rule (docs/order.md): ops with effects (loads, stores, atomics,
 * assertions, prints, barriers, scopes and their region ops, returns, any op not known to be
 * pure) keep the order the program issued them in. Only the pure ops of one C expression (made
 * in the same scope and pass, on the same line) are placed by seq among themselves, so the
 * TTIR follows Python's order whatever the compiler's; a pure op never moves across an
 * effect, a scope, another statement's op, or the definition of a value it uses. The one
 * exception is where C gives no order: the calls nested in one expression written on one line
 * (tl_add(tl_atomic_and(p, 1), tl_atomic_or(p, 2))) run in an order the compiler picks; their
 * effects are put in the text's order, Python's, when the outer call is issued. Effects of two statements are never swapped. A call site that runs again (a
 * loop, a helper called twice, a `switch` in a loop) starts a new pass: ops never move before
 * those of an earlier pass. seq 0 or a NULL scope opts out (the op is appended). */
#if defined(__COUNTER__)
#define TLX_SEQ (__COUNTER__ + 1)
#else
#define TLX_SEQ 0
#endif
/* One per translation unit that includes this header (a static object: an address of its own
 * in each); never read or written, only its address is taken. */
#if defined(__GNUC__)
__attribute__((unused))
#endif
static char tlx_unit_anchor;
#define TLX_UNIT ((const void *)&tlx_unit_anchor)
#define TL_SITE(fn) (TLX_LIT(tl_site){__FILE__, __LINE__, fn, TLX_SEQ, __func__, TLX_UNIT})

/* ---- introspection ------------------------------------------------------------------ */

TRITONC_API const tcir_type *tl_value_type(tl_value v); /* NULL for poison and literals */
TRITONC_API int tl_value_rank(tl_value v);
TRITONC_API int64_t tl_value_dim(tl_value v, int i); /* 0 when out of range */
TRITONC_API bool tl_value_is_tensor(tl_value v);

/* ---- argument specs ----------------------------------------------------------------- */

typedef enum tl_arg_kind { TL_ARG_PTR = 1, TL_ARG_SCALAR, TL_ARG_TENSOR, TL_ARG_TENSORDESC } tl_arg_kind;

/* divisibility: 0 means the default (16 for pointers, none for scalars);
 * TL_DIV_NONE means no tt.divisibility attribute; any other value is printed as given. */
#define TL_DIV_NONE (-1)

typedef struct tl_argspec {
    tl_arg_kind kind;
    tl_dtype dtype; /* element (pointee for pointers) */
    int divisibility;
    int address_space; /* pointers only; 1 (global) when 0 */
    int rank; /* tensors and tensor descriptors only */
    int64_t shape[TL_MAX_RANK]; /* a tensor's shape; a descriptor's block shape */
    const char *name; /* used by tl_builder_create_with_args; tl_arg takes the name apart */
    bool do_not_specialize; /* Triton's do_not_specialize: a specialization key must give 'N' */
} tl_argspec;

#define TL_PTR(dt) (TLX_LIT(tl_argspec){.kind = TL_ARG_PTR, .dtype = (dt)})
#define TL_PTR_OPTS(dt, ...) (TLX_LIT(tl_argspec){.kind = TL_ARG_PTR, .dtype = (dt), __VA_ARGS__})
#define TL_SCALAR(dt) (TLX_LIT(tl_argspec){.kind = TL_ARG_SCALAR, .dtype = (dt)})
#define TL_SCALAR_OPTS(dt, ...) (TLX_LIT(tl_argspec){.kind = TL_ARG_SCALAR, .dtype = (dt), __VA_ARGS__})
/* TL_TENSOR(TL_F32, 64, 128) */
#define TL_TENSOR(dt, ...)                                                                                             \
    (TLX_LIT(tl_argspec){                                                                                              \
        .kind = TL_ARG_TENSOR, .dtype = (dt), .rank = TLX_COUNT(int64_t, __VA_ARGS__), .shape = {__VA_ARGS__}})

/* A host tensor descriptor, Python's `triton.tools.tensor_descriptor.TensorDescriptor` passed as
 * a kernel argument: TL_TENSORDESC(TL_F16, 64, 64) is a descriptor of float16 blocks of 64x64
 * (1 to 5 dimensions, each a power of 2). As Triton 3.6's JIT types it (`tensordesc<fp16[64,
 * 64]>`), the kernel gets three things, in this order: the descriptor, of type
 * !tt.tensordesc<tensor<64x64xf16>> (integers carry their signedness, as a descriptor made in
 * the kernel does), then one i32 per dimension of the tensor's shape and one i64 per stride, with
 * no attributes. tl_arg returns the descriptor, which tl_descriptor_load, tl_descriptor_store and
 * the other descriptor calls take (tritonc/memory.h). Its key letter is always 'N' (the JIT does
 * not specialize descriptors). Through XLA (scalars as buffers) it cannot be passed: an error.
 * The launcher passes a CUtensorMap it encodes from tc_desc (tritonc/cuda.h). */
#define TL_TENSORDESC(dt, ...)                                                                                         \
    (TLX_LIT(tl_argspec){                                                                                              \
        .kind = TL_ARG_TENSORDESC, .dtype = (dt), .rank = TLX_COUNT(int64_t, __VA_ARGS__), .shape = {__VA_ARGS__}})

/* ---- builder lifetime ---------------------------------------------------------------- */

/* Opens an empty kernel named `name` (arguments are declared with tl_arg). Returns NULL only
 * when the builder itself cannot be allocated; a bad name puts the builder in error. */
TRITONC_API tl_builder *tl_builder_create_at(tl_site site, const char *name);
#define tl_builder_create(name) tl_builder_create_at(TL_SITE("tl_builder_create"), (name))
/* Opens a kernel and declares n arguments at once (the dynamic-arity form); the names come
 * from specs[i].name. Read them back with tl_builder_arg(b, i). */
TRITONC_API tl_builder *tl_builder_create_with_args_at(tl_site site, const char *name, int n, const tl_argspec *specs);
#define tl_builder_create_with_args(name, n, specs)                                                                    \
    tl_builder_create_with_args_at(TL_SITE("tl_builder_create_with_args"), (name), (n), (specs))
/* Frees the builder and everything it made. NULL is a no-op. Strings returned by
 * tl_finish are the caller's and stay valid. */
TRITONC_API void tl_builder_destroy(tl_builder *b);
/* The builder this thread builds a kernel with: the newest of those alive on this thread
 * (created, neither finished nor destroyed; tl_builder_of_thread_at below), NULL when there is
 * none. A call whose operands are all C numbers has no builder of its own: it makes Python's
 * constants (tl_rsqrt(2.0), tl_cast(256000, TL_I64)) and records its error (tl_floordiv(1, 0))
 * on this one. */
TRITONC_API tl_builder *tl_builder_current(void);

/* Declares the next argument. Names must be unique per kernel; a tensor argument has at most
 * TL_MAX_TENSOR_NUMEL elements. Under a specialization key (tl_builder_set_specialize) the
 * argument's letter decides: '1' leaves it out of the signature and returns the weak literal 1
 * (tl_lit_int(1), as Python's constexpr 1); 'D' gives it tt.divisibility = 16; 'N' no
 * tt.divisibility at all (the declared divisibility is not used). A letter that does not fit
 * the argument is an error here. */
TRITONC_API tl_value tl_arg_at(tl_site site, tl_builder *b, const char *name, tl_argspec spec);
#define tl_arg(b, name, spec) tl_arg_at(TL_SITE("tl_arg"), (b), (name), (spec))
/* The i-th declared argument, or poison (with an error) when out of range. */
TRITONC_API tl_value tl_builder_arg_at(tl_site site, tl_builder *b, int i);
#define tl_builder_arg(b, i) tl_builder_arg_at(TL_SITE("tl_builder_arg"), (b), (i))
TRITONC_API int tl_builder_nargs(const tl_builder *b);
/* The spec of the i-th argument of the signature (name included, owned by the builder), or
 * NULL when out of range or b is NULL. */
TRITONC_API const tl_argspec *tl_builder_argspec(const tl_builder *b, int i);

/* ---- errors -------------------------------------------------------------------------- */

/* True once an error is recorded (or for a NULL builder). */
TRITONC_API bool tl_builder_failed(const tl_builder *b);
/* "file.c:41: tl_add: cannot broadcast ..." or NULL when there is none. Owned by the builder.
 * "tritonc: out of memory" when memory ran out in the last call made (no later call to name);
 * "tritonc: NULL builder" for NULL. */
TRITONC_API const char *tl_builder_error(const tl_builder *b);
/* Records an error at `site` (the first one wins) and returns poison. For extensions built on
 * the public API. fmt is printf-style. */
TRITONC_API tl_value tl_builder_fail(tl_builder *b, tl_site site, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* ---- options -------------------------------------------------------------------------- */

/* Locations: when on, each op records the C file:line of the call that made it and
 * tl_finish prints them as loc("file.c":line:0). Off by default. */
TRITONC_API void tl_builder_set_locations(tl_builder *b, bool on);
/* Generic form: tl_finish prints every op in MLIR generic form. Off by default. */
TRITONC_API void tl_builder_set_generic(tl_builder *b, bool on);
/* Debug mode, Triton's `debug` compile option: tl_device_assert emits tt.assert only when on.
 * Off by default, as in Triton. */
TRITONC_API void tl_builder_set_debug(tl_builder *b, bool on);
TRITONC_API bool tl_builder_debug(const tl_builder *b);
/* Scalars as buffers, the form XLA's Triton call launches (only buffers are passed): with a
 * loader set, each scalar argument declared after this (TL_SCALAR(dt)) becomes a pointer
 * argument !tt.ptr<dt> (tt.divisibility = 16, as any pointer) and tl_arg returns what the loader
 * makes of it, in place, so the body is unchanged. Its divisibility hint is not kept (the value
 * is read at run time) and its specialization letter must be 'N'. NULL (the default) turns it
 * off; call it before the first tl_arg. The language's tl_builder_set_scalars_as_buffers
 * (tritonc/lang.h) sets a loader that makes `tt.load` of the pointer. */
typedef tl_value (*tl_arg_loader)(tl_site site, tl_value ptr);
TRITONC_API void tl_builder_set_arg_loader(tl_builder *b, tl_arg_loader load);
/* Puts the kernel's arguments in the order of names (every declared argument named) when
 * tl_finish seals its signature, as XLA passes them: inputs first, then outputs, whatever order
 * the body declares them in. The body is unchanged but for the %argN it prints. A name given a
 * second time adds an argument there: a copy of that pointer argument (same type and
 * attributes) that the body does not use, as XLA passes an in-place buffer once as an operand
 * and again as the result aliasing it (the body's argument is at the first place); a scalar
 * named twice is an error. A name that is no argument, or an argument left out, is an error
 * at tl_finish, and so is a negative n. names (n of them) must live until tl_finish; NULL (the
 * default) keeps the declared order. */
TRITONC_API void tl_builder_set_arg_order(tl_builder *b, int n, const char *const *names);
/* Specialization, as Triton's JIT does it from the values of a launch: one letter per declared
 * argument, in declaration order. '1': an integer argument equal to 1 (a constexpr, dropped
 * from the signature); 'D': an integer divisible by 16 or a pointer aligned to 16 bytes
 * (tt.divisibility = 16); 'N': neither (floats, bools, tensors, do_not_specialize arguments
 * must be 'N'). NULL (the default) emits the arguments as declared. Call it before the first
 * tl_arg; the key is copied. A key of the wrong length is an error at tl_finish (too short: at
 * the first tl_arg it does not cover); a bad letter at the tl_arg that reads it. */
TRITONC_API void tl_builder_set_specialize_at(tl_site site, tl_builder *b, const char *key);
#define tl_builder_set_specialize(b, key) tl_builder_set_specialize_at(TL_SITE("tl_builder_set_specialize"), (b), (key))
/* Bytes the builder holds: its arena, and the tables it keeps outside it (the constant pool's
 * entries, its hash indexes). */
TRITONC_API size_t tl_builder_bytes(const tl_builder *b);

/* ---- constants ------------------------------------------------------------------------ */

/* A scalar constant of dtype (pooled: hoisted to the top of the entry block, in first-use
 * order, one per type and value). Integers must fit the dtype. */
TRITONC_API tl_value tl_const_at(tl_site site, tl_builder *b, double v, tl_dtype dtype);
TRITONC_API tl_value tl_const_int_at(tl_site site, tl_builder *b, long long v, tl_dtype dtype);
#define tl_const(b, v, dtype) tl_const_at(TL_SITE("tl_const"), (b), (double)(v), (dtype))
#define tl_const_int(b, v, dtype) tl_const_int_at(TL_SITE("tl_const_int"), (b), (v), (dtype))
/* Python's `x = 0` in a @jit function: the code generator turns a number assigned to a name
 * into a constant of the number's own type (to_tensor: int32, else uint32, int64, uint64 by
 * range; float32 unless out of its range; i1 for a bool) right at the assignment, and that
 * meeting decides where the constant lands after make_ttir even when the name is reassigned
 * before any use (the layer-norm tutorial's `mean = 0`). Write those assignments with it:
 * `tl_value mean = tl_to_tensor(b, 0);`. When nothing uses the constant, tl_finish drops it, as
 * Triton's canonicalizer does; its meeting still placed the others. A constant made before
 * stays as it is. A value (a tensor or scalar of this builder) is returned as it is, as Python's
 * to_tensor returns a tensor. */
TRITONC_API tl_value tl_to_tensor_at(tl_site site, tl_builder *b, tl_value lit);
#define tl_to_tensor(b, x) tl_to_tensor_at(TL_SITE("tl_to_tensor"), (b), tl_lit(x))
/* A literal turned into a value of dtype, shaped like `like` (scalar or a dense splat
 * tensor of like's shape). Checks the range for integer dtypes. */
TRITONC_API tl_value tl_materialize_at(tl_site site, tl_builder *b, tl_value lit, tl_dtype dtype,
                                       const tcir_type *shape_like);
/* tl_materialize_as_at, tl_note_constant_at, the helper brackets and the keyword ordering:
 * what a port tells the order engine, in tritonc/order.h. */


/* ---- raw ops (escape hatch) ----------------------------------------------------------- */

typedef struct tl_raw_op {
    const char *name; /* first member: tl_op(b, "tt.foo", ...) */
    int noperands;
    const tl_value *operands;
    int nresults;
    const tcir_type *const *result_types;
    int nattrs;
    const tcir_named_attr *attrs;
    tl_dtype result_dtype; /* the dtype results get; default: from their IR element type */
    int nregions;
    int nsuccessors; /* blocks a terminator branches to (cf.br, cf.cond_br) */
    tcir_block *const *successors;
} tl_raw_op;

/* Builds any op by name into the current block, with operands in order and the given
 * result types and attributes. Returns the op (NULL after an error); its results are read
 * with tl_result. Regions, if any, are empty and can be entered with tl_push_block. */
TRITONC_API tcir_op *tl_op_at(tl_site site, tl_builder *b, tl_raw_op spec);
/* tl_op_at with the site and the spec passed by address, for code that makes many ops (the
 * language makes every op through it): the same op, the same checks and messages. A NULL
 * spec is an error at the site ("spec is NULL"); a NULL site is one at no site ("?:0: tritonc:
 * tl_op_at_ref: site is NULL"). */
TRITONC_API tcir_op *tl_op_at_ref(const tl_site *site, tl_builder *b, const tl_raw_op *spec);
#ifdef __cplusplus
/* C++20 does not mix positional and designated fields: the name, then the others designated. */
#define tl_op(b, op_name, ...) tl_op_at(TL_SITE("tl_op"), (b), tl_raw_op{.name = (op_name)__VA_OPT__(, ) __VA_ARGS__})
#else
#define tl_op(b, ...) tl_op_at(TL_SITE("tl_op"), (b), TLX_LIT(tl_raw_op){__VA_ARGS__})
#endif
/* The i-th result of an op built by tl_op, as a value of b. */
TRITONC_API tl_value tl_result_at(tl_site site, tl_builder *b, tcir_op *op, int i);
#define tl_result(b, op, i) tl_result_at(TL_SITE("tl_result"), (b), (op), (i))
/* Wraps an IR value into a value of b with the given dtype (TL_DTYPE_INVALID: inferred). */
TRITONC_API tl_value tl_wrap(tl_builder *b, tcir_value *v, tl_dtype dtype);

/* The current insertion block, and a stack to enter others (regions of raw ops). */
TRITONC_API tcir_block *tl_current_block(const tl_builder *b);
TRITONC_API void tl_push_block_at(tl_site site, tl_builder *b, tcir_block *blk);
TRITONC_API void tl_pop_block_at(tl_site site, tl_builder *b);
#define tl_push_block(b, blk) tl_push_block_at(TL_SITE("tl_push_block"), (b), (blk))
#define tl_pop_block(b) tl_pop_block_at(TL_SITE("tl_pop_block"), (b))
/* Continues in blk at the same level (after a branch): values of the blocks left behind stay
 * usable, as they dominate blk. Values of popped blocks do not: using one is an error. */
TRITONC_API void tl_set_block_at(tl_site site, tl_builder *b, tcir_block *blk);
#define tl_set_block(b, blk) tl_set_block_at(TL_SITE("tl_set_block"), (b), (blk))
/* How many blocks are pushed over the function's own level (0: in the function body). */
TRITONC_API int tl_scope_depth(const tl_builder *b);
/* The call that pushed the block at depth (1 .. tl_scope_depth(b)); {0} out of range. */
TRITONC_API tl_site tl_pushed_at(const tl_builder *b, int depth);
/* The function's shared exit block (one tt.return), made on first use; tl_finish ends the
 * function with a branch to it and moves it last. */
TRITONC_API tcir_block *tl_exit_block_at(tl_site site, tl_builder *b);
/* The builder alive on this thread (created, neither finished nor destroyed), for a call that
 * names none, such as a scope whose condition is a C number (control.h). NULL when there is
 * none; when there are several, each of them fails at site ("<what>, and N kernels are being
 * built on this thread: ...") and NULL is returned. */
TRITONC_API tl_builder *tl_builder_of_thread_at(tl_site site, const char *what);
/* A mark of the constants made so far; tl_consts_droppable_since makes those made since a mark
 * ones tl_finish drops when nothing uses them (those of a branch decided in C, whose ops are
 * dropped: control.h). */
TRITONC_API int tl_const_mark(const tl_builder *b);
TRITONC_API void tl_consts_droppable_since(tl_builder *b, int mark);
/* The same for every constant made from now on (the rest of a body that a return ended). */
TRITONC_API void tl_consts_droppable_after(tl_builder *b);
TRITONC_API tcir_context *tl_builder_context(const tl_builder *b);
TRITONC_API tcir_op *tl_builder_module(const tl_builder *b);
TRITONC_API tcir_op *tl_builder_func(const tl_builder *b);

/* ---- finish ---------------------------------------------------------------------------- */

/* Appends tt.return, verifies and prints. Returns a malloc'd string the caller frees, or
 * NULL with the error in tl_builder_error(). Any later call on the builder is an error
 * ("use after finish"), except tl_builder_error, tl_builder_failed and destroy. */
TRITONC_API char *tl_finish_at(tl_site site, tl_builder *b);
#define tl_finish(b) tl_finish_at(TL_SITE("tl_finish"), (b))

#ifdef __cplusplus
}
#endif
#endif
