/* fused_moe's configs per token-count bucket (kernels/models/fused_moe.h): fused_moe_pick's
 * buckets and the config it writes, its misuse messages, every bucket config building, and the
 * C tables against the Python twin's (BUCKETS and the model configs of fused_moe.py), read from
 * the source: the same rows, and the same TTIR for each bucket's config. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "models/fused_moe.h"
#include "tritonc/tritonc.h"

static const char *const models[] = {"mixtral-8x7b-tp8-w1", "gpt-oss-20b-w2-bias-routed", "qwen3-30b-a3b-fp8-w1"};

static char *emit(const fused_moe_cfg *cfg)
{
    char *err = NULL;
    char *ttir = tl_kernel_emit(&fused_moe_kernel, cfg, (tl_emit_opts){.no_locations = true}, &err);
    if (ttir == NULL)
        fail_msg("fused_moe does not build: %s", err ? err : "?");
    free(err);
    return ttir;
}

/* Each model's buckets: the label picked for a token count. */
static void test_pick_buckets(void **state)
{
    (void)state;
    static const struct {
        int tokens;
        const char *suffix;
    } want[] = {{1, "-upto1"},     {2, "-upto16"},     {7, "-upto16"},        {16, "-upto16"},
                {17, "-upto512"},  {333, "-upto512"},  {512, "-upto512"},     {513, "-above512"},
                {4096, "-above512"}, {1 << 24, "-above512"}};
    char err[256] = "";
    for (size_t m = 0; m < sizeof models / sizeof models[0]; m++)
        for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
            fused_moe_cfg cfg;
            const fused_moe_bucket *b = fused_moe_pick(models[m], want[i].tokens, &cfg, err, sizeof err);
            if (b == NULL)
                fail_msg("%s, %d tokens: %s", models[m], want[i].tokens, err);
            char label[128];
            snprintf(label, sizeof label, "%s%s", models[m], want[i].suffix);
            assert_string_equal(b->label, label);
            assert_string_equal(b->model, models[m]);
            assert_int_equal(cfg.BLOCK_SIZE_M, b->BLOCK_SIZE_M);
            assert_int_equal(cfg.BLOCK_SIZE_N, b->BLOCK_SIZE_N);
            assert_int_equal(cfg.BLOCK_SIZE_K, b->BLOCK_SIZE_K);
            assert_int_equal(cfg.GROUP_SIZE_M, b->GROUP_SIZE_M);
            assert_true(b->max_tokens == 0 || want[i].tokens <= b->max_tokens);
        }
}

/* Every bucket is picked for its own case's token count, builds, and keeps the kernel's rules:
 * BLOCK_SIZE_M a power of two from 16 (moe_align_block_size's BLOCK_SIZE), fp8's group_k a
 * multiple of BLOCK_SIZE_K; a model's buckets ascend and end with max_tokens 0. */
static void test_every_bucket(void **state)
{
    (void)state;
    assert_int_equal(fused_moe_bucket_count, 12);
    for (int i = 0; i < fused_moe_bucket_count; i++) {
        const fused_moe_bucket *b = &fused_moe_buckets[i];
        fused_moe_cfg cfg;
        char err[256] = "";
        const fused_moe_bucket *got = fused_moe_pick(b->model, b->case_tokens, &cfg, err, sizeof err);
        if (got != b)
            fail_msg("%s: its case of %d tokens picks %s (%s)", b->label, b->case_tokens, got ? got->label : "none",
                     err);
        assert_true(b->BLOCK_SIZE_M >= 16 && (b->BLOCK_SIZE_M & (b->BLOCK_SIZE_M - 1)) == 0);
        if (cfg.use_fp8_w8a8)
            assert_int_equal(cfg.group_k % cfg.BLOCK_SIZE_K, 0);
        bool last = i + 1 == fused_moe_bucket_count || strcmp(fused_moe_buckets[i + 1].model, b->model) != 0;
        assert_int_equal(b->max_tokens == 0, last);
        if (!last && fused_moe_buckets[i + 1].max_tokens != 0)
            assert_true(fused_moe_buckets[i + 1].max_tokens > b->max_tokens);
        free(emit(&cfg));
    }
}

/* The first model's config is the kernel's default (the default config is Mixtral's). */
static void test_default_is_mixtral(void **state)
{
    (void)state;
    fused_moe_cfg cfg;
    char err[256] = "";
    assert_non_null(fused_moe_pick(models[0], 1, &cfg, err, sizeof err));
    const fused_moe_cfg *d = fused_moe_kernel.cfg_default;
    cfg.BLOCK_SIZE_M = d->BLOCK_SIZE_M, cfg.BLOCK_SIZE_N = d->BLOCK_SIZE_N;
    cfg.BLOCK_SIZE_K = d->BLOCK_SIZE_K, cfg.GROUP_SIZE_M = d->GROUP_SIZE_M;
    char *a = emit(&cfg), *b = emit(d);
    assert_string_equal(a, b);
    free(a);
    free(b);
}

static void expect_error(const fused_moe_bucket *got, const char *err, int line, const char *what)
{
    assert_null(got);
    char where[64];
    snprintf(where, sizeof where, "test_fused_moe_buckets.c:%d: fused_moe_pick: ", line);
    if (strstr(err, where) == NULL || strstr(err, what) == NULL || strchr(err, '\n') != NULL)
        fail_msg("message '%s' lacks '%s' or '%s'", err, where, what);
}

static void test_pick_misuse(void **state)
{
    (void)state;
    fused_moe_cfg cfg;
    char err[256];
    int line;
    line = __LINE__ + 1;
    const fused_moe_bucket *b = fused_moe_pick("llama-70b", 1, &cfg, err, sizeof err);
    expect_error(b, err, line, "no model config 'llama-70b' (there are mixtral-8x7b-tp8-w1,");
    line = __LINE__ + 1;
    b = fused_moe_pick(NULL, 1, &cfg, err, sizeof err);
    expect_error(b, err, line, "no model config NULL");
    line = __LINE__ + 1;
    b = fused_moe_pick(models[2], 0, &cfg, err, sizeof err);
    expect_error(b, err, line, "0 tokens: the token count must be at least 1");
    line = __LINE__ + 1;
    b = fused_moe_pick(models[1], -3, &cfg, err, sizeof err);
    expect_error(b, err, line, "-3 tokens");
    line = __LINE__ + 1;
    b = fused_moe_pick(models[0], 1, NULL, err, sizeof err);
    expect_error(b, err, line, "cfg is NULL");
    /* no message buffer, or a short one: still NULL, no overflow */
    assert_null(fused_moe_pick("x", 1, &cfg, NULL, 0));
    char tiny[8];
    assert_null(fused_moe_pick("x", 1, &cfg, tiny, sizeof tiny));
    assert_int_equal(strlen(tiny), sizeof tiny - 1);
}

/* ---- the Python twin's tables, read from kernels/models/fused_moe.py ------------------------ */

static char *read_source(const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", TRITONC_SOURCE_DIR, rel);
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* The constexprs dict of the _cfg("LABEL", {model}, {constexprs}, ...) call of Python's
 * MODEL_CONFIGS, applied with tl_kernel_set over the kernel's default (Python's CONSTEXPRS). */
static void python_model_cfg(const char *py, const char *label, fused_moe_cfg *cfg)
{
    char head[160];
    snprintf(head, sizeof head, "_cfg(\"%s\",", label);
    const char *p = strstr(py, head);
    if (p == NULL)
        fail_msg("fused_moe.py has no %s", head);
    p = strchr(p, '}'); /* the end of the model dict */
    assert_non_null(p);
    p = strchr(p, '{'); /* the constexprs */
    assert_non_null(p);
    const char *end = strchr(p, '}');
    assert_non_null(end);
    memcpy(cfg, fused_moe_kernel.cfg_default, sizeof *cfg);
    while ((p = strchr(p, '"')) != NULL && p < end) {
        char key[64], value[64];
        int used = 0;
        if (sscanf(p, "\"%63[^\"]\": %63[A-Za-z0-9_]%n", key, value, &used) != 2)
            fail_msg("fused_moe.py, %s: cannot read '%.40s'", label, p);
        if (strcmp(value, "True") == 0 || strcmp(value, "False") == 0)
            value[0] = (char)(value[0] - 'A' + 'a');
        char err[256];
        if (!tl_kernel_set(&fused_moe_kernel, cfg, key, value, err, sizeof err))
            fail_msg("fused_moe.py, %s: %s", label, err);
        p += used;
    }
}

static void test_python_twin_tables(void **state)
{
    (void)state;
    char *py = read_source("kernels/models/fused_moe.py");
    const char *p = strstr(py, "\nBUCKETS = [\n");
    if (p == NULL)
        fail_msg("fused_moe.py defines no BUCKETS = [");
    p = strchr(p + 1, '\n') + 1;
    int n = 0;
    while (strncmp(p, "]", 1) != 0) {
        char label[128], model[128];
        int v[8], used = 0;
        if (sscanf(p, "    (\"%127[^\"]\", \"%127[^\"]\", %d, %d, %d, %d, %d, %d, %d, %d),%n", label, model, &v[0],
                   &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &used) != 10 || used == 0)
            fail_msg("fused_moe.py, BUCKETS line %d does not read: '%.80s'", n + 1, p);
        if (n >= fused_moe_bucket_count)
            fail_msg("fused_moe.py has more BUCKETS than fused_moe.c (%d)", fused_moe_bucket_count);
        const fused_moe_bucket *b = &fused_moe_buckets[n];
        int c[8] = {b->max_tokens,   b->case_tokens,  b->BLOCK_SIZE_M, b->BLOCK_SIZE_N,
                    b->BLOCK_SIZE_K, b->GROUP_SIZE_M, b->num_warps,    b->num_stages};
        assert_string_equal(label, b->label);
        assert_string_equal(model, b->model);
        for (int i = 0; i < 8; i++)
            if (v[i] != c[i])
                fail_msg("%s: field %d is %d in fused_moe.py, %d in fused_moe.c", label, i + 3, v[i], c[i]);
        /* the twin's config of this bucket (its model's constexprs, the bucket's blocks) gives the
         * TTIR of the config fused_moe_pick writes */
        fused_moe_cfg twin, ours;
        python_model_cfg(py, model, &twin);
        twin.BLOCK_SIZE_M = v[2], twin.BLOCK_SIZE_N = v[3], twin.BLOCK_SIZE_K = v[4], twin.GROUP_SIZE_M = v[5];
        char err[256] = "";
        if (fused_moe_pick(model, v[1], &ours, err, sizeof err) != b)
            fail_msg("%s: %s", label, err);
        char *a = emit(&twin), *t = emit(&ours);
        if (strcmp(a, t) != 0)
            fail_msg("%s: fused_moe.py's config and fused_moe_pick's give different TTIR", label);
        free(a);
        free(t);
        n++;
        p = strchr(p, '\n') + 1;
    }
    assert_int_equal(n, fused_moe_bucket_count);
    free(py);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pick_buckets),
        cmocka_unit_test(test_every_bucket),
        cmocka_unit_test(test_default_is_mixtral),
        cmocka_unit_test(test_pick_misuse),
        cmocka_unit_test(test_python_twin_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
