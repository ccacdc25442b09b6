/* Casts. Integers extend and truncate as MLIR says; int-to-float rounds once to nearest even;
 * float-to-int truncates toward zero and saturates to the target's range, NaN giving 0 (as
 * NVIDIA's cvt.rzi does: MLIR leaves those cases undefined); float-to-float rounds to nearest
 * even, or toward zero where tt.fp_to_fp says rounding = rtz. */
#include <math.h>
#include <string.h>

#include "interp/interp_internal.h"

typedef enum cop { C_EXTSI, C_EXTUI, C_TRUNCI, C_SITOFP, C_UITOFP, C_FPTOSI, C_FPTOUI, C_FPFP, C_INDEX } cop;

static cop cast_kind(int opcode)
{
    switch (opcode) {
    case TCIR_OPC_ARITH_EXTSI: return C_EXTSI;
    case TCIR_OPC_ARITH_EXTUI: return C_EXTUI;
    case TCIR_OPC_ARITH_TRUNCI: return C_TRUNCI;
    case TCIR_OPC_ARITH_SITOFP: return C_SITOFP;
    case TCIR_OPC_ARITH_UITOFP: return C_UITOFP;
    case TCIR_OPC_ARITH_FPTOSI: return C_FPTOSI;
    case TCIR_OPC_ARITH_FPTOUI: return C_FPTOUI;
    case TCIR_OPC_ARITH_INDEX_CAST: return C_INDEX;
    default: return C_FPFP; /* arith.extf, arith.truncf, tt.fp_to_fp */
    }
}

static uint64_t float_to_int(double x, unsigned w, bool is_signed)
{
    if (isnan(x))
        return 0;
    x = trunc(x);
    if (is_signed) {
        double lo = -ldexp(1.0, (int)w - 1), hi = ldexp(1.0, (int)w - 1); /* hi itself is out */
        if (x <= lo)
            return interp_mask((uint64_t)1 << (w - 1), w);
        if (x >= hi)
            return interp_mask(((uint64_t)1 << (w - 1)) - 1, w);
        return interp_mask((uint64_t)(int64_t)x, w);
    }
    double hi = ldexp(1.0, (int)w);
    if (x <= 0)
        return 0;
    if (x >= hi)
        return interp_mask(~(uint64_t)0, w);
    return (uint64_t)x;
}

TI_HANDLER(interp_op_cast)
{
    cop k = cast_kind(tcir_op_opcode(op));
    interp_tensor *a = interp_get(r, tcir_op_operand(op, 0)),
                  *t = interp_new(r, tcir_value_type(tcir_op_result(op, 0)));
    if (!t)
        return false;
    unsigned win = interp_width(a->elem), wout = interp_width(t->elem);
    const char *rounding = interp_attr_keyword(op, "rounding");
    bool rtz = rounding && strcmp(rounding, "rtz") == 0;
    for (int64_t i = 0; i < t->n; i++) {
        uint64_t x = a->d[i];
        switch (k) {
        case C_EXTSI:
        case C_INDEX: t->d[i] = interp_mask((uint64_t)interp_sext(x, win), wout); break;
        case C_EXTUI: t->d[i] = x; break;
        case C_TRUNCI: t->d[i] = interp_mask(x, wout); break;
        case C_SITOFP: {
            int64_t v = interp_sext(x, win);
            t->d[i] = interp_fencode_int(v < 0, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, t->elem, false);
            break;
        }
        case C_UITOFP: t->d[i] = interp_fencode_int(false, x, t->elem, false); break;
        case C_FPTOSI: t->d[i] = float_to_int(interp_fdecode(x, a->elem), wout, true); break;
        case C_FPTOUI: t->d[i] = float_to_int(interp_fdecode(x, a->elem), wout, false); break;
        case C_FPFP: t->d[i] = interp_fencode(interp_fdecode(x, a->elem), t->elem, rtz); break;
        }
    }
    return interp_set(r, tcir_op_result(op, 0), t);
}

/* tt.bitcast: the same bits under another type of the same width (pointers keep their buffer). */
TI_HANDLER(interp_op_bitcast)
{
    interp_tensor *a = interp_get(r, tcir_op_operand(op, 0)),
                  *t = interp_new(r, tcir_value_type(tcir_op_result(op, 0)));
    if (!t)
        return false;
    memcpy(t->d, a->d, (size_t)t->n * sizeof t->d[0]);
    return interp_set(r, tcir_op_result(op, 0), t);
}
