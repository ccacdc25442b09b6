/* Printing a StableHLO program, as MLIR prints it: StableHLO's pretty form (what jax hands
 * to XLA) or MLIR's generic form.
 *
 * Why not tcir_print: the program is one flat block, but printing it through the IR core
 * would need three hooks in the kernel printer's code (pretty forms in its op table,
 * stablehlo.constant's result names %c / %cst in its numbering pass, and func.func's default
 * dialect that prints func.return as `return`), and StableHLO's unsigned element types
 * (tensor<4xui32>) that the IR core's signless integer types cannot express. This file is
 * smaller than those hooks and keeps the kernel printer free of StableHLO; it borrows the IR
 * core's float text (tcir_float_str) so that constants print digit for digit as MLIR's.
 *
 * Names follow MLIR's SSANameState: parameters are %arg0.., constants %c (integers) or %cst
 * (floats) made unique with _N from one counter, other results %0, %1.. (several results:
 * %3:2, used as %3#1). The generic form numbers every result. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"
#include "base/alloc.h" /* base_strdup */

#define TRITON_TARGET "__gpu$xla.gpu.triton"

/* ---- output ------------------------------------------------------------------------------ */

static void put_type(base_out *o, th_shape s)
{
    char text[256];
    size_t n = th_shape_str(s, text, sizeof text);
    base_out_put(o, text, n < sizeof text ? n : sizeof text - 1);
}

/* ---- names ------------------------------------------------------------------------------- */

typedef struct printer {
    base_out o;
    const th_builder *b;
    bool generic;
    /* Per value (id - 1): its name ("arg0", "cst_1", "4"); the text after '%'. */
    char **names;
    int nnames;
    /* A collective's region numbers its values after main's (MLIR names a nested region's
     * values after its parent's, and each sibling region starts again from there). */
    int region_first_result;
} printer;

static bool name_taken(const printer *p, int upto, const char *s)
{
    for (int i = 0; i < upto; i++)
        if (p->names[i] && strcmp(p->names[i], s) == 0)
            return true;
    return false;
}

/* Names every value; false when out of memory. */
static bool name_values(printer *p)
{
    const th_builder *b = p->b;
    p->names = calloc((size_t)(b->nvals ? b->nvals : 1), sizeof *p->names);
    if (!p->names)
        return false;
    p->nnames = b->nvals;
    int next_id = 0, conflict = 0;
    char buf[48];
    for (int i = 0; i < b->nvals; i++) {
        const hlo_val *v = &b->vals[i];
        const hlo_op *op = v->op >= 0 ? &b->ops[v->op] : NULL;
        if (!op) {
            snprintf(buf, sizeof buf, "arg%d", v->index);
        } else if (!p->generic && op->kind == TH_OP_CONSTANT) {
            /* stablehlo.constant names its result: c for integers (i1 too), cst otherwise. */
            const char *base = tl_dtype_is_int(v->shape.dtype) ? "c" : "cst";
            snprintf(buf, sizeof buf, "%s", base);
            while (name_taken(p, i, buf))
                snprintf(buf, sizeof buf, "%s_%d", base, conflict++);
        } else if (v->index == 0) {
            snprintf(buf, sizeof buf, "%d", next_id++);
        } else {
            /* Every result of an op has its first result's name (%3:2 = ..., used as %3#1). */
            snprintf(buf, sizeof buf, "%s", p->names[i - v->index]);
        }
        if (!(p->names[i] = base_strdup(buf)))
            return false;
    }
    p->region_first_result = next_id;
    return true;
}

/* The name of a use: %arg0, %cst_1, %4, or %3#1 for a result of an op with several. */
static void put_value(printer *p, int32_t id)
{
    base_out_put(&p->o, "%", 1);
    base_out_puts(&p->o, id > 0 && id <= p->nnames ? p->names[id - 1] : "<<UNKNOWN VALUE>>");
    const hlo_val *v = hlo_val_at(p->b, id);
    if (v && v->op >= 0 && p->b->ops[v->op].nresults > 1) {
        base_out_put(&p->o, "#", 1);
        base_out_int(&p->o, v->index);
    }
}

/* The name an op's results are defined under: %3 in %3:2 = ... */
static void put_result_name(printer *p, int32_t id)
{
    base_out_put(&p->o, "%", 1);
    base_out_puts(&p->o, p->names[id - 1]);
}

static th_shape shape_of(const printer *p, int32_t id) { return hlo_val_at(p->b, id)->shape; }

/* "%a, %b" */
static void put_value_list(printer *p, int n, const int32_t *ids)
{
    for (int i = 0; i < n; i++) {
        if (i)
            base_out_puts(&p->o, ", ");
        put_value(p, ids[i]);
    }
}

/* "tensor<4xf32>, tensor<i32>" */
static void put_type_list(printer *p, int n, const int32_t *ids)
{
    for (int i = 0; i < n; i++) {
        if (i)
            base_out_puts(&p->o, ", ");
        put_type(&p->o, shape_of(p, ids[i]));
    }
}

/* %0 = , %3:2 = , or nothing for an op without results. */
static void put_results(printer *p, const hlo_op *op)
{
    if (!op->nresults)
        return;
    put_result_name(p, op->first_result);
    if (op->nresults > 1) {
        base_out_put(&p->o, ":", 1);
        base_out_int(&p->o, op->nresults);
    }
    base_out_puts(&p->o, " = ");
}

static void put_operands(printer *p, const hlo_op *op)
{
    for (int i = 0; i < op->noperands; i++) {
        if (i)
            base_out_puts(&p->o, ", ");
        put_value(p, op->operands[i]);
    }
}

/* T1, T2 (operand types, or result types) */
static void put_operand_types(printer *p, const hlo_op *op)
{
    for (int i = 0; i < op->noperands; i++) {
        if (i)
            base_out_puts(&p->o, ", ");
        put_type(&p->o, shape_of(p, op->operands[i]));
    }
}

/* T, or (T1, T2) for several results, as a function type's results print. */
static void put_result_types(printer *p, int n, const int32_t *ids, int32_t first)
{
    if (n != 1)
        base_out_put(&p->o, "(", 1);
    for (int i = 0; i < n; i++) {
        if (i)
            base_out_puts(&p->o, ", ");
        put_type(&p->o, shape_of(p, ids ? ids[i] : first + i));
    }
    if (n != 1)
        base_out_put(&p->o, ")", 1);
}

/* : (A, B) -> R */
static void put_functional_type(printer *p, const hlo_op *op)
{
    base_out_puts(&p->o, " : (");
    put_operand_types(p, op);
    base_out_puts(&p->o, ") -> ");
    put_result_types(p, op->nresults, NULL, op->first_result);
}

/* ---- attributes ----------------------------------------------------------------------------- */

static tcir_float_kind float_kind(tl_dtype d)
{
    switch (d) {
    case TL_F16: return TCIR_F16;
    case TL_BF16: return TCIR_BF16;
    case TL_F64: return TCIR_F64;
    case TL_FP8E4NV: return TCIR_F8E4M3FN;
    case TL_FP8E5: return TCIR_F8E5M2;
    case TL_FP8E4B8: return TCIR_F8E4M3FNUZ;
    case TL_FP8E5B16: return TCIR_F8E5M2FNUZ;
    case TL_FP8E4B15: return TCIR_F8E4M3B11FNUZ;
    default: return TCIR_F32;
    }
}

/* dense<v> : tensor<...> of a splat constant. */
static void put_dense(printer *p, const hlo_op *op)
{
    th_shape s = shape_of(p, op->first_result);
    base_out_puts(&p->o, "dense<");
    if (op->is_int) {
        unsigned bits = tl_dtype_bits(s.dtype);
        uint64_t mask = bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
        uint64_t u = (uint64_t)op->ival & mask;
        char d[24];
        if (s.dtype == TL_I1)
            snprintf(d, sizeof d, "%s", u ? "true" : "false");
        else if (tl_dtype_is_unsigned(s.dtype))
            snprintf(d, sizeof d, "%" PRIu64, u);
        else /* sign-extended from its width, as MLIR prints a signless integer */
            snprintf(d, sizeof d, "%lld", (long long)op->ival);
        base_out_puts(&p->o, d);
    } else {
        char d[64];
        size_t n = tcir_float_str(op->fval, float_kind(s.dtype), d, sizeof d);
        base_out_put(&p->o, d, n < sizeof d ? n : sizeof d - 1);
    }
    base_out_puts(&p->o, "> : ");
    put_type(&p->o, s);
}

/* dense<[r-1, ..., 0]> : tensor<rxindex>: the row-major layout (minor to major). */
static void put_layout(base_out *o, int rank)
{
    base_out_puts(o, "dense<");
    if (rank > 1)
        base_out_put(o, "[", 1);
    for (int i = rank - 1; i >= 0; i--) {
        base_out_int(o, i);
        if (i)
            base_out_puts(o, ", ");
    }
    if (rank > 1)
        base_out_put(o, "]", 1);
    base_out_puts(o, "> : tensor<");
    base_out_int(o, rank);
    base_out_puts(o, "xindex>");
}

static void put_i32(base_out *o, const char *name, long long v)
{
    base_out_puts(o, name);
    base_out_puts(o, " = ");
    base_out_int(o, v);
    base_out_puts(o, " : i32");
}

/* The call's attributes, sorted by name as MLIR prints a dictionary; call_target_name only
 * in generic form (pretty form writes it as @__gpu$xla.gpu.triton). */
static void put_call_attrs(printer *p, const hlo_op *op)
{
    const hlo_triton_call *c = op->call;
    base_out *o = &p->o;
    put_i32(o, "api_version", 4);
    base_out_puts(o, ", backend_config = {");
    if (c->debug)
        base_out_puts(o, "debug = true, ");
    if (c->global_scratch_memory_size) {
        base_out_puts(o, "global_scratch_memory_size = ");
        base_out_int(o, (long long)c->global_scratch_memory_size);
        base_out_puts(o, " : i64, ");
    }
    put_i32(o, "grid_x", c->grid[0]);
    base_out_puts(o, ", ");
    put_i32(o, "grid_y", c->grid[1]);
    base_out_puts(o, ", ");
    put_i32(o, "grid_z", c->grid[2]);
    base_out_puts(o, ", ir = ");
    base_out_quoted(o, c->ir);
    if (c->is_tma_allowed)
        base_out_puts(o, ", is_tma_allowed = true");
    base_out_puts(o, ", name = ");
    base_out_quoted(o, c->name);
    base_out_puts(o, ", ");
    put_i32(o, "num_stages", c->num_stages);
    base_out_puts(o, ", ");
    put_i32(o, "num_warps", c->num_warps);
    if (c->nzeroed) {
        /* XLA reads these as positions among the kernel's buffer arguments (its operands, then
         * its results), not as result numbers: output j is argument noperands + j. */
        base_out_puts(o, ", zeroed_outputs = [");
        for (int i = 0; i < c->nzeroed; i++) {
            if (i)
                base_out_puts(o, ", ");
            base_out_int(o, op->noperands + c->zeroed[i]);
        }
        base_out_put(o, "]", 1);
    }
    base_out_put(o, "}", 1);
    if (p->generic)
        base_out_puts(o, ", call_target_name = \"" TRITON_TARGET "\"");
    base_out_puts(o, ", operand_layouts = [");
    for (int i = 0; i < op->noperands; i++) {
        if (i)
            base_out_puts(o, ", ");
        put_layout(o, shape_of(p, op->operands[i]).rank);
    }
    base_out_put(o, "]", 1);
    if (c->naliases) {
        base_out_puts(o, ", output_operand_aliases = [");
        for (int i = 0; i < c->naliases; i++) {
            if (i)
                base_out_puts(o, ", ");
            /* With one result the alias names no tuple index: the result is the output. */
            base_out_puts(o, "#stablehlo.output_operand_alias<output_tuple_indices = [");
            if (op->nresults > 1)
                base_out_int(o, c->aliases[i].output_index);
            base_out_puts(o, "], operand_index = ");
            base_out_int(o, c->aliases[i].operand_index);
            base_out_puts(o, ", operand_tuple_indices = []>");
        }
        base_out_put(o, "]", 1);
    }
    base_out_puts(o, ", result_layouts = [");
    for (int i = 0; i < op->nresults; i++) {
        if (i)
            base_out_puts(o, ", ");
        put_layout(o, shape_of(p, op->first_result + i).rank);
    }
    base_out_put(o, "]", 1);
}

/* ---- ops ------------------------------------------------------------------------------------ */

static const char *op_name(hlo_op_kind k)
{
    switch (k) {
    case TH_OP_CONSTANT: return "stablehlo.constant";
    case TH_OP_ADD: return "stablehlo.add";
    case TH_OP_MULTIPLY: return "stablehlo.multiply";
    case TH_OP_MAXIMUM: return "stablehlo.maximum";
    case TH_OP_CONVERT: return "stablehlo.convert";
    case TH_OP_TRITON_CALL: return "stablehlo.custom_call";
    case TH_OP_SHARDING_CALL: return "stablehlo.custom_call";
    case TH_OP_ALL_REDUCE: return "stablehlo.all_reduce";
    case TH_OP_ALL_GATHER: return "stablehlo.all_gather";
    case TH_OP_REDUCE_SCATTER: return "stablehlo.reduce_scatter";
    case TH_OP_ALL_TO_ALL: return "stablehlo.all_to_all";
    }
    return "stablehlo.unknown";
}

/* dense<[[0, 1], [2, 3]]> : tensor<2x2xi64> (a splat, every id equal, as dense<0>). */
static void put_groups(base_out *o, const hlo_collective *c)
{
    int n = c->ngroups * c->group_size;
    bool splat = true;
    for (int i = 1; i < n; i++)
        splat = splat && c->groups[i] == c->groups[0];
    base_out_puts(o, "dense<");
    if (splat) {
        base_out_int(o, c->groups[0]);
    } else {
        base_out_put(o, "[", 1);
        for (int g = 0; g < c->ngroups; g++) {
            base_out_puts(o, g ? ", [" : "[");
            for (int i = 0; i < c->group_size; i++) {
                if (i)
                    base_out_puts(o, ", ");
                base_out_int(o, c->groups[g * c->group_size + i]);
            }
            base_out_put(o, "]", 1);
        }
        base_out_put(o, "]", 1);
    }
    base_out_puts(o, "> : tensor<");
    base_out_int(o, c->ngroups);
    base_out_put(o, "x", 1);
    base_out_int(o, c->group_size);
    base_out_puts(o, "xi64>");
}

/* ", " before every attribute but the first */
static void put_sep(base_out *o, bool *first)
{
    if (!*first)
        base_out_puts(o, ", ");
    *first = false;
}

static void put_i64(base_out *o, bool *first, const char *name, long long v)
{
    put_sep(o, first);
    base_out_puts(o, name);
    base_out_puts(o, " = ");
    base_out_int(o, v);
    base_out_puts(o, " : i64");
}

/* A collective, in the generic form both printers use (StableHLO gives these no pretty form):
 * its properties sorted by name, and for a reduction the region of the reducing op. */
static void print_collective(printer *p, const hlo_op *op)
{
    base_out *o = &p->o;
    const hlo_collective *c = op->collective;
    bool first = true;
    put_results(p, op);
    base_out_put(o, "\"", 1);
    base_out_puts(o, op_name(op->kind));
    base_out_puts(o, "\"(");
    put_operands(p, op);
    base_out_puts(o, ") <{");
    if (op->kind == TH_OP_ALL_GATHER)
        put_i64(o, &first, "all_gather_dim", c->dim);
    put_sep(o, &first);
    base_out_puts(o, "channel_handle = #stablehlo.channel_handle<handle = ");
    base_out_int(o, c->channel);
    base_out_puts(o, ", type = 1>");
    if (op->kind == TH_OP_ALL_TO_ALL)
        put_i64(o, &first, "concat_dimension", c->dim2);
    put_sep(o, &first);
    base_out_puts(o, "replica_groups = ");
    put_groups(o, c);
    if (op->kind == TH_OP_REDUCE_SCATTER)
        put_i64(o, &first, "scatter_dimension", c->dim);
    if (op->kind == TH_OP_ALL_TO_ALL) {
        put_i64(o, &first, "split_count", c->group_size);
        put_i64(o, &first, "split_dimension", c->dim);
    } else {
        put_sep(o, &first);
        base_out_puts(o, "use_global_device_ids");
    }
    base_out_puts(o, "}>");
    if (op->kind == TH_OP_ALL_REDUCE || op->kind == TH_OP_REDUCE_SCATTER) {
        static const char *const reducer[] = {"", "stablehlo.add", "stablehlo.maximum", "stablehlo.minimum"};
        th_shape elem = {shape_of(p, op->operands[0]).dtype, 0, {0}};
        int arg = p->b->nparams, result = p->region_first_result;
        base_out_puts(o, " ({\n    ^bb0(%arg");
        base_out_int(o, arg);
        base_out_puts(o, ": ");
        put_type(o, elem);
        base_out_puts(o, ", %arg");
        base_out_int(o, arg + 1);
        base_out_puts(o, ": ");
        put_type(o, elem);
        base_out_puts(o, "):\n      %");
        base_out_int(o, result);
        base_out_puts(o, " = ");
        if (p->generic) {
            base_out_put(o, "\"", 1);
            base_out_puts(o, reducer[c->reduce]);
            base_out_puts(o, "\"(");
        } else {
            base_out_puts(o, reducer[c->reduce]);
            base_out_put(o, " ", 1);
        }
        base_out_puts(o, "%arg");
        base_out_int(o, arg);
        base_out_puts(o, ", %arg");
        base_out_int(o, arg + 1);
        if (p->generic) {
            base_out_puts(o, ") : (");
            put_type(o, elem);
            base_out_puts(o, ", ");
            put_type(o, elem);
            base_out_puts(o, ") -> ");
        } else {
            base_out_puts(o, " : ");
        }
        put_type(o, elem);
        base_out_puts(o, p->generic ? "\n      \"stablehlo.return\"(%" : "\n      stablehlo.return %");
        base_out_int(o, result);
        base_out_puts(o, p->generic ? ") : (" : " : ");
        put_type(o, elem);
        base_out_puts(o, p->generic ? ") -> ()\n    })" : "\n    })");
    }
    put_functional_type(p, op);
}

/* {mhlo.sharding = "..."}: a sharding call's attribute, a parameter's or a result's. */
static void put_sharding_attr(base_out *o, const char *sharding)
{
    base_out_puts(o, "{mhlo.sharding = ");
    base_out_quoted(o, sharding);
    base_out_put(o, "}", 1);
}

static void print_pretty_op(printer *p, const hlo_op *op)
{
    base_out *o = &p->o;
    if (op->collective) {
        print_collective(p, op);
        return;
    }
    put_results(p, op);
    base_out_puts(o, op_name(op->kind));
    switch (op->kind) {
    case TH_OP_CONSTANT:
        base_out_put(o, " ", 1);
        put_dense(p, op);
        break;
    case TH_OP_ADD:
    case TH_OP_MULTIPLY:
    case TH_OP_MAXIMUM:
        base_out_put(o, " ", 1);
        put_operands(p, op);
        base_out_puts(o, " : ");
        put_type(o, shape_of(p, op->first_result));
        break;
    case TH_OP_CONVERT: {
        /* One type when operand and result agree, else the functional type. */
        th_shape from = shape_of(p, op->operands[0]), to = shape_of(p, op->first_result);
        base_out_put(o, " ", 1);
        put_operands(p, op);
        if (th_shape_equal(from, to)) {
            base_out_puts(o, " : ");
            put_type(o, to);
        } else {
            put_functional_type(p, op);
        }
        break;
    }
    case TH_OP_TRITON_CALL:
        base_out_puts(o, " @" TRITON_TARGET "(");
        put_operands(p, op);
        base_out_puts(o, ") {");
        put_call_attrs(p, op);
        base_out_put(o, "}", 1);
        put_functional_type(p, op);
        break;
    case TH_OP_SHARDING_CALL:
        base_out_puts(o, " @");
        base_out_puts(o, op->target);
        base_out_put(o, "(", 1);
        put_operands(p, op);
        base_out_puts(o, ") ");
        put_sharding_attr(o, op->sharding);
        put_functional_type(p, op);
        break;
    default: break;
    }
}

static void print_generic_op(printer *p, const hlo_op *op)
{
    base_out *o = &p->o;
    if (op->collective) {
        print_collective(p, op);
        return;
    }
    put_results(p, op);
    base_out_put(o, "\"", 1);
    base_out_puts(o, op_name(op->kind));
    base_out_puts(o, "\"(");
    put_operands(p, op);
    base_out_put(o, ")", 1);
    if (op->kind == TH_OP_CONSTANT) {
        base_out_puts(o, " <{value = ");
        put_dense(p, op);
        base_out_puts(o, "}>");
    } else if (op->kind == TH_OP_TRITON_CALL) {
        base_out_puts(o, " <{");
        put_call_attrs(p, op);
        base_out_puts(o, "}>");
    } else if (op->kind == TH_OP_SHARDING_CALL) {
        base_out_puts(o, " <{call_target_name = ");
        base_out_quoted(o, op->target);
        base_out_puts(o, "}> ");
        put_sharding_attr(o, op->sharding);
    }
    put_functional_type(p, op);
}

/* ---- the module ------------------------------------------------------------------------------- */

/* mhlo.num_partitions = N : i32, mhlo.num_replicas = 1 : i32: a program with a mesh. */
static void put_module_attrs(printer *p)
{
    base_out_puts(&p->o, "{mhlo.num_partitions = ");
    base_out_int(&p->o, th_num_devices(p->b));
    base_out_puts(&p->o, " : i32, mhlo.num_replicas = 1 : i32}");
}

static bool any_result_sharding(const th_builder *b)
{
    for (int i = 0; i < b->nresults; i++)
        if (b->result_shardings[i])
            return true;
    return false;
}

/* The results of main's signature: T, (T1, T2), or with shardings (T {mhlo.sharding = ...}, T2). */
static void put_main_results(printer *p)
{
    const th_builder *b = p->b;
    if (!any_result_sharding(b)) {
        put_result_types(p, b->nresults, b->results, 0);
        return;
    }
    base_out_put(&p->o, "(", 1);
    for (int i = 0; i < b->nresults; i++) {
        if (i)
            base_out_puts(&p->o, ", ");
        put_type(&p->o, shape_of(p, b->results[i]));
        if (b->result_shardings[i]) {
            base_out_put(&p->o, " ", 1);
            put_sharding_attr(&p->o, b->result_shardings[i]);
        }
    }
    base_out_put(&p->o, ")", 1);
}

/* arg_attrs = [{mhlo.sharding = ...}, {}], res_attrs = [...]: the generic form's. */
static void put_attr_array(printer *p, const char *name, int n, const int32_t *params, const char *const *results)
{
    base_out_puts(&p->o, name);
    base_out_puts(&p->o, " = [");
    for (int i = 0; i < n; i++) {
        if (i)
            base_out_puts(&p->o, ", ");
        const char *sharding = params ? hlo_val_at(p->b, params[i])->sharding : results[i];
        if (sharding)
            put_sharding_attr(&p->o, sharding);
        else
            base_out_puts(&p->o, "{}");
    }
    base_out_puts(&p->o, "], ");
}

static bool any_param_sharding(const th_builder *b)
{
    for (int i = 0; i < b->nparams; i++)
        if (hlo_val_at(b, b->params[i])->sharding)
            return true;
    return false;
}

/* (A, B) -> R: main's function type. */
static void put_main_type(printer *p)
{
    const th_builder *b = p->b;
    base_out_put(&p->o, "(", 1);
    for (int i = 0; i < b->nparams; i++) {
        if (i)
            base_out_puts(&p->o, ", ");
        put_type(&p->o, shape_of(p, b->params[i]));
    }
    base_out_puts(&p->o, ") -> ");
    put_result_types(p, b->nresults, b->results, 0);
}

static void print_pretty(printer *p)
{
    const th_builder *b = p->b;
    base_out *o = &p->o;
    base_out_puts(o, "module ");
    if (b->name) {
        base_out_put(o, "@", 1);
        base_out_puts(o, b->name);
        base_out_put(o, " ", 1);
    }
    if (b->has_mesh) {
        base_out_puts(o, "attributes ");
        put_module_attrs(p);
        base_out_put(o, " ", 1);
    }
    base_out_puts(o, "{\n  func.func public @main(");
    for (int i = 0; i < b->nparams; i++) {
        if (i)
            base_out_puts(o, ", ");
        put_value(p, b->params[i]);
        base_out_puts(o, ": ");
        put_type(o, shape_of(p, b->params[i]));
        const char *sharding = hlo_val_at(b, b->params[i])->sharding;
        if (sharding) {
            base_out_put(o, " ", 1);
            put_sharding_attr(o, sharding);
        }
    }
    base_out_puts(o, ") -> ");
    put_main_results(p);
    base_out_puts(o, " {\n");
    for (int i = 0; i < b->nops; i++) {
        base_out_puts(o, "    ");
        print_pretty_op(p, &b->ops[i]);
        base_out_put(o, "\n", 1);
    }
    /* func.func's region defaults to the func dialect: func.return prints as `return`. */
    base_out_puts(o, "    return ");
    put_value_list(p, b->nresults, b->results);
    base_out_puts(o, " : ");
    put_type_list(p, b->nresults, b->results);
    base_out_puts(o, "\n  }\n}\n");
}

static void print_generic(printer *p)
{
    const th_builder *b = p->b;
    base_out *o = &p->o;
    base_out_puts(o, "\"builtin.module\"() ");
    if (b->name) {
        base_out_puts(o, "<{sym_name = ");
        base_out_quoted(o, b->name);
        base_out_puts(o, "}> ");
    }
    base_out_puts(o, "({\n  \"func.func\"() <{");
    if (any_param_sharding(b))
        put_attr_array(p, "arg_attrs", b->nparams, b->params, NULL);
    base_out_puts(o, "function_type = ");
    put_main_type(p);
    base_out_puts(o, ", ");
    if (any_result_sharding(b))
        put_attr_array(p, "res_attrs", b->nresults, NULL, b->result_shardings);
    base_out_puts(o, "sym_name = \"main\", sym_visibility = \"public\"}> ({\n");
    if (b->nparams) {
        base_out_puts(o, "  ^bb0(");
        for (int i = 0; i < b->nparams; i++) {
            if (i)
                base_out_puts(o, ", ");
            put_value(p, b->params[i]);
            base_out_puts(o, ": ");
            put_type(o, shape_of(p, b->params[i]));
        }
        base_out_puts(o, "):\n");
    }
    for (int i = 0; i < b->nops; i++) {
        base_out_puts(o, "    ");
        print_generic_op(p, &b->ops[i]);
        base_out_put(o, "\n", 1);
    }
    base_out_puts(o, "    \"func.return\"(");
    put_value_list(p, b->nresults, b->results);
    base_out_puts(o, ") : (");
    put_type_list(p, b->nresults, b->results);
    base_out_puts(o, ") -> ()\n  }) : () -> ()\n})");
    if (b->has_mesh) {
        base_out_put(o, " ", 1);
        put_module_attrs(p);
    }
    base_out_puts(o, " : () -> ()\n");
}

char *th_print_at(th_site site, th_builder *b, th_print_opts opts)
{
    if (!hlo_usable(b))
        return NULL;
    if (!b->returned) {
        th_builder_fail(b, site, "main has no return yet (call th_return first)");
        return NULL;
    }
    printer p = {.b = b, .generic = opts.generic};
    bool named = name_values(&p);
    if (named) {
        if (opts.generic)
            print_generic(&p);
        else
            print_pretty(&p);
    }
    for (int i = 0; i < p.nnames; i++)
        free(p.names[i]);
    free(p.names);
    char *text = named ? base_out_text(&p.o) : NULL;
    if (!text) {
        free(p.o.buf);
        th_builder_fail(b, site, "out of memory");
    }
    return text;
}
