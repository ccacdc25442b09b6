/* tritonc/ir.h - the IR core: context, types, attributes, operations, printing, verifying.
 *
 * A small MLIR-shaped IR with no runtime dependency. Everything is allocated in the
 * context's arena and freed at once by tcir_context_destroy; nothing here is freed alone.
 * Types are interned: two types are equal exactly when their pointers are equal.
 *
 * Names read prefix + object + verb: tcir_type_tensor, tcir_op_create, tcir_block_append.
 * Out of memory never aborts (docs/errors.md). The first arena allocation that fails (the
 * system's, or one the allocation hook refuses) puts the context in its out-of-memory state
 * for good (tcir_context_oom); that request and every later one are then served from a
 * 32 KiB reserve the context made when it was created, so that a constructor does not meet
 * NULL half-way. Once a request does not fit in what is left of the reserve, tcir_alloc and
 * tcir_strdup return NULL, and so do the constructors built on them (types, attributes, ops,
 * blocks, block arguments), and tcir_op_set_attr may leave the attribute unset. IR made in that
 * state may be incomplete: a caller checks tcir_context_oom after its calls, stops building
 * and throws the IR away; the builder of builder.h does, and turns it into its sticky error.
 * The printer and the verifier allocate outside the arena and leave the context's state
 * alone: out of memory, tcir_print returns NULL and tcir_verify returns false with "out of
 * memory while verifying".
 */
#ifndef TRITONC_IR_H
#define TRITONC_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tritonc/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most dimensions a tensor type has. Triton's sort, topk and flip (tritonc/standard.h) reshape a
 * tensor to one dimension of 2 per factor of 2 of its elements: 20 for the largest tensor (2^20
 * elements), a few more with dimensions of 1 beside them. */
#define TCIR_MAX_RANK 24

typedef struct tcir_context tcir_context;
typedef struct tcir_type tcir_type;
typedef struct tcir_attr tcir_attr;
typedef struct tcir_value tcir_value;
typedef struct tcir_op tcir_op;
typedef struct tcir_block tcir_block;
typedef struct tcir_region tcir_region;

/* ---- context ----------------------------------------------------------------------- */

/* Creates an empty context with its own arena. Returns NULL only if malloc fails. */
TRITONC_API tcir_context *tcir_context_create(void);
/* Frees the context and everything allocated in it. NULL is a no-op. */
TRITONC_API void tcir_context_destroy(tcir_context *ctx);
/* Arena allocation, zero-filled, 16-byte aligned. Out of memory, it takes from the context's
 * reserve (and tcir_context_oom becomes true); NULL only when the reserve has no room left. */
TRITONC_API void *tcir_alloc(tcir_context *ctx, size_t size);
/* Copies a string of n bytes into the arena, NUL-terminated (NULL as tcir_alloc). */
TRITONC_API const char *tcir_strdup(tcir_context *ctx, const char *s, size_t n);
/* True once an allocation of the context failed (false for NULL). It stays true. */
TRITONC_API bool tcir_context_oom(const tcir_context *ctx);

/* The allocation hook: asked before every allocation the library makes (each arena request,
 * each malloc, calloc and realloc: contexts, builders, arena chunks, the printer's and the
 * verifier's buffers), with its size in bytes; returning false makes that allocation fail
 * as if the system were out of memory. For tests and fuzzers ("fail the 7th allocation").
 * Memory still comes from malloc, so what the library returns is released with free().
 * hook NULL removes it. Process-wide: set it before building, not while another thread
 * builds (the hook itself is called from whichever thread allocates). */
typedef bool (*tcir_alloc_hook)(size_t size, void *user);
TRITONC_API void tcir_set_alloc_hook(tcir_alloc_hook hook, void *user);
/* The hook set now (NULL when none), and its user argument in *user when user is not NULL. The
 * other libraries (tritonc_hlo, tritonc_pjrt, tritonc_cuda) ask it before their allocations, so
 * that one hook sees them all. */
TRITONC_API tcir_alloc_hook tcir_get_alloc_hook(void **user);
/* Big memory chunks (256 KiB and more: a big kernel's arena and tables, the printer's and
 * the verifier's scratch) are not given back to the system when a context or a pass is done
 * with them: they wait, process-wide, for the next kernel, which then finds its memory warm
 * instead of page-faulting it in again. This sets how many bytes may wait (512 MiB by default); it frees
 * what is over at once, so tcir_set_chunk_cache_limit(0) returns all of it to the system and
 * keeps no more. Thread-safe. */
TRITONC_API void tcir_set_chunk_cache_limit(size_t bytes);
/* Bytes the arena has handed out so far (the bench reports it). */
TRITONC_API size_t tcir_context_bytes(const tcir_context *ctx);

/* ---- types ------------------------------------------------------------------------- */

typedef enum tcir_type_kind {
    TCIR_TYPE_INT, /* iN, signless */
    TCIR_TYPE_FLOAT, /* see tcir_float_kind */
    TCIR_TYPE_INDEX,
    TCIR_TYPE_PTR, /* !tt.ptr<pointee[, address space]> */
    TCIR_TYPE_TENSOR, /* tensor<d0x...xelem> */
    TCIR_TYPE_TENSORDESC, /* !tt.tensordesc<tensor<...>> */
    TCIR_TYPE_FUNC /* (inputs) -> results, for function_type */
} tcir_type_kind;

typedef enum tcir_float_kind {
    TCIR_F16,
    TCIR_BF16,
    TCIR_F32,
    TCIR_F64,
    TCIR_F8E4M3FN, /* tl.float8e4nv */
    TCIR_F8E5M2, /* tl.float8e5 */
    TCIR_F8E4M3FNUZ, /* tl.float8e4b8 */
    TCIR_F8E5M2FNUZ, /* tl.float8e5b16 */
    TCIR_F8E4M3B11FNUZ /* tl.float8e4b15 */
} tcir_float_kind;

TRITONC_API const tcir_type *tcir_type_int(tcir_context *ctx, unsigned width);
TRITONC_API const tcir_type *tcir_type_float(tcir_context *ctx, tcir_float_kind kind);
TRITONC_API const tcir_type *tcir_type_index(tcir_context *ctx);
TRITONC_API const tcir_type *tcir_type_ptr(tcir_context *ctx, const tcir_type *pointee, int address_space);
/* rank may be 0 (tensor<f32>); dims must be positive. */
TRITONC_API const tcir_type *tcir_type_tensor(tcir_context *ctx, int rank, const int64_t *dims, const tcir_type *elem);
TRITONC_API const tcir_type *tcir_type_tensordesc(tcir_context *ctx, const tcir_type *block_tensor);
/* Triton's descriptor of an integer block records the elements' signedness, which prints in
 * the block type: !tt.tensordesc<tensor<64xsi32>> (signed) or <tensor<64xui32>> (unsigned).
 * TCIR_SIGNLESS gives tcir_type_tensordesc's type; a block of non-integers is always signless. */
typedef enum tcir_signedness { TCIR_SIGNLESS = 0, TCIR_SIGNED, TCIR_UNSIGNED } tcir_signedness;
TRITONC_API const tcir_type *tcir_type_tensordesc_signed(tcir_context *ctx, const tcir_type *block_tensor,
                                                         tcir_signedness s);
TRITONC_API const tcir_type *tcir_type_func(tcir_context *ctx, int ninputs, const tcir_type *const *inputs,
                                            int nresults, const tcir_type *const *results);

TRITONC_API tcir_type_kind tcir_type_get_kind(const tcir_type *t);
TRITONC_API unsigned tcir_type_int_width(const tcir_type *t); /* 0 if not an integer */
TRITONC_API tcir_float_kind tcir_type_float_kind(const tcir_type *t);
TRITONC_API unsigned tcir_type_float_width(const tcir_type *t); /* 0 if not a float */
TRITONC_API const tcir_type *tcir_type_pointee(const tcir_type *t); /* NULL if not a pointer */
TRITONC_API int tcir_type_address_space(const tcir_type *t);
TRITONC_API int tcir_type_rank(const tcir_type *t); /* 0 for anything but a tensor */
TRITONC_API const int64_t *tcir_type_dims(const tcir_type *t);
TRITONC_API int64_t tcir_type_numel(const tcir_type *t); /* 1 for a scalar */
/* The element type of a tensor, or the type itself. */
TRITONC_API const tcir_type *tcir_type_elem(const tcir_type *t);
/* A descriptor's block tensor, its elements signless (tensor<64xi32>), and their signedness. */
TRITONC_API const tcir_type *tcir_type_desc_block(const tcir_type *t);
TRITONC_API tcir_signedness tcir_type_desc_signedness(const tcir_type *t);
TRITONC_API bool tcir_type_is_int(const tcir_type *t);
TRITONC_API bool tcir_type_is_float(const tcir_type *t);
TRITONC_API bool tcir_type_is_ptr(const tcir_type *t);
TRITONC_API bool tcir_type_is_tensor(const tcir_type *t);
TRITONC_API int tcir_type_func_ninputs(const tcir_type *t);
TRITONC_API const tcir_type *tcir_type_func_input(const tcir_type *t, int i);
TRITONC_API int tcir_type_func_nresults(const tcir_type *t);
TRITONC_API const tcir_type *tcir_type_func_result(const tcir_type *t, int i);
/* Same element type and shape as t, but element elem (tensor stays tensor). */
TRITONC_API const tcir_type *tcir_type_with_elem(tcir_context *ctx, const tcir_type *t, const tcir_type *elem);

/* Writes the type as MLIR prints it ("tensor<128x!tt.ptr<f32>>") into buf; returns the
 * length it needed (snprintf convention). */
TRITONC_API size_t tcir_type_str(const tcir_type *t, char *buf, size_t size);
/* Writes v, rounded to the float type `kind`, as MLIR prints a float attribute
 * ("2.000000e+00", "0.333333343", "0x7FC00000") into buf; snprintf convention. */
TRITONC_API size_t tcir_float_str(double v, tcir_float_kind kind, char *buf, size_t size);

/* ---- attributes -------------------------------------------------------------------- */

typedef enum tcir_attr_kind {
    TCIR_ATTR_UNIT,
    TCIR_ATTR_BOOL, /* true / false */
    TCIR_ATTR_INT, /* 16 : i32 (typed integer) */
    TCIR_ATTR_FLOAT, /* 1.000000e+00 : f32 */
    TCIR_ATTR_STRING, /* "text" */
    TCIR_ATTR_TYPE, /* a type as an attribute */
    TCIR_ATTR_DENSE, /* dense<splat> : tensor<...>: one scalar attribute for every element */
    TCIR_ATTR_ARRAY_I32, /* array<i32: 1, 0> */
    TCIR_ATTR_ARRAY, /* [a, b, ...] */
    TCIR_ATTR_DICT, /* {name = attr, ...} */
    TCIR_ATTR_SYMBOL, /* @name */
    TCIR_ATTR_ENUM, /* an enum case: pretty keyword plus the integer that generic form prints */
    TCIR_ATTR_OPAQUE, /* text printed as given, in both forms */
    TCIR_ATTR_ALIAS /* #name where used, `#name = definition` above the printed module */
} tcir_attr_kind;

typedef struct tcir_named_attr {
    const char *name;
    const tcir_attr *attr;
    bool inherent; /* printed in <{...}> (generic form) when true, in {...} otherwise */
} tcir_named_attr;

TRITONC_API const tcir_attr *tcir_attr_unit(tcir_context *ctx);
TRITONC_API const tcir_attr *tcir_attr_bool(tcir_context *ctx, bool v);
TRITONC_API const tcir_attr *tcir_attr_int(tcir_context *ctx, int64_t v, const tcir_type *type);
TRITONC_API const tcir_attr *tcir_attr_float(tcir_context *ctx, double v, const tcir_type *type);
TRITONC_API const tcir_attr *tcir_attr_string(tcir_context *ctx, const char *s);
TRITONC_API const tcir_attr *tcir_attr_type(tcir_context *ctx, const tcir_type *t);
/* A splat: every element of tensor_type equals the scalar attribute elem (INT, FLOAT, BOOL). */
TRITONC_API const tcir_attr *tcir_attr_dense(tcir_context *ctx, const tcir_attr *elem, const tcir_type *tensor_type);
TRITONC_API const tcir_attr *tcir_attr_array_i32(tcir_context *ctx, int n, const int32_t *v);
TRITONC_API const tcir_attr *tcir_attr_array(tcir_context *ctx, int n, const tcir_attr *const *items);
/* Entries are copied; they print sorted by name, as MLIR's DictionaryAttr does. */
TRITONC_API const tcir_attr *tcir_attr_dict(tcir_context *ctx, int n, const tcir_named_attr *entries);
TRITONC_API const tcir_attr *tcir_attr_symbol(tcir_context *ctx, const char *name);
/* keyword: how the op's pretty form spells it ("slt"); generic: how generic form spells it
 * ("2 : i64"). */
TRITONC_API const tcir_attr *tcir_attr_enum(tcir_context *ctx, const char *keyword, const char *generic);
TRITONC_API const tcir_attr *tcir_attr_opaque(tcir_context *ctx, const char *text);
/* An attribute MLIR prints through an alias, as it prints the LLVM dialect's loop annotations:
 * `#name` where an op uses it, and `#name = definition` once, on a line of its own above the
 * op tcir_print prints, after the aliases `uses` (nuses of them, ALIAS attributes) that the
 * definition text names: tcir_attr_alias(ctx, "loop_annotation", "#llvm.loop_annotation<licm =
 * #loop_licm>", 1, &licm). tcir_attr_str gives the name; two aliases of one name must be equal
 * (the printer writes the first). NULL when out of memory, or for a NULL name or definition. */
TRITONC_API const tcir_attr *tcir_attr_alias(tcir_context *ctx, const char *name, const char *definition, int nuses,
                                             const tcir_attr *const *uses);
/* An ALIAS attribute's definition text, and the aliases it uses (NULL / 0 for other kinds). */
TRITONC_API const char *tcir_attr_alias_definition(const tcir_attr *a);
TRITONC_API int tcir_attr_alias_nuses(const tcir_attr *a);
TRITONC_API const tcir_attr *tcir_attr_alias_use(const tcir_attr *a, int i);

/* Each accessor answers for the kinds it names, and 0, 0.0 or NULL for any other kind (an
 * array's size is 0 for non-arrays; indexing past it is the caller's error). */
TRITONC_API tcir_attr_kind tcir_attr_get_kind(const tcir_attr *a);
TRITONC_API int64_t tcir_attr_int_value(const tcir_attr *a); /* INT and BOOL */
TRITONC_API double tcir_attr_float_value(const tcir_attr *a); /* FLOAT */
TRITONC_API const char *tcir_attr_str(const tcir_attr *a); /* STRING, SYMBOL, ENUM keyword, OPAQUE */
TRITONC_API const char *tcir_attr_enum_generic(const tcir_attr *a); /* ENUM: the generic-form text */
TRITONC_API const tcir_type *tcir_attr_get_type(const tcir_attr *a); /* INT, FLOAT, TYPE, DENSE */
TRITONC_API const tcir_attr *tcir_attr_dense_elem(const tcir_attr *a); /* DENSE */
TRITONC_API int tcir_attr_array_size(const tcir_attr *a); /* ARRAY_I32 and ARRAY */
TRITONC_API int32_t tcir_attr_array_i32_at(const tcir_attr *a, int i);
TRITONC_API const tcir_attr *tcir_attr_array_at(const tcir_attr *a, int i);
TRITONC_API int tcir_attr_dict_size(const tcir_attr *a);
TRITONC_API const tcir_named_attr *tcir_attr_dict_at(const tcir_attr *a, int i);
/* Structural equality (interning is not promised for attributes). */
TRITONC_API bool tcir_attr_equal(const tcir_attr *a, const tcir_attr *b);

/* ---- locations --------------------------------------------------------------------- */

typedef struct tcir_loc {
    const char *file; /* NULL: unknown location */
    int line, col;
} tcir_loc;

/* ---- values, operations, blocks, regions ------------------------------------------- */

TRITONC_API const tcir_type *tcir_value_type(const tcir_value *v);
/* The defining op, or NULL for a block argument. */
TRITONC_API tcir_op *tcir_value_def(const tcir_value *v);
/* The block owning a block argument, or the block of the defining op. */
TRITONC_API tcir_block *tcir_value_block(const tcir_value *v);
TRITONC_API bool tcir_value_is_arg(const tcir_value *v);
TRITONC_API int tcir_value_index(const tcir_value *v); /* result number or argument number */

/* Everything an op is made from, as MLIR's OperationState. Arrays are copied. */
typedef struct tcir_op_state {
    const char *name; /* "dialect.op" */
    tcir_loc loc;
    int noperands;
    tcir_value *const *operands;
    int nresults;
    const tcir_type *const *result_types;
    int nattrs;
    const tcir_named_attr *attrs;
    int nregions; /* empty regions are created; fill them with tcir_region_add_block */
    int nsuccessors; /* nregions and nsuccessors: at most TCIR_MAX_REGIONS, TCIR_MAX_SUCCESSORS */
    tcir_block *const *successors;
} tcir_op_state;

/* Gives an op created without results its results (scf.if and scf.while learn their types
 * from their bodies). Does nothing to an op that has results already. */
TRITONC_API void tcir_op_set_result_types(tcir_context *ctx, tcir_op *op, int n, const tcir_type *const *types);
/* The most regions and successors an op has (the op record keeps their counts in a byte). */
enum { TCIR_MAX_REGIONS = 255, TCIR_MAX_SUCCESSORS = 255 };
/* Creates a detached op. Known op names print in their pretty form; unknown ones in
 * generic form. Each attribute keeps the inherent flag its tcir_named_attr gives (the caller
 * decides; nothing is inferred from the op's name). NULL out of memory and of reserve, and
 * for a negative count or more than TCIR_MAX_REGIONS regions or TCIR_MAX_SUCCESSORS
 * successors (the caller checks the counts it takes from its own users). */
TRITONC_API tcir_op *tcir_op_create(tcir_context *ctx, const tcir_op_state *state);
TRITONC_API const char *tcir_op_name(const tcir_op *op);
TRITONC_API tcir_loc tcir_op_loc(const tcir_op *op);
TRITONC_API void tcir_op_set_loc(tcir_op *op, tcir_loc loc);
TRITONC_API int tcir_op_noperands(const tcir_op *op);
TRITONC_API tcir_value *tcir_op_operand(const tcir_op *op, int i);
TRITONC_API void tcir_op_set_operand(tcir_op *op, int i, tcir_value *v);
TRITONC_API int tcir_op_nresults(const tcir_op *op);
TRITONC_API tcir_value *tcir_op_result(tcir_op *op, int i);
TRITONC_API int tcir_op_nattrs(const tcir_op *op);
TRITONC_API const tcir_named_attr *tcir_op_attr_at(const tcir_op *op, int i);
/* NULL when absent. */
TRITONC_API const tcir_attr *tcir_op_attr(const tcir_op *op, const char *name);
/* Adds or replaces an attribute. */
TRITONC_API void tcir_op_set_attr(tcir_context *ctx, tcir_op *op, const char *name, const tcir_attr *a, bool inherent);
TRITONC_API int tcir_op_nregions(const tcir_op *op);
TRITONC_API tcir_region *tcir_op_region(tcir_op *op, int i);
TRITONC_API int tcir_op_nsuccessors(const tcir_op *op);
TRITONC_API tcir_block *tcir_op_successor(const tcir_op *op, int i);
TRITONC_API tcir_block *tcir_op_block(const tcir_op *op);
TRITONC_API tcir_op *tcir_op_next(const tcir_op *op);
TRITONC_API tcir_op *tcir_op_prev(const tcir_op *op);
/* Every op, block and value of a context has a number of its own, given in the order they
 * were made (from 1; 0 only past 2^32 - 1 of them, and for NULL): for passes that index arrays
 * by it. */
TRITONC_API uint32_t tcir_op_serial(const tcir_op *op);
TRITONC_API uint32_t tcir_block_serial(const tcir_block *b);
TRITONC_API uint32_t tcir_value_serial(const tcir_value *v);
/* A pointer of the client's kept on the op (NULL when made), never read, printed or freed by the
 * IR: the builder keeps its order engine's key there (src/builder/order/order_engine.h, tl_op_key). Setting it
 * on NULL does nothing; NULL's is NULL. */
TRITONC_API void tcir_op_set_aux(tcir_op *op, void *aux);
TRITONC_API void *tcir_op_aux(const tcir_op *op);
/* Unlinks op from its block (it stays allocated and can be inserted again). */
TRITONC_API void tcir_op_detach(tcir_op *op);
/* The op holding the region that holds this op, or NULL at top level. */
TRITONC_API tcir_op *tcir_op_parent_op(const tcir_op *op);

TRITONC_API tcir_block *tcir_region_add_block(tcir_context *ctx, tcir_region *r);
/* Moves blk (a block of r) after r's last block. */
TRITONC_API void tcir_region_move_block_to_end(tcir_region *r, tcir_block *blk);
TRITONC_API tcir_block *tcir_region_first_block(const tcir_region *r);
TRITONC_API tcir_op *tcir_region_parent(const tcir_region *r);

TRITONC_API tcir_block *tcir_block_next(const tcir_block *b);
/* A number of the client's kept on the block (0 when made), never read or printed by the IR:
 * the builder keeps there where the block last went in its list of visible blocks, so that
 * asking whether a block is visible needs no table. Setting it on NULL does nothing; NULL's
 * is 0. */
TRITONC_API void tcir_block_set_mark(tcir_block *b, int32_t mark);
TRITONC_API int32_t tcir_block_mark(const tcir_block *b);
TRITONC_API tcir_region *tcir_block_region(const tcir_block *b);
TRITONC_API tcir_value *tcir_block_add_arg(tcir_context *ctx, tcir_block *b, const tcir_type *t, tcir_loc loc);
/* Reorders the block's arguments: argument i becomes the one that was order[i] (order is a
 * permutation of 0 .. nargs-1; the caller checks it). Blocks of more than
 * TCIR_MAX_PERMUTED_ARGS arguments are left as they are. */
enum { TCIR_MAX_PERMUTED_ARGS = 256 };
TRITONC_API void tcir_block_permute_args(tcir_block *b, const int *order);
TRITONC_API int tcir_block_nargs(const tcir_block *b);
TRITONC_API tcir_value *tcir_block_arg(const tcir_block *b, int i);
TRITONC_API tcir_loc tcir_block_arg_loc(const tcir_block *b, int i);
TRITONC_API tcir_op *tcir_block_first(const tcir_block *b);
TRITONC_API tcir_op *tcir_block_last(const tcir_block *b);
TRITONC_API void tcir_block_append(tcir_block *b, tcir_op *op);
/* Inserts op before `before` (which must be in b), or appends when before is NULL. */
TRITONC_API void tcir_block_insert_before(tcir_block *b, tcir_op *before, tcir_op *op);
/* Relinks the first n ops of b in the order of ops[] (a permutation of them, the caller
 * checks it); after is the op that follows them (NULL: none). One pass over the n ops, where
 * detaching and inserting each touches its old and new neighbours too. b and ops[0..n) must
 * not be NULL; n <= 0 does nothing (ops may then be NULL). */
TRITONC_API void tcir_block_reorder_front(tcir_block *b, tcir_op *const *ops, int n, tcir_op *after);

/* ---- the op registry -------------------------------------------------------------- */

/* tritonc's table of the ops it knows (their names, what they do, how they print and verify).
 * Each known name has an opcode, a positive number that tcir_op_create looks up once and
 * stores on the op; any other name is TCIR_OPCODE_UNREGISTERED, and such an op prints in
 * generic form and gets only the checks every op gets. Opcodes are numbered in name order
 * and may change from one version to the next: compare them with tcir_opcode_of(name). */
enum { TCIR_OPCODE_UNREGISTERED = 0 };
/* The opcode stored on op; TCIR_OPCODE_UNREGISTERED for NULL. */
TRITONC_API int tcir_op_opcode(const tcir_op *op);
/* The opcode of an op name, or TCIR_OPCODE_UNREGISTERED (NULL too). */
TRITONC_API int tcir_opcode_of(const char *name);
/* One more than the highest opcode: the registered ones are 1 .. count - 1. */
TRITONC_API int tcir_opcode_count(void);
/* The op name of an opcode; NULL for TCIR_OPCODE_UNREGISTERED and out of range. */
TRITONC_API const char *tcir_opcode_name(int opcode);

/* What an op does besides giving its results (tcir_opcode_flags). An op with none of the
 * effect flags below PURE (structure, control flow, tt.call) has no effects of its own but is
 * not pure either: it is not moved. */
enum {
    TCIR_OPF_PURE = 1u << 0, /* no effects: may be moved or dropped (MLIR's Pure) */
    TCIR_OPF_PURE_IF_ATTR = 1u << 1, /* pure exactly when its bool attribute "pure" is true
                                        (tt.extern_elementwise, tt.elementwise_inline_asm) */
    TCIR_OPF_PURE_BODY = 1u << 2, /* has the effects of the ops in its regions (tt.reduce,
                                        tt.scan: pure when its combine is) */
    TCIR_OPF_READ = 1u << 3, /* reads memory (loads, atomics) */
    TCIR_OPF_WRITE = 1u << 4, /* writes memory (stores, atomics) */
    TCIR_OPF_SYNC = 1u << 5, /* synchronizes (gpu.barrier) */
    TCIR_OPF_DEBUG = 1u << 6, /* checks or reports (tt.assert, tt.print, llvm.intr.assume) */
    TCIR_OPF_TERMINATOR = 1u << 7, /* ends its block (ops with successors do too, any name) */
    TCIR_OPF_FASTMATH = 1u << 8, /* generic form prints its default fastmath property */
    TCIR_OPF_OVERFLOW = 1u << 9 /* generic form prints its default overflowFlags property */
};
/* The TCIR_OPF_* flags of an opcode; 0 for TCIR_OPCODE_UNREGISTERED and out of range. */
TRITONC_API unsigned tcir_opcode_flags(int opcode);

/* ---- printing and verifying --------------------------------------------------------- */

typedef struct tcir_print_opts {
    bool generic; /* MLIR generic form for every op */
    bool locations; /* loc("file":line:col) after each op that has one */
} tcir_print_opts;

/* Prints the op (usually a builtin.module) and everything under it. Returns a malloc'd,
 * NUL-terminated string the caller frees with free(); *len (if not NULL) gets its length.
 * NULL (and *len 0) for a NULL op or when the printer cannot get memory. */
TRITONC_API char *tcir_print(const tcir_op *op, tcir_print_opts opts, size_t *len);

/* Verifies op and everything under it. Returns true if valid; otherwise writes one line
 * into err (naming the op, and its location when it has one) and returns false, also when
 * the verifier cannot get memory ("out of memory while verifying"). */
TRITONC_API bool tcir_verify(const tcir_op *op, char *err, size_t errsize);

#ifdef __cplusplus
}
#endif
#endif
