/* Private to autotuning (autotune.c, autotune_file.c): the tuner, its candidates and the
 * choices made per key tuple. */
#ifndef TRITONC_CUDA_AUTOTUNE_INTERNAL_H
#define TRITONC_CUDA_AUTOTUNE_INTERNAL_H

#include "cuda/runtime_internal.h"

/* The most timed launches per config. */
#define TCR_MAX_REPEATS 1000

typedef struct tcr_candidate {
    void *cfg;                 /* the base config with `set` applied */
    char *set;                 /* "BLOCK_M=128,..." as given */
    tc_options opts;           /* filled */
    tc_kernel *_Atomic handle; /* made on first use */
} tcr_candidate;

/* The config chosen for one key tuple; published like loaded variants (append-only list). */
typedef struct tcr_choice {
    struct tcr_choice *_Atomic next;
    int best;
    double ms;
    bool timed; /* timed by this process (else read from the file) */
    char key[];
} tcr_choice;

struct tc_autotuner {
    tc_autotuner *next;
    tc_runtime *rt;
    const tl_kernel *k;
    tc_kernel *base; /* the base config's handle: the declared arguments, the launch checks */
    const tc_param *params;
    int nparams;
    int nconfigs;
    tcr_candidate *cand;
    int nkey;
    int *key_index;
    tc_grid_fn grid;
    void *grid_user;
    int warmup, repeats;
    tc_autotune_options prune; /* its prune, perf_model, top_k and prune_user */
    double *timings;           /* the last tuning's medians (rt->lock); NULL before one */
    char *file;         /* the persisted choices; NULL: memory only */
    char *configs_text; /* what the file's hash covers, one line per config */
    char hash[17];
    tcr_choice *_Atomic choices;
    tcr_choice *_Atomic last; /* the choice of the last launch (choices are never freed early) */
};

tcr_choice *tcr_find_choice(tc_autotuner *at, const char *key);
/* Adds a choice; call with rt->lock held. NULL on out of memory. */
tcr_choice *tcr_add_choice(tc_autotuner *at, const char *key, int best, double ms, bool timed);

/* Chooses the file (dir NULL: the compile cache's autotune/; "": none) and reads the choices it
 * holds; a corrupt or foreign file is ignored (and rewritten at the next save). false (error
 * recorded) only on out of memory. */
bool tcr_autotune_file_open(tc_autotuner *at, tl_site site, const void *base_cfg, const char *dir);
/* Adds key -> best to the file (merged with what other processes wrote, through a temporary
 * file renamed over it). A failure to write is no error: the choice stays in memory. */
void tcr_autotune_file_save(tc_autotuner *at, tl_site site, const char *key, int best, double ms);

#endif
