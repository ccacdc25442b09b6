/* The builder: one kernel under construction (module, tt.func, arguments, insertion stack),
 * raw op emission and finish. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builder/builder_internal.h"
#include "base/alloc.h"
#include "base/hash.h"
#include "base/out.h" /* tcir_is_identifier */

static void make_visible(tl_builder *b, tcir_block *blk)
{
    if (b->nvisible == b->visible_cap) {
        int cap = b->visible_cap ? b->visible_cap * 2 : 16;
        tcir_block **grown = cap < INT_MAX / 2 ? tcir_alloc(b->ctx, sizeof(*grown) * (size_t)cap) : NULL;
        if (!grown)
            return; /* out of memory: tl__usable reports it at the next call */
        for (int i = 0; i < b->nvisible; i++)
            grown[i] = b->visible[i];
        b->visible = grown;
        b->visible_cap = cap;
    }
    tcir_block_set_mark(blk, b->nvisible + 1); /* where it went last: is_visible looks there */
    b->visible[b->nvisible++] = blk;
}

static bool is_visible(tl_builder *b, const tcir_block *blk)
{
    /* Most operands come from the block of the operand before: the last answer is asked first
     * (without reading the block, which on a big kernel is a cache miss). */
    int last = b->visible_last;
    if (last < b->nvisible && b->visible[last] == blk)
        return true;
    int at = tcir_block_mark(blk) - 1;
    if (at >= 0 && at < b->nvisible && b->visible[at] == blk) {
        b->visible_last = at;
        return true;
    }
    /* not where it went last: an earlier copy may still be there (a miss is an error anyway) */
    for (int i = b->nvisible - 1; i >= 0; i--)
        if (b->visible[i] == blk)
            return true;
    return false;
}

tl_builder *tl_builder_create_at(tl_site site, const char *name)
{
    tl_builder *b = tcir_sys_calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->ctx = tcir_context_create();
    if (!b->ctx) {
        free(b);
        return NULL;
    }
    tcir_context *ctx = b->ctx;
    /* The function and module carry the creating call's location: Triton names the PTX's
     * source file after the function's. */
    tcir_loc where = {site.file, site.line, 0};
    b->module = tcir_op_create(ctx, &(tcir_op_state){.name = "builtin.module", .loc = where, .nregions = 1});
    tcir_block *top = b->module ? tcir_region_add_block(ctx, tcir_op_region(b->module, 0)) : NULL;
    b->func = tcir_op_create(ctx, &(tcir_op_state){.name = "tt.func", .loc = where, .nregions = 1});
    b->entry = b->func ? tcir_region_add_block(ctx, tcir_op_region(b->func, 0)) : NULL;
    b->levels = tcir_alloc(ctx, sizeof(*b->levels) * 8);
    if (!top || !b->entry || !b->levels) { /* the fresh reserve is far bigger than this: never, in practice */
        tl_builder_destroy(b);
        return NULL;
    }
    b->levels_cap = 8;
    b->levels[0] = (struct tl_level){.block = b->entry};
    tcir_block_append(top, b->func);
    b->depth = 1;
    make_visible(b, b->entry);
    b->place.epoch = 1; /* the seen-site table's zeroed entries belong to epoch 0 */

    if (!tcir_is_identifier(name)) {
        tl_builder_fail(b, site, "invalid kernel name '%s' (want [A-Za-z_][A-Za-z0-9_$.]*)", name ? name : "(null)");
        name = "invalid";
    }
    tcir_op_set_attr(ctx, b->func, "sym_name", tcir_attr_string(ctx, name), true);
    tcir_op_set_attr(ctx, b->func, "sym_visibility", tcir_attr_string(ctx, "public"), true);
    tcir_op_set_attr(ctx, b->func, "noinline", tcir_attr_bool(ctx, false), false);
    if (tcir_context_oom(ctx)) /* the reserve served the function: nothing more to build */
        tl_builder_fail(b, site, "out of memory");
    return b;
}

tl_builder *tl_builder_create_with_args_at(tl_site site, const char *name, int n, const tl_argspec *specs)
{
    tl_builder *b = tl_builder_create_at(site, name);
    if (b && n > 0 && !specs)
        tl_builder_fail(b, site, "%d argument specs announced but specs is NULL", n);
    for (int i = 0; b && specs && i < n; i++)
        tl_arg_at(site, b, specs[i].name, specs[i]);
    return b;
}

void tl_builder_destroy(tl_builder *b)
{
    if (!b)
        return;
    tl__pool_free(b);
    tl__index_free(&b->arg_names);
    tcir_context_destroy(b->ctx);
    tl__error_clear(&b->error);
    free(b);
}

void tl_builder_set_locations(tl_builder *b, bool on)
{
    if (b)
        b->locations = on;
}

void tl_builder_set_generic(tl_builder *b, bool on)
{
    if (b)
        b->generic = on;
}

void tl_builder_set_debug(tl_builder *b, bool on)
{
    if (b)
        b->debug = on;
}

bool tl_builder_debug(const tl_builder *b) { return b && b->debug; }

void tl_builder_set_arg_loader(tl_builder *b, tl_arg_loader load)
{
    if (b)
        b->arg_loader = load;
}

void tl_builder_set_arg_order(tl_builder *b, int n, const char *const *names)
{
    if (b) {
        b->norder = names ? n : 0;
        b->order = names;
    }
}

/* An argument name's hash, for the name index. */
static uint64_t arg_name_hash(const char *s) { return tl__fnv1a64_str(TL_FNV1A64_INIT, s); }

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
    tl_index_cursor c = {0};
    for (int j; (j = tl__index_next(&b->arg_names, hash, &c)) >= 0;)
        if (strcmp(b->args[j].name, name) == 0)
            return j;
    return -1;
}

/* Reorders the arguments by tl_builder_set_arg_order's names: the first time a name comes, its
 * declared argument goes there; a name that comes again gets a copy there, a new argument of
 * the same type and attributes the body does not use (XLA passes an in-place buffer as an
 * operand and again as the result aliasing it). False after recording an error. */
static bool apply_arg_order(tl_builder *b, tl_site site)
{
    if (!b->order)
        return true;
    int order[TCIR_MAX_PERMUTED_ARGS];
    bool placed[TCIR_MAX_PERMUTED_ARGS] = {false};
    if (b->nargs > TCIR_MAX_PERMUTED_ARGS || b->norder > TCIR_MAX_PERMUTED_ARGS) {
        tl_builder_fail(b, site, "argument order: %d names for %d arguments (at most %d)", b->norder, b->nargs,
                        TCIR_MAX_PERMUTED_ARGS);
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
        const tl_arg_entry *a = &b->args[j];
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
    tl_arg_entry *args = tcir_alloc(b->ctx, sizeof(*args) * (size_t)(n ? n : 1));
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
        tcir_value *v = tcir_block_add_arg(b->ctx, b->entry, tcir_value_type(b->args[j].value),
                                           tcir_block_arg_loc(b->entry, j));
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

size_t tl_builder_bytes(const tl_builder *b)
{
    if (!b)
        return 0;
    return tcir_context_bytes(b->ctx) +
           sizeof(tl_index_slot) * ((size_t)b->pool.const_index.cap + (size_t)b->arg_names.cap);
}
tcir_context *tl_builder_context(const tl_builder *b) { return b ? b->ctx : NULL; }
tcir_op *tl_builder_module(const tl_builder *b) { return b ? b->module : NULL; }
tcir_op *tl_builder_func(const tl_builder *b) { return b ? b->func : NULL; }
tcir_block *(tl_current_block)(const tl_builder *b) { return tl__current_block(b); }
int tl_builder_nargs(const tl_builder *b) { return b ? b->nargs : 0; }

const tl_argspec *tl_builder_argspec(const tl_builder *b, int i)
{
    return b && i >= 0 && i < b->nargs ? &b->args[i].spec : NULL;
}

void tl_builder_set_specialize_at(tl_site site, tl_builder *b, const char *key)
{
    if (!tl__usable(b, site))
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
                       : spec->kind == TL_ARG_TENSOR ? "a tensor"
                       : integer ? "an integer"
                       : tl_dtype_is_float(spec->dtype) ? "a float"
                                                         : "a bool";
    switch (letter) {
    case 'N':
        spec->divisibility = TL_DIV_NONE;
        return true;
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
        tl_builder_fail(b, site, "specialization key '%s': '%c' for '%s', which is %s (want %s)", b->specialize,
                        letter, name, what, spec->kind == TL_ARG_PTR ? "'D' or 'N'" : "'N'");
        return false;
    default:
        tl_builder_fail(b, site, "specialization key '%s': letter '%c' for '%s' (want '1', 'D' or 'N')",
                        b->specialize, letter, name);
        return false;
    }
}

/* ---- values ----------------------------------------------------------------------------- */

static tl_dtype dtype_of_elem(const tcir_type *e)
{
    if (tcir_type_is_int(e)) {
        switch (tcir_type_int_width(e)) {
        case 1: return TL_I1;
        case 8: return TL_I8;
        case 16: return TL_I16;
        case 32: return TL_I32;
        case 64: return TL_I64;
        default: return TL_DTYPE_INVALID;
        }
    }
    if (tcir_type_is_float(e)) {
        static const tl_dtype by_kind[] = {
            [TCIR_F16] = TL_F16, [TCIR_BF16] = TL_BF16, [TCIR_F32] = TL_F32, [TCIR_F64] = TL_F64,
            [TCIR_F8E4M3FN] = TL_FP8E4NV, [TCIR_F8E5M2] = TL_FP8E5, [TCIR_F8E4M3FNUZ] = TL_FP8E4B8,
            [TCIR_F8E5M2FNUZ] = TL_FP8E5B16, [TCIR_F8E4M3B11FNUZ] = TL_FP8E4B15,
        };
        return by_kind[tcir_type_float_kind(e)];
    }
    return TL_DTYPE_INVALID;
}

tl_value tl__wrap(tl_builder *b, tcir_value *v, tl_dtype dtype)
{
    if (!v)
        return TL_POISON;
    const tcir_type *e = tcir_type_elem(tcir_value_type(v));
    bool is_ptr = tcir_type_is_ptr(e);
    if (is_ptr)
        e = tcir_type_pointee(e);
    /* Built in one go at the end: filling a local field by field and copying it out made the
     * compiler reload it through the stack, which showed in profiles (this runs for every op). */
    return (tl_value){.b = b,
                      .ir = v,
                      .dtype = dtype != TL_DTYPE_INVALID ? dtype : dtype_of_elem(e),
                      .is_ptr = is_ptr,
                      .def_order = b ? ++b->values_made : 0};
}

tl_value tl_wrap(tl_builder *b, tcir_value *v, tl_dtype dtype)
{
    return tl__wrap(b, v, dtype);
}

const tcir_type *tl_value_type(tl_value v) { return v.ir ? tcir_value_type(v.ir) : NULL; }
int tl_value_rank(tl_value v) { return v.ir ? tcir_type_rank(tcir_value_type(v.ir)) : 0; }
bool tl_value_is_tensor(tl_value v) { return v.ir && tcir_type_is_tensor(tcir_value_type(v.ir)); }

int64_t tl_value_dim(tl_value v, int i)
{
    if (!v.ir || i < 0 || i >= tl_value_rank(v))
        return 0;
    return tcir_type_dims(tcir_value_type(v.ir))[i];
}

/* ---- the tensor size cap ------------------------------------------------------------------ */

bool tl__check_numel(tl_builder *b, tl_site site, const char *what, int rank, const int64_t *dims)
{
    int64_t n = 1; /* stays <= the cap, so n * dims[i] cannot overflow once dims[i] <= it too */
    for (int i = 0; i < rank; i++) {
        if (dims[i] > TL_MAX_TENSOR_NUMEL || (n *= dims[i]) > TL_MAX_TENSOR_NUMEL) {
            char shape[24 * TL_MAX_RANK + 4];
            size_t at = 0;
            for (int k = 0; k < rank && k < TL_MAX_RANK; k++)
                at += (size_t)snprintf(shape + at, sizeof shape - at, "%s%lld", k ? ", " : "", (long long)dims[k]);
            tl_builder_fail(b, site, "%s shape [%s] exceeds triton's maximum tensor numel (%d)", what, shape,
                            TL_MAX_TENSOR_NUMEL);
            return false;
        }
    }
    return true;
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
    case TL_ARG_PTR:
        return tcir_type_ptr(b->ctx, elem, spec->address_space ? spec->address_space : 1);
    case TL_ARG_SCALAR:
        return elem;
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
        if (!tl__check_numel(b, site, "tensor argument", spec->rank, spec->shape))
            return NULL;
        return tcir_type_tensor(b->ctx, spec->rank, spec->shape, elem);
    }
    tl_builder_fail(b, site, "invalid argument kind %d", (int)spec->kind);
    return NULL;
}

tl_value tl_arg_at(tl_site site, tl_builder *b, const char *name, tl_argspec spec)
{
    if (!tl__usable(b, site))
        return TL_POISON;
    if (!tcir_is_identifier(name))
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
        tl_arg_entry *grown = tcir_alloc(b->ctx, sizeof(*grown) * (size_t)cap);
        if (!grown)
            return tl_builder_fail(b, site, "out of memory");
        for (int i = 0; i < b->nargs; i++)
            grown[i] = b->args[i];
        b->args = grown;
        b->args_cap = cap;
    }
    tcir_value *v = tcir_block_add_arg(b->ctx, b->entry, t, (tcir_loc){site.file, site.line, 0});
    spec.name = tcir_strdup(b->ctx, name, strlen(name));
    if (!v || !spec.name || tcir_context_oom(b->ctx))
        return tl_builder_fail(b, site, "out of memory");
    if (!tl__index_reserve(&b->arg_names, b->nargs + 1))
        return tl_builder_fail(b, site, "out of memory");
    b->args[b->nargs++] = (tl_arg_entry){spec.name, spec, v, as_buffer};
    tl__index_put(&b->arg_names, arg_name_hash(spec.name), b->nargs - 1);
    if (as_buffer)
        return b->arg_loader(site, tl__wrap(b, v, spec.dtype));
    return tl__wrap(b, v, spec.dtype);
}

tl_value tl_builder_arg_at(tl_site site, tl_builder *b, int i)
{
    if (!tl__usable(b, site))
        return TL_POISON;
    if (i < 0 || i >= b->nargs)
        return tl_builder_fail(b, site, "argument index %d out of range (the kernel has %d)", i, b->nargs);
    return tl__wrap(b, b->args[i].value, b->args[i].spec.dtype);
}

/* ---- raw ops ------------------------------------------------------------------------------ */

enum { TL_MAX_RAW_OPERANDS = 256 };

/* tl_op_at's work, its site and spec by address: every op of the language is made here, and
 * the two structs are 130 bytes to copy at each call. */
tcir_op *tl_op_at_ref(const tl_site *sp, tl_builder *b, const tl_raw_op *spec)
{
    if (!sp || !spec) {
        if (b)
            tl_builder_fail(b, sp ? *sp : (tl_site){0}, sp ? "spec is NULL" : "tl_op_at_ref: site is NULL");
        return NULL;
    }
    if (!tl__usable(b, *sp))
        return NULL;
    if (!spec->name || !strchr(spec->name, '.')) {
        tl_builder_fail(b, *sp, "op name '%s' is not of the form dialect.op", spec->name ? spec->name : "(null)");
        return NULL;
    }
    if (spec->noperands < 0 || spec->noperands > TL_MAX_RAW_OPERANDS || spec->nresults < 0 || spec->nattrs < 0 ||
        spec->nregions < 0 || spec->nsuccessors < 0 || (spec->noperands && !spec->operands) ||
        (spec->nresults && !spec->result_types) || (spec->nattrs && !spec->attrs) ||
        (spec->nsuccessors && !spec->successors)) {
        tl_builder_fail(b, *sp, "%s: inconsistent operand, result or attribute counts", spec->name);
        return NULL;
    }
    if (spec->nregions > TCIR_MAX_REGIONS || spec->nsuccessors > TCIR_MAX_SUCCESSORS) {
        tl_builder_fail(b, *sp, "%s: %d regions and %d successors; an op has at most %d of each", spec->name,
                        spec->nregions, spec->nsuccessors, TCIR_MAX_REGIONS);
        return NULL;
    }
    tcir_value *operands[TL_MAX_RAW_OPERANDS];
    for (int i = 0; i < spec->noperands; i++) {
        tl_value v = spec->operands[i];
        if (tl_value_is_lit(v)) {
            tl_builder_fail(b, *sp, "%s: operand #%d is a literal; make it a value first", spec->name, i);
            return NULL;
        }
        if (!v.ir) {
            tl_builder_fail(b, *sp, "%s: operand #%d is poison", spec->name, i);
            return NULL;
        }
        if (v.b != b) {
            tl_builder_fail(b, *sp, "%s: operand #%d belongs to another builder", spec->name, i);
            return NULL;
        }
        if (!is_visible(b, tcir_value_block(v.ir))) {
            tl_builder_fail(b, *sp, "%s: operand #%d was defined inside a scope that is closed (or not entered) here",
                            spec->name, i);
            return NULL;
        }
        operands[i] = v.ir;
    }
    for (int i = 0; i < spec->nresults; i++) {
        const tcir_type *t = spec->result_types[i];
        if (!t) {
            tl_builder_fail(b, *sp, "%s: result type #%d is NULL", spec->name, i);
            return NULL;
        }
        /* most result types are seen often: their count, kept by the type, settles the check */
        if (tcir_type_is_tensor(t) && !(tcir__type_dims_positive(t) && tcir_type_numel(t) <= TL_MAX_TENSOR_NUMEL) &&
            !tl__check_numel(b, *sp, "result", tcir_type_rank(t), tcir_type_dims(t)))
            return NULL;
    }
    tcir_op *op = tcir_op_create(b->ctx, &(tcir_op_state){
                                             .name = spec->name,
                                             .loc = {sp->file, sp->line, 0},
                                             .noperands = spec->noperands,
                                             .operands = operands,
                                             .nresults = spec->nresults,
                                             .result_types = spec->result_types,
                                             .nattrs = spec->nattrs,
                                             .attrs = spec->attrs,
                                             .nregions = spec->nregions,
                                             .nsuccessors = spec->nsuccessors,
                                             .successors = spec->successors,
                                         });
    if (!op || tcir_context_oom(b->ctx)) { /* placed nowhere: the kernel is abandoned */
        tl_builder_fail(b, *sp, "out of memory");
        return NULL;
    }
    tl__place_op(b, op, sp);
    return op;
}

tcir_op *tl_op_at(tl_site site, tl_builder *b, tl_raw_op spec)
{
    return tl_op_at_ref(&site, b, &spec);
}

tl_value tl_result_at(tl_site site, tl_builder *b, tcir_op *op, int i)
{
    if (!tl__usable(b, site))
        return TL_POISON;
    if (!op)
        return tl_builder_fail(b, site, "NULL op");
    if (i < 0 || i >= tcir_op_nresults(op))
        return tl_builder_fail(b, site, "%s has no result #%d", tcir_op_name(op), i);
    return tl__wrap(b, tcir_op_result(op, i), TL_DTYPE_INVALID);
}

void tl_push_block_at(tl_site site, tl_builder *b, tcir_block *blk)
{
    if (!tl__usable(b, site))
        return;
    if (!blk) {
        tl_builder_fail(b, site, "NULL block");
        return;
    }
    if (b->depth == b->levels_cap) {
        struct tl_level *grown = b->depth < INT_MAX / 2 ? tcir_alloc(b->ctx, sizeof(*grown) * (size_t)b->depth * 2) : NULL;
        if (!grown || tcir_context_oom(b->ctx)) {
            tl_builder_fail(b, site, "out of memory");
            return;
        }
        memcpy(grown, b->levels, sizeof(*grown) * (size_t)b->depth); /* the old array stays in the arena */
        b->levels = grown;
        b->levels_cap = b->depth * 2;
    }
    b->levels[b->depth++] = (struct tl_level){blk, site, b->nvisible};
    make_visible(b, blk);
}

void tl_set_block_at(tl_site site, tl_builder *b, tcir_block *blk)
{
    if (!tl__usable(b, site))
        return;
    if (!blk) {
        tl_builder_fail(b, site, "NULL block");
        return;
    }
    b->levels[b->depth - 1].block = blk;
    make_visible(b, blk);
}

tcir_block *tl_exit_block_at(tl_site site, tl_builder *b)
{
    if (!tl__usable(b, site))
        return NULL;
    if (!b->exit_block) {
        tcir_block *exit = tcir_region_add_block(b->ctx, tcir_op_region(b->func, 0));
        tcir_op *ret = tcir_op_create(b->ctx, &(tcir_op_state){.name = "tt.return", .loc = {site.file, site.line, 0}});
        if (!exit || !ret || tcir_context_oom(b->ctx)) {
            tl_builder_fail(b, site, "out of memory");
            return NULL;
        }
        tcir_block_append(exit, ret);
        b->exit_block = exit;
    }
    return b->exit_block;
}

int tl_scope_depth(const tl_builder *b)
{
    return b ? b->depth - 1 : 0;
}

tl_site tl_pushed_at(const tl_builder *b, int depth)
{
    return b && depth >= 1 && depth < b->depth ? b->levels[depth].pushed_at : (tl_site){0};
}

void tl_pop_block_at(tl_site site, tl_builder *b)
{
    if (!tl__usable(b, site))
        return;
    if (b->depth == 1) {
        tl_builder_fail(b, site, "no pushed block to pop (the entry block stays)");
        return;
    }
    b->depth--;
    b->nvisible = b->levels[b->depth].visible_start;
}

/* ---- finish --------------------------------------------------------------------------------- */

/* function_type and arg_attrs from the declared arguments. */
static void seal_signature(tl_builder *b)
{
    tcir_context *ctx = b->ctx;
    const tcir_type **inputs = tcir_alloc(ctx, sizeof(*inputs) * (size_t)(b->nargs ? b->nargs : 1));
    const tcir_attr **dicts = tcir_alloc(ctx, sizeof(*dicts) * (size_t)(b->nargs ? b->nargs : 1));
    if (!inputs || !dicts)
        return; /* out of memory: tl_finish reports it */
    bool any = false;
    /* Dictionaries are immutable: the arguments share the empty one, and one per divisibility
     * in a row (a kernel with many arguments repeats a few). */
    const tcir_attr *empty = NULL, *last_div = NULL;
    int last_div_value = 0;
    for (int i = 0; i < b->nargs; i++) {
        const tl_argspec *s = &b->args[i].spec;
        inputs[i] = tcir_value_type(b->args[i].value);
        int div = s->divisibility;
        if (div == 0)
            div = s->kind == TL_ARG_PTR ? 16 : TL_DIV_NONE;
        if (div != TL_DIV_NONE) {
            if (!last_div || last_div_value != div) {
                tcir_named_attr e = {"tt.divisibility", tcir_attr_int(ctx, div, tcir_type_int(ctx, 32)), false};
                last_div = tcir_attr_dict(ctx, 1, &e);
                last_div_value = div;
            }
            dicts[i] = last_div;
            any = true;
        } else {
            dicts[i] = empty ? empty : (empty = tcir_attr_dict(ctx, 0, NULL));
        }
    }
    tcir_op_set_attr(ctx, b->func, "function_type",
                     tcir_attr_type(ctx, tcir_type_func(ctx, b->nargs, inputs, 0, NULL)), true);
    if (any)
        tcir_op_set_attr(ctx, b->func, "arg_attrs", tcir_attr_array(ctx, b->nargs, dicts), true);
}

/* Python's canonicalizer erases the constants nothing uses. Those tl_to_tensor made (a number
 * assigned to a name, `mean = 0`, then reassigned) go the same way here; their meeting still
 * placed the others. (Other unused constants stay: the API made them on purpose.) */
static void drop_unused_consts(tl_builder *b)
{
    for (int k = 0; k < b->pool.nconsts; k++) {
        tl_const_entry *e = tl__pool_at(&b->pool, k);
        if (e->droppable && e->op && !e->used && tcir_op_block(e->op))
            tl__pool_drop(b, e);
    }
}

char *tl_finish_at(tl_site site, tl_builder *b)
{
    if (!tl__usable(b, site))
        return NULL;
    if (b->depth != 1) { /* the innermost open scope, at the call that opened it */
        tl_site opened = b->levels[b->depth - 1].pushed_at;
        tl_builder_fail(b, opened, "%s opened here is never closed", opened.func ? opened.func : "a block");
        return NULL;
    }
    if (b->specialize && strlen(b->specialize) != (size_t)b->ndeclared) {
        tl_builder_fail(b, site, "specialization key '%s' has %zu letters for %d declared arguments", b->specialize,
                        strlen(b->specialize), b->ndeclared);
        return NULL;
    }
    /* The natural end returns: in place, or through the shared exit of early returns, which
     * then moves to the end of the function. */
    tcir_op_state end = {.name = "tt.return", .loc = {site.file, site.line, 0}};
    if (b->exit_block) {
        end = (tcir_op_state){.name = "cf.br", .loc = end.loc, .nsuccessors = 1, .successors = &b->exit_block};
        tcir_region_move_block_to_end(tcir_op_region(b->func, 0), b->exit_block);
    }
    tcir_op *ret = tcir_op_create(b->ctx, &end);
    if (ret)
        tcir_block_append(tl_current_block(b), ret);
    if (!apply_arg_order(b, site))
        return NULL;
    seal_signature(b);
    tl__pool_settle(b);
    bool sorted = tl__pool_sort(b);
    drop_unused_consts(b);
    if (!sorted || b->out_of_memory || tcir_context_oom(b->ctx)) {
        tl_builder_fail(b, site, "out of memory");
        return NULL;
    }
    b->finished = true;
    char err[TL_ERROR_INLINE];
    if (!tcir_verify(b->module, err, sizeof err)) {
        tl_builder_fail(b, site, "verifier: %s", err);
        return NULL;
    }
    char *text = tcir_print(b->module, (tcir_print_opts){.generic = b->generic, .locations = b->locations}, NULL);
    if (!text)
        tl_builder_fail(b, site, "out of memory while printing");
    return text;
}
