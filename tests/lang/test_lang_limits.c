/* Triton's tensor size cap (TL_MAX_TENSOR_NUMEL, 2^20 elements) wherever a shape is made,
 * with huge dimensions that must not overflow (the sanitizer build checks), each an error
 * at the call that makes the shape and naming it. */
#include "test_lang.h"

#define BIG INT64_C(1) << 40

static void tensor_argument_over_the_cap(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_arg(b, "x", TL_TENSOR(TL_F32, 1024, 2048)); int line = __LINE__;
    expect_error(b, line, "tl_arg: tensor argument shape [1024, 2048] exceeds triton's maximum tensor numel (1048576)");
}

/* The product of these overflows int64 (UBSan saw it in the element counts before). */
static void tensor_argument_of_huge_dimensions(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_arg(b, "x", TL_TENSOR(TL_F32, INT64_MAX, INT64_MAX, 2)); int line = __LINE__;
    expect_error(b, line, "tl_arg: tensor argument shape [9223372036854775807, 9223372036854775807, 2] exceeds "
                          "triton's maximum tensor numel (1048576)");
    b = tl_builder_create("k");
    tl_arg(b, "x", TL_TENSOR(TL_F32, BIG, BIG, BIG, BIG)); line = __LINE__;
    expect_error(b, line, "tl_arg: tensor argument shape [1099511627776, 1099511627776, 1099511627776, "
                          "1099511627776] exceeds triton's maximum tensor numel (1048576)");
}

/* At the cap exactly: fine. */
static void tensor_argument_at_the_cap(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arg(b, "x", TL_TENSOR(TL_F32, 1024, 1024));
    assert_false(tl_value_is_poison(x));
    assert_false(tl_builder_failed(b));
    tl_builder_destroy(b);
}

static void arange_over_the_cap(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_arange(b, 0, 1 << 21); int line = __LINE__;
    expect_error(b, line, "tl_arange: shape [2097152] exceeds triton's maximum tensor numel (1048576)");
}

static void zeros_and_full_over_the_cap(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_zeros(b, TL_SHAPE(1024, 2048), TL_F32); int line = __LINE__;
    expect_error(b, line, "tl_zeros: shape [1024, 2048] exceeds triton's maximum tensor numel (1048576)");
    b = tl_builder_create("k");
    tl_full(b, TL_SHAPE(BIG, BIG, BIG), 1.0, TL_F32); line = __LINE__;
    expect_error(b, line, "tl_full: shape [1099511627776, 1099511627776, 1099511627776] exceeds triton's maximum "
                          "tensor numel (1048576)");
}

static void reshape_and_broadcast_to_over_the_cap(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_reshape(tl_arange(b, 0, 1024), TL_SHAPE(BIG, BIG)); int line = __LINE__;
    expect_error(b, line, "tl_reshape: shape [1099511627776, 1099511627776] exceeds triton's maximum tensor numel "
                          "(1048576)");
    b = tl_builder_create("k");
    tl_broadcast_to(tl_arange(b, 0, 1024), TL_SHAPE(2048, 1024)); line = __LINE__;
    expect_error(b, line, "tl_broadcast_to: shape [2048, 1024] exceeds triton's maximum tensor numel (1048576)");
}

/* [2048, 1] with [1, 2048]: each operand is small, their broadcast is not. */
static void implicit_broadcast_over_the_cap(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value r = tl_arange(b, 0, 2048);
    tl_value col = tl_expand_dims(r, 1), row = tl_expand_dims(r, 0);
    tl_add(col, row); int line = __LINE__;
    expect_error(b, line, "tl_add: shape [2048, 2048] exceeds triton's maximum tensor numel (1048576)");
}

static void join_and_cat_over_the_cap(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = tl_arange(b, 0, 1 << 20);
    tl_join(x, x); int line = __LINE__;
    expect_error(b, line, "tl_join: shape [1048576, 2] exceeds triton's maximum tensor numel (1048576)");
    b = tl_builder_create("k");
    x = tl_arange(b, 0, 1 << 20);
    tl_cat(x, x, .can_reorder = true); line = __LINE__;
    expect_error(b, line, "tl_cat: shape [2097152] exceeds triton's maximum tensor numel (1048576)");
}

static void dot_result_over_the_cap(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value a = tl_zeros(b, TL_SHAPE(2048, 16), TL_F16);
    tl_value c = tl_zeros(b, TL_SHAPE(16, 2048), TL_F16);
    tl_dot(a, c); int line = __LINE__;
    expect_error(b, line, "tl_dot: shape [2048, 2048] exceeds triton's maximum tensor numel (1048576)");
}

static void raw_op_result_over_the_cap(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tcir_context *ctx = tl_builder_context(b);
    const tcir_type *huge = tcir_type_tensor(ctx, 2, (int64_t[]){BIG, BIG}, tcir_type_float(ctx, TCIR_F32));
    tl_op(b, "tt.stand_in", .nresults = 1, .result_types = &huge); int line = __LINE__;
    expect_error(b, line, "tl_op: result shape [1099511627776, 1099511627776] exceeds triton's maximum tensor numel "
                          "(1048576)");
}

/* A zero dimension does not excuse one over the cap: the count a type keeps (0 here) only
 * settles the check when every dimension is at least 1. */
static void raw_op_result_with_a_zero_dimension_over_the_cap(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tcir_context *ctx = tl_builder_context(b);
    const tcir_type *t = tcir_type_tensor(ctx, 2, (int64_t[]){0, 2097152}, tcir_type_float(ctx, TCIR_F32));
    assert_int_equal(tcir_type_numel(t), 0);
    tl_op(b, "tt.stand_in", .nresults = 1, .result_types = &t); int line = __LINE__;
    expect_error(b, line, "tl_op: result shape [0, 2097152] exceeds triton's maximum tensor numel (1048576)");
}

/* A value of a huge type made through the IR itself, then used by the language. */
static tl_value wrapped_huge_value(tl_builder *b)
{
    tcir_context *ctx = tl_builder_context(b);
    const tcir_type *huge = tcir_type_tensor(ctx, 2, (int64_t[]){BIG, BIG}, tcir_type_float(ctx, TCIR_F32));
    tcir_op *op = tcir_op_create(ctx, &(tcir_op_state){.name = "tt.stand_in", .nresults = 1, .result_types = &huge});
    tcir_block_append(tl_current_block(b), op);
    return tl_wrap(b, tcir_op_result(op, 0), TL_F32);
}

static void wrapped_huge_operand(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value x = wrapped_huge_value(b);
    tl_sum(x, 0); int line = __LINE__;
    expect_error(b, line, "tl_sum: input has shape [1099511627776, 1099511627776], which exceeds triton's maximum "
                          "tensor numel (1048576)");
    b = tl_builder_create("k");
    x = wrapped_huge_value(b);
    tl_reshape(x, TL_SHAPE(16)); line = __LINE__;
    expect_error(b, line, "tl_reshape: argument #1 has shape [1099511627776, 1099511627776], which exceeds "
                          "triton's maximum tensor numel (1048576)");
    b = tl_builder_create("k");
    x = wrapped_huge_value(b);
    tl_add(x, 1.0); line = __LINE__;
    expect_error(b, line, "tl_add: argument #1 has shape [1099511627776, 1099511627776], which exceeds triton's "
                          "maximum tensor numel (1048576)");
}

/* Found by the fuzzer: the descriptor's 16-byte check multiplied a huge last dimension by
 * the element size (UBSan: signed integer overflow). Python's order of checks is kept. */
static void descriptor_block_of_huge_dimensions(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value p = tl_arg(b, "p", PTR(TL_F32));
    tl_make_tensor_descriptor(p, TL_LIST(16), TL_LIST(1), TL_SHAPE(INT64_MAX)); int line = __LINE__;
    expect_error(b, line, "tl_make_tensor_descriptor: shape element 0 (9223372036854775807) must be a power of 2");
    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F32));
    tl_make_tensor_descriptor(p, TL_LIST(16), TL_LIST(1), TL_SHAPE(INT64_MIN)); line = __LINE__;
    expect_error(b, line, "tl_make_tensor_descriptor: Descriptor block shape must have at least 16 bytes in the last "
                          "dimension, but got -9223372036854775808 * 4 = -36893488147419103232 bytes");
    b = tl_builder_create("k");
    p = tl_arg(b, "p", PTR(TL_F32));
    tl_make_tensor_descriptor(p, TL_LIST(16, 16), TL_LIST(16, 1), TL_SHAPE(1 << 20, 4)); line = __LINE__;
    expect_error(b, line, "tl_make_tensor_descriptor: shape [1048576, 4] exceeds triton's maximum tensor numel "
                          "(1048576)");
}

/* The IR's element count saturates instead of overflowing. */
static void numel_saturates(void **state)
{
    (void)state;
    tcir_context *ctx = tcir_context_create();
    const tcir_type *f32 = tcir_type_float(ctx, TCIR_F32);
    assert_int_equal(tcir_type_numel(tcir_type_tensor(ctx, 2, (int64_t[]){BIG, BIG}, f32)), INT64_MAX);
    assert_int_equal(tcir_type_numel(tcir_type_tensor(ctx, 2, (int64_t[]){1024, 1024}, f32)), 1 << 20);
    assert_int_equal(tcir_type_numel(f32), 1);
    tcir_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tensor_argument_over_the_cap),
        cmocka_unit_test(tensor_argument_of_huge_dimensions),
        cmocka_unit_test(tensor_argument_at_the_cap),
        cmocka_unit_test(arange_over_the_cap),
        cmocka_unit_test(zeros_and_full_over_the_cap),
        cmocka_unit_test(reshape_and_broadcast_to_over_the_cap),
        cmocka_unit_test(implicit_broadcast_over_the_cap),
        cmocka_unit_test(join_and_cat_over_the_cap),
        cmocka_unit_test(dot_result_over_the_cap),
        cmocka_unit_test(raw_op_result_over_the_cap),
        cmocka_unit_test(raw_op_result_with_a_zero_dimension_over_the_cap),
        cmocka_unit_test(wrapped_huge_operand),
        cmocka_unit_test(descriptor_block_of_huge_dimensions),
        cmocka_unit_test(numel_saturates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
