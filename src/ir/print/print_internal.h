/* Private: what the printer's files (print*.c), their scratch memory (scratch.c) and the
 * verifier share. Everything here reads the IR through include/tritonc/ir.h only, so the
 * printer does not depend on how the core stores ops (inline.h inlines the field accessors,
 * with the API's names). */
#ifndef TRITONC_IR_PRINT_INTERNAL_H
#define TRITONC_IR_PRINT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ir/inline.h"
#include "base/out.h"
#include "ir/registry.h"
#include "tritonc/ir.h"

/* ---- scratch memory of one print or verify call ------------------------------------- */

/* What a print or verify call builds (arrays, maps) lives in chunks freed together at the
 * end: a call makes a malloc or two, not one per array and per growth. Growing an array
 * moves it to fresh space; the old space goes back with the rest. */
typedef struct print_scratch_chunk print_scratch_chunk;
typedef struct print_scratch {
    print_scratch_chunk *chunks;
    bool oom; /* an allocation failed */
} print_scratch;

/* size bytes, 16-byte aligned, not cleared; NULL (and s->oom) on allocation failure. */
void *print_scratch_alloc(print_scratch *s, size_t size);
/* Makes the array *arr of *cap elements of elem bytes hold at least need (64 at first,
 * doubling); false on allocation failure. */
bool print_scratch_grow(print_scratch *s, void **arr, size_t *cap, size_t need, size_t elem);
void print_scratch_free(print_scratch *s);

/* ---- a map from pointers to small integers (open addressing, linear probing) ------- */

typedef struct print_pmap_slot {
    const void *key; /* NULL: empty */
    int32_t val;
} print_pmap_slot;

typedef struct print_pmap {
    print_pmap_slot *slots; /* in scratch memory */
    size_t cap, count; /* cap is 0 or a power of two; at most half full */
} print_pmap;

/* Sets key -> val (adds or replaces). On allocation failure sets s->oom and does nothing. */
void print_pmap_put(print_scratch *s, print_pmap *m, const void *key, int32_t val);

static inline size_t print_pmap_hash(const void *key, size_t mask)
{
    uint64_t x = (uint64_t)(uintptr_t)key;
    x ^= x >> 17;
    x *= 0x9E3779B97F4A7C15u;
    return (size_t)(x >> 32) & mask;
}

/* Returns true and the value when key is present. Inline: the printer asks once for every
 * use of a value or a type. */
static inline bool print_pmap_get(const print_pmap *m, const void *key, int32_t *val)
{
    if (!m->cap || !key)
        return false;
    for (size_t mask = m->cap - 1, i = print_pmap_hash(key, mask); m->slots[i].key; i = (i + 1) & mask) {
        if (m->slots[i].key == key) {
            *val = m->slots[i].val;
            return true;
        }
    }
    return false;
}

/* ---- a map from serial numbers (tcir_op_serial...) to small integers: a dense array ---- */

/* Faster than hashing the pointers, and compact: at 100,000 ops the hashed map's probes were
 * cache misses that grew with the kernel. A key of serial 0 (a context past 2^32 - 1 serials)
 * goes to the spill map by its pointer. Values are >= 0; a slot holds its value plus one, 0
 * when unset, so that a slot is 4 bytes: the array is cleared as it grows, and a kernel's
 * serials count its ops, values and blocks. */
typedef struct print_smap {
    uint32_t *slots; /* in scratch memory, indexed by serial */
    size_t cap;
    print_pmap spill;
} print_smap;

/* print_smap_put's path for a serial past the array (or 0). */
void print_smap_put_slow(print_scratch *s, print_smap *m, uint32_t serial, const void *key, int32_t val);

/* Sets key (of that serial) -> val (>= 0). On allocation failure sets s->oom and does nothing.
 * Inline: the printer's numbering and the verifier's walk put one per op. */
static inline void print_smap_put(print_scratch *s, print_smap *m, uint32_t serial, const void *key, int32_t val)
{
    if (serial && serial < m->cap)
        m->slots[serial] = (uint32_t)val + 1;
    else
        print_smap_put_slow(s, m, serial, key, val);
}

static inline bool print_smap_get(const print_smap *m, uint32_t serial, const void *key, int32_t *val)
{
    if (!serial)
        return print_pmap_get(&m->spill, key, val);
    if (serial >= m->cap || !m->slots[serial])
        return false;
    *val = (int32_t)(m->slots[serial] - 1);
    return true;
}

/* strcmp(a, b) == 0, first bytes compared inline: names compared mostly differ there. */
static inline bool print_str_eq(const char *a, const char *b) { return a[0] == b[0] && strcmp(a, b) == 0; }

/* ---- op classification shared by the printer and the verifier -------------------- */

/* Texts the printer keeps in its own pools (type texts, SSA names, op names) are followed by
 * at least TCIR_SLACK readable bytes, so that a short one is copied with one fixed-size
 * memcpy, which compilers inline, instead of a call for a few bytes. */
enum { TCIR_SLACK = 32 };

/* The printer's text of a registered opcode's name (print_opcodes.c, from ops.h); unregistered
 * ops (opcode 0) have an empty one. */
typedef struct print_opinfo {
    char name[TCIR_SLACK]; /* the op name, NUL-padded: a text for print_out_pooled */
    uint8_t len; /* strlen(name) */
} print_opinfo;
extern const print_opinfo print_opinfo_of[TCIR_OPC_COUNT];

/* The flags of op's opcode (registry.h's table, read inline). */
static inline unsigned print_op_flags(const tcir_op *op) { return tcir_opcode_flags(tcir_op_opcode(op)); }

/* Ops that end a block: those flagged TCIR_OPF_TERMINATOR (tt.return, cf.br, scf.yield, ...)
 * and any op with successors. */
static inline bool print_op_is_terminator(const tcir_op *op)
{
    return tcir_op_nsuccessors(op) > 0 || (print_op_flags(op) & TCIR_OPF_TERMINATOR);
}
/* The integer value of an INT/BOOL attribute as its type's width holds it (sign-extended),
 * as MLIR's APInt prints a signless integer. */
int64_t print_int_normalize(int64_t v, unsigned width);

/* ---- the printer state (its output buffer: out.h) ----------------------------------- */

/* Writes s[0..n) where TCIR_SLACK bytes are readable at s. */
TCIR_OUT_INLINE void print_out_pooled(base_out *out, const char *s, size_t n)
{
    if (n > TCIR_SLACK || !base_out_room(out, TCIR_SLACK)) {
        base_out_put(out, s, n);
        return;
    }
    memcpy(out->buf + out->len, s, TCIR_SLACK); /* the bytes past n lie beyond out->len */
    out->len += n;
}

typedef struct print_ssa_name {
    uint32_t off, len, hash;
} print_ssa_name;

typedef struct print_state {
    base_out out;
    print_scratch mem; /* everything below that is allocated */
    bool generic, locations;
    bool aliases; /* an op has an ALIAS attribute (numbering notes it): print_aliases writes them */
    int indent;
    size_t nops; /* of the whole IR printed (numbering counts them first) */
    print_smap ids; /* value -> offset of its text in vtext, block -> ordering in its region */
    print_pmap types; /* type -> index into tstr */
    /* Interned type strings. */
    char *tpool;
    size_t tpool_len, tpool_cap;
    uint32_t *tstr; /* pairs (offset, length) */
    size_t ntstr, tstr_cap;
    /* The file of the last location printed, and its text ` loc("file":` (print.c). */
    const char *loc_file;
    char *loc_text;
    size_t loc_len;
    /* Every value's text, a length byte then "%12" (see print_names.c: value texts). */
    char *vtext;
    size_t vtext_len, vtext_cap;
    /* SSA names given by ops (%c0_i32, %cst_3), scoped by region. */
    char *npool;
    size_t npool_len, npool_cap;
    print_ssa_name *names; /* every name given, kept until the end */
    size_t nnames, names_cap;
    int32_t *vis; /* names visible now (a stack: a region pops its own when done) */
    size_t nvis, vis_cap;
    int32_t *ntab; /* hash table of a position in vis + 1 (0: empty) */
    size_t ntab_cap, ntab_used;
    /* Scratch arrays reused across ops. */
    const tcir_named_attr **sorted;
    size_t sorted_cap;
    int32_t *ints;
    size_t ints_cap;
    /* The predecessors of every block of one region (pred_region), as orderings: block k's are
     * pred_list[pred_start[k] .. pred_start[k + 1]), ascending. Built when a block of another
     * region asks, so a region of n blocks costs one pass, not one per block. */
    const struct tcir_region *pred_region;
    int32_t *pred_start, *pred_list;
    size_t pred_start_cap, pred_list_cap;
    struct print_pred_edge {
        int32_t to, from;
    } * pred_edges; /* scratch of index_predecessors */
    size_t pred_edges_cap;
} print_state;

/* Writes the type's text, formatted on its first use in this print (print_new_type) and
 * copied from the printer's pool after that (inline: the printer writes a type or two per op). */
void print_new_type(print_state *p, const tcir_type *t);
TCIR_OUT_INLINE void print_type(print_state *p, const tcir_type *t)
{
    int32_t idx;
    if (t && print_pmap_get(&p->types, t, &idx))
        print_out_pooled(&p->out, p->tpool + p->tstr[2 * idx], p->tstr[2 * idx + 1]);
    else
        print_new_type(p, t);
}

/* Writes the text numbering gave v (%12, %arg3, %c4_i32) and returns true; false, writing
 * nothing, when it gave v none. */
TCIR_OUT_INLINE bool print_known_id(print_state *p, const tcir_value *v)
{
    int32_t off;
    if (!print_smap_get(&p->ids, tcir_value_serial(v), v, &off))
        return false;
    const char *text = p->vtext + off;
    print_out_pooled(&p->out, text + 1, (unsigned char)text[0]);
    return true;
}

/* Writes %name, %42, %arg3 or %6#1 for a use of v: inline, from the text numbering gave the
 * value (a result of a several-result op has its "%6#1"), without a read of its defining op;
 * print_use for NULL and for values numbering did not reach. */
void print_use(print_state *p, const tcir_value *v);
TCIR_OUT_INLINE void print_value(print_state *p, const tcir_value *v)
{
    if (!v || p->mem.oom || !print_known_id(p, v))
        print_use(p, v);
}
/* Writes "%a, %b" for operands [from, to). */
void print_operand_list(print_state *p, const tcir_op *op, int from, int to);
/* Writes "T1, T2" for the types of operands [from, to). */
void print_operand_types(print_state *p, const tcir_op *op, int from, int to);
void print_result_types(print_state *p, const tcir_op *op);
void print_block_name(print_state *p, const tcir_block *b);
/* elide_may: MLIR's AttrTypeElision::May (arrays drop ": i64" and ": f64"). */
void print_attr(print_state *p, const tcir_attr *a, bool elide_may);
/* " {a = 1 : i32, b}" sorted by name, skipping names in `elided` (NULL-terminated) and
 * nothing when empty; with_keyword puts " attributes" before it. Most ops have no attributes:
 * for them it is one test inline, not a call. */
void print_attrs_of(print_state *p, const tcir_op *op, const char *const *elided, bool with_keyword);
static inline void print_attr_dict(print_state *p, const tcir_op *op, const char *const *elided, bool with_keyword)
{
    if (tcir_op_nattrs(op))
        print_attrs_of(p, op, elided, with_keyword);
}
/* The op's name, as the pretty forms write it (a registered op's from its padded copy). */
TCIR_OUT_INLINE void print_op_name(print_state *p, const tcir_op *op)
{
    const print_opinfo *info = &print_opinfo_of[tcir_op_opcode(op)];
    if (info->len)
        print_out_pooled(&p->out, info->name, info->len);
    else
        base_out_puts(&p->out, tcir_op_name(op));
}
void print_region(print_state *p, const tcir_region *r, bool entry_args, bool terminators, bool empty_block);
/* Numbers every value and block under top (the SSA names, print_names.c) before it is printed;
 * returns how many ops there are. */
size_t print_number_all(print_state *p, const tcir_op *top);
/* Writes one op after its indentation: its results' names, " = ", its pretty or generic form,
 * its location (print.c). */
void print_op(print_state *p, const tcir_op *op);
/* (inputs) -> result | (results), as MLIR's functional types print. */
void print_functional(print_state *p, const tcir_op *op);

/* Internal helpers of the printer's files. */
void print_named(print_state *p, const char *name, const tcir_attr *a);
/* The op's attributes whose inherent flag is `inherent` (all when inherent < 0), minus the
 * NULL-terminated `elided`, sorted by name into p->sorted; returns how many. */
size_t print_collect_attrs(print_state *p, const tcir_op *op, int inherent, const char *const *elided);
void print_location(print_state *p, tcir_loc loc);
/* `#name = definition` for every ALIAS attribute of the ops under top (the aliases one uses
 * before it, each once), before top is printed (print_alias.c). */
void print_aliases(print_state *p, const tcir_op *top);
/* "name"(operands)[successors] <{props}> (regions) {attrs} : (types) -> types */
void print_generic_op(print_state *p, const tcir_op *op);

/* Prints the op's custom (pretty) form after "%r = " and returns true, or returns false
 * having written nothing when the op has no pretty form or does not fit it. */
bool print_pretty_op(print_state *p, const tcir_op *op);

/* ---- floats, as MLIR prints a FloatAttr ---------------------------------------------- */

/* Writes v rounded to the float type t as MLIR's printFloatValue does: "%.6e"-like text when
 * it reads back to the same value in t, else APFloat's shortest-digits text when it has a
 * '.', else the bit pattern in hex. Returns true when it printed hex. */
bool print_format_float(base_out *out, double v, tcir_float_kind kind);

#endif
