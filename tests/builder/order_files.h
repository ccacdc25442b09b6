/* test_order_files: the helper of the second file (order_files_other.c). */
#ifndef TRITONC_TEST_ORDER_FILES_H
#define TRITONC_TEST_ORDER_FILES_H

#include "tritonc/tritonc.h"

/* Calls that file's static `helper`: x + 5 (pure), then a load of p[1]; returns their difference. */
tl_value order_files_other_helper(tl_value p, tl_value x);

#endif
