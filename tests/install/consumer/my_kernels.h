#ifndef MY_KERNELS_H
#define MY_KERNELS_H
#include <tritonc/kernel.h>

typedef struct my_scale_cfg {
    int BLOCK;
} my_scale_cfg;
TL_KERNEL_DECLARE(my_scale_kernel, my_scale_cfg);
#endif
