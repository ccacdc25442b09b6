/* The persisted autotuning choices: one small text file per (kernel, base config, configs,
 * key names), in the compile cache's autotune/ directory:
 *
 *     tritonc-autotune 1
 *     kernel matmul
 *     hash 0123456789abcdef
 *     M=4096,N=4096,K=4096;float16,float16,float16 3 0.231
 *
 * one line per key tuple: the key, the index of the best config, its median time in ms. A file
 * that does not parse, or whose header is another tuner's, is ignored and rewritten. A save reads
 * the file, merges its key in and writes it back under a lock (a write lock, fcntl, on the file
 * FILE.lock beside it, which stays there), so that no writer drops another's keys, and writes
 * through a temporary file renamed over the old one (compile_write_file_atomic), so that a reader,
 * locked or not, sees a whole file. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuda/autotune_internal.h"
#include "compile/compile_internal.h"
#include "base/hash.h"

#define TCR_FILE_MAGIC "tritonc-autotune 1"

typedef struct entry {
    char *key;
    int best;
    double ms;
} entry;

/* Parses text into entries (malloc'd array of *n); false when it is not a whole file of ours. */
static bool parse(const tc_autotuner *at, char *text, entry **out, int *n)
{
    *out = NULL;
    *n = 0;
    char header[256];
    snprintf(header, sizeof header, TCR_FILE_MAGIC "\nkernel %s\nhash %s\n", at->k->name, at->hash);
    if (strncmp(text, header, strlen(header)) != 0)
        return false;
    int cap = 0;
    for (char *line = text + strlen(header), *next; *line; line = next) {
        next = strchr(line, '\n');
        if (!next)
            goto bad; /* a file cut short */
        *next++ = '\0';
        char *sp2 = strrchr(line, ' ');
        if (!sp2)
            goto bad;
        *sp2 = '\0';
        char *sp1 = strrchr(line, ' ');
        if (!sp1 || sp1 == line)
            goto bad;
        *sp1 = '\0';
        char *end1, *end2;
        errno = 0;
        long best = strtol(sp1 + 1, &end1, 10);
        double ms = strtod(sp2 + 1, &end2);
        if (errno || *end1 || *end2 || best < 0 || best >= at->nconfigs || !(ms >= 0))
            goto bad;
        if (*n == cap) {
            cap = cap ? cap * 2 : 8;
            entry *grown = realloc(*out, (size_t)cap * sizeof *grown);
            if (!grown)
                goto bad;
            *out = grown;
        }
        (*out)[(*n)++] = (entry){line, (int)best, ms};
    }
    return true;
bad:
    free(*out);
    *out = NULL;
    *n = 0;
    return false;
}

static char *read_text(const char *path)
{
    size_t size = 0;
    unsigned char *data = compile_read_file(path, &size);
    if (data && memchr(data, '\0', size)) { /* a binary file is corrupt */
        free(data);
        return compile_format("corrupt");
    }
    return (char *)data;
}

bool cuda_autotune_file_open(tc_autotuner *at, tl_site site, const void *base_cfg, const char *dir)
{
    /* What identifies the tuner: the kernel, its base config, every candidate, the key names. */
    char *base_text = tc_config_text(at->k, base_cfg);
    uint64_t h = compile_hash_str(TL_FNV1A64_INIT, at->k->name);
    h = compile_hash_str(h, base_text ? base_text : "");
    free(base_text);
    for (int i = 0; i < at->nconfigs; i++) {
        char *opts = compile_options_text(at->cand[i].opts);
        h = compile_hash_str(h, at->cand[i].set);
        h = compile_hash_str(h, opts ? opts : "");
        free(opts);
    }
    for (int i = 0; i < at->nkey; i++)
        h = compile_hash_str(h, at->params[at->key_index[i]].name);
    compile_hash_hex(h, at->hash);
    if (dir && !*dir)
        return true; /* memory only */
    char *cache = NULL;
    if (!dir) {
        /* err NULL: no cache directory is an answer (memory only), not an error */
        cache = compile_cache_dir(at->rt->has_env ? &at->rt->env : NULL, NULL);
        if (!cache)
            return true; /* nowhere to keep it: memory only */
    }
    at->file = compile_format("%s%s/%s-%s.autotune", dir ? dir : cache, dir ? "" : "/autotune", at->k->name, at->hash);
    free(cache);
    if (!at->file) {
        cuda_fail(at->rt, site, "out of memory");
        return false;
    }
    char *text = read_text(at->file);
    entry *e = NULL;
    int n = 0;
    if (text && parse(at, text, &e, &n)) {
        pthread_mutex_lock(&at->rt->lock);
        for (int i = 0; i < n; i++)
            if (!cuda_find_choice(at, e[i].key))
                cuda_add_choice(at, e[i].key, e[i].best, e[i].ms, false, NULL);
        pthread_mutex_unlock(&at->rt->lock);
    }
    free(e);
    free(text);
    return true;
}

/* fcntl locks belong to the process: this mutex orders its threads' saves. */
static pthread_mutex_t save_lock = PTHREAD_MUTEX_INITIALIZER;

/* Takes the lock of file's read-merge-write, waiting for another process's (a save is a short
 * read and write); the lock file's descriptor, or -1 when it cannot be made (the save then goes
 * unlocked: it is likely to fail to write as well). unlock() gives both back. */
static int lock(const char *file)
{
    pthread_mutex_lock(&save_lock);
    char *path = compile_format("%s.lock", file);
    int fd = path ? open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644) : -1;
    free(path);
    if (fd < 0)
        return -1;
    struct flock l = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    int r;
    while ((r = fcntl(fd, F_SETLKW, &l)) != 0 && errno == EINTR)
        ;
    if (r != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static void unlock(int fd)
{
    if (fd >= 0)
        close(fd); /* gives the fcntl lock back */
    pthread_mutex_unlock(&save_lock);
}

void cuda_autotune_file_save(tc_autotuner *at, tl_site site, const char *key, int best, double ms)
{
    (void)site;
    if (!at->file)
        return;
    char *dir = compile_format("%s", at->file);
    if (!dir)
        return;
    *strrchr(dir, '/') = '\0';
    /* err NULL: a file that cannot be written leaves the choice in memory, no error */
    bool made = compile_make_dirs(dir, NULL);
    free(dir);
    if (!made)
        return;
    /* Merge with what the file holds now (another process may have added keys). */
    int fd = lock(at->file);
    char *text = read_text(at->file);
    entry *e = NULL;
    int n = 0;
    if (!text || !parse(at, text, &e, &n))
        n = 0;
    size_t size = 256 + strlen(key) + 64;
    for (int i = 0; i < n; i++)
        size += strlen(e[i].key) + 64;
    char *out = malloc(size);
    if (out) {
        size_t len = (size_t)snprintf(out, size, TCR_FILE_MAGIC "\nkernel %s\nhash %s\n", at->k->name, at->hash);
        for (int i = 0; i < n; i++)
            if (strcmp(e[i].key, key) != 0)
                len += (size_t)snprintf(out + len, size - len, "%s %d %.6g\n", e[i].key, e[i].best, e[i].ms);
        len += (size_t)snprintf(out + len, size - len, "%s %d %.6g\n", key, best, ms);
        compile_write_file_atomic(at->file, out, len, NULL);
    }
    unlock(fd);
    free(out);
    free(e);
    free(text);
}
