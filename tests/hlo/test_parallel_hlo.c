/* The parallel layers' sharded programs (tests/gpu/parallel_hlo.c, run on GPUs by
 * tests/gpu/parallel_layers.sh) on a 2-device mesh, small shapes: each parameter's sharding, the
 * manual region around the Triton calls (Sharding, SPMDFullToShardShape, SPMDShardToFullShape),
 * the calls with their local shapes, zeroed outputs and grids, the all-reduce over both devices,
 * and the replicated result. The lines outside the calls are compared exactly; each call's
 * embedded TTIR is the kernel's own (its goldens are tests/golden's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "parallel_hlo.h"

static char *text_of(th_builder *b)
{
    char *t = th_print(b, (th_print_opts){0});
    if (!t)
        fail_msg("th_print failed: %s", th_builder_error(b));
    return t;
}

static void expect_has(const char *text, const char *want)
{
    if (!strstr(text, want))
        fail_msg("missing from the program: %s", want);
}

static int count_of(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

static const pl_moe small_moe = {.tokens = 4, .hidden = 16, .inter = 32, .experts = 2, .top_k = 1};

static void expect_manual_region_and_all_reduce(const char *t, const char *result)
{
    expect_has(t, "mhlo.num_partitions = 2 : i32");
    assert_int_equal(count_of(t, "@SPMDShardToFullShape("), 1);
    expect_has(t, "\"stablehlo.all_reduce\"(%12) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = "
                  "1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}>");
    expect_has(t, result);
}

static void moe_tensor_parallel(void **state)
{
    (void)state;
    th_builder *b = pl_hlo_moe(&small_moe, 2, false);
    char *t = text_of(b);
    expect_has(t, "func.func public @main(%arg0: tensor<4x16xbf16> {mhlo.sharding = \"{replicated}\"}, %arg1: "
                  "tensor<4xi32> {mhlo.sharding = \"{replicated}\"}, %arg2: tensor<4xf32> {mhlo.sharding = "
                  "\"{replicated}\"}, %arg3: tensor<2x32x16xbf16> {mhlo.sharding = \"{devices=[1,2,1]<=[2]}\"}, "
                  "%arg4: tensor<2x16x32xbf16> {mhlo.sharding = \"{devices=[1,1,2]<=[2]}\"}) -> "
                  "(tensor<4x16xbf16> {mhlo.sharding = \"{replicated}\"})");
    /* w1 and w2: each device's half of I */
    expect_has(t, "%7 = stablehlo.custom_call @SPMDFullToShardShape(%6) {mhlo.sharding = \"{manual}\"} : "
                  "(tensor<2x32x16xbf16>) -> tensor<2x16x16xbf16>");
    expect_has(t, "%9 = stablehlo.custom_call @SPMDFullToShardShape(%8) {mhlo.sharding = \"{manual}\"} : "
                  "(tensor<2x16x32xbf16>) -> tensor<2x16x16xbf16>");
    assert_int_equal(count_of(t, "@SPMDFullToShardShape("), 5);
    /* moe_align_block_size, then the two fused_moe GEMMs on the shards */
    assert_int_equal(count_of(t, "stablehlo.custom_call @__gpu$xla.gpu.triton("), 3);
    expect_has(t, "%10:3 = stablehlo.custom_call @__gpu$xla.gpu.triton(%3, ");
    expect_has(t, "tt.func public @moe_align_block_size(");
    expect_has(t, "%11 = stablehlo.custom_call @__gpu$xla.gpu.triton(%1, %7, ");
    expect_has(t, "%12 = stablehlo.custom_call @__gpu$xla.gpu.triton(%11, %9, ");
    assert_int_equal(count_of(t, "tt.func public @fused_moe("), 2);
    assert_int_equal(count_of(t, "zeroed_outputs = [27]"), 1); /* the second GEMM's output */
    /* grid: cdiv(EM = 4 + 2 * 63, 64) * cdiv(N, 64) = 3 */
    assert_int_equal(count_of(t, "grid_x = 3 : i32, grid_y = 1 : i32"), 2);
    expect_manual_region_and_all_reduce(t, "%15 = stablehlo.custom_call @SPMDShardToFullShape(%14) {mhlo.sharding = "
                                           "\"{replicated}\"} : (tensor<4x16xbf16>) -> tensor<4x16xbf16>\n"
                                           "    return %15 : tensor<4x16xbf16>");
    free(t);
    th_builder_destroy(b);
}

static void moe_expert_parallel(void **state)
{
    (void)state;
    th_builder *b = pl_hlo_moe(&small_moe, 2, true);
    char *t = text_of(b);
    expect_has(t, "%arg1: tensor<8xi32> {mhlo.sharding = \"{devices=[2]<=[2]}\"}");
    expect_has(t, "%arg3: tensor<2x32x16xbf16> {mhlo.sharding = \"{devices=[2,1,1]<=[2]}\"}, %arg4: "
                  "tensor<2x16x32xbf16> {mhlo.sharding = \"{devices=[2,1,1]<=[2]}\"}");
    expect_has(t, "(tensor<8xi32>) -> tensor<4xi32>");
    expect_has(t, "(tensor<2x32x16xbf16>) -> tensor<1x32x16xbf16>");
    assert_int_equal(count_of(t, "stablehlo.custom_call @__gpu$xla.gpu.triton("), 3);
    /* one expert per device: EM = 4 + 63, two blocks; N = 32 then 16: grids 2 and 2 */
    assert_int_equal(count_of(t, "zeroed_outputs = [27]"), 1);
    expect_manual_region_and_all_reduce(t, "return %15 : tensor<4x16xbf16>");
    free(t);
    th_builder_destroy(b);
}

static void attention_tensor_parallel(void **state)
{
    (void)state;
    pl_attn a = {.seq = 128, .heads = 2, .head_dim = 64, .model = 16};
    th_builder *b = pl_hlo_attn(&a, 2);
    char *t = text_of(b);
    expect_has(t, "func.func public @main(%arg0: tensor<128x2x64xf16> {mhlo.sharding = \"{devices=[1,2,1]<=[2]}\"}, "
                  "%arg1: tensor<128x2x64xf16> {mhlo.sharding = \"{devices=[1,2,1]<=[2]}\"}, %arg2: "
                  "tensor<128x2x64xf16> {mhlo.sharding = \"{devices=[1,2,1]<=[2]}\"}, %arg3: tensor<128x16xf16> "
                  "{mhlo.sharding = \"{devices=[2,1]<=[2]}\"}) -> (tensor<128x16xf16> {mhlo.sharding = "
                  "\"{replicated}\"})");
    expect_has(t, "(tensor<128x2x64xf16>) -> tensor<128x1x64xf16>");
    expect_has(t, "(tensor<128x16xf16>) -> tensor<64x16xf16>");
    assert_int_equal(count_of(t, "stablehlo.custom_call @__gpu$xla.gpu.triton("), 2);
    expect_has(t, "tt.func public @flash_attention(");
    expect_has(t, "tt.func public @matmul(");
    expect_has(t, "grid_x = 1 : i32, grid_y = 1 : i32"); /* one block of 128 queries, one head per device */
    expect_has(t, "-> (tensor<128xf32>, tensor<128x1x64xf16>)");
    expect_has(t, "\"stablehlo.all_reduce\"(");
    expect_has(t, "replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>");
    expect_has(t, "return %");
    free(t);
    th_builder_destroy(b);
}

static void shapes_that_do_not_divide(void **state)
{
    (void)state;
    pl_moe m = small_moe;
    m.experts = 3;
    th_builder *b = pl_hlo_moe(&m, 2, true);
    assert_true(th_builder_failed(b));
    expect_has(th_builder_error(b), "moe T=4 D=16 I=32 E=3 top_k=1 on 2 device(s): the intermediate size or the "
                                    "experts do not divide among the devices");
    th_builder_destroy(b);
    pl_attn a = {.seq = 128, .heads = 3, .head_dim = 64, .model = 16};
    b = pl_hlo_attn(&a, 2);
    assert_true(th_builder_failed(b));
    expect_has(th_builder_error(b), "the heads do not divide among the devices");
    th_builder_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(moe_tensor_parallel),
        cmocka_unit_test(moe_expert_parallel),
        cmocka_unit_test(attention_tensor_parallel),
        cmocka_unit_test(shapes_that_do_not_divide),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
