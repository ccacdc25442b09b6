/* Programs, pointers and memory: tt.get_program_id, tt.addptr, loads, stores and atomics, with
 * the bounds checker.
 *
 * A pointer element is a buffer number (argument i + 1; 0 for an address no argument holds)
 * in its top 16 bits and a signed 48-bit byte offset below. Each masked-in lane of a load,
 * store or atomic must touch bytes inside its buffer, else the op fails naming the program and
 * the lane, before anything of it is written. Lanes run in order (a store to one address from
 * two lanes leaves the later lane's value); atomics apply lane by lane, programs one after
 * another, so they see each other in program order. */
#include <inttypes.h>
#include <string.h>

#include "interp/interp_internal.h"


size_t interp_elem_bytes(const tcir_type *t)
{
    if (tcir_type_is_ptr(t))
        return 8;
    unsigned w = interp_width(t);
    return w < 8 ? 1 : w / 8;
}

static interp_tensor *result(interp_run *r, tcir_op *op)
{
    return interp_new(r, tcir_value_type(tcir_op_result(op, 0)));
}
static interp_tensor *operand(interp_run *r, tcir_op *op, int i) { return interp_get(r, tcir_op_operand(op, i)); }

TI_HANDLER(interp_op_program_id)
{
    interp_tensor *t = result(r, op);
    if (!t)
        return false;
    int64_t axis = interp_attr_int(op, "axis", 0);
    if (axis < 0 || axis > 2) {
        interp_unref(t);
        return interp_fail(r, op, "axis %" PRId64 " out of range", axis);
    }
    bool num = tcir_op_opcode(op) == TCIR_OPC_TT_GET_NUM_PROGRAMS;
    t->d[0] = num ? r->ip->grid[axis] : r->pid[axis];
    return interp_set(r, tcir_op_result(op, 0), t);
}

TI_HANDLER(interp_op_addptr)
{
    interp_tensor *p = operand(r, op, 0), *off = operand(r, op, 1), *t = result(r, op);
    if (!t)
        return false;
    size_t size = interp_elem_bytes(tcir_type_pointee(t->elem));
    unsigned w = interp_width(off->elem);
    for (int64_t i = 0; i < t->n; i++) {
        uint64_t q = p->d[i];
        int64_t o = (int64_t)((uint64_t)interp_ptr_offset(q) + (uint64_t)interp_sext(off->d[i], w) * size);
        t->d[i] = interp_ptr_make(interp_ptr_buf(q), o);
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

static uint64_t address_of(const tc_interp *ip, uint64_t p)
{
    unsigned b = interp_ptr_buf(p);
    uint64_t base = b >= 1 && b <= (unsigned)ip->nargs ? (uint64_t)(uintptr_t)ip->args[b - 1].base : 0;
    return base + (uint64_t)interp_ptr_offset(p);
}

TI_HANDLER(interp_op_ptr_to_int)
{
    interp_tensor *p = operand(r, op, 0), *t = result(r, op);
    if (!t)
        return false;
    for (int64_t i = 0; i < t->n; i++)
        t->d[i] = interp_mask(address_of(r->ip, p->d[i]), interp_width(t->elem));
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* An address inside (or one past) a bound buffer points into it; any other has no buffer. */
TI_HANDLER(interp_op_int_to_ptr)
{
    interp_tensor *a = operand(r, op, 0), *t = result(r, op);
    if (!t)
        return false;
    for (int64_t i = 0; i < t->n; i++) {
        uint64_t addr = a->d[i];
        t->d[i] = interp_ptr_make(0, (int64_t)addr);
        for (int k = 0; k < r->ip->nargs; k++) {
            const interp_buffer *b = &r->ip->args[k];
            uint64_t base = (uint64_t)(uintptr_t)b->base;
            if (interp_has_buffer(b) && b->base && addr >= base && addr - base <= b->extent) {
                t->d[i] = interp_ptr_make((unsigned)k + 1, (int64_t)(addr - base));
                break;
            }
        }
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* ---- the bounds checker ------------------------------------------------------------------------ */

static bool out_of_bounds(interp_run *r, tcir_op *op, const interp_tensor *ptrs, int64_t lane, size_t bytes,
                          const char *why)
{
    char where[160] = "";
    if (ptrs->rank >= 2) {
        int64_t idx[TCIR_MAX_RANK], rest = lane;
        for (int d = ptrs->rank - 1; d >= 0; d--) {
            idx[d] = rest % ptrs->dims[d];
            rest /= ptrs->dims[d];
        }
        size_t n = (size_t)snprintf(where, sizeof where, " (index [");
        for (int d = 0; d < ptrs->rank && n < sizeof where; d++)
            n += (size_t)snprintf(where + n, sizeof where - n, "%s%" PRId64, d ? ", " : "", idx[d]);
        if (n < sizeof where)
            snprintf(where + n, sizeof where - n, "])");
    }
    return interp_fail(r, op, "out of bounds: program (%u, %u, %u), lane %" PRId64 "%s: %zu bytes at %s", r->pid[0],
                       r->pid[1], r->pid[2], lane, where, bytes, why);
}

/* Where lane's element lies, or NULL (error recorded) when it is outside its buffer. */
static unsigned char *locate(interp_run *r, tcir_op *op, const interp_tensor *ptrs, int64_t lane, size_t bytes)
{
    uint64_t p = ptrs->d[lane];
    unsigned b = interp_ptr_buf(p);
    int64_t off = interp_ptr_offset(p);
    char why[128];
    if (b == 0 || b > (unsigned)r->ip->nargs || !interp_has_buffer(&r->ip->args[b - 1])) {
        snprintf(why, sizeof why, "address 0x%" PRIx64 ", in no argument's buffer", (uint64_t)off);
        out_of_bounds(r, op, ptrs, lane, bytes, why);
        return NULL;
    }
    const interp_buffer *buf = &r->ip->args[b - 1];
    if (off < 0 || (uint64_t)off > buf->extent || buf->extent - (uint64_t)off < bytes) {
        snprintf(why, sizeof why, "byte offset %" PRId64 " of argument %u (a %zu-byte buffer)", off, b - 1,
                 buf->extent);
        out_of_bounds(r, op, ptrs, lane, bytes, why);
        return NULL;
    }
    return buf->base + off;
}

static bool lane_on(const interp_tensor *mask, int64_t lane) { return !mask || (interp_lane(mask, lane) & 1); }

/* Checks every masked-in lane first, so that a failing op touches nothing. */
static bool check_all(interp_run *r, tcir_op *op, const interp_tensor *ptrs, const interp_tensor *mask, size_t bytes)
{
    for (int64_t i = 0; i < ptrs->n; i++)
        if (lane_on(mask, i) && !locate(r, op, ptrs, i, bytes))
            return false;
    return true;
}

static uint64_t read_elem(const unsigned char *p, size_t bytes, bool is_bool)
{
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    switch (bytes) {
    case 1: memcpy(&u8, p, 1); return is_bool ? u8 != 0 : u8;
    case 2: memcpy(&u16, p, 2); return u16;
    case 4: memcpy(&u32, p, 4); return u32;
    default: memcpy(&u64, p, 8); return u64;
    }
}

static void write_elem(unsigned char *p, size_t bytes, uint64_t v)
{
    uint8_t u8 = (uint8_t)v;
    uint16_t u16 = (uint16_t)v;
    uint32_t u32 = (uint32_t)v;
    switch (bytes) {
    case 1: memcpy(p, &u8, 1); break;
    case 2: memcpy(p, &u16, 2); break;
    case 4: memcpy(p, &u32, 4); break;
    default: memcpy(p, &v, 8); break;
    }
}

/* A pointer element read from memory is an address: it is mapped back to a buffer. */
static uint64_t loaded_pointer(const tc_interp *ip, uint64_t addr)
{
    for (int k = 0; k < ip->nargs; k++) {
        const interp_buffer *b = &ip->args[k];
        uint64_t base = (uint64_t)(uintptr_t)b->base;
        if (interp_has_buffer(b) && b->base && addr >= base && addr - base <= b->extent)
            return interp_ptr_make((unsigned)k + 1, (int64_t)(addr - base));
    }
    return interp_ptr_make(0, (int64_t)addr);
}

bool interp_load_into(interp_run *r, tcir_op *op, const interp_tensor *ptrs, const interp_tensor *mask,
                      const tcir_type *elem, const interp_tensor *other, uint64_t fill, interp_tensor *t)
{
    size_t bytes = interp_elem_bytes(elem);
    bool is_bool = tcir_type_is_int(elem) && tcir_type_int_width(elem) == 1;
    if (!check_all(r, op, ptrs, mask, bytes))
        return false;
    for (int64_t i = 0; i < t->n; i++) {
        if (!lane_on(mask, i)) {
            t->d[i] = other ? interp_lane(other, i) : fill;
            continue;
        }
        uint64_t v = read_elem(locate(r, op, ptrs, i, bytes), bytes, is_bool);
        t->d[i] = tcir_type_is_ptr(elem) ? loaded_pointer(r->ip, v) : v;
    }
    return true;
}

bool interp_store_from(interp_run *r, tcir_op *op, const interp_tensor *ptrs, const interp_tensor *mask,
                       const tcir_type *elem, const interp_tensor *val)
{
    size_t bytes = interp_elem_bytes(elem);
    if (!check_all(r, op, ptrs, mask, bytes))
        return false;
    for (int64_t i = 0; i < ptrs->n; i++) {
        if (!lane_on(mask, i))
            continue;
        uint64_t v = interp_lane(val, i);
        write_elem(locate(r, op, ptrs, i, bytes), bytes, tcir_type_is_ptr(elem) ? address_of(r->ip, v) : v);
    }
    return true;
}

static bool is_block_pointer(const interp_tensor *ptrs)
{
    return tcir_type_is_ptr(ptrs->elem) && tcir_type_is_tensor(tcir_type_pointee(ptrs->elem));
}

/* tt.load ptr[, mask[, other]]: a masked-off lane gives other, or 0 without one. */
TI_HANDLER(interp_op_load)
{
    int n = tcir_op_noperands(op);
    interp_tensor *ptrs = operand(r, op, 0), *mask = n > 1 ? operand(r, op, 1) : NULL;
    interp_tensor *other = n > 2 ? operand(r, op, 2) : NULL;
    if (is_block_pointer(ptrs))
        return interp_block_load(r, op, ptrs);
    interp_tensor *t = result(r, op);
    if (!t)
        return false;
    if (!interp_load_into(r, op, ptrs, mask, tcir_type_pointee(ptrs->elem), other, 0, t)) {
        interp_unref(t);
        return false;
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* tt.store ptr, value[, mask]. */
TI_HANDLER(interp_op_store)
{
    interp_tensor *ptrs = operand(r, op, 0), *val = operand(r, op, 1);
    interp_tensor *mask = tcir_op_noperands(op) > 2 ? operand(r, op, 2) : NULL;
    if (is_block_pointer(ptrs))
        return interp_block_store(r, op, ptrs, val);
    return interp_store_from(r, op, ptrs, mask, tcir_type_pointee(ptrs->elem), val);
}

/* ---- atomics ----------------------------------------------------------------------------------- */

static uint64_t rmw(const char *kind, uint64_t old, uint64_t v, const tcir_type *elem, bool *ok)
{
    unsigned w = interp_width(elem);
    *ok = true;
    if (strcmp(kind, "fadd") == 0)
        return interp_fencode(interp_fdecode(old, elem) + interp_fdecode(v, elem), elem, false);
    if (strcmp(kind, "exch") == 0)
        return v;
    if (!tcir_type_is_int(elem)) {
        *ok = false;
        return old;
    }
    int64_t so = interp_sext(old, w), sv = interp_sext(v, w);
    if (strcmp(kind, "add") == 0)
        return interp_mask(old + v, w);
    if (strcmp(kind, "and") == 0)
        return old & v;
    if (strcmp(kind, "or") == 0)
        return old | v;
    if (strcmp(kind, "xor") == 0)
        return old ^ v;
    if (strcmp(kind, "max") == 0)
        return so > sv ? old : v;
    if (strcmp(kind, "min") == 0)
        return so < sv ? old : v;
    if (strcmp(kind, "umax") == 0)
        return old > v ? old : v;
    if (strcmp(kind, "umin") == 0)
        return old < v ? old : v;
    *ok = false;
    return old;
}

/* tt.atomic_rmw ptr, val[, mask]: each masked-in lane in turn; the result is the old value
 * (0 in a masked-off lane). */
TI_HANDLER(interp_op_atomic_rmw)
{
    interp_tensor *ptrs = operand(r, op, 0), *val = operand(r, op, 1);
    interp_tensor *mask = tcir_op_noperands(op) > 2 ? operand(r, op, 2) : NULL;
    const char *kind = interp_attr_keyword(op, "atomic_rmw_op");
    const tcir_type *elem = tcir_type_pointee(ptrs->elem);
    size_t bytes = interp_elem_bytes(elem);
    if (!kind)
        return interp_fail(r, op, "no atomic_rmw_op");
    if (!check_all(r, op, ptrs, mask, bytes))
        return false;
    interp_tensor *t = result(r, op);
    if (!t)
        return false;
    for (int64_t i = 0; i < ptrs->n; i++) {
        if (!lane_on(mask, i))
            continue;
        unsigned char *p = locate(r, op, ptrs, i, bytes);
        uint64_t old = read_elem(p, bytes, false);
        bool ok;
        uint64_t nv = rmw(kind, old, interp_lane(val, i), elem, &ok);
        if (!ok) {
            interp_unref(t);
            return interp_fail(r, op, "atomic '%s' on this type is not supported", kind);
        }
        write_elem(p, bytes, nv);
        t->d[i] = old;
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* tt.atomic_cas ptr, cmp, val: writes val where the old bits equal cmp's; gives the old value. */
TI_HANDLER(interp_op_atomic_cas)
{
    interp_tensor *ptrs = operand(r, op, 0), *cmp = operand(r, op, 1), *val = operand(r, op, 2);
    size_t bytes = interp_elem_bytes(tcir_type_pointee(ptrs->elem));
    if (!check_all(r, op, ptrs, NULL, bytes))
        return false;
    interp_tensor *t = result(r, op);
    if (!t)
        return false;
    for (int64_t i = 0; i < ptrs->n; i++) {
        unsigned char *p = locate(r, op, ptrs, i, bytes);
        uint64_t old = read_elem(p, bytes, false);
        if (old == interp_lane(cmp, i))
            write_elem(p, bytes, interp_lane(val, i));
        t->d[i] = old;
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}
