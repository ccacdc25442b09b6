/* tritonc/compile.h - a kernel compiled by Triton: variants, the compile step, the disk cache,
 * embedding (library tritonc_cuda; docs/compile.md tells the whole story).
 *
 * A variant is one kernel compiled for one (config, specialization key, options): its cubin
 * and PTX with the metadata a launcher needs. tc_compile emits the kernel's TTIR, looks the
 * variant up in the disk cache and, on a miss, runs Triton's compiler as a subprocess
 * (tools/triton_compile.py under python3, or any program speaking its protocol). Nothing here
 * needs a GPU or CUDA; no call aborts, exits or prints: errors come back as one malloc'd line
 * (TRITONC_ABORT_ON_ERROR=1 aborts at the first, for a debugger; a call given NULL for err asks
 * for no message, and its failure is no error).
 */
#ifndef TRITONC_COMPILE_H
#define TRITONC_COMPILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tritonc/export.h"
#include "tritonc/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the kernel's declared arguments ------------------------------------------------------ */

/* One declared argument, as tl_arg declared it (before any specialization). */
typedef struct tc_param {
    const char *name;
    tl_arg_kind kind;
    tl_dtype dtype; /* element (pointee for pointers) */
    bool do_not_specialize;
    int rank; /* a tensor descriptor's (TL_TENSORDESC) dimensions, else 0 */
    int block_shape[5]; /* a tensor descriptor's block shape */
} tc_param;

/* The kernel's declared arguments, read by building it once on cfg (NULL: its default).
 * Returns a malloc'd array of *n params, names included (one free()), or NULL with *err set to
 * a malloc'd line (the kernel's build error, or a NULL argument). */
TRITONC_API tc_param *tc_kernel_params(const tl_kernel *k, const void *cfg, int *n, char **err);

/* The key letters of the kernel emitted as declared (NULL key): 'D' for a pointer with the
 * default divisibility (or 16) and a scalar declared divisible by 16, 'N' otherwise. malloc'd,
 * or NULL with *err set. */
TRITONC_API char *tc_declared_spec(const tl_kernel *k, const void *cfg, char **err);

/* "BLOCK_M=128,BLOCK_N=128,..." in field order (ints in decimal, dtypes by Python name, bools
 * true/false), "" for a kernel without fields. cfg NULL: the default. malloc'd; NULL when k is
 * NULL, has no config, or on out of memory. */
TRITONC_API char *tc_config_text(const tl_kernel *k, const void *cfg);

/* ---- a compiled variant ------------------------------------------------------------------- */

/* A variant's options: Triton 3.6's CUDAOptions that tritonc passes on. Every 0 field is
 * Triton's default, so (tc_options){0} is what Python's JIT compiles with. */
typedef struct tc_options {
    int arch; /* compute capability, 90 */
    int num_warps; /* 4 */
    int num_stages; /* 3 */
    int num_ctas; /* 1 */
    bool debug; /* Triton's debug option */
    /* --- since issue 30 (each in the cache key, the metadata and the embedded variant) --- */
    int maxnreg; /* Triton's maxnreg: at most this many registers per thread (the LLVM
                    function's nvvm.maxnreg, which ptxas honours); 0: none (None), else 1 to
                    255 */
    bool disable_fp_fusion; /* Triton's enable_fp_fusion = False: no fused multiply-adds
                               (ptxas --fmad=false); false: fusion on, Triton's default */
    bool launch_pdl; /* Triton's launch_pdl: launched with programmatic dependent launch
                        (the cuLaunchKernelEx attribute PROGRAMMATIC_STREAM_SERIALIZATION):
                        it may start before the kernel ahead of it in its stream ends, and
                        waits for it where it executes griddepcontrol.wait */
    bool launch_cooperative_grid; /* Triton's launch_cooperative_grid: launched with the
                                     COOPERATIVE attribute (every program resident at once;
                                     a grid larger than the device holds fails) */
    const char *ptx_options; /* Triton's ptx_options: extra ptxas options, separated by
                                spaces ("--verbose"); NULL or "": none. Copied wherever it is
                                kept (handles, variants) */
} tc_options;
/* 0 fields mean Triton's defaults: arch 90, 4 warps, 3 stages, 1 CTA (and "" ptx_options
 * become NULL). */
TRITONC_API tc_options tc_options_filled(tc_options o);
/* Whether a and b are the same options once filled (ptx_options compared as text). */
TRITONC_API bool tc_options_equal(tc_options a, tc_options b);

/* One host tensor descriptor of a compiled kernel, as Triton 3.6's compiler describes it
 * (metadata["tensordesc_meta"]: the shared memory layout the kernel's TMA copies expect). */
typedef struct tc_tensordesc_meta {
    int swizzle; /* CUtensorMapSwizzle: 0 none, 1 32B, 2 64B, 3 128B */
    int elem_size; /* bytes per element */
    int elem_type; /* Triton's TMA element type (its device-side numbering: 8 is FLOAT32_FTZ,
                      9 FLOAT64, 10 BFLOAT16, the others CUtensorMapDataType's) */
    bool fp4_padded; /* packed fp4 padded to bytes: the innermost dimension doubles */
    int rank;
    int block_size[5]; /* the TMA box, outermost first (the innermost may be narrower than
                          the block: one copy per swizzle width) */
} tc_tensordesc_meta;

typedef struct tc_variant {
    const char *kernel; /* tl_kernel name */
    const char *config; /* tc_config_text: "BLOCK_M=128,BLOCK_N=128,..." */
    const char *spec; /* the key: one letter per declared argument */
    tc_options options; /* as requested, defaults filled in */
    const char *symbol; /* the cubin's function name (Triton's metadata "name") */
    int shared; /* bytes of dynamic shared memory (> 48 KiB needs the attribute) */
    int num_warps, num_ctas, cluster_dims[3];
    int global_scratch_size, global_scratch_align, profile_scratch_size, profile_scratch_align;
    int arch; /* 90 */
    const char *triton_version; /* "3.6.0" */
    int nargs; /* arguments of the compiled function's TTIR, after specialization
                                    (a host tensor descriptor counts 1 + 2 * rank: itself, its
                                    shape and strides), before the scratch pointers the
                                    launcher appends */
    const unsigned char *cubin;
    size_t cubin_size; /* cubin may be NULL (size 0): then ptx */
    const char *ptx; /* NUL-terminated; may be NULL when there is a cubin */
    uint64_t ir_hash; /* tc_ir_hash of the kernel it was compiled from. The runtime
                                    launches a variant only when this equals the hash of the
                                    kernel as built now: a variant embedded before the kernel's
                                    body changed (stale), or with 0 here, is never launched */
    /* Triton's tensordesc_meta: how the compiled kernel reads each host tensor descriptor
     * argument (TL_TENSORDESC) through TMA, in argument order; the launcher encodes each
     * descriptor's CUtensorMap from it. 0 descriptors for a kernel that has some: the kernel
     * was compiled without TMA (before sm_90) and takes each descriptor decomposed (its base
     * pointer, shape, strides and padding, then its shape and strides again), as Triton's
     * launcher passes it then. */
    int ntensordesc;
    const tc_tensordesc_meta *tensordesc;
} tc_variant;


/* Where variants come from. A NULL env means every default with jit on (unless
 * $TRITONC_JIT=0); a zeroed struct means every default with jit off. */
typedef struct tc_compile_env {
    const char *cache_dir; /* NULL: $TRITONC_CACHE_DIR, else $XDG_CACHE_HOME/tritonc, else
                              $HOME/.cache/tritonc */
    const char *compiler; /* a program speaking triton_compile.py's protocol. NULL:
                              $TRITONC_COMPILER, else $TRITONC_PYTHON (else python3) running
                              triton_compile.py ($TRITONC_COMPILE_SCRIPT, else the installed one,
                              else the source tree's) */
    bool jit; /* on a cache miss, compile (else fail naming the command) */
    bool no_cache; /* neither read nor write the disk cache */
    bool check_version; /* ask the compiler its version (one subprocess) before trusting an
                              entry: an entry of another compiler version is a miss, and a
                              compiler that cannot be run is an error even on a hit (without
                              it, a hit runs no compiler, so a missing one goes unnoticed) */
    int timeout_s; /* a compile running longer is killed; 0: $TRITONC_COMPILE_TIMEOUT,
                              else 300 */
    const char *from; /* the user's file the kernel came from (`tritonc ... --from FILE`),
                              NULL for a bundled one: the command a message suggests names it */
} tc_compile_env;

/* Emits k on cfg (NULL: default) with the specialization key spec (NULL: as declared) and
 * returns the compiled variant: from the disk cache, else compiled (when env allows). The
 * variant and its strings and binaries are the caller's (tc_variant_free). NULL with *err set
 * to one malloc'd line on error; with no compiler allowed or available it names the missing
 * variant and the `tritonc compile ...` command that builds it. */
TRITONC_API tc_variant *tc_compile(const tl_kernel *k, const void *cfg, const char *spec, tc_options opts,
                                   const tc_compile_env *env, char **err);
/* The hash of the IR a variant is compiled from: 64-bit FNV-1a of k's TTIR emitted on cfg (NULL:
 * its default) with the key spec (NULL: as declared) and opts.debug, without source locations
 * (so that it names what the kernel computes, not where its file lies or on which line). Never
 * 0; 0 with *err set when the kernel does not build. tc_compile sets it in every variant; a
 * program that makes a tc_variant by hand sets it from here. */
TRITONC_API uint64_t tc_ir_hash(const tl_kernel *k, const void *cfg, const char *spec, tc_options opts, char **err);

/* Frees a variant made by tc_compile or tc_variant_load. NULL is a no-op. Never call it on an
 * embedded (const) variant. */
TRITONC_API void tc_variant_free(tc_variant *v);

/* The command line that builds the variant: "tritonc compile NAME --set K=V ... --specialize
 * KEY --num-warps N ... -o DIR" (only what differs from the defaults). malloc'd or NULL. */
TRITONC_API char *tc_compile_command(const tl_kernel *k, const void *cfg, const char *spec, tc_options opts);

/* The version line of the compiler env selects (`--version`: "triton 3.6.0"), malloc'd, or
 * NULL with *err set (no interpreter, no triton package, a hang: one line each). */
TRITONC_API char *tc_compiler_version(const tc_compile_env *env, char **err);

/* ---- several compiles at once ---------------------------------------------------------------- */

/* One compile of tc_compile_many: what tc_compile takes, and what it gave. */
typedef struct tc_compile_job {
    const tl_kernel *kernel;
    const void *cfg; /* NULL: the default */
    const char *spec; /* NULL: as declared */
    tc_options opts;
    tc_variant *variant; /* set: the variant (the caller's: tc_variant_free), else NULL ... */
    char *err; /* ... and the error, malloc'd (the caller frees it) */
} tc_compile_job;

/* Called after each job of tc_compile_many ends, one call at a time: `ended` of n so far. */
typedef void (*tc_compile_progress)(int ended, int n, const tc_compile_job *job, void *user);

/* How many compiles run at once: jobs when > 0 (at most 256), else $TRITONC_COMPILE_JOBS (an
 * integer from 1 to 256), else the number of online CPUs. 0 with *err set for a bad
 * $TRITONC_COMPILE_JOBS. */
TRITONC_API int tc_compile_jobs(int jobs, char **err);

/* tc_compile for each of the n jobs, at most tc_compile_jobs(parallel) at once, each compile
 * in a thread of its own (the compiler's children run side by side). Sets every job's variant
 * or err; progress (NULL: none) is called as each ends. Returns how many got a variant (a bad
 * $TRITONC_COMPILE_JOBS: 0, every job failing with the message). */
TRITONC_API int tc_compile_many(int n, tc_compile_job *jobs, const tc_compile_env *env, int parallel,
                                tc_compile_progress progress, void *user);

/* ---- files: what `tritonc compile -o DIR` writes ------------------------------------------ */

/* Writes DIR/NAME.cubin, DIR/NAME.ptx, DIR/NAME.meta (the metadata, line-based; see
 * docs/compile.md) and, when ttir is not NULL, DIR/NAME.ttir, NAME being v->kernel; DIR is made
 * if missing. false with *err set on an I/O error. */
TRITONC_API bool tc_variant_save(const tc_variant *v, const char *ttir, const char *dir, char **err);
/* Reads what tc_variant_save wrote (DIR/NAME.meta and its cubin and PTX). NULL with *err. */
TRITONC_API tc_variant *tc_variant_load(const char *dir, const char *name, char **err);

/* ---- embedding: variants linked into a program ---------------------------------------------- */

/* Writes a C source defining `const tc_variant NAME[]` and `const int NAME_count` that holds the
 * n variants (binaries and strings included), for tc_runtime_add_variants. NAME must be a C
 * identifier, neither a keyword of C (C11 and C23: int, bool...) or a standard macro (NULL,
 * errno...) nor reserved (__x, _X). false with *err set on a bad name or an I/O error. */
TRITONC_API bool tc_embed_write(const char *path, const char *name, int n, const tc_variant *const *variants,
                                char **err);
/* tc_embed_write, the file also defining `const char *const NAME_tables[]` and `const int
 * NAME_tables_count`: the texts of ntables tables of winners (docs/launch.md "Tables of
 * winners"; tritonc/cuda.h's tc_autotune_create_from_tables takes them), written as C strings.
 * ntables 0 is tc_embed_write. */
TRITONC_API bool tc_embed_write_tables(const char *path, const char *name, int n, const tc_variant *const *variants,
                                       int ntables, const char *const *tables, char **err);

#ifdef __cplusplus
}
#endif
#endif
