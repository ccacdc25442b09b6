/* The context and its arena: everything of a kernel lives here and dies in one free.
 *
 * Out of memory never aborts: the first allocation that fails (the system's, or one the hook
 * of tcir_set_alloc_hook refuses) puts the context in its out-of-memory state for good, and
 * from then on requests are served from a reserve made with the context, so that the call in
 * progress can finish without a NULL to trip on before its caller sees tcir_context_oom.
 * Only a request that does not fit in what is left of the reserve gets NULL. */
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/hints.h"
#include "ir/inline.h"
#include "ir/internal.h"
#include "ir/registry.h"

enum { TCIR_CHUNK_MIN = 16 * 1024 };

tcir_context *tcir_context_create(void)
{
    /* The reserve trails the context, in the same allocation: it cannot fail later. Only the
     * context is cleared: what the reserve serves is cleared when served (tcir_alloc). */
    tcir_context *ctx = base_malloc(sizeof(tcir_context) + TCIR_OOM_RESERVE);
    if (ctx)
        memset(ctx, 0, sizeof *ctx);
    return ctx;
}

bool(tcir_context_oom)(const tcir_context *ctx) { return ir_context_oom(ctx); }

void tcir_context_destroy(tcir_context *ctx)
{
    if (!ctx)
        return;
    for (ir_chunk *c = ctx->chunks, *next; c; c = next) {
        next = c->next;
        base_free_chunk(c, sizeof(ir_chunk) + c->size);
    }
    free(ctx);
}

/* Adds a chunk with room for at least size bytes (the slow path of arena_take); NULL when
 * memory is out. */
static TCIR_COLD ir_chunk *add_chunk(tcir_context *ctx, size_t size)
{
    ir_chunk *c = ctx->chunks;
    size_t want = size > TCIR_CHUNK_MIN ? size : TCIR_CHUNK_MIN;
    /* Each new chunk doubles, so big kernels need few mallocs. */
    if (c && want < c->size * 2)
        want = c->size * 2;
    if (want > SIZE_MAX - sizeof(ir_chunk))
        return NULL;
    size_t got;
    ir_chunk *n = base_malloc_chunk(sizeof(ir_chunk) + want, &got);
    if (!n)
        return NULL;
    n->size = got - sizeof(ir_chunk);
    n->used = 0;
    n->next = c;
    ctx->chunks = n;
    return n;
}

/* size bytes off the reserve, or NULL when it has no such room (out-of-memory state). */
static TCIR_COLD void *reserve_take(tcir_context *ctx, size_t size)
{
    ctx->oom = true;
    if (size > TCIR_OOM_RESERVE - ctx->reserve_used)
        return NULL;
    void *p = ctx->reserve + ctx->reserve_used;
    ctx->reserve_used += size;
    return p;
}

/* size bytes (a multiple of 16), not cleared; NULL only when out of memory and out of reserve.
 * The hook is asked for every request (not only for new chunks), so that a test can make any
 * allocation point of the library fail. */
static void *arena_take(tcir_context *ctx, size_t size)
{
    if (ctx->oom || !base_may_allocate(size))
        return reserve_take(ctx, size);
    ir_chunk *c = ctx->chunks;
    if (!c || c->size - c->used < size)
        c = add_chunk(ctx, size);
    if (!c)
        return reserve_take(ctx, size);
    return ir_chunk_take(ctx, c, size);
}

/* size rounded up to 16, or 0 when that overflows (a request no arena can serve). */
static size_t rounded(size_t size) { return size > SIZE_MAX - 15 ? 0 : (size + 15) & ~(size_t)15; }

void *(tcir_alloc)(tcir_context *ctx, size_t size)
{
    size_t n = rounded(size);
    void *p = n || !size ? arena_take(ctx, n) : reserve_take(ctx, SIZE_MAX);
    return p ? memset(p, 0, n) : NULL;
}

void *(ir_alloc_raw)(tcir_context *ctx, size_t size)
{
    size_t n = rounded(size);
    return n || !size ? arena_take(ctx, n) : reserve_take(ctx, SIZE_MAX);
}

const char *tcir_strdup(tcir_context *ctx, const char *s, size_t n)
{
    char *d = n < SIZE_MAX ? ir_alloc_raw(ctx, n + 1) : NULL; /* every byte is written: no clearing */
    if (!d)
        return NULL;
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

size_t tcir_context_bytes(const tcir_context *ctx) { return ctx ? ctx->bytes : 0; }

/* ---- interned strings ------------------------------------------------------------------ */

/* Mixes the length with the first and the last 8 bytes: constant time, and names sharing
 * a prefix (arith.addf, arith.addi) or a directory differ at one end or the other. */
static uint32_t str_hash(const char *s, size_t n)
{
    uint64_t head = 0, tail = 0;
    if (n >= 8) {
        memcpy(&head, s, 8);
        memcpy(&tail, s + n - 8, 8);
    } else {
        for (size_t i = 0; i < n; i++)
            head = head << 8 | (unsigned char)s[i];
    }
    uint64_t h = ((head ^ n) * 0x9E3779B97F4A7C15u ^ tail) * 0xC2B2AE3D27D4EB4Fu;
    return (uint32_t)(h >> 32);
}

/* Doubles the table; the old one stays in the arena (a kernel grows it once or twice).
 * Out of memory, the table stays as it is (it may still have room: it is kept half empty). */
static void strs_grow(tcir_context *ctx)
{
    uint32_t cap = ctx->strs_cap ? ctx->strs_cap * 2 : 64;
    ir_istr *t = tcir_alloc(ctx, sizeof *t * cap);
    if (!t)
        return;
    for (uint32_t i = 0; i < ctx->strs_cap; i++) {
        if (!ctx->strs[i].s)
            continue;
        uint32_t j = ctx->strs[i].hash & (cap - 1);
        while (t[j].s)
            j = (j + 1) & (cap - 1);
        t[j] = ctx->strs[i];
    }
    ctx->strs = t;
    ctx->strs_cap = cap;
}

/* The table's copy of s, added on first sight. */
static TCIR_COLD const char *intern_text(tcir_context *ctx, const char *s)
{
    size_t n = strlen(s);
    uint32_t len = (uint32_t)n, h = str_hash(s, n);
    if ((ctx->strs_count + 1) * 2 > ctx->strs_cap)
        strs_grow(ctx);
    if (ctx->strs_count + 1 >= ctx->strs_cap)
        return NULL; /* out of memory and no free slot left to probe into */
    uint32_t mask = ctx->strs_cap - 1, i = h & mask;
    for (; ctx->strs[i].s; i = (i + 1) & mask)
        if (ctx->strs[i].hash == h && ctx->strs[i].len == len && memcmp(ctx->strs[i].s, s, len) == 0)
            return ctx->strs[i].s;
    const char *copy = tcir_strdup(ctx, s, len);
    if (!copy)
        return NULL;
    ctx->strs[i] = (ir_istr){copy, h, len};
    ctx->strs_count++;
    return copy;
}

static int memo_index(const char *s)
{
    return (int)((((uint64_t)(uintptr_t)s * 0x9E3779B97F4A7C15u) >> 40) % TCIR_RECENT_STRS);
}

/* Whether memo slot `slot` answers for s: the same address, and still the same text. A
 * caller passing the kept string itself (the registry's name of an op: the library's own
 * literals of op names are that very string once merged) needs no compare, as that text
 * never changes. */
static bool memo_holds(const tcir_context *ctx, int slot, const char *s)
{
    return ctx->recent[slot].in == s && (ctx->recent[slot].out == s || strcmp(ctx->recent[slot].out, s) == 0);
}

/* The memo slot of s after interning it (-1 when out of memory). Callers pass the same
 * literals again and again (op names, __FILE__): a memo by address skips the hashing. The
 * text is compared all the same, as a caller may reuse a buffer. A slot that holds a
 * registry name (ir_intern_op_name) is no answer here: interned strings compare by
 * pointer, so this text must be the table's copy. */
static int memo_slot(tcir_context *ctx, const char *s)
{
    int slot = memo_index(s);
    if (!ctx->recent[slot].registry && memo_holds(ctx, slot, s))
        return slot;
    const char *copy = intern_text(ctx, s);
    if (!copy)
        return -1;
    ctx->recent[slot].in = s;
    ctx->recent[slot].out = copy;
    ctx->recent[slot].opcode = -1;
    ctx->recent[slot].registry = false;
    return slot;
}

const char *ir_intern(tcir_context *ctx, const char *s)
{
    int slot = s ? memo_slot(ctx, s) : -1;
    return slot < 0 ? NULL : ctx->recent[slot].out;
}

/* A registered op's name is the registry's own string, which outlives every context: it needs
 * no copy, no hash and no table slot (most of an op's first sight in a kernel). Other names
 * are interned. */
const char *ir_intern_op_name(tcir_context *ctx, const char *s, int *opcode)
{
    if (!s) {
        *opcode = tcir_opcode_of(NULL);
        return NULL;
    }
    int slot = memo_index(s);
    if (!memo_holds(ctx, slot, s)) {
        int opc = tcir_opcode_of(s);
        const char *name = opc != TCIR_OPC_UNREGISTERED ? tcir_opcode_name(opc) : intern_text(ctx, s);
        if (!name) {
            *opcode = opc;
            return NULL; /* out of memory */
        }
        ctx->recent[slot].in = s;
        ctx->recent[slot].out = name;
        ctx->recent[slot].opcode = opc;
        ctx->recent[slot].registry = opc != TCIR_OPC_UNREGISTERED;
    } else if (ctx->recent[slot].opcode < 0) { /* interned by ir_intern first */
        ctx->recent[slot].opcode = tcir_opcode_of(ctx->recent[slot].out);
    }
    *opcode = ctx->recent[slot].opcode;
    return ctx->recent[slot].out;
}
