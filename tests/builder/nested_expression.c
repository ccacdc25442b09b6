/* One expression of tl_add/tl_mul calls nested 32 deep: each API macro writes its arguments
 * once, so this preprocesses and compiles in linear time and memory (each level used to double
 * the text: 16 levels took gcc 67 s and 2.6 GB). ctest gives it a time budget; it then builds
 * the kernel and checks the op count. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tritonc/tritonc.h"

static tl_value nested(tl_value x)
{
    return tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(tl_add(x, tl_mul(x, 1)), tl_mul(x, 2)), tl_mul(x, 3)), tl_mul(x, 4)), tl_mul(x, 5)), tl_mul(x, 6)), tl_mul(x, 7)), tl_mul(x, 8)), tl_mul(x, 9)), tl_mul(x, 10)), tl_mul(x, 11)), tl_mul(x, 12)), tl_mul(x, 13)), tl_mul(x, 14)), tl_mul(x, 15)), tl_mul(x, 16)), tl_mul(x, 17)), tl_mul(x, 18)), tl_mul(x, 19)), tl_mul(x, 20)), tl_mul(x, 21)), tl_mul(x, 22)), tl_mul(x, 23)), tl_mul(x, 24)), tl_mul(x, 25)), tl_mul(x, 26)), tl_mul(x, 27)), tl_mul(x, 28)), tl_mul(x, 29)), tl_mul(x, 30)), tl_mul(x, 31)), tl_mul(x, 32));
}

int main(void)
{
    tl_builder *b = tl_builder_create("nested");
    tl_value p = tl_arg(b, "p", TL_PTR(TL_I32));
    tl_value x = tl_load(p);
    tl_store(p, nested(x));
    tl_builder_set_locations(b, false);
    char *text = tl_finish(b);
    if (!text) {
        fprintf(stderr, "%s\n", tl_builder_error(b));
        return 1;
    }
    int adds = 0, muls = 0;
    for (const char *s = text; (s = strstr(s, "arith.")) != NULL; s++) {
        adds += strncmp(s, "arith.addi", 10) == 0;
        muls += strncmp(s, "arith.muli", 10) == 0;
    }
    free(text);
    tl_builder_destroy(b);
    if (adds != 32 || muls != 32) {
        fprintf(stderr, "expected 32 addi and 32 muli, got %d and %d\n", adds, muls);
        return 1;
    }
    return 0;
}
