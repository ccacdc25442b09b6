/* The builder's arguments: declaring them (tl_arg), their names, Triton's specialization key
 * (tl_builder_set_specialize), scalars passed as buffers, and the order XLA passes them in
 * (tl_builder_set_arg_order, applied at tl_finish). */
#include <stdbool.h>
#include <string.h>

#include "builder/builder_internal.h"
#include "base/hash.h"
#include "base/out.h" /* base_is_identifier */

void tl_builder_set_arg_order(tl_builder *b, int n, const char *const *names)
{
    if (b) {
        b->norder = names ? n : 0;
        b->order = names;
    }
}

/* An argument name's hash, for the name index. */
static uint64_t arg_name_hash(const char *s) { return base_fnv1a64_str(TL_FNV1A64_INIT, s); }

/* The first argument named `name`, or -1 (the name index while arguments are declared; after
 * tl_builder_set_arg_order's copies, which repeat names, a scan). */
static int arg_index(const tl_builder *b, const char *name)
{
    if (!name)
        return -1;
    if (!b->arg_names.cap) {
        for (int j = 0; j < b->nargs; j++)
            if (strcmp(b->args[j].name, name) == 0)
                return j;
        return -1;
    }
    uint64_t hash = arg_name_hash(name);
    builder_index_cursor c = {0};
    for (int j; (j = builder_index_next(&b->arg_names, hash, &c)) >= 0;)
        if (strcmp(b->args[j].name, name) == 0)
            return j;
    return -1;
}

/* Reorders the arguments by tl_builder_set_arg_order's names: the first time a name comes, its
 * declared argument goes there; a name that comes again gets a copy there, a new argument of
 * the same type and attributes the body does not use (XLA passes an in-place buffer as an
 * operand and again as the result aliasing it). False after recording an error. */
bool builder_apply_arg_order(tl_builder *b, tl_site site)
{
    if (!b->order)
        return true;
    int order[TCIR_MAX_PERMUTED_ARGS];
    bool placed[TCIR_MAX_PERMUTED_ARGS] = {false};
    if (b->norder < 0) {
        tl_builder_fail(b, site, "argument order: %d names (a count cannot be negative)", b->norder);
        return false;
    }
    if (b->nargs > TCIR_MAX_PERMUTED_ARGS || b->norder > TCIR_MAX_PERMUTED_ARGS) {
        tl_builder_fail(b, site, "argument order: %d names for %d arguments (at most %d)", b->norder, b->nargs,
                        TCIR_MAX_PERMUTED_ARGS);
        return false;
    }
    for (int j = 0; j < b->nargs; j++)
        if (b->args[j].spec.kind == TL_ARG_TENSORDESC) {
            tl_builder_fail(b, site,
                            "argument order: '%s' is a host tensor descriptor (TL_TENSORDESC), which XLA cannot "
                            "pass: make the descriptor in the kernel (tl_make_tensor_descriptor) from a pointer",
                            b->args[j].name);
            return false;
        }
    int ncopies = 0;
    for (int i = 0; i < b->norder; i++) {
        int j = arg_index(b, b->order[i]);
        if (j < 0) {
            tl_builder_fail(b, site, "argument order: '%s' (position %d) is not a declared argument",
                            b->order[i] ? b->order[i] : "(null)", i);
            return false;
        }
        if (!placed[j]) {
            placed[j] = true;
            continue;
        }
        const builder_arg_entry *a = &b->args[j];
        if (a->spec.kind != TL_ARG_PTR || a->loaded) {
            tl_builder_fail(b, site,
                            "argument order: '%s' is named twice (an in-place buffer, passed as an operand and "
                            "again as its result), but it is a %s: only a pointer argument is written in place",
                            a->name, a->loaded || a->spec.kind == TL_ARG_SCALAR ? "scalar" : "tensor");
            return false;
        }
        ncopies++;
    }
    const char *left_out = NULL; /* the first declared argument the order does not name */
    for (int j = 0; j < b->nargs && !left_out; j++)
        if (!placed[j])
            left_out = b->args[j].name;
    if (left_out) {
        tl_builder_fail(b, site,
                        "the argument order (XLA's: the kernel's .inputs, .inouts, then .outputs) names %d "
                        "arguments, but the kernel declares %d ('%s' is in none of them)",
                        b->norder - ncopies, b->nargs, left_out);
        return false;
    }
    int n = b->norder;
    builder_arg_entry *args = tcir_alloc(b->ctx, sizeof(*args) * (size_t)(n ? n : 1));
    if (!args)
        return true; /* out of memory: tl_finish reports it */
    bool seen[TCIR_MAX_PERMUTED_ARGS] = {false};
    int next_copy = b->nargs; /* copies are appended to the entry block, then permuted in place */
    for (int i = 0; i < n; i++) {
        int j = arg_index(b, b->order[i]);
        if (!seen[j]) {
            seen[j] = true;
            order[i] = j;
            args[i] = b->args[j];
            continue;
        }
        tcir_value *v =
            tcir_block_add_arg(b->ctx, b->entry, tcir_value_type(b->args[j].value), tcir_block_arg_loc(b->entry, j));
        if (!v)
            return true; /* out of memory: tl_finish reports it */
        args[i] = b->args[j];
        args[i].value = v;
        order[i] = next_copy++;
    }
    b->args = args;
    b->nargs = b->args_cap = n;
    b->arg_names.cap = 0; /* copies repeat names: arg_index scans from now on */
    tcir_block_permute_args(b->entry, order);
    return true;
}

/* With an argument loader (scalars as buffers), a scalar argument is declared as a pointer to its value, which the
 * kernel loads where the argument is declared. Its letter in a specialization key must be 'N':
 * the value is data the kernel reads, not known when it is compiled. */
static bool scalar_to_buffer(tl_builder *b, tl_site site, const char *name, tl_argspec *spec)
{
    if (b->arg_loader && spec->kind == TL_ARG_TENSORDESC)
        return tl_builder_fail(b, site,
                               "'%s' is a host tensor descriptor (TL_TENSORDESC), which XLA cannot pass (it passes "
                               "buffers only): make the descriptor in the kernel (tl_make_tensor_descriptor) from a "
                               "pointer argument",
                               name),
               false;
    if (!b->arg_loader || spec->kind != TL_ARG_SCALAR)
        return false;
    if (b->specialize && (size_t)b->ndeclared < strlen(b->specialize) && b->specialize[b->ndeclared] != 'N')
        return tl_builder_fail(b, site,
                               "specialization key '%s': '%c' for scalar '%s', which is loaded from a buffer "
                               "(scalars as buffers): its value is not known when the kernel is compiled (want 'N')",
                               b->specialize, b->specialize[b->ndeclared], name),
               false;
    spec->kind = TL_ARG_PTR;
    spec->divisibility = 0; /* a buffer's address: 16, as any pointer */
    spec->do_not_specialize = false;
    return true;
}

int tl_builder_nargs(const tl_builder *b) { return b ? b->nargs : 0; }

const tl_argspec *tl_builder_argspec(const tl_builder *b, int i)
{
    return b && i >= 0 && i < b->nargs ? &b->args[i].spec : NULL;
}

void tl_builder_set_specialize_at(tl_site site, tl_builder *b, const char *key)
{
    if (!builder_usable(b, site))
        return;
    if (b->ndeclared > 0) {
        tl_builder_fail(b, site, "a specialization key must be set before the first tl_arg");
        return;
    }
    b->specialize = key ? tcir_strdup(b->ctx, key, strlen(key)) : NULL;
}

/* Applies the specialization key's letter for the argument being declared (Triton's JIT:
 * jit.py's specialization, specialize.cc's rules). Returns false after recording an error;
 * sets *drop when the argument is the constexpr 1. */
static bool apply_specialization(tl_builder *b, tl_site site, const char *name, tl_argspec *spec, bool *drop)
{
    *drop = false;
    if (!b->specialize)
        return true;
    int at = b->ndeclared;
    size_t len = strlen(b->specialize);
    if ((size_t)at >= len) {
        tl_builder_fail(b, site, "specialization key '%s' has %zu letters, but '%s' is argument #%d", b->specialize,
                        len, name, at + 1);
        return false;
    }
    char letter = b->specialize[at];
    bool integer = spec->kind == TL_ARG_SCALAR && tl_dtype_is_int(spec->dtype) && spec->dtype != TL_I1;
    const char *what = spec->kind == TL_ARG_PTR ? "a pointer"
        : spec->kind == TL_ARG_TENSOR           ? "a tensor"
        : spec->kind == TL_ARG_TENSORDESC       ? "a tensor descriptor"
        : integer                               ? "an integer"
        : tl_dtype_is_float(spec->dtype)        ? "a float"
                                                : "a bool";
    switch (letter) {
    case 'N': spec->divisibility = TL_DIV_NONE; return true;
    case 'D':
    case '1':
        if (spec->do_not_specialize) {
            tl_builder_fail(b, site, "specialization key '%s': '%c' for '%s', which is do_not_specialize (want 'N')",
                            b->specialize, letter, name);
            return false;
        }
        if (letter == 'D' && (integer || spec->kind == TL_ARG_PTR)) {
            spec->divisibility = 16;
            return true;
        }
        if (letter == '1' && integer) {
            *drop = true;
            return true;
        }
        tl_builder_fail(b, site, "specialization key '%s': '%c' for '%s', which is %s (want %s)", b->specialize, letter,
                        name, what, spec->kind == TL_ARG_PTR ? "'D' or 'N'" : "'N'");
        return false;
    default:
        tl_builder_fail(b, site, "specialization key '%s': letter '%c' for '%s' (want '1', 'D' or 'N')", b->specialize,
                        letter, name);
        return false;
    }
}

/* ---- arguments --------------------------------------------------------------------------- */

static const tcir_type *arg_type(tl_builder *b, tl_site site, const tl_argspec *spec)
{
    const tcir_type *elem = tl_dtype_ir(b->ctx, spec->dtype);
    if (!elem) {
        tl_builder_fail(b, site, "invalid dtype %d", (int)spec->dtype);
        return NULL;
    }
    switch (spec->kind) {
    case TL_ARG_PTR: return tcir_type_ptr(b->ctx, elem, spec->address_space ? spec->address_space : 1);
    case TL_ARG_SCALAR: return elem;
    case TL_ARG_TENSOR:
        if (spec->rank < 1 || spec->rank > TL_MAX_RANK) {
            tl_builder_fail(b, site, "tensor argument rank %d is not in [1, %d]", spec->rank, TL_MAX_RANK);
            return NULL;
        }
        for (int i = 0; i < spec->rank; i++) {
            if (spec->shape[i] <= 0) {
                tl_builder_fail(b, site, "tensor argument dimension %d is %lld", i, (long long)spec->shape[i]);
                return NULL;
            }
        }
        if (!builder_check_numel(b, site, "tensor argument", spec->rank, spec->shape))
            return NULL;
        return tcir_type_tensor(b->ctx, spec->rank, spec->shape, elem);
    case TL_ARG_TENSORDESC: {
        /* What Triton's TensorDescriptor checks of its block (validate_block_shape), and TMA's
         * 1 to 5 dimensions. */
        if (spec->rank < 1 || spec->rank > 5) {
            tl_builder_fail(b, site, "a tensor descriptor has 1 to 5 dimensions, not %d", spec->rank);
            return NULL;
        }
        for (int i = 0; i < spec->rank; i++) {
            int64_t d = spec->shape[i];
            if (d <= 0 || (d & (d - 1)) != 0) {
                tl_builder_fail(b, site, "descriptor block shape element %d must be a power of 2, not %lld", i,
                                (long long)d);
                return NULL;
            }
        }
        if (!builder_check_numel(b, site, "descriptor block", spec->rank, spec->shape))
            return NULL;
        tl_dtype dt = spec->dtype;
        tcir_signedness sign = !tl_dtype_is_int(dt)                         ? TCIR_SIGNLESS
            : (dt == TL_I8 || dt == TL_I16 || dt == TL_I32 || dt == TL_I64) ? TCIR_SIGNED
                                                                            : TCIR_UNSIGNED;
        return tcir_type_tensordesc_signed(b->ctx, tcir_type_tensor(b->ctx, spec->rank, spec->shape, elem), sign);
    }
    }
    tl_builder_fail(b, site, "invalid argument kind %d", (int)spec->kind);
    return NULL;
}

tl_value tl_arg_at(tl_site site, tl_builder *b, const char *name, tl_argspec spec)
{
    if (!builder_usable(b, site))
        return TL_POISON;
    if (!base_is_identifier(name))
        return tl_builder_fail(b, site, "invalid argument name '%s'", name ? name : "(null)");
    int same = arg_index(b, name);
    if (same >= 0)
        return tl_builder_fail(b, site, "duplicate argument name '%s' (argument %d)", name, same);
    if (spec.divisibility < TL_DIV_NONE)
        return tl_builder_fail(b, site, "divisibility %d of '%s' is negative", spec.divisibility, name);
    bool as_buffer = scalar_to_buffer(b, site, name, &spec);
    if (tl_builder_failed(b))
        return TL_POISON;
    const tcir_type *t = arg_type(b, site, &spec);
    if (!t)
        return TL_POISON;
    bool drop;
    if (!apply_specialization(b, site, name, &spec, &drop))
        return TL_POISON;
    if (as_buffer)
        spec.divisibility = 0; /* the scalar's 'N' is about its value, not its buffer's address */
    b->ndeclared++;
    if (drop)
        return tl_lit_int(1);
    if (b->nargs == b->args_cap) {
        int cap = b->args_cap ? b->args_cap * 2 : 8;
        builder_arg_entry *grown = tcir_alloc(b->ctx, sizeof(*grown) * (size_t)cap);
        if (!grown)
            return tl_builder_fail(b, site, "out of memory");
        for (int i = 0; i < b->nargs; i++)
            grown[i] = b->args[i];
        b->args = grown;
        b->args_cap = cap;
    }
    tcir_value *v = tcir_block_add_arg(b->ctx, b->entry, t, (tcir_loc){site.file, site.line, 0});
    spec.name = tcir_strdup(b->ctx, name, strlen(name));
    /* A host descriptor comes with its shape (i32 each) and strides (i64 each): Triton's
     * tensor_descriptor_type flattens into those arguments after it (_flatten_ir_types). */
    for (int i = 0; v && spec.kind == TL_ARG_TENSORDESC && i < 2 * spec.rank; i++)
        if (!tcir_block_add_arg(b->ctx, b->entry, tcir_type_int(b->ctx, i < spec.rank ? 32 : 64),
                                (tcir_loc){site.file, site.line, 0}))
            v = NULL;
    if (!v || !spec.name || tcir_context_oom(b->ctx))
        return tl_builder_fail(b, site, "out of memory");
    if (!builder_index_reserve(&b->arg_names, b->nargs + 1))
        return tl_builder_fail(b, site, "out of memory");
    b->args[b->nargs++] = (builder_arg_entry){spec.name, spec, v, as_buffer};
    builder_index_put(&b->arg_names, arg_name_hash(spec.name), b->nargs - 1);
    if (as_buffer)
        return b->arg_loader(site, builder_wrap(b, v, spec.dtype));
    return builder_wrap(b, v, spec.dtype);
}

tl_value tl_builder_arg_at(tl_site site, tl_builder *b, int i)
{
    if (!builder_usable(b, site))
        return TL_POISON;
    if (i < 0 || i >= b->nargs)
        return tl_builder_fail(b, site, "argument index %d out of range (the kernel has %d)", i, b->nargs);
    return builder_wrap(b, b->args[i].value, b->args[i].spec.dtype);
}
