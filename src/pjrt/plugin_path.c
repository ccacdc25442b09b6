/* Finding jax's CUDA PJRT plugin in the site-packages folders of the usual Python installs
 * (the order is documented at tp_find_plugin in pjrt.h). */
#define _XOPEN_SOURCE 700 /* POSIX 2008 with realpath */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pjrt/pjrt_internal.h"

/* Below a site-packages folder (glob sorts its matches: xla_cuda13 after xla_cuda12). */
#define PLUGIN_UNDER_SITE "jax_plugins/xla_cuda*/xla_cuda_plugin.so"

/* The last match of pattern that is a readable file, malloc'd, or NULL. */
static char *last_match(const char *pattern)
{
    glob_t g;
    char *found = NULL;
    if (glob(pattern, 0, NULL, &g) == 0) {
        for (size_t i = g.gl_pathc; i-- > 0 && !found;) {
            if (access(g.gl_pathv[i], R_OK) == 0)
                found = strdup(g.gl_pathv[i]);
        }
    }
    globfree(&g);
    return found;
}

/* Looks in the site-packages folders that prefix + site matches (site is a glob pattern such
 * as lib/python3.X/site-packages, X a wildcard); the last match in sorted order wins. */
static char *under(const char *prefix, const char *site)
{
    if (!prefix || !*prefix)
        return NULL;
    size_t n = strlen(prefix) + strlen(site) + strlen(PLUGIN_UNDER_SITE) + 2;
    char *pattern = malloc(n);
    if (!pattern)
        return NULL;
    snprintf(pattern, n, "%s%s/%s", prefix, site, PLUGIN_UNDER_SITE);
    char *found = last_match(pattern);
    free(pattern);
    return found;
}

static bool is_executable_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* The site-packages beside the python3 at exe (exe is folder/python3): folder/../lib/...,
 * then the same beside the file exe links to (a python3 on PATH may be a link into an
 * environment; a virtual environment's own python3 links out of it, hence both). */
static char *beside_python(char *exe, size_t folder_len)
{
    strcpy(exe + folder_len, "/..");
    char *found = under(exe, "/lib/python3.*/site-packages");
    strcpy(exe + folder_len, "/python3");
    char *real = found ? NULL : realpath(exe, NULL);
    char *slash = real ? strrchr(real, '/') : NULL;
    if (slash) {
        *slash = '\0';
        found = under(real, "/../lib/python3.*/site-packages");
    }
    free(real);
    return found;
}

/* For each folder of $PATH holding a python3: the site-packages beside it. */
static char *from_path(void)
{
    const char *path = getenv("PATH");
    if (!path)
        return NULL;
    char *found = NULL;
    const char *p = path;
    while (!found && *p) {
        size_t len = strcspn(p, ":");
        char *exe = malloc(len + sizeof "/python3");
        if (!exe)
            return NULL;
        memcpy(exe, p, len);
        strcpy(exe + len, "/python3");
        if (len && is_executable_file(exe))
            found = beside_python(exe, len);
        free(exe);
        p += len;
        if (*p == ':')
            p++;
    }
    return found;
}

char *tp_find_plugin(void)
{
    char *found = under(getenv("VIRTUAL_ENV"), "/lib/python3.*/site-packages");
    if (!found)
        found = from_path();
    if (!found)
        found = under(getenv("HOME"), "/.local/lib/python3.*/site-packages");
    if (!found)
        found = under("/usr/local", "/lib/python3.*/site-packages");
    if (!found)
        found = under("/usr/local", "/lib/python3.*/dist-packages");
    if (!found)
        found = under("/usr", "/lib/python3/dist-packages");
    return found;
}
