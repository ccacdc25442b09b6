/* What `tritonc compile -o DIR` writes and `tritonc embed` reads: NAME.cubin, NAME.ptx,
 * NAME.meta (compile_meta_format's lines) and NAME.ttir. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "compile/compile_internal.h"

static bool save_one(const char *dir, const char *name, const char *ext, const void *data, size_t size, char **err)
{
    char *path = compile_format("%s/%s.%s", dir, name, ext);
    if (!path)
        return compile_fail(err, "out of memory");
    bool ok = compile_write_file_atomic(path, data, size, err);
    free(path);
    return ok;
}

bool tc_variant_save(const tc_variant *v, const char *ttir, const char *dir, char **err)
{
    if (err)
        *err = NULL;
    if (!v || !v->kernel || !dir)
        return compile_fail(err, "tc_variant_save: NULL variant, kernel name or directory");
    if (!compile_make_dirs(dir, err))
        return false;
    char *meta = compile_meta_format(v);
    if (!meta)
        return compile_fail(err, "out of memory");
    bool ok = (!v->cubin || save_one(dir, v->kernel, "cubin", v->cubin, v->cubin_size, err)) &&
        (!v->ptx || save_one(dir, v->kernel, "ptx", v->ptx, strlen(v->ptx), err)) &&
        (!ttir || save_one(dir, v->kernel, "ttir", ttir, strlen(ttir), err)) &&
        save_one(dir, v->kernel, "meta", meta, strlen(meta), err); /* last: the others are whole by then */
    free(meta);
    return ok;
}

tc_variant *tc_variant_load(const char *dir, const char *name, char **err)
{
    if (err)
        *err = NULL;
    if (!dir || !name) {
        compile_fail(err, "tc_variant_load: NULL directory or name");
        return NULL;
    }
    char *meta_path = compile_format("%s/%s.meta", dir, name);
    char *cubin_path = compile_format("%s/%s.cubin", dir, name);
    char *ptx_path = compile_format("%s/%s.ptx", dir, name);
    tc_variant *v = calloc(1, sizeof *v);
    bool ok = meta_path && cubin_path && ptx_path && v;
    if (!ok)
        compile_fail(err, "out of memory");
    size_t n = 0;
    char *meta = ok ? (char *)compile_read_file(meta_path, &n) : NULL;
    if (ok && !meta)
        ok = compile_fail(err, "cannot read '%s': %s", meta_path, strerror(errno));
    char *why = NULL;
    if (ok && !compile_meta_parse(meta, v, &why))
        ok = compile_fail(err, "'%s': %s", meta_path, why ? why : "out of memory");
    if (ok) {
        v->cubin = compile_read_file(cubin_path, &v->cubin_size);
        v->ptx = (char *)compile_read_file(ptx_path, &n);
        if (!v->cubin && !v->ptx)
            ok = compile_fail(err, "neither '%s' nor '%s' can be read", cubin_path, ptx_path);
    }
    free(why);
    free(meta);
    free(meta_path);
    free(cubin_path);
    free(ptx_path);
    if (!ok) {
        tc_variant_free(v);
        return NULL;
    }
    return v;
}
