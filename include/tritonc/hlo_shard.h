/* tritonc/hlo_shard.h - programs over several devices: a mesh, sharded parameters and results,
 * a manual-sharding region where each device runs a kernel on its own shard, and the
 * collectives between shards (library tritonc_hlo, with hlo.h; docs/xla.md, "Several devices").
 *
 * XLA's partitioner does the work: the program is written over global tensors, each parameter
 * and result says how it lies on the mesh, and th_to_local / th_to_global mark a region of
 * manual sharding (XLA's GSPMD custom calls Sharding, SPMDFullToShardShape and
 * SPMDShardToFullShape, as jax's shard_map lowers). Inside it every value is one device's shard:
 * a Triton call there runs on each device's shard, and the collectives (stablehlo.all_reduce,
 * all_gather, reduce_scatter, all_to_all over mesh axes) exchange shards.
 *
 *     th_builder *b = th_builder_create("tp_layer");
 *     th_set_mesh(b, TH_MESH(2));                                     // 2 devices, one axis
 *     th_value x = th_parameter_sharded(b, TH_SHAPE(TL_F32, 8, 64), TH_SPLIT(TH_REPLICATED, 0));
 *     th_value xl = th_to_local(x, TH_SPLIT(TH_REPLICATED, 0));       // tensor<8x32xf32> per device
 *     th_value partial = ...a kernel call on xl...;                    // tensor<8x16xf32>
 *     th_value sum = th_all_reduce(partial, TH_REDUCE_SUM, TH_AXES(0));
 *     th_value y = th_to_global(sum, TH_REPLICATE);                   // tensor<8x16xf32>, whole
 *     th_return(b, y);
 *
 * Devices are numbered row-major over the mesh's axes (device id = XLA's partition id). A
 * sharding gives, per tensor dimension, the mesh axis that splits it or TH_REPLICATED; mesh
 * axes no dimension uses hold copies. Every misuse (no mesh, a dimension that does not divide, a
 * mesh axis used twice, a collective of a global value, a global and a local value in one op, a
 * local value returned) is one error at the call's line, as in hlo.h.
 */
#ifndef TRITONC_HLO_SHARD_H
#define TRITONC_HLO_SHARD_H

#include "tritonc/hlo.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { TH_MAX_MESH_AXES = 4 };

/* The devices as an array of 1 to TH_MAX_MESH_AXES axes: TH_MESH(2) is two devices, TH_MESH(2, 4)
 * eight in two rows of four (devices 0-3 on row 0). */
typedef struct th_mesh {
    int rank;
    int dims[TH_MAX_MESH_AXES];
} th_mesh;
#define TH_MESH(...) (TLX_TH_LIT(th_mesh){TLX_TH_COUNT(int, __VA_ARGS__), {__VA_ARGS__}})

/* How one tensor lies on the mesh: axis[d] is the mesh axis splitting dimension d into equal
 * shards, or TH_REPLICATED (every device along the mesh's axes holds that dimension whole).
 * rank 0 (TH_REPLICATE) is a whole copy on every device, whatever the tensor's rank. */
enum { TH_REPLICATED = -1 };
typedef struct th_sharding {
    int rank;
    int axis[TH_MAX_RANK];
} th_sharding;
#define TH_SPLIT(...) (TLX_TH_LIT(th_sharding){TLX_TH_COUNT(int, __VA_ARGS__), {__VA_ARGS__}})
#define TH_REPLICATE (TLX_TH_LIT(th_sharding){0, {0}})

/* Mesh axes a collective runs over: TH_AXES(0), TH_AXES(0, 1). */
typedef struct th_axes {
    int n;
    int items[TH_MAX_MESH_AXES];
} th_axes;
#define TH_AXES(...) (TLX_TH_LIT(th_axes){TLX_TH_COUNT(int, __VA_ARGS__), {__VA_ARGS__}})

typedef enum th_reduce_op { TH_REDUCE_SUM = 1, TH_REDUCE_MAX, TH_REDUCE_MIN } th_reduce_op;

/* The program's mesh, once, before any parameter: `mhlo.num_partitions` on the module. */
TRITONC_API void th_set_mesh_at(th_site site, th_builder *b, th_mesh mesh);
#define th_set_mesh(b, mesh) th_set_mesh_at(TH_SITE("th_set_mesh"), (b), (mesh))
/* The program's device count: the mesh's size, 1 without a mesh (or for NULL). */
TRITONC_API int th_num_devices(const th_builder *b);

/* The next parameter of main, of the global shape, laid out on the mesh by s. */
TRITONC_API th_value th_parameter_sharded_at(th_site site, th_builder *b, th_shape shape, th_sharding s);
#define th_parameter_sharded(b, shape, s) th_parameter_sharded_at(TH_SITE("th_parameter_sharded"), (b), (shape), (s))
/* Result i of main (after th_return) laid out on the mesh by s; a result without one is left
 * to XLA's propagation. */
TRITONC_API void th_result_sharding_at(th_site site, th_builder *b, int i, th_sharding s);
#define th_result_sharding(b, i, s) th_result_sharding_at(TH_SITE("th_result_sharding"), (b), (i), (s))

/* The shard of a global value each device holds under s: a local value, each split dimension
 * divided by its mesh axis' size (which must divide it). */
TRITONC_API th_value th_to_local_at(th_site site, th_value global, th_sharding s);
#define th_to_local(x, s) th_to_local_at(TH_SITE("th_to_local"), (x), (s))
/* The global value whose shards are the local value's, laid out by s (each split dimension
 * multiplied by its mesh axis' size; with TH_REPLICATE every device's shard must be the same). */
TRITONC_API th_value th_to_global_at(th_site site, th_value local, th_sharding s);
#define th_to_global(x, s) th_to_global_at(TH_SITE("th_to_global"), (x), (s))

/* Collectives of a local value among the devices that differ only along the given mesh axes
 * (each axis once). Same element type; shapes: all_reduce keeps it, all_gather multiplies
 * dimension dim by the group's size, reduce_scatter divides it (it must divide), all_to_all
 * splits split_dim into the group's size pieces, sends piece j to the group's j-th device and
 * concatenates what it receives along concat_dim. */
TRITONC_API th_value th_all_reduce_at(th_site site, th_value x, th_reduce_op op, th_axes axes);
TRITONC_API th_value th_all_gather_at(th_site site, th_value x, int dim, th_axes axes);
TRITONC_API th_value th_reduce_scatter_at(th_site site, th_value x, th_reduce_op op, int dim, th_axes axes);
TRITONC_API th_value th_all_to_all_at(th_site site, th_value x, int split_dim, int concat_dim, th_axes axes);
#define th_all_reduce(x, op, axes) th_all_reduce_at(TH_SITE("th_all_reduce"), (x), (op), (axes))
#define th_all_gather(x, dim, axes) th_all_gather_at(TH_SITE("th_all_gather"), (x), (dim), (axes))
#define th_reduce_scatter(x, op, dim, axes) th_reduce_scatter_at(TH_SITE("th_reduce_scatter"), (x), (op), (dim), (axes))
#define th_all_to_all(x, split_dim, concat_dim, axes)                                                                  \
    th_all_to_all_at(TH_SITE("th_all_to_all"), (x), (split_dim), (concat_dim), (axes))

/* XLA's text of a sharding of a tensor of the given rank on the mesh ("{devices=[2,1]<=[2]}",
 * "{replicated}", "{devices=[1,2,2]<=[2,2]T(1,0) last_tile_dim_replicate}"), into buf (size
 * bytes, NUL-terminated); returns the length it needs, or 0 for a sharding the mesh cannot take. */
TRITONC_API size_t th_sharding_text(th_mesh mesh, int rank, th_sharding s, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
