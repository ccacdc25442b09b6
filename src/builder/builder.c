/* The builder: one kernel under construction. Its lifetime (the module and its tt.func, made
 * at tl_builder_create), its settings and accessors, and values (tl_value wrapping an IR value,
 * the tensor size cap). Arguments and specialization are in builder_args.c, raw ops and the
 * insertion stack in builder_ops.c, tl_finish in builder_finish.c. */
#include <stdio.h>
#include <stdlib.h>

#include "builder/builder_internal.h"
#include "base/alloc.h"
#include "base/out.h" /* base_is_identifier */

/* The builders alive on this thread, newest first (a builder is built on one thread). */
static _Thread_local tl_builder *live_builders;

static void live_link(tl_builder *b)
{
    b->live_next = live_builders;
    if (live_builders)
        live_builders->live_prev = b;
    live_builders = b;
    b->live = true;
}

void builder_live_unlink(tl_builder *b)
{
    if (!b->live)
        return;
    if (b->live_prev)
        b->live_prev->live_next = b->live_next;
    else if (live_builders == b)
        live_builders = b->live_next;
    if (b->live_next)
        b->live_next->live_prev = b->live_prev;
    b->live_prev = b->live_next = NULL;
    b->live = false;
}

tl_builder *tl_builder_of_thread_at(tl_site site, const char *what)
{
    int n = 0;
    for (tl_builder *b = live_builders; b; b = b->live_next)
        n++;
    if (n <= 1)
        return live_builders;
    for (tl_builder *b = live_builders; b; b = b->live_next)
        if (!tl_builder_failed(b))
            tl_builder_fail(b, site,
                            "%s, and %d kernels are being built on this thread: which one it belongs to cannot be "
                            "known; decide it with a C if",
                            what, n);
    return NULL;
}

tl_builder *tl_builder_current(void) { return live_builders; }

tl_builder *tl_builder_create_at(tl_site site, const char *name)
{
    tl_builder *b = base_calloc(1, sizeof *b);
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
    b->module = tcir_op_create(
        ctx, &(tcir_op_state){.name = tcir_opcode_name(TCIR_OPC_BUILTIN_MODULE), .loc = where, .nregions = 1});
    tcir_block *top = b->module ? tcir_region_add_block(ctx, tcir_op_region(b->module, 0)) : NULL;
    b->func =
        tcir_op_create(ctx, &(tcir_op_state){.name = tcir_opcode_name(TCIR_OPC_TT_FUNC), .loc = where, .nregions = 1});
    b->entry = b->func ? tcir_region_add_block(ctx, tcir_op_region(b->func, 0)) : NULL;
    b->levels = tcir_alloc(ctx, sizeof(*b->levels) * 8);
    if (!top || !b->entry || !b->levels) { /* the fresh reserve is far bigger than this: never, in practice */
        tl_builder_destroy(b);
        return NULL;
    }
    b->levels_cap = 8;
    b->levels[0] = (struct builder_level){.block = b->entry};
    tcir_block_append(top, b->func);
    b->depth = 1;
    builder_make_visible(b, b->entry);
    b->place.epoch = b->place.epochs = 1; /* the seen-site table's zeroed entries belong to epoch 0 */
    live_link(b);

    if (!base_is_identifier(name)) {
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
    builder_live_unlink(b);
    order_pool_free(b);
    builder_index_free(&b->arg_names);
    tcir_context_destroy(b->ctx);
    base_error_clear(&b->error);
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

size_t tl_builder_bytes(const tl_builder *b)
{
    if (!b)
        return 0;
    return tcir_context_bytes(b->ctx) +
        sizeof(builder_index_slot) * ((size_t)b->pool.const_index.cap + (size_t)b->arg_names.cap);
}
tcir_context *tl_builder_context(const tl_builder *b) { return b ? b->ctx : NULL; }
tcir_op *tl_builder_module(const tl_builder *b) { return b ? b->module : NULL; }
tcir_op *tl_builder_func(const tl_builder *b) { return b ? b->func : NULL; }
tcir_block *(tl_current_block)(const tl_builder *b) { return builder_current_block(b); }

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
            [TCIR_F16] = TL_F16,
            [TCIR_BF16] = TL_BF16,
            [TCIR_F32] = TL_F32,
            [TCIR_F64] = TL_F64,
            [TCIR_F8E4M3FN] = TL_FP8E4NV,
            [TCIR_F8E5M2] = TL_FP8E5,
            [TCIR_F8E4M3FNUZ] = TL_FP8E4B8,
            [TCIR_F8E5M2FNUZ] = TL_FP8E5B16,
            [TCIR_F8E4M3B11FNUZ] = TL_FP8E4B15,
        };
        return by_kind[tcir_type_float_kind(e)];
    }
    return TL_DTYPE_INVALID;
}

tl_value builder_wrap(tl_builder *b, tcir_value *v, tl_dtype dtype)
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

tl_value tl_wrap(tl_builder *b, tcir_value *v, tl_dtype dtype) { return builder_wrap(b, v, dtype); }

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

bool builder_check_numel(tl_builder *b, tl_site site, const char *what, int rank, const int64_t *dims)
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
