/* Programs over several devices (tritonc/hlo_shard.h): shardings as XLA writes them, the manual
 * region's custom calls, the collectives' device groups, both printed forms, and every misuse
 * with its exact message and C line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/call.h"

static void expect_text(th_builder *b, bool generic, const char *want)
{
    char *got = th_print(b, (th_print_opts){.generic = generic});
    if (!got)
        fail_msg("th_print failed: %s", th_builder_error(b));
    if (strcmp(got, want) != 0)
        fprintf(stderr, "got:\n%swant:\n%s", got, want);
    assert_string_equal(got, want);
    free(got);
}

/* b is in error with "tests/hlo/test_hlo_shard.c:<line>: <want>"; frees b. */
static void expect_error_at(th_builder *b, int line, const char *want)
{
    char expected[1024];
    snprintf(expected, sizeof expected, "%s:%d: %s", __FILE__, line, want);
    assert_true(th_builder_failed(b));
    assert_string_equal(th_builder_error(b), expected);
    th_builder_destroy(b);
}

static const char *text_of(th_mesh m, int rank, th_sharding s)
{
    static char buf[256];
    return th_sharding_text(m, rank, s, buf, sizeof buf) ? buf : "(none)";
}

static void sharding_texts(void **state)
{
    (void)state;
    assert_string_equal(text_of(TH_MESH(2), 1, TH_SPLIT(0)), "{devices=[2]<=[2]}");
    assert_string_equal(text_of(TH_MESH(2), 2, TH_SPLIT(TH_REPLICATED, 0)), "{devices=[1,2]<=[2]}");
    assert_string_equal(text_of(TH_MESH(2), 2, TH_REPLICATE), "{replicated}");
    assert_string_equal(text_of(TH_MESH(2), 2, TH_SPLIT(TH_REPLICATED, TH_REPLICATED)), "{replicated}");
    assert_string_equal(text_of(TH_MESH(2, 4), 2, TH_SPLIT(0, 1)), "{devices=[2,4]<=[8]}");
    assert_string_equal(text_of(TH_MESH(2, 4), 2, TH_SPLIT(1, 0)), "{devices=[4,2]<=[2,4]T(1,0)}");
    assert_string_equal(text_of(TH_MESH(2, 4), 2, TH_SPLIT(TH_REPLICATED, 0)),
                        "{devices=[1,2,4]<=[8] last_tile_dim_replicate}");
    assert_string_equal(text_of(TH_MESH(2, 4), 2, TH_SPLIT(1, TH_REPLICATED)),
                        "{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}");
    assert_string_equal(text_of(TH_MESH(2, 2, 2), 1, TH_SPLIT(1)),
                        "{devices=[2,4]<=[2,2,2]T(1,0,2) last_tile_dim_replicate}");
    /* what no mesh can take */
    assert_string_equal(text_of(TH_MESH(2), 2, TH_SPLIT(0)), "(none)");
    assert_string_equal(text_of(TH_MESH(2), 1, TH_SPLIT(1)), "(none)");
    assert_string_equal(text_of(TH_MESH(2, 2), 2, TH_SPLIT(1, 1)), "(none)");
    assert_string_equal(text_of(TH_MESH(0), 1, TH_SPLIT(0)), "(none)");
    /* the length needed, without room */
    assert_int_equal(th_sharding_text(TH_MESH(2), 1, TH_SPLIT(0), NULL, 0), strlen("{devices=[2]<=[2]}"));
}

/* The tensor-parallel shape of a layer: x split by columns, a local product, the partial sums
 * all-reduced, the whole result returned. */
static th_builder *tp_program(void)
{
    th_builder *b = th_builder_create("tp");
    th_set_mesh(b, TH_MESH(2));
    th_value x = th_parameter_sharded(b, TH_SHAPE(TL_F32, 8, 64), TH_SPLIT(TH_REPLICATED, 0));
    th_value xl = th_to_local(x, TH_SPLIT(TH_REPLICATED, 0));
    th_value two = th_constant(b, 2.0, th_value_shape(xl));
    th_value partial = th_multiply(xl, two);
    th_value sum = th_all_reduce(partial, TH_REDUCE_SUM, TH_AXES(0));
    th_value y = th_to_global(sum, TH_REPLICATE);
    th_return(b, y);
    th_result_sharding(b, 0, TH_REPLICATE);
    return b;
}

static void tp_program_pretty(void **state)
{
    (void)state;
    th_builder *b = tp_program();
    assert_int_equal(th_num_devices(b), 2);
    expect_text(b, false,
                "module @tp attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {\n"
                "  func.func public @main(%arg0: tensor<8x64xf32> {mhlo.sharding = \"{devices=[1,2]<=[2]}\"}) -> "
                "(tensor<8x32xf32> {mhlo.sharding = \"{replicated}\"}) {\n"
                "    %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = \"{devices=[1,2]<=[2]}\"} : "
                "(tensor<8x64xf32>) -> tensor<8x64xf32>\n"
                "    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = \"{manual}\"} : "
                "(tensor<8x64xf32>) -> tensor<8x32xf32>\n"
                "    %cst = stablehlo.constant dense<2.000000e+00> : tensor<8x32xf32>\n"
                "    %2 = stablehlo.multiply %1, %cst : tensor<8x32xf32>\n"
                "    %3 = \"stablehlo.all_reduce\"(%2) <{channel_handle = #stablehlo.channel_handle<handle = 1, "
                "type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({\n"
                "    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):\n"
                "      %6 = stablehlo.add %arg1, %arg2 : tensor<f32>\n"
                "      stablehlo.return %6 : tensor<f32>\n"
                "    }) : (tensor<8x32xf32>) -> tensor<8x32xf32>\n"
                "    %4 = stablehlo.custom_call @Sharding(%3) {mhlo.sharding = \"{manual}\"} : (tensor<8x32xf32>) -> "
                "tensor<8x32xf32>\n"
                "    %5 = stablehlo.custom_call @SPMDShardToFullShape(%4) {mhlo.sharding = \"{replicated}\"} : "
                "(tensor<8x32xf32>) -> tensor<8x32xf32>\n"
                "    return %5 : tensor<8x32xf32>\n"
                "  }\n"
                "}\n");
    th_builder_destroy(b);
}

static void tp_program_generic(void **state)
{
    (void)state;
    th_builder *b = tp_program();
    expect_text(b, true,
                "\"builtin.module\"() <{sym_name = \"tp\"}> ({\n"
                "  \"func.func\"() <{arg_attrs = [{mhlo.sharding = \"{devices=[1,2]<=[2]}\"}], function_type = "
                "(tensor<8x64xf32>) -> tensor<8x32xf32>, res_attrs = [{mhlo.sharding = \"{replicated}\"}], sym_name = "
                "\"main\", sym_visibility = \"public\"}> ({\n"
                "  ^bb0(%arg0: tensor<8x64xf32>):\n"
                "    %0 = \"stablehlo.custom_call\"(%arg0) <{call_target_name = \"Sharding\"}> {mhlo.sharding = "
                "\"{devices=[1,2]<=[2]}\"} : (tensor<8x64xf32>) -> tensor<8x64xf32>\n"
                "    %1 = \"stablehlo.custom_call\"(%0) <{call_target_name = \"SPMDFullToShardShape\"}> {mhlo.sharding "
                "= \"{manual}\"} : (tensor<8x64xf32>) -> tensor<8x32xf32>\n"
                "    %2 = \"stablehlo.constant\"() <{value = dense<2.000000e+00> : tensor<8x32xf32>}> : () -> "
                "tensor<8x32xf32>\n"
                "    %3 = \"stablehlo.multiply\"(%1, %2) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>\n"
                "    %4 = \"stablehlo.all_reduce\"(%3) <{channel_handle = #stablehlo.channel_handle<handle = 1, "
                "type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({\n"
                "    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):\n"
                "      %7 = \"stablehlo.add\"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
                "      \"stablehlo.return\"(%7) : (tensor<f32>) -> ()\n"
                "    }) : (tensor<8x32xf32>) -> tensor<8x32xf32>\n"
                "    %5 = \"stablehlo.custom_call\"(%4) <{call_target_name = \"Sharding\"}> {mhlo.sharding = "
                "\"{manual}\"} : (tensor<8x32xf32>) -> tensor<8x32xf32>\n"
                "    %6 = \"stablehlo.custom_call\"(%5) <{call_target_name = \"SPMDShardToFullShape\"}> {mhlo.sharding "
                "= \"{replicated}\"} : (tensor<8x32xf32>) -> tensor<8x32xf32>\n"
                "    \"func.return\"(%6) : (tensor<8x32xf32>) -> ()\n"
                "  }) : () -> ()\n"
                "}) {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} : () -> ()\n");
    th_builder_destroy(b);
}

/* Each collective's groups on a 2x2 mesh (devices 0 1 / 2 3), its attributes and its shapes. */
static void collectives_on_a_2x2_mesh(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2, 2));
    th_value x = th_parameter(b, TH_SHAPE(TL_BF16, 8, 4));
    th_value l = th_to_local(x, TH_REPLICATE);
    th_value g = th_all_gather(l, 1, TH_AXES(0));
    th_value r = th_reduce_scatter(g, TH_REDUCE_MIN, 0, TH_AXES(1, 0));
    th_value a = th_all_to_all(r, 1, 0, TH_AXES(1));
    th_value m = th_all_reduce(a, TH_REDUCE_MAX, TH_AXES(0, 1));
    th_return(b, th_to_global(m, TH_SPLIT(0, TH_REPLICATED)));
    expect_text(b, false,
                "module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {\n"
                "  func.func public @main(%arg0: tensor<8x4xbf16>) -> tensor<8x4xbf16> {\n"
                "    %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = \"{replicated}\"} : "
                "(tensor<8x4xbf16>) -> tensor<8x4xbf16>\n"
                "    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = \"{manual}\"} : "
                "(tensor<8x4xbf16>) -> tensor<8x4xbf16>\n"
                "    %2 = \"stablehlo.all_gather\"(%1) <{all_gather_dim = 1 : i64, channel_handle = "
                "#stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : "
                "tensor<2x2xi64>, use_global_device_ids}> : (tensor<8x4xbf16>) -> tensor<8x8xbf16>\n"
                "    %3 = \"stablehlo.reduce_scatter\"(%2) <{channel_handle = #stablehlo.channel_handle<handle = 2, "
                "type = 1>, replica_groups = dense<[[0, 2, 1, 3]]> : tensor<1x4xi64>, scatter_dimension = 0 : i64, "
                "use_global_device_ids}> ({\n"
                "    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):\n"
                "      %8 = stablehlo.minimum %arg1, %arg2 : tensor<bf16>\n"
                "      stablehlo.return %8 : tensor<bf16>\n"
                "    }) : (tensor<8x8xbf16>) -> tensor<2x8xbf16>\n"
                "    %4 = \"stablehlo.all_to_all\"(%3) <{channel_handle = #stablehlo.channel_handle<handle = 3, "
                "type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, "
                "split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x8xbf16>) -> tensor<4x4xbf16>\n"
                "    %5 = \"stablehlo.all_reduce\"(%4) <{channel_handle = #stablehlo.channel_handle<handle = 4, "
                "type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({\n"
                "    ^bb0(%arg1: tensor<bf16>, %arg2: tensor<bf16>):\n"
                "      %8 = stablehlo.maximum %arg1, %arg2 : tensor<bf16>\n"
                "      stablehlo.return %8 : tensor<bf16>\n"
                "    }) : (tensor<4x4xbf16>) -> tensor<4x4xbf16>\n"
                "    %6 = stablehlo.custom_call @Sharding(%5) {mhlo.sharding = \"{manual}\"} : (tensor<4x4xbf16>) -> "
                "tensor<4x4xbf16>\n"
                "    %7 = stablehlo.custom_call @SPMDShardToFullShape(%6) {mhlo.sharding = \"{devices=[2,1,2]<=[4] "
                "last_tile_dim_replicate}\"} : (tensor<4x4xbf16>) -> tensor<8x4xbf16>\n"
                "    return %7 : tensor<8x4xbf16>\n"
                "  }\n"
                "}\n");
    th_builder_destroy(b);
}

/* One device: the same program, with groups of one (a splat) */
static void one_device_mesh(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(1));
    th_value x = th_parameter_sharded(b, TH_SHAPE(TL_F32, 4), TH_SPLIT(0));
    th_value s = th_all_reduce(th_to_local(x, TH_SPLIT(0)), TH_REDUCE_SUM, TH_AXES(0));
    th_return(b, th_to_global(s, TH_SPLIT(0)));
    char *text = th_print(b, (th_print_opts){0});
    assert_non_null(text);
    assert_non_null(strstr(text, "replica_groups = dense<0> : tensor<1x1xi64>"));
    assert_non_null(strstr(text, "mhlo.num_partitions = 1 : i32"));
    free(text);
    th_builder_destroy(b);
}

/* Without a mesh nothing changes: no module attributes, th_num_devices 1. */
static void no_mesh_no_attributes(void **state)
{
    (void)state;
    th_builder *b = th_builder_create("m");
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    th_return(b, x);
    assert_int_equal(th_num_devices(b), 1);
    expect_text(b, false,
                "module @m {\n  func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
                "    return %arg0 : tensor<4xf32>\n  }\n}\n");
    th_builder_destroy(b);
    assert_int_equal(th_num_devices(NULL), 1);
}

static void misuse(void **state)
{
    (void)state;
    int line;
    th_builder *b;
    th_value x, l;

    b = th_builder_create(NULL);
    th_parameter_sharded(b, TH_SHAPE(TL_F32, 4), TH_SPLIT(0)); line = __LINE__;
    expect_error_at(b, line, "th_parameter_sharded: the program has no mesh (call th_set_mesh first)");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2, 0)); line = __LINE__;
    expect_error_at(b, line, "th_set_mesh: every mesh axis has at least one device");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2));
    th_set_mesh(b, TH_MESH(2)); line = __LINE__;
    expect_error_at(b, line, "th_set_mesh: the program already has a mesh (th_set_mesh once)");

    b = th_builder_create(NULL);
    th_parameter(b, TH_SHAPE(TL_F32, 4));
    th_set_mesh(b, TH_MESH(2)); line = __LINE__;
    expect_error_at(b, line, "th_set_mesh: th_set_mesh comes before the program's first parameter or op");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2));
    th_parameter_sharded(b, TH_SHAPE(TL_F32, 4, 4), TH_SPLIT(0)); line = __LINE__;
    expect_error_at(b, line, "th_parameter_sharded: the sharding names 1 dimensions for a tensor of rank 2");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2));
    th_parameter_sharded(b, TH_SHAPE(TL_F32, 4), TH_SPLIT(1)); line = __LINE__;
    expect_error_at(b, line,
                    "th_parameter_sharded: dimension 0 names mesh axis 1; the mesh has axes 0 to 0 (or TH_REPLICATED)");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2, 2));
    th_parameter_sharded(b, TH_SHAPE(TL_F32, 4, 4), TH_SPLIT(1, 1)); line = __LINE__;
    expect_error_at(b, line,
                    "th_parameter_sharded: mesh axis 1 splits dimensions 0 and 1: an axis splits one dimension");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(4));
    th_parameter_sharded(b, TH_SHAPE(TL_F32, 6), TH_SPLIT(0)); line = __LINE__;
    expect_error_at(b, line, "th_parameter_sharded: dimension 0 (6) does not divide into mesh axis 0's 4 devices");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2));
    x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    l = th_to_local(x, TH_SPLIT(0));
    th_to_local(l, TH_SPLIT(0)); line = __LINE__;
    expect_error_at(b, line, "th_to_local: the operand is already a device's shard");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2));
    x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    th_to_global(x, TH_SPLIT(0)); line = __LINE__;
    expect_error_at(b, line, "th_to_global: the operand is a whole tensor: this runs on devices' shards (th_to_local first)");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2));
    x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    th_all_reduce(x, TH_REDUCE_SUM, TH_AXES(0)); line = __LINE__;
    expect_error_at(b, line,
                    "th_all_reduce: the operand is a whole tensor: this runs on devices' shards (th_to_local first)");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2));
    x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    l = th_to_local(th_parameter(b, TH_SHAPE(TL_F32, 8)), TH_SPLIT(0));
    th_add(l, x); line = __LINE__;
    expect_error_at(b, line,
                    "th_add: operand #0 is a device's shard (made inside th_to_local ... th_to_global) and operand #1 "
                    "a whole tensor: bring both to one side (th_to_local or th_to_global)");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2));
    l = th_to_local(th_parameter(b, TH_SHAPE(TL_F32, 8)), TH_SPLIT(0));
    th_return(b, l); line = __LINE__;
    expect_error_at(b, line, "th_return: result 0 is a device's shard: main returns whole tensors (th_to_global first)");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2));
    th_result_sharding(b, 0, TH_SPLIT(0)); line = __LINE__;
    expect_error_at(b, line, "th_result_sharding: main has no return yet (th_result_sharding follows th_return)");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2));
    th_return(b, th_parameter(b, TH_SHAPE(TL_F32, 8)));
    th_result_sharding(b, 1, TH_SPLIT(0)); line = __LINE__;
    expect_error_at(b, line, "th_result_sharding: result 1: main has 1 results");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2));
    l = th_to_local(th_parameter(b, TH_SHAPE(TL_F32, 8)), TH_SPLIT(0));
    th_all_gather(l, 1, TH_AXES(0)); line = __LINE__;
    expect_error_at(b, line, "th_all_gather: all_gather dimension 1 of a tensor of rank 1");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(4));
    l = th_to_local(th_parameter(b, TH_SHAPE(TL_F32, 8)), TH_SPLIT(0));
    th_reduce_scatter(l, TH_REDUCE_SUM, 0, TH_AXES(0)); line = __LINE__;
    expect_error_at(b, line, "th_reduce_scatter: dimension 0 (2) does not divide into the group's 4 devices");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2));
    l = th_to_local(th_parameter(b, TH_SHAPE(TL_F32, 8)), TH_SPLIT(0));
    th_all_reduce(l, (th_reduce_op)7, TH_AXES(0)); line = __LINE__;
    expect_error_at(b, line, "th_all_reduce: unknown reduction 7 (TH_REDUCE_SUM, TH_REDUCE_MAX or TH_REDUCE_MIN)");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2, 2));
    l = th_to_local(th_parameter(b, TH_SHAPE(TL_F32, 8)), TH_SPLIT(0));
    th_all_reduce(l, TH_REDUCE_SUM, TH_AXES(1, 1)); line = __LINE__;
    expect_error_at(b, line, "th_all_reduce: mesh axis 1 is named twice");

    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(2));
    l = th_to_local(th_parameter(b, TH_SHAPE(TL_F32, 8)), TH_SPLIT(0));
    th_all_to_all(l, 0, 0, TH_AXES(2)); line = __LINE__;
    expect_error_at(b, line, "th_all_to_all: mesh axis 2: the mesh has axes 0 to 0");

    /* after an error everything is a no-op and poison flows */
    b = th_builder_create(NULL);
    th_set_mesh(b, TH_MESH(3)); /* fine */
    x = th_parameter_sharded(b, TH_SHAPE(TL_F32, 4), TH_SPLIT(0)); line = __LINE__;
    assert_true(th_value_is_poison(x));
    assert_true(th_value_is_poison(th_to_local(x, TH_SPLIT(0))));
    assert_true(th_value_is_poison(th_all_reduce(x, TH_REDUCE_SUM, TH_AXES(0))));
    expect_error_at(b, line, "th_parameter_sharded: dimension 0 (4) does not divide into mesh axis 0's 3 devices");

    /* NULL builders and values of nothing */
    th_set_mesh(NULL, TH_MESH(2));
    th_result_sharding(NULL, 0, TH_REPLICATE);
    assert_true(th_value_is_poison(th_parameter_sharded(NULL, TH_SHAPE(TL_F32, 4), TH_SPLIT(0))));
    assert_true(th_value_is_poison(th_to_local((th_value){0}, TH_REPLICATE)));
    assert_true(th_value_is_poison(th_all_gather((th_value){0}, 0, TH_AXES(0))));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sharding_texts),     cmocka_unit_test(tp_program_pretty),
        cmocka_unit_test(tp_program_generic), cmocka_unit_test(collectives_on_a_2x2_mesh),
        cmocka_unit_test(one_device_mesh),    cmocka_unit_test(no_mesh_no_attributes),
        cmocka_unit_test(misuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
