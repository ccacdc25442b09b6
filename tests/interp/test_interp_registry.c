/* The interpreter against the op table (src/ir/ops.h): every op has a handler or is declared
 * unsupported with its reason (src/interp/dispatch.c), so that adding an op to ops.h without
 * deciding what the interpreter does with it fails here; and an unsupported op is reported
 * when the interpreter is created, by name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "interp/interp_internal.h"

static void every_op_is_run_or_declared_unsupported(void **state)
{
    (void)state;
    int run = 0, unsupported = 0;
    for (int opc = 1; opc < tcir_opcode_count(); opc++) {
        const char *name = tcir_opcode_name(opc), *why = interp_unsupported_why(opc);
        bool has_handler = interp_handler_of(opc) != NULL;
        if (!has_handler && !why)
            fail_msg("'%s' (src/ir/ops.h) has no interpreter handler and is not declared unsupported with its "
                     "reason (src/interp/dispatch.c)",
                     name);
        if (has_handler && why)
            fail_msg("'%s' has an interpreter handler and is declared unsupported", name);
        if (why && !why[0])
            fail_msg("'%s' is declared unsupported without a reason", name);
        run += has_handler;
        unsupported += why != NULL;
    }
    print_message("%d ops run, %d unsupported\n", run, unsupported);
    assert_int_equal(run + unsupported, tcir_opcode_count() - 1);
    /* nothing for an unregistered opcode, or one out of range */
    assert_null(interp_handler_of(TCIR_OPCODE_UNREGISTERED));
    assert_null(interp_unsupported_why(TCIR_OPCODE_UNREGISTERED));
    assert_null(interp_handler_of(tcir_opcode_count()));
    assert_null(interp_unsupported_why(tcir_opcode_count()));
    assert_null(interp_handler_of(-1));
    assert_null(interp_unsupported_why(-1));
}

/* The unsupported ops, exactly: a change to this list is a decision, made here too. */
static void the_unsupported_ops(void **state)
{
    (void)state;
    static const char *const want[] = {"builtin.module", "tt.call", "tt.elementwise_inline_asm", "tt.func"};
    size_t n = 0;
    for (int opc = 1; opc < tcir_opcode_count(); opc++) {
        if (!interp_unsupported_why(opc))
            continue;
        if (n >= sizeof want / sizeof want[0] || strcmp(tcir_opcode_name(opc), want[n]) != 0)
            fail_msg("unsupported op #%zu is '%s'", n, tcir_opcode_name(opc));
        n++;
    }
    assert_int_equal(n, sizeof want / sizeof want[0]);
}

/* A function whose body is one op of each unsupported opcode's name, then tt.return: creating
 * the interpreter fails on that op, naming it (no location: "tc_interp: NAME: ..."). */
static void unsupported_ops_fail_at_creation(void **state)
{
    (void)state;
    for (int opc = 1; opc < tcir_opcode_count(); opc++) {
        if (!interp_unsupported_why(opc))
            continue;
        tcir_context *ctx = tcir_context_create();
        assert_non_null(ctx);
        tcir_op *func = tcir_op_create(ctx, &(tcir_op_state){.name = "tt.func", .nregions = 1});
        assert_non_null(func);
        tcir_block *body = tcir_region_add_block(ctx, tcir_op_region(func, 0));
        assert_non_null(body);
        tcir_block_append(body, tcir_op_create(ctx, &(tcir_op_state){.name = tcir_opcode_name(opc)}));
        tcir_block_append(body, tcir_op_create(ctx, &(tcir_op_state){.name = "tt.return"}));
        tc_interp *ip = tc_interp_create(func);
        assert_non_null(ip);
        char want[128];
        snprintf(want, sizeof want, "tc_interp: %s: op not supported by the interpreter", tcir_opcode_name(opc));
        assert_string_equal(tc_interp_error(ip), want);
        tc_interp_destroy(ip);
        tcir_context_destroy(ctx);
    }
}

/* The same function with the op of no opcode (a name the table does not know). */
static void unregistered_ops_fail_at_creation(void **state)
{
    (void)state;
    tcir_context *ctx = tcir_context_create();
    assert_non_null(ctx);
    tcir_op *func = tcir_op_create(ctx, &(tcir_op_state){.name = "tt.func", .nregions = 1});
    tcir_block *body = tcir_region_add_block(ctx, tcir_op_region(func, 0));
    tcir_block_append(body, tcir_op_create(ctx, &(tcir_op_state){.name = "tt.foo"}));
    tcir_block_append(body, tcir_op_create(ctx, &(tcir_op_state){.name = "tt.return"}));
    tc_interp *ip = tc_interp_create(func);
    assert_non_null(ip);
    assert_string_equal(tc_interp_error(ip), "tc_interp: tt.foo: op not supported by the interpreter");
    tc_interp_destroy(ip);
    tcir_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_op_is_run_or_declared_unsupported),
        cmocka_unit_test(the_unsupported_ops),
        cmocka_unit_test(unsupported_ops_fail_at_creation),
        cmocka_unit_test(unregistered_ops_fail_at_creation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
