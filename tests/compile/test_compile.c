/* The compile step through the stand-in compiler (a test double): the kernel's declared
 * arguments, config texts and commands, a compile's variant, and every error path (no
 * compiler, no triton package, a failed, hanging or garbled compile, compiling off). */
#include "stand_in.h"

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bundled.h"
#include "test_abort.h"
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

static void params_are_the_declared_arguments(void **state)
{
    (void)state;
    int n = -1;
    char *err = NULL;
    tc_param *p = tc_kernel_params(kernel("vector_add"), NULL, &n, &err);
    assert_non_null(p);
    assert_null(err);
    assert_int_equal(n, 4);
    assert_string_equal(p[0].name, "x_ptr");
    assert_int_equal(p[0].kind, TL_ARG_PTR);
    assert_int_equal(p[0].dtype, TL_F32);
    assert_string_equal(p[3].name, "n_elements");
    assert_int_equal(p[3].kind, TL_ARG_SCALAR);
    assert_int_equal(p[3].dtype, TL_I32);
    assert_false(p[3].do_not_specialize);
    free(p);
    assert_null(tc_kernel_params(NULL, NULL, &n, &err));
    assert_string_equal(err, "NULL kernel");
    free(err);
}

static void config_text_spec_and_command(void **state)
{
    (void)state;
    const tl_kernel *mm = kernel("matmul");
    char *text = tc_config_text(mm, NULL);
    assert_string_equal(text, "BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,GROUP_M=8");
    free(text);
    char *spec = tc_declared_spec(mm, NULL, NULL);
    assert_string_equal(spec, "DDDNNNNNNNNN");
    free(spec);

    unsigned char cfg[64];
    memcpy(cfg, mm->cfg_default, mm->cfg_size);
    char why[128];
    assert_true(tl_kernel_set(mm, cfg, "BLOCK_N", "64", why, sizeof why));
    char *cmd = tc_compile_command(mm, cfg, "DDDDDDD1D1D1", (tc_options){.num_warps = 8, .arch = 90});
    assert_string_equal(cmd, "tritonc compile matmul --set BLOCK_N=64 --specialize DDDDDDD1D1D1 --num-warps 8");
    free(cmd);
    cmd = tc_compile_command(kernel("vector_add"), NULL, NULL, (tc_options){.num_stages = 2, .num_ctas = 2, .debug = true});
    assert_string_equal(cmd, "tritonc compile vector_add --num-stages 2 --num-ctas 2 --debug");
    free(cmd);
    tc_options o = tc_options_filled((tc_options){0});
    assert_int_equal(o.arch, 90);
    assert_int_equal(o.num_warps, 4);
    assert_int_equal(o.num_stages, 3);
    assert_int_equal(o.num_ctas, 1);
}

/* The one integer syntax of --set and the command line (tl_parse_decimal). */
static void decimal_integers_only(void **state)
{
    (void)state;
    long long v = 7;
    assert_true(tl_parse_decimal("010", 0, 100, &v));
    assert_int_equal(v, 10);
    assert_true(tl_parse_decimal("-4", -10, 10, &v));
    assert_int_equal(v, -4);
    const char *bad[] = {"0x100", " 256", "256 ", "+256", "25 6", "", "-", "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        v = 7;
        assert_false(tl_parse_decimal(bad[i], LLONG_MIN, LLONG_MAX, &v));
        assert_int_equal(v, 7);
    }
    assert_false(tl_parse_decimal("11", 0, 10, &v));
    assert_false(tl_parse_decimal(NULL, 0, 10, &v));
    assert_false(tl_parse_decimal("1", 0, 10, NULL));
}

static void compile_gives_the_variant(void **state)
{
    (void)state;
    char dir[1024];
    tc_compile_env env = stand_in_env(stand_in_fresh_dir("variant", dir, sizeof dir));
    char *err = NULL;
    tc_variant *v = tc_compile(kernel("matmul"), NULL, "DDDDDDD1D1D1", (tc_options){.num_warps = 8}, &env, &err);
    if (!v)
        fail_msg("%s", err);
    assert_string_equal(v->kernel, "matmul");
    assert_string_equal(v->config, "BLOCK_M=128,BLOCK_N=128,BLOCK_K=64,GROUP_M=8");
    assert_string_equal(v->spec, "DDDDDDD1D1D1");
    assert_string_equal(v->symbol, "matmul");
    assert_int_equal(v->nargs, 9); /* the three strides equal to 1 left the signature */
    assert_int_equal(v->num_warps, 8);
    assert_int_equal(v->options.num_warps, 8);
    assert_int_equal(v->options.num_stages, 3);
    assert_int_equal(v->shared, 3072);
    assert_int_equal(v->cluster_dims[0], 1);
    assert_int_equal(v->global_scratch_align, 1);
    assert_int_equal(v->arch, 90);
    assert_string_equal(v->triton_version, "0.0-stand-in");
    assert_non_null(v->cubin);
    assert_true(v->cubin_size > 0);
    assert_memory_equal(v->cubin, "stand-in cubin: matmul arch=90 warps=8 stages=3 ctas=1 debug=0", 62);
    assert_non_null(strstr(v->ptx, ".visible .entry matmul()"));
    tc_variant_free(v);
    assert_int_equal(stand_in_runs(dir, "compile"), 1);
}

static void bad_specialization_names_the_c_line(void **state)
{
    (void)state;
    char dir[1024];
    tc_compile_env env = stand_in_env(stand_in_fresh_dir("badspec", dir, sizeof dir));
    char *err = NULL;
    assert_null(tc_compile(kernel("vector_add"), NULL, "1DDN", (tc_options){0}, &env, &err));
    assert_string_equal(err, "kernels/features/vector_add.c:12: tl_arg: specialization key '1DDN': '1' for 'x_ptr', which is "
                             "a pointer (want 'D' or 'N')");
    free(err);
    assert_int_equal(stand_in_runs(dir, "compile"), 0);
}

/* tc_compile of vector_add's default in a fresh dir fails; *err is returned for the caller. */
static char *compile_error(const char *name, tc_compile_env *env_out, char *dir, size_t size)
{
    tc_compile_env env = stand_in_env(stand_in_fresh_dir(name, dir, size));
    if (env_out)
        env = *env_out, env.cache_dir = dir;
    char *err = NULL;
    tc_variant *v = tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, &env, &err);
    assert_null(v);
    assert_non_null(err);
    return err;
}

static void expect_error(const char *got, const char *dir, const char *middle)
{
    char want[8192];
    snprintf(want, sizeof want,
             "no compiled variant of vector_add (config BLOCK_SIZE=1024, spec DDDN, arch=90 num_warps=4 "
             "num_stages=3 num_ctas=1 debug=0) in the cache '%s'%s`tritonc compile vector_add --specialize DDDN "
             "--cache-dir %s`",
             dir, middle, dir);
    assert_string_equal(got, want);
}

static void no_compiler_is_one_clear_error(void **state)
{
    (void)state;
    char dir[1024];
    tc_compile_env env = {.compiler = "/nonexistent/stand_in_compiler", .jit = true, .timeout_s = 60};
    char *err = compile_error("nocompiler", &env, dir, sizeof dir);
    expect_error(err, dir,
                 " and the compiler failed: cannot run '/nonexistent/stand_in_compiler': No such file or directory; "
                 "build it where Triton 3.6 is installed with ");
    free(err);
    char *why = NULL;
    assert_null(tc_compiler_version(&env, &why));
    assert_string_equal(why, "cannot run '/nonexistent/stand_in_compiler': No such file or directory");
    free(why);
}

static void no_triton_package_is_one_clear_error(void **state)
{
    (void)state;
    setenv("STAND_IN_NO_TRITON", "1", 1);
    char dir[1024];
    char *err = compile_error("notriton", NULL, dir, sizeof dir);
    expect_error(err, dir,
                 " and the compiler failed: stand_in_compiler: the 'triton' Python package is not installed; build it "
                 "where Triton 3.6 is installed with ");
    free(err);
}

static void failed_compile_is_its_last_line(void **state)
{
    (void)state;
    setenv("STAND_IN_FAIL", "1", 1);
    char dir[1024];
    char *err = compile_error("fail", NULL, dir, sizeof dir);
    expect_error(err, dir,
                 " and the compiler failed: stand_in_compiler: compile failed: RuntimeError: stand-in failure on "
                 "demand; build it where Triton 3.6 is installed with ");
    free(err);
}

static void garbled_output_is_an_error(void **state)
{
    (void)state;
    setenv("STAND_IN_GARBAGE", "1", 1);
    char dir[1024];
    char *err = compile_error("garbage", NULL, dir, sizeof dir);
    expect_error(err, dir,
                 " and the compiler failed: the compiler's output is bad: metadata is truncated (no 'end' line); "
                 "build it where Triton 3.6 is installed with ");
    free(err);
}

static void hanging_compiler_is_killed(void **state)
{
    (void)state;
    setenv("STAND_IN_HANG", "1", 1);
    char dir[1024];
    tc_compile_env env = {.compiler = STAND_IN_COMPILER, .jit = true, .timeout_s = 1};
    char *err = compile_error("hang", &env, dir, sizeof dir);
    char middle[1200];
    snprintf(middle, sizeof middle,
             " and the compiler failed: '%s' ran past the compile timeout of 1 s and was killed; build it where "
             "Triton 3.6 is installed with ",
             STAND_IN_COMPILER);
    expect_error(err, dir, middle);
    free(err);
}

static void compiling_off_names_the_command(void **state)
{
    (void)state;
    char dir[1024];
    tc_compile_env env = {.compiler = STAND_IN_COMPILER, .jit = false};
    char *err = compile_error("jitoff", &env, dir, sizeof dir);
    expect_error(err, dir, " and compiling is off: build it with ");
    free(err);
    /* a NULL env reads TRITONC_JIT and TRITONC_CACHE_DIR */
    setenv("TRITONC_JIT", "0", 1);
    setenv("TRITONC_CACHE_DIR", dir, 1);
    char *err2 = NULL;
    assert_null(tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, NULL, &err2));
    expect_error(err2, dir, " and compiling is off: build it with ");
    free(err2);
    assert_int_equal(stand_in_runs(dir, "compile"), 0);
}

/* TRITONC_JIT is a boolean (false, no, off turn compiling off), TRITONC_COMPILE_TIMEOUT a whole
 * number of seconds: a bad value is the call's one error, naming it. */
static void environment_values_are_strict(void **state)
{
    (void)state;
    char dir[1024];
    tc_compile_env env = {.compiler = STAND_IN_COMPILER, .jit = false};
    free(compile_error("jitenv", &env, dir, sizeof dir));
    setenv("TRITONC_CACHE_DIR", dir, 1);
    setenv("TRITONC_COMPILER", STAND_IN_COMPILER, 1);
    static const char *const off[] = {"false", "no", "OFF"};
    for (int i = 0; i < 3; i++) {
        setenv("TRITONC_JIT", off[i], 1);
        char *err = NULL;
        assert_null(tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, NULL, &err));
        expect_error(err, dir, " and compiling is off: build it with ");
        free(err);
    }
    assert_int_equal(stand_in_runs(dir, "compile"), 0);
    setenv("TRITONC_JIT", "maybe", 1);
    char *err = NULL;
    assert_null(tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, NULL, &err));
    assert_non_null(err);
    assert_string_equal(err, "TRITONC_JIT='maybe' is not a boolean (1, true, yes, on or 0, false, no, off)");
    free(err);
    assert_int_equal(stand_in_runs(dir, "compile"), 0);
    unsetenv("TRITONC_JIT");
    unsetenv("TRITONC_CACHE_DIR");
    unsetenv("TRITONC_COMPILER");
    tc_compile_env version = {.compiler = STAND_IN_COMPILER};
    setenv("TRITONC_COMPILE_TIMEOUT", "ten", 1);
    err = NULL;
    assert_null(tc_compiler_version(&version, &err));
    assert_non_null(err);
    assert_string_equal(err, "TRITONC_COMPILE_TIMEOUT='ten' is not an integer from 1 to 86400");
    free(err);
    setenv("TRITONC_COMPILE_TIMEOUT", "10", 1);
    char *v = tc_compiler_version(&version, &err);
    assert_non_null(v);
    free(v);
    unsetenv("TRITONC_COMPILE_TIMEOUT");
}

static void version_comes_from_the_compiler(void **state)
{
    (void)state;
    setenv("STAND_IN_VERSION", "9.9.9", 1);
    tc_compile_env env = {.compiler = STAND_IN_COMPILER};
    char *err = NULL;
    char *v = tc_compiler_version(&env, &err);
    assert_string_equal(v, "triton 9.9.9");
    assert_null(err);
    free(v);
}

static void null_arguments_are_errors(void **state)
{
    (void)state;
    char *err = NULL;
    assert_null(tc_compile(NULL, NULL, NULL, (tc_options){0}, NULL, &err));
    assert_string_equal(err, "tc_compile: NULL kernel");
    free(err);
    tc_variant_free(NULL);
    assert_null(tc_config_text(NULL, NULL));
    assert_null(tc_compile_command(NULL, NULL, NULL, (tc_options){0}));
}

/* In a child process with TRITONC_ABORT_ON_ERROR=1 (test_abort.h). */
static void compile_null_kernel(void *arg)
{
    (void)arg;
    char *err = NULL;
    tc_compile(NULL, NULL, NULL, (tc_options){0}, NULL, &err);
    free(err);
}

static void compile_null_kernel_no_message(void *arg)
{
    (void)arg;
    tc_compile(NULL, NULL, NULL, (tc_options){0}, NULL, NULL);
}

static void compile_in_env(void *arg)
{
    char *err = NULL;
    tc_variant_free(tc_compile(kernel("vector_add"), NULL, NULL, (tc_options){0}, arg, &err));
    free(err);
}

static void load_variant(void *arg)
{
    char *err = NULL;
    tc_variant_free(tc_variant_load(arg, "vector_add", &err));
    free(err);
}

/* The compile step records its errors through the one error module: TRITONC_ABORT_ON_ERROR=1
 * aborts at the first, the cause (a compiler that cannot run), before the line that wraps it.
 * A call given no place for its message (err NULL) asks for none: no error is recorded, and
 * the compile step's own probes (the compiler's version) do so. */
static void abort_on_error(void **state)
{
    (void)state;
    expect_abort(compile_null_kernel, NULL, "tc_compile: NULL kernel");
    expect_no_abort(compile_null_kernel_no_message, NULL);

    char dir[1024], want[1200];
    tc_compile_env env = stand_in_env(stand_in_fresh_dir("abort", dir, sizeof dir));
    snprintf(want, sizeof want, "cannot read '%s/vector_add.meta': No such file or directory", dir);
    expect_abort(load_variant, dir, want);

    env.compiler = "/nonexistent/stand_in_compiler";
    expect_abort(compile_in_env, &env, "cannot run '/nonexistent/stand_in_compiler': No such file or directory");

    /* in the cache: a hit, and the version probe cannot run the compiler: an error (issue 29),
     * recorded once; without check_version a hit runs no compiler, and no error */
    env.compiler = STAND_IN_COMPILER;
    compile_in_env(&env);
    env.compiler = "/nonexistent/stand_in_compiler";
    env.check_version = true;
    expect_abort(compile_in_env, &env, "cannot run '/nonexistent/stand_in_compiler': No such file or directory");
    env.check_version = false;
    expect_no_abort(compile_in_env, &env);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(params_are_the_declared_arguments, setup),
        cmocka_unit_test_setup(config_text_spec_and_command, setup),
        cmocka_unit_test(decimal_integers_only),
        cmocka_unit_test_setup(compile_gives_the_variant, setup),
        cmocka_unit_test_setup(bad_specialization_names_the_c_line, setup),
        cmocka_unit_test_setup(no_compiler_is_one_clear_error, setup),
        cmocka_unit_test_setup(no_triton_package_is_one_clear_error, setup),
        cmocka_unit_test_setup(failed_compile_is_its_last_line, setup),
        cmocka_unit_test_setup(garbled_output_is_an_error, setup),
        cmocka_unit_test_setup(hanging_compiler_is_killed, setup),
        cmocka_unit_test_setup(compiling_off_names_the_command, setup),
        cmocka_unit_test_setup(environment_values_are_strict, setup),
        cmocka_unit_test_setup(version_comes_from_the_compiler, setup),
        cmocka_unit_test_setup(null_arguments_are_errors, setup),
        cmocka_unit_test_setup(abort_on_error, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
