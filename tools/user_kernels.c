/* The user's kernels, compiled and loaded (see user_kernels.h). */
#define _GNU_SOURCE /* dlinfo, struct link_map */
#include "user_kernels.h"

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

enum { MAX_WORDS = 24 };

/* ---- what the file is, what compiles it ----------------------------------------------------- */

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n > t && strcmp(s + n - t, tail) == 0;
}

typedef enum { FILE_UNKNOWN, FILE_C, FILE_CXX, FILE_LIBRARY } file_kind;

static file_kind kind_of(const char *file)
{
    if (ends_with(file, ".c"))
        return FILE_C;
    if (ends_with(file, ".cc") || ends_with(file, ".cpp") || ends_with(file, ".cxx") || ends_with(file, ".C"))
        return FILE_CXX;
    if (ends_with(file, ".so") || strstr(file, ".so."))
        return FILE_LIBRARY;
    return FILE_UNKNOWN;
}

/* The directory of tritonc's headers: the source tree's for the binary of a build tree, else
 * the include directory of the installation the binary belongs to (BINDIR/../include). */
static char *include_dir(void)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return strdup(TRITONC_SOURCE_INCLUDE_DIR);
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash)
        *slash = '\0';
    char *build = realpath(TRITONC_BUILD_DIR, NULL), *here = realpath(exe, NULL);
    bool in_build = build && here && strcmp(build, here) == 0;
    free(build);
    free(here);
    if (in_build)
        return strdup(TRITONC_SOURCE_INCLUDE_DIR);
    size_t len = strlen(exe) + sizeof "/../include";
    char *dir = malloc(len);
    if (dir)
        snprintf(dir, len, "%s/../include", exe);
    return dir;
}

/* argv of the compiler: $CC or cc for C, $CXX or c++ for C++ (split at spaces: "ccache gcc"),
 * then the flags every step uses. words is the copy argv points into. */
static int compiler_argv(file_kind kind, const char *inc, char *words, size_t wsize, char **argv)
{
    const char *env = getenv(kind == FILE_CXX ? "CXX" : "CC");
    snprintf(words, wsize, "%s", env && *env ? env : kind == FILE_CXX ? "c++" : "cc");
    int argc = 0;
    for (char *w = strtok(words, " \t"); w && argc < MAX_WORDS - 12; w = strtok(NULL, " \t"))
        argv[argc++] = w;
    if (kind == FILE_CXX)
        argv[argc++] = "-std=c++20"; /* TL_KERNEL's designated initializers */
    argv[argc++] = "-I";
    argv[argc++] = (char *)inc;
    return argc;
}

/* ---- running the compiler ------------------------------------------------------------------- */

/* Runs argv with standard output and error into errfile; the wait status, or -1. */
static int run(char **argv, const char *errfile)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        FILE *f = fopen(errfile, "w");
        if (f) {
            dup2(fileno(f), 1);
            dup2(fileno(f), 2);
        }
        execvp(argv[0], argv);
        fprintf(stderr, "cannot run '%s': %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return status;
}

/* The compiler's message worth one line: its first error in the user's file ("FILE:9:5: error:
 * ..."), else its first line saying "error" (in a header the file includes), else its first line. */
static void first_error(const char *errfile, const char *file, char *line, size_t size)
{
    FILE *f = fopen(errfile, "r");
    char buf[1024];
    int rank = 0; /* of what line holds: 1 any line, 2 an error, 3 an error in file */
    line[0] = '\0';
    while (f && rank < 3 && fgets(buf, sizeof buf, f)) {
        buf[strcspn(buf, "\r\n")] = '\0';
        bool error = strstr(buf, "error") != NULL;
        int r = error && !strncmp(buf, file, strlen(file)) ? 3 : error ? 2 : buf[0] ? 1 : 0;
        if (r > rank) {
            snprintf(line, size, "%s", buf);
            rank = r;
        }
    }
    if (f)
        fclose(f);
}

/* "exit status 1", "killed by signal 9" */
static void describe_status(int status, char *text, size_t size)
{
    if (status < 0)
        snprintf(text, size, "cannot start it: %s", strerror(errno));
    else if (WIFSIGNALED(status))
        snprintf(text, size, "killed by signal %d", WTERMSIG(status));
    else
        snprintf(text, size, "exit status %d", WEXITSTATUS(status));
}

/* Runs the compiler; CLI_OK, else CLI_FAIL after "cannot compile 'FILE' (cc, exit status 1): ...". */
static int compile_step(char **argv, const char *file, const char *errfile)
{
    int status = run(argv, errfile);
    if (status == 0) {
        remove(errfile);
        return CLI_OK;
    }
    char line[1024], how[64];
    first_error(errfile, file, line, sizeof line);
    describe_status(status, how, sizeof how);
    remove(errfile);
    return cli_fail(NULL, "cannot compile '%s' (%s, %s): %s", file, argv[0], how, line[0] ? line : "(no output)");
}

/* ---- the cache -------------------------------------------------------------------------------- */

static void fnv(uint64_t *h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        *h = (*h ^ p[i]) * 1099511628211ULL;
}

/* mkdir -p; false with errno. */
static bool make_dirs(char *path)
{
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        bool ok = mkdir(path, 0755) == 0 || errno == EEXIST;
        *p = c;
        if (!ok)
            return false;
        if (c == '\0')
            return true;
    }
}

/* cache_dir, else $TRITONC_CACHE_DIR, else $XDG_CACHE_HOME/tritonc, else $HOME/.cache/tritonc
 * (tc_compile's), then /from. */
static bool from_dir(const char *cache_dir, char *dir, size_t size)
{
    const char *env = getenv("TRITONC_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (cache_dir && *cache_dir)
        snprintf(dir, size, "%s/from", cache_dir);
    else if (env && *env)
        snprintf(dir, size, "%s/from", env);
    else if (xdg && *xdg)
        snprintf(dir, size, "%s/tritonc/from", xdg);
    else if (home && *home)
        snprintf(dir, size, "%s/.cache/tritonc/from", home);
    else
        return false;
    return true;
}

/* The library of a C or C++ file: compiled into dir, named by a hash of the compiler, its flags,
 * what it reads (the preprocessed source: the file and every header it includes) and tritonc's
 * version; compiled only when the cache lacks it. CLI_OK with the path in lib. */
static int build_library(const char *file, file_kind kind, const char *dir, char *lib, size_t size)
{
    char *inc = include_dir(), words[512], *argv[MAX_WORDS];
    if (!inc)
        return cli_fail(NULL, "out of memory");
    int argc = compiler_argv(kind, inc, words, sizeof words, argv);
    char pre[4200], err[4200];
    snprintf(pre, sizeof pre, "%s/tmp-%ld.i", dir, (long)getpid());
    snprintf(err, sizeof err, "%s/tmp-%ld.err", dir, (long)getpid());
    argv[argc] = "-E";
    argv[argc + 1] = (char *)file;
    argv[argc + 2] = "-o";
    argv[argc + 3] = pre;
    argv[argc + 4] = NULL;
    int rc = compile_step(argv, file, err);
    uint64_t h = 14695981039346656037ULL;
    FILE *f = rc == CLI_OK ? fopen(pre, "rb") : NULL;
    if (rc == CLI_OK && !f)
        rc = cli_fail(NULL, "cannot read the preprocessed '%s': %s", pre, strerror(errno));
    char buf[8192];
    for (size_t n; f && (n = fread(buf, 1, sizeof buf, f)) > 0;)
        fnv(&h, buf, n);
    if (f)
        fclose(f);
    remove(pre);
    for (int i = 0; i < argc; i++)
        fnv(&h, argv[i], strlen(argv[i]) + 1);
    fnv(&h, TRITONC_VERSION, sizeof TRITONC_VERSION);
    const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
    snprintf(lib, size, "%s/%.*s-%016llx.so", dir, (int)strcspn(base, "."), base, (unsigned long long)h);
    if (rc == CLI_OK && access(lib, R_OK) != 0) {
        char tmp[4300];
        snprintf(tmp, sizeof tmp, "%s.tmp-%ld", lib, (long)getpid());
        char *const build[] = {"-shared", "-fPIC", (char *)file, "-o", tmp, NULL};
        memcpy(argv + argc, build, sizeof build);
        rc = compile_step(argv, file, err);
        if (rc == CLI_OK && rename(tmp, lib) != 0)
            rc = cli_fail(NULL, "cannot write '%s': %s", lib, strerror(errno));
        remove(tmp);
    }
    free(inc);
    return rc;
}

/* ---- loading, and the kernels' section ----------------------------------------------------- */

/* Reads the section header named TL_KERNEL_SECTION of the ELF file path into *addr and *size
 * (0 when there is none). */
static bool kernel_section(const char *path, uint64_t *addr, uint64_t *size)
{
    *addr = *size = 0;
    FILE *f = fopen(path, "rb");
    Elf64_Ehdr eh;
    bool ok = f && fread(&eh, sizeof eh, 1, f) == 1 && memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0 &&
        eh.e_ident[EI_CLASS] == ELFCLASS64 && eh.e_shentsize == sizeof(Elf64_Shdr) && eh.e_shstrndx < eh.e_shnum;
    Elf64_Shdr *sh = ok ? calloc(eh.e_shnum, sizeof *sh) : NULL;
    ok = sh && fseek(f, (long)eh.e_shoff, SEEK_SET) == 0 && fread(sh, sizeof *sh, eh.e_shnum, f) == eh.e_shnum;
    char *names = ok ? calloc(1, sh[eh.e_shstrndx].sh_size + 1) : NULL;
    ok = names && fseek(f, (long)sh[eh.e_shstrndx].sh_offset, SEEK_SET) == 0 &&
        fread(names, 1, sh[eh.e_shstrndx].sh_size, f) == sh[eh.e_shstrndx].sh_size;
    for (int i = 0; ok && i < eh.e_shnum; i++) {
        if (sh[i].sh_name < sh[eh.e_shstrndx].sh_size && strcmp(names + sh[i].sh_name, TL_KERNEL_SECTION) == 0) {
            *addr = sh[i].sh_addr;
            *size = sh[i].sh_size;
        }
    }
    free(names);
    free(sh);
    if (f)
        fclose(f);
    return ok;
}

int user_kernels_load(const char *file, const char *cache_dir, user_kernels *out)
{
    memset(out, 0, sizeof *out);
    out->file = file;
    struct stat st;
    if (stat(file, &st) != 0)
        return cli_usage(NULL, "--from '%s': %s", file, strerror(errno));
    file_kind kind = kind_of(file);
    if (kind == FILE_UNKNOWN)
        return cli_usage(NULL,
                         "--from '%s': expected a C source (.c), a C++ source (.cc, .cpp, .cxx) or a shared "
                         "library (.so) holding TL_KERNELs",
                         file);
    char lib[4200], dir[4096];
    snprintf(lib, sizeof lib, "%s%s", strchr(file, '/') ? "" : "./", file); /* dlopen searches a bare name */
    if (kind != FILE_LIBRARY) {
        if (!from_dir(cache_dir, dir, sizeof dir))
            return cli_fail(NULL, "no cache directory for '%s': set TRITONC_CACHE_DIR or HOME", file);
        if (!make_dirs(dir))
            return cli_fail(NULL, "cannot make the cache directory '%s': %s", dir, strerror(errno));
        int rc = build_library(file, kind, dir, lib, sizeof lib);
        if (rc != CLI_OK)
            return rc;
    }
    void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return cli_fail(NULL, "cannot load '%s': %s", file, dlerror());
    struct link_map *map = NULL;
    uint64_t addr, size;
    if (dlinfo(h, RTLD_DI_LINKMAP, &map) != 0 || !map || !kernel_section(lib, &addr, &size))
        return cli_fail(NULL, "cannot read the sections of '%s'", file);
    const tl_kernel *const *entries = (const tl_kernel *const *)(uintptr_t)(map->l_addr + addr);
    out->n = (int)(size / sizeof *entries);
    out->kernels = calloc(out->n ? (size_t)out->n : 1, sizeof *out->kernels);
    if (!out->kernels)
        return cli_fail(NULL, "out of memory");
    for (int i = 0; i < out->n; i++)
        out->kernels[i] = entries[i];
    if (out->n == 0)
        return cli_usage(NULL,
                         "no TL_KERNEL in '%s' (a kernel is found by the TL_KERNEL that defines it, built "
                         "against tritonc's headers)",
                         file);
    return CLI_OK;
}

const tl_kernel *user_kernels_find(const user_kernels *u, const char *name)
{
    for (int i = 0; i < u->n; i++)
        if (u->kernels[i]->name && strcmp(u->kernels[i]->name, name) == 0)
            return u->kernels[i];
    return NULL;
}
