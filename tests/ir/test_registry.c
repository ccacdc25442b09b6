/* The op registry (src/ir/ops.h): the table is sorted and unique, every op has a verifier
 * rule, and every op the language emits (the bundled kernels in every mode, and the ops
 * only a few calls make) is a registered op with a verifier rule of its own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bundled.h"
#include "test_lang.h"
#include "tritonc/tritonc.h"
#include "ir/registry.h"
#include "test_threads.h"

/* ---- the table ------------------------------------------------------------------------------ */

/* Every name looked up from one thread; the count of wrong answers. */
static void *look_up_every_name(void *arg)
{
    (void)arg;
    long wrong = 0;
    for (int round = 0; round < 50; round++)
        for (int i = 1; i < tcir_opcode_count(); i++)
            wrong += tcir_opcode_of(tcir_opcode_name(i)) != i;
    wrong += tcir_opcode_of("tt.foo") != TCIR_OPCODE_UNREGISTERED;
    return (void *)wrong;
}

/* Runs first: the name table is built on first use, here by whichever thread gets there
 * first while the others wait for it. */
static void threads_look_names_up_at_first_use(void **state)
{
    (void)state;
    enum { THREADS = 8 };
    void *wrong[THREADS];
    run_in_threads(look_up_every_name, THREADS, wrong);
    for (int i = 0; i < THREADS; i++)
        assert_null(wrong[i]);
}

static void names_are_sorted_unique_and_found(void **state)
{
    (void)state;
    int n = tcir_opcode_count();
    assert_int_equal(n, TCIR_OPC_COUNT);
    assert_true(n > 100);
    assert_null(tcir_opcode_name(TCIR_OPCODE_UNREGISTERED));
    assert_null(tcir_opcode_name(n));
    assert_null(tcir_opcode_name(-1));
    for (int i = 1; i < n; i++) {
        const char *name = tcir_opcode_name(i);
        assert_non_null(name);
        assert_non_null(strchr(name, '.')); /* dialect.op */
        if (i > 1 && strcmp(tcir_opcode_name(i - 1), name) >= 0)
            fail_msg("ops.h is not sorted: '%s' then '%s'", tcir_opcode_name(i - 1), name);
        assert_int_equal(tcir_opcode_of(name), i);
    }
    assert_int_equal(tcir_opcode_of("tt.foo"), TCIR_OPCODE_UNREGISTERED);
    assert_int_equal(tcir_opcode_of("tt."), TCIR_OPCODE_UNREGISTERED);
    assert_int_equal(tcir_opcode_of(""), TCIR_OPCODE_UNREGISTERED);
    assert_int_equal(tcir_opcode_of(NULL), TCIR_OPCODE_UNREGISTERED);
    assert_int_equal(tcir_op_opcode(NULL), TCIR_OPCODE_UNREGISTERED);
    assert_int_equal(tcir_opcode_flags(TCIR_OPCODE_UNREGISTERED), 0);
}

/* Every entry has a verifier rule of its own and a pretty form, except where the table says
 * "generic" on purpose: these print in generic form, as Triton prints them. */
static void every_entry_has_its_rules(void **state)
{
    (void)state;
    static const char *const generic_forms[] = {"tt.reduce", "tt.scan"};
    for (int i = 1; i < tcir_opcode_count(); i++) {
        const char *name = tcir_opcode_name(i);
        if (!verify_opcode_has_check(i))
            fail_msg("'%s' has no verifier rule (ops.h)", name);
        bool generic = false;
        for (size_t k = 0; k < sizeof generic_forms / sizeof generic_forms[0]; k++)
            generic |= strcmp(name, generic_forms[k]) == 0;
        if (print_opcode_has_pretty(i) == generic)
            fail_msg("'%s' %s a pretty form", name, generic ? "has" : "has no");
    }
    assert_false(verify_opcode_has_check(TCIR_OPCODE_UNREGISTERED));
    assert_false(print_opcode_has_pretty(TCIR_OPCODE_UNREGISTERED));
}

/* The flags agree with each other and with what MLIR and Triton say of a few ops. */
static void flags_are_consistent(void **state)
{
    (void)state;
    const unsigned effects = TCIR_OPF_READ | TCIR_OPF_WRITE | TCIR_OPF_SYNC | TCIR_OPF_DEBUG;
    const unsigned purity = TCIR_OPF_PURE | TCIR_OPF_PURE_IF_ATTR | TCIR_OPF_PURE_BODY;
    for (int i = 1; i < tcir_opcode_count(); i++) {
        unsigned f = tcir_opcode_flags(i);
        const char *name = tcir_opcode_name(i);
        if ((f & purity) && (f & (effects | TCIR_OPF_TERMINATOR)))
            fail_msg("'%s' is flagged pure and effectful or a terminator", name);
        if ((f & (TCIR_OPF_FASTMATH | TCIR_OPF_OVERFLOW)) && !(f & TCIR_OPF_PURE))
            fail_msg("'%s' has arith properties but is not pure", name);
        bool arith = strncmp(name, "arith.", 6) == 0 || strncmp(name, "math.", 5) == 0;
        if (arith && !(f & TCIR_OPF_PURE))
            fail_msg("'%s': arith and math ops are pure", name);
    }
    assert_true(tcir_opcode_flags(tcir_opcode_of("tt.load")) & TCIR_OPF_READ);
    assert_true(tcir_opcode_flags(tcir_opcode_of("tt.store")) & TCIR_OPF_WRITE);
    assert_true(tcir_opcode_flags(tcir_opcode_of("gpu.barrier")) & TCIR_OPF_SYNC);
    assert_true(tcir_opcode_flags(tcir_opcode_of("tt.print")) & TCIR_OPF_DEBUG);
    assert_true(tcir_opcode_flags(tcir_opcode_of("tt.return")) & TCIR_OPF_TERMINATOR);
    assert_true(tcir_opcode_flags(tcir_opcode_of("tt.reduce")) & TCIR_OPF_PURE_BODY);
    assert_true(tcir_opcode_flags(tcir_opcode_of("tt.extern_elementwise")) & TCIR_OPF_PURE_IF_ATTR);
    assert_int_equal(tcir_opcode_flags(tcir_opcode_of("scf.for")), 0);
}

/* tcir_op_create stores the opcode; an unknown name is unregistered and prints generic. */
static void ops_carry_their_opcode(void **state)
{
    (void)state;
    tcir_context *ctx = tcir_context_create();
    assert_non_null(ctx);
    char name[32];
    snprintf(name, sizeof name, "tt.%s", "get_program_id"); /* not the table's pointer */
    tcir_op *known = tcir_op_create(ctx, &(tcir_op_state){.name = name});
    tcir_op *raw = tcir_op_create(ctx, &(tcir_op_state){.name = "tt.foo"});
    assert_int_equal(tcir_op_opcode(known), TCIR_OPC_TT_GET_PROGRAM_ID);
    assert_int_equal(tcir_op_opcode(raw), TCIR_OPCODE_UNREGISTERED);
    char *text = tcir_print(raw, (tcir_print_opts){0}, NULL);
    assert_string_equal(text, "\"tt.foo\"() : () -> ()\n");
    free(text);
    tcir_context_destroy(ctx);
}

/* A registered op's name is the registry's own string, whichever buffer named it, and an
 * unregistered one the context's copy. A buffer that named an op can then name an attribute:
 * that name is interned (attributes are looked up by pointer) and found by its text. */
static void op_names_are_the_registrys_strings(void **state)
{
    (void)state;
    tcir_context *ctx = tcir_context_create();
    assert_non_null(ctx);
    char buf[32];
    snprintf(buf, sizeof buf, "tt.%s", "load");
    tcir_op *load = tcir_op_create(ctx, &(tcir_op_state){.name = buf});
    assert_ptr_equal(tcir_op_name(load), tcir_opcode_name(TCIR_OPC_TT_LOAD));
    assert_int_equal(tcir_op_opcode(load), TCIR_OPC_TT_LOAD);
    tcir_op_set_attr(ctx, load, buf, tcir_attr_unit(ctx), false);
    assert_non_null(tcir_op_attr(load, "tt.load"));
    snprintf(buf, sizeof buf, "tt.%s", "foo");
    tcir_op *raw = tcir_op_create(ctx, &(tcir_op_state){.name = buf});
    assert_string_equal(tcir_op_name(raw), "tt.foo");
    assert_ptr_not_equal(tcir_op_name(raw), buf);
    assert_int_equal(tcir_op_opcode(raw), TCIR_OPCODE_UNREGISTERED);
    snprintf(buf, sizeof buf, "tt.%s", "store");
    tcir_op *store = tcir_op_create(ctx, &(tcir_op_state){.name = buf});
    assert_ptr_equal(tcir_op_name(store), tcir_opcode_name(TCIR_OPC_TT_STORE));
    assert_string_equal(tcir_op_name(raw), "tt.foo");
    tcir_context_destroy(ctx);
}

/* ---- what the language emits ---------------------------------------------------------------- */

typedef struct seen {
    bool op[TCIR_OPC_COUNT];
} seen;

/* Every op under op is registered and has a verifier rule; marks them in s. */
static void walk(const char *what, tcir_op *op, seen *s)
{
    int opc = tcir_op_opcode(op);
    if (opc == TCIR_OPCODE_UNREGISTERED)
        fail_msg("%s: '%s' is not in the op registry (src/ir/ops.h)", what, tcir_op_name(op));
    if (!verify_opcode_has_check(opc))
        fail_msg("%s: '%s' has no verifier rule", what, tcir_op_name(op));
    s->op[opc] = true;
    for (int r = 0; r < tcir_op_nregions(op); r++)
        for (tcir_block *b = tcir_region_first_block(tcir_op_region(op, r)); b; b = tcir_block_next(b))
            for (tcir_op *x = tcir_block_first(b); x; x = tcir_op_next(x))
                walk(what, x, s);
}

/* Finishes b (which verifies it) and walks its module. */
static void finish_and_walk(const char *what, tl_builder *b, seen *s)
{
    char *text = tl_finish(b);
    if (!text)
        fail_msg("%s: %s", what, tl_builder_error(b));
    free(text);
    walk(what, tl_builder_module(b), s);
    tl_builder_destroy(b);
}

static seen *all_seen;

/* Whether a built kernel takes a host tensor descriptor (TL_TENSORDESC), which XLA cannot pass. */
static bool takes_host_descriptor(const tl_builder *b)
{
    for (int i = 0; i < tl_builder_nargs(b); i++)
        if (tl_builder_argspec(b, i)->kind == TL_ARG_TENSORDESC)
            return true;
    return false;
}

/* Each bundled kernel at its default config, as declared and in its debug and XLA forms (but a
 * kernel with host tensor descriptors, which has no XLA form). */
static void bundled_kernels_emit_registered_ops(void **state)
{
    (void)state;
    const tl_emit_opts modes[] = {{0}, {.debug = true}, {.generic = true, .scalars_as_buffers = true}};
    for (int i = 0; i < tritonc_bundled_count(); i++) {
        const tl_kernel *k = tritonc_bundled_at(i);
        bool host_desc = false;
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
            if (modes[m].scalars_as_buffers && host_desc)
                continue;
            char *text = NULL, *err = NULL;
            tl_builder *b = tl_kernel_build(k, NULL, modes[m], &text, &err);
            if (!b)
                fail_msg("%s: %s", k->name, err);
            host_desc = host_desc || takes_host_descriptor(b);
            walk(k->name, tl_builder_module(b), all_seen);
            free(text);
            tl_builder_destroy(b);
        }
    }
}

/* Ops only a few calls make, which the bundled kernels may not reach. */
static void rare_ops_are_registered(void **state)
{
    (void)state;
    tl_builder *b = tl_builder_create("k");
    tl_builder_set_debug(b, true);
    tl_value p = tl_arg(b, "p", PTR(TL_I32));
    tl_value n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value r = tl_arange(b, 0, 16);
    tl_value x = tl_load(tl_addptr(p, r));
    tl_device_assert(tl_gt(x, 0), "x must be positive");
    tl_device_print(b, "x: ", x);
    tl_assume(b, tl_gt(n, 0));
    tl_debug_barrier(b);
    tl_store(tl_addptr(p, r), tl_to(tl_to(tl_addptr(p, r), TL_I64), TL_I32));
    finish_and_walk("debug ops", b, all_seen);

    b = tl_builder_create("k");
    tl_value q = tl_arg(b, "q", PTR(TL_F32));
    tl_value u = tl_arg(b, "u", SCALAR(TL_U32));
    n = tl_arg(b, "n", SCALAR(TL_I32));
    tl_value w = tl_add(tl_add(tl_floordiv(u, 3), tl_mod(u, 5)), tl_maximum(u, 7));
    tl_value m = tl_add(tl_floordiv(n, 3), tl_cdiv(n, 16));
    tl_value f = tl_neg(tl_load(tl_addptr(q, tl_arange(b, 0, 1))));
    tl_store(tl_addptr(q, tl_add(tl_to(w, TL_I32), m)), tl_item(f));
    finish_and_walk("arith ops", b, all_seen);

    /* for the log: the ops seen (the others are made by calls none of these make: tl_op raw
     * ops, descriptor gathers and reductions, tl_dot_scaled, or by no call at all) */
    int count = 0;
    for (int i = 1; i < TCIR_OPC_COUNT; i++)
        count += all_seen->op[i];
    print_message("%d of %d registered ops emitted\n", count, TCIR_OPC_COUNT - 1);
    assert_true(all_seen->op[TCIR_OPC_GPU_BARRIER]);
    assert_true(all_seen->op[TCIR_OPC_TT_PTR_TO_INT]);
}

static int setup(void **state)
{
    (void)state;
    all_seen = calloc(1, sizeof *all_seen);
    return all_seen ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(all_seen);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(threads_look_names_up_at_first_use),
        cmocka_unit_test(names_are_sorted_unique_and_found),
        cmocka_unit_test(every_entry_has_its_rules),
        cmocka_unit_test(flags_are_consistent),
        cmocka_unit_test(ops_carry_their_opcode),
        cmocka_unit_test(op_names_are_the_registrys_strings),
        cmocka_unit_test(bundled_kernels_emit_registered_ops),
        cmocka_unit_test(rare_ops_are_registered),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
