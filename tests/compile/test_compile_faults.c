/* The compile step under faults (issue 29), against the stand-in compiler (a test double): a
 * compiler that closes its output and runs on meets the deadline; a compiler outlives neither
 * the process that started it nor its temporary directory; with SIGCHLD ignored a failing
 * compiler's error is still its own; a FIFO in the cache is a miss, not a hang. */
#include "stand_in.h"

#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include <cmocka.h>

#include "bundled.h"
#include "tritonc/tritonc.h"

static const tl_kernel *kernel(const char *name)
{
    const tl_kernel *k = tritonc_bundled_find(name);
    assert_non_null(k);
    return k;
}

static int setup(void **state)
{
    (void)state;
    stand_in_reset();
    return 0;
}

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* A compiler that closes its output, then hangs: the 1 s timeout holds (it used to wait for
 * ever in waitpid). */
static void timeout_holds_after_output_closes(void **state)
{
    (void)state;
    alarm(30);
    char dir[1024];
    stand_in_fresh_dir("close_and_hang", dir, sizeof dir);
    tc_compile_env env = stand_in_env(dir);
    env.timeout_s = 1;
    setenv("STAND_IN_CLOSE_AND_HANG", "1", 1);
    char *err = NULL;
    long long t0 = now_ms();
    assert_null(tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, &env, &err));
    long long took = now_ms() - t0;
    assert_non_null(err);
    if (!strstr(err, "ran past the compile timeout of 1 s and was killed"))
        fail_msg("unexpected error: %s", err);
    if (took > 5000)
        fail_msg("a 1 s timeout took %lld ms", took);
    free(err);
    unsetenv("STAND_IN_CLOSE_AND_HANG");
    alarm(0);
}

/* Whether process pid is gone (or a zombie nobody reaps). */
static bool gone(pid_t pid)
{
    if (kill(pid, 0) != 0 && errno == ESRCH)
        return true;
    char path[64], stat[256] = "";
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return true;
    size_t n = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[n] = '\0';
    const char *close = strrchr(stat, ')');
    return close && close[1] == ' ' && (close[2] == 'Z' || close[2] == 'X');
}

/* How many entries dir holds (besides . and ..). */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    if (d)
        closedir(d);
    return n;
}

/* A process compiling with a hanging compiler is killed outright (SIGKILL: it cleans nothing):
 * its compiler dies too, and its temporary directory is removed, within a short time. */
static void compiler_dies_with_its_parent(void **state)
{
    (void)state;
    alarm(30);
    char dir[1024], tmp[1100], pidfile[1100];
    stand_in_fresh_dir("parent_killed", dir, sizeof dir);
    snprintf(tmp, sizeof tmp, "%s/tmp", dir);
    snprintf(pidfile, sizeof pidfile, "%s/compiler.pid", dir);
    assert_int_equal(mkdir(tmp, 0755), 0);
    pid_t parent = fork();
    assert_true(parent >= 0);
    if (parent == 0) {
        setenv("TMPDIR", tmp, 1);
        setenv("STAND_IN_HANG", "1", 1);
        setenv("STAND_IN_PID_FILE", pidfile, 1);
        tc_compile_env env = stand_in_env(dir);
        char *err = NULL;
        tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, &env, &err);
        _exit(3);
    }
    char done[1200];
    snprintf(done, sizeof done, "%s.done", pidfile);
    FILE *f = NULL;
    for (long long t0 = now_ms(); !(f = fopen(done, "r")) && now_ms() - t0 < 10000;)
        sleep_ms(10);
    assert_non_null(f);
    long compiler = 0;
    assert_int_equal(fscanf(f, "%ld", &compiler), 1);
    fclose(f);
    assert_int_equal(entries(tmp), 1); /* the compile's temporary directory */
    kill(parent, SIGKILL);
    waitpid(parent, NULL, 0);
    long long t0 = now_ms();
    while ((!gone((pid_t)compiler) || entries(tmp) != 0) && now_ms() - t0 < 5000)
        sleep_ms(10);
    bool compiler_gone = gone((pid_t)compiler);
    if (!compiler_gone)
        kill((pid_t)compiler, SIGKILL);
    if (!compiler_gone || entries(tmp) != 0)
        fail_msg("5 s after its parent was killed: the compiler %s, the temporary directory %s",
                 compiler_gone ? "is gone" : "still runs", entries(tmp) ? "is still there" : "is removed");
    alarm(0);
}

/* With SIGCHLD ignored (children reaped by the system), a failing compiler's error is its own. */
static void sigchld_ignored(void **state)
{
    (void)state;
    char dir[1024];
    stand_in_fresh_dir("sigchld_ignored", dir, sizeof dir);
    tc_compile_env env = stand_in_env(dir);
    setenv("STAND_IN_FAIL", "1", 1);
    struct sigaction ign = {.sa_handler = SIG_IGN}, old;
    sigaction(SIGCHLD, &ign, &old);
    char *err = NULL;
    assert_null(tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, &env, &err));
    sigaction(SIGCHLD, &old, NULL);
    unsetenv("STAND_IN_FAIL");
    assert_non_null(err);
    if (!strstr(err, "the compiler failed: stand_in_compiler: compile failed: RuntimeError: stand-in failure on demand"))
        fail_msg("unexpected error: %s", err);
    free(err);
}

/* A FIFO where a cache entry should be: the lookup does not block on it (it used to, for ever);
 * it is a miss, said as such, and the next compile puts a whole entry in its place. */
static void fifo_in_the_cache(void **state)
{
    (void)state;
    alarm(30);
    char dir[1024];
    stand_in_fresh_dir("fifo_entry", dir, sizeof dir);
    tc_compile_env env = stand_in_env(dir);
    char *err = NULL;
    tc_variant *v = tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, &env, &err);
    assert_non_null(v);
    tc_variant_free(v);
    char v1[1100], entry[1400] = "";
    snprintf(v1, sizeof v1, "%s/v1", dir);
    DIR *d = opendir(v1);
    assert_non_null(d);
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (e->d_name[0] != '.')
            snprintf(entry, sizeof entry, "%s/%s/entry", v1, e->d_name);
    closedir(d);
    assert_int_equal(unlink(entry), 0);
    assert_int_equal(mkfifo(entry, 0644), 0);
    env.jit = false;
    assert_null(tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, &env, &err));
    if (!strstr(err, "(the entry there is not a regular file) and compiling is off"))
        fail_msg("unexpected error: %s", err);
    free(err);
    env.jit = true;
    v = tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, &env, &err);
    if (!v)
        fail_msg("compile failed: %s", err);
    tc_variant_free(v);
    struct stat st;
    assert_int_equal(stat(entry, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    alarm(0);
}

/* A compiler that cannot be run is an error when its version is asked (check_version, as
 * `tritonc compile` does), even when the cache holds the entry; a lookup that asks nothing
 * (a warm start) does not run the compiler and takes the entry. */
static void missing_compiler_on_a_cache_hit(void **state)
{
    (void)state;
    char dir[1024];
    stand_in_fresh_dir("missing_compiler_hit", dir, sizeof dir);
    tc_compile_env env = stand_in_env(dir);
    char *err = NULL;
    tc_variant *v = tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, &env, &err);
    assert_non_null(v);
    tc_variant_free(v);
    env.compiler = "/nonexistent/compiler";
    env.check_version = true;
    assert_null(tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, &env, &err));
    assert_string_equal(err, "cannot run '/nonexistent/compiler': No such file or directory");
    free(err);
    env.check_version = false;
    v = tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, &env, &err);
    assert_non_null(v);
    tc_variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(sigchld_ignored, setup),
        cmocka_unit_test_setup(compiler_dies_with_its_parent, setup),
        cmocka_unit_test_setup(timeout_holds_after_output_closes, setup),
        cmocka_unit_test_setup(fifo_in_the_cache, setup),
        cmocka_unit_test_setup(missing_compiler_on_a_cache_hit, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
