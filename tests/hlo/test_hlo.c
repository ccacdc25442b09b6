/* The call layer (tritonc/hlo.h): StableHLO programs, XLA's Triton custom call, their text in
 * both forms, and every misuse with its exact message and C line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tritonc/tritonc.h"
#include "tritonc/hlo.h"
#include "xla_calls.h"

/* ---- helpers ---------------------------------------------------------------------------- */

/* Prints b (pretty form unless generic), compares with want, frees both. */
static void expect_program(th_builder *b, bool generic, const char *want)
{
    char *got = th_print(b, (th_print_opts){.generic = generic});
    if (!got)
        fail_msg("th_print failed: %s", th_builder_error(b));
    if (strcmp(got, want) != 0) /* cmocka truncates long strings */
        fprintf(stderr, "got:\n%swant:\n%s", got, want);
    assert_string_equal(got, want);
    free(got);
    th_builder_destroy(b);
}

/* Asserts that b is in error with exactly "tests/hlo/test_hlo.c:<line>: <want>" and that th_print
 * gives nothing, then frees it. */
static void expect_error_in(th_builder *b, const char *file, int line, const char *want)
{
    char *got = th_print(b, (th_print_opts){0});
    if (got) {
        free(got);
        fail_msg("expected an error, got a program");
    }
    const char *msg = th_builder_error(b);
    assert_non_null(msg);
    char full[2048];
    snprintf(full, sizeof full, "%s:%d: %s", file, line, want);
    if (strcmp(msg, full) != 0)
        fprintf(stderr, "got:  %s\nwant: %s\n", msg, full);
    assert_string_equal(msg, full);
    th_builder_destroy(b);
}
#define expect_error(b, line, want) expect_error_in((b), __FILE__, (line), (want))

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = '\0';
    fclose(f);
    return s;
}

/* ---- kernels of these tests -------------------------------------------------------------- */

typedef struct no_cfg {
    int unused;
} no_cfg;
static const no_cfg no_cfg_default = {0};

/* out = x (a copy): the smallest kernel XLA can call. */
enum { COPY_OUT_LINE = __LINE__ + 5 };
static void copy_body(tl_builder *b, const no_cfg *cfg)
{
    (void)cfg;
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value out = tl_arg(b, "out", TL_PTR(TL_F32));
    tl_store(out, tl_load(x));
}
TL_KERNEL(copy_kernel, no_cfg, copy_body, .cfg_default = &no_cfg_default, .name = "copy", .inputs = TL_NAMES("x"), .outputs = TL_NAMES("out"));
TH_KERNEL_CALL(copy_kernel, TH_INPUTS(x), TH_OUTPUTS(out));

/* Two outputs, two inputs: aliases, zeroed outputs, several results. */
static void split_body(tl_builder *b, const no_cfg *cfg)
{
    (void)cfg;
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value s = tl_arg(b, "s", TL_PTR(TL_I32));
    tl_value lo = tl_arg(b, "lo", TL_PTR(TL_F32));
    tl_value hi = tl_arg(b, "hi", TL_PTR(TL_I32));
    tl_store(lo, tl_load(x));
    tl_store(hi, tl_load(s));
}
TL_KERNEL(split_kernel, no_cfg, split_body, .cfg_default = &no_cfg_default, .name = "split", .inputs = TL_NAMES("x", "s"),
          .outputs = TL_NAMES("lo", "hi"));
TH_KERNEL_CALL(split_kernel, TH_INPUTS(x, s), TH_OUTPUTS(lo, hi));

/* n as a scalar: what XLA cannot pass. */
enum { SCALAR_N_LINE = __LINE__ + 5 };
static void scalar_body(tl_builder *b, const no_cfg *cfg)
{
    (void)cfg;
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value out = tl_arg(b, "out", TL_PTR(TL_F32));
    tl_store(out, tl_load(x), .mask = tl_gt(n, 0));
}
TL_KERNEL(scalar_kernel, no_cfg, scalar_body, .cfg_default = &no_cfg_default, .name = "scalar", .inputs = TL_NAMES("x", "n"),
          .outputs = TL_NAMES("out"));
TH_KERNEL_CALL(scalar_kernel, TH_INPUTS(x, n), TH_OUTPUTS(out));

/* An argument too many: XLA passes x and out only. */
enum { EXTRA_FIRST_LINE = __LINE__ + 4 };
static void extra_body(tl_builder *b, const no_cfg *cfg)
{
    (void)cfg;
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value out = tl_arg(b, "out", TL_PTR(TL_F32));
    tl_value scratch = tl_arg(b, "scratch", TL_PTR(TL_F32));
    tl_store(out, tl_load(x));
    tl_store(scratch, tl_load(x));
}
TL_KERNEL(extra_kernel, no_cfg, extra_body, .cfg_default = &no_cfg_default, .name = "extra", .inputs = TL_NAMES("x"), .outputs = TL_NAMES("out"));
TH_KERNEL_CALL(extra_kernel, TH_INPUTS(x), TH_OUTPUTS(out));

/* An in-place buffer: acc += x (where n > 0), out = x. Declared x, acc, n, out; XLA's order is
 * x, n (inputs), acc (inout), out (output), then acc again (its result). */
enum { ACC_ARG_LINE = __LINE__ + 5 }; /* the line of tl_arg(b, "acc", ...) */
static void accumulate_body(tl_builder *b, const no_cfg *cfg)
{
    (void)cfg;
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value acc = tl_arg(b, "acc", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value out = tl_arg(b, "out", TL_PTR(TL_F32));
    tl_value v = tl_load(x);
    tl_store(acc, tl_add(tl_load(acc), v), .mask = tl_gt(n, 0));
    tl_store(out, v);
}
TL_KERNEL(accumulate_kernel, no_cfg, accumulate_body, .cfg_default = &no_cfg_default, .name = "accumulate",
          .inputs = TL_NAMES("x", "n"), .inouts = TL_NAMES("acc"), .outputs = TL_NAMES("out"));
/* The same body, with its lists wrong: acc in two lists; n (a scalar) in place. */
/* on one line: the line C gives a TL_KERNEL call, whichever the compiler */
TL_KERNEL(twice_kernel, no_cfg, accumulate_body, .cfg_default = &no_cfg_default, .name = "twice", .inputs = TL_NAMES("x", "n", "acc"), .inouts = TL_NAMES("acc"), .outputs = TL_NAMES("out"));
enum { TWICE_LINE = __LINE__ - 1 };
TL_KERNEL(scalar_inout_kernel, no_cfg, accumulate_body, .cfg_default = &no_cfg_default, .name = "scalar_inout",
          .inputs = TL_NAMES("x"), .inouts = TL_NAMES("acc", "n"), .outputs = TL_NAMES("out"));

/* Typed call sites whose names are not the kernel's. */
TL_KERNEL(renamed_kernel, no_cfg, copy_body, .cfg_default = &no_cfg_default, .name = "renamed", .inputs = TL_NAMES("x"), .outputs = TL_NAMES("out"));
TH_KERNEL_CALL(renamed_kernel, TH_INPUTS(src), TH_OUTPUTS(out));
TL_KERNEL(wider_kernel, no_cfg, copy_body, .cfg_default = &no_cfg_default, .name = "wider", .inputs = TL_NAMES("x"), .outputs = TL_NAMES("out"));
TH_KERNEL_CALL(wider_kernel, TH_INPUTS(x, y), TH_OUTPUTS(out));

/* The TTIR of copy, as the call embeds it without locations. */
#define COPY_IR                                                                                   \
    "\"module {\\0A  tt.func public @copy(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: "   \
    "!tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {\\0A    %0 = tt.load " \
    "%arg0 : !tt.ptr<f32>\\0A    tt.store %arg1, %0 : !tt.ptr<f32>\\0A    tt.return\\0A  }\\0A}\\0A\""

/* ---- programs ------------------------------------------------------------------------------ */

/* examples/forward.c's forward, built here as a user would, equals tests/golden/hlo/forward.mlir (which
 * `tritonc hlo --program forward` must print too: tools/hlo_programs.c builds it independently). */
static void forward_matches_its_golden(void **state)
{
    (void)state;
    enum { N = 98432 };
    th_builder *b = th_builder_create("forward");
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, N));
    th_value y = th_parameter(b, TH_SHAPE(TL_F32, N));
    th_value x_pre = th_multiply(x, th_constant(b, 2.0, th_value_shape(x)));
    vector_add_xla_kernel_results out =
        th_call(vector_add_xla_kernel, b,
                (vector_add_xla_kernel_inputs){.x_ptr = x_pre, .y_ptr = y,
                                               .n_elements_ptr = th_constant(b, N, TH_SHAPE(TL_I32))},
                (vector_add_xla_kernel_outputs){.output_ptr = th_value_shape(x_pre)},
                (th_call_opts){.grid = {th_cdiv(N, 1024)}, .num_warps = 4, .num_stages = 2, .no_locations = true});
    th_return(b, th_relu(out.output_ptr));
    assert_int_equal(th_num_parameters(b), 2);
    assert_int_equal(th_num_results(b), 1);
    assert_true(th_shape_equal(th_result_shape(b, 0), TH_SHAPE(TL_F32, N)));
    char *golden = read_file(TRITONC_SOURCE_DIR "/tests/golden/hlo/forward.mlir");
    assert_non_null(golden);
    expect_program(b, false, golden);
    free(golden);
}

/* softmax over rows, one program per row: tests/golden/hlo/softmax.mlir. */
static void softmax_matches_its_golden(void **state)
{
    (void)state;
    th_builder *b = th_builder_create("softmax");
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 128, 1000));
    softmax_xla_kernel_inputs in = {.in_ptr = x};
    softmax_xla_kernel_outputs out = {.out_ptr = th_value_shape(x)};
    softmax_xla_kernel_results r = th_call(softmax_xla_kernel, b, in, out,
                                           (th_call_opts){.grid = {128}, .no_locations = true});
    th_return(b, r.out_ptr);
    char *golden = read_file(TRITONC_SOURCE_DIR "/tests/golden/hlo/softmax.mlir");
    assert_non_null(golden);
    expect_program(b, false, golden);
    free(golden);
}

static void copy_call_pretty_and_generic(void **state)
{
    (void)state;
    for (int generic = 0; generic < 2; generic++) {
        th_builder *b = th_builder_create(NULL);
        th_value x = th_parameter(b, TH_SHAPE(TL_F32, 8, 4));
        copy_kernel_results r = th_call(copy_kernel, b, (copy_kernel_inputs){.x = x},
                                        (copy_kernel_outputs){.out = TH_SHAPE(TL_F32, 8, 4)},
                                        (th_call_opts){.no_locations = true});
        th_return(b, r.out);
        if (!generic)
            expect_program(b, false,
                           "module {\n"
                           "  func.func public @main(%arg0: tensor<8x4xf32>) -> tensor<8x4xf32> {\n"
                           "    %0 = stablehlo.custom_call @__gpu$xla.gpu.triton(%arg0) {api_version = 4 : i32, "
                           "backend_config = {grid_x = 1 : i32, grid_y = 1 : i32, grid_z = 1 : i32, ir = " COPY_IR
                           ", name = \"copy\", num_stages = 3 : i32, num_warps = 4 : i32}, operand_layouts = "
                           "[dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} "
                           ": (tensor<8x4xf32>) -> tensor<8x4xf32>\n"
                           "    return %0 : tensor<8x4xf32>\n"
                           "  }\n"
                           "}\n");
        else
            expect_program(b, true,
                           "\"builtin.module\"() ({\n"
                           "  \"func.func\"() <{function_type = (tensor<8x4xf32>) -> tensor<8x4xf32>, sym_name = "
                           "\"main\", sym_visibility = \"public\"}> ({\n"
                           "  ^bb0(%arg0: tensor<8x4xf32>):\n"
                           "    %0 = \"stablehlo.custom_call\"(%arg0) <{api_version = 4 : i32, backend_config = "
                           "{grid_x = 1 : i32, grid_y = 1 : i32, grid_z = 1 : i32, ir = " COPY_IR ", name = "
                           "\"copy\", num_stages = 3 : i32, num_warps = 4 : i32}, call_target_name = "
                           "\"__gpu$xla.gpu.triton\", operand_layouts = [dense<[1, 0]> : tensor<2xindex>], "
                           "result_layouts = [dense<[1, 0]> : tensor<2xindex>]}> : (tensor<8x4xf32>) -> "
                           "tensor<8x4xf32>\n"
                           "    \"func.return\"(%0) : (tensor<8x4xf32>) -> ()\n"
                           "  }) : () -> ()\n"
                           "}) : () -> ()\n");
    }
}

/* Two results, aliases (output_tuple_indices name the result when there are several), XLA's
 * optional fields, 0-d and rank-3 layouts. */
static void several_results_aliases_and_options(void **state)
{
    (void)state;
    th_builder *b = th_builder_create("split_program");
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 2, 3, 4));
    th_value s = th_parameter(b, TH_SHAPE(TL_I32));
    split_kernel_results r = th_call(
        split_kernel, b, (split_kernel_inputs){.x = x, .s = s},
        (split_kernel_outputs){.lo = TH_SHAPE(TL_F32, 2, 3, 4), .hi = TH_SHAPE(TL_I32)},
        (th_call_opts){.grid = {2, 3, 4},
                       .num_warps = 8,
                       .num_stages = 1,
                       .output_operand_aliases = TH_ALIASES({.output_index = 1, .operand_index = 1},
                                                            {.output_index = 0, .operand_index = 0}),
                       .global_scratch_memory_size = 4096,
                       .is_tma_allowed = true,
                       .zeroed_outputs = TH_INDICES(0, 1),
                       .debug = true,
                       .no_locations = true});
    th_return(b, r.hi, r.lo);
    char *text = th_print(b, (th_print_opts){0});
    assert_non_null(text);
    const char *want_call =
        "    %0:2 = stablehlo.custom_call @__gpu$xla.gpu.triton(%arg0, %arg1) {api_version = 4 : i32, "
        "backend_config = {debug = true, global_scratch_memory_size = 4096 : i64, grid_x = 2 : i32, grid_y = 3 : i32, "
        "grid_z = 4 : i32, ir = \"";
    const char *want_tail =
        /* zeroed_outputs counts kernel arguments: the 2 operands, then outputs 0 and 1 */
        "\", is_tma_allowed = true, name = \"split\", num_stages = 1 : i32, num_warps = 8 : i32, zeroed_outputs = "
        "[2, 3]}, operand_layouts = [dense<[2, 1, 0]> : tensor<3xindex>, dense<> : tensor<0xindex>], "
        "output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 1, "
        "operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, "
        "operand_tuple_indices = []>], result_layouts = [dense<[2, 1, 0]> : tensor<3xindex>, dense<> : "
        "tensor<0xindex>]} : (tensor<2x3x4xf32>, tensor<i32>) -> (tensor<2x3x4xf32>, tensor<i32>)\n"
        "    return %0#1, %0#0 : tensor<i32>, tensor<2x3x4xf32>\n"
        "  }\n"
        "}\n";
    const char *head = "module @split_program {\n"
                       "  func.func public @main(%arg0: tensor<2x3x4xf32>, %arg1: tensor<i32>) -> (tensor<i32>, "
                       "tensor<2x3x4xf32>) {\n";
    assert_memory_equal(text, head, strlen(head));
    const char *call = text + strlen(head);
    assert_memory_equal(call, want_call, strlen(want_call));
    const char *tail = strstr(call, "\", is_tma_allowed");
    assert_non_null(tail);
    assert_string_equal(tail, want_tail);
    free(text);
    th_builder_destroy(b);
}

/* With one result an alias names no tuple index. */
static void single_result_alias(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 16));
    copy_kernel_results r = th_call(copy_kernel, b, (copy_kernel_inputs){.x = x},
                                    (copy_kernel_outputs){.out = TH_SHAPE(TL_F32, 16)},
                                    (th_call_opts){.output_operand_aliases = TH_ALIASES({0, 0}), .no_locations = true});
    th_return(b, r.out);
    char *text = th_print(b, (th_print_opts){0});
    assert_non_null(text);
    assert_non_null(strstr(text, "output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = "
                                 "[], operand_index = 0, operand_tuple_indices = []>]"));
    free(text);
    th_builder_destroy(b);
}

/* Locations are on by default: the embedded TTIR names the kernel's C lines, its quotes
 * escaped as MLIR escapes them (\22). */
static void embedded_ttir_keeps_locations(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 16));
    copy_kernel_results r = th_call(copy_kernel, b, (copy_kernel_inputs){.x = x},
                                    (copy_kernel_outputs){.out = TH_SHAPE(TL_F32, 16)}, (th_call_opts){0});
    th_return(b, r.out);
    char *text = th_print(b, (th_print_opts){0});
    assert_non_null(text);
    assert_non_null(strstr(text, "tt.return loc(\\22tests/hlo/test_hlo.c\\22:"));
    /* The whole TTIR stays on the call's line: its newlines are \0A. */
    const char *ir = strstr(text, "ir = \""), *end = strstr(text, "\", name = ");
    assert_true(ir && end && ir < end);
    assert_null(memchr(ir, '\n', (size_t)(end - ir)));
    free(text);
    th_builder_destroy(b);
}

/* Constants of every kind, named as MLIR names them (%c for integers, %cst otherwise, made
 * unique by one counter), and the element-wise ops. */
static void constants_and_elementwise_ops(void **state)
{
    (void)state;
    /* One op per statement: C evaluates a call's arguments in no fixed order. */
    th_builder *b = th_builder_create("ops");
    th_value x = th_parameter(b, TH_SHAPE(TL_F16, 4));
    th_value a = th_add(x, th_constant(b, 0.1, TH_SHAPE(TL_F16, 4)));
    th_value a32 = th_convert(a, TL_F32);
    th_value m = th_maximum(a32, th_constant(b, -1.5, TH_SHAPE(TL_F32, 4)));
    th_value m32 = th_convert(m, TL_I32);
    th_value i = th_multiply(m32, th_constant(b, -7, TH_SHAPE(TL_I32, 4)));
    th_value u = th_convert(i, TL_U32);
    th_value t = th_add(u, th_constant(b, 4294967295.0, TH_SHAPE(TL_U32, 4)));
    th_value big = th_constant_int(b, -9223372036854775807LL - 1, TH_SHAPE(TL_I64));
    th_value flag = th_constant(b, 1, TH_SHAPE(TL_I1));
    th_value third = th_constant(b, 1.0 / 3.0, TH_SHAPE(TL_BF16));
    th_value d = th_relu(th_constant(b, 2.5, TH_SHAPE(TL_F64, 2)));
    th_value t8 = th_convert(t, TL_I8);
    th_value r = th_relu(t8);
    th_value same = th_convert(x, TL_F16);
    th_return(b, r, big, flag, third, d, same);
    expect_program(b, false,
                   "module @ops {\n"
                   "  func.func public @main(%arg0: tensor<4xf16>) -> (tensor<4xi8>, tensor<i64>, tensor<i1>, "
                   "tensor<bf16>, tensor<2xf64>, tensor<4xf16>) {\n"
                   "    %cst = stablehlo.constant dense<9.997550e-02> : tensor<4xf16>\n"
                   "    %0 = stablehlo.add %arg0, %cst : tensor<4xf16>\n"
                   "    %1 = stablehlo.convert %0 : (tensor<4xf16>) -> tensor<4xf32>\n"
                   "    %cst_0 = stablehlo.constant dense<-1.500000e+00> : tensor<4xf32>\n"
                   "    %2 = stablehlo.maximum %1, %cst_0 : tensor<4xf32>\n"
                   "    %3 = stablehlo.convert %2 : (tensor<4xf32>) -> tensor<4xi32>\n"
                   "    %c = stablehlo.constant dense<-7> : tensor<4xi32>\n"
                   "    %4 = stablehlo.multiply %3, %c : tensor<4xi32>\n"
                   "    %5 = stablehlo.convert %4 : (tensor<4xi32>) -> tensor<4xui32>\n"
                   "    %c_1 = stablehlo.constant dense<4294967295> : tensor<4xui32>\n"
                   "    %6 = stablehlo.add %5, %c_1 : tensor<4xui32>\n"
                   "    %c_2 = stablehlo.constant dense<-9223372036854775808> : tensor<i64>\n"
                   "    %c_3 = stablehlo.constant dense<true> : tensor<i1>\n"
                   "    %cst_4 = stablehlo.constant dense<3.339840e-01> : tensor<bf16>\n"
                   "    %cst_5 = stablehlo.constant dense<2.500000e+00> : tensor<2xf64>\n"
                   "    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<2xf64>\n"
                   "    %7 = stablehlo.maximum %cst_5, %cst_6 : tensor<2xf64>\n"
                   "    %8 = stablehlo.convert %6 : (tensor<4xui32>) -> tensor<4xi8>\n"
                   "    %c_7 = stablehlo.constant dense<0> : tensor<4xi8>\n"
                   "    %9 = stablehlo.maximum %8, %c_7 : tensor<4xi8>\n"
                   "    %10 = stablehlo.convert %arg0 : tensor<4xf16>\n"
                   "    return %9, %c_2, %c_3, %cst_4, %7, %10 : tensor<4xi8>, tensor<i64>, tensor<i1>, tensor<bf16>, "
                   "tensor<2xf64>, tensor<4xf16>\n"
                   "  }\n"
                   "}\n");
}

static void constants_generic_form(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value c = th_constant(b, 3, TH_SHAPE(TL_U8, 2));
    th_return(b, th_add(c, th_constant(b, 0.5 * 4, TH_SHAPE(TL_U8, 2))));
    expect_program(b, true,
                   "\"builtin.module\"() ({\n"
                   "  \"func.func\"() <{function_type = () -> tensor<2xui8>, sym_name = \"main\", sym_visibility = "
                   "\"public\"}> ({\n"
                   "    %0 = \"stablehlo.constant\"() <{value = dense<3> : tensor<2xui8>}> : () -> tensor<2xui8>\n"
                   "    %1 = \"stablehlo.constant\"() <{value = dense<2> : tensor<2xui8>}> : () -> tensor<2xui8>\n"
                   "    %2 = \"stablehlo.add\"(%0, %1) : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8>\n"
                   "    \"func.return\"(%2) : (tensor<2xui8>) -> ()\n"
                   "  }) : () -> ()\n"
                   "}) : () -> ()\n");
}

/* The untyped call, for calls built from data, and th_shape's helpers. */
static void untyped_call_and_shapes(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value in[1] = {th_parameter(b, TH_SHAPE(TL_F32, 3))};
    th_shape out[1] = {TH_SHAPE(TL_F32, 3)};
    th_value res[1];
    assert_true(th_triton_call_at(TH_SITE("th_triton_call"), b, &copy_kernel, in, out,
                                  (th_call_opts){.no_locations = true}, res));
    th_return(b, res[0]);
    assert_true(th_shape_equal(th_value_shape(res[0]), out[0]));
    assert_int_equal(th_shape_numel(TH_SHAPE(TL_F32, 3, 5)), 15);
    assert_int_equal(th_shape_numel(TH_SHAPE(TL_I32)), 1);
    assert_int_equal(th_shape_numel(TH_SHAPE(TL_I32, 0)), 0);
    char text[64];
    th_shape_str(TH_SHAPE(TL_FP8E4NV, 16, 2), text, sizeof text);
    assert_string_equal(text, "tensor<16x2xf8E4M3FN>");
    th_shape_str(TH_SHAPE(TL_F32, 1, 2, 3, 4, 5, 6, 7, 8, 9), text, sizeof text);
    assert_string_equal(text, "<invalid shape>");
    assert_int_equal(th_parameter_shape(b, 1).rank, -1);
    assert_int_equal(th_result_shape(b, 1).rank, -1);
    char *t = th_print(b, (th_print_opts){0});
    assert_non_null(t);
    char *again = th_print(b, (th_print_opts){0}); /* printing is repeatable */
    assert_string_equal(t, again);
    free(t);
    free(again);
    th_builder_destroy(b);
}

/* ---- misuse of the call: each check with its exact message --------------------------------- */

/* Each failing call is on one line: for a macro call spread over several lines, gcc and clang
 * disagree on its __LINE__. */

/* Scalars as buffers, in XLA's order: n becomes a !tt.ptr<i32> loaded where tl_arg declares it,
 * and the arguments are x, n (inputs), then out, whatever order the body declares them in. */
static const char SCALAR_AS_BUFFER_TTIR[] =
    "module {\n"
    "  tt.func public @scalar(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> "
    "{tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    %0 = tt.load %arg1 : !tt.ptr<i32>\n"
    "    %1 = arith.cmpi sgt, %0, %c0_i32 : i32\n"
    "    %2 = tt.load %arg0 : !tt.ptr<f32>\n"
    "    tt.store %arg2, %2, %1 : !tt.ptr<f32>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

static void scalar_emitted_as_buffer(void **state)
{
    (void)state;
    char *err = NULL;
    char *text = tl_kernel_emit(&scalar_kernel, NULL,
                                (tl_emit_opts){.no_locations = true, .scalars_as_buffers = true, .xla_order = true},
                                &err);
    if (!text)
        fail_msg("%s", err);
    if (strcmp(text, SCALAR_AS_BUFFER_TTIR) != 0)
        fprintf(stderr, "got:\n%s", text);
    assert_string_equal(text, SCALAR_AS_BUFFER_TTIR);
    free(text);
}

/* The declared order, with a body that declares out before n: only the scalar changes. */
static void scalar_as_buffer_keeps_order(void **state)
{
    (void)state;
    char *err = NULL;
    tl_builder *kb = tl_kernel_build(&scalar_kernel, NULL, (tl_emit_opts){.no_locations = true, .scalars_as_buffers = true},
                                     NULL, &err);
    assert_non_null(kb);
    const tl_argspec *n = tl_builder_argspec(kb, 1);
    assert_string_equal(n->name, "n");
    assert_int_equal(n->kind, TL_ARG_PTR);
    assert_int_equal(n->dtype, TL_I32);
    tl_builder_destroy(kb);
}

/* A specialization letter other than 'N' for a scalar loaded from a buffer is refused. */
static void scalar_as_buffer_specialized(void **state)
{
    (void)state;
    char *err = NULL;
    char *text = tl_kernel_emit(&scalar_kernel, NULL,
                                (tl_emit_opts){.no_locations = true, .scalars_as_buffers = true, .specialize = "D1D"},
                                &err);
    assert_null(text);
    char want[400];
    snprintf(want, sizeof want,
             "tests/hlo/test_hlo.c:%d: tl_arg: specialization key 'D1D': '1' for scalar 'n', which is loaded from a buffer "
             "(scalars as buffers): its value is not known when the kernel is compiled (want 'N')",
             SCALAR_N_LINE);
    assert_string_equal(err, want);
    free(err);
    text = tl_kernel_emit(&scalar_kernel, NULL,
                          (tl_emit_opts){.no_locations = true, .scalars_as_buffers = true, .specialize = "DND"}, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "%arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}")); /* the buffer keeps its 16 */
    free(text);
}

/* The call layer emits scalars as buffers: a kernel with a scalar argument is callable. */
static void scalar_argument_called(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 8));
    th_value n = th_parameter(b, TH_SHAPE(TL_I32));
    scalar_kernel_inputs in = {.x = x, .n = n};
    scalar_kernel_outputs out = {.out = TH_SHAPE(TL_F32, 8)};
    scalar_kernel_results r = th_call(scalar_kernel, b, in, out, (th_call_opts){.no_locations = true});
    assert_false(th_value_is_poison(r.out));
    th_return(b, r.out);
    char *text = th_print(b, (th_print_opts){0});
    assert_non_null(text);
    assert_non_null(strstr(text, "func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<i32>) -> tensor<8xf32>"));
    assert_non_null(strstr(text, "%0 = tt.load %arg1 : !tt.ptr<i32>\\0A"));
    assert_non_null(strstr(text, "(%arg0, %arg1)"));
    free(text);
    th_builder_destroy(b);
}

static void error_element_type(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F16, 1024));
    th_value n = th_constant(b, 1024, TH_SHAPE(TL_I32));
    vector_add_xla_kernel_inputs in = {.x_ptr = x, .y_ptr = x, .n_elements_ptr = n};
    vector_add_xla_kernel_outputs out = {.output_ptr = TH_SHAPE(TL_F32, 1024)};
    int line = __LINE__ + 1;
    (void)th_call(vector_add_xla_kernel, b, in, out, (th_call_opts){0});
    const char *msg = th_builder_error(b);
    assert_non_null(msg);
    /* The kernel's line comes from kernels/features/vector_add_xla.c; the rest is exact. */
    char head[160];
    snprintf(head, sizeof head,
             "tests/hlo/test_hlo.c:%d: vector_add_xla_kernel_call: kernel vector_add_xla argument 0 "
             "(kernels/features/vector_add_xla.c:",
             line);
    assert_memory_equal(msg, head, strlen(head));
    assert_string_equal(strchr(msg + strlen(head), ')'),
                        "), where XLA passes input 'x_ptr', is !tt.ptr<f32> but its tensor is tensor<1024xf16>: the "
                        "element types differ");
    th_builder_destroy(b);
}

static void error_output_element_type(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    copy_kernel_outputs out = {.out = TH_SHAPE(TL_BF16, 4)};
    int line = __LINE__ + 1;
    (void)th_call(copy_kernel, b, (copy_kernel_inputs){.x = x}, out, (th_call_opts){0});
    char want[512];
    snprintf(want, sizeof want,
             "copy_kernel_call: kernel copy argument 1 (tests/hlo/test_hlo.c:%d), where XLA passes output 'out', is "
             "!tt.ptr<f32> but its tensor is tensor<4xbf16>: the element types differ",
             COPY_OUT_LINE);
    expect_error(b, line, want);
}

static void error_argument_count(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    extra_kernel_outputs out = {.out = TH_SHAPE(TL_F32, 4)};
    int line = __LINE__ + 1;
    (void)th_call(extra_kernel, b, (extra_kernel_inputs){.x = x}, out, (th_call_opts){0});
    char want[400];
    snprintf(want, sizeof want,
             "extra_kernel_call: kernel extra failed to build: tests/hlo/test_hlo.c:%d: tl_kernel_emit: the argument "
             "order (XLA's: the kernel's .inputs, .inouts, then .outputs) names 2 arguments, but the kernel declares 3 "
             "('scratch' is in none of them)",
             EXTRA_FIRST_LINE);
    expect_error(b, line, want);
}

static void error_missing_input(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 1024));
    vector_add_xla_kernel_inputs in = {.x_ptr = x, .y_ptr = x}; /* n_elements_ptr left out */
    vector_add_xla_kernel_outputs out = {.output_ptr = th_value_shape(x)};
    int line = __LINE__ + 1;
    vector_add_xla_kernel_results r = th_call(vector_add_xla_kernel, b, in, out, (th_call_opts){0});
    assert_true(th_value_is_poison(r.output_ptr));
    expect_error(b, line, "vector_add_xla_kernel_call: vector_add_xla: input 'n_elements_ptr' is missing (left zero)");
}

static void error_missing_output(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    int line = __LINE__ + 1;
    (void)th_call(copy_kernel, b, (copy_kernel_inputs){.x = x}, (copy_kernel_outputs){0}, (th_call_opts){0});
    expect_error(b, line, "copy_kernel_call: copy: output 'out' is missing (its shape is left zero)");
}

static void error_bad_output_shape(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    copy_kernel_outputs out = {.out = TH_SHAPE(TL_F32, 4, -2)};
    int line = __LINE__ + 1;
    (void)th_call(copy_kernel, b, (copy_kernel_inputs){.x = x}, out, (th_call_opts){0});
    expect_error(b, line,
                 "copy_kernel_call: copy: output 'out' has a dimension that is not positive (dtype float32, rank 2)");
}

static void error_names_differ(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    renamed_kernel_outputs out = {.out = TH_SHAPE(TL_F32, 4)};
    int line = __LINE__ + 1;
    (void)th_call(renamed_kernel, b, (renamed_kernel_inputs){.src = x}, out, (th_call_opts){0});
    expect_error(b, line,
                 "renamed_kernel_call: TH_KERNEL_CALL(renamed) names input 0 'src', but the kernel's .inputs has "
                 "'x' there");
}

static void error_name_count_differs(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    wider_kernel_outputs out = {.out = TH_SHAPE(TL_F32, 4)};
    int line = __LINE__ + 1;
    (void)th_call(wider_kernel, b, (wider_kernel_inputs){.x = x, .y = x}, out, (th_call_opts){0});
    expect_error(b, line,
                 "wider_kernel_call: TH_KERNEL_CALL(wider) names 2 inputs (x, y) but the kernel's .inputs has 1 (x)");
}

/* copy(x) with the given options: the error's line is this call's. */
static void copy_with(th_call_opts opts, const char *want)
{
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    copy_kernel_outputs out = {.out = TH_SHAPE(TL_F32, 4)};
    int line = __LINE__ + 1;
    (void)th_call(copy_kernel, b, (copy_kernel_inputs){.x = x}, out, opts);
    expect_error(b, line, want);
}

/* split(x, s) with the given options. */
static void split_with(th_call_opts opts, const char *want)
{
    th_builder *b = th_builder_create(NULL);
    split_kernel_inputs in = {.x = th_parameter(b, TH_SHAPE(TL_F32, 4))};
    in.s = th_parameter(b, TH_SHAPE(TL_I32));
    split_kernel_outputs out = {.lo = TH_SHAPE(TL_F32, 4), .hi = TH_SHAPE(TL_I32)};
    int line = __LINE__ + 1;
    (void)th_call(split_kernel, b, in, out, opts);
    expect_error(b, line, want);
}

static void error_aliases(void **state)
{
    (void)state;
    copy_with((th_call_opts){.output_operand_aliases = TH_ALIASES({.output_index = 1, .operand_index = 0})},
              "copy_kernel_call: copy: alias 0 names output 1, but the kernel has 1 output");
    split_with((th_call_opts){.output_operand_aliases = TH_ALIASES({.output_index = 0, .operand_index = 2})},
               "split_kernel_call: split: alias 0 names operand 2, but the kernel has 2 inputs");
    split_with((th_call_opts){.output_operand_aliases = TH_ALIASES({.output_index = 1, .operand_index = 0})},
               "split_kernel_call: split: alias 0 makes output 1 'hi' (tensor<i32>) reuse operand 0 'x' "
               "(tensor<4xf32>): the types differ");
    split_with((th_call_opts){.output_operand_aliases = TH_ALIASES({1, 1}, {1, 1})},
               "split_kernel_call: split: output 1 'hi' is aliased twice (aliases 0 and 1)");
    split_with((th_call_opts){.output_operand_aliases = {2, NULL}},
               "split_kernel_call: split: output_operand_aliases has 2 entries and no items");
}

static void error_zeroed_outputs(void **state)
{
    (void)state;
    copy_with((th_call_opts){.zeroed_outputs = TH_INDICES(3)},
              "copy_kernel_call: copy: zeroed_outputs names output 3, but the kernel has 1 output");
    copy_with((th_call_opts){.zeroed_outputs = TH_INDICES(0, 0)},
              "copy_kernel_call: copy: zeroed_outputs names output 0 twice");
}

static void error_launch_options(void **state)
{
    (void)state;
    copy_with((th_call_opts){.grid = {1, -2, 1}},
              "copy_kernel_call: copy: grid_y is -2 (a grid size is positive; 0 means 1)");
    copy_with((th_call_opts){.num_warps = 3},
              "copy_kernel_call: copy: num_warps is 3 (Triton wants a power of two; 0 means 4)");
    copy_with((th_call_opts){.num_stages = -1}, "copy_kernel_call: copy: num_stages is -1 (0 means 3)");
    copy_with((th_call_opts){.global_scratch_memory_size = -8},
              "copy_kernel_call: copy: global_scratch_memory_size is -8 (bytes, not negative)");
}

static void error_kernel_fails_to_build(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    th_value n = th_constant(b, 4, TH_SHAPE(TL_I32));
    vector_add_xla_kernel_inputs in = {.x_ptr = x, .y_ptr = x, .n_elements_ptr = n};
    vector_add_xla_kernel_outputs out = {.output_ptr = th_value_shape(x)};
    struct {
        int BLOCK_SIZE;
    } cfg = {3}; /* vector_add_xla's config, with a BLOCK_SIZE tl_arange refuses */
    int line = __LINE__ + 1;
    (void)th_call(vector_add_xla_kernel, b, in, out, (th_call_opts){.cfg = &cfg});
    const char *msg = th_builder_error(b);
    assert_non_null(msg);
    char head[160];
    snprintf(head, sizeof head,
             "tests/hlo/test_hlo.c:%d: vector_add_xla_kernel_call: kernel vector_add_xla failed to build: "
             "kernels/features/vector_add_xla.c:",
             line);
    assert_memory_equal(msg, head, strlen(head));
    assert_non_null(strstr(msg, ": tl_arange: "));
    th_builder_destroy(b);
}

/* ---- misuse of the builder -------------------------------------------------------------------- */

static void error_binary_types_differ(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    int line = __LINE__ + 1;
    th_value y = th_add(x, th_constant(b, 1, TH_SHAPE(TL_F32)));
    assert_true(th_value_is_poison(y));
    th_return(b, th_multiply(y, y)); /* poison in, nothing more */
    expect_error(b, line, "th_add: operands of different types, tensor<4xf32> and tensor<f32> (StableHLO does not "
                          "broadcast)");
}

static void error_constant_out_of_range(void **state)
{
    (void)state;
    static const struct {
        double v;
        tl_dtype d;
        const char *want;
    } cases[] = {
        {256, TL_U8, "th_constant: 256 is not a value of uint8"},
        {-1, TL_U32, "th_constant: -1 is not a value of uint32"},
        {2, TL_I1, "th_constant: 2 is not a value of int1"},
        {0.5, TL_I32, "th_constant: 0.5 is not a value of int32"},
        {-129, TL_I8, "th_constant: -129 is not a value of int8"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        th_builder *b = th_builder_create(NULL);
        int line = __LINE__ + 1;
        th_value c = th_constant(b, cases[i].v, TH_SHAPE(cases[i].d));
        th_return(b, c);
        expect_error(b, line, cases[i].want);
    }
    th_builder *b = th_builder_create(NULL);
    int line = __LINE__ + 1;
    th_return(b, th_constant_int(b, 40000, TH_SHAPE(TL_I16)));
    expect_error(b, line, "th_constant_int: 40000 is not a value of int16");
}

static void error_bad_shapes_and_dtypes(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    int line = __LINE__ + 1;
    th_parameter(b, TH_SHAPE(TL_F32, 1, 2, 3, 4, 5, 6, 7, 8, 9));
    expect_error(b, line, "th_parameter: the parameter's shape has a rank outside 0..8 (dtype float32, rank 9)");

    b = th_builder_create(NULL);
    line = __LINE__ + 1;
    th_constant(b, 0, TH_SHAPE(TL_DTYPE_INVALID, 4));
    expect_error(b, line, "th_constant: the constant's shape has an invalid dtype (dtype ?, rank 1)");

    b = th_builder_create(NULL);
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    line = __LINE__ + 1;
    th_convert(x, TL_DTYPE_COUNT);
    char want[128];
    snprintf(want, sizeof want, "th_convert: cannot convert to an invalid dtype (%d)", (int)TL_DTYPE_COUNT);
    expect_error(b, line, want);
}

static void error_values_absent_foreign_and_late(void **state)
{
    (void)state;
    th_builder *b = th_builder_create(NULL);
    int line = __LINE__ + 1;
    th_return(b, (th_value){0});
    expect_error(b, line, "th_return: result 0 is absent (a th_value left zero)");

    b = th_builder_create(NULL);
    th_builder *other = th_builder_create(NULL);
    th_value theirs = th_parameter(other, TH_SHAPE(TL_F32, 4));
    th_value mine = th_parameter(b, TH_SHAPE(TL_F32, 4));
    line = __LINE__ + 1;
    th_add(mine, theirs);
    expect_error(b, line, "th_add: the second operand belongs to another builder");

    /* Poison of a builder in error, used on a healthy one. */
    th_value bad = th_add(theirs, th_constant(other, 1, TH_SHAPE(TL_F32)));
    assert_true(th_builder_failed(other));
    b = th_builder_create(NULL);
    line = __LINE__ + 1;
    th_relu(th_add(th_parameter(b, TH_SHAPE(TL_F32, 4)), bad));
    expect_error(b, line, "th_add: the second operand is poison: the result of a call that failed on another builder");
    th_builder_destroy(other);

    b = th_builder_create(NULL);
    th_value p = th_parameter(b, TH_SHAPE(TL_F32, 4));
    th_return(b, p);
    line = __LINE__ + 1;
    th_parameter(b, TH_SHAPE(TL_F32, 4));
    expect_error(b, line, "th_parameter: main has already returned (th_return ends the program)");

    b = th_builder_create(NULL);
    th_parameter(b, TH_SHAPE(TL_F32, 4));
    line = __LINE__ + 1;
    char *text = th_print(b, (th_print_opts){0});
    assert_null(text);
    expect_error(b, line, "th_print: main has no return yet (call th_return first)");

    b = th_builder_create(NULL);
    line = __LINE__ + 1;
    th_return_at(TH_SITE("th_return"), b, 0, NULL);
    expect_error(b, line, "th_return: main returns at least one value");

    line = __LINE__ + 1;
    b = th_builder_create("not a name");
    expect_error(b, line, "th_builder_create: invalid module name 'not a name' (want [A-Za-z_][A-Za-z0-9_$.]*)");
}

/* NULL builders and absent values never crash. */
static void null_safety(void **state)
{
    (void)state;
    th_value v = th_parameter(NULL, TH_SHAPE(TL_F32, 4));
    assert_true(th_value_is_poison(v));
    v = th_add((th_value){0}, (th_value){0});
    assert_true(th_value_is_poison(v));
    assert_int_equal(th_value_shape(v).rank, -1);
    th_return(NULL, v);
    assert_null(th_print(NULL, (th_print_opts){0}));
    assert_true(th_builder_failed(NULL));
    assert_string_equal(th_builder_error(NULL), "tritonc: NULL builder");
    copy_kernel_results r = copy_kernel_call(NULL, (copy_kernel_inputs){0}, (copy_kernel_outputs){0}, (th_call_opts){0});
    assert_true(th_value_is_poison(r.out));
    assert_false(th_triton_call_at(TH_SITE("x"), NULL, NULL, NULL, NULL, (th_call_opts){0}, NULL));
    assert_int_equal(th_num_parameters(NULL), 0);
    th_builder_destroy(NULL);

    /* A NULL kernel on a healthy builder is an error, not a crash. */
    th_builder *b = th_builder_create(NULL);
    th_value res[1];
    int line = __LINE__ + 1;
    assert_false(th_triton_call_at(TH_SITE("th_triton_call"), b, NULL, NULL, NULL, (th_call_opts){0}, res));
    expect_error(b, line, "th_triton_call: NULL kernel, or a kernel without a name");
}

/* ---- in-place buffers (.inouts) ------------------------------------------------------------ */

static void inout_ttir_order(void **state)
{
    (void)state;
    char *err = NULL;
    /* declared order without xla_order: the lists change nothing */
    char *plain = tl_kernel_emit(&accumulate_kernel, NULL, (tl_emit_opts){.no_locations = true}, &err);
    assert_non_null(plain);
    assert_non_null(strstr(plain, "tt.func public @accumulate(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, "
                                  "%arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, "
                                  "%arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes"));
    free(plain);
    /* XLA's: x, n | acc | out | acc's result (a copy the body does not use) */
    char *text = tl_kernel_emit(&accumulate_kernel, NULL,
                                (tl_emit_opts){.no_locations = true, .scalars_as_buffers = true, .xla_order = true},
                                &err);
    assert_non_null(text);
    const char *want =
        "module {\n"
        "  tt.func public @accumulate(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, "
        "%arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, "
        "%arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f32> {tt.divisibility = 16 : i32}) "
        "attributes {noinline = false} {\n";
    if (strncmp(text, want, strlen(want)) != 0)
        fprintf(stderr, "got:\n%s\n", text);
    assert_true(strncmp(text, want, strlen(want)) == 0);
    /* the body reads n from %arg1, updates acc through %arg2, writes out through %arg3; %arg4 unused */
    assert_non_null(strstr(text, "%0 = tt.load %arg1 : !tt.ptr<i32>\n"));
    assert_non_null(strstr(text, "tt.load %arg2 : !tt.ptr<f32>\n"));
    assert_non_null(strstr(text, "tt.store %arg2, "));
    assert_non_null(strstr(text, "tt.store %arg3, "));
    assert_null(strstr(text + strlen(want), "%arg4"));
    free(text);
}

static void inout_call(void **state)
{
    (void)state;
    th_builder *b = th_builder_create("acc");
    th_value in[3] = {th_parameter(b, TH_SHAPE(TL_F32, 4)), th_parameter(b, TH_SHAPE(TL_I32)),
                      th_parameter(b, TH_SHAPE(TL_F32, 4))};
    th_shape out[1] = {TH_SHAPE(TL_F32, 4)};
    th_value res[2];
    assert_true(th_triton_call_at(TH_SITE("th_triton_call"), b, &accumulate_kernel, in, out,
                                  (th_call_opts){.zeroed_outputs = TH_INDICES(0), .no_locations = true}, res));
    th_return_at(TH_SITE("th_return"), b, 2, res);
    char *text = th_print(b, (th_print_opts){0});
    assert_non_null(text);
    assert_non_null(strstr(text, "func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<i32>, %arg2: "
                                 "tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {\n"
                                 "    %0:2 = stablehlo.custom_call @__gpu$xla.gpu.triton(%arg0, %arg1, %arg2) {"));
    /* output 0 is XLA's kernel argument 3: the positions count the 3 operands first */
    assert_non_null(strstr(text, ", zeroed_outputs = [3]}"));
    assert_non_null(strstr(text, "output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = "
                                 "[1], operand_index = 2, operand_tuple_indices = []>], result_layouts"));
    assert_non_null(strstr(text, "return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>"));
    free(text);
    th_builder_destroy(b);
}

static void inout_misuse(void **state)
{
    (void)state;
    char *err = NULL, want[512];
    tl_emit_opts xla = {.no_locations = true, .scalars_as_buffers = true, .xla_order = true};
    assert_null(tl_kernel_emit(&twice_kernel, NULL, xla, &err));
    snprintf(want, sizeof want,
             "%s:%d: tl_kernel_emit: kernel twice: 'acc' is in both .inputs and .inouts: each argument is in exactly "
             "one of .inputs (read), .inouts (read and written in place) and .outputs (written)",
             __FILE__, TWICE_LINE);
    assert_string_equal(err, want);
    free(err);
    /* without xla_order the lists are not read: the TTIR is the body's */
    char *plain = tl_kernel_emit(&twice_kernel, NULL, (tl_emit_opts){.no_locations = true}, &err);
    assert_non_null(plain);
    free(plain);
    assert_null(tl_kernel_emit(&scalar_inout_kernel, NULL, xla, &err));
    assert_non_null(err);
    assert_non_null(strstr(err, "tl_kernel_emit: argument order: 'n' is named twice (an in-place buffer, passed as "
                                "an operand and again as its result), but it is a scalar: only a pointer argument "
                                "is written in place"));
    free(err);
    /* the same without scalars as buffers (hlo reads the types so) */
    assert_null(tl_kernel_emit(&scalar_inout_kernel, NULL, (tl_emit_opts){.xla_order = true}, &err));
    assert_non_null(strstr(err, "but it is a scalar"));
    free(err);

    th_builder *b = th_builder_create(NULL);
    th_value in[3] = {th_parameter(b, TH_SHAPE(TL_F32, 4)), th_parameter(b, TH_SHAPE(TL_I32)),
                      th_parameter(b, TH_SHAPE(TL_F32, 4))};
    th_shape out[1] = {TH_SHAPE(TL_F32, 4)};
    th_value res[2];
    int line = __LINE__ + 1;
    assert_false(th_triton_call_at(TH_SITE("th_triton_call"), b, &accumulate_kernel, in, out,
                                   (th_call_opts){.zeroed_outputs = TH_INDICES(0, 1)}, res));
    expect_error(b, line,
                 "th_triton_call: accumulate: zeroed_outputs names result 1, the inout 'acc': it starts with the "
                 "caller's values, which zeroing would lose (zero the outputs only)");

    b = th_builder_create(NULL);
    in[0] = th_parameter(b, TH_SHAPE(TL_F32, 4));
    in[1] = th_parameter(b, TH_SHAPE(TL_I32));
    in[2] = th_parameter(b, TH_SHAPE(TL_I32, 4));
    line = __LINE__ + 1;
    assert_false(th_triton_call_at(TH_SITE("th_triton_call"), b, &accumulate_kernel, in, out, (th_call_opts){0}, res));
    char w2[512];
    snprintf(w2, sizeof w2,
             "th_triton_call: kernel accumulate argument 2 (tests/hlo/test_hlo.c:%d), where XLA passes inout 'acc', is "
             "!tt.ptr<f32> but its tensor is tensor<4xi32>: the element types differ",
             ACC_ARG_LINE);
    expect_error(b, line, w2);

    b = th_builder_create(NULL);
    in[0] = th_parameter(b, TH_SHAPE(TL_F32, 4));
    in[1] = th_parameter(b, TH_SHAPE(TL_I32));
    line = __LINE__ + 1;
    assert_false(th_triton_call_named_at(TH_SITE("th_call"), b, &accumulate_kernel, 2,
                                         (const char *const[]){"x", "n"}, in, 1, (const char *const[]){"out"}, out,
                                         (th_call_opts){0}, res));
    expect_error(b, line,
                 "th_call: TH_KERNEL_CALL(accumulate): the kernel has .inouts (acc), which a typed call does not "
                 "pass: call th_triton_call_at (its inputs are the .inputs, then the .inouts' initial values)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(forward_matches_its_golden),
        cmocka_unit_test(softmax_matches_its_golden),
        cmocka_unit_test(copy_call_pretty_and_generic),
        cmocka_unit_test(several_results_aliases_and_options),
        cmocka_unit_test(single_result_alias),
        cmocka_unit_test(embedded_ttir_keeps_locations),
        cmocka_unit_test(constants_and_elementwise_ops),
        cmocka_unit_test(constants_generic_form),
        cmocka_unit_test(untyped_call_and_shapes),
        cmocka_unit_test(scalar_emitted_as_buffer),
        cmocka_unit_test(scalar_as_buffer_keeps_order),
        cmocka_unit_test(scalar_as_buffer_specialized),
        cmocka_unit_test(scalar_argument_called),
        cmocka_unit_test(error_element_type),
        cmocka_unit_test(error_output_element_type),
        cmocka_unit_test(error_argument_count),
        cmocka_unit_test(error_missing_input),
        cmocka_unit_test(error_missing_output),
        cmocka_unit_test(error_bad_output_shape),
        cmocka_unit_test(error_names_differ),
        cmocka_unit_test(error_name_count_differs),
        cmocka_unit_test(error_aliases),
        cmocka_unit_test(error_zeroed_outputs),
        cmocka_unit_test(error_launch_options),
        cmocka_unit_test(error_kernel_fails_to_build),
        cmocka_unit_test(error_binary_types_differ),
        cmocka_unit_test(error_constant_out_of_range),
        cmocka_unit_test(error_bad_shapes_and_dtypes),
        cmocka_unit_test(error_values_absent_foreign_and_late),
        cmocka_unit_test(null_safety),
        cmocka_unit_test(inout_ttir_order),
        cmocka_unit_test(inout_call),
        cmocka_unit_test(inout_misuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
