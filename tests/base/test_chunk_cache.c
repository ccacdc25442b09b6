/* The cache of big chunks (src/base/alloc.c): a big kernel's arena and scratch chunks, and the
 * library's big growable arrays (tcir_big_*), wait after use for the next kernel instead of
 * going back to the system. What a kernel prints must not depend on whether its memory was
 * fresh or reused; the cache keeps to its limit; tcir_big_* keep contents and zero what calloc
 * promises even in reused (dirty) memory; the allocation hook still refuses cached chunks. */
#include "test_lang.h"

#include <string.h>

#include "fake_failing_allocator.h"
#include "base/alloc.h"
#include "test_threads.h"

enum { UNITS = 6000 }; /* enough for an arena past 4 MiB, so chunks of 256 KiB and more */
#define MIB ((size_t)1 << 20)

/* A kernel of many distinct constants, masked loads and a loop: big chunks everywhere. */
static char *build_big(void)
{
    tl_builder *builder = tl_builder_create("big");
    tl_builder_set_locations(builder, false);
    tl_value x = tl_arg(builder, "x", TL_PTR(TL_F32));
    tl_value m = tl_arg(builder, "m", TL_SCALAR(TL_I32));
    tl_value offs = tl_arange(builder, 0, 16);
    tl_value v = tl_zeros(builder, TL_SHAPE(16), TL_F32);
    for (int i = 0; i < UNITS; i++)
        v = tl_add(v, (double)i + 0.5);
    for (int i = 0; i < UNITS / 8; i++)
        v = tl_add(v, tl_load(tl_addptr(x, offs), .mask = tl_lt(tl_add(offs, i), m), .other = tl_lit(0.0)));
    tl_scope loop = tl_for(builder, 0, 4, 1, .carry = TL_VARS(&v));
        v = tl_mul(v, 2.0);
    tl_end(&loop);
    tl_store(tl_addptr(x, offs), v);
    char *text = tl_finish(builder);
    if (!text)
        fail_msg("%s", tl_builder_error(builder));
    tl_builder_destroy(builder);
    return text;
}

static void reused_memory_prints_the_same(void **state)
{
    (void)state;
    tcir_set_chunk_cache_limit(0);
    assert_int_equal(base_chunk_cache_bytes(), 0);
    tcir_set_chunk_cache_limit(512 * MIB);
    char *fresh = build_big();
    size_t kept = base_chunk_cache_bytes();
    assert_true(kept >= 4 * MIB); /* its big chunks now wait */
    char *reused = build_big();
    assert_string_equal(fresh, reused);
    assert_int_equal(base_chunk_cache_bytes(), kept); /* taken and given back, none added */
    free(fresh);
    free(reused);
}

static void the_limit_holds_and_zero_empties(void **state)
{
    (void)state;
    tcir_set_chunk_cache_limit(0);
    tcir_set_chunk_cache_limit(5 * MIB);
    void *a = base_big_malloc(3 * MIB), *b = base_big_malloc(3 * MIB), *c = base_big_malloc(100 << 10);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    base_big_free(a, 3 * MIB);
    size_t one = base_chunk_cache_bytes();
    assert_true(one >= 3 * MIB && one <= 5 * MIB);
    base_big_free(b, 3 * MIB); /* no room left: back to the system */
    assert_int_equal(base_chunk_cache_bytes(), one);
    base_big_free(c, 100 << 10); /* under 256 KiB: malloc's own */
    assert_int_equal(base_chunk_cache_bytes(), one);
    tcir_set_chunk_cache_limit(MIB); /* lowering frees what is over */
    assert_int_equal(base_chunk_cache_bytes(), 0);
    tcir_set_chunk_cache_limit(512 * MIB);
}

static void big_arrays_keep_contents_and_zero(void **state)
{
    (void)state;
    tcir_set_chunk_cache_limit(512 * MIB);
    unsigned char *dirty = base_big_malloc(4 * MIB);
    assert_non_null(dirty);
    memset(dirty, 0xFF, 4 * MIB);
    base_big_free(dirty, 4 * MIB); /* cached, dirty */
    unsigned char *z = base_big_calloc(4 * MIB / 8, 8);
    assert_non_null(z);
    for (size_t i = 0; i < 4 * MIB; i += 4093)
        assert_int_equal(z[i], 0);
    assert_int_equal(z[4 * MIB - 1], 0);
    base_big_free(z, 4 * MIB);

    /* small -> big -> bigger -> small: the contents travel along */
    int *p = base_big_realloc(NULL, 0, 1000 * sizeof(int));
    assert_non_null(p);
    for (int i = 0; i < 1000; i++)
        p[i] = i * 7;
    p = base_big_realloc(p, 1000 * sizeof(int), 3 * MIB);
    assert_non_null(p);
    for (int i = 1000; i < (int)(3 * MIB / sizeof(int)); i++)
        p[i] = i * 7;
    p = base_big_realloc(p, 3 * MIB, 5 * MIB);
    assert_non_null(p);
    for (int i = 0; i < (int)(3 * MIB / sizeof(int)); i += 997)
        assert_int_equal(p[i], i * 7);
    p = base_big_realloc(p, 5 * MIB, 100 * sizeof(int));
    assert_non_null(p);
    for (int i = 0; i < 100; i++)
        assert_int_equal(p[i], i * 7);
    base_big_free(p, 100 * sizeof(int));
    base_big_free(NULL, 0);
}

static void the_hook_refuses_cached_chunks_too(void **state)
{
    (void)state;
    tcir_set_chunk_cache_limit(512 * MIB);
    base_big_free(base_big_malloc(3 * MIB), 3 * MIB);
    assert_true(base_chunk_cache_bytes() >= 3 * MIB);
    fake_failing_allocator refuse_all = {.fail_at = 1, .from_then_on = true};
    tcir_set_alloc_hook(fake_failing_allocator_hook, &refuse_all);
    assert_null(base_big_malloc(3 * MIB));
    tcir_set_alloc_hook(NULL, NULL);
    void *p = base_big_malloc(3 * MIB);
    assert_non_null(p);
    base_big_free(p, 3 * MIB);
}

static void *build_in_thread(void *arg)
{
    (void)arg;
    return build_big();
}

/* Threads building at once share the cache: each gets whole chunks of its own. */
static void threads_share_the_cache(void **state)
{
    (void)state;
    tcir_set_chunk_cache_limit(512 * MIB);
    char *alone = build_big();
    enum { THREADS = 4 };
    void *texts[THREADS];
    run_in_threads(build_in_thread, THREADS, texts);
    for (int i = 0; i < THREADS; i++) {
        assert_non_null(texts[i]);
        assert_string_equal(texts[i], alone);
        free(texts[i]);
    }
    free(alone);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reused_memory_prints_the_same),
        cmocka_unit_test(the_limit_holds_and_zero_empties),
        cmocka_unit_test(big_arrays_keep_contents_and_zero),
        cmocka_unit_test(the_hook_refuses_cached_chunks_too),
        cmocka_unit_test(threads_share_the_cache),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
