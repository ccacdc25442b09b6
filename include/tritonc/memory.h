/* tritonc/memory.h - atomics, tensor descriptors and block pointers. */
#ifndef TRITONC_MEMORY_H
#define TRITONC_MEMORY_H

#include "tritonc/control.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif
#endif
