/* Private to the compile step (compile*.c, cache*.c, embed*.c, subprocess*.c, hash*.c):
 * strings, files, the hash, the subprocess, the metadata text and the disk cache. */
#ifndef TRITONC_COMPILE_INTERNAL_H
#define TRITONC_COMPILE_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/alloc.h" /* base_strdup: a malloc'd copy (NULL for NULL or out of memory) */
#include "tritonc/compile.h"

/* ---- strings and files (compile_util.c) ---------------------------------------------------- */

/* A malloc'd printf; NULL on out of memory. */
char *compile_format(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* The compile step's one way to fail: when err is not NULL, records the message through the
 * one error module (base_error_vline: TRITONC_ABORT_ON_ERROR, the breakpoint), sets *err to it
 * (malloc'd; an earlier *err is freed) and returns false. A caller that passes NULL asks for
 * no message, and nothing is recorded: the probes whose failure is an answer, not an error
 * (a cache entry's metadata, the compiler's version, the autotune file's directory), do so. */
bool compile_fail(char **err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The whole file, malloc'd with a NUL after its *size bytes; NULL with errno set (EINVAL: not
 * a regular file, as a FIFO, which is opened without blocking and never read). */
unsigned char *compile_read_file(const char *path, size_t *size);
/* Writes size bytes to path through a temporary file in the same directory (written, fsync'd,
 * renamed over path), so that a reader sees the old file or the whole new one, never part. */
bool compile_write_file_atomic(const char *path, const void *data, size_t size, char **err);
/* mkdir -p (mode 0755 for what it makes). */
bool compile_make_dirs(const char *path, char **err);
/* A fresh private directory under $TMPDIR (else /tmp): malloc'd path, or NULL with *err. */
char *compile_make_temp_dir(char **err);
/* Removes dir and the files directly in it. */
void compile_remove_dir(const char *dir);

/* ---- the hash (hash.c, over base/hash.h's 64-bit FNV-1a) --------------------------------- */

/* h continued over s and its NUL, so that fields in a row hash apart ("ab", "c" and "a", "bc");
 * NULL adds nothing. */
uint64_t compile_hash_str(uint64_t h, const char *s);
/* 16 lowercase hex digits and a NUL into out. */
void compile_hash_hex(uint64_t h, char out[17]);

/* ---- the subprocess (subprocess.c) ------------------------------------------------------- */

/* Runs argv[0] (searched in PATH) with argv, stdin from /dev/null, stdout and stderr together
 * into *output (malloc'd, NUL-terminated, the last 64 KiB kept), in its own process group.
 * Past timeout_s seconds the group is killed, whether or not it closed its output. Should the
 * calling process die first, the group is killed and temp_dir (if not NULL) removed. Works
 * with SIGCHLD ignored. Returns the exit status (0-255), or -1 with *err set when it could not
 * start (*err names argv[0]), timed out, or died of a signal. */
int compile_run(char *const argv[], int timeout_s, const char *temp_dir, char **output, char **err);

/* ---- metadata text (compile_meta.c) ----------------------------------------------------- */

/* Reads "key value" lines (the compiler's kernel.meta, or tc_variant_save's NAME.meta) into v:
 * symbol, shared, num_warps, num_ctas, cluster_dims, scratch, arch, triton_version and, when
 * present, kernel, config, spec, options, nargs. Strings are malloc'd into v. Returns false
 * with *err when the text does not end with "end" (a truncated file) or a number is bad. */
bool compile_meta_parse(const char *text, tc_variant *v, char **err);
/* The full metadata of v, "end" last; malloc'd or NULL. */
char *compile_meta_format(const tc_variant *v);
/* "arch=90 num_warps=4 num_stages=3 num_ctas=1 debug=0" */
char *compile_options_text(tc_options o);

/* ---- the disk cache (cache.c) ------------------------------------------------------------- */

/* What an entry is found by: the emitted TTIR (which holds the kernel, its config and its
 * specialization) and the options text (target included). The compiler's version is recorded
 * in the entry (its triton_version), not in the key: see docs/compile.md. */
typedef struct compile_cache_key {
    const char *ttir; /* exactly as emitted */
    const char *options; /* compile_options_text */
} compile_cache_key;

/* The cache directory env selects, malloc'd; NULL with *err when none can be found. */
char *compile_cache_dir(const tc_compile_env *env, char **err);
/* The entry for key under dir, when there is a whole one (checksum right, key equal and, when
 * version is not NULL, made by that compiler version): a variant (kernel, config, spec,
 * options, nargs from the entry), else NULL, with *bad saying what is wrong with the entry
 * there, if anything ("corrupt", "not a regular file"): the next write replaces it. */
tc_variant *compile_cache_get(const char *dir, const compile_cache_key *key, const char *version, const char **bad);
/* Stores v for key (atomically: a reader sees no entry or a whole one). */
bool compile_cache_put(const char *dir, const compile_cache_key *key, const char *version, const tc_variant *v,
                       char **err);

#endif
