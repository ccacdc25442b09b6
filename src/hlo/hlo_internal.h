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

/* The longest error message a builder keeps (longer ones are cut). */
enum { TH_ERROR_MAX = 1023 };

typedef enum hlo_op_kind {
    TH_OP_CONSTANT,
    TH_OP_ADD,
    TH_OP_MULTIPLY,
    TH_OP_MAXIMUM,
    TH_OP_CONVERT,
    TH_OP_TRITON_CALL
} hlo_op_kind;

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
} hlo_op;

typedef struct hlo_val {
    th_shape shape;
    int op; /* the defining op's index; -1 for a parameter */
    int index; /* the result's number in its op, or the parameter's number (%argN) */
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
    base_error error; /* cut at TH_ERROR_MAX bytes */
};

/* True when b can take another call: not NULL and not in error. */
bool hlo_usable(const th_builder *b);
/* Checks that v is a value of b (not absent, poison or foreign), recording an error naming
 * `what` otherwise. */
bool hlo_check_value(th_builder *b, th_site site, th_value v, const char *what);
const hlo_val *hlo_val_at(const th_builder *b, int32_t id);
/* Appends an op with one result per shape; returns the first result's id (0 on failure). */
int32_t hlo_add_op(th_builder *b, hlo_op op, int nresults, const th_shape *result_shapes);
/* NULL when the shape is valid, else why not ("rank 9 is over 8", ...). */
const char *hlo_shape_problem(th_shape s);
/* The element type as StableHLO spells it: "f32", "i32", "ui8", "i1", "f8E4M3FN". */
const char *hlo_elem_str(tl_dtype d);

#endif
