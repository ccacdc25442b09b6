/* Every misuse is reported at its own call: for each case below, the error's file:line is the
 * line of the misusing call, not that of tl_finish nor of any call after it (the builder keeps
 * going, doing nothing, until the kernel is finished). */
#include "test_lang.h"

/* A kernel with x: tensor<64xi32>, p: !tt.ptr<f32>, n: i32, f: f32. */
typedef struct kit {
    tl_builder *b;
    tl_value x, p, n, f;
} kit;

/* Each case misuses the API once and returns the line of that call. */
typedef int (*misuse_fn)(kit *k);

static int permute_scalar(kit *k) { tl_permute(k->n, (tl_shape){0}); return __LINE__; }
static int addf_on_ints(kit *k) { tl_addf(k->n, k->n); return __LINE__; }
static int addi_on_floats(kit *k) { tl_addi(k->f, k->f); return __LINE__; }
static int subf_on_ints(kit *k) { tl_same_type_op_at(TL_SITE("tl_subf"), "arith.subf", 2, (tl_value[]){k->x, k->x}); return __LINE__; }
static int maxnumf_on_pointers(kit *k) { tl_maxnumf(k->p, k->p); return __LINE__; }
static int muli_on_floats(kit *k) { tl_muli(k->f, k->f); return __LINE__; }
static int minimumf_mixed(kit *k) { tl_minimumf(k->f, k->n); return __LINE__; }
static int trans_of_vector(kit *k) { tl_trans(k->x); return __LINE__; }
static int sum_of_scalar(kit *k) { tl_sum(k->n); return __LINE__; }
static int load_non_pointer(kit *k) { tl_load(k->x); return __LINE__; }
static int store_non_pointer(kit *k) { tl_store(k->n, k->n); return __LINE__; }
static int zeros_over_cap(kit *k) { tl_zeros(k->b, TL_SHAPE(4096, 4096), TL_F32); return __LINE__; }
static int arange_odd(kit *k) { tl_arange(k->b, 0, 48); return __LINE__; }
static int reshape_count(kit *k) { tl_reshape(k->x, TL_SHAPE(16)); return __LINE__; }
static int expand_axis(kit *k) { tl_expand_dims(k->x, 5); return __LINE__; }
static int broadcast_mismatch(kit *k) { tl_add(k->x, tl_arange(k->b, 0, 32)); return __LINE__; }
static int split_bad(kit *k) { tl_split(k->x); return __LINE__; }
static int gather_rank(kit *k) { tl_gather(k->x, tl_expand_dims(k->x, 0), 0); return __LINE__; }
static int dot_small(kit *k) { tl_dot(k->x, k->x); return __LINE__; }
static int exp_of_int(kit *k) { tl_exp(tl_to(k->n, TL_F16)); return __LINE__; }
static int tensor_arg_over_cap(kit *k) { tl_arg(k->b, "t", TL_TENSOR(TL_F32, INT64_MAX, 4)); return __LINE__; }
static int duplicate_arg(kit *k) { tl_arg(k->b, "p", PTR(TL_F32)); return __LINE__; }
static int where_mixed(kit *k) { tl_where(k->n, k->p, 0); return __LINE__; }
static int histogram_float(kit *k) { tl_histogram(tl_to(k->x, TL_F32), 8); return __LINE__; }

static const struct {
    const char *name;
    misuse_fn fn;
} cases[] = {
    {"permute_scalar", permute_scalar},
    {"addf_on_ints", addf_on_ints},
    {"addi_on_floats", addi_on_floats},
    {"subf_on_ints", subf_on_ints},
    {"maxnumf_on_pointers", maxnumf_on_pointers},
    {"muli_on_floats", muli_on_floats},
    {"minimumf_mixed", minimumf_mixed},
    {"trans_of_vector", trans_of_vector},
    {"sum_of_scalar", sum_of_scalar},
    {"load_non_pointer", load_non_pointer},
    {"store_non_pointer", store_non_pointer},
    {"zeros_over_cap", zeros_over_cap},
    {"arange_odd", arange_odd},
    {"reshape_count", reshape_count},
    {"expand_axis", expand_axis},
    {"broadcast_mismatch", broadcast_mismatch},
    {"split_bad", split_bad},
    {"gather_rank", gather_rank},
    {"dot_small", dot_small},
    {"exp_of_int", exp_of_int},
    {"tensor_arg_over_cap", tensor_arg_over_cap},
    {"duplicate_arg", duplicate_arg},
    {"where_mixed", where_mixed},
    {"histogram_float", histogram_float},
};

static void every_misuse_names_its_own_line(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        kit k;
        k.b = tl_builder_create("k");
        k.x = tl_arange(k.b, 0, 64);
        k.p = tl_arg(k.b, "p", PTR(TL_F32));
        k.n = tl_arg(k.b, "n", SCALAR(TL_I32));
        k.f = tl_arg(k.b, "f", SCALAR(TL_F32));
        int line = cases[i].fn(&k);
        /* valid calls after the misuse, then the finish, all on other lines */
        tl_value y = tl_add(k.x, 1);
        tl_store(tl_addptr(k.p, y), tl_to(y, TL_F32));
        char *text = tl_finish(k.b);
        const char *err = tl_builder_error(k.b);
        char want[256];
        snprintf(want, sizeof want, "%s:%d: ", __FILE__, line);
        if (text || !err || strncmp(err, want, strlen(want)) != 0)
            fail_msg("%s: expected an error at %s, got %s", cases[i].name, want, text ? "a kernel" : err);
        free(text);
        tl_builder_destroy(k.b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_misuse_names_its_own_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
