/* Tables of winners (docs/launch.md "Tables of winners"), parsed: what a tuner reads at creation
 * (autotune_table.c), what tc_autotune_create_from_tables builds a tuner from, and what `tritonc
 * embed --table` compiles the winners of (tools/compile_cmd.c). The text format:
 *
 *     tritonc-autotune-table 1
 *     kernel matmul
 *     arch 90                                   (optional) the GPU the winners were timed on
 *     base BLOCK_M=128,BLOCK_N=128,...          (optional) the base config the CONFIGs are set over
 *     key M N K                                 (optional) the key arguments
 *     config BLOCK_M=128,BLOCK_N=256 | num_warps=8,num_stages=3   (optional, repeated) the candidates
 *     reset_to_zero c_ptr                       (optional) as the tuner's option
 *     restore_value c_ptr                       (optional) as the tuner's option
 *     # KEY | CONFIG | OPTIONS [| MS [| SPECS]]
 *     M=4096,N=4096,K=4096;float16,float16,float16 | BLOCK_M=128,BLOCK_N=256 | num_warps=8,num_stages=3 | 0.231 | DDDDDDD1D1D1
 *
 * CONFIG is a candidate's `set` text as the tuner was given it, OPTIONS its num_warps,
 * num_stages and num_ctas (missing ones: Triton's defaults) and launch options
 * (cuda_table_parse_options); MS (optional, may be empty) the
 * time it was measured at; SPECS (optional) the specialization keys of the launches it was
 * tuned for, separated by blanks: the variants a build embeds for it. Blank lines and lines
 * starting with '#' are skipped. */
#ifndef TRITONC_CUDA_AUTOTUNE_TABLE_H
#define TRITONC_CUDA_AUTOTUNE_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "tritonc/cuda.h"

#define CUDA_TABLE_MAGIC "tritonc-autotune-table 1"

/* One winner: a key tuple and its config. */
typedef struct cuda_table_row {
    int line;
    const char *key; /* "M=4096,N=4096,K=4096;float16,float16,float16" */
    const char *set; /* the winner's `set` text */
    tc_options opts; /* filled (tc_options_filled) */
    double ms; /* -1: not given */
    const char *specs; /* "DDDDDDD1D1D1 NDDDDDD1D1D1", "" when not given */
} cuda_table_row;

/* A parsed table. Every string points into `text`, the table's copy cut in place. */
typedef struct cuda_table {
    const char *kernel;
    int arch; /* 0: no arch line */
    const char *base; /* NULL: no base line */
    int base_line;
    bool has_key; /* a key line was given (its names may be none) */
    int key_line;
    int nkey, nreset, nrestore, nconfigs, nrows;
    const char **key, **reset, **restore;
    tc_tune_config *configs; /* the config lines: set and options (filled) */
    cuda_table_row *rows;
    char *text;
} cuda_table;

/* Parses a table's text (where: its path, or "(text)", for messages). kernel: the kernel the
 * table must be of (NULL: any). false with why ("autotune table WHERE line N: ...") when it
 * does not parse; t is then empty. cuda_table_free frees it either way. */
bool cuda_table_parse(const char *text, const char *where, const char *kernel, cuda_table *t, char *why,
                      size_t whysize);
void cuda_table_free(cuda_table *t);

/* An OPTIONS field, "num_warps=8,num_stages=3,num_ctas=1" over Triton's defaults (warps a power
 * of 2 to 32, stages and CTAs 1 to 16), and the launch options a candidate may differ in, each
 * as Triton's Config or CUDAOptions names it: maxnreg=N (0 to 255), enable_fp_fusion=false,
 * launch_pdl=true, launch_cooperative_grid=true, ptx_options=TEXT (last: TEXT runs to the end of
 * the field, commas included). Parsed in place into o (filled first, arch 0); ptx_options points
 * into text. False when malformed. */
bool cuda_table_parse_options(char *text, tc_options *o);
/* o as an OPTIONS field: the three sizes always, each launch option only where it is not
 * Triton's default (a table of plain candidates reads as before these existed). */
void cuda_table_options_text(const tc_options *o, char *buf, size_t n);

/* The key names of a table: its key line's, else those of its first row's key (the name before
 * each '=', up to the ';'), copied into names (at most max, each cut at 63 bytes). Returns how
 * many, -1 when there are more than max. */
int cuda_table_key_names(const cuda_table *t, char names[][64], int max);

#endif
