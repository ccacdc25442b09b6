/* Programs over several devices (include/tritonc/hlo_shard.h): the mesh, shardings as XLA
 * writes them, the manual region's custom calls and the collectives. Printing is in
 * hlo_print.c and hlo_print_shard.c.
 *
 * The sharding text is GSPMD's "V2" tile assignment: the tile array's dimensions are the
 * tensor's shard counts (plus one for the copies when mesh axes go unused, with
 * last_tile_dim_replicate), its devices an iota over the mesh's axes, transposed when the
 * tensor's dimensions take the mesh's axes out of order: "{devices=[1,2,2]<=[2,2]T(1,0)
 * last_tile_dim_replicate}" splits dimension 1 over mesh axis 1 and copies along axis 0. */
#include <stdio.h>
#include <string.h>

#include "hlo/hlo_internal.h"

/* ---- the mesh and shardings ----------------------------------------------------------------- */

static int mesh_size(th_mesh m)
{
    int n = 1;
    for (int i = 0; i < m.rank; i++)
        n *= m.dims[i];
    return n;
}

/* NULL when m is a mesh, else why not. */
static const char *mesh_problem(th_mesh m)
{
    if (m.rank < 1 || m.rank > TH_MAX_MESH_AXES)
        return "a mesh has 1 to 4 axes";
    long long n = 1;
    for (int i = 0; i < m.rank; i++) {
        if (m.dims[i] < 1)
            return "every mesh axis has at least one device";
        n *= m.dims[i];
        if (n > 4096)
            return "a mesh has at most 4096 devices";
    }
    return NULL;
}

/* NULL when s can lay out a tensor of the given rank on m, else why not (in buf). */
static const char *sharding_problem(th_mesh m, int rank, th_sharding s, char *buf, size_t size)
{
    if (s.rank == 0)
        return NULL;
    if (s.rank != rank) {
        snprintf(buf, size, "the sharding names %d dimensions for a tensor of rank %d", s.rank, rank);
        return buf;
    }
    for (int d = 0; d < s.rank; d++) {
        int a = s.axis[d];
        if (a == TH_REPLICATED)
            continue;
        if (a < 0 || a >= m.rank) {
            snprintf(buf, size, "dimension %d names mesh axis %d; the mesh has axes 0 to %d (or TH_REPLICATED)", d, a,
                     m.rank - 1);
            return buf;
        }
        for (int e = 0; e < d; e++)
            if (s.axis[e] == a) {
                snprintf(buf, size, "mesh axis %d splits dimensions %d and %d: an axis splits one dimension", a, e, d);
                return buf;
            }
    }
    return NULL;
}

size_t th_sharding_text(th_mesh m, int rank, th_sharding s, char *buf, size_t size)
{
    char why[128];
    if (mesh_problem(m) || rank < 0 || rank > TH_MAX_RANK || sharding_problem(m, rank, s, why, sizeof why))
        return 0;
    int perm[TH_MAX_MESH_AXES], nperm = 0;
    bool used[TH_MAX_MESH_AXES] = {false};
    for (int d = 0; d < s.rank; d++)
        if (s.axis[d] != TH_REPLICATED) {
            perm[nperm++] = s.axis[d];
            used[s.axis[d]] = true;
        }
    if (nperm == 0)
        return (size_t)snprintf(buf, size, "{replicated}");
    int copies = 1;
    for (int a = 0; a < m.rank; a++)
        if (!used[a]) {
            perm[nperm++] = a;
            copies *= m.dims[a];
        }
    bool identity = true;
    for (int i = 0; i < nperm; i++)
        identity = identity && perm[i] == i;

    char text[512];
    size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(text + n, n < sizeof text ? sizeof text - n : 0, __VA_ARGS__))
    PUT("{devices=[");
    for (int d = 0; d < rank; d++)
        PUT("%s%d", d ? "," : "", s.axis[d] == TH_REPLICATED ? 1 : m.dims[s.axis[d]]);
    if (copies > 1)
        PUT(",%d", copies);
    PUT("]<=[");
    if (identity) {
        PUT("%d]", mesh_size(m));
    } else {
        for (int a = 0; a < m.rank; a++)
            PUT("%s%d", a ? "," : "", m.dims[a]);
        PUT("]T(");
        for (int i = 0; i < nperm; i++)
            PUT("%s%d", i ? "," : "", perm[i]);
        PUT(")");
    }
    if (copies > 1)
        PUT(" last_tile_dim_replicate");
    PUT("}");
#undef PUT
    if (size)
        snprintf(buf, size, "%s", text);
    return n;
}

/* Checks that b has a mesh, recording an error naming what needs it. */
static bool need_mesh(th_builder *b, th_site site)
{
    if (b->has_mesh)
        return true;
    th_builder_fail(b, site, "the program has no mesh (call th_set_mesh first)");
    return false;
}

/* The sharding's text in b's arena, after checking it against shape (and, when divide, that every
 * split dimension divides by its axis' size); NULL with an error recorded. */
static const char *sharding_for(th_builder *b, th_site site, th_shape shape, th_sharding s, bool divide)
{
    char why[160];
    if (sharding_problem(b->mesh, shape.rank, s, why, sizeof why)) {
        th_builder_fail(b, site, "%s", why);
        return NULL;
    }
    for (int d = 0; divide && d < s.rank; d++) {
        int a = s.axis[d];
        if (a != TH_REPLICATED && shape.dims[d] % b->mesh.dims[a] != 0) {
            th_builder_fail(b, site, "dimension %d (%lld) does not divide into mesh axis %d's %d devices", d,
                            (long long)shape.dims[d], a, b->mesh.dims[a]);
            return NULL;
        }
    }
    char text[512];
    size_t n = th_sharding_text(b->mesh, shape.rank, s, text, sizeof text);
    return tcir_strdup(b->ctx, text, n);
}

void th_set_mesh_at(th_site site, th_builder *b, th_mesh mesh)
{
    if (!hlo_usable(b))
        return;
    const char *problem = mesh_problem(mesh);
    if (problem)
        th_builder_fail(b, site, "%s", problem);
    else if (b->has_mesh)
        th_builder_fail(b, site, "the program already has a mesh (th_set_mesh once)");
    else if (b->nparams || b->nops || b->returned)
        th_builder_fail(b, site, "th_set_mesh comes before the program's first parameter or op");
    else {
        b->mesh = mesh;
        b->has_mesh = true;
    }
}

int th_num_devices(const th_builder *b) { return b && b->has_mesh ? mesh_size(b->mesh) : 1; }

th_value th_parameter_sharded_at(th_site site, th_builder *b, th_shape shape, th_sharding s)
{
    th_value poison = {b, -1};
    if (!hlo_usable(b) || !need_mesh(b, site))
        return poison;
    if (hlo_shape_problem(shape))
        return th_parameter_at(site, b, shape); /* which records the shape's problem */
    const char *text = sharding_for(b, site, shape, s, true);
    if (!text)
        return poison;
    th_value v = th_parameter_at(site, b, shape);
    if (!th_value_is_poison(v))
        b->vals[v.id - 1].sharding = text;
    return v;
}

void th_result_sharding_at(th_site site, th_builder *b, int i, th_sharding s)
{
    if (!hlo_usable(b) || !need_mesh(b, site))
        return;
    if (!b->returned) {
        th_builder_fail(b, site, "main has no return yet (th_result_sharding follows th_return)");
        return;
    }
    if (i < 0 || i >= b->nresults) {
        th_builder_fail(b, site, "result %d: main has %d results", i, b->nresults);
        return;
    }
    const char *text = sharding_for(b, site, hlo_val_at(b, b->results[i])->shape, s, true);
    if (text)
        b->result_shardings[i] = text;
}

/* ---- the manual region ------------------------------------------------------------------------ */

static int32_t sharding_call(th_builder *b, const char *target, int32_t operand, const char *sharding, th_shape out,
                             hlo_locality locality)
{
    hlo_op op = {
        .kind = TH_OP_SHARDING_CALL, .noperands = 1, .operands = &operand, .target = target, .sharding = sharding};
    int32_t id = hlo_add_op(b, op, 1, &out);
    b->vals[id - 1].locality = locality;
    return id;
}

/* Checks x for a region call: a usable builder with a mesh, not returned, x one of its values on
 * the side `want` (HLO_EITHER: any). */
static bool region_operand(th_site site, th_value x, hlo_locality want, const char *what)
{
    th_builder *b = x.b;
    if (!hlo_usable(b) || !need_mesh(b, site) || !hlo_check_value(b, site, x, what))
        return false;
    if (b->returned) {
        th_builder_fail(b, site, "main has already returned (th_return ends the program)");
        return false;
    }
    hlo_locality l = hlo_val_at(b, x.id)->locality;
    if (want == HLO_GLOBAL && l == HLO_LOCAL) {
        th_builder_fail(b, site, "%s is already a device's shard", what);
        return false;
    }
    if (want == HLO_LOCAL && l == HLO_GLOBAL) {
        th_builder_fail(b, site, "%s is a whole tensor: this runs on devices' shards (th_to_local first)", what);
        return false;
    }
    return true;
}

th_value th_to_local_at(th_site site, th_value x, th_sharding s)
{
    th_builder *b = x.b;
    th_value poison = {b, -1};
    if (!region_operand(site, x, HLO_GLOBAL, "the operand"))
        return poison;
    th_shape global = th_value_shape(x);
    const char *text = sharding_for(b, site, global, s, true);
    if (!text)
        return poison;
    th_shape local = global;
    for (int d = 0; d < s.rank; d++)
        if (s.axis[d] != TH_REPLICATED)
            local.dims[d] /= b->mesh.dims[s.axis[d]];
    int32_t placed = sharding_call(b, "Sharding", x.id, text, global, HLO_GLOBAL);
    return (th_value){b, sharding_call(b, "SPMDFullToShardShape", placed, "{manual}", local, HLO_LOCAL)};
}

th_value th_to_global_at(th_site site, th_value x, th_sharding s)
{
    th_builder *b = x.b;
    th_value poison = {b, -1};
    if (!region_operand(site, x, HLO_LOCAL, "the operand"))
        return poison;
    th_shape local = th_value_shape(x), global = local;
    const char *text = sharding_for(b, site, local, s, false);
    if (!text)
        return poison;
    for (int d = 0; d < s.rank; d++)
        if (s.axis[d] != TH_REPLICATED)
            global.dims[d] *= b->mesh.dims[s.axis[d]];
    int32_t manual = sharding_call(b, "Sharding", x.id, "{manual}", local, HLO_LOCAL);
    return (th_value){b, sharding_call(b, "SPMDShardToFullShape", manual, text, global, HLO_GLOBAL)};
}

/* ---- collectives -------------------------------------------------------------------------------- */

/* The device groups of a collective over the given mesh axes: devices that differ only along
 * them, each group in row-major order of those axes, groups in row-major order of the others. */
static hlo_collective *groups_for(th_builder *b, th_site site, th_axes axes)
{
    th_mesh m = b->mesh;
    if (axes.n < 1 || axes.n > m.rank) {
        th_builder_fail(b, site, "a collective runs over 1 to %d mesh axes, not %d", m.rank, axes.n);
        return NULL;
    }
    bool over[TH_MAX_MESH_AXES] = {false};
    int group_size = 1;
    for (int i = 0; i < axes.n; i++) {
        int a = axes.items[i];
        if (a < 0 || a >= m.rank) {
            th_builder_fail(b, site, "mesh axis %d: the mesh has axes 0 to %d", a, m.rank - 1);
            return NULL;
        }
        if (over[a]) {
            th_builder_fail(b, site, "mesh axis %d is named twice", a);
            return NULL;
        }
        over[a] = true;
        group_size *= m.dims[a];
    }
    int n = mesh_size(m);
    hlo_collective *c = tcir_alloc(b->ctx, sizeof *c);
    int *groups = tcir_alloc(b->ctx, sizeof *groups * (size_t)n);
    if (!c || !groups) {
        th_builder_fail(b, site, "out of memory");
        return NULL;
    }
    for (int dev = 0; dev < n; dev++) {
        int coord[TH_MAX_MESH_AXES], rest = dev;
        for (int a = m.rank - 1; a >= 0; a--) {
            coord[a] = rest % m.dims[a];
            rest /= m.dims[a];
        }
        int group = 0, pos = 0;
        for (int a = 0; a < m.rank; a++)
            if (!over[a])
                group = group * m.dims[a] + coord[a];
        for (int i = 0; i < axes.n; i++)
            pos = pos * m.dims[axes.items[i]] + coord[axes.items[i]];
        groups[group * group_size + pos] = dev;
    }
    *c = (hlo_collective){
        .ngroups = n / group_size, .group_size = group_size, .groups = groups, .channel = ++b->channels};
    return c;
}

static th_value collective(hlo_op_kind kind, th_value x, hlo_collective *c, th_shape out)
{
    hlo_op op = {.kind = kind, .noperands = 1, .operands = &x.id, .collective = c};
    return (th_value){x.b, hlo_add_op(x.b, op, 1, &out)};
}

static bool check_reduce(th_builder *b, th_site site, th_reduce_op op)
{
    if (op == TH_REDUCE_SUM || op == TH_REDUCE_MAX || op == TH_REDUCE_MIN)
        return true;
    th_builder_fail(b, site, "unknown reduction %d (TH_REDUCE_SUM, TH_REDUCE_MAX or TH_REDUCE_MIN)", (int)op);
    return false;
}

static bool check_dim(th_builder *b, th_site site, th_shape s, int dim, const char *what)
{
    if (dim >= 0 && dim < s.rank)
        return true;
    th_builder_fail(b, site, "%s %d of a tensor of rank %d", what, dim, s.rank);
    return false;
}

static bool check_divides(th_builder *b, th_site site, th_shape s, int dim, int by)
{
    if (s.dims[dim] % by == 0)
        return true;
    th_builder_fail(b, site, "dimension %d (%lld) does not divide into the group's %d devices", dim,
                    (long long)s.dims[dim], by);
    return false;
}

th_value th_all_reduce_at(th_site site, th_value x, th_reduce_op op, th_axes axes)
{
    th_value poison = {x.b, -1};
    if (!region_operand(site, x, HLO_LOCAL, "the operand") || !check_reduce(x.b, site, op))
        return poison;
    hlo_collective *c = groups_for(x.b, site, axes);
    if (!c)
        return poison;
    c->reduce = op;
    return collective(TH_OP_ALL_REDUCE, x, c, th_value_shape(x));
}

th_value th_all_gather_at(th_site site, th_value x, int dim, th_axes axes)
{
    th_value poison = {x.b, -1};
    if (!region_operand(site, x, HLO_LOCAL, "the operand"))
        return poison;
    th_shape s = th_value_shape(x);
    hlo_collective *c = check_dim(x.b, site, s, dim, "all_gather dimension") ? groups_for(x.b, site, axes) : NULL;
    if (!c)
        return poison;
    c->dim = dim;
    s.dims[dim] *= c->group_size;
    return collective(TH_OP_ALL_GATHER, x, c, s);
}

th_value th_reduce_scatter_at(th_site site, th_value x, th_reduce_op op, int dim, th_axes axes)
{
    th_value poison = {x.b, -1};
    if (!region_operand(site, x, HLO_LOCAL, "the operand") || !check_reduce(x.b, site, op))
        return poison;
    th_shape s = th_value_shape(x);
    hlo_collective *c = check_dim(x.b, site, s, dim, "scatter dimension") ? groups_for(x.b, site, axes) : NULL;
    if (!c || !check_divides(x.b, site, s, dim, c->group_size))
        return poison;
    c->reduce = op;
    c->dim = dim;
    s.dims[dim] /= c->group_size;
    return collective(TH_OP_REDUCE_SCATTER, x, c, s);
}

th_value th_all_to_all_at(th_site site, th_value x, int split_dim, int concat_dim, th_axes axes)
{
    th_value poison = {x.b, -1};
    if (!region_operand(site, x, HLO_LOCAL, "the operand"))
        return poison;
    th_shape s = th_value_shape(x);
    if (!check_dim(x.b, site, s, split_dim, "split dimension") ||
        !check_dim(x.b, site, s, concat_dim, "concat dimension"))
        return poison;
    hlo_collective *c = groups_for(x.b, site, axes);
    if (!c || !check_divides(x.b, site, s, split_dim, c->group_size))
        return poison;
    c->dim = split_dim;
    c->dim2 = concat_dim;
    s.dims[split_dim] /= c->group_size;
    s.dims[concat_dim] *= c->group_size;
    return collective(TH_OP_ALL_TO_ALL, x, c, s);
}
