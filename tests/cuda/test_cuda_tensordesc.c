/* Host tensor descriptors end to end (issue 30): a kernel declaring TL_TENSORDESC arguments, its
 * TTIR (the descriptor, then its shape and strides, as Triton 3.6's JIT types a
 * TensorDescriptor argument), its key, the launcher's checks of tc_desc with their messages, the
 * CUtensorMap encoded as Triton's launcher encodes it (every field of cuTensorMapEncodeTiled
 * read from the fake driver's log, tests/doubles/fake_libcuda.c, a test double) and passed by
 * value, the decomposed form for a kernel compiled without TMA, the compile step's metadata
 * (the stand-in compiler, a test double, writes Triton's tensordesc_meta lines), and XLA's
 * refusal. */
#include "stand_in.h"

#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fake_symbols.h"
#include "fake_driver_checks.h"

#include "cuda/runtime_internal.h" /* the driver subset, for the fake's types */
#include "tritonc/cuda.h"
#include "tritonc/tritonc.h"

#ifndef FAKE_LIBCUDA
#error "FAKE_LIBCUDA (the fake driver's path) must be defined by the build"
#endif

/* ---- the kernel: Python's
 *     @triton.jit
 *     def copy_desc(a_desc, o_desc, n, BM: tl.constexpr):
 *         pid = tl.program_id(0)
 *         t = a_desc.load([pid * BM, 0])
 *         o_desc.store([pid * BM, 0], t.to(tl.bfloat16))  # (o's block is 64x32: its first half)
 */
typedef struct dk_cfg {
    int BM;
} dk_cfg;
static void dk_body(tl_builder *b, const dk_cfg *cfg)
{
    tl_value a_desc = tl_arg(b, "a_desc", TL_TENSORDESC(TL_F16, 64, 128));
    tl_value o_desc = tl_arg(b, "o_desc", TL_TENSORDESC(TL_BF16, 64, 32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    (void)n;
    tl_value pid = tl_program_id(b, 0);
    tl_value t = tl_descriptor_load(a_desc, TL_LIST(tl_mul(pid, cfg->BM), 0));
    tl_value half = tl_cast(tl_reshape(t, TL_SHAPE(64, 4, 32)), TL_BF16);
    tl_descriptor_store(o_desc, TL_LIST(tl_mul(pid, cfg->BM), 0), tl_sum(half, 1));
}
static const dk_cfg dk_default = {64};
static const tl_cfg_field dk_fields[] = {TL_CFG_FIELD(dk_cfg, BM, TL_CFG_INT)};
TL_KERNEL(copy_desc_kernel, dk_cfg, dk_body, .name = "copy_desc", .inputs = TL_NAMES("a_desc", "n"),
          .outputs = TL_NAMES("o_desc"), .cfg_default = &dk_default, .nfields = 1, .fields = dk_fields);

/* ---- the fake driver ----------------------------------------------------------------------------- */

static void (*fake_reset)(void);
static long (*fake_live_modules)(void);
static tcu_result (*fake_ctx_set_current)(tcu_context);


static int setup(void **state)
{
    (void)state;
    void *dl = dlopen(FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    if (!dl)
        fail_msg("cannot load %s: %s", FAKE_LIBCUDA, dlerror());
    BIND(dl, fake_reset, "fake_cuda_reset");
    BIND(dl, fake_log, "fake_cuda_log");
    BIND(dl, fake_live_modules, "fake_cuda_live_modules");
    BIND(dl, fake_ctx_set_current, "cuCtxSetCurrent");
    return 0;
}

static int reset(void **state)
{
    (void)state;
    stand_in_reset();
    fake_reset();
    fake_ctx_set_current(NULL);
    return 0;
}

static const tc_compile_env none = {.cache_dir = TRITONC_TEST_BINARY_DIR "/tensordesc-empty", .jit = false};

static tc_runtime *fake_runtime(const tc_compile_env *env)
{
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = FAKE_LIBCUDA, .compile = env});
    assert_non_null(rt);
    if (tc_runtime_failed(rt))
        fail_msg("%s", tc_runtime_error(rt));
    return rt;
}

/* The error is "<this file>:<a line>: <want>". */
static void expect_error(tc_runtime *rt, const char *want)
{
    const char *got = tc_runtime_error(rt);
    if (!got)
        fail_msg("expected an error ending\n  %s\nbut there is none", want);
    const char *colon = strncmp(got, __FILE__ ":", strlen(__FILE__) + 1) == 0 ? strchr(got + strlen(__FILE__) + 1, ':')
                                                                             : NULL;
    if (!colon || strcmp(colon + 2, want) != 0)
        fail_msg("expected the error\n  %s:N: %s\ngot\n  %s", __FILE__, want, got);
    tc_runtime_clear_error(rt);
}

/* A variant of copy_desc for key NNN: its fake image takes the descriptors (128 bytes each, then
 * 2 i32 and 2 i64), n and the scratch pointers; meta: Triton's tensordesc_meta (NULL: none). */
static const char tma_image[] = "FAKECUBIN symbol=copy_desc args=128,4,4,8,8,128,4,4,8,8,4,8,8 time_us=1";
static const char decomposed_image[] =
    "FAKECUBIN symbol=copy_desc args=8,8,8,8,8,1,4,4,8,8,8,8,8,8,8,1,4,4,8,8,4,8,8 time_us=1";
static tc_variant made;
static const tc_variant *variant(int ndesc, const tc_tensordesc_meta *meta, const char *image)
{
    made = (tc_variant){.kernel = "copy_desc",
                        .config = "BM=64",
                        .spec = "NNN",
                        .options = tc_options_filled((tc_options){0}),
                        .symbol = "copy_desc",
                        .num_warps = 4,
                        .num_ctas = 1,
                        .cluster_dims = {1, 1, 1},
                        .global_scratch_align = 1,
                        .profile_scratch_align = 1,
                        .arch = 90,
                        .triton_version = "3.6.0",
                        .nargs = 11,
                        .cubin = (const unsigned char *)image,
                        .cubin_size = strlen(image) + 1,
                        .ir_hash = tc_ir_hash(&copy_desc_kernel, NULL, "NNN", (tc_options){0}, NULL),
                        .ntensordesc = ndesc,
                        .tensordesc = meta};
    return &made;
}
/* What Triton's compiler says of copy_desc on sm_90: 128-byte swizzle, boxes 64 wide */
static const tc_tensordesc_meta tma_meta[2] = {{3, 2, 6, false, 2, {64, 64}}, {2, 2, 10, false, 2, {64, 32}}};

#define A 0x100000u
#define O 0x200000u

/* ---- the TTIR and the declaration --------------------------------------------------------------- */

static void typed_as_the_jit_types_a_tensor_descriptor(void **state)
{
    (void)state;
    char *err = NULL;
    char *ttir = tl_kernel_emit(&copy_desc_kernel, NULL, (tl_emit_opts){.no_locations = true}, &err);
    if (!ttir)
        fail_msg("%s", err);
    const char *head =
        "module {\n"
        "  tt.func public @copy_desc(%arg0: !tt.tensordesc<tensor<64x128xf16>>, %arg1: i32, %arg2: i32, %arg3: i64, "
        "%arg4: i64, %arg5: !tt.tensordesc<tensor<64x32xbf16>>, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64, "
        "%arg10: i32) attributes {noinline = false} {\n";
    if (strncmp(ttir, head, strlen(head)) != 0)
        fail_msg("got\n%s", ttir);
    assert_non_null(strstr(ttir, "tt.descriptor_load %arg0[%1, %c0_i32] : !tt.tensordesc<tensor<64x128xf16>> -> "
                                 "tensor<64x128xf16>\n"));
    assert_non_null(strstr(ttir, "tt.descriptor_store %arg5[%6, %c0_i32], %7 : !tt.tensordesc<tensor<64x32xbf16>>, "
                                 "tensor<64x32xbf16>\n"));
    free(ttir);
    /* the declared arguments: one per tl_arg, the descriptors' rank and block */
    int n = 0;
    tc_param *p = tc_kernel_params(&copy_desc_kernel, NULL, &n, &err);
    assert_non_null(p);
    assert_int_equal(n, 3);
    assert_int_equal(p[0].kind, TL_ARG_TENSORDESC);
    assert_int_equal(p[0].dtype, TL_F16);
    assert_int_equal(p[0].rank, 2);
    assert_int_equal(p[0].block_shape[0], 64);
    assert_int_equal(p[0].block_shape[1], 128);
    assert_int_equal(p[1].block_shape[1], 32);
    assert_int_equal(p[2].rank, 0);
    free(p);
    /* never specialized: its letter is N, and D is refused at the tl_arg */
    char *key = tc_declared_spec(&copy_desc_kernel, NULL, &err);
    assert_string_equal(key, "NNN");
    free(key);
    assert_null(tl_kernel_emit(&copy_desc_kernel, NULL, (tl_emit_opts){.specialize = "DNN"}, &err));
    assert_non_null(strstr(err, "tl_arg: specialization key 'DNN': 'D' for 'a_desc', which is a tensor descriptor (want "
                                "'N')"));
    free(err);
    err = NULL;
    /* XLA passes buffers only */
    assert_null(tl_kernel_emit(&copy_desc_kernel, NULL, (tl_emit_opts){.scalars_as_buffers = true}, &err));
    assert_non_null(strstr(err, "tl_arg: 'a_desc' is a host tensor descriptor (TL_TENSORDESC), which XLA cannot pass "
                                "(it passes buffers only): make the descriptor in the kernel "
                                "(tl_make_tensor_descriptor) from a pointer argument"));
    free(err);
    err = NULL;
    assert_null(tl_kernel_emit(&copy_desc_kernel, NULL, (tl_emit_opts){.xla_order = true}, &err));
    assert_non_null(strstr(err, "argument order: 'a_desc' is a host tensor descriptor (TL_TENSORDESC), which XLA "
                                "cannot pass: make the descriptor in the kernel (tl_make_tensor_descriptor) from a "
                                "pointer"));
    free(err);
}

static void block_shapes_are_checked_at_the_tl_arg(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("bad");
    tl_arg(b, "d", TL_TENSORDESC(TL_F32, 64, 48));
    assert_non_null(strstr(tl_builder_error(b), "tl_arg: descriptor block shape element 1 must be a power of 2, not 48"));
    tl_builder_destroy(b);
    b = tl_builder_create("bad");
    tl_arg(b, "d", TL_TENSORDESC(TL_F32, 2, 2, 2, 2, 2, 2));
    assert_non_null(strstr(tl_builder_error(b), "tl_arg: a tensor descriptor has 1 to 5 dimensions, not 6"));
    tl_builder_destroy(b);
}

/* ---- the launch --------------------------------------------------------------------------------- */

static bool launch(tc_runtime *rt, const tc_tensordesc *a, const tc_tensordesc *o, int n)
{
    tc_kernel *k = tc_kernel_get(rt, &copy_desc_kernel, NULL, (tc_options){0});
    return tc_launch(k, tc_grid1(4), NULL, tc_desc(a), tc_desc(o), tc_i32(n));
}

static const tc_tensordesc a_ok = {
    .base = A, .dtype = TL_F16, .rank = 2, .shape = {256, 512}, .strides = {512, 1}, .block_shape = {64, 128}};
static const tc_tensordesc o_ok = {.base = O,
                                   .dtype = TL_BF16,
                                   .rank = 2,
                                   .shape = {256, 40},
                                   .strides = {64, 1},
                                   .block_shape = {64, 32},
                                   .nan_padding = true};

static void encoded_as_tritons_launcher_encodes(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime(&none);
    assert_true(tc_runtime_add_variants(rt, 1, variant(2, tma_meta, tma_image)));
    tc_kernel *k = tc_kernel_get(rt, &copy_desc_kernel, NULL, (tc_options){0});
    char key[8];
    assert_non_null(tc_kernel_key(k, 3, (tc_arg[]){tc_desc(&a_ok), tc_desc(&o_ok), tc_i32(32)}, key, sizeof key));
    assert_string_equal(key, "NND"); /* descriptors are never specialized; n = 32 is */
    assert_true(launch(rt, &a_ok, &o_ok, 7));
    /* every field: Triton's dtype 6 (float16); dims and box innermost first; the byte strides
     * but the innermost; elements strides 1; no interleave; its swizzle; L2 128B; zero fill */
    expect_logged("cuTensorMapEncodeTiled type=6 rank=2 address=0x100000 dims=[512,256] strides=[1024] box=[64,64] "
                  "element_strides=[1,1] interleave=0 swizzle=3 l2=2 oob=0");
    /* bfloat16 is Triton's 10, the driver's 9; NaN padding asks the driver for NaN fill */
    expect_logged("cuTensorMapEncodeTiled type=9 rank=2 address=0x200000 dims=[40,256] strides=[128] box=[32,64] "
                  "element_strides=[1,1] interleave=0 swizzle=2 l2=2 oob=1");
    /* by value (128-byte aligned), then the shape (i32) and strides (i64) of each */
    expect_logged("cuLaunchKernel copy_desc grid=4x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                  "args=[map#1@0x100000,256,512,0x200,0x1,map#2@0x200000,256,40,0x40,0x1,7,0x0,0x0]");
    tc_runtime_destroy(rt);
    assert_int_equal(fake_live_modules(), 0);
}

static void fp4_padded_doubles_the_innermost_dimension(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime(&none);
    tc_tensordesc_meta meta[2] = {tma_meta[0], tma_meta[1]};
    meta[0].fp4_padded = true;
    assert_true(tc_runtime_add_variants(rt, 1, variant(2, meta, tma_image)));
    assert_true(launch(rt, &a_ok, &o_ok, 7));
    expect_logged("cuTensorMapEncodeTiled type=6 rank=2 address=0x100000 dims=[1024,256] strides=[1024] box=[64,64] "
                  "element_strides=[1,1] interleave=0 swizzle=3 l2=2 oob=0");
    expect_logged("cuLaunchKernel copy_desc grid=4x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                  "args=[map#1@0x100000,256,1024,0x200,0x1,map#2@0x200000,256,40,0x40,0x1,7,0x0,0x0]");
    tc_runtime_destroy(rt);
}

static void decomposed_without_tma_metadata(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime(&none);
    assert_true(tc_runtime_add_variants(rt, 1, variant(0, NULL, decomposed_image)));
    assert_true(launch(rt, &a_ok, &o_ok, 7));
    /* base, shape and strides (i64), the padding (i1), then shape (i32) and strides (i64) */
    expect_logged("cuLaunchKernel copy_desc grid=4x1x1 block=128 shared=0 stream=(nil) ctx=primary "
                  "args=[0x100000,0x100,0x200,0x200,0x1,0,256,512,0x200,0x1,0x200000,0x100,0x28,0x40,0x1,1,256,40,"
                  "0x40,0x1,7,0x0,0x0]");
    assert_null(strstr(fake_log(), "cuTensorMapEncodeTiled"));
    tc_runtime_destroy(rt);
}

static void a_variant_of_other_descriptors_is_refused(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime(&none);
    assert_true(tc_runtime_add_variants(rt, 1, variant(1, tma_meta, tma_image)));
    assert_false(launch(rt, &a_ok, &o_ok, 7));
    expect_error(rt, "tc_launch: kernel copy_desc variant NNN has the metadata of 1 tensor descriptors, but the kernel "
                     "takes 2: it was compiled from another kernel");
    tc_runtime_destroy(rt);
    rt = fake_runtime(&none);
    tc_tensordesc_meta wide[2] = {tma_meta[0], tma_meta[1]};
    wide[1].block_size[1] = 512;
    assert_true(tc_runtime_add_variants(rt, 1, variant(2, wide, tma_image)));
    assert_false(launch(rt, &a_ok, &o_ok, 7));
    expect_error(rt, "tc_launch: kernel copy_desc: tensor descriptor 2 is read in boxes of 512 elements along "
                     "dimension 1: TMA takes at most 256");
    tc_runtime_destroy(rt);
}

static void every_misuse_has_its_message(void **state)
{
    (void)state;
    tc_runtime *rt = fake_runtime(&none);
    assert_true(tc_runtime_add_variants(rt, 1, variant(2, tma_meta, tma_image)));
    tc_kernel *k = tc_kernel_get(rt, &copy_desc_kernel, NULL, (tc_options){0});
    tc_tensordesc a;
#define EXPECT(edit, msg)                                                                                              \
    do {                                                                                                               \
        a = a_ok;                                                                                                      \
        edit;                                                                                                          \
        assert_false(launch(rt, &a, &o_ok, 7));                                                                        \
        expect_error(rt, "tc_launch: argument 1 (a_desc) of copy_desc" msg);                                           \
    } while (0)
    EXPECT(a.rank = 3, " is a tensor descriptor of rank 2: got rank 3");
    EXPECT(a.dtype = TL_F32, " is a tensor descriptor of float16: got one of float32");
    EXPECT(a.block_shape[1] = 64, " is a tensor descriptor of 64x128 blocks: got block_shape 64x64");
    EXPECT(a.base = A + 8, ": the descriptor's base 0x100008 must be 16-byte aligned");
    EXPECT(a.shape[0] = 0, ": the descriptor's shape[0] is 0, not from 1 to 2147483647");
    EXPECT(a.shape[1] = (int64_t)1 << 31, ": the descriptor's shape[1] is 2147483648, not from 1 to 2147483647");
    EXPECT(a.strides[1] = 2, ": the descriptor's last dimension must be contiguous (strides[1] is 2, not 1)");
    EXPECT(a.strides[0] = 12,
           ": the descriptor's strides[0] is 12 elements of 2 bytes: strides must be positive multiples of 16 bytes "
           "below 2^40");
    EXPECT(a.strides[0] = -8,
           ": the descriptor's strides[0] is -8 elements of 2 bytes: strides must be positive multiples of 16 bytes "
           "below 2^40");
#undef EXPECT
    /* NULL, a pointer for a descriptor, a descriptor for a scalar */
    assert_false(tc_launch(k, tc_grid1(1), NULL, tc_desc(NULL), tc_desc(&o_ok), tc_i32(7)));
    expect_error(rt, "tc_launch: argument 1 (a_desc) of copy_desc is a tensor descriptor: got tc_desc(NULL)");
    assert_false(tc_launch(k, tc_grid1(1), NULL, tc_ptr(A, TL_F16), tc_desc(&o_ok), tc_i32(7)));
    expect_error(rt, "tc_launch: argument 1 (a_desc) of copy_desc is a tensor descriptor of float16 (tc_desc): got "
                     "tc_ptr(0x100000, float16)");
    assert_false(tc_launch(k, tc_grid1(1), NULL, tc_desc(&a_ok), tc_desc(&o_ok), tc_desc(&a_ok)));
    expect_error(rt, "tc_launch: argument 3 (n) of copy_desc is an int32: got a tc_desc");
    tc_runtime_destroy(rt);
}

/* ---- the compile step: the metadata through the compiler, the cache, files and embedding ----------- */

static void metadata_from_the_compiler_to_the_launch(void **state)
{
    (void)state;
    char dir[1024];
    stand_in_fresh_dir("tensordesc", dir, sizeof dir);
    tc_compile_env env = stand_in_env(dir);
    char *err = NULL;
    tc_variant *v = tc_compile(&copy_desc_kernel, NULL, "NNN", (tc_options){0}, &env, &err);
    if (!v)
        fail_msg("%s", err);
    assert_int_equal(v->nargs, 11); /* 2 descriptors of 1 + 2 * 2, and n */
    assert_int_equal(v->ntensordesc, 2);
    const tc_tensordesc_meta *m = v->tensordesc;
    assert_int_equal(m[0].swizzle, 3);
    assert_int_equal(m[0].elem_size, 2);
    assert_int_equal(m[0].elem_type, 6);
    assert_int_equal(m[0].rank, 2);
    assert_int_equal(m[0].block_size[0], 64);
    assert_int_equal(m[0].block_size[1], 64);
    assert_int_equal(m[1].swizzle, 2);
    assert_int_equal(m[1].elem_type, 10);
    assert_int_equal(m[1].block_size[1], 32);
    /* from the cache, the same */
    tc_variant *again = tc_compile(&copy_desc_kernel, NULL, "NNN", (tc_options){0}, &env, &err);
    assert_non_null(again);
    assert_int_equal(stand_in_runs(dir, "compile"), 1);
    assert_int_equal(again->ntensordesc, 2);
    assert_memory_equal(again->tensordesc, v->tensordesc, 2 * sizeof *m);
    /* NAME.meta */
    char out[1100];
    snprintf(out, sizeof out, "%s/files", dir);
    assert_true(tc_variant_save(v, NULL, out, &err));
    tc_variant *loaded = tc_variant_load(out, "copy_desc", &err);
    assert_non_null(loaded);
    assert_int_equal(loaded->ntensordesc, 2);
    assert_memory_equal(loaded->tensordesc, v->tensordesc, 2 * sizeof *m);
    tc_variant_free(loaded);
    /* an embedded C file */
    char c_file[1100];
    snprintf(c_file, sizeof c_file, "%s/embedded.c", dir);
    const tc_variant *list[] = {v};
    assert_true(tc_embed_write(c_file, "desc_variants", 1, list, &err));
    FILE *f = fopen(c_file, "r");
    assert_non_null(f);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    assert_non_null(strstr(text, "static const tc_tensordesc_meta desc_variants_tensordesc_0[] = {\n    {3, 2, 6, "
                                 "false, 2, {64, 64}},\n    {2, 2, 10, false, 2, {64, 32}}};\n"));
    assert_non_null(strstr(text, ".ntensordesc = 2, .tensordesc = desc_variants_tensordesc_0}"));
    /* sm_80: no TMA, no metadata (the launcher then decomposes) */
    tc_variant *v80 = tc_compile(&copy_desc_kernel, NULL, "NNN", (tc_options){.arch = 80}, &env, &err);
    assert_non_null(v80);
    assert_int_equal(v80->ntensordesc, 0);
    tc_variant_free(v80);
    tc_variant_free(again);
    tc_variant_free(v);

    /* the JIT path: compiled on the miss, the descriptors encoded from the stand-in's metadata */
    tc_runtime *rt = fake_runtime(&env);
    assert_true(launch(rt, &a_ok, &o_ok, 7));
    expect_logged("cuTensorMapEncodeTiled type=6 rank=2 address=0x100000 dims=[512,256] strides=[1024] box=[64,64] "
                  "element_strides=[1,1] interleave=0 swizzle=3 l2=2 oob=0");
    tc_runtime_destroy(rt);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(typed_as_the_jit_types_a_tensor_descriptor, reset),
        cmocka_unit_test_setup(block_shapes_are_checked_at_the_tl_arg, reset),
        cmocka_unit_test_setup(encoded_as_tritons_launcher_encodes, reset),
        cmocka_unit_test_setup(fp4_padded_doubles_the_innermost_dimension, reset),
        cmocka_unit_test_setup(decomposed_without_tma_metadata, reset),
        cmocka_unit_test_setup(a_variant_of_other_descriptors_is_refused, reset),
        cmocka_unit_test_setup(every_misuse_has_its_message, reset),
        cmocka_unit_test_setup(metadata_from_the_compiler_to_the_launch, reset),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
