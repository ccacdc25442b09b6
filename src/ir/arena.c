/* The context and its arena: everything of a kernel lives here and dies in one free. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

enum { TCIR_CHUNK_MIN = 16 * 1024 };

tcir_context *tcir_context_create(void)
{
    return calloc(1, sizeof(tcir_context));
}

void tcir_context_destroy(tcir_context *ctx)
{
    if (!ctx)
        return;
    for (tcir_chunk *c = ctx->chunks, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    free(ctx);
}

void *tcir_alloc(tcir_context *ctx, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    tcir_chunk *c = ctx->chunks;
    if (!c || c->size - c->used < size) {
        size_t want = size > TCIR_CHUNK_MIN ? size : TCIR_CHUNK_MIN;
        /* Each new chunk doubles, so big kernels need few mallocs. */
        if (c && want < c->size * 2)
            want = c->size * 2;
        tcir_chunk *n = malloc(sizeof(tcir_chunk) + want);
        if (!n) {
            fputs("tritonc: out of memory\n", stderr);
            abort();
        }
        n->size = want;
        n->used = 0;
        n->next = c;
        ctx->chunks = c = n;
    }
    void *p = c->data + c->used;
    c->used += size;
    ctx->bytes += size;
    memset(p, 0, size);
    return p;
}

const char *tcir_strdup(tcir_context *ctx, const char *s, size_t n)
{
    char *d = tcir_alloc(ctx, n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

size_t tcir_context_bytes(const tcir_context *ctx)
{
    return ctx ? ctx->bytes : 0;
}
