/* A loop body's values that nothing uses (control.h): the signature of a variable the body
 * reassigns but the carry list leaves out. `p = tl_addptr(p, 64)` in a loop that does not carry
 * p makes a new pointer from the one before the loop, every iteration, and drops it: the loads
 * read the first block again and again, a silent wrong kernel. The builder cannot see a C
 * variable it was not told about, but it sees that value: a pure op of the body, computed
 * (directly or through other ops of the body) from a value from before the loop, whose result
 * nothing in the body uses and the loop does not yield. Python's canonicalizer would drop such
 * an op, so a faithful port never has one: it is reported at the line that made it, unless the
 * loop says .allow_unused. Loads and other ops with effects are not looked at. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/scope_internal.h"

static int by_address(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (tcir_value *const *)a, y = (uintptr_t) * (tcir_value *const *)b;
    return (x > y) - (x < y);
}

/* Appends the operands of blk's ops (nested regions included) to uses (NULL: only counts). */
static int collect_uses(tcir_block *blk, tcir_value **uses, int n)
{
    for (tcir_op *op = tcir_block_first(blk); op; op = tcir_op_next(op)) {
        for (int i = 0; i < tcir_op_noperands(op); i++, n++)
            if (uses)
                uses[n] = tcir_op_operand(op, i);
        for (int r = 0; r < tcir_op_nregions(op); r++)
            for (tcir_block *in = tcir_region_first_block(tcir_op_region(op, r)); in; in = tcir_block_next(in))
                n = collect_uses(in, uses, n);
    }
    return n;
}

/* Whether v, an operand of an op of body, comes from before the loop or from an op of the body
 * that does (reach[0..nreach)). Constants do not count: they come from nowhere. */
static bool from_before(tcir_block *body, tcir_value *v, tcir_op *const *reach, int nreach)
{
    tcir_op *def = tcir_value_def(v);
    if (tcir_value_block(v) != body)
        return !def || tcir_op_opcode(def) != TCIR_OPC_ARITH_CONSTANT;
    for (int k = 0; def && k < nreach; k++)
        if (reach[k] == def)
            return true;
    return false;
}

/* "&acc, &p": the loop's carried variables, for the message's fix. */
static void carried_names(const tl_scope *scope, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; scope->carry && i < scope->carry->n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "&%s, ", scope->carry->name[i]);
}

void lang_scope_check_unused(tl_site s, tl_scope *scope)
{
    tl_builder *b = scope->b;
    tcir_block *body = tl_current_block(b);
    if (scope->allow_unused || tl_builder_failed(b) || !body)
        return;
    int nops = 0;
    for (tcir_op *op = tcir_block_first(body); op; op = tcir_op_next(op))
        nops++;
    int nuses = collect_uses(body, NULL, 0);
    tcir_value **uses = lang_scope_array(s, b, nuses, sizeof *uses);
    tcir_op **reach = lang_scope_array(s, b, nops, sizeof *reach);
    if (!uses || !reach)
        return;
    collect_uses(body, uses, 0);
    qsort(uses, (size_t)nuses, sizeof *uses, by_address);
    int nreach = 0;
    for (tcir_op *op = tcir_block_first(body); op; op = tcir_op_next(op)) {
        bool reaches = false;
        for (int i = 0; i < tcir_op_noperands(op) && !reaches; i++)
            reaches = from_before(body, tcir_op_operand(op, i), reach, nreach);
        if (!reaches)
            continue;
        reach[nreach++] = op;
        if (!(tcir_opcode_flags(tcir_op_opcode(op)) & TCIR_OPF_PURE) || tcir_op_nresults(op) != 1)
            continue;
        tcir_value *r = tcir_op_result(op, 0);
        if (r == scope->iv.ir || bsearch(&r, uses, (size_t)nuses, sizeof *uses, by_address))
            continue;
        char names[256];
        carried_names(scope, names, sizeof names);
        tcir_loc at = tcir_op_loc(op);
        tl_site made = {
            .file = at.file ? at.file : s.file, .line = at.file ? at.line : s.line, .func = tcir_op_name(op)};
        tl_builder_fail(b, made,
                        "this value, made in the loop from one from before it, is used by nothing in the loop and "
                        "not carried out of it: a variable the loop reassigns must be carried (.carry = "
                        "TL_VARS(%s&it)); for a value meant to be unused, give the loop .allow_unused = true",
                        names);
        return;
    }
}
