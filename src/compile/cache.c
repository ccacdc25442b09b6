/* The disk cache of compiled variants (docs/compile.md, "The cache").
 *
 *   DIR/v1/<16 hex digits: FNV-1a of TTIR and options>/entry
 *
 * One file per entry, written to a temporary file beside it, fsync'd and renamed over it: a
 * reader sees no entry or a whole one, whatever number of processes write the same key at
 * once (they write the same bytes; the last rename wins). The file:
 *
 *   tritonc-cache 1
 *   <metadata lines, "end">
 *   ttir <n>\n<n bytes>\n   options <n>\n...   cubin <n>\n...   ptx <n>\n...
 *   checksum <16 hex digits: FNV-1a of every byte before this line>
 *
 * A hit needs the checksum right and the stored TTIR and options equal to the key's (so that
 * a hash collision costs a rebuild, never a wrong kernel). Anything else (truncated, a bad
 * checksum) is corrupt: a miss, rebuilt and replaced by the next put. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile/compile_internal.h"
#include "base/hash.h"
#include "base/out.h"

#define MAGIC "tritonc-cache 1\n"

char *compile_cache_dir(const tc_compile_env *env, char **err)
{
    if (env && env->cache_dir && *env->cache_dir)
        return base_strdup(env->cache_dir);
    const char *d = getenv("TRITONC_CACHE_DIR");
    if (d && *d)
        return base_strdup(d);
    d = getenv("XDG_CACHE_HOME");
    if (d && *d)
        return compile_format("%s/tritonc", d);
    d = getenv("HOME");
    if (d && *d)
        return compile_format("%s/.cache/tritonc", d);
    compile_fail(err, "no cache directory: set TRITONC_CACHE_DIR (or XDG_CACHE_HOME or HOME)");
    return NULL;
}

static char *entry_path(const char *dir, const compile_cache_key *key, bool key_dir_only)
{
    uint64_t h = compile_hash_str(compile_hash_str(TL_FNV1A64_INIT, key->ttir), key->options);
    char hex[17];
    compile_hash_hex(h, hex);
    return compile_format("%s/v1/%s%s", dir, hex, key_dir_only ? "" : "/entry");
}

/* ---- reading ---------------------------------------------------------------------------- */

typedef struct reader {
    const unsigned char *p, *end;
} reader;

/* "<label> <n>\n<n bytes>\n": points *data at the bytes. */
static bool read_blob(reader *r, const char *label, const unsigned char **data, size_t *size)
{
    size_t ll = strlen(label);
    if ((size_t)(r->end - r->p) < ll + 2 || memcmp(r->p, label, ll) != 0 || r->p[ll] != ' ')
        return false;
    const unsigned char *q = r->p + ll + 1;
    size_t n = 0;
    int digits = 0;
    for (; q < r->end && *q >= '0' && *q <= '9' && digits < 12; q++, digits++)
        n = n * 10 + (size_t)(*q - '0');
    if (!digits || q >= r->end || *q != '\n' || (size_t)(r->end - q - 1) < n + 1 || q[1 + n] != '\n')
        return false;
    *data = q + 1;
    *size = n;
    r->p = q + 1 + n + 1;
    return true;
}

static bool blob_is(const unsigned char *data, size_t size, const char *text)
{
    return strlen(text) == size && memcmp(data, text, size) == 0;
}

static void *copy_bytes(const unsigned char *data, size_t size)
{
    unsigned char *c = malloc(size + 1);
    if (c) {
        memcpy(c, data, size);
        c[size] = 0;
    }
    return c;
}

/* The entry's variant, or NULL when the bytes are not a whole entry for key (*mismatch set
 * when they are a whole entry, only of another key or version). */
static tc_variant *parse_entry(const unsigned char *buf, size_t size, const compile_cache_key *key, const char *version,
                               bool *mismatch)
{
    *mismatch = false;
    static const char tail[] = "checksum 0123456789abcdef\n";
    size_t tl = sizeof tail - 1;
    if (size < strlen(MAGIC) + tl || memcmp(buf, MAGIC, strlen(MAGIC)) != 0 ||
        memcmp(buf + size - tl, "checksum ", 9) != 0 || buf[size - 1] != '\n')
        return NULL;
    char want[17], got[17];
    compile_hash_hex(base_fnv1a64(TL_FNV1A64_INIT, buf, size - tl), want);
    memcpy(got, buf + size - tl + 9, 16);
    got[16] = '\0';
    if (strcmp(want, got) != 0)
        return NULL;
    const char *meta = (const char *)buf + strlen(MAGIC);
    const char *meta_end = strstr(meta, "\nend\n");
    if (!meta_end)
        return NULL;
    reader r = {(const unsigned char *)meta_end + 5, buf + size - tl};
    const unsigned char *ttir, *opts, *cubin, *ptx;
    size_t ttir_n, opts_n, cubin_n, ptx_n;
    if (!read_blob(&r, "ttir", &ttir, &ttir_n) || !read_blob(&r, "options", &opts, &opts_n) ||
        !read_blob(&r, "cubin", &cubin, &cubin_n) || !read_blob(&r, "ptx", &ptx, &ptx_n) || r.p != r.end)
        return NULL;
    tc_variant *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    if (!compile_meta_parse(meta, v, NULL)) {
        tc_variant_free(v);
        return NULL;
    }
    if (!blob_is(ttir, ttir_n, key->ttir) || !blob_is(opts, opts_n, key->options) ||
        (version && (!v->triton_version || strcmp(v->triton_version, version) != 0))) {
        *mismatch = true;
        tc_variant_free(v);
        return NULL;
    }
    if (cubin_n) {
        v->cubin = copy_bytes(cubin, cubin_n);
        v->cubin_size = cubin_n;
    }
    v->ptx = ptx_n ? copy_bytes(ptx, ptx_n) : NULL;
    if ((cubin_n && !v->cubin) || (ptx_n && !v->ptx)) {
        tc_variant_free(v);
        return NULL;
    }
    return v;
}

tc_variant *compile_cache_get(const char *dir, const compile_cache_key *key, const char *version, const char **bad)
{
    *bad = NULL;
    char *path = entry_path(dir, key, false);
    if (!path)
        return NULL;
    size_t size = 0;
    unsigned char *buf = compile_read_file(path, &size);
    tc_variant *v = NULL;
    if (buf) {
        bool mismatch;
        v = parse_entry(buf, size, key, version, &mismatch);
        if (!v && !mismatch) /* left in place: the next put renames a whole one over it */
            *bad = "corrupt";
        free(buf);
    } else if (errno == EINVAL) {
        *bad = "not a regular file"; /* a FIFO, a device...: never read; the next put replaces it */
    }
    free(path);
    return v;
}

/* ---- writing ---------------------------------------------------------------------------- */

static void put_blob(base_out *g, const char *label, const void *data, size_t n)
{
    base_out_printf(g, "%s %zu\n", label, n);
    if (n)
        base_out_put(g, data, n);
    base_out_putc(g, '\n');
}

bool compile_cache_put(const char *dir, const compile_cache_key *key, const char *version, const tc_variant *v,
                       char **err)
{
    (void)version; /* recorded as the variant's triton_version */
    char *meta = compile_meta_format(v);
    char *key_dir = entry_path(dir, key, true);
    char *path = entry_path(dir, key, false);
    base_out g = {0};
    bool ok = meta && key_dir && path;
    if (ok) {
        base_out_puts(&g, MAGIC);
        base_out_puts(&g, meta);
        put_blob(&g, "ttir", key->ttir, strlen(key->ttir));
        put_blob(&g, "options", key->options, strlen(key->options));
        put_blob(&g, "cubin", v->cubin, v->cubin ? v->cubin_size : 0);
        put_blob(&g, "ptx", v->ptx, v->ptx ? strlen(v->ptx) : 0);
        char hex[17];
        compile_hash_hex(base_fnv1a64(TL_FNV1A64_INIT, g.buf, g.oom ? 0 : g.len), hex);
        base_out_printf(&g, "checksum %s\n", hex);
        ok = !g.oom;
    }
    if (!ok)
        compile_fail(err, "out of memory");
    else
        ok = compile_make_dirs(key_dir, err) && compile_write_file_atomic(path, g.buf, g.len, err);
    free(g.buf);
    free(meta);
    free(key_dir);
    free(path);
    return ok;
}
