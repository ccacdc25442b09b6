/* The second file of test_order_files: a static helper named as one in test_order_files.c.
 * It comes first in this file, so its calls have the lowest source-order keys here. */
#include "tritonc/tritonc.h"

#include "order_files.h"

static tl_value helper(tl_value p, tl_value x)
{
    tl_value sum = tl_add(x, 5.0);
    tl_value loaded = tl_load(tl_addptr(p, 1));
    return tl_sub(sum, loaded);
}

tl_value order_files_other_helper(tl_value p, tl_value x)
{
    return helper(p, x);
}
