/* The interpreter's API (tritonc/interp.h): creating it over a function, binding arguments,
 * running the grid program by program, and the sticky error. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/tma_layout.h"
#include "interp/interp_internal.h"

/* ---- errors ----------------------------------------------------------------------------------- */

/* "FILE:LINE: op: text" where the op has a location, else "tc_interp: op: text" or
 * "tc_interp: text"; the text is cut to 511 bytes and the line to 767. */
bool interp_failv(tc_interp *ip, tcir_op *op, const char *fmt, va_list ap)
{
    if (base_error_is_set(&ip->error))
        return false;
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    tcir_loc loc = op ? tcir_op_loc(op) : (tcir_loc){0};
    if (op && loc.file)
        base_error_set(&ip->error, (tl_site){.file = loc.file, .line = loc.line, .func = tcir_op_name(op)}, "%s", msg);
    else if (op)
        base_error_set(&ip->error, BASE_ERROR_BARE_SITE, "tc_interp: %s: %s", tcir_op_name(op), msg);
    else
        base_error_set(&ip->error, BASE_ERROR_BARE_SITE, "tc_interp: %s", msg);
    return false;
}

static bool fail(tc_interp *ip, tcir_op *op, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    interp_failv(ip, op, fmt, ap);
    va_end(ap);
    return false;
}

bool interp_fail(interp_run *r, tcir_op *op, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    interp_failv(r->ip, op, fmt, ap);
    va_end(ap);
    return false;
}

bool interp_libdevice_unsupported(interp_run *r, tcir_op *op, const char *sym, int nargs)
{
    return interp_fail(r, op, "libdevice function '%s' of these %d argument types is not supported by the interpreter",
                       sym, nargs);
}

bool interp_interp_oom(tc_interp *ip)
{
    /* Short enough for the record itself: recorded without allocating. */
    base_error_set(&ip->error, BASE_ERROR_BARE_SITE, "tc_interp: out of memory");
    return false;
}

bool interp_oom(interp_run *r) { return interp_interp_oom(r->ip); }

bool tc_interp_failed(const tc_interp *ip) { return !ip || base_error_is_set(&ip->error); }

const char *tc_interp_error(const tc_interp *ip)
{
    if (!ip)
        return "tc_interp: NULL interpreter";
    return base_error_text(&ip->error);
}

/* ---- creating: number the values, find every op's handler ------------------------------------ */

static bool number_region(tc_interp *ip, tcir_region *reg);

static bool number_value(tc_interp *ip, tcir_value *v)
{
    return interp_map_put(&ip->ids, v, ip->nslots++) || interp_interp_oom(ip);
}

static bool number_op(tc_interp *ip, tcir_op *op)
{
    if (!interp_handler_of(tcir_op_opcode(op)))
        return fail(ip, op, "op not supported by the interpreter");
    for (int i = 0; i < tcir_op_nresults(op); i++)
        if (!number_value(ip, tcir_op_result(op, i)))
            return false;
    for (int i = 0; i < tcir_op_nregions(op); i++)
        if (!number_region(ip, tcir_op_region(op, i)))
            return false;
    return true;
}

static bool number_region(tc_interp *ip, tcir_region *reg)
{
    for (tcir_block *b = tcir_region_first_block(reg); b; b = tcir_block_next(b)) {
        for (int i = 0; i < tcir_block_nargs(b); i++)
            if (!number_value(ip, tcir_block_arg(b, i)))
                return false;
        for (tcir_op *op = tcir_block_first(b); op; op = tcir_op_next(op))
            if (!number_op(ip, op))
                return false;
    }
    return true;
}

static tcir_op *find_func(const tcir_op *op)
{
    if (!op)
        return NULL;
    if (tcir_op_opcode(op) == TCIR_OPC_TT_FUNC)
        return (tcir_op *)op;
    if (tcir_op_opcode(op) != TCIR_OPC_BUILTIN_MODULE || tcir_op_nregions(op) < 1)
        return NULL;
    tcir_block *b = tcir_region_first_block(tcir_op_region((tcir_op *)op, 0));
    for (tcir_op *o = b ? tcir_block_first(b) : NULL; o; o = tcir_op_next(o))
        if (tcir_op_opcode(o) == TCIR_OPC_TT_FUNC)
            return o;
    return NULL;
}

/* Host descriptor argument i: Triton's JIT follows it with its shape (rank i32) and strides
 * (rank i64), which it binds too. Returns the index of its last part. */
static int desc_parts(tc_interp *ip, tcir_block *entry, int i)
{
    int rank = tcir_type_rank(tcir_type_desc_block(tcir_value_type(tcir_block_arg(entry, i))));
    bool parts = rank >= 1 && rank <= 5 && i + 2 * rank < ip->nargs;
    for (int j = 0; parts && j < 2 * rank; j++)
        parts = tcir_type_int_width(tcir_value_type(tcir_block_arg(entry, i + 1 + j))) == (j < rank ? 32u : 64u);
    ip->args[i].is_desc = true;
    if (!parts) {
        fail(ip, ip->func,
             "argument %d, a host tensor descriptor of rank %d, is not followed by its shape (%d i32) and strides (%d "
             "i64), as Triton's JIT passes them",
             i, rank, rank, rank);
        return i;
    }
    for (int j = 1; j <= 2 * rank; j++)
        ip->args[i + j].part_of = i;
    return i + 2 * rank;
}

tc_interp *tc_interp_create(const tcir_op *func)
{
    tc_interp *ip = base_calloc(1, sizeof *ip);
    if (!ip)
        return NULL;
    base_error_init(&ip->error, 767);
    ip->grid[0] = ip->grid[1] = ip->grid[2] = 1;
    ip->print = stdout;
    ip->func = find_func(func);
    if (!ip->func) {
        if (func)
            fail(ip, NULL, "'%s' is neither a tt.func nor a module holding one", tcir_op_name(func));
        else
            fail(ip, NULL, "NULL function");
        return ip;
    }
    tcir_block *entry = tcir_op_nregions(ip->func) ? tcir_region_first_block(tcir_op_region(ip->func, 0)) : NULL;
    if (!entry) {
        fail(ip, ip->func, "the function has no body");
        return ip;
    }
    ip->nargs = tcir_block_nargs(entry);
    ip->args = base_calloc((size_t)(ip->nargs ? ip->nargs : 1), sizeof *ip->args);
    if (!ip->args) {
        interp_interp_oom(ip);
        return ip;
    }
    for (int i = 0; i < ip->nargs; i++)
        ip->args[i].part_of = -1;
    for (int i = 0; i < ip->nargs; i++) {
        const tcir_type *t = tcir_value_type(tcir_block_arg(entry, i));
        ip->args[i].is_ptr = tcir_type_is_ptr(t);
        if (tcir_type_is_tensor(t))
            fail(ip, ip->func, "argument %d is a tensor: not supported by the interpreter", i);
        else if (tcir_type_get_kind(t) == TCIR_TYPE_TENSORDESC)
            i = desc_parts(ip, entry, i);
    }
    number_region(ip, tcir_op_region(ip->func, 0));
    return ip;
}

void tc_interp_destroy(tc_interp *ip)
{
    if (!ip)
        return;
    interp_map_free(&ip->ids);
    free(ip->args);
    base_error_clear(&ip->error);
    free(ip);
}

int tc_interp_nargs(const tc_interp *ip) { return ip ? ip->nargs : 0; }

/* ---- binding -------------------------------------------------------------------------------- */

static const tcir_type *arg_type(tc_interp *ip, int i)
{
    return tcir_value_type(tcir_block_arg(tcir_region_first_block(tcir_op_region(ip->func, 0)), i));
}

typedef enum bind_kind { BIND_SCALAR, BIND_PTR, BIND_DESC } bind_kind;

static bool bindable(tc_interp *ip, int i, bind_kind want, const char *fn)
{
    if (tc_interp_failed(ip))
        return false;
    if (i < 0 || i >= ip->nargs)
        return fail(ip, NULL, "%s: argument %d out of range (the kernel has %d)", fn, i, ip->nargs);
    const interp_buffer *a = &ip->args[i];
    if (a->part_of >= 0)
        return fail(ip, NULL,
                    "%s: argument %d is the shape or a stride of host tensor descriptor argument %d, which "
                    "tc_interp_bind_tensordesc binds with it",
                    fn, i, a->part_of);
    bind_kind has = a->is_ptr ? BIND_PTR : a->is_desc ? BIND_DESC : BIND_SCALAR;
    if (has == want)
        return true;
    if (has == BIND_DESC)
        return fail(ip, NULL, "%s: argument %d is a host tensor descriptor (bind it with tc_interp_bind_tensordesc)",
                    fn, i);
    if (want == BIND_DESC)
        return fail(ip, NULL, "%s: argument %d is %s, not a host tensor descriptor", fn, i,
                    has == BIND_PTR ? "a pointer" : "a scalar");
    return fail(ip, NULL, "%s: argument %d is %s", fn, i, want == BIND_PTR ? "not a pointer" : "a pointer");
}

void tc_interp_bind_ptr(tc_interp *ip, int i, void *base, size_t extent)
{
    if (!bindable(ip, i, BIND_PTR, "tc_interp_bind_ptr"))
        return;
    if (!base && extent)
        extent = 0;
    if (extent >= (size_t)1 << (TI_PTR_OFFSET_BITS - 1)) {
        fail(ip, NULL, "tc_interp_bind_ptr: argument %d: extent of %zu bytes is too large", i, extent);
        return;
    }
    ip->args[i].base = base;
    ip->args[i].extent = extent;
    ip->args[i].bound = true;
}

void tc_interp_bind_int(tc_interp *ip, int i, int64_t v)
{
    if (!bindable(ip, i, BIND_SCALAR, "tc_interp_bind_int"))
        return;
    const tcir_type *t = arg_type(ip, i);
    if (tcir_type_is_float(t)) {
        ip->args[i].scalar = interp_fencode((double)v, t, false);
    } else {
        unsigned w = interp_width(t);
        ip->args[i].scalar = w == 1 ? (v != 0) : interp_mask((uint64_t)v, w);
    }
    ip->args[i].bound = true;
}

void tc_interp_bind_float(tc_interp *ip, int i, double v)
{
    if (!bindable(ip, i, BIND_SCALAR, "tc_interp_bind_float"))
        return;
    const tcir_type *t = arg_type(ip, i);
    if (!tcir_type_is_float(t)) {
        fail(ip, NULL, "tc_interp_bind_float: argument %d is not a float", i);
        return;
    }
    ip->args[i].scalar = interp_fencode(v, t, false);
    ip->args[i].bound = true;
}

/* The checks of Triton's TensorDescriptor and of the launcher (base_tma_layout_ok, as
 * src/cuda/tensordesc.c checks them), and the bounds of the buffer; false after the error. */
static bool desc_ok(tc_interp *ip, int i, const tc_interp_tensordesc *d, const tcir_type *block)
{
    const char *fn = "tc_interp_bind_tensordesc";
    const tcir_type *elem = tcir_type_elem(block);
    int rank = tcir_type_rank(block);
    uint64_t eb = interp_elem_bytes(elem);
    if (!d)
        return fail(ip, NULL, "%s: argument %d: NULL descriptor", fn, i);
    if (d->rank != rank)
        return fail(ip, NULL, "%s: argument %d is a tensor descriptor of rank %d: got rank %d", fn, i, rank, d->rank);
    char why[192];
    if (!base_tma_layout_ok(rank, (uint64_t)(uintptr_t)d->base, d->shape, d->strides, (int64_t)eb, d->nan_padding,
                            tcir_type_is_float(elem), NULL, why, sizeof why))
        return fail(ip, NULL, "%s: argument %d: %s", fn, i, why);
    /* The end of the last element, in bytes from base (saturated: a term is below 2^71). */
    uint64_t end = eb;
    for (int j = 0; j < rank; j++) {
        uint64_t k = (uint64_t)(d->shape[j] - 1), step = (uint64_t)d->strides[j] * eb;
        end = k && step > (UINT64_MAX - end) / k ? UINT64_MAX : end + k * step;
    }
    if (!d->base || end > d->extent)
        return fail(ip, NULL,
                    "%s: argument %d: the tensor described needs %" PRIu64 " bytes from base (its last element's end), "
                    "its buffer has %zu",
                    fn, i, end, d->base ? d->extent : (size_t)0);
    if (d->extent >= (size_t)1 << (TI_PTR_OFFSET_BITS - 1))
        return fail(ip, NULL, "%s: argument %d: extent of %zu bytes is too large", fn, i, d->extent);
    return true;
}

void tc_interp_bind_tensordesc(tc_interp *ip, int i, const tc_interp_tensordesc *d)
{
    if (!bindable(ip, i, BIND_DESC, "tc_interp_bind_tensordesc"))
        return;
    const tcir_type *block = tcir_type_desc_block(arg_type(ip, i));
    if (!desc_ok(ip, i, d, block))
        return;
    int rank = d->rank;
    interp_buffer *a = &ip->args[i];
    a->base = d->base;
    a->extent = d->extent;
    for (int j = 0; j < rank; j++) {
        a->desc[1 + j] = (uint64_t)d->shape[j];
        a->desc[1 + rank + j] = (uint64_t)d->strides[j];
        ip->args[i + 1 + j].scalar = interp_mask((uint64_t)d->shape[j], 32);
        ip->args[i + 1 + rank + j].scalar = (uint64_t)d->strides[j];
        ip->args[i + 1 + j].bound = ip->args[i + 1 + rank + j].bound = true;
    }
    a->desc[1 + 2 * rank] = d->nan_padding ? 2 : 1;
    a->bound = true;
}

void tc_interp_set_grid(tc_interp *ip, unsigned x, unsigned y, unsigned z)
{
    if (tc_interp_failed(ip))
        return;
    if (!x || !y || !z) {
        fail(ip, NULL, "tc_interp_set_grid: grid (%u, %u, %u) has an empty axis", x, y, z);
        return;
    }
    ip->grid[0] = x, ip->grid[1] = y, ip->grid[2] = z;
}

void tc_interp_set_step_limit(tc_interp *ip, uint64_t steps)
{
    if (ip)
        ip->step_limit = steps;
}

void tc_interp_set_print_stream(tc_interp *ip, FILE *f)
{
    if (ip)
        ip->print = f;
}

bool tc_interp_launch_args(tc_interp *ip, tc_interp_grid grid, int nargs, const tc_interp_arg *args)
{
    if (tc_interp_failed(ip))
        return false;
    int takes = 0; /* the launch form's arguments: a descriptor's shape and strides go with it */
    for (int i = 0; i < ip->nargs; i++)
        takes += ip->args[i].part_of < 0;
    if (nargs != takes || (nargs && !args))
        return fail(ip, NULL, "tc_interp_launch: %d arguments given, the kernel takes %d", nargs, takes);
    for (int i = 0, at = 0; i < nargs; i++, at++) {
        while (ip->args[at].part_of >= 0)
            at++;
        switch (args[i].kind) {
        case TC_INTERP_ARG_PTR: tc_interp_bind_ptr(ip, at, args[i].base, args[i].extent); break;
        case TC_INTERP_ARG_INT: tc_interp_bind_int(ip, at, args[i].i); break;
        case TC_INTERP_ARG_FLOAT: tc_interp_bind_float(ip, at, args[i].f); break;
        case TC_INTERP_ARG_DESC: tc_interp_bind_tensordesc(ip, at, args[i].desc); break;
        default: return fail(ip, NULL, "tc_interp_launch: argument %d has no kind", i);
        }
    }
    tc_interp_set_grid(ip, grid.x, grid.y, grid.z);
    return tc_interp_run(ip);
}

/* ---- running -------------------------------------------------------------------------------- */

interp_tensor *interp_get(interp_run *r, tcir_value *v)
{
    int slot = interp_map_get(&r->ip->ids, v);
    return slot >= 0 ? r->slots[slot] : NULL;
}

bool interp_set(interp_run *r, tcir_value *v, interp_tensor *t)
{
    if (!t)
        return false;
    int slot = interp_map_get(&r->ip->ids, v);
    if (slot < 0) {
        interp_unref(t);
        return false;
    }
    interp_unref(r->slots[slot]);
    r->slots[slot] = t;
    return true;
}

/* tt.return, scf.yield, scf.condition, cf.br, cf.cond_br, tt.reduce.return, tt.scan.return:
 * the op table's terminators. */
static bool is_terminator(int opcode) { return (tcir_opcode_flags(opcode) & TCIR_OPF_TERMINATOR) != 0; }

bool interp_run_block(interp_run *r, tcir_block *b, int nargs, interp_tensor *const *args)
{
    if (nargs != tcir_block_nargs(b))
        return interp_fail(r, tcir_block_first(b), "block given %d arguments, it takes %d", nargs, tcir_block_nargs(b));
    for (int i = 0; i < nargs; i++) /* all first: a slot rebound below may hold a later argument */
        interp_ref(args[i]);
    for (int i = 0; i < nargs; i++)
        interp_set(r, tcir_block_arg(b, i), args[i]);
    r->term = NULL;
    for (tcir_op *op = tcir_block_first(b); op; op = tcir_op_next(op)) {
        int opcode = tcir_op_opcode(op);
        /* A block of no op but its terminator counts that as a step: a loop whose body does
         * nothing still meets the limit. */
        bool empty = is_terminator(opcode) && op == tcir_block_first(b);
        if (is_terminator(opcode) && !empty) {
            r->term = op;
            return true;
        }
        if (r->ip->step_limit && ++r->steps > r->ip->step_limit)
            return interp_fail(r, op, "step limit of %llu ops reached in program (%u, %u, %u)",
                               (unsigned long long)r->ip->step_limit, r->pid[0], r->pid[1], r->pid[2]);
        if (empty) {
            r->term = op;
            return true;
        }
        for (int i = 0; i < tcir_op_noperands(op); i++)
            if (!interp_get(r, tcir_op_operand(op, i)))
                return interp_fail(r, op, "operand %d has no value", i);
        if (!interp_handler_of(opcode)(r, op) || tc_interp_failed(r->ip))
            return false;
    }
    return interp_fail(r, NULL, "a block ends without a terminator");
}

bool interp_run_region(interp_run *r, tcir_region *reg, int nargs, interp_tensor *const *args)
{
    tcir_block *b = tcir_region_first_block(reg);
    enum { MAX_BRANCH_ARGS = 64 };
    interp_tensor *next[MAX_BRANCH_ARGS];
    while (b) {
        if (!interp_run_block(r, b, nargs, args))
            return false;
        tcir_op *t = r->term;
        int opcode = tcir_op_opcode(t);
        tcir_block *to;
        int first;
        if (opcode == TCIR_OPC_CF_BR) {
            to = tcir_op_successor(t, 0);
            first = 0;
        } else if (opcode == TCIR_OPC_CF_COND_BR) {
            bool c = interp_get(r, tcir_op_operand(t, 0))->d[0] & 1;
            tcir_block *tb = tcir_op_successor(t, 0);
            to = c ? tb : tcir_op_successor(t, 1);
            first = c ? 1 : 1 + tcir_block_nargs(tb);
        } else {
            return true;
        }
        int n = tcir_block_nargs(to);
        if (n > MAX_BRANCH_ARGS || first + n > tcir_op_noperands(t))
            return interp_fail(r, t, "branch to a block of %d arguments: not supported", n);
        for (int i = 0; i < n; i++)
            if (!(next[i] = interp_get(r, tcir_op_operand(t, first + i))))
                return interp_fail(r, t, "operand %d has no value", first + i);
        b = to;
        nargs = n;
        args = next;
    }
    return interp_fail(r, NULL, "a region without blocks");
}

static bool run_program(interp_run *r)
{
    tc_interp *ip = r->ip;
    tcir_block *entry = tcir_region_first_block(tcir_op_region(ip->func, 0));
    interp_tensor *args[256] = {NULL};
    int n = ip->nargs;
    if (n > 256)
        return fail(ip, ip->func, "more than 256 arguments");
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        const tcir_type *t = tcir_value_type(tcir_block_arg(entry, i));
        const interp_buffer *a = &ip->args[i];
        /* a descriptor: the value tt.make_tensor_descriptor makes (eval_blockptr.c) */
        int64_t dn = 2 + 2 * (int64_t)(a->is_desc ? tcir_type_rank(tcir_type_desc_block(t)) : 0);
        args[i] = a->is_desc ? interp_new_shape(r, t, 1, &dn) : interp_new(r, t);
        if (!args[i]) {
            n = i;
            ok = false;
            break;
        }
        if (a->is_desc)
            memcpy(args[i]->d, a->desc, (size_t)dn * sizeof a->desc[0]);
        args[i]->d[0] = a->is_ptr || a->is_desc ? interp_ptr_make((unsigned)i + 1, 0) : a->scalar;
    }
    if (ok)
        ok = interp_run_region(r, tcir_op_region(ip->func, 0), n, args);
    for (int i = 0; i < n; i++)
        interp_unref(args[i]);
    if (ok && tcir_op_opcode(r->term) != TCIR_OPC_TT_RETURN)
        return fail(ip, r->term, "the function ends in %s, not tt.return", tcir_op_name(r->term));
    return ok;
}

bool tc_interp_run(tc_interp *ip)
{
    if (tc_interp_failed(ip))
        return false;
    for (int i = 0; i < ip->nargs; i++)
        if (!ip->args[i].bound && ip->args[i].is_desc)
            return fail(ip, NULL, "argument %d, a host tensor descriptor, is not bound (tc_interp_bind_tensordesc)", i);
        else if (!ip->args[i].bound)
            return fail(ip, NULL, "argument %d is not bound", i);
    interp_run r = {.ip = ip};
    r.slots = base_calloc((size_t)(ip->nslots ? ip->nslots : 1), sizeof *r.slots);
    if (!r.slots)
        return interp_interp_oom(ip);
    bool ok = true;
    for (unsigned z = 0; z < ip->grid[2] && ok; z++)
        for (unsigned y = 0; y < ip->grid[1] && ok; y++)
            for (unsigned x = 0; x < ip->grid[0] && ok; x++) {
                r.pid[0] = x, r.pid[1] = y, r.pid[2] = z;
                ok = run_program(&r);
                for (int i = 0; i < ip->nslots; i++) {
                    interp_unref(r.slots[i]);
                    r.slots[i] = NULL;
                }
            }
    free(r.slots);
    return ok && !tc_interp_failed(ip);
}
