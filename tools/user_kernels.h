/* The user's kernels (`tritonc COMMAND --from FILE NAME`, docs/cli.md): a C or C++ source holding
 * TL_KERNELs, compiled into a shared library by the system compiler against tritonc's headers
 * (cached by a hash of what the compiler reads), or such a library given directly; loaded with
 * dlopen, its kernels found through the ELF section every TL_KERNEL fills (TL_KERNEL_SECTION).
 *
 * The user's library leaves tritonc's functions undefined, or links libtritonc: either way its
 * calls resolve to the copy inside this program, which exports them (CMakeLists.txt), so a
 * kernel's body and the tritonc that runs it share one library's state. */
#ifndef TRITONC_TOOLS_USER_KERNELS_H
#define TRITONC_TOOLS_USER_KERNELS_H

#include <stdbool.h>

#include "tritonc/tritonc.h"

/* The kernels of a loaded library. */
typedef struct user_kernels {
    const char *file; /* as the user gave it */
    int n;
    const tl_kernel **kernels; /* malloc'd; the kernels themselves live in the library, loaded
                                  until the program exits */
} user_kernels;

/* Compiles (or takes from the cache under cache_dir, NULL: tritonc's default cache directory)
 * and loads file, filling *out. Returns CLI_OK, else the exit status after printing the error
 * (file missing or of an unknown kind, the compiler's first error, a library that does not load,
 * one without TL_KERNEL). */
int user_kernels_load(const char *file, const char *cache_dir, user_kernels *out);

/* The kernel named name, else NULL. */
const tl_kernel *user_kernels_find(const user_kernels *u, const char *name);

#endif
