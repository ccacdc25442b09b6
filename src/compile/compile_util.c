/* Strings and files for the compile step: messages, whole-file reads, atomic writes, dirs. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compile/compile_internal.h"
#include "base/error.h"
#include "base/out.h" /* base_vformat */

char *compile_format(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = base_vformat(fmt, ap);
    va_end(ap);
    return s;
}

bool compile_fail(char **err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        char *line = base_error_vline(BASE_ERROR_BARE_SITE, fmt, ap);
        va_end(ap);
        free(*err);
        *err = line;
    }
    return false;
}

unsigned char *compile_read_file(const char *path, size_t *size)
{
    /* Not blocking, and only a regular file: a FIFO where a file should be would block the
     * open, then the read, for ever. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        errno = EINVAL;
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return NULL;
    }
    size_t cap = 4096, n = 0;
    unsigned char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (n + 1 < cap) {
            if (ferror(f)) {
                free(buf);
                buf = NULL;
                errno = EIO;
            }
            break;
        }
        unsigned char *grown = realloc(buf, cap * 2);
        if (!grown) {
            free(buf);
            buf = NULL;
            errno = ENOMEM;
            break;
        }
        buf = grown;
        cap *= 2;
    }
    fclose(f);
    if (buf) {
        buf[n] = 0;
        *size = n;
    }
    return buf;
}

static bool write_all(int fd, const unsigned char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

bool compile_write_file_atomic(const char *path, const void *data, size_t size, char **err)
{
    static atomic_uint counter; /* distinct names for the writes of the threads of one process */
    char *tmp = compile_format("%s.tmp.%ld.%u", path, (long)getpid(), atomic_fetch_add(&counter, 1u));
    if (!tmp)
        return compile_fail(err, "out of memory");
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        compile_fail(err, "cannot create '%s': %s", tmp, strerror(errno));
        free(tmp);
        return false;
    }
    bool ok = write_all(fd, data, size) && fsync(fd) == 0;
    int e = errno;
    ok = close(fd) == 0 && ok;
    if (ok && rename(tmp, path) != 0) {
        e = errno;
        ok = false;
    }
    if (!ok) {
        compile_fail(err, "cannot write '%s': %s", path, strerror(e ? e : EIO));
        unlink(tmp);
    }
    free(tmp);
    return ok;
}

bool compile_make_dirs(const char *path, char **err)
{
    char *p = base_strdup(path);
    if (!p)
        return compile_fail(err, "out of memory");
    bool ok = true;
    for (char *s = p + 1; ok; s++) {
        if (*s != '/' && *s != '\0')
            continue;
        char c = *s;
        *s = '\0';
        if (mkdir(p, 0755) != 0 && errno != EEXIST)
            ok = compile_fail(err, "cannot make directory '%s': %s", p, strerror(errno));
        *s = c;
        if (c == '\0')
            break;
    }
    free(p);
    return ok;
}

char *compile_make_temp_dir(char **err)
{
    const char *base = getenv("TMPDIR");
    char *tmpl = compile_format("%s/tritonc-XXXXXX", base && *base ? base : "/tmp");
    if (!tmpl) {
        compile_fail(err, "out of memory");
        return NULL;
    }
    if (!mkdtemp(tmpl)) {
        compile_fail(err, "cannot make a temporary directory '%s': %s", tmpl, strerror(errno));
        free(tmpl);
        return NULL;
    }
    return tmpl;
}

void compile_remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            char *p = compile_format("%s/%s", dir, e->d_name);
            if (p)
                unlink(p);
            free(p);
        }
        closedir(d);
    }
    rmdir(dir);
}
