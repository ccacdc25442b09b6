/* Misuse of the language: each is one error naming the call and its C line, and poison. */
#include "test_lang.h"

/* A kernel with x: tensor<64xi32>, y: tensor<32xi32>, p: !tt.ptr<f32>, n: i32, f: f32. */
typedef struct fixture {
    tl_builder *b;
    tl_value x, y, p, n, f;
} fixture;

static fixture make(void)
{
    fixture k;
    k.b = tl_builder_create("k");
    k.x = tl_arange(k.b, 0, 64);
    k.y = tl_arange(k.b, 0, 32);
    k.p = tl_arg(k.b, "p", PTR(TL_F32));
    k.n = tl_arg(k.b, "n", SCALAR(TL_I32));
    k.f = tl_arg(k.b, "f", SCALAR(TL_F32));
    return k;
}

static void incompatible_shapes(void **state)
{
    (void)state;
    fixture k = make();
    tl_value r = tl_add(k.x, k.y); int line = __LINE__;
    assert_true(tl_value_is_poison(r));
    expect_error(k.b, line, "tl_add: cannot broadcast tensor<64xi32> with tensor<32xi32>: incompatible "
                            "dimensions at index 0: 64 and 32");
}

static void arange_not_power_of_two(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_arange(b, 0, 48); int line = __LINE__;
    expect_error(b, line, "tl_arange: arange's range must be a power of 2 (got 48)");
}

static void arange_bounds(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_arange(b, 8, 8); int line = __LINE__;
    expect_error(b, line, "tl_arange: arange's end argument (8) must be greater than the start argument (8)");
    b = tl_builder_create("k");
    tl_arange(b, -4, 4); line = __LINE__;
    expect_error(b, line, "tl_arange: arange bounds must fit in int32 (got -4, 4)");
}

static void load_through_non_pointer(void **state)
{
    (void)state;
    fixture k = make();
    tl_load(k.n); int line = __LINE__;
    expect_error(k.b, line, "tl_load: i32 is not a pointer or a tensor of pointers");
}

static void mask_of_wrong_shape(void **state)
{
    (void)state;
    fixture k = make();
    tl_value m = tl_lt(k.y, 4);
    tl_load(tl_addptr(k.p, k.x), .mask = m); int line = __LINE__;
    expect_error(k.b, line, "tl_load: cannot broadcast tensor<64x!tt.ptr<f32>> with tensor<32xi1>: incompatible "
                            "dimensions at index 0: 64 and 32");
}

static void literal_out_of_range(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value c = tl_arg(b, "c", SCALAR(TL_I8));
    tl_add(c, 300); int line = __LINE__;
    expect_error(b, line, "tl_add: scalar 300 is out of range for type int8");
}

static void uint64_literal_with_int64(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value l = tl_arg(b, "l", SCALAR(TL_I64));
    tl_add(l, 18446744073709551615ull); int line = __LINE__;
    expect_error(b, line, "tl_add: scalar 18446744073709551615 is out of range for type int64");
}

static void negative_literal_with_unsigned(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value u = tl_arg(b, "u", SCALAR(TL_U32));
    tl_sub(u, -1); int line = __LINE__;
    expect_error(b, line, "tl_sub: cannot perform a binary operation between an unsigned tensor and a negative "
                          "scalar; cast one of them explicitly");
}

static void poison_operand(void **state)
{
    (void)state;
    fixture k = make();
    tl_value poison = {0};
    tl_mul(k.x, poison); int line = __LINE__;
    expect_error(k.b, line, "tl_mul: argument #2 is a poison value");
}

/* After the first error every call returns poison, silently: the first message stays. */
static void errors_are_sticky(void **state)
{
    (void)state;
    fixture k = make();
    tl_value r = tl_add(k.x, k.y); int line = __LINE__;
    tl_value s = tl_mul(r, 2);
    tl_store(k.p, s);
    assert_true(tl_value_is_poison(s));
    expect_error(k.b, line, "tl_add: cannot broadcast tensor<64xi32> with tensor<32xi32>: incompatible "
                            "dimensions at index 0: 64 and 32");
}

/* No builder to record on: poison, no crash. */
static void no_builder(void **state)
{
    (void)state;
    assert_true(tl_value_is_poison(tl_program_id(NULL, 0)));
    assert_true(tl_value_is_poison(tl_arange(NULL, 0, 16)));
    assert_true(tl_value_is_poison(tl_floordiv(1, 0))); /* 1 + 2 folds to 3, as constexprs do */
    assert_true(tl_value_is_poison(tl_where(true, 1, 2)));
    tl_value poison = {0};
    assert_true(tl_value_is_poison(tl_exp(poison)));
    assert_false(tl_store(poison, poison));
    assert_true(tl_value_is_poison(tl_zeros(NULL, TL_SHAPE(4), TL_F32)));
}

static void values_of_two_builders(void **state)
{
    (void)state;
    fixture k = make();
    fixture o = make();
    tl_add(k.x, o.x); int line = __LINE__;
    tl_builder_destroy(o.b);
    expect_error(k.b, line, "tl_add: argument #2 belongs to another builder");
}

static void pointer_plus_float(void **state)
{
    (void)state;
    fixture k = make();
    tl_addptr(k.p, 1.5); int line = __LINE__;
    expect_error(k.b, line, "tl_addptr: invalid operands of type pointer<float32> and float32");
}

static void pointer_plus_pointer(void **state)
{
    (void)state;
    fixture k = make();
    tl_add(k.p, k.p); int line = __LINE__;
    expect_error(k.b, line, "tl_add: cannot add pointers together");
}

static void addptr_without_pointer(void **state)
{
    (void)state;
    fixture k = make();
    tl_addptr(k.n, 1); int line = __LINE__;
    expect_error(k.b, line, "tl_addptr: needs a pointer and an integer offset, not int32 and int32");
}

static void other_without_mask(void **state)
{
    (void)state;
    fixture k = make();
    tl_load(k.p, .other = tl_lit(0.0)); int line = __LINE__;
    expect_error(k.b, line, "tl_load: `other` cannot be provided without `mask`");
}

static void store_cache_on_load(void **state)
{
    (void)state;
    fixture k = make();
    tl_load(k.p, .cache = TL_CACHE_WB); int line = __LINE__;
    expect_error(k.b, line, "tl_load: cache modifier wb is not supported here");
}

static void store_value_wider_than_pointer(void **state)
{
    (void)state;
    fixture k = make();
    tl_value v = tl_zeros(k.b, TL_SHAPE(16, 64), TL_F32);
    tl_store(tl_addptr(k.p, k.x), v); int line = __LINE__;
    expect_error(k.b, line, "tl_store: expected pointer argument to have shape [16, 64] but got [64]");
}

static void store_block_through_scalar_pointer(void **state)
{
    (void)state;
    fixture k = make();
    tl_store(k.p, k.x); int line = __LINE__;
    expect_error(k.b, line, "tl_store: Value argument cannot be block type if pointer argument is not a block");
}

static void store_mask_not_bool(void **state)
{
    (void)state;
    fixture k = make();
    tl_store(tl_addptr(k.p, k.x), 1.0, .mask = k.x); int line = __LINE__;
    expect_error(k.b, line, "tl_store: mask must have boolean scalar type, not int32");
}

static void program_id_axis(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_program_id(b, 3); int line = __LINE__;
    expect_error(b, line, "tl_program_id: program_id axis must be 0, 1, or 2 but got 3");
}

static void expand_dims_axis(void **state)
{
    (void)state;
    fixture k = make();
    tl_expand_dims(k.x, 2); int line = __LINE__;
    expect_error(k.b, line, "tl_expand_dims: invalid axis 2. Expected -2 <= axis < 2");
}

static void broadcast_to_mismatch(void **state)
{
    (void)state;
    fixture k = make();
    tl_broadcast_to(k.x, TL_SHAPE(32)); int line = __LINE__;
    expect_error(k.b, line, "tl_broadcast_to: cannot broadcast, the expanded size of the tensor (32) must match "
                            "the existing size (64) at non-singleton dimension 0: [64], [32]");
}

static void shape_not_power_of_two(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_zeros(b, TL_SHAPE(4, 3), TL_F32); int line = __LINE__;
    expect_error(b, line, "tl_zeros: shape element 1 (3) must be a power of 2");
}

static void floordiv_of_floats(void **state)
{
    (void)state;
    fixture k = make();
    tl_floordiv(k.f, 2); int line = __LINE__;
    expect_error(k.b, line, "tl_floordiv: floor division of float32 by float32: integers only");
}

static void bitwise_on_floats(void **state)
{
    (void)state;
    fixture k = make();
    tl_and(k.f, k.f); int line = __LINE__;
    expect_error(k.b, line, "tl_and: invalid operands of type float32 and float32");
}

static void division_mixed_signedness(void **state)
{
    (void)state;
    fixture k = make();
    tl_value u = tl_arg(k.b, "u", SCALAR(TL_U32));
    tl_div(k.n, u); int line = __LINE__;
    expect_error(k.b, line, "tl_div: cannot use /, // or % with int32 and uint32 because they have different "
                            "signedness; cast them to the same signedness");
}

static void math_on_half(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value h = tl_arg(b, "h", SCALAR(TL_F16));
    tl_exp(h); int line = __LINE__;
    expect_error(b, line, "tl_exp: expected dtype in [float32, float64] but got float16");
}

static void clamp_of_ints(void **state)
{
    (void)state;
    fixture k = make();
    tl_clamp(k.x, 0, 4); int line = __LINE__;
    expect_error(k.b, line, "tl_clamp: unexpected dtype int32: only floating-point clamp is supported");
}

static void umulhi_of_int16(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value s = tl_arg(b, "s", SCALAR(TL_I16));
    tl_umulhi(s, s); int line = __LINE__;
    expect_error(b, line, "tl_umulhi: expected dtype in [int32, int64, uint32, uint64] but got int16");
}

static void fdiv_of_ints(void **state)
{
    (void)state;
    fixture k = make();
    tl_fdiv(k.n, k.n); int line = __LINE__;
    expect_error(k.b, line, "tl_fdiv: both operands of fdiv must have floating scalar type");
}

static void bitcast_of_other_width(void **state)
{
    (void)state;
    fixture k = make();
    tl_to(k.f, TL_F16, .bitcast = true); int line = __LINE__;
    expect_error(k.b, line, "tl_to: cannot bitcast data-type of size 32 to data-type of size 16");
}

static void rounding_on_upcast(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value h = tl_arg(b, "h", SCALAR(TL_F16));
    tl_to(h, TL_F32, .fp_downcast_rounding = TL_RTZ); int line = __LINE__;
    expect_error(b, line, "tl_to: fp_downcast_rounding is only for truncating float conversions; the source type "
                          "is float16 and the destination type is float32");
}

static void cast_fp8_to_int(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_value e = tl_arg(b, "e", SCALAR(TL_FP8E5));
    tl_to(e, TL_I32); int line = __LINE__;
    expect_error(b, line, "tl_to: cannot cast float8e5 to int32");
}

static void minus_of_pointer(void **state)
{
    (void)state;
    fixture k = make();
    tl_neg(k.p); int line = __LINE__;
    expect_error(k.b, line, "tl_neg: wrong type argument to unary minus (pointer<float32>)");
}

static void invert_of_float(void **state)
{
    (void)state;
    fixture k = make();
    tl_invert(k.f); int line = __LINE__;
    expect_error(k.b, line, "tl_invert: wrong type argument to unary invert (float32)");
}

static void compare_pointers(void **state)
{
    (void)state;
    fixture k = make();
    tl_eq(k.p, k.p); int line = __LINE__;
    expect_error(k.b, line, "tl_eq: invalid operands of type pointer<float32> and pointer<float32>");
}

static void same_type_helper_mismatch(void **state)
{
    (void)state;
    fixture k = make();
    tl_value h = tl_arg(k.b, "h", SCALAR(TL_F16));
    tl_maxnumf(k.f, h); int line = __LINE__;
    expect_error(k.b, line, "tl_maxnumf: arith.maxnumf needs operands of one type: argument #1 is f32, argument "
                            "#2 is f16");
}

/* Caught at the call, not by the verifier at tl_finish. */
static void same_type_helper_wrong_element_type(void **state)
{
    (void)state;
    fixture k = make();
    tl_addf(k.n, k.n); int line = __LINE__;
    expect_error(k.b, line, "tl_addf: arith.addf needs floating-point operands: argument #1 is i32");
    k = make();
    tl_addi(k.f, k.f); line = __LINE__;
    expect_error(k.b, line, "tl_addi: arith.addi needs integer operands: argument #1 is f32");
    k = make();
    tl_maxnumf(k.p, k.p); line = __LINE__;
    expect_error(k.b, line, "tl_maxnumf: arith.maxnumf needs floating-point operands: argument #1 is !tt.ptr<f32>");
    k = make();
    tl_mulf(k.x, k.x); line = __LINE__;
    expect_error(k.b, line, "tl_mulf: arith.mulf needs floating-point operands: argument #1 is tensor<64xi32>");
}

static void same_type_helper_operand_count(void **state)
{
    (void)state;
    fixture k = make();
    tl_same_type_op_at(TL_SITE("tl_same_type_op"), "arith.addf", 3, (tl_value[]){k.f, k.f, k.f}); int line = __LINE__;
    expect_error(k.b, line, "tl_same_type_op: arith.addf takes 2 operands, got 3");
}

static void permute_of_scalar(void **state)
{
    (void)state;
    fixture k = make();
    tl_permute(k.n, (tl_shape){0}); int line = __LINE__;
    expect_error(k.b, line, "tl_permute: input must be a tensor, not the scalar i32");
}

static void full_with_float_for_int(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_full(b, TL_SHAPE(4), 1.5, TL_I32); int line = __LINE__;
    expect_error(b, line, "tl_full: cannot fill a tensor of int32 with the float 1.5");
}

static void where_pointer_with_int(void **state)
{
    (void)state;
    fixture k = make();
    tl_where(k.n, k.p, 0); int line = __LINE__;
    expect_error(k.b, line, "tl_where: x and y must have one type, not pointer<float32> and int32");
}

static void mask2d_of_2d(void **state)
{
    (void)state;
    fixture k = make();
    tl_value m = tl_expand_dims(tl_lt(k.x, 3), 0);
    tl_mask2d(m, m); int line = __LINE__;
    expect_error(k.b, line, "tl_mask2d: needs two 1-D tensors, not tensor<1x64xi1> and tensor<1x64xi1>");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(incompatible_shapes),
        cmocka_unit_test(arange_not_power_of_two),
        cmocka_unit_test(arange_bounds),
        cmocka_unit_test(load_through_non_pointer),
        cmocka_unit_test(mask_of_wrong_shape),
        cmocka_unit_test(literal_out_of_range),
        cmocka_unit_test(negative_literal_with_unsigned),
        cmocka_unit_test(uint64_literal_with_int64),
        cmocka_unit_test(poison_operand),
        cmocka_unit_test(errors_are_sticky),
        cmocka_unit_test(no_builder),
        cmocka_unit_test(values_of_two_builders),
        cmocka_unit_test(pointer_plus_float),
        cmocka_unit_test(pointer_plus_pointer),
        cmocka_unit_test(addptr_without_pointer),
        cmocka_unit_test(other_without_mask),
        cmocka_unit_test(store_cache_on_load),
        cmocka_unit_test(store_value_wider_than_pointer),
        cmocka_unit_test(store_block_through_scalar_pointer),
        cmocka_unit_test(store_mask_not_bool),
        cmocka_unit_test(program_id_axis),
        cmocka_unit_test(expand_dims_axis),
        cmocka_unit_test(broadcast_to_mismatch),
        cmocka_unit_test(shape_not_power_of_two),
        cmocka_unit_test(floordiv_of_floats),
        cmocka_unit_test(bitwise_on_floats),
        cmocka_unit_test(division_mixed_signedness),
        cmocka_unit_test(math_on_half),
        cmocka_unit_test(clamp_of_ints),
        cmocka_unit_test(umulhi_of_int16),
        cmocka_unit_test(fdiv_of_ints),
        cmocka_unit_test(bitcast_of_other_width),
        cmocka_unit_test(rounding_on_upcast),
        cmocka_unit_test(cast_fp8_to_int),
        cmocka_unit_test(minus_of_pointer),
        cmocka_unit_test(invert_of_float),
        cmocka_unit_test(compare_pointers),
        cmocka_unit_test(same_type_helper_mismatch),
        cmocka_unit_test(same_type_helper_wrong_element_type),
        cmocka_unit_test(same_type_helper_operand_count),
        cmocka_unit_test(permute_of_scalar),
        cmocka_unit_test(full_with_float_for_int),
        cmocka_unit_test(where_pointer_with_int),
        cmocka_unit_test(mask2d_of_2d),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
