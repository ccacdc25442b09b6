/* A configs file: the candidates `tritonc autotune` times and the key it tunes for, what a
 * program gives tc_autotune_create in C (docs/launch.md "tritonc autotune"):
 *
 *     # the configs of matmul
 *     key M N K
 *     BLOCK_M=128,BLOCK_N=256,BLOCK_K=64,GROUP_M=8 | num_warps=8,num_stages=3
 *     BLOCK_M=64,BLOCK_N=64,BLOCK_K=32,GROUP_M=8 | num_warps=4,num_stages=4
 *
 * One candidate a line: its --set text, then (optional) `| num_warps=N,num_stages=N,num_ctas=N`;
 * `key NAME...` the key arguments (none: every integer scalar argument); `reset_to_zero NAME...`
 * and `restore_value NAME...` as Triton's. Blank and `#` lines are skipped. */
#ifndef TRITONC_TOOLS_TUNE_CONFIGS_H
#define TRITONC_TOOLS_TUNE_CONFIGS_H

#include <stddef.h>

#include "tritonc/cuda.h"

enum { TUNE_MAX_CONFIGS = 256, TUNE_MAX_NAMES = 16 };

typedef struct tune_configs {
    int n;
    tc_tune_config configs[TUNE_MAX_CONFIGS]; /* .set point into text */
    int nkey, nreset, nrestore;
    const char *key[TUNE_MAX_NAMES], *reset[TUNE_MAX_NAMES], *restore[TUNE_MAX_NAMES];
    char *text; /* the file, cut into the strings above */
} tune_configs;

/* Reads path into c; false with why ("FILE line N: ..."). tune_configs_free frees it either way. */
bool tune_configs_read(const char *path, tune_configs *c, char *why, size_t n);
void tune_configs_free(tune_configs *c);

#endif
