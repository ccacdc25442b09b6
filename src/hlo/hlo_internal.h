/* Private: what the call layer's files (src/hlo/) share.
 *
 * A program is one flat list of ops in main's only block, so it is kept as two arrays: the
 * values (parameters first, then op results) and the ops, in order. Everything lives in the
 * builder's own tcir_context arena and goes with it. */
#ifndef TRITONC_HLO_INTERNAL_H
#define TRITONC_HLO_INTERNAL_H

#include "base/error.h"
#include "base/out.h"
#include "tritonc/hlo.h"
#include "tritonc/hlo_shard.h"

/* The longest error message a builder keeps (longer ones are cut). */
enum { TH_ERROR_MAX = 1023 };

typedef enum hlo_op_kind {
    TH_OP_CONSTANT,
    TH_OP_ADD,
    TH_OP_MULTIPLY,
    TH_OP_MAXIMUM,
    TH_OP_CONVERT,
    TH_OP_TRITON_CALL,
    /* several devices (hlo_shard.c): */
    TH_OP_SHARDING_CALL, /* stablehlo.custom_call @Sharding / @SPMDFullToShardShape / ... */
    TH_OP_ALL_REDUCE,
    TH_OP_ALL_GATHER,
    TH_OP_REDUCE_SCATTER,
    TH_OP_ALL_TO_ALL
} hlo_op_kind;

/* Where a value lives once a mesh is set: the whole tensor (global), one device's shard inside a
 * manual region (local), or either (a constant: XLA gives it the sharding of its uses). */
typedef enum hlo_locality { HLO_GLOBAL, HLO_LOCAL, HLO_EITHER } hlo_locality;

/* A collective's attributes: the reduction, the dimensions, the device groups. */
typedef struct hlo_collective {
    th_reduce_op reduce; /* all_reduce, reduce_scatter */
    int dim; /* all_gather_dim, scatter_dimension, split_dimension */
    int dim2; /* all_to_all's concat_dimension */
    int ngroups, group_size;
    const int *groups; /* ngroups x group_size device ids, row-major */
    int channel; /* channel_handle's handle: 1, 2, ... in program order */
} hlo_collective;

/* Everything the backend_config and the other attributes of one Triton call need. */
typedef struct hlo_triton_call {
    const char *name; /* the tt.func symbol */
    const char *ir; /* the kernel's TTIR */
    int grid[3];
    int num_warps, num_stages;
    int naliases;
    const th_alias *aliases;
    int64_t global_scratch_memory_size;
    bool is_tma_allowed;
    int nzeroed;
    const int *zeroed;
    bool debug;
} hlo_triton_call;

typedef struct hlo_op {
    hlo_op_kind kind;
    int noperands;
    const int32_t *operands; /* value ids */
    int nresults;
    int32_t first_result; /* results are values first_result .. first_result + nresults - 1 */
    /* TH_OP_CONSTANT: the splat value, integral (is_int) or not. */
    bool is_int;
    long long ival;
    double fval;
    const hlo_triton_call *call; /* TH_OP_TRITON_CALL */
    const char *target; /* TH_OP_SHARDING_CALL: call_target_name */
    const char *sharding; /* TH_OP_SHARDING_CALL: its mhlo.sharding text */
    const hlo_collective *collective; /* TH_OP_ALL_* , TH_OP_REDUCE_SCATTER */
} hlo_op;

typedef struct hlo_val {
    th_shape shape;
    int op; /* the defining op's index; -1 for a parameter */
    int index; /* the result's number in its op, or the parameter's number (%argN) */
    hlo_locality locality;
    const char *sharding; /* a parameter's mhlo.sharding text, or NULL */
} hlo_val;

struct th_builder {
    tcir_context *ctx; /* the arena */
    const char *name; /* the module's symbol, or NULL */
    hlo_val *vals; /* vals[id - 1] */
    int nvals, vals_cap;
    int32_t *params; /* main's parameters (value ids), in order */
    int nparams, params_cap;
    hlo_op *ops;
    int nops, ops_cap;
    int32_t *results; /* main's results (value ids), once returned */
    int nresults;
    bool returned;
    const char **result_shardings; /* per result: mhlo.sharding text or NULL (NULL: none set) */
    bool has_mesh; /* th_set_mesh was called */
    th_mesh mesh;
    int channels; /* collectives so far (their channel handles are 1..channels) */
    base_error error; /* cut at TH_ERROR_MAX bytes */
};

/* True when b can take another call: not NULL and not in error. */
bool hlo_usable(const th_builder *b);
/* Checks that v is a value of b (not absent, poison or foreign), recording an error naming
 * `what` otherwise. */
bool hlo_check_value(th_builder *b, th_site site, th_value v, const char *what);
const hlo_val *hlo_val_at(const th_builder *b, int32_t id);
/* Appends an op with one result per shape; returns the first result's id (0 on failure). Its
 * results are local when an operand is, global otherwise (a constant's: either). */
int32_t hlo_add_op(th_builder *b, hlo_op op, int nresults, const th_shape *result_shapes);
/* With a mesh: false (and an error at site) when the operands mix a local and a global value. */
bool hlo_check_locality(th_builder *b, th_site site, int n, const int32_t *ids);
/* NULL when the shape is valid, else why not ("rank 9 is over 8", ...). */
const char *hlo_shape_problem(th_shape s);
/* The element type as StableHLO spells it: "f32", "i32", "ui8", "i1", "f8E4M3FN". */
const char *hlo_elem_str(tl_dtype d);

#endif
