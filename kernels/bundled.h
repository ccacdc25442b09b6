/* The kernels bundled with tritonc: each a C port beside the Python original it ports.
 * Used by the CLI, the bench and the golden tests. */
#ifndef TRITONC_KERNELS_BUNDLED_H
#define TRITONC_KERNELS_BUNDLED_H

#include "tritonc/tritonc.h"

/* How many bundled kernels there are, and the i-th (NULL when out of range). */
int tritonc_bundled_count(void);
const tl_kernel *tritonc_bundled_at(int i);
/* The bundled kernel named `name`, or NULL. */
const tl_kernel *tritonc_bundled_find(const char *name);

#endif
