/* Private: the storage behind include/tritonc/ir.h. Only src/ir/ reads these structs. */
#ifndef TRITONC_IR_INTERNAL_H
#define TRITONC_IR_INTERNAL_H

#include "tritonc/ir.h"

/* Arena: a chain of chunks; allocation bumps a pointer. */
typedef struct ir_chunk {
    struct ir_chunk *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
} ir_chunk;

struct tcir_type {
    tcir_type_kind kind;
    unsigned width; /* INT: bits; FLOAT: bits */
    tcir_float_kind fkind;
    int address_space; /* PTR */
    int rank; /* TENSOR */
    const tcir_type *elem; /* TENSOR: element; PTR: pointee; TENSORDESC: block tensor */
    tcir_signedness signedness; /* TENSORDESC: of the block's integer elements */
    const int64_t *dims; /* TENSOR */
    int64_t numel; /* TENSOR: tcir_type_numel's answer (set when interned) */
    bool dims_positive; /* TENSOR: every dimension is at least 1 */
    int ninputs, nresults; /* FUNC */
    const tcir_type *const *inputs;
    const tcir_type *const *results;
    struct tcir_type *next_interned;
};

/* 40 bytes (64-bit targets; 48 in the arena), not 88: a big kernel makes one per distinct
 * constant, and verifying, numbering and printing each read it. Kinds share the unions; the
 * accessors (inline.h) answer only for the kinds a field belongs to. */
struct tcir_attr {
    tcir_attr_kind kind;
    int n; /* ARRAY_I32, ARRAY, DICT */
    const tcir_type *type; /* INT, BOOL, FLOAT, TYPE, DENSE */
    union {
        int64_t i; /* INT, BOOL */
        double f; /* FLOAT */
    };
    const char *s; /* STRING, SYMBOL, OPAQUE, ENUM keyword */
    union {
        const char *generic; /* ENUM: generic text */
        const tcir_attr *elem; /* DENSE */
        const int32_t *i32s; /* ARRAY_I32 */
        const tcir_attr *const *items; /* ARRAY */
        const tcir_named_attr *entries; /* DICT */
    };
};

/* 24 bytes (64-bit targets): an op's results are arrays of these, and every pass over the IR
 * reads them. */
struct tcir_value {
    const tcir_type *type;
    tcir_op *def; /* NULL for a block argument (a ir_arg_value) */
    int index;
    uint32_t serial; /* its number in the context (tcir_serial_of_value) */
};

/* A block argument: the value, then what only arguments have. */
typedef struct ir_arg_value {
    tcir_value v;
    tcir_block *block; /* its owner */
    tcir_loc loc;
} ir_arg_value;

/* 96 bytes, no padding (64-bit targets), so that most ops and their arrays take a cache line
 * fewer: every pass over a finished kernel reads them all. What every pass reads (name,
 * opcode, links, counts, results, aux) comes first. The op's regions, operands and successors
 * follow it in its allocation, in that order (tcir_op_create), so their addresses are computed
 * from the counts (inline.h), not kept; its results and attributes come after them there, but
 * may move (tcir_op_set_result_types, tcir_op_set_attr), so they are pointed to. */
struct tcir_op {
    const char *name;
    uint32_t serial; /* its number in the context */
    uint16_t opcode; /* tcir_opcode_of(name), looked up once at creation */
    uint8_t nregions, nsuccessors; /* at most TCIR_MAX_REGIONS, TCIR_MAX_SUCCESSORS */
    tcir_block *block;
    tcir_op *next, *prev;
    int noperands, nresults;
    tcir_value *results;
    void *aux; /* the client's (tcir_op_set_aux) */
    int nattrs, attrs_cap;
    tcir_named_attr *attrs;
    tcir_loc loc;
};

struct tcir_block {
    tcir_region *region;
    tcir_block *next;
    tcir_op *first, *last;
    int nargs, args_cap;
    tcir_value **args;
    uint32_t serial; /* its number in the context */
    int32_t mark; /* the client's (tcir_block_set_mark); in the padding, so blocks stay 56 bytes */
};

struct tcir_region {
    tcir_op *parent;
    tcir_block *first, *last;
};

/* A slot of the context's string table: an arena copy, its hash and length (s NULL: empty). */
typedef struct ir_istr {
    const char *s;
    uint32_t hash, len;
} ir_istr;

enum {
    TCIR_RECENT_STRS = 256,
    TCIR_ATTR_MEMO = 64,
    TCIR_I32S_MEMO = 16,
    TCIR_MEMO_INT_WIDTHS = 65,
    TCIR_MEMO_FLOAT_KINDS = 16
};

/* What a context keeps back for the end of the call in progress when memory runs out (see
 * arena.c): enough for a few ops, types and a table growth or two. */
enum { TCIR_OOM_RESERVE = 32 * 1024 };

struct tcir_context {
    ir_chunk *chunks;
    /* Every op, block and value made gets the next number (from 1): passes over the IR index
     * dense arrays by it (print.c, verify.c) instead of hashing pointers. */
    uint32_t serials;
    size_t bytes;
    tcir_type *types; /* interned types, a list (kernels use a handful) */
    /* type.c: the interned scalar types, by integer width (up to 64) and by float kind; asked
     * for at every constant and every cast, they skip the list. */
    const tcir_type *int_types[TCIR_MEMO_INT_WIDTHS];
    const tcir_type *float_types[TCIR_MEMO_FLOAT_KINDS];
    ir_istr *strs; /* interned strings: open addressing, linear probing */
    uint32_t strs_cap, strs_count; /* cap is 0 or a power of two */
    struct {
        const char *in, *out; /* a caller's string and its interned copy */
        int opcode; /* tcir_opcode_of(out), or -1 before an op was named so */
        bool registry; /* out is the registry's own name of a registered op, not a copy */
    } recent[TCIR_RECENT_STRS]; /* direct-mapped by the caller's address */
    const tcir_attr *attr_memo[TCIR_ATTR_MEMO]; /* attr.c: the last simple attribute per hash */
    const tcir_attr *i32s_memo[TCIR_I32S_MEMO]; /* attr.c: the last short i32 array per hash */
    bool oom; /* an allocation failed: the reserve serves from now on */
    size_t reserve_used;
    _Alignas(16) unsigned char reserve[]; /* TCIR_OOM_RESERVE bytes */
};

/* The next serial number of ctx (0 once 2^32 - 1 are given: then passes fall back on hashing). */
static inline uint32_t ir_next_serial(tcir_context *ctx) { return ctx->serials == UINT32_MAX ? 0 : ++ctx->serials; }

/* An op's name to keep: a registered op's is the registry's own string, any other's is
 * ir_intern's copy; its opcode in *opcode (memoized with it). NULL out of memory. */
const char *ir_intern_op_name(tcir_context *ctx, const char *s, int *opcode);

/* Like tcir_alloc but not zero-filled, for callers that set every field themselves. */
void *ir_alloc_raw(tcir_context *ctx, size_t size);

/* tcir_attr_enum for texts that outlive the context (string literals): not copied. */
const tcir_attr *ir_attr_enum_static(tcir_context *ctx, const char *keyword, const char *generic);

/* The context's one copy of s (NULL stays NULL): op names, attribute names and location
 * files are interned, so a kernel stores each once and equal names are equal pointers
 * (tcir_op_set_attr compares attribute names by pointer). */
const char *ir_intern(tcir_context *ctx, const char *s);

#endif
