/* The disk cache, through tc_compile and the stand-in compiler (a test double): miss then
 * hit, a key per TTIR and options, corrupt entries rebuilt, the compiler version, where the
 * cache lives, and several processes compiling one key at once. */
#include "stand_in.h"

#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "bundled.h"
#include "tritonc/tritonc.h"

static int setup(void **state)
{
    (void)state;
    stand_in_reset();
    return 0;
}

static tc_variant *compile_in(tc_compile_env *env, const char *spec, tc_options o, char **err)
{
    return tc_compile(tritonc_bundled_find("vector_add"), NULL, spec, o, env, err);
}

/* The path of the one entry under dir (in buf), or NULL when there is none. */
static const char *entry_path(const char *dir, char *buf, size_t size)
{
    char v1[1200];
    snprintf(v1, sizeof v1, "%s/v1", dir);
    DIR *d = opendir(v1);
    const char *found = NULL;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        int n = snprintf(buf, size, "%s/%s/entry", v1, e->d_name);
        found = n > 0 && (size_t)n < size && access(buf, R_OK) == 0 ? buf : NULL; /* (a cut path is none) */
    }
    if (d)
        closedir(d);
    return found;
}

static int count_entries(const char *dir)
{
    char v1[1200];
    snprintf(v1, sizeof v1, "%s/v1", dir);
    DIR *d = opendir(v1);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        n += e->d_name[0] != '.';
    if (d)
        closedir(d);
    return n;
}

static void miss_then_hit(void **state)
{
    (void)state;
    char dir[1024];
    tc_compile_env env = stand_in_env(stand_in_fresh_dir("hit", dir, sizeof dir));
    char *err = NULL;
    tc_variant *a = compile_in(&env, NULL, (tc_options){0}, &err);
    assert_non_null(a);
    assert_int_equal(stand_in_runs(dir, "compile"), 1);
    tc_variant *b = compile_in(&env, NULL, (tc_options){0}, &err);
    assert_non_null(b);
    assert_int_equal(stand_in_runs(dir, "compile"), 1); /* from the cache */
    assert_string_equal(a->symbol, b->symbol);
    assert_string_equal(b->spec, "DDDN");
    assert_int_equal(b->nargs, 4);
    assert_int_equal(a->cubin_size, b->cubin_size);
    assert_memory_equal(a->cubin, b->cubin, a->cubin_size);
    assert_string_equal(a->ptx, b->ptx);
    assert_int_equal(b->shared, a->shared);
    tc_variant_free(a);
    tc_variant_free(b);
    /* compiling off: the entry is enough */
    env.jit = false;
    b = compile_in(&env, NULL, (tc_options){0}, &err);
    assert_non_null(b);
    tc_variant_free(b);
    env.jit = true;
    /* a hit starts no process at all (a warm start needs no Python): no compiler there, a hit */
    env.compiler = "/nonexistent/compiler";
    b = compile_in(&env, NULL, (tc_options){0}, &err);
    assert_non_null(b);
    tc_variant_free(b);
    env.compiler = STAND_IN_COMPILER;
    assert_int_equal(stand_in_runs(dir, "version"), 0);
    /* other options, another specialization: other keys */
    b = compile_in(&env, NULL, (tc_options){.num_warps = 8}, &err);
    assert_non_null(b);
    assert_int_equal(b->num_warps, 8);
    tc_variant_free(b);
    b = compile_in(&env, "DDDD", (tc_options){0}, &err);
    assert_non_null(b);
    assert_string_equal(b->spec, "DDDD");
    tc_variant_free(b);
    assert_int_equal(stand_in_runs(dir, "compile"), 3);
    assert_int_equal(count_entries(dir), 3);
    /* no_cache: neither read nor written */
    env.no_cache = true;
    b = compile_in(&env, NULL, (tc_options){0}, &err);
    assert_non_null(b);
    tc_variant_free(b);
    assert_int_equal(stand_in_runs(dir, "compile"), 4);
    assert_int_equal(count_entries(dir), 3);
}

/* Damages the one entry under dir with damage(bytes, size) and checks it is rebuilt. */
static void expect_rebuilt(const char *name, size_t (*damage)(unsigned char *, size_t))
{
    char dir[1024], path[1300];
    tc_compile_env env = stand_in_env(stand_in_fresh_dir(name, dir, sizeof dir));
    char *err = NULL;
    tc_variant *v = compile_in(&env, NULL, (tc_options){0}, &err);
    assert_non_null(v);
    tc_variant_free(v);
    assert_non_null(entry_path(dir, path, sizeof path));
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    unsigned char buf[8192];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    n = damage(buf, n);
    f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(buf, 1, n, f), n);
    fclose(f);

    env.jit = false;
    assert_null(compile_in(&env, NULL, (tc_options){0}, &err));
    assert_non_null(strstr(err, "in the cache '"));
    assert_non_null(strstr(err, "' (the entry there is corrupt) and compiling is off: build it with `tritonc compile"));
    free(err);
    err = NULL;
    env.jit = true;
    v = compile_in(&env, NULL, (tc_options){0}, &err);
    assert_non_null(v);
    tc_variant_free(v);
    assert_int_equal(stand_in_runs(dir, "compile"), 2);
    env.jit = false; /* whole again */
    v = compile_in(&env, NULL, (tc_options){0}, &err);
    assert_non_null(v);
    tc_variant_free(v);
}

static size_t truncate_half(unsigned char *p, size_t n)
{
    (void)p;
    return n / 2;
}

static size_t flip_a_byte(unsigned char *p, size_t n)
{
    p[n / 2] ^= 0x20;
    return n;
}

static size_t drop_last_byte(unsigned char *p, size_t n)
{
    (void)p;
    return n - 1;
}

static void truncated_entry_is_rebuilt(void **state)
{
    (void)state;
    expect_rebuilt("truncated", truncate_half);
    expect_rebuilt("truncated1", drop_last_byte);
}

static void bad_checksum_is_rebuilt(void **state)
{
    (void)state;
    expect_rebuilt("checksum", flip_a_byte);
}

static void compiler_version_is_checked_when_asked(void **state)
{
    (void)state;
    char dir[1024];
    tc_compile_env env = stand_in_env(stand_in_fresh_dir("version", dir, sizeof dir));
    env.check_version = true;
    setenv("STAND_IN_VERSION", "1.0", 1);
    char *err = NULL;
    tc_variant *v = compile_in(&env, NULL, (tc_options){0}, &err);
    assert_string_equal(v->triton_version, "1.0");
    tc_variant_free(v);
    v = compile_in(&env, NULL, (tc_options){0}, &err);
    tc_variant_free(v);
    assert_int_equal(stand_in_runs(dir, "compile"), 1);
    assert_int_equal(stand_in_runs(dir, "version"), 2);
    /* another Triton: the entry is stale, rebuilt and replaced */
    setenv("STAND_IN_VERSION", "2.0", 1);
    v = compile_in(&env, NULL, (tc_options){0}, &err);
    assert_string_equal(v->triton_version, "2.0");
    tc_variant_free(v);
    assert_int_equal(stand_in_runs(dir, "compile"), 2);
    assert_int_equal(count_entries(dir), 1);
    /* not asked (a warm start): the entry as it is, no compiler run at all */
    env.check_version = false;
    setenv("STAND_IN_VERSION", "3.0", 1);
    v = compile_in(&env, NULL, (tc_options){0}, &err);
    assert_string_equal(v->triton_version, "2.0");
    tc_variant_free(v);
    assert_int_equal(stand_in_runs(dir, "compile"), 2);
    assert_int_equal(stand_in_runs(dir, "version"), 3);
}

static void cache_dir_from_the_environment(void **state)
{
    (void)state;
    char dir[1024], want[1200];
    stand_in_fresh_dir("where", dir, sizeof dir);
    tc_compile_env env = {.compiler = STAND_IN_COMPILER};
    char *err = NULL;
    setenv("XDG_CACHE_HOME", dir, 1);
    assert_null(compile_in(&env, NULL, (tc_options){0}, &err));
    snprintf(want, sizeof want, "in the cache '%s/tritonc' and", dir);
    assert_non_null(strstr(err, want));
    free(err);
    err = NULL;
    unsetenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    char *saved = home ? strdup(home) : NULL;
    setenv("HOME", dir, 1);
    assert_null(compile_in(&env, NULL, (tc_options){0}, &err));
    snprintf(want, sizeof want, "in the cache '%s/.cache/tritonc' and", dir);
    assert_non_null(strstr(err, want));
    free(err);
    err = NULL;
    setenv("TRITONC_CACHE_DIR", dir, 1); /* first of all */
    assert_null(compile_in(&env, NULL, (tc_options){0}, &err));
    snprintf(want, sizeof want, "in the cache '%s' and", dir);
    assert_non_null(strstr(err, want));
    free(err);
    if (saved)
        setenv("HOME", saved, 1);
    free(saved);
}

enum { WRITERS = 6 };

static void concurrent_writers_leave_a_whole_entry(void **state)
{
    (void)state;
    char dir[1024];
    tc_compile_env env = stand_in_env(stand_in_fresh_dir("concurrent", dir, sizeof dir));
    setenv("STAND_IN_SLEEP_MS", "100", 1);
    pid_t pids[WRITERS];
    for (int i = 0; i < WRITERS; i++) {
        pids[i] = fork();
        assert_true(pids[i] >= 0);
        if (pids[i] == 0) {
            char *err = NULL;
            tc_variant *v = compile_in(&env, NULL, (tc_options){0}, &err);
            int rc = v && strcmp(v->symbol, "vector_add") == 0 ? 0 : 1;
            if (!v)
                fprintf(stderr, "writer %d: %s\n", i, err);
            tc_variant_free(v);
            free(err);
            _exit(rc);
        }
    }
    /* Meanwhile a reader sees no entry or a whole one, never a part of one. */
    tc_compile_env reader = env;
    reader.jit = false;
    int running = WRITERS, hits = 0, reads = 0;
    while (running > 0) {
        char *err = NULL;
        tc_variant *v = compile_in(&reader, NULL, (tc_options){0}, &err);
        reads++;
        if (v) {
            hits++;
            assert_string_equal(v->symbol, "vector_add");
            assert_true(v->cubin_size > 0);
        } else {
            assert_null(strstr(err, "corrupt"));
            assert_non_null(strstr(err, "compiling is off"));
        }
        tc_variant_free(v);
        free(err);
        int status;
        pid_t done;
        while ((done = waitpid(-1, &status, WNOHANG)) > 0) {
            assert_true(WIFEXITED(status));
            assert_int_equal(WEXITSTATUS(status), 0);
            running--;
        }
    }
    assert_true(reads > 0);
    assert_true(stand_in_runs(dir, "compile") >= 1);
    /* one whole entry, no temporary file left beside it */
    char path[1700];
    assert_non_null(entry_path(dir, path, sizeof path));
    *strrchr(path, '/') = '\0';
    DIR *d = opendir(path);
    int files = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.') {
            files++;
            assert_string_equal(e->d_name, "entry");
        }
    closedir(d);
    assert_int_equal(files, 1);
    char *err = NULL;
    tc_variant *v = compile_in(&reader, NULL, (tc_options){0}, &err);
    assert_non_null(v);
    tc_variant_free(v);
    (void)hits;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(miss_then_hit, setup),
        cmocka_unit_test_setup(truncated_entry_is_rebuilt, setup),
        cmocka_unit_test_setup(bad_checksum_is_rebuilt, setup),
        cmocka_unit_test_setup(compiler_version_is_checked_when_asked, setup),
        cmocka_unit_test_setup(cache_dir_from_the_environment, setup),
        cmocka_unit_test_setup(concurrent_writers_leave_a_whole_entry, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
