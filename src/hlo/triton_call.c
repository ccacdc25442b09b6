/* XLA's Triton custom call: a declared kernel, emitted once per call site and checked
 * against the tensors it is given, becomes `stablehlo.custom_call @__gpu$xla.gpu.triton`.
 *
 * XLA launches the kernel with one pointer per operand and per result, inputs first, then
 * outputs, and nothing else. A kernel's .inouts (buffers it reads and writes in place) are
 * operands after its .inputs and results after its .outputs, each result aliasing its operand
 * (output_operand_aliases): XLA passes the same pointer twice, and the kernel is emitted with an
 * unused copy of that argument at the result's place (tl_emit_opts.xla_order). So the checks
 * here, each naming the kernel argument: the kernel takes exactly inputs + 2 * inouts + outputs
 * arguments; each is a pointer (a scalar such as n must travel
 * as a 0-d tensor the kernel loads); each pointer's element type is its tensor's; aliases
 * and zeroed outputs name existing positions, aliases of equal types. XLA itself would
 * accept most of these mistakes and launch the kernel on the wrong memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"

enum { TRITON_DEFAULT_WARPS = 4, TRITON_DEFAULT_STAGES = 3 };

/* "x_ptr, y_ptr, n" into buf. */
static void join_names(int n, const char *const *names, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", names[i] ? names[i] : "?");
}

static const char *name_at(tl_names names, int i)
{
    return i < names.n && names.names && names.names[i] ? names.names[i] : "?";
}

/* ---- the call-site names of TH_KERNEL_CALL against the kernel's ------------------------- */

static bool names_match(th_builder *b, th_site site, const tl_kernel *k, const char *what, tl_names want, int n,
                        const char *const *got)
{
    if (n != want.n) {
        char a[256], w[256];
        join_names(n, got, a, sizeof a);
        join_names(want.n, want.names, w, sizeof w);
        th_builder_fail(b, site, "TH_KERNEL_CALL(%s) names %d %ss (%s) but the kernel's .%ss has %d (%s)", k->name, n,
                        what, a, what, want.n, w);
        return false;
    }
    for (int i = 0; i < n; i++) {
        if (!got[i] || strcmp(got[i], name_at(want, i)) != 0) {
            th_builder_fail(b, site, "TH_KERNEL_CALL(%s) names %s %d '%s', but the kernel's .%ss has '%s' there",
                            k->name, what, i, got[i] ? got[i] : "?", what, name_at(want, i));
            return false;
        }
    }
    return true;
}

static void set_poison(th_builder *b, int n, th_value *results)
{
    for (int i = 0; results && i < n; i++)
        results[i] = (th_value){b, -1};
}

bool th_triton_call_named_at(th_site site, th_builder *b, const tl_kernel *kernel, int nin, const char *const *in_names,
                             const th_value *inputs, int nout, const char *const *out_names, const th_shape *outputs,
                             th_call_opts opts, th_value *results)
{
    set_poison(b, nout, results);
    if (!hlo_usable(b))
        return false;
    if (!kernel || !kernel->name) {
        th_builder_fail(b, site, "NULL kernel, or a kernel without a name");
        return false;
    }
    if (kernel->inouts.n > 0) {
        char io[256];
        join_names(kernel->inouts.n, kernel->inouts.names, io, sizeof io);
        th_builder_fail(b, site,
                        "TH_KERNEL_CALL(%s): the kernel has .inouts (%s), which a typed call does not pass: "
                        "call th_triton_call_at (its inputs are the .inputs, then the .inouts' initial values)",
                        kernel->name, io);
        return false;
    }
    if (!names_match(b, site, kernel, "input", kernel->inputs, nin, in_names) ||
        !names_match(b, site, kernel, "output", kernel->outputs, nout, out_names))
        return false;
    return th_triton_call_at(site, b, kernel, inputs, outputs, opts, results);
}

/* ---- checks of the tensors and options ------------------------------------------------------- */

/* The name of operand i: an input, then an inout. */
static const char *operand_name(const tl_kernel *k, int i)
{
    return i < k->inputs.n ? name_at(k->inputs, i) : name_at(k->inouts, i - k->inputs.n);
}

static bool check_inputs(th_builder *b, th_site site, const tl_kernel *k, const th_value *inputs)
{
    for (int i = 0; i < k->inputs.n + k->inouts.n; i++) {
        const char *role = i < k->inputs.n ? "input" : "inout";
        if (th_value_is_absent(inputs[i])) {
            th_builder_fail(b, site, "%s: %s '%s' is missing (left zero)", k->name, role, operand_name(k, i));
            return false;
        }
        char what[160];
        snprintf(what, sizeof what, "%s: %s '%s'", k->name, role, operand_name(k, i));
        if (!hlo_check_value(b, site, inputs[i], what))
            return false;
    }
    return true;
}

static bool check_outputs(th_builder *b, th_site site, const tl_kernel *k, const th_shape *outputs)
{
    for (int i = 0; i < k->outputs.n; i++) {
        th_shape s = outputs[i];
        if (s.dtype == TL_DTYPE_INVALID && s.rank == 0) {
            th_builder_fail(b, site, "%s: output '%s' is missing (its shape is left zero)", k->name,
                            name_at(k->outputs, i));
            return false;
        }
        const char *problem = hlo_shape_problem(s);
        if (problem) {
            th_builder_fail(b, site, "%s: output '%s' has %s (dtype %s, rank %d)", k->name, name_at(k->outputs, i),
                            problem, tl_dtype_name(s.dtype), s.rank);
            return false;
        }
    }
    return true;
}

static bool check_launch(th_builder *b, th_site site, const tl_kernel *k, const th_call_opts *o)
{
    static const char axis[] = "xyz";
    for (int i = 0; i < 3; i++) {
        if (o->grid[i] < 0) {
            th_builder_fail(b, site, "%s: grid_%c is %d (a grid size is positive; 0 means 1)", k->name, axis[i],
                            o->grid[i]);
            return false;
        }
    }
    if (o->num_warps < 0 || (o->num_warps & (o->num_warps - 1)) != 0) {
        th_builder_fail(b, site, "%s: num_warps is %d (Triton wants a power of two; 0 means 4)", k->name, o->num_warps);
        return false;
    }
    if (o->num_stages < 0) {
        th_builder_fail(b, site, "%s: num_stages is %d (0 means 3)", k->name, o->num_stages);
        return false;
    }
    if (o->global_scratch_memory_size < 0) {
        th_builder_fail(b, site, "%s: global_scratch_memory_size is %lld (bytes, not negative)", k->name,
                        (long long)o->global_scratch_memory_size);
        return false;
    }
    return true;
}

static bool check_aliases(th_builder *b, th_site site, const tl_kernel *k, const th_value *inputs,
                          const th_shape *outputs, th_aliases aliases)
{
    if (aliases.n < 0 || (aliases.n > 0 && !aliases.items)) {
        th_builder_fail(b, site, "%s: output_operand_aliases has %d entries and %s items", k->name, aliases.n,
                        aliases.items ? "some" : "no");
        return false;
    }
    for (int i = 0; i < aliases.n; i++) {
        int out = aliases.items[i].output_index, in = aliases.items[i].operand_index;
        if (out < 0 || out >= k->outputs.n) {
            th_builder_fail(b, site, "%s: alias %d names output %d, but the kernel has %d output%s", k->name, i, out,
                            k->outputs.n, k->outputs.n == 1 ? "" : "s");
            return false;
        }
        if (in < 0 || in >= k->inputs.n) {
            th_builder_fail(b, site, "%s: alias %d names operand %d, but the kernel has %d input%s", k->name, i, in,
                            k->inputs.n, k->inputs.n == 1 ? "" : "s");
            return false;
        }
        for (int j = 0; j < i; j++) {
            if (aliases.items[j].output_index == out) {
                th_builder_fail(b, site, "%s: output %d '%s' is aliased twice (aliases %d and %d)", k->name, out,
                                name_at(k->outputs, out), j, i);
                return false;
            }
            if (aliases.items[j].operand_index == in) {
                th_builder_fail(b, site, "%s: operand %d '%s' is aliased twice (aliases %d and %d)", k->name, in,
                                name_at(k->inputs, in), j, i);
                return false;
            }
        }
        th_shape ts = th_value_shape(inputs[in]);
        if (!th_shape_equal(ts, outputs[out])) {
            char to[160], ti[160];
            th_shape_str(outputs[out], to, sizeof to);
            th_shape_str(ts, ti, sizeof ti);
            th_builder_fail(b, site,
                            "%s: alias %d makes output %d '%s' (%s) reuse operand %d '%s' (%s): the types differ",
                            k->name, i, out, name_at(k->outputs, out), to, in, name_at(k->inputs, in), ti);
            return false;
        }
    }
    return true;
}

static bool check_zeroed(th_builder *b, th_site site, const tl_kernel *k, th_indices z)
{
    if (z.n < 0 || (z.n > 0 && !z.items)) {
        th_builder_fail(b, site, "%s: zeroed_outputs has %d entries and %s items", k->name, z.n,
                        z.items ? "some" : "no");
        return false;
    }
    for (int i = 0; i < z.n; i++) {
        int inout = z.items[i] - k->outputs.n;
        if (inout >= 0 && inout < k->inouts.n) {
            th_builder_fail(b, site,
                            "%s: zeroed_outputs names result %d, the inout '%s': it starts with the caller's "
                            "values, which zeroing would lose (zero the outputs only)",
                            k->name, z.items[i], name_at(k->inouts, inout));
            return false;
        }
        if (z.items[i] < 0 || z.items[i] >= k->outputs.n) {
            th_builder_fail(b, site, "%s: zeroed_outputs names output %d, but the kernel has %d output%s", k->name,
                            z.items[i], k->outputs.n, k->outputs.n == 1 ? "" : "s");
            return false;
        }
        for (int j = 0; j < i; j++) {
            if (z.items[j] == z.items[i]) {
                th_builder_fail(b, site, "%s: zeroed_outputs names output %d twice", k->name, z.items[i]);
                return false;
            }
        }
    }
    return true;
}

/* ---- the kernel's arguments against the tensors -------------------------------------------------- */

/* "inputs x_ptr, y_ptr, then outputs out": the buffers XLA passes. */
static void describe_buffers(const tl_kernel *k, char *buf, size_t size)
{
    char in[256], io[256], out[256];
    join_names(k->inputs.n, k->inputs.names, in, sizeof in);
    join_names(k->inouts.n, k->inouts.names, io, sizeof io);
    join_names(k->outputs.n, k->outputs.names, out, sizeof out);
    if (k->inouts.n)
        snprintf(buf, size, "inputs %s, inouts %s, then outputs %s, then the inouts again", in, io, out);
    else
        snprintf(buf, size, "inputs %s, then outputs %s", in, out);
}

/* What XLA passes at kernel argument i: its role, its name and its tensor. */
static void xla_buffer_at(const tl_kernel *k, int i, const th_value *inputs, const th_shape *outputs, const char **role,
                          const char **name, th_shape *shape)
{
    int nin = k->inputs.n, nio = k->inouts.n, nout = k->outputs.n;
    if (i < nin + nio) {
        *role = i < nin ? "input" : "inout";
        *name = operand_name(k, i);
        *shape = th_value_shape(inputs[i]);
    } else if (i < nin + nio + nout) {
        *role = "output";
        *name = name_at(k->outputs, i - nin - nio);
        *shape = outputs[i - nin - nio];
    } else {
        *role = "the result of inout";
        *name = name_at(k->inouts, i - nin - nio - nout);
        *shape = th_value_shape(inputs[i - nio - nout]);
    }
}

/* Checks the emitted kernel's tt.func arguments against the buffers XLA will pass. */
static bool check_kernel_args(th_builder *b, th_site site, const tl_kernel *k, tl_builder *kb, const th_value *inputs,
                              const th_shape *outputs)
{
    int nbuf = k->inputs.n + 2 * k->inouts.n + k->outputs.n, nargs = tl_builder_nargs(kb);
    tcir_op *func = tl_builder_func(kb);
    tcir_block *entry = func && tcir_op_nregions(func) ? tcir_region_first_block(tcir_op_region(func, 0)) : NULL;
    if (!entry || tcir_block_nargs(entry) != nargs) {
        th_builder_fail(b, site, "%s: cannot read the kernel's arguments", k->name);
        return false;
    }
    if (nargs != nbuf) {
        char bufs[1024];
        describe_buffers(k, bufs, sizeof bufs);
        th_builder_fail(b, site,
                        "kernel %s takes %d argument%s but XLA passes it %d buffer%s (%s) and nothing else: "
                        "declare one pointer argument per input and output, in that order",
                        k->name, nargs, nargs == 1 ? "" : "s", nbuf, nbuf == 1 ? "" : "s", bufs);
        return false;
    }
    tcir_context *kctx = tl_builder_context(kb);
    for (int i = 0; i < nargs; i++) {
        const tcir_type *t = tcir_value_type(tcir_block_arg(entry, i));
        tcir_loc loc = tcir_block_arg_loc(entry, i);
        const char *role, *name;
        th_shape s;
        xla_buffer_at(k, i, inputs, outputs, &role, &name, &s);
        /* "argument 2 (kernels/k.c:14), where XLA passes input 'n'," */
        char arg[400], ty[128], ts[160];
        int n = snprintf(arg, sizeof arg, "kernel %s argument %d", k->name, i);
        if (loc.file && n >= 0 && (size_t)n < sizeof arg)
            n += snprintf(arg + n, sizeof arg - (size_t)n, " (%s:%d)", loc.file, loc.line);
        if (n >= 0 && (size_t)n < sizeof arg)
            snprintf(arg + n, sizeof arg - (size_t)n, ", where XLA passes %s '%s',", role, name);
        tcir_type_str(t, ty, sizeof ty);
        th_shape_str(s, ts, sizeof ts);
        if (!tcir_type_is_ptr(t)) {
            char es[64];
            tcir_type_str(tcir_type_elem(t), es, sizeof es);
            th_builder_fail(b, site,
                            "%s is %s, not a pointer: XLA passes only buffers, so a scalar travels as a 0-d tensor "
                            "(tensor<%s>) that the kernel declares as !tt.ptr<%s> and loads",
                            arg, ty, es, es);
            return false;
        }
        if (tcir_type_pointee(t) != tl_dtype_ir(kctx, s.dtype)) {
            th_builder_fail(b, site, "%s is %s but its tensor is %s: the element types differ", arg, ty, ts);
            return false;
        }
    }
    return true;
}

/* ---- the call ----------------------------------------------------------------------------------- */

static const char *arena_copy(th_builder *b, const char *s) { return tcir_strdup(b->ctx, s, strlen(s)); }

bool th_triton_call_at(th_site site, th_builder *b, const tl_kernel *kernel, const th_value *inputs,
                       const th_shape *outputs, th_call_opts opts, th_value *results)
{
    int nout = kernel ? kernel->outputs.n : 0, nio = kernel ? kernel->inouts.n : 0;
    set_poison(b, nout + nio, results);
    if (!hlo_usable(b))
        return false;
    if (b->returned) {
        th_builder_fail(b, site, "main has already returned (th_return ends the program)");
        return false;
    }
    if (!kernel || !kernel->name) {
        th_builder_fail(b, site, "NULL kernel, or a kernel without a name");
        return false;
    }
    int nin = kernel->inputs.n;
    if (nout + nio < 1 || (nin + nio > 0 && !inputs) || (nout > 0 && !outputs) || !results) {
        th_builder_fail(b, site,
                        "%s: a Triton call needs an output or an inout, and arrays of inputs, outputs and results",
                        kernel->name);
        return false;
    }
    if (!check_inputs(b, site, kernel, inputs) || !check_outputs(b, site, kernel, outputs) ||
        !check_launch(b, site, kernel, &opts) ||
        !check_aliases(b, site, kernel, inputs, outputs, opts.output_operand_aliases) ||
        !check_zeroed(b, site, kernel, opts.zeroed_outputs))
        return false;

    /* The kernel, emitted for this call: its TTIR goes into the call, its IR is checked. */
    char *ttir = NULL, *err = NULL;
    tl_emit_opts eo = {
        .no_locations = opts.no_locations, .debug = opts.debug, .scalars_as_buffers = true, .xla_order = true};
    tl_builder *kb = tl_kernel_build(kernel, opts.cfg, eo, &ttir, &err);
    if (!kb) {
        th_builder_fail(b, site, "kernel %s failed to build: %s", kernel->name, err ? err : "unknown error");
        free(err);
        return false;
    }
    bool ok = check_kernel_args(b, site, kernel, kb, inputs, outputs);
    tl_builder_destroy(kb);
    if (!ok) {
        free(ttir);
        return false;
    }

    hlo_triton_call *call = tcir_alloc(b->ctx, sizeof *call);
    call->name = arena_copy(b, kernel->name);
    call->ir = arena_copy(b, ttir);
    free(ttir);
    for (int i = 0; i < 3; i++)
        call->grid[i] = opts.grid[i] ? opts.grid[i] : 1;
    call->num_warps = opts.num_warps ? opts.num_warps : TRITON_DEFAULT_WARPS;
    call->num_stages = opts.num_stages ? opts.num_stages : TRITON_DEFAULT_STAGES;
    /* the caller's aliases, then each inout's result reusing its operand's buffer */
    int nuser = opts.output_operand_aliases.n;
    call->naliases = nuser + nio;
    if (call->naliases) {
        th_alias *a = tcir_alloc(b->ctx, sizeof *a * (size_t)call->naliases);
        if (nuser)
            memcpy(a, opts.output_operand_aliases.items, sizeof *a * (size_t)nuser);
        for (int j = 0; j < nio; j++)
            a[nuser + j] = (th_alias){.output_index = nout + j, .operand_index = nin + j};
        call->aliases = a;
    }
    call->global_scratch_memory_size = opts.global_scratch_memory_size;
    call->is_tma_allowed = opts.is_tma_allowed;
    call->nzeroed = opts.zeroed_outputs.n;
    if (call->nzeroed) {
        int *z = tcir_alloc(b->ctx, sizeof *z * (size_t)call->nzeroed);
        memcpy(z, opts.zeroed_outputs.items, sizeof *z * (size_t)call->nzeroed);
        call->zeroed = z;
    }
    call->debug = opts.debug;

    int nops = nin + nio, nres = nout + nio;
    int32_t *operands = nops ? tcir_alloc(b->ctx, sizeof *operands * (size_t)nops) : NULL;
    th_shape *shapes = tcir_alloc(b->ctx, sizeof *shapes * (size_t)nres);
    if ((nops && !operands) || !shapes) {
        th_builder_fail(b, site, "out of memory");
        return false;
    }
    for (int i = 0; i < nops; i++)
        operands[i] = inputs[i].id;
    if (!hlo_check_locality(b, site, nops, operands))
        return false;
    for (int i = 0; i < nres; i++)
        shapes[i] = i < nout ? outputs[i] : th_value_shape(inputs[nin + i - nout]);
    hlo_op op = {.kind = TH_OP_TRITON_CALL, .noperands = nops, .operands = operands, .call = call};
    int32_t first = hlo_add_op(b, op, nres, shapes);
    for (int i = 0; i < nres; i++)
        results[i] = (th_value){b, first + i};
    return true;
}
