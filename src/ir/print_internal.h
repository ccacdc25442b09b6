/* Private: what the printer's files (print.c, print_pretty.c, print_float.c) and the verifier
 * share. Everything here reads the IR through include/tritonc/ir.h only, so the printer does
 * not depend on how the core stores ops. */
#ifndef TRITONC_IR_PRINT_INTERNAL_H
#define TRITONC_IR_PRINT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tritonc/ir.h"

/* ---- a map from pointers to small integers (open addressing, linear probing) ------- */

typedef struct tcir_pmap {
    const void **keys;
    int32_t *vals;
    size_t cap, count; /* cap is 0 or a power of two */
    bool oom;
} tcir_pmap;

/* Sets key -> val (adds or replaces). On allocation failure sets m->oom and does nothing. */
void tcir_pmap_put(tcir_pmap *m, const void *key, int32_t val);
/* Returns true and the value when key is present. */
bool tcir_pmap_get(const tcir_pmap *m, const void *key, int32_t *val);
void tcir_pmap_free(tcir_pmap *m);

/* ---- op classification shared by the printer and the verifier -------------------- */

/* Ops that end a block: tt.return, cf.br, cf.cond_br, scf.yield, scf.condition,
 * tt.reduce.return, tt.scan.return, and any op with successors. */
bool tcir_op_is_terminator(const tcir_op *op);
bool tcir_op_named(const tcir_op *op, const char *name);
/* The integer value of an INT/BOOL attribute as its type's width holds it (sign-extended),
 * as MLIR's APInt prints a signless integer. */
int64_t tcir_int_normalize(int64_t v, unsigned width);

/* ---- the output buffer and the printer state --------------------------------------- */

typedef struct tcir_out {
    char *buf;
    size_t len, cap;
    bool oom;
} tcir_out;

/* Makes room for n more bytes; false (and out->oom) on allocation failure. */
bool tcir_out_reserve(tcir_out *out, size_t n);

static inline void tcir_out_put(tcir_out *out, const char *s, size_t n)
{
    if (out->cap - out->len <= n && !tcir_out_reserve(out, n + 1))
        return;
    memcpy(out->buf + out->len, s, n);
    out->len += n;
}

static inline void tcir_out_putc(tcir_out *out, char c)
{
    if (out->cap - out->len <= 1 && !tcir_out_reserve(out, 2))
        return;
    out->buf[out->len++] = c;
}

void tcir_out_puts(tcir_out *out, const char *s);
void tcir_out_int(tcir_out *out, int64_t v);
void tcir_out_uint(tcir_out *out, uint64_t v);
/* "text" with MLIR's escapes (\\, \22 for ", \XX for anything not printable). */
void tcir_out_quoted(tcir_out *out, const char *s);
/* A name MLIR prints bare when it is an identifier ([A-Za-z_][A-Za-z0-9_$.]*), quoted otherwise. */
void tcir_out_keyword_or_string(tcir_out *out, const char *s);

typedef struct tcir_name {
    uint32_t off, len, hash;
} tcir_name;

typedef struct tcir_printer {
    tcir_out out;
    bool generic, locations;
    int indent;
    tcir_pmap ids;   /* value -> id (see print.c: TAG_*), block -> ordering in its region */
    tcir_pmap types; /* type -> index into tstr */
    /* Interned type strings. */
    char *tpool;
    size_t tpool_len, tpool_cap;
    uint32_t *tstr; /* pairs (offset, length) */
    size_t ntstr, tstr_cap;
    /* SSA names given by ops (%c0_i32, %cst_3), scoped by region. */
    char *npool;
    size_t npool_len, npool_cap;
    tcir_name *names; /* every name given, kept until the end */
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
} tcir_printer;

/* Writes the type's text (cached per interned type). */
void tcir_print_type(tcir_printer *p, const tcir_type *t);
/* Writes %name, %42, %arg3 or %6#1 for a use of v. */
void tcir_print_value(tcir_printer *p, const tcir_value *v);
/* Writes "%a, %b" for operands [from, to). */
void tcir_print_operand_list(tcir_printer *p, const tcir_op *op, int from, int to);
/* Writes "T1, T2" for the types of operands [from, to). */
void tcir_print_operand_types(tcir_printer *p, const tcir_op *op, int from, int to);
void tcir_print_result_types(tcir_printer *p, const tcir_op *op);
void tcir_print_block_name(tcir_printer *p, const tcir_block *b);
/* elide_may: MLIR's AttrTypeElision::May (arrays drop ": i64" and ": f64"). */
void tcir_print_attr(tcir_printer *p, const tcir_attr *a, bool elide_may);
/* " {a = 1 : i32, b}" sorted by name, skipping names in `elided` (NULL-terminated) and
 * nothing when empty; with_keyword puts " attributes" before it. */
void tcir_print_attr_dict(tcir_printer *p, const tcir_op *op, const char *const *elided, bool with_keyword);
void tcir_print_region(tcir_printer *p, const tcir_region *r, bool entry_args, bool terminators,
                       bool empty_block);
/* (inputs) -> result | (results), as MLIR's functional types print. */
void tcir_print_functional(tcir_printer *p, const tcir_op *op);

/* Internal helpers of the printer's files. */
bool tcir_grow(void **arr, size_t *cap, size_t need, size_t elem, bool *oom);
void tcir_print_named(tcir_printer *p, const char *name, const tcir_attr *a);
/* The op's attributes whose inherent flag is `inherent` (all when inherent < 0), minus the
 * NULL-terminated `elided`, sorted by name into p->sorted; returns how many. */
size_t tcir_collect_attrs(tcir_printer *p, const tcir_op *op, int inherent, const char *const *elided);
void tcir_print_location(tcir_printer *p, tcir_loc loc);
/* "name"(operands)[successors] <{props}> (regions) {attrs} : (types) -> types */
void tcir_print_generic_op(tcir_printer *p, const tcir_op *op);

/* Prints the op's custom (pretty) form after "%r = " and returns true, or returns false
 * having written nothing when the op has no pretty form or does not fit it. */
bool tcir_print_pretty_op(tcir_printer *p, const tcir_op *op);

/* ---- floats, as MLIR prints a FloatAttr ---------------------------------------------- */

/* Writes v rounded to the float type t as MLIR's printFloatValue does: "%.6e"-like text when
 * it reads back to the same value in t, else APFloat's shortest-digits text when it has a
 * '.', else the bit pattern in hex. Returns true when it printed hex. */
bool tcir_format_float(tcir_out *out, double v, tcir_float_kind kind);

#endif
