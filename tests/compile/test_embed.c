/* Embedding: variants compiled at build time by tritonc_embed_kernels (cmake/TritoncEmbed.cmake,
 * here with the stand-in compiler, a test double) are linked into this test and read back;
 * tc_variant_save / tc_variant_load round trip; tc_embed_write's errors. */
#include "stand_in.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bundled.h"
#include "tritonc/tritonc.h"

/* Written at build time by tritonc_embed_kernels (tests/CMakeLists.txt). */
extern const tc_variant test_embedded[];
extern const int test_embedded_count;

static void embedded_variants_read_back(void **state)
{
    (void)state;
    assert_int_equal(test_embedded_count, 2);
    const tc_variant *a = &test_embedded[0], *m = &test_embedded[1];
    assert_string_equal(a->kernel, "vector_add");
    assert_string_equal(a->config, "BLOCK_SIZE=1024");
    assert_string_equal(a->spec, "DDDN");
    assert_string_equal(a->symbol, "vector_add");
    assert_int_equal(a->nargs, 4);
    assert_int_equal(a->options.num_warps, 4);
    assert_string_equal(a->triton_version, "0.0-stand-in");
    /* the IR it was compiled from: the runtime launches it only while the kernel builds the same */
    assert_true(a->ir_hash != 0);
    assert_true(a->ir_hash == tc_ir_hash(tritonc_bundled_find("vector_add"), NULL, "DDDN", a->options, NULL));
    assert_true(m->ir_hash == tc_ir_hash(tritonc_bundled_find("matmul"), NULL, "DDDDDDD1D1D1", m->options, NULL));
    assert_non_null(a->cubin);
    assert_memory_equal(a->cubin, "stand-in cubin: vector_add arch=90 warps=4", 42);
    assert_int_equal(a->cubin[a->cubin_size - 1], '\n');
    assert_non_null(strstr(a->ptx, ".visible .entry vector_add()"));

    assert_string_equal(m->kernel, "matmul");
    assert_string_equal(m->spec, "DDDDDDD1D1D1");
    assert_int_equal(m->nargs, 9);
    assert_int_equal(m->num_warps, 8);
    assert_int_equal(m->options.num_warps, 8);
    assert_int_equal(m->shared, 3072);
    assert_int_equal(m->cluster_dims[0], 1);
    assert_int_equal(m->cluster_dims[2], 1);
}

static void save_then_load(void **state)
{
    (void)state;
    stand_in_reset();
    char dir[1024];
    tc_compile_env env = stand_in_env(stand_in_fresh_dir("saveload", dir, sizeof dir));
    char *err = NULL;
    tc_variant *v = tc_compile(tritonc_bundled_find("softmax"), NULL, "DDDDN", (tc_options){.num_stages = 2}, &env,
                               &err);
    assert_non_null(v);
    assert_true(tc_variant_save(v, "module {}\n", dir, &err));
    tc_variant *w = tc_variant_load(dir, "softmax", &err);
    if (!w)
        fail_msg("%s", err);
    assert_string_equal(w->kernel, "softmax");
    assert_string_equal(w->config, v->config);
    assert_string_equal(w->spec, "DDDDN");
    assert_int_equal(w->options.num_stages, 2);
    assert_int_equal(w->nargs, v->nargs);
    assert_int_equal(w->shared, 2048);
    assert_int_equal(w->cubin_size, v->cubin_size);
    assert_memory_equal(w->cubin, v->cubin, v->cubin_size);
    assert_string_equal(w->ptx, v->ptx);
    assert_true(v->ir_hash != 0);
    assert_true(w->ir_hash == v->ir_hash); /* NAME.meta's ir_hash line */

    /* and embedded from there: a C file that says what it holds */
    char path[1200];
    snprintf(path, sizeof path, "%s/one.c", dir);
    const tc_variant *list[] = {w};
    assert_true(tc_embed_write(path, "one_variant", 1, list, &err));
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char text[16384];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    assert_non_null(strstr(text, "#include <tritonc/compile.h>"));
    assert_non_null(strstr(text, "const tc_variant one_variant[] = {"));
    assert_non_null(strstr(text, "{.kernel = \"softmax\", .config = \"BLOCK=1024\", .spec = \"DDDDN\","));
    assert_non_null(strstr(text, "const int one_variant_count = 1;"));
    tc_variant_free(v);
    tc_variant_free(w);

    assert_null(tc_variant_load(dir, "no_such_kernel", &err));
    char want[1300];
    snprintf(want, sizeof want, "cannot read '%s/no_such_kernel.meta': No such file or directory", dir);
    assert_string_equal(err, want);
    free(err);
}

static void embed_write_errors(void **state)
{
    (void)state;
    char *err = NULL;
    const tc_variant *none[] = {NULL};
    assert_false(tc_embed_write("x.c", "not an identifier", 1, none, &err));
    assert_string_equal(err, "tc_embed_write: 'not an identifier' is not a C identifier");
    free(err);
    assert_false(tc_embed_write("x.c", "ok", 0, none, &err));
    assert_string_equal(err, "tc_embed_write: no variants to embed");
    free(err);
    assert_false(tc_embed_write("x.c", "ok", 1, none, &err));
    assert_string_equal(err, "tc_embed_write: variant 0 is NULL or has no kernel name or symbol");
    free(err);
    const tc_variant *one[] = {&test_embedded[0]};
    assert_false(tc_embed_write("/nonexistent/dir/x.c", "ok", 1, one, &err));
    assert_string_equal(err, "cannot write '/nonexistent/dir/x.c.tmp': No such file or directory");
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(embedded_variants_read_back),
        cmocka_unit_test(save_then_load),
        cmocka_unit_test(embed_write_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
