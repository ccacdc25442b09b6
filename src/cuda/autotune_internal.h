/* Private to autotuning (autotune.c, autotune_file.c): the tuner, its candidates and the
 * choices made per key tuple. */
#ifndef TRITONC_CUDA_AUTOTUNE_INTERNAL_H
#define TRITONC_CUDA_AUTOTUNE_INTERNAL_H

#include "cuda/runtime_internal.h"

/* The most timed launches per config. */
#define TCR_MAX_REPEATS 1000
/* A candidate's ptx_options are written in a table's OPTIONS field: at most this long. */
#define TCR_MAX_PTX_OPTIONS 512

typedef struct cuda_candidate {
    void *cfg; /* the base config with `set` applied */
    char *set; /* "BLOCK_M=128,..." as given */
    tc_options opts; /* filled */
    tc_kernel *_Atomic handle; /* made on first use */
} cuda_candidate;

/* The config chosen for one key tuple; published like loaded variants (append-only list). */
typedef struct cuda_choice {
    struct cuda_choice *_Atomic next;
    int best;
    double ms;
    bool timed; /* timed by this process (else read from the file or a table) */
    bool table; /* from a table of winners (autotune_table.c) */
    const char *specs; /* the specialization keys it was chosen for ("" unknown), after key */
    char key[];
} cuda_choice;

struct tc_autotuner {
    tc_autotuner *next;
    tc_runtime *rt;
    const tl_kernel *k;
    tc_kernel *base; /* the base config's handle: the declared arguments, the launch checks */
    const tc_param *params;
    int nparams;
    int nconfigs;
    cuda_candidate *cand;
    int nkey;
    int *key_index;
    tc_grid_fn grid;
    void *grid_user;
    int warmup, repeats;
    tc_autotune_options prune; /* its prune, perf_model, top_k and prune_user */
    double *timings; /* the last tuning's medians (rt->lock); NULL before one */
    int nreset, nrestore; /* reset_to_zero and restore_value: argument indices */
    int *reset_index, *restore_index;
    size_t (*arg_bytes)(int arg, int nargs, const tc_arg *args, void *user);
    void *arg_bytes_user;
    char *file; /* the persisted choices; NULL: memory only */
    char *configs_text; /* what the file's hash covers, one line per config */
    char hash[17];
    cuda_choice *_Atomic choices;
    cuda_choice *_Atomic last; /* the choice of the last launch (choices are never freed early) */
};

cuda_choice *cuda_find_choice(tc_autotuner *at, const char *key);
/* Adds a choice (specs: the specialization keys of the launches it was chosen for, blank
 * separated; NULL: unknown); call with rt->lock held. NULL on out of memory. */
cuda_choice *cuda_add_choice(tc_autotuner *at, const char *key, int best, double ms, bool timed, const char *specs);

/* Chooses the file (dir NULL: the compile cache's autotune/; "": none) and reads the choices it
 * holds; a corrupt or foreign file is ignored (and rewritten at the next save). false (error
 * recorded) only on out of memory. */
bool cuda_autotune_file_open(tc_autotuner *at, tl_site site, const void *base_cfg, const char *dir);
/* Adds key -> best to the file (merged with what other processes wrote, through a temporary
 * file renamed over it). A failure to write is no error: the choice stays in memory. */
void cuda_autotune_file_save(tc_autotuner *at, tl_site site, const char *key, int best, double ms);

/* Adds the choices of the table text and of the table file at path (either may be NULL). false
 * (error recorded) when one does not parse or names a config the tuner does not have. */
bool cuda_autotune_table_open(tc_autotuner *at, tl_site site, const char *text, const char *path);

/* reset_to_zero and restore_value (autotune_buffers.c): the argument indices of the names
 * given, checked to be pointer arguments (false, error recorded, otherwise). */
bool cuda_buffers_init(tc_autotuner *at, tl_site site, const tc_autotune_options *o);
/* Saves the restore_value buffers (device copies in *saved, one per entry). */
bool cuda_buffers_save(tc_autotuner *at, tl_site site, int nargs, const tc_arg *args, tcu_deviceptr *saved);
/* Zeroes the reset_to_zero buffers in stream (before a launch that times a config). */
bool cuda_buffers_zero(tc_autotuner *at, tl_site site, tc_stream stream, int nargs, const tc_arg *args);
/* Copies the saved buffers back and frees the copies (after the timing). */
bool cuda_buffers_restore(tc_autotuner *at, tl_site site, int nargs, const tc_arg *args, tcu_deviceptr *saved);

#endif
