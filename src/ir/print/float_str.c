/* tcir_float_str: MLIR's text of a float constant (print_float.c), for code outside the
 * printer that writes MLIR itself (the call layer prints StableHLO constants with it). */
#include <stdlib.h>
#include <string.h>

#include "ir/print/print_internal.h"

size_t tcir_float_str(double v, tcir_float_kind kind, char *buf, size_t size)
{
    base_out out = {0};
    print_format_float(&out, v, kind);
    size_t n = out.oom ? 0 : out.len;
    if (size > 0) {
        size_t k = n < size - 1 ? n : size - 1;
        if (k)
            memcpy(buf, out.buf, k);
        buf[k] = '\0';
    }
    free(out.buf);
    return n;
}
