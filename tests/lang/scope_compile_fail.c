/* Not a unit test: a file that must NOT compile, one mistake per CASE (see
 * compile_fail_check.cmake). A scope call given NULL (or any non-scope) has no builder to report
 * to at run time, so the macros reject it at compile time. CASE=0 is the right use. */
#include <stddef.h>

#include "tritonc/tritonc.h"

void misuse(tl_builder *b, tl_value n);
void misuse(tl_builder *b, tl_value n)
{
    tl_scope w = tl_while(b, .carry = TL_VARS(&n));
    tl_scope *scope = &w;
#if CASE == 1
    scope = NULL;
    tl_end(NULL);
#elif CASE == 2
    tl_yield(NULL, n);
#elif CASE == 3
    tl_do(NULL, tl_lt(n, 4));
#elif CASE == 4
    tl_else(0);
#endif
    tl_do(scope, tl_lt(n, 4));
    tl_end(scope);
}
