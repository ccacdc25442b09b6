/* The StableHLO programs of `tritonc hlo NAME` (see hlo_programs.h). */
#include "hlo_programs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundled.h"
#include "cli.h" /* cli_cfg_int */
#include "xla_calls.h"

/* The program's launch settings, with the command line's where it gave them. */
static th_call_opts launch_opts(const void *cfg, const hlo_launch *l, th_call_opts o)
{
    o.cfg = cfg;
    for (int i = 0; i < 3; i++)
        if (l->grid[i])
            o.grid[i] = l->grid[i];
    if (l->num_warps)
        o.num_warps = l->num_warps;
    if (l->num_stages)
        o.num_stages = l->num_stages;
    o.no_locations = l->no_locations;
    return o;
}

/* launch_opts for a call of k, --zero-outputs zeroing every output (zeroed[] holds the indices). */
static th_call_opts launch_opts_for(const tl_kernel *k, const void *cfg, const hlo_launch *l, th_call_opts o,
                                    int *zeroed)
{
    o = launch_opts(cfg, l, o);
    if (l->zero_outputs && k->outputs.n > 0 && k->outputs.n <= HLO_MAX_OPERANDS) {
        for (int i = 0; i < k->outputs.n; i++)
            zeroed[i] = i;
        o.zeroed_outputs = (th_indices){k->outputs.n, zeroed};
    }
    return o;
}

/* ---- vector_add_xla: the kernel alone --------------------------------------------------- */

enum { VECTOR_N = 98432 };

static void vector_add_xla_program(th_builder *b, const void *cfg, const hlo_launch *l)
{
    int block = cli_cfg_int(&vector_add_xla_kernel, cfg, "BLOCK_SIZE");
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, VECTOR_N));
    th_value y = th_parameter(b, TH_SHAPE(TL_F32, VECTOR_N));
    th_value n = th_constant(b, VECTOR_N, TH_SHAPE(TL_I32));
    vector_add_xla_kernel_results out =
        th_call(vector_add_xla_kernel, b, (vector_add_xla_kernel_inputs){.x_ptr = x, .y_ptr = y, .n_elements_ptr = n},
                (vector_add_xla_kernel_outputs){.output_ptr = th_value_shape(x)},
                launch_opts(cfg, l, (th_call_opts){.grid = {th_cdiv(VECTOR_N, block)}}));
    th_return(b, out.output_ptr);
}

/* ---- forward: examples/forward.c's program -------------------------------------------- */

/* forward(x, y) = relu(vector_add(x * 2, y)), as examples/forward.c writes it (docs/xla.md). */
static void forward_program(th_builder *b, const void *cfg, const hlo_launch *l)
{
    int block = cli_cfg_int(&vector_add_xla_kernel, cfg, "BLOCK_SIZE");
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, VECTOR_N));
    th_value y = th_parameter(b, TH_SHAPE(TL_F32, VECTOR_N));
    th_value x_pre = th_multiply(x, th_constant(b, 2.0, th_value_shape(x)));
    th_value n = th_constant(b, VECTOR_N, TH_SHAPE(TL_I32));
    vector_add_xla_kernel_results out = th_call(
        vector_add_xla_kernel, b, (vector_add_xla_kernel_inputs){.x_ptr = x_pre, .y_ptr = y, .n_elements_ptr = n},
        (vector_add_xla_kernel_outputs){.output_ptr = th_value_shape(x_pre)},
        launch_opts(cfg, l, (th_call_opts){.grid = {th_cdiv(VECTOR_N, block)}, .num_warps = 4, .num_stages = 2}));
    th_return(b, th_relu(out.output_ptr));
}

/* ---- softmax: a row-wise kernel ----------------------------------------------------------- */

enum { SOFTMAX_ROWS = 128 };

/* softmax over each row of a [128, N_COLS] float32 tensor, one program per row. */
static void softmax_program(th_builder *b, const void *cfg, const hlo_launch *l)
{
    int n_cols = cli_cfg_int(&softmax_xla_kernel, cfg, "N_COLS");
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, SOFTMAX_ROWS, n_cols));
    softmax_xla_kernel_results out = th_call(softmax_xla_kernel, b, (softmax_xla_kernel_inputs){.in_ptr = x},
                                             (softmax_xla_kernel_outputs){.out_ptr = th_value_shape(x)},
                                             launch_opts(cfg, l, (th_call_opts){.grid = {SOFTMAX_ROWS}}));
    th_return(b, out.out_ptr);
}

/* ---- the registry ---------------------------------------------------------------------------- */

static const hlo_program programs[] = {
    {"forward", "the examples' forward (examples/forward.c): relu(vector_add_xla(x * 2, y)) over 98432 float32 values",
     &vector_add_xla_kernel, forward_program},
    {"softmax", "softmax_xla over the rows of a [128, N_COLS] float32 tensor, one program per row", &softmax_xla_kernel,
     softmax_program},
    {"vector_add_xla", "vector_add_xla alone: x + y over 98432 float32 values (n a constant)", &vector_add_xla_kernel,
     vector_add_xla_program},
};

int hlo_program_count(void) { return (int)(sizeof programs / sizeof programs[0]); }

const hlo_program *hlo_program_at(int i) { return i >= 0 && i < hlo_program_count() ? &programs[i] : NULL; }

const hlo_program *hlo_program_find(const char *name)
{
    for (int i = 0; name && i < hlo_program_count(); i++)
        if (strcmp(programs[i].name, name) == 0)
            return &programs[i];
    return NULL;
}

/* ---- any other bundled kernel ------------------------------------------------------------------- */

static tl_dtype dtype_of(const tcir_type *t)
{
    static const tl_dtype floats[] = {[TCIR_F16] = TL_F16,
                                      [TCIR_BF16] = TL_BF16,
                                      [TCIR_F32] = TL_F32,
                                      [TCIR_F64] = TL_F64,
                                      [TCIR_F8E4M3FN] = TL_FP8E4NV,
                                      [TCIR_F8E5M2] = TL_FP8E5,
                                      [TCIR_F8E4M3FNUZ] = TL_FP8E4B8,
                                      [TCIR_F8E5M2FNUZ] = TL_FP8E5B16,
                                      [TCIR_F8E4M3B11FNUZ] = TL_FP8E4B15};
    if (tcir_type_is_float(t))
        return floats[tcir_type_float_kind(t)];
    switch (tcir_type_int_width(t)) {
    case 1: return TL_I1;
    case 8: return TL_I8;
    case 16: return TL_I16;
    case 64: return TL_I64;
    default: return TL_I32;
    }
}

bool hlo_operand_parse(const char *text, hlo_operand *out, char *why, size_t whysize)
{
    const char *eq = strchr(text, '='), *open = eq ? strchr(eq, '[') : NULL;
    size_t len = strlen(text);
    if (!eq || eq == text || (size_t)(eq - text) >= HLO_OPERAND_NAME || !open || len < 2 || text[len - 1] != ']') {
        snprintf(why, whysize, "expected NAME=DTYPE[D0,D1,...], e.g. x_ptr=f32[1024,64]");
        return false;
    }
    memset(out, 0, sizeof *out);
    memcpy(out->name, text, (size_t)(eq - text));
    char dt[32];
    size_t dlen = (size_t)(open - eq - 1);
    if (dlen == 0 || dlen >= sizeof dt) {
        snprintf(why, whysize, "missing or overlong dtype before '['");
        return false;
    }
    memcpy(dt, eq + 1, dlen);
    dt[dlen] = '\0';
    out->shape.dtype = tl_dtype_parse(dt);
    if (out->shape.dtype == TL_DTYPE_INVALID) {
        snprintf(why, whysize, "unknown dtype '%s' (f32, f16, bf16, i32, i64, ...)", dt);
        return false;
    }
    const char *p = open + 1;
    while (*p != ']') {
        char *end;
        long long d = strtoll(p, &end, 10);
        if (end == p || d <= 0 || out->shape.rank == TH_MAX_RANK || (*end != ',' && *end != ']')) {
            snprintf(why, whysize, "dims are positive integers separated by ',' (at most %d)", TH_MAX_RANK);
            return false;
        }
        out->shape.dims[out->shape.rank++] = d;
        p = *end == ',' ? end + 1 : end;
    }
    return true;
}

static const hlo_operand *find_operand(const hlo_launch *l, const char *name)
{
    for (int i = 0; i < l->noperands; i++)
        if (strcmp(l->operands[i].name, name) == 0)
            return &l->operands[i];
    return NULL;
}

/* The tensor XLA passes for the kernel argument `name` of type t: a 0-d tensor for a scalar
 * (the --operand given for it checked by operands_ok). */
static th_shape shape_for(const hlo_launch *l, const char *name, const tcir_type *t)
{
    if (!t)
        return TH_SHAPE(TL_F32, HLO_GENERIC_N);
    if (!tcir_type_is_ptr(t))
        return TH_SHAPE(dtype_of(tcir_type_elem(t)));
    const hlo_operand *o = find_operand(l, name);
    return o ? o->shape : TH_SHAPE(dtype_of(tcir_type_pointee(t)), HLO_GENERIC_N);
}

/* Each --operand names a pointer argument of the kernel built in kb, of its element type (an
 * unsigned type of the same width passes for a signed one); false with the message in why. */
static bool operands_ok(const tl_kernel *k, tl_builder *kb, const hlo_launch *l, char *why, size_t whysize)
{
    for (int i = 0; i < l->noperands; i++) {
        const hlo_operand *o = &l->operands[i];
        const tl_argspec *a = NULL;
        for (int j = 0; j < tl_builder_nargs(kb) && !a; j++)
            if (strcmp(tl_builder_argspec(kb, j)->name, o->name) == 0)
                a = tl_builder_argspec(kb, j);
        if (!a) {
            snprintf(why, whysize, "kernel %s has no argument '%s'", k->name, o->name);
            return false;
        }
        if (a->kind != TL_ARG_PTR) {
            snprintf(why, whysize, "kernel %s's '%s' is not a pointer: XLA passes a scalar as a 0-d tensor of its type",
                     k->name, o->name);
            return false;
        }
        tl_dtype dt = o->shape.dtype;
        if (dt != a->dtype && !(tl_dtype_is_unsigned(dt) && tl_dtype_bits(dt) == tl_dtype_bits(a->dtype))) {
            snprintf(why, whysize, "%s is %s[...], but the kernel's '%s' points to %s", o->name, tl_dtype_name(dt),
                     o->name, tl_dtype_name(a->dtype));
            return false;
        }
    }
    return true;
}

/* The kernel's arguments in XLA's order, scalars as they are declared; NULL when it fails to
 * build (the call, which builds it again, reports it). */
static tl_builder *build_xla_order(const tl_kernel *k, const void *cfg)
{
    return tl_kernel_build(k, cfg, (tl_emit_opts){.no_locations = true, .xla_order = true}, NULL, NULL);
}

bool hlo_operands_check(const tl_kernel *k, const void *cfg, const hlo_launch *l, char *why, size_t whysize)
{
    tl_builder *kb = l->noperands ? build_xla_order(k, cfg) : NULL;
    bool ok = !kb || operands_ok(k, kb, l, why, whysize);
    tl_builder_destroy(kb);
    return ok;
}

void hlo_program_generic(th_builder *b, const tl_kernel *k, const void *cfg, const hlo_launch *l)
{
    /* main's parameters: the .inputs, then the .inouts' initial values; its results: the
     * .outputs, then the .inouts' final values (each aliasing its parameter's buffer) */
    int nin = k->inputs.n, nio = k->inouts.n, nout = k->outputs.n;
    if (nout + nio == 0) {
        th_builder_fail(b, TH_SITE("hlo_program_generic"),
                        "kernel %s has no .outputs and no .inouts: an XLA call needs at least one result, so it "
                        "cannot be called through XLA",
                        k->name);
        return;
    }
    tl_builder *kb = build_xla_order(k, cfg);
    tcir_op *func = tl_builder_func(kb);
    tcir_block *entry = func ? tcir_region_first_block(tcir_op_region(func, 0)) : NULL;
    int nargs = entry ? tcir_block_nargs(entry) : 0;
    char why[256];
    if (kb && !operands_ok(k, kb, l, why, sizeof why)) {
        th_builder_fail(b, TH_SITE("--operand"), "%s", why);
        tl_builder_destroy(kb);
        return;
    }
    th_value *in = calloc((size_t)(nin + nio) + 1, sizeof *in);
    th_shape *out = calloc((size_t)nout + 1, sizeof *out);
    th_value *res = calloc((size_t)(nout + nio) + 1, sizeof *res);
    if (in && out && res) {
        for (int i = 0; i < nin + nio; i++)
            in[i] = th_parameter(b,
                                 shape_for(l, i < nin ? k->inputs.names[i] : k->inouts.names[i - nin],
                                           i < nargs ? tcir_value_type(tcir_block_arg(entry, i)) : NULL));
        for (int i = 0; i < nout; i++)
            out[i] = shape_for(l, k->outputs.names[i],
                               nin + nio + i < nargs ? tcir_value_type(tcir_block_arg(entry, nin + nio + i)) : NULL);
        int zeroed[HLO_MAX_OPERANDS];
        if (th_triton_call_at(TH_SITE("th_triton_call"), b, k, in, out,
                              launch_opts_for(k, cfg, l, (th_call_opts){0}, zeroed), res))
            th_return_at(TH_SITE("th_return"), b, nout + nio, res);
    } else {
        th_builder_fail(b, TH_SITE("hlo_program_generic"), "out of memory");
    }
    free(in);
    free(out);
    free(res);
    tl_builder_destroy(kb);
}

bool hlo_print_xla_map(FILE *f, const tl_kernel *k, const void *cfg, char *why, size_t whysize)
{
    char *err = NULL;
    tl_builder *kb = tl_kernel_build(k, cfg, (tl_emit_opts){.no_locations = true}, NULL, &err);
    if (!kb) {
        snprintf(why, whysize, "%s", err ? err : "unknown error");
        free(err);
        return false;
    }
    int nargs = tl_builder_nargs(kb), nin = k->inputs.n, nio = k->inouts.n;
    for (int i = 0; i < nin + nio + k->outputs.n; i++) {
        const char *role = i < nin ? "input" : i < nin + nio ? "inout" : "output";
        const char *list = i < nin ? "inputs" : i < nin + nio ? "inouts" : "outputs";
        const char *name = i < nin ? k->inputs.names[i]
            : i < nin + nio        ? k->inouts.names[i - nin]
                                   : k->outputs.names[i - nin - nio];
        int at = -1;
        for (int j = 0; j < nargs && at < 0; j++)
            if (strcmp(tl_builder_argspec(kb, j)->name, name) == 0)
                at = j;
        if (at < 0) {
            snprintf(why, whysize, "kernel %s's .%s names '%s', which it does not declare", k->name, list, name);
            tl_builder_destroy(kb);
            return false;
        }
        const tl_argspec *s = tl_builder_argspec(kb, at);
        fprintf(f, "%s %s %d %s %s\n", role, name, at,
                s->kind == TL_ARG_PTR              ? "pointer"
                    : s->kind == TL_ARG_SCALAR     ? "scalar"
                    : s->kind == TL_ARG_TENSORDESC ? "tensordesc"
                                                   : "tensor",
                tl_dtype_name(s->dtype));
    }
    tl_builder_destroy(kb);
    return true;
}
