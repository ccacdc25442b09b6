/* Not a unit test: a file that must NOT compile, one mistake per CASE (see
 * compile_fail_check.cmake). Python's positional arguments fill the options structs in
 * Python's order (tl_load(p, mask, other), tl_store(p, v, mask), tl_atomic_add(p, v, mask),
 * tl_dot(a, b, acc)); one more, or one where C has no member in Python's place, must fail
 * rather than land in another member (it used to overwrite ptr: an unmasked load).
 * CASE=0 is the right use, positional and keyword forms together. */
#include "tritonc/tritonc.h"

void misuse(tl_builder *b, tl_value p, tl_value m, tl_value x, tl_value l);
void misuse(tl_builder *b, tl_value p, tl_value m, tl_value x, tl_value l)
{
    (void)b;
    tl_load(p, m);
    tl_load(p, m, x);
    tl_load(p, m, .other = x, .cache = TL_CACHE_CG);
    tl_load(p, .mask = m, .other = x);
    tl_store(p, x, m);
    tl_store(p, x, m, .eviction = TL_EVICT_LAST);
    tl_atomic_add(p, x, m);
    tl_atomic_add(p, x, m, .sem = TL_SEM_RELAXED);
    tl_atomic_cas(l, 0, 1, .sem = TL_SEM_ACQUIRE);
    tl_dot(x, x, x);
    tl_max(x, 0, .keep_dims = true);
    tl_argmax(x, 0, .keep_dims = true);
#if CASE == 1
    tl_load(p, m, x, TL_DIMS(0)); /* Python's boundary_check: name it */
#elif CASE == 2
    tl_load(p, m, x, x);
#elif CASE == 3
    tl_store(p, x, m, x);
#elif CASE == 4
    tl_atomic_add(p, x, m, TL_SEM_RELAXED); /* Python's sem: name it */
#elif CASE == 5
    tl_atomic_cas(l, 0, 1, m);
#elif CASE == 6
    tl_dot(x, x, x, TL_PRECISION_IEEE);
#elif CASE == 7
    tl_max(x, 0, true); /* Python's return_indices: tl_max_with_indices */
#elif CASE == 8
    tl_argmax(x, 0, true); /* Python's tie_break_left: the opposite of .tie_break_fast */
#elif CASE == 9
    tl_load(p, m, 0.0); /* a number as other: tl_lit(0.0) */
#endif
}
