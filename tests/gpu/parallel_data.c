/* parallel_data: the host side of the parallel layers (parallel_layers.h): their data, each
 * device's shard, the kernels' configs and the comparison. No CUDA, no XLA. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundled.h"
#include "parallel_layers.h"

bool pl_moe_check(const pl_moe *m, int ndev, char *err, size_t size)
{
    const char *bad = NULL;
    if (ndev < 1 || ndev > PL_MAXDEV)
        bad = "the device count is not 1 to 16";
    else if (m->tokens < 1 || m->hidden < 1 || m->inter < 1 || m->experts < 1 || m->top_k < 1)
        bad = "a size is not positive";
    else if (m->top_k > m->experts)
        bad = "top_k is above the number of experts";
    else if (m->inter % ndev || m->experts % ndev)
        bad = "the intermediate size or the experts do not divide among the devices";
    else if ((m->inter / ndev) % 16 || m->hidden % 16)
        bad = "the hidden size and each device's intermediate size must be multiples of 16";
    if (bad)
        snprintf(err, size, "moe T=%d D=%d I=%d E=%d top_k=%d on %d device(s): %s", m->tokens, m->hidden, m->inter,
                 m->experts, m->top_k, ndev, bad);
    return bad == NULL;
}

bool pl_attn_check(const pl_attn *a, int ndev, char *err, size_t size)
{
    const char *bad = NULL;
    if (ndev < 1 || ndev > PL_MAXDEV)
        bad = "the device count is not 1 to 16";
    else if (a->seq < 1 || a->heads < 1 || a->model < 1)
        bad = "a size is not positive";
    else if (a->head_dim != 64)
        bad = "the head size must be 64 (flash_attention's config here)";
    else if (a->heads % ndev)
        bad = "the heads do not divide among the devices";
    else if (a->model % 16)
        bad = "the model size must be a multiple of 16";
    if (bad)
        snprintf(err, size, "attention S=%d H=%d Dh=%d Dm=%d on %d device(s): %s", a->seq, a->heads, a->head_dim,
                 a->model, ndev, bad);
    return bad == NULL;
}

/* ---- numbers ------------------------------------------------------------------------------------ */

float pl_bf16_to_f32(uint16_t h)
{
    uint32_t bits = (uint32_t)h << 16;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

uint16_t pl_f32_to_bf16(float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    bits += 0x7fffu + ((bits >> 16) & 1u); /* round to nearest even (no NaN here) */
    return (uint16_t)(bits >> 16);
}

float pl_f16_to_f32(uint16_t h)
{
    int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
    float v = exp == 0 ? ldexpf((float)mant, -24) : ldexpf((float)(mant | 0x400), exp - 25);
    return (h & 0x8000) ? -v : v;
}

uint16_t pl_f32_to_f16(float f)
{
    uint16_t sign = signbit(f) ? 0x8000 : 0;
    float a = fabsf(f);
    if (a >= 65520.0f)
        return sign | 0x7c00;
    if (a < ldexpf(1.0f, -14)) /* subnormal: a multiple of 2^-24 */
        return sign | (uint16_t)lrintf(ldexpf(a, 24));
    int e;
    float m = frexpf(a, &e); /* a = m 2^e, m in [0.5, 1) */
    long q = lrintf(ldexpf(m, 11)); /* 11 significant bits, rounded to nearest even */
    if (q == 2048) {
        q = 1024;
        e++;
    }
    return sign | (uint16_t)((e + 14) << 10) | (uint16_t)(q - 1024);
}

/* A uniform value in [-1, 1) from a 64-bit state (splitmix64). */
static float uniform(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (float)((double)(z >> 11) * 0x1.0p-53 * 2.0 - 1.0);
}

/* n values uniform in [-scale, scale), as bf16 or float16 bits. */
static uint16_t *random_half(size_t n, float scale, bool bf16, uint64_t seed)
{
    uint16_t *p = malloc(n * sizeof *p);
    for (size_t i = 0; p && i < n; i++) {
        float v = uniform(&seed) * scale;
        p[i] = bf16 ? pl_f32_to_bf16(v) : pl_f32_to_f16(v);
    }
    return p;
}

/* ---- data --------------------------------------------------------------------------------------- */

bool pl_moe_data_make(const pl_moe *m, pl_moe_data *d)
{
    memset(d, 0, sizeof *d);
    size_t T = (size_t)m->tokens, D = (size_t)m->hidden, I = (size_t)m->inter, E = (size_t)m->experts;
    int pairs = pl_moe_pairs(m);
    /* uniform in [-s, s) has variance s^2 / 3: sqrt(3 / K) keeps each GEMM's outputs near 1 */
    d->x = random_half(T * D, 1.0f, true, 1);
    d->w1 = random_half(E * I * D, sqrtf(3.0f / (float)D), true, 2);
    d->w2 = random_half(E * D * I, sqrtf(3.0f / (float)I), true, 3);
    d->topk_ids = malloc((size_t)pairs * sizeof *d->topk_ids);
    d->topk_w = malloc((size_t)pairs * sizeof *d->topk_w);
    if (!d->x || !d->w1 || !d->w2 || !d->topk_ids || !d->topk_w) {
        pl_moe_data_free(d);
        return false;
    }
    /* top_k distinct experts per token, spread over all of them; weights summing to 1 */
    uint64_t s = 4;
    for (int t = 0; t < m->tokens; t++) {
        int first = (int)((uniform(&s) + 1.0f) * 0.5f * (float)m->experts) % m->experts;
        float sum = 0;
        for (int k = 0; k < m->top_k; k++) {
            d->topk_ids[t * m->top_k + k] = (first + k * (1 + t % (m->experts / m->top_k))) % m->experts;
            sum += d->topk_w[t * m->top_k + k] = 1.5f + uniform(&s);
        }
        for (int k = 0; k < m->top_k; k++)
            d->topk_w[t * m->top_k + k] /= sum;
    }
    return true;
}

void pl_moe_data_free(pl_moe_data *d)
{
    free(d->x);
    free(d->w1);
    free(d->w2);
    free(d->topk_ids);
    free(d->topk_w);
    memset(d, 0, sizeof *d);
}

bool pl_attn_data_make(const pl_attn *a, pl_attn_data *d)
{
    size_t n = (size_t)a->seq * (size_t)a->heads * (size_t)a->head_dim, hd = (size_t)a->heads * (size_t)a->head_dim;
    d->q = random_half(n, 1.0f, false, 5);
    d->k = random_half(n, 1.0f, false, 6);
    d->v = random_half(n, 1.0f, false, 7);
    d->wo = random_half(hd * (size_t)a->model, sqrtf(3.0f / (float)hd), false, 8);
    if (!d->q || !d->k || !d->v || !d->wo) {
        pl_attn_data_free(d);
        return false;
    }
    return true;
}

void pl_attn_data_free(pl_attn_data *d)
{
    free(d->q);
    free(d->k);
    free(d->v);
    free(d->wo);
    memset(d, 0, sizeof *d);
}

/* ---- shards ------------------------------------------------------------------------------------- */

/* rows x cols of a row-major matrix of `width` columns, from column c0, into dst (dense). */
static void copy_cols(uint16_t *dst, const uint16_t *src, size_t rows, size_t width, size_t c0, size_t cols)
{
    for (size_t r = 0; r < rows; r++)
        memcpy(dst + r * cols, src + r * width + c0, cols * sizeof *dst);
}

void pl_moe_tp_shard(const pl_moe *m, const pl_moe_data *d, int ndev, int dev, uint16_t *w1, uint16_t *w2)
{
    size_t D = (size_t)m->hidden, I = (size_t)m->inter, Il = I / (size_t)ndev;
    for (size_t e = 0; e < (size_t)m->experts; e++) {
        /* w1[e] is [I, D]: rows dev*Il .. ; w2[e] is [D, I]: columns dev*Il .. */
        memcpy(w1 + e * Il * D, d->w1 + e * I * D + (size_t)dev * Il * D, Il * D * sizeof *w1);
        copy_cols(w2 + e * D * Il, d->w2 + e * D * I, D, I, (size_t)dev * Il, Il);
    }
}

void pl_moe_ep_shard(const pl_moe *m, const pl_moe_data *d, int ndev, int dev, uint16_t *w1, uint16_t *w2,
                     int32_t *ids)
{
    size_t per = (size_t)m->experts / (size_t)ndev, first = (size_t)dev * per, mat = (size_t)m->hidden * m->inter;
    memcpy(w1, d->w1 + first * mat, per * mat * sizeof *w1);
    memcpy(w2, d->w2 + first * mat, per * mat * sizeof *w2);
    for (int p = 0; p < pl_moe_pairs(m); p++) {
        int e = d->topk_ids[p];
        ids[p] = e >= (int)first && e < (int)(first + per) ? e - (int)first : -1;
    }
}

void pl_attn_shard(const pl_attn *a, const pl_attn_data *d, int ndev, int dev, uint16_t *q, uint16_t *k, uint16_t *v,
                   uint16_t *wo)
{
    size_t Dh = (size_t)a->head_dim, row = (size_t)a->heads * Dh, rl = row / (size_t)ndev;
    copy_cols(q, d->q, (size_t)a->seq, row, (size_t)dev * rl, rl);
    copy_cols(k, d->k, (size_t)a->seq, row, (size_t)dev * rl, rl);
    copy_cols(v, d->v, (size_t)a->seq, row, (size_t)dev * rl, rl);
    memcpy(wo, d->wo + (size_t)dev * rl * (size_t)a->model, rl * (size_t)a->model * sizeof *wo);
}

/* ---- configs ------------------------------------------------------------------------------------ */

void *pl_config(const tl_kernel *k, const char *sets, char *err, size_t size)
{
    if (!k) {
        snprintf(err, size, "kernel not bundled");
        return NULL;
    }
    void *cfg = malloc(k->cfg_size ? k->cfg_size : 1);
    char text[512];
    if (!cfg || snprintf(text, sizeof text, "%s", sets) >= (int)sizeof text) {
        snprintf(err, size, "%s: out of memory or settings too long", k->name);
        free(cfg);
        return NULL;
    }
    memcpy(cfg, k->cfg_default, k->cfg_size);
    for (char *item = strtok(text, ","); item; item = strtok(NULL, ",")) {
        char *eq = strchr(item, '=');
        if (!eq || (*eq = '\0', !tl_kernel_set(k, cfg, item, eq + 1, err, size))) {
            if (!eq)
                snprintf(err, size, "%s: '%s' is not NAME=VALUE", k->name, item);
            free(cfg);
            return NULL;
        }
    }
    return cfg;
}

void *pl_fused_moe_config(const pl_moe *m, bool second, char *err, size_t size)
{
    char sets[256];
    snprintf(sets, sizeof sets,
             "BLOCK_SIZE_M=%d,BLOCK_SIZE_N=%d,BLOCK_SIZE_K=%d,GROUP_SIZE_M=%d,top_k=%d,MUL_ROUTED_WEIGHT=%s,"
             "HAS_BIAS=false,compute_type=bfloat16,use_fp8_w8a8=false",
             PL_MOE_BM, PL_MOE_BN, PL_MOE_BK, PL_MOE_GROUP_M, second ? 1 : m->top_k, second ? "true" : "false");
    return pl_config(tritonc_bundled_find("fused_moe"), sets, err, size);
}

void *pl_align_config(int experts, char *err, size_t size)
{
    int block_e = 1;
    while (block_e < experts)
        block_e *= 2;
    char sets[128];
    snprintf(sets, sizeof sets, "NUM_EXPERTS=%d,BLOCK_SIZE=%d,BLOCK_E=%d,BLOCK_T=256", experts, PL_MOE_BM, block_e);
    return pl_config(tritonc_bundled_find("moe_align_block_size"), sets, err, size);
}

void *pl_flash_config(const pl_attn *a, char *err, size_t size)
{
    char sets[128];
    snprintf(sets, sizeof sets, "dtype=float16,HEAD_DIM=%d,BLOCK_M=%d,BLOCK_N=%d,CAUSAL=true", a->head_dim,
             PL_ATTN_BM, PL_ATTN_BN);
    return pl_config(tritonc_bundled_find("flash_attention"), sets, err, size);
}

/* ---- comparison --------------------------------------------------------------------------------- */

double pl_compare(const uint16_t *got, const uint16_t *want, size_t n, bool bf16, bool *ok)
{
    double max = 0;
    *ok = true;
    for (size_t i = 0; i < n; i++) {
        double g = bf16 ? pl_bf16_to_f32(got[i]) : pl_f16_to_f32(got[i]);
        double w = bf16 ? pl_bf16_to_f32(want[i]) : pl_f16_to_f32(want[i]);
        double diff = fabs(g - w);
        if (!(diff <= 2e-2 + 2e-2 * fabs(w))) /* NaN fails too */
            *ok = false;
        if (diff > max || diff != diff)
            max = diff;
    }
    return max;
}
