/* Stale variants: a variant is launched only when it was compiled from the kernel as it builds
 * now. Variants are found by (kernel name, config, key, options); an embedded one made before
 * the kernel's body changed, or one compiled here for another kernel of the same name, matches
 * those and would run the old code without a word. So each carries tc_ir_hash of its IR, and
 * this compares it with the hash of the handle's kernel for that key: emitted once per
 * (handle, key) and remembered, never per launch (a launch of a loaded variant comes nowhere
 * near here). Called with rt->lock held. */
#include <stdlib.h>
#include <string.h>

#include "cuda/runtime_internal.h"

/* The remembered hash of k for key, or NULL. */
static cuda_ir_hash *remembered(tc_kernel *k, const char *key)
{
    for (cuda_ir_hash *h = k->ir_hashes; h; h = h->next)
        if (strcmp(h->key, key) == 0)
            return h;
    return NULL;
}

void cuda_ir_remember(tc_kernel *k, const char *key, uint64_t hash)
{
    if (remembered(k, key) || strlen(key) > TC_MAX_ARGS)
        return;
    cuda_ir_hash *h = calloc(1, sizeof *h);
    if (!h)
        return; /* worked out again next time */
    strcpy(h->key, key);
    h->hash = hash;
    h->next = k->ir_hashes;
    k->ir_hashes = h;
}

cuda_ir_state cuda_ir_check(tc_kernel *k, tl_site site, const char *key, const tc_variant *v)
{
    cuda_ir_hash *h = remembered(k, key);
    uint64_t now = h ? h->hash : 0;
    if (!h) {
        char *err = NULL;
        now = tc_ir_hash(k->k, k->cfg, key, k->opts, &err);
        if (!now) {
            cuda_fail(k->rt, site, "kernel %s: %s", k->k->name, err ? err : "cannot emit its TTIR");
            free(err);
            return TCR_IR_FAILED;
        }
        cuda_ir_remember(k, key, now);
    }
    return v->ir_hash == now ? TCR_IR_CURRENT : TCR_IR_STALE;
}

void cuda_ir_forget_all(tc_kernel *k)
{
    for (cuda_ir_hash *h = k->ir_hashes, *next; h; h = next) {
        next = h->next;
        free(h);
    }
    k->ir_hashes = NULL;
}
