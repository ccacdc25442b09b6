/* Autotuning, as @triton.autotune(configs, key). */
#include <stdlib.h>

#include "runtime_internal.h"

void tcr_autotuner_free_all(tc_runtime *rt)
{
    (void)rt;
}
