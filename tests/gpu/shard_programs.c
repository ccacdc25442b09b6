/* shard_programs: sharded StableHLO programs of the call layer (tritonc/hlo_shard.h) for
 * tests/gpu/shard_check.py, which compiles each with XLA for several devices (jax's CPU backend
 * with forced host devices: the partitioner and the collectives are XLA's own, no GPU needed)
 * and compares what they compute with numpy.
 *
 *   shard_programs OUTDIR    writes OUTDIR/NAME.mlir for every program below
 *
 * Each program's comment says what it computes; shard_check.py holds the same list with the
 * reference in numpy. Not part of the normal build: shard_check.sh compiles it against the
 * static libraries. */
#include <stdio.h>
#include <stdlib.h>

#include "tritonc/call.h"

typedef th_builder *(*program_fn)(void);

/* x[8,16] split by columns over 4 devices, doubled, all-reduced: sum_k 2 x[:, 4k:4k+4] */
static th_builder *all_reduce_columns(void)
{
    th_builder *b = th_builder_create("all_reduce_columns");
    th_set_mesh(b, TH_MESH(4));
    th_value x = th_parameter_sharded(b, TH_SHAPE(TL_F32, 8, 16), TH_SPLIT(TH_REPLICATED, 0));
    th_value l = th_to_local(x, TH_SPLIT(TH_REPLICATED, 0));
    th_value y = th_multiply(l, th_constant(b, 2.0, th_value_shape(l)));
    th_value s = th_all_reduce(y, TH_REDUCE_SUM, TH_AXES(0));
    th_return(b, th_to_global(s, TH_REPLICATE));
    th_result_sharding(b, 0, TH_REPLICATE);
    return b;
}

/* x[8] split over 4 devices, gathered back: x */
static th_builder *all_gather_back(void)
{
    th_builder *b = th_builder_create("all_gather_back");
    th_set_mesh(b, TH_MESH(4));
    th_value x = th_parameter_sharded(b, TH_SHAPE(TL_F32, 8), TH_SPLIT(0));
    th_value g = th_all_gather(th_to_local(x, TH_SPLIT(0)), 0, TH_AXES(0));
    th_return(b, th_to_global(g, TH_REPLICATE));
    return b;
}

/* x[4,8] on every device, reduce-scattered along columns: 4 x */
static th_builder *reduce_scatter_columns(void)
{
    th_builder *b = th_builder_create("reduce_scatter_columns");
    th_set_mesh(b, TH_MESH(4));
    th_value x = th_parameter_sharded(b, TH_SHAPE(TL_F32, 4, 8), TH_REPLICATE);
    th_value r = th_reduce_scatter(th_to_local(x, TH_REPLICATE), TH_REDUCE_SUM, 1, TH_AXES(0));
    th_return(b, th_to_global(r, TH_SPLIT(TH_REPLICATED, 0)));
    return b;
}

/* x[8,8] split by rows, all-to-all rows to columns: x */
static th_builder *all_to_all_transpose_blocks(void)
{
    th_builder *b = th_builder_create("all_to_all_transpose_blocks");
    th_set_mesh(b, TH_MESH(4));
    th_value x = th_parameter_sharded(b, TH_SHAPE(TL_F32, 8, 8), TH_SPLIT(0, TH_REPLICATED));
    th_value a = th_all_to_all(th_to_local(x, TH_SPLIT(0, TH_REPLICATED)), 1, 0, TH_AXES(0));
    th_return(b, th_to_global(a, TH_SPLIT(TH_REPLICATED, 0)));
    return b;
}

/* x[4,4] on a 2x2 mesh, rows over axis 0 and columns over axis 1: the 2x2 blocks summed along
 * each row of devices (axis 1), then the maximum of those sums over axis 0, on every device:
 * y[2,2] = max_i sum_j x[2i:2i+2, 2j:2j+2] */
static th_builder *mesh_2x2_sum_then_max(void)
{
    th_builder *b = th_builder_create("mesh_2x2_sum_then_max");
    th_set_mesh(b, TH_MESH(2, 2));
    th_value x = th_parameter_sharded(b, TH_SHAPE(TL_F32, 4, 4), TH_SPLIT(0, 1));
    th_value s = th_all_reduce(th_to_local(x, TH_SPLIT(0, 1)), TH_REDUCE_SUM, TH_AXES(1));
    th_value m = th_all_reduce(s, TH_REDUCE_MAX, TH_AXES(0));
    th_return(b, th_to_global(m, TH_REPLICATE));
    return b;
}

static const struct {
    const char *name;
    program_fn make;
} programs[] = {
    {"all_reduce_columns", all_reduce_columns},
    {"all_gather_back", all_gather_back},
    {"reduce_scatter_columns", reduce_scatter_columns},
    {"all_to_all_transpose_blocks", all_to_all_transpose_blocks},
    {"mesh_2x2_sum_then_max", mesh_2x2_sum_then_max},
};

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
        return 2;
    }
    int failed = 0;
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++) {
        th_builder *b = programs[i].make();
        char *text = th_print(b, (th_print_opts){0});
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.mlir", argv[1], programs[i].name);
        FILE *f = text ? fopen(path, "w") : NULL;
        if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
            fprintf(stderr, "%s: %s\n", programs[i].name, text ? "cannot write" : th_builder_error(b));
            failed++;
        } else {
            printf("%s: %d devices\n", programs[i].name, th_num_devices(b));
        }
        free(text);
        th_builder_destroy(b);
    }
    return failed ? 1 : 0;
}
